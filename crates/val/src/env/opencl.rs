//! The OpenCL SPIR-V environment (../shared/specs/opencl-env/): capabilities guaranteed or
//! optional per OpenCL version and profile (as spirv-val lists them; others need an enabling
//! extension or, for image capabilities, ImageBasic), Physical32/Physical64 addressing with the
//! OpenCL memory model, and the OpTypeImage restrictions.

use crate::diagnostic::Diagnostic;
use crate::instructions::Sink;
use crate::options::TargetEnv;
use crate::state::State;
use spirvkit_grammar::{AddressingModel, Capability as C, MemoryModel, Op, OperandKind};

/// OpenCL version as (major, minor) and the embedded profile flag.
fn version(env: TargetEnv) -> Option<(u8, u8, bool)> {
    match env {
        TargetEnv::OpenCl {
            major,
            minor,
            embedded,
        } => Some((major, minor, embedded)),
        _ => None,
    }
}

/// Capabilities every device of the version/profile supports.
fn guaranteed(cap: C, major: u8, minor: u8, embedded: bool) -> bool {
    let v1_2 = matches!(
        cap,
        C::Addresses | C::Float16Buffer | C::Int16 | C::Int8 | C::Kernel | C::Linkage | C::Vector16
    ) || (cap == C::Int64 && !embedded);
    let v2_0 = matches!(
        cap,
        C::DeviceEnqueue | C::GenericPointer | C::Groups | C::Pipes
    );
    let v2_2 = matches!(cap, C::SubgroupDispatch | C::PipeStorage);
    v1_2 || ((major, minor) >= (2, 0) && v2_0) || ((major, minor) >= (2, 2) && v2_2)
}

/// Optional capabilities of OpenCL 1.2 and later (Float16: spirv-val 2025.5 accepts it too).
fn optional(cap: C) -> bool {
    matches!(cap, C::ImageBasic | C::Float64 | C::Float16)
}

/// Image capabilities ImageBasic enables.
fn enabled_by_image_basic(cap: C, major: u8) -> bool {
    matches!(
        cap,
        C::LiteralSampler | C::Sampled1D | C::Image1D | C::SampledBuffer | C::ImageBuffer
    ) || (major >= 2 && cap == C::ImageReadWrite)
}

/// Whether one of the extensions that enable `cap` is declared.
fn enabled_by_extension(st: &State<'_>, cap: C) -> bool {
    OperandKind::Capability
        .desc()
        .enumerant(cap.0)
        .is_some_and(|e| {
            !e.avail.extensions.is_empty()
                && e.avail
                    .extensions
                    .iter()
                    .any(|x| st.extensions.contains(*x))
        })
}

pub fn check(st: &State<'_>) -> Vec<Diagnostic> {
    let Some((major, minor, embedded)) = version(st.opts.target_env) else {
        return Vec::new();
    };
    let mut s = Sink::new(st);
    let profile = if embedded { "Embedded" } else { "Full" };
    let spec = match (major, minor) {
        (1, _) => "OpenCL 1.2",
        (2, 0) | (2, 1) => "OpenCL 2.0/2.1",
        _ => "OpenCL 2.2",
    };
    for index in 0..st.insts.len() as u32 {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        match inst.op() {
            Op::Capability => {
                let cap = C(st.word(&inst, 1));
                let allowed = guaranteed(cap, major, minor, embedded)
                    || optional(cap)
                    || enabled_by_extension(st, cap)
                    || (st.has_capability(C::ImageBasic) && enabled_by_image_basic(cap, major));
                if !allowed {
                    let name = OperandKind::Capability
                        .desc()
                        .enumerant(cap.0)
                        .map_or_else(|| "Unknown".to_string(), |e| e.name.to_string());
                    s.err(
                        "opencl.capability",
                        index,
                        format!("Capability {name} is not allowed by {spec} {profile} Profile specification (or requires extension or capability)"),
                        &[],
                    );
                }
            }
            Op::MemoryModel => {
                let addressing = st.word(&inst, 1);
                if addressing != AddressingModel::Physical32.0
                    && addressing != AddressingModel::Physical64.0
                {
                    s.err(
                        "opencl.addressing_model",
                        index,
                        "Addressing model must be Physical32 or Physical64 in the OpenCL environment.",
                        &[],
                    );
                }
                if st.word(&inst, 2) != MemoryModel::OpenCL.0 {
                    s.err(
                        "opencl.memory_model",
                        index,
                        "Memory model must be OpenCL in the OpenCL environment.",
                        &[],
                    );
                }
            }
            Op::TypeImage => image(&mut s, index, &inst),
            _ => {}
        }
    }
    s.out
}

/// OpTypeImage: Sampled Type void, Sampled 0, MS 0, Arrayed only for 1D/2D, Unknown format,
/// Access Qualifier present.
fn image(s: &mut Sink<'_, '_>, index: u32, inst: &crate::state::Inst) {
    let st = s.st;
    let w = |i: usize| st.word(inst, i);
    let sampled_type = w(2);
    let (dim, arrayed, ms, sampled, format) = (w(3), w(5), w(6), w(7), w(8));
    let mut fail = |m: &str| s.err("opencl.image", index, m, &[]);
    if st.def_op(sampled_type) != Some(Op::TypeVoid) {
        fail("Sampled Type must be OpTypeVoid in the OpenCL environment.");
    }
    if sampled != 0 {
        fail("Sampled must be 0 in the OpenCL environment.");
    }
    if ms != 0 {
        fail("MS must be 0 in the OpenCL environment.");
    }
    const DIM_1D: u32 = 0;
    const DIM_2D: u32 = 1;
    if arrayed == 1 && dim != DIM_1D && dim != DIM_2D {
        fail(
            "In the OpenCL environment, Arrayed may only be set to 1 when Dim is either 1D or 2D.",
        );
    }
    if format != 0 {
        fail("Image Format must be Unknown in the OpenCL environment.");
    }
    if inst.len < 10 {
        fail("In the OpenCL environment, the optional Access Qualifier must be present.");
    }
}
