//! `spirvkit as`: assembly text → SPIR-V binary, byte-identical to `spirv-as`. Several inputs
//! are assembled in parallel, each output next to its input (`.spv`).

use crate::diagnostics::{code_of, Failure, Format, Report};
use spirvkit_text::{AssembleOptions, ReadAssembleError, TargetEnv};
use std::path::{Path, PathBuf};

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
    /// Input assembly (`-` for standard input); with several, each output goes next to its
    /// input with the extension `.spv`.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// Output file (`-` for standard output); default `out.spv` like spirv-as. Only with a
    /// single input.
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
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

fn assemble_one(
    input: &Path,
    output: &Path,
    opts: &AssembleOptions,
    format: Format,
) -> Result<(), Failure> {
    let name = input.display().to_string();
    let words = match crate::input::assemble_path(input, opts) {
        Ok(w) => w,
        Err(ReadAssembleError::Io(e)) => {
            return Err(Failure::Message(anyhow::anyhow!("cannot read {name}: {e}")))
        }
        Err(ReadAssembleError::Assemble(e)) if format != Format::Human => {
            // The source line as the note, like a compiler's snippet.
            let line = crate::input::text_line(input, e.line);
            return Err(Failure::Report(Box::new(
                Report::error(code_of("asm", &e.kind), e.kind.to_string(), &name)
                    .line_column(e.line, e.column)
                    .note(line),
            )));
        }
        Err(ReadAssembleError::Assemble(e)) => {
            return Err(Failure::Message(anyhow::anyhow!("{name}:{e}")))
        }
    };
    crate::input::write_output(output, |w| {
        spirvkit_core::binary::write_words_le([words.as_slice()], w)
    })
    .map_err(Failure::Message)
}

pub fn run(args: AsArgs) -> anyhow::Result<()> {
    let opts = AssembleOptions {
        target_env: args.target_env,
        preserve_numeric_ids: args.preserve_numeric_ids,
    };
    let format = args.diagnostics_format;
    crate::diagnostics::run_batch(
        &args.inputs,
        args.output.as_deref(),
        "out.spv",
        "spv",
        format,
        |input, output| assemble_one(input, output, &opts, format),
    )
}
