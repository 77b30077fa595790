//! SPV_KHR_untyped_pointers: the new instructions (OpUntypedVariableKHR, the four untyped
//! access chains, OpUntypedArrayLengthKHR, OpUntypedPrefetchKHR, OpUntypedGroupAsyncCopyKHR).
//! The changed definitions of existing instructions (OpLoad/OpStore/OpCopyMemory, pointer
//! comparisons, casts, atomics through untyped pointers) live with those instructions in
//! `instructions/`, which treat "pointer type" as typed or untyped throughout.

use crate::instructions::memory::{check_initializer, check_runtime_array_member, walk_indexes};
use crate::instructions::Sink;
use crate::state::Inst;
use crate::typeinfo::{self as ti, storage_class_name};
use spirvkit_grammar::{AddressingModel, Capability, Decoration, Op, StorageClass};

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, op: Op) -> bool {
    match op {
        Op::UntypedVariableKHR => check_variable(s, index, inst),
        Op::UntypedAccessChainKHR
        | Op::UntypedInBoundsAccessChainKHR
        | Op::UntypedPtrAccessChainKHR
        | Op::UntypedInBoundsPtrAccessChainKHR => check_access_chain(s, index, inst),
        Op::UntypedArrayLengthKHR => check_array_length(s, index, inst),
        Op::UntypedPrefetchKHR => check_prefetch(s, index, inst),
        Op::UntypedGroupAsyncCopyKHR => check_async_copy(s, index, inst),
        _ => return false,
    }
    true
}

/// Storage classes whose memory is explicitly laid out in Shader modules.
fn explicitly_laid_out(s: &Sink<'_, '_>, sc: u32) -> bool {
    let st = s.st;
    st.has_capability(Capability::Shader)
        && (sc == StorageClass::Uniform.0
            || sc == StorageClass::StorageBuffer.0
            || sc == StorageClass::PhysicalStorageBuffer.0
            || sc == StorageClass::PushConstant.0
            || (sc == StorageClass::Workgroup.0
                && st.has_capability(Capability::WorkgroupMemoryExplicitLayoutKHR)))
}

fn check_variable(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    if !ti::is_untyped_pointer(st, rt) {
        s.err(
            "untyped.variable_type",
            index,
            "Result type must be an untyped pointer",
            &[rt],
        );
        return;
    }
    let sc = st.word(inst, 3);
    if sc == StorageClass::Generic.0 {
        s.err(
            "untyped.variable_storage",
            index,
            "OpUntypedVariableKHR storage class must not be Generic",
            &[],
        );
    }
    if ti::storage_class(st, rt) != Some(sc) {
        s.err(
            "untyped.variable_storage",
            index,
            "Storage class must match result type storage class",
            &[rt],
        );
    }
    let data_type = if inst.len > 4 { st.word(inst, 4) } else { 0 };
    if data_type == 0 {
        if sc == StorageClass::Function.0
            || sc == StorageClass::Private.0
            || sc == StorageClass::Workgroup.0
        {
            s.err(
                "untyped.variable_data_type",
                index,
                format!(
                    "Data type must be specified for Function, Workgroup, and Private storage classes (found {}).",
                    storage_class_name(sc)
                ),
                &[],
            );
        }
    } else if ti::type_inst(st, data_type).is_none() {
        s.err(
            "untyped.variable_data_type",
            index,
            "Data type must be a type instruction",
            &[data_type],
        );
        return;
    } else if sc == StorageClass::Workgroup.0
        && st.has_capability(Capability::Shader)
        && !st.has_capability(Capability::WorkgroupMemoryExplicitLayoutKHR)
        && !(ti::type_op(st, data_type) == Some(Op::TypeStruct)
            && ti::has_decoration(st, data_type, Decoration::Block))
    {
        // Workgroup memory used through untyped pointers must be explicitly laid out; without
        // WorkgroupMemoryExplicitLayoutKHR only a Block struct is (spirv-val's reading).
        s.err(
            "untyped.workgroup_layout",
            index,
            "Untyped workgroup variables in shaders must be block decorated structs",
            &[data_type],
        );
    }
    if inst.len > 5 {
        let init = st.word(inst, 5);
        check_initializer(s, index, init, data_type, sc, "OpUntypedVariableKHR");
    }
}

fn check_access_chain(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let op = inst.op();
    let opname = ti::op_name(op);
    let rt = inst.result_type;
    if !ti::is_untyped_pointer(st, rt) {
        s.err(
            "untyped.access_chain_result",
            index,
            format!(
                "The Result Type of {opname} <id> {} must be OpTypeUntypedPointerKHR.",
                st.id_name(inst.result_id)
            ),
            &[rt],
        );
        return;
    }
    let base_type_id = st.word(inst, 3);
    let base = st.word(inst, 4);
    if ti::type_inst(st, base_type_id).is_none() || ti::is_pointer(st, base_type_id) {
        s.err(
            "untyped.access_chain_base_type",
            index,
            format!("{opname}: Base Type must be a non-pointer type."),
            &[base_type_id],
        );
        return;
    }
    if st.def(base).is_none() {
        return;
    }
    let bt = ti::type_of(st, base);
    if !ti::is_pointer(st, bt) {
        s.err(
            "untyped.access_chain_base",
            index,
            format!(
                "The Base <id> {} in {opname} instruction must be a pointer.",
                st.id_name(base)
            ),
            &[base],
        );
        return;
    }
    let sc = ti::storage_class(st, bt).unwrap_or(u32::MAX);
    if ti::storage_class(st, rt) != Some(sc) {
        s.err(
            "untyped.access_chain_storage",
            index,
            format!("The result pointer storage class and base pointer storage class in {opname} do not match."),
            &[base, rt],
        );
    }
    let ptr_chain = matches!(
        op,
        Op::UntypedPtrAccessChainKHR | Op::UntypedInBoundsPtrAccessChainKHR
    );
    let first = if ptr_chain {
        let element = st.word(inst, 5);
        if !ti::is_int(st, ti::type_of(st, element)) {
            s.err(
                "untyped.access_chain_element",
                index,
                format!("The Element <id> of {opname} must be an integer scalar."),
                &[element],
            );
        }
        // The element stride comes from an ArrayStride decoration on the type of Base.
        if explicitly_laid_out(s, sc) && !ti::has_decoration(st, bt, Decoration::ArrayStride) {
            s.err(
                "untyped.access_chain_stride",
                index,
                format!("{opname} must have a Base whose type is decorated with ArrayStride"),
                &[base],
            );
        }
        6
    } else {
        5
    };
    check_block_arrays(s, index, opname, base, base_type_id);
    let indexes = st.inst_words(inst).get(first..).unwrap_or(&[]);
    if indexes.len() <= st.opts.limits.max_access_chain_indexes as usize {
        let _ = walk_indexes(s, index, opname, base_type_id, indexes);
    }
}

/// Arrays of Block/BufferBlock structs are only walked from the variable declaring them.
fn check_block_arrays(s: &mut Sink<'_, '_>, index: u32, opname: &str, base: u32, base_type: u32) {
    let st = s.st;
    let block_array = |t: u32| -> bool {
        matches!(
            ti::type_op(st, t),
            Some(Op::TypeArray | Op::TypeRuntimeArray)
        ) && ti::element_type(st, t).is_some_and(|e| {
            ti::has_decoration(st, e, Decoration::Block)
                || ti::has_decoration(st, e, Decoration::BufferBlock)
        })
    };
    let base_def = st.def(base).copied();
    let var_data_type = base_def.and_then(|d| match d.op() {
        Op::Variable => ti::pointee(st, d.result_type),
        Op::UntypedVariableKHR if d.len > 4 => Some(st.word(&d, 4)),
        _ => None,
    });
    if block_array(base_type) && var_data_type != Some(base_type) {
        s.err(
            "untyped.access_chain_block_array",
            index,
            format!("{opname}: Base Type must not be an array of Block or BufferBlock structures unless Base is a variable of that array type."),
            &[base, base_type],
        );
    }
    if let Some(dt) = var_data_type {
        if block_array(dt) && dt != base_type {
            s.err(
                "untyped.access_chain_block_array",
                index,
                format!("{opname}: the data type of the Base variable is an array of Block or BufferBlock structures, so Base Type must be that array type."),
                &[base, base_type],
            );
        }
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
            "untyped.array_length",
            index,
            format!(
                "The Result Type of OpUntypedArrayLengthKHR <id> {} must be OpTypeInt with width 32 and signedness 0.",
                st.id_name(inst.result_id)
            ),
            &[rt],
        );
    }
    let structure = st.word(inst, 3);
    let pointer = st.word(inst, 4);
    let member = st.word(inst, 5);
    if st.def(pointer).is_some() && !ti::is_untyped_pointer(st, ti::type_of(st, pointer)) {
        s.err(
            "untyped.array_length",
            index,
            "Pointer must be an untyped pointer",
            &[pointer],
        );
    }
    if ti::type_op(st, structure) != Some(Op::TypeStruct) {
        s.err(
            "untyped.array_length",
            index,
            "The Structure's type in OpUntypedArrayLengthKHR must be a pointer to an OpTypeStruct.",
            &[structure],
        );
        return;
    }
    check_runtime_array_member(s, index, "OpUntypedArrayLengthKHR", structure, member);
    if !ti::has_decoration(st, structure, Decoration::Block) {
        s.err(
            "untyped.array_length_block",
            index,
            "OpUntypedArrayLengthKHR: Structure must be an explicitly laid out Block-decorated OpTypeStruct.",
            &[structure],
        );
    }
    // Pointer has the value of a descriptor: a variable decorated DescriptorSet and Binding, or
    // an element of such a variable of an array of Block structs. An access chain without
    // indices has its base's value, so it is a descriptor when its base is one.
    if st.has_capability(Capability::Shader) {
        let descriptor_var = |v: u32| {
            matches!(st.def_op(v), Some(Op::Variable | Op::UntypedVariableKHR))
                && ti::has_decoration(st, v, Decoration::DescriptorSet)
                && ti::has_decoration(st, v, Decoration::Binding)
        };
        // (base, number of indices) of an access chain.
        let chain = |v: u32| {
            st.def(v).and_then(|d| {
                let untyped = match d.op() {
                    Op::AccessChain | Op::InBoundsAccessChain => false,
                    Op::UntypedAccessChainKHR | Op::UntypedInBoundsAccessChainKHR => true,
                    _ => return None,
                };
                let base_word = if untyped { 4 } else { 3 };
                let indices = usize::from(d.len).saturating_sub(base_word + 1);
                Some((st.word(d, base_word), indices))
            })
        };
        // Index-less chains are followed a bounded number of steps (ids are acyclic in valid
        // modules, but this runs on invalid ones too).
        let mut value = pointer;
        let mut ok = false;
        for _ in 0..64 {
            if descriptor_var(value) {
                ok = true;
                break;
            }
            match chain(value) {
                Some((base, 0)) => value = base,
                Some((base, 1)) => {
                    ok = descriptor_var(base);
                    break;
                }
                _ => break,
            }
        }
        if !ok && st.def(pointer).is_some() {
            s.err(
                "untyped.array_length_descriptor",
                index,
                "OpUntypedArrayLengthKHR: Pointer must be a descriptor: a variable decorated with DescriptorSet and Binding, or an element of an array of such Block structures.",
                &[pointer],
            );
        }
    }
}

fn check_prefetch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let pointer = st.word(inst, 1);
    let pt = ti::type_of(st, pointer);
    if st.def(pointer).is_some()
        && (!ti::is_pointer(st, pt)
            || ti::storage_class(st, pt) != Some(StorageClass::CrossWorkgroup.0))
    {
        s.err(
            "untyped.prefetch_pointer",
            index,
            "OpUntypedPrefetchKHR: the type of Pointer must be a pointer whose Storage Class is CrossWorkgroup.",
            &[pointer],
        );
    }
    let num_bytes = st.word(inst, 2);
    let nt = ti::type_of(st, num_bytes);
    if st.def(num_bytes).is_some() && !ti::is_int(st, nt) {
        s.err(
            "untyped.prefetch_num_bytes",
            index,
            "OpUntypedPrefetchKHR: the type of Num Bytes must be an integer scalar.",
            &[num_bytes],
        );
    }
    // The optional ids: RW, Locality, Cache Type (memory operands follow as literals).
    let ops = st.ops(inst);
    let ids: Vec<u32> = ops
        .iter()
        .skip(2)
        .filter(|o| o.kind.category() == spirvkit_grammar::Category::Id)
        .map(|o| st.word(inst, usize::from(o.offset)))
        .collect();
    if !ids.is_empty() && ids.len() != 3 {
        s.err(
            "untyped.prefetch_optional",
            index,
            "OpUntypedPrefetchKHR: either all of RW, Locality and Cache Type must be specified or none.",
            &[],
        );
    }
    for (i, &id) in ids.iter().enumerate() {
        let (what, max) = match i {
            0 => ("RW", 1),
            1 => ("Locality", 3),
            _ => ("Cache Type", 1),
        };
        if st.def(id).is_none() {
            continue;
        }
        let int_const = ti::is_constant(st, id) && ti::is_int(st, ti::type_of(st, id));
        if !int_const {
            s.err(
                "untyped.prefetch_optional",
                index,
                format!("OpUntypedPrefetchKHR: {what} must be a constant instruction with an integer scalar type."),
                &[id],
            );
        } else if ti::const_uint(st, id).is_some_and(|v| v > max) {
            s.err(
                "untyped.prefetch_optional",
                index,
                format!("OpUntypedPrefetchKHR: the value of {what} must be between 0 and {max}."),
                &[id],
            );
        }
    }
}

fn check_async_copy(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    if ti::type_op(st, inst.result_type) != Some(Op::TypeEvent) {
        s.err(
            "untyped.async_copy",
            index,
            "OpUntypedGroupAsyncCopyKHR: Result Type must be OpTypeEvent.",
            &[inst.result_type],
        );
    }
    let dest = st.word(inst, 4);
    let source = st.word(inst, 5);
    let (dt, stt) = (ti::type_of(st, dest), ti::type_of(st, source));
    for (what, v, t) in [("Destination", dest, dt), ("Source", source, stt)] {
        if st.def(v).is_some() && !ti::is_untyped_pointer(st, t) {
            s.err(
                "untyped.async_copy",
                index,
                format!("OpUntypedGroupAsyncCopyKHR: {what} must be an untyped pointer."),
                &[v],
            );
        }
    }
    let (wg, cw) = (StorageClass::Workgroup.0, StorageClass::CrossWorkgroup.0);
    match (ti::storage_class(st, dt), ti::storage_class(st, stt)) {
        (Some(d), Some(src)) if (d == wg && src == cw) || (d == cw && src == wg) => {}
        (Some(_), Some(_)) => s.err(
            "untyped.async_copy",
            index,
            "OpUntypedGroupAsyncCopyKHR: Destination must be Workgroup with a CrossWorkgroup Source, or CrossWorkgroup with a Workgroup Source.",
            &[dest, source],
        ),
        _ => {}
    }
    let width = match st.addressing_model {
        Some(m) if m == AddressingModel::Physical32.0 => Some(32),
        Some(m) if m == AddressingModel::Physical64.0 => Some(64),
        _ => None,
    };
    for (what, word) in [("Element Num Bytes", 6), ("Num Elements", 7), ("Stride", 8)] {
        let v = st.word(inst, word);
        let t = ti::type_of(st, v);
        if st.def(v).is_none() {
            continue;
        }
        let ok = ti::is_int(st, t) && width.is_none_or(|w| ti::component_width(st, t) == Some(w));
        if !ok {
            s.err(
                "untyped.async_copy",
                index,
                format!("OpUntypedGroupAsyncCopyKHR: {what} must be a {}integer scalar matching the addressing model.", width.map_or(String::new(), |w| format!("{w}-bit "))),
                &[v],
            );
        }
    }
    let event = st.word(inst, 9);
    if st.def(event).is_some() && ti::type_op(st, ti::type_of(st, event)) != Some(Op::TypeEvent) {
        s.err(
            "untyped.async_copy",
            index,
            "OpUntypedGroupAsyncCopyKHR: Event must have a type of OpTypeEvent.",
            &[event],
        );
    }
    // Memory operands: both masks or neither.
    let masks = st
        .ops(inst)
        .iter()
        .filter(|o| o.kind == spirvkit_grammar::OperandKind::MemoryAccess)
        .count();
    if masks == 1 {
        s.err(
            "untyped.async_copy",
            index,
            "OpUntypedGroupAsyncCopyKHR: either both memory operands must be specified or neither.",
            &[],
        );
    }
}

/// SPV_KHR_workgroup_memory_explicit_layout as changed by SPV_KHR_untyped_pointers: per entry
/// point, all or none of the Workgroup interface variables are Block structs, and several
/// Block ones must all be Aliased unless UntypedPointersKHR is declared.
pub fn check_workgroup_layout(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if !st.has_capability(Capability::WorkgroupMemoryExplicitLayoutKHR) {
        return;
    }
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        // Interface ids follow the name (operand 2); operands 3.. are the interface.
        let interface: Vec<u32> = st
            .ops(&inst)
            .iter()
            .skip(3)
            .map(|o| st.word(&inst, usize::from(o.offset)))
            .collect();
        let mut block = Vec::new();
        let mut plain = 0usize;
        for v in interface {
            let Some(d) = st.def(v).copied() else {
                continue;
            };
            let data = match d.op() {
                Op::Variable if st.word(&d, 3) == StorageClass::Workgroup.0 => {
                    ti::pointee(st, d.result_type)
                }
                Op::UntypedVariableKHR if st.word(&d, 3) == StorageClass::Workgroup.0 => {
                    (d.len > 4).then(|| st.word(&d, 4))
                }
                _ => continue,
            };
            let is_block = data.is_some_and(|t| {
                ti::type_op(st, t) == Some(Op::TypeStruct)
                    && ti::has_decoration(st, t, Decoration::Block)
            });
            if is_block {
                block.push(v);
            } else {
                plain += 1;
            }
        }
        if !block.is_empty() && plain > 0 {
            s.err(
                "untyped.workgroup_explicit_layout",
                ep,
                "Either all or none of the Workgroup Storage Class variables in the entry point interface must point to struct types decorated with Block",
                &[],
            );
        }
        if block.len() > 1
            && !st.has_capability(Capability::UntypedPointersKHR)
            && block
                .iter()
                .any(|&v| !ti::has_decoration(st, v, Decoration::Aliased))
        {
            s.err(
                "untyped.workgroup_explicit_layout",
                ep,
                "If more than one Workgroup Storage Class variable in the entry point interface points to a type decorated with Block, all of them must be decorated with Aliased (unless UntypedPointersKHR is declared)",
                &[],
            );
        }
    }
}
