//! Analyses built on demand and dropped when a pass changes the module: def-use with use
//! lists, and per function the CFG, dominator and post-dominator trees. Passes ask
//! [`Analyses`] for what they need; the pass manager calls [`Analyses::invalidate`] after
//! every pass that reports a change.

pub mod def_use;

pub use def_use::{DefUse, InstRef};

use spirvkit_core::analysis::{post_dominators, DomTree, FunctionCfg};
use spirvkit_core::Module;

/// What the optimizer was asked to keep even when unused (`--preserve-bindings`,
/// `--preserve-spec-constants`); passes that delete consult it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Preserve {
    /// Variables decorated with Binding or DescriptorSet stay.
    pub bindings: bool,
    /// Spec constants (OpSpecConstant*, OpSpecConstantComposite/Op) stay.
    pub spec_constants: bool,
}

/// Lazily built analyses of one module, and the run's preservation options.
#[derive(Default)]
pub struct Analyses {
    pub preserve: Preserve,
    def_use: Option<DefUse>,
    cfgs: Vec<Option<FunctionCfg>>,
    doms: Vec<Option<DomTree>>,
    post_doms: Vec<Option<DomTree>>,
}

impl Analyses {
    pub fn new() -> Self {
        Self::default()
    }

    /// Drops everything: the module changed.
    pub fn invalidate(&mut self) {
        *self = Self {
            preserve: self.preserve,
            ..Self::default()
        };
    }

    pub fn def_use(&mut self, module: &Module) -> &DefUse {
        self.def_use.get_or_insert_with(|| DefUse::new(module))
    }

    fn slot<T>(v: &mut Vec<Option<T>>, module: &Module, f: usize) -> bool {
        if v.len() != module.functions.len() {
            v.clear();
            v.resize_with(module.functions.len(), || None);
        }
        f < v.len()
    }

    /// The CFG of function `f` (an empty CFG when `f` is out of range).
    pub fn cfg(&mut self, module: &Module, f: usize) -> FunctionCfg {
        if !Self::slot(&mut self.cfgs, module, f) {
            return FunctionCfg::default();
        }
        self.cfgs[f]
            .get_or_insert_with(|| FunctionCfg::new(&module.functions[f]))
            .clone()
    }

    /// Dominator tree of function `f` from its entry block.
    pub fn dominators(&mut self, module: &Module, f: usize) -> Option<&DomTree> {
        let cfg = self.cfg(module, f);
        if !Self::slot(&mut self.doms, module, f) {
            return None;
        }
        Some(self.doms[f].get_or_insert_with(|| DomTree::new(&cfg.succs, &cfg.preds, 0)))
    }

    /// Post-dominator tree of function `f` (virtual exit = one past the blocks).
    pub fn post_dominators(&mut self, module: &Module, f: usize) -> Option<&DomTree> {
        let cfg = self.cfg(module, f);
        if !Self::slot(&mut self.post_doms, module, f) {
            return None;
        }
        Some(self.post_doms[f].get_or_insert_with(|| post_dominators(&cfg.succs, &cfg.preds)))
    }
}
