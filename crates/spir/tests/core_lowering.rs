//! Core lowering cases from llvm-spirv's own tests (issue 18): atomics without a SPIR-V
//! instruction, LLVM intrinsics returning two values, block order, image queries. Each
//! translation must be accepted by spirv-val, typed and with untyped pointers.

mod common;
use common::{spirv_val, translate_with, typed_and_untyped};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Capability, Op};

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

fn strings(m: &Module, op: Op) -> Vec<String> {
    m.instructions()
        .filter(|i| i.opcode == op)
        .flat_map(|i| i.operands.iter())
        .filter_map(|o| match o {
            Operand::String(s) => Some(s.to_string()),
            _ => None,
        })
        .collect()
}

/// Translated typed and untyped, both valid.
fn both(src: &str, extensions: &str, tag: &str) -> [Module; 2] {
    typed_and_untyped(src, extensions, &format!("core_lowering_{tag}"))
}

const WRAP: &str = r#"
@ui = common dso_local addrspace(1) global i32 0, align 4
@lui = common dso_local addrspace(3) global i32 0, align 4
@ul = common dso_local addrspace(1) global i64 0, align 8
define spir_func i32 @inc() {
  %r = atomicrmw uinc_wrap ptr addrspace(1) @ui, i32 42 syncscope("workgroup") acquire
  ret i32 %r
}
define spir_func i32 @dec() {
  %r = atomicrmw udec_wrap ptr addrspace(1) @ui, i32 42 seq_cst
  %l = atomicrmw volatile uinc_wrap ptr addrspace(3) @lui, i32 1 monotonic
  %w = atomicrmw uinc_wrap ptr addrspace(1) @ul, i64 7 monotonic
  ret i32 %r
}
"#;

#[test]
fn uinc_udec_wrap_call_imported_helpers_on_amd_targets() {
    let src = format!("target triple = \"spirv64-amd-amdhsa\"\n{WRAP}");
    for m in both(&src, "", "wrap") {
        let names = strings(&m, Op::Decorate);
        for helper in [
            "__translate_spirv_atomic_uinc_wrap_p1_i32",
            "__translate_spirv_atomic_udec_wrap_p1_i32",
            "__translate_spirv_atomic_uinc_wrap_p3_i32",
            "__translate_spirv_atomic_uinc_wrap_p1_i64",
        ] {
            assert!(names.iter().any(|n| n == helper), "{helper}: {names:?}");
        }
        assert_eq!(count(&m, Op::FunctionCall), 4);
        // (pointer, scope, semantics, value, volatile, elementwise): the workgroup-scope
        // acquire on global memory is scope 2, semantics Acquire | CrossWorkgroupMemory.
        let call = m
            .instructions()
            .find(|i| i.opcode == Op::FunctionCall)
            .expect("a call");
        let ids: Vec<_> = call.operands.iter().filter_map(Operand::id).collect();
        assert_eq!(ids.len(), 7);
        let constant = |id| {
            m.instructions()
                .find(|i| i.result_id == Some(id) && i.opcode == Op::Constant)
                .and_then(|i| i.operands.first().and_then(Operand::word))
        };
        assert_eq!(constant(ids[2]), Some(2));
        assert_eq!(constant(ids[3]), Some(0x2 | 0x200));
        assert!(m
            .instructions()
            .any(|i| i.opcode == Op::ConstantTrue || i.opcode == Op::ConstantFalse));
    }
}

#[test]
fn uinc_udec_wrap_are_compare_exchange_loops_on_other_targets() {
    // llvm-spirv refuses them outside AMD targets; LLVM's own back end expands them into a
    // compare-exchange loop, and so does spirvkit (`atomic_rmw_loops.rs` checks the loops).
    let src = format!("target triple = \"spir64-unknown-unknown\"\n{WRAP}");
    for m in both(&src, "", "wrap_loops") {
        assert_eq!(count(&m, Op::AtomicCompareExchange), 4);
        assert_eq!(count(&m, Op::FunctionCall), 4);
    }
}

#[test]
fn modf_and_frexp_return_both_parts() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare { double, double } @llvm.modf.f64(double)
declare { <2 x float>, <2 x float> } @llvm.modf.v2f32(<2 x float>)
declare { float, i32 } @llvm.frexp.f32.i32(float)
define spir_func { double, double } @m(double %x) {
  %t = call { double, double } @llvm.modf.f64(double %x)
  ret { double, double } %t
}
define spir_func <2 x float> @v(<2 x float> %x) {
  %t = call { <2 x float>, <2 x float> } @llvm.modf.v2f32(<2 x float> %x)
  %a = extractvalue { <2 x float>, <2 x float> } %t, 0
  %b = extractvalue { <2 x float>, <2 x float> } %t, 1
  %s = fadd <2 x float> %a, %b
  ret <2 x float> %s
}
define spir_func i32 @f(float %x) {
  %t = call { float, i32 } @llvm.frexp.f32.i32(float %x)
  %e = extractvalue { float, i32 } %t, 1
  ret i32 %e
}
"#;
    for m in both(src, "", "modf") {
        assert_eq!(count(&m, Op::ExtInst), 3);
        // One Function variable per call receives the stored part.
        assert_eq!(count(&m, Op::Variable), 3);
        assert_eq!(count(&m, Op::Load), 3);
    }
}

#[test]
fn atomic_init_stores_the_value_as_passed() {
    // llvm-spirv's atomic_syncscope_test: atomic_init mangled for float, called with an int
    // global and an i32 value.
    let src = r#"target triple = "spir64-unknown-unknown"
@j = local_unnamed_addr addrspace(1) global i32 0, align 4
declare spir_func void @_Z11atomic_initPU3AS4VU7_Atomicff(ptr addrspace(1), i32)
define spir_func void @init() {
  call spir_func void @_Z11atomic_initPU3AS4VU7_Atomicff(ptr addrspace(1) @j, i32 42)
  ret void
}
"#;
    for m in both(src, "", "atomic_init") {
        assert_eq!(count(&m, Op::Store), 1);
    }
}

#[test]
fn half_atomic_add_under_float_add_declares_the_float16_extension() {
    // llvm-spirv's AtomicFAddEXTForOCL.ll passes only SPV_EXT_shader_atomic_float_add.
    let src = r#"target triple = "spir-unknown-unknown"
declare spir_func half @_Z25atomic_fetch_add_explicitPU3AS1VU7_AtomicDhDh12memory_order(ptr addrspace(1), half, i32)
define spir_func void @h(ptr addrspace(1) %a) {
  %c = call spir_func half @_Z25atomic_fetch_add_explicitPU3AS1VU7_AtomicDhDh12memory_order(ptr addrspace(1) %a, half 0xH0000, i32 0)
  ret void
}
"#;
    for m in both(src, "+SPV_EXT_shader_atomic_float_add", "half_fadd") {
        let exts = strings(&m, Op::Extension);
        assert!(exts
            .iter()
            .any(|e| e == "SPV_EXT_shader_atomic_float16_add"));
        assert!(exts.iter().any(|e| e == "SPV_EXT_shader_atomic_float_add"));
        assert!(m.instructions().any(|i| i.opcode == Op::Capability
            && i.operands.first().and_then(Operand::word)
                == Some(Capability::AtomicFloat16AddEXT.0)));
        assert_eq!(count(&m, Op::AtomicFAddEXT), 1);
    }
    let e = translate_with(src, "").expect_err("no extension");
    assert!(e.contains("SPV_EXT_shader_atomic_float16_add"), "{e}");
}

/// Labels in emitted order, by their OpName.
fn label_names(m: &Module) -> Vec<String> {
    let names: std::collections::HashMap<_, _> = m
        .instructions()
        .filter(|i| i.opcode == Op::Name)
        .filter_map(|i| match (i.operands.first(), i.operands.get(1)) {
            (Some(Operand::Id(id)), Some(Operand::String(s))) => Some((*id, s.to_string())),
            _ => None,
        })
        .collect();
    m.instructions()
        .filter(|i| i.opcode == Op::Label)
        .filter_map(|i| i.result_id.and_then(|id| names.get(&id).cloned()))
        .collect()
}

#[test]
fn blocks_follow_their_dominators() {
    // As clang's loop unroller leaves it (llvm-spirv's LoopUnroll.ll): the latch `inc` is
    // placed before `body`, which dominates it.
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func void @f(ptr addrspace(1) %p, i32 %n) {
entry:
  br label %cond
inc:
  %next = add nsw i32 %i, 1
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %next, %inc ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %end
body:
  %slot = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %i
  store i32 %i, ptr addrspace(1) %slot, align 4
  br label %inc
end:
  ret void
dead:
  br label %end
}
"#;
    for m in both(src, "", "block_order") {
        assert_eq!(
            label_names(&m),
            ["entry", "cond", "body", "inc", "end", "dead"]
        );
    }
    // A valid LLVM order is kept as it is.
    let ordered = r#"target triple = "spir64-unknown-unknown"
define spir_func void @f(i1 %c) {
entry:
  br i1 %c, label %b, label %a
a:
  br label %b
b:
  ret void
}
"#;
    for m in both(ordered, "", "block_order_kept") {
        assert_eq!(label_names(&m), ["entry", "a", "b"]);
    }
}

#[test]
fn image_array_size_is_size_t() {
    let src = r#"target triple = "spir64-unknown-unknown"
%opencl.image2d_array_t = type opaque
declare spir_func i64 @_Z20get_image_array_size16ocl_image2darray(ptr addrspace(1))
declare spir_func <2 x i32> @_Z13get_image_dim16ocl_image2darray(ptr addrspace(1))
define spir_kernel void @k(ptr addrspace(1) %out, target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0) %img) {
  %n = call spir_func i64 @_Z20get_image_array_size16ocl_image2darray(target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0) %img)
  %d = call spir_func <2 x i32> @_Z13get_image_dim16ocl_image2darray(target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0) %img)
  %t = trunc i64 %n to i32
  %x = extractelement <2 x i32> %d, i32 0
  %s = add i32 %t, %x
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    for m in both(src, "", "image_array_size") {
        // The query's 32-bit component widened to size_t, then the test's trunc.
        assert_eq!(count(&m, Op::UConvert), 2);
        assert_eq!(count(&m, Op::ImageQuerySize), 2);
    }
}

const UNKNOWN: &str = r#"target triple = "spir64"
declare i64 @llvm.readcyclecounter()
declare i64 @llvm.some.custom.intrinsic()
declare float @llvm.fabs.f32(float)
define spir_func i64 @foo(float %x) {
entry:
  %0 = call i64 @llvm.readcyclecounter()
  %1 = call i64 @llvm.some.custom.intrinsic()
  %2 = call float @llvm.fabs.f32(float %x)
  %s = add i64 %0, %1
  ret i64 %s
}
"#;

fn translate_allowing(src: &str, prefixes: Option<&str>) -> Result<Module, String> {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").map_err(|e| e.to_string())?;
    let mut options = spirvkit_spir::TranslateOptions::default();
    options.allow_unknown_intrinsics(prefixes);
    spirvkit_spir::translate(&llvm, &options).map_err(|e| e.to_string())
}

#[test]
fn unknown_intrinsics_become_imported_functions_when_allowed() {
    // llvm-spirv's AllowIntrinsics.ll: its positive and negative prefix lists.
    for prefixes in [
        None,
        Some("llvm."),
        Some("llvm.,random.prefix"),
        Some(""),
        Some("random.prefix,"),
    ] {
        let m =
            translate_allowing(UNKNOWN, prefixes).unwrap_or_else(|e| panic!("{prefixes:?}: {e}"));
        spirv_val(
            &m,
            &format!("unknown_intrinsics_{}", prefixes.map_or(0, str::len)),
        );
        let names = strings(&m, Op::Decorate);
        assert!(
            names.iter().any(|n| n == "llvm.readcyclecounter"),
            "{names:?}"
        );
        assert!(
            names.iter().any(|n| n == "llvm.some.custom.intrinsic"),
            "{names:?}"
        );
        // A known intrinsic is still translated.
        assert!(
            !names.iter().any(|n| n.starts_with("llvm.fabs")),
            "{names:?}"
        );
        assert_eq!(count(&m, Op::FunctionCall), 2);
        assert_eq!(count(&m, Op::ExtInst), 1);
    }
    for prefixes in [
        Some("llvm.some.custom"),
        Some("llvm.readcyclecounter"),
        Some("non.llvm.1,non,llvm.2"),
    ] {
        assert!(
            translate_allowing(UNKNOWN, prefixes).is_err(),
            "{prefixes:?}"
        );
    }
    assert!(translate_with(UNKNOWN, "").is_err());
}

/// `llvm.fpbuiltin.ldexp` takes an integer exponent and `llvm.fpbuiltin.sincos` a value and
/// two pointers (intel/llvm's LangRef). A declaration with another signature (llvm-spirv's
/// `IntelFPMaxError.ll` declares `ldexp(float, float)` and `sincos(float, float, float)`) is
/// not that intrinsic: refused as malformed, and an imported function of its name under
/// `--spirv-allow-unknown-intrinsics=llvm.fpbuiltin`, while well-formed fpbuiltins stay
/// translated.
#[test]
fn fpbuiltins_with_another_signature_are_unknown_intrinsics() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare float @llvm.fpbuiltin.ldexp.f32(float, float)
declare float @llvm.fpbuiltin.sincos.f32(float, float, float)
declare float @llvm.fpbuiltin.pow.f32(float, float)
declare double @llvm.fpbuiltin.ldexp.f64(double, i32)
define spir_func float @f(float %x, float %y, double %d, i32 %e, ptr addrspace(1) %out) {
entry:
  %a = call float @llvm.fpbuiltin.ldexp.f32(float %x, float %y)
  %b = call float @llvm.fpbuiltin.sincos.f32(float %x, float %y, float %a)
  %c = call float @llvm.fpbuiltin.pow.f32(float %b, float %y) #0
  %g = call double @llvm.fpbuiltin.ldexp.f64(double %d, i32 %e)
  store double %g, ptr addrspace(1) %out, align 8
  ret float %c
}
attributes #0 = { "fpbuiltin-max-error"="4.0" }
"#;
    let err = translate_with(src, "+SPV_INTEL_fp_max_error").expect_err("malformed ldexp");
    assert!(err.contains("integer exponent"), "{err}");
    let m = translate_allowing(src, Some("llvm.fpbuiltin")).unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "fpbuiltin_other_signature");
    let names = strings(&m, Op::Decorate);
    for imported in ["llvm.fpbuiltin.ldexp.f32", "llvm.fpbuiltin.sincos.f32"] {
        assert!(names.iter().any(|n| n == imported), "{names:?}");
    }
    assert!(
        !names.iter().any(|n| n.contains("pow") || n.contains("f64")),
        "{names:?}"
    );
    assert_eq!(count(&m, Op::FunctionCall), 2);
    // pow and the well-formed ldexp are OpenCL.std instructions.
    assert_eq!(count(&m, Op::ExtInst), 2);
}
