//! The merged module: header (version rule, generator, bound) and the inputs' sections
//! concatenated in logical-layout order, with the checks spirv-link makes while merging
//! (one memory model, no entry point defined twice).

use super::error::LinkError;
use super::input::{decode_shifted, Scan};
use super::render::Sources;
use super::{LinkOptions, GENERATOR};
use rayon::prelude::*;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::module::Section;
use spirvkit_core::{Header, Instruction, Module, Operand};
use spirvkit_grammar::{Op, OperandKind};

/// The linked module's version: equal versions required unless `use_highest_version`.
pub fn version(
    headers: &[Header],
    options: &LinkOptions,
    sources: &Sources<'_>,
) -> Result<u32, LinkError> {
    let highest = headers
        .iter()
        .map(|h| h.version)
        .max()
        .unwrap_or(0x0001_0000);
    if !options.use_highest_version {
        if let Some(first) = headers.first() {
            if let Some(i) = headers.iter().position(|h| h.version != first.version) {
                return Err(LinkError::VersionConflict {
                    first_file: sources.name(0),
                    first_version: spirvkit_grammar::version_string(first.version),
                    file: sources.name(i),
                    version: spirvkit_grammar::version_string(headers[i].version),
                    highest: spirvkit_grammar::version_string(highest),
                });
            }
        }
    }
    Ok(highest)
}

fn enumerant_name(kind: OperandKind, value: u32) -> String {
    kind.desc()
        .enumerant(value)
        .map_or_else(|| value.to_string(), |e| e.name.to_string())
}

pub const SECTIONS: usize = 11;

pub fn bucket(section: Section) -> usize {
    match section {
        Section::Capability => 0,
        Section::Extension => 1,
        Section::ExtInstImport => 2,
        Section::MemoryModel => 3,
        Section::EntryPoint => 4,
        Section::ExecutionMode => 5,
        Section::DebugSource => 6,
        Section::DebugName => 7,
        Section::DebugModuleProcessed => 8,
        Section::Annotation => 9,
        Section::TypesAndGlobals | Section::Function => 10,
    }
}

/// Decodes every input (ids shifted) straight into one module, sections in order. `bound` is
/// the merged id bound.
pub fn merge(
    scans: &[Scan],
    shifts: &[u32],
    version: u32,
    bound: u32,
    sources: &Sources<'_>,
) -> Result<Module, LinkError> {
    check_memory_models(scans, sources)?;
    check_entry_points(scans, sources)?;
    // Exact capacities: the instruction lists are most of the linker's memory. The first
    // section's list has room for all, so the others are appended to it without a copy of
    // the whole (untouched capacity costs no memory).
    let mut counts = [0usize; SECTIONS];
    for scan in scans {
        for (c, n) in counts.iter_mut().zip(scan.counts) {
            *c += n;
        }
    }
    counts[bucket(Section::DebugModuleProcessed)] += 1;
    let total: usize = counts.iter().sum();
    let mut sections: [Vec<Instruction>; SECTIONS] =
        std::array::from_fn(|i| Vec::with_capacity(if i == 0 { total } else { counts[i] }));
    let mut functions = Vec::new();
    let mut memory_model_seen = false;
    // Decoded in parallel a chunk at a time: the chunk's IR is all that exists beside the
    // linked module.
    let inputs: Vec<usize> = (0..scans.len()).collect();
    for chunk in inputs.chunks(64) {
        let decoded: Vec<Result<Module, LinkError>> = chunk
            .par_iter()
            .map(|&i| {
                let words = sources.words.get(i).copied().unwrap_or(&[]);
                decode_shifted(&sources.name(i), words, shifts.get(i).copied().unwrap_or(0))
            })
            .collect();
        for module in decoded {
            let module = module?;
            for inst in module.globals {
                if inst.opcode == Op::MemoryModel {
                    if memory_model_seen {
                        continue;
                    }
                    memory_model_seen = true;
                }
                sections[bucket(inst.section())].push(inst);
            }
            functions.extend(module.functions);
        }
    }
    if version >= 0x0001_0100 {
        sections[bucket(Section::DebugModuleProcessed)].push(Instruction::new(
            Op::ModuleProcessed,
            None,
            None,
            [Operand::String("Linked by spirvkit".into())],
        ));
    }
    let mut module = Module::new(Header::new(version, GENERATOR, bound));
    let [mut globals, rest @ ..] = sections;
    for mut section in rest {
        globals.append(&mut section);
    }
    module.globals = globals;
    module.functions = functions;
    Ok(module)
}

fn check_memory_models(scans: &[Scan], sources: &Sources<'_>) -> Result<(), LinkError> {
    let models = scans
        .iter()
        .enumerate()
        .filter_map(|(i, scan)| scan.memory_model.map(|(a, m)| (i, a, m)));
    let mut first = None;
    for (i, addressing, memory) in models {
        let Some((f, fa, fm)) = first else {
            first = Some((i, addressing, memory));
            continue;
        };
        let (what, kind, a, b) = if fa != addressing {
            ("addressing", OperandKind::AddressingModel, fa, addressing)
        } else if fm != memory {
            ("memory", OperandKind::MemoryModel, fm, memory)
        } else {
            continue;
        };
        return Err(LinkError::ModelConflict {
            what,
            first_file: sources.name(f),
            first: enumerant_name(kind, a),
            file: sources.name(i),
            other: enumerant_name(kind, b),
        });
    }
    Ok(())
}

fn check_entry_points(scans: &[Scan], sources: &Sources<'_>) -> Result<(), LinkError> {
    let mut seen: FxHashMap<(u32, &str), (usize, usize)> = FxHashMap::default();
    for (i, input) in scans.iter().enumerate() {
        for (model, name, at) in &input.entry_points {
            if let Some(&(m, first_at)) = seen.get(&(*model, &**name)) {
                return Err(LinkError::DuplicateEntryPoint {
                    name: name.to_string(),
                    model: enumerant_name(OperandKind::ExecutionModel, *model),
                    first: sources.at(m, first_at),
                    second: sources.at(i, *at),
                });
            }
            seen.insert((*model, name), (i, *at));
        }
    }
    Ok(())
}
