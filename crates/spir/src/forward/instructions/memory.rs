//! Loads, stores (atomic ones included) and `getelementptr` as access chains.

use super::{is_opaque, Out};
use crate::error::{malformed, Result};
use crate::forward::arbitrary_integers::Extension;
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{MemoryAccess, MemorySemantics, Op};
use spirvkit_llvm as llvm;

/// `load`: OpLoad with its memory operands, or OpAtomicLoad.
#[allow(clippy::too_many_arguments)]
pub(super) fn load(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    ptr: &ValueRef,
    align: &Option<u64>,
    volatile: &bool,
    (ordering, scope): (&llvm::AtomicOrdering, &llvm::SyncScope),
    metadata: &[(String, llvm::MetadataId)],
) -> Result<()> {
    let Out {
        out, ty, result_ty, ..
    } = *r;
    if let Some(g) = crate::forward::builtins::builtin_global_behind_in(t, ctx, *ptr) {
        // A `__spirv_BuiltIn*` global is the built-in's Input variable.
        let var = t.global_id(g, &ctx.location)?;
        let value_ty = t.m.global(g).map(|gl| gl.value_ty);
        match value_ty.map(|vt| (vt, t.m.types.get(vt).clone())) {
            // Optimized code loads the first component of a `<3 x i64>` built-in straight
            // from the variable (`load i64, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId`).
            Some((vt, llvm::Type::Vector { elem, .. })) if vt != result_ty && elem == result_ty => {
                let vector_ty = t.ty(vt, &ctx.location)?;
                let vector = t.emit(Op::Load, vector_ty, vec![Operand::Id(var)]);
                t.emit_ops_to(
                    out,
                    Op::CompositeExtract,
                    ty,
                    [Operand::Id(vector), Operand::Word(0)],
                );
            }
            // A load through a bitcast pointer of another type of the same size
            // (`load <6 x i32>` from the `<3 x i64>` built-in): the built-in's value,
            // reinterpreted.
            Some((vt, _)) if vt != result_ty && same_store_size(t, vt, result_ty) => {
                let value_ty = t.ty(vt, &ctx.location)?;
                let value = t.emit(Op::Load, value_ty, vec![Operand::Id(var)]);
                t.emit_ops_to(out, Op::Bitcast, ty, [Operand::Id(value)]);
            }
            _ => t.emit_ops_to(out, Op::Load, ty, [Operand::Id(var)]),
        }
        return Ok(());
    }
    let p = if is_opaque(t, ctx, *ptr) {
        let wanted = t.pointer_to_in(ctx, *ptr, ty)?;
        t.value_as(ctx, *ptr, wanted)?
    } else {
        t.value(ctx, *ptr)?
    };
    let p = crate::forward::decorations::access_pointer(t, &ctx.location, metadata, p, 0, ty)?;
    if *ordering != llvm::AtomicOrdering::NotAtomic {
        crate::forward::builtins::require_atomic_value_type(
            t,
            &ctx.location,
            Op::AtomicLoad,
            result_ty,
        )?;
        let (scope, sem) = load_store_scope_semantics(t, *ordering, scope);
        t.emit_to(
            out,
            Op::AtomicLoad,
            ty,
            vec![Operand::Id(p), Operand::Id(scope), Operand::Id(sem)],
        );
    } else {
        let mut ops = vec![Operand::Id(p)];
        ops.extend(memory_access(
            *volatile,
            *align,
            metadata,
            t.alias_memory_operands(metadata),
        ));
        t.emit_to(out, Op::Load, ty, ops);
    }
    Ok(())
}

/// Scope and semantics of an atomic `load` / `store`, as llvm-spirv maps them: the memory
/// scope of the instruction's sync scope (the default system scope is CrossDevice) and the
/// ordering alone as the semantics (monotonic is Relaxed, 0) — not the sequentially
/// consistent semantics of the OpenCL atomic built-ins, which would strengthen every
/// relaxed or acquire/release access.
fn load_store_scope_semantics(
    t: &mut Translator<'_>,
    ordering: llvm::AtomicOrdering,
    scope: &llvm::SyncScope,
) -> (spirvkit_core::Id, spirvkit_core::Id) {
    let order = match ordering {
        llvm::AtomicOrdering::Acquire => MemorySemantics::Acquire.0,
        llvm::AtomicOrdering::Release => MemorySemantics::Release.0,
        llvm::AtomicOrdering::AcqRel => MemorySemantics::AcquireRelease.0,
        llvm::AtomicOrdering::SeqCst => MemorySemantics::SequentiallyConsistent.0,
        _ => 0,
    };
    let scope = crate::forward::atomic_wrap::scope_of(scope);
    (t.u32_constant(scope), t.u32_constant(order))
}

/// `store`: OpStore with its memory operands, or OpAtomicStore.
#[allow(clippy::too_many_arguments)]
pub(super) fn store(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    ptr: &ValueRef,
    value: &ValueRef,
    align: &Option<u64>,
    volatile: &bool,
    (ordering, scope): (&llvm::AtomicOrdering, &llvm::SyncScope),
    metadata: &[(String, llvm::MetadataId)],
) -> Result<()> {
    // An atomic store's scope and semantics constants come before its value's, in
    // llvm-spirv's order of the operands (OpAtomicStore's pointer, scope, semantics, value).
    let atomic = (*ordering != llvm::AtomicOrdering::NotAtomic)
        .then(|| load_store_scope_semantics(t, *ordering, scope));
    let v = t.value(ctx, *value)?;
    let p = if is_opaque(t, ctx, *ptr) {
        let value_ty = t.value_type_id(ctx, *value)?;
        let wanted = t.pointer_to_in(ctx, *ptr, value_ty)?;
        t.value_as(ctx, *ptr, wanted)?
    } else {
        t.value(ctx, *ptr)?
    };
    let p = if crate::forward::decorations::has_access_decorations(metadata) {
        let stored_type = t.value_type_id(ctx, *value)?;
        crate::forward::decorations::access_pointer(t, &ctx.location, metadata, p, 1, stored_type)?
    } else {
        p
    };
    if let Some((scope, sem)) = atomic {
        let value_ty = t.value_llvm_type(ctx, *value)?;
        crate::forward::builtins::require_atomic_value_type(
            t,
            &ctx.location,
            Op::AtomicStore,
            value_ty,
        )?;
        t.emit_void(
            Op::AtomicStore,
            vec![
                Operand::Id(p),
                Operand::Id(scope),
                Operand::Id(sem),
                Operand::Id(v),
            ],
        );
    } else {
        let mut ops = vec![Operand::Id(p), Operand::Id(v)];
        ops.extend(memory_access(
            *volatile,
            *align,
            metadata,
            t.alias_memory_operands(metadata),
        ));
        t.emit_void(Op::Store, ops);
    }
    Ok(())
}

/// `getelementptr`: a (Ptr/InBounds, typed or untyped) access chain.
pub(super) fn gep(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    inbounds: &bool,
    base: &ValueRef,
    indices: &[ValueRef],
    source_ty: &llvm::TypeId,
) -> Result<()> {
    let Out {
        out, ty, result_ty, ..
    } = *r;
    let loc = ctx.location.as_str();
    if matches!(t.m.types.get(result_ty), llvm::Type::Vector { .. }) {
        return crate::forward::masked_gather_scatter::vector_gep(
            t, ctx, out, ty, result_ty, *inbounds, *base, indices, *source_ty,
        );
    }
    // Opaque pointers: the base is cast to the source element type, and the chain's
    // natural result (a pointer to the indexed type) to the value's inferred type.
    let base_type = t.ty(*source_ty, loc)?;
    let (b, natural) = if is_opaque(t, ctx, *base) {
        let source = t.ty(*source_ty, loc)?;
        let wanted = t.pointer_to_in(ctx, *base, source)?;
        let b = t.value_as(ctx, *base, wanted)?;
        let indexed = crate::forward::pointee::gep_indexed_type(t, *source_ty, indices)
            .ok_or_else(|| malformed(loc, "GEP indices outside the source type"))?;
        let indexed = t.ty(indexed, loc)?;
        (b, t.pointer_to_in(ctx, *base, indexed)?)
    } else {
        (t.value(ctx, *base)?, ty)
    };
    let target = if natural == ty { out } else { t.b.alloc_id() };
    let zero_steps = crate::forward::pointee::zero_size_steps(t, *source_ty, indices);
    if indices.is_empty() {
        t.emit_ops_to(target, Op::CopyObject, natural, [Operand::Id(b)]);
    } else if t.is_untyped(natural) && indices.len() > 1 && t.const_int(indices[0]) == Some(0) {
        // `gep T, p, 0, i...` stays inside the object at p: an untyped (non-Ptr)
        // access chain walking T from p.
        let op = if *inbounds {
            Op::UntypedInBoundsAccessChainKHR
        } else {
            Op::UntypedAccessChainKHR
        };
        let mut ops = vec![Operand::Id(base_type), Operand::Id(b)];
        for (&i, zero) in indices.iter().zip(&zero_steps).skip(1) {
            ops.push(Operand::Id(gep_index(t, ctx, i, *zero)?));
        }
        t.emit_to(target, op, natural, ops);
    } else {
        let (op, mut ops) = t.ptr_access_chain(natural, *inbounds, base_type, b);
        for (&i, zero) in indices.iter().zip(&zero_steps) {
            ops.push(Operand::Id(gep_index(t, ctx, i, *zero)?));
        }
        t.emit_to(target, op, natural, ops);
    }
    if target != out {
        t.emit_ops_to(out, Op::Bitcast, ty, [Operand::Id(target)]);
    }
    Ok(())
}

/// A GEP index. GEP indices are signed: one of an odd width carried in a wider integer is
/// sign-extended from its LLVM width first (a constant one as a constant, since struct
/// member indices must stay constants). One stepping over a zero-sized type is 0
/// (`pointee::zero_size_steps`).
fn gep_index(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    index: ValueRef,
    zero_step: bool,
) -> Result<Id> {
    let loc = ctx.location.as_str();
    let ty = t.value_llvm_type(ctx, index)?;
    if zero_step {
        return t.null_constant(ty, loc);
    }
    let v = t.value(ctx, index)?;
    let Some(width) = t.widened_int_width(ty) else {
        return Ok(v);
    };
    match t.const_int(index) {
        Some(bits) => {
            let carrier = crate::forward::arbitrary_integers::widened(width);
            let mask = |w: u32| 1u64.checked_shl(w).map_or(u64::MAX, |m| m - 1);
            let low = bits & mask(width);
            let negative = low >> (width - 1) & 1 == 1;
            let extended = if negative { low | !mask(width) } else { low };
            t.carrier_splat(ty, carrier, extended & mask(carrier), loc)
        }
        None => t.exact_widened(v, ty, Extension::Sign, loc),
    }
}

/// Memory operands: Volatile and Aligned (SPIR 1.2: alignment and volatile on load/store),
/// Nontemporal for a `!nontemporal` access (as llvm-spirv marks it), then the alias-scope
/// bits and their ids (`alias_scopes.rs`).
fn memory_access(
    volatile: bool,
    align: Option<u64>,
    metadata: &[(String, llvm::MetadataId)],
    alias: (u32, Vec<Operand>),
) -> Vec<Operand> {
    let (mut mask, alias_ids) = alias;
    if volatile {
        mask |= MemoryAccess::Volatile.0;
    }
    if metadata.iter().any(|(kind, _)| kind == "nontemporal") {
        mask |= MemoryAccess::Nontemporal.0;
    }
    if align.is_some_and(|a| a > 0) {
        mask |= MemoryAccess::Aligned.0;
    }
    if mask == 0 {
        return Vec::new();
    }
    let mut ops = vec![Operand::Word(mask)];
    if let Some(a) = align.filter(|&a| a > 0) {
        ops.push(Operand::Word(a as u32));
    }
    ops.extend(alias_ids);
    ops
}

/// Whether stores of `a` and `b` write the same number of bytes (both sized).
fn same_store_size(t: &Translator<'_>, a: llvm::TypeId, b: llvm::TypeId) -> bool {
    let layout = crate::data_layout::DataLayout::new(t.m.datalayout.as_deref(), t.pointer_bits);
    let size = |ty| layout.store_size(&t.m.types, ty);
    size(a).is_some_and(|s| Some(s) == size(b))
}
