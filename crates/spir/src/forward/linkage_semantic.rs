//! llvm-spirv's `--spirv-emit-linkage-user-semantic`: a function or global variable whose LLVM
//! linkage SPIR-V cannot express (`weak`, `weak_odr`, `linkonce`, `linkonce_odr`, `common`,
//! `extern_weak`, `available_externally`) keeps it as a UserSemantic decoration
//! "linkage:<LLVM keyword>" (its `linkage-user-semantic` test), which the reverse direction's
//! `--spirv-consume-linkage-user-semantic` reads back. A linkage an allowed extension expresses
//! (SPV_KHR_linkonce_odr's LinkOnceODR, SPV_AMD_weak_linkage's WeakAMD) needs no semantic.

use crate::error::Result;
use crate::forward::builtins::annotations::{decorate, Target};
use crate::forward::translator::Translator;
use spirvkit_core::Id;
use spirvkit_llvm as llvm;

/// Decorates `id` (a function or global of LLVM linkage `linkage`) when the option is on.
pub(crate) fn annotate(
    t: &mut Translator<'_>,
    id: Id,
    linkage: llvm::Linkage,
    loc: &str,
) -> Result<()> {
    use llvm::Linkage as L;
    if !t.opts.linkage_user_semantic {
        return Ok(());
    }
    let expressed = match linkage {
        L::WeakOdr | L::LinkOnceOdr => t.linkonce_odr(linkage),
        L::Weak => t.weak_amd_allowed(),
        L::LinkOnce | L::Common | L::ExternWeak | L::AvailableExternally => false,
        L::External | L::Private | L::Internal | L::Appending => true,
    };
    if expressed {
        return Ok(());
    }
    decorate(
        t,
        Target::Value(id),
        &format!("linkage:{}", linkage.keyword()),
        loc,
    )
}

impl<'m> Translator<'m> {
    /// Whether a `weak` definition gets SPV_AMD_weak_linkage's WeakAMD linkage type.
    pub(crate) fn weak_amd_allowed(&self) -> bool {
        self.opts
            .allows(crate::forward::linkonce_odr::WEAK_EXTENSION)
    }
}
