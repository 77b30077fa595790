//! Linear-algebra and extended-arithmetic instructions (spec 3.37.13): OpVectorTimesScalar,
//! OpMatrixTimesScalar, OpVectorTimesMatrix, OpMatrixTimesVector, OpMatrixTimesMatrix,
//! OpOuterProduct (float vectors and matrices of matching shapes) and OpIAddCarry,
//! OpISubBorrow, OpUMulExtended, OpSMulExtended (a two-member struct result whose members
//! have the operands' type). Operands of non-core types (cooperative matrices...) are not
//! judged here.

use super::Sink;
use crate::state::Inst;
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::Op;

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    match inst.op() {
        Op::VectorTimesScalar
        | Op::MatrixTimesScalar
        | Op::VectorTimesMatrix
        | Op::MatrixTimesVector
        | Op::MatrixTimesMatrix
        | Op::OuterProduct => linear_algebra(s, index, inst),
        Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => {
            extended(s, index, inst)
        }
        _ => return false,
    }
    true
}

/// A float vector or matrix: (column count or 1, row/component count, component type).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Shape {
    matrix: bool,
    columns: u32,
    rows: u32,
    component: u32,
}

fn float_shape(s: &Sink<'_, '_>, ty: u32) -> Option<Shape> {
    let st = s.st;
    let d = ti::type_inst(st, ty)?;
    match d.op() {
        Op::TypeVector => {
            let component = st.word(d, 2);
            (ti::type_op(st, component) == Some(Op::TypeFloat)).then_some(Shape {
                matrix: false,
                columns: 1,
                rows: st.word(d, 3),
                component,
            })
        }
        Op::TypeMatrix => {
            let column = ti::type_inst(st, st.word(d, 2))?;
            let component = st.word(column, 2);
            (column.op() == Op::TypeVector && ti::type_op(st, component) == Some(Op::TypeFloat))
                .then_some(Shape {
                    matrix: true,
                    columns: st.word(d, 3),
                    rows: st.word(column, 3),
                    component,
                })
        }
        _ => None,
    }
}

/// Whether a type is one this file judges: anything but the cooperative matrix/vector types,
/// whose own rules allow them here.
fn core(s: &Sink<'_, '_>, ty: u32) -> bool {
    !matches!(
        ti::type_op(s.st, ty),
        Some(
            Op::TypeCooperativeMatrixKHR
                | Op::TypeCooperativeMatrixNV
                | Op::TypeCooperativeVectorNV
        )
    )
}

fn linear_algebra(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let op = inst.op();
    let opname = &ti::op_name(op)[2..];
    let rt = inst.result_type;
    let (Some(left), Some(right)) = (st.def(st.word(inst, 3)), st.def(st.word(inst, 4))) else {
        return;
    };
    let (lt, rgt) = (left.result_type, right.result_type);
    if !core(s, rt) || !core(s, lt) || !core(s, rgt) {
        return;
    }
    let result = float_shape(s, rt);
    let (ls, rs) = (float_shape(s, lt), float_shape(s, rgt));
    let mut fail = |message: &str| {
        s.err(
            "arith.matrix",
            index,
            format!("{message}: {opname}"),
            &[inst.result_id],
        );
    };
    let want_matrix_result = matches!(
        op,
        Op::MatrixTimesScalar | Op::MatrixTimesMatrix | Op::OuterProduct
    );
    let Some(result) = result.filter(|r| r.matrix == want_matrix_result) else {
        fail(if want_matrix_result {
            "Expected float matrix type as Result Type"
        } else {
            "Expected float vector type as Result Type"
        });
        return;
    };
    match op {
        Op::VectorTimesScalar | Op::MatrixTimesScalar => {
            if lt != rt {
                fail(if op == Op::VectorTimesScalar {
                    "Expected vector operand type to be equal to Result Type"
                } else {
                    "Expected matrix operand type to be equal to Result Type"
                });
            } else if rgt != result.component {
                fail(if op == Op::VectorTimesScalar {
                    "Expected scalar operand type to be equal to the component type of the vector operand"
                } else {
                    "Expected scalar operand type to be equal to the component type of the matrix operand"
                });
            }
        }
        Op::VectorTimesMatrix => {
            let Some(v) = ls.filter(|v| !v.matrix) else {
                return fail("Expected float vector type as left operand");
            };
            let Some(m) = rs.filter(|m| m.matrix) else {
                return fail("Expected float matrix type as right operand");
            };
            if v.component != result.component {
                fail("Expected component types of Result Type and vector to be equal");
            } else if m.component != result.component {
                fail("Expected component types of Result Type and matrix to be equal");
            } else if m.columns != result.rows {
                fail("Expected number of columns of the matrix to be equal to Result Type vector size");
            } else if m.rows != v.rows {
                fail(
                    "Expected number of rows of the matrix to be equal to the vector operand size",
                );
            }
        }
        Op::MatrixTimesVector => {
            let Some(m) = ls.filter(|m| m.matrix) else {
                return fail("Expected float matrix type as left operand");
            };
            let Some(v) = rs.filter(|v| !v.matrix) else {
                return fail("Expected float vector type as right operand");
            };
            if m.component != result.component {
                fail("Expected component types of Result Type and matrix to be equal");
            } else if v.component != result.component {
                fail("Expected component types of Result Type and vector to be equal");
            } else if m.rows != result.rows {
                fail(
                    "Expected number of rows of the matrix to be equal to Result Type vector size",
                );
            } else if m.columns != v.rows {
                fail("Expected number of columns of the matrix to be equal to the vector size");
            }
        }
        Op::MatrixTimesMatrix => {
            let Some(l) = ls.filter(|m| m.matrix) else {
                return fail("Expected float matrix type as left operand");
            };
            let Some(r) = rs.filter(|m| m.matrix) else {
                return fail("Expected float matrix type as right operand");
            };
            if l.component != result.component || r.component != result.component {
                fail("Expected component types of Result Type and operands to be equal");
            } else if result.columns != r.columns {
                fail("Expected number of columns of Result Type and right operand to be equal");
            } else if l.columns != r.rows {
                fail("Expected number of columns of left operand to be equal to number of rows of right operand");
            } else if result.rows != l.rows {
                fail("Expected number of rows of Result Type and left operand to be equal");
            }
        }
        Op::OuterProduct => {
            let column_type = ti::type_inst(st, rt).map_or(0, |d| st.word(d, 2));
            if lt != column_type {
                return fail(
                    "Expected column type of Result Type to be equal to the type of the left operand",
                );
            }
            let Some(r) = rs.filter(|v| !v.matrix) else {
                return fail("Expected float vector type as right operand");
            };
            if r.component != result.component {
                fail("Expected component types of the operands to be equal");
            } else if r.rows != result.columns {
                fail("Expected number of columns of the matrix to be equal to the vector size of the right operand");
            }
        }
        _ => {}
    }
}

fn extended(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let op = inst.op();
    let opname = &ti::op_name(op)[2..];
    let rt = inst.result_type;
    let mut fail = |message: &str| {
        s.err(
            "arith.extended",
            index,
            format!("{message}: {opname}"),
            &[inst.result_id],
        );
    };
    if ti::type_op(st, rt) != Some(Op::TypeStruct) {
        return fail("Expected a struct as Result Type");
    }
    let members = ti::struct_members(st, rt);
    let [first, second] = members else {
        return fail("Expected Result Type struct to have two members");
    };
    let (first, second) = (*first, *second);
    let unsigned_only = op != Op::SMulExtended;
    let kind_ok = ti::shape(st, first)
        .is_some_and(|sh| sh.kind == ScalarKind::Int && (!unsigned_only || sh.signed == 0));
    if !kind_ok {
        return fail(if unsigned_only {
            "Expected Result Type struct member types to be unsigned integer scalar or vector"
        } else {
            "Expected Result Type struct member types to be integer scalar or vector"
        });
    }
    if first != second {
        return fail("Expected Result Type struct member types to be identical");
    }
    let operand_types = [3, 4].map(|w| st.def(st.word(inst, w)).map(|d| d.result_type));
    if operand_types.iter().any(|t| t.is_some_and(|t| t != first)) {
        fail("Expected both operands to be of Result Type member type");
    }
}
