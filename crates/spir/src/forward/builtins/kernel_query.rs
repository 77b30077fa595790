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

/// The `__enqueue_kernel_*` form clang emits: (with events, with local sizes).
pub(super) fn enqueue_form(name: &str) -> Option<(bool, bool)> {
    Some(match name {
        "__enqueue_kernel_basic" => (false, false),
        "__enqueue_kernel_basic_events" => (true, false),
        "__enqueue_kernel_varargs" => (false, true),
        "__enqueue_kernel_events_varargs" => (true, true),
        _ => return None,
    })
}

/// `__enqueue_kernel_*(queue, flags, ndrange*, [nevents, wait*, ret*,] invoke, literal,
/// [nlocal, size_t*])` → OpEnqueueKernel as llvm-spirv's OCLToSPIRV emits it: no events
/// become 0 and null generic DeviceEvent pointers, the literal is Param with its store size
/// and preferred alignment, and each local size is an OpPtrAccessChain into the sizes array.
pub(super) fn lower_enqueue(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    (events, varargs): (bool, bool),
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let expected = 5 + if events { 3 } else { 0 } + if varargs { 2 } else { 0 };
    if args.len() != expected {
        return Err(malformed(
            loc,
            format!(
                "enqueue_kernel with {} arguments (expected {expected})",
                args.len()
            ),
        ));
    }
    t.b.capability(Capability::DeviceEnqueue);
    let mut operands = Vec::with_capacity(expected + 4);
    for &a in &args[..3] {
        operands.push(Operand::Id(t.value(ctx, a)?));
    }
    let mut rest = &args[3..];
    let event = t.opencl_handle_type(crate::opencl_types::OpenClType::ClkEvent, 0);
    let generic = spirvkit_grammar::StorageClass::Generic.0;
    let event_ptr = t.pointer_type(generic, event);
    let event_null = t.b.dedup_global(Op::ConstantNull, Some(event_ptr), vec![]);
    if events {
        operands.push(Operand::Id(t.value(ctx, rest[0])?));
        for &a in &rest[1..3] {
            // A null wait list or return event is a null DeviceEvent pointer.
            let null = matches!(a, ValueRef::Constant(c)
                if matches!(t.m.constant(c).map(|c| &c.kind), Some(ConstKind::Null)));
            let id = if null { event_null } else { t.value(ctx, a)? };
            operands.push(Operand::Id(id));
        }
        rest = &rest[3..];
    } else {
        operands.push(Operand::Id(t.u32_constant(0)));
        operands.push(Operand::Id(event_null));
        operands.push(Operand::Id(event_null));
    }
    let (invoke_id, size, align) = block_operands(t, ctx, "OpEnqueueKernel", rest[0], rest[1])?;
    operands.push(Operand::Id(invoke_id));
    // Param: the literal as a generic `uchar*`.
    let mut param = t.value(ctx, rest[1])?;
    let uchar = t.int_type(8);
    let uchar_ptr = t.pointer_type(generic, uchar);
    let param_ty = t.value_type_id(ctx, rest[1])?;
    if param_ty != uchar_ptr {
        param = t.emit(Op::Bitcast, uchar_ptr, vec![Operand::Id(param)]);
        t.note_type(param, uchar_ptr);
    }
    operands.push(Operand::Id(param));
    operands.push(Operand::Id(t.u32_constant(size)));
    operands.push(Operand::Id(t.u32_constant(align)));
    if varargs {
        let count = match rest[2] {
            ValueRef::Constant(c) => match t.m.constant(c).map(|c| &c.kind) {
                Some(ConstKind::Int(v)) => u32::try_from(*v).ok(),
                _ => None,
            },
            _ => None,
        }
        .ok_or_else(|| malformed(loc, "enqueue_kernel whose local-size count is not constant"))?;
        let base = t.value(ctx, rest[3])?;
        let ptr_ty = t.value_type_id(ctx, rest[3])?;
        let size_t = t.int_type(t.pointer_bits);
        for i in 0..count {
            let index = t.u32_constant(i);
            let chain = if t.untyped_types.contains(&ptr_ty) {
                t.emit(
                    Op::UntypedPtrAccessChainKHR,
                    ptr_ty,
                    vec![Operand::Id(size_t), Operand::Id(base), Operand::Id(index)],
                )
            } else {
                t.emit(
                    Op::PtrAccessChain,
                    ptr_ty,
                    vec![Operand::Id(base), Operand::Id(index)],
                )
            };
            t.note_type(chain, ptr_ty);
            operands.push(Operand::Id(chain));
        }
    }
    let ty = t.ty(result_ty, loc)?;
    t.emit_to(out, Op::EnqueueKernel, ty, operands);
    Ok(())
}

/// The Invoke function id and the block literal's store size and preferred alignment.
fn block_operands(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    op: &str,
    invoke: ValueRef,
    literal: ValueRef,
) -> Result<(Id, u32, u32)> {
    let loc = ctx.location.as_str();
    let invoke_id = match strip_casts(t.m, ctx, invoke) {
        ValueRef::Function(f) => match t.callees.get(f.0 as usize) {
            Some(Callee::Function(id)) => *id,
            _ => {
                return Err(malformed(
                    loc,
                    format!("{op} whose invoke is not a defined function"),
                ))
            }
        },
        _ => {
            return Err(malformed(
                loc,
                format!("{op} whose invoke operand is not a function"),
            ))
        }
    };
    let block_ty = block_struct_type(t.m, ctx, literal).ok_or_else(|| {
        malformed(
            loc,
            format!("{op} whose block literal is not a global or alloca"),
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
            format!("{op} whose block literal has no size"),
        ));
    };
    Ok((invoke_id, size, align))
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
    let (invoke_id, size, align) = block_operands(t, ctx, &format!("{op:?}"), invoke, literal)?;
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

/// True when global `g` is used, and used only (through constant casts) as an argument of
/// calls to the enqueue and kernel-query built-ins: a block literal clang emitted as a
/// global, whose invoke field nothing reads.
pub(crate) fn only_feeds_block_builtins(m: &llvm::Module, g: llvm::GlobalId) -> bool {
    fn refers(m: &llvm::Module, v: ValueRef, g: llvm::GlobalId, depth: u32) -> bool {
        match v {
            ValueRef::Global(h) => h == g,
            ValueRef::Constant(c) if depth < 16 => {
                let Some(mut kind) = m.constant(c).map(|c| c.kind.clone()) else {
                    return false;
                };
                let mut found = false;
                kind.for_each_value_mut(|o| found |= refers(m, *o, g, depth + 1));
                found
            }
            _ => false,
        }
    }
    let block_builtin = |callee: ValueRef| match callee {
        ValueRef::Function(f) => m.function(f).is_some_and(|f| {
            enqueue_form(&f.name).is_some()
                || f.name
                    .strip_prefix("__")
                    .is_some_and(|n| n.starts_with("get_kernel_") && query(&f.name).is_some())
        }),
        _ => false,
    };
    let mut used = false;
    for func in &m.functions {
        for inst in &func.insts {
            let mut refs = false;
            inst.kind.for_each_operand(|o| refs |= refers(m, o, g, 0));
            if !refs {
                continue;
            }
            match &inst.kind {
                InstKind::Call { callee, args, .. }
                    if block_builtin(*callee)
                        && !refers(m, *callee, g, 0)
                        && args.iter().any(|&a| refers(m, a, g, 0)) =>
                {
                    used = true
                }
                _ => return false,
            }
        }
    }
    for other in &m.globals {
        if other.initializer.is_some_and(|i| refers(m, i, g, 0)) {
            return false;
        }
    }
    used
}
