//! Rules: decorations.

use crate::state::State;

pub fn check(st: &mut State<'_>) {
    let _ = st;
}
