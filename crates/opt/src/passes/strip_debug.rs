//! `--strip-debug`: removes the debug instructions (spec 2.4 sections 7a–7c: OpString,
//! OpSource*, OpName, OpMemberName, OpModuleProcessed), OpLine/OpNoLine everywhere, and the
//! instructions of the debug-info extended sets (DebugInfo, OpenCL.DebugInfo.100,
//! NonSemantic.Shader.DebugInfo.100). As spirv-opt: when the module declares
//! SPV_KHR_non_semantic_info, an OpString used by a `NonSemantic.*` extended instruction stays.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::{ext_inst_sets_where, is_ext_inst_of, IdSet};
use spirvkit_core::grammar::Op;
use spirvkit_core::{Instruction, Module, Operand};

pub struct StripDebug;

/// The extended sets whose instructions are debug information.
pub fn is_debug_info_set(name: &str) -> bool {
    matches!(
        name,
        "DebugInfo" | "OpenCL.DebugInfo.100" | "NonSemantic.Shader.DebugInfo.100"
    )
}

impl Pass for StripDebug {
    fn name(&self) -> &'static str {
        "strip-debug"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let uses_non_semantic_info = module.globals.iter().any(|i| {
            i.opcode == Op::Extension
                && i.operands.first().and_then(Operand::string) == Some("SPV_KHR_non_semantic_info")
        });
        let non_semantic = ext_inst_sets_where(module, |n| n.starts_with("NonSemantic."));
        let debug_info = ext_inst_sets_where(module, is_debug_info_set);
        let mut kept_strings = IdSet::new(module.header.bound);
        if uses_non_semantic_info {
            for inst in module.instructions() {
                if is_ext_inst_of(inst, &non_semantic) {
                    for id in inst.operands.iter().skip(1).filter_map(Operand::id) {
                        kept_strings.insert(id);
                    }
                }
            }
        }
        let strip = |inst: &Instruction| -> bool {
            match inst.opcode {
                Op::String => !inst.result_id.is_some_and(|id| kept_strings.contains(id)),
                Op::Source
                | Op::SourceContinued
                | Op::SourceExtension
                | Op::Name
                | Op::MemberName
                | Op::ModuleProcessed
                | Op::Line
                | Op::NoLine => true,
                Op::ExtInst => is_ext_inst_of(inst, &debug_info),
                _ => false,
            }
        };
        let before = count(module);
        module.globals.retain(|i| !strip(i));
        for f in &mut module.functions {
            f.parameters.retain(|i| !strip(i));
            for b in &mut f.blocks {
                b.instructions.retain(|i| !strip(i));
            }
            f.trailing.retain(|i| !strip(i));
        }
        Ok(Changed::from_bool(count(module) != before))
    }
}

fn count(module: &Module) -> usize {
    module.instructions().count()
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn removes_debug_sections_and_lines() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "a.comp"
OpSource GLSL 450 %file "void main(){}"
OpSourceExtension "GL_foo"
OpName %main "main"
OpModuleProcessed "x"
%void = OpTypeVoid
OpLine %file 1 1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpLine %file 2 1
OpNoLine
OpReturn
OpFunctionEnd
"#;
        let out = run_pass(&super::StripDebug, &assemble(src));
        let text = disassemble(&out);
        for gone in [
            "OpString",
            "OpSource",
            "OpName",
            "OpModuleProcessed",
            "OpLine",
            "OpNoLine",
        ] {
            assert!(!text.contains(gone), "{gone} left in\n{text}");
        }
        assert!(text.contains("OpReturn"));
    }

    #[test]
    fn keeps_strings_of_non_semantic_instructions() {
        let src = r#"
OpCapability Shader
OpExtension "SPV_KHR_non_semantic_info"
%ns = OpExtInstImport "NonSemantic.Foo"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%s = OpString "kept"
%t = OpString "dropped"
%void = OpTypeVoid
%x = OpExtInst %void %ns 1 %s
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::StripDebug, &assemble(src)));
        assert!(text.contains("\"kept\""));
        assert!(!text.contains("\"dropped\""));
    }
}
