//! Instruction rules (part 2), each family tested both ways; every case's spirv-val 2025.5
//! verdict is recorded and re-checked by `reference_agrees` when the reference tools exist.

mod reference;
use reference::{check_case, Case, Ref};

const SHADER: &str = "
OpCapability Shader
OpCapability Float16
OpCapability GroupNonUniformArithmetic
%glsl = OpExtInstImport \"GLSL.std.450\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %wgu
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%half = OpTypeFloat 16
%v2b = OpTypeVector %bool 2
%v2f = OpTypeVector %float 2
%v3f = OpTypeVector %float 3
%v4f = OpTypeVector %float 4
%v2u = OpTypeVector %uint 2
%v2i = OpTypeVector %int 2
%v2h = OpTypeVector %half 2
%st = OpTypeStruct %float %v2u
%pfu = OpTypePointer Function %uint
%pff = OpTypePointer Function %float
%pfst = OpTypePointer Function %st
%pwu = OpTypePointer Workgroup %uint
%pwf = OpTypePointer Workgroup %float
%t = OpConstantTrue %bool
%i1 = OpConstant %int 1
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u2 = OpConstant %uint 2
%u3 = OpConstant %uint 3
%u9 = OpConstant %uint 9
%sem1 = OpConstant %uint 0x102
%sem2 = OpConstant %uint 0x106
%im1 = OpConstant %int -1
%f1 = OpConstant %float 1
%arr = OpTypeArray %float %u2
%h1 = OpConstant %half 1
%vf = OpConstantComposite %v2f %f1 %f1
%vu = OpConstantComposite %v2u %u1 %u1
%vh = OpConstantComposite %v2h %h1 %h1
%vb = OpConstantComposite %v2b %t %t
%sc = OpConstantComposite %st %f1 %vu
%wgu = OpVariable %pwu Workgroup
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
%vu32 = OpVariable %pfu Function
%vf32 = OpVariable %pff Function
%vst = OpVariable %pfst Function
BODY
OpReturn
OpFunctionEnd
";

/// The same module for SPIR-V 1.3 (rules that changed in 1.4).
const SHADER_1_3: &str = "; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%v2f = OpTypeVector %float 2
%t = OpConstantTrue %bool
%f1 = OpConstant %float 1
%vf = OpConstantComposite %v2f %f1 %f1
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

/// Vertex outputs in a struct: all members BuiltIn or none.
const BUILTIN_BLOCK: &str = "
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main \"main\" %out
OpMemberDecorate %PerVertex 0 BuiltIn Position
DECOR
OpDecorate %PerVertex Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%PerVertex = OpTypeStruct %v4 %float
%pOut = OpTypePointer Output %PerVertex
%out = OpVariable %pOut Output
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

/// A fragment shader with a combined image sampler, a separate image and sampler.
const IMAGES: &str = "
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main \"main\" %tex %img %smp
OpExecutionMode %main OriginUpperLeft
OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
OpDecorate %img DescriptorSet 0
OpDecorate %img Binding 1
OpDecorate %smp DescriptorSet 0
OpDecorate %smp Binding 2
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%v2f = OpTypeVector %float 2
%v4f = OpTypeVector %float 4
%v2i = OpTypeVector %int 2
%image = OpTypeImage %float 2D 0 0 0 1 Unknown
%sampler = OpTypeSampler
%simage = OpTypeSampledImage %image
%ptex = OpTypePointer UniformConstant %simage
%pimg = OpTypePointer UniformConstant %image
%psmp = OpTypePointer UniformConstant %sampler
%tex = OpVariable %ptex UniformConstant
%img = OpVariable %pimg UniformConstant
%smp = OpVariable %psmp UniformConstant
%f1 = OpConstant %float 1
%i1 = OpConstant %int 1
%uv = OpConstantComposite %v2f %f1 %f1
%xy = OpConstantComposite %v2i %i1 %i1
%main = OpFunction %void None %fn
%e = OpLabel
%t = OpLoad %simage %tex
%i = OpLoad %image %img
%s = OpLoad %sampler %smp
BODY
OpReturn
OpFunctionEnd
";

const INTERFACE_BLOCK: &str = "
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main \"main\" %out
DECOR
OpMemberDecorate %PerVertex 0 BuiltIn Position
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%PerVertex = OpTypeStruct %v4
%pOut = OpTypePointer Output %PerVertex
%out = OpVariable %pOut Output
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

/// An array of a struct with BuiltIn members (per-vertex style): spirv-val accepts it without
/// Block.
const ARRAYED_INTERFACE_BLOCK: &str = "
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main \"main\" %out
OpMemberDecorate %PerVertex 0 BuiltIn Position
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%v4 = OpTypeVector %float 4
%PerVertex = OpTypeStruct %v4
%arr = OpTypeArray %PerVertex %u2
%pOut = OpTypePointer Output %arr
%out = OpVariable %pOut Output
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

/// A storage buffer Block with one matrix member (decorations in DECOR).
const MATRIX_BLOCK: &str = "
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %sb
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %blk Block
OpDecorate %sb DescriptorSet 0
OpDecorate %sb Binding 0
OpMemberDecorate %blk 0 Offset 0
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%v4 = OpTypeVector %float 4
%m4 = OpTypeMatrix %v4 4
%am = OpTypeArray %m4 %u2
%blk = OpTypeStruct %m4
%pb = OpTypePointer StorageBuffer %blk
%sb = OpVariable %pb StorageBuffer
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

/// A kernel with SPV_KHR_expect_assume.
const EXPECT_ASSUME: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability ExpectAssumeKHR
OpCapability Int64
OpExtension \"SPV_KHR_expect_assume\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main \"main\"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%v2u = OpTypeVector %uint 2
%u1 = OpConstant %uint 1
%l1 = OpConstant %ulong 1
%f1 = OpConstant %float 1
%t = OpConstantTrue %bool
%vu = OpConstantComposite %v2u %u1 %u1
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const FRAGMENT: &str = "
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main \"main\"
OpExecutionMode %main OriginUpperLeft
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2f = OpTypeVector %float 2
%f1 = OpConstant %float 1
%vf = OpConstantComposite %v2f %f1 %f1
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

pub const CASES: &[Case] = &[
    // memory
    Case::new("memory.valid", SHADER, "%a = OpLoad %uint %vu32\nOpStore %vf32 %f1\nOpCopyMemory %vu32 %vu32\n%p = OpAccessChain %pff %vst %u0\n%q = OpInBoundsAccessChain %pfu %vst %i1 %u0\n%l = OpLoad %float %p", None, Ref::Accepts),
    Case::new("memory.load", SHADER, "%a = OpLoad %float %vu32", Some("memory.load"), Ref::Rejects),
    Case::new("memory.store", SHADER, "OpStore %vu32 %f1", Some("memory.store"), Ref::Rejects),
    Case::new("memory.copy", SHADER, "OpCopyMemory %vu32 %vf32", Some("memory.copy"), Ref::Rejects),
    Case::new("memory.access_chain.result", SHADER, "%p = OpAccessChain %pfu %vst %u0", Some("memory.access_chain"), Ref::Rejects),
    Case::new("memory.access_chain.storage", SHADER, "%p = OpAccessChain %pff %vf32", None, Ref::Accepts),
    Case::new("memory.access_chain_index.struct_range", SHADER, "%p = OpAccessChain %pff %vst %u3", Some("memory.access_chain_index"), Ref::Rejects),
    Case::new("memory.access_chain_index.struct_constant", SHADER, "%x = OpLoad %uint %vu32\n%p = OpAccessChain %pff %vst %x", Some("memory.access_chain_index"), Ref::Rejects),
    Case::new("memory.access_chain_index.non_composite", SHADER, "%p = OpAccessChain %pff %vst %u0 %u0", Some("memory.access_chain_index"), Ref::Rejects),
    Case::new("memory.access_chain_index.integer", SHADER, "%p = OpAccessChain %pff %vst %f1", Some("memory.access_chain_index"), Ref::Rejects),
    Case::new("memory.variable.initializer", SHADER, "%w = OpVariable %pff Function %u1", Some("memory.initializer"), Ref::Rejects),
    // arithmetic, bit, logical, relational
    Case::new("arithmetic.valid", SHADER, "%a = OpFAdd %float %f1 %f1\n%b = OpIAdd %uint %u1 %i1\n%c = OpUDiv %uint %u1 %u2\n%d = OpFNegate %v2f %vf\n%e2 = OpBitwiseAnd %uint %u1 %i1\n%s = OpShiftLeftLogical %uint %u1 %i1\n%l = OpLogicalAnd %bool %t %t\n%q = OpIEqual %bool %u1 %i1\n%r = OpFOrdLessThan %v2b %vf %vf\n%x = OpSelect %v2f %vb %vf %vf\n%y = OpDot %float %vf %vf", None, Ref::Accepts),
    Case::new("arithmetic.result_type.float", SHADER, "%a = OpFAdd %uint %f1 %f1", Some("arithmetic.result_type"), Ref::Rejects),
    Case::new("arithmetic.operand_type.float", SHADER, "%a = OpFMul %float %f1 %h1", Some("arithmetic.operand_type"), Ref::Rejects),
    Case::new("arithmetic.result_type.unsigned", SHADER, "%a = OpUDiv %int %i1 %i1", Some("arithmetic.result_type"), Ref::Rejects),
    Case::new("arithmetic.operand_type.int_dimension", SHADER, "%a = OpIAdd %uint %u1 %vu", Some("arithmetic.operand_type"), Ref::Rejects),
    Case::new("arithmetic.operand_type.int_kind", SHADER, "%a = OpISub %uint %u1 %f1", Some("arithmetic.operand_type"), Ref::Rejects),
    Case::new("arithmetic.operand_type.bitwise", SHADER, "%a = OpBitwiseXor %v2u %vu %u1", Some("arithmetic.operand_type"), Ref::Rejects),
    Case::new("arithmetic.operand_type.shift", SHADER, "%a = OpShiftRightLogical %v2u %vu %u1", Some("arithmetic.operand_type"), Ref::Rejects),
    Case::new("arithmetic.operand_type.logical", SHADER, "%a = OpLogicalOr %bool %t %u1", Some("arithmetic.operand_type"), Ref::Rejects),
    Case::new("arithmetic.operand_type.dot", SHADER, "%a = OpDot %float %vf %vh", Some("arithmetic.operand_type"), Ref::Rejects),
    Case::new("relational.result_type", SHADER, "%a = OpIEqual %uint %u1 %u1", Some("relational.result_type"), Ref::Rejects),
    Case::new("relational.operand_type.size", SHADER, "%a = OpFOrdEqual %bool %vf %vf", Some("relational.operand_type"), Ref::Rejects),
    Case::new("relational.operand_type.float_types", SHADER, "%a = OpFOrdEqual %bool %f1 %h1", Some("relational.operand_type"), Ref::Rejects),
    Case::new("relational.select.condition_size", SHADER, "%a = OpSelect %float %vb %f1 %f1", Some("relational.select"), Ref::Rejects),
    Case::new("relational.select.scalar_condition_1_4", SHADER, "%a = OpSelect %v2f %t %vf %vf", None, Ref::Accepts),
    Case::new("relational.select.scalar_condition_1_3", SHADER_1_3, "%a = OpSelect %v2f %t %vf %vf", Some("relational.select"), Ref::Rejects),
    Case::new("relational.select.objects", SHADER, "%a = OpSelect %float %t %f1 %u1", Some("relational.select"), Ref::Rejects),
    Case::new("derivative.result_type.width", SHADER, "%a = OpDPdx %half %h1", Some("derivative.result_type"), Ref::Rejects),
    Case::new("derivative.operand_type", SHADER, "%a = OpFwidth %float %vf", Some("derivative.operand_type"), Ref::Rejects),
    Case::new("derivative.valid", FRAGMENT, "%a = OpDPdx %v2f %vf", None, Ref::Accepts),
    Case::new("group.value_type", SHADER, "%a = OpGroupNonUniformSMin %uint %u3 Reduce %i1", Some("group.value_type"), Ref::Rejects),
    Case::new("group.valid", SHADER, "%a = OpGroupNonUniformIAdd %uint %u3 Reduce %u1", None, Ref::Accepts),
    // conversion
    Case::new("conversion.valid", SHADER, "%a = OpConvertFToU %uint %f1\n%b = OpConvertSToF %v2f %vu\n%c = OpFConvert %v2h %vf\n%d = OpBitcast %float %u1\n%g = OpBitcast %v2u %vf", None, Ref::Accepts),
    Case::new("conversion.result_type", SHADER, "%a = OpConvertFToU %float %f1", Some("conversion.result_type"), Ref::Rejects),
    Case::new("conversion.input", SHADER, "%a = OpConvertFToU %uint %u1", Some("conversion.input"), Ref::Rejects),
    Case::new("conversion.components", SHADER, "%a = OpConvertSToF %float %vu", Some("conversion.components"), Ref::Rejects),
    Case::new("conversion.width", SHADER, "%a = OpFConvert %float %f1", Some("conversion.width"), Ref::Rejects),
    Case::new("conversion.bitcast.size", SHADER, "%a = OpBitcast %v2f %f1", Some("conversion.bitcast"), Ref::Rejects),
    Case::new("conversion.bitcast.kind", SHADER, "%a = OpBitcast %bool %u1", Some("conversion.bitcast"), Ref::Rejects),
    // composite
    Case::new("composite.valid", SHADER, "%a = OpCompositeExtract %uint %sc 1 0\n%b = OpCompositeInsert %st %f1 %sc 0\n%c = OpVectorShuffle %v4f %vf %vf 0 1 2 0xFFFFFFFF\n%d = OpCompositeConstruct %v4f %vf %f1 %f1\n%g = OpVectorExtractDynamic %float %vf %u1\n%h = OpCopyObject %st %sc", None, Ref::Accepts),
    Case::new("composite.index", SHADER, "%a = OpCompositeExtract %uint %sc 1 2", Some("composite.index"), Ref::Rejects),
    Case::new("composite.result_type", SHADER, "%a = OpCompositeExtract %float %sc 1 0", Some("composite.result_type"), Ref::Rejects),
    Case::new("composite.object_type", SHADER, "%a = OpCompositeInsert %st %u1 %sc 0", Some("composite.object_type"), Ref::Rejects),
    Case::new("composite.shuffle.selector", SHADER, "%c = OpVectorShuffle %v2f %vf %vf 0 4", Some("composite.shuffle"), Ref::Rejects),
    Case::new("composite.shuffle.component", SHADER, "%c = OpVectorShuffle %v2f %vf %vu 0 1", Some("composite.shuffle"), Ref::Rejects),
    Case::new("composite.construct.count", SHADER, "%d = OpCompositeConstruct %v4f %vf %f1", Some("composite.construct"), Ref::Rejects),
    Case::new("composite.construct.struct", SHADER, "%d = OpCompositeConstruct %st %f1 %f1", Some("composite.construct"), Ref::Rejects),
    Case::new("composite.dynamic", SHADER, "%g = OpVectorExtractDynamic %uint %vf %u1", Some("composite.dynamic"), Ref::Rejects),
    Case::new("composite.copy_object", SHADER, "%h = OpCopyObject %float %u1", Some("composite.copy_object"), Ref::Rejects),
    Case::new("decoration.builtin_members", BUILTIN_BLOCK, "", Some("decoration.builtin_members"), Ref::Rejects),
    Case::new("decoration.builtin_block", INTERFACE_BLOCK, "", Some("decoration.builtin_block"), Ref::Rejects),
    Case::new("decoration.builtin_block.arrayed", ARRAYED_INTERFACE_BLOCK, "", None, Ref::Accepts),
    Case::new("decoration.builtin_block.valid", INTERFACE_BLOCK, "", None, Ref::Accepts).with_decorations("OpDecorate %PerVertex Block"),
    Case::new("layout.explicit.majorness", MATRIX_BLOCK, "", Some("layout.explicit"), Ref::Rejects).with_decorations("OpMemberDecorate %blk 0 MatrixStride 16"),
    Case::new("layout.explicit.majorness.valid", MATRIX_BLOCK, "", None, Ref::Accepts).with_decorations("OpMemberDecorate %blk 0 MatrixStride 16\nOpMemberDecorate %blk 0 ColMajor"),
    // SPV_KHR_expect_assume
    Case::new("expect_assume.valid.1", EXPECT_ASSUME, "%a = OpExpectKHR %uint %u1 %u1", None, Ref::Accepts),
    Case::new("expect_assume.expect_assume.operand.1", EXPECT_ASSUME, "%a = OpExpectKHR %uint %u1 %l1", Some("expect_assume.operand"), Ref::Rejects),
    Case::new("expect_assume.expect_assume.operand.2", EXPECT_ASSUME, "%a = OpExpectKHR %uint %l1 %u1", Some("expect_assume.operand"), Ref::Rejects),
    Case::new("expect_assume.expect_assume.result_type.1", EXPECT_ASSUME, "%a = OpExpectKHR %float %f1 %f1", Some("expect_assume.result_type"), Ref::Rejects),
    Case::new("expect_assume.valid.2", EXPECT_ASSUME, "%a = OpExpectKHR %bool %t %t", None, Ref::Accepts),
    Case::new("expect_assume.valid.3", EXPECT_ASSUME, "%a = OpExpectKHR %v2u %vu %vu", None, Ref::Accepts),
    Case::new("expect_assume.expect_assume.operand.3", EXPECT_ASSUME, "%a = OpExpectKHR %v2u %vu %u1", Some("expect_assume.operand"), Ref::Rejects),
    Case::new("expect_assume.valid.4", EXPECT_ASSUME, "OpAssumeTrueKHR %t", None, Ref::Accepts),
    Case::new("expect_assume.expect_assume.operand.4", EXPECT_ASSUME, "OpAssumeTrueKHR %u1", Some("expect_assume.operand"), Ref::Rejects),
    Case::new("decoration.builtin_members.all", BUILTIN_BLOCK, "", None, Ref::Accepts).with_decorations("OpMemberDecorate %PerVertex 1 BuiltIn PointSize"),
    // images
    Case::new("image.valid", IMAGES, "%a = OpImageSampleImplicitLod %v4f %t %uv\n%c = OpSampledImage %simage %i %s\n%d = OpImageSampleExplicitLod %v4f %c %uv Lod %f1\n%g = OpImageFetch %v4f %i %xy", None, Ref::Accepts),
    Case::new("image.result_type", IMAGES, "%a = OpImageSampleImplicitLod %v2f %t %uv", Some("image.result_type"), Ref::Rejects),
    Case::new("image.operand", IMAGES, "%a = OpImageSampleImplicitLod %v4f %i %uv", Some("image.operand"), Ref::Rejects),
    Case::new("image.coordinate", IMAGES, "%a = OpImageSampleImplicitLod %v4f %t %xy", Some("image.coordinate"), Ref::Rejects),
    Case::new("image.coordinate.fetch", IMAGES, "%a = OpImageFetch %v4f %i %uv", Some("image.coordinate"), Ref::Rejects),
    Case::new("image.sampled_image.sampler", IMAGES, "%c = OpSampledImage %simage %i %f1", Some("image.sampled_image"), Ref::Rejects),
    Case::new("image.sampled_image.result", IMAGES, "%c = OpSampledImage %image %i %s", Some("image.sampled_image"), Ref::Rejects),
    // OpExtInst
    Case::new("ext_inst.valid", SHADER, "%a = OpExtInst %v2f %glsl Sin %vf\n%b = OpExtInst %uint %glsl UMin %u1 %i1\n%c = OpExtInst %float %glsl Length %vf\n%d = OpExtInst %v2h %glsl FMix %vh %vh %vh\n%g = OpExtInst %float %glsl Distance %vf %vf", None, Ref::Accepts),
    Case::new("ext_inst.types.float_result", SHADER, "%a = OpExtInst %uint %glsl Sqrt %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.float_operands", SHADER, "%a = OpExtInst %float %glsl Pow %f1 %h1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.int_width", SHADER, "%a = OpExtInst %int %glsl SMax %i1 %vu", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.length", SHADER, "%a = OpExtInst %v2f %glsl Length %vf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.cross", SHADER, "%a = OpExtInst %v2f %glsl Cross %vf %vf", Some("ext_inst.types"), Ref::Rejects),
    // atomics
    Case::new("atomic.valid", SHADER, "%a = OpAtomicIAdd %uint %wgu %u1 %u0 %u1\n%b = OpAtomicLoad %uint %wgu %u1 %u0\nOpAtomicStore %wgu %u1 %u0 %u1\n%c = OpAtomicCompareExchange %uint %wgu %u1 %u0 %u0 %u1 %u2", None, Ref::Accepts),
    Case::new("atomic.result_type", SHADER, "%a = OpAtomicIAdd %float %vf32 %u1 %u0 %f1", Some("atomic.result_type"), Ref::Rejects),
    Case::new("atomic.pointer", SHADER, "%a = OpAtomicIAdd %int %wgu %u1 %u0 %i1", Some("atomic.pointer"), Ref::Rejects),
    Case::new("atomic.value", SHADER, "%a = OpAtomicIAdd %uint %wgu %u1 %u0 %i1", Some("atomic.value"), Ref::Rejects),
    Case::new("atomic.storage_class", SHADER, "%a = OpAtomicLoad %uint %vu32 %u1 %u0", Some("atomic.storage_class"), Ref::Rejects),
    Case::new("atomic.storage_class.universal", SHADER, "%a = OpAtomicLoad %uint %pv %u1 %u0", Some("atomic.storage_class"), Ref::Rejects)
        .with_types("%ppu = OpTypePointer Private %uint\n%pv = OpVariable %ppu Private"),
    Case::new("scope.type", SHADER, "%a = OpAtomicLoad %uint %wgu %f1 %u0", Some("scope.type"), Ref::Rejects),
    Case::new("atomic.scope_semantics", SHADER, "%a = OpAtomicLoad %uint %wgu %u1 %f1", Some("atomic.scope_semantics"), Ref::Rejects),
    Case::new("scope.constant", SHADER, "%s = OpIAdd %uint %u2 %u0\nOpControlBarrier %s %u2 %u0", Some("scope.constant"), Ref::Rejects),
    Case::new("scope.value", SHADER, "OpMemoryBarrier %u9 %u0", Some("scope.value"), Ref::Rejects),
    Case::new("semantics.order", SHADER, "OpControlBarrier %u2 %u2 %sem2", Some("semantics.order"), Ref::Rejects),
    Case::new("semantics.order.atomic", SHADER, "%a = OpAtomicIAdd %uint %wgu %u2 %sem2 %u1", Some("semantics.order"), Ref::Rejects),
    Case::new("barriers.valid", SHADER, "OpControlBarrier %u2 %u2 %sem1\nOpMemoryBarrier %u1 %sem1", None, Ref::Accepts),
    Case::new("memory.aligned", SHADER, "OpStore %vu32 %u1 Aligned 3", Some("memory.aligned"), Ref::Rejects),
    Case::new("memory.aligned.valid", SHADER, "OpStore %vu32 %u1 Volatile|Aligned 4\n%x = OpLoad %uint %vu32 Aligned 16", None, Ref::Accepts),
    Case::new("memory.access_chain_index.negative", SHADER, "%p = OpAccessChain %pff %vst %im1", Some("memory.access_chain_index"), Ref::Rejects),
];

#[test]
fn instruction_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
