//! SPV_KHR_linkonce_odr: `weak_odr` and `linkonce_odr` definitions (functions and globals)
//! get the LinkOnceODR linkage type, as llvm-spirv maps them; without the extension they are
//! exported (functions, `weak_odr` globals) as before.

use crate::forward::translator::Translator;
use spirvkit_grammar::LinkageType;
use spirvkit_llvm as llvm;

const EXTENSION: &str = "SPV_KHR_linkonce_odr";

impl<'m> Translator<'m> {
    /// The linkage of an exported definition.
    pub(crate) fn definition_linkage(&mut self, linkage: llvm::Linkage) -> LinkageType {
        if self.linkonce_odr(linkage) {
            self.b.extension(EXTENSION);
            LinkageType::LinkOnceODR
        } else {
            LinkageType::Export
        }
    }

    /// Whether `linkage` becomes LinkOnceODR (the extension is allowed).
    pub(crate) fn linkonce_odr(&self, linkage: llvm::Linkage) -> bool {
        matches!(linkage, llvm::Linkage::WeakOdr | llvm::Linkage::LinkOnceOdr)
            && self.opts.allows(EXTENSION)
    }
}
