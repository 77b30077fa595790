//! GLSL.std.450 instructions with operand shapes of their own (`instructions/ext_glsl.rs`),
//! each tested both ways: Determinant, MatrixInverse, Modf/ModfStruct, Frexp/FrexpStruct,
//! Ldexp, Pack/Unpack, Refract, FindILsb/FindSMsb/FindUMsb, InterpolateAt* and the retired
//! IMix. Every case's spirv-val 2025.5 verdict is recorded and re-checked by
//! `reference_agrees` when the reference tools exist.

mod fixtures;
mod reference;
use fixtures::GLSL_BASE;
use reference::{check_case, Case, Ref};

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
