//! Instructions limited to fragment shaders, and the other miscellaneous instructions of
//! spirv-val's MiscPass: OpBegin/EndInvocationInterlockEXT need a Fragment entry point with a
//! pixel/sample/shading-rate interlock execution mode, OpDemoteToHelperInvocation and
//! OpIsHelperInvocationEXT a Fragment entry point (each judged for every entry point whose call
//! tree reaches the instruction); OpIsHelperInvocationEXT returns a bool; OpReadClockKHR takes a
//! Subgroup or Device scope (Vulkan) and returns a 64-bit unsigned integer or two 32-bit ones.

use super::Sink;
use crate::state::{Inst, NONE};
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::{ExecutionMode as Mode, ExecutionModel as M, Op};

const INTERLOCK_MODES: &[Mode] = &[
    Mode::PixelInterlockOrderedEXT,
    Mode::PixelInterlockUnorderedEXT,
    Mode::SampleInterlockOrderedEXT,
    Mode::SampleInterlockUnorderedEXT,
    Mode::ShadingRateInterlockOrderedEXT,
    Mode::ShadingRateInterlockUnorderedEXT,
];

/// Per-instruction rules (result and operand types).
pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let st = s.st;
    match inst.op() {
        Op::IsHelperInvocationEXT => {
            let rt = inst.result_type;
            if !ti::is_bool(st, rt) || ti::is_vector(st, rt) {
                s.err(
                    "misc.result_type",
                    index,
                    "Expected bool scalar type as Result Type: IsHelperInvocationEXT",
                    &[rt],
                );
            }
        }
        Op::ReadClockKHR => {
            super::barriers::check_scope(s, index, inst, "ReadClockKHR", 3);
            const DEVICE: u32 = 1;
            const SUBGROUP: u32 = 3;
            let scope = st.word(inst, 3);
            // Vulkan only: spirv-val 2025.5 accepts other scopes in the universal environments
            // (probed).
            if st.opts.target_env.is_vulkan()
                && super::semantics::const_int32(s, scope)
                    .is_some_and(|v| v != SUBGROUP && v != DEVICE)
            {
                s.err(
                    "misc.scope",
                    index,
                    "[VUID-StandaloneSpirv-OpReadClockKHR-04652] Scope must be Subgroup or Device",
                    &[scope],
                );
                return true;
            }
            let rt = inst.result_type;
            let ok = ti::shape(st, rt).is_some_and(|r| {
                r.kind == ScalarKind::Int
                    && r.signed == 0
                    && ((r.width == 64 && !ti::is_vector(st, rt))
                        || (r.width == 32 && r.count == 2 && ti::is_vector(st, rt)))
            });
            if !ok {
                s.err(
                    "misc.result_type",
                    index,
                    "Expected Value to be a vector of two components of unsigned integer or 64bit unsigned integer",
                    &[rt],
                );
            }
        }
        _ => return false,
    }
    true
}

/// Execution-model and execution-mode limitations, through the call graph.
fn fragment_only(op: Op) -> bool {
    matches!(
        op,
        Op::BeginInvocationInterlockEXT
            | Op::EndInvocationInterlockEXT
            | Op::DemoteToHelperInvocation
            | Op::IsHelperInvocationEXT
    )
}

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if !st.opcodes.any(fragment_only) {
        return;
    }
    let limited: Vec<u32> = st
        .insts
        .iter()
        .enumerate()
        .filter(|(_, i)| i.func != NONE && fragment_only(i.op()))
        .map(|(n, _)| n as u32)
        .collect();
    if limited.is_empty() {
        return;
    }
    let reaching = crate::functions::entry_points_reaching(st);
    let has_interlock = |function: u32| {
        st.execution_modes
            .iter()
            .filter_map(|&i| st.inst(i))
            .any(|m| {
                st.word(m, 1) == function && INTERLOCK_MODES.iter().any(|x| x.0 == st.word(m, 2))
            })
    };
    for index in limited {
        let Some(inst) = st.inst(index).copied() else {
            continue;
        };
        let Some(eps) = reaching.get(inst.func as usize) else {
            continue;
        };
        let interlock = matches!(
            inst.op(),
            Op::BeginInvocationInterlockEXT | Op::EndInvocationInterlockEXT
        );
        for &ep in eps {
            let Some(ep_inst) = st.inst(ep) else { continue };
            let (model, function) = (st.word(ep_inst, 1), st.word(ep_inst, 2));
            let why = if model != M::Fragment.0 {
                Some(match inst.op() {
                    Op::DemoteToHelperInvocation => {
                        "OpDemoteToHelperInvocationEXT requires Fragment execution model"
                    }
                    Op::IsHelperInvocationEXT => {
                        "OpIsHelperInvocationEXT requires Fragment execution model"
                    }
                    _ => "OpBeginInvocationInterlockEXT/OpEndInvocationInterlockEXT require Fragment execution model",
                })
            } else if interlock && !has_interlock(function) {
                Some("OpBeginInvocationInterlockEXT/OpEndInvocationInterlockEXT require a fragment shader interlock execution mode.")
            } else {
                None
            };
            if let Some(why) = why {
                s.err(
                    "execution_model.fragment",
                    index,
                    format!("OpEntryPoint Entry Point <id> %{function}'s callgraph contains {}, which cannot be used with the current execution model:\n{why}", ti::op_name(inst.op())),
                    &[function],
                );
                break;
            }
        }
    }
}
