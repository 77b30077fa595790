//! SPV_INTEL_variable_length_array: `alloca T, iN %n` (an element count other than a constant
//! one) → OpVariableLengthArrayINTEL where the alloca stands; `llvm.stacksave` and
//! `llvm.stackrestore` → OpSaveMemoryINTEL and OpRestoreMemoryINTEL, as llvm-spirv maps them.
//! Without the extension all three are refused naming it.

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::{name_value, FnCtx};
use crate::forward::translator::Translator;
use llvm::{InstKind, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration, Op, StorageClass};
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_INTEL_variable_length_array";

fn require(t: &mut Translator<'_>, loc: &str, what: &str) -> Result<()> {
    if !t.opts.allows(EXTENSION) {
        return Err(unsupported(
            loc,
            format!("{what} (needs --spirv-ext=+{EXTENSION})"),
        ));
    }
    t.b.extension(EXTENSION);
    t.b.capability(Capability::VariableLengthArrayINTEL);
    Ok(())
}

/// An alloca of a count other than the constant 1, when the extension makes it translatable
/// (otherwise the entry block's alloca lowering refuses it).
pub(crate) fn is_dynamic(
    t: &Translator<'_>,
    func: &llvm::Function,
    inst: &llvm::Instruction,
) -> bool {
    match &inst.kind {
        InstKind::Alloca { count, .. } => {
            t.const_int(*count) != Some(1)
                && spec_constant_count(t, func, *count).is_none()
                && t.opts.allows(EXTENSION)
        }
        _ => false,
    }
}

/// The `__spirv_SpecConstant(i32 id, T default)` call an alloca's count is, if it is one:
/// such an alloca is an array whose length is the specialization constant (no extension
/// needed), as llvm-spirv translates it, not a variable-length array. Returns the call's
/// result type and arguments.
pub(crate) fn spec_constant_count<'f>(
    t: &Translator<'_>,
    func: &'f llvm::Function,
    count: ValueRef,
) -> Option<(llvm::TypeId, &'f [ValueRef])> {
    let ValueRef::Instruction(id) = count else {
        return None;
    };
    let inst = func.inst(id)?;
    let InstKind::Call {
        callee: ValueRef::Function(f),
        args,
        ..
    } = &inst.kind
    else {
        return None;
    };
    let callee = t.m.function(*f)?;
    crate::forward::builtins::spv_ir_forms::is_spec_constant_call(&callee.name)
        .then_some((inst.ty, args.as_slice()))
}

/// `%p = alloca T, iN %n` → `%p = OpVariableLengthArrayINTEL %ptr_Function_T %n` (cast to
/// the pointer type its uses want).
pub(crate) fn alloca(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    inst_id: llvm::InstId,
    inst: &llvm::Instruction,
) -> Result<()> {
    let InstKind::Alloca {
        allocated_ty,
        count,
        align,
        ..
    } = &inst.kind
    else {
        return Ok(());
    };
    let loc = ctx.location.as_str();
    require(t, loc, "a variable-length alloca")?;
    let out = ctx.values[inst_id.0 as usize];
    let elem = t.ty(*allocated_ty, loc)?;
    // The instruction's result is an OpTypePointer (typed even with untyped pointers).
    let ptr_ty = t.typed_pointer_type(StorageClass::Function.0, elem);
    let wanted = t.value_type_id(ctx, ValueRef::Instruction(inst_id))?;
    let n = t.value(ctx, *count)?;
    let array = if wanted == ptr_ty {
        out
    } else {
        t.b.alloc_id()
    };
    t.emit_ops_to(
        array,
        Op::VariableLengthArrayINTEL,
        ptr_ty,
        [Operand::Id(n)],
    );
    t.note_type(array, ptr_ty);
    if let Some(a) = align.filter(|&a| a > 0) {
        t.b.decorate(array, Decoration::Alignment.0, &[Operand::Word(a as u32)]);
    }
    if array != out {
        t.emit_ops_to(out, Op::Bitcast, wanted, [Operand::Id(array)]);
    }
    name_value(t, out, inst);
    Ok(())
}

/// `llvm.stacksave()` → OpSaveMemoryINTEL; `llvm.stackrestore(p)` → OpRestoreMemoryINTEL.
pub(crate) fn stack(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    stem: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    require(t, loc, &format!("llvm.{stem}"))?;
    if stem == "stacksave" {
        let ty = t.ty(result_ty, loc)?;
        t.emit_ops_to(out, Op::SaveMemoryINTEL, ty, []);
    } else {
        let &p = args
            .first()
            .ok_or_else(|| malformed(loc, "llvm.stackrestore without a pointer"))?;
        let p = t.value(ctx, p)?;
        t.emit_void_ops(Op::RestoreMemoryINTEL, [Operand::Id(p)]);
    }
    Ok(())
}
