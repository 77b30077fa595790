//! Standalone generator: `cargo run -p spirvkit-grammar-gen` rewrites the grammar tables. It
//! exists beside `cargo xtask codegen` because xtask itself depends on the grammar crate, which
//! cannot compile while its tables are being changed.
fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar");
    let files = match spirvkit_grammar_gen::generate(&root.join("khronos")) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("grammar-gen: {e}");
            std::process::exit(1);
        }
    };
    for (name, text) in files {
        let path = root.join("src/generated").join(name);
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("grammar-gen: cannot write {}: {e}", path.display());
            std::process::exit(1);
        }
        println!("wrote {}", path.display());
    }
}
