//! LLVM bitcode writer: every corpus `.bc32`/`.bc64` read by spirvkit and written back as
//! bitcode must disassemble (`llvm-dis-15`) to the same `.ll` as the original, and read back
//! by spirvkit's own reader to the same module (compared through its `.ll` printing).
//! CI checks every 8th file; `--full` checks all.

use super::llvm::{disassemble, Scratch};
use super::{Context, SectionReport};
use spirvkit_llvm::WriteOptions;
use std::path::Path;

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let scratch = Scratch::new("llvm-write")?;
    let (total, failures) = super::llvm::corpus_bitcode_cases(ctx, &scratch, 8, |_, file, base| {
        let out = base.with_extension("bc");
        let r = case(file, &out);
        let _ = std::fs::remove_file(&out);
        r
    });
    Ok(SectionReport {
        name: "LLVM bitcode writer: corpus bitcode → spirvkit → bitcode, llvm-dis-15 and spirvkit agree",
        lines: vec![format!(
            "{} of {} corpus .bc32/.bc64 identical through llvm-dis-15 and spirvkit's reader{}",
            total - failures.len(),
            total,
            if ctx.full { "" } else { " (every 8th; --full for all)" }
        )],
        failures,
    })
}

fn case(path: &Path, out: &Path) -> Result<(), String> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let module = spirvkit_llvm::read_bitcode(&bytes, &name).map_err(|e| e.to_string())?;
    let written = spirvkit_llvm::write_bitcode(&module, &name).map_err(|e| e.to_string())?;
    std::fs::write(out, &written).map_err(|e| e.to_string())?;
    if disassemble(out)? != disassemble(path)? {
        return Err("llvm-dis-15 prints the written bitcode differently".into());
    }
    let again = spirvkit_llvm::read_bitcode(&written, &name)
        .map_err(|e| format!("spirvkit cannot read the written bitcode: {e}"))?;
    let opts = WriteOptions::default();
    if again.to_ll(&opts) != module.to_ll(&opts) {
        return Err("spirvkit reads the written bitcode to a different module".into());
    }
    Ok(())
}
