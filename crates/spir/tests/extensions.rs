//! `--spirv-ext`: every name llvm-spirv lists is accepted; the constructs of the extensions
//! the translator implements are emitted only when enabled (each case checked by spirv-val).

mod common;
use common::{spirv_val, translate_with};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Capability, Op};
use spirvkit_spir::TranslateOptions;

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

#[test]
fn every_llvm_spirv_extension_name_is_accepted_and_unknown_ones_refused() {
    for name in spirvkit_spir::extensions::LLVM_SPIRV {
        let mut o = TranslateOptions::default();
        o.apply_extension_list(&format!("+{name}"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(o.allows(name));
        o.apply_extension_list(&format!("-{name}"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!o.allows(name));
    }
    let mut o = TranslateOptions::default();
    let e = o
        .apply_extension_list("+SPV_KHR_expect_assume,+SPV_NOT_AN_EXTENSION")
        .expect_err("unknown name")
        .to_string();
    assert!(e.contains("SPV_NOT_AN_EXTENSION"), "{e}");
    o.apply_extension_list("+all").expect("+all");
    for name in spirvkit_spir::KNOWN_EXTENSIONS {
        assert!(o.allows(name), "+all enables {name}");
    }
}

/// SPV_KHR_expect_assume: `llvm.assume` → OpAssumeTrueKHR, `llvm.expect(.with.probability)`
/// → OpExpectKHR; without the extension the hints are dropped (llvm-spirv's behaviour).
const EXPECT_ASSUME: &str = r#"target triple = "spir64-unknown-unknown"
declare void @llvm.assume(i1)
declare i32 @llvm.expect.i32(i32, i32)
declare <2 x i64> @llvm.expect.v2i64(<2 x i64>, <2 x i64>)
declare i1 @llvm.expect.with.probability.i1(i1, i1, double)
define spir_kernel void @k(ptr addrspace(1) %p, i32 %n, <2 x i64> %v) {
entry:
  %c = icmp sgt i32 %n, 0
  call void @llvm.assume(i1 %c)
  %e = call i32 @llvm.expect.i32(i32 %n, i32 5)
  %w = call <2 x i64> @llvm.expect.v2i64(<2 x i64> %v, <2 x i64> zeroinitializer)
  %b = call i1 @llvm.expect.with.probability.i1(i1 %c, i1 true, double 0.9)
  %s = select i1 %b, i32 %e, i32 0
  store i32 %s, ptr addrspace(1) %p, align 4
  %q = getelementptr i8, ptr addrspace(1) %p, i64 16
  store <2 x i64> %w, ptr addrspace(1) %q, align 16
  ret void
}
"#;

#[test]
fn expect_assume_with_and_without_the_extension() {
    let on =
        translate_with(EXPECT_ASSUME, "+SPV_KHR_expect_assume").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&on, "expect_assume_on");
    assert_eq!(count(&on, Op::AssumeTrueKHR), 1);
    assert_eq!(count(&on, Op::ExpectKHR), 3);
    assert!(on.instructions().any(|i| i.opcode == Op::Capability
        && i.operands.first().and_then(spirvkit_core::Operand::word)
            == Some(Capability::ExpectAssumeKHR.0)));
    assert!(on.instructions().any(|i| i.opcode == Op::Extension));
    let off = translate_with(EXPECT_ASSUME, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&off, "expect_assume_off");
    assert_eq!(
        count(&off, Op::AssumeTrueKHR) + count(&off, Op::ExpectKHR),
        0
    );
    assert_eq!(count(&off, Op::Extension), 0);
}

/// SPV_EXT_shader_atomic_float_add / _float_min_max: clang-22 OpenCL C 3.0 float atomics
/// (`atomic_fetch_add/sub/min/max[_explicit]` on `atomic_float` / `atomic_double`) and LLVM's
/// `atomicrmw fadd/fsub/fmin/fmax`; fsub adds the negated value.
const FLOAT_ATOMICS: &str = include_str!("data/float_atomics.ll");

#[test]
fn float_atomics_need_their_extensions() {
    let both = "+SPV_EXT_shader_atomic_float_add,+SPV_EXT_shader_atomic_float_min_max";
    for ext in [both, &format!("{both},+SPV_KHR_untyped_pointers")] {
        let m = translate_with(FLOAT_ATOMICS, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("float_atomics{}", ext.len()));
        // kernel k: add, sub, min, max (float), max (double); kernel rmw: fadd, fsub, fmin, fmax.
        assert_eq!(count(&m, Op::AtomicFAddEXT), 4);
        assert_eq!(count(&m, Op::AtomicFMinEXT), 2);
        assert_eq!(count(&m, Op::AtomicFMaxEXT), 3);
        assert_eq!(count(&m, Op::FNegate), 2);
        let caps: Vec<u32> = m
            .instructions()
            .filter(|i| i.opcode == Op::Capability)
            .filter_map(|i| i.operands.first().and_then(spirvkit_core::Operand::word))
            .collect();
        for cap in [
            Capability::AtomicFloat32AddEXT,
            Capability::AtomicFloat32MinMaxEXT,
            Capability::AtomicFloat64MinMaxEXT,
        ] {
            assert!(caps.contains(&cap.0), "{cap:?}");
        }
    }
    let e = translate_with(FLOAT_ATOMICS, "").expect_err("no extension");
    assert!(
        e.contains("@k") && e.contains("needs --spirv-ext=+SPV_EXT_shader_atomic_float_add"),
        "{e}"
    );
    let e =
        translate_with(FLOAT_ATOMICS, "+SPV_EXT_shader_atomic_float_add").expect_err("no min/max");
    assert!(e.contains("+SPV_EXT_shader_atomic_float_min_max"), "{e}");
}

/// SPV_KHR_integer_dot_product: clang-22 cl_khr_integer_dot_product built-ins (`dot` and
/// `dot_acc_sat` on char4/uchar4 in all four signedness pairs, the `4x8packed` forms).
const INTEGER_DOT: &str = include_str!("data/integer_dot_product.ll");

#[test]
fn integer_dot_product_needs_its_extension() {
    for ext in [
        "+SPV_KHR_integer_dot_product",
        "+SPV_KHR_integer_dot_product,+SPV_KHR_untyped_pointers",
    ] {
        let m = translate_with(INTEGER_DOT, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("integer_dot{}", ext.len()));
        assert_eq!(count(&m, Op::UDot), 2);
        assert_eq!(count(&m, Op::SDot), 2);
        assert_eq!(count(&m, Op::SUDot), 4);
        assert_eq!(count(&m, Op::UDotAccSat), 2);
        assert_eq!(count(&m, Op::SDotAccSat), 2);
        assert_eq!(count(&m, Op::SUDotAccSat), 1);
        assert_eq!(count(&m, Op::FunctionCall), 0, "every built-in lowered");
        let packed = m
            .instructions()
            .filter(|i| {
                matches!(
                    i.opcode,
                    Op::UDot | Op::SDot | Op::SUDot | Op::UDotAccSat | Op::SDotAccSat
                ) && i
                    .operands
                    .iter()
                    .any(|o| matches!(o, spirvkit_core::Operand::Word(0)))
            })
            .count();
        assert_eq!(packed, 6, "PackedVectorFormat4x8Bit on the packed forms");
    }
    let e = translate_with(INTEGER_DOT, "").expect_err("no extension");
    assert!(
        e.contains("needs --spirv-ext=+SPV_KHR_integer_dot_product"),
        "{e}"
    );
}

/// SPV_KHR_bit_instructions: `llvm.bitreverse` → OpBitReverse (scalar and vector).
#[test]
fn bitreverse_with_bit_instructions() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare i32 @llvm.bitreverse.i32(i32)
declare <4 x i16> @llvm.bitreverse.v4i16(<4 x i16>)
define spir_kernel void @k(ptr addrspace(1) %p, i32 %x, <4 x i16> %v) {
  %r = call i32 @llvm.bitreverse.i32(i32 %x)
  store i32 %r, ptr addrspace(1) %p, align 4
  %w = call <4 x i16> @llvm.bitreverse.v4i16(<4 x i16> %v)
  %q = getelementptr i8, ptr addrspace(1) %p, i64 8
  store <4 x i16> %w, ptr addrspace(1) %q, align 8
  ret void
}
"#;
    let m = translate_with(src, "+SPV_KHR_bit_instructions").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "bitreverse");
    assert_eq!(count(&m, Op::BitReverse), 2);
    // Without the extension llvm-spirv emulates it: no OpBitReverse (modern_constructs.rs).
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "bitreverse_emulated");
    assert_eq!(count(&m, Op::BitReverse), 0);
}

#[test]
fn cache_controls_from_spirv_decorations_metadata() {
    // SPV_INTEL_cache_controls as llvm-spirv reads it: `!spirv.Decorations` on the pointer
    // (one decoration of each kind per id: spirv-val refuses two CacheControlLoadINTEL).
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @test(ptr addrspace(1) %buffer) {
entry:
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %buffer, i64 1, !spirv.Decorations !0
  %v = load i32, ptr addrspace(1) %arrayidx, align 4
  %arrayidx1 = getelementptr inbounds i32, ptr addrspace(1) %buffer, i64 0, !spirv.Decorations !3
  store i32 %v, ptr addrspace(1) %arrayidx1, align 4
  ret void
}
!0 = !{!1}
!1 = !{i32 6442, i32 0, i32 1}
!3 = !{!4}
!4 = !{i32 6443, i32 0, i32 1}
"#;
    let e = translate_with(src, "").expect_err("cache controls need their extension");
    assert!(e.contains("SPV_INTEL_cache_controls"), "{e}");
    for ext in [
        "+SPV_INTEL_cache_controls",
        "+SPV_INTEL_cache_controls,+SPV_KHR_untyped_pointers",
    ] {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("cache_controls_{}", ext.len()));
        let decorations: Vec<u32> = m
            .instructions()
            .filter(|i| i.opcode == Op::Decorate)
            .filter_map(|i| i.operands.get(1).and_then(Operand::word))
            .collect();
        assert_eq!(decorations.iter().filter(|&&d| d == 6442).count(), 1);
        assert_eq!(decorations.iter().filter(|&&d| d == 6443).count(), 1);
    }
}

#[test]
fn float_controls_from_spirv_execution_mode_metadata() {
    // llvm-spirv's float controls input: `!spirv.ExecutionMode` nodes naming the kernel, the
    // mode (4459 DenormPreserve, 4462 RoundingModeRTE, 5620 RoundingModeRTPINTEL) and its
    // target width.
    let src = |modes: &str| {
        format!(
            r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p) {{
  store float 1.0, ptr addrspace(1) %p
  ret void
}}
!spirv.ExecutionMode = !{{{modes}}}
!0 = !{{ptr @k, i32 4459, i32 32}}
!1 = !{{ptr @k, i32 4462, i32 64}}
!2 = !{{ptr @k, i32 5620, i32 32}}
"#
        )
    };
    let modes = |m: &Module| -> Vec<u32> {
        m.instructions()
            .filter(|i| i.opcode == Op::ExecutionMode)
            .filter_map(|i| i.operands.get(1).and_then(Operand::word))
            .collect()
    };
    let m =
        translate_with(&src("!0, !1"), "+SPV_KHR_float_controls").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "float_controls_khr");
    assert!(modes(&m).contains(&4459) && modes(&m).contains(&4462));
    assert_eq!(
        m.header.version, 0x0001_0000,
        "the extension keeps SPIR-V 1.0"
    );
    // Without the extension the modes are core SPIR-V 1.4.
    let m = translate_with(&src("!0, !1"), "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "float_controls_core");
    assert_eq!(m.header.version, 0x0001_0400);
    // SPV_INTEL_float_controls2 has no core version: refused by name without it.
    let e = translate_with(&src("!2"), "").expect_err("needs SPV_INTEL_float_controls2");
    assert!(e.contains("SPV_INTEL_float_controls2"), "{e}");
    let m = translate_with(
        &src("!0, !2"),
        "+SPV_KHR_float_controls,+SPV_INTEL_float_controls2",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "float_controls_intel");
    assert!(modes(&m).contains(&5620));
}
