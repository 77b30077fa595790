//! Structured control flow (spec 2.11, 2.16.2), when the Shader capability is declared:
//! back-edges only to loop headers, one back-edge per loop, a block is the merge block of at
//! most one header, headers dominate their merge blocks and continue targets, and the
//! control-flow nesting depth limit.

use crate::cfg::FunctionCfg;
use crate::diagnostic::Diagnostic;
use crate::dominators::UNDEF;
use crate::state::{State, NONE};
use spirvkit_grammar::Op;

pub fn check_function(st: &State<'_>, fi: u32, cfg: &FunctionCfg, out: &mut Vec<Diagnostic>) {
    let _ = fi;
    let n = cfg.labels.len();
    let is_loop_header = |b: u32| -> bool {
        let mi = cfg.merge_inst.get(b as usize).copied().unwrap_or(NONE);
        st.inst(mi).is_some_and(|m| m.op() == Op::LoopMerge)
    };
    // Back-edges: retreating edges of a DFS from the entry over the structural CFG (branch
    // edges, then each header's merge block and continue target), counted per source block.
    let structural = structural_successors(cfg);
    let mut on_stack = vec![false; n];
    let mut visited = vec![false; n];
    let mut back_edges = vec![0u32; n];
    let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
    visited[0] = true;
    on_stack[0] = true;
    while let Some(top) = stack.last_mut() {
        let (node, next) = (top.0, top.1);
        match structural
            .get(node as usize)
            .and_then(|s| s.get(next))
            .copied()
        {
            Some(s) => {
                top.1 += 1;
                let su = s as usize;
                if on_stack[su] {
                    if !is_loop_header(s) {
                        out.push(
                            st.diag_at(
                                "structured.back_edge",
                                st.blocks.get((cfg.start + node) as usize).map_or(NONE, |b| b.terminator),
                                format!(
                                    "Back-edges ({} -> {}) can only be formed between a block and a loop header.",
                                    st.id_name(cfg.label(node)),
                                    st.id_name(cfg.label(s))
                                ),
                            )
                            .with_ids([cfg.label(node), cfg.label(s)]),
                        );
                    } else {
                        back_edges[su] += 1;
                    }
                } else if !visited[su] {
                    visited[su] = true;
                    on_stack[su] = true;
                    stack.push((s, 0));
                }
            }
            None => {
                on_stack[node as usize] = false;
                stack.pop();
            }
        }
    }
    let mut merge_of = vec![NONE; n];
    for b in 0..n as u32 {
        let bu = b as usize;
        let mi = cfg.merge_inst[bu];
        if mi == NONE {
            continue;
        }
        let m = cfg.merge[bu];
        if m != NONE {
            if merge_of[m as usize] != NONE {
                out.push(
                    st.diag_at(
                        "structured.merge_unique",
                        mi,
                        format!(
                            "Block {} is already a merge block for another header",
                            st.id_name(cfg.label(m))
                        ),
                    )
                    .with_ids([cfg.label(m)]),
                );
            } else {
                merge_of[m as usize] = b;
            }
            if cfg.dom.reachable(b) && cfg.dom.reachable(m) && !cfg.dom.dominates(b, m) {
                let kind = if is_loop_header(b) {
                    "loop"
                } else {
                    "selection"
                };
                out.push(
                    st.diag_at(
                        "structured.merge_dominance",
                        mi,
                        format!(
                            "The {kind} construct with the {kind} header {} does not dominate the merge block {}",
                            st.id_name(cfg.label(b)),
                            st.id_name(cfg.label(m))
                        ),
                    )
                    .with_ids([cfg.label(b), cfg.label(m)]),
                );
            }
        }
        let c = cfg.continue_target[bu];
        if c != NONE {
            if cfg.dom.reachable(b) && cfg.dom.reachable(c) && !cfg.dom.dominates(b, c) {
                out.push(
                    st.diag_at(
                        "structured.continue_dominance",
                        mi,
                        format!(
                            "The continue construct with the continue target {} is not dominated by its loop header {}",
                            st.id_name(cfg.label(c)),
                            st.id_name(cfg.label(b))
                        ),
                    )
                    .with_ids([cfg.label(c), cfg.label(b)]),
                );
            }
            if back_edges[bu] > 1 {
                out.push(
                    st.diag_at(
                        "structured.back_edge",
                        mi,
                        format!(
                            "Loop header {} is targeted by {} back-edge blocks but the standard requires exactly one",
                            st.id_name(cfg.label(b)),
                            back_edges[bu]
                        ),
                    )
                    .with_ids([cfg.label(b)]),
                );
            }
        }
    }
    check_selections(st, cfg, out);
    let _ = UNDEF;
}

/// Conditional branches without a merge instruction are allowed only when one target was
/// already seen (a break or continue); OpSwitch always needs OpSelectionMerge. Blocks are
/// visited in reverse postorder of the structural CFG (successors, then merge, then continue).
fn check_selections(st: &State<'_>, cfg: &FunctionCfg, out: &mut Vec<Diagnostic>) {
    let structural = structural_successors(cfg);
    let mut order = crate::dominators::postorder(&structural, 0);
    order.reverse();
    let mut seen: std::collections::HashSet<u32> = std::collections::HashSet::new();
    for b in order {
        let bu = b as usize;
        let Some(block) = st.blocks.get((cfg.start + b) as usize) else {
            continue;
        };
        let Some(term) = st.inst(block.terminator).copied() else {
            continue;
        };
        let mi = cfg.merge_inst[bu];
        let merge_op = st.inst(mi).map(|m| m.op());
        if let Some(m) = st.inst(mi) {
            seen.insert(st.word(m, 1));
            if m.op() == Op::LoopMerge {
                seen.insert(st.word(m, 2));
            }
        }
        match term.op() {
            Op::BranchConditional => {
                let t = seen.insert(st.word(&term, 2));
                let f = seen.insert(st.word(&term, 3));
                if merge_op != Some(Op::SelectionMerge) && t && f {
                    out.push(st.diag_at(
                        "structured.selection",
                        block.terminator,
                        "Selection must be structured",
                    ));
                }
            }
            Op::Switch => {
                if merge_op.is_none() {
                    out.push(st.diag_at(
                        "structured.selection",
                        block.terminator,
                        "OpSwitch must be preceded by an OpSelectionMerge instruction",
                    ));
                }
                for (i, o) in st.ops(&term).iter().enumerate() {
                    if i >= 1 && o.kind == spirvkit_grammar::OperandKind::IdRef {
                        seen.insert(st.word(&term, usize::from(o.offset)));
                    }
                }
            }
            _ => {}
        }
    }
}

/// Branch successors followed by the merge block and continue target of a header (deduplicated).
fn structural_successors(cfg: &FunctionCfg) -> Vec<Vec<u32>> {
    (0..cfg.labels.len())
        .map(|b| {
            let mut s = cfg.succs[b].clone();
            for extra in [cfg.merge[b], cfg.continue_target[b]] {
                if extra != NONE && !s.contains(&extra) {
                    s.push(extra);
                }
            }
            s
        })
        .collect()
}
