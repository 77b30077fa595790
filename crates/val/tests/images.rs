//! Image rules (`instructions/image/`), each tested both ways: every image instruction and
//! image type with valid operands, and each broken rule (operand masks, per-Dim coordinate
//! sizes, image parameters, sampled types, queries, texel pointers, sparse results, Vulkan's
//! image rules). Every case's spirv-val 2025.5 verdict is recorded and re-checked by
//! `reference_agrees` when the reference tools exist.

mod reference;
use reference::{check_case, Case, Ref};

/// A fragment shader declaring one image of each kind used below (loaded in `%NAME_`, with
/// sampled images `%siNAME_`), constants of every coordinate size and a sampler.
const IMAGE_BASE: &str = r#"OpCapability Shader
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
TYPES
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
BODY
OpReturn
OpFunctionEnd
"#;

#[rustfmt::skip]
pub const CASES: &[Case] = &[
    Case::new("valid.1", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv", None, Ref::Accepts),
    Case::new("valid.2", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Bias %f1", None, Ref::Accepts),
    Case::new("image.operands.1", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Bias %i1", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.2", IMAGE_BASE, "%a = OpImageSampleExplicitLod %v4f %si2_ %uv Bias %f1", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.3", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Lod %f1", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.4", IMAGE_BASE, "%a = OpImageSampleExplicitLod %v4f %si2_ %uv Lod %i1", Some("image.operands"), Ref::Rejects),
    Case::new("valid.3", IMAGE_BASE, "%a = OpImageSampleExplicitLod %v4f %si2_ %uv Lod %h1", None, Ref::Accepts),
    Case::new("valid.4", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Bias %h1", None, Ref::Accepts),
    Case::new("valid.5", IMAGE_BASE, "%a = OpImageSampleExplicitLod %v4f %si2_ %uv Grad %uv %uv", None, Ref::Accepts),
    Case::new("image.operands.5", IMAGE_BASE, "%a = OpImageSampleExplicitLod %v4f %si2_ %uv Grad %uv %f1", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.6", IMAGE_BASE, "%a = OpImageSampleExplicitLod %v4f %si2_ %uv Lod|Grad %f1 %uv %uv", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.7", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Grad %uv %uv", Some("image.operands"), Ref::Rejects),
    Case::new("valid.6", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv ConstOffset %xy", None, Ref::Accepts),
    Case::new("image.operands.8", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv ConstOffset %xyz", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.9", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %sicube_ %uvw ConstOffset %xyz", Some("image.operands"), Ref::Rejects),
    Case::new("valid.7", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Offset %xy", None, Ref::Accepts),
    Case::new("image.operands.10", IMAGE_BASE, "%x = OpIAdd %v2i %xy %xy\n%a = OpImageSampleImplicitLod %v4f %si2_ %uv ConstOffset %x", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.11", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Offset|ConstOffset %xy %xy", Some("image.operands"), Ref::Rejects),
    Case::new("valid.8", IMAGE_BASE, "%a = OpImageGather %v4f %si2_ %uv %i0 ConstOffsets %offs", None, Ref::Accepts),
    Case::new("image.operands.12", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv ConstOffsets %offs", Some("image.operands"), Ref::Rejects),
    Case::new("valid.9", IMAGE_BASE, "%a = OpImageGather %v4f %si2_ %uv %i0 Offsets %offs", None, Ref::Accepts),
    Case::new("valid.10", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Offsets %offs", None, Ref::Accepts),
    Case::new("valid.11", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv MinLod %f1", None, Ref::Accepts),
    Case::new("image.operands.13", IMAGE_BASE, "%a = OpImageSampleExplicitLod %v4f %si2_ %uv MinLod %f1", Some("image.operands"), Ref::Rejects),
    Case::new("valid.12", IMAGE_BASE, "%a = OpImageSampleExplicitLod %v4f %si2_ %uv Grad|MinLod %uv %uv %f1", None, Ref::Accepts),
    Case::new("image.operands.14", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv MinLod %i1", Some("image.operands"), Ref::Rejects),
    Case::new("valid.13", IMAGE_BASE, "%a = OpImageFetch %v4f %im2_ %xy Lod %i1", None, Ref::Accepts),
    Case::new("image.operands.15", IMAGE_BASE, "%a = OpImageFetch %v4f %im2_ %xy Lod %f1", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.16", IMAGE_BASE, "%a = OpImageFetch %v4f %im2ms_ %xy", Some("image.operands"), Ref::Rejects),
    Case::new("valid.14", IMAGE_BASE, "%a = OpImageFetch %v4f %im2ms_ %xy Sample %i1", None, Ref::Accepts),
    Case::new("image.operands.17", IMAGE_BASE, "%a = OpImageFetch %v4f %im2_ %xy Sample %i1", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.18", IMAGE_BASE, "%a = OpImageFetch %v4f %im2ms_ %xy Sample %f1", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.19", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Sample %i1", Some("image.operands"), Ref::Rejects),
    Case::new("valid.15", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv None", None, Ref::Accepts),
    Case::new("valid.16", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Nontemporal", None, Ref::Accepts),
    Case::new("valid.17", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv SignExtend", None, Ref::Accepts),
    Case::new("valid.18", IMAGE_BASE, "%a = OpImageFetch %v4i %im2i_ %xy SignExtend", None, Ref::Accepts),
    Case::new("valid.19", IMAGE_BASE, "%a = OpImageFetch %v4i %im2i_ %xy ZeroExtend|SignExtend", None, Ref::Accepts),
    Case::new("image.sampled_type.1", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4h %si2_ %uv", Some("image.sampled_type"), Ref::Rejects),
    Case::new("image.sampled_type.2", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4i %si2_ %uv", Some("image.sampled_type"), Ref::Rejects),
    Case::new("image.sampled_type.3", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2i_ %uv", Some("image.sampled_type"), Ref::Rejects),
    Case::new("image.coordinate.1", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %f1", Some("image.coordinate"), Ref::Rejects),
    Case::new("image.coordinate.2", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2a_ %uv", Some("image.coordinate"), Ref::Rejects),
    Case::new("valid.20", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2a_ %uvw", None, Ref::Accepts),
    Case::new("image.coordinate.3", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %sicube_ %uv", Some("image.coordinate"), Ref::Rejects),
    Case::new("image.coordinate.4", IMAGE_BASE, "%a = OpImageSampleProjImplicitLod %v4f %si2_ %uv", Some("image.coordinate"), Ref::Rejects),
    Case::new("valid.21", IMAGE_BASE, "%a = OpImageSampleProjImplicitLod %v4f %si2_ %uvw", None, Ref::Accepts),
    Case::new("image.parameters.1", IMAGE_BASE, "%a = OpImageSampleProjImplicitLod %v4f %sicube_ %uvwq", Some("image.parameters"), Ref::Rejects),
    Case::new("image.parameters.2", IMAGE_BASE, "%a = OpImageSampleProjImplicitLod %v4f %si2a_ %uvwq", Some("image.parameters"), Ref::Rejects),
    Case::new("valid.22", IMAGE_BASE, "%a = OpImageSampleDrefImplicitLod %float %si2d_ %uv %f1", None, Ref::Accepts),
    Case::new("valid.23", IMAGE_BASE, "%a = OpImageSampleDrefImplicitLod %float %si2_ %uv %f1", None, Ref::Accepts),
    Case::new("image.sampled_type.4", IMAGE_BASE, "%a = OpImageSampleDrefImplicitLod %half %si2d_ %uv %f1", Some("image.sampled_type"), Ref::Rejects),
    Case::new("image.dref.1", IMAGE_BASE, "%a = OpImageSampleDrefImplicitLod %float %si2d_ %uv %h1", Some("image.dref"), Ref::Rejects),
    Case::new("image.dref.2", IMAGE_BASE, "%a = OpImageSampleDrefImplicitLod %float %si2d_ %uv %i1", Some("image.dref"), Ref::Rejects),
    Case::new("image.result_type.1", IMAGE_BASE, "%a = OpImageSampleDrefImplicitLod %v4f %si2d_ %uv %f1", Some("image.result_type"), Ref::Rejects),
    Case::new("image.coordinate.5", IMAGE_BASE, "%a = OpImageSampleDrefImplicitLod %float %si2d_ %f1 %f1", Some("image.coordinate"), Ref::Rejects),
    Case::new("valid.24", IMAGE_BASE, "%a = OpImageGather %v4f %si2_ %uv %i0", None, Ref::Accepts),
    Case::new("image.component.1", IMAGE_BASE, "%a = OpImageGather %v4f %si2_ %uv %f1", Some("image.component"), Ref::Rejects),
    Case::new("image.component.2", IMAGE_BASE, "%a = OpImageGather %v4f %si2_ %uv %s1", Some("image.component"), Ref::Rejects),
    Case::new("image.parameters.3", IMAGE_BASE, "%a = OpImageGather %v4f %si3_ %uvw %i0", Some("image.parameters"), Ref::Rejects),
    Case::new("valid.25", IMAGE_BASE, "%a = OpImageGather %v4f %sicube_ %uvw %i0", None, Ref::Accepts),
    Case::new("image.coordinate.6", IMAGE_BASE, "%a = OpImageGather %v4f %si2_ %f1 %i0", Some("image.coordinate"), Ref::Rejects),
    Case::new("image.result_type.2", IMAGE_BASE, "%a = OpImageGather %float %si2_ %uv %i0", Some("image.result_type"), Ref::Rejects),
    Case::new("valid.26", IMAGE_BASE, "%a = OpImageDrefGather %v4f %si2d_ %uv %f1", None, Ref::Accepts),
    Case::new("valid.27", IMAGE_BASE, "%a = OpImageDrefGather %v4f %si2_ %uv %f1", None, Ref::Accepts),
    Case::new("image.dref.3", IMAGE_BASE, "%a = OpImageDrefGather %v4f %si2d_ %uv %h1", Some("image.dref"), Ref::Rejects),
    Case::new("image.operands.20", IMAGE_BASE, "%a = OpImageGather %v4f %si2_ %uv %i0 Bias %f1", Some("image.operands"), Ref::Rejects),
    Case::new("valid.28", IMAGE_BASE, "%a = OpImageGather %v4f %si2_ %uv %i0 Offset %xy", None, Ref::Accepts),
    Case::new("image.parameters.4", IMAGE_BASE, "%a = OpImageFetch %v4f %imcube_ %xyz", Some("image.parameters"), Ref::Rejects),
    Case::new("image.coordinate.7", IMAGE_BASE, "%a = OpImageFetch %v4f %im2_ %i1", Some("image.coordinate"), Ref::Rejects),
    Case::new("image.operands.21", IMAGE_BASE, "%a = OpImageFetch %v4f %im2_ %xy Bias %f1", Some("image.operands"), Ref::Rejects),
    Case::new("image.parameters.5", IMAGE_BASE, "%a = OpImageFetch %v4f %st2_ %xy", Some("image.parameters"), Ref::Rejects),
    Case::new("image.sampled_type.5", IMAGE_BASE, "%a = OpImageFetch %v4i %im2_ %xy", Some("image.sampled_type"), Ref::Rejects),
    Case::new("valid.29", IMAGE_BASE, "%a = OpImageFetch %v4f %imbuf_ %i1", None, Ref::Accepts),
    Case::new("image.operands.22", IMAGE_BASE, "%a = OpImageFetch %v4f %imbuf_ %i1 Lod %i0", Some("image.operands"), Ref::Rejects),
    Case::new("valid.30", IMAGE_BASE, "%a = OpImageFetch %v4f %im2_ %xy ConstOffset %xy", None, Ref::Accepts),
    Case::new("image.operands.23", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Bias|Offset %f1 %i1", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.24", IMAGE_BASE, "%a = OpImageSampleExplicitLod %v4f %si2_ %uv Grad %xy %xy", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.25", IMAGE_BASE, "%a = OpImageSampleExplicitLod %v4f %si3_ %uvw Grad %uv %uv", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.26", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv ConstOffset %i1", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.27", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv ConstOffset %uv", Some("image.operands"), Ref::Rejects),
    Case::new("valid.31", IMAGE_BASE, "%a = OpImageRead %v4f %st2_ %xy", None, Ref::Accepts),
    Case::new("valid.32", IMAGE_BASE, "%a = OpImageRead %float %st2_ %xy", None, Ref::Accepts),
    Case::new("image.sampled_type.6", IMAGE_BASE, "%a = OpImageRead %v4i %st2_ %xy", Some("image.sampled_type"), Ref::Rejects),
    Case::new("image.parameters.6", IMAGE_BASE, "%a = OpImageRead %v4f %im2_ %xy", Some("image.parameters"), Ref::Rejects),
    Case::new("image.coordinate.8", IMAGE_BASE, "%a = OpImageRead %v4f %st2_ %i1", Some("image.coordinate"), Ref::Rejects),
    Case::new("image.coordinate.9", IMAGE_BASE, "%a = OpImageRead %v4f %st2_ %uv", Some("image.coordinate"), Ref::Rejects),
    Case::new("valid.33", IMAGE_BASE, "%a = OpImageRead %v4f %sub_ %xy", None, Ref::Accepts),
    Case::new("image.operands.28", IMAGE_BASE, "%a = OpImageRead %v4f %st2ms_ %xy", Some("image.operands"), Ref::Rejects),
    Case::new("valid.34", IMAGE_BASE, "%a = OpImageRead %v4f %st2ms_ %xy Sample %i1", None, Ref::Accepts),
    Case::new("image.operands.29", IMAGE_BASE, "%a = OpImageRead %v4f %st2_ %xy Lod %i0", Some("image.operands"), Ref::Rejects),
    Case::new("valid.35", IMAGE_BASE, "%a = OpImageRead %v4f %st2_ %xy ConstOffset %xy", None, Ref::Accepts),
    Case::new("valid.36", IMAGE_BASE, "%a = OpImageRead %v4f %st2u_ %xy", None, Ref::Accepts),
    Case::new("image.result_type.3", IMAGE_BASE, "%a = OpImageRead %bool %st2_ %xy", Some("image.result_type"), Ref::Rejects),
    Case::new("valid.37", IMAGE_BASE, "OpImageWrite %st2_ %xy %uvwq", None, Ref::Accepts),
    Case::new("valid.38", IMAGE_BASE, "OpImageWrite %st2_ %xy %f1", None, Ref::Accepts),
    Case::new("image.sampled_type.7", IMAGE_BASE, "OpImageWrite %st2_ %xy %xyzw", Some("image.sampled_type"), Ref::Rejects),
    Case::new("image.coordinate.10", IMAGE_BASE, "OpImageWrite %st2_ %uv %uvwq", Some("image.coordinate"), Ref::Rejects),
    Case::new("image.coordinate.11", IMAGE_BASE, "OpImageWrite %st2_ %i1 %uvwq", Some("image.coordinate"), Ref::Rejects),
    Case::new("image.parameters.7", IMAGE_BASE, "OpImageWrite %im2_ %xy %uvwq", Some("image.parameters"), Ref::Rejects),
    Case::new("image.parameters.8", IMAGE_BASE, "OpImageWrite %sub_ %xy %uvwq", Some("image.parameters"), Ref::Rejects),
    Case::new("image.operands.30", IMAGE_BASE, "OpImageWrite %st2_ %xy %uvwq Lod %i0", Some("image.operands"), Ref::Rejects),
    Case::new("image.operands.31", IMAGE_BASE, "OpImageWrite %st2_ %xy %uvwq Bias %f1", Some("image.operands"), Ref::Rejects),
    Case::new("valid.39", IMAGE_BASE, "OpImageWrite %st2ms_ %xy %uvwq Sample %i1", None, Ref::Accepts),
    Case::new("valid.40", IMAGE_BASE, "%a = OpImage %im2 %si2_", None, Ref::Accepts),
    Case::new("image.operand.1", IMAGE_BASE, "%a = OpImage %im3 %si2_", Some("image.operand"), Ref::Rejects),
    Case::new("image.operand.2", IMAGE_BASE, "%a = OpImage %im2 %im2_", Some("image.operand"), Ref::Rejects),
    Case::new("valid.41", IMAGE_BASE, "%a = OpImageQuerySizeLod %v2i %im2_ %i0", None, Ref::Accepts),
    Case::new("image.result_type.4", IMAGE_BASE, "%a = OpImageQuerySizeLod %v3i %im2_ %i0", Some("image.result_type"), Ref::Rejects),
    Case::new("image.operand.3", IMAGE_BASE, "%a = OpImageQuerySizeLod %v2i %im2_ %f1", Some("image.operand"), Ref::Rejects),
    Case::new("image.result_type.5", IMAGE_BASE, "%a = OpImageQuerySizeLod %v2f %im2_ %i0", Some("image.result_type"), Ref::Rejects),
    Case::new("valid.42", IMAGE_BASE, "%a = OpImageQuerySizeLod %v3i %im2a_ %i0", None, Ref::Accepts),
    Case::new("image.query.1", IMAGE_BASE, "%a = OpImageQuerySizeLod %int %imbuf_ %i0", Some("image.query"), Ref::Rejects),
    Case::new("valid.43", IMAGE_BASE, "%a = OpImageQuerySize %v2i %st2_", None, Ref::Accepts),
    Case::new("image.query.2", IMAGE_BASE, "%a = OpImageQuerySize %v2i %im2_", Some("image.query"), Ref::Rejects),
    Case::new("valid.44", IMAGE_BASE, "%a = OpImageQuerySize %v2i %im2ms_", None, Ref::Accepts),
    Case::new("valid.45", IMAGE_BASE, "%a = OpImageQuerySize %int %imbuf_", None, Ref::Accepts),
    Case::new("image.result_type.6", IMAGE_BASE, "%a = OpImageQuerySize %v3i %st2_", Some("image.result_type"), Ref::Rejects),
    Case::new("valid.46", IMAGE_BASE, "%a = OpImageQueryLod %v2f %si2_ %uv", None, Ref::Accepts),
    Case::new("image.result_type.7", IMAGE_BASE, "%a = OpImageQueryLod %v3f %si2_ %uv", Some("image.result_type"), Ref::Rejects),
    Case::new("image.operand.4", IMAGE_BASE, "%a = OpImageQueryLod %v2f %im2_ %uv", Some("image.operand"), Ref::Rejects),
    Case::new("image.coordinate.12", IMAGE_BASE, "%a = OpImageQueryLod %v2f %si2_ %f1", Some("image.coordinate"), Ref::Rejects),
    Case::new("image.coordinate.13", IMAGE_BASE, "%a = OpImageQueryLod %v2f %si2_ %xy", Some("image.coordinate"), Ref::Rejects),
    Case::new("valid.47", IMAGE_BASE, "%a = OpImageQueryLevels %int %im2_", None, Ref::Accepts),
    Case::new("image.result_type.8", IMAGE_BASE, "%a = OpImageQueryLevels %float %im2_", Some("image.result_type"), Ref::Rejects),
    Case::new("image.query.3", IMAGE_BASE, "%a = OpImageQueryLevels %int %imbuf_", Some("image.query"), Ref::Rejects),
    Case::new("valid.48", IMAGE_BASE, "%a = OpImageQuerySamples %int %im2ms_", None, Ref::Accepts),
    Case::new("image.query.4", IMAGE_BASE, "%a = OpImageQuerySamples %int %im2_", Some("image.query"), Ref::Rejects),
    Case::new("valid.49", IMAGE_BASE, "%a = OpImageTexelPointer %p_img_u %v_st2r %xy %u0", None, Ref::Accepts),
    Case::new("image.texel_pointer.1", IMAGE_BASE, "%a = OpImageTexelPointer %p_img_u %v_st2r %xy %u4", Some("image.texel_pointer"), Ref::Rejects),
    Case::new("image.texel_pointer.2", IMAGE_BASE, "%a = OpImageTexelPointer %p_img_u %v_st2r %xyz %u0", Some("image.texel_pointer"), Ref::Rejects),
    Case::new("image.texel_pointer.3", IMAGE_BASE, "%a = OpImageTexelPointer %p_img_u %v_st2r %uv %u0", Some("image.texel_pointer"), Ref::Rejects),
    Case::new("image.texel_pointer.4", IMAGE_BASE, "%a = OpImageTexelPointer %p_img_u %v_st2 %xy %u0", Some("image.texel_pointer"), Ref::Rejects),
    Case::new("image.texel_pointer.5", IMAGE_BASE, "%a = OpImageTexelPointer %p_img_u %v_st2r %xy %f1", Some("image.texel_pointer"), Ref::Rejects),
    Case::new("image.texel_pointer.6", IMAGE_BASE, "%x = OpIAdd %uint %u0 %u0\n%a = OpImageTexelPointer %p_img_u %v_st2r %xy %x", Some("image.texel_pointer"), Ref::Rejects),
    Case::new("valid.50", IMAGE_BASE, "%x = OpImageSparseSampleImplicitLod %sres %si2_ %uv", None, Ref::Accepts),
    Case::new("image.result_type.9", IMAGE_BASE, "%x = OpImageSparseSampleImplicitLod %v4f %si2_ %uv", Some("image.result_type"), Ref::Rejects),
    Case::new("image.result_type.10", IMAGE_BASE, "%x = OpImageSparseSampleImplicitLod %sresf %si2_ %uv", Some("image.result_type"), Ref::Rejects),
    Case::new("valid.51", IMAGE_BASE, "%x = OpImageSparseFetch %sres %im2_ %xy", None, Ref::Accepts),
    Case::new("valid.52", IMAGE_BASE, "%x = OpImageSparseGather %sres %si2_ %uv %i0", None, Ref::Accepts),
    Case::new("valid.53", IMAGE_BASE, "%x = OpImageSparseRead %sres %st2_ %xy", None, Ref::Accepts),
    Case::new("image.parameters.9", IMAGE_BASE, "%x = OpImageSparseRead %sres %sub_ %xy", Some("image.parameters"), Ref::Rejects),
    Case::new("valid.54", IMAGE_BASE, "%x = OpImageSparseSampleDrefImplicitLod %sresf %si2d_ %uv %f1", None, Ref::Accepts),
    Case::new("valid.55", IMAGE_BASE, "%x = OpImageSparseFetch %sres %im2_ %xy\n%c = OpCompositeExtract %int %x 0\n%r = OpImageSparseTexelsResident %bool %c", None, Ref::Accepts),
    Case::new("image.operand.5", IMAGE_BASE, "%r = OpImageSparseTexelsResident %bool %f1", Some("image.operand"), Ref::Rejects),
    Case::new("image.result_type.11", IMAGE_BASE, "%r = OpImageSparseTexelsResident %int %i1", Some("image.result_type"), Ref::Rejects),
    Case::new("image.sampled_image.1", IMAGE_BASE, "%a = OpSampledImage %si2 %st2_ %smp", Some("image.sampled_image"), Ref::Rejects),
    Case::new("image.sampled_image.2", IMAGE_BASE, "%a = OpSampledImage %si2 %sub_ %smp", Some("image.sampled_image"), Ref::Rejects),
    Case::new("valid.56", IMAGE_BASE, "%a = OpSampledImage %si2 %im2d_ %smp", None, Ref::Accepts),
    Case::new("image.sampled_image.3", IMAGE_BASE, "%a = OpSampledImage %si2 %f1 %smp", Some("image.sampled_image"), Ref::Rejects),
    Case::new("valid.57", IMAGE_BASE, "%a = OpSampledImage %si2 %im2_ %smp\n%b = OpCopyObject %si2 %a", None, Ref::Accepts),
    Case::new("image.type.1", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %bool 2D 0 0 0 1 Unknown"),
    Case::new("image.type.2", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %v4f 2D 0 0 0 1 Unknown"),
    Case::new("valid.58", IMAGE_BASE, "", None, Ref::Accepts).with_types("%x = OpTypeImage %void 2D 0 0 0 1 Unknown"),
    Case::new("image.type.3", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %float 2D 3 0 0 1 Unknown"),
    Case::new("image.type.4", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %float 2D 0 2 0 1 Unknown"),
    Case::new("image.type.5", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %float 2D 0 0 2 1 Unknown"),
    Case::new("image.type.6", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %float 2D 0 0 0 3 Unknown"),
    Case::new("image.type.7", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %float SubpassData 0 0 0 1 Unknown"),
    Case::new("image.type.8", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %float SubpassData 0 0 0 2 Rgba32f"),
    Case::new("image.type.9", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%y = OpTypeSampledImage %st2"),
    Case::new("image.type.10", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%y = OpTypeSampledImage %float"),
    Case::new("image.type.11", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%y = OpTypeSampledImage %imbuf"),
    Case::new("image.type.12", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%y = OpTypeSampledImage %sub"),
    Case::new("valid.59", IMAGE_BASE, "", None, Ref::Accepts).with_types("%x = OpTypeImage %half 2D 0 0 0 1 Unknown"),
    Case::new("valid.60", IMAGE_BASE, "", None, Ref::Accepts).with_types("%x = OpTypeImage %float 2D 0 0 0 0 Unknown\n%y = OpTypeSampledImage %x"),
    Case::new("valid.61", IMAGE_BASE, "", None, Ref::Accepts).with_types("%x = OpTypeImage %int 3D 0 0 0 1 Unknown"),
    Case::new("valid.62", IMAGE_BASE, "", None, Ref::Accepts).with_types("%x = OpTypeImage %short 3D 0 0 0 1 Unknown"),
    Case::new("valid.63", IMAGE_BASE, "", None, Ref::Accepts).with_types("%x = OpTypeImage %uint 3D 0 0 0 0 Unknown"),
    Case::new("valid.64.vulkan1_3", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv ConstOffset %xy", None, Ref::Accepts).with_env("vulkan1.3"),
    Case::new("image.operands.32.vulkan1_3", IMAGE_BASE, "%a = OpImageSampleImplicitLod %v4f %si2_ %uv Offset %xy", Some("image.operands"), Ref::Rejects).with_env("vulkan1.3"),
    Case::new("valid.65.vulkan1_3", IMAGE_BASE, "%a = OpImageGather %v4f %si2_ %uv %i0 Offset %xy", None, Ref::Accepts).with_env("vulkan1.3"),
    Case::new("valid.66.vulkan1_3", IMAGE_BASE, "%a = OpImageFetch %v4f %im2_ %xy ConstOffset %xy", None, Ref::Accepts).with_env("vulkan1.3"),
    Case::new("image.result_type.12.vulkan1_3", IMAGE_BASE, "%a = OpImageRead %float %st2_ %xy", Some("image.result_type"), Ref::Rejects).with_env("vulkan1.3"),
    Case::new("valid.67.vulkan1_3", IMAGE_BASE, "%a = OpImageRead %v4f %st2_ %xy ConstOffset %xy", None, Ref::Accepts).with_env("vulkan1.3"),
    Case::new("valid.68.vulkan1_3", IMAGE_BASE, "%a = OpImageQuerySizeLod %v2i %im2_ %i0", None, Ref::Accepts).with_env("vulkan1.3"),
    Case::new("image.operand.6.vulkan1_3", IMAGE_BASE, "%a = OpImageQuerySizeLod %v2i %im2_ %f1", Some("image.operand"), Ref::Rejects).with_env("vulkan1.3"),
    Case::new("valid.69.vulkan1_3", IMAGE_BASE, "%a = OpImageQueryLevels %int %im2_", None, Ref::Accepts).with_env("vulkan1.3"),
    Case::new("image.result_type.13.vulkan1_3", IMAGE_BASE, "%a = OpImageQueryLevels %float %im2_", Some("image.result_type"), Ref::Rejects).with_env("vulkan1.3"),
    Case::new("image.query.5.vulkan1_3", IMAGE_BASE, "%a = OpImageQueryLevels %int %imbuf_", Some("image.query"), Ref::Rejects).with_env("vulkan1.3"),
    Case::new("image.sampled_image.4.vulkan1_3", IMAGE_BASE, "%a = OpSampledImage %si2 %st2_ %smp", Some("image.sampled_image"), Ref::Rejects).with_env("vulkan1.3"),
    Case::new("image.component.3.vulkan1_3", IMAGE_BASE, "%x = OpIAdd %int %i0 %i0\n%a = OpImageGather %v4f %si2_ %uv %x", Some("image.component"), Ref::Rejects).with_env("vulkan1.3"),
    Case::new("valid.70.vulkan1_3", IMAGE_BASE, "%a = OpImageQueryLevels %int %im2_", None, Ref::Accepts).with_env("vulkan1.3"),
    Case::new("image.type.13.vulkan1_3", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %v4f 2D 0 0 0 1 Unknown").with_env("vulkan1.3"),
    Case::new("image.type.14.vulkan1_3", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %half 2D 0 0 0 1 Unknown").with_env("vulkan1.3"),
    Case::new("image.type.15.vulkan1_3", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %float 2D 0 0 0 0 Unknown\n%y = OpTypeSampledImage %x").with_env("vulkan1.3"),
    Case::new("valid.71.vulkan1_3", IMAGE_BASE, "", None, Ref::Accepts).with_types("%x = OpTypeImage %int 3D 0 0 0 1 Unknown").with_env("vulkan1.3"),
    Case::new("image.type.16.vulkan1_3", IMAGE_BASE, "", Some("image.type"), Ref::Rejects).with_types("%x = OpTypeImage %uint 3D 0 0 0 0 Unknown").with_env("vulkan1.3"),
    // where OpSampledImage results may be used
    Case::new("consumers.valid.1", IMAGE_BASE, "%sa = OpSampledImage %si2 %im2_ %smp\n%b = OpCopyObject %si2 %sa\n%c = OpImageSampleImplicitLod %v4f %b %uv", None, Ref::Accepts),
    Case::new("consumers.image.sampled_image_use.1", IMAGE_BASE, "%sa = OpSampledImage %si2 %im2_ %smp\n%b = OpImageQuerySizeLod %v2i %sa %i0", Some("image.sampled_image_use"), Ref::Rejects),
    Case::new("consumers.valid.2", IMAGE_BASE, "%sa = OpSampledImage %si2 %im2_ %smp\n%b = OpImage %im2 %sa\n%c = OpImageQuerySizeLod %v2i %b %i0", None, Ref::Accepts),
    Case::new("consumers.image.sampled_image_use.2", IMAGE_BASE, "%sa = OpSampledImage %si2 %im2_ %smp\nOpBranch %n\n%n = OpLabel\n%b = OpImageSampleImplicitLod %v4f %sa %uv", Some("image.sampled_image_use"), Ref::Rejects),
    Case::new("consumers.image.sampled_image_use.3", IMAGE_BASE, "%sa = OpSampledImage %si2 %im2_ %smp\nOpBranch %n\n%n = OpLabel\n%b = OpPhi %si2 %sa %e", Some("image.sampled_image_use"), Ref::Rejects),
    Case::new("consumers.valid.3", IMAGE_BASE, "%sa = OpSampledImage %si2 %im2_ %smp\n%b = OpImageSampleImplicitLod %v4f %sa %uv\n%c = OpImageGather %v4f %sa %uv %i0", None, Ref::Accepts),
];

#[test]
fn image_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
