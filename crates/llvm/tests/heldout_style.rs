//! Text-reader cases found by the held-out style measurement (llvm-spirv-style tests, issue
//! 18): each snippet is hand-written and reads the way `llvm-as` reads it.

use spirvkit_llvm::*;

#[test]
fn an_undefined_attribute_group_adds_nothing() {
    // llvm-as accepts a declaration naming a group no `attributes #N` defines.
    let src = r#"target triple = "spir-unknown-unknown"
declare void @llvm.trap() #8
define spir_kernel void @k() #0 {
  call void @llvm.trap() #12
  ret void
}
attributes #0 = { nounwind }
"#;
    let m = parse_text(src, "groups.ll").unwrap_or_else(|e| panic!("{e}"));
    let trap = m
        .functions
        .iter()
        .find(|f| f.name == "llvm.trap")
        .expect("trap");
    assert!(trap.attrs.function.is_empty());
    let k = m.functions.iter().find(|f| f.name == "k").expect("kernel");
    assert!(!k.attrs.function.is_empty());
}
