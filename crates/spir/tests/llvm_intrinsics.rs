//! LLVM intrinsics recent clang and llvm-spirv's tests use: each is translated to what the
//! LLVM Language Reference defines (OpenCL.std, core instructions, or an inline expansion)
//! and spirv-val accepts the module.

mod common;
use common::{spirv_val, translate_with};
use spirvkit_grammar::Op;

/// A kernel calling `name` (declared returning `ret` over the types of `args`) and storing
/// nothing: the call's lowering alone must be valid.
fn kernel(ret: &str, name: &str, args: &str) -> String {
    let types: Vec<&str> = args
        .split(", ")
        .filter(|a| !a.is_empty())
        .map(|a| a.rsplit_once(' ').map_or(a, |(ty, _)| ty))
        .collect();
    let call = if ret == "void" {
        format!("call void @{name}({args})")
    } else {
        format!("%r = call {ret} @{name}({args})")
    };
    format!(
        r#"target triple = "spir64-unknown-unknown"
declare {ret} @{name}({})
define spir_kernel void @k(i32 %a, i32 %b, i64 %l, float %x, float %y, <4 x i32> %v, <4 x float> %w, ptr addrspace(1) %p) {{
  {call}
  ret void
}}
"#,
        types.join(", ")
    )
}

/// (result type, intrinsic, arguments, an opcode the translation must contain).
const CASES: &[(&str, &str, &str, Op)] = &[
    ("i32", "llvm.uadd.sat.i32", "i32 %a, i32 %b", Op::ExtInst),
    ("i32", "llvm.ssub.sat.i32", "i32 %a, i32 %b", Op::ExtInst),
    ("float", "llvm.tan.f32", "float %x", Op::ExtInst),
    ("float", "llvm.exp10.f32", "float %x", Op::ExtInst),
    ("float", "llvm.nearbyint.f32", "float %x", Op::ExtInst),
    ("float", "llvm.roundeven.f32", "float %x", Op::ExtInst),
    (
        "float",
        "llvm.ldexp.f32.i32",
        "float %x, i32 %a",
        Op::ExtInst,
    ),
    (
        "float",
        "llvm.powi.f32.i32",
        "float %x, i32 %a",
        Op::ExtInst,
    ),
    (
        "i32",
        "llvm.fptosi.sat.i32.f32",
        "float %x",
        Op::ConvertFToS,
    ),
    (
        "i32",
        "llvm.fptoui.sat.i32.f32",
        "float %x",
        Op::ConvertFToU,
    ),
    ("i64", "llvm.lround.i64.f32", "float %x", Op::ConvertFToS),
    (
        "i32",
        "llvm.fshl.i32",
        "i32 %a, i32 %b, i32 %a",
        Op::ShiftLeftLogical,
    ),
    (
        "i32",
        "llvm.fshr.i32",
        "i32 %a, i32 %b, i32 %a",
        Op::ShiftRightLogical,
    ),
    ("i32", "llvm.bswap.i32", "i32 %a", Op::BitwiseOr),
    ("i64", "llvm.bswap.i64", "i64 %l", Op::BitwiseOr),
    ("i32", "llvm.scmp.i32.i32", "i32 %a, i32 %b", Op::Select),
    ("i32", "llvm.ucmp.i32.i32", "i32 %a, i32 %b", Op::Select),
    (
        "{i32, i1}",
        "llvm.uadd.with.overflow.i32",
        "i32 %a, i32 %b",
        Op::IAddCarry,
    ),
    (
        "{i32, i1}",
        "llvm.usub.with.overflow.i32",
        "i32 %a, i32 %b",
        Op::ISubBorrow,
    ),
    (
        "{i32, i1}",
        "llvm.umul.with.overflow.i32",
        "i32 %a, i32 %b",
        Op::UMulExtended,
    ),
    (
        "{i32, i1}",
        "llvm.smul.with.overflow.i32",
        "i32 %a, i32 %b",
        Op::SMulExtended,
    ),
    (
        "{i32, i1}",
        "llvm.sadd.with.overflow.i32",
        "i32 %a, i32 %b",
        Op::SLessThan,
    ),
    (
        "{i32, i1}",
        "llvm.ssub.with.overflow.i32",
        "i32 %a, i32 %b",
        Op::SLessThan,
    ),
    (
        "i32",
        "llvm.vector.reduce.add.v4i32",
        "<4 x i32> %v",
        Op::IAdd,
    ),
    (
        "i32",
        "llvm.vector.reduce.umax.v4i32",
        "<4 x i32> %v",
        Op::ExtInst,
    ),
    (
        "float",
        "llvm.vector.reduce.fadd.v4f32",
        "float %x, <4 x float> %w",
        Op::FAdd,
    ),
    (
        "float",
        "llvm.vector.reduce.fmax.v4f32",
        "<4 x float> %w",
        Op::ExtInst,
    ),
    (
        "float",
        "llvm.experimental.constrained.fadd.f32",
        r#"float %x, float %y, metadata !"round.dynamic", metadata !"fpexcept.strict""#,
        Op::FAdd,
    ),
    (
        "ptr addrspace(1)",
        "llvm.ptrmask.p1.i64",
        "ptr addrspace(1) %p, i64 -8",
        Op::ConvertUToPtr,
    ),
    (
        "{float, float}",
        "llvm.sincos.f32",
        "float %x",
        Op::CompositeConstruct,
    ),
    (
        "float",
        "llvm.arithmetic.fence.f32",
        "float %x",
        Op::CopyObject,
    ),
    ("float", "llvm.canonicalize.f32", "float %x", Op::FMul),
    (
        "i64",
        "llvm.objectsize.i64.p1",
        "ptr addrspace(1) %p, i1 false, i1 false, i1 false",
        Op::CopyObject,
    ),
];

#[test]
fn intrinsics_translate_to_valid_spirv() {
    for &(ret, name, args, op) in CASES {
        let src = kernel(ret, name, args);
        for ext in ["", "+SPV_KHR_untyped_pointers"] {
            let m = translate_with(&src, ext).unwrap_or_else(|e| panic!("{name}: {e}"));
            spirv_val(
                &m,
                &format!("intrinsic_{}{}", name.replace('.', "_"), ext.len()),
            );
            assert!(
                m.instructions().any(|i| i.opcode == op),
                "{name}: no {op:?}"
            );
        }
    }
}

#[test]
fn arithmetic_fence_with_its_extension() {
    let src = kernel("float", "llvm.arithmetic.fence.f32", "float %x");
    let m = translate_with(&src, "+SPV_EXT_arithmetic_fence").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "arithmetic_fence_ext");
    assert!(m.instructions().any(|i| i.opcode == Op::ArithmeticFenceEXT));
}

#[test]
fn ignored_intrinsics_with_a_result_leave_it_defined() {
    // `invariant.start` returns a token-like pointer nothing reads; its name must not name an
    // undefined id.
    let src = r#"target triple = "spir64-unknown-unknown"
declare ptr @llvm.invariant.start.p0(i64, ptr)
define spir_kernel void @k() {
  %al = alloca i32
  %r = call ptr @llvm.invariant.start.p0(i64 4, ptr %al)
  ret void
}
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "invariant_start");
}

#[test]
fn fma_with_and_without_spv_khr_fma() {
    let src = kernel("float", "llvm.fma.f32", "float %x, float %y, float %x");
    let m = translate_with(&src, "+SPV_KHR_fma").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "fma_khr");
    assert!(m.instructions().any(|i| i.opcode == Op::FmaKHR));
    let m = translate_with(&src, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "fma_opencl_std");
    assert!(!m.instructions().any(|i| i.opcode == Op::FmaKHR));
    assert!(m.instructions().any(|i| i.opcode == Op::ExtInst));
}

#[test]
fn bfloat_needs_spv_khr_bfloat16() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p) {
  %a = alloca bfloat
  store bfloat 0xR3F80, ptr %a
  %v = load bfloat, ptr %a
  store bfloat %v, ptr addrspace(1) %p
  ret void
}
"#;
    let e = translate_with(src, "").expect_err("bfloat needs the extension");
    assert!(e.contains("SPV_KHR_bfloat16"), "{e}");
    for ext in [
        "+SPV_KHR_bfloat16",
        "+SPV_KHR_bfloat16,+SPV_KHR_untyped_pointers",
    ] {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("bfloat16_{}", ext.len()));
        assert!(m
            .instructions()
            .any(|i| i.opcode == Op::TypeFloat && i.operands.len() == 2));
    }
}

#[test]
fn fp_class_tests_translate_for_every_mask_shape() {
    // No class, every class, NaN, signalling/quiet NaN, infinities, normals, subnormals and
    // zeros of one or both signs, and a mix; scalar and vector; half, float, double.
    for (ty, mask) in [
        ("float", 0),
        ("float", 1023),
        ("float", 3),
        ("float", 1),
        ("float", 2),
        ("float", 516),
        ("float", 512),
        ("float", 4),
        ("float", 264),
        ("float", 144),
        ("float", 128),
        ("float", 96),
        ("float", 64),
        ("float", 32),
        ("float", 7),
        ("double", 0x1a5),
        ("half", 0x1a5),
        ("<2 x float>", 3),
        ("<2 x half>", 0x1a5),
    ] {
        let ret = if ty.starts_with('<') {
            "<2 x i1>"
        } else {
            "i1"
        };
        let suffix = match ty {
            "float" => "f32",
            "double" => "f64",
            "half" => "f16",
            "<2 x float>" => "v2f32",
            _ => "v2f16",
        };
        let src = format!(
            r#"target triple = "spir64-unknown-unknown"
declare {ret} @llvm.is.fpclass.{suffix}({ty}, i32)
define spir_func {ret} @f({ty} %x) {{
  %r = call {ret} @llvm.is.fpclass.{suffix}({ty} %x, i32 {mask})
  ret {ret} %r
}}
"#
        );
        let m = translate_with(&src, "").unwrap_or_else(|e| panic!("{ty} {mask}: {e}"));
        spirv_val(&m, &format!("fpclass_{suffix}_{mask}"));
    }
}

#[test]
fn traps_are_dropped_before_their_unreachable() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare void @llvm.trap()
define spir_func void @f() {
entry:
  call void @llvm.trap()
  unreachable
}
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "trap");
    assert!(m.instructions().any(|i| i.opcode == Op::Unreachable));
}

#[test]
fn fixed_point_multiplications_expand_from_both_product_halves() {
    // (result, intrinsic, arguments, whether saturating): scalar and vector, signed and
    // unsigned, scale 0 and not (`builtins/fixed_point.rs`; the expansion was checked against
    // the exact product for every 8-bit pair and scale).
    let cases = [
        ("i32", "llvm.smul.fix.i32", "i32 %a, i32 %b, i32 16", false),
        ("i32", "llvm.umul.fix.i32", "i32 %a, i32 %b, i32 0", false),
        (
            "i64",
            "llvm.smul.fix.sat.i64",
            "i64 %l, i64 %l, i32 31",
            true,
        ),
        (
            "i32",
            "llvm.smul.fix.sat.i32",
            "i32 %a, i32 %b, i32 0",
            true,
        ),
        (
            "<4 x i32>",
            "llvm.umul.fix.sat.v4i32",
            "<4 x i32> %v, <4 x i32> %v, i32 8",
            true,
        ),
        (
            "<4 x i32>",
            "llvm.smul.fix.v4i32",
            "<4 x i32> %v, <4 x i32> %v, i32 3",
            false,
        ),
    ];
    for (ret, name, args, saturating) in cases {
        let m =
            translate_with(&kernel(ret, name, args), "").unwrap_or_else(|e| panic!("{name}: {e}"));
        spirv_val(&m, &format!("intel13_{}", name.replace('.', "_")));
        let ops: Vec<Op> = m.instructions().map(|i| i.opcode).collect();
        // The low half, the high half (OpenCL.std s_mul_hi / u_mul_hi), no call left.
        assert!(ops.contains(&Op::IMul), "{name}");
        assert!(ops.contains(&Op::ExtInst), "{name}");
        assert!(!ops.contains(&Op::FunctionCall), "{name}");
        assert_eq!(ops.contains(&Op::Select), saturating, "{name}");
    }
    // A scale that is not below the width is malformed input, reported, not a panic.
    let err = translate_with(
        &kernel("i32", "llvm.smul.fix.i32", "i32 %a, i32 %b, i32 32"),
        "",
    )
    .expect_err("scale 32 of i32");
    assert!(err.contains("scale"), "{err}");
}
