//! OpenCL C 2.0 kernel queries on a block (`get_kernel_work_group_size`, ...), as clang
//! lowers them: `__get_kernel_*_impl(invoke, literal)`, with a leading `ndrange_t *` for the
//! `_for_ndrange` forms. Each becomes its OpGetKernel* instruction with the Invoke function,
//! the block literal as Param, and the literal's store size and preferred alignment (what
//! llvm-spirv's OCLToSPIRV passes).

use crate::data_layout::DataLayout;
use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::{Callee, Translator};
use llvm::{CastOp, ConstExpr, ConstKind, InstKind, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op};
use spirvkit_llvm as llvm;

/// The instruction a kernel-query built-in becomes, and whether it takes an ND range.
pub(super) fn query(name: &str) -> Option<(Op, bool)> {
    let base = name.strip_prefix("__").unwrap_or(name);
    let base = base.strip_suffix("_impl").unwrap_or(base);
    Some(match base {
        "get_kernel_work_group_size" => (Op::GetKernelWorkGroupSize, false),
        "get_kernel_preferred_work_group_size_multiple" => {
            (Op::GetKernelPreferredWorkGroupSizeMultiple, false)
        }
        "get_kernel_sub_group_count_for_ndrange" => (Op::GetKernelNDrangeSubGroupCount, true),
        "get_kernel_max_sub_group_size_for_ndrange" => (Op::GetKernelNDrangeMaxSubGroupSize, true),
        _ => return None,
    })
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    (op, with_ndrange): (Op, bool),
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let (ndrange, invoke, literal) = match (with_ndrange, args) {
        (true, [n, i, l]) => (Some(*n), *i, *l),
        (false, [i, l]) => (None, *i, *l),
        _ => {
            let expected = if with_ndrange {
                "an ndrange, the invoke function and the block literal"
            } else {
                "the invoke function and the block literal"
            };
            return Err(malformed(
                loc,
                format!("{op:?} with {} arguments (expected {expected})", args.len()),
            ));
        }
    };
    let invoke_id = match strip_casts(t.m, ctx, invoke) {
        ValueRef::Function(f) => match t.callees.get(f.0 as usize) {
            Some(Callee::Function(id)) => *id,
            _ => {
                return Err(malformed(
                    loc,
                    format!("{op:?} whose invoke is not a defined function"),
                ))
            }
        },
        _ => {
            return Err(malformed(
                loc,
                format!("{op:?} whose invoke operand is not a function"),
            ))
        }
    };
    let block_ty = block_struct_type(t.m, ctx, literal).ok_or_else(|| {
        malformed(
            loc,
            format!("{op:?} whose block literal is not a global or alloca"),
        )
    })?;
    let layout = DataLayout::new(t.m.datalayout.as_deref(), t.pointer_bits);
    let size = layout.store_size(&t.m.types, block_ty);
    let align = layout.pref_align(&t.m.types, block_ty);
    let (Some(size), Some(align)) = (
        size.and_then(|s| u32::try_from(s).ok()),
        align.and_then(|a| u32::try_from(a).ok()),
    ) else {
        return Err(malformed(
            loc,
            format!("{op:?} whose block literal has no size"),
        ));
    };
    let ty = t.ty(result_ty, loc)?;
    let mut operands = Vec::with_capacity(5);
    if let Some(n) = ndrange {
        operands.push(Operand::Id(t.value(ctx, n)?));
    }
    operands.push(Operand::Id(invoke_id));
    operands.push(Operand::Id(t.value(ctx, literal)?));
    operands.push(Operand::Id(t.u32_constant(size)));
    operands.push(Operand::Id(t.u32_constant(align)));
    t.b.capability(Capability::DeviceEnqueue);
    t.emit_to(out, op, ty, operands);
    Ok(())
}

/// `v` below bitcasts and address-space casts, constant or instruction.
fn strip_casts(m: &llvm::Module, ctx: &FnCtx<'_>, mut v: ValueRef) -> ValueRef {
    for _ in 0..16 {
        let next = match v {
            ValueRef::Constant(c) => match m.constant(c).map(|c| &c.kind) {
                Some(ConstKind::Expr(ConstExpr::Cast {
                    op: CastOp::BitCast | CastOp::AddrSpaceCast,
                    value,
                })) => *value,
                _ => return v,
            },
            ValueRef::Instruction(i) => match ctx.func.inst(i).map(|i| &i.kind) {
                Some(InstKind::Cast {
                    op: CastOp::BitCast | CastOp::AddrSpaceCast,
                    value,
                    ..
                }) => *value,
                _ => return v,
            },
            _ => return v,
        };
        v = next;
    }
    v
}

/// The type of the block literal: the value type of the global or alloca it points into
/// (OpenCL C 6.12.5 keeps blocks traceable to their allocation).
fn block_struct_type(m: &llvm::Module, ctx: &FnCtx<'_>, literal: ValueRef) -> Option<llvm::TypeId> {
    match strip_casts(m, ctx, literal) {
        ValueRef::Global(g) => Some(m.global(g)?.value_ty),
        ValueRef::Instruction(i) => match &ctx.func.inst(i)?.kind {
            InstKind::Alloca { allocated_ty, .. } => Some(*allocated_ty),
            _ => None,
        },
        _ => None,
    }
}
