//! SPIR 1.2 → SPIR-V: every corpus bitcode translates, and spirv-val accepts the output (the
//! universal environment, and `--target-env opencl1.2` for 1.0 modules whose capabilities an
//! OpenCL 1.2 full profile allows).

use super::{files, Context, SectionReport};
use rayon::prelude::*;
use std::path::Path;

enum Outcome {
    Valid { opencl12_checked: bool },
    TranslateError(String),
    Invalid(String),
}

/// OpenCL 1.2 full profile: no Generic pointers, no device enqueue, no pipes, no SPIR-V > 1.0.
fn opencl12_compatible(module: &spirvkit_core::Module) -> bool {
    use spirvkit_grammar::{Capability, Op};
    let allowed = [
        Capability::Addresses,
        Capability::Float16Buffer,
        Capability::Int16,
        Capability::Int8,
        Capability::Kernel,
        Capability::Linkage,
        Capability::Vector16,
        Capability::Float64,
        Capability::Int64,
        Capability::ImageBasic,
        Capability::LiteralSampler,
        Capability::Sampled1D,
        Capability::Image1D,
        Capability::SampledBuffer,
        Capability::ImageBuffer,
        Capability::Float16,
    ];
    module.header.version == 0x0001_0000
        && module
            .section(spirvkit_core::module::Section::Capability)
            .all(|i| {
                i.opcode == Op::Capability
                    && i.operands
                        .first()
                        .and_then(spirvkit_core::Operand::word)
                        .is_some_and(|c| allowed.iter().any(|a| a.0 == c))
            })
}

fn check(ctx: &Context, input: &Path, scratch: &Path) -> Outcome {
    let module = match spirvkit_llvm::read_file(input) {
        Ok(m) => m,
        Err(e) => return Outcome::TranslateError(format!("reading: {e}")),
    };
    let spirv = match spirvkit_spir::translate(&module, &spirvkit_spir::TranslateOptions::default())
    {
        Ok(s) => s,
        Err(e) => return Outcome::TranslateError(e.to_string()),
    };
    let name = input.file_name().and_then(|n| n.to_str()).unwrap_or("x");
    let out = scratch.join(format!("{name}.spv"));
    if let Err(e) = std::fs::write(&out, spirv.to_bytes()) {
        return Outcome::Invalid(format!("writing {}: {e}", out.display()));
    }
    if let Err(e) = super::reference_validate(&ctx.tools, &out, Some("spv1.6")) {
        return Outcome::Invalid(format!("spirv-val (universal): {e}"));
    }
    let opencl12 = opencl12_compatible(&spirv);
    if opencl12 {
        if let Err(e) = super::reference_validate(&ctx.tools, &out, Some("opencl1.2")) {
            return Outcome::Invalid(format!("spirv-val --target-env opencl1.2: {e}"));
        }
    }
    let _ = std::fs::remove_file(&out);
    Outcome::Valid {
        opencl12_checked: opencl12,
    }
}

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let inputs = files(&ctx.corpus.join("spir12"), &["bc32", "bc64"]);
    let scratch = std::env::temp_dir().join(format!("spirvkit-translate-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let outcomes: Vec<(String, Outcome)> = inputs
        .par_iter()
        .map(|p| (p.display().to_string(), check(ctx, p, &scratch)))
        .collect();
    let _ = std::fs::remove_dir_all(&scratch);
    let mut valid = 0;
    let mut opencl12 = 0;
    let mut failures = Vec::new();
    let mut translate_errors = 0;
    for (path, outcome) in outcomes {
        match outcome {
            Outcome::Valid { opencl12_checked } => {
                valid += 1;
                opencl12 += usize::from(opencl12_checked);
            }
            Outcome::TranslateError(e) => {
                translate_errors += 1;
                failures.push(format!("{path}: translation failed: {e}"));
            }
            Outcome::Invalid(e) => failures.push(format!("{path}: {e}")),
        }
    }
    let total = inputs.len();
    let lines = vec![
        format!(
            "spir12 bitcode: {valid}/{total} translated and valid ({:.2}%); {translate_errors} refused with an error",
            100.0 * valid as f64 / total.max(1) as f64
        ),
        format!("of the valid ones, {opencl12} also checked with --target-env opencl1.2"),
    ];
    Ok(SectionReport {
        name: "SPIR 1.2 → SPIR-V translation",
        lines,
        failures,
    })
}
