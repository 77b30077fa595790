//! Debug information back to LLVM metadata: the `OpenCL.DebugInfo.100` (and llvm-spirv's
//! `SPIRV.debug`), `NonSemantic.Shader.DebugInfo.100` and `.200` instructions, and OpLine,
//! become `!DI…` nodes, `!dbg` attachments and `llvm.dbg.declare` / `llvm.dbg.value` calls,
//! the inverse of `forward/debug_info/` (llvm-spirv's SPIRVToLLVMDbgTran).
//!
//! The three sets share their instruction layouts; they differ in how a literal is written (a
//! word, or in the NonSemantic sets the id of an OpConstant: `Args::lit` reads both), in a few
//! operands (no Parent in a NonSemantic DebugTypeMember, no Child in its DebugTypeInheritance,
//! no Function in its DebugFunction — DebugFunctionDefinition in the body binds the two) and
//! in the `.200` additions (a column in DebugInlinedAt, subranges, the producer).
//!
//! Module-scope instructions become nodes on demand (`nodes.rs`, memoized by id, each node's
//! slot reserved before its operands are translated so that cycles — a structure whose member
//! points back to it — close on the slot). Bodies (`body.rs`) track the current scope and line
//! and attach a DILocation to every LLVM instruction made from a SPIR-V one. What cannot be
//! translated (an unknown instruction, a malformed operand list) becomes `null` or is dropped;
//! the rest of the module is still translated.

mod body;
mod nodes;

pub(crate) use body::BodyState;

use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Op;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_llvm as llvm;
use spirvkit_llvm::{DiField, DiNode, MdOperand, Metadata, MetadataId, NamedMetadata};

use super::Ctx;

/// Which debug-information set an OpExtInstImport names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DebugSet {
    /// `OpenCL.DebugInfo.100` or llvm-spirv's `SPIRV.debug`: literals are words.
    OpenCl100,
    /// `NonSemantic.Shader.DebugInfo.100`: literals are ids of constants.
    Shader100,
    /// `NonSemantic.Shader.DebugInfo.200` (llvm-spirv's extension of `.100`).
    Shader200,
}

impl DebugSet {
    pub fn from_name(name: &str) -> Option<DebugSet> {
        Some(match name {
            "OpenCL.DebugInfo.100" | "SPIRV.debug" => DebugSet::OpenCl100,
            "NonSemantic.Shader.DebugInfo.100" => DebugSet::Shader100,
            "NonSemantic.Shader.DebugInfo.200" => DebugSet::Shader200,
            _ => return None,
        })
    }

    fn non_semantic(self) -> bool {
        self != DebugSet::OpenCl100
    }
}

/// Debug-information instruction numbers (shared by the three sets, with the `.200`
/// additions llvm-spirv numbers from 200).
pub(crate) mod inst {
    pub(crate) use spirvkit_core::grammar::debug_info::*;
    pub const MODULE_INTEL: u32 = spirvkit_grammar::OpenClDebugInfo100Op::DebugModuleINTEL.0;
    pub const MODULE: u32 = 200;
    pub const TYPE_SUBRANGE: u32 = 201;
    pub const TYPE_TEMPLATE_PARAMETER_PACK: u32 =
        spirvkit_grammar::OpenClDebugInfo100Op::DebugTypeTemplateParameterPack.0;
}

/// The debug information of the module being translated.
#[derive(Debug, Default)]
pub(crate) struct DebugState {
    /// OpExtInstImport id → its set.
    pub sets: FxHashMap<Id, DebugSet>,
    /// Debug instruction id → its node (`None`: null, or nothing translatable).
    pub nodes: FxHashMap<Id, Option<MetadataId>>,
    /// OpString texts as metadata strings.
    strings: FxHashMap<String, MetadataId>,
    /// DICompileUnits in order, with the globals and imported entities each lists.
    pub units: Vec<MetadataId>,
    pub unit_globals: FxHashMap<MetadataId, Vec<MetadataId>>,
    pub unit_imports: FxHashMap<MetadataId, Vec<MetadataId>>,
    pub dwarf_version: u32,
    /// The producer llvm-spirv records in OpModuleProcessed ("Debug info producer: ...").
    pub producer: Option<String>,
    /// OpFunction → its DebugFunction (the Function operand, or DebugFunctionDefinition).
    pub definitions: FxHashMap<Id, Id>,
    /// LLVM function → its DISubprogram (what its body's locations must lead to).
    pub function_subprograms: FxHashMap<llvm::FuncId, MetadataId>,
    /// `llvm.dbg.declare` / `llvm.dbg.value` once declared.
    pub declare_fn: Option<llvm::FuncId>,
    pub value_fn: Option<llvm::FuncId>,
    /// The empty DIExpression, for a global variable's DIGlobalVariableExpression.
    pub empty_expression: Option<MetadataId>,
}

impl DebugState {
    pub fn any(&self) -> bool {
        !self.sets.is_empty()
    }
}

/// The operands of a debug instruction after the set and the instruction number.
#[derive(Clone, Copy)]
pub(crate) struct Args<'i> {
    pub set: DebugSet,
    pub number: u32,
    pub ops: &'i [Operand],
}

impl<'i> Args<'i> {
    pub fn id(&self, i: usize) -> Option<Id> {
        self.ops.get(i).and_then(Operand::id)
    }
    pub fn len(&self) -> usize {
        self.ops.len()
    }
}

impl<'a> Ctx<'a> {
    /// The set and operands of `inst` when it is an instruction of a debug-information set.
    pub(crate) fn debug_args<'i>(&self, inst: &'i Instruction) -> Option<Args<'i>> {
        if !matches!(inst.opcode, Op::ExtInst | Op::ExtInstWithForwardRefsKHR) {
            return None;
        }
        let set = *self.debug.sets.get(&inst.operands.first()?.id()?)?;
        let number = inst.operands.get(1)?.word()?;
        Some(Args {
            set,
            number,
            ops: inst.operands.get(2..)?,
        })
    }

    /// The debug instruction defining `id` (module scope).
    fn debug_def(&self, id: Id) -> Option<(Args<'a>, &'a Instruction)> {
        let inst = self.def(id)?;
        Some((self.debug_args(inst)?, inst))
    }

    /// A literal operand: the word (OpenCL.DebugInfo.100) or the value of the constant the
    /// id names (NonSemantic sets; either is read in both, as producers mix them).
    pub(crate) fn lit(&self, a: &Args, i: usize) -> Option<u64> {
        match a.ops.get(i)? {
            Operand::Word(w) => Some(*w as u64),
            Operand::Id(id) => self.constant_u64(*id),
            Operand::String(_) => None,
        }
    }

    /// The text of an OpString operand.
    pub(crate) fn debug_string(&self, id: Option<Id>) -> Option<&'a str> {
        let inst = self.def(id?)?;
        if inst.opcode != Op::String {
            return None;
        }
        inst.operands.first().and_then(Operand::string)
    }

    pub(crate) fn push_debug_md(&mut self, md: Metadata) -> MetadataId {
        let id = MetadataId(self.m.metadata.len() as u32);
        self.m.metadata.push(md);
        id
    }

    pub(crate) fn md_string(&mut self, text: &str) -> MetadataId {
        if let Some(&id) = self.debug.strings.get(text) {
            return id;
        }
        let id = self.push_debug_md(Metadata::String(text.as_bytes().to_vec()));
        self.debug.strings.insert(text.to_owned(), id);
        id
    }

    pub(crate) fn md_tuple(&mut self, items: Vec<MdOperand>) -> MetadataId {
        self.push_debug_md(Metadata::Node {
            operands: items,
            distinct: false,
        })
    }

    pub(crate) fn debug_md_i32(&mut self, v: u32) -> MdOperand {
        let ty = self.m.types.int(32);
        let value = self.const_int(ty, v as u64);
        MdOperand::Value { ty, value }
    }

    pub(crate) fn di(&self, id: MetadataId) -> Option<&DiNode> {
        match self.m.metadata(id) {
            Some(Metadata::Specialized(n)) => Some(n),
            _ => None,
        }
    }

    /// Appends a field to a node made earlier (a unit's globals, a template's parameters).
    pub(crate) fn add_field(&mut self, id: MetadataId, name: &str, value: DiField) {
        if let Some(Metadata::Specialized(n)) = self.m.metadata.get_mut(id.0 as usize) {
            n.fields.retain(|(f, _)| f != name);
            n.fields.push((name.to_owned(), value));
        }
    }

    /// Indexes the debug sets and what module-scope instructions say about the module (the
    /// producer); called while indexing globals.
    pub(crate) fn index_debug_set(&mut self, inst: &Instruction, name: &str) -> bool {
        let (Some(set), Some(id)) = (DebugSet::from_name(name), inst.result_id) else {
            return false;
        };
        self.debug.sets.insert(id, set);
        true
    }

    /// Before bodies: the compile units, each subprogram attached to its function, global
    /// variables attached to theirs, imported entities. `functions` are the module's
    /// functions (their DebugFunctionDefinitions bind NonSemantic subprograms).
    pub(crate) fn debug_module(&mut self, functions: &[spirvkit_core::Function]) {
        if !self.debug.any() {
            return;
        }
        let spv = self.spv;
        for inst in &spv.globals {
            if inst.opcode == Op::ModuleProcessed {
                if let Some(p) = inst
                    .operands
                    .first()
                    .and_then(Operand::string)
                    .and_then(|s| s.strip_prefix("Debug info producer: "))
                {
                    self.debug.producer = Some(p.to_owned());
                }
            }
        }
        // NonSemantic sets: DebugFunctionDefinition (in the first block) binds each function.
        for f in functions {
            for inst in f.instructions() {
                if let Some(a) = self.debug_args(inst) {
                    if a.number == inst::FUNCTION_DEFINITION {
                        if let (Some(df), Some(func)) = (a.id(0), a.id(1)) {
                            self.debug.definitions.insert(func, df);
                        }
                    }
                }
            }
        }
        let mut ordered = Vec::new();
        for inst in &spv.globals {
            let (Some(a), Some(id)) = (self.debug_args(inst), inst.result_id) else {
                continue;
            };
            match a.number {
                inst::COMPILATION_UNIT => {
                    self.debug_node(id);
                }
                inst::FUNCTION if !a.set.non_semantic() => {
                    if let Some(f) = a.id(9).filter(|f| self.functions.contains_key(f)) {
                        self.debug.definitions.entry(f).or_insert(id);
                    }
                    ordered.push(id);
                }
                inst::GLOBAL_VARIABLE | inst::IMPORTED_ENTITY | inst::FUNCTION => ordered.push(id),
                _ => {}
            }
        }
        if self.debug.units.is_empty() {
            // Nothing is valid LLVM debug info without a compile unit.
            return;
        }
        for id in ordered {
            self.debug_node(id);
        }
        self.retained_variables();
        self.bind_by_name(functions);
        let mut definitions: Vec<(Id, Id)> = self
            .debug
            .definitions
            .iter()
            .map(|(f, d)| (*f, *d))
            .collect();
        definitions.sort();
        let mut attached = std::collections::HashSet::new();
        for (function, df) in definitions {
            let Some(fid) = self.functions.get(&function).copied() else {
                continue;
            };
            let Some(sp) = self.debug_node(df) else {
                continue;
            };
            let is_definition = self
                .m
                .functions
                .get(fid.0 as usize)
                .is_some_and(|f| !f.is_declaration() || self.body_follows(functions, function));
            // LLVM attaches a subprogram to one definition only.
            if !is_definition || !attached.insert(sp) {
                continue;
            }
            if let Some(f) = self.m.functions.get_mut(fid.0 as usize) {
                f.attachments.push(("dbg".into(), sp));
            }
            self.debug.function_subprograms.insert(fid, sp);
        }
    }

    /// A DebugFunction whose Function operand is DebugInfoNone (some producers write none
    /// for artificial or local functions): bound to the defined function its linkage name
    /// (or name) names, when no other DebugFunction names that function.
    fn bind_by_name(&mut self, functions: &[spirvkit_core::Function]) {
        let spv = self.spv;
        let mut by_name: FxHashMap<String, Id> = FxHashMap::default();
        for f in functions.iter().filter(|f| !f.blocks.is_empty()) {
            if let Some(name) = self
                .linkage_name(f.id())
                .or_else(|| self.name(f.id()).map(str::to_owned))
            {
                by_name.entry(name).or_insert(f.id());
            }
        }
        for inst in &spv.globals {
            let (Some(a), Some(id)) = (self.debug_args(inst), inst.result_id) else {
                continue;
            };
            if a.number != inst::FUNCTION || self.debug.definitions.values().any(|d| *d == id) {
                continue;
            }
            let bound = a.set == DebugSet::OpenCl100
                && a.id(9).is_some_and(|f| self.functions.contains_key(&f));
            if bound {
                continue;
            }
            let name = self
                .debug_string(a.id(6))
                .filter(|s| !s.is_empty())
                .or_else(|| self.debug_string(a.id(0)));
            if let Some(&f) = name.and_then(|n| by_name.get(n)) {
                self.debug.definitions.entry(f).or_insert(id);
            }
        }
    }

    /// Every local variable, listed by its subprogram's `retainedNodes` (as clang lists
    /// them): a variable no DebugDeclare / DebugValue names (optimized out) is kept too.
    fn retained_variables(&mut self) {
        let spv = self.spv;
        let mut retained: Vec<(MetadataId, Vec<MdOperand>)> = Vec::new();
        for inst in &spv.globals {
            let (Some(a), Some(id)) = (self.debug_args(inst), inst.result_id) else {
                continue;
            };
            if a.number != inst::LOCAL_VARIABLE {
                continue;
            }
            let Some(var) = self.debug_node(id) else {
                continue;
            };
            let scope = match self.di(var).and_then(|n| n.field("scope")) {
                Some(DiField::Metadata(s)) => *s,
                _ => continue,
            };
            let Some(sp) = self
                .subprogram_of(scope)
                .filter(|sp| self.di(*sp).is_some_and(|n| n.distinct))
            else {
                continue;
            };
            match retained.iter_mut().find(|(s, _)| *s == sp) {
                Some((_, list)) => list.push(MdOperand::Metadata(var)),
                None => retained.push((sp, vec![MdOperand::Metadata(var)])),
            }
        }
        for (sp, list) in retained {
            let tuple = self.md_tuple(list);
            self.add_field(sp, "retainedNodes", DiField::Metadata(tuple));
        }
    }

    fn body_follows(&self, functions: &[spirvkit_core::Function], id: Id) -> bool {
        functions
            .iter()
            .any(|f| f.id() == id && !f.blocks.is_empty())
    }

    /// After bodies: each unit's globals and imported entities, `!llvm.dbg.cu`, and the
    /// module flags LLVM needs to keep debug info ("Debug Info Version" 3, else it strips it).
    pub(crate) fn debug_finish(&mut self) {
        if self.debug.units.is_empty() {
            return;
        }
        let units = self.debug.units.clone();
        for unit in &units {
            for (field, list) in [
                ("globals", self.debug.unit_globals.remove(unit)),
                ("imports", self.debug.unit_imports.remove(unit)),
            ] {
                if let Some(list) = list.filter(|l| !l.is_empty()) {
                    let items = list.into_iter().map(MdOperand::Metadata).collect();
                    let tuple = self.md_tuple(items);
                    self.add_field(*unit, field, DiField::Metadata(tuple));
                }
            }
        }
        self.m.named_metadata.push(NamedMetadata {
            name: "llvm.dbg.cu".into(),
            nodes: units,
        });
        let mut flags = Vec::new();
        if self.debug.dwarf_version > 0 {
            let behaviour = self.debug_md_i32(7);
            let name = MdOperand::Metadata(self.md_string("Dwarf Version"));
            let value = self.debug_md_i32(self.debug.dwarf_version);
            flags.push(self.md_tuple(vec![behaviour, name, value]));
        }
        let behaviour = self.debug_md_i32(2);
        let name = MdOperand::Metadata(self.md_string("Debug Info Version"));
        let value = self.debug_md_i32(3);
        flags.push(self.md_tuple(vec![behaviour, name, value]));
        match self
            .m
            .named_metadata
            .iter_mut()
            .find(|n| n.name == "llvm.module.flags")
        {
            Some(existing) => existing.nodes.extend(flags),
            None => self.m.named_metadata.push(NamedMetadata {
                name: "llvm.module.flags".into(),
                nodes: flags,
            }),
        }
    }
}

/// A node under construction: its kind and fields in LLVM's textual names.
pub(crate) struct NodeBuilder {
    node: DiNode,
}

impl NodeBuilder {
    pub fn new(kind: &str, distinct: bool) -> Self {
        NodeBuilder {
            node: DiNode {
                kind: kind.into(),
                distinct,
                fields: Vec::new(),
            },
        }
    }
    pub fn field(&mut self, name: &str, value: DiField) -> &mut Self {
        self.node.fields.push((name.into(), value));
        self
    }
    pub fn md(&mut self, name: &str, value: Option<MetadataId>) -> &mut Self {
        if let Some(v) = value {
            self.field(name, DiField::Metadata(v));
        }
        self
    }
    pub fn md_or_null(&mut self, name: &str, value: Option<MetadataId>) -> &mut Self {
        self.field(name, value.map(DiField::Metadata).unwrap_or(DiField::Null))
    }
    pub fn string(&mut self, name: &str, value: Option<MetadataId>) -> &mut Self {
        if let Some(v) = value {
            self.field(name, DiField::String(v));
        }
        self
    }
    pub fn uint(&mut self, name: &str, value: Option<u64>) -> &mut Self {
        if let Some(v) = value {
            self.field(name, DiField::UInt(v));
        }
        self
    }
    pub fn uint_if_set(&mut self, name: &str, value: Option<u64>) -> &mut Self {
        self.uint(name, value.filter(|&v| v != 0))
    }
    pub fn symbol(&mut self, name: &str, value: Option<String>) -> &mut Self {
        if let Some(v) = value.filter(|v| !v.is_empty()) {
            self.field(name, DiField::Symbol(v));
        }
        self
    }
    pub fn build(&mut self) -> Metadata {
        Metadata::Specialized(std::mem::replace(
            &mut self.node,
            DiNode {
                kind: String::new(),
                distinct: false,
                fields: Vec::new(),
            },
        ))
    }
}
