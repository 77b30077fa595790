//! What the Vulkan environment requires of each built-in (Vulkan spec, "Built-In Variables";
//! the rules spirv-val 2025.5 checks): the data type, the storage classes and the execution
//! models that may use it, the storage classes each model may not use it in, and the
//! execution mode it needs (FragDepth: DepthReplacing). Built-ins not listed here are not
//! judged.

use spirvkit_grammar::{BuiltIn as B, ExecutionMode, ExecutionModel as M};

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
    /// Int scalar of any width.
    Int,
    Bool,
    /// Array of 32-bit floats (of any length, or of exactly N when Some).
    F32Array(Option<u64>),
    /// Array of 32-bit ints.
    I32Array,
    /// Array of N-component 32-bit int vectors.
    I32VecArray(u32),
    /// Array of bools (a struct member may also be a bool scalar).
    BoolArray,
    /// 32-bit float matrix of `.0` columns, each a vector of `.1` components.
    F32Mat(u32, u32),
}

impl Ty {
    pub fn describe(self) -> String {
        match self {
            Ty::F32 => "a float scalar".into(),
            Ty::F32Vec(n) => format!("a {n}-component 32-bit float vector"),
            Ty::I32 => "an int scalar".into(),
            Ty::I32Vec(n) => format!("a {n}-component 32-bit int vector"),
            Ty::Int => "a int scalar".into(),
            Ty::Bool => "a bool scalar".into(),
            Ty::F32Array(None) => "a 32-bit float array".into(),
            Ty::F32Array(Some(n)) => format!("a {n}-component 32-bit float array"),
            Ty::I32Array => "an int array".into(),
            Ty::I32VecArray(n) => format!("a {n}-component 32-bit int array"),
            Ty::BoolArray => "a either a TypeBool or an array of TypeBool".into(),
            Ty::F32Mat(c, r) => {
                format!("a matrix with {c} columns of {r}-component vectors of 32-bit float")
            }
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
    /// Execution models that may not use an Input variable of this built-in (the first
    /// stage of the pipeline for per-vertex built-ins).
    pub no_input_models: &'static [M],
    /// Execution models that may not use an Output variable of it.
    pub no_output_models: &'static [M],
    /// Execution models that may not reference it.
    pub not_models: &'static [M],
    /// The variable also needs the Patch decoration.
    pub needs_patch: bool,
    /// Entry points using it declare this execution mode.
    pub needs_mode: Option<ExecutionMode>,
    /// Vulkan does not have this built-in at all (rejected where it is declared).
    pub forbidden: bool,
    /// A variable's type is the built-in's type itself, never an array of it (ray-tracing
    /// built-ins).
    pub no_array: bool,
    /// Mesh entry points (MeshEXT, MeshNV) listing the variable in their interface declare this
    /// execution mode (the primitive-index built-ins), whether they use it or not.
    pub mesh_output_mode: Option<ExecutionMode>,
    /// Per-primitive in mesh shaders: a variable used in a MeshEXT entry point is an array of
    /// the built-in's type and carries PerPrimitiveEXT.
    pub per_primitive: bool,
}

const fn spec(builtin: B, ty: Ty, storage: Storage, models: &'static [M]) -> Spec {
    Spec {
        builtin,
        ty,
        storage,
        models,
        no_input_models: &[],
        no_output_models: &[],
        not_models: &[],
        needs_patch: false,
        needs_mode: None,
        forbidden: false,
        no_array: false,
        mesh_output_mode: None,
        per_primitive: false,
    }
}

const fn per_vertex(builtin: B, ty: Ty, models: &'static [M]) -> Spec {
    Spec {
        builtin,
        ty,
        storage: Storage::InputOrOutput,
        models,
        no_input_models: NO_VERTEX_INPUT,
        no_output_models: FRAGMENT,
        not_models: &[],
        needs_patch: false,
        needs_mode: None,
        forbidden: false,
        no_array: false,
        mesh_output_mode: None,
        per_primitive: false,
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
/// Stages that do not read Position/ClipDistance/CullDistance (spirv-val 2025.5 lets mesh
/// shaders read PointSize).
const NO_VERTEX_INPUT: &[M] = &[M::Vertex, M::MeshNV, M::MeshEXT];
const VERTEX: &[M] = &[M::Vertex];
const COMPUTE_LIKE: &[M] = &[M::GLCompute, M::TaskNV, M::MeshNV, M::TaskEXT, M::MeshEXT];
const TESSELLATION: &[M] = &[M::TessellationControl, M::TessellationEvaluation];
const ANY: &[M] = &[];
const RAY_ALL: &[M] = &[
    M::RayGenerationKHR,
    M::IntersectionKHR,
    M::AnyHitKHR,
    M::ClosestHitKHR,
    M::MissKHR,
    M::CallableKHR,
];
/// Intersection and hit shaders.
const RAY_HIT: &[M] = &[M::IntersectionKHR, M::AnyHitKHR, M::ClosestHitKHR];
/// Intersection, hit and miss shaders.
const RAY_TRACED: &[M] = &[
    M::IntersectionKHR,
    M::AnyHitKHR,
    M::ClosestHitKHR,
    M::MissKHR,
];

/// A ray-tracing built-in: an Input variable of exactly its type (checked where declared),
/// used only in the given ray-tracing stages.
const fn ray(builtin: B, ty: Ty, models: &'static [M]) -> Spec {
    Spec {
        no_array: true,
        ..spec(builtin, ty, Storage::Input, models)
    }
}

pub const SPECS: &[Spec] = &[
    per_vertex(B::Position, Ty::F32Vec(4), GEOMETRY_STAGES),
    Spec {
        no_input_models: VERTEX,
        ..per_vertex(B::PointSize, Ty::F32, GEOMETRY_STAGES)
    },
    per_vertex(B::ClipDistance, Ty::F32Array(None), CLIP_STAGES),
    per_vertex(B::CullDistance, Ty::F32Array(None), CLIP_STAGES),
    spec(B::FragCoord, Ty::F32Vec(4), Storage::Input, FRAGMENT),
    Spec {
        needs_mode: Some(ExecutionMode::DepthReplacing),
        ..spec(B::FragDepth, Ty::F32, Storage::Output, FRAGMENT)
    },
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
    layer_or_viewport(B::Layer),
    layer_or_viewport(B::ViewportIndex),
    Spec {
        per_primitive: true,
        no_output_models: &[
            M::Fragment,
            M::TessellationControl,
            M::TessellationEvaluation,
        ],
        ..spec(
            B::PrimitiveId,
            Ty::I32,
            Storage::InputOrOutput,
            &[
                M::Fragment,
                M::TessellationControl,
                M::TessellationEvaluation,
                M::Geometry,
                M::MeshNV,
                M::MeshEXT,
                M::IntersectionKHR,
                M::AnyHitKHR,
                M::ClosestHitKHR,
            ],
        )
    },
    // A constant (checked at the definition and at references; the static product-zero rule
    // holds in every environment, `builtins/mod.rs`).
    spec(B::WorkgroupSize, Ty::I32Vec(3), Storage::Any, COMPUTE_LIKE),
    ray(B::LaunchIdKHR, Ty::I32Vec(3), RAY_ALL),
    ray(B::LaunchSizeKHR, Ty::I32Vec(3), RAY_ALL),
    ray(B::WorldRayOriginKHR, Ty::F32Vec(3), RAY_TRACED),
    ray(B::WorldRayDirectionKHR, Ty::F32Vec(3), RAY_TRACED),
    ray(B::ObjectRayOriginKHR, Ty::F32Vec(3), RAY_HIT),
    ray(B::ObjectRayDirectionKHR, Ty::F32Vec(3), RAY_HIT),
    ray(B::RayTminKHR, Ty::F32, RAY_TRACED),
    ray(B::RayTmaxKHR, Ty::F32, RAY_TRACED),
    ray(B::InstanceCustomIndexKHR, Ty::I32, RAY_HIT),
    ray(B::ObjectToWorldKHR, Ty::F32Mat(4, 3), RAY_HIT),
    ray(B::WorldToObjectKHR, Ty::F32Mat(4, 3), RAY_HIT),
    ray(B::HitKindKHR, Ty::I32, &[M::AnyHitKHR, M::ClosestHitKHR]),
    ray(B::HitTNV, Ty::F32, &[M::AnyHitKHR, M::ClosestHitKHR]),
    ray(B::IncomingRayFlagsKHR, Ty::I32, RAY_TRACED),
    ray(B::RayGeometryIndexKHR, Ty::I32, RAY_HIT),
    ray(B::CullMaskKHR, Ty::I32, RAY_TRACED),
    mesh_indices(
        B::PrimitivePointIndicesEXT,
        Ty::I32Array,
        ExecutionMode::OutputPoints,
    ),
    mesh_indices(
        B::PrimitiveLineIndicesEXT,
        Ty::I32VecArray(2),
        ExecutionMode::OutputLinesEXT,
    ),
    mesh_indices(
        B::PrimitiveTriangleIndicesEXT,
        Ty::I32VecArray(3),
        ExecutionMode::OutputTrianglesEXT,
    ),
    // Type checked where used (`vulkan.rs`).
    Spec {
        per_primitive: true,
        ..spec(
            B::CullPrimitiveEXT,
            Ty::BoolArray,
            Storage::Output,
            &[M::MeshEXT],
        )
    },
    Spec {
        per_primitive: true,
        ..spec(
            B::PrimitiveShadingRateKHR,
            Ty::I32,
            Storage::Output,
            &[M::Vertex, M::Geometry, M::MeshNV, M::MeshEXT],
        )
    },
    Spec {
        no_array: true,
        ..spec(B::ShadingRateKHR, Ty::I32, Storage::Input, FRAGMENT)
    },
    fragment_only(B::BaryCoordKHR, Ty::F32Vec(3), Storage::Input),
    fragment_only(B::BaryCoordNoPerspKHR, Ty::F32Vec(3), Storage::Input),
    fragment_only(B::FragStencilRefEXT, Ty::Int, Storage::Output),
    fragment_only(B::FragSizeEXT, Ty::I32Vec(2), Storage::Input),
    fragment_only(B::FragInvocationCountEXT, Ty::I32, Storage::Input),
    fragment_only(B::FullyCoveredEXT, Ty::Bool, Storage::Input),
    // CurrentRayTimeNV: spirv-val 2025.5 checks neither its type nor its storage class.
    Spec {
        forbidden: true,
        ..spec(B::VertexId, Ty::I32, Storage::Any, ANY)
    },
    Spec {
        not_models: VERTEX,
        ..spec(B::InstanceId, Ty::I32, Storage::Any, ANY)
    },
];

/// A Fragment-only extension built-in: exactly its type (checked where declared).
const fn fragment_only(builtin: B, ty: Ty, storage: Storage) -> Spec {
    Spec {
        no_array: true,
        ..spec(builtin, ty, storage, FRAGMENT)
    }
}

/// A mesh shader's primitive indices: an Output array (type checked where declared), used only
/// in MeshEXT entry points, which declare the matching output primitive mode.
const fn mesh_indices(builtin: B, ty: Ty, mode: ExecutionMode) -> Spec {
    Spec {
        no_array: true,
        mesh_output_mode: Some(mode),
        ..spec(builtin, ty, Storage::Output, &[M::MeshEXT])
    }
}

/// Layer and ViewportIndex: written by the last pre-rasterization stage, read by Fragment.
const fn layer_or_viewport(builtin: B) -> Spec {
    Spec {
        no_input_models: &[
            M::Vertex,
            M::TessellationEvaluation,
            M::Geometry,
            M::MeshNV,
            M::MeshEXT,
        ],
        no_output_models: FRAGMENT,
        per_primitive: true,
        ..spec(
            builtin,
            Ty::I32,
            Storage::InputOrOutput,
            &[
                M::Vertex,
                M::TessellationEvaluation,
                M::Geometry,
                M::Fragment,
                M::MeshNV,
                M::MeshEXT,
            ],
        )
    }
}
