//! `--simplify-instructions`, the constant-folding part: inside functions, an instruction of an
//! opcode `--fold-spec-const-op-composite` can evaluate (integer, boolean and composite
//! operations, FNegate and widening FConvert — the floating-point ones exact in every rounding
//! mode and float control) whose operands are all constants is replaced by the constant it
//! computes; uses are rewritten and the instruction removed. Folded results feed later folds in
//! the same run. Undefined results (division by zero, oversized shifts) are left alone.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::passes::fold_spec_const_op_composite::{State, Val};
use crate::util::{remove_references_to, IdSet};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Op;
use spirvkit_core::{Id, Instruction, Module, Operand};

pub struct SimplifyInstructions;

impl Pass for SimplifyInstructions {
    fn name(&self) -> &'static str {
        "simplify-instructions"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let mut st = State::new(module.header.bound);
        let mut value_types: FxHashMap<Id, Id> = FxHashMap::default();
        for inst in module.instructions() {
            if let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) {
                value_types.insert(id, ty);
            }
        }
        for inst in &module.globals {
            st.record_type(inst);
            st.record_constant(inst);
        }
        let mut new_constants: Vec<Instruction> = Vec::new();
        let mut removed = IdSet::new(module.header.bound);
        let mut changed = false;
        for f in &mut module.functions {
            let mut replace: FxHashMap<Id, Id> = FxHashMap::default();
            for block in &mut f.blocks {
                block.instructions.retain(|inst| {
                    let folded = fold(&mut st, &value_types, inst, &mut new_constants);
                    match (folded, inst.result_id) {
                        (Some(c), Some(r)) => {
                            replace.insert(r, c);
                            removed.insert(r);
                            false
                        }
                        _ => true,
                    }
                });
            }
            if replace.is_empty() {
                continue;
            }
            changed = true;
            for inst in f.instructions_mut() {
                for op in inst.operands.iter_mut() {
                    if let Operand::Id(id) = op {
                        if let Some(&c) = replace.get(id) {
                            *id = c;
                        }
                    }
                }
            }
        }
        if changed {
            module.globals.append(&mut new_constants);
            module.header.bound = st.next_id().max(module.header.bound);
            remove_references_to(module, &removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

/// The constant id `inst` computes, when its operands are constants and the result defined.
fn fold(
    st: &mut State,
    value_types: &FxHashMap<Id, Id>,
    inst: &Instruction,
    new_constants: &mut Vec<Instruction>,
) -> Option<Id> {
    let (ty, result) = (inst.result_type?, inst.result_id?);
    let ids: Vec<Id> = inst.operands.iter().filter_map(Operand::id).collect();
    if ids.is_empty() || ids.iter().any(|id| st.value(*id).is_none()) {
        return None;
    }
    let val = evaluate(st, value_types, inst)?;
    let id = st.constant_id(ty, &val, new_constants)?;
    st.set_value(result, val);
    Some(id)
}

/// The value of an instruction whose id operands all have values in `st` (None when the
/// opcode is not foldable or the result undefined), evaluated as the equivalent
/// OpSpecConstantOp. Shared with `--ccp`.
pub(crate) fn evaluate(
    st: &State,
    value_types: &FxHashMap<Id, Id>,
    inst: &Instruction,
) -> Option<Val> {
    let as_spec_op = Instruction::new(
        Op::SpecConstantOp,
        inst.result_type,
        inst.result_id,
        std::iter::once(Operand::Word(u32::from(inst.opcode.0)))
            .chain(inst.operands.iter().cloned()),
    );
    st.evaluate(value_types, &as_spec_op)
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn folds_chains_of_constant_integer_code_in_kernels() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %out "out"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%gptr = OpTypePointer CrossWorkgroup %uint
%c6 = OpConstant %uint 6
%c7 = OpConstant %uint 7
%c0 = OpConstant %uint 0
%fn = OpTypeFunction %void %gptr
%k = OpFunction %void None %fn
%out = OpFunctionParameter %gptr
%l = OpLabel
%m = OpIMul %uint %c6 %c7
%s = OpShiftLeftLogical %uint %m %c6
%lt = OpULessThan %bool %c6 %c7
%sel = OpSelect %uint %lt %s %c0
%div = OpUDiv %uint %c6 %c0
OpStore %out %sel
OpStore %out %div
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::SimplifyInstructions, &assemble(src)));
        assert!(text.contains("OpStore %out %uint_2688"), "{text}");
        assert!(!text.contains("OpIMul"), "{text}");
        // Division by zero is undefined: left alone.
        assert!(text.contains("OpUDiv"), "{text}");
    }

    #[test]
    fn folded_vectors_get_fresh_component_ids() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%int = OpTypeInt 32 1
%v2 = OpTypeVector %int 2
%c1 = OpConstant %int 1
%c2 = OpConstant %int 2
%v = OpConstantComposite %v2 %c1 %c2
%ptr = OpTypePointer Function %v2
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%var = OpVariable %ptr Function
%a = OpIMul %v2 %v %v
%b = OpIAdd %v2 %a %v
OpStore %var %b
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::SimplifyInstructions, &assemble(src)));
        assert!(
            text.contains("OpConstantComposite %v2int %int_2 %int_6"),
            "{text}"
        );
    }
}
