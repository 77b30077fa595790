//! The crate's single error type: every failure names the file and where in it.

use thiserror::Error;

/// Errors from reading LLVM IR text or bitcode.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LlvmError {
    /// Syntax or semantic error in `.ll` text.
    #[error("{file}:{line}:{col}: {message}")]
    Text {
        file: String,
        line: u32,
        col: u32,
        message: String,
    },
    /// Malformed or unsupported bitcode.
    #[error("{file}: bit offset {bit_offset} (block {block}, record {record}): {message}")]
    Bitcode {
        file: String,
        bit_offset: u64,
        block: String,
        record: String,
        message: String,
    },
    /// A construct this crate does not model yet, named.
    #[error("{file}: unsupported {what}")]
    Unsupported { file: String, what: String },
    /// The file could not be read.
    #[error("{file}: {message}")]
    Io { file: String, message: String },
}
