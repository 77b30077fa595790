//! `spirv-as`: assembly text → binary, default output `out.spv`; assembly errors print
//! `error: LINE: COL: message` and exit with SPIRV-Tools' result code.

use super::args::{OneInput, Spec};
use super::{io, status};
use spirvkit_text::asm::AssembleErrorKind;
use spirvkit_text::{AssembleOptions, ReadAssembleError, TargetEnv};
use std::process::ExitCode;

const SPEC: Spec = Spec {
    valued: &["o", "target-env"],
    flags: &["h", "help", "version", "preserve-numeric-ids"],
    single_dash_long: false,
    optional_value: &[],
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
/// SPV_ERROR_INVALID_LOOKUP (-9), everything else with SPV_ERROR_INVALID_TEXT (-5). With
/// `--preserve-numeric-ids` the first error comes from the pass that collects the numeric ids,
/// which spirv-as reports as SPV_ERROR_INVALID_TEXT whatever it was.
fn result_code(kind: &AssembleErrorKind, preserve_numeric_ids: bool) -> i32 {
    match kind {
        AssembleErrorKind::InvalidOpcodeName(_) if !preserve_numeric_ids => -9,
        _ => -5,
    }
}

const TOOL: OneInput = OneInput {
    tool: "spirv-as",
    help: HELP,
    default_output: "out.spv",
    too_many_inputs: "error: one input file at most must be specified.",
};

pub fn main(argv: &[String]) -> ExitCode {
    let mut opts = AssembleOptions::default();
    let files = TOOL.parse(&SPEC, argv, |name, value| {
        match (name, value) {
            ("preserve-numeric-ids", _) => opts.preserve_numeric_ids = true,
            ("target-env", Some(v)) => match TargetEnv::parse(&v) {
                Some(env) => opts.target_env = Some(env),
                None => {
                    eprintln!("error: Unrecognized target env: {v}");
                    return Err(ExitCode::from(1));
                }
            },
            _ => {}
        }
        Ok(())
    });
    let (input, output) = match files {
        Ok(f) => (f.input, f.output),
        Err(code) => return code,
    };
    if input != "-" && !std::path::Path::new(&input).exists() {
        eprintln!("error: file does not exist '{input}'");
        return ExitCode::from(1);
    }
    let words = match crate::input::assemble_path(std::path::Path::new(&input), &opts) {
        Ok(w) => w,
        Err(ReadAssembleError::Io(e)) => {
            eprintln!("error: cannot read '{input}': {e}");
            return ExitCode::from(1);
        }
        Err(ReadAssembleError::Assemble(e)) => {
            eprintln!("error: {}: {}: {}", e.line, e.column, e.kind);
            return status(result_code(&e.kind, opts.preserve_numeric_ids));
        }
    };
    match io::write_with(&output, |w| {
        spirvkit_core::binary::write_words_le([words.as_slice()], w)
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(1)
        }
    }
}
