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

#[test]
fn opencl_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
