//! `llvm.lifetime.start` / `llvm.lifetime.end` → OpLifetimeStart / OpLifetimeStop, as llvm-spirv
//! maps them. The marked pointer is the last operand (LLVM 22 dropped the size operand). Size
//! is always 0: the pointer is typed (a non-void pointee), for which the SPIR-V specification
//! requires 0. A marker on anything but a typed Function-storage pointer (an untyped pointer
//! under SPV_KHR_untyped_pointers, a cast to another storage class) is dropped, as before:
//! it is a hint only.

use crate::error::Result;
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use spirvkit_core::Operand;
use spirvkit_grammar::{Op, StorageClass};
use spirvkit_llvm::ValueRef;

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    start: bool,
    args: &[ValueRef],
) -> Result<()> {
    let Some(&ptr) = args.last() else {
        return Ok(());
    };
    let ty = t.value_type_id(ctx, ptr)?;
    let typed_function_pointer = t
        .pointer_info
        .get(&ty)
        .is_some_and(|&(storage, pointee)| storage == StorageClass::Function.0 && pointee.0 != 0);
    if !typed_function_pointer {
        return Ok(());
    }
    let ptr = t.value(ctx, ptr)?;
    let op = if start {
        Op::LifetimeStart
    } else {
        Op::LifetimeStop
    };
    t.emit_void(op, vec![Operand::Id(ptr), Operand::Word(0)]);
    Ok(())
}
