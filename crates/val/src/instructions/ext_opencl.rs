//! OpenCL.std extended instructions beyond the float-math family and vloadn/vstoren (which
//! `ext_inst.rs` judges): the integer family, 24-bit multiplies, upsample, the pointer-output
//! math (fract/modf/sincos, frexp/lgamma_r/remquo), ilogb, ldexp/pown/rootn, nan, bitselect,
//! select, printf, vloadn/vstoren, vload_half*/vstore_half*, prefetch, cross, distance/length/normalize (and their fast_ forms)
//! and shuffle. Messages as spirv-val 2025.5's.

use crate::state::{Inst, State};
use crate::typeinfo::{self as ti, ScalarKind, Shape};
use spirvkit_grammar::{AddressingModel, Op, StorageClass as S};

/// The first broken rule of OpenCL.std instruction `name`, as a message without the
/// `OpenCL.std name: ` prefix.
pub fn check(st: &State<'_>, inst: &Inst, name: &str) -> Option<String> {
    let rt = inst.result_type;
    let operands = st.inst_words(inst).get(5..).unwrap_or(&[]);
    let operand_type = |i: usize| operands.get(i).map_or(0, |&v| ti::type_of(st, v));
    let result = ti::shape(st, rt);
    let float_result = result.is_some_and(|r| r.kind == ScalarKind::Float);
    let int_result = result.is_some_and(|r| r.kind == ScalarKind::Int);
    let all_equal = |ids: &[u32]| ids.iter().all(|&v| ti::type_of(st, v) == rt);
    let msg = |m: &str| Some(m.to_string());
    match name {
        "s_abs" | "u_abs" | "s_abs_diff" | "u_abs_diff" | "s_add_sat" | "u_add_sat" | "s_hadd"
        | "u_hadd" | "s_rhadd" | "u_rhadd" | "s_clamp" | "u_clamp" | "clz" | "ctz" | "s_mad_hi"
        | "u_mad_hi" | "s_mad_sat" | "u_mad_sat" | "s_max" | "u_max" | "s_min" | "u_min"
        | "s_mul_hi" | "u_mul_hi" | "rotate" | "s_sub_sat" | "u_sub_sat" | "popcount" => {
            if !int_result {
                return msg("expected Result Type to be an int scalar or vector type");
            }
            if !all_equal(operands) {
                return msg("expected types of all operands to be equal to Result Type");
            }
            None
        }
        "s_mul24" | "u_mul24" | "s_mad24" | "u_mad24" => {
            if !result.is_some_and(|r| r.kind == ScalarKind::Int && r.width == 32) {
                return msg("expected Result Type to be a 32-bit int scalar or vector type");
            }
            if !all_equal(operands) {
                return msg("expected types of all operands to be equal to Result Type");
            }
            None
        }
        "s_upsample" | "u_upsample" => {
            let Some(r) = result.filter(|r| r.kind == ScalarKind::Int) else {
                return msg("expected Result Type to be an int scalar or vector type");
            };
            let (hi, lo) = (
                ti::shape(st, operand_type(0)),
                ti::shape(st, operand_type(1)),
            );
            let (Some(hi), Some(lo)) = (hi, lo) else {
                return msg("expected Hi and Lo operands to be int scalars or vectors");
            };
            if hi.kind != ScalarKind::Int || lo.kind != ScalarKind::Int {
                return msg("expected Hi and Lo operands to be int scalars or vectors");
            }
            if operand_type(0) != operand_type(1) {
                return msg("expected Hi and Lo operands to have the same type");
            }
            if hi.count != r.count {
                return msg("expected Hi and Lo operands to have the same number of components as Result Type");
            }
            if hi.width.saturating_mul(2) != r.width {
                return msg("expected bit width of components of Hi and Lo operands to be half of the bit width of components of Result Type");
            }
            None
        }
        "fract" | "modf" | "sincos" | "frexp" | "lgamma_r" | "remquo" => {
            pointer_output(st, rt, result, operands, name)
        }
        "ilogb" => {
            let Some(r) = result.filter(|r| r.kind == ScalarKind::Int && r.width == 32) else {
                return msg("expected Result Type to be a 32-bit int scalar or vector type");
            };
            let Some(x) = ti::shape(st, operand_type(0)).filter(|x| x.kind == ScalarKind::Float)
            else {
                return msg("expected operand X to be a float scalar or vector");
            };
            if x.count != r.count {
                return msg(
                    "expected operand X to have the same number of components as Result Type",
                );
            }
            None
        }
        "ldexp" | "pown" | "rootn" => {
            if !float_result {
                return msg("expected Result Type to be a float scalar or vector type");
            }
            if operand_type(0) != rt {
                return msg("expected operand X to be equal to Result Type");
            }
            let exp = ti::shape(st, operand_type(1));
            if !exp.is_some_and(|e| e.kind == ScalarKind::Int && e.width == 32) {
                return msg("expected the exponent to be a 32-bit int scalar or vector");
            }
            if exp.map(|e| e.count) != result.map(|r| r.count) {
                return msg(
                    "expected the exponent to have the same number of components as Result Type",
                );
            }
            None
        }
        "nan" => {
            let Some(r) = result.filter(|r| r.kind == ScalarKind::Float) else {
                return msg("expected Result Type to be a float scalar or vector type");
            };
            let Some(code) = ti::shape(st, operand_type(0)).filter(|c| c.kind == ScalarKind::Int)
            else {
                return msg("expected Nancode to be an int scalar or vector type");
            };
            if code.count != r.count {
                return msg(
                    "expected Nancode to have the same number of components as Result Type",
                );
            }
            if code.width != r.width {
                return msg("expected Nancode to have the same bit width as Result Type");
            }
            None
        }
        "bitselect" => {
            if !int_result && !float_result {
                return msg("expected Result Type to be an int or float scalar or vector type");
            }
            if !all_equal(operands) {
                return msg("expected types of all operands to be equal to Result Type");
            }
            None
        }
        "select" => {
            let Some(r) = result.filter(|r| r.kind != ScalarKind::Bool) else {
                return msg("expected Result Type to be an int or float scalar or vector type");
            };
            if !all_equal(operands.get(..2).unwrap_or(&[])) {
                return msg("expected types of all operands to be equal to Result Type");
            }
            let Some(c) = ti::shape(st, operand_type(2)).filter(|c| c.kind == ScalarKind::Int)
            else {
                return msg("expected operand C to be an int scalar or vector");
            };
            if c.count != r.count {
                return msg(
                    "expected operand C to have the same number of components as Result Type",
                );
            }
            if c.width != r.width {
                return msg("expected operand C to have the same bit width as Result Type");
            }
            None
        }
        "printf" => {
            if !result.is_some_and(|r| r.kind == ScalarKind::Int && r.width == 32 && r.count == 1) {
                return msg("expected Result Type to be a 32-bit int type");
            }
            let format = operand_type(0);
            if !ti::is_pointer(st, format) {
                return msg("expected Format to be a pointer");
            }
            if ti::storage_class(st, format) != Some(S::UniformConstant.0) {
                return msg("expected Format storage class to be UniformConstant");
            }
            // spirv-val 2025.5 takes the format string as an 8-bit int or an array of them
            // (clang's SPIR-V back end points at the whole string constant).
            let pointee = ti::pointee(st, format)?;
            let data = match ti::type_op(st, pointee) {
                Some(Op::TypeArray) => ti::element_type(st, pointee)?,
                _ => pointee,
            };
            if !(ti::is_int(st, data) && ti::component_width(st, data) == Some(8)) {
                return msg("expected Format data type to be 8-bit int");
            }
            None
        }
        "vload_half" | "vload_halfn" | "vloada_halfn" => half_load(st, inst, result, name),
        "vloadn" => vector_load(st, inst, result),
        "vstoren" => vector_store(st, inst),
        "prefetch" => prefetch(st, inst),
        "vstore_half" | "vstore_half_r" | "vstore_halfn" | "vstore_halfn_r" | "vstorea_halfn"
        | "vstorea_halfn_r" => {
            if st.def_op(rt) != Some(Op::TypeVoid) {
                return msg("expected Result Type to be void");
            }
            half_store(st, operands, name)
        }
        "cross" => {
            if !(float_result
                && ti::is_vector(st, rt)
                && matches!(result.map(|r| r.count), Some(3 | 4)))
            {
                return msg("expected Result Type to be a float vector with 3 or 4 components");
            }
            if operand_type(0) != rt {
                return msg("expected operand X type to be equal to Result Type");
            }
            if operand_type(1) != rt {
                return msg("expected operand Y type to be equal to Result Type");
            }
            None
        }
        "distance" | "fast_distance" | "length" | "fast_length" => {
            if !float_result || ti::is_vector(st, rt) {
                return msg("expected Result Type to be a float scalar type");
            }
            let two = name.ends_with("distance");
            let p = if two { "P0" } else { "P" };
            let p0 = operand_type(0);
            let Some(shape) = ti::shape(st, p0).filter(|o| o.kind == ScalarKind::Float) else {
                return Some(if two {
                    "expected operand P0 to be of float scalar or vector type".to_string()
                } else {
                    "expected operand P to be a float scalar or vector".to_string()
                });
            };
            if shape.count > 4 {
                return Some(format!(
                    "expected operand {p} to have no more than 4 components"
                ));
            }
            if ti::scalar_of(st, p0) != rt {
                return Some(format!(
                    "expected operand {p} component type to be equal to Result Type"
                ));
            }
            if two && operand_type(1) != p0 {
                return msg("expected operands P0 and P1 to be of the same type");
            }
            None
        }
        "fclamp" => {
            if !float_result {
                return msg("expected Result Type to be a float scalar or vector type");
            }
            if !all_equal(operands) {
                return msg("expected types of all operands to be equal to Result Type");
            }
            None
        }
        "normalize" | "fast_normalize" => {
            if !float_result {
                return msg("expected Result Type to be a float scalar or vector type");
            }
            if result.is_some_and(|r| r.count > 4) {
                return msg("expected Result Type to have no more than 4 components");
            }
            if operand_type(0) != rt {
                return msg("expected operand P type to be equal to Result Type");
            }
            None
        }
        "shuffle" | "shuffle2" => {
            let Some(r) = result.filter(|_| ti::is_vector(st, rt)) else {
                return msg("expected Result Type to be an int or float vector type");
            };
            let mask_type = operand_type(if name == "shuffle" { 1 } else { 2 });
            let mask = ti::shape(st, mask_type)
                .filter(|m| m.kind == ScalarKind::Int && ti::is_vector(st, mask_type));
            let Some(mask) = mask else {
                return msg("expected operand Shuffle Mask to be an int vector");
            };
            if mask.count != r.count {
                return msg(
                    "expected Shuffle Mask to have the same number of components as Result Type",
                );
            }
            if mask.width != r.width {
                return msg("expected operand Shuffle Mask components to have the same bit width as Result Type components");
            }
            None
        }
        _ => None,
    }
}

/// fract/modf/sincos (the pointer receives a value of the Result Type) and frexp/lgamma_r/
/// remquo (it receives 32-bit ints, one per component).
fn pointer_output(
    st: &State<'_>,
    rt: u32,
    result: Option<Shape>,
    operands: &[u32],
    name: &str,
) -> Option<String> {
    let msg = |m: &str| Some(m.to_string());
    let Some(r) = result.filter(|r| r.kind == ScalarKind::Float) else {
        return msg("expected Result Type to be a float scalar or vector type");
    };
    let (&pointer, values) = operands.split_last()?;
    if values.iter().any(|&v| ti::type_of(st, v) != rt) {
        return msg("expected type of operand X to be equal to Result Type");
    }
    let pt = ti::type_of(st, pointer);
    if !ti::is_pointer(st, pt) {
        return msg("expected the last operand to be a pointer");
    }
    let sc = ti::storage_class(st, pt).unwrap_or(u32::MAX);
    let allowed = [S::Generic, S::CrossWorkgroup, S::Workgroup, S::Function];
    if !allowed.iter().any(|c| c.0 == sc) {
        return msg("expected storage class of the pointer to be Generic, CrossWorkgroup, Workgroup or Function");
    }
    // Untyped pointers (SPV_KHR_untyped_pointers) carry no data type to compare.
    let pointee = ti::pointee(st, pt)?;
    if matches!(name, "fract" | "modf" | "sincos") {
        if pointee != rt {
            return msg("expected data type of the pointer to be equal to Result Type");
        }
        return None;
    }
    let p = ti::shape(st, pointee);
    if !p.is_some_and(|p| p.kind == ScalarKind::Int && p.width == 32) {
        return msg("expected data type of the pointer to be a 32-bit int scalar or vector type");
    }
    if p.map(|p| p.count) != Some(r.count) {
        return msg("expected data type of the pointer to have the same number of components as Result Type");
    }
    None
}

/// size_t: 64-bit under Physical64, 32-bit under Physical32 (None: not a physical
/// addressing model).
fn size_t_width(st: &State<'_>) -> Option<u32> {
    match st.addressing_model {
        Some(m) if m == AddressingModel::Physical64.0 => Some(64),
        Some(m) if m == AddressingModel::Physical32.0 => Some(32),
        _ => None,
    }
}

/// The Offset / Num Elements operand type check shared by the vector loads and stores and
/// prefetch: a physical addressing model, and an integer scalar of its size_t width.
fn size_t_operand(st: &State<'_>, ty: u32, what: &str) -> Option<String> {
    let Some(width) = size_t_width(st) else {
        return Some("can only be used with physical addressing models".into());
    };
    let ok =
        ti::is_int(st, ty) && !ti::is_vector(st, ty) && ti::component_width(st, ty) == Some(width);
    if ok {
        None
    } else {
        Some(format!(
            "expected operand {what} to be of type size_t ({width}-bit integer for the addressing model used in the module)"
        ))
    }
}

/// Whether a vector of `count` components is one OpenCL allows (2, 3, 4, 8 or 16).
fn opencl_vector_size(count: u32) -> bool {
    matches!(count, 2 | 3 | 4 | 8 | 16)
}

const LOAD_CLASSES: [S; 5] = [
    S::UniformConstant,
    S::Generic,
    S::CrossWorkgroup,
    S::Workgroup,
    S::Function,
];
const STORE_CLASSES: [S; 4] = [S::Generic, S::CrossWorkgroup, S::Workgroup, S::Function];

/// The pointer operand of vloadn/vstoren: a pointer (typed or untyped) into one of
/// `allowed` whose typed pointee is the vector's component type.
fn vector_pointer(
    st: &State<'_>,
    pt: u32,
    vector_type: u32,
    allowed: &[S],
    allowed_text: &str,
    data_text: &str,
) -> Option<String> {
    if let Some(problem) = pointer_in(st, pt, allowed, allowed_text) {
        return Some(problem);
    }
    // Untyped pointers (SPV_KHR_untyped_pointers) carry no pointee to compare.
    let pointee = ti::pointee(st, pt)?;
    if pointee != ti::scalar_of(st, vector_type) {
        return Some(format!(
            "expected operand P data type to be equal to {data_text}"
        ));
    }
    None
}

fn vector_load(st: &State<'_>, inst: &Inst, result: Option<Shape>) -> Option<String> {
    let rt = inst.result_type;
    let operands = st.inst_words(inst).get(5..).unwrap_or(&[]);
    let Some(r) = result.filter(|r| r.kind != ScalarKind::Bool && ti::is_vector(st, rt)) else {
        return Some("expected Result Type to be an int or float vector type".into());
    };
    if !opencl_vector_size(r.count) {
        return Some("expected Result Type to have 2, 3, 4, 8 or 16 components".into());
    }
    let offset = operands.first().map_or(0, |&v| ti::type_of(st, v));
    if let Some(m) = size_t_operand(st, offset, "Offset") {
        return Some(m);
    }
    let pt = operands.get(1).map_or(0, |&v| ti::type_of(st, v));
    if let Some(m) = vector_pointer(
        st,
        pt,
        rt,
        &LOAD_CLASSES,
        "UniformConstant, Generic, CrossWorkgroup, Workgroup or Function",
        "component type of Result Type",
    ) {
        return Some(m);
    }
    if operands.get(2).copied() != Some(r.count) {
        return Some(
            "expected literal N to be equal to the number of components of Result Type".into(),
        );
    }
    None
}

fn vector_store(st: &State<'_>, inst: &Inst) -> Option<String> {
    if st.def_op(inst.result_type) != Some(Op::TypeVoid) {
        return Some("expected Result Type to be void".into());
    }
    let operands = st.inst_words(inst).get(5..).unwrap_or(&[]);
    let data_type = operands.first().map_or(0, |&v| ti::type_of(st, v));
    let Some(d) = ti::shape(st, data_type)
        .filter(|d| d.kind != ScalarKind::Bool && ti::is_vector(st, data_type))
    else {
        return Some("expected Data to be an int or float vector".into());
    };
    if !opencl_vector_size(d.count) {
        return Some("expected Data to have 2, 3, 4, 8 or 16 components".into());
    }
    let offset = operands.get(1).map_or(0, |&v| ti::type_of(st, v));
    if let Some(m) = size_t_operand(st, offset, "Offset") {
        return Some(m);
    }
    let pt = operands.get(2).map_or(0, |&v| ti::type_of(st, v));
    vector_pointer(
        st,
        pt,
        data_type,
        &STORE_CLASSES,
        "Generic, CrossWorkgroup, Workgroup or Function",
        "the type of operand Data components",
    )
}

/// prefetch(Ptr, Num Elements): void; a CrossWorkgroup pointer to an int or float scalar or
/// vector of an OpenCL size; Num Elements of type size_t.
fn prefetch(st: &State<'_>, inst: &Inst) -> Option<String> {
    if st.def_op(inst.result_type) != Some(Op::TypeVoid) {
        return Some("expected Result Type to be void".into());
    }
    let operands = st.inst_words(inst).get(5..).unwrap_or(&[]);
    let pt = operands.first().map_or(0, |&v| ti::type_of(st, v));
    if !ti::is_pointer(st, pt) {
        return Some("expected operand Ptr to be a pointer".into());
    }
    if ti::storage_class(st, pt) != Some(S::CrossWorkgroup.0) {
        return Some("expected operand Ptr storage class to be CrossWorkgroup".into());
    }
    if let Some(pointee) = ti::pointee(st, pt) {
        let Some(p) = ti::shape(st, pointee).filter(|p| p.kind != ScalarKind::Bool) else {
            return Some("expected Ptr data type to be int or float scalar or vector".into());
        };
        if p.count > 4 && !opencl_vector_size(p.count) {
            return Some(
                "expected Result Type to be a scalar or a vector with 2, 3, 4, 8 or 16 components"
                    .into(),
            );
        }
    }
    let count = operands.get(1).map_or(0, |&v| ti::type_of(st, v));
    size_t_operand(st, count, "Num Elements")
}

/// Operand P is a pointer in one of the `allowed` storage classes (else the problem).
fn pointer_in(st: &State<'_>, pt: u32, allowed: &[S], allowed_text: &str) -> Option<String> {
    if !ti::is_pointer(st, pt) {
        return Some("expected operand P to be a pointer".into());
    }
    let sc = ti::storage_class(st, pt).unwrap_or(u32::MAX);
    if !allowed.iter().any(|c| c.0 == sc) {
        return Some(format!(
            "expected operand P storage class to be {allowed_text}"
        ));
    }
    None
}

/// The half-precision pointer operand of vload_half*/vstore_half*.
fn half_pointer(st: &State<'_>, pt: u32, allowed: &[S], allowed_text: &str) -> Option<String> {
    if let Some(problem) = pointer_in(st, pt, allowed, allowed_text) {
        return Some(problem);
    }
    let pointee = ti::pointee(st, pt)?;
    if !(ti::is_float(st, pointee) && ti::component_width(st, pointee) == Some(16)) {
        return Some("expected operand P data type to be 16-bit float scalar".into());
    }
    None
}

fn half_load(st: &State<'_>, inst: &Inst, result: Option<Shape>, name: &str) -> Option<String> {
    let rt = inst.result_type;
    let operands = st.inst_words(inst).get(5..).unwrap_or(&[]);
    let vector = name != "vload_half";
    let float = result.is_some_and(|r| r.kind == ScalarKind::Float);
    if !(float && ti::is_vector(st, rt) == vector) {
        return Some(if vector {
            "expected Result Type to be a float vector type".into()
        } else {
            "expected Result Type to be a float scalar type".into()
        });
    }
    if vector && !result.is_some_and(|r| opencl_vector_size(r.count)) {
        return Some("expected Result Type to have 2, 3, 4, 8 or 16 components".into());
    }
    let offset = operands.first().map_or(0, |&v| ti::type_of(st, v));
    if let Some(m) = size_t_operand(st, offset, "Offset") {
        return Some(m);
    }
    let pt = operands.get(1).map_or(0, |&v| ti::type_of(st, v));
    if let Some(m) = half_pointer(
        st,
        pt,
        &LOAD_CLASSES,
        "UniformConstant, Generic, CrossWorkgroup, Workgroup or Function",
    ) {
        return Some(m);
    }
    if vector {
        let n = operands.get(2).copied();
        if n != result.map(|r| r.count) {
            return Some(
                "expected literal N to be equal to the number of components of Result Type".into(),
            );
        }
    }
    None
}

fn half_store(st: &State<'_>, operands: &[u32], name: &str) -> Option<String> {
    let vector = name.contains("halfn");
    let data_type = operands.first().map_or(0, |&v| ti::type_of(st, v));
    let data = ti::shape(st, data_type);
    let data_ok = data.is_some_and(|d| d.kind == ScalarKind::Float && matches!(d.width, 32 | 64))
        && ti::is_vector(st, data_type) == vector;
    if !data_ok {
        return Some(if vector {
            "expected Data to be a 32 or 64-bit float vector".into()
        } else {
            "expected Data to be a 32 or 64-bit float scalar".into()
        });
    }
    if vector && !data.is_some_and(|d| opencl_vector_size(d.count)) {
        return Some("expected Data to have 2, 3, 4, 8 or 16 components".into());
    }
    let offset = operands.get(1).map_or(0, |&v| ti::type_of(st, v));
    if let Some(m) = size_t_operand(st, offset, "Offset") {
        return Some(m);
    }
    let pt = operands.get(2).map_or(0, |&v| ti::type_of(st, v));
    half_pointer(
        st,
        pt,
        &STORE_CLASSES,
        "Generic, CrossWorkgroup, Workgroup or Function",
    )
}
