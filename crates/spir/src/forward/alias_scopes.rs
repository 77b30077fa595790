//! SPV_INTEL_memory_access_aliasing: the `!alias.scope` / `!noalias` lists of loads, stores
//! and calls of functions → OpAliasDomainDeclINTEL / OpAliasScopeDeclINTEL /
//! OpAliasScopeListDeclINTEL at module scope and the AliasScopeINTEL / NoAliasINTEL memory
//! operands (loads, stores) or decorations (OpDecorateId on the OpFunctionCall), as llvm-spirv
//! maps them; on calls of built-ins and intrinsics (lifetime markers, barriers) they are
//! skipped, as llvm-spirv does. Without
//! the extension the metadata is dropped (it is an optimisation hint), as llvm-spirv does.
//!
//! Every list is declared once, before any function body is translated (so forks translating
//! bodies in parallel only read the table).

use crate::forward::translator::Translator;
use llvm::{MdOperand, MetadataId};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration, MemoryAccess, Op};
use spirvkit_llvm as llvm;
use std::collections::HashMap;

const EXTENSION: &str = "SPV_INTEL_memory_access_aliasing";
const SCOPE_KIND: &str = "alias.scope";
const NOALIAS_KIND: &str = "noalias";

impl<'m> Translator<'m> {
    /// Declares every alias scope list the module's loads and stores carry (nothing without
    /// the extension). Malformed lists (not lists of `!{self, domain, ...}` scopes) are skipped.
    pub(crate) fn declare_alias_scopes(&mut self) {
        if !self.opts.allows(EXTENSION) {
            return;
        }
        let m = self.m;
        let mut nodes: HashMap<MetadataId, Id> = HashMap::new();
        for func in &m.functions {
            for inst in &func.insts {
                let carries_lists = match &inst.kind {
                    llvm::InstKind::Load { .. } | llvm::InstKind::Store { .. } => true,
                    // Calls of functions (not of built-ins or intrinsics, whose lists
                    // llvm-spirv skips): decorated.
                    llvm::InstKind::Call {
                        callee: llvm::ValueRef::Function(f),
                        ..
                    } => matches!(
                        self.callees.get(f.0 as usize),
                        Some(crate::forward::translator::Callee::Function(_))
                    ),
                    _ => false,
                };
                if !carries_lists {
                    continue;
                }
                for (kind, list) in &inst.metadata {
                    if (kind == SCOPE_KIND || kind == NOALIAS_KIND)
                        && !self.alias_lists.contains_key(list)
                    {
                        if let Some(id) = self.declare_list(*list, &mut nodes) {
                            self.alias_lists.insert(*list, id);
                        }
                    }
                }
            }
        }
    }

    fn declare_list(
        &mut self,
        list: MetadataId,
        nodes: &mut HashMap<MetadataId, Id>,
    ) -> Option<Id> {
        let m = self.m;
        let mut scopes = Vec::new();
        for op in m.node_operands(list) {
            let MdOperand::Metadata(scope) = op else {
                return None;
            };
            let domain = match m.node_operands(*scope).get(1) {
                Some(MdOperand::Metadata(d)) => *d,
                _ => return None,
            };
            let domain_id = match nodes.get(&domain) {
                Some(&id) => id,
                None => {
                    let id = self.unique_decl(Op::AliasDomainDeclINTEL, vec![]);
                    nodes.insert(domain, id);
                    id
                }
            };
            let scope_id = match nodes.get(scope) {
                Some(&id) => id,
                None => {
                    let id =
                        self.unique_decl(Op::AliasScopeDeclINTEL, vec![Operand::Id(domain_id)]);
                    nodes.insert(*scope, id);
                    id
                }
            };
            scopes.push(Operand::Id(scope_id));
        }
        if scopes.is_empty() {
            return None;
        }
        Some(self.unique_decl(Op::AliasScopeListDeclINTEL, scopes))
    }

    fn unique_decl(&mut self, op: Op, operands: Vec<Operand>) -> Id {
        self.b.extension(EXTENSION);
        self.b.capability(Capability::MemoryAccessAliasingINTEL);
        self.b.unique_global(op, None, operands)
    }

    /// A call's `!alias.scope` / `!noalias` lists → the AliasScopeINTEL / NoAliasINTEL
    /// decorations (OpDecorateId) on its OpFunctionCall, as llvm-spirv puts them.
    pub(crate) fn decorate_call_alias_scopes(
        &mut self,
        call: Id,
        metadata: &[(String, MetadataId)],
    ) {
        for (kind, decoration) in [
            (SCOPE_KIND, Decoration::AliasScopeINTEL),
            (NOALIAS_KIND, Decoration::NoAliasINTEL),
        ] {
            let list = metadata
                .iter()
                .find(|(k, _)| k == kind)
                .and_then(|(_, md)| self.alias_lists.get(md));
            if let Some(&id) = list {
                self.b.global(spirvkit_core::Instruction::new(
                    Op::DecorateId,
                    None,
                    None,
                    [
                        Operand::Id(call),
                        Operand::Word(decoration.0),
                        Operand::Id(id),
                    ],
                ));
            }
        }
    }

    /// The AliasScopeINTEL / NoAliasINTEL memory-access bits of an instruction and their id
    /// operands (in mask-bit order), from its metadata.
    pub(crate) fn alias_memory_operands(
        &self,
        metadata: &[(String, MetadataId)],
    ) -> (u32, Vec<Operand>) {
        let mut mask = 0;
        let mut ids = Vec::new();
        for (kind, bit) in [
            (SCOPE_KIND, MemoryAccess::AliasScopeINTELMask.0),
            (NOALIAS_KIND, MemoryAccess::NoAliasINTELMask.0),
        ] {
            let list = metadata
                .iter()
                .find(|(k, _)| k == kind)
                .and_then(|(_, md)| self.alias_lists.get(md));
            if let Some(&id) = list {
                mask |= bit;
                ids.push(Operand::Id(id));
            }
        }
        (mask, ids)
    }
}
