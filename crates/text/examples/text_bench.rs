//! The text bench outside xtask (same code): generates the large module with xtask's
//! generator and times spirvkit dis/as against spirv-dis/spirv-as.
//! `SPIRVKIT_BIN=.../release/spirvkit cargo run --release -p spirvkit-text --example text_bench -- [FUNCTIONS] [TOOLS]`
#[path = "../../../xtask/src/bench/generate.rs"]
#[allow(dead_code)]
mod generate;
#[path = "../../../xtask/src/bench/text.rs"]
#[allow(dead_code)] // the report helpers are used by xtask, not by this example
mod text;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let functions: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let tools = args.get(2).map_or("/work/V/bin", String::as_str);
    let words = generate::large_module(functions, 48);
    if let Ok(path) = std::env::var("TEXT_BENCH_WRITE") {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        std::fs::write(path, bytes).expect("write module");
        return;
    }
    match text::run(&words, std::path::Path::new(tools)) {
        Ok(lines) => lines.iter().for_each(|l| println!("{l}")),
        Err(e) => {
            println!("{e:#}");
            std::process::exit(1);
        }
    }
}
