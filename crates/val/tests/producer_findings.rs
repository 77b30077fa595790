//! Rules added after the `producers` conformance section (`cargo xtask conformance --only
//! producers`) compared spirvkit with spirv-val 2025.5 on modules of glslang 12, clang-22's
//! SPIR-V back end, llvm-spirv-15, spirvkit's translator and spirv-as under every
//! environment: false rejections first (the printf format string as an array of 8-bit ints,
//! OpConstantNull struct indexes, untyped and typed variables mixed at the top of a function,
//! no capability rule under vulkan1.1spv1.4), then misses (OpAny/OpAll and the other
//! relational instructions, Vulkan location assignment, explicit layout outside buffer
//! storage classes). Each case's spirv-val verdict under its `--target-env` is recorded and
//! re-checked by `reference_agrees`.

mod reference;
use reference::{check_case, Case, Ref};

const KERNEL: &str = "; Version: 1.3
OpCapability Addresses
OpCapability Kernel
OpCapability Int8
OpCapability Int64
DECOR
%ocl = OpExtInstImport \"OpenCL.std\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%uchar = OpTypeInt 8 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%v4bool = OpTypeVector %bool 4
%u0 = OpConstant %uint 0
%u4 = OpConstant %uint 4
%f1 = OpConstant %float 1
%t = OpConstantTrue %bool
%pcw = OpTypePointer CrossWorkgroup %uint
TYPES
%fnty = OpTypeFunction %void %pcw
%k = OpFunction %void None %fnty
%a = OpFunctionParameter %pcw
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const fn kernel(
    name: &'static str,
    types: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, KERNEL, body, rule, reference)
        .with_types(types)
        .with_env("spv1.3")
}

const PRINTF_I8_ARRAY: &str = "%str_t = OpTypeArray %uchar %u4
%pstr = OpTypePointer UniformConstant %str_t
%c37 = OpConstant %uchar 37
%c0 = OpConstantNull %uchar
%sv = OpConstantComposite %str_t %c37 %c37 %c37 %c0
%str = OpVariable %pstr UniformConstant %sv";
const PRINTF_I32_ARRAY: &str = "%str_t = OpTypeArray %uint %u4
%pstr = OpTypePointer UniformConstant %str_t
%str = OpVariable %pstr UniformConstant";
const PRINTF_I8_VECTOR: &str = "%str_t = OpTypeVector %uchar 4
%pstr = OpTypePointer UniformConstant %str_t
%str = OpVariable %pstr UniformConstant";
const PACKED_STRUCT: &str = "%S = OpTypeStruct %uint %float
%pS = OpTypePointer CrossWorkgroup %S
%pf = OpTypePointer CrossWorkgroup %float
%pu = OpTypePointer CrossWorkgroup %uint
%n0 = OpConstantNull %uint
%n1 = OpConstant %uint 1
%s1 = OpSpecConstant %uint 1";

const UNTYPED: &str = "; Version: 1.4
OpCapability Addresses
OpCapability Kernel
OpCapability UntypedPointersKHR
OpExtension \"SPV_KHR_untyped_pointers\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
DECOR
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%u1 = OpConstant %uint 1
%pf = OpTypeUntypedPointerKHR Function
%pfu = OpTypePointer Function %uint
%fnty = OpTypeFunction %void
%k = OpFunction %void None %fnty
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

/// Fragment shader with `DECOR` annotations and `TYPES` interface variables `%i0`, `%i1`
/// (listed in the entry point) of the types declared here.
const FRAGMENT: &str = "; Version: 1.5
OpCapability Shader
OpCapability Float64
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main \"main\" %i0 %i1
OpExecutionMode %main OriginUpperLeft
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%double = OpTypeFloat 64
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%v4double = OpTypeVector %double 4
%arr2 = OpTypeArray %v4float %u2
%pfi = OpTypePointer Input %float
%pv2i = OpTypePointer Input %v2float
%pv4i = OpTypePointer Input %v4float
%pd4i = OpTypePointer Input %v4double
%parri = OpTypePointer Input %arr2
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const fn fragment(
    name: &'static str,
    env: &'static str,
    decorations: &'static str,
    types: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, FRAGMENT, "", rule, reference)
        .with_env(env)
        .with_decorations(decorations)
        .with_types(types)
}

const FLOAT16_BUFFER: &str = "; Version: 1.3
OpCapability Shader
OpCapability Float16Buffer
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

/// A Private (or Function, in `BODY`) variable of struct `%S` holding a matrix and an array.
const LAYOUT_SCOPE: &str = "; Version: 1.5
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%v4 = OpTypeVector %float 4
%m4 = OpTypeMatrix %v4 4
%arr = OpTypeArray %float %u2
%S = OpTypeStruct %m4 %arr
%O = OpTypeStruct %S
%pp = OpTypePointer Private %O
%pf = OpTypePointer Function %O
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

/// A storage buffer Block holding an array `%A` of struct `%S` (`DECOR` for their layout).
const NESTED_BLOCK: &str = "; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %B Block
OpMemberDecorate %B 0 Offset 0
OpDecorate %v DescriptorSet 0
OpDecorate %v Binding 0
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%I = OpTypeArray %float %u2
%S = OpTypeStruct %float %I
TYPES
%B = OpTypeStruct %A
%pB = OpTypePointer StorageBuffer %B
%v = OpVariable %pB StorageBuffer
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

/// A SPIR-V 1.4 kernel (NoSignedWrap / NoUnsignedWrap are core there) with a parameter `%a`.
const WRAP: &str = "; Version: 1.4
OpCapability Addresses
OpCapability Kernel
OpCapability Linkage
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
DECOR
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%u4 = OpConstant %uint 4
%fnty = OpTypeFunction %void %uint
%k = OpFunction %void None %fnty
%a = OpFunctionParameter %uint
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const SHADER_F32: &str = "; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%uint = OpTypeInt 32 0
%f1 = OpConstant %float 1
%v1 = OpConstantComposite %v2float %f1 %f1
%u1 = OpConstant %uint 1
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

pub const CASES: &[Case] = &[
    // printf's format string: an 8-bit int or an array of them (clang-22 points at the array).
    kernel("printf.format_i8_array", PRINTF_I8_ARRAY, "%r = OpExtInst %uint %ocl printf %str %u0", None, Ref::Accepts),
    kernel("printf.format_i32_array", PRINTF_I32_ARRAY, "%r = OpExtInst %uint %ocl printf %str %u0", Some("ext_inst.types"), Ref::Rejects),
    kernel("printf.format_i8_vector", PRINTF_I8_VECTOR, "%r = OpExtInst %uint %ocl printf %str %u0", Some("ext_inst.types"), Ref::Rejects),
    // Struct indexes: OpConstant and OpConstantNull have values, spec constants do not.
    kernel("access_chain.struct_index_null", PACKED_STRUCT, "%p = OpBitcast %pS %a\n%q = OpInBoundsPtrAccessChain %pu %p %n0 %n0", None, Ref::Accepts),
    kernel("access_chain.struct_index_constant", PACKED_STRUCT, "%p = OpBitcast %pS %a\n%q = OpInBoundsPtrAccessChain %pf %p %n0 %n1", None, Ref::Accepts),
    kernel("access_chain.struct_index_spec", PACKED_STRUCT, "%p = OpBitcast %pS %a\n%q = OpInBoundsPtrAccessChain %pf %p %n0 %s1", Some("memory.access_chain_index"), Ref::Rejects),
    // Untyped and typed variables open the first block together, in any order.
    Case::new("layout.variables_mixed", UNTYPED, "%v0 = OpUntypedVariableKHR %pf Function %uint\n%v1 = OpVariable %pfu Function\n%v2 = OpUntypedVariableKHR %pf Function %uint\nOpStore %v1 %u1", None, Ref::Accepts).with_env("spv1.4"),
    Case::new("layout.untyped_variable_late", UNTYPED, "%v1 = OpVariable %pfu Function\nOpStore %v1 %u1\n%v0 = OpUntypedVariableKHR %pf Function %uint", Some("layout.variable"), Ref::Rejects).with_env("spv1.4"),
    Case::new("layout.variable_after_untyped_store", UNTYPED, "%v0 = OpUntypedVariableKHR %pf Function %uint\nOpStore %v0 %u1\n%v1 = OpVariable %pfu Function", Some("layout.variable"), Ref::Rejects).with_env("spv1.4"),
    // vulkan1.1spv1.4: spirv-val 2025.5 has no capability rule there (STATUS.md).
    Case::new("vulkan.capability.vulkan1_1", FLOAT16_BUFFER, "", Some("vulkan.capability"), Ref::Rejects).with_env("vulkan1.1"),
    Case::new("vulkan.capability.vulkan1_1spv1_4", FLOAT16_BUFFER, "", None, Ref::Accepts).with_env("vulkan1.1spv1.4"),
    // Relational instructions.
    kernel("relational.any_vector", "%bv = OpConstantComposite %v4bool %t %t %t %t", "%r = OpAny %bool %bv", None, Ref::Accepts),
    kernel("relational.any_scalar", "", "%r = OpAny %bool %t", Some("relational.operand_type"), Ref::Rejects),
    kernel("relational.all_scalar", "", "%r = OpAll %bool %t", Some("relational.operand_type"), Ref::Rejects),
    kernel("relational.all_vector_result", "%bv = OpConstantComposite %v4bool %t %t %t %t", "%r = OpAll %v4bool %bv", Some("relational.result_type"), Ref::Rejects),
    kernel("relational.isnan", "%fv = OpConstantComposite %v4float %f1 %f1 %f1 %f1", "%r = OpIsNan %v4bool %fv", None, Ref::Accepts),
    kernel("relational.isinf_int", "", "%r = OpIsInf %bool %u4", Some("relational.operand_type"), Ref::Rejects),
    kernel("relational.isfinite_size", "%fv = OpConstantComposite %v4float %f1 %f1 %f1 %f1", "%r = OpIsFinite %bool %fv", Some("relational.operand_type"), Ref::Rejects),
    kernel("relational.signbitset_result", "", "%r = OpSignBitSet %uint %f1", Some("relational.result_type"), Ref::Rejects),
    kernel("relational.ordered", "", "%r = OpOrdered %bool %f1 %f1", None, Ref::Accepts),
    kernel("relational.unordered_int", "", "%r = OpUnordered %bool %u4 %u4", Some("relational.operand_type"), Ref::Rejects),
    kernel("relational.less_or_greater_types", "%fv = OpConstantComposite %v4float %f1 %f1 %f1 %f1", "%r = OpLessOrGreater %bool %f1 %fv", Some("relational.operand_type"), Ref::Rejects),
    // Vulkan location assignment (graphics stages).
    fragment("location.distinct", "vulkan1.2", "OpDecorate %i0 Location 0\nOpDecorate %i1 Location 1", "%i0 = OpVariable %pv4i Input\n%i1 = OpVariable %pv4i Input", None, Ref::Accepts),
    fragment("location.conflict", "vulkan1.2", "OpDecorate %i0 Location 1\nOpDecorate %i1 Location 1", "%i0 = OpVariable %pv4i Input\n%i1 = OpVariable %pv4i Input", Some("vulkan.location"), Ref::Rejects),
    fragment("location.components_share", "vulkan1.2", "OpDecorate %i0 Location 0\nOpDecorate %i1 Location 0\nOpDecorate %i1 Component 2", "%i0 = OpVariable %pv2i Input\n%i1 = OpVariable %pv2i Input", None, Ref::Accepts),
    fragment("location.components_overlap", "vulkan1.2", "OpDecorate %i0 Location 0\nOpDecorate %i1 Location 0\nOpDecorate %i1 Component 1", "%i0 = OpVariable %pv2i Input\n%i1 = OpVariable %pfi Input", Some("vulkan.location"), Ref::Rejects),
    fragment("location.array_spans", "vulkan1.2", "OpDecorate %i0 Location 0\nOpDecorate %i1 Location 1", "%i0 = OpVariable %parri Input\n%i1 = OpVariable %pv4i Input", Some("vulkan.location"), Ref::Rejects),
    fragment("location.array_then_next", "vulkan1.2", "OpDecorate %i0 Location 0\nOpDecorate %i1 Location 2", "%i0 = OpVariable %parri Input\n%i1 = OpVariable %pv4i Input", None, Ref::Accepts),
    fragment("location.dvec4_two_locations", "vulkan1.2", "OpDecorate %i0 Location 0\nOpDecorate %i0 Flat\nOpDecorate %i1 Location 1", "%i0 = OpVariable %pd4i Input\n%i1 = OpVariable %pv4i Input", Some("vulkan.location"), Ref::Rejects),
    fragment("location.dvec3_then_dmat4", "vulkan1.2", "OpDecorate %i0 Location 1\nOpDecorate %i0 Flat\nOpDecorate %i1 Location 2\nOpDecorate %i1 Flat", "%dm4 = OpTypeMatrix %v4double 4\n%pdm4 = OpTypePointer Input %dm4\n%v3double = OpTypeVector %double 3\n%pd3 = OpTypePointer Input %v3double\n%i0 = OpVariable %pd3 Input\n%i1 = OpVariable %pdm4 Input", Some("vulkan.location"), Ref::Rejects),
    fragment("location.matrix_columns", "vulkan1.2", "OpDecorate %i0 Location 0\nOpDecorate %i1 Location 3", "%m4 = OpTypeMatrix %v4float 4\n%pm4 = OpTypePointer Input %m4\n%i0 = OpVariable %pm4 Input\n%i1 = OpVariable %pv4i Input", Some("vulkan.location"), Ref::Rejects),
    fragment("location.matrix_then_next", "vulkan1.2", "OpDecorate %i0 Location 0\nOpDecorate %i1 Location 4", "%m4 = OpTypeMatrix %v4float 4\n%pm4 = OpTypePointer Input %m4\n%i0 = OpVariable %pm4 Input\n%i1 = OpVariable %pv4i Input", None, Ref::Accepts),
    fragment("location.struct_member_location", "vulkan1.2", "OpDecorate %i0 Location 0\nOpMemberDecorate %St 0 Location 3\nOpDecorate %i1 Location 5", "%St = OpTypeStruct %v4float\n%pSt = OpTypePointer Input %St\n%i0 = OpVariable %pSt Input\n%i1 = OpVariable %pv4i Input", Some("vulkan.location"), Ref::Rejects),
    fragment("location.block_members", "vulkan1.2", "OpDecorate %Bl Block\nOpMemberDecorate %Bl 0 Location 0\nOpMemberDecorate %Bl 1 Location 1\nOpDecorate %i1 Location 2", "%Bl = OpTypeStruct %v4float %v4float\n%pBl = OpTypePointer Input %Bl\n%i0 = OpVariable %pBl Input\n%i1 = OpVariable %pv4i Input", None, Ref::Accepts),
    fragment("location.block_member_conflict", "vulkan1.2", "OpDecorate %Bl Block\nOpMemberDecorate %Bl 0 Location 0\nOpMemberDecorate %Bl 1 Location 1\nOpDecorate %i1 Location 1", "%Bl = OpTypeStruct %v4float %v4float\n%pBl = OpTypePointer Input %Bl\n%i0 = OpVariable %pBl Input\n%i1 = OpVariable %pv4i Input", Some("vulkan.location"), Ref::Rejects),
    fragment("location.universal_env_not_checked", "spv1.5", "OpDecorate %i0 Location 1\nOpDecorate %i1 Location 1", "%i0 = OpVariable %pv4i Input\n%i1 = OpVariable %pv4i Input", None, Ref::Accepts),
    // Vulkan addressing model and fragment origin modes (every Vulkan environment).
    Case::new("vulkan.addressing_model", "; Version: 1.4\nOpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical32 OpenCL\nOpEntryPoint Kernel %k \"k\"\n%void = OpTypeVoid\n%fnty = OpTypeFunction %void\n%k = OpFunction %void None %fnty\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n", "", Some("vulkan.addressing_model"), Ref::Rejects).with_env("vulkan1.1spv1.4"),
    fragment("vulkan.pixel_center_integer", "vulkan1.3", "OpExecutionMode %main PixelCenterInteger", "%i0 = OpVariable %pfi Input\n%i1 = OpVariable %pfi Input", Some("vulkan.execution_mode"), Ref::Rejects),
    Case::new("vulkan.interface_psb_pointer", "; Version: 1.5\nOpCapability Shader\nOpCapability PhysicalStorageBufferAddresses\nOpMemoryModel PhysicalStorageBuffer64 GLSL450\nOpEntryPoint Vertex %main \"main\" %o\nOpDecorate %o Location 0\nOpDecorate %pp ArrayStride 4\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%float = OpTypeFloat 32\n%pp = OpTypePointer PhysicalStorageBuffer %float\n%S = OpTypeStruct %pp\n%po = OpTypePointer Output %S\n%o = OpVariable %po Output\n%main = OpFunction %void None %fn\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n", "", Some("vulkan.interface_pointer"), Ref::Rejects).with_env("vulkan1.2"),
    // Explicit layout outside buffer storage classes: Vulkan, SPIR-V 1.5+.
    Case::new("explicit_layout.private_offset", LAYOUT_SCOPE, "", Some("vulkan.explicit_layout"), Ref::Rejects).with_env("vulkan1.2").with_decorations("OpMemberDecorate %O 0 Offset 0").with_types("%v = OpVariable %pp Private"),
    Case::new("explicit_layout.private_matrix_stride", LAYOUT_SCOPE, "", Some("vulkan.explicit_layout"), Ref::Rejects).with_env("vulkan1.2").with_decorations("OpMemberDecorate %S 0 MatrixStride 16").with_types("%v = OpVariable %pp Private"),
    Case::new("explicit_layout.function_array_stride", LAYOUT_SCOPE, "%v = OpVariable %pf Function", Some("vulkan.explicit_layout"), Ref::Rejects).with_env("vulkan1.3").with_decorations("OpDecorate %arr ArrayStride 4"),
    Case::new("explicit_layout.row_major_only", LAYOUT_SCOPE, "", None, Ref::Accepts).with_env("vulkan1.2").with_decorations("OpMemberDecorate %S 0 RowMajor").with_types("%v = OpVariable %pp Private"),
    Case::new("explicit_layout.pointer_type_unused", LAYOUT_SCOPE, "", None, Ref::Accepts).with_env("vulkan1.2").with_decorations("OpMemberDecorate %O 0 Offset 0"),
    Case::new("explicit_layout.spirv_1_4", "; Version: 1.4\nOpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\" %v\nOpExecutionMode %main LocalSize 1 1 1\nOpMemberDecorate %O 0 Offset 0\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%float = OpTypeFloat 32\n%O = OpTypeStruct %float\n%pp = OpTypePointer Private %O\n%v = OpVariable %pp Private\n%main = OpFunction %void None %fn\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n", "", None, Ref::Accepts).with_env("vulkan1.2"),
    Case::new("explicit_layout.private_pointer_with_stride", "; Version: 1.5\nOpCapability Shader\nOpCapability VariablePointersStorageBuffer\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\" %v\nOpExecutionMode %main LocalSize 1 1 1\nOpDecorate %ps ArrayStride 4\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%int = OpTypeInt 32 1\n%ps = OpTypePointer StorageBuffer %int\n%pp = OpTypePointer Private %ps\n%v = OpVariable %pp Private\n%main = OpFunction %void None %fn\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n", "", None, Ref::Accepts).with_env("vulkan1.2"),
    Case::new("explicit_layout.universal_env", LAYOUT_SCOPE, "", None, Ref::Accepts).with_env("spv1.5").with_decorations("OpMemberDecorate %O 0 Offset 0").with_types("%v = OpVariable %pp Private"),
    // Found by producers-mutation.
    Case::new("layout.offset_struct_in_array", NESTED_BLOCK, "", Some("layout.explicit"), Ref::Rejects).with_env("spv1.3").with_decorations("OpMemberDecorate %S 0 Offset 0\nOpDecorate %A ArrayStride 16").with_types("%A = OpTypeArray %S %u2"),
    Case::new("layout.offset_struct_in_runtime_array", NESTED_BLOCK, "", Some("layout.explicit"), Ref::Rejects).with_env("spv1.3").with_decorations("OpMemberDecorate %S 1 Offset 4\nOpDecorate %A ArrayStride 16").with_types("%A = OpTypeRuntimeArray %S"),
    Case::new("layout.struct_in_array_laid_out", NESTED_BLOCK, "", None, Ref::Accepts).with_env("spv1.3").with_decorations("OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 4\nOpDecorate %A ArrayStride 16").with_types("%A = OpTypeArray %S %u2"),
    Case::new("layout.inner_array_stride_not_required", NESTED_BLOCK, "", None, Ref::Accepts).with_env("spv1.3").with_decorations("OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 4\nOpDecorate %A ArrayStride 16\nOpDecorate %I ArrayStride 4").with_types("%A = OpTypeArray %S %u2"),
    Case::new("conversion.quantize", SHADER_F32, "%q = OpQuantizeToF16 %v2float %v1", None, Ref::Accepts).with_env("spv1.3"),
    Case::new("conversion.quantize_input_type", SHADER_F32, "%q = OpQuantizeToF16 %float %v1", Some("conversion.operand_type"), Ref::Rejects).with_env("spv1.3"),
    Case::new("conversion.quantize_result_type", SHADER_F32, "%q = OpQuantizeToF16 %uint %u1", Some("conversion.result_type"), Ref::Rejects).with_env("spv1.3"),
    Case::new("decoration.no_signed_wrap_iadd", WRAP, "%r = OpIAdd %uint %u4 %a", None, Ref::Accepts).with_env("spv1.4").with_decorations("OpDecorate %r NoSignedWrap"),
    Case::new("decoration.no_unsigned_wrap_parameter", WRAP, "", Some("decoration.target"), Ref::Rejects).with_env("spv1.4").with_decorations("OpDecorate %a NoUnsignedWrap"),
    Case::new("decoration.no_signed_wrap_udiv", WRAP, "%r = OpUDiv %uint %u4 %a", Some("decoration.target"), Ref::Rejects).with_env("spv1.4").with_decorations("OpDecorate %r NoSignedWrap"),
    Case::new("decoration.no_signed_wrap_group_on_parameter", WRAP, "", Some("decoration.target"), Ref::Rejects).with_env("spv1.4").with_decorations("OpDecorate %g NoSignedWrap\n%g = OpDecorationGroup\nOpGroupDecorate %g %a"),
    Case::new("decoration.no_signed_wrap_group_on_iadd", WRAP, "%r = OpIAdd %uint %u4 %a", None, Ref::Accepts).with_env("spv1.4").with_decorations("OpDecorate %g NoSignedWrap\n%g = OpDecorationGroup\nOpGroupDecorate %g %r"),
    Case::new("layout.untyped_pointer_before_memory_model", "; Version: 1.4\nOpCapability Addresses\nOpCapability Kernel\nOpCapability UntypedPointersKHR\nOpExtension \"SPV_KHR_untyped_pointers\"\n%pf = OpTypeUntypedPointerKHR Function\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"k\"\n%void = OpTypeVoid\n%fnty = OpTypeFunction %void\n%k = OpFunction %void None %fnty\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n", "", Some("layout.order"), Ref::Rejects).with_env("spv1.4"),
    Case::new("decoration.linkage_on_entry_point", WRAP, "", Some("decoration.target"), Ref::Rejects).with_env("spv1.4").with_decorations("OpDecorate %k LinkageAttributes \"k\" Export"),
    Case::new("arithmetic.untyped_pointer_result", UNTYPED, "%v0 = OpUntypedVariableKHR %pf Function %uint\n%r = OpIAdd %pf %u1 %u1", Some("arithmetic.result_type"), Ref::Rejects).with_env("spv1.4"),
    // OpVectorExtractDynamic on what is not a vector (llvm-spirv's joint-matrix element
    // access on an opaque matrix pointer, t4/0073): spirv-val checks the scalar result first.
    kernel("composite.extract_dynamic_struct_result", "%S = OpTypeStruct %float\n%pv = OpTypePointer Function %v4float", "%v = OpVariable %pv Function\n%x = OpVectorExtractDynamic %S %v %u0", Some("composite.dynamic"), Ref::Rejects),
    kernel("composite.extract_dynamic_from_pointer", "%pv = OpTypePointer Function %v4float", "%v = OpVariable %pv Function\n%x = OpVectorExtractDynamic %float %v %u0", Some("composite.dynamic"), Ref::Rejects),
    kernel("composite.extract_dynamic_from_opaque", "%O = OpTypeOpaque \"m\"\n%po = OpTypePointer Function %O\n%pp = OpTypePointer Function %po", "%v = OpVariable %pp Function\n%m = OpLoad %po %v\n%x = OpVectorExtractDynamic %float %m %u0", Some("composite.dynamic"), Ref::Rejects),
    kernel("composite.extract_dynamic_from_vector", "%pv = OpTypePointer Function %v4float", "%v = OpVariable %pv Function\n%l = OpLoad %v4float %v\n%x = OpVectorExtractDynamic %float %l %u0", None, Ref::Accepts),
    Case::new("decoration.constant_on_untyped_chain", UNTYPED, "%v0 = OpUntypedVariableKHR %pf Function %uint\n%c = OpUntypedAccessChainKHR %pf %uint %v0", Some("decoration.target"), Ref::Rejects).with_env("spv1.4").with_decorations("OpDecorate %c Constant"),
];

#[test]
fn producer_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
