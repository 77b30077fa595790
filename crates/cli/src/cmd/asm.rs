//! `spirvkit as`: assembly text → SPIR-V binary, byte-identical to `spirv-as`.

use anyhow::Context;
use spirvkit_text::{assemble, AssembleOptions, TargetEnv};
use std::io::Write;
use std::path::PathBuf;

fn parse_env(s: &str) -> Result<TargetEnv, String> {
    TargetEnv::parse(s).ok_or_else(|| {
        format!("unrecognized target env '{s}' (one of: {})", spirvkit_text::asm::TARGET_ENV_NAMES.join(", "))
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
}

pub fn run(args: AsArgs) -> anyhow::Result<()> {
    let bytes = crate::input::read_bytes(&args.input)?;
    let name = args.input.display().to_string();
    let source = String::from_utf8_lossy(&bytes);
    let opts = AssembleOptions { target_env: args.target_env, preserve_numeric_ids: args.preserve_numeric_ids };
    let words = assemble(&source, &opts).map_err(|e| anyhow::anyhow!("{name}:{e}"))?;
    let mut out = Vec::with_capacity(words.len() * 4);
    for w in &words {
        out.extend_from_slice(&w.to_le_bytes());
    }
    if args.output.as_os_str() == "-" {
        let stdout = std::io::stdout();
        let mut lock = stdout.lock();
        lock.write_all(&out).context("writing standard output")?;
        lock.flush().context("writing standard output")?;
    } else {
        std::fs::write(&args.output, &out).with_context(|| format!("cannot write {}", args.output.display()))?;
    }
    Ok(())
}
