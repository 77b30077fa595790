//! Instructions and enumerants from the grammar supplement (extensions newer than the pinned
//! SPIRV-Headers, `crates/grammar/supplement`): the assembler reads them by name and the
//! validator knows OpAbortKHR (SPV_KHR_abort) ends a block, as OpUnreachable does.

mod common;
use common::{assemble, assert_rule, assert_valid};

const ABORT: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability Linkage
OpCapability AbortKHR
OpExtension \"SPV_KHR_abort\"
OpMemoryModel Physical64 OpenCL
OpDecorate %f LinkageAttributes \"f\" Export
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%msg = OpConstant %uint 7
%fnty = OpTypeFunction %void
%f = OpFunction %void None %fnty
%entry = OpLabel
OpAbortKHR %uint %msg
OpFunctionEnd
";

#[test]
fn abort_ends_a_block() {
    assert_valid(&assemble(ABORT));
    // The same block without a terminator is still refused.
    let open = ABORT.replace("OpAbortKHR %uint %msg\n", "");
    assert_rule(&assemble(&open), "layout.block");
}

#[test]
fn supplement_enumerants_assemble_by_name() {
    let text = ABORT
        .replace(
            "OpCapability AbortKHR\n",
            "OpCapability AbortKHR\nOpCapability WeakLinkageAMD\n",
        )
        .replace(
            "OpExtension \"SPV_KHR_abort\"\n",
            "OpExtension \"SPV_KHR_abort\"\nOpExtension \"SPV_AMD_weak_linkage\"\n",
        )
        .replace("\"f\" Export", "\"f\" WeakAMD");
    let words = assemble(&text);
    assert!(
        words.windows(2).any(|w| w == [u32::from(b'f'), 3]),
        "LinkageAttributes \"f\" WeakAMD is the linkage type 3"
    );
    assert_valid(&words);
}
