//! `spirvkit dis`: SPIR-V binary → assembly text, identical to `spirv-dis`.

use crate::diagnostics::{Format, Report};
use spirvkit_text::{DisassembleError, DisassembleOptions};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct DisArgs {
    /// Input binary (`-` for standard input).
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// Output file (`-` for standard output, the default).
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

pub fn run(args: DisArgs) -> anyhow::Result<()> {
    let bytes = crate::input::map_or_read(&args.input)?;
    let name = args.input.display().to_string();
    let machine = args.diagnostics_format != Format::Human;
    let fail = |report: Report| -> ! {
        crate::diagnostics::emit(args.diagnostics_format, &[report]);
        std::process::exit(1)
    };
    let words = match spirvkit_core::words_from_bytes(&bytes) {
        Ok((w, _)) => w,
        Err(e) if machine => fail(crate::diagnostics::from_decode_error(&name, &[], &e)),
        Err(e) => anyhow::bail!("{name}: word {}: {}", e.word_offset, e.kind),
    };
    drop(bytes);
    let opts = DisassembleOptions {
        raw_id: args.raw_id,
        no_header: args.no_header,
        no_indent: args.no_indent,
        offsets: args.offsets,
        comment: args.comment,
        nested_indent: args.nested_indent,
        reorder_blocks: args.reorder_blocks,
    };
    let mut text = Vec::with_capacity(words.len() * 12);
    if let Err(e) = spirvkit_text::dis::disassemble_into(&words, &opts, &mut text) {
        if machine {
            fail(match &e {
                DisassembleError::Decode(d) => {
                    crate::diagnostics::from_decode_error(&name, &words, d)
                }
                DisassembleError::InvalidOpcode { word_offset, .. } => {
                    Report::error("binary.invalid_opcode", e.to_string(), &name)
                        .at_word(&words, *word_offset)
                }
                DisassembleError::Io(_) => Report::error("io.write", e.to_string(), &name),
            });
        }
        return Err(match e {
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
        });
    }
    let output = args.output.as_deref().unwrap_or(std::path::Path::new("-"));
    crate::input::write_output(output, |w| {
        w.write_all(&text)?;
        w.flush()
    })
}
