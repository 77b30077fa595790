//! SPV_KHR_poison_freeze read back (the forward side is forward/poison_freeze.rs):
//! OpPoisonKHR is LLVM's `poison` of its type, OpFreezeKHR a `freeze`, and an entry point's
//! ArithmeticPoisonKHR execution mode (5157) the `!spirv.ExecutionMode` entry
//! `!{ptr @kernel, i32 5157}` llvm-spirv writes for it.

use spirvkit_core::grammar::{ExecutionMode, Op};
use spirvkit_core::Instruction;
use spirvkit_llvm as llvm;
use spirvkit_llvm::{ConstKind, InstKind, MdOperand, ValueRef};

use super::function::FnState;
use super::{Ctx, Result};

const NAMED: &str = "spirv.ExecutionMode";

impl Ctx<'_> {
    /// OpPoisonKHR / OpFreezeKHR in a function body; false for any other instruction.
    pub(super) fn poison_freeze_instruction(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
    ) -> Result<bool> {
        match inst.opcode {
            Op::PoisonKHR => {
                let ty = self.result_ty(inst)?;
                let v = self.push_const(ty, ConstKind::Poison);
                self.define(st, inst, v);
            }
            Op::FreezeKHR => {
                let ty = self.result_ty(inst)?;
                let value = self.op_value(st, inst, 0)?;
                let v = self.emit(st, ty, InstKind::Freeze { value });
                self.define(st, inst, v);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `!spirv.ExecutionMode` entries for the entry points with ArithmeticPoisonKHR, in
    /// entry-point order (added to the list if the module already has one).
    pub(super) fn arithmetic_poison_metadata(&mut self) {
        let mode = ExecutionMode::ArithmeticPoisonKHR.0;
        let mut kernels: Vec<llvm::FuncId> = self
            .execution_modes
            .iter()
            .filter(|(_, modes)| modes.iter().any(|(m, _)| *m == mode))
            .filter(|(id, _)| self.entry_points.contains_key(id))
            .filter_map(|(id, _)| self.functions.get(id).copied())
            .collect();
        kernels.sort_by_key(|f| f.0);
        kernels.dedup();
        let mut nodes = Vec::with_capacity(kernels.len());
        for f in kernels {
            let value = ValueRef::Function(f);
            let Some(ty) = self.m.value_type(value) else {
                continue;
            };
            let mode = self.md_i32(mode);
            nodes.push(self.md_node(vec![MdOperand::Value { ty, value }, mode]));
        }
        if nodes.is_empty() {
            return;
        }
        match self.m.named_metadata.iter_mut().find(|n| n.name == NAMED) {
            Some(named) => named.nodes.extend(nodes),
            None => self.named(NAMED, nodes),
        }
    }
}
