//! Control-flow hints back to LLVM metadata, as llvm-spirv's reader writes them:
//! OpBranchConditional's branch weights → `!prof !{!"branch_weights", i32 T, i32 F}`, and a
//! loop header's OpLoopMerge / OpLoopControlINTEL mask → `!llvm.loop` on the loop's latch
//! branches.
//!
//! SPIR-V puts the loop control in the loop header; LLVM keeps it on the terminator of every
//! block that branches back to the header (`Loop::setLoopID`). The node is distinct and its
//! first operand is itself; a header without hints (mask None) still gets the bare
//! `distinct !{!N}` (SPIRVToLLVM::setLLVMLoopMetadata). Hints, in mask-bit order (the
//! parameters follow the bits in increasing order, SPIR-V 3.23):
//! Unroll → `llvm.loop.unroll.enable` (unless PartialCount is set), DontUnroll →
//! `.unroll.disable`, DependencyInfinite → `llvm.loop.ivdep.enable`, DependencyLength N →
//! `.ivdep.safelen N`, Min/MaxIterations, IterationMultiple and PeelCount have no LLVM hint
//! (their parameter is skipped), PartialCount N → `llvm.loop.unroll.count N` (with Unroll and
//! N = 1: `.unroll.full`; ignored with DontUnroll), and SPV_INTEL_fpga_loop_controls' bits:
//! `llvm.loop.ii.count`, `.max_concurrency.count`, `.intel.pipelining.enable`,
//! `.coalesce.enable` (parameter 0) / `.coalesce.count N`, `.max_interleaving.count`,
//! `.intel.speculated.iterations.count`, `.fusion.disable`, `.intel.loopcount_{min,max,avg}`
//! (64-bit, two words each, -1 = not given), `.intel.max_reinvocation_delay.count`.
//! DependencyArrayINTEL's (variable, safelen) pairs → index groups: each variable's GEPs in
//! the loop (on the variable, or on a pointer loaded from it) get a distinct
//! `!llvm.index.group` node (in a nested loop, a list of the inner loop's group and the new
//! one), and the loop `!{!"llvm.loop.parallel_access_indices", groups..., i32 safelen}`, one
//! per safelen (safelen 0 not written), as llvm-spirv's reader does.

use spirvkit_core::analysis::cfg::predecessors;
use spirvkit_core::analysis::dominators::DomTree;
use spirvkit_core::Id;
use spirvkit_core::{Instruction, Operand};
use spirvkit_grammar::LoopControl;
use spirvkit_llvm as llvm;
use spirvkit_llvm::{BlockId, InstId, InstKind, MdOperand, Metadata, MetadataId, ValueRef};

use super::function::{FnState, Local};
use super::Ctx;

const UNROLL: u32 = LoopControl::Unroll.0;
const DONT_UNROLL: u32 = LoopControl::DontUnroll.0;
const DEPENDENCY_INFINITE: u32 = LoopControl::DependencyInfinite.0;
const DEPENDENCY_LENGTH: u32 = LoopControl::DependencyLength.0;
const MIN_ITERATIONS: u32 = LoopControl::MinIterations.0;
const MAX_ITERATIONS: u32 = LoopControl::MaxIterations.0;
const ITERATION_MULTIPLE: u32 = LoopControl::IterationMultiple.0;
const PEEL_COUNT: u32 = LoopControl::PeelCount.0;
const PARTIAL_COUNT: u32 = LoopControl::PartialCount.0;
const INITIATION_INTERVAL: u32 = LoopControl::InitiationIntervalINTEL.0;
const MAX_CONCURRENCY: u32 = LoopControl::MaxConcurrencyINTEL.0;
const DEPENDENCY_ARRAY: u32 = LoopControl::DependencyArrayINTEL.0;
const PIPELINE_ENABLE: u32 = LoopControl::PipelineEnableINTEL.0;
const LOOP_COALESCE: u32 = LoopControl::LoopCoalesceINTEL.0;
const MAX_INTERLEAVING: u32 = LoopControl::MaxInterleavingINTEL.0;
const SPECULATED_ITERATIONS: u32 = LoopControl::SpeculatedIterationsINTEL.0;
const NO_FUSION: u32 = LoopControl::NoFusionINTEL.0;
const LOOP_COUNT: u32 = LoopControl::LoopCountINTEL.0;
const MAX_REINVOCATION_DELAY: u32 = LoopControl::MaxReinvocationDelayINTEL.0;

/// A loop header's control mask and its literal parameters, as the header block carried them.
#[derive(Debug, Clone)]
pub struct LoopHeader {
    pub header: BlockId,
    pub mask: u32,
    pub params: Vec<u32>,
}

/// One hint of a loop node: its name and an optional integer (`i32` or `i64`).
enum Hint {
    Flag(&'static str),
    I32(&'static str, u32),
    I64(&'static str, i64),
    /// DependencyArrayINTEL's (variable id, safelen) pairs.
    ParallelAccess(Vec<(u32, u32)>),
}

/// A hint with one `i32` parameter, when `bit` is set.
fn counted(
    mask: u32,
    bit: u32,
    name: &'static str,
    out: &mut Vec<Hint>,
    next: &mut impl Iterator<Item = u32>,
) {
    if mask & bit != 0 {
        if let Some(n) = next.next() {
            out.push(Hint::I32(name, n));
        }
    }
}

/// The hints a mask and its parameters give, in llvm-spirv's order.
fn hints(mask: u32, params: &[u32]) -> Vec<Hint> {
    let mut next = params.iter().copied();
    let mut out = Vec::new();
    if mask & UNROLL != 0 && mask & PARTIAL_COUNT == 0 {
        out.push(Hint::Flag("llvm.loop.unroll.enable"));
    } else if mask & DONT_UNROLL != 0 {
        out.push(Hint::Flag("llvm.loop.unroll.disable"));
    }
    if mask & DEPENDENCY_INFINITE != 0 {
        out.push(Hint::Flag("llvm.loop.ivdep.enable"));
    }
    if mask & DEPENDENCY_LENGTH != 0 {
        if let Some(n) = next.next() {
            out.push(Hint::I32("llvm.loop.ivdep.safelen", n));
        }
    }
    for bit in [
        MIN_ITERATIONS,
        MAX_ITERATIONS,
        ITERATION_MULTIPLE,
        PEEL_COUNT,
    ] {
        if mask & bit != 0 {
            next.next();
        }
    }
    if mask & PARTIAL_COUNT != 0 {
        let n = next.next();
        if let (Some(n), true) = (n, mask & DONT_UNROLL == 0) {
            if n == 1 && mask & UNROLL != 0 {
                out.push(Hint::Flag("llvm.loop.unroll.full"));
            } else {
                out.push(Hint::I32("llvm.loop.unroll.count", n));
            }
        }
    }
    counted(
        mask,
        INITIATION_INTERVAL,
        "llvm.loop.ii.count",
        &mut out,
        &mut next,
    );
    counted(
        mask,
        MAX_CONCURRENCY,
        "llvm.loop.max_concurrency.count",
        &mut out,
        &mut next,
    );
    if mask & DEPENDENCY_ARRAY != 0 {
        // A count, then (variable, safelen) pairs.
        let pairs = next.next().unwrap_or(0) as usize;
        let mut list = Vec::with_capacity(pairs);
        for _ in 0..pairs {
            if let (Some(var), Some(safelen)) = (next.next(), next.next()) {
                list.push((var, safelen));
            }
        }
        out.push(Hint::ParallelAccess(list));
    }
    counted(
        mask,
        PIPELINE_ENABLE,
        "llvm.loop.intel.pipelining.enable",
        &mut out,
        &mut next,
    );
    if mask & LOOP_COALESCE != 0 {
        match next.next() {
            Some(0) => out.push(Hint::Flag("llvm.loop.coalesce.enable")),
            Some(n) => out.push(Hint::I32("llvm.loop.coalesce.count", n)),
            None => {}
        }
    }
    counted(
        mask,
        MAX_INTERLEAVING,
        "llvm.loop.max_interleaving.count",
        &mut out,
        &mut next,
    );
    counted(
        mask,
        SPECULATED_ITERATIONS,
        "llvm.loop.intel.speculated.iterations.count",
        &mut out,
        &mut next,
    );
    if mask & NO_FUSION != 0 {
        out.push(Hint::Flag("llvm.loop.fusion.disable"));
    }
    if mask & LOOP_COUNT != 0 {
        for name in [
            "llvm.loop.intel.loopcount_min",
            "llvm.loop.intel.loopcount_max",
            "llvm.loop.intel.loopcount_avg",
        ] {
            let (Some(lo), Some(hi)) = (next.next(), next.next()) else {
                break;
            };
            let v = (u64::from(hi) << 32 | u64::from(lo)) as i64;
            if v >= 0 {
                out.push(Hint::I64(name, v));
            }
        }
    }
    counted(
        mask,
        MAX_REINVOCATION_DELAY,
        "llvm.loop.intel.max_reinvocation_delay.count",
        &mut out,
        &mut next,
    );
    out
}

/// The successor blocks of each block of `func`, by its terminator.
fn successors(func: &llvm::Function) -> Vec<Vec<u32>> {
    func.blocks
        .iter()
        .map(|b| {
            let term = b.insts.last().and_then(|i| func.insts.get(i.0 as usize));
            match term.map(|t| &t.kind) {
                Some(InstKind::Br { target }) => vec![target.0],
                Some(InstKind::CondBr {
                    then_block,
                    else_block,
                    ..
                }) => vec![then_block.0, else_block.0],
                Some(InstKind::Switch { default, cases, .. }) => std::iter::once(default.0)
                    .chain(cases.iter().map(|(_, b)| b.0))
                    .collect(),
                Some(InstKind::IndirectBr { targets, .. }) => targets.iter().map(|b| b.0).collect(),
                _ => Vec::new(),
            }
        })
        .collect()
}

impl Ctx<'_> {
    /// Records an OpLoopMerge (mask at operand 2) or OpLoopControlINTEL (mask at operand 0)
    /// of the current block.
    pub(super) fn record_loop_control(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
        first: usize,
    ) {
        let words: Vec<u32> = inst.operands[first.min(inst.operands.len())..]
            .iter()
            .filter_map(|o| match o {
                Operand::Word(w) => Some(*w),
                Operand::Id(id) => Some(id.0),
                Operand::String(_) => None,
            })
            .collect();
        let Some((&mask, params)) = words.split_first() else {
            return;
        };
        st.loop_headers.push(LoopHeader {
            header: st.current,
            mask,
            params: params.to_vec(),
        });
    }

    /// OpBranchConditional's optional weights (operands 3 and 4) as `!prof` on `branch`.
    pub(super) fn attach_branch_weights(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
        branch: llvm::ValueRef,
    ) {
        let (Some(t), Some(f)) = (
            inst.operands.get(3).and_then(Operand::word),
            inst.operands.get(4).and_then(Operand::word),
        ) else {
            return;
        };
        let name = self.md_str("branch_weights");
        let (t, f) = (self.md_i32(t), self.md_i32(f));
        let node = self.md_node(vec![name, t, f]);
        if let llvm::ValueRef::Instruction(i) = branch {
            if let Some(x) = st.func.insts.get_mut(i.0 as usize) {
                x.metadata.push(("prof".to_owned(), node));
            }
        }
    }

    /// `!llvm.loop` on the back-edge branches of every recorded loop header.
    pub(super) fn attach_loop_metadata(&mut self, st: &mut FnState) {
        let headers = std::mem::take(&mut st.loop_headers);
        if headers.is_empty() {
            return;
        }
        let succs = successors(&st.func);
        let preds = predecessors(&succs);
        let dom = DomTree::new(&succs, &preds, 0);
        // Inner loops first (their headers come later), so an outer loop's index groups
        // extend the inner ones, as llvm-spirv meets the latches.
        for LoopHeader {
            header,
            mask,
            params,
        } in headers.into_iter().rev()
        {
            let h = header.0;
            let mut latches: Vec<u32> = preds
                .get(h as usize)
                .into_iter()
                .flatten()
                .copied()
                .filter(|&p| dom.dominates(h, p))
                .collect();
            latches.sort_unstable();
            latches.dedup();
            if latches.is_empty() {
                continue;
            }
            let blocks = loop_blocks(h, &latches, &preds);
            let node = self.loop_node(st, &blocks, mask, &params);
            for latch in latches {
                let term = st
                    .func
                    .blocks
                    .get(latch as usize)
                    .and_then(|b| b.insts.last().copied());
                if let Some(x) = term.and_then(|t| st.func.insts.get_mut(t.0 as usize)) {
                    x.metadata.retain(|(k, _)| k != "llvm.loop");
                    x.metadata.push(("llvm.loop".to_owned(), node));
                }
            }
        }
    }

    /// The distinct, self-referencing loop node of `mask`; `blocks` are the loop's.
    fn loop_node(
        &mut self,
        st: &mut FnState,
        blocks: &[u32],
        mask: u32,
        params: &[u32],
    ) -> MetadataId {
        let id = MetadataId(self.m.metadata.len() as u32);
        self.m.metadata.push(Metadata::Node {
            operands: Vec::new(),
            distinct: true,
        });
        let mut operands = vec![MdOperand::Metadata(id)];
        for hint in hints(mask, params) {
            let ops = match hint {
                Hint::Flag(name) => vec![self.md_str(name)],
                Hint::I32(name, v) => vec![self.md_str(name), self.md_i32(v)],
                Hint::I64(name, v) => {
                    let t = self.m.types.int(64);
                    let value = self.const_int(t, v as u64);
                    vec![self.md_str(name), MdOperand::Value { ty: t, value }]
                }
                Hint::ParallelAccess(pairs) => {
                    for node in self.parallel_access(st, blocks, &pairs) {
                        operands.push(MdOperand::Metadata(node));
                    }
                    continue;
                }
            };
            operands.push(MdOperand::Metadata(self.md_node(ops)));
        }
        if let Some(Metadata::Node { operands: slot, .. }) = self.m.metadata.get_mut(id.0 as usize)
        {
            *slot = operands;
        }
        id
    }

    /// The `llvm.loop.parallel_access_indices` nodes of DependencyArrayINTEL's pairs, marking
    /// each variable's GEPs in `blocks` with its index group.
    fn parallel_access(
        &mut self,
        st: &mut FnState,
        blocks: &[u32],
        pairs: &[(u32, u32)],
    ) -> Vec<MetadataId> {
        let mut by_safelen: std::collections::BTreeMap<u32, Vec<MetadataId>> = Default::default();
        let mut seen: Vec<ValueRef> = Vec::new();
        for &(var, safelen) in pairs {
            let value = match st.locals.get(&Id(var)) {
                Some(Local::Value(v)) => *v,
                _ => match self.values.get(&Id(var)) {
                    Some(v) => *v,
                    None => continue,
                },
            };
            if seen.contains(&value) {
                continue;
            }
            seen.push(value);
            let geps = accesses_of(&st.func, blocks, value);
            let Some(&first) = geps.first() else {
                continue;
            };
            let group = self.distinct_empty_node();
            let preceding = st
                .func
                .insts
                .get(first.0 as usize)
                .and_then(|i| i.metadata.iter().find(|(k, _)| k == INDEX_GROUP))
                .map(|(_, n)| *n);
            let marker = match preceding {
                Some(p) => {
                    let mut ops = match self.m.metadata.get(p.0 as usize) {
                        Some(Metadata::Node {
                            operands,
                            distinct: false,
                        }) if !operands.is_empty() => operands.clone(),
                        _ => vec![MdOperand::Metadata(p)],
                    };
                    ops.push(MdOperand::Metadata(group));
                    self.md_node(ops)
                }
                None => group,
            };
            for g in geps {
                if let Some(x) = st.func.insts.get_mut(g.0 as usize) {
                    x.metadata.retain(|(k, _)| k != INDEX_GROUP);
                    x.metadata.push((INDEX_GROUP.to_owned(), marker));
                }
            }
            by_safelen.entry(safelen).or_default().push(group);
        }
        let mut nodes = Vec::with_capacity(by_safelen.len());
        for (safelen, groups) in by_safelen {
            let mut ops = vec![self.md_str("llvm.loop.parallel_access_indices")];
            ops.extend(groups.into_iter().map(MdOperand::Metadata));
            if safelen > 0 {
                ops.push(self.md_i32(safelen));
            }
            nodes.push(self.md_node(ops));
        }
        nodes
    }

    fn distinct_empty_node(&mut self) -> MetadataId {
        let id = MetadataId(self.m.metadata.len() as u32);
        self.m.metadata.push(Metadata::Node {
            operands: Vec::new(),
            distinct: true,
        });
        id
    }
}

const INDEX_GROUP: &str = "llvm.index.group";

/// The natural loop of `header`: the header and every block reaching a latch without
/// passing the header.
fn loop_blocks(header: u32, latches: &[u32], preds: &[Vec<u32>]) -> Vec<u32> {
    let mut blocks = vec![header];
    let mut work: Vec<u32> = latches.to_vec();
    while let Some(b) = work.pop() {
        if blocks.contains(&b) {
            continue;
        }
        blocks.push(b);
        work.extend(preds.get(b as usize).into_iter().flatten().copied());
    }
    blocks.sort_unstable();
    blocks
}

/// The GEPs of `blocks` on `var` or on a pointer loaded from it.
fn accesses_of(func: &llvm::Function, blocks: &[u32], var: ValueRef) -> Vec<InstId> {
    let mut out = Vec::new();
    for &b in blocks {
        for &i in func.blocks.get(b as usize).map_or(&[][..], |b| &b.insts) {
            let Some(InstKind::Gep { base, .. }) = func.insts.get(i.0 as usize).map(|x| &x.kind)
            else {
                continue;
            };
            let accessed = match base {
                ValueRef::Instruction(l) => match func.insts.get(l.0 as usize).map(|x| &x.kind) {
                    Some(InstKind::Load { ptr, .. }) => *ptr,
                    _ => *base,
                },
                _ => *base,
            };
            if accessed == var {
                out.push(i);
            }
        }
    }
    out
}
