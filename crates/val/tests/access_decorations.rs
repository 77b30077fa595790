//! Targets of NonWritable / NonReadable (`access_decorations.rs`): uniform blocks, storage
//! buffers and storage images everywhere; Function/Private variables for NonWritable from
//! SPIR-V 1.4. spirv-val 2025.5's verdict (spv1.6 environment) is recorded and re-checked by
//! `reference_agrees`.

mod reference;
use reference::{check_case, Case, Ref};
use Ref::{Accepts as A, Rejects as R};

const BASE_1_3: &str = r#"; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %v DEC
OpDecorate %blk Block
OpDecorate %bb BufferBlock
OpMemberDecorate %blk 0 Offset 0
OpMemberDecorate %bb 0 Offset 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%blk = OpTypeStruct %float
%bb = OpTypeStruct %float
%simg = OpTypeImage %float 2D 0 0 0 2 Rgba32f
%timg = OpTypeImage %float 2D 0 0 0 1 Unknown
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
"#;

/// (SPIR-V version, decoration, declarations, rule spirvkit reports, spirv-val's verdict).
#[rustfmt::skip]
const TARGETS: &[(&str, &str, &str, Option<&str>, Ref)] = &[
    ("1.3", "NonWritable", "%p = OpTypePointer Private %float\n%v = OpVariable %p Private", Some("decoration.access_target"), R),
    ("1.3", "NonWritable", "%p = OpTypePointer Workgroup %float\n%v = OpVariable %p Workgroup", Some("decoration.access_target"), R),
    ("1.3", "NonWritable", "%p = OpTypePointer Uniform %blk\n%v = OpVariable %p Uniform", None, A),
    ("1.3", "NonWritable", "%p = OpTypePointer Uniform %bb\n%v = OpVariable %p Uniform", None, A),
    ("1.3", "NonWritable", "%p = OpTypePointer StorageBuffer %blk\n%v = OpVariable %p StorageBuffer", None, A),
    ("1.3", "NonWritable", "%p = OpTypePointer UniformConstant %simg\n%v = OpVariable %p UniformConstant", None, A),
    ("1.3", "NonWritable", "%p = OpTypePointer UniformConstant %timg\n%v = OpVariable %p UniformConstant", Some("decoration.access_target"), R),
    ("1.3", "NonWritable", "%p = OpTypePointer Uniform %float\n%v = OpVariable %p Uniform", Some("decoration.access_target"), R),
    ("1.3", "NonWritable", "%p = OpTypePointer Function %float\n%fp = OpTypeFunction %void %p\n%f2 = OpFunction %void None %fp\n%v = OpFunctionParameter %p\n%l = OpLabel\nOpReturn\nOpFunctionEnd", Some("decoration.access_target"), R),
    ("1.4", "NonWritable", "%p = OpTypePointer Private %float\n%v = OpVariable %p Private", None, A),
    ("1.4", "NonWritable", "%p = OpTypePointer Workgroup %float\n%v = OpVariable %p Workgroup", Some("decoration.access_target"), R),
    ("1.4", "NonWritable", "%p = OpTypePointer Uniform %blk\n%v = OpVariable %p Uniform", None, A),
    ("1.4", "NonWritable", "%p = OpTypePointer StorageBuffer %blk\n%v = OpVariable %p StorageBuffer", None, A),
    ("1.4", "NonWritable", "%p = OpTypePointer UniformConstant %simg\n%v = OpVariable %p UniformConstant", None, A),
    ("1.4", "NonWritable", "%p = OpTypePointer UniformConstant %timg\n%v = OpVariable %p UniformConstant", Some("decoration.access_target"), R),
    ("1.4", "NonWritable", "%p = OpTypePointer Uniform %float\n%v = OpVariable %p Uniform", Some("decoration.access_target"), R),
    ("1.4", "NonWritable", "%p = OpTypePointer Function %float\n%fp = OpTypeFunction %void %p\n%f2 = OpFunction %void None %fp\n%v = OpFunctionParameter %p\n%l = OpLabel\nOpReturn\nOpFunctionEnd", Some("decoration.access_target"), R),
    ("1.3", "NonReadable", "%p = OpTypePointer Private %float\n%v = OpVariable %p Private", Some("decoration.access_target"), R),
    ("1.3", "NonReadable", "%p = OpTypePointer Workgroup %float\n%v = OpVariable %p Workgroup", Some("decoration.access_target"), R),
    ("1.3", "NonReadable", "%p = OpTypePointer Uniform %blk\n%v = OpVariable %p Uniform", None, A),
    ("1.3", "NonReadable", "%p = OpTypePointer Uniform %bb\n%v = OpVariable %p Uniform", None, A),
    ("1.3", "NonReadable", "%p = OpTypePointer StorageBuffer %blk\n%v = OpVariable %p StorageBuffer", None, A),
    ("1.3", "NonReadable", "%p = OpTypePointer UniformConstant %simg\n%v = OpVariable %p UniformConstant", None, A),
    ("1.3", "NonReadable", "%p = OpTypePointer UniformConstant %timg\n%v = OpVariable %p UniformConstant", Some("decoration.access_target"), R),
    ("1.3", "NonReadable", "%p = OpTypePointer Uniform %float\n%v = OpVariable %p Uniform", Some("decoration.access_target"), R),
    ("1.3", "NonReadable", "%p = OpTypePointer Function %float\n%fp = OpTypeFunction %void %p\n%f2 = OpFunction %void None %fp\n%v = OpFunctionParameter %p\n%l = OpLabel\nOpReturn\nOpFunctionEnd", Some("decoration.access_target"), R),
    ("1.4", "NonReadable", "%p = OpTypePointer Private %float\n%v = OpVariable %p Private", Some("decoration.access_target"), R),
    ("1.4", "NonReadable", "%p = OpTypePointer Workgroup %float\n%v = OpVariable %p Workgroup", Some("decoration.access_target"), R),
    ("1.4", "NonReadable", "%p = OpTypePointer Uniform %blk\n%v = OpVariable %p Uniform", None, A),
    ("1.4", "NonReadable", "%p = OpTypePointer StorageBuffer %blk\n%v = OpVariable %p StorageBuffer", None, A),
    ("1.4", "NonReadable", "%p = OpTypePointer UniformConstant %simg\n%v = OpVariable %p UniformConstant", None, A),
    ("1.4", "NonReadable", "%p = OpTypePointer UniformConstant %timg\n%v = OpVariable %p UniformConstant", Some("decoration.access_target"), R),
    ("1.4", "NonReadable", "%p = OpTypePointer Uniform %float\n%v = OpVariable %p Uniform", Some("decoration.access_target"), R),
    ("1.4", "NonReadable", "%p = OpTypePointer Function %float\n%fp = OpTypeFunction %void %p\n%f2 = OpFunction %void None %fp\n%v = OpFunctionParameter %p\n%l = OpLabel\nOpReturn\nOpFunctionEnd", Some("decoration.access_target"), R),
];

fn cases() -> Vec<Case> {
    TARGETS
        .iter()
        .enumerate()
        .map(|(n, &(version, decoration, types, rule, reference))| {
            let base = if version == "1.3" {
                BASE_1_3.to_string()
            } else {
                // BufferBlock is gone from SPIR-V 1.4.
                BASE_1_3
                    .replace("; Version: 1.3", "; Version: 1.4")
                    .lines()
                    .filter(|l| !l.contains("%bb"))
                    .map(|l| format!("{l}\n"))
                    .collect()
            };
            let base: &'static str = Box::leak(base.replace("DEC", decoration).into_boxed_str());
            let name: &'static str =
                Box::leak(format!("access.{n}.{decoration}.{version}").into_boxed_str());
            Case::new(name, base, "", rule, reference).with_types(types)
        })
        .collect()
}

#[test]
fn access_decoration_targets() {
    for c in &cases() {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(cases().iter());
}
