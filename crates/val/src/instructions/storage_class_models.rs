//! Storage classes only some execution models may use (spirv-val's storage-class consumers):
//! a function whose instructions name a pointer type or a variable of such a storage class
//! (as the result type or an id operand) may only be reached from entry points of the allowed
//! models. Vulkan: Output not in GLCompute or the ray-tracing stages (VUID-StandaloneSpirv-
//! None-04644), Workgroup only in GLCompute/Task/Mesh (04645). Every environment: the
//! ray-tracing storage classes (CallableData, IncomingCallableData, RayPayload, HitAttribute,
//! IncomingRayPayload, ShaderRecordBuffer, HitObjectAttributeNV) and TaskPayloadWorkgroupEXT
//! keep to their stages.

use super::Sink;
use crate::state::NONE;
use spirvkit_grammar::{ExecutionModel as M, Op, OperandKind, StorageClass as SC};

/// Whether an execution model may use the storage class, and spirv-val's message.
type Limitation = (fn(u32) -> bool, &'static str);

/// The models a storage class is limited to, and the message spirv-val gives; `None` when
/// the storage class is not limited in this environment.
fn limitation(sc: u32, vulkan: bool) -> Option<Limitation> {
    let sc = SC(sc);
    Some(match sc {
        SC::Output if vulkan => (
            |m| {
                !(m == M::GLCompute.0
                    || [
                        M::RayGenerationKHR,
                        M::IntersectionKHR,
                        M::AnyHitKHR,
                        M::ClosestHitKHR,
                        M::MissKHR,
                        M::CallableKHR,
                    ]
                    .iter()
                    .any(|r| r.0 == m))
            },
            "[VUID-StandaloneSpirv-None-04644] in Vulkan environment, Output Storage Class must not be used in GLCompute, RayGenerationKHR, IntersectionKHR, AnyHitKHR, ClosestHitKHR, MissKHR, or CallableKHR execution models",
        ),
        SC::Workgroup if vulkan => (
            |m| {
                [M::GLCompute, M::TaskNV, M::MeshNV, M::TaskEXT, M::MeshEXT]
                    .iter()
                    .any(|r| r.0 == m)
            },
            "[VUID-StandaloneSpirv-None-04645] in Vulkan environment, Workgroup Storage Class is limited to MeshNV, TaskNV, and GLCompute execution model",
        ),
        SC::CallableDataKHR => (
            |m| {
                [M::RayGenerationKHR, M::ClosestHitKHR, M::CallableKHR, M::MissKHR]
                    .iter()
                    .any(|r| r.0 == m)
            },
            "CallableDataKHR Storage Class is limited to RayGenerationKHR, ClosestHitKHR, CallableKHR, and MissKHR execution model",
        ),
        SC::IncomingCallableDataKHR => (
            |m| m == M::CallableKHR.0,
            "IncomingCallableDataKHR Storage Class is limited to CallableKHR execution model",
        ),
        SC::RayPayloadKHR | SC::HitObjectAttributeNV => (
            |m| {
                [M::RayGenerationKHR, M::ClosestHitKHR, M::MissKHR]
                    .iter()
                    .any(|r| r.0 == m)
            },
            "Storage Class is limited to RayGenerationKHR, ClosestHitKHR, and MissKHR execution model",
        ),
        SC::HitAttributeKHR => (
            |m| {
                [M::IntersectionKHR, M::AnyHitKHR, M::ClosestHitKHR]
                    .iter()
                    .any(|r| r.0 == m)
            },
            "HitAttributeKHR Storage Class is limited to IntersectionKHR, AnyHitKHR, and ClosestHitKHR execution model",
        ),
        SC::IncomingRayPayloadKHR => (
            |m| {
                [M::AnyHitKHR, M::ClosestHitKHR, M::MissKHR]
                    .iter()
                    .any(|r| r.0 == m)
            },
            "IncomingRayPayloadKHR Storage Class is limited to AnyHitKHR, ClosestHitKHR, and MissKHR execution model",
        ),
        SC::ShaderRecordBufferKHR => (
            |m| {
                [
                    M::RayGenerationKHR,
                    M::IntersectionKHR,
                    M::AnyHitKHR,
                    M::ClosestHitKHR,
                    M::CallableKHR,
                    M::MissKHR,
                ]
                .iter()
                .any(|r| r.0 == m)
            },
            "ShaderRecordBufferKHR Storage Class is limited to RayGenerationKHR, IntersectionKHR, AnyHitKHR, ClosestHitKHR, CallableKHR, and MissKHR execution model",
        ),
        SC::TaskPayloadWorkgroupEXT => (
            |m| m == M::TaskEXT.0 || m == M::MeshEXT.0,
            "TaskPayloadWorkgroupEXT Storage Class is limited to TaskEXT and MeshKHR execution model",
        ),
        _ => return None,
    })
}

/// The limited storage class an id stands for: a pointer type's or a variable's.
fn limited_storage_class(st: &crate::state::State<'_>, id: u32, vulkan: bool) -> Option<u32> {
    let def = st.def(id)?;
    let sc = match def.op() {
        Op::TypePointer => st.word(def, 2),
        Op::Variable => st.word(def, 3),
        _ => return None,
    };
    limitation(sc, vulkan).map(|_| sc)
}

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    let vulkan = st.opts.target_env.is_vulkan();
    // Most modules declare no limited storage class at all: nothing to do then.
    let any_limited = st.insts.iter().any(|i| match i.op() {
        Op::TypePointer => limitation(st.word(i, 2), vulkan).is_some(),
        Op::Variable => limitation(st.word(i, 3), vulkan).is_some(),
        _ => false,
    });
    if !any_limited {
        return;
    }
    // Per function: the first consuming instruction of each limited storage class.
    let mut consumers: Vec<Vec<(u32, u32)>> = vec![Vec::new(); st.functions.len()];
    for (index, inst) in st.insts.iter().enumerate() {
        if inst.func == NONE || inst.op() == Op::Function {
            continue;
        }
        let Some(list) = consumers.get_mut(inst.func as usize) else {
            continue;
        };
        for (n, o) in st.ops(inst).iter().enumerate() {
            if o.kind != OperandKind::IdRef && o.kind != OperandKind::IdResultType {
                continue;
            }
            let id = st.operand_word(inst, n);
            if let Some(sc) = limited_storage_class(st, id, vulkan) {
                if !list.iter().any(|&(c, _)| c == sc) {
                    list.push((sc, index as u32));
                }
            }
        }
    }
    if consumers.iter().all(Vec::is_empty) {
        return;
    }
    let reaching = crate::functions::entry_points_reaching(st);
    for (f, list) in consumers.iter().enumerate() {
        for &(sc, index) in list {
            let Some((allowed, message)) = limitation(sc, vulkan) else {
                continue;
            };
            for &ep in reaching.get(f).map(Vec::as_slice).unwrap_or(&[]) {
                let Some(ep_inst) = st.inst(ep) else { continue };
                let (model, function) = (st.word(ep_inst, 1), st.word(ep_inst, 2));
                if !allowed(model) {
                    s.err(
                        "execution_model.storage_class",
                        index,
                        format!("OpEntryPoint Entry Point <id> %{function}'s callgraph contains a use of this storage class, which cannot be used with the current execution model: {message}"),
                        &[function],
                    );
                }
            }
        }
    }
}
