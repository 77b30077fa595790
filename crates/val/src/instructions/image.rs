//! Image instructions (spec 3.37.10), the core operand rules: OpSampledImage builds an
//! OpTypeSampledImage from an image and a sampler; sampling instructions
//! take a sampled image and a float coordinate and return a 4-component int/float vector
//! (Dref variants a scalar); fetch/read/write take an image and an integer coordinate.
//! Image operand masks and the per-Dim rules are not implemented yet.

use super::Sink;
use crate::state::Inst;
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::Op;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Sampled image operand, float coordinate, 4-component result.
    Sample,
    /// As Sample with a scalar result (depth comparison).
    SampleDref,
    /// Image operand, integer coordinate, 4-component result.
    Fetch,
}

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let kind = match inst.op() {
        Op::SampledImage => {
            sampled_image(s, index, inst);
            return true;
        }
        Op::ImageSampleImplicitLod
        | Op::ImageSampleExplicitLod
        | Op::ImageSampleProjImplicitLod
        | Op::ImageSampleProjExplicitLod => Kind::Sample,
        Op::ImageSampleDrefImplicitLod
        | Op::ImageSampleDrefExplicitLod
        | Op::ImageSampleProjDrefImplicitLod
        | Op::ImageSampleProjDrefExplicitLod => Kind::SampleDref,
        Op::ImageFetch => Kind::Fetch,
        _ => return false,
    };
    let st = s.st;
    let opname = &ti::op_name(inst.op())[2..];
    let rt = inst.result_type;
    let image = st.word(inst, 3);
    let coordinate = st.word(inst, 4);
    let (Some(image_def), Some(coord_def)) = (st.def(image).copied(), st.def(coordinate).copied())
    else {
        return true;
    };
    let Some(result) = ti::shape(st, rt) else {
        if ti::type_inst(st, rt).is_some_and(|d| crate::state::is_core(d.op())) {
            s.err(
                "image.result_type",
                index,
                format!("Expected Result Type to be int or float vector type: {opname}"),
                &[rt],
            );
        }
        return true;
    };
    if result.kind == ScalarKind::Bool {
        s.err(
            "image.result_type",
            index,
            format!(
                "Expected Result Type to be int or float {} type: {opname}",
                if kind == Kind::SampleDref {
                    "scalar"
                } else {
                    "vector"
                }
            ),
            &[rt],
        );
        return true;
    }
    let want_count = if kind == Kind::SampleDref { 1 } else { 4 };
    if result.count != want_count {
        s.err(
            "image.result_type",
            index,
            format!("Expected Result Type to have {want_count} components: {opname}"),
            &[rt],
        );
    }
    let image_type = image_def.result_type;
    let want_image = if kind == Kind::Fetch {
        Op::TypeImage
    } else {
        Op::TypeSampledImage
    };
    if ti::type_op(st, image_type).is_some_and(|op| op != want_image && crate::state::is_core(op)) {
        s.err(
            "image.operand",
            index,
            if kind == Kind::Fetch {
                "Expected Image to be of type OpTypeImage".to_string()
            } else {
                "Expected Sampled Image to be of type OpTypeSampledImage".to_string()
            },
            &[image],
        );
        return true;
    }
    let coord = ti::shape(st, coord_def.result_type);
    let want = if kind == Kind::Fetch {
        ScalarKind::Int
    } else {
        ScalarKind::Float
    };
    // Kernels may sample with integer coordinates.
    let kernel_int = st.has_capability(spirvkit_grammar::Capability::Kernel)
        && coord.is_some_and(|c| c.kind == ScalarKind::Int);
    if !kernel_int && coord.is_none_or(|c| c.kind != want) {
        s.err(
            "image.coordinate",
            index,
            format!(
                "Expected Coordinate to be {} scalar or vector",
                if want == ScalarKind::Int {
                    "int"
                } else {
                    "float"
                }
            ),
            &[coordinate],
        );
    }
    true
}

fn sampled_image(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    if ti::type_op(st, rt) != Some(Op::TypeSampledImage) {
        s.err(
            "image.sampled_image",
            index,
            "Expected Result Type to be OpTypeSampledImage.",
            &[rt],
        );
        return;
    }
    let image = st.word(inst, 3);
    let sampler = st.word(inst, 4);
    if st.def(image).is_none() || st.def(sampler).is_none() {
        return;
    }
    // spirv-val 2025.5 accepts images whose type differs from the sampled image's in
    // some fields (e.g. Depth), so the image type itself is not compared.
    if ti::type_op(st, ti::type_of(st, sampler)) != Some(Op::TypeSampler) {
        s.err(
            "image.sampled_image",
            index,
            "Expected Sampler to be of type OpTypeSampler",
            &[sampler],
        );
    }
}
