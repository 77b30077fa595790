# Discovery of t15b (session 21, helper devset21b, issue #18): llvm-spirv translator tests that
# no earlier sample holds, found by content with `find_string` (and three `search` queries),
# on strings t11-t14 did not use: RUN-line variants of the reverse and text steps
# (`llvm-spirv -r %t.spv -o %t.bc` + `llvm-dis <`, `-r --spirv-target-env=SPV-IR %t.spv -o`,
# `-r -emit-opaque-pointers`, `%t.spv -to-text -o %t.spt`, `%t.spv -o %t.spt --to-text`,
# `--spirv-ext=+SPV_` before the input, `; XFAIL: *`), old-style CHECK lines
# (`; CHECK-SPIRV: {{[0-9]+}} `, `; CHECK-SPIRV: 4 Decorate`), instruction CHECK lines not yet
# queried (FNegate, IsNan, BitCount, UConvert, GroupNonUniform, ConvertPtrToU, AtomicStore,
# ImageWrite, TypeFloat/TypeStruct DAG lines), CHECK-LLVM forms (`declare spir_func`,
# `--check-prefix=CHECK-LLVM-SPV`), extension names of 2024-2026 (SPV_KHR_float_controls2,
# SPV_EXT_arithmetic_fence, SPV_INTEL_optimization_hints, the MMA _float4/_float8 extensions,
# SPV_KHR_cooperative_matrix, SPV_KHR_bfloat16, SPV_INTEL_2d_block_io, ...), 2026-11-27.
# `find_string` answers excerpts and a file id, never the repository or the path: the paths
# below are guesses (marked so), the commit is unknown (`-`), except 010, read by path.
# Deduplication: a hit whose id is in samples_t11..t14.tsv or any earlier pool listing was
# "known"; for t7-t10 (paths only) the excerpt's code, ModuleID / source_filename and test
# purpose were compared with the sampled basenames ("judged sampled"). Older versions of
# sampled files were rejected; a newer version was kept where its RUN line or code changes
# (009: a new extension on the RUN line). .cl tests, other repositories (LLVM back end with llc
# RUN lines, IGC ocloc, SYCL, drivers), fork-only options (--spirv-target-triple) and files
# over ~7,000 characters (the sub_group_* transcoding tests of 12-158 KB, coop-matrix tests of
# 11-29 KB) were not fetched; the OpenCL sub-group built-ins of those big tests were probed with
# hand-written IR instead (STATUS, session 21 devset21b).
# Before fetching, `id:NNN devset21b` was appended to /work/devset/claimed.txt (shared with
# devset21a, who discovers by path).
# Look-ups used: 71 find_string (Q1-Q71; six strings refused for their length, uncharged),
# 4 search (S1-S4), 43 read_file (30 for the 28 kept files, 000 and 003 twice; 12 of rejected
# hits; one llvm-spirv source page): 118 of the 230 allowed.
# Files live in /work/devset/t15b/ (never in git), written verbatim (every line; each length
# checked against read_file's total_chars): 28 files.

QUERY_LOG = """
Q1 find_string "--spirv-ext=+SPV_KHR_bfloat16" ctx400: 10 hits, none llvm-spirv tests (IGC ocloc, LLVM back end, SYCL, lisp drivers)
Q2 find_string "CHECK-SPIRV: FNegate" ctx500: 9 hits; known 55107933723 (t14/013), 1952171003; atomicrmw_fsub_double/half (2376336521, 434988503: names sampled in t7-t10); coop-matrix arithmetic 491303739 (17587), 37725672737 (typed, 16761) not read (long); 18439262833 (6531) read later (Q32); .cl 1547146722, 4030981163
Q3 find_string "CHECK-SPIRV: IsNan" ctx400: 1 hit 7604945685 known
Q4 find_string "CHECK-SPIRV: BitCount" ctx400: 4 hits, all .cl tests
Q5 find_string "; CHECK-SPIRV: UConvert" ctx400: 1 hit 372684545 coop-matrix conversions (11612; name conversions_cooperative_matrix sampled)
Q6 find_string "; CHECK-SPIRV: GroupNonUniform" ctx300: 7 hits, sub_group_* tests (12-158 KB): 2292830545, 943384099, 561765728, 204273222, 1181772451, 2285437056 (names sub_group_* partly sampled; too long), 62273694 known
S1 search code "llvm-spirv test work_group_broadcast CHECK-SPIRV GroupBroadcast spir_kernel": intel/llvm llvm-spirv/test mirror paths, LLVM back end; nothing fetched
Q7 find_string "; CHECK-SPIRV: {{[0-9]+}} Capability" ctx250: 3 hits: 483359064, 504200429, 1552626311 = half_extension / half_no_extension (names sampled; versions), rejected
Q8 find_string "; CHECK-SPIRV: {{[0-9]+}} Decorate": 0 hits
Q9 find_string "; CHECK-SPIRV: {{[0-9]+}} " ctx250: 10 hits; NEW 5970911085 -> 000 (vec_type_hint; replaced later by its newer version 6154360975, Q51), 1306408844 -> 001; known 1446075559, 213352094, 1202527224; 1649910644/6329886182 cl-types versions; 381548151 relationals (name sampled)
R 5970911085, 1306408844 read
Q10 find_string "; CHECK-SPIRV: Decorate [[#]] FuncParamAttr": 0 hits
Q11 find_string "FuncParamAttr" ctx300: 10 hits, SPIR-V headers / other tools, no test
Q12 find_string "llvm-spirv %t.bc -o %t.spv --spirv-ext=+SPV_EXT" ctx400: 8 hits; known 1004589974, 12335499609, 54305045529, 52919186824, 55568644251, 12493365754; 12817824522 older int4 conversions (versions of sampled files); 1311105293 IGC ocloc
Q13 find_string "; CHECK-SPIRV: 4 Decorate" ctx300: 8 hits; known 326131862, 54138395921, 1989602952, 3876574405; judged sampled by topic: 5936798320 (DecorationMaxByteOffset), 37316253439 (IntelFPGALatencyControl), 37722987217/238929771 (FPGABufferLocation versions)
Q14 find_string "; CHECK-SPIRV-DAG: TypeFloat" ctx250: 10 hits; known 12074307571, 21700303912, 55166343928, 55307074225, 62273694, 71421578316; sub_group tests; 1760096968 (17593) not read
Q15 find_string "; RUN: llvm-spirv %t.spv -to-text -o %t.spt" ctx350: 10 hits; NEW 2355208038 -> 002, 11505395494 -> 003 (typed pointers); read 55421742303 = a freeze-in-loop poison_freeze test (judged freeze-phi-loop/back-edge, sampled: rejected); 4160583428 typed lifetime (lifetime.ll sampled), 10260207 latency control, 148511906 aliasing, 1804621842 known, 42254091610 known, 33867127190 known
Q16 find_string "; RUN: llvm-spirv %t.spv -o %t.spt --to-text" ctx250: 10 hits; read 37309333593 = uadd.with.overflow simple_fold (judged a version of llvm-intrinsics/uadd.with.overflow.ll, sampled: rejected) and 23672729294 = a VC VCSLMSize test (judged exec_mode_shared_local_memory_size.ll, sampled: rejected); known 12493365754, 292727748, 55210292680, 55128598464, 1734001378, 55475319195, 1184050167
Q17 find_string "@_Z22atomic_work_item_fence" ctx250: 10 hits; read 33144844656 = LLVM back-end test (llc RUN line), rejected; 11770590615 older version of t11/003; others MLIR / IGC / .cl / LLVM back end
Q18 find_string "; CHECK-SPIRV: GroupNonUniformBallot" ctx150: 1 hit 204273222 (sub_group_ballot-like, 100662 chars): too long to transcribe
Q19 find_string "; CHECK-SPIRV-DAG: TypeStruct" ctx250: 10 hits; known 1793075773, 67112680569, 65749200937, 2809989135, 21852847995, 62273694, 21185350574, 393815339, 12819763245; 898023251 = another version of t9a/000 SpecConstantComposite
Q20 find_string "; CHECK-SPIRV: ConvertPtrToU" ctx250: 7 hits; NEW 11981781098 -> 004 (XFAIL'd pointer icmp test); read 1454352739 = function_pointers alias.ll (sampled t10b/160): rejected; known 292727748, 52008184772, 54077649073, 1762556585, 2199557304
Q21 find_string "; CHECK-SPIRV: SatConvert": 0 hits
Q22 find_string "; CHECK-SPIRV: AtomicStore" ctx250: 6 hits; known 21198074742, 66187983608, 294108894, 42456399448; 41661792855 (AtomicStoreInt16 family, sampled), 18321948144 (older atomic_syncscope version)
Q23 find_string 'target("spirv.Sampler")' ctx250: 10 hits, HLSL/LLVM back end/others; 6574526250, 566610177 judged not llvm-spirv tests
Q24 find_string "; CHECK-SPIRV: ImageWrite" ctx250: 4 hits, all known (230933518, 27443789296, 154634505, 17939866)
Q25 find_string "!DICommonBlock(" ctx250: 10 hits, none llvm-spirv
Q26 find_string "--spirv-use-llvm-backend-target": 1 hit 2946509620 (t11/035)
Q27 find_string "--spirv-target-env=CL2.0" ctx300: 10 hits; known 21877547340, 1571932241, 36964027511, 1734001378; 2267857603 (Store/Load memory-access, judged memory_access.ll family) not read; .cl 141714838, 7154982839; drivers
Q28 find_string "--check-prefix=CHECK-LLVM-SPV" ctx300: 10 hits; known 66187983608, 55180133037, 55552325674, 1519153959, 66003363707, 3315716211, 406124044, 7604945685; 3600244679 BuildNDRange (typed, sampled name); .cl 87851067
Q29 find_string "; ModuleID = 'work_group" ctx300: 3 hits, LLVM back end / Intel OpenCL CPU tests
Q30 find_string "spirv-ext=+SPV_KHR_float_controls2" ctx200: 10 hits; NEW 54072191804 -> 005, 55173460198 -> 006; read 53746596682 = an older version of 005 (rejected); 33900735734 (another version of 005, not read); known 61442899392; LLVM back end x5
Q31 find_string "ExecutionModeId [[#" ctx200: 9 hits; NEW 54230591418 -> 007; versions of 005: 53938738716, 53746596682; known 33361230952, 41781103313, 33790216012, 301028768, 42317067101, 54072191804
Q32 find_string "--spirv-ext=+SPV_KHR_cooperative_matrix -o %t.spv" ctx200: 9 hits; NEW 18439262833 -> 008; known 1899670961, 2355208038 (=002); 622921295 negative-only; 44463000634 marked "intel/llvm customization" (fork test, rejected); 957699053 (29276), 491303739 (17587), 37725672737 (typed, 16761), 372684545 (11612) too long
Q33 find_string "spirv-ext=+SPV_KHR_cooperative_matrix" ctx200: 10 hits; known 11686440, 4122565988; LLVM back end / lisp drivers; 622921295 again
Q34 find_string "spirv-ext=+SPV_INTEL_2d_block_io" ctx200: 10 hits; known 8466282006 (t14/027); IGC ocloc, LLVM back end, SYCL, drivers
Q35 find_string "spirv-ext=+SPV_KHR_integer_dot_product" ctx150: 10 hits; known 1787657187, 1468233764, 320993513; LLVM back end
Q36 find_string "spirv-ext=+SPV_INTEL_subgroup_matrix_multiply" ctx150: 10 hits; NEW 33844174002 -> 009 (new extension SPV_INTEL_subgroup_matrix_multiply_accumulate_float4); known 9024117048; others drivers/docs/IGC/LLVM back end
Q37 find_string "spirv-ext=+SPV_INTEL_bindless_images" ctx150: 10 hits; known 943674274, 9017330376; SYCL clang / IGC / LLVM back end
Q38 find_string "+SPV_INTEL_subgroup_matrix_multiply_accumulate_" ctx150: 4 hits; known 55461957564, 55179742064 (t12 scaled MMA), 33844174002 (=009); 33309362267 (float8 sibling of 009) not read
S2 search code "llvm-spirv lit test spir64 kernel CHECK-SPIRV spirv-val reverse translation CHECK-LLVM transcoding": named KhronosGroup test/ExecutionMode_SPIR_to_SPIRV.ll (sampled), test/transcoding/spirvSourceOpenCLCPP.ll (new), intel/llvm llvm-spirv/test/extensions/KHR/SPV_KHR_cooperative_matrix/arithmetic_instructions.ll (008 is an older version of it)
R read_file KhronosGroup/SPIRV-LLVM-Translator test/transcoding/spirvSourceOpenCLCPP.ll (commit d82c774f, id 41933530040) -> 010
Q39 find_string "SPV_KHR_relaxed_extended_instruction" ctx200: 10 hits, none llvm-spirv (glslang, Vulkan layers, LLVM back end)
Q40 find_string "DebugCompilationUnit [[#" ctx250: 3 hits; known 1833091251, 1712935321; 1396026214 SourceLanguageLLVMToSPIRV family (sampled)
Q41 find_string "; XFAIL: *\n; RUN: llvm-as" ctx250: 10 hits; NEW 6411309480 -> 011 (XFAIL'd llvm.fma "unhandled intrinsic" test, an older form of negative/llvm-unhandled-intrinsic.ll); the rest old LLVM back-end tests
Q42 find_string "; XFAIL: *\n\n; RUN: llvm-as %s -o %t.bc" ctx300: 4 hits; 17791003272 image_signedness (sampled name); IGC x2; 1454352739 (alias, rejected above)
Q43 find_string "SPV_EXT_arithmetic_fence" ctx200: 10 hits; NEW 9198190744 -> 012 (EXT and INTEL arithmetic fence); the rest LLVM back end / docs / CTS
Q44 find_string "SPV_INTEL_tensor_float32_rounding" ctx200: 4 hits, IGC / llvm-spirv sources, no test
Q45 find_string "; CHECK-LLVM: declare spir_func" ctx150: 10 hits; NEW 12221059797 -> 013, 481910847 -> 014 (typed), 578017870 -> 015 (typed, judged transcoding/SampledImage.ll); known 6196768622, 37729074874, 752830135, 1168776378, 230933518; 2257501085 / 1672624727 PipeBlocking versions (sampled name)
R read_file KhronosGroup/SPIRV-LLVM-Translator lib/SPIRV/SPIRVWriter.cpp offset 14000 (stored version 00054c4f, 2020-era: no zero-length-array rule found; wasted)
Q46 find_string "Array size must be at least 1" ctx400: 10 hits, none llvm-spirv
Q47 find_string "PU3AS1" ctx200: 10 hits, IGC / VC / LLVM back end / joint matrix (sampled family); nothing kept
Q48 find_string "atomic_flag_test_and_set" ctx200: 10 hits, C/C++ projects, no llvm-spirv test
S3 search code "llvm-spirv test transcoding OpenCL C 2.0 work_group_reduce work_group_scan built-ins GroupIAdd": intel/llvm llvm-spirv/test/transcoding/sub_group_clustered_reduce.ll (62 KB, too long; its built-ins probed by hand instead), LLVM back end, other forks
Q49 find_string "-spirv-gen-image-type-acc-postfix" ctx150: 1 hit (=014)
Q50 find_string "llvm-spirv -r -emit-opaque-pointers %t.spv -o" ctx250: 10 hits; NEW 8918587596 -> 016, 4302378843 -> 017 (icmp/zext constant expressions in #dbg_value, sibling of t13/028 and t13/034); known 54138395921, 3533583023, 3876574405, 37228683793, 3538223671, 3688730363; 3852215473 typed version of t13/013; 36993151105 function-pointer alias (sampled)
Q51 find_string "-r %t.spv -o %t.bc\n; RUN: llvm-dis < %t.bc | File" ctx250 (two longer forms refused for length, uncharged): 10 hits; NEW 774625549 -> 018 (SPV_INTEL_optimization_hints, typed), 41785586826 -> 019 (typed), 545361043 -> 020 (typed; the transcoding conversions test, not the sampled KHR_bfloat16 conversions.ll), 6154360975 = a newer version of 000's vec_type_hint (000 replaced by it: kernel metadata moved onto the functions); read 1466594881 = builtin_function_readnone_attr.ll (sampled name), 11944727342 = unnamed functions (t13/003's test): both rejected; known 1038783119, 231482794, 766216172, 4356480880
Q52 find_string "%t.spv -o %t.rev.bc\n; RUN: llvm-dis %t.rev.bc -o" ctx250 (two longer forms refused for length, uncharged): 10 hits; NEW 2095021014 -> 021; known 52021933449, 67494468087, 986957709, 322662626, 3530938526, 33348202274, 1571932241; 37291791670 preserve-all-function-attributes family (sampled names); 65868281081 uses the fork option --spirv-target-triple (rejected)
Q53 find_string "; RUN: llvm-spirv -to-text %t.spv -o %t.spt" ctx250: 10 hits; read 2621180977 = an older version of t13/022 opencl-cxx-source-version (no llc lines; rejected); judged sampled: 480701583 (AtomicFAddEXT family), 37261153952 (ldexp.ll); known 52021933449, 1556861202, 42456399448, 1608110064, 963425812, 66187983608, 21198074742
Q54 find_string "-r %t.spv -o %t.rev.bc\n; RUN: llvm-dis < %t.rev.bc" ctx200: 10 hits; NEW 291526201 -> 022; read 572513940 = optional-core-features-multiple.ll (sampled name; rejected); judged sampled: 1041951735 (global_block), 34050526337 (cooperative_matrix_packed); known 58411128330, 456328622, 21461830966, 4386735179, 7604945685, 87641325
Q55 find_string "llvm-spirv -r %t.spv -o - | llvm-dis | FileCheck" ctx200: 10 hits; NEW 58209465947 -> 023; read 54321672532 = an older version of 007's IR (no FPFastMathDefault expected then; rejected); known 71437775920, 548135572, 70138237527, 41781103313, 62998117992, 33255948951, 6016123326; 65981527461 function-pointers typed/untyped (folder heavily sampled) not read
Q56 find_string "; RUN: llvm-spirv --spirv-ext=+SPV_" ctx200: 10 hits; NEW 946358024 -> 024, 3006179829 -> 025; read 55245508658 = an older version of lower-non-standard-vec-sqrt-with-ext.ll (sampled; rejected); known 71076345941, 1083906450, 121022957, 53938738716 (a version of 005), 18629964191, 320993513, 37197298227
Q57 find_string "spirv-ext=+SPV_INTEL_bfloat16_arithmetic" ctx150: 7 hits; known 33840732113; 12070077203 (14748, likely bfloat16_math.ll, sampled) not read; LLVM back end x5
Q58 find_string "@_Z34__spirv_CooperativeMatrixLengthKHR" ctx150: 10 hits; known 36917177722, 11686440; the rest 4.7-28 KB SYCL/IGC-like IR of unclear origin, not read
Q59 find_string "ExecutionModeFPFastMathDefault" ctx700: 10 hits, Vulkan layers / drivers; no llvm-spirv source (looking for the writer rule behind 005/007 CHECK lines)
Q60 find_string "SPV_INTEL_optimization_hints" ctx150: 10 hits; 774625549 (=018); 1020490023 (10132, the folder's other test, not read for length); drivers / option lists / llvm-spirv source
Q61 find_string "llvm-dis -o %t.ll\n; RUN: llc -mtriple=x86_64": 0 hits
Q62 find_string "; RUN: llc -mtriple=x86_64-unknown-linux-gnu %t.ll": 0 hits
Q63 find_string "; RUN: llc -mtriple=%triple -O0 -filetype=obj" ctx250: 6 hits, all DebugInfo/Generic tests whose names are sampled (func-using-decl, varargs, gmlt_profiling, noscopes, namespace_function_definition 5942336319 known, typedef)
Q64 find_string "CHECK-SPIRV-DAG: Capability BFloat16TypeKHR" ctx200: 7 hits; known 53935751175, 66187983608, 54305045529, 8916444886; judged sampled by name: 9589536487 (cooperative_matrix_bfloat16), 9442857744 (bfloat16_dot), 11957410337 (shader_atomic_bfloat16 AtomicFMin/FMax family) - not read
Q65 find_string "llvm-spirv -r --spirv-target-env=SPV-IR %t.spv -o" ctx200: 10 hits; NEW 68821421367 -> 027 (typed pointers), 12595514814 -> 026; known 456328622, 230933518, 37068669437, 37725672737, 1521212705, 509274488; .cl 87851067, 594267162
Q66 find_string "llvm-spirv %t.rev.bc -spirv-text -o - | FileCheck" ctx200: 5 hits; known 131030646, 1021169620; .cl 87851067, 594267162, 2274518687
Q67 find_string "llvm-spirv %t.bc -spirv-text --spirv-ext=+SPV_KHR" ctx200 (a longer form refused for length, uncharged): 9 hits, all known (2502643906, 3443462004, 690258418, 18536720181, 1468233764, 1787657187, 509274488, 1391754292, 320993513); discovery stopped
Q68 find_string "It must be at least 1." ctx400: 10 hits, none llvm-spirv (looking for the writer's zero-length-array rule)
S4 search code "SPIRV-LLVM-Translator zero-length array [0 x i32] global translated OpTypeArray length test": LLVM back end zero-length-array.ll (runtime arrays, shader only), chipStar HipLowerZeroLengthArrays.cpp ("zero length array types which are not supported by the llvm-spirv"): llvm-spirv refuses them, so no held-out test translates one; not pursued
Q69 find_string "; CHECK-SPIRV-NEXT: " ctx200: 10 hits; known 55053834136, 71076345941, 1250612696, 12262186589, 6135053813; 66167843588 uinc/udec vector (atomicrmw-uinc-udec-wrap-vector.ll, sampled); LLVM back end x4
Q70 find_string "; RUN: llvm-spirv -spirv-text -r %t.spt -o" ctx250: 10 hits; read 7323562842 = the newer version of 003's file (adds i48/i96/i128/i256/i2048 globals and constants): 003 replaced by it; known 51916371910, 1989602952, 11505395494, 4234754, 848307678, 326131862, 238929771; 6101817983 (kernel attributes, 4585) and 5652346900 (17964) not read
Q71 find_string "llvm-spirv %t.bc -o %t.spv --spirv-max-version=" ctx200 (a longer form refused for length, uncharged): 2 hits; known 1608110064; 1582400880 (float controls, max version 1.1; judged exec_mode_float_control_khr.ll, sampled); discovery stopped
"""

# (local name, find_string id, where it probably lives in KhronosGroup/SPIRV-LLVM-Translator)
KEPT_T15B = [
    ("000-vec-type-hint.ll", "6154360975", "test/transcoding/vec_type_hint.ll (guess, from its ModuleID; 5970911085 is an older typed-pointer version)"),
    ("001-builtin-cpp-for-opencl-group-id.ll", "1306408844", "test/transcoding (guess: a sibling of t11/004 builtin-single-var)"),
    ("002-coop-matrix-access-chain-store.ll", "2355208038", "test/extensions/KHR/SPV_KHR_cooperative_matrix (guess)"),
    ("003-arbitrary-precision-int-globals-typed.ll", "7323562842", "test/extensions/INTEL/SPV_INTEL_arbitrary_precision_integers (guess; typed pointers; 11505395494 is an older version without the wide integers)"),
    ("004-ptr-icmp-ordered.ll", "11981781098", "test/transcoding (guess; XFAIL)"),
    ("005-fc2-fp-fast-math-default-contract.ll", "54072191804", "test/extensions/KHR/SPV_KHR_float_controls2 (guess)"),
    ("006-fc2-call-phi-select-fast-math.ll", "55173460198", "test/extensions/KHR/SPV_KHR_float_controls2 (guess)"),
    ("007-fc2-fp-fast-math-default-nnan.ll", "54230591418", "test/extensions/KHR/SPV_KHR_float_controls2 (guess)"),
    ("008-coop-matrix-arithmetic-negate.ll", "18439262833", "test/extensions/KHR/SPV_KHR_cooperative_matrix/arithmetic_instructions.ll (guess: an older version of it)"),
    ("009-mma-float4-operands-extension.ll", "33844174002", "test/extensions/INTEL/SPV_INTEL_subgroup_matrix_multiply_accumulate (guess; possibly a newer version of t10?/040 fp4, its RUN line names the new _float4 extension)"),
    ("010-spirvSourceOpenCLCPP.ll", "41933530040", "test/transcoding/spirvSourceOpenCLCPP.ll (read by path, commit d82c774f)"),
    ("011-intrinsic-fma-xfail.ll", "6411309480", "test (guess: an older XFAIL form of negative/llvm-unhandled-intrinsic.ll)"),
    ("012-arithmetic-fence-ext.ll", "9198190744", "test/extensions/EXT/SPV_EXT_arithmetic_fence (guess)"),
    ("013-function-decl-call.ll", "12221059797", "test/transcoding (guess)"),
    ("014-image2d-array-wo-dim-typed.ll", "481910847", "test/transcoding (guess; typed pointers)"),
    ("015-sampled-image-literal-sampler-typed.ll", "578017870", "test/transcoding/SampledImage.ll (guess; typed pointers)"),
    ("016-fpga-memory-attributes-global-decorations-md.ll", "8918587596", "test/extensions/INTEL/SPV_INTEL_fpga_memory_attributes (guess)"),
    ("017-dbg-value-constexpr-icmp-zext-vector.ll", "4302378843", "test/DebugInfo (guess: sibling of t13/028 and t13/034; llvm-as-22 rejects it)"),
    ("018-optimization-hints-assume-typed.ll", "774625549", "test/extensions/INTEL/SPV_INTEL_optimization_hints (guess; typed pointers)"),
    ("019-entry-point-interface-globals-typed.ll", "41785586826", "test/transcoding (guess; typed pointers)"),
    ("020-vector-convert-builtins-typed.ll", "545361043", "test/transcoding/conversions.ll (guess, from its ModuleID; typed pointers)"),
    ("021-undef-initializer-wordcount.ll", "2095021014", "test/transcoding (guess)"),
    ("022-global-variable-spirv-decorations-md.ll", "291526201", "test/transcoding (guess)"),
    ("023-fc2-call-decoration-not-on-group-fmul.ll", "58209465947", "test/extensions/KHR/SPV_KHR_float_controls2 (guess)"),
    ("024-atomicrmw-fadd-half-float16-add.ll", "946358024", "test/extensions/EXT/SPV_EXT_shader_atomic_float16_add (guess)"),
    ("025-untyped-pointers-images.ll", "3006179829", "test/extensions/KHR/SPV_KHR_untyped_pointers (guess)"),
    ("026-spv-ir-atomic-exchange-i64-manglings.ll", "12595514814", "test/transcoding (guess: SPV-IR __spirv_AtomicExchange of i64 mangling variants)"),
    ("027-fp4-e2m1-conversion-rounding-decoration-typed.ll", "68821421367", "test/extensions/EXT/SPV_EXT_ocp_microscaling_types (guess; typed pointers)"),
]


def pool15b():
    return [name for name, _, _ in KEPT_T15B]


if __name__ == "__main__":
    print(f"kept {len(KEPT_T15B)} files")
    for name, fid, where in KEPT_T15B:
        print(f"{name}\t{fid}\t{where}")
