//! Control flow: phi, branches, switch, return, unreachable.

use super::{is_opaque, Out};
use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

/// `phi`: module-scope incoming values are cast to the result type.
pub(super) fn phi(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    incoming: &[(ValueRef, llvm::BlockId)],
) -> Result<()> {
    let Out {
        out,
        ty,
        opaque_result,
        ..
    } = *r;
    let loc = ctx.location.as_str();
    let mut ops = Vec::with_capacity(incoming.len() * 2);
    let mut seen: std::collections::HashSet<llvm::BlockId> =
        std::collections::HashSet::with_capacity(incoming.len());
    for (v, block) in incoming {
        // A block that branches here twice (`br i1 %c, label %b, label %b`, a switch with
        // two cases to one block) is listed once per edge in LLVM, with the same value;
        // SPIR-V lists each parent block once (spirv-val counts the pairs against the
        // predecessors), so the repeats are dropped, as llvm-spirv writes it.
        if !seen.insert(*block) {
            continue;
        }
        // Module-scope values are cast at module scope; local ones share the class.
        let id = if opaque_result && !matches!(v, ValueRef::Instruction(_) | ValueRef::Argument(_))
        {
            t.value_as(ctx, *v, ty)?
        } else {
            t.value(ctx, *v)?
        };
        ops.push(Operand::Id(id));
        let label = ctx
            .blocks
            .get(block.0 as usize)
            .copied()
            .ok_or_else(|| malformed(loc, "phi from a missing block"))?;
        ops.push(Operand::Id(label));
    }
    t.emit_to(out, Op::Phi, ty, ops);
    Ok(())
}

/// `ret`, with the value cast to the function's return type when it is an opaque pointer.
pub(super) fn ret(t: &mut Translator<'_>, ctx: &FnCtx<'_>, value: &Option<ValueRef>) -> Result<()> {
    match value {
        Some(v) => {
            let v = match t.signatures.get(&ctx.func_id) {
                Some(&(ret, _)) if is_opaque(t, ctx, *v) => t.value_as(ctx, *v, ret)?,
                _ => t.value(ctx, *v)?,
            };
            t.emit_void_ops(Op::ReturnValue, [Operand::Id(v)]);
        }
        None => t.emit_void_ops(Op::Return, []),
    }
    Ok(())
}

/// `br i1`.
pub(super) fn cond_br(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    cond: &ValueRef,
    then_block: &llvm::BlockId,
    else_block: &llvm::BlockId,
    weights: Option<[u32; 2]>,
) -> Result<()> {
    let c = t.value(ctx, *cond)?;
    let (a, b) = (
        block_label(ctx, *then_block)?,
        block_label(ctx, *else_block)?,
    );
    crate::forward::loop_controls::emit_before_branch(t, ctx);
    // Both edges to one block: the condition decides nothing, the branch is unconditional
    // (llvm-spirv's phi-with-a-doubled-edge test: OpBranch, one OpPhi pair).
    if a == b {
        t.emit_void(Op::Branch, vec![Operand::Id(a)]);
        return Ok(());
    }
    let mut operands = vec![Operand::Id(c), Operand::Id(a), Operand::Id(b)];
    if let Some(weights) = weights {
        operands.extend(weights.map(Operand::Word));
    }
    t.emit_void(Op::BranchConditional, operands);
    Ok(())
}

/// A conditional branch's `!prof !{!"branch_weights", [!"expected",] i32 T, i32 F}` as
/// OpBranchConditional's Branch Weights literals, as llvm-spirv writes them: scaled down as
/// LLVM's `calculateCountScale` does when their sum is not below 2^32 - 1 (which keeps their
/// ratio), and none when both are zero or the node is not two integer weights.
pub(super) fn branch_weights(t: &Translator<'_>, inst: &llvm::Instruction) -> Option<[u32; 2]> {
    let (_, node) = inst.metadata.iter().find(|(kind, _)| kind == "prof")?;
    let operands = t.m.node_operands(*node);
    let (first, rest) = operands.split_first()?;
    if t.m.md_string(first) != Some(b"branch_weights".as_slice()) {
        return None;
    }
    let weights: Vec<u64> = rest
        .iter()
        .filter(|op| t.m.md_string(op).is_none())
        .map(|op| {
            t.m.md_value(op)
                .and_then(|(_, v)| t.const_int(v))
                .map(|w| w & u64::from(u32::MAX))
        })
        .collect::<Option<_>>()?;
    let [taken, not_taken] = weights.as_slice() else {
        return None;
    };
    let sum = taken + not_taken;
    if sum == 0 {
        return None;
    }
    let max = u64::from(u32::MAX);
    let scale = if sum < max { 1 } else { sum / max + 1 };
    let word = |w: u64| u32::try_from(w / scale).unwrap_or(u32::MAX);
    Some([word(*taken), word(*not_taken)])
}

/// `switch`, with 64-bit selectors taking two-word literals.
pub(super) fn switch(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    value: &ValueRef,
    default: &llvm::BlockId,
    cases: &[(ValueRef, llvm::BlockId)],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let selector_ty = t.value_llvm_type(ctx, *value)?;
    let width = match t.m.types.get(selector_ty) {
        Type::Int(w) => *w,
        _ => 32,
    };
    // An odd width (`i48`) is carried in the next standard one: two literal words above 32.
    let wide = width > 32;
    let v = t.value(ctx, *value)?;
    // The cases compare with the selector's LLVM bits only.
    let v = t.exact_widened(
        v,
        selector_ty,
        crate::forward::arbitrary_integers::Extension::Zero,
        loc,
    )?;
    let case_mask = 1u64.checked_shl(width).map_or(u64::MAX, |m| m - 1);
    let mut ops = vec![Operand::Id(v), Operand::Id(block_label(ctx, *default)?)];
    for (case, target) in cases {
        let bits = t
            .const_int(*case)
            .ok_or_else(|| malformed(loc, "switch case is not an integer constant"))?
            & case_mask;
        ops.push(Operand::Word(bits as u32));
        if wide {
            ops.push(Operand::Word((bits >> 32) as u32));
        }
        ops.push(Operand::Id(block_label(ctx, *target)?));
    }
    t.emit_void(Op::Switch, ops);
    Ok(())
}

fn block_label(ctx: &FnCtx<'_>, b: llvm::BlockId) -> Result<Id> {
    ctx.blocks
        .get(b.0 as usize)
        .copied()
        .ok_or_else(|| malformed(&ctx.location, "branch to a missing block"))
}

/// `br label`.
pub(super) fn br(t: &mut Translator<'_>, ctx: &FnCtx<'_>, target: llvm::BlockId) -> Result<()> {
    let l = block_label(ctx, target)?;
    crate::forward::loop_controls::emit_before_branch(t, ctx);
    t.emit_void_ops(Op::Branch, [Operand::Id(l)]);
    Ok(())
}
