//! Vector/matrix products and extended integer arithmetic (`instructions/linear_algebra.rs`)
//! and void conversion results (`instructions/conversion.rs`),
//! each rule both ways; every case's spirv-val 2025.5 verdict is recorded and re-checked by
//! `reference_agrees` when the reference tools exist.

mod fixtures;
mod reference;
use fixtures::LINEAR_ALGEBRA_BASE as BASE;
use reference::{check_case, Case, Ref};

const R: Option<&str> = Some("arith.types");
use Ref::{Accepts as A, Rejects as X};

const fn case(
    name: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, BASE, body, rule, reference)
}

#[rustfmt::skip]
pub const CASES: &[Case] = &[
    case("vts", "%x = OpVectorTimesScalar %v2f %vf2 %f1", None, A),
    case("vts.result", "%x = OpVectorTimesScalar %float %vf2 %f1", R, X),
    case("vts.vector", "%x = OpVectorTimesScalar %v2f %vf3 %f1", R, X),
    case("vts.scalar", "%x = OpVectorTimesScalar %v2f %vf2 %d1", R, X),
    case("mts", "%x = OpMatrixTimesScalar %m2x2 %mat22 %f1", None, A),
    case("mts.result", "%x = OpMatrixTimesScalar %v2f %mat22 %f1", R, X),
    case("mts.matrix", "%x = OpMatrixTimesScalar %m2x2 %mat32 %f1", R, X),
    case("mts.scalar", "%x = OpMatrixTimesScalar %m2x2 %mat22 %u1", R, X),
    case("vtm", "%x = OpVectorTimesMatrix %v3f %vf2 %mat32", None, A),
    case("vtm.result", "%x = OpVectorTimesMatrix %float %vf2 %mat32", R, X),
    case("vtm.vector", "%x = OpVectorTimesMatrix %v3f %f1 %mat32", R, X),
    case("vtm.matrix", "%x = OpVectorTimesMatrix %v3f %vf2 %vf3", R, X),
    case("vtm.columns", "%x = OpVectorTimesMatrix %v2f %vf2 %mat32", R, X),
    case("vtm.struct", "%s = OpCompositeConstruct %su %u1 %u1\n%x = OpVectorTimesMatrix %v3f %vf2 %s", R, X),
    case("vtm.rows", "%x = OpVectorTimesMatrix %v3f %vf3 %mat32", R, X),
    case("vtm.component", "%x = OpVectorTimesMatrix %v2d %vd2 %mat22", R, X),
    case("mtv", "%x = OpMatrixTimesVector %v2f %mat32 %vf3", None, A),
    case("mtv.result", "%x = OpMatrixTimesVector %m2x2 %mat32 %vf3", R, X),
    case("mtv.matrix", "%x = OpMatrixTimesVector %v2f %vf2 %vf3", R, X),
    case("mtv.vector", "%x = OpMatrixTimesVector %v2f %mat32 %f1", R, X),
    case("mtv.rows", "%x = OpMatrixTimesVector %v3f %mat32 %vf3", R, X),
    case("mtv.columns", "%x = OpMatrixTimesVector %v2f %mat32 %vf2", R, X),
    case("mtv.component", "%x = OpMatrixTimesVector %v2f %mat22d %vd2", R, X),
    case("mtm", "%x = OpMatrixTimesMatrix %m2x2 %mat32 %mat23", None, A),
    case("mtm.result", "%x = OpMatrixTimesMatrix %v2f %mat32 %mat23", R, X),
    case("mtm.left", "%x = OpMatrixTimesMatrix %m2x2 %vf2 %mat23", R, X),
    case("mtm.right", "%x = OpMatrixTimesMatrix %m2x2 %mat32 %vf2", R, X),
    case("mtm.column", "%x = OpMatrixTimesMatrix %m2x2 %mat23 %mat22", R, X),
    case("mtm.columns", "%x = OpMatrixTimesMatrix %m2x2 %mat22 %mat32", R, X),
    case("mtm.inner", "%x = OpMatrixTimesMatrix %m2x2 %mat22 %mat23", R, X),
    case("mtm.component", "%x = OpMatrixTimesMatrix %m2x2 %mat22d %mat22", R, X),
    case("outer", "%x = OpOuterProduct %m3x2 %vf2 %vf3", None, A),
    case("outer.result", "%x = OpOuterProduct %v2f %vf2 %vf3", R, X),
    case("outer.left", "%x = OpOuterProduct %m3x2 %vf3 %vf3", R, X),
    case("outer.right", "%x = OpOuterProduct %m3x2 %vf2 %f1", R, X),
    case("outer.right_size", "%x = OpOuterProduct %m3x2 %vf2 %vf2", R, X),
    case("outer.right_component", "%x = OpOuterProduct %m2x2 %vf2 %vd2", R, X),
    case("carry", "%x = OpIAddCarry %su %u1 %u1", None, A),
    case("carry.vector", "%x = OpIAddCarry %sv %vu2 %vu2", None, A),
    case("carry.not_struct", "%x = OpIAddCarry %uint %u1 %u1", R, X),
    case("carry.members", "%x = OpIAddCarry %s3 %u1 %u1", R, X),
    case("carry.signed", "%x = OpIAddCarry %si %i1 %i1", R, X),
    case("carry.mixed", "%x = OpIAddCarry %smix %u1 %u1", R, X),
    case("borrow.operand", "%x = OpISubBorrow %su %u1 %i1", R, X),
    case("umul", "%x = OpUMulExtended %su %u1 %u1", None, A),
    case("umul.signed", "%x = OpUMulExtended %si %i1 %i1", R, X),
    case("smul", "%x = OpSMulExtended %si %i1 %i1", None, A),
    case("smul.unsigned", "%x = OpSMulExtended %su %u1 %u1", None, A),
    case("smul.operand", "%x = OpSMulExtended %si %i1 %u1", R, X),
    // A void result of a numeric conversion (found by the mutation harness).
    case("sconvert.void", "%x = OpSConvert %void %i1", Some("conversion.result_type"), X),
    case("fconvert.void", "%x = OpFConvert %void %f1", Some("conversion.result_type"), X),
    case("fconvert", "%x = OpFConvert %double %f1", None, A),
    case("smul.float", "%x = OpSMulExtended %si %f1 %f1", R, X),
];

#[test]
fn linear_algebra_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
