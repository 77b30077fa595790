//! The capability and extension sections as llvm-spirv writes them. Its module keeps
//! capabilities in an ordered map keyed by enumerant and extensions in an ordered set, and
//! declaring a capability declares the capabilities it implicitly declares as well
//! (`SPIRVModuleImpl::addCapability`), so its output lists `Matrix` beside `Shader` and
//! `FPGAKernelAttributesINTEL` beside `FPGAKernelAttributesv2INTEL`, ascending by enumerant,
//! and extensions sorted by name. Tests check those lines in order (`CHECK-SPIRV: Capability
//! A` then `Capability B`), so spirvkit writes the same order.

use crate::forward::translator::Translator;
use spirvkit_grammar::OperandKind;

impl Translator<'_> {
    /// Adds the implicitly declared capabilities (those the module may declare: their
    /// extension is declared and their version reached) and sorts both sections.
    pub(crate) fn order_capabilities_and_extensions(&mut self) {
        let mut declared = self.b.declared_capabilities();
        let mut extra = Vec::new();
        let mut next = 0;
        while next < declared.len() {
            let capability = declared[next];
            next += 1;
            let Some(e) = OperandKind::Capability.desc().enumerant(capability) else {
                continue;
            };
            for implied in e.avail.capabilities {
                if declared.contains(&implied.0) {
                    continue;
                }
                let Some(desc) = OperandKind::Capability.desc().enumerant(implied.0) else {
                    continue;
                };
                let extensions = desc.avail.extensions;
                let allowed = match desc.avail.version {
                    Some(v) if v <= self.needed_version => true,
                    _ if !extensions.is_empty() => {
                        extensions.iter().any(|x| self.b.has_extension(x))
                    }
                    version => version.is_none(),
                };
                if allowed {
                    declared.push(implied.0);
                    extra.push(implied.0);
                }
            }
        }
        self.b.sort_capabilities_and_extensions(&extra);
    }
}
