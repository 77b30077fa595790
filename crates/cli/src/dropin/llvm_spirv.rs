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
    ],
    single_dash_long: true,
};

/// Options spirvkit knows from llvm-spirv but does not implement: refused by name rather
/// than ignored, so a build never silently gets different output.
const NOT_IMPLEMENTED: &[&str] = &[
    "s",
    "spec-const",
    "spec-const-info",
    "spirv-mem2reg",
    "spirv-tools-dis",
];

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
  --spirv-debug-info-version=<ocl-100|nonsemantic-shader-100|nonsemantic-shader-200|legacy>
                                 Debug info instruction set (OpenCL.DebugInfo.100, the
                                 default; NonSemantic.Shader.DebugInfo.100/.200; SPIRV.debug)
  --spirv-target-env=<CL1.2|CL2.0|SPV-IR>
                                 Representation of SPIR-V instructions in LLVM IR (with -r)
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
    let mut own: Vec<String> = Vec::new();
    for a in args {
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
    let Some(input) = input else {
        return fail("Not enough positional command line arguments specified!\nMust specify at least 1 positional argument: See: llvm-spirv --help");
    };
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
        let reversed =
            crate::cmd::translate_reverse::reverse_file(&input, &output, target_env.as_deref());
        return match reversed {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(format!("{e:#}")),
        };
    }
    // Forward: spirvkit's `translate` spells these options the same way. llvm-spirv's
    // --spirv-target-env only concerns the reverse direction, so it is not passed on.
    own.push("-o".to_owned());
    own.push(output);
    own.push(input);
    match crate::cmd::translate::run_from(&own) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(format!("{e:#}")),
    }
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
