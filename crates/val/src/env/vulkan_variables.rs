//! Vulkan rules of OpVariable (spirv-val's ValidateVariable under a Vulkan target): the storage
//! class is one Vulkan has (VUID-StandaloneSpirv-None-04643); descriptor-set interface types —
//! PushConstant variables are structs (06808), UniformConstant variables images, samplers,
//! sampled images or acceleration structures or one array level of them (04655), Uniform and
//! StorageBuffer variables structs or one array level of structs (06807); Invariant only on
//! Input/Output variables (04677); initializers only for Output, Private, Function, and
//! OpConstantNull for Workgroup (04651, 04734); runtime arrays only inside Block/BufferBlock
//! structs of buffer storage classes, bare only with RuntimeDescriptorArray (04680).

use crate::instructions::Sink;
use crate::state::Inst;
use crate::typeinfo as ti;
use spirvkit_grammar::{Capability, Decoration, Op, StorageClass as SC};

/// The storage classes a Vulkan environment has (spirv-val's IsValidStorageClass).
pub fn valid_storage_class(sc: u32) -> bool {
    matches!(
        SC(sc),
        SC::UniformConstant
            | SC::Uniform
            | SC::StorageBuffer
            | SC::Input
            | SC::Output
            | SC::Image
            | SC::Workgroup
            | SC::Private
            | SC::Function
            | SC::PushConstant
            | SC::PhysicalStorageBuffer
            | SC::RayPayloadKHR
            | SC::IncomingRayPayloadKHR
            | SC::HitAttributeKHR
            | SC::CallableDataKHR
            | SC::IncomingCallableDataKHR
            | SC::ShaderRecordBufferKHR
            | SC::TaskPayloadWorkgroupEXT
            | SC::HitObjectAttributeNV
            | SC::TileImageEXT
            | SC::NodePayloadAMDX
            | SC::TileAttachmentQCOM
    )
}

/// spirv-val's IsAllowedTypeOrArrayOfSame: the type, or the element of one array level, has
/// one of the allowed opcodes.
fn type_or_array_of(s: &Sink<'_, '_>, ty: u32, allowed: &[Op]) -> bool {
    let st = s.st;
    let Some(op) = ti::type_op(st, ty) else {
        return true;
    };
    if allowed.contains(&op) {
        return true;
    }
    if matches!(op, Op::TypeArray | Op::TypeRuntimeArray) {
        let elem = ti::element_type(st, ty).unwrap_or(0);
        return ti::type_op(st, elem).is_some_and(|e| allowed.contains(&e));
    }
    false
}

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    for (index, inst) in st.insts.iter().enumerate() {
        if inst.op() == Op::Variable {
            variable(s, index as u32, inst);
        }
    }
}

fn variable(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let var = inst.result_id;
    let name = st.id_name(var);
    let sc = st.word(inst, 3);
    if !valid_storage_class(sc) {
        s.err(
            "vulkan.storage_class",
            index,
            "[VUID-StandaloneSpirv-None-04643] Invalid storage class for target environment",
            &[var],
        );
    }
    let Some(data) = ti::pointee(st, inst.result_type) else {
        return;
    };
    let storage = SC(sc);
    match storage {
        SC::PushConstant if ti::type_op(st, data) != Some(Op::TypeStruct) => s.err(
            "vulkan.descriptor_type",
            index,
            format!("[VUID-StandaloneSpirv-PushConstant-06808] PushConstant OpVariable <id> {name} has illegal type.\nFrom Vulkan spec, Push Constant Interface section:\nSuch variables must be typed as OpTypeStruct"),
            &[var],
        ),
        SC::UniformConstant
            if !type_or_array_of(
                s,
                data,
                &[
                    Op::TypeImage,
                    Op::TypeSampler,
                    Op::TypeSampledImage,
                    Op::TypeAccelerationStructureKHR,
                    Op::TypeTensorARM,
                ],
            ) =>
        {
            s.err(
                "vulkan.descriptor_type",
                index,
                format!("[VUID-StandaloneSpirv-UniformConstant-04655] UniformConstant OpVariable <id> {name} has illegal type.\nVariables identified with the UniformConstant storage class are used only as handles to refer to opaque resources. Such variables must be typed as OpTypeImage, OpTypeSampler, OpTypeSampledImage, OpTypeAccelerationStructureKHR, or an array of one of these types."),
                &[var],
            )
        }
        SC::Uniform | SC::StorageBuffer if !type_or_array_of(s, data, &[Op::TypeStruct]) => s.err(
            "vulkan.descriptor_type",
            index,
            format!("[VUID-StandaloneSpirv-Uniform-06807] {} OpVariable <id> {name} has illegal type.\nVariables identified with the {0} storage class are used to access transparent buffer backed resources. Such variables must be typed as OpTypeStruct, or an array of this type", ti::storage_class_name(sc)),
            &[var],
        ),
        _ => {}
    }
    if !matches!(storage, SC::Input | SC::Output) {
        if ti::has_decoration_or_group(st, var, Decoration::Invariant) {
            s.err(
                "vulkan.invariant",
                index,
                "[VUID-StandaloneSpirv-Invariant-04677] Variable decorated with Invariant must only be identified with the Input or Output storage class in Vulkan environment.",
                &[var],
            );
        }
        if ti::type_op(st, data) == Some(Op::TypeStruct)
            && (ti::has_decoration(st, data, Decoration::Invariant)
                || ti::has_member_decoration(st, data, Decoration::Invariant))
        {
            s.err(
                "vulkan.invariant",
                index,
                "[VUID-StandaloneSpirv-Invariant-04677] Variable struct member decorated with Invariant must only be identified with the Input or Output storage class in Vulkan environment.",
                &[var],
            );
        }
    }
    if inst.len > 4 && !matches!(storage, SC::Output | SC::Private | SC::Function) {
        let init = st.word(inst, 4);
        if storage == SC::Workgroup {
            if st.def_op(init) != Some(Op::ConstantNull) {
                s.err(
                    "vulkan.initializer",
                    index,
                    format!("[VUID-StandaloneSpirv-OpVariable-04734] OpVariable, <id> {name}, initializers are limited to OpConstantNull in Workgroup storage class"),
                    &[var],
                );
            }
        } else {
            s.err(
                "vulkan.initializer",
                index,
                format!("[VUID-StandaloneSpirv-OpVariable-04651] OpVariable, <id> {name}, has a disallowed initializer & storage class combination.\nVariable declarations that include initializers must have one of the following storage classes: Output, Private, Function or Workgroup"),
                &[var],
            );
        }
    }
    runtime_arrays(s, index, var, storage, data);
    if inst.func == crate::state::NONE {
        descriptors(s, index, var, storage, data);
    }
}

/// Resource variables carry DescriptorSet and Binding (VUID-StandaloneSpirv-UniformConstant-
/// 06677; with `--before-hlsl-legalization` only those a function uses) and only they do
/// (06491); Uniform buffers are Block or BufferBlock structs (06676), StorageBuffer and
/// PushConstant ones Block structs (06675) — arrays unwrapped, used or not.
fn descriptors(s: &mut Sink<'_, '_>, index: u32, var: u32, storage: SC, data: u32) {
    let st = s.st;
    let resource = matches!(
        storage,
        SC::UniformConstant | SC::Uniform | SC::StorageBuffer
    );
    let sc_name = ti::storage_class_name(storage.0);
    for (decoration, name) in [
        (Decoration::DescriptorSet, "DescriptorSet"),
        (Decoration::Binding, "Binding"),
    ] {
        let has = ti::has_decoration_or_group(st, var, decoration);
        // Before HLSL legalization, unused resources are not judged.
        let judged = !st.opts.relax.before_hlsl_legalization || used_in_function(s, var);
        if resource && !has && judged {
            s.err(
                "vulkan.descriptor_decoration",
                index,
                format!("[VUID-StandaloneSpirv-UniformConstant-06677] {sc_name} id '{var}' is missing {name} decoration.\nThese variables must have DescriptorSet and Binding decorations specified"),
                &[var],
            );
        } else if !resource && has {
            s.err(
                "vulkan.descriptor_decoration",
                index,
                format!("[VUID-StandaloneSpirv-DescriptorSet-06491] {name} decoration on target <id> {} must be in the StorageBuffer, Uniform, or UniformConstant storage class", st.id_name(var)),
                &[var],
            );
        }
    }
    let mut block = data;
    for _ in 0..64 {
        match ti::type_op(st, block) {
            Some(Op::TypeArray | Op::TypeRuntimeArray) => {
                block = ti::element_type(st, block).unwrap_or(0);
            }
            _ => break,
        }
    }
    if ti::type_op(st, block) != Some(Op::TypeStruct) {
        return;
    }
    let has_block = has_nested(st, block, Decoration::Block, 0);
    let message = match storage {
        SC::Uniform if !has_block && !has_nested(st, block, Decoration::BufferBlock, 0) => {
            format!("[VUID-StandaloneSpirv-Uniform-06676] Uniform id '{var}' is missing Block or BufferBlock decoration.")
        }
        SC::StorageBuffer | SC::PushConstant if !has_block => {
            format!("[VUID-StandaloneSpirv-PushConstant-06675] {sc_name} id '{var}' is missing Block decoration.")
        }
        _ => return,
    };
    s.err("vulkan.block", index, message, &[var, block]);
}

/// Whether struct `ty` or a struct it holds directly as a member (recursively, not through
/// arrays) carries `dec` — spirv-val's `hasDecoration` for the Block/BufferBlock VUIDs
/// (probed: a StorageBuffer struct whose member struct is the Block is accepted).
fn has_nested(st: &crate::state::State<'_>, ty: u32, dec: Decoration, depth: u32) -> bool {
    if ti::has_decoration_or_group(st, ty, dec) {
        return true;
    }
    depth < 32
        && ti::type_op(st, ty) == Some(Op::TypeStruct)
        && ti::struct_members(st, ty).iter().any(|&m| {
            ti::type_op(st, m) == Some(Op::TypeStruct) && has_nested(st, m, dec, depth + 1)
        })
}

/// Whether any instruction inside a function names `var`.
fn used_in_function(s: &Sink<'_, '_>, var: u32) -> bool {
    let st = s.st;
    st.insts
        .iter()
        .any(|i| i.func != crate::state::NONE && st.inst_words(i).iter().skip(1).any(|&w| w == var))
}

fn runtime_arrays(s: &mut Sink<'_, '_>, index: u32, var: u32, storage: SC, data: u32) {
    let st = s.st;
    const RULE: &str = "vulkan.runtime_array";
    match ti::type_op(st, data) {
        Some(Op::TypeRuntimeArray) => {
            if !st.has_capability(Capability::RuntimeDescriptorArray) {
                s.err(
                    RULE,
                    index,
                    format!("[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680] OpVariable, <id> {}, is attempting to create memory for an illegal type, OpTypeRuntimeArray.\nFor Vulkan OpTypeRuntimeArray can only appear as the final member of an OpTypeStruct, thus cannot be instantiated via OpVariable", st.id_name(var)),
                    &[var],
                );
            } else if !matches!(
                storage,
                SC::StorageBuffer | SC::Uniform | SC::UniformConstant
            ) {
                s.err(
                    RULE,
                    index,
                    "[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680] For Vulkan with RuntimeDescriptorArrayEXT, a variable containing OpTypeRuntimeArray must have storage class of StorageBuffer, Uniform, or UniformConstant.",
                    &[var],
                );
            }
        }
        Some(Op::TypeStruct) => {
            let has_rta = ti::struct_members(st, data)
                .iter()
                .any(|&m| ti::type_op(st, m) == Some(Op::TypeRuntimeArray));
            if !has_rta {
                return;
            }
            let message = match storage {
                SC::StorageBuffer | SC::PhysicalStorageBuffer
                    if !ti::has_decoration_or_group(st, data, Decoration::Block) =>
                {
                    "For Vulkan, an OpTypeStruct variable containing an OpTypeRuntimeArray must be decorated with Block if it has storage class StorageBuffer or PhysicalStorageBuffer."
                }
                SC::StorageBuffer | SC::PhysicalStorageBuffer => return,
                // spirv-val 2025.5 accepts Block as well as BufferBlock here (probed); the
                // struct rule already asks for one of them.
                SC::Uniform => return,
                _ => "For Vulkan, OpTypeStruct variables containing OpTypeRuntimeArray must have storage class of StorageBuffer, PhysicalStorageBuffer, or Uniform.",
            };
            s.err(
                RULE,
                index,
                format!("[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680] {message}"),
                &[var],
            );
        }
        _ => {}
    }
}
