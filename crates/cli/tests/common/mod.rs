//! Helpers shared by the CLI's integration tests.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// Links to the spirvkit binary under every tool name (`spirvkit install-links --force`), in
/// a folder of the test target's scratch directory named `folder` (one per test binary, so
/// binaries running at the same time never rewrite each other's links).
pub fn install_links(folder: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(folder);
    let out = Command::new(env!("CARGO_BIN_EXE_spirvkit"))
        .arg("install-links")
        .arg(&dir)
        .arg("--force")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}
