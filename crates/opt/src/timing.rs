//! `SPIRVKIT_OPT_TIMING=1`: the pass manager prints each step's wall time, the process's CPU
//! time (rayon workers included) and the peak resident set so far to standard error
//! (`opt-timing: PASS 1.234 ms wall 2.345 ms cpu, peak RSS 25000 kB [changed]`), to see where
//! a pipeline spends its time and memory without a profiler, and on a shared machine where
//! wall time says little. The variable is read once per process.

use cpu_time::ProcessTime;
use std::sync::OnceLock;
use std::time::Instant;

/// Whether `SPIRVKIT_OPT_TIMING` is set to something other than `0` or empty.
pub fn enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| {
        std::env::var_os("SPIRVKIT_OPT_TIMING").is_some_and(|v| !v.is_empty() && v != "0")
    })
}

/// When a step started (wall and process CPU).
pub struct Start(Instant, ProcessTime);

/// A start when timing is enabled.
pub fn start() -> Option<Start> {
    enabled().then(|| Start(Instant::now(), ProcessTime::now()))
}

/// Prints one step's times since `start` (nothing when timing is off).
pub fn report(start: Option<Start>, step: &str, changed: bool) {
    if let Some(Start(wall, cpu)) = start {
        eprintln!(
            "opt-timing: {step} {:.3} ms wall {:.3} ms cpu, peak RSS {}{}",
            wall.elapsed().as_secs_f64() * 1e3,
            cpu.elapsed().as_secs_f64() * 1e3,
            peak_rss().as_deref().unwrap_or("n/a"),
            if changed { " changed" } else { "" }
        );
    }
}

/// The process's peak resident set so far (`VmHWM` of /proc/self/status, Linux only).
fn peak_rss() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_string())
}
