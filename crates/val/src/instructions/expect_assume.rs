//! SPV_KHR_expect_assume: OpExpectKHR returns an integer or boolean scalar or vector and its
//! Value and ExpectedValue have the Result Type; OpAssumeTrueKHR takes a boolean scalar.

use super::Sink;
use crate::state::Inst;
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::Op;

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let st = s.st;
    match inst.op() {
        Op::ExpectKHR => {
            let rt = inst.result_type;
            if ti::type_inst(st, rt).is_none() {
                return true;
            }
            if !ti::shape(st, rt).is_some_and(|sh| sh.kind != ScalarKind::Float) {
                s.err(
                    "expect_assume.result_type",
                    index,
                    "Result of OpExpectKHR must be a scalar or vector of integer type or boolean type",
                    &[rt],
                );
                return true;
            }
            for (word, name) in [(3, "Value"), (4, "ExpectedValue")] {
                let id = st.word(inst, word);
                if st.def(id).is_some() && ti::type_of(st, id) != rt {
                    s.err(
                        "expect_assume.operand",
                        index,
                        format!(
                            "Type of {name} operand of OpExpectKHR does not match the result type "
                        ),
                        &[id],
                    );
                    return true;
                }
            }
        }
        Op::AssumeTrueKHR => {
            let id = st.word(inst, 1);
            if st.def(id).is_some() && !ti::is_bool(st, ti::type_of(st, id)) {
                s.err(
                    "expect_assume.operand",
                    index,
                    "Value operand of OpAssumeTrueKHR must be a boolean scalar",
                    &[id],
                );
            }
        }
        _ => return false,
    }
    true
}
