//! SPIR-V friendly IR calls whose form is not "the instruction of that name, operands in
//! grammar order" (`spv_ir.rs`'s generic rule):
//! - `__spirv_Decoration{Name}(value, literals...)`: a copy of the value carrying the decoration
//!   (llvm-spirv's way to put e.g. SPV_INTEL_cache_controls on one use of a pointer);
//! - `__spirv_{Read,Write}PipeBlockingINTEL(pipe, pointer, size, alignment)`
//!   (SPV_INTEL_blocking_pipes): the extension's instructions have no result, although the
//!   grammar lists a result type and id for their first two words;
//! - `__spirv_SpecConstant(i32 id, T default)`: an OpSpecConstant (OpSpecConstantTrue/False
//!   for `i1`, true when the default is not zero) of the call's result type decorated SpecId
//!   `id`, one per id and type, as llvm-spirv's SPV-IR reader emits it (DPC++ specialization
//!   constants; a `bool` one is declared `i1 @__spirv_SpecConstant(i32, i8)`);
//! - `__spirv_SpecConstantComposite(parts...)`: an OpSpecConstantComposite of the call's
//!   type at module scope (it may not appear in a function) when every part is a
//!   specialization constant or a constant, as llvm-spirv builds DPC++ composite
//!   specialization constants; the call's result is a copy of it;
//! - `__spirv_AbortKHR(message)` (SPV_KHR_abort): OpAbortKHR with the message's type, a block
//!   terminator, so the rest of the LLVM block (its `unreachable`) is dropped. With the
//!   extension, `llvm.trap` aborts with the 32-bit message 0xffffffff and `llvm.ubsantrap(i8
//!   kind)` with the kind zero-extended to 32 bits, as llvm-spirv maps them (`llvm.debugtrap`
//!   stays dropped).
//!
//! - `__spirv_SampledImage(image, sampler)` declared returning a pointer (older DPC++
//!   SPV-IR): OpSampledImage of the image's OpTypeSampledImage, not of the pointer type.
//!
//! `__spirv_ControlBarrier` keeps the generic rule, but an execution scope of Device or
//! CrossDevice needs SPV_INTEL_device_barrier (capability DeviceBarrierINTEL; refused naming
//! it otherwise), and a scope only known at run time declares it when the extension is allowed.

use super::spv_ir::operands_from_args;
use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration, Op, OperandKind};
use spirvkit_llvm as llvm;

/// Whether `lower` knows `opname` (the name after `__spirv_`) as one of these forms whose
/// name is no instruction of the grammar.
pub(super) fn handles(opname: &str) -> bool {
    let decoration = opname.strip_prefix("Decoration").is_some_and(|d| {
        OperandKind::Decoration
            .desc()
            .enumerant_by_name(d)
            .is_some()
    });
    decoration
        || matches!(
            opname,
            "ReadPipeBlockingINTEL"
                | "WritePipeBlockingINTEL"
                | "AbortKHR"
                | "SpecConstant"
                | "SpecConstantComposite"
        )
}

/// Lowers `opname` (the name after `__spirv_`) when it is one of these forms; false otherwise.
pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    name: &str,
    opname: &str,
    args: &[ValueRef],
) -> Result<bool> {
    if let Some(decoration) = opname.strip_prefix("Decoration") {
        if let Some(desc) = OperandKind::Decoration.desc().enumerant_by_name(decoration) {
            decorated_copy(t, ctx, out, name, desc, args)?;
            return Ok(true);
        }
    }
    match opname {
        "ReadPipeBlockingINTEL" | "WritePipeBlockingINTEL" => {
            blocking_pipe(t, ctx, name, opname, args)?;
            Ok(true)
        }
        "AbortKHR" => {
            abort(t, ctx, name, args)?;
            Ok(true)
        }
        "SpecConstant" => {
            spec_constant(t, ctx, out, result_ty, name, args)?;
            Ok(true)
        }
        "SpecConstantComposite" => spec_constant_composite(t, ctx, out, result_ty, args),
        "SampledImage" => sampled_image_through_pointer(t, ctx, out, result_ty, args),
        "ConvertHandleToImageINTEL"
        | "ConvertHandleToSamplerINTEL"
        | "ConvertHandleToSampledImageINTEL" => {
            bindless_handle_width(t, ctx, name, args)?;
            // The instruction itself is the generic lowering's.
            Ok(false)
        }
        _ => Ok(false),
    }
}

/// `__spirv_SampledImage(image, sampler)` declared returning a pointer (the SPV-IR of
/// DPC++ before target extension types spelled the sampled image `i8 addrspace(4)*`):
/// OpSampledImage's result must be the OpTypeSampledImage of the image's type, whatever
/// the call's LLVM type says, as llvm-spirv emits it; the instructions that use the call
/// (OpImageSampleExplicitLod ...) take that result. A call returning a sampled-image type
/// keeps the generic lowering (false).
fn sampled_image_through_pointer(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    args: &[ValueRef],
) -> Result<bool> {
    let loc = ctx.location.as_str();
    if !t.m.types.is_pointer(result_ty) {
        return Ok(false);
    }
    let &[image, sampler] = args else {
        return Err(malformed(
            loc,
            "__spirv_SampledImage takes an image and a sampler",
        ));
    };
    // The image's type as the image built-ins find it (`images.rs`): an opaque pointer's
    // from its uses, an OpenCL or target type's from the type itself.
    let image_llvm_ty = t.value_llvm_type(ctx, image)?;
    let image_ty = if crate::forward::pointee::is_opaque_pointer(t.m, image_llvm_ty) {
        t.value_type_id(ctx, image)?
    } else {
        t.ty_with_access(image_llvm_ty, crate::forward::types::NO_ACCESS, loc)?
    };
    if t.pointer_info.contains_key(&image_ty) {
        // Not an image (a pointer to memory): the generic lowering's result type stays.
        return Ok(false);
    }
    let image = t.value(ctx, image)?;
    let sampler = super::images::spv_ir_sampler_operand(t, ctx, sampler)?;
    let sampled_ty =
        t.b.dedup_global(Op::TypeSampledImage, None, vec![Operand::Id(image_ty)]);
    t.emit_to(
        out,
        Op::SampledImage,
        sampled_ty,
        vec![Operand::Id(image), Operand::Id(sampler)],
    );
    Ok(true)
}

/// SPV_INTEL_bindless_images: the handle is an integer as wide as the addressing model's
/// pointers (64 bits in Physical64, 32 in Physical32); another width is refused, as llvm-spirv
/// refuses it.
fn bindless_handle_width(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    name: &str,
    args: &[ValueRef],
) -> Result<()> {
    if !t.opts.allows("SPV_INTEL_bindless_images") {
        // Refused by the generic lowering, naming the extension.
        return Ok(());
    }
    let loc = ctx.location.as_str();
    let Some(&handle) = args.first() else {
        return Err(malformed(loc, format!("{name} without a handle")));
    };
    let ty = t.value_llvm_type(ctx, handle)?;
    let width = match t.m.types.get(ty) {
        llvm::Type::Int(w) => *w,
        _ => 0,
    };
    if width != t.pointer_bits {
        let model = if t.pointer_bits == 64 {
            "Physical64"
        } else {
            "Physical32"
        };
        return Err(unsupported(
            loc,
            format!(
                "{name} with a handle that is not a {}-bit integer (the handle of \
                 SPV_INTEL_bindless_images is as wide as the {model} addressing model's pointers)",
                t.pointer_bits
            ),
        ));
    }
    Ok(())
}

fn decorated_copy(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    name: &str,
    desc: &spirvkit_grammar::EnumerantDesc,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let Some((&subject, literals)) = args.split_first() else {
        return Err(malformed(
            loc,
            format!("{name} without the value to decorate"),
        ));
    };
    let what = format!("the decoration {}", desc.name);
    crate::forward::requirements::require(t, loc, &what, &desc.avail)?;
    let operands = operands_from_args(t, ctx, name, desc.parameters.iter(), literals)?;
    let ty = t.value_type_id(ctx, subject)?;
    let v = t.value(ctx, subject)?;
    t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(v)]);
    t.b.decorate(out, desc.value, &operands);
    Ok(())
}

fn blocking_pipe(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    name: &str,
    opname: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let desc = spirvkit_grammar::instruction_by_name(&format!("Op{opname}"))
        .ok_or_else(|| unsupported(loc, format!("{name} (no instruction Op{opname})")))?;
    let &[pipe, pointer, size, alignment] = args else {
        return Err(malformed(
            loc,
            format!("{name} takes a pipe, a pointer, a packet size and an alignment"),
        ));
    };
    crate::forward::requirements::require(t, loc, name, &desc.avail)?;
    let ids = [
        t.value(ctx, pipe)?,
        t.value(ctx, pointer)?,
        t.value(ctx, size)?,
        t.value(ctx, alignment)?,
    ];
    t.emit_void_ops(Op(desc.opcode), ids.map(Operand::Id));
    Ok(())
}

fn spec_constant(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    name: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let (spec, ty_id) = spec_constant_id(t, loc, name, result_ty, args)?;
    t.emit_ops_to(out, Op::CopyObject, ty_id, [Operand::Id(spec)]);
    t.spec_values.insert(out, spec);
    Ok(())
}

/// The module-scope specialization constant of a `__spirv_SpecConstant(i32 id, T default)`
/// call returning `result_ty`, made on first use (one per SpecId and type). Also what an
/// `alloca T, iN %n` with such a call as its count sizes its array with
/// (`function.rs`). Returns the constant and its type.
pub(crate) fn spec_constant_id(
    t: &mut Translator<'_>,
    loc: &str,
    name: &str,
    result_ty: llvm::TypeId,
    args: &[ValueRef],
) -> Result<(Id, Id)> {
    let &[spec_id, default] = args else {
        return Err(malformed(
            loc,
            format!("{name} takes a SpecId and a default value"),
        ));
    };
    let spec_id = t
        .const_int(spec_id)
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| malformed(loc, format!("{name} with a SpecId that is not a constant")))?;
    let is_scalar = |ty: llvm::TypeId| {
        matches!(
            t.m.types.get(ty),
            llvm::Type::Int(_)
                | llvm::Type::Half
                | llvm::Type::BFloat
                | llvm::Type::Float
                | llvm::Type::Double
        )
    };
    let default = match default {
        ValueRef::Constant(c) => match t.m.constant(c).map(|c| (c.ty, &c.kind)) {
            Some((ty, llvm::ConstKind::Int(v) | llvm::ConstKind::Float(v))) => Some((ty, *v)),
            Some((ty, llvm::ConstKind::Null | llvm::ConstKind::Undef)) => Some((ty, 0)),
            _ => None,
        },
        _ => None,
    };
    let Some((default_ty, default_bits)) = default.filter(|&(ty, _)| is_scalar(ty)) else {
        return Err(unsupported(
            loc,
            format!("{name} whose default is not a scalar constant"),
        ));
    };
    // The constant has the call's type, as llvm-spirv gives it (the default's bits, masked to
    // that type's width; a boolean one is true when the default is not zero).
    let ty = if is_scalar(result_ty) {
        result_ty
    } else {
        default_ty
    };
    let bits = match t.m.types.get(ty) {
        llvm::Type::Int(1) => u64::from(default_bits != 0),
        _ => default_bits,
    };
    let ty_id = t.ty(ty, loc)?;
    let spec = match t.spec_constants.get(&(spec_id, ty)) {
        Some(&id) => id,
        None => {
            let id = match t.scalar_literal(ty, bits) {
                Some(words) => t.b.unique_global(Op::SpecConstant, Some(ty_id), words),
                None if bits & 1 == 1 => {
                    t.b.unique_global(Op::SpecConstantTrue, Some(ty_id), vec![])
                }
                None => {
                    t.b.unique_global(Op::SpecConstantFalse, Some(ty_id), vec![])
                }
            };
            t.b.decorate(id, Decoration::SpecId.0, &[Operand::Word(spec_id)]);
            t.spec_constants.insert((spec_id, ty), id);
            id
        }
    };
    Ok((spec, ty_id))
}

/// Whether `symbol` names `__spirv_SpecConstant` (mangled or not).
pub(crate) fn is_spec_constant_call(symbol: &str) -> bool {
    crate::mangle::demangle_name(symbol).unwrap_or(symbol) == "__spirv_SpecConstant"
}

/// False (the generic rule then applies) when a part is neither a constant nor a
/// specialization constant made by an earlier `__spirv_SpecConstant*` call.
fn spec_constant_composite(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    args: &[ValueRef],
) -> Result<bool> {
    let loc = ctx.location.as_str();
    let mut parts = Vec::with_capacity(args.len());
    for &arg in args {
        let part = match arg {
            ValueRef::Constant(_) => t.value(ctx, arg)?,
            _ => {
                let copy = t.value(ctx, arg)?;
                match t.spec_values.get(&copy) {
                    Some(&spec) => spec,
                    None => return Ok(false),
                }
            }
        };
        parts.push(Operand::Id(part));
    }
    let ty_id = t.ty(result_ty, loc)?;
    crate::forward::long_composites::check(
        t,
        Op::SpecConstantComposite,
        parts.len(),
        "a specialization constant",
        loc,
    )?;
    let composite =
        t.b.dedup_global(Op::SpecConstantComposite, Some(ty_id), parts);
    t.emit_ops_to(out, Op::CopyObject, ty_id, [Operand::Id(composite)]);
    t.spec_values.insert(out, composite);
    Ok(true)
}

pub(super) const ABORT: &str = "SPV_KHR_abort";

fn abort(t: &mut Translator<'_>, ctx: &FnCtx<'_>, name: &str, args: &[ValueRef]) -> Result<()> {
    let loc = ctx.location.as_str();
    let &[message] = args else {
        return Err(malformed(loc, format!("{name} takes one message")));
    };
    let ty = t.value_type_id(ctx, message)?;
    let v = t.value(ctx, message)?;
    emit_abort(t, loc, name, ty, v)
}

/// `llvm.trap()` / `llvm.ubsantrap(i8 kind)` with SPV_KHR_abort allowed.
pub(super) fn trap(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    family: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let uint = t.int_type(32);
    let message = match (family, args) {
        ("trap", []) => t.b.constant_u32(uint, u32::MAX),
        ("ubsantrap", &[kind]) => match t.const_int(kind) {
            Some(k) => t.b.constant_u32(uint, (k & 0xff) as u32),
            None => {
                let v = t.value(ctx, kind)?;
                t.emit_ops(Op::UConvert, uint, [Operand::Id(v)])
            }
        },
        _ => {
            return Err(malformed(
                loc,
                format!("llvm.{family} with {} arguments", args.len()),
            ))
        }
    };
    emit_abort(t, loc, &format!("llvm.{family}"), uint, message)
}

fn emit_abort(t: &mut Translator<'_>, loc: &str, what: &str, ty: Id, message: Id) -> Result<()> {
    let desc = spirvkit_grammar::instruction_by_name("OpAbortKHR")
        .ok_or_else(|| unsupported(loc, format!("{what} (no instruction OpAbortKHR)")))?;
    crate::forward::requirements::require(t, loc, what, &desc.avail)?;
    t.emit_void_ops(Op::AbortKHR, [Operand::Id(ty), Operand::Id(message)]);
    t.block_ended = true;
    Ok(())
}

const DEVICE_BARRIER: &str = "SPV_INTEL_device_barrier";

/// What an OpControlBarrier's execution scope (`args[0]`) needs beyond the core instruction.
pub(super) fn control_barrier_scope(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    name: &str,
    args: &[ValueRef],
) -> Result<()> {
    let Some(&scope) = args.first() else {
        return Ok(());
    };
    let wide = match t.const_int(scope) {
        Some(s) => {
            s == u64::from(spirvkit_grammar::Scope::CrossDevice.0)
                || s == u64::from(spirvkit_grammar::Scope::Device.0)
        }
        None => t.opts.allows(DEVICE_BARRIER),
    };
    if !wide {
        return Ok(());
    }
    let desc = OperandKind::Capability
        .desc()
        .enumerant(Capability::DeviceBarrierINTEL.0)
        .ok_or_else(|| unsupported(&ctx.location, "no DeviceBarrierINTEL capability"))?;
    let what = format!("{name} with a device-wide execution scope");
    crate::forward::requirements::require(t, &ctx.location, &what, &desc.avail)?;
    t.b.capability(Capability::DeviceBarrierINTEL);
    Ok(())
}
