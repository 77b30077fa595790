//! The checked-in tables must equal a fresh generation from the checked-in JSON: a stale
//! table (someone edited the JSON or the generator and did not rerun `cargo xtask codegen`)
//! fails here.
use std::path::Path;

#[test]
fn generated_tables_are_fresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = spirvkit_grammar_gen::generate(&root.join("khronos")).expect("grammar JSON loads");
    for (name, text) in files {
        let path = root.join("src/generated").join(&name);
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            on_disk == text,
            "{} is stale: run `cargo xtask codegen`",
            path.display()
        );
    }
}
