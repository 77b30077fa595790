//! Operands of the control-flow instructions (spirv-val's validate_cfg instruction rules):
//! OpBranchConditional takes a boolean scalar condition and 0 or 2 branch weights, OpSwitch an
//! integer scalar selector, OpReturn ends only functions returning void, and OpReturnValue
//! returns a value of the function's return type (no pointer under Logical addressing
//! without variable pointers).

use crate::diagnostic::Diagnostic;
use crate::state::State;
use spirvkit_grammar::{AddressingModel, Capability, Op};

/// The type instruction of a value id's type.
fn value_type<'s>(st: &'s State<'_>, value: u32) -> Option<&'s crate::state::Inst> {
    st.def(value).and_then(|d| st.def(d.result_type))
}

fn is_bool_scalar(st: &State<'_>, value: u32) -> bool {
    value_type(st, value).is_some_and(|t| t.op() == Op::TypeBool)
}

fn is_int_scalar(st: &State<'_>, value: u32) -> bool {
    value_type(st, value).is_some_and(|t| t.op() == Op::TypeInt)
}

/// Checks the terminator at instruction `index` of function `fi`.
pub fn check(st: &State<'_>, fi: u32, index: u32, out: &mut Vec<Diagnostic>) {
    let Some(term) = st.inst(index).copied() else {
        return;
    };
    match term.op() {
        Op::BranchConditional => {
            if !matches!(term.len, 4 | 6) {
                out.push(st.diag_at(
                    "cfg.branch_conditional",
                    index,
                    "OpBranchConditional requires either 3 or 5 parameters",
                ));
            }
            let condition = st.word(&term, 1);
            if !is_bool_scalar(st, condition) {
                out.push(
                    st.diag_at(
                        "cfg.branch_conditional",
                        index,
                        "Condition operand for OpBranchConditional must be of boolean type",
                    )
                    .with_ids([condition]),
                );
            }
        }
        Op::Switch => {
            let selector = st.word(&term, 1);
            if !is_int_scalar(st, selector) {
                out.push(
                    st.diag_at("cfg.switch", index, "Selector type must be OpTypeInt")
                        .with_ids([selector]),
                );
            }
        }
        Op::Return => {
            let returns_void = st
                .functions
                .get(fi as usize)
                .and_then(|f| st.inst(f.inst))
                .and_then(|f| st.def(f.result_type))
                .is_some_and(|t| t.op() == Op::TypeVoid);
            if !returns_void {
                out.push(st.diag_at(
                    "cfg.return",
                    index,
                    "OpReturn can only be called from a function with void return type.",
                ));
            }
        }
        Op::ReturnValue => check_return_value(st, fi, index, &term, out),
        _ => {}
    }
}

fn check_return_value(
    st: &State<'_>,
    fi: u32,
    index: u32,
    term: &crate::state::Inst,
    out: &mut Vec<Diagnostic>,
) {
    let value = st.word(term, 1);
    let Some(def) = st.def(value).filter(|d| d.result_type != 0) else {
        out.push(
            st.diag_at(
                "cfg.return",
                index,
                format!(
                    "OpReturnValue Value {} does not represent a value.",
                    st.id_name(value)
                ),
            )
            .with_ids([value]),
        );
        return;
    };
    let type_id = def.result_type;
    let Some(ty) = st.def(type_id).filter(|t| t.op() != Op::TypeVoid) else {
        out.push(
            st.diag_at(
                "cfg.return",
                index,
                format!(
                    "OpReturnValue value's type {} is missing or void.",
                    st.id_name(type_id)
                ),
            )
            .with_ids([type_id]),
        );
        return;
    };
    let logical = st.addressing_model == Some(AddressingModel::Logical.0);
    let variable_pointers = st.has_any_capability(&[
        Capability::VariablePointers,
        Capability::VariablePointersStorageBuffer,
    ]);
    if logical
        && matches!(ty.op(), Op::TypePointer | Op::TypeUntypedPointerKHR)
        && !variable_pointers
        && !st.opts.relax.relax_logical_pointer
    {
        out.push(
            st.diag_at(
                "cfg.return",
                index,
                format!(
                    "OpReturnValue value's type {} is a pointer, which is invalid in the Logical addressing model.",
                    st.id_name(type_id)
                ),
            )
            .with_ids([type_id]),
        );
        return;
    }
    let return_type = st
        .functions
        .get(fi as usize)
        .and_then(|f| st.inst(f.inst))
        .map_or(0, |f| f.result_type);
    if return_type != type_id {
        out.push(
            st.diag_at(
                "cfg.return",
                index,
                format!(
                    "OpReturnValue Value {}s type does not match OpFunction's return type.",
                    st.id_name(value)
                ),
            )
            .with_ids([value]),
        );
    }
}
