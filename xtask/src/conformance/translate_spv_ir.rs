//! SPIR-V friendly IR round trip: every corpus bitcode translated forward, read back as
//! llvm-spirv's SPV-IR (`-r --spirv-target-env=SPV-IR`, opaque-pointer bitcode; every other
//! file with `--spirv-builtin-format=global`, the form DPC++'s linker wrapper asks for), checked
//! by LLVM 22's verifier, then translated forward again from that bitcode and judged by
//! spirv-val. It exercises the reverse translator's SPV-IR and the forward translator's
//! SPV-IR reader against each other on real kernels (images, samplers, built-in variables,
//! relationals). CI checks every 4th file; `--full` checks all.

use super::llvm::Scratch;
use super::{Context, SectionReport};
use spirvkit_spir::reverse::{ReverseOptions, TargetEnv};
use std::path::Path;
use std::process::Command;

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let scratch = Scratch::new("spv-ir")?;
    let (total, failures) = super::llvm::corpus_bitcode_cases(ctx, &scratch, 4, |i, file, base| {
        case(ctx, file, base, i % 2 == 1)
    });
    Ok(SectionReport {
        name: "SPV-IR round trip: SPIR-V → SPV-IR bitcode (opt-22 verifies) → SPIR-V (spirv-val)",
        lines: vec![format!(
            "{} of {} corpus .bc32/.bc64 round-tripped through SPV-IR and valid{}",
            total - failures.len(),
            total,
            if ctx.full {
                ""
            } else {
                " (every 4th; --full for all)"
            }
        )],
        failures,
    })
}

fn case(ctx: &Context, path: &Path, base: &Path, builtin_globals: bool) -> Result<(), String> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let module = spirvkit_llvm::read_bitcode(&bytes, &name).map_err(|e| e.to_string())?;
    let options = spirvkit_spir::TranslateOptions::default();
    let words = spirvkit_spir::translate_to_words(&module, &options)
        .map_err(|e| format!("forward: {e}"))?;
    let reverse = ReverseOptions {
        target: TargetEnv::SpvIr,
        builtin_globals,
        ..Default::default()
    };
    let spv_ir = spirvkit_spir::reverse::reverse_words(&words, &reverse)
        .map_err(|e| format!("reverse to SPV-IR: {e}"))?;
    let bitcode = spirvkit_llvm::write_bitcode_opaque(&spv_ir, &name)
        .map_err(|e| format!("writing SPV-IR bitcode: {e}"))?;
    let bc = base.with_extension("bc");
    std::fs::write(&bc, &bitcode).map_err(|e| e.to_string())?;
    let verified = Command::new("opt-22")
        .args(["-passes=verify", "-disable-output"])
        .arg(&bc)
        .output()
        .map_err(|e| format!("opt-22: {e}"))?;
    if !verified.status.success() {
        let first = String::from_utf8_lossy(&verified.stderr)
            .lines()
            .next()
            .unwrap_or("")
            .to_owned();
        return Err(format!("opt-22 rejects the SPV-IR: {first}"));
    }
    let again = spirvkit_llvm::read_bitcode(&bitcode, &name)
        .map_err(|e| format!("reading the SPV-IR back: {e}"))?;
    let spirv = spirvkit_spir::translate(&again, &options)
        .map_err(|e| format!("forward from SPV-IR: {e}"))?;
    let spv = base.with_extension("spv");
    std::fs::write(&spv, spirv.to_bytes()).map_err(|e| e.to_string())?;
    let judged = super::reference_validate(&ctx.tools, &spv, Some("spv1.6"))
        .map_err(|e| format!("spirv-val: {e}"));
    let _ = std::fs::remove_file(&bc);
    let _ = std::fs::remove_file(&spv);
    judged
}
