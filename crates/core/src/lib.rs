//! The SPIR-V core: zero-copy binary decoding over `&[u32]`, the encoder, the owned module IR
//! and a builder. Every other spirvkit crate stands on this one.
#![forbid(unsafe_code)]

pub mod analysis;
pub mod binary;
pub mod builder;
pub mod decode;
pub mod encode;
pub mod error;
pub mod fasthash;
pub mod float;
pub mod module;

pub use binary::{words_from_bytes, Endian, Header, MAGIC};
pub use decode::{FunctionStarts, NumberKind, ParsedInstruction, ParsedOperand, Parser};
pub use error::{DecodeError, DecodeErrorKind};
pub use module::{Block, Function, Id, Instruction, LiteralString, Module, Operand, Operands};
pub use spirvkit_grammar as grammar;
