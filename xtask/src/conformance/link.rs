//! The linker on split kernels: each sampled OpenCL C file's kernels are split into a library
//! (`NAME__impl`, the body) and a main module (kernel `NAME` calling the import), both halves
//! translated, linked by `spirvkit link`, checked by spirv-val (and for leftover
//! LinkageAttributes), and run on pocl through `llvm-spirv-15 -r` against the OpenCL C
//! (`xtask/semantics/split_kernels.py`, driven by the semantics driver). Two producers: both
//! halves by spirvkit, and both by llvm-spirv-15 (mixed producers: spirvkit links another
//! tool's output). The anchor chain (llvm-spirv-15 + spirv-link) is the driver's `anchor` mode.
//!
//! Then corpus pairs: every OpenCL SPIR-V kernel of the spvasm corpus linked (in process) with
//! the next one of the same addressing model, as an executable and with partial linkage,
//! highest version and no input validation: never a panic, and every linked module whose
//! inputs spirv-val accepts is accepted by spirv-val.

use super::{semantics, Context, SectionReport};
use rayon::prelude::*;
use spirvkit_opt::{link_named, LinkOptions, NamedInput};
use std::path::{Path, PathBuf};

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let sample = if ctx.full { "0" } else { "24" };
    let mut lines = Vec::new();
    let mut failures = Vec::new();
    for (mode, what) in [
        ("spirvkit", "spirvkit translate + spirvkit link"),
        ("llvm-spirv", "llvm-spirv-15 halves + spirvkit link"),
    ] {
        // The linked module goes back to LLVM through llvm-spirv-15 -r, the path the split-kernel
        // figures were measured on; the semantics sections exercise spirvkit's own `-r`.
        let args = ["--split-link", mode, "--reverse", "llvm-spirv"];
        let report = semantics::run_with(ctx, None, sample, "link", &args)?;
        lines.extend(report.lines.into_iter().map(|l| format!("{what}: {l}")));
        failures.extend(report.failures.into_iter().map(|f| format!("{what}: {f}")));
    }
    let (line, pair_failures) = pairs(ctx)?;
    lines.push(line);
    failures.extend(pair_failures);
    Ok(SectionReport {
        name: "link: split kernels linked and run on pocl; corpus pairs",
        lines,
        failures,
    })
}

/// A corpus kernel: path, words, whether spirv-val accepts it.
type Assembled = (PathBuf, Vec<u32>, bool);

#[derive(Default)]
struct PairCounts {
    linked: usize,
    refused: usize,
    panics: usize,
    checked: usize,
}

fn pairs(ctx: &Context) -> anyhow::Result<(String, Vec<String>)> {
    let dir = ctx.corpus.join("spvasm/opencl-kernels");
    let scratch = crate::workspace_root().join("target/conformance-link-pairs");
    std::fs::create_dir_all(&scratch)?;
    let mut groups: Vec<Vec<Assembled>> = Vec::new();
    for ext in ["spvasm32", "spvasm64"] {
        let files = super::files(&dir, &[ext]);
        let assembled: Vec<Assembled> = files
            .par_iter()
            .filter_map(|f| {
                let text = std::fs::read_to_string(f).ok()?;
                let words = spirvkit_text::assemble(&text, &Default::default()).ok()?;
                let out = scratch.join(format!("{}.in.spv", f.file_name()?.to_string_lossy()));
                std::fs::write(&out, spirvkit_core::binary::bytes_from_words(&words)).ok()?;
                let valid = super::reference_validate(&ctx.tools, &out, None).is_ok();
                Some((f.clone(), words, valid))
            })
            .collect();
        groups.push(assembled);
    }
    let options = [
        LinkOptions::default(),
        LinkOptions {
            allow_partial_linkage: true,
            use_highest_version: true,
            validate_inputs: false,
            ..LinkOptions::default()
        },
    ];
    let jobs: Vec<(&Assembled, &Assembled, usize)> = groups
        .iter()
        .flat_map(|g| (0..g.len()).map(move |i| (&g[i], &g[(i + 1) % g.len()])))
        .flat_map(|(a, b)| (0..options.len()).map(move |o| (a, b, o)))
        .collect();
    let results: Vec<(PairCounts, Option<String>)> = jobs
        .par_iter()
        .enumerate()
        .map(|(n, (a, b, o))| one_pair(ctx, &scratch, n, a, b, &options[*o]))
        .collect();
    let mut total = PairCounts::default();
    let mut failures = Vec::new();
    for (c, failure) in results {
        total.linked += c.linked;
        total.refused += c.refused;
        total.panics += c.panics;
        total.checked += c.checked;
        failures.extend(failure);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    Ok((
        format!(
            "corpus pairs: {} links, {} linked ({} with valid inputs, all checked by spirv-val), {} refused with an error, {} panics",
            jobs.len(),
            total.linked,
            total.checked,
            total.refused,
            total.panics
        ),
        failures,
    ))
}

fn name(p: &Path) -> String {
    p.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

fn one_pair(
    ctx: &Context,
    scratch: &Path,
    n: usize,
    a: &Assembled,
    b: &Assembled,
    options: &LinkOptions,
) -> (PairCounts, Option<String>) {
    let mut c = PairCounts::default();
    let (na, nb) = (name(&a.0), name(&b.0));
    let inputs = [
        NamedInput {
            name: &na,
            words: &a.1,
        },
        NamedInput {
            name: &nb,
            words: &b.1,
        },
    ];
    let result = std::panic::catch_unwind(|| link_named(&inputs, options));
    let linked = match result {
        Err(_) => {
            c.panics += 1;
            return (c, Some(format!("{na} + {nb}: the linker panicked")));
        }
        Ok(Err(_)) => {
            c.refused += 1;
            return (c, None);
        }
        Ok(Ok(words)) => words,
    };
    c.linked += 1;
    if !(a.2 && b.2) {
        return (c, None);
    }
    c.checked += 1;
    let out = scratch.join(format!("pair{n}.spv"));
    if std::fs::write(&out, spirvkit_core::binary::bytes_from_words(&linked)).is_err() {
        return (
            c,
            Some(format!("{na} + {nb}: cannot write {}", out.display())),
        );
    }
    let verdict = super::reference_validate(&ctx.tools, &out, None);
    let _ = std::fs::remove_file(&out);
    match verdict {
        Ok(()) => (c, None),
        Err(e) => (
            c,
            Some(format!(
                "{na} + {nb}: spirv-val rejects the linked module: {e}"
            )),
        ),
    }
}
