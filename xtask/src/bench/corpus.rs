//! The SPIR 1.2 corpus, whole: reading every bitcode file (spirvkit in one process vs
//! `llvm-dis-15` per file) and translating every file to SPIR-V (spirvkit in one process vs
//! `llvm-spirv-15` per file, which is how that tool is used).

use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn run_each(
    tool: &str,
    files: &[PathBuf],
    args: impl Fn(&Path, &Path) -> Vec<std::ffi::OsString> + Sync,
) -> anyhow::Result<(f64, usize)> {
    let scratch =
        std::env::temp_dir().join(format!("spirvkit-corpus-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let start = Instant::now();
    let failures: usize = files
        .par_iter()
        .enumerate()
        .map(|(i, f)| {
            let out = scratch.join(format!("{i}.out"));
            let ok = std::process::Command::new(tool)
                .args(args(f, &out))
                .output()
                .is_ok_and(|o| o.status.success());
            let _ = std::fs::remove_file(&out);
            usize::from(!ok)
        })
        .sum();
    let secs = start.elapsed().as_secs_f64();
    let _ = std::fs::remove_dir_all(&scratch);
    Ok((secs, failures))
}

pub fn run() -> anyhow::Result<Vec<String>> {
    let corpus = crate::conformance::corpus_dir()?;
    let files = crate::conformance::files(&corpus.join("spir12"), &["bc32", "bc64"]);
    let bytes: Vec<Vec<u8>> = files.iter().map(std::fs::read).collect::<Result<_, _>>()?;
    let total: usize = bytes.iter().map(Vec::len).sum();
    let mut lines = vec![format!(
        "SPIR 1.2 corpus: {} files, {:.1} MB",
        files.len(),
        total as f64 / 1e6
    )];

    let start = Instant::now();
    let modules: Vec<_> = bytes
        .par_iter()
        .zip(&files)
        .map(|(b, f)| spirvkit_llvm::read_bitcode(b, &f.display().to_string()))
        .collect();
    let read_secs = start.elapsed().as_secs_f64();
    let read_errors = modules.iter().filter(|m| m.is_err()).count();
    let (dis_secs, dis_fail) = run_each("llvm-dis-15", &files, |f, out| {
        vec![f.into(), "-o".into(), out.into()]
    })?;
    lines.push(format!(
        "read all bitcode: spirvkit {read_secs:.2} s (one process, {read_errors} errors) vs llvm-dis-15 {dis_secs:.1} s ({dis_fail} failures): {:.0}x",
        dis_secs / read_secs.max(1e-9)
    ));

    let options = spirvkit_spir::TranslateOptions::default();
    let start = Instant::now();
    let translated: usize = bytes
        .par_iter()
        .zip(&files)
        .filter(|(b, f)| {
            spirvkit_llvm::read_bitcode(b, &f.display().to_string())
                .ok()
                .and_then(|m| spirvkit_spir::translate(&m, &options).ok())
                .map(|m| m.to_bytes())
                .is_some()
        })
        .count();
    let ours = start.elapsed().as_secs_f64();
    let (theirs, their_fail) = run_each("llvm-spirv-15", &files, |f, out| {
        vec![f.into(), "-o".into(), out.into()]
    })?;
    lines.push(format!(
        "translate all: spirvkit {ours:.2} s ({translated} translated, one process) vs llvm-spirv-15 {theirs:.1} s ({their_fail} failures): {:.0}x",
        theirs / ours.max(1e-9)
    ));
    Ok(lines)
}
