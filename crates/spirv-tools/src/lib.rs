//! The `spirv-tools` crate's public API (version 0.13) implemented over spirvkit, so that a
//! project such as rust-gpu's `rustc_codegen_spirv` can drop the C++ SPIRV-Tools build with
//! a one-line rename: `spirv-tools = { package = "spirvkit-spirv-tools", ... }`.
//!
//! Validation is `spirvkit_val`, assembly/disassembly `spirvkit_text`, optimization
//! `spirvkit_opt`. Optimizer passes spirvkit does not implement are refused by name when the
//! optimizer runs, never skipped silently.
#![forbid(unsafe_code)]

pub mod assembler;
pub mod binary;
pub mod error;
pub mod opt;
mod target_env;
pub mod val;

pub use error::{Error, SpirvResult};
pub use target_env::TargetEnv;
