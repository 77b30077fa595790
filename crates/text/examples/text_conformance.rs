//! Runs the text conformance suite (the same code `cargo xtask conformance` uses):
//! `cargo run --release -p spirvkit-text --example text_conformance -- CORPUS TOOLS`.
#[path = "../../../xtask/src/conformance/text.rs"]
mod text;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let corpus = args.get(1).map_or("../shared/corpus", String::as_str);
    let tools = args.get(2).map_or("/work/V/bin", String::as_str);
    match text::run(std::path::Path::new(corpus), std::path::Path::new(tools)) {
        Ok(lines) => lines.iter().for_each(|l| println!("{l}")),
        Err(e) => {
            println!("{e:#}");
            std::process::exit(1);
        }
    }
}
