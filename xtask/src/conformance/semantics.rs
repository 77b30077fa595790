//! Semantics on a real OpenCL runtime: spirvkit's SPIR-V, converted back by spirvkit's own
//! reverse translator (`spirvkit translate -r`; `semantics-control` uses `llvm-spirv-15 -r`
//! instead), must compute bit-identical buffers to the original OpenCL C on pocl (same seeded
//! inputs).
//! The driver is `xtask/semantics/run_kernels.py` (pyopencl); by default an evenly spread
//! sample keeps CI fast, `SPIRVKIT_SEMANTICS_ALL=1` runs every kernel file.
//! OpenCL C 2.0 input goes through the driver's generic-address-space shim (see
//! `xtask/semantics/generic_shim.py`), with clang's own bitcode run the same way as a control.

use super::{Context, SectionReport};

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    run_with(ctx, None, "160", "translation semantics on pocl", &[])
}

/// The control: the same sample converted back by `llvm-spirv-15 -r`.
pub fn run_control(ctx: &Context) -> anyhow::Result<SectionReport> {
    run_with(
        ctx,
        None,
        "60",
        "translation semantics on pocl, llvm-spirv-15 -r as the reverse translator (control)",
        &["--reverse", "llvm-spirv"],
    )
}

/// Untyped pointers there and back: `+SPV_KHR_untyped_pointers`, then `spirvkit translate -r`.
pub fn run_untyped(ctx: &Context) -> anyhow::Result<SectionReport> {
    run_with(
        ctx,
        None,
        "60",
        "translation semantics on pocl, +SPV_KHR_untyped_pointers round trip",
        &["--spirv-ext=+SPV_KHR_untyped_pointers"],
    )
}

/// The optimizer's semantics: the translated SPIR-V goes through `spirvkit opt -O` (and, on a
/// smaller sample, `-Os`) before `spirvkit translate -r`; pocl must compute the same buffers.
pub fn run_opt(ctx: &Context) -> anyhow::Result<SectionReport> {
    let mut report = run_with(
        ctx,
        None,
        "24",
        "optimizer semantics on pocl (translate, opt -O / -Os, translate -r)",
        &["--opt=-O"],
    )?;
    let size = run_with(ctx, None, "12", "opt -Os", &["--opt=-Os"])?;
    report
        .lines
        .extend(size.lines.into_iter().map(|l| format!("-Os: {l}")));
    report.failures.extend(size.failures);
    if let Some(first) = report.lines.first_mut() {
        *first = format!("-O: {first}");
    }
    Ok(report)
}

/// The same check with clang-15's opaque-pointer bitcode of each `.cl` (OpenCL C 1.2) as the
/// translator's input instead of the corpus `.bc64`; a smaller sample (clang is slow).
pub fn run_clang(ctx: &Context) -> anyhow::Result<SectionReport> {
    run_with(
        ctx,
        Some("CL1.2"),
        "60",
        "translation semantics on pocl, clang-15 opaque-pointer input",
        &[],
    )
}

/// The same with clang-22's bitcode (LLVM 22: target extension types, new attributes and
/// instruction flags) as the translator's input (issue 18).
pub fn run_clang22(ctx: &Context) -> anyhow::Result<SectionReport> {
    run_with(
        ctx,
        Some("CL1.2"),
        "40",
        "translation semantics on pocl, clang-22 (LLVM 22) OpenCL C 1.2 input",
        &["--clang", "clang-22"],
    )
}

/// The same with the `.cl` compiled as OpenCL C 2.0 (generic address space, `atomic_*`).
pub fn run_clang20(ctx: &Context) -> anyhow::Result<SectionReport> {
    run_with(
        ctx,
        Some("CL2.0"),
        "60",
        "translation semantics on pocl, clang-15 OpenCL C 2.0 input",
        &[],
    )
}

/// Runs the driver on a sample (`SPIRVKIT_SEMANTICS_ALL=1`: every file) with `extra` driver
/// arguments (the `link` section passes `--split-link MODE`).
pub(super) fn run_with(
    ctx: &Context,
    clang_std: Option<&str>,
    sample: &str,
    name: &'static str,
    extra: &[&str],
) -> anyhow::Result<SectionReport> {
    let root = crate::workspace_root();
    let python = root.join(".venv/bin/python3");
    // Where `cargo build` below puts it: $CARGO_TARGET_DIR when set.
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), std::path::PathBuf::from);
    let spirvkit = target.join("release/spirvkit");
    let status = std::process::Command::new("cargo")
        .args(["build", "--release", "--quiet", "-p", "spirvkit-cli"])
        .current_dir(&root)
        .status()?;
    anyhow::ensure!(status.success(), "building the release spirvkit failed");
    let limit = if std::env::var("SPIRVKIT_SEMANTICS_ALL").is_ok_and(|v| v == "1") {
        "0"
    } else {
        sample
    };
    let out = std::process::Command::new(&python)
        .arg(root.join("xtask/semantics/run_kernels.py"))
        .arg("--corpus")
        .arg(&ctx.corpus)
        .arg("--spirvkit")
        .arg(&spirvkit)
        .args(["--limit", limit, "--jobs", "2"])
        .args(clang_std.map(|s| ["--clang-std", s]).into_iter().flatten())
        .args(extra)
        .output()?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut failures = Vec::new();
    // The driver's own tests (the generic shim) first: a wrong shim would make the sweep lie.
    let unit = std::process::Command::new(&python)
        .args(["-m", "unittest", "discover", "-q", "-s"])
        .arg(root.join("xtask/semantics"))
        .args(["-p", "test_*.py"])
        .output()?;
    if !unit.status.success() {
        failures.push(format!(
            "xtask/semantics unit tests: {}",
            String::from_utf8_lossy(&unit.stderr).trim()
        ));
    }
    let mut skipped = std::collections::BTreeMap::<String, usize>::new();
    let mut summary = String::new();
    for line in stdout.lines() {
        if line.starts_with("semantics:") {
            summary = line.to_owned();
        } else if line.contains("\"status\": \"failed\"") {
            failures.push(line.to_owned());
        } else if line.contains("\"status\": \"skipped\"") {
            // Group by the reason, without the kernel name that prefixes some of them.
            let detail = line
                .split("\"detail\": \"")
                .nth(1)
                .unwrap_or("")
                .trim_end_matches(['"', '}']);
            let reason = detail.split_once(": ").map_or(detail, |(_, r)| r);
            let reason: String = reason.chars().take(80).collect();
            *skipped.entry(reason).or_default() += 1;
        }
    }
    anyhow::ensure!(
        !summary.is_empty(),
        "the semantics driver printed no summary: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines = vec![summary];
    lines.extend(skipped.iter().map(|(r, n)| format!("skipped {n}: {r}")));
    Ok(SectionReport {
        name,
        lines,
        failures,
    })
}
