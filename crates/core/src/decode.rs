//! Zero-copy decoding: a parser that walks `&[u32]` and classifies every operand by the
//! grammar, without allocating per instruction or per operand (buffers are reused).
//!
//! The operand walk mirrors how SPIRV-Tools reads binaries: a stack of expected operands,
//! extended by enumerant parameters (`Decoration SpecId <n>`, `Aligned <n>`), by the operands of
//! an extended instruction (`OpExtInst`) or of the opcode inside `OpSpecConstantOp`, with
//! optional operands consumed while words remain and variadic ones repeated until the end.

use crate::binary::{Header, HEADER_WORDS};
use crate::error::{DecodeError, DecodeErrorKind as K};
use spirvkit_grammar::{
    self as g, Category, ExtInstSetDesc, InstructionDesc, Op, OperandDesc, OperandKind, Quantifier,
};
use std::collections::HashMap;

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
#[derive(Debug)]
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
pub struct Parser<'a> {
    words: &'a [u32],
    header: Header,
    pos: usize,
    index: usize,
    /// Result id → its result type id (0: none). Sizes OpSwitch literals.
    value_types: IdMap<u32>,
    /// Type id → numeric facts (OpTypeInt / OpTypeFloat only).
    numeric_types: HashMap<u32, NumericType>,
    ext_imports: HashMap<u32, ExtImport>,
    /// Operands still expected, next on top: (kind, quantifier).
    expected: Vec<(OperandKind, Quantifier)>,
    operands: Vec<ParsedOperand>,
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
            numeric_types: HashMap::new(),
            ext_imports: HashMap::new(),
            expected: Vec::with_capacity(16),
            operands: Vec::with_capacity(16),
        })
    }

    pub fn header(&self) -> &Header {
        &self.header
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
    pub fn next_instruction(&mut self) -> Result<Option<ParsedInstruction<'_>>, DecodeError> {
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
        match desc {
            Some(desc) => self
                .parse_operands(desc, inst_words, &mut state)
                .map_err(err)?,
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
            self.value_types.set(result, state.result_type.unwrap_or(0));
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
            operands: &self.operands,
        }))
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
    ) -> Result<(), K> {
        let opname = desc.opname;
        self.expected.clear();
        let word_count = words.len();
        let mut w = 1usize;
        let mut operand_index = 0usize;
        // Fast path: leading single ids and plain literals need no expectation stack.
        let mut rest = desc.operands;
        while let [first, tail @ ..] = rest {
            if first.quantifier != Quantifier::One || w >= word_count {
                break;
            }
            let kind = first.kind;
            let word = words[w];
            if kind.category() == Category::Id {
                self.check_id(opname, word)?;
                match kind {
                    OperandKind::IdResultType => state.result_type = Some(word),
                    OperandKind::IdResult => state.result_id = Some(word),
                    _ => {}
                }
                self.push(kind, w, 1, None);
            } else if kind == OperandKind::LiteralInteger && Op(desc.opcode) != Op::Switch {
                self.push(
                    kind,
                    w,
                    1,
                    Some(NumericType {
                        kind: NumberKind::Unsigned,
                        width: 32,
                    }),
                );
            } else {
                break;
            }
            w += 1;
            operand_index += 1;
            rest = tail;
        }
        self.expected
            .extend(rest.iter().rev().map(|o| (o.kind, o.quantifier)));
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
            w = self.parse_operand(desc, expected.0, words, w, state)?;
            operand_index += 1;
        }
        if let Some(missing) = self.expected.iter().rev().find(|e| e.1 == Quantifier::One) {
            return Err(K::MissingOperand {
                opname,
                operand: operand_index,
                kind: missing.0.name(),
            });
        }
        Ok(())
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
                self.expected
                    .extend(kind_desc.bases.iter().rev().map(|&b| (b, Quantifier::One)));
                // The pair's members are parsed as operands of their own.
                let Some(first) = self.expected.pop() else {
                    return Ok(w);
                };
                self.parse_operand(desc, first.0, words, w, state)
            }
            Category::ValueEnum => {
                let Some(e) = kind_desc.enumerant(word) else {
                    return Err(K::InvalidEnumerant {
                        opname,
                        kind: kind_desc.name,
                        value: word,
                    });
                };
                self.expected
                    .extend(e.parameters.iter().rev().map(|o| (o.kind, o.quantifier)));
                self.push(kind, w, 1, None);
                Ok(w + 1)
            }
            Category::BitEnum => {
                // Parameters follow in ascending bit order, so push them from the highest bit down.
                let mut bits = word;
                let mut params: [Option<&'static [OperandDesc]>; 32] = [None; 32];
                if word == 0 && kind_desc.enumerant(0).is_none() {
                    return Err(K::InvalidEnumerant {
                        opname,
                        kind: kind_desc.name,
                        value: word,
                    });
                }
                while bits != 0 {
                    let bit = bits.trailing_zeros();
                    bits &= bits - 1;
                    let Some(e) = kind_desc.enumerant(1 << bit) else {
                        return Err(K::InvalidEnumerant {
                            opname,
                            kind: kind_desc.name,
                            value: word,
                        });
                    };
                    params[bit as usize] = Some(e.parameters);
                }
                for p in params.iter().rev().flatten() {
                    self.expected
                        .extend(p.iter().rev().map(|o| (o.kind, o.quantifier)));
                }
                self.push(kind, w, 1, None);
                Ok(w + 1)
            }
        }
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
                let type_id = self.value_types.get(selector);
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
                        Some(ext) => self
                            .expected
                            .extend(ext.operands.iter().rev().map(|o| (o.kind, o.quantifier))),
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
                        .map(|o| (o.kind, o.quantifier)),
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
        let len = match number.width {
            1..=32 => 1,
            33..=64 => 2,
            width => return Err(K::UnsupportedNumberWidth { opname, width }),
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

struct InstState {
    result_type: Option<u32>,
    result_id: Option<u32>,
    ext_import: Option<ExtImport>,
}

fn variadic_ids() -> (OperandKind, Quantifier) {
    (OperandKind::IdRef, Quantifier::Variadic)
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
