# Pool of t8b (session 14, devset8b): the `.ll` paths under test/DebugInfo and test/extensions of
# KhronosGroup/SPIRV-LLVM-Translator that find_files lists and that are not in t7's pool
# (pool_listing.py). The listings are per sub-folder (`under=...`, ext "ll"), each under the
# 100-row cap, written out by hand on 2026-11-26; paths only (no test contents).
# The `ext` parameter matches the whole extension after the first dot (ext "e.ll" lists nothing),
# so folders could not be partitioned by the file name's ending; see README.md for what the
# sub-folder listings could not reach.
import pool_listing

# listing (under) -> file names relative to it, every row the listing returned
L = {
"test/DebugInfo/X86": """2010-04-13-PubType 2011-09-26-GlobalVarContext 2011-12-16-BadStructRef DIModule DIModuleContext
DW_AT_byte_size DW_AT_linkage_name DW_AT_specification DW_AT_stmt_list_sec_offset Fortran-DIModule InlinedFnLocalVar
abstract_origin aligned_stack_var arguments coff_debug_info_type coff_relative_names constant-aggregate constant-loclist
convert-debugloc cu-ranges data_member_location dbg-byval-parameter dbg-declare-alloca dbg-declare-arg dbg-declare
dbg-file-name dbg-prolog-end dbg-value-const-byref dbg-value-frame-index dbg-value-isel dbg-value-location dbg-value-range
debug-dead-local-var debug-info-access debug_frame default-subrange-array dimodule-external-fortran discriminator2
discriminator3 double-declare dw_op_minus_direct dwarf-aranges-no-dwarf-labels dwarf-linkage-names dwarf-public-names
dwarf-pubnames-split earlydup-crash ending-run enum-class enum-fwd-decl fi-expr float_const frame-register
ghost-sdnode-dbgvalues header inline-member-function inline-seldag-test inlined-formal-parameter isel-cse-line
lexical-block-file-inline lexical_block linkage-name live-debug-variables low-pc-cu mi-print missing-file-line
mixed-nodebug-cu nophysreg partial-constant pr13303 processes-relocations reference-argument rematerialize
single-dbg_value single-fi split-dwarf-multiple-cu-hash split-dwarf-omit-empty static_member_array stmt-list
subrange-type sycl-vec-3 tail-merge this-stack_value type_units_with_addresses unattached-global union-const
union-template vector xray-split-dwarf-interaction""",
"test/DebugInfo/NonSemanticShader200": """DIModule DebugInfoTargetFunction FortranDynamicArrayExpr FortranDynamicArrayVar
SourceLanguageLLVMToSPIRV""",
"test/DebugInfo/COFF": "global-dllimport no-cus",
"test/DebugInfo/Generic": "",  # 50 rows, all already in t7's pool
"test/DebugInfo/NonSemantic": "",  # 16 rows, all already in t7's pool
"test/DebugInfo/NonSemanticKernel100": "",  # 8 rows, all already in t7's pool
"test/extensions/INTEL/SPV_INTEL_joint_matrix": """bf16 bf16_conversion_instructions cl_intel_joint_matrix cooperative_matrix
cooperative_matrix_apply cooperative_matrix_checked cooperative_matrix_packed cooperative_matrix_prefetch joint_matrix
joint_matrix_bfloat16 joint_matrix_checked joint_matrix_load_store_offset joint_matrix_tf32 tf32
tf32_conversion_instructions""",
"test/extensions/INTEL/SPV_INTEL_kernel_attributes": """intel_fpga_function_attributes register_map_interface_attribute
spirv_fpga_function_decorations""",
"test/extensions/INTEL/SPV_INTEL_maximum_registers": "registerallocmode_maxreg_extension",
"test/extensions/INTEL/SPV_INTEL_memory_access_aliasing": """intel-alias-barrier intel-alias-lifetime intel-alias-load-store
intel-alias-masked-load-store""",
"test/extensions/INTEL/SPV_INTEL_predicated_io": "predicated_io_generic",
"test/extensions/INTEL/SPV_INTEL_runtime_aligned": "RuntimeAligned",
"test/extensions/INTEL/SPV_INTEL_shader_atomic_bfloat16": """AtomicFAddEXT AtomicFMaxEXT AtomicFMinEXT atomicrmw_fadd
atomicrmw_fminfmax negative""",
"test/extensions/INTEL/SPV_INTEL_subgroup_buffer_prefetch": """subgroup_buffer_prefetch subgroup_buffer_prefetch_mem_operands
subgroup_buffer_prefetch_with_cache_controls""",
"test/extensions/INTEL/SPV_INTEL_subgroup_matrix_multiply_accumulate": """subgroup_matrix_multiply_accumulate_fp4
subgroup_matrix_multiply_accumulate_fp8""",
"test/extensions/INTEL/SPV_INTEL_subgroup_requirements": "named_sub_group_sizes",
"test/extensions/INTEL/SPV_INTEL_subgroups": "cl_intel_sub_groups",
"test/extensions/INTEL/SPV_INTEL_task_sequence": """negative/invalid_async_capacity negative/invalid_get_capacity sret-get
task_sequence void-get""",
"test/extensions/INTEL/SPV_INTEL_tensor_float32_conversion": "convert_tensor_float32",
"test/extensions/INTEL/SPV_INTEL_ternary_bitwise_function": "bitwise_function",
"test/extensions/INTEL/SPV_INTEL_unstructured_loop_controls": "FPGAUnstructuredLoopAttr",
"test/extensions/INTEL/SPV_INTEL_vector_compute": """buffer_surface_intel buffer_surface_intel_convert_ptr_to_u
buffer_surface_intel_typed_pointers prioritize_over_LongVecEXT_func prioritize_over_LongVecEXT_func_size_1
prioritize_over_LongVecEXT_func_size_5 prioritize_over_LongVecEXT_global prioritize_over_LongVecEXT_global_size_1
prioritize_over_LongVecEXT_global_size_5""",
}
# listings that returned no rows (folder absent from the index): recorded so nobody asks again
EMPTY = ["test/extensions/NV"] + [f"test/extensions/INTEL/SPV_INTEL_{n}" for n in (
    "long_composites", "masked_gather_scatter", "usm_storage_classes", "variable_length_array", "media_block_io",
    "split_barrier", "optnone", "token_type", "long_constant_composite", "optimization_hints", "loop_fuse")]


def listed():
    return sorted({f"{under}/{n}.ll" for under, names in L.items() for n in names.split()})


def pool8b():
    seen = set(pool_listing.pool())
    return sorted(p for p in listed() if p not in seen)


if __name__ == "__main__":
    for p in pool8b():
        print(p)
