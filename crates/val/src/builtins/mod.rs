//! BuiltIn decoration rules (part 2): a struct with a BuiltIn member has only BuiltIn members
//! (every environment); in Vulkan, each built-in's type, storage class and execution models
//! (`vulkan.rs`, with the per-built-in requirements in `table.rs`).

mod table;
mod vulkan;

use crate::instructions::Sink;
use crate::state::State;
use spirvkit_grammar::{Decoration, Op};
use std::collections::HashMap;

pub fn check(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let mut s = Sink::new(st);
    // Struct id → (members decorated BuiltIn, index of the first such decoration).
    let mut builtin_members: HashMap<u32, (Vec<u32>, u32)> = HashMap::new();
    for &(target, index) in &st.decorations {
        let Some(inst) = st.inst(index) else {
            continue;
        };
        if inst.op() == Op::MemberDecorate && st.word(inst, 3) == Decoration::BuiltIn.0 {
            let e = builtin_members.entry(target).or_insert((Vec::new(), index));
            e.0.push(st.word(inst, 2));
        }
    }
    let mut structs: Vec<_> = builtin_members.into_iter().collect();
    structs.sort_unstable_by_key(|(id, _)| *id);
    for (id, (mut members, _)) in structs {
        let Some(def) = st.def(id) else {
            continue;
        };
        if def.op() != Op::TypeStruct {
            continue;
        }
        members.sort_unstable();
        members.dedup();
        let count = usize::from(def.len).saturating_sub(2);
        if members.len() != count {
            s.err(
                "decoration.builtin_members",
                st.def_index(id),
                format!("When BuiltIn decoration is applied to a structure-type member, all members of that structure type must also be decorated with BuiltIn (No allowed mixing of built-in variables and non-built-in variables within a single structure). Structure id {id} does not meet this requirement."),
                &[id],
            );
        }
    }
    if st.opts.target_env.is_vulkan() {
        vulkan::check(&mut s);
    }
    s.out
}
