//! `rust-gpu-link [--target-env ENV] [-O|-Os|-O0] [--keep-debug] FILE.spv...`: runs rust-gpu's
//! post-link step (optimize with a message callback, then validate) on each module through
//! the `spirv-tools` API and writes `FILE.opt.spv`. Exit status 1 when any module fails.
#![forbid(unsafe_code)]

use spirv_tools::opt::{self, Optimizer};
use spirv_tools::val::{self, Validator};
use std::path::Path;
use std::process::ExitCode;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptLevel {
    No,
    Performance,
    Size,
}

/// What happened to one module.
#[derive(Debug, Default)]
pub struct Report {
    /// Messages the optimizer sent to the callback, with their level.
    pub messages: Vec<String>,
    /// The optimizer's error when it refused the module (rust-gpu then keeps it unoptimized).
    pub opt_error: Option<String>,
    /// The validator's verdict on the final module.
    pub val_error: Option<String>,
    pub words: Vec<u32>,
}

/// rust-gpu's `do_spirv_opt` followed by `do_spirv_val`.
pub fn post_link(env: &str, level: OptLevel, strip: bool, input: &[u32]) -> Report {
    let target_env = env.parse().ok();
    let val_options = val::ValidatorOptions::default();
    let mut report = Report::default();
    let words = if level != OptLevel::No || strip {
        let mut optimizer = opt::create(target_env);
        match level {
            OptLevel::No => {}
            OptLevel::Performance => {
                optimizer.register_performance_passes();
            }
            OptLevel::Size => {
                optimizer.register_size_passes();
            }
        }
        if strip {
            optimizer
                .register_pass(opt::Passes::EliminateDeadConstant)
                .register_pass(opt::Passes::StripDebugInfo);
        }
        let options = opt::Options {
            validator_options: Some(val_options.clone()),
            ..Default::default()
        };
        let messages = &mut report.messages;
        let result = optimizer.optimize(
            input,
            &mut |msg: spirv_tools::error::Message| {
                messages.push(format!("{:?}: {}", msg.level, msg.message));
            },
            Some(options),
        );
        match result {
            Ok(spirv_tools::binary::Binary::OwnedU32(words)) => words,
            Ok(binary) => binary.as_words().to_vec(),
            Err(e) => {
                report.opt_error = Some(e.to_string());
                input.to_vec()
            }
        }
    } else {
        input.to_vec()
    };
    let validator = val::create(target_env);
    report.val_error = validator
        .validate(&words, Some(val_options))
        .err()
        .map(|e| e.to_string());
    report.words = words;
    report
}

fn main() -> ExitCode {
    let mut env = "vulkan1.1".to_string();
    let mut level = OptLevel::Performance;
    let mut strip = true;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--target-env" => match args.next() {
                Some(v) => env = v,
                None => {
                    eprintln!("rust-gpu-link: --target-env needs a value");
                    return ExitCode::from(2);
                }
            },
            "-O" => level = OptLevel::Performance,
            "-Os" => level = OptLevel::Size,
            "-O0" => level = OptLevel::No,
            "--keep-debug" => strip = false,
            _ => files.push(arg),
        }
    }
    if env.parse::<spirv_tools::TargetEnv>().is_err() {
        eprintln!("rust-gpu-link: unknown target environment '{env}'");
        return ExitCode::from(2);
    }
    let mut failed = false;
    for file in &files {
        let bytes = match std::fs::read(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{file}: {e}");
                failed = true;
                continue;
            }
        };
        let words = match spirv_tools::binary::Binary::try_from(bytes) {
            Ok(b) => b.as_words().to_vec(),
            Err(e) => {
                eprintln!("{file}: {e}");
                failed = true;
                continue;
            }
        };
        let report = post_link(&env, level, strip, &words);
        for m in &report.messages {
            eprintln!("{file}: {m}");
        }
        if let Some(e) = &report.opt_error {
            eprintln!("{file}: warning: {e}\n  note: spirv-opt failed, leaving as unoptimized");
        }
        if let Some(e) = &report.val_error {
            eprintln!("{file}: {e}\n  note: spirv-val failed");
            failed = true;
        }
        let out = Path::new(file).with_extension("opt.spv");
        if let Err(e) = std::fs::write(&out, spirv_tools::binary::from_binary(&report.words)) {
            eprintln!("{}: {e}", out.display());
            failed = true;
        } else {
            println!("{file}: {} -> {} words", words.len(), report.words.len());
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every module of the glslang Vulkan corpus: a module the validator accepts is optimized
    /// (-O and -Os, stripped) into one it still accepts; a module it rejects is refused by the
    /// optimizer too, with the reason sent to the callback.
    #[test]
    fn glslang_corpus_through_the_rust_gpu_flow() {
        let Some(corpus) = spirvkit_test_support::corpus_dir() else {
            return;
        };
        let files = spirvkit_test_support::files_with_extensions(
            &corpus.join("spv/glslang-vulkan"),
            &["spv"],
        );
        assert!(!files.is_empty());
        let validator = val::create(Some(spirv_tools::TargetEnv::Vulkan_1_1));
        let (mut optimized, mut refused) = (0, 0);
        let mut problems = Vec::new();
        for file in &files {
            let Ok(bytes) = std::fs::read(file) else {
                continue;
            };
            let Ok(binary) = spirv_tools::binary::Binary::try_from(bytes) else {
                continue;
            };
            let input = binary.as_words();
            let valid = validator.validate(input, None).is_ok();
            for level in [OptLevel::Performance, OptLevel::Size] {
                let r = post_link("vulkan1.1", level, true, input);
                match (valid, &r.opt_error, &r.val_error) {
                    (true, None, None) => optimized += 1,
                    (false, Some(_), Some(_)) if !r.messages.is_empty() => refused += 1,
                    _ => problems.push(format!(
                        "{} {level:?}: valid={valid} opt={:?} val={:?}",
                        file.display(),
                        r.opt_error,
                        r.val_error
                    )),
                }
            }
        }
        eprintln!(
            "{} modules: {optimized} optimized runs valid, {refused} invalid-input runs refused",
            files.len()
        );
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        assert!(optimized > 0);
    }
}
