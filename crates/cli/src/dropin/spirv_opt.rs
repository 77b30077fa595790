//! `spirv-opt`: spirvkit's `opt` already reads spirv-opt's command line (pass flags in order,
//! `-O`/`-Os` in place, `--target-env=ENV`, `-o`, `-` for standard streams), so the name maps
//! straight onto it; exit 0 on success, 1 for invalid input, 2 for usage errors.

use std::process::ExitCode;

pub fn main(argv: &[String]) -> ExitCode {
    crate::cmd::opt::main(crate::cmd::opt::OptArgs {
        args: argv.to_vec(),
    })
}
