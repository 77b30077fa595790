//! Barriers (OpControlBarrier, OpMemoryBarrier) and the Scope / Memory Semantics operands
//! shared with atomics: scopes are 32-bit integers, OpConstant when Shader is declared, with a
//! valid Scope value; constant semantics set at most one memory-order bit.

use super::Sink;
use crate::state::Inst;
use crate::typeinfo as ti;
use spirvkit_grammar::{Capability, Op};

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let opname = &ti::op_name(inst.op())[2..];
    match inst.op() {
        Op::ControlBarrier => {
            check_scope(s, index, inst, opname, 1);
            check_scope(s, index, inst, opname, 2);
            check_semantics(s, index, inst, opname, 3);
            check_vulkan_execution_scope(s, index, inst, opname, 1);
            check_vulkan_memory_scope(s, index, inst, opname, 2);
        }
        Op::MemoryBarrier => {
            check_scope(s, index, inst, opname, 1);
            check_semantics(s, index, inst, opname, 2);
            check_vulkan_memory_scope(s, index, inst, opname, 1);
        }
        _ => return false,
    }
    true
}

/// The Scope id at word `word`.
pub fn check_scope(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, opname: &str, word: usize) {
    let st = s.st;
    let id = st.word(inst, word);
    let Some(def) = st.def(id).copied() else {
        return;
    };
    let t = def.result_type;
    if !ti::is_int(st, t) || ti::component_width(st, t) != Some(32) {
        s.err(
            "scope.type",
            index,
            format!("{opname}: expected scope to be a 32-bit int"),
            &[id],
        );
        return;
    }
    let is_constant = def.op() == Op::Constant;
    if !is_constant {
        if st.has_capability(Capability::Shader)
            && !st.has_capability(Capability::CooperativeMatrixNV)
            && !matches!(def.op(), Op::SpecConstant | Op::SpecConstantOp)
        {
            s.err(
                "scope.constant",
                index,
                "Scope ids must be OpConstant when Shader capability is present",
                &[id],
            );
        }
        return;
    }
    // CrossDevice .. ShaderCallKHR.
    if ti::const_uint(st, id).is_some_and(|v| v > 6) {
        s.err("scope.value", index, "Invalid scope value", &[id]);
    }
}

/// The value of a constant Scope id in a Vulkan environment (None elsewhere or when it is not
/// an OpConstant).
fn vulkan_scope_value(s: &Sink<'_, '_>, inst: &Inst, word: usize) -> Option<u64> {
    let st = s.st;
    let id = st.word(inst, word);
    (st.opts.target_env.is_vulkan() && st.def_op(id) == Some(Op::Constant))
        .then(|| ti::const_uint(st, id))
        .flatten()
}

/// Vulkan has no CrossDevice memory scope (VUID-StandaloneSpirv-None-04638).
pub fn check_vulkan_memory_scope(
    s: &mut Sink<'_, '_>,
    index: u32,
    inst: &Inst,
    opname: &str,
    word: usize,
) {
    const CROSS_DEVICE: u64 = 0;
    if vulkan_scope_value(s, inst, word) == Some(CROSS_DEVICE) {
        let id = s.st.word(inst, word);
        s.err(
            "scope.vulkan",
            index,
            format!("[VUID-StandaloneSpirv-None-04638] {opname}: in Vulkan environment Memory Scope is limited to Device, QueueFamily, Workgroup, ShaderCallKHR, Subgroup, or Invocation"),
            &[id],
        );
    }
}

/// Vulkan barriers synchronize a workgroup or a subgroup (VUID-StandaloneSpirv-None-04636).
fn check_vulkan_execution_scope(
    s: &mut Sink<'_, '_>,
    index: u32,
    inst: &Inst,
    opname: &str,
    word: usize,
) {
    const WORKGROUP: u64 = 2;
    const SUBGROUP: u64 = 3;
    if vulkan_scope_value(s, inst, word).is_some_and(|v| v != WORKGROUP && v != SUBGROUP) {
        let id = s.st.word(inst, word);
        s.err(
            "scope.vulkan",
            index,
            format!("[VUID-StandaloneSpirv-None-04636] {opname}: in Vulkan environment Execution Scope is limited to Workgroup and Subgroup"),
            &[id],
        );
    }
}

/// The Memory Semantics id at word `word`.
pub fn check_semantics(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, opname: &str, word: usize) {
    let st = s.st;
    let id = st.word(inst, word);
    if st.def(id).is_none() {
        return;
    }
    const ORDER_BITS: u64 = 0x2 | 0x4 | 0x8 | 0x10;
    if let Some(v) = ti::const_uint(st, id).filter(|_| st.def_op(id) == Some(Op::Constant)) {
        if (v & ORDER_BITS).count_ones() > 1 {
            s.err(
                "semantics.order",
                index,
                format!("{opname}: Memory Semantics must have at most one non-relaxed memory order bit set"),
                &[id],
            );
        }
    }
}
