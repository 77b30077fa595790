//! OpenCL opaque types by their LLVM names (`opencl.image2d_ro_t`, `opencl.event_t`, ...):
//! the names SPIR 1.2 and clang give images, samplers, events, queues and reserve ids, and the
//! `spirv.*` struct names of llvm-spirv's SPIR-V friendly IR with typed pointers
//! (`spirv.Event`, `spirv.Image._void_1_0_0_0_0_0_1`).

use spirvkit_grammar::Dim;

/// An OpenCL opaque type named by an LLVM struct (`opencl.image2d_t`, `opencl.event_t`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenClType {
    Image {
        dim: Dim,
        arrayed: bool,
        depth: bool,
        ms: bool,
    },
    Sampler,
    Event,
    ClkEvent,
    Queue,
    ReserveId,
    /// A pipe with its access qualifier (0 read-only, 1 write-only).
    Pipe {
        access: u32,
    },
    /// OpenCL 2.x pipe storage (`%spirv.PipeStorage`): OpTypePipeStorage.
    PipeStorage,
    /// An SPV_INTEL_device_side_avc_motion_estimation type: its OpTypeAvc*INTEL opcode.
    Avc(spirvkit_grammar::Op),
    /// SPV_INTEL_vector_compute's `%intel.buffer_{ro,wo,rw}_t` with its access qualifier
    /// (0 read-only, 1 write-only, 2 read-write): OpTypeBufferSurfaceINTEL.
    BufferSurface {
        access: u32,
    },
}

pub fn opencl_type(name: &str) -> Option<OpenClType> {
    if let Some(spirv) = name.strip_prefix("spirv.") {
        return spirv_type(spirv);
    }
    if let Some(intel) = name.strip_prefix("intel.") {
        return match intel.split('.').next()? {
            "buffer_ro_t" => Some(OpenClType::BufferSurface { access: 0 }),
            "buffer_wo_t" => Some(OpenClType::BufferSurface { access: 1 }),
            "buffer_rw_t" => Some(OpenClType::BufferSurface { access: 2 }),
            _ => None,
        };
    }
    let base = name.strip_prefix("opencl.")?.split('.').next()?;
    if let Some(avc) = crate::forward::avc_motion_estimation::type_from_c_name(base) {
        return Some(avc);
    }
    match base {
        "pipe_ro_t" => return Some(OpenClType::Pipe { access: 0 }),
        "pipe_wo_t" => return Some(OpenClType::Pipe { access: 1 }),
        _ => {}
    }
    let image = |dim, arrayed, depth, ms| {
        Some(OpenClType::Image {
            dim,
            arrayed,
            depth,
            ms,
        })
    };
    match base
        .trim_end_matches("_ro_t")
        .trim_end_matches("_wo_t")
        .trim_end_matches("_rw_t")
        .trim_end_matches("_t")
    {
        "image1d" => image(Dim::Dim1D, false, false, false),
        "image1d_array" => image(Dim::Dim1D, true, false, false),
        "image1d_buffer" => image(Dim::Buffer, false, false, false),
        "image2d" => image(Dim::Dim2D, false, false, false),
        "image2d_array" => image(Dim::Dim2D, true, false, false),
        "image2d_depth" => image(Dim::Dim2D, false, true, false),
        "image2d_array_depth" => image(Dim::Dim2D, true, true, false),
        "image2d_msaa" => image(Dim::Dim2D, false, false, true),
        "image2d_array_msaa" => image(Dim::Dim2D, true, false, true),
        "image2d_msaa_depth" => image(Dim::Dim2D, false, true, true),
        "image2d_array_msaa_depth" => image(Dim::Dim2D, true, true, true),
        "image3d" => image(Dim::Dim3D, false, false, false),
        "sampler" => Some(OpenClType::Sampler),
        "event" => Some(OpenClType::Event),
        "clk_event" => Some(OpenClType::ClkEvent),
        "queue" => Some(OpenClType::Queue),
        "reserve_id" => Some(OpenClType::ReserveId),
        _ => None,
    }
}

/// The OpenCL type a built-in's mangled vendor parameter names: CL 2.0's `ocl_image2d_array_ro`
/// or SPIR 1.2's run-together `ocl_image2darray`, `ocl_image1dbuffer`, `ocl_image2darraydepth`
/// (the SPIR 1.2 spec's mangling of the image types, without an access qualifier).
pub fn opencl_type_from_mangled(name: &str) -> Option<OpenClType> {
    let base = name.strip_prefix("ocl_")?;
    if base.contains('_') {
        return opencl_type(&format!("opencl.{base}_t"));
    }
    let spaced = ["array", "buffer", "msaa", "depth"]
        .into_iter()
        .fold(base.to_owned(), |name, word| {
            name.replace(word, &format!("_{word}"))
        });
    opencl_type(&format!("opencl.{spaced}_t"))
}

/// The OpenCL type a built-in's mangled parameter names: a vendor name (`ocl_image2d_array_ro`,
/// see `opencl_type_from_mangled`), or a pointer to an `opencl.*` struct
/// (`PU3AS125opencl.image2d_array_wo_t`: clang mangled its image, pipe and event arguments so
/// while they were pointers to opaque structs; a modern `llvm-as` keeps such names while the
/// argument itself becomes a plain `ptr`).
pub fn opencl_type_of_mangled_param(param: &crate::mangle::MType) -> Option<OpenClType> {
    use crate::mangle::MType;
    match param {
        MType::Named(n) => opencl_type_from_mangled(n),
        MType::Pointer { pointee, .. } => match pointee.as_ref() {
            MType::Named(n) if n.starts_with("opencl.") => opencl_type(n),
            _ => None,
        },
        _ => None,
    }
}

/// `spirv.Image._{SampledType}_{Dim}_{Depth}_{Arrayed}_{MS}_{Sampled}_{Format}_{Access}` and
/// the operand-less handle names, without the `spirv.` prefix.
fn spirv_type(name: &str) -> Option<OpenClType> {
    if let Some(operands) = name.strip_prefix("Image._") {
        let mut ints = operands.split('_').skip(1).map(|n| n.parse::<u32>().ok());
        let mut next = || ints.next().flatten();
        let (dim, depth, arrayed, ms) = (next()?, next()?, next()?, next()?);
        return Some(OpenClType::Image {
            dim: Dim(dim),
            depth: depth == 1,
            arrayed: arrayed != 0,
            ms: ms != 0,
        });
    }
    let base = name.split('.').next()?;
    if let Some(avc) = crate::forward::avc_motion_estimation::type_from_spirv_name(base) {
        return Some(avc);
    }
    Some(match base {
        "Sampler" => OpenClType::Sampler,
        "Event" => OpenClType::Event,
        "DeviceEvent" => OpenClType::ClkEvent,
        "Queue" => OpenClType::Queue,
        "ReserveId" => OpenClType::ReserveId,
        "PipeStorage" => OpenClType::PipeStorage,
        // `spirv.Pipe._{Access}`.
        "Pipe" => OpenClType::Pipe {
            access: name.strip_prefix("Pipe._")?.parse().ok()?,
        },
        _ => return None,
    })
}

/// The SPIR-V friendly IR struct a mangled type name stands for: SPV-IR built-ins mangle a
/// pointer to `%spirv.Image._void_1_0_0_0_0_0_0` as `PU3AS1` + `__spirv_Image__void_1_0_0_0_0_0_0`
/// (`.` written `_`, a `__` prefix). With opaque pointers that name is the only trace of the
/// handle type, so the forward direction reads it back.
pub fn spirv_struct_from_mangled(name: &str) -> Option<String> {
    let rest = name.strip_prefix("__spirv_")?;
    Some(match rest.split_once("__") {
        // `Image__void_1_...` → `spirv.Image._void_1_...`.
        Some((kind, operands)) => format!("spirv.{kind}._{operands}"),
        None => format!("spirv.{rest}"),
    })
}

/// The access qualifier a `spirv.Image._..._{Access}` or `spirv.SampledImage._...` struct
/// name ends with.
pub fn spirv_image_access(name: &str) -> Option<u32> {
    let operands = name
        .strip_prefix("spirv.Image._")
        .or_else(|| name.strip_prefix("spirv.SampledImage._"))?;
    operands.rsplit('_').next()?.parse().ok()
}

#[cfg(test)]
mod mangled_name_tests {
    use super::*;

    #[test]
    fn spir12_and_cl20_image_manglings_name_the_same_images() {
        let arrayed_depth = |n| match opencl_type_from_mangled(n) {
            Some(OpenClType::Image {
                dim,
                arrayed,
                depth,
                ms,
            }) => Some((dim, arrayed, depth, ms)),
            _ => None,
        };
        assert_eq!(
            arrayed_depth("ocl_image1darray"),
            Some((Dim::Dim1D, true, false, false))
        );
        assert_eq!(
            arrayed_depth("ocl_image1dbuffer"),
            Some((Dim::Buffer, false, false, false))
        );
        assert_eq!(
            arrayed_depth("ocl_image2darraymsaadepth"),
            Some((Dim::Dim2D, true, true, true))
        );
        assert_eq!(
            arrayed_depth("ocl_image2d_array_depth_ro"),
            Some((Dim::Dim2D, true, true, false))
        );
        assert_eq!(
            arrayed_depth("ocl_image2d"),
            Some((Dim::Dim2D, false, false, false))
        );
        assert_eq!(arrayed_depth("ocl_image9d"), None);
        assert_eq!(arrayed_depth("ocl_sampler"), None);
    }

    #[test]
    fn a_pointer_to_an_opencl_struct_names_its_handle() {
        use crate::mangle::MType;
        let ptr_to = |n: &str| MType::Pointer {
            addrspace: 1,
            pointee: Box::new(MType::Named(n.into())),
        };
        assert_eq!(
            opencl_type_of_mangled_param(&ptr_to("opencl.image2d_array_wo_t")),
            Some(OpenClType::Image {
                dim: Dim::Dim2D,
                arrayed: true,
                depth: false,
                ms: false
            })
        );
        assert_eq!(
            opencl_type_of_mangled_param(&MType::Named("ocl_image1dbuffer".into())),
            Some(OpenClType::Image {
                dim: Dim::Buffer,
                arrayed: false,
                depth: false,
                ms: false
            })
        );
        // A pointer to a user struct or to a vendor name is no handle.
        assert_eq!(opencl_type_of_mangled_param(&ptr_to("Foo")), None);
        assert_eq!(opencl_type_of_mangled_param(&ptr_to("ocl_image2d")), None);
    }
}
