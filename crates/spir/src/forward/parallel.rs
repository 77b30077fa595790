//! Translating function bodies on several threads, with exactly the sequential result.
//!
//! The defined functions are cut into chunks, in module order. Every chunk is translated by a
//! fork of the translator taken once all globals exist (`Translator::fork`): the fork has the
//! caches of types, constants and built-in variables and allocates ids from the same point,
//! but collects what it adds in builders of its own. The chunks are then folded back into the
//! main translator in module order (`absorb`): a type, constant or built-in variable that an
//! earlier chunk already created is mapped to the existing id and not emitted again, and the
//! chunk's remaining ids are allocated in the order the fork allocated them. That is what the
//! sequential translation would have done, so the output is the same module, id for id
//! (`tests/translate.rs` and `tests/opaque.rs` check this on every test and corpus input).

use crate::error::Result;
use crate::forward::translator::Translator;
use spirvkit_core::module::Section;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// When to translate on several threads, and how finely to cut.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Modules with fewer LLVM instructions in function bodies are translated on one thread.
    pub min_instructions: usize,
    /// A chunk has at least this many LLVM instructions (each chunk creates again the types
    /// and constants it uses, so very small chunks cost more than they bring).
    pub min_chunk_instructions: usize,
}

impl Plan {
    /// Never on several threads.
    pub const SEQUENTIAL: Plan = Plan {
        min_instructions: usize::MAX,
        min_chunk_instructions: 1,
    };
    /// Every function body a chunk of its own, even in the smallest module: what tests use
    /// to check that the parallel translation gives the sequential words.
    pub const EVERY_FUNCTION_A_CHUNK: Plan = Plan {
        min_instructions: 0,
        min_chunk_instructions: 1,
    };
}

impl Default for Plan {
    fn default() -> Self {
        Self {
            min_instructions: 20_000,
            min_chunk_instructions: 2_000,
        }
    }
}

/// Translates the defined functions `functions` (module order) on the rayon pool and folds
/// the results into `main` in order, handing each chunk's functions to the streaming encoder
/// (if there is one) as soon as they are folded in.
///
/// No thread ever waits for another chunk: the job that finishes a chunk folds in whatever
/// is ready in order, under a lock. (Waiting on a channel instead deadlocks when the caller
/// itself runs on the rayon pool, e.g. several large modules translated with `par_iter`:
/// every worker would block in its own wait with the chunks queued behind it.)
pub(crate) fn translate_functions(
    main: &mut Translator<'_>,
    functions: &[llvm::FuncId],
    kernels: &HashSet<llvm::FuncId>,
) -> Result<()> {
    let chunks = cut_into_chunks(main.m, functions, main.parallel.min_chunk_instructions);
    let seed = main.fork();
    let base = seed.b.id_bound();
    // The first chunk known to fail: its error is the result unless an earlier chunk fails
    // too, so only the chunks after it need not be translated.
    let first_failure = AtomicUsize::new(usize::MAX);
    let folding = Mutex::new(Folding {
        main,
        base,
        ready: BTreeMap::new(),
        next: 0,
        outcome: Ok(()),
    });
    rayon::scope_fifo(|scope| {
        for (index, chunk) in chunks.iter().enumerate() {
            let (seed, first_failure, folding) = (&seed, &first_failure, &folding);
            scope.spawn_fifo(move |_| {
                if index > first_failure.load(Ordering::Relaxed) {
                    return;
                }
                let mut fork = seed.fork();
                fork.b.reserve(Section::DebugName, names_in(seed.m, chunk));
                let translated = chunk
                    .iter()
                    .try_for_each(|&f| {
                        crate::forward::function::translate_function(&mut fork, f, kernels)
                    })
                    .map(|()| fork);
                if translated.is_err() {
                    first_failure.fetch_min(index, Ordering::Relaxed);
                }
                // A poisoned lock means a fold panicked; that panic is re-raised by the scope.
                let mut folding = folding.lock().unwrap_or_else(|p| p.into_inner());
                folding.ready.insert(index, translated);
                folding.fold_ready();
            });
        }
    });
    let folding = folding.into_inner().unwrap_or_else(|p| p.into_inner());
    folding.outcome?;
    if folding.next < chunks.len() {
        // Unreachable: a chunk is skipped only after an earlier one failed.
        return Err(crate::error::malformed(
            "module",
            "a chunk of functions was not translated",
        ));
    }
    Ok(())
}

/// The chunks translated so far, folded into `main` in module order.
struct Folding<'m, 'a> {
    main: &'m mut Translator<'a>,
    /// `main`'s id bound when the chunks were forked.
    base: u32,
    /// Translated chunks waiting for an earlier one, by index.
    ready: BTreeMap<usize, Result<Translator<'a>>>,
    /// The index of the next chunk to fold.
    next: usize,
    /// The first failure in module order, once reached.
    outcome: Result<()>,
}

impl Folding<'_, '_> {
    /// Folds the ready chunks that come next in order; stops for good at a failed one.
    fn fold_ready(&mut self) {
        while self.outcome.is_ok() {
            let Some(translated) = self.ready.remove(&self.next) else {
                return;
            };
            self.next += 1;
            match translated {
                Ok(fork) => {
                    absorb(self.main, fork, self.base);
                    self.main.send_finished_functions();
                }
                Err(e) => self.outcome = Err(e),
            }
        }
    }
}

/// How many OpName instructions the functions will get (every named value has one).
pub(crate) fn names_in(m: &llvm::Module, functions: &[llvm::FuncId]) -> usize {
    functions
        .iter()
        .filter_map(|f| m.functions.get(f.0 as usize))
        .map(|f| {
            1 + f.args.iter().filter(|a| a.name.is_some()).count()
                + f.blocks.iter().filter(|b| b.name.is_some()).count()
                + f.insts.iter().filter(|i| i.name.is_some()).count()
        })
        .sum()
}

/// Consecutive runs of functions with at least `min_instructions` LLVM instructions each
/// (fewer for the last), about eight per thread so that threads finishing early find work.
fn cut_into_chunks(
    m: &llvm::Module,
    functions: &[llvm::FuncId],
    min_instructions: usize,
) -> Vec<Vec<llvm::FuncId>> {
    let size = |f: &llvm::FuncId| m.functions.get(f.0 as usize).map_or(0, |f| f.insts.len());
    let total: usize = functions.iter().map(size).sum();
    let target = (total / (rayon::current_num_threads().max(1) * 8)).max(min_instructions);
    let mut chunks = Vec::new();
    let mut current = Vec::new();
    let mut current_size = 0;
    for f in functions {
        current.push(*f);
        current_size += size(f);
        if current_size >= target {
            chunks.push(std::mem::take(&mut current));
            current_size = 0;
        }
    }
    if !current.is_empty() {
        chunks.push(current);
    }
    chunks
}

/// Instructions whose first operand is the id they are about (a decoration, a forward
/// declaration): dropped with that id when it turns out to exist already. (Names are not
/// among the builder's instruction lists: they come encoded, `retarget_encoded_names`.)
fn describes_first_operand(op: Op) -> bool {
    matches!(
        op,
        Op::Decorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorate
            | Op::MemberDecorateString
            | Op::TypeForwardPointer
    )
}

/// Folds a fork (forked when the id bound was `base`) into `main`.
fn absorb(main: &mut Translator<'_>, mut fork: Translator<'_>, base: u32) {
    let count = fork.b.id_bound().saturating_sub(base) as usize;
    let is_new = |id: Id| id.0 >= base;
    // The existing id of each new id that stands for something `main` already has (0: none).
    let mut existing = vec![0u32; count];
    {
        let mut note = |new: Id, old: Option<&Id>| {
            if let (true, Some(old)) = (is_new(new), old) {
                if let Some(slot) = existing.get_mut((new.0 - base) as usize) {
                    *slot = old.0;
                }
            }
        };
        for (key, id) in &fork.types {
            note(*id, main.types.get(key));
        }
        for (key, id) in &fork.consts {
            note(*id, main.consts.get(key));
        }
        for (key, id) in &fork.builtin_vars {
            note(*id, main.builtin_vars.get(key));
        }
        for (key, id) in &fork.spec_constants {
            note(*id, main.spec_constants.get(key));
        }
        for (key, id) in &fork.forward_pointers {
            note(*id, main.forward_pointers.get(key));
        }
        if let Some(id) = fork.opencl_std {
            note(id, main.opencl_std.as_ref());
        }
    }
    let (globals, mut names) = fork.b.take_new_globals();
    // Types and constants deduplicated on their operands: the same operands in `main`'s ids
    // mean the same entity. Walked in creation order, so operands are resolved first.
    for inst in globals.iter().flatten() {
        let Some(result) = inst.result_id.filter(|&r| is_new(r)) else {
            continue;
        };
        let slot = (result.0 - base) as usize;
        if existing.get(slot).is_none_or(|&e| e != 0) {
            continue;
        }
        let mut resolvable = true;
        let mut in_main = inst.clone();
        in_main.result_id = None;
        in_main.map_ids(|id| {
            if !is_new(id) {
                return id;
            }
            match existing.get((id.0 - base) as usize) {
                Some(&e) if e != 0 => Id(e),
                _ => {
                    resolvable = false;
                    id
                }
            }
        });
        in_main.result_id = Some(result);
        if resolvable {
            if let Some(id) = main.b.find_dedup(&in_main) {
                existing[slot] = id.0;
            }
        }
    }
    // Every other new id gets the next id of `main`, in the order the fork allocated them.
    let remap: Vec<Id> = existing
        .iter()
        .map(|&e| if e != 0 { Id(e) } else { main.b.alloc_id() })
        .collect();
    let renumber = |id: Id| {
        if is_new(id) {
            remap.get((id.0 - base) as usize).copied().unwrap_or(id)
        } else {
            id
        }
    };
    let already_there = |id: Id| {
        is_new(id)
            && existing
                .get((id.0 - base) as usize)
                .is_some_and(|&e| e != 0)
    };
    for mut list in globals {
        list.retain_mut(|inst| {
            if inst.result_id.is_some_and(already_there) {
                return false;
            }
            if inst.result_id.is_none()
                && describes_first_operand(inst.opcode)
                && inst
                    .operands
                    .first()
                    .and_then(Operand::id)
                    .is_some_and(already_there)
            {
                return false;
            }
            let deduplicated = fork.b.is_deduplicated(inst);
            inst.map_ids(renumber);
            main.b.keep_from_fork(inst, deduplicated)
        });
        main.b.globals_from_fork(list);
    }
    spirvkit_core::builder::retarget_encoded_names(&mut names, |id| {
        (!already_there(id)).then(|| renumber(id))
    });
    main.b.names_from_fork(names);
    merge_tables(main, &mut fork, &renumber);
    for mut function in fork.b.take_finished_functions() {
        function
            .instructions_mut()
            .for_each(|inst| inst.map_ids(renumber));
        main.b.function_from_fork(function);
    }
}

/// The fork's cache entries, in `main`'s ids, where `main` has none yet.
fn merge_tables(main: &mut Translator<'_>, fork: &mut Translator<'_>, renumber: &dyn Fn(Id) -> Id) {
    for (key, id) in fork.types.drain() {
        main.types.entry(key).or_insert_with(|| renumber(id));
    }
    for (key, id) in fork.consts.drain() {
        main.consts.entry(key).or_insert_with(|| renumber(id));
    }
    for (key, id) in std::mem::take(&mut fork.builtin_vars) {
        main.builtin_vars.entry(key).or_insert_with(|| renumber(id));
    }
    for (key, id) in std::mem::take(&mut fork.spec_constants) {
        main.spec_constants
            .entry(key)
            .or_insert_with(|| renumber(id));
    }
    for (key, id) in fork.forward_pointers.drain() {
        main.forward_pointers
            .entry(key)
            .or_insert_with(|| renumber(id));
    }
    if main.opencl_std.is_none() {
        main.opencl_std = fork.opencl_std.map(renumber);
    }
    for (ty, (storage, pointee)) in fork.pointer_info.drain() {
        main.pointer_info
            .entry(renumber(ty))
            .or_insert_with(|| (storage, renumber(pointee)));
    }
    for (value, ty) in fork.id_types.drain() {
        main.id_types
            .entry(renumber(value))
            .or_insert_with(|| renumber(ty));
    }
    for (f, (ret, params)) in fork.signatures.drain() {
        main.signatures
            .entry(f)
            .or_insert_with(|| (renumber(ret), params.into_iter().map(renumber).collect()));
    }
    main.untyped_types
        .extend(fork.untyped_types.drain().map(renumber));
    main.handle_type_ids
        .extend(fork.handle_type_ids.drain().map(renumber));
    main.uses_linkage |= fork.uses_linkage;
    main.needed_version = main.needed_version.max(fork.needed_version);
}
