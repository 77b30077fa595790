use thiserror::Error;

/// Why a binary could not be decoded. Offsets are in words from the start of the module.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DecodeErrorKind {
    #[error("the file is {0} bytes long, not a multiple of 4")]
    NotWordAligned(usize),
    #[error("the module is {0} words long; a SPIR-V header needs 5")]
    TruncatedHeader(usize),
    #[error("bad magic number 0x{0:08x} (expected 0x07230203 in either byte order)")]
    BadMagic(u32),
    #[error("instruction word count is 0")]
    ZeroWordCount,
    #[error(
        "instruction word count {count} runs past the end of the module ({remaining} words remain)"
    )]
    WordCountPastEnd { count: u16, remaining: usize },
    #[error("{opname}: literal string has no NUL terminator")]
    UnterminatedString { opname: &'static str },
    #[error("{opname}: literal string is not valid UTF-8")]
    InvalidUtf8 { opname: &'static str },
    #[error("{opname}: id {id} is not below the bound {bound}")]
    IdOutOfBound {
        opname: &'static str,
        id: u32,
        bound: u32,
    },
    #[error("{opname}: result id is 0")]
    ZeroId { opname: &'static str },
    #[error("{opname}: expected operand {operand} ({kind}) but the instruction ended")]
    MissingOperand {
        opname: &'static str,
        operand: usize,
        kind: &'static str,
    },
    #[error("{opname}: {extra} word(s) left over after the last operand")]
    TrailingWords { opname: &'static str, extra: usize },
    #[error("{opname}: invalid {kind} operand value {value}")]
    InvalidEnumerant {
        opname: &'static str,
        kind: &'static str,
        value: u32,
    },
    #[error("{opname}: OpExtInst refers to id {id}, which is not an OpExtInstImport")]
    UnknownExtInstSet { opname: &'static str, id: u32 },
    #[error("invalid extended instruction import '{0}'")]
    UnknownExtInstImport(String),
    #[error("{opname}: extended instruction number {number} is not in {set}")]
    UnknownExtInst {
        opname: &'static str,
        set: &'static str,
        number: u32,
    },
    #[error(
        "{opname}: OpSpecConstantOp opcode {0} is not a known instruction",
        opname = "OpSpecConstantOp"
    )]
    UnknownSpecConstantOp(u32),
    #[error("{opname}: type id {id} of a literal number is not a scalar numeric type")]
    NotANumericType { opname: &'static str, id: u32 },
    #[error("{opname}: numeric literal of width {width} is not supported")]
    UnsupportedNumberWidth { opname: &'static str, width: u32 },
}

/// A decoding error with its position: the word offset of the instruction (or of the header
/// word for header errors) and the index of the instruction in the module.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("word {word_offset}{}: {kind}", instruction.map(|i| format!(" (instruction {i})")).unwrap_or_default())]
pub struct DecodeError {
    pub kind: DecodeErrorKind,
    pub word_offset: usize,
    pub instruction: Option<usize>,
}

impl DecodeError {
    pub fn new(kind: DecodeErrorKind, word_offset: usize, instruction: Option<usize>) -> Self {
        Self {
            kind,
            word_offset,
            instruction,
        }
    }

    /// Byte offset of the error in the file.
    pub fn byte_offset(&self) -> usize {
        self.word_offset * 4
    }
}
