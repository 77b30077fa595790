//! 8- and 16-bit types without their arithmetic capability are storage-only under Shader:
//! no constants or OpUndef of them (`instructions/small_constants.rs`). spirv-val 2025.5's
//! verdict (spv1.6) is recorded and re-checked by `reference_agrees`.

mod reference;
use reference::{check_case, Case, Ref};
use Ref::{Accepts as A, Rejects as R};

const BASE: &str = r#"OpCapability Shader
OpCapability StorageBuffer16BitAccess
OpCapability StorageBuffer8BitAccess
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%short = OpTypeInt 16 0
%half = OpTypeFloat 16
%char = OpTypeInt 8 0
%v2s = OpTypeVector %short 2
%st = OpTypeStruct %short
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
"#;

/// (declaration, extra capability, rule spirvkit reports, spirv-val's verdict).
#[rustfmt::skip]
const DECLARATIONS: &[(&str, &str, Option<&str>, Ref)] = &[
    ("%c = OpConstant %short 1", "", Some("constant.small_type"), R),
    ("%c = OpConstantNull %short", "", Some("constant.small_type"), R),
    ("%c = OpSpecConstant %short 1", "", Some("constant.small_type"), R),
    ("%c = OpConstant %half 1", "", Some("constant.small_type"), R),
    ("%c = OpConstant %char 1", "", Some("constant.small_type"), R),
    ("%c = OpConstantNull %st", "", Some("constant.small_type"), R),
    ("%c = OpConstantNull %v2s", "", Some("constant.small_type"), R),
    ("%u = OpUndef %short", "", Some("constant.small_type"), R),
    ("%c = OpConstant %short 1", "OpCapability Int16", None, A),
    ("%u = OpUndef %half", "OpCapability Float16", None, A),
    ("%c = OpConstant %char 1", "OpCapability Int8", None, A),
];

fn cases() -> Vec<Case> {
    DECLARATIONS
        .iter()
        .enumerate()
        .map(|(n, &(types, capability, rule, reference))| {
            let name: &'static str = Box::leak(format!("small_constant.{n}").into_boxed_str());
            Case::new(name, BASE, "", rule, reference)
                .with_types(types)
                .with_capabilities(capability)
        })
        .collect()
}

#[test]
fn small_type_constants() {
    for c in &cases() {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(cases().iter());
}
