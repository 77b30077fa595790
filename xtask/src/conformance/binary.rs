//! Decode → encode round trips: raw parser and module IR, on glslang binaries and on every
//! spvasm file assembled by the reference assembler.

use super::{files, reference_assemble, Context, SectionReport};
use rayon::prelude::*;
use spirvkit_core::{words_from_bytes, Module, Parser};

fn round_trip(bytes: &[u8]) -> Result<(), String> {
    let (words, _) = words_from_bytes(bytes).map_err(|e| e.to_string())?;
    let mut parser = Parser::new(&words).map_err(|e| e.to_string())?;
    let mut rebuilt = words.get(..5).unwrap_or_default().to_vec();
    while let Some(inst) = parser.next_instruction().map_err(|e| e.to_string())? {
        let covered: usize = inst.operands.iter().map(|o| usize::from(o.num_words)).sum();
        if covered + 1 != inst.words.len() {
            return Err(format!(
                "word {}: operands of {} do not cover the instruction",
                inst.word_offset,
                inst.opname()
            ));
        }
        rebuilt.extend_from_slice(inst.words);
    }
    if rebuilt != words {
        return Err("parser round trip differs".into());
    }
    let module = Module::from_words(&words).map_err(|e| e.to_string())?;
    if module.to_bytes() != bytes {
        return Err("module IR round trip differs".into());
    }
    Ok(())
}

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let binaries = files(&ctx.corpus.join("spv"), &["spv"]);
    let sources = files(
        &ctx.corpus.join("spvasm"),
        &["spvasm", "spvasm32", "spvasm64"],
    );
    let mut failures = Vec::new();
    let bin_failures: Vec<String> = binaries
        .par_iter()
        .filter_map(|p| {
            let bytes = std::fs::read(p).map_err(|e| e.to_string());
            bytes
                .and_then(|b| round_trip(&b))
                .err()
                .map(|e| format!("{}: {e}", p.display()))
        })
        .collect();
    let asm_failures: Vec<String> = sources
        .par_iter()
        .filter_map(|p| match reference_assemble(&ctx.tools, p) {
            Ok(bytes) => round_trip(&bytes)
                .err()
                .map(|e| format!("{}: {e}", p.display())),
            Err(e) => Some(format!("{e:#}")),
        })
        .collect();
    let lines = vec![
        format!(
            "glslang binaries: {}/{} round-trip exactly",
            binaries.len() - bin_failures.len(),
            binaries.len()
        ),
        format!(
            "assembled spvasm: {}/{} round-trip exactly",
            sources.len() - asm_failures.len(),
            sources.len()
        ),
    ];
    failures.extend(bin_failures);
    failures.extend(asm_failures);
    Ok(SectionReport {
        name: "binary round trip",
        lines,
        failures,
    })
}
