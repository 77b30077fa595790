//! `--unify-const`: structurally identical constants (same type and value, same decorations)
//! become one; uses are renamed to the first. Spec constants are never merged (each keeps its
//! SpecId). The work is `dedup.rs`.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use spirvkit_core::Module;

pub struct UnifyConst;

impl Pass for UnifyConst {
    fn name(&self) -> &'static str {
        "unify-const"
    }

    fn run(&self, module: &mut Module, _analyses: &mut Analyses) -> Result<Changed, Error> {
        Ok(Changed::from_bool(crate::dedup::unify_constants(module)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn merges_equal_constants_not_spec_constants() {
        let text = "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\nOpDecorate %s1 SpecId 1\n\
                    OpDecorate %s2 SpecId 2\n%i = OpTypeInt 32 0\n%c1 = OpConstant %i 7\n\
                    %c2 = OpConstant %i 7\n%c3 = OpConstant %i 8\n%s1 = OpSpecConstant %i 7\n\
                    %s2 = OpSpecConstant %i 7\n%v = OpTypeVector %i 2\n\
                    %k = OpConstantComposite %v %c1 %c2\n";
        let out = disassemble(&run_pass(&UnifyConst, &assemble(text)));
        assert_eq!(out.matches("OpConstant %uint 7").count(), 1, "{out}");
        assert_eq!(out.matches("OpConstant %uint 8").count(), 1, "{out}");
        assert_eq!(out.matches("OpSpecConstant %uint 7").count(), 2, "{out}");
    }
}
