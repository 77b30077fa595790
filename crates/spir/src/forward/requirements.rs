//! What the grammar says an instruction or enumerant needs, declared in the module.

use crate::error::{unsupported, Result};
use crate::forward::translator::Translator;
use spirvkit_grammar::OperandKind;

/// Declares what a grammar instruction or enumerant needs: one of its capabilities (unless
/// one is declared already), its extension (refused, naming it, unless `--spirv-ext` allows
/// it; often declared only on the capability) and its SPIR-V version.
pub(crate) fn require(
    t: &mut Translator<'_>,
    loc: &str,
    name: &str,
    avail: &spirvkit_grammar::Availability,
) -> Result<()> {
    // An instruction's extension is often declared only on its capability.
    let extensions = match avail.capabilities.first() {
        Some(&c) if avail.extensions.is_empty() && !t.b.has_capability(c) => {
            OperandKind::Capability
                .desc()
                .enumerant(c.0)
                .filter(|e| e.avail.version.is_none())
                .map_or(avail.extensions, |e| e.avail.extensions)
        }
        _ if avail.version.is_none() => avail.extensions,
        _ => &[],
    };
    if !extensions.is_empty() {
        let Some(ext) = extensions.iter().find(|e| t.opts.allows(e)) else {
            return Err(unsupported(
                loc,
                format!(
                    "{name} without --spirv-ext=+{} (the extension it needs)",
                    extensions.join(",+")
                ),
            ));
        };
        t.b.extension(ext);
    }
    if let Some(version) = avail.version {
        if version > t.opts.max_version {
            return Err(unsupported(
                loc,
                format!(
                    "{name}: needs SPIR-V {}",
                    spirvkit_grammar::version_string(version)
                ),
            ));
        }
        t.needed_version = t.needed_version.max(version);
    }
    if let Some(&first) = avail.capabilities.first() {
        if !avail.capabilities.iter().any(|&c| t.b.has_capability(c)) {
            t.b.capability(first);
        }
    }
    Ok(())
}
