//! Composite instructions (spec 3.37.12): OpCompositeExtract/Insert literal indexes walk the
//! composite type, OpVectorShuffle component types and selectors, OpCompositeConstruct
//! constituents, dynamic vector extract/insert, OpCopyObject.

use super::Sink;
use crate::state::{Inst, State};
use crate::typeinfo as ti;
use spirvkit_grammar::Op;

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    match inst.op() {
        Op::CompositeExtract => extract(s, index, inst),
        Op::CompositeInsert => insert(s, index, inst),
        Op::VectorShuffle => shuffle(s, index, inst),
        Op::CompositeConstruct => construct(s, index, inst),
        Op::VectorExtractDynamic | Op::VectorInsertDynamic => dynamic(s, index, inst),
        Op::CopyObject => {
            let v = s.st.word(inst, 3);
            if s.st.def(v).is_some() && ti::type_of(s.st, v) != inst.result_type {
                s.err(
                    "composite.copy_object",
                    index,
                    "Expected Result Type and Operand type to be the same",
                    &[v],
                );
            }
        }
        _ => return false,
    }
    true
}

/// Walks literal `indexes` into `ty`; Err(message) when an index does not fit.
fn walk(st: &State<'_>, mut ty: u32, indexes: &[u32]) -> Result<Option<u32>, String> {
    for &ix in indexes {
        let Some(op) = ti::type_op(st, ty) else {
            return Ok(None);
        };
        let (count, next) = match op {
            Op::TypeStruct => {
                let m = ti::struct_members(st, ty);
                (Some(m.len() as u64), m.get(ix as usize).copied())
            }
            Op::TypeVector | Op::TypeMatrix => {
                let d = ti::type_inst(st, ty).copied();
                let n = d.map(|d| u64::from(st.word(&d, 3)));
                (n, ti::element_type(st, ty))
            }
            Op::TypeArray => {
                let len = ti::type_inst(st, ty)
                    .copied()
                    .and_then(|d| ti::const_uint(st, st.word(&d, 3)));
                (len, ti::element_type(st, ty))
            }
            Op::TypeRuntimeArray => {
                return Err("Cannot extract from a composite of type OpTypeRuntimeArray.".into())
            }
            _ if !crate::state::is_core(op) => return Ok(None),
            _ => {
                return Err(
                    "Reached non-composite type while indexes still remain to be traversed."
                        .to_string(),
                )
            }
        };
        if let Some(n) = count {
            if u64::from(ix) >= n {
                return Err(format!(
                    "Index is out of bounds, can not find index {ix} in the composite (size {n})."
                ));
            }
        }
        match next {
            Some(t) => ty = t,
            None => return Ok(None),
        }
    }
    Ok(Some(ty))
}

fn extract(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let composite = st.word(inst, 3);
    if st.def(composite).is_none() {
        return;
    }
    let indexes = st.inst_words(inst).get(4..).unwrap_or(&[]);
    match walk(st, ti::type_of(st, composite), indexes) {
        Err(m) => s.err("composite.index", index, m, &[composite]),
        Ok(Some(t)) if t != inst.result_type => s.err(
            "composite.result_type",
            index,
            "Result type does not match the type that results from indexing into the composite.",
            &[inst.result_type],
        ),
        Ok(_) => {}
    }
}

fn insert(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let object = st.word(inst, 3);
    let composite = st.word(inst, 4);
    if st.def(composite).is_none() || st.def(object).is_none() {
        return;
    }
    let ct = ti::type_of(st, composite);
    if ct != inst.result_type {
        s.err(
            "composite.result_type",
            index,
            "The Result Type must be the same as Composite type in OpCompositeInsert.",
            &[composite],
        );
        return;
    }
    let indexes = st.inst_words(inst).get(5..).unwrap_or(&[]);
    match walk(st, ct, indexes) {
        Err(m) => s.err("composite.index", index, m, &[composite]),
        Ok(Some(t)) if t != ti::type_of(st, object) => s.err(
            "composite.object_type",
            index,
            "The Object type does not match the type that results from indexing into the Composite.",
            &[object],
        ),
        Ok(_) => {}
    }
}

fn shuffle(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let (v1, v2) = (st.word(inst, 3), st.word(inst, 4));
    if st.def(v1).is_none() || st.def(v2).is_none() || !ti::is_vector(st, rt) {
        return;
    }
    let (t1, t2) = (ti::type_of(st, v1), ti::type_of(st, v2));
    if !ti::is_vector(st, t1) || !ti::is_vector(st, t2) {
        s.err(
            "composite.shuffle",
            index,
            "The types of Vector 1 and Vector 2 must be vector types.",
            &[v1, v2],
        );
        return;
    }
    let rc = ti::scalar_of(st, rt);
    if ti::scalar_of(st, t1) != rc || ti::scalar_of(st, t2) != rc {
        s.err(
            "composite.shuffle",
            index,
            "The Component Type of Vector 1 and Vector 2 must be the same as the Result Type's component type.",
            &[v1, v2],
        );
        return;
    }
    let selectors = st.inst_words(inst).get(5..).unwrap_or(&[]);
    if Some(selectors.len() as u32) != ti::component_count(st, rt) {
        s.err(
            "composite.shuffle",
            index,
            "OpVectorShuffle component literals count does not match Result Type's component count.",
            &[rt],
        );
        return;
    }
    let n = ti::component_count(st, t1).unwrap_or(0) + ti::component_count(st, t2).unwrap_or(0);
    if let Some(&bad) = selectors.iter().find(|&&c| c != u32::MAX && c >= n) {
        s.err(
            "composite.shuffle",
            index,
            format!("Component index {bad} is out of bounds for combined (Vector1 + Vector2) size of {n}."),
            &[],
        );
    }
}

fn construct(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let parts = st.inst_words(inst).get(3..).unwrap_or(&[]);
    let Some(types) = parts
        .iter()
        .map(|&p| st.def(p).map(|d| d.result_type))
        .collect::<Option<Vec<u32>>>()
    else {
        return;
    };
    match ti::type_op(st, rt) {
        Some(Op::TypeVector) => {
            let rc = ti::scalar_of(st, rt);
            let mut total = 0;
            for &t in &types {
                if ti::scalar_of(st, t) != rc || ti::component_count(st, t).is_none() {
                    s.err(
                        "composite.construct",
                        index,
                        "Expected Constituents to be scalars or vectors of the same type as Result Type components",
                        &[],
                    );
                    return;
                }
                total += ti::component_count(st, t).unwrap_or(0);
            }
            if types.len() > 1 && Some(total) != ti::component_count(st, rt) {
                s.err(
                    "composite.construct",
                    index,
                    "Expected total number of given components to be equal to the size of Result Type vector",
                    &[],
                );
            }
        }
        Some(Op::TypeStruct) => {
            let members = ti::struct_members(st, rt);
            if members.len() != types.len() {
                s.err(
                    "composite.construct",
                    index,
                    "Expected total number of Constituents to be equal to the number of members of Result Type struct",
                    &[],
                );
            } else if members.iter().zip(&types).any(|(m, t)| m != t) {
                s.err(
                    "composite.construct",
                    index,
                    "Expected Constituent type to be equal to the corresponding member type of Result Type struct",
                    &[],
                );
            }
        }
        Some(Op::TypeArray) | Some(Op::TypeMatrix) => {
            let elem = ti::element_type(st, rt).unwrap_or(0);
            if types.iter().any(|&t| t != elem) {
                s.err(
                    "composite.construct",
                    index,
                    "Expected Constituent type to be equal to the element (column) type of Result Type",
                    &[],
                );
            }
            let count = if ti::type_op(st, rt) == Some(Op::TypeArray) {
                ti::type_inst(st, rt)
                    .copied()
                    .filter(|d| st.def_op(st.word(d, 3)) == Some(Op::Constant))
                    .and_then(|d| ti::const_uint(st, st.word(&d, 3)))
            } else {
                ti::type_inst(st, rt).map(|d| u64::from(st.word(d, 3)))
            };
            if count.is_some_and(|n| n != types.len() as u64) {
                s.err(
                    "composite.construct",
                    index,
                    "Expected total number of Constituents to be equal to the number of elements (columns) of Result Type",
                    &[],
                );
            }
        }
        _ => {}
    }
}

fn dynamic(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let rt = inst.result_type;
    let extract = inst.op() == Op::VectorExtractDynamic;
    let vector = st.word(inst, 3);
    if st.def(vector).is_none() {
        return;
    }
    let vt = ti::type_of(st, vector);
    if ti::type_op(st, vt) == Some(Op::TypeJointMatrixINTEL) {
        joint_matrix_element(s, index, inst, vt, extract);
        return;
    }
    if extract && st.def(rt).is_some() {
        // spirv-val's order: a scalar result first, then an OpTypeVector operand (an opaque
        // matrix or a pointer is neither).
        if !(ti::is_int(st, rt) || ti::is_float(st, rt) || ti::is_bool(st, rt)) {
            s.err(
                "composite.dynamic",
                index,
                "Expected Result Type to be a scalar type",
                &[rt],
            );
            return;
        }
        if !ti::is_vector(st, vt) {
            s.err(
                "composite.dynamic",
                index,
                "Expected Vector type to be OpTypeVector",
                &[vector],
            );
            return;
        }
    } else if !ti::is_vector(st, vt) {
        return; // Extension vector-like types are not judged.
    }
    if extract {
        if ti::scalar_of(st, vt) != rt {
            s.err(
                "composite.dynamic",
                index,
                "Expected Result Type to be the component type of Vector",
                &[rt],
            );
        }
    } else {
        let component = st.word(inst, 4);
        if vt != rt {
            s.err(
                "composite.dynamic",
                index,
                "Expected Result Type to be the type of Vector",
                &[rt],
            );
        } else if st.def(component).is_some() && ti::type_of(st, component) != ti::scalar_of(st, rt)
        {
            s.err(
                "composite.dynamic",
                index,
                "Expected Component type to be the component type of Result Type",
                &[component],
            );
        }
    }
    dynamic_index(s, index, inst, extract);
}

/// The Index operand of OpVectorExtractDynamic / OpVectorInsertDynamic: an integer scalar.
fn dynamic_index(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, extract: bool) {
    let st = s.st;
    let ix = st.word(inst, if extract { 4 } else { 5 });
    if st.def(ix).is_some() && !ti::is_int(st, ti::type_of(st, ix)) {
        s.err(
            "composite.dynamic",
            index,
            "Expected Index to be int scalar",
            &[ix],
        );
    }
}

/// OpVectorExtractDynamic / OpVectorInsertDynamic on a joint matrix of SPV_INTEL_joint_matrix's
/// API before the KHR cooperative matrix (llvm-spirv's OpTypeJointMatrixINTEL, 6119): the
/// elements a work-item holds are addressed like a vector's (llvm-spirv emits these for DPC++'s
/// `wi_data`), so the component type plays the vector's component type.
fn joint_matrix_element(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, matrix: u32, extract: bool) {
    let st = s.st;
    let rt = inst.result_type;
    let component = ti::type_word(st, matrix, 0).unwrap_or(0);
    if extract {
        if rt != component {
            s.err(
                "composite.dynamic",
                index,
                "Expected Result Type to be the component type of the joint matrix",
                &[rt],
            );
        }
    } else {
        let value = st.word(inst, 4);
        if rt != matrix {
            s.err(
                "composite.dynamic",
                index,
                "Expected Result Type to be the type of the joint matrix",
                &[rt],
            );
        } else if st.def(value).is_some() && ti::type_of(st, value) != component {
            s.err(
                "composite.dynamic",
                index,
                "Expected Component type to be the component type of the joint matrix",
                &[value],
            );
        }
    }
    dynamic_index(s, index, inst, extract);
}
