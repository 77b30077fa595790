//! `--compact-ids`: renumbers ids densely from 1 in order of first appearance (result types,
//! result ids and id operands, in binary order) and lowers the bound, as spirv-opt does.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use spirvkit_core::{Id, Module};

pub struct CompactIds;

impl Pass for CompactIds {
    fn name(&self) -> &'static str {
        "compact-ids"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let mut map: Vec<u32> = vec![0; module.header.bound as usize];
        let mut extra: spirvkit_core::fasthash::FxHashMap<u32, u32> = Default::default();
        let mut next = 1u32;
        let mut changed = false;
        let mut renumber = |id: Id| -> Id {
            let slot = match map.get_mut(id.0 as usize) {
                Some(s) => s,
                // Ids at or above the bound (invalid input) still get a dense number.
                None => extra.entry(id.0).or_insert(0),
            };
            if *slot == 0 {
                *slot = next;
                next += 1;
            }
            changed |= *slot != id.0;
            Id(*slot)
        };
        for inst in &mut module.globals {
            inst.map_ids(&mut renumber);
        }
        for f in &mut module.functions {
            for inst in f.instructions_mut() {
                inst.map_ids(&mut renumber);
            }
        }
        if module.header.bound != next {
            module.header.bound = next;
            changed = true;
        }
        Ok(Changed::from_bool(changed))
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, run_pass};
    use spirvkit_core::Module;

    #[test]
    fn renumbers_in_order_of_appearance() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %100 "main"
OpExecutionMode %100 LocalSize 1 1 1
%50 = OpTypeVoid
%70 = OpTypeFunction %50
%100 = OpFunction %50 None %70
%90 = OpLabel
OpReturn
OpFunctionEnd
"#;
        let words = assemble(src);
        let out = run_pass(&super::CompactIds, &words);
        let m = Module::from_words(&out).unwrap();
        assert_eq!(m.header.bound, 5);
        assert_eq!(m.functions[0].id().0, 1);
        assert_eq!(m.functions[0].blocks[0].id().0, 4);
    }
}
