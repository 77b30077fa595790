//! Turns the Khronos grammar JSON (core + extended instruction sets) into the Rust tables of
//! `spirvkit-grammar`. Used by `cargo xtask codegen` and by the grammar crate's freshness test,
//! so the checked-in tables can never silently drift from the JSON.
#![forbid(unsafe_code)]

mod emit;
mod model;

use std::path::{Path, PathBuf};

pub use model::{ExtSetSpec, EXT_SETS};

#[derive(Debug, thiserror::Error)]
pub enum GenError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: invalid JSON: {source}")]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("{path}: {message}")]
    Grammar { path: PathBuf, message: String },
}

/// The generated source files, as (file name relative to `crates/grammar/src/generated`, text).
pub fn generate(json_dir: &Path) -> Result<Vec<(String, String)>, GenError> {
    let grammar = model::load(json_dir)?;
    Ok(emit::emit(&grammar))
}
