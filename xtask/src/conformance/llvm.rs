//! LLVM reader/writer: every corpus bitcode is read (bitcode reader, and the text reader on
//! `llvm-dis-15`'s view of it), printed as `.ll`, re-assembled by `llvm-as-15` and compared
//! with the original. The corpus `.cl` sources compiled by clang-15 go the same way in the
//! `llvm-cl` section (`llvm_cl.rs`). See crates/llvm/CONFORMANCE.md for why llvm-dis text is compared first
//! and llvm-diff is the fallback.

use super::{Context, SectionReport};
use rayon::prelude::*;
use spirvkit_llvm::WriteOptions;
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let scratch = Scratch::new("llvm")?;
    let files = super::files(&ctx.corpus.join("spir12"), &["bc32", "bc64"]);
    let outcomes: Vec<(String, Result<Outcome, String>)> = files
        .par_iter()
        .enumerate()
        .map(|(i, f)| {
            let dir = scratch.case(i);
            let r = bitcode_case(f, &dir);
            let _ = std::fs::remove_dir_all(&dir);
            (f.display().to_string(), r)
        })
        .collect();
    let mut lines = Vec::new();
    let mut failures = Vec::new();
    tally("corpus .bc32/.bc64", &outcomes, &mut lines, &mut failures);
    Ok(SectionReport {
        name: "LLVM reader/writer: corpus bitcode → .ll → llvm-as-15 round trip",
        lines,
        failures,
    })
}

/// A corpus bitcode file: read by the bitcode reader, and its `llvm-dis-15` text by the text
/// reader; both printed and round-tripped.
fn bitcode_case(path: &Path, dir: &Path) -> Result<Outcome, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let reference = disassemble(path)?;
    both_readers(path, &bytes, &reference, &WriteOptions::default(), dir)
}

/// Reads `bytes` (bitcode) and `reference` (its llvm-dis text) with spirvkit's two readers and
/// round-trips what each prints.
pub fn both_readers(
    original: &Path,
    bytes: &[u8],
    reference: &str,
    opts: &WriteOptions,
    dir: &Path,
) -> Result<Outcome, String> {
    let name = original.display().to_string();
    let from_bitcode = spirvkit_llvm::read_bitcode(bytes, &name)
        .map_err(|e| format!("bitcode reader: {e}"))?
        .to_ll(opts);
    let from_text = spirvkit_llvm::parse_text(reference, &name)
        .map_err(|e| format!("text reader: {e}"))?
        .to_ll(opts);
    let bitcode = round_trip(original, reference, &from_bitcode, dir)
        .map_err(|e| format!("bitcode reader: {e}"))?;
    // The same printed text gives the same llvm-as result: only differing text is re-checked.
    let text = if from_text == from_bitcode {
        bitcode
    } else {
        round_trip(original, reference, &from_text, dir).map_err(|e| format!("text reader: {e}"))?
    };
    Ok(Outcome { bitcode, text })
}

/// How one input fared through both readers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub bitcode: Same,
    pub text: Same,
}

/// How the re-assembled output matched the original.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Same {
    /// `llvm-dis-15` of both is the same text.
    Identical,
    /// `llvm-diff-15` reports only what it reports comparing the original with itself.
    DiffClean,
}

/// `llvm-dis-15` text of a bitcode file without the lines that name the file.
pub fn disassemble(path: &Path) -> Result<String, String> {
    let (ok, text) = run_tool(Command::new("llvm-dis-15").arg(path).arg("-o").arg("-"))?;
    if !ok {
        return Err(format!("llvm-dis-15: {text}"));
    }
    Ok(without_file_names(&text))
}

/// Drops `; ModuleID` and `source_filename`: they name the file, not its content.
pub fn without_file_names(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if !line.starts_with("; ModuleID") && !line.starts_with("source_filename") {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Runs a tool, returning success and stdout+stderr.
pub fn run_tool(cmd: &mut Command) -> Result<(bool, String), String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    Ok((out.status.success(), text))
}

/// `ll` -> `llvm-as-15` -> `llvm-dis-15`, compared with `reference` (the original's llvm-dis
/// text); on a difference `llvm-diff-15` decides.
pub fn round_trip(original: &Path, reference: &str, ll: &str, dir: &Path) -> Result<Same, String> {
    let ll_path = dir.join("ours.ll");
    let bc_path = dir.join("ours.bc");
    std::fs::write(&ll_path, ll).map_err(|e| e.to_string())?;
    let (ok, text) = run_tool(
        Command::new("llvm-as-15")
            .arg(&ll_path)
            .arg("-o")
            .arg(&bc_path),
    )?;
    if !ok {
        return Err(format!("llvm-as-15 rejects the printed .ll: {text}"));
    }
    if disassemble(&bc_path)? == reference {
        return Ok(Same::Identical);
    }
    let (_, diff) = run_tool(Command::new("llvm-diff-15").arg(original).arg(&bc_path))?;
    let (_, baseline) = run_tool(Command::new("llvm-diff-15").arg(original).arg(original))?;
    // Identified structs of the second module get ".0" suffixes in llvm-diff's shared context.
    let unsuffixed = |s: &str| s.replace(".0,", ",").replace(".0 ", " ");
    if unsuffixed(&diff) == unsuffixed(&baseline) {
        return Ok(Same::DiffClean);
    }
    Err(format!(
        "llvm-diff-15: {}",
        diff.lines().take(12).collect::<Vec<_>>().join("\n")
    ))
}

/// Counts outcomes into one report line, failures into `failures`.
pub fn tally(
    label: &str,
    outcomes: &[(String, Result<Outcome, String>)],
    lines: &mut Vec<String>,
    failures: &mut Vec<String>,
) {
    let count = |pick: fn(&Outcome) -> Same, want: Same| {
        outcomes
            .iter()
            .filter(|(_, r)| r.as_ref().is_ok_and(|o| pick(o) == want))
            .count()
    };
    let before = failures.len();
    failures.extend(
        outcomes
            .iter()
            .filter_map(|(f, r)| r.as_ref().err().map(|e| format!("{f}: {e}"))),
    );
    lines.push(format!(
        "{label}: {} inputs; bitcode reader {} identical + {} llvm-diff clean; text reader {} identical + {} llvm-diff clean; {} failed",
        outcomes.len(),
        count(|o| o.bitcode, Same::Identical),
        count(|o| o.bitcode, Same::DiffClean),
        count(|o| o.text, Same::Identical),
        count(|o| o.text, Same::DiffClean),
        failures.len() - before
    ));
}

/// A temporary folder for one run, removed when dropped.
pub struct Scratch {
    pub root: PathBuf,
}

impl Scratch {
    pub fn new(label: &str) -> anyhow::Result<Self> {
        let root = std::env::temp_dir().join(format!("spirvkit-{label}-{}", std::process::id()));
        std::fs::create_dir_all(&root)?;
        Ok(Scratch { root })
    }

    pub fn case(&self, i: usize) -> PathBuf {
        self.root.join(i.to_string())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// Runs `case` on every `step`-th corpus `.bc32`/`.bc64` (all with `--full`) in parallel, each
/// with its index and its own scratch path; returns how many ran and the failures as
/// `path: reason` lines.
pub fn corpus_bitcode_cases(
    ctx: &super::Context,
    scratch: &Scratch,
    step: usize,
    case: impl Fn(usize, &std::path::Path, &std::path::Path) -> Result<(), String> + Sync,
) -> (usize, Vec<String>) {
    use rayon::prelude::*;
    let all = super::files(&ctx.corpus.join("spir12"), &["bc32", "bc64"]);
    let step = if ctx.full { 1 } else { step };
    let files: Vec<_> = all.iter().step_by(step).collect();
    let failures = files
        .par_iter()
        .enumerate()
        .filter_map(|(i, f)| {
            case(i, f, &scratch.case(i))
                .err()
                .map(|e| format!("{}: {e}", f.display()))
        })
        .collect();
    (files.len(), failures)
}
