//! The order a function's blocks are emitted in. SPIR-V requires every reachable block to
//! appear after its dominator (spec 2.16.1, "Function Definition"); LLVM allows any order
//! after the entry block (clang's loop unroller can place a block before its dominator). The
//! LLVM order is kept when it is already valid; otherwise blocks follow a preorder of the
//! dominator tree (children in LLVM order), and unreachable blocks keep their relative order
//! at the end.

use llvm::{BlockId, InstKind};
use spirvkit_core::analysis::cfg::predecessors;
use spirvkit_core::analysis::dominators::{DomTree, UNDEF};
use spirvkit_llvm as llvm;

/// Successor block indices of each block, from its terminator (out-of-range targets are
/// dropped: the branch lowering reports them).
pub(crate) fn successors(func: &llvm::Function) -> Vec<Vec<u32>> {
    let n = func.blocks.len() as u32;
    func.blocks
        .iter()
        .map(|b| {
            let mut out = Vec::new();
            // A switch may name thousands of targets: duplicates are dropped through a set
            // (a scan of `out` per target was quadratic in the number of cases).
            let mut seen = std::collections::HashSet::new();
            let mut push = |t: &BlockId| {
                if t.0 < n && seen.insert(t.0) {
                    out.push(t.0);
                }
            };
            let term = b.insts.last().and_then(|&i| func.inst(i)).map(|i| &i.kind);
            match term {
                Some(InstKind::Br { target }) => push(target),
                Some(InstKind::CondBr {
                    then_block,
                    else_block,
                    ..
                }) => {
                    push(then_block);
                    push(else_block);
                }
                Some(InstKind::Switch { default, cases, .. }) => {
                    push(default);
                    cases.iter().for_each(|(_, b)| push(b));
                }
                Some(InstKind::IndirectBr { targets, .. }) => targets.iter().for_each(&mut push),
                _ => {}
            }
            out
        })
        .collect()
}

/// `None` when the LLVM block order already puts every reachable block after its immediate
/// dominator; otherwise the block indices in an order that does.
pub(crate) fn dominance_order(func: &llvm::Function) -> Option<Vec<usize>> {
    let n = func.blocks.len();
    if n < 3 {
        return None;
    }
    let succs = successors(func);
    let preds = predecessors(&succs);
    let dom = DomTree::new(&succs, &preds, 0);
    let valid = (1..n).all(|b| {
        let idom = dom.idom[b];
        idom == UNDEF || (idom as usize) < b
    });
    if valid {
        return None;
    }
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
    for b in 1..n {
        let idom = dom.idom[b];
        if idom != UNDEF && (idom as usize) != b {
            children[idom as usize].push(b as u32);
        }
    }
    let mut order = Vec::with_capacity(n);
    let mut stack = vec![0u32];
    while let Some(b) = stack.pop() {
        order.push(b as usize);
        // Reversed so the first child in LLVM order is emitted first.
        stack.extend(children[b as usize].iter().rev());
    }
    order.extend((1..n).filter(|&b| dom.idom[b] == UNDEF));
    Some(order)
}
