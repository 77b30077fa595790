//! Enumerant parameters whose layout the machine-readable grammar cannot express.
//!
//! SPV_INTEL_fpga_loop_controls (SPIR-V Registry, revision I) gives two loop-control bits
//! parameters that SPIRV-Headers 1.4.335 lists as one `LiteralInteger` each:
//! - `DependencyArrayINTEL` (0x40000): a literal count N, then N pairs of an `<id>` (the
//!   variable) and a literal (the dependency length, 0 for none);
//! - `LoopCountINTEL` (0x1000000): three 64-bit integer literals (minimum, maximum, expected
//!   iteration count; negative: not given), each low word first.
//!
//! llvm-spirv writes exactly these words. The decoder, the assembler and the validator read the
//! form from here instead of the grammar's parameter list, so the three agree.

use crate::{LoopControl, OperandKind};

/// How the parameters of one enumerant are laid out, when the grammar's list is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParameterForm {
    /// A literal count, then that many (`<id>`, literal integer) pairs.
    CountedIdLiteralPairs,
    /// This many signed 64-bit literals, each low word first.
    SignedLiterals64(u8),
}

/// The parameter form of enumerant `value` of `kind` (a single bit for masks), when the
/// grammar's parameter list does not describe it.
pub fn parameter_form(kind: OperandKind, value: u32) -> Option<ParameterForm> {
    if kind != OperandKind::LoopControl {
        return None;
    }
    match LoopControl(value) {
        LoopControl::DependencyArrayINTEL => Some(ParameterForm::CountedIdLiteralPairs),
        LoopControl::LoopCountINTEL => Some(ParameterForm::SignedLiterals64(3)),
        _ => None,
    }
}
