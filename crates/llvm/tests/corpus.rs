//! Corpus tests: every SPIR 1.2 bitcode file of ../shared/corpus/spir12 is read
//! and printed; with `--ignored`, the printed .ll is also checked with
//! llvm-as-15 and llvm-diff-15 against the original bitcode.
//!
//! The corpus lives outside the repository (`<workspace>/../shared/corpus`).
//! Missing corpus: the tests are skipped, unless CI=true, where they fail.

use std::path::{Path, PathBuf};
use std::process::Command;

use spirvkit_llvm::{read_bitcode, WriteOptions};

fn corpus_root() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/spir12");
    if root.is_dir() {
        return Some(root);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("corpus missing at {} and CI=true", root.display());
    }
    eprintln!("skipping: corpus not found at {}", root.display());
    None
}

fn corpus_files(root: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| exts.contains(&x))
            {
                files.push(p);
            }
        }
    }
    files.sort();
    if let Ok(filter) = std::env::var("SPIRVKIT_CORPUS_FILTER") {
        files.retain(|f| f.to_string_lossy().contains(&filter));
    }
    files
}

#[test]
fn corpus_bitcode_reads_and_prints() {
    let Some(root) = corpus_root() else {
        return;
    };
    let files = corpus_files(&root, &["bc32", "bc64"]);
    let mut failures = Vec::new();
    for f in &files {
        let bytes = std::fs::read(f).expect("corpus file readable");
        match read_bitcode(&bytes, &f.display().to_string()) {
            Ok(m) => {
                let ll = m.to_ll(&WriteOptions::default());
                assert!(!ll.is_empty());
            }
            Err(e) => failures.push(e.to_string()),
        }
    }
    for f in failures.iter().take(20) {
        eprintln!("{f}");
    }
    eprintln!(
        "corpus bitcode: {} read, {} failed",
        files.len() - failures.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{} corpus files failed", failures.len());
}

fn tool(name: &str) -> Option<String> {
    Command::new(name)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| name.to_string())
}

/// read -> print .ll -> llvm-as-15 -> llvm-diff-15 against the original.
fn round_trip(path: &Path, tmp: &Path, opts: &WriteOptions) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let m = read_bitcode(&bytes, &path.display().to_string()).map_err(|e| format!("read: {e}"))?;
    let ll = m.to_ll(opts);
    let ll_path = tmp.join("out.ll");
    let bc_path = tmp.join("out.bc");
    std::fs::write(&ll_path, &ll).map_err(|e| e.to_string())?;
    let out = Command::new("llvm-as-15")
        .arg(&ll_path)
        .arg("-o")
        .arg(&bc_path)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("llvm-as: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let out = Command::new("llvm-diff-15")
        .arg(path)
        .arg(&bc_path)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() || !out.stderr.is_empty() {
        return Err(format!(
            "llvm-diff: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

#[test]
#[ignore = "slow; needs llvm-as-15 and llvm-diff-15 (see CONFORMANCE.md)"]
fn corpus_bitcode_round_trips_through_llvm_tools() {
    let Some(root) = corpus_root() else {
        return;
    };
    if tool("llvm-as-15").is_none() || tool("llvm-diff-15").is_none() {
        eprintln!("skipping: llvm-as-15/llvm-diff-15 not installed");
        return;
    }
    let files = corpus_files(&root, &["bc32", "bc64"]);
    let tmp = std::env::temp_dir().join(format!("spirvkit-llvm-rt-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let mut failures = Vec::new();
    for f in &files {
        if let Err(e) = round_trip(f, &tmp, &WriteOptions::default()) {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    for f in failures.iter().take(30) {
        eprintln!("FAIL {f}");
    }
    eprintln!(
        "round trip: {} of {} passed, {} failed",
        files.len() - failures.len(),
        files.len(),
        failures.len()
    );
    assert!(failures.is_empty());
}

/// Developer aid: `SPIRVKIT_DUMP=in.bc cargo test -p spirvkit-llvm --test corpus dump -- --ignored --nocapture`
#[test]
#[ignore = "developer aid"]
fn dump() {
    let Ok(path) = std::env::var("SPIRVKIT_DUMP") else {
        return;
    };
    match spirvkit_llvm::read_file(Path::new(&path)) {
        Ok(m) => {
            let opts = if std::env::var("SPIRVKIT_OPAQUE").is_ok() {
                WriteOptions::opaque()
            } else {
                WriteOptions::default()
            };
            print!("{}", m.to_ll(&opts))
        }
        Err(e) => println!("ERROR: {e}"),
    }
}
