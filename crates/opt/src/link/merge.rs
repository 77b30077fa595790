//! The merged module: header (version rule, generator, bound) and the inputs' sections
//! concatenated in logical-layout order, with the checks spirv-link makes while merging
//! (one memory model, no entry point defined twice).

use super::error::LinkError;
use super::input::{decode, shift, Prepared, Scan};
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

/// The merged module with what was learnt decoding the inputs.
pub struct Merged {
    pub module: Module,
    /// Per input, its scan (local ids) and how far its ids moved.
    pub scans: Vec<Scan>,
    pub shifts: Vec<u32>,
}

/// Decodes every input once, straight into one module with sections in order: input i's ids
/// move up by the sum of the earlier inputs' bounds - 1. Inputs are decoded in parallel a
/// chunk at a time, so the chunk's IR is all that exists beside the linked module; memory
/// models and entry points are checked as each input comes.
pub fn merge(
    prepared: &[Prepared],
    version: u32,
    sources: &Sources<'_>,
) -> Result<Merged, LinkError> {
    // Exact capacities: the instruction lists are most of the linker's memory. The first
    // section's list has room for all, so the others are appended to it without a copy of
    // the whole (untouched capacity costs no memory).
    let mut counts = [0usize; SECTIONS];
    for p in prepared {
        for (c, n) in counts.iter_mut().zip(p.counts) {
            *c += n;
        }
    }
    counts[bucket(Section::DebugModuleProcessed)] += 1;
    let total: usize = counts.iter().sum();
    let mut sections: [Vec<Instruction>; SECTIONS] =
        std::array::from_fn(|i| Vec::with_capacity(if i == 0 { total } else { counts[i] }));
    let mut functions = Vec::new();
    let mut memory_model_seen = false;
    let mut checks = Checks::default();
    let mut scans = Vec::with_capacity(prepared.len());
    let mut shifts = Vec::with_capacity(prepared.len());
    let mut next: u64 = 0;
    let inputs: Vec<usize> = (0..prepared.len()).collect();
    // A pipeline: while a chunk is decoded in parallel, the previous one (ids shifted) is
    // moved into the sections on this thread.
    let mut pending: Vec<(Module, u32)> = Vec::new();
    let mut append = |chunk: Vec<(Module, u32)>| {
        for (mut module, by) in chunk {
            shift(&mut module, by);
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
    };
    for chunk in inputs.chunks(64) {
        let previous = std::mem::take(&mut pending);
        let (decoded, ()) = rayon::join(
            || {
                chunk
                    .par_iter()
                    .map(|&i| {
                        let words = sources.words.get(i).copied().unwrap_or(&[]);
                        decode(i, &sources.name(i), words)
                    })
                    .collect::<Vec<Result<(Module, Scan), LinkError>>>()
            },
            || append(previous),
        );
        for (&i, d) in chunk.iter().zip(decoded) {
            let (module, scan) = d?;
            checks.memory_model(i, &scan, sources)?;
            checks.entry_points(i, &scan, sources)?;
            shifts.push(next as u32);
            pending.push((module, next as u32));
            next += u64::from(scan.bound.max(1) - 1);
            if next >= u64::from(u32::MAX) {
                return Err(LinkError::IdLimit { bound: next + 1 });
            }
            scans.push(scan);
        }
    }
    append(pending);
    if version >= 0x0001_0100 {
        sections[bucket(Section::DebugModuleProcessed)].push(Instruction::new(
            Op::ModuleProcessed,
            None,
            None,
            [Operand::String("Linked by spirvkit".into())],
        ));
    }
    let mut module = Module::new(Header::new(version, GENERATOR, next as u32 + 1));
    let [mut globals, rest @ ..] = sections;
    for mut section in rest {
        globals.append(&mut section);
    }
    module.globals = globals;
    module.functions = functions;
    Ok(Merged {
        module,
        scans,
        shifts,
    })
}

/// spirv-link's checks while merging: one addressing and memory model; no entry point (model
/// and name) defined twice.
#[derive(Default)]
struct Checks {
    /// The first input with a memory model: (input, addressing, memory).
    first_model: Option<(usize, u32, u32)>,
    /// (model, name) -> (input, word offset).
    entry_points: FxHashMap<(u32, Box<str>), (usize, usize)>,
}

impl Checks {
    fn memory_model(
        &mut self,
        i: usize,
        scan: &Scan,
        sources: &Sources<'_>,
    ) -> Result<(), LinkError> {
        let Some((addressing, memory)) = scan.memory_model else {
            return Ok(());
        };
        let Some((f, fa, fm)) = self.first_model else {
            self.first_model = Some((i, addressing, memory));
            return Ok(());
        };
        let (what, kind, a, b) = if fa != addressing {
            ("addressing", OperandKind::AddressingModel, fa, addressing)
        } else if fm != memory {
            ("memory", OperandKind::MemoryModel, fm, memory)
        } else {
            return Ok(());
        };
        Err(LinkError::ModelConflict {
            what,
            first_file: sources.name(f),
            first: enumerant_name(kind, a),
            file: sources.name(i),
            other: enumerant_name(kind, b),
        })
    }

    fn entry_points(
        &mut self,
        i: usize,
        scan: &Scan,
        sources: &Sources<'_>,
    ) -> Result<(), LinkError> {
        for (model, name, at) in &scan.entry_points {
            match self.entry_points.entry((*model, name.clone())) {
                std::collections::hash_map::Entry::Occupied(first) => {
                    let &(m, first_at) = first.get();
                    return Err(LinkError::DuplicateEntryPoint {
                        name: name.to_string(),
                        model: enumerant_name(OperandKind::ExecutionModel, *model),
                        first: sources.at(m, first_at),
                        second: sources.at(i, *at),
                    });
                }
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert((i, *at));
                }
            }
        }
        Ok(())
    }
}
