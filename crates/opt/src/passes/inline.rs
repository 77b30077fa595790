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
    /// A callee of several blocks whose one return is its last block: the blocks, the last
    /// one's terminator dropped (the call site branches on from there).
    blocks: Option<Vec<Block>>,
}

/// A callee of several blocks with exactly one return, in its last block, and otherwise only
/// branches (so the inlined copy is a single-entry single-exit region).
fn multi_block_body(f: &Function, control: u32) -> Option<Body> {
    if f.blocks.len() < 2 || control & FunctionControl::DontInline.0 != 0 {
        return None;
    }
    let me = f.id();
    let last = f.blocks.len() - 1;
    for (i, b) in f.blocks.iter().enumerate() {
        let term = b.terminator()?;
        let ok = if i == last {
            matches!(term.opcode, Op::Return | Op::ReturnValue)
        } else {
            matches!(term.opcode, Op::Branch | Op::BranchConditional | Op::Switch)
        };
        let recursive = b
            .instructions
            .iter()
            .any(|x| x.opcode == Op::FunctionCall && x.operands.first() == Some(&Operand::Id(me)));
        if !ok || recursive {
            return None;
        }
    }
    let ret = f.blocks[last].terminator()?;
    let returns = match ret.opcode {
        Op::ReturnValue => Some(ret.operands.first()?.id()?),
        _ => None,
    };
    let mut blocks = f.blocks.clone();
    blocks[last].take_terminator();
    let params = f
        .parameters
        .iter()
        .filter(|p| p.opcode == Op::FunctionParameter);
    Some(Body {
        params: params.filter_map(|p| p.result_id).collect(),
        instructions: Vec::new(),
        returns,
        blocks: Some(blocks),
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
        let mut calls: FxHashMap<Id, usize> = FxHashMap::default();
        for f in &module.functions {
            for inst in f.instructions() {
                if inst.opcode == Op::FunctionCall {
                    if let Some(callee) = inst.operands.first().and_then(Operand::id) {
                        *calls.entry(callee).or_default() += 1;
                    }
                }
            }
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
        let bodies: FxHashMap<Id, Body> = module
            .functions
            .iter()
            .filter(|f| {
                !self.single_call_site_only
                    || (calls.get(&f.id()) == Some(&1) && !kept.contains(f.id()))
            })
            .filter(|f| calls.contains_key(&f.id()))
            .filter_map(|f| Some((f.id(), body_of(f)?)))
            .collect();
        if bodies.is_empty() {
            return Ok(Changed::No);
        }
        let mut next_id = module.header.bound;
        let mut removed = IdSet::new(module.header.bound);
        let mut changed = false;
        for f in &mut module.functions {
            changed |= inline_into(f, &bodies, &mut next_id, &mut removed);
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
                if args.len() != body.params.len() || (body.blocks.is_some() && !splittable) {
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
                            new_vars.push(copy);
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
                out.push(Instruction::new(
                    Op::Branch,
                    None,
                    None,
                    [Operand::Id(entry_copy)],
                ));
                let mut copies: Vec<Block> = Vec::with_capacity(blocks.len());
                for b in blocks {
                    let mut label = b.label.clone();
                    label.map_ids(|id| map.get(&id).copied().unwrap_or(id));
                    let mut instructions = Vec::with_capacity(b.instructions.len() + 1);
                    for x in &b.instructions {
                        let mut copy = x.clone();
                        copy.map_ids(|id| map.get(&id).copied().unwrap_or(id));
                        if copy.opcode == Op::Variable {
                            new_vars.push(copy);
                        } else {
                            instructions.push(copy);
                        }
                    }
                    copies.push(Block {
                        label,
                        instructions,
                    });
                }
                if let Some(last) = copies.last_mut() {
                    last.instructions.push(Instruction::new(
                        Op::Branch,
                        None,
                        None,
                        [Operand::Id(post)],
                    ));
                }
                if let (Some(r), Some(v)) = (inst.result_id, body.returns) {
                    results.insert(r, map.get(&v).copied().unwrap_or(v));
                }
                relabel.insert(current.id(), post);
                split = Some(Block {
                    label: Instruction::new(Op::Label, None, Some(post), []),
                    instructions: pending.by_ref().collect(),
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
}
