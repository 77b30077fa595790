//! `spirv-dis`: binary → text on standard output (or `-o FILE`); a malformed binary exits
//! with SPV_ERROR_INVALID_BINARY (-4), an unreadable file with 1.

use super::args::{scan, Arg, Spec};
use super::{io, status};
use spirvkit_text::{DisassembleError, DisassembleOptions};
use std::process::ExitCode;

const SPEC: Spec = Spec {
    valued: &["o"],
    flags: &[
        "h",
        "help",
        "version",
        "color",
        "no-color",
        "no-indent",
        "no-header",
        "raw-id",
        "nested-indent",
        "reorder-blocks",
        "offsets",
        "comment",
    ],
    single_dash_long: false,
};

const HELP: &str = "spirv-dis (spirvkit) - Disassemble a SPIR-V binary module

Usage: spirv-dis [options] [<filename>]

The binary is read from <filename> (none or \"-\": standard input).

Options:
  -h, --help        Print this help.
  --version         Display disassembler version information.
  -o <filename>     Set the output filename (default or \"-\": standard output).
  --color           Accepted; spirvkit never colours its output.
  --no-color        Don't print in color.
  --no-indent       Don't indent instructions.
  --no-header       Don't output the header as leading comments.
  --raw-id          Show raw Id values instead of friendly names.
  --nested-indent   Indent to show the nesting of structured control flow.
  --reorder-blocks  Reorder blocks to match the structured control flow.
  --offsets         Show byte offsets for each instruction.
  --comment         Add comments to make reading easier.
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
    let mut opts = DisassembleOptions::default();
    for a in args {
        match a {
            Arg::Opt("h" | "help", _) => {
                print!("{HELP}");
                return ExitCode::SUCCESS;
            }
            Arg::Opt("version", _) => {
                println!("spirvkit {} (spirv-dis)", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            Arg::Opt("o", Some(v)) => output = v,
            Arg::Opt("no-indent", _) => opts.no_indent = true,
            Arg::Opt("no-header", _) => opts.no_header = true,
            Arg::Opt("raw-id", _) => opts.raw_id = true,
            Arg::Opt("nested-indent", _) => opts.nested_indent = true,
            Arg::Opt("reorder-blocks", _) => opts.reorder_blocks = true,
            Arg::Opt("offsets", _) => opts.offsets = true,
            Arg::Opt("comment", _) => opts.comment = true,
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
    let mut text = Vec::with_capacity(words.len() * 12);
    if let Err(e) = spirvkit_text::dis::disassemble_into(&words, &opts, &mut text) {
        let msg = match &e {
            DisassembleError::Decode(d) => super::io::decode_message(d),
            other => other.to_string(),
        };
        eprintln!("error: {msg}");
        return status(-4);
    }
    match io::write_file(&output, &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(1)
        }
    }
}
