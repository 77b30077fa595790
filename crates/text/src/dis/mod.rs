//! The disassembler: binary words → text identical to `spirv-dis` (SPIRV-Tools 2025.5).

mod comments;
mod header;
pub mod names;
mod nested;
pub mod numbers;

use names::{push_number, FriendlyNames};
use numbers::{push_u64, FloatFormat, BF16, E4M3, E5M2};
use spirvkit_core::decode::ExtImport;
use spirvkit_core::{DecodeError, ParsedInstruction, Parser};
use spirvkit_grammar::{self as g, Category, Op, OperandKind};
use std::collections::HashMap;
use std::io::Write;

/// What `spirv-dis` options select. `Default` is spirv-dis without options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DisassembleOptions {
    /// `--raw-id`: print `%N` instead of friendly names.
    pub raw_id: bool,
    /// `--no-header`: drop the five header comment lines.
    pub no_header: bool,
    /// `--no-indent`: no column alignment.
    pub no_indent: bool,
    /// `--offsets`: each instruction's byte offset as a trailing comment.
    pub offsets: bool,
    /// `--comment`: section comments, `; id %N`, decoration summaries.
    pub comment: bool,
    /// `--nested-indent`: indent blocks by their structured-control-flow nesting.
    pub nested_indent: bool,
    /// `--reorder-blocks`: print blocks in structured order.
    pub reorder_blocks: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum DisassembleError {
    #[error("{0}")]
    Decode(#[from] DecodeError),
    #[error("word {word_offset}: Invalid opcode: {opcode}")]
    InvalidOpcode { opcode: u16, word_offset: usize },
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl DisassembleError {
    /// Word offset of the problem, when it is about the module's words.
    pub fn word_offset(&self) -> Option<usize> {
        match self {
            DisassembleError::Decode(e) => Some(e.word_offset),
            DisassembleError::InvalidOpcode { word_offset, .. } => Some(*word_offset),
            DisassembleError::Io(_) => None,
        }
    }
}

/// Disassembles `words` (host order, header included) to text.
pub fn disassemble(words: &[u32], opts: &DisassembleOptions) -> Result<String, DisassembleError> {
    let mut out = Vec::with_capacity(words.len() * 12 + 256);
    disassemble_into(words, opts, &mut out)?;
    Ok(match String::from_utf8(out) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// Disassembles `words` and writes the text to `w` (bytes exactly as spirv-dis writes them,
/// even when literal strings are not UTF-8).
pub fn disassemble_to(
    words: &[u32],
    opts: &DisassembleOptions,
    mut w: impl Write,
) -> Result<(), DisassembleError> {
    let mut out = Vec::with_capacity(words.len() * 12 + 256);
    disassemble_into(words, opts, &mut out)?;
    w.write_all(&out)?;
    w.flush()?;
    Ok(())
}

/// Disassembles into a byte buffer.
pub fn disassemble_into(
    words: &[u32],
    opts: &DisassembleOptions,
    out: &mut Vec<u8>,
) -> Result<(), DisassembleError> {
    let mut parser = Parser::new(words)?;
    let names = if opts.raw_id {
        None
    } else {
        Some(names::build(words))
    };
    let d = Disassembler {
        names: names.as_ref(),
        indent: if opts.no_indent { 0 } else { 15 },
        float_formats: HashMap::new(),
    };
    if !opts.no_header {
        header::push_header(out, parser.header());
    }
    if opts.comment || opts.offsets || opts.nested_indent || opts.reorder_blocks {
        return nested::disassemble_fancy(d, &mut parser, opts, words, out);
    }
    let mut d = d;
    while let Some(inst) = parser.next_instruction()? {
        d.check(&inst)?;
        d.emit_line(out, &inst, 0);
        out.push(b'\n');
    }
    Ok(())
}

pub(crate) struct Disassembler<'n> {
    pub(crate) names: Option<&'n FriendlyNames>,
    pub(crate) indent: usize,
    float_formats: HashMap<u32, FloatFormat>,
}

impl Disassembler<'_> {
    /// Rejects what SPIRV-Tools cannot disassemble; records float encodings.
    pub(crate) fn check(&mut self, inst: &ParsedInstruction<'_>) -> Result<(), DisassembleError> {
        if inst.desc.is_none() {
            return Err(DisassembleError::InvalidOpcode {
                opcode: inst.opcode,
                word_offset: inst.word_offset,
            });
        }
        if inst.opcode == Op::TypeFloat.0 && inst.words.len() > 3 {
            let f = match inst.words[3] {
                0 => Some(BF16),
                4214 => Some(E4M3),
                4215 => Some(E5M2),
                _ => None,
            };
            if let (Some(f), Some(r)) = (f, inst.result_id) {
                self.float_formats.insert(r, f);
            }
        }
        Ok(())
    }

    #[inline]
    pub(crate) fn push_id(&self, out: &mut Vec<u8>, id: u32) {
        out.push(b'%');
        match self.names {
            Some(n) => n.push(out, id),
            None => push_u64(out, u64::from(id)),
        }
    }

    /// Writes one instruction (no newline); `nest` spaces go after the result column (the
    /// `--nested-indent` block indentation).
    pub(crate) fn emit_line(&self, out: &mut Vec<u8>, inst: &ParsedInstruction<'_>, nest: usize) {
        let Some(desc) = inst.desc else { return };
        match inst.result_id {
            Some(r) => {
                if self.indent > 0 {
                    let start = out.len();
                    self.push_id(out, r);
                    let len = out.len() - start - 1;
                    let pad = (self.indent as isize - 3 - len as isize).max(1) as usize - 1;
                    if pad > 0 {
                        out.splice(start..start, std::iter::repeat_n(b' ', pad));
                    }
                } else {
                    self.push_id(out, r);
                }
                out.extend_from_slice(b" = ");
            }
            None => out.extend(std::iter::repeat_n(b' ', self.indent)),
        }
        out.extend(std::iter::repeat_n(b' ', nest));
        out.extend_from_slice(desc.opname.as_bytes());
        for (i, o) in inst.operands.iter().enumerate() {
            if o.kind == OperandKind::IdResult {
                continue;
            }
            out.push(b' ');
            self.emit_operand(out, inst, i);
        }
    }

    pub(crate) fn emit_operand(&self, out: &mut Vec<u8>, inst: &ParsedInstruction<'_>, i: usize) {
        let o = &inst.operands[i];
        let start = usize::from(o.offset);
        let word = inst.words.get(start).copied().unwrap_or(0);
        let kind = o.kind;
        let desc = kind.desc();
        match desc.category {
            Category::Id => self.push_id(out, word),
            Category::Literal => match kind {
                OperandKind::LiteralString => {
                    let bytes = inst
                        .words
                        .get(start..start + usize::from(o.num_words))
                        .unwrap_or(&[]);
                    out.push(b'"');
                    'outer: for w in bytes {
                        for c in w.to_le_bytes() {
                            if c == 0 {
                                break 'outer;
                            }
                            if c == b'"' || c == b'\\' {
                                out.push(b'\\');
                            }
                            out.push(c);
                        }
                    }
                    out.push(b'"');
                }
                OperandKind::LiteralExtInstInteger => match inst.ext_import {
                    Some(ExtImport::Known(set)) => match set.instruction(word) {
                        Some(e) => out.extend_from_slice(e.opname.as_bytes()),
                        None => push_u64(out, u64::from(word)),
                    },
                    _ => push_u64(out, u64::from(word)),
                },
                OperandKind::LiteralSpecConstantOpInteger => {
                    match u16::try_from(word).ok().and_then(g::instruction) {
                        Some(d) => out.extend_from_slice(
                            d.opname.strip_prefix("Op").unwrap_or(d.opname).as_bytes(),
                        ),
                        None => push_u64(out, u64::from(word)),
                    }
                }
                _ => {
                    let ff = if o.number_width <= 16 {
                        inst.result_type
                            .and_then(|t| self.float_formats.get(&t).copied())
                    } else {
                        None
                    };
                    push_number(out, inst, o, ff);
                }
            },
            Category::ValueEnum => match desc.enumerant(word) {
                Some(e) => out.extend_from_slice(e.name.as_bytes()),
                None => push_u64(out, u64::from(word)),
            },
            Category::BitEnum => {
                let mut remaining = word;
                let mut emitted = false;
                let mut mask = 1u32;
                while remaining != 0 {
                    if remaining & mask != 0 {
                        remaining ^= mask;
                        if emitted {
                            out.push(b'|');
                        }
                        match desc.enumerant(mask) {
                            Some(e) => out.extend_from_slice(e.name.as_bytes()),
                            None => push_u64(out, u64::from(mask)),
                        }
                        emitted = true;
                    }
                    mask = mask.wrapping_shl(1);
                    if mask == 0 {
                        break;
                    }
                }
                if !emitted {
                    if let Some(e) = desc.enumerant(0) {
                        out.extend_from_slice(e.name.as_bytes());
                    }
                }
            }
            Category::Composite => push_u64(out, u64::from(word)),
        }
    }
}
