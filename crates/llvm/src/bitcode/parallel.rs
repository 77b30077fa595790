//! Function bodies read in parallel, with exactly the result of reading them one after the
//! other.
//!
//! A FUNCTION_BLOCK depends only on module state read before it (types, value numbering,
//! constants, metadata, attribute lists, abbreviations), and changes only what it adds: its
//! constants (appended to the module's), and rarely types, metadata or debug locations. So
//! the module reader keeps consecutive bodies aside and, before anything that could change
//! that state (and at the end), reads them as follows: contiguous chunks of bodies go to
//! workers, each a reader over its own copy of the state; results are merged in order. A
//! chunk's constants get their final numbers by one shift (the constants that earlier chunks
//! added come before them). A chunk that added types, metadata, debug locations or
//! abbreviations, that read a metadata block, that failed, or that follows a chunk that
//! changed such state, is discarded and read again in place, which also reproduces the
//! sequential error exactly.

use rayon::prelude::*;

use super::bitstream::Block;
use super::function::ParsedBody;
use super::Reader;
use crate::error::LlvmError;
use crate::model::*;

/// Bodies totalling less bitcode than this are read in place: copying the module state for
/// workers would cost more than it saves.
pub(crate) const DEFAULT_PARALLEL_MIN_BITS: u64 = 1 << 20;

/// A FUNCTION_BLOCK kept aside, with what its body needs from the module records.
pub(crate) struct PendingBody<'a> {
    pub fid: FuncId,
    pub arg_types: Vec<TypeId>,
    pub block: Block<'a>,
}

/// Sizes of the module state a body may add to; a worker's result holds only if neither it
/// nor the module changed them (constants excepted: they are renumbered).
#[derive(Clone, Copy, PartialEq, Eq)]
struct StateSizes {
    types: usize,
    structs: usize,
    metadata: usize,
    debug_locations: usize,
    abbrevs: usize,
}

impl StateSizes {
    fn of(r: &Reader<'_>) -> Self {
        StateSizes {
            types: r.m.types.len(),
            structs: r.m.types.structs.len(),
            metadata: r.m.metadata.len(),
            debug_locations: r.debug_locations.len(),
            abbrevs: r.info.abbrev_count(),
        }
    }
}

/// What a worker read for one chunk: the bodies, and the constants they added.
struct ChunkBodies {
    bodies: Vec<ParsedBody>,
    constants: Vec<Constant>,
}

impl<'a> Reader<'a> {
    /// A reader over a copy of the module state that function bodies read.
    fn body_worker(&self) -> Reader<'a> {
        Reader {
            file: self.file,
            m: Module {
                types: self.m.types.clone(),
                constants: self.m.constants.clone(),
                metadata: self.m.metadata.clone(),
                ..Module::default()
            },
            info: self.info.clone(),
            version: self.version,
            loc: self.loc,
            type_ids: self.type_ids.clone(),
            values: self.values.clone(),
            module_value_count: self.module_value_count,
            module_md_count: self.module_md_count,
            fn_md_base: self.fn_md_base,
            in_function: false,
            md_kinds: self.md_kinds.clone(),
            attr_groups: Default::default(),
            attr_lists: self.attr_lists.clone(),
            section_names: Vec::new(),
            gc_names: Vec::new(),
            sync_scopes: self.sync_scopes.clone(),
            pending_inits: Vec::new(),
            pending_aliases: Vec::new(),
            bodies_pending: Vec::new(),
            next_body: 0,
            strtab: self.strtab,
            seen_module_vst: self.seen_module_vst,
            opaque: self.opaque,
            modern_metadata: self.modern_metadata,
            debug_locations: self.debug_locations.clone(),
            body_read_metadata: false,
            parallel_min_bits: self.parallel_min_bits,
        }
    }

    /// Reads `chunk` on a worker; `None` when the result cannot be used as is.
    fn read_chunk(&self, chunk: &[PendingBody<'a>]) -> Option<ChunkBodies> {
        let mut worker = self.body_worker();
        let sizes = StateSizes::of(&worker);
        let first_constant = worker.m.constants.len();
        let mut bodies = Vec::with_capacity(chunk.len());
        for pending in chunk {
            let body = worker
                .parse_function_body(&pending.arg_types, pending.block.clone())
                .ok()?;
            if worker.body_read_metadata || StateSizes::of(&worker) != sizes {
                return None;
            }
            bodies.push(body);
        }
        let constants = worker.m.constants.split_off(first_constant);
        Some(ChunkBodies { bodies, constants })
    }

    /// Reads the bodies kept aside, in parallel when they are large enough, and stores them
    /// in their functions.
    pub(crate) fn flush_bodies(
        &mut self,
        pending: &mut Vec<PendingBody<'a>>,
    ) -> Result<(), LlvmError> {
        let pending = std::mem::take(pending);
        if pending.is_empty() {
            return Ok(());
        }
        // The module reader's position is what later errors report, as if the bodies had
        // been read where they are.
        let saved_loc = self.loc;
        let total_bits: u64 = pending.iter().map(|p| p.block.len_bits()).sum();
        let threads = rayon::current_num_threads();
        let result = if threads < 2 || pending.len() < 2 || total_bits < self.parallel_min_bits {
            self.read_bodies_in_place(&pending)
        } else {
            self.read_bodies_in_parallel(&pending, total_bits, threads)
        };
        self.loc = saved_loc;
        result
    }

    fn read_bodies_in_place(&mut self, bodies: &[PendingBody<'a>]) -> Result<(), LlvmError> {
        for p in bodies {
            let body = self.parse_function_body(&p.arg_types, p.block.clone())?;
            self.store_function_body(p.fid, body);
        }
        Ok(())
    }

    fn read_bodies_in_parallel(
        &mut self,
        pending: &[PendingBody<'a>],
        total_bits: u64,
        threads: usize,
    ) -> Result<(), LlvmError> {
        // A few chunks per thread of about equal bitcode size balance the work.
        let target = (total_bits / (threads as u64 * 2)).max(1);
        let mut chunks: Vec<&[PendingBody<'a>]> = Vec::new();
        let (mut start, mut bits) = (0, 0u64);
        for (i, p) in pending.iter().enumerate() {
            bits += p.block.len_bits();
            if bits >= target {
                chunks.push(&pending[start..=i]);
                (start, bits) = (i + 1, 0);
            }
        }
        if start < pending.len() {
            chunks.push(&pending[start..]);
        }
        let sizes = StateSizes::of(self);
        let first_constant = self.m.constants.len();
        let this = &*self;
        let results: Vec<Option<ChunkBodies>> =
            chunks.par_iter().map(|c| this.read_chunk(c)).collect();
        for (chunk, result) in chunks.into_iter().zip(results) {
            // Constants added by earlier chunks come before this chunk's.
            let shift = u32::try_from(self.m.constants.len() - first_constant).ok();
            match (result, shift) {
                (Some(read), Some(shift)) if StateSizes::of(self) == sizes => {
                    self.store_chunk(chunk, read, first_constant, shift)
                }
                _ => self.read_bodies_in_place(chunk)?,
            }
        }
        Ok(())
    }

    /// Stores a worker's bodies, renumbering the constants it added (from `first_constant`
    /// on in its copy) by `shift`.
    fn store_chunk(
        &mut self,
        chunk: &[PendingBody<'a>],
        read: ChunkBodies,
        first_constant: usize,
        shift: u32,
    ) {
        let renumber = |v: &mut ValueRef| {
            if let ValueRef::Constant(c) = v {
                if c.0 as usize >= first_constant {
                    c.0 = c.0.saturating_add(shift);
                }
            }
        };
        let ChunkBodies {
            mut bodies,
            mut constants,
        } = read;
        if shift != 0 {
            for c in &mut constants {
                c.kind.for_each_value_mut(renumber);
            }
            for body in &mut bodies {
                for inst in &mut body.insts {
                    inst.kind.for_each_operand_mut(renumber);
                }
            }
        }
        self.m.constants.extend(constants);
        for (p, body) in chunk.iter().zip(bodies) {
            self.store_function_body(p.fid, body);
        }
    }
}
