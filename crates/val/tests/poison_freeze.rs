//! SPV_KHR_poison_freeze (revision 2 of the registry's specification): every rule with a
//! valid and an invalid case. spirv-val 2025.5 does not know the extension (it rejects its
//! capability, "Invalid capability operand: 5156"), so each case records its rejection and
//! spirvkit's verdict follows the specification.

mod reference;
use reference::{check_case, check_reference, Case, Ref};

/// Two kernels, both with ArithmeticPoisonKHR (what the capability requires), and a module
/// scope OpPoisonKHR.
const BASE: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability PoisonFreezeKHR
OpExtension \"SPV_KHR_poison_freeze\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
OpEntryPoint Kernel %k2 \"k2\"
OpExecutionMode %k ArithmeticPoisonKHR
OpExecutionMode %k2 ArithmeticPoisonKHR
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%uint_4 = OpConstant %uint 4
%arr = OpTypeArray %uint %uint_4
%v4 = OpTypeVector %uint 4
%fn = OpTypeFunction %void
%poison = OpPoisonKHR %uint
TYPES
%k = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
%k2 = OpFunction %void None %fn
%e2 = OpLabel
OpReturn
OpFunctionEnd
";

/// The same module with the mode on the first kernel only.
const ONE_MODE: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability PoisonFreezeKHR
OpExtension \"SPV_KHR_poison_freeze\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
OpEntryPoint Kernel %k2 \"k2\"
OpExecutionMode %k ArithmeticPoisonKHR
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%fn = OpTypeFunction %void
%k = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
%k2 = OpFunction %void None %fn
%e2 = OpLabel
OpReturn
OpFunctionEnd
";

/// OpPoisonKHR without the extension's capability / the capability without the extension.
const NO_CAPABILITY: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability Linkage
OpMemoryModel Physical64 OpenCL
%uint = OpTypeInt 32 0
%poison = OpPoisonKHR %uint
";
const NO_EXTENSION: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability Linkage
OpCapability PoisonFreezeKHR
OpMemoryModel Physical64 OpenCL
%uint = OpTypeInt 32 0
%poison = OpPoisonKHR %uint
";

const VALID_BODY: &str = "%f = OpFreezeKHR %uint %poison
%p = OpPoisonKHR %v4
%fv = OpFreezeKHR %v4 %p
%fc = OpFreezeKHR %arr %c
%s = OpIAdd %uint %f %uint_4";
const CONSTITUENTS: &str = "%c = OpConstantComposite %arr %poison %poison %uint_4 %poison
%sc = OpSpecConstantComposite %arr %poison %uint_4 %poison %poison";

pub const CASES: &[Case] = &[
    Case::new("poison_freeze.valid", BASE, VALID_BODY, None, Ref::Rejects).with_types(CONSTITUENTS),
    Case::new(
        "poison.result_type",
        BASE,
        "",
        Some("poison.result_type"),
        Ref::Rejects,
    )
    .with_types("%pv = OpPoisonKHR %void"),
    Case::new(
        "freeze.value_type",
        BASE,
        "%f = OpFreezeKHR %float %poison",
        Some("freeze.value_type"),
        Ref::Rejects,
    ),
    Case::new(
        "freeze.result_type",
        BASE,
        "%f = OpFreezeKHR %void %poison",
        Some("freeze.result_type"),
        Ref::Rejects,
    ),
    Case::new(
        "freeze.placement",
        BASE,
        "",
        Some("freeze.placement"),
        Ref::Rejects,
    )
    .with_types("%f = OpFreezeKHR %uint %poison"),
    Case::new(
        "poison_freeze.entry_point_mode",
        ONE_MODE,
        "",
        Some("poison_freeze.entry_point_mode"),
        Ref::Rejects,
    ),
    Case::new(
        "poison_freeze.capability",
        NO_CAPABILITY,
        "",
        Some("capability.opcode"),
        Ref::Rejects,
    ),
    Case::new(
        "poison_freeze.extension",
        NO_EXTENSION,
        "",
        Some("version.operand"),
        Ref::Rejects,
    ),
];

#[test]
fn every_rule_has_a_valid_and_an_invalid_case() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    check_reference(CASES.iter());
}

/// The two instructions in both text forms: spirv-as syntax (assemble, disassemble, assemble
/// again gives the same words) and llvm-spirv's `-spirv-text` (written and read back), with
/// the specification's opcodes and word counts: OpPoisonKHR 5158 (3 words), OpFreezeKHR 5159
/// (4 words).
#[test]
fn text_forms_round_trip() {
    let words = CASES[0].words();
    let opcodes: Vec<u32> = {
        let mut out = Vec::new();
        let mut i = 5;
        while i < words.len() {
            out.push(words[i]);
            i += (words[i] >> 16).max(1) as usize;
        }
        out
    };
    assert!(opcodes.contains(&((3 << 16) | 5158)), "OpPoisonKHR");
    assert!(opcodes.contains(&((4 << 16) | 5159)), "OpFreezeKHR");
    let text = spirvkit_text::disassemble(&words, &Default::default()).expect("disassemble");
    assert!(
        text.contains("OpPoisonKHR %uint") && text.contains("OpFreezeKHR %uint"),
        "{text}"
    );
    let again = spirvkit_text::assemble(&text, &Default::default()).expect("assemble");
    assert_eq!(again, words);
    let spt = spirvkit_text::llvm_text::write(&words).expect("llvm-spirv text");
    let spt = String::from_utf8(spt).expect("utf-8");
    assert!(
        spt.contains(" PoisonKHR ") && spt.contains(" FreezeKHR "),
        "{spt}"
    );
    assert!(
        // llvm-spirv prints execution modes by number.
        spt.lines()
            .any(|l| l.contains("ExecutionMode") && l.trim_end().ends_with(" 5157")),
        "{spt}"
    );
    let back = spirvkit_text::llvm_text::read(spt.as_bytes()).expect("read back");
    assert_eq!(back, words);
}
