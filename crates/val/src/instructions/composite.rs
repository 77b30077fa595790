//! Composite instructions (spec 3.37.12): extract/insert index walking, shuffles, construct.

use super::Sink;
use crate::state::Inst;

pub fn dispatch(_s: &mut Sink<'_, '_>, _index: u32, _inst: &Inst) -> bool {
    false
}
