//! SPIR-V friendly IR input (llvm-spirv's `--spirv-target-env=SPV-IR`, DPC++): the
//! `__spirv_BuiltIn*` work-item calls become loads of the BuiltIn Input variables; the other
//! `__spirv_*` built-ins are not translated yet and are refused by name (never turned into
//! unresolved imports).

mod common;
use common::{spirv_val, translate_with};
use spirvkit_core::Operand;
use spirvkit_grammar::{BuiltIn, Decoration, Op};

const BUILTINS: &str = include_str!("data/spv_ir_builtins.ll");

#[test]
fn spirv_builtin_calls_become_builtin_variables() {
    for ext in ["", "+SPV_KHR_untyped_pointers"] {
        let m = translate_with(BUILTINS, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("spv_ir_builtins{}", ext.len()));
        let mut builtins: Vec<u32> = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::Decorate
                    && i.operands.get(1).and_then(Operand::word) == Some(Decoration::BuiltIn.0)
            })
            .filter_map(|i| i.operands.get(2).and_then(Operand::word))
            .collect();
        builtins.sort_unstable();
        let mut expected = vec![
            BuiltIn::GlobalInvocationId.0,
            BuiltIn::LocalInvocationId.0,
            BuiltIn::WorkgroupSize.0,
            BuiltIn::WorkDim.0,
            BuiltIn::GlobalLinearId.0,
        ];
        expected.sort_unstable();
        assert_eq!(builtins, expected);
        assert!(!m.instructions().any(|i| i.opcode == Op::FunctionCall));
    }
}

#[test]
fn other_spirv_builtins_are_refused_by_name() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32)
define spir_kernel void @k() {
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 272)
  ret void
}
"#;
    let e = translate_with(src, "").expect_err("not translated yet");
    assert!(
        e.contains("__spirv_ControlBarrier") && e.contains("@k"),
        "{e}"
    );
}
