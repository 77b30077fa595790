//! Environment rules: the OpenCL SPIR-V environment (capabilities per version and profile,
//! addressing and memory model, image types). Every case's spirv-val 2025.5 verdict for the
//! same `--target-env` is recorded and re-checked by `reference_agrees`.

mod reference;
use reference::{check_case, Case, Ref};

const KERNEL: &str = "; Version: 1.0
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
DECOR
%ocl = OpExtInstImport \"OpenCL.std\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%pcw = OpTypePointer CrossWorkgroup %uint
%float = OpTypeFloat 32
%f1 = OpConstant %float 1
%u1 = OpConstant %uint 1
TYPES
%fnty = OpTypeFunction %void %pcw
%k = OpFunction %void None %fnty
%a = OpFunctionParameter %pcw
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const LOGICAL_KERNEL: &str = "; Version: 1.0
OpCapability Kernel
OpMemoryModel Logical OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%k = OpFunction %void None %fnty
%e = OpLabel
OpReturn
OpFunctionEnd
";

/// `CAPS` → extra capabilities, `TYPES` → the image type under test.
const fn kernel(
    name: &'static str,
    env: &'static str,
    caps: &'static str,
    types: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, KERNEL, "", rule, reference)
        .with_env(env)
        .with_decorations(caps)
        .with_types(types)
}

pub const CASES: &[Case] = &[
    Case::new("ext_inst.opencl_std.valid", KERNEL, "%x = OpExtInst %float %ocl fmax %f1 %f1\n%y = OpExtInst %float %ocl sqrt %f1", None, Ref::Accepts).with_env("opencl1.2"),
    Case::new("ext_inst.vector_load.valid", KERNEL, "%v = OpExtInst %v4u %ocl vloadn %l0 %a 4\n%w = OpExtInst %void %ocl vstoren %v %l0 %a", None, Ref::Accepts)
        .with_env("opencl1.2")
        .with_types("%v4u = OpTypeVector %uint 4\n%l0 = OpConstant %ulong 0"),
    Case::new("ext_inst.vector_load.pointee", KERNEL, "%v = OpExtInst %v4f %ocl vloadn %l0 %a 4", Some("ext_inst.types"), Ref::Rejects)
        .with_env("opencl1.2")
        .with_types("%v4f = OpTypeVector %float 4\n%l0 = OpConstant %ulong 0"),
    Case::new("ext_inst.vector_store.pointer", KERNEL, "%v = OpCompositeConstruct %v4u %u1 %u1 %u1 %u1\n%w = OpExtInst %void %ocl vstoren %v %l0 %u1", Some("ext_inst.types"), Ref::Rejects)
        .with_env("opencl1.2")
        .with_types("%v4u = OpTypeVector %uint 4\n%l0 = OpConstant %ulong 0"),
    Case::new("ext_inst.opencl_std.types", KERNEL, "%x = OpExtInst %float %ocl fmax %f1 %u1", Some("ext_inst.types"), Ref::Rejects).with_env("opencl1.2"),
    kernel("opencl.valid_1_2", "opencl1.2", "OpCapability Float64\nOpCapability ImageBasic\nOpCapability Sampled1D", "%img = OpTypeImage %void 2D 0 1 0 0 Unknown ReadOnly", None, Ref::Accepts),
    kernel("opencl.valid_2_0", "opencl2.0", "OpCapability GenericPointer\nOpCapability Groups\nOpCapability ImageBasic\nOpCapability ImageReadWrite", "%img = OpTypeImage %void 2D 0 0 0 0 Unknown ReadWrite", None, Ref::Accepts),
    kernel("opencl.capability.float16", "opencl1.2", "OpCapability Float16", "%half = OpTypeFloat 16", None, Ref::Accepts),
    kernel("opencl.capability.shader", "opencl1.2", "OpCapability Shader", "", Some("opencl.capability"), Ref::Rejects),
    kernel("opencl.capability.generic_1_2", "opencl1.2", "OpCapability GenericPointer", "", Some("opencl.capability"), Ref::Rejects),
    kernel("opencl.capability.groups_1_2", "opencl1.2", "OpCapability Groups", "", Some("opencl.capability"), Ref::Rejects),
    kernel("opencl.capability.int64_embedded", "opencl1.2embedded", "", "", Some("opencl.capability"), Ref::Rejects),
    kernel("opencl.capability.image_read_write_1_2", "opencl1.2", "OpCapability ImageBasic\nOpCapability ImageReadWrite", "", Some("opencl.capability"), Ref::Rejects),
    kernel("opencl.capability.sampled1d_needs_image_basic", "opencl1.2", "OpCapability Sampled1D", "", Some("opencl.capability"), Ref::Rejects),
    Case::new("opencl.addressing_model", LOGICAL_KERNEL, "", Some("opencl.addressing_model"), Ref::Rejects).with_env("opencl1.2"),
    kernel("opencl.image.sampled_type", "opencl1.2", "OpCapability ImageBasic", "%img = OpTypeImage %float 2D 0 0 0 0 Unknown ReadOnly", Some("opencl.image"), Ref::Rejects),
    kernel("opencl.image.sampled", "opencl1.2", "OpCapability ImageBasic", "%img = OpTypeImage %void 2D 0 0 0 1 Unknown ReadOnly", Some("opencl.image"), Ref::Rejects),
    kernel("opencl.image.ms", "opencl1.2", "OpCapability ImageBasic", "%img = OpTypeImage %void 2D 0 0 1 0 Unknown ReadOnly", Some("opencl.image"), Ref::Rejects),
    kernel("opencl.image.arrayed", "opencl1.2", "OpCapability ImageBasic", "%img = OpTypeImage %void 3D 0 1 0 0 Unknown ReadOnly", Some("opencl.image"), Ref::Rejects),
    kernel("opencl.image.access_qualifier", "opencl1.2", "OpCapability ImageBasic", "%img = OpTypeImage %void 2D 0 0 0 0 Unknown", Some("opencl.image"), Ref::Rejects),
];

/// A uniform block (std140) and a storage block (std430); `DECOR` adds the member offsets and
/// strides under test, `TYPES` the members.
const VULKAN: &str = "; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %S Block
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
OpDecorate %B Block
OpDecorate %b DescriptorSet 0
OpDecorate %b Binding 1
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%c4 = OpConstant %uint 4
%v2 = OpTypeVector %float 2
%v3 = OpTypeVector %float 3
%v4 = OpTypeVector %float 4
%m4 = OpTypeMatrix %v4 4
%arr = OpTypeArray %float %c4
TYPES
%pS = OpTypePointer Uniform %S
%u = OpVariable %pS Uniform
%pB = OpTypePointer StorageBuffer %B
%b = OpVariable %pB StorageBuffer
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

const LOCAL_SIZE_ID: &str = "; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionModeId %main LocalSizeId %c4 %c4 %c4
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%c4 = OpConstant %uint 4
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

const fn vulkan(
    name: &'static str,
    env: &'static str,
    decorations: &'static str,
    types: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, VULKAN, "", rule, reference)
        .with_env(env)
        .with_decorations(decorations)
        .with_types(types)
}

pub const VULKAN_CASES: &[Case] = &[
    vulkan("vulkan.layout.valid", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 16\nOpMemberDecorate %S 1 ColMajor\nOpMemberDecorate %S 1 MatrixStride 16\nOpMemberDecorate %S 2 Offset 80\nOpDecorate %arr ArrayStride 16\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float %m4 %arr\n%B = OpTypeStruct %float", None, Ref::Accepts),
    vulkan("vulkan.layout.out_of_order_offsets", "vulkan1.1", "OpMemberDecorate %S 0 Offset 16\nOpMemberDecorate %S 1 Offset 0\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float %v4\n%B = OpTypeStruct %float", None, Ref::Accepts),
    vulkan("vulkan.layout.relaxed_vector", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 4\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float %v3\n%B = OpTypeStruct %float", None, Ref::Accepts),
    vulkan("vulkan.layout.straddling_vector", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 8\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float %v3\n%B = OpTypeStruct %float", Some("vulkan.layout"), Ref::Rejects),
    vulkan("vulkan.layout.missing_offset", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0", "%S = OpTypeStruct %float %float\n%B = OpTypeStruct %float", Some("vulkan.layout"), Ref::Rejects),
    vulkan("vulkan.layout.overlap", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 8\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %v4 %float\n%B = OpTypeStruct %float", Some("vulkan.layout"), Ref::Rejects),
    vulkan("vulkan.layout.misaligned_scalar", "vulkan1.1", "OpMemberDecorate %S 0 Offset 2\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float\n%B = OpTypeStruct %float", Some("vulkan.layout"), Ref::Rejects),
    vulkan("vulkan.layout.array_stride_missing", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %arr\n%B = OpTypeStruct %float", Some("layout.explicit"), Ref::Rejects),
    vulkan("vulkan.layout.std140_array_stride", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0\nOpDecorate %arr ArrayStride 4\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %arr\n%B = OpTypeStruct %float", Some("vulkan.layout"), Ref::Rejects),
    vulkan("vulkan.layout.std430_array_stride", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0\nOpDecorate %arr ArrayStride 4\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float\n%B = OpTypeStruct %arr", None, Ref::Accepts),
    vulkan("vulkan.layout.matrix_stride_missing", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 0 ColMajor\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %m4\n%B = OpTypeStruct %float", Some("layout.explicit"), Ref::Rejects),
    vulkan("vulkan.capability", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float\n%B = OpTypeStruct %float", Some("vulkan.capability"), Ref::Rejects)
        .with_capabilities("OpCapability Linkage"),
    vulkan("vulkan.capability.optional", "vulkan1.1", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float\n%B = OpTypeStruct %float", None, Ref::Accepts)
        .with_capabilities("OpCapability Int64\nOpCapability GroupNonUniform"),
    vulkan("vulkan.capability.kernel_only_1_3", "vulkan1.3", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float\n%B = OpTypeStruct %float", Some("vulkan.capability"), Ref::Rejects)
        .with_capabilities("OpCapability Linkage"),
    vulkan("vulkan.capability.optional_1_3", "vulkan1.3", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float\n%B = OpTypeStruct %float", None, Ref::Accepts)
        .with_capabilities("OpCapability Int64\nOpCapability StorageImageReadWithoutFormat"),
    Case::new("vulkan.local_size_id", LOCAL_SIZE_ID, "", Some("vulkan.local_size_id"), Ref::Rejects).with_env("vulkan1.1"),
    vulkan("layout.explicit.offset", "spv1.6", "OpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float\n%B = OpTypeStruct %float", Some("layout.explicit"), Ref::Rejects),
    vulkan("layout.explicit.array_stride", "spv1.6", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %arr\n%B = OpTypeStruct %float", Some("layout.explicit"), Ref::Rejects),
    vulkan("layout.explicit.matrix_stride", "spv1.6", "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 0 ColMajor\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %m4\n%B = OpTypeStruct %float", Some("layout.explicit"), Ref::Rejects),
    vulkan("vulkan.layout.universal_env_not_checked", "spv1.6", "OpMemberDecorate %S 0 Offset 2\nOpMemberDecorate %B 0 Offset 0", "%S = OpTypeStruct %float\n%B = OpTypeStruct %float", None, Ref::Accepts),
];

#[test]
fn vulkan_layout_rules() {
    for c in VULKAN_CASES {
        check_case(c);
    }
}

#[test]
fn opencl_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter().chain(VULKAN_CASES));
}
