//! Vectors of lengths OpenCL does not have (SPV_INTEL_vector_compute's VectorAnyINTEL,
//! SPV_EXT_long_vector's LongVectorEXT). spirv-val 2025.5 rejects every OpTypeVector of such
//! a length whatever the capabilities (llvm-spirv's tests disable it), so each module is
//! checked by form, and the same IR with 8 components (OpenCL's Vector16) goes through
//! spirv-val to check the lowering itself: both translations must have the same
//! instructions.

mod common;
use common::{capabilities, defs, extensions, id, spirv_val, translate_with};
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::{Capability, Op, StorageClass};
use std::collections::HashMap;

/// Every construct on an `n`-component vector: globals (initialized, zero, undef), loads,
/// stores, arithmetic, compares, select, conversions, insert/extract (constant and dynamic
/// index), shuffles (to and from other lengths, splat), OpenCL built-ins and intrinsics.
fn module(n: u32) -> String {
    let vf = format!("<{n} x float>");
    let vi = format!("<{n} x i32>");
    let vb = format!("<{n} x i1>");
    let consts = |ty: &str, v: &dyn Fn(u32) -> String| {
        (0..n)
            .map(|k| format!("{ty} {}", v(k)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let fconsts = consts("float", &|k| format!("{}.0", k + 1));
    let iconsts = consts("i32", &|k| format!("{}", k + 1));
    let ones = consts("float", &|_| "1.0".into());
    let mask = (0..n)
        .map(|k| {
            if k == 2 {
                "i32 poison".into()
            } else if k % 2 == 1 {
                format!("i32 {}", n + k)
            } else {
                format!("i32 {k}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    let zeros = consts("i32", &|_| "0".into());
    let to_n = (0..n)
        .map(|k| format!("i32 {}", k % 8))
        .collect::<Vec<_>>()
        .join(", ");
    let last = n - 1;
    let mangled = format!("Dv{n}_f");
    format!(
        r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@g = addrspace(1) global {vf} <{fconsts}>, align 32
@z = addrspace(1) global {vi} zeroinitializer, align 32
@u = addrspace(1) global {vf} undef, align 32
declare spir_func {vf} @_Z4fabs{mangled}({vf})
declare spir_func {vf} @_Z3maxS_{mangled}({vf}, {vf})
declare {vf} @llvm.fma.v{n}f32({vf}, {vf}, {vf})
declare {vf} @llvm.sqrt.v{n}f32({vf})
declare {vi} @llvm.abs.v{n}i32({vi}, i1)
define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %iout, float %s, i32 %i, <4 x float> %q) {{
entry:
  %v = load {vf}, ptr addrspace(1) @g, align 32
  %a = fadd {vf} %v, <{ones}>
  %m = fmul {vf} %a, zeroinitializer
  %ins = insertelement {vf} %m, float %s, i32 {last}
  %dyn = insertelement {vf} %ins, float %s, i32 %i
  %e = extractelement {vf} %dyn, i32 1
  %e2 = extractelement {vf} %dyn, i32 %i
  %sh = shufflevector {vf} %dyn, {vf} %v, <{n} x i32> <{mask}>
  %sh4 = shufflevector {vf} %sh, {vf} undef, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %shn = shufflevector <4 x float> %q, <4 x float> %sh4, <{n} x i32> <{to_n}>
  %f = call spir_func {vf} @_Z4fabs{mangled}({vf} %sh)
  %x = call spir_func {vf} @_Z3maxS_{mangled}({vf} %f, {vf} %shn)
  %fm = call {vf} @llvm.fma.v{n}f32({vf} %x, {vf} %f, {vf} %f)
  %sq = call {vf} @llvm.sqrt.v{n}f32({vf} %fm)
  %c = fcmp olt {vf} %sq, %v
  %sel = select {vb} %c, {vf} %sq, {vf} %v
  %cv = fptosi {vf} %sel to {vi}
  %ab = call {vi} @llvm.abs.v{n}i32({vi} %cv, i1 false)
  %sp = insertelement {vf} poison, float %e, i64 0
  %splat = shufflevector {vf} %sp, {vf} poison, <{n} x i32> <{zeros}>
  %sum = fadd {vf} %splat, %sel
  %e3 = fadd float %e, %e2
  %sum2 = fadd {vf} %sum, <{fconsts}>
  store {vf} %sum2, ptr addrspace(1) %out, align 32
  store {vi} %ab, ptr addrspace(1) %iout, align 32
  %zi = load {vi}, ptr addrspace(1) @z, align 32
  %zs = add {vi} %zi, <{iconsts}>
  store {vi} %zs, ptr addrspace(1) @z, align 32
  %p = alloca {vf}, align 32
  store {vf} %sum, ptr %p, align 32
  %back = load {vf}, ptr %p, align 32
  store {vf} %back, ptr addrspace(1) @u, align 32
  ret void
}}
"#
    )
}

fn is_input(defs: &HashMap<Id, &Instruction>, var: Id) -> bool {
    defs.get(&var).is_some_and(|v| {
        v.opcode == Op::Variable
            && v.operands.first().and_then(Operand::word) == Some(StorageClass::Input.0)
    })
}

fn vector_lengths(m: &Module) -> Vec<u32> {
    let mut lengths: Vec<u32> = m
        .instructions()
        .filter(|i| i.opcode == Op::TypeVector)
        .filter_map(|i| i.operands.get(1).and_then(Operand::word))
        .collect();
    lengths.sort_unstable();
    lengths.dedup();
    lengths
}

/// The opcodes of the function bodies (what the lowering chose), in order.
fn body_opcodes(m: &Module) -> Vec<Op> {
    let mut in_body = false;
    let mut ops = Vec::new();
    for i in m.instructions() {
        if i.opcode == Op::Function {
            in_body = true;
        }
        if in_body {
            ops.push(i.opcode);
        }
    }
    ops
}

#[test]
fn eight_components_validate() {
    let m = translate_with(&module(8), "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "long_vectors_8");
    assert!(capabilities(&m).contains(&Capability::Vector16.0));
}

#[test]
fn long_vectors_under_either_extension() {
    let reference = translate_with(&module(8), "").unwrap_or_else(|e| panic!("{e}"));
    for n in [5, 6, 7, 9, 20, 32] {
        for (exts, capability, extension) in [
            (
                "+SPV_EXT_long_vector",
                Capability::LongVectorEXT,
                "SPV_EXT_long_vector",
            ),
            (
                "+SPV_INTEL_vector_compute",
                Capability::VectorAnyINTEL,
                "SPV_INTEL_vector_compute",
            ),
            // Both enabled: llvm-spirv takes the INTEL capability only for a vector-compute
            // module (`VCFunction` / `VCGlobalVariable`, its `prioritize_over_LongVecEXT_*`
            // tests); this one is not (`priority_over_vector_compute.ll`).
            (
                "+SPV_EXT_long_vector,+SPV_INTEL_vector_compute",
                Capability::LongVectorEXT,
                "SPV_EXT_long_vector",
            ),
        ] {
            let tag = format!("<{n} x float> [{exts}]");
            let m = translate_with(&module(n), exts).unwrap_or_else(|e| panic!("{tag}: {e}"));
            let caps = capabilities(&m);
            assert!(caps.contains(&capability.0), "{tag}: {caps:?}");
            assert_eq!(extensions(&m), [extension], "{tag}");
            // Vector16 names 8 and 16 components only.
            assert!(!caps.contains(&Capability::Vector16.0), "{tag}");
            let lengths = vector_lengths(&m);
            assert!(
                lengths.contains(&n) && lengths.contains(&4),
                "{tag}: {lengths:?}"
            );
            assert_eq!(body_opcodes(&m), body_opcodes(&reference), "{tag}");
        }
    }
}

#[test]
fn opencl_lengths_need_no_extension() {
    for n in [4, 8, 16] {
        let m = translate_with(&module(n), "+SPV_EXT_long_vector,+SPV_INTEL_vector_compute")
            .unwrap_or_else(|e| panic!("{n}: {e}"));
        assert!(extensions(&m).is_empty(), "{n}");
        spirv_val(&m, &format!("long_vectors_opencl_{n}"));
    }
}

#[test]
fn other_lengths_refused_naming_both_extensions() {
    for src in [
        module(5),
        // A global alone, and a parameter alone.
        "@gv = addrspace(1) global <5 x float> zeroinitializer\n".to_owned(),
        "define spir_func void @f(<6 x i32> %v) {\nentry:\n  ret void\n}\n".to_owned(),
    ] {
        for exts in ["", "+SPV_KHR_bfloat16"] {
            let err = translate_with(&src, exts).expect_err("translated a 5-component vector");
            assert!(
                err.contains("SPV_EXT_long_vector") && err.contains("SPV_INTEL_vector_compute"),
                "{err}"
            );
        }
    }
}

/// A `<6 x i32>` load through a bitcast of the `<3 x i64>` built-in variable (llvm-spirv's
/// `builtin_vars_different_type.ll`): the built-in's value is loaded and reinterpreted.
#[test]
fn builtin_loaded_as_another_vector_of_the_same_size() {
    let src = r#"target datalayout = "e-p:32:32-i64:64"
target triple = "spir-unknown-unknown"
@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInLocalInvocationId = external addrspace(1) constant <3 x i64>, align 32
define spir_kernel void @f(ptr addrspace(1) %out) {
entry:
  %a = load <6 x i32>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %b = load <3 x double>, ptr addrspace(1) @__spirv_BuiltInLocalInvocationId, align 32
  %x = extractelement <6 x i32> %a, i64 0
  %y = extractelement <3 x double> %b, i64 2
  store i32 %x, ptr addrspace(1) %out, align 4
  %o = getelementptr i8, ptr addrspace(1) %out, i32 8
  store double %y, ptr addrspace(1) %o, align 8
  ret void
}
"#;
    let m = translate_with(src, "+SPV_INTEL_vector_compute").unwrap_or_else(|e| panic!("{e}"));
    let defs = defs(&m);
    let reinterpreted_loads = m
        .instructions()
        .filter(|i| i.opcode == Op::Bitcast)
        .filter(|i| {
            defs.get(&id(&i.operands[0]))
                .is_some_and(|d| d.opcode == Op::Load && is_input(&defs, id(&d.operands[0])))
        })
        .count();
    assert_eq!(reinterpreted_loads, 2);
    assert!(vector_lengths(&m).contains(&6));
    // The <3 x double> reading alone is OpenCL-valid: the bitcast lowering is checked there.
    let src3 = src
        .replace("%a = load <6 x i32>", "%a = load <3 x i64>")
        .replace("extractelement <6 x i32>", "extractelement <3 x i64>")
        .replace("store i32 %x", "store i64 %x");
    let m = translate_with(&src3, "+SPV_KHR_bfloat16").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "builtin_loaded_as_double3");
}
