//! `--remove-duplicates`: duplicate capabilities, extensions, ext-inst imports, types (equal
//! only with equal decorations) and decorations go; uses are renamed to the first holder.
//! The work is `dedup.rs`, which the linker runs on merged modules too.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use spirvkit_core::Module;

pub struct RemoveDuplicates;

impl Pass for RemoveDuplicates {
    fn name(&self) -> &'static str {
        "remove-duplicates"
    }

    fn run(&self, module: &mut Module, _analyses: &mut Analyses) -> Result<Changed, Error> {
        Ok(Changed::from_bool(crate::dedup::remove_duplicates(module)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn merges_equal_aggregates_capabilities_and_imports() {
        let text = "OpCapability Shader\nOpCapability Linkage\nOpCapability Shader\n\
                    %g1 = OpExtInstImport \"GLSL.std.450\"\n%g2 = OpExtInstImport \"GLSL.std.450\"\n\
                    OpMemoryModel Logical GLSL450\n\
                    %f = OpTypeFloat 32\n%a = OpTypeStruct %f\n%b = OpTypeStruct %f\n\
                    %pa = OpTypePointer Private %a\n%pb = OpTypePointer Private %b\n\
                    %va = OpVariable %pa Private\n%vb = OpVariable %pb Private\n";
        let out = disassemble(&run_pass(&RemoveDuplicates, &assemble(text)));
        assert_eq!(out.matches("OpCapability Shader").count(), 1, "{out}");
        assert_eq!(out.matches("OpExtInstImport").count(), 1, "{out}");
        assert_eq!(out.matches("OpTypeStruct").count(), 1, "{out}");
        assert_eq!(out.matches("OpTypePointer Private").count(), 1, "{out}");
        assert_eq!(out.matches("OpVariable").count(), 2, "{out}");
    }

    #[test]
    fn keeps_types_that_differ_in_decorations() {
        let text = "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n\
                    OpDecorate %s1 Block\nOpMemberDecorate %s1 0 Offset 0\n\
                    %f = OpTypeFloat 32\n%s1 = OpTypeStruct %f\n%s2 = OpTypeStruct %f\n";
        let out = disassemble(&run_pass(&RemoveDuplicates, &assemble(text)));
        assert_eq!(out.matches("OpTypeStruct").count(), 2, "{out}");
    }
}
