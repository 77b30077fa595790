//! `llvm.minimum` / `llvm.maximum` (IEEE 754-2019 minimum / maximum): NaN when either
//! operand is NaN, and -0.0 ordered below +0.0. OpenCL.std fmin/fmax return the other operand
//! for a NaN and may return either zero, so — as llvm-spirv lowers them — fmin/fmax is
//! followed by the two fix-ups it lacks, each left out when the call's fast-math flags make
//! it unnecessary:
//!
//! - signed zeros (unless `nsz`): when x == y (both zeros, or equal), the operand whose sign
//!   is negative for minimum (positive for maximum): `copysign(1.0, x) < 0.0` selects it;
//! - NaN (unless `nnan`): `OpUnordered(x, y)` selects a quiet NaN.
//!
//! (`llvm.minnum` / `llvm.maxnum` / `minimumnum` / `maximumnum` keep plain fmin / fmax:
//! their NaN and signed-zero rules are OpenCL's.)

use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

/// `Some(true)` for `llvm.maximum.*`, `Some(false)` for `llvm.minimum.*`.
pub(crate) fn family(name: &str) -> Option<bool> {
    let base = name.strip_prefix("llvm.")?;
    match base.split('.').next()? {
        "minimum" => Some(false),
        "maximum" => Some(true),
        _ => None,
    }
}

/// The bits of 1.0 and of the quiet NaN in a float type of `width` bits.
fn one_and_nan(width: u32) -> Option<(u64, u64)> {
    Some(match width {
        16 => (0x3C00, 0x7E00),
        32 => (0x3F80_0000, 0x7FC0_0000),
        64 => (0x3FF0_0000_0000_0000, 0x7FF8_0000_0000_0000),
        _ => return None,
    })
}

/// Lowers the call; `false` (nothing emitted) for an element type without IEEE fix-ups.
#[allow(clippy::too_many_arguments)]
pub(crate) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    maximum: bool,
    args: &[ValueRef],
    fast_math: u32,
) -> Result<bool> {
    let loc = ctx.location.as_str();
    let name = if maximum {
        "llvm.maximum"
    } else {
        "llvm.minimum"
    };
    let [x, y] = args else {
        return Err(malformed(loc, format!("{name} needs two operands")));
    };
    let (lanes, elem) = match t.m.types.get(result_ty) {
        Type::Vector { len, elem, .. } => (Some(*len), *elem),
        _ => (None, result_ty),
    };
    let width = match t.m.types.get(elem) {
        Type::Half => 16,
        Type::Float => 32,
        Type::Double => 64,
        // bfloat (SPV_INTEL_bfloat16_arithmetic) keeps the plain fmin/fmax of the intrinsic
        // path: the fix-ups' comparisons and copysign are not defined on it.
        _ => return Ok(false),
    };
    let (one_bits, nan_bits) =
        one_and_nan(width).ok_or_else(|| malformed(loc, format!("{name}: float width")))?;
    let no_nans = fast_math & (llvm::fmf::NNAN | llvm::fmf::FAST_OLD) != 0;
    let no_signed_zeros = fast_math & (llvm::fmf::NSZ | llvm::fmf::FAST_OLD) != 0;

    let ty = t.ty(result_ty, loc)?;
    let (xv, yv) = (t.value(ctx, *x)?, t.value(ctx, *y)?);
    let bool_ty = {
        let b = t.b.type_bool();
        match lanes {
            Some(n) if n > 1 => t.b.type_vector(b, n),
            _ => b,
        }
    };
    let opencl = if maximum { "fmax" } else { "fmin" };
    let number = crate::forward::builtins::opencl_std_number(opencl)
        .ok_or_else(|| malformed(loc, format!("OpenCL.std lacks {opencl}")))?;
    let last_is = |done: bool| if done { Some(out) } else { None };

    // fmin/fmax itself: the result when both fix-ups are left out.
    let plain = if no_nans && no_signed_zeros {
        out
    } else {
        t.b.alloc_id()
    };
    crate::forward::builtins::ext_inst(
        t,
        plain,
        ty,
        number,
        vec![Operand::Id(xv), Operand::Id(yv)],
    );
    let mut result = plain;
    if !no_signed_zeros {
        let equal = t.emit(
            Op::FOrdEqual,
            bool_ty,
            vec![Operand::Id(xv), Operand::Id(yv)],
        );
        let one = t.splat(result_ty, one_bits, loc)?;
        let copysign = crate::forward::builtins::opencl_std_number("copysign")
            .ok_or_else(|| malformed(loc, "OpenCL.std lacks copysign"))?;
        let sign = t.b.alloc_id();
        crate::forward::builtins::ext_inst(
            t,
            sign,
            ty,
            copysign,
            vec![Operand::Id(one), Operand::Id(xv)],
        );
        let zero = match lanes {
            Some(n) if n > 1 => t.b.dedup_global(Op::ConstantNull, Some(ty), vec![]),
            _ => t.splat(result_ty, 0, loc)?,
        };
        let negative = t.emit(
            Op::FOrdLessThan,
            bool_ty,
            vec![Operand::Id(sign), Operand::Id(zero)],
        );
        // Equal operands that are zeros differ only in sign: minimum keeps the negative one
        // (x when x is -0.0), maximum the positive one.
        let (if_negative, otherwise) = if maximum { (yv, xv) } else { (xv, yv) };
        let zeros = t.emit(
            Op::Select,
            ty,
            vec![
                Operand::Id(negative),
                Operand::Id(if_negative),
                Operand::Id(otherwise),
            ],
        );
        let select = vec![Operand::Id(equal), Operand::Id(zeros), Operand::Id(result)];
        result = match last_is(no_nans) {
            Some(o) => {
                t.emit_to(o, Op::Select, ty, select);
                o
            }
            None => t.emit(Op::Select, ty, select),
        };
    }
    if !no_nans {
        let unordered = t.emit(
            Op::Unordered,
            bool_ty,
            vec![Operand::Id(xv), Operand::Id(yv)],
        );
        let nan = t.splat(result_ty, nan_bits, loc)?;
        t.emit_to(
            out,
            Op::Select,
            ty,
            vec![
                Operand::Id(unordered),
                Operand::Id(nan),
                Operand::Id(result),
            ],
        );
    }
    Ok(true)
}
