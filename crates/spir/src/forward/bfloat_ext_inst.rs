//! OpenCL.std instructions on bfloat16 (SPIR-V friendly IR `__spirv_ocl_*` calls).
//!
//! SPV_KHR_bfloat16 allows the bfloat16 type only in loads, stores, composites, conversions,
//! dot products and cooperative matrices. SPV_INTEL_bfloat16_arithmetic (intel/llvm's
//! specification, revision 1) adds arithmetic and relational instructions and OpExtInst of
//! OpenCL.std, under BFloat16ArithmeticINTEL. So:
//! * `vloadn`/`vstoren` of bfloat16 become what they mean: a load / store of the
//!   `n`-component vector at `p + offset * n` elements (aligned to the element). Exact, and
//!   needs only SPV_KHR_bfloat16, with or without the arithmetic extension.
//! * With SPV_INTEL_bfloat16_arithmetic or SPV_EXT_bfloat16_arithmetic allowed (both
//!   specifications allow OpenCL.std on bfloat16), the other instructions stay OpExtInst on
//!   bfloat16 and declare capability 6226 (as llvm-spirv writes them).
//! * Without it, they are computed in float: each bfloat16 operand widened (OpFConvert,
//!   exact), a 16-bit integer operand of `nan` (its Nancode, of the result's component
//!   width) zero-extended to 32 bits, the instruction on float, and its bfloat16 result
//!   narrowed back (OpFConvert). Exact for the instructions whose float result is a bfloat16
//!   value (fabs, fmin/fmax, copysign, floor/ceil/trunc/rint/round, nan, ...); for the others
//!   one more rounding to bfloat16 after a float result within OpenCL's float bounds, far
//!   inside any bfloat16 bound. Instructions with pointer operands (fract, modf, sincos,
//!   frexp, remquo, lgamma_r) are refused naming the extension.
//!
//! spirv-val 2025.5 rejects every OpExtInst with a bfloat16 operand or result ("ExtInst
//! doesn't support BFloat16 type"), whatever the capabilities.

use crate::error::{malformed, unsupported, Result};
use crate::forward::bfloat_arithmetic::{
    allowed_extension, is_bfloat, require, EXTENSION, EXT_EXTENSION,
};
use crate::forward::builtins::ext_inst;
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{Type, TypeId, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{MemoryAccess, Op, OpenClStdOp};
use spirvkit_llvm as llvm;

/// Whether an OpenCL.std call has a bfloat16 (or bfloat16 vector) result or argument.
pub(crate) fn involves_bfloat(
    t: &Translator<'_>,
    ctx: &FnCtx<'_>,
    result_ty: TypeId,
    args: &[ValueRef],
) -> bool {
    is_bfloat(t.m, result_ty)
        || args.iter().any(|&a| {
            t.value_llvm_type(ctx, a)
                .is_ok_and(|ty| is_bfloat(t.m, ty) || pointee_is_bfloat(t, ty))
        })
}

/// A typed pointer to bfloat16 (`bfloat addrspace(1)*`).
fn pointee_is_bfloat(t: &Translator<'_>, ty: TypeId) -> bool {
    matches!(t.m.types.get(ty), Type::Pointer { pointee: Some(p), .. } if is_bfloat(t.m, *p))
}

/// Lowers OpenCL.std instruction `number` (operands `ops`, from `args`) on bfloat16 as the
/// module header describes.
pub(crate) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: TypeId,
    number: u32,
    ops: Vec<Operand>,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    if number == OpenClStdOp::vloadn.0 {
        return vloadn(t, ctx, out, result_ty, &ops, args);
    }
    if number == OpenClStdOp::vstoren.0 {
        return vstoren(t, ctx, &ops, args);
    }
    let ty = t.ty(result_ty, loc)?;
    if allowed_extension(t).is_some() {
        require(t, loc, "OpenCL.std on bfloat16")?;
        ext_inst(t, out, ty, number, ops);
        return Ok(());
    }
    let refuse = || {
        unsupported(
            loc,
            format!(
                "this OpenCL.std instruction on bfloat16 (needs --spirv-ext=+{EXTENSION} or \
                 --spirv-ext=+{EXT_EXTENSION})"
            ),
        )
    };
    if ops.len() != args.len() {
        return Err(refuse());
    }
    let mut widened = Vec::with_capacity(ops.len());
    for (op, &arg) in ops.into_iter().zip(args) {
        let Operand::Id(id) = op else {
            return Err(refuse());
        };
        let arg_ty = t.value_llvm_type(ctx, arg)?;
        let id = if is_bfloat(t.m, arg_ty) {
            let float_ty = float_counterpart(t, arg_ty, loc)?;
            t.emit(Op::FConvert, float_ty, vec![Operand::Id(id)])
        } else if t.m.types.is_pointer(arg_ty) {
            return Err(refuse());
        } else if number == OpenClStdOp::nan.0 && int_width(t, arg_ty) == Some(16) {
            let wide = int32_counterpart(t, arg_ty);
            t.emit(Op::UConvert, wide, vec![Operand::Id(id)])
        } else {
            id
        };
        widened.push(Operand::Id(id));
    }
    if is_bfloat(t.m, result_ty) {
        let float_ty = float_counterpart(t, result_ty, loc)?;
        let wide = t.b.alloc_id();
        ext_inst(t, wide, float_ty, number, widened);
        t.emit_ops_to(out, Op::FConvert, ty, [Operand::Id(wide)]);
    } else {
        ext_inst(t, out, ty, number, widened);
    }
    Ok(())
}

/// `vloadn(offset, p, n)`: the vector at `p + offset * n`.
fn vloadn(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: TypeId,
    ops: &[Operand],
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let (Some(Operand::Id(offset)), Some(&p)) = (ops.first(), args.get(1)) else {
        return Err(malformed(loc, "vloadn takes an offset and a pointer"));
    };
    let Type::Vector { len, .. } = *t.m.types.get(result_ty) else {
        return Err(malformed(loc, "vloadn returns a vector"));
    };
    let vec_ty = t.ty(result_ty, loc)?;
    let vec_ptr = vector_pointer(t, ctx, p, *offset, len, vec_ty)?;
    t.emit_ops_to(
        out,
        Op::Load,
        vec_ty,
        [
            Operand::Id(vec_ptr),
            Operand::Word(MemoryAccess::Aligned.0),
            Operand::Word(2),
        ],
    );
    Ok(())
}

/// `vstoren(data, offset, p)`: stores the vector at `p + offset * n`.
fn vstoren(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    ops: &[Operand],
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let (Some(Operand::Id(data)), Some(Operand::Id(offset)), Some(&arg), Some(&p)) =
        (ops.first(), ops.get(1), args.first(), args.get(2))
    else {
        return Err(malformed(
            loc,
            "vstoren takes data, an offset and a pointer",
        ));
    };
    let data_ty = t.value_llvm_type(ctx, arg)?;
    let Type::Vector { len, .. } = *t.m.types.get(data_ty) else {
        return Err(malformed(loc, "vstoren stores a vector"));
    };
    let vec_ty = t.ty(data_ty, loc)?;
    let vec_ptr = vector_pointer(t, ctx, p, *offset, len, vec_ty)?;
    t.emit_void_ops(
        Op::Store,
        [
            Operand::Id(vec_ptr),
            Operand::Id(*data),
            Operand::Word(MemoryAccess::Aligned.0),
            Operand::Word(2),
        ],
    );
    Ok(())
}

/// A pointer to the `len`-component vector `offset * len` elements after the bfloat16
/// pointer argument `p`.
fn vector_pointer(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    p: ValueRef,
    offset: Id,
    len: u32,
    vec_ty: Id,
) -> Result<Id> {
    let loc = ctx.location.as_str();
    let p_ty = t.value_llvm_type(ctx, p)?;
    let addrspace = crate::forward::ptrtypes::addrspace_of(t.m, p_ty);
    let storage = crate::forward::types::storage_class(t, addrspace, loc)?;
    let bf = t.bfloat_type(loc)?;
    let elem_ptr_ty = t.typed_pointer_type(storage, bf);
    let base = t.value_as(ctx, p, elem_ptr_ty)?;
    let size_t = t.size_type();
    let n = if t.pointer_bits == 64 {
        t.b.constant_u64(size_t, u64::from(len))
    } else {
        t.b.constant_u32(size_t, len)
    };
    let index = t.emit(Op::IMul, size_t, vec![Operand::Id(offset), Operand::Id(n)]);
    let elem = t.emit(
        Op::InBoundsPtrAccessChain,
        elem_ptr_ty,
        vec![Operand::Id(base), Operand::Id(index)],
    );
    let vec_ptr_ty = t.typed_pointer_type(storage, vec_ty);
    Ok(t.emit(Op::Bitcast, vec_ptr_ty, vec![Operand::Id(elem)]))
}

/// float (or a vector of float) of the shape of `ty`.
fn float_counterpart(t: &mut Translator<'_>, ty: TypeId, loc: &str) -> Result<Id> {
    let float = t.b.type_float(32);
    Ok(match *t.m.types.get(ty) {
        Type::Vector { len, .. } if len > 1 => {
            crate::forward::long_vectors::declare_vector_length(t, len, loc)?;
            t.b.type_vector(float, len)
        }
        _ => float,
    })
}

/// The 32-bit integer type of the shape of `ty`.
fn int32_counterpart(t: &mut Translator<'_>, ty: TypeId) -> Id {
    let int = t.int_type(32);
    match *t.m.types.get(ty) {
        Type::Vector { len, .. } if len > 1 => t.b.type_vector(int, len),
        _ => int,
    }
}

fn int_width(t: &Translator<'_>, ty: TypeId) -> Option<u32> {
    match t.m.types.get(t.m.types.scalar(ty)) {
        Type::Int(w) => Some(*w),
        _ => None,
    }
}
