//! Modern input and untyped pointers (issue 8):
//! - `translate-untyped`: every corpus `.bc64` translated with `+SPV_KHR_untyped_pointers`
//!   is accepted by spirv-val and really uses OpTypeUntypedPointerKHR.
//! - `translate-cl`: corpus `.cl` files compiled by clang-15 (opaque pointers) for OpenCL C
//!   1.2 and 2.0 translate, with and without untyped pointers, to SPIR-V spirv-val accepts.
//!   clang takes ~0.4 s per file, so by default an evenly spread sample of the `.cl` files
//!   runs (every 8th); `SPIRVKIT_TRANSLATE_CL_ALL=1` runs them all, and
//!   `SPIRVKIT_CL_CACHE=DIR` keeps the compiled bitcode (`DIR/<std>/<path>.bc`) between runs.

use super::{files, Context, SectionReport};
use rayon::prelude::*;
use spirvkit_spir::TranslateOptions;
use std::path::{Path, PathBuf};

pub(super) const UNTYPED: &str = "+SPV_KHR_untyped_pointers";
const SAMPLE_STRIDE: usize = 8;

fn options(extensions: &str) -> TranslateOptions {
    let mut o = TranslateOptions::default();
    // The list is a constant the translator knows.
    let _ = o.apply_extension_list(extensions);
    o
}

/// Which pointer types a module has.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Pointers {
    Untyped,
    /// Typed pointers to data only (the built-in Input variables do not count).
    TypedOnly,
    None,
}

/// Translates (sequentially and in parallel, which must agree) and validates; Ok(the pointer
/// types used) or the reason it failed.
pub(super) fn translate_and_validate(
    ctx: &Context,
    module: &spirvkit_llvm::Module,
    extensions: &str,
    scratch: &Path,
    name: &str,
) -> Result<Pointers, String> {
    use spirvkit_grammar::{Op, StorageClass};
    let options = options(extensions);
    let sequential = spirvkit_spir::ParallelPlan::SEQUENTIAL;
    let spirv = spirvkit_spir::translate_with_plan(module, &options, sequential)
        .map_err(|e| format!("translation failed: {e}"))?;
    // The parallel translation (every function a chunk of its own, as large modules are
    // cut) must give the sequential module, word for word.
    let every_function_a_chunk = spirvkit_spir::ParallelPlan::EVERY_FUNCTION_A_CHUNK;
    let parallel = spirvkit_spir::translate_with_plan(module, &options, every_function_a_chunk)
        .map_err(|e| format!("parallel translation failed: {e}"))?;
    if parallel.to_words() != spirv.to_words() {
        return Err("the parallel translation differs from the sequential one".into());
    }
    let uses_untyped = if spirv
        .instructions()
        .any(|i| i.opcode == Op::TypeUntypedPointerKHR)
    {
        Pointers::Untyped
    } else if spirv.instructions().any(|i| {
        i.opcode == Op::TypePointer
            && i.operands.first() != Some(&spirvkit_core::Operand::Word(StorageClass::Input.0))
    }) {
        Pointers::TypedOnly
    } else {
        Pointers::None
    };
    let out = scratch.join(format!("{name}.spv"));
    std::fs::write(&out, spirv.to_bytes()).map_err(|e| e.to_string())?;
    let checked = super::reference_validate(&ctx.tools, &out, None);
    let _ = std::fs::remove_file(&out);
    checked.map_err(|e| format!("spirv-val: {e}"))?;
    Ok(uses_untyped)
}

pub(super) fn scratch_dir(tag: &str) -> anyhow::Result<PathBuf> {
    let dir = std::env::temp_dir().join(format!("spirvkit-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

pub(super) fn unique_name(path: &Path) -> String {
    path.display()
        .to_string()
        .replace(['/', '.'], "_")
        .chars()
        .rev()
        .take(120)
        .collect()
}

pub fn run_untyped(ctx: &Context) -> anyhow::Result<SectionReport> {
    let inputs = files(&ctx.corpus.join("spir12"), &["bc64"]);
    let scratch = scratch_dir("untyped")?;
    let outcomes: Vec<(String, Result<Pointers, String>)> = inputs
        .par_iter()
        .map(|p| {
            let result = spirvkit_llvm::read_file(p)
                .map_err(|e| format!("reading: {e}"))
                .and_then(|m| translate_and_validate(ctx, &m, UNTYPED, &scratch, &unique_name(p)));
            (p.display().to_string(), result)
        })
        .collect();
    let _ = std::fs::remove_dir_all(&scratch);
    let (mut valid, mut untyped, mut pointerless) = (0, 0, 0);
    let mut failures = Vec::new();
    for (path, outcome) in outcomes {
        match outcome {
            Ok(pointers) => {
                valid += 1;
                match pointers {
                    Pointers::Untyped => untyped += 1,
                    Pointers::None => pointerless += 1,
                    Pointers::TypedOnly => failures.push(format!(
                        "{path}: typed pointers but no OpTypeUntypedPointerKHR"
                    )),
                }
            }
            Err(e) => failures.push(format!("{path}: {e}")),
        }
    }
    let total = inputs.len();
    Ok(SectionReport {
        name: "SPIR 1.2 → SPIR-V with SPV_KHR_untyped_pointers",
        lines: vec![format!(
            "spir12 .bc64: {valid}/{total} valid ({:.2}%); {untyped} use OpTypeUntypedPointerKHR, \
             {pointerless} have no pointer at all",
            100.0 * valid as f64 / total.max(1) as f64
        )],
        failures,
    })
}

/// Compiles a `.cl` with clang-15 (opaque pointers), reusing the cache when there is one.
/// Err(message) when clang rejects the source.
pub(super) fn compile(
    cl: &Path,
    std: &str,
    corpus: &Path,
    out_dir: &Path,
) -> Result<PathBuf, String> {
    let relative = cl.strip_prefix(corpus).unwrap_or(cl).with_extension("bc");
    let out = out_dir.join(std).join(relative);
    if out.is_file() {
        return Ok(out);
    }
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    let include = cl.parent().unwrap_or(Path::new("."));
    let result = std::process::Command::new("clang-15")
        .args(["-cc1", "-triple", "spir64-unknown-unknown"])
        .arg(format!("-cl-std={std}"))
        .args(["-emit-llvm-bc", "-finclude-default-header", "-I"])
        .arg(include)
        .arg(cl)
        .arg("-o")
        .arg(&out)
        .output()
        .map_err(|e| format!("running clang-15: {e}"))?;
    if result.status.success() {
        Ok(out)
    } else {
        Err(String::from_utf8_lossy(&result.stderr)
            .lines()
            .find(|l| l.contains("error"))
            .unwrap_or("clang-15 failed")
            .to_owned())
    }
}

enum ClOutcome {
    ClangRejects,
    Checked {
        typed: Result<(), String>,
        untyped: Result<(), String>,
    },
}

pub fn run_cl(ctx: &Context) -> anyhow::Result<SectionReport> {
    let corpus = ctx.corpus.join("spir12");
    let all = std::env::var("SPIRVKIT_TRANSLATE_CL_ALL").is_ok_and(|v| v == "1");
    let sources: Vec<PathBuf> = files(&corpus, &["cl"])
        .into_iter()
        .enumerate()
        .filter(|(i, _)| all || i % SAMPLE_STRIDE == 0)
        .map(|(_, p)| p)
        .collect();
    let cache = std::env::var_os("SPIRVKIT_CL_CACHE").map(PathBuf::from);
    let scratch = scratch_dir("translate-cl")?;
    let out_dir = cache.clone().unwrap_or_else(|| scratch.join("bc"));
    let mut lines = Vec::new();
    let mut failures = Vec::new();
    for std in ["CL1.2", "CL2.0"] {
        let outcomes: Vec<(String, ClOutcome)> = sources
            .par_iter()
            .map(|cl| {
                let name = cl.display().to_string();
                let bc = match compile(cl, std, &corpus, &out_dir) {
                    Ok(bc) => bc,
                    Err(_) => return (name, ClOutcome::ClangRejects),
                };
                let tag = format!("{}_{std}", unique_name(cl));
                let module = match spirvkit_llvm::read_file(&bc) {
                    Ok(m) => m,
                    Err(e) => {
                        let e = format!("reading clang-15 bitcode: {e}");
                        return (
                            name,
                            ClOutcome::Checked {
                                typed: Err(e.clone()),
                                untyped: Err(e),
                            },
                        );
                    }
                };
                let typed = translate_and_validate(ctx, &module, "", &scratch, &tag).map(|_| ());
                let untyped =
                    translate_and_validate(ctx, &module, UNTYPED, &scratch, &tag).map(|_| ());
                (name, ClOutcome::Checked { typed, untyped })
            })
            .collect();
        let (mut rejected, mut typed_ok, mut untyped_ok, mut compiled) = (0, 0, 0, 0);
        for (name, outcome) in outcomes {
            match outcome {
                ClOutcome::ClangRejects => rejected += 1,
                ClOutcome::Checked { typed, untyped } => {
                    compiled += 1;
                    match typed {
                        Ok(()) => typed_ok += 1,
                        Err(e) => failures.push(format!("{name} ({std}, typed): {e}")),
                    }
                    match untyped {
                        Ok(()) => untyped_ok += 1,
                        Err(e) => failures.push(format!("{name} ({std}, untyped): {e}")),
                    }
                }
            }
        }
        let pct = |n: usize| 100.0 * n as f64 / compiled.max(1) as f64;
        lines.push(format!(
            "{std}: {} .cl files{}, clang-15 compiled {compiled} ({rejected} rejected by clang); \
             valid typed {typed_ok}/{compiled} ({:.2}%), untyped {untyped_ok}/{compiled} ({:.2}%)",
            sources.len(),
            if all {
                ""
            } else {
                " (every 8th; SPIRVKIT_TRANSLATE_CL_ALL=1 for all)"
            },
            pct(typed_ok),
            pct(untyped_ok)
        ));
    }
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(SectionReport {
        name: "clang-15 OpenCL C (opaque pointers) → SPIR-V",
        lines,
        failures,
    })
}
