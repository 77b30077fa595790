//! `spirvkit as`: assembly text → SPIR-V binary, byte-identical to `spirv-as`.

use crate::diagnostics::{code_of, Format, Report};
use spirvkit_text::{assemble_segments, AssembleOptions, TargetEnv};
use std::path::PathBuf;

fn parse_env(s: &str) -> Result<TargetEnv, String> {
    TargetEnv::parse(s).ok_or_else(|| {
        format!(
            "unrecognized target env '{s}' (one of: {})",
            spirvkit_text::asm::TARGET_ENV_NAMES.join(", ")
        )
    })
}

#[derive(clap::Args, Debug)]
pub struct AsArgs {
    /// Input assembly (`-` for standard input).
    pub input: PathBuf,
    /// Output file (`-` for standard output); default `out.spv` like spirv-as.
    #[arg(short = 'o', value_name = "OUT", default_value = "out.spv")]
    pub output: PathBuf,
    /// Target environment; sets the SPIR-V version of the header (default: the
    /// `; Version:` comment at the top, else 1.6).
    #[arg(long, value_name = "ENV", value_parser = parse_env)]
    pub target_env: Option<TargetEnv>,
    /// Keep numeric ids (`%12`) as they are; named ids fill the gaps from 1.
    #[arg(long)]
    pub preserve_numeric_ids: bool,
    /// How problems are printed: human (standard error), json lines or a SARIF log
    /// (standard output).
    #[arg(long, value_enum, default_value = "human")]
    pub diagnostics_format: crate::diagnostics::Format,
}

pub fn run(args: AsArgs) -> anyhow::Result<()> {
    let bytes = crate::input::map_or_read(&args.input)?;
    let name = args.input.display().to_string();
    let source = match std::str::from_utf8(&bytes) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(&bytes),
    };
    let opts = AssembleOptions {
        target_env: args.target_env,
        preserve_numeric_ids: args.preserve_numeric_ids,
    };
    let words = match assemble_segments(&source, &opts) {
        Ok(w) => w,
        Err(e) if args.diagnostics_format != Format::Human => {
            // The source line as the note, like a compiler's snippet.
            let line = source
                .lines()
                .nth(e.line.saturating_sub(1))
                .map(str::to_owned);
            let report = Report::error(code_of("asm", &e.kind), e.kind.to_string(), &name)
                .line_column(e.line, e.column)
                .note(line);
            crate::diagnostics::emit(args.diagnostics_format, &[report]);
            std::process::exit(1);
        }
        Err(e) => anyhow::bail!("{name}:{e}"),
    };
    crate::input::write_output(&args.output, |w| words.write_le(w))
}
