//! The assembler: text in spirv-as syntax → binary words, byte-identical to spirv-as
//! (SPIRV-Tools 2025.5).

mod encode;
pub mod ids;
mod lexer;
pub mod numbers;
mod stream;

pub use stream::{assemble_read, assemble_read_in_pieces, ReadAssembleError};

use std::fmt;

/// The environments `spirv-as --target-env` accepts; only the SPIR-V version they imply
/// matters to the assembler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetEnv {
    /// `spv1.X` (major, minor).
    Spv(u8, u8),
    /// `vulkan1.X` (minor); `vulkan1.1spv1.4` is [`TargetEnv::Vulkan11Spv14`].
    Vulkan(u8),
    Vulkan11Spv14,
    /// `openclX.Y[embedded]`.
    OpenCl {
        major: u8,
        minor: u8,
        embedded: bool,
    },
    /// `opengl4.X`.
    OpenGl(u8),
}

/// Every name spirv-as accepts, in its help-text order.
pub const TARGET_ENV_NAMES: &[&str] = &[
    "vulkan1.0",
    "vulkan1.1spv1.4",
    "vulkan1.1",
    "vulkan1.2",
    "vulkan1.3",
    "vulkan1.4",
    "spv1.0",
    "spv1.1",
    "spv1.2",
    "spv1.3",
    "spv1.4",
    "spv1.5",
    "spv1.6",
    "opencl1.2embedded",
    "opencl1.2",
    "opencl2.0embedded",
    "opencl2.0",
    "opencl2.1embedded",
    "opencl2.1",
    "opencl2.2embedded",
    "opencl2.2",
    "opengl4.0",
    "opengl4.1",
    "opengl4.2",
    "opengl4.3",
    "opengl4.5",
];

impl TargetEnv {
    /// Parses a `--target-env` value (exact names only).
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "vulkan1.1spv1.4" => TargetEnv::Vulkan11Spv14,
            "vulkan1.0" => TargetEnv::Vulkan(0),
            "vulkan1.1" => TargetEnv::Vulkan(1),
            "vulkan1.2" => TargetEnv::Vulkan(2),
            "vulkan1.3" => TargetEnv::Vulkan(3),
            "vulkan1.4" => TargetEnv::Vulkan(4),
            "opengl4.0" => TargetEnv::OpenGl(0),
            "opengl4.1" => TargetEnv::OpenGl(1),
            "opengl4.2" => TargetEnv::OpenGl(2),
            "opengl4.3" => TargetEnv::OpenGl(3),
            "opengl4.5" => TargetEnv::OpenGl(5),
            _ => {
                if let Some(v) = s.strip_prefix("spv1.") {
                    let m: u8 = v.parse().ok().filter(|m| *m <= 6 && v.len() == 1)?;
                    TargetEnv::Spv(1, m)
                } else if let Some(v) = s.strip_prefix("opencl") {
                    let (v, embedded) = match v.strip_suffix("embedded") {
                        Some(v) => (v, true),
                        None => (v, false),
                    };
                    let (major, minor) = match v {
                        "1.2" => (1, 2),
                        "2.0" => (2, 0),
                        "2.1" => (2, 1),
                        "2.2" => (2, 2),
                        _ => return None,
                    };
                    TargetEnv::OpenCl {
                        major,
                        minor,
                        embedded,
                    }
                } else {
                    return None;
                }
            }
        })
    }

    /// The SPIR-V version word this environment gives the module header.
    pub fn version_word(self) -> u32 {
        let (major, minor) = match self {
            TargetEnv::Spv(a, b) => (u32::from(a), u32::from(b)),
            TargetEnv::Vulkan(0) => (1, 0),
            TargetEnv::Vulkan(1) => (1, 3),
            TargetEnv::Vulkan(2) => (1, 5),
            TargetEnv::Vulkan(_) => (1, 6),
            TargetEnv::Vulkan11Spv14 => (1, 4),
            TargetEnv::OpenCl {
                major: 2, minor: 2, ..
            } => (1, 2),
            TargetEnv::OpenCl { .. } => (1, 0),
            TargetEnv::OpenGl(_) => (1, 0),
        };
        (major << 16) | (minor << 8)
    }
}

/// Options of `spirv-as`.
#[derive(Clone, Debug, Default)]
pub struct AssembleOptions {
    /// `--target-env`; `None`: the `; Version: 1.X` comment at the top, else SPIR-V 1.6.
    pub target_env: Option<TargetEnv>,
    /// `--preserve-numeric-ids`.
    pub preserve_numeric_ids: bool,
}

/// What went wrong while assembling.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AssembleErrorKind {
    #[error("Expected <opcode> or <result-id> at the beginning of an instruction, found '{0}'.")]
    ExpectedOpcodeOrResultId(String),
    #[error("Expected '=', found end of stream.")]
    ExpectedEqualsAtEnd,
    #[error("'=' expected after result id but found '{0}'.")]
    ExpectedEquals(String),
    #[error("Expected opcode, found end of stream.")]
    ExpectedOpcodeAtEnd,
    #[error("Invalid Opcode prefix '{0}'.")]
    InvalidOpcodePrefix(String),
    #[error("Invalid Opcode name '{0}'")]
    InvalidOpcodeName(String),
    #[error("Expected <result-id> at the beginning of an instruction, found '{0}'.")]
    MissingResultId(String),
    #[error("Cannot set ID {id} because {opname} does not produce a result ID.")]
    UnexpectedResultId { id: String, opname: &'static str },
    #[error("Expected operand for {0} instruction, but found the end of the stream.")]
    MissingOperandAtEnd(&'static str),
    #[error("Expected operand for {0} instruction, but found the next instruction instead.")]
    MissingOperandAtNextInstruction(&'static str),
    #[error("Expected id to start with %.")]
    ExpectedId,
    #[error("Invalid ID {0}")]
    InvalidId(String),
    #[error("Invalid extended instruction import Id {0}")]
    InvalidExtInstImportId(u32),
    #[error("Invalid extended instruction import '{0}'")]
    InvalidExtInstImport(String),
    #[error("Invalid extended instruction name '{0}'.")]
    InvalidExtInstName(String),
    #[error("Couldn't translate unknown extended instruction name '{0}' to unsigned integer.")]
    InvalidExtInstNumber(String),
    #[error("Invalid {kind} '{text}'.")]
    InvalidEnumerant { kind: String, text: String },
    #[error("Invalid {kind} operand '{text}'.")]
    InvalidMask { kind: String, text: String },
    #[error("Invalid literal string '{0}'.")]
    InvalidString(String),
    #[error("Expected literal string, found literal number '{0}'.")]
    ExpectedStringFoundNumber(String),
    #[error("{0}")]
    Number(#[from] numbers::NumberError),
    #[error("Type for Constant must be a scalar floating point or integer type")]
    NotANumericType,
    #[error("Invalid immediate integer: !{0}")]
    InvalidImmediate(String),
    #[error("{0} not allowed before =.")]
    ImmediateBeforeEquals(String),
    #[error("Invalid word following !<integer>: {0}")]
    InvalidWordAfterImmediate(String),
    #[error("Instruction too long: {0} words, but the limit is 65535")]
    InstructionTooLong(usize),
    #[error("Value {0} has already been used to generate a type")]
    TypeRedefined(u32),
    #[error("Invalid {0} instruction")]
    InvalidTypeInstruction(&'static str),
    #[error("Literal string is too long")]
    StringTooLong,
    #[error("OpUnknown not allowed in assignment. Use an explicit result id operand instead.")]
    OpUnknownAssignment,
    #[error("{expected} but found '{found}'.")]
    OpUnknownSyntax {
        expected: &'static str,
        found: String,
    },
    #[error("Number of words (which includes the opcode) must be greater than zero.")]
    OpUnknownZeroWords,
    #[error("Expected {0} more operands, found end of stream.")]
    OpUnknownMissing(usize),
    #[error("Missing assembly text.")]
    MissingText,
}

/// An assembly error at a 1-based line and column. Displays as `line:col: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssembleError {
    pub line: usize,
    pub column: usize,
    pub kind: AssembleErrorKind,
}

impl AssembleError {
    pub fn message(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for AssembleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

impl std::error::Error for AssembleError {}

/// Assembles `source` to words (header included).
pub fn assemble(source: &str, opts: &AssembleOptions) -> Result<Vec<u32>, AssembleError> {
    stream::assemble_text(source, opts)
}
