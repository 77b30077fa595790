//! LLVM instructions (SPIR 1.2 tables 9–10 and what modern clang emits) → SPIR-V
//! instructions, one file per instruction class; `translate_instruction` dispatches.

mod arith;
mod atomics;
mod calls;
mod composite;
mod control;
mod conversion;
mod memory;

pub(crate) use arith::binary_opcode;
pub(crate) use arith::cmp_opcode;

use crate::error::{unsupported, Result};
use crate::forward::context::{name_value, FnCtx};
use crate::forward::translator::Translator;
use llvm::{InstKind, Type, ValueRef};
use spirvkit_core::Id;
use spirvkit_grammar::{Decoration, Op};
use spirvkit_llvm as llvm;

/// The result of the instruction being lowered.
#[derive(Clone, Copy)]
struct Out {
    /// Its SPIR-V id (allocated before the body is emitted; 0 for a void result).
    out: Id,
    /// Its SPIR-V type (for an opaque pointer, the one pointee inference chose).
    ty: Id,
    result_ty: llvm::TypeId,
    void_result: bool,
    /// The result is an opaque pointer (`ptr`).
    opaque_result: bool,
}

/// Whether an operand is an opaque pointer, whose SPIR-V pointee comes from inference.
fn is_opaque(t: &Translator<'_>, ctx: &FnCtx<'_>, v: ValueRef) -> bool {
    t.m.value_type_in(ctx.func, v)
        .is_some_and(|ty| crate::forward::pointee::is_opaque_pointer(t.m, ty))
}

/// Whether the `!spirv.Decorations` node `list` has an entry of `decoration`.
fn decorations_list_has(t: &Translator<'_>, list: llvm::MetadataId, decoration: u32) -> bool {
    t.m.node_operands(list).iter().any(|entry| match entry {
        llvm::MdOperand::Metadata(node) => {
            t.m.node_operands(*node)
                .first()
                .and_then(|first| t.m.md_value(first))
                .and_then(|(_, v)| t.const_int(v))
                .is_some_and(|n| n == u64::from(decoration))
        }
        _ => false,
    })
}

fn is_bool(t: &Translator<'_>, ty: llvm::TypeId) -> bool {
    matches!(t.m.types.get(t.m.types.scalar(ty)), Type::Int(1))
}

/// Lowers one instruction (allocas are emitted with the entry block's variables).
pub(crate) fn translate_instruction(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    inst_id: llvm::InstId,
    inst: &llvm::Instruction,
) -> Result<()> {
    let loc = ctx.location.as_str();
    let result_ty = inst.ty;
    let void_result = t.m.types.is_void(result_ty);
    let opaque_result = crate::forward::pointee::is_opaque_pointer(t.m, result_ty);
    let ty = match ctx.handle_types.get(&inst_id) {
        Some(&ty) => ty,
        None if void_result => Id(0),
        None if opaque_result => t.value_type_id(ctx, ValueRef::Instruction(inst_id))?,
        None => t.ty(result_ty, loc)?,
    };
    crate::forward::bfloat_arithmetic::check(t, ctx, inst)?;
    let r = &Out {
        out: ctx.values[inst_id.0 as usize],
        ty,
        result_ty,
        void_result,
        opaque_result,
    };
    match &inst.kind {
        InstKind::Binary {
            op,
            lhs,
            rhs,
            flags,
            fast_math,
        } => arith::binary(t, ctx, r, op, [lhs, rhs], flags, fast_math)?,
        InstKind::FNeg { value, fast_math } => arith::fneg(t, ctx, r, value, fast_math)?,
        InstKind::Cast { op, value } => {
            conversion::cast(t, ctx, r.out, ty, result_ty, *op, *value)?
        }
        InstKind::Cmp {
            pred,
            lhs,
            rhs,
            fast_math,
        } => arith::cmp(t, ctx, r, pred, lhs, rhs, fast_math)?,
        InstKind::Alloca { .. } => {}
        InstKind::Load {
            ptr,
            align,
            volatile,
            ordering,
            scope,
        } => memory::load(
            t,
            ctx,
            r,
            ptr,
            align,
            volatile,
            (ordering, scope),
            &inst.metadata,
        )?,
        InstKind::Store {
            ptr,
            value,
            align,
            volatile,
            ordering,
            scope,
        } => memory::store(
            t,
            ctx,
            ptr,
            value,
            align,
            volatile,
            (ordering, scope),
            &inst.metadata,
        )?,
        InstKind::Gep {
            inbounds,
            base,
            indices,
            source_ty,
        } => memory::gep(t, ctx, r, inbounds, base, indices, source_ty)?,
        InstKind::Call {
            callee,
            args,
            fn_ty,
            attrs,
            fast_math,
            ..
        } => {
            crate::forward::decorations::call_arguments(t, ctx, &inst.metadata, args)?;
            let called = calls::call(
                t,
                ctx,
                r,
                callee,
                *fn_ty,
                args,
                attrs,
                &inst.metadata,
                *fast_math,
            );
            ctx.arg_casts.borrow_mut().clear();
            called?;
            arith::call_fast_math(t, r.out, *fast_math);
        }
        InstKind::Phi { incoming } => control::phi(t, ctx, r, incoming)?,
        InstKind::Select {
            cond,
            then_value,
            else_value,
            fast_math,
        } => arith::select(t, ctx, r, cond, then_value, else_value, *fast_math)?,
        InstKind::ExtractValue { aggregate, indices } => {
            composite::extract_value(t, ctx, r, aggregate, indices)?
        }
        InstKind::InsertValue {
            aggregate,
            value,
            indices,
        } => composite::insert_value(t, ctx, r, aggregate, value, indices)?,
        InstKind::ExtractElement { vector, index } => {
            composite::extract_element(t, ctx, r, vector, index)?
        }
        InstKind::InsertElement {
            vector,
            element,
            index,
        } => composite::insert_element(t, ctx, r, vector, element, index)?,
        InstKind::ShuffleVector { v1, v2, mask } => {
            composite::shuffle_vector(t, ctx, r, v1, v2, mask)?
        }
        InstKind::AtomicRmw { op, ptr, value, .. }
            if crate::forward::atomic_cas_loop::uses_loop(t.m, *op) =>
        {
            crate::forward::atomic_cas_loop::lower(t, ctx, r.out, ty, *op, *ptr, *value)?
        }
        InstKind::AtomicRmw {
            op: op @ (llvm::RmwOp::UIncWrap | llvm::RmwOp::UDecWrap),
            ptr,
            value,
            volatile,
            ordering,
            scope,
            ..
        } => {
            let rmw = crate::forward::atomic_wrap::WrapRmw {
                inc: *op == llvm::RmwOp::UIncWrap,
                ptr: *ptr,
                value: *value,
                volatile: *volatile,
                ordering: *ordering,
                scope,
            };
            crate::forward::atomic_wrap::lower(t, ctx, r.out, ty, &rmw)?
        }
        InstKind::AtomicRmw { op, ptr, value, .. } => {
            atomics::atomic_rmw(t, ctx, r, op, ptr, value)?
        }
        InstKind::CmpXchg {
            ptr,
            expected,
            new_value,
            ..
        } => atomics::cmpxchg(t, ctx, r, ptr, expected, new_value)?,
        InstKind::Fence { .. } => crate::forward::builtins::fence(t)?,
        InstKind::Freeze { value } => arith::freeze(t, ctx, r, value)?,
        InstKind::VaArg { .. } => return Err(unsupported(loc, "va_arg")),
        InstKind::Ret { value } => control::ret(t, ctx, value)?,
        InstKind::Br { target } => control::br(t, ctx, *target)?,
        InstKind::CondBr {
            cond,
            then_block,
            else_block,
        } => {
            let weights = control::branch_weights(t, inst);
            control::cond_br(t, ctx, cond, then_block, else_block, weights)?
        }
        InstKind::Switch {
            value,
            default,
            cases,
        } => control::switch(t, ctx, value, default, cases)?,
        InstKind::IndirectBr { .. } => return Err(unsupported(loc, "indirectbr")),
        InstKind::Unreachable => t.emit_void_ops(Op::Unreachable, []),
    }
    let decoration_target = match t.decoration_target.take() {
        Some((result, target)) if result == r.out => target,
        _ => r.out,
    };
    if !void_result {
        name_value(t, r.out, inst);
        for (kind, md) in &inst.metadata {
            if kind == "fpmath" {
                crate::forward::builtins::fp_math_max_error(t, decoration_target, *md);
            }
            if kind == crate::forward::decorations::KIND {
                // FPRoundingMode stays only where SPIR-V gives it a meaning
                // (rounded_divide_sqrt.rs). An instruction's fast-math mode is its LLVM flags'
                // (`fast_math_decoration`): a FPFastMathMode entry of the metadata is ignored,
                // as llvm-spirv ignores it (its fcmp decoration test: neither a second
                // decoration, refused by spirv-val, nor one on an fcmp without flags).
                let rounding = Decoration::FPRoundingMode.0;
                let keeps = !decorations_list_has(t, *md, rounding)
                    || crate::forward::rounded_divide_sqrt::keeps_decorated_rounding(
                        t,
                        decoration_target,
                        result_ty,
                    );
                let fast_math = Decoration::FPFastMathMode.0;
                let dropped: &[u32] = if keeps {
                    &[fast_math]
                } else {
                    &[fast_math, rounding]
                };
                crate::forward::decorations::apply(t, decoration_target, *md, dropped, loc)?;
            }
        }
    }
    Ok(())
}
