//! Conformance of spirvkit's assembler and disassembler with SPIRV-Tools' spirv-as/spirv-dis:
//! every corpus `.spvasm*` assembles byte-identically, every corpus binary disassembles
//! text-identically (default and `--raw-id`), and `dis | as` round-trips every binary.

use anyhow::{bail, Context, Result};
use rayon::prelude::*;
use spirvkit_text::{assemble, disassemble, AssembleOptions, DisassembleOptions, TargetEnv};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

static TEMP_COUNTER: AtomicUsize = AtomicUsize::new(0);
static FRIENDLY_EXACT: AtomicUsize = AtomicUsize::new(0);

fn temp_path(ext: &str) -> PathBuf {
    let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "spirvkit-text-conf-{}-{n}.{ext}",
        std::process::id()
    ))
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>, pred: &dyn Fn(&Path) -> bool) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out, pred);
        } else if pred(&p) {
            out.push(p);
        }
    }
}

/// The reference tool `name`: the native binary inside a cmeel venv when `tools` is such a
/// venv's `bin` (its `bin/spirv-*` are Python launchers costing ~0.5 s per call), else
/// `tools/name`.
pub fn reference_tool(tools: &Path, name: &str) -> PathBuf {
    if let Ok(rd) = std::fs::read_dir(tools.join("../lib")) {
        for e in rd.flatten() {
            let p = e.path().join("site-packages/cmeel.prefix/bin").join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    tools.join(name)
}

fn words_of(bytes: &[u8]) -> Result<Vec<u32>> {
    Ok(spirvkit_core::words_from_bytes(bytes)
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .0)
}

/// Runs the reference assembler; None when it rejects the file.
fn reference_as(tools: &Path, file: &Path) -> Result<Option<Vec<u32>>> {
    let out = temp_path("spv");
    let st = Command::new(reference_tool(tools, "spirv-as"))
        .args(["--target-env", "spv1.6"])
        .arg(file)
        .arg("-o")
        .arg(&out)
        .output()
        .context("running spirv-as")?;
    if !st.status.success() {
        let _ = std::fs::remove_file(&out);
        return Ok(None);
    }
    let bytes = std::fs::read(&out)?;
    let _ = std::fs::remove_file(&out);
    Ok(Some(words_of(&bytes)?))
}

fn reference_dis(tools: &Path, file: &Path, args: &[&str]) -> Result<Option<String>> {
    let st = Command::new(reference_tool(tools, "spirv-dis"))
        .args(args)
        .arg(file)
        .args(["-o", "-"])
        .output()
        .context("running spirv-dis")?;
    if !st.status.success() {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&st.stdout).into_owned()))
}

fn first_diff(a: &str, b: &str) -> String {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}: expected `{}`, got `{}`", i + 1, y, x);
        }
    }
    format!(
        "line counts differ: got {}, expected {}",
        a.lines().count(),
        b.lines().count()
    )
}

#[derive(Default)]
struct Tally {
    name: &'static str,
    total: usize,
    ok: usize,
    failures: Vec<String>,
    note: String,
}

impl Tally {
    fn line(&self) -> String {
        format!(
            "text {}: {}/{} identical{}",
            self.name, self.ok, self.total, self.note
        )
    }
}

fn tally(name: &'static str, results: Vec<std::result::Result<(), String>>) -> Tally {
    let mut t = Tally {
        name,
        total: results.len(),
        ..Default::default()
    };
    for r in results {
        match r {
            Ok(()) => t.ok += 1,
            Err(e) => t.failures.push(e),
        }
    }
    t
}

/// Runs the whole text conformance suite.
pub fn run(corpus: &Path, tools: &Path) -> Result<Vec<String>> {
    let mut asm_files = Vec::new();
    files_under(&corpus.join("spvasm"), &mut asm_files, &|p| {
        p.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.starts_with("spvasm"))
    });
    let mut bin_files = Vec::new();
    files_under(&corpus.join("spv"), &mut bin_files, &|p| {
        p.extension().is_some_and(|e| e == "spv")
    });
    if asm_files.is_empty() && bin_files.is_empty() {
        bail!("no corpus files under {}", corpus.display());
    }

    // 1. Assembler: byte-identical to spirv-as --target-env spv1.6.
    type AsmResult = (PathBuf, Option<Vec<u32>>, std::result::Result<(), String>);
    let asm_results: Vec<AsmResult> = asm_files
        .par_iter()
        .map(|f| {
            let source = match std::fs::read(f) {
                Ok(b) => String::from_utf8_lossy(&b).into_owned(),
                Err(e) => return (f.clone(), None, Err(format!("{}: {e}", f.display()))),
            };
            let reference = match reference_as(tools, f) {
                Ok(r) => r,
                Err(e) => return (f.clone(), None, Err(format!("{}: {e}", f.display()))),
            };
            let opts = AssembleOptions {
                target_env: Some(TargetEnv::Spv(1, 6)),
                ..Default::default()
            };
            let ours = assemble(&source, &opts);
            let r = match (&reference, ours) {
                (Some(r), Ok(o)) if *r == o => Ok(()),
                (Some(r), Ok(o)) => {
                    let at = r
                        .iter()
                        .zip(&o)
                        .position(|(a, b)| a != b)
                        .unwrap_or(r.len().min(o.len()));
                    Err(format!(
                        "{}: words differ at word {at} (expected {} words, got {})",
                        f.display(),
                        r.len(),
                        o.len()
                    ))
                }
                (Some(_), Err(e)) => Err(format!(
                    "{}: spirv-as accepts it, spirvkit: {e}",
                    f.display()
                )),
                (None, Ok(_)) => Err(format!(
                    "{}: spirv-as rejects it, spirvkit accepts it",
                    f.display()
                )),
                (None, Err(_)) => Ok(()),
            };
            (f.clone(), reference, r)
        })
        .collect();
    let mut binaries: Vec<(String, Vec<u32>, Option<PathBuf>)> = Vec::new();
    for f in &bin_files {
        let bytes = std::fs::read(f)?;
        if let Ok(w) = words_of(&bytes) {
            binaries.push((f.display().to_string(), w, Some(f.clone())));
        }
    }
    let mut asm_tally = Vec::new();
    for (f, reference, r) in asm_results {
        asm_tally.push(r);
        if let Some(words) = reference {
            binaries.push((format!("{} (assembled)", f.display()), words, None));
        }
    }
    let asm_t = tally("assemble (spvasm, spv1.6)", asm_tally);

    // 2. Disassembler: default and --raw-id (required), each other option alone (reported;
    //    spirv-dis 2025.5 crashes with --nested-indent/--reorder-blocks on modules with
    //    function declarations, which is counted apart); 3. round trips.
    let modes: Vec<(&'static str, Vec<&'static str>, DisassembleOptions)> = vec![
        (
            "disassemble (default)",
            vec![],
            DisassembleOptions::default(),
        ),
        (
            "disassemble (--raw-id)",
            vec!["--raw-id"],
            DisassembleOptions {
                raw_id: true,
                ..Default::default()
            },
        ),
        (
            "disassemble (--no-header)",
            vec!["--no-header"],
            DisassembleOptions {
                no_header: true,
                ..Default::default()
            },
        ),
        (
            "disassemble (--no-indent)",
            vec!["--no-indent"],
            DisassembleOptions {
                no_indent: true,
                ..Default::default()
            },
        ),
        (
            "disassemble (--offsets)",
            vec!["--offsets"],
            DisassembleOptions {
                offsets: true,
                ..Default::default()
            },
        ),
        (
            "disassemble (--comment)",
            vec!["--comment"],
            DisassembleOptions {
                comment: true,
                ..Default::default()
            },
        ),
        (
            "disassemble (--nested-indent)",
            vec!["--nested-indent"],
            DisassembleOptions {
                nested_indent: true,
                ..Default::default()
            },
        ),
        (
            "disassemble (--reorder-blocks)",
            vec!["--reorder-blocks"],
            DisassembleOptions {
                reorder_blocks: true,
                ..Default::default()
            },
        ),
    ];
    let reference_crashes: Vec<AtomicUsize> = modes.iter().map(|_| AtomicUsize::new(0)).collect();
    let dis_results: Vec<Vec<std::result::Result<(), String>>> = binaries
        .par_iter()
        .map(|(name, words, path)| {
            let tmp;
            let file = match path {
                Some(p) => p.as_path(),
                None => {
                    tmp = temp_path("spv");
                    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                    if let Err(e) = std::fs::write(&tmp, bytes) {
                        return vec![Err(format!("{name}: {e}")); modes.len() + 1];
                    }
                    tmp.as_path()
                }
            };
            let mut res = Vec::with_capacity(modes.len() + 1);
            for (k, (_, args, opts)) in modes.iter().enumerate() {
                let reference = reference_dis(tools, file, args);
                let ours = disassemble(words, opts);
                res.push(match (reference, ours) {
                    (Ok(Some(r)), Ok(o)) if r == o => Ok(()),
                    (Ok(Some(r)), Ok(o)) => Err(format!("{name}: {}", first_diff(&o, &r))),
                    (Ok(Some(_)), Err(e)) => {
                        Err(format!("{name}: spirv-dis succeeds, spirvkit: {e}"))
                    }
                    (Ok(None), Ok(_)) if k >= 2 => {
                        reference_crashes[k].fetch_add(1, Ordering::Relaxed);
                        Ok(())
                    }
                    (Ok(None), Ok(_)) => Err(format!("{name}: spirv-dis fails, spirvkit succeeds")),
                    (Ok(None), Err(_)) => Ok(()),
                    (Err(e), _) => Err(format!("{name}: {e}")),
                });
            }
            if path.is_none() {
                let _ = std::fs::remove_file(file);
            }
            // Round trip: the --raw-id text, assembled with --preserve-numeric-ids, gives the
            // same words; the friendly-name text assembles too, to a module whose friendly
            // text reassembles to itself (ids are renumbered by first appearance).
            let rt = (|| -> std::result::Result<bool, String> {
                let raw = disassemble(
                    words,
                    &DisassembleOptions {
                        raw_id: true,
                        ..Default::default()
                    },
                )
                .map_err(|e| e.to_string())?;
                let back = assemble(
                    &raw,
                    &AssembleOptions {
                        preserve_numeric_ids: true,
                        ..Default::default()
                    },
                )
                .map_err(|e| format!("raw-id text does not assemble: {e}"))?;
                // spirv-as writes its own generator word (Khronos SPIR-V Tools Assembler, 0x00070000)
                // and computes the bound from the ids the text uses, so a producer's unused ids
                // above the largest one (glslang reserves some) cannot survive text; everything
                // else must come back exactly.
                let same_but_generator = |a: &[u32], b: &[u32]| {
                    a.len() == b.len()
                        && a.iter()
                            .zip(b)
                            .enumerate()
                            .all(|(i, (x, y))| i == 2 || (i == 3 && x <= y) || x == y)
                };
                if !same_but_generator(&back, words) {
                    let at = back
                        .iter()
                        .zip(words.iter())
                        .enumerate()
                        .position(|(i, (a, b))| i != 2 && a != b);
                    return Err(format!(
                        "raw-id round trip differs (first at word {at:?}, lengths {} vs {})",
                        back.len(),
                        words.len()
                    ));
                }
                let friendly = disassemble(words, &DisassembleOptions::default())
                    .map_err(|e| e.to_string())?;
                let back2 = assemble(&friendly, &AssembleOptions::default())
                    .map_err(|e| format!("friendly text does not assemble: {e}"))?;
                if back2.len() != words.len() {
                    return Err("friendly round trip changes the size".into());
                }
                let again = disassemble(&back2, &DisassembleOptions::default())
                    .map_err(|e| e.to_string())?;
                let back3 =
                    assemble(&again, &AssembleOptions::default()).map_err(|e| e.to_string())?;
                if back3 != back2 {
                    return Err("friendly round trip is not stable".into());
                }
                Ok(same_but_generator(&back2, words))
            })()
            .map_err(|e| format!("{name}: {e}"));
            if let Ok(true) = rt {
                FRIENDLY_EXACT.fetch_add(1, Ordering::Relaxed);
            }
            let rt = rt.map(|_| ());
            res.push(rt);
            res
        })
        .collect();
    let mut tallies = vec![asm_t];
    for (k, (mode_name, _, _)) in modes.iter().enumerate() {
        let mut t = tally(
            mode_name,
            dis_results.iter().map(|r| r[k].clone()).collect(),
        );
        let crashes = reference_crashes[k].load(Ordering::Relaxed);
        if crashes > 0 {
            t.note = format!(" ({crashes} where spirv-dis crashes and spirvkit prints the module)");
        }
        tallies.push(t);
    }
    tallies.push(tally(
        "round trip (dis --raw-id | as --preserve-numeric-ids exact except the generator word and unused bound; friendly text reassembles stably)",
        dis_results.iter().map(|r| r[modes.len()].clone()).collect(),
    ));
    let mut lines: Vec<String> = tallies.iter().map(Tally::line).collect();
    lines.push(format!(
        "text friendly-name round trip (dis | as) reproducing the original ids exactly: {}/{} (the rest renumber ids by first appearance, as spirv-as does)",
        FRIENDLY_EXACT.load(Ordering::Relaxed),
        binaries.len()
    ));
    let mut failed = false;
    for t in &tallies {
        if !t.failures.is_empty() {
            failed = true;
            lines.push(format!("first failures of {}:", t.name));
            for f in t.failures.iter().take(10) {
                lines.push(format!("  {f}"));
            }
        }
    }
    if failed {
        bail!("text conformance failed:\n{}", lines.join("\n"));
    }
    Ok(lines)
}
