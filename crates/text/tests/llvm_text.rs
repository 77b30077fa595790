//! llvm-spirv's text format: byte-identical to `llvm-spirv-15 -to-text` on golden outputs of
//! the translator (struct types, composite constants, declarations, switch, printf strings with
//! quotes, OpenCL.std instructions, linkage), read back to the same words, and errors with
//! line:column.
use spirvkit_test_support::{corpus_dir, files_with_extensions};
use spirvkit_text::llvm_text::{is_llvm_spirv_text, read, write};
use spirvkit_text::{assemble, AssembleOptions};
use std::path::Path;

fn data(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/llvm_text")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn golden_translator_outputs_are_written_and_read_exactly() {
    for name in ["decl", "golden"] {
        let spv = words(&data(&format!("{name}.spv")));
        let spt = data(&format!("{name}.spt"));
        let ours = write(&spv).expect("writes");
        assert_eq!(
            String::from_utf8_lossy(&ours),
            String::from_utf8_lossy(&spt),
            "{name}: -to-text differs"
        );
        assert_eq!(
            read(&spt).expect("reads"),
            spv,
            "{name}: -to-binary differs"
        );
        assert!(is_llvm_spirv_text(&spt));
        assert!(!is_llvm_spirv_text(&data(&format!("{name}.spv"))));
    }
}

#[test]
fn mistakes_are_reported_with_line_and_column() {
    let header = "119734787 65536 393230 5 0 \n";
    let cases = [
        ("2 Capability Bogus \n", "2:14: unknown name 'Bogus'"),
        ("2 NoSuchOp 1 \n", "2:3: unknown opcode 'NoSuchOp'"),
        (
            "3 Capability Addresses \n",
            "2:1: the word count says 3 words, the operands make 2",
        ),
        ("5 Name 1 \"abc \n", "2:10: unterminated string"),
        (
            "x Capability Addresses \n",
            "2:1: expected a word count, found 'x'",
        ),
    ];
    for (body, expected) in cases {
        let text = format!("{header}{body}");
        let e = read(text.as_bytes()).expect_err(body);
        assert_eq!(e.to_string(), expected, "{body:?}");
    }
    assert!(read(b"119734787 65536").is_err());
}

#[test]
fn every_corpus_module_survives_write_then_read() {
    let Some(corpus) = corpus_dir() else { return };
    let mut checked = 0;
    for path in files_with_extensions(&corpus.join("spvasm"), &["spvasm", "spvasm32", "spvasm64"]) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(module) = assemble(&text, &AssembleOptions::default()) else {
            continue;
        };
        let spt = write(&module).expect("writes");
        assert_eq!(read(&spt).expect("reads"), module, "{}", path.display());
        checked += 1;
    }
    assert!(checked > 900, "only {checked} corpus modules");
}
