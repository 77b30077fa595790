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
    // One reference run per process (the helper's scratch folder is per process).
    reference::check_reference(CASES.iter().chain(NULL_CASES.iter()));
}

/// Null logical pointers (`instructions/logical_pointers.rs`): `TYPES` declares `%c`.
const NULL_POINTER_BASE: &str = r#"OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 0
%psb = OpTypePointer StorageBuffer %int
%pwg = OpTypePointer Workgroup %int
%pfn = OpTypePointer Function %int
TYPES
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
"#;

const P: Option<&str> = Some("logical_pointer.result");
const VP: &str = "OpCapability VariablePointers";
const VPSB: &str = "OpCapability VariablePointersStorageBuffer";

const fn null(
    name: &'static str,
    types: &'static str,
    capabilities: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, NULL_POINTER_BASE, "", rule, reference)
        .with_types(types)
        .with_capabilities(capabilities)
}

#[rustfmt::skip]
pub const NULL_CASES: &[Case] = &[
    null("null.sb", "%c = OpConstantNull %psb", "", P, X),
    null("null.sb_vpsb", "%c = OpConstantNull %psb", VPSB, None, A),
    null("null.sb_vp", "%c = OpConstantNull %psb", VP, None, A),
    null("null.wg_vpsb", "%c = OpConstantNull %pwg", VPSB, P, X),
    null("null.wg_vp", "%c = OpConstantNull %pwg", VP, None, A),
    null("null.function_vp", "%c = OpConstantNull %pfn", VP, P, X),
    null("undef.function", "%c = OpUndef %pfn", "", None, A),
];

#[test]
fn null_pointer_rules() {
    for c in NULL_CASES {
        check_case(c);
    }
}
