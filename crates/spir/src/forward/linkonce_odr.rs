//! SPV_KHR_linkonce_odr: `weak_odr` and `linkonce_odr` definitions (functions and globals)
//! get the LinkOnceODR linkage type, as llvm-spirv maps them; without the extension they are
//! exported (functions, `weak_odr` globals) as before. SPV_AMD_weak_linkage: `weak`
//! definitions get the WeakAMD linkage type (exported without the extension).

use crate::forward::translator::Translator;
use spirvkit_grammar::LinkageType;
use spirvkit_llvm as llvm;

const EXTENSION: &str = "SPV_KHR_linkonce_odr";
pub(crate) const WEAK_EXTENSION: &str = "SPV_AMD_weak_linkage";

impl<'m> Translator<'m> {
    /// The linkage of an exported definition.
    pub(crate) fn definition_linkage(&mut self, linkage: llvm::Linkage) -> LinkageType {
        if self.linkonce_odr(linkage) {
            self.b.extension(EXTENSION);
            LinkageType::LinkOnceODR
        } else if linkage == llvm::Linkage::Weak && self.weak_amd_allowed() {
            self.b.extension(WEAK_EXTENSION);
            self.b
                .capability(spirvkit_grammar::Capability::WeakLinkageAMD);
            LinkageType::WeakAMD
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
