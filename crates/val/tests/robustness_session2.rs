//! The session-2 rules (images, non-uniform groups, GLSL.std.450 and OpenCL.std operand
//! shapes, memory operands, logical pointers) never panic: valid modules that exercise them get
//! random word replacements and are validated under every kind of environment.

mod fixtures;

use proptest::prelude::*;
use spirvkit_val::{validate, TargetEnv, ValidatorOptions};

/// Valid modules exercising the session-2 rules: a shared base module, extra capabilities
/// and the entry function's body.
const MODULES: &[(&str, &str, &str)] = &[
    (
        fixtures::IMAGE_BASE,
        "",
        r#"%a1 = OpImageSampleImplicitLod %v4f %si2_ %uv Bias|ConstOffset %f1 %xy
%a2 = OpImageSampleExplicitLod %v4f %si2_ %uv Grad|MinLod %uv %uv %f1
%a3 = OpImageSampleDrefImplicitLod %float %si2d_ %uv %f1
%a4 = OpImageGather %v4f %si2_ %uv %i0 ConstOffsets %offs
%a5 = OpImageFetch %v4f %im2ms_ %xy Sample %i1
%a6 = OpImageRead %v4f %st2_ %xy
OpImageWrite %st2_ %xy %uvwq
%a7 = OpImageQuerySizeLod %v2i %im2_ %i0
%a8 = OpImageQueryLod %v2f %si2_ %uv
%a9 = OpImageTexelPointer %p_img_u %v_st2r %xy %u0
%b1 = OpImageSparseFetch %sres %im2_ %xy
%b2 = OpCompositeExtract %int %b1 0
%b3 = OpImageSparseTexelsResident %bool %b2
%b4 = OpImage %im2 %si2_"#,
    ),
    (
        fixtures::GROUP_BASE,
        "",
        r#"%a1 = OpGroupNonUniformElect %bool %u3
%a2 = OpGroupNonUniformBallot %v4u %u3 %t
%a3 = OpGroupNonUniformBallotBitCount %uint %u3 Reduce %a2
%a4 = OpGroupNonUniformShuffle %float %u3 %f1 %u1
%a5 = OpGroupNonUniformIAdd %uint %u3 ClusteredReduce %u1 %u2
%a6 = OpGroupNonUniformQuadSwap %float %u3 %f1 %u1
%a7 = OpGroupNonUniformBroadcast %float %u3 %f1 %x"#,
    ),
    (
        fixtures::GLSL_BASE,
        "",
        r#"%a1 = OpExtInst %float %glsl Determinant %mat
%a2 = OpExtInst %float %glsl Modf %f1 %pf
%a3 = OpExtInst %sfi %glsl FrexpStruct %f1
%a4 = OpExtInst %uint %glsl PackHalf2x16 %vf
%a5 = OpExtInst %v2f %glsl UnpackUnorm2x16 %u1
%a6 = OpExtInst %v2f %glsl InterpolateAtOffset %in2 %vf
%a7 = OpExtInst %int %glsl FindILsb %i1"#,
    ),
    (
        fixtures::KERNEL_BASE,
        "",
        r#"%a1 = OpExtInst %int %cl u_max %i1 %i1
%a2 = OpExtInst %float %cl frexp %f1 %pi
%a3 = OpExtInst %float %cl vload_half %l1 %ph
%a4 = OpExtInst %void %cl vstore_halfn %vf %l1 %ph
%a5 = OpExtInst %v2f %cl shuffle %vf %vi
%a6 = OpExtInst %float %cl select %f1 %f1 %i1
OpCopyMemorySized %pf %pf2 %l1 Aligned 4"#,
    ),
    (
        fixtures::LOGICAL_BASE,
        "OpCapability VariablePointers\n",
        r#"%a = OpCopyObject %pwu %wg
%b = OpSelect %pwu %t %wg %wg"#,
    ),
];

fn assembled() -> Vec<Vec<u32>> {
    MODULES
        .iter()
        .map(|&(base, capabilities, body)| {
            let text = fixtures::module(base, capabilities, "", body);
            spirvkit_text::assemble(&text, &Default::default()).expect("assembles")
        })
        .collect()
}

const ENVS: &[&str] = &["spv1.6", "vulkan1.3", "opencl2.0", "spv1.3"];

#[test]
fn sample_modules_are_valid() {
    for (i, words) in assembled().iter().enumerate() {
        let r = validate(words, &ValidatorOptions::new(TargetEnv::Spv(6)));
        assert!(r.is_ok(), "sample {i}: {:?}", r.err());
    }
}

/// A Block whose array member names itself as its element type (found by the proptest below
/// as a hang of the explicit-layout walk): validation ends with errors in every environment.
const SELF_REFERENTIAL_ARRAY: &str = r#"OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %sb
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %blk Block
OpMemberDecorate %blk 0 Offset 0
OpDecorate %arr ArrayStride 4
OpDecorate %sb DescriptorSet 0
OpDecorate %sb Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%arr = OpTypeArray %uint %u2
%blk = OpTypeStruct %arr
%pb = OpTypePointer StorageBuffer %blk
%sb = OpVariable %pb StorageBuffer
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
"#;

#[test]
fn self_referential_array_terminates() {
    let mut words =
        spirvkit_text::assemble(SELF_REFERENTIAL_ARRAY, &Default::default()).expect("assembles");
    // Point OpTypeArray's element type at the array itself.
    let mut i = 5;
    while i < words.len() {
        let (count, opcode) = ((words[i] >> 16) as usize, words[i] & 0xffff);
        if opcode == 28 {
            words[i + 2] = words[i + 1];
        }
        i += count.max(1);
    }
    for env in ["spv1.6", "vulkan1.0", "vulkan1.3", "opencl2.0"] {
        let env: TargetEnv = env.parse().expect("env");
        assert!(validate(&words, &ValidatorOptions::new(env)).is_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, .. ProptestConfig::default() })]

    #[test]
    fn word_replacements_never_panic(
        module in 0usize..5,
        env in 0usize..4,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u32>(), 0u32..4), 1..4),
    ) {
        let mut words = assembled().swap_remove(module);
        // Mostly plausible ids and small literals, sometimes anything.
        fixtures::apply_edits(&mut words, &edits, 64);
        let env: TargetEnv = ENVS[env].parse().expect("env");
        let started = std::time::Instant::now();
        let _ = validate(&words, &ValidatorOptions::new(env));
        // Validation of these small modules is quick whatever the edit (no hang, no blow-up).
        prop_assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
}
