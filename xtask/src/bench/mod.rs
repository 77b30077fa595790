//! `cargo xtask bench`: spirvkit beside the reference tools on the same large generated module.
//! Ratios are what matter (same machine, same run); always built with `--release`.

mod corpus;
mod generate;
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

pub fn run(functions: u32, only: Option<&str>) -> anyhow::Result<()> {
    let part = |name: &str| only.is_none_or(|o| o == name);
    if only == Some("corpus") {
        for line in corpus::run()? {
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

    let (t, count) = best_of(5, || {
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
        "decode (classified operands): {count} instructions in {:.1} ms = {:.2} GB/s",
        t.as_secs_f64() * 1e3,
        bytes as f64 / t.as_secs_f64() / 1e9
    );
    let (t, module) = best_of(5, || Module::from_words(&words));
    let module = module.map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "decode to module IR: {:.1} ms = {:.2} GB/s",
        t.as_secs_f64() * 1e3,
        bytes as f64 / t.as_secs_f64() / 1e9
    );
    let (t, encoded) = best_of(5, || module.to_words());
    anyhow::ensure!(
        encoded == words,
        "module IR round trip of the generated module differs"
    );
    println!(
        "encode module IR: {:.1} ms = {:.2} GB/s",
        t.as_secs_f64() * 1e3,
        bytes as f64 / t.as_secs_f64() / 1e9
    );
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
