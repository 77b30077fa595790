//! Variable and type rules: Vulkan descriptor/storage-class rules (`env/vulkan_variables.rs`,
//! `env/vulkan_types.rs`), the storage-class execution-model limits
//! (`instructions/storage_class_models.rs`) and the OpVariable rules of every environment
//! (`instructions/variables.rs`). Each case is valid or breaks one rule; spirv-val 2025.5's
//! verdict for the same `--target-env` is recorded and re-checked by `reference_agrees`.

mod reference;
use reference::{check_case, Case, Ref};
use Ref::{Accepts as A, Rejects as R};

/// A shader module: `; Version:`, the OpEntryPoint operands after the model, the execution
/// mode; TYPES holds the variable under test, DECOR its decorations, BODY the entry's body.
macro_rules! shader {
    ($version:literal, $entry:literal, $mode:literal) => {
        concat!(
            "; Version: ",
            $version,
            "\nOpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint ",
            $entry,
            "\nOpExecutionMode %main ",
            $mode,
            "\nDECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%u4 = OpConstant %uint 4
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
"
        )
    };
}

const COMPUTE: &str = shader!("1.3", "GLCompute %main \"main\"", "LocalSize 1 1 1");
/// COMPUTE at SPIR-V 1.5 (descriptor indexing is core there; every global is an interface).
const COMPUTE_1_5: &str = shader!("1.5", "GLCompute %main \"main\" %v", "LocalSize 1 1 1");
/// COMPUTE at SPIR-V 1.6 (integer dot products and float controls 2 are core there).
const COMPUTE_1_6: &str = shader!("1.6", "GLCompute %main \"main\"", "LocalSize 1 1 1");
const FRAGMENT: &str = shader!("1.3", "Fragment %main \"main\"", "OriginUpperLeft");

/// A compute shader without a workgroup size (TYPES may declare a WorkgroupSize constant).
const COMPUTE_UNSIZED: &str = "; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%v3u = OpTypeVector %uint 3
%u1 = OpConstant %uint 1
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

/// A vertex shader calling a helper function that uses the variable under test.
const VERTEX_CALLS: &str = "; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main \"main\"
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
%r = OpFunctionCall %void %helper
OpReturn
OpFunctionEnd
%helper = OpFunction %void None %fn
%he = OpLabel
BODY
OpReturn
OpFunctionEnd
";

/// A struct that a PhysicalStorageBuffer pointer in use points to (DECOR: its layout).
const PHYSICAL: &str = "OpCapability Shader
OpCapability Int64
OpCapability PhysicalStorageBufferAddresses
OpMemoryModel PhysicalStorageBuffer64 GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%ulong = OpTypeInt 64 0
%l = OpConstant %ulong 64
%v3 = OpTypeVector %float 3
%s = OpTypeStruct %float %v3
%p = OpTypePointer PhysicalStorageBuffer %s
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const DESCRIPTOR: &str = "OpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0";

#[allow(clippy::too_many_arguments)]
const fn case(
    name: &'static str,
    base: &'static str,
    env: &'static str,
    caps: &'static str,
    decorations: &'static str,
    types: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, base, body, rule, reference)
        .with_env(env)
        .with_capabilities(caps)
        .with_decorations(decorations)
        .with_types(types)
}

const VK: &str = "vulkan1.3";
const UNIVERSAL: &str = "spv1.3";

const CASES: &[Case] = &[
    // --- Vulkan: storage classes Vulkan has (04643) ---
    case("crossworkgroup_pointer", COMPUTE, VK, "", "", "%p = OpTypePointer CrossWorkgroup %float", "", Some("vulkan.storage_class"), R),
    case("crossworkgroup_pointer_universal", COMPUTE, UNIVERSAL, "", "", "%p = OpTypePointer CrossWorkgroup %float", "", None, A),
    // --- Vulkan: descriptor interface types ---
    case("push_constant_float", COMPUTE, VK, "", "", "%p = OpTypePointer PushConstant %float\n%v = OpVariable %p PushConstant", "", Some("vulkan.descriptor_type"), R),
    case("push_constant_struct", COMPUTE, VK, "", "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0", "%s = OpTypeStruct %float\n%p = OpTypePointer PushConstant %s\n%v = OpVariable %p PushConstant", "", None, A),
    case("uniform_constant_float", COMPUTE, VK, "", DESCRIPTOR, "%p = OpTypePointer UniformConstant %float\n%v = OpVariable %p UniformConstant", "", Some("vulkan.descriptor_type"), R),
    case("uniform_constant_float_universal", COMPUTE, UNIVERSAL, "", DESCRIPTOR, "%p = OpTypePointer UniformConstant %float\n%v = OpVariable %p UniformConstant", "", None, A),
    case("uniform_constant_sampler_array", COMPUTE, VK, "", DESCRIPTOR, "%s = OpTypeSampler\n%a = OpTypeArray %s %u4\n%p = OpTypePointer UniformConstant %a\n%v = OpVariable %p UniformConstant", "", None, A),
    case("uniform_constant_sampler_array_of_arrays", COMPUTE, VK, "", DESCRIPTOR, "%s = OpTypeSampler\n%a = OpTypeArray %s %u4\n%a2 = OpTypeArray %a %u4\n%p = OpTypePointer UniformConstant %a2\n%v = OpVariable %p UniformConstant", "", Some("vulkan.descriptor_type"), R),
    case("uniform_float", COMPUTE, VK, "", DESCRIPTOR, "%p = OpTypePointer Uniform %float\n%v = OpVariable %p Uniform", "", Some("vulkan.descriptor_type"), R),
    case("storage_buffer_array_of_arrays", COMPUTE, VK, "", "OpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0\nOpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0", "%s = OpTypeStruct %float\n%a = OpTypeArray %s %u4\n%a2 = OpTypeArray %a %u4\n%p = OpTypePointer StorageBuffer %a2\n%v = OpVariable %p StorageBuffer", "", Some("vulkan.descriptor_type"), R),
    case("storage_buffer_array_of_blocks", COMPUTE, VK, "", "OpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0\nOpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0", "%s = OpTypeStruct %float\n%a = OpTypeArray %s %u4\n%p = OpTypePointer StorageBuffer %a\n%v = OpVariable %p StorageBuffer", "", None, A),
    // --- Vulkan: Invariant only on Input/Output (04677) ---
    case("invariant_private", COMPUTE, VK, "", "OpDecorate %v Invariant", "%p = OpTypePointer Private %float\n%v = OpVariable %p Private", "", Some("vulkan.invariant"), R),
    case("invariant_member_private", COMPUTE, VK, "", "OpMemberDecorate %s 0 Invariant", "%s = OpTypeStruct %float\n%p = OpTypePointer Private %s\n%v = OpVariable %p Private", "", Some("vulkan.invariant"), R),
    case("invariant_private_universal", COMPUTE, UNIVERSAL, "", "OpDecorate %v Invariant", "%p = OpTypePointer Private %float\n%v = OpVariable %p Private", "", None, A),
    // --- Vulkan: initializers (04651, 04734) ---
    case("workgroup_initializer", COMPUTE, VK, "", "", "%p = OpTypePointer Workgroup %float\n%c = OpConstant %float 1\n%v = OpVariable %p Workgroup %c", "", Some("vulkan.initializer"), R),
    case("workgroup_null_initializer", COMPUTE, VK, "", "", "%p = OpTypePointer Workgroup %float\n%c = OpConstantNull %float\n%v = OpVariable %p Workgroup %c", "", None, A),
    case("output_initializer", FRAGMENT, VK, "", "OpDecorate %v Location 0", "%p = OpTypePointer Output %float\n%c = OpConstant %float 1\n%v = OpVariable %p Output %c", "", None, A),
    // --- Vulkan: runtime arrays (04680) ---
    case("runtime_array_private", COMPUTE, VK, "", "", "%r = OpTypeRuntimeArray %float\n%p = OpTypePointer Private %r\n%v = OpVariable %p Private", "", Some("vulkan.runtime_array"), R),
    case("runtime_descriptor_array_private", COMPUTE_1_5, VK, "OpCapability RuntimeDescriptorArray", "", "%s = OpTypeSampler\n%r = OpTypeRuntimeArray %s\n%p = OpTypePointer Private %r\n%v = OpVariable %p Private", "", Some("vulkan.runtime_array"), R),
    case("runtime_descriptor_array_storage_buffer", COMPUTE_1_5, VK, "OpCapability RuntimeDescriptorArray", "OpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0\nOpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0", "%s = OpTypeStruct %float\n%r = OpTypeRuntimeArray %s\n%p = OpTypePointer StorageBuffer %r\n%v = OpVariable %p StorageBuffer", "", None, A),
    case("runtime_array_struct_without_block", COMPUTE, VK, "", "OpMemberDecorate %s 0 Offset 0\nOpDecorate %r ArrayStride 4", "%r = OpTypeRuntimeArray %float\n%s = OpTypeStruct %r", "", Some("vulkan.runtime_array"), R),
    case("runtime_array_struct_without_block_universal", COMPUTE, UNIVERSAL, "", "OpMemberDecorate %s 0 Offset 0\nOpDecorate %r ArrayStride 4", "%r = OpTypeRuntimeArray %float\n%s = OpTypeStruct %r", "", None, A),
    case("runtime_array_struct_block_in_group", COMPUTE, VK, "", "OpMemberDecorate %s 0 Offset 0\nOpDecorate %r ArrayStride 4\nOpDecorate %g Block\n%g = OpDecorationGroup\nOpGroupDecorate %g %s\nOpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0", "%r = OpTypeRuntimeArray %float\n%s = OpTypeStruct %r\n%p = OpTypePointer StorageBuffer %s\n%v = OpVariable %p StorageBuffer", "", None, A),
    case("runtime_array_not_last_member", COMPUTE, VK, "", "OpMemberDecorate %s 0 Offset 0\nOpMemberDecorate %s 1 Offset 4\nOpDecorate %r ArrayStride 4\nOpDecorate %s Block", "%r = OpTypeRuntimeArray %float\n%s = OpTypeStruct %r %float", "", Some("vulkan.runtime_array"), R),
    case("array_of_runtime_arrays", COMPUTE, VK, "", "OpDecorate %r ArrayStride 4", "%r = OpTypeRuntimeArray %float\n%a = OpTypeArray %r %u4", "", Some("vulkan.runtime_array"), R),
    case("runtime_array_block_uniform", COMPUTE, VK, "", "OpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0\nOpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\nOpDecorate %r ArrayStride 16", "%r = OpTypeRuntimeArray %float\n%s = OpTypeStruct %r\n%p = OpTypePointer Uniform %s\n%v = OpVariable %p Uniform", "", None, A),
    // --- Vulkan: no opaque struct members (04667) ---
    case("struct_with_sampler", COMPUTE, VK, "", "", "%sa = OpTypeSampler\n%s = OpTypeStruct %sa", "", Some("vulkan.opaque_member"), R),
    case("struct_with_sampler_universal", COMPUTE, UNIVERSAL, "", "", "%sa = OpTypeSampler\n%s = OpTypeStruct %sa", "", None, A),
    // --- descriptor decorations and buffer blocks (06677, 06491, 06675, 06676) ---
    case("uniform_constant_without_descriptor_set", COMPUTE, VK, "", "OpDecorate %v Binding 0", "%s = OpTypeSampler\n%p = OpTypePointer UniformConstant %s\n%v = OpVariable %p UniformConstant", "", Some("vulkan.descriptor_decoration"), R),
    case("storage_buffer_without_binding", COMPUTE, VK, "", "OpDecorate %v DescriptorSet 0\nOpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0", "%s = OpTypeStruct %float\n%p = OpTypePointer StorageBuffer %s\n%v = OpVariable %p StorageBuffer", "", Some("vulkan.descriptor_decoration"), R),
    case("uniform_constant_without_descriptor_set_universal", COMPUTE, UNIVERSAL, "", "OpDecorate %v Binding 0", "%s = OpTypeSampler\n%p = OpTypePointer UniformConstant %s\n%v = OpVariable %p UniformConstant", "", None, A),
    case("private_with_binding", COMPUTE, VK, "", "OpDecorate %v Binding 0", "%p = OpTypePointer Private %float\n%v = OpVariable %p Private", "", Some("vulkan.descriptor_decoration"), R),
    case("push_constant_with_descriptor_set", COMPUTE, VK, "", "OpDecorate %v DescriptorSet 0\nOpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0", "%s = OpTypeStruct %float\n%p = OpTypePointer PushConstant %s\n%v = OpVariable %p PushConstant", "", Some("vulkan.descriptor_decoration"), R),
    case("storage_buffer_without_block", COMPUTE, VK, "", "OpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0\nOpMemberDecorate %s 0 Offset 0", "%s = OpTypeStruct %float\n%p = OpTypePointer StorageBuffer %s\n%v = OpVariable %p StorageBuffer", "", Some("vulkan.block"), R),
    case("uniform_array_without_block", COMPUTE, VK, "", "OpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0\nOpMemberDecorate %s 0 Offset 0", "%s = OpTypeStruct %float\n%a = OpTypeArray %s %u4\n%p = OpTypePointer Uniform %a\n%v = OpVariable %p Uniform", "", Some("vulkan.block"), R),
    case("push_constant_without_block", COMPUTE, VK, "", "OpMemberDecorate %s 0 Offset 0", "%s = OpTypeStruct %float\n%p = OpTypePointer PushConstant %s\n%v = OpVariable %p PushConstant", "", Some("vulkan.block"), R),
    // --- GLCompute states its workgroup size (10685) ---
    case("compute_without_local_size", COMPUTE_UNSIZED, VK, "", "", "", "", Some("vulkan.local_size"), R),
    case("compute_without_local_size_universal", COMPUTE_UNSIZED, UNIVERSAL, "", "", "", "", None, A),
    case("compute_with_workgroup_size", COMPUTE_UNSIZED, VK, "", "OpDecorate %ws BuiltIn WorkgroupSize", "%ws = OpConstantComposite %v3u %u1 %u1 %u1", "", None, A),
    // --- Vulkan layouts state matrix majorness too ---
    case("matrix_without_majorness", COMPUTE, VK, "", "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\nOpMemberDecorate %s 0 MatrixStride 16\nOpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0", "%v4 = OpTypeVector %float 4\n%m4 = OpTypeMatrix %v4 4\n%s = OpTypeStruct %m4\n%p = OpTypePointer StorageBuffer %s\n%v = OpVariable %p StorageBuffer", "", Some("layout.explicit"), R),
    case("matrix_col_major", COMPUTE, VK, "", "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\nOpMemberDecorate %s 0 MatrixStride 16\nOpMemberDecorate %s 0 ColMajor\nOpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0", "%v4 = OpTypeVector %float 4\n%m4 = OpTypeMatrix %v4 4\n%s = OpTypeStruct %m4\n%p = OpTypePointer StorageBuffer %s\n%v = OpVariable %p StorageBuffer", "", None, A),
    // strides are required of direct members only: a struct inside a runtime array may leave
    // out MatrixStride (vulkan1.1 mutation finding)
    case("matrix_stride_inside_runtime_array", COMPUTE, VK, "", "OpDecorate %b Block\nOpMemberDecorate %b 0 Offset 0\nOpMemberDecorate %f 0 Offset 0\nOpMemberDecorate %f 0 ColMajor\nOpDecorate %r ArrayStride 64\nOpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0", "%v4 = OpTypeVector %float 4\n%m4 = OpTypeMatrix %v4 4\n%f = OpTypeStruct %m4\n%r = OpTypeRuntimeArray %f\n%b = OpTypeStruct %r\n%p = OpTypePointer StorageBuffer %b\n%v = OpVariable %p StorageBuffer", "", None, A),
    // --- recursion: only cycles an entry point reaches ---
    case("recursion_reached", VERTEX_CALLS, VK, "", "", "", "%rr = OpFunctionCall %void %helper", Some("function.recursion"), R),
    case("recursion_not_reached", COMPUTE, VK, "", "", "%f = OpFunction %void None %fn\n%fl = OpLabel\n%fc = OpFunctionCall %void %f\nOpReturn\nOpFunctionEnd", "", None, A),
    // --- storage classes limited to execution models ---
    case("workgroup_in_fragment", FRAGMENT, VK, "", "", "%p = OpTypePointer Workgroup %float\n%v = OpVariable %p Workgroup", "%x = OpLoad %float %v", Some("execution_model.storage_class"), R),
    case("workgroup_in_fragment_unused", FRAGMENT, VK, "", "", "%p = OpTypePointer Workgroup %float\n%v = OpVariable %p Workgroup", "", None, A),
    case("workgroup_in_compute", COMPUTE, VK, "", "", "%p = OpTypePointer Workgroup %float\n%v = OpVariable %p Workgroup", "%x = OpLoad %float %v", None, A),
    case("workgroup_in_fragment_universal", FRAGMENT, UNIVERSAL, "", "", "%p = OpTypePointer Workgroup %float\n%v = OpVariable %p Workgroup", "%x = OpLoad %float %v", None, A),
    case("workgroup_in_called_function", VERTEX_CALLS, VK, "", "", "%p = OpTypePointer Workgroup %float\n%v = OpVariable %p Workgroup", "%x = OpLoad %float %v", Some("execution_model.storage_class"), R),
    case("output_in_compute", COMPUTE, VK, "", "OpDecorate %v Location 0", "%p = OpTypePointer Output %float\n%v = OpVariable %p Output\n%c = OpConstant %float 1", "OpStore %v %c", Some("execution_model.storage_class"), R),
    // --- PhysicalStorageBuffer pointees: full storage-buffer layout in every environment ---
    case("physical_missing_offset", PHYSICAL, "spv1.6", "", "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0", "", "%x = OpConvertUToPtr %p %l", Some("vulkan.layout"), R),
    case("physical_missing_offset_not_block", PHYSICAL, VK, "", "OpMemberDecorate %s 0 Offset 0", "", "%x = OpConvertUToPtr %p %l", Some("vulkan.layout"), R),
    case("physical_missing_offset_unused", PHYSICAL, "spv1.6", "", "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0", "", "", None, A),
    case("physical_laid_out", PHYSICAL, VK, "", "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\nOpMemberDecorate %s 1 Offset 16", "", "%x = OpConvertUToPtr %p %l", None, A),
    case("physical_vec3_offset_4_standard", PHYSICAL, "spv1.6", "", "OpMemberDecorate %s 0 Offset 0\nOpMemberDecorate %s 1 Offset 4", "", "%x = OpConvertUToPtr %p %l", Some("vulkan.layout"), R),
    case("physical_vec3_offset_4_relaxed", PHYSICAL, VK, "", "OpMemberDecorate %s 0 Offset 0\nOpMemberDecorate %s 1 Offset 4", "", "%x = OpConvertUToPtr %p %l", None, A),
    // --- capabilities per Vulkan version (1.3 adds DemoteToHelperInvocation and the dot
    // products; others need their extension) ---
    case("dot_product_vulkan1_3", COMPUTE_1_6, VK, "OpCapability DotProduct", "", "", "", None, A),
    case("ray_query_without_extension", COMPUTE_1_6, VK, "OpCapability RayQueryKHR", "", "", "", Some("vulkan.capability"), R),
    case("kernel_vulkan1_4", COMPUTE_1_6, "vulkan1.4", "OpCapability Kernel", "", "", "", Some("vulkan.capability"), R),
    // --- every environment: OpVariable data ---
    case("bool_private", COMPUTE, VK, "", "", "%p = OpTypePointer Private %bool\n%v = OpVariable %p Private", "", None, A),
    case("bool_uniform_block", COMPUTE, UNIVERSAL, "", "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\nOpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0", "%s = OpTypeStruct %bool\n%p = OpTypePointer Uniform %s\n%v = OpVariable %p Uniform", "", Some("memory.variable_bool"), R),
    case("bool_input", FRAGMENT, UNIVERSAL, "", "OpDecorate %v Location 0", "%p = OpTypePointer Input %bool\n%v = OpVariable %p Input", "", Some("memory.variable_bool"), R),
    case("bool_input_builtin", FRAGMENT, VK, "", "OpDecorate %v BuiltIn FrontFacing", "%p = OpTypePointer Input %bool\n%v = OpVariable %p Input", "", None, A),
    case("input_initializer", FRAGMENT, UNIVERSAL, "", "OpDecorate %v Location 0", "%p = OpTypePointer Input %float\n%c = OpConstant %float 1\n%v = OpVariable %p Input %c", "", Some("memory.initializer"), R),
    case("int16_private", COMPUTE, VK, "OpCapability Int16", "", "%s = OpTypeInt 16 0\n%p = OpTypePointer Private %s\n%v = OpVariable %p Private", "", None, A),
    case("int16_private_storage_capability_only", COMPUTE, UNIVERSAL, "OpCapability StorageBuffer16BitAccess", "", "%s = OpTypeInt 16 0\n%p = OpTypePointer Private %s\n%v = OpVariable %p Private", "", Some("memory.variable_small_type"), R),
    case("int16_storage_buffer", COMPUTE, VK, "OpCapability StorageBuffer16BitAccess", "OpDecorate %st Block\nOpMemberDecorate %st 0 Offset 0\nOpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0", "%s = OpTypeInt 16 0\n%st = OpTypeStruct %s\n%p = OpTypePointer StorageBuffer %st\n%v = OpVariable %p StorageBuffer", "", None, A),
    case("int8_workgroup", COMPUTE, UNIVERSAL, "OpCapability StorageBuffer8BitAccess", "", "%s = OpTypeInt 8 0\n%p = OpTypePointer Workgroup %s\n%v = OpVariable %p Workgroup", "", Some("memory.variable_small_type"), R),
    case("int8_function", COMPUTE, VK, "OpCapability StorageBuffer8BitAccess", "", "%s = OpTypeInt 8 0\n%p = OpTypePointer Function %s", "%v = OpVariable %p Function", Some("memory.variable_small_type"), R),
    case("half_input", FRAGMENT, VK, "OpCapability StorageInputOutput16", "OpDecorate %v Location 0", "%s = OpTypeFloat 16\n%p = OpTypePointer Input %s\n%v = OpVariable %p Input", "", None, A),
    case("array_of_blocks_with_stride", COMPUTE, UNIVERSAL, "", "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\nOpDecorate %a ArrayStride 16", "%s = OpTypeStruct %float\n%a = OpTypeArray %s %u4", "", Some("type.array_stride"), R),
    case("array_of_blocks_without_stride", COMPUTE, UNIVERSAL, "", "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0", "%s = OpTypeStruct %float\n%a = OpTypeArray %s %u4", "", None, A),
    case("runtime_array_of_blocks_with_stride", COMPUTE, VK, "", "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\nOpDecorate %a ArrayStride 16", "%s = OpTypeStruct %float\n%a = OpTypeRuntimeArray %s", "", Some("type.array_stride"), R),
    case("half_input_without_io_capability", FRAGMENT, VK, "OpCapability StorageBuffer16BitAccess", "OpDecorate %v Location 0", "%s = OpTypeFloat 16\n%p = OpTypePointer Input %s\n%v = OpVariable %p Input", "", Some("memory.variable_small_type"), R),
];

#[test]
fn variable_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
