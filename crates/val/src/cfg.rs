//! Control flow: per function, the CFG from the terminators (targets must be labels of the
//! same function; the entry block is no target), OpPhi against the predecessors, merge
//! instructions right before their branch, blocks after their dominators, then dominance
//! (ssa.rs) and structured control flow (structured.rs). Functions are checked in parallel.

use crate::diagnostic::Diagnostic;
use crate::state::{State, NONE};
use rayon::prelude::*;
use spirvkit_core::analysis::{predecessors_into, DomScratch, DomTree, UNDEF};
use spirvkit_grammar::{Capability, Op, OperandKind, StorageClass};

pub struct FunctionCfg {
    /// First global block index of the function.
    pub start: u32,
    pub labels: Vec<u32>,
    pub succs: Vec<Vec<u32>>,
    pub preds: Vec<Vec<u32>>,
    pub dom: DomTree,
    /// Merge block / continue target named by each block's merge instruction (NONE if none).
    pub merge: Vec<u32>,
    pub continue_target: Vec<u32>,
    /// Instruction index of each block's merge instruction (NONE if none).
    pub merge_inst: Vec<u32>,
}

impl FunctionCfg {
    /// Local index of a global block index (NONE when outside this function).
    #[inline]
    pub fn local(&self, global: u32) -> u32 {
        if global != NONE
            && global >= self.start
            && ((global - self.start) as usize) < self.labels.len()
        {
            global - self.start
        } else {
            NONE
        }
    }

    pub fn label(&self, b: u32) -> u32 {
        self.labels.get(b as usize).copied().unwrap_or(0)
    }
}

/// The control-flow rules of every function; `ssa_instructions`: the instructions the SSA
/// rules look at (`ids::Findings::ssa_instructions`).
pub fn check(st: &mut State<'_>, ssa_instructions: &[u32]) {
    let run = |spare: &mut Spare, fi: usize| -> Vec<Diagnostic> {
        let mut out = Vec::new();
        check_function(st, fi as u32, spare, ssa_instructions, &mut out);
        out
    };
    let n = st.functions.len();
    let results: Vec<Vec<Diagnostic>> = if n > 1 && st.parallel() {
        (0..n)
            .into_par_iter()
            .map_init(Spare::default, run)
            .collect()
    } else {
        let mut spare = Spare::default();
        (0..n).map(|fi| run(&mut spare, fi)).collect()
    };
    let diags: Vec<Diagnostic> = results.into_iter().flatten().collect();
    st.diags.extend(diags);
}

/// The lists of the last function's CFG, kept by each thread for the next function (most
/// functions are small: building a CFG was mostly allocating and freeing its lists).
#[derive(Default)]
pub struct Spare {
    succs: Vec<Vec<u32>>,
    preds: Vec<Vec<u32>>,
    labels: Vec<u32>,
    merge: Vec<u32>,
    continue_target: Vec<u32>,
    merge_inst: Vec<u32>,
    /// `check_nesting`'s two lists.
    closes: Vec<u32>,
    depth: Vec<u32>,
    dom: DomTree,
    dom_scratch: DomScratch,
}

/// `list` emptied and sized to `n` empty lists, keeping the memory of those it had.
fn reset_lists(mut list: Vec<Vec<u32>>, n: usize) -> Vec<Vec<u32>> {
    list.truncate(n);
    for l in list.iter_mut() {
        l.clear();
    }
    list.resize_with(n, Vec::new);
    list
}

/// `list` as `n` copies of `value`, keeping its memory.
fn reset(mut list: Vec<u32>, n: usize, value: u32) -> Vec<u32> {
    list.clear();
    list.resize(n, value);
    list
}

/// Resolves a branch target label to a local block, reporting bad targets.
fn target(
    st: &State<'_>,
    fi: u32,
    start: u32,
    nblocks: usize,
    index: u32,
    label: u32,
    out: &mut Vec<Diagnostic>,
) -> Option<u32> {
    let def = st.def(label)?;
    if def.op() != Op::Label {
        out.push(
            st.diag_at(
                "cfg.target",
                index,
                format!("Branch target {} is not an OpLabel", st.id_name(label)),
            )
            .with_ids([label]),
        );
        return None;
    }
    if def.func != fi
        || def.block == NONE
        || def.block < start
        || (def.block - start) as usize >= nblocks
    {
        let fid = st.functions.get(fi as usize).map_or(0, |f| f.id);
        out.push(
            st.diag_at(
                "cfg.target",
                index,
                format!(
                    "Block(s) {{{}}} are referenced but not defined in function {}",
                    st.id_name(label),
                    st.id_name(fid)
                ),
            )
            .with_ids([label, fid]),
        );
        return None;
    }
    Some(def.block - start)
}

pub fn check_function(
    st: &State<'_>,
    fi: u32,
    spare: &mut Spare,
    ssa_instructions: &[u32],
    out: &mut Vec<Diagnostic>,
) {
    let Some(f) = st.functions.get(fi as usize) else {
        return;
    };
    let blocks = st.function_blocks(f);
    if blocks.is_empty() {
        return;
    }
    let n = blocks.len();
    let start = f.blocks_start;
    let mut succs = reset_lists(std::mem::take(&mut spare.succs), n);
    let mut merge = reset(std::mem::take(&mut spare.merge), n, NONE);
    let mut continue_target = reset(std::mem::take(&mut spare.continue_target), n, NONE);
    let mut merge_inst = reset(std::mem::take(&mut spare.merge_inst), n, NONE);
    let any_merge = st.opcodes.contains(Op::SelectionMerge) || st.opcodes.contains(Op::LoopMerge);
    for (b, block) in blocks.iter().enumerate() {
        let term_index = block.terminator;
        let Some(term) = st.inst(term_index).copied() else {
            continue;
        };
        crate::terminators::check(st, fi, term_index, out);
        let mut add = |label: u32, out: &mut Vec<Diagnostic>| {
            if let Some(t) = target(st, fi, start, n, term_index, label, out) {
                if !succs[b].contains(&t) {
                    succs[b].push(t);
                }
            }
        };
        match term.op() {
            Op::Branch => add(st.word(&term, 1), out),
            Op::BranchConditional => {
                let (t, e) = (st.word(&term, 2), st.word(&term, 3));
                add(t, out);
                add(e, out);
                if t == e && st.version >= 0x0001_0600 {
                    out.push(st.diag_at(
                        "cfg.branch_conditional",
                        term_index,
                        "In SPIR-V 1.6 or later, True Label and False Label must be different labels",
                    ));
                }
            }
            Op::Switch => {
                for (i, o) in st.ops(&term).iter().enumerate() {
                    if i >= 1 && o.kind == OperandKind::IdRef {
                        add(st.word(&term, usize::from(o.offset)), out);
                    }
                }
            }
            _ => {}
        }
        // Merge instruction: immediately before the terminator (no scan of the block when
        // the module has none).
        if term_index > 0 && any_merge {
            for mi in (block.label_inst + 1)..term_index {
                let Some(m) = st.inst(mi).copied() else { break };
                let op = m.op();
                if op != Op::SelectionMerge && op != Op::LoopMerge {
                    continue;
                }
                let ok_next = mi + 1 == term_index
                    && match op {
                        Op::SelectionMerge => {
                            matches!(term.op(), Op::BranchConditional | Op::Switch)
                        }
                        _ => matches!(term.op(), Op::Branch | Op::BranchConditional),
                    };
                if !ok_next {
                    let msg = if op == Op::SelectionMerge {
                        "OpSelectionMerge must immediately precede either an OpBranchConditional or OpSwitch instruction. OpSelectionMerge must be the second-to-last instruction in its block."
                    } else {
                        "OpLoopMerge must immediately precede either an OpBranch or OpBranchConditional instruction. OpLoopMerge must be the second-to-last instruction in its block."
                    };
                    out.push(st.diag_at("cfg.merge_position", mi, msg));
                    continue;
                }
                merge_inst[b] = mi;
                let (merge_id, block_id) = (st.word(&m, 1), block.label);
                // A selection merging into its own header is only a structured-control-flow
                // error (spirv-val: "does not strictly structurally dominate"), so Shader only.
                let self_merge_rule = op == Op::LoopMerge || st.has_capability(Capability::Shader);
                if merge_id == block_id && self_merge_rule {
                    out.push(st.diag_at(
                        "cfg.merge_target",
                        mi,
                        format!(
                            "Merge Block may not be the block containing the {}",
                            m.desc().map_or("", |d| d.opname)
                        ),
                    ));
                }
                if op == Op::LoopMerge {
                    use spirvkit_grammar::LoopControl as L;
                    let control = st.word(&m, 3);
                    if control & L::DontUnroll.0 != 0 {
                        for (other, name) in [
                            (L::Unroll, "Unroll"),
                            (L::PeelCount, "PeelCount"),
                            (L::PartialCount, "PartialCount"),
                        ] {
                            if control & other.0 != 0 {
                                out.push(st.diag_at(
                                    "cfg.loop_control",
                                    mi,
                                    format!("{name} and DontUnroll loop controls must not both be specified"),
                                ));
                            }
                        }
                    }
                }
                if op == Op::LoopMerge {
                    dependency_array_variables(st, mi, &m, out);
                }
                if op == Op::LoopMerge && merge_id == st.word(&m, 2) {
                    out.push(st.diag_at(
                        "cfg.merge_target",
                        mi,
                        "Merge Block and Continue Target must be different ids",
                    ));
                }
                if let Some(t) = target(st, fi, start, n, mi, st.word(&m, 1), out) {
                    merge[b] = t;
                }
                if op == Op::LoopMerge {
                    if let Some(t) = target(st, fi, start, n, mi, st.word(&m, 2), out) {
                        continue_target[b] = t;
                    }
                }
            }
        }
    }
    let mut preds = std::mem::take(&mut spare.preds);
    predecessors_into(&succs, &mut preds);
    // The entry block may not be a branch target.
    if let Some(&p) = preds.first().and_then(|p| p.first()) {
        let entry = blocks[0].label;
        let by = blocks.get(p as usize).map_or(0, |b| b.label);
        out.push(
            st.diag_at(
                "cfg.entry_target",
                blocks[0].label_inst,
                format!(
                    "First block {} of function {} is targeted by block {}",
                    st.id_name(entry),
                    st.id_name(f.id),
                    st.id_name(by)
                ),
            )
            .with_ids([entry, f.id, by]),
        );
    }
    let mut dom = std::mem::take(&mut spare.dom);
    dom.recompute(&succs, &preds, 0, &mut spare.dom_scratch);
    let cfg = FunctionCfg {
        start,
        labels: {
            let mut labels = std::mem::take(&mut spare.labels);
            labels.clear();
            labels.extend(blocks.iter().map(|b| b.label));
            labels
        },
        succs,
        preds,
        dom,
        merge,
        continue_target,
        merge_inst,
    };
    // Blocks appear after their dominators.
    for b in 1..n as u32 {
        if !cfg.dom.reachable(b) {
            continue;
        }
        let d = cfg.dom.idom[b as usize];
        if d != UNDEF && d > b {
            out.push(
                st.diag_at(
                    "cfg.order",
                    blocks[b as usize].label_inst,
                    format!(
                        "Block {} appears in the binary before its dominator {}",
                        st.id_name(cfg.label(b)),
                        st.id_name(cfg.label(d))
                    ),
                )
                .with_ids([cfg.label(b), cfg.label(d)]),
            );
        }
    }
    let mut closes = reset(std::mem::take(&mut spare.closes), n, 0);
    let mut depth = reset(std::mem::take(&mut spare.depth), n, 0);
    check_nesting(st, &cfg, blocks, (&mut closes, &mut depth), out);
    check_phis(st, &cfg, blocks, out);
    crate::ssa::check_function(st, fi, &cfg, ssa_instructions, out);
    if st.has_capability(Capability::Shader) {
        crate::structured::check_function(st, fi, &cfg, out);
    }
    *spare = Spare {
        succs: cfg.succs,
        preds: cfg.preds,
        labels: cfg.labels,
        merge: cfg.merge,
        continue_target: cfg.continue_target,
        merge_inst: cfg.merge_inst,
        closes,
        depth,
        dom: cfg.dom,
        dom_scratch: std::mem::take(&mut spare.dom_scratch),
    };
}

fn check_phis(
    st: &State<'_>,
    cfg: &FunctionCfg,
    blocks: &[crate::state::Block],
    out: &mut Vec<Diagnostic>,
) {
    let logical = st.addressing_model == Some(spirvkit_grammar::AddressingModel::Logical.0);
    let variable_pointers = st.has_any_capability(&[
        Capability::VariablePointers,
        Capability::VariablePointersStorageBuffer,
    ]);
    if !st.opcodes.contains(Op::Phi) {
        return;
    }
    for (b, block) in blocks.iter().enumerate() {
        let end = if block.terminator == NONE {
            block.label_inst + 1
        } else {
            block.terminator
        };
        // The predecessors' labels, sorted, made at the block's first OpPhi (most blocks
        // have none).
        let mut pred_labels: Option<Vec<u32>> = None;
        for index in block.label_inst + 1..end {
            let Some(inst) = st.inst(index).copied() else {
                break;
            };
            if inst.op() != Op::Phi {
                continue;
            }
            let pred_labels = pred_labels.get_or_insert_with(|| {
                let mut labels: Vec<u32> = cfg.preds[b].iter().map(|&p| cfg.label(p)).collect();
                labels.sort_unstable();
                labels.dedup();
                labels
            });
            let words = st.inst_words(&inst);
            let incoming = words.get(3..).unwrap_or(&[]);
            if incoming.len() % 2 != 0 {
                out.push(st.diag_at(
                    "ssa.phi",
                    index,
                    "OpPhi does not have an equal number of incoming values and basic blocks.",
                ));
                continue;
            }
            let rt = inst.result_type;
            match st.def(rt).map(|d| d.op()) {
                Some(Op::TypeVoid) => {
                    out.push(st.diag_at("ssa.phi", index, "OpPhi must not have void result type"));
                    continue;
                }
                Some(Op::TypePointer) if logical && !variable_pointers => {
                    // Storage-buffer-only variable pointers need the capability too.
                    let sc = st.def(rt).map_or(0, |d| st.word(d, 2));
                    if sc != StorageClass::PhysicalStorageBuffer.0 {
                        out.push(st.diag_at(
                            "ssa.phi",
                            index,
                            "Using pointers with OpPhi requires capability VariablePointers or VariablePointersStorageBuffer",
                        ));
                        continue;
                    }
                }
                _ => {}
            }
            let edges = incoming.len() / 2;
            if edges != pred_labels.len() {
                out.push(
                    st.diag_at(
                        "ssa.phi",
                        index,
                        format!(
                            "OpPhi's number of incoming blocks ({edges}) does not match block's predecessor count ({}).",
                            cfg.preds[b].len()
                        ),
                    )
                    .with_ids([inst.result_id]),
                );
                continue;
            }
            let mut observed = Vec::with_capacity(edges);
            for pair in incoming.chunks_exact(2) {
                let (value, parent) = (pair[0], pair[1]);
                let vt = st.def(value).map_or(0, |d| d.result_type);
                if vt != rt && st.def(value).is_some() {
                    out.push(
                        st.diag_at(
                            "ssa.phi",
                            index,
                            format!(
                                "OpPhi's result type {} does not match incoming value {} type {}.",
                                st.id_name(rt),
                                st.id_name(value),
                                st.id_name(vt)
                            ),
                        )
                        .with_ids([value]),
                    );
                    break;
                }
                if st.def_op(parent) != Some(Op::Label) {
                    out.push(
                        st.diag_at(
                            "ssa.phi",
                            index,
                            format!(
                                "OpPhi's incoming basic block {} is not an OpLabel.",
                                st.id_name(parent)
                            ),
                        )
                        .with_ids([parent]),
                    );
                    break;
                }
                if pred_labels.binary_search(&parent).is_err() {
                    out.push(
                        st.diag_at(
                            "ssa.phi",
                            index,
                            format!(
                                "OpPhi's incoming basic block {} is not a predecessor of {}.",
                                st.id_name(parent),
                                st.id_name(block.label)
                            ),
                        )
                        .with_ids([parent, block.label]),
                    );
                    break;
                }
                if observed.contains(&parent) {
                    out.push(
                        st.diag_at(
                            "ssa.phi",
                            index,
                            format!(
                                "OpPhi references incoming basic block {} multiple times.",
                                st.id_name(parent)
                            ),
                        )
                        .with_ids([parent]),
                    );
                    break;
                }
                observed.push(parent);
            }
        }
    }
}

/// Control-flow nesting depth (spec 2.17, `--max-control-flow-nesting-depth`): the number of
/// structured constructs (header up to, excluding, its merge block) containing a block,
/// propagated down the dominator tree in reverse postorder.
fn check_nesting(
    st: &State<'_>,
    cfg: &FunctionCfg,
    blocks: &[crate::state::Block],
    (closes, depth): (&mut [u32], &mut [u32]),
    out: &mut Vec<Diagnostic>,
) {
    let n = cfg.labels.len();
    let limit = st.opts.limits.max_control_flow_nesting_depth;
    for h in 0..n {
        let m = cfg.merge[h];
        if m != NONE && cfg.dom.dominates(h as u32, m) && m as usize != h {
            closes[m as usize] += 1;
        }
    }
    for &b in &cfg.dom.rpo {
        let bu = b as usize;
        let d = cfg.dom.idom[bu];
        let parent = if d == UNDEF || d == b {
            0
        } else {
            depth[d as usize]
        };
        let header = u32::from(cfg.merge_inst[bu] != NONE);
        depth[bu] = (parent + header).saturating_sub(closes[bu]);
        if depth[bu] > limit && header == 1 {
            out.push(st.diag_at(
                "limits.control_flow_nesting",
                blocks[bu].label_inst,
                format!(
                    "Maximum Control-Flow nesting depth exceeded ({} > {limit}).",
                    depth[bu]
                ),
            ));
            return;
        }
    }
}

/// SPV_INTEL_fpga_loop_controls: the ids of DependencyArrayINTEL's (variable, length) pairs,
/// the only ids among OpLoopMerge's loop-control parameters, name variables: pointers.
fn dependency_array_variables(
    st: &State<'_>,
    mi: u32,
    m: &crate::state::Inst,
    out: &mut Vec<Diagnostic>,
) {
    // Operands 0 and 1 are the merge block and the continue target.
    for o in st.ops(m).iter().skip(2) {
        if o.kind != OperandKind::IdRef {
            continue;
        }
        let id = st.word(m, usize::from(o.offset));
        if st.def(id).is_some()
            && !crate::typeinfo::is_pointer(st, crate::typeinfo::type_of(st, id))
        {
            out.push(
                st.diag_at(
                    "cfg.loop_control",
                    mi,
                    format!(
                        "DependencyArrayINTEL variable {} must be a pointer (SPV_INTEL_fpga_loop_controls)",
                        st.id_name(id)
                    ),
                )
                .with_ids([id]),
            );
        }
    }
}
