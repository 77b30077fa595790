//! llvm-spirv's own SPIR-V text format (`llvm-spirv -spirv-text`, `-to-text`, `-to-binary`):
//! the binary's words as decimal numbers, one instruction per line (`WORDCOUNT OpName
//! operands`), with opcode, capability, decoration, linkage-type and OpenCL.std instruction
//! names spelled out and strings quoted. It is not spirv-as syntax: it is what the
//! translator's module writer (`SPIRVModule`'s `operator<<` with `SPIRVUseTextFormat`) prints.
//!
//! llvm-spirv prints a module it has decoded into its own in-memory form, in its own canonical
//! order; for modules it wrote itself (translator outputs) that order is the binary's, which is
//! what [`write`] reproduces byte for byte, blank lines included. [`read`] turns such text back
//! into the binary's words.

mod read;
mod write;

pub use read::{read, ReadError};
pub use write::{write, WriteError};

/// Whether `bytes` look like llvm-spirv text: the first word is the SPIR-V magic number in
/// decimal (llvm-spirv's own test, `IsSPIRVText`).
pub fn is_llvm_spirv_text(bytes: &[u8]) -> bool {
    let text = bytes.trim_ascii_start();
    let end = text
        .iter()
        .position(|c| c.is_ascii_whitespace())
        .unwrap_or(text.len());
    text.get(..end) == Some(b"119734787".as_slice())
}

/// Operand kinds llvm-spirv prints (and reads) by name rather than number.
fn named_kind(kind: spirvkit_grammar::OperandKind) -> bool {
    use spirvkit_grammar::OperandKind as K;
    matches!(kind, K::Capability | K::Decoration | K::LinkageType)
}

/// Extended instruction sets whose instructions llvm-spirv prints by name: OpenCL.std, and
/// the debug-info sets, which share one name table in llvm-spirv (`SPIRVDebugExtOpMap`): the
/// OpenCL.DebugInfo.100 numbering, NonSemantic.Shader.DebugInfo.100's own instructions from
/// 101, and llvm-spirv's `.200` additions from 200.
const DEBUG_SETS: &[&str] = &[
    "OpenCL.DebugInfo.100",
    "SPIRV.debug",
    "NonSemantic.Shader.DebugInfo.100",
    "NonSemantic.Shader.DebugInfo.200",
    "NonSemantic.Kernel.DebugInfo.100",
];

/// llvm-spirv's additions to NonSemantic.Shader.DebugInfo.100, which no grammar has.
const DEBUG_ADDITIONS: &[(u32, &str)] = &[
    (200, "DebugModule"),
    (201, "DebugTypeSubrange"),
    (202, "DebugTypeArrayDynamic"),
    (203, "DebugTypeString"),
];

/// llvm-spirv's NonSemantic.AuxData set (`--spirv-preserve-auxdata`), which no grammar has:
/// its instructions print as `NonSemanticAuxData` and the record's name.
const AUX_DATA_SET: &str = "NonSemantic.AuxData";
const AUX_DATA: &[(u32, &str)] = &[
    (0, "NonSemanticAuxDataFunctionMetadata"),
    (1, "NonSemanticAuxDataFunctionAttribute"),
    (2, "NonSemanticAuxDataGlobalVariableMetadata"),
    (3, "NonSemanticAuxDataGlobalVariableAttribute"),
    (4, "NonSemanticAuxDataLinkage"),
    (5, "NonSemanticAuxDataInstructionMetadata"),
];

/// The names no grammar table gives for the set imported as `set`.
fn extra_names(set: &str) -> &'static [(u32, &'static str)] {
    if DEBUG_SETS.contains(&set) {
        DEBUG_ADDITIONS
    } else if set == AUX_DATA_SET {
        AUX_DATA
    } else {
        &[]
    }
}

/// The grammar tables a set's names come from, in lookup order.
fn name_tables(set: &str) -> Vec<&'static spirvkit_grammar::ExtInstSetDesc> {
    let sets: &[&str] = if set == "OpenCL.std" {
        &["OpenCL.std"]
    } else if DEBUG_SETS.contains(&set) {
        &["OpenCL.DebugInfo.100", "NonSemantic.Shader.DebugInfo.100"]
    } else {
        &[]
    };
    sets.iter()
        .filter_map(|s| spirvkit_grammar::ext_inst_set_by_import_name(s))
        .collect()
}

/// The name llvm-spirv prints for instruction `number` of the set imported as `set`.
fn ext_inst_name(set: &str, number: u32) -> Option<&'static str> {
    name_tables(set)
        .into_iter()
        .find_map(|t| t.instruction(number).map(|e| e.opname))
        .or_else(|| {
            extra_names(set)
                .iter()
                .find(|(n, _)| *n == number)
                .map(|(_, name)| *name)
        })
}

/// The number of the instruction llvm-spirv names `name` in the set imported as `set`.
fn ext_inst_number(set: &str, name: &str) -> Option<u32> {
    name_tables(set)
        .into_iter()
        .find_map(|t| t.instruction_by_name(name).map(|e| e.opcode))
        .or_else(|| {
            extra_names(set)
                .iter()
                .find(|(_, n)| *n == name)
                .map(|(number, _)| *number)
        })
}
