//! `bench --only opt`: `spirvkit opt -O` beside `spirv-opt -O` on generated OpenCL kernel
//! modules of 2 000 and 20 000 functions (wall time and peak RSS through `/usr/bin/time`),
//! plus the in-process optimizer. spirv-opt is quadratic (~540 s on 20 000 functions), so on
//! the large module it only runs with `SPIRVKIT_BENCH_SLOW=1`.

use super::val::{spirvkit_binary, timed};
use std::path::Path;

fn rss(r: Option<u64>) -> String {
    r.map_or_else(
        || "n/a".to_string(),
        |kb| format!("{:.0} MB", kb as f64 / 1024.0),
    )
}

pub fn run(tools: &Path) -> anyhow::Result<Vec<String>> {
    let mut lines = Vec::new();
    let dir = crate::workspace_root().join("target/bench-opt");
    std::fs::create_dir_all(&dir)?;
    let bin = spirvkit_binary();
    anyhow::ensure!(
        bin.is_file(),
        "{} is missing: cargo build --release -p spirvkit-cli",
        bin.display()
    );
    let mut ours_by_size = Vec::new();
    for functions in [2_000u32, 20_000] {
        let words = super::generate::large_module(functions, 48);
        let input = dir.join(format!("kernels-{functions}.spv"));
        std::fs::write(&input, spirvkit_core::binary::bytes_from_words(&words))?;
        let mb = words.len() as f64 * 4.0 / 1e6;
        let mut optimizer = spirvkit_opt::Optimizer::new(spirvkit_opt::TargetEnv::Spv(6));
        optimizer.register_performance_passes();
        let (t, out) = super::best_of(3, || optimizer.run(&words));
        let out = out.map_err(|e| anyhow::anyhow!("{e}"))?;
        lines.push(format!(
            "{functions} functions ({mb:.1} MB): in-process -O (validation included) {:.1} ms, {} -> {} words",
            t.as_secs_f64() * 1e3,
            words.len(),
            out.len()
        ));
        let ours_out = dir.join(format!("kernels-{functions}.ours.spv"));
        let (tb, rss_b, ok_b) = timed(
            &bin,
            &[
                "opt".as_ref(),
                "-O".as_ref(),
                input.as_os_str(),
                "-o".as_ref(),
                ours_out.as_os_str(),
            ],
        )?;
        anyhow::ensure!(ok_b, "spirvkit opt -O failed on {}", input.display());
        lines.push(format!(
            "  spirvkit opt -O: {:.1} ms, peak RSS {}",
            tb * 1e3,
            rss(rss_b)
        ));
        ours_by_size.push((functions, tb));
        let run_reference = functions <= 2_000 || std::env::var_os("SPIRVKIT_BENCH_SLOW").is_some();
        if run_reference {
            let theirs_out = dir.join(format!("kernels-{functions}.ref.spv"));
            let (tr, rss_r, ok_r) = timed(
                &tools.join("spirv-opt"),
                &[
                    "-O".as_ref(),
                    input.as_os_str(),
                    "-o".as_ref(),
                    theirs_out.as_os_str(),
                ],
            )?;
            let ratio_mem = match (rss_r, rss_b) {
                (Some(r), Some(b)) if b > 0 => format!("{:.1}x less memory", r as f64 / b as f64),
                _ => "memory n/a".to_string(),
            };
            lines.push(format!(
                "  spirv-opt -O: {:.1} ms, peak RSS {}, {} — spirvkit {:.0}x faster, {ratio_mem}",
                tr * 1e3,
                rss(rss_r),
                if ok_r { "ok" } else { "FAILED" },
                tr / tb.max(1e-9)
            ));
        } else {
            lines.push(
                "  spirv-opt -O: skipped (~540 s; SPIRVKIT_BENCH_SLOW=1 runs it)".to_string(),
            );
        }
    }
    if let [(n1, t1), (n2, t2)] = ours_by_size[..] {
        lines.push(format!(
            "scaling: {}x the functions took {:.1}x the time (linear: {:.0}x)",
            n2 / n1,
            t2 / t1.max(1e-9),
            f64::from(n2 / n1)
        ));
    }
    Ok(lines)
}
