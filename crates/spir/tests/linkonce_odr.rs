//! SPV_KHR_linkonce_odr: `weak_odr` / `linkonce_odr` definitions → LinkOnceODR linkage;
//! without the extension the functions and `weak_odr` globals are exported.

mod common;
use common::{spirv_val, translate_with};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Decoration, LinkageType, Op};

const ODR: &str = r#"target triple = "spir"
@GV = weak_odr addrspace(1) global [3 x i32] zeroinitializer, align 4
@LO = linkonce_odr addrspace(1) global i32 0, align 4
define spir_kernel void @k() {
entry:
  %call = call spir_func i32 @square(i32 2)
  %c2 = call spir_func i32 @add1(i32 %call)
  store i32 %c2, ptr addrspace(1) @LO
  ret void
}
define weak_odr dso_local spir_func i32 @square(i32 %in) {
entry:
  %mul = mul nsw i32 %in, %in
  ret i32 %mul
}
define linkonce_odr dso_local spir_func i32 @add1(i32 %in) {
entry:
  %add = add nsw i32 %in, 1
  ret i32 %add
}
"#;

/// (name, linkage type) of every LinkageAttributes decoration, sorted.
fn linkages(m: &Module) -> Vec<(String, u32)> {
    let mut out: Vec<_> = m
        .instructions()
        .filter(|i| {
            i.opcode == Op::Decorate
                && i.operands.get(1).and_then(Operand::word)
                    == Some(Decoration::LinkageAttributes.0)
        })
        .filter_map(|i| match (i.operands.get(2), i.operands.get(3)) {
            (Some(Operand::String(s)), Some(k)) => Some((s.to_string(), k.word()?)),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

#[test]
fn odr_definitions_get_linkonce_odr_with_the_extension() {
    let odr = LinkageType::LinkOnceODR.0;
    let export = LinkageType::Export.0;
    let m = translate_with(ODR, "+SPV_KHR_linkonce_odr").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "linkonce_odr");
    let names = |v: &[(&str, u32)]| -> Vec<(String, u32)> {
        v.iter().map(|(n, k)| ((*n).to_owned(), *k)).collect()
    };
    assert_eq!(
        linkages(&m),
        names(&[("GV", odr), ("LO", odr), ("add1", odr), ("square", odr)])
    );
    let m = translate_with(ODR, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "linkonce_odr_off");
    assert_eq!(
        linkages(&m),
        names(&[("GV", export), ("add1", export), ("square", export)])
    );
    assert!(!m.instructions().any(|i| i.opcode == Op::Extension));
}
