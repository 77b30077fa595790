//! `spirvkit link`: join SPIR-V modules by their LinkageAttributes, a drop-in for spirv-link
//! (same flags, default output `out.spv`). Inputs are read in parallel.

use crate::diagnostics::{self, Format};
use crate::input;
use rayon::prelude::*;
use spirvkit_opt::{LinkOptions, NamedInput};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct LinkArgs {
    /// SPIR-V modules to link.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// Output file (`-` for standard output).
    #[arg(short = 'o', default_value = "out.spv")]
    pub output: PathBuf,
    /// Link into a library: keep Export decorations and the Linkage capability.
    #[arg(long)]
    pub create_library: bool,
    /// Leave imports that no input defines imported instead of failing.
    #[arg(long)]
    pub allow_partial_linkage: bool,
    /// Link inputs of different SPIR-V versions into the highest one.
    #[arg(long)]
    pub use_highest_version: bool,
    /// Accept imported functions whose pointer parameters point to other types than the
    /// definition's (opaque-pointer producers); calls get OpBitcast casts.
    #[arg(long)]
    pub allow_pointer_mismatch: bool,
    /// Check that every id of the merged module is defined once.
    #[arg(long)]
    pub verify_ids: bool,
    /// Environment the inputs are validated for (spirv-val's names; default: universal).
    #[arg(long, default_value = "universal")]
    pub target_env: String,
    /// Do not validate the inputs first (spirv-link does not).
    #[arg(long)]
    pub no_validate: bool,
    /// Keep functions no entry point reaches (spirv-link does; by default an executable
    /// loses them).
    #[arg(long)]
    pub keep_dead_functions: bool,
    /// How problems are printed: human (standard error), json lines or one SARIF log
    /// (standard output).
    #[arg(long, value_enum, default_value = "human")]
    pub diagnostics_format: Format,
}

pub fn run(args: LinkArgs) -> anyhow::Result<()> {
    let options = LinkOptions {
        create_library: args.create_library,
        allow_partial_linkage: args.allow_partial_linkage,
        use_highest_version: args.use_highest_version,
        allow_pointer_mismatch: args.allow_pointer_mismatch,
        verify_ids: args.verify_ids,
        target_env: args.target_env.parse()?,
        validate_inputs: !args.no_validate,
        keep_dead_functions: args.keep_dead_functions,
    };
    let names: Vec<String> = args
        .inputs
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let format = args.diagnostics_format;
    // Reading many inputs is the part of a link that scales with their number: the bar
    // (terminal only) counts the modules read.
    let progress = crate::progress::Progress::new(args.inputs.len());
    let words = if format == Format::Human {
        let read = args
            .inputs
            .par_iter()
            .map(|p| {
                let r = input::read_spirv_words(p);
                progress.tick();
                r
            })
            .collect::<Result<Vec<_>, _>>();
        progress.finish();
        read?
    } else {
        let read: Vec<_> = args
            .inputs
            .par_iter()
            .zip(&names)
            .map(|(p, name)| {
                let r = diagnostics::read_spirv(p, name);
                progress.tick();
                r
            })
            .collect();
        progress.finish();
        let failed: Vec<_> = read
            .iter()
            .filter_map(|r| r.as_ref().err().map(|b| (**b).clone()))
            .collect();
        if !failed.is_empty() {
            diagnostics::emit(format, &failed);
            std::process::exit(1);
        }
        read.into_iter().flatten().collect()
    };
    let named: Vec<NamedInput<'_>> = names
        .iter()
        .zip(&words)
        .map(|(name, words)| NamedInput { name, words })
        .collect();
    let linked = match spirvkit_opt::link_named(&named, &options) {
        Ok(linked) => linked,
        Err(e) if format != Format::Human => {
            let output = args.output.display().to_string();
            diagnostics::emit(format, &[diagnostics::from_link_error(&e, &named, &output)]);
            std::process::exit(1);
        }
        Err(e) => return Err(e.into()),
    };
    input::write_output(&args.output, |out| {
        spirvkit_core::binary::write_words_le([linked.as_slice()], out)
    })
}
