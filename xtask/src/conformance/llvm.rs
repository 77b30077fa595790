//! LLVM reader/writer: every corpus bitcode is read, printed as `.ll`, re-assembled by
//! `llvm-as-15` and compared with the original (the comparison lives with the crate, in
//! `crates/llvm/tests/corpus.rs`; see crates/llvm/CONFORMANCE.md for why llvm-dis text is
//! compared first and llvm-diff is the fallback).

use super::{Context, SectionReport};

pub fn run(_ctx: &Context) -> anyhow::Result<SectionReport> {
    let root = crate::workspace_root();
    let out = std::process::Command::new("cargo")
        .args([
            "test",
            "--release",
            "-q",
            "-p",
            "spirvkit-llvm",
            "--test",
            "corpus",
            "corpus_bitcode_round_trips",
        ])
        .args(["--", "--ignored", "--nocapture"])
        .current_dir(&root)
        .output()?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = text
        .lines()
        .filter(|l| {
            l.contains("identical")
                || l.contains("round trip")
                || l.contains("failed")
                || l.starts_with("test result")
        })
        .map(str::to_owned)
        .take(20)
        .collect();
    let failures = if out.status.success() {
        Vec::new()
    } else {
        vec![format!("the LLVM corpus round trip failed:\n{text}")]
    };
    Ok(SectionReport {
        name: "LLVM bitcode → .ll → llvm-as round trip",
        lines,
        failures,
    })
}
