//! Atomic instructions (spec 3.37.18): the result is an integer (or, for load/store/exchange
//! and the float extensions, a float) scalar; Value and Comparator have the Result Type; a typed
//! Pointer points to the Result Type (an untyped pointer, SPV_KHR_untyped_pointers, takes the
//! interpreted type from the Result Type or Value); Scope and Semantics are 32-bit integers.

use super::Sink;
use crate::state::Inst;
use crate::typeinfo as ti;
use spirvkit_grammar::Op;

/// Storage classes atomics may access under the universal rules.
fn universally_atomic(sc: u32) -> bool {
    use spirvkit_grammar::StorageClass as S;
    [
        S::Uniform,
        S::StorageBuffer,
        S::Workgroup,
        S::CrossWorkgroup,
        S::Generic,
        S::AtomicCounter,
        S::Image,
        S::Function,
        S::PhysicalStorageBuffer,
        S::TaskPayloadWorkgroupEXT,
    ]
    .iter()
    .any(|c| c.0 == sc)
}

/// Word positions of (Pointer, Scope, Semantics, Value...) for an atomic opcode.
fn layout(op: Op) -> Option<(usize, &'static [usize])> {
    // Word 3 is Pointer for every atomic with a result; values follow Scope and Semantics.
    Some(match op {
        Op::AtomicLoad | Op::AtomicIIncrement | Op::AtomicIDecrement => (3, &[]),
        Op::AtomicExchange
        | Op::AtomicIAdd
        | Op::AtomicISub
        | Op::AtomicSMin
        | Op::AtomicUMin
        | Op::AtomicSMax
        | Op::AtomicUMax
        | Op::AtomicAnd
        | Op::AtomicOr
        | Op::AtomicXor
        | Op::AtomicFAddEXT
        | Op::AtomicFMinEXT
        | Op::AtomicFMaxEXT => (3, &[6]),
        // Pointer, Scope, Equal, Unequal, Value, Comparator.
        Op::AtomicCompareExchange | Op::AtomicCompareExchangeWeak => (3, &[7, 8]),
        _ => return None,
    })
}

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let op = inst.op();
    if op == Op::AtomicStore {
        store(s, index, inst);
        return true;
    }
    let Some((pointer_word, values)) = layout(op) else {
        return false;
    };
    let st = s.st;
    let opname = &ti::op_name(op)[2..];
    let rt = inst.result_type;
    let float_ok = matches!(
        op,
        Op::AtomicLoad
            | Op::AtomicExchange
            | Op::AtomicFAddEXT
            | Op::AtomicFMinEXT
            | Op::AtomicFMaxEXT
    );
    let int_ok = !matches!(
        op,
        Op::AtomicFAddEXT | Op::AtomicFMinEXT | Op::AtomicFMaxEXT
    );
    let scalar_ok = (int_ok && ti::is_int(st, rt)) || (float_ok && ti::is_float(st, rt));
    // Vector results exist through extensions (e.g. 16-bit float vectors); judge core only.
    if !scalar_ok {
        if matches!(
            ti::type_op(st, rt),
            Some(Op::TypeInt | Op::TypeFloat | Op::TypeBool)
        ) {
            s.err(
                "atomic.result_type",
                index,
                format!(
                    "{opname}: expected Result Type to be {} scalar type",
                    if float_ok && int_ok {
                        "int or float"
                    } else if float_ok {
                        "float"
                    } else {
                        "int"
                    }
                ),
                &[rt],
            );
        }
        return true;
    }
    let pointer = st.word(inst, pointer_word);
    if st.def(pointer).is_some() {
        let pt = ti::type_of(st, pointer);
        if !ti::is_pointer(st, pt) {
            s.err(
                "atomic.pointer",
                index,
                format!("{opname}: expected Pointer to be a pointer type"),
                &[pointer],
            );
        } else if !ti::storage_class(st, pt).is_some_and(universally_atomic) {
            s.err(
                "atomic.storage_class",
                index,
                format!("{opname}: storage class forbidden by universal validation rules."),
                &[pointer],
            );
        } else if st.has_capability(spirvkit_grammar::Capability::Shader)
            && ti::storage_class(st, pt) == Some(spirvkit_grammar::StorageClass::Function.0)
        {
            s.err(
                "atomic.storage_class",
                index,
                format!("{opname}: Function storage class forbidden when the Shader capability is declared."),
                &[pointer],
            );
        } else if ti::pointee(st, pt).is_some_and(|p| p != rt) {
            s.err(
                "atomic.pointer",
                index,
                format!("{opname}: expected Pointer to point to a value of type Result Type"),
                &[pointer],
            );
        }
    }
    check_scope_semantics(s, index, inst, opname, pointer_word);
    for &w in values {
        let v = st.word(inst, w);
        if st.def(v).is_some() && ti::type_of(st, v) != rt {
            s.err(
                "atomic.value",
                index,
                format!("{opname}: expected Value type and Result Type to be the same"),
                &[v],
            );
        }
    }
    true
}

/// Scope and Semantics ids (after Pointer): 32-bit integers, constant scopes in shaders, at
/// most one memory-order bit (CompareExchange has two semantics).
fn check_scope_semantics(
    s: &mut Sink<'_, '_>,
    index: u32,
    inst: &Inst,
    opname: &str,
    pointer_word: usize,
) {
    let st = s.st;
    super::barriers::check_scope(s, index, inst, opname, pointer_word + 1);
    super::barriers::check_memory_scope(s, index, inst, opname, pointer_word + 1);
    let compare = matches!(
        inst.op(),
        Op::AtomicCompareExchange | Op::AtomicCompareExchangeWeak
    );
    let semantics = if compare { 2 } else { 1 };
    for k in 0..semantics {
        let w = pointer_word + 2 + k;
        let v = st.word(inst, w);
        if st.def(v).is_none() {
            continue;
        }
        let t = ti::type_of(st, v);
        if !ti::is_int(st, t) || ti::component_width(st, t) != Some(32) {
            s.err(
                "atomic.scope_semantics",
                index,
                format!("{opname}: expected Memory Semantics to be a 32-bit int"),
                &[v],
            );
        } else {
            super::semantics::check(s, index, inst, opname, w, pointer_word + 1);
        }
    }
}

fn store(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let pointer = st.word(inst, 1);
    let value = st.word(inst, 4);
    if st.def(pointer).is_none() || st.def(value).is_none() {
        return;
    }
    let pt = ti::type_of(st, pointer);
    if !ti::is_pointer(st, pt) {
        s.err(
            "atomic.pointer",
            index,
            "AtomicStore: expected Pointer to be a pointer type",
            &[pointer],
        );
        return;
    }
    if !ti::storage_class(st, pt).is_some_and(universally_atomic) {
        s.err(
            "atomic.storage_class",
            index,
            "AtomicStore: storage class forbidden by universal validation rules.",
            &[pointer],
        );
    }
    let vt = ti::type_of(st, value);
    if let Some(p) = ti::pointee(st, pt) {
        if matches!(
            ti::type_op(st, p),
            Some(Op::TypeInt | Op::TypeFloat | Op::TypeBool | Op::TypeVector | Op::TypeStruct)
        ) && p != vt
        {
            s.err(
                "atomic.value",
                index,
                "AtomicStore: expected Value type and the type pointed to by Pointer to be the same",
                &[value],
            );
        }
    }
    check_scope_semantics(s, index, inst, "AtomicStore", 1);
}
