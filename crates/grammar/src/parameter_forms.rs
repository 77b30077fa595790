//! Enumerant parameters whose layout the machine-readable grammar cannot express.
//!
//! SPV_INTEL_fpga_loop_controls (SPIR-V Registry, revision I) gives two loop-control bits
//! parameters that SPIRV-Headers 1.4.335 lists as one `LiteralInteger` each:
//! - `DependencyArrayINTEL` (0x40000): a literal count N, then N pairs of an `<id>` (the
//!   variable) and a literal (the dependency length, 0 for none);
//! - `LoopCountINTEL` (0x1000000): three 64-bit integer literals (minimum, maximum, expected
//!   iteration count; negative: not given), each low word first.
//!
//! SPV_INTEL_loop_fuse gives the decoration `FuseLoopsInFunctionINTEL` (5907) two literals,
//! Depth and Independent; SPIRV-Headers 1.4.335 lists it (as `FuseLoopsInFunctionALTERA`) with
//! none, so without this an OpDecorate llvm-spirv writes for `!loop_fuse` cannot be read back.
//!
//! llvm-spirv writes exactly these words. The decoder, the assembler and the validator read the
//! form from here instead of the grammar's parameter list, so the three agree.

use crate::{Decoration, LoopControl, OperandDesc, OperandKind, Quantifier};

/// How the parameters of one enumerant are laid out, when the grammar's list is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParameterForm {
    /// A literal count, then that many (`<id>`, literal integer) pairs.
    CountedIdLiteralPairs,
    /// This many signed 64-bit literals, each low word first.
    SignedLiterals64(u8),
    /// These operands, in order (a fixed list the grammar has wrong).
    Operands(&'static [OperandDesc]),
}

/// FuseLoopsInFunctionINTEL's Depth and Independent (SPV_INTEL_loop_fuse).
const FUSE_LOOPS_IN_FUNCTION: &[OperandDesc] = &[
    OperandDesc {
        kind: OperandKind::LiteralInteger,
        quantifier: Quantifier::One,
        name: "Depth",
    },
    OperandDesc {
        kind: OperandKind::LiteralInteger,
        quantifier: Quantifier::One,
        name: "Independent",
    },
];

/// The parameter form of enumerant `value` of `kind` (a single bit for masks), when the
/// grammar's parameter list does not describe it.
pub fn parameter_form(kind: OperandKind, value: u32) -> Option<ParameterForm> {
    match kind {
        OperandKind::LoopControl => match LoopControl(value) {
            LoopControl::DependencyArrayINTEL => Some(ParameterForm::CountedIdLiteralPairs),
            LoopControl::LoopCountINTEL => Some(ParameterForm::SignedLiterals64(3)),
            _ => None,
        },
        OperandKind::Decoration => match Decoration(value) {
            Decoration::FuseLoopsInFunctionALTERA => {
                Some(ParameterForm::Operands(FUSE_LOOPS_IN_FUNCTION))
            }
            _ => None,
        },
        _ => None,
    }
}
