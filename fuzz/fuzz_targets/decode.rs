//! Any bytes: decoding never panics, and whatever decodes re-encodes to the same words.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok((words, _)) = spirvkit_core::words_from_bytes(data) else { return };
    if let Ok(mut parser) = spirvkit_core::Parser::new(&words) {
        while let Ok(Some(_)) = parser.next_instruction() {}
    }
    if let Ok(module) = spirvkit_core::Module::from_words(&words) {
        assert_eq!(module.to_words(), words);
    }
});
