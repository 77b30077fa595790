//! `bench --only opt`: `spirvkit opt -O` beside `spirv-opt -O` on generated OpenCL kernel
//! modules of 2 000 and 20 000 functions (wall time and peak RSS through `/usr/bin/time`),
//! plus the in-process optimizer. spirv-opt is quadratic (~540 s on 20 000 functions), so on
//! the large module it only runs with `SPIRVKIT_BENCH_SLOW=1`. The generated functions are not
//! called by its one entry point, so every function is exported (Linkage) to stay live: the
//! optimizers must then work on every function instead of deleting them.

use super::val::spirvkit_binary;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// A run of a command: wall seconds, CPU seconds (user + system) and peak RSS in kB when
/// `/usr/bin/time` can tell, and whether it succeeded. CPU time is what the shared machine
/// cannot inflate.
struct Run {
    wall: f64,
    cpu: Option<f64>,
    rss: Option<u64>,
    ok: bool,
}

fn timed(program: &Path, args: &[&std::ffi::OsStr]) -> anyhow::Result<Run> {
    let time = Path::new("/usr/bin/time");
    let start = Instant::now();
    if !time.is_file() {
        let ok = Command::new(program).args(args).output()?.status.success();
        let wall = start.elapsed().as_secs_f64();
        return Ok(Run {
            wall,
            cpu: None,
            rss: None,
            ok,
        });
    }
    let out = Command::new(time)
        .arg("-f")
        .arg("%M %U %S")
        .arg(program)
        .args(args)
        .output()?;
    let wall = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last: Vec<&str> = stderr
        .lines()
        .last()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let (rss, cpu) = match last.as_slice() {
        [m, u, s] => (
            m.parse().ok(),
            u.parse::<f64>()
                .ok()
                .zip(s.parse::<f64>().ok())
                .map(|(u, s)| u + s),
        ),
        _ => (None, None),
    };
    Ok(Run {
        wall,
        cpu,
        rss,
        ok: out.status.success(),
    })
}

/// How many times each tool runs on each module (alternating); medians are reported.
const PROCESS_RUNS: usize = 5;

impl Run {
    /// The median wall and CPU time of `runs`, their largest peak RSS, and whether all succeeded.
    fn median(runs: &[Run]) -> Run {
        let median = |mut v: Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v.get(v.len() / 2).copied()
        };
        let cpus: Option<Vec<f64>> = runs.iter().map(|r| r.cpu).collect();
        Run {
            wall: median(runs.iter().map(|r| r.wall).collect()).unwrap_or(f64::NAN),
            cpu: cpus.and_then(median),
            rss: runs.iter().filter_map(|r| r.rss).max(),
            ok: runs.iter().all(|r| r.ok),
        }
    }
}

fn best_wall(runs: &[Run]) -> f64 {
    runs.iter().map(|r| r.wall).fold(f64::INFINITY, f64::min)
}

fn secs(t: Option<f64>) -> String {
    t.map_or_else(|| "n/a".to_string(), |t| format!("{:.1} ms", t * 1e3))
}

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
        let words = exported(&super::generate::large_module(functions, 48))?;
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
        // The input validation -O starts with (as spirv-opt), alone: the optimizer's options.
        let (tv, valid) =
            super::best_of(3, || spirvkit_val::validate(&words, &optimizer.validator));
        lines.push(format!(
            "  of which input validation alone (in-process): {:.1} ms ({})",
            tv.as_secs_f64() * 1e3,
            if valid.is_ok() { "valid" } else { "INVALID" }
        ));
        let ours_out = dir.join(format!("kernels-{functions}.ours.spv"));
        let ours_args = [
            "opt".as_ref(),
            "-O".as_ref(),
            input.as_os_str(),
            "-o".as_ref(),
            ours_out.as_os_str(),
        ];
        let theirs_out = dir.join(format!("kernels-{functions}.ref.spv"));
        let theirs_args = [
            "-O".as_ref(),
            input.as_os_str(),
            "-o".as_ref(),
            theirs_out.as_os_str(),
        ];
        let run_reference = functions <= 2_000 || std::env::var_os("SPIRVKIT_BENCH_SLOW").is_some();
        // One process run of a 50 ms program is at the mercy of the scheduler and a cold page
        // cache: both tools run PROCESS_RUNS times, alternating, and the medians are compared
        // (spirv-opt only once on the large module: ~540 s a run).
        let reference_runs = if functions <= 2_000 { PROCESS_RUNS } else { 1 };
        let (mut ours_runs, mut theirs_runs) = (Vec::new(), Vec::new());
        for run in 0..PROCESS_RUNS {
            let ours = timed(&bin, &ours_args)?;
            anyhow::ensure!(ours.ok, "spirvkit opt -O failed on {}", input.display());
            ours_runs.push(ours);
            if run_reference && run < reference_runs {
                theirs_runs.push(timed(&tools.join("spirv-opt"), &theirs_args)?);
            }
        }
        let ours = Run::median(&ours_runs);
        lines.push(format!(
            "  spirvkit opt -O: {:.1} ms wall (median of {PROCESS_RUNS}; best {:.1}), {} CPU, peak RSS {}",
            ours.wall * 1e3,
            best_wall(&ours_runs) * 1e3,
            secs(ours.cpu),
            rss(ours.rss)
        ));
        ours_by_size.push((functions, ours.wall, ours.cpu));
        if run_reference {
            let theirs = Run::median(&theirs_runs);
            let ratio_mem = match (theirs.rss, ours.rss) {
                (Some(r), Some(b)) if b > 0 => format!("{:.1}x less memory", r as f64 / b as f64),
                _ => "memory n/a".to_string(),
            };
            let ratio_cpu = match (theirs.cpu, ours.cpu) {
                (Some(r), Some(b)) => format!("{:.0}x less CPU", r / b.max(1e-3)),
                _ => "CPU n/a".to_string(),
            };
            lines.push(format!(
                "  spirv-opt -O: {:.1} ms wall (median of {}; best {:.1}), {} CPU, peak RSS {}, {} — spirvkit {:.0}x faster (wall medians), {ratio_cpu}, {ratio_mem}",
                theirs.wall * 1e3,
                theirs_runs.len(),
                best_wall(&theirs_runs) * 1e3,
                secs(theirs.cpu),
                rss(theirs.rss),
                if theirs.ok { "ok" } else { "FAILED" },
                theirs.wall / ours.wall.max(1e-9)
            ));
        } else {
            lines.push(
                "  spirv-opt -O: skipped (~540 s; SPIRVKIT_BENCH_SLOW=1 runs it)".to_string(),
            );
        }
    }
    if let [(n1, wall1, cpu1), (n2, wall2, cpu2)] = ours_by_size[..] {
        // Both: wall medians have millisecond resolution, `/usr/bin/time`'s CPU only 10 ms
        // (a 50 ms CPU run reads as 50 or 60 ms).
        let cpu = match (cpu1, cpu2) {
            (Some(c1), Some(c2)) => format!("{:.1}x the CPU time", c2 / c1.max(1e-9)),
            _ => "CPU n/a".to_string(),
        };
        lines.push(format!(
            "scaling (spirvkit opt -O medians): {}x the functions took {:.1}x the wall time, {cpu} (linear: {}x)",
            n2 / n1,
            wall2 / wall1.max(1e-9),
            n2 / n1
        ));
    }
    Ok(lines)
}

/// The module with the Linkage capability and every function but the entry point exported.
fn exported(words: &[u32]) -> anyhow::Result<Vec<u32>> {
    use spirvkit_core::grammar::{Capability, Decoration, LinkageType, Op};
    use spirvkit_core::{Instruction, Module, Operand};
    let mut m = Module::from_words(words).map_err(|e| anyhow::anyhow!("{e}"))?;
    // Entry points may not carry LinkageAttributes.
    let entry_points: Vec<_> = m
        .globals
        .iter()
        .filter(|i| i.opcode == Op::EntryPoint)
        .filter_map(|i| i.operands.get(1).and_then(Operand::id))
        .collect();
    let ids: Vec<_> = m
        .functions
        .iter()
        .map(|f| f.id())
        .filter(|id| !entry_points.contains(id))
        .collect();
    let annotations = m
        .globals
        .iter()
        .position(|i| i.section() >= spirvkit_core::module::Section::Annotation)
        .unwrap_or(m.globals.len());
    let decorations = ids.iter().enumerate().map(|(i, &id)| {
        Instruction::new(
            Op::Decorate,
            None,
            None,
            [
                Operand::Id(id),
                Operand::Word(Decoration::LinkageAttributes.0),
                Operand::String(format!("f{i}").into()),
                Operand::Word(LinkageType::Export.0),
            ],
        )
    });
    m.globals.splice(annotations..annotations, decorations);
    m.globals.insert(
        0,
        Instruction::new(
            Op::Capability,
            None,
            None,
            [Operand::Word(Capability::Linkage.0)],
        ),
    );
    Ok(m.to_words())
}
