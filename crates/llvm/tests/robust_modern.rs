//! Bad modern input never panics (issue 18): the LLVM 16–22 seeds of
//! `spirvkit_test_support::modern_llvm` (target extension types, debug records, new
//! instruction flags and attribute spellings, new atomicrmw operations, loop and FPGA
//! metadata) mutated token by token and line by line (text) or bit by bit (bitcode, made by
//! `llvm-as-22` at test time). The readers return the module or an error naming its
//! position (line:column, bit offset); they never panic and never hang; what they read, the
//! writers print and write back without panicking.
//!
//! The property tests run 256 cases each; `*_long` (ignored) run 20 000 for long sessions:
//! `cargo test -p spirvkit-llvm --test robust_modern -- --ignored`.

use proptest::prelude::*;
use spirvkit_llvm::{parse_text, read_bitcode, LlvmError, Module, WriteOptions};
use spirvkit_test_support::modern_llvm::MODERN_SEEDS;
use spirvkit_test_support::mutants::{
    bitcode_mutations, mutated_bitcode, mutated_text, seed_bitcode, text_mutations,
};
use spirvkit_test_support::mutate::within;
use std::time::Duration;

/// Longer than any read of a seed-sized input takes in a debug build by far: reaching it
/// means an endless loop (or a slowdown no input this size may cause).
const TIME_LIMIT: Duration = Duration::from_secs(20);

/// What was read prints as text and writes as bitcode (both writers) without a panic.
fn write_back(m: &Module) {
    let _ = m.to_ll(&WriteOptions::opaque());
    let _ = m.to_ll(&WriteOptions::default());
    let _ = spirvkit_llvm::write_bitcode(m, "w.bc");
    let _ = spirvkit_llvm::write_bitcode_opaque(m, "w.bc");
}

/// Reads mutated text in bounded time; an error must be a text error at a line:column that
/// exists in the input (the line may be one past the end: "unexpected end of input").
fn check_text(text: String) -> Result<(), TestCaseError> {
    let lines = text.lines().count() as u32 + 1;
    let shown = text.clone();
    let outcome = within(TIME_LIMIT, move || {
        let read = parse_text(&text, "m.ll");
        if let Ok(m) = &read {
            write_back(m);
        }
        read.err()
    });
    let Some(error) = outcome else {
        return Err(TestCaseError::fail(format!(
            "reading did not finish in {TIME_LIMIT:?}:\n{shown}"
        )));
    };
    match error {
        None => Ok(()),
        Some(LlvmError::Text { line, col, .. }) if (1..=lines).contains(&line) && col >= 1 => {
            Ok(())
        }
        Some(other) => Err(TestCaseError::fail(format!(
            "error without a valid line:column: {other}\n{shown}"
        ))),
    }
}

/// Reads mutated bitcode in bounded time; an error must be a bitcode error whose bit offset
/// lies within the input (or at its end).
fn check_bitcode(data: Vec<u8>) -> Result<(), TestCaseError> {
    let bits = data.len() as u64 * 8;
    let outcome = within(TIME_LIMIT, move || {
        let read = read_bitcode(&data, "m.bc");
        if let Ok(m) = &read {
            write_back(m);
        }
        read.err()
    });
    let Some(error) = outcome else {
        return Err(TestCaseError::fail(format!(
            "reading did not finish in {TIME_LIMIT:?}"
        )));
    };
    match error {
        None => Ok(()),
        Some(LlvmError::Bitcode { bit_offset, .. }) if bit_offset <= bits + 64 => Ok(()),
        Some(other) => Err(TestCaseError::fail(format!(
            "error without a bit offset in the input ({bits} bits): {other}"
        ))),
    }
}

#[test]
fn seeds_read_from_text_and_bitcode() {
    for (name, text) in MODERN_SEEDS {
        let m = parse_text(text, name).unwrap_or_else(|e| panic!("{e}"));
        assert!(!m.functions.is_empty(), "{name}");
        write_back(&m);
    }
    for (name, bc) in seed_bitcode() {
        let m = read_bitcode(bc, name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!m.functions.is_empty(), "{name}");
        write_back(&m);
    }
}

/// Every prefix of every seed: the reader stops with an error at the cut (or reads the
/// prefix, when it is complete by itself).
#[test]
fn every_cut_of_the_text_seeds() {
    for (_, text) in MODERN_SEEDS {
        let mut cut = 0;
        while cut <= text.len() {
            if text.is_char_boundary(cut) {
                if let Err(e) = check_text(text[..cut].to_owned()) {
                    panic!("cut at byte {cut}: {e}");
                }
            }
            cut += 1;
        }
    }
}

/// Every byte-length prefix of every seed's bitcode.
#[test]
fn every_truncation_of_the_bitcode_seeds() {
    for (name, bc) in seed_bitcode() {
        for len in 0..bc.len() {
            if let Err(e) = check_bitcode(bc[..len].to_vec()) {
                panic!("{name} cut at byte {len}: {e}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_text_reads_or_names_a_position(seed in 0usize..16, mutations in text_mutations(4)) {
        check_text(mutated_text(seed, &mutations))?;
    }

    #[test]
    fn mutated_bitcode_reads_or_names_a_bit_offset(seed in 0usize..16, mutations in bitcode_mutations(4)) {
        if let Some(data) = mutated_bitcode(seed, &mutations) {
            check_bitcode(data)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    #[ignore = "long run (20 000 cases): cargo test -p spirvkit-llvm --test robust_modern -- --ignored"]
    fn mutated_text_long(seed in 0usize..16, mutations in text_mutations(8)) {
        check_text(mutated_text(seed, &mutations))?;
    }

    #[test]
    #[ignore = "long run (20 000 cases): cargo test -p spirvkit-llvm --test robust_modern -- --ignored"]
    fn mutated_bitcode_long(seed in 0usize..16, mutations in bitcode_mutations(8)) {
        if let Some(data) = mutated_bitcode(seed, &mutations) {
            check_bitcode(data)?;
        }
    }
}

/// Each instruction keeps where it was read: line:column of its result name (or opcode) in
/// text, the bit offset of its record in bitcode, so the translator's errors can name it.
#[test]
fn instructions_keep_their_source_positions() {
    use spirvkit_llvm::{InstId, SourcePosition};
    let text = "target triple = \"spir64-unknown-unknown\"\n\
                define spir_func i32 @f(i32 %a) {\n\
                entry:\n  %b = add nuw i32 %a, 1\n    store i32 %b, ptr null, align 4\n  ret i32 %b\n}\n";
    let m = parse_text(text, "p.ll").unwrap_or_else(|e| panic!("{e}"));
    let f = &m.functions[0];
    let at = |i| f.positions.get(InstId(i));
    assert_eq!(at(0), Some(SourcePosition::Text { line: 4, col: 3 }));
    assert_eq!(at(1), Some(SourcePosition::Text { line: 5, col: 5 }));
    assert_eq!(at(2), Some(SourcePosition::Text { line: 6, col: 3 }));
    assert_eq!(at(3), None);
    let Some(bc) = spirvkit_test_support::modern_llvm::assemble_22("positions", text) else {
        return;
    };
    let from_bitcode = read_bitcode(&bc, "p.bc").unwrap_or_else(|e| panic!("{e}"));
    let offsets: Vec<u64> = (0..3)
        .map(
            |i| match from_bitcode.functions[0].positions.get(InstId(i)) {
                Some(SourcePosition::Bitcode { bit_offset }) => bit_offset,
                other => panic!("instruction {i}: {other:?}"),
            },
        )
        .collect();
    assert!(
        offsets.windows(2).all(|w| w[0] < w[1]) && offsets[2] < bc.len() as u64 * 8,
        "{offsets:?}"
    );
    // Where instructions were read is not part of the module's meaning.
    let mut unplaced = m.functions[0].clone();
    unplaced.positions = Default::default();
    assert_eq!(m.functions[0], unplaced);
}

/// Found by `huge_sizes_are_refused_or_translated_without_allocating_them` (spir crate): a
/// `splat` or a `zeroinitializer`/`undef` shufflevector mask of a vector with billions of
/// elements asked for one model entry per element (34 GB for `<4294967295 x i32>`). Beyond
/// 2^20 elements such vectors are now refused, naming the construct and the position.
#[test]
fn huge_listed_vectors_are_refused_with_a_position() {
    let cases = [
        (
            "@g = global <4294967295 x i32> splat (i32 1)\n",
            "h.ll:1:32: splat into a vector of 4294967295 elements",
        ),
        (
            "define <2000000 x i32> @f(<4 x i32> %a) {\n  %s = shufflevector <4 x i32> %a, <4 x i32> %a, <2000000 x i32> zeroinitializer\n  ret <2000000 x i32> %s\n}\n",
            "shufflevector mask of 2000000 elements",
        ),
        (
            "define <2000000 x i32> @f(<4 x i32> %a) {\n  %s = shufflevector <4 x i32> %a, <4 x i32> %a, <2000000 x i32> undef\n  ret <2000000 x i32> %s\n}\n",
            "shufflevector mask of 2000000 elements",
        ),
    ];
    for (text, expected) in cases {
        let e = parse_text(text, "h.ll").expect_err(text).to_string();
        assert!(e.contains(expected) && e.starts_with("h.ll:"), "{e}");
        assert!(matches!(
            parse_text(text, "h.ll"),
            Err(LlvmError::Text { line, .. }) if line >= 1
        ));
    }
    // The same shufflevector in bitcode: refused at the record's bit offset.
    let Some(bc) = spirvkit_test_support::modern_llvm::assemble_22("huge_mask", cases[1].0) else {
        return;
    };
    let e = read_bitcode(&bc, "h.bc").expect_err("huge mask");
    assert!(
        matches!(&e, LlvmError::Bitcode { bit_offset, .. } if *bit_offset > 0)
            && e.to_string()
                .contains("shufflevector mask of 2000000 elements"),
        "{e}"
    );
}

/// Deep nesting (types, constant expressions, metadata, parentheses) is read or refused with
/// a position; it never overflows the stack (which would abort, not panic).
#[test]
fn deep_nesting_never_overflows_the_stack() {
    let depth = 20_000;
    let nested = |open: &str, inner: &str, close: &str| -> String {
        format!("{}{inner}{}", open.repeat(depth), close.repeat(depth))
    };
    let cases = [
        format!(
            "@g = global {} zeroinitializer\n",
            nested("[1 x ", "i8", "]")
        ),
        format!("@g = global {} zeroinitializer\n", nested("{ ", "i8", " }")),
        format!(
            "@g = global {} zeroinitializer\n",
            nested("<1 x ", "ptr", ">")
        ),
        format!("%t = type {}\n", nested("{ ", "i8", " }")),
        format!("!0 = {}\n", nested("!{", "", "}")),
        format!("!named = !{{!0}}\n!0 = {}\n", nested("!{", "i32 0", "}")),
        format!(
            "@a = global i8 0\n@g = global ptr {}\n",
            nested("getelementptr (i8, ptr ", "@a", ", i64 1)")
        ),
        format!("@g = global i64 {}\n", nested("add (i64 ", "1", ", i64 1)")),
        format!("@g = global {}\n", nested("(", "i8 0", ")")),
        format!(
            "@g = global {} {}\n",
            nested("[1 x ", "i8", "]"),
            nested("[", "i8 0", "]")
        ),
        format!(
            "!0 = !DIExpression({})\n",
            nested("DW_OP_LLVM_fragment, ", "0", "")
        ),
    ];
    for text in cases {
        let shown = format!("{}…", &text[..120]);
        if let Err(e) = check_text(text) {
            panic!("{shown}: {e}");
        }
    }
    let e = parse_text(&cases_first(depth), "deep.ll")
        .expect_err("20 000 nested arrays")
        .to_string();
    assert!(
        e.starts_with("deep.ll:1:") && e.contains("nested deeper than 64 levels"),
        "{e}"
    );
    // Just under the bound, a nested constant of nested arrays reads, on a 2 MiB test
    // thread in a debug build.
    let levels = 30;
    let (mut ty, mut literal) = ("i8".to_owned(), "7".to_owned());
    for _ in 0..levels {
        literal = format!("[{ty} {literal}]");
        ty = format!("[1 x {ty}]");
    }
    let text = format!("@g = global {ty} {literal}\n");
    let shown = text.clone();
    let read = within(TIME_LIMIT, move || parse_text(&text, "ok.ll").map(|_| ()));
    assert_eq!(read, Some(Ok(())), "{shown}");
}

fn cases_first(depth: usize) -> String {
    format!(
        "@g = global {}i8{} zeroinitializer\n",
        "[1 x ".repeat(depth),
        "]".repeat(depth)
    )
}
