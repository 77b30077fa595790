//! Arithmetic, bit, logical and relational instructions (spec 3.37.13-15): result and operand
//! types (kind, component count, width).

use super::Sink;
use crate::state::Inst;
use spirvkit_grammar::Op;

pub fn dispatch(_s: &mut Sink<'_, '_>, _index: u32, _inst: &Inst, _op: Op) -> bool {
    false
}
