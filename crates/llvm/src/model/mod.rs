//! The in-memory LLVM IR model: dense ids into per-module and per-function tables.

pub mod instructions;
pub mod metadata;
pub mod module;
pub mod types;
pub mod values;

pub use instructions::*;
pub use metadata::*;
pub use module::*;
pub use types::*;
pub use values::*;
