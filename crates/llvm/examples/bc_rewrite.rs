//! Reads LLVM IR (bitcode or text) and writes it back as bitcode:
//! `cargo run -p spirvkit-llvm --example bc_rewrite -- IN OUT.bc`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(input), Some(output)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: bc_rewrite IN OUT.bc");
        std::process::exit(2);
    };
    let result = spirvkit_llvm::read_file(std::path::Path::new(input))
        .and_then(|m| spirvkit_llvm::write_bitcode(&m, input));
    match result {
        Ok(bytes) => {
            if let Err(e) = std::fs::write(output, bytes) {
                eprintln!("{output}: {e}");
                std::process::exit(1);
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
