//! `--eliminate-dead-const`: removes constants and spec constants (scalar, composite, null,
//! OpSpecConstantOp) that nothing uses except names and decorations targeting them, repeatedly
//! (a dead composite frees its constituents). Uses by an OpDecorateId operand count as uses.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::{remove_references_to, targets_first_operand, IdSet};
use rayon::prelude::*;
use spirvkit_core::grammar::Op;
use spirvkit_core::module::Section;
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct EliminateDeadConst;

pub fn is_constant(op: Op) -> bool {
    matches!(
        op,
        Op::ConstantTrue
            | Op::ConstantFalse
            | Op::Constant
            | Op::ConstantComposite
            | Op::ConstantSampler
            | Op::ConstantNull
            | Op::SpecConstantTrue
            | Op::SpecConstantFalse
            | Op::SpecConstant
            | Op::SpecConstantComposite
            | Op::SpecConstantOp
    )
}

/// Counts, per id, the uses that keep a definition alive: everything except debug
/// instructions and the target operand of names/decorations. A `BuiltIn WorkgroupSize`
/// decoration is a use: that constant sets the workgroup size (it overrides LocalSize), so it
/// is live though no instruction reads it (found on lavapipe: dropping it changed the
/// dispatch of a specialization-constant workgroup shader).
///
/// Function bodies are marked in parallel, one bit per id and worker share, and each share
/// that uses an id adds one: the readers of these counts only ask whether a count is zero
/// and count down the uses of the module-scope definitions they remove, never a function's,
/// so a function use only needs to keep its count above zero (a bit table per share is 1/32
/// of a count table to fill and sum).
pub fn live_use_counts(module: &Module) -> Vec<u32> {
    let bound = module.header.bound;
    let workers = rayon::current_num_threads().max(1);
    let chunk = module.functions.len().div_ceil(workers).max(64);
    let shares: Vec<IdSet> = module
        .functions
        .par_chunks(chunk)
        .map(|functions| {
            let mut used = IdSet::new(bound);
            for f in functions {
                mark_live_uses(f, &mut used);
            }
            used
        })
        .collect();
    live_use_counts_with(module, &shares)
}

/// The counts from the module-scope instructions and the marks of the function bodies
/// (`shares`: sets filled by [`mark_live_uses`], together covering every function).
pub fn live_use_counts_with(module: &Module, shares: &[IdSet]) -> Vec<u32> {
    let mut counts = vec![0u32; module.header.bound as usize];
    for inst in &module.globals {
        for_each_live_use(inst, |id| {
            if let Some(c) = counts.get_mut(id.0 as usize) {
                *c += 1;
            }
        });
    }
    for used in shares {
        for id in used.iter() {
            if let Some(c) = counts.get_mut(id.0 as usize) {
                *c += 1;
            }
        }
    }
    counts
}

/// Marks in `used` the ids `f`'s instructions use that keep a definition alive.
pub fn mark_live_uses(f: &Function, used: &mut IdSet) {
    for inst in f.instructions() {
        for_each_live_use(inst, |id| {
            used.insert(id);
        });
    }
}

/// Calls `f` with each id `inst` uses that keeps a definition alive.
fn for_each_live_use(inst: &Instruction, mut f: impl FnMut(Id)) {
    // Every id of the common instruction: no name, decoration, debug or line instruction.
    let special = targets_first_operand(inst.opcode)
        || matches!(inst.section(), Section::DebugName | Section::DebugSource)
        || matches!(
            inst.opcode,
            Op::Line | Op::GroupDecorate | Op::GroupMemberDecorate
        );
    if !special {
        if let Some(t) = inst.result_type {
            f(t);
        }
        for op in &inst.operands {
            if let Operand::Id(id) = op {
                f(*id);
            }
        }
        return;
    }
    const BUILTIN: u32 = 11;
    const WORKGROUP_SIZE: u32 = 25;
    let sets_workgroup_size = inst.opcode == Op::Decorate
        && inst.operands.get(1).and_then(Operand::word) == Some(BUILTIN)
        && inst.operands.get(2).and_then(Operand::word) == Some(WORKGROUP_SIZE);
    let skip_first = targets_first_operand(inst.opcode) && !sets_workgroup_size;
    if matches!(inst.section(), Section::DebugName | Section::DebugSource)
        || matches!(
            inst.opcode,
            Op::Line | Op::GroupDecorate | Op::GroupMemberDecorate
        )
    {
        return;
    }
    for (i, id) in inst.used_ids().enumerate() {
        if skip_first && i == 0 {
            continue;
        }
        f(id);
    }
}

pub fn is_spec_constant(op: Op) -> bool {
    matches!(
        op,
        Op::SpecConstantTrue
            | Op::SpecConstantFalse
            | Op::SpecConstant
            | Op::SpecConstantComposite
            | Op::SpecConstantOp
    )
}

/// The types whose unused definitions may go (others stay: unknown vendor types).
pub fn is_type(op: Op) -> bool {
    matches!(
        op,
        Op::TypeVoid
            | Op::TypeBool
            | Op::TypeInt
            | Op::TypeFloat
            | Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeImage
            | Op::TypeSampler
            | Op::TypeSampledImage
            | Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeStruct
            | Op::TypePointer
            | Op::TypeFunction
            | Op::TypeEvent
            | Op::TypeDeviceEvent
            | Op::TypeReserveId
            | Op::TypeQueue
            | Op::TypePipe
    )
}

/// Removes global definitions selected by `removable` that nothing uses except names and
/// decorations, with those names and decorations (`counts`: the module's
/// [`live_use_counts`]). One backward sweep frees whole chains (a definition comes before its
/// users). True when something went.
pub fn sweep_unused_globals(
    module: &mut Module,
    counts: &[u32],
    removable: impl Fn(Op) -> bool,
) -> bool {
    // Only a definition nothing uses can start a chain: without one, nothing goes (and the
    // counts need no copy to count down in).
    let unused = |inst: &Instruction| {
        removable(inst.opcode)
            && inst
                .result_id
                .is_some_and(|id| counts.get(id.0 as usize).copied().unwrap_or(1) == 0)
    };
    if !module.globals.iter().any(unused) {
        return false;
    }
    let mut counts = counts.to_vec();
    let mut dead = IdSet::new(module.header.bound);
    let mut any = false;
    for inst in module.globals.iter().rev() {
        if !removable(inst.opcode) {
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
    if any {
        module
            .globals
            .retain(|i| !i.result_id.is_some_and(|id| dead.contains(id)));
        remove_references_to(module, &dead);
    }
    any
}

impl Pass for EliminateDeadConst {
    fn name(&self) -> &'static str {
        "eliminate-dead-const"
    }

    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error> {
        let counts = analyses.take_live_use_counts(module);
        let changed = sweep_unused_globals(module, &counts, is_constant);
        analyses.restore_live_use_counts(counts);
        Ok(Changed::from_bool(changed))
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn removes_unused_constants_transitively() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %one "one"
OpName %two "two"
OpName %spec "spec"
OpName %op "op"
OpName %used "used"
OpName %dead_vec "dead_vec"
OpDecorate %spec SpecId 3
%void = OpTypeVoid
%int = OpTypeInt 32 1
%v2 = OpTypeVector %int 2
%one = OpConstant %int 1
%two = OpConstant %int 2
%used = OpConstant %int 5
%dead_vec = OpConstantComposite %v2 %one %two
%spec = OpSpecConstant %int 4
%op = OpSpecConstantOp %int IAdd %spec %one
%ptr = OpTypePointer Function %int
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%var = OpVariable %ptr Function %used
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::EliminateDeadConst, &assemble(src)));
        for gone in ["%dead_vec", "%one", "%two", "%spec", "%op", "SpecId"] {
            assert!(!text.contains(gone), "{gone} left in\n{text}");
        }
        assert!(text.contains("%used = OpConstant %int 5"));
    }

    #[test]
    fn keeps_the_workgroup_size_constant_and_what_it_uses() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 20 1
OpDecorate %x SpecId 10
OpDecorate %wgs BuiltIn WorkgroupSize
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%v3 = OpTypeVector %uint 3
%x = OpSpecConstant %uint 9
%c20 = OpConstant %uint 20
%c1 = OpConstant %uint 1
%wgs = OpSpecConstantComposite %v3 %x %c20 %c1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::EliminateDeadConst, &assemble(src)));
        assert!(text.contains("BuiltIn WorkgroupSize"), "{text}");
        assert!(text.contains("OpSpecConstantComposite"), "{text}");
        assert!(text.contains("SpecId 10"), "{text}");
    }
}
