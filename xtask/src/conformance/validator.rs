//! The validator against spirv-val 2025.5 (universal spv1.6 environment) on every corpus module:
//! glslang binaries and every spvasm file assembled by the reference assembler. Fails on any
//! false rejection (a module spirv-val accepts and spirvkit rejects) and when fewer than 90%
//! of the modules spirv-val rejects are rejected.

use super::{files, reference_assemble, Context, SectionReport};
use rayon::prelude::*;
use spirvkit_val::{validate, TargetEnv, ValidatorOptions};
use std::path::Path;

/// spirv-val's verdict on a binary (true: valid) and its first message line.
fn reference_validate(tools: &Path, path: &Path) -> anyhow::Result<(bool, String)> {
    let out = std::process::Command::new(tools.join("spirv-val"))
        .args(["--target-env", "spv1.6"])
        .arg(path)
        .output()?;
    let msg = String::from_utf8_lossy(&out.stderr)
        .lines()
        .chain(String::from_utf8_lossy(&out.stdout).lines())
        .next()
        .unwrap_or("")
        .to_string();
    Ok((out.status.success(), msg))
}

enum Outcome {
    BothAccept,
    BothReject,
    FalseReject(String),
    Missed(String),
}

fn compare(tools: &Path, path: &Path, bytes: &[u8], label: &str) -> anyhow::Result<Outcome> {
    let (ref_ok, ref_msg) = reference_validate(tools, path)?;
    let opts = ValidatorOptions::new(TargetEnv::Spv(6));
    let ours = match spirvkit_core::words_from_bytes(bytes) {
        Ok((words, _)) => validate(&words, &opts).map_err(|d| {
            d.first()
                .map(|d| format!("{}: {}", d.rule, d.message))
                .unwrap_or_default()
        }),
        Err(e) => Err(format!("binary.decode: {e}")),
    };
    Ok(match (ref_ok, ours) {
        (true, Ok(())) => Outcome::BothAccept,
        (false, Err(_)) => Outcome::BothReject,
        (true, Err(msg)) => Outcome::FalseReject(format!(
            "{label}: spirv-val accepts, spirvkit rejects: {msg}"
        )),
        (false, Ok(())) => Outcome::Missed(format!(
            "{label}: spirv-val rejects ({ref_msg}), spirvkit accepts"
        )),
    })
}

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let binaries = files(&ctx.corpus.join("spv"), &["spv"]);
    let sources = files(
        &ctx.corpus.join("spvasm"),
        &["spvasm", "spvasm32", "spvasm64"],
    );
    let mut outcomes: Vec<anyhow::Result<Outcome>> = binaries
        .par_iter()
        .map(|p| {
            let bytes = std::fs::read(p)?;
            compare(&ctx.tools, p, &bytes, &p.display().to_string())
        })
        .collect();
    outcomes.extend(
        sources
            .par_iter()
            .map(|p| -> anyhow::Result<Outcome> {
                let bytes = reference_assemble(&ctx.tools, p)?;
                let tmp = std::env::temp_dir().join(format!(
                    "spirvkit-val-{}-{}.spv",
                    std::process::id(),
                    p.file_name().and_then(|n| n.to_str()).unwrap_or("x")
                ));
                std::fs::write(&tmp, &bytes)?;
                let r = compare(&ctx.tools, &tmp, &bytes, &p.display().to_string());
                let _ = std::fs::remove_file(&tmp);
                r
            })
            .collect::<Vec<_>>(),
    );
    let (mut accept, mut reject) = (0usize, 0usize);
    let mut false_rejections = Vec::new();
    let mut missed = Vec::new();
    let mut errors = Vec::new();
    for o in outcomes {
        match o {
            Ok(Outcome::BothAccept) => accept += 1,
            Ok(Outcome::BothReject) => reject += 1,
            Ok(Outcome::FalseReject(m)) => false_rejections.push(m),
            Ok(Outcome::Missed(m)) => missed.push(m),
            Err(e) => errors.push(format!("{e:#}")),
        }
    }
    let rejected_by_reference = reject + missed.len();
    let caught = if rejected_by_reference == 0 {
        100.0
    } else {
        100.0 * reject as f64 / rejected_by_reference as f64
    };
    let mut lines = vec![
        format!("modules: {} glslang binaries + {} assembled spvasm", binaries.len(), sources.len()),
        format!("accepted by both: {accept} (false rejections: {})", false_rejections.len()),
        format!("rejected by both: {reject} of {rejected_by_reference} rejected by spirv-val ({caught:.1}% caught)"),
    ];
    lines.extend(missed.iter().take(10).map(|m| format!("missed: {m}")));
    let mut failures = false_rejections;
    failures.extend(errors);
    if caught < 90.0 {
        failures.push(format!(
            "only {caught:.1}% of the modules spirv-val rejects are rejected (goal: 90%)"
        ));
    }
    Ok(SectionReport {
        name: "validator (spirv-val verdicts)",
        lines,
        failures,
    })
}
