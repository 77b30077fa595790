//! Optional cross-check of test expectations against the reference validator: when
//! `SPIRV_VAL` names a spirv-val 2025.5 binary, [`reference_verdict`] runs it on a module
//! (universal spv1.6 environment); otherwise the tests rely on their recorded expectations.
#![allow(dead_code)]

/// spirv-val's verdict (true: valid), or None when `SPIRV_VAL` is not set or fails to run.
pub fn reference_verdict(words: &[u32]) -> Option<bool> {
    let tool = std::env::var_os("SPIRV_VAL")?;
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("spirvkit-ref-{}-{n}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).ok()?;
    let status = std::process::Command::new(tool)
        .args(["--target-env", "spv1.6"])
        .arg(&path)
        .output()
        .ok()?
        .status;
    let _ = std::fs::remove_file(&path);
    Some(status.success())
}
