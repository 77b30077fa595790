//! Linkage symbols and their resolution: which export each import binds to (spirv-link's
//! rules), and which extra LinkOnceODR definitions fold into the first one.

use super::error::LinkError;
use super::render::Sources;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::Id;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkageKind {
    Export,
    Import,
    LinkOnceOdr,
}

impl LinkageKind {
    pub fn from_word(word: u32) -> Option<Self> {
        match word {
            0 => Some(LinkageKind::Export),
            1 => Some(LinkageKind::Import),
            2 => Some(LinkageKind::LinkOnceOdr),
            _ => None,
        }
    }

    fn is_definition(self) -> bool {
        matches!(self, LinkageKind::Export | LinkageKind::LinkOnceOdr)
    }
}

/// A `LinkageAttributes` decoration's target.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: Box<str>,
    pub kind: LinkageKind,
    /// The decorated function or global variable (shifted into the merged id space).
    pub id: Id,
    /// Index of the input.
    pub module: usize,
    /// Word offset of the decoration (or the OpGroupDecorate applying it) in its file.
    pub word_offset: usize,
    pub is_function: bool,
}

/// What resolution decided, as indices into the symbol list.
#[derive(Debug, Default)]
pub struct Resolution {
    /// (import, the definition it binds to).
    pub bindings: Vec<(usize, usize)>,
    /// Imports left unresolved (only with partial linkage).
    pub unresolved: Vec<usize>,
}

/// Binds imports to exports. `shifts` gives each module's id shift (for messages in the file's
/// own ids).
pub fn resolve(
    symbols: &[Symbol],
    allow_partial: bool,
    sources: &Sources<'_>,
    shifts: &[u32],
) -> Result<Resolution, LinkError> {
    let local = |s: &Symbol| {
        s.id.0
            .saturating_sub(shifts.get(s.module).copied().unwrap_or(0))
    };
    let at = |s: &Symbol| sources.symbol(s.module, s.word_offset, local(s), &[]);
    let mut definitions: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
    for (i, s) in symbols.iter().enumerate() {
        if s.kind.is_definition() {
            definitions.entry(&s.name).or_default().push(i);
        }
    }
    // Checked in input order so the error is the same whatever the hash order.
    for (i, s) in symbols.iter().enumerate() {
        if !s.kind.is_definition() {
            continue;
        }
        let Some(defs) = definitions.get(&*s.name) else {
            continue;
        };
        if defs.first() != Some(&i) {
            continue;
        }
        let export = defs
            .iter()
            .find(|&&d| symbols[d].kind == LinkageKind::Export);
        let once = defs
            .iter()
            .find(|&&d| symbols[d].kind == LinkageKind::LinkOnceOdr);
        if let (Some(&e), Some(&o)) = (export, once) {
            return Err(LinkError::ExportAndLinkOnce {
                symbol: s.name.to_string(),
                export: at(&symbols[e]),
                link_once: at(&symbols[o]),
            });
        }
    }
    let mut resolution = Resolution::default();
    for (i, s) in symbols.iter().enumerate() {
        if s.kind != LinkageKind::Import {
            continue;
        }
        let defs = definitions.get(&*s.name).map_or(&[][..], Vec::as_slice);
        match defs {
            [] if allow_partial => resolution.unresolved.push(i),
            [] => {
                return Err(LinkError::UnresolvedImport {
                    symbol: s.name.to_string(),
                    import: at(s),
                })
            }
            [first, ..] => {
                let strong = defs
                    .iter()
                    .filter(|&&d| symbols[d].kind == LinkageKind::Export)
                    .count();
                if strong > 1 {
                    return Err(LinkError::DuplicateExport {
                        symbol: s.name.to_string(),
                        count: strong,
                        import: at(s),
                        exports: defs.iter().map(|&d| *at(&symbols[d])).collect(),
                    });
                }
                // LinkOnceODR: every definition is equivalent; the first one wins.
                resolution.bindings.push((i, *first));
            }
        }
    }
    Ok(resolution)
}

/// Extra LinkOnceODR definitions of a name, each paired with the first one (which replaces
/// them: one definition survives the link, as the ODR promises they are equivalent).
pub fn link_once_duplicates(symbols: &[Symbol]) -> Vec<(usize, usize)> {
    let mut first: FxHashMap<&str, usize> = FxHashMap::default();
    let mut out = Vec::new();
    for (i, s) in symbols.iter().enumerate() {
        if s.kind != LinkageKind::LinkOnceOdr {
            continue;
        }
        match first.get(&*s.name) {
            Some(&f) if symbols[f].is_function == s.is_function => out.push((i, f)),
            Some(_) => {}
            None => {
                first.insert(&s.name, i);
            }
        }
    }
    out
}
