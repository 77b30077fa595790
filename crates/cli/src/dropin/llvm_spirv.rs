//! `llvm-spirv`: LLVM IR → SPIR-V (default output: the input with `.spv`), and `-r` for the
//! reverse direction (SPIR-V → SPIR 1.2 bitcode, `spirvkit translate -r`). Options follow LLVM's syntax: one or two dashes,
//! `-opt=value` or `-opt value`.

use super::args::{scan, Arg, Spec};
use std::process::ExitCode;

const SPEC: Spec = Spec {
    valued: &[
        "o",
        "spirv-ext",
        "spirv-max-version",
        "spirv-target-env",
        "spirv-debug-info-version",
        "spec-const",
        "spirv-fp-contract",
        "spirv-builtin-format",
        "ffp-contract",
    ],
    flags: &[
        "h",
        "help",
        "help-list",
        "version",
        "r",
        "s",
        "spirv-text",
        "to-text",
        "to-binary",
        "spec-const-info",
        "spirv-mem2reg",
        "spirv-tools-dis",
        "spirv-allow-unknown-intrinsics",
        "spirv-emit-function-ptr-addr-space",
        "spirv-preserve-auxdata",
        "spirv-replace-fmuladd-with-ocl-mad",
        "spirv-use-ocl-for-llvm-math-intrinsic",
        "spirv-allow-extra-diexpressions",
        "preserve-ocl-kernel-arg-type-metadata-through-string",
        "opaque-pointers",
        "emit-opaque-pointers",
        "spirv-gen-kernel-arg-name-md",
        "spirv-use-llvm-backend-target",
        "spirv-emit-linkage-user-semantic",
        "spirv-consume-linkage-user-semantic",
        "spirv-gen-image-type-acc-postfix",
    ],
    single_dash_long: true,
    optional_value: OPTIONAL_VALUE,
};

/// Options spirvkit knows from llvm-spirv but does not implement: refused by name rather
/// than ignored, so a build never silently gets different output.
const NOT_IMPLEMENTED: &[&str] = &["s"];

/// Flags that may carry a value after `=`: the booleans, and the intrinsic prefixes of
/// `-spirv-allow-unknown-intrinsics[=prefix,...]` (LLVM's `cl::ValueOptional`).
const OPTIONAL_VALUE: &[&str] = &{
    let mut all = [""; BOOLEAN.len() + 3];
    let mut i = 0;
    while i < BOOLEAN.len() {
        all[i] = BOOLEAN[i];
        i += 1;
    }
    all[i] = "spirv-allow-unknown-intrinsics";
    all[i + 1] = "spirv-replace-fmuladd-with-ocl-mad";
    all[i + 2] = "spirv-use-ocl-for-llvm-math-intrinsic";
    all
};

/// llvm-spirv's boolean options (LLVM `cl::opt<bool>`): `-opt`, `-opt=true`, `-opt=false`.
/// Their value is checked and a false one leaves the option off.
const BOOLEAN: &[&str] = &[
    "spirv-mem2reg",
    "spirv-tools-dis",
    "spirv-emit-function-ptr-addr-space",
    "spirv-preserve-auxdata",
    "spirv-allow-extra-diexpressions",
    "preserve-ocl-kernel-arg-type-metadata-through-string",
    "opaque-pointers",
    "emit-opaque-pointers",
    "spirv-gen-kernel-arg-name-md",
    "spirv-use-llvm-backend-target",
    "spirv-emit-linkage-user-semantic",
    "spirv-consume-linkage-user-semantic",
    "spirv-gen-image-type-acc-postfix",
    "spirv-text",
    "to-text",
    "to-binary",
    "spec-const-info",
    "r",
];

/// LLVM's spellings of a boolean option's value.
fn boolean(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value {
        None | Some("true" | "TRUE" | "True" | "1") => Ok(true),
        Some("false" | "FALSE" | "False" | "0") => Ok(false),
        Some(other) => Err(format!(
            "for the -{name} option: '{other}' is invalid value for boolean argument! Try 0 or 1"
        )),
    }
}

const HELP: &str = "OVERVIEW: LLVM/SPIR-V translator (spirvkit)
USAGE: llvm-spirv [options] <input file>

OPTIONS:
  -o <filename>                  Override output filename ('-': standard output)
  -r                             Reverse translation (SPIR-V to LLVM); the input may be
                                 llvm-spirv text (.spt)
  -spirv-text                    Write llvm-spirv's SPIR-V text format instead of a binary
  -to-text                       Convert a SPIR-V binary to llvm-spirv's text format (.spt)
  -to-binary                     Convert llvm-spirv's text format to a SPIR-V binary
  --spirv-ext=<+EXT,-EXT,...>    Specify list of allowed/disallowed extensions (+all, -all)
  --spirv-max-version=<1.0..1.6> Choose maximum SPIR-V version which can be emitted
  --spirv-allow-unknown-intrinsics[=<prefix,...>]
                                 Call unknown LLVM intrinsics (with these name prefixes)
                                 as external functions instead of refusing them
  -spirv-emit-function-ptr-addr-space
                                 Function pointers in address space 9 get the
                                 CodeSectionINTEL storage class (SPV_INTEL_function_pointers)
  --spirv-debug-info-version=<ocl-100|nonsemantic-shader-100|nonsemantic-shader-200|nonsemantic-kernel-100|legacy>
                                 Debug info instruction set (OpenCL.DebugInfo.100, the
                                 default; NonSemantic.Shader.DebugInfo.100/.200;
                                 NonSemantic.Kernel.DebugInfo.100; SPIRV.debug)
  --spirv-target-env=<CL1.2|CL2.0|SPV-IR>
                                 Representation of SPIR-V instructions in LLVM IR (with -r)
  --spirv-preserve-auxdata       Keep function/global attributes and metadata as
                                 NonSemantic.AuxData instructions (SPV_KHR_non_semantic_info
                                 unless SPIR-V 1.6 is allowed); with -r, restore them
  --spirv-fp-contract=<on|off|fast>
                                 ContractionOff: as the module asks (on), on every kernel
                                 (off) or on none (fast)
  --spirv-replace-fmuladd-with-ocl-mad=<true|false>
                                 llvm.fmuladd as OpenCL.std mad (true) or OpFMul + OpFAdd
                                 (false); without the option spirvkit writes OpenCL.std fma
  --spirv-use-ocl-for-llvm-math-intrinsic=<true|false>
                                 LLVM math intrinsics as OpenCL.std instructions (true, the
                                 default) or, where core SPIR-V can, emulated (false)
  -spirv-mem2reg                 Promote function-local variables to SSA values
  --spirv-tools-dis              Write the output as SPIRV-Tools' disassembly (spirvkit's)
  -spec-const '<id:type:value> ...'
                                 With -r: specialize constants (types i1..i64, f16..f64)
  -spec-const-info               List the specialization constants of a SPIR-V input
  --spirv-builtin-format=function|global
                                 With -r --spirv-target-env=SPV-IR: built-in variables as
                                 __spirv_BuiltIn* calls (default) or globals in addrspace(7)
  -opaque-pointers, -emit-opaque-pointers
                                 LLVM's opaque pointers (read either way; with -r, written)
  --spirv-allow-extra-diexpressions
                                 Keep DWARF operations past DW_OP_LLVM_fragment in
                                 NonSemantic.Shader.DebugInfo.100 (always kept in .200 and
                                 nonsemantic-kernel-100; OpenCL.DebugInfo.100 cannot hold
                                 them: such an expression's record is left out)
  -preserve-ocl-kernel-arg-type-metadata-through-string
                                 Accepted: spirvkit always keeps kernel_arg_type in an OpString
  -spirv-gen-kernel-arg-name-md  Accepted: -r always writes !kernel_arg_name (from OpName)
  --spirv-use-llvm-backend-target
                                 Accepted: spirvkit translates with its own translator, as
                                 llvm-spirv does when LLVM has no SPIR-V back end
  --spirv-emit-linkage-user-semantic
                                 LLVM linkages SPIR-V cannot express (weak, linkonce,
                                 common, ...) as UserSemantic linkage:<linkage>
  --spirv-consume-linkage-user-semantic
                                 With -r: restore those linkages from the UserSemantic
  -spirv-gen-image-type-acc-postfix
                                 With -r: name image types with their access qualifier
                                 (opencl.image2d_wo_t) in every target environment
  --help, --version
Options take one or two dashes, and their value after '=' or as the next argument.
";

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("llvm-spirv: {message}");
    ExitCode::from(1)
}

pub fn main(argv: &[String]) -> ExitCode {
    let args = match scan(&SPEC, argv) {
        Ok(a) => a,
        Err(e) => {
            let arg = e.0.strip_prefix("Unknown flag ").unwrap_or(&e.0);
            return fail(format!(
                "Unknown command line argument '{arg}'.  Try: 'llvm-spirv --help'"
            ));
        }
    };
    let mut input: Option<String> = None;
    let mut output: Option<String> = None;
    let mut reverse = false;
    let mut convert: Option<Form> = None;
    let mut spirv_text = false;
    let mut target_env: Option<String> = None;
    let mut spec_const: Option<String> = None;
    let mut spec_const_info = false;
    let mut tools_dis = false;
    let mut opaque_pointers = false;
    let mut preserve_auxdata = false;
    let mut consume_linkage = false;
    let mut image_access_postfix = false;
    let mut builtin_format: Option<String> = None;
    let mut ext_lists: Vec<String> = Vec::new();
    let mut own: Vec<String> = Vec::new();
    for a in args {
        let a = match a {
            Arg::Opt(name, value) if BOOLEAN.contains(&name) => {
                match boolean(name, value.as_deref()) {
                    Ok(true) => Arg::Opt(name, None),
                    Ok(false) => continue,
                    Err(e) => return fail(e),
                }
            }
            other => other,
        };
        match a {
            Arg::Opt("h" | "help" | "help-list", _) => {
                print!("{HELP}");
                return ExitCode::SUCCESS;
            }
            Arg::Opt("version", _) => {
                println!("spirvkit {} (llvm-spirv)", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            Arg::Opt(name, _) if NOT_IMPLEMENTED.contains(&name) => {
                return fail(format!("-{name} is not supported by spirvkit"));
            }
            Arg::Opt("o", v) => output = v,
            Arg::Opt("r", _) => reverse = true,
            Arg::Opt("to-text", _) => convert = Some(Form::Text),
            Arg::Opt("to-binary", _) => convert = Some(Form::Binary),
            Arg::Opt("spirv-text", _) => {
                spirv_text = true;
                own.push("--spirv-text".to_owned());
            }
            Arg::Opt("spirv-target-env", v) => target_env = v,
            Arg::Opt("spirv-replace-fmuladd-with-ocl-mad", v) => {
                match boolean("spirv-replace-fmuladd-with-ocl-mad", v.as_deref()) {
                    Ok(mad) => own.push(format!("--spirv-replace-fmuladd-with-ocl-mad={mad}")),
                    Err(e) => return fail(e),
                }
            }
            Arg::Opt("spirv-use-ocl-for-llvm-math-intrinsic", v) => {
                match boolean("spirv-use-ocl-for-llvm-math-intrinsic", v.as_deref()) {
                    Ok(ocl) => own.push(format!("--spirv-use-ocl-for-llvm-math-intrinsic={ocl}")),
                    Err(e) => return fail(e),
                }
            }
            // LLVM's `cl::list`: every occurrence adds to the list.
            Arg::Opt("spirv-ext", Some(v)) => ext_lists.push(v),
            Arg::Opt("spec-const", v) => spec_const = v,
            Arg::Opt("spec-const-info", _) => spec_const_info = true,
            Arg::Opt("spirv-tools-dis", _) => tools_dis = true,
            Arg::Opt("opaque-pointers" | "emit-opaque-pointers", _) => opaque_pointers = true,
            Arg::Opt("spirv-builtin-format", v) => builtin_format = v,
            // clang's option, which llvm-spirv's ContractionON test passes and llvm-spirv
            // accepts: contraction in an already compiled module is what its operations and
            // `!opencl.enable.FP_CONTRACT` say (`--spirv-fp-contract` is the translator's).
            Arg::Opt("ffp-contract", _) => {}
            Arg::Opt("spirv-allow-extra-diexpressions", v) => {
                match boolean("spirv-allow-extra-diexpressions", v.as_deref()) {
                    Ok(true) => own.push("--spirv-allow-extra-diexpressions".to_owned()),
                    Ok(false) => {}
                    Err(e) => return fail(e),
                }
            }
            // Both are what spirvkit does anyway (see the help text).
            Arg::Opt(
                "preserve-ocl-kernel-arg-type-metadata-through-string"
                | "spirv-gen-kernel-arg-name-md",
                _,
            ) => {}
            // llvm-spirv hands the module to LLVM's SPIR-V back end when LLVM has one and
            // translates it itself when not (its tests of the option pass either way):
            // spirvkit is the translator in both cases.
            Arg::Opt("spirv-use-llvm-backend-target", _) => {}
            // A reverse-only option: llvm-spirv ignores it when translating forward.
            Arg::Opt("spirv-consume-linkage-user-semantic", _) => consume_linkage = true,
            Arg::Opt("spirv-gen-image-type-acc-postfix", _) => image_access_postfix = true,
            Arg::Opt("spirv-preserve-auxdata", _) => {
                preserve_auxdata = true;
                own.push("--spirv-preserve-auxdata".to_owned());
            }
            Arg::Opt(name, Some(v)) => own.push(format!("--{name}={v}")),
            Arg::Opt(name, None) => own.push(format!("--{name}")),
            Arg::Positional(p) => {
                if input.is_some() {
                    return fail(
                        "Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: llvm-spirv --help",
                    );
                }
                input = Some(p);
            }
        }
    }
    if spec_const_info {
        let Some(input) = input.as_deref() else {
            return fail("Not enough positional command line arguments specified!\nMust specify at least 1 positional argument: See: llvm-spirv --help");
        };
        return match spec_const_listing(input) {
            Ok(listing) => {
                print!("{listing}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(format!("{e:#}")),
        };
    }
    // llvm-spirv's input file defaults to `-` (standard input), as lit tests use it:
    // `llvm-as < %s | llvm-spirv -spirv-text -o %t`.
    let input = input.unwrap_or_else(|| "-".to_owned());
    let extension = match convert {
        Some(Form::Text) => "spt",
        Some(Form::Binary) => "spv",
        None if reverse => "bc",
        None if spirv_text => "spt",
        None => "spv",
    };
    let output = output.unwrap_or_else(|| {
        if input == "-" {
            "-".to_owned()
        } else {
            std::path::Path::new(&input)
                .with_extension(extension)
                .display()
                .to_string()
        }
    });
    if let Some(form) = convert {
        return match convert_spirv(&input, &output, form) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(format!("{e:#}")),
        };
    }
    if reverse {
        let builtin_globals = match builtin_format.as_deref() {
            None | Some("function") => false,
            Some("global") => true,
            Some(other) => {
                return fail(format!(
                    "for the --spirv-builtin-format option: Cannot find option named '{other}'!"
                ))
            }
        };
        let request = crate::cmd::translate_reverse::ReverseRequest {
            target_env: target_env.as_deref(),
            spec_const: spec_const.as_deref(),
            emit_opaque_pointers: opaque_pointers,
            preserve_aux_data: preserve_auxdata,
            builtin_globals,
            consume_linkage_user_semantic: consume_linkage,
            image_access_postfix,
        };
        let reversed = crate::cmd::translate_reverse::reverse_file(&input, &output, &request);
        return match reversed {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(format!("{e:#}")),
        };
    }
    // Forward: spirvkit's `translate` spells these options the same way. llvm-spirv's
    // --spirv-target-env, -spec-const and --spirv-builtin-format only concern the reverse
    // direction (llvm-spirv notes and ignores them), so they are not passed on.
    if !ext_lists.is_empty() {
        own.push(format!("--spirv-ext={}", ext_lists.join(",")));
    }
    // LLVM's `cl::opt` takes an option given twice (the last one wins; llvm-spirv's auxdata
    // tests repeat `--spirv-preserve-auxdata`), clap refuses it: a repeated identical option
    // is passed on once.
    let mut seen = std::collections::HashSet::new();
    own.retain(|o| seen.insert(o.clone()));
    if tools_dis {
        // SPIRV-Tools' disassembly instead of the binary or llvm-spirv's text.
        own.retain(|o| o != "--spirv-text");
        own.push("--text".to_owned());
    }
    own.push("-o".to_owned());
    own.push(output);
    own.push(input.clone());
    match crate::cmd::translate::run_from(&own) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let message = format!("{e:#}");
            if let Some(lines) = deprecated_extension_lines(&message, &input) {
                eprint!("{lines}");
            } else if let Some(lines) = requires_extension_lines(&message) {
                eprint!("{lines}");
            }
            fail(message)
        }
    }
}

/// llvm-spirv's own report of a construct that needs an extension which is not enabled
/// (its `SPIRVEC_RequiresExtension` diagnostic), for a refusal whose message names the
/// extension to enable (`--spirv-ext=+NAME`): scripts and tests written for llvm-spirv
/// match these lines. The bfloat type gets llvm-spirv's note about it.
fn requires_extension_lines(message: &str) -> Option<String> {
    const FLAG: &str = "--spirv-ext=+";
    let start = message.find(FLAG)? + FLAG.len();
    let name: String = message[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if name.is_empty() {
        return None;
    }
    let mut lines =
        "RequiresExtension: Feature requires the following SPIR-V extension:\n".to_owned();
    if name == "SPV_EXT_relaxed_printf_string_address_space" && message.contains("printf") {
        // llvm-spirv explains this one on the name's line (t14/021 matches it).
        lines.push_str(&format!(
            "{name} extension should be allowed to translate this module, because this LLVM \
             module contains the printf function with format string, whose address space is \
             not equal to 2 (constant).\n"
        ));
    } else {
        lines.push_str(&format!("{name}\n"));
    }
    if name == "SPV_KHR_bfloat16" && message.contains("type bfloat") {
        lines.push_str(
            "NOTE: LLVM module contains bfloat type, translation of which requires this \
             extension\n",
        );
    }
    Some(lines)
}

/// Extensions llvm-spirv refuses as deprecated (its `SPIRVEC_DeprecatedExtension`) rather
/// than as merely not enabled.
const DEPRECATED_EXTENSIONS: &[&str] = &["SPV_INTEL_hw_thread_queries"];

/// llvm-spirv's report of a construct that needs a deprecated extension (t10b/127 matches
/// it): the extension, llvm-spirv's request to report it, and the LLVM value refused — a
/// global's definition line as LLVM prints it, read back from `input`.
fn deprecated_extension_lines(message: &str, input: &str) -> Option<String> {
    const FLAG: &str = "--spirv-ext=+";
    let start = message.find(FLAG)? + FLAG.len();
    let name = DEPRECATED_EXTENSIONS
        .iter()
        .find(|n| message[start..].starts_with(**n))?;
    let mut lines = format!(
        "DeprecatedExtension: Feature requires the following deprecated SPIR-V extension:\n\
         {name}\n\
         Please report to https://github.com/intel/llvm in case if you see this error.\n"
    );
    if let Some(global) = refused_global_line(message, input) {
        lines.push_str("Ref LLVM Value:\n");
        lines.push_str(&global);
        lines.push('\n');
    }
    Some(lines)
}

/// The definition line of the global a refusal names (`global @NAME: ...`), as LLVM prints
/// it (opaque pointers), from the input module.
fn refused_global_line(message: &str, input: &str) -> Option<String> {
    let at = message.find("global @")? + "global ".len();
    let name: String = message[at..]
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != ':' && *c != ',')
        .collect();
    let bytes = std::fs::read(input).ok()?;
    let module = spirvkit_llvm::read_bytes(&bytes, input).ok()?;
    let text = module.to_ll(&spirvkit_llvm::WriteOptions::opaque());
    let prefix = format!("{name} =");
    text.lines()
        .find(|l| l.starts_with(&prefix))
        .map(str::to_owned)
}

/// The two forms `-to-text` and `-to-binary` convert between.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Binary,
    Text,
}

/// `-to-text` / `-to-binary`: an input already in the asked form is copied unchanged, as
/// llvm-spirv does.
fn convert_spirv(input: &str, output: &str, to: Form) -> anyhow::Result<()> {
    use spirvkit_text::llvm_text;
    let path = std::path::Path::new(input);
    let bytes = crate::input::map_or_read(path)?;
    let from = if llvm_text::is_llvm_spirv_text(&bytes) {
        Form::Text
    } else {
        Form::Binary
    };
    let out = std::path::Path::new(output);
    if from == to {
        return crate::input::write_output(out, |w| w.write_all(&bytes));
    }
    match to {
        Form::Text => {
            let (words, _) = spirvkit_core::words_from_bytes(&bytes)
                .map_err(|e| crate::input::decode_error(path, &e))?;
            let text = llvm_text::write(&words).map_err(|e| anyhow::anyhow!("{input}: {e}"))?;
            crate::input::write_output(out, |w| w.write_all(&text))
        }
        Form::Binary => {
            let words = llvm_text::read(&bytes).map_err(|e| anyhow::anyhow!("{input}:{e}"))?;
            crate::input::write_output(out, |w| {
                spirvkit_core::binary::write_words_le([words.as_slice()], w)
            })
        }
    }
}

/// `-spec-const-info`: llvm-spirv's listing of a SPIR-V module's scalar specialization
/// constants (those with a SpecId), in the order the module declares them.
fn spec_const_listing(input: &str) -> anyhow::Result<String> {
    use spirvkit_core::module::Section;
    use spirvkit_grammar::{Decoration, Op};
    let path = std::path::Path::new(input);
    let words = crate::input::read_spirv_words_or_llvm_text(path)?;
    let module = spirvkit_core::Module::from_words(&words)
        .map_err(|e| anyhow::anyhow!("Invalid SPIR-V binary: {input}: {e}"))?;
    let mut spec_ids = std::collections::HashMap::new();
    for inst in module.section(Section::Annotation) {
        if inst.opcode != Op::Decorate {
            continue;
        }
        if let [spirvkit_core::Operand::Id(target), spirvkit_core::Operand::Word(d), spirvkit_core::Operand::Word(id)] =
            inst.operands.as_slice()
        {
            if *d == Decoration::SpecId.0 {
                spec_ids.insert(*target, *id);
            }
        }
    }
    let mut types = std::collections::HashMap::new();
    let mut listed = Vec::new();
    for inst in module.section(Section::TypesAndGlobals) {
        let word = |n: usize| match inst.operands.get(n) {
            Some(spirvkit_core::Operand::Word(w)) => Some(*w),
            _ => None,
        };
        match inst.opcode {
            Op::TypeBool => {
                if let Some(id) = inst.result_id {
                    types.insert(id, ("i1".to_owned(), 1));
                }
            }
            Op::TypeInt | Op::TypeFloat => {
                if let (Some(id), Some(width)) = (inst.result_id, word(0)) {
                    let kind = if inst.opcode == Op::TypeInt { 'i' } else { 'f' };
                    types.insert(id, (format!("{kind}{width}"), width.div_ceil(8)));
                }
            }
            Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse => {
                let spec_id = inst.result_id.and_then(|id| spec_ids.get(&id));
                let ty = inst.result_type.and_then(|t| types.get(&t));
                if let (Some(spec_id), Some((name, size))) = (spec_id, ty) {
                    listed.push(format!(
                        "Spec const id = {spec_id}, size in bytes = {size}, type = {name}\n"
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(format!(
        "Number of scalar specialization constants in the module = {}\n{}",
        listed.len(),
        listed.concat()
    ))
}
