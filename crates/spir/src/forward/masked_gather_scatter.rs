//! SPV_INTEL_masked_gather_scatter: vectors of pointers (OpTypeVector of OpTypePointer) and
//! `llvm.masked.gather` / `llvm.masked.scatter` on them → OpMaskedGatherINTEL /
//! OpMaskedScatterINTEL, capability MaskedGatherScatterINTEL, as llvm-spirv maps them.
//! Without the extension a vector of pointers is refused naming it (llvm-spirv: "LLVM module
//! contains vector of pointers, translation of which requires this extension").

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op};
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_INTEL_masked_gather_scatter";

/// Declares the extension and its capability for a vector of pointers at `location`, or
/// refuses it naming the extension.
pub(crate) fn require_pointer_vector(t: &mut Translator<'_>, location: &str) -> Result<()> {
    if !t.opts.allows(EXTENSION) {
        return Err(unsupported(
            location,
            format!("a vector of pointers (needs --spirv-ext=+{EXTENSION})"),
        ));
    }
    t.b.extension(EXTENSION);
    t.b.capability(Capability::MaskedGatherScatterINTEL);
    Ok(())
}

/// `llvm.masked.gather(ptrs, align, mask, passthru)` (`scatter` false) or
/// `llvm.masked.scatter(value, ptrs, align, mask)` (`scatter` true); LLVM 22 dropped the
/// alignment operand (`llvm.masked.gather(ptrs, mask, passthru)`), the pointer vector's `align`
/// parameter attribute giving it (none: 1, the pointers promise no more).
pub(crate) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    scatter: bool,
    args: &[ValueRef],
    attrs: &llvm::AttributeList,
) -> Result<()> {
    let loc = ctx.location.as_str();
    let name = if scatter {
        "llvm.masked.scatter"
    } else {
        "llvm.masked.gather"
    };
    let (data, ptrs, alignment, mask) = match (scatter, args) {
        (true, [data, ptrs, align, mask]) => (*data, *ptrs, constant_alignment(t, *align), *mask),
        (false, [ptrs, align, mask, data]) => (*data, *ptrs, constant_alignment(t, *align), *mask),
        (true, [data, ptrs, mask]) => (*data, *ptrs, Some(param_alignment(attrs, 1)), *mask),
        (false, [ptrs, mask, data]) => (*data, *ptrs, Some(param_alignment(attrs, 0)), *mask),
        _ => {
            return Err(malformed(
                loc,
                format!("{name} with {} operands (expected 3 or 4)", args.len()),
            ))
        }
    };
    let alignment =
        alignment.ok_or_else(|| malformed(loc, format!("{name} with a non-constant alignment")))?;
    let data_ty = if scatter {
        t.value_llvm_type(ctx, data)?
    } else {
        result_ty
    };
    let ptr_vector = typed_pointer_vector(t, ctx, ptrs, data_ty, name)?;
    let mask = t.value(ctx, mask)?;
    let data = t.value(ctx, data)?;
    if scatter {
        t.emit_void(
            Op::MaskedScatterINTEL,
            vec![
                Operand::Id(data),
                Operand::Id(ptr_vector),
                Operand::Word(alignment),
                Operand::Id(mask),
            ],
        );
    } else {
        let ty = t.ty(result_ty, loc)?;
        t.emit_to(
            out,
            Op::MaskedGatherINTEL,
            ty,
            vec![
                Operand::Id(ptr_vector),
                Operand::Word(alignment),
                Operand::Id(mask),
                Operand::Id(data),
            ],
        );
    }
    Ok(())
}

/// The alignment operand of the four-operand forms.
/// Lane `i` of the vector `v` whose components are of type `component`.
fn lane(t: &mut Translator<'_>, v: Id, component: Id, i: u32) -> Id {
    t.emit_ops(
        Op::CompositeExtract,
        component,
        [Operand::Id(v), Operand::Word(i)],
    )
}

/// The vector of pointers `v` (`len` lanes of type `from`) with each lane cast by `opcode` to
/// `to`, gathered into a `to_vector` (into `out` when given). SPIR-V's pointer casts and
/// access chains take and make single pointers: spirv-val rejects them on vectors of
/// pointers, so a vector of pointers is cast (and indexed, `vector_gep`) lane by lane.
#[allow(clippy::too_many_arguments)]
pub(crate) fn cast_lanes(
    t: &mut Translator<'_>,
    v: Id,
    from: Id,
    to: Id,
    to_vector: Id,
    len: u32,
    opcode: Op,
    out: Option<Id>,
) -> Id {
    let lanes: Vec<Operand> = (0..len)
        .map(|i| {
            let l = lane(t, v, from, i);
            Operand::Id(t.emit_ops(opcode, to, [Operand::Id(l)]))
        })
        .collect();
    match out {
        Some(out) => {
            t.emit_ops_to(out, Op::CompositeConstruct, to_vector, lanes);
            out
        }
        None => t.emit_ops(Op::CompositeConstruct, to_vector, lanes),
    }
}

fn constant_alignment(t: &Translator<'_>, align: ValueRef) -> Option<u32> {
    t.const_int(align).and_then(|a| u32::try_from(a).ok())
}

/// The `align` attribute of call parameter `index` (the three-operand forms), 1 without one.
fn param_alignment(attrs: &llvm::AttributeList, index: usize) -> u32 {
    attrs.param_align(index).unwrap_or(1)
}

/// The pointer vector operand as a vector of pointers to the data's component type (an
/// opaque `<N x ptr>` is a vector of byte pointers: bitcast, as llvm-spirv does).
fn typed_pointer_vector(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    ptrs: ValueRef,
    data_ty: llvm::TypeId,
    name: &str,
) -> Result<Id> {
    let loc = ctx.location.as_str();
    let ptrs_ty = t.value_llvm_type(ctx, ptrs)?;
    let (len, addrspace) = match t.m.types.get(ptrs_ty) {
        Type::Vector {
            len,
            elem,
            scalable: false,
        } => match t.m.types.get(*elem) {
            Type::Pointer { addrspace, .. } => (*len, *addrspace),
            _ => {
                return Err(malformed(
                    loc,
                    format!("{name} of a vector of non-pointers"),
                ))
            }
        },
        _ => return Err(malformed(loc, format!("{name} of a non-vector"))),
    };
    let actual = t.ty(ptrs_ty, loc)?;
    let v = t.value(ctx, ptrs)?;
    let component = t.ty(t.m.types.scalar(data_ty), loc)?;
    let storage = crate::forward::types::storage_class(t, addrspace, loc)?;
    let pointer = t.pointer_type(storage, component);
    let wanted = t.b.type_vector(pointer, len);
    if wanted == actual {
        return Ok(v);
    }
    let from = t.ty(t.m.types.scalar(ptrs_ty), loc)?;
    Ok(cast_lanes(
        t,
        v,
        from,
        pointer,
        wanted,
        len,
        Op::Bitcast,
        None,
    ))
}

/// A `getelementptr` giving a vector of pointers (a vector base, or a scalar base with vector
/// indices, which LLVM splats): OpPtrAccessChain on the vector of pointers to the source
/// element type, so that the indices step over that type (an opaque `<N x ptr>` is a vector
/// of byte pointers, cast first), then cast to the result's vector type if that differs.
#[allow(clippy::too_many_arguments)]
pub(crate) fn vector_gep(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    result_ty: llvm::TypeId,
    inbounds: bool,
    base: ValueRef,
    indices: &[ValueRef],
    source_ty: llvm::TypeId,
) -> Result<()> {
    let loc = ctx.location.as_str();
    let (len, addrspace) = match t.m.types.get(result_ty) {
        Type::Vector {
            len,
            elem,
            scalable: false,
        } => match t.m.types.get(*elem) {
            Type::Pointer { addrspace, .. } => (*len, *addrspace),
            _ => return Err(malformed(loc, "getelementptr of a vector of non-pointers")),
        },
        _ => return Err(malformed(loc, "getelementptr of a non-vector")),
    };
    require_pointer_vector(t, loc)?;
    let storage = crate::forward::types::storage_class(t, addrspace, loc)?;
    let source = t.ty(source_ty, loc)?;
    let source_ptr = t.pointer_type(storage, source);
    let wanted = t.b.type_vector(source_ptr, len);
    let base_llvm = t.value_llvm_type(ctx, base)?;
    // The base's lanes as pointers to the source element type.
    let bases: Vec<Id> = if matches!(t.m.types.get(base_llvm), Type::Vector { .. }) {
        let actual = t.ty(base_llvm, loc)?;
        let from = t.ty(t.m.types.scalar(base_llvm), loc)?;
        let v = t.value(ctx, base)?;
        (0..len)
            .map(|i| {
                let l = lane(t, v, from, i);
                if actual == wanted {
                    l
                } else {
                    t.emit_ops(Op::Bitcast, source_ptr, [Operand::Id(l)])
                }
            })
            .collect()
    } else {
        vec![t.value_as(ctx, base, source_ptr)?; len as usize]
    };
    let indexed = crate::forward::pointee::gep_indexed_type(t, source_ty, indices)
        .ok_or_else(|| malformed(loc, "GEP indices outside the source type"))?;
    let indexed = t.ty(indexed, loc)?;
    let indexed_ptr = t.pointer_type(storage, indexed);
    let op = if inbounds {
        Op::InBoundsPtrAccessChain
    } else {
        Op::PtrAccessChain
    };
    // Each index: a scalar (the same for every lane) or a vector (lane by lane).
    let mut index_values = Vec::new();
    for &i in indices {
        let ity = t.value_llvm_type(ctx, i)?;
        let component = match t.m.types.get(ity) {
            Type::Vector { elem, .. } => Some(t.ty(*elem, loc)?),
            _ => None,
        };
        index_values.push((t.value(ctx, i)?, component));
    }
    // The result's lanes (the pointer type `ty`'s components), cast from the chain's when
    // they differ.
    let result_component = t.ty(t.m.types.scalar(result_ty), loc)?;
    let mut lanes = Vec::with_capacity(len as usize);
    for (l, &b) in bases.iter().enumerate() {
        let mut ops = vec![Operand::Id(b)];
        for &(v, component) in &index_values {
            ops.push(Operand::Id(match component {
                Some(c) => lane(t, v, c, l as u32),
                None => v,
            }));
        }
        let chained = t.emit_ops(op, indexed_ptr, ops);
        lanes.push(Operand::Id(if result_component == indexed_ptr {
            chained
        } else {
            t.emit_ops(Op::Bitcast, result_component, [Operand::Id(chained)])
        }));
    }
    t.emit_ops_to(out, Op::CompositeConstruct, ty, lanes);
    Ok(())
}
