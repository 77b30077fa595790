//! Vulkan: a BuiltIn is used at most once by an entry point's Input interface and at most once
//! by its Output interface (VUID-StandaloneSpirv-OpEntryPoint-09658 / 09659). As spirv-val
//! 2025.5 counts them: each listed Input/Output variable contributes its own BuiltIn
//! decorations, or, when it is a struct (not an array of one), every BuiltIn member of the
//! struct; decorations reached through decoration groups count. Arrays of built-in blocks
//! (per-vertex `gl_in[]`) are not counted (probed: accepted by spirv-val).

use crate::instructions::Sink;
use crate::state::State;
use crate::typeinfo as ti;
use spirvkit_grammar::{Decoration, Op, OperandKind, StorageClass};

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    // OpGroupMemberDecorate instructions are keyed by their group: collect them once.
    let member_groups: Vec<u32> = st
        .decorations
        .iter()
        .map(|&(_, index)| index)
        .filter(|&index| {
            st.inst(index)
                .is_some_and(|d| d.op() == Op::GroupMemberDecorate)
        })
        .collect();
    let mut seen: Vec<(u32, u32)> = Vec::new();
    let mut builtins = Vec::new();
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        seen.clear();
        for i in 3..usize::from(inst.ops_len) {
            let var = st.operand_word(&inst, i);
            let Some(def) = st.def(var).copied() else {
                continue;
            };
            let sc = st.word(&def, 3);
            if def.op() != Op::Variable
                || (sc != StorageClass::Input.0 && sc != StorageClass::Output.0)
            {
                continue;
            }
            builtins.clear();
            match ti::pointee(st, def.result_type) {
                Some(ty) if ti::type_op(st, ty) == Some(Op::TypeStruct) => {
                    member_builtins(st, ty, &member_groups, &mut builtins)
                }
                _ => variable_builtins(st, var, &mut builtins),
            }
            for &b in &builtins {
                if seen.contains(&(sc, b)) {
                    let (vuid, class) = if sc == StorageClass::Input.0 {
                        ("09658", "input")
                    } else {
                        ("09659", "output")
                    };
                    let name = OperandKind::BuiltIn
                        .desc()
                        .enumerant(b)
                        .map_or_else(|| b.to_string(), |e| e.name.to_string());
                    s.err(
                        "vulkan.builtin_interface",
                        st.def_index(var),
                        format!("[VUID-StandaloneSpirv-OpEntryPoint-{vuid}] OpEntryPoint contains duplicate {class} variables with {name} builtin"),
                        &[var, st.operand_word(&inst, 1)],
                    );
                } else {
                    seen.push((sc, b));
                }
            }
        }
    }
}

/// BuiltIn values decorating `var` directly or through OpGroupDecorate.
fn variable_builtins(st: &State<'_>, var: u32, out: &mut Vec<u32>) {
    for d in st.decorations_of(var) {
        if d.op() == Op::Decorate && st.word(d, 2) == Decoration::BuiltIn.0 {
            out.push(st.word(d, 3));
        }
    }
    for &index in &st.group_decorates {
        if let Some(g) = st.inst(index) {
            let targets = st.inst_words(g).get(2..).unwrap_or(&[]);
            for _ in targets.iter().filter(|&&t| t == var) {
                group_builtins(st, st.word(g, 1), out);
            }
        }
    }
}

/// BuiltIn values of the members of struct `ty`, directly or through OpGroupMemberDecorate.
fn member_builtins(st: &State<'_>, ty: u32, member_groups: &[u32], out: &mut Vec<u32>) {
    for d in st.decorations_of(ty) {
        if d.op() == Op::MemberDecorate && st.word(d, 3) == Decoration::BuiltIn.0 {
            out.push(st.word(d, 4));
        }
    }
    for &index in member_groups {
        if let Some(g) = st.inst(index) {
            // Each (struct, member) pair naming `ty` applies the group once.
            let pairs = st.inst_words(g).get(2..).unwrap_or(&[]).chunks_exact(2);
            for _ in pairs.filter(|p| p[0] == ty) {
                group_builtins(st, st.word(g, 1), out);
            }
        }
    }
}

fn group_builtins(st: &State<'_>, group: u32, out: &mut Vec<u32>) {
    if st.def_op(group) != Some(Op::DecorationGroup) {
        return;
    }
    for g in st.decorations_of(group) {
        if g.op() == Op::Decorate && st.word(g, 2) == Decoration::BuiltIn.0 {
            out.push(st.word(g, 3));
        }
    }
}
