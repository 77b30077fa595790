//! Every glslang binary of the shared corpus decodes and re-encodes byte for byte, through the
//! raw parser and through the module IR.
use spirvkit_core::module::instruction_from_parsed;
use spirvkit_core::{words_from_bytes, Module, Parser};
use spirvkit_test_support::{corpus_dir, files_with_extensions};

#[test]
fn corpus_binaries_round_trip_exactly() {
    let Some(corpus) = corpus_dir() else { return };
    let files = files_with_extensions(&corpus.join("spv"), &["spv"]);
    assert!(
        files.len() > 900,
        "expected the glslang corpus, found {} files",
        files.len()
    );
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let (words, _) =
            words_from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Raw parser: the instructions tile the module exactly.
        let mut parser = Parser::new(&words).unwrap();
        let mut rebuilt = words[..5].to_vec();
        while let Some(inst) = parser
            .next_instruction()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        {
            let covered: usize = inst.operands.iter().map(|o| usize::from(o.num_words)).sum();
            assert_eq!(
                covered + 1,
                inst.words.len(),
                "{}: operands must cover {}",
                path.display(),
                inst.opname()
            );
            rebuilt.extend_from_slice(inst.words);
        }
        assert_eq!(rebuilt, words, "{}", path.display());
        // Module IR.
        let module =
            Module::from_words(&words).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            module.to_words() == words,
            "{}: module IR round trip differs",
            path.display()
        );
        assert_eq!(module.to_bytes(), bytes, "{}", path.display());
        // The IR's decoder builds most instructions straight from their words: the same
        // instructions (ids as ids, literals as words) as converting the parser's.
        let mut parser = Parser::new(&words).unwrap();
        let mut converted = Vec::new();
        while let Some(inst) = parser.next_instruction().unwrap() {
            converted.push(instruction_from_parsed(&inst));
        }
        assert!(
            module.instructions().eq(converted.iter()),
            "{}: decoded instructions differ from the converted parser's",
            path.display()
        );
    }
}
