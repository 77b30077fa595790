//! The control-flow half of `--eliminate-dead-code-aggressive`: a conditional branch (or
//! switch) whose every path reaches its immediate post-dominator P through blocks that do
//! nothing — only merge instructions and branches, no phis, no loops, entered only from the
//! branch — decides nothing: it becomes `OpBranch P`, the blocks in between are removed, and
//! P's phis, whose values over those paths must agree, take that value from the branching
//! block. What ADCE's instruction sweep leaves behind (an `if` whose body was dead) is what
//! this removes.
//!
//! Structured control flow stays valid: in modules with the Shader capability only a selection
//! header whose merge block is P qualifies (loop headers, breaks and continues never), its
//! OpSelectionMerge goes with the branch, and no removed block may be the merge or continue
//! target of a construct declared outside the removed region. Cycles are never removed (an
//! empty loop may not terminate).

use spirvkit_core::analysis::cfg::FunctionCfg;
use spirvkit_core::analysis::dominators::post_dominators;
use spirvkit_core::fasthash::FxHashSet;
use spirvkit_core::grammar::Op;
use spirvkit_core::{Function, Id, Instruction, Operand};

/// Removes decision-free branches from `f` until none is left; labels of removed blocks go to
/// `dead`. True when something changed.
pub fn remove_empty_branches(f: &mut Function, structured: bool, dead: &mut Vec<Id>) -> bool {
    let mut changed = false;
    // Each round removes at least one block: bounded by the block count.
    for _ in 0..f.blocks.len() {
        if !remove_one(f, structured, dead) {
            break;
        }
        changed = true;
    }
    changed
}

fn is_branch(op: Op) -> bool {
    matches!(op, Op::Branch | Op::BranchConditional | Op::Switch)
}

/// Finds and rewrites one decision-free branch.
fn remove_one(f: &mut Function, structured: bool, dead: &mut Vec<Id>) -> bool {
    let n = f.blocks.len();
    if n < 2 {
        return false;
    }
    // Every block must end in its terminator (a debug line after it: leave the function alone).
    if f.blocks.iter().any(|b| {
        b.instructions
            .last()
            .is_none_or(|t| !crate::passes::ccp::is_block_terminator(t.opcode))
    }) {
        return false;
    }
    if !any_candidate(f) {
        return false;
    }
    let cfg = FunctionCfg::new(f);
    let pdom = post_dominators(&cfg.succs, &cfg.preds);
    // Merge and continue targets, with the block declaring them.
    let mut targets: Vec<(u32, Id)> = Vec::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for inst in &block.instructions {
            if matches!(inst.opcode, Op::SelectionMerge | Op::LoopMerge) {
                for label in inst.operands.iter().filter_map(Operand::id) {
                    targets.push((b as u32, label));
                }
            }
        }
    }
    for b in 0..n {
        let block = &f.blocks[b];
        let k = block.instructions.len();
        let Some(term) = block.instructions.last() else {
            continue;
        };
        if !matches!(term.opcode, Op::BranchConditional | Op::Switch) {
            continue;
        }
        let merge = k
            .checked_sub(2)
            .and_then(|i| block.instructions.get(i))
            .filter(|i| matches!(i.opcode, Op::SelectionMerge | Op::LoopMerge));
        let Some(&p) = pdom.idom.get(b) else { continue };
        if p as usize >= n {
            continue;
        }
        match merge {
            Some(m) if m.opcode == Op::LoopMerge => continue,
            Some(m) if m.operands.first().and_then(Operand::id) != Some(cfg.labels[p as usize]) => {
                continue
            }
            Some(_) => {}
            None if structured => continue,
            None => {}
        }
        let Some(region) = region_between(f, &cfg, b as u32, p) else {
            continue;
        };
        // No removed block may be a target declared outside the region.
        if targets.iter().any(|(declarer, label)| {
            *declarer != b as u32
                && !region.contains(declarer)
                && cfg.block_of(*label).is_some_and(|t| region.contains(&t))
        }) {
            continue;
        }
        // P's phis: one value over every edge from the branch and the region.
        let from: FxHashSet<Id> = region
            .iter()
            .map(|&r| cfg.labels[r as usize])
            .chain(std::iter::once(cfg.labels[b]))
            .collect();
        let Some(values) = agreeing_phi_values(&f.blocks[p as usize].instructions, &from) else {
            continue;
        };
        rewrite(f, b, p, &region, &from, &values, dead);
        return true;
    }
    false
}

/// Does a block do nothing but branch (the blocks a decision-free branch may bypass)?
fn does_nothing(block: &spirvkit_core::Block) -> bool {
    block
        .instructions
        .iter()
        .all(|i| is_branch(i.opcode) || i.opcode == Op::SelectionMerge)
}

/// Whether any conditional branch or switch may decide nothing, before the CFG and the
/// post-dominators are built: every successor of such a branch is its post-dominator or a
/// block doing nothing, so at most one of its distinct successors does something.
fn any_candidate(f: &Function) -> bool {
    let idle: FxHashSet<Id> = f
        .blocks
        .iter()
        .filter(|b| does_nothing(b))
        .map(|b| b.id())
        .collect();
    f.blocks.iter().any(|block| {
        let Some(term) = block.instructions.last() else {
            return false;
        };
        if !matches!(term.opcode, Op::BranchConditional | Op::Switch) {
            return false;
        }
        let mut busy: Option<Id> = None;
        spirvkit_core::analysis::successor_labels(term).all(|s| {
            if idle.contains(&s) {
                return true;
            }
            match busy {
                Some(other) => other == s,
                None => {
                    busy = Some(s);
                    true
                }
            }
        })
    })
}

/// The blocks strictly between `b` and its post-dominator `p`, when they do nothing, are
/// entered only from `b` or each other, and contain no cycle.
fn region_between(f: &Function, cfg: &FunctionCfg, b: u32, p: u32) -> Option<FxHashSet<u32>> {
    let mut region: FxHashSet<u32> = FxHashSet::default();
    let mut stack: Vec<u32> = cfg.succs[b as usize]
        .iter()
        .copied()
        .filter(|&s| s != p)
        .collect();
    while let Some(r) = stack.pop() {
        if r == b || r == 0 {
            return None;
        }
        if !region.insert(r) {
            continue;
        }
        if !does_nothing(&f.blocks[r as usize]) || region.len() > 64 {
            return None;
        }
        for &s in &cfg.succs[r as usize] {
            if s != p {
                stack.push(s);
            }
        }
    }
    for &r in &region {
        if cfg.preds[r as usize]
            .iter()
            .any(|q| *q != b && !region.contains(q))
        {
            return None;
        }
    }
    acyclic(cfg, &region).then_some(region)
}

/// Is the subgraph induced by `region` free of cycles? (Kahn's algorithm.)
fn acyclic(cfg: &FunctionCfg, region: &FxHashSet<u32>) -> bool {
    let mut indegree: spirvkit_core::fasthash::FxHashMap<u32, usize> = region
        .iter()
        .map(|&r| {
            let d = cfg.preds[r as usize]
                .iter()
                .filter(|q| region.contains(q))
                .count();
            (r, d)
        })
        .collect();
    let mut ready: Vec<u32> = indegree
        .iter()
        .filter(|(_, d)| **d == 0)
        .map(|(r, _)| *r)
        .collect();
    let mut seen = 0usize;
    while let Some(r) = ready.pop() {
        seen += 1;
        for s in &cfg.succs[r as usize] {
            if let Some(d) = indegree.get_mut(s) {
                *d -= 1;
                if *d == 0 {
                    ready.push(*s);
                }
            }
        }
    }
    seen == region.len()
}

/// For each phi of the post-dominator (in order): the single value it receives over the edges
/// from `from`, or None when two differ.
pub(crate) fn agreeing_phi_values(
    instructions: &[Instruction],
    from: &FxHashSet<Id>,
) -> Option<Vec<Id>> {
    let mut values = Vec::new();
    for phi in instructions.iter().take_while(|i| i.opcode == Op::Phi) {
        let mut value: Option<Id> = None;
        for pair in phi.operands.chunks(2) {
            let (Some(v), Some(parent)) = (
                pair.first().and_then(Operand::id),
                pair.get(1).and_then(Operand::id),
            ) else {
                return None;
            };
            if from.contains(&parent) {
                match value {
                    Some(x) if x != v => return None,
                    _ => value = Some(v),
                }
            }
        }
        values.push(value?);
    }
    Some(values)
}

fn rewrite(
    f: &mut Function,
    b: usize,
    p: u32,
    region: &FxHashSet<u32>,
    from: &FxHashSet<Id>,
    values: &[Id],
    dead: &mut Vec<Id>,
) {
    let branching = f.blocks[b].id();
    let target = f.blocks[p as usize].id();
    let block = &mut f.blocks[b];
    block.instructions.pop();
    if block
        .instructions
        .last()
        .is_some_and(|i| i.opcode == Op::SelectionMerge)
    {
        block.instructions.pop();
    }
    block.instructions.push(Instruction::new(
        Op::Branch,
        None,
        None,
        [Operand::Id(target)],
    ));
    bypass_region(f, p as usize, branching, from, values, region, dead);
}

/// Removes the blocks of `region` (block indices; `from` holds their labels) after their one
/// entry now branches straight to block `target` from `new_parent`: `target`'s phis lose their
/// incoming pairs from the region and gain (`values[i]`, `new_parent`). The removed labels and
/// results are recorded in `dead` so names and decorations of them go too.
pub(crate) fn bypass_region(
    f: &mut Function,
    target: usize,
    new_parent: Id,
    from: &FxHashSet<Id>,
    values: &[Id],
    region: &FxHashSet<u32>,
    dead: &mut Vec<Id>,
) {
    for (phi, &value) in f.blocks[target]
        .instructions
        .iter_mut()
        .take_while(|i| i.opcode == Op::Phi)
        .zip(values)
    {
        let kept: Vec<Operand> = phi
            .operands
            .chunks(2)
            .filter(|pair| {
                !pair
                    .get(1)
                    .and_then(Operand::id)
                    .is_some_and(|parent| from.contains(&parent))
            })
            .flatten()
            .cloned()
            .collect();
        phi.operands = kept.into_iter().collect();
        phi.operands.push(Operand::Id(value));
        phi.operands.push(Operand::Id(new_parent));
    }
    let mut index = 0u32;
    f.blocks.retain(|block| {
        let keep = !region.contains(&index);
        index += 1;
        if !keep {
            dead.push(block.id());
            dead.extend(block.instructions.iter().filter_map(|i| i.result_id));
        }
        keep
    });
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn an_if_whose_body_died_goes_in_a_kernel() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %then "then"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%gptr = OpTypePointer CrossWorkgroup %uint
%c1 = OpConstant %uint 1
%fn = OpTypeFunction %void %gptr
%k = OpFunction %void None %fn
%out = OpFunctionParameter %gptr
%entry = OpLabel
%x = OpLoad %uint %out
%cond = OpULessThan %bool %x %c1
OpBranchConditional %cond %then %join
%then = OpLabel
%unused = OpIAdd %uint %x %c1
OpBranch %join
%join = OpLabel
%p = OpPhi %uint %x %then %x %entry
OpStore %out %p
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(
            &crate::passes::eliminate_dead_code::EliminateDeadCode,
            &assemble(src),
        ));
        assert!(!text.contains("then"), "{text}");
        assert!(!text.contains("OpBranchConditional"), "{text}");
        assert!(!text.contains("OpULessThan"), "{text}");
        assert!(
            text.contains("OpPhi %uint %5 %4") || text.contains("OpPhi"),
            "{text}"
        );
    }

    #[test]
    fn shader_selection_goes_only_with_its_merge_and_loops_stay() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %in
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %in BuiltIn LocalInvocationIndex
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%pin = OpTypePointer Input %uint
%in = OpVariable %pin Input
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %uint %in
%cond = OpULessThan %bool %x %c1
OpSelectionMerge %merge None
OpBranchConditional %cond %a %b
%a = OpLabel
%dead = OpIAdd %uint %x %c1
OpBranch %merge
%b = OpLabel
OpBranch %merge
%merge = OpLabel
OpBranch %header
%header = OpLabel
OpLoopMerge %exit %cont None
OpBranchConditional %cond %body %exit
%body = OpLabel
OpBranch %cont
%cont = OpLabel
OpBranch %header
%exit = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(
            &crate::passes::eliminate_dead_code::EliminateDeadCode,
            &assemble(src),
        ));
        assert!(!text.contains("OpSelectionMerge"), "{text}");
        assert!(text.contains("OpLoopMerge"), "{text}");
        assert_eq!(text.matches("OpBranchConditional").count(), 1, "{text}");
    }
}
