use crate::diagnostics::{code_of, Format, Report};
use anyhow::bail;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct TranslateArgs {
    /// SPIR 1.2 / OpenCL C LLVM IR: bitcode (.bc) or text (.ll).
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// Output file (`-` for standard output); only with a single input. Default: the input
    /// with the extension `.spv`, as llvm-spirv does.
    #[arg(short = 'o')]
    pub output: Option<PathBuf>,
    /// Extensions allowed in the output, llvm-spirv style: `+all`, `-all`, `+EXT`, `-EXT`.
    #[arg(long = "spirv-ext", value_name = "LIST", allow_hyphen_values = true)]
    pub spirv_ext: Option<String>,
    /// LLVM intrinsics spirvkit does not know (with one of these name prefixes, when given)
    /// become calls of imported functions of their own names, as llvm-spirv's option does.
    #[arg(
        long = "spirv-allow-unknown-intrinsics",
        value_name = "PREFIXES",
        num_args = 0..=1,
        require_equals = true
    )]
    pub allow_unknown_intrinsics: Option<Option<String>>,
    /// Under SPV_INTEL_function_pointers, pointers in LLVM's function address space 9 get the
    /// CodeSectionINTEL storage class (llvm-spirv's `-spirv-emit-function-ptr-addr-space`).
    /// With `-r` it changes nothing: the reverse direction does not translate function pointers.
    #[arg(long = "spirv-emit-function-ptr-addr-space")]
    pub emit_function_ptr_addr_space: bool,
    /// Debug information: `ocl-100` (OpenCL.DebugInfo.100, the default, as llvm-spirv),
    /// `nonsemantic-shader-100` / `nonsemantic-shader-200` (NonSemantic.Shader.DebugInfo.100
    /// / .200), `nonsemantic-kernel-100` (NonSemantic.Kernel.DebugInfo.100), `legacy` (llvm-spirv's old set, written as OpenCL.DebugInfo.100) or `none`
    /// (spirvkit's own: the module's debug metadata is dropped).
    #[arg(long = "spirv-debug-info-version", value_name = "VERSION")]
    pub debug_info_version: Option<String>,
    /// Keep the DIExpression operations past `DW_OP_LLVM_fragment` in
    /// NonSemantic.Shader.DebugInfo.100 too (llvm-spirv's option; `.200` and
    /// `nonsemantic-kernel-100` always keep them, OpenCL.DebugInfo.100 cannot hold them).
    #[arg(
        long = "spirv-allow-extra-diexpressions",
        value_name = "BOOL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true",
        default_value = "false",
        action = clap::ArgAction::Set
    )]
    pub allow_extra_diexpressions: bool,
    /// Keep function and global variable attributes, their metadata and
    /// `available_externally` linkage as NonSemantic.AuxData instructions (llvm-spirv's
    /// option). Needs SPIR-V 1.6 or SPV_KHR_non_semantic_info, which it allows unless
    /// `--spirv-ext` disables it. With `-r`: the records are restored as attributes,
    /// metadata and linkage.
    #[arg(
        long = "spirv-preserve-auxdata",
        value_name = "BOOL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true",
        default_value = "false",
        action = clap::ArgAction::Set
    )]
    pub preserve_auxdata: bool,
    /// llvm-spirv's pipe-storage form for typed-pointer input: a `%spirv.ConstantPipeStorage`
    /// global becomes OpConstantPipeStorage and `%spirv.PipeStorage*` OpTypePipeStorage.
    /// spirv-val 2025.5 rejects OpConstantPipeStorage at module scope (where the SPIR-V
    /// specification puts constants), so the default keeps a variable
    #[arg(long = "spirv-pipe-storage-constants")]
    pub pipe_storage_constants: bool,
    /// FP contraction: `on` (ContractionOff on kernels of modules without
    /// `!opencl.enable.FP_CONTRACT` or reaching inline assembly, the default), `off`
    /// (ContractionOff on every kernel) or `fast` (on none), as llvm-spirv's option.
    #[arg(long = "spirv-fp-contract", value_name = "MODE")]
    pub fp_contract: Option<String>,
    /// `llvm.fmuladd` as OpenCL.std `mad` (`true`) or as OpFMul + OpFAdd (`false`);
    /// without the option it is OpenCL.std `fma`.
    #[arg(
        long = "spirv-replace-fmuladd-with-ocl-mad",
        value_name = "BOOL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true"
    )]
    pub replace_fmuladd: Option<bool>,
    /// LLVM math intrinsics with an OpenCL.std counterpart as OpenCL.std instructions
    /// (`true`, the default) or, where core SPIR-V can express them (`llvm.*.sat`), emulated
    /// in core instructions (`false`), as llvm-spirv's option.
    #[arg(
        long = "spirv-use-ocl-for-llvm-math-intrinsic",
        value_name = "BOOL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true",
        default_value = "true",
        action = clap::ArgAction::Set
    )]
    pub opencl_for_math_intrinsics: bool,
    /// Functions and globals whose LLVM linkage SPIR-V has no linkage type for (`weak`,
    /// `linkonce`, `common`, ...) get UserSemantic "linkage:<keyword>", as llvm-spirv's
    /// option writes them
    #[arg(
        long = "spirv-emit-linkage-user-semantic",
        value_name = "BOOL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true",
        default_value = "false",
        action = clap::ArgAction::Set
    )]
    pub emit_linkage_user_semantic: bool,
    /// With -r: UserSemantic "linkage:<keyword>" gives the function or global that LLVM
    /// linkage back (llvm-spirv's option; the decoration is then not kept otherwise)
    #[arg(
        long = "spirv-consume-linkage-user-semantic",
        value_name = "BOOL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true",
        default_value = "false",
        action = clap::ArgAction::Set
    )]
    pub consume_linkage_user_semantic: bool,
    /// With -r: image types named with their access qualifier (`opencl.image2d_wo_t`) in
    /// every target environment, as llvm-spirv's option names them
    #[arg(
        long = "spirv-gen-image-type-acc-postfix",
        value_name = "BOOL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true",
        default_value = "false",
        action = clap::ArgAction::Set
    )]
    pub gen_image_type_acc_postfix: bool,
    /// Promote function-local variables to SSA values (OpPhi) after translating, as
    /// llvm-spirv's `-spirv-mem2reg` runs LLVM's mem2reg before it.
    #[arg(
        long = "spirv-mem2reg",
        value_name = "BOOL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true",
        default_value = "false",
        action = clap::ArgAction::Set
    )]
    pub mem2reg: bool,
    /// Highest SPIR-V version the output may use (1.0 .. 1.6).
    #[arg(long = "spirv-max-version", value_name = "VERSION")]
    pub max_version: Option<String>,
    /// Print spirv-dis text instead of writing a binary.
    #[arg(long)]
    pub text: bool,
    /// Write llvm-spirv's own text format (`llvm-spirv -spirv-text`) instead of a binary;
    /// the default output then ends in `.spt`.
    #[arg(long = "spirv-text", conflicts_with = "text")]
    pub spirv_text: bool,
    /// The OpenCL environment the output is for, with llvm-spirv's names: `CL1.2` or `CL2.0`
    /// (the output must then be valid in that SPIR-V environment: SPIR-V 1.0 unless
    /// `--spirv-max-version` says otherwise, and only the capabilities that environment
    /// allows; a module that needs more is refused, naming what it needs), or `SPV-IR`
    /// (no environment restriction; llvm-spirv uses these names for its reverse direction).
    #[arg(long = "spirv-target-env", value_name = "ENV")]
    pub target_env: Option<String>,
    /// Reverse: SPIR-V → SPIR 1.2 LLVM bitcode (`.bc`; `.ll` with `--text`), as `llvm-spirv -r`.
    #[arg(short = 'r', long = "reverse")]
    pub reverse: bool,
    /// With `-r`: specialization constant values, `"ID:TYPE:VALUE ..."` (llvm-spirv's syntax).
    #[arg(long = "spec-const", value_name = "LIST")]
    pub spec_const: Option<String>,
    /// With `-r --spirv-target-env=SPV-IR`: built-in variables as `function` calls
    /// (`__spirv_BuiltIn<Name>(dim)`, the default) or as `global` variables
    /// (`@__spirv_BuiltIn<Name>` in address space 7), as llvm-spirv's option of that name.
    #[arg(
        long = "spirv-builtin-format",
        value_enum,
        value_name = "FORMAT",
        requires = "reverse"
    )]
    pub builtin_format: Option<BuiltinFormat>,
    /// How problems are printed: human (standard error), json lines or a SARIF log
    /// (standard output).
    #[arg(long, value_enum, default_value = "human")]
    pub diagnostics_format: crate::diagnostics::Format,
}

/// `--spirv-builtin-format`: how SPIR-V friendly IR spells built-in variables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BuiltinFormat {
    Function,
    Global,
}

/// Why one input failed.
enum Failure {
    /// Reading or writing a file, or LLVM input that does not parse.
    Io(anyhow::Error),
    Translate(spirvkit_spir::TranslateError),
    /// The output breaks the rules of the `--spirv-target-env` environment.
    Invalid {
        env: spirvkit_val::TargetEnv,
        words: Vec<u32>,
        findings: Vec<super::val::Finding>,
    },
}

impl Failure {
    fn human(&self, input: &Path) -> String {
        match self {
            Failure::Io(e) => format!("{e:#}"),
            Failure::Translate(e) => format!("{}: {e}", input.display()),
            Failure::Invalid { env, findings, .. } => {
                let first = findings
                    .first()
                    .map_or_else(String::new, |f| f.diagnostic.to_string());
                format!(
                    "{}: the translated module is not valid in the {env} SPIR-V environment \
                     ({} problem(s)); first: {first}",
                    input.display(),
                    findings.len()
                )
            }
        }
    }

    fn reports(&self, input: &Path) -> Vec<Report> {
        let name = input.display().to_string();
        match self {
            Failure::Io(e) => {
                let code = match e.downcast_ref::<spirvkit_llvm::LlvmError>() {
                    Some(l) => code_of("llvm", l),
                    None => "io.error".to_owned(),
                };
                let mut r = Report::error(code, format!("{e:#}"), &name);
                if let Some(spirvkit_llvm::LlvmError::Text { line, col, .. }) =
                    e.downcast_ref::<spirvkit_llvm::LlvmError>()
                {
                    r = r.line_column(*line as usize, *col as usize);
                }
                vec![r]
            }
            Failure::Translate(e) => {
                vec![Report::error(code_of("translate", e), e.to_string(), &name)]
            }
            Failure::Invalid {
                words, findings, ..
            } => crate::diagnostics::from_findings(&name, words, findings),
        }
    }
}

/// `--spirv-target-env`: the validator environment the output must satisfy, if any.
fn target_env(name: &str) -> anyhow::Result<Option<spirvkit_val::TargetEnv>> {
    let env = match name {
        "CL1.2" => "opencl1.2",
        "CL2.0" => "opencl2.0",
        "SPV-IR" => return Ok(None),
        other => bail!("--spirv-target-env must be CL1.2, CL2.0 or SPV-IR, not {other}"),
    };
    Ok(Some(env.parse().map_err(|e| anyhow::anyhow!("{e}"))?))
}

fn parse_version(v: &str) -> anyhow::Result<u32> {
    let (major, minor) = v.split_once('.').unwrap_or((v, "0"));
    let (major, minor): (u32, u32) = (major.parse()?, minor.parse()?);
    if major != 1 || minor > 6 {
        bail!("--spirv-max-version must be 1.0 .. 1.6, not {v}");
    }
    Ok((major << 16) | (minor << 8))
}

/// `--spirv-debug-info-version`: llvm-spirv's `ocl-100`, `nonsemantic-shader-100`,
/// `nonsemantic-shader-200`, `nonsemantic-kernel-100` and `legacy`, and `none` to drop
/// debug info.
fn debug_info_format(v: &str) -> anyhow::Result<spirvkit_spir::DebugInfoFormat> {
    use spirvkit_spir::DebugInfoFormat as F;
    Ok(match v {
        "ocl-100" => F::OpenClDebugInfo100,
        "nonsemantic-shader-100" => F::NonSemanticShader100,
        "nonsemantic-shader-200" => F::NonSemanticShader200,
        "nonsemantic-kernel-100" => F::NonSemanticKernel100,
        "legacy" => F::Legacy,
        "none" => F::None,
        _ => bail!(
            "--spirv-debug-info-version must be ocl-100, nonsemantic-shader-100, \
             nonsemantic-shader-200, nonsemantic-kernel-100, legacy or none, not {v}"
        ),
    })
}

/// Whether an llvm-spirv `--spirv-ext` list ends with `extension` disabled (`-NAME`, or
/// `-all` not followed by `+NAME`/`+all`).
fn extension_disabled(list: Option<&str>, extension: &str) -> bool {
    let mut disabled = false;
    for item in list.unwrap_or("").split(',').map(str::trim) {
        match item.split_at_checked(1) {
            Some(("-", name)) if name == extension || name == "all" => disabled = true,
            Some(("+", name)) if name == extension || name == "all" => disabled = false,
            _ => {}
        }
    }
    disabled
}

fn default_output(input: &Path, spirv_text: bool) -> PathBuf {
    input.with_extension(if spirv_text { "spt" } else { "spv" })
}

/// How a translation is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OutputForm {
    Binary,
    /// spirv-dis text (`--text`).
    Disassembly,
    /// llvm-spirv's text format (`--spirv-text`).
    LlvmSpirvText,
}

fn translate_one(
    input: &Path,
    output: &Path,
    options: &spirvkit_spir::TranslateOptions,
    form: OutputForm,
    env: Option<spirvkit_val::TargetEnv>,
    mem2reg: bool,
) -> Result<(), Failure> {
    let module = read_llvm(input).map_err(Failure::Io)?;
    // Functions are encoded on a second thread while the rest is translated.
    let words = spirvkit_spir::translate_to_words(&module, options).map_err(Failure::Translate)?;
    let words = if mem2reg {
        promote_to_ssa(&words).map_err(|e| {
            Failure::Io(anyhow::anyhow!("{}: --spirv-mem2reg: {e}", input.display()))
        })?
    } else {
        words
    };
    // Freeing the LLVM module takes a noticeable share of a big translation: another
    // thread does it while the output is written.
    rayon::spawn(move || drop(module));
    if let Some(env) = env {
        let findings = super::val::findings(&words, &spirvkit_val::ValidatorOptions::new(env));
        if !findings.is_empty() {
            return Err(Failure::Invalid {
                env,
                words,
                findings,
            });
        }
    }
    let written = if form == OutputForm::LlvmSpirvText {
        spirvkit_text::llvm_text::write(&words)
            .map_err(|e| anyhow::anyhow!("{}: writing llvm-spirv text: {e}", input.display()))
            .and_then(|text| crate::input::write_output(output, |w| w.write_all(&text)))
    } else if form == OutputForm::Disassembly {
        spirvkit_text::disassemble(&words, &spirvkit_text::DisassembleOptions::default())
            .map_err(|e| anyhow::anyhow!("{}: disassembling the output: {e}", input.display()))
            .and_then(|dis| {
                crate::input::write_output(output, |w| {
                    w.write_all(dis.as_bytes())?;
                    w.flush()
                })
            })
    } else {
        crate::input::write_output(output, |w| {
            spirvkit_core::binary::write_words_le([words.as_slice()], w)
        })
    };
    written.map_err(Failure::Io)
}

/// `--spirv-mem2reg`: the function-local variables of the translated module promoted to SSA
/// values. llvm-spirv runs LLVM's mem2reg on its input; spirvkit runs the optimizer's
/// SSA rewrite (spirv-opt's `--ssa-rewrite`, after `--retype-local-variables` so that
/// variables reached through pointer casts qualify) on its output, which removes the same
/// allocas: those only loaded and stored whole.
fn promote_to_ssa(words: &[u32]) -> anyhow::Result<Vec<u32>> {
    let words = without_lifetime_markers(words);
    let mut optimizer = spirvkit_opt::Optimizer::new(spirvkit_opt::TargetEnv::Universal);
    // The translator's output is valid already: validating it again costs time only.
    optimizer.skip_validation = true;
    for flag in ["retype-local-variables", "ssa-rewrite"] {
        let pass = spirvkit_opt::pass_from_flag(flag, None).map_err(|e| anyhow::anyhow!("{e}"))?;
        optimizer.register_pass(pass);
    }
    optimizer.run(&words).map_err(|e| anyhow::anyhow!("{e}"))
}

/// The module without its OpLifetimeStart/OpLifetimeStop: LLVM's mem2reg deletes the markers
/// of the allocas it promotes, while the SSA rewrite would keep every marked variable in
/// memory (markers are hints only).
fn without_lifetime_markers(words: &[u32]) -> Vec<u32> {
    const HEADER: usize = 5;
    let markers = [
        u32::from(spirvkit_grammar::Op::LifetimeStart.0),
        u32::from(spirvkit_grammar::Op::LifetimeStop.0),
    ];
    let mut out = words[..HEADER.min(words.len())].to_vec();
    let mut rest = words.get(HEADER..).unwrap_or_default();
    while let Some(&first) = rest.first() {
        let count = ((first >> 16) as usize).clamp(1, rest.len());
        let (inst, tail) = rest.split_at(count);
        if !markers.contains(&(first & 0xffff)) {
            out.extend_from_slice(inst);
        }
        rest = tail;
    }
    out
}

/// Reads LLVM input keeping the reader's typed error (for machine diagnostics).
fn read_llvm(path: &Path) -> anyhow::Result<spirvkit_llvm::Module> {
    let bytes = crate::input::map_or_read(path)?;
    let name = if path.as_os_str() == "-" {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    };
    Ok(spirvkit_llvm::read_bytes(&bytes, &name)?)
}

pub fn run(args: TranslateArgs) -> anyhow::Result<()> {
    if args.reverse {
        return super::translate_reverse::run(&args);
    }
    let mut options = spirvkit_spir::TranslateOptions::default();
    if let Some(v) = &args.max_version {
        options.max_version = parse_version(v)?;
    }
    if let Some(list) = &args.spirv_ext {
        options.apply_extension_list(list)?;
    }
    if let Some(prefixes) = &args.allow_unknown_intrinsics {
        options.allow_unknown_intrinsics(prefixes.as_deref());
    }
    options.emit_function_ptr_addr_space = args.emit_function_ptr_addr_space;
    if let Some(v) = &args.debug_info_version {
        options.debug_info = debug_info_format(v)?;
    }
    options.allow_extra_di_expressions = args.allow_extra_diexpressions;
    options.pipe_storage_constants = args.pipe_storage_constants;
    if args.preserve_auxdata {
        options.preserve_aux_data = true;
        // As llvm-spirv: the option allows SPV_KHR_non_semantic_info unless --spirv-ext
        // disables it by name or with -all.
        const NON_SEMANTIC: &str = "SPV_KHR_non_semantic_info";
        if !extension_disabled(args.spirv_ext.as_deref(), NON_SEMANTIC) {
            options.apply_extension_list(&format!("+{NON_SEMANTIC}"))?;
        }
    }
    if let Some(mode) = &args.fp_contract {
        options.fp_contract = match mode.as_str() {
            "on" => spirvkit_spir::FpContract::On,
            "off" => spirvkit_spir::FpContract::Off,
            "fast" => spirvkit_spir::FpContract::Fast,
            other => bail!("--spirv-fp-contract must be on, off or fast, not {other}"),
        };
    }
    options.opencl_for_math_intrinsics = args.opencl_for_math_intrinsics;
    options.linkage_user_semantic = args.emit_linkage_user_semantic;
    if let Some(mad) = args.replace_fmuladd {
        options.fmuladd = if mad {
            spirvkit_spir::FmulAdd::Mad
        } else {
            spirvkit_spir::FmulAdd::Split
        };
    }
    let env = match &args.target_env {
        Some(name) => target_env(name)?,
        None => None,
    };
    if env.is_some() && args.max_version.is_none() {
        // The OpenCL environments consume SPIR-V 1.0 (OpenCL 2.1/cl_khr_il_program).
        options.max_version = 0x0001_0000;
    }
    if args.output.is_some() && args.inputs.len() > 1 {
        bail!("-o takes a single input; with several inputs each output goes next to its input");
    }
    let progress = crate::progress::Progress::new(args.inputs.len());
    let format = args.diagnostics_format;
    let form = if args.spirv_text {
        OutputForm::LlvmSpirvText
    } else if args.text {
        OutputForm::Disassembly
    } else {
        OutputForm::Binary
    };
    let failures: Vec<(&PathBuf, Failure)> = args
        .inputs
        .par_iter()
        .filter_map(|input| {
            let output = args
                .output
                .clone()
                .unwrap_or_else(|| default_output(input, args.spirv_text));
            let result = translate_one(input, &output, &options, form, env, args.mem2reg)
                .err()
                .map(|e| (input, e));
            progress.tick();
            result
        })
        .collect();
    progress.finish();
    if format != Format::Human {
        let reports: Vec<Report> = failures.iter().flat_map(|(i, f)| f.reports(i)).collect();
        crate::diagnostics::emit(format, &reports);
        if !reports.is_empty() {
            std::process::exit(1);
        }
        return Ok(());
    }
    let errors: Vec<String> = failures.iter().map(|(i, f)| f.human(i)).collect();
    if errors.is_empty() {
        return Ok(());
    }
    for e in &errors[..errors.len() - 1] {
        eprintln!("spirvkit: {e}");
    }
    bail!("{}", errors[errors.len() - 1])
}

/// `translate` from already-split arguments (the llvm-spirv drop-in hands its options over).
pub fn run_from(args: &[String]) -> anyhow::Result<()> {
    #[derive(clap::Parser)]
    #[command(no_binary_name = true)]
    struct Own {
        #[command(flatten)]
        translate: TranslateArgs,
    }
    use clap::Parser;
    let own = Own::try_parse_from(args).map_err(|e| anyhow::anyhow!("{e}"))?;
    run(own.translate)
}
