//! `llvm.{u,s}{add,sub}.sat` in core SPIR-V, for `--spirv-use-ocl-for-llvm-math-intrinsic=false`
//! (by default they are OpenCL.std `u_add_sat` & co., see `llvm_intrinsics.rs`): the wrapping
//! result, replaced by the bound it would cross where it overflows.

use super::llvm_intrinsics::{bool_like, scalar_width};
use crate::error::Result;
use crate::forward::translator::Translator;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

/// Whether `stem` is one of the four saturating additions / subtractions.
pub(super) fn handles(stem: &str) -> bool {
    matches!(stem, "uadd.sat" | "usub.sat" | "sadd.sat" | "ssub.sat")
}

/// Writes `out = stem(a, b)` of LLVM type `result_ty` (SPIR-V type `ty`).
#[allow(clippy::too_many_arguments)]
pub(super) fn lower(
    t: &mut Translator<'_>,
    out: Id,
    ty: Id,
    result_ty: llvm::TypeId,
    stem: &str,
    a: Id,
    b: Id,
    loc: &str,
) -> Result<()> {
    let bool_ty = bool_like(t, result_ty);
    let width = scalar_width(t, result_ty);
    let all_ones = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let ids = |x: Id, y: Id| [Operand::Id(x), Operand::Id(y)];
    let select = |t: &mut Translator<'_>, out: Option<Id>, c: Id, x: Id, y: Id| {
        let operands = [Operand::Id(c), Operand::Id(x), Operand::Id(y)];
        match out {
            Some(out) => {
                t.emit_ops_to(out, Op::Select, ty, operands);
                out
            }
            None => t.emit_ops(Op::Select, ty, operands),
        }
    };
    match stem {
        "uadd.sat" => {
            // The sum wrapped iff it is below an operand.
            let sum = t.emit_ops(Op::IAdd, ty, ids(a, b));
            let wrapped = t.emit_ops(Op::ULessThan, bool_ty, ids(sum, a));
            let max = t.splat(result_ty, all_ones, loc)?;
            select(t, Some(out), wrapped, max, sum);
        }
        "usub.sat" => {
            // a > b ? a - b : 0, in llvm-spirv's order (its add_sub.sat.ll emulation).
            let difference = t.emit_ops(Op::ISub, ty, ids(a, b));
            let above = t.emit_ops(Op::UGreaterThan, bool_ty, ids(a, b));
            let zero = t.splat(result_ty, 0, loc)?;
            select(t, Some(out), above, difference, zero);
        }
        _ => {
            // Signed: a + b overflows upwards iff b > 0 and a > MAX - b, downwards iff b < 0
            // and a < MIN - b (a - b: the same with -b, i.e. MAX + b and MIN + b).
            let min_bits = 1u64 << (width.max(1) - 1);
            let zero = t.splat(result_ty, 0, loc)?;
            let max = t.splat(result_ty, min_bits - 1, loc)?;
            let min = t.splat(result_ty, min_bits, loc)?;
            let b_positive = t.emit_ops(Op::SGreaterThan, bool_ty, ids(b, zero));
            let b_negative = t.emit_ops(Op::SLessThan, bool_ty, ids(b, zero));
            let (wrapped, bound_op, upward_when, downward_when) = if stem == "sadd.sat" {
                (Op::IAdd, Op::ISub, b_positive, b_negative)
            } else {
                (Op::ISub, Op::IAdd, b_negative, b_positive)
            };
            let result = t.emit_ops(wrapped, ty, ids(a, b));
            let upper = t.emit_ops(bound_op, ty, ids(max, b));
            let above = t.emit_ops(Op::SGreaterThan, bool_ty, ids(a, upper));
            let overflows_up = t.emit_ops(Op::LogicalAnd, bool_ty, ids(above, upward_when));
            let lower = t.emit_ops(bound_op, ty, ids(min, b));
            let below = t.emit_ops(Op::SGreaterThan, bool_ty, ids(lower, a));
            let overflows_down = t.emit_ops(Op::LogicalAnd, bool_ty, ids(below, downward_when));
            let clamped_up = select(t, None, overflows_up, max, result);
            select(t, Some(out), overflows_down, min, clamped_up);
        }
    }
    Ok(())
}
