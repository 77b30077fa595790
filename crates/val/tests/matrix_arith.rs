//! Linear-algebra and extended-arithmetic instruction rules (`instructions/linear_algebra.rs`):
//! each case one instruction in a compute shader; spirv-val 2025.5's verdict (spv1.6) is
//! recorded and re-checked by `reference_agrees`.

mod fixtures;
mod reference;
use fixtures::LINEAR_ALGEBRA_BASE as BASE;
use reference::{check_case, Case, Ref};
use Ref::{Accepts as A, Rejects as R};

/// (instruction, rule spirvkit reports, spirv-val's verdict).
#[rustfmt::skip]
const INSTRUCTIONS: &[(&str, Option<&str>, Ref)] = &[
    ("%x = OpVectorTimesScalar %v2f %vf2 %f1", None, A),
    // a pointer where a matrix belongs (mutation finding)
    ("%var = OpVariable %pm Function\n%x = OpVectorTimesMatrix %v2f %vf3 %var", Some("arith.types"), R),
    // conversions: a pointer Result Type (mutation finding)
    ("%x = OpUConvert %pm %u1", Some("conversion.result_type"), R),
    ("%x = OpVectorTimesScalar %v2f %vf2 %d1", Some("arith.types"), R),
    ("%x = OpVectorTimesScalar %v3f %vf2 %f1", Some("arith.types"), R),
    ("%x = OpVectorTimesScalar %float %f1 %f1", Some("arith.types"), R),
    ("%x = OpMatrixTimesScalar %m2x3 %M23 %f1", None, A),
    ("%x = OpMatrixTimesScalar %m2x3 %M32 %f1", Some("arith.types"), R),
    ("%x = OpVectorTimesMatrix %v2f %vf3 %M23", None, A),
    ("%x = OpVectorTimesMatrix %v3f %vf3 %M23", Some("arith.types"), R),
    ("%x = OpVectorTimesMatrix %v2f %vf2 %M23", Some("arith.types"), R),
    ("%x = OpVectorTimesMatrix %v2f %vf3 %vf3", Some("arith.types"), R),
    ("%x = OpMatrixTimesVector %v3f %M23 %vf2", None, A),
    ("%x = OpMatrixTimesVector %v3f %M23 %vf3", Some("arith.types"), R),
    ("%x = OpMatrixTimesVector %v2f %M23 %vf2", Some("arith.types"), R),
    ("%x = OpMatrixTimesMatrix %m2x2 %M32 %M23", None, A),
    ("%x = OpMatrixTimesMatrix %m3x3 %M23 %M32", None, A),
    ("%x = OpMatrixTimesMatrix %m2x3 %M23 %M22", None, A),
    ("%x = OpMatrixTimesMatrix %m2x2 %M23 %M32", Some("arith.types"), R),
    ("%x = OpOuterProduct %m2x3 %vf3 %vf2", None, A),
    ("%x = OpOuterProduct %m2x3 %vf2 %vf3", Some("arith.types"), R),
    ("%x = OpOuterProduct %m2x3 %vf3 %vf3", Some("arith.types"), R),
    ("%x = OpOuterProduct %m2x3 %vf3 %f1", Some("arith.types"), R),
    ("%x = OpIAddCarry %suu %u1 %u1", None, A),
    ("%x = OpIAddCarry %sii %i1 %i1", Some("arith.types"), R),
    ("%x = OpISubBorrow %suu %u1 %i1", Some("arith.types"), R),
    ("%x = OpUMulExtended %sui %u1 %u1", Some("arith.types"), R),
    ("%x = OpSMulExtended %sii %i1 %i1", None, A),
    ("%x = OpSMulExtended %suu %u1 %u1", None, A),
    ("%x = OpSMulExtended %sii %i1 %u1", Some("arith.types"), R),
    ("%x = OpIAddCarry %s3 %u1 %u1", Some("arith.types"), R),
    ("%x = OpIAddCarry %uint %u1 %u1", Some("arith.types"), R),
    ("%x = OpSMulExtended %suu %i1 %i1", Some("arith.types"), R),
];

fn cases() -> Vec<Case> {
    INSTRUCTIONS
        .iter()
        .enumerate()
        .map(|(n, &(body, rule, reference))| {
            let name: &'static str = Box::leak(format!("matrix_arith.{n}").into_boxed_str());
            Case::new(name, BASE, body, rule, reference)
        })
        .collect()
}

#[test]
fn matrix_and_extended_arithmetic() {
    for c in &cases() {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(cases().iter());
}
