//! Opcode classes several passes ask about.

use spirvkit_core::grammar::Op;

/// Instructions whose result component `i` depends only on component `i` of each vector
/// operand (scalar operands apply to every component).
pub fn is_component_wise(op: Op) -> bool {
    use Op as O;
    matches!(
        op,
        O::Phi
            | O::Select
            | O::CopyObject
            | O::ConvertFToU
            | O::ConvertFToS
            | O::ConvertSToF
            | O::ConvertUToF
            | O::UConvert
            | O::SConvert
            | O::FConvert
            | O::QuantizeToF16
            | O::SNegate
            | O::FNegate
            | O::IAdd
            | O::FAdd
            | O::ISub
            | O::FSub
            | O::IMul
            | O::FMul
            | O::UDiv
            | O::SDiv
            | O::FDiv
            | O::UMod
            | O::SRem
            | O::SMod
            | O::FRem
            | O::FMod
            | O::VectorTimesScalar
            | O::IsNan
            | O::IsInf
            | O::IsFinite
            | O::IsNormal
            | O::SignBitSet
            | O::LessOrGreater
            | O::Ordered
            | O::Unordered
            | O::LogicalEqual
            | O::LogicalNotEqual
            | O::LogicalOr
            | O::LogicalAnd
            | O::LogicalNot
            | O::IEqual
            | O::INotEqual
            | O::UGreaterThan
            | O::SGreaterThan
            | O::UGreaterThanEqual
            | O::SGreaterThanEqual
            | O::ULessThan
            | O::SLessThan
            | O::ULessThanEqual
            | O::SLessThanEqual
            | O::FOrdEqual
            | O::FUnordEqual
            | O::FOrdNotEqual
            | O::FUnordNotEqual
            | O::FOrdLessThan
            | O::FUnordLessThan
            | O::FOrdGreaterThan
            | O::FUnordGreaterThan
            | O::FOrdLessThanEqual
            | O::FUnordLessThanEqual
            | O::FOrdGreaterThanEqual
            | O::FUnordGreaterThanEqual
            | O::ShiftRightLogical
            | O::ShiftRightArithmetic
            | O::ShiftLeftLogical
            | O::BitwiseOr
            | O::BitwiseXor
            | O::BitwiseAnd
            | O::Not
            | O::BitFieldInsert
            | O::BitFieldSExtract
            | O::BitFieldUExtract
            | O::BitReverse
            | O::BitCount
    )
}
