//! Times the library assembler alone on a file (no output I/O): `astime FILE`.
fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/big.spvasm".into());
    let src = std::fs::read_to_string(path).unwrap_or_default();
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let w = spirvkit_text::assemble(&src, &Default::default()).map(|w| w.len());
        println!("{:?} in {:.3} s", w.ok(), t.elapsed().as_secs_f64());
    }
}
