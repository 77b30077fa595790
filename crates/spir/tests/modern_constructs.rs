//! Constructs of llvm-spirv's tests that spirvkit refused or emitted invalid: annotations
//! (SPV_INTEL_fpga_latency_control, SPV_INTEL_fpga_memory_attributes, UserSemantic), repeated
//! cache-control decorations, printf formats outside the constant address space
//! (SPV_EXT_relaxed_printf_string_address_space), non-constant memsets (a loop helper),
//! casts between odd-width integers carried in one SPIR-V width, bfloat16 mangled pointees.
//! Every output is checked by spirv-val.

mod common;
use common::spirv_val;
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Decoration, Op};

/// Translates sequentially and with every function body in a fork of its own (a second
/// function is appended so there are forks), checks both give the same words, and returns it.
fn translate_with(src: &str, extensions: &str) -> Result<Module, String> {
    let src = format!("{src}\ndefine spir_func void @__second() {{\n  ret void\n}}\n");
    let sequential = common::translate_with(&src, extensions)?;
    let llvm = spirvkit_llvm::parse_text(&src, "test.ll").map_err(|e| e.to_string())?;
    let mut options = spirvkit_spir::TranslateOptions::default();
    options
        .apply_extension_list(extensions)
        .map_err(|e| e.to_string())?;
    let plan = spirvkit_spir::ParallelPlan::EVERY_FUNCTION_A_CHUNK;
    let parallel =
        spirvkit_spir::translate_with_plan(&llvm, &options, plan).map_err(|e| e.to_string())?;
    assert_eq!(
        parallel.to_words(),
        sequential.to_words(),
        "the parallel translation differs"
    );
    Ok(sequential)
}

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

fn decorations(m: &Module, decoration: u32) -> Vec<Vec<Operand>> {
    m.instructions()
        .filter(|i| i.opcode == Op::Decorate)
        .filter(|i| i.operands.get(1).and_then(Operand::word) == Some(decoration))
        .map(|i| i.operands[2..].to_vec())
        .collect()
}

const LATENCY: &str = r#"target triple = "spir64-unknown-unknown"
@label = private unnamed_addr addrspace(1) constant [11 x i8] c"{6172:\220\22}\00", section "llvm.metadata"
@both = private unnamed_addr addrspace(1) constant [25 x i8] c"{6172:\221\22}{6173:\220,1,5\22}\00", section "llvm.metadata"
@file = private unnamed_addr addrspace(1) constant [2 x i8] c"f\00", section "llvm.metadata"
declare ptr addrspace(1) @llvm.ptr.annotation.p1.p1(ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1))
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %out) {
entry:
  %a = call ptr addrspace(1) @llvm.ptr.annotation.p1.p1(ptr addrspace(1) %p, ptr addrspace(1) @label, ptr addrspace(1) @file, i32 1, ptr addrspace(1) null)
  %x = load i32, ptr addrspace(1) %a, align 4
  %q = getelementptr i32, ptr addrspace(1) %p, i64 1
  %str = getelementptr inbounds [25 x i8], ptr addrspace(1) @both, i64 0, i64 0
  %b = call ptr addrspace(1) @llvm.ptr.annotation.p1.p1(ptr addrspace(1) %q, ptr addrspace(1) %str, ptr addrspace(1) @file, i32 2, ptr addrspace(1) null)
  %y = load i32, ptr addrspace(1) %b, align 4
  %s = add i32 %x, %y
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}
"#;

/// `llvm.ptr.annotation` with SYCL's `{N:"literals"}` strings (a global, or reached through a
/// GEP instruction as -O0 code does) → the decorations N on the annotated pointer
/// (LatencyControlLabelINTEL 6172, LatencyControlConstraintINTEL 6173).
#[test]
fn ptr_annotation_gives_latency_control_decorations() {
    for ext in [
        "+SPV_INTEL_fpga_latency_control",
        "+SPV_INTEL_fpga_latency_control,+SPV_KHR_untyped_pointers",
    ] {
        let m = translate_with(LATENCY, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("latency{}", ext.len()));
        assert_eq!(
            decorations(&m, 6172),
            vec![vec![Operand::Word(0)], vec![Operand::Word(1)]]
        );
        assert_eq!(
            decorations(&m, 6173),
            vec![vec![Operand::Word(0), Operand::Word(1), Operand::Word(5)]]
        );
        assert!(m.instructions().any(|i| i.opcode == Op::Extension));
    }
    let e = translate_with(LATENCY, "").expect_err("needs the extension");
    assert!(e.contains("SPV_INTEL_fpga_latency_control"), "{e}");
}

const MEMORY_ATTRIBUTES: &str = r#"target triple = "spir64-unknown-unknown"
@numbanks = private unnamed_addr addrspace(1) constant [9 x i8] c"{5827:4}\00", section "llvm.metadata"
@memory = private unnamed_addr addrspace(1) constant [15 x i8] c"{5826:DEFAULT}\00", section "llvm.metadata"
@merge = private unnamed_addr addrspace(1) constant [16 x i8] c"{5834:key,type}\00", section "llvm.metadata"
@plain = private unnamed_addr addrspace(1) constant [6 x i8] c"hello\00", section "llvm.metadata"
@two = private unnamed_addr addrspace(1) constant [30 x i8] c"{5826:\22DEFAULT\22}{5826:\22MLAB\22}\00", section "llvm.metadata"
@file = private unnamed_addr addrspace(1) constant [2 x i8] c"f\00", section "llvm.metadata"
declare void @llvm.var.annotation.p0.p1(ptr, ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1))
declare void @llvm.var.annotation.p4.p1(ptr addrspace(4), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1))
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %a = alloca [4 x i32], align 4
  %b = alloca [4 x i32], align 4
  %c = alloca i32, align 4
  %d = alloca i32, align 4
  %e = alloca [4 x i32], align 4
  %e.cast = addrspacecast ptr %e to ptr addrspace(4)
  call void @llvm.var.annotation.p4.p1(ptr addrspace(4) %e.cast, ptr addrspace(1) @two, ptr addrspace(1) @file, i32 5, ptr addrspace(1) null)
  store i32 5, ptr addrspace(4) %e.cast, align 4
  call void @llvm.var.annotation.p0.p1(ptr %a, ptr addrspace(1) @numbanks, ptr addrspace(1) @file, i32 1, ptr addrspace(1) null)
  call void @llvm.var.annotation.p0.p1(ptr %b, ptr addrspace(1) @memory, ptr addrspace(1) @file, i32 2, ptr addrspace(1) null)
  call void @llvm.var.annotation.p0.p1(ptr %c, ptr addrspace(1) @merge, ptr addrspace(1) @file, i32 3, ptr addrspace(1) null)
  call void @llvm.var.annotation.p0.p1(ptr %d, ptr addrspace(1) @plain, ptr addrspace(1) @file, i32 4, ptr addrspace(1) null)
  store i32 1, ptr %a, align 4
  store i32 2, ptr %b, align 4
  store i32 3, ptr %c, align 4
  store i32 4, ptr %d, align 4
  %x = load i32, ptr %a, align 4
  store i32 %x, ptr addrspace(1) %out, align 4
  ret void
}
"#;

/// `llvm.var.annotation` with the FPGA memory-attribute strings (bare literals) → NumbanksINTEL,
/// MemoryINTEL "DEFAULT", MergeINTEL "key" "type" on the variables (MemoryINTEL twice on one
/// variable: the second through a decoration group); any other string → UserSemantic (core
/// SPIR-V 1.4).
#[test]
fn var_annotation_gives_memory_attributes_and_user_semantic() {
    let m = translate_with(MEMORY_ATTRIBUTES, "+SPV_INTEL_fpga_memory_attributes")
        .unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "memory_attributes");
    assert_eq!(decorations(&m, 5827), vec![vec![Operand::Word(4)]]);
    // %b: DEFAULT; %e (through an addrspacecast): DEFAULT, then MLAB through a group.
    assert_eq!(
        decorations(&m, 5826),
        vec![
            vec![Operand::String("DEFAULT".into())],
            vec![Operand::String("MLAB".into())],
            vec![Operand::String("DEFAULT".into())],
        ]
    );
    assert_eq!(count(&m, Op::DecorationGroup), 1);
    assert_eq!(
        decorations(&m, 5834),
        vec![vec![
            Operand::String("key".into()),
            Operand::String("type".into())
        ]]
    );
    assert_eq!(
        decorations(&m, Decoration::UserSemantic.0),
        vec![vec![Operand::String("hello".into())]]
    );
    let e = translate_with(MEMORY_ATTRIBUTES, "").expect_err("needs the extension");
    assert!(e.contains("SPV_INTEL_fpga_memory_attributes"), "{e}");
}

const CACHE_LEVELS: &str = r#"target triple = "spir64-unknown-unknown"
@p = common addrspace(1) global i32 0, align 4, !spirv.Decorations !0
define spir_kernel void @k(ptr addrspace(1) %q) {
entry:
  store i32 0, ptr addrspace(1) @p, align 4
  %g = getelementptr inbounds i32, ptr addrspace(1) %q, i64 1, !spirv.Decorations !0
  store i32 1, ptr addrspace(1) %g, align 4
  ret void
}
!0 = !{!1, !2}
!1 = !{i32 6443, i32 0, i32 1}
!2 = !{i32 6443, i32 1, i32 3}
"#;

/// Two CacheControlStoreINTEL decorations (cache levels 0 and 1) on a global and on a GEP: kept, the
/// second through a decoration group (spirv-val 2025.5 refuses the same decoration twice in
/// OpDecorate whatever its operands).
#[test]
fn cache_controls_at_two_levels() {
    let m =
        translate_with(CACHE_LEVELS, "+SPV_INTEL_cache_controls").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "cache_levels");
    let levels: Vec<u32> = m
        .instructions()
        .filter(|i| i.opcode == Op::Decorate)
        .filter(|i| i.operands.get(1).and_then(Operand::word) == Some(6443))
        .filter_map(|i| i.operands.get(2).and_then(Operand::word))
        .collect();
    assert_eq!(levels, vec![0, 1, 0, 1]);
    assert_eq!(count(&m, Op::DecorationGroup), 2);
    assert_eq!(count(&m, Op::GroupDecorate), 2);
}

const PRINTF: &str = r#"target triple = "spir-unknown-unknown"
@fmt1 = internal unnamed_addr addrspace(1) constant [4 x i8] c"%d\0A\00", align 1
@fmt2 = internal unnamed_addr addrspace(2) constant [4 x i8] c"%d\0A\00", align 1
declare spir_func i32 @printf(ptr addrspace(2), ...)
declare spir_func i32 @_Z18__spirv_ocl_printfPU3AS1c(ptr addrspace(1), ...)
define spir_kernel void @k(i32 %x) {
entry:
  %a = call spir_func i32 (ptr addrspace(1), ...) @_Z18__spirv_ocl_printfPU3AS1c(ptr addrspace(1) @fmt1, i32 %x)
  %b = call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) @fmt2, i32 %x)
  ret void
}
"#;

/// A printf format outside the constant address space needs
/// SPV_EXT_relaxed_printf_string_address_space (declared), refused naming it without.
#[test]
fn printf_format_outside_constant_space_needs_the_relaxed_extension() {
    let ext = "SPV_EXT_relaxed_printf_string_address_space";
    let m = translate_with(PRINTF, &format!("+{ext}")).unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "relaxed_printf");
    assert_eq!(count(&m, Op::ExtInst), 2);
    assert!(m
        .instructions()
        .any(|i| i.opcode == Op::Extension
            && i.operands.first() == Some(&Operand::String(ext.into()))));
    let e = translate_with(PRINTF, "").expect_err("needs the extension");
    assert!(e.contains(ext), "{e}");
}

const MEMSET: &str = r#"target triple = "spir64-unknown-unknown"
declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)
declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)
define spir_kernel void @k(ptr addrspace(1) %p, i8 %v, i64 %n, i32 %m) {
entry:
  %x = alloca [16 x i8], align 4
  call void @llvm.memset.p1.i64(ptr addrspace(1) %p, i8 %v, i64 %n, i1 false)
  call void @llvm.memset.p1.i64(ptr addrspace(1) %p, i8 7, i64 %n, i1 true)
  call void @llvm.memset.p0.i32(ptr %x, i8 %v, i32 %m, i1 false)
  call void @llvm.memset.p0.i32(ptr %x, i8 %v, i32 3, i1 false)
  call void @llvm.memset.p0.i32(ptr %x, i8 0, i32 16, i1 false)
  %y = load i8, ptr %x, align 1
  store i8 %y, ptr addrspace(1) %p, align 1
  ret void
}
"#;

/// `llvm.memset` with a non-constant value or length → a call of a byte-loop helper (one per
/// address space, length width and volatility); constant memsets stay OpCopyMemorySized.
#[test]
fn non_constant_memset_calls_a_loop_helper() {
    for ext in ["", "+SPV_KHR_untyped_pointers"] {
        let m = translate_with(MEMSET, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("memset_loop{}", ext.len()));
        // Helpers: (global, i64), (global, i64, volatile), (private, i32); the kernel, @__second.
        assert_eq!(count(&m, Op::Function), 5);
        assert_eq!(count(&m, Op::FunctionCall), 4);
        assert_eq!(count(&m, Op::Phi), 3);
        assert_eq!(count(&m, Op::CopyMemorySized), 1);
    }
}

const WIDENED: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(i8 %b, ptr addrspace(1) %p) {
entry:
  %t = trunc i8 %b to i4
  %z = zext i4 %t to i8
  %s = sext i4 %t to i8
  %w = sext i4 %t to i32
  %v = insertelement <2 x i4> poison, i4 %t, i64 0
  store i8 %z, ptr addrspace(1) %p, align 1
  %q = getelementptr i8, ptr addrspace(1) %p, i64 1
  store i8 %s, ptr addrspace(1) %q, align 1
  %e = extractelement <2 x i4> %v, i64 0
  %ez = zext i4 %e to i32
  %r = add i32 %w, %ez
  ret i32 %r
}
"#;

/// Without an arbitrary-precision extension `i4` is carried in a uchar: trunc to it masks,
/// zext masks, sext shifts left and back (UConvert between one width is invalid).
#[test]
fn casts_between_widened_integers_define_their_bits() {
    let m = translate_with(WIDENED, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "widened_casts");
    assert!(count(&m, Op::BitwiseAnd) >= 3);
    assert_eq!(count(&m, Op::ShiftRightArithmetic), 2);
}

const BFLOAT_ATOMICS: &str = r#"target triple = "spir64-unknown-unknown"
declare spir_func bfloat @_Z18__spirv_AtomicLoadPU3AS1DF16bii(ptr addrspace(1), i32, i32)
declare spir_func bfloat @_Z21__spirv_AtomicFAddEXTPU3AS1DF16biiDF16b(ptr addrspace(1), i32, i32, bfloat)
define spir_func bfloat @f(ptr addrspace(1) %p) {
entry:
  %r = call spir_func bfloat @_Z18__spirv_AtomicLoadPU3AS1DF16bii(ptr addrspace(1) %p, i32 1, i32 16)
  %s = call spir_func bfloat @_Z21__spirv_AtomicFAddEXTPU3AS1DF16biiDF16b(ptr addrspace(1) %p, i32 1, i32 16, bfloat %r)
  ret bfloat %s
}
"#;

/// bfloat16 atomics (SPV-IR calls): `DF16b` in the mangled parameter gives the pointer its
/// bfloat pointee; the capabilities are SPV_INTEL_16bit_atomics' AtomicBFloat16LoadStoreINTEL
/// (6262) and AtomicBFloat16AddINTEL (6255), as llvm-spirv declares them (spirv-val 2025.5
/// does not know them yet: checked by form); refused naming the extension without it.
#[test]
fn bfloat16_atomics_need_16bit_atomics() {
    let ext = "+SPV_KHR_bfloat16,+SPV_INTEL_16bit_atomics,+SPV_EXT_shader_atomic_float_add";
    let m = translate_with(BFLOAT_ATOMICS, ext).unwrap_or_else(|e| panic!("{e}"));
    let bfloat = m
        .instructions()
        .find(|i| i.opcode == Op::TypeFloat && i.operands.len() == 2)
        .and_then(|i| i.result_id)
        .expect("a bfloat type");
    assert!(m
        .instructions()
        .any(|i| i.opcode == Op::TypePointer && i.operands.get(1) == Some(&Operand::Id(bfloat))));
    let caps: Vec<u32> = m
        .instructions()
        .filter(|i| i.opcode == Op::Capability)
        .filter_map(|i| i.operands.first().and_then(Operand::word))
        .collect();
    assert!(caps.contains(&6262) && caps.contains(&6255), "{caps:?}");
    assert_eq!(count(&m, Op::AtomicLoad), 1);
    assert_eq!(count(&m, Op::AtomicFAddEXT), 1);
    let e = translate_with(
        BFLOAT_ATOMICS,
        "+SPV_KHR_bfloat16,+SPV_EXT_shader_atomic_float_add",
    )
    .expect_err("needs SPV_INTEL_16bit_atomics");
    assert!(e.contains("SPV_INTEL_16bit_atomics"), "{e}");
}

const FREXP: &str = r#"target triple = "spir64-unknown-unknown"
declare { float, i32 } @llvm.frexp.f32.i32(float)
declare { <2 x double>, <2 x i32> } @llvm.frexp.v2f64.v2i32(<2 x double>)
define i32 @f(float %x, <2 x double> %v, ptr %p) {
entry:
  br label %next
next:
  %a = call { float, i32 } @llvm.frexp.f32.i32(float %x)
  %m = extractvalue { float, i32 } %a, 0
  %b = call { float, i32 } @llvm.frexp.f32.i32(float %m)
  %c = call { <2 x double>, <2 x i32> } @llvm.frexp.v2f64.v2i32(<2 x double> %v)
  store { <2 x double>, <2 x i32> } %c, ptr %p
  %e = extractvalue { float, i32 } %b, 1
  ret i32 %e
}
"#;

/// `llvm.frexp` → OpenCL.std frexp writing the exponent to an entry-block variable, then
/// { mantissa, exponent } (typed and untyped pointers).
#[test]
fn frexp_through_an_exponent_variable() {
    for ext in ["", "+SPV_KHR_untyped_pointers"] {
        let m = translate_with(FREXP, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("frexp{}", ext.len()));
        assert_eq!(count(&m, Op::ExtInst), 3);
        assert_eq!(count(&m, Op::Variable), 3);
        assert_eq!(count(&m, Op::CompositeConstruct), 3);
    }
}

const SHIFT_SAT: &str = r#"target triple = "spir64-unknown-unknown"
declare i32 @llvm.ushl.sat.i32(i32, i32)
declare <4 x i16> @llvm.sshl.sat.v4i16(<4 x i16>, <4 x i16>)
define i32 @f(i32 %a, i32 %b, <4 x i16> %c, <4 x i16> %d, ptr addrspace(1) %p) {
entry:
  %u = call i32 @llvm.ushl.sat.i32(i32 %a, i32 %b)
  %s = call <4 x i16> @llvm.sshl.sat.v4i16(<4 x i16> %c, <4 x i16> %d)
  store <4 x i16> %s, ptr addrspace(1) %p, align 8
  ret i32 %u
}
"#;

/// `llvm.ushl.sat` / `llvm.sshl.sat`: shift, shift back, and on a lost bit the saturated value
/// (all ones; the signed minimum or maximum by the sign).
#[test]
fn saturating_shifts() {
    let m = translate_with(SHIFT_SAT, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "shift_sat");
    assert_eq!(count(&m, Op::ShiftLeftLogical), 2);
    assert_eq!(count(&m, Op::ShiftRightLogical), 1);
    assert_eq!(count(&m, Op::ShiftRightArithmetic), 1);
    assert_eq!(count(&m, Op::Select), 3);
}

const FPBUILTIN: &str = r#"target triple = "spir64-unknown-unknown"
declare float @llvm.fpbuiltin.fdiv.f32(float, float)
declare float @llvm.fpbuiltin.sin.f32(float)
declare <2 x float> @llvm.fpbuiltin.pow.v2f32(<2 x float>, <2 x float>)
declare float @llvm.fpbuiltin.ldexp.f32(float, i32)
declare void @llvm.fpbuiltin.sincos.f32(float, ptr addrspace(1), ptr addrspace(1))
define spir_kernel void @k(float %x, float %y, <2 x float> %v, i32 %n, ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %a = call float @llvm.fpbuiltin.fdiv.f32(float %x, float %y) #0
  %b = call float @llvm.fpbuiltin.sin.f32(float %a) #1
  %c = call <2 x float> @llvm.fpbuiltin.pow.v2f32(<2 x float> %v, <2 x float> %v) #1
  %d = call float @llvm.fpbuiltin.ldexp.f32(float %b, i32 %n)
  call void @llvm.fpbuiltin.sincos.f32(float %d, ptr addrspace(1) %p, ptr addrspace(1) %q) #1
  %e = extractelement <2 x float> %c, i32 0
  store float %e, ptr addrspace(1) %p, align 4
  ret void
}
attributes #0 = { "fpbuiltin-max-error"="1.0" }
attributes #1 = { "fpbuiltin-max-error"="2.5" }
"#;

/// `llvm.fpbuiltin.*`: core arithmetic and OpenCL.std math; `fpbuiltin-max-error` →
/// FPMaxErrorDecorationINTEL (the bound as float bits) with SPV_INTEL_fp_max_error, dropped
/// without it (the accurate instruction meets any bound).
#[test]
fn fpbuiltins_with_their_max_error() {
    let m = translate_with(FPBUILTIN, "+SPV_INTEL_fp_max_error").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "fpbuiltin_on");
    assert_eq!(count(&m, Op::FDiv), 1);
    assert_eq!(count(&m, Op::ExtInst), 4);
    let bounds = decorations(&m, Decoration::FPMaxErrorDecorationINTEL.0);
    assert_eq!(
        bounds,
        vec![
            vec![Operand::Word(1.0f32.to_bits())],
            vec![Operand::Word(2.5f32.to_bits())],
            vec![Operand::Word(2.5f32.to_bits())],
        ]
    );
    let m = translate_with(FPBUILTIN, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "fpbuiltin_off");
    assert!(decorations(&m, Decoration::FPMaxErrorDecorationINTEL.0).is_empty());
}

const VLA: &str = r#"target triple = "spir64-unknown-unknown"
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
define spir_func i32 @f(i64 %a, i64 %b) {
entry:
  %fixed = alloca [4 x i32], align 4
  %s = call ptr @llvm.stacksave.p0()
  %vla = alloca i32, i64 %a, align 16
  %p = getelementptr inbounds i32, ptr %vla, i64 %b
  store i32 1, ptr %p, align 4
  %x = load i32, ptr %p, align 4
  call void @llvm.stackrestore.p0(ptr %s)
  %four = alloca float, i32 4
  store float 1.0, ptr %four, align 4
  store i32 %x, ptr %fixed, align 4
  ret i32 %x
}
"#;

/// SPV_INTEL_variable_length_array: allocas with a count → OpVariableLengthArrayINTEL where
/// they stand, `llvm.stacksave` / `llvm.stackrestore` → OpSaveMemoryINTEL /
/// OpRestoreMemoryINTEL (typed and untyped pointers); refused naming the extension without it.
#[test]
fn variable_length_arrays() {
    let ext = "+SPV_INTEL_variable_length_array";
    for extra in ["", ",+SPV_KHR_untyped_pointers"] {
        let m = translate_with(VLA, &format!("{ext}{extra}")).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("vla{}", extra.len()));
        assert_eq!(count(&m, Op::VariableLengthArrayINTEL), 2);
        assert_eq!(count(&m, Op::SaveMemoryINTEL), 1);
        assert_eq!(count(&m, Op::RestoreMemoryINTEL), 1);
    }
    let e = translate_with(VLA, "").expect_err("needs the extension");
    assert!(e.contains("SPV_INTEL_variable_length_array"), "{e}");
}

const BITREVERSE: &str = r#"target triple = "spir64-unknown-unknown"
declare i8 @llvm.bitreverse.i8(i8)
declare <2 x i64> @llvm.bitreverse.v2i64(<2 x i64>)
declare i4 @llvm.bitreverse.i4(i4)
define spir_func i8 @f(i8 %a, <2 x i64> %b, ptr addrspace(1) %p) {
entry:
  %x = call i8 @llvm.bitreverse.i8(i8 %a)
  %y = call <2 x i64> @llvm.bitreverse.v2i64(<2 x i64> %b)
  store <2 x i64> %y, ptr addrspace(1) %p, align 16
  %t = trunc i8 %a to i4
  %r = call i4 @llvm.bitreverse.i4(i4 %t)
  %z = zext i4 %r to i8
  %s = add i8 %x, %z
  ret i8 %s
}
"#;

/// `llvm.bitreverse` without SPV_KHR_bit_instructions: emulated (no OpBitReverse), also for
/// an i4 carried in a uchar; with the extension OpBitReverse.
#[test]
fn bitreverse_emulated_without_bit_instructions() {
    let m = translate_with(BITREVERSE, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "bitreverse_emulated");
    assert_eq!(count(&m, Op::BitReverse), 0);
    // i8: 3 swap steps, <2 x i64>: 6, i4 in a uchar: 3.
    assert_eq!(count(&m, Op::BitwiseOr), 12);
    let m =
        translate_with(BITREVERSE, "+SPV_KHR_bit_instructions").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "bitreverse_instruction");
    // The i4 (carried in a uchar) is still emulated.
    assert_eq!(count(&m, Op::BitReverse), 2);
}

const MISMATCHED_CALL: &str = r#"target triple = "spir"
define spir_func signext i8 @foo(i8 signext %x) {
  ret i8 %x
}
define spir_func i16 @bar(i16 %x, i64 %y) {
  %t = trunc i64 %y to i16
  %s = add i16 %x, %t
  ret i16 %s
}
define spir_func i32 @caller(i32 %a) {
  %r = call i32 @foo(i32 %a)
  %q = call i32 @bar(i32 %r, i32 %a)
  ret i32 %q
}
"#;

/// A direct call whose type differs from the callee's only in integer widths (C calling
/// through a cast function pointer): arguments converted to the parameters, the result back,
/// sign-extending where the callee says `signext`.
#[test]
fn calls_with_other_integer_widths_convert() {
    let m = translate_with(MISMATCHED_CALL, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "mismatched_call");
    assert_eq!(count(&m, Op::FunctionCall), 2);
    // foo: argument and result signext; bar: two arguments and the result zero-extended.
    assert_eq!(count(&m, Op::SConvert), 2);
    assert_eq!(count(&m, Op::UConvert), 4);
}

const CYCLES: &str = r#"target triple = "spir64-unknown-unknown"
declare i64 @llvm.readcyclecounter()
define spir_func i64 @f() {
entry:
  %c = call i64 @llvm.readcyclecounter()
  ret i64 %c
}
"#;

/// `llvm.readcyclecounter` → OpReadClockKHR at Device scope under SPV_KHR_shader_clock;
/// refused naming the extension without it.
#[test]
fn readcyclecounter_reads_the_device_clock() {
    let m = translate_with(CYCLES, "+SPV_KHR_shader_clock").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "readcyclecounter");
    assert_eq!(count(&m, Op::ReadClockKHR), 1);
    let e = translate_with(CYCLES, "").expect_err("needs the extension");
    assert!(e.contains("SPV_KHR_shader_clock"), "{e}");
}

const PARAMETER_DECORATIONS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %dummy, ptr addrspace(1) %buffer) !spirv.ParameterDecorations !0 {
entry:
  %v = load i32, ptr addrspace(1) %buffer, align 4
  store i32 %v, ptr addrspace(1) %buffer, align 4
  ret void
}
!0 = !{!1, !2}
!1 = !{}
!2 = !{!3, !4}
!3 = !{i32 6442, i32 0, i32 0}
!4 = !{i32 6443, i32 0, i32 1}
"#;

/// `!spirv.ParameterDecorations` on a function: each parameter's list → its decorations
/// (cache controls on a kernel argument); refused naming the extension without it.
#[test]
fn parameter_decorations() {
    let m = translate_with(PARAMETER_DECORATIONS, "+SPV_INTEL_cache_controls")
        .unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "parameter_decorations");
    assert_eq!(
        decorations(&m, 6442),
        vec![vec![Operand::Word(0), Operand::Word(0)]]
    );
    assert_eq!(
        decorations(&m, 6443),
        vec![vec![Operand::Word(0), Operand::Word(1)]]
    );
    let e = translate_with(PARAMETER_DECORATIONS, "").expect_err("needs the extension");
    assert!(e.contains("SPV_INTEL_cache_controls"), "{e}");
}

/// LLVM 21+ writes `nocapture` as `captures(none)`; llvm-spirv asks LLVM's
/// `hasNoCaptureAttr`, so both spellings give FuncParamAttr NoCapture (on kernels and plain
/// functions alike), while `captures(address)` captures something and gives nothing.
#[test]
fn captures_none_is_no_capture() {
    const NO_CAPTURE: u32 = 5;
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func void @f(ptr addrspace(1) captures(none) %p, ptr addrspace(1) captures(address) %q, ptr addrspace(1) nocapture %r) {
  ret void
}
define spir_kernel void @k(ptr addrspace(1) noundef captures(none) %p) {
  ret void
}
"#;
    let [typed, untyped] = common::typed_and_untyped(src, "", "captures_none");
    for m in [&typed, &untyped] {
        let no_capture = m
            .instructions()
            .filter(|i| i.opcode == Op::Decorate)
            .filter(|i| {
                i.operands.get(1).and_then(Operand::word) == Some(Decoration::FuncParamAttr.0)
            })
            .filter(|i| i.operands.get(2).and_then(Operand::word) == Some(NO_CAPTURE))
            .count();
        // %p and %r of @f, %p of @k; not %q.
        assert_eq!(no_capture, 3);
    }
}
