//! Conversion instructions (spec 3.37.11): numeric conversions (component counts and kinds),
//! OpBitcast (sizes, pointer/integer rules; untyped pointers), OpConvertPtrToU/OpConvertUToPtr
//! and the Generic casts (typed or untyped pointer types, storage classes, same pointee).

use super::Sink;
use crate::state::Inst;
use crate::typeinfo as ti;
use spirvkit_grammar::{Op, StorageClass};

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    match inst.op() {
        Op::ConvertFToU | Op::ConvertFToS => numeric(s, index, inst, Kind::Int, Kind::Float),
        Op::ConvertSToF | Op::ConvertUToF => numeric(s, index, inst, Kind::Float, Kind::Int),
        Op::UConvert | Op::SConvert => numeric(s, index, inst, Kind::Int, Kind::Int),
        Op::FConvert => numeric(s, index, inst, Kind::Float, Kind::Float),
        Op::Bitcast => bitcast(s, index, inst),
        Op::PtrCastToGeneric | Op::GenericCastToPtr | Op::GenericCastToPtrExplicit => {
            generic_cast(s, index, inst)
        }
        Op::ConvertPtrToU => ptr_to_u(s, index, inst),
        Op::ConvertUToPtr => u_to_ptr(s, index, inst),
        Op::QuantizeToF16 => quantize(s, index, inst),
        _ => return false,
    }
    true
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    Float,
}

fn is_kind(s: &Sink<'_, '_>, ty: u32, k: Kind) -> bool {
    match k {
        Kind::Int => ti::is_int_scalar_or_vector(s.st, ty),
        Kind::Float => ti::is_float_scalar_or_vector(s.st, ty),
    }
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Int => "int",
        Kind::Float => "float",
    }
}

/// OpQuantizeToF16: a 32-bit float scalar or vector, of the input's type.
fn quantize(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let value = st.word(inst, 3);
    if st.def(value).is_none() || ti::type_inst(st, rt).is_none() {
        return;
    }
    if !(ti::is_float_scalar_or_vector(st, rt) && ti::component_width(st, rt) == Some(32)) {
        s.err(
            "conversion.result_type",
            index,
            "Expected 32-bit float scalar or vector type as Result Type: QuantizeToF16",
            &[rt],
        );
    } else if ti::type_of(st, value) != rt {
        s.err(
            "conversion.operand_type",
            index,
            "Expected input type to be equal to Result Type: QuantizeToF16",
            &[value],
        );
    }
}

fn numeric(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, result: Kind, input: Kind) {
    let st = s.st;
    let opname = ti::op_name(inst.op());
    let rt = inst.result_type;
    let value = st.word(inst, 3);
    if st.def(value).is_none() || ti::type_inst(st, rt).is_none() {
        return;
    }
    // Cooperative matrices and other extension types convert too; only core types are checked
    // (any core type that is not a numeric scalar or vector is a wrong Result Type).
    let core_type = |t: u32| ti::type_op(st, t).is_some_and(crate::state::is_core);
    if !core_type(rt) || !core_type(ti::scalar_of(st, rt)) {
        return;
    }
    let vt = ti::type_of(st, value);
    if !is_kind(s, rt, result) {
        s.err(
            "conversion.result_type",
            index,
            format!(
                "Expected {} scalar or vector type as Result Type: {opname}",
                kind_name(result)
            ),
            &[rt],
        );
        return;
    }
    if ti::component_count(st, vt).is_none() {
        if ti::type_inst(st, vt).is_some_and(|d| crate::state::is_core(d.op())) {
            s.err(
                "conversion.input",
                index,
                format!(
                    "Expected input to be {} scalar or vector: {opname}",
                    kind_name(input)
                ),
                &[value],
            );
        }
        return;
    }
    if !is_kind(s, vt, input) {
        s.err(
            "conversion.input",
            index,
            format!(
                "Expected input to be {} scalar or vector: {opname}",
                kind_name(input)
            ),
            &[value],
        );
        return;
    }
    if ti::component_count(st, rt) != ti::component_count(st, vt) {
        s.err(
            "conversion.components",
            index,
            format!("Expected input to have the same dimension as Result Type: {opname}"),
            &[value],
        );
    }
    if result == input && ti::component_width(st, rt) == ti::component_width(st, vt) {
        // FConvert between different float encodings of the same width is allowed.
        let same_encoding =
            ti::scalar_of(st, rt) == ti::scalar_of(st, vt) || (inst.op() != Op::FConvert);
        if same_encoding {
            s.err(
                "conversion.width",
                index,
                format!("Expected input to have different bit width from Result Type: {opname}"),
                &[value],
            );
        }
    }
}

fn bitcast(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let value = st.word(inst, 3);
    if st.def(value).is_none() || ti::type_inst(st, rt).is_none() {
        return;
    }
    let vt = ti::type_of(st, value);
    let numeric =
        |t: u32| ti::component_count(st, t).is_some() && !ti::is_bool_scalar_or_vector(st, t);
    let (r_ptr, v_ptr) = (ti::is_pointer(st, rt), ti::is_pointer(st, vt));
    // Only core operand kinds are judged (cooperative matrices etc. have their own rules).
    let core = |t: u32| {
        r_ptr
            || ti::type_inst(st, t).is_some_and(|d| {
                matches!(
                    d.op(),
                    Op::TypeInt
                        | Op::TypeFloat
                        | Op::TypeVector
                        | Op::TypeBool
                        | Op::TypeStruct
                        | Op::TypeArray
                        | Op::TypeMatrix
                )
            })
    };
    if !core(rt) || !(v_ptr || core(vt)) {
        return;
    }
    if !r_ptr && !numeric(rt) {
        s.err(
            "conversion.bitcast",
            index,
            "Expected Result Type to be a pointer or int or float vector or scalar type: Bitcast",
            &[rt],
        );
        return;
    }
    if !v_ptr && !numeric(vt) {
        s.err(
            "conversion.bitcast",
            index,
            "Expected input to be a pointer or int or float vector or scalar: Bitcast",
            &[value],
        );
        return;
    }
    // Since 1.5 (or with SPV_KHR_physical_storage_buffer) an integer vector with 32-bit
    // components may stand for a pointer too.
    let vectors_ok =
        st.version >= 0x0001_0500 || st.extensions.contains("SPV_KHR_physical_storage_buffer");
    let int_ok = |t: u32| {
        ti::is_int(st, t)
            || (vectors_ok
                && ti::is_vector(st, t)
                && ti::is_int_scalar_or_vector(st, t)
                && ti::component_width(st, t) == Some(32))
    };
    // Pointer to pointer: the spec asks for one storage class, spirv-val 2025.5 does not check
    // it (a rejection would break builds it passes; see STATUS, "Where spirv-val 2025.5 is
    // wrong").
    if r_ptr && v_ptr {
        return;
    }
    if r_ptr || v_ptr {
        let other = if r_ptr { vt } else { rt };
        if !int_ok(other) {
            s.err(
                "conversion.bitcast",
                index,
                if vectors_ok {
                    "Expected the other of input and Result Type to be an integer scalar or 32-bit integer vector when one is a pointer: Bitcast"
                } else {
                    "Expected the other of input and Result Type to be an integer scalar when one is a pointer: Bitcast"
                },
                &[value, rt],
            );
        }
        return;
    }
    let size =
        |t: u32| ti::component_count(st, t).unwrap_or(0) * ti::component_width(st, t).unwrap_or(0);
    if size(rt) != size(vt) {
        s.err(
            "conversion.bitcast",
            index,
            "Expected input to have the same total bit width as Result Type: Bitcast",
            &[value, rt],
        );
    }
}

fn generic_cast(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let op = inst.op();
    let opname = ti::op_name(op);
    let rt = inst.result_type;
    let value = st.word(inst, 3);
    if st.def(value).is_none() || ti::type_inst(st, rt).is_none() {
        return;
    }
    let vt = ti::type_of(st, value);
    if !ti::is_pointer(st, rt) {
        s.err(
            "conversion.generic_cast",
            index,
            format!("Expected Result Type to be a pointer: {opname}"),
            &[rt],
        );
        return;
    }
    if !ti::is_pointer(st, vt) {
        s.err(
            "conversion.generic_cast",
            index,
            format!("Expected input to be a pointer: {opname}"),
            &[value],
        );
        return;
    }
    let (rsc, vsc) = (
        ti::storage_class(st, rt).unwrap_or(u32::MAX),
        ti::storage_class(st, vt).unwrap_or(u32::MAX),
    );
    let concrete = |sc: u32| {
        sc == StorageClass::Workgroup.0
            || sc == StorageClass::CrossWorkgroup.0
            || sc == StorageClass::Function.0
    };
    let generic = StorageClass::Generic.0;
    match op {
        Op::PtrCastToGeneric => {
            if rsc != generic {
                s.err(
                    "conversion.generic_cast",
                    index,
                    "Expected Result Type to have storage class Generic: PtrCastToGeneric",
                    &[rt],
                );
            }
            if !concrete(vsc) {
                s.err(
                    "conversion.generic_cast",
                    index,
                    "Expected input to have storage class Workgroup, CrossWorkgroup or Function: PtrCastToGeneric",
                    &[value],
                );
            }
        }
        _ => {
            if !concrete(rsc) {
                s.err(
                    "conversion.generic_cast",
                    index,
                    format!("Expected Result Type to have storage class Workgroup, CrossWorkgroup or Function: {opname}"),
                    &[rt],
                );
            }
            if vsc != generic {
                s.err(
                    "conversion.generic_cast",
                    index,
                    format!("Expected input to have storage class Generic: {opname}"),
                    &[value],
                );
            }
            if op == Op::GenericCastToPtrExplicit && st.word(inst, 4) != rsc {
                s.err(
                    "conversion.generic_cast",
                    index,
                    "Expected Result Type to be of target storage class: GenericCastToPtrExplicit",
                    &[rt],
                );
            }
        }
    }
    // OpPtrCastToGeneric keeps the core rule "Result Type and Pointer must point to the same
    // type" (SPV_KHR_untyped_pointers only rewords its Result Type), so an untyped pointer,
    // pointing to no type, matches only another untyped pointer (as spirv-val). The generic to
    // concrete casts compare pointees only "if Result Type and the type of Pointer are
    // OpTypePointer" (the extension's wording; spirv-val 2025.5 is stricter, see STATUS).
    let (a, b) = (ti::pointee(st, rt), ti::pointee(st, vt));
    let compared = op == Op::PtrCastToGeneric || (a.is_some() && b.is_some());
    if compared && a != b {
        s.err(
            "conversion.generic_cast",
            index,
            format!("Expected input and Result Type to point to the same type: {opname}"),
            &[value, rt],
        );
    }
}

fn ptr_to_u(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let value = st.word(inst, 3);
    if st.def(value).is_none() || ti::type_inst(st, rt).is_none() {
        return;
    }
    if !ti::is_int(st, rt) {
        s.err(
            "conversion.pointer_int",
            index,
            "Expected unsigned int scalar type as Result Type: ConvertPtrToU",
            &[rt],
        );
    }
    if !ti::is_pointer(st, ti::type_of(st, value)) {
        s.err(
            "conversion.pointer_int",
            index,
            "Expected input to be a pointer: ConvertPtrToU",
            &[value],
        );
    }
}

fn u_to_ptr(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let value = st.word(inst, 3);
    if st.def(value).is_none() || ti::type_inst(st, rt).is_none() {
        return;
    }
    if !ti::is_pointer(st, rt) {
        s.err(
            "conversion.pointer_int",
            index,
            "Expected Result Type to be a pointer: ConvertUToPtr",
            &[rt],
        );
    }
    if !ti::is_int(st, ti::type_of(st, value)) {
        s.err(
            "conversion.pointer_int",
            index,
            "Expected int scalar as input: ConvertUToPtr",
            &[value],
        );
    }
}
