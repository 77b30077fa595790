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
    let capability = avail
        .capabilities
        .first()
        .filter(|&&c| !t.b.has_capability(c))
        .and_then(|c| OperandKind::Capability.desc().enumerant(c.0));
    let extensions = match capability {
        Some(c) if avail.extensions.is_empty() => c.avail.extensions,
        _ => avail.extensions,
    };
    let core_since = avail
        .version
        .or_else(|| capability.and_then(|c| c.avail.version))
        .filter(|_| avail.version.is_some() || avail.extensions.is_empty());
    // The extension when allowed (it keeps the module's version low, as llvm-spirv does);
    // else the core version that has the feature, if any; else a refusal naming it.
    if let Some(ext) = extensions.iter().find(|e| t.opts.allows(e)) {
        t.b.extension(ext);
    } else if let Some(version) = core_since {
        if version > t.opts.max_version {
            let or_extension = if extensions.is_empty() {
                String::new()
            } else {
                format!(" or --spirv-ext=+{}", extensions.join(",+"))
            };
            return Err(unsupported(
                loc,
                format!(
                    "{name}: needs SPIR-V {}{or_extension}",
                    spirvkit_grammar::version_string(version),
                ),
            ));
        }
        t.needed_version = t.needed_version.max(version);
    } else if !extensions.is_empty() {
        return Err(unsupported(
            loc,
            format!(
                "{name} without --spirv-ext=+{} (the extension it needs)",
                extensions.join(",+")
            ),
        ));
    }
    if let Some(&first) = avail.capabilities.first() {
        if !avail.capabilities.iter().any(|&c| t.b.has_capability(c)) {
            t.b.capability(first);
        }
    }
    Ok(())
}

/// Whether `require` would accept what `avail` describes (its extension allowed, or its core
/// version within `--spirv-max-version`): the constructs llvm-spirv drops without their
/// extension ask this first.
pub(crate) fn available(t: &Translator<'_>, avail: &spirvkit_grammar::Availability) -> bool {
    let capability = avail
        .capabilities
        .first()
        .and_then(|c| OperandKind::Capability.desc().enumerant(c.0));
    let extensions = match capability {
        Some(c) if avail.extensions.is_empty() => c.avail.extensions,
        _ => avail.extensions,
    };
    let core_since = avail
        .version
        .or_else(|| capability.and_then(|c| c.avail.version))
        .filter(|_| avail.version.is_some() || avail.extensions.is_empty());
    // The capability's own extension counts too (an enumerant "core since 1.0" whose
    // capability only an extension declares, as RuntimeAlignedINTEL).
    let capability_ok = capability.is_none_or(|c| {
        c.avail.extensions.is_empty()
            || c.avail.extensions.iter().any(|e| t.opts.allows(e))
            || c.avail.version.is_some_and(|v| v <= t.opts.max_version)
    });
    capability_ok
        && (extensions.iter().any(|e| t.opts.allows(e))
            || core_since.is_some_and(|v| v <= t.opts.max_version)
            || (extensions.is_empty() && core_since.is_none()))
}
