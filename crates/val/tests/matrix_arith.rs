//! Linear-algebra and extended-arithmetic instruction rules (`instructions/matrix_arith.rs`):
//! each case one instruction in a compute shader; spirv-val 2025.5's verdict (spv1.6) is
//! recorded and re-checked by `reference_agrees`.

mod reference;
use reference::{check_case, Case, Ref};
use Ref::{Accepts as A, Rejects as R};

const BASE: &str = r#"OpCapability Shader
OpCapability Float64
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%double = OpTypeFloat 64
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%v2f = OpTypeVector %float 2
%v3f = OpTypeVector %float 3
%v4f = OpTypeVector %float 4
%v2u = OpTypeVector %uint 2
%v2d = OpTypeVector %double 2
%m2x3 = OpTypeMatrix %v3f 2
%m3x2 = OpTypeMatrix %v2f 3
%m2x2 = OpTypeMatrix %v2f 2
%m3x3 = OpTypeMatrix %v3f 3
%pm = OpTypePointer Function %m2x3
%suu = OpTypeStruct %uint %uint
%sii = OpTypeStruct %int %int
%sui = OpTypeStruct %uint %int
%s3 = OpTypeStruct %uint %uint %uint
%f1 = OpConstant %float 1
%d1 = OpConstant %double 1
%u1 = OpConstant %uint 1
%i1 = OpConstant %int 1
%vf2 = OpConstantComposite %v2f %f1 %f1
%vf3 = OpConstantComposite %v3f %f1 %f1 %f1
%vu2 = OpConstantComposite %v2u %u1 %u1
%M23 = OpConstantComposite %m2x3 %vf3 %vf3
%M32 = OpConstantComposite %m3x2 %vf2 %vf2 %vf2
%M22 = OpConstantComposite %m2x2 %vf2 %vf2
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
"#;

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
