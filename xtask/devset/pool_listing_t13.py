# Discovery of t13 (session 19, helper devset19b): llvm-spirv translator tests of the
# non-extension folders (test/llvm-intrinsics, test/transcoding, test/DebugInfo, SPV-IR,
# top-level test/*.ll) that no earlier sample holds, found by `find_string` on strings their
# RUN and CHECK lines contain (llvm-spirv options: --spirv-target-env=SPV-IR,
# --spirv-debug-info-version=nonsemantic-shader-*, --spirv-preserve-auxdata, -s, %if
# spirv-backend; CHECK-SPIRV instruction names: ExtInst, Switch, SpecConstantOp,
# CompositeInsert, ConvertUToPtr ...), 2026-11-27. As for t11 (pool_listing_t11.py),
# `find_string` answers excerpts and a file id, never the repository or the path:
# the paths below are guesses (marked so) and the commit is unknown.
# Deduplication was by content: the code lines (define/declare/global lines, mangled names)
# of every hit were searched in every local copy of an earlier sample (/work/devset/t7 ...
# t11, /work/devset/lit, and devset19a's /work/devset/t12). The t7..t10 copies dropped their
# comment lines, so a comment or CHECK string found nowhere proves nothing: one hit first
# kept on such a string (55068264459, = t10a/021) was removed after the code-line check,
# which was then run on every kept file. Hits that are tests of extensions (folders
# test/extensions/*: joint matrix, masked gather/scatter, function pointers, split barrier,
# float4/int4, float8, device barrier ...) were left to devset19a; .cl tests, other
# repositories (LLVM back end, clang drivers, DXC, clspv) and forks' options were rejected.
# Older versions of sampled files were rejected, except where the newer text changes the
# code (015: new functions; 029: the opaque-pointer IR of a typed sample).
# Look-ups used: 53 find_string (45 in QUERY_LOG, 8 reading llvm-spirv's writer and
# headers to classify t13/014 and t13/016), 49 read_file (47 of hits, 2 of llvm-spirv
# sources), 1 find_files: 103 of the 170 allowed.
# Files live in /work/devset/t13/ (never in git), written verbatim (every line, lit-ready):
# 37 files, 009 (vector atomicrmw uinc_wrap) and 034 (fadd constant expressions) parse
# with no LLVM we have and 011/012 have only `llvm-spirv -s` RUN lines (excluded by devset.py).

QUERY_LOG = """
Q1 find_string "@llvm.experimental.constrained." ctx400: 10 hits, none llvm-spirv tests (SystemZ/colossus llc tests, clang, musl-like IR, opt verifier)
Q2 find_string "@llvm.vector.reduce" ctx400: 10 hits, none llvm-spirv tests (optimised benchmark IR)
Q3 find_string "--spirv-target-env=SPV-IR" ctx600: 10 hits; known: 37740497764 (lit/t7/024 fmuladd mad), 61600797003 (typed-pointer buffer_surface_intel, t8a/071), 33478555012 (t11/025); extension tests left to devset19a: 55488305432 (subgroup scaled MMA), 22091610967 (float4/int4), 12493365754 (EXT_float8 coop matrix), 456328622 (hw_thread_queries); .cl: 1257741142; 1741344122 (BuiltIn 28 GlobalInvocationId, 1303 chars) judged an older version of t9a/007 builtin_vars_gep (same global), not read; 131030646 (sycl 2x3 array, 9543 chars) not read yet
Q4 find_string "-spirv-debug-info-version=nonsemantic-shader-200" ctx600: 10 hits; known: 1712935321 (t10b/123 DebugTypeDef), 434841985 (t7/121, t10b/022 static member), 15049673 (t10b/031 FortranComplex); read 33354437505 = another version of t10b/104 DebugMacroUndefinedUndef (same IR) rejected; NEW 41671192604 -> 000; not llvm-spirv tests: 167338001, 60294887655, 63942302625, 5919528883, 67207681989 (clang driver / sycl linker)
   (131030646: same RUN lines as t9a/006 builtin_vars_arithmetics, judged an older version of it, not read)
Q5 find_string "--spirv-preserve-auxdata" ctx500: 10 hits; known: 57866526044 (t7/148 uinc/udec auxdata); NEW 2205728867 -> 004; others clang driver / sycl linker / LLVM back end (54937202572) / notes
Q6 find_string "llvm-spirv %t.bc -o %t.spv\n; RUN: spirv-val %t.spv" ctx700: 10 hits; read 18629964191 = known (t8a/078, t10b/092 call.ll); known by RUN/code: 1793075773 (t9a/000 SpecConstantComposite), 37091718688 (bitreverse, devset18 judged known), 4356480880 (t9a/036 unreachable), 337261197 (t10b/105 constrained-comparison), 1314389530 (older version of t9a fadd..fsub r1..r7 tests), 801239997 (t10a/100 constrained-convert); NEW 1180925922 -> 001, 67557949886 -> 002, 41650423753 -> 003
Q7 find_string "--spirv-fp-contract" ctx500: 3 hits; 2175455926 known (t7/031 ContractionON); 2 LLVM back-end tests
Q8 find_string "CHECK-SPIRV: ExtInst" ctx500: 10 hits; known/versions: 33901966261 (another version of t7/173 nan_bfloat: other mangling), 663816155 (frexp, t10a/128), 627867128 (t10a/126 DebugInfoStringType), 9566376968 (t10a/099 shuffle), 121022957 (DIModule, t7/111 and others); .cl: 21113546846, 27570598; NEW 991291907 -> 005, 6052893025 -> 006, 62681305503 -> 007
Q9 find_string "CHECK-LLVM: call spir_func" ctx500: 10 hits; known: 1895135641, 42456399448, 808379159 (t11 log), 68416340013 (frexp, t10a/128), 1007793377 (t9a/070 relationals_double); 345144123 function pointers (typed; extension folder, left to devset19a); 4485977341 (ptr.annotation on struct members, judged t9a/064's family, not read); .cl: 18617062874, 8797341659; NEW 110039012 -> 008 (typed pointers: an older version of some read_imageui test)
Q10 find_string "--spirv-max-version=1." ctx500: 10 hits; 57432021671 known (t7/129 auxdata amdgpu atomics); the rest clang drivers / scripts
Q11 find_string "-spirv-allow-unknown-intrinsics" ctx500: 10 hits; 884404086 (stacksave/VLA negative-only, typed, t8a VLA family) skipped; extension tests left to devset19a: 485142803, 62018468 (vector_compute), 2167328213 (masked_gather_scatter); the rest drivers / llvm-spirv.cpp
Q12 find_string "--spirv-allow-extra-diexpressions" ctx500: 5 hits; 608959039, 542056798 = versions of t10b/004 DebugInfoLLVMArg; 303187700 = version of t9b/057 expr-opcode; 2 drivers
Q13 find_string "CHECK-SPIRV-DAG: TypeInt" ctx600: 10 hits; NEW 57384862070 -> 009; extension tests left to devset19a: 12493365754, 37050938462, 1083906450, 18671133198, 400569170, 21796909472; .cl: 6054035177, 1247293803; 79937555 (30365 chars) not read
Q14 find_string "--spirv-debug-info-version=nonsemantic-shader-100" ctx500: 10 hits; known or versions: 33246713264 (macro without DIMacroFile = t10b/069 DebugMacroDefRoot's IR), 41671192604 (=000), 1127070248 (another version of t7/123 DebugTypeMember), 37618806567 (t11 log), 48543945 (another version of t7/021 GV-with-DIE), 2240250829 (DIModule IR of t7/111, t8b/038, t10a/010, t10b/016, other RUN lines), 33354437505 (t10b/104), 70585520746 (t11/000), 315925828 (t10a/112 DebugInfoTypeBasic), 15049673 (t10b/031)
Q15 find_string "CHECK-SPIRV: PtrCastToGeneric" ctx600: 10 hits; known/versions: 1695721226 (t11 log), 292727748 (opaque version of t9b/009 complex-constexpr), 2809989135 and 12819763245 (lifetime, t10a/107), 65888151408 (sret example.cpp family, t11/002); typed enqueue versions 5812701617, 6036682233; .cl: 21653023936, 1824948344; 1148939878 FPGA memory extension (devset19a)
Q16 find_string "CHECK-SPIRV: CopyMemorySized" ctx600: 9 hits, all known or typed-pointer versions: 6430012945, 6539962727 (t10b/138 memmove), 3292969142 (t7/072 memset-align), 6308225830 (t7/059 memset), 11488750320 (t10b/047 memcpy.align), 4229404151 (t9a/028), 393815339 (memmove generic, 11381, t10b/138 family), 1169484129 (memset, t10b/028 family); .cl 6054035177
Q17 find_string "llvm-spirv %t.spv -to-text -o - | FileCheck %s" ctx900: 10 hits; NEW 3530938526 -> 014 (auxdata global-variable attributes), 68348309109 -> 010; known: 6019218516 (t10a/045 DebugFunction), 337009259 (t9a/038 spec_const); extension (devset19a): 704297235 (.cl media block), 1706432202 (vector_compute); .cl: 167814076, 141714838, 593334473, 7154982839
Q18 find_string "RUN: llvm-spirv -s %t.bc" ctx700: 10 hits; NEW 12237193533 -> 011, 268914807 -> 012 (37570783910 is an older version of the same file: read the newer), 3533583023 -> 013, 71421578316 -> 015 (a new version of llvm-intrinsics/minimum-maximum: NaN/signed-zero fix-ups, nnan/nsz variants; t7/027 is the old one); known: 23391576975 (t9a/045); extension (devset19a): 1391754292 (integer dot product), 1519153959 (bfloat16 conversion), 806743441 (joint matrix); .cl 6361240981
Q19 find_string "llvm-spirv %s -o - -spirv-text": 0 hits
Q20 find_string "CHECK-LLVM: #dbg_declare(" ctx600: 3 hits; 986957709 = FortranDynamicArrayVar (t10b/159); 41671192604 (=000); NEW 9230078280 -> 016
Q21 find_string "llvm-spirv %s -o %t.spv\n; RUN: spirv-val %t.spv" ctx800: 10 hits; known: 54077649073 (t11/022), 33867127190 (t11 log), 55208705736 (t11 log), 68542777898 (t11/018 branch weights), 21185350574 (byval untyped, t7/087 family), 58411128330 (older version of 010, bool mul only); read 55068264459 = t10a/021 freeze-phi-back-edge with its comments (t10a dropped comment lines; first judged new by a comment string, removed after a code-line check); NEW 60994931685 -> 017, 42293328075 -> 018, 21869699233 -> 019
Q22 find_string "RUN: spirv-val --target-env" ctx700: 10 hits, all clspv tests
Q23 find_string "; REQUIRES: spirv-dis" ctx700: 10 hits; 55071467876 = older version of 017's IR (phi with a doubled entry edge); read 61839583622 = t7/039 llround (code match); known: 68556074302 (t11/018), 65837574039, 66290127797, 66150723921 (lit/t7/152, 088, 037), 60994931685 (=017); 1771417405 (13015) and 2528310657 (10904) judged t9b/050 basic_int_types and a with.overflow struct test (t10a/t7), not read; NEW 12267125702 -> 020
Q24 find_string "%if spirv-backend %{ llc" ctx700: 10 hits; NEW 51984004764 -> 021, 52021933449 -> 022, 51765084717 -> 023; read 52134404820 = t8a/028 opaque_pointers (code match); known: 56993116382 (freeze, t9b/022), 52418810197 (fcmp r1.., t9a/014), 52296735513 (t7/038), 54077649073 (t11/022), 51816966423 (t9b/052 basic_float_types); 71150456721 fork-only (--spirv-target-triple amdgpu)
Q25 find_string "llvm-spirv -spirv-text %s -o - | FileCheck %s" ctx700: 2 hits: 42293328075 (=018 as first fetched) and 33673816536, a longer version of the same test (adds @bar/ogtRes): read, 018 rewritten with it
Q26 find_string "CHECK-SPIRV: SpecConstantOp" ctx600: 7 hits; NEW 139623221 -> 028 (constexpr vector IAdd in #dbg_value); 301078963 (its FAdd sibling, 5162) not read; extension (devset19a): 18033149122 (VC + arbitrary precision), 45306550 (VC function pointers), 53936150770 (untyped); known: 54029523553 (t11/017), 2638607801 (t7/100)
Q27 find_string "llvm-as < %s | llvm-spirv -spirv-text -o" ctx600: 10 hits; NEW 6031978589 -> 027, 1399290959 -> 029 (the opaque-pointer IR of t9b/006 simple.ll with a Float64 check: kept, t9b/006 is a typed-pointer version); read 5783894613 = pre-3.7 LLVM syntax (load i32* %p): no LLVM we have parses it, not written; 5708291094 same old syntax, not read; known: 23728680555 (t7/079), 72614313 (t9b/055), 975773991 (t9b/035), 6435256928 (t9b/072), 397402085 (t9b/011), 1129611942 (t8a/063)
Q28 find_string "CHECK-SPIRV: Switch" ctx600: 5 hits; NEW 12581349150 -> 024, 12464364515 -> 025, 12262186589 -> 026; known 5933339890 (t10a/015 OpSwitchEmpty); .cl 1120302359
Q29 find_string "CHECK-SPIRV: VectorShuffle" ctx600: 3 hits; NEW 55307074225 -> 030; 60861902 and 204273222 sub-group extended types (92-100 KB), not read
Q30 find_string "CHECK-SPIRV: DebugTypePointer": 0 hits
Q31 find_string "CHECK-SPIRV: ConvertUToPtr" ctx600: 5 hits; NEW 1184050167 -> 031; versions of t9b/009 complex-constexpr: 292727748, 2199557304, 1762556585; 814876676 function pointers (extension, devset19a)
Q32 find_string "CHECK-SPIRV: Phi" ctx600: 7 hits; known: 1175672182 (t7/078 OpPhi_ArgumentsPlaceholders), 1169484129 (memset family), 12464364515 (=025), 3091538999 (t10a/144); joint matrix extension tests (devset19a): 481500765, 4386735179, 131289660
Q33 find_string "CHECK-SPIRV: GenericCastToPtr" ctx600: 6 hits; read 1370393565 = t12/005 (devset19a's, masked gather/scatter vector of pointers); 3522311176, 37168302552 typed versions of it; 37058853816 (typed vector addrspacecast, 1507) not read; known: 393815339, 2809989135
Q34 find_string "CHECK-SPIRV: ControlBarrier" ctx600: 9 hits; read 21446088679 = t10a/140 device_barrier_spirv (code match); known: 2076959949 (t9a/044 barrier-runtime-scope), 1339766349 (t11/027); split-barrier extension tests (devset19a): 37777784346, 2274814835, 1734001378, 36941786089; .cl: 350026424, 141714838
Q35 find_string "@llvm.is.fpclass" ctx500: 10 hits, no llvm-spirv test
Q36 find_string "CHECK-SPIRV: ExtInst [[#]] [[#]] [[#]] DebugValue": 0 hits
Q37 find_string "CHECK-SPIRV: Decorate [[#]] NoSignedWrap": 0 hits
Q38 find_string "CHECK-SPIRV: Capability Int8": 0 hits
Q39 find_string "CHECK-SPIRV: AtomicCompareExchange" ctx600: 9 hits; read 294108894 = t10a/026 atomic_syncscope_test (code match); known: 593334473 (.cl), 42456399448, 21198074742 (t11 log), 66140490568 (t7/090 family), 320957775 (t10a/146); 6667680785 (6564) not read; .cl 4216120674, 2574023803
Q40 find_string "CHECK-SPIRV: CompositeInsert" ctx600: 6 hits; NEW 67112680569 -> 032, 62273694 -> 033; known: 320957775, 122062379 (t7/041 umul), 68416340013 (frexp); 912386580 function pointers (devset19a)
Q41 find_string "CHECK-SPIRV: DebugImportedEntity": 0 hits
Q42 find_string "CHECK-SPIRV: DebugTypeTemplate": 0 hits
Q43 find_string "DebugTypeFunction" ctx500: 10 hits, LLVM back-end / DXC / other; no llvm-spirv test
Q44 find_string "DebugInlinedAt" ctx500: 10 hits, none llvm-spirv tests
   (read 301078963 from Q26: NEW -> 034, the FAdd sibling of 028; fadd constant expressions: llvm-as-22 rejects, llvm-as-15 accepts)
Q45 find_string "llvm-spirv %t.bc -o %t.spv\n; RUN: llvm-spirv -r %t" ctx700: 10 hits; NEW 637548261 -> 035 (typed pointers), 68557589106 -> 036; known: 6036682233 (typed enqueue), 413473327 (t11 log), 792279094 (t9b/056 builtin-get-global-id), 4206559057 (t9a/063 multiple_user_semantic), 119688802 (t10b/115), 5920902724 (cl-types, t7/010?), 663816155 (frexp), 1199008850 (t9b/015)
"""

# (local name, find_string id, where it probably lives in KhronosGroup/SPIRV-LLVM-Translator)
KEPT_T13 = [
    ("000-dbg-declare-null-fortran.ll", "41671192604", "test/DebugInfo (guess: a #dbg_declare(ptr null) Fortran test)"),
    ("001-global-i1-storage-class.ll", "1180925922", "test/transcoding (guess)"),
    ("002-spirv-decorations-user-semantic.ll", "67557949886", "test/transcoding (guess)"),
    ("003-unnamed-functions.ll", "41650423753", "test (guess)"),
    ("004-auxdata-no-dilabel.ll", "2205728867", "test (guess: a preserve-auxdata test)"),
    ("005-inline-namespace.ll", "991291907", "test/DebugInfo/NonSemantic (guess)"),
    ("006-BuiltinCallLocation.ll", "6052893025", "test/DebugInfo/BuiltinCallLocation.ll (its header comment)"),
    ("007-auxdata-target-features.ll", "62681305503", "test (guess: a preserve-auxdata test)"),
    ("008-read-imageui-unsigned.ll", "110039012", "test/transcoding (guess; typed pointers, an older version)"),
    ("009-atomicrmw-uinc-udec-wrap-vector.ll", "57384862070", "test/transcoding (guess)"),
    ("010-bool-mul-add-logical.ll", "68348309109", "test/transcoding (guess)"),
    ("011-regularize-private-globals.ll", "12237193533", "test (guess: a regularization -s test)"),
    ("012-regularize-shift-i1.ll", "268914807", "test (guess: a regularization -s test)"),
    ("013-regularize-lshr-i1-loaded.ll", "3533583023", "test (guess: a regularization -s test)"),
    ("014-auxdata-global-var-attributes.ll", "3530938526", "test (guess: a preserve-auxdata test)"),
    ("015-minimum-maximum-fixups.ll", "71421578316", "test/llvm-intrinsics/minimum-maximum.ll (guess: a newer version of t7/027)"),
    ("016-dbg-declare-null-xderef.ll", "9230078280", "test/DebugInfo (guess)"),
    ("017-phi-duplicate-entry-edge.ll", "60994931685", "test/transcoding (guess)"),
    ("018-fcmp-fastmath-decoration-override.ll", "33673816536", "test/transcoding (guess; 42293328075 is a shorter version, first fetched)"),
    ("019-ocl-builtins-ptr-mangling-untyped.ll", "21869699233", "test/transcoding (guess)"),
    ("020-generic-null-addrspacecast.ll", "12267125702", "test/transcoding (guess)"),
    ("021-spirv-prefixed-unknown-calls.ll", "51984004764", "test (guess)"),
    ("022-opencl-cxx-source-version.ll", "52021933449", "test (guess)"),
    ("023-aggregate-constant-return.ll", "51765084717", "test (guess)"),
    ("024-switch-branches.ll", "12581349150", "test/transcoding (guess)"),
    ("025-switch-i8-phi.ll", "12464364515", "test/transcoding (guess)"),
    ("026-two-switch-same-register.ll", "12262186589", "test/transcoding (guess)"),
    ("027-opencl21-empty-kernel.ll", "6031978589", "test (guess)"),
    ("028-constexpr-vector-iadd-dbg-value.ll", "139623221", "test/DebugInfo (guess)"),
    ("029-float64-capability-opaque.ll", "1399290959", "test (guess: the opaque-pointer IR of t9b/006 simple.ll with a Float64 check)"),
    ("030-pown-rootn-scalar-splat.ll", "55307074225", "test/transcoding (guess)"),
    ("031-inttoptr-minus-one-constexpr.ll", "1184050167", "test/transcoding (guess)"),
    ("032-aggregate-function-args.ll", "67112680569", "test/transcoding (guess)"),
    ("033-group-non-uniform-shuffle-down-struct.ll", "62273694", "test/transcoding (guess)"),
    ("034-constexpr-vector-fadd-dbg-value.ll", "301078963", "test/DebugInfo (guess; fadd constexprs: no LLVM we have parses it)"),
    ("035-sycl-array-zero-init-memcpy.ll", "637548261", "test/transcoding (guess; typed pointers)"),
    ("036-amdhsa-trivial-kernel.ll", "68557589106", "test (guess)"),
]


def pool13():
    return [name for name, _, _ in KEPT_T13]


if __name__ == "__main__":
    print(f"kept {len(KEPT_T13)} files")
    for name, fid, where in KEPT_T13:
        print(f"{name}\t{fid}\t{where}")
