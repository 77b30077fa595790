//! `--freeze-spec-const`: OpSpecConstant{,True,False} become OpConstant{,True,False} and every
//! `OpDecorate ... SpecId` is removed (seed §2.8; spirv-opt's bytes). OpSpecConstantOp and
//! OpSpecConstantComposite are left to `--fold-spec-const-op-composite`.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use spirvkit_core::grammar::{Decoration, Op};
use spirvkit_core::{Instruction, Module, Operand};

pub struct FreezeSpecConst;

pub fn is_spec_id_decoration(inst: &Instruction) -> bool {
    inst.opcode == Op::Decorate
        && inst.operands.get(1) == Some(&Operand::Word(Decoration::SpecId.0))
}

impl Pass for FreezeSpecConst {
    fn name(&self) -> &'static str {
        "freeze-spec-const"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let before = module.globals.len();
        module.globals.retain(|i| !is_spec_id_decoration(i));
        let mut changed = module.globals.len() != before;
        for inst in &mut module.globals {
            let frozen = match inst.opcode {
                Op::SpecConstant => Op::Constant,
                Op::SpecConstantTrue => Op::ConstantTrue,
                Op::SpecConstantFalse => Op::ConstantFalse,
                _ => continue,
            };
            inst.opcode = frozen;
            changed = true;
        }
        Ok(Changed::from_bool(changed))
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn freezes_scalars_and_drops_spec_ids() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %a "a"
OpName %b "b"
OpName %c "c"
OpDecorate %a SpecId 1
OpDecorate %b SpecId 2
OpDecorate %c SpecId 3
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%a = OpSpecConstant %int 7
%b = OpSpecConstantTrue %bool
%c = OpSpecConstantFalse %bool
%d = OpSpecConstantOp %int IAdd %a %a
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::FreezeSpecConst, &assemble(src)));
        assert!(!text.contains("SpecId"));
        assert!(text.contains("%a = OpConstant %int 7"));
        assert!(text.contains("%b = OpConstantTrue %bool"));
        assert!(text.contains("%c = OpConstantFalse %bool"));
        assert!(text.contains("OpSpecConstantOp"));
    }
}
