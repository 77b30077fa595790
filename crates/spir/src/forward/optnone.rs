//! SPV_EXT_optnone / SPV_INTEL_optnone: a definition's `optnone` attribute → the OptNoneEXT
//! function control with its capability, as llvm-spirv maps it (the EXT extension preferred
//! when both are allowed); ignored without either extension, as llvm-spirv does.

use crate::forward::translator::Translator;
use spirvkit_grammar::{Capability, FunctionControl};
use spirvkit_llvm as llvm;

const EXTENSIONS: [&str; 2] = ["SPV_EXT_optnone", "SPV_INTEL_optnone"];

impl<'m> Translator<'m> {
    /// The OptNone function-control bit for `func` (0 when it has no `optnone` or neither
    /// extension is allowed); declares the extension and capability it needs.
    pub(crate) fn optnone_control(&mut self, func: &llvm::Function) -> u32 {
        if !func.attrs.has_function_flag("optnone") {
            return 0;
        }
        let Some(ext) = EXTENSIONS.into_iter().find(|e| self.opts.allows(e)) else {
            return 0;
        };
        self.b.extension(ext);
        self.b.capability(Capability::OptNoneEXT);
        FunctionControl::OptNoneEXT.0
    }
}
