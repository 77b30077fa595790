//! Vulkan: the addressing model is Logical or PhysicalStorageBuffer64
//! (VUID-StandaloneSpirv-None-04635), and fragment entry points use neither OriginLowerLeft
//! (04653) nor PixelCenterInteger (04654). spirv-val 2025.5 checks these in every Vulkan
//! environment, vulkan1.1spv1.4 included (where it has no capability rule, so a kernel
//! module is caught here).

use crate::instructions::Sink;
use spirvkit_grammar::{AddressingModel, ExecutionMode, Op};

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
