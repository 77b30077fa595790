//! The merged module: header (version rule, generator, bound) and the inputs' sections
//! concatenated in logical-layout order, with the checks spirv-link makes while merging
//! (one memory model, no entry point defined twice).

use super::error::LinkError;
use super::input::Input;
use super::render::Sources;
use super::{LinkOptions, GENERATOR};
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

const SECTIONS: usize = 11;

fn bucket(section: Section) -> usize {
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

/// Moves every input into one module. `bound` is the merged id bound.
pub fn merge(
    inputs: Vec<Input>,
    version: u32,
    bound: u32,
    sources: &Sources<'_>,
) -> Result<Module, LinkError> {
    check_memory_models(&inputs, sources)?;
    check_entry_points(&inputs, sources)?;
    // Exact capacities: the instruction lists are most of the linker's memory, so no list
    // grows by doubling and the sections are moved once into the final list.
    let mut counts = [0usize; SECTIONS];
    for input in &inputs {
        for inst in &input.module.globals {
            counts[bucket(inst.section())] += 1;
        }
    }
    counts[bucket(Section::DebugModuleProcessed)] += 1;
    let mut sections: [Vec<Instruction>; SECTIONS] =
        std::array::from_fn(|i| Vec::with_capacity(counts[i]));
    let mut functions = Vec::with_capacity(inputs.iter().map(|i| i.module.functions.len()).sum());
    let mut memory_model_seen = false;
    for input in inputs {
        for inst in input.module.globals {
            if inst.opcode == Op::MemoryModel {
                if memory_model_seen {
                    continue;
                }
                memory_model_seen = true;
            }
            sections[bucket(inst.section())].push(inst);
        }
        functions.extend(input.module.functions);
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
    let mut globals = Vec::with_capacity(counts.iter().sum());
    for mut section in sections {
        globals.append(&mut section);
    }
    module.globals = globals;
    module.functions = functions;
    Ok(module)
}

fn check_memory_models(inputs: &[Input], sources: &Sources<'_>) -> Result<(), LinkError> {
    let models = inputs.iter().enumerate().filter_map(|(i, input)| {
        let mm = input
            .module
            .globals
            .iter()
            .find(|g| g.opcode == Op::MemoryModel)?;
        Some((
            i,
            mm.operands.first().and_then(Operand::word)?,
            mm.operands.get(1).and_then(Operand::word)?,
        ))
    });
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

fn check_entry_points(inputs: &[Input], sources: &Sources<'_>) -> Result<(), LinkError> {
    let mut seen: FxHashMap<(u32, &str), (usize, usize)> = FxHashMap::default();
    for (i, input) in inputs.iter().enumerate() {
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
