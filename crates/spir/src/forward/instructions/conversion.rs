//! Casts (SPIR 1.2 table 10): integer/float conversions, i1 through select, pointer casts
//! and address-space casts.

use super::is_bool;
use crate::error::{unsupported, Result};
use crate::forward::arbitrary_integers::Extension;
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{CastOp, Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

/// Bit pattern of 1.0 / -1.0 in a float type.
fn float_bits(t: &Translator<'_>, ty: llvm::TypeId, value: f64) -> u64 {
    match t.m.types.get(t.m.types.scalar(ty)) {
        Type::Double => value.to_bits(),
        Type::Half => {
            if value < 0.0 {
                0xbc00
            } else if value > 0.0 {
                0x3c00
            } else {
                0
            }
        }
        _ => u64::from((value as f32).to_bits()),
    }
}

/// A cast instruction (`op`) of `value` to `result_ty` (SPIR-V type `ty`), into `out`.
pub(super) fn cast(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    result_ty: llvm::TypeId,
    op: CastOp,
    value: ValueRef,
) -> Result<()> {
    let loc = ctx.location.as_str();
    if matches!(op, CastOp::AddrSpaceCast | CastOp::BitCast) {
        if let Some(g) = crate::forward::builtins::builtin_global_behind_in(t, ctx, value) {
            // A built-in's Input variable has no generic (or other) address: the cast is a
            // copy of the variable, and loads through it load the built-in (memory.rs).
            let var = t.global_id(g, loc)?;
            let value_ty = t.m.global(g).map(|gl| gl.value_ty);
            let value_ty = match value_ty {
                Some(vt) => t.ty(vt, loc)?,
                None => return Err(unsupported(loc, "a cast of a missing built-in variable")),
            };
            let var_ty =
                t.b.type_pointer(spirvkit_grammar::StorageClass::Input.0, value_ty);
            t.emit_ops_to(out, Op::CopyObject, var_ty, [Operand::Id(var)]);
            t.note_type(out, var_ty);
            return Ok(());
        }
    }
    let src_ty = t.value_llvm_type(ctx, value)?;
    let opaque_pair = crate::forward::pointee::is_opaque_pointer(t.m, src_ty)
        && crate::forward::pointee::is_opaque_pointer(t.m, result_ty);
    let v = match op {
        // Same pointee in another storage class (the classes of both are unified). A typed
        // cast may also change the pointee (`i32 addrspace(1)*` to `i8 addrspace(4)*`): the
        // source is bitcast to the result's pointee first, as llvm-spirv does.
        CastOp::AddrSpaceCast => match t.pointee_of(ty) {
            Some(pointee) => {
                let wanted = t.pointer_to_in(ctx, value, pointee)?;
                t.value_as(ctx, value, wanted)?
            }
            None => t.value(ctx, value)?,
        },
        CastOp::BitCast if opaque_pair => {
            let v = t.value_as(ctx, value, ty)?;
            t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(v)]);
            return Ok(());
        }
        _ => t.value(ctx, value)?,
    };
    let from_bool = is_bool(t, src_ty);
    let to_bool = is_bool(t, result_ty);
    let select = |t: &mut Translator<'_>, one: u64, zero: u64| -> Result<()> {
        let (a, b) = (
            t.splat(result_ty, one, loc)?,
            t.splat(result_ty, zero, loc)?,
        );
        t.emit_to(
            out,
            Op::Select,
            ty,
            vec![Operand::Id(v), Operand::Id(a), Operand::Id(b)],
        );
        Ok(())
    };
    match op {
        CastOp::ZExt if from_bool => return select(t, 1, 0),
        CastOp::SExt if from_bool => return select(t, u64::MAX, 0),
        CastOp::UiToFp if from_bool => {
            let one = float_bits(t, result_ty, 1.0);
            return select(t, one, 0);
        }
        CastOp::SiToFp if from_bool => {
            let minus_one = float_bits(t, result_ty, -1.0);
            return select(t, minus_one, 0);
        }
        CastOp::Trunc if to_bool => {
            // i1 is the low bit: (x & 1) != 0.
            let one = t.splat(src_ty, 1, loc)?;
            let zero = t.splat(src_ty, 0, loc)?;
            let src = t.ty(src_ty, loc)?;
            let bit = t.emit_ops(Op::BitwiseAnd, src, [Operand::Id(v), Operand::Id(one)]);
            t.emit_to(
                out,
                Op::INotEqual,
                ty,
                vec![Operand::Id(bit), Operand::Id(zero)],
            );
            return Ok(());
        }
        _ if from_bool || to_bool => {
            return Err(unsupported(loc, format!("{} involving i1", op.keyword())))
        }
        _ => {}
    }
    if matches!(op, CastOp::Trunc | CastOp::ZExt | CastOp::SExt)
        && (t.widened_int_width(src_ty).is_some() || t.widened_int_width(result_ty).is_some())
    {
        return widened_int_cast(t, out, ty, result_ty, op, v, src_ty, loc);
    }
    // An odd-width integer source read as a number: its bits above the LLVM width defined.
    let v = match op {
        CastOp::UiToFp | CastOp::IntToPtr => t.exact_widened(v, src_ty, Extension::Zero, loc)?,
        CastOp::SiToFp => t.exact_widened(v, src_ty, Extension::Sign, loc)?,
        _ => v,
    };
    let opcode = match op {
        CastOp::Trunc | CastOp::ZExt => Op::UConvert,
        CastOp::SExt => Op::SConvert,
        CastOp::FpToUi => Op::ConvertFToU,
        CastOp::FpToSi => Op::ConvertFToS,
        CastOp::UiToFp => Op::ConvertUToF,
        CastOp::SiToFp => Op::ConvertSToF,
        CastOp::FpTrunc | CastOp::FpExt => Op::FConvert,
        CastOp::PtrToInt => Op::ConvertPtrToU,
        CastOp::IntToPtr => Op::ConvertUToPtr,
        CastOp::BitCast => {
            if src_ty == result_ty {
                Op::CopyObject
            } else {
                Op::Bitcast
            }
        }
        CastOp::AddrSpaceCast => {
            // (Of the components for a vector of pointers.)
            let space = |ty| match t.m.types.get(t.m.types.scalar(ty)) {
                Type::Pointer { addrspace, .. } => *addrspace,
                _ => 0,
            };
            let (from, to) = (space(src_ty), space(result_ty));
            if crate::forward::builtins::usm_cast_via_cross_workgroup(t, out, ty, v, from, to) {
                return Ok(());
            }
            match (from, to) {
                (_, 4) => Op::PtrCastToGeneric,
                (4, _) => Op::GenericCastToPtr,
                // Address spaces of one storage class (a function's address space 9 and
                // private memory, both Function): a bitcast, as llvm-spirv emits it.
                (a, b)
                    if a != b
                        && matches!(a, 0 | 9)
                        && matches!(b, 0 | 9)
                        && t.function_pointers_allowed() =>
                {
                    match t.id_types.get(&v) {
                        Some(&actual) if actual == ty => Op::CopyObject,
                        _ => Op::Bitcast,
                    }
                }
                (a, b) => return crate::forward::builtins::usm_cast(t, out, ty, v, a, b, loc),
            }
        }
    };
    if opcode != Op::CopyObject && lane_wise(t, v, src_ty, result_ty, loc)? {
        return pointer_lanes(t, out, ty, opcode, v, src_ty, result_ty, loc);
    }
    t.emit_ops_to(out, opcode, ty, [Operand::Id(v)]);
    Ok(())
}

/// Whether a cast from or to a vector of pointers goes lane by lane: SPIR-V's pointer casts
/// (OpBitcast between pointers, OpGenericCastToPtr, OpPtrCastToGeneric, OpConvertPtrToU,
/// OpConvertUToPtr) take and make single pointers, and spirv-val rejects them on vectors of
/// pointers (which SPV_INTEL_masked_gather_scatter allows as values). The lanes are those of
/// the source's LLVM type: a vector value has the SPIR-V type its LLVM type gives (only
/// pointer values are retyped, and `id_types` records only those).
fn lane_wise(
    t: &mut Translator<'_>,
    v: Id,
    src_ty: llvm::TypeId,
    result_ty: llvm::TypeId,
    loc: &str,
) -> Result<bool> {
    let pointer_lanes = |ty| match t.m.types.get(ty) {
        Type::Vector { elem, .. } => matches!(t.m.types.get(*elem), Type::Pointer { .. }),
        _ => false,
    };
    if !pointer_lanes(src_ty) && !pointer_lanes(result_ty) {
        return Ok(false);
    }
    let src = t.ty(src_ty, loc)?;
    Ok(t.id_types.get(&v).is_none_or(|&actual| actual == src))
}

/// `opcode` applied to each lane of `v` (`masked_gather_scatter::cast_lanes`).
#[allow(clippy::too_many_arguments)]
fn pointer_lanes(
    t: &mut Translator<'_>,
    out: Id,
    ty: Id,
    opcode: Op,
    v: Id,
    src_ty: llvm::TypeId,
    result_ty: llvm::TypeId,
    loc: &str,
) -> Result<()> {
    let Type::Vector { len, .. } = *t.m.types.get(result_ty) else {
        return Err(unsupported(loc, "a lane-wise cast to a non-vector"));
    };
    let from = t.ty(t.m.types.scalar(src_ty), loc)?;
    let to = t.ty(t.m.types.scalar(result_ty), loc)?;
    crate::forward::masked_gather_scatter::cast_lanes(t, v, from, to, ty, len, opcode, Some(out));
    Ok(())
}

/// trunc/zext/sext where a side is an odd-width integer carried in a wider SPIR-V integer
/// (no arbitrary-precision extension): convert the carrier (nothing when both sides share
/// it: UConvert to the same width is invalid), then define the bits the LLVM type has —
/// zext masks to the source width, sext sign-extends from it by a shift pair, trunc to an odd
/// width masks to that width.
#[allow(clippy::too_many_arguments)]
fn widened_int_cast(
    t: &mut Translator<'_>,
    out: Id,
    ty: Id,
    result_ty: llvm::TypeId,
    op: CastOp,
    v: Id,
    src_ty: llvm::TypeId,
    loc: &str,
) -> Result<()> {
    let int_width = |t: &Translator<'_>, ty| match t.m.types.get(t.m.types.scalar(ty)) {
        Type::Int(w) => *w,
        _ => 0,
    };
    let (from, to) = (int_width(t, src_ty), int_width(t, result_ty));
    let (carrier_from, carrier_to) = (
        crate::forward::arbitrary_integers::widened(from),
        crate::forward::arbitrary_integers::widened(to),
    );
    let mask = |w: u32| if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    let converted = |t: &mut Translator<'_>, opcode| {
        if carrier_from == carrier_to {
            v
        } else {
            t.emit_ops(opcode, ty, [Operand::Id(v)])
        }
    };
    match op {
        CastOp::SExt if from != carrier_from => {
            let x = converted(t, Op::SConvert);
            let shift = t.splat(result_ty, u64::from(carrier_to - from), loc)?;
            let up = t.emit_ops(
                Op::ShiftLeftLogical,
                ty,
                [Operand::Id(x), Operand::Id(shift)],
            );
            t.emit_ops_to(
                out,
                Op::ShiftRightArithmetic,
                ty,
                [Operand::Id(up), Operand::Id(shift)],
            );
        }
        CastOp::SExt => {
            let x = converted(t, Op::SConvert);
            t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(x)]);
        }
        _ => {
            // zext keeps the source's bits, trunc the result's.
            let bits = if op == CastOp::ZExt { from } else { to };
            let x = converted(t, Op::UConvert);
            if bits == crate::forward::arbitrary_integers::widened(bits) {
                t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(x)]);
            } else {
                let m = t.splat(result_ty, mask(bits), loc)?;
                t.emit_ops_to(out, Op::BitwiseAnd, ty, [Operand::Id(x), Operand::Id(m)]);
            }
        }
    }
    Ok(())
}
