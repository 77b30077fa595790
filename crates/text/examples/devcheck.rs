//! Developer check against cached reference outputs (see STATUS.md):
//! `devcheck REFDIR [dis|raw|asm]` where REFDIR holds bin/*.spv, dis/*.txt, raw/*.txt.
use spirvkit_text::{disassemble, DisassembleOptions};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = Path::new(args.get(1).map_or("/tmp/ref", String::as_str));
    let mode = args.get(2).map_or("dis", String::as_str);
    let mut entries: Vec<_> = std::fs::read_dir(dir.join("bin")).unwrap().flatten().map(|e| e.path()).collect();
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
        let opts = DisassembleOptions { raw_id: mode == "raw", ..Default::default() };
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
