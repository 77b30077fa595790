//! The operand shape shared by every SPIR-V atomic instruction (Pointer, Memory Scope,
//! Semantics, then the values), used by the OpenCL 1.x atomics, the OpenCL C 2.0 atomics and
//! LLVM's `atomicrmw`, so the three spell the instruction the same way.

use crate::error::{unsupported, Result};
use crate::forward::translator::Translator;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op};

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

/// What the type of an atomic's value (the result's, or the stored value's for
/// OpAtomicStore) needs:
/// - 64-bit integers: Int64Atomics (OpenCL's cl_khr_int64 atomics), on every atomic
///   instruction, as llvm-spirv declares it;
/// - 16-bit integers: nothing in core SPIR-V; with SPV_INTEL_16bit_atomics allowed, llvm-spirv
///   declares it with AtomicInt16CompareExchangeINTEL for load, store, exchange and
///   compare-exchange, plus Int16AtomicsINTEL (which implies the former) for the arithmetic,
///   bitwise and min/max operations;
/// - bfloat16 load, store and exchange: AtomicBFloat16LoadStoreINTEL of
///   SPV_INTEL_16bit_atomics, refused naming it when not allowed (its add/min/max are
///   `emit_float_rmw`'s).
pub(crate) fn require_atomic_value_type(
    t: &mut Translator<'_>,
    location: &str,
    opcode: Op,
    value_ty: spirvkit_llvm::TypeId,
) -> Result<()> {
    let exchange_only = matches!(
        opcode,
        Op::AtomicLoad
            | Op::AtomicStore
            | Op::AtomicExchange
            | Op::AtomicCompareExchange
            | Op::AtomicCompareExchangeWeak
    );
    match t.m.types.get(value_ty) {
        spirvkit_llvm::Type::Int(64) => t.b.capability(Capability::Int64Atomics),
        spirvkit_llvm::Type::Int(16) if t.opts.allows(SIXTEEN_BIT_ATOMICS) => {
            t.b.extension(SIXTEEN_BIT_ATOMICS);
            t.b.capability(Capability::AtomicInt16CompareExchangeINTEL);
            if !exchange_only {
                t.b.capability(Capability::Int16AtomicsINTEL);
            }
        }
        spirvkit_llvm::Type::BFloat if exchange_only => {
            if !t.opts.allows(SIXTEEN_BIT_ATOMICS) {
                let name =
                    spirvkit_grammar::instruction(opcode.0).map_or("an atomic", |d| d.opname);
                return Err(unsupported(
                    location,
                    format!("{name} on a bfloat16 (needs --spirv-ext=+{SIXTEEN_BIT_ATOMICS})"),
                ));
            }
            t.b.extension(SIXTEEN_BIT_ATOMICS);
            t.b.capability(ATOMIC_BFLOAT16_LOAD_STORE);
        }
        _ => {}
    }
    Ok(())
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

/// A floating-point read-modify-write: `atomicrmw fadd/fsub/fmin/fmax`, or an OpenCL C
/// `atomic_fetch_add/sub/min/max` on a floating-point atomic.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum FloatRmw {
    Add,
    /// Added as the negated value (SPIR-V has no atomic float subtract).
    Sub,
    Min,
    Max,
}

impl FloatRmw {
    pub(crate) fn from_operation(operation: &str) -> Option<FloatRmw> {
        Some(match operation {
            "add" | "fadd" => FloatRmw::Add,
            "sub" | "fsub" => FloatRmw::Sub,
            "min" | "fmin" => FloatRmw::Min,
            "max" | "fmax" => FloatRmw::Max,
            _ => return None,
        })
    }

    /// The extension that defines the instruction for `format`, and its capability.
    fn requirement(self, format: AtomicFloat) -> (&'static str, Capability) {
        use AtomicFloat as F;
        let add = matches!(self, FloatRmw::Add | FloatRmw::Sub);
        match (add, format) {
            (true, F::Half) => (
                "SPV_EXT_shader_atomic_float16_add",
                Capability::AtomicFloat16AddEXT,
            ),
            (true, F::Float) => (
                "SPV_EXT_shader_atomic_float_add",
                Capability::AtomicFloat32AddEXT,
            ),
            (true, F::Double) => (
                "SPV_EXT_shader_atomic_float_add",
                Capability::AtomicFloat64AddEXT,
            ),
            (false, F::Half) => (
                "SPV_EXT_shader_atomic_float_min_max",
                Capability::AtomicFloat16MinMaxEXT,
            ),
            (false, F::Float) => (
                "SPV_EXT_shader_atomic_float_min_max",
                Capability::AtomicFloat32MinMaxEXT,
            ),
            (false, F::Double) => (
                "SPV_EXT_shader_atomic_float_min_max",
                Capability::AtomicFloat64MinMaxEXT,
            ),
            (true, F::BFloat) => (SIXTEEN_BIT_ATOMICS, ATOMIC_BFLOAT16_ADD),
            (false, F::BFloat) => (SIXTEEN_BIT_ATOMICS, ATOMIC_BFLOAT16_MIN_MAX),
            // One capability for add, min and max on a 2- or 4-lane vector of halves.
            (_, F::HalfVector) => (HALF_VECTOR_ATOMICS, Capability::AtomicFloat16VectorNV),
        }
    }
}

/// SPV_INTEL_16bit_atomics: its capabilities are newer than the pinned grammar (SPIR-V
/// Headers 1.4.335.0), so they are spelt by number, as the extension specification gives them.
pub(crate) const SIXTEEN_BIT_ATOMICS: &str = "SPV_INTEL_16bit_atomics";
/// The older extension of bfloat16 atomic add/min/max (AtomicBFloat16{Add,MinMax}INTEL).
const SHADER_ATOMIC_BFLOAT16: &str = "SPV_INTEL_shader_atomic_bfloat16";
const ATOMIC_BFLOAT16_ADD: Capability = Capability(6255);
const ATOMIC_BFLOAT16_MIN_MAX: Capability = Capability(6256);
/// AtomicBFloat16LoadStoreINTEL: OpAtomicLoad/Store/Exchange of a bfloat16.
const ATOMIC_BFLOAT16_LOAD_STORE: Capability = Capability(6262);

/// SPV_NV_shader_atomic_fp16_vector: OpAtomicF{Add,Min,Max}EXT on a vector of two or four
/// 16-bit floats (capability AtomicFloat16VectorNV).
pub(crate) const HALF_VECTOR_ATOMICS: &str = "SPV_NV_shader_atomic_fp16_vector";

/// The floating-point formats of the atomic float instructions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum AtomicFloat {
    Half,
    /// A `<2 x half>` or `<4 x half>` (SPV_NV_shader_atomic_fp16_vector).
    HalfVector,
    /// SPV_KHR_bfloat16's type: its atomics come from SPV_INTEL_16bit_atomics.
    BFloat,
    Float,
    Double,
}

impl AtomicFloat {
    pub(crate) fn of(ty: &spirvkit_llvm::Type) -> Option<AtomicFloat> {
        use spirvkit_llvm::Type;
        Some(match ty {
            Type::Half => AtomicFloat::Half,
            Type::BFloat => AtomicFloat::BFloat,
            Type::Float => AtomicFloat::Float,
            Type::Double => AtomicFloat::Double,
            _ => return None,
        })
    }

    /// The format of a value of LLVM type `id`: a scalar float, or the vectors of halves
    /// SPV_NV_shader_atomic_fp16_vector allows (two or four lanes; no other vector).
    pub(crate) fn of_type(
        types: &spirvkit_llvm::TypeTable,
        id: spirvkit_llvm::TypeId,
    ) -> Option<AtomicFloat> {
        use spirvkit_llvm::Type;
        match types.get(id) {
            Type::Vector {
                elem,
                len: 2 | 4,
                scalable: false,
            } if matches!(types.get(*elem), Type::Half) => Some(AtomicFloat::HalfVector),
            other => AtomicFloat::of(other),
        }
    }

    fn name(self) -> &'static str {
        match self {
            AtomicFloat::Half => "16-bit float",
            AtomicFloat::HalfVector => "vector of 16-bit floats",
            AtomicFloat::BFloat => "bfloat16",
            AtomicFloat::Float => "32-bit float",
            AtomicFloat::Double => "64-bit float",
        }
    }
}

/// `out = OpAtomicF{Add,Min,Max}EXT ty access value` for a `format` float, declaring the
/// extension and capability; refused naming the extension when the options do not allow it.
#[allow(clippy::too_many_arguments)]
pub(crate) fn emit_float_rmw(
    t: &mut Translator<'_>,
    location: &str,
    what: &str,
    out: Id,
    op: FloatRmw,
    format: AtomicFloat,
    ty: Id,
    access: AtomicAccess,
    value: Id,
) -> Result<()> {
    let (extension, capability) = op.requirement(format);
    // Before SPV_INTEL_16bit_atomics, bfloat16 add/min/max came from
    // SPV_INTEL_shader_atomic_bfloat16 with the same capabilities: either one allows them.
    let extension = if format == AtomicFloat::BFloat
        && !t.opts.allows(extension)
        && t.opts.allows(SHADER_ATOMIC_BFLOAT16)
    {
        SHADER_ATOMIC_BFLOAT16
    } else {
        extension
    };
    // llvm-spirv accepts a 16-bit float atomic add under SPV_EXT_shader_atomic_float_add
    // alone and declares SPV_EXT_shader_atomic_float16_add itself (the instruction's required
    // extension; its test AtomicFAddEXTForOCL.ll passes only the former): so does spirvkit.
    let implied = format == AtomicFloat::Half
        && matches!(op, FloatRmw::Add | FloatRmw::Sub)
        && t.opts.allows("SPV_EXT_shader_atomic_float_add");
    if !t.opts.allows(extension) && !implied {
        return Err(unsupported(
            location,
            format!(
                "{what} on a {} (needs --spirv-ext=+{extension})",
                format.name()
            ),
        ));
    }
    if matches!(
        format,
        AtomicFloat::Half | AtomicFloat::BFloat | AtomicFloat::HalfVector
    ) {
        // OpAtomicFAddEXT itself comes from SPV_EXT_shader_atomic_float_add.
        if op == FloatRmw::Add || op == FloatRmw::Sub {
            t.b.extension("SPV_EXT_shader_atomic_float_add");
        }
    }
    t.b.extension(extension);
    t.b.capability(capability);
    let (opcode, value) = match op {
        FloatRmw::Add => (Op::AtomicFAddEXT, value),
        FloatRmw::Sub => (
            Op::AtomicFAddEXT,
            t.emit(Op::FNegate, ty, vec![Operand::Id(value)]),
        ),
        FloatRmw::Min => (Op::AtomicFMinEXT, value),
        FloatRmw::Max => (Op::AtomicFMaxEXT, value),
    };
    emit_atomic_rmw(t, out, opcode, ty, access, value);
    Ok(())
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
