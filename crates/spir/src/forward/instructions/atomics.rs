//! `atomicrmw` (through the OpenCL atomic built-ins' lowering) and `cmpxchg`; `fence` is
//! handled by the dispatcher.

use super::{is_opaque, Out};
use crate::error::{unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::ValueRef;
use spirvkit_llvm as llvm;

/// `atomicrmw`: the pointer is cast to the operand type first when it is opaque.
pub(super) fn atomic_rmw(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    op: &llvm::RmwOp,
    ptr: &ValueRef,
    value: &ValueRef,
) -> Result<()> {
    let Out { out, ty, .. } = *r;
    if is_opaque(t, ctx, *ptr) {
        let wanted = t.pointer_to_in(ctx, *ptr, ty)?;
        let p = t.value_as(ctx, *ptr, wanted)?;
        ctx.arg_casts.borrow_mut().insert(*ptr, p);
    }
    let lowered = crate::forward::builtins::atomic_rmw(t, ctx, out, ty, *op, *ptr, *value);
    ctx.arg_casts.borrow_mut().clear();
    lowered
}

/// `cmpxchg ptr, cmp, new`: OpAtomicCompareExchange gives the old value; the `{ old,
/// success }` pair adds `old == cmp`. The pointer is cast to the value type when opaque.
pub(super) fn cmpxchg(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    ptr: &ValueRef,
    expected: &ValueRef,
    new_value: &ValueRef,
) -> Result<()> {
    let llvm_ty = t.value_llvm_type(ctx, *expected)?;
    if !matches!(t.m.types.get(llvm_ty), llvm::Type::Int(_)) {
        return Err(unsupported(
            &ctx.location,
            "cmpxchg of a non-integer value (OpAtomicCompareExchange takes integers)",
        ));
    }
    crate::forward::builtins::require_atomic_value_type(
        t,
        &ctx.location,
        spirvkit_grammar::Op::AtomicCompareExchange,
        llvm_ty,
    )?;
    let value_ty = t.ty(llvm_ty, &ctx.location)?;
    let pointer = if is_opaque(t, ctx, *ptr) {
        let wanted = t.pointer_to_in(ctx, *ptr, value_ty)?;
        t.value_as(ctx, *ptr, wanted)?
    } else {
        t.value(ctx, *ptr)?
    };
    let (scope, semantics) = crate::forward::builtins::atomic_scope_semantics(t, ctx, *ptr)?;
    let (cmp, new) = (t.value(ctx, *expected)?, t.value(ctx, *new_value)?);
    let old = t.emit(
        spirvkit_grammar::Op::AtomicCompareExchange,
        value_ty,
        [pointer, scope, semantics, semantics, new, cmp]
            .map(spirvkit_core::Operand::Id)
            .to_vec(),
    );
    let bool_ty = t.b.type_bool();
    let success = t.emit(
        spirvkit_grammar::Op::IEqual,
        bool_ty,
        vec![
            spirvkit_core::Operand::Id(old),
            spirvkit_core::Operand::Id(cmp),
        ],
    );
    t.emit_to(
        r.out,
        spirvkit_grammar::Op::CompositeConstruct,
        r.ty,
        vec![
            spirvkit_core::Operand::Id(old),
            spirvkit_core::Operand::Id(success),
        ],
    );
    Ok(())
}
