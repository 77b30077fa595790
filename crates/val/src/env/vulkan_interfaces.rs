//! Vulkan interface rules of entry points: a Fragment shader's Input variable of integer
//! scalar or vector type, or of 64-bit float scalar type, is decorated Flat
//! (VUID-StandaloneSpirv-Flat-04744; spirv-val 2025.5 judges the variable's own type only, not
//! arrays or struct members).

use crate::instructions::Sink;
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::{Decoration, ExecutionModel, Op, StorageClass};

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        if st.word(&inst, 1) != ExecutionModel::Fragment.0 {
            continue;
        }
        for i in 3..usize::from(inst.ops_len) {
            let var = st.operand_word(&inst, i);
            let Some(def) = st.def(var).copied() else {
                continue;
            };
            if def.op() != Op::Variable || st.word(&def, 3) != StorageClass::Input.0 {
                continue;
            }
            let Some(pointee) = ti::pointee(st, def.result_type) else {
                continue;
            };
            let needs_flat = ti::shape(st, pointee).is_some_and(|sh| match sh.kind {
                ScalarKind::Int => true,
                ScalarKind::Float => sh.width == 64 && sh.count == 1 && !ti::is_vector(st, pointee),
                ScalarKind::Bool => false,
            });
            if needs_flat && !ti::has_decoration(st, var, Decoration::Flat) {
                s.err(
                    "vulkan.flat",
                    ep,
                    format!("Fragment OpEntryPoint operand {} with Input interfaces with integer or float type must have a Flat decoration for Entry Point id {}.", i - 1, st.operand_word(&inst, 1)),
                    &[var],
                );
            }
        }
    }
}
