//! The dense tables the rules work on, built in one pass over the parser: instructions
//! (compact records, operands in one flat vector), id → defining instruction, functions,
//! blocks, declared capabilities and extensions, entry points and decorations.
//! Nothing here points at anything: every link is a small index.

use crate::build::TEMPLATE_OPERANDS;
use crate::diagnostic::{render_parts, Diagnostic};
use crate::options::ValidatorOptions;
use spirvkit_core::decode::decode_string;
use spirvkit_core::decode::{leading_operands, ExtImport};
use spirvkit_core::ParsedOperand;
use spirvkit_grammar::{self as g, Capability, InstructionDesc, Op, OperandKind};
use std::collections::{HashMap, HashSet};

/// "No index".
pub const NONE: u32 = u32::MAX;

/// One instruction.
#[derive(Clone, Copy, Debug, Default)]
pub struct Inst {
    pub offset: u32,
    pub len: u16,
    pub opcode: u16,
    /// 0 when absent.
    pub result_type: u32,
    /// 0 when absent.
    pub result_id: u32,
    /// Start in `State::operands`, or `TEMPLATE_OPERANDS` (read them through `State::ops`).
    pub ops_start: u32,
    pub ops_len: u16,
    /// What the OpExtInst set is.
    pub ext: ExtKind,
    /// Index into `State::functions`, NONE at module scope.
    pub func: u32,
    /// Index into `State::blocks`, NONE outside blocks.
    pub block: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ExtKind {
    #[default]
    None,
    /// A semantic set (GLSL.std.450, OpenCL.std, ...).
    Semantic,
    /// A debug-info set (DebugInfo, OpenCL.DebugInfo.100, NonSemantic.Shader.DebugInfo.100).
    DebugInfo,
    /// `NonSemantic.*` (including NonSemantic.Shader.DebugInfo.100).
    NonSemantic,
}

impl Inst {
    pub fn op(&self) -> Op {
        Op(self.opcode)
    }
    pub fn desc(&self) -> Option<&'static InstructionDesc> {
        g::instruction(self.opcode)
    }
}

#[derive(Clone, Debug)]
pub struct Function {
    pub id: u32,
    /// Instruction index of OpFunction.
    pub inst: u32,
    /// Instruction index of OpFunctionEnd (NONE when missing).
    pub end: u32,
    /// Range into `State::blocks`.
    pub blocks_start: u32,
    pub blocks_end: u32,
    /// Ids of OpFunctionParameter, in order.
    pub params: Vec<u32>,
}

#[derive(Clone, Copy, Debug)]
pub struct Block {
    pub label: u32,
    /// Instruction index of the OpLabel.
    pub label_inst: u32,
    /// Instruction index of the terminator (NONE if the block is not terminated).
    pub terminator: u32,
    pub func: u32,
}

/// Id → value, dense for sane bounds, hashed for hostile ones. Lookups (the most frequent
/// operation of every rule) test only the dense table unless the sparse one is in use.
#[derive(Debug)]
pub struct IdMap {
    dense: Vec<u32>,
    sparse: HashMap<u32, u32>,
    use_sparse: bool,
}

impl IdMap {
    pub fn new(bound: u32, words: usize) -> Self {
        let use_sparse = (bound as usize) > words.saturating_mul(2).saturating_add(1024);
        IdMap {
            dense: if use_sparse {
                Vec::new()
            } else {
                vec![NONE; bound as usize]
            },
            sparse: HashMap::new(),
            use_sparse,
        }
    }
    #[inline]
    pub fn get(&self, id: u32) -> u32 {
        match self.dense.get(id as usize) {
            Some(&v) => v,
            None if self.use_sparse => self.sparse.get(&id).copied().unwrap_or(NONE),
            None => NONE,
        }
    }
    #[inline]
    pub fn set(&mut self, id: u32, value: u32) {
        if self.use_sparse {
            self.sparse.insert(id, value);
        } else if let Some(s) = self.dense.get_mut(id as usize) {
            *s = value;
        }
    }
}

/// Declared capabilities as a bit set (membership is asked for every instruction). Values
/// beyond any real capability are left to the hash set (`large`), so a hostile module cannot
/// make the set big.
#[derive(Debug, Default)]
pub struct CapabilityBits {
    words: Vec<u64>,
    large: bool,
}

/// Capabilities below this live in the bit set (real ones are below 8 000).
const CAPABILITY_BITS: u32 = 1 << 16;

impl CapabilityBits {
    fn insert(&mut self, cap: u32) {
        if cap >= CAPABILITY_BITS {
            self.large = true;
            return;
        }
        let word = (cap / 64) as usize;
        if self.words.len() <= word {
            self.words.resize(word + 1, 0);
        }
        if let Some(w) = self.words.get_mut(word) {
            *w |= 1 << (cap % 64);
        }
    }
}

/// The opcodes a module uses, as a bit set over all 16-bit opcodes: rule walks that only act
/// on certain opcodes ask it first and skip the walk when none of them occurs (exact: the set
/// holds every instruction's opcode).
#[derive(Clone)]
pub struct OpcodeSet(Box<[u64; 1024]>);

impl Default for OpcodeSet {
    fn default() -> Self {
        OpcodeSet(Box::new([0; 1024]))
    }
}

impl std::fmt::Debug for OpcodeSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl OpcodeSet {
    #[inline]
    pub(crate) fn insert(&mut self, opcode: u16) {
        self.0[usize::from(opcode / 64)] |= 1 << (opcode % 64);
    }

    pub(crate) fn union(&mut self, other: &OpcodeSet) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
    }

    pub fn contains(&self, op: Op) -> bool {
        self.0[usize::from(op.0 / 64)] & (1 << (op.0 % 64)) != 0
    }

    /// The opcodes in the set, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Op> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64u16)
                .filter(move |b| bits & (1 << b) != 0)
                .map(move |b| Op(w as u16 * 64 + b))
        })
    }

    /// Whether some opcode of the set satisfies `f`.
    pub fn any(&self, f: impl Fn(Op) -> bool) -> bool {
        self.iter().any(f)
    }
}

pub struct State<'a> {
    pub words: &'a [u32],
    pub opts: &'a ValidatorOptions,
    pub version: u32,
    pub bound: u32,
    pub insts: Vec<Inst>,
    pub operands: Vec<ParsedOperand>,
    /// Id → index of its (first) defining instruction.
    pub defs: IdMap,
    pub functions: Vec<Function>,
    pub blocks: Vec<Block>,
    /// Declared capabilities and everything they imply.
    pub capabilities: HashSet<u32>,
    /// The same set, for fast membership tests.
    pub capability_bits: CapabilityBits,
    pub extensions: HashSet<String>,
    pub addressing_model: Option<u32>,
    pub memory_model: Option<u32>,
    /// Instruction indices.
    pub entry_points: Vec<u32>,
    pub execution_modes: Vec<u32>,
    /// (target id, instruction index) of every decoration-like instruction, sorted by target.
    pub decorations: Vec<(u32, u32)>,
    /// Indices of the OpGroupDecorate instructions (few; most modules have none).
    pub group_decorates: Vec<u32>,
    /// Indices of the OpTypeForwardPointer instructions.
    pub forward_pointers: Vec<u32>,
    /// Indices of the OpFunctionCall instructions.
    pub calls: Vec<u32>,
    /// Every opcode of the module.
    pub opcodes: OpcodeSet,
    pub diags: Vec<Diagnostic>,
    /// Where the functions start, when the module was read in runs (handed to the decoder
    /// by `validate_keeping_split`).
    pub function_starts: Option<spirvkit_core::FunctionStarts>,
}

pub(crate) fn ext_kind(import: Option<ExtImport>) -> ExtKind {
    match import {
        Some(ExtImport::Known(set)) => {
            let name = set.import_name;
            if name == "NonSemantic.Shader.DebugInfo.100" {
                ExtKind::DebugInfo
            } else if name.starts_with("NonSemantic.") {
                ExtKind::NonSemantic
            } else if name == "DebugInfo" || name == "OpenCL.DebugInfo.100" {
                ExtKind::DebugInfo
            } else {
                ExtKind::Semantic
            }
        }
        Some(ExtImport::UnknownNonSemantic) => ExtKind::NonSemantic,
        None => ExtKind::None,
    }
}

pub fn is_terminator(op: Op) -> bool {
    matches!(
        op,
        Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Kill
            | Op::Unreachable
            | Op::TerminateInvocation
            | Op::IgnoreIntersectionKHR
            | Op::TerminateRayKHR
            | Op::EmitMeshTasksEXT
            // SPV_KHR_abort (grammar supplement).
            | Op::AbortKHR
    )
}

impl<'a> State<'a> {
    /// Decodes the module (on every thread when it is large: see `build.rs`). A decoding
    /// error is returned as the only diagnostic.
    pub fn build(words: &'a [u32], opts: &'a ValidatorOptions) -> Result<Self, Diagnostic> {
        crate::build::build(words, opts)
    }

    pub(crate) fn add_capability(&mut self, cap: u32) {
        // A capability implicitly declares the capabilities it depends on.
        let mut stack = vec![cap];
        while let Some(c) = stack.pop() {
            if self.capabilities.insert(c) {
                self.capability_bits.insert(c);
                if let Some(e) = OperandKind::Capability.desc().enumerant(c) {
                    stack.extend(e.avail.capabilities.iter().map(|c| c.0));
                }
            }
        }
    }

    /// Whether rules should split their work over threads: not when asked to run
    /// sequentially, nor for small modules, where starting parallel work costs more than it
    /// saves (the linker validates many small inputs). Results are the same either way.
    pub fn parallel(&self) -> bool {
        const PARALLEL_MIN_INSTRUCTIONS: usize = 4096;
        !self.opts.sequential && self.insts.len() >= PARALLEL_MIN_INSTRUCTIONS
    }

    pub fn has_capability(&self, cap: Capability) -> bool {
        self.declares(cap.0)
    }

    /// Whether capability `cap` is declared (or implied).
    #[inline]
    fn declares(&self, cap: u32) -> bool {
        let bits = &self.capability_bits;
        if cap < CAPABILITY_BITS {
            bits.words
                .get((cap / 64) as usize)
                .is_some_and(|w| w & (1 << (cap % 64)) != 0)
        } else {
            bits.large && self.capabilities.contains(&cap)
        }
    }

    pub fn has_any_capability(&self, caps: &[Capability]) -> bool {
        caps.is_empty() || caps.iter().any(|c| self.declares(c.0))
    }

    pub fn has_any_extension(&self, exts: &[&str]) -> bool {
        exts.is_empty() || exts.iter().any(|e| self.extensions.contains(*e))
    }

    // ---- instruction access ----

    #[inline]
    pub fn ops(&self, inst: &Inst) -> &[ParsedOperand] {
        let len = usize::from(inst.ops_len);
        if inst.ops_start == TEMPLATE_OPERANDS {
            return leading_operands(inst.opcode).get(..len).unwrap_or(&[]);
        }
        let s = inst.ops_start as usize;
        self.operands.get(s..s + len).unwrap_or(&[])
    }

    #[inline]
    pub fn inst_words(&self, inst: &Inst) -> &'a [u32] {
        let s = inst.offset as usize;
        self.words.get(s..s + usize::from(inst.len)).unwrap_or(&[])
    }

    /// Word `i` of the instruction (0 when absent).
    #[inline]
    pub fn word(&self, inst: &Inst, i: usize) -> u32 {
        self.inst_words(inst).get(i).copied().unwrap_or(0)
    }

    /// First word of operand `i` (0 when absent).
    #[inline]
    pub fn operand_word(&self, inst: &Inst, i: usize) -> u32 {
        match self.ops(inst).get(i) {
            Some(o) => self.word(inst, usize::from(o.offset)),
            None => 0,
        }
    }

    /// Words of operand `i`.
    pub fn operand_words(&self, inst: &Inst, i: usize) -> &'a [u32] {
        match self.ops(inst).get(i) {
            Some(o) => {
                let s = usize::from(o.offset);
                self.inst_words(inst)
                    .get(s..s + usize::from(o.num_words))
                    .unwrap_or(&[])
            }
            None => &[],
        }
    }

    #[inline]
    pub fn inst(&self, index: u32) -> Option<&Inst> {
        self.insts.get(index as usize)
    }

    /// The defining instruction of an id.
    #[inline]
    pub fn def(&self, id: u32) -> Option<&Inst> {
        let i = self.defs.get(id);
        if i == NONE {
            None
        } else {
            self.insts.get(i as usize)
        }
    }

    #[inline]
    pub fn def_index(&self, id: u32) -> u32 {
        self.defs.get(id)
    }

    #[inline]
    pub fn def_op(&self, id: u32) -> Option<Op> {
        self.def(id).map(|d| d.op())
    }

    /// Decoration instructions targeting `id`.
    pub fn decorations_of(&self, id: u32) -> impl Iterator<Item = &Inst> + '_ {
        let start = self.decorations.partition_point(|&(t, _)| t < id);
        self.decorations[start..]
            .iter()
            .take_while(move |&&(t, _)| t == id)
            .filter_map(move |&(_, i)| self.inst(i))
    }

    pub fn string(&self, inst: &Inst, i: usize) -> String {
        String::from_utf8_lossy(&decode_string(self.operand_words(inst, i))).into_owned()
    }

    // ---- diagnostics ----

    /// A diagnostic located at instruction `index`.
    pub fn diag_at(
        &self,
        rule: &'static str,
        index: u32,
        message: impl Into<String>,
    ) -> Diagnostic {
        let mut d = Diagnostic::new(rule, message);
        if let Some(inst) = self.inst(index) {
            d.instruction_index = Some(index as usize);
            d.word_offset = Some(inst.offset as usize);
            d.instruction = Some(self.render(inst));
        }
        d
    }

    pub fn error(
        &mut self,
        rule: &'static str,
        index: u32,
        message: impl Into<String>,
        ids: &[u32],
    ) {
        let d = self
            .diag_at(rule, index, message)
            .with_ids(ids.iter().copied());
        self.diags.push(d);
    }

    pub fn render(&self, inst: &Inst) -> String {
        let name = inst.desc().map_or("OpUnknown", |d| d.opname);
        render_parts(
            name,
            self.inst_words(inst),
            self.ops(inst)
                .iter()
                .map(|o| (o.kind, usize::from(o.offset), usize::from(o.num_words))),
        )
    }

    /// Name of an id for messages: `%5`.
    pub fn id_name(&self, id: u32) -> String {
        format!("%{id}")
    }

    /// Where a walk that judges only some opcodes may stop: at the first OpFunction when
    /// none of `in_functions` (the judged opcodes the layout rules let stand inside a
    /// function) occurs in the module, else at the end. Exact once `layout` passed (the rule
    /// families run only then): the other judged opcodes stand only before the functions.
    pub fn walk_end(&self, in_functions: &[Op]) -> u32 {
        let all = self.insts.len() as u32;
        if in_functions.iter().any(|&op| self.opcodes.contains(op)) {
            return all;
        }
        self.functions.first().map_or(all, |f| f.inst.min(all))
    }

    pub fn function_blocks(&self, f: &Function) -> &[Block] {
        self.blocks
            .get(f.blocks_start as usize..f.blocks_end as usize)
            .unwrap_or(&[])
    }
}

/// Per-opcode class flags, computed once from the grammar: the grammar's class is a string,
/// and comparing it (or looking the opcode up) for every instruction of every rule family was
/// a visible part of validation time.
pub(crate) const TYPE_OP: u8 = 1;
pub(crate) const CONSTANT_OP: u8 = 2;
pub(crate) const CORE_OP: u8 = 4;
/// `ids::lenient_operands` without its OpExtInst case (see there).
pub(crate) const LENIENT_IDS_OP: u8 = 8;
/// `types::may_use_function_type` without its OpExtInst / OpTypePointer cases.
pub(crate) const FUNCTION_TYPE_USE_OP: u8 = 16;
/// `layout::plain_in_block`.
pub(crate) const PLAIN_IN_BLOCK_OP: u8 = 32;

fn opcode_flags() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let all = g::instructions();
        let len = all
            .iter()
            .map(|d| usize::from(d.opcode) + 1)
            .max()
            .unwrap_or(0);
        let mut table = vec![0u8; len];
        for d in all {
            // The opcode's own entry (as `g::instruction` finds it), not an alias's.
            let Some(d) = g::instruction(d.opcode) else {
                continue;
            };
            let mut flags = 0;
            if declares_type(d) {
                flags |= TYPE_OP;
            }
            if d.class == "Constant-Creation" {
                flags |= CONSTANT_OP;
            }
            if d.avail.version.is_some() {
                flags |= CORE_OP;
            }
            let op = Op(d.opcode);
            if crate::ids::lenient_op(op, flags & TYPE_OP != 0, flags & CORE_OP != 0) {
                flags |= LENIENT_IDS_OP;
            }
            if crate::types::function_type_use_op(op, flags & CORE_OP != 0) {
                flags |= FUNCTION_TYPE_USE_OP;
            }
            if crate::layout::plain_in_block(op, flags & (TYPE_OP | CONSTANT_OP) != 0) {
                flags |= PLAIN_IN_BLOCK_OP;
            }
            if let Some(slot) = table.get_mut(usize::from(d.opcode)) {
                *slot = flags;
            }
        }
        table
    })
}

#[inline]
fn has_flag(op: Op, flag: u8) -> bool {
    opcode_flags()
        .get(usize::from(op.0))
        .is_some_and(|f| f & flag != 0)
}

/// The per-opcode class flags, for walks that ask them for every instruction (one table
/// look-up each, the table fetched once per walk).
#[derive(Clone, Copy)]
pub(crate) struct OpcodeFlags(&'static [u8]);

impl OpcodeFlags {
    pub(crate) fn get() -> Self {
        OpcodeFlags(opcode_flags())
    }

    /// The flags of `op` (0 for opcodes the grammar does not know).
    #[inline]
    pub(crate) fn of(self, op: Op) -> u8 {
        self.0.get(usize::from(op.0)).copied().unwrap_or(0)
    }
}

/// The grammar's type declarations, plus the extension types SPIRV-Headers files under
/// "@exclude" (the Intel AVC motion-estimation types, OpTypeTaskSequenceALTERA), which
/// SPIRV-Tools treats as types too.
fn declares_type(d: &g::InstructionDesc) -> bool {
    d.has_result
        && (d.class == "Type-Declaration"
            || (d.class == "@exclude" && d.opname.starts_with("OpType")))
}

/// Opcodes that declare a type.
pub fn is_type_op(op: Op) -> bool {
    has_flag(op, TYPE_OP)
}

/// Opcodes that declare a constant.
pub fn is_constant_op(op: Op) -> bool {
    has_flag(op, CONSTANT_OP)
}

/// Core (versioned) instructions: the rules below are exact for these; instructions that exist
/// only through extensions are treated leniently.
pub fn is_core(op: Op) -> bool {
    has_flag(op, CORE_OP)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flag table answers exactly what the grammar says, for every 16-bit opcode.
    #[test]
    fn excluded_extension_types_are_types() {
        assert!(is_type_op(Op::TypeTaskSequenceALTERA));
        assert!(is_type_op(Op::TypeAvcImePayloadINTEL));
        assert!(!is_type_op(Op::TaskSequenceCreateALTERA));
    }

    #[test]
    fn opcode_flags_match_the_grammar() {
        for op in 0..=u16::MAX {
            let d = g::instruction(op);
            assert_eq!(
                is_type_op(Op(op)),
                d.is_some_and(declares_type),
                "type {op}"
            );
            assert_eq!(
                is_constant_op(Op(op)),
                d.is_some_and(|d| d.class == "Constant-Creation"),
                "constant {op}"
            );
            assert_eq!(
                is_core(Op(op)),
                d.is_some_and(|d| d.avail.version.is_some()),
                "core {op}"
            );
        }
    }
}
