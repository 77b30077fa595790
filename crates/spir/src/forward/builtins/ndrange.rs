//! OpenCL C 2.0 `ndrange_1D/2D/3D` → OpBuildNDRange, stored through the call's `sret`
//! pointer (clang returns the `ndrange_t` struct that way). The sizes are `size_t` scalars
//! (1D) or pointers to `size_t[N]` (2D, 3D), loaded as arrays; absent ones are zero.

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op};
use spirvkit_llvm as llvm;

/// The dimension count of an `ndrange_ND` built-in.
pub(super) fn dimensions(name: &str) -> Option<u32> {
    match name {
        "ndrange_1D" => Some(1),
        "ndrange_2D" => Some(2),
        "ndrange_3D" => Some(3),
        _ => None,
    }
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    dims: u32,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    // Returned by value (a struct result) or through the leading `sret` pointer.
    let by_value = matches!(
        t.m.types.get(result_ty),
        llvm::Type::Struct { .. } | llvm::Type::Named(_)
    );
    let (dest, sizes) = if by_value {
        (None, args)
    } else {
        let (dest, sizes) = args
            .split_first()
            .ok_or_else(|| malformed(loc, "ndrange_ND without its result pointer"))?;
        (Some(*dest), sizes)
    };
    // (offset, global, local): ndrange(global), ndrange(global, local),
    // ndrange(offset, global, local).
    let (offset, global, local) = match sizes {
        [g] => (None, g, None),
        [g, l] => (None, g, Some(l)),
        [o, g, l] => (Some(o), g, Some(l)),
        _ => {
            return Err(unsupported(
                loc,
                format!("ndrange_{dims}D with {} size arguments", sizes.len()),
            ))
        }
    };
    let size_t = t.size_type();
    let component = if dims == 1 {
        size_t
    } else {
        let len = t.u32_constant(dims);
        t.b.dedup_global(
            Op::TypeArray,
            None,
            vec![Operand::Id(size_t), Operand::Id(len)],
        )
    };
    let global = size_operand(t, ctx, component, dims, Some(global))?;
    let local = size_operand(t, ctx, component, dims, local)?;
    let offset = size_operand(t, ctx, component, dims, offset)?;
    let dest_id = dest.map(|d| t.value(ctx, d)).transpose()?;
    // The result is the `ndrange_t` returned or the pointer holds (typed), or its layout:
    // an int and three `size_t[3]` (untyped pointers name no pointee).
    let declared = match dest_id {
        None => Some(t.ty(result_ty, loc)?),
        Some(d) => t.id_types.get(&d).and_then(|&p| t.pointee_of(p)),
    };
    let ndrange_ty = match declared {
        Some(ty) => ty,
        None => {
            let three = t.u32_constant(3);
            let array = t.b.dedup_global(
                Op::TypeArray,
                None,
                vec![Operand::Id(size_t), Operand::Id(three)],
            );
            let int = t.int_type(32);
            t.b.dedup_global(
                Op::TypeStruct,
                None,
                [int, array, array, array].map(Operand::Id).to_vec(),
            )
        }
    };
    t.b.capability(Capability::DeviceEnqueue);
    let operands = [global, local, offset].map(Operand::Id).to_vec();
    match dest_id {
        None => t.emit_to(out, Op::BuildNDRange, ndrange_ty, operands),
        Some(d) => {
            let ndrange = t.emit(Op::BuildNDRange, ndrange_ty, operands);
            t.emit_void(Op::Store, vec![Operand::Id(d), Operand::Id(ndrange)]);
        }
    }
    Ok(())
}

/// One size operand: the scalar, the array behind the pointer, or zero when absent.
fn size_operand(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    component: Id,
    dims: u32,
    v: Option<&ValueRef>,
) -> Result<Id> {
    let Some(&v) = v else {
        return Ok(t.b.dedup_global(Op::ConstantNull, Some(component), vec![]));
    };
    if dims == 1 {
        return t.value(ctx, v);
    }
    let pointer_ty = t.pointer_to_in(ctx, v, component)?;
    let pointer = t.value_as(ctx, v, pointer_ty)?;
    Ok(t.emit(Op::Load, component, vec![Operand::Id(pointer)]))
}
