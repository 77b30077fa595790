//! Instructions that only some execution models may reach (spirv-val's execution-model
//! limitations): implicit-LOD sampling, OpImageQueryLod and the derivatives need implicit
//! derivatives — a Fragment entry point, or a GLCompute/Mesh/Task one with a
//! DerivativeGroupQuads/Linear execution mode. Judged per entry point whose call tree reaches
//! the instruction's function.

use super::Sink;
use crate::state::NONE;
use spirvkit_grammar::{ExecutionMode, ExecutionModel as M, Op};

fn needs_derivatives(op: Op) -> bool {
    matches!(
        op,
        Op::ImageSampleImplicitLod
            | Op::ImageSampleDrefImplicitLod
            | Op::ImageSampleProjImplicitLod
            | Op::ImageSampleProjDrefImplicitLod
            | Op::ImageSparseSampleImplicitLod
            | Op::ImageSparseSampleDrefImplicitLod
            | Op::ImageQueryLod
            | Op::DPdx
            | Op::DPdy
            | Op::Fwidth
            | Op::DPdxFine
            | Op::DPdyFine
            | Op::FwidthFine
            | Op::DPdxCoarse
            | Op::DPdyCoarse
            | Op::FwidthCoarse
    )
}

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if !st.opcodes.any(needs_derivatives) {
        return;
    }
    let limited: Vec<u32> = st
        .insts
        .iter()
        .enumerate()
        .filter(|(_, i)| i.func != NONE && needs_derivatives(i.op()))
        .map(|(n, _)| n as u32)
        .collect();
    if limited.is_empty() {
        return;
    }
    let reaching = crate::functions::entry_points_reaching(st);
    // Entry point functions with a derivative-group execution mode.
    let derivative_groups: std::collections::HashSet<u32> = st
        .execution_modes
        .iter()
        .filter_map(|&i| st.inst(i))
        .filter(|m| {
            let mode = st.word(m, 2);
            mode == ExecutionMode::DerivativeGroupQuadsKHR.0
                || mode == ExecutionMode::DerivativeGroupLinearKHR.0
        })
        .map(|m| st.word(m, 1))
        .collect();
    for index in limited {
        let Some(inst) = st.inst(index).copied() else {
            continue;
        };
        let Some(eps) = reaching.get(inst.func as usize) else {
            continue;
        };
        for &ep in eps {
            let Some(ep_inst) = st.inst(ep) else { continue };
            let (model, function) = (st.word(ep_inst, 1), st.word(ep_inst, 2));
            let compute_like = [M::GLCompute, M::MeshEXT, M::TaskEXT, M::MeshNV, M::TaskNV]
                .iter()
                .any(|m| m.0 == model);
            let allowed =
                model == M::Fragment.0 || (compute_like && derivative_groups.contains(&function));
            if !allowed {
                let what = if compute_like { "modes" } else { "model" };
                s.err(
                    "execution_model.derivatives",
                    index,
                    format!(
                        "OpEntryPoint Entry Point <id> %{function}'s callgraph contains {}, which cannot be used with the current execution {what}: implicit derivatives need a Fragment entry point, or GLCompute/Mesh/Task with DerivativeGroupQuadsKHR or DerivativeGroupLinearKHR",
                        crate::typeinfo::op_name(inst.op())
                    ),
                    &[function],
                );
                break;
            }
        }
    }
}
