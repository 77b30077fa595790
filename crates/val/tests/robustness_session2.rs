//! The session-2 rules (images, non-uniform groups, GLSL.std.450 and OpenCL.std operand
//! shapes, memory operands, logical pointers) never panic: valid modules that exercise them get
//! random word replacements and are validated under every kind of environment.

use proptest::prelude::*;
use spirvkit_val::{validate, TargetEnv, ValidatorOptions};

const MODULES: &[&str] = &[
    r#"OpCapability Shader
OpCapability Sampled1D
OpCapability SampledBuffer
OpCapability ImageQuery
OpCapability SparseResidency
OpCapability MinLod
OpCapability StorageImageReadWithoutFormat
OpCapability StorageImageWriteWithoutFormat
OpCapability ImageGatherExtended
OpCapability Float16
OpCapability Int16
OpCapability InputAttachment
OpCapability StorageImageMultisample

OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %v_im2 %v_im2d %v_im2a %v_im2ms %v_imcube %v_im3 %v_im1 %v_imbuf %v_st2 %v_st2u %v_st2ms %v_st2r %v_sub %v_im2i %v_sampler 
OpExecutionMode %main OriginUpperLeft
OpDecorate %v_im2 DescriptorSet 0
OpDecorate %v_im2 Binding 0
OpDecorate %v_im2d DescriptorSet 0
OpDecorate %v_im2d Binding 1
OpDecorate %v_im2a DescriptorSet 0
OpDecorate %v_im2a Binding 2
OpDecorate %v_im2ms DescriptorSet 0
OpDecorate %v_im2ms Binding 3
OpDecorate %v_imcube DescriptorSet 0
OpDecorate %v_imcube Binding 4
OpDecorate %v_im3 DescriptorSet 0
OpDecorate %v_im3 Binding 5
OpDecorate %v_im1 DescriptorSet 0
OpDecorate %v_im1 Binding 6
OpDecorate %v_imbuf DescriptorSet 0
OpDecorate %v_imbuf Binding 7
OpDecorate %v_st2 DescriptorSet 0
OpDecorate %v_st2 Binding 8
OpDecorate %v_st2u DescriptorSet 0
OpDecorate %v_st2u Binding 9
OpDecorate %v_st2ms DescriptorSet 0
OpDecorate %v_st2ms Binding 10
OpDecorate %v_st2r DescriptorSet 0
OpDecorate %v_st2r Binding 11
OpDecorate %v_sub DescriptorSet 0
OpDecorate %v_sub Binding 12
OpDecorate %v_im2i DescriptorSet 0
OpDecorate %v_im2i Binding 13
OpDecorate %v_sampler DescriptorSet 0
OpDecorate %v_sampler Binding 14
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%half = OpTypeFloat 16
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%short = OpTypeInt 16 1
%v2f = OpTypeVector %float 2
%v3f = OpTypeVector %float 3
%v4f = OpTypeVector %float 4
%v4h = OpTypeVector %half 4
%v2i = OpTypeVector %int 2
%v3i = OpTypeVector %int 3
%v4i = OpTypeVector %int 4
%v4u = OpTypeVector %uint 4
%f1 = OpConstant %float 1
%h1 = OpConstant %half 1
%i0 = OpConstant %int 0
%i1 = OpConstant %int 1
%u0 = OpConstant %uint 0
%u4 = OpConstant %uint 4
%s1 = OpConstant %short 1
%uv = OpConstantComposite %v2f %f1 %f1
%uvw = OpConstantComposite %v3f %f1 %f1 %f1
%uvwq = OpConstantComposite %v4f %f1 %f1 %f1 %f1
%xy = OpConstantComposite %v2i %i1 %i1
%xyz = OpConstantComposite %v3i %i1 %i1 %i1
%xyzw = OpConstantComposite %v4i %i1 %i1 %i1 %i1
%a4v2i = OpTypeArray %v2i %u4
%offs = OpConstantComposite %a4v2i %xy %xy %xy %xy
%sampler = OpTypeSampler
%im2 = OpTypeImage %float 2D 0 0 0 1 Unknown
%im2d = OpTypeImage %float 2D 1 0 0 1 Unknown
%im2a = OpTypeImage %float 2D 0 1 0 1 Unknown
%im2ms = OpTypeImage %float 2D 0 0 1 1 Unknown
%imcube = OpTypeImage %float Cube 0 0 0 1 Unknown
%im3 = OpTypeImage %float 3D 0 0 0 1 Unknown
%im1 = OpTypeImage %float 1D 0 0 0 1 Unknown
%imbuf = OpTypeImage %float Buffer 0 0 0 1 Unknown
%st2 = OpTypeImage %float 2D 0 0 0 2 Rgba32f
%st2u = OpTypeImage %float 2D 0 0 0 2 Unknown
%st2ms = OpTypeImage %float 2D 0 0 1 2 Rgba32f
%st2r = OpTypeImage %uint 2D 0 0 0 2 R32ui
%sub = OpTypeImage %float SubpassData 0 0 0 2 Unknown
%im2i = OpTypeImage %int 2D 0 0 0 1 Unknown
%si2 = OpTypeSampledImage %im2
%si2d = OpTypeSampledImage %im2d
%si2a = OpTypeSampledImage %im2a
%sicube = OpTypeSampledImage %imcube
%si3 = OpTypeSampledImage %im3
%si1 = OpTypeSampledImage %im1
%si2i = OpTypeSampledImage %im2i
%p_im2 = OpTypePointer UniformConstant %im2
%p_im2d = OpTypePointer UniformConstant %im2d
%p_im2a = OpTypePointer UniformConstant %im2a
%p_im2ms = OpTypePointer UniformConstant %im2ms
%p_imcube = OpTypePointer UniformConstant %imcube
%p_im3 = OpTypePointer UniformConstant %im3
%p_im1 = OpTypePointer UniformConstant %im1
%p_imbuf = OpTypePointer UniformConstant %imbuf
%p_st2 = OpTypePointer UniformConstant %st2
%p_st2u = OpTypePointer UniformConstant %st2u
%p_st2ms = OpTypePointer UniformConstant %st2ms
%p_st2r = OpTypePointer UniformConstant %st2r
%p_sub = OpTypePointer UniformConstant %sub
%p_im2i = OpTypePointer UniformConstant %im2i
%p_sampler = OpTypePointer UniformConstant %sampler
%p_img_u = OpTypePointer Image %uint
%v_im2 = OpVariable %p_im2 UniformConstant
%v_im2d = OpVariable %p_im2d UniformConstant
%v_im2a = OpVariable %p_im2a UniformConstant
%v_im2ms = OpVariable %p_im2ms UniformConstant
%v_imcube = OpVariable %p_imcube UniformConstant
%v_im3 = OpVariable %p_im3 UniformConstant
%v_im1 = OpVariable %p_im1 UniformConstant
%v_imbuf = OpVariable %p_imbuf UniformConstant
%v_st2 = OpVariable %p_st2 UniformConstant
%v_st2u = OpVariable %p_st2u UniformConstant
%v_st2ms = OpVariable %p_st2ms UniformConstant
%v_st2r = OpVariable %p_st2r UniformConstant
%v_sub = OpVariable %p_sub UniformConstant
%v_im2i = OpVariable %p_im2i UniformConstant
%v_sampler = OpVariable %p_sampler UniformConstant
%sres = OpTypeStruct %int %v4f
%sresf = OpTypeStruct %int %float

%main = OpFunction %void None %fn
%e = OpLabel
%smp = OpLoad %sampler %v_sampler
%im2_ = OpLoad %im2 %v_im2
%im2d_ = OpLoad %im2d %v_im2d
%im2a_ = OpLoad %im2a %v_im2a
%im2ms_ = OpLoad %im2ms %v_im2ms
%imcube_ = OpLoad %imcube %v_imcube
%im3_ = OpLoad %im3 %v_im3
%im1_ = OpLoad %im1 %v_im1
%imbuf_ = OpLoad %imbuf %v_imbuf
%st2_ = OpLoad %st2 %v_st2
%st2u_ = OpLoad %st2u %v_st2u
%st2ms_ = OpLoad %st2ms %v_st2ms
%sub_ = OpLoad %sub %v_sub
%im2i_ = OpLoad %im2i %v_im2i
%si2_ = OpSampledImage %si2 %im2_ %smp
%si2d_ = OpSampledImage %si2d %im2d_ %smp
%si2a_ = OpSampledImage %si2a %im2a_ %smp
%sicube_ = OpSampledImage %sicube %imcube_ %smp
%si3_ = OpSampledImage %si3 %im3_ %smp
%si1_ = OpSampledImage %si1 %im1_ %smp
%si2i_ = OpSampledImage %si2i %im2i_ %smp
%a1 = OpImageSampleImplicitLod %v4f %si2_ %uv Bias|ConstOffset %f1 %xy
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
%b4 = OpImage %im2 %si2_

OpReturn
OpFunctionEnd
"#,
    r#"OpCapability Shader
OpCapability GroupNonUniform
OpCapability GroupNonUniformVote
OpCapability GroupNonUniformArithmetic
OpCapability GroupNonUniformBallot
OpCapability GroupNonUniformShuffle
OpCapability GroupNonUniformShuffleRelative
OpCapability GroupNonUniformClustered
OpCapability GroupNonUniformQuad
OpCapability Float16

OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%half = OpTypeFloat 16
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%v2f = OpTypeVector %float 2
%v4u = OpTypeVector %uint 4
%v4i = OpTypeVector %int 4
%v3u = OpTypeVector %uint 3
%v2b = OpTypeVector %bool 2
%t = OpConstantTrue %bool
%f1 = OpConstant %float 1
%h1 = OpConstant %half 1
%i1 = OpConstant %int 1
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u2 = OpConstant %uint 2
%u3 = OpConstant %uint 3
%u4 = OpConstant %uint 4
%u5 = OpConstant %uint 5
%i3 = OpConstant %int 3
%vf = OpConstantComposite %v2f %f1 %f1
%b4 = OpConstantComposite %v4u %u1 %u1 %u1 %u1
%b4i = OpConstantComposite %v4i %i1 %i1 %i1 %i1
%b3 = OpConstantComposite %v3u %u1 %u1 %u1
%vb = OpConstantComposite %v2b %t %t

%main = OpFunction %void None %fn
%e = OpLabel
%x = OpIAdd %uint %u1 %u1
%a1 = OpGroupNonUniformElect %bool %u3
%a2 = OpGroupNonUniformBallot %v4u %u3 %t
%a3 = OpGroupNonUniformBallotBitCount %uint %u3 Reduce %a2
%a4 = OpGroupNonUniformShuffle %float %u3 %f1 %u1
%a5 = OpGroupNonUniformIAdd %uint %u3 ClusteredReduce %u1 %u2
%a6 = OpGroupNonUniformQuadSwap %float %u3 %f1 %u1
%a7 = OpGroupNonUniformBroadcast %float %u3 %f1 %x

OpReturn
OpFunctionEnd
"#,
    r#"OpCapability Shader
OpCapability Float16
OpCapability Float64
OpCapability Int64
OpCapability InterpolationFunction

%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %in2 %in1
OpExecutionMode %main OriginUpperLeft
OpDecorate %in2 Location 0
OpDecorate %in1 Location 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%half = OpTypeFloat 16
%double = OpTypeFloat 64
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%long = OpTypeInt 64 1
%v2f = OpTypeVector %float 2
%v3f = OpTypeVector %float 3
%v4f = OpTypeVector %float 4
%v2h = OpTypeVector %half 2
%v2i = OpTypeVector %int 2
%v3i = OpTypeVector %int 3
%v2u = OpTypeVector %uint 2
%v2d = OpTypeVector %double 2
%m2 = OpTypeMatrix %v2f 2
%m32 = OpTypeMatrix %v3f 2
%sf = OpTypeStruct %float %float
%sv = OpTypeStruct %v2f %v2f
%sfi = OpTypeStruct %float %int
%svi = OpTypeStruct %v2f %v2i
%pff = OpTypePointer Function %float
%pfv = OpTypePointer Function %v2f
%pfi = OpTypePointer Function %int
%pfvi = OpTypePointer Function %v2i
%pfu = OpTypePointer Function %uint
%pin2 = OpTypePointer Input %v2f
%pin1 = OpTypePointer Input %float
%in2 = OpVariable %pin2 Input
%in1 = OpVariable %pin1 Input
%f1 = OpConstant %float 1
%h1 = OpConstant %half 1
%d1 = OpConstant %double 1
%i1 = OpConstant %int 1
%u1 = OpConstant %uint 1
%l1 = OpConstant %long 1
%vf = OpConstantComposite %v2f %f1 %f1
%vf3 = OpConstantComposite %v3f %f1 %f1 %f1
%vf4 = OpConstantComposite %v4f %f1 %f1 %f1 %f1
%vh = OpConstantComposite %v2h %h1 %h1
%vi = OpConstantComposite %v2i %i1 %i1
%vu = OpConstantComposite %v2u %u1 %u1
%vi3 = OpConstantComposite %v3i %i1 %i1 %i1
%mat = OpConstantComposite %m2 %vf %vf
%mat32 = OpConstantComposite %m32 %vf3 %vf3

%main = OpFunction %void None %fn
%e = OpLabel
%pf = OpVariable %pff Function
%pv = OpVariable %pfv Function
%pi = OpVariable %pfi Function
%pvi = OpVariable %pfvi Function
%pu = OpVariable %pfu Function
%a1 = OpExtInst %float %glsl Determinant %mat
%a2 = OpExtInst %float %glsl Modf %f1 %pf
%a3 = OpExtInst %sfi %glsl FrexpStruct %f1
%a4 = OpExtInst %uint %glsl PackHalf2x16 %vf
%a5 = OpExtInst %v2f %glsl UnpackUnorm2x16 %u1
%a6 = OpExtInst %v2f %glsl InterpolateAtOffset %in2 %vf
%a7 = OpExtInst %int %glsl FindILsb %i1

OpReturn
OpFunctionEnd
"#,
    r#"OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability Int8
OpCapability Float16Buffer
OpCapability Vector16
OpCapability Float64
OpCapability Int16

%cl = OpExtInstImport "OpenCL.std"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%half = OpTypeFloat 16
%double = OpTypeFloat 64
%int = OpTypeInt 32 0
%short = OpTypeInt 16 0
%long = OpTypeInt 64 0
%char = OpTypeInt 8 0
%v2f = OpTypeVector %float 2
%v3f = OpTypeVector %float 3
%v4f = OpTypeVector %float 4
%v2i = OpTypeVector %int 2
%v2s = OpTypeVector %short 2
%v2l = OpTypeVector %long 2
%pff = OpTypePointer Function %float
%pfv = OpTypePointer Function %v2f
%pfi = OpTypePointer Function %int
%pfvi = OpTypePointer Function %v2i
%pfl = OpTypePointer Function %long
%pfh = OpTypePointer Function %half
%pgf = OpTypePointer CrossWorkgroup %float
%pgh = OpTypePointer CrossWorkgroup %half
%pcf = OpTypePointer UniformConstant %float
%pcc = OpTypePointer UniformConstant %char
%f1 = OpConstant %float 1
%h1 = OpConstant %half 1
%d1 = OpConstant %double 1
%i1 = OpConstant %int 1
%s1 = OpConstant %short 1
%l1 = OpConstant %long 1
%vf = OpConstantComposite %v2f %f1 %f1
%vi = OpConstantComposite %v2i %i1 %i1
%vs = OpConstantComposite %v2s %s1 %s1
%vl = OpConstantComposite %v2l %l1 %l1
%str = OpVariable %pcc UniformConstant
%v4i = OpTypeVector %int 4
%v4 = OpConstantComposite %v4f %f1 %f1 %f1 %f1
%pc = OpVariable %pcf UniformConstant
%l0 = OpConstant %long 0
%nl = OpConstantNull %long
%slong = OpTypeInt 64 1
%lm1 = OpConstant %slong -1
%t = OpConstantTrue %bool

%main = OpFunction %void None %fn
%e = OpLabel
%pf = OpVariable %pff Function
%pf2 = OpVariable %pff Function
%pv = OpVariable %pfv Function
%pi = OpVariable %pfi Function
%pvi = OpVariable %pfvi Function
%pl = OpVariable %pfl Function
%ph = OpVariable %pfh Function
%a1 = OpExtInst %int %cl u_max %i1 %i1
%a2 = OpExtInst %float %cl frexp %f1 %pi
%a3 = OpExtInst %float %cl vload_half %l1 %ph
%a4 = OpExtInst %void %cl vstore_halfn %vf %l1 %ph
%a5 = OpExtInst %v2f %cl shuffle %vf %vi
%a6 = OpExtInst %float %cl select %f1 %f1 %i1
OpCopyMemorySized %pf %pf2 %l1 Aligned 4

OpReturn
OpFunctionEnd
"#,
    r#"OpCapability Shader
OpCapability VariablePointers
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %wg %wg2
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2u = OpTypeVector %uint 2
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%t = OpConstantTrue %bool
%pwu = OpTypePointer Workgroup %uint
%pfu = OpTypePointer Function %uint
%ppw = OpTypePointer Function %pwu
%st = OpTypeStruct %pwu
%arr = OpTypeArray %uint %u1
%pwa = OpTypePointer Workgroup %arr
%wg = OpVariable %pwu Workgroup
%wg2 = OpVariable %pwa Workgroup

%fnp = OpTypeFunction %void %pwu
%callee = OpFunction %void None %fnp
%cp = OpFunctionParameter %pwu
%ce = OpLabel
OpReturn
OpFunctionEnd
%main = OpFunction %void None %fn
%e = OpLabel
%fv = OpVariable %pfu Function
%a = OpCopyObject %pwu %wg
%b = OpSelect %pwu %t %wg %wg

OpReturn
OpFunctionEnd
"#,
];

fn assembled() -> Vec<Vec<u32>> {
    MODULES
        .iter()
        .map(|m| spirvkit_text::assemble(m, &Default::default()).expect("assembles"))
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
        let bound = words[3];
        for (at, value, kind) in edits {
            let i = 5 + at.index(words.len() - 5);
            // Mostly plausible ids and small literals, sometimes anything.
            words[i] = match kind {
                0 => value % bound.max(1),
                1 => value % 64,
                2 => value,
                _ => words[i] ^ (1 << (value % 32)),
            };
        }
        let env: TargetEnv = ENVS[env].parse().expect("env");
        let started = std::time::Instant::now();
        let _ = validate(&words, &ValidatorOptions::new(env));
        // Validation of these small modules is quick whatever the edit (no hang, no blow-up).
        prop_assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
}
