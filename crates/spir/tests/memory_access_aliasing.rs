//! SPV_INTEL_memory_access_aliasing: `!alias.scope` / `!noalias` lists on loads and stores →
//! OpAlias{Domain,Scope,ScopeList}DeclINTEL and the AliasScopeINTEL / NoAliasINTEL memory
//! operands; dropped without the extension (a hint), as llvm-spirv does.

mod common;
use common::{spirv_val, translate_with};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{MemoryAccess, Op};

const ALIASING: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, ptr addrspace(1) noalias %c) {
entry:
  %0 = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  %1 = addrspacecast ptr addrspace(1) %b to ptr addrspace(4)
  %2 = addrspacecast ptr addrspace(1) %c to ptr addrspace(4)
  %3 = load i32, ptr addrspace(4) %0, align 4, !alias.scope !9
  %4 = load i32, ptr addrspace(4) %1, align 4, !alias.scope !9, !noalias !16
  %add = add nsw i32 %4, %3
  store i32 %add, ptr addrspace(4) %2, align 4, !noalias !9
  store volatile i32 %3, ptr addrspace(1) %c, !noalias !16
  ret void
}
!9 = !{!10}
!10 = distinct !{!10, !11, !"scope: %this"}
!11 = distinct !{!11, !"domain"}
!16 = !{!17, !10}
!17 = distinct !{!17, !18, !"other: %this"}
!18 = distinct !{!18, !"other domain"}
"#;

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

/// The memory-access mask of every OpLoad / OpStore, in order.
fn masks(m: &Module) -> Vec<u32> {
    m.instructions()
        .filter_map(|i| match i.opcode {
            Op::Load => i.operands.get(1).and_then(Operand::word),
            Op::Store => i.operands.get(2).and_then(Operand::word),
            _ => None,
        })
        .collect()
}

#[test]
fn alias_scopes_become_declarations_and_memory_operands() {
    let m = translate_with(ALIASING, "+SPV_INTEL_memory_access_aliasing")
        .unwrap_or_else(|e| panic!("{e}"));
    // spirv-val 2025.5 places OpAlias*DeclINTEL inside blocks ("must appear in a block"),
    // rejecting llvm-spirv's module-scope declarations the same way; the form is checked.
    assert_eq!(count(&m, Op::AliasDomainDeclINTEL), 2);
    assert_eq!(count(&m, Op::AliasScopeDeclINTEL), 2);
    assert_eq!(count(&m, Op::AliasScopeListDeclINTEL), 2);
    let (aligned, volatile) = (MemoryAccess::Aligned.0, MemoryAccess::Volatile.0);
    let (scope, noalias) = (
        MemoryAccess::AliasScopeINTELMask.0,
        MemoryAccess::NoAliasINTELMask.0,
    );
    assert_eq!(
        masks(&m),
        vec![
            aligned | scope,
            aligned | scope | noalias,
            aligned | noalias,
            volatile | noalias,
        ]
    );
    // The second list holds the other domain's scope and the first list's scope.
    let lists: Vec<_> = m
        .instructions()
        .filter(|i| i.opcode == Op::AliasScopeListDeclINTEL)
        .map(|i| i.operands.len())
        .collect();
    assert_eq!(lists, vec![1, 2]);
    // The ids follow the alignment literal, scope list first.
    let second_load = m
        .instructions()
        .filter(|i| i.opcode == Op::Load)
        .nth(1)
        .expect("two loads");
    assert_eq!(second_load.operands.len(), 5);

    let off = translate_with(ALIASING, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&off, "aliasing_off");
    assert_eq!(count(&off, Op::AliasScopeListDeclINTEL), 0);
    assert_eq!(masks(&off), vec![aligned, aligned, aligned, volatile]);
}
