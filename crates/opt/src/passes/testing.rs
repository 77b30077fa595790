//! Test helpers: assemble a module, run one pass with validation before and after, print.

use crate::analyses::Analyses;
use crate::pass::Pass;
use spirvkit_core::Module;
use spirvkit_val::ValidatorOptions;

pub fn assemble(src: &str) -> Vec<u32> {
    let opts = spirvkit_text::AssembleOptions {
        preserve_numeric_ids: true,
        ..Default::default()
    };
    match spirvkit_text::assemble(src, &opts) {
        Ok(words) => words,
        Err(e) => panic!("test module does not assemble: {e}"),
    }
}

pub fn disassemble(words: &[u32]) -> String {
    spirvkit_text::disassemble(words, &Default::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn validate(words: &[u32], what: &str) {
    if let Err(d) = spirvkit_val::validate(words, &ValidatorOptions::default()) {
        panic!("{what} is invalid: {:?}\n{}", d.first(), disassemble(words));
    }
}

/// Runs `pass` on a valid module; the result must be valid too.
pub fn run_pass(pass: &dyn Pass, words: &[u32]) -> Vec<u32> {
    validate(words, "test input");
    let mut module = Module::from_words(words).unwrap_or_else(|e| panic!("{e}"));
    let mut analyses = Analyses::new();
    if let Err(e) = pass.run(&mut module, &mut analyses) {
        panic!("{}: {e}", pass.name());
    }
    let out = module.to_words();
    validate(&out, pass.name());
    out
}

/// `src` with an OpName for every `%name = ...` definition, so the disassembly of a pass's
/// output shows the test's own names.
pub fn named(src: &str) -> String {
    let preamble = |l: &str| {
        let l = l.trim_start();
        [
            "OpCapability",
            "OpExtension",
            "OpMemoryModel",
            "OpEntryPoint",
            "OpExecutionMode",
        ]
        .iter()
        .any(|p| l.starts_with(p))
            || l.contains("OpExtInstImport")
            || l.is_empty()
    };
    let names: String = src
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix('%')?.split_once(" = "))
        .map(|(name, _)| format!("OpName %{name} \"{name}\"\n"))
        .collect();
    let mut out = String::with_capacity(src.len() + names.len());
    let mut inserted = false;
    for line in src.lines() {
        if !inserted && !preamble(line) {
            out.push_str(&names);
            inserted = true;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Runs `pass` on `head` (everything up to the function's first block) followed by `body` and a
/// closing `OpReturn`/`OpFunctionEnd`, with the test's names kept, and prints the result.
pub fn run_on_body(pass: &dyn Pass, head: &str, body: &str) -> String {
    let src = format!("{head}{body}OpReturn\nOpFunctionEnd\n");
    disassemble(&run_pass(pass, &assemble(&named(&src))))
}
