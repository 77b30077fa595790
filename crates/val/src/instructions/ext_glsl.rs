//! GLSL.std.450 extended instructions with their own operand shapes (the families that do not
//! simply repeat the Result Type, which `ext_inst.rs` judges): Determinant, MatrixInverse,
//! Modf/ModfStruct, Frexp/FrexpStruct, Ldexp, the Pack/Unpack family, Refract, FindILsb/
//! FindSMsb/FindUMsb, InterpolateAt*, and the retired IMix. Messages as spirv-val 2025.5's.

use crate::state::{Inst, State};
use crate::typeinfo::{self as ti, ScalarKind, Shape};
use spirvkit_grammar::{Op, StorageClass};

const DETERMINANT: u32 = 33;
const MATRIX_INVERSE: u32 = 34;
const MODF: u32 = 35;
const MODF_STRUCT: u32 = 36;
const IMIX: u32 = 47;
const FREXP: u32 = 51;
const FREXP_STRUCT: u32 = 52;
const LDEXP: u32 = 53;
const PACK_FIRST: u32 = 54;
const PACK_DOUBLE: u32 = 59;
const UNPACK_DOUBLE: u32 = 65;
const REFRACT: u32 = 72;
const FIND_FIRST: u32 = 73;
const FIND_LAST: u32 = 75;
const INTERPOLATE_FIRST: u32 = 76;
const INTERPOLATE_LAST: u32 = 78;

/// Whether this file judges GLSL.std.450 instruction `number`.
pub fn handles(number: u32) -> bool {
    matches!(
        number,
        DETERMINANT..=MODF_STRUCT
            | IMIX
            | FREXP..=UNPACK_DOUBLE
            | REFRACT..=INTERPOLATE_LAST
    )
}

/// The first broken rule of `inst` (GLSL.std.450 instruction `number`), as a message without
/// the `GLSL.std.450 Name: ` prefix; `Err(message)` for a message that stands alone.
pub fn check(st: &State<'_>, inst: &Inst, number: u32) -> Option<Result<String, String>> {
    if number == IMIX {
        return Some(Err(
            "Extended instruction GLSLstd450IMix is not supported".to_string()
        ));
    }
    let rt = inst.result_type;
    let operands = st.inst_words(inst).get(5..).unwrap_or(&[]);
    // Undefined operands are reported elsewhere.
    if operands.iter().any(|&v| st.def(v).is_none()) {
        return None;
    }
    let operand_type = |i: usize| operands.get(i).map_or(0, |&v| ti::type_of(st, v));
    let result = ti::shape(st, rt);
    let fail = |m: &str| Some(Ok(m.to_string()));
    let float_result = result.is_some_and(|r| r.kind == ScalarKind::Float);
    match number {
        DETERMINANT => {
            if !float_result || ti::is_vector(st, rt) {
                return fail("expected Result Type to be a float scalar type");
            }
            let x = operand_type(0);
            if !is_square_matrix(st, x) {
                return fail("expected operand X to be a square matrix");
            }
            let component = ti::element_type(st, x).map(|c| ti::scalar_of(st, c));
            if component != Some(rt) {
                return fail("expected operand X component type to be equal to Result Type");
            }
            None
        }
        MATRIX_INVERSE => {
            if !is_square_matrix(st, rt) {
                return fail("expected Result Type to be a square matrix");
            }
            if operand_type(0) != rt {
                return fail("expected operand X type to be equal to Result Type");
            }
            None
        }
        MODF | FREXP => {
            if !float_result {
                return fail("expected Result Type to be a scalar or vector float type");
            }
            if operand_type(0) != rt {
                return fail("expected operand X type to be equal to Result Type");
            }
            let name = if number == MODF { "I" } else { "Exp" };
            let pointer = operand_type(1);
            if !ti::is_pointer(st, pointer) {
                return Some(Ok(format!("expected operand {name} to be a pointer")));
            }
            // Untyped pointers (SPV_KHR_untyped_pointers) carry no data type to compare.
            let pointee = ti::pointee(st, pointer)?;
            if number == MODF {
                if pointee != rt {
                    return fail("expected operand I data type to be equal to Result Type");
                }
                return None;
            }
            let exp = ti::shape(st, pointee);
            if !exp.is_some_and(|e| e.kind == ScalarKind::Int && e.width == 32) {
                return fail(
                    "expected operand Exp data type to be a 32-bit int scalar or vector type",
                );
            }
            if exp.map(|e| e.count) != result.map(|r| r.count) {
                return fail(
                    "expected operand Exp data type to have the same component number as Result Type",
                );
            }
            None
        }
        MODF_STRUCT => {
            let members = ti::struct_members(st, rt);
            let ok = matches!(members, [a, b] if a == b && ti::is_float_scalar_or_vector(st, *a));
            if !ok {
                return fail("expected Result Type to be a struct with two identical scalar or vector float type members");
            }
            if Some(&operand_type(0)) != members.first() {
                return fail(
                    "expected operand X type to be equal to members of Result Type struct",
                );
            }
            None
        }
        FREXP_STRUCT => {
            let members = ti::struct_members(st, rt);
            let ok = match members {
                [a, b] => {
                    let (fa, ib) = (ti::shape(st, *a), ti::shape(st, *b));
                    fa.is_some_and(|f| f.kind == ScalarKind::Float)
                        && ib.is_some_and(|i| i.kind == ScalarKind::Int && i.width == 32)
                        && fa.map(|f| f.count) == ib.map(|i| i.count)
                }
                _ => false,
            };
            if !ok {
                return fail("expected Result Type to be a struct with two members, first member a float scalar or vector, second member a 32-bit int scalar or vector with the same number of components as the first member");
            }
            if Some(&operand_type(0)) != members.first() {
                return fail(
                    "expected operand X type to be equal to the first member of Result Type struct",
                );
            }
            None
        }
        LDEXP => {
            if !float_result {
                return fail("expected Result Type to be a scalar or vector float type");
            }
            if operand_type(0) != rt {
                return fail("expected operand X type to be equal to Result Type");
            }
            let exp = ti::shape(st, operand_type(1));
            if !exp.is_some_and(|e| e.kind == ScalarKind::Int) {
                return fail("expected operand Exp to be a 32-bit int scalar or vector type");
            }
            if exp.map(|e| e.count) != result.map(|r| r.count) {
                return fail(
                    "expected operand Exp to have the same component number as Result Type",
                );
            }
            None
        }
        PACK_FIRST..=UNPACK_DOUBLE => pack(st, rt, operand_type(0), number).map(Ok),
        REFRACT => {
            if !float_result {
                return fail("expected Result Type to be a float scalar or vector type");
            }
            if operand_type(0) != rt {
                return fail("expected operand I to be of type equal to Result Type");
            }
            if operand_type(1) != rt {
                return fail("expected operand N to be of type equal to Result Type");
            }
            if !ti::is_float(st, operand_type(2)) {
                return fail("expected operand Eta to be a float scalar");
            }
            None
        }
        FIND_FIRST..=FIND_LAST => {
            let Some(r) = result.filter(|r| r.kind == ScalarKind::Int) else {
                return fail("expected Result Type to be an int scalar or vector type");
            };
            let Some(o) = ti::shape(st, operand_type(0)).filter(|o| o.kind == ScalarKind::Int)
            else {
                return fail("expected all operands to be int scalars or vectors");
            };
            if o.count != r.count {
                return fail("expected all operands to have the same dimension as Result Type");
            }
            if o.width != r.width {
                return fail("expected all operands to have the same bit width as Result Type");
            }
            if r.width != 32 {
                return fail("this instruction is currently limited to 32-bit width components");
            }
            None
        }
        INTERPOLATE_FIRST..=INTERPOLATE_LAST => interpolate(st, rt, result, number, &operand_type),
        _ => None,
    }
}

fn is_square_matrix(st: &State<'_>, ty: u32) -> bool {
    if ti::type_op(st, ty) != Some(Op::TypeMatrix) {
        return false;
    }
    let columns = ti::type_inst(st, ty).map_or(0, |d| st.word(d, 3));
    let column = ti::element_type(st, ty).unwrap_or(0);
    ti::is_float_scalar_or_vector(st, column) && ti::component_count(st, column) == Some(columns)
}

/// A scalar (count 1) or vector shape of the given kind, width and component count.
fn is(sh: Option<Shape>, kind: ScalarKind, width: u32, count: u32) -> bool {
    sh.is_some_and(|s| s.kind == kind && s.width == width && s.count == count)
}

/// Pack* / Unpack*: fixed 32-bit scalar and vector shapes (PackDouble2x32 / UnpackDouble2x32
/// between a 64-bit float and two 32-bit ints).
fn pack(st: &State<'_>, rt: u32, v: u32, number: u32) -> Option<String> {
    let r = ti::shape(st, rt);
    let o = ti::shape(st, v);
    let vector_of = |ty: u32| ti::is_vector(st, ty);
    let (int, float) = (ScalarKind::Int, ScalarKind::Float);
    match number {
        PACK_FIRST..=58 => {
            let size = if number <= 55 { 4 } else { 2 };
            if !is(r, int, 32, 1) || vector_of(rt) {
                return Some("expected Result Type to be 32-bit int scalar type".into());
            }
            if !(is(o, float, 32, size) && vector_of(v)) {
                return Some(format!(
                    "expected operand V to be a 32-bit float vector of size {size}"
                ));
            }
        }
        PACK_DOUBLE => {
            if !is(r, float, 64, 1) || vector_of(rt) {
                return Some("expected Result Type to be 64-bit float scalar type".into());
            }
            if !(is(o, int, 32, 2) && vector_of(v)) {
                return Some("expected operand V to be a 32-bit int vector of size 2".into());
            }
        }
        60..=64 => {
            let size = if number <= 62 { 2 } else { 4 };
            if !(is(r, float, 32, size) && vector_of(rt)) {
                return Some(format!(
                    "expected Result Type to be a 32-bit float vector of size {size}"
                ));
            }
            if !is(o, int, 32, 1) || vector_of(v) {
                return Some("expected operand P to be a 32-bit int scalar".into());
            }
        }
        UNPACK_DOUBLE => {
            if !(is(r, int, 32, 2) && vector_of(rt)) {
                return Some("expected Result Type to be a 32-bit int vector of size 2".into());
            }
            if !is(o, float, 64, 1) || vector_of(v) {
                return Some("expected operand V to be a 64-bit float scalar".into());
            }
        }
        _ => {}
    }
    None
}

/// InterpolateAtCentroid/Sample/Offset: a 32-bit float result read through an Input pointer
/// of the Result Type; Sample a 32-bit int, Offset two 32-bit floats.
fn interpolate(
    st: &State<'_>,
    rt: u32,
    result: Option<Shape>,
    number: u32,
    operand_type: &dyn Fn(usize) -> u32,
) -> Option<Result<String, String>> {
    let fail = |m: &str| Some(Ok(m.to_string()));
    if !result.is_some_and(|r| r.kind == ScalarKind::Float && r.width == 32) {
        return fail("expected Result Type to be a 32-bit float scalar or vector type");
    }
    let pointer = operand_type(0);
    if !ti::is_pointer(st, pointer) {
        return fail("expected Interpolant to be a pointer");
    }
    if let Some(pointee) = ti::pointee(st, pointer) {
        if pointee != rt {
            return fail("expected Interpolant data type to be equal to Result Type");
        }
    }
    if ti::storage_class(st, pointer) != Some(StorageClass::Input.0) {
        return fail("expected Interpolant storage class to be Input");
    }
    let second = ti::shape(st, operand_type(1));
    match number {
        77 if !is(second, ScalarKind::Int, 32, 1) => fail("expected Sample to be 32-bit integer"),
        78 if !(is(second, ScalarKind::Float, 32, 2) && ti::is_vector(st, operand_type(1))) => {
            fail("expected Offset to be a vector of 2 32-bit floats")
        }
        _ => None,
    }
}
