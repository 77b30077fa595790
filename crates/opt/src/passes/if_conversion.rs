//! `--if-conversion`: a selection construct shaped as a triangle or diamond — the header's
//! OpBranchConditional goes to arms that are the merge block or a block whose only predecessor
//! is the header and which branches straight to the merge — whose arms hold only
//! side-effect-free instructions that cannot trap, becomes straight-line code: the arms'
//! instructions move to the header, every OpPhi of the merge block becomes an OpSelect on the
//! header's condition, and the header branches to the merge block (the construct is gone;
//! merge-blocks then joins the two). Honours DontFlatten (left alone) and Flatten. A scalar
//! condition selects vectors and composites only from SPIR-V 1.4; before that only scalar phis
//! convert. Pointer phis never do.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{run_function_pass, Changed, FunctionPass, FunctionWork, Pass};
use spirvkit_core::fasthash::FxHashSet;
use spirvkit_core::grammar::{Op, SelectionControl};
use spirvkit_core::module::is_line_instruction;
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct IfConversion;

/// Instructions that may run on both paths: no memory access, no side effect, no trap or
/// undefined behaviour on any operand (integer division is excluded).
fn speculatable(op: Op) -> bool {
    matches!(
        op,
        Op::IAdd
            | Op::ISub
            | Op::IMul
            | Op::FAdd
            | Op::FSub
            | Op::FMul
            | Op::FDiv
            | Op::FRem
            | Op::FMod
            | Op::FNegate
            | Op::SNegate
            | Op::BitwiseAnd
            | Op::BitwiseOr
            | Op::BitwiseXor
            | Op::Not
            | Op::ShiftLeftLogical
            | Op::ShiftRightLogical
            | Op::ShiftRightArithmetic
            | Op::LogicalAnd
            | Op::LogicalOr
            | Op::LogicalNot
            | Op::LogicalEqual
            | Op::LogicalNotEqual
            | Op::IEqual
            | Op::INotEqual
            | Op::UGreaterThan
            | Op::SGreaterThan
            | Op::UGreaterThanEqual
            | Op::SGreaterThanEqual
            | Op::ULessThan
            | Op::SLessThan
            | Op::ULessThanEqual
            | Op::SLessThanEqual
            | Op::FOrdEqual
            | Op::FUnordEqual
            | Op::FOrdNotEqual
            | Op::FUnordNotEqual
            | Op::FOrdLessThan
            | Op::FUnordLessThan
            | Op::FOrdGreaterThan
            | Op::FUnordGreaterThan
            | Op::FOrdLessThanEqual
            | Op::FUnordLessThanEqual
            | Op::FOrdGreaterThanEqual
            | Op::FUnordGreaterThanEqual
            | Op::IsNan
            | Op::IsInf
            | Op::Select
            | Op::CompositeConstruct
            | Op::CompositeExtract
            | Op::CompositeInsert
            | Op::VectorShuffle
            | Op::CopyObject
            | Op::ConvertFToU
            | Op::ConvertFToS
            | Op::ConvertSToF
            | Op::ConvertUToF
            | Op::UConvert
            | Op::SConvert
            | Op::FConvert
            | Op::Bitcast
            | Op::VectorTimesScalar
            | Op::MatrixTimesScalar
            | Op::VectorTimesMatrix
            | Op::MatrixTimesVector
            | Op::MatrixTimesMatrix
            | Op::Dot
            | Op::Transpose
            | Op::OuterProduct
    )
}

impl Pass for IfConversion {
    fn name(&self) -> &'static str {
        "if-conversion"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        Ok(run_function_pass(self, module))
    }

    fn function_pass(&self) -> Option<&dyn FunctionPass> {
        Some(self)
    }
}

impl FunctionPass for IfConversion {
    fn prepare(&self, module: &Module) -> Box<dyn FunctionWork> {
        // SPIR-V 1.4 allows OpSelect on any non-pointer type.
        let composites = module.header.version >= 0x0001_0400;
        let mut selectable: FxHashSet<Id> = FxHashSet::default();
        for inst in &module.globals {
            let Some(id) = inst.result_id else { continue };
            match inst.opcode {
                Op::TypeBool | Op::TypeInt | Op::TypeFloat => {
                    selectable.insert(id);
                }
                // Before 1.4 a vector select needs a vector condition.
                Op::TypeVector if composites => {
                    selectable.insert(id);
                }
                Op::TypeArray | Op::TypeStruct | Op::TypeMatrix if composites => {
                    // Arrays and matrices: the element type; structs: every member.
                    let take = if inst.opcode == Op::TypeStruct {
                        usize::MAX
                    } else {
                        1
                    };
                    let mut parts = inst.operands.iter().take(take).filter_map(Operand::id);
                    if parts.all(|p| selectable.contains(&p)) {
                        selectable.insert(id);
                    }
                }
                _ => {}
            }
        }
        Box::new(Selectable(selectable))
    }
}

/// The types OpSelect may choose between in this module.
struct Selectable(FxHashSet<Id>);

impl FunctionWork for Selectable {
    fn run(&self, f: &mut Function, removed: &mut Vec<Id>) -> bool {
        convert_function(f, &self.0, removed)
    }
}

fn convert_function(f: &mut Function, selectable: &FxHashSet<Id>, removed: &mut Vec<Id>) -> bool {
    if f.blocks.len() < 3 {
        return false;
    }
    let cfg = crate::util::LabelIndex::new(f);
    // Branch edges counted with multiplicity, and every merge block / continue target.
    let mut edges = vec![0u32; cfg.len()];
    let mut structural: FxHashSet<Id> = FxHashSet::default();
    for b in &f.blocks {
        if let Some(t) = b.terminator() {
            for l in spirvkit_core::analysis::successor_labels(t) {
                if let Some(i) = cfg.block_of(l) {
                    edges[i as usize] += 1;
                }
            }
        }
        if let Some(m) = b.merge_instruction() {
            structural.extend(m.operands.iter().filter_map(Operand::id));
        }
    }
    let mut gone = vec![false; f.blocks.len()];
    let mut changed = false;
    // Later headers first: inner constructs come after their enclosing header in block order.
    for h in (0..f.blocks.len()).rev() {
        if gone[h] {
            continue;
        }
        let Some(plan) = plan(f, &cfg, &edges, &structural, &gone, selectable, h) else {
            continue;
        };
        apply(f, &cfg, plan, h, &mut gone, removed);
        changed = true;
    }
    if changed {
        let mut i = 0;
        f.blocks.retain(|_| {
            i += 1;
            !gone[i - 1]
        });
    }
    changed
}

/// A convertible construct: condition, merge block, the two arms (None = the edge goes
/// straight to the merge block).
struct Plan {
    condition: Id,
    merge: usize,
    arms: [Option<usize>; 2],
}

fn plan(
    f: &Function,
    cfg: &crate::util::LabelIndex,
    edges: &[u32],
    structural: &FxHashSet<Id>,
    gone: &[bool],
    selectable: &FxHashSet<Id>,
    h: usize,
) -> Option<Plan> {
    let header = &f.blocks[h];
    let merge_inst = header.merge_instruction()?;
    if merge_inst.opcode != Op::SelectionMerge {
        return None;
    }
    let control = merge_inst
        .operands
        .get(1)
        .and_then(Operand::word)
        .unwrap_or(0);
    if control & SelectionControl::DontFlatten.0 != 0 {
        return None;
    }
    let m = cfg.block_of(merge_inst.operands.first()?.id()?)? as usize;
    let term = header.terminator()?;
    if term.opcode != Op::BranchConditional {
        return None;
    }
    let condition = term.operands.first()?.id()?;
    let targets = [term.operands.get(1)?.id()?, term.operands.get(2)?.id()?];
    let mut arms = [None, None];
    for (k, &t) in targets.iter().enumerate() {
        let a = cfg.block_of(t)? as usize;
        if a == m {
            continue;
        }
        let block = &f.blocks[a];
        let ok = !gone[a]
            && a != h
            && edges[a] == 1
            && !structural.contains(&t)
            && block.terminator().is_some_and(|t| {
                t.opcode == Op::Branch
                    && cfg.block_of(t.operands.first().and_then(Operand::id).unwrap_or_default())
                        == Some(m as u32)
            })
            && block.instructions[..block.terminator_index()?]
                .iter()
                .all(|i| speculatable(i.opcode) || is_line_instruction(i.opcode));
        if !ok {
            return None;
        }
        arms[k] = Some(a);
    }
    if arms[0].is_some() && arms[0] == arms[1] {
        return None;
    }
    // The merge block is entered only from this construct, and every phi can be a select.
    if edges[m] != 2
        || gone[m]
        || f.blocks[m]
            .merge_instruction()
            .is_some_and(|i| i.opcode == Op::LoopMerge)
    {
        return None;
    }
    let from = |k: usize| arms[k].map_or(f.blocks[h].id(), |a| f.blocks[a].id());
    let preds = [from(0), from(1)];
    if preds[0] == preds[1] {
        return None;
    }
    for inst in &f.blocks[m].instructions {
        if inst.opcode != Op::Phi {
            continue;
        }
        let ty = inst.result_type?;
        if !selectable.contains(&ty) || inst.operands.len() != 4 {
            return None;
        }
        let parents = [inst.operands[1].id()?, inst.operands[3].id()?];
        if !preds.iter().all(|p| parents.contains(p)) {
            return None;
        }
    }
    Some(Plan {
        condition,
        merge: m,
        arms,
    })
}

fn apply(
    f: &mut Function,
    cfg: &crate::util::LabelIndex,
    plan: Plan,
    h: usize,
    gone: &mut [bool],
    removed: &mut Vec<Id>,
) {
    let header_id = f.blocks[h].id();
    let preds: Vec<Id> = plan
        .arms
        .iter()
        .map(|a| a.map_or(header_id, |a| f.blocks[a].id()))
        .collect();
    // The arms' instructions move to the header, before its (new) terminator.
    let mut hoisted = Vec::new();
    for a in plan.arms.iter().flatten() {
        let block = &mut f.blocks[*a];
        block.take_terminator();
        hoisted.extend(
            std::mem::take(&mut block.instructions)
                .into_iter()
                .filter(|i| !is_line_instruction(i.opcode)),
        );
        removed.push(block.id());
        gone[*a] = true;
    }
    let merge_label = cfg.labels[plan.merge];
    let header = &mut f.blocks[h];
    header.take_merge_instruction();
    if let Some(t) = header.terminator_mut() {
        *t = Instruction::new(Op::Branch, None, None, [Operand::Id(merge_label)]);
    }
    let at = header
        .terminator_index()
        .unwrap_or(header.instructions.len());
    header.instructions.splice(at..at, hoisted);
    // Phis become selects: the true arm's value first.
    for inst in &mut f.blocks[plan.merge].instructions {
        if inst.opcode != Op::Phi {
            continue;
        }
        let value_from = |p: Id| -> Option<Operand> {
            inst.operands
                .chunks(2)
                .find(|pair| pair.get(1) == Some(&Operand::Id(p)))
                .and_then(|pair| pair.first().cloned())
        };
        let (Some(t), Some(e)) = (value_from(preds[0]), value_from(preds[1])) else {
            continue;
        };
        inst.opcode = Op::Select;
        inst.operands = [Operand::Id(plan.condition), t, e].into_iter().collect();
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    fn module(head: &str, control: &str, arm: &str) -> Vec<u32> {
        let signed = u8::from(!head.contains("Kernel"));
        assemble(&format!(
            r#"{head}
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 {signed}
%c1 = OpConstant %int 1
%c2 = OpConstant %int 2
%fn = OpTypeFunction %void
%fnb = OpTypeFunction %void %bool
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
%g = OpFunction %void None %fnb
%cond = OpFunctionParameter %bool
%h = OpLabel
OpSelectionMerge %m {control}
OpBranchConditional %cond %a %m
%a = OpLabel
%x = {arm}
OpBranch %m
%m = OpLabel
%p = OpPhi %int %x %a %c1 %h
%q = OpIAdd %int %p %c2
OpReturn
OpFunctionEnd
"#
        ))
    }

    const SHADER: &str = "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\nOpExecutionMode %main LocalSize 1 1 1";
    const KERNEL: &str = "OpCapability Addresses\nOpCapability Linkage\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"";

    #[test]
    fn triangle_becomes_a_select() {
        let text = disassemble(&run_pass(
            &super::IfConversion,
            &module(SHADER, "None", "OpIAdd %int %c1 %c2"),
        ));
        assert!(!text.contains("OpSelectionMerge"), "{text}");
        assert!(!text.contains("OpPhi"), "{text}");
        assert!(text.contains("OpSelect %int %"), "{text}");
        assert_eq!(text.matches("OpLabel").count(), 3, "{text}");
    }

    #[test]
    fn kernels_convert_too() {
        let text = disassemble(&run_pass(
            &super::IfConversion,
            &module(KERNEL, "Flatten", "OpIMul %int %c1 %c2"),
        ));
        assert!(text.contains("OpSelect %uint %"), "{text}");
    }

    #[test]
    fn dont_flatten_and_trapping_arms_stay() {
        for (control, arm) in [
            ("DontFlatten", "OpIAdd %int %c1 %c2"),
            ("None", "OpSDiv %int %c1 %c2"),
        ] {
            let text = disassemble(&run_pass(
                &super::IfConversion,
                &module(SHADER, control, arm),
            ));
            assert!(text.contains("OpSelectionMerge"), "{text}");
            assert!(text.contains("OpPhi"), "{text}");
        }
    }
}
