//! Assembler error messages and positions, compared with what spirv-as 2025.5 reports
//! (`error: LINE: COL: message`) on the same inputs.

use spirvkit_text::{assemble, AssembleOptions};

const CASES: &[(&str, &str)] = &[
    ("OpCapability Shader\nFoo\n", "2:1: Expected <opcode> or <result-id> at the beginning of an instruction, found 'Foo'."),
    ("%1 OpTypeInt 32 0\n", "1:4: '=' expected after result id but found 'OpTypeInt'."),
    ("%1 = TypeInt 32 0\n", "1:6: Invalid Opcode prefix 'TypeInt'."),
    ("%1 = OpTypeIntt 32 0\n", "1:6: Invalid Opcode name 'OpTypeIntt'"),
    ("OpTypeInt 32 0\n", "1:1: Expected <result-id> at the beginning of an instruction, found 'OpTypeInt'."),
    ("%1 = OpCapability Shader\n", "1:6: Cannot set ID %1 because OpCapability does not produce a result ID."),
    ("%1 = OpTypeInt 32\n", "2:1: Expected operand for OpTypeInt instruction, but found the end of the stream."),
    ("%1 = OpTypeInt 32 0\n%2 = OpConstant %1 -1\n", "2:20: Cannot put a negative number in an unsigned literal"),
    ("%1 = OpTypeInt 16 1\n%2 = OpConstant %1 40000\n", "2:20: Integer 40000 does not fit in a 16-bit signed integer"),
    ("%1 = OpTypeFloat 32\n%2 = OpConstant %1 1e39\n", "2:20: Invalid 32-bit float literal: 1e39"),
    ("%1 = OpTypeFloat 32\n%2 = OpConstant %1 abc\n", "2:20: Invalid 32-bit float literal: abc"),
    ("OpCapability Shaderr\n", "1:14: Invalid capability 'Shaderr'."),
    // Lines and columns after comments, tabs, CR and a newline inside a string (which
    // spirv-as does not count), as spirv-as 2025.5 reports them.
    ("; c\n\t  OpCapability Shader ; x\n\tOpName %a \"x\ny\" Foo\n", "3:18: Expected <opcode> or <result-id> at the beginning of an instruction, found 'Foo'."),
    ("OpCapability Shader\nOpUnknown(1,\n 0\n)\n", "3:2: Number of words (which includes the opcode) must be greater than zero."),
    ("\r\n\t%1 = OpTypeInt 32 0\n  %2 = OpTypeInt 32 0\n %3 = OpConstant %2 1.5e\n", "4:21: Invalid unsigned integer literal: 1.5e"),
    ("OpMemoryModel Logical GLSL450 %1\n", "2:1: Expected '=', found end of stream."),
    ("OpName 1 \"x\"\n", "1:8: Expected id to start with %."),
    ("OpName %a-b \"x\"\n", "1:8: Invalid ID a-b"),
    ("OpName %a x\n", "1:11: Invalid literal string 'x'."),
    ("OpName %a 5\n", "1:11: Expected literal string, found literal number '5'."),
    ("%1 = OpExtInstImport \"Foo.bar\"\n", "1:22: Invalid extended instruction import 'Foo.bar'"),
    ("%1 = OpExtInstImport \"GLSL.std.450\"\n%2 = OpTypeFloat 32\n%3 = OpExtInst %2 %1 Foo %2\n", "3:22: Invalid extended instruction name 'Foo'."),
    ("%2 = OpTypeFloat 32\n%3 = OpExtInst %2 %2 Sin %2\n", "2:19: Invalid extended instruction import Id 2"),
    ("%1 = OpTypeInt 32 0\n%2 = OpSpecConstantOp %1 Bogus %1\n", "2:26: Invalid OpSpecConstantOp opcode 'Bogus'."),
    ("!0x00020011 !1 =\n", "1:16: !0x00020011 not allowed before =."),
    ("!xyz\n", "1:1: Invalid immediate integer: !xyz"),
    ("%1 = OpTypeInt 32 0\n%1 = OpTypeInt 32 0\n", "2:20: Value 1 has already been used to generate a type"),
    ("%1 = OpTypeInt 32 0\n%2 = OpTypePointer Function %1\n%3 = OpUndef %2\n%4 = OpLoad %1 %3 Volatile|Foo\n", "4:19: Invalid memory access operand 'Volatile|Foo'."),
    ("%x =\n", "2:1: Expected opcode, found end of stream."),
    ("%x\n", "2:1: Expected '=', found end of stream."),
    ("%1 = OpTypeInt 32 0\n%2 = OpConstant %1\n", "3:1: Expected operand for OpConstant instruction, but found the end of the stream."),
    ("%1 = OpTypeInt 32 0\n%2 = OpConstant %1\nOpCapability Shader\n", "3:1: Expected operand for OpConstant instruction, but found the next instruction instead."),
    ("%1 = OpTypeStruct\n%2 = OpConstant %1 5\n", "2:20: Type for Constant must be a scalar floating point or integer type"),
    ("OpSource GLSL 450 %1 foo\n", "1:22: Expected <opcode> or <result-id> at the beginning of an instruction, found 'foo'."),
    ("OpUnknown(17, 0)\n", "1:15: Number of words (which includes the opcode) must be greater than zero."),
    ("OpUnknown(9999, 5) 1\n", "2:1: Expected 3 more operands, found end of stream."),
    ("OpUnknown 17 2 1\n", "1:11: '(' expected after OpUnknown but found '1'."),
    ("%1 = OpTypeInt 32 0\n%2 = OpUnknown(9999, 3) %1 0\n", "2:6: OpUnknown not allowed in assignment. Use an explicit result id operand instead."),
    ("OpUnknown(17, 2) Shader\n", "1:18: Invalid word following !<integer>: Shader"),
    ("", "1:1: Missing assembly text."),
];

#[test]
fn errors_match_spirv_as() {
    let mut bad = Vec::new();
    for (src, expected) in CASES {
        match assemble(src, &AssembleOptions::default()) {
            Ok(_) => bad.push(format!("{src:?}: accepted, expected {expected}")),
            Err(e) => {
                if e.to_string() != *expected {
                    bad.push(format!("{src:?}: got `{e}`, expected `{expected}`"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// spirv-as knows an opcode by name only in the SPIR-V versions that have it (unless a
/// capability or extension can enable it): the `; Version:` comment or `--target-env` decides.
#[test]
fn opcodes_newer_than_the_module_version_are_unknown_names() {
    use spirvkit_text::TargetEnv;
    let text = "; Version: 1.0\n%1 = OpTypeInt 32 0\n%2 = OpUndef %1\n%3 = OpCopyLogical %1 %2\n";
    let e = assemble(text, &AssembleOptions::default()).expect_err("1.0 has no OpCopyLogical");
    assert_eq!(e.to_string(), "4:6: Invalid Opcode name 'OpCopyLogical'");
    let v14 = AssembleOptions {
        target_env: Some(TargetEnv::Spv(1, 4)),
        ..Default::default()
    };
    assert!(assemble(text, &v14).is_ok());
    assert!(assemble(&text.replace("1.0", "1.4"), &AssembleOptions::default()).is_ok());
    // Capability-enabled opcodes stay known in every version.
    assert!(assemble(
        "; Version: 1.0\nOpCapability Kernel\n%1 = OpTypeEvent\n",
        &AssembleOptions::default()
    )
    .is_ok());
}
