//! SPV_KHR_poison_freeze (SPIRV-Registry, extensions/KHR/SPV_KHR_poison_freeze.asciidoc,
//! revision 2): LLVM's `poison` values and `freeze` instructions, as llvm-spirv translates them.
//!
//! With the extension enabled, a `poison` constant of any type (scalar, vector, aggregate,
//! pointer; also as a constituent of a constant composite) is an OpPoisonKHR of that type,
//! declared once per type among the module's constants as OpUndef is, and `freeze` is
//! OpFreezeKHR. Either declares the PoisonFreezeKHR capability, and with it every entry point
//! gets the ArithmeticPoisonKHR execution mode (`execution_modes::module_wide`: the
//! capability's description requires it of all entry points).
//!
//! Without the extension nothing of it is emitted: `poison` is OpUndef, as `undef` is, and a
//! `freeze` yields its operand's value (a copy), except that a freeze of `undef`/`poison`
//! yields the type's zero — llvm-spirv's regularization replaces such a freeze by the null
//! value, a choice the freeze semantics allow ("any value of the type").

use crate::forward::translator::Translator;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op};

pub(crate) const EXTENSION: &str = "SPV_KHR_poison_freeze";

/// Whether the options allow the extension's instructions.
pub(crate) fn enabled(t: &Translator<'_>) -> bool {
    t.opts.allows(EXTENSION)
}

/// Declares the extension and its capability (once; the builder deduplicates).
fn declare(t: &mut Translator<'_>) {
    t.b.extension(EXTENSION);
    t.b.capability(Capability::PoisonFreezeKHR);
}

/// The OpPoisonKHR of SPIR-V type `ty`, when the extension is enabled; `None` otherwise (the
/// caller then writes OpUndef). One per type, among the module's constants.
pub(crate) fn poison(t: &mut Translator<'_>, ty: Id) -> Option<Id> {
    if !enabled(t) {
        return None;
    }
    declare(t);
    Some(t.b.dedup_global(Op::PoisonKHR, Some(ty), vec![]))
}

/// `freeze` under the extension: OpFreezeKHR of `value` at `ty` into `out`. Returns false
/// (nothing emitted) when the extension is not enabled.
pub(crate) fn freeze(t: &mut Translator<'_>, out: Id, ty: Id, value: Id) -> bool {
    if !enabled(t) {
        return false;
    }
    declare(t);
    t.emit_ops_to(out, Op::FreezeKHR, ty, [Operand::Id(value)]);
    true
}
