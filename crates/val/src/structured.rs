//! Structured control flow (spec 2.11, 2.16.2), when the Shader capability is declared.
//!
//! Everything here works on the *structural* CFG: branch edges plus, for every header, an
//! edge to its merge block and (loops) its continue target — the graph spirv-val uses for
//! structured rules. This file builds that graph with its dominator and post-dominator trees
//! and checks the graph-level rules: back-edges only to loop headers and exactly one per
//! reachable loop, one header per merge block, and that divergent branches are structured.
//! The construct-level rules (construct exits and entries, continue constructs, OpSwitch case
//! constructs) are in `constructs.rs`.

use crate::cfg::FunctionCfg;
use crate::diagnostic::Diagnostic;
use crate::state::{State, NONE};
use spirvkit_core::analysis::{post_dominators, postorder, predecessors, DomTree, UNDEF};
use spirvkit_grammar::{Op, OperandKind};

/// The structural CFG of one function with its dominance information.
pub struct StructuralCfg<'c> {
    pub cfg: &'c FunctionCfg,
    /// Structural successors: merge block, continue target, then branch targets (this is
    /// spirv-val's order, which decides its depth-first orders).
    pub succs: Vec<Vec<u32>>,
    pub preds: Vec<Vec<u32>>,
    /// Structural dominators from the entry block.
    pub dom: DomTree,
    /// Structural post-dominators: node `n` (one past the blocks) is a virtual exit reached
    /// from every sink and from one block of every region that reaches no sink.
    pub post: DomTree,
    /// Real branch edges (from, to) that close a cycle in a depth-first search of the
    /// structural CFG, deduplicated, in discovery order.
    pub back_edges: Vec<(u32, u32)>,
    /// For each block, the headers naming it as their merge block, in binary order.
    pub merge_headers: Vec<Vec<u32>>,
}

impl<'c> StructuralCfg<'c> {
    pub fn new(cfg: &'c FunctionCfg) -> Self {
        let n = cfg.labels.len();
        let succs: Vec<Vec<u32>> = (0..n)
            .map(|b| {
                let mut s = Vec::with_capacity(cfg.succs[b].len() + 2);
                for extra in [cfg.merge[b], cfg.continue_target[b]] {
                    if extra != NONE && !s.contains(&extra) {
                        s.push(extra);
                    }
                }
                for &t in &cfg.succs[b] {
                    if !s.contains(&t) {
                        s.push(t);
                    }
                }
                s
            })
            .collect();
        let preds = predecessors(&succs);
        let dom = DomTree::new(&succs, &preds, 0);
        let post = post_dominators(&succs, &preds);
        let back_edges = back_edges(cfg, &succs, &preds);
        let mut merge_headers: Vec<Vec<u32>> = vec![Vec::new(); n];
        for h in 0..n {
            let m = cfg.merge[h];
            if let Some(list) = merge_headers.get_mut(m as usize) {
                list.push(h as u32);
            }
        }
        StructuralCfg {
            cfg,
            succs,
            preds,
            dom,
            post,
            back_edges,
            merge_headers,
        }
    }

    pub fn len(&self) -> usize {
        self.succs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.succs.is_empty()
    }

    /// Reachable from the entry block over structural edges.
    pub fn reachable(&self, b: u32) -> bool {
        self.dom.reachable(b)
    }

    /// Structural dominance, reflexive (as spirv-val: a block dominates itself even when
    /// unreachable).
    pub fn dominates(&self, a: u32, b: u32) -> bool {
        a == b || self.dom.dominates(a, b)
    }

    /// Structural post-dominance, reflexive.
    pub fn post_dominates(&self, a: u32, b: u32) -> bool {
        a == b || self.post.dominates(a, b)
    }

    /// Immediate structural dominator (None at the entry and for unreachable blocks).
    pub fn idom(&self, b: u32) -> Option<u32> {
        let d = self.dom.idom.get(b as usize).copied().unwrap_or(UNDEF);
        (d != UNDEF && d != b).then_some(d)
    }

    pub fn is_loop_header(&self, st: &State<'_>, b: u32) -> bool {
        self.merge_op(st, b) == Some(Op::LoopMerge)
    }

    /// The opcode of the block's merge instruction, if any.
    pub fn merge_op(&self, st: &State<'_>, b: u32) -> Option<Op> {
        let mi = self.cfg.merge_inst.get(b as usize).copied().unwrap_or(NONE);
        st.inst(mi).map(|m| m.op())
    }

    /// The opcode of the block's terminator.
    pub fn terminator_op(&self, st: &State<'_>, b: u32) -> Option<Op> {
        let block = st.blocks.get((self.cfg.start + b) as usize)?;
        st.inst(block.terminator).map(|t| t.op())
    }

    /// Instruction index of the block's OpLabel (for diagnostics).
    pub fn label_inst(&self, st: &State<'_>, b: u32) -> u32 {
        st.blocks
            .get((self.cfg.start + b) as usize)
            .map_or(NONE, |blk| blk.label_inst)
    }

    /// Instruction index of the block's terminator (for diagnostics).
    pub fn terminator_inst(&self, st: &State<'_>, b: u32) -> u32 {
        st.blocks
            .get((self.cfg.start + b) as usize)
            .map_or(NONE, |blk| blk.terminator)
    }
}

/// Back-edges as spirv-val finds them: a depth-first search of the structural CFG from a
/// pseudo entry whose successors are the blocks without predecessors (in block order), then
/// one block of every unreached region; an edge to a block on the search stack is a back-edge
/// when it is a real branch edge.
fn back_edges(cfg: &FunctionCfg, succs: &[Vec<u32>], preds: &[Vec<u32>]) -> Vec<(u32, u32)> {
    let n = succs.len();
    let mut visited = vec![false; n];
    let mut on_stack = vec![false; n];
    let mut found: Vec<(u32, u32)> = Vec::new();
    let mut search = |root: u32, visited: &mut Vec<bool>, found: &mut Vec<(u32, u32)>| {
        if visited[root as usize] {
            return;
        }
        visited[root as usize] = true;
        on_stack[root as usize] = true;
        let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
        while let Some(top) = stack.last_mut() {
            let (node, next) = (top.0, top.1);
            match succs[node as usize].get(next).copied() {
                Some(s) => {
                    top.1 += 1;
                    if on_stack[s as usize] {
                        if cfg.succs[node as usize].contains(&s) && !found.contains(&(node, s)) {
                            found.push((node, s));
                        }
                    } else if !visited[s as usize] {
                        visited[s as usize] = true;
                        on_stack[s as usize] = true;
                        stack.push((s, 0));
                    }
                }
                None => {
                    on_stack[node as usize] = false;
                    stack.pop();
                }
            }
        }
    };
    // Roots without predecessors first (the entry block is the first of them).
    for b in 0..n as u32 {
        if preds[b as usize].is_empty() {
            search(b, &mut visited, &mut found);
        }
    }
    for b in 0..n as u32 {
        search(b, &mut visited, &mut found);
    }
    found
}

pub fn check_function(st: &State<'_>, fi: u32, cfg: &FunctionCfg, out: &mut Vec<Diagnostic>) {
    let _ = fi;
    if cfg.labels.is_empty() {
        return;
    }
    let s = StructuralCfg::new(cfg);
    check_back_edges(st, &s, out);
    check_merge_unique(st, &s, out);
    crate::constructs::check(st, &s, out);
    check_selections(st, &s, out);
}

/// Back-edges only to loop headers; every structurally reachable loop header is the target
/// of exactly one back-edge block.
fn check_back_edges(st: &State<'_>, s: &StructuralCfg<'_>, out: &mut Vec<Diagnostic>) {
    let cfg = s.cfg;
    let n = s.len();
    let mut latches: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &(from, to) in &s.back_edges {
        if !s.is_loop_header(st, to) {
            out.push(
                st.diag_at(
                    "structured.back_edge",
                    s.terminator_inst(st, from),
                    format!(
                        "Back-edges ({} -> {}) can only be formed between a block and a loop header.",
                        st.id_name(cfg.label(from)),
                        st.id_name(cfg.label(to))
                    ),
                )
                .with_ids([cfg.label(from), cfg.label(to)]),
            );
        } else if !latches[to as usize].contains(&from) {
            latches[to as usize].push(from);
        }
    }
    for h in 0..n as u32 {
        if !s.reachable(h) || !s.is_loop_header(st, h) {
            continue;
        }
        let count = latches[h as usize].len();
        if count != 1 {
            out.push(
                st.diag_at(
                    "structured.back_edge",
                    cfg.merge_inst[h as usize],
                    format!(
                        "Loop header {} is targeted by {count} back-edge blocks but the standard requires exactly one",
                        st.id_name(cfg.label(h)),
                    ),
                )
                .with_ids([cfg.label(h)]),
            );
        }
    }
}

/// A block is the merge block of at most one header (and a loop's merge block is no other
/// header's merge block).
fn check_merge_unique(st: &State<'_>, s: &StructuralCfg<'_>, out: &mut Vec<Diagnostic>) {
    for (m, headers) in s.merge_headers.iter().enumerate() {
        for &h in headers.iter().skip(1) {
            out.push(
                st.diag_at(
                    "structured.merge_unique",
                    s.cfg.merge_inst[h as usize],
                    format!(
                        "Block {} is already a merge block for another header",
                        st.id_name(s.cfg.label(m as u32))
                    ),
                )
                .with_ids([s.cfg.label(m as u32)]),
            );
        }
    }
}

/// Conditional branches without OpSelectionMerge are allowed only when a target was already
/// seen (a break or continue); OpSwitch always needs a merge instruction. Blocks are visited
/// in reverse postorder of the structural CFG from the entry.
fn check_selections(st: &State<'_>, s: &StructuralCfg<'_>, out: &mut Vec<Diagnostic>) {
    let cfg = s.cfg;
    let mut order = postorder(&s.succs, 0);
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
                for label in switch_labels(st, &term) {
                    seen.insert(label);
                }
            }
            _ => {}
        }
    }
}

/// The labels of an OpSwitch in operand order: the default, then each case's target.
pub fn switch_labels(st: &State<'_>, term: &crate::state::Inst) -> Vec<u32> {
    st.ops(term)
        .iter()
        .enumerate()
        .filter(|(i, o)| *i >= 1 && o.kind == OperandKind::IdRef)
        .map(|(_, o)| st.word(term, usize::from(o.offset)))
        .collect()
}
