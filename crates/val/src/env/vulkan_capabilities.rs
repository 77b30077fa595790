//! Capabilities a Vulkan 1.0 .. 1.4 environment guarantees or may support (spirv-val's lists,
//! from the Vulkan specification's SPIR-V appendix; the 1.3 and 1.4 additions were read off
//! spirv-val 2025.5 by declaring every capability of the grammar under each version); any other
//! capability needs an enabling extension.

use crate::instructions::Sink;
use crate::options::TargetEnv;
use spirvkit_grammar::{Capability as C, Op, OperandKind};

fn guaranteed(cap: C, minor: u8) -> bool {
    matches!(
        cap,
        C::Matrix
            | C::Shader
            | C::InputAttachment
            | C::Sampled1D
            | C::Image1D
            | C::SampledBuffer
            | C::ImageBuffer
            | C::ImageQuery
            | C::DerivativeControl
    ) || (minor >= 1 && matches!(cap, C::DeviceGroup | C::MultiView))
        || (minor >= 2 && cap == C::ShaderNonUniform)
}

fn optional(cap: C, minor: u8) -> bool {
    let v1_0 = matches!(
        cap,
        C::Geometry
            | C::Tessellation
            | C::Float64
            | C::Int64
            | C::Int16
            | C::TessellationPointSize
            | C::GeometryPointSize
            | C::ImageGatherExtended
            | C::StorageImageMultisample
            | C::UniformBufferArrayDynamicIndexing
            | C::SampledImageArrayDynamicIndexing
            | C::StorageBufferArrayDynamicIndexing
            | C::StorageImageArrayDynamicIndexing
            | C::ClipDistance
            | C::CullDistance
            | C::ImageCubeArray
            | C::SampleRateShading
            | C::SparseResidency
            | C::MinLod
            | C::SampledCubeArray
            | C::ImageMSArray
            | C::StorageImageExtendedFormats
            | C::InterpolationFunction
            | C::StorageImageReadWithoutFormat
            | C::StorageImageWriteWithoutFormat
            | C::MultiViewport
            | C::Int64Atomics
            | C::TransformFeedback
            | C::GeometryStreams
            | C::Float16
            | C::Int8
    );
    let v1_1 = matches!(
        cap,
        C::GroupNonUniform
            | C::GroupNonUniformVote
            | C::GroupNonUniformArithmetic
            | C::GroupNonUniformBallot
            | C::GroupNonUniformShuffle
            | C::GroupNonUniformShuffleRelative
            | C::GroupNonUniformClustered
            | C::GroupNonUniformQuad
            | C::DrawParameters
            | C::StorageBuffer16BitAccess
            | C::UniformAndStorageBuffer16BitAccess
            | C::StoragePushConstant16
            | C::StorageInputOutput16
            | C::DeviceGroup
            | C::MultiView
            | C::VariablePointersStorageBuffer
            | C::VariablePointers
    );
    let v1_2 = matches!(
        cap,
        C::DenormPreserve
            | C::DenormFlushToZero
            | C::SignedZeroInfNanPreserve
            | C::RoundingModeRTE
            | C::RoundingModeRTZ
            | C::VulkanMemoryModel
            | C::VulkanMemoryModelDeviceScope
            | C::StorageBuffer8BitAccess
            | C::UniformAndStorageBuffer8BitAccess
            | C::StoragePushConstant8
            | C::ShaderViewportIndex
            | C::ShaderLayer
            | C::PhysicalStorageBufferAddresses
            | C::RuntimeDescriptorArray
            | C::UniformTexelBufferArrayDynamicIndexing
            | C::StorageTexelBufferArrayDynamicIndexing
            | C::UniformBufferArrayNonUniformIndexing
            | C::SampledImageArrayNonUniformIndexing
            | C::StorageBufferArrayNonUniformIndexing
            | C::StorageImageArrayNonUniformIndexing
            | C::InputAttachmentArrayNonUniformIndexing
            | C::UniformTexelBufferArrayNonUniformIndexing
            | C::StorageTexelBufferArrayNonUniformIndexing
    );
    let v1_3 = matches!(
        cap,
        C::DemoteToHelperInvocation
            | C::DotProduct
            | C::DotProductInput4x8Bit
            | C::DotProductInput4x8BitPacked
            | C::DotProductInputAll
    );
    let v1_4 = cap == C::FloatControls2;
    v1_0 || (minor >= 1 && v1_1)
        || (minor >= 2 && v1_2)
        || (minor >= 3 && v1_3)
        || (minor >= 4 && v1_4)
}

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    // spirv-val 2025.5 checks capabilities only under vulkan1.0..1.4: under vulkan1.1spv1.4
    // it accepts every capability (recorded in STATUS.md; the Vulkan spec's capability
    // table applies there too).
    let TargetEnv::Vulkan(minor) = st.opts.target_env else {
        return;
    };
    let version = minor;
    for index in 0..st.insts.len() as u32 {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        match inst.op() {
            Op::Capability => {}
            Op::Extension | Op::ExtInstImport => continue,
            _ => break,
        }
        let cap = C(st.word(&inst, 1));
        let desc = OperandKind::Capability.desc().enumerant(cap.0);
        let by_extension = desc.is_some_and(|e| {
            e.avail
                .extensions
                .iter()
                .any(|x| st.extensions.contains(*x))
        });
        let allowed = guaranteed(cap, minor) || optional(cap, minor);
        if !allowed && !by_extension {
            let name = desc.map_or("Unknown", |e| e.name);
            s.err(
                "vulkan.capability",
                index,
                format!("Capability {name} is not allowed by Vulkan 1.{version} specification (or requires extension)"),
                &[],
            );
        }
    }
}
