//! `spirv-dis`: binary → text on standard output (or `-o FILE`); a malformed binary exits
//! with SPV_ERROR_INVALID_BINARY (-4), an unreadable file with 1.

use super::args::{OneInput, Spec};
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
    optional_value: &[],
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

const TOOL: OneInput = OneInput {
    tool: "spirv-dis",
    help: HELP,
    default_output: "-",
    too_many_inputs: "error: too many positional arguments",
};

pub fn main(argv: &[String]) -> ExitCode {
    let mut opts = DisassembleOptions::default();
    let files = TOOL.parse(&SPEC, argv, |name, _| {
        match name {
            "no-indent" => opts.no_indent = true,
            "no-header" => opts.no_header = true,
            "raw-id" => opts.raw_id = true,
            "nested-indent" => opts.nested_indent = true,
            "reorder-blocks" => opts.reorder_blocks = true,
            "offsets" => opts.offsets = true,
            "comment" => opts.comment = true,
            _ => {}
        }
        Ok(())
    });
    let (input, output) = match files {
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
