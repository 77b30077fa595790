//! SPV_INTEL_rounded_divide_sqrt: an explicit rounding mode on a division or a square root.
//! LLVM writes it as the rounding metadata of `llvm.experimental.constrained.fdiv` /
//! `.sqrt` (`!"round.tonearest"`, ...); llvm-spirv translates those to OpFDiv / the OpenCL.std
//! `sqrt` decorated FPRoundingMode, which the extension's RoundedDivideSqrtINTEL capability
//! allows on these two (core SPIR-V allows FPRoundingMode on conversions only). Only IEEE
//! formats take it (half, float, double; not bfloat). Without the extension the rounding
//! mode is dropped: the operation then rounds to nearest, which is what the unconstrained
//! instruction means.

use crate::forward::translator::Translator;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration};
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_INTEL_rounded_divide_sqrt";

/// The FPRoundingMode of a constrained intrinsic's rounding argument (RTE, RTZ, RTP, RTN);
/// `round.dynamic` and `round.tonearestaway` have none.
pub(crate) fn rounding_mode(metadata: &[u8]) -> Option<u32> {
    Some(match metadata {
        b"round.tonearest" => 0,
        b"round.towardzero" => 1,
        b"round.upward" => 2,
        b"round.downward" => 3,
        _ => return None,
    })
}

/// Decorates `out` (an OpFDiv or an OpenCL.std `sqrt` of `result_ty`) with the rounding mode
/// when the extension is enabled and the type is an IEEE binary format.
pub(crate) fn decorate(t: &mut Translator<'_>, out: Id, result_ty: llvm::TypeId, mode: u32) {
    let ieee = matches!(
        t.m.types.get(t.m.types.scalar(result_ty)),
        llvm::Type::Half | llvm::Type::Float | llvm::Type::Double
    );
    if !ieee || !t.opts.allows(EXTENSION) {
        return;
    }
    t.b.extension(EXTENSION);
    t.b.capability(Capability::RoundedDivideSqrtINTEL);
    t.b.decorate(out, Decoration::FPRoundingMode.0, &[Operand::Word(mode)]);
}
