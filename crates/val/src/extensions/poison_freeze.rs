//! SPV_KHR_poison_freeze (SPIRV-Registry, extensions/KHR/SPV_KHR_poison_freeze.asciidoc,
//! revision 2): OpPoisonKHR, OpFreezeKHR and the ArithmeticPoisonKHR execution mode.
//! Capability and extension gating of the tokens is grammar-driven (`capabilities.rs`);
//! OpPoisonKHR stands where OpUndef may (module scope and function bodies) and is accepted as a
//! constituent of OpConstantComposite / OpSpecConstantComposite (`constants.rs`, as the spec's
//! revision 2 and SPIRV-Tools' ConstantCompositePoisonConstituentGood allow). spirv-val 2025.5
//! does not know the extension (see EXTENSION_RULES.md).

use crate::instructions::Sink;
use crate::state::Inst;
use crate::typeinfo as ti;
use spirvkit_grammar::{Capability, ExecutionMode, Op};

/// OpPoisonKHR: a value of its Result Type, never of type void (as OpUndef).
pub fn check_poison(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let result_type = inst.result_type;
    if s.st.def_op(result_type) == Some(Op::TypeVoid) {
        s.err(
            "poison.result_type",
            index,
            "OpPoisonKHR: Result Type must not be OpTypeVoid.",
            &[result_type],
        );
    }
}

/// OpFreezeKHR: an instruction of a function body whose Value has the Result Type.
pub fn check_freeze(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    // Only OpPoisonKHR joins OpUndef among the module-scope declarations.
    if inst.func == crate::state::NONE {
        s.err(
            "freeze.placement",
            index,
            "OpFreezeKHR must be in a function body.",
            &[],
        );
        return;
    }
    let result_type = inst.result_type;
    if st.def_op(result_type) == Some(Op::TypeVoid) {
        s.err(
            "freeze.result_type",
            index,
            "OpFreezeKHR: Result Type must not be OpTypeVoid.",
            &[result_type],
        );
        return;
    }
    let value = st.word(inst, 3);
    let value_type = ti::type_of(st, value);
    if value_type != result_type {
        s.err(
            "freeze.value_type",
            index,
            format!(
                "OpFreezeKHR: the type of Value {} must be the same as Result Type {}.",
                st.id_name(value),
                st.id_name(result_type)
            ),
            &[value, result_type],
        );
    }
}

/// "If [PoisonFreezeKHR is] declared, all entry points must use the ArithmeticPoisonKHR
/// execution mode."
pub fn check_entry_point_modes(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if !st.has_capability(Capability::PoisonFreezeKHR) {
        return;
    }
    let mode = ExecutionMode::ArithmeticPoisonKHR.0;
    for &index in &st.entry_points {
        let Some(entry) = st.inst(index).copied() else {
            continue;
        };
        let function = st.word(&entry, 2);
        let has_mode = st.execution_modes.iter().any(|&m| {
            st.inst(m).copied().is_some_and(|em| {
                em.op() == Op::ExecutionMode
                    && st.word(&em, 1) == function
                    && st.word(&em, 2) == mode
            })
        });
        if !has_mode {
            s.err(
                "poison_freeze.entry_point_mode",
                index,
                format!(
                    "Entry point {} lacks the ArithmeticPoisonKHR execution mode, which every \
                     entry point needs when the PoisonFreezeKHR capability is declared.",
                    st.id_name(function)
                ),
                &[function],
            );
        }
    }
}
