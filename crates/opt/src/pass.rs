//! The pass interface: a named transformation of the module that says whether it changed
//! anything. A pass that meets a construct it cannot handle leaves that construct unchanged.

use crate::analyses::Analyses;
use crate::error::Error;
use spirvkit_core::{Function, Id, Module};

/// Whether a pass changed the module (the pass manager drops the analyses when it did).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    No,
    Yes,
}

impl Changed {
    pub fn from_bool(changed: bool) -> Self {
        if changed {
            Changed::Yes
        } else {
            Changed::No
        }
    }

    pub fn any(self, other: Changed) -> Changed {
        Changed::from_bool(self == Changed::Yes || other == Changed::Yes)
    }
}

pub trait Pass: Send + Sync {
    /// The spirv-opt flag name without dashes (`strip-debug`).
    fn name(&self) -> &'static str;
    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error>;

    /// The pass as a function-local pass, when it is one (the pass manager then runs it
    /// function by function together with its neighbours).
    fn function_pass(&self) -> Option<&dyn FunctionPass> {
        None
    }
}

/// The function-local part of a pass, for the pass manager to run one function at a time:
/// `prepare` gathers the module-scope facts the pass reads (types, decorations, memory
/// facts: what no function-local rewrite of another function can change), then
/// [`FunctionWork::run`] rewrites one function. Such a pass allocates no ids and changes no
/// module-scope instruction except that the names and decorations of the ids it deletes go
/// ([`crate::util::remove_references_to`], done once by the caller).
///
/// The pass manager runs consecutive function passes as one segment: each function goes
/// through every pass of the segment while it is in cache, functions in parallel. Because
/// `prepare` reads nothing an earlier pass of the segment changes, the result is the module
/// the passes give one after the other.
pub trait FunctionPass: Sync {
    fn prepare(&self, module: &Module) -> Box<dyn FunctionWork>;
}

/// One function pass, prepared for a module.
pub trait FunctionWork: Send + Sync {
    /// Rewrites `f`; pushes the result ids it deletes; true when `f` changed.
    fn run(&self, f: &mut Function, removed: &mut Vec<Id>) -> bool;
}

/// A [`FunctionPass`] run alone over a whole module (its `Pass::run`): every function in
/// parallel, then the deleted ids' names and decorations dropped.
pub fn run_function_pass(pass: &dyn FunctionPass, module: &mut Module) -> Changed {
    let work = pass.prepare(module);
    let (changed, removed) =
        crate::util::rewrite_functions_in_parallel(module, |f, removed| work.run(f, removed));
    if changed {
        crate::util::remove_references_to(module, &removed);
    }
    Changed::from_bool(changed)
}
