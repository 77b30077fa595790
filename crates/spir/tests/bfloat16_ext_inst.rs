//! OpenCL.std on bfloat16 (SPIR-V friendly IR `__spirv_ocl_*` calls): vloadn/vstoren become
//! vector loads/stores (SPV_KHR_bfloat16 alone); the others are computed in float without
//! SPV_INTEL_bfloat16_arithmetic and stay OpExtInst on bfloat16 with it (checked by form:
//! spirv-val 2025.5 rejects any OpExtInst on bfloat16 and does not know capability 6226).

mod common;
use common::{defs, id, spirv_val, translate_with, typed_and_untyped};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Capability, Op, OpenClStdOp};

fn ext_insts(m: &Module) -> Vec<u32> {
    m.instructions()
        .filter(|i| i.opcode == Op::ExtInst)
        .filter_map(|i| i.operands.get(1).and_then(Operand::word))
        .collect()
}

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

fn vload_store(n: u32) -> String {
    format!(
        r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(i64 %offset, ptr addrspace(1) %src, ptr addrspace(1) %dst) {{
  %v = call spir_func <{n} x bfloat> @_Z26__spirv_ocl_vloadn__RDF16blPU3AS1DF16bi(i64 %offset, ptr addrspace(1) %src, i32 {n})
  call spir_func void @_Z19__spirv_ocl_vstorenDv{n}_DF16blPU3AS1DF16b(<{n} x bfloat> %v, i64 %offset, ptr addrspace(1) %dst)
  ret void
}}
declare spir_func <{n} x bfloat> @_Z26__spirv_ocl_vloadn__RDF16blPU3AS1DF16bi(i64, ptr addrspace(1), i32)
declare spir_func void @_Z19__spirv_ocl_vstorenDv{n}_DF16blPU3AS1DF16b(<{n} x bfloat>, i64, ptr addrspace(1))
"#
    )
}

#[test]
fn vloadn_and_vstoren_are_vector_loads_and_stores() {
    for n in [2, 3, 4, 8, 16] {
        for exts in [
            "+SPV_KHR_bfloat16",
            "+SPV_KHR_bfloat16,+SPV_INTEL_bfloat16_arithmetic",
        ] {
            for m in typed_and_untyped(&vload_store(n), exts, &format!("bf16_vloadn_{n}")) {
                assert!(ext_insts(&m).is_empty(), "{n} [{exts}]");
                // The element offset is offset * n; the vector pointer a bitcast of the
                // element pointer, accessed with the element's alignment.
                let defs = defs(&m);
                let chains: Vec<_> = m
                    .instructions()
                    .filter(|i| i.opcode == Op::InBoundsPtrAccessChain)
                    .collect();
                assert_eq!(chains.len(), 2, "{n} [{exts}]");
                for c in chains {
                    let index = defs[&id(&c.operands[1])];
                    assert_eq!(index.opcode, Op::IMul);
                    let factor = defs[&id(&index.operands[1])];
                    assert_eq!(factor.operands.first().and_then(Operand::word), Some(n));
                }
                for access in m
                    .instructions()
                    .filter(|i| matches!(i.opcode, Op::Load | Op::Store))
                {
                    let ptr = defs[&id(&access.operands[0])];
                    assert_eq!(ptr.opcode, Op::Bitcast);
                    assert_eq!(access.operands.last().and_then(Operand::word), Some(2));
                }
                assert!(!m.instructions().any(|i| i.opcode == Op::Capability
                    && i.operands[0].word() == Some(Capability::BFloat16ArithmeticINTEL.0)));
            }
        }
    }
}

const MATH: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(i16 %code, <2 x i16> %codes, bfloat %x, <4 x bfloat> %v, ptr addrspace(1) %out) {
  %n = call spir_func bfloat @_Z22__spirv_ocl_nan_RDF16bt(i16 %code)
  %n2 = call spir_func <2 x bfloat> @_Z24__spirv_ocl_nan_Rbfloat2Dv2_t(<2 x i16> %codes)
  %a = call spir_func bfloat @_Z16__spirv_ocl_fabsDF16b(bfloat %x)
  %m = call spir_func <4 x bfloat> @_Z16__spirv_ocl_fminDv4_DF16bS_(<4 x bfloat> %v, <4 x bfloat> %v)
  %s = call spir_func bfloat @_Z16__spirv_ocl_sqrtDF16b(bfloat %a)
  %e = extractelement <4 x bfloat> %m, i32 0
  %e2 = extractelement <2 x bfloat> %n2, i32 1
  store bfloat %n, ptr addrspace(1) %out, align 2
  store bfloat %s, ptr addrspace(1) %out, align 2
  store bfloat %e, ptr addrspace(1) %out, align 2
  store bfloat %e2, ptr addrspace(1) %out, align 2
  ret void
}
declare spir_func bfloat @_Z22__spirv_ocl_nan_RDF16bt(i16)
declare spir_func <2 x bfloat> @_Z24__spirv_ocl_nan_Rbfloat2Dv2_t(<2 x i16>)
declare spir_func bfloat @_Z16__spirv_ocl_fabsDF16b(bfloat)
declare spir_func <4 x bfloat> @_Z16__spirv_ocl_fminDv4_DF16bS_(<4 x bfloat>, <4 x bfloat>)
declare spir_func bfloat @_Z16__spirv_ocl_sqrtDF16b(bfloat)
"#;

#[test]
fn math_without_the_arithmetic_extension_is_computed_in_float() {
    for m in typed_and_untyped(MATH, "+SPV_KHR_bfloat16", "bf16_math_in_float") {
        let defs = defs(&m);
        let insts: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::ExtInst)
            .collect();
        assert_eq!(insts.len(), 5);
        for i in &insts {
            // Every operand is float or a 32-bit nancode; every result narrowed back.
            for op in &i.operands[2..] {
                let def = defs[&id(op)];
                assert!(
                    matches!(def.opcode, Op::FConvert | Op::UConvert),
                    "{:?}",
                    def.opcode
                );
            }
            let r = i.result_id.expect("result");
            assert!(m
                .instructions()
                .any(|u| u.opcode == Op::FConvert && u.operands[0].id() == Some(r)));
        }
        assert_eq!(count(&m, Op::UConvert), 2);
    }
}

#[test]
fn math_with_the_arithmetic_extension_stays_on_bfloat16() {
    for ext in [
        "SPV_INTEL_bfloat16_arithmetic",
        "SPV_EXT_bfloat16_arithmetic",
    ] {
        let m = translate_with(MATH, &format!("+SPV_KHR_bfloat16,+{ext}"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ext_insts(&m).len(), 5);
        assert_eq!(count(&m, Op::FConvert), 0);
        assert!(m.instructions().any(|i| i.opcode == Op::Capability
            && i.operands[0].word() == Some(Capability::BFloat16ArithmeticINTEL.0)));
        assert!(m.instructions().any(|i| i.opcode == Op::Extension
            && matches!(&i.operands[0], Operand::String(s) if s.as_ref() == ext)));
    }
}

#[test]
fn pointer_operands_need_the_arithmetic_extension() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func bfloat @f(bfloat %x, ptr %iptr) {
  %r = call spir_func bfloat @_Z17__spirv_ocl_fractDF16bPDF16b(bfloat %x, ptr %iptr)
  ret bfloat %r
}
declare spir_func bfloat @_Z17__spirv_ocl_fractDF16bPDF16b(bfloat, ptr)
"#;
    let err = translate_with(src, "+SPV_KHR_bfloat16").expect_err("fract on bfloat16");
    assert!(err.contains("SPV_INTEL_bfloat16_arithmetic"), "{err}");
    let m = translate_with(src, "+SPV_KHR_bfloat16,+SPV_INTEL_bfloat16_arithmetic")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ext_insts(&m), [OpenClStdOp::fract.0]);
}

/// The half form next to it is untouched (OpExtInst on half needs nothing new).
#[test]
fn half_nan_is_unchanged() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(i16 %b, ptr addrspace(1) %out) {
  %h = call spir_func half @_Z21__spirv_ocl_nan_Rhalft(i16 %b)
  store half %h, ptr addrspace(1) %out, align 2
  ret void
}
declare spir_func half @_Z21__spirv_ocl_nan_Rhalft(i16)
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "half_nan");
    assert_eq!(count(&m, Op::FConvert) + count(&m, Op::UConvert), 0);
}
