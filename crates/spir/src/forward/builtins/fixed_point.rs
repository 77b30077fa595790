//! `llvm.smul.fix`, `llvm.umul.fix` and their `.sat` forms: the fixed-point product
//! `(a * b) >> scale` of two integers (scalars or vectors) with `scale` fractional bits, from
//! the full double-width product. SPIR-V has no such instruction (LLVM's own back ends expand
//! it the same way); the product's halves are OpIMul (low) and OpenCL.std s_mul_hi / u_mul_hi
//! (high), so any integer width works without a wider type:
//! `result = scale == 0 ? lo : (lo >> scale) | (hi << (width - scale))`, rounding toward
//! negative infinity as LLVM's expansion does. The `.sat` forms clamp to the type's range when
//! the shifted product does not fit: signed, when the bits from `width + scale - 1` up are not
//! all equal (to the signed minimum or maximum by the product's sign); unsigned, when a bit
//! from `width + scale` up is set (to all ones).

use super::llvm_intrinsics::{bool_like, scalar_width};
use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Op, OpenClStdOp};
use spirvkit_llvm as llvm;

/// Whether `stem` is one of the fixed-point multiplications.
pub(super) fn handles(stem: &str) -> bool {
    matches!(
        stem,
        "smul.fix" | "umul.fix" | "smul.fix.sat" | "umul.fix.sat"
    )
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    stem: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let [a, b, scale] = args else {
        return Err(malformed(
            loc,
            format!("llvm.{stem} without three operands"),
        ));
    };
    let signed = stem.starts_with('s');
    let saturating = stem.ends_with(".sat");
    let width = scalar_width(t, result_ty);
    if !matches!(width, 8 | 16 | 32 | 64) {
        return Err(malformed(
            loc,
            format!("llvm.{stem} of {width}-bit integers (8, 16, 32 or 64 bits are translated)"),
        ));
    }
    let scale = t
        .const_int(*scale)
        .filter(|&s| s < u64::from(width))
        .ok_or_else(|| {
            malformed(
                loc,
                format!("llvm.{stem} with a scale that is not a constant below the width"),
            )
        })? as u32;
    let ty = t.ty(result_ty, loc)?;
    let (a, b) = (t.value(ctx, *a)?, t.value(ctx, *b)?);
    let lo = t.emit_ops(Op::IMul, ty, [Operand::Id(a), Operand::Id(b)]);
    let hi_op = if signed {
        OpenClStdOp::s_mul_hi
    } else {
        OpenClStdOp::u_mul_hi
    };
    let hi = t.b.alloc_id();
    super::ext_inst(t, hi, ty, hi_op.0, vec![Operand::Id(a), Operand::Id(b)]);
    let shifted = if scale == 0 {
        lo
    } else {
        let s = t.splat(result_ty, u64::from(scale), loc)?;
        let up = t.splat(result_ty, u64::from(width - scale), loc)?;
        let low_part = t.emit_ops(Op::ShiftRightLogical, ty, [Operand::Id(lo), Operand::Id(s)]);
        let high_part = t.emit_ops(Op::ShiftLeftLogical, ty, [Operand::Id(hi), Operand::Id(up)]);
        t.emit_ops(
            Op::BitwiseOr,
            ty,
            [Operand::Id(low_part), Operand::Id(high_part)],
        )
    };
    if !saturating {
        t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(shifted)]);
        return Ok(());
    }
    let bool_ty = bool_like(t, result_ty);
    let zero = t.splat(result_ty, 0, loc)?;
    let all_ones = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let (fits, saturated) = if signed {
        // The bits of the product from `width + scale - 1` up, as the high half's bits from
        // `scale - 1` up (or, for scale 0, the low half's sign bit and the whole high half).
        let (above, reference) = if scale == 0 {
            let sign = t.splat(result_ty, u64::from(width - 1), loc)?;
            let sign = t.emit_ops(
                Op::ShiftRightArithmetic,
                ty,
                [Operand::Id(lo), Operand::Id(sign)],
            );
            (hi, sign)
        } else {
            let s = t.splat(result_ty, u64::from(scale - 1), loc)?;
            let above = t.emit_ops(
                Op::ShiftRightArithmetic,
                ty,
                [Operand::Id(hi), Operand::Id(s)],
            );
            // All equal: the arithmetic shift is 0 or -1, i.e. it equals its own sign.
            let sign = t.splat(result_ty, u64::from(width - 1), loc)?;
            let sign = t.emit_ops(
                Op::ShiftRightArithmetic,
                ty,
                [Operand::Id(above), Operand::Id(sign)],
            );
            (above, sign)
        };
        let fits = t.emit_ops(
            Op::IEqual,
            bool_ty,
            [Operand::Id(above), Operand::Id(reference)],
        );
        let min = 1u64 << (width - 1);
        let (min, max) = (
            t.splat(result_ty, min, loc)?,
            t.splat(result_ty, min - 1, loc)?,
        );
        let negative = t.emit_ops(Op::SLessThan, bool_ty, [Operand::Id(hi), Operand::Id(zero)]);
        let saturated = t.emit_ops(
            Op::Select,
            ty,
            [Operand::Id(negative), Operand::Id(min), Operand::Id(max)],
        );
        (fits, saturated)
    } else {
        let above = if scale == 0 {
            hi
        } else {
            let s = t.splat(result_ty, u64::from(scale), loc)?;
            t.emit_ops(Op::ShiftRightLogical, ty, [Operand::Id(hi), Operand::Id(s)])
        };
        let fits = t.emit_ops(Op::IEqual, bool_ty, [Operand::Id(above), Operand::Id(zero)]);
        (fits, t.splat(result_ty, all_ones, loc)?)
    };
    t.emit_ops_to(
        out,
        Op::Select,
        ty,
        [
            Operand::Id(fits),
            Operand::Id(shifted),
            Operand::Id(saturated),
        ],
    );
    Ok(())
}
