#![allow(dead_code)]
//! Shared helpers for the text tests (test data were produced by SPIRV-Tools 2025.5).

pub fn data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

pub fn words(name: &str) -> Vec<u32> {
    let bytes = std::fs::read(data(name)).expect("test data");
    spirvkit_core::words_from_bytes(&bytes)
        .expect("valid module")
        .0
}

pub fn text(name: &str) -> String {
    std::fs::read_to_string(data(name)).expect("test data")
}
