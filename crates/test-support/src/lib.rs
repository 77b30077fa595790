//! Test helpers: where the shared corpora are, and the CI rule that their absence is a failure.
#![forbid(unsafe_code)]

pub mod modern_llvm;
pub mod mutants;
pub mod mutate;

use std::path::{Path, PathBuf};

/// The workspace root (this crate lives in `crates/test-support`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `../shared/corpus` next to the workspace. `None` when it is missing (tests skip), except under
/// `CI=true`, where a missing corpus is a failure: CI must never pass by skipping.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = workspace_root().join("../shared/corpus");
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!(
            "CI=true but the shared corpus is missing at {}",
            dir.display()
        );
    }
    eprintln!("note: {} is missing; corpus tests skipped", dir.display());
    None
}

/// Every file below `dir` whose name ends with one of `extensions`, sorted.
pub fn files_with_extensions(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
