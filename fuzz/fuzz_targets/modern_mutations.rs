//! The LLVM 16–22 seeds of the robustness tests (`spirvkit_test_support::modern_llvm`),
//! mutated as the property tests mutate them (token, line and replacement edits chosen by
//! the fuzzer's bytes), read and translated typed and untyped: coverage guidance over edits
//! that keep most of the text valid, so the translator sees many more accepted modules than
//! byte-level mutation of text gives it.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spirvkit_spir::{translate, TranslateOptions};
use spirvkit_test_support::modern_llvm::MODERN_SEEDS;
use spirvkit_test_support::mutate::{mutate_text, TextMutation};

fuzz_target!(|data: &[u8]| {
    let Some((&seed, edits)) = data.split_first() else {
        return;
    };
    let mut text = MODERN_SEEDS[usize::from(seed) % MODERN_SEEDS.len()]
        .1
        .to_owned();
    // Each edit is 5 bytes: its kind and two 16-bit positions or choices.
    for edit in edits.chunks_exact(5).take(8) {
        let a = usize::from(u16::from_le_bytes([edit[1], edit[2]]));
        let b = usize::from(u16::from_le_bytes([edit[3], edit[4]]));
        text = mutate_text(&text, &TextMutation::from_raw(edit[0], a, b));
    }
    let Ok(module) = spirvkit_llvm::parse_text(&text, "fuzz.ll") else {
        return;
    };
    for extensions in ["", "+SPV_KHR_untyped_pointers", "+all"] {
        let mut options = TranslateOptions::default();
        if options.apply_extension_list(extensions).is_ok() {
            if let Ok(spirv) = translate(&module, &options) {
                let _ = spirv.to_words();
            }
        }
    }
});
