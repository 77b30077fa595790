//! Runs of consecutive function passes ([`FunctionPass`]) as one segment: every pass is
//! prepared on the module as it stands before the segment, then each function goes through
//! all of the segment's passes in order while it is in cache (functions in parallel), and
//! the names and decorations of the deleted ids are dropped once at the end. The passes of a
//! segment read no module-scope fact an earlier one changes, so the module is the one the
//! passes give one after the other; only the walks over the whole module are saved (the
//! passes are bound by walking memory, not by their work on one function).

use crate::pass::{FunctionPass, FunctionWork, Pass};
use crate::util::{remove_references_to, rewrite_functions_in_parallel};
use spirvkit_core::Module;

/// How many passes from the start of `passes` form a segment (0 or 1: run the pass alone).
pub fn length(passes: &[Box<dyn Pass>]) -> usize {
    passes
        .iter()
        .take_while(|p| p.function_pass().is_some())
        .count()
}

/// The segment's name for timing and errors: its passes' names joined by `+`.
pub fn name(passes: &[Box<dyn Pass>]) -> String {
    passes
        .iter()
        .map(|p| p.name())
        .collect::<Vec<_>>()
        .join("+")
}

/// Runs `passes` (all function passes) function by function; true when something changed.
pub fn run(module: &mut Module, passes: &[Box<dyn Pass>]) -> bool {
    let works: Vec<Box<dyn FunctionWork>> = passes
        .iter()
        .filter_map(|p| p.function_pass())
        .map(|p: &dyn FunctionPass| p.prepare(module))
        .collect();
    let (changed, removed) = rewrite_functions_in_parallel(module, |f, removed| {
        let mut changed = false;
        for work in &works {
            changed |= work.run(f, removed);
        }
        changed
    });
    if changed {
        remove_references_to(module, &removed);
    }
    changed
}
