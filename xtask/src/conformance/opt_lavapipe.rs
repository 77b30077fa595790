//! Shaders on a real driver (lavapipe, Vulkan 1.3 on the CPU): every corpus compute shader whose
//! bindings can be filled generically runs before and after `spirvkit opt -O` and `-Os` with the
//! same seeded buffers, and every buffer must come out bit for bit the same
//! (`xtask/lavapipe/run_shaders.py`, Python `vulkan` package pinned by `.ci/setup`). Then
//! `--lower-raw-access-chains` is checked by behaviour: the lowered module runs on lavapipe and
//! its outputs, out-of-bounds cases included, must equal the extension's definition
//! (`xtask/lavapipe/raw_access_chains.py`). CI runs every 8th shader; `--full` runs all.

use super::{Context, SectionReport};

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let root = crate::workspace_root();
    let python = root.join(".venv/bin/python3");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), std::path::PathBuf::from);
    let spirvkit = target.join("release/spirvkit");
    let status = std::process::Command::new("cargo")
        .args(["build", "--release", "--quiet", "-p", "spirvkit-cli"])
        .current_dir(&root)
        .status()?;
    anyhow::ensure!(status.success(), "building the release spirvkit failed");
    let scratch = target.join("opt-lavapipe");
    let mut lines = Vec::new();
    let mut failures = Vec::new();

    let raw = std::process::Command::new(&python)
        .arg(root.join("xtask/lavapipe/raw_access_chains.py"))
        .arg("--spirvkit")
        .arg(&spirvkit)
        .arg("--scratch")
        .arg(scratch.join("raw"))
        .arg("--spirv-val")
        .arg(ctx.tools.join("spirv-val"))
        .output()?;
    collect(&raw, "raw-access-chains:", &mut lines, &mut failures);

    let every = if ctx.full { "1" } else { "8" };
    let shaders = std::process::Command::new(&python)
        .arg(root.join("xtask/lavapipe/run_shaders.py"))
        .arg("--corpus")
        .arg(&ctx.corpus)
        .arg("--spirvkit")
        .arg(&spirvkit)
        .arg("--scratch")
        .arg(scratch.join("shaders"))
        .args(["--every", every, "--jobs", "2"])
        .output()?;
    collect(&shaders, "opt-lavapipe:", &mut lines, &mut failures);
    Ok(SectionReport {
        name: "opt-lavapipe (optimized shaders and lowered raw access chains on lavapipe)",
        lines,
        failures,
    })
}

/// The driver's summary line becomes a report line, its failed records failures; no summary
/// (the driver crashed) is a failure too.
fn collect(
    out: &std::process::Output,
    summary_prefix: &str,
    lines: &mut Vec<String>,
    failures: &mut Vec<String>,
) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut summary = None;
    for line in stdout.lines() {
        if line.starts_with(summary_prefix) {
            summary = Some(line.to_owned());
        } else if line.contains("\"status\": \"failed\"") {
            failures.push(line.to_owned());
        }
    }
    match summary {
        Some(s) => lines.push(s),
        None => failures.push(format!(
            "{summary_prefix} the driver printed no summary: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )),
    }
}
