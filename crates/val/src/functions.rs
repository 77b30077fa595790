//! Functions: OpFunction's type is an OpTypeFunction whose return type matches; parameters
//! match the function type in number and type; OpFunctionCall names a function with matching
//! argument and result types; no recursion when Shader is declared (Kernel modules may recurse
//! only through... never: spirv-val rejects recursion in shaders only).

use crate::state::State;
use spirvkit_grammar::{Capability, Op};

/// Callees of every function (indices into `State::functions`), from OpFunctionCall (the
/// calls were listed while reading: each stands in the function it belongs to once `layout`
/// passed, which the rule families need).
pub fn call_graph(st: &State<'_>) -> Vec<Vec<u32>> {
    let mut graph: Vec<Vec<u32>> = vec![Vec::new(); st.functions.len()];
    if st.calls.is_empty() {
        return graph;
    }
    let mut func_index = std::collections::HashMap::new();
    for (i, f) in st.functions.iter().enumerate() {
        func_index.entry(f.id).or_insert(i as u32);
    }
    for inst in st.calls.iter().filter_map(|&i| st.inst(i)) {
        let (Some(callees), Some(&callee)) = (
            graph.get_mut(inst.func as usize),
            func_index.get(&st.word(inst, 3)),
        ) else {
            continue;
        };
        callees.push(callee);
    }
    for callees in &mut graph {
        callees.sort_unstable();
        callees.dedup();
    }
    graph
}

/// For every function (index into `State::functions`), the OpEntryPoint instructions (indices)
/// whose call tree reaches it.
pub fn entry_points_reaching(st: &State<'_>) -> Vec<Vec<u32>> {
    let graph = call_graph(st);
    let mut index_of = std::collections::HashMap::new();
    for (i, f) in st.functions.iter().enumerate() {
        index_of.entry(f.id).or_insert(i);
    }
    let mut reaching: Vec<Vec<u32>> = vec![Vec::new(); st.functions.len()];
    let mut stamp = vec![usize::MAX; st.functions.len()];
    for (n, &ep) in st.entry_points.iter().enumerate() {
        let Some(inst) = st.inst(ep) else { continue };
        let Some(&root) = index_of.get(&st.word(inst, 2)) else {
            continue;
        };
        let mut stack = vec![root];
        while let Some(f) = stack.pop() {
            match stamp.get_mut(f) {
                Some(v) if *v != n => *v = n,
                _ => continue,
            }
            if let Some(list) = reaching.get_mut(f) {
                list.push(ep);
            }
            if let Some(callees) = graph.get(f) {
                stack.extend(callees.iter().map(|&c| c as usize));
            }
        }
    }
    reaching
}

pub fn check(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let mut errors: Vec<(&'static str, u32, String, Vec<u32>)> = Vec::new();
    for f in &st.functions {
        let Some(finst) = st.inst(f.inst).copied() else {
            continue;
        };
        let fn_type_id = st.operand_word(&finst, 3);
        let Some(fn_type) = st.def(fn_type_id).copied() else {
            continue;
        };
        if fn_type.op() != Op::TypeFunction {
            errors.push((
                "function.type",
                f.inst,
                format!(
                    "OpFunction Function Type {} is not a function type.",
                    st.id_name(fn_type_id)
                ),
                vec![fn_type_id],
            ));
            continue;
        }
        let ret = st.operand_word(&fn_type, 1);
        if ret != finst.result_type {
            errors.push((
                "function.type",
                f.inst,
                format!(
                    "OpFunction Result Type {} does not match the Function Type's return type {}.",
                    st.id_name(finst.result_type),
                    st.id_name(ret)
                ),
                vec![finst.result_type, ret],
            ));
        }
        let param_types: Vec<u32> = st.inst_words(&fn_type).iter().skip(3).copied().collect();
        // Fewer parameters than the type declares is not an error for spirv-val 2025.5
        // (checked: it accepts declarations and definitions with missing parameters).
        if f.params.len() > param_types.len() {
            errors.push((
                "function.parameters",
                f.inst,
                format!(
                    "Too many OpFunctionParameters for {}: its type {} declares {}",
                    st.id_name(f.id),
                    st.id_name(fn_type_id),
                    param_types.len()
                ),
                vec![f.id],
            ));
        } else {
            for (i, (&p, &t)) in f.params.iter().zip(&param_types).enumerate() {
                let pi = st.def_index(p);
                let pt = st.inst(pi).map_or(0, |d| d.result_type);
                if pt != t {
                    errors.push((
                        "function.parameters",
                        pi,
                        format!(
                            "OpFunctionParameter Result Type {} does not match the OpTypeFunction parameter type of the same index ({i}).",
                            st.id_name(pt)
                        ),
                        vec![p, t],
                    ));
                }
            }
        }
    }
    // Linkage: declarations are imported, definitions are not.
    let imported = imported_ids(st);
    for f in &st.functions {
        let is_import = imported.contains(&f.id);
        let is_declaration = f.blocks_start == f.blocks_end;
        if is_declaration && !is_import {
            errors.push((
                "function.linkage",
                f.inst,
                format!(
                    "Function declaration (id {}) must have a LinkageAttributes decoration with the Import Linkage type.",
                    f.id
                ),
                vec![f.id],
            ));
        } else if !is_declaration && is_import {
            errors.push((
                "function.linkage",
                f.inst,
                format!(
                    "Function definition (id {}) may not be decorated with Import Linkage type.",
                    f.id
                ),
                vec![f.id],
            ));
        }
    }
    // Calls.
    let calls = if st.opcodes.contains(Op::FunctionCall) {
        st.insts.len() as u32
    } else {
        0
    };
    for index in 0..calls {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        if inst.op() != Op::FunctionCall {
            continue;
        }
        let callee = st.word(&inst, 3);
        let Some(cdef) = st.def(callee).copied() else {
            continue;
        };
        if cdef.op() != Op::Function {
            errors.push((
                "function.call",
                index,
                format!(
                    "OpFunctionCall Function {} is not a function.",
                    st.id_name(callee)
                ),
                vec![callee],
            ));
            continue;
        }
        if cdef.result_type != inst.result_type {
            errors.push((
                "function.call",
                index,
                format!(
                    "OpFunctionCall Result Type {}'s type does not match Function {}'s return type.",
                    st.id_name(inst.result_type),
                    st.id_name(callee)
                ),
                vec![inst.result_type, callee],
            ));
        }
        let Some(ftype) = st.def(st.operand_word(&cdef, 3)).copied() else {
            continue;
        };
        if ftype.op() != Op::TypeFunction {
            continue;
        }
        let params: Vec<u32> = st.inst_words(&ftype).iter().skip(3).copied().collect();
        let args: Vec<u32> = st.inst_words(&inst).iter().skip(4).copied().collect();
        if params.len() != args.len() {
            errors.push((
                "function.call",
                index,
                format!(
                    "OpFunctionCall Function {}'s parameter count does not match the argument count.",
                    st.id_name(callee)
                ),
                vec![callee],
            ));
            continue;
        }
        for (&a, &p) in args.iter().zip(&params) {
            let at = st.def(a).map_or(0, |d| d.result_type);
            if at != p && !st.opts.relax.relax_logical_pointer {
                // Untyped/relaxed pointers aside, argument types must match exactly.
                let untyped = st
                    .def(at)
                    .is_some_and(|d| d.op() == Op::TypeUntypedPointerKHR)
                    || st
                        .def(p)
                        .is_some_and(|d| d.op() == Op::TypeUntypedPointerKHR);
                if !untyped {
                    errors.push((
                        "function.call",
                        index,
                        format!(
                            "OpFunctionCall Argument {}'s type does not match Function {}'s parameter type.",
                            st.id_name(a),
                            st.id_name(callee)
                        ),
                        vec![a, callee],
                    ));
                }
            }
        }
    }
    // Recursion: spirv-val rejects call-graph cycles only for Vulkan, and only cycles an entry
    // point reaches (a cycle among uncalled functions is accepted; found by mutation).
    if st.opts.target_env.is_vulkan() && st.has_capability(Capability::Shader) {
        let graph = call_graph(st);
        let roots: Vec<usize> = st
            .entry_points
            .iter()
            .filter_map(|&ep| st.inst(ep))
            .filter_map(|ep| {
                let function = st.word(ep, 2);
                st.functions.iter().position(|f| f.id == function)
            })
            .collect();
        if let Some(f) = find_cycle(&graph, &roots) {
            if let Some(func) = st.functions.get(f as usize) {
                errors.push((
                    "function.recursion",
                    func.inst,
                    format!("Entry points may not have a call graph with cycles (function {} is recursive).", st.id_name(func.id)),
                    vec![func.id],
                ));
            }
        }
    }
    errors
        .into_iter()
        .map(|e| st.diag_at(e.0, e.1, e.2).with_ids(e.3))
        .collect()
}

/// Ids decorated `LinkageAttributes ... Import`, directly or through a decoration group.
fn imported_ids(st: &State<'_>) -> std::collections::HashSet<u32> {
    const IMPORT: u32 = 1;
    let mut out = std::collections::HashSet::new();
    let mut groups = std::collections::HashSet::new();
    // Every OpDecorate is in `st.decorations` (the order does not matter for a set).
    for inst in st.decorations.iter().filter_map(|&(_, i)| st.inst(i)) {
        if inst.op() == Op::Decorate
            && st.word(inst, 2) == spirvkit_grammar::Decoration::LinkageAttributes.0
            && st.inst_words(inst).last() == Some(&IMPORT)
        {
            let target = st.word(inst, 1);
            if st.def_op(target) == Some(Op::DecorationGroup) {
                groups.insert(target);
            } else {
                out.insert(target);
            }
        }
    }
    if !groups.is_empty() {
        for inst in st.group_decorates.iter().filter_map(|&i| st.inst(i)) {
            if inst.op() == Op::GroupDecorate && groups.contains(&st.word(inst, 1)) {
                out.extend(st.inst_words(inst).iter().skip(2).copied());
            }
        }
    }
    out
}

/// A function on a call cycle reachable from `roots`, if any (iterative DFS with colours).
fn find_cycle(graph: &[Vec<u32>], roots: &[usize]) -> Option<u32> {
    let n = graph.len();
    let mut colour = vec![0u8; n];
    for &root in roots {
        if colour.get(root).is_none_or(|&c| c != 0) {
            continue;
        }
        let mut stack: Vec<(u32, usize)> = vec![(root as u32, 0)];
        colour[root] = 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            let succ = graph.get(node as usize).and_then(|s| s.get(*next)).copied();
            match succ {
                Some(s) => {
                    *next += 1;
                    match colour.get(s as usize).copied() {
                        Some(0) => {
                            colour[s as usize] = 1;
                            stack.push((s, 0));
                        }
                        Some(1) => return Some(s),
                        _ => {}
                    }
                }
                None => {
                    colour[node as usize] = 2;
                    stack.pop();
                }
            }
        }
    }
    None
}
