//! `--eliminate-dead-branches`: OpBranchConditional on OpConstantTrue/False (or a null bool)
//! and OpSwitch on an OpConstant (or null) selector become an OpBranch to the taken target;
//! blocks no longer reachable from the entry are removed and OpPhi entries from vanished
//! edges are dropped (a phi left with one entry becomes its value).
//!
//! Structured control flow stays valid, as in SPIRV-Tools' dead-branch elimination:
//! - A selection header's OpSelectionMerge goes with its conditional branch, but only when no
//!   block of the taken arm leaves for the merge block from a nested construct or through a
//!   conditional branch (such exits are only valid as breaks of that selection); otherwise the
//!   header is left unchanged.
//! - Loop headers keep their OpLoopMerge; only the branch is rewritten.
//! - A block that is the merge block or continue target of a live construct is never
//!   deleted: when unreachable its body becomes OpUnreachable (merge) or an OpBranch back to
//!   its loop header (continue target; the header's phis get an OpUndef for that edge).

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::{remove_references_to, IdSet};
use rayon::prelude::*;
use spirvkit_core::analysis::{DomTree, FunctionCfg};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Op;
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct EliminateDeadBranches;

/// Module-level facts the per-function rewrite needs, and what it adds to the module.
struct Context {
    /// Constant bool ids → value.
    bools: FxHashMap<Id, bool>,
    /// Constant integer ids → literal words (empty for OpConstantNull: zero).
    ints: FxHashMap<Id, Vec<u32>>,
    /// OpUndef per type (existing or created).
    undefs: FxHashMap<Id, Id>,
    new_globals: Vec<Instruction>,
    next_id: u32,
    removed: IdSet,
}

impl Context {
    fn new(module: &Module) -> Self {
        let mut bool_types = IdSet::new(module.header.bound);
        let mut int_types = IdSet::new(module.header.bound);
        let mut cx = Context {
            bools: FxHashMap::default(),
            ints: FxHashMap::default(),
            undefs: FxHashMap::default(),
            new_globals: Vec::new(),
            next_id: module.header.bound,
            removed: IdSet::new(module.header.bound),
        };
        for inst in &module.globals {
            let (Some(id), ty) = (inst.result_id, inst.result_type) else {
                continue;
            };
            match inst.opcode {
                Op::TypeBool => {
                    bool_types.insert(id);
                }
                Op::TypeInt => {
                    int_types.insert(id);
                }
                Op::ConstantTrue => {
                    cx.bools.insert(id, true);
                }
                Op::ConstantFalse => {
                    cx.bools.insert(id, false);
                }
                Op::Constant if ty.is_some_and(|t| int_types.contains(t)) => {
                    let words = inst.operands.iter().filter_map(Operand::word).collect();
                    cx.ints.insert(id, words);
                }
                Op::ConstantNull if ty.is_some_and(|t| bool_types.contains(t)) => {
                    cx.bools.insert(id, false);
                }
                Op::ConstantNull if ty.is_some_and(|t| int_types.contains(t)) => {
                    cx.ints.insert(id, Vec::new());
                }
                Op::Undef => {
                    if let Some(t) = ty {
                        cx.undefs.entry(t).or_insert(id);
                    }
                }
                _ => {}
            }
        }
        cx
    }

    fn undef(&mut self, ty: Id) -> Id {
        if let Some(&u) = self.undefs.get(&ty) {
            return u;
        }
        let id = Id(self.next_id);
        self.next_id += 1;
        self.new_globals
            .push(Instruction::new(Op::Undef, Some(ty), Some(id), []));
        self.undefs.insert(ty, id);
        id
    }

    /// The label a constant-condition terminator always takes.
    fn taken(&self, term: &Instruction) -> Option<Id> {
        let ops = &term.operands;
        match term.opcode {
            Op::BranchConditional => {
                let cond = self.bools.get(&ops.first()?.id()?)?;
                let index = if *cond { 1 } else { 2 };
                ops.get(index)?.id()
            }
            Op::Switch => {
                let value = self.ints.get(&ops.first()?.id()?)?;
                let default = ops.get(1)?.id()?;
                let mut literal: Vec<u32> = Vec::with_capacity(2);
                for op in ops.iter().skip(2) {
                    match op {
                        Operand::Word(w) => literal.push(*w),
                        Operand::Id(target) => {
                            if same_value(&literal, value) {
                                return Some(*target);
                            }
                            literal.clear();
                        }
                        Operand::String(_) => return None,
                    }
                }
                Some(default)
            }
            _ => None,
        }
    }
}

/// Literal words equal as numbers (an empty list is OpConstantNull's zero).
fn same_value(a: &[u32], b: &[u32]) -> bool {
    let n = a.len().max(b.len());
    (0..n).all(|i| a.get(i).copied().unwrap_or(0) == b.get(i).copied().unwrap_or(0))
}

impl Pass for EliminateDeadBranches {
    fn name(&self) -> &'static str {
        "eliminate-dead-branches"
    }

    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error> {
        let mut cx = Context::new(module);
        if cx.bools.is_empty() && cx.ints.is_empty() {
            return Ok(Changed::No);
        }
        let mut changed = false;
        // Only a function with a constant branch or an unreachable block can change: found in
        // parallel, so the dominator trees are built for those alone.
        let candidates: Vec<bool> = module
            .functions
            .par_iter()
            .map(|f| may_change(f, &cx))
            .collect();
        let candidates = candidates
            .iter()
            .enumerate()
            .filter_map(|(fi, &c)| c.then_some(fi));
        for fi in candidates {
            let cfg = analyses.cfg(module, fi);
            let Some(dom) = analyses.dominators(module, fi).cloned() else {
                continue;
            };
            changed |= rewrite_function(&mut module.functions[fi], &cfg, &dom, &mut cx);
        }
        if changed {
            module.globals.append(&mut cx.new_globals);
            module.header.bound = cx.next_id;
            remove_references_to(module, &cx.removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

/// Whether `rewrite_function` could change `f`: it has a body whose blocks all end in a
/// terminator, and a branch on a constant or a block the entry does not reach.
fn may_change(f: &Function, cx: &Context) -> bool {
    if f.blocks.is_empty() || !f.blocks.iter().all(ends_in_terminator) {
        return false;
    }
    if f.blocks
        .iter()
        .any(|b| b.terminator().and_then(|t| cx.taken(t)).is_some())
    {
        return true;
    }
    if all_reached_in_layout_order(f) {
        return false;
    }
    let cfg = FunctionCfg::new(f);
    let mut reached = vec![false; f.blocks.len()];
    let mut stack = vec![0u32];
    while let Some(b) = stack.pop() {
        if std::mem::replace(&mut reached[b as usize], true) {
            continue;
        }
        stack.extend(
            cfg.succs[b as usize]
                .iter()
                .copied()
                .filter(|&s| !reached[s as usize]),
        );
    }
    reached.contains(&false)
}

/// Whether one walk in layout order, marking the successors of the blocks marked so far
/// (the entry first), marks every block of a small function: then every block is reachable,
/// found without building the CFG. False when unsure (a block first marked from a later
/// block has had its own successors passed over: left to the full search). A label defined
/// twice resolves to its last block, as in [`FunctionCfg`].
fn all_reached_in_layout_order(f: &Function) -> bool {
    let n = f.blocks.len();
    if n > 16 {
        return false;
    }
    let mut reached = 1u32;
    for (b, block) in f.blocks.iter().enumerate() {
        if reached & (1 << b) == 0 {
            continue;
        }
        if let Some(term) = block.terminator() {
            for label in spirvkit_core::analysis::successor_labels(term) {
                if let Some(t) = f.blocks.iter().rposition(|x| x.id() == label) {
                    reached |= 1 << t;
                }
            }
        }
    }
    reached == (1u32 << n) - 1
}

fn ends_in_terminator(block: &spirvkit_core::Block) -> bool {
    block.terminator().is_some_and(|t| {
        matches!(
            t.opcode,
            Op::Branch
                | Op::BranchConditional
                | Op::Switch
                | Op::Return
                | Op::ReturnValue
                | Op::Kill
                | Op::Unreachable
                | Op::TerminateInvocation
                | Op::IgnoreIntersectionKHR
                | Op::TerminateRayKHR
                | Op::EmitMeshTasksEXT
        )
    })
}

/// Is the edge `from → to` a loop's back edge (`to` a loop header dominating `from`)?
fn is_back_edge(f: &Function, dom: &DomTree, from: u32, to: u32) -> bool {
    merge_of(&f.blocks[to as usize]).is_some_and(|m| m.opcode == Op::LoopMerge)
        && dom.dominates(to, from)
}

fn merge_of(block: &spirvkit_core::Block) -> Option<&Instruction> {
    block.merge_instruction()
}

/// May the selection header `h` (merge block `m`) lose its OpSelectionMerge when it always
/// branches to `taken`? Only when every branch into `m` from the taken arm is an
/// unconditional one from outside any construct nested in the arm.
fn selection_can_go(
    f: &Function,
    cfg: &FunctionCfg,
    dom: &DomTree,
    h: u32,
    m: u32,
    taken: u32,
) -> bool {
    if taken == m {
        return true;
    }
    let mut seen = vec![false; cfg.len()];
    let mut stack = vec![taken];
    let mut region: Vec<u32> = Vec::new();
    let mut nested: Vec<(u32, Option<u32>)> = Vec::new();
    while let Some(b) = stack.pop() {
        if b == m || b == h || seen[b as usize] || !dom.dominates(h, b) {
            continue;
        }
        seen[b as usize] = true;
        region.push(b);
        if let Some(mi) = merge_of(&f.blocks[b as usize]) {
            let inner = mi.operands.first().and_then(Operand::id);
            nested.push((b, inner.and_then(|l| cfg.block_of(l))));
        }
        stack.extend(cfg.succs[b as usize].iter().copied());
    }
    for &b in &region {
        let succs = &cfg.succs[b as usize];
        if !succs.contains(&m) {
            continue;
        }
        if succs.len() > 1 {
            return false;
        }
        let inside_nested = nested
            .iter()
            .any(|&(n, nm)| dom.dominates(n, b) && !nm.is_some_and(|nm| dom.dominates(nm, b)));
        if inside_nested {
            return false;
        }
    }
    true
}

fn rewrite_function(f: &mut Function, cfg: &FunctionCfg, dom: &DomTree, cx: &mut Context) -> bool {
    let n = f.blocks.len();
    // 1. Fold constant branches of reachable blocks.
    let mut folded = false;
    for b in 0..n {
        if !dom.reachable(b as u32) {
            continue;
        }
        let Some(taken) = f.blocks[b].terminator().and_then(|t| cx.taken(t)) else {
            continue;
        };
        let Some(taken_index) = cfg.block_of(taken) else {
            continue;
        };
        // A loop keeps its one back edge even when the branch never takes it.
        if cfg.succs[b]
            .iter()
            .any(|&s| s != taken_index && is_back_edge(f, dom, b as u32, s))
        {
            continue;
        }
        let merge =
            merge_of(&f.blocks[b]).map(|i| (i.opcode, i.operands.first().and_then(Operand::id)));
        let drop_merge = match merge {
            Some((Op::SelectionMerge, Some(m))) => {
                let Some(mi) = cfg.block_of(m) else {
                    continue;
                };
                if !selection_can_go(f, cfg, dom, b as u32, mi, taken_index) {
                    continue;
                }
                true
            }
            Some((Op::SelectionMerge, None)) => continue,
            _ => false,
        };
        let block = &mut f.blocks[b];
        if drop_merge {
            block.take_merge_instruction();
        }
        // Replaced in place: debug lines after the terminator stay where they are.
        if let Some(term) = block.terminator_mut() {
            *term = Instruction::new(Op::Branch, None, None, [Operand::Id(taken)]);
        }
        folded = true;
    }
    let had_unreachable = (0..n).any(|b| !dom.reachable(b as u32));
    if !folded && !had_unreachable {
        return false;
    }

    // 2. Reachability over the rewritten branches.
    let new_cfg = FunctionCfg::new(f);
    let mut live = vec![false; n];
    let mut stack = vec![0u32];
    while let Some(b) = stack.pop() {
        if std::mem::replace(&mut live[b as usize], true) {
            continue;
        }
        stack.extend(
            new_cfg.succs[b as usize]
                .iter()
                .copied()
                .filter(|&s| !live[s as usize]),
        );
    }

    // 3. Merge blocks and continue targets of live constructs stay (continue target → its header).
    let mut kept_merge = vec![false; n];
    let mut kept_continue: Vec<Option<u32>> = vec![None; n];
    for b in (0..n).filter(|&b| live[b]) {
        let Some(mi) = merge_of(&f.blocks[b]) else {
            continue;
        };
        let target = |k: usize| {
            mi.operands
                .get(k)
                .and_then(Operand::id)
                .and_then(|l| new_cfg.block_of(l))
        };
        if let Some(m) = target(0) {
            kept_merge[m as usize] = true;
        }
        if mi.opcode == Op::LoopMerge {
            if let Some(c) = target(1) {
                kept_continue[c as usize] = Some(b as u32);
            }
        }
    }
    let deletes_blocks = (0..n).any(|b| !live[b] && !kept_merge[b] && kept_continue[b].is_none());

    // 4. Rewrite the dead blocks that stay; note every id that disappears.
    let mut back_edges: Vec<(u32, u32)> = Vec::new(); // (continue block, header)
    for b in (0..n).filter(|&b| !live[b]) {
        let keep_as_continue = kept_continue[b];
        if !kept_merge[b] && keep_as_continue.is_none() {
            continue;
        }
        let block = &mut f.blocks[b];
        let old = (block.instructions.len() == 1).then(|| block.instructions[0].clone());
        for inst in block.instructions.drain(..) {
            if let Some(r) = inst.result_id {
                cx.removed.insert(r);
            }
        }
        let new = match keep_as_continue.filter(|_| !kept_merge[b]) {
            Some(h) => {
                let header = new_cfg.labels[h as usize];
                back_edges.push((b as u32, h));
                Instruction::new(Op::Branch, None, None, [Operand::Id(header)])
            }
            None => Instruction::new(Op::Unreachable, None, None, []),
        };
        folded |= old.as_ref() != Some(&new);
        block.instructions.push(new);
    }

    // 5. Phis of live blocks: entries from edges that still exist; undef for kept back edges.
    let mut replace: FxHashMap<Id, Id> = FxHashMap::default();
    for b in (0..n).filter(|&b| live[b]) {
        let preds: Vec<Id> = new_cfg.preds[b]
            .iter()
            .filter(|&&p| live[p as usize])
            .map(|&p| new_cfg.labels[p as usize])
            .collect();
        let back: Vec<Id> = back_edges
            .iter()
            .filter(|&&(_, h)| h as usize == b)
            .map(|&(c, _)| new_cfg.labels[c as usize])
            .collect();
        let block = &mut f.blocks[b];
        let mut i = 0;
        while i < block.instructions.len() {
            let inst = &mut block.instructions[i];
            if inst.opcode != Op::Phi {
                i += 1;
                continue;
            }
            let mut pairs: Vec<Operand> = Vec::with_capacity(inst.operands.len());
            for pair in inst.operands.chunks(2) {
                let Some(parent) = pair.get(1).and_then(Operand::id) else {
                    continue;
                };
                if preds.contains(&parent) {
                    pairs.extend(pair.iter().cloned());
                }
            }
            // Kept continue targets reach the header by a new (never taken) edge.
            if let (Some(ty), false) = (inst.result_type, back.is_empty()) {
                let undef = cx.undef(ty);
                for &c in &back {
                    pairs.push(Operand::Id(undef));
                    pairs.push(Operand::Id(c));
                }
            }
            if pairs == inst.operands.as_slice() {
                i += 1;
                continue;
            }
            folded = true;
            if pairs.len() == 2 && back.is_empty() {
                if let (Some(r), Some(v)) = (inst.result_id, pairs[0].id()) {
                    replace.insert(r, v);
                    cx.removed.insert(r);
                    block.instructions.remove(i);
                    continue;
                }
            }
            inst.operands = pairs.into_iter().collect();
            i += 1;
        }
    }

    if !folded && !deletes_blocks {
        return false;
    }

    // 6. Delete the dead blocks nobody refers to.
    let mut index = 0;
    let removed = &mut cx.removed;
    f.blocks.retain(|block| {
        let b = index;
        index += 1;
        let keep = live[b] || kept_merge[b] || kept_continue[b].is_some();
        if !keep {
            removed.insert(block.id());
            for inst in &block.instructions {
                if let Some(r) = inst.result_id {
                    removed.insert(r);
                }
            }
        }
        keep
    });
    if !replace.is_empty() {
        let resolve = |mut id: Id| {
            let mut steps = 0;
            while let Some(&next) = replace.get(&id) {
                if next == id || steps > replace.len() {
                    break;
                }
                id = next;
                steps += 1;
            }
            id
        };
        for inst in f.instructions_mut() {
            inst.map_ids(resolve);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    /// The module with an OpName for every result id, so the output reads with the same names.
    fn named(src: &str) -> Vec<u32> {
        let names: String = src
            .lines()
            .filter_map(|l| l.trim().strip_prefix('%')?.split_once(" = "))
            .map(|(id, _)| format!("OpName %{id} \"{id}\"\n"))
            .collect();
        let at = src
            .rfind("OpExecutionMode")
            .or_else(|| src.rfind("OpEntryPoint"))
            .and_then(|p| src[p..].find('\n').map(|e| p + e + 1))
            .unwrap_or(0);
        assemble(&format!("{}{names}{}", &src[..at], &src[at..]))
    }

    const SHADER_HEAD: &str = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%c0 = OpConstant %int 0
%c1 = OpConstant %int 1
%c2 = OpConstant %int 2
%t = OpConstantTrue %bool
%f = OpConstantFalse %bool
%fn = OpTypeFunction %void
%fnb = OpTypeFunction %void %bool
"#;

    fn run(body: &str) -> String {
        let src = format!("{SHADER_HEAD}{body}");
        disassemble(&run_pass(&super::EliminateDeadBranches, &named(&src)))
    }

    fn if_else(cond: &str) -> String {
        run(&format!(
            r#"
%main = OpFunction %void None %fn
%e = OpLabel
OpSelectionMerge %m None
OpBranchConditional %{cond} %a %b
%a = OpLabel
%xa = OpIAdd %int %c1 %c1
OpBranch %m
%b = OpLabel
%xb = OpIAdd %int %c2 %c2
OpBranch %m
%m = OpLabel
%p = OpPhi %int %xa %a %xb %b
%q = OpIAdd %int %p %c1
OpReturn
OpFunctionEnd
"#
        ))
    }

    #[test]
    fn true_condition_takes_the_true_arm() {
        let text = if_else("t");
        assert!(!text.contains("OpBranchConditional"), "{text}");
        assert!(!text.contains("OpSelectionMerge"), "{text}");
        assert!(!text.contains("%b = OpLabel"), "{text}");
        assert!(!text.contains("OpPhi"), "{text}");
        assert!(text.contains("%q = OpIAdd %int %xa %c1"), "{text}");
    }

    #[test]
    fn debug_lines_after_terminators_stay_in_place() {
        // Producers put OpLine/OpNoLine after a terminator; it is not the terminator.
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "a.comp"
%void = OpTypeVoid
%bool = OpTypeBool
%t = OpConstantTrue %bool
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
OpSelectionMerge %m None
OpBranchConditional %t %a %m
OpLine %file 3 1
%a = OpLabel
OpBranch %m
OpNoLine
%m = OpLabel
OpReturn
OpLine %file 9 1
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::EliminateDeadBranches, &assemble(src)));
        assert!(!text.contains("OpBranchConditional"), "{text}");
        assert!(!text.contains("OpSelectionMerge"), "{text}");
        assert!(
            text.contains("OpBranch %9\n               OpLine %2 3 1"),
            "{text}"
        );
        assert!(
            text.contains("OpBranch %8\n               OpNoLine\n          %8 = OpLabel\n               OpReturn\n               OpLine %2 9 1"),
            "{text}"
        );
    }

    #[test]
    fn false_condition_takes_the_false_arm() {
        let text = if_else("f");
        assert!(!text.contains("%a = OpLabel"), "{text}");
        assert!(text.contains("%q = OpIAdd %int %xb %c1"), "{text}");
    }

    #[test]
    fn switch_on_constant_takes_its_case_or_the_default() {
        let body = |sel: &str| {
            format!(
                r#"
%main = OpFunction %void None %fn
%e = OpLabel
OpSelectionMerge %m None
OpSwitch %{sel} %d 1 %one 2 %two
%d = OpLabel
OpBranch %m
%one = OpLabel
OpBranch %m
%two = OpLabel
OpBranch %m
%m = OpLabel
%p = OpPhi %int %c0 %d %c1 %one %c2 %two
%q = OpIAdd %int %p %p
OpReturn
OpFunctionEnd
"#
            )
        };
        let text = run(&body("c2"));
        assert!(!text.contains("OpSwitch"), "{text}");
        assert!(text.contains("OpBranch %two"), "{text}");
        assert!(!text.contains("%one = OpLabel"), "{text}");
        assert!(!text.contains("%d = OpLabel"), "{text}");
        assert!(text.contains("%q = OpIAdd %int %c2 %c2"), "{text}");
        let text = run(&body("c0"));
        assert!(text.contains("OpBranch %d"), "{text}");
        assert!(text.contains("%q = OpIAdd %int %c0 %c0"), "{text}");
    }

    #[test]
    fn phi_keeps_the_entries_of_remaining_edges() {
        // The header's direct edge to the merge goes; the phi keeps two entries.
        let text = run(r#"
%main = OpFunction %void None %fn
%e = OpLabel
OpSelectionMerge %m None
OpBranchConditional %t %a %m
%a = OpLabel
OpSelectionMerge %m2 None
OpBranchConditional %t %x %y
%x = OpLabel
OpBranch %m2
%y = OpLabel
OpBranch %m2
%m2 = OpLabel
OpBranch %m
%m = OpLabel
%p = OpPhi %int %c0 %e %c1 %m2
OpReturn
OpFunctionEnd
"#);
        assert!(!text.contains("OpPhi"), "{text}");
        assert!(!text.contains("%y = OpLabel"), "{text}");
        assert!(!text.contains("OpSelectionMerge"), "{text}");
    }

    #[test]
    fn nested_constant_break_folds_inside_and_keeps_the_outer_selection() {
        // %a breaks out to the outer merge through a conditional branch: only valid as a break
        // of the outer selection, so the outer header keeps its merge and branch; the
        // constant break itself and the nested selection fold.
        let text = run(r#"
%main = OpFunction %void None %fn
%e = OpLabel
OpSelectionMerge %m None
OpBranchConditional %t %a %b
%a = OpLabel
OpBranchConditional %f %m %x
%x = OpLabel
OpSelectionMerge %m2 None
OpBranchConditional %f %y %m2
%y = OpLabel
OpBranch %m2
%m2 = OpLabel
OpBranch %m
%b = OpLabel
OpBranch %m
%m = OpLabel
OpReturn
OpFunctionEnd
"#);
        assert!(text.contains("OpSelectionMerge %m None"), "{text}");
        assert!(text.contains("OpBranchConditional %t %a %b"), "{text}");
        assert!(!text.contains("OpSelectionMerge %m2"), "{text}");
        assert!(text.contains("OpBranch %x"), "{text}");
        assert!(!text.contains("%y = OpLabel"), "{text}");
    }

    #[test]
    fn nested_selection_with_dynamic_break_is_untouched() {
        let src = r#"
%main = OpFunction %void None %fn
%e = OpLabel
%v = OpUndef %bool
OpSelectionMerge %m None
OpBranchConditional %t %a %b
%a = OpLabel
OpBranchConditional %v %m %x
%x = OpLabel
OpBranch %m
%b = OpLabel
OpBranch %m
%m = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = run(src);
        assert!(text.contains("OpSelectionMerge %m None"), "{text}");
        assert!(text.contains("OpBranchConditional %t %a %b"), "{text}");
        assert!(text.contains("%b = OpLabel"), "{text}");
    }

    #[test]
    fn loop_header_keeps_its_merge_and_continue() {
        let text = run(r#"
%main = OpFunction %void None %fn
%e = OpLabel
OpBranch %h
%h = OpLabel
%i = OpPhi %int %c0 %e %i2 %cont
OpLoopMerge %exit %cont None
OpBranchConditional %f %body %exit
%body = OpLabel
OpBranch %cont
%cont = OpLabel
%i2 = OpIAdd %int %i %c1
OpBranch %h
%exit = OpLabel
OpReturn
OpFunctionEnd
"#);
        assert!(text.contains("OpLoopMerge %exit %cont None"), "{text}");
        assert!(text.contains("OpBranch %exit"), "{text}");
        assert!(!text.contains("%body = OpLabel"), "{text}");
        // The continue target stays, branching back to the header with an undef value.
        assert!(text.contains("%cont = OpLabel"), "{text}");
        assert!(text.contains("OpUndef %int"), "{text}");
    }

    #[test]
    fn unreachable_continue_construct_of_two_blocks() {
        // The back edge came from %latch; the kept continue target %cont now brings it.
        let text = run(r#"
%main = OpFunction %void None %fn
%e = OpLabel
OpBranch %h
%h = OpLabel
%i = OpPhi %int %c0 %e %i2 %latch
OpLoopMerge %exit %cont None
OpBranchConditional %t %exit %body
%body = OpLabel
OpBranch %cont
%cont = OpLabel
%i2 = OpIAdd %int %i %c1
OpBranch %latch
%latch = OpLabel
OpBranch %h
%exit = OpLabel
OpReturn
OpFunctionEnd
"#);
        assert!(!text.contains("%latch = OpLabel"), "{text}");
        assert!(
            text.contains("%cont = OpLabel\n               OpBranch %h"),
            "{text}"
        );
    }

    #[test]
    fn do_while_false_keeps_its_back_edge() {
        let src = format!(
            "{SHADER_HEAD}{}",
            r#"
%main = OpFunction %void None %fn
%e = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %exit %cont None
OpBranch %cont
%cont = OpLabel
OpBranchConditional %f %h %exit
%exit = OpLabel
OpReturn
OpFunctionEnd
"#
        );
        let words = assemble(&src);
        assert_eq!(run_pass(&super::EliminateDeadBranches, &words), words);
    }

    #[test]
    fn loop_with_dynamic_condition_is_untouched() {
        let src = format!(
            "{SHADER_HEAD}{}",
            r#"
%main = OpFunction %void None %fn
%e = OpLabel
OpBranch %h
%h = OpLabel
%i = OpPhi %int %c0 %e %i2 %cont
%go = OpSLessThan %bool %i %c2
OpLoopMerge %exit %cont None
OpBranchConditional %go %body %exit
%body = OpLabel
OpBranch %cont
%cont = OpLabel
%i2 = OpIAdd %int %i %c1
OpBranch %h
%exit = OpLabel
OpReturn
OpFunctionEnd
"#
        );
        let words = assemble(&src);
        let out = run_pass(&super::EliminateDeadBranches, &words);
        assert_eq!(out, words);
    }

    #[test]
    fn kernel_without_merges() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%big = OpConstant %ulong 4294967297
%f = OpConstantFalse %bool
%fn = OpTypeFunction %void
%k = OpFunction %void None %fn
%e = OpLabel
OpBranchConditional %f %a %b
%a = OpLabel
OpBranch %s
%b = OpLabel
OpBranch %s
%s = OpLabel
%p = OpPhi %uint %c1 %a %c2 %b
OpSwitch %big %d 1 %d 4294967297 %hit
%d = OpLabel
OpReturn
%hit = OpLabel
%q = OpIAdd %uint %p %p
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::EliminateDeadBranches, &named(src)));
        assert!(!text.contains("%a = OpLabel"), "{text}");
        assert!(!text.contains("%d = OpLabel"), "{text}");
        assert!(text.contains("OpBranch %hit"), "{text}");
        assert!(text.contains("%q = OpIAdd %uint %c2 %c2"), "{text}");
    }

    /// The layout-order walk proves reachability only when it marks every block: a block
    /// reached only from a later one, or not at all, leaves it to the CFG search.
    #[test]
    fn layout_order_walk_is_sure_only_when_it_marks_every_block() {
        let function = |body: &str| {
            let src = format!(
                "OpCapability Kernel\nOpCapability Addresses\nOpCapability Linkage\nOpMemoryModel Physical64 OpenCL\nOpDecorate %f LinkageAttributes \"f\" Export\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%f = OpFunction %void None %fn\n{body}OpFunctionEnd\n"
            );
            spirvkit_core::Module::from_words(&assemble(&src)).unwrap()
        };
        let forward = &function(
            "%e = OpLabel\nOpBranch %a\n%a = OpLabel\nOpBranch %b\n%b = OpLabel\nOpReturn\n",
        );
        assert!(super::all_reached_in_layout_order(&forward.functions[0]));
        // %b is reached only from %c, laid out after it, and %d only from %b: reachable, but
        // %b's successors are never looked at in the one walk.
        let backward = &function(
            "%e = OpLabel\nOpBranch %c\n%b = OpLabel\nOpBranch %d\n%d = OpLabel\nOpReturn\n%c = OpLabel\nOpBranch %b\n",
        );
        assert!(!super::all_reached_in_layout_order(&backward.functions[0]));
        let cx = super::Context::new(backward);
        assert!(!super::may_change(&backward.functions[0], &cx));
        let unreachable = &function("%e = OpLabel\nOpReturn\n%u = OpLabel\nOpReturn\n");
        assert!(!super::all_reached_in_layout_order(
            &unreachable.functions[0]
        ));
        let cx = super::Context::new(unreachable);
        assert!(super::may_change(&unreachable.functions[0], &cx));
    }
}
