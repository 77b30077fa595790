//! Reading the inputs, in two steps. `prepare` (every input, in parallel): validate, read the
//! header and count each section's global instructions from the raw words (no decoding), so
//! the merged module's lists get their exact sizes. `decode` (a chunk of inputs at a time,
//! in parallel): decode once, find the linkage symbols (with word offsets for messages), the
//! entry points, the memory model and the ids in use; `shift` then moves the ids into the
//! input's range of the merged id space.

use super::error::LinkError;
use super::merge::{bucket, SECTIONS};
use super::symbols::{LinkageKind, Symbol};
use super::LinkOptions;
use spirvkit_core::binary::HEADER_WORDS;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::module::Section;
use spirvkit_core::{Header, Id, Module, Operand};
use spirvkit_grammar::{Decoration, Op};

/// What the merge needs before decoding an input: its header and how many global
/// instructions each section has.
pub struct Prepared {
    pub header: Header,
    pub counts: [usize; SECTIONS],
}

/// What linking needs to know of one decoded input (local ids): the bound its ids in use
/// need, symbols, entry points and memory model.
pub struct Scan {
    /// Largest id in use + 1 (the header's bound may be far larger than needed, or hostile:
    /// the ids in use decide the merged id space, so per-id tables stay proportional).
    pub bound: u32,
    pub symbols: Vec<Symbol>,
    /// (execution model, name, word offset) of each OpEntryPoint.
    pub entry_points: Vec<(u32, Box<str>, usize)>,
    /// (addressing model, memory model).
    pub memory_model: Option<(u32, u32)>,
}

/// Validates (unless disabled) one input and reads its header and section sizes.
pub fn prepare(name: &str, words: &[u32], options: &LinkOptions) -> Result<Prepared, LinkError> {
    if options.validate_inputs {
        validate(name, words, options)?;
    }
    let header = *spirvkit_core::Parser::new(words)
        .map_err(|e| decode_error(name, e))?
        .header();
    // Stepping over word counts until the first function; a malformed stream only makes the
    // counts (capacities) wrong, and decoding reports it.
    let mut counts = [0; SECTIONS];
    let mut at = HEADER_WORDS;
    while let Some(&first) = words.get(at) {
        let (count, opcode) = ((first >> 16) as usize, Op((first & 0xFFFF) as u16));
        if count == 0 || opcode == Op::Function {
            break;
        }
        counts[bucket(Section::of(opcode))] += 1;
        at += count;
    }
    Ok(Prepared { header, counts })
}

fn validate(name: &str, words: &[u32], options: &LinkOptions) -> Result<(), LinkError> {
    // The inputs are validated in parallel with each other: each one's checks run in
    // sequence (nested parallelism costs more than it gains on small modules).
    let opts = spirvkit_val::ValidatorOptions {
        sequential: true,
        ..spirvkit_val::ValidatorOptions::new(options.target_env)
    };
    match spirvkit_val::diagnostics(words, &opts).into_iter().next() {
        None => Ok(()),
        Some(d) => {
            let mut message = d.message;
            if let Some(text) = d.instruction {
                message.push_str("\n  ");
                message.push_str(&text);
            }
            Err(LinkError::Invalid {
                file: name.to_string(),
                word_offset: d.word_offset.unwrap_or(0),
                message,
            })
        }
    }
}

fn decode_error(name: &str, e: spirvkit_core::DecodeError) -> LinkError {
    LinkError::Decode {
        file: name.to_string(),
        word_offset: e.word_offset,
        message: e.kind.to_string(),
    }
}

/// Decodes input `index` and scans it (ids still the file's own).
pub fn decode(index: usize, name: &str, words: &[u32]) -> Result<(Module, Scan), LinkError> {
    let module = Module::from_words(words).map_err(|e| decode_error(name, e))?;
    let max = module
        .instructions()
        .flat_map(|i| i.result_id.into_iter().chain(i.used_ids()))
        .map(|id| id.0)
        .max()
        .unwrap_or(0);
    let (symbols, entry_points) = collect(index, name, &module)?;
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
    let scan = Scan {
        bound: max + 1,
        symbols,
        entry_points,
        memory_model,
    };
    Ok((module, scan))
}

/// Moves every id of a decoded input up by `shift`.
pub fn shift(module: &mut Module, shift: u32) {
    if shift == 0 {
        return;
    }
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

type Collected = (Vec<Symbol>, Vec<(u32, Box<str>, usize)>);

fn collect(index: usize, name: &str, module: &Module) -> Result<Collected, LinkError> {
    let mut offset = HEADER_WORDS;
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
