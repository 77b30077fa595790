//! SPV_INTEL_rounded_divide_sqrt: an explicit rounding mode on a division or a square root.
//! LLVM writes it as the rounding metadata of `llvm.experimental.constrained.fdiv` /
//! `.sqrt` (`!"round.tonearest"`, ...); llvm-spirv translates those to OpFDiv / the OpenCL.std
//! `sqrt` decorated FPRoundingMode, which the extension's RoundedDivideSqrtINTEL capability
//! allows on these two (core SPIR-V allows FPRoundingMode on conversions only). Only IEEE
//! formats take it (half, float, double; not bfloat). Without the extension the rounding
//! mode is dropped: the operation then rounds to nearest, which is what the unconstrained
//! instruction means.
//!
//! The same rule sorts the FPRoundingMode entries of an instruction's `!spirv.Decorations`
//! (llvm-spirv's rounded-divide-sqrt tests): kept on a floating-point conversion (core SPIR-V),
//! on an OpFDiv / OpenCL.std `sqrt` of an IEEE type under the extension, dropped elsewhere (a
//! plain `fsub`, an `llvm.fpbuiltin.*`, a bfloat division). The constrained conversions that
//! take a rounding argument (`sitofp`, `uitofp`, `fptrunc`) are decorated with it in core SPIR-V
//! (llvm-spirv's `constrained-convert.ll`), with or without the extension.

use crate::forward::translator::Translator;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration, ExtInstSet, Op};
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
    if declare_for(t, result_ty) {
        t.b.decorate(out, Decoration::FPRoundingMode.0, &[Operand::Word(mode)]);
    }
}

/// Whether a division or square root of `result_ty` may carry a rounding mode (an IEEE binary
/// format, the extension enabled); declares the extension and its capability when it may.
fn declare_for(t: &mut Translator<'_>, result_ty: llvm::TypeId) -> bool {
    let ieee = matches!(
        t.m.types.get(t.m.types.scalar(result_ty)),
        llvm::Type::Half | llvm::Type::Float | llvm::Type::Double
    );
    if !ieee || !t.opts.allows(EXTENSION) {
        return false;
    }
    t.b.extension(EXTENSION);
    t.b.capability(Capability::RoundedDivideSqrtINTEL);
    true
}

/// The conversions whose result a rounding mode applies to: core SPIR-V allows FPRoundingMode
/// on these without any capability.
fn is_float_conversion(opcode: Op) -> bool {
    matches!(
        opcode,
        Op::FConvert
            | Op::ConvertFToS
            | Op::ConvertFToU
            | Op::ConvertSToF
            | Op::ConvertUToF
            | Op::QuantizeToF16
            | Op::ConvertFToBF16INTEL
            | Op::ConvertBF16ToFINTEL
            | Op::ClampConvertFToFINTEL
            | Op::ClampConvertFToSINTEL
            | Op::StochasticRoundFToFINTEL
            | Op::ClampStochasticRoundFToFINTEL
            | Op::ClampStochasticRoundFToSINTEL
    )
}

/// Whether an FPRoundingMode entry of `!spirv.Decorations` stays on `target` (just emitted for
/// an LLVM instruction of type `result_ty`): on a floating-point conversion, or on an OpFDiv /
/// OpenCL.std `sqrt` the extension lets carry it (declared here); anywhere else llvm-spirv
/// drops it, as core SPIR-V gives arithmetic no rounding-mode decoration.
pub(crate) fn keeps_decorated_rounding(
    t: &mut Translator<'_>,
    target: Id,
    result_ty: llvm::TypeId,
) -> bool {
    let Some((opcode, ext_number)) = emitted(t, target) else {
        return false;
    };
    if is_float_conversion(opcode) {
        return true;
    }
    let sqrt = ExtInstSet::OpenClStd
        .desc()
        .instruction_by_name("sqrt")
        .map(|i| i.opcode);
    let divide_or_sqrt =
        opcode == Op::FDiv || (opcode == Op::ExtInst && ext_number.is_some() && ext_number == sqrt);
    divide_or_sqrt && declare_for(t, result_ty)
}

/// The opcode of the instruction of the current function that defines `id` (and, for an
/// OpExtInst, its instruction number), searched from the end: the instruction was just emitted.
fn emitted(t: &Translator<'_>, id: Id) -> Option<(Op, Option<u32>)> {
    let function = t.b.current_function()?;
    let inst = function
        .blocks
        .iter()
        .rev()
        .flat_map(|b| b.instructions.iter().rev())
        .find(|i| i.result_id == Some(id))?;
    let number = match inst.operands.get(1) {
        Some(Operand::Word(n)) if inst.opcode == Op::ExtInst => Some(*n),
        _ => None,
    };
    Some((inst.opcode, number))
}
