//! Development helper: validates the benchmark's generated module in-process and writes it to
//! the given path for timing the CLI and spirv-val.
//! `cargo run -p spirvkit-val --release --features dev-bench --example bench_large -- OUT.spv [FUNCTIONS]`
#[path = "../../../xtask/src/bench/generate.rs"]
mod generate;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = args
        .next()
        .unwrap_or_else(|| "/tmp/spirvkit-large.spv".into());
    let functions: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    // `INPUT=FILE` times an existing module (e.g. bench-opt's exported kernels) instead.
    let words = match std::env::var_os("INPUT") {
        Some(path) => {
            let bytes = std::fs::read(&path).unwrap_or_default();
            spirvkit_core::words_from_bytes(&bytes)
                .map(|(w, _)| w)
                .unwrap_or_default()
        }
        None => generate::large_module(functions, 48),
    };
    println!(
        "module: {functions} functions, {:.1} MB",
        words.len() as f64 * 4.0 / 1e6
    );
    if std::env::var_os("INPUT").is_none() {
        let _ = std::fs::write(&out, spirvkit_core::binary::bytes_from_words(&words));
    }
    if std::env::var_os("PHASES").is_some() {
        phases(&words);
    }
    let opts = spirvkit_val::ValidatorOptions {
        sequential: std::env::var_os("SEQUENTIAL").is_some(),
        ..Default::default()
    };
    // `ITER=N`: the mean of N validations (small modules, as the linker validates them).
    if let Some(n) = std::env::var("ITER")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
    {
        let t = std::time::Instant::now();
        for _ in 0..n {
            let _ = spirvkit_val::validate(&words, &opts);
        }
        println!(
            "validate x{n}: {:.1} us each",
            t.elapsed().as_secs_f64() * 1e6 / f64::from(n.max(1))
        );
        return;
    }
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let r = spirvkit_val::validate(&words, &opts);
        println!(
            "validate: {:.1} ms, {}",
            t.elapsed().as_secs_f64() * 1e3,
            match &r {
                Ok(()) => "valid".to_string(),
                Err(d) => format!("{} diagnostics, first: {}", d.len(), d[0]),
            }
        );
    }
}

/// Per-phase timings (printed when `PHASES=1`).
#[allow(dead_code)]
fn phases(words: &[u32]) {
    use spirvkit_val::*;
    let opts = ValidatorOptions::default();
    let t = std::time::Instant::now();
    let Ok(mut st) = state::State::build(words, &opts) else {
        return;
    };
    println!("  build: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    let t = std::time::Instant::now();
    layout::check(&mut st);
    println!("  layout: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    type Check = fn(&state::State<'_>) -> Vec<Diagnostic>;
    let t = std::time::Instant::now();
    let uses = ids::check(&st).ssa_instructions;
    println!("  ids: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    let steps: [(&str, Check); 11] = [
        ("capabilities", capabilities::check),
        ("limits", limits::check),
        ("types", types::check),
        ("constants", constants::check),
        ("decorations", decorations::check),
        ("entry_points", entry_points::check),
        ("functions", functions::check),
        ("instructions", instructions::check),
        ("env", env::check),
        ("builtins", builtins::check),
        ("access_decorations", access_decorations::check),
    ];
    for (name, f) in steps {
        let t = std::time::Instant::now();
        let _ = f(&st);
        println!("  {name}: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    }
    let t = std::time::Instant::now();
    cfg::check(&mut st, &uses);
    println!("  cfg: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
}
