//! spirvkit-llvm: read and write LLVM IR (SPIR 1.2 and modern clang output)
//! without an LLVM installation.
//!
//! - [`read_bitcode`] reads `.bc` (LLVM 3.2-era through modern),
//! - [`parse_text`] reads `.ll` (LLVM 3.2 syntax and modern syntax),
//! - [`read_file`] dispatches on content,
//! - [`Module::to_ll`] prints `.ll` that `llvm-as` accepts.
//!
//! Walking the model (what the SPIR -> SPIR-V translator does):
//!
//! - `Module::types` interns types (`TypeId`); identified structs live in
//!   `TypeTable::structs`.
//! - `Module::functions[i].blocks[b].insts` lists `InstId`s into
//!   `Function::insts`; each `Instruction` has its result type `ty`.
//! - Operands are `ValueRef`s: `Constant(ConstId)` into `Module::constants`,
//!   `Global`, `Function`, `Argument(n)`, `Instruction(InstId)`, `Metadata`.
//!   `Module::value_type_in(func, v)` gives any operand's type.
//! - `Module::opencl_kernels()` resolves `!opencl.kernels` nodes to functions;
//!   `Function::attachment("kernel_arg_addr_space")` reads modern kernel-arg
//!   metadata; `Module::named_metadata`, `node_operands`, `md_string` and
//!   `md_value` query the rest.
//! - Debug info is `Metadata::Specialized(DiNode)` (`DiNode::field("line")`);
//!   instruction locations are `("dbg", DILocation)` entries of
//!   `Instruction::metadata`, function-local metadata (`metadata ptr %x`) is a
//!   `Metadata::Value` naming an argument or instruction.

#![forbid(unsafe_code)]

pub mod bitcode;
pub mod error;
pub mod model;
pub mod text;
pub mod writer;

use std::path::Path;

pub use error::LlvmError;
pub use model::*;
pub use writer::{PointerStyle, WriteOptions};

/// Reads LLVM bitcode (raw or with the 0x0B17C0DE wrapper).
pub fn read_bitcode(bytes: &[u8], file_name: &str) -> Result<Module, LlvmError> {
    bitcode::read_bitcode(bytes, file_name)
}

/// Parses LLVM assembly text.
pub fn parse_text(src: &str, file_name: &str) -> Result<Module, LlvmError> {
    text::parse(src, file_name)
}

/// Writes `m` as LLVM 15 bitcode (typed pointers when the model has them).
pub fn write_bitcode(m: &Module, file_name: &str) -> Result<Vec<u8>, LlvmError> {
    bitcode::writer::write_bitcode(m, file_name)
}

/// Writes `m` as LLVM bitcode with opaque pointers only (`ptr addrspace(N)`).
pub fn write_bitcode_opaque(m: &Module, file_name: &str) -> Result<Vec<u8>, LlvmError> {
    bitcode::writer::write_bitcode_opaque(m, file_name)
}

/// True when `bytes` start like bitcode (raw magic or wrapper magic).
/// Whether `name` is one of LLVM's enum (or integer) attribute keywords (`nounwind`,
/// `align`), as opposed to a string attribute (`"key"`).
pub fn is_attribute_keyword(name: &str) -> bool {
    (0..=128).any(|kind| bitcode::attributes::attribute_kind_name(kind) == Some(name))
}

pub fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(&bitcode::BITCODE_MAGIC)
        || bytes.starts_with(&bitcode::WRAPPER_MAGIC.to_le_bytes())
}

/// Reads a `.bc` or `.ll` file, deciding by content.
pub fn read_file(path: &Path) -> Result<Module, LlvmError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| LlvmError::Io {
        file: name.clone(),
        message: e.to_string(),
    })?;
    read_bytes(&bytes, &name)
}

/// Reads bitcode or text held in memory (a file's contents, e.g. mapped), deciding by
/// content; `file_name` names the input in errors.
pub fn read_bytes(bytes: &[u8], file_name: &str) -> Result<Module, LlvmError> {
    if is_bitcode(bytes) {
        read_bitcode(bytes, file_name)
    } else {
        let text = std::str::from_utf8(bytes).map_err(|e| LlvmError::Io {
            file: file_name.to_owned(),
            message: format!("neither bitcode nor UTF-8 text: {e}"),
        })?;
        parse_text(text, file_name)
    }
}
