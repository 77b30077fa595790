//! Vulkan rules of type declarations (spirv-val's type checks under a Vulkan target): pointer
//! types name a storage class Vulkan has (VUID-StandaloneSpirv-None-04643); arrays and runtime
//! arrays do not hold runtime arrays, a runtime array is only a struct's last member and such a
//! struct is a Block or BufferBlock (04680); structs hold no opaque type (04667, relaxed by
//! `--before-hlsl-legalization`).

use super::vulkan_variables::valid_storage_class;
use crate::instructions::Sink;
use crate::typeinfo as ti;
use spirvkit_grammar::{Capability, Decoration, Op};

const RTA_RULE: &str = "vulkan.runtime_array";

fn is_opaque(s: &Sink<'_, '_>, op: Op) -> bool {
    let bindless = s.st.has_capability(Capability::BindlessTextureNV);
    match op {
        Op::TypeImage | Op::TypeSampler | Op::TypeSampledImage => !bindless,
        // spirv-val's spvOpcodeIsBaseOpaqueType.
        Op::TypeEvent
        | Op::TypeDeviceEvent
        | Op::TypeReserveId
        | Op::TypeQueue
        | Op::TypePipe
        | Op::TypeAccelerationStructureKHR
        | Op::TypeRayQueryKHR
        | Op::TypeHitObjectNV => true,
        _ => false,
    }
}

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    for (index, inst) in st.insts.iter().enumerate() {
        let index = index as u32;
        match inst.op() {
            Op::TypePointer if !valid_storage_class(st.word(inst, 2)) => s.err(
                "vulkan.storage_class",
                index,
                "[VUID-StandaloneSpirv-None-04643] Invalid storage class for target environment",
                &[inst.result_id],
            ),
            Op::TypeArray | Op::TypeRuntimeArray => {
                let elem = st.word(inst, 2);
                if ti::type_op(st, elem) == Some(Op::TypeRuntimeArray) {
                    s.err(
                        RTA_RULE,
                        index,
                        format!("[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680] {} Element Type <id> {} is not valid in Vulkan environments.", ti::op_name(inst.op()), st.id_name(elem)),
                        &[elem],
                    );
                }
            }
            Op::TypeStruct => structure(s, index, inst.result_id),
            _ => {}
        }
    }
}

fn structure(s: &mut Sink<'_, '_>, index: u32, id: u32) {
    let st = s.st;
    let members = ti::struct_members(st, id);
    for (i, &m) in members.iter().enumerate() {
        if ti::type_op(st, m) != Some(Op::TypeRuntimeArray) {
            continue;
        }
        if i + 1 != members.len() {
            s.err(
                RTA_RULE,
                index,
                "[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680] In Vulkan, OpTypeRuntimeArray must only be used for the last member of an OpTypeStruct",
                &[id],
            );
            return;
        }
        if !ti::has_decoration_or_group(st, id, Decoration::Block)
            && !ti::has_decoration_or_group(st, id, Decoration::BufferBlock)
        {
            s.err(
                RTA_RULE,
                index,
                "[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680] Vulkan, OpTypeStruct containing an OpTypeRuntimeArray must be decorated with Block or BufferBlock.",
                &[id],
            );
            return;
        }
    }
    if !st.opts.relax.before_hlsl_legalization
        && crate::instructions::variables::contains_type(st, id, &|d| is_opaque(s, d.op()))
    {
        s.err(
            "vulkan.opaque_member",
            index,
            "[VUID-StandaloneSpirv-OpTypeStruct-04667] In Vulkan, OpTypeStruct must not contain an opaque type.",
            &[id],
        );
    }
}
