//! The validator beside spirv-val on one large module: in-process, the release `spirvkit val`
//! binary as a subprocess, and spirv-val as a subprocess; peak RSS through `/usr/bin/time`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Runs a command, returning (seconds, peak RSS in kB if measurable, success).
pub(super) fn timed(
    program: &Path,
    args: &[&std::ffi::OsStr],
) -> anyhow::Result<(f64, Option<u64>, bool)> {
    let time = Path::new("/usr/bin/time");
    let start = Instant::now();
    let (status, rss) = if time.is_file() {
        let out = Command::new(time)
            .arg("-f")
            .arg("%M")
            .arg(program)
            .args(args)
            .output()?;
        let stderr = String::from_utf8_lossy(&out.stderr);
        let rss = stderr
            .lines()
            .rev()
            .find_map(|l| l.trim().parse::<u64>().ok());
        (out.status, rss)
    } else {
        (Command::new(program).args(args).output()?.status, None)
    };
    Ok((start.elapsed().as_secs_f64(), rss, status.success()))
}

pub(crate) fn spirvkit_binary() -> PathBuf {
    let root = crate::workspace_root();
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    target.join("release/spirvkit")
}

pub fn run(words: &[u32], tools: &Path) -> anyhow::Result<Vec<String>> {
    let mut lines = Vec::new();
    let mb = words.len() as f64 * 4.0 / 1e6;
    let opts = spirvkit_val::ValidatorOptions::default();
    let (t, verdict) = super::best_of(3, || spirvkit_val::validate(words, &opts));
    let ours = t.as_secs_f64();
    match &verdict {
        Ok(()) => lines.push(format!(
            "val in-process: {:.1} ms ({:.0} MB/s), valid",
            ours * 1e3,
            mb / ours
        )),
        Err(d) => lines.push(format!(
            "val in-process: {:.1} ms, INVALID ({} diagnostics; first: {})",
            ours * 1e3,
            d.len(),
            d.first().map(|d| d.to_string()).unwrap_or_default()
        )),
    }
    let path = std::env::temp_dir().join(format!("spirvkit-bench-val-{}.spv", std::process::id()));
    std::fs::write(&path, spirvkit_core::binary::bytes_from_words(words))?;
    let reference = tools.join("spirv-val");
    let (tr, rss_r, ok_r) = timed(&reference, &[path.as_os_str()])?;
    let rss = |r: Option<u64>| {
        r.map_or_else(
            || "n/a".to_string(),
            |kb| format!("{:.0} MB", kb as f64 / 1024.0),
        )
    };
    lines.push(format!(
        "spirv-val: {:.1} ms, peak RSS {}, {}",
        tr * 1e3,
        rss(rss_r),
        if ok_r { "valid" } else { "invalid" }
    ));
    let bin = spirvkit_binary();
    if bin.is_file() {
        let (tb, rss_b, ok_b) = timed(&bin, &["val".as_ref(), path.as_os_str()])?;
        lines.push(format!(
            "spirvkit val (release binary): {:.1} ms, peak RSS {}, {} — {:.1}x faster than spirv-val",
            tb * 1e3,
            rss(rss_b),
            if ok_b { "valid" } else { "invalid" },
            tr / tb.max(1e-9)
        ));
    } else {
        lines.push(format!(
            "spirvkit val binary not found at {} (build with --release)",
            bin.display()
        ));
    }
    lines.push(format!(
        "in-process speed-up over spirv-val: {:.1}x",
        tr / ours.max(1e-9)
    ));
    let _ = std::fs::remove_file(&path);
    Ok(lines)
}
