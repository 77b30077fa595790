//! SPIR-V text: an assembler and a disassembler whose syntax and output are identical to
//! SPIRV-Tools' `spirv-as` and `spirv-dis` (2025.5), built for speed (no per-operand
//! allocation, linear friendly-name assignment).
#![forbid(unsafe_code)]

pub mod asm;
pub mod dis;

pub use asm::{
    assemble, assemble_read, AssembleError, AssembleOptions, ReadAssembleError, TargetEnv,
};
pub use dis::{disassemble, disassemble_to, DisassembleError, DisassembleOptions};
pub mod llvm_text;
