//! LLVM debug info (`!llvm.dbg.cu`, `!dbg` locations, `llvm.dbg.declare`/`llvm.dbg.value`)
//! → the `OpenCL.DebugInfo.100` extended instructions (llvm-spirv's default), or the
//! `NonSemantic.Shader.DebugInfo.100` / `.200` ones, or llvm-spirv's `legacy` `SPIRV.debug`
//! set, in the form spirv-val accepts.
//!
//! One walker serves every set: the format only decides the encoding of an operand
//! (`Declarer::lit`: a literal word, or an OpConstant for the NonSemantic sets, whose every
//! operand is an id) and the few instructions that differ (DebugLine/DebugNoLine for
//! OpLine/OpNoLine, DebugFunctionDefinition for DebugFunction's Function operand, no Parent
//! in DebugTypeMember and no Child in DebugTypeInheritance, the `.200` additions).
//!
//! Every module-scope debug instruction is declared once, before any function body is
//! translated (`declare`, after the globals): the ids of scopes, local variables and
//! expressions are then known to every body, also in the forks of the parallel translation
//! (they only read the shared `DebugInfo`). Bodies add what belongs to them: `DebugScope`,
//! `OpLine` (`lines.rs`), `DebugDeclare` and `DebugValue` (`variables.rs`).
//!
//! One file per family: `compile_unit.rs` (DICompileUnit, DIFile), `types.rs` (DI types),
//! `scopes.rs` (DISubprogram, lexical blocks, inlined-at locations), `variables.rs`
//! (local and global variables, expressions), `lines.rs` (locations in bodies).

mod compile_unit;
mod entities;
pub(crate) mod lines;
mod scopes;
mod templates;
mod types;
pub(crate) mod variables;

use crate::error::Result;
use crate::forward::translator::Translator;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;
use spirvkit_llvm::{DiField, DiNode, Metadata, MetadataId};
use std::collections::HashMap;

/// Which debug information the translator emits (`--spirv-debug-info-version`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DebugInfoFormat {
    /// None: debug metadata is dropped.
    None,
    /// `OpenCL.DebugInfo.100` (llvm-spirv's default, `ocl-100`).
    #[default]
    OpenClDebugInfo100,
    /// `NonSemantic.Shader.DebugInfo.100` (`nonsemantic-shader-100`).
    NonSemanticShader100,
    /// `NonSemantic.Shader.DebugInfo.200` (`nonsemantic-shader-200`), llvm-spirv's
    /// extension of the `.100` set.
    NonSemanticShader200,
    /// llvm-spirv's `legacy`: the `OpenCL.DebugInfo.100` instructions, which llvm-spirv
    /// writes under the set name `SPIRV.debug`; spirv-val refuses that name, so they are
    /// written under `OpenCL.DebugInfo.100`.
    Legacy,
    /// `NonSemantic.Kernel.DebugInfo.100` (`nonsemantic-kernel-100`): llvm-spirv's first
    /// NonSemantic debug-info set (LLVM 15 era), later renamed and extended into
    /// NonSemantic.Shader.DebugInfo.200. The same instructions as `.200` (DebugModule,
    /// DebugTypeSubrange, DebugTypeArrayDynamic, DebugTypeString, the extended source
    /// languages and expression operations) but DebugTypeSubrange has its operands in that
    /// set's order: count, lower bound, upper bound, stride.
    NonSemanticKernel100,
}

impl DebugInfoFormat {
    /// The name of the extended instruction set (`None` for no debug info).
    pub fn set_name(self) -> Option<&'static str> {
        Some(match self {
            DebugInfoFormat::None => return None,
            DebugInfoFormat::OpenClDebugInfo100 => "OpenCL.DebugInfo.100",
            DebugInfoFormat::NonSemanticShader100 => "NonSemantic.Shader.DebugInfo.100",
            DebugInfoFormat::NonSemanticShader200 => "NonSemantic.Shader.DebugInfo.200",
            DebugInfoFormat::NonSemanticKernel100 => "NonSemantic.Kernel.DebugInfo.100",
            // llvm-spirv names it `SPIRV.debug`, which spirv-val refuses (an unknown set
            // that is not NonSemantic): the same instructions under their registered name.
            DebugInfoFormat::Legacy => "OpenCL.DebugInfo.100",
        })
    }

    /// Whether operands are ids of constants and lines are DebugLine (the NonSemantic sets).
    ///
    /// `NonSemantic.Kernel.DebugInfo.100` too: llvm-spirv wrote some of its operands as
    /// literal words (its tests check `DebugCompileUnit 65536 4`), but spirv-val reads
    /// every operand of a NonSemantic set it does not know as an id and refuses such a
    /// module ("ID '65536' has not been defined"), so they are constants here as in the
    /// Shader sets.
    pub fn is_non_semantic(self) -> bool {
        matches!(
            self,
            DebugInfoFormat::NonSemanticShader100
                | DebugInfoFormat::NonSemanticShader200
                | DebugInfoFormat::NonSemanticKernel100
        )
    }

    /// Whether the set has llvm-spirv's additions to NonSemantic.Shader.DebugInfo.100
    /// (`.200`, and `NonSemantic.Kernel.DebugInfo.100` where they first appeared).
    pub fn has_200_additions(self) -> bool {
        matches!(
            self,
            DebugInfoFormat::NonSemanticShader200 | DebugInfoFormat::NonSemanticKernel100
        )
    }
}

/// Short names of the debug-info instruction numbers: the grammar's (shared with the
/// validator), and llvm-spirv's NonSemantic.Shader.DebugInfo.200 additions, which no
/// grammar has.
pub(crate) mod inst {
    pub(crate) use spirvkit_grammar::debug_info::*;
    /// OpenCL.DebugInfo.100's DebugModuleINTEL (SPV_INTEL_debug_module).
    pub const MODULE_INTEL: u32 = spirvkit_grammar::OpenClDebugInfo100Op::DebugModuleINTEL.0;
    pub const MODULE: u32 = 200;
    pub const TYPE_SUBRANGE: u32 = 201;
    pub const TYPE_ARRAY_DYNAMIC: u32 = 202;
    pub const TYPE_STRING: u32 = 203;
}

/// `DebugInfoFlags` bits.
pub(crate) mod flags {
    pub const IS_PROTECTED: u32 = 0x01;
    pub const IS_PRIVATE: u32 = 0x02;
    pub const IS_PUBLIC: u32 = 0x03;
    pub const IS_LOCAL: u32 = 0x04;
    pub const IS_DEFINITION: u32 = 0x08;
    pub const FWD_DECL: u32 = 0x10;
    pub const ARTIFICIAL: u32 = 0x20;
    pub const EXPLICIT: u32 = 0x40;
    pub const PROTOTYPED: u32 = 0x80;
    pub const OBJECT_POINTER: u32 = 0x100;
    pub const STATIC_MEMBER: u32 = 0x200;
    pub const L_VALUE_REFERENCE: u32 = 0x800;
    pub const R_VALUE_REFERENCE: u32 = 0x1000;
    pub const IS_OPTIMIZED: u32 = 0x2000;
    pub const IS_ENUM_CLASS: u32 = 0x4000;
    pub const TYPE_PASS_BY_VALUE: u32 = 0x8000;
    pub const TYPE_PASS_BY_REFERENCE: u32 = 0x10000;
    /// llvm-spirv's NonSemantic.Shader.DebugInfo.200 addition (`SPIRV.debug.h`:
    /// `FlagBitField = 1 << 18`, after the specification's FlagUnknownPhysicalLayout).
    pub const BIT_FIELD: u32 = 1 << 18;
}

/// What function bodies need of the module's debug information (shared by the forks).
#[derive(Debug, Default)]
pub(crate) struct DebugInfo {
    pub format: DebugInfoFormat,
    pub set: Id,
    pub void: Id,
    /// DISubprogram, lexical block, DILocalVariable, DIExpression, inlined-at DILocation
    /// → its debug instruction.
    pub nodes: FxHashMap<MetadataId, Id>,
    /// Scope (or DIFile) → the OpString of its file's path, for OpLine.
    pub files: FxHashMap<MetadataId, Id>,
    /// NonSemantic sets: OpString of a file's path → its DebugSource (DebugLine's operand).
    pub line_sources: FxHashMap<Id, Id>,
    /// NonSemantic sets: the 32-bit constants of the lines and columns bodies use.
    pub constants: FxHashMap<u32, Id>,
    /// NonSemantic sets: OpFunction → the DebugFunction its DebugFunctionDefinition names.
    pub definitions: FxHashMap<Id, Id>,
    /// DIExpression → its DebugExpression without the leading `DW_OP_LLVM_arg 0` (one-value
    /// DIArgList records outside .200).
    pub non_variadic: FxHashMap<MetadataId, Id>,
    /// The empty DebugExpression of records with several values (DIArgList).
    pub empty_expression: Option<Id>,
    /// DIExpression → `DW_OP_deref` + it: a declare of an untyped variable as a DebugValue.
    pub deref_expressions: FxHashMap<MetadataId, Id>,
    /// Whether expressions keep the DWARF operations past `DW_OP_LLVM_fragment` (and
    /// `DW_OP_LLVM_arg`): the sets with the .200 additions, and NonSemantic.Shader.DebugInfo.100
    /// under `--spirv-allow-extra-diexpressions` (see `extra_operations`).
    pub extra_operations: bool,
}

/// Whether a format writes the DWARF operations past `DW_OP_LLVM_fragment`.
///
/// llvm-spirv writes them in `.200` always and in every other set under
/// `--spirv-allow-extra-diexpressions`. In NonSemantic.Shader.DebugInfo.100 an operation is
/// a constant, which spirv-val takes whatever its value: the option is followed there. In
/// OpenCL.DebugInfo.100 (and `legacy`, written under that name) the operation is a literal
/// of the set's DebugOperation enumeration and spirv-val 2025.5 refuses a number past it
/// ("Invalid OpenCL.DebugInfo.100 debug operation '46'"), so such a record is still left
/// out there, option or not.
fn extra_operations(format: DebugInfoFormat, allow_extra: bool) -> bool {
    format.has_200_additions() || (allow_extra && format == DebugInfoFormat::NonSemanticShader100)
}

/// Builds the module-scope debug instructions.
pub(crate) struct Declarer<'a, 'm> {
    pub t: &'a mut Translator<'m>,
    pub info: DebugInfo,
    pub none: Id,
    /// The first compile unit: the parent of what has no other.
    pub unit: Id,
    pub units: FxHashMap<MetadataId, Id>,
    /// The first compile unit's DebugSource.
    pub unit_source: Id,
    /// DIFile → DebugSource.
    pub sources: FxHashMap<MetadataId, Id>,
    pub strings: HashMap<String, Id>,
    /// DI types → their debug instruction.
    pub types: FxHashMap<MetadataId, Id>,
    /// DISubprogram → the OpFunction of the LLVM function it describes.
    pub subprogram_functions: FxHashMap<MetadataId, Id>,
    pub int32: Id,
    /// The DebugTypeBasic instructions (the only base a DebugTypedef may have).
    pub basic_types: std::collections::HashSet<Id>,
    /// DebugTypedef → the DebugTypeBasic it names.
    pub typedef_bases: FxHashMap<Id, Id>,
    /// The DebugTypeComposite instructions (a type that may be a parent scope).
    pub composites: std::collections::HashSet<Id>,
    /// DI type → the unspecified DebugTypeBasic standing for a type without a valid form.
    pub unspecified: FxHashMap<Option<MetadataId>, Id>,
    /// Subprograms whose DebugFunction is being declared.
    pub in_progress: std::collections::HashSet<MetadataId>,
    /// NonSemantic sets: DebugBuildIdentifier and DebugStoragePath are declared.
    pub build_identifier_done: bool,
    /// DebugTypeTemplate → the composite it makes a template of (what a Parent names).
    pub template_targets: FxHashMap<Id, Id>,
    /// Static member (DIDerivedType) → its DebugTypeMember (a global's declaration).
    pub member_ids: FxHashMap<MetadataId, Id>,
    /// Ids given out ahead of their instruction (a composite and its members, a subprogram):
    /// an instruction naming one of them before it is written is a forward reference.
    pub pending: std::collections::HashSet<Id>,
}

/// Declares the module's debug information, if it has any and the options ask for it.
pub(crate) fn declare(t: &mut Translator<'_>) -> Result<()> {
    let format = t.opts.debug_info;
    let Some(set_name) = format.set_name() else {
        return Ok(());
    };
    let m = t.m;
    let Some(units) = m.named_metadata("llvm.dbg.cu").map(|n| n.nodes.clone()) else {
        return Ok(());
    };
    if units.is_empty() {
        return Ok(());
    }
    let set = t.b.alloc_id();
    t.b.global(Instruction::new(
        Op::ExtInstImport,
        None,
        Some(set),
        [Operand::String(set_name.into())],
    ));
    if format.is_non_semantic() {
        // As llvm-spirv: the NonSemantic sets need the extension before SPIR-V 1.6.
        t.b.extension("SPV_KHR_non_semantic_info");
    }
    let void = t.b.type_void();
    let int32 = t.int_type(32);
    let extra_operations = extra_operations(format, t.opts.allow_extra_di_expressions);
    let mut d = Declarer {
        t,
        info: DebugInfo {
            format,
            set,
            void,
            extra_operations,
            ..DebugInfo::default()
        },
        none: Id(0),
        unit: Id(0),
        units: FxHashMap::default(),
        unit_source: Id(0),
        sources: FxHashMap::default(),
        strings: HashMap::new(),
        types: FxHashMap::default(),
        subprogram_functions: FxHashMap::default(),
        int32,
        basic_types: std::collections::HashSet::new(),
        composites: std::collections::HashSet::new(),
        typedef_bases: FxHashMap::default(),
        unspecified: FxHashMap::default(),
        in_progress: std::collections::HashSet::new(),
        build_identifier_done: false,
        pending: std::collections::HashSet::new(),
        template_targets: FxHashMap::default(),
        member_ids: FxHashMap::default(),
    };
    d.none = d.fresh(inst::INFO_NONE, vec![]);
    for unit in units {
        d.compile_unit(unit);
    }
    if d.unit == Id(0) {
        return Ok(());
    }
    d.subprogram_functions = scopes::subprogram_functions(d.t);
    // Definitions first, in module order, so that their DebugFunction names them.
    let mut subprograms: Vec<MetadataId> = d.subprogram_functions.keys().copied().collect();
    subprograms.sort();
    for sp in subprograms {
        d.scope(Some(sp));
    }
    variables::global_variables(&mut d);
    for unit in m
        .named_metadata("llvm.dbg.cu")
        .map(|n| n.nodes.clone())
        .unwrap_or_default()
    {
        d.retained_types(unit);
    }
    for unit in m
        .named_metadata("llvm.dbg.cu")
        .map(|n| n.nodes.clone())
        .unwrap_or_default()
    {
        d.imported_entities(unit);
        d.macros(unit);
    }
    if format.is_non_semantic() {
        scopes::entry_points(&mut d);
        let definitions: Vec<(Id, Id)> = d
            .subprogram_functions
            .iter()
            .filter_map(|(sp, &f)| Some((f, *d.info.nodes.get(sp)?)))
            .collect();
        d.info.definitions.extend(definitions);
    }
    for f in m.functions.iter().filter(|f| !f.is_declaration()) {
        for record in &f.debug_records {
            d.local_variable(record.variable);
            let declare = record.kind == llvm::DebugRecordKind::Declare;
            let value = variables::record_value(m, record);
            let other = variables::declares_through_another_address(f, declare, value);
            d.record_expressions(declare, other, value, record.expression);
        }
        for inst in &f.insts {
            if let Some(loc) = attached_location(inst) {
                d.location(loc);
                d.line_constants(loc);
            }
            if let Some((declare, value, variable, expression)) =
                variables::intrinsic_operands(m, inst)
            {
                d.local_variable(variable);
                if let Some(e) = expression {
                    let other = variables::declares_through_another_address(f, declare, value);
                    d.record_expressions(declare, other, value, e);
                }
            }
        }
    }
    let info = d.info;
    t.debug = Some(std::sync::Arc::new(info));
    Ok(())
}

/// The `!dbg` location attached to an instruction.
pub(crate) fn attached_location(inst: &llvm::Instruction) -> Option<MetadataId> {
    inst.metadata
        .iter()
        .find(|(k, _)| k == "dbg")
        .map(|(_, md)| *md)
}

/// The specialized node `id` refers to.
pub(crate) fn di_node(m: &llvm::Module, id: MetadataId) -> Option<&DiNode> {
    match m.metadata(id) {
        Some(Metadata::Specialized(n)) => Some(n),
        _ => None,
    }
}

/// The node a field refers to (`scope: !5`).
pub(crate) fn field_node(n: &DiNode, name: &str) -> Option<MetadataId> {
    match n.field(name) {
        Some(DiField::Metadata(id)) => Some(*id),
        _ => None,
    }
}

/// A string field (`name: "x"`).
pub(crate) fn field_string(m: &llvm::Module, n: &DiNode, name: &str) -> Option<String> {
    match n.field(name) {
        Some(DiField::String(id)) | Some(DiField::Metadata(id)) => match m.metadata(*id) {
            Some(Metadata::String(s)) => Some(String::from_utf8_lossy(s).into_owned()),
            _ => None,
        },
        _ => None,
    }
}

/// A symbol field (`tag: DW_TAG_pointer_type`, `flags: DIFlagA | DIFlagB`).
pub(crate) fn field_symbol<'n>(n: &'n DiNode, name: &str) -> Option<&'n str> {
    match n.field(name) {
        Some(DiField::Symbol(s)) => Some(s),
        _ => None,
    }
}

/// Whether a flag-set field holds `flag`.
pub(crate) fn has_flag(n: &DiNode, name: &str, flag: &str) -> bool {
    field_symbol(n, name).is_some_and(|s| s.split('|').any(|f| f.trim() == flag))
}

impl Declarer<'_, '_> {
    /// A literal operand in the format's encoding: the word itself, or (NonSemantic sets) the
    /// id of a 32-bit OpConstant of it.
    pub fn lit(&mut self, value: u32) -> Operand {
        if self.info.format.is_non_semantic() {
            Operand::Id(self.t.b.constant_u32(self.int32, value))
        } else {
            Operand::Word(value)
        }
    }

    /// Name, Type, Source, Line and Column (0: LLVM records no column for a declaration),
    /// the operands most declaring instructions start with; each appends its own after them.
    pub fn named_at(&mut self, name: Id, ty: Id, source: Id, line: u32) -> Vec<Operand> {
        let mut operands = Vec::with_capacity(10);
        operands.extend([Operand::Id(name), Operand::Id(ty), Operand::Id(source)]);
        operands.extend([self.lit(line), self.lit(0)]);
        operands
    }

    /// OpConstantTrue / OpConstantFalse.
    pub fn bool_constant(&mut self, value: bool) -> Id {
        let ty = self.t.b.type_bool();
        let op = if value {
            Op::ConstantTrue
        } else {
            Op::ConstantFalse
        };
        self.t.b.dedup_global(op, Some(ty), vec![])
    }

    /// Whether the format has the NonSemantic.Shader.DebugInfo.200 additions (.200 and
    /// NonSemantic.Kernel.DebugInfo.100).
    pub fn is_200(&self) -> bool {
        self.info.format.has_200_additions()
    }

    /// NonSemantic sets: the constants a DILocation's DebugLine uses (line, column,
    /// column + 1), made here because bodies (and the parallel forks) only read `DebugInfo`.
    fn line_constants(&mut self, loc: MetadataId) {
        if !self.info.format.is_non_semantic() {
            return;
        }
        let Some(n) = di_node(self.t.m, loc).filter(|n| n.kind == "DILocation") else {
            return;
        };
        let line = self.field_word(n, "line");
        let column = self.field_word(n, "column");
        for v in [line, column, column.saturating_add(1)] {
            let id = self.t.b.constant_u32(self.int32, v);
            self.info.constants.insert(v, id);
        }
    }

    /// An integer field: a literal, or (LLVM 21+ bitcode) a constant stored as metadata.
    pub fn field_int(&self, n: &DiNode, name: &str) -> Option<i64> {
        match n.field(name)? {
            DiField::Int(v) => Some(*v),
            DiField::UInt(v) => i64::try_from(*v).ok(),
            DiField::Bool(b) => Some(i64::from(*b)),
            DiField::MetadataInt(id) | DiField::Metadata(id) => match self.t.m.metadata(*id) {
                Some(Metadata::Value { value, .. }) => self.t.const_int(*value).map(|v| v as i64),
                _ => None,
            },
            _ => None,
        }
    }

    /// A line or column field as a literal word (absent: 0).
    pub fn field_word(&self, n: &DiNode, name: &str) -> u32 {
        self.field_int(n, name)
            .and_then(|v| u32::try_from(v).ok())
            .unwrap_or(0)
    }

    /// A debug instruction with a new id.
    pub fn fresh(&mut self, instruction: u32, operands: Vec<Operand>) -> Id {
        let id = self.t.b.alloc_id();
        self.emit(id, instruction, operands);
        id
    }

    /// An id given out ahead of its instruction (written later with `emit`).
    pub fn ahead(&mut self) -> Id {
        let id = self.t.b.alloc_id();
        self.pending.insert(id);
        id
    }

    /// A debug instruction with the id `id`. In the NonSemantic sets, one that names an id
    /// not written yet (a composite's members, a pointer back to its structure) is an
    /// OpExtInstWithForwardRefsKHR (SPV_KHR_relaxed_extended_instruction): spirv-val takes
    /// no forward reference in an OpExtInst of these sets. (OpenCL.DebugInfo.100 allows them
    /// where it needs them.)
    pub fn emit(&mut self, id: Id, instruction: u32, operands: Vec<Operand>) {
        self.pending.remove(&id);
        let forward = self.info.format.is_non_semantic()
            && operands
                .iter()
                .any(|o| matches!(o, Operand::Id(i) if self.pending.contains(i)));
        let opcode = if forward {
            self.t.b.extension("SPV_KHR_relaxed_extended_instruction");
            Op::ExtInstWithForwardRefsKHR
        } else {
            Op::ExtInst
        };
        let mut all = Vec::with_capacity(operands.len() + 2);
        all.push(Operand::Id(self.info.set));
        all.push(Operand::Word(instruction));
        all.extend(operands);
        self.t.b.global(Instruction::new(
            opcode,
            Some(self.info.void),
            Some(id),
            all,
        ));
    }

    /// The OpString of `text` (one per distinct text).
    pub fn string(&mut self, text: &str) -> Id {
        crate::forward::translator::interned_string(&mut self.t.b, &mut self.strings, text)
    }

    /// The name of a node as an OpString (empty when it has none).
    pub fn name(&mut self, n: &DiNode, field: &str) -> Id {
        let text = field_string(self.t.m, n, field).unwrap_or_default();
        self.string(&text)
    }

    /// A 32-bit integer constant (sizes, offsets, counts; wider values as 64-bit ones).
    pub fn constant(&mut self, value: u64) -> Id {
        match u32::try_from(value) {
            Ok(v) => self.t.b.constant_u32(self.int32, v),
            Err(_) => {
                let int64 = self.t.int_type(64);
                self.t.b.constant_u64(int64, value)
            }
        }
    }

    /// The DebugSource of the node's `file:` field (the node itself when it is a DIFile;
    /// the first compile unit's source when it has none).
    pub fn source_of(&mut self, id: Option<MetadataId>) -> Id {
        let m = self.t.m;
        let file = id.and_then(|id| {
            let n = di_node(m, id)?;
            if n.kind == "DIFile" {
                Some(id)
            } else {
                field_node(n, "file")
            }
        });
        match file {
            Some(f) => self.source(f),
            None => self.unit_source,
        }
    }
}
