//! GLSL.std.450 instructions with operand shapes of their own (`instructions/ext_glsl.rs`),
//! each tested both ways: Determinant, MatrixInverse, Modf/ModfStruct, Frexp/FrexpStruct,
//! Ldexp, Pack/Unpack, Refract, FindILsb/FindSMsb/FindUMsb, InterpolateAt* and the retired
//! IMix. Every case's spirv-val 2025.5 verdict is recorded and re-checked by
//! `reference_agrees` when the reference tools exist.

mod reference;
use reference::{check_case, Case, Ref};

/// A fragment shader with operands of every shape used below: `%pf`/`%pv`/`%pi`/`%pvi`/`%pu`
/// are Function pointers, `%in1`/`%in2` Input variables.
const GLSL_BASE: &str = r#"OpCapability Shader
OpCapability Float16
OpCapability Float64
OpCapability Int64
OpCapability InterpolationFunction
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %in2 %in1
OpExecutionMode %main OriginUpperLeft
OpDecorate %in2 Location 0
OpDecorate %in1 Location 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%half = OpTypeFloat 16
%double = OpTypeFloat 64
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%long = OpTypeInt 64 1
%v2f = OpTypeVector %float 2
%v3f = OpTypeVector %float 3
%v4f = OpTypeVector %float 4
%v2h = OpTypeVector %half 2
%v2i = OpTypeVector %int 2
%v3i = OpTypeVector %int 3
%v2u = OpTypeVector %uint 2
%v2d = OpTypeVector %double 2
%m2 = OpTypeMatrix %v2f 2
%m32 = OpTypeMatrix %v3f 2
%sf = OpTypeStruct %float %float
%sv = OpTypeStruct %v2f %v2f
%sfi = OpTypeStruct %float %int
%svi = OpTypeStruct %v2f %v2i
%pff = OpTypePointer Function %float
%pfv = OpTypePointer Function %v2f
%pfi = OpTypePointer Function %int
%pfvi = OpTypePointer Function %v2i
%pfu = OpTypePointer Function %uint
%pin2 = OpTypePointer Input %v2f
%pin1 = OpTypePointer Input %float
%in2 = OpVariable %pin2 Input
%in1 = OpVariable %pin1 Input
%f1 = OpConstant %float 1
%h1 = OpConstant %half 1
%d1 = OpConstant %double 1
%i1 = OpConstant %int 1
%u1 = OpConstant %uint 1
%l1 = OpConstant %long 1
%vf = OpConstantComposite %v2f %f1 %f1
%vf3 = OpConstantComposite %v3f %f1 %f1 %f1
%vf4 = OpConstantComposite %v4f %f1 %f1 %f1 %f1
%vh = OpConstantComposite %v2h %h1 %h1
%vi = OpConstantComposite %v2i %i1 %i1
%vu = OpConstantComposite %v2u %u1 %u1
%vi3 = OpConstantComposite %v3i %i1 %i1 %i1
%mat = OpConstantComposite %m2 %vf %vf
%mat32 = OpConstantComposite %m32 %vf3 %vf3
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
%pf = OpVariable %pff Function
%pv = OpVariable %pfv Function
%pi = OpVariable %pfi Function
%pvi = OpVariable %pfvi Function
%pu = OpVariable %pfu Function
BODY
OpReturn
OpFunctionEnd
"#;

#[rustfmt::skip]
pub const CASES: &[Case] = &[
    Case::new("valid.1", GLSL_BASE, "%a = OpExtInst %float %glsl Determinant %mat", None, Ref::Accepts),
    Case::new("ext_inst.types.1", GLSL_BASE, "%a = OpExtInst %v2f %glsl Determinant %mat", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.2", GLSL_BASE, "%a = OpExtInst %float %glsl Determinant %mat32", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.3", GLSL_BASE, "%a = OpExtInst %half %glsl Determinant %mat", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.2", GLSL_BASE, "%a = OpExtInst %m2 %glsl MatrixInverse %mat", None, Ref::Accepts),
    Case::new("ext_inst.types.4", GLSL_BASE, "%a = OpExtInst %m32 %glsl MatrixInverse %mat32", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.5", GLSL_BASE, "%a = OpExtInst %float %glsl MatrixInverse %mat", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.3", GLSL_BASE, "%a = OpExtInst %float %glsl Modf %f1 %pf", None, Ref::Accepts),
    Case::new("valid.4", GLSL_BASE, "%a = OpExtInst %v2f %glsl Modf %vf %pv", None, Ref::Accepts),
    Case::new("ext_inst.types.6", GLSL_BASE, "%a = OpExtInst %float %glsl Modf %f1 %pi", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.7", GLSL_BASE, "%a = OpExtInst %float %glsl Modf %vf %pf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.8", GLSL_BASE, "%a = OpExtInst %uint %glsl Modf %u1 %pu", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.9", GLSL_BASE, "%a = OpExtInst %float %glsl Modf %f1 %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.5", GLSL_BASE, "%a = OpExtInst %sf %glsl ModfStruct %f1", None, Ref::Accepts),
    Case::new("valid.6", GLSL_BASE, "%a = OpExtInst %sv %glsl ModfStruct %vf", None, Ref::Accepts),
    Case::new("ext_inst.types.10", GLSL_BASE, "%a = OpExtInst %sf %glsl ModfStruct %vf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.11", GLSL_BASE, "%a = OpExtInst %sfi %glsl ModfStruct %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.12", GLSL_BASE, "%a = OpExtInst %float %glsl ModfStruct %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.7", GLSL_BASE, "%a = OpExtInst %float %glsl Frexp %f1 %pi", None, Ref::Accepts),
    Case::new("valid.8", GLSL_BASE, "%a = OpExtInst %v2f %glsl Frexp %vf %pvi", None, Ref::Accepts),
    Case::new("ext_inst.types.13", GLSL_BASE, "%a = OpExtInst %float %glsl Frexp %f1 %pf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.14", GLSL_BASE, "%a = OpExtInst %v2f %glsl Frexp %vf %pi", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.9", GLSL_BASE, "%a = OpExtInst %float %glsl Frexp %f1 %pu", None, Ref::Accepts),
    Case::new("valid.10", GLSL_BASE, "%a = OpExtInst %sfi %glsl FrexpStruct %f1", None, Ref::Accepts),
    Case::new("valid.11", GLSL_BASE, "%a = OpExtInst %svi %glsl FrexpStruct %vf", None, Ref::Accepts),
    Case::new("ext_inst.types.15", GLSL_BASE, "%a = OpExtInst %sf %glsl FrexpStruct %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.12", GLSL_BASE, "%a = OpExtInst %float %glsl Ldexp %f1 %i1", None, Ref::Accepts),
    Case::new("valid.13", GLSL_BASE, "%a = OpExtInst %v2f %glsl Ldexp %vf %vi", None, Ref::Accepts),
    Case::new("ext_inst.types.16", GLSL_BASE, "%a = OpExtInst %v2f %glsl Ldexp %vf %i1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.17", GLSL_BASE, "%a = OpExtInst %float %glsl Ldexp %f1 %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.14", GLSL_BASE, "%a = OpExtInst %float %glsl Ldexp %f1 %u1", None, Ref::Accepts),
    Case::new("valid.15", GLSL_BASE, "%a = OpExtInst %float %glsl Ldexp %f1 %l1", None, Ref::Accepts),
    Case::new("valid.16", GLSL_BASE, "%a = OpExtInst %uint %glsl PackSnorm4x8 %vf4", None, Ref::Accepts),
    Case::new("ext_inst.types.18", GLSL_BASE, "%a = OpExtInst %uint %glsl PackUnorm4x8 %vf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.17", GLSL_BASE, "%a = OpExtInst %int %glsl PackUnorm2x16 %vf", None, Ref::Accepts),
    Case::new("ext_inst.types.19", GLSL_BASE, "%a = OpExtInst %float %glsl PackUnorm2x16 %vf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.18", GLSL_BASE, "%a = OpExtInst %uint %glsl PackHalf2x16 %vf", None, Ref::Accepts),
    Case::new("ext_inst.types.20", GLSL_BASE, "%a = OpExtInst %uint %glsl PackHalf2x16 %vh", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.19", GLSL_BASE, "%a = OpExtInst %double %glsl PackDouble2x32 %vu", None, Ref::Accepts),
    Case::new("ext_inst.types.21", GLSL_BASE, "%a = OpExtInst %double %glsl PackDouble2x32 %vf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.22", GLSL_BASE, "%a = OpExtInst %float %glsl PackDouble2x32 %vu", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.20", GLSL_BASE, "%a = OpExtInst %v4f %glsl UnpackSnorm4x8 %u1", None, Ref::Accepts),
    Case::new("ext_inst.types.23", GLSL_BASE, "%a = OpExtInst %v2f %glsl UnpackSnorm4x8 %u1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.21", GLSL_BASE, "%a = OpExtInst %v2f %glsl UnpackUnorm2x16 %u1", None, Ref::Accepts),
    Case::new("ext_inst.types.24", GLSL_BASE, "%a = OpExtInst %v2f %glsl UnpackUnorm2x16 %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.22", GLSL_BASE, "%a = OpExtInst %v2f %glsl UnpackHalf2x16 %i1", None, Ref::Accepts),
    Case::new("valid.23", GLSL_BASE, "%a = OpExtInst %v2u %glsl UnpackDouble2x32 %d1", None, Ref::Accepts),
    Case::new("ext_inst.types.25", GLSL_BASE, "%a = OpExtInst %v2u %glsl UnpackDouble2x32 %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.26", GLSL_BASE, "%a = OpExtInst %v2f %glsl UnpackDouble2x32 %d1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.24", GLSL_BASE, "%a = OpExtInst %v2f %glsl Refract %vf %vf %f1", None, Ref::Accepts),
    Case::new("valid.25", GLSL_BASE, "%a = OpExtInst %v2f %glsl Refract %vf %vf %h1", None, Ref::Accepts),
    Case::new("ext_inst.types.27", GLSL_BASE, "%a = OpExtInst %v2f %glsl Refract %vf %vf %vf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.28", GLSL_BASE, "%a = OpExtInst %v2f %glsl Refract %vf %vh %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.26", GLSL_BASE, "%a = OpExtInst %v2f %glsl Refract %vf %vf %d1", None, Ref::Accepts),
    Case::new("valid.27", GLSL_BASE, "%a = OpExtInst %v2h %glsl Refract %vh %vh %h1", None, Ref::Accepts),
    Case::new("valid.28", GLSL_BASE, "%a = OpExtInst %v2h %glsl Refract %vh %vh %f1", None, Ref::Accepts),
    Case::new("valid.29", GLSL_BASE, "%a = OpExtInst %int %glsl FindILsb %i1", None, Ref::Accepts),
    Case::new("valid.30", GLSL_BASE, "%a = OpExtInst %v2i %glsl FindILsb %vi", None, Ref::Accepts),
    Case::new("ext_inst.types.29", GLSL_BASE, "%a = OpExtInst %int %glsl FindILsb %vi", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.30", GLSL_BASE, "%a = OpExtInst %int %glsl FindILsb %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.31", GLSL_BASE, "%a = OpExtInst %uint %glsl FindSMsb %i1", None, Ref::Accepts),
    Case::new("valid.32", GLSL_BASE, "%a = OpExtInst %int %glsl FindUMsb %u1", None, Ref::Accepts),
    Case::new("ext_inst.types.31", GLSL_BASE, "%a = OpExtInst %long %glsl FindUMsb %l1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.32", GLSL_BASE, "%a = OpExtInst %int %glsl FindUMsb %l1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.33", GLSL_BASE, "%a = OpExtInst %float %glsl FindUMsb %u1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.33", GLSL_BASE, "%a = OpExtInst %v2f %glsl InterpolateAtCentroid %in2", None, Ref::Accepts),
    Case::new("ext_inst.types.34", GLSL_BASE, "%a = OpExtInst %float %glsl InterpolateAtCentroid %in2", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.35", GLSL_BASE, "%a = OpExtInst %v2f %glsl InterpolateAtCentroid %pv", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.34", GLSL_BASE, "%a = OpExtInst %v2f %glsl InterpolateAtSample %in2 %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.36", GLSL_BASE, "%a = OpExtInst %v2f %glsl InterpolateAtSample %in2 %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.35", GLSL_BASE, "%a = OpExtInst %v2f %glsl InterpolateAtOffset %in2 %vf", None, Ref::Accepts),
    Case::new("ext_inst.types.37", GLSL_BASE, "%a = OpExtInst %v2f %glsl InterpolateAtOffset %in2 %vi", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.38", GLSL_BASE, "%a = OpExtInst %v2f %glsl InterpolateAtOffset %in2 %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.39", GLSL_BASE, "%a = OpExtInst %int %glsl InterpolateAtCentroid %in2", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.40", GLSL_BASE, "%a = OpExtInst %v2f %glsl IMix %vf %vf %vf", Some("ext_inst.types"), Ref::Rejects),
];

#[test]
fn glsl_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
