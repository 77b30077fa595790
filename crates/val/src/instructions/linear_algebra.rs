//! Vector/matrix products (OpVectorTimesScalar, OpMatrixTimesScalar, OpVectorTimesMatrix,
//! OpMatrixTimesVector, OpMatrixTimesMatrix, OpOuterProduct) and extended integer arithmetic
//! (OpIAddCarry, OpISubBorrow, OpUMulExtended, OpSMulExtended): result and operand types as
//! spirv-val 2025.5 checks them (spec 3.52.13). The cooperative matrix/vector extensions allow
//! their types here with rules of their own (not implemented), so instructions naming them are
//! left alone.

use super::Sink;
use crate::state::{Inst, State};
use crate::typeinfo as ti;
use spirvkit_grammar::Op;

/// A float vector: (component type, component count).
fn float_vector(st: &State<'_>, ty: u32) -> Option<(u32, u32)> {
    let d = ti::type_inst(st, ty)?;
    if d.op() != Op::TypeVector {
        return None;
    }
    let component = st.word(d, 2);
    ti::is_float(st, component).then(|| (component, st.word(d, 3)))
}

/// A float matrix: (column type, column count, component type, row count).
fn float_matrix(st: &State<'_>, ty: u32) -> Option<(u32, u32, u32, u32)> {
    let d = ti::type_inst(st, ty)?;
    if d.op() != Op::TypeMatrix {
        return None;
    }
    let column = st.word(d, 2);
    let (component, rows) = float_vector(st, column)?;
    Some((column, st.word(d, 3), component, rows))
}

/// Whether `ty` is a cooperative matrix or vector (extension types these instructions also
/// take, with rules of their own that are not implemented: such operands are left alone).
fn cooperative(st: &State<'_>, ty: u32) -> bool {
    matches!(
        ti::type_op(st, ty),
        Some(
            Op::TypeCooperativeMatrixKHR
                | Op::TypeCooperativeMatrixNV
                | Op::TypeCooperativeVectorNV
        )
    )
}

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let op = inst.op();
    let message = match op {
        Op::VectorTimesScalar
        | Op::MatrixTimesScalar
        | Op::VectorTimesMatrix
        | Op::MatrixTimesVector
        | Op::MatrixTimesMatrix
        | Op::OuterProduct => products(s.st, inst),
        Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => {
            extended(s.st, inst)
        }
        _ => return false,
    };
    if let Some(m) = message {
        s.err(
            "arith.types",
            index,
            format!("{m}: {}", ti::op_name(op).trim_start_matches("Op")),
            &[],
        );
    }
    true
}

fn products(st: &State<'_>, inst: &Inst) -> Option<String> {
    let rt = inst.result_type;
    let left_value = st.word(inst, 3);
    let right_value = st.word(inst, 4);
    if st.def(left_value).is_none() || st.def(right_value).is_none() {
        return None;
    }
    let left = ti::type_of(st, left_value);
    let right = ti::type_of(st, right_value);
    if cooperative(st, rt) || cooperative(st, left) || cooperative(st, right) {
        return None;
    }
    let msg = |m: &str| Some(m.to_string());
    match inst.op() {
        Op::VectorTimesScalar => {
            let Some((component, _)) = float_vector(st, rt) else {
                return msg("Expected float vector type as Result Type");
            };
            if left != rt {
                return msg("Expected vector operand type to be equal to Result Type");
            }
            if right != component {
                return msg(
                    "Expected scalar operand type to be equal to the component type of the \
                     vector operand",
                );
            }
            None
        }
        Op::MatrixTimesScalar => {
            let Some((_, _, component, _)) = float_matrix(st, rt) else {
                return msg("Expected float matrix type as Result Type");
            };
            if left != rt {
                return msg("Expected matrix operand type to be equal to Result Type");
            }
            if right != component {
                return msg(
                    "Expected scalar operand type to be equal to the component type of the \
                     matrix operand",
                );
            }
            None
        }
        Op::VectorTimesMatrix => {
            let Some((component, size)) = float_vector(st, rt) else {
                return msg("Expected float vector type as Result Type");
            };
            let Some((vector_component, vector_size)) = float_vector(st, left) else {
                return msg("Expected float vector type as left operand");
            };
            let Some((_, columns, matrix_component, rows)) = float_matrix(st, right) else {
                return msg("Expected float matrix type as right operand");
            };
            if vector_component != component {
                return msg("Expected component types of Result Type and vector to be equal");
            }
            if matrix_component != component {
                return msg("Expected component types of Result Type and matrix to be equal");
            }
            if columns != size {
                return msg(
                    "Expected number of columns of the matrix to be equal to Result Type \
                     vector size",
                );
            }
            if rows != vector_size {
                return msg(
                    "Expected number of rows of the matrix to be equal to the vector operand \
                     size",
                );
            }
            None
        }
        Op::MatrixTimesVector => {
            let Some((component, size)) = float_vector(st, rt) else {
                return msg("Expected float vector type as Result Type");
            };
            let Some((_, columns, matrix_component, rows)) = float_matrix(st, left) else {
                return msg("Expected float matrix type as left operand");
            };
            let Some((vector_component, vector_size)) = float_vector(st, right) else {
                return msg("Expected float vector type as right operand");
            };
            if matrix_component != component {
                return msg("Expected component types of Result Type and matrix to be equal");
            }
            if vector_component != component {
                return msg("Expected component types of Result Type and vector to be equal");
            }
            if rows != size {
                return msg(
                    "Expected number of rows of the matrix to be equal to Result Type vector \
                     size",
                );
            }
            if columns != vector_size {
                return msg(
                    "Expected number of columns of the matrix to be equal to the vector size",
                );
            }
            None
        }
        Op::MatrixTimesMatrix => {
            let Some((column, columns, component, _)) = float_matrix(st, rt) else {
                return msg("Expected float matrix type as Result Type");
            };
            let Some((left_column, left_columns, left_component, _)) = float_matrix(st, left)
            else {
                return msg("Expected float matrix type as left operand");
            };
            let Some((_, right_columns, right_component, right_rows)) = float_matrix(st, right)
            else {
                return msg("Expected float matrix type as right operand");
            };
            if left_component != component || right_component != component {
                return msg("Expected component types of Result Type and operands to be equal");
            }
            if left_column != column {
                return msg("Expected column types of Result Type and left matrix to be equal");
            }
            if right_columns != columns {
                return msg(
                    "Expected number of columns of Result Type and right matrix to be equal",
                );
            }
            if left_columns != right_rows {
                return msg(
                    "Expected number of columns of left matrix and number of rows of right \
                     matrix to be equal",
                );
            }
            None
        }
        Op::OuterProduct => {
            let Some((column, columns, component, _)) = float_matrix(st, rt) else {
                return msg("Expected float matrix type as Result Type");
            };
            if left != column {
                return msg(
                    "Expected column type of Result Type to be equal to the type of the left \
                     operand",
                );
            }
            let Some((right_component, right_size)) = float_vector(st, right) else {
                return msg("Expected float vector type as right operand");
            };
            if right_component != component {
                return msg("Expected component types of the operands to be equal");
            }
            if right_size != columns {
                return msg(
                    "Expected number of columns of the matrix to be equal to the vector size \
                     of the right operand",
                );
            }
            None
        }
        _ => None,
    }
}

/// OpIAddCarry / OpISubBorrow / OpUMulExtended / OpSMulExtended: a struct of two identical
/// (unsigned, except for OpSMulExtended) integer scalar or vector members, and both operands
/// of that member type.
fn extended(st: &State<'_>, inst: &Inst) -> Option<String> {
    let msg = |m: &str| Some(m.to_string());
    let rt = inst.result_type;
    let left_value = st.word(inst, 3);
    let right_value = st.word(inst, 4);
    if st.def(left_value).is_none() || st.def(right_value).is_none() {
        return None;
    }
    if ti::type_op(st, rt) != Some(Op::TypeStruct) {
        return msg("Expected a struct as Result Type");
    }
    let members = ti::struct_members(st, rt);
    let [first, second] = members else {
        return msg("Expected Result Type struct to have two members");
    };
    let int = ti::is_int_scalar_or_vector(st, *first);
    if inst.op() == Op::SMulExtended {
        if !int {
            return msg("Expected Result Type struct member types to be integer scalar or vector");
        }
    } else if !(int && ti::int_signedness(st, *first) == Some(0)) {
        return msg(
            "Expected Result Type struct member types to be unsigned integer scalar or vector",
        );
    }
    if first != second {
        return msg("Expected Result Type struct member types to be identical");
    }
    if ti::type_of(st, left_value) != *first || ti::type_of(st, right_value) != *first {
        return msg("Expected both operands to be of Result Type member type");
    }
    None
}
