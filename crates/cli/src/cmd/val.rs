//! `spirvkit val`: validate SPIR-V modules with the universal rules, agreeing with spirv-val.
//! Several inputs (or directories, searched for `*.spv`) are validated in parallel.

use crate::diagnostics::{self, Format, Report};
use crate::input;
use rayon::prelude::*;
use spirvkit_val::{Limits, Relax, TargetEnv, ValidatorOptions};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct ValArgs {
    /// SPIR-V binaries (`-` for standard input); a directory validates every `*.spv` below it.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// Target environment, as spirv-val names it: universal, spv1.0..spv1.6, vulkan1.0..vulkan1.4,
    /// vulkan1.1spv1.4, opencl1.2, opencl2.0..opencl2.2 (and `embedded` variants), opengl4.0..4.5.
    #[arg(long, default_value = "spv1.6")]
    pub target_env: String,
    #[arg(long, value_name = "N")]
    pub max_struct_members: Option<u32>,
    #[arg(long, value_name = "N")]
    pub max_struct_depth: Option<u32>,
    #[arg(long, value_name = "N")]
    pub max_local_variables: Option<u32>,
    #[arg(long, value_name = "N")]
    pub max_global_variables: Option<u32>,
    #[arg(long, value_name = "N")]
    pub max_switch_branches: Option<u32>,
    #[arg(long, value_name = "N")]
    pub max_function_args: Option<u32>,
    #[arg(long, value_name = "N")]
    pub max_control_flow_nesting_depth: Option<u32>,
    #[arg(long, value_name = "N")]
    pub max_access_chain_indexes: Option<u32>,
    #[arg(long, value_name = "N")]
    pub max_id_bound: Option<u32>,
    #[arg(long)]
    pub relax_logical_pointer: bool,
    #[arg(long)]
    pub relax_block_layout: bool,
    #[arg(long)]
    pub uniform_buffer_standard_layout: bool,
    #[arg(long)]
    pub scalar_block_layout: bool,
    #[arg(long)]
    pub workgroup_scalar_block_layout: bool,
    #[arg(long)]
    pub skip_block_layout: bool,
    #[arg(long)]
    pub relax_struct_store: bool,
    #[arg(long)]
    pub allow_localsizeid: bool,
    #[arg(long)]
    pub allow_offset_texture_operand: bool,
    #[arg(long)]
    pub allow_vulkan_32_bit_bitwise: bool,
    #[arg(long)]
    pub before_hlsl_legalization: bool,
    /// Print nothing for valid modules and only the first diagnostic of invalid ones.
    #[arg(long, short)]
    pub quiet: bool,
    /// How problems are printed: human (standard error), json lines or one SARIF log
    /// (standard output).
    #[arg(long, value_enum, default_value = "human")]
    pub diagnostics_format: crate::diagnostics::Format,
}

impl ValArgs {
    pub fn options(&self) -> anyhow::Result<ValidatorOptions> {
        let target_env: TargetEnv = self.target_env.parse()?;
        let d = Limits::default();
        let limits = Limits {
            max_struct_members: self.max_struct_members.unwrap_or(d.max_struct_members),
            max_struct_depth: self.max_struct_depth.unwrap_or(d.max_struct_depth),
            max_local_variables: self.max_local_variables.unwrap_or(d.max_local_variables),
            max_global_variables: self.max_global_variables.unwrap_or(d.max_global_variables),
            max_switch_branches: self.max_switch_branches.unwrap_or(d.max_switch_branches),
            max_function_args: self.max_function_args.unwrap_or(d.max_function_args),
            max_control_flow_nesting_depth: self
                .max_control_flow_nesting_depth
                .unwrap_or(d.max_control_flow_nesting_depth),
            max_access_chain_indexes: self
                .max_access_chain_indexes
                .unwrap_or(d.max_access_chain_indexes),
            max_id_bound: self.max_id_bound.unwrap_or(d.max_id_bound),
        };
        let relax = Relax {
            relax_logical_pointer: self.relax_logical_pointer,
            relax_block_layout: self.relax_block_layout,
            uniform_buffer_standard_layout: self.uniform_buffer_standard_layout,
            scalar_block_layout: self.scalar_block_layout,
            workgroup_scalar_block_layout: self.workgroup_scalar_block_layout,
            skip_block_layout: self.skip_block_layout,
            relax_struct_store: self.relax_struct_store,
            allow_localsizeid: self.allow_localsizeid,
            allow_offset_texture_operand: self.allow_offset_texture_operand,
            allow_vulkan_32_bit_bitwise: self.allow_vulkan_32_bit_bitwise,
            before_hlsl_legalization: self.before_hlsl_legalization,
        };
        Ok(ValidatorOptions {
            target_env,
            limits,
            relax,
            sequential: false,
        })
    }
}

pub fn expand(inputs: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let mut stack = vec![p.clone()];
            let mut found = Vec::new();
            while let Some(d) = stack.pop() {
                let Ok(entries) = std::fs::read_dir(&d) else {
                    continue;
                };
                for e in entries.flatten() {
                    let path = e.path();
                    if path.is_dir() {
                        stack.push(path);
                    } else if path.extension().is_some_and(|x| x == "spv") {
                        found.push(path);
                    }
                }
            }
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// One broken rule with the offending instruction as spirv-dis prints it (friendly names).
pub struct Finding {
    pub diagnostic: spirvkit_val::Diagnostic,
    pub instruction: Option<String>,
}

/// Validates `words`: empty when valid.
pub fn findings(words: &[u32], opts: &ValidatorOptions) -> Vec<Finding> {
    match spirvkit_val::validate(words, opts) {
        Ok(()) => Vec::new(),
        Err(diags) => findings_of(words, diags),
    }
}

/// The validator's `diags` on `words`, each with its instruction as spirv-dis prints it.
pub fn findings_of(words: &[u32], diags: Vec<spirvkit_val::Diagnostic>) -> Vec<Finding> {
    let dis_opts = spirvkit_text::DisassembleOptions {
        no_header: true,
        no_indent: true,
        ..Default::default()
    };
    let listing = spirvkit_text::disassemble(words, &dis_opts).ok();
    let lines: Vec<&str> = listing
        .as_deref()
        .map(|l| l.lines().collect())
        .unwrap_or_default();
    diags
        .into_iter()
        .map(|d| {
            let line = d
                .instruction_index
                .and_then(|i| lines.get(i))
                .map(|l| l.trim().to_string());
            let instruction = line.or_else(|| d.instruction.clone());
            Finding {
                diagnostic: d,
                instruction,
            }
        })
        .collect()
}

/// What one file gave: nothing when valid, else text for people or reports for machines.
enum Outcome {
    Valid,
    Human(String),
    Machine(Vec<Report>),
}

fn validate_file(path: &Path, opts: &ValidatorOptions, quiet: bool, format: Format) -> Outcome {
    let name = path.display().to_string();
    let decoded = input::map_or_read(path).and_then(|bytes| {
        spirvkit_core::words_from_bytes(&bytes)
            .map(|(w, _)| w)
            .map_err(|e| match format {
                Format::Human => input::decode_error(path, &e),
                _ => anyhow::Error::new(e),
            })
    });
    let words = match decoded {
        Ok(w) => w,
        Err(e) => {
            return match format {
                Format::Human => {
                    Outcome::Human(format!("spirvkit: {name}: error: binary.decode: {e:#}\n"))
                }
                _ => Outcome::Machine(vec![match e.downcast_ref::<spirvkit_core::DecodeError>() {
                    Some(d) => diagnostics::from_decode_error(&name, &[], d),
                    None => Report::error("io.read", format!("{e:#}"), &name),
                }]),
            }
        }
    };
    let mut found = findings(&words, opts);
    if found.is_empty() {
        return Outcome::Valid;
    }
    if quiet {
        found.truncate(1);
    }
    if format != Format::Human {
        return Outcome::Machine(diagnostics::from_findings(&name, &words, &found));
    }
    Outcome::Human(human_text(&name, &found))
}

/// The human report: `spirvkit: FILE: error: RULE: message [where]`, then the offending
/// instruction exactly as spirv-dis prints it.
pub fn human_text(name: &str, found: &[Finding]) -> String {
    let mut text = String::new();
    for f in found {
        let d = &f.diagnostic;
        let at = match (d.instruction_index, d.word_offset) {
            (Some(i), Some(w)) => format!(" [instruction {i}, word {w}]"),
            (None, Some(w)) => format!(" [word {w}]"),
            _ => String::new(),
        };
        text.push_str(&format!(
            "spirvkit: {name}: error: {}: {}{at}\n",
            d.rule, d.message
        ));
        if let Some(inst) = &f.instruction {
            text.push_str(&format!("  {inst}\n"));
        }
    }
    text
}

pub fn run(args: ValArgs) -> anyhow::Result<()> {
    let opts = args.options()?;
    let format = args.diagnostics_format;
    let files = expand(&args.inputs);
    let total = files.len();
    let progress = crate::progress::Progress::new(total);
    let outcomes: Vec<Outcome> = files
        .par_iter()
        .map(|p| {
            let r = validate_file(p, &opts, args.quiet, format);
            progress.tick();
            r
        })
        .collect();
    progress.finish();
    let mut invalid = 0usize;
    let mut reports = Vec::new();
    for outcome in outcomes {
        match outcome {
            Outcome::Valid => continue,
            Outcome::Human(text) => eprint!("{text}"),
            Outcome::Machine(r) => reports.extend(r),
        }
        invalid += 1;
    }
    diagnostics::emit(format, &reports);
    if invalid > 0 {
        if total > 1 && format == Format::Human {
            eprintln!("spirvkit: {invalid} of {total} modules are invalid");
        }
        std::process::exit(1);
    }
    Ok(())
}
