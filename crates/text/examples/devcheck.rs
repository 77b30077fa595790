//! Developer check against cached reference outputs (see STATUS.md):
//! `devcheck REFDIR [dis|raw|asm]` where REFDIR holds bin/*.spv, dis/*.txt, raw/*.txt.
use spirvkit_text::{disassemble, DisassembleOptions};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = Path::new(args.get(1).map_or("/tmp/ref", String::as_str));
    let mode = args.get(2).map_or("dis", String::as_str);
    if mode == "asm" {
        return check_asm(dir);
    }
    if mode == "flags" {
        return check_flags(dir, &args[3..]);
    }
    let mut entries: Vec<_> = std::fs::read_dir(dir.join("bin"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    let (mut ok, mut total, mut shown) = (0, 0, 0);
    for p in entries {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let expected = match std::fs::read(dir.join(mode).join(format!("{name}.txt"))) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(_) => continue,
        };
        total += 1;
        let bytes = std::fs::read(&p).unwrap();
        let words = spirvkit_core::words_from_bytes(&bytes).unwrap().0;
        let opts = DisassembleOptions {
            raw_id: mode == "raw",
            ..Default::default()
        };
        match disassemble(&words, &opts) {
            Ok(t) if t == expected => ok += 1,
            Ok(t) => {
                if shown < 8 {
                    shown += 1;
                    for (i, (a, b)) in t.lines().zip(expected.lines()).enumerate() {
                        if a != b {
                            println!("{name}:{}:\n  got {a}\n  exp {b}", i + 1);
                            break;
                        }
                    }
                }
            }
            Err(e) => {
                if shown < 8 {
                    shown += 1;
                    println!("{name}: error {e}");
                }
            }
        }
    }
    println!("{mode}: {ok}/{total}");
}

fn check_asm(dir: &Path) {
    let corpus = Path::new("/work/shared/corpus/spvasm");
    let (mut ok, mut total, mut shown) = (0, 0, 0);
    let mut dirs: Vec<_> = std::fs::read_dir(corpus)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    dirs.sort();
    for d in dirs {
        let mut files: Vec<_> = std::fs::read_dir(&d)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for f in files {
            let name = format!(
                "{}__{}",
                d.file_name().unwrap().to_string_lossy(),
                f.file_name().unwrap().to_string_lossy()
            );
            let Ok(bytes) = std::fs::read(dir.join("bin").join(format!("{name}.spv"))) else {
                continue;
            };
            total += 1;
            let expected = spirvkit_core::words_from_bytes(&bytes).unwrap().0;
            let src = std::fs::read_to_string(&f).unwrap();
            let opts = spirvkit_text::AssembleOptions {
                target_env: Some(spirvkit_text::TargetEnv::Spv(1, 6)),
                ..Default::default()
            };
            match spirvkit_text::assemble(&src, &opts) {
                Ok(w) if w == expected => ok += 1,
                Ok(w) => {
                    if shown < 8 {
                        shown += 1;
                        let at = w.iter().zip(&expected).position(|(a, b)| a != b);
                        println!(
                            "{name}: differs at word {at:?} (len {} vs {})",
                            w.len(),
                            expected.len()
                        );
                    }
                }
                Err(e) => {
                    if shown < 8 {
                        shown += 1;
                        println!("{name}: error {e}");
                    }
                }
            }
        }
    }
    println!("asm: {ok}/{total}");
}

fn check_flags(dir: &Path, flags: &[String]) {
    use rayon::prelude::*;
    let mut entries: Vec<_> = std::fs::read_dir(dir.join("bin"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    let has = |f: &str| flags.iter().any(|x| x == f);
    let opts = DisassembleOptions {
        raw_id: has("--raw-id"),
        no_header: has("--no-header"),
        no_indent: has("--no-indent"),
        offsets: has("--offsets"),
        comment: has("--comment"),
        nested_indent: has("--nested-indent"),
        reorder_blocks: has("--reorder-blocks"),
    };
    let results: Vec<Option<String>> = entries
        .par_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let r = std::process::Command::new(
                "/work/V/lib/python3.11/site-packages/cmeel.prefix/bin/spirv-dis",
            )
            .args(flags)
            .arg(p)
            .output()
            .unwrap();
            let words = spirvkit_core::words_from_bytes(&std::fs::read(p).unwrap())
                .unwrap()
                .0;
            let ours = disassemble(&words, &opts);
            if !r.status.success() {
                return match ours {
                    Err(_) => None,
                    Ok(_) => Some(format!(
                        "{name}: reference fails ({}), we succeed",
                        String::from_utf8_lossy(&r.stderr).trim()
                    )),
                };
            }
            let expected = String::from_utf8_lossy(&r.stdout).into_owned();
            match ours {
                Ok(t) if t == expected => None,
                Ok(t) => {
                    for (i, (a, b)) in t.lines().zip(expected.lines()).enumerate() {
                        if a != b {
                            return Some(format!("{name}:{}:\n  got {a}\n  exp {b}", i + 1));
                        }
                    }
                    Some(format!(
                        "{name}: line count {} vs {}",
                        t.lines().count(),
                        expected.lines().count()
                    ))
                }
                Err(e) => Some(format!("{name}: error {e}")),
            }
        })
        .collect();
    let bad: Vec<_> = results.iter().flatten().collect();
    for b in bad.iter().take(8) {
        println!("{b}");
    }
    println!("{flags:?}: {}/{}", results.len() - bad.len(), results.len());
}
