//! Zero-copy decoding: a parser that walks `&[u32]` and classifies every operand by the
//! grammar, without allocating per instruction or per operand (buffers are reused).
//!
//! The operand walk mirrors how SPIRV-Tools reads binaries: a stack of expected operands,
//! extended by enumerant parameters (`Decoration SpecId <n>`, `Aligned <n>`), by the operands of
//! an extended instruction (`OpExtInst`) or of the opcode inside `OpSpecConstantOp`, with
//! optional operands consumed while words remain and variadic ones repeated until the end.

use crate::binary::{Header, HEADER_WORDS};
use crate::error::{DecodeError, DecodeErrorKind as K};
use crate::module::{instruction_from_parsed, Id, Instruction, Operand, Operands};
use spirvkit_grammar::parameter_forms::{parameter_form, ParameterForm};
use spirvkit_grammar::{
    self as g, Category, ExtInstSetDesc, InstructionDesc, Op, OperandDesc, OperandKind, Quantifier,
};
use std::collections::HashMap;
use std::sync::Arc;

/// `Parser::value_types`'s entry for a result without a type (0 means "not recorded", so a
/// fork can tell its own entries from the shared ones).
const NO_TYPE: u32 = u32::MAX;

/// Where each function of a module starts, found from the word counts alone
/// ([`Parser::function_starts`]); handed to [`Parser::split_functions_at`] by a caller that
/// splits the same words twice (the validator and then the decoder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionStarts {
    /// The words walked (address and length) and the parser position the walk began at
    /// (word offset, instruction index): a split for other words or another position walks
    /// again.
    words: (usize, usize),
    from: (usize, usize),
    /// Word offset and instruction index of every OpFunction from `from` on.
    starts: Vec<(usize, usize)>,
    /// Instruction index after the last instruction (or of the malformed one).
    end_index: usize,
    /// A word count of 0 or past the end stopped the walk.
    malformed: bool,
}

impl FunctionStarts {
    /// How many functions start after the walk's beginning.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }
}

/// How an expected operand is read: by its grammar kind, or in one of the forms the grammar
/// cannot express ([`ParameterForm`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Grammar,
    /// The count of a counted (`<id>`, literal) pair list: reading it expects the pairs.
    PairCount,
    /// A signed 64-bit literal (two words, low first).
    SignedLiteral64,
}

/// One operand still expected: (kind, quantifier, form).
type Expected = (OperandKind, Quantifier, Form);

fn expected_of(o: &OperandDesc) -> Expected {
    (o.kind, o.quantifier, Form::Grammar)
}

/// How a literal number operand is to be interpreted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NumberKind {
    #[default]
    None,
    Unsigned,
    Signed,
    Float,
}

/// One classified operand: where its words are inside the instruction and what they mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParsedOperand {
    pub kind: OperandKind,
    /// Word offset inside the instruction (word 0 is the opcode/word-count word).
    pub offset: u16,
    pub num_words: u16,
    pub number_kind: NumberKind,
    /// Bit width of a literal number (0 when not a number).
    pub number_width: u16,
}

/// What an extended-instruction import resolved to.
#[derive(Clone, Copy, Debug)]
pub enum ExtImport {
    Known(&'static ExtInstSetDesc),
    /// A `NonSemantic.*` set the grammar does not describe: its instructions are opaque.
    UnknownNonSemantic,
}

/// One decoded instruction. `operands` covers every word after word 0, in order.
#[derive(Clone, Copy, Debug)]
pub struct ParsedInstruction<'a> {
    pub words: &'a [u32],
    /// Offset of word 0 from the start of the module (header included).
    pub word_offset: usize,
    /// Index of the instruction in the module (0 = first after the header).
    pub index: usize,
    pub opcode: u16,
    /// `None` for opcodes the grammar does not know; their operands are raw words.
    pub desc: Option<&'static InstructionDesc>,
    pub result_type: Option<u32>,
    pub result_id: Option<u32>,
    /// For `OpExtInst`: the imported set, when known.
    pub ext_import: Option<ExtImport>,
    pub operands: &'a [ParsedOperand],
}

impl<'a> ParsedInstruction<'a> {
    pub fn op(&self) -> Op {
        Op(self.opcode)
    }

    pub fn opname(&self) -> &'static str {
        self.desc.map_or("unknown instruction", |d| d.opname)
    }

    /// The words of operand `i`.
    pub fn operand_words(&self, i: usize) -> &'a [u32] {
        match self.operands.get(i) {
            Some(o) => {
                let start = usize::from(o.offset);
                self.words
                    .get(start..start + usize::from(o.num_words))
                    .unwrap_or(&[])
            }
            None => &[],
        }
    }

    /// First word of operand `i` (0 when absent).
    pub fn operand_word(&self, i: usize) -> u32 {
        self.operand_words(i).first().copied().unwrap_or(0)
    }
}

/// Scalar numeric type facts needed to size context-dependent literals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumericType {
    pub kind: NumberKind,
    pub width: u32,
}

/// A map from ids to small values: dense when the bound is reasonable, hashed when a hostile
/// or sparse bound would make a dense table wasteful.
#[derive(Clone, Debug)]
enum IdMap<T: Copy + Default> {
    Dense(Vec<T>),
    Sparse(HashMap<u32, T>),
}

impl<T: Copy + Default> IdMap<T> {
    fn new(bound: u32, module_words: usize) -> Self {
        let bound = bound as usize;
        if bound <= module_words.saturating_mul(4).saturating_add(64) {
            IdMap::Dense(vec![T::default(); bound])
        } else {
            IdMap::Sparse(HashMap::new())
        }
    }

    /// An empty table of the same kind (dense: zeroed memory the kernel hands out lazily,
    /// so only the pages a user writes to are ever touched).
    fn empty_like(&self) -> Self {
        match self {
            IdMap::Dense(v) => IdMap::Dense(vec![T::default(); v.len()]),
            IdMap::Sparse(_) => IdMap::Sparse(HashMap::new()),
        }
    }

    #[inline]
    fn get(&self, id: u32) -> T {
        match self {
            IdMap::Dense(v) => v.get(id as usize).copied().unwrap_or_default(),
            IdMap::Sparse(m) => m.get(&id).copied().unwrap_or_default(),
        }
    }

    #[inline]
    fn set(&mut self, id: u32, value: T) {
        match self {
            IdMap::Dense(v) => {
                if let Some(slot) = v.get_mut(id as usize) {
                    *slot = value;
                }
            }
            IdMap::Sparse(m) => {
                m.insert(id, value);
            }
        }
    }
}

/// The decoder. Create with [`Parser::new`], then call [`Parser::next_instruction`] or
/// [`Parser::for_each`].
#[derive(Clone)]
pub struct Parser<'a> {
    words: &'a [u32],
    header: Header,
    pos: usize,
    index: usize,
    /// Result id → its result type id, as this parser recorded it (0: not recorded,
    /// [`NO_TYPE`]: a result without a type). Sizes OpSwitch literals.
    value_types: IdMap<u32>,
    /// What the parser this one was [forked](Parser::fork) from had recorded (the module
    /// scope's values), shared by every fork instead of copied into each: read where
    /// `value_types` has nothing.
    shared_value_types: Option<Arc<IdMap<u32>>>,
    /// Type id → numeric facts (OpTypeInt / OpTypeFloat only).
    numeric_types: HashMap<u32, NumericType>,
    ext_imports: HashMap<u32, ExtImport>,
    /// Operands still expected, next on top.
    expected: Vec<Expected>,
    operands: Vec<ParsedOperand>,
    /// Per-opcode layouts, fetched once (the table is built on first use).
    layouts: &'static [Option<OpcodeLayout>],
}

impl<'a> Parser<'a> {
    /// Starts decoding a module given as host-order words (see `words_from_bytes`).
    pub fn new(words: &'a [u32]) -> Result<Self, DecodeError> {
        let header = Header::parse(words)?;
        Ok(Self {
            words,
            header,
            pos: HEADER_WORDS,
            index: 0,
            value_types: IdMap::new(header.bound, words.len()),
            shared_value_types: None,
            numeric_types: HashMap::new(),
            ext_imports: HashMap::new(),
            expected: Vec::with_capacity(16),
            operands: Vec::with_capacity(16),
            layouts: opcode_layouts(),
        })
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Word offset of the next instruction (the header included).
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Index of the next instruction (0 = the first after the header).
    pub fn instruction_index(&self) -> usize {
        self.index
    }

    /// The opcode of the next instruction (its word count unchecked), None at the end.
    pub fn peek_opcode(&self) -> Option<Op> {
        self.words.get(self.pos).map(|&w| Op((w & 0xffff) as u16))
    }

    /// How many instructions follow, from the next one, before the next OpLabel,
    /// OpFunctionEnd or OpFunction (or the end, or a malformed word count): the rest of a
    /// block when the parser stands right after its OpLabel. Read from the word counts
    /// alone, so that a decoder can size the block's list once.
    pub fn instructions_before_next_label(&self) -> usize {
        let (label, end, function) = (Op::Label.0, Op::FunctionEnd.0, Op::Function.0);
        let mut pos = self.pos;
        let mut count = 0;
        while let Some(&first) = self.words.get(pos) {
            let opcode = (first & 0xffff) as u16;
            let word_count = (first >> 16) as usize;
            if opcode == label || opcode == end || opcode == function || word_count == 0 {
                break;
            }
            pos += word_count;
            count += 1;
        }
        count
    }

    /// For decoding on several threads: cuts the instructions from the parser's position (where
    /// the module scope ends: the first OpFunction) into at most `runs` parsers of whole
    /// functions, in order, each with the number of instructions it will decode; the first
    /// is this parser, stopped where the second starts. Each later one is a
    /// [`fork`](Parser::fork): it knows what this parser has learnt so far (the module
    /// scope's types and imports), not what an earlier run would learn, so a run that names
    /// an id of another run's function decodes as the whole module would only when the module
    /// is valid (callers decode sequentially on any error for the exact first one). The cuts
    /// come from the word counts alone; a malformed count leaves one run, which reports it
    /// (its count is then that of the instructions before the malformed one).
    pub fn split_functions(self, runs: usize) -> Vec<(Parser<'a>, usize)> {
        let starts = self.function_starts();
        self.split_functions_at(&starts, runs)
    }

    /// Where every function from the parser's position on starts (a walk over the word
    /// counts of every instruction).
    pub fn function_starts(&self) -> FunctionStarts {
        let mut starts: Vec<(usize, usize)> = Vec::new();
        let (mut pos, mut index) = (self.pos, self.index);
        let function = u32::from(Op::Function.0);
        let mut malformed = false;
        while let Some(&first) = self.words.get(pos) {
            let count = (first >> 16) as usize;
            if count == 0 || pos + count > self.words.len() {
                malformed = true;
                break;
            }
            if first & 0xffff == function {
                starts.push((pos, index));
            }
            pos += count;
            index += 1;
        }
        FunctionStarts {
            words: (self.words.as_ptr() as usize, self.words.len()),
            from: (self.pos, self.index),
            starts,
            end_index: index,
            malformed,
        }
    }

    /// [`split_functions`](Parser::split_functions) with the function starts already found
    /// ([`function_starts`](Parser::function_starts) of a parser at this position over these
    /// words; other starts are found again).
    pub fn split_functions_at(
        mut self,
        starts: &FunctionStarts,
        runs: usize,
    ) -> Vec<(Parser<'a>, usize)> {
        let here = (
            (self.words.as_ptr() as usize, self.words.len()),
            (self.pos, self.index),
        );
        if (starts.words, starts.from) != here {
            let starts = self.function_starts();
            return self.split_functions_at(&starts, runs);
        }
        let total_end = starts.end_index;
        let starts_of = &starts.starts;
        if starts.malformed || starts_of.len() <= 1 || runs <= 1 {
            let count = total_end - self.index;
            return vec![(self, count)];
        }
        let per_run = starts_of.len().div_ceil(runs);
        let words_len = self.words.len();
        let end_of = |k: usize| {
            starts_of
                .get((k + 1) * per_run)
                .map_or((words_len, total_end), |&(next, at)| (next, at))
        };
        let mut later = Vec::new();
        for (k, chunk) in starts_of.chunks(per_run).enumerate().skip(1) {
            let (start, index) = chunk[0];
            let (end, end_index) = end_of(k);
            later.push((self.fork(start, index, end), end_index - index));
        }
        let (end, end_index) = end_of(0);
        let count = end_index - self.index;
        self.end_at(end);
        let mut pieces = vec![(self, count)];
        pieces.extend(later);
        pieces
    }

    /// Stops decoding at word offset `end` (an instruction boundary): the instructions from
    /// there on are left to a [`fork`](Parser::fork).
    pub fn end_at(&mut self, end: usize) {
        self.words = &self.words[..end.min(self.words.len())];
    }

    /// A copy of this parser, with what it has learnt of the module's types and ids so far,
    /// that decodes the instructions from word offset `start` (instruction number `index`,
    /// an instruction boundary) up to word offset `end`. Offsets in its errors stay those of
    /// the whole module. The value types learnt so far are shared, not copied (a dense table
    /// is one word per id of the bound): the first fork moves them behind an `Arc` and both
    /// parsers record further values in fresh tables of their own.
    pub fn fork(&mut self, start: usize, index: usize, end: usize) -> Parser<'a> {
        let value_types = match &self.shared_value_types {
            // Nothing of this parser's own to lose: both read the shared table.
            None => {
                let fresh = self.value_types.empty_like();
                let learnt = std::mem::replace(&mut self.value_types, fresh);
                self.shared_value_types = Some(Arc::new(learnt));
                self.value_types.empty_like()
            }
            // Already reading a shared table: the fork copies what this parser added.
            Some(_) => self.value_types.clone(),
        };
        Parser {
            words: &self.words[..end.min(self.words.len())],
            header: self.header,
            pos: start,
            index,
            value_types,
            shared_value_types: self.shared_value_types.clone(),
            numeric_types: self.numeric_types.clone(),
            ext_imports: self.ext_imports.clone(),
            expected: Vec::with_capacity(16),
            operands: Vec::with_capacity(16),
            layouts: self.layouts,
        }
    }

    /// The result type of a value recorded so far (0: none or unknown).
    fn value_type(&self, id: u32) -> u32 {
        let own = self.value_types.get(id);
        let recorded = if own == 0 {
            self.shared_value_types.as_ref().map_or(0, |s| s.get(id))
        } else {
            own
        };
        if recorded == NO_TYPE {
            0
        } else {
            recorded
        }
    }

    /// Numeric facts of a type id seen so far (OpTypeInt/OpTypeFloat).
    pub fn numeric_type(&self, type_id: u32) -> Option<NumericType> {
        self.numeric_types.get(&type_id).copied()
    }

    /// Calls `f` on every instruction; stops at the first decoding error or error from `f`.
    pub fn for_each<E: From<DecodeError>>(
        mut self,
        mut f: impl FnMut(&ParsedInstruction<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        while let Some(inst) = self.next_instruction()? {
            f(&inst)?;
        }
        Ok(())
    }

    /// Decodes the next instruction; `Ok(None)` at the end of the module.
    #[inline]
    pub fn next_instruction(&mut self) -> Result<Option<ParsedInstruction<'_>>, DecodeError> {
        // Fast path, small enough to inline into callers' loops: an instruction whose operands
        // are all single ids or plain literals (most of a module).
        if let Some((layout, inst_words)) = self.next_simple() {
            let (start, index) = (self.pos, self.index);
            self.pos += inst_words.len();
            self.index += 1;
            return Ok(Some(self.decode_simple(layout, inst_words, start, index)));
        }
        self.next_instruction_general()
    }

    /// The next instruction as the owned IR's [`Instruction`] (what
    /// [`instruction_from_parsed`] makes of [`Parser::next_instruction`]'s), built straight
    /// from the words on the fast path: no operand list is classified and read back.
    #[inline]
    pub(crate) fn next_owned(&mut self) -> Result<Option<Instruction>, DecodeError> {
        if let Some((layout, words)) = self.next_simple() {
            if layout.owned_front {
                self.pos += words.len();
                self.index += 1;
                let (result_type, result_id) = self.record_simple(layout, words);
                let first_operand =
                    1 + usize::from(result_type.is_some()) + usize::from(result_id.is_some());
                let leading = layout.operands.len() + 1;
                let mut operands = Operands::new();
                for (at, &word) in words.iter().enumerate().skip(first_operand) {
                    let is_id = at >= leading
                        || layout.id_mask.checked_shr((at - 1) as u32).unwrap_or(0) & 1 != 0;
                    operands.push(if is_id {
                        Operand::Id(Id(word))
                    } else {
                        Operand::Word(word)
                    });
                }
                return Ok(Some(Instruction {
                    opcode: Op(layout.desc.opcode),
                    result_type: result_type.map(Id),
                    result_id: result_id.map(Id),
                    operands,
                }));
            }
        }
        Ok(self
            .next_instruction()?
            .map(|parsed| instruction_from_parsed(&parsed)))
    }

    /// The layout and words of the next instruction when the fast path decodes it: every
    /// operand a single id or plain literal, all present (possibly followed by a variadic
    /// list of ids), every id in range. The parser does not move.
    #[inline]
    fn next_simple(&self) -> Option<(&'static OpcodeLayout, &'a [u32])> {
        let start = self.pos;
        let first = *self.words.get(start)?;
        let word_count = (first >> 16) as usize;
        let layout = self.layouts.get((first & 0xffff) as usize)?.as_ref()?;
        let inst_words = self.words.get(start..start + word_count)?;
        let exact = word_count == layout.operands.len() + 1 && layout.complete_without_rest;
        let tail_words = word_count.saturating_sub(layout.operands.len() + 1);
        let with_id_tail = tail_words > 0
            && !layout.id_tail.is_empty()
            && tail_words.is_multiple_of(layout.id_tail.len());
        ((exact || with_id_tail) && self.check_simple_ids(layout, inst_words))
            .then_some((layout, inst_words))
    }

    /// Every other instruction, and every error.
    #[inline(never)]
    fn next_instruction_general(&mut self) -> Result<Option<ParsedInstruction<'_>>, DecodeError> {
        let start = self.pos;
        let Some(&first) = self.words.get(start) else {
            return Ok(None);
        };
        let index = self.index;
        let word_count = (first >> 16) as u16;
        let opcode = (first & 0xffff) as u16;
        let err = |kind| DecodeError::new(kind, start, Some(index));
        if word_count == 0 {
            return Err(err(K::ZeroWordCount));
        }
        let remaining = self.words.len() - start;
        if usize::from(word_count) > remaining {
            return Err(err(K::WordCountPastEnd {
                count: word_count,
                remaining,
            }));
        }
        let inst_words = &self.words[start..start + usize::from(word_count)];
        self.pos += usize::from(word_count);
        self.index += 1;

        let desc = g::instruction(opcode);
        let mut state = InstState {
            result_type: None,
            result_id: None,
            ext_import: None,
        };
        self.operands.clear();
        let mut whole_template = None;
        match desc {
            Some(desc) => {
                whole_template = self
                    .parse_operands(desc, inst_words, &mut state)
                    .map_err(err)?
            }
            None => {
                // Unknown opcode: keep its words, classified as plain literals.
                for offset in 1..word_count {
                    self.operands.push(ParsedOperand {
                        kind: OperandKind::LiteralInteger,
                        offset,
                        num_words: 1,
                        number_kind: NumberKind::Unsigned,
                        number_width: 32,
                    });
                }
            }
        }
        if let Some(result) = state.result_id {
            self.value_types.set(
                result,
                state.result_type.filter(|&t| t != 0).unwrap_or(NO_TYPE),
            );
            self.record_type_facts(opcode, result, inst_words);
        }
        Ok(Some(ParsedInstruction {
            words: inst_words,
            word_offset: start,
            index,
            opcode,
            desc,
            result_type: state.result_type,
            result_id: state.result_id,
            ext_import: state.ext_import,
            operands: whole_template.unwrap_or(&self.operands),
        }))
    }

    /// Whether every id among the words of a simple instruction is in range (`false`: the
    /// general path reports the error).
    #[inline]
    fn check_simple_ids(&self, layout: &OpcodeLayout, words: &[u32]) -> bool {
        let bound_minus_one = self.header.bound.wrapping_sub(1);
        let out_of_range = |word: u32| word.wrapping_sub(1) >= bound_minus_one;
        let operand_words = words.get(1..).unwrap_or(&[]);
        let (leading, tail) =
            operand_words.split_at(layout.operands.len().min(operand_words.len()));
        let mut id_bits = layout.id_mask;
        let mut bad_id = false;
        for &word in leading {
            bad_id |= (id_bits & 1 != 0) & out_of_range(word);
            id_bits >>= 1;
        }
        for &word in tail {
            bad_id |= out_of_range(word);
        }
        !bad_id
    }

    /// Decodes an instruction whose operands are single ids or plain literals, all present,
    /// possibly followed by a variadic list of ids (`OpAccessChain`, `OpPhi`, `OpFunctionCall`).
    #[inline]
    fn decode_simple(
        &mut self,
        layout: &'static OpcodeLayout,
        words: &'a [u32],
        word_offset: usize,
        index: usize,
    ) -> ParsedInstruction<'_> {
        let (result_type, result_id) = self.record_simple(layout, words);
        let leading = layout.operands.len() + 1;
        let operands = if words.len() == leading {
            layout.operands
        } else {
            self.operands.clear();
            self.operands.extend_from_slice(layout.operands);
            let kinds = layout.id_tail;
            self.operands
                .extend((leading..words.len()).map(|offset| ParsedOperand {
                    kind: kinds[(offset - leading) % kinds.len()],
                    offset: offset as u16,
                    num_words: 1,
                    number_kind: NumberKind::None,
                    number_width: 0,
                }));
            &self.operands
        };
        ParsedInstruction {
            words,
            word_offset,
            index,
            opcode: layout.desc.opcode,
            desc: Some(layout.desc),
            result_type,
            result_id,
            ext_import: None,
            operands,
        }
    }

    /// The result type and result id of a fast-path instruction, with what the parser learns
    /// from them (the value's type; int and float types' facts).
    #[inline]
    fn record_simple(
        &mut self,
        layout: &OpcodeLayout,
        words: &[u32],
    ) -> (Option<u32>, Option<u32>) {
        let result_type = (layout.result_type_at != 0)
            .then(|| words.get(usize::from(layout.result_type_at)).copied())
            .flatten();
        let result_id = (layout.result_at != 0)
            .then(|| words.get(usize::from(layout.result_at)).copied())
            .flatten();
        if let Some(result) = result_id {
            self.value_types
                .set(result, result_type.filter(|&t| t != 0).unwrap_or(NO_TYPE));
            if layout.records_type_facts {
                self.record_type_facts(layout.desc.opcode, result, words);
            }
        }
        (result_type, result_id)
    }

    fn record_type_facts(&mut self, opcode: u16, result: u32, words: &[u32]) {
        let op = Op(opcode);
        if op == Op::TypeInt {
            let width = words.get(2).copied().unwrap_or(0);
            let signed = words.get(3).copied().unwrap_or(0) != 0;
            let kind = if signed {
                NumberKind::Signed
            } else {
                NumberKind::Unsigned
            };
            self.numeric_types
                .insert(result, NumericType { kind, width });
        } else if op == Op::TypeFloat {
            let width = words.get(2).copied().unwrap_or(0);
            self.numeric_types.insert(
                result,
                NumericType {
                    kind: NumberKind::Float,
                    width,
                },
            );
        }
    }

    fn parse_operands(
        &mut self,
        desc: &'static InstructionDesc,
        words: &[u32],
        state: &mut InstState,
    ) -> Result<Option<&'static [ParsedOperand]>, K> {
        let opname = desc.opname;
        self.expected.clear();
        let word_count = words.len();
        // Fast path: the leading single ids and plain literals (known per opcode from the
        // generated tables) need neither the expectation stack nor a look at operand kinds.
        let prefix = usize::from(desc.simple_prefix).min(word_count - 1);
        let bound = self.header.bound;
        let id_mask = desc.simple_id_mask;
        let leading_words = &words[1..=prefix];
        let mut bad_id = false;
        for (i, &word) in leading_words.iter().enumerate() {
            bad_id |= (id_mask >> i & 1 != 0) & (word.wrapping_sub(1) >= bound.wrapping_sub(1));
        }
        if bad_id {
            for (i, &word) in leading_words.iter().enumerate() {
                if id_mask >> i & 1 != 0 {
                    self.check_id(opname, word)?;
                }
            }
        }
        let template = leading_operands(desc.opcode);
        let template = template.get(..prefix).unwrap_or(template);
        if desc.has_result_type && prefix >= 1 {
            state.result_type = Some(words[1]);
        }
        let result_at = usize::from(desc.has_result_type);
        if desc.has_result && prefix > result_at {
            state.result_id = Some(words[result_at + 1]);
        }
        let rest = &desc.operands[prefix..];
        if rest.is_empty() && prefix + 1 == word_count {
            // Every operand is described by the opcode alone: no copy at all.
            return Ok(Some(template));
        }
        self.operands.extend_from_slice(template);
        let mut w = prefix + 1;
        let mut operand_index = prefix;
        self.expected.extend(rest.iter().rev().map(expected_of));
        while w < word_count {
            let Some(expected) = self.expected.pop() else {
                return Err(K::TrailingWords {
                    opname,
                    extra: word_count - w,
                });
            };
            if expected.1 == Quantifier::Variadic {
                self.expected.push(expected);
            }
            w = match expected.2 {
                Form::Grammar => self.parse_operand(desc, expected.0, words, w, state)?,
                Form::PairCount => self.parse_pair_count(desc, words, w)?,
                Form::SignedLiteral64 => {
                    let number = NumericType {
                        kind: NumberKind::Signed,
                        width: 64,
                    };
                    self.push_number(opname, expected.0, words, w, number)?
                }
            };
            operand_index += 1;
        }
        if let Some(missing) = self.expected.iter().rev().find(|e| e.1 == Quantifier::One) {
            return Err(K::MissingOperand {
                opname,
                operand: operand_index,
                kind: missing.0.name(),
            });
        }
        Ok(None)
    }

    #[inline]
    fn check_id(&self, opname: &'static str, id: u32) -> Result<(), K> {
        if id == 0 {
            return Err(K::ZeroId { opname });
        }
        if id >= self.header.bound {
            return Err(K::IdOutOfBound {
                opname,
                id,
                bound: self.header.bound,
            });
        }
        Ok(())
    }

    #[inline]
    fn push(
        &mut self,
        kind: OperandKind,
        offset: usize,
        num_words: usize,
        number: Option<NumericType>,
    ) {
        let (number_kind, number_width) =
            number.map_or((NumberKind::None, 0), |n| (n.kind, n.width as u16));
        // Instructions are at most 65535 words, so offsets fit.
        self.operands.push(ParsedOperand {
            kind,
            offset: offset as u16,
            num_words: num_words as u16,
            number_kind,
            number_width,
        });
    }

    /// Parses one operand of `kind` at word `w`; returns the next word index.
    fn parse_operand(
        &mut self,
        desc: &'static InstructionDesc,
        kind: OperandKind,
        words: &[u32],
        w: usize,
        state: &mut InstState,
    ) -> Result<usize, K> {
        let opname = desc.opname;
        let word = words[w];
        let kind_desc = kind.desc();
        match kind_desc.category {
            Category::Id => {
                self.check_id(opname, word)?;
                match kind {
                    OperandKind::IdResultType => state.result_type = Some(word),
                    OperandKind::IdResult => state.result_id = Some(word),
                    _ => {}
                }
                self.push(kind, w, 1, None);
                Ok(w + 1)
            }
            Category::Literal => self.parse_literal(desc, kind, words, w, state),
            Category::Composite => {
                self.expected.extend(
                    kind_desc
                        .bases
                        .iter()
                        .rev()
                        .map(|&b| (b, Quantifier::One, Form::Grammar)),
                );
                // The pair's members are parsed as operands of their own.
                let Some(first) = self.expected.pop() else {
                    return Ok(w);
                };
                self.parse_operand(desc, first.0, words, w, state)
            }
            // llvm-spirv writes SPIRVWORD_MAX (0xFFFFFFFF) as the storage class of a
            // debug-info DebugTypePointer whose pointer has no address space; its reader, and
            // the reverse translator here, take it as "none" (no parameters follow).
            Category::ValueEnum
                if kind == OperandKind::StorageClass
                    && word == u32::MAX
                    && state.ext_import.is_some() =>
            {
                self.push(kind, w, 1, None);
                Ok(w + 1)
            }
            Category::ValueEnum | Category::BitEnum => {
                let invalid = || K::InvalidEnumerant {
                    opname,
                    kind: kind_desc.name,
                    value: word,
                };
                if kind_desc.category == Category::ValueEnum || word == 0 {
                    let e = kind_desc.enumerant(word).ok_or_else(invalid)?;
                    self.expect_parameters(kind, e);
                } else {
                    // Mask parameters follow in ascending bit order; the stack pops the lowest
                    // bit's first, so push from the highest bit down.
                    let mut bits = word;
                    while bits != 0 {
                        let bit = 31 - bits.leading_zeros();
                        bits &= !(1 << bit);
                        let e = kind_desc.enumerant(1 << bit).ok_or_else(invalid)?;
                        self.expect_parameters(kind, e);
                    }
                }
                self.push(kind, w, 1, None);
                Ok(w + 1)
            }
        }
    }

    /// Expects the parameters of enumerant `e` of `kind` (pushed last first, so they are read
    /// in order), in the form [`parameter_form`] gives when the grammar's list is wrong.
    fn expect_parameters(&mut self, kind: OperandKind, e: &'static g::EnumerantDesc) {
        match parameter_form(kind, e.value) {
            None => self
                .expected
                .extend(e.parameters.iter().rev().map(expected_of)),
            Some(ParameterForm::Operands(operands)) => {
                self.expected.extend(operands.iter().rev().map(expected_of))
            }
            Some(ParameterForm::CountedIdLiteralPairs) => self.expected.push((
                OperandKind::LiteralInteger,
                Quantifier::One,
                Form::PairCount,
            )),
            Some(ParameterForm::SignedLiterals64(n)) => self.expected.extend(std::iter::repeat_n(
                (
                    OperandKind::LiteralInteger,
                    Quantifier::One,
                    Form::SignedLiteral64,
                ),
                usize::from(n),
            )),
        }
    }

    /// Reads the count of a counted pair list at word `w` and expects that many
    /// (`<id>`, literal) pairs; a count the instruction's words cannot hold is a missing operand
    /// (checked before anything is expected, so a hostile count costs nothing).
    fn parse_pair_count(
        &mut self,
        desc: &'static InstructionDesc,
        words: &[u32],
        w: usize,
    ) -> Result<usize, K> {
        let count = words[w] as usize;
        let left = words.len() - w - 1;
        if count > left / 2 {
            return Err(K::MissingOperand {
                opname: desc.opname,
                operand: self.operands.len() + 1 + left,
                kind: OperandKind::PairIdRefLiteralInteger.name(),
            });
        }
        self.push(
            OperandKind::LiteralInteger,
            w,
            1,
            Some(NumericType {
                kind: NumberKind::Unsigned,
                width: 32,
            }),
        );
        self.expected.extend(std::iter::repeat_n(
            (
                OperandKind::PairIdRefLiteralInteger,
                Quantifier::One,
                Form::Grammar,
            ),
            count,
        ));
        Ok(w + 1)
    }

    fn parse_literal(
        &mut self,
        desc: &'static InstructionDesc,
        kind: OperandKind,
        words: &[u32],
        w: usize,
        state: &mut InstState,
    ) -> Result<usize, K> {
        let opname = desc.opname;
        let word = words[w];
        let op = Op(desc.opcode);
        match kind {
            OperandKind::LiteralString => {
                let len = string_words(&words[w..]).ok_or(K::UnterminatedString { opname })?;
                if op == Op::ExtInstImport {
                    if let Some(result) = state.result_id {
                        let import = import_kind(&words[w..w + len])?;
                        self.ext_imports.insert(result, import);
                    }
                }
                self.push(kind, w, len, None);
                Ok(w + len)
            }
            OperandKind::LiteralContextDependentNumber => {
                let type_id = state.result_type.unwrap_or(0);
                let number =
                    self.numeric_types
                        .get(&type_id)
                        .copied()
                        .ok_or(K::NotANumericType {
                            opname,
                            id: type_id,
                        })?;
                self.push_number(opname, kind, words, w, number)
            }
            OperandKind::LiteralInteger if op == Op::Switch => {
                // OpSwitch case literals have the width of the selector's type.
                let selector = words.get(1).copied().unwrap_or(0);
                let type_id = self.value_type(selector);
                let number =
                    self.numeric_types
                        .get(&type_id)
                        .copied()
                        .ok_or(K::NotANumericType {
                            opname,
                            id: type_id,
                        })?;
                self.push_number(opname, kind, words, w, number)
            }
            OperandKind::LiteralExtInstInteger => {
                let set_id = words.get(w - 1).copied().unwrap_or(0);
                let import = self
                    .ext_imports
                    .get(&set_id)
                    .copied()
                    .ok_or(K::UnknownExtInstSet { opname, id: set_id })?;
                state.ext_import = Some(import);
                match import {
                    ExtImport::Known(set) => match set.instruction(word) {
                        Some(ext) => {
                            // The set's grammar replaces OpExtInst's own trailing `Id*`: words
                            // past its operands are an error, as in SPIRV-Tools' parser.
                            if self.expected.last() == Some(&variadic_ids()) {
                                self.expected.pop();
                            }
                            self.expected
                                .extend(ext.operands.iter().rev().map(expected_of))
                        }
                        None if set.is_non_semantic() => self.expected.push(variadic_ids()),
                        None => {
                            return Err(K::UnknownExtInst {
                                opname,
                                set: set.import_name,
                                number: word,
                            })
                        }
                    },
                    ExtImport::UnknownNonSemantic => self.expected.push(variadic_ids()),
                }
                self.push(
                    kind,
                    w,
                    1,
                    Some(NumericType {
                        kind: NumberKind::Unsigned,
                        width: 32,
                    }),
                );
                Ok(w + 1)
            }
            OperandKind::LiteralSpecConstantOpInteger => {
                let inner = u16::try_from(word)
                    .ok()
                    .and_then(g::instruction)
                    .ok_or(K::UnknownSpecConstantOp(word))?;
                self.expected.extend(
                    inner
                        .operands
                        .iter()
                        .rev()
                        .filter(|o| {
                            !matches!(o.kind, OperandKind::IdResult | OperandKind::IdResultType)
                        })
                        .map(expected_of),
                );
                self.push(kind, w, 1, None);
                Ok(w + 1)
            }
            OperandKind::LiteralFloat => {
                self.push(
                    kind,
                    w,
                    1,
                    Some(NumericType {
                        kind: NumberKind::Float,
                        width: 32,
                    }),
                );
                Ok(w + 1)
            }
            _ => {
                self.push(
                    kind,
                    w,
                    1,
                    Some(NumericType {
                        kind: NumberKind::Unsigned,
                        width: 32,
                    }),
                );
                Ok(w + 1)
            }
        }
    }

    fn push_number(
        &mut self,
        opname: &'static str,
        kind: OperandKind,
        words: &[u32],
        w: usize,
        number: NumericType,
    ) -> Result<usize, K> {
        // Integers of any width take their words low first (the arbitrary-precision
        // integer extensions give `OpTypeInt 128`); floats stop at 64 bits.
        let len = match (number.width, number.kind) {
            (1..=32, _) => 1,
            (33..=64, _) => 2,
            (width @ 65..=0xffff, NumberKind::Signed | NumberKind::Unsigned) => {
                width.div_ceil(32) as usize
            }
            (width, _) => return Err(K::UnsupportedNumberWidth { opname, width }),
        };
        if w + len > words.len() {
            return Err(K::MissingOperand {
                opname,
                operand: self.operands.len(),
                kind: kind.name(),
            });
        }
        self.push(kind, w, len, Some(number));
        Ok(w + len)
    }
}

/// What the decoder knows about an opcode before seeing its words: the classified leading
/// operands (see `InstructionDesc::simple_prefix`), which depend on the opcode alone and are
/// therefore built once and shared by every instruction.
struct OpcodeLayout {
    desc: &'static InstructionDesc,
    operands: &'static [ParsedOperand],
    /// Bit `i`: leading operand `i` is an id.
    id_mask: u32,
    /// The operands after the leading ones are all optional or variadic.
    complete_without_rest: bool,
    /// When the operands after the leading ones are one variadic list of ids (or of pairs of
    /// ids): the kinds of its words, repeating. Empty otherwise.
    id_tail: &'static [OperandKind],
    /// Word index of the result type / result id (0: none).
    result_type_at: u8,
    result_at: u8,
    /// The result type (if any) is word 1 and the result id (if any) the word after it, as
    /// the owned IR encodes them: [`Parser::next_owned`] may build the instruction directly.
    owned_front: bool,
    records_type_facts: bool,
}

#[inline]
fn opcode_layouts() -> &'static [Option<OpcodeLayout>] {
    static TABLE: std::sync::OnceLock<Vec<Option<OpcodeLayout>>> = std::sync::OnceLock::new();
    TABLE.get_or_init(build_opcode_layouts)
}

#[cold]
fn build_opcode_layouts() -> Vec<Option<OpcodeLayout>> {
    {
        let instructions = g::instructions();
        let max_opcode = instructions.iter().map(|d| d.opcode).max().unwrap_or(0);
        let mut table: Vec<Option<OpcodeLayout>> = Vec::new();
        table.resize_with(usize::from(max_opcode) + 1, || None);
        for desc in instructions {
            let prefix = usize::from(desc.simple_prefix);
            let operands: Vec<ParsedOperand> = desc.operands[..prefix]
                .iter()
                .enumerate()
                .map(|(i, operand)| {
                    let is_id = desc.simple_id_mask >> i & 1 != 0;
                    ParsedOperand {
                        kind: operand.kind,
                        offset: (i + 1) as u16,
                        num_words: 1,
                        number_kind: if is_id {
                            NumberKind::None
                        } else {
                            NumberKind::Unsigned
                        },
                        number_width: if is_id { 0 } else { 32 },
                    }
                })
                .collect();
            let word_of = |kind: OperandKind| {
                operands
                    .iter()
                    .find(|o| o.kind == kind)
                    .map_or(0, |o| o.offset as u8)
            };
            let op = Op(desc.opcode);
            let (result_type_at, result_at) = (
                word_of(OperandKind::IdResultType),
                word_of(OperandKind::IdResult),
            );
            let layout = OpcodeLayout {
                desc,
                result_type_at,
                result_at,
                owned_front: matches!((result_type_at, result_at), (0 | 1, 0) | (0, 1) | (1, 2)),
                // Leaked once per process: the table lives as long as the grammar.
                operands: Vec::leak(operands),
                id_mask: desc.simple_id_mask,
                complete_without_rest: desc.operands[prefix..]
                    .iter()
                    .all(|o| o.quantifier != Quantifier::One),
                records_type_facts: op == Op::TypeInt || op == Op::TypeFloat,
                id_tail: match &desc.operands[prefix..] {
                    [tail] if tail.quantifier == Quantifier::Variadic => id_tail_kinds(tail.kind),
                    _ => &[],
                },
            };
            if let Some(slot) = table.get_mut(usize::from(desc.opcode)) {
                *slot = Some(layout);
            }
        }
        table
    }
}

/// The kinds of the words of a variadic operand made only of ids (a pair kind gives two).
fn id_tail_kinds(kind: OperandKind) -> &'static [OperandKind] {
    let desc = kind.desc();
    match desc.category {
        Category::Id => std::slice::from_ref(&desc.kind),
        Category::Composite if desc.bases.iter().all(|b| b.category() == Category::Id) => {
            desc.bases
        }
        _ => &[],
    }
}

#[inline]
fn opcode_layout(opcode: u16) -> Option<&'static OpcodeLayout> {
    opcode_layouts().get(usize::from(opcode))?.as_ref()
}

/// The operands every instruction of `opcode` begins with (its leading single ids and plain
/// literals, see the decoder's fast path). A [`ParsedInstruction`]'s `operands` often is this
/// very slice, or a prefix of it (no copy was made): a caller keeping operands can keep a
/// reference to it instead of a copy (compare with `std::ptr::eq` on `as_ptr`).
#[inline]
pub fn leading_operands(opcode: u16) -> &'static [ParsedOperand] {
    opcode_layout(opcode).map_or(&[], |layout| layout.operands)
}

struct InstState {
    result_type: Option<u32>,
    result_id: Option<u32>,
    ext_import: Option<ExtImport>,
}

fn variadic_ids() -> Expected {
    (OperandKind::IdRef, Quantifier::Variadic, Form::Grammar)
}

fn import_kind(string: &[u32]) -> Result<ExtImport, K> {
    let bytes = decode_string(string);
    let name = String::from_utf8_lossy(&bytes);
    match g::ext_inst_set_by_import_name(&name) {
        Some(set) => Ok(ExtImport::Known(set)),
        None if name.starts_with("NonSemantic.") => Ok(ExtImport::UnknownNonSemantic),
        None => Err(K::UnknownExtInstImport(name.into_owned())),
    }
}

/// Number of words a NUL-terminated literal string occupies, or None without terminator.
#[inline]
pub fn string_words(words: &[u32]) -> Option<usize> {
    words
        .iter()
        .position(|w| w.to_le_bytes().contains(&0))
        .map(|i| i + 1)
}

/// Decodes a literal string's bytes (up to the NUL terminator).
pub fn decode_string(words: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(words.len() * 4);
    'outer: for w in words {
        for b in w.to_le_bytes() {
            if b == 0 {
                break 'outer;
            }
            out.push(b);
        }
    }
    out
}

#[cfg(test)]
mod fast_path_tests {
    //! The fast path must classify exactly as the general path does, and leave every error to it.
    use super::*;
    use spirvkit_test_support::{corpus_dir, files_with_extensions};

    fn assert_paths_agree(words: &[u32], what: &str) {
        let (Ok(mut fast), Ok(mut general)) = (Parser::new(words), Parser::new(words)) else {
            return;
        };
        loop {
            let a = fast.next_instruction().map(|i| i.map(|i| format!("{i:?}")));
            let b = general
                .next_instruction_general()
                .map(|i| i.map(|i| format!("{i:?}")));
            assert_eq!(
                a.as_ref().map_err(|e| e.to_string()),
                b.as_ref().map_err(|e| e.to_string()),
                "{what}"
            );
            if !matches!(a, Ok(Some(_))) {
                break;
            }
        }
    }

    /// A module with access chains, a phi, a call, a struct type and an out-of-bound id.
    fn sample_words() -> Vec<u32> {
        let inst = |opcode: u32, operands: &[u32]| {
            let mut v = vec![((operands.len() as u32 + 1) << 16) | opcode];
            v.extend_from_slice(operands);
            v
        };
        let mut w = vec![crate::MAGIC, 0x0001_0000, 0, 40, 0];
        w.extend(inst(17, &[6])); // OpCapability Addresses... (any value)
        w.extend(inst(21, &[1, 32, 0])); // %1 = OpTypeInt 32 0
        w.extend(inst(30, &[2, 1, 1])); // %2 = OpTypeStruct %1 %1
        w.extend(inst(19, &[3])); // %3 = OpTypeVoid
        w.extend(inst(33, &[4, 3])); // %4 = OpTypeFunction %3
        w.extend(inst(43, &[1, 5, 7])); // %5 = OpConstant %1 7
        w.extend(inst(54, &[3, 6, 0, 4])); // %6 = OpFunction %3 None %4
        w.extend(inst(248, &[7])); // %7 = OpLabel
        w.extend(inst(128, &[1, 8, 5, 5])); // %8 = OpIAdd %1 %5 %5
        w.extend(inst(245, &[1, 9, 8, 7, 5, 7])); // %9 = OpPhi %1 %8 %7 %5 %7
        w.extend(inst(65, &[1, 10, 9, 5, 5])); // %10 = OpAccessChain %1 %9 %5 %5
        w.extend(inst(57, &[3, 11, 6, 5])); // %11 = OpFunctionCall %3 %6 %5
        w.extend(inst(245, &[1, 12, 8, 7, 5])); // odd phi: missing operand
        w.extend(inst(128, &[1, 13, 5, 99])); // id out of bound
        w
    }

    #[test]
    fn fast_path_agrees_on_a_sample_module() {
        let words = sample_words();
        assert_paths_agree(&words, "sample");
        // Every truncation and every single-word corruption too.
        for len in 5..words.len() {
            assert_paths_agree(&words[..len], "truncated");
        }
        for i in 5..words.len() {
            for value in [0, 1, 39, 40, u32::MAX, 0x0002_0080] {
                let mut mutated = words.clone();
                mutated[i] = value;
                assert_paths_agree(&mutated, "mutated");
            }
        }
    }

    #[test]
    fn fast_path_agrees_on_the_corpus() {
        let Some(corpus) = corpus_dir() else { return };
        for path in files_with_extensions(&corpus.join("spv"), &["spv"]) {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let Ok((words, _)) = crate::words_from_bytes(&bytes) else {
                continue;
            };
            assert_paths_agree(&words, &path.display().to_string());
        }
    }
}
