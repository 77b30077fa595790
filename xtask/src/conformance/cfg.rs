//! `spirvkit cfg` against spirv-cfg: identical DOT text and exit status on every glslang
//! binary and on every spvasm file assembled by the reference assembler; and the SVG of each
//! is produced (well-formedness is checked by the cli tests).

use super::{files, reference_assemble, Context, SectionReport};
use anyhow::{bail, Context as _};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The release `spirvkit` binary, rebuilt if stale (`$SPIRVKIT_BIN` overrides).
fn spirvkit_bin() -> anyhow::Result<PathBuf> {
    if let Some(p) = std::env::var_os("SPIRVKIT_BIN") {
        return Ok(PathBuf::from(p));
    }
    let root = crate::workspace_root();
    let st = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "-q", "-p", "spirvkit-cli"])
        .current_dir(&root)
        .status()
        .context("building spirvkit")?;
    if !st.success() {
        bail!("cargo build --release -p spirvkit-cli failed");
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    Ok(target.join("release/spirvkit"))
}

/// Compares the DOT of one binary file; `Err` describes the difference.
fn compare(tools: &Path, bin: &Path, spv: &Path) -> Result<(), String> {
    let reference = Command::new(tools.join("spirv-cfg"))
        .arg(spv)
        .output()
        .map_err(|e| e.to_string())?;
    let ours = Command::new(bin)
        .arg("cfg")
        .arg(spv)
        .output()
        .map_err(|e| e.to_string())?;
    if reference.status.success() != ours.status.success() {
        return Err(format!(
            "spirv-cfg {} but spirvkit cfg {}",
            reference.status, ours.status
        ));
    }
    if reference.stdout != ours.stdout {
        let r = String::from_utf8_lossy(&reference.stdout);
        let o = String::from_utf8_lossy(&ours.stdout);
        let first = r
            .lines()
            .zip(o.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(r.lines().count().min(o.lines().count()));
        return Err(format!(
            "DOT differs at line {}: spirv-cfg {:?}, spirvkit {:?}",
            first + 1,
            r.lines().nth(first).unwrap_or(""),
            o.lines().nth(first).unwrap_or("")
        ));
    }
    let svg = Command::new(bin)
        .args(["cfg", "--format", "svg"])
        .arg(spv)
        .output()
        .map_err(|e| e.to_string())?;
    if reference.status.success() && (!svg.status.success() || !svg.stdout.ends_with(b"</svg>\n")) {
        return Err("no SVG".into());
    }
    Ok(())
}

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let bin = spirvkit_bin()?;
    let binaries = files(&ctx.corpus.join("spv"), &["spv"]);
    let sources = files(
        &ctx.corpus.join("spvasm"),
        &["spvasm", "spvasm32", "spvasm64"],
    );
    let scratch = crate::workspace_root().join("target/conformance-cfg");
    std::fs::create_dir_all(&scratch)?;
    let bin_failures: Vec<String> = binaries
        .par_iter()
        .filter_map(|p| {
            compare(&ctx.tools, &bin, p)
                .err()
                .map(|e| format!("{}: {e}", p.display()))
        })
        .collect();
    let asm_failures: Vec<String> = sources
        .par_iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let result = reference_assemble(&ctx.tools, p)
                .map_err(|e| format!("{e:#}"))
                .and_then(|bytes| {
                    let spv = scratch.join(format!("{i}.spv"));
                    std::fs::write(&spv, bytes).map_err(|e| e.to_string())?;
                    let r = compare(&ctx.tools, &bin, &spv);
                    let _ = std::fs::remove_file(&spv);
                    r
                });
            result.err().map(|e| format!("{}: {e}", p.display()))
        })
        .collect();
    let lines = vec![
        format!(
            "glslang binaries: {} of {} DOT identical to spirv-cfg",
            binaries.len() - bin_failures.len(),
            binaries.len()
        ),
        format!(
            "spvasm (assembled by spirv-as): {} of {} DOT identical to spirv-cfg",
            sources.len() - asm_failures.len(),
            sources.len()
        ),
    ];
    let mut failures = bin_failures;
    failures.extend(asm_failures);
    Ok(SectionReport {
        name: "cfg (spirv-cfg DOT)",
        lines,
        failures,
    })
}
