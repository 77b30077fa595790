//! Memory instructions (spec 3.37.8): OpVariable and its initializer, OpLoad/OpStore pointee
//! matching, OpCopyMemory, the access-chain family (index walking, struct constant indexes,
//! result type), OpPtrEqual/OpPtrNotEqual/OpPtrDiff, OpArrayLength. Pointer types are
//! OpTypePointer or OpTypeUntypedPointerKHR (SPV_KHR_untyped_pointers): rules on the pointee
//! apply to typed pointers only.

use super::Sink;
use crate::state::{Inst, State};
use crate::typeinfo::{self as ti, storage_class_name};
use spirvkit_grammar::{Op, StorageClass};

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    match inst.op() {
        Op::Variable => check_variable(s, index, inst),
        Op::Load => check_load(s, index, inst),
        Op::Store => check_store(s, index, inst),
        Op::CopyMemory => check_copy_memory(s, index, inst),
        Op::AccessChain
        | Op::InBoundsAccessChain
        | Op::PtrAccessChain
        | Op::InBoundsPtrAccessChain => check_access_chain(s, index, inst),
        Op::PtrEqual | Op::PtrNotEqual | Op::PtrDiff => check_ptr_compare(s, index, inst),
        Op::ArrayLength => check_array_length(s, index, inst),
        Op::CopyMemorySized => {
            check_copy_memory_sized(s, index, inst);
            check_memory_operands(s, index, inst);
        }
        _ => return false,
    }
    if matches!(inst.op(), Op::Load | Op::Store | Op::CopyMemory) {
        check_memory_operands(s, index, inst);
    }
    true
}

/// Memory operand masks (spec 3.26): an Aligned literal is a power of two; MakePointerAvailable
/// (not on loads, not on a copy's source) and MakePointerVisible (not on stores, not on a copy's
/// target) need NonPrivatePointer and a valid memory scope; NonPrivatePointer needs memory
/// shared with other invocations; PhysicalStorageBuffer loads and stores are Aligned.
fn check_memory_operands(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    use spirvkit_grammar::MemoryAccess as MA;
    let st = s.st;
    let op = inst.op();
    let masks: Vec<usize> = st
        .ops(inst)
        .iter()
        .filter(|o| o.kind == spirvkit_grammar::OperandKind::MemoryAccess)
        .map(|o| usize::from(o.offset))
        .collect();
    // The pointer each mask applies to: loads read word 3, stores and copies write word 1;
    // a copy's second mask applies to its source (word 2).
    let pointer_word = |n: usize| match (op, n) {
        (Op::Load, _) => 3,
        (_, 0) => 1,
        _ => 2,
    };
    let opname = &ti::op_name(op)[2..];
    for (n, &mask_word) in masks.iter().enumerate() {
        let mask = st.word(inst, mask_word);
        let mut param = mask_word + 1;
        let two_masks = masks.len() == 2;
        let fail = |s: &mut Sink<'_, '_>, rule: &'static str, m: String| {
            s.err(rule, index, m, &[]);
        };
        if mask & MA::Aligned.0 != 0 {
            let v = st.word(inst, param);
            param += 1;
            if !v.is_power_of_two() {
                fail(
                    s,
                    "memory.aligned",
                    format!("Memory accesses Aligned operand value {v} is not a power of two."),
                );
            }
        }
        let non_private = mask & MA::NonPrivatePointer.0 != 0;
        if mask & MA::MakePointerAvailable.0 != 0 {
            if op == Op::Load {
                fail(
                    s,
                    "memory.operands",
                    "MakePointerAvailableKHR cannot be used with OpLoad.".into(),
                );
            } else if two_masks && n == 1 {
                fail(
                    s,
                    "memory.operands",
                    "Source memory access must not include MakePointerAvailableKHR".into(),
                );
            } else if !non_private {
                fail(s, "memory.operands", "NonPrivatePointerKHR must be specified if MakePointerAvailableKHR is specified.".into());
            }
            super::barriers::check_scope(s, index, inst, opname, param);
            super::barriers::check_memory_scope(s, index, inst, opname, param);
            param += 1;
        }
        if mask & MA::MakePointerVisible.0 != 0 {
            if op == Op::Store {
                fail(
                    s,
                    "memory.operands",
                    "MakePointerVisibleKHR cannot be used with OpStore.".into(),
                );
            } else if two_masks && n == 0 {
                fail(
                    s,
                    "memory.operands",
                    "Target memory access must not include MakePointerVisibleKHR".into(),
                );
            } else if !non_private {
                fail(
                    s,
                    "memory.operands",
                    "NonPrivatePointerKHR must be specified if MakePointerVisibleKHR is specified."
                        .into(),
                );
            }
            super::barriers::check_scope(s, index, inst, opname, param);
            super::barriers::check_memory_scope(s, index, inst, opname, param);
        }
        if non_private {
            let pointer_type = ti::type_of(st, st.word(inst, pointer_word(n)));
            let private = ti::storage_class(st, pointer_type).is_some_and(|sc| {
                [
                    StorageClass::Function,
                    StorageClass::Private,
                    StorageClass::Input,
                    StorageClass::Output,
                    StorageClass::UniformConstant,
                    StorageClass::PushConstant,
                ]
                .iter()
                .any(|c| c.0 == sc)
            });
            if private {
                fail(s, "memory.operands", "NonPrivatePointerKHR requires a pointer in Uniform, Workgroup, CrossWorkgroup, Generic, Image or StorageBuffer storage classes.".into());
            }
        }
    }
    // PhysicalStorageBuffer loads and stores state their alignment.
    if matches!(op, Op::Load | Op::Store) {
        let pointer = st.word(inst, if op == Op::Load { 3 } else { 1 });
        let pointer_type = ti::type_of(st, pointer);
        let aligned = masks
            .first()
            .is_some_and(|&w| st.word(inst, w) & MA::Aligned.0 != 0);
        if !aligned
            && ti::is_typed_pointer(st, pointer_type)
            && ti::storage_class(st, pointer_type) == Some(StorageClass::PhysicalStorageBuffer.0)
        {
            s.err(
                "memory.aligned",
                index,
                "Memory accesses with PhysicalStorageBuffer must use Aligned.",
                &[pointer],
            );
        }
    }
}

/// OpCopyMemorySized: Target and Source are pointers; Size is an integer scalar, not a constant
/// zero and (signed) without its sign bit set.
fn check_copy_memory_sized(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    for (word, role) in [(1, "Target"), (2, "Source")] {
        let id = st.word(inst, word);
        if st.def(id).is_some() && !ti::is_pointer(st, ti::type_of(st, id)) {
            s.err(
                "memory.copy_sized",
                index,
                format!("{role} operand <id> {} is not a pointer.", name(st, id)),
                &[id],
            );
            return;
        }
    }
    let size = st.word(inst, 3);
    let Some(def) = st.def(size).copied() else {
        return;
    };
    let size_type = def.result_type;
    if !ti::is_int(st, size_type) {
        s.err(
            "memory.copy_sized",
            index,
            format!(
                "Size operand <id> {} must be a scalar integer type.",
                name(st, size)
            ),
            &[size],
        );
        return;
    }
    let value = match def.op() {
        Op::ConstantNull => Some(0),
        Op::Constant => ti::const_uint(st, size),
        _ => None,
    };
    let width = ti::component_width(st, size_type).unwrap_or(32);
    match value {
        Some(0) => s.err(
            "memory.copy_sized",
            index,
            format!(
                "Size operand <id> {} cannot be a constant zero.",
                name(st, size)
            ),
            &[size],
        ),
        Some(v)
            if ti::int_signedness(st, size_type) == Some(1)
                && (1..=64).contains(&width)
                && (v >> (width - 1)) & 1 == 1 =>
        {
            s.err(
                "memory.copy_sized",
                index,
                format!(
                    "Size operand <id> {} cannot have the sign bit set to 1.",
                    name(st, size)
                ),
                &[size],
            )
        }
        _ => {}
    }
}

fn name(st: &State<'_>, id: u32) -> String {
    st.id_name(id)
}

fn check_variable(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    if !ti::is_typed_pointer(st, rt) {
        if ti::type_inst(st, rt).is_some() {
            s.err(
                "memory.variable",
                index,
                format!(
                    "OpVariable Result Type <id> {} is not a pointer type.",
                    name(st, rt)
                ),
                &[rt],
            );
        }
        return;
    }
    let sc = st.word(inst, 3);
    if ti::storage_class(st, rt) != Some(sc) {
        s.err(
            "memory.variable",
            index,
            "From SPIR-V spec, section 3.32.8 on OpVariable:\nIts Storage Class operand must be the same as the Storage Class operand of the result type.",
            &[rt],
        );
    }
    super::variables::check(s, index, inst, sc, ti::pointee(st, rt).unwrap_or(0));
    if inst.len > 4 {
        let init = st.word(inst, 4);
        check_initializer(
            s,
            index,
            init,
            ti::pointee(st, rt).unwrap_or(0),
            sc,
            "OpVariable",
        );
    }
}

/// An initializer is a constant or a module-scope variable and has the variable's data type
/// (a module-scope variable used as initializer has a pointer type, which must be that type).
pub fn check_initializer(
    s: &mut Sink<'_, '_>,
    index: u32,
    init: u32,
    data_type: u32,
    sc: u32,
    opname: &str,
) {
    let st = s.st;
    let Some(def) = st.def(init) else {
        return;
    };
    let is_global_var =
        matches!(def.op(), Op::Variable | Op::UntypedVariableKHR) && def.func == crate::state::NONE;
    // A function's address (SPV_INTEL_function_pointers) is a constant to spirv-val too, though
    // the grammar files it under no class.
    let function_address = def.op() == Op::ConstantFunctionPointerINTEL;
    let is_const = crate::state::is_constant_op(def.op()) || function_address;
    if !is_const && !is_global_var {
        // spirv-val allows any function-scope value for Function variables only through
        // extensions; core requires a constant or a global variable.
        if sc != StorageClass::Function.0 || def.func == crate::state::NONE {
            s.err(
                "memory.initializer",
                index,
                format!(
                    "{opname} Initializer <id> {} is not a constant or module-scope variable.",
                    name(st, init)
                ),
                &[init],
            );
            return;
        }
    }
    let init_type = def.result_type;
    if data_type != 0
        && init_type != data_type
        && (crate::state::is_core(def.op()) || function_address)
    {
        {
            s.err(
                "memory.initializer",
                index,
                format!(
                    "Initializer type must match the type pointed to by the Result Type ({opname} {}).",
                    name(st, init)
                ),
                &[init],
            );
        }
    }
}

/// The type of a pointer operand: the pointer type id, if the operand is a pointer.
fn pointer_type_of(st: &State<'_>, id: u32) -> Option<u32> {
    let t = ti::type_of(st, id);
    ti::is_pointer(st, t).then_some(t)
}

fn check_load(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let pointer = st.word(inst, 3);
    if st.def(pointer).is_none() {
        return;
    }
    let Some(pt) = pointer_type_of(st, pointer) else {
        s.err(
            "memory.load",
            index,
            format!(
                "OpLoad type for pointer <id> {} is not a pointer type.",
                name(st, pointer)
            ),
            &[pointer],
        );
        return;
    };
    if let Some(pointee) = ti::pointee(st, pt) {
        if pointee != inst.result_type {
            s.err(
                "memory.load",
                index,
                format!(
                    "OpLoad Result Type <id> {} does not match Pointer <id> {}s type.",
                    name(st, inst.result_type),
                    name(st, pointer)
                ),
                &[inst.result_type, pointer],
            );
        }
    }
    if ti::type_op(st, inst.result_type) == Some(Op::TypeVoid) {
        s.err(
            "memory.load",
            index,
            "OpLoad Result Type must not be OpTypeVoid.",
            &[inst.result_type],
        );
    }
}

fn check_store(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let pointer = st.word(inst, 1);
    let object = st.word(inst, 2);
    if st.def(pointer).is_none() || st.def(object).is_none() {
        return;
    }
    let Some(pt) = pointer_type_of(st, pointer) else {
        s.err(
            "memory.store",
            index,
            format!(
                "OpStore type for pointer <id> {} is not a pointer type.",
                name(st, pointer)
            ),
            &[pointer],
        );
        return;
    };
    let object_type = ti::type_of(st, object);
    if ti::type_op(st, object_type) == Some(Op::TypeVoid) {
        s.err(
            "memory.store",
            index,
            format!("OpStore Object <id> {}s type is void.", name(st, object)),
            &[object],
        );
        return;
    }
    if let Some(pointee) = ti::pointee(st, pt) {
        if pointee != object_type
            && !(st.opts.relax.relax_struct_store
                && ti::type_op(st, pointee) == Some(Op::TypeStruct))
        {
            s.err(
                "memory.store",
                index,
                format!(
                    "OpStore Pointer <id> {}s type does not match Object <id> {}s type.",
                    name(st, pointer),
                    name(st, object)
                ),
                &[pointer, object],
            );
        }
    }
    let sc = ti::storage_class(st, pt).unwrap_or(u32::MAX);
    let read_only = sc == StorageClass::UniformConstant.0
        || sc == StorageClass::Input.0
        || sc == StorageClass::PushConstant.0;
    if read_only && st.has_capability(spirvkit_grammar::Capability::Shader) {
        s.err(
            "memory.store",
            index,
            format!(
                "OpStore Pointer <id> {} storage class is read-only",
                name(st, pointer)
            ),
            &[pointer],
        );
    } else if sc == StorageClass::Uniform.0 && st.opts.target_env.is_vulkan() {
        uniform_block_store(s, index, pointer);
    }
}

/// Vulkan: no OpStore into a Uniform Block (VUID-StandaloneSpirv-Uniform-06925). As spirv-val,
/// the pointer is traced through access chains and OpCopyObject to its variable, whose
/// pointee (or array element) is judged.
fn uniform_block_store(s: &mut Sink<'_, '_>, index: u32, pointer: u32) {
    let st = s.st;
    let mut base = pointer;
    // Each step moves to an earlier definition, so the walk ends; bounded against hostile
    // self-references all the same.
    for _ in 0..4096 {
        let Some(def) = st.def(base) else { return };
        match def.op() {
            Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain
            | Op::CopyObject => base = st.word(def, 3),
            Op::Variable => {
                let Some(mut ty) = ti::pointee(st, def.result_type) else {
                    return;
                };
                if matches!(
                    ti::type_op(st, ty),
                    Some(Op::TypeArray | Op::TypeRuntimeArray)
                ) {
                    ty = ti::element_type(st, ty).unwrap_or(0);
                }
                if ti::has_decoration_or_group(st, ty, spirvkit_grammar::Decoration::Block) {
                    s.err(
                        "memory.store",
                        index,
                        "[VUID-StandaloneSpirv-Uniform-06925] In the Vulkan environment, cannot store to Uniform Blocks",
                        &[pointer],
                    );
                }
                return;
            }
            _ => return,
        }
    }
}

fn check_copy_memory(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let target = st.word(inst, 1);
    let source = st.word(inst, 2);
    if st.def(target).is_none() || st.def(source).is_none() {
        return;
    }
    let (Some(tt), Some(stt)) = (pointer_type_of(st, target), pointer_type_of(st, source)) else {
        s.err(
            "memory.copy",
            index,
            "OpCopyMemory Target and Source must be pointers.",
            &[target, source],
        );
        return;
    };
    match (ti::pointee(st, tt), ti::pointee(st, stt)) {
        (None, None) => s.err(
            "memory.copy",
            index,
            "One of Source or Target must be a typed pointer",
            &[target, source],
        ),
        (Some(a), Some(b)) if a != b => s.err(
            "memory.copy",
            index,
            format!(
                "Target <id> {}s type does not match Source <id> {}s type.",
                name(st, target),
                name(st, source)
            ),
            &[target, source],
        ),
        (a, b) => {
            for t in [a, b].into_iter().flatten() {
                if ti::type_op(st, t) == Some(Op::TypeVoid) {
                    s.err(
                        "memory.copy",
                        index,
                        "OpCopyMemory: the type pointed to must not be void.",
                        &[t],
                    );
                }
            }
        }
    }
}

/// Walks `indexes` through `base` (a type id) as an access chain does; returns the type
/// reached, or records the broken rule and returns None.
pub fn walk_indexes(
    s: &mut Sink<'_, '_>,
    index: u32,
    opname: &str,
    base: u32,
    indexes: &[u32],
) -> Option<u32> {
    let st = s.st;
    let mut current = base;
    for (i, &ix) in indexes.iter().enumerate() {
        let ix_type = ti::type_of(st, ix);
        // Signed constant indexes must not have the sign bit set.
        if st.def_op(ix) == Some(Op::Constant) && ti::int_signedness(st, ix_type) == Some(1) {
            let width = ti::component_width(st, ix_type).unwrap_or(32);
            let negative = (1..=64).contains(&width)
                && ti::const_uint(st, ix).is_some_and(|v| (v >> (width - 1)) & 1 == 1);
            if negative {
                s.err(
                    "memory.access_chain_index",
                    index,
                    format!("{opname}: index {i} may not have a negative value"),
                    &[ix],
                );
                return None;
            }
        }
        if !ti::is_int(st, ix_type) {
            s.err(
                "memory.access_chain_index",
                index,
                format!("Indexes passed to {opname} must be of type integer."),
                &[ix],
            );
            return None;
        }
        let op = ti::type_op(st, current)?;
        match op {
            Op::TypeStruct => {
                // spirv-val evaluates OpConstant and OpConstantNull (zero) indexes; spec
                // constants have no value yet.
                let value = match st.def_op(ix) {
                    Some(Op::Constant) => ti::const_uint(st, ix),
                    Some(Op::ConstantNull) => Some(0),
                    _ => None,
                };
                let Some(v) = value else {
                    s.err(
                        "memory.access_chain_index",
                        index,
                        format!("The <id> passed to {opname} to index into a structure must be an OpConstant."),
                        &[ix],
                    );
                    return None;
                };
                let members = ti::struct_members(st, current);
                match usize::try_from(v).ok().and_then(|v| members.get(v)) {
                    Some(&m) => current = m,
                    None => {
                        s.err(
                            "memory.access_chain_index",
                            index,
                            format!(
                                "Index is out of bounds: {opname} can not find index {v} into the structure <id> {}. This structure has {} members. Largest valid index is {}.",
                                name(st, current),
                                members.len(),
                                members.len() as i64 - 1
                            ),
                            &[ix],
                        );
                        return None;
                    }
                }
            }
            Op::TypeArray | Op::TypeRuntimeArray | Op::TypeVector | Op::TypeMatrix => {
                current = ti::element_type(st, current)?;
            }
            Op::TypeCooperativeMatrixKHR | Op::TypeCooperativeMatrixNV => {
                current = st.word(ti::type_inst(st, current)?, 2);
            }
            _ if !crate::state::is_core(op) => return None,
            _ => {
                s.err(
                    "memory.access_chain_index",
                    index,
                    format!(
                        "{opname} reached non-composite type while indexes still remain to be traversed (index {i})."
                    ),
                    &[ix],
                );
                return None;
            }
        }
    }
    Some(current)
}

fn check_access_chain(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let op = inst.op();
    let opname = ti::op_name(op);
    let rt = inst.result_type;
    if !ti::is_typed_pointer(st, rt) {
        if ti::type_inst(st, rt).is_some() {
            s.err(
                "memory.access_chain",
                index,
                format!(
                    "The Result Type of {opname} <id> {} must be OpTypePointer.",
                    name(st, inst.result_id)
                ),
                &[rt],
            );
        }
        return;
    }
    let base = st.word(inst, 3);
    if st.def(base).is_none() {
        return;
    }
    let Some(bt) = pointer_type_of(st, base) else {
        s.err(
            "memory.access_chain",
            index,
            format!(
                "The Base <id> {} in {opname} instruction must be a pointer.",
                name(st, base)
            ),
            &[base],
        );
        return;
    };
    if ti::storage_class(st, bt) != ti::storage_class(st, rt) {
        s.err(
            "memory.access_chain",
            index,
            format!("The result pointer storage class and base pointer storage class in {opname} do not match."),
            &[base, rt],
        );
    }
    let Some(base_pointee) = ti::pointee(st, bt) else {
        // An untyped base needs the untyped access chains.
        return;
    };
    let words = st.inst_words(inst);
    let ptr_chain = matches!(op, Op::PtrAccessChain | Op::InBoundsPtrAccessChain);
    let first = if ptr_chain { 5 } else { 4 };
    // spirv-val 2025.5 does not judge the Element operand's type; neither does spirvkit.
    let indexes = words.get(first..).unwrap_or(&[]);
    if indexes.len() > st.opts.limits.max_access_chain_indexes as usize {
        return; // limits.rs reports it.
    }
    if let Some(reached) = walk_indexes(s, index, opname, base_pointee, indexes) {
        let result_pointee = ti::pointee(st, rt).unwrap_or(0);
        if reached != result_pointee {
            s.err(
                "memory.access_chain",
                index,
                format!(
                    "{opname} result type ({}) does not match the type that results from indexing into the base <id> ({}).",
                    ti::type_op(st, result_pointee).map_or("?", ti::op_name),
                    ti::type_op(st, reached).map_or("?", ti::op_name)
                ),
                &[rt],
            );
        }
    }
}

fn check_ptr_compare(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let op = inst.op();
    let opname = ti::op_name(op);
    let a = st.word(inst, 3);
    let b = st.word(inst, 4);
    if st.def(a).is_none() || st.def(b).is_none() {
        return;
    }
    let (ta, tb) = (ti::type_of(st, a), ti::type_of(st, b));
    if op == Op::PtrDiff {
        if !ti::is_int_scalar_or_vector(st, inst.result_type) || ti::is_vector(st, inst.result_type)
        {
            s.err(
                "memory.pointer_compare",
                index,
                "Result Type must be an integer scalar",
                &[inst.result_type],
            );
        }
    } else if !ti::is_bool(st, inst.result_type) {
        s.err(
            "memory.pointer_compare",
            index,
            "Result Type must be OpTypeBool",
            &[inst.result_type],
        );
    }
    if !ti::is_pointer(st, ta) || !ti::is_pointer(st, tb) {
        s.err(
            "memory.pointer_compare",
            index,
            format!("{opname}: the operands must be pointers."),
            &[a, b],
        );
        return;
    }
    let typed = ti::is_typed_pointer(st, ta) && ti::is_typed_pointer(st, tb);
    let mismatch = if op == Op::PtrDiff || typed {
        ta != tb
    } else {
        ti::storage_class(st, ta) != ti::storage_class(st, tb)
    };
    if mismatch {
        s.err(
            "memory.pointer_compare",
            index,
            if op == Op::PtrDiff || typed {
                "The types of Operand 1 and Operand 2 must match".to_string()
            } else {
                format!(
                    "{opname}: the Storage Class of both operands must match ({} vs {}).",
                    storage_class_name(ti::storage_class(st, ta).unwrap_or(0)),
                    storage_class_name(ti::storage_class(st, tb).unwrap_or(0))
                )
            },
            &[a, b],
        );
    }
}

fn check_array_length(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    if !ti::is_int(st, rt)
        || ti::component_width(st, rt) != Some(32)
        || ti::int_signedness(st, rt) != Some(0)
    {
        s.err(
            "memory.array_length",
            index,
            format!(
                "The Result Type of OpArrayLength <id> {} must be OpTypeInt with width 32 and signedness 0.",
                name(st, inst.result_id)
            ),
            &[rt],
        );
    }
    let structure = st.word(inst, 3);
    let member = st.word(inst, 4);
    let pointee = ti::pointee(st, ti::type_of(st, structure)).unwrap_or(0);
    check_runtime_array_member(s, index, "OpArrayLength", pointee, member);
}

/// `member` is the last member of struct `structure`, and a runtime array.
pub fn check_runtime_array_member(
    s: &mut Sink<'_, '_>,
    index: u32,
    opname: &str,
    structure: u32,
    member: u32,
) {
    let st = s.st;
    let members = ti::struct_members(st, structure);
    let Some(&last) = members.last() else {
        s.err(
            "memory.array_length",
            index,
            format!("The Structure's type in {opname} must be a pointer to an OpTypeStruct."),
            &[structure],
        );
        return;
    };
    if ti::type_op(st, last) != Some(Op::TypeRuntimeArray) {
        s.err(
            "memory.array_length",
            index,
            format!("The Structure's last member in {opname} must be an OpTypeRuntimeArray."),
            &[structure],
        );
    } else if member as usize != members.len() - 1 {
        s.err(
            "memory.array_length",
            index,
            format!("The array member in {opname} must be the last member of the struct."),
            &[structure],
        );
    }
}
