//! DISubprogram → DebugFunction (and DebugFunctionDeclaration), DILexicalBlock →
//! DebugLexicalBlock, DILexicalBlockFile → DebugLexicalBlockDiscriminator, DINamespace →
//! a named DebugLexicalBlock, inlined-at DILocations → DebugInlinedAt.

use super::types::info_flags;
use super::{di_node, field_node, flags, has_flag, inst, Declarer};
use crate::forward::translator::{Callee, Translator};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::{Id, Operand};
use spirvkit_llvm::{DiField, DiNode, MetadataId};

/// The extension of OpenCL.DebugInfo.100's DebugModuleINTEL.
const MODULE_EXTENSION: &str = "SPV_INTEL_debug_module";

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
                let ty = self.template_targets.get(&ty).copied().unwrap_or(ty);
                if self.composites.contains(&ty) {
                    ty
                } else {
                    self.unit
                }
            }
            Some("DICompileUnit") => self.units.get(&id).copied().unwrap_or(self.unit),
            // spirv-val takes no DebugModuleINTEL as an OpenCL.DebugInfo.100 parent (not a
            // lexical scope): what a module encloses has the module's own parent there.
            Some("DIModule") if !self.is_200() => {
                let outer = di_node(m, id).and_then(|n| field_node(n, "scope"));
                self.parent(outer)
            }
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
                let operands = vec![
                    Operand::Id(source),
                    self.lit(line),
                    self.lit(column),
                    Operand::Id(parent),
                ];
                self.fresh(inst::LEXICAL_BLOCK, operands)
            }
            // spirv-val takes no DebugLexicalBlockDiscriminator as a DebugScope's scope: a
            // block-file (a discriminator or another file for the same block) is described
            // as the scope it refines.
            "DILexicalBlockFile" => self.scope(field_node(n, "scope"))?,
            "DINamespace" => {
                let source = self.source_of(Some(id));
                let parent = self.parent(field_node(n, "scope"));
                let name = self.name(n, "name");
                let mut operands = vec![
                    Operand::Id(source),
                    self.lit(0),
                    self.lit(0),
                    Operand::Id(parent),
                    Operand::Id(name),
                ];
                if self.is_200() {
                    // .200: whether the namespace is inline (its symbols exported).
                    let inline = matches!(n.field("exportSymbols"), Some(DiField::Bool(true)));
                    operands.push(Operand::Id(self.bool_constant(inline)));
                }
                self.fresh(inst::LEXICAL_BLOCK, operands)
            }
            "DIModule" => self.module(id, n)?,
            _ => return None,
        };
        self.info.nodes.insert(id, result);
        Some(result)
    }

    /// A DIModule (a Clang / Fortran module), as llvm-spirv writes it: .200's DebugModule,
    /// or OpenCL.DebugInfo.100's DebugModuleINTEL when SPV_INTEL_debug_module is enabled
    /// (declaring it and DebugInfoModuleINTEL); `None` otherwise (what names it names the
    /// compile unit or DebugInfoNone instead). Operands: name, source, parent, line,
    /// configuration macros, include path, API notes file, is-declaration.
    fn module(&mut self, id: MetadataId, n: &DiNode) -> Option<Id> {
        let instruction = match self.info.format {
            f if f.has_200_additions() => inst::MODULE,
            super::DebugInfoFormat::OpenClDebugInfo100 | super::DebugInfoFormat::Legacy
                if self.t.opts.allows(MODULE_EXTENSION) =>
            {
                self.t.b.extension(MODULE_EXTENSION);
                self.t
                    .b
                    .capability(spirvkit_grammar::Capability::DebugInfoModuleINTEL);
                inst::MODULE_INTEL
            }
            _ => return None,
        };
        let name = self.name(n, "name");
        let source = self.source_of(Some(id));
        let parent = self.parent(field_node(n, "scope"));
        let line = self.field_word(n, "line");
        let macros = self.name(n, "configMacros");
        let include = self.name(n, "includePath");
        let notes = self.name(n, "apinotes");
        let is_declaration = matches!(n.field("isDecl"), Some(DiField::Bool(true)));
        let line = self.lit(line);
        // OpenCL.DebugInfo.100's DebugModuleINTEL has the parent before the line (its
        // grammar, which spirv-val checks); llvm-spirv's own DebugModule (.200,
        // NonSemantic.Kernel.DebugInfo.100) the line first (`SPIRV.debug.h`: LineIdx 2,
        // ParentIdx 3; its NonSemanticKernel100/DIModule test: `DebugModule %name %source
        // %uint_0 %unit ...`), which is how its reverse translator reads it.
        let (third, fourth) = if instruction == inst::MODULE {
            (line, Operand::Id(parent))
        } else {
            (Operand::Id(parent), line)
        };
        let operands = vec![
            Operand::Id(name),
            Operand::Id(source),
            third,
            fourth,
            Operand::Id(macros),
            Operand::Id(include),
            Operand::Id(notes),
            self.lit(u32::from(is_declaration)),
        ];
        Some(self.fresh(instruction, operands))
    }

    /// DebugFunction naming the OpFunction of the function it describes (DebugInfoNone for
    /// a subprogram without one: a declaration, or one inlined everywhere).
    fn subprogram(&mut self, id: MetadataId, n: &DiNode) -> Id {
        // Its own id first: its lexical blocks and local variables name it as parent.
        let self_id = self.ahead();
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
                let flags = self.lit(0);
                self.fresh(inst::TYPE_FUNCTION, vec![flags, Operand::Id(void)])
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
        let mut operands = self.named_at(name, ty, source, line);
        operands.extend([
            Operand::Id(parent),
            Operand::Id(linkage),
            self.lit(flags),
            self.lit(scope_line),
        ]);
        if self.info.format.is_non_semantic() {
            // No Function operand: DebugFunctionDefinition in the body binds the two.
            match declaration {
                Some(declaration) => operands.push(Operand::Id(declaration)),
                // spirv-val wants a DebugFunctionDeclaration there in .100: nothing then;
                // .200 (unchecked) keeps llvm-spirv's DebugInfoNone.
                None if self.is_200() => operands.push(Operand::Id(self.none)),
                None => {}
            }
            if let Some(target) = super::field_string(self.t.m, n, "targetFuncName") {
                if self.is_200() {
                    operands.push(Operand::Id(self.string(&target)));
                }
            }
        } else {
            operands.push(Operand::Id(function));
            if let Some(declaration) = declaration {
                operands.push(Operand::Id(declaration));
            }
        }
        self.emit(self_id, inst::FUNCTION, operands);
        self.in_progress.remove(&id);
        // A function template: DebugTypeTemplate over it (scopes keep naming the function).
        self.template(n, self_id);
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
        let mut operands = self.named_at(name, ty, source, line);
        operands.extend([Operand::Id(parent), Operand::Id(linkage), self.lit(flags)]);
        let result = self.fresh(inst::FUNCTION_DECLARATION, operands);
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
        let mut operands = vec![self.lit(line)];
        if self.is_200() {
            // .200 adds the column.
            let column = self.field_word(n, "column");
            operands.push(self.lit(column));
        }
        operands.push(Operand::Id(scope));
        operands.extend(outer.map(Operand::Id));
        let id = self.fresh(inst::INLINED_AT, operands);
        self.info.nodes.insert(loc, id);
        Some(id)
    }
}

/// NonSemantic sets: DebugEntryPoint of each kernel with a DebugFunction (its compile unit,
/// the unit's producer as compiler signature and its flags as command line, as llvm-spirv).
pub(super) fn entry_points(d: &mut Declarer<'_, '_>) {
    let m = d.t.m;
    let kernels = crate::forward::kernels::kernel_set(m);
    let mut found: Vec<(MetadataId, MetadataId)> = m
        .functions
        .iter()
        .enumerate()
        .filter(|(f, func)| {
            !func.is_declaration() && kernels.contains(&spirvkit_llvm::FuncId(*f as u32))
        })
        .filter_map(|(_, func)| {
            let sp = func.attachment("dbg")?;
            let unit = di_node(m, sp).and_then(|n| field_node(n, "unit"))?;
            Some((sp, unit))
        })
        .collect();
    found.sort();
    found.dedup();
    for (sp, unit) in found {
        let (Some(&function), Some(&cu)) = (d.info.nodes.get(&sp), d.units.get(&unit)) else {
            continue;
        };
        let Some(un) = di_node(m, unit) else {
            continue;
        };
        let producer = d.name(un, "producer");
        let flags = d.name(un, "flags");
        d.fresh(
            inst::ENTRY_POINT,
            vec![
                Operand::Id(function),
                Operand::Id(cu),
                Operand::Id(producer),
                Operand::Id(flags),
            ],
        );
    }
}
