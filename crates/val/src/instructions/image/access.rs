//! Texel access (spec 3.37.10): sampling (implicit/explicit Lod, projective, depth-comparison),
//! fetch, gather, read and write, and the sparse forms (whose result is a struct of a residency
//! code and the texel). Result, image and coordinate types, the image parameters each
//! instruction needs, per-Dim coordinate sizes, then the Image Operands (`operands.rs`).

use super::operands;
use super::{fail, image_info, is_core_type, operand_type, ImageInfo, Verdict};
use crate::instructions::Sink;
use crate::state::{Inst, State};
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::{Capability, Dim, ImageOperands as IO, Op};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Sampled image, float coordinate, 4-component result.
    Sample,
    /// As Sample with a Dref operand and a scalar result.
    SampleDref,
    Fetch,
    /// Gather (Component operand) and DrefGather (Dref operand).
    Gather,
    DrefGather,
    Read,
    Write,
}

fn kind(op: Op) -> Option<Kind> {
    Some(match op {
        Op::ImageSampleImplicitLod
        | Op::ImageSampleExplicitLod
        | Op::ImageSampleProjImplicitLod
        | Op::ImageSampleProjExplicitLod
        | Op::ImageSparseSampleImplicitLod
        | Op::ImageSparseSampleExplicitLod => Kind::Sample,
        Op::ImageSampleDrefImplicitLod
        | Op::ImageSampleDrefExplicitLod
        | Op::ImageSampleProjDrefImplicitLod
        | Op::ImageSampleProjDrefExplicitLod
        | Op::ImageSparseSampleDrefImplicitLod
        | Op::ImageSparseSampleDrefExplicitLod => Kind::SampleDref,
        Op::ImageFetch | Op::ImageSparseFetch => Kind::Fetch,
        Op::ImageGather | Op::ImageSparseGather => Kind::Gather,
        Op::ImageDrefGather | Op::ImageSparseDrefGather => Kind::DrefGather,
        Op::ImageRead | Op::ImageSparseRead => Kind::Read,
        Op::ImageWrite => Kind::Write,
        _ => return None,
    })
}

pub fn handles(op: Op) -> bool {
    kind(op).is_some()
}

fn is_sparse(op: Op) -> bool {
    matches!(
        op,
        Op::ImageSparseSampleImplicitLod
            | Op::ImageSparseSampleExplicitLod
            | Op::ImageSparseSampleDrefImplicitLod
            | Op::ImageSparseSampleDrefExplicitLod
            | Op::ImageSparseFetch
            | Op::ImageSparseGather
            | Op::ImageSparseDrefGather
            | Op::ImageSparseRead
    )
}

fn is_proj(op: Op) -> bool {
    matches!(
        op,
        Op::ImageSampleProjImplicitLod
            | Op::ImageSampleProjExplicitLod
            | Op::ImageSampleProjDrefImplicitLod
            | Op::ImageSampleProjDrefExplicitLod
    )
}

pub fn check(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> Verdict {
    let st = s.st;
    let Some(kind) = kind(inst.op()) else {
        return Ok(());
    };
    let op = inst.op();
    let sparse = is_sparse(op);
    let what = if sparse {
        "Result Type's second member"
    } else {
        "Result Type"
    };
    // The texel type (the result, or a sparse result's second member; Write: none).
    let texel = if kind == Kind::Write {
        0
    } else {
        match result_texel(s, index, inst, sparse)? {
            Some(t) => t,
            None => return Ok(()),
        }
    };
    let texel_shape = ti::shape(st, texel);
    match kind {
        Kind::Sample | Kind::Fetch | Kind::Gather | Kind::DrefGather => {
            if !texel_shape.is_some_and(|sh| sh.kind != ScalarKind::Bool && sh.count > 1) {
                let m = format!("Expected {what} to be int or float vector type");
                return fail(s, "image.result_type", index, m, &[texel]);
            }
            if texel_shape.is_some_and(|sh| sh.count != 4) {
                let m = format!("Expected {what} to have 4 components");
                return fail(s, "image.result_type", index, m, &[texel]);
            }
        }
        Kind::SampleDref => {
            if !texel_shape.is_some_and(|sh| sh.kind != ScalarKind::Bool && sh.count == 1) {
                let m = format!("Expected {what} to be int or float scalar type");
                return fail(s, "image.result_type", index, m, &[texel]);
            }
        }
        Kind::Read => {
            if !texel_shape.is_some_and(|sh| sh.kind != ScalarKind::Bool) {
                let m = format!("Expected {what} to be int or float scalar or vector type");
                return fail(s, "image.result_type", index, m, &[texel]);
            }
            if st.opts.target_env.is_vulkan() && texel_shape.is_some_and(|sh| sh.count != 4) {
                let m = format!("Expected {what} to have 4 components");
                return fail(s, "image.result_type", index, m, &[texel]);
            }
        }
        Kind::Write => {}
    }

    // The image operand.
    let image_word = if kind == Kind::Write { 1 } else { 3 };
    let Some((image, image_type, image_op)) = operand_type(st, inst, image_word) else {
        return Ok(());
    };
    let wants_sampled = matches!(
        kind,
        Kind::Sample | Kind::SampleDref | Kind::Gather | Kind::DrefGather
    );
    let want = if wants_sampled {
        Op::TypeSampledImage
    } else {
        Op::TypeImage
    };
    if image_op != Some(want) {
        if !is_core_type(image_op) && image_op.is_some() {
            return Ok(());
        }
        let m = if wants_sampled {
            "Expected Sampled Image to be of type OpTypeSampledImage"
        } else {
            "Expected Image to be of type OpTypeImage"
        };
        return fail(s, "image.operand", index, m, &[image]);
    }
    let Some(info) = image_info(st, image_type) else {
        return Ok(());
    };
    image_parameters(s, index, inst, kind, &info, texel, what)?;

    // The coordinate.
    let coord_word = if kind == Kind::Write { 2 } else { 4 };
    let Some((coord, coord_type, _)) = operand_type(st, inst, coord_word) else {
        return Ok(());
    };
    let coord_shape = ti::shape(st, coord_type);
    let kernel_any = st.has_capability(Capability::Kernel)
        && matches!(
            op,
            Op::ImageSampleExplicitLod | Op::ImageSparseSampleExplicitLod
        );
    let integer = matches!(kind, Kind::Fetch | Kind::Read | Kind::Write);
    let coord_ok = coord_shape.is_some_and(|sh| match sh.kind {
        ScalarKind::Bool => false,
        ScalarKind::Int => integer || kernel_any,
        ScalarKind::Float => !integer,
    });
    if !coord_ok {
        let m = if kernel_any {
            "Expected Coordinate to be int or float scalar or vector"
        } else if integer {
            "Expected Coordinate to be int scalar or vector"
        } else {
            "Expected Coordinate to be float scalar or vector"
        };
        return fail(s, "image.coordinate", index, m, &[coord]);
    }
    if let (Some(min), Some(sh)) = (min_coordinate_size(op, &info), coord_shape) {
        if sh.count < min {
            let m = format!(
                "Expected Coordinate to have at least {min} components, but given only {}",
                sh.count
            );
            return fail(s, "image.coordinate", index, m, &[coord]);
        }
    }

    // Dref / Component / Texel operands, then the environment's rules.
    let mask_word = match kind {
        Kind::SampleDref | Kind::Gather | Kind::DrefGather => 6,
        Kind::Write => 4,
        _ => 5,
    };
    match kind {
        Kind::SampleDref | Kind::DrefGather => {
            if let Some((dref, dref_type, _)) = operand_type(st, inst, 5) {
                if !ti::is_float(st, dref_type) || ti::component_width(st, dref_type) != Some(32) {
                    let m = "Expected Dref to be of 32-bit float type";
                    return fail(s, "image.dref", index, m, &[dref]);
                }
            }
        }
        Kind::Gather => {
            if let Some((component, component_type, _)) = operand_type(st, inst, 5) {
                if !ti::is_int(st, component_type)
                    || ti::component_width(st, component_type) != Some(32)
                {
                    let m = "Expected Component to be 32-bit int scalar";
                    return fail(s, "image.component", index, m, &[component]);
                }
                if st.opts.target_env.is_vulkan() && !ti::is_constant(st, component) {
                    let m =
                        "Expected Component Operand to be a const object for Vulkan environment";
                    return fail(s, "image.component", index, m, &[component]);
                }
            }
        }
        Kind::Write => {
            if let Some((value, value_type, _)) = operand_type(st, inst, 3) {
                if !ti::shape(st, value_type).is_some_and(|sh| sh.kind != ScalarKind::Bool) {
                    let m = "Expected Texel to be int or float vector or scalar";
                    return fail(s, "image.texel", index, m, &[value]);
                }
                if !info.void_sampled_type(st)
                    && ti::scalar_of(st, value_type) != info.sampled_type
                    && !st.has_capability(Capability::Float16ImageAMD)
                {
                    let m = "Expected Image 'Sampled Type' to be the same as Texel components";
                    return fail(s, "image.sampled_type", index, m, &[value]);
                }
            }
        }
        _ => {}
    }
    environment(s, index, inst, kind, &info, mask_word)?;
    operands::check(s, index, inst, &info, mask_word)
}

/// The texel type of the result: the Result Type, or for sparse instructions the second
/// member of a struct whose first member is an int scalar. `None` when not judged.
fn result_texel(
    s: &mut Sink<'_, '_>,
    index: u32,
    inst: &Inst,
    sparse: bool,
) -> Result<Option<u32>, super::Reported> {
    let st = s.st;
    let rt = inst.result_type;
    let Some(def) = ti::type_inst(st, rt) else {
        return Ok(None);
    };
    if !crate::state::is_core(def.op()) {
        return Ok(None);
    }
    if !sparse {
        return Ok(Some(rt));
    }
    if def.op() != Op::TypeStruct {
        let m = "Expected Result Type to be OpTypeStruct";
        fail(s, "image.result_type", index, m, &[rt])?;
    }
    let members = ti::struct_members(st, rt);
    match members {
        [code, texel] if ti::is_int(st, *code) => Ok(Some(*texel)),
        _ => {
            let m = "Expected Result Type to be a struct containing an int scalar and a texel";
            fail(s, "image.result_type", index, m, &[rt])?;
            Ok(None)
        }
    }
}

/// What each instruction requires of the image's parameters, and the texel type it yields.
fn image_parameters(
    s: &mut Sink<'_, '_>,
    index: u32,
    inst: &Inst,
    kind: Kind,
    info: &ImageInfo,
    texel: u32,
    what: &str,
) -> Verdict {
    let st = s.st;
    let rule = "image.parameters";
    let op = inst.op();
    if st.opts.target_env.is_opencl() && kind == Kind::Read {
        let sh = ti::shape(st, texel);
        if info.depth != 0 {
            if !sh.is_some_and(|sh| sh.kind == ScalarKind::Float && sh.count == 1) {
                let m = format!(
                    "Expected {what} from a depth image read to result in a scalar float value"
                );
                return fail(s, "image.result_type", index, m, &[texel]);
            }
        } else if sh.is_some_and(|sh| sh.count != 4) {
            let m = format!("Expected {what} to have 4 components");
            return fail(s, "image.result_type", index, m, &[texel]);
        }
    }
    if kind == Kind::Read && info.dim == Dim::SubpassData && op == Op::ImageSparseRead {
        let m = "Image Dim SubpassData cannot be used with ImageSparseRead";
        return fail(s, rule, index, m, &[]);
    }
    if kind == Kind::Write && info.dim == Dim::SubpassData {
        return fail(s, rule, index, "Image 'Dim' cannot be SubpassData", &[]);
    }
    if is_proj(op) {
        if !matches!(info.dim, Dim::Dim1D | Dim::Dim2D | Dim::Dim3D | Dim::Rect) {
            let m = "Expected Image 'Dim' parameter to be 1D, 2D, 3D or Rect";
            return fail(s, rule, index, m, &[]);
        }
        if info.multisampled != 0 {
            return fail(s, rule, index, "Expected Image 'MS' parameter to be 0", &[]);
        }
        if info.arrayed != 0 {
            let m = "Expected Image 'arrayed' parameter to be 0";
            return fail(s, rule, index, m, &[]);
        }
    }
    if matches!(kind, Kind::Read | Kind::Write) {
        storage_image(s, index, info)?;
    }
    if info.multisampled != 0 {
        let m = match kind {
            Kind::Sample => Some("Sampling operation is invalid for multisample image"),
            Kind::SampleDref => Some("Dref sampling operation is invalid for multisample image"),
            Kind::Gather | Kind::DrefGather => {
                Some("Gather operation is invalid for multisample image")
            }
            _ => None,
        };
        if let Some(m) = m {
            return fail(s, rule, index, m, &[]);
        }
    }
    // The texel's component type is the Sampled Type (unless that is void; a depth
    // comparison always returns the Sampled Type itself).
    if kind != Kind::Write && !st.has_capability(Capability::Float16ImageAMD) {
        let component = ti::scalar_of(st, texel);
        let compared =
            kind == Kind::SampleDref || kind == Kind::DrefGather || !info.void_sampled_type(st);
        if compared && component != info.sampled_type {
            let m = if kind == Kind::SampleDref {
                format!("Expected Image 'Sampled Type' to be the same as {what}")
            } else {
                format!("Expected Image 'Sampled Type' to be the same as {what} components")
            };
            return fail(s, "image.sampled_type", index, m, &[texel]);
        }
    }
    match kind {
        Kind::Fetch => {
            if info.dim == Dim::Cube {
                return fail(s, rule, index, "Image 'Dim' cannot be Cube", &[]);
            }
            if info.sampled != 1 {
                let m = "Expected Image 'Sampled' parameter to be 1";
                return fail(s, rule, index, m, &[]);
            }
        }
        Kind::Gather | Kind::DrefGather => {
            if !matches!(info.dim, Dim::Dim2D | Dim::Cube | Dim::Rect) {
                let m = "Expected Image 'Dim' to be 2D, Cube, or Rect";
                return fail(s, rule, index, m, &[]);
            }
        }
        _ => {}
    }
    Ok(())
}

/// Read and write access a storage image (Sampled 0 or 2) whose dimensionality's capability is
/// declared.
fn storage_image(s: &mut Sink<'_, '_>, index: u32, info: &ImageInfo) -> Verdict {
    let st = s.st;
    let rule = "image.parameters";
    match info.sampled {
        0 => Ok(()),
        2 => {
            let needed = match info.dim {
                Dim::Dim1D => Some(Capability::Image1D),
                Dim::Rect => Some(Capability::ImageRect),
                Dim::Buffer => Some(Capability::ImageBuffer),
                Dim::Cube if info.arrayed == 1 => Some(Capability::ImageCubeArray),
                _ => None,
            };
            match needed {
                Some(cap) if !st.has_capability(cap) => {
                    let name = spirvkit_grammar::OperandKind::Capability
                        .desc()
                        .enumerant(cap.0)
                        .map_or("", |e| e.name);
                    let m = format!("Capability {name} is required to access storage image");
                    fail(s, "image.capability", index, m, &[])
                }
                _ => Ok(()),
            }
        }
        _ => fail(
            s,
            rule,
            index,
            "Expected Image 'Sampled' parameter to be 0 or 2",
            &[],
        ),
    }
}

/// The fewest coordinate components: one per dimension of a layer, one more for the array
/// layer and one for the projective divisor (Cube reads and writes address a face as a layer:
/// 3). `None` when the dimensionality belongs to an extension.
fn min_coordinate_size(op: Op, info: &ImageInfo) -> Option<u32> {
    if info.dim == Dim::Cube && matches!(op, Op::ImageRead | Op::ImageWrite | Op::ImageSparseRead) {
        return Some(3);
    }
    Some(info.plane_size()? + info.arrayed.min(1) + u32::from(is_proj(op)))
}

/// Environment rules: Vulkan storage images of unknown format need the *WithoutFormat
/// capabilities; OpenCL forbids ConstOffset on reads and explicit-Lod sampling and any image
/// operand on writes.
fn environment(
    s: &mut Sink<'_, '_>,
    index: u32,
    inst: &Inst,
    kind: Kind,
    info: &ImageInfo,
    mask_word: usize,
) -> Verdict {
    let st: &State<'_> = s.st;
    let env = st.opts.target_env;
    let op = inst.op();
    let has_mask = mask_word < usize::from(inst.len);
    let mask = if has_mask {
        st.word(inst, mask_word)
    } else {
        0
    };
    if env.is_vulkan() {
        let unknown = info.format == spirvkit_grammar::ImageFormat::Unknown.0;
        if unknown
            && kind == Kind::Read
            && info.dim != Dim::SubpassData
            && !st.has_capability(Capability::StorageImageReadWithoutFormat)
        {
            let m = "Capability StorageImageReadWithoutFormat is required to read storage image";
            return fail(s, "image.capability", index, m, &[]);
        }
        if unknown
            && kind == Kind::Write
            && !st.has_capability(Capability::StorageImageWriteWithoutFormat)
        {
            let m =
                "Capability StorageImageWriteWithoutFormat is required to write to storage image";
            return fail(s, "image.capability", index, m, &[]);
        }
        if mask & IO::Offset.0 != 0
            && !matches!(kind, Kind::Gather | Kind::DrefGather)
            && !st.opts.relax.before_hlsl_legalization
            && !st.opts.relax.allow_offset_texture_operand
        {
            let m = "Image Operand Offset can only be used with OpImage*Gather operations.";
            return fail(s, "image.operands", index, m, &[]);
        }
    }
    if env.is_opencl() {
        if mask & IO::ConstOffset.0 != 0 && (kind == Kind::Read || op == Op::ImageSampleExplicitLod)
        {
            let m = "ConstOffset image operand not allowed in the OpenCL environment.";
            return fail(s, "image.operands", index, m, &[]);
        }
        if kind == Kind::Write && has_mask {
            let m = "Optional Image Operands are not allowed in the OpenCL environment.";
            return fail(s, "image.operands", index, m, &[]);
        }
    }
    Ok(())
}
