//! `spirv-cfg`: the DOT text of the module's control flow on standard output (or `-o FILE`);
//! nothing is written when the binary is malformed (exit SPV_ERROR_INVALID_BINARY, -4).

use super::args::{OneInput, Spec};
use super::{io, status};
use crate::cmd::cfg::{render, Format};
use std::process::ExitCode;

const SPEC: Spec = Spec {
    valued: &["o"],
    flags: &["h", "help", "version"],
    single_dash_long: false,
    optional_value: &[],
};

const HELP: &str = "spirv-cfg (spirvkit) - Show the control flow graph in GraphiViz \"dot\" form.

Usage: spirv-cfg [options] [<filename>]

The binary is read from <filename> (none or \"-\": standard input).

Options:
  -h, --help      Print this help.
  --version       Display version information.
  -o <filename>   Set the output filename (default or \"-\": standard output).
";

const TOOL: OneInput = OneInput {
    tool: "spirv-cfg",
    help: HELP,
    default_output: "-",
    too_many_inputs: "error: too many positional arguments",
};

pub fn main(argv: &[String]) -> ExitCode {
    let (input, output) = match TOOL.parse(&SPEC, argv, |_, _| Ok(())) {
        Ok(f) => (f.input, f.output),
        Err(code) => return code,
    };
    let words = match io::read_binary(&input) {
        Ok(w) => w,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::from(1);
        }
    };
    let text = match render(&words, Format::Dot) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}", io::decode_message(&e));
            return status(-4);
        }
    };
    match io::write_file(&output, text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(1)
        }
    }
}
