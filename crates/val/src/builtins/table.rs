//! What the Vulkan environment requires of each built-in (Vulkan spec, "Built-In Variables";
//! the rules spirv-val 2025.5 checks): the data type, the storage classes and the execution
//! models that may use it. Built-ins whose rules depend on the execution model in ways not
//! listed here (Layer, ViewportIndex, PrimitiveId, ...) carry only their type.

use spirvkit_grammar::{BuiltIn as B, ExecutionModel as M};

/// The data type of a built-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// 32-bit float scalar.
    F32,
    /// 32-bit float vector of N components.
    F32Vec(u32),
    /// 32-bit int scalar (either signedness).
    I32,
    /// 32-bit int vector of N components.
    I32Vec(u32),
    Bool,
    /// Array of 32-bit floats (of any length, or of exactly N when Some).
    F32Array(Option<u64>),
    /// Array of 32-bit ints.
    I32Array,
}

impl Ty {
    pub fn describe(self) -> String {
        match self {
            Ty::F32 => "a float scalar".into(),
            Ty::F32Vec(n) => format!("a {n}-component 32-bit float vector"),
            Ty::I32 => "an int scalar".into(),
            Ty::I32Vec(n) => format!("a {n}-component 32-bit int vector"),
            Ty::Bool => "a bool scalar".into(),
            Ty::F32Array(None) => "a 32-bit float array".into(),
            Ty::F32Array(Some(n)) => format!("a {n}-component 32-bit float array"),
            Ty::I32Array => "an int array".into(),
        }
    }
}

/// Where a built-in may live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    Input,
    Output,
    InputOrOutput,
    /// Not checked.
    Any,
}

pub struct Spec {
    pub builtin: B,
    pub ty: Ty,
    pub storage: Storage,
    /// Execution models that may reference it (empty: any).
    pub models: &'static [M],
    /// An Input variable of this built-in may not be used by Vertex shaders, an Output one
    /// not by Fragment shaders (the pipeline's first and last stage).
    pub no_vertex_input: bool,
    pub no_fragment_output: bool,
    /// Execution models that may not reference it.
    pub not_models: &'static [M],
    /// The variable also needs the Patch decoration.
    pub needs_patch: bool,
}

const fn spec(builtin: B, ty: Ty, storage: Storage, models: &'static [M]) -> Spec {
    Spec {
        builtin,
        ty,
        storage,
        models,
        no_vertex_input: false,
        no_fragment_output: false,
        not_models: &[],
        needs_patch: false,
    }
}

const fn per_vertex(builtin: B, ty: Ty, models: &'static [M]) -> Spec {
    Spec {
        builtin,
        ty,
        storage: Storage::InputOrOutput,
        models,
        no_vertex_input: true,
        no_fragment_output: true,
        not_models: &[],
        needs_patch: false,
    }
}

const GEOMETRY_STAGES: &[M] = &[
    M::Vertex,
    M::TessellationControl,
    M::TessellationEvaluation,
    M::Geometry,
    M::MeshNV,
    M::MeshEXT,
];
const CLIP_STAGES: &[M] = &[
    M::Vertex,
    M::Fragment,
    M::TessellationControl,
    M::TessellationEvaluation,
    M::Geometry,
    M::MeshNV,
    M::MeshEXT,
];
const FRAGMENT: &[M] = &[M::Fragment];
const VERTEX: &[M] = &[M::Vertex];
const COMPUTE_LIKE: &[M] = &[M::GLCompute, M::TaskNV, M::MeshNV, M::TaskEXT, M::MeshEXT];
const TESSELLATION: &[M] = &[M::TessellationControl, M::TessellationEvaluation];
const ANY: &[M] = &[];

pub const SPECS: &[Spec] = &[
    per_vertex(B::Position, Ty::F32Vec(4), GEOMETRY_STAGES),
    per_vertex(B::PointSize, Ty::F32, GEOMETRY_STAGES),
    per_vertex(B::ClipDistance, Ty::F32Array(None), CLIP_STAGES),
    per_vertex(B::CullDistance, Ty::F32Array(None), CLIP_STAGES),
    spec(B::FragCoord, Ty::F32Vec(4), Storage::Input, FRAGMENT),
    spec(B::FragDepth, Ty::F32, Storage::Output, FRAGMENT),
    spec(B::FrontFacing, Ty::Bool, Storage::Input, FRAGMENT),
    spec(B::HelperInvocation, Ty::Bool, Storage::Input, FRAGMENT),
    spec(B::SampleId, Ty::I32, Storage::Input, FRAGMENT),
    spec(B::SamplePosition, Ty::F32Vec(2), Storage::Input, FRAGMENT),
    spec(
        B::SampleMask,
        Ty::I32Array,
        Storage::InputOrOutput,
        FRAGMENT,
    ),
    spec(B::PointCoord, Ty::F32Vec(2), Storage::Input, FRAGMENT),
    spec(
        B::InvocationId,
        Ty::I32,
        Storage::Input,
        &[M::TessellationControl, M::Geometry],
    ),
    spec(B::PatchVertices, Ty::I32, Storage::Input, TESSELLATION),
    spec(
        B::TessCoord,
        Ty::F32Vec(3),
        Storage::Input,
        &[M::TessellationEvaluation],
    ),
    Spec {
        needs_patch: true,
        ..spec(
            B::TessLevelOuter,
            Ty::F32Array(Some(4)),
            Storage::InputOrOutput,
            TESSELLATION,
        )
    },
    Spec {
        needs_patch: true,
        ..spec(
            B::TessLevelInner,
            Ty::F32Array(Some(2)),
            Storage::InputOrOutput,
            TESSELLATION,
        )
    },
    spec(B::VertexIndex, Ty::I32, Storage::Input, VERTEX),
    spec(B::InstanceIndex, Ty::I32, Storage::Input, VERTEX),
    spec(B::BaseVertex, Ty::I32, Storage::Input, VERTEX),
    spec(B::BaseInstance, Ty::I32, Storage::Input, VERTEX),
    spec(
        B::DrawIndex,
        Ty::I32,
        Storage::Input,
        &[M::Vertex, M::MeshNV, M::TaskNV, M::MeshEXT, M::TaskEXT],
    ),
    spec(
        B::GlobalInvocationId,
        Ty::I32Vec(3),
        Storage::Input,
        COMPUTE_LIKE,
    ),
    spec(
        B::LocalInvocationId,
        Ty::I32Vec(3),
        Storage::Input,
        COMPUTE_LIKE,
    ),
    spec(
        B::NumWorkgroups,
        Ty::I32Vec(3),
        Storage::Input,
        COMPUTE_LIKE,
    ),
    spec(B::WorkgroupId, Ty::I32Vec(3), Storage::Input, COMPUTE_LIKE),
    spec(
        B::LocalInvocationIndex,
        Ty::I32,
        Storage::Input,
        COMPUTE_LIKE,
    ),
    spec(B::NumSubgroups, Ty::I32, Storage::Input, COMPUTE_LIKE),
    spec(B::SubgroupId, Ty::I32, Storage::Input, COMPUTE_LIKE),
    spec(B::SubgroupSize, Ty::I32, Storage::Input, ANY),
    spec(B::SubgroupLocalInvocationId, Ty::I32, Storage::Input, ANY),
    spec(B::SubgroupEqMask, Ty::I32Vec(4), Storage::Input, ANY),
    spec(B::SubgroupGeMask, Ty::I32Vec(4), Storage::Input, ANY),
    spec(B::SubgroupGtMask, Ty::I32Vec(4), Storage::Input, ANY),
    spec(B::SubgroupLeMask, Ty::I32Vec(4), Storage::Input, ANY),
    spec(B::SubgroupLtMask, Ty::I32Vec(4), Storage::Input, ANY),
    spec(B::DeviceIndex, Ty::I32, Storage::Input, ANY),
    Spec {
        not_models: &[M::GLCompute],
        ..spec(B::ViewIndex, Ty::I32, Storage::Input, ANY)
    },
    spec(B::Layer, Ty::I32, Storage::InputOrOutput, ANY),
    spec(B::ViewportIndex, Ty::I32, Storage::InputOrOutput, ANY),
    spec(B::PrimitiveId, Ty::I32, Storage::Any, ANY),
];
