//! `atomicrmw` (through the OpenCL atomic built-ins' lowering); `fence` and `cmpxchg` are
//! handled by the dispatcher.

use super::{is_opaque, Out};
use crate::error::Result;
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
