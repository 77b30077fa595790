//! Development helper: validates every `*.spv` in the given folders and compares with the
//! reference verdict cached next to it in `<file>.val` (spirv-val's output, exit code last).
//! `cargo run -p spirvkit-val --release --example corpus_check -- DIR...`
//! (`TARGET_ENV=opencl2.0` validates for another environment than spv1.6).
use spirvkit_val::{validate, TargetEnv, ValidatorOptions};

fn main() {
    let env = std::env::var("TARGET_ENV")
        .ok()
        .and_then(|e| e.parse::<TargetEnv>().ok())
        .unwrap_or_default();
    let opts = ValidatorOptions::new(env);
    let (mut both_ok, mut both_bad, mut false_rej, mut missed) = (0, 0, 0, 0);
    let mut missed_list = Vec::new();
    for dir in std::env::args().skip(1) {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for path in entries {
            if path.extension().and_then(|e| e.to_str()) != Some("spv") {
                continue;
            }
            let Ok(reference) = std::fs::read_to_string(path.with_extension("spv.val"))
                .or_else(|_| std::fs::read_to_string(path.with_extension("val")))
            else {
                continue;
            };
            let ref_ok = reference.trim_end().lines().last() == Some("0");
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let ours = match spirvkit_core::words_from_bytes(&bytes) {
                Ok((words, _)) => validate(&words, &opts),
                Err(e) => Err(vec![spirvkit_val::Diagnostic::new(
                    "binary.decode",
                    e.to_string(),
                )]),
            };
            match (ref_ok, ours) {
                (true, Ok(())) => both_ok += 1,
                (false, Err(_)) => both_bad += 1,
                (true, Err(d)) => {
                    false_rej += 1;
                    println!("FALSE-REJECT {}: {}", path.display(), d[0]);
                }
                (false, Ok(())) => {
                    missed += 1;
                    missed_list.push(format!(
                        "MISSED {}: {}",
                        path.display(),
                        reference.lines().next().unwrap_or("")
                    ));
                }
            }
        }
    }
    for m in &missed_list {
        println!("{m}");
    }
    println!("accepted by both {both_ok}, rejected by both {both_bad}, false rejections {false_rej}, missed {missed}");
}
