//! Arithmetic, bitwise and comparison instructions, select and freeze; the nsw/nuw and
//! fast-math flags they carry become decorations.

use super::{is_bool, Out};
use crate::error::{malformed, unsupported, Result};
use crate::forward::arbitrary_integers::Extension;
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{BinaryOp, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration, FPFastMathMode, Op};
use spirvkit_llvm as llvm;

pub(crate) fn binary_opcode(op: BinaryOp, is_bool: bool) -> Option<Op> {
    Some(match (op, is_bool) {
        (BinaryOp::And, true) => Op::LogicalAnd,
        (BinaryOp::Or, true) => Op::LogicalOr,
        (BinaryOp::Xor, true) => Op::LogicalNotEqual,
        (_, true) => return None,
        (BinaryOp::Add, _) => Op::IAdd,
        (BinaryOp::FAdd, _) => Op::FAdd,
        (BinaryOp::Sub, _) => Op::ISub,
        (BinaryOp::FSub, _) => Op::FSub,
        (BinaryOp::Mul, _) => Op::IMul,
        (BinaryOp::FMul, _) => Op::FMul,
        (BinaryOp::UDiv, _) => Op::UDiv,
        (BinaryOp::SDiv, _) => Op::SDiv,
        (BinaryOp::FDiv, _) => Op::FDiv,
        (BinaryOp::URem, _) => Op::UMod,
        (BinaryOp::SRem, _) => Op::SRem,
        (BinaryOp::FRem, _) => Op::FRem,
        (BinaryOp::Shl, _) => Op::ShiftLeftLogical,
        (BinaryOp::LShr, _) => Op::ShiftRightLogical,
        (BinaryOp::AShr, _) => Op::ShiftRightArithmetic,
        (BinaryOp::And, _) => Op::BitwiseAnd,
        (BinaryOp::Or, _) => Op::BitwiseOr,
        (BinaryOp::Xor, _) => Op::BitwiseXor,
    })
}

pub(crate) fn cmp_opcode(pred: u8) -> Option<Op> {
    Some(match pred {
        1 => Op::FOrdEqual,
        2 => Op::FOrdGreaterThan,
        3 => Op::FOrdGreaterThanEqual,
        4 => Op::FOrdLessThan,
        5 => Op::FOrdLessThanEqual,
        6 => Op::FOrdNotEqual,
        7 => Op::Ordered,
        8 => Op::Unordered,
        9 => Op::FUnordEqual,
        10 => Op::FUnordGreaterThan,
        11 => Op::FUnordGreaterThanEqual,
        12 => Op::FUnordLessThan,
        13 => Op::FUnordLessThanEqual,
        14 => Op::FUnordNotEqual,
        32 => Op::IEqual,
        33 => Op::INotEqual,
        34 => Op::UGreaterThan,
        35 => Op::UGreaterThanEqual,
        36 => Op::ULessThan,
        37 => Op::ULessThanEqual,
        38 => Op::SGreaterThan,
        39 => Op::SGreaterThanEqual,
        40 => Op::SLessThan,
        41 => Op::SLessThanEqual,
        _ => return None,
    })
}

/// Integer, float and bitwise binary operators (logical ones on i1).
pub(super) fn binary(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    op: &llvm::BinaryOp,
    [lhs, rhs]: [&ValueRef; 2],
    flags: &u8,
    fast_math: &u32,
) -> Result<()> {
    let Out {
        out, ty, result_ty, ..
    } = *r;
    let loc = ctx.location.as_str();
    let (mut l, mut r) = (t.value(ctx, *lhs)?, t.value(ctx, *rhs)?);
    if is_bool(t, result_ty) {
        bool_binary(t, out, ty, *op, l, r);
        return Ok(());
    }
    let opcode = binary_opcode(*op, false)
        .ok_or_else(|| unsupported(loc, format!("{} on i1", op.keyword())))?;
    // An odd-width integer in a wider carrier: the operations that read its upper bits get
    // them defined first (the others leave them unspecified, which nothing reads).
    let (lhs_reads, rhs_reads) = match op {
        BinaryOp::UDiv | BinaryOp::URem => (Some(Extension::Zero), Some(Extension::Zero)),
        BinaryOp::SDiv | BinaryOp::SRem => (Some(Extension::Sign), Some(Extension::Sign)),
        BinaryOp::LShr => (Some(Extension::Zero), Some(Extension::Zero)),
        BinaryOp::AShr => (Some(Extension::Sign), Some(Extension::Zero)),
        BinaryOp::Shl => (None, Some(Extension::Zero)),
        _ => (None, None),
    };
    if let Some(e) = lhs_reads {
        l = t.exact_widened(l, result_ty, e, loc)?;
    }
    if let Some(e) = rhs_reads {
        r = t.exact_widened(r, result_ty, e, loc)?;
    }
    t.emit_ops_to(out, opcode, ty, [Operand::Id(l), Operand::Id(r)]);
    fast_math_decoration(t, out, *fast_math);
    wrap_decorations(t, out, opcode, *flags);
    Ok(())
}

/// A binary operator on i1 (or a vector of i1): OpTypeBool takes no integer arithmetic, so
/// each operator becomes the logical instruction computing the same bit, as llvm-spirv
/// translates them (its bool_mul_add test: `mul` → OpLogicalAnd, `add` → OpLogicalNotEqual;
/// shifts are widened to i32 by its regularization, `(zext a >> zext b) != 0`, which is
/// `a && !b`). Arithmetic is modulo 2: `add` and `sub` are `xor`, `mul` is `and`. A shift by
/// 1 (the width) is poison, so only `b == 0` is defined; the division and remainder by 0 are
/// undefined, so the divisor is 1 (`true`): `a / 1 == a`, `a % 1 == 0`.
fn bool_binary(t: &mut Translator<'_>, out: Id, ty: Id, op: BinaryOp, l: Id, r: Id) {
    match op {
        BinaryOp::And | BinaryOp::Mul => {
            t.emit_ops_to(out, Op::LogicalAnd, ty, [Operand::Id(l), Operand::Id(r)]);
        }
        BinaryOp::Or => t.emit_ops_to(out, Op::LogicalOr, ty, [Operand::Id(l), Operand::Id(r)]),
        BinaryOp::Xor | BinaryOp::Add | BinaryOp::Sub => {
            t.emit_ops_to(
                out,
                Op::LogicalNotEqual,
                ty,
                [Operand::Id(l), Operand::Id(r)],
            );
        }
        BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr => {
            let not_r = t.emit_ops(Op::LogicalNot, ty, [Operand::Id(r)]);
            t.emit_ops_to(
                out,
                Op::LogicalAnd,
                ty,
                [Operand::Id(l), Operand::Id(not_r)],
            );
        }
        BinaryOp::UDiv | BinaryOp::SDiv => t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(l)]),
        // The remainders, and the floating-point operators (never on i1 in valid LLVM).
        BinaryOp::URem
        | BinaryOp::SRem
        | BinaryOp::FAdd
        | BinaryOp::FSub
        | BinaryOp::FMul
        | BinaryOp::FDiv
        | BinaryOp::FRem => {
            let zero = t.b.dedup_global(Op::ConstantNull, Some(ty), vec![]);
            t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(zero)]);
        }
    }
}

/// `fneg`.
pub(super) fn fneg(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    value: &ValueRef,
    fast_math: &u32,
) -> Result<()> {
    let Out { out, ty, .. } = *r;
    let v = t.value(ctx, *value)?;
    t.emit_ops_to(out, Op::FNegate, ty, [Operand::Id(v)]);
    fast_math_decoration_since_1_6(t, out, *fast_math);
    Ok(())
}

/// `icmp`/`fcmp` (pointers compared as integers, i1 as logical values).
pub(super) fn cmp(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    pred: &llvm::CmpPredicate,
    lhs: &ValueRef,
    rhs: &ValueRef,
    fast_math: &u32,
) -> Result<()> {
    let Out { out, ty, .. } = *r;
    let loc = ctx.location.as_str();
    let operand_ty = t.value_llvm_type(ctx, *lhs)?;
    let (mut l, mut r) = (t.value(ctx, *lhs)?, t.value(ctx, *rhs)?);
    match pred.0 {
        0 | 15 => {
            let op = if pred.0 == 15 {
                Op::ConstantTrue
            } else {
                Op::ConstantFalse
            };
            let bool_ty = t.b.type_bool();
            let scalar = t.b.dedup_global(op, Some(bool_ty), vec![]);
            // A vector compare's constant result is a vector of booleans (llvm-spirv: the
            // null vector for `false`, every lane true for `true`).
            let c = match t.m.types.get(operand_ty) {
                llvm::Type::Vector { .. } if pred.0 == 0 => {
                    t.b.dedup_global(Op::ConstantNull, Some(ty), vec![])
                }
                llvm::Type::Vector { len, .. } => {
                    let lanes = vec![Operand::Id(scalar); *len as usize];
                    t.b.dedup_global(Op::ConstantComposite, Some(ty), lanes)
                }
                _ => scalar,
            };
            t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(c)]);
            return Ok(());
        }
        _ => {}
    }
    let mut opcode =
        cmp_opcode(pred.0).ok_or_else(|| malformed(loc, format!("predicate {}", pred.0)))?;
    if t.m.types.is_pointer(t.m.types.scalar(operand_ty)) {
        // (A vector of pointers, SPV_INTEL_masked_gather_scatter, as a vector of integers.)
        // OpConvertPtrToU takes one pointer: a vector converts lane by lane.
        let size = t.size_type();
        match *t.m.types.get(operand_ty) {
            llvm::Type::Vector { len, elem, .. } => {
                let int_ty = t.b.type_vector(size, len);
                let component = t.ty(elem, loc)?;
                let mut lanes = |v| {
                    crate::forward::masked_gather_scatter::cast_lanes(
                        t,
                        v,
                        component,
                        size,
                        int_ty,
                        len,
                        Op::ConvertPtrToU,
                        None,
                    )
                };
                l = lanes(l);
                r = lanes(r);
            }
            _ => {
                l = t.emit_ops(Op::ConvertPtrToU, size, [Operand::Id(l)]);
                r = t.emit_ops(Op::ConvertPtrToU, size, [Operand::Id(r)]);
            }
        }
    } else if is_bool(t, operand_ty) {
        opcode = match opcode {
            Op::IEqual => Op::LogicalEqual,
            Op::INotEqual => Op::LogicalNotEqual,
            ordered => {
                // SPIR-V has no ordered comparison on booleans: an i1 is 0 or 1 unsigned and
                // 0 or -1 signed, so each predicate is one logical operation with one
                // operand negated (llvm-spirv's regularization: ugt/slt -> p & !q, ult/sgt ->
                // q & !p, uge/sle -> p | !q, ule/sge -> q | !p).
                let (first, second, combine) = match ordered {
                    Op::UGreaterThan | Op::SLessThan => (l, r, Op::LogicalAnd),
                    Op::ULessThan | Op::SGreaterThan => (r, l, Op::LogicalAnd),
                    Op::UGreaterThanEqual | Op::SLessThanEqual => (l, r, Op::LogicalOr),
                    Op::ULessThanEqual | Op::SGreaterThanEqual => (r, l, Op::LogicalOr),
                    _ => return Err(unsupported(loc, "this comparison of i1 values")),
                };
                let negated = t.emit_ops(Op::LogicalNot, ty, [Operand::Id(second)]);
                t.emit_ops_to(out, combine, ty, [Operand::Id(first), Operand::Id(negated)]);
                return Ok(());
            }
        };
    } else if t.widened_int_width(operand_ty).is_some() {
        let extension = match opcode {
            Op::SLessThan | Op::SLessThanEqual | Op::SGreaterThan | Op::SGreaterThanEqual => {
                Extension::Sign
            }
            _ => Extension::Zero,
        };
        l = t.exact_widened(l, operand_ty, extension, loc)?;
        r = t.exact_widened(r, operand_ty, extension, loc)?;
    }
    t.emit_ops_to(out, opcode, ty, [Operand::Id(l), Operand::Id(r)]);
    fast_math_decoration_since_1_6(t, out, *fast_math);
    Ok(())
}

/// FPFastMathMode on OpFNegate and the floating-point comparisons is SPIR-V 1.6 (Khronos
/// SPIR-V issue 515; before, only arithmetic instructions took it): the flags of an `fneg` or
/// `fcmp` need 1.6, or are dropped (hints) under a lower version cap — llvm-spirv's choice
/// (its fneg.ll / fcmp.ll: no decoration with `--spirv-max-version=1.5`).
fn fast_math_decoration_since_1_6(t: &mut Translator<'_>, id: Id, fast_math: u32) {
    const V1_6: u32 = 0x0001_0600;
    if t.opts.max_version < V1_6 {
        return;
    }
    if fast_math_decoration(t, id, fast_math) {
        t.needed_version = t.needed_version.max(V1_6);
    }
}

/// The fast-math flags of a call lowered to an OpenCL.std OpExtInst (`call fast float
/// @_Z4fmaxff`): FPFastMathMode on the OpExtInst, which the OpenCL extended instruction set
/// permits on its math (0–94), common (95–103) and geometric (104–110) instructions and on
/// the half conversions of vector data load/store (173–181) — in SPIR-V 1.6, as for fneg.
pub(crate) fn call_fast_math(t: &mut Translator<'_>, out: Id, fast_math: u32) {
    // Under SPV_KHR_float_controls2 a call of a defined function takes the flags too.
    crate::forward::float_controls2::decorate_function_call(t, out, fast_math);
    let (number, id) = t.last_ext_inst;
    if fast_math == 0 || out.0 == 0 || id != out {
        return;
    }
    if matches!(number, 0..=110 | 173..=181) {
        fast_math_decoration_since_1_6(t, out, fast_math);
    }
}

/// `select`, on a vector condition or one i1 for a whole vector.
pub(super) fn select(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    cond: &ValueRef,
    then_value: &ValueRef,
    else_value: &ValueRef,
    fast_math: u32,
) -> Result<()> {
    let Out {
        out,
        ty,
        result_ty,
        opaque_result,
        ..
    } = *r;
    let mut c = t.value(ctx, *cond)?;
    // LLVM selects whole vectors on one i1; SPIR-V wants one condition per component.
    if let llvm::Type::Vector { len, .. } = t.m.types.get(result_ty) {
        let cond_ty = t.value_llvm_type(ctx, *cond)?;
        if !matches!(t.m.types.get(cond_ty), llvm::Type::Vector { .. }) {
            let len = *len;
            let bool_ty = t.b.type_bool();
            let bools = t.b.type_vector(bool_ty, len);
            c = t.emit(
                Op::CompositeConstruct,
                bools,
                vec![Operand::Id(c); len as usize],
            );
        }
    }
    let (a, b) = if opaque_result {
        (
            t.value_as(ctx, *then_value, ty)?,
            t.value_as(ctx, *else_value, ty)?,
        )
    } else {
        (t.value(ctx, *then_value)?, t.value(ctx, *else_value)?)
    };
    t.emit_to(
        out,
        Op::Select,
        ty,
        vec![Operand::Id(c), Operand::Id(a), Operand::Id(b)],
    );
    // `select <flags>` of floats: only SPV_KHR_float_controls2 lets OpSelect carry
    // FPFastMathMode (llvm-spirv's fp-fast-math-mode call/select/phi test).
    if fast_math != 0
        && t.m.types.is_fp_or_fp_vector(result_ty)
        && crate::forward::float_controls2::enabled(t)
    {
        crate::forward::float_controls2::decorate(t, out, fast_math, true);
    }
    Ok(())
}

/// `freeze`: OpFreezeKHR under SPV_KHR_poison_freeze (poison_freeze.rs). Without it SPIR-V
/// has no poison to stop, so a copy of the value — of the type's zero when the value is
/// `undef`/`poison`, as llvm-spirv replaces such a freeze (any value is a valid result).
pub(super) fn freeze(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    value: &ValueRef,
) -> Result<()> {
    let Out {
        out,
        ty,
        opaque_result,
        ..
    } = *r;
    let frozen_undef =
        !crate::forward::poison_freeze::enabled(t) && !opaque_result && t.is_undef(*value);
    let v = if frozen_undef {
        let llvm_ty = t.value_llvm_type(ctx, *value)?;
        t.null_constant(llvm_ty, &ctx.location)?
    } else if opaque_result {
        t.value_as(ctx, *value, ty)?
    } else {
        t.value(ctx, *value)?
    };
    if !crate::forward::poison_freeze::freeze(t, out, ty, v) {
        t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(v)]);
    }
    Ok(())
}

/// The extension that makes NoSignedWrap/NoUnsignedWrap available before SPIR-V 1.4.
const NO_WRAP_EXTENSION: &str = "SPV_KHR_no_integer_wrap_decoration";

/// LLVM's nsw/nuw as NoSignedWrap/NoUnsignedWrap, on the instructions the spec allows them
/// on. They only make overflow undefined, so dropping them keeps the program's meaning: they
/// are emitted where they cost no compatibility, i.e. when the user allows
/// SPV_KHR_no_integer_wrap_decoration (a SPIR-V 1.0 module then declares it). They never
/// raise the version to 1.4 by themselves, as llvm-spirv-15 does by default: OpenCL 1.2 and
/// 2.x consumers cannot load 1.4 modules.
fn wrap_decorations(t: &mut Translator<'_>, out: Id, opcode: Op, flags: u8) {
    let wraps = flags & (llvm::flags::NSW | llvm::flags::NUW);
    if wraps == 0
        || !matches!(
            opcode,
            Op::IAdd | Op::ISub | Op::IMul | Op::ShiftLeftLogical
        )
        || !t.opts.allows(NO_WRAP_EXTENSION)
    {
        return;
    }
    t.b.extension(NO_WRAP_EXTENSION);
    if wraps & llvm::flags::NSW != 0 {
        t.b.decorate(out, Decoration::NoSignedWrap.0, &[]);
    }
    if wraps & llvm::flags::NUW != 0 {
        t.b.decorate(out, Decoration::NoUnsignedWrap.0, &[]);
    }
}

const FAST_MATH_MODE_EXTENSION: &str = "SPV_INTEL_fp_fast_math_mode";

/// Decorates `id` with the FPFastMathMode of LLVM's fast-math flags; whether it did (no
/// decoration when no flag has a SPIR-V counterpart).
fn fast_math_decoration(t: &mut Translator<'_>, id: Id, fast_math: u32) -> bool {
    use llvm::fmf;
    if fast_math == 0 {
        return false;
    }
    // SPV_KHR_float_controls2 has its own bits for contract/reassoc/afn and no Fast.
    if crate::forward::float_controls2::enabled(t) {
        return crate::forward::float_controls2::decorate(t, id, fast_math, false);
    }
    let mut mode = 0;
    if fast_math & (fmf::FAST_OLD | fmf::REASSOC) != 0
        && fast_math & fmf::NNAN != 0
        && fast_math & fmf::NINF != 0
    {
        mode |= 0x10; // Fast
    }
    if fast_math & fmf::NNAN != 0 {
        mode |= 0x1;
    }
    if fast_math & fmf::NINF != 0 {
        mode |= 0x2;
    }
    if fast_math & fmf::NSZ != 0 {
        mode |= 0x4;
    }
    if fast_math & fmf::ARCP != 0 {
        mode |= 0x8;
    }
    // SPV_INTEL_fp_fast_math_mode: `contract` and `reassoc` alone (Fast already says them)
    // as AllowContractFastINTEL / AllowReassocINTEL, as llvm-spirv maps them; without the
    // extension they are dropped (hints).
    let intel_bits = [
        (fmf::CONTRACT, FPFastMathMode::AllowContract.0),
        (fmf::REASSOC, FPFastMathMode::AllowReassoc.0),
    ];
    if mode & 0x10 == 0 && t.opts.allows(FAST_MATH_MODE_EXTENSION) {
        for (flag, bit) in intel_bits {
            if fast_math & flag != 0 {
                mode |= bit;
                t.b.extension(FAST_MATH_MODE_EXTENSION);
                t.b.capability(Capability::FPFastMathModeINTEL);
            }
        }
    }
    if mode != 0 {
        t.b.decorate(id, Decoration::FPFastMathMode.0, &[Operand::Word(mode)]);
    }
    mode != 0
}
