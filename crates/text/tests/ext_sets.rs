//! Extended instruction sets as spirv-dis / spirv-as 2025.5 read them (each expectation was
//! observed with those tools): sets SPIRV-Tools does not ship (NonSemantic.DebugPrintf,
//! NonSemantic.DebugBreak, any other NonSemantic.* name) print instruction numbers and plain
//! ids, and their names do not assemble; NonSemantic.VkspReflection and ClspvReflection are
//! matched as `<name>.<version>` prefixes; a known instruction with words past its operands
//! is an error, not more ids.

use spirvkit_text::{assemble, disassemble, AssembleOptions, DisassembleOptions};

fn module(import: &str, inst: &str) -> String {
    format!(
        "OpCapability Shader
OpExtension \"SPV_KHR_non_semantic_info\"
%1 = OpExtInstImport \"{import}\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%u1 = OpConstant %uint 1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
%x = OpExtInst %void %1 {inst}
OpReturn
OpFunctionEnd
"
    )
}

fn ext_inst_line(words: &[u32]) -> String {
    let text = disassemble(words, &DisassembleOptions::default()).expect("disassembles");
    text.lines()
        .find(|l| l.contains("OpExtInst "))
        .unwrap_or("")
        .trim()
        .to_string()
}

#[test]
fn unshipped_non_semantic_sets_print_numbers() {
    for import in [
        "NonSemantic.DebugPrintf",
        "NonSemantic.DebugBreak",
        "NonSemantic.VkspReflection",
        "NonSemantic.ClspvReflectionX",
        "NonSemantic.Shader.DebugInfo.101",
    ] {
        let words = assemble(&module(import, "1 %u1"), &AssembleOptions::default())
            .unwrap_or_else(|e| panic!("{import}: {e}"));
        assert_eq!(
            ext_inst_line(&words),
            "%8 = OpExtInst %void %1 1 %uint_1",
            "{import}"
        );
    }
}

#[test]
fn unshipped_set_names_do_not_assemble() {
    let err = assemble(
        &module("NonSemantic.DebugPrintf", "DebugPrintf %u1"),
        &AssembleOptions::default(),
    )
    .expect_err("spirv-as 2025.5 does not know DebugPrintf");
    assert!(err
        .to_string()
        .contains("Couldn't translate unknown extended instruction name 'DebugPrintf'"));
}

#[test]
fn versioned_reflection_sets_use_their_grammar() {
    // Kernel (1) takes two ids in ClspvReflection; Configuration (1) more in VkspReflection:
    // with none, both disassemblers stop.
    for import in [
        "NonSemantic.ClspvReflection.6",
        "NonSemantic.VkspReflection.1",
    ] {
        let words = assemble(&module(import, "1"), &AssembleOptions::default())
            .unwrap_or_else(|e| panic!("{import}: {e}"));
        assert!(
            disassemble(&words, &DisassembleOptions::default()).is_err(),
            "{import}"
        );
    }
    let words = assemble(
        &module("NonSemantic.ClspvReflection.6", "Kernel %u1 %u1"),
        &AssembleOptions::default(),
    )
    .expect("assembles");
    assert_eq!(
        ext_inst_line(&words),
        "%8 = OpExtInst %void %1 Kernel %uint_1 %uint_1"
    );
}

#[test]
fn words_past_a_known_instruction_are_an_error() {
    // Arm.MotionEngine.100 MIN_SAD_COST has nine operands; spirv-dis: "expected no more
    // operands after 14 words, but stated word count is 15". The module is assembled under a
    // non-semantic name of the same length, then renamed.
    let placeholder = "NonSemantic.XXXXXXXX";
    let real = "Arm.MotionEngine.100";
    assert_eq!(placeholder.len(), real.len());
    let ids = ["%u1"; 10].join(" ");
    let mut words = assemble(
        &module(placeholder, &format!("1 {ids}")),
        &AssembleOptions::default(),
    )
    .expect("assembles");
    let from: Vec<u32> = placeholder
        .as_bytes()
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let to: Vec<u32> = real
        .as_bytes()
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let at = words
        .windows(from.len())
        .position(|w| w == from.as_slice())
        .expect("import name");
    words[at..at + to.len()].copy_from_slice(&to);
    assert!(disassemble(&words, &DisassembleOptions::default()).is_err());
    // Nine operands are right.
    let nine = ["%u1"; 9].join(" ");
    let mut words = assemble(
        &module(placeholder, &format!("1 {nine}")),
        &AssembleOptions::default(),
    )
    .expect("assembles");
    words[at..at + to.len()].copy_from_slice(&to);
    assert!(ext_inst_line(&words).contains("MIN_SAD_COST"));
}
