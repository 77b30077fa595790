//! `--strip-nonsemantic` (alias `--strip-reflect`): removes non-semantic information — the
//! `NonSemantic.*` extended-instruction imports and every OpExtInst of them, the reflection
//! decorations of SPV_GOOGLE_hlsl_functionality1 / SPV_GOOGLE_user_type, and the extensions
//! that only carried them (SPV_KHR_non_semantic_info, and SPV_GOOGLE_decorate_string when no
//! other string decoration is left).

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::IdSet;
use spirvkit_core::grammar::{Decoration, Op};
use spirvkit_core::{Instruction, Module, Operand};

pub struct StripNonSemantic;

fn word(inst: &Instruction, i: usize) -> Option<u32> {
    inst.operands.get(i).and_then(Operand::word)
}

fn is_reflection_string(d: Option<u32>) -> bool {
    d == Some(Decoration::HlslSemanticGOOGLE.0) || d == Some(Decoration::UserTypeGOOGLE.0)
}

impl Pass for StripNonSemantic {
    fn name(&self) -> &'static str {
        "strip-nonsemantic"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let mut other_string_decorations = false;
        let mut non_semantic = IdSet::new(module.header.bound);
        for inst in &module.globals {
            match inst.opcode {
                Op::DecorateString if !is_reflection_string(word(inst, 1)) => {
                    other_string_decorations = true
                }
                Op::MemberDecorateString if !is_reflection_string(word(inst, 2)) => {
                    other_string_decorations = true
                }
                Op::ExtInstImport => {
                    if let (Some(id), Some(name)) = (
                        inst.result_id,
                        inst.operands.first().and_then(Operand::string),
                    ) {
                        if name.starts_with("NonSemantic.") {
                            non_semantic.insert(id);
                        }
                    }
                }
                _ => {}
            }
        }
        let strip = |inst: &Instruction| -> bool {
            match inst.opcode {
                Op::DecorateString => is_reflection_string(word(inst, 1)),
                Op::MemberDecorateString => is_reflection_string(word(inst, 2)),
                Op::DecorateId => word(inst, 1) == Some(Decoration::HlslCounterBufferGOOGLE.0),
                Op::Extension => match inst.operands.first().and_then(Operand::string) {
                    Some("SPV_GOOGLE_hlsl_functionality1")
                    | Some("SPV_GOOGLE_user_type")
                    | Some("SPV_KHR_non_semantic_info") => true,
                    Some("SPV_GOOGLE_decorate_string") => !other_string_decorations,
                    _ => false,
                },
                Op::ExtInstImport => inst.result_id.is_some_and(|id| non_semantic.contains(id)),
                Op::ExtInst | Op::ExtInstWithForwardRefsKHR => {
                    matches!(inst.operands.first(), Some(Operand::Id(set)) if non_semantic.contains(*set))
                }
                _ => false,
            }
        };
        let before = module.instructions().count();
        module.globals.retain(|i| !strip(i));
        for f in &mut module.functions {
            f.parameters.retain(|i| !strip(i));
            for b in &mut f.blocks {
                b.instructions.retain(|i| !strip(i));
            }
            f.trailing.retain(|i| !strip(i));
        }
        Ok(Changed::from_bool(module.instructions().count() != before))
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn removes_non_semantic_sets_and_reflection() {
        let src = r#"
OpCapability Shader
OpExtension "SPV_KHR_non_semantic_info"
OpExtension "SPV_GOOGLE_hlsl_functionality1"
OpExtension "SPV_GOOGLE_decorate_string"
%ns = OpExtInstImport "NonSemantic.Foo"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorateString %fn UserSemantic "x"
%void = OpTypeVoid
%x = OpExtInst %void %ns 1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%y = OpExtInst %void %ns 2
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::StripNonSemantic, &assemble(src)));
        assert!(!text.contains("NonSemantic"), "{text}");
        assert!(!text.contains("OpExtInst "), "{text}");
        assert!(!text.contains("hlsl_functionality1"));
        // UserSemantic is HlslSemanticGOOGLE: with it gone, so is the extension.
        assert!(!text.contains("OpDecorateString"));
        assert!(!text.contains("SPV_GOOGLE_decorate_string"));
    }
}
