//! SPV_INTEL_token_type: LLVM's `token` type (the result of intrinsics that hand an opaque
//! value from one call to another, e.g. an unknown intrinsic kept under
//! `--spirv-allow-unknown-intrinsics`) becomes OpTypeTokenINTEL, as llvm-spirv's `transType`
//! does. The instruction and its capability are llvm-spirv's internal numbers (its
//! `spirv_internal.hpp`); without the extension the type is refused naming it.

use crate::error::{unsupported, Result};
use crate::forward::translator::Translator;
use spirvkit_core::Id;
use spirvkit_grammar::{Capability, Op};

pub(crate) const EXTENSION: &str = "SPV_INTEL_token_type";

/// The id of OpTypeTokenINTEL, declaring its capability and extension.
pub(crate) fn token_type(t: &mut Translator<'_>, location: &str) -> Result<Id> {
    if !t.opts.allows(EXTENSION) {
        return Err(unsupported(
            location,
            format!("the type token (needs --spirv-ext=+{EXTENSION})"),
        ));
    }
    // The extension is allowed: the capability (which names it) is declared with it.
    t.b.extension(EXTENSION);
    t.b.capability(Capability::TokenTypeINTEL);
    Ok(t.b.dedup_global(Op::TypeTokenINTEL, None, vec![]))
}
