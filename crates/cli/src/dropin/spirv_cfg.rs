//! `spirv-cfg`: the DOT text of the module's control flow on standard output (or `-o FILE`);
//! nothing is written when the binary is malformed (exit SPV_ERROR_INVALID_BINARY, -4).

use super::args::{scan, Arg, Spec};
use super::{io, status};
use crate::cmd::cfg::{render, Format};
use std::process::ExitCode;

const SPEC: Spec = Spec {
    valued: &["o"],
    flags: &["h", "help", "version"],
    single_dash_long: false,
};

const HELP: &str = "spirv-cfg (spirvkit) - Show the control flow graph in GraphiViz \"dot\" form.

Usage: spirv-cfg [options] [<filename>]

The binary is read from <filename> (none or \"-\": standard input).

Options:
  -h, --help      Print this help.
  --version       Display version information.
  -o <filename>   Set the output filename (default or \"-\": standard output).
";

pub fn main(argv: &[String]) -> ExitCode {
    let args = match scan(&SPEC, argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{}", e.0);
            return ExitCode::from(1);
        }
    };
    let mut output = "-".to_owned();
    let mut input: Option<String> = None;
    for a in args {
        match a {
            Arg::Opt("h" | "help", _) => {
                print!("{HELP}");
                return ExitCode::SUCCESS;
            }
            Arg::Opt("version", _) => {
                println!("spirvkit {} (spirv-cfg)", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            Arg::Opt("o", Some(v)) => output = v,
            Arg::Positional(p) => {
                if input.is_some() {
                    eprintln!("error: too many positional arguments");
                    return ExitCode::from(1);
                }
                input = Some(p);
            }
            Arg::Opt(..) => {}
        }
    }
    let input = input.unwrap_or_else(|| "-".to_owned());
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
