//! `spirv-val`: validates one binary (none or `-`: standard input) or every `*.spv` below a
//! folder; prints the first problem of each invalid module as spirv-val does
//! (`error: line N: message`, then the instruction) and exits 1 when any is invalid.

use super::args::{scan, Arg, Spec};
use super::io;
use crate::cmd::val::{expand, findings, ValArgs};
use clap::Parser;
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;

const LIMITS: &[&str] = &[
    "max-struct-members",
    "max-struct-depth",
    "max-local-variables",
    "max-global-variables",
    "max-switch-branches",
    "max-function-args",
    "max-control-flow-nesting-depth",
    "max-access-chain-indexes",
    "max-id-bound",
];

const SPEC: Spec = Spec {
    valued: &[
        "target-env",
        "max-struct-members",
        "max-struct-depth",
        "max-local-variables",
        "max-global-variables",
        "max-switch-branches",
        "max-function-args",
        "max-control-flow-nesting-depth",
        "max-access-chain-indexes",
        "max-id-bound",
    ],
    flags: &[
        "h",
        "help",
        "version",
        "relax-logical-pointer",
        "relax-block-layout",
        "uniform-buffer-standard-layout",
        "scalar-block-layout",
        "workgroup-scalar-block-layout",
        "skip-block-layout",
        "relax-struct-store",
        "allow-localsizeid",
        "allow-offset-texture-operand",
        "allow-vulkan-32-bit-bitwise",
        "before-hlsl-legalization",
    ],
    single_dash_long: false,
    optional_value: &[],
};

/// spirvkit's own `val` options, which spell every spirv-val option the same way.
#[derive(Parser)]
#[command(no_binary_name = true)]
struct Own {
    #[command(flatten)]
    val: ValArgs,
}

const HELP: &str = "spirv-val (spirvkit) - Validate a SPIR-V binary file(s).

USAGE: spirv-val [options] [<path>]

The binary is read from <path> (none or \"-\": standard input); a directory validates every
regular file with the .spv extension below it.

Options: those of spirv-val; limits take their value as `--max-id-bound N` or
`--max-id-bound=N`: --max-struct-members, --max-struct-depth, --max-local-variables,
--max-global-variables, --max-switch-branches, --max-function-args,
--max-control-flow-nesting-depth, --max-access-chain-indexes, --max-id-bound;
--relax-logical-pointer, --relax-block-layout, --uniform-buffer-standard-layout,
--scalar-block-layout, --workgroup-scalar-block-layout, --skip-block-layout,
--relax-struct-store, --allow-localsizeid, --allow-offset-texture-operand,
--allow-vulkan-32-bit-bitwise, --before-hlsl-legalization, --target-env <env>, --version.
";

pub fn main(argv: &[String]) -> ExitCode {
    let args = match scan(&SPEC, argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {}", e.0);
            return ExitCode::from(1);
        }
    };
    let mut own: Vec<String> = Vec::new();
    let mut input: Option<String> = None;
    for a in args {
        match a {
            Arg::Opt("h" | "help", _) => {
                print!("{HELP}");
                return ExitCode::SUCCESS;
            }
            Arg::Opt("version", _) => {
                println!("spirvkit {} (spirv-val)", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            Arg::Opt(name, value) => {
                if LIMITS.contains(&name) {
                    if let Some(v) = &value {
                        if let Err(e) = super::args::number(name, v) {
                            eprintln!("error: {}", e.0);
                            return ExitCode::from(1);
                        }
                    }
                }
                own.push(format!("--{name}"));
                own.extend(value);
            }
            Arg::Positional(p) => {
                if input.is_some() {
                    eprintln!("error: More than one input file specified");
                    return ExitCode::from(1);
                }
                input = Some(p);
            }
        }
    }
    let input = input.unwrap_or_else(|| "-".to_owned());
    own.push(input.clone());
    let own = match Own::try_parse_from(&own) {
        Ok(o) => o.val,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let opts = match own.options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e:#}");
            return ExitCode::from(1);
        }
    };
    let path = PathBuf::from(&input);
    let directory = path.is_dir();
    let files = if directory {
        expand(&[path])
    } else {
        vec![path]
    };
    let progress = crate::progress::Progress::new(files.len());
    let reports: Vec<Option<String>> = files
        .par_iter()
        .map(|file| {
            let name = file.display().to_string();
            // In a folder the file name takes the place of the word "line".
            let at = |n: usize| {
                if directory {
                    format!("{name}:{n}")
                } else {
                    format!("line {n}")
                }
            };
            let report = match io::read_binary(&name) {
                Err(msg) => Some(format!("{msg}\n")),
                Ok(words) => findings(&words, &opts).first().map(|f| {
                    let d = &f.diagnostic;
                    let line = d.instruction_index.map_or(0, |i| i + 1);
                    match &f.instruction {
                        Some(inst) => format!("error: {}: {}\n  {inst}\n\n", at(line), d.message),
                        None => format!("error: {}: {}\n", at(line), d.message),
                    }
                }),
            };
            progress.tick();
            report
        })
        .collect();
    progress.finish();
    let mut invalid = false;
    for r in reports.into_iter().flatten() {
        invalid = true;
        eprint!("{r}");
    }
    ExitCode::from(u8::from(invalid))
}
