//! `bench --only reverse`: SPIR-V → SPIR 1.2 bitcode on one large module, `spirvkit
//! translate -r` against `llvm-spirv-15 -r`. The input is llvm-spirv-15's own forward
//! translation of the generated large SPIR module, so the reference reads it.

use super::corpus::{best, large_ll, load_average};
use super::text::Measured;
use std::path::Path;

pub fn run(functions: u32) -> anyhow::Result<Vec<String>> {
    let dir = std::env::temp_dir().join(format!("spirvkit-large-reverse-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let ll = dir.join("large.ll");
    let bc = dir.join("large.bc");
    let spv = dir.join("large.spv");
    std::fs::write(&ll, large_ll(functions))?;
    let ok = |s: std::process::ExitStatus, what: &str| {
        anyhow::ensure!(s.success(), "{what} failed on the generated module");
        Ok(())
    };
    ok(
        std::process::Command::new("llvm-as-15")
            .arg(&ll)
            .arg("-o")
            .arg(&bc)
            .status()?,
        "llvm-as-15",
    )?;
    ok(
        std::process::Command::new("llvm-spirv-15")
            .arg(&bc)
            .arg("-o")
            .arg(&spv)
            .status()?,
        "llvm-spirv-15",
    )?;
    let size = std::fs::metadata(&spv)?.len();
    let spirvkit = super::text::spirvkit_bin()?;
    let ours_out = dir.join("ours.bc");
    let theirs_out = dir.join("theirs.bc");
    let load_before = load_average();
    let mut ours: Option<Measured> = None;
    let mut theirs: Option<Measured> = None;
    for _ in 0..5 {
        let o = super::text::measure(
            &spirvkit,
            &[
                "translate".as_ref(),
                "-r".as_ref(),
                spv.as_os_str(),
                "-o".as_ref(),
                ours_out.as_os_str(),
            ],
            1,
        )?;
        ours = Some(best(ours, o));
        let t = super::text::measure(
            Path::new("llvm-spirv-15"),
            &[
                "-r".as_ref(),
                spv.as_os_str(),
                "-o".as_ref(),
                theirs_out.as_os_str(),
            ],
            1,
        )?;
        theirs = Some(best(theirs, t));
    }
    let load_after = load_average();
    // The output must be real: LLVM 15 reads it.
    ok(
        std::process::Command::new("llvm-dis-15")
            .arg(&ours_out)
            .arg("-o")
            .arg(dir.join("ours.ll"))
            .status()?,
        "llvm-dis-15 on spirvkit's output",
    )?;
    let _ = std::fs::remove_dir_all(&dir);
    let (Some(ours), Some(theirs)) = (ours, theirs) else {
        anyhow::bail!("no measurement");
    };
    let cpu_ratio = ours.cpu_ratio_text(&theirs);
    Ok(vec![
        format!(
            "translate -r one large module ({functions} functions, {:.1} MB SPIR-V from llvm-spirv-15), best of 5 alternating runs, load {load_before} -> {load_after}:",
            size as f64 / 1e6
        ),
        format!(
            "  wall: spirvkit {:.3} s vs llvm-spirv-15 -r {:.3} s: {:.1}x (goal >= 5x)",
            ours.wall_secs(),
            theirs.wall_secs(),
            theirs.wall_secs() / ours.wall_secs().max(1e-9)
        ),
        format!(
            "  CPU (user+sys): spirvkit {} s vs llvm-spirv-15 -r {} s: {cpu_ratio}",
            ours.cpu_text(),
            theirs.cpu_text()
        ),
        format!(
            "  peak RSS: spirvkit {} MB vs llvm-spirv-15 -r {} MB (goal <= 1/2)",
            ours.rss_mb_text(),
            theirs.rss_mb_text()
        ),
    ])
}
