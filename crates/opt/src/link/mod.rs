//! The SPIR-V linker (spirv-link's behaviour, seed 003 §3.2): joins modules whose functions
//! and global variables are exported and imported by name with `LinkageAttributes`.
//!
//! Pipeline: validate each input and size its sections from the raw words (in parallel,
//! `input::prepare`); check versions; decode each input once, straight into the merged module
//! with its ids shifted into a disjoint range, collecting its symbols (`merge`, `input::decode`);
//! bind imports to definitions (`symbols`); deduplicate types, constants and module-level
//! declarations over the merged module (`crate::dedup`), so equal types have equal ids; check
//! types and decorations agree (`types`, `decorations`), inserting casts for pointer mismatches
//! when allowed; rename imports to definitions and drop declarations and linkage decorations
//! (`rewrite`); drop functions no entry point reaches from an executable; recompute
//! entry-point interfaces (`interface`); renumber ids (`compact`). Every step is linear in the
//! total size.

mod compact;
mod decorations;
mod error;
mod input;
mod interface;
mod merge;
mod render;
mod rewrite;
mod symbols;
mod types;

pub use error::{LinkError, Location};
pub use spirvkit_val::TargetEnv;

use rayon::prelude::*;
use render::Sources;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::{Id, Module};
use spirvkit_grammar::Op;
use types::Agreement;

/// The generator word of linked modules: spirvkit has no registered tool id, and writes 0 as
/// the translator does.
pub const GENERATOR: u32 = 0;

/// spirv-link's options.
#[derive(Clone, Debug)]
pub struct LinkOptions {
    /// Keep Export (and LinkOnceODR) decorations and the Linkage capability.
    pub create_library: bool,
    /// Leave imports without a definition imported instead of failing.
    pub allow_partial_linkage: bool,
    /// Link inputs of different SPIR-V versions into the highest one.
    pub use_highest_version: bool,
    /// Accept imported functions whose pointer parameters (or return) point to other types
    /// than the definition's, casting at each call.
    pub allow_pointer_mismatch: bool,
    /// Check that every result id of the merged module is defined once.
    pub verify_ids: bool,
    /// Environment the inputs are validated for.
    pub target_env: TargetEnv,
    /// Validate each input before linking (spirv-link does not; an invalid input is reported
    /// against its own file instead of surfacing as a broken linked module).
    pub validate_inputs: bool,
    /// Keep functions no entry point reaches in a linked executable (spirv-link keeps them;
    /// by default they are removed, as `--eliminate-dead-functions` would).
    pub keep_dead_functions: bool,
}

impl Default for LinkOptions {
    fn default() -> Self {
        Self {
            create_library: false,
            allow_partial_linkage: false,
            use_highest_version: false,
            allow_pointer_mismatch: false,
            verify_ids: false,
            target_env: TargetEnv::Universal,
            validate_inputs: true,
            keep_dead_functions: false,
        }
    }
}

/// One input with the name errors use for it (usually its path).
#[derive(Clone, Copy, Debug)]
pub struct NamedInput<'a> {
    pub name: &'a str,
    pub words: &'a [u32],
}

/// Links modules given as host-order words; errors call them "module N".
pub fn link(inputs: &[&[u32]], options: &LinkOptions) -> Result<Vec<u32>, LinkError> {
    let names: Vec<String> = (0..inputs.len()).map(|i| format!("module {i}")).collect();
    let named: Vec<NamedInput<'_>> = names
        .iter()
        .zip(inputs)
        .map(|(name, words)| NamedInput { name, words })
        .collect();
    link_named(&named, options)
}

/// Links named modules; errors name the files.
pub fn link_named(inputs: &[NamedInput<'_>], options: &LinkOptions) -> Result<Vec<u32>, LinkError> {
    let module = link_to_module(inputs, options)?;
    let words = module.to_words();
    // Freeing the IR (an allocation or more per instruction) need not delay the caller.
    rayon::spawn(move || drop(module));
    Ok(words)
}

/// Links named modules into a module.
pub fn link_to_module(
    inputs: &[NamedInput<'_>],
    options: &LinkOptions,
) -> Result<Module, LinkError> {
    if inputs.is_empty() {
        return Err(LinkError::NoInputs);
    }
    let names: Vec<&str> = inputs.iter().map(|i| i.name).collect();
    let words: Vec<&[u32]> = inputs.iter().map(|i| i.words).collect();
    let sources = Sources {
        names: &names,
        words: &words,
    };
    let prepared = inputs
        .par_iter()
        .map(|input| input::prepare(input.name, input.words, options))
        .collect::<Vec<_>>()
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
    let headers: Vec<_> = prepared.iter().map(|p| p.header).collect();
    let version = merge::version(&headers, options, &sources)?;
    let merge::Merged {
        mut module,
        scans,
        shifts,
    } = merge::merge(&prepared, version, &sources).map_err(|e| with_text(e, &sources))?;
    drop(prepared);
    let symbols: Vec<symbols::Symbol> = scans
        .into_iter()
        .zip(&shifts)
        .flat_map(|(scan, &shift)| {
            scan.symbols.into_iter().map(move |s| symbols::Symbol {
                id: Id(s.id.0 + shift),
                ..s
            })
        })
        .collect();
    if options.verify_ids {
        compact::verify_ids(&module)?;
    }
    let resolution = symbols::resolve(&symbols, options.allow_partial_linkage, &sources, &shifts)?;
    let odr = symbols::link_once_duplicates(&symbols);

    crate::dedup::deduplicate(&mut module, crate::dedup::DedupScope::ALL);

    let defs = module.def_index();
    let pairs = resolution
        .bindings
        .iter()
        .map(|&(i, d)| (i, d, true))
        .chain(odr.iter().map(|&(dup, first)| (dup, first, false)));
    // Decorations matter only on the symbols bound and their parameters.
    let mut compared: FxHashSet<Id> = FxHashSet::default();
    for (i, d, _) in pairs.clone() {
        for s in [&symbols[i], &symbols[d]] {
            compared.insert(s.id);
            if s.is_function {
                compared.extend(decorations::parameters(&module, &defs, s.id));
            }
        }
    }
    let table = decorations::DecorationTable::new(&module, &compared);
    let local = |s: &symbols::Symbol| {
        s.id.0
            .saturating_sub(shifts.get(s.module).copied().unwrap_or(0))
    };
    let at = |s: &symbols::Symbol| sources.symbol(s.module, s.word_offset, local(s), &[]);
    let mut casts: FxHashMap<Id, types::CallCasts> = FxHashMap::default();
    let mut replace: FxHashMap<Id, Id> = FxHashMap::default();
    for (i, d, is_import) in pairs {
        let (import, def) = (&symbols[i], &symbols[d]);
        let allow = options.allow_pointer_mismatch && is_import;
        match types::agreement(&module, &defs, import.id, def.id, allow) {
            Agreement::Same => {}
            Agreement::PointerCasts(c) => {
                casts.insert(import.id, c);
            }
            Agreement::Mismatch(hint) => {
                return Err(LinkError::TypeMismatch {
                    symbol: import.name.to_string(),
                    hint,
                    import: at(import),
                    export: at(def),
                })
            }
        }
        check_decorations(&module, &defs, &table, import, def, &sources, &shifts)?;
        replace.insert(import.id, def.id);
    }
    types::insert_casts(&mut module, &casts);
    rewrite::replace_and_remove(&mut module, &replace);
    rewrite::remove_linkage(
        &mut module,
        options.create_library,
        options.allow_partial_linkage,
    );
    rewrite::declarations_first(&mut module);
    // An executable: what no entry point reaches is dead (exports are gone, so only entry
    // points and what globals reference are roots). Without entry points everything would
    // be, so such a module is left whole.
    let executable = !options.create_library
        && !options.keep_dead_functions
        && module.globals.iter().any(|i| i.opcode == Op::EntryPoint);
    if executable {
        crate::passes::eliminate_dead_functions::remove_dead_functions(&mut module);
    }
    interface::recompute(&mut module);
    compact::compact_ids(&mut module);
    if module.header.bound > 0x3F_FFFF {
        return Err(LinkError::IdLimit {
            bound: u64::from(module.header.bound),
        });
    }
    Ok(module)
}

fn check_decorations(
    module: &Module,
    defs: &spirvkit_core::module::DefIndex,
    table: &decorations::DecorationTable,
    import: &symbols::Symbol,
    def: &symbols::Symbol,
    sources: &Sources<'_>,
    shifts: &[u32],
) -> Result<(), LinkError> {
    // Shows the symbol with the decorations of `target` (the symbol or a parameter).
    let at = |s: &symbols::Symbol, target: Id| {
        let shift = shifts.get(s.module).copied().unwrap_or(0);
        sources.decorated(
            s.module,
            s.word_offset,
            s.id.0.saturating_sub(shift),
            target.0.saturating_sub(shift),
        )
    };
    if !table.same(import.id, def.id) {
        return Err(LinkError::DecorationMismatch {
            symbol: import.name.to_string(),
            what: String::new(),
            import: at(import, import.id),
            export: at(def, def.id),
        });
    }
    if import.is_function {
        let ip = decorations::parameters(module, defs, import.id);
        let dp = decorations::parameters(module, defs, def.id);
        for (n, (a, b)) in ip.iter().zip(&dp).enumerate() {
            if !table.parameter_agrees(*a, *b) {
                return Err(LinkError::DecorationMismatch {
                    symbol: import.name.to_string(),
                    what: format!(" (parameter {n})"),
                    import: at(import, *a),
                    export: at(def, *b),
                });
            }
        }
    }
    Ok(())
}

/// Fills in the rendering of errors raised where the sources were not at hand.
fn with_text(error: LinkError, sources: &Sources<'_>) -> LinkError {
    match error {
        LinkError::NotLinkable { symbol, id, at } => {
            let module = sources
                .names
                .iter()
                .position(|n| *n == at.file)
                .unwrap_or(0);
            LinkError::NotLinkable {
                symbol,
                id,
                at: sources.at(module, at.word_offset),
            }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests;
