//! Generic `NonSemantic.*` rules (SPV_KHR_non_semantic_info): importing a non-semantic set
//! needs the extension before SPIR-V 1.6 (which took the extension into core). Unknown
//! non-semantic sets take any operands; their results may only be used by other
//! non-semantic instructions (`ids.rs`), and OpExtInst may not reference ids defined later
//! (`ext_debug::forward_reference_allowed`).

use super::Sink;
use spirvkit_grammar::Op;

const EXTENSION: &str = "SPV_KHR_non_semantic_info";

pub fn check_imports(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if st.version >= 0x0001_0600
        || st.extensions.contains(EXTENSION)
        || !st.opcodes.contains(Op::ExtInstImport)
    {
        return;
    }
    for (index, inst) in st.insts.iter().enumerate() {
        if inst.op() == Op::ExtInstImport && st.string(inst, 1).starts_with("NonSemantic.") {
            s.err(
                "ext_inst.non_semantic_import",
                index as u32,
                "NonSemantic extended instruction sets cannot be declared without \
                 SPV_KHR_non_semantic_info (or SPIR-V 1.6 or later)",
                &[],
            );
        }
    }
}
