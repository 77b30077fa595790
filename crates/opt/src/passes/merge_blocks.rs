//! `--merge-blocks`: a block ending in an unconditional OpBranch to a block that has no other
//! predecessor absorbs that block (its single-entry OpPhis become their one value). Structured
//! control flow is kept: neither block may hold a merge instruction, and the successor may be
//! no construct's merge block or continue target. A loop header absorbs the first block of its
//! body (its OpLoopMerge moves before the new terminator) and a block without a merge
//! instruction absorbs a selection header, as spirv-opt does; loop headers are never absorbed.
//! Valid on Kernel and Shader modules.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{run_function_pass, Changed, FunctionPass, FunctionWork, Pass};
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::grammar::Op;
use spirvkit_core::{Function, Id, Module, Operand};

pub struct MergeBlocks;

impl Pass for MergeBlocks {
    fn name(&self) -> &'static str {
        "merge-blocks"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        Ok(run_function_pass(self, module))
    }

    fn function_pass(&self) -> Option<&dyn FunctionPass> {
        Some(self)
    }
}

impl FunctionPass for MergeBlocks {
    fn prepare(&self, _: &Module) -> Box<dyn FunctionWork> {
        Box::new(MergeBlocks)
    }
}

impl FunctionWork for MergeBlocks {
    fn run(&self, f: &mut Function, removed: &mut Vec<Id>) -> bool {
        merge_function(f, removed)
    }
}

fn merge_function(f: &mut Function, removed: &mut Vec<Id>) -> bool {
    if f.blocks.len() < 2 {
        return false;
    }
    let cfg = crate::util::LabelIndex::new(f);
    // Predecessor edges counted with multiplicity (a switch may target a block twice).
    let mut edge_count = vec![0u32; cfg.len()];
    for block in &f.blocks {
        if let Some(term) = block.terminator() {
            for label in spirvkit_core::analysis::successor_labels(term) {
                if let Some(t) = cfg.block_of(label) {
                    edge_count[t as usize] += 1;
                }
            }
        }
    }
    let mut structural: FxHashSet<Id> = FxHashSet::default();
    for block in &f.blocks {
        for inst in &block.instructions {
            if matches!(inst.opcode, Op::SelectionMerge | Op::LoopMerge) {
                structural.extend(inst.operands.iter().filter_map(Operand::id));
            }
        }
    }
    let mut gone = vec![false; f.blocks.len()];
    let mut replace: FxHashMap<Id, Id> = FxHashMap::default();
    let mut relabel: FxHashMap<Id, Id> = FxHashMap::default();
    for b in 0..f.blocks.len() {
        if gone[b] {
            continue;
        }
        loop {
            let block = &f.blocks[b];
            let Some(term) = block.terminator() else {
                break;
            };
            if term.opcode != Op::Branch {
                break;
            }
            let header_kind = block.merge_instruction().map(|m| m.opcode);
            let Some(target) = term.operands.first().and_then(Operand::id) else {
                break;
            };
            let Some(s) = cfg.block_of(target).map(|s| s as usize) else {
                break;
            };
            if s == 0 || s == b || gone[s] || edge_count[s] != 1 || structural.contains(&target) {
                break;
            }
            // A loop header absorbs its body's first block (the merge instruction moves to the
            // end); a plain block absorbs a selection header (which brings its merge
            // instruction). A loop header is never absorbed: the instructions before it would
            // run on every iteration.
            // (A loop header must still end in OpBranch or OpBranchConditional.)
            let absorbed_kind = f.blocks[s].merge_instruction().map(|m| m.opcode);
            let absorbed_branches = f.blocks[s]
                .terminator()
                .is_some_and(|t| matches!(t.opcode, Op::Branch | Op::BranchConditional));
            match (header_kind, absorbed_kind) {
                (None, None) | (None, Some(Op::SelectionMerge)) => {}
                (Some(Op::LoopMerge), None) if absorbed_branches => {}
                _ => break,
            }
            let absorbed = std::mem::take(&mut f.blocks[s].instructions);
            gone[s] = true;
            removed.push(target);
            let here = f.blocks[b].id();
            relabel.insert(target, here);
            let block = &mut f.blocks[b];
            let moved_merge = block.take_merge_instruction();
            block.take_terminator();
            for inst in absorbed {
                if inst.opcode == Op::Phi {
                    if let (Some(r), Some(v)) =
                        (inst.result_id, inst.operands.first().and_then(Operand::id))
                    {
                        replace.insert(r, v);
                        removed.push(r);
                    }
                    continue;
                }
                block.instructions.push(inst);
            }
            if let Some(m) = moved_merge {
                let at = block.terminator_index().unwrap_or(block.instructions.len());
                block.instructions.insert(at, m);
            }
        }
    }
    if !gone.iter().any(|&g| g) {
        return false;
    }
    let mut i = 0;
    f.blocks.retain(|_| {
        i += 1;
        !gone[i - 1]
    });
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
    for block in &mut f.blocks {
        for inst in &mut block.instructions {
            let phi = inst.opcode == Op::Phi;
            for (k, op) in inst.operands.iter_mut().enumerate() {
                if let Operand::Id(id) = op {
                    // A phi's parent labels follow their block into the one that absorbed it.
                    if phi && k % 2 == 1 {
                        let mut l = *id;
                        let mut steps = 0;
                        while let Some(&n) = relabel.get(&l) {
                            if n == l || steps > relabel.len() {
                                break;
                            }
                            l = n;
                            steps += 1;
                        }
                        *id = l;
                    } else {
                        *id = resolve(*id);
                    }
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn chains_merge_and_constructs_stay() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %a "a"
OpName %m "m"
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%c1 = OpConstant %int 1
%t = OpConstantTrue %bool
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
OpBranch %a
%a = OpLabel
%x = OpIAdd %int %c1 %c1
OpBranch %b
%b = OpLabel
%p = OpPhi %int %x %a
OpSelectionMerge %m None
OpBranchConditional %t %c %m
%c = OpLabel
OpBranch %m
%m = OpLabel
%q = OpPhi %int %p %b %c1 %c
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::MergeBlocks, &assemble(src)));
        // e, a and the selection header b become one block (it keeps the selection's merge
        // instruction); m is a merge block and stays.
        assert!(!text.contains("%a = OpLabel"), "{text}");
        assert_eq!(text.matches("OpLabel").count(), 3, "{text}");
        assert!(text.contains("%m = OpLabel"), "{text}");
        assert!(text.contains("OpSelectionMerge %m"), "{text}");
    }

    #[test]
    fn loop_header_keeps_a_body_that_returns() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %c None
OpBranch %body
%body = OpLabel
OpReturn
%c = OpLabel
OpBranch %h
%m = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::MergeBlocks, &assemble(src)));
        assert_eq!(text.matches("OpLabel").count(), 5, "{text}");
    }

    #[test]
    fn loop_header_absorbs_its_body_but_is_never_absorbed() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %h "h"
OpName %body "body"
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%c1 = OpConstant %int 1
%c9 = OpConstant %int 9
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
%pre = OpIAdd %int %c1 %c1
OpBranch %h
%h = OpLabel
%i = OpPhi %int %pre %e %n %c
OpLoopMerge %m %c None
OpBranch %body
%body = OpLabel
%lt = OpSLessThan %bool %i %c9
OpBranchConditional %lt %c %m
%c = OpLabel
%n = OpIAdd %int %i %c1
OpBranch %h
%m = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::MergeBlocks, &assemble(src)));
        assert!(text.contains("%h = OpLabel"), "{text}");
        assert!(!text.contains("%body = OpLabel"), "{text}");
        assert!(
            text.contains("OpLoopMerge %15 %14 None\n               OpBranchConditional %16"),
            "{text}"
        );
    }

    #[test]
    fn kernel_single_predecessor_chain_collapses() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%k = OpFunction %void None %fn
%e = OpLabel
OpBranch %a
%a = OpLabel
OpBranch %b
%b = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::MergeBlocks, &assemble(src)));
        assert_eq!(text.matches("OpLabel").count(), 1, "{text}");
    }
}
