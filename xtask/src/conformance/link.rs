//! The linker on split kernels: each sampled OpenCL C file's kernels are split into a library
//! (`NAME__impl`, the body) and a main module (kernel `NAME` calling the import), both halves
//! translated, linked by `spirvkit link`, checked by spirv-val (and for leftover
//! LinkageAttributes), and run on pocl through `llvm-spirv-15 -r` against the OpenCL C
//! (`xtask/semantics/split_kernels.py`, driven by the semantics driver). Two producers: both
//! halves by spirvkit, and both by llvm-spirv-15 (mixed producers: spirvkit links another
//! tool's output). The anchor chain (llvm-spirv-15 + spirv-link) is the driver's `anchor` mode.

use super::{semantics, Context, SectionReport};

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let sample = if ctx.full { "0" } else { "24" };
    let mut lines = Vec::new();
    let mut failures = Vec::new();
    for (mode, what) in [
        ("spirvkit", "spirvkit translate + spirvkit link"),
        ("llvm-spirv", "llvm-spirv-15 halves + spirvkit link"),
    ] {
        let report = semantics::run_with(ctx, None, sample, "link", &["--split-link", mode])?;
        lines.extend(report.lines.into_iter().map(|l| format!("{what}: {l}")));
        failures.extend(report.failures.into_iter().map(|f| format!("{what}: {f}")));
    }
    Ok(SectionReport {
        name: "link: split kernels linked and run on pocl",
        lines,
        failures,
    })
}
