//! Any bytes: the disassembler never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok((words, _)) = spirvkit_core::words_from_bytes(data) else { return };
    let _ = spirvkit_text::disassemble(&words, &spirvkit_text::DisassembleOptions::default());
});
