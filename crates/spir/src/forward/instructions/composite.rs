//! Aggregates and vectors: extract/insert value and element, shufflevector.

use super::{is_opaque, Out};
use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

/// `extractvalue` (a pointer member is cast from its default pointer type).
pub(super) fn extract_value(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    aggregate: &ValueRef,
    indices: &[u32],
) -> Result<()> {
    let Out {
        out,
        ty,
        result_ty,
        opaque_result,
        ..
    } = *r;
    let loc = ctx.location.as_str();
    let a = t.value(ctx, *aggregate)?;
    let mut ops = vec![Operand::Id(a)];
    ops.extend(indices.iter().map(|&i| Operand::Word(i)));
    // A pointer member is stored as the default pointer type of its LLVM type.
    let member = if opaque_result {
        t.ty(result_ty, loc)?
    } else {
        ty
    };
    if member == ty {
        t.emit_to(out, Op::CompositeExtract, ty, ops);
    } else {
        let raw = t.emit(Op::CompositeExtract, member, ops);
        t.emit_ops_to(out, Op::Bitcast, ty, [Operand::Id(raw)]);
    }
    Ok(())
}

/// `insertvalue`.
pub(super) fn insert_value(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    aggregate: &ValueRef,
    value: &ValueRef,
    indices: &[u32],
) -> Result<()> {
    let Out { out, ty, .. } = *r;
    let loc = ctx.location.as_str();
    let a = t.value(ctx, *aggregate)?;
    let v = if is_opaque(t, ctx, *value) {
        let member_ty = t.value_llvm_type(ctx, *value)?;
        let member = t.ty(member_ty, loc)?;
        t.value_as(ctx, *value, member)?
    } else {
        t.value(ctx, *value)?
    };
    let mut ops = vec![Operand::Id(v), Operand::Id(a)];
    ops.extend(indices.iter().map(|&i| Operand::Word(i)));
    t.emit_to(out, Op::CompositeInsert, ty, ops);
    Ok(())
}

/// `extractelement`, by a literal when the index is constant.
pub(super) fn extract_element(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    vector: &ValueRef,
    index: &ValueRef,
) -> Result<()> {
    let Out { out, ty, .. } = *r;
    let v = t.value(ctx, *vector)?;
    if is_single(t, ctx, *vector)? {
        // `<1 x T>` is `T`: its only element is the value itself.
        t.emit_to(out, Op::CopyObject, ty, vec![Operand::Id(v)]);
        return Ok(());
    }
    // A pointer from a vector of pointers has the vector's component type; inference may
    // want another pointee for the result: extracted, then cast.
    let component = pointer_component(t, ctx, *vector)?.filter(|&c| c != ty);
    let target = if component.is_some() {
        t.b.alloc_id()
    } else {
        out
    };
    let extracted_ty = component.unwrap_or(ty);
    match constant_index(t, *index) {
        Some(i) => t.emit_to(
            target,
            Op::CompositeExtract,
            extracted_ty,
            vec![Operand::Id(v), Operand::Word(i)],
        ),
        None => {
            let i = t.value(ctx, *index)?;
            t.emit_to(
                target,
                Op::VectorExtractDynamic,
                extracted_ty,
                vec![Operand::Id(v), Operand::Id(i)],
            );
        }
    }
    if target != out {
        t.emit_ops_to(out, Op::Bitcast, ty, [Operand::Id(target)]);
    }
    Ok(())
}

/// The SPIR-V component type of a vector of pointers (None for other vectors).
fn pointer_component(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    vector: ValueRef,
) -> Result<Option<Id>> {
    let vty = t.value_llvm_type(ctx, vector)?;
    let elem = t.m.types.scalar(vty);
    if elem == vty || !t.m.types.is_pointer(elem) {
        return Ok(None);
    }
    Ok(Some(t.ty(elem, &ctx.location)?))
}

/// `insertelement`, by a literal when the index is constant.
pub(super) fn insert_element(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    vector: &ValueRef,
    element: &ValueRef,
    index: &ValueRef,
) -> Result<()> {
    let Out { out, ty, .. } = *r;
    let v = t.value(ctx, *vector)?;
    // A pointer inserted into a vector of pointers takes the vector's component type.
    let e = match pointer_component(t, ctx, *vector)? {
        Some(component) if !is_single(t, ctx, *vector)? => t.value_as(ctx, *element, component)?,
        _ => t.value(ctx, *element)?,
    };
    if is_single(t, ctx, *vector)? {
        t.emit_to(out, Op::CopyObject, ty, vec![Operand::Id(e)]);
        return Ok(());
    }
    match constant_index(t, *index) {
        Some(i) => t.emit_to(
            out,
            Op::CompositeInsert,
            ty,
            vec![Operand::Id(e), Operand::Id(v), Operand::Word(i)],
        ),
        None => {
            let i = t.value(ctx, *index)?;
            t.emit_to(
                out,
                Op::VectorInsertDynamic,
                ty,
                vec![Operand::Id(v), Operand::Id(e), Operand::Id(i)],
            );
        }
    }
    Ok(())
}

/// `shufflevector` (undefined mask elements become 0xFFFFFFFF).
pub(super) fn shuffle_vector(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    v1: &ValueRef,
    v2: &ValueRef,
    mask: &[Option<u32>],
) -> Result<()> {
    let Out { out, ty, .. } = *r;
    let (a, b) = (t.value(ctx, *v1)?, t.value(ctx, *v2)?);
    // A mask too long for one OpVectorShuffle (its word count is 16 bits: long vectors) is
    // the components one by one and an OpCompositeConstruct, which SPV_INTEL_long_composites
    // can continue (`long_composites.rs`; refused naming it otherwise).
    let too_long = 5 + mask.len() > 0xFFFF;
    if is_single(t, ctx, *v1)? || mask.len() == 1 || too_long {
        return shuffle_single(t, ctx, r, (*v1, a), b, mask);
    }
    let mut ops = vec![Operand::Id(a), Operand::Id(b)];
    ops.extend(mask.iter().map(|m| Operand::Word(m.unwrap_or(u32::MAX))));
    t.emit_to(out, Op::VectorShuffle, ty, ops);
    Ok(())
}

fn is_single(t: &Translator<'_>, ctx: &FnCtx<'_>, v: ValueRef) -> Result<bool> {
    Ok(t.is_single_vector(t.value_llvm_type(ctx, v)?))
}

/// `shufflevector` from or to `<1 x T>` (a scalar in SPIR-V): the selected components one by
/// one, then a copy (one component) or an OpCompositeConstruct.
fn shuffle_single(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    (v1, a): (ValueRef, Id),
    b: Id,
    mask: &[Option<u32>],
) -> Result<()> {
    let Out { out, ty, .. } = *r;
    let source_ty = t.value_llvm_type(ctx, v1)?;
    let (len, elem) = match t.m.types.get(source_ty) {
        llvm::Type::Vector { len, elem, .. } => (*len, *elem),
        _ => return Err(malformed(&ctx.location, "shufflevector of a non-vector")),
    };
    let elem_ty = t.ty(elem, &ctx.location)?;
    let mut parts = Vec::with_capacity(mask.len());
    for m in mask {
        let id = match m {
            None => t.b.dedup_global(Op::Undef, Some(elem_ty), vec![]),
            Some(i) => {
                let (src, i) = if *i < len { (a, *i) } else { (b, *i - len) };
                if len == 1 {
                    src
                } else {
                    t.emit(
                        Op::CompositeExtract,
                        elem_ty,
                        vec![Operand::Id(src), Operand::Word(i)],
                    )
                }
            }
        };
        parts.push(Operand::Id(id));
    }
    if parts.len() == 1 {
        t.emit_to(out, Op::CopyObject, ty, parts);
        return Ok(());
    }
    crate::forward::long_composites::construct(t, out, ty, parts, &ctx.location)
}

fn constant_index(t: &Translator<'_>, v: ValueRef) -> Option<u32> {
    t.const_int(v).and_then(|n| u32::try_from(n).ok())
}
