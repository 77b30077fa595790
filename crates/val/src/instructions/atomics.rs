//! Atomic instructions (spec 3.37.18): pointer and value types (typed or untyped pointers).

use super::Sink;
use crate::state::Inst;

pub fn dispatch(_s: &mut Sink<'_, '_>, _index: u32, _inst: &Inst) -> bool {
    false
}
