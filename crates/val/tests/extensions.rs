//! Every rule of the three seed extensions (SPV_KHR_untyped_pointers, SPV_NV_raw_access_chains,
//! SPV_ALTERA_usm_storage_classes) with a positive and a negative case. Each case records the
//! rule spirvkit reports (or none) and spirv-val 2025.5's verdict; `reference_agrees` re-checks
//! the recorded verdicts with the reference tools when they are present. Cases where the two
//! differ are rules spirv-val does not check, or (twice) untyped-pointer uses the spec allows
//! and spirv-val still rejects (listed in crates/val/EXTENSION_RULES.md).

mod reference;
use reference::{check_case, Case, Ref};

// ---- SPV_ALTERA_usm_storage_classes ----

const USM: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability USMStorageClassesALTERA
OpExtension \"SPV_ALTERA_usm_storage_classes\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%int = OpTypeInt 32 0
%float = OpTypeFloat 32
%pcw = OpTypePointer CrossWorkgroup %int
%pdev = OpTypePointer DeviceOnlyALTERA %int
%phost = OpTypePointer HostOnlyALTERA %int
%pdevf = OpTypePointer DeviceOnlyALTERA %float
%pfn = OpTypePointer Function %int
%pwg = OpTypePointer Workgroup %int
%fnty = OpTypeFunction %void %pcw %pdev %pfn
%k = OpFunction %void None %fnty
%a = OpFunctionParameter %pcw
%b = OpFunctionParameter %pdev
%c = OpFunctionParameter %pfn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

pub const USM_CASES: &[Case] = &[
    Case::new("usm.valid", USM, "%x = OpPtrCastToCrossWorkgroupALTERA %pcw %b\n%y = OpCrossWorkgroupCastToPtrALTERA %phost %a", None, Ref::Accepts),
    Case::new("usm.intel_spelling", USM, "%x = OpPtrCastToCrossWorkgroupINTEL %pcw %b", None, Ref::Accepts),
    Case::new("usm.result_type", USM, "%x = OpPtrCastToCrossWorkgroupALTERA %int %b", Some("usm.result_type"), Ref::Accepts),
    Case::new("usm.result_storage_class.to_cross", USM, "%x = OpPtrCastToCrossWorkgroupALTERA %pfn %b", Some("usm.result_storage_class"), Ref::Accepts),
    Case::new("usm.result_storage_class.from_cross", USM, "%x = OpCrossWorkgroupCastToPtrALTERA %pwg %a", Some("usm.result_storage_class"), Ref::Accepts),
    Case::new("usm.pointer_storage_class.to_cross", USM, "%x = OpPtrCastToCrossWorkgroupALTERA %pcw %c", Some("usm.pointer_storage_class"), Ref::Accepts),
    Case::new("usm.pointer_storage_class.from_cross", USM, "%x = OpCrossWorkgroupCastToPtrALTERA %pdev %b", Some("usm.pointer_storage_class"), Ref::Accepts),
    Case::new("usm.same_pointee", USM, "%x = OpCrossWorkgroupCastToPtrALTERA %pdevf %a", Some("usm.same_pointee"), Ref::Accepts),
];

// ---- SPV_NV_raw_access_chains ----

const RAC: &str = "; Version: 1.3
OpCapability Shader
OpCapability Int64
OpCapability RawAccessChainsNV
OpExtension \"SPV_NV_raw_access_chains\"
OpExtension \"SPV_KHR_storage_buffer_storage_class\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %rta ArrayStride 4
OpDecorate %Block Block
OpMemberDecorate %Block 0 Offset 0
OpDecorate %ssbo DescriptorSet 0
OpDecorate %ssbo Binding 0
OpDecorate %BB BufferBlock
OpMemberDecorate %BB 0 Offset 0
OpDecorate %ubo DescriptorSet 0
OpDecorate %ubo Binding 1
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%rta = OpTypeRuntimeArray %uint
%Block = OpTypeStruct %rta
%BB = OpTypeStruct %rta
%pBlock = OpTypePointer StorageBuffer %Block
%pBB = OpTypePointer Uniform %BB
%ssbo = OpVariable %pBlock StorageBuffer
%ubo = OpVariable %pBB Uniform
%pu = OpTypePointer StorageBuffer %uint
%puu = OpTypePointer Uniform %uint
%pfu = OpTypePointer Function %uint
%pv4 = OpTypePointer StorageBuffer %v4
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c4 = OpConstant %uint 4
%c16 = OpConstant %uint 16
%l1 = OpConstant %ulong 1
%f4 = OpConstant %float 4
%sint = OpTypeInt 32 1
%im1 = OpConstant %sint -1
%i1 = OpConstant %sint 1
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

pub const RAC_CASES: &[Case] = &[
    Case::new("raw_access_chain.valid", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c16 %c1 %c4 RobustnessPerComponentNV\n%v = OpLoad %uint %p Aligned 4\nOpStore %p %v Aligned 4", None, Ref::Accepts),
    Case::new("raw_access_chain.valid_uniform_bufferblock", RAC, "%p = OpRawAccessChainNV %puu %ubo %c16 %c1 %c4 RobustnessPerElementNV\n%v = OpLoad %uint %p Aligned 4", None, Ref::Accepts),
    Case::new("raw_access_chain.valid_no_operands", RAC, "%p = OpRawAccessChainNV %pv4 %ssbo %c0 %c1 %c16\n%v = OpLoad %v4 %p Aligned 16", None, Ref::Accepts),
    Case::new("raw_access_chain.result_type", RAC, "%p = OpRawAccessChainNV %uint %ssbo %c16 %c1 %c4", Some("raw_access_chain.result_type"), Ref::Rejects),
    Case::new("raw_access_chain.storage_class.result", RAC, "%p = OpRawAccessChainNV %pfu %ssbo %c16 %c1 %c4", Some("raw_access_chain.storage_class"), Ref::Rejects),
    Case::new("raw_access_chain.storage_class.same_as_base", RAC, "%p = OpRawAccessChainNV %puu %ssbo %c16 %c1 %c4\n%v = OpLoad %uint %p Aligned 4", Some("raw_access_chain.storage_class"), Ref::Accepts),
    Case::new("raw_access_chain.result_pointee", RAC, "%p = OpRawAccessChainNV %pBlock %ssbo %c16 %c1 %c4", Some("raw_access_chain.result_pointee"), Ref::Rejects),
    Case::new("raw_access_chain.base", RAC, "%p = OpRawAccessChainNV %pu %c1 %c16 %c1 %c4\n%v = OpLoad %uint %p Aligned 4", Some("raw_access_chain.base"), Ref::Accepts),
    Case::new("raw_access_chain.block", RAC, "%p = OpRawAccessChainNV %puu %ubo2 %c16 %c1 %c4\n%v = OpLoad %uint %p Aligned 4", Some("raw_access_chain.block"), Ref::Accepts)
        .with_types("%pBlockU = OpTypePointer Uniform %Block\n%ubo2 = OpVariable %pBlockU Uniform"),
    Case::new("raw_access_chain.stride.constant", RAC, "%s = OpIAdd %uint %c16 %c0\n%p = OpRawAccessChainNV %pu %ssbo %s %c1 %c4", Some("raw_access_chain.stride"), Ref::Rejects),
    Case::new("raw_access_chain.stride.integer", RAC, "%p = OpRawAccessChainNV %pu %ssbo %f4 %c1 %c4", Some("raw_access_chain.stride"), Ref::Rejects),
    Case::new("raw_access_chain.index_type.width", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c16 %l1 %c4", Some("raw_access_chain.index_type"), Ref::Rejects),
    Case::new("raw_access_chain.index_type.offset_int", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c16 %c1 %f4", Some("raw_access_chain.index_type"), Ref::Rejects),
    Case::new("raw_access_chain.index_sign", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c16 %im1 %c4\n%v = OpLoad %uint %p Aligned 4", Some("raw_access_chain.index_sign"), Ref::Accepts),
    Case::new("raw_access_chain.index_sign.positive_ok", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c16 %i1 %c4\n%v = OpLoad %uint %p Aligned 4", None, Ref::Accepts),
    Case::new("raw_access_chain.offset_stride", RAC, "%p = OpRawAccessChainNV %pv4 %ssbo %c16 %c1 %c4\n%v = OpLoad %v4 %p Aligned 16", Some("raw_access_chain.offset_stride"), Ref::Accepts),
    Case::new("raw_access_chain.offset_stride.zero_stride_ok", RAC, "%p = OpRawAccessChainNV %pv4 %ssbo %c0 %c1 %c4\n%v = OpLoad %v4 %p Aligned 16", None, Ref::Accepts),
    Case::new("raw_access_chain.robustness.exclusive", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c16 %c1 %c4 RobustnessPerComponentNV|RobustnessPerElementNV", Some("raw_access_chain.robustness"), Ref::Rejects),
    Case::new("raw_access_chain.robustness.per_element_zero_stride", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c0 %c1 %c4 RobustnessPerElementNV", Some("raw_access_chain.robustness"), Ref::Rejects),
    Case::new("raw_access_chain.uses", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c16 %c1 %c4\n%q = OpCopyObject %pu %p", Some("raw_access_chain.uses"), Ref::Accepts),
    Case::new("raw_access_chain.aligned.missing", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c16 %c1 %c4\n%v = OpLoad %uint %p", Some("raw_access_chain.aligned"), Ref::Accepts),
    Case::new("raw_access_chain.aligned.too_small", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c16 %c1 %c4\nOpStore %p %c1 Aligned 2", Some("raw_access_chain.aligned"), Ref::Accepts),
    Case::new("raw_access_chain.decorations_on_result", RAC, "%p = OpRawAccessChainNV %pu %ssbo %c16 %c1 %c4\n%v = OpLoad %uint %p Aligned 4", None, Ref::Accepts)
        .with_decorations("OpDecorate %p NonWritable\nOpDecorate %p Restrict\nOpDecorate %p Coherent\nOpDecorate %p Volatile\nOpDecorate %p NonReadable"),
];

/// Raw access chains into PhysicalStorageBuffer memory (robustness is not allowed there).
const RAC_PSB: &str = "
OpCapability Shader
OpCapability Int64
OpCapability PhysicalStorageBufferAddresses
OpCapability RawAccessChainsNV
OpExtension \"SPV_NV_raw_access_chains\"
OpMemoryModel PhysicalStorageBuffer64 GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %Block Block
OpMemberDecorate %Block 0 Offset 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%Block = OpTypeStruct %uint
%pBlock = OpTypePointer PhysicalStorageBuffer %Block
%pu = OpTypePointer PhysicalStorageBuffer %uint
%c1 = OpConstant %uint 1
%c4 = OpConstant %uint 4
%c16 = OpConstant %uint 16
%addr = OpConstant %ulong 4096
%main = OpFunction %void None %fn
%e = OpLabel
%base = OpConvertUToPtr %pBlock %addr
BODY
OpReturn
OpFunctionEnd
";

pub const RAC_PSB_CASES: &[Case] = &[
    Case::new(
        "raw_access_chain.psb.valid",
        RAC_PSB,
        "%p = OpRawAccessChainNV %pu %base %c16 %c1 %c4\n%v = OpLoad %uint %p Aligned 4",
        None,
        Ref::Accepts,
    ),
    Case::new(
        "raw_access_chain.robustness.psb",
        RAC_PSB,
        "%p = OpRawAccessChainNV %pu %base %c16 %c1 %c4 RobustnessPerComponentNV",
        Some("raw_access_chain.robustness"),
        Ref::Rejects,
    ),
];

// ---- SPV_KHR_untyped_pointers (Shader) ----

const UNTYPED: &str = "
OpCapability Shader
OpCapability UntypedPointersKHR
OpCapability WorkgroupMemoryExplicitLayoutKHR
OpExtension \"SPV_KHR_untyped_pointers\"
OpExtension \"SPV_KHR_workgroup_memory_explicit_layout\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %ssbo %wg
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %rta ArrayStride 4
OpDecorate %Block Block
OpMemberDecorate %Block 0 Offset 0
OpMemberDecorate %Block 1 Offset 4
OpDecorate %WgBlock Block
OpMemberDecorate %WgBlock 0 Offset 0
OpDecorate %ssbo DescriptorSet 0
OpDecorate %ssbo Binding 0
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%rta = OpTypeRuntimeArray %uint
%Block = OpTypeStruct %uint %rta
%NoBlock = OpTypeStruct %uint %rta
%Fixed = OpTypeStruct %uint %uint
%WgBlock = OpTypeStruct %uint
%usb = OpTypeUntypedPointerKHR StorageBuffer
%uwg = OpTypeUntypedPointerKHR Workgroup
%ufn = OpTypeUntypedPointerKHR Function
%upriv = OpTypeUntypedPointerKHR Private
%pfu = OpTypePointer Function %uint
%pff = OpTypePointer Function %float
%psu = OpTypePointer StorageBuffer %uint
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%c5 = OpConstant %uint 5
%cf = OpConstant %float 1
TYPES
%ssbo = OpUntypedVariableKHR %usb StorageBuffer %Block
%wg = OpUntypedVariableKHR %uwg Workgroup %WgBlock
%main = OpFunction %void None %fn
%e = OpLabel
%tv = OpVariable %pfu Function
%tf = OpVariable %pff Function
%fv = OpUntypedVariableKHR %ufn Function %uint
BODY
OpReturn
OpFunctionEnd
";

pub const UNTYPED_CASES: &[Case] = &[
    Case::new("untyped.valid", UNTYPED, "%p = OpUntypedAccessChainKHR %usb %Block %ssbo %c1 %c0\n%v = OpLoad %uint %p\nOpStore %p %v\n%f = OpLoad %float %p\n%len = OpUntypedArrayLengthKHR %uint %Block %ssbo 1\nOpStore %fv %c1\nOpCopyMemory %tv %fv\nOpCopyMemory %fv %tv", None, Ref::Accepts),
    Case::new("untyped.variable_type", UNTYPED, "%x = OpUntypedVariableKHR %pfu Function %uint", Some("untyped.variable_type"), Ref::Rejects),
    Case::new("untyped.variable_storage", UNTYPED, "%x = OpUntypedVariableKHR %ufn Function %uint", None, Ref::Accepts)
        .with_types("%priv = OpUntypedVariableKHR %upriv Private %uint"),
    Case::new("untyped.variable_storage.mismatch", UNTYPED, "", Some("untyped.variable_storage"), Ref::Rejects)
        .with_types("%bad = OpUntypedVariableKHR %upriv Workgroup %uint"),
    Case::new("untyped.workgroup_layout.explicit_layout_capability", UNTYPED, "", None, Ref::Accepts)
        .with_types("%wg2 = OpUntypedVariableKHR %uwg Workgroup %uint"),
    Case::new("untyped.variable_data_type.required", UNTYPED, "%x = OpUntypedVariableKHR %ufn Function", Some("untyped.variable_data_type"), Ref::Rejects),
    Case::new("untyped.variable_data_type.type", UNTYPED, "%x = OpUntypedVariableKHR %ufn Function %c1", Some("untyped.variable_data_type"), Ref::Rejects),
    Case::new("memory.initializer.untyped", UNTYPED, "%x = OpUntypedVariableKHR %ufn Function %uint %cf", Some("memory.initializer"), Ref::Rejects),
    Case::new("memory.initializer.untyped_ok", UNTYPED, "%x = OpUntypedVariableKHR %ufn Function %uint %c1", None, Ref::Accepts),
    Case::new("untyped.access_chain_result", UNTYPED, "%p = OpUntypedAccessChainKHR %psu %Block %ssbo %c0", Some("untyped.access_chain_result"), Ref::Rejects),
    Case::new("untyped.access_chain_base_type", UNTYPED, "%p = OpUntypedAccessChainKHR %usb %usb %ssbo %c0", Some("untyped.access_chain_base_type"), Ref::Rejects),
    Case::new("untyped.access_chain_base", UNTYPED, "%p = OpUntypedAccessChainKHR %usb %Block %c1 %c0", Some("untyped.access_chain_base"), Ref::Rejects),
    Case::new("untyped.access_chain_storage", UNTYPED, "%p = OpUntypedAccessChainKHR %ufn %Block %ssbo %c0", Some("untyped.access_chain_storage"), Ref::Rejects),
    Case::new("untyped.access_chain.typed_base", UNTYPED, "%p = OpUntypedAccessChainKHR %ufn %uint %tv\n%v = OpLoad %float %p", None, Ref::Accepts),
    Case::new("memory.access_chain_index.untyped_struct_range", UNTYPED, "%p = OpUntypedAccessChainKHR %usb %Block %ssbo %c5", Some("memory.access_chain_index"), Ref::Rejects),
    Case::new("memory.access_chain_index.untyped_struct_constant", UNTYPED, "%i = OpIAdd %uint %c0 %c1\n%p = OpUntypedAccessChainKHR %usb %Block %ssbo %i", Some("memory.access_chain_index"), Ref::Rejects),
    Case::new("memory.access_chain_index.untyped_not_composite", UNTYPED, "%p = OpUntypedAccessChainKHR %usb %Block %ssbo %c0 %c0", Some("memory.access_chain_index"), Ref::Rejects),
    Case::new("untyped.access_chain_block_array", UNTYPED, "%p = OpUntypedAccessChainKHR %usb %BArr %ssbo %c0", Some("untyped.access_chain_block_array"), Ref::Rejects)
        .with_types("%BArr = OpTypeArray %Block %c2"),
    Case::new("untyped.access_chain_stride", UNTYPED, "%p = OpUntypedPtrAccessChainKHR %usb %uint %ssbo %c0", Some("untyped.access_chain_stride"), Ref::Rejects),
    Case::new("untyped.access_chain_stride.valid", UNTYPED, "%p = OpUntypedPtrAccessChainKHR %usb %uint %ssbo %c0", None, Ref::Accepts)
        .with_decorations("OpDecorate %usb ArrayStride 4")
        .with_capabilities("OpCapability VariablePointers"),
    Case::new("untyped.access_chain_element", UNTYPED, "%p = OpUntypedPtrAccessChainKHR %usb %Block %ssbo %cf %c0", Some("untyped.access_chain_element"), Ref::Rejects),
    Case::new("untyped.array_length.result", UNTYPED, "%len = OpUntypedArrayLengthKHR %int %Block %ssbo 1", Some("untyped.array_length"), Ref::Rejects),
    Case::new("untyped.array_length.pointer", UNTYPED, "%len = OpUntypedArrayLengthKHR %uint %Block %tv 1", Some("untyped.array_length"), Ref::Rejects),
    Case::new("untyped.array_length.last_member", UNTYPED, "%len = OpUntypedArrayLengthKHR %uint %Block %ssbo 0", Some("memory.array_length"), Ref::Rejects),
    Case::new("untyped.array_length.runtime_array", UNTYPED, "%len = OpUntypedArrayLengthKHR %uint %Fixed %ssbo 1", Some("memory.array_length"), Ref::Rejects),
    Case::new("untyped.array_length_block", UNTYPED, "%len = OpUntypedArrayLengthKHR %uint %NoBlock %ssbo 1", Some("untyped.array_length_block"), Ref::Accepts),
    Case::new("untyped.array_length_descriptor.indexless_chain", UNTYPED, "%p = OpUntypedAccessChainKHR %usb %Block %ssbo\n%len = OpUntypedArrayLengthKHR %uint %Block %p 1", None, Ref::Accepts),
    Case::new("untyped.array_length_descriptor.indexless_chain_of_function", UNTYPED, "%p = OpUntypedAccessChainKHR %ufn %uint %fv\n%len = OpUntypedArrayLengthKHR %uint %Block %p 1", Some("untyped.array_length_descriptor"), Ref::Accepts),
    Case::new("untyped.array_length_descriptor", UNTYPED, "%len = OpUntypedArrayLengthKHR %uint %Block %fv 1", Some("untyped.array_length_descriptor"), Ref::Accepts),
    Case::new("memory.load.untyped_any_type", UNTYPED, "%v = OpLoad %float %fv", None, Ref::Accepts),
    Case::new("memory.load.typed_mismatch", UNTYPED, "%v = OpLoad %float %tv", Some("memory.load"), Ref::Rejects),
    Case::new("memory.store.typed_mismatch", UNTYPED, "OpStore %tv %cf", Some("memory.store"), Ref::Rejects),
    Case::new("memory.copy.both_untyped", UNTYPED, "%fv2 = OpUntypedVariableKHR %ufn Function %uint\nOpCopyMemory %fv %fv2", Some("memory.copy"), Ref::Rejects),
    Case::new("memory.pointer_compare.untyped_ok", UNTYPED, "%x = OpPtrEqual %bool %ssbo %ssbo", None, Ref::Accepts)
        .with_capabilities("OpCapability VariablePointers"),
    Case::new("memory.pointer_compare.storage_class", UNTYPED, "%x = OpPtrEqual %bool %fv %wg", Some("memory.pointer_compare"), Ref::Rejects)
        .with_capabilities("OpCapability VariablePointers"),
    Case::new("memory.pointer_compare.typed_types", UNTYPED, "%x = OpPtrNotEqual %bool %tv %tf", Some("memory.pointer_compare"), Ref::Rejects)
        .with_capabilities("OpCapability VariablePointers"),
];

/// Workgroup variables without WorkgroupMemoryExplicitLayoutKHR.
const UNTYPED_WG: &str = "
OpCapability Shader
OpCapability UntypedPointersKHR
OpExtension \"SPV_KHR_untyped_pointers\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %wg
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%uwg = OpTypeUntypedPointerKHR Workgroup
%wg = OpUntypedVariableKHR %uwg Workgroup %uint
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

pub const UNTYPED_WG_CASES: &[Case] = &[Case::new(
    "untyped.workgroup_layout",
    UNTYPED_WG,
    "",
    Some("untyped.workgroup_layout"),
    Ref::Rejects,
)];

/// SPV_KHR_workgroup_memory_explicit_layout as modified: two Block Workgroup variables.
const WG_EXPLICIT: &str = "
OpCapability Shader
OpCapability WorkgroupMemoryExplicitLayoutKHR
OpExtension \"SPV_KHR_workgroup_memory_explicit_layout\"
DECOR
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %w1 %w2
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %B Block
OpMemberDecorate %B 0 Offset 0
TYPES
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%B = OpTypeStruct %uint
%pB = OpTypePointer Workgroup %B
%pu = OpTypePointer Workgroup %uint
%w1 = OpVariable %pB Workgroup
%w2 = OpVariable W2TYPE Workgroup
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
";

pub const WG_EXPLICIT_CASES: &[Case] = &[
    Case::new(
        "untyped.workgroup_explicit_layout.aliased",
        WG_EXPLICIT,
        "%pB",
        None,
        Ref::Accepts,
    )
    .with_types("OpDecorate %w1 Aliased\nOpDecorate %w2 Aliased"),
    Case::new(
        "untyped.workgroup_explicit_layout.untyped_capability",
        WG_EXPLICIT,
        "%pB",
        None,
        Ref::Accepts,
    )
    .with_capabilities("OpCapability UntypedPointersKHR")
    .with_decorations("OpExtension \"SPV_KHR_untyped_pointers\""),
    Case::new(
        "untyped.workgroup_explicit_layout.not_aliased",
        WG_EXPLICIT,
        "%pB",
        Some("untyped.workgroup_explicit_layout"),
        Ref::Rejects,
    ),
    Case::new(
        "untyped.workgroup_explicit_layout.all_or_none",
        WG_EXPLICIT,
        "%pu",
        Some("untyped.workgroup_explicit_layout"),
        Ref::Rejects,
    ),
];

// ---- SPV_KHR_untyped_pointers (Kernel: prefetch, async copies, casts) ----

const UNTYPED_CL: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability GenericPointer
OpCapability UntypedPointersKHR
OpExtension \"SPV_KHR_untyped_pointers\"
%ocl = OpExtInstImport \"OpenCL.std\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%event = OpTypeEvent
%ucw = OpTypeUntypedPointerKHR CrossWorkgroup
%uwg = OpTypeUntypedPointerKHR Workgroup
%ugen = OpTypeUntypedPointerKHR Generic
%pcw = OpTypePointer CrossWorkgroup %uint
%pgen = OpTypePointer Generic %uint
%pgenf = OpTypePointer Generic %float
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%c3 = OpConstant %uint 3
%c4 = OpConstant %uint 4
%l0 = OpConstant %ulong 0
%l4 = OpConstant %ulong 4
%cf = OpConstant %float 1
%scope = OpConstant %uint 2
%noevent = OpConstantNull %event
%v4u = OpTypeVector %uint 4
%fnty = OpTypeFunction %void %ucw %uwg %pcw %ugen
%k = OpFunction %void None %fnty
%g = OpFunctionParameter %ucw
%l = OpFunctionParameter %uwg
%t = OpFunctionParameter %pcw
%gen = OpFunctionParameter %ugen
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
";

pub const UNTYPED_CL_CASES: &[Case] = &[
    Case::new(
        "untyped.prefetch.valid",
        UNTYPED_CL,
        "OpUntypedPrefetchKHR %g %l4 %c0 %c3 %c1",
        None,
        Ref::Accepts,
    ),
    Case::new(
        "untyped.prefetch.valid_minimal",
        UNTYPED_CL,
        "OpUntypedPrefetchKHR %t %c4",
        None,
        Ref::Accepts,
    ),
    Case::new(
        "untyped.prefetch_pointer",
        UNTYPED_CL,
        "OpUntypedPrefetchKHR %l %l4",
        Some("untyped.prefetch_pointer"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.prefetch_num_bytes",
        UNTYPED_CL,
        "OpUntypedPrefetchKHR %g %cf",
        Some("untyped.prefetch_num_bytes"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.prefetch_optional.all_or_none",
        UNTYPED_CL,
        "OpUntypedPrefetchKHR %g %l4 %c0",
        Some("untyped.prefetch_optional"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.prefetch_optional.rw_value",
        UNTYPED_CL,
        "OpUntypedPrefetchKHR %g %l4 %c2 %c3 %c1",
        Some("untyped.prefetch_optional"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.prefetch_optional.locality_value",
        UNTYPED_CL,
        "OpUntypedPrefetchKHR %g %l4 %c0 %c4 %c1",
        Some("untyped.prefetch_optional"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.prefetch_optional.constant",
        UNTYPED_CL,
        "%x = OpIAdd %uint %c0 %c0\nOpUntypedPrefetchKHR %g %l4 %x %c3 %c1",
        Some("untyped.prefetch_optional"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.async_copy.valid",
        UNTYPED_CL,
        "%ev = OpUntypedGroupAsyncCopyKHR %event %scope %l %g %l4 %l4 %l0 %noevent",
        None,
        Ref::Accepts,
    ),
    Case::new(
        "untyped.async_copy.result",
        UNTYPED_CL,
        "%ev = OpUntypedGroupAsyncCopyKHR %uint %scope %l %g %l4 %l4 %l0 %noevent",
        Some("untyped.async_copy"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.async_copy.typed_pointer",
        UNTYPED_CL,
        "%ev = OpUntypedGroupAsyncCopyKHR %event %scope %l %t %l4 %l4 %l0 %noevent",
        Some("untyped.async_copy"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.async_copy.storage_classes",
        UNTYPED_CL,
        "%ev = OpUntypedGroupAsyncCopyKHR %event %scope %g %g %l4 %l4 %l0 %noevent",
        Some("untyped.async_copy"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.async_copy.width",
        UNTYPED_CL,
        "%ev = OpUntypedGroupAsyncCopyKHR %event %scope %l %g %c4 %l4 %l0 %noevent",
        Some("untyped.async_copy"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.async_copy.event",
        UNTYPED_CL,
        "%ev = OpUntypedGroupAsyncCopyKHR %event %scope %l %g %l4 %l4 %l0 %c0",
        Some("untyped.async_copy"),
        Ref::Accepts,
    ),
    Case::new(
        "untyped.async_copy.memory_operands",
        UNTYPED_CL,
        "%ev = OpUntypedGroupAsyncCopyKHR %event %scope %l %g %l4 %l4 %l0 %noevent None",
        Some("untyped.async_copy"),
        Ref::Accepts,
    ),
    // The spec lets P be an untyped pointer; spirv-val 2025.5 still demands a typed pointee.
    Case::new(
        "ext_inst.vector_load.untyped_pointer",
        UNTYPED_CL,
        "%v = OpExtInst %v4u %ocl vloadn %l0 %g 4\n%w = OpExtInst %void %ocl vstoren %v %l0 %g",
        None,
        Ref::Rejects,
    ),
    Case::new(
        "ext_inst.vector_load.untyped_storage_class",
        UNTYPED_CL,
        "%v = OpExtInst %v4u %ocl vloadn %l0 %gen 4",
        None,
        Ref::Rejects,
    ),
    Case::new(
        "ext_inst.vector_load.untyped_result",
        UNTYPED_CL,
        "%v = OpExtInst %uint %ocl vloadn %l0 %g 4",
        Some("ext_inst.types"),
        Ref::Rejects,
    ),
    Case::new(
        "conversion.generic_cast.untyped",
        UNTYPED_CL,
        "%x = OpGenericCastToPtr %ucw %gen\n%y = OpPtrCastToGeneric %ugen %g",
        None,
        Ref::Accepts,
    ),
    // The spec requires the same pointee only when both pointers are typed; spirv-val also
    // rejects a typed result from an untyped operand.
    Case::new(
        "conversion.generic_cast.untyped_to_typed",
        UNTYPED_CL,
        "%z = OpGenericCastToPtr %pcw %gen",
        None,
        Ref::Rejects,
    ),
    Case::new(
        "conversion.generic_cast.typed_pointee",
        UNTYPED_CL,
        "%y = OpPtrCastToGeneric %pgenf %t",
        Some("conversion.generic_cast"),
        Ref::Rejects,
    ),
    Case::new(
        "conversion.bitcast.untyped",
        UNTYPED_CL,
        "%x = OpBitcast %ucw %l4\n%y = OpBitcast %ulong %g\n%z = OpBitcast %pcw %g",
        None,
        Ref::Accepts,
    ),
    Case::new(
        "conversion.bitcast.untyped_bad",
        UNTYPED_CL,
        "%x = OpBitcast %ucw %cf",
        Some("conversion.bitcast"),
        Ref::Rejects,
    ),
    Case::new(
        "memory.pointer_compare.ptr_diff_untyped",
        UNTYPED_CL,
        "%d = OpPtrDiff %ulong %g %g",
        None,
        Ref::Accepts,
    ),
    Case::new(
        "memory.pointer_compare.ptr_diff_types",
        UNTYPED_CL,
        "%d = OpPtrDiff %ulong %g %t",
        Some("memory.pointer_compare"),
        Ref::Rejects,
    ),
];

// ---- SPV_INTEL_function_pointers ----
// The constant naming a function is at module scope, before the function: the core
// specification allows forward references to operands that are an OpFunction, and the
// extension's pointers point to function types. spirv-val 2025.5 rejects both (so it rejects
// every function-pointer module llvm-spirv or LLVM emit); spirvkit follows the specification.

const FNPTR: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability FunctionPointersINTEL
OpExtension \"SPV_INTEL_function_pointers\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%int = OpTypeInt 32 0
%long = OpTypeInt 64 0
%fty = OpTypeFunction %int %int
%kty = OpTypeFunction %void
TYPES
%k = OpFunction %void None %kty
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
%f = OpFunction %int None %fty
%x = OpFunctionParameter %int
%fe = OpLabel
OpReturnValue %x
OpFunctionEnd
";

pub const FNPTR_CASES: &[Case] = &[
    Case::new("function_pointers.constant_names_a_later_function", FNPTR, "%a = OpConvertPtrToU %long %fp", None, Ref::Rejects)
        .with_types("%pf = OpTypePointer Function %fty\n%fp = OpConstantFunctionPointerINTEL %pf %f"),
    Case::new("function_pointers.indirect_call", FNPTR, "%p = OpConvertUToPtr %pf %c\n%r = OpFunctionPointerCallINTEL %int %p %c1", None, Ref::Rejects)
        .with_types("%pf = OpTypePointer Function %fty\n%c = OpConstant %long 0\n%c1 = OpConstant %int 1"),
    Case::new("function_pointers.forward_value_is_not_a_function", FNPTR, "%a = OpConvertPtrToU %long %fp", Some("id.forward"), Ref::Rejects)
        .with_types("%pf = OpTypePointer Function %fty\n%fp = OpConstantFunctionPointerINTEL %pf %later\n%later = OpConstant %int 3"),
    // A function's address initializes a module-scope variable (llvm-spirv's function-pointer
    // globals, t4/0021): a constant initializer; spirv-val rejects only the later function.
    Case::new("function_pointers.initializes_a_global", FNPTR, "%a = OpConvertPtrToU %long %fp", None, Ref::Rejects)
        .with_types("%pf = OpTypePointer Function %fty\n%fp = OpConstantFunctionPointerINTEL %pf %f\n%pg = OpTypePointer CrossWorkgroup %pf\n%g = OpVariable %pg CrossWorkgroup %fp"),
    Case::new("function_pointers.initializer_of_another_type", FNPTR, "%a = OpConvertPtrToU %long %fp", Some("memory.initializer"), Ref::Rejects)
        .with_types("%pf = OpTypePointer Function %fty\n%fp = OpConstantFunctionPointerINTEL %pf %f\n%pl = OpTypePointer Function %long\n%pg = OpTypePointer CrossWorkgroup %pl\n%g = OpVariable %pg CrossWorkgroup %fp"),
];

// ---- SPV_INTEL_task_sequence (OpTypeTaskSequenceALTERA: a type SPIRV-Headers files under
// "@exclude"; OpTaskSequenceCreateALTERA names a function defined later, which the
// specification allows and spirv-val 2025.5 rejects as it does for function pointers) ----

const TASK_SEQUENCE: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability TaskSequenceALTERA
OpExtension \"SPV_INTEL_task_sequence\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%int = OpTypeInt 32 0
%fty = OpTypeFunction %int %int
%kty = OpTypeFunction %void
%ts = OpTypeTaskSequenceALTERA
%c = OpConstant %int 3
TYPES
%k = OpFunction %void None %kty
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
%f = OpFunction %int None %fty
%x = OpFunctionParameter %int
%fe = OpLabel
OpReturnValue %x
OpFunctionEnd
";

pub const TASK_SEQUENCE_CASES: &[Case] = &[
    Case::new("task_sequence.create_names_a_later_function", TASK_SEQUENCE, "%t = OpTaskSequenceCreateALTERA %ts %f 10 4294967295 17 1\nOpTaskSequenceAsyncALTERA %t %c\n%r = OpTaskSequenceGetALTERA %int %t\nOpTaskSequenceReleaseALTERA %t", None, Ref::Rejects),
    Case::new("task_sequence.forward_value_is_not_a_function", TASK_SEQUENCE, "%t = OpTaskSequenceCreateALTERA %ts %later 10 4294967295 17 1\n%later = OpIAdd %int %c %c", Some("id.forward"), Ref::Rejects),
];

#[test]
fn function_pointer_rules() {
    for c in FNPTR_CASES {
        check_case(c);
    }
}

#[test]
fn task_sequence_rules() {
    for c in TASK_SEQUENCE_CASES {
        check_case(c);
    }
}

#[test]
fn usm_rules() {
    for c in USM_CASES {
        check_case(c);
    }
}

#[test]
fn raw_access_chain_rules() {
    for c in RAC_CASES.iter().chain(RAC_PSB_CASES) {
        check_case(c);
    }
}

#[test]
fn untyped_pointer_rules() {
    for c in UNTYPED_CASES
        .iter()
        .chain(UNTYPED_WG_CASES)
        .chain(WG_EXPLICIT_CASES)
        .chain(UNTYPED_CL_CASES)
    {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    let all = USM_CASES
        .iter()
        .chain(RAC_CASES)
        .chain(RAC_PSB_CASES)
        .chain(UNTYPED_CASES)
        .chain(UNTYPED_WG_CASES)
        .chain(WG_EXPLICIT_CASES)
        .chain(UNTYPED_CL_CASES)
        .chain(FNPTR_CASES);
    reference::check_reference(all);
}
