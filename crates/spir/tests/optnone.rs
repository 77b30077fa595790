//! SPV_EXT_optnone / SPV_INTEL_optnone: `optnone` → the OptNoneEXT function control (EXT
//! preferred when both are allowed), ignored without either (as llvm-spirv does).

mod common;
use common::{extensions, spirv_val, translate_with};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{FunctionControl, Op};

const OPTNONE: &str = r#"target triple = "spir-unknown-unknown"
define spir_func void @_Z3foov() #0 {
entry:
  ret void
}
define spir_func void @_Z3barv() {
entry:
  ret void
}
attributes #0 = { nounwind optnone noinline }
"#;

fn controls(m: &Module) -> Vec<u32> {
    m.instructions()
        .filter(|i| i.opcode == Op::Function)
        .filter_map(|i| i.operands.first().and_then(Operand::word))
        .collect()
}

#[test]
fn optnone_becomes_a_function_control_with_either_extension() {
    let opt_none = FunctionControl::OptNoneEXT.0;
    let dont_inline = FunctionControl::DontInline.0;
    for (exts, declared) in [
        ("+SPV_EXT_optnone", "SPV_EXT_optnone"),
        ("+SPV_INTEL_optnone", "SPV_INTEL_optnone"),
        ("+SPV_INTEL_optnone,+SPV_EXT_optnone", "SPV_EXT_optnone"),
    ] {
        let m = translate_with(OPTNONE, exts).unwrap_or_else(|e| panic!("{exts}: {e}"));
        spirv_val(&m, "optnone");
        assert_eq!(controls(&m), vec![dont_inline | opt_none, 0], "{exts}");
        assert_eq!(extensions(&m), vec![declared.to_owned()], "{exts}");
    }
    let m = translate_with(OPTNONE, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "optnone_off");
    assert_eq!(controls(&m), vec![dont_inline, 0]);
    assert!(extensions(&m).is_empty());
}
