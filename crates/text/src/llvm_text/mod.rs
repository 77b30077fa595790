//! llvm-spirv's own SPIR-V text format (`llvm-spirv -spirv-text`, `-to-text`, `-to-binary`):
//! the binary's words as decimal numbers, one instruction per line (`WORDCOUNT OpName
//! operands`), with opcode, capability, decoration, linkage-type and OpenCL.std instruction
//! names spelled out and strings quoted. It is not spirv-as syntax: it is what the
//! translator's module writer (`SPIRVModule`'s `operator<<` with `SPIRVUseTextFormat`) prints.
//!
//! llvm-spirv prints a module it has decoded into its own in-memory form, in its own canonical
//! order; for modules it wrote itself (translator outputs) that order is the binary's, which is
//! what [`write`] reproduces byte for byte, blank lines included. [`read`] turns such text back
//! into the binary's words.

mod read;
mod write;

pub use read::{read, ReadError};
pub use write::{write, WriteError};

/// Whether `bytes` look like llvm-spirv text: the first word is the SPIR-V magic number in
/// decimal (llvm-spirv's own test, `IsSPIRVText`).
pub fn is_llvm_spirv_text(bytes: &[u8]) -> bool {
    let text = bytes.trim_ascii_start();
    let end = text
        .iter()
        .position(|c| c.is_ascii_whitespace())
        .unwrap_or(text.len());
    text.get(..end) == Some(b"119734787".as_slice())
}

/// Operand kinds llvm-spirv prints (and reads) by name rather than number.
fn named_kind(kind: spirvkit_grammar::OperandKind) -> bool {
    use spirvkit_grammar::OperandKind as K;
    matches!(kind, K::Capability | K::Decoration | K::LinkageType)
}
