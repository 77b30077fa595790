//! The part-2 rules (instructions, extensions, environments) never panic: valid modules that
//! exercise them get random word replacements and are validated under every kind of
//! environment.

mod fixtures;
use proptest::prelude::*;
use spirvkit_val::{validate, TargetEnv, ValidatorOptions};

const MODULES: &[&str] = &[
    // Vulkan buffers with explicit layout, matrices, arrays, atomics, GLSL.std.450.
    "OpCapability Shader
%glsl = OpExtInstImport \"GLSL.std.450\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %u %b
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
OpMemberDecorate %S 1 Offset 16
OpMemberDecorate %S 1 ColMajor
OpMemberDecorate %S 1 MatrixStride 16
OpMemberDecorate %S 2 Offset 80
OpDecorate %arr ArrayStride 16
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
OpDecorate %B Block
OpMemberDecorate %B 0 Offset 0
OpDecorate %b DescriptorSet 0
OpDecorate %b Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%c4 = OpConstant %uint 4
%v4 = OpTypeVector %float 4
%m4 = OpTypeMatrix %v4 4
%arr = OpTypeArray %float %c4
%S = OpTypeStruct %float %m4 %arr
%B = OpTypeStruct %uint
%pS = OpTypePointer Uniform %S
%u = OpVariable %pS Uniform
%pB = OpTypePointer StorageBuffer %B
%b = OpVariable %pB StorageBuffer
%pf = OpTypePointer Uniform %float
%pu = OpTypePointer StorageBuffer %uint
%main = OpFunction %void None %fn
%e = OpLabel
%p = OpAccessChain %pf %u %c2 %c1
%x = OpLoad %float %p Aligned 4
%y = OpExtInst %float %glsl Sqrt %x
%z = OpFMul %float %x %y
%q = OpAccessChain %pu %b %c0
%a = OpAtomicIAdd %uint %q %c1 %c0 %c1
%v = OpCompositeConstruct %v4 %x %y %z %x
%w = OpVectorShuffle %v4 %v %v 0 1 2 7
%k = OpCompositeExtract %float %w 3
OpControlBarrier %c2 %c2 %c0
OpReturn
OpFunctionEnd
",
    // Untyped pointers and raw access chains.
    "OpCapability Shader
OpCapability UntypedPointersKHR
OpCapability RawAccessChainsNV
OpExtension \"SPV_KHR_untyped_pointers\"
OpExtension \"SPV_NV_raw_access_chains\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %ssbo %tb
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %rta ArrayStride 4
OpDecorate %Block Block
OpMemberDecorate %Block 0 Offset 0
OpMemberDecorate %Block 1 Offset 4
OpDecorate %ssbo DescriptorSet 0
OpDecorate %ssbo Binding 0
OpDecorate %tb DescriptorSet 0
OpDecorate %tb Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%rta = OpTypeRuntimeArray %uint
%Block = OpTypeStruct %uint %rta
%usb = OpTypeUntypedPointerKHR StorageBuffer
%pBlock = OpTypePointer StorageBuffer %Block
%pu = OpTypePointer StorageBuffer %uint
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c4 = OpConstant %uint 4
%c16 = OpConstant %uint 16
%ssbo = OpUntypedVariableKHR %usb StorageBuffer %Block
%tb = OpVariable %pBlock StorageBuffer
%main = OpFunction %void None %fn
%e = OpLabel
%p = OpUntypedAccessChainKHR %usb %Block %ssbo %c1 %c0
%v = OpLoad %uint %p
%len = OpUntypedArrayLengthKHR %uint %Block %ssbo 1
%r = OpRawAccessChainNV %pu %tb %c16 %c1 %c4 RobustnessPerComponentNV
OpStore %r %v Aligned 4
OpReturn
OpFunctionEnd
",
    // An OpenCL kernel: USM casts, generic casts, OpenCL.std, images.
    "OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability GenericPointer
OpCapability ImageBasic
OpCapability USMStorageClassesALTERA
OpExtension \"SPV_ALTERA_usm_storage_classes\"
%ocl = OpExtInstImport \"OpenCL.std\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%img = OpTypeImage %void 2D 0 0 0 0 Unknown ReadOnly
%pcw = OpTypePointer CrossWorkgroup %uint
%pdev = OpTypePointer DeviceOnlyALTERA %uint
%pgen = OpTypePointer Generic %uint
%f1 = OpConstant %float 1
%fnty = OpTypeFunction %void %pcw %pdev
%k = OpFunction %void None %fnty
%a = OpFunctionParameter %pcw
%d = OpFunctionParameter %pdev
%e = OpLabel
%x = OpPtrCastToCrossWorkgroupALTERA %pcw %d
%g = OpPtrCastToGeneric %pgen %a
%h = OpGenericCastToPtr %pcw %g
%i = OpConvertPtrToU %ulong %h
%j = OpBitcast %pcw %i
%m = OpExtInst %float %ocl fmax %f1 %f1
OpReturn
OpFunctionEnd
",
];

fn assembled() -> Vec<Vec<u32>> {
    MODULES
        .iter()
        .map(|m| spirvkit_text::assemble(m, &Default::default()).expect("assembles"))
        .collect()
}

const ENVS: &[&str] = &[
    "spv1.6",
    "vulkan1.0",
    "vulkan1.1",
    "vulkan1.3",
    "opencl1.2",
    "opencl2.0",
];

#[test]
fn sample_modules_are_valid_where_intended() {
    let m = assembled();
    for (i, words) in m.iter().enumerate() {
        let env = if i == 2 {
            TargetEnv::Universal
        } else {
            TargetEnv::Spv(6)
        };
        let r = validate(words, &ValidatorOptions::new(env));
        assert!(r.is_ok(), "sample {i}: {:?}", r.err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, .. ProptestConfig::default() })]

    #[test]
    fn word_replacements_never_panic(
        module in 0usize..3,
        env in 0usize..6,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u32>(), 0u32..4), 1..4),
    ) {
        let mut words = assembled().swap_remove(module);
        // Mostly plausible ids and small literals, sometimes anything.
        fixtures::apply_edits(&mut words, &edits, 64);
        let env: TargetEnv = ENVS[env].parse().expect("env");
        let _ = validate(&words, &ValidatorOptions::new(env));
    }
}
