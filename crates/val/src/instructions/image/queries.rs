//! OpImage (the image of a sampled image), the queries (size, size at a level, levels,
//! samples, level of detail, format, order), OpImageTexelPointer and
//! OpImageSparseTexelsResident.

use super::{fail, image_info, is_core_type, operand_type, ImageInfo, Verdict};
use crate::instructions::Sink;
use crate::state::Inst;
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::{Capability, Dim, Op, StorageClass};

pub fn handles(op: Op) -> bool {
    matches!(
        op,
        Op::Image
            | Op::ImageQuerySizeLod
            | Op::ImageQuerySize
            | Op::ImageQueryLod
            | Op::ImageQueryLevels
            | Op::ImageQuerySamples
            | Op::ImageQueryFormat
            | Op::ImageQueryOrder
            | Op::ImageTexelPointer
            | Op::ImageSparseTexelsResident
    )
}

pub fn check(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> Verdict {
    let st = s.st;
    let rt = inst.result_type;
    // Judge only core result types (extension types have their own rules).
    if ti::type_inst(st, rt).is_none_or(|d| !crate::state::is_core(d.op())) {
        return Ok(());
    }
    match inst.op() {
        Op::Image => image(s, index, inst),
        Op::ImageQuerySizeLod | Op::ImageQuerySize => query_size(s, index, inst),
        Op::ImageQueryLod => query_lod(s, index, inst),
        Op::ImageQueryLevels | Op::ImageQuerySamples => levels_or_samples(s, index, inst),
        Op::ImageQueryFormat | Op::ImageQueryOrder => {
            if !ti::is_int(st, rt) {
                let m = "Expected Result Type to be int scalar type";
                return fail(s, "image.result_type", index, m, &[rt]);
            }
            match operand_type(st, inst, 3) {
                Some((id, _, op))
                    if op != Some(Op::TypeImage) && (is_core_type(op) || op.is_none()) =>
                {
                    let m = "Expected operand to be of type OpTypeImage";
                    fail(s, "image.operand", index, m, &[id])
                }
                _ => Ok(()),
            }
        }
        Op::ImageTexelPointer => texel_pointer(s, index, inst),
        Op::ImageSparseTexelsResident => {
            if !ti::is_bool(st, rt) {
                let m = "Expected Result Type to be bool scalar type";
                return fail(s, "image.result_type", index, m, &[rt]);
            }
            match operand_type(st, inst, 3) {
                Some((id, t, _)) if !ti::is_int(st, t) => {
                    let m = "Expected Resident Code to be int scalar";
                    fail(s, "image.operand", index, m, &[id])
                }
                _ => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

/// The OpTypeImage operand at word 3 and its parameters; `None` when not judged (undefined or
/// an extension type), after reporting a core type that is not an image.
fn image_operand(
    s: &mut Sink<'_, '_>,
    index: u32,
    inst: &Inst,
) -> Result<Option<ImageInfo>, super::Reported> {
    let st = s.st;
    let Some((id, t, op)) = operand_type(st, inst, 3) else {
        return Ok(None);
    };
    if op != Some(Op::TypeImage) {
        if is_core_type(op) || op.is_none() {
            let m = "Expected Image to be of type OpTypeImage";
            fail(s, "image.operand", index, m, &[id])?;
        }
        return Ok(None);
    }
    Ok(image_info(st, t))
}

fn image(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> Verdict {
    let st = s.st;
    let rt = inst.result_type;
    if ti::type_op(st, rt) != Some(Op::TypeImage) {
        let m = "Expected Result Type to be OpTypeImage";
        return fail(s, "image.result_type", index, m, &[rt]);
    }
    let Some((id, t, op)) = operand_type(st, inst, 3) else {
        return Ok(());
    };
    if op != Some(Op::TypeSampledImage) {
        if is_core_type(op) || op.is_none() {
            let m = "Expected Sample Image to be of type OpTypeSampleImage";
            return fail(s, "image.operand", index, m, &[id]);
        }
        return Ok(());
    }
    let image_type = ti::type_inst(st, t).map_or(0, |d| st.word(d, 2));
    if image_type != rt {
        let m = "Expected Sample Image image type to be equal to Result Type";
        return fail(s, "image.operand", index, m, &[id]);
    }
    Ok(())
}

/// OpImageQuerySize / OpImageQuerySizeLod: an int scalar or vector with one component per
/// dimension plus one for the array layers.
fn query_size(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> Verdict {
    let st = s.st;
    let rule = "image.query";
    let rt = inst.result_type;
    let lod = inst.op() == Op::ImageQuerySizeLod;
    if !ti::is_int_scalar_or_vector(st, rt) {
        let m = "Expected Result Type to be int scalar or vector type";
        return fail(s, "image.result_type", index, m, &[rt]);
    }
    let Some(info) = image_operand(s, index, inst)? else {
        return Ok(());
    };
    let dims = match info.dim {
        Dim::Dim1D => 1,
        Dim::Buffer if !lod => 1,
        Dim::Rect if !lod => 2,
        Dim::Dim2D | Dim::Cube => 2,
        Dim::Dim3D => 3,
        _ => {
            let m = if lod {
                "Image 'Dim' must be 1D, 2D, 3D or Cube"
            } else {
                "Image 'Dim' must be 1D, Buffer, 2D, Cube, 3D or Rect"
            };
            return fail(s, rule, index, m, &[]);
        }
    };
    if lod {
        if info.multisampled != 0 {
            return fail(s, rule, index, "Image 'MS' must be 0", &[]);
        }
        if st.opts.target_env.is_vulkan() && info.sampled != 1 {
            let m = "OpImageQuerySizeLod must only consume an \"Image\" operand whose type has its \"Sampled\" operand set to 1";
            return fail(s, rule, index, m, &[]);
        }
    } else if info.has_mip_levels()
        && info.multisampled != 1
        && info.sampled != 0
        && info.sampled != 2
    {
        let m = "Image must have either 'MS'=1 or 'Sampled'=0 or 'Sampled'=2";
        return fail(s, rule, index, m, &[]);
    }
    let expected = dims + info.arrayed.min(1);
    let given = ti::component_count(st, rt).unwrap_or(0);
    if given != expected {
        let m = format!("Result Type has {given} components, but {expected} expected");
        return fail(s, "image.result_type", index, m, &[rt]);
    }
    if lod {
        if let Some((id, t, _)) = operand_type(st, inst, 4) {
            if !ti::is_int(st, t) {
                let m = "Expected Level of Detail to be int scalar";
                return fail(s, "image.operand", index, m, &[id]);
            }
        }
    }
    Ok(())
}

/// OpImageQueryLod: a 2-component float vector from a sampled image and a coordinate.
fn query_lod(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> Verdict {
    let st = s.st;
    let rt = inst.result_type;
    let Some(sh) =
        ti::shape(st, rt).filter(|sh| sh.kind == ScalarKind::Float && ti::is_vector(st, rt))
    else {
        let m = "Expected Result Type to be float vector type";
        return fail(s, "image.result_type", index, m, &[rt]);
    };
    if sh.count != 2 {
        let m = "Expected Result Type to have 2 components";
        return fail(s, "image.result_type", index, m, &[rt]);
    }
    let Some((id, t, op)) = operand_type(st, inst, 3) else {
        return Ok(());
    };
    if op != Some(Op::TypeSampledImage) {
        if is_core_type(op) || op.is_none() {
            let m = "Expected Image operand to be of type OpTypeSampledImage";
            return fail(s, "image.operand", index, m, &[id]);
        }
        return Ok(());
    }
    let Some(info) = image_info(st, t) else {
        return Ok(());
    };
    if !info.has_mip_levels() {
        let m = "Image 'Dim' must be 1D, 2D, 3D or Cube";
        return fail(s, "image.query", index, m, &[]);
    }
    let Some((coord, coord_type, _)) = operand_type(st, inst, 4) else {
        return Ok(());
    };
    let kernel = st.has_capability(Capability::Kernel);
    let coord_shape = ti::shape(st, coord_type);
    let ok = coord_shape.is_some_and(|c| match c.kind {
        ScalarKind::Float => true,
        ScalarKind::Int => kernel,
        ScalarKind::Bool => false,
    });
    if !ok {
        let m = if kernel {
            "Expected Coordinate to be int or float scalar or vector"
        } else {
            "Expected Coordinate to be float scalar or vector"
        };
        return fail(s, "image.coordinate", index, m, &[coord]);
    }
    if let (Some(min), Some(c)) = (info.plane_size(), coord_shape) {
        if c.count < min {
            let m = format!(
                "Expected Coordinate to have at least {min} components, but given only {}",
                c.count
            );
            return fail(s, "image.coordinate", index, m, &[coord]);
        }
    }
    Ok(())
}

fn levels_or_samples(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> Verdict {
    let st = s.st;
    let rt = inst.result_type;
    if !ti::is_int(st, rt) {
        let m = "Expected Result Type to be int scalar type";
        return fail(s, "image.result_type", index, m, &[rt]);
    }
    let Some(info) = image_operand(s, index, inst)? else {
        return Ok(());
    };
    let rule = "image.query";
    if inst.op() == Op::ImageQueryLevels {
        if !info.has_mip_levels() {
            return fail(
                s,
                rule,
                index,
                "Image 'Dim' must be 1D, 2D, 3D or Cube",
                &[],
            );
        }
        if st.opts.target_env.is_vulkan() && info.sampled != 1 {
            let m = "OpImageQueryLevels must only consume an \"Image\" operand whose type has its \"Sampled\" operand set to 1";
            return fail(s, rule, index, m, &[]);
        }
    } else {
        if info.dim != Dim::Dim2D {
            return fail(s, rule, index, "Image 'Dim' must be 2D", &[]);
        }
        if info.multisampled != 1 {
            return fail(s, rule, index, "Image 'MS' must be 1", &[]);
        }
    }
    Ok(())
}

/// OpImageTexelPointer: a pointer into the Image storage class to the image's Sampled Type,
/// from a pointer to an image, an integer coordinate addressing one texel (with its layer) and
/// a sample index (0 unless multisampled).
fn texel_pointer(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> Verdict {
    let st = s.st;
    let rule = "image.texel_pointer";
    let rt = inst.result_type;
    // Untyped result pointers belong to SPV_KHR_untyped_pointers (not judged here).
    if ti::type_op(st, rt) != Some(Op::TypePointer) {
        if ti::is_untyped_pointer(st, rt) {
            return Ok(());
        }
        return fail(
            s,
            rule,
            index,
            "Expected Result Type to be OpTypePointer",
            &[rt],
        );
    }
    if ti::storage_class(st, rt) != Some(StorageClass::Image.0) {
        let m = "Expected Result Type to be OpTypePointer whose Storage Class operand is Image";
        return fail(s, rule, index, m, &[rt]);
    }
    let pointee = ti::pointee(st, rt).unwrap_or(0);
    if !matches!(
        ti::type_op(st, pointee),
        Some(Op::TypeInt | Op::TypeFloat | Op::TypeVoid)
    ) {
        let m = "Expected Result Type to be OpTypePointer whose Type operand must be a scalar numerical type or OpTypeVoid";
        return fail(s, rule, index, m, &[rt]);
    }
    let Some((image, image_ptr, _)) = operand_type(st, inst, 3) else {
        return Ok(());
    };
    if ti::is_untyped_pointer(st, image_ptr) {
        return Ok(());
    }
    if !ti::is_typed_pointer(st, image_ptr) {
        return fail(
            s,
            rule,
            index,
            "Expected Image to be OpTypePointer",
            &[image],
        );
    }
    let image_type = ti::pointee(st, image_ptr).unwrap_or(0);
    if ti::type_op(st, image_type) != Some(Op::TypeImage) {
        let m = "Expected Image to be OpTypePointer with Type OpTypeImage";
        return fail(s, rule, index, m, &[image]);
    }
    let Some(info) = image_info(st, image_type) else {
        return Ok(());
    };
    if info.sampled_type != pointee {
        let m =
            "Expected Image 'Sampled Type' to be the same as the Type pointed to by Result Type";
        return fail(s, rule, index, m, &[image]);
    }
    if info.dim == Dim::SubpassData {
        let m = "Image Dim SubpassData cannot be used with OpImageTexelPointer";
        return fail(s, rule, index, m, &[image]);
    }
    let Some((coord, coord_type, _)) = operand_type(st, inst, 4) else {
        return Ok(());
    };
    if !ti::is_int_scalar_or_vector(st, coord_type) {
        let m = "Expected Coordinate to be integer scalar or vector";
        return fail(s, rule, index, m, &[coord]);
    }
    let expected = if info.arrayed == 0 {
        info.plane_size()
    } else {
        match info.dim {
            Dim::Dim1D => Some(2),
            Dim::Dim2D | Dim::Cube => Some(3),
            _ => {
                let m = "Expected Image 'Dim' must be one of 1D, 2D, or Cube when Arrayed is 1";
                return fail(s, rule, index, m, &[image]);
            }
        }
    };
    let given = ti::component_count(st, coord_type).unwrap_or(0);
    if let Some(expected) = expected.filter(|&e| e != given) {
        let m = format!("Expected Coordinate to have {expected} components, but given {given}");
        return fail(s, rule, index, m, &[coord]);
    }
    let Some((sample, sample_type, _)) = operand_type(st, inst, 5) else {
        return Ok(());
    };
    if !ti::is_int(st, sample_type) {
        return fail(
            s,
            rule,
            index,
            "Expected Sample to be integer scalar",
            &[sample],
        );
    }
    if info.multisampled == 0 && ti::const_uint(st, sample) != Some(0) {
        let m = "Expected Sample for Image with MS 0 to be a valid <id> for the value 0";
        return fail(s, rule, index, m, &[sample]);
    }
    Ok(())
}
