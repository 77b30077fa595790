//! `--eliminate-dead-variables`: removes module-scope OpVariable (and OpUntypedVariableKHR)
//! that nothing references except names and decorations. Entry-point interfaces and exported
//! variables (LinkageAttributes Export) count as references, so they stay; with
//! `--preserve-bindings` so do variables decorated Binding or DescriptorSet.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::{remove_references_to, IdSet};
use spirvkit_core::grammar::{Decoration, LinkageType, Op};
use spirvkit_core::{Instruction, Module, Operand};

pub struct EliminateDeadVariables;

impl Pass for EliminateDeadVariables {
    fn name(&self) -> &'static str {
        "eliminate-dead-variables"
    }

    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error> {
        let is_variable =
            |inst: &Instruction| matches!(inst.opcode, Op::Variable | Op::UntypedVariableKHR);
        // Without a module-scope variable there is nothing to count uses for.
        if !module.globals.iter().any(is_variable) {
            return Ok(Changed::No);
        }
        let counts = analyses.live_use_counts(module);
        // The counts below only grow: without an unused variable now, none is dead.
        let unused = |inst: &Instruction| {
            is_variable(inst)
                && inst
                    .result_id
                    .is_some_and(|id| counts.get(id.0 as usize).copied().unwrap_or(1) == 0)
        };
        if !module.globals.iter().any(unused) {
            return Ok(Changed::No);
        }
        let mut counts = counts.to_vec();
        let keep_bindings = analyses.preserve.bindings;
        for inst in &module.globals {
            let binding = keep_bindings
                && inst.opcode == Op::Decorate
                && matches!(inst.operands.get(1), Some(Operand::Word(d))
                    if *d == Decoration::Binding.0 || *d == Decoration::DescriptorSet.0);
            if let (true, Some(Operand::Id(id))) = (binding, inst.operands.first()) {
                if let Some(c) = counts.get_mut(id.0 as usize) {
                    *c += 1;
                }
            }
            let exported = inst.opcode == Op::Decorate
                && inst.operands.get(1) == Some(&Operand::Word(Decoration::LinkageAttributes.0))
                && inst.operands.last() == Some(&Operand::Word(LinkageType::Export.0));
            if let (true, Some(Operand::Id(id))) = (exported, inst.operands.first()) {
                if let Some(c) = counts.get_mut(id.0 as usize) {
                    *c += 1;
                }
            }
        }
        let mut dead = IdSet::new(module.header.bound);
        let mut any = false;
        // Backwards: a dead variable initialised with another variable's address frees it.
        for inst in module.globals.iter().rev() {
            if !is_variable(inst) {
                continue;
            }
            let Some(id) = inst.result_id else { continue };
            if counts.get(id.0 as usize).copied().unwrap_or(1) == 0 {
                dead.insert(id);
                any = true;
                for used in inst.used_ids() {
                    if let Some(c) = counts.get_mut(used.0 as usize) {
                        *c = c.saturating_sub(1);
                    }
                }
            }
        }
        if !any {
            return Ok(Changed::No);
        }
        module
            .globals
            .retain(|i| !i.result_id.is_some_and(|id| dead.contains(id)));
        remove_references_to(module, &dead);
        Ok(Changed::Yes)
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn removes_unreferenced_globals_only() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %in %used
OpExecutionMode %main LocalSize 1 1 1
OpName %in "in"
OpName %used "used"
OpName %unused "unused"
OpDecorate %unused Binding 0
OpDecorate %unused DescriptorSet 0
OpDecorate %in BuiltIn LocalInvocationIndex
OpDecorate %sb Block
OpMemberDecorate %sb 0 Offset 0
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%f = OpTypeFloat 32
%sb = OpTypeStruct %f
%pin = OpTypePointer Input %uint
%pu = OpTypePointer Uniform %sb
%pp = OpTypePointer Private %uint
%in = OpVariable %pin Input
%unused = OpVariable %pu Uniform
%used = OpVariable %pp Private
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%x = OpLoad %uint %used
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::EliminateDeadVariables, &assemble(src)));
        assert!(!text.contains("%unused"), "{text}");
        assert!(text.contains("%in = OpVariable"));
        assert!(text.contains("%used = OpVariable"));
    }

    #[test]
    fn preserve_bindings_keeps_unused_resources() {
        use crate::analyses::Analyses;
        use crate::pass::Pass;
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %sb Block
OpMemberDecorate %sb 0 Offset 0
OpDecorate %unused Binding 0
OpDecorate %unused DescriptorSet 0
%void = OpTypeVoid
%f = OpTypeFloat 32
%sb = OpTypeStruct %f
%pu = OpTypePointer Uniform %sb
%unused = OpVariable %pu Uniform
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
"#;
        let mut module = spirvkit_core::Module::from_words(&assemble(src)).unwrap();
        let mut analyses = Analyses::new();
        analyses.preserve.bindings = true;
        super::EliminateDeadVariables
            .run(&mut module, &mut analyses)
            .unwrap();
        assert!(disassemble(&module.to_words()).contains("OpVariable"));
        analyses.preserve.bindings = false;
        super::EliminateDeadVariables
            .run(&mut module, &mut analyses)
            .unwrap();
        assert!(!disassemble(&module.to_words()).contains("OpVariable"));
    }
}
