//! The corpus `.cl` sources through clang-15 (`-cc1 -triple spir64-unknown-unknown
//! -finclude-default-header`) in several modes: OpenCL C 1.2 with opaque and typed
//! (`-no-opaque-pointers`) pointers, OpenCL C 2.0, and debug info (what `clang -g` passes to
//! cc1). Each compile is read as bitcode and as text and round-tripped (`llvm.rs`).
//!
//! Speed without changing what is compiled: clang's `opencl-c.h` is parsed once per mode into
//! a precompiled header; on a spread sample the PCH bitcode must equal the bitcode compiled
//! without it byte for byte. (`llvm-dis-15` of clang's bitcode is *not* a stand-in for clang's
//! `-emit-llvm` text: intrinsic declarations lose attributes and use-list order differs, so the
//! text reader reads clang's own text.) By default every `SAMPLE_STRIDE`-th file is compiled;
//! `--full` compiles all.

use super::llvm::{disassemble, round_trip, run_tool, tally, Outcome};
use super::{Context, SectionReport};
use rayon::prelude::*;
use spirvkit_llvm::WriteOptions;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Default spread sample: every n-th `.cl` (sorted by path).
const SAMPLE_STRIDE: usize = 12;
/// Files per mode on which the PCH is checked against plain compiles.
const PCH_CHECKS: usize = 8;
/// What `clang -g` passes to cc1 for this target.
const DEBUG_FLAGS: &[&str] = &[
    "-debug-info-kind=constructor",
    "-dwarf-version=5",
    "-debugger-tuning=gdb",
];

struct Mode {
    name: &'static str,
    std: &'static str,
    typed: bool,
    debug: bool,
}

const MODES: &[Mode] = &[
    Mode {
        name: "CL1.2 opaque pointers",
        std: "CL1.2",
        typed: false,
        debug: false,
    },
    Mode {
        name: "CL1.2 typed pointers",
        std: "CL1.2",
        typed: true,
        debug: false,
    },
    Mode {
        name: "CL2.0 opaque pointers",
        std: "CL2.0",
        typed: false,
        debug: false,
    },
    Mode {
        name: "CL1.2 -g opaque pointers",
        std: "CL1.2",
        typed: false,
        debug: true,
    },
    Mode {
        name: "CL1.2 -g typed pointers",
        std: "CL1.2",
        typed: true,
        debug: true,
    },
];

impl Mode {
    /// clang-15 cc1 with this mode's options (input and output not yet given).
    fn clang(&self, pch: Option<&Path>, cwd: &Path) -> Command {
        let mut cmd = Command::new("clang-15");
        cmd.current_dir(cwd).args([
            "-cc1",
            "-triple",
            "spir64-unknown-unknown",
            &format!("-cl-std={}", self.std),
            "-finclude-default-header",
        ]);
        if self.typed {
            cmd.arg("-no-opaque-pointers");
        }
        if self.debug {
            cmd.args(DEBUG_FLAGS);
        }
        if let Some(pch) = pch {
            cmd.arg("-include-pch").arg(pch);
        }
        cmd
    }
}

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let scratch = super::llvm::Scratch::new("llvm-cl")?;
    let all = super::files(&ctx.corpus.join("spir12"), &["cl"]);
    let stride = if ctx.full { 1 } else { SAMPLE_STRIDE };
    let files: Vec<&PathBuf> = all.iter().step_by(stride).collect();
    let mut lines = vec![format!(
        "clang-15 .cl sweep: {} of {} files per mode ({})",
        files.len(),
        all.len(),
        if ctx.full {
            "--full"
        } else {
            "spread sample; --full compiles all"
        }
    )];
    let mut failures = Vec::new();
    // `SPIRVKIT_CL_MODES=typed,CL2.0` keeps the modes whose name contains one of the parts.
    let wanted = std::env::var("SPIRVKIT_CL_MODES").ok();
    for (m, mode) in MODES.iter().enumerate() {
        if wanted
            .as_deref()
            .is_some_and(|w| !w.split(',').any(|part| mode.name.contains(part)))
        {
            continue;
        }
        let start = std::time::Instant::now();
        let dir = scratch.root.join(format!("mode{m}"));
        std::fs::create_dir_all(&dir)?;
        let pch = match build_pch(mode, &dir) {
            Ok(p) => Some(p),
            Err(e) => {
                lines.push(format!("{}: no precompiled header ({e})", mode.name));
                None
            }
        };
        let checks = all.len().div_ceil(PCH_CHECKS).max(1);
        let shortcut_failures: Vec<String> = match pch.as_deref() {
            None => Vec::new(),
            Some(pch) => all
                .iter()
                .step_by(checks)
                .enumerate()
                .par_bridge()
                .filter_map(|(i, f)| {
                    check_pch(mode, pch, f, &dir.join(format!("check{i}")))
                        .err()
                        .map(|e| format!("{} [{}]: {e}", f.display(), mode.name))
                })
                .collect(),
        };
        failures.extend(shortcut_failures);
        let outcomes: Vec<(String, Result<Option<Outcome>, String>)> = files
            .par_iter()
            .enumerate()
            .map(|(i, f)| {
                let case = dir.join(i.to_string());
                let r = cl_case(mode, pch.as_deref(), f, &case);
                let _ = std::fs::remove_dir_all(&case);
                (f.display().to_string(), r)
            })
            .collect();
        let rejected: Vec<&String> = outcomes
            .iter()
            .filter(|(_, r)| matches!(r, Ok(None)))
            .map(|(f, _)| f)
            .collect();
        let compiled: Vec<(String, Result<Outcome, String>)> = outcomes
            .iter()
            .filter_map(|(f, r)| match r {
                Ok(Some(o)) => Some((f.clone(), Ok(*o))),
                Ok(None) => None,
                Err(e) => Some((f.clone(), Err(e.clone()))),
            })
            .collect();
        tally(mode.name, &compiled, &mut lines, &mut failures);
        // Progress for long (--full) runs: the section's report comes only at its end.
        eprintln!(
            "llvm-cl: {} ({:.0} s)",
            lines.last().map(String::as_str).unwrap_or(""),
            start.elapsed().as_secs_f64()
        );
        if !rejected.is_empty() {
            lines.push(format!(
                "  {} rejected by clang-15 itself (not counted), e.g. {}",
                rejected.len(),
                rejected
                    .iter()
                    .take(3)
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(SectionReport {
        name: "LLVM reader/writer: corpus .cl through clang-15 → .ll → llvm-as-15 round trip",
        lines,
        failures,
    })
}

/// `opencl-c.h` (pulled in by `-finclude-default-header`) precompiled with the mode's options.
fn build_pch(mode: &Mode, dir: &Path) -> Result<PathBuf, String> {
    let header = dir.join("empty.h");
    let pch = dir.join("opencl-c.pch");
    std::fs::write(&header, "").map_err(|e| e.to_string())?;
    let (ok, text) = run_tool(
        mode.clang(None, dir)
            .args(["-emit-pch", "-x", "cl"])
            .arg(&header)
            .arg("-o")
            .arg(&pch),
    )?;
    if !ok {
        return Err(format!("clang-15 -emit-pch: {text}"));
    }
    Ok(pch)
}

/// The PCH must not change clang's bitcode (checked byte for byte against a plain compile).
fn check_pch(mode: &Mode, pch: &Path, source: &Path, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let plain_bc = dir.join("plain.bc");
    let pch_bc = dir.join("pch.bc");
    let result = (|| {
        let compile = |pch: Option<&Path>, out: &Path| {
            run_tool(
                mode.clang(pch, dir)
                    .arg("-emit-llvm-bc")
                    .arg(source)
                    .arg("-o")
                    .arg(out),
            )
        };
        let (plain_ok, _) = compile(None, &plain_bc)?;
        let (pch_ok, _) = compile(Some(pch), &pch_bc)?;
        if plain_ok != pch_ok {
            return Err("clang accepts the source with the PCH but not without (or back)".into());
        }
        if plain_ok && std::fs::read(&plain_bc).ok() != std::fs::read(&pch_bc).ok() {
            return Err("the precompiled header changes clang's bitcode".to_string());
        }
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(dir);
    result
}

/// One source in one mode: clang's bitcode through the bitcode reader and clang's `.ll`
/// through the text reader. `None` when clang-15 itself rejects the source.
fn cl_case(
    mode: &Mode,
    pch: Option<&Path>,
    source: &Path,
    dir: &Path,
) -> Result<Option<Outcome>, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let bc = dir.join("orig.bc");
    let ll = dir.join("orig.ll");
    let (ok, _) = run_tool(
        mode.clang(pch, dir)
            .arg("-emit-llvm-bc")
            .arg(source)
            .arg("-o")
            .arg(&bc),
    )?;
    if !ok {
        return Ok(None);
    }
    let opts = WriteOptions::default();
    let bytes = std::fs::read(&bc).map_err(|e| e.to_string())?;
    let bitcode_reference = disassemble(&bc)?;
    let from_bitcode = spirvkit_llvm::read_bitcode(&bytes, &bc.display().to_string())
        .map_err(|e| format!("bitcode reader: {e}"))?
        .to_ll(&opts);
    let bitcode = round_trip(&bc, &bitcode_reference, &from_bitcode, dir)
        .map_err(|e| format!("bitcode reader: {e}"))?;

    // clang's own text (it is not always llvm-dis-15 of its bitcode: intrinsic declaration
    // attributes and use-list order differ), assembled by llvm-as-15 for the reference.
    let (ok, text) = run_tool(
        mode.clang(pch, dir)
            .arg("-emit-llvm")
            .arg(source)
            .arg("-o")
            .arg(&ll),
    )?;
    if !ok {
        return Err(format!(
            "clang-15 -emit-llvm fails where -emit-llvm-bc works: {text}"
        ));
    }
    let text_bc = dir.join("orig-text.bc");
    let (ok, text) = run_tool(Command::new("llvm-as-15").arg(&ll).arg("-o").arg(&text_bc))?;
    if !ok {
        return Err(format!("llvm-as-15 rejects clang's text: {text}"));
    }
    let text_reference = disassemble(&text_bc)?;
    let source_text = std::fs::read_to_string(&ll).map_err(|e| e.to_string())?;
    let from_text = spirvkit_llvm::parse_text(&source_text, &ll.display().to_string())
        .map_err(|e| format!("text reader: {e}"))?
        .to_ll(&opts);
    // Same printed text and same reference: llvm-as would give the same answer again.
    let text = if from_text == from_bitcode && text_reference == bitcode_reference {
        bitcode
    } else {
        round_trip(&text_bc, &text_reference, &from_text, dir)
            .map_err(|e| format!("text reader: {e}"))?
    };
    Ok(Some(Outcome { bitcode, text }))
}
