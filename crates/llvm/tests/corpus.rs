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
    spirvkit_test_support::corpus_dir().map(|d| d.join("spir12"))
}

/// The corpus files with these extensions, narrowed by `SPIRVKIT_CORPUS_FILTER` (a substring).
fn corpus_files(root: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut files = spirvkit_test_support::files_with_extensions(root, exts);
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
    assert!(
        failures.is_empty(),
        "{} corpus files failed",
        failures.len()
    );
}

fn tool(name: &str) -> Option<String> {
    Command::new(name)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| name.to_string())
}

fn run(cmd: &mut Command) -> Result<(bool, String), String> {
    let out = cmd.output().map_err(|e| e.to_string())?;
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    Ok((out.status.success(), text))
}

fn disassemble(path: &Path) -> Result<String, String> {
    let mut cmd = Command::new("llvm-dis-15");
    if std::env::var("SPIRVKIT_OPAQUE").is_ok() {
        // Compare opaque output with LLVM's own opaque view of the original.
        cmd.arg("-opaque-pointers");
    }
    let (ok, text) = run(cmd.arg(path).arg("-o").arg("-"))?;
    if !ok {
        return Err(format!("llvm-dis: {text}"));
    }
    // The module id and source file name name the file, not its content.
    Ok(text
        .lines()
        .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Outcome of one round trip.
#[derive(Debug, PartialEq, Eq)]
pub enum RoundTrip {
    /// llvm-dis of the original and of the re-assembled output are identical.
    Identical,
    /// llvm-diff reports exactly what it reports comparing the original with
    /// itself (it flags identified structs as different across modules).
    DiffClean,
    /// clang-15 itself rejects the input (not a reader problem): counted apart.
    InputRejected,
}

/// read -> print .ll -> llvm-as-15 -> compare with the original via llvm-dis-15
/// and llvm-diff-15.
pub fn round_trip(path: &Path, bytes: &[u8], ll: &str, tmp: &Path) -> Result<RoundTrip, String> {
    let _ = bytes;
    let ll_path = tmp.join("out.ll");
    let bc_path = tmp.join("out.bc");
    std::fs::write(&ll_path, ll).map_err(|e| e.to_string())?;
    let (ok, text) = run(Command::new("llvm-as-15")
        .arg(&ll_path)
        .arg("-o")
        .arg(&bc_path))?;
    if !ok {
        return Err(format!("llvm-as: {text}"));
    }
    if disassemble(path)? == disassemble(&bc_path)? {
        return Ok(RoundTrip::Identical);
    }
    let (_, diff) = run(Command::new("llvm-diff-15").arg(path).arg(&bc_path))?;
    let (_, baseline) = run(Command::new("llvm-diff-15").arg(path).arg(path))?;
    // Struct renaming across modules shows as ".0" suffixes in the second module.
    if diff.replace(".0,", ",").replace(".0 ", " ")
        == baseline.replace(".0,", ",").replace(".0 ", " ")
    {
        return Ok(RoundTrip::DiffClean);
    }
    Err(format!(
        "llvm-diff: {}",
        diff.lines().take(12).collect::<Vec<_>>().join("\n")
    ))
}

#[test]
#[ignore = "slow; needs llvm-as-15, llvm-dis-15 and llvm-diff-15 (see CONFORMANCE.md)"]
fn corpus_bitcode_round_trips_through_llvm_tools() {
    use rayon::prelude::*;
    let Some(root) = corpus_root() else {
        return;
    };
    if tool("llvm-as-15").is_none()
        || tool("llvm-diff-15").is_none()
        || tool("llvm-dis-15").is_none()
    {
        eprintln!("skipping: llvm-as-15/llvm-dis-15/llvm-diff-15 not installed");
        return;
    }
    let opts = if std::env::var("SPIRVKIT_OPAQUE").is_ok() {
        WriteOptions::opaque()
    } else {
        WriteOptions::default()
    };
    let files = corpus_files(&root, &["bc32", "bc64"]);
    let base = std::env::temp_dir().join(format!("spirvkit-llvm-rt-{}", std::process::id()));
    let results: Vec<(PathBuf, Result<RoundTrip, String>)> = files
        .par_iter()
        .enumerate()
        .map(|(i, f)| {
            let tmp = base.join(i.to_string());
            let r = (|| {
                std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
                let bytes = std::fs::read(f).map_err(|e| e.to_string())?;
                let m = read_bitcode(&bytes, &f.display().to_string())
                    .map_err(|e| format!("read: {e}"))?;
                let ll = m.to_ll(&opts);
                round_trip(f, &bytes, &ll, &tmp)
            })();
            let _ = std::fs::remove_dir_all(&tmp);
            (f.clone(), r)
        })
        .collect();
    let _ = std::fs::remove_dir_all(&base);
    let identical = results
        .iter()
        .filter(|(_, r)| r == &Ok(RoundTrip::Identical))
        .count();
    let diff_clean = results
        .iter()
        .filter(|(_, r)| r == &Ok(RoundTrip::DiffClean))
        .count();
    let failures: Vec<String> = results
        .iter()
        .filter_map(|(f, r)| r.as_ref().err().map(|e| format!("{}: {e}", f.display())))
        .collect();
    if let Ok(path) = std::env::var("SPIRVKIT_RT_REPORT") {
        let _ = std::fs::write(path, failures.join("\n----\n"));
    }
    for f in failures.iter().take(10) {
        eprintln!("FAIL {f}");
    }
    eprintln!(
        "round trip: {} files, {} identical llvm-dis, {} llvm-diff clean, {} failed",
        files.len(),
        identical,
        diff_clean,
        failures.len()
    );
    assert!(failures.is_empty());
}

fn report(label: &str, total: usize, results: &[(String, Result<RoundTrip, String>)]) {
    let identical = results
        .iter()
        .filter(|(_, r)| r == &Ok(RoundTrip::Identical))
        .count();
    let diff_clean = results
        .iter()
        .filter(|(_, r)| r == &Ok(RoundTrip::DiffClean))
        .count();
    let rejected = results
        .iter()
        .filter(|(_, r)| r == &Ok(RoundTrip::InputRejected))
        .count();
    let failures: Vec<String> = results
        .iter()
        .filter_map(|(f, r)| r.as_ref().err().map(|e| format!("{f}: {e}")))
        .collect();
    if let Ok(path) = std::env::var("SPIRVKIT_RT_REPORT") {
        let _ = std::fs::write(format!("{path}.{label}"), failures.join("\n----\n"));
    }
    for f in failures.iter().take(10) {
        eprintln!("FAIL {f}");
    }
    eprintln!(
        "{label}: {total} inputs, {identical} identical llvm-dis, {diff_clean} llvm-diff clean, \
         {rejected} rejected by clang (skipped), {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{label}: {} failures", failures.len());
}

fn tools_present() -> bool {
    ["llvm-as-15", "llvm-dis-15", "llvm-diff-15"]
        .iter()
        .all(|t| tool(t).is_some())
}

/// llvm-dis-15 output of every corpus bitcode file, read by `parse_text`.
#[test]
#[ignore = "slow; needs llvm-as-15, llvm-dis-15 and llvm-diff-15 (see CONFORMANCE.md)"]
fn corpus_text_round_trips_through_llvm_tools() {
    use rayon::prelude::*;
    let Some(root) = corpus_root() else {
        return;
    };
    if !tools_present() {
        eprintln!("skipping: LLVM 15 tools not installed");
        return;
    }
    let files = corpus_files(&root, &["bc32", "bc64"]);
    let base = std::env::temp_dir().join(format!("spirvkit-llvm-text-{}", std::process::id()));
    let results: Vec<(String, Result<RoundTrip, String>)> = files
        .par_iter()
        .enumerate()
        .map(|(i, f)| {
            let tmp = base.join(i.to_string());
            let r = (|| {
                std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
                let (ok, text) = run(Command::new("llvm-dis-15").arg(f).arg("-o").arg("-"))?;
                if !ok {
                    return Err(format!("llvm-dis: {text}"));
                }
                let m = spirvkit_llvm::parse_text(&text, &f.display().to_string())
                    .map_err(|e| format!("parse: {e}"))?;
                round_trip(f, &[], &m.to_ll(&WriteOptions::default()), &tmp)
            })();
            let _ = std::fs::remove_dir_all(&tmp);
            (f.display().to_string(), r)
        })
        .collect();
    let _ = std::fs::remove_dir_all(&base);
    report("text", files.len(), &results);
}

/// Every .cl compiled by clang-15 (opaque and typed pointers; text and
/// bitcode) is read and round-trips. `SPIRVKIT_CL_STRIDE=N` checks every N-th file.
#[test]
#[ignore = "slow; needs clang-15 and LLVM 15 tools (see CONFORMANCE.md)"]
fn corpus_cl_round_trips_through_clang() {
    use rayon::prelude::*;
    let Some(root) = corpus_root() else {
        return;
    };
    if !tools_present() || tool("clang-15").is_none() {
        eprintln!("skipping: clang-15 / LLVM 15 tools not installed");
        return;
    }
    let stride: usize = std::env::var("SPIRVKIT_CL_STRIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1);
    let files: Vec<PathBuf> = corpus_files(&root, &["cl"])
        .into_iter()
        .step_by(stride)
        .collect();
    let base = std::env::temp_dir().join(format!("spirvkit-llvm-cl-{}", std::process::id()));
    let cases: Vec<(usize, &PathBuf, bool, bool)> = files
        .iter()
        .enumerate()
        .flat_map(|(i, f)| {
            [(false, false), (false, true), (true, false), (true, true)]
                .into_iter()
                .map(move |(typed, text)| (i, f, typed, text))
        })
        .collect();
    let results: Vec<(String, Result<RoundTrip, String>)> = cases
        .par_iter()
        .map(|&(i, f, typed, text)| {
            let tmp = base.join(format!("{i}-{typed}-{text}"));
            let label = format!(
                "{} [{} {}]",
                f.display(),
                if typed { "typed" } else { "opaque" },
                if text { "text" } else { "bitcode" }
            );
            let r = (|| {
                std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
                let orig_bc = tmp.join("orig.bc");
                let orig_ll = tmp.join("orig.ll");
                let mut cmd = Command::new("clang-15");
                cmd.args([
                    "-cc1",
                    "-triple",
                    "spir64-unknown-unknown",
                    "-cl-std=CL1.2",
                    "-finclude-default-header",
                ]);
                if typed {
                    cmd.arg("-no-opaque-pointers");
                }
                if text {
                    cmd.arg("-emit-llvm").arg(f).arg("-o").arg(&orig_ll);
                } else {
                    cmd.arg("-emit-llvm-bc").arg(f).arg("-o").arg(&orig_bc);
                }
                let (ok, out) = run(&mut cmd)?;
                if !ok {
                    eprintln!(
                        "clang-15 rejects {}: {}",
                        f.display(),
                        out.lines().next().unwrap_or("")
                    );
                    return Ok(RoundTrip::InputRejected);
                }
                let m = if text {
                    let (ok, out) = run(Command::new("llvm-as-15")
                        .arg(&orig_ll)
                        .arg("-o")
                        .arg(&orig_bc))?;
                    if !ok {
                        return Err(format!("llvm-as of clang output: {out}"));
                    }
                    let src = std::fs::read_to_string(&orig_ll).map_err(|e| e.to_string())?;
                    spirvkit_llvm::parse_text(&src, &orig_ll.display().to_string())
                        .map_err(|e| format!("parse: {e}"))?
                } else {
                    let bytes = std::fs::read(&orig_bc).map_err(|e| e.to_string())?;
                    read_bitcode(&bytes, &orig_bc.display().to_string())
                        .map_err(|e| format!("read: {e}"))?
                };
                round_trip(&orig_bc, &[], &m.to_ll(&WriteOptions::default()), &tmp)
            })();
            let _ = std::fs::remove_dir_all(&tmp);
            (label, r)
        })
        .collect();
    let _ = std::fs::remove_dir_all(&base);
    report("cl", cases.len(), &results);
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
            let out = std::env::var("SPIRVKIT_DUMP_OUT").unwrap_or_else(|_| "/dev/stdout".into());
            std::fs::write(out, m.to_ll(&opts)).expect("write dump");
        }
        Err(e) => panic!("ERROR: {e}"),
    }
}

/// Reading speed: the whole corpus in one process (sequential and with rayon).
/// Compare with `time (for f in ...; do llvm-dis-15 $f -o /dev/null; done)`.
#[test]
#[ignore = "measurement; run with --release (see CONFORMANCE.md)"]
fn corpus_read_timing() {
    use rayon::prelude::*;
    let Some(root) = corpus_root() else {
        return;
    };
    let files = corpus_files(&root, &["bc32", "bc64"]);
    let data: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|f| (f.display().to_string(), std::fs::read(f).expect("readable")))
        .collect();
    let bytes: usize = data.iter().map(|(_, d)| d.len()).sum();
    let start = std::time::Instant::now();
    for (name, d) in &data {
        read_bitcode(d, name).expect("reads");
    }
    let read_seq = start.elapsed();
    let start = std::time::Instant::now();
    for (name, d) in &data {
        let m = read_bitcode(d, name).expect("reads");
        let _ = m.to_ll(&WriteOptions::default());
    }
    let read_print_seq = start.elapsed();
    let start = std::time::Instant::now();
    data.par_iter().for_each(|(name, d)| {
        let m = read_bitcode(d, name).expect("reads");
        let _ = m.to_ll(&WriteOptions::default());
    });
    let read_print_par = start.elapsed();
    eprintln!(
        "{} files, {} KiB: read {:?}, read+print {:?}, read+print parallel {:?}",
        data.len(),
        bytes / 1024,
        read_seq,
        read_print_seq,
        read_print_par
    );
}
