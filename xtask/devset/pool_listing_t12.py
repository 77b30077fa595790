# Discovery of t12 (session 19, helper devset19a): llvm-spirv *extension* tests
# (test/extensions/**) that no earlier sample holds, found by `find_string` on strings of
# extension tests (CHECK-ERROR RequiresExtension lines, `--spirv-ext=+SPV_*` RUN spellings
# per extension, `__spirv_*` built-in names of recent extensions, extension CHECK lines),
# 2026-11-27. devset19b (t13) used the other query family (non-extension tests).
# As in t11 (pool_listing_t11.py), `find_string` gives a file id and an excerpt but no path,
# so deduplication is by content: each hit's distinctive strings (function names, mangled
# built-ins, CHECK lines, RUN lines) were searched in every local copy (/work/devset/t7 ...
# t11, /work/devset/lit/*, and /work/devset/t13 of devset19b) before reading it. Kept: an
# llvm-spirv test (llvm-spirv RUN lines, LLVM text) whose code no earlier sample holds; three
# kept files (023, 024, 025) and one (027) are other stored versions of sampled tests whose
# RUN lines or code changed materially (flagged below). Rejected: LLVM back-end tests (llc),
# IGC / intel-graphics-compiler tests (ocloc, igc_opt), SYCL headers and tests, OpenCL C
# (.cl) tests, fork-only options (--spirv-target-triple, --spirv-addrspace-map), versions of
# sampled files with the same code. Paths are confirmed only where a find_files listing of
# the folder shows them (000, 001, 019, 020); the others are guesses.
# Files live in /work/devset/t12/ (never in git), written verbatim (every line, lit-ready);
# each file's character count equals the total_chars read_file reported.
# Look-ups: 82 find_string, 39 read_file (28 for the kept files, 010 in two pages and 003
# written from its whole-file excerpt; 9 of hits then found known; llvm-spirv's
# spirv_internal.hpp and a Rust constants file's tail for opcode numbers), 6 find_files,
# 1 search: 128 of the 170 allowed.
# Bias: extension folders were sampled thoroughly by t7/t8b/t10 (listings), so most hits are
# versions of sampled tests; what is new comes from folders no listing reached (new INTEL
# extensions) and from files stored under paths the listings cut off. Each find_string
# answers at most 10 hits, first in the index's order.

QUERY_LOG = """
Q1 find_string "CHECK-ERROR: RequiresExtension" ctx700: 10 hits; NEW 55488305432->000 (scaled MMA), 68756964783->001 (bitcast shuffle); known: 37268459821 (t10a/164 complex), 55152807064 (t7/042 no_microscaling), 2 split_barrier versions 36941786089/1734001378 (t11/027 sibling; checked below), 3522311176 masked_gather_scatter typed-ptr (old version), 12726156632 FP16ToE4M3 negative (new?), 8916444886 (newer version of t10b/143 bfloat16, rejected), 7784685489 (t10b/165 2d_block_io)
R read 1734001378 -> 002 (split_barrier CL2.0 variant: memory_scope calls t11/027 lacks); 12726156632 written from its excerpt (whole file, 819 chars) -> 003
Q2 find_string "--spirv-ext=+SPV_ALTERA_" ctx500: 10 hits, all LLVM back-end tests (llc RUN lines), rejected
Q3 find_string 'CHECK-SPIRV: Extension "SPV_ALTERA_' ctx500: 1 hit NEW 51916371910->004
Q4 find_string "llvm-spirv %t.bc --spirv-ext=+SPV_ALTERA": 0 hits
Q5 find_string "ALTERA_fpga" ctx300: 10 hits, none llvm-spirv (u-boot, verilog): rejected
Q6 find_string "spirv-ext=+SPV_INTEL_masked_gather_scatter" ctx250: 10 hits: NEW 37168302552->005 (opaque-pointer version); IGC ocloc tests 1252003219/1260262980/1989683943 rejected; LLVM back end 56941059197/52153868692/70604204518/5864207372/54784258702 rejected; 3522311176 typed-pointer older version, rejected
Q7 find_string "spirv-ext=+SPV_KHR_subgroup_rotate" ctx250: 4 hits: 1257741142 llvm-spirv .cl test (clang_cc1, rejected: OpenCL C), LLVM back end x2, a unit test: none kept
Q8 find_string "spirv-ext=+SPV_INTEL_token_type" ctx250: 1 hit NEW 255488054->006
Q9 find_string "spirv-ext=+SPV_INTEL_media_block_io" ctx250: 4 hits: 3 LLVM back end, 1 llvm-spirv .cl (704297235, OpenCL C, rejected)
Q10 find_string "spirv-ext=+SPV_KHR_bit_instructions" ctx250: 10 hits: NEW 690258418->007 (bitreverse now needs the extension; t10b/140 is the older no-extension test); the rest LLVM back end, .cl tests (458537802, 45378270524) or docs
Q11 find_string "spirv-ext=+SPV_INTEL_function_variants": 0 hits
Q12 find_string "spirv-ext=+SPV_INTEL_fast_composite" ctx250: 2 hits, both NEW: 1202527224->008, 1078535927->009
Q13 find_string "spirv-ext=+SPV_INTEL_inline_assembly" ctx250: 10 hits: llvm-spirv ones are all .cl (clang_cc1) tests, rejected; rest LLVM back end / docs
Q14 find_string "spirv-ext=+SPV_EXT_optnone" ctx250: 2 hits: 4492472287 = newer version of t9b/076-optnone (same code, extra SPV_EXT_optnone RUN lines), not read; 63741997 LLVM back end
Q15 find_string "spirv-ext=+SPV_INTEL_arbitrary_precision_fixed" ctx200: 1 hit, LLVM back end
Q16 find_string "spirv-ext=+SPV_INTEL_arbitrary_precision_floating" ctx200: 3 hits, LLVM back end
Q17 find_string "__spirv_FixedSqrtINTEL" ctx300: 10 hits: NEW 120273788 (30,378 chars, 2 pages)->010 (typed pointers: an older stored version); the rest SYCL headers / LLVM back end / SYCL clang tests
Q18 find_string "__spirv_ArbitraryFloatCastINTEL" ctx200: 10 hits, SYCL headers/tests and LLVM back end; no llvm-spirv test
Q19 find_string "2 Capability ArbitraryPrecisionFloatingPointINTEL": 0 hits
Q20 find_string "Capability ArbitraryPrecisionFloatingPointINTEL" ctx300: 3 hits, LLVM back end
Q21 find_string "!spirv.ParameterDecorations" ctx200: 10 hits; read 4049192910 (= LLVM back-end SPV_ALTERA_fpga_argument_interfaces test, rejected) and 1509909782 (= IGC igc_opt test, rejected); others SYCL/IGC/docs; 493592747/42366797978 (writer/from_buf) unknown origin, not read
Q22 find_string "intel_reqd_sub_group_size" ctx400: 10 hits, OpenCL C kernels / other projects, none llvm-spirv
Q23 find_string "spirv-ext=+SPV_INTEL_blocking_pipes" ctx200: 2 hits: IGC ocloc test; 1419462012 = t7/158 PipeBlocking (known)
Q24 find_string "spirv-ext=+SPV_INTEL_sigmoid" ctx200: 3 hits: NEW 12046052752->011 (__spirv_FSigmoidINTEL); 55552325674 = newer version of t9b/053 (same code); 53875113954 IGC ocloc test
Q25 find_string "spirv-ext=+SPV_KHR_linkonce_odr" ctx200: 2 hits: LLVM back end; 569287280 = t10a/158 LinkOnceODR (known)
Q26 find_string "spirv-ext=+SPV_INTEL_fp_fast_math_mode" ctx200: 3 hits: 194234432 known (t10b/061), 2 LLVM back end
Q27 find_string "spirv-ext=+SPV_INTEL_hw_thread_queries" ctx200: 2 hits, two versions of one positive test (local has only the negative t10b/127): NEW 456328622->012 (typed pointers); 1077318396 (1530 chars, the other version) not read
Q28 find_string "spirv-ext=+SPV_INTEL_long_composites" ctx200: 1 hit 71076345941 = version of t7/130 memset-long-composite (same construct), not read
Q29 find_string "spirv-ext=+SPV_INTEL_loop_fuse": 0 hits
Q30 find_string "spirv-ext=+SPV_INTEL_fpga_reg" ctx200: 2 hits: IGC ocloc; 511678292 = t9a/041 annotation_dbg_info_drop (known)
Q31 find_string "spirv-ext=+SPV_EXT_shader_image_int64" ctx200: 2 hits: LLVM back end; 55568644251 = t7/133 image_int64 (known)
Q32 find_string "llvm-spirv %t.bc --spirv-ext=+all" ctx300: 3 hits: NEW 74452245->013, 23958845160->014 (two recursive-struct tests, typed pointers); 54095854943 = t7/052 trap-ext-disabled (known)
Q33 find_string "RUN: llvm-spirv -spirv-ext=+SPV_" ctx300: 10 hits: function_pointers (folder well sampled), .cl / SYCL (clangxx) tests rejected, 37077558280 = t10b/059 bitreverse_small_type (known), 27443789296 uses SPV_NV_bindless_texture (not an llvm-spirv extension, see Q34: fork test, rejected)
Q34 find_string "EXT(SPV_NV_bindless_texture)": 0 hits (not in llvm-spirv's extension list)
Q35 find_string 'CHECK-SPIRV-DAG: Extension "SPV_KHR_' ctx150: 10 hits: NEW 179198795->015 (joint matrix bf16 conversion), 388024153->016 (CooperativeMatrixApplyFunctionINTEL); known: 66187983608 (t7/166), 54305045529 (t7/043), 33566679371 (lit t8b/066), 55116091593/54101574716 (abort-in-kernel versions, t7/170, t10a/085), 1257741142 (.cl), 9468546446 (t7/048), 37548598186 (t10b/143)
Q36 find_string 'CHECK-SPIRV: Extension "SPV_INTEL_' ctx150: 10 hits: known: 1095585745 (function pointers), 916892582 (t8a/012 vla_spec_const), 21877761723 (t11/025), 219183115 (lit t8b/011), 5652346900 (fpga memory attributes), 795550219 (.cl avc); split-barrier versions 2274814835/36941786089 (CL variants); 37777784346 SPIR-V friendly variant (see Q37)
Q37 find_string "__spirv_ControlBarrierArriveINTEL" ctx150: locates the SPIR-V friendly split barrier test: NEW 37777784346->017; 8171382375 (3449 chars, CL1.2 code of t11/027 with SPV-IR checks) not read; rest SYCL/CM headers
Q38 find_string "spirv-ext=+SPV_KHR_expect_assume" ctx200: 5 hits: 1804621842/1861365391 = t10a/166 assume, t10a/152 expect (known); LLVM back end; other project
Q39 find_string "spirv-ext=+SPV_KHR_no_integer_wrap_decoration" ctx200: 5 hits: 2211845781/1234126524 = t7/056 versions (known); docs; LLVM back end
Q40 find_string "spirv-ext=+SPV_KHR_integer_dot_product" ctx200: 10 hits: NEW 1468233764->018 (OpenCL dot/dot_acc_sat builtins); 1787657187 (2270, a shorter sibling, not read); 320993513 (14336, version of t7/127 or t10a/080); LLVM back end; other project
Q41 find_string "spirv-ext=+SPV_INTEL_ternary_bitwise_function" ctx200: 3 hits: 9383247070 (version of t8b/063), 2 LLVM back end
Q42 find_string "spirv-ext=+SPV_INTEL_maximum_registers" ctx200: 2 hits: 301028768 = t8b/077 (known), LLVM back end
Q43 find_string "spirv-ext=+SPV_KHR_shader_clock" ctx200: 6 hits: 840599795 known (t11 log), .cl test 562553832, LLVM back end
M  measured the 19 files (t12 000-018) with the branch binary (see STATUS), then looked up numbers for the gaps:
Q44 find_string "IOpTypeTokenINTEL" ctx300: 2 hits, llvm-spirv's spirv_internal.hpp (two versions); read 322048374 (OpTypeTokenINTEL 6113, capability TokenTypeINTEL 6112)
Q45 find_string "SubgroupBitcastShuffleINTEL =": 0 hits
Q46 find_string '"OpSubgroupBitcastShuffleINTEL"': 0 hits
Q47 find_string "SubgroupScaledMatrixMultiplyAccumulateINTEL =": 0 hits
Q48 find_string "OpSubgroupBitcastShuffleINTEL": 0 hits (no stored header or grammar has the opcode)
Q49 find_string "SubgroupBitcastShuffleINTEL" ctx400: 10 hits: capability number 6207 (a Rust constants file 70300758165; its tail read at offset 96000: no opcode), IGC passes/tests, newer versions of t12/001 (68743373780, 68301120595; not read)
Q50 find_string "OP_SUBGROUPBITCASTSHUFFLEINTEL": 0 hits
Q51 find_string "SCALEDMATRIXMULTIPLYACCUMULATE" ctx300: 10 hits: capability 6263 (a probe list 53846787719); NEW tests 55179742064 (FP4 flags) and 55461957564 (FP8 flags) of the scaled MMA extension (see below); IGC passes/tests
S1 search pages "SPV_INTEL_subgroup_bitcast_shuffle OpSubgroupBitcastShuffleINTEL opcode": nothing useful
R  read 55179742064 -> 019 (scaled MMA, FP4 operand flags), 55461957564 -> 020 (scaled MMA, FP8 operand flags)
Q52 find_string "llvm-spirv %t.bc --spirv-ext=+SPV_INTEL_fpga_" ctx250: 10 hits, all versions of sampled FPGA tests (prefer_dsp_propagate, IntelFPGALatencyControl x2, multiple_user_semantic x3, FPGAIVDepLoopAttr, FPGABufferLocation, fpga_loop_controls) or IGC ocloc
Q53 find_string "EXT(SPV_INTEL_subgroup_bitcast_shuffle)": 0 hits (the stored LLVMSPIRVExtensions.inc versions predate it)
Q54 find_string "EXT(SPV_INTEL_subgroup_scaled_matrix": 0 hits
Q55 find_string "llvm-spirv %t.bc --spirv-ext=+SPV_EXT_" ctx250: 10 hits, EXT folder tests (atomic float add/min-max, optnone, arithmetic fence: t7 listed that folder completely) and an IGC ocloc test
Q56 find_string "__spirv_ConvertHandleToImageINTEL" ctx200: 10 hits: target-type versions of the negative t10b/091 (9017330376, 1576461308), t10b/079 versions, SYCL headers, LLVM back end
(find_string of a 52-char string refused, uncharged)
Q57 find_string "--spirv-ext=+SPV_KHR_untyped_pointers,+SPV_INTEL" ctx250: 1 hit 21479381944 = t7/157 device_barrier (known)
Q58 find_string "spirv-ext=+SPV_EXT_bfloat16_arithmetic": 0 hits
Q59 find_string "spirv-ext=+SPV_INTEL_predicated_io" ctx200: 5 hits: IGC ocloc x2, 12113990704 (t8b/050 family), LLVM back end x2
Q60 find_string "spirv-ext=+SPV_INTEL_fp_max_error" ctx200: 5 hits: NEW 37228683793->021; 36996432916/1151743040 = versions of t7/142; 363369075 = t7/010; LLVM back end
Q61 find_string "spirv-ext=+SPV_INTEL_tensor_float32" ctx200: 4 hits: 1895135641 known (t11 log), 6018672341 typed-pointer joint matrix tf32 (t8b/019 family), LLVM back end x2
Q62 find_string "spirv-ext=+SPV_INTEL_subgroup_requirements" ctx200: 1 hit 219183115 (lit t8b/011, known)
Q63 find_string "spirv-ext=+SPV_INTEL_runtime_aligned" ctx200: 3 hits: 848307678 (t8b runtime_aligned family), LLVM back end, IGC ocloc
L1 find_files test/extensions/INTEL/SPV_INTEL_token_type: only token_type_intel.spt (006's path is elsewhere; unknown)
L2 find_files test/extensions/INTEL/SPV_INTEL_subgroup_scaled_matrix_multiply_accumulate: 3 files = 000 (generic), 019 (fp4), 020 (fp8): paths confirmed
L3 find_files test/extensions/INTEL/SPV_INTEL_subgroup_bitcast_shuffle: bitcast_shuffle.ll (5 versions) = 001's path
L4 find_files test/extensions/INTEL ext=spt: 16 .spt files (reverse-only tests), no new .ll folder
L5 find_files test/extensions/INTEL/SPV_INTEL_sigmoid: cl_sigmoid_ocl_builtins.ll only (t9b/053); 011's path unknown
L6 find_files test/extensions/INTEL/SPV_INTEL_subgroups: cl_intel_sub_groups.ll only
Q64 find_string "RUN: not llvm-spirv %s 2>&1 | FileCheck %s --check": 0 hits
Q65 find_string "RUN: not llvm-spirv %s -o %t.spv 2>&1 | FileCheck" ctx300: 2 negative tests (entry point name, module asm): not extension tests, left to devset19b's family
Q66 find_string "; CHECK-ERROR-NEXT: SPV_KHR_" ctx300: 5 hits, all known or versions (bfloat16 8916444886, integer dot product 509274488/320993513, shader_clock 840599795, abort 55210292680)
Q67 find_string "--spirv-ext=+SPV_KHR_cooperative_matrix,+SPV_INTEL" ctx400: 10 hits: NEW 33169710381->022 (CooperativeMatrixBFloat16ComponentTypeINTEL); 36917177722 read = typed-pointer joint_matrix_checked (t8a/058, known); 11686440/4122565988 = lit t8b/078, t8b/099 versions; rest LLVM back end
Q68 find_string "-r --spirv-target-env=SPV-IR -o - | llvm-dis | Fil" ctx400: 7 hits: subgroup_buffer_prefetch versions (t8b/075, t10a/086, t8b/025), scaled MMA (000/019/020 and 58603227073, another version of 000)
Q69 find_string "llvm-spirv %s -o %t.spv --spirv-ext=+SPV_KHR" ctx300: 10 hits, versions of sampled float_controls2 / poison_freeze / byval / sret tests (lit t7/040, 005, 022, 036, 122, 087, t11/002); 53936150770 (untyped + noext, not read)
Q70 find_string "__spirv_TaskSequenceGetINTEL" ctx250: 10 hits: 1455493216 = t10a/069 sret-get version; rest SYCL/IGC/docs/known
Q71 find_string "CHECK-SPIRV: SubgroupImageMediaBlockReadINTEL" ctx300: 1 hit, the .cl test (rejected)
R  newer versions whose code or RUN lines changed (kept, flagged as such): 8916444886->023 (bfloat16 with SPV_KHR_bfloat16 and loads; t10b/143 is the old SPV_KHR_brain_float16 allocas-only version), 68743373780->024 (bitcast shuffle with _R-suffixed names and 8-element / 2x32 types: new code), 4492472287->025 (same function as t9b/076 optnone, new SPV_EXT_optnone RUN lines)
R  read 3538223671 (t11's unread uniform-group hit) = t10b/030 group-instructions (known); 55278202778 (t11's unread rounded-divide-sqrt hit) = t11/019 version (known)
Q72 find_string "spirv-ext=+SPV_INTEL_usm_storage_classes" ctx200: 9 hits: memset-USM tests (71404676266, 71437775920: lit t7/028 family), --spirv-target-triple amdgcn fork tests (rejected), IGC, LLVM back end, 341602055 (intel_usm_addrspaces version)
Q73 find_string "spirv-ext=+SPV_INTEL_global_variable_decorations" ctx200: 3 hits: NEW 8897912398->026; 3530938526 = auxdata test devset19b fetched as t13/014; other project
Q74 find_string "spirv-ext=+SPV_INTEL_variable_length_array" ctx200: 10 hits: 916892582/338965491/1564743391 (t8a VLA family, not read), 54014217879 (--spirv-addrspace-map, fork option), LLVM back end, other project
Q75 find_string "OpSubgroupScaledMatrixMultiplyAccumulateINTEL": 0 hits (no opcode anywhere stored)
Q76 find_string "Capability Subgroup2DBlockTransposeINTEL" ctx300: 5 hits: NEW 8466282006->027 (2d block io with signed `iiii` manglings: another version of t10b/165's generic test, kept flagged as a version), 8571107851 (5928, another version, not read), LLVM back end x2, a SPIRV-Tools-like test
Q77 find_string "spirv-ext=+SPV_INTEL_debug_module" ctx200: 2 hits, read both: 201484541 = version of t7/032 DebugInfoNoneEntity (same CU and import), 121022957 = DIModule (t8b/038 family): known
Q78 find_string "spirv-ext=+SPV_INTEL_kernel_attributes" ctx200: 10 hits: read 1338801979 = t8b/094's ip_interface kernels (known); 7273296220/4234754 = t8b/049 versions; 2925348651 (1896, not read); LLVM back end x5; IGC
(fetching stopped here: 28 files, 000-027)
Q79 find_string "spirv-ext=+SPV_INTEL_fpga_argument_interfaces": 0 hits
Q80 find_string "spirv-ext=+SPV_INTEL_complex_float_mul_div" ctx200: 2 hits, versions of t10a/164 complex-operations (37268459821, 2119224804), not read
Q81 find_string "spirv-ext=+SPV_INTEL_io_pipes" ctx200: 3 hits: read 326131862 = t10a/168 PipeStorageIOINTEL (same typed code, known); 1989602952 (another version, not read); LLVM back end
(fetching stopped at 09:31: 28 files kept, 000-027)
Q82 find_string '"sycl-host-access"' ctx300: 10 hits, intel/llvm (sycl-post-link, sanitizer, headers, docs), none llvm-spirv
"""

# (local name, find_string id, where it probably lives in KhronosGroup/SPIRV-LLVM-Translator)
KEPT_T12 = [
    ("000-subgroup-scaled-matrix-multiply-accumulate.ll", "55488305432", "test/extensions/INTEL/SPV_INTEL_subgroup_scaled_matrix_multiply_accumulate/subgroup_scaled_matrix_multiply_accumulate_generic.ll (listed by find_files; content match)"),
    ("001-subgroup-bitcast-shuffle.ll", "68756964783", "test/extensions/INTEL/SPV_INTEL_subgroup_bitcast_shuffle/bitcast_shuffle.ll (listed, 5 versions; this is one)"),
    ("002-split-barrier-cl20.ll", "1734001378", "test/extensions/INTEL/SPV_INTEL_split_barrier (guess; the CL2.0 variant)"),
    ("003-fp8-conversion-no-extension.ll", "12726156632", "test/extensions/EXT/SPV_EXT_float8 (guess; negative only)"),
    ("004-altera-arbitrary-precision-integers.ll", "51916371910", "test/extensions/ALTERA or INTEL/SPV_INTEL_arbitrary_precision_integers (guess)"),
    ("005-masked-gather-scatter-vector-of-pointers.ll", "37168302552", "test/extensions/INTEL/SPV_INTEL_masked_gather_scatter (guess)"),
    ("006-token-type.ll", "255488054", "test (guess; the extension folder holds only a .spt)"),
    ("007-bitreverse-requires-bit-instructions.ll", "690258418", "test/extensions/KHR/SPV_KHR_bit_instructions or test/llvm-intrinsics (guess)"),
    ("008-fast-composite-entry.ll", "1202527224", "test/extensions/INTEL/SPV_INTEL_fast_composite (guess)"),
    ("009-fast-composite-callable.ll", "1078535927", "test/extensions/INTEL/SPV_INTEL_fast_composite (guess)"),
    ("010-arbitrary-precision-fixed-point.ll", "120273788", "test/extensions/INTEL/SPV_INTEL_arbitrary_precision_fixed_point/capability-arbitrary-precision-fixed-point-numbers.ll (guess; an older, typed-pointer version)"),
    ("011-sigmoid-spirv-builtins.ll", "12046052752", "test/extensions/INTEL/SPV_INTEL_sigmoid (guess)"),
    ("012-hw-thread-queries.ll", "456328622", "test/extensions/INTEL/SPV_INTEL_hw_thread_queries (guess)"),
    ("013-all-ext-recursive-struct-param.ll", "74452245", "test (guess)"),
    ("014-all-ext-recursive-struct-alloca.ll", "23958845160", "test (guess)"),
    ("015-joint-matrix-bf16-conversion.ll", "179198795", "test/extensions/INTEL/SPV_INTEL_joint_matrix (guess; a version of t10b/006's bf16_conversion_instructions)"),
    ("016-joint-matrix-apply-function.ll", "388024153", "test/extensions/INTEL/SPV_INTEL_joint_matrix (guess)"),
    ("017-split-barrier-spirv-friendly.ll", "37777784346", "test/extensions/INTEL/SPV_INTEL_split_barrier (guess; SPIR-V friendly variant)"),
    ("018-integer-dot-product-ocl-builtins.ll", "1468233764", "test/extensions/KHR/SPV_KHR_integer_dot_product (guess)"),
    ("019-scaled-mma-float4.ll", "55179742064", "test/extensions/INTEL/SPV_INTEL_subgroup_scaled_matrix_multiply_accumulate/subgroup_scaled_matrix_multiply_accumulate_fp4.ll (listed)"),
    ("020-scaled-mma-float8.ll", "55461957564", "test/extensions/INTEL/SPV_INTEL_subgroup_scaled_matrix_multiply_accumulate/subgroup_scaled_matrix_multiply_accumulate_fp8.ll (listed)"),
    ("021-fp-max-error-fpbuiltin-attribute.ll", "37228683793", "test/extensions/INTEL/SPV_INTEL_fp_max_error (guess)"),
    ("022-cooperative-matrix-bf16-component-type.ll", "33169710381", "test/extensions/INTEL/SPV_INTEL_joint_matrix (guess)"),
    ("023-bfloat16-type-load.ll", "8916444886", "test/extensions/KHR/SPV_KHR_bfloat16/bfloat16.ll (guess; newer version of t10b/143, flagged)"),
    ("024-subgroup-bitcast-shuffle-typed-names.ll", "68743373780", "test/extensions/INTEL/SPV_INTEL_subgroup_bitcast_shuffle/bitcast_shuffle.ll (another stored version, new code; flagged)"),
    ("025-optnone-ext-and-intel.ll", "4492472287", "test/extensions/INTEL/SPV_INTEL_optnone or EXT/SPV_EXT_optnone (guess; newer version of t9b/076, flagged)"),
    ("026-global-variable-decorations.ll", "8897912398", "test/extensions/INTEL/SPV_INTEL_global_variable_decorations (guess)"),
    ("027-2d-block-io-signed-mangling.ll", "8466282006", "test/extensions/INTEL/SPV_INTEL_2d_block_io (guess; a version of t10b/165, flagged)"),
]


def pool12():
    return [name for name, _, _ in KEPT_T12]


if __name__ == "__main__":
    print(f"kept {len(KEPT_T12)} files")
    for name, fid, where in KEPT_T12:
        print(f"{name}\t{fid}\t{where}")
