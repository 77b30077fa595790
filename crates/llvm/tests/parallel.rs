//! Function bodies read in parallel give exactly the sequential result: the same module, and
//! for damaged input the same error (bodies before the damage are reported first).

use spirvkit_llvm::bitcode::read_bitcode_with_threshold;
use spirvkit_llvm::{Module, TypeId};
use std::path::{Path, PathBuf};

/// Everything the reader produced, in a form where equal modules print equally (the type
/// table's hash index is left out: its iteration order is not part of the module).
fn canonical(m: &Module) -> String {
    let types: Vec<String> = (0..m.types.len())
        .map(|i| format!("{:?}", m.types.get(TypeId(i as u32))))
        .collect();
    format!(
        "{:?}|{:?}|{:?}|{:?}|{types:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
        m.source_filename,
        m.triple,
        m.datalayout,
        m.module_asm,
        m.types.structs,
        m.constants,
        m.globals,
        m.functions,
        m.aliases,
        m.metadata,
        m.named_metadata,
        m.bitcode_version,
    )
}

fn read(bytes: &[u8], threshold: u64) -> String {
    match read_bitcode_with_threshold(bytes, "input.bc", threshold) {
        Ok(m) => canonical(&m),
        Err(e) => format!("error: {e}"),
    }
}

/// The file, a truncated copy and copies with one damaged byte at several places.
fn variants(bytes: &[u8]) -> Vec<Vec<u8>> {
    let n = bytes.len();
    let mut out = vec![bytes.to_vec(), bytes[..n * 3 / 4].to_vec()];
    for percent in [30, 55, 70, 85, 95] {
        let mut damaged = bytes.to_vec();
        if let Some(b) = damaged.get_mut(n * percent / 100) {
            *b ^= 0x5a;
        }
        out.push(damaged);
    }
    out
}

fn assert_same(name: &str, bytes: &[u8]) {
    for (i, v) in variants(bytes).iter().enumerate() {
        assert_eq!(
            read(v, 0),
            read(v, u64::MAX),
            "{name}, variant {i}: the parallel reader differs from the sequential one"
        );
    }
}

#[test]
fn parallel_bodies_match_sequential_on_test_data() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/data") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "bc") {
            let bytes = std::fs::read(&path).expect("readable");
            assert_same(&path.display().to_string(), &bytes);
            checked += 1;
        }
    }
    assert!(checked >= 4);
}

/// Every 7th corpus file (all of them take a few seconds more in release).
#[test]
fn parallel_bodies_match_sequential_on_corpus() {
    let Some(root) = spirvkit_test_support::corpus_dir() else {
        return;
    };
    let mut files: Vec<PathBuf> = Vec::new();
    let mut dirs = vec![root.join("spir12")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "bc32" || x == "bc64") {
                files.push(p);
            }
        }
    }
    files.sort();
    for f in files.iter().step_by(7) {
        let bytes = std::fs::read(f).expect("readable");
        assert_same(&f.display().to_string(), &bytes);
    }
}
