//! `cargo xtask <task>`: code generation, the conformance harness against the reference tools,
//! and side-by-side benchmarks.
#![forbid(unsafe_code)]

mod bench;
mod codegen;
mod conformance;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "xtask", about = "spirvkit development tasks")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Regenerate crates/grammar/src/generated from crates/grammar/khronos (or --check it).
    Codegen {
        /// Fail instead of writing when the checked-in tables are stale.
        #[arg(long)]
        check: bool,
        /// Copy the grammar JSON from this SPIRV-Headers `unified1` folder first.
        #[arg(long)]
        from: Option<PathBuf>,
    },
    /// Compare spirvkit with the reference tools on ../shared/corpus (fails on any difference).
    Conformance {
        /// Run only this section.
        #[arg(long)]
        only: Option<String>,
        /// Sections that sample by default check every input (llvm-cl: every corpus `.cl`
        /// compiled by clang-15 in each mode instead of every 12th).
        #[arg(long)]
        full: bool,
        /// Mutation section: how many mutants of valid corpus modules to check.
        #[arg(long, default_value_t = conformance::mutation::DEFAULT_MUTANTS)]
        mutants: usize,
        /// Mutation section: seed of the mutation generator (fixed for reproducible runs).
        #[arg(long, default_value_t = conformance::mutation::DEFAULT_SEED)]
        seed: u64,
    },
    /// Benchmarks against the reference tools on a large generated module.
    Bench {
        /// Number of functions in the generated module.
        #[arg(long, default_value_t = 20_000)]
        functions: u32,
        /// Run one part only: decode, text, val, corpus, translate (one large module) or opt (2 000 and 20 000 functions).
        #[arg(long)]
        only: Option<String>,
        /// Write the generated module to this file (for profiling) and stop.
        #[arg(long)]
        emit: Option<PathBuf>,
    },
}

/// The workspace root (xtask lives one level below it).
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().task {
        Task::Codegen { check, from } => codegen::run(check, from.as_deref()),
        Task::Conformance {
            only,
            full,
            mutants,
            seed,
        } => conformance::run(only.as_deref(), full, mutants, seed),
        Task::Bench {
            functions,
            only,
            emit: Some(path),
        } => bench::emit(functions, &path, only.as_deref()),
        Task::Bench {
            functions, only, ..
        } => bench::run(functions, only.as_deref()),
    }
}
