//! The loop half of `--eliminate-dead-code-aggressive`'s control flow: a structured loop that
//! does nothing — after the sweep its blocks hold only phis, side-effect-free instructions,
//! merges and branches, nothing outside uses a value it defines, it exits only to its merge
//! block — and provably terminates is replaced by a branch from its preheader to its merge
//! block. spirv-opt drops such loops whether or not they terminate; here a loop goes only when
//! a counter proves it finite: a header phi stepping by +1 or -1 on the back edge, compared
//! with a value from outside the loop in a block every iteration passes, in a way the counter
//! must eventually satisfy (it walks through every value of its type, so `>=`/`<=` bounds are
//! reached; `>`/`<` only against a constant that is not the type's extreme). Loops containing
//! other loops wait until those are gone.

use crate::passes::dead_control_flow::{agreeing_phi_values, bypass_region};
use crate::passes::eliminate_dead_code::is_pure;
use spirvkit_core::analysis::cfg::FunctionCfg;
use spirvkit_core::analysis::DomTree;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::grammar::Op;
use spirvkit_core::{Function, Id, Instruction, Operand};

/// Integer constants: id → (value bits, width, signedness of the type), for the bounds.
pub type IntConstants = FxHashMap<Id, (u64, u32, bool)>;

/// Removes one dead finite loop of `f`; removed ids go to `dead`. True when one went.
pub fn remove_one_dead_loop(
    f: &mut Function,
    constants: &IntConstants,
    dead: &mut Vec<Id>,
) -> bool {
    if f.blocks.len() < 3
        || f.blocks.iter().any(|b| {
            b.instructions
                .last()
                .is_none_or(|t| !crate::passes::ccp::is_block_terminator(t.opcode))
        })
    {
        return false;
    }
    // Only a loop header can start a removal: none, no CFG to build.
    let is_loop_header = |b: &spirvkit_core::Block| {
        b.instructions
            .iter()
            .rev()
            .nth(1)
            .is_some_and(|i| i.opcode == Op::LoopMerge)
    };
    if !f.blocks.iter().any(is_loop_header) {
        return false;
    }
    let cfg = FunctionCfg::new(f);
    let dom = DomTree::new(&cfg.succs, &cfg.preds, 0);
    for h in 0..f.blocks.len() {
        let Some(merge_inst) = f.blocks[h]
            .instructions
            .iter()
            .rev()
            .nth(1)
            .filter(|i| i.opcode == Op::LoopMerge)
        else {
            continue;
        };
        let Some(m) = merge_inst
            .operands
            .first()
            .and_then(Operand::id)
            .and_then(|l| cfg.block_of(l))
        else {
            continue;
        };
        if let Some(plan) = plan_removal(f, &cfg, &dom, constants, h as u32, m) {
            apply(f, plan, dead);
            return true;
        }
    }
    false
}

struct Plan {
    preheader: u32,
    merge: u32,
    body: FxHashSet<u32>,
    phi_values: Vec<Id>,
}

fn plan_removal(
    f: &Function,
    cfg: &FunctionCfg,
    dom: &DomTree,
    constants: &IntConstants,
    h: u32,
    m: u32,
) -> Option<Plan> {
    // The loop: blocks reached from the header without passing the merge, all dominated by
    // the header, exiting only to the merge.
    let mut body: FxHashSet<u32> = FxHashSet::default();
    let mut stack = vec![h];
    while let Some(b) = stack.pop() {
        if b == m || !body.insert(b) {
            continue;
        }
        if body.len() > 256 || !dom.dominates(h, b) {
            return None;
        }
        stack.extend(cfg.succs[b as usize].iter().copied());
    }
    // Nothing in it but phis, pure code, its own merges and branches.
    let mut defined: FxHashSet<Id> = FxHashSet::default();
    for &b in &body {
        for inst in &f.blocks[b as usize].instructions {
            let allowed = match inst.opcode {
                Op::LoopMerge => b == h,
                Op::SelectionMerge
                | Op::Branch
                | Op::BranchConditional
                | Op::Switch
                | Op::Line
                | Op::NoLine => true,
                _ => is_pure(inst),
            };
            if !allowed {
                return None;
            }
            if let Some(r) = inst.result_id {
                defined.insert(r);
            }
        }
    }
    // One way in, from a block that branches straight to the header; one back edge.
    let outside: Vec<u32> = cfg.preds[h as usize]
        .iter()
        .copied()
        .filter(|p| !body.contains(p))
        .collect();
    let inside: Vec<u32> = cfg.preds[h as usize]
        .iter()
        .copied()
        .filter(|p| body.contains(p))
        .collect();
    let ([preheader], [latch]) = (outside.as_slice(), inside.as_slice()) else {
        return None;
    };
    if f.blocks[*preheader as usize]
        .instructions
        .last()
        .is_none_or(|t| t.opcode != Op::Branch)
    {
        return None;
    }
    // Its values are not used outside it, and its labels only by the preheader's branch and
    // the merge block's phis (rewritten below).
    let labels: FxHashSet<Id> = body.iter().map(|&b| cfg.labels[b as usize]).collect();
    for (b, block) in f.blocks.iter().enumerate() {
        if body.contains(&(b as u32)) {
            continue;
        }
        let last = block.instructions.len().saturating_sub(1);
        for (i, inst) in block.instructions.iter().enumerate() {
            let rewritten =
                (b as u32 == *preheader && i == last) || (b as u32 == m && inst.opcode == Op::Phi);
            for id in inst.used_ids() {
                if defined.contains(&id) || (!rewritten && labels.contains(&id)) {
                    return None;
                }
            }
        }
    }
    if !terminates(f, cfg, dom, constants, h, m, *preheader, *latch, &body) {
        return None;
    }
    let from: FxHashSet<Id> = body.iter().map(|&b| cfg.labels[b as usize]).collect();
    let phi_values = agreeing_phi_values(&f.blocks[m as usize].instructions, &from)?;
    Some(Plan {
        preheader: *preheader,
        merge: m,
        body,
        phi_values,
    })
}

/// The definitions of the function's block instructions by result id.
fn definition(f: &Function, id: Id) -> Option<&Instruction> {
    f.blocks
        .iter()
        .flat_map(|b| &b.instructions)
        .find(|i| i.result_id == Some(id))
}

/// Does a counter prove the loop finite?
#[allow(clippy::too_many_arguments)]
fn terminates(
    f: &Function,
    cfg: &FunctionCfg,
    dom: &DomTree,
    constants: &IntConstants,
    h: u32,
    m: u32,
    preheader: u32,
    latch: u32,
    body: &FxHashSet<u32>,
) -> bool {
    let pre_label = cfg.labels[preheader as usize];
    let latch_label = cfg.labels[latch as usize];
    let defined_in_body = |id: Id| {
        body.iter().any(|&b| {
            f.blocks[b as usize]
                .instructions
                .iter()
                .any(|i| i.result_id == Some(id))
        })
    };
    // Counters: header phi → (its stepped value, step).
    let mut counters: Vec<(Id, Id, i8)> = Vec::new();
    for phi in f.blocks[h as usize]
        .instructions
        .iter()
        .take_while(|i| i.opcode == Op::Phi)
    {
        let (Some(r), [Operand::Id(v0), Operand::Id(p0), Operand::Id(v1), Operand::Id(p1)]) =
            (phi.result_id, &phi.operands[..])
        else {
            continue;
        };
        let next = if *p0 == latch_label && *p1 == pre_label {
            *v0
        } else if *p1 == latch_label && *p0 == pre_label {
            *v1
        } else {
            continue;
        };
        let Some(step_inst) = definition(f, next) else {
            continue;
        };
        let step = |c: &Id| constants.get(c).map(|&(v, w, _)| signed_value(v, w));
        let s = match (step_inst.opcode, &step_inst.operands[..]) {
            (Op::IAdd, [Operand::Id(a), Operand::Id(c)]) if *a == r => step(c),
            (Op::IAdd, [Operand::Id(c), Operand::Id(a)]) if *a == r => step(c),
            (Op::ISub, [Operand::Id(a), Operand::Id(c)]) if *a == r => step(c).map(|s| -s),
            _ => None,
        };
        match s {
            Some(1) => counters.push((r, next, 1)),
            Some(-1) => counters.push((r, next, -1)),
            _ => {}
        }
    }
    if counters.is_empty() {
        return false;
    }
    let merge_label = cfg.labels[m as usize];
    for &e in body {
        if !dom.dominates(e, latch) {
            continue;
        }
        let Some(term) = f.blocks[e as usize].instructions.last() else {
            continue;
        };
        let (
            Op::BranchConditional,
            Some(Operand::Id(cond)),
            Some(Operand::Id(t)),
            Some(Operand::Id(fl)),
        ) = (
            term.opcode,
            term.operands.first(),
            term.operands.get(1),
            term.operands.get(2),
        )
        else {
            continue;
        };
        let exit_when_true = match (*t == merge_label, *fl == merge_label) {
            (true, false) => true,
            (false, true) => false,
            _ => continue,
        };
        let Some(cmp) = definition(f, *cond) else {
            continue;
        };
        let (Some(Operand::Id(a)), Some(Operand::Id(b))) =
            (cmp.operands.first(), cmp.operands.get(1))
        else {
            continue;
        };
        for &(phi, next, step) in &counters {
            let is_counter = |x: &Id| *x == phi || *x == next;
            // Normalise to `counter OP bound`.
            let (op, bound, swapped) = if is_counter(a) {
                (cmp.opcode, *b, false)
            } else if is_counter(b) {
                (cmp.opcode, *a, true)
            } else {
                continue;
            };
            if defined_in_body(bound) {
                continue;
            }
            let Some((mut rel, signed)) = Relation::of(op) else {
                continue;
            };
            if swapped {
                rel = rel.swapped();
            }
            if !exit_when_true {
                rel = rel.negated();
            }
            let bound_value = constants.get(&bound);
            let reached = match (step, rel) {
                (1, Relation::Ge) | (-1, Relation::Le) => true,
                (1, Relation::Gt) => bound_value.is_some_and(|&(v, w, _)| v != max_of(w, signed)),
                (-1, Relation::Lt) => bound_value.is_some_and(|&(v, w, _)| v != min_of(w, signed)),
                _ => false,
            };
            if reached {
                return true;
            }
        }
    }
    false
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Relation {
    Lt,
    Le,
    Gt,
    Ge,
}

impl Relation {
    /// The relation of a comparison opcode and whether it compares as signed.
    fn of(op: Op) -> Option<(Relation, bool)> {
        Some(match op {
            Op::ULessThan => (Relation::Lt, false),
            Op::SLessThan => (Relation::Lt, true),
            Op::ULessThanEqual => (Relation::Le, false),
            Op::SLessThanEqual => (Relation::Le, true),
            Op::UGreaterThan => (Relation::Gt, false),
            Op::SGreaterThan => (Relation::Gt, true),
            Op::UGreaterThanEqual => (Relation::Ge, false),
            Op::SGreaterThanEqual => (Relation::Ge, true),
            _ => return None,
        })
    }

    /// `b OP a` as `a OP' b`.
    fn swapped(self) -> Relation {
        match self {
            Relation::Lt => Relation::Gt,
            Relation::Le => Relation::Ge,
            Relation::Gt => Relation::Lt,
            Relation::Ge => Relation::Le,
        }
    }

    fn negated(self) -> Relation {
        match self {
            Relation::Lt => Relation::Ge,
            Relation::Le => Relation::Gt,
            Relation::Gt => Relation::Le,
            Relation::Ge => Relation::Lt,
        }
    }
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

fn signed_value(v: u64, width: u32) -> i64 {
    if width == 0 || width >= 64 {
        return v as i64;
    }
    let shift = 64 - width;
    ((v << shift) as i64) >> shift
}

/// The largest value of the type, as bits of its width.
fn max_of(width: u32, signed: bool) -> u64 {
    if signed {
        mask(width) >> 1
    } else {
        mask(width)
    }
}

fn min_of(width: u32, signed: bool) -> u64 {
    if signed {
        (mask(width) >> 1) + 1
    } else {
        0
    }
}

fn apply(f: &mut Function, plan: Plan, dead: &mut Vec<Id>) {
    let preheader = plan.preheader as usize;
    let merge_label = f.blocks[plan.merge as usize].id();
    let pre_label = f.blocks[preheader].id();
    let from: FxHashSet<Id> = plan
        .body
        .iter()
        .map(|&b| f.blocks[b as usize].id())
        .collect();
    if let Some(term) = f.blocks[preheader].instructions.last_mut() {
        *term = Instruction::new(Op::Branch, None, None, [Operand::Id(merge_label)]);
    }
    bypass_region(
        f,
        plan.merge as usize,
        pre_label,
        &from,
        &plan.phi_values,
        &plan.body,
        dead,
    );
}

/// The module's integer constants (bounds and steps of counters).
pub fn int_constants(module: &spirvkit_core::Module) -> IntConstants {
    let mut ints: FxHashMap<Id, (u32, bool)> = FxHashMap::default();
    let mut constants = IntConstants::default();
    for inst in &module.globals {
        match inst.opcode {
            Op::TypeInt => {
                if let (Some(id), Some(Operand::Word(w)), Some(Operand::Word(s))) =
                    (inst.result_id, inst.operands.first(), inst.operands.get(1))
                {
                    ints.insert(id, (*w, *s == 1));
                }
            }
            Op::Constant => {
                let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else {
                    continue;
                };
                let Some(&(width, signed)) = ints.get(&ty) else {
                    continue;
                };
                let words: Vec<u64> = inst
                    .operands
                    .iter()
                    .filter_map(Operand::word)
                    .map(u64::from)
                    .collect();
                let value = match words.as_slice() {
                    [lo] => *lo,
                    [lo, hi] => lo | (hi << 32),
                    _ => continue,
                };
                constants.insert(id, (value & mask(width), width, signed));
            }
            _ => {}
        }
    }
    constants
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, named, run_pass};

    fn module(loop_body: &str) -> String {
        format!(
            r#"OpCapability Shader
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
%c16 = OpConstant %uint 16
%c2 = OpConstant %uint 2
%c264 = OpConstant %uint 264
%max = OpConstant %uint 4294967295
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%n = OpLoad %uint %in
OpBranch %header
%header = OpLabel
%i = OpPhi %uint %c0 %entry %next %cont
{loop_body}
%cont = OpLabel
%next = OpIAdd %uint %i %c1
OpBranch %header
%exit = OpLabel
OpReturn
OpFunctionEnd
"#
        )
    }

    fn run(loop_body: &str) -> String {
        let src = named(&module(loop_body));
        disassemble(&run_pass(
            &crate::passes::eliminate_dead_code::EliminateDeadCode,
            &assemble(&src),
        ))
    }

    #[test]
    fn counted_loops_that_do_nothing_go() {
        // for (i = 0; i < n; i++) { if (i * 3 > 16) break; }
        let text = run(r#"%c = OpULessThan %bool %i %n
OpLoopMerge %exit %cont None
OpBranchConditional %c %body %exit
%body = OpLabel
%t = OpIMul %uint %i %c16
%big = OpUGreaterThan %bool %t %c16
OpSelectionMerge %join None
OpBranchConditional %big %exit %join
%join = OpLabel
OpBranch %cont"#);
        assert!(!text.contains("OpLoopMerge"), "{text}");
        assert!(!text.contains("OpPhi"), "{text}");
    }

    #[test]
    fn loops_without_a_proof_of_termination_stay() {
        // Exit when i > UINT_MAX: never.
        let never = run(r#"%c = OpUGreaterThan %bool %i %max
OpLoopMerge %exit %cont None
OpBranchConditional %c %exit %body
%body = OpLabel
OpBranch %cont"#);
        assert!(never.contains("OpLoopMerge"), "{never}");
        // Exit when i == n: not a relation the counter must reach... it would, but only
        // orderings are trusted.
        let equal = run(r#"%c = OpIEqual %bool %i %n
OpLoopMerge %exit %cont None
OpBranchConditional %c %exit %body
%body = OpLabel
OpBranch %cont"#);
        assert!(equal.contains("OpLoopMerge"), "{equal}");
        // The exit test is skipped on some iterations (not on every path to the back edge).
        let skipped = run(r#"%odd = OpULessThan %bool %n %c16
OpLoopMerge %exit %cont None
OpBranchConditional %odd %test %cont
%test = OpLabel
%c = OpUGreaterThanEqual %bool %i %c16
OpBranchConditional %c %exit %cont"#);
        assert!(skipped.contains("OpLoopMerge"), "{skipped}");
    }

    #[test]
    fn loops_with_effects_stay() {
        let text = run(r#"%c = OpULessThan %bool %i %c16
OpLoopMerge %exit %cont None
OpBranchConditional %c %body %exit
%body = OpLabel
OpControlBarrier %c2 %c2 %c264
OpBranch %cont"#);
        assert!(text.contains("OpLoopMerge"), "{text}");
    }
}
