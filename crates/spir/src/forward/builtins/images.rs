//! Image built-ins: read/write with and without samplers, and queries.

use super::arg_ids;
use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::Demangled;
use crate::opencl_types::OpenClType;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Dim, ImageOperands, Op};
use spirvkit_llvm as llvm;

/// The literal value of a sampler: an i32 constant, or a load of a constant global
/// (`__constant sampler_t s = CLK_...;` at program scope).
fn literal_sampler(t: &Translator<'_>, ctx: &FnCtx<'_>, v: ValueRef) -> Option<u64> {
    if let Some(bits) = t.const_int(v) {
        return Some(bits);
    }
    let ValueRef::Instruction(i) = v else {
        return None;
    };
    match &ctx.func.inst(i)?.kind {
        // LLVM 15+: `__translate_sampler_initializer(i32 literal)` makes a sampler value.
        llvm::InstKind::Call {
            callee: ValueRef::Function(f),
            args,
            ..
        } if t
            .m
            .function(*f)
            .is_some_and(|f| f.name == SAMPLER_INITIALIZER) =>
        {
            t.const_int(*args.first()?)
        }
        llvm::InstKind::Load {
            ptr: ValueRef::Global(g),
            ..
        } => {
            let global = t.m.global(*g)?;
            if !global.is_constant {
                return None;
            }
            t.const_int(global.initializer?)
        }
        // -O0: `sampler_t s = CLK_...;` is an alloca that only ever receives one literal.
        llvm::InstKind::Load {
            ptr: slot @ ValueRef::Instruction(_),
            ..
        } => {
            let mut literal = None;
            for inst in &ctx.func.insts {
                if let llvm::InstKind::Store { ptr, value, .. } = &inst.kind {
                    if ptr == slot {
                        let bits = t.const_int(*value)?;
                        if literal.is_some_and(|l| l != bits) {
                            return None;
                        }
                        literal = Some(bits);
                    }
                }
            }
            literal
        }
        _ => None,
    }
}

/// What clang 15+ calls for a sampler literal (the sampler is a `ptr addrspace(2)`).
pub(super) const SAMPLER_INITIALIZER: &str = "__translate_sampler_initializer";

/// `__translate_sampler_initializer(i32 bits)` → the OpConstantSampler.
pub(super) fn sampler_initializer(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    args: &[ValueRef],
) -> Result<()> {
    let bits = args
        .first()
        .and_then(|&a| t.const_int(a))
        .ok_or_else(|| unsupported(&ctx.location, "a sampler initializer that is not a literal"))?;
    let sampler = constant_sampler(t, bits);
    let ty = t.b.dedup_global(Op::TypeSampler, None, vec![]);
    t.emit_to(out, Op::CopyObject, ty, vec![Operand::Id(sampler)]);
    Ok(())
}

fn constant_sampler(t: &mut Translator<'_>, bits: u64) -> Id {
    t.b.capability(Capability::LiteralSampler);
    let sampler_ty = t.b.dedup_global(Op::TypeSampler, None, vec![]);
    let addressing = ((bits >> 1) & 7) as u32;
    let normalized = (bits & 1) as u32;
    let filter = u32::from(bits & 0x20 != 0);
    t.b.dedup_global(
        Op::ConstantSampler,
        Some(sampler_ty),
        vec![
            Operand::Word(addressing),
            Operand::Word(normalized),
            Operand::Word(filter),
        ],
    )
}

pub(super) fn is_image(name: &str) -> bool {
    name.starts_with("read_image")
        || name.starts_with("write_image")
        || name.starts_with("get_image_")
}

/// The sampler operand of SPV-IR's `__spirv_SampledImage`: SPIR 1.2's literal sampler (an
/// i32, or a constant global holding one) reaches SPV-IR too and stands for the
/// OpConstantSampler it encodes; anything else is the value as it is.
pub(super) fn spv_ir_sampler_operand(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    v: ValueRef,
) -> Result<Id> {
    match literal_sampler(t, ctx, v) {
        Some(bits) => Ok(constant_sampler(t, bits)),
        None => t.value(ctx, v),
    }
}

/// A sampler operand: an i32 literal sampler becomes OpConstantSampler (SPIR 1.2 2.1.3.1).
fn sampler(t: &mut Translator<'_>, ctx: &FnCtx<'_>, v: ValueRef) -> Result<Id> {
    let loc = ctx.location.as_str();
    if let Some(bits) = literal_sampler(t, ctx, v) {
        return Ok(constant_sampler(t, bits));
    }
    let id = t.value(ctx, v)?;
    let ty = t.value_llvm_type(ctx, v)?;
    let sampler_ty = t.b.dedup_global(Op::TypeSampler, None, vec![]);
    if t.opencl_handle(ty) == Some(OpenClType::Sampler)
        || crate::forward::kernels::is_sampler_param(t, ctx, v)
        || (crate::forward::pointee::is_opaque_pointer(t.m, ty)
            && t.value_type_id(ctx, v)? == sampler_ty)
    {
        return Ok(id);
    }
    Err(unsupported(
        loc,
        "a sampler that is neither a literal nor a sampler_t argument",
    ))
}

/// Dimensionality of an image operand: from its LLVM type, or (opaque pointers) from the
/// built-in's mangled parameter (`ocl_image2d_array_ro`, `PU3AS125opencl.image2d_array_wo_t`).
fn image_type_of(
    t: &Translator<'_>,
    ctx: &FnCtx<'_>,
    d: &Demangled,
    v: ValueRef,
) -> Result<(Dim, bool)> {
    let ty = t.value_llvm_type(ctx, v)?;
    let from_name = || {
        d.params
            .first()
            .and_then(crate::opencl_types::opencl_type_of_mangled_param)
    };
    match t.opencl_handle(ty).or_else(from_name) {
        Some(OpenClType::Image { dim, arrayed, .. }) => Ok((dim, arrayed)),
        _ => Err(malformed(
            &ctx.location,
            "image built-in on a non-image value",
        )),
    }
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    d: &Demangled,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let n = d.name.as_str();
    let arg = |i: usize| {
        args.get(i)
            .copied()
            .ok_or_else(|| malformed(loc, format!("{n} needs argument {}", i + 1)))
    };
    if n.starts_with("read_image") {
        let ty = t.ty(result_ty, loc)?;
        // Depth images (`image2d_depth_t`, `image2d_array_depth_t`) read a scalar in OpenCL
        // C, but OpImageRead/OpImageSampleExplicitLod return a four-component vector: read
        // the vector and extract component 0, as llvm-spirv does (its
        // OpImageSampleExplicitLod test: `TypeVector ... 4`, `CompositeExtract ... 0`).
        let scalar = !matches!(t.m.types.get(result_ty), llvm::Type::Vector { .. });
        let (read_ty, read_out) = if scalar {
            (t.b.type_vector(ty, 4), t.b.alloc_id())
        } else {
            (ty, out)
        };
        let img = t.value(ctx, arg(0)?)?;
        let img_ty_id = {
            let lty = t.value_llvm_type(ctx, arg(0)?)?;
            if crate::forward::pointee::is_opaque_pointer(t.m, lty) {
                t.value_type_id(ctx, arg(0)?)?
            } else {
                t.ty_with_access(lty, crate::forward::types::NO_ACCESS, loc)?
            }
        };
        let mangled = |i: usize| {
            d.params
                .get(i)
                .and_then(crate::opencl_types::opencl_type_of_mangled_param)
        };
        let with_sampler = args.len() >= 3 && mangled(1) == Some(OpenClType::Sampler);
        if with_sampler {
            let s = sampler(t, ctx, arg(1)?)?;
            let coord = t.value(ctx, arg(2)?)?;
            let sampled_ty =
                t.b.dedup_global(Op::TypeSampledImage, None, vec![Operand::Id(img_ty_id)]);
            let si = t.emit(
                Op::SampledImage,
                sampled_ty,
                vec![Operand::Id(img), Operand::Id(s)],
            );
            // cl_khr_mipmap_image: read_image*(image, sampler, coord, float lod) samples that
            // level of detail, and (image, sampler, coord, gradient x, gradient y) the level
            // the gradients select; the plain read samples level 0.
            let mut ops = vec![Operand::Id(si), Operand::Id(coord)];
            match args.get(3..) {
                Some([lod]) => {
                    ops.push(Operand::Word(ImageOperands::Lod.0));
                    ops.push(Operand::Id(t.value(ctx, *lod)?));
                }
                Some([dx, dy]) => {
                    ops.push(Operand::Word(ImageOperands::Grad.0));
                    ops.push(Operand::Id(t.value(ctx, *dx)?));
                    ops.push(Operand::Id(t.value(ctx, *dy)?));
                }
                _ => {
                    let float = t.b.type_float(32);
                    let zero = t.b.constant_u32(float, 0);
                    ops.push(Operand::Word(ImageOperands::Lod.0));
                    ops.push(Operand::Id(zero));
                }
            }
            t.emit_to(read_out, Op::ImageSampleExplicitLod, read_ty, ops);
        } else {
            let coord = t.value(ctx, arg(1)?)?;
            let mut ops = vec![Operand::Id(img), Operand::Id(coord)];
            let multisampled = matches!(mangled(0), Some(OpenClType::Image { ms: true, .. }));
            if let (true, Some(&sample)) = (multisampled, args.get(2)) {
                // read_image{f,i,ui}(image2d_msaa_t, int2, int sample): the Sample operand.
                ops.push(Operand::Word(ImageOperands::Sample.0));
                ops.push(Operand::Id(t.value(ctx, sample)?));
            }
            t.emit_to(read_out, Op::ImageRead, read_ty, ops);
        }
        if scalar {
            t.emit_to(
                out,
                Op::CompositeExtract,
                ty,
                vec![Operand::Id(read_out), Operand::Word(0)],
            );
        }
        return Ok(());
    }
    if n.starts_with("write_image") {
        let ids = arg_ids(t, ctx, args)?;
        let (img, coord, texel) = match ids.as_slice() {
            [img, coord, texel] => (*img, *coord, *texel),
            [img, coord, lod, texel] => {
                let _ = lod;
                return {
                    t.emit_void(
                        Op::ImageWrite,
                        vec![
                            Operand::Id(*img),
                            Operand::Id(*coord),
                            Operand::Id(*texel),
                            Operand::Word(ImageOperands::Lod.0),
                            Operand::Id(*lod),
                        ],
                    );
                    Ok(())
                };
            }
            _ => return Err(malformed(loc, format!("{n} with {} arguments", ids.len()))),
        };
        t.emit_void(
            Op::ImageWrite,
            vec![Operand::Id(img), Operand::Id(coord), Operand::Id(texel)],
        );
        return Ok(());
    }
    // Queries.
    let ty = t.ty(result_ty, loc)?;
    let img = t.value(ctx, arg(0)?)?;
    let int = t.int_type(32);
    match n {
        "get_image_channel_data_type" | "get_image_channel_order" => {
            // OpenCL's CLK_* codes are the SPIR-V enumerants plus a fixed offset.
            let (op, offset) = if n.ends_with("data_type") {
                (Op::ImageQueryFormat, 0x10D0)
            } else {
                (Op::ImageQueryOrder, 0x10B0)
            };
            let raw = t.emit(op, int, vec![Operand::Id(img)]);
            let off = t.u32_constant(offset);
            t.emit_to(out, Op::IAdd, ty, vec![Operand::Id(raw), Operand::Id(off)]);
            Ok(())
        }
        "get_image_num_mip_levels" => {
            // cl_khr_mipmap_image: OpImageQueryLevels (Kernel allows it).
            t.emit_to(out, Op::ImageQueryLevels, ty, vec![Operand::Id(img)]);
            Ok(())
        }
        "get_image_num_samples" => {
            // Multisampled images (cl_khr_gl_msaa_sharing).
            t.emit_to(out, Op::ImageQuerySamples, ty, vec![Operand::Id(img)]);
            Ok(())
        }
        _ => {
            let (dim, arrayed) = image_type_of(t, ctx, d, arg(0)?)?;
            let components = match dim {
                Dim::Dim1D | Dim::Buffer => 1,
                Dim::Dim2D => 2,
                _ => 3,
            } + u32::from(arrayed);
            let query_ty = if components == 1 {
                int
            } else {
                t.b.type_vector(int, components)
            };
            // OpImageQuerySize needs Kernel or ImageQuery; Kernel is always declared, and the
            // OpenCL environments do not allow ImageQuery.
            let size = t.emit(Op::ImageQuerySize, query_ty, vec![Operand::Id(img)]);
            // get_image_array_size returns size_t: the 32-bit component is widened.
            let widen = match t.m.types.get(result_ty) {
                llvm::Type::Int(w) => *w != 32,
                _ => false,
            };
            let extract = |t: &mut Translator<'_>, out: Id, i: u32| {
                let target = if widen { t.b.alloc_id() } else { out };
                if components == 1 {
                    t.emit_to(target, Op::CopyObject, int, vec![Operand::Id(size)]);
                } else {
                    t.emit_to(
                        target,
                        Op::CompositeExtract,
                        int,
                        vec![Operand::Id(size), Operand::Word(i)],
                    );
                }
                if widen {
                    t.emit_to(out, Op::UConvert, ty, vec![Operand::Id(target)]);
                }
            };
            match n {
                "get_image_width" => extract(t, out, 0),
                "get_image_height" => extract(t, out, 1),
                "get_image_depth" => extract(t, out, 2),
                "get_image_array_size" => extract(t, out, components - 1),
                "get_image_dim" => {
                    // int2 for 2D images, int4 (w = 0) for 3D.
                    let mut ops = vec![Operand::Id(size), Operand::Id(size)];
                    let want = if dim == Dim::Dim3D { 4 } else { 2 };
                    for i in 0..want {
                        ops.push(Operand::Word(if i < components.min(3) {
                            i
                        } else {
                            u32::MAX
                        }));
                    }
                    if dim == Dim::Dim3D {
                        let zero = t.u32_constant(0);
                        let shuffled = t.emit(Op::VectorShuffle, ty, ops);
                        t.emit_to(
                            out,
                            Op::CompositeInsert,
                            ty,
                            vec![Operand::Id(zero), Operand::Id(shuffled), Operand::Word(3)],
                        );
                    } else {
                        t.emit_to(out, Op::VectorShuffle, ty, ops);
                    }
                }
                _ => return Err(unsupported(loc, format!("the built-in {n}"))),
            }
            Ok(())
        }
    }
}
