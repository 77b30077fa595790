//! Analyses built on demand and dropped when a pass changes the module: def-use with use
//! lists, and per function the CFG, dominator and post-dominator trees. Passes ask
//! [`Analyses`] for what they need; the pass manager calls [`Analyses::invalidate`] after
//! every pass that reports a change.

pub mod def_use;

pub use def_use::{DefUse, InstRef};

use rayon::prelude::*;
use spirvkit_core::analysis::{post_dominators, DomTree, FunctionCfg};
use spirvkit_core::grammar::{Op, StorageClass};
use spirvkit_core::{Module, Operand};

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
    live_use_counts: Option<Vec<u32>>,
    function_variables: Option<bool>,
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

    /// Per id, the uses that keep a definition alive
    /// ([`crate::passes::eliminate_dead_const::live_use_counts`]): one walk over the module
    /// shared by the module-scope sweeps (dead variables, ADCE's, dead constants) until a pass
    /// changes the module.
    pub fn live_use_counts(&mut self, module: &Module) -> &[u32] {
        self.live_use_counts
            .get_or_insert_with(|| crate::passes::eliminate_dead_const::live_use_counts(module))
    }

    /// [`Analyses::live_use_counts`] taken out, for a pass that changes the module while it
    /// reads them; [`Analyses::restore_live_use_counts`] puts them back.
    pub fn take_live_use_counts(&mut self, module: &Module) -> Vec<u32> {
        self.live_use_counts(module);
        self.live_use_counts.take().unwrap_or_default()
    }

    /// Whether some function's entry block declares a Function-storage OpVariable: without
    /// one, the local-variable passes (scalar replacement, access-chain conversion, the
    /// single-block and single-store eliminations, SSA rewriting), which only take such
    /// variables, have nothing to do. One parallel walk shared by those consecutive passes.
    pub fn has_function_variables(&mut self, module: &Module) -> bool {
        *self.function_variables.get_or_insert_with(|| {
            module.functions.par_iter().any(|f| {
                f.blocks.first().is_some_and(|entry| {
                    entry.instructions.iter().any(|inst| {
                        inst.opcode == Op::Variable
                            && inst.operands.first()
                                == Some(&Operand::Word(StorageClass::Function.0))
                    })
                })
            })
        })
    }

    /// Whether the live use counts are at hand (no walk needed to get them).
    pub fn has_live_use_counts(&self) -> bool {
        self.live_use_counts.is_some()
    }

    /// Puts back counts taken with [`Analyses::take_live_use_counts`] (the pass manager drops
    /// them with everything else when the pass reports a change).
    pub fn restore_live_use_counts(&mut self, counts: Vec<u32>) {
        self.live_use_counts = Some(counts);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::testing::assemble;
    use spirvkit_core::grammar::Op;
    use spirvkit_core::Id;

    const SRC: &str = r#"
OpCapability Kernel
OpCapability Addresses
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %one "one"
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%one = OpConstant %uint 1
%fn = OpTypeFunction %void %bool
%k = OpFunction %void None %fn
%c = OpFunctionParameter %bool
%e = OpLabel
OpBranchConditional %c %a %b
%a = OpLabel
%x = OpIAdd %uint %one %one
OpBranch %m
%b = OpLabel
OpBranch %m
%m = OpLabel
OpReturn
OpFunctionEnd
"#;

    #[test]
    fn def_use_lists_every_use_in_binary_order() {
        let module = Module::from_words(&assemble(SRC)).unwrap();
        let mut analyses = Analyses::new();
        let du = analyses.def_use(&module);
        let one = module
            .globals
            .iter()
            .find(|i| i.opcode == Op::Constant)
            .and_then(|i| i.result_id)
            .unwrap();
        // OpName and the two operands of OpIAdd.
        let uses = du.uses(one);
        assert_eq!(uses.len(), 3);
        let ops: Vec<Op> = uses
            .iter()
            .map(|u| u.get(&module).unwrap().opcode)
            .collect();
        assert_eq!(ops, vec![Op::Name, Op::IAdd, Op::IAdd]);
        assert_eq!(du.def(&module, one).map(|i| i.opcode), Some(Op::Constant));
        assert!(du.uses(Id(9999)).is_empty());
    }

    #[test]
    fn dominators_and_post_dominators_of_a_diamond() {
        let module = Module::from_words(&assemble(SRC)).unwrap();
        let mut analyses = Analyses::new();
        let dom = analyses.dominators(&module, 0).unwrap().clone();
        assert!(dom.dominates(0, 3));
        assert!(!dom.dominates(1, 3));
        let post = analyses.post_dominators(&module, 0).unwrap().clone();
        assert!(post.dominates(3, 0));
        assert!(!post.dominates(1, 0));
        analyses.invalidate();
        assert_eq!(analyses.cfg(&module, 0).succs[0], vec![1, 2]);
    }
}
