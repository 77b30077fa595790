//! Any UTF-8 text: the LLVM assembly reader never panics or hangs; what it reads, the text
//! and bitcode writers write back without panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = spirvkit_llvm::parse_text(text, "fuzz.ll") {
        let _ = m.to_ll(&spirvkit_llvm::WriteOptions::opaque());
        let _ = spirvkit_llvm::write_bitcode(&m, "fuzz.bc");
    }
});
