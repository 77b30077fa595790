//! Instruction encoding: the operand walk of SPIRV-Tools' `spvTextEncodeOpcode` /
//! `spvTextEncodeOperand`, writing straight into the module's word vector.

use super::ids::{FxBuild, FxHashMap, Ids};
use super::lexer::{Lexer, Mark};
use super::numbers::{encode_float, encode_int, parse_u32_base0};
use super::{AssembleError, AssembleErrorKind as K};
use spirvkit_grammar::parameter_forms::{parameter_form, ParameterForm};
use spirvkit_grammar::{
    self as g, Category, EnumerantDesc, ExtInstSetDesc, Op, OperandDesc, OperandKind, Quantifier,
};
use std::collections::HashSet;

/// What we know about a type id, for sizing literals.
#[derive(Clone, Copy, Debug)]
enum IdType {
    Int { width: u32, signed: bool },
    Float { width: u32, bfloat: bool },
    Other,
}

#[derive(Clone, Copy, Debug)]
enum ExtSet {
    Known(&'static ExtInstSetDesc),
    UnknownNonSemantic,
}

impl ExtSet {
    fn non_semantic(self) -> bool {
        match self {
            ExtSet::Known(s) => s.is_non_semantic(),
            ExtSet::UnknownNonSemantic => true,
        }
    }
}

/// One expected operand.
#[derive(Clone, Copy, Debug)]
enum Expect {
    Operand {
        kind: OperandKind,
        optional: bool,
        variadic: bool,
    },
    /// A context-independent value after a `!<integer>`: number, string or id.
    Civ,
    /// The count of a counted (`<id>`, literal) pair list (`DependencyArrayINTEL 2 %a 0 %b 4`):
    /// reading it expects the pairs.
    PairCount,
    /// A signed 64-bit literal (`LoopCountINTEL 4 -1 8`).
    SignedLiteral64,
}

/// What the next operand word is read as.
#[derive(Clone, Copy, Debug)]
enum Slot {
    Operand(OperandKind),
    Civ,
    PairCount,
    SignedLiteral64,
}

fn expect_of(d: &OperandDesc) -> Expect {
    match d.quantifier {
        Quantifier::One => Expect::Operand {
            kind: d.kind,
            optional: false,
            variadic: false,
        },
        Quantifier::Optional => Expect::Operand {
            kind: d.kind,
            optional: true,
            variadic: false,
        },
        Quantifier::Variadic => Expect::Operand {
            kind: d.kind,
            optional: true,
            variadic: true,
        },
    }
}

enum Encoded {
    Ok,
    /// An optional literal did not parse: the instruction ends before this word.
    FailedMatch,
}

/// Errors are boxed inside the encoder so the hot `Ok` paths return small values.
type R<T> = Result<T, Box<AssembleError>>;

/// `[A-Za-z0-9_]`.
static ID_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    t
};

pub struct Assembler<'a> {
    pub lex: Lexer<'a>,
    pub out: Vec<u32>,
    pub ids: Ids,
    types: FxHashMap<u32, IdType>,
    /// Value id → its type id (0: none), for OpSwitch literal widths.
    value_types: Vec<u32>,
    ext_sets: FxHashMap<u32, ExtSet>,
    expected: Vec<Expect>,
    /// Opcode names seen so far (a small hash map is faster than the grammar's perfect hash).
    opcodes: FxHashMap<&'static str, &'static g::InstructionDesc>,
    /// Start of the current instruction in `out`.
    start: usize,
    result_type: u32,
    ext_set: Option<ExtSet>,
    opcode: u16,
    /// The module's SPIR-V version (header word layout): opcodes newer than it are unknown
    /// names, as in spirv-as, unless a capability or extension can enable them.
    pub version: u32,
}

/// Whether spirv-as knows `desc` by name in SPIR-V `version`: its version range covers
/// `version`, or a capability or extension can enable it.
fn opcode_available(desc: &g::InstructionDesc, version: u32) -> bool {
    let a = &desc.avail;
    !a.capabilities.is_empty()
        || !a.extensions.is_empty()
        || a.version
            .is_some_and(|min| version >= min && a.last_version.is_none_or(|last| version <= last))
}

/// The `; Version: 1.X` comment among the comment lines before the first instruction.
pub fn version_from_comment(source: &str) -> Option<u32> {
    for line in source.lines() {
        let t = line.trim_start_matches([' ', '\t', '\r']);
        if t.is_empty() {
            continue;
        }
        if !t.starts_with(';') {
            return None;
        }
        if let Some(v) = t.strip_prefix("; Version: 1.") {
            let b = v.as_bytes();
            if let Some(&d) = b.first() {
                if (b'0'..=b'6').contains(&d) && !b.get(1).is_some_and(u8::is_ascii_digit) {
                    return Some(0x0001_0000 | (u32::from(d - b'0') << 8));
                }
            }
        }
    }
    None
}

fn kind_words(kind: OperandKind) -> String {
    // "StorageClass" → "storage class", as SPIRV-Tools names operand types in messages.
    let mut s = String::new();
    for (i, c) in kind.name().chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            s.push(' ');
        }
        s.push(c.to_ascii_lowercase());
    }
    s
}

fn is_number_like(t: &str) -> bool {
    // spvTextToLiteral's classification: digits, at most one '.', a leading '-'.
    let b = t.as_bytes();
    if b.is_empty() {
        return false;
    }
    let mut periods = 0;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'0'..=b'9' => {}
            b'.' => periods += 1,
            b'-' if i == 0 => {}
            _ => return false,
        }
    }
    !(periods > 1 || (b[0] == b'-' && b.len() == 1))
}

impl<'a> Assembler<'a> {
    /// An assembler for `source`, which may be the first piece of a longer text
    /// (`expected_text_len`, when known, sizes the tables).
    pub fn new(
        source: &'a str,
        preserve: HashSet<u32, FxBuild>,
        expected_text_len: Option<usize>,
    ) -> Self {
        let mut out = Vec::with_capacity(expected_text_len.unwrap_or(source.len()) / 6 + 16);
        out.extend_from_slice(&[spirvkit_core::MAGIC, 0x0001_0600, 0x0007_0000, 0, 0]);
        Self {
            lex: Lexer::new(source),
            out,
            ids: Ids::new(preserve, expected_text_len),
            types: FxHashMap::default(),
            value_types: Vec::new(),
            ext_sets: FxHashMap::default(),
            expected: Vec::with_capacity(32),
            opcodes: FxHashMap::default(),
            start: 0,
            result_type: 0,
            ext_set: None,
            opcode: 0,
            version: 0x0001_0600,
        }
    }

    /// The same assembler on the next piece of text (see [`Lexer::rebase`]).
    pub fn rebase<'b>(self, text: &'b str, consumed: usize, more_follows: bool) -> Assembler<'b> {
        Assembler {
            lex: self.lex.rebase(text, consumed, more_follows),
            out: self.out,
            ids: self.ids,
            types: self.types,
            value_types: self.value_types,
            ext_sets: self.ext_sets,
            expected: self.expected,
            opcodes: self.opcodes,
            start: self.start,
            result_type: self.result_type,
            ext_set: self.ext_set,
            opcode: self.opcode,
            version: self.version,
        }
    }

    #[inline]
    fn push_id(&mut self, id: u32) {
        self.out.push(id);
    }

    /// Before recording what an instruction defines: stop if its text may have been cut
    /// at the end of a piece (the driver reads more and assembles it again).
    fn ensure_complete(&self) -> R<()> {
        if self.lex.cut_short() {
            return Err(self.err(K::MissingText));
        }
        Ok(())
    }

    #[cold]
    fn err_at(&self, at: Mark, kind: K) -> Box<AssembleError> {
        let (line, column) = at.line_column();
        Box::new(AssembleError {
            line: line + 1,
            column: column + 1,
            kind,
        })
    }

    #[cold]
    fn err(&self, kind: K) -> Box<AssembleError> {
        self.err_at(self.lex.mark(), kind)
    }

    #[inline]
    fn words_len(&self) -> usize {
        self.out.len() - self.start
    }

    pub fn instruction(&mut self) -> R<()> {
        self.start = self.out.len();
        self.result_type = 0;
        self.ext_set = None;
        if self.lex.peek() == b'!' {
            return self.immediate_instruction();
        }
        let (first, mut next) = self.lex.word();
        let opname;
        let mut result: Option<&'a str> = None;
        if self.lex.starts_with_op() {
            opname = first;
        } else {
            if !first.starts_with('%') {
                return Err(self.err(K::ExpectedOpcodeOrResultId(first.to_string())));
            }
            result = Some(first);
            self.lex.pos = next;
            if !self.lex.advance() {
                return Err(self.err(K::ExpectedEqualsAtEnd));
            }
            let (eq, n) = self.lex.word();
            if eq != "=" {
                return Err(self.err(K::ExpectedEquals(eq.to_string())));
            }
            self.lex.pos = n;
            if !self.lex.advance() {
                return Err(self.err(K::ExpectedOpcodeAtEnd));
            }
            let (op, n) = self.lex.word();
            next = n;
            if !self.lex.starts_with_op() {
                return Err(self.err(K::InvalidOpcodePrefix(op.to_string())));
            }
            opname = op;
        }
        if opname == "OpUnknown" {
            if result.is_some() {
                return Err(self.err(K::OpUnknownAssignment));
            }
            self.lex.pos = next;
            return self.unknown_instruction();
        }
        let desc = match self.opcodes.get(opname) {
            Some(&d) => d,
            None => {
                let Some(d) = g::instruction_by_name(opname) else {
                    return Err(self.err(K::InvalidOpcodeName(opname.to_string())));
                };
                self.opcodes.insert(d.opname, d);
                d
            }
        };
        if !opcode_available(desc, self.version) {
            return Err(self.err(K::InvalidOpcodeName(opname.to_string())));
        }
        if desc.has_result && result.is_none() {
            return Err(self.err(K::MissingResultId(first.to_string())));
        }
        if !desc.has_result {
            if let Some(r) = result {
                return Err(self.err(K::UnexpectedResultId {
                    id: r.to_string(),
                    opname: desc.opname,
                }));
            }
        }
        let opname: &'static str = desc.opname;
        self.opcode = desc.opcode;
        self.lex.pos = next;
        self.out.push(0);
        let leading = self.leading_ids(desc, result, opname)?;
        self.expected.clear();
        self.expected
            .extend(desc.operands[leading..].iter().rev().map(expect_of));
        while let Some(e) = self.expected.pop() {
            let (kind, optional) = match e {
                Expect::Operand {
                    kind,
                    optional,
                    variadic,
                } => {
                    if variadic {
                        self.expected.push(e);
                    }
                    if kind.category() == Category::Composite {
                        let kd = kind.desc();
                        for (i, &b) in kd.bases.iter().enumerate().rev() {
                            self.expected.push(Expect::Operand {
                                kind: b,
                                optional: optional && i == 0,
                                variadic: false,
                            });
                        }
                        continue;
                    }
                    if kind == OperandKind::IdResult {
                        if let Some(r) = result {
                            let id = self.id_of(r)?;
                            self.push_id(id);
                            continue;
                        }
                    }
                    (Slot::Operand(kind), optional)
                }
                Expect::Civ => (Slot::Civ, true),
                Expect::PairCount => (Slot::PairCount, false),
                Expect::SignedLiteral64 => (Slot::SignedLiteral64, false),
            };
            if !self.lex.advance() {
                if optional {
                    break;
                }
                return Err(self.err(K::MissingOperandAtEnd(opname)));
            }
            let (word, next, new_inst) = self.lex.word_and_new_inst();
            if new_inst {
                if optional {
                    break;
                }
                return Err(self.err(K::MissingOperandAtNextInstruction(opname)));
            }
            let r = match kind {
                Slot::Operand(kind) => self.operand(kind, optional, word)?,
                Slot::Civ => self.civ(word)?,
                Slot::PairCount | Slot::SignedLiteral64 if word.starts_with('!') => {
                    self.operand(OperandKind::LiteralInteger, false, word)?
                }
                Slot::PairCount => self.pair_count(word)?,
                Slot::SignedLiteral64 => self.number(
                    word,
                    IdType::Int {
                        width: 64,
                        signed: true,
                    },
                    false,
                )?,
            };
            match r {
                Encoded::Ok => self.lex.pos = next,
                Encoded::FailedMatch => return Ok(()),
            }
        }
        let n = self.words_len();
        if n > 0xffff {
            return Err(self.err(K::InstructionTooLong(n)));
        }
        self.out[self.start] = ((n as u32) << 16) | u32::from(desc.opcode);
        self.ensure_complete()?;
        // Type bookkeeping for context-dependent literals.
        if desc.opname.starts_with("OpType") && desc.has_result {
            let w = &self.out[self.start..];
            let id = w.get(1).copied().unwrap_or(0);
            if self.types.contains_key(&id) {
                return Err(self.err(K::TypeRedefined(id)));
            }
            let t = if desc.opcode == Op::TypeInt.0 {
                if w.len() != 4 {
                    return Err(self.err(K::InvalidTypeInstruction("OpTypeInt")));
                }
                IdType::Int {
                    width: w[2],
                    signed: w[3] != 0,
                }
            } else if desc.opcode == Op::TypeFloat.0 {
                if w.len() != 3 && w.len() != 4 {
                    return Err(self.err(K::InvalidTypeInstruction("OpTypeFloat")));
                }
                IdType::Float {
                    width: w[2],
                    bfloat: w.len() == 4 && w[3] == 0,
                }
            } else {
                IdType::Other
            };
            self.types.insert(id, t);
        } else if desc.has_result_type {
            let w = &self.out[self.start..];
            if w.len() >= 3 {
                let (value, ty) = (w[2] as usize, w[1]);
                // Ids are dense in practice; a hostile huge id just is not recorded (its
                // OpSwitch literals are then sized like untyped literals).
                if value < (1 << 26) {
                    if value >= self.value_types.len() {
                        self.value_types
                            .resize((value + 1).max(self.value_types.len() * 2), 0);
                    }
                    self.value_types[value] = ty;
                }
            }
        }
        Ok(())
    }

    /// Encodes the instruction's leading required id operands (most operands of most
    /// instructions) without the expectation stack; returns how many it took. It stops at
    /// anything else, including a `!<integer>` word, which the general walk then handles.
    #[inline]
    fn leading_ids(
        &mut self,
        desc: &'static g::InstructionDesc,
        result: Option<&'a str>,
        opname: &'static str,
    ) -> R<usize> {
        if desc.opcode == Op::ExtInst.0 || desc.opcode == Op::ExtInstWithForwardRefsKHR.0 {
            return Ok(0);
        }
        let mut taken = 0;
        for (i, operand) in desc.operands[..usize::from(desc.simple_prefix)]
            .iter()
            .enumerate()
        {
            if desc.simple_id_mask >> i & 1 == 0 {
                break;
            }
            if operand.kind == OperandKind::IdResult {
                let Some(r) = result else { break };
                let id = self.id_of(r)?;
                self.push_id(id);
                taken += 1;
                continue;
            }
            if !self.lex.advance() {
                return Err(self.err(K::MissingOperandAtEnd(opname)));
            }
            let (word, next, new_inst) = self.lex.word_and_new_inst();
            if new_inst {
                return Err(self.err(K::MissingOperandAtNextInstruction(opname)));
            }
            if word.starts_with('!') {
                break;
            }
            let id = self.id_of(word)?;
            if operand.kind == OperandKind::IdResultType {
                self.result_type = id;
            }
            self.push_id(id);
            self.lex.pos = next;
            taken += 1;
        }
        Ok(taken)
    }

    /// `OpUnknown(opcode, word count)` followed by exactly `word count - 1` words of
    /// context-independent values.
    fn unknown_instruction(&mut self) -> R<()> {
        let expect_char = |me: &mut Self, c: u8, what: &'static str| -> R<()> {
            me.lex.advance();
            let found = me.lex.peek();
            if found != c {
                let f = if found == 0 {
                    String::new()
                } else {
                    (found as char).to_string()
                };
                return Err(me.err(K::OpUnknownSyntax {
                    expected: what,
                    found: f,
                }));
            }
            me.lex.pos.index += 1;
            Ok(())
        };
        let number = |me: &mut Self| -> R<(u32, Mark)> {
            me.lex.advance();
            let at = me.lex.mark();
            let (w, next) = me.lex.word();
            let v = parse_u32_base0(w).ok_or_else(|| me.err(K::InvalidImmediate(w.to_string())))?;
            me.lex.pos = next;
            Ok((v, at))
        };
        expect_char(self, b'(', "'(' expected after OpUnknown")?;
        let (opcode, _) = number(self)?;
        expect_char(self, b',', "',' expected after the opcode of OpUnknown")?;
        let (count, count_pos) = number(self)?;
        expect_char(self, b')', "')' expected after the word count of OpUnknown")?;
        if count == 0 {
            return Err(self.err_at(count_pos, K::OpUnknownZeroWords));
        }
        if opcode > 0xffff || count > 0xffff {
            return Err(self.err_at(count_pos, K::InstructionTooLong(count as usize)));
        }
        self.out.push((count << 16) | opcode);
        let end = self.start + count as usize;
        while self.out.len() < end {
            if !self.lex.advance() {
                return Err(self.err(K::OpUnknownMissing(end - self.out.len())));
            }
            let (w, next) = self.lex.word();
            self.expected.clear();
            self.civ(w)?;
            self.lex.pos = next;
        }
        self.expected.clear();
        Ok(())
    }

    fn immediate_instruction(&mut self) -> R<()> {
        let (first, next) = self.lex.word();
        self.immediate(first)?;
        self.lex.pos = next;
        loop {
            if !self.lex.advance() {
                return Ok(());
            }
            if self.lex.is_start_of_new_inst() {
                return Ok(());
            }
            let (w, next) = self.lex.word();
            if w == "=" {
                return Err(self.err(K::ImmediateBeforeEquals(first.to_string())));
            }
            if w.starts_with('!') {
                self.immediate(w)?;
            } else {
                return Err(self.err(K::InvalidEnumerant {
                    kind: "NONE".into(),
                    text: w.to_string(),
                }));
            }
            self.lex.pos = next;
        }
    }

    fn immediate(&mut self, text: &str) -> R<()> {
        let digits = &text[1..];
        let v = parse_u32_base0(digits)
            .ok_or_else(|| self.err(K::InvalidImmediate(digits.to_string())))?;
        self.out.push(v);
        Ok(())
    }

    #[inline]
    fn id_of(&mut self, text: &'a str) -> R<u32> {
        let Some(name) = text.strip_prefix('%') else {
            return Err(self.err(K::ExpectedId));
        };
        let valid = |name: &str| !name.is_empty() && name.bytes().all(|c| ID_CHAR[usize::from(c)]);
        // Names are slices of the source text, so this offset is in range.
        let offset = (name.as_ptr() as usize).wrapping_sub(self.lex.text.as_ptr() as usize);
        let first_eight = self
            .lex
            .text
            .get(offset..offset.wrapping_add(8))
            .and_then(|b| <[u8; 8]>::try_from(b).ok());
        match self.ids.get_if_valid(name, first_eight, valid) {
            Some(id) => Ok(id),
            None => Err(self.err(K::InvalidId(name.to_string()))),
        }
    }

    fn number(&mut self, text: &str, t: IdType, optional: bool) -> R<Encoded> {
        let out = &mut self.out;
        let r = match t {
            IdType::Int { width, signed } => encode_int(text, width, signed, &mut |w| out.push(w)),
            IdType::Float { width, bfloat } => {
                encode_float(text, width, bfloat, &mut |w| out.push(w))
            }
            IdType::Other => return Err(self.err(K::NotANumericType)),
        };
        match r {
            Ok(()) => Ok(Encoded::Ok),
            Err(super::numbers::NumberError::Unsupported(a, b)) => {
                Err(self.err(K::Number(super::numbers::NumberError::Unsupported(a, b))))
            }
            Err(_) if optional => Ok(Encoded::FailedMatch),
            Err(e) => Err(self.err(K::Number(e))),
        }
    }

    /// The type of an untyped literal: float with a '.', signed with a leading '-'.
    fn inferred(text: &str) -> IdType {
        if text.contains('.') {
            IdType::Float {
                width: 32,
                bfloat: false,
            }
        } else {
            IdType::Int {
                width: 32,
                signed: text.starts_with('-'),
            }
        }
    }

    fn typed(&mut self, type_id: Option<u32>, text: &str) -> IdType {
        match type_id.and_then(|t| self.types.get(&t)) {
            Some(&t) => t,
            None => Self::inferred(text),
        }
    }

    fn string(&mut self, text: &str, optional: bool) -> R<Option<Vec<u8>>> {
        if is_number_like(text) {
            return Err(self.err(K::ExpectedStringFoundNumber(text.to_string())));
        }
        let b = text.as_bytes();
        if b.len() < 2 || b[0] != b'"' || b[b.len() - 1] != b'"' {
            if optional {
                return Ok(None);
            }
            return Err(self.err(K::InvalidString(text.to_string())));
        }
        let mut s = Vec::with_capacity(b.len());
        let mut escaping = false;
        for &c in &b[1..b.len() - 1] {
            if c == b'\\' && !escaping {
                escaping = true;
            } else {
                if s.len() >= 0xffff {
                    return Err(self.err(K::StringTooLong));
                }
                s.push(c);
                escaping = false;
            }
        }
        Ok(Some(s))
    }

    fn push_string(&mut self, s: &[u8]) -> R<()> {
        // strlen semantics: stop at an embedded NUL.
        let s = match s.iter().position(|&c| c == 0) {
            Some(n) => &s[..n],
            None => s,
        };
        let words = s.len() / 4 + 1;
        if self.words_len() + words > 0xffff {
            return Err(self.err(K::InstructionTooLong(self.words_len() + words)));
        }
        for chunk in s.chunks(4) {
            let mut b = [0u8; 4];
            b[..chunk.len()].copy_from_slice(chunk);
            self.out.push(u32::from_le_bytes(b));
        }
        if s.len() % 4 == 0 {
            self.out.push(0);
        }
        Ok(())
    }

    fn push_params(&mut self, params: &'static [OperandDesc]) {
        self.expected.extend(params.iter().rev().map(expect_of));
    }

    /// Expects the parameters of enumerant `e` of `kind`, in the form [`parameter_form`] gives
    /// when the grammar's list is wrong (as the decoder reads them).
    fn push_enumerant_params(&mut self, kind: OperandKind, e: &'static EnumerantDesc) {
        match parameter_form(kind, e.value) {
            None => self.push_params(e.parameters),
            Some(ParameterForm::Operands(operands)) => self.push_params(operands),
            Some(ParameterForm::CountedIdLiteralPairs) => self.expected.push(Expect::PairCount),
            Some(ParameterForm::SignedLiterals64(n)) => self
                .expected
                .extend(std::iter::repeat_n(Expect::SignedLiteral64, usize::from(n))),
        }
    }

    /// The count of a counted pair list: a 32-bit literal, then that many (`<id>`, literal)
    /// pairs are expected. A count no instruction could hold is refused before anything is
    /// expected.
    fn pair_count(&mut self, text: &str) -> R<Encoded> {
        let unsigned = IdType::Int {
            width: 32,
            signed: false,
        };
        self.number(text, unsigned, false)?;
        let count = self.out.last().copied().unwrap_or(0) as usize;
        if count > 0xffff / 2 {
            return Err(self.err(K::InstructionTooLong(self.words_len() + 2 * count)));
        }
        self.expected.extend(std::iter::repeat_n(
            Expect::Operand {
                kind: OperandKind::PairIdRefLiteralInteger,
                optional: false,
                variadic: false,
            },
            count,
        ));
        Ok(Encoded::Ok)
    }

    /// After `!<integer>`: everything left is a context-independent value, except that a
    /// pending result id keeps its place.
    fn alternate_after_immediate(&mut self) {
        let pos = self.expected.iter().rposition(|e| {
            matches!(
                e,
                Expect::Operand {
                    kind: OperandKind::IdResult,
                    ..
                }
            )
        });
        match pos {
            Some(p) => {
                let above = self.expected.len() - 1 - p;
                self.expected.clear();
                self.expected.push(Expect::Civ);
                self.expected.push(Expect::Operand {
                    kind: OperandKind::IdResult,
                    optional: false,
                    variadic: false,
                });
                self.expected
                    .extend(std::iter::repeat_n(Expect::Civ, above));
            }
            None => {
                self.expected.clear();
                self.expected.push(Expect::Civ);
            }
        }
    }

    fn civ(&mut self, text: &'a str) -> R<Encoded> {
        if text.starts_with('!') {
            self.immediate(text)?;
            self.alternate_after_immediate();
            return Ok(Encoded::Ok);
        }
        let before = self.out.len();
        let t = Self::inferred(text);
        let ok = match t {
            IdType::Int { width, signed } => {
                encode_int(text, width, signed, &mut |w| self.out.push(w)).is_ok()
            }
            IdType::Float { width, bfloat } => {
                encode_float(text, width, bfloat, &mut |w| self.out.push(w)).is_ok()
            }
            IdType::Other => false,
        };
        if !ok {
            self.out.truncate(before);
            match self.string(text, true)? {
                Some(s) => self.push_string(&s)?,
                None => {
                    if !text.starts_with('%') {
                        return Err(self.err(K::InvalidWordAfterImmediate(text.to_string())));
                    }
                    let id = self.id_of(text)?;
                    self.push_id(id);
                }
            }
        }
        if self.expected.is_empty() {
            self.expected.push(Expect::Civ);
        }
        Ok(Encoded::Ok)
    }

    fn operand(&mut self, kind: OperandKind, optional: bool, text: &'a str) -> R<Encoded> {
        if text.starts_with('!') {
            self.immediate(text)?;
            self.alternate_after_immediate();
            return Ok(Encoded::Ok);
        }
        let kd = kind.desc();
        match kd.category {
            Category::Id => {
                let id = self.id_of(text)?;
                if kind == OperandKind::IdResultType {
                    self.result_type = id;
                }
                self.push_id(id);
                if (self.opcode == Op::ExtInst.0 || self.opcode == Op::ExtInstWithForwardRefsKHR.0)
                    && self.words_len() == 4
                {
                    match self.ext_sets.get(&id) {
                        Some(&s) => self.ext_set = Some(s),
                        // spirv-as names the instruction's result id (word 2) here.
                        None => {
                            let shown = self.out.get(self.start + 2).copied().unwrap_or(0);
                            return Err(self.err(K::InvalidExtInstImportId(shown)));
                        }
                    }
                }
                Ok(Encoded::Ok)
            }
            Category::Literal => match kind {
                OperandKind::LiteralString => {
                    let Some(s) = self.string(text, optional)? else {
                        return Ok(Encoded::FailedMatch);
                    };
                    if self.opcode == Op::ExtInstImport.0 {
                        let name = String::from_utf8_lossy(&s);
                        let set = match g::ext_inst_set_by_import_name(&name) {
                            Some(set) => ExtSet::Known(set),
                            None if name.starts_with("NonSemantic.") => ExtSet::UnknownNonSemantic,
                            None => {
                                return Err(self.err(K::InvalidExtInstImport(name.into_owned())))
                            }
                        };
                        self.ensure_complete()?;
                        let id = self.out.get(self.start + 1).copied().unwrap_or(0);
                        self.ext_sets.insert(id, set);
                    }
                    self.push_string(&s)?;
                    Ok(Encoded::Ok)
                }
                OperandKind::LiteralExtInstInteger => {
                    let set = self.ext_set.unwrap_or(ExtSet::UnknownNonSemantic);
                    if let ExtSet::Known(s) = set {
                        if let Some(e) = s.instruction_by_name(text) {
                            self.out.push(e.opcode);
                            self.push_params(e.operands);
                            return Ok(Encoded::Ok);
                        }
                    }
                    if !set.non_semantic() {
                        return Err(self.err(K::InvalidExtInstName(text.to_string())));
                    }
                    let v = if text.bytes().all(|c| c.is_ascii_digit()) && !text.is_empty() {
                        text.parse::<u32>().ok()
                    } else {
                        None
                    };
                    let Some(v) = v else {
                        return Err(self.err(K::InvalidExtInstNumber(text.to_string())));
                    };
                    self.out.push(v);
                    self.expected.push(Expect::Operand {
                        kind: OperandKind::IdRef,
                        optional: true,
                        variadic: true,
                    });
                    Ok(Encoded::Ok)
                }
                OperandKind::LiteralSpecConstantOpInteger => {
                    let inner = if text.starts_with("Op") {
                        None
                    } else {
                        let mut name = String::with_capacity(text.len() + 2);
                        name.push_str("Op");
                        name.push_str(text);
                        g::instruction_by_name(&name).filter(|d| d.has_result && d.has_result_type)
                    };
                    let Some(inner) = inner else {
                        return Err(self.err(K::InvalidEnumerant {
                            kind: "OpSpecConstantOp opcode".into(),
                            text: text.to_string(),
                        }));
                    };
                    self.out.push(u32::from(inner.opcode));
                    let ops = inner.operands;
                    self.push_params(ops.get(2..).unwrap_or(&[]));
                    Ok(Encoded::Ok)
                }
                OperandKind::LiteralContextDependentNumber => {
                    let t = if self.opcode == Op::Constant.0 || self.opcode == Op::SpecConstant.0 {
                        self.typed(Some(self.result_type), text)
                    } else {
                        Self::inferred(text)
                    };
                    self.number(text, t, optional)
                }
                OperandKind::LiteralInteger if self.opcode == Op::Switch.0 => {
                    let selector = self.out.get(self.start + 1).copied().unwrap_or(0);
                    let ty = self
                        .value_types
                        .get(selector as usize)
                        .copied()
                        .filter(|&t| t != 0);
                    let t = self.typed(ty, text);
                    self.number(text, t, optional)
                }
                OperandKind::LiteralFloat => self.number(
                    text,
                    IdType::Float {
                        width: 32,
                        bfloat: false,
                    },
                    optional,
                ),
                _ => self.number(
                    text,
                    IdType::Int {
                        width: 32,
                        signed: false,
                    },
                    optional,
                ),
            },
            Category::ValueEnum => match kd.enumerant_by_name(text) {
                Some(e) => {
                    self.out.push(e.value);
                    self.push_enumerant_params(kind, e);
                    Ok(Encoded::Ok)
                }
                None => Err(self.err(K::InvalidEnumerant {
                    kind: kind_words(kind),
                    text: text.to_string(),
                })),
            },
            Category::BitEnum => {
                let mut value = 0u32;
                for part in text.split('|') {
                    match kd.enumerant_by_name(part) {
                        Some(e) => value |= e.value,
                        None => {
                            return Err(self.err(K::InvalidMask {
                                kind: kind_words(kind),
                                text: text.to_string(),
                            }))
                        }
                    }
                }
                self.out.push(value);
                let mut bit = 1u32 << 31;
                while bit != 0 {
                    if value & bit != 0 {
                        if let Some(e) = kd.enumerant(bit) {
                            self.push_enumerant_params(kind, e);
                        }
                    }
                    bit >>= 1;
                }
                Ok(Encoded::Ok)
            }
            Category::Composite => Ok(Encoded::Ok),
        }
    }
}
