//! DISubprogram → DebugFunction (and DebugFunctionDeclaration), DILexicalBlock →
//! DebugLexicalBlock, DILexicalBlockFile → DebugLexicalBlockDiscriminator, DINamespace →
//! a named DebugLexicalBlock, inlined-at DILocations → DebugInlinedAt.

use super::types::info_flags;
use super::{di_node, field_node, flags, has_flag, inst, Declarer};
use crate::forward::translator::{Callee, Translator};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::{Id, Operand};
use spirvkit_llvm::{DiNode, MetadataId};

/// DISubprogram of each defined function → its OpFunction.
pub(super) fn subprogram_functions(t: &Translator<'_>) -> FxHashMap<MetadataId, Id> {
    let mut out = FxHashMap::default();
    for (f, func) in t.m.functions.iter().enumerate() {
        if func.is_declaration() {
            continue;
        }
        let (Some(sp), Some(Callee::Function(id))) = (func.attachment("dbg"), t.callees.get(f))
        else {
            continue;
        };
        out.entry(sp).or_insert(*id);
    }
    out
}

/// `DebugInfoFlags` of a subprogram: its `flags:` and the `spFlags:` llvm-spirv keeps.
fn subprogram_flags(n: &DiNode) -> u32 {
    let mut out = info_flags(n);
    if has_flag(n, "spFlags", "DISPFlagDefinition") {
        out |= flags::IS_DEFINITION;
    }
    if has_flag(n, "spFlags", "DISPFlagOptimized") {
        out |= flags::IS_OPTIMIZED;
    }
    if has_flag(n, "spFlags", "DISPFlagLocalToUnit") {
        out |= flags::IS_LOCAL;
    }
    out
}

impl Declarer<'_, '_> {
    /// The debug instruction of a scope for a `Parent` operand: the compile unit for a file,
    /// `null` or what has no scope form here.
    pub(super) fn parent(&mut self, id: Option<MetadataId>) -> Id {
        let Some(id) = id else {
            return self.unit;
        };
        let m = self.t.m;
        match di_node(m, id).map(|n| n.kind.as_str()) {
            Some("DICompositeType") => {
                let ty = self.ty(Some(id));
                if self.composites.contains(&ty) {
                    ty
                } else {
                    self.unit
                }
            }
            Some("DICompileUnit") => self.units.get(&id).copied().unwrap_or(self.unit),
            // A subprogram whose DebugFunction is not written yet (a type local to it, met
            // while declaring its signature) cannot be named before it.
            _ if self.in_progress.contains(&id) => self.unit,
            _ => self.scope(Some(id)).unwrap_or(self.unit),
        }
    }

    /// The debug instruction of a DISubprogram, lexical block or namespace (declared on first
    /// use); `None` for anything else.
    pub(super) fn scope(&mut self, id: Option<MetadataId>) -> Option<Id> {
        let id = id?;
        if let Some(&done) = self.info.nodes.get(&id) {
            return Some(done);
        }
        let m = self.t.m;
        let n = di_node(m, id)?;
        let result = match n.kind.as_str() {
            "DISubprogram" => self.subprogram(id, n),
            "DILexicalBlock" => {
                let source = self.source_of(Some(id));
                let line = self.field_word(n, "line");
                let column = self.field_word(n, "column");
                let parent = self.parent(field_node(n, "scope"));
                self.fresh(
                    inst::LEXICAL_BLOCK,
                    vec![
                        Operand::Id(source),
                        Operand::Word(line),
                        Operand::Word(column),
                        Operand::Id(parent),
                    ],
                )
            }
            // spirv-val takes no DebugLexicalBlockDiscriminator as a DebugScope's scope: a
            // block-file (a discriminator or another file for the same block) is described
            // as the scope it refines.
            "DILexicalBlockFile" => self.scope(field_node(n, "scope"))?,
            "DINamespace" => {
                let source = self.source_of(Some(id));
                let parent = self.parent(field_node(n, "scope"));
                let name = self.name(n, "name");
                self.fresh(
                    inst::LEXICAL_BLOCK,
                    vec![
                        Operand::Id(source),
                        Operand::Word(0),
                        Operand::Word(0),
                        Operand::Id(parent),
                        Operand::Id(name),
                    ],
                )
            }
            _ => return None,
        };
        self.info.nodes.insert(id, result);
        Some(result)
    }

    /// DebugFunction naming the OpFunction of the function it describes (DebugInfoNone for
    /// a subprogram without one: a declaration, or one inlined everywhere).
    fn subprogram(&mut self, id: MetadataId, n: &DiNode) -> Id {
        // Its own id first: its lexical blocks and local variables name it as parent.
        let self_id = self.t.b.alloc_id();
        self.info.nodes.insert(id, self_id);
        self.in_progress.insert(id);
        let name = self.name(n, "name");
        let ty = match field_node(n, "type").and_then(|t| di_node(self.t.m, t)) {
            Some(tn) if tn.kind == "DISubroutineType" => {
                let tn = tn.clone();
                self.subroutine(&tn)
            }
            _ => {
                let void = self.info.void;
                self.fresh(
                    inst::TYPE_FUNCTION,
                    vec![Operand::Word(0), Operand::Id(void)],
                )
            }
        };
        let source = self.source_of(Some(id));
        let line = self.field_word(n, "line");
        let parent = self.parent(field_node(n, "scope"));
        let linkage = match super::field_string(self.t.m, n, "linkageName") {
            Some(l) => self.string(&l),
            None => name,
        };
        let flags = subprogram_flags(n);
        let scope_line = self.field_word(n, "scopeLine");
        let function = self
            .subprogram_functions
            .get(&id)
            .copied()
            .unwrap_or(self.none);
        let declaration = field_node(n, "declaration").map(|d| self.declaration(d, ty));
        let mut operands = vec![
            Operand::Id(name),
            Operand::Id(ty),
            Operand::Id(source),
            Operand::Word(line),
            Operand::Word(0),
            Operand::Id(parent),
            Operand::Id(linkage),
            Operand::Word(flags),
            Operand::Word(scope_line),
            Operand::Id(function),
        ];
        if let Some(declaration) = declaration {
            operands.push(Operand::Id(declaration));
        }
        self.emit(self_id, inst::FUNCTION, operands);
        self.in_progress.remove(&id);
        self_id
    }

    /// DebugFunctionDeclaration of a subprogram's `declaration:` (a member function's
    /// declaration inside its class).
    fn declaration(&mut self, id: MetadataId, fallback_type: Id) -> Id {
        if let Some(&done) = self.info.nodes.get(&id) {
            return done;
        }
        let m = self.t.m;
        let Some(n) = di_node(m, id) else {
            return self.none;
        };
        let ty = match field_node(n, "type").and_then(|t| di_node(m, t)) {
            Some(tn) if tn.kind == "DISubroutineType" => {
                let tn = tn.clone();
                self.subroutine(&tn)
            }
            _ => fallback_type,
        };
        let name = self.name(n, "name");
        let source = self.source_of(Some(id));
        let line = self.field_word(n, "line");
        let parent = self.parent(field_node(n, "scope"));
        let linkage = match super::field_string(m, n, "linkageName") {
            Some(l) => self.string(&l),
            None => name,
        };
        let flags = subprogram_flags(n);
        let result = self.fresh(
            inst::FUNCTION_DECLARATION,
            vec![
                Operand::Id(name),
                Operand::Id(ty),
                Operand::Id(source),
                Operand::Word(line),
                Operand::Word(0),
                Operand::Id(parent),
                Operand::Id(linkage),
                Operand::Word(flags),
            ],
        );
        self.info.nodes.insert(id, result);
        result
    }

    /// Declares what a `!dbg` DILocation needs: its scope, and the DebugInlinedAt chain of
    /// its `inlinedAt:`.
    pub(super) fn location(&mut self, loc: MetadataId) {
        let m = self.t.m;
        let Some(n) = di_node(m, loc) else {
            return;
        };
        if n.kind != "DILocation" {
            return;
        }
        self.scope(field_node(n, "scope"));
        if let Some(at) = field_node(n, "inlinedAt") {
            self.inlined_at(at);
        }
    }

    /// DebugInlinedAt of an inlined-at DILocation (memoized; outer ones first).
    pub(super) fn inlined_at(&mut self, loc: MetadataId) -> Option<Id> {
        if let Some(&done) = self.info.nodes.get(&loc) {
            return Some(done);
        }
        let m = self.t.m;
        let n = di_node(m, loc).filter(|n| n.kind == "DILocation")?;
        let scope = self.scope(field_node(n, "scope"))?;
        let outer = match field_node(n, "inlinedAt") {
            Some(o) => Some(self.inlined_at(o)?),
            None => None,
        };
        let line = self.field_word(n, "line");
        let mut operands = vec![Operand::Word(line), Operand::Id(scope)];
        operands.extend(outer.map(Operand::Id));
        let id = self.fresh(inst::INLINED_AT, operands);
        self.info.nodes.insert(loc, id);
        Some(id)
    }
}
