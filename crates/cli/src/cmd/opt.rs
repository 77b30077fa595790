//! `spirvkit opt`: the optimizer with spirv-opt's command line. Pass flags are applied in the
//! order given (`-O` / `-Os` expand in place), so argv is parsed by hand here: clap cannot
//! keep interleaved flags in order. Unknown flags and spirv-opt passes spirvkit does not
//! implement are usage errors naming the flag (exit 2); an invalid input module prints the
//! validator's diagnostics (exit 1) unless `--skip-validation`.

use crate::diagnostics::{self, Format, Report};
use crate::input;
use spirvkit_opt::timing;
use spirvkit_opt::{passes_from_flags, FlagError, Optimizer, Passes, TargetEnv};
use spirvkit_val::{Limits, Relax};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(disable_help_flag = true)]
pub struct OptArgs {
    /// spirv-opt's arguments: pass flags (`--strip-debug`, `-O`, `-Os`, ...), `--target-env=ENV`,
    /// `--skip-validation`, `--preserve-bindings`, `--preserve-spec-constants`, the validator's
    /// limit/relax flags, `-o OUT` and the input (`-` for standard input). `--help` lists them.
    #[arg(allow_hyphen_values = true, trailing_var_arg = true, num_args = 0..)]
    pub args: Vec<String>,
}

/// What the command line asks for.
struct Request {
    pipeline: Vec<Passes>,
    target_env: TargetEnv,
    skip_validation: bool,
    preserve_bindings: bool,
    preserve_spec_constants: bool,
    limits: Limits,
    relax: Relax,
    input: PathBuf,
    output: PathBuf,
    diagnostics_format: Format,
}

enum Parsed {
    Run(Box<Request>),
    Help,
    Version,
}

const HELP: &str = "\
Usage: spirvkit opt [PASS FLAGS...] [-O|-Os] [OPTIONS] -o OUT IN

Optimizes the SPIR-V binary IN (`-` for standard input) into OUT (`-` for standard output),
applying the pass flags in the order given, as spirv-opt does.

Pass flags:
  --strip-debug                     remove debug instructions (OpName, OpLine, OpSource, ...)
  --strip-nonsemantic, --strip-reflect
                                    remove non-semantic instructions and reflection decorations
  --set-spec-const-default-value \"ID:VALUE ...\"
                                    change the default value of SpecId constants
  --freeze-spec-const               spec constants become constants (SpecId removed)
  --fold-spec-const-op-composite    fold OpSpecConstantOp/Composite of constants
  --eliminate-dead-functions        remove functions no entry point reaches
  --eliminate-dead-const            remove unused constants
  --eliminate-dead-variables        remove unused module-scope variables
  --eliminate-dead-members          remove unused struct members (Logical Shader modules)
  --compact-ids                     renumber ids densely
  --inline-entry-points-exhaustive  inline callees that are one block or end in their only return
  --convert-local-access-chains     constant-index access chains into locals → whole accesses
  --ssa-rewrite, --eliminate-local-multi-store
                                    local variables loaded/stored whole → SSA values with OpPhi
  --simplify-instructions, --fold   fold constant operands (exact FP only) and exact identities
  --ccp                             sparse conditional constant propagation
  --redundancy-elimination, --local-redundancy-elimination
                                    merge repeated computations and loads within a block
  --eliminate-dead-code-aggressive  remove code nothing uses, written-only locals, empty branches
  --merge-blocks                    merge single-predecessor block chains
  -O                                performance pipeline (see ARCHITECTURE.md)
  -Os                               size pipeline
Options:
  --target-env=ENV                  validation environment (as spirvkit val; default spv1.6)
  --skip-validation                 do not validate the input
  --preserve-bindings, --preserve-spec-constants
  --relax-logical-pointer --relax-block-layout --uniform-buffer-standard-layout
  --scalar-block-layout --workgroup-scalar-block-layout --skip-block-layout
  --relax-struct-store --allow-localsizeid --allow-offset-texture-operand
  --allow-vulkan-32-bit-bitwise --before-hlsl-legalization
  --max-id-bound=N --max-struct-members=N ... (the validator limits, `=N` or ` N`)
  --diagnostics-format=human|json|sarif
                                    problems as messages on standard error (human), JSON lines
                                    or one SARIF 2.1.0 log on standard output
  -o OUT                            output file (required)
";

fn usage(message: impl std::fmt::Display) -> String {
    format!("{message}")
}

/// Sets a validator limit by flag name; false when the name is no limit.
fn set_limit(limits: &mut Limits, name: &str, value: u32) -> bool {
    let slot = match name {
        "max-struct-members" => &mut limits.max_struct_members,
        "max-struct-depth" => &mut limits.max_struct_depth,
        "max-local-variables" => &mut limits.max_local_variables,
        "max-global-variables" => &mut limits.max_global_variables,
        "max-switch-branches" => &mut limits.max_switch_branches,
        "max-function-args" => &mut limits.max_function_args,
        "max-control-flow-nesting-depth" => &mut limits.max_control_flow_nesting_depth,
        "max-access-chain-indexes" => &mut limits.max_access_chain_indexes,
        "max-id-bound" => &mut limits.max_id_bound,
        _ => return false,
    };
    *slot = value;
    true
}

fn set_relax(relax: &mut Relax, name: &str) -> bool {
    let slot = match name {
        "relax-logical-pointer" => &mut relax.relax_logical_pointer,
        "relax-block-layout" => &mut relax.relax_block_layout,
        "uniform-buffer-standard-layout" => &mut relax.uniform_buffer_standard_layout,
        "scalar-block-layout" => &mut relax.scalar_block_layout,
        "workgroup-scalar-block-layout" => &mut relax.workgroup_scalar_block_layout,
        "skip-block-layout" => &mut relax.skip_block_layout,
        "relax-struct-store" => &mut relax.relax_struct_store,
        "allow-localsizeid" => &mut relax.allow_localsizeid,
        "allow-offset-texture-operand" => &mut relax.allow_offset_texture_operand,
        "allow-vulkan-32-bit-bitwise" => &mut relax.allow_vulkan_32_bit_bitwise,
        "before-hlsl-legalization" => &mut relax.before_hlsl_legalization,
        _ => return false,
    };
    *slot = true;
    true
}

fn parse(args: &[String]) -> Result<Parsed, String> {
    // Pass flags (with their arguments) in order, turned into passes by
    // `spirvkit_opt::passes_from_flags` once the other options are set apart.
    let mut pass_args: Vec<String> = Vec::new();
    let mut target_env = TargetEnv::default();
    let (mut skip_validation, mut preserve_bindings, mut preserve_spec_constants) =
        (false, false, false);
    let mut limits = Limits::default();
    let mut relax = Relax::default();
    let mut input: Option<PathBuf> = None;
    let mut output: Option<PathBuf> = None;
    let mut diagnostics_format = Format::Human;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        let mut next = |what: &str| -> Result<String, String> {
            let v = args
                .get(i)
                .cloned()
                .ok_or_else(|| usage(format!("'{what}' needs an argument")))?;
            i += 1;
            Ok(v)
        };
        match arg {
            "-h" | "--help" => return Ok(Parsed::Help),
            "--version" => return Ok(Parsed::Version),
            "-O" | "-Os" => pass_args.push(arg.to_owned()),
            "-o" => output = Some(PathBuf::from(next("-o")?)),
            "-" => {
                if input.replace(PathBuf::from("-")).is_some() {
                    return Err(usage("More than one input file specified"));
                }
            }
            "--skip-validation" => skip_validation = true,
            "--preserve-bindings" => preserve_bindings = true,
            "--preserve-spec-constants" => preserve_spec_constants = true,
            _ if arg.starts_with("--") => {
                let flag = &arg[2..];
                let (name, inline_value) = match flag.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (flag, None),
                };
                if name == "diagnostics-format" {
                    let value = match inline_value {
                        Some(v) => v,
                        None => next(arg)?,
                    };
                    diagnostics_format =
                        clap::ValueEnum::from_str(&value, false).map_err(|_| {
                            usage(format!(
                            "invalid value '{value}' for --diagnostics-format (human, json, sarif)"
                        ))
                        })?;
                } else if name == "target-env" {
                    let value = inline_value.ok_or_else(|| {
                        usage("'--target-env' takes its value as --target-env=ENV")
                    })?;
                    target_env = value
                        .parse()
                        .map_err(|_| usage("Invalid value passed to --target-env"))?;
                } else if set_relax(&mut relax, name) && inline_value.is_none() {
                } else if name.starts_with("max-") && set_limit(&mut limits, name, 0) {
                    let text = match inline_value {
                        Some(v) => v,
                        None => next(arg)?,
                    };
                    let value: u32 = text
                        .parse()
                        .map_err(|_| usage(format!("invalid value '{text}' for --{name}")))?;
                    set_limit(&mut limits, name, value);
                } else {
                    pass_args.push(arg.to_owned());
                    if spirvkit_opt::passes::FLAGS_WITH_ARGUMENT.contains(&name)
                        && inline_value.is_none()
                    {
                        pass_args.push(next(arg)?);
                    }
                }
            }
            _ if arg.starts_with('-') => {
                return Err(usage(format!(
                    "Unknown flag '{arg}'. Use --help for a list of valid flags"
                )))
            }
            _ => {
                if input.replace(PathBuf::from(arg)).is_some() {
                    return Err(usage("More than one input file specified"));
                }
            }
        }
    }
    let pipeline = passes_from_flags(&pass_args).map_err(flag_message)?;
    let input = input.ok_or_else(|| usage("No input file specified"))?;
    let output = output.ok_or_else(|| usage("-o required"))?;
    Ok(Parsed::Run(Box::new(Request {
        pipeline,
        target_env,
        skip_validation,
        preserve_bindings,
        preserve_spec_constants,
        limits,
        relax,
        input,
        output,
        diagnostics_format,
    })))
}

fn flag_message(e: FlagError) -> String {
    e.to_string()
}

pub fn main(args: OptArgs) -> ExitCode {
    match parse(&args.args) {
        Err(message) => {
            eprintln!("spirvkit opt: error: {message}");
            ExitCode::from(2)
        }
        Ok(Parsed::Help) => {
            print!("{HELP}");
            ExitCode::SUCCESS
        }
        Ok(Parsed::Version) => {
            println!("spirvkit {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Ok(Parsed::Run(request)) => match on_worker_thread(|| run(&request)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(Failed::Human(report)) => {
                eprint!("{report}");
                ExitCode::from(1)
            }
            Err(Failed::Reports(reports)) => {
                diagnostics::emit(request.diagnostics_format, &reports);
                ExitCode::from(1)
            }
        },
    }
}

/// Runs `work` on a thread of rayon's global pool (the caller waits), with the main
/// thread's stack size. Reading, validating, decoding, the passes and writing then all run
/// on the pool's threads: each parallel step starts from a worker (no hand-over from the
/// main thread and back, ~200 -> ~40 context switches per `opt -O`), and the memory a step
/// frees stays in the workers' malloc arenas for the next step instead of going back to the
/// system from the main thread's (the validator's tables are reused by the decoder: 5 450
/// -> 4 080 page faults on the 2 000-function bench module, each ~2-4 us here).
fn on_worker_thread<R: Send>(work: impl FnOnce() -> R + Send) -> R {
    const MAIN_THREAD_STACK: usize = 8 << 20;
    // Fails only when the pool exists already (then it is used as it is).
    let _ = rayon::ThreadPoolBuilder::new()
        .stack_size(MAIN_THREAD_STACK)
        .build_global();
    rayon::scope(|_| work())
}

/// Why a run failed: the human text for standard error, or reports for a machine format.
enum Failed {
    Human(String),
    Reports(Vec<Report>),
}

fn run(request: &Request) -> Result<(), Failed> {
    let name = |p: &Path| {
        if p.as_os_str() == "-" {
            PathBuf::from("<stdin>")
        } else {
            p.to_path_buf()
        }
    };
    let file = name(&request.input).display().to_string();
    let machine = request.diagnostics_format != Format::Human;
    let start = timing::start();
    let words = if machine {
        diagnostics::read_spirv(&request.input, &file)
            .map(input::SpirvWords::Copied)
            .map_err(|r| Failed::Reports(vec![*r]))?
    } else {
        input::spirv_words(&request.input)
            .map_err(|e| Failed::Human(format!("spirvkit opt: {e:#}\n")))?
    };
    timing::report(start, "(read input)", false);
    let mut optimizer = Optimizer::new(request.target_env);
    optimizer.validator.limits = request.limits;
    optimizer.validator.relax = request.relax;
    optimizer.skip_validation = request.skip_validation;
    optimizer.preserve_bindings = request.preserve_bindings;
    optimizer.preserve_spec_constants = request.preserve_spec_constants;
    for pass in &request.pipeline {
        optimizer.register_pass(pass.clone());
    }
    let failed = |e: spirvkit_opt::Error, words: &[u32]| match e {
        e if machine => Failed::Reports(diagnostics::from_opt_error(&file, words, e)),
        spirvkit_opt::Error::InvalidInput(diags) => {
            let found = crate::cmd::val::findings_of(words, diags);
            Failed::Human(crate::cmd::val::human_text(&file, &found))
        }
        other => Failed::Human(format!("spirvkit opt: {file}: error: {other}\n")),
    };
    let mut module = optimizer.decode(&words).map_err(|e| failed(e, &words))?;
    // The input words are not needed any more: freed before the passes, and the output is
    // encoded a chunk at a time (peak memory: the module, not module + input + output).
    drop(words);
    optimizer
        .run_decoded(&mut module)
        .map_err(|e| failed(e, &[]))?;
    let start = timing::start();
    let written = input::write_module(&request.output, &module);
    timing::report(start, "(encode and write output)", false);
    let written = written.map_err(|e| {
        let message = format!("{e:#}");
        match machine {
            true => Failed::Reports(vec![Report::error(
                "io.write",
                message,
                &request.output.display().to_string(),
            )]),
            false => Failed::Human(format!("spirvkit opt: {message}\n")),
        }
    });
    // The process ends after one run: freeing every instruction one by one would take ~4% of
    // a run's time (measured on `bench --only opt`); the operating system reclaims it whole.
    std::mem::forget(module);
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn pipeline(list: &[&str]) -> Result<Vec<Passes>, String> {
        match parse(&args(list))? {
            Parsed::Run(r) => Ok(r.pipeline),
            _ => Err("not a run".into()),
        }
    }

    #[test]
    fn flags_apply_in_order_and_presets_expand_in_place() {
        let p = pipeline(&["--strip-debug", "-O", "--compact-ids", "-o", "-", "in.spv"]).unwrap();
        assert_eq!(p.first(), Some(&Passes::StripDebug));
        assert_eq!(p.last(), Some(&Passes::CompactIds));
        assert_eq!(
            p.len(),
            2 + spirvkit_opt::optimizer::PERFORMANCE_PASSES.len()
        );
        let p = pipeline(&["--set-spec-const-default-value", "1:2", "-o", "o", "-"]).unwrap();
        assert!(matches!(p[0], Passes::SetSpecConstDefaultValue(_)));
    }

    #[test]
    fn usage_errors_name_the_flag() {
        let e = pipeline(&["--bogus", "-o", "o", "i"]).unwrap_err();
        assert_eq!(
            e,
            "Unknown flag '--bogus'. Use --help for a list of valid flags"
        );
        let e = pipeline(&["--loop-unroll", "-o", "o", "i"]).unwrap_err();
        assert!(
            e.contains("--loop-unroll") && e.contains("not implemented"),
            "{e}"
        );
        let e = pipeline(&["--set-spec-const-default-value", "1 :5", "-o", "o", "i"]).unwrap_err();
        assert_eq!(
            e,
            "Invalid argument for --set-spec-const-default-value: 1 :5"
        );
        assert_eq!(
            pipeline(&["a", "b", "-o", "o"]).unwrap_err(),
            "More than one input file specified"
        );
        assert_eq!(pipeline(&["a"]).unwrap_err(), "-o required");
        assert!(pipeline(&["--target-env=nope", "-o", "o", "a"]).is_err());
    }
}
