//! OpTypeImage and OpTypeSampledImage parameters, and OpSampledImage (its operands; where its
//! result may be used is `consumers.rs`'s job). The OpenCL-only OpTypeImage rules live in
//! `env/opencl.rs`.

use super::{fail, image_info, operand_type, Verdict};
use crate::instructions::Sink;
use crate::state::Inst;
use crate::typeinfo as ti;
use spirvkit_grammar::{Capability, Dim, ImageFormat, Op};

/// Spec 3.32.6: Sampled Type is void or a numerical scalar; Depth 0..2, Arrayed and MS 0..1,
/// Sampled 0..2; SubpassData images are read-only storage images of unknown format.
pub fn type_image(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> Verdict {
    let st = s.st;
    let rule = "image.type";
    let Some(info) = image_info(st, inst.result_id) else {
        return Ok(());
    };
    let sampled_type_op = st.def_op(info.sampled_type);
    let env = st.opts.target_env;
    if env.is_vulkan() {
        let shape = ti::shape(st, info.sampled_type);
        let allowed = shape.is_some_and(|sh| {
            sh.count == 1
                && matches!(
                    (sh.kind, sh.width),
                    (ti::ScalarKind::Int, 32 | 64) | (ti::ScalarKind::Float, 32)
                )
        });
        if !allowed {
            return fail(s, rule, index, "Expected Sampled Type to be a 32-bit int, 64-bit int or 32-bit float scalar type for Vulkan environment", &[info.sampled_type]);
        }
    } else if !env.is_opencl()
        && sampled_type_op
            .is_some_and(|op| !matches!(op, Op::TypeVoid | Op::TypeInt | Op::TypeFloat))
    {
        return fail(
            s,
            rule,
            index,
            "Expected Sampled Type to be either void or numerical scalar type",
            &[info.sampled_type],
        );
    }
    if ti::is_int(st, info.sampled_type)
        && ti::component_width(st, info.sampled_type) == Some(64)
        && !st.has_capability(Capability::Int64ImageEXT)
    {
        return fail(
            s,
            rule,
            index,
            "Capability Int64ImageEXT is required when using Sampled Type of 64-bit int",
            &[info.sampled_type],
        );
    }
    if info.depth > 2 {
        let m = format!("Invalid Depth {} (must be 0, 1 or 2)", info.depth);
        return fail(s, rule, index, m, &[]);
    }
    if info.arrayed > 1 {
        let m = format!("Invalid Arrayed {} (must be 0 or 1)", info.arrayed);
        return fail(s, rule, index, m, &[]);
    }
    if info.multisampled > 1 {
        let m = format!("Invalid MS {} (must be 0 or 1)", info.multisampled);
        return fail(s, rule, index, m, &[]);
    }
    if info.sampled > 2 {
        let m = format!("Invalid Sampled {} (must be 0, 1 or 2)", info.sampled);
        return fail(s, rule, index, m, &[]);
    }
    if env.is_vulkan() && info.sampled == 0 {
        let m = "Sampled must be 1 or 2 in the Vulkan environment.";
        return fail(s, rule, index, m, &[]);
    }
    if info.dim == Dim::SubpassData {
        if info.sampled != 2 {
            let m = "Dim SubpassData requires Sampled to be 2";
            return fail(s, rule, index, m, &[]);
        }
        if info.format != ImageFormat::Unknown.0 {
            let m = "Dim SubpassData requires format Unknown";
            return fail(s, rule, index, m, &[]);
        }
    }
    Ok(())
}

/// OpTypeSampledImage: an OpTypeImage with Sampled 0 or 1, not SubpassData, and (SPIR-V 1.6)
/// not Buffer.
pub fn type_sampled_image(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> Verdict {
    let st = s.st;
    let rule = "image.type";
    let image = st.word(inst, 2);
    let op = ti::type_op(st, image);
    if op != Some(Op::TypeImage) {
        if op.is_some_and(crate::state::is_core) {
            let m = "Expected Image to be of type OpTypeImage";
            return fail(s, rule, index, m, &[image]);
        }
        return Ok(());
    }
    let Some(info) = image_info(st, image) else {
        return Ok(());
    };
    if info.sampled > 1 || info.dim == Dim::SubpassData {
        let m = "Sampled image type requires an image type with \"Sampled\" operand set to 0 or 1";
        return fail(s, rule, index, m, &[image]);
    }
    if st.version >= 0x0001_0600 && info.dim == Dim::Buffer {
        let m = "In SPIR-V 1.6 or later, sampled image dimension must not be Buffer";
        return fail(s, rule, index, m, &[image]);
    }
    Ok(())
}

/// OpSampledImage: the result is an OpTypeSampledImage whose image parameters (all but Depth)
/// are the image operand's; the image is sampleable and the sampler an OpTypeSampler.
pub fn sampled_image(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> Verdict {
    let st = s.st;
    let rule = "image.sampled_image";
    let rt = inst.result_type;
    let Some(result_def) = ti::type_inst(st, rt).copied() else {
        return Ok(());
    };
    if result_def.op() != Op::TypeSampledImage {
        let m = "Expected Result Type to be OpTypeSampledImage.";
        return fail(s, rule, index, m, &[rt]);
    }
    let Some((image, image_type, image_op)) = operand_type(st, inst, 3) else {
        return Ok(());
    };
    if image_op != Some(Op::TypeImage) {
        if super::is_core_type(image_op) || image_op.is_none() {
            let m = "Expected Image to be of type OpTypeImage.";
            return fail(s, rule, index, m, &[image]);
        }
        return Ok(());
    }
    let Some(info) = image_info(st, image_type) else {
        return Ok(());
    };
    let result_image = st.word(&result_def, 2);
    if result_image != image_type && !same_except_depth(s, image_type, result_image) {
        let m = "Image operands must match result image operands except for depth";
        return fail(s, rule, index, m, &[image]);
    }
    if st.opts.target_env.is_vulkan() {
        if info.sampled != 1 {
            let m = "Expected Image 'Sampled' parameter to be 1 for Vulkan environment.";
            return fail(s, rule, index, m, &[image]);
        }
    } else if info.sampled > 1 {
        let m = "Expected Image 'Sampled' parameter to be 0 or 1";
        return fail(s, rule, index, m, &[image]);
    }
    if info.dim == Dim::SubpassData {
        let m = "Expected Image 'Dim' parameter to be not SubpassData.";
        return fail(s, rule, index, m, &[image]);
    }
    let sampler = st.word(inst, 4);
    if st.def(sampler).is_some()
        && ti::type_op(st, ti::type_of(st, sampler)) != Some(Op::TypeSampler)
    {
        let m = "Expected Sampler to be of type OpTypeSampler";
        return fail(s, rule, index, m, &[sampler]);
    }
    Ok(())
}

/// Two OpTypeImage declarations equal in every parameter but Depth (a missing Access
/// Qualifier matches any, so only a present pair is compared).
fn same_except_depth(s: &Sink<'_, '_>, a: u32, b: u32) -> bool {
    let st = s.st;
    let (Some(da), Some(db)) = (ti::type_inst(st, a), ti::type_inst(st, b)) else {
        return true;
    };
    if db.op() != Op::TypeImage {
        return true;
    }
    let (wa, wb) = (st.inst_words(da), st.inst_words(db));
    (2..wa.len().max(wb.len()))
        .filter(|&i| i != 4)
        .all(|i| match (wa.get(i), wb.get(i)) {
            (Some(x), Some(y)) => x == y,
            _ => true,
        })
}
