//! `spirvkit`: one binary for SPIR-V and SPIR tooling.
#![forbid(unsafe_code)]

mod cmd;
mod input;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "spirvkit",
    version,
    about = "A fast, safe toolchain for SPIR-V and SPIR",
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Summarise a SPIR-V module: version, generator, bound, capabilities, extensions,
    /// imported instruction sets, memory model and entry points.
    Info(cmd::info::InfoArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Info(args) => cmd::info::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("spirvkit: {err:#}");
            ExitCode::from(1)
        }
    }
}
