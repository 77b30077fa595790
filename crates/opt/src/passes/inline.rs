//! Inlining: a call to a function whose body is one block ending in OpReturn / OpReturnValue
//! is replaced by a copy of that block with fresh ids (parameters become the arguments, the
//! return value replaces the call's result, the callee's Function variables move to the
//! caller's entry block); the caller's CFG does not change. A callee of several blocks whose
//! only return ends its last block is copied as a single-entry single-exit region: the call's
//! block is split there (never a loop header, whose merge instruction must stay with its
//! label), and the caller's phis follow the block's terminator. Structured control flow stays
//! valid either way. Never inlined: functions marked DontInline, recursive calls, and
//! anything in modules with debug-info extended sets (their scopes would need rewriting).
//!
//! `--inline-entry-points-exhaustive` inlines every such call; `-O`/`-Os` inline only functions
//! with a single call site that are neither exported nor entry points (seed §1.2: no code
//! growth). Callees with several returns, or a return before their last block, stay calls.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::passes::strip_debug::is_debug_info_set;
use crate::util::{ext_inst_sets_where, remove_references_to, IdSet};
use rayon::prelude::*;
use spirvkit_core::analysis::{DomTree, FunctionCfg};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{Decoration, FunctionControl, LinkageType, Op};
use spirvkit_core::{Block, Function, Id, Instruction, Module, Operand};

pub struct Inline {
    /// Only functions called from exactly one place.
    pub single_call_site_only: bool,
}

/// A callee ready to copy.
struct Body {
    params: Vec<Id>,
    instructions: Vec<Instruction>,
    /// The returned value (None for OpReturn).
    returns: Option<Id>,
    /// A callee of several blocks: its blocks with their returns (each becomes a branch to
    /// the block after the inlined region; several returned values meet in an OpPhi).
    blocks: Option<Vec<Block>>,
    /// Returns from inside the callee's constructs (or several of them): the copy is wrapped
    /// in a single-iteration loop whose merge is the block after the region, so each return
    /// becomes a break of that loop and structured control flow stays valid.
    wrap: bool,
}

/// Terminators a copied callee may end a block with besides branches and returns.
fn is_exit(op: Op) -> bool {
    matches!(op, Op::Unreachable | Op::Kill | Op::TerminateInvocation)
}

/// A callee of several blocks. With one return, in its last block, the copy is a
/// single-entry single-exit region; otherwise it is wrapped in a single-iteration loop, which
/// needs every return outside the callee's own loops (a break leaves only the innermost loop).
fn multi_block_body(f: &Function, control: u32) -> Option<Body> {
    if f.blocks.len() < 2 || control & FunctionControl::DontInline.0 != 0 {
        return None;
    }
    let me = f.id();
    let last = f.blocks.len() - 1;
    let mut returns: Vec<usize> = Vec::new();
    let mut value = None;
    for (i, b) in f.blocks.iter().enumerate() {
        let term = b.terminator()?;
        match term.opcode {
            Op::Return => returns.push(i),
            Op::ReturnValue => {
                returns.push(i);
                value = Some(term.operands.first()?.id()?);
            }
            Op::Branch | Op::BranchConditional | Op::Switch => {}
            op if is_exit(op) => {}
            _ => return None,
        }
        let recursive = b
            .instructions
            .iter()
            .any(|x| x.opcode == Op::FunctionCall && x.operands.first() == Some(&Operand::Id(me)));
        if recursive {
            return None;
        }
    }
    let wrap = returns != [last];
    if returns.is_empty() || (wrap && returns_inside_a_loop(f, &returns)) {
        return None;
    }
    let params = f
        .parameters
        .iter()
        .filter(|p| p.opcode == Op::FunctionParameter);
    Some(Body {
        params: params.filter_map(|p| p.result_id).collect(),
        instructions: Vec::new(),
        returns: value.filter(|_| returns.len() == 1),
        blocks: Some(f.blocks.clone()),
        wrap,
    })
}

/// Is one of the `returns` blocks inside a loop construct of `f` (dominated by a loop header
/// and not by that loop's merge block)?
fn returns_inside_a_loop(f: &Function, returns: &[usize]) -> bool {
    let cfg = FunctionCfg::new(f);
    let dom = DomTree::new(&cfg.succs, &cfg.preds, 0);
    f.blocks.iter().enumerate().any(|(h, b)| {
        let Some(merge) = b
            .merge_instruction()
            .filter(|m| m.opcode == Op::LoopMerge)
            .and_then(|m| m.operands.first()?.id())
            .and_then(|m| cfg.block_of(m))
        else {
            return false;
        };
        returns
            .iter()
            .any(|&r| dom.dominates(h as u32, r as u32) && !dom.dominates(merge, r as u32))
    })
}

fn body_of(f: &Function) -> Option<Body> {
    let control = f.def.operands.first().and_then(Operand::word).unwrap_or(0);
    let [block] = f.blocks.as_slice() else {
        return multi_block_body(f, control);
    };
    if control & FunctionControl::DontInline.0 != 0 {
        return None;
    }
    let t = block.terminator_index()?;
    let (term, rest) = (&block.instructions[t], &block.instructions[..t]);
    let returns = match term.opcode {
        Op::Return => None,
        Op::ReturnValue => Some(term.operands.first()?.id()?),
        _ => return None,
    };
    let me = f.id();
    if rest.iter().any(|i| {
        i.opcode == Op::FunctionCall && i.operands.first() == Some(&Operand::Id(me))
            || matches!(i.opcode, Op::Phi | Op::SelectionMerge | Op::LoopMerge)
    }) {
        return None;
    }
    let params = f
        .parameters
        .iter()
        .filter(|p| p.opcode == Op::FunctionParameter);
    Some(Body {
        params: params.filter_map(|p| p.result_id).collect(),
        instructions: rest.to_vec(),
        returns,
        blocks: None,
        wrap: false,
    })
}

impl Pass for Inline {
    fn name(&self) -> &'static str {
        if self.single_call_site_only {
            "inline-single-call-site"
        } else {
            "inline-entry-points-exhaustive"
        }
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        if !ext_inst_sets_where(module, is_debug_info_set).is_empty() {
            return Ok(Changed::No);
        }
        // The callees of each function, found in parallel (most functions call nothing).
        let callees: Vec<Vec<Id>> = module
            .functions
            .par_iter()
            .map(|f| {
                f.instructions()
                    .filter(|inst| inst.opcode == Op::FunctionCall)
                    .filter_map(|inst| inst.operands.first().and_then(Operand::id))
                    .collect()
            })
            .collect();
        let mut calls: FxHashMap<Id, usize> = FxHashMap::default();
        for callee in callees.into_iter().flatten() {
            *calls.entry(callee).or_default() += 1;
        }
        // Functions that stay whatever happens (exported, entry points): inlining their one
        // call would duplicate them, so the no-growth mode leaves them.
        let mut kept = IdSet::new(module.header.bound);
        for inst in &module.globals {
            let exported = inst.opcode == Op::Decorate
                && inst.operands.get(1) == Some(&Operand::Word(Decoration::LinkageAttributes.0))
                && inst.operands.last() == Some(&Operand::Word(LinkageType::Export.0));
            let target = match inst.opcode {
                Op::EntryPoint => inst.operands.get(1),
                _ if exported => inst.operands.first(),
                _ => None,
            };
            if let Some(id) = target.and_then(Operand::id) {
                kept.insert(id);
            }
        }
        let eligible = |f: &Function| {
            calls.contains_key(&f.id())
                && (!self.single_call_site_only
                    || (calls.get(&f.id()) == Some(&1) && !kept.contains(f.id())))
        };
        // No callee to inline: nothing to walk.
        if !module.functions.iter().any(eligible) {
            return Ok(Changed::No);
        }
        let index: FxHashMap<Id, usize> = module
            .functions
            .iter()
            .enumerate()
            .map(|(i, f)| (f.id(), i))
            .collect();
        // Callees before their callers, so a caller copies bodies that already have their own
        // calls inlined (a chain of single-call-site helpers collapses in one run).
        let order = callees_first(module, &index);
        let mut next_id = module.header.bound;
        let mut removed = IdSet::new(module.header.bound);
        let mut changed = false;
        for fi in order {
            let mut bodies: FxHashMap<Id, Body> = FxHashMap::default();
            for inst in module.functions[fi]
                .blocks
                .iter()
                .flat_map(|b| &b.instructions)
            {
                let callee = inst.operands.first().and_then(Operand::id);
                let Some(&ci) = callee
                    .filter(|_| inst.opcode == Op::FunctionCall)
                    .and_then(|c| index.get(&c))
                else {
                    continue;
                };
                let callee_fn = &module.functions[ci];
                if ci == fi || bodies.contains_key(&callee_fn.id()) || !eligible(callee_fn) {
                    continue;
                }
                if let Some(body) = body_of(callee_fn) {
                    bodies.insert(callee_fn.id(), body);
                }
            }
            if !bodies.is_empty() {
                changed |= inline_into(
                    &mut module.functions[fi],
                    &bodies,
                    &mut next_id,
                    &mut removed,
                );
            }
        }
        module.header.bound = next_id;
        if changed {
            remove_references_to(module, &removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

fn inline_into(
    f: &mut Function,
    bodies: &FxHashMap<Id, Body>,
    next_id: &mut u32,
    removed: &mut IdSet,
) -> bool {
    let me = f.id();
    let inlinable = |i: &Instruction| {
        i.opcode == Op::FunctionCall
            && i.operands
                .first()
                .and_then(Operand::id)
                .is_some_and(|c| c != me && bodies.contains_key(&c))
    };
    if !f
        .blocks
        .iter()
        .any(|b| b.instructions.iter().any(inlinable))
    {
        return false;
    }
    let mut fresh = || {
        let id = Id(*next_id);
        *next_id += 1;
        id
    };
    let mut new_vars: Vec<Instruction> = Vec::new();
    let mut results: FxHashMap<Id, Id> = FxHashMap::default();
    // Call results that live on as the phi of a wrapped region.
    let mut kept_results: Vec<Id> = Vec::new();
    // A continue construct gets no loop of its own: wrapped bodies are not inlined there.
    let continue_targets: Vec<Id> = f
        .blocks
        .iter()
        .filter_map(|b| b.merge_instruction())
        .filter(|m| m.opcode == Op::LoopMerge)
        .filter_map(|m| m.operands.get(1)?.id())
        .collect();
    // Caller labels whose terminator moved to the block after an inlined region.
    let mut relabel: FxHashMap<Id, Id> = FxHashMap::default();
    let mut changed = false;
    let mut new_blocks: Vec<Block> = Vec::with_capacity(f.blocks.len());
    for block in std::mem::take(&mut f.blocks) {
        let mut current = block;
        loop {
            // A loop header keeps its merge instruction with its label: no splitting there.
            let splittable = !current
                .instructions
                .iter()
                .any(|i| i.opcode == Op::LoopMerge);
            let mut pending = std::mem::take(&mut current.instructions).into_iter();
            let mut out: Vec<Instruction> = Vec::new();
            let mut split: Option<Block> = None;
            while let Some(inst) = pending.next() {
                let callee = inst.operands.first().and_then(Operand::id);
                let body = callee.filter(|&c| c != me).and_then(|c| bodies.get(&c));
                let (Op::FunctionCall, Some(body)) = (inst.opcode, body) else {
                    out.push(inst);
                    continue;
                };
                let args: Vec<Id> = inst
                    .operands
                    .iter()
                    .skip(1)
                    .filter_map(Operand::id)
                    .collect();
                if args.len() != body.params.len()
                    || (body.blocks.is_some() && !splittable)
                    || (body.wrap && continue_targets.contains(&current.id()))
                {
                    out.push(inst);
                    continue;
                }
                let mut map: FxHashMap<Id, Id> = body.params.iter().copied().zip(args).collect();
                changed = true;
                if let Some(r) = inst.result_id {
                    removed.insert(r);
                }
                let Some(blocks) = &body.blocks else {
                    for callee_inst in &body.instructions {
                        let mut copy = callee_inst.clone();
                        if let Some(r) = copy.result_id {
                            map.insert(r, fresh());
                        }
                        copy.map_ids(|id| map.get(&id).copied().unwrap_or(id));
                        if copy.opcode == Op::Variable {
                            out.extend(hoist_variable(copy, &mut new_vars));
                        } else {
                            out.push(copy);
                        }
                    }
                    if let (Some(r), Some(v)) = (inst.result_id, body.returns) {
                        results.insert(r, map.get(&v).copied().unwrap_or(v));
                    }
                    continue;
                };
                // Several blocks: fresh ids for every label and result first (phis and
                // branches refer forward), then the copies.
                for b in blocks {
                    for r in std::iter::once(&b.label)
                        .chain(&b.instructions)
                        .filter_map(|i| i.result_id)
                    {
                        map.insert(r, fresh());
                    }
                }
                let post = fresh();
                let entry_copy = map.get(&blocks[0].id()).copied().unwrap_or(post);
                let loop_ids = body.wrap.then(|| (fresh(), fresh()));
                out.push(Instruction::new(
                    Op::Branch,
                    None,
                    None,
                    [Operand::Id(
                        loop_ids.map_or(entry_copy, |(header, _)| header),
                    )],
                ));
                let mut copies: Vec<Block> = Vec::with_capacity(blocks.len() + 2);
                if let Some((header, cont)) = loop_ids {
                    copies.push(Block {
                        label: Instruction::new(Op::Label, None, Some(header), []),
                        instructions: vec![
                            Instruction::new(
                                Op::LoopMerge,
                                None,
                                None,
                                [Operand::Id(post), Operand::Id(cont), Operand::Word(0)],
                            ),
                            Instruction::new(Op::Branch, None, None, [Operand::Id(entry_copy)]),
                        ],
                    });
                }
                // (value, block) of every return, for the phi after the region.
                let mut returned: Vec<Operand> = Vec::new();
                let mut inits: Vec<Instruction> = Vec::new();
                for b in blocks {
                    let mut label = b.label.clone();
                    label.map_ids(|id| map.get(&id).copied().unwrap_or(id));
                    let mut instructions = Vec::with_capacity(b.instructions.len() + 1);
                    for x in &b.instructions {
                        let mut copy = x.clone();
                        copy.map_ids(|id| map.get(&id).copied().unwrap_or(id));
                        if copy.opcode == Op::Variable {
                            inits.extend(hoist_variable(copy, &mut new_vars));
                        } else {
                            instructions.push(copy);
                        }
                    }
                    let mut copy = Block {
                        label,
                        instructions,
                    };
                    let here = copy.id();
                    if let Some(term) = copy.terminator_mut() {
                        if matches!(term.opcode, Op::Return | Op::ReturnValue) {
                            if let Some(v) = term.operands.first() {
                                returned.extend([v.clone(), Operand::Id(here)]);
                            }
                            *term = Instruction::new(Op::Branch, None, None, [Operand::Id(post)]);
                        }
                    }
                    copies.push(copy);
                }
                if let Some((header, cont)) = loop_ids {
                    // The loop's continue target: never reached, it only closes the construct.
                    copies.push(Block {
                        label: Instruction::new(Op::Label, None, Some(cont), []),
                        instructions: vec![Instruction::new(
                            Op::Branch,
                            None,
                            None,
                            [Operand::Id(header)],
                        )],
                    });
                }
                // Initializers of the callee's variables run before the region is entered.
                let at = out.len().saturating_sub(1);
                out.splice(at..at, inits);
                let mut post_phi = None;
                if let (Some(r), Some(v)) = (inst.result_id, body.returns) {
                    results.insert(r, map.get(&v).copied().unwrap_or(v));
                } else if let (Some(r), Some(ty), false) =
                    (inst.result_id, inst.result_type, returned.is_empty())
                {
                    // Several returned values meet in a phi that keeps the call's result id.
                    post_phi = Some(Instruction::new(Op::Phi, Some(ty), Some(r), returned));
                    kept_results.push(r);
                }
                relabel.insert(current.id(), post);
                split = Some(Block {
                    label: Instruction::new(Op::Label, None, Some(post), []),
                    instructions: post_phi.into_iter().chain(pending.by_ref()).collect(),
                });
                current.instructions = std::mem::take(&mut out);
                new_blocks.push(std::mem::replace(
                    &mut current,
                    Block {
                        label: Instruction::new(Op::Label, None, None, []),
                        instructions: Vec::new(),
                    },
                ));
                new_blocks.extend(copies);
                break;
            }
            match split {
                Some(next) => current = next,
                None => {
                    current.instructions = out;
                    new_blocks.push(current);
                    break;
                }
            }
        }
    }
    f.blocks = new_blocks;
    if !changed {
        return false;
    }
    for r in kept_results {
        removed.remove(r);
    }
    if let Some(entry) = f.blocks.first_mut() {
        let at = entry
            .instructions
            .iter()
            .position(|i| i.opcode != Op::Variable)
            .unwrap_or(entry.instructions.len());
        entry.instructions.splice(at..at, new_vars);
    }
    let final_label = |mut l: Id| {
        let mut steps = 0;
        while let Some(&n) = relabel.get(&l) {
            if n == l || steps > relabel.len() {
                break;
            }
            l = n;
            steps += 1;
        }
        l
    };
    for inst in f.instructions_mut() {
        let phi = inst.opcode == Op::Phi;
        for (k, op) in inst.operands.iter_mut().enumerate() {
            if let Operand::Id(id) = op {
                if let Some(&v) = results.get(id) {
                    *id = v;
                } else if phi && k % 2 == 1 {
                    *id = final_label(*id);
                }
            }
        }
    }
    true
}

/// Moves a copied callee variable to the caller's entry block; an initializer becomes a store
/// where the copy runs (the variable is initialized on every call, not once per caller).
fn hoist_variable(mut var: Instruction, new_vars: &mut Vec<Instruction>) -> Option<Instruction> {
    let init = (var.operands.len() > 1)
        .then(|| var.operands.pop())
        .flatten();
    let store = init
        .zip(var.result_id)
        .map(|(value, v)| Instruction::new(Op::Store, None, None, [Operand::Id(v), value]));
    new_vars.push(var);
    store
}

/// Function indices in post-order of the call graph (every callee before its callers; cycles
/// broken where the depth-first walk meets them).
fn callees_first(module: &Module, index: &FxHashMap<Id, usize>) -> Vec<usize> {
    let n = module.functions.len();
    let callees: Vec<Vec<usize>> = module
        .functions
        .iter()
        .map(|f| {
            f.blocks
                .iter()
                .flat_map(|b| &b.instructions)
                .filter(|i| i.opcode == Op::FunctionCall)
                .filter_map(|i| index.get(&i.operands.first()?.id()?).copied())
                .collect()
        })
        .collect();
    let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 done
    let mut order = Vec::with_capacity(n);
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state[root] = 1;
        while let Some((f, next)) = stack.last_mut() {
            let f = *f;
            if let Some(&c) = callees[f].get(*next) {
                *next += 1;
                if state[c] == 0 {
                    state[c] = 1;
                    stack.push((c, 0));
                }
            } else {
                state[f] = 2;
                order.push(f);
                stack.pop();
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    const SRC: &str = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %helper "helper"
OpName %twice "twice"
OpName %v "v"
%void = OpTypeVoid
%int = OpTypeInt 32 1
%pi = OpTypePointer Function %int
%c1 = OpConstant %int 1
%fn = OpTypeFunction %void
%hfn = OpTypeFunction %int %pi
%main = OpFunction %void None %fn
%l = OpLabel
%v = OpVariable %pi Function %c1
%r = OpFunctionCall %int %helper %v
%s = OpIAdd %int %r %c1
%t1 = OpFunctionCall %int %twice %v
%t2 = OpFunctionCall %int %twice %v
OpStore %v %s
OpReturn
OpFunctionEnd
%helper = OpFunction %int None %hfn
%p = OpFunctionParameter %pi
%hl = OpLabel
%tmp = OpVariable %pi Function
%x = OpLoad %int %p
OpStore %tmp %x
%y = OpIAdd %int %x %c1
OpReturnValue %y
OpFunctionEnd
%twice = OpFunction %int None %hfn
%q = OpFunctionParameter %pi
%tl = OpLabel
%z = OpLoad %int %q
OpReturnValue %z
OpFunctionEnd
"#;

    #[test]
    fn single_call_sites_are_inlined_in_place() {
        let pass = super::Inline {
            single_call_site_only: true,
        };
        let text = disassemble(&run_pass(&pass, &assemble(SRC)));
        assert!(!text.contains("OpFunctionCall %int %helper"), "{text}");
        assert_eq!(
            text.matches("OpFunctionCall %int %twice").count(),
            2,
            "{text}"
        );
        assert!(text.contains("OpLoad %int %v"), "{text}");
    }

    #[test]
    fn exhaustive_inlines_every_straight_line_callee() {
        let pass = super::Inline {
            single_call_site_only: false,
        };
        let text = disassemble(&run_pass(&pass, &assemble(SRC)));
        assert!(!text.contains("OpFunctionCall"), "{text}");
    }

    #[test]
    fn multi_block_callees_split_the_call_block() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %pick "pick"
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%c1 = OpConstant %int 1
%c2 = OpConstant %int 2
%t = OpConstantTrue %bool
%fn = OpTypeFunction %void
%pfn = OpTypeFunction %int %bool
%main = OpFunction %void None %fn
%l = OpLabel
%r = OpFunctionCall %int %pick %t
OpSelectionMerge %m None
OpBranchConditional %t %a %m
%a = OpLabel
OpBranch %m
%m = OpLabel
%p = OpPhi %int %r %l %c2 %a
OpReturn
OpFunctionEnd
%pick = OpFunction %int None %pfn
%cond = OpFunctionParameter %bool
%e = OpLabel
OpSelectionMerge %j None
OpBranchConditional %cond %x %j
%x = OpLabel
OpBranch %j
%j = OpLabel
%v = OpPhi %int %c1 %e %c2 %x
OpReturnValue %v
OpFunctionEnd
"#;
        let pass = super::Inline {
            single_call_site_only: true,
        };
        let text = disassemble(&run_pass(&pass, &assemble(src)));
        assert!(!text.contains("OpFunctionCall"), "{text}");
        // The caller's phi now names the block after the inlined region.
        assert!(!text.contains("%p = OpPhi %int %r"), "{text}");
    }

    const EARLY_RETURN: &str = r#"
%pick = OpFunction %int None %pfn
%cond = OpFunctionParameter %bool
%e = OpLabel
%tmp = OpVariable %pi Function %c2
OpSelectionMerge %j None
OpBranchConditional %cond %x %j
%x = OpLabel
OpReturnValue %c1
%j = OpLabel
%v = OpLoad %int %tmp
OpReturnValue %v
OpFunctionEnd
"#;

    fn early_return_module(head: &str, caller: &str) -> Vec<u32> {
        let signed = u8::from(!head.contains("Kernel"));
        assemble(&format!(
            r#"{head}
OpName %pick "pick"
OpName %r "r"
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 {signed}
%pi = OpTypePointer Function %int
%c1 = OpConstant %int 1
%c2 = OpConstant %int 2
%t = OpConstantTrue %bool
%fn = OpTypeFunction %void
%pfn = OpTypeFunction %int %bool
{caller}{EARLY_RETURN}"#
        ))
    }

    const CALL_IN_LOOP: &str = r#"
%main = OpFunction %void None %fn
%l = OpLabel
OpBranch %h
%h = OpLabel
%i = OpPhi %int %c1 %l %s %c
OpLoopMerge %m %c None
OpBranch %b
%b = OpLabel
OpSelectionMerge %sm None
OpBranchConditional %t %call %sm
%call = OpLabel
%r = OpFunctionCall %int %pick %t
OpBranch %sm
%sm = OpLabel
%q = OpPhi %int %r %call %c1 %b
OpBranch %c
%c = OpLabel
%s = OpIAdd %int %i %q
%done = OpSLessThan %bool %s %c2
OpBranchConditional %done %h %m
%m = OpLabel
OpReturn
OpFunctionEnd
"#;

    #[test]
    fn early_returns_become_breaks_of_a_single_iteration_loop() {
        let head = "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\nOpExecutionMode %main LocalSize 1 1 1";
        let pass = super::Inline {
            single_call_site_only: true,
        };
        let text = disassemble(&run_pass(&pass, &early_return_module(head, CALL_IN_LOOP)));
        assert!(!text.contains("OpFunctionCall"), "{text}");
        // The wrapped region: one more loop, the returned values meet in a phi named %r.
        assert_eq!(text.matches("OpLoopMerge").count(), 2, "{text}");
        assert!(text.contains("%r = OpPhi %int %int_1"), "{text}");
        // The callee's initialized variable is re-initialized where the copy runs.
        assert!(
            text.contains("OpVariable %_ptr_Function_int Function\n"),
            "{text}"
        );
        assert!(text.contains(" %int_2\n               OpBranch"), "{text}");
    }

    #[test]
    fn kernels_inline_early_returns_too() {
        let head = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"";
        let caller = r#"
%main = OpFunction %void None %fn
%l = OpLabel
%r = OpFunctionCall %int %pick %t
%s = OpIAdd %int %r %c1
OpReturn
OpFunctionEnd
"#;
        let pass = super::Inline {
            single_call_site_only: false,
        };
        let text = disassemble(&run_pass(&pass, &early_return_module(head, caller)));
        assert!(!text.contains("OpFunctionCall"), "{text}");
        assert!(text.contains("OpLoopMerge"), "{text}");
        assert!(text.contains("OpIAdd %uint %r %uint_1"), "{text}");
    }

    #[test]
    fn returns_inside_a_callee_loop_stay_calls() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%bool = OpTypeBool
%t = OpConstantTrue %bool
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%r = OpFunctionCall %void %f
OpReturn
OpFunctionEnd
%f = OpFunction %void None %fn
%e = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %c None
OpBranchConditional %t %ret %c
%ret = OpLabel
OpReturn
%c = OpLabel
OpBranch %h
%m = OpLabel
OpReturn
OpFunctionEnd
"#;
        let pass = super::Inline {
            single_call_site_only: true,
        };
        let text = disassemble(&run_pass(&pass, &assemble(src)));
        assert!(text.contains("OpFunctionCall"), "{text}");
    }

    #[test]
    fn chains_of_single_call_sites_collapse_in_one_run() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%int = OpTypeInt 32 1
%c1 = OpConstant %int 1
%fn = OpTypeFunction %void
%ifn = OpTypeFunction %int
%main = OpFunction %void None %fn
%l = OpLabel
%r = OpFunctionCall %int %outer
OpReturn
OpFunctionEnd
%outer = OpFunction %int None %ifn
%o = OpLabel
%x = OpFunctionCall %int %inner
OpReturnValue %x
OpFunctionEnd
%inner = OpFunction %int None %ifn
%i = OpLabel
OpReturnValue %c1
OpFunctionEnd
"#;
        let pass = super::Inline {
            single_call_site_only: true,
        };
        let out = run_pass(&pass, &assemble(src));
        let out = run_pass(
            &crate::passes::eliminate_dead_functions::EliminateDeadFunctions,
            &out,
        );
        let text = disassemble(&out);
        assert!(!text.contains("OpFunctionCall"), "{text}");
    }
}
