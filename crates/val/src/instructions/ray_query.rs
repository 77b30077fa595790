//! SPV_KHR_ray_query instructions (spirv-val's RayQueryPass): the Ray Query operand is a
//! variable, function parameter or access chain whose type points to OpTypeRayQueryKHR;
//! OpRayQueryInitializeKHR takes an acceleration structure, 32-bit integer Ray Flags and Cull
//! Mask, 32-bit float 3-component Ray Origin / Direction and 32-bit float scalar TMin / TMax;
//! OpRayQueryGenerateIntersectionKHR a 32-bit float scalar Hit T.

use super::Sink;
use crate::state::Inst;
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::Op;

fn is_ray_query_op(op: Op) -> bool {
    matches!(
        op,
        Op::RayQueryInitializeKHR
            | Op::RayQueryTerminateKHR
            | Op::RayQueryGenerateIntersectionKHR
            | Op::RayQueryConfirmIntersectionKHR
            | Op::RayQueryProceedKHR
            | Op::RayQueryGetIntersectionTypeKHR
            | Op::RayQueryGetRayTMinKHR
            | Op::RayQueryGetRayFlagsKHR
            | Op::RayQueryGetIntersectionTKHR
            | Op::RayQueryGetIntersectionInstanceCustomIndexKHR
            | Op::RayQueryGetIntersectionInstanceIdKHR
            | Op::RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR
            | Op::RayQueryGetIntersectionGeometryIndexKHR
            | Op::RayQueryGetIntersectionPrimitiveIndexKHR
            | Op::RayQueryGetIntersectionBarycentricsKHR
            | Op::RayQueryGetIntersectionFrontFaceKHR
            | Op::RayQueryGetIntersectionCandidateAABBOpaqueKHR
            | Op::RayQueryGetIntersectionObjectRayDirectionKHR
            | Op::RayQueryGetIntersectionObjectRayOriginKHR
            | Op::RayQueryGetWorldRayDirectionKHR
            | Op::RayQueryGetWorldRayOriginKHR
            | Op::RayQueryGetIntersectionObjectToWorldKHR
            | Op::RayQueryGetIntersectionWorldToObjectKHR
    )
}

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let op = inst.op();
    if !is_ray_query_op(op) {
        return false;
    }
    let st = s.st;
    // The Ray Query is the first operand after the result, if any.
    let first = if inst.result_id != 0 { 3 } else { 1 };
    let query = st.word(inst, first);
    let Some(def) = st.def(query).copied() else {
        return true;
    };
    let message = if !matches!(
        def.op(),
        Op::Variable | Op::FunctionParameter | Op::AccessChain
    ) {
        Some("Ray Query must be a memory object declaration")
    } else if !ti::is_typed_pointer(st, def.result_type) {
        Some("Ray Query must be a pointer")
    } else if ti::pointee(st, def.result_type).and_then(|p| ti::type_op(st, p))
        != Some(Op::TypeRayQueryKHR)
    {
        Some("Ray Query must be a pointer to OpTypeRayQueryKHR")
    } else {
        None
    };
    if let Some(m) = message {
        s.err("ray_query.operand", index, m, &[query]);
        return true;
    }
    let float32 = |id: u32, count: u32| {
        let t = ti::type_of(st, id);
        ti::shape(st, t).is_some_and(|sh| {
            sh.kind == ScalarKind::Float
                && sh.width == 32
                && sh.count == count
                && ti::is_vector(st, t) == (count > 1)
        })
    };
    let int32 = |id: u32| {
        let t = ti::type_of(st, id);
        ti::shape(st, t).is_some_and(|sh| {
            sh.kind == ScalarKind::Int && sh.width == 32 && sh.count == 1 && !ti::is_vector(st, t)
        })
    };
    let checks: &[(usize, &str)] = match op {
        Op::RayQueryInitializeKHR => &[
            (2, "accel"),
            (3, "Ray Flags must be a 32-bit int scalar"),
            (4, "Cull Mask must be a 32-bit int scalar"),
            (5, "Ray Origin must be a 32-bit float 3-component vector"),
            (6, "Ray TMin must be a 32-bit float scalar"),
            (7, "Ray Direction must be a 32-bit float 3-component vector"),
            (8, "Ray TMax must be a 32-bit float scalar"),
        ],
        Op::RayQueryGenerateIntersectionKHR => &[(2, "Hit T must be a 32-bit float scalar")],
        _ => &[],
    };
    for &(word, message) in checks {
        let id = st.word(inst, word);
        if st.def(id).is_none() {
            return true;
        }
        let ok = match (op, word) {
            (Op::RayQueryInitializeKHR, 2) => {
                ti::type_op(st, ti::type_of(st, id)) == Some(Op::TypeAccelerationStructureKHR)
            }
            (Op::RayQueryInitializeKHR, 3 | 4) => int32(id),
            (Op::RayQueryInitializeKHR, 5 | 7) => float32(id, 3),
            _ => float32(id, 1),
        };
        if !ok {
            let message = if message == "accel" {
                "Expected Acceleration Structure to be of type OpTypeAccelerationStructureKHR"
            } else {
                message
            };
            s.err("ray_query.operand", index, message, &[id]);
            return true;
        }
    }
    true
}
