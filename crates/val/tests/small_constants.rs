//! Constants of 8/16-bit types that exist only through the storage capabilities
//! (`instructions/small_constants.rs`), both ways; spirv-val 2025.5's verdicts are recorded and
//! re-checked by `reference_agrees` when the reference tools exist.

mod reference;
use reference::{check_case, Case, Ref};

/// 8/16-bit types through StorageBuffer8BitAccess / StorageBuffer16BitAccess only; `TYPES` adds
/// module-scope declarations, capabilities come from `with_capabilities`.
const BASE: &str = r#"OpCapability Shader
OpCapability StorageBuffer16BitAccess
OpCapability StorageBuffer8BitAccess
OpExtension "SPV_KHR_16bit_storage"
OpExtension "SPV_KHR_8bit_storage"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%short = OpTypeInt 16 0
%char = OpTypeInt 8 0
%half = OpTypeFloat 16
%int = OpTypeInt 32 0
%v2s = OpTypeVector %short 2
%st = OpTypeStruct %int %half
%i2 = OpConstant %int 2
%arr = OpTypeArray %short %i2
%ps = OpTypePointer StorageBuffer %short
TYPES
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
"#;

const R: Option<&str> = Some("constant.small_type");
use Ref::{Accepts as A, Rejects as X};

const fn case(
    name: &'static str,
    types: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, BASE, "", rule, reference).with_types(types)
}

#[rustfmt::skip]
pub const CASES: &[Case] = &[
    case("none", "", None, A),
    case("short", "%c = OpConstant %short 1", R, X),
    case("char", "%c = OpConstant %char 1", R, X),
    case("half", "%c = OpConstant %half 1", R, X),
    case("null_vector", "%c = OpConstantNull %v2s", R, X),
    case("null_struct", "%c = OpConstantNull %st", R, X),
    case("null_array", "%c = OpConstantNull %arr", R, X),
    case("spec", "%c = OpSpecConstant %short 1", R, X),
    case("null_pointer", "%c = OpConstantNull %ps", None, A).with_capabilities("OpCapability VariablePointers"),
    case("int16", "%c = OpConstant %short 1", None, A).with_capabilities("OpCapability Int16"),
    case("int8", "%c = OpConstant %char 1", None, A).with_capabilities("OpCapability Int8"),
    case("float16", "%c = OpConstant %half 1", None, A).with_capabilities("OpCapability Float16"),
    case("int16_not_char", "%c = OpConstant %char 1", R, X).with_capabilities("OpCapability Int16"),
];

#[test]
fn small_constant_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
