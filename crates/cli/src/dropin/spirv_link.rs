//! `spirv-link`: spirv-link's flags are spirvkit `link`'s (`--create-library`,
//! `--allow-partial-linkage`, `--use-highest-version`, `--allow-pointer-mismatch`,
//! `--verify-ids`, `--target-env ENV`, `-o OUT`, default `out.spv`); errors go to standard
//! error and exit 1, as spirv-link's do.

use crate::cmd::link::LinkArgs;
use clap::Parser;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "spirv-link", no_binary_name = true, version)]
struct Own {
    #[command(flatten)]
    link: LinkArgs,
}

pub fn main(argv: &[String]) -> ExitCode {
    let own = match Own::try_parse_from(argv) {
        Ok(o) => o,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 1 } else { 0 });
        }
    };
    match crate::cmd::link::run(own.link) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}
