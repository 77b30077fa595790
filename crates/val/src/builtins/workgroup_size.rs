//! WorkgroupSize in every environment: a WorkgroupSize constant whose three components are
//! all (non-specialization) constants must not have a product of zero.

use crate::instructions::Sink;
use crate::typeinfo as ti;
use spirvkit_grammar::{BuiltIn, Decoration, Op};

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    for &(target, index) in &st.decorations {
        let Some(inst) = st.inst(index) else {
            continue;
        };
        if inst.op() != Op::Decorate
            || st.word(inst, 2) != Decoration::BuiltIn.0
            || st.word(inst, 3) != BuiltIn::WorkgroupSize.0
        {
            continue;
        }
        let Some(def) = st.def(target).copied() else {
            continue;
        };
        if def.op() != Op::ConstantComposite || def.len != 6 {
            continue;
        }
        // Only OpConstant components have a static value (spec constants may change).
        let [x, y, z] = [3, 4, 5].map(|w| {
            let c = st.word(&def, w);
            match st.def_op(c) {
                Some(Op::Constant) => ti::const_uint(st, c),
                _ => None,
            }
        });
        let (Some(x), Some(y), Some(z)) = (x, y, z) else {
            continue;
        };
        if x == 0 || y == 0 || z == 0 {
            s.err(
                "builtin.workgroup_size",
                st.def_index(target),
                format!("WorkgroupSize decorations must not have a static product of zero (X = {x}, Y = {y}, Z = {z})."),
                &[target],
            );
        }
    }
}
