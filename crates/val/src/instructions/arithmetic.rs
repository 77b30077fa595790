//! Arithmetic, bit, logical and relational instructions (spec 3.37.13-15) and derivatives:
//! result and operand types (kind, component count, width). Non-uniform group arithmetic is
//! `group.rs`.
//! Only core scalar/vector types are judged: cooperative matrices/vectors and other extension
//! types have rules of their own that are not implemented, so they are left alone.

use super::Sink;
use crate::state::{Inst, State};
use crate::typeinfo as ti;
use spirvkit_grammar::Op;

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, op: Op) -> bool {
    match op {
        Op::FAdd | Op::FSub | Op::FMul | Op::FDiv | Op::FRem | Op::FMod | Op::FNegate => {
            same_as_result(s, index, inst, Want::Float)
        }
        Op::UDiv | Op::UMod => same_as_result(s, index, inst, Want::UnsignedInt),
        Op::IAdd | Op::ISub | Op::IMul | Op::SDiv | Op::SMod | Op::SRem | Op::SNegate => {
            int_operands(s, index, inst, Want::Int, true)
        }
        Op::BitwiseOr | Op::BitwiseAnd | Op::BitwiseXor | Op::Not => {
            int_operands(s, index, inst, Want::Int, true)
        }
        Op::ShiftRightLogical | Op::ShiftRightArithmetic | Op::ShiftLeftLogical => {
            shift(s, index, inst)
        }
        Op::LogicalAnd
        | Op::LogicalOr
        | Op::LogicalEqual
        | Op::LogicalNotEqual
        | Op::LogicalNot => same_as_result(s, index, inst, Want::Bool),
        Op::IEqual
        | Op::INotEqual
        | Op::UGreaterThan
        | Op::SGreaterThan
        | Op::UGreaterThanEqual
        | Op::SGreaterThanEqual
        | Op::ULessThan
        | Op::SLessThan
        | Op::ULessThanEqual
        | Op::SLessThanEqual => compare(s, index, inst, Want::Int),
        Op::FOrdEqual
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
        | Op::LessOrGreater
        | Op::Ordered
        | Op::Unordered => compare(s, index, inst, Want::Float),
        Op::Any | Op::All => any_all(s, index, inst),
        Op::IsNan | Op::IsInf | Op::IsFinite | Op::IsNormal | Op::SignBitSet => {
            float_class(s, index, inst)
        }
        Op::Select => select(s, index, inst),
        Op::Dot => dot(s, index, inst),
        Op::DPdx
        | Op::DPdy
        | Op::Fwidth
        | Op::DPdxFine
        | Op::DPdyFine
        | Op::FwidthFine
        | Op::DPdxCoarse
        | Op::DPdyCoarse
        | Op::FwidthCoarse => derivative(s, index, inst),
        _ => return false,
    }
    true
}

/// Opcodes judged here and by no other rule family (`instructions::dispatch` skips the others
/// for them). A test checks the other families leave every one of them alone.
pub const fn only_arithmetic(op: Op) -> bool {
    matches!(
        op,
        Op::FAdd
            | Op::FSub
            | Op::FMul
            | Op::FDiv
            | Op::FRem
            | Op::FMod
            | Op::FNegate
            | Op::UDiv
            | Op::UMod
            | Op::IAdd
            | Op::ISub
            | Op::IMul
            | Op::SDiv
            | Op::SMod
            | Op::SRem
            | Op::SNegate
            | Op::BitwiseOr
            | Op::BitwiseAnd
            | Op::BitwiseXor
            | Op::Not
            | Op::ShiftRightLogical
            | Op::ShiftRightArithmetic
            | Op::ShiftLeftLogical
            | Op::LogicalAnd
            | Op::LogicalOr
            | Op::LogicalEqual
            | Op::LogicalNotEqual
            | Op::LogicalNot
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
            | Op::LessOrGreater
            | Op::Ordered
            | Op::Unordered
            | Op::IsNan
            | Op::IsInf
            | Op::IsFinite
            | Op::IsNormal
            | Op::SignBitSet
    )
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Float,
    Int,
    UnsignedInt,
    Bool,
}

/// Whether `ty` is a core scalar or vector of int, float or bool (the types judged here).
fn core_numeric(st: &State<'_>, ty: u32) -> bool {
    matches!(
        ti::type_op(st, ti::scalar_of(st, ty)),
        Some(Op::TypeInt | Op::TypeFloat | Op::TypeBool)
    )
}

/// Non-core result types (cooperative matrices, vectors...) are not judged.
fn judged_result(st: &State<'_>, ty: u32) -> bool {
    ti::type_inst(st, ty).is_some_and(|d| {
        matches!(
            d.op(),
            Op::TypeInt
                | Op::TypeFloat
                | Op::TypeBool
                | Op::TypeVector
                | Op::TypeVoid
                | Op::TypeStruct
                | Op::TypeArray
                | Op::TypeMatrix
                | Op::TypePointer
                | Op::TypeUntypedPointerKHR
        )
    })
}

fn is_want(st: &State<'_>, ty: u32, want: Want) -> bool {
    match want {
        Want::Float => ti::is_float_scalar_or_vector(st, ty),
        Want::Int => ti::is_int_scalar_or_vector(st, ty),
        Want::UnsignedInt => {
            ti::is_int_scalar_or_vector(st, ty) && ti::int_signedness(st, ty) == Some(0)
        }
        Want::Bool => ti::is_bool_scalar_or_vector(st, ty),
    }
}

fn want_name(want: Want) -> &'static str {
    match want {
        Want::Float => "floating scalar or vector",
        Want::Int => "int scalar or vector",
        Want::UnsignedInt => "unsigned int scalar or vector",
        Want::Bool => "bool scalar or vector",
    }
}

/// Value operand ids (everything after result type and id).
fn value_operands<'a>(st: &State<'a>, inst: &Inst) -> &'a [u32] {
    st.inst_words(inst).get(3..).unwrap_or(&[])
}

/// The types of an instruction's value operands, read on demand (no allocation per
/// instruction).
struct OperandTypes<'s, 'a> {
    st: &'s State<'a>,
    ids: &'a [u32],
}

impl OperandTypes<'_, '_> {
    fn get(&self, i: usize) -> Option<u32> {
        self.ids.get(i).map(|&v| ti::type_of(self.st, v))
    }
    fn first(&self) -> Option<u32> {
        self.get(0)
    }
    fn len(&self) -> usize {
        self.ids.len()
    }
    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.ids.iter().map(|&v| ti::type_of(self.st, v))
    }
}

/// The operands' types when every operand is defined (else id rules report it).
fn operand_types<'s, 'a>(st: &'s State<'a>, inst: &Inst) -> Option<OperandTypes<'s, 'a>> {
    let ids = value_operands(st, inst);
    ids.iter()
        .all(|&v| st.def(v).is_some())
        .then_some(OperandTypes { st, ids })
}

fn same_as_result(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, want: Want) {
    let st = s.st;
    let rt = inst.result_type;
    let opname = ti::op_name(inst.op());
    if !judged_result(st, rt) {
        return;
    }
    if !is_want(st, rt, want) {
        s.err(
            "arithmetic.result_type",
            index,
            format!(
                "Expected {} type as Result Type: {}",
                want_name(want),
                &opname[2..]
            ),
            &[rt],
        );
        return;
    }
    let Some(types) = operand_types(st, inst) else {
        return;
    };
    for (i, t) in types.iter().enumerate() {
        if t != rt {
            s.err(
                "arithmetic.operand_type",
                index,
                format!(
                    "Expected arithmetic operands to be of Result Type: {} operand index {}",
                    &opname[2..],
                    i + 2
                ),
                &[value_operands(st, inst).get(i).copied().unwrap_or(0)],
            );
            return;
        }
    }
}

/// Integer operations: operands are integers with the result's component count and width
/// (signedness may differ).
fn int_operands(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, want: Want, same_width: bool) {
    let st = s.st;
    let rt = inst.result_type;
    // Named in messages only (looked up then).
    let opname = || &ti::op_name(inst.op())[2..];
    let result = match s.shape(rt) {
        Some(r) if r.kind == ti::ScalarKind::Int => r,
        _ => {
            if judged_result(st, rt) {
                s.err(
                    "arithmetic.result_type",
                    index,
                    format!(
                        "Expected {} type as Result Type: {}",
                        want_name(want),
                        opname()
                    ),
                    &[rt],
                );
            }
            return;
        }
    };
    let operands = value_operands(st, inst);
    // One look at each operand's definition: all defined (else no rule applies) and, the
    // usual case, all of the Result Type itself (which has its shape).
    let mut all_of_result_type = true;
    for &v in operands {
        match st.def(v) {
            None => return,
            Some(d) => all_of_result_type &= d.result_type == rt,
        }
    }
    if all_of_result_type {
        return;
    }
    for (i, &operand) in operands.iter().enumerate() {
        let t = ti::type_of(st, operand);
        // An operand of the Result Type itself (the usual case) has its shape.
        if t == rt {
            continue;
        }
        let problem = match ti::shape(st, t) {
            Some(o) if o.kind == ti::ScalarKind::Int => {
                if o.count != result.count {
                    Some("Expected arithmetic operands to have the same dimension as Result Type")
                } else if same_width && o.width != result.width {
                    Some("Expected arithmetic operands to have the same bit width as Result Type")
                } else {
                    None
                }
            }
            _ => Some("Expected int scalar or vector type as operand"),
        };
        if let Some(p) = problem {
            s.err(
                "arithmetic.operand_type",
                index,
                format!("{p}: {} operand index {}", opname(), i + 2),
                &[operand],
            );
            return;
        }
    }
}

fn shift(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let opname = &ti::op_name(inst.op())[2..];
    if !judged_result(st, rt) {
        return;
    }
    if !ti::is_int_scalar_or_vector(st, rt) {
        s.err(
            "arithmetic.result_type",
            index,
            format!("Expected int scalar or vector type as Result Type: {opname}"),
            &[rt],
        );
        return;
    }
    let Some(types) = operand_types(st, inst) else {
        return;
    };
    let (Some(base), Some(shift)) = (types.first(), types.get(1)) else {
        return;
    };
    if !ti::is_int_scalar_or_vector(st, base) {
        s.err(
            "arithmetic.operand_type",
            index,
            format!("Expected Base to be int scalar or vector: {opname}"),
            &[],
        );
    } else if ti::component_count(st, base) != ti::component_count(st, rt) {
        s.err(
            "arithmetic.operand_type",
            index,
            format!("Expected Base to have the same dimension as Result Type: {opname}"),
            &[],
        );
    } else if ti::component_width(st, base) != ti::component_width(st, rt) {
        s.err(
            "arithmetic.operand_type",
            index,
            format!("Expected Base to have the same bit width as Result Type: {opname}"),
            &[],
        );
    }
    if !ti::is_int_scalar_or_vector(st, shift) {
        s.err(
            "arithmetic.operand_type",
            index,
            format!("Expected Shift to be int scalar or vector: {opname}"),
            &[],
        );
    } else if ti::component_count(st, shift) != ti::component_count(st, rt) {
        s.err(
            "arithmetic.operand_type",
            index,
            format!("Expected Shift to have the same dimension as Result Type: {opname}"),
            &[],
        );
    }
}

fn compare(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, want: Want) {
    let st = s.st;
    let rt = inst.result_type;
    let opname = &ti::op_name(inst.op())[2..];
    if !judged_result(st, rt) {
        return;
    }
    if !ti::is_bool_scalar_or_vector(st, rt) {
        s.err(
            "relational.result_type",
            index,
            format!("Expected bool scalar or vector type as Result Type: {opname}"),
            &[rt],
        );
        return;
    }
    let Some(types) = operand_types(st, inst) else {
        return;
    };
    let (Some(a), Some(b)) = (types.first(), types.get(1)) else {
        return;
    };
    // Operands of extension types (cooperative vectors...) are not judged.
    let both_core = core_numeric(st, a) && core_numeric(st, b);
    let both_judged = judged_result(st, a) && judged_result(st, b);
    if !(both_core || both_judged) {
        return;
    }
    if !is_want(st, a, want) {
        s.err(
            "relational.operand_type",
            index,
            format!(
                "Expected operands to be scalar or vector {}: {opname}",
                if want == Want::Int { "int" } else { "float" }
            ),
            &[],
        );
        return;
    }
    if ti::component_count(st, a) != ti::component_count(st, rt) {
        s.err(
            "relational.operand_type",
            index,
            format!("Expected vector sizes of Result Type and the operands to be equal: {opname}"),
            &[],
        );
        return;
    }
    let mismatch = if want == Want::Int {
        !ti::is_int_scalar_or_vector(st, b)
            || ti::component_count(st, a) != ti::component_count(st, b)
            || ti::component_width(st, a) != ti::component_width(st, b)
    } else {
        a != b
    };
    if mismatch {
        s.err(
            "relational.operand_type",
            index,
            format!(
                "Expected {}: {opname}",
                if want == Want::Int {
                    "operands to have the same component count and bit width"
                } else {
                    "left and right operands to have the same type"
                }
            ),
            &[],
        );
    }
}

/// OpAny / OpAll: a bool scalar result from a bool vector.
fn any_all(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let opname = &ti::op_name(inst.op())[2..];
    if !judged_result(st, rt) {
        return;
    }
    if !ti::is_bool(st, rt) {
        s.err(
            "relational.result_type",
            index,
            format!("Expected bool scalar type as Result Type: {opname}"),
            &[rt],
        );
        return;
    }
    let Some(&vector) = value_operands(st, inst).first() else {
        return;
    };
    let ty = ti::type_of(st, vector);
    if !(ti::is_vector(st, ty) && ti::is_bool(st, ti::scalar_of(st, ty))) {
        s.err(
            "relational.operand_type",
            index,
            format!("Expected operand to be vector bool: {opname}"),
            &[vector],
        );
    }
}

/// OpIsNan, OpIsInf, OpIsFinite, OpIsNormal, OpSignBitSet: bools from floats, per component.
fn float_class(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let opname = &ti::op_name(inst.op())[2..];
    if !judged_result(st, rt) {
        return;
    }
    if !ti::is_bool_scalar_or_vector(st, rt) {
        s.err(
            "relational.result_type",
            index,
            format!("Expected bool scalar or vector type as Result Type: {opname}"),
            &[rt],
        );
        return;
    }
    let Some(&x) = value_operands(st, inst).first() else {
        return;
    };
    let ty = ti::type_of(st, x);
    if !core_numeric(st, ty) && !judged_result(st, ty) {
        return;
    }
    if !ti::is_float_scalar_or_vector(st, ty) {
        s.err(
            "relational.operand_type",
            index,
            format!("Expected operand to be scalar or vector float: {opname}"),
            &[x],
        );
        return;
    }
    if ti::component_count(st, ty) != ti::component_count(st, rt) {
        s.err(
            "relational.operand_type",
            index,
            format!("Expected vector sizes of Result Type and the operand to be equal: {opname}"),
            &[x],
        );
    }
}

fn select(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    if !judged_result(st, rt) {
        return;
    }
    let Some(types) = operand_types(st, inst) else {
        return;
    };
    let (Some(cond), Some(a), Some(b)) = (types.first(), types.get(1), types.get(2)) else {
        return;
    };
    if !ti::is_bool_scalar_or_vector(st, cond) {
        s.err(
            "relational.select",
            index,
            "Expected bool scalar or vector type as condition: Select",
            &[],
        );
        return;
    }
    // A scalar condition may select between vectors only since SPIR-V 1.4.
    let scalar_for_vector =
        !ti::is_vector(st, cond) && ti::is_vector(st, rt) && st.version < 0x0001_0400;
    if scalar_for_vector
        || ti::is_vector(st, cond) && ti::component_count(st, cond) != ti::component_count(st, rt)
    {
        s.err(
            "relational.select",
            index,
            "Expected vector sizes of Result Type and the condition to be equal: Select",
            &[],
        );
        return;
    }
    if a != rt || b != rt {
        s.err(
            "relational.select",
            index,
            "Expected both objects to be of Result Type: Select",
            &[],
        );
    }
}

fn dot(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    if !judged_result(st, rt) {
        return;
    }
    if !ti::is_float(st, rt) {
        s.err(
            "arithmetic.result_type",
            index,
            "Expected float scalar type as Result Type: Dot",
            &[rt],
        );
        return;
    }
    let Some(types) = operand_types(st, inst) else {
        return;
    };
    for t in types.iter() {
        if !(ti::is_vector(st, t) && ti::is_float_scalar_or_vector(st, t)) {
            s.err(
                "arithmetic.operand_type",
                index,
                "Expected float vector as operand: Dot",
                &[],
            );
            return;
        }
        if ti::scalar_of(st, t) != rt {
            s.err(
                "arithmetic.operand_type",
                index,
                "Expected component type to be equal to Result Type: Dot",
                &[],
            );
            return;
        }
    }
    if types.len() == 2
        && ti::component_count(st, types.get(0).unwrap_or(0))
            != ti::component_count(st, types.get(1).unwrap_or(0))
    {
        s.err(
            "arithmetic.operand_type",
            index,
            "Expected operands to have the same number of components: Dot",
            &[],
        );
    }
}

fn derivative(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let opname = &ti::op_name(inst.op())[2..];
    if !judged_result(st, rt) {
        return;
    }
    if !ti::is_float_scalar_or_vector(st, rt) {
        s.err(
            "derivative.result_type",
            index,
            format!("Expected Result Type to be float scalar or vector type: {opname}"),
            &[rt],
        );
        return;
    }
    if ti::component_width(st, rt) != Some(32) {
        s.err(
            "derivative.result_type",
            index,
            "Result type component width must be 32 bits",
            &[rt],
        );
        return;
    }
    let p = st.word(inst, 3);
    if st.def(p).is_some() && ti::type_of(st, p) != rt {
        s.err(
            "derivative.operand_type",
            index,
            format!("Expected P type and Result Type to be the same: {opname}"),
            &[p],
        );
    }
}
