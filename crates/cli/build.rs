//! Links the `spirvkit` executable at a fixed address (not position-independent) on Linux:
//! a position-independent executable has ~16 600 dynamic relocations (clap's and the grammar
//! tables' pointers) that the loader applies at every start, writing ~130 pages of
//! `.data.rel.ro`; a fixed-address one has them resolved at link time.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
