//! `spirvkit cfg`: the control-flow graph of a module, as spirv-cfg's DOT (identical text)
//! or as an SVG drawn by spirvkit itself (no graphviz needed).

use crate::cfg::{dot, svg, Graph};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Format {
    /// GraphViz text, identical to spirv-cfg's.
    Dot,
    /// A laid-out picture.
    Svg,
}

#[derive(clap::Args)]
pub struct CfgArgs {
    /// Input binary (`-` for standard input).
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// Output file (`-`, the default, for standard output).
    #[arg(short = 'o', value_name = "OUT", default_value = "-")]
    pub output: PathBuf,
    #[arg(long, value_enum, default_value = "dot")]
    pub format: Format,
}

/// The picture of `words` in `format`.
pub fn render(words: &[u32], format: Format) -> Result<String, spirvkit_core::DecodeError> {
    let graph = Graph::read(words)?;
    let names = spirvkit_text::dis::names::build(words);
    Ok(match format {
        Format::Dot => dot::write(&graph, &names),
        Format::Svg => svg::write(&graph, &names),
    })
}

pub fn run(args: CfgArgs) -> anyhow::Result<()> {
    let words = crate::input::read_spirv_words(&args.input)?;
    let text =
        render(&words, args.format).map_err(|e| crate::input::decode_error(&args.input, &e))?;
    crate::input::write_output(&args.output, |w| w.write_all(text.as_bytes()))
}
