//! Reverse translation (`-r`) checked the way llvm-spirv's lit tests check it: our LLVM text
//! forward to SPIR-V (spirv-val where it knows every enumerant), back with `-r` for a target
//! environment, then lines of the LLVM text the round trip must contain (the CHECK-LLVM lines
//! of llvm-spirv's tests, on hand-written inputs), and `opt-22 -passes=verify` on the result.

mod common;

use std::process::Command;

use spirvkit_llvm::WriteOptions;
use spirvkit_spir::reverse::{reverse_words, ReverseOptions, TargetEnv};

/// Forward `src` with `extensions`, spirv-val it when `validate`, reverse it for `target`:
/// the LLVM text (opaque pointers, what `llvm-dis-22` shows of our bitcode), verified by
/// opt-22 when it is installed.
fn round_trip(src: &str, extensions: &str, target: TargetEnv, validate: bool, tag: &str) -> String {
    let spv = common::translate_with(src, extensions).unwrap_or_else(|e| panic!("{tag}: {e}"));
    if validate {
        common::spirv_val(&spv, tag);
    }
    let opts = ReverseOptions {
        target,
        ..ReverseOptions::default()
    };
    let back = reverse_words(&spv.to_words(), &opts).unwrap_or_else(|e| panic!("{tag}: -r: {e}"));
    let text = back.to_ll(&WriteOptions::opaque());
    verify(&text, tag);
    text
}

/// `opt-22 -passes=verify` accepts `text` (skipped when LLVM 22 is not installed).
fn verify(text: &str, tag: &str) {
    if Command::new("opt-22").arg("--version").output().is_err() {
        eprintln!("note: opt-22 missing; verify skipped");
        return;
    }
    let dir = std::env::temp_dir().join(format!("spirvkit-litrev18-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join(format!("{tag}.ll"));
    std::fs::write(&path, text).expect("write");
    let out = Command::new("opt-22")
        .args(["-passes=verify", "-o", "/dev/null"])
        .arg(&path)
        .output()
        .expect("opt-22 runs");
    assert!(
        out.status.success(),
        "{tag}: opt-22: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every needle is in `text` (a line's part, as FileCheck matches).
fn assert_has(text: &str, needles: &[&str]) {
    for n in needles {
        assert!(text.contains(n), "missing `{n}` in:\n{text}");
    }
}

// ---- litrev18 (session 18): lit t7 reverse-check fixes ----

const SPIR64: &str = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
"#;

/// SPV_KHR_bfloat16: `OpTypeFloat 16 BFloat16KHR` is LLVM's `bfloat` (not `half`), scalars and
/// vectors, and a built-in on it mangles `DF16b` (t7/004, 143, 172).
#[test]
fn bfloat16_comes_back_as_bfloat() {
    let src = format!(
        r#"{SPIR64}
define spir_func bfloat @scale(bfloat %x, <2 x bfloat> %v, ptr addrspace(1) %p) {{
entry:
  %a = alloca bfloat
  %b = alloca <2 x bfloat>
  store <2 x bfloat> %v, ptr %b
  %l = load bfloat, ptr %a
  %m = call spir_func bfloat @_Z21__spirv_AtomicFMinEXTPU3AS1DF16biiDF16b(ptr addrspace(1) %p, i32 1, i32 896, bfloat %l)
  ret bfloat %m
}}
declare spir_func bfloat @_Z21__spirv_AtomicFMinEXTPU3AS1DF16biiDF16b(ptr addrspace(1), i32, i32, bfloat)
"#
    );
    let exts = "+SPV_KHR_bfloat16,+SPV_INTEL_16bit_atomics,+SPV_EXT_shader_atomic_float_min_max";
    let ll = round_trip(&src, exts, TargetEnv::SpvIr, false, "bf16_spvir");
    assert_has(
        &ll,
        &[
            "define spir_func bfloat @scale(bfloat %x, <2 x bfloat> %v,",
            "alloca bfloat",
            "alloca <2 x bfloat>",
            "load bfloat, ptr",
            "call spir_func bfloat @_Z21__spirv_AtomicFMinEXTPU3AS1DF16biiDF16b(ptr addrspace(1)",
        ],
    );
    assert!(!ll.contains("half"), "{ll}");
    // Without the atomics: spirv-val knows SPV_KHR_bfloat16.
    let plain = format!(
        r#"{SPIR64}
define spir_func float @widen(bfloat %x, float %f) {{
entry:
  %y = fptrunc float %f to bfloat
  %z = fpext bfloat %x to float
  %s = fadd float %z, 0.0
  %c = bitcast bfloat %y to i16
  ret float %s
}}
"#
    );
    let ll = round_trip(
        &plain,
        "+SPV_KHR_bfloat16",
        TargetEnv::Cl12,
        true,
        "bf16_cl12",
    );
    assert_has(
        &ll,
        &[
            "%y = fptrunc float %f to bfloat",
            "%z = fpext bfloat %x to float",
            "%c = bitcast bfloat %y to i16",
        ],
    );
}

/// The floating-point atomics OpAtomicFAddEXT / FMinEXT / FMaxEXT under CL1.2 are llvm-spirv's
/// `atomic_add` / `atomic_min` / `atomic_max` on a volatile pointer (the `atomic_` prefix for
/// doubles too); CL2.0 keeps `atomic_fetch_*_explicit` (t7/108).
#[test]
fn float_atomics_take_the_opencl_1_2_names() {
    let src = format!(
        r#"{SPIR64}
define spir_func void @f(ptr addrspace(1) %p, ptr addrspace(3) %q, ptr addrspace(1) %d) {{
entry:
  %a = atomicrmw fadd ptr addrspace(1) %p, float 1.0 seq_cst
  %b = atomicrmw fmin ptr addrspace(3) %q, float 1.0 seq_cst
  %c = atomicrmw fmax ptr addrspace(1) %p, float 1.0 seq_cst
  %e = atomicrmw fmin ptr addrspace(1) %d, double 1.0 seq_cst
  ret void
}}
"#
    );
    let exts = "+SPV_EXT_shader_atomic_float_add,+SPV_EXT_shader_atomic_float_min_max";
    let ll = round_trip(&src, exts, TargetEnv::Cl12, true, "fatomic_cl12");
    assert_has(
        &ll,
        &[
            "%a = call spir_func float @_Z10atomic_addPU3AS1Vff(ptr addrspace(1) %p, float 0x3FF0000000000000)",
            "%b = call spir_func float @_Z10atomic_minPU3AS3Vff(ptr addrspace(3) %q, float 0x3FF0000000000000)",
            "%c = call spir_func float @_Z10atomic_maxPU3AS1Vff(ptr addrspace(1) %p, float 0x3FF0000000000000)",
            "%e = call spir_func double @_Z10atomic_minPU3AS1Vdd(ptr addrspace(1) %d, double 0x3FF0000000000000)",
        ],
    );
    let ll = round_trip(&src, exts, TargetEnv::Cl20, true, "fatomic_cl20");
    assert_has(
        &ll,
        &[
            "@_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicff12memory_order12memory_scope(",
            "@_Z25atomic_fetch_min_explicitPU3AS4VU7_Atomicdd12memory_order12memory_scope(",
        ],
    );
}

/// FPFastMathMode on a result is its LLVM fast-math flags (llvm-spirv's reader): each flag on
/// binary operations, `fneg` and `fcmp`, `fast` for Fast; AllowContract/AllowReassoc under
/// SPV_KHR_float_controls2 (t7/005, 040, 163).
#[test]
fn fp_fast_math_mode_becomes_fast_math_flags() {
    let src = format!(
        r#"{SPIR64}
define spir_func float @f(float %a, float %b, double %c) {{
entry:
  %n = fadd nnan float %a, %b
  %i = fsub ninf float %n, %b
  %z = fmul nsz float %i, %b
  %r = fdiv arcp float %z, %b
  %all = fadd nnan ninf nsz arcp float %r, %b
  %neg = fneg nnan float %all
  %cmp = fcmp nnan olt float %neg, %b
  %s = select i1 %cmp, float %neg, float %b
  %fast = fmul fast double %c, %c
  %t = fptrunc double %fast to float
  %u = fadd float %s, %t
  ret float %u
}}
"#
    );
    let ll = round_trip(&src, "", TargetEnv::Cl12, true, "fmf");
    assert_has(
        &ll,
        &[
            "%n = fadd nnan float %a, %b",
            "%i = fsub ninf float %n, %b",
            "%z = fmul nsz float %i, %b",
            "%r = fdiv arcp float %z, %b",
            "%all = fadd nnan ninf nsz arcp float %r, %b",
            "%neg = fneg nnan float %all",
            "%cmp = fcmp nnan olt float %neg, %b",
            "%fast = fmul fast double %c, %c",
            "%u = fadd float %s, %t",
        ],
    );
    // SPV_KHR_float_controls2: contract and reassoc are decorations too.
    let fc2 = format!(
        r#"{SPIR64}
define spir_kernel void @k(float %a, float %b, ptr addrspace(1) %o) {{
entry:
  %c = fadd contract float %a, %b
  %r = fmul reassoc float %c, %b
  store float %r, ptr addrspace(1) %o
  ret void
}}
"#
    );
    let ll = round_trip(
        &fc2,
        "+SPV_KHR_float_controls2",
        TargetEnv::Cl12,
        true,
        "fmf_fc2",
    );
    assert_has(
        &ll,
        &[
            "%c = fadd contract float %a, %b",
            "%r = fmul reassoc float %c, %b",
        ],
    );
}

/// OpCopyMemorySized's Aligned operand is `align N` on both pointer arguments of the
/// `llvm.memcpy` it becomes (t7/088).
#[test]
fn copy_memory_sized_keeps_its_alignment() {
    let src = format!(
        r#"{SPIR64}
define spir_kernel void @copy(ptr addrspace(1) %dst, ptr addrspace(1) %src) {{
entry:
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %dst, ptr addrspace(1) align 4 %src, i64 16, i1 false)
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) %dst, ptr addrspace(1) %src, i64 8, i1 false)
  ret void
}}
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
"#
    );
    let ll = round_trip(&src, "", TargetEnv::Cl12, true, "memcpy_align");
    assert_has(
        &ll,
        &[
            "(ptr addrspace(1) align 4 %dst, ptr addrspace(1) align 4 %src, i64 16, i1 false)",
            "(ptr addrspace(1) %dst, ptr addrspace(1) %src, i64 8, i1 false)",
        ],
    );
}

/// SPV_AMD_weak_linkage: LinkageAttributes WeakAMD is LLVM's `weak` on globals and functions
/// (t7/175); without the extension the forward direction exports them (no `weak` to restore).
#[test]
fn weak_amd_linkage_is_weak() {
    let src = r#"
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"
@GV = weak addrspace(1) global [3 x i32] zeroinitializer, align 4
define weak spir_func i32 @square(i32 %in) {
entry:
  %mul = mul nsw i32 %in, %in
  ret i32 %mul
}
"#;
    // spirv-val 2025.5 does not know WeakAMD (llvm-spirv's own test skips it too).
    let ll = round_trip(src, "+SPV_AMD_weak_linkage", TargetEnv::Cl12, false, "weak");
    assert_has(
        &ll,
        &[
            "@GV = weak addrspace(1) global [3 x i32] zeroinitializer, align 4",
            "define weak spir_func i32 @square(i32 %in)",
        ],
    );
    let ll = round_trip(src, "", TargetEnv::Cl12, true, "weak_noext");
    assert!(!ll.contains("weak"), "{ll}");
}

/// SPV_INTEL_function_pointers: OpConstantFunctionPointerINTEL (a global constant before the
/// function it names) is that function, OpFunctionPointerCallINTEL an indirect `spir_func`
/// call with its ArgumentAttributeINTEL decorations as parameter attributes (t7/033; these
/// modules were refused before: "is used but has no LLVM value").
#[test]
fn function_pointers_come_back_as_indirect_calls() {
    let src = format!(
        r#"{SPIR64}
define spir_func i32 @inc(i32 %x) {{
entry:
  %r = add i32 %x, 1
  ret i32 %r
}}
define spir_func i32 @dec(i32 %x) {{
entry:
  %r = sub i32 %x, 1
  ret i32 %r
}}
define spir_func void @take(ptr noalias nocapture %p) {{
entry:
  ret void
}}
define spir_kernel void @k(i1 %up, ptr addrspace(1) %out) {{
entry:
  %f = select i1 %up, ptr @inc, ptr @dec
  %v = call spir_func i32 %f(i32 41)
  store i32 %v, ptr addrspace(1) %out
  %slot = alloca i32
  %g = select i1 %up, ptr @take, ptr null
  call spir_func void %g(ptr noalias nocapture %slot)
  ret void
}}
"#
    );
    // spirv-val 2025.5 does not know ArgumentAttributeINTEL (6409).
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(
            &src,
            "+SPV_INTEL_function_pointers",
            target,
            false,
            &format!("fnptr_{target:?}"),
        );
        assert_has(
            &ll,
            &[
                "%f = select i1 %up, ptr @inc, ptr @dec",
                "%v = call spir_func i32 %f(i32 41)",
                "%g = select i1 %up, ptr @take, ptr null",
            ],
        );
        let call = ll
            .lines()
            .find(|l| l.contains("call spir_func void %g("))
            .unwrap_or_else(|| panic!("no indirect call of %g:\n{ll}"));
        assert!(
            call.contains("noalias") && call.contains("nocapture"),
            "{call}"
        );
    }
}

/// OpUMulExtended / OpSMulExtended / OpIAddCarry / OpISubBorrow have no OpenCL C built-in:
/// llvm-spirv's `__spirv_<Op>` calls returning the struct through an `sret` slot (t7/041;
/// refused before: "no SPIR 1.2 form for this instruction").
#[test]
fn extended_arithmetic_is_a_spirv_call_with_sret() {
    let src = r#"
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"
define spir_func void @m(i8 %a, i8 %b, i32 %c, i32 %d, <2 x i64> %v, <2 x i64> %w, ptr %o) {
entry:
  %m8 = call { i8, i1 } @llvm.umul.with.overflow.i8(i8 %a, i8 %b)
  %o8 = extractvalue { i8, i1 } %m8, 1
  %z8 = zext i1 %o8 to i32
  store i32 %z8, ptr %o
  %m32 = call { i32, i1 } @llvm.umul.with.overflow.i32(i32 %c, i32 %d)
  %v32 = extractvalue { i32, i1 } %m32, 0
  store i32 %v32, ptr %o
  %mv = call { <2 x i64>, <2 x i1> } @llvm.umul.with.overflow.v2i64(<2 x i64> %v, <2 x i64> %w)
  %vv = extractvalue { <2 x i64>, <2 x i1> } %mv, 0
  %e = extractelement <2 x i64> %vv, i32 0
  %t = trunc i64 %e to i32
  store i32 %t, ptr %o
  ret void
}
declare { i8, i1 } @llvm.umul.with.overflow.i8(i8, i8)
declare { i32, i1 } @llvm.umul.with.overflow.i32(i32, i32)
declare { <2 x i64>, <2 x i1> } @llvm.umul.with.overflow.v2i64(<2 x i64>, <2 x i64>)
"#;
    let ll = round_trip(src, "", TargetEnv::Cl12, true, "umul_ext");
    assert_has(
        &ll,
        &[
            "call spir_func void @_Z20__spirv_UMulExtendedcc(ptr sret(",
            ", i8 %a, i8 %b)",
            "call spir_func void @_Z20__spirv_UMulExtendedii(ptr sret(",
            ", i32 %c, i32 %d)",
            "call spir_func void @_Z20__spirv_UMulExtendedDv2_lS_(ptr sret(",
            ", <2 x i64> %v, <2 x i64> %w)",
            "declare spir_func void @_Z20__spirv_UMulExtendedcc(ptr sret(",
        ],
    );
    assert!(!ll.contains("llvm.umul.with.overflow"), "{ll}");
}

/// llvm-spirv(-15) writes a DebugTypePointer of a pointer without address space with storage
/// class 0xFFFFFFFF (SPIRVWORD_MAX): the decoder accepts it in a debug-info instruction and the
/// reverse translation makes a `DW_TAG_pointer_type` without `dwarfAddressSpace` (such modules
/// were refused: "invalid StorageClass operand value 4294967295").
#[test]
fn debug_pointer_without_storage_class_is_accepted() {
    let src = format!(
        r#"{SPIR64}
define spir_func void @f(ptr %p) !dbg !5 {{
entry:
  call void @llvm.dbg.value(metadata ptr %p, metadata !8, metadata !DIExpression()), !dbg !9
  ret void, !dbg !9
}}
declare void @llvm.dbg.value(metadata, metadata, metadata)
!llvm.dbg.cu = !{{!0}}
!llvm.module.flags = !{{!2, !3}}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.cl", directory: "/src")
!2 = !{{i32 7, !"Dwarf Version", i32 4}}
!3 = !{{i32 2, !"Debug Info Version", i32 3}}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !{{null, !7}})
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64, dwarfAddressSpace: 4)
!8 = !DILocalVariable(name: "p", arg: 1, scope: !5, file: !1, line: 1, type: !7)
!9 = !DILocation(line: 1, column: 1, scope: !5)
"#
    );
    let m = spirvkit_llvm::parse_text(&src, "t.ll").expect("parses");
    let opts = spirvkit_spir::TranslateOptions {
        debug_info: spirvkit_spir::DebugInfoFormat::OpenClDebugInfo100,
        ..Default::default()
    };
    let mut words = spirvkit_spir::translate_to_words(&m, &opts).expect("forward");
    // Patch every OpenCL.DebugInfo.100 DebugTypePointer (instruction 3) to storage class
    // 0xFFFFFFFF, as llvm-spirv-15 writes it: words are [count|OpExtInst, type, result, set,
    // instruction, base type, storage class, flags].
    let mut at = 5;
    let mut patched = 0;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if words[at] & 0xffff == 12 && count == 8 && words[at + 4] == 3 {
            words[at + 6] = u32::MAX;
            patched += 1;
        }
        at += count.max(1);
    }
    assert!(patched > 0, "no DebugTypePointer to patch");
    let back = reverse_words(&words, &ReverseOptions::default()).expect("-r accepts it");
    let ll = back.to_ll(&WriteOptions::opaque());
    let pointer = ll
        .lines()
        .find(|l| l.contains("DW_TAG_pointer_type"))
        .unwrap_or_else(|| panic!("no pointer type:\n{ll}"));
    assert!(!pointer.contains("dwarfAddressSpace"), "{pointer}");
    verify(&ll, "dbg_ptr_no_sc");
}

/// An extension's instruction with no OpenCL C built-in and no other LLVM form is llvm-spirv's
/// `__spirv_<OpName>` call in every target environment, integers mangled unsigned (t8b/025,
/// t8b/063, t10v/165; refused before: "no SPIR 1.2 form for this instruction").
#[test]
fn extension_instructions_without_opencl_names_are_spirv_calls() {
    let src = format!(
        r#"{SPIR64}
define spir_kernel void @k(ptr addrspace(1) %ptr, i32 %n, i32 %a, i32 %b, i32 %c, ptr addrspace(1) %o) {{
entry:
  call spir_func void @_Z34__spirv_SubgroupBlockPrefetchINTELPU3AS1Khj(ptr addrspace(1) %ptr, i32 %n)
  %r = call spir_func i32 @_Z28__spirv_BitwiseFunctionINTELiiii(i32 %a, i32 %b, i32 %c, i32 24)
  store i32 %r, ptr addrspace(1) %o
  ret void
}}
declare spir_func void @_Z34__spirv_SubgroupBlockPrefetchINTELPU3AS1Khj(ptr addrspace(1), i32)
declare spir_func i32 @_Z28__spirv_BitwiseFunctionINTELiiii(i32, i32, i32, i32)
"#
    );
    let exts = "+SPV_INTEL_subgroup_buffer_prefetch,+SPV_INTEL_ternary_bitwise_function";
    for target in [TargetEnv::Cl12, TargetEnv::Cl20, TargetEnv::SpvIr] {
        let ll = round_trip(&src, exts, target, true, &format!("ext_call_{target:?}"));
        assert_has(
            &ll,
            &[
                "call spir_func void @_Z34__spirv_SubgroupBlockPrefetchINTELPU3AS1hj(ptr addrspace(1) %ptr, i32 %n)",
                "%r = call spir_func i32 @_Z28__spirv_BitwiseFunctionINTELjjjj(i32 %a, i32 %b, i32 %c, i32 24)",
            ],
        );
    }
}

/// SPV_KHR_cooperative_matrix in every target environment: the matrix is
/// `target("spirv.CooperativeMatrixKHR", component, scope, rows, columns, use)` and each matrix
/// instruction — and OpCompositeConstruct making one, OpCooperativeMatrixLengthKHR of a matrix
/// type — is llvm-spirv's `__spirv_*` call: loads spell their result in the name, matrices
/// mangle as `PU3AS1<n>__spirv_CooperativeMatrixKHR__<component>_<scope>_<rows>_<cols>_<use>`
/// (t8b/019, t8b/066, t8b/078; refused before: "has no SPIR 1.2 form").
#[test]
fn cooperative_matrices_are_target_types_and_spirv_calls() {
    let src = format!(
        r#"{SPIR64}
define spir_kernel void @mm(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, i64 %n, i32 %init, ptr addrspace(1) %len) {{
entry:
  %mc = call spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) @_Z26__spirv_CompositeConstruct(i32 %init)
  %ma = call spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) @_Z32__spirv_CooperativeMatrixLoadKHR_1(ptr addrspace(1) %a, i32 0, i64 %n, i32 1)
  %mb = call spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 48, 12, 1) @_Z32__spirv_CooperativeMatrixLoadKHR_2(ptr addrspace(1) %b, i32 1, i64 %n)
  %r = call spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) @_Z34__spirv_CooperativeMatrixMulAddKHR(target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) %ma, target("spirv.CooperativeMatrixKHR", i8, 3, 48, 12, 1) %mb, target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) %mc, i32 12)
  call spir_func void @_Z33__spirv_CooperativeMatrixStoreKHR(ptr addrspace(1) %c, target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) %r, i32 0, i64 %n, i32 1)
  %l = call spir_func i32 @_Z34__spirv_CooperativeMatrixLengthKHR(target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) %ma)
  store i32 %l, ptr addrspace(1) %len
  ret void
}}
declare spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) @_Z26__spirv_CompositeConstruct(i32)
declare spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) @_Z32__spirv_CooperativeMatrixLoadKHR_1(ptr addrspace(1), i32, i64, i32)
declare spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 48, 12, 1) @_Z32__spirv_CooperativeMatrixLoadKHR_2(ptr addrspace(1), i32, i64)
declare spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) @_Z34__spirv_CooperativeMatrixMulAddKHR(target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0), target("spirv.CooperativeMatrixKHR", i8, 3, 48, 12, 1), target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2), i32)
declare spir_func void @_Z33__spirv_CooperativeMatrixStoreKHR(ptr addrspace(1), target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2), i32, i64, i32)
declare spir_func i32 @_Z34__spirv_CooperativeMatrixLengthKHR(target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0))
"#
    );
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(
            &src,
            "+SPV_KHR_cooperative_matrix",
            target,
            true,
            &format!("coopmat_{target:?}"),
        );
        assert_has(
            &ll,
            &[
                "%mc = call spir_func target(\"spirv.CooperativeMatrixKHR\", i32, 3, 12, 12, 2) @_Z26__spirv_CompositeConstructi(i32 %init)",
                "%ma = call spir_func target(\"spirv.CooperativeMatrixKHR\", i8, 3, 12, 48, 0) @_Z86__spirv_CooperativeMatrixLoadKHR_RPU3AS144__spirv_CooperativeMatrixKHR__char_3_12_48_0PU3AS1cili(",
                "@_Z86__spirv_CooperativeMatrixLoadKHR_RPU3AS144__spirv_CooperativeMatrixKHR__char_3_48_12_1PU3AS1cil(",
                "@_Z34__spirv_CooperativeMatrixMulAddKHRPU3AS144__spirv_CooperativeMatrixKHR__char_3_12_48_0PU3AS144__spirv_CooperativeMatrixKHR__char_3_48_12_1PU3AS144__spirv_CooperativeMatrixKHR__uint_3_12_12_2i(",
                "call spir_func void @_Z33__spirv_CooperativeMatrixStoreKHRPU3AS1cPU3AS144__spirv_CooperativeMatrixKHR__uint_3_12_12_2ili(",
                "call spir_func i32 @_Z34__spirv_CooperativeMatrixLengthKHRPU3AS144__spirv_CooperativeMatrixKHR__char_3_12_48_0(target(\"spirv.CooperativeMatrixKHR\", i8, 3, 12, 48, 0) undef)",
            ],
        );
    }
}

/// SPV_EXT_float8: `OpTypeFloat 8` E4M3/E5M2 is its `i8` carrier and OpFConvert with an 8-bit
/// float on either side is `__builtin_spirv_Convert<From>To<To>EXT[_sat]` (`_sat` for
/// SaturatedToLargestFloat8NormalConversionEXT), scalars and cooperative matrices (t7/050,
/// t7/011; refused before: "8-bit float").
#[test]
fn float8_conversions_come_back_as_their_builtins() {
    let src = format!(
        r#"{SPIR64}
define spir_func void @f(half %h, ptr addrspace(1) %o, ptr addrspace(1) %p) {{
entry:
  %a = call spir_func i8 @_Z40__builtin_spirv_ConvertFP16ToE4M3EXT_satDh(half %h)
  %b = call spir_func i8 @_Z36__builtin_spirv_ConvertFP16ToE5M2EXTDh(half %h)
  store i8 %a, ptr addrspace(1) %o
  %c = call spir_func half @_Z36__builtin_spirv_ConvertE5M2ToFP16EXTc(i8 %b)
  store half %c, ptr addrspace(1) %p
  ret void
}}
declare spir_func i8 @_Z40__builtin_spirv_ConvertFP16ToE4M3EXT_satDh(half)
declare spir_func i8 @_Z36__builtin_spirv_ConvertFP16ToE5M2EXTDh(half)
declare spir_func half @_Z36__builtin_spirv_ConvertE5M2ToFP16EXTc(i8)
"#
    );
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(
            &src,
            "+SPV_EXT_float8",
            target,
            true,
            &format!("fp8_{target:?}"),
        );
        assert_has(
            &ll,
            &[
                "%a = call spir_func i8 @_Z40__builtin_spirv_ConvertFP16ToE4M3EXT_satDh(half %h)",
                "%b = call spir_func i8 @_Z36__builtin_spirv_ConvertFP16ToE5M2EXTDh(half %h)",
                "%c = call spir_func half @_Z36__builtin_spirv_ConvertE5M2ToFP16EXTc(i8 %b)",
            ],
        );
    }
    let matrix = format!(
        r#"{SPIR64}
define spir_func void @m(ptr addrspace(1) %o) {{
entry:
  %x = call spir_func target("spirv.CooperativeMatrixKHR", half, 3, 12, 12, 2) @_Z26__spirv_CompositeConstructDh(half 0xH0000)
  %y = call spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 12, 2) @_Z36__builtin_spirv_ConvertFP16ToE4M3EXTPU3AS144__spirv_CooperativeMatrixKHR__half_3_12_12_2(target("spirv.CooperativeMatrixKHR", half, 3, 12, 12, 2) %x)
  call spir_func void @_Z33__spirv_CooperativeMatrixStoreKHR(ptr addrspace(1) %o, target("spirv.CooperativeMatrixKHR", i8, 3, 12, 12, 2) %y, i32 0, i64 12, i32 0)
  ret void
}}
declare spir_func target("spirv.CooperativeMatrixKHR", half, 3, 12, 12, 2) @_Z26__spirv_CompositeConstructDh(half)
declare spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 12, 2) @_Z36__builtin_spirv_ConvertFP16ToE4M3EXTPU3AS144__spirv_CooperativeMatrixKHR__half_3_12_12_2(target("spirv.CooperativeMatrixKHR", half, 3, 12, 12, 2))
declare spir_func void @_Z33__spirv_CooperativeMatrixStoreKHR(ptr addrspace(1), target("spirv.CooperativeMatrixKHR", i8, 3, 12, 12, 2), i32, i64, i32)
"#
    );
    let ll = round_trip(
        &matrix,
        "+SPV_EXT_float8,+SPV_KHR_cooperative_matrix",
        TargetEnv::SpvIr,
        true,
        "fp8_matrix",
    );
    assert_has(
        &ll,
        &["call spir_func target(\"spirv.CooperativeMatrixKHR\", i8, 3, 12, 12, 2) @_Z36__builtin_spirv_ConvertFP16ToE4M3EXTPU3AS144__spirv_CooperativeMatrixKHR__half_3_12_12_2(target(\"spirv.CooperativeMatrixKHR\", half, 3, 12, 12, 2) %x)"],
    );
}

/// A built-in variable with no OpenCL C function (SPV_INTEL_device_barrier's
/// DeviceBarrierValidINTEL) is read as llvm-spirv's `__spirv_BuiltIn<Name>()` in every target,
/// and built-in calls carry the declaration's `nounwind` (`call … #N`, as llvm-spirv's CHECK
/// lines expect) (t10v/133; refused before: "has no OpenCL C function").
#[test]
fn builtins_without_opencl_functions_are_spirv_builtin_calls() {
    let src = r#"
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
define spir_kernel void @f(ptr addrspace(1) %o) {
entry:
  %v = call spir_func i1 @_Z38__spirv_BuiltInDeviceBarrierValidINTELv()
  %z = zext i1 %v to i32
  store i32 %z, ptr addrspace(1) %o
  ret void
}
declare spir_func i1 @_Z38__spirv_BuiltInDeviceBarrierValidINTELv()
"#;
    // spirv-val 2025.5 does not know DeviceBarrierValidINTEL.
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(
            src,
            "+SPV_INTEL_device_barrier",
            target,
            false,
            &format!("devbar_{target:?}"),
        );
        let call = ll
            .lines()
            .find(|l| {
                l.contains("call spir_func i1 @_Z38__spirv_BuiltInDeviceBarrierValidINTELv()")
            })
            .unwrap_or_else(|| panic!("no built-in call:\n{ll}"));
        assert!(
            call.trim_end().ends_with(char::is_numeric),
            "no attribute group: {call}"
        );
    }
}

// ---- litrev19 (session 19): lit t7 / t8b / t10v / t11 reverse fixes ----

/// An access chain into a cooperative matrix held in memory has no GEP form (the matrix's
/// element layout is not LLVM's): llvm-spirv's reader writes `__spirv_AccessChain` on the
/// pointer to the matrix, which mangles as a pointer to its `__spirv_CooperativeMatrixKHR`
/// handle (t7/104 was refused: "getelementptr index into a non-aggregate").
#[test]
fn access_chain_into_a_matrix_is_a_spirv_call() {
    let src = format!(
        r#"{SPIR64}
define spir_func void @foo(i32 %idx) {{
entry:
  %m = alloca target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0), align 8
  %obj = call spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) @_Z26__spirv_CompositeConstruct(i32 0)
  store target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) %obj, ptr %m, align 8
  %e = call spir_func ptr @_Z19__spirv_AccessChainP6Matrixii(ptr %m, i32 %idx)
  store i32 42, ptr %e
  ret void
}}
declare spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) @_Z26__spirv_CompositeConstruct(i32)
declare spir_func ptr @_Z19__spirv_AccessChainP6Matrixii(ptr, i32)
"#
    );
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(
            &src,
            "+SPV_KHR_cooperative_matrix",
            target,
            false,
            &format!("coopmat_chain_{target:?}"),
        );
        assert_has(
            &ll,
            &[
                "alloca target(\"spirv.CooperativeMatrixKHR\", i32, 3, 12, 12, 0)",
                "call spir_func ptr @_Z19__spirv_AccessChainPPU3AS144__spirv_CooperativeMatrixKHR__uint_3_12_12_0i(ptr %m, i32 %idx)",
                "store i32 42, ptr %e",
            ],
        );
    }
}

/// The 4-bit formats: `OpTypeFloat 4` (E2M1, SPV_EXT_ocp_microscaling_types or SPV_INTEL_float4)
/// and SPV_INTEL_int4's `OpTypeInt 4` are `i4` carriers (`<8 x i4>` for a packed `i32`), and a
/// conversion with one on either side is its `__builtin_spirv_Convert…` call: `EXT` names as
/// `spir_func` calls, `INTEL` names (SPV_INTEL_float4's encoding, Int4) as C calls, `i4`
/// mangled `i` (t7/012, 043, 074, 092 were refused: "4-bit float").
#[test]
fn four_bit_conversions_come_back_as_their_builtins() {
    let ext = format!(
        r#"{SPIR64}
define spir_func <8 x i8> @fp4_to_fp8(i32 %packed) {{
entry:
  %r = call spir_func <8 x i8> @_Z36__builtin_spirv_ConvertE2M1ToE4M3EXTi(i32 %packed)
  ret <8 x i8> %r
}}
define spir_func i8 @fp16_to_fp4(<2 x half> %h) {{
entry:
  %r = call spir_func i8 @_Z36__builtin_spirv_ConvertFP16ToE2M1EXTc(<2 x half> %h)
  ret i8 %r
}}
declare spir_func <8 x i8> @_Z36__builtin_spirv_ConvertE2M1ToE4M3EXTi(i32)
declare spir_func i8 @_Z36__builtin_spirv_ConvertFP16ToE2M1EXTc(<2 x half>)
"#
    );
    let ll = round_trip(
        &ext,
        "+SPV_EXT_float8,+SPV_EXT_ocp_microscaling_types,+SPV_INTEL_int4",
        TargetEnv::SpvIr,
        false,
        "fp4_ext",
    );
    assert_has(
        &ll,
        &[
            "bitcast i32 %packed to <8 x i4>",
            "call spir_func <8 x i8> @_Z36__builtin_spirv_ConvertE2M1ToE4M3EXTDv8_i(<8 x i4>",
            "call spir_func <2 x i4> @_Z36__builtin_spirv_ConvertFP16ToE2M1EXTDv2_Dh(<2 x half> %h)",
            "bitcast <2 x i4>",
            "to i8",
        ],
    );
    let intel = format!(
        r#"{SPIR64}
define spir_func i8 @fp4_to_fp8(i4 %x) {{
entry:
  %r = call i8 @_Z38__builtin_spirv_ConvertE2M1ToE4M3INTELi(i4 %x)
  ret i8 %r
}}
define spir_func <8 x i8> @int4_to_fp8(i32 %packed) {{
entry:
  %r = call spir_func <8 x i8> @_Z38__builtin_spirv_ConvertInt4ToE4M3INTELi(i32 %packed)
  ret <8 x i8> %r
}}
define spir_func i32 @fp16_to_int4(<8 x half> %h) {{
entry:
  %r = call spir_func i32 @_Z38__builtin_spirv_ConvertFP16ToInt4INTELi(<8 x half> %h)
  ret i32 %r
}}
define spir_func i8 @int4_to_int8(i4 %x) {{
entry:
  %r = call spir_func i8 @_Z38__builtin_spirv_ConvertInt4ToInt8INTELi(i4 %x)
  ret i8 %r
}}
declare i8 @_Z38__builtin_spirv_ConvertE2M1ToE4M3INTELi(i4)
declare spir_func <8 x i8> @_Z38__builtin_spirv_ConvertInt4ToE4M3INTELi(i32)
declare spir_func i32 @_Z38__builtin_spirv_ConvertFP16ToInt4INTELi(<8 x half>)
declare spir_func i8 @_Z38__builtin_spirv_ConvertInt4ToInt8INTELi(i4)
"#
    );
    let ll = round_trip(
        &intel,
        "+SPV_EXT_float8,+SPV_INTEL_float4,+SPV_INTEL_int4",
        TargetEnv::SpvIr,
        false,
        "fp4_intel",
    );
    assert_has(
        &ll,
        &[
            "%r = call i8 @_Z38__builtin_spirv_ConvertE2M1ToE4M3INTELi(i4 %x)",
            "call <8 x i8> @_Z38__builtin_spirv_ConvertInt4ToE4M3INTELDv8_i(<8 x i4>",
            "call <8 x i4> @_Z38__builtin_spirv_ConvertFP16ToInt4INTELDv8_Dh(<8 x half> %h)",
            "%r = call i8 @_Z38__builtin_spirv_ConvertInt4ToInt8INTELi(i4 %x)",
            "declare i8 @_Z38__builtin_spirv_ConvertE2M1ToE4M3INTELi(i4)",
        ],
    );
}

/// SPV_INTEL_fp_conversions' instructions are their `ClampConvert…` / `StochasticRound…` /
/// `ClampStochasticRound…INTEL` calls (seed and last-seed pointer passed on), not generic
/// `__spirv_…INTEL` calls (llvm-spirv's representation document).
#[test]
fn fp_conversions_instructions_come_back_as_their_builtins() {
    let src = format!(
        r#"{SPIR64}
define spir_func i8 @clamp(half %h) {{
entry:
  %r = call i8 @_Z43__builtin_spirv_ClampConvertFP16ToE4M3INTELDh(half %h)
  ret i8 %r
}}
define spir_func i8 @stochastic(half %h, i32 %seed) {{
entry:
  %r = call i8 @_Z46__builtin_spirv_StochasticRoundFP16ToE5M2INTELDhi(half %h, i32 %seed)
  ret i8 %r
}}
declare i8 @_Z43__builtin_spirv_ClampConvertFP16ToE4M3INTELDh(half)
declare i8 @_Z46__builtin_spirv_StochasticRoundFP16ToE5M2INTELDhi(half, i32)
"#
    );
    let ll = round_trip(
        &src,
        "+SPV_EXT_float8,+SPV_INTEL_fp_conversions",
        TargetEnv::SpvIr,
        false,
        "fp_conversions",
    );
    assert_has(
        &ll,
        &[
            "%r = call i8 @_Z43__builtin_spirv_ClampConvertFP16ToE4M3INTELDh(half %h)",
            "%r = call i8 @_Z46__builtin_spirv_StochasticRoundFP16ToE5M2INTELDhi(half %h, i32 %seed)",
        ],
    );
}

const SPIR32: &str = r#"
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
"#;

/// SPV-IR reads a built-in variable with `__spirv_BuiltIn<Name>(i32 dim)` calls returning the
/// variable's own component type (`i64` for a `<3 x i64>` variable in a 32-bit module; it was
/// `i32` truncated to `i64`, which LLVM rejects), declared and called `nounwind willreturn
/// memory(none)` as llvm-spirv's lowerBuiltinVariableToCall makes them (t11/034).
#[test]
fn builtin_variable_calls_return_the_component_type() {
    let src = format!(
        r#"{SPIR32}
@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32
define spir_kernel void @f(ptr addrspace(1) %out) {{
entry:
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %x = extractelement <3 x i64> %v, i64 1
  store i64 %x, ptr addrspace(1) %out
  ret void
}}
"#
    );
    let ll = round_trip(&src, "", TargetEnv::SpvIr, true, "builtin_i64_spir32");
    assert_has(
        &ll,
        &[
            "call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 1) #1",
            "declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32) #1",
            "attributes #1 = { nounwind willreturn",
        ],
    );
    // OpenCL C's get_global_id returns size_t (i32 here), widened to the variable's i64.
    let ll = round_trip(&src, "", TargetEnv::Cl12, true, "builtin_i64_spir32_cl");
    assert_has(
        &ll,
        &["call spir_func i32 @_Z13get_global_idj(i32 1)", "zext i32"],
    );
}

/// OpImageWrite's Lod image operand is the mip level argument of cl_khr_mipmap_image_writes'
/// `write_image*(image, coord, lod, color)` (it was dropped; t11/001).
#[test]
fn image_write_with_lod_passes_the_mip_level() {
    let src = format!(
        r#"{SPIR64}
define spir_kernel void @k(ptr addrspace(1) %img, <2 x i32> %coord, <4 x float> %color) !kernel_arg_access_qual !0 {{
entry:
  call spir_func void @_Z12write_imagef14ocl_image2d_woDv2_iiDv4_f(ptr addrspace(1) %img, <2 x i32> %coord, i32 5, <4 x float> %color)
  ret void
}}
declare spir_func void @_Z12write_imagef14ocl_image2d_woDv2_iiDv4_f(ptr addrspace(1), <2 x i32>, i32, <4 x float>)
!0 = !{{!"write_only", !"none", !"none"}}
"#
    );
    let ll = round_trip(&src, "", TargetEnv::Cl20, false, "image_write_lod");
    assert_has(
        &ll,
        &["@_Z12write_imagef14ocl_image2d_woDv2_iiDv4_f(ptr addrspace(1) %img, <2 x i32> %coord, i32 5, <4 x float> %color)"],
    );
}

/// SPV_INTEL_task_sequence: OpTypeTaskSequenceINTEL is `target("spirv.TaskSequenceINTEL")`
/// (mangled as a global pointer to `__spirv_TaskSequenceINTEL`), OpTaskSequenceCreateINTEL a
/// `__spirv_TaskSequenceCreateINTEL_R<result>` call whose function operand is the function's
/// address mangled as a pointer to its return type, literals as `int`s; the `…INTEL` spelling,
/// not SPIRV-Headers' newer `…ALTERA` (t8b/047 was refused: "a built-in parameter of type
/// Function").
#[test]
fn task_sequence_comes_back_as_spirv_calls() {
    let src = format!(
        r#"{SPIR64}
define spir_func i32 @mult(i32 %a, i32 %b) {{
entry:
  %m = mul i32 %a, %b
  ret i32 %m
}}
define spir_kernel void @k() {{
entry:
  %ts = call spir_func target("spirv.TaskSequenceINTEL") @_Z31__spirv_TaskSequenceCreateINTELPFiiiEiiii(ptr @mult, i32 -1, i32 -1, i32 1, i32 32)
  call spir_func void @_Z28__spirv_TaskSequenceGetINTELm(target("spirv.TaskSequenceINTEL") %ts)
  ret void
}}
declare spir_func target("spirv.TaskSequenceINTEL") @_Z31__spirv_TaskSequenceCreateINTELPFiiiEiiii(ptr, i32, i32, i32, i32)
declare spir_func void @_Z28__spirv_TaskSequenceGetINTELm(target("spirv.TaskSequenceINTEL"))
"#
    );
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(
            &src,
            "+SPV_INTEL_task_sequence",
            target,
            false,
            &format!("task_sequence_{target:?}"),
        );
        assert_has(
            &ll,
            &[
                "%ts = call spir_func target(\"spirv.TaskSequenceINTEL\") @_Z66__spirv_TaskSequenceCreateINTEL_RPU3AS125__spirv_TaskSequenceINTELPiiiii(ptr @mult, i32 -1, i32 -1, i32 1, i32 32)",
                "call spir_func void @_Z28__spirv_TaskSequenceGetINTELPU3AS125__spirv_TaskSequenceINTEL(target(\"spirv.TaskSequenceINTEL\") %ts)",
            ],
        );
    }
}

/// A constant GEP into a built-in variable (LLVM folds `getelementptr i8, @__spirv_BuiltIn…,
/// 8` into the load; the forward writes it as module-scope OpSpecConstantOp
/// InBoundsPtrAccessChain + Bitcast) reads that component of the built-in (t8b/099 was
/// refused: "OpSpecConstantOp: %N is used but has no LLVM value").
#[test]
fn constant_pointer_into_a_builtin_reads_its_component() {
    let src = format!(
        r#"{SPIR64}
@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32
define spir_kernel void @k(ptr addrspace(1) %out) {{
entry:
  %y = load i64, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 8), align 8
  store i64 %y, ptr addrspace(1) %out
  ret void
}}
"#
    );
    let ll = round_trip(&src, "", TargetEnv::Cl12, true, "builtin_const_gep_cl");
    assert_has(&ll, &["call spir_func i64 @_Z13get_global_idj(i32 1)"]);
    let ll = round_trip(&src, "", TargetEnv::SpvIr, true, "builtin_const_gep_spvir");
    assert_has(
        &ll,
        &["call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 1)"],
    );
}

/// A pointer to a named struct in a `__spirv_*` call mangles as the struct's name (DPC++'s
/// `class.sycl::_V1::ext::oneapi::bfloat16` matrix loads, t8b/099; was refused: "a built-in
/// parameter of type Named").
#[test]
fn pointer_to_a_named_struct_mangles_as_its_name() {
    let src = format!(
        r#"{SPIR64}
%"class.sycl::_V1::ext::oneapi::bfloat16" = type {{ i16 }}
define spir_func void @f(ptr addrspace(1) %p, i64 %n) {{
entry:
  %e = getelementptr %"class.sycl::_V1::ext::oneapi::bfloat16", ptr addrspace(1) %p, i64 %n
  %m = call spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 1, 16, 0) @_Z32__spirv_CooperativeMatrixLoadKHR(ptr addrspace(1) %e, i32 0, i64 128, i32 0)
  ret void
}}
declare spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 1, 16, 0) @_Z32__spirv_CooperativeMatrixLoadKHR(ptr addrspace(1), i32, i64, i32)
"#
    );
    let ll = round_trip(
        &src,
        "+SPV_KHR_cooperative_matrix",
        TargetEnv::Cl12,
        false,
        "named_struct_mangling",
    );
    assert_has(
        &ll,
        &["__spirv_CooperativeMatrixKHR__short_3_1_16_0PU3AS138class.sycl::_V1::ext::oneapi::bfloat16ili\"(ptr addrspace(1) %e"],
    );
}

/// A kernel another function calls: the forward writes an entry-point wrapper calling the
/// body, and the body is called from elsewhere too. The wrapper is not folded into the body
/// then (its other callers would call a `spir_kernel`, which LLVM's verifier rejects: "calling
/// convention does not permit calls"): the kernel keeps its name, the body is the `spir_func`
/// `NAME.1` every caller calls (t7/079 in session 18).
#[test]
fn a_kernel_called_by_other_code_stays_a_callable_function() {
    let src = format!(
        r#"{SPIR64}
define spir_kernel void @k(ptr addrspace(1) %p) {{
entry:
  store i32 1, ptr addrspace(1) %p
  ret void
}}
define spir_func void @helper(ptr addrspace(1) %p) {{
entry:
  call spir_kernel void @k(ptr addrspace(1) %p)
  ret void
}}
"#
    );
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(&src, "", target, true, &format!("kernel_called_{target:?}"));
        assert_has(
            &ll,
            &[
                "define spir_func void @k.1(ptr addrspace(1) %p)",
                "call spir_func void @k.1(ptr addrspace(1) %p)",
                "define spir_kernel void @k(",
            ],
        );
        assert!(!ll.contains("call spir_kernel"), "{ll}");
    }
}

/// A call takes its callee's attributes, as llvm-spirv's reader sets them
/// (setAttrByCalledFunc): `sret(T)` / `byval(T)` arguments keep their meaning at the call
/// (they were dropped there; t10v/135).
#[test]
fn calls_take_the_callee_attributes() {
    let src = format!(
        r#"{SPIR64}
%struct.S = type {{ i32, float }}
define spir_func void @callee(ptr sret(%struct.S) %r, ptr byval(%struct.S) %p) {{
entry:
  ret void
}}
define spir_kernel void @kern() {{
entry:
  %r = alloca %struct.S
  %tmp = alloca %struct.S
  call spir_func void @callee(ptr sret(%struct.S) %r, ptr byval(%struct.S) %tmp)
  ret void
}}
"#
    );
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(&src, "", target, true, &format!("call_attrs_{target:?}"));
        assert_has(
            &ll,
            &["call spir_func void @callee(ptr sret(%struct.S) %r, ptr byval(%struct.S) %tmp)"],
        );
    }
}

/// SPV_KHR_shader_clock: OpReadClockKHR's result type (`ulong` / `uint2`) is not given by its
/// scope argument, so llvm-spirv names it as a template instance,
/// `_Z20__spirv_ReadClockKHRI<T>ET_j`; both results got one `…ReadClockKHRi` declaration before,
/// which gave the `i64` read the `<2 x i32>` function (t7/001).
#[test]
fn read_clock_names_its_result_type() {
    let src = format!(
        r#"{SPIR64}
define spir_func void @f(i32 %scope, ptr addrspace(1) %a, ptr addrspace(1) %b) {{
entry:
  %v = call spir_func <2 x i32> @_Z20__spirv_ReadClockKHRIDv2_jET_j(i32 %scope)
  store <2 x i32> %v, ptr addrspace(1) %a
  %l = call spir_func i64 @_Z20__spirv_ReadClockKHRImET_j(i32 %scope)
  store i64 %l, ptr addrspace(1) %b
  ret void
}}
declare spir_func <2 x i32> @_Z20__spirv_ReadClockKHRIDv2_jET_j(i32)
declare spir_func i64 @_Z20__spirv_ReadClockKHRImET_j(i32)
"#
    );
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(
            &src,
            "+SPV_KHR_shader_clock",
            target,
            true,
            &format!("read_clock_{target:?}"),
        );
        assert_has(
            &ll,
            &[
                "call spir_func <2 x i32> @_Z20__spirv_ReadClockKHRIDv2_jET_j(i32 %scope)",
                "call spir_func i64 @_Z20__spirv_ReadClockKHRImET_j(i32 %scope)",
            ],
        );
    }
}

/// OpAll / OpAny in the OpenCL C targets are llvm-spirv's `all` / `any` built-ins on the bool
/// vector sign-extended to `int` lanes, the `int` result compared with 0 (t7/076; they were
/// LLVM's vector reductions, which SPV-IR keeps).
#[test]
fn all_and_any_are_opencl_builtins() {
    let src = format!(
        r#"{SPIR64}
define spir_func void @f(<2 x i32> %a, ptr addrspace(1) %out) {{
entry:
  %all = call spir_func i32 @_Z3allDv2_i(<2 x i32> %a)
  %any = call spir_func i32 @_Z3anyDv2_i(<2 x i32> %a)
  %r = add i32 %all, %any
  store i32 %r, ptr addrspace(1) %out
  ret void
}}
declare spir_func i32 @_Z3allDv2_i(<2 x i32>)
declare spir_func i32 @_Z3anyDv2_i(<2 x i32>)
"#
    );
    let ll = round_trip(&src, "", TargetEnv::Cl12, true, "all_any_cl");
    assert_has(
        &ll,
        &[
            "sext <2 x i1>",
            "call spir_func i32 @_Z3allDv2_i(<2 x i32>",
            "call spir_func i32 @_Z3anyDv2_i(<2 x i32>",
            "icmp ne i32",
        ],
    );
    let ll = round_trip(&src, "", TargetEnv::SpvIr, true, "all_any_spvir");
    assert_has(&ll, &["@llvm.vector.reduce.and.v2i1"]);
}

// ---- devset20a (session 20): t14 ----

/// t14/000: MaxWorkgroupSizeINTEL comes back as `!max_work_group_size` (three dimensions, the
/// missing ones 1), MaxWorkDimINTEL as `!max_global_work_dim`, NumSIMDWorkitemsINTEL as
/// `!num_simd_work_items`, as llvm-spirv reads them.
#[test]
fn kernel_attribute_execution_modes_come_back_as_kernel_metadata() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @d1() !max_work_group_size !0 !max_global_work_dim !3 !num_simd_work_items !4 {
  ret void
}
define spir_kernel void @d2() !max_work_group_size !1 {
  ret void
}
!0 = !{i32 4}
!1 = !{i32 8, i32 4}
!3 = !{i32 1}
!4 = !{i32 8}
"#;
    let text = round_trip(
        src,
        "+SPV_INTEL_kernel_attributes",
        TargetEnv::Cl12,
        true,
        "kernel_attribute_modes",
    );
    assert_has(
        &text,
        &[
            "!{i32 4, i32 1, i32 1}",
            "!{i32 8, i32 4, i32 1}",
            "!max_work_group_size",
            "!max_global_work_dim",
            "!num_simd_work_items",
        ],
    );
}

// ---- litrev20 (session 20): control-flow hints and the rest of the reverse-check failures ----

/// Branch weights (`__builtin_expect`, PGO): OpBranchConditional's two literals come back as
/// `!prof !{!"branch_weights", i32 T, i32 F}` on the `br` (SPIRVReader's createBranchWeights;
/// t11/018); a branch without them gets no `!prof`.
#[test]
fn branch_weights_come_back_as_prof_metadata() {
    let src = format!(
        r#"{SPIR64}
define spir_func i32 @weighted(i32 %x) {{
entry:
  %cmp = icmp sgt i32 %x, 10
  br i1 %cmp, label %then, label %else, !prof !0
then:
  ret i32 %x
else:
  ret i32 0
}}
define spir_func i32 @plain(i32 %x) {{
entry:
  %cmp = icmp sgt i32 %x, 10
  br i1 %cmp, label %then, label %else
then:
  ret i32 %x
else:
  ret i32 0
}}
!0 = !{{!"branch_weights", i32 2000, i32 1}}
"#
    );
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(
            &src,
            "",
            target,
            true,
            &format!("branch_weights_{target:?}"),
        );
        assert_has(&ll, &["!{!\"branch_weights\", i32 2000, i32 1}"]);
        assert_eq!(
            ll.matches("!prof").count(),
            1,
            "only the weighted branch:\n{ll}"
        );
        // And forward again: the weights survive the second trip.
        let again = common::translate_with(&ll, "").expect("forward of the reverse");
        let text = spirvkit_text::disassemble(&again.to_words(), &Default::default())
            .expect("disassemble");
        assert!(
            text.contains("OpBranchConditional") && text.contains(" 2000 1"),
            "{text}"
        );
    }
}

/// A counted loop as clang writes it (latch `br label %header`, `!llvm.loop` on the latch).
fn counted_loop(name: &str, hints: &str) -> String {
    format!(
        r#"define spir_func void @{name}(ptr addrspace(1) %p, i32 %n) {{
entry:
  br label %for.cond
for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %idx = sext i32 %i to i64
  %gep = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %idx
  store i32 %i, ptr addrspace(1) %gep, align 4
  %inc = add nsw i32 %i, 1
  br label %for.cond{hints}
for.end:
  ret void
}}
"#
    )
}

/// Loop controls: OpLoopMerge's mask comes back as a distinct self-referencing `!llvm.loop`
/// node on the latch branch (the block branching back to the header), its hints in mask-bit
/// order as SPIRVReader's setLLVMLoopMetadata writes them; a loop merge without hints still
/// names the loop (`distinct !{!N}`). Checked both ways: the reverse translates forward to the
/// same OpLoopMerge.
#[test]
fn loop_controls_come_back_as_llvm_loop_metadata() {
    let src = format!(
        "{SPIR64}\n{}{}{}{}!0 = distinct !{{!0, !10, !11}}\n!1 = distinct !{{!1, !12}}\n\
         !2 = distinct !{{!2, !13}}\n!3 = distinct !{{!3, !14}}\n\
         !10 = !{{!\"llvm.loop.unroll.count\", i32 4}}\n!11 = !{{!\"llvm.loop.ivdep.safelen\", i32 8}}\n\
         !12 = !{{!\"llvm.loop.unroll.disable\"}}\n!13 = !{{!\"llvm.loop.ivdep.enable\"}}\n\
         !14 = !{{!\"llvm.loop.unroll.enable\"}}\n",
        counted_loop("count_safelen", ", !llvm.loop !0"),
        counted_loop("dont_unroll", ", !llvm.loop !1"),
        counted_loop("ivdep", ", !llvm.loop !2"),
        counted_loop("unroll", ", !llvm.loop !3"),
    );
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(&src, "", target, true, &format!("loop_controls_{target:?}"));
        assert_has(
            &ll,
            &[
                "br label %for.cond, !llvm.loop !",
                "!{!\"llvm.loop.ivdep.safelen\", i32 8}",
                "!{!\"llvm.loop.unroll.count\", i32 4}",
                "!{!\"llvm.loop.unroll.disable\"}",
                "!{!\"llvm.loop.ivdep.enable\"}",
                "!{!\"llvm.loop.unroll.enable\"}",
            ],
        );
        assert_eq!(ll.matches(", !llvm.loop !").count(), 4, "{ll}");
        // Each loop node is distinct and names itself first.
        for line in ll.lines().filter(|l| l.contains("= distinct !{")) {
            let (id, rest) = line.split_once(" = distinct !{").expect("node line");
            assert!(rest.starts_with(id), "not self-referencing: {line}");
        }
        let again = common::translate_with(&ll, "").expect("forward of the reverse");
        let text = spirvkit_text::disassemble(&again.to_words(), &Default::default())
            .expect("disassemble");
        // Unroll | PartialCount-free / DontUnroll / DependencyInfinite / DependencyLength 8 +
        // PartialCount 4.
        for mask in ["DontUnroll", "DependencyInfinite", "Unroll"] {
            assert!(
                text.contains("OpLoopMerge") && text.contains(mask),
                "{mask}:\n{text}"
            );
        }
        assert!(text.contains("DependencyLength|PartialCount 8 4"), "{text}");
    }
}

/// SPV_INTEL_fpga_loop_controls' hints come back under their `llvm.loop.*` names
/// (`ii.count`, `max_concurrency.count`, `coalesce.enable`, `intel.loopcount_*` as `i64`, the
/// ones not given not written); a loop without hints gets no OpLoopMerge, so no `!llvm.loop`.
#[test]
fn fpga_loop_controls_come_back_as_their_hints() {
    let src = format!(
        "{SPIR64}\n{}{}!0 = distinct !{{!0, !10, !11, !12, !13, !14}}\n\
         !10 = !{{!\"llvm.loop.ii.count\", i32 2}}\n!11 = !{{!\"llvm.loop.max_concurrency.count\", i32 3}}\n\
         !12 = !{{!\"llvm.loop.coalesce.enable\"}}\n!13 = !{{!\"llvm.loop.intel.loopcount_min\", i64 4}}\n\
         !14 = !{{!\"llvm.loop.fusion.disable\"}}\n",
        counted_loop("fpga", ", !llvm.loop !0"),
        counted_loop("bare", ""),
    );
    let spv = common::translate_with(&src, "+SPV_INTEL_fpga_loop_controls").expect("forward");
    let opts = ReverseOptions::default();
    let back = reverse_words(&spv.to_words(), &opts).expect("-r");
    let ll = back.to_ll(&WriteOptions::opaque());
    verify(&ll, "fpga_loop_controls");
    assert_has(
        &ll,
        &[
            "!{!\"llvm.loop.ii.count\", i32 2}",
            "!{!\"llvm.loop.max_concurrency.count\", i32 3}",
            "!{!\"llvm.loop.coalesce.enable\"}",
            "!{!\"llvm.loop.intel.loopcount_min\", i64 4}",
            "!{!\"llvm.loop.fusion.disable\"}",
        ],
    );
    assert!(
        !ll.contains("loopcount_max"),
        "not given, not written:\n{ll}"
    );
    assert_eq!(ll.matches(", !llvm.loop !").count(), 1, "{ll}");
}

/// OpLogicalNotEqual (clang's `add i1` / `xor i1` of bools) comes back as `icmp ne i1`, as
/// llvm-spirv's transCmpInst maps the logical comparisons (it was an `xor`; t13/010); scalar
/// and vector, OpLogicalEqual as `icmp eq`.
#[test]
fn logical_not_equal_is_an_icmp() {
    let src = format!(
        r#"{SPIR64}
define spir_func i1 @ne(i1 %a, i1 %b) {{
  %c = add i1 %a, %b
  ret i1 %c
}}
define spir_func <2 x i1> @ne2(<2 x i1> %a, <2 x i1> %b) {{
  %c = xor <2 x i1> %a, %b
  ret <2 x i1> %c
}}
define spir_func i1 @eq(i1 %a, i1 %b) {{
  %c = icmp eq i1 %a, %b
  ret i1 %c
}}
"#
    );
    for target in [TargetEnv::Cl12, TargetEnv::SpvIr] {
        let ll = round_trip(&src, "", target, true, &format!("logical_ne_{target:?}"));
        assert_has(
            &ll,
            &[
                "icmp ne i1 %a, %b",
                "icmp ne <2 x i1> %a, %b",
                "icmp eq i1 %a, %b",
            ],
        );
        assert!(!ll.contains("xor"), "{ll}");
    }
}

// ---- session 21, helper lit21 ----

/// Vector casts come back in OpenCL C form, as llvm-spirv's SPIRVToOCL lowers them (t14/019):
/// `convert_<dst>N` with the source's sign from the cast (zext/uitofp unsigned) and an
/// unsigned result only from fptoui; scalars, bool vectors and SPV-IR keep the LLVM cast.
#[test]
fn vector_casts_are_opencl_converts() {
    let src = format!(
        r#"{SPIR64}
define spir_func void @f(<2 x i8> %a, <2 x i32> %b, <2 x float> %c, <2 x i1> %m, <3 x float> %h, i8 %s) {{
  %z = zext <2 x i8> %a to <2 x i32>
  %x = sext <2 x i8> %a to <2 x i32>
  %t = trunc <2 x i32> %b to <2 x i8>
  %u = uitofp <2 x i32> %b to <2 x float>
  %q = fptoui <2 x float> %c to <2 x i16>
  %n = fptrunc <3 x float> %h to <3 x half>
  %k = zext <2 x i1> %m to <2 x i32>
  %w = zext i8 %s to i32
  ret void
}}
"#
    );
    let ll = round_trip(&src, "", TargetEnv::Cl12, true, "vector_casts_cl12");
    assert_has(
        &ll,
        &[
            "call spir_func <2 x i32> @_Z12convert_int2Dv2_h(<2 x i8> %a)",
            "call spir_func <2 x i32> @_Z12convert_int2Dv2_c(<2 x i8> %a)",
            "call spir_func <2 x i8> @_Z13convert_char2Dv2_i(<2 x i32> %b)",
            "call spir_func <2 x float> @_Z14convert_float2Dv2_j(<2 x i32> %b)",
            "call spir_func <2 x i16> @_Z15convert_ushort2Dv2_f(<2 x float> %c)",
            "call spir_func <3 x half> @_Z13convert_half3Dv3_f(<3 x float> %h)",
            "zext i8 %s to i32",
        ],
    );
    assert!(!ll.contains("convert_int2Dv2_b"), "{ll}");
    let ir = round_trip(&src, "", TargetEnv::SpvIr, true, "vector_casts_spv_ir");
    assert_has(
        &ir,
        &["zext <2 x i8> %a to <2 x i32>", "fptrunc <3 x float>"],
    );
    assert!(!ir.contains("convert_"), "{ir}");
}

/// OpIsNan is the `isnan` built-in like the other tests (t14/010; it was `fcmp uno`); SPV-IR
/// names the opcode with the same `int` result, which translates forward again to OpIsNan
/// and an OpSelect (valid).
#[test]
fn isnan_is_a_builtin_call_with_an_int_result() {
    let src = format!(
        r#"{SPIR64}
define spir_func i1 @f(float %a, <4 x float> %v) {{
  %n = call i1 @llvm.isnan.f32(float %a)
  %i = call <4 x i1> @llvm.is.fpclass.v4f32(<4 x float> %v, i32 516)
  ret i1 %n
}}
declare i1 @llvm.isnan.f32(float)
declare <4 x i1> @llvm.is.fpclass.v4f32(<4 x float>, i32)
"#
    );
    let ll = round_trip(&src, "", TargetEnv::Cl12, true, "isnan_cl12");
    assert_has(
        &ll,
        &["call spir_func i32 @_Z5isnanf(float %a)", "icmp ne i32"],
    );
    assert!(!ll.contains("fcmp uno"), "{ll}");
    let ir = round_trip(&src, "", TargetEnv::SpvIr, true, "isnan_spv_ir");
    assert_has(&ir, &["call spir_func i32 @_Z13__spirv_IsNanf(float %a)"]);
    let again = common::translate_with(&ir, "").expect("SPV-IR forward again");
    common::spirv_val(&again, "isnan_spv_ir_again");
    // OpIsNan's result type is OpTypeBool's id.
    let words = again.to_words();
    let (mut i, mut bool_id, mut isnan_ty) = (5, None, None);
    while let Some(&w) = words.get(i) {
        let (len, op) = ((w >> 16) as usize, w & 0xffff);
        match op {
            20 => bool_id = words.get(i + 1).copied(),
            156 => isnan_ty = words.get(i + 1).copied(),
            _ => {}
        }
        i += len.max(1);
    }
    assert!(
        isnan_ty.is_some() && isnan_ty == bool_id,
        "OpIsNan of a bool"
    );
}

/// SPV_INTEL_split_barrier's arrive/wait come back as the OpenCL C extension's built-ins:
/// flags only for CL1.2 (t11/027), flags and memory scope for CL2.0 (t12/002); SPV-IR keeps
/// the `__spirv_` calls.
#[test]
fn split_barriers_are_intel_work_group_barrier_builtins() {
    let src = format!(
        r#"{SPIR64}
define spir_kernel void @k() {{
  call spir_func void @_Z31intel_work_group_barrier_arrivej(i32 1)
  call spir_func void @_Z29intel_work_group_barrier_waitj(i32 2)
  ret void
}}
declare spir_func void @_Z31intel_work_group_barrier_arrivej(i32)
declare spir_func void @_Z29intel_work_group_barrier_waitj(i32)
"#
    );
    let ext = "+SPV_INTEL_split_barrier";
    let cl12 = round_trip(&src, ext, TargetEnv::Cl12, true, "split_barrier_cl12");
    assert_has(
        &cl12,
        &[
            "call spir_func void @_Z31intel_work_group_barrier_arrivej(i32 1)",
            "call spir_func void @_Z29intel_work_group_barrier_waitj(i32 2)",
        ],
    );
    let cl20 = round_trip(&src, ext, TargetEnv::Cl20, true, "split_barrier_cl20");
    assert_has(
        &cl20,
        &[
            "call spir_func void @_Z31intel_work_group_barrier_arrivej12memory_scope(i32 1, i32 1)",
            "call spir_func void @_Z29intel_work_group_barrier_waitj12memory_scope(i32 2, i32 1)",
        ],
    );
    let ir = round_trip(&src, ext, TargetEnv::SpvIr, true, "split_barrier_spv_ir");
    assert_has(
        &ir,
        &["@_Z33__spirv_ControlBarrierArriveINTELiii(i32 2, i32 2, i32 260)"],
    );
}

/// The OptNoneEXT function-control bit is `optnone` (with `noinline`) again (t12/025).
#[test]
fn optnone_function_control_is_optnone() {
    let src = format!(
        r#"{SPIR64}
define spir_func void @f() #0 {{
  ret void
}}
attributes #0 = {{ noinline nounwind optnone }}
"#
    );
    let ll = round_trip(&src, "+SPV_EXT_optnone", TargetEnv::Cl12, true, "optnone");
    assert!(
        ll.lines().any(|l| l.starts_with("attributes #")
            && l.contains("noinline")
            && l.contains("optnone")),
        "{ll}"
    );
    let plain = round_trip(&src, "", TargetEnv::Cl12, true, "optnone_not_enabled");
    assert!(!plain.contains("optnone"), "{plain}");
}

/// FPGA function decorations come back as the function metadata they came from, equal lists
/// one node (t14/003), and the interface execution modes as `!ip_interface` (t14/001).
#[test]
fn fpga_function_decorations_and_interfaces_are_metadata() {
    let src = format!(
        r#"{SPIR64}
define spir_func void @enable() !stall_enable !0 {{
  ret void
}}
define spir_func void @free() !stall_free !0 !initiation_interval !1 {{
  ret void
}}
define spir_kernel void @k1() !ip_interface !2 {{
  ret void
}}
define spir_kernel void @k2() !ip_interface !3 {{
  ret void
}}
!0 = !{{i32 1}}
!1 = !{{i32 4}}
!2 = !{{!"streaming"}}
!3 = !{{!"streaming", !"stall_free_return"}}
"#
    );
    let ext = "+SPV_INTEL_fpga_cluster_attributes,+SPV_INTEL_fpga_invocation_pipelining_attributes,+SPV_INTEL_kernel_attributes";
    let ll = round_trip(&src, ext, TargetEnv::Cl12, false, "fpga_function_metadata");
    let node = |key: &str| {
        ll.split(&format!("!{key} !"))
            .nth(1)
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .map(|n| n.to_owned())
            .unwrap_or_else(|| panic!("no !{key} in:\n{ll}"))
    };
    assert_eq!(node("stall_enable"), node("stall_free"), "one node:\n{ll}");
    assert_has(
        &ll,
        &[
            &format!("!{} = !{{i32 1}}", node("stall_enable")),
            &format!("!{} = !{{i32 4}}", node("initiation_interval")),
            "!{!\"streaming\"}",
            "!{!\"streaming\", !\"stall_free_return\"}",
        ],
    );
}

// ---- session 22, helper rev22 ----

/// The `!spirv.Decorations` list attached by `-r --spirv-target-env=SPV-IR` to the first line
/// containing `anchor`: its node number.
fn decorations_node<'t>(ll: &'t str, anchor: &str, kind: &str) -> &'t str {
    let line = ll
        .lines()
        .find(|l| l.contains(anchor))
        .unwrap_or_else(|| panic!("no `{anchor}` in:\n{ll}"));
    line.split(&format!("!{kind} !"))
        .nth(1)
        .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
        .unwrap_or_else(|| panic!("no !{kind} on `{line}`"))
}

/// The text of the metadata node `!n` (`!n = ...`).
fn node_text<'t>(ll: &'t str, n: &str) -> &'t str {
    let head = format!("!{n} = ");
    ll.lines()
        .find_map(|l| l.strip_prefix(&head))
        .unwrap_or_else(|| panic!("no {head} in:\n{ll}"))
}

/// The nodes a list node `!n = !{!a, !b}` names, as their texts.
fn list_entries<'t>(ll: &'t str, n: &str) -> Vec<&'t str> {
    let inner = node_text(ll, n).trim_matches(|c| c == '!' || c == '{' || c == '}');
    if inner.is_empty() {
        return Vec::new();
    }
    inner.split(", !").map(|e| node_text(ll, e)).collect()
}

/// SPV-IR keeps the decorations LLVM has no other spelling for as llvm-spirv's reader does:
/// `!spirv.Decorations !{!{i32 <decoration>, <operands>}}` on instructions and globals
/// (FPRoundingMode on an fdiv and on `__spirv_ocl_sqrt`, t11/021; a UserSemantic string on a
/// global), `!spirv.ParameterDecorations` on a function with a decorated parameter (cache
/// controls, t14/009), equal lists one node; CL1.2 writes none of them. The forward reads
/// them back to the same decorations (round trip, spirv-val).
#[test]
fn spv_ir_decorations_are_spirv_decorations_metadata() {
    let src = format!(
        r#"{SPIR64}
@g = addrspace(1) global i32 0, !spirv.Decorations !0
define spir_kernel void @k(ptr addrspace(1) %dummy, ptr addrspace(1) %buffer) !spirv.ParameterDecorations !2 {{
entry:
  %v = load i32, ptr addrspace(1) %buffer, align 4
  store i32 %v, ptr addrspace(1) @g, align 4
  ret void
}}
!0 = !{{!1}}
!1 = !{{i32 5635, !"tag"}}
!2 = !{{!3, !4}}
!3 = !{{}}
!4 = !{{!5, !6}}
!5 = !{{i32 6442, i32 0, i32 0}}
!6 = !{{i32 6443, i32 0, i32 1}}
"#
    );
    let ext = "+SPV_INTEL_cache_controls";
    let ir = round_trip(
        &src,
        ext,
        TargetEnv::SpvIr,
        true,
        "rev22_decorations_spv_ir",
    );
    // All of them, LinkageAttributes too, ordered by decoration number.
    let g = decorations_node(&ir, "@g = ", "spirv.Decorations");
    assert_eq!(
        list_entries(&ir, g),
        ["!{i32 41, !\"g\", i32 0}", "!{i32 5635, !\"tag\"}"],
        "{ir}"
    );
    let params = decorations_node(&ir, "define spir_kernel", "spirv.ParameterDecorations");
    let lists: Vec<&str> = node_text(&ir, params)
        .trim_matches(|c| c == '!' || c == '{' || c == '}')
        .split(", !")
        .collect();
    assert_eq!(lists.len(), 2, "{ir}");
    assert_eq!(node_text(&ir, lists[0]), "!{}", "{ir}");
    assert_eq!(
        list_entries(&ir, lists[1]),
        ["!{i32 6442, i32 0, i32 0}", "!{i32 6443, i32 0, i32 1}"],
        "{ir}"
    );
    // Round trip: the SPV-IR text forward again gives the same decorations, once each.
    let again = common::translate_with(&ir, ext).unwrap_or_else(|e| panic!("forward: {e}"));
    common::spirv_val(&again, "rev22_decorations_again");
    use spirvkit_grammar::Decoration as D;
    assert_eq!(common::decorations_of(&again, D::UserSemantic).len(), 1);
    assert_eq!(
        common::decorations_of(&again, D::CacheControlLoadINTEL)
            .iter()
            .map(|(_, l)| l.clone())
            .collect::<Vec<_>>(),
        [vec![0, 0]]
    );
    assert_eq!(
        common::decorations_of(&again, D::CacheControlStoreINTEL).len(),
        1
    );
    let cl12 = round_trip(&src, ext, TargetEnv::Cl12, true, "rev22_decorations_cl12");
    // Only SPV-IR writes decorations as metadata (`!spirv.Source` is written everywhere).
    assert!(!cl12.contains("!spirv.Decorations"), "{cl12}");
    assert!(!cl12.contains("!spirv.ParameterDecorations"), "{cl12}");

    // FPRoundingMode (SPV_INTEL_rounded_divide_sqrt; spirv-val 2025.5 does not know its
    // capability): one shared list per mode on the fdiv and the sqrt call.
    let src = format!(
        r#"{SPIR64}
define spir_kernel void @r(float %a, float %b) {{
entry:
  %d = call float @llvm.experimental.constrained.fdiv.f32(float %a, float %b, metadata !"round.towardzero", metadata !"fpexcept.strict")
  %s = call float @llvm.experimental.constrained.sqrt.f32(float %a, metadata !"round.towardzero", metadata !"fpexcept.strict")
  ret void
}}
declare float @llvm.experimental.constrained.fdiv.f32(float, float, metadata, metadata)
declare float @llvm.experimental.constrained.sqrt.f32(float, metadata, metadata)
"#
    );
    let ext = "+SPV_INTEL_rounded_divide_sqrt";
    let ir = round_trip(&src, ext, TargetEnv::SpvIr, false, "rev22_rounding_spv_ir");
    let fdiv = decorations_node(&ir, "fdiv float", "spirv.Decorations");
    let sqrt = decorations_node(&ir, "@_Z16__spirv_ocl_sqrtf(", "spirv.Decorations");
    assert_eq!(fdiv, sqrt, "one node:\n{ir}");
    assert_eq!(list_entries(&ir, fdiv), ["!{i32 39, i32 1}"], "{ir}");
    let cl12 = round_trip(&src, ext, TargetEnv::Cl12, false, "rev22_rounding_cl12");
    assert!(!cl12.contains("spirv.Decorations"), "{cl12}");
    assert_has(&cl12, &["fdiv float", "@_Z4sqrtf("]);
}

/// Without `--spirv-target-env`, the llvm-spirv personality (`cl20_by_source`) writes the
/// OpenCL 2.0 names for a module whose OpSource is OpenCL C 2.0 (t11/003: OpMemoryBarrier →
/// `atomic_work_item_fence(flags, order, scope)`), as llvm-spirv's reader did before the
/// option existed, and the 1.2 names (`write_mem_fence` for a release fence) for an OpenCL C 1.2 source; an explicit
/// CL1.2 target keeps the 1.2 names.
#[test]
fn opencl_c_2_0_sources_come_back_with_opencl_2_0_names() {
    let body = r#"
define spir_kernel void @k() {
  call spir_func void @_Z22atomic_work_item_fencejii(i32 2, i32 3, i32 1)
  ret void
}
declare spir_func void @_Z22atomic_work_item_fencejii(i32, i32, i32)
"#;
    let reverse = |src: &str, by_source: bool, tag: &str| {
        let spv = common::translate_with(src, "").unwrap_or_else(|e| panic!("{tag}: {e}"));
        common::spirv_val(&spv, tag);
        let opts = ReverseOptions {
            cl20_by_source: by_source,
            ..ReverseOptions::default()
        };
        let back = reverse_words(&spv.to_words(), &opts).unwrap_or_else(|e| panic!("{tag}: {e}"));
        let text = back.to_ll(&WriteOptions::opaque());
        verify(&text, tag);
        text
    };
    let cl20 = format!("{SPIR64}{body}!opencl.ocl.version = !{{!0}}\n!0 = !{{i32 2, i32 0}}\n");
    let ll = reverse(&cl20, true, "rev22_cl20_by_source");
    assert_has(
        &ll,
        &["call spir_func void @_Z22atomic_work_item_fencej12memory_order12memory_scope(i32 2, i32 3, i32 1)"],
    );
    let ll = reverse(&cl20, false, "rev22_cl20_explicit_cl12");
    assert_has(&ll, &["call spir_func void @_Z15write_mem_fencej(i32 2)"]);
    let cl12 = format!("{SPIR64}{body}!opencl.ocl.version = !{{!0}}\n!0 = !{{i32 1, i32 2}}\n");
    let ll = reverse(&cl12, true, "rev22_cl12_by_source");
    assert_has(&ll, &["call spir_func void @_Z15write_mem_fencej(i32 2)"]);
}

/// DependencyArrayINTEL comes back as llvm-spirv's reader writes it: each variable's GEPs in
/// the loop get a distinct `!llvm.index.group`, the loop one
/// `!{!"llvm.loop.parallel_access_indices", groups..., i32 safelen}` per safelen (none for 0).
/// spirv-val 2025.5 cannot parse the loop control's operands, so `spirvkit val` checks the
/// module and the forward of the result gives the same pairs back.
#[test]
fn dependency_array_is_parallel_access_indices() {
    let src = format!(
        r#"{SPIR64}
define spir_kernel void @k() {{
entry:
  %a = alloca [10 x i32], align 4
  %b = alloca [10 x i32], align 4
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %n, %loop ]
  %pa = getelementptr inbounds [10 x i32], ptr %a, i64 0, i64 %i, !llvm.index.group !1
  %va = load i32, ptr %pa, align 4
  %pb = getelementptr inbounds [10 x i32], ptr %b, i64 0, i64 %i, !llvm.index.group !2
  store i32 %va, ptr %pb, align 4
  %n = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %n, 10
  br i1 %c, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}}
!0 = distinct !{{!0, !3, !4}}
!1 = distinct !{{}}
!2 = distinct !{{}}
!3 = !{{!"llvm.loop.parallel_access_indices", !1, i32 5}}
!4 = !{{!"llvm.loop.parallel_access_indices", !2}}
"#
    );
    let ext = "+SPV_INTEL_fpga_loop_controls";
    let spv = common::translate_with(&src, ext).expect("forward");
    assert!(
        spirvkit_val::validate(&spv.to_words(), &Default::default()).is_ok(),
        "spirvkit val"
    );
    let ll = round_trip(&src, ext, TargetEnv::Cl12, false, "rev22_dependency_array");
    let group_of = |anchor: &str| decorations_node(&ll, anchor, "llvm.index.group").to_owned();
    let (ga, gb) = (
        group_of("%pa = getelementptr"),
        group_of("%pb = getelementptr"),
    );
    assert_ne!(ga, gb, "{ll}");
    assert_eq!(node_text(&ll, &ga), "distinct !{}", "{ll}");
    let loop_node = decorations_node(&ll, "br i1 %c", "llvm.loop");
    let hints: Vec<&str> = node_text(&ll, loop_node)
        .trim_start_matches("distinct ")
        .trim_matches(|c| c == '!' || c == '{' || c == '}')
        .split(", !")
        .skip(1)
        .map(|n| node_text(&ll, n))
        .collect();
    assert_eq!(
        hints,
        [
            format!("!{{!\"llvm.loop.parallel_access_indices\", !{gb}}}"),
            format!("!{{!\"llvm.loop.parallel_access_indices\", !{ga}, i32 5}}"),
        ],
        "{ll}"
    );
    let again = common::translate_with(&ll, ext).expect("forward of the result");
    let merge = again
        .instructions()
        .find(|i| i.opcode == spirvkit_grammar::Op::LoopMerge)
        .expect("OpLoopMerge");
    let words: Vec<u32> = merge.operands[2..]
        .iter()
        .filter_map(spirvkit_core::Operand::word)
        .collect();
    assert_eq!(
        words,
        [
            spirvkit_grammar::LoopControl::DependencyArrayINTEL.0,
            2,
            0,
            5
        ],
        "mask, count and safelens (the variables are ids)"
    );
}

// ---- session 22, lead ----

/// A `volatile` kernel argument gives its parameter a Volatile decoration; SPV-IR
/// writes it back both as the `kernel_arg_type_qual` and as a `!spirv.ParameterDecorations`
/// entry, so the forward of that SPV-IR has two sources for one decoration and must write it
/// once (spirv-val: "decorated with Volatile multiple times"), as the conformance SPV-IR round
/// trip of the corpus atomics found.
#[test]
fn volatile_parameter_survives_an_spv_ir_round_trip_once() {
    let src = format!(
        r#"{SPIR64}
define spir_kernel void @k(ptr addrspace(1) %p) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_type_qual !3 !kernel_arg_base_type !2 !kernel_arg_name !4 {{
entry:
  store volatile i32 1, ptr addrspace(1) %p, align 4
  ret void
}}
!0 = !{{i32 1}}
!1 = !{{!"none"}}
!2 = !{{!"int*"}}
!3 = !{{!"volatile"}}
!4 = !{{!"p"}}
"#
    );
    let ir = round_trip(&src, "", TargetEnv::SpvIr, true, "lead22_volatile_spv_ir");
    assert!(ir.contains("spirv.ParameterDecorations"), "{ir}");
    let again = common::translate_with(&ir, "").unwrap_or_else(|e| panic!("forward: {e}"));
    common::spirv_val(&again, "lead22_volatile_again");
    use spirvkit_grammar::Decoration as D;
    assert_eq!(common::decorations_of(&again, D::Volatile).len(), 1);
}
