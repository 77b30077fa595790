//! Vulkan scopes limited to execution models (spirv-val's execution-model limitations of
//! ValidateExecutionScope / ValidateMemoryScope), judged for each entry point whose call tree
//! reaches the instruction: a ShaderCallKHR memory scope only in ray-tracing stages (04640);
//! a Workgroup memory scope only in GLCompute, TessellationControl, task and mesh stages
//! (07321), and not in TessellationControl under the GLSL450 memory model (07320); a Workgroup
//! execution scope only in those stages too (04637); an OpControlBarrier execution scope other
//! than Subgroup not in Fragment, Vertex, Geometry, TessellationEvaluation and the
//! ray-generation/intersection/hit/miss stages (04682).

use super::Sink;
use crate::state::{Inst, NONE};
use spirvkit_grammar::{ExecutionModel as M, Op};

const WORKGROUP: u32 = 2;
const SUBGROUP: u32 = 3;
const SHADER_CALL: u32 = 6;
const GLSL450: u32 = 1;

/// Words of the execution scope and memory scope operands of `inst` (0: none).
fn scope_words(inst: &Inst) -> (usize, usize) {
    let op = inst.op();
    match op {
        Op::ControlBarrier => (1, 2),
        Op::MemoryBarrier => (0, 1),
        Op::AtomicStore => (0, 2),
        Op::AtomicLoad
        | Op::AtomicIIncrement
        | Op::AtomicIDecrement
        | Op::AtomicExchange
        | Op::AtomicIAdd
        | Op::AtomicISub
        | Op::AtomicSMin
        | Op::AtomicUMin
        | Op::AtomicSMax
        | Op::AtomicUMax
        | Op::AtomicAnd
        | Op::AtomicOr
        | Op::AtomicXor
        | Op::AtomicFAddEXT
        | Op::AtomicFMinEXT
        | Op::AtomicFMaxEXT
        | Op::AtomicCompareExchange
        | Op::AtomicCompareExchangeWeak => (0, 4),
        // The quad any/all votes have no scope operand.
        Op::GroupNonUniformQuadAllKHR | Op::GroupNonUniformQuadAnyKHR => (0, 0),
        _ if inst
            .desc()
            .is_some_and(|d| d.opname.starts_with("OpGroupNonUniform")) =>
        {
            (3, 0)
        }
        _ => (0, 0),
    }
}

fn one_of(model: u32, models: &[M]) -> bool {
    models.iter().any(|m| m.0 == model)
}

const WORKGROUP_MODELS: &[M] = &[
    M::TaskNV,
    M::MeshNV,
    M::TaskEXT,
    M::MeshEXT,
    M::TessellationControl,
    M::GLCompute,
];

/// The VUID message when an entry point of `model` may not reach `inst`.
fn limitation(
    s: &Sink<'_, '_>,
    inst: &Inst,
    (exec, mem): (Option<u32>, Option<u32>),
    model: u32,
) -> Option<&'static str> {
    if inst.op() == Op::ControlBarrier
        && exec.is_some_and(|v| v != SUBGROUP)
        && one_of(
            model,
            &[
                M::Fragment,
                M::Vertex,
                M::Geometry,
                M::TessellationEvaluation,
                M::RayGenerationKHR,
                M::IntersectionKHR,
                M::AnyHitKHR,
                M::ClosestHitKHR,
                M::MissKHR,
            ],
        )
    {
        return Some("[VUID-StandaloneSpirv-None-04682] in Vulkan environment, OpControlBarrier execution scope must be Subgroup for Fragment, Vertex, Geometry, TessellationEvaluation, RayGeneration, Intersection, AnyHit, ClosestHit, and Miss execution models");
    }
    if exec == Some(WORKGROUP) && !one_of(model, WORKGROUP_MODELS) {
        return Some("[VUID-StandaloneSpirv-None-04637] in Vulkan environment, Workgroup execution scope is only for TaskNV, MeshNV, TaskEXT, MeshEXT, TessellationControl, and GLCompute execution models");
    }
    if mem == Some(SHADER_CALL)
        && !one_of(
            model,
            &[
                M::RayGenerationKHR,
                M::IntersectionKHR,
                M::AnyHitKHR,
                M::ClosestHitKHR,
                M::MissKHR,
                M::CallableKHR,
            ],
        )
    {
        return Some("[VUID-StandaloneSpirv-None-04640] ShaderCallKHR Memory Scope requires a ray tracing execution model");
    }
    if mem == Some(WORKGROUP) {
        if !one_of(model, WORKGROUP_MODELS) {
            return Some("[VUID-StandaloneSpirv-None-07321] Workgroup Memory Scope is limited to MeshNV, TaskNV, MeshEXT, TaskEXT, TessellationControl, and GLCompute execution model");
        }
        if s.st.memory_model == Some(GLSL450) && model == M::TessellationControl.0 {
            return Some("[VUID-StandaloneSpirv-None-07320] Workgroup Memory Scope can't be used with TessellationControl using GLSL450 Memory Model");
        }
    }
    None
}

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if !st.opts.target_env.is_vulkan() {
        return;
    }
    let mut limited = Vec::new();
    for (n, inst) in st.insts.iter().enumerate() {
        if inst.func == NONE {
            continue;
        }
        let (exec_word, mem_word) = scope_words(inst);
        let value = |word: usize| {
            (word != 0)
                .then(|| super::semantics::const_int32(s, st.word(inst, word)))
                .flatten()
        };
        let (exec, mem) = (value(exec_word), value(mem_word));
        if exec.is_some() || mem.is_some() {
            limited.push((n as u32, exec, mem));
        }
    }
    if limited.is_empty() {
        return;
    }
    let reaching = crate::functions::entry_points_reaching(st);
    for (index, exec, mem) in limited {
        let Some(inst) = st.inst(index).copied() else {
            continue;
        };
        let Some(eps) = reaching.get(inst.func as usize) else {
            continue;
        };
        for &ep in eps {
            let Some(ep_inst) = st.inst(ep) else { continue };
            let (model, function) = (st.word(ep_inst, 1), st.word(ep_inst, 2));
            if let Some(why) = limitation(s, &inst, (exec, mem), model) {
                s.err(
                    "execution_model.scope",
                    index,
                    format!("OpEntryPoint Entry Point <id> %{function}'s callgraph contains {}, which cannot be used with the current execution model:\n{why}", crate::typeinfo::op_name(inst.op())),
                    &[function],
                );
                break;
            }
        }
    }
}
