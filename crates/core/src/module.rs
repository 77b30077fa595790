//! The owned module IR that later crates read and mutate.
//!
//! Global instructions are kept in one list in binary order (so that any module, even one whose
//! sections are out of order, round-trips exactly); [`Section`] tells which logical-layout section
//! an instruction belongs to. Functions own their blocks; ids are small copyable numbers, and
//! definitions are found through [`DefIndex`], a dense id-indexed table.

use crate::binary::{Header, HEADER_WORDS};
use crate::decode::{decode_string, string_words, Parser};
use crate::error::DecodeError;
use smallvec::SmallVec;
use spirvkit_grammar::{Category, Op, OperandKind};

/// A result id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Id(pub u32);

impl std::fmt::Display for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "%{}", self.0)
    }
}

/// A literal string operand: a thin (one-word) pointer to the text, so that [`Operand`] is 16
/// bytes instead of the 24 a `Box<str>` would make it (strings are rare; every operand pays
/// for the largest variant). Reads as a `str` (`Deref`), and is built with `.into()` from
/// `&str`, `String`, `Box<str>` or `Cow<str>`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct LiteralString(Box<Box<str>>);

impl LiteralString {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_boxed_str(self) -> Box<str> {
        *self.0
    }
}

impl std::ops::Deref for LiteralString {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for LiteralString {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for LiteralString {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for LiteralString {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self.0, f)
    }
}

impl std::fmt::Display for LiteralString {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for LiteralString {
    fn eq(&self, other: &str) -> bool {
        **self.0 == *other
    }
}

impl PartialEq<&str> for LiteralString {
    fn eq(&self, other: &&str) -> bool {
        **self.0 == **other
    }
}

impl From<Box<str>> for LiteralString {
    fn from(s: Box<str>) -> Self {
        Self(Box::new(s))
    }
}

impl From<&str> for LiteralString {
    fn from(s: &str) -> Self {
        Self(Box::new(s.into()))
    }
}

impl From<&String> for LiteralString {
    fn from(s: &String) -> Self {
        Self(Box::new(s.as_str().into()))
    }
}

impl From<String> for LiteralString {
    fn from(s: String) -> Self {
        Self(Box::new(s.into_boxed_str()))
    }
}

impl From<std::borrow::Cow<'_, str>> for LiteralString {
    fn from(s: std::borrow::Cow<'_, str>) -> Self {
        Self(Box::new(s.into()))
    }
}

impl From<LiteralString> for String {
    fn from(s: LiteralString) -> Self {
        s.into_boxed_str().into_string()
    }
}

/// The operands of an instruction, inline up to two (the common case: binary operations,
/// loads, stores, unconditional branches), so that an [`Instruction`] is 64 bytes: one cache
/// line, and a fifth less memory to fault in, clear and walk than with three inline (80
/// bytes; `opt -O` on the 2 000-function bench module: see crates/opt/STATUS.md "Speed").
pub type Operands = SmallVec<[Operand; 2]>;

/// An operand after the result type and result id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// Any id operand (`IdRef`, `IdScope`, `IdMemorySemantics`).
    Id(Id),
    /// One literal word: an integer, a float's bits, an enumerant, a mask, one word of a
    /// 64-bit number (low word first), an extended instruction number.
    Word(u32),
    /// A literal string (UTF-8, encoded NUL-terminated and zero-padded).
    String(LiteralString),
}

impl Operand {
    pub fn id(&self) -> Option<Id> {
        match self {
            Operand::Id(id) => Some(*id),
            _ => None,
        }
    }

    pub fn word(&self) -> Option<u32> {
        match self {
            Operand::Word(w) => Some(*w),
            _ => None,
        }
    }

    pub fn string(&self) -> Option<&str> {
        match self {
            Operand::String(s) => Some(s),
            _ => None,
        }
    }
}

/// One instruction. Operands exclude the result type and result id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instruction {
    pub opcode: Op,
    pub result_type: Option<Id>,
    pub result_id: Option<Id>,
    pub operands: Operands,
}

impl Instruction {
    pub fn new(
        opcode: Op,
        result_type: Option<Id>,
        result_id: Option<Id>,
        operands: impl IntoIterator<Item = Operand>,
    ) -> Self {
        Self {
            opcode,
            result_type,
            result_id,
            operands: operands.into_iter().collect(),
        }
    }

    /// Number of words this instruction encodes to.
    pub fn word_count(&self) -> usize {
        1 + usize::from(self.result_type.is_some())
            + usize::from(self.result_id.is_some())
            + self
                .operands
                .iter()
                .map(|o| match o {
                    Operand::String(s) => s.len() / 4 + 1,
                    _ => 1,
                })
                .sum::<usize>()
    }

    /// Every id this instruction uses (result type included, result id excluded).
    pub fn used_ids(&self) -> impl Iterator<Item = Id> + '_ {
        self.result_type
            .into_iter()
            .chain(self.operands.iter().filter_map(Operand::id))
    }

    pub fn section(&self) -> Section {
        Section::of(self.opcode)
    }

    /// Replaces every id (result type, result id and id operands) by `f(id)`.
    pub fn map_ids(&mut self, mut f: impl FnMut(Id) -> Id) {
        if let Some(t) = &mut self.result_type {
            *t = f(*t);
        }
        if let Some(r) = &mut self.result_id {
            *r = f(*r);
        }
        for operand in &mut self.operands {
            if let Operand::Id(id) = operand {
                *id = f(*id);
            }
        }
    }
}

/// The logical-layout sections of a module (SPIR-V spec 2.4), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    Capability,
    Extension,
    ExtInstImport,
    MemoryModel,
    EntryPoint,
    ExecutionMode,
    DebugSource,
    DebugName,
    DebugModuleProcessed,
    Annotation,
    /// Types, constants, global variables, OpUndef, OpLine/OpNoLine, non-semantic OpExtInst.
    TypesAndGlobals,
    Function,
}

impl Section {
    pub fn of(op: Op) -> Section {
        match op {
            Op::Capability => Section::Capability,
            Op::Extension => Section::Extension,
            Op::ExtInstImport => Section::ExtInstImport,
            Op::MemoryModel => Section::MemoryModel,
            Op::EntryPoint => Section::EntryPoint,
            Op::ExecutionMode | Op::ExecutionModeId => Section::ExecutionMode,
            Op::String | Op::SourceExtension | Op::Source | Op::SourceContinued => {
                Section::DebugSource
            }
            Op::Name | Op::MemberName => Section::DebugName,
            Op::ModuleProcessed => Section::DebugModuleProcessed,
            Op::Decorate
            | Op::MemberDecorate
            | Op::DecorationGroup
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorateString => Section::Annotation,
            Op::Function | Op::FunctionParameter | Op::FunctionEnd | Op::Label => Section::Function,
            _ => Section::TypesAndGlobals,
        }
    }
}

/// The debug instructions: those of the logical layout's debug section (OpString, OpSource*,
/// OpName, OpMemberName, OpModuleProcessed) and the line instructions OpLine/OpNoLine.
pub fn is_debug_instruction(op: Op) -> bool {
    matches!(
        op,
        Op::Name
            | Op::MemberName
            | Op::Source
            | Op::SourceContinued
            | Op::SourceExtension
            | Op::String
            | Op::Line
            | Op::NoLine
            | Op::ModuleProcessed
    )
}

/// A basic block: its OpLabel and every instruction up to the next label or OpFunctionEnd.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub label: Instruction,
    pub instructions: Vec<Instruction>,
}

impl Block {
    pub fn id(&self) -> Id {
        self.label.result_id.unwrap_or_default()
    }

    /// Index of the block's terminator: its last instruction other than OpLine/OpNoLine
    /// (producers may put a debug line after the terminator; it is not part of the control
    /// flow).
    pub fn terminator_index(&self) -> Option<usize> {
        self.instructions
            .iter()
            .rposition(|i| !is_line_instruction(i.opcode))
    }

    pub fn terminator(&self) -> Option<&Instruction> {
        self.terminator_index().map(|i| &self.instructions[i])
    }

    pub fn terminator_mut(&mut self) -> Option<&mut Instruction> {
        self.terminator_index().map(|i| &mut self.instructions[i])
    }

    /// The merge instruction (OpSelectionMerge/OpLoopMerge) right before the terminator.
    pub fn merge_instruction(&self) -> Option<&Instruction> {
        let t = self.terminator_index()?;
        self.instructions[..t]
            .iter()
            .rev()
            .find(|i| !is_line_instruction(i.opcode))
            .filter(|i| matches!(i.opcode, Op::SelectionMerge | Op::LoopMerge))
    }

    /// Removes the terminator together with the debug lines after it (their scope ends with
    /// the block, so they describe nothing) and returns it.
    pub fn take_terminator(&mut self) -> Option<Instruction> {
        let t = self.terminator_index()?;
        self.instructions.truncate(t + 1);
        self.instructions.pop()
    }

    /// Removes the merge instruction right before the terminator, if any.
    pub fn take_merge_instruction(&mut self) -> Option<Instruction> {
        let t = self.terminator_index()?;
        let m = self.instructions[..t]
            .iter()
            .rposition(|i| !is_line_instruction(i.opcode))?;
        matches!(
            self.instructions[m].opcode,
            Op::SelectionMerge | Op::LoopMerge
        )
        .then(|| self.instructions.remove(m))
    }
}

/// OpLine and OpNoLine: the debug lines that may stand anywhere in a block, even after its
/// terminator.
pub fn is_line_instruction(op: Op) -> bool {
    matches!(op, Op::Line | Op::NoLine)
}

/// A function. `parameters` holds everything between OpFunction and the first OpLabel
/// (OpFunctionParameter, and debug-line instructions if any); `trailing` holds instructions
/// found after OpFunctionEnd before the next OpFunction (invalid, but kept exactly).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    pub def: Instruction,
    pub parameters: Vec<Instruction>,
    pub blocks: Vec<Block>,
    pub end: Option<Instruction>,
    pub trailing: Vec<Instruction>,
}

impl Function {
    pub fn new(def: Instruction) -> Self {
        Self {
            def,
            parameters: Vec::new(),
            blocks: Vec::new(),
            end: Some(Instruction::new(Op::FunctionEnd, None, None, [])),
            trailing: Vec::new(),
        }
    }

    pub fn id(&self) -> Id {
        self.def.result_id.unwrap_or_default()
    }

    pub fn is_declaration(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Every instruction in binary order.
    /// Every instruction, mutably, in the order of [`Function::instructions`].
    pub fn instructions_mut(&mut self) -> impl Iterator<Item = &mut Instruction> {
        std::iter::once(&mut self.def)
            .chain(&mut self.parameters)
            .chain(
                self.blocks
                    .iter_mut()
                    .flat_map(|b| std::iter::once(&mut b.label).chain(&mut b.instructions)),
            )
            .chain(&mut self.end)
            .chain(&mut self.trailing)
    }

    pub fn instructions(&self) -> impl Iterator<Item = &Instruction> {
        std::iter::once(&self.def)
            .chain(&self.parameters)
            .chain(
                self.blocks
                    .iter()
                    .flat_map(|b| std::iter::once(&b.label).chain(&b.instructions)),
            )
            .chain(&self.end)
            .chain(&self.trailing)
    }
}

impl Function {
    /// Appends the function's instructions, in binary order, as little-endian bytes (see
    /// [`Module::encode_front_le`]).
    pub fn encode_le(&self, out: &mut Vec<u8>) {
        for inst in self.instructions() {
            crate::encode::encode_instruction_le(inst, out);
        }
    }
}

/// An owned SPIR-V module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Module {
    pub header: Header,
    /// Instructions before the first OpFunction, in binary order.
    pub globals: Vec<Instruction>,
    pub functions: Vec<Function>,
}

/// About how many bytes [`Module::write_to`] writes at a time.
const WRITE_CHUNK_BYTES: usize = 1 << 16;

/// Where an id is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DefLocation {
    #[default]
    Undefined,
    Global(usize),
    Function(usize),
    Parameter {
        function: usize,
        index: usize,
    },
    Label {
        function: usize,
        block: usize,
    },
    Instruction {
        function: usize,
        block: usize,
        index: usize,
    },
    Other,
}

/// Id → definition site, dense over the module's bound.
#[derive(Clone, Debug, Default)]
pub struct DefIndex {
    locations: Vec<DefLocation>,
}

impl DefIndex {
    pub fn get(&self, id: Id) -> DefLocation {
        self.locations
            .get(id.0 as usize)
            .copied()
            .unwrap_or_default()
    }
}

impl Module {
    pub fn new(header: Header) -> Self {
        Self {
            header,
            globals: Vec::new(),
            functions: Vec::new(),
        }
    }

    /// Decodes a module from host-order words.
    pub fn from_words(words: &[u32]) -> Result<Self, DecodeError> {
        let mut parser = Parser::new(words)?;
        let mut module = Module::new(*parser.header());
        decode_into(&mut parser, &mut module.globals, &mut module.functions)?;
        Ok(module)
    }

    /// For decoding a large module on several threads: decodes the module scope (everything
    /// before the first OpFunction) and cuts the functions into at most `runs` runs of whole
    /// functions, each decodable on its own ([`FunctionRun::decode`]). The runs' functions,
    /// appended in order to the returned module's, make the module [`Module::from_words`]
    /// decodes, for a valid module. A run does not see the ids another run defines (a valid
    /// module never uses another function's ids): on an error, decode with `from_words` for
    /// its exact first error.
    pub fn split_for_decoding(
        words: &[u32],
        runs: usize,
    ) -> Result<(Module, Vec<FunctionRun<'_>>), DecodeError> {
        Self::split_for_decoding_at(words, runs, None)
    }

    /// [`Module::split_for_decoding`] with where the functions start already found on these
    /// words (`spirvkit_val::validate_keeping_split` hands over the validator's), so the
    /// words are not walked again; starts found for other words are found again.
    pub fn split_for_decoding_at<'w>(
        words: &'w [u32],
        runs: usize,
        starts: Option<&crate::FunctionStarts>,
    ) -> Result<(Module, Vec<FunctionRun<'w>>), DecodeError> {
        let mut parser = Parser::new(words)?;
        let mut module = Module::new(*parser.header());
        while parser.peek_opcode().is_some_and(|op| op != Op::Function) {
            let Some(inst) = parser.next_owned()? else {
                break;
            };
            module.globals.push(inst);
        }
        let pieces = match starts {
            Some(starts) => parser.split_functions_at(starts, runs),
            None => parser.split_functions(runs),
        };
        let pieces = pieces
            .into_iter()
            .map(|(parser, _)| FunctionRun { parser })
            .collect();
        Ok((module, pieces))
    }
}

/// A run of whole functions of a module, with the decoder state of the module scope (see
/// [`Module::split_for_decoding`]).
pub struct FunctionRun<'a> {
    parser: Parser<'a>,
}

impl FunctionRun<'_> {
    /// Decodes the run's functions.
    pub fn decode(mut self) -> Result<Vec<Function>, DecodeError> {
        // A run starts at an OpFunction: nothing goes to `globals`.
        let (mut globals, mut functions) = (Vec::new(), Vec::new());
        decode_into(&mut self.parser, &mut globals, &mut functions)?;
        Ok(functions)
    }
}

/// Decodes the rest of `parser`'s words: instructions before any function go to `globals`,
/// functions to `functions`.
fn decode_into(
    parser: &mut Parser<'_>,
    globals: &mut Vec<Instruction>,
    functions: &mut Vec<Function>,
) -> Result<(), DecodeError> {
    {
        let mut in_function = false;
        while let Some(inst) = parser.next_owned()? {
            let op = inst.opcode;
            if op == Op::Function {
                functions.push(Function {
                    end: None,
                    ..Function::new(inst)
                });
                in_function = true;
                continue;
            }
            let Some(function) = functions.last_mut() else {
                globals.push(inst);
                continue;
            };
            if !in_function {
                function.trailing.push(inst);
            } else if op == Op::FunctionEnd {
                function.end = Some(inst);
                in_function = false;
            } else if op == Op::Label {
                // Sized once, to the capacity pushing one by one would end with (a power of
                // two, at least 4): the same room for the passes' insertions and merges
                // (exact sizes made them reallocate: +50% peak memory in `opt -O`), without
                // the copies of growing.
                let count = parser.instructions_before_next_label();
                let capacity = if count == 0 {
                    0
                } else {
                    count.next_power_of_two().max(4)
                };
                function.blocks.push(Block {
                    label: inst,
                    instructions: Vec::with_capacity(capacity),
                });
            } else if let Some(block) = function.blocks.last_mut() {
                block.instructions.push(inst);
            } else {
                function.parameters.push(inst);
            }
        }
        Ok(())
    }
}

impl Module {
    /// Decodes a module from file bytes (either byte order).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, DecodeError> {
        let (words, _) = crate::binary::words_from_bytes(bytes)?;
        Self::from_words(&words)
    }

    /// Every instruction in binary order.
    pub fn instructions(&self) -> impl Iterator<Item = &Instruction> {
        self.globals
            .iter()
            .chain(self.functions.iter().flat_map(Function::instructions))
    }

    /// Global instructions of one section, in order.
    pub fn section(&self, section: Section) -> impl Iterator<Item = &Instruction> {
        self.globals.iter().filter(move |i| i.section() == section)
    }

    pub fn def_index(&self) -> DefIndex {
        let mut locations = vec![DefLocation::Undefined; self.header.bound as usize];
        let mut set = |id: Option<Id>, loc: DefLocation| {
            if let Some(slot) = id.and_then(|id| locations.get_mut(id.0 as usize)) {
                *slot = loc;
            }
        };
        for (i, inst) in self.globals.iter().enumerate() {
            set(inst.result_id, DefLocation::Global(i));
        }
        for (f, function) in self.functions.iter().enumerate() {
            set(function.def.result_id, DefLocation::Function(f));
            for (index, p) in function.parameters.iter().enumerate() {
                set(p.result_id, DefLocation::Parameter { function: f, index });
            }
            for (b, block) in function.blocks.iter().enumerate() {
                set(
                    block.label.result_id,
                    DefLocation::Label {
                        function: f,
                        block: b,
                    },
                );
                for (index, inst) in block.instructions.iter().enumerate() {
                    set(
                        inst.result_id,
                        DefLocation::Instruction {
                            function: f,
                            block: b,
                            index,
                        },
                    );
                }
            }
            for inst in &function.trailing {
                set(inst.result_id, DefLocation::Other);
            }
        }
        DefIndex { locations }
    }

    /// The instruction defining `id`, using a previously built index.
    pub fn def<'a>(&'a self, index: &DefIndex, id: Id) -> Option<&'a Instruction> {
        match index.get(id) {
            DefLocation::Global(i) => self.globals.get(i),
            DefLocation::Function(f) => self.functions.get(f).map(|f| &f.def),
            DefLocation::Parameter { function, index } => {
                self.functions.get(function)?.parameters.get(index)
            }
            DefLocation::Label { function, block } => {
                Some(&self.functions.get(function)?.blocks.get(block)?.label)
            }
            DefLocation::Instruction {
                function,
                block,
                index,
            } => self
                .functions
                .get(function)?
                .blocks
                .get(block)?
                .instructions
                .get(index),
            DefLocation::Undefined | DefLocation::Other => None,
        }
    }

    /// OpName strings by id (first one wins, as in the disassembler).
    pub fn names(&self) -> std::collections::HashMap<Id, &str> {
        let mut names = std::collections::HashMap::new();
        for inst in self
            .section(Section::DebugName)
            .filter(|i| i.opcode == Op::Name)
        {
            if let (Some(Operand::Id(id)), Some(Operand::String(s))) =
                (inst.operands.first(), inst.operands.get(1))
            {
                names.entry(*id).or_insert(&**s);
            }
        }
        names
    }

    /// Decorations (OpDecorate/OpDecorateId/OpDecorateString) targeting `id`.
    pub fn decorations_of(&self, id: Id) -> impl Iterator<Item = &Instruction> {
        self.section(Section::Annotation).filter(move |i| {
            matches!(i.opcode, Op::Decorate | Op::DecorateId | Op::DecorateString)
                && i.operands.first() == Some(&Operand::Id(id))
        })
    }

    /// Writes the module's binary (little-endian words) to `w` a chunk at a time, so that no
    /// second copy of the whole module exists as words and bytes (the optimizer's output path).
    pub fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(WRITE_CHUNK_BYTES + 4096);
        self.encode_front_le(&mut bytes);
        Self::write_functions_to(bytes, &self.functions, w)
    }

    /// Encodes `functions` (a run of a module's functions) as little-endian bytes after the
    /// `bytes` already encoded, writing to `w` in chunks of about 64 KiB: the
    /// loop of [`Module::write_to`], also for a writer that takes a part of the module.
    pub fn write_functions_to(
        mut bytes: Vec<u8>,
        functions: &[Function],
        w: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        bytes.reserve(WRITE_CHUNK_BYTES + 4096);
        for function in functions {
            function.encode_le(&mut bytes);
            if bytes.len() >= WRITE_CHUNK_BYTES {
                w.write_all(&bytes)?;
                bytes.clear();
            }
        }
        w.write_all(&bytes)
    }

    /// Appends the header and the global instructions (everything before the first
    /// function) as little-endian bytes: with [`Function::encode_le`] of each function in
    /// order after it, the module's binary (functions may be encoded on several threads).
    pub fn encode_front_le(&self, out: &mut Vec<u8>) {
        for word in self.header.words() {
            out.extend_from_slice(&word.to_le_bytes());
        }
        crate::encode::encode_instructions_le(&self.globals, out);
    }

    /// Encodes the module to words (header first).
    pub fn to_words(&self) -> Vec<u32> {
        let total: usize = HEADER_WORDS
            + self
                .instructions()
                .map(Instruction::word_count)
                .sum::<usize>();
        let mut out = Vec::with_capacity(total);
        out.extend_from_slice(&self.header.words());
        for inst in self.instructions() {
            crate::encode::encode_instruction(inst, &mut out);
        }
        out
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        crate::binary::bytes_from_words(&self.to_words())
    }
}

/// Converts a parsed instruction to the owned form. Strings that would not re-encode to the
/// same words (not UTF-8, or with non-zero padding after the NUL) are kept as raw words, so
/// the round trip stays exact.
pub fn instruction_from_parsed(parsed: &crate::decode::ParsedInstruction<'_>) -> Instruction {
    let mut inst = Instruction {
        opcode: parsed.op(),
        result_type: parsed.result_type.map(Id),
        result_id: parsed.result_id.map(Id),
        operands: SmallVec::new(),
    };
    let mut result_type_seen = false;
    let mut result_id_seen = false;
    for (i, op) in parsed.operands.iter().enumerate() {
        let words = parsed.operand_words(i);
        match op.kind {
            OperandKind::IdResultType if !result_type_seen => result_type_seen = true,
            OperandKind::IdResult if !result_id_seen => result_id_seen = true,
            OperandKind::LiteralString => match exact_string(words) {
                Some(s) => inst.operands.push(Operand::String(s)),
                None => inst
                    .operands
                    .extend(words.iter().map(|&w| Operand::Word(w))),
            },
            kind if kind.category() == Category::Id => {
                inst.operands.push(Operand::Id(Id(words[0])))
            }
            _ => inst
                .operands
                .extend(words.iter().map(|&w| Operand::Word(w))),
        }
    }
    // The grammar places the result type before the result id at the front; an instruction
    // that would not re-encode in that order keeps its words verbatim.
    let front_ok = match (parsed.result_type, parsed.result_id) {
        (Some(t), Some(r)) => parsed.words.get(1) == Some(&t) && parsed.words.get(2) == Some(&r),
        (None, Some(r)) => parsed.words.get(1) == Some(&r),
        (Some(t), None) => parsed.words.get(1) == Some(&t),
        (None, None) => true,
    };
    if !front_ok {
        inst.result_type = None;
        inst.result_id = None;
        inst.operands = parsed.words[1..]
            .iter()
            .map(|&w| Operand::Word(w))
            .collect();
    }
    inst
}

fn exact_string(words: &[u32]) -> Option<LiteralString> {
    if string_words(words) != Some(words.len()) {
        return None;
    }
    let bytes = decode_string(words);
    let s = String::from_utf8(bytes).ok()?;
    // Re-encoding pads with zeros: only accept strings whose padding already is zero.
    let mut re = Vec::with_capacity(words.len());
    crate::encode::encode_string(&s, &mut re);
    (re == words).then(|| s.into())
}

#[cfg(test)]
mod block_tests {
    use super::*;

    #[test]
    fn instructions_stay_compact() {
        // Every pass walks whole modules of these: their size is the optimizer's memory
        // traffic and most of its peak memory.
        assert_eq!(std::mem::size_of::<Operand>(), 16);
        assert_eq!(std::mem::size_of::<Instruction>(), 64);
    }

    #[test]
    fn literal_strings_read_as_str() {
        let s: LiteralString = "main".into();
        assert_eq!(s, "main");
        assert_eq!(s.len(), 4);
        assert_eq!(format!("{s:?}"), format!("{:?}", "main"));
        assert_eq!(Operand::String(s).string(), Some("main"));
    }

    fn inst(op: Op) -> Instruction {
        Instruction::new(op, None, None, [])
    }

    #[test]
    fn the_terminator_is_not_a_trailing_debug_line() {
        let mut block = Block {
            label: Instruction::new(Op::Label, None, Some(Id(1)), []),
            instructions: vec![
                inst(Op::Nop),
                Instruction::new(
                    Op::SelectionMerge,
                    None,
                    None,
                    [Operand::Id(Id(2)), Operand::Word(0)],
                ),
                inst(Op::NoLine),
                inst(Op::Return),
                inst(Op::NoLine),
                inst(Op::NoLine),
            ],
        };
        assert_eq!(block.terminator_index(), Some(3));
        assert_eq!(block.terminator().map(|i| i.opcode), Some(Op::Return));
        assert_eq!(
            block.merge_instruction().map(|i| i.opcode),
            Some(Op::SelectionMerge)
        );
        assert_eq!(
            block.take_merge_instruction().map(|i| i.opcode),
            Some(Op::SelectionMerge)
        );
        assert_eq!(block.take_terminator().map(|i| i.opcode), Some(Op::Return));
        assert_eq!(
            block
                .instructions
                .iter()
                .map(|i| i.opcode)
                .collect::<Vec<_>>(),
            [Op::Nop, Op::NoLine]
        );
        assert_eq!(block.terminator().map(|i| i.opcode), Some(Op::Nop));
    }
}
