//! Rules added after the `producers` section's `--full` runs and `producers-mutation` (issue
//! 17, second round): each case's spirv-val 2025.5 verdict under its `--target-env` is
//! recorded and re-checked by `reference_agrees`.

mod reference;
use reference::{check_case, Case, Ref};

/// Fragment shader with Input variables of an int and of two structs (`INTERFACE` is the
/// entry point's interface list).
const BUILTIN_IO: &str = "; Version: 1.0
OpCapability Shader
OpCapability Geometry
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main \"main\" INTERFACE
OpExecutionMode %main OriginUpperLeft
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%pi = OpTypePointer Input %int
%S = OpTypeStruct %int %int
%S2 = OpTypeStruct %int
%A = OpTypeArray %S2 %u2
%pS = OpTypePointer Input %S
%pS2 = OpTypePointer Input %S2
%pA = OpTypePointer Input %A
%a = OpVariable %pi Input
%b = OpVariable %pi Input
%s = OpVariable %pS Input
%s2 = OpVariable %pS2 Input
%t = OpVariable %pS2 Input
%arr = OpVariable %pA Input
TYPES
%main = OpFunction %void None %fn
%l = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const fn builtin_io(
    name: &'static str,
    interface: &'static str,
    decorations: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, BUILTIN_IO, "", rule, reference)
        .with_interface(interface)
        .with_decorations(decorations)
        .with_env("vulkan1.0")
}

const DUP: Option<&str> = Some("vulkan.builtin_interface");

/// Geometry shader with an array of blocks `%arr` (`SC`: Input or Output, `ARR`: its type).
const GEOMETRY_ARRAY: &str = "; Version: 1.0
OpCapability Shader
OpCapability Geometry
OpMemoryModel Logical GLSL450
OpEntryPoint Geometry %main \"main\" %arr
OpExecutionMode %main Triangles
OpExecutionMode %main OutputPoints
OpExecutionMode %main OutputVertices 1
OpExecutionMode %main Invocations 1
DECOR
OpDecorate %S2 Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%S2 = OpTypeStruct %v4
%A = OpTypeArray %S2 %u2
%AA = OpTypeArray %A %u2
TYPES
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
";

const fn geometry_array(
    name: &'static str,
    decorations: &'static str,
    types: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, GEOMETRY_ARRAY, "", rule, reference)
        .with_decorations(decorations)
        .with_types(types)
        .with_env("vulkan1.0")
}

/// Compute shader with a Workgroup uint `%w`, scope constants `%cN` (N = the Scope value) and
/// semantics constants `%sX` (X = the mask in hex).
const SEMANTICS: &str = "; Version: 1.0
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%c3 = OpConstant %uint 3
%c4 = OpConstant %uint 4
%c5 = OpConstant %uint 5
%c6 = OpConstant %uint 6
%s0 = OpConstant %uint 0
%s8 = OpConstant %uint 0x8
%s100 = OpConstant %uint 0x100
%s102 = OpConstant %uint 0x102
%s104 = OpConstant %uint 0x104
%s108 = OpConstant %uint 0x108
%s110 = OpConstant %uint 0x110
%snull = OpConstantNull %uint
%sspec = OpSpecConstant %uint 0
%pw = OpTypePointer Workgroup %uint
%w = OpVariable %pw Workgroup
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const fn semantics(
    name: &'static str,
    env: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, SEMANTICS, body, rule, reference).with_env(env)
}

/// The same under the Vulkan memory model (SPIR-V 1.5, `%w` in the interface).
const SEMANTICS_VK: &str = "; Version: 1.5
OpCapability Shader
OpCapability VulkanMemoryModel
OpMemoryModel Logical Vulkan
OpEntryPoint GLCompute %main \"main\" %w
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%c5 = OpConstant %uint 5
%s108 = OpConstant %uint 0x108
%pw = OpTypePointer Workgroup %uint
%w = OpVariable %pw Workgroup
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

/// An entry point of model `MODEL` (modes `DECOR`) running `BODY`.
const MODEL_SCOPES: &str = "; Version: 1.3
OpCapability Shader
OpCapability Geometry
OpCapability Tessellation
OpCapability RayTracingKHR
OpExtension \"SPV_KHR_ray_tracing\"
OpMemoryModel Logical GLSL450
OpEntryPoint INTERFACE %main \"main\"
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%c0 = OpConstant %uint 0
%c2 = OpConstant %uint 2
%c3 = OpConstant %uint 3
%c4 = OpConstant %uint 4
%c6 = OpConstant %uint 6
%s48 = OpConstant %uint 0x48
%s108 = OpConstant %uint 0x108
%main = OpFunction %void None %fn
%e = OpLabel
%f = OpFunctionCall %void %g
OpReturn
OpFunctionEnd
%g = OpFunction %void None %fn
%ge = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const fn model_scope(
    name: &'static str,
    model: &'static str,
    modes: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, MODEL_SCOPES, body, rule, reference)
        .with_interface(model)
        .with_decorations(modes)
        .with_env("vulkan1.1")
}

/// A Uniform variable `%u` of type `TYPES` (`%S` or the array `%A`), `%S` decorated `DECOR`.
const UNIFORM_STORE: &str = "; Version: 1.0
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %S DECOR
OpMemberDecorate %S 0 Offset 0
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%u0 = OpConstant %uint 0
%u2 = OpConstant %uint 2
%S = OpTypeStruct %uint
%A = OpTypeArray %S %u2
%pS = OpTypePointer Uniform TYPES
%pu = OpTypePointer Uniform %uint
%u = OpVariable %pS Uniform
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const fn uniform_store(
    name: &'static str,
    env: &'static str,
    block: &'static str,
    ty: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, UNIFORM_STORE, body, rule, reference)
        .with_decorations(block)
        .with_types(ty)
        .with_env(env)
}

/// A kernel with OpenCL.std, untyped pointers and the generic storage class; `BODY` runs in
/// a kernel taking an untyped CrossWorkgroup pointer `%a`.
const KERNEL: &str = "; Version: 1.4
OpCapability Addresses
OpCapability Kernel
OpCapability Vector16
OpCapability Float64
OpCapability GenericPointer
OpCapability UntypedPointersKHR
OpExtension \"SPV_KHR_untyped_pointers\"
%std = OpExtInstImport \"OpenCL.std\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%double = OpTypeFloat 64
%v4 = OpTypeVector %float 4
%v3 = OpTypeVector %float 3
%v8 = OpTypeVector %float 8
%v4d = OpTypeVector %double 4
%pcw = OpTypePointer CrossWorkgroup %uint
%pg = OpTypePointer Generic %uint
%ucw = OpTypeUntypedPointerKHR CrossWorkgroup
%ug = OpTypeUntypedPointerKHR Generic
%fnty = OpTypeFunction %void %ucw %pcw
%f1 = OpConstant %float 1
%d1 = OpConstant %double 1
%u1 = OpConstant %uint 1
%c4 = OpConstantComposite %v4 %f1 %f1 %f1 %f1
%c3 = OpConstantComposite %v3 %f1 %f1 %f1
%c8 = OpConstantComposite %v8 %f1 %f1 %f1 %f1 %f1 %f1 %f1 %f1
%c4d = OpConstantComposite %v4d %d1 %d1 %d1 %d1
%k = OpFunction %void None %fnty
%a = OpFunctionParameter %ucw
%t = OpFunctionParameter %pcw
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const fn kernel(
    name: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, KERNEL, body, rule, reference).with_env("spv1.4")
}

const EXT: Option<&str> = Some("ext_inst.types");
const CAST: Option<&str> = Some("conversion.generic_cast");
const ORDER: Option<&str> = Some("semantics.order");
const MEMORY_SCOPE: Option<&str> = Some("scope.memory");
const SCOPE_MODEL: Option<&str> = Some("execution_model.scope");
const STORE: Option<&str> = Some("memory.store");
const GEOMETRY_MODES: &str = "OpExecutionMode %main Triangles\nOpExecutionMode %main OutputPoints\nOpExecutionMode %main OutputVertices 1\nOpExecutionMode %main Invocations 1";

/// A call from the entry point (model `INTERFACE`, modes `DECOR`) to a function running `BODY`.
const FRAGMENT_ONLY: &str = "; Version: 1.6
OpCapability Shader
OpCapability FragmentShaderPixelInterlockEXT
OpCapability DemoteToHelperInvocation
OpCapability ShaderClockKHR
OpCapability Int64
OpExtension \"SPV_EXT_fragment_shader_interlock\"
OpExtension \"SPV_KHR_shader_clock\"
OpMemoryModel Logical GLSL450
OpEntryPoint INTERFACE %main \"main\"
DECOR
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%long = OpTypeInt 64 1
%v2u = OpTypeVector %uint 2
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%c3 = OpConstant %uint 3
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
%x = OpFunctionCall %void %g
OpReturn
OpFunctionEnd
%g = OpFunction %void None %fn
%ge = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const fn fragment_only(
    name: &'static str,
    fragment: bool,
    modes: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    let (model, origin) = if fragment {
        ("Fragment", "OpExecutionMode %main OriginUpperLeft")
    } else {
        ("GLCompute", "OpExecutionMode %main LocalSize 1 1 1")
    };
    Case::new(name, FRAGMENT_ONLY, body, rule, reference)
        .with_interface(model)
        .with_decorations(if modes.is_empty() { origin } else { modes })
        .with_env("vulkan1.3")
}

const FRAGMENT_MODEL: Option<&str> = Some("execution_model.fragment");

/// A StorageBuffer Block holding the runtime array `TYPES` (`%R`, `%R2`: runtime arrays of
/// uint; `DECOR` strides).
const RUNTIME_STRIDE: &str = "; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%R = OpTypeRuntimeArray %uint
%R2 = OpTypeRuntimeArray %uint
%S = OpTypeStruct TYPES
%pS = OpTypePointer StorageBuffer %S
%u = OpVariable %pS StorageBuffer
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

/// A buffer variable `%v` of class `INTERFACE` whose struct `%O` holds `TYPES` (`%I`, the struct
/// decorated `DECOR`, or `%A`, an array of it).
const NESTED_BLOCK: &str = "; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %I DECOR
OpMemberDecorate %I 0 Offset 0
OpMemberDecorate %O 0 Offset 0
OpDecorate %v DescriptorSet 0
OpDecorate %v Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%I = OpTypeStruct %float
%A = OpTypeArray %I %u2
%O = OpTypeStruct TYPES
%p = OpTypePointer INTERFACE %O
%v = OpVariable %p INTERFACE
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

const fn nested_block(
    name: &'static str,
    class: &'static str,
    decoration: &'static str,
    member: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, NESTED_BLOCK, "", rule, reference)
        .with_interface(class)
        .with_decorations(decoration)
        .with_types(member)
        .with_env("vulkan1.1")
}

/// A Block `%S` without Offset behind a buffer variable of type `TYPES` (`%S`, `%A` = one
/// array level, `%AA` = two).
const BLOCK_ARRAYS: &str = "; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %S Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%u3 = OpConstant %uint 3
%S = OpTypeStruct %float
%A = OpTypeArray %S %u2
%AA = OpTypeArray %A %u3
%p = OpTypePointer StorageBuffer TYPES
%v = OpVariable %p StorageBuffer
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

/// A compute shader with a ray query `%q`, a Private float `%pq`, an acceleration structure
/// `%a`, running `BODY`.
const RAY_QUERY: &str = "; Version: 1.4
OpCapability Shader
OpCapability RayQueryKHR
OpCapability Float64
OpExtension \"SPV_KHR_ray_query\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %as %q %pq
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %as DescriptorSet 0
OpDecorate %as Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%double = OpTypeFloat 64
%uint = OpTypeInt 32 0
%v3 = OpTypeVector %float 3
%v4 = OpTypeVector %float 4
%AS = OpTypeAccelerationStructureKHR
%pas = OpTypePointer UniformConstant %AS
%as = OpVariable %pas UniformConstant
%RQ = OpTypeRayQueryKHR
%prq = OpTypePointer Private %RQ
%q = OpVariable %prq Private
%pf = OpTypePointer Private %float
%pq = OpVariable %pf Private
%u0 = OpConstant %uint 0
%f0 = OpConstant %float 0
%d0 = OpConstant %double 0
%c3 = OpConstantComposite %v3 %f0 %f0 %f0
%c4 = OpConstantComposite %v4 %f0 %f0 %f0 %f0
%main = OpFunction %void None %fn
%e = OpLabel
%a = OpLoad %AS %as
BODY
OpReturn
OpFunctionEnd
";

const fn ray_query(
    name: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, RAY_QUERY, body, rule, reference).with_env("vulkan1.2")
}

const RQ: Option<&str> = Some("ray_query.operand");

/// Logically matching types for OpCopyLogical (`BODY` in a compute shader, SPIR-V 1.4).
const COPY_LOGICAL: &str = "; Version: 1.4
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%u2b = OpConstant %uint 2
%u3 = OpConstant %uint 3
%A = OpTypeArray %float %u2
%A2 = OpTypeArray %float %u2
%Ab = OpTypeArray %float %u2b
%A3 = OpTypeArray %float %u3
%S = OpTypeStruct %float %A
%S2 = OpTypeStruct %float %A2
%S3 = OpTypeStruct %float %A3
%f0 = OpConstant %float 0
%a = OpConstantComposite %A %f0 %f0
%s = OpConstantComposite %S %f0 %a
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const COPY: Option<&str> = Some("composite.copy_logical");

static CASES: &[Case] = &[
    // Mesh shader interfaces need no Location (spirv-val judges graphics stages only).
    Case::new("location.mesh_not_judged", "; Version: 1.4\nOpCapability MeshShadingEXT\nOpExtension \"SPV_EXT_mesh_shader\"\nOpMemoryModel Logical GLSL450\nOpEntryPoint MeshEXT %main \"main\" %u %w\nOpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main OutputVertices 2\nOpExecutionMode %main OutputPrimitivesEXT 1\nOpExecutionMode %main OutputPoints\nOpDecorate %U Block\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%float = OpTypeFloat 32\n%v4 = OpTypeVector %float 4\n%uint = OpTypeInt 32 0\n%u2 = OpConstant %uint 2\n%U = OpTypeStruct %v4\n%AU = OpTypeArray %U %u2\n%pU = OpTypePointer Output %AU\n%u = OpVariable %pU Output\n%pi = OpTypePointer Input %v4\n%w = OpVariable %pi Input\n%main = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n", "", None, Ref::Accepts).with_env("vulkan1.3"),
    // Pointer bitcasts between storage classes: spirv-val 2025.5 accepts them (STATUS).
    Case::new("bitcast.pointer_storage_classes", "; Version: 1.0\nOpCapability Addresses\nOpCapability Kernel\nOpCapability Int64\nOpCapability Int8\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"k\" %gid\nOpDecorate %gid BuiltIn GlobalInvocationId\nOpDecorate %gid Constant\n%void = OpTypeVoid\n%ulong = OpTypeInt 64 0\n%v3 = OpTypeVector %ulong 3\n%pin = OpTypePointer Input %v3\n%gid = OpVariable %pin Input\n%uchar = OpTypeInt 8 0\n%pf = OpTypePointer Function %uchar\n%fnty = OpTypeFunction %void\n%k = OpFunction %void None %fnty\n%e = OpLabel\n%b = OpBitcast %pf %gid\nOpReturn\nOpFunctionEnd\n", "", None, Ref::Accepts).with_env("spv1.0"),
    // The entry point's function type has a parameter, the function declares none.
    Case::new("entry.type_parameters", "; Version: 1.4\nOpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\nOpExecutionMode %main LocalSize 1 1 1\n%void = OpTypeVoid\n%float = OpTypeFloat 32\n%fn2 = OpTypeFunction %void %float\n%main = OpFunction %void None %fn2\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n", "", Some("entry.function"), Ref::Rejects).with_env("spv1.4"),
    Case::new("copy_logical.array", COPY_LOGICAL, "%r = OpCopyLogical %A2 %a", None, Ref::Accepts).with_env("spv1.4"),
    Case::new("copy_logical.same_type", COPY_LOGICAL, "%r = OpCopyLogical %A %a", COPY, Ref::Rejects).with_env("spv1.4"),
    Case::new("copy_logical.length_id", COPY_LOGICAL, "%r = OpCopyLogical %Ab %a", COPY, Ref::Rejects).with_env("spv1.4"),
    Case::new("copy_logical.length", COPY_LOGICAL, "%r = OpCopyLogical %A3 %a", COPY, Ref::Rejects).with_env("spv1.4"),
    Case::new("copy_logical.struct", COPY_LOGICAL, "%r = OpCopyLogical %S2 %s", None, Ref::Accepts).with_env("spv1.4"),
    Case::new("copy_logical.struct_member", COPY_LOGICAL, "%r = OpCopyLogical %S3 %s", COPY, Ref::Rejects).with_env("spv1.4"),
    ray_query("ray_query.initialize", "OpRayQueryInitializeKHR %q %a %u0 %u0 %c3 %f0 %c3 %f0", None, Ref::Accepts),
    ray_query("ray_query.not_a_ray_query", "OpRayQueryInitializeKHR %pq %a %u0 %u0 %c3 %f0 %c3 %f0", RQ, Ref::Rejects),
    ray_query("ray_query.loaded_value", "%l = OpLoad %RQ %q\nOpRayQueryInitializeKHR %l %a %u0 %u0 %c3 %f0 %c3 %f0", RQ, Ref::Rejects),
    ray_query("ray_query.flags", "OpRayQueryInitializeKHR %q %a %f0 %u0 %c3 %f0 %c3 %f0", RQ, Ref::Rejects),
    ray_query("ray_query.origin", "OpRayQueryInitializeKHR %q %a %u0 %u0 %c4 %f0 %c3 %f0", RQ, Ref::Rejects),
    ray_query("ray_query.tmin", "OpRayQueryInitializeKHR %q %a %u0 %u0 %c3 %d0 %c3 %f0", RQ, Ref::Rejects),
    ray_query("ray_query.tmax", "OpRayQueryInitializeKHR %q %a %u0 %u0 %c3 %f0 %c3 %u0", RQ, Ref::Rejects),
    ray_query("ray_query.accel", "OpRayQueryInitializeKHR %q %as %u0 %u0 %c3 %f0 %c3 %f0", RQ, Ref::Rejects),
    ray_query("ray_query.get_tmin", "%r = OpRayQueryGetRayTMinKHR %float %q", None, Ref::Accepts),
    ray_query("ray_query.get_tmin_wrong_pointer", "%r = OpRayQueryGetRayTMinKHR %float %pq", RQ, Ref::Rejects),
    ray_query("ray_query.hit_t", "OpRayQueryGenerateIntersectionKHR %q %u0", RQ, Ref::Rejects),
    // A member struct that is the Block satisfies 06675/06676 (spirv-val's nested hasDecoration).
    nested_block("block.nested_storage_buffer", "StorageBuffer", "Block", "%I", None, Ref::Accepts),
    nested_block("block.nested_uniform_buffer_block", "Uniform", "BufferBlock", "%I", None, Ref::Accepts),
    nested_block("block.nested_uniform_block", "Uniform", "Block", "%I", None, Ref::Accepts),
    nested_block("block.array_member_not_nested", "StorageBuffer", "Block", "%A", Some("vulkan.block"), Ref::Rejects),
    nested_block("block.array_member_not_nested_uniform", "Uniform", "Block", "%A", Some("vulkan.block"), Ref::Rejects),
    // Offsets are judged on the Block of a variable or of one array level only.
    Case::new("layout.block_offsets", BLOCK_ARRAYS, "", Some("layout.explicit"), Ref::Rejects).with_types("%S").with_env("spv1.3"),
    Case::new("layout.block_array_offsets", BLOCK_ARRAYS, "", Some("layout.explicit"), Ref::Rejects).with_types("%A").with_env("spv1.3"),
    Case::new("layout.block_array_of_arrays_not_judged", BLOCK_ARRAYS, "", None, Ref::Accepts).with_types("%AA").with_env("spv1.3"),
    // A missing ArrayStride is a stride of 0 for the Vulkan layout (element size 4).
    Case::new("layout.runtime_array_without_stride", RUNTIME_STRIDE, "", Some("vulkan.layout"), Ref::Rejects).with_types("%R").with_env("vulkan1.1"),
    Case::new("layout.runtime_array_other_has_stride", RUNTIME_STRIDE, "", Some("vulkan.layout"), Ref::Rejects).with_types("%R").with_decorations("OpDecorate %R2 ArrayStride 4").with_env("vulkan1.1"),
    Case::new("layout.runtime_array_with_stride", RUNTIME_STRIDE, "", None, Ref::Accepts).with_types("%R").with_decorations("OpDecorate %R ArrayStride 4").with_env("vulkan1.1"),
    Case::new("layout.runtime_array_without_stride_universal", RUNTIME_STRIDE, "", None, Ref::Accepts).with_types("%R").with_env("spv1.3"),
    fragment_only("interlock.without_mode", true, "", "OpBeginInvocationInterlockEXT", FRAGMENT_MODEL, Ref::Rejects),
    fragment_only("interlock.with_mode", true, "OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %main PixelInterlockOrderedEXT", "OpBeginInvocationInterlockEXT\nOpEndInvocationInterlockEXT", None, Ref::Accepts),
    fragment_only("interlock.compute", false, "", "OpEndInvocationInterlockEXT", FRAGMENT_MODEL, Ref::Rejects),
    fragment_only("demote.fragment", true, "", "OpDemoteToHelperInvocation", None, Ref::Accepts),
    fragment_only("demote.compute", false, "", "OpDemoteToHelperInvocation", FRAGMENT_MODEL, Ref::Rejects),
    fragment_only("is_helper.compute", false, "", "%h = OpIsHelperInvocationEXT %bool", FRAGMENT_MODEL, Ref::Rejects),
    fragment_only("is_helper.result", true, "", "%h = OpIsHelperInvocationEXT %uint", Some("misc.result_type"), Ref::Rejects),
    fragment_only("read_clock.ulong", false, "", "%h = OpReadClockKHR %ulong %c3", None, Ref::Accepts),
    fragment_only("read_clock.uvec2_device", false, "", "%h = OpReadClockKHR %v2u %c1", None, Ref::Accepts),
    fragment_only("read_clock.workgroup", false, "", "%h = OpReadClockKHR %ulong %c2", Some("misc.scope"), Ref::Rejects),
    fragment_only("read_clock.workgroup_universal", false, "", "%h = OpReadClockKHR %ulong %c2", None, Ref::Accepts).with_env("spv1.6"),
    fragment_only("read_clock.signed", false, "", "%h = OpReadClockKHR %long %c3", Some("misc.result_type"), Ref::Rejects),
    // OpenCL.std geometric functions.
    kernel("opencl.distance", "%r = OpExtInst %float %std distance %c4 %c4", None, Ref::Accepts),
    kernel("opencl.distance_scalar", "%r = OpExtInst %float %std fast_distance %f1 %f1", None, Ref::Accepts),
    kernel("opencl.distance_vector_result", "%r = OpExtInst %v4 %std distance %c4 %c4", EXT, Ref::Rejects),
    kernel("opencl.distance_mixed", "%r = OpExtInst %float %std distance %c4 %c3", EXT, Ref::Rejects),
    kernel("opencl.distance_eight", "%r = OpExtInst %float %std distance %c8 %c8", EXT, Ref::Rejects),
    kernel("opencl.distance_component", "%r = OpExtInst %float %std fast_distance %c4d %c4d", EXT, Ref::Rejects),
    kernel("opencl.distance_untyped_pointer", "%r = OpExtInst %float %std distance %a %a", EXT, Ref::Rejects),
    kernel("opencl.length", "%r = OpExtInst %float %std length %c4", None, Ref::Accepts),
    kernel("opencl.length_pointer", "%r = OpExtInst %float %std fast_length %a", EXT, Ref::Rejects),
    kernel("opencl.length_component", "%r = OpExtInst %double %std length %c4", EXT, Ref::Rejects),
    kernel("opencl.fclamp", "%r = OpExtInst %v4 %std fclamp %c4 %c4 %c4", None, Ref::Accepts),
    kernel("opencl.fclamp_scalar_bounds", "%r = OpExtInst %v4 %std fclamp %c4 %f1 %f1", EXT, Ref::Rejects),
    kernel("opencl.fclamp_int", "%r = OpExtInst %uint %std fclamp %u1 %u1 %u1", EXT, Ref::Rejects),
    kernel("opencl.normalize", "%r = OpExtInst %v4 %std normalize %c4", None, Ref::Accepts),
    kernel("opencl.normalize_eight", "%r = OpExtInst %v8 %std fast_normalize %c8", EXT, Ref::Rejects),
    kernel("opencl.normalize_operand", "%r = OpExtInst %float %std normalize %c4", EXT, Ref::Rejects),
    // Generic casts: an untyped pointer matches only an untyped pointer.
    kernel("generic_cast.typed_to_untyped", "%r = OpPtrCastToGeneric %ug %t", CAST, Ref::Rejects),
    kernel("generic_cast.untyped_to_typed", "%r = OpPtrCastToGeneric %pg %a", CAST, Ref::Rejects),
    kernel("generic_cast.untyped", "%r = OpPtrCastToGeneric %ug %a", None, Ref::Accepts),
    // spirv-val 2025.5 also rejects these; the extension compares pointees only when both
    // pointers are typed (crates/val/STATUS.md, "Where spirv-val 2025.5 is wrong").
    kernel("generic_cast.back_to_untyped", "%g = OpPtrCastToGeneric %pg %t\n%r = OpGenericCastToPtr %ucw %g", None, Ref::Rejects),
    kernel("generic_cast.explicit_untyped", "%g = OpPtrCastToGeneric %ug %a\n%r = OpGenericCastToPtrExplicit %pcw %g CrossWorkgroup", None, Ref::Rejects),
    // Memory semantics (ValidateMemorySemantics).
    semantics("semantics.load_release", "spv1.3", "%r = OpAtomicLoad %uint %w %c2 %s104", ORDER, Ref::Rejects),
    semantics("semantics.load_acquire", "vulkan1.1", "%r = OpAtomicLoad %uint %w %c2 %s102", None, Ref::Accepts),
    semantics("semantics.store_acquire", "spv1.3", "OpAtomicStore %w %c2 %s102 %c1", ORDER, Ref::Rejects),
    semantics("semantics.store_release", "vulkan1.1", "OpAtomicStore %w %c2 %s104 %c1", None, Ref::Accepts),
    semantics("semantics.storage_class_needs_order", "vulkan1.1", "%r = OpAtomicIAdd %uint %w %c2 %s100 %c1", ORDER, Ref::Rejects),
    semantics("semantics.storage_class_without_order_universal", "spv1.3", "%r = OpAtomicIAdd %uint %w %c2 %s100 %c1", None, Ref::Accepts),
    semantics("semantics.order_needs_storage_class", "vulkan1.1", "%r = OpAtomicIAdd %uint %w %c2 %s8 %c1", ORDER, Ref::Rejects),
    semantics("semantics.order_without_storage_class_universal", "spv1.3", "%r = OpAtomicIAdd %uint %w %c2 %s8 %c1", None, Ref::Accepts),
    semantics("semantics.relaxed_memory_barrier", "vulkan1.1", "OpMemoryBarrier %c2 %s100", ORDER, Ref::Rejects),
    semantics("semantics.relaxed_memory_barrier_universal", "spv1.3", "OpMemoryBarrier %c2 %s0", None, Ref::Accepts),
    semantics("semantics.sequentially_consistent", "vulkan1.1", "OpMemoryBarrier %c2 %s110", ORDER, Ref::Rejects),
    semantics("semantics.sequentially_consistent_universal", "spv1.3", "OpMemoryBarrier %c2 %s110", None, Ref::Accepts),
    semantics("semantics.invocation_scope", "vulkan1.1", "OpMemoryBarrier %c4 %s108", ORDER, Ref::Rejects),
    semantics("semantics.unequal_release", "spv1.3", "%r = OpAtomicCompareExchange %uint %w %c2 %s108 %s104 %c1 %c1", ORDER, Ref::Rejects),
    semantics("semantics.unequal_acquire", "vulkan1.1", "%r = OpAtomicCompareExchange %uint %w %c2 %s108 %s102 %c1 %c1", None, Ref::Accepts),
    semantics("semantics.unequal_stronger", "spv1.3", "%r = OpAtomicCompareExchange %uint %w %c2 %s100 %s102 %c1 %c1", ORDER, Ref::Rejects),
    semantics("semantics.unequal_storage_class", "vulkan1.1", "%r = OpAtomicCompareExchange %uint %w %c2 %s0 %s100 %c1 %c1", ORDER, Ref::Rejects),
    semantics("semantics.null_constant", "vulkan1.1", "OpControlBarrier %c2 %c2 %snull", None, Ref::Accepts),
    semantics("semantics.spec_constant", "spv1.3", "OpControlBarrier %c2 %c2 %sspec", Some("semantics.constant"), Ref::Rejects),
    semantics("semantics.not_int32", "spv1.3", "OpControlBarrier %c2 %c2 %f", Some("semantics.type"), Ref::Rejects).with_types("%float = OpTypeFloat 32\n%f = OpConstant %float 0"),
    // Memory scopes (ValidateMemoryScope).
    semantics("scope.queue_family_without_vulkan_model", "spv1.3", "OpMemoryBarrier %c5 %s108", MEMORY_SCOPE, Ref::Rejects),
    semantics("scope.subgroup_vulkan_1_0", "vulkan1.0", "OpMemoryBarrier %c3 %s108", Some("scope.vulkan"), Ref::Rejects),
    semantics("scope.subgroup_vulkan_1_1", "vulkan1.1", "OpMemoryBarrier %c3 %s108", None, Ref::Accepts),
    Case::new("scope.queue_family_vulkan_model", SEMANTICS_VK, "OpMemoryBarrier %c5 %s108", None, Ref::Accepts).with_env("vulkan1.2"),
    Case::new("scope.device_without_device_scope", SEMANTICS_VK, "OpMemoryBarrier %c1 %s108", MEMORY_SCOPE, Ref::Rejects).with_env("spv1.5"),
    Case::new("scope.device_with_device_scope", SEMANTICS_VK, "OpMemoryBarrier %c1 %s108", None, Ref::Accepts).with_env("spv1.5").with_capabilities("OpCapability VulkanMemoryModelDeviceScope"),
    // Scopes limited to execution models (through a called function).
    model_scope("scope_model.barrier_fragment", "Fragment", "OpExecutionMode %main OriginUpperLeft", "OpControlBarrier %c2 %c4 %c0", SCOPE_MODEL, Ref::Rejects),
    model_scope("scope_model.barrier_subgroup_fragment", "Fragment", "OpExecutionMode %main OriginUpperLeft", "OpControlBarrier %c3 %c3 %c0", None, Ref::Accepts),
    model_scope("scope_model.barrier_compute", "GLCompute", "OpExecutionMode %main LocalSize 1 1 1", "OpControlBarrier %c2 %c2 %s108", None, Ref::Accepts),
    model_scope("scope_model.workgroup_memory_vertex", "Vertex", "", "OpMemoryBarrier %c2 %s108", SCOPE_MODEL, Ref::Rejects),
    model_scope("scope_model.workgroup_memory_geometry", "Geometry", GEOMETRY_MODES, "OpMemoryBarrier %c2 %s108", SCOPE_MODEL, Ref::Rejects),
    model_scope("scope_model.workgroup_memory_tessellation_glsl450", "TessellationControl", "OpExecutionMode %main OutputVertices 3", "OpMemoryBarrier %c2 %s108", SCOPE_MODEL, Ref::Rejects),
    model_scope("scope_model.tessellation_barrier", "TessellationControl", "OpExecutionMode %main OutputVertices 3", "OpControlBarrier %c2 %c4 %c0", None, Ref::Accepts),
    model_scope("scope_model.shader_call_compute", "GLCompute", "OpExecutionMode %main LocalSize 1 1 1", "OpMemoryBarrier %c6 %s48", SCOPE_MODEL, Ref::Rejects),
    model_scope("scope_model.shader_call_raygen", "RayGenerationKHR", "", "OpMemoryBarrier %c6 %s48", None, Ref::Accepts),
    model_scope("scope_model.universal_env", "Vertex", "", "OpMemoryBarrier %c2 %s108", None, Ref::Accepts).with_env("spv1.3"),
    // Stores into Uniform Blocks (06925).
    uniform_store("uniform_store.block", "vulkan1.0", "Block", "%S", "%p = OpAccessChain %pu %u %u0\nOpStore %p %u0", STORE, Ref::Rejects),
    uniform_store("uniform_store.array_of_blocks", "vulkan1.0", "Block", "%A", "%p = OpAccessChain %pu %u %u0 %u0\nOpStore %p %u0", STORE, Ref::Rejects),
    uniform_store("uniform_store.copy_object", "vulkan1.0", "Block", "%S", "%p = OpAccessChain %pu %u %u0\n%q = OpCopyObject %pu %p\nOpStore %q %u0", STORE, Ref::Rejects),
    uniform_store("uniform_store.buffer_block", "vulkan1.0", "BufferBlock", "%S", "%p = OpAccessChain %pu %u %u0\nOpStore %p %u0", None, Ref::Accepts),
    uniform_store("uniform_store.universal_env", "spv1.0", "Block", "%S", "%p = OpAccessChain %pu %u %u0\nOpStore %p %u0", None, Ref::Accepts),
    geometry_array("location.geometry_input_builtin_blocks", "OpMemberDecorate %S2 0 BuiltIn Position", "%pA = OpTypePointer Input %A\n%arr = OpVariable %pA Input", None, Ref::Accepts),
    geometry_array("location.geometry_input_located_blocks", "OpMemberDecorate %S2 0 Location 0", "%pA = OpTypePointer Input %A\n%arr = OpVariable %pA Input", None, Ref::Accepts),
    geometry_array("location.geometry_output_array_of_blocks", "OpMemberDecorate %S2 0 BuiltIn Position", "%pA = OpTypePointer Output %A\n%arr = OpVariable %pA Output", Some("vulkan.location"), Ref::Rejects),
    geometry_array("location.geometry_input_two_levels", "OpMemberDecorate %S2 0 BuiltIn Position", "%pA = OpTypePointer Input %AA\n%arr = OpVariable %pA Input", Some("vulkan.location"), Ref::Rejects),
    geometry_array("location.geometry_output_array_located", "OpMemberDecorate %S2 0 BuiltIn Position\nOpDecorate %arr Location 0", "%pA = OpTypePointer Output %A\n%arr = OpVariable %pA Output", None, Ref::Accepts),
    // VUID 09658/09659: one BuiltIn per entry point's Input (Output) interface.
    builtin_io("builtin_interface.two_variables", "%a %b", "OpDecorate %a BuiltIn PrimitiveId\nOpDecorate %a Flat\nOpDecorate %b BuiltIn PrimitiveId\nOpDecorate %b Flat", DUP, Ref::Rejects),
    builtin_io("builtin_interface.different", "%a %b", "OpDecorate %a BuiltIn PrimitiveId\nOpDecorate %a Flat\nOpDecorate %b BuiltIn Layer\nOpDecorate %b Flat", None, Ref::Accepts),
    builtin_io("builtin_interface.one_listed", "%a", "OpDecorate %a BuiltIn PrimitiveId\nOpDecorate %a Flat\nOpDecorate %b BuiltIn PrimitiveId\nOpDecorate %b Flat", None, Ref::Accepts),
    builtin_io("builtin_interface.block_and_variable", "%s %a", "OpMemberDecorate %S 0 BuiltIn PrimitiveId\nOpMemberDecorate %S 1 BuiltIn Layer\nOpDecorate %S Block\nOpDecorate %a BuiltIn PrimitiveId\nOpDecorate %a Flat", DUP, Ref::Rejects),
    builtin_io("builtin_interface.two_members", "%s", "OpMemberDecorate %S 0 BuiltIn PrimitiveId\nOpMemberDecorate %S 1 BuiltIn PrimitiveId\nOpDecorate %S Block", DUP, Ref::Rejects),
    builtin_io("builtin_interface.two_blocks", "%s2 %t", "OpMemberDecorate %S2 0 BuiltIn PrimitiveId\nOpDecorate %S2 Block", DUP, Ref::Rejects),
    builtin_io("builtin_interface.array_of_blocks_not_counted", "%arr %t", "OpMemberDecorate %S2 0 BuiltIn PrimitiveId\nOpDecorate %S2 Block\nOpDecorate %arr Location 0", None, Ref::Accepts),
    // An array of blocks is one per-vertex array only in arrayed interfaces (tessellation,
    // geometry inputs, mesh outputs, PerVertexKHR fragment inputs): elsewhere it needs a Location.
    builtin_io("location.fragment_array_of_builtin_blocks", "%arr", "OpMemberDecorate %S2 0 BuiltIn PrimitiveId\nOpDecorate %S2 Block", Some("vulkan.location"), Ref::Rejects),
    builtin_io("builtin_interface.group", "%s %a", "OpMemberDecorate %S 0 BuiltIn PrimitiveId\nOpMemberDecorate %S 1 BuiltIn Layer\nOpDecorate %S Block\nOpDecorate %a Flat\nOpDecorate %g BuiltIn PrimitiveId\n%g = OpDecorationGroup\nOpGroupDecorate %g %a", DUP, Ref::Rejects),
    builtin_io("builtin_interface.member_group", "%s %a", "OpMemberDecorate %S 0 BuiltIn PrimitiveId\nOpDecorate %S Block\nOpDecorate %a Flat\nOpDecorate %a BuiltIn Layer\nOpDecorate %g BuiltIn Layer\n%g = OpDecorationGroup\nOpGroupMemberDecorate %g %S 1", DUP, Ref::Rejects),
    builtin_io("builtin_interface.universal_env", "%a %b", "OpDecorate %a BuiltIn PrimitiveId\nOpDecorate %a Flat\nOpDecorate %b BuiltIn PrimitiveId\nOpDecorate %b Flat", None, Ref::Accepts).with_env("spv1.0"),
];

#[test]
fn producer_rules_full() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}

/// Literal high-order bits: valid literals of a 16/8-bit module with one word replaced.
#[test]
fn literal_high_bits() {
    let text = "; Version: 1.0
OpCapability Shader
OpCapability Int16
OpCapability Float16
OpCapability Int8
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%us = OpTypeInt 16 0
%ss = OpTypeInt 16 1
%h = OpTypeFloat 16
%sb = OpTypeInt 8 1
%c1 = OpConstant %us 4660
%c2 = OpConstant %ss 4661
%c3 = OpConstant %h 0x1.8p+0
%c4 = OpSpecConstant %us 4662
%c6 = OpConstant %sb 86
%c7 = OpConstant %ss -2
%main = OpFunction %void None %fn
%e = OpLabel
%x = OpIAdd %us %c1 %c1
OpSelectionMerge %m None
OpSwitch %x %m 4663 %b
%b = OpLabel
OpBranch %m
%m = OpLabel
OpReturn
OpFunctionEnd
";
    let words = spirvkit_text::assemble(text, &Default::default()).expect("assembles");
    let opts = spirvkit_val::ValidatorOptions::new("spv1.0".parse().expect("env"));
    assert!(spirvkit_val::validate(&words, &opts).is_ok());
    // (old word, new word, valid)
    let patches: &[(u32, u32, bool)] = &[
        (4660, 0x1_0000 | 4660, false),
        (0xffff_fffe, 0x0000_fffe, false),
        (4661, 0xffff_0000 | 4661, false),
        (0x3e00, 0x1_3e00, false),
        (4662, 0x1_0000 | 4662, false),
        (4663, 0x1_0000 | 4663, false),
        (86, 0xffff_ff56, false),
        (0xffff_fffe, 0xffff_fffe, true),
    ];
    for &(old, new, valid) in patches {
        let mut w = words.clone();
        let at = w
            .iter()
            .rposition(|&x| x == old)
            .expect("literal word present");
        w[at] = new;
        let result = spirvkit_val::validate(&w, &opts);
        if valid {
            assert!(result.is_ok(), "{old:#x} -> {new:#x}: {result:?}");
        } else {
            let d = result.expect_err("rejected");
            assert!(
                d.iter().any(|d| d.rule == "literal.high_bits"),
                "{old:#x} -> {new:#x}: {d:?}"
            );
        }
        if let Some(reference) = reference::reference_verdict_in(&w, "spv1.0") {
            assert_eq!(reference, valid, "spirv-val on {old:#x} -> {new:#x}");
        }
    }
}
