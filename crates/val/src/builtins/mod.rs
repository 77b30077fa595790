//! BuiltIn decoration rules (part 2): a struct with a BuiltIn member has only BuiltIn members
//! (every environment); in Vulkan, each built-in's type, storage class and execution models
//! (`vulkan.rs`, with the per-built-in requirements in `table.rs`); WorkgroupSize's static
//! product (`workgroup_size.rs`, every environment).

mod table;
mod vulkan;
mod workgroup_size;

use crate::instructions::Sink;
use crate::state::State;
use crate::typeinfo as ti;
use spirvkit_grammar::{Decoration, Op, StorageClass};
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
    interface_blocks(&mut s);
    workgroup_size::check(&mut s);
    if st.opts.target_env.is_vulkan() {
        vulkan::check(&mut s);
    }
    s.out
}

/// An Input/Output interface variable whose struct type (not an array of it) has BuiltIn members
/// is a Block (spirv-val's interface rule, every environment).
fn interface_blocks(s: &mut Sink<'_, '_>) {
    let st = s.st;
    let mut reported = std::collections::HashSet::new();
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        for i in 3..usize::from(inst.ops_len) {
            let var = st.operand_word(&inst, i);
            let Some(def) = st.def(var).copied() else {
                continue;
            };
            if def.op() != Op::Variable {
                continue;
            }
            let sc = st.word(&def, 3);
            if sc != StorageClass::Input.0 && sc != StorageClass::Output.0 {
                continue;
            }
            // Only the variable's own type: spirv-val 2025.5 accepts arrays of such structs
            // (per-vertex gl_in/gl_out without Block; found by mutation testing).
            let Some(ty) = ti::pointee(st, def.result_type) else {
                continue;
            };
            if ti::type_op(st, ty) == Some(Op::TypeStruct)
                && ti::has_member_decoration(st, ty, Decoration::BuiltIn)
                && !ti::has_decoration(st, ty, Decoration::Block)
                && reported.insert(var)
            {
                s.err(
                    "decoration.builtin_block",
                    st.def_index(var),
                    "Interface struct has no Block decoration but has BuiltIn members. Location decorations must be used on each member of OpVariable with a structure type that is a block not decorated with Location.",
                    &[var, ty],
                );
            }
        }
    }
}
