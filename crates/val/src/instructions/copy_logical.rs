//! OpCopyLogical (SPIR-V 1.4): the Result Type differs from the Operand's type and matches it
//! logically — the same kind, arrays of the same length id with logically matching elements,
//! structs with as many members, each matching (identical types match; other types only
//! through arrays and structs), as spirv-val's LogicallyMatch.

use super::Sink;
use crate::state::{Inst, State};
use crate::typeinfo as ti;
use spirvkit_grammar::Op;

fn logically_match(st: &State<'_>, a: u32, b: u32, depth: u32) -> bool {
    if a == b {
        return true;
    }
    if depth > 32 {
        return true;
    }
    let (Some(oa), Some(ob)) = (ti::type_op(st, a), ti::type_op(st, b)) else {
        return false;
    };
    if oa != ob {
        return false;
    }
    match oa {
        Op::TypeArray => {
            let (Some(da), Some(db)) =
                (ti::type_inst(st, a).copied(), ti::type_inst(st, b).copied())
            else {
                return false;
            };
            let (la, lb) = (st.word(&da, 3), st.word(&db, 3));
            // The same length id (spirv-val compares ids: two constants of one value differ).
            la == lb
                && logically_match(
                    st,
                    ti::element_type(st, a).unwrap_or(0),
                    ti::element_type(st, b).unwrap_or(0),
                    depth + 1,
                )
        }
        Op::TypeStruct => {
            let (ma, mb) = (ti::struct_members(st, a), ti::struct_members(st, b));
            ma.len() == mb.len()
                && ma
                    .iter()
                    .zip(mb)
                    .all(|(&x, &y)| logically_match(st, x, y, depth + 1))
        }
        _ => false,
    }
}

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    if inst.op() != Op::CopyLogical {
        return false;
    }
    let st = s.st;
    let operand = st.word(inst, 3);
    if st.def(operand).is_none() || ti::type_inst(st, inst.result_type).is_none() {
        return true;
    }
    let source = ti::type_of(st, operand);
    let message = if source == inst.result_type {
        Some("Result Type must not equal the Operand type")
    } else if !logically_match(st, source, inst.result_type, 0) {
        Some("Result Type does not logically match the Operand type")
    } else {
        None
    };
    if let Some(m) = message {
        s.err("composite.copy_logical", index, m, &[operand]);
    }
    true
}
