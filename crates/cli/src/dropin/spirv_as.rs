//! `spirv-as`: assembly text → binary, default output `out.spv`; assembly errors print
//! `error: LINE: COL: message` and exit with SPIRV-Tools' result code.

use super::args::{scan, Arg, Spec};
use super::{io, status};
use spirvkit_text::asm::AssembleErrorKind;
use spirvkit_text::{assemble_segments, AssembleOptions, TargetEnv};
use std::process::ExitCode;

const SPEC: Spec = Spec {
    valued: &["o", "target-env"],
    flags: &["h", "help", "version", "preserve-numeric-ids"],
    single_dash_long: false,
};

const HELP: &str = "spirv-as (spirvkit) - Create a SPIR-V binary module from SPIR-V assembly text

Usage: spirv-as [options] [<filename>]

The SPIR-V assembly text is read from <filename> (\"-\": standard input).
The binary is written to \"out.spv\" unless -o is used ('-' means stdout).

Options:
  -h, --help               Print this help.
  -o <filename>            Set the output filename.
  --version                Display assembler version information.
  --preserve-numeric-ids   Keep numeric ids; named ids fill the gaps from 1.
  --target-env <env>       Use the specified environment (sets the header version).
";

/// SPIRV-Tools' `spv_result_t` for an assembly error: lookups of opcode names fail with
/// SPV_ERROR_INVALID_LOOKUP (-9), everything else with SPV_ERROR_INVALID_TEXT (-5).
fn result_code(kind: &AssembleErrorKind) -> i32 {
    match kind {
        AssembleErrorKind::InvalidOpcodeName(_) => -9,
        _ => -5,
    }
}

pub fn main(argv: &[String]) -> ExitCode {
    let args = match scan(&SPEC, argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{}", e.0);
            return ExitCode::from(1);
        }
    };
    let mut output = "out.spv".to_owned();
    let mut input: Option<String> = None;
    let mut opts = AssembleOptions::default();
    for a in args {
        match a {
            Arg::Opt("h" | "help", _) => {
                print!("{HELP}");
                return ExitCode::SUCCESS;
            }
            Arg::Opt("version", _) => {
                println!("spirvkit {} (spirv-as)", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            Arg::Opt("o", Some(v)) => output = v,
            Arg::Opt("preserve-numeric-ids", _) => opts.preserve_numeric_ids = true,
            Arg::Opt("target-env", Some(v)) => match TargetEnv::parse(&v) {
                Some(env) => opts.target_env = Some(env),
                None => {
                    eprintln!("error: Unrecognized target env: {v}");
                    return ExitCode::from(1);
                }
            },
            Arg::Positional(p) => {
                if input.is_some() {
                    eprintln!("error: one input file at most must be specified.");
                    return ExitCode::from(1);
                }
                input = Some(p);
            }
            Arg::Opt(..) => {}
        }
    }
    let input = input.unwrap_or_else(|| "-".to_owned());
    let bytes = match io::read_file(&input) {
        Ok(b) => b,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::from(1);
        }
    };
    let source = String::from_utf8_lossy(&bytes);
    let words = match assemble_segments(&source, &opts) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {}: {}: {}", e.line, e.column, e.kind);
            return status(result_code(&e.kind));
        }
    };
    drop(source);
    drop(bytes);
    match io::write_with(&output, |w| words.write_le(w)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(1)
        }
    }
}
