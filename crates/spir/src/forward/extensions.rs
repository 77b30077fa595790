//! The extension names `--spirv-ext` accepts: every extension llvm-spirv lists
//! (`include/LLVMSPIRVExtensions.inc` of the SPIRV-LLVM-Translator, plus the `SPV_ALTERA_*`
//! renames of the Intel FPGA ones). Accepting a name only allows the translator to use the
//! extension; which of them it actually translates constructs for is `TRANSLATED` (and
//! crates/spir/STATUS.md). A construct that needs an extension not enabled is refused naming it.

/// Extensions whose constructs the translator emits.
pub const TRANSLATED: &[&str] = &[
    "SPV_KHR_untyped_pointers",
    "SPV_ALTERA_usm_storage_classes",
    "SPV_INTEL_usm_storage_classes",
    "SPV_KHR_no_integer_wrap_decoration",
    "SPV_KHR_expect_assume",
    "SPV_EXT_shader_atomic_float_add",
    "SPV_EXT_shader_atomic_float16_add",
    "SPV_EXT_shader_atomic_float_min_max",
    "SPV_NV_shader_atomic_fp16_vector",
    "SPV_KHR_integer_dot_product",
    "SPV_KHR_bit_instructions",
    "SPV_KHR_fma",
    "SPV_EXT_arithmetic_fence",
    "SPV_KHR_bfloat16",
    "SPV_KHR_float_controls",
    "SPV_INTEL_float_controls2",
    "SPV_KHR_float_controls2",
    "SPV_INTEL_cache_controls",
    "SPV_KHR_uniform_group_instructions",
    "SPV_INTEL_function_pointers",
    "SPV_KHR_subgroup_rotate",
    "SPV_KHR_shader_clock",
    "SPV_INTEL_split_barrier",
    "SPV_KHR_cooperative_matrix",
    "SPV_EXT_optnone",
    "SPV_INTEL_optnone",
    "SPV_INTEL_arbitrary_precision_integers",
    "SPV_ALTERA_arbitrary_precision_integers",
    "SPV_KHR_linkonce_odr",
    "SPV_INTEL_bfloat16_conversion",
    "SPV_INTEL_memory_access_aliasing",
    "SPV_INTEL_blocking_pipes",
    "SPV_ALTERA_blocking_pipes",
    "SPV_INTEL_device_barrier",
    "SPV_INTEL_subgroup_buffer_prefetch",
    "SPV_INTEL_shader_atomic_bfloat16",
    "SPV_INTEL_global_variable_fpga_decorations",
    "SPV_ALTERA_global_variable_fpga_decorations",
    "SPV_INTEL_global_variable_host_access",
    "SPV_KHR_abort",
    "SPV_AMD_weak_linkage",
    "SPV_KHR_poison_freeze",
    "SPV_INTEL_joint_matrix",
    "SPV_INTEL_bfloat16_arithmetic",
    "SPV_EXT_bfloat16_arithmetic",
    "SPV_EXT_long_vector",
    // Session 13 (fpga13): the FPGA family (loop controls, kernel/function attributes,
    // argument metadata, fpga_reg, annotations, IO pipes).
    "SPV_INTEL_fpga_loop_controls",
    "SPV_ALTERA_fpga_loop_controls",
    "SPV_INTEL_kernel_attributes",
    "SPV_INTEL_fpga_cluster_attributes",
    "SPV_ALTERA_fpga_cluster_attributes",
    "SPV_INTEL_loop_fuse",
    "SPV_ALTERA_loop_fuse",
    "SPV_INTEL_fpga_dsp_control",
    "SPV_ALTERA_fpga_dsp_control",
    "SPV_INTEL_fpga_invocation_pipelining_attributes",
    "SPV_ALTERA_fpga_invocation_pipelining_attributes",
    "SPV_INTEL_fpga_buffer_location",
    "SPV_ALTERA_fpga_buffer_location",
    "SPV_INTEL_runtime_aligned",
    "SPV_ALTERA_runtime_aligned",
    "SPV_INTEL_fpga_reg",
    "SPV_ALTERA_fpga_reg",
    "SPV_INTEL_fpga_memory_attributes",
    "SPV_ALTERA_fpga_memory_attributes",
    "SPV_INTEL_fpga_memory_accesses",
    "SPV_ALTERA_fpga_memory_accesses",
    "SPV_INTEL_io_pipes",
    "SPV_ALTERA_io_pipes",
    "SPV_INTEL_unstructured_loop_controls",
    // Session 19 (devset19a): LLVM's `token` type as OpTypeTokenINTEL.
    "SPV_INTEL_token_type",
];

/// Names older llvm-spirv releases took for extensions registered since under another name:
/// `--spirv-ext` enables the registered extension (whose name the module declares).
pub const RENAMED: &[(&str, &str)] = &[
    // The draft name of SPV_KHR_bfloat16 (llvm-spirv's test/extensions/KHR/SPV_KHR_brain_float16).
    ("SPV_KHR_brain_float16", "SPV_KHR_bfloat16"),
    // llvm-spirv now spells SPV_INTEL_tensor_float32_conversion this way; the pinned grammar
    // (and spirv-val 2025.5) give capability TensorFloat32RoundingINTEL the older name.
    (
        "SPV_INTEL_tensor_float32_rounding",
        "SPV_INTEL_tensor_float32_conversion",
    ),
];

/// Extensions llvm-spirv still lists that were split into registered ones: enabling the
/// former enables its successors, which name the constructs the module declares.
/// SPV_INTEL_global_variable_decorations (HostAccessINTEL, InitModeINTEL, ImplementInCSRINTEL
/// on global variables) became SPV_INTEL_global_variable_host_access and
/// SPV_INTEL_global_variable_fpga_decorations.
pub const SPLIT: &[(&str, &[&str])] = &[(
    "SPV_INTEL_global_variable_decorations",
    &[
        "SPV_INTEL_global_variable_host_access",
        "SPV_INTEL_global_variable_fpga_decorations",
    ],
)];

/// The registered extensions a split extension became (none for the others).
pub fn successors(name: &str) -> &'static [&'static str] {
    SPLIT
        .iter()
        .find(|(old, _)| *old == name)
        .map_or(&[], |(_, new)| new)
}

/// The registered name of an extension `--spirv-ext` may spell by a former name.
pub fn registered_name(name: &str) -> &str {
    RENAMED
        .iter()
        .find(|(old, _)| *old == name)
        .map_or(name, |(_, new)| new)
}

/// llvm-spirv's list (names only).
pub const LLVM_SPIRV: &[&str] = &[
    "SPV_EXT_shader_atomic_float16_add",
    "SPV_EXT_shader_atomic_float_add",
    "SPV_EXT_shader_atomic_float_min_max",
    "SPV_EXT_image_raw10_raw12",
    "SPV_KHR_no_integer_wrap_decoration",
    "SPV_KHR_float_controls",
    "SPV_KHR_linkonce_odr",
    "SPV_KHR_expect_assume",
    "SPV_KHR_integer_dot_product",
    "SPV_KHR_bit_instructions",
    "SPV_KHR_uniform_group_instructions",
    "SPV_KHR_subgroup_rotate",
    "SPV_KHR_non_semantic_info",
    "SPV_KHR_shader_clock",
    "SPV_KHR_cooperative_matrix",
    "SPV_KHR_untyped_pointers",
    "SPV_INTEL_subgroups",
    "SPV_INTEL_media_block_io",
    "SPV_INTEL_device_side_avc_motion_estimation",
    "SPV_INTEL_fpga_loop_controls",
    "SPV_INTEL_fpga_memory_attributes",
    "SPV_INTEL_fpga_memory_accesses",
    "SPV_INTEL_unstructured_loop_controls",
    "SPV_INTEL_fpga_reg",
    "SPV_INTEL_blocking_pipes",
    "SPV_INTEL_function_pointers",
    "SPV_INTEL_kernel_attributes",
    "SPV_INTEL_io_pipes",
    "SPV_INTEL_inline_assembly",
    "SPV_INTEL_arbitrary_precision_integers",
    "SPV_INTEL_optimization_hints",
    "SPV_INTEL_float_controls2",
    "SPV_INTEL_vector_compute",
    "SPV_INTEL_fast_composite",
    "SPV_INTEL_usm_storage_classes",
    "SPV_INTEL_fpga_buffer_location",
    "SPV_INTEL_arbitrary_precision_fixed_point",
    "SPV_INTEL_arbitrary_precision_floating_point",
    "SPV_INTEL_variable_length_array",
    "SPV_INTEL_fp_fast_math_mode",
    "SPV_INTEL_fpga_cluster_attributes",
    "SPV_INTEL_loop_fuse",
    "SPV_INTEL_long_composites",
    "SPV_INTEL_long_constant_composite",
    "SPV_EXT_optnone",
    "SPV_INTEL_optnone",
    "SPV_INTEL_fpga_dsp_control",
    "SPV_INTEL_memory_access_aliasing",
    "SPV_INTEL_fpga_invocation_pipelining_attributes",
    "SPV_INTEL_token_type",
    "SPV_INTEL_debug_module",
    "SPV_INTEL_runtime_aligned",
    "SPV_EXT_arithmetic_fence",
    "SPV_INTEL_arithmetic_fence",
    "SPV_INTEL_bfloat16_conversion",
    "SPV_INTEL_joint_matrix",
    "SPV_INTEL_hw_thread_queries",
    "SPV_INTEL_global_variable_decorations",
    "SPV_INTEL_global_variable_host_access",
    "SPV_INTEL_global_variable_fpga_decorations",
    "SPV_INTEL_complex_float_mul_div",
    "SPV_INTEL_split_barrier",
    "SPV_INTEL_masked_gather_scatter",
    "SPV_INTEL_tensor_float32_conversion",
    "SPV_INTEL_tensor_float32_rounding",
    "SPV_EXT_relaxed_printf_string_address_space",
    "SPV_INTEL_fpga_argument_interfaces",
    "SPV_INTEL_fpga_latency_control",
    "SPV_INTEL_fp_max_error",
    "SPV_INTEL_cache_controls",
    "SPV_INTEL_subgroup_requirements",
    "SPV_INTEL_task_sequence",
    "SPV_INTEL_maximum_registers",
    "SPV_INTEL_bindless_images",
    "SPV_INTEL_2d_block_io",
    "SPV_INTEL_subgroup_matrix_multiply_accumulate",
    "SPV_INTEL_subgroup_matrix_multiply_accumulate_float4",
    "SPV_INTEL_subgroup_matrix_multiply_accumulate_float8",
    "SPV_KHR_bfloat16",
    "SPV_INTEL_bfloat16_arithmetic",
    "SPV_INTEL_ternary_bitwise_function",
    "SPV_INTEL_int4",
    "SPV_INTEL_function_variants",
    "SPV_INTEL_rounded_divide_sqrt",
    // Newer llvm-spirv (the extension directories of its tests).
    "SPV_KHR_abort",
    "SPV_KHR_float_controls2",
    "SPV_KHR_poison_freeze",
    "SPV_KHR_fma",
    "SPV_EXT_bfloat16_arithmetic",
    "SPV_EXT_float8",
    "SPV_EXT_long_vector",
    "SPV_EXT_ocp_microscaling_types",
    "SPV_EXT_shader_image_int64",
    "SPV_INTEL_device_barrier",
    "SPV_INTEL_16bit_atomics",
    "SPV_INTEL_float4",
    "SPV_INTEL_fp_conversions",
    "SPV_AMD_weak_linkage",
    "SPV_INTEL_subgroup_buffer_prefetch",
    "SPV_INTEL_predicated_io",
    "SPV_INTEL_shader_atomic_bfloat16",
    "SPV_INTEL_sigmoid",
    "SPV_INTEL_rounded_divide_sqrt",
    // Newer still (session 19: tests of llvm-spirv's test/extensions/INTEL/<name>/). Their
    // instructions' opcodes are in no SPIRV-Headers release spirvkit has: the names are
    // accepted, their `__spirv_*` built-ins refused (naming the extension when it is not
    // enabled, the missing instruction when it is: builtins/spv_ir.rs).
    "SPV_INTEL_subgroup_bitcast_shuffle",
    "SPV_INTEL_subgroup_scaled_matrix_multiply_accumulate",
    // Session 20 (a test of llvm-spirv's: atomicrmw on <2 x half> / <4 x half>).
    "SPV_NV_shader_atomic_fp16_vector",
    // The Intel FPGA extensions renamed to SPV_ALTERA_* in SPIRV-Headers.
    "SPV_ALTERA_usm_storage_classes",
    "SPV_ALTERA_arbitrary_precision_fixed_point",
    "SPV_ALTERA_arbitrary_precision_floating_point",
    "SPV_ALTERA_fpga_buffer_location",
    "SPV_ALTERA_fpga_cluster_attributes",
    "SPV_ALTERA_fpga_dsp_control",
    "SPV_ALTERA_fpga_invocation_pipelining_attributes",
    "SPV_ALTERA_fpga_latency_control",
    "SPV_ALTERA_fpga_loop_controls",
    "SPV_ALTERA_fpga_memory_accesses",
    "SPV_ALTERA_fpga_memory_attributes",
    "SPV_ALTERA_fpga_reg",
    "SPV_ALTERA_fpga_argument_interfaces",
    "SPV_ALTERA_global_variable_fpga_decorations",
    "SPV_ALTERA_blocking_pipes",
    "SPV_ALTERA_io_pipes",
    "SPV_ALTERA_task_sequence",
    "SPV_ALTERA_arbitrary_precision_integers",
    "SPV_ALTERA_loop_fuse",
    "SPV_ALTERA_runtime_aligned",
];

/// Whether `--spirv-ext` accepts the name.
pub fn is_known(name: &str) -> bool {
    LLVM_SPIRV.contains(&name) || TRANSLATED.contains(&name)
}
