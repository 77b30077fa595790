//! `spirvkit dis`: SPIR-V binary → assembly text, identical to `spirv-dis`.

use crate::diagnostics::{Failure, Format, Report};
use spirvkit_text::{DisassembleError, DisassembleOptions};
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
pub struct DisArgs {
    /// Input binaries (`-` for standard input); with several, each text goes next to its
    /// input with the extension `.spvasm`.
    #[arg(default_value = "-")]
    pub inputs: Vec<PathBuf>,
    /// Output file (`-` for standard output, the default); only with a single input.
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Show raw id numbers instead of friendly names.
    #[arg(long)]
    pub raw_id: bool,
    /// Don't output the header as leading comments.
    #[arg(long)]
    pub no_header: bool,
    /// Don't indent instructions.
    #[arg(long)]
    pub no_indent: bool,
    /// Show byte offsets for each instruction.
    #[arg(long)]
    pub offsets: bool,
    /// Add comments to make reading easier.
    #[arg(long)]
    pub comment: bool,
    /// Indent according to structured control-flow nesting.
    #[arg(long)]
    pub nested_indent: bool,
    /// Print blocks in structured control-flow order.
    #[arg(long)]
    pub reorder_blocks: bool,
    /// Never colour the output (spirvkit never does; accepted for compatibility).
    #[arg(long)]
    pub no_color: bool,
    /// How problems are printed: human (standard error), json lines or a SARIF log
    /// (standard output).
    #[arg(long, value_enum, default_value = "human")]
    pub diagnostics_format: crate::diagnostics::Format,
}

fn disassemble_one(
    input: &Path,
    output: &Path,
    opts: &DisassembleOptions,
    format: Format,
) -> Result<(), Failure> {
    let machine = format != Format::Human;
    let bytes = crate::input::map_or_read(input).map_err(Failure::Message)?;
    let name = input.display().to_string();
    let words = match spirvkit_core::words_from_bytes(&bytes) {
        Ok((w, _)) => w,
        Err(e) if machine => {
            return Err(Failure::Report(Box::new(
                crate::diagnostics::from_decode_error(&name, &[], &e),
            )))
        }
        Err(e) => {
            return Err(Failure::Message(anyhow::anyhow!(
                "{name}: word {}: {}",
                e.word_offset,
                e.kind
            )))
        }
    };
    drop(bytes);
    let mut text = Vec::with_capacity(words.len() * 12);
    if let Err(e) = spirvkit_text::dis::disassemble_into(&words, opts, &mut text) {
        if machine {
            return Err(Failure::Report(Box::new(match &e {
                DisassembleError::Decode(d) => {
                    crate::diagnostics::from_decode_error(&name, &words, d)
                }
                DisassembleError::InvalidOpcode { word_offset, .. } => {
                    Report::error("binary.invalid_opcode", e.to_string(), &name)
                        .at_word(&words, *word_offset)
                }
                DisassembleError::Io(_) => Report::error("io.write", e.to_string(), &name),
            })));
        }
        return Err(Failure::Message(match e {
            DisassembleError::Decode(d) => {
                anyhow::anyhow!("{name}: word {}: {}", d.word_offset, d.kind)
            }
            DisassembleError::InvalidOpcode {
                opcode,
                word_offset,
            } => {
                anyhow::anyhow!("{name}: word {word_offset}: Invalid opcode: {opcode}")
            }
            DisassembleError::Io(e) => anyhow::anyhow!("{name}: {e}"),
        }));
    }
    crate::input::write_output(output, |w| {
        w.write_all(&text)?;
        w.flush()
    })
    .map_err(Failure::Message)
}

pub fn run(args: DisArgs) -> anyhow::Result<()> {
    let opts = DisassembleOptions {
        raw_id: args.raw_id,
        no_header: args.no_header,
        no_indent: args.no_indent,
        offsets: args.offsets,
        comment: args.comment,
        nested_indent: args.nested_indent,
        reorder_blocks: args.reorder_blocks,
    };
    let format = args.diagnostics_format;
    crate::diagnostics::run_batch(
        &args.inputs,
        args.output.as_deref(),
        "-",
        "spvasm",
        format,
        |input, output| disassemble_one(input, output, &opts, format),
    )
}
