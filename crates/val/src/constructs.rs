//! Construct-level structured control-flow rules (spec 2.11 and 2.16.2), as spirv-val 2025.5
//! checks them on the structural CFG (`structured.rs`):
//! - selection and loop constructs: the blocks the header dominates and its merge block does
//!   not (a loop construct also excludes the blocks its continue target dominates);
//!   continue constructs: the blocks the continue target dominates and the back-edge block
//!   post-dominates (or its merge block does not dominate);
//! - the header dominates its merge block / back-edge block, and the back-edge block
//!   post-dominates the continue target;
//! - every edge leaving a construct is a structured exit (break to the merge block, continue
//!   to the innermost loop's continue target, break out of the innermost switch or loop),
//!   every edge entering it goes to its header, and a header inside a construct has its merge
//!   block inside it too;
//! - only the loop's own blocks branch to its continue target;
//! - OpSwitch: the header dominates every case target, each case construct falls through to
//!   at most one other case, which must follow it in the operand list, and no case is the
//!   fall-through target of two others.
//!
//! Constructs can nest, so the blocks of all constructs together are bounded by the nesting
//! depth times the function size; a work budget keeps hostile inputs linear (past it the
//! remaining constructs are not checked rather than slowing validation down).

use crate::diagnostic::Diagnostic;
use crate::state::{State, NONE};
use crate::structured::{switch_labels, StructuralCfg};
use spirvkit_grammar::Op;
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Selection,
    Loop,
    Continue,
}

impl Kind {
    /// spirv-val's names: construct, header, exit.
    fn names(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Kind::Selection => ("selection", "selection header", "merge block"),
            Kind::Loop => ("loop", "loop header", "merge block"),
            Kind::Continue => ("continue", "continue target", "back-edge block"),
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Construct {
    kind: Kind,
    /// Header (for a continue construct: the continue target).
    entry: u32,
    /// Merge block, or the back-edge block of a continue construct (NONE when the loop has
    /// no back-edge).
    exit: u32,
    /// The loop header a continue construct belongs to, or a loop's continue target.
    partner: u32,
}

/// Constructs in binary order of their merge instructions (a loop before its continue).
fn constructs(st: &State<'_>, s: &StructuralCfg<'_>) -> Vec<Construct> {
    let cfg = s.cfg;
    let mut list = Vec::new();
    for h in 0..s.len() as u32 {
        let hu = h as usize;
        let m = cfg.merge[hu];
        match s.merge_op(st, h) {
            Some(Op::SelectionMerge) if m != NONE => list.push(Construct {
                kind: Kind::Selection,
                entry: h,
                exit: m,
                partner: NONE,
            }),
            Some(Op::LoopMerge) if m != NONE && cfg.continue_target[hu] != NONE => {
                let c = cfg.continue_target[hu];
                list.push(Construct {
                    kind: Kind::Loop,
                    entry: h,
                    exit: m,
                    partner: c,
                });
                // The last back-edge into the header closes the continue construct.
                let back_edge_block = s
                    .back_edges
                    .iter()
                    .rev()
                    .find(|&&(_, to)| to == h)
                    .map_or(NONE, |&(from, _)| from);
                list.push(Construct {
                    kind: Kind::Continue,
                    entry: c,
                    exit: back_edge_block,
                    partner: h,
                });
            }
            _ => {}
        }
    }
    list
}

/// Work allowed for construct traversals: a generous multiple of the function size.
fn budget(blocks: usize) -> usize {
    blocks.saturating_mul(256).saturating_add(1 << 16)
}

/// Reusable per-function scratch space: block marks stamped per traversal, so no traversal
/// allocates or clears a function-sized vector.
struct Scratch {
    mark: Vec<u32>,
    stamp: u32,
    list: Vec<u32>,
}

impl Scratch {
    fn next_stamp(&mut self) -> u32 {
        self.stamp += 1;
        self.stamp
    }
}

pub fn check(st: &State<'_>, s: &StructuralCfg<'_>, out: &mut Vec<Diagnostic>) {
    let mut work = budget(s.len());
    let mut scratch = Scratch {
        mark: vec![0; s.len()],
        stamp: 0,
        list: Vec::new(),
    };
    for c in constructs(st, s) {
        if !s.reachable(c.entry) {
            continue;
        }
        if !check_construct(st, s, c, &mut work, &mut scratch, out) {
            return;
        }
    }
}

/// Checks one construct; false when the work budget ran out.
fn check_construct(
    st: &State<'_>,
    s: &StructuralCfg<'_>,
    c: Construct,
    work: &mut usize,
    scratch: &mut Scratch,
    out: &mut Vec<Diagnostic>,
) -> bool {
    let cfg = s.cfg;
    let (name, header_name, exit_name) = c.kind.names();
    let header_id = cfg.label(c.entry);
    if c.exit == NONE {
        out.push(
            st.diag_at(
                "structured.construct",
                s.label_inst(st, c.entry),
                format!(
                    "Construct {name} with {header_name} {} does not have a {exit_name}.",
                    st.id_name(header_id)
                ),
            )
            .with_ids([header_id]),
        );
        return true;
    }
    let exit_id = cfg.label(c.exit);
    if !s.dominates(c.entry, c.exit) {
        out.push(
            st.diag_at(
                "structured.dominance",
                s.label_inst(st, c.exit),
                format!(
                    "The {name} construct with the {header_name} {} does not structurally dominate the {exit_name} {}",
                    st.id_name(header_id),
                    st.id_name(exit_id)
                ),
            )
            .with_ids([header_id, exit_id]),
        );
        return true;
    }
    if c.kind == Kind::Continue && !s.post_dominates(c.exit, c.entry) {
        out.push(
            st.diag_at(
                "structured.continue_post_dominance",
                s.label_inst(st, c.exit),
                format!(
                    "The continue construct with the continue target {} is not structurally post dominated by the back-edge block {}",
                    st.id_name(header_id),
                    st.id_name(exit_id)
                ),
            )
            .with_ids([header_id, exit_id]),
        );
        return true;
    }
    let Some(stamp) = construct_blocks(s, c, work, scratch) else {
        return false;
    };
    let blocks = std::mem::take(&mut scratch.list);
    let mark = &scratch.mark;
    let inside = |b: u32| mark.get(b as usize) == Some(&stamp);
    for &b in &blocks {
        let bu = b as usize;
        for &succ in &cfg.succs[bu] {
            if inside(succ) {
                continue;
            }
            if !is_structured_exit(st, s, c, succ, work) {
                out.push(
                    st.diag_at(
                        "structured.exit",
                        s.label_inst(st, b),
                        format!(
                            "block <ID> {} exits the {name} headed by <ID> {}, but not via a structured exit",
                            st.id_name(cfg.label(b)),
                            st.id_name(header_id)
                        ),
                    )
                    .with_ids([cfg.label(b), header_id]),
                );
                return true;
            }
        }
        if b == c.entry {
            continue;
        }
        for &p in &cfg.preds[bu] {
            if s.reachable(p) && !inside(p) {
                out.push(
                    st.diag_at(
                        "structured.entry",
                        s.label_inst(st, p),
                        format!(
                            "block <ID> {} branches to the {name} construct, but not to the {header_name} <ID> {}",
                            st.id_name(cfg.label(p)),
                            st.id_name(header_id)
                        ),
                    )
                    .with_ids([cfg.label(p), header_id]),
                );
                return true;
            }
        }
        let inner_merge = cfg.merge[bu];
        if cfg.merge_inst[bu] != NONE
            && inner_merge != NONE
            && s.reachable(inner_merge)
            && !inside(inner_merge)
        {
            out.push(
                st.diag_at(
                    "structured.nested_merge",
                    s.label_inst(st, b),
                    format!(
                        "Header block {} is contained in the {name} construct headed by {}, but its merge block {} is not",
                        st.id_name(cfg.label(b)),
                        st.id_name(header_id),
                        st.id_name(cfg.label(inner_merge))
                    ),
                )
                .with_ids([cfg.label(b), header_id, cfg.label(inner_merge)]),
            );
            return true;
        }
    }
    if c.kind == Kind::Loop && c.partner != c.entry {
        // Only the loop's blocks (and back-edges into a continue target that is itself a
        // loop header) may branch to its continue target.
        let target = c.partner;
        for &p in &cfg.preds[target as usize] {
            if !s.reachable(p) || inside(p) || s.back_edges.contains(&(p, target)) {
                continue;
            }
            out.push(
                st.diag_at(
                    "structured.continue_entry",
                    s.terminator_inst(st, p),
                    format!(
                        "Block {} branches to the loop continue target {}, but is not contained in the associated loop construct {}",
                        st.id_name(cfg.label(p)),
                        st.id_name(cfg.label(target)),
                        st.id_name(header_id)
                    ),
                )
                .with_ids([cfg.label(p), cfg.label(target), header_id]),
            );
            return true;
        }
    }
    if *work == 0 {
        return false;
    }
    if c.kind == Kind::Selection && s.terminator_op(st, c.entry) == Some(Op::Switch) {
        return check_switch(st, s, c, work, scratch, out);
    }
    true
}

/// Marks the blocks of a construct with a fresh stamp (returned) and lists them in
/// `scratch.list`; None when the work budget ran out.
fn construct_blocks(
    s: &StructuralCfg<'_>,
    c: Construct,
    work: &mut usize,
    scratch: &mut Scratch,
) -> Option<u32> {
    let stamp = scratch.next_stamp();
    scratch.list.clear();
    let mut stack = vec![c.entry];
    while let Some(b) = stack.pop() {
        *work = work.checked_sub(1)?;
        if scratch.mark[b as usize] == stamp || !s.dominates(c.entry, b) {
            continue;
        }
        let include = match c.kind {
            Kind::Continue => s.post_dominates(c.exit, b) || !s.dominates(c.exit, b),
            Kind::Loop => !s.dominates(c.exit, b) && !s.dominates(c.partner, b),
            Kind::Selection => !s.dominates(c.exit, b),
        };
        if include {
            scratch.mark[b as usize] = stamp;
            scratch.list.push(b);
            stack.extend_from_slice(&s.succs[b as usize]);
        }
    }
    Some(stamp)
}

/// Is an edge from inside construct `c` to `dest` a structured exit?
/// - loop construct: to its merge block or continue target;
/// - continue construct: to its loop header or the loop's merge block;
/// - selection construct: to its merge block, or to the merge block or continue target of
///   the innermost enclosing loop, or (for an if) to the merge block of the innermost
///   enclosing switch, found by walking up from the header.
///
/// Walking up costs work; when the budget is spent the exit is accepted (never a false
/// rejection) and the caller stops.
fn is_structured_exit(
    st: &State<'_>,
    s: &StructuralCfg<'_>,
    c: Construct,
    dest: u32,
    work: &mut usize,
) -> bool {
    let cfg = s.cfg;
    match c.kind {
        Kind::Loop => dest == c.exit || dest == c.partner,
        Kind::Continue => dest == c.partner || dest == cfg.merge[c.partner as usize],
        Kind::Selection => {
            if dest == c.exit {
                return true;
            }
            // Up one level: the header whose merge block this is, else the dominator.
            let next = |b: u32| -> Option<u32> {
                s.merge_headers[b as usize]
                    .iter()
                    .copied()
                    .find(|&h| h != b && s.dominates(h, b))
                    .or_else(|| s.idom(b))
            };
            let header_is_switch = s.terminator_op(st, c.entry) == Some(Op::Switch);
            let mut seen_switch = false;
            let mut block = next(c.entry);
            // Each step goes strictly up the dominator tree: at most one step per block.
            while let Some(b) = block {
                *work = match work.checked_sub(1) {
                    Some(v) => v,
                    None => return true,
                };
                let merge_op = s.merge_op(st, b);
                let term_op = s.terminator_op(st, b);
                let is_loop = merge_op == Some(Op::LoopMerge);
                let is_switch = term_op == Some(Op::Switch);
                if is_loop
                    || (!header_is_switch && merge_op == Some(Op::SelectionMerge) && is_switch)
                {
                    let merge = cfg.merge[b as usize];
                    if merge != NONE && s.dominates(merge, c.entry) {
                        block = next(b);
                        continue;
                    }
                    let breaks = (!seen_switch || is_loop) && dest == merge;
                    let continues = is_loop && dest == cfg.continue_target[b as usize];
                    if breaks || continues {
                        return true;
                    }
                    if is_switch {
                        seen_switch = true;
                    }
                    if is_loop {
                        return false;
                    }
                }
                block = next(b);
            }
            false
        }
    }
}

/// OpSwitch case constructs (spec 2.11): the header dominates each case target; a case
/// construct branches to at most one other case (its fall-through), which must be the next
/// target in the operand list; no case is the fall-through of two others.
fn check_switch(
    st: &State<'_>,
    s: &StructuralCfg<'_>,
    c: Construct,
    work: &mut usize,
    scratch: &mut Scratch,
    out: &mut Vec<Diagnostic>,
) -> bool {
    let cfg = s.cfg;
    let Some(term) = st.inst(s.terminator_inst(st, c.entry)).copied() else {
        return true;
    };
    let term_index = s.terminator_inst(st, c.entry);
    let labels = switch_labels(st, &term);
    let merge_id = cfg.label(c.exit);
    let header_id = cfg.label(c.entry);
    let local = |label: u32| -> u32 {
        st.def(label)
            .filter(|d| d.op() == Op::Label)
            .map_or(NONE, |d| cfg.local(d.block))
    };
    let mut case_targets: Vec<u32> = labels.iter().copied().filter(|&l| l != merge_id).collect();
    case_targets.sort_unstable();
    case_targets.dedup();
    let Some(&default_target) = labels.first() else {
        return true;
    };
    let default_repeated = labels.iter().skip(1).any(|&l| l == default_target);
    let mut default_fall_through = 0u32;
    let mut fall_through_of: HashMap<u32, u32> = HashMap::new();
    let mut times_targeted: HashMap<u32, u32> = HashMap::new();
    for (k, &target) in labels.iter().enumerate() {
        if target == merge_id {
            continue;
        }
        let mut fall_through = match fall_through_of.get(&target) {
            Some(&f) => f,
            None => {
                let tb = local(target);
                if tb == NONE {
                    return true;
                }
                if s.reachable(tb) && !s.dominates(c.entry, tb) {
                    out.push(
                        st.diag_at(
                            "structured.switch",
                            s.label_inst(st, c.entry),
                            format!(
                                "Switch header {} does not structurally dominate its case construct {}",
                                st.id_name(header_id),
                                st.id_name(target)
                            ),
                        )
                        .with_ids([header_id, target]),
                    );
                    return true;
                }
                let f = match case_fall_through(st, s, c, tb, &case_targets, work, scratch) {
                    Ok(Some(f)) => f,
                    Ok(None) => return false,
                    Err(d) => {
                        out.push(d);
                        return true;
                    }
                };
                if f != 0 {
                    *times_targeted.entry(f).or_default() += 1;
                }
                fall_through_of.insert(target, f);
                f
            }
        };
        if fall_through == default_target && !default_repeated {
            fall_through = default_fall_through;
        }
        if fall_through == 0 {
            continue;
        }
        if k == 0 {
            default_fall_through = fall_through;
            continue;
        }
        // Cases sharing this target are one case construct: skip to the last of them.
        let mut j = k;
        while labels.get(j + 1) == Some(&target) {
            j += 1;
        }
        if labels.get(j + 1) != Some(&fall_through) {
            out.push(
                st.diag_at(
                    "structured.switch",
                    term_index,
                    format!(
                        "Case construct that targets {} has branches to the case construct that targets {}, but does not immediately precede it in the OpSwitch's target list",
                        st.id_name(target),
                        st.id_name(fall_through)
                    ),
                )
                .with_ids([target, fall_through]),
            );
            return true;
        }
    }
    let mut multiple: Vec<u32> = times_targeted
        .iter()
        .filter(|&(_, &n)| n > 1)
        .map(|(&t, _)| t)
        .collect();
    multiple.sort_unstable();
    if let Some(&t) = multiple.first() {
        out.push(
            st.diag_at(
                "structured.switch",
                st.def_index(t),
                format!(
                    "Multiple case constructs have branches to the case construct that targets {}",
                    st.id_name(t)
                ),
            )
            .with_ids([t]),
        );
    }
    true
}

/// The case target (label id) the case construct starting at block `target` falls through
/// to (0 when none); an error when it branches anywhere else than another case, the switch's
/// merge block or a structured exit of the switch, or to two different cases. Ok(None) when
/// the work budget ran out.
fn case_fall_through(
    st: &State<'_>,
    s: &StructuralCfg<'_>,
    switch: Construct,
    target: u32,
    case_targets: &[u32],
    work: &mut usize,
    scratch: &mut Scratch,
) -> Result<Option<u32>, Diagnostic> {
    let cfg = s.cfg;
    let target_id = cfg.label(target);
    let target_reachable = s.reachable(target);
    let mut fall_through = 0u32;
    let visited = scratch.next_stamp();
    let mut stack = vec![target];
    while let Some(b) = stack.pop() {
        let Some(w) = work.checked_sub(1) else {
            return Ok(None);
        };
        *work = w;
        if b == switch.exit || std::mem::replace(&mut scratch.mark[b as usize], visited) == visited
        {
            continue;
        }
        if target_reachable && s.reachable(b) && s.dominates(target, b) {
            stack.extend_from_slice(&cfg.succs[b as usize]);
            continue;
        }
        let b_id = cfg.label(b);
        if case_targets.binary_search(&b_id).is_err() {
            if is_structured_exit(st, s, switch, b, work) {
                continue;
            }
            return Err(st
                .diag_at(
                    "structured.switch",
                    s.label_inst(st, target),
                    format!(
                        "Case construct that targets {} has invalid branch to block {} (not another case construct, corresponding merge, outer loop merge or outer loop continue)",
                        st.id_name(target_id),
                        st.id_name(b_id)
                    ),
                )
                .with_ids([target_id, b_id]));
        }
        if fall_through == 0 {
            if b != target {
                fall_through = b_id;
            }
        } else if fall_through != b_id {
            return Err(st
                .diag_at(
                    "structured.switch",
                    s.label_inst(st, target),
                    format!(
                        "Case construct that targets {} has branches to multiple other case construct targets {} and {}",
                        st.id_name(target_id),
                        st.id_name(fall_through),
                        st.id_name(b_id)
                    ),
                )
                .with_ids([target_id, fall_through, b_id]));
        }
    }
    Ok(Some(fall_through))
}
