use anyhow::Context;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct LlvmDisArgs {
    /// LLVM bitcode (or text) to print as `.ll`.
    pub input: PathBuf,
    /// Output file (`-` for standard output). Default: the input with the extension `.ll`.
    #[arg(short = 'o')]
    pub output: Option<PathBuf>,
    /// Print opaque pointers (`ptr`) instead of typed pointers.
    #[arg(long)]
    pub opaque_pointers: bool,
}

pub fn run(args: LlvmDisArgs) -> anyhow::Result<()> {
    let module = crate::input::read_llvm_module(&args.input)?;
    let mut options = spirvkit_llvm::WriteOptions::default();
    if args.opaque_pointers {
        options.pointers = spirvkit_llvm::PointerStyle::Opaque;
    }
    let text = module.to_ll(&options);
    let output = args
        .output
        .unwrap_or_else(|| args.input.with_extension("ll"));
    if output.as_os_str() == "-" {
        print!("{text}");
        return Ok(());
    }
    std::fs::write(&output, text).with_context(|| format!("cannot write {}", output.display()))
}
