//! `spirvkit dis`: SPIR-V binary → assembly text, identical to `spirv-dis`.

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
}

pub fn run(args: DisArgs) -> anyhow::Result<()> {
    let bytes = crate::input::map_or_read(&args.input)?;
    let name = args.input.display().to_string();
    let words = match spirvkit_core::words_from_bytes(&bytes) {
        Ok((w, _)) => w,
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
