//! `cargo xtask bench`: spirvkit beside the reference tools on the same large generated module.
//! Ratios are what matter (same machine, same run); always built with `--release`.

mod corpus;
mod generate;
mod link;
mod opt;
mod reverse;
mod text;
mod val;

use spirvkit_core::{Module, Parser};
use std::time::{Duration, Instant};

/// Best of `runs` timings of `f`.
pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let value = f();
        best = best.min(start.elapsed());
        last = Some(value);
    }
    match last {
        Some(v) => (best, v),
        None => unreachable!("runs.max(1) ≥ 1"),
    }
}

/// Writes the generated large module (`--only translate`: the large SPIR `.ll`) for profiling.
pub fn emit(functions: u32, path: &std::path::Path, only: Option<&str>) -> anyhow::Result<()> {
    if only == Some("translate") {
        std::fs::write(path, corpus::large_ll(functions))?;
    } else {
        let words = generate::large_module(functions, 48);
        std::fs::write(path, spirvkit_core::binary::bytes_from_words(&words))?;
    }
    println!("wrote {}", path.display());
    Ok(())
}

/// Best wall time and best thread CPU time of `runs` calls of `f`. On this shared 2-core
/// machine the wall time includes waiting for a core; the CPU time is what the code costs.
pub fn best_of_wall_and_cpu<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, Duration, T) {
    let mut best_cpu = Duration::MAX;
    let (wall, value) = best_of(runs, || {
        let cpu = cpu_time::ThreadTime::now();
        let value = f();
        best_cpu = best_cpu.min(cpu.elapsed());
        value
    });
    (wall, best_cpu, value)
}

/// "12.3 ms = 1.23 GB/s wall, 10.1 ms = 1.50 GB/s thread CPU".
fn throughput(bytes: usize, wall: Duration, cpu: Duration) -> String {
    let rate = |t: Duration| bytes as f64 / t.as_secs_f64().max(1e-9) / 1e9;
    format!(
        "{:.1} ms = {:.2} GB/s wall, {:.1} ms = {:.2} GB/s thread CPU",
        wall.as_secs_f64() * 1e3,
        rate(wall),
        cpu.as_secs_f64() * 1e3,
        rate(cpu)
    )
}

/// Decoding every glslang binary of the corpus (preloaded, one thread): real modules, with
/// decorations, names, memory operands and extended instructions.
fn decode_corpus() -> anyhow::Result<Option<String>> {
    let Ok(corpus) = crate::conformance::corpus_dir() else {
        return Ok(None);
    };
    let mut modules = Vec::new();
    for path in crate::conformance::files(&corpus.join("spv"), &["spv"]) {
        let (words, _) = spirvkit_core::words_from_bytes(&std::fs::read(&path)?)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        modules.push(words);
    }
    let bytes: usize = modules.iter().map(|m| m.len() * 4).sum();
    let (wall, cpu, count) = best_of_wall_and_cpu(7, || {
        let mut n = 0usize;
        for words in &modules {
            let mut parser = Parser::new(words).map_err(|e| anyhow::anyhow!("{e}"))?;
            while parser
                .next_instruction()
                .map_err(|e| anyhow::anyhow!("{e}"))?
                .is_some()
            {
                n += 1;
            }
        }
        anyhow::Ok(n)
    });
    let count = count?;
    Ok(Some(format!(
        "decode corpus ({} glslang binaries, {:.1} MB): {count} instructions in {}",
        modules.len(),
        bytes as f64 / 1e6,
        throughput(bytes, wall, cpu)
    )))
}

pub fn run(functions: u32, only: Option<&str>) -> anyhow::Result<()> {
    let part = |name: &str| only.is_none_or(|o| o == name);
    if only == Some("corpus") {
        for line in corpus::run()? {
            println!("{line}");
        }
        return Ok(());
    }
    if only == Some("opt") {
        for line in opt::run(&crate::conformance::tools_dir()?)? {
            println!("{line}");
        }
        return Ok(());
    }
    if only == Some("link") {
        for line in link::run(&crate::conformance::tools_dir()?)? {
            println!("{line}");
        }
        return Ok(());
    }
    if only == Some("reverse") {
        for line in reverse::run(functions)? {
            println!("{line}");
        }
        return Ok(());
    }
    if only == Some("translate") {
        for line in corpus::large_module(functions)? {
            println!("{line}");
        }
        return Ok(());
    }
    if cfg!(debug_assertions) {
        println!("warning: xtask built without --release; run `cargo xtask-release bench` for real numbers");
    }
    let words = generate::large_module(functions, 48);
    let bytes = words.len() * 4;
    println!(
        "generated module: {functions} functions, {:.1} MB",
        bytes as f64 / 1e6
    );

    let (wall, cpu, count) = best_of_wall_and_cpu(7, || {
        let mut parser = Parser::new(&words).map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut n = 0usize;
        while parser
            .next_instruction()
            .map_err(|e| anyhow::anyhow!("{e}"))?
            .is_some()
        {
            n += 1;
        }
        anyhow::Ok(n)
    });
    let count = count?;
    println!(
        "decode (classified operands, goal >= 1 GB/s): {count} instructions in {}",
        throughput(bytes, wall, cpu)
    );
    if let Some(line) = decode_corpus()? {
        println!("{line}");
    }
    let (wall, cpu, module) = best_of_wall_and_cpu(5, || Module::from_words(&words));
    let module = module.map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("decode to module IR: {}", throughput(bytes, wall, cpu));
    let (wall, cpu, encoded) = best_of_wall_and_cpu(5, || module.to_words());
    anyhow::ensure!(
        encoded == words,
        "module IR round trip of the generated module differs"
    );
    println!("encode module IR: {}", throughput(bytes, wall, cpu));
    let tools = crate::conformance::tools_dir()?;
    if part("text") {
        for line in text::run(&words, &tools)? {
            println!("{line}");
        }
    }
    if part("val") {
        for line in val::run(&words, &tools)? {
            println!("{line}");
        }
    }
    if part("corpus") {
        for line in corpus::run()? {
            println!("{line}");
        }
        for line in corpus::large_module(functions)? {
            println!("{line}");
        }
    }
    Ok(())
}
