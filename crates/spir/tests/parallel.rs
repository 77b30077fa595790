//! The parallel translation inside a caller that itself runs on the rayon pool (the CLI and
//! the conformance harness translate many files with `par_iter`): it must finish, with the
//! sequential result.

use rayon::prelude::*;
use spirvkit_spir::{translate_with_plan, ParallelPlan, TranslateOptions};
use spirvkit_test_support::mutate::within;
use std::fmt::Write;
use std::time::Duration;

/// A module of `functions` small functions called by one kernel.
fn module_text(functions: usize) -> String {
    let mut text = String::from("target triple = \"spir64-unknown-unknown\"\n");
    for i in 0..functions {
        let _ = writeln!(
            text,
            "define spir_func i32 @f{i}(i32 %x) {{\n  %y = add i32 %x, {i}\n  %z = mul i32 %y, %x\n  ret i32 %z\n}}"
        );
    }
    text.push_str("define spir_kernel void @k(ptr addrspace(1) %out) {\n  %a0 = add i32 0, 1\n");
    for i in 0..functions {
        let _ = writeln!(text, "  %a{} = call i32 @f{i}(i32 %a{i})", i + 1);
    }
    let _ = writeln!(
        text,
        "  store i32 %a{functions}, ptr addrspace(1) %out, align 4\n  ret void\n}}"
    );
    text
}

#[test]
fn parallel_translations_inside_rayon_workers_finish_with_the_sequential_result() {
    let outcome = within(Duration::from_secs(120), || {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap_or_else(|e| panic!("{e}"));
        let modules: Vec<spirvkit_llvm::Module> = (0..8)
            .map(|i| {
                spirvkit_llvm::parse_text(&module_text(12 + i), "m.ll")
                    .unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        let options = TranslateOptions::default();
        // Each worker of the 2-thread pool starts a parallel translation of its own.
        let parallel: Vec<Vec<u32>> = pool.install(|| {
            modules
                .par_iter()
                .map(|m| {
                    translate_with_plan(m, &options, ParallelPlan::EVERY_FUNCTION_A_CHUNK)
                        .unwrap_or_else(|e| panic!("{e}"))
                        .to_words()
                })
                .collect()
        });
        let sequential: Vec<Vec<u32>> = modules
            .iter()
            .map(|m| {
                translate_with_plan(m, &options, ParallelPlan::SEQUENTIAL)
                    .unwrap_or_else(|e| panic!("{e}"))
                    .to_words()
            })
            .collect();
        parallel == sequential
    });
    assert_eq!(
        outcome,
        Some(true),
        "None: the translations did not finish within 120 s (a deadlock); false: they differ"
    );
}
