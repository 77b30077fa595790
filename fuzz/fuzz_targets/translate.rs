//! Any bytes read as bitcode or text (by content), then translated to SPIR-V with typed
//! pointers, with untyped pointers and with every extension: the readers and the forward
//! translator never panic or hang.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spirvkit_spir::{translate, TranslateOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(module) = spirvkit_llvm::read_bytes(data, "fuzz") else {
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
