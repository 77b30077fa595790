//! The operand shape shared by every SPIR-V atomic instruction (Pointer, Memory Scope,
//! Semantics, then the values), used by the OpenCL 1.x atomics, the OpenCL C 2.0 atomics and
//! LLVM's `atomicrmw`, so the three spell the instruction the same way.

use crate::translator::Translator;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;

/// The operands every atomic instruction starts with.
#[derive(Clone, Copy)]
pub(crate) struct AtomicAccess {
    pub(crate) pointer: Id,
    pub(crate) scope: Id,
    pub(crate) semantics: Id,
}

impl AtomicAccess {
    /// Pointer, Memory Scope, Semantics, followed by `rest`.
    pub(crate) fn operands(self, rest: &[Id]) -> Vec<Operand> {
        [self.pointer, self.scope, self.semantics]
            .iter()
            .chain(rest)
            .copied()
            .map(Operand::Id)
            .collect()
    }
}

/// `out = opcode ty pointer scope semantics value`: a read-modify-write atomic (exchange,
/// arithmetic, bitwise, min/max).
pub(crate) fn emit_atomic_rmw(
    t: &mut Translator<'_>,
    out: Id,
    opcode: Op,
    ty: Id,
    access: AtomicAccess,
    value: Id,
) {
    t.emit_to(out, opcode, ty, access.operands(&[value]));
}

/// The read-modify-write opcode for an OpenCL atomic operation name (`add`, `xchg` /
/// `exchange`, `min`, ...); min and max depend on the signedness of the pointee.
pub(crate) fn rmw_opcode(operation: &str, signed: bool) -> Option<Op> {
    Some(match operation {
        "xchg" | "exchange" => Op::AtomicExchange,
        "add" => Op::AtomicIAdd,
        "sub" => Op::AtomicISub,
        "or" => Op::AtomicOr,
        "xor" => Op::AtomicXor,
        "and" => Op::AtomicAnd,
        "min" if signed => Op::AtomicSMin,
        "min" => Op::AtomicUMin,
        "max" if signed => Op::AtomicSMax,
        "max" => Op::AtomicUMax,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn min_and_max_follow_the_signedness() {
        assert_eq!(rmw_opcode("min", true), Some(Op::AtomicSMin));
        assert_eq!(rmw_opcode("min", false), Some(Op::AtomicUMin));
        assert_eq!(rmw_opcode("max", true), Some(Op::AtomicSMax));
        assert_eq!(rmw_opcode("max", false), Some(Op::AtomicUMax));
    }

    #[test]
    fn both_exchange_spellings_and_no_others() {
        assert_eq!(rmw_opcode("xchg", true), Some(Op::AtomicExchange));
        assert_eq!(rmw_opcode("exchange", false), Some(Op::AtomicExchange));
        assert_eq!(rmw_opcode("inc", false), None);
        assert_eq!(rmw_opcode("cmpxchg", false), None);
    }

    #[test]
    fn operands_start_with_pointer_scope_semantics() {
        let access = AtomicAccess {
            pointer: Id(7),
            scope: Id(3),
            semantics: Id(5),
        };
        assert_eq!(
            access.operands(&[Id(9)]),
            vec![
                Operand::Id(Id(7)),
                Operand::Id(Id(3)),
                Operand::Id(Id(5)),
                Operand::Id(Id(9))
            ]
        );
    }
}
