//! `--eliminate-dead-functions`: removes functions no entry point can reach. Live roots are
//! the entry points, functions exported through LinkageAttributes, and functions referenced
//! by any global instruction other than names and decorations; a live function makes every
//! function it references live (calls, OpFunctionPointerINTEL, enqueue kernels...). Names and
//! decorations of everything defined in a removed function go with it.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::{remove_references_to, IdSet};
use spirvkit_core::grammar::{Decoration, LinkageType, Op};
use spirvkit_core::module::Section;
use spirvkit_core::{Id, Module, Operand};

pub struct EliminateDeadFunctions;

impl Pass for EliminateDeadFunctions {
    fn name(&self) -> &'static str {
        "eliminate-dead-functions"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        Ok(if remove_dead_functions(module) {
            Changed::Yes
        } else {
            Changed::No
        })
    }
}

/// Removes the functions no root reaches (see the module comment); true when any went. The
/// linker calls this on executables (spirv-link leaves dead functions behind).
pub fn remove_dead_functions(module: &mut Module) -> bool {
    let bound = module.header.bound;
    let mut index: Vec<u32> = vec![u32::MAX; bound as usize];
    for (i, f) in module.functions.iter().enumerate() {
        if let Some(slot) = index.get_mut(f.id().0 as usize) {
            *slot = i as u32;
        }
    }
    let function_of = |id: Id| -> Option<usize> {
        index
            .get(id.0 as usize)
            .filter(|&&i| i != u32::MAX)
            .map(|&i| i as usize)
    };
    let mut live = vec![false; module.functions.len()];
    let mut work: Vec<usize> = Vec::new();
    let mark = |id: Id, live: &mut Vec<bool>, work: &mut Vec<usize>| {
        if let Some(f) = function_of(id) {
            if !std::mem::replace(&mut live[f], true) {
                work.push(f);
            }
        }
    };
    for inst in &module.globals {
        let exported = inst.opcode == Op::Decorate
            && inst.operands.get(1) == Some(&Operand::Word(Decoration::LinkageAttributes.0))
            && inst.operands.last() == Some(&Operand::Word(LinkageType::Export.0));
        let root = match inst.section() {
            Section::DebugName | Section::DebugSource => false,
            Section::Annotation => exported,
            _ => true,
        };
        if root {
            for id in inst.used_ids() {
                mark(id, &mut live, &mut work);
            }
        }
    }
    // Every function reached from the module scope already (entry points and exports):
    // nothing can be dead, no need to walk the bodies.
    if live.iter().all(|&l| l) {
        return false;
    }
    // Straight over the operands: no list of ids per instruction (this pass runs twice in
    // -O and was 10% of its CPU time on the 2 000-function bench module).
    while let Some(f) = work.pop() {
        // Internal iteration (`for_each`) over the chained sections and operands.
        module.functions[f].instructions().skip(1).for_each(|inst| {
            inst.used_ids()
                .for_each(|id| mark(id, &mut live, &mut work))
        });
    }
    if live.iter().all(|&l| l) {
        return false;
    }
    let mut dead = IdSet::new(bound);
    let mut kept = Vec::with_capacity(module.functions.len());
    for (f, function) in std::mem::take(&mut module.functions)
        .into_iter()
        .enumerate()
    {
        if live[f] {
            kept.push(function);
        } else {
            for id in function.instructions().filter_map(|i| i.result_id) {
                dead.insert(id);
            }
        }
    }
    module.functions = kept;
    remove_references_to(module, &dead);
    true
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn keeps_reachable_and_exported_functions() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpCapability Linkage
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %used "used"
OpName %exp "exp"
OpName %dead "dead"
OpName %x "x"
OpDecorate %exp LinkageAttributes "exp" Export
%void = OpTypeVoid
%fn = OpTypeFunction %void
%k = OpFunction %void None %fn
%l1 = OpLabel
%c = OpFunctionCall %void %used
OpReturn
OpFunctionEnd
%used = OpFunction %void None %fn
%l2 = OpLabel
OpReturn
OpFunctionEnd
%dead = OpFunction %void None %fn
%l3 = OpLabel
%x = OpFunctionCall %void %used
OpReturn
OpFunctionEnd
%exp = OpFunction %void None %fn
%l4 = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::EliminateDeadFunctions, &assemble(src)));
        assert!(!text.contains("%dead"), "{text}");
        assert!(!text.contains("OpName %x"), "{text}");
        assert!(text.contains("%used = OpFunction"));
        assert!(text.contains("%exp = OpFunction"));
    }
}
