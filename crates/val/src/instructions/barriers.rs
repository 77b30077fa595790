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
            super::semantics::check(s, index, inst, opname, 3, 2);
            check_vulkan_execution_scope(s, index, inst, opname, 1);
            check_memory_scope(s, index, inst, opname, 2);
        }
        Op::MemoryBarrier => {
            check_scope(s, index, inst, opname, 1);
            super::semantics::check(s, index, inst, opname, 2, 1);
            check_memory_scope(s, index, inst, opname, 1);
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

/// The Memory Scope at word `word`, as spirv-val's ValidateMemoryScope (after the Scope
/// operand rules of [`check_scope`]): QueueFamily needs VulkanMemoryModel, Device under
/// VulkanMemoryModel needs VulkanMemoryModelDeviceScope; in Vulkan no CrossDevice
/// (VUID-StandaloneSpirv-None-04638) and, in Vulkan 1.0, Subgroup only with SubgroupBallotKHR
/// or SubgroupVoteKHR (07951).
pub fn check_memory_scope(
    s: &mut Sink<'_, '_>,
    index: u32,
    inst: &Inst,
    opname: &str,
    word: usize,
) {
    const CROSS_DEVICE: u32 = 0;
    const DEVICE: u32 = 1;
    const SUBGROUP: u32 = 3;
    const QUEUE_FAMILY: u32 = 5;
    let st = s.st;
    let id = st.word(inst, word);
    let Some(value) = super::semantics::const_int32(s, id) else {
        return;
    };
    let vulkan_model = st.has_capability(Capability::VulkanMemoryModel);
    let env = st.opts.target_env;
    let message = if value == QUEUE_FAMILY {
        (!vulkan_model).then(|| {
            (
                "scope.memory",
                format!("{opname}: Memory Scope QueueFamilyKHR requires capability VulkanMemoryModelKHR"),
            )
        })
    } else if value == DEVICE
        && vulkan_model
        && !st.has_capability(Capability::VulkanMemoryModelDeviceScope)
    {
        Some(("scope.memory", "Use of device scope with VulkanKHR memory model requires the VulkanMemoryModelDeviceScopeKHR capability".to_string()))
    } else if env.is_vulkan() && value == CROSS_DEVICE {
        Some(("scope.vulkan", format!("[VUID-StandaloneSpirv-None-04638] {opname}: in Vulkan environment Memory Scope is limited to Device, QueueFamily, Workgroup, ShaderCallKHR, Subgroup, or Invocation")))
    } else if env == crate::TargetEnv::Vulkan(0)
        && value == SUBGROUP
        && !st.has_capability(Capability::SubgroupBallotKHR)
        && !st.has_capability(Capability::SubgroupVoteKHR)
    {
        Some(("scope.vulkan", format!("[VUID-StandaloneSpirv-None-07951] {opname}: in Vulkan 1.0 environment Memory Scope is can not be Subgroup without SubgroupBallotKHR or SubgroupVoteKHR declared")))
    } else {
        None
    };
    if let Some((rule, message)) = message {
        s.err(rule, index, message, &[id]);
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
