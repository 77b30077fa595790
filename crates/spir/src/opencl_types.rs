//! OpenCL opaque types by their LLVM names (`opencl.image2d_ro_t`, `opencl.event_t`, ...):
//! the names SPIR 1.2 and clang give images, samplers, events, queues and reserve ids.

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
}

pub fn opencl_type(name: &str) -> Option<OpenClType> {
    let base = name.strip_prefix("opencl.")?.split('.').next()?;
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
