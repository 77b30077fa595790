//! SPV_KHR_abort read back: OpAbortKHR (a block terminator) is the call
//! `__spirv_AbortKHR(message)` followed by `unreachable`, as llvm-spirv -r writes it (its
//! SPV_KHR_abort trap tests: `call spir_func void @_Z16__spirv_AbortKHRi(i32 -1)` then
//! `unreachable`); the forward translator reads that call back as OpAbortKHR
//! (forward/builtins/spv_ir_forms.rs).

use spirvkit_core::grammar::Op;
use spirvkit_core::Instruction;
use spirvkit_llvm::InstKind;

use super::builtins::Sign;
use super::function::FnState;
use super::{Ctx, Result};

impl Ctx<'_> {
    /// OpAbortKHR (Message Type, Message); false for any other instruction.
    pub(super) fn abort_instruction(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
    ) -> Result<bool> {
        if inst.opcode != Op::AbortKHR {
            return Ok(false);
        }
        // Operand 0 is the message's type; the message itself is operand 1.
        let message = self.op_value(st, inst, 1)?;
        let message_ty = self.type_of(st, message)?;
        let name = self.mangle_call("__spirv_AbortKHR", &[(message_ty, Sign::Signed)], false)?;
        let void = self.m.types.void();
        self.call_builtin(st, &name, void, vec![message], false)?;
        self.emit(st, void, InstKind::Unreachable);
        Ok(true)
    }
}
