//! Any bytes: the LLVM bitcode reader never panics or hangs.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = spirvkit_llvm::read_bitcode(data, "fuzz.bc");
});
