# Pool of t8a (session 14): every `.ll` path the search tool's find_files lists
# (repo KhronosGroup/SPIRV-LLVM-Translator, ext "ll") under test/ outside test/DebugInfo and
# test/extensions, minus the t7 pool (pool_listing.py). Written out by hand from the listings
# of 2026-11-26; paths only (no test contents). See README.md ("Sampling rule (t8a)") for
# which listings were complete and what the 100-row cap still hides.
import pool_listing

G = {
"test/negative": """SPV_INTEL_bfloat16_conversion/ConvertAsBFloat16Float_inval_scalar_signature
SPV_INTEL_bfloat16_conversion/ConvertAsBFloat16Float_inval_vec_elem_ty SPV_INTEL_bfloat16_conversion/bf16tof_inval_input_ty
SPV_INTEL_bfloat16_conversion/bf16tof_inval_output_ty
SPV_INTEL_bfloat16_conversion/cl_bfloat16_conversions_extension/ConvertAsBFloat16Float_inval_vec_size
SPV_INTEL_bfloat16_conversion/cl_bfloat16_conversions_extension/ConvertBFloat16AsUshort_inval_scalar_signature
SPV_INTEL_bfloat16_conversion/cl_bfloat16_conversions_extension/ConvertBFloat16AsUshort_inval_vec_elem_ty
SPV_INTEL_bfloat16_conversion/cl_bfloat16_conversions_extension/ConvertBFloat16AsUshort_inval_vec_size
SPV_INTEL_bfloat16_conversion/f2bf16_inval_input_ty SPV_INTEL_bfloat16_conversion/f2bf16_inval_output_ty_1
SPV_INTEL_bfloat16_conversion/f2bf16_inval_output_ty_2 SPV_INTEL_bfloat16_conversion/f2bf16_inval_params
atomicrmw-unsupported-int feature_requires_minversion frexp_unsupported_signature invalid-vloada-half
llvm-unhandled-intrinsic memmove.with.phinode.src module-asm-unsupported nameless-kernel-error
regularize-invalid-llvm select-vector-cond-scalar-result spirv_invalid_word_count spirv_reader_error_handling
unsupported_vararg_func word_count_limit""",
"test/workarounds": """ptrtoint-target-extension-type ptrtoint-target-extesion-type""",
"test/type-scavenger": """call globals load-indirect opaque_pointers ptr-abuse recursive-type""",
"test/SpecConstants": """bool-spirv-specconstant keep-tracked-const spec-constant-length-array""",
"test/transcoding/SPV_INTEL_function_pointers": """CodeSectionINTEL/bitcast CodeSectionINTEL/const-function-pointer
CodeSectionINTEL/decor-func-ptr-arg-attr CodeSectionINTEL/fp-from-host CodeSectionINTEL/function-pointer-as-function-arg
CodeSectionINTEL/function-pointer-dedicated-as CodeSectionINTEL/function-pointer CodeSectionINTEL/gv-func-ptr
CodeSectionINTEL/non-uniform-function-pointer CodeSectionINTEL/referenced-indirectly CodeSectionINTEL/select
bitcast const-function-pointer decor-func-ptr-arg-attr fp-from-host fp-in-recusive-type
function-pointer-as-function-arg function-pointer global-function-pointer global_ctor_dtor gv-func-ptr
non-uniform-function-pointer referenced-indirectly select vector_elem""",
"test/transcoding/SPV_INTEL_joint_matrix": """cooperative_matrix_checked cooperative_matrix_prefetch joint_matrix
joint_matrix_bfloat16 joint_matrix_element joint_matrix_extract_insert_element_of_sycl_half joint_matrix_half
joint_matrix_layout_change""",
"test/transcoding/SPV_INTEL_variable_length_array": """basic complex-cfg negative vla_spec_const""",
"test/transcoding/SPV_INTEL_vector_compute": """buffer_surface_intel decoration_byte_offset decoration_media_block_io
decoration_simt_call decoration_single_element_vector decoration_volatile exec_mode_argument_io_kind
exec_mode_float_control exec_mode_shared_local_memory_size extension_spirv_intel_vector_compute
extension_vector_compute_stability""",
}
# listing (`under`) -> files in it per the index (every listing here was complete: count <= 100)
LISTINGS = {"test/negative": 26, "test/workarounds": 2, "test/type-scavenger": 6, "test/SpecConstants": 3,
            "test/transcoding/SPV_INTEL_function_pointers": 25, "test/transcoding/SPV_INTEL_joint_matrix": 8,
            "test/transcoding/SPV_INTEL_variable_length_array": 4, "test/transcoding/SPV_INTEL_vector_compute": 11}

def pool8a():
    paths = set()
    for prefix, names in G.items():
        for n in names.split():
            paths.add(f"{prefix}/{n}.ll")
    return sorted(paths - set(pool_listing.pool()))

if __name__ == "__main__":
    for p in pool8a():
        print(p)
