//! `translate-clang22` (issue 18): corpus `.cl` files compiled by clang-22 (LLVM 22: target
//! extension types, `captures(...)`, `nneg`, debug records…) for `spir64` and `spir`, OpenCL C
//! 1.2, 2.0 and 3.0 (with the generic address space and program-scope globals), `-O0` and
//! `-O2`, translate typed and with `+SPV_KHR_untyped_pointers` to SPIR-V spirv-val accepts
//! (and the same words with every function translated by a parallel fork of its own).
//!
//! `opencl-c.h` is precompiled once per configuration (a plain compile takes ~0.3 s of CPU, one
//! with the PCH ~0.02 s); on a few spread files per configuration the PCH bitcode is checked
//! byte for byte against a plain compile. By default every 12th `.cl` runs; `--full` runs all,
//! `SPIRVKIT_CL22_STRIDE=N` every Nth.
//! `SPIRVKIT_CL22_CACHE=DIR` keeps the bitcode (`DIR/<config>/<path>.bc`) between runs.

use super::translate_modern::{scratch_dir, translate_and_validate, unique_name, UNTYPED};
use super::{files, Context, SectionReport};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const SAMPLE_STRIDE: usize = 12;
/// Files per configuration on which the PCH is checked against plain compiles.
const PCH_CHECKS: usize = 3;
const CL30_FEATURES: &str =
    "-cl-ext=+__opencl_c_generic_address_space,+__opencl_c_program_scope_global_variables";

struct Config {
    triple: &'static str,
    std: &'static str,
    opt: &'static str,
}

impl Config {
    fn all() -> Vec<Config> {
        let mut v = Vec::new();
        for triple in ["spir64", "spir"] {
            for std in ["CL1.2", "CL2.0", "CL3.0"] {
                for opt in ["-O0", "-O2"] {
                    v.push(Config { triple, std, opt });
                }
            }
        }
        v
    }

    fn name(&self) -> String {
        format!("{} {} {}", self.triple, self.std, self.opt)
    }

    fn dir_name(&self) -> String {
        format!("{}-{}{}", self.triple, self.std, self.opt)
    }

    /// clang-22 cc1 with this configuration's options (input and output not yet given).
    fn clang(&self, pch: Option<&Path>) -> Command {
        let mut cmd = Command::new("clang-22");
        cmd.args([
            "-cc1",
            "-triple",
            &format!("{}-unknown-unknown", self.triple),
            &format!("-cl-std={}", self.std),
            "-finclude-default-header",
            self.opt,
        ]);
        if self.std == "CL3.0" {
            cmd.arg(CL30_FEATURES);
        }
        if let Some(pch) = pch {
            cmd.arg("-include-pch").arg(pch);
        }
        cmd
    }
}

fn run_clang(cmd: &mut Command) -> Result<bool, String> {
    let out = cmd.output().map_err(|e| format!("running clang-22: {e}"))?;
    Ok(out.status.success())
}

fn build_pch(config: &Config, dir: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let header = dir.join("empty.h");
    std::fs::write(&header, "").map_err(|e| e.to_string())?;
    let pch = dir.join(format!("{}.pch", config.dir_name()));
    let ok = run_clang(
        config
            .clang(None)
            .args(["-emit-pch", "-x", "cl"])
            .arg(&header)
            .arg("-o")
            .arg(&pch),
    )?;
    if ok {
        Ok(pch)
    } else {
        Err(format!("clang-22 -emit-pch failed for {}", config.name()))
    }
}

/// Compiles `cl` (through the PCH when given) to `out`; Ok(false) when clang rejects it.
fn compile(config: &Config, pch: Option<&Path>, cl: &Path, out: &Path) -> Result<bool, String> {
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    let include = cl.parent().unwrap_or(Path::new("."));
    run_clang(
        config
            .clang(pch)
            .arg("-emit-llvm-bc")
            .arg("-I")
            .arg(include)
            .arg(cl)
            .arg("-o")
            .arg(out),
    )
}

/// The PCH must not change clang's bitcode.
fn check_pch(config: &Config, pch: &Path, cl: &Path, dir: &Path) -> Result<(), String> {
    let tag = format!("{}-{}", config.dir_name(), unique_name(cl));
    let plain = dir.join(format!("{tag}-plain.bc"));
    let with = dir.join(format!("{tag}-pch.bc"));
    let plain_ok = compile(config, None, cl, &plain)?;
    let with_ok = compile(config, Some(pch), cl, &with)?;
    let same = plain_ok == with_ok
        && (!plain_ok || std::fs::read(&plain).ok() == std::fs::read(&with).ok());
    let _ = std::fs::remove_file(&plain);
    let _ = std::fs::remove_file(&with);
    if same {
        Ok(())
    } else {
        Err(format!(
            "{} ({}): the PCH changes clang's output",
            cl.display(),
            config.name()
        ))
    }
}

/// A failure message without the names and numbers that differ per file, to group causes.
pub(super) fn cause(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut chars = message.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '@' || c == '%' {
            out.push(c);
            out.push('…');
            while chars
                .peek()
                .is_some_and(|d| d.is_alphanumeric() || matches!(d, '_' | '.' | '$'))
            {
                chars.next();
            }
        } else if c.is_ascii_digit() {
            out.push('N');
            while chars.peek().is_some_and(char::is_ascii_digit) {
                chars.next();
            }
        } else {
            out.push(c);
        }
    }
    out.chars().take(160).collect()
}

enum Outcome {
    ClangRejects,
    Checked {
        typed: Result<(), String>,
        untyped: Result<(), String>,
    },
}

/// The 25 most frequent failure causes, most frequent first, as report lines.
pub(super) fn push_most_frequent_causes(lines: &mut Vec<String>, causes: BTreeMap<String, usize>) {
    let mut grouped: Vec<(String, usize)> = causes.into_iter().collect();
    grouped.sort_by_key(|g| std::cmp::Reverse(g.1));
    for (cause, n) in grouped.iter().take(25) {
        lines.push(format!("cause ({n}x): {cause}"));
    }
}

/// Every how-many-th source a run takes: the environment variable `var` when set to a positive
/// number, every source under `--full`, else `default`.
pub(super) fn sample_stride(var: &str, full: bool, default: usize) -> usize {
    match std::env::var(var).ok().and_then(|s| s.parse().ok()) {
        Some(n) if n > 0 => n,
        _ if full => 1,
        _ => default,
    }
}

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let corpus = ctx.corpus.join("spir12");
    let stride = sample_stride("SPIRVKIT_CL22_STRIDE", ctx.full, SAMPLE_STRIDE);
    let sources: Vec<PathBuf> = files(&corpus, &["cl"])
        .into_iter()
        .step_by(stride)
        .collect();
    let scratch = scratch_dir("translate-clang22")?;
    let cache = std::env::var_os("SPIRVKIT_CL22_CACHE").map(PathBuf::from);
    let out_root = cache.unwrap_or_else(|| scratch.join("bc"));
    let mut lines = Vec::new();
    let mut failures = Vec::new();
    let mut causes: BTreeMap<String, usize> = BTreeMap::new();
    let (mut all_compiled, mut all_typed, mut all_untyped) = (0, 0, 0);
    for config in Config::all() {
        let pch = match build_pch(&config, &scratch.join("pch")) {
            Ok(p) => p,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let checks = sources.len().div_ceil(PCH_CHECKS).max(1);
        failures.extend(
            sources
                .par_iter()
                .step_by(checks)
                .filter_map(|cl| check_pch(&config, &pch, cl, &scratch).err())
                .collect::<Vec<_>>(),
        );
        let out_dir = out_root.join(config.dir_name());
        let outcomes: Vec<(String, Outcome)> = sources
            .par_iter()
            .map(|cl| {
                let name = cl.display().to_string();
                let relative = cl.strip_prefix(&corpus).unwrap_or(cl).with_extension("bc");
                let bc = out_dir.join(relative);
                if !bc.is_file() {
                    match compile(&config, Some(&pch), cl, &bc) {
                        Ok(true) => {}
                        Ok(false) => return (name, Outcome::ClangRejects),
                        Err(e) => {
                            return (
                                name,
                                Outcome::Checked {
                                    typed: Err(e.clone()),
                                    untyped: Err(e),
                                },
                            )
                        }
                    }
                }
                let tag = format!("{}_{}", unique_name(cl), config.dir_name());
                let module = match spirvkit_llvm::read_file(&bc) {
                    Ok(m) => m,
                    Err(e) => {
                        let e = format!("reading clang-22 bitcode: {e}");
                        return (
                            name,
                            Outcome::Checked {
                                typed: Err(e.clone()),
                                untyped: Err(e),
                            },
                        );
                    }
                };
                let typed = translate_and_validate(ctx, &module, "", &scratch, &tag).map(|_| ());
                let untyped =
                    translate_and_validate(ctx, &module, UNTYPED, &scratch, &tag).map(|_| ());
                (name, Outcome::Checked { typed, untyped })
            })
            .collect();
        let (mut rejected, mut compiled, mut typed_ok, mut untyped_ok) = (0, 0, 0, 0);
        for (name, outcome) in outcomes {
            match outcome {
                Outcome::ClangRejects => rejected += 1,
                Outcome::Checked { typed, untyped } => {
                    compiled += 1;
                    for (mode, result, ok) in [
                        ("typed", typed, &mut typed_ok),
                        ("untyped", untyped, &mut untyped_ok),
                    ] {
                        match result {
                            Ok(()) => *ok += 1,
                            Err(e) => {
                                *causes.entry(format!("{mode}: {}", cause(&e))).or_default() += 1;
                                failures.push(format!("{name} ({}, {mode}): {e}", config.name()));
                            }
                        }
                    }
                }
            }
        }
        all_compiled += compiled;
        all_typed += typed_ok;
        all_untyped += untyped_ok;
        lines.push(format!(
            "{}: {compiled} compiled ({rejected} rejected by clang); typed {typed_ok}/{compiled}, \
             untyped {untyped_ok}/{compiled}",
            config.name()
        ));
    }
    let pct = |n: usize| 100.0 * n as f64 / all_compiled.max(1) as f64;
    lines.push(format!(
        "{} .cl files{} x 12 configurations: typed {all_typed}/{all_compiled} ({:.2}%), \
         untyped {all_untyped}/{all_compiled} ({:.2}%)",
        sources.len(),
        if stride == 1 {
            String::new()
        } else {
            format!(" (every {stride}th; --full for all)")
        },
        pct(all_typed),
        pct(all_untyped)
    ));
    push_most_frequent_causes(&mut lines, causes);
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(SectionReport {
        name: "clang-22 OpenCL C (LLVM 22) → SPIR-V",
        lines,
        failures,
    })
}
