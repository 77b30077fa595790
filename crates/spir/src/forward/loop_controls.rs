//! Loop controls from `!llvm.loop` metadata (core unroll/ivdep hints and
//! SPV_INTEL_fpga_loop_controls), placed as llvm-spirv places them.
//!
//! clang attaches `!llvm.loop` to a loop's latch branch. llvm-spirv reads the hints into a
//! LoopControl mask with its parameters (`LLVMToSPIRVBase::getLoopControl`) and puts them in
//! the loop header:
//! - latch `br label %header`: when the header ends in `br i1`, an OpLoopMerge before it
//!   (merge block: the header's exit successor, continue target: the latch); otherwise, with
//!   SPV_INTEL_unstructured_loop_controls, an OpLoopControlINTEL before the header's branch;
//!   else nothing;
//! - latch `br i1` (do-while): an OpLoopMerge in the successor that is the loop header (the
//!   other successor is the merge block, the latch the continue target).
//!
//! The mask: `llvm.loop.unroll.{enable,full}` → Unroll, `.disable` → DontUnroll, `.count N`
//! → PartialCount N (SPIR-V 1.4; dropped below it, as llvm-spirv does), `llvm.loop.ivdep.enable`
//! → DependencyInfinite, `llvm.loop.ivdep.safelen N` → DependencyLength N (both SPIR-V 1.1).
//! With SPV_INTEL_fpga_loop_controls (ignored without it, as llvm-spirv ignores them):
//! `llvm.loop.ii.count` → InitiationIntervalINTEL, `llvm.loop.max_concurrency.count` →
//! MaxConcurrencyINTEL, `llvm.loop.parallel_access_indices` (index groups of `!llvm.index.group`
//! GEPs, optional safelen) → DependencyArrayINTEL (count, then array id/safelen pairs),
//! `llvm.loop.intel.pipelining.enable` → PipelineEnableINTEL, `llvm.loop.coalesce.enable` /
//! `.count` → LoopCoalesceINTEL (0 / N), `llvm.loop.max_interleaving.count` →
//! MaxInterleavingINTEL, `llvm.loop.intel.speculated.iterations.count` →
//! SpeculatedIterationsINTEL, `llvm.loop.fusion.disable` → NoFusionINTEL,
//! `llvm.loop.intel.max_reinvocation_delay.count` → MaxReinvocationDelayINTEL,
//! `llvm.loop.intel.loopcount_{min,max,avg}` → LoopCountINTEL (three 64-bit literals, -1 for
//! the ones not given, as llvm-spirv writes them; SPIRV-Headers 1.4.335 gives LoopCountINTEL
//! one literal, so spirv-val 2025.5 rejects it as it rejects llvm-spirv's output).
//! Parameters follow the mask bits in increasing order (SPIR-V 3.23).

use crate::error::Result;
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{InstKind, MdOperand, MetadataId, ValueRef};
use spirvkit_core::analysis::cfg::predecessors;
use spirvkit_core::analysis::dominators::DomTree;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, LoopControl as Mask, Op};
use spirvkit_llvm as llvm;
use std::collections::{BTreeMap, HashMap, HashSet};

const UNROLL: u32 = Mask::Unroll.0;
const DONT_UNROLL: u32 = Mask::DontUnroll.0;
const DEPENDENCY_INFINITE: u32 = Mask::DependencyInfinite.0;
const DEPENDENCY_LENGTH: u32 = Mask::DependencyLength.0;
const PARTIAL_COUNT: u32 = Mask::PartialCount.0;
const INITIATION_INTERVAL: u32 = Mask::InitiationIntervalINTEL.0;
const MAX_CONCURRENCY: u32 = Mask::MaxConcurrencyINTEL.0;
const DEPENDENCY_ARRAY: u32 = Mask::DependencyArrayINTEL.0;
const PIPELINE_ENABLE: u32 = Mask::PipelineEnableINTEL.0;
const LOOP_COALESCE: u32 = Mask::LoopCoalesceINTEL.0;
const MAX_INTERLEAVING: u32 = Mask::MaxInterleavingINTEL.0;
const SPECULATED_ITERATIONS: u32 = Mask::SpeculatedIterationsINTEL.0;
const NO_FUSION: u32 = Mask::NoFusionINTEL.0;
const LOOP_COUNT: u32 = Mask::LoopCountINTEL.0;
const MAX_REINVOCATION_DELAY: u32 = Mask::MaxReinvocationDelayINTEL.0;

const FPGA_EXTENSIONS: [&str; 2] = [
    "SPV_INTEL_fpga_loop_controls",
    "SPV_ALTERA_fpga_loop_controls",
];
const UNSTRUCTURED_EXTENSION: &str = "SPV_INTEL_unstructured_loop_controls";

/// A LoopControl mask with its parameters in SPIR-V order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LoopControl {
    pub mask: u32,
    /// The parameters in the order the mask bits give (DependencyArrayINTEL's variables are
    /// ids, everything else literal words).
    pub params: Vec<Operand>,
}

/// What goes before the terminator of a loop header.
#[derive(Debug, Clone)]
pub(crate) enum HeaderControl {
    /// OpLoopMerge (merge block, continue target: LLVM block indices).
    Merge {
        merge: usize,
        continue_target: usize,
        control: LoopControl,
    },
    /// OpLoopControlINTEL (SPV_INTEL_unstructured_loop_controls).
    Unstructured(LoopControl),
}

/// The loop controls of a function's loop headers, by LLVM block index.
pub(crate) fn plan(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
) -> Result<HashMap<usize, HeaderControl>> {
    let func = ctx.func;
    let mut out: HashMap<usize, HeaderControl> = HashMap::new();
    let latches: Vec<(usize, &llvm::Instruction, MetadataId)> = func
        .blocks
        .iter()
        .enumerate()
        .filter_map(|(bi, b)| {
            let term = func.inst(*b.insts.last()?)?;
            let (_, md) = term.metadata.iter().find(|(k, _)| k == "llvm.loop")?;
            Some((bi, term, *md))
        })
        .collect();
    if latches.is_empty() {
        return Ok(out);
    }
    let index_groups = index_group_arrays(t, ctx)?;
    let n = func.blocks.len();
    let succs = crate::forward::block_order::successors(func);
    let preds = predecessors(&succs);
    let dom = DomTree::new(&succs, &preds, 0);
    for (latch, term, md) in latches {
        let Some(control) = loop_control(t, md, &index_groups) else {
            continue;
        };
        let placed = match &term.kind {
            InstKind::Br { target } if (target.0 as usize) < n => {
                let header = target.0 as usize;
                match header_exit(func, &succs, header, latch) {
                    Some(merge) => Some((
                        header,
                        HeaderControl::Merge {
                            merge,
                            continue_target: latch,
                            control,
                        },
                    )),
                    None if ends_in_branch(func, header)
                        && t.opts.allows(UNSTRUCTURED_EXTENSION) =>
                    {
                        Some((header, HeaderControl::Unstructured(control)))
                    }
                    None => None,
                }
            }
            InstKind::CondBr {
                then_block,
                else_block,
                ..
            } => {
                let (a, b) = (then_block.0 as usize, else_block.0 as usize);
                // The successor that is a loop header (it dominates the latch: a back edge);
                // llvm-spirv asks LoopInfo whether the false successor is a header.
                let is_header = |h: usize| h < n && dom.dominates(h as u32, latch as u32);
                let (header, merge) = if is_header(b) && !is_header(a) {
                    (b, a)
                } else {
                    (a, b)
                };
                (is_header(header) && merge < n && merge != header && ends_in_branch(func, header))
                    .then_some((
                        header,
                        HeaderControl::Merge {
                            merge,
                            continue_target: latch,
                            control,
                        },
                    ))
            }
            _ => None,
        };
        if let Some((header, hc)) = placed {
            // One merge per header: the first latch's hints win.
            out.entry(header).or_insert(hc);
        }
    }
    // A block can be the merge block of one header only (spirv-val checks it in every
    // module): a second loop naming the same merge block keeps its hints unstructured or
    // drops them.
    let mut merges: HashSet<usize> = HashSet::new();
    let mut headers: Vec<usize> = out.keys().copied().collect();
    headers.sort_unstable();
    for h in headers {
        let Some(HeaderControl::Merge { merge, control, .. }) = out.get(&h).cloned() else {
            continue;
        };
        if !merges.insert(merge) {
            if t.opts.allows(UNSTRUCTURED_EXTENSION) {
                out.insert(h, HeaderControl::Unstructured(control));
            } else {
                out.remove(&h);
            }
        }
    }
    Ok(out)
}

/// For a latch `br label %header`: the merge block when the header ends in `br i1`. llvm-spirv
/// takes the false successor; when that one stays in the loop (it reaches the latch without
/// passing the header) and the true one leaves it, the true one is the exit.
fn header_exit(
    func: &llvm::Function,
    succs: &[Vec<u32>],
    header: usize,
    latch: usize,
) -> Option<usize> {
    let term = func.inst(*func.blocks.get(header)?.insts.last()?)?;
    let InstKind::CondBr {
        then_block,
        else_block,
        ..
    } = &term.kind
    else {
        return None;
    };
    let (t, f) = (then_block.0 as usize, else_block.0 as usize);
    let merge = if in_loop(succs, f, header, latch) && !in_loop(succs, t, header, latch) {
        t
    } else {
        f
    };
    (merge != header && merge < func.blocks.len()).then_some(merge)
}

/// Whether `from` reaches `latch` without passing `header`.
fn in_loop(succs: &[Vec<u32>], from: usize, header: usize, latch: usize) -> bool {
    let mut seen = vec![false; succs.len()];
    let mut stack = vec![from];
    while let Some(b) = stack.pop() {
        if b == latch {
            return true;
        }
        if b == header || b >= succs.len() || seen[b] {
            continue;
        }
        seen[b] = true;
        stack.extend(succs[b].iter().map(|&s| s as usize));
    }
    false
}

/// The block ends in `br` or `br i1` (what OpLoopMerge / OpLoopControlINTEL must precede).
fn ends_in_branch(func: &llvm::Function, block: usize) -> bool {
    func.blocks
        .get(block)
        .and_then(|b| b.insts.last())
        .and_then(|&i| func.inst(i))
        .is_some_and(|i| matches!(i.kind, InstKind::Br { .. } | InstKind::CondBr { .. }))
}

/// Index group node → the SPIR-V ids of the arrays its GEPs access (`!llvm.index.group` on a
/// GEP; a GEP through a loaded pointer accesses the memory the load read, as llvm-spirv takes
/// it). A group listing other groups links the array to each of them (nested loops).
fn index_group_arrays(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
) -> Result<HashMap<MetadataId, Vec<Id>>> {
    let func = ctx.func;
    let mut map: HashMap<MetadataId, Vec<Id>> = HashMap::new();
    for inst in &func.insts {
        let Some((_, group)) = inst.metadata.iter().find(|(k, _)| k == "llvm.index.group") else {
            continue;
        };
        let InstKind::Gep { base, .. } = &inst.kind else {
            continue;
        };
        let memory = match base {
            ValueRef::Instruction(i) => match func.inst(*i).map(|l| &l.kind) {
                Some(InstKind::Load { ptr, .. }) => *ptr,
                _ => *base,
            },
            _ => *base,
        };
        // Values with an id of their own only (nothing may be emitted before the entry
        // block); a private-space global is not materialised yet, so it is left out.
        if !matches!(
            memory,
            ValueRef::Instruction(_) | ValueRef::Argument(_) | ValueRef::Global(_)
        ) {
            continue;
        }
        let Ok(id) = t.value(ctx, memory) else {
            continue;
        };
        if id.0 == 0 {
            continue;
        }
        let operands = t.m.node_operands(*group);
        let mut add = |g: MetadataId| {
            let ids = map.entry(g).or_default();
            if !ids.contains(&id) {
                ids.push(id);
            }
        };
        if operands.is_empty() {
            add(*group);
        }
        for op in operands {
            if let MdOperand::Metadata(g) = op {
                add(*g);
            }
        }
    }
    Ok(map)
}

/// The mask and parameters of a `!llvm.loop` node (None when nothing applies), declaring the
/// capability/extension/version what it uses needs.
pub(crate) fn loop_control(
    t: &mut Translator<'_>,
    node: MetadataId,
    index_groups: &HashMap<MetadataId, Vec<Id>>,
) -> Option<LoopControl> {
    let m = t.m;
    let fpga_extension = FPGA_EXTENSIONS.into_iter().find(|e| t.opts.allows(e));
    let fpga = fpga_extension.is_some();
    let mut mask = 0u32;
    // Parameters by mask bit (ordered by bit when written out).
    let mut params: BTreeMap<u32, Vec<Operand>> = BTreeMap::new();
    let mut dependency_arrays: Vec<(u32, u32)> = Vec::new();
    // LoopCountINTEL: min, max, average, each a 64-bit literal (-1 when not given).
    let mut loop_count: Option<[i64; 3]> = None;
    for op in m.node_operands(node) {
        let MdOperand::Metadata(hint) = op else {
            continue;
        };
        let ops = m.node_operands(*hint);
        let Some(name) = ops.first().and_then(|o| m.md_string(o)) else {
            continue;
        };
        let int = |i: usize| -> Option<u32> {
            ops.get(i)
                .and_then(|o| m.md_value(o))
                .and_then(|(_, v)| t.const_int(v))
                .map(|v| v as u32)
        };
        let mut set = |bit: u32, value: Option<u32>, mask: &mut u32| {
            *mask |= bit;
            if let Some(v) = value {
                params.insert(bit, vec![Operand::Word(v)]);
            }
        };
        match name {
            b"llvm.loop.unroll.disable" => set(DONT_UNROLL, None, &mut mask),
            b"llvm.loop.unroll.enable" | b"llvm.loop.unroll.full" => set(UNROLL, None, &mut mask),
            b"llvm.loop.unroll.count" if mask & DONT_UNROLL == 0 => {
                if let Some(n) = int(1).filter(|_| t.opts.max_version >= 0x0001_0400) {
                    set(PARTIAL_COUNT, Some(n), &mut mask);
                }
            }
            b"llvm.loop.ivdep.enable" => set(DEPENDENCY_INFINITE, None, &mut mask),
            b"llvm.loop.ivdep.safelen" => {
                if let Some(n) = int(1) {
                    set(DEPENDENCY_LENGTH, Some(n), &mut mask);
                }
            }
            _ if !fpga => {}
            b"llvm.loop.ii.count" => set(INITIATION_INTERVAL, int(1), &mut mask),
            b"llvm.loop.max_concurrency.count" => set(MAX_CONCURRENCY, int(1), &mut mask),
            b"llvm.loop.intel.pipelining.enable" => set(PIPELINE_ENABLE, int(1), &mut mask),
            b"llvm.loop.coalesce.enable" => set(LOOP_COALESCE, Some(0), &mut mask),
            b"llvm.loop.coalesce.count" => set(LOOP_COALESCE, int(1), &mut mask),
            b"llvm.loop.max_interleaving.count" => set(MAX_INTERLEAVING, int(1), &mut mask),
            b"llvm.loop.intel.speculated.iterations.count" => {
                set(SPECULATED_ITERATIONS, int(1), &mut mask)
            }
            b"llvm.loop.fusion.disable" => set(NO_FUSION, None, &mut mask),
            b"llvm.loop.intel.max_reinvocation_delay.count" => {
                set(MAX_REINVOCATION_DELAY, int(1), &mut mask)
            }
            b"llvm.loop.intel.loopcount_min"
            | b"llvm.loop.intel.loopcount_max"
            | b"llvm.loop.intel.loopcount_avg" => {
                let value = ops
                    .get(1)
                    .and_then(|o| m.md_value(o))
                    .and_then(|(_, v)| t.const_int(v));
                if let Some(v) = value {
                    let slot = match name {
                        b"llvm.loop.intel.loopcount_min" => 0,
                        b"llvm.loop.intel.loopcount_max" => 1,
                        _ => 2,
                    };
                    loop_count.get_or_insert([-1; 3])[slot] = v as i64;
                }
            }
            b"llvm.loop.parallel_access_indices" => {
                // Index groups, then an optional safelen (0: no limit).
                let safelen = ops
                    .last()
                    .and_then(|o| m.md_value(o))
                    .and_then(|(_, v)| t.const_int(v));
                for op in &ops[1..] {
                    if let MdOperand::Metadata(g) = op {
                        for id in index_groups.get(g).into_iter().flatten() {
                            dependency_arrays.push((id.0, safelen.unwrap_or(0) as u32));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    // A parameterised bit whose value was not an integer is not set.
    for bit in [
        INITIATION_INTERVAL,
        MAX_CONCURRENCY,
        PIPELINE_ENABLE,
        LOOP_COALESCE,
        MAX_INTERLEAVING,
        SPECULATED_ITERATIONS,
        MAX_REINVOCATION_DELAY,
    ] {
        if mask & bit != 0 && !params.contains_key(&bit) {
            mask &= !bit;
        }
    }
    if let Some(counts) = loop_count {
        mask |= LOOP_COUNT;
        let words = counts
            .iter()
            .flat_map(|&c| [c as u64 as u32, ((c as u64) >> 32) as u32])
            .map(Operand::Word)
            .collect();
        params.insert(LOOP_COUNT, words);
    }
    if !dependency_arrays.is_empty() {
        mask |= DEPENDENCY_ARRAY;
        // A count, then (variable, length) pairs (the extension's form).
        let mut operands = vec![Operand::Word(dependency_arrays.len() as u32)];
        for (id, safelen) in dependency_arrays {
            operands.extend([Operand::Id(Id(id)), Operand::Word(safelen)]);
        }
        params.insert(DEPENDENCY_ARRAY, operands);
    }
    // Unroll with DontUnroll, or PartialCount with DontUnroll, is invalid: DontUnroll wins.
    if mask & DONT_UNROLL != 0 {
        mask &= !(UNROLL | PARTIAL_COUNT);
        params.remove(&PARTIAL_COUNT);
    }
    // The dependency hints are SPIR-V 1.1, PartialCount 1.4: dropped when the version is
    // not allowed (checked for PartialCount above).
    if mask & (DEPENDENCY_INFINITE | DEPENDENCY_LENGTH) != 0 {
        if t.opts.max_version >= 0x0001_0100 {
            t.needed_version = t.needed_version.max(0x0001_0100);
        } else {
            mask &= !(DEPENDENCY_INFINITE | DEPENDENCY_LENGTH);
            params.remove(&DEPENDENCY_LENGTH);
        }
    }
    if mask & PARTIAL_COUNT != 0 {
        t.needed_version = t.needed_version.max(0x0001_0400);
    }
    if mask == 0 {
        return None;
    }
    if let Some(extension) = fpga_extension.filter(|_| mask & 0xFFFF_0000 != 0) {
        t.b.extension(extension);
        t.b.capability(Capability::FPGALoopControlsALTERA);
    }
    Some(LoopControl {
        mask,
        params: params.into_values().flatten().collect(),
    })
}

/// Emits the loop control planned for the block whose terminator is being lowered (just
/// before the branch).
pub(crate) fn emit_before_branch(t: &mut Translator<'_>, ctx: &FnCtx<'_>) {
    let Some(hc) = ctx
        .loop_controls
        .borrow_mut()
        .remove(&ctx.current_block.get())
    else {
        return;
    };
    match hc {
        HeaderControl::Merge {
            merge,
            continue_target,
            control,
        } => {
            let (Some(&merge), Some(&cont)) =
                (ctx.blocks.get(merge), ctx.blocks.get(continue_target))
            else {
                return;
            };
            let mut ops = vec![
                Operand::Id(merge),
                Operand::Id(cont),
                Operand::Word(control.mask),
            ];
            ops.extend(control.params.iter().cloned());
            t.emit_void(Op::LoopMerge, ops);
        }
        HeaderControl::Unstructured(control) => {
            t.b.extension(UNSTRUCTURED_EXTENSION);
            t.b.capability(Capability::UnstructuredLoopControlsINTEL);
            let ops =
                std::iter::once(Operand::Word(control.mask)).chain(control.params.iter().cloned());
            t.emit_void_ops(Op::LoopControlINTEL, ops);
        }
    }
}
