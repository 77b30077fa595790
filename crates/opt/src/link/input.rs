//! Reading the inputs: decode, validate, find the linkage symbols (with word offsets for
//! messages) and shift ids into the module's range of the merged id space. Each input is
//! independent, so the caller runs this in parallel.

use super::error::LinkError;
use super::symbols::{LinkageKind, Symbol};
use super::LinkOptions;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::module::Section;
use spirvkit_core::{Id, Module, Operand};
use spirvkit_grammar::{Decoration, Op};

/// What linking needs to know of one input before merging (local ids): its header (with the
/// bound the ids in use need), symbols, entry points, memory model and how many global
/// instructions each section has. The decoded module itself is dropped: the merge decodes
/// each input again straight into the linked module, so the inputs' IR is never all held at
/// once beside the linked module's.
pub struct Scan {
    pub header: spirvkit_core::Header,
    pub symbols: Vec<Symbol>,
    /// (execution model, name, word offset) of each OpEntryPoint.
    pub entry_points: Vec<(u32, Box<str>, usize)>,
    /// (addressing model, memory model).
    pub memory_model: Option<(u32, u32)>,
    pub counts: [usize; super::merge::SECTIONS],
}

/// Reads, validates and scans one input.
pub fn scan(
    index: usize,
    name: &str,
    words: &[u32],
    options: &LinkOptions,
) -> Result<Scan, LinkError> {
    let module = read(name, words, options)?;
    let (symbols, entry_points) = collect(index, name, &module)?;
    let mut counts = [0; super::merge::SECTIONS];
    for inst in &module.globals {
        counts[super::merge::bucket(inst.section())] += 1;
    }
    let memory_model = module
        .globals
        .iter()
        .find(|g| g.opcode == Op::MemoryModel)
        .and_then(|mm| {
            Some((
                mm.operands.first().and_then(Operand::word)?,
                mm.operands.get(1).and_then(Operand::word)?,
            ))
        });
    Ok(Scan {
        header: module.header,
        symbols,
        entry_points,
        memory_model,
        counts,
    })
}

/// Decodes an input already scanned, every id moved up by `shift`.
pub fn decode_shifted(name: &str, words: &[u32], shift: u32) -> Result<Module, LinkError> {
    let mut module = Module::from_words(words).map_err(|e| LinkError::Decode {
        file: name.to_string(),
        word_offset: e.word_offset,
        message: e.kind.to_string(),
    })?;
    if shift != 0 {
        let bump = |id: Id| Id(id.0 + shift);
        for inst in &mut module.globals {
            inst.map_ids(bump);
        }
        for function in &mut module.functions {
            for inst in function.instructions_mut() {
                inst.map_ids(bump);
            }
        }
    }
    Ok(module)
}

/// Decodes and (unless disabled) validates one input.
pub fn read(name: &str, words: &[u32], options: &LinkOptions) -> Result<Module, LinkError> {
    if options.validate_inputs {
        let opts = spirvkit_val::ValidatorOptions::new(options.target_env);
        if let Some(d) = spirvkit_val::diagnostics(words, &opts).into_iter().next() {
            let mut message = d.message;
            if let Some(text) = d.instruction {
                message.push_str("\n  ");
                message.push_str(&text);
            }
            return Err(LinkError::Invalid {
                file: name.to_string(),
                word_offset: d.word_offset.unwrap_or(0),
                message,
            });
        }
    }
    let mut module = Module::from_words(words).map_err(|e| LinkError::Decode {
        file: name.to_string(),
        word_offset: e.word_offset,
        message: e.kind.to_string(),
    })?;
    // The ids in use decide the merged id space, not the header's bound (which may be far
    // larger than needed, or hostile): per-id tables then stay proportional to the input.
    let max = module
        .instructions()
        .flat_map(|i| i.result_id.into_iter().chain(i.used_ids()))
        .map(|id| id.0)
        .max()
        .unwrap_or(0);
    module.header.bound = max + 1;
    Ok(module)
}

type Collected = (Vec<Symbol>, Vec<(u32, Box<str>, usize)>);

fn collect(index: usize, name: &str, module: &Module) -> Result<Collected, LinkError> {
    let mut offset = spirvkit_core::binary::HEADER_WORDS;
    let mut groups: FxHashMap<Id, (Box<str>, u32)> = FxHashMap::default();
    let mut built_ins: FxHashSet<Id> = FxHashSet::default();
    let mut built_in_groups: FxHashSet<Id> = FxHashSet::default();
    let group_ids: FxHashSet<Id> = module
        .globals
        .iter()
        .filter(|i| i.opcode == Op::DecorationGroup)
        .filter_map(|i| i.result_id)
        .collect();
    let mut found = Vec::new();
    let mut entry_points = Vec::new();
    for inst in &module.globals {
        let at = offset;
        offset += inst.word_count();
        match inst.opcode {
            Op::EntryPoint => {
                if let (Some(model), Some(ep_name)) = (
                    inst.operands.first().and_then(Operand::word),
                    inst.operands.get(2).and_then(Operand::string),
                ) {
                    entry_points.push((model, ep_name.into(), at));
                }
            }
            Op::Decorate => {
                let (Some(target), Some(decoration)) = (
                    inst.operands.first().and_then(Operand::id),
                    inst.operands.get(1).and_then(Operand::word),
                ) else {
                    continue;
                };
                if decoration == Decoration::BuiltIn.0 {
                    if group_ids.contains(&target) {
                        built_in_groups.insert(target);
                    } else {
                        built_ins.insert(target);
                    }
                    continue;
                }
                if decoration != Decoration::LinkageAttributes.0 {
                    continue;
                }
                let (Some(symbol), Some(kind)) = (
                    inst.operands.get(2).and_then(Operand::string),
                    inst.operands.get(3).and_then(Operand::word),
                ) else {
                    continue;
                };
                if group_ids.contains(&target) {
                    groups.insert(target, (symbol.into(), kind));
                } else {
                    found.push((target, symbol.into(), kind, at));
                }
            }
            Op::GroupDecorate => {
                let Some(group) = inst.operands.first().and_then(Operand::id) else {
                    continue;
                };
                if built_in_groups.contains(&group) {
                    built_ins.extend(
                        inst.operands
                            .get(1..)
                            .unwrap_or_default()
                            .iter()
                            .filter_map(Operand::id),
                    );
                }
                if let Some((symbol, kind)) = groups.get(&group) {
                    for target in inst
                        .operands
                        .get(1..)
                        .unwrap_or_default()
                        .iter()
                        .filter_map(Operand::id)
                    {
                        found.push((target, symbol.clone(), *kind, at));
                    }
                }
            }
            _ => {}
        }
    }
    let defs = module.def_index();
    let mut symbols = Vec::with_capacity(found.len());
    for (id, symbol, kind, at) in found {
        // spirv-link skips built-in variables: they are the environment's, not a module's.
        if built_ins.contains(&id) {
            continue;
        }
        let Some(kind) = LinkageKind::from_word(kind) else {
            continue;
        };
        let def = module.def(&defs, id);
        let is_function = def.is_some_and(|d| d.opcode == Op::Function);
        let is_global_variable = def.is_some_and(|d| {
            matches!(d.opcode, Op::Variable | Op::UntypedVariableKHR)
                && Section::of(d.opcode) == Section::TypesAndGlobals
                && matches!(defs.get(id), spirvkit_core::module::DefLocation::Global(_))
        });
        if !is_function && !is_global_variable {
            return Err(LinkError::NotLinkable {
                symbol: symbol.to_string(),
                id: id.0,
                at: Box::new(super::Location {
                    file: name.to_string(),
                    word_offset: at,
                    text: String::new(),
                }),
            });
        }
        symbols.push(Symbol {
            name: symbol,
            kind,
            id,
            module: index,
            word_offset: at,
            is_function,
        });
    }
    Ok((symbols, entry_points))
}
