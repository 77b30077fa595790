//! Vulkan: the addressing model is Logical or PhysicalStorageBuffer64
//! (VUID-StandaloneSpirv-None-04635), and fragment entry points use neither OriginLowerLeft
//! (04653) nor PixelCenterInteger (04654). spirv-val 2025.5 checks these in every Vulkan
//! environment, vulkan1.1spv1.4 included (where it has no capability rule, so a kernel
//! module is caught here). Input/Output interface variables hold no PhysicalStorageBuffer
//! pointer, directly or in arrays and structs (VUID-StandaloneSpirv-Input-09557).

use crate::instructions::Sink;
use crate::state::State;
use crate::typeinfo as ti;
use spirvkit_grammar::{AddressingModel, ExecutionMode, Op, StorageClass};

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if let Some(model) = st.addressing_model {
        if model != AddressingModel::Logical.0
            && model != AddressingModel::PhysicalStorageBuffer64.0
        {
            let at = (0..st.insts.len() as u32)
                .find(|&i| st.inst(i).is_some_and(|inst| inst.op() == Op::MemoryModel))
                .unwrap_or(0);
            s.err(
                "vulkan.addressing_model",
                at,
                "[VUID-StandaloneSpirv-None-04635] Addressing model must be Logical or PhysicalStorageBuffer64 in the Vulkan environment.",
                &[],
            );
        }
    }
    let mut seen = Vec::new();
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        for i in 3..usize::from(inst.ops_len) {
            let var = st.operand_word(&inst, i);
            let Some(def) = st.def(var).copied() else {
                continue;
            };
            let sc = st.word(&def, 3);
            if def.op() != Op::Variable
                || (sc != StorageClass::Input.0 && sc != StorageClass::Output.0)
                || seen.contains(&var)
            {
                continue;
            }
            seen.push(var);
            if ti::pointee(st, def.result_type).is_some_and(|t| holds_psb_pointer(st, t, 0)) {
                s.err(
                    "vulkan.interface_pointer",
                    st.def_index(var),
                    format!("[VUID-StandaloneSpirv-Input-09557] Input/Output interface variable id <{var}> contains a PhysicalStorageBuffer pointer, which is not allowed. If you want to interface shader stages with a PhysicalStorageBuffer, cast to a uint64 or uvec2 instead."),
                    &[var],
                );
            }
        }
    }
    for &index in &st.execution_modes {
        let Some(inst) = st.inst(index) else { continue };
        if inst.op() != Op::ExecutionMode {
            continue;
        }
        let mode = st.word(inst, 2);
        let (vuid, name) = if mode == ExecutionMode::OriginLowerLeft.0 {
            ("OriginLowerLeft-04653", "OriginLowerLeft")
        } else if mode == ExecutionMode::PixelCenterInteger.0 {
            ("PixelCenterInteger-04654", "PixelCenterInteger")
        } else {
            continue;
        };
        s.err(
            "vulkan.execution_mode",
            index,
            format!("[VUID-StandaloneSpirv-{vuid}] In the Vulkan environment, the {name} execution mode must not be used."),
            &[st.word(inst, 1)],
        );
    }
}

/// Whether `ty` is, or holds in arrays and struct members, a PhysicalStorageBuffer pointer.
fn holds_psb_pointer(st: &State<'_>, ty: u32, depth: u32) -> bool {
    if depth > 32 {
        return false;
    }
    match ti::type_op(st, ty) {
        Some(Op::TypePointer | Op::TypeUntypedPointerKHR) => {
            ti::storage_class(st, ty) == Some(StorageClass::PhysicalStorageBuffer.0)
        }
        Some(Op::TypeArray | Op::TypeRuntimeArray) => {
            ti::element_type(st, ty).is_some_and(|e| holds_psb_pointer(st, e, depth + 1))
        }
        Some(Op::TypeStruct) => ti::struct_members(st, ty)
            .iter()
            .any(|&m| holds_psb_pointer(st, m, depth + 1)),
        _ => false,
    }
}
