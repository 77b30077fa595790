//! `spirvkit`: one binary for SPIR-V and SPIR tooling.
// `deny`, not `forbid`: two audited exceptions, each justified by a benchmark at the spot:
// mapping large input files (`input::map_or_read`) and glibc malloc tuning (`allocator`).
#![deny(unsafe_code)]

mod allocator;
mod cfg;
mod cmd;
mod diagnostics;
mod dropin;
mod input;
mod progress;

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
    /// Assemble SPIR-V text (spirv-as syntax) into a binary, byte-identical to spirv-as.
    As(cmd::asm::AsArgs),
    /// Disassemble a SPIR-V binary into text, identical to spirv-dis.
    Dis(cmd::dis::DisArgs),
    /// Translate SPIR 1.2 / OpenCL C LLVM IR (bitcode or text) to SPIR-V, like llvm-spirv.
    Translate(cmd::translate::TranslateArgs),
    /// Print LLVM bitcode as LLVM assembly (`.ll`), without an LLVM installation.
    LlvmDis(cmd::llvm_dis::LlvmDisArgs),
    /// Validate SPIR-V modules (universal rules), agreeing with spirv-val; exit 1 when invalid.
    Val(cmd::val::ValArgs),
    /// Optimize a SPIR-V module with spirv-opt's flags (applied in order; -O / -Os presets).
    Opt(cmd::opt::OptArgs),
    /// Link SPIR-V modules by their LinkageAttributes (a drop-in for spirv-link).
    Link(cmd::link::LinkArgs),
    /// Write the control-flow graph: spirv-cfg's DOT text, or an SVG picture (`--format svg`).
    Cfg(cmd::cfg::CfgArgs),
    /// Create links named spirv-as, spirv-dis, spirv-val, spirv-cfg, llvm-spirv, ... in DIR:
    /// invoked under those names, spirvkit behaves as those tools.
    InstallLinks(dropin::InstallLinksArgs),
}

fn main() -> ExitCode {
    allocator::tune();
    if let Some(code) = dropin::dispatch() {
        return code;
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Info(args) => cmd::info::run(args),
        Command::As(args) => cmd::asm::run(args),
        Command::Dis(args) => cmd::dis::run(args),
        Command::Translate(args) => cmd::translate::run(args),
        Command::LlvmDis(args) => cmd::llvm_dis::run(args),
        Command::Val(args) => cmd::val::run(args),
        // Exit codes of its own: 2 for usage errors found while reading its flags.
        Command::Opt(args) => return cmd::opt::main(args),
        Command::Link(args) => cmd::link::run(args),
        Command::Cfg(args) => cmd::cfg::run(args),
        Command::InstallLinks(args) => dropin::install_links(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("spirvkit: {err:#}");
            ExitCode::from(1)
        }
    }
}
