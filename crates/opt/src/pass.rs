//! The pass interface: a named transformation of the module that says whether it changed
//! anything. A pass that meets a construct it cannot handle leaves that construct unchanged.

use crate::analyses::Analyses;
use crate::error::Error;
use spirvkit_core::Module;

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
}
