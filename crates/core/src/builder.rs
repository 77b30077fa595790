//! Building modules: id allocation, deduplicated types and constants, functions and blocks.
//!
//! New global instructions are collected per section and merged into the module once, in
//! [`Builder::finish`], so building a large module stays linear.

use crate::binary::Header;
use crate::module::{Block, Function, Id, Instruction, Module, Operand, Section};
use smallvec::SmallVec;
use spirvkit_grammar::{Capability, Op};
use std::collections::{HashMap, HashSet};

/// Dedup key of a type or constant: everything but the result id.
type DedupKey = (Op, Option<Id>, Vec<Operand>);

pub struct Builder {
    module: Module,
    /// New global instructions per logical-layout section (indexed by `Section`), in order;
    /// a section is a list of segments so that a fork's lists join without being copied.
    pending: Vec<Vec<Vec<Instruction>>>,
    /// The debug-name section (OpName, OpMemberName), kept encoded: a large module has one
    /// name per named value, and as words a name takes ~16 bytes instead of a 128-byte
    /// instruction plus a string allocation. Segments as in `pending`.
    names: Vec<Vec<u32>>,
    dedup: HashMap<DedupKey, Id>,
    capabilities: HashSet<u32>,
    extensions: HashSet<String>,
    current_function: Option<Function>,
}

impl Builder {
    /// A builder for a new module of the given version word (e.g. `0x0001_0000`).
    pub fn new(version: u32, generator: u32) -> Self {
        Self::from_module(Module::new(Header::new(version, generator, 1)))
    }

    /// Continues building on an existing module (its types and constants are reused).
    pub fn from_module(module: Module) -> Self {
        let mut dedup = HashMap::new();
        let mut capabilities = HashSet::new();
        let mut extensions = HashSet::new();
        for inst in &module.globals {
            if let Some(id) = inst.result_id {
                if is_dedupable(inst.opcode) {
                    dedup.entry(key(inst)).or_insert(id);
                }
            }
            if inst.opcode == Op::Capability {
                if let Some(c) = inst.operands.first().and_then(Operand::word) {
                    capabilities.insert(c);
                }
            }
            if inst.opcode == Op::Extension {
                if let Some(s) = inst.operands.first().and_then(Operand::string) {
                    extensions.insert(s.to_owned());
                }
            }
        }
        Self {
            module,
            pending: empty_sections(),
            names: vec![Vec::new()],
            dedup,
            capabilities,
            extensions,
            current_function: None,
        }
    }

    pub fn alloc_id(&mut self) -> Id {
        let id = Id(self.module.header.bound.max(1));
        self.module.header.bound = id.0 + 1;
        id
    }

    /// One past the highest id allocated so far.
    pub fn id_bound(&self) -> u32 {
        self.module.header.bound.max(1)
    }

    /// A builder that continues from this one's state (id counter, deduplicated types and
    /// constants, capabilities, extensions) but holds none of its instructions: what it
    /// adds can be built on another thread and then folded back in with
    /// [`Builder::take_new_globals`] and the `*_from_fork` methods.
    pub fn fork(&self) -> Builder {
        Self {
            module: Module::new(self.module.header),
            pending: empty_sections(),
            names: vec![Vec::new()],
            dedup: self.dedup.clone(),
            capabilities: self.capabilities.clone(),
            extensions: self.extensions.clone(),
            current_function: None,
        }
    }

    /// The global instructions added so far (not those of a module it was made from): one
    /// list per section in layout order (the debug-name list empty) and the debug names,
    /// encoded. The builder is left without pending globals.
    pub fn take_new_globals(&mut self) -> (Vec<Vec<Instruction>>, Vec<u32>) {
        let sections = std::mem::replace(&mut self.pending, empty_sections())
            .into_iter()
            .map(|segments| {
                if segments.len() == 1 {
                    segments.into_iter().next().unwrap_or_default()
                } else {
                    segments.concat()
                }
            })
            .collect();
        let names = std::mem::replace(&mut self.names, vec![Vec::new()]).concat();
        (sections, names)
    }

    /// The id of a deduplicated type or constant with exactly these operands, if there is one.
    /// (Only instructions made by [`Builder::dedup_global`], or reused from the module the
    /// builder continues, are in the table, whatever their opcode.)
    pub fn find_dedup(&self, inst: &Instruction) -> Option<Id> {
        self.dedup.get(&key(inst)).copied()
    }

    /// Whether this builder made `inst` with [`Builder::dedup_global`] (so that a copy of it
    /// folded into another builder is deduplicated there too).
    pub fn is_deduplicated(&self, inst: &Instruction) -> bool {
        inst.result_id.is_some() && self.dedup.get(&key(inst)) == inst.result_id.as_ref()
    }

    /// Whether a global instruction coming from a fork (ids already renumbered) is kept:
    /// capabilities and extensions already declared are not; kept types and constants
    /// become known for deduplication (`deduplicated`: the fork made it with
    /// [`Builder::dedup_global`], see [`Builder::is_deduplicated`]). Kept ones go in with
    /// [`Builder::globals_from_fork`].
    pub fn keep_from_fork(&mut self, inst: &Instruction, deduplicated: bool) -> bool {
        match inst.opcode {
            Op::Capability => inst
                .operands
                .first()
                .and_then(Operand::word)
                .is_some_and(|c| self.capabilities.insert(c)),
            Op::Extension => inst
                .operands
                .first()
                .and_then(Operand::string)
                .is_some_and(|name| self.extensions.insert(name.to_owned())),
            _ => {
                if let Some(id) = inst.result_id.filter(|_| deduplicated) {
                    self.dedup.entry(key(inst)).or_insert(id);
                }
                true
            }
        }
    }

    /// Appends a fork's kept instructions of one section (all of that section) as they are.
    pub fn globals_from_fork(&mut self, instructions: Vec<Instruction>) {
        let Some(section) = instructions.first().map(Instruction::section) else {
            return;
        };
        if let Some(segments) = self.pending.get_mut(section as usize) {
            segments.push(instructions);
            // Later instructions go to a new segment, after these.
            segments.push(Vec::new());
        }
    }

    /// Appends a fork's encoded debug names (targets already renumbered) as they are.
    pub fn names_from_fork(&mut self, words: Vec<u32>) {
        if !words.is_empty() {
            self.names.push(words);
            self.names.push(Vec::new());
        }
    }

    /// Adds a finished function (built by a fork, ids already renumbered).
    pub fn function_from_fork(&mut self, function: Function) {
        self.end_function();
        self.module.functions.push(function);
    }

    pub fn header_mut(&mut self) -> &mut Header {
        &mut self.module.header
    }

    /// Adds a global instruction to its section.
    pub fn global(&mut self, inst: Instruction) {
        let section = inst.section();
        if section == Section::DebugName {
            if let Some(words) = self.names.last_mut() {
                let start = words.len();
                crate::encode::encode_instruction(&inst, words);
                // As in `name`: a debug name too long for its word count is dropped.
                if words.len() - start > MAX_INSTRUCTION_WORDS {
                    words.truncate(start);
                }
            }
            return;
        }
        if let Some(list) = self
            .pending
            .get_mut(section as usize)
            .and_then(|s| s.last_mut())
        {
            list.push(inst);
        }
    }

    /// Whether this builder already holds `OpDecorate target decoration extra…` (emitted by it,
    /// not by another fork): lets a producer with two sources for one decoration, such as an
    /// LLVM qualifier and a `!spirv.Decorations` entry, write it once.
    pub fn has_decoration(&self, target: Id, decoration: u32, extra: &[Operand]) -> bool {
        let matches = |i: &Instruction| {
            i.opcode == Op::Decorate
                && i.operands.first() == Some(&Operand::Id(target))
                && i.operands.get(1) == Some(&Operand::Word(decoration))
                && i.operands.get(2..) == Some(extra)
        };
        self.module.globals.iter().any(matches)
            || self
                .pending
                .get(Section::Annotation as usize)
                .is_some_and(|segments| segments.iter().flatten().any(matches))
    }

    /// The module-scope variables (OpVariable / OpUntypedVariableKHR outside the Function
    /// storage class) added so far, in order: a SPIR-V 1.4 entry point lists those it uses.
    pub fn global_variables(&self) -> Vec<Id> {
        const FUNCTION_STORAGE: u32 = 7;
        self.module
            .globals
            .iter()
            .chain(self.pending.iter().flatten().flatten())
            .filter(|i| matches!(i.opcode, Op::Variable | Op::UntypedVariableKHR))
            .filter(|i| i.operands.first() != Some(&Operand::Word(FUNCTION_STORAGE)))
            .filter_map(|i| i.result_id)
            .collect()
    }

    /// Whether `cap` is declared already.
    pub fn has_capability(&self, cap: Capability) -> bool {
        self.capabilities.contains(&cap.0)
    }

    pub fn capability(&mut self, cap: Capability) {
        if self.capabilities.insert(cap.0) {
            self.global(Instruction::new(
                Op::Capability,
                None,
                None,
                [Operand::Word(cap.0)],
            ));
        }
    }

    pub fn extension(&mut self, name: &str) {
        if self.extensions.insert(name.to_owned()) {
            self.global(Instruction::new(
                Op::Extension,
                None,
                None,
                [Operand::String(name.into())],
            ));
        }
    }

    /// Whether the extension `name` is declared already.
    pub fn has_extension(&self, name: &str) -> bool {
        self.extensions.contains(name)
    }

    /// The declared capabilities, in no particular order.
    pub fn declared_capabilities(&self) -> Vec<u32> {
        self.capabilities.iter().copied().collect()
    }

    /// Declares `extra` capabilities too, then rewrites the capability and extension sections
    /// in a canonical order: capabilities ascending by enumerant, extensions by name (the
    /// order llvm-spirv writes them in, from its ordered maps), whatever order they were
    /// declared in.
    pub fn sort_capabilities_and_extensions(&mut self, extra: &[u32]) {
        self.capabilities.extend(extra.iter().copied());
        let mut capabilities: Vec<u32> = self.capabilities.iter().copied().collect();
        capabilities.sort_unstable();
        let mut extensions: Vec<&String> = self.extensions.iter().collect();
        extensions.sort();
        let capability_section = capabilities
            .into_iter()
            .map(|c| Instruction::new(Op::Capability, None, None, [Operand::Word(c)]))
            .collect();
        let extension_section = extensions
            .into_iter()
            .map(|e| {
                Instruction::new(
                    Op::Extension,
                    None,
                    None,
                    [Operand::String(e.as_str().into())],
                )
            })
            .collect();
        self.module
            .globals
            .retain(|i| !matches!(i.opcode, Op::Capability | Op::Extension));
        self.pending[Section::Capability as usize] = vec![capability_section];
        self.pending[Section::Extension as usize] = vec![extension_section];
    }

    /// Takes the instructions of `section` (the module's own, then the pending ones), in
    /// order, leaving the section empty; `put_section` gives it back, e.g. reordered.
    pub fn take_section(&mut self, section: Section) -> Vec<Instruction> {
        let (mut list, rest): (Vec<Instruction>, Vec<Instruction>) =
            std::mem::take(&mut self.module.globals)
                .into_iter()
                .partition(|i| i.section() == section);
        self.module.globals = rest;
        for segment in std::mem::take(&mut self.pending[section as usize]) {
            list.extend(segment);
        }
        self.pending[section as usize] = vec![Vec::new()];
        list
    }

    /// Makes `list` the pending instructions of `section` (after `take_section`).
    pub fn put_section(&mut self, section: Section, list: Vec<Instruction>) {
        self.pending[section as usize] = vec![list];
    }

    /// A type, constant or other global with a result id, deduplicated on its operands.
    pub fn dedup_global(
        &mut self,
        opcode: Op,
        result_type: Option<Id>,
        operands: Vec<Operand>,
    ) -> Id {
        let key = (opcode, result_type, operands);
        if let Some(&id) = self.dedup.get(&key) {
            return id;
        }
        let id = self.alloc_id();
        let inst = Instruction::new(opcode, result_type, Some(id), key.2.iter().cloned());
        self.dedup.insert(key, id);
        self.global(inst);
        id
    }

    /// The id of a global `dedup_global` already made with these operands, without making it.
    pub fn existing_global(
        &self,
        opcode: Op,
        result_type: Option<Id>,
        operands: Vec<Operand>,
    ) -> Option<Id> {
        self.dedup.get(&(opcode, result_type, operands)).copied()
    }

    /// A global with a fresh result id (variables, non-unique types such as structs).
    pub fn unique_global(
        &mut self,
        opcode: Op,
        result_type: Option<Id>,
        operands: Vec<Operand>,
    ) -> Id {
        let id = self.alloc_id();
        self.global(Instruction::new(opcode, result_type, Some(id), operands));
        id
    }

    pub fn type_void(&mut self) -> Id {
        self.dedup_global(Op::TypeVoid, None, vec![])
    }

    pub fn type_bool(&mut self) -> Id {
        self.dedup_global(Op::TypeBool, None, vec![])
    }

    pub fn type_int(&mut self, width: u32, signed: bool) -> Id {
        self.dedup_global(
            Op::TypeInt,
            None,
            vec![Operand::Word(width), Operand::Word(u32::from(signed))],
        )
    }

    pub fn type_float(&mut self, width: u32) -> Id {
        self.dedup_global(Op::TypeFloat, None, vec![Operand::Word(width)])
    }

    pub fn type_vector(&mut self, component: Id, count: u32) -> Id {
        self.dedup_global(
            Op::TypeVector,
            None,
            vec![Operand::Id(component), Operand::Word(count)],
        )
    }

    pub fn type_pointer(&mut self, storage_class: u32, pointee: Id) -> Id {
        self.dedup_global(
            Op::TypePointer,
            None,
            vec![Operand::Word(storage_class), Operand::Id(pointee)],
        )
    }

    pub fn type_function(&mut self, return_type: Id, params: &[Id]) -> Id {
        let mut ops = vec![Operand::Id(return_type)];
        ops.extend(params.iter().map(|&p| Operand::Id(p)));
        self.dedup_global(Op::TypeFunction, None, ops)
    }

    /// A 32-bit (or narrower) scalar constant.
    pub fn constant_u32(&mut self, ty: Id, value: u32) -> Id {
        self.dedup_global(Op::Constant, Some(ty), vec![Operand::Word(value)])
    }

    /// A 64-bit scalar constant (low word first).
    pub fn constant_u64(&mut self, ty: Id, value: u64) -> Id {
        self.dedup_global(
            Op::Constant,
            Some(ty),
            vec![
                Operand::Word(value as u32),
                Operand::Word((value >> 32) as u32),
            ],
        )
    }

    /// Orders the debug names by target id, stably, every OpName before the OpMemberNames
    /// (which keep their order): llvm-spirv keeps its named ids in an ordered set and writes
    /// the member names after them, and tests check OpName lines in that order.
    pub fn order_names_by_target(&mut self) {
        let words = std::mem::replace(&mut self.names, vec![Vec::new()]).concat();
        // (member name?, target, start, end) of each encoded instruction.
        let mut spans: Vec<(bool, u32, usize, usize)> = Vec::new();
        let mut at = 0;
        while let Some(&first) = words.get(at) {
            let count = ((first >> 16) as usize).max(1);
            let end = (at + count).min(words.len());
            let member = (first & 0xFFFF) as u16 == Op::MemberName.0;
            let target = if member {
                0
            } else {
                words.get(at + 1).copied().unwrap_or(0)
            };
            spans.push((member, target, at, end));
            at = end;
        }
        spans.sort_by_key(|&(member, target, _, _)| (member, target));
        let mut ordered = Vec::with_capacity(words.len());
        for (_, _, start, end) in spans {
            ordered.extend_from_slice(&words[start..end]);
        }
        self.names = vec![ordered];
    }

    pub fn name(&mut self, target: Id, name: &str) {
        // A name too long for one instruction (its word count is 16 bits) is dropped: it is
        // only a debug name, and written it would corrupt the binary.
        if 3 + name.len() / 4 > MAX_INSTRUCTION_WORDS {
            return;
        }
        // Encoded in place: no instruction, no string allocation.
        if let Some(words) = self.names.last_mut() {
            let start = words.len();
            words.push(0);
            words.push(target.0);
            crate::encode::encode_string(name, words);
            let count = (words.len() - start) as u32;
            words[start] = (count << 16) | u32::from(Op::Name.0);
        }
    }

    pub fn decorate(&mut self, target: Id, decoration: u32, extra: &[Operand]) {
        let mut ops = vec![Operand::Id(target), Operand::Word(decoration)];
        ops.extend_from_slice(extra);
        self.global(Instruction::new(Op::Decorate, None, None, ops));
    }

    /// Starts a function; returns its id.
    pub fn begin_function(&mut self, return_type: Id, control: u32, function_type: Id) -> Id {
        let id = self.alloc_id();
        self.begin_function_with_id(id, return_type, control, function_type);
        id
    }

    /// Starts a function whose id was allocated earlier (calls may precede the definition).
    pub fn begin_function_with_id(
        &mut self,
        id: Id,
        return_type: Id,
        control: u32,
        function_type: Id,
    ) {
        self.end_function();
        let def = Instruction::new(
            Op::Function,
            Some(return_type),
            Some(id),
            [Operand::Word(control), Operand::Id(function_type)],
        );
        self.current_function = Some(Function::new(def));
    }

    /// Adds an OpFunctionParameter with a given id to the current function.
    pub fn function_parameter_with_id(&mut self, id: Id, ty: Id) {
        if let Some(f) = self.current_function.as_mut() {
            f.parameters.push(Instruction::new(
                Op::FunctionParameter,
                Some(ty),
                Some(id),
                [],
            ));
        }
    }

    /// Appends a ready-made instruction to the current block.
    pub fn push_instruction(&mut self, inst: Instruction) {
        if let Some(block) = self
            .current_function
            .as_mut()
            .and_then(|f| f.blocks.last_mut())
        {
            block.instructions.push(inst);
        }
    }

    /// True while a function is open.
    pub fn in_function(&self) -> bool {
        self.current_function.is_some()
    }

    pub fn function_parameter(&mut self, ty: Id) -> Id {
        let id = self.alloc_id();
        if let Some(f) = self.current_function.as_mut() {
            f.parameters.push(Instruction::new(
                Op::FunctionParameter,
                Some(ty),
                Some(id),
                [],
            ));
        }
        id
    }

    /// Starts a new block in the current function; returns its label id.
    pub fn begin_block(&mut self) -> Id {
        let id = self.alloc_id();
        self.begin_block_with_id(id);
        id
    }

    /// Starts a block whose label id was allocated earlier (for forward branches).
    pub fn begin_block_with_id(&mut self, id: Id) {
        self.begin_block_with_capacity(id, 0);
    }

    /// Starts a block expected to hold about `capacity` instructions (avoids regrowth).
    pub fn begin_block_with_capacity(&mut self, id: Id, capacity: usize) {
        if let Some(f) = self.current_function.as_mut() {
            let label = Instruction::new(Op::Label, None, Some(id), []);
            f.blocks.push(Block {
                label,
                instructions: Vec::with_capacity(capacity),
            });
        }
    }

    /// Appends an instruction to the current block; returns its result id if it has one.
    pub fn push(
        &mut self,
        opcode: Op,
        result_type: Option<Id>,
        has_result: bool,
        operands: Vec<Operand>,
    ) -> Option<Id> {
        let result = has_result.then(|| self.alloc_id());
        if let Some(block) = self
            .current_function
            .as_mut()
            .and_then(|f| f.blocks.last_mut())
        {
            block
                .instructions
                .push(Instruction::new(opcode, result_type, result, operands));
        }
        result
    }

    /// The function being built, if any.
    pub fn current_function(&self) -> Option<&Function> {
        self.current_function.as_ref()
    }

    pub fn end_function(&mut self) {
        if let Some(f) = self.current_function.take() {
            self.module.functions.push(f);
        }
    }

    /// Adds a module-scope instruction after the last function (non-semantic OpExtInst that
    /// name functions, which the types section could only name forward); in the types
    /// section when there is no function. Functions already taken by
    /// `take_finished_functions` are not reached: callers add these before any is taken.
    pub fn after_functions(&mut self, inst: Instruction) {
        self.end_function();
        match self.module.functions.last_mut() {
            Some(last) => last.trailing.push(inst),
            None => self.global(inst),
        }
    }

    /// Removes and returns the functions finished so far (they cannot change any more), so
    /// that a caller can encode them while building goes on; it then places them, in this
    /// order, after the globals of the module `finish` returns.
    pub fn take_finished_functions(&mut self) -> Vec<Function> {
        std::mem::take(&mut self.module.functions)
    }

    /// Makes room for `additional` more instructions of `section` (a caller that knows it
    /// will add many names avoids regrowing, and copying, a large list).
    pub fn reserve(&mut self, section: Section, additional: usize) {
        if section == Section::DebugName {
            // Most names are short: four words each.
            if let Some(words) = self.names.last_mut() {
                words.reserve(additional * 4);
            }
            return;
        }
        if let Some(list) = self
            .pending
            .get_mut(section as usize)
            .and_then(|s| s.last_mut())
        {
            list.reserve(additional);
        }
    }

    /// The words of `finish().to_words()`, encoded straight from the pending sections
    /// (without first moving every global instruction into one list). The builder keeps
    /// its content, so that the caller can free it where convenient (it can be large).
    pub fn finish_words(&mut self) -> Vec<u32> {
        use crate::encode::encode_instruction;
        self.end_function();
        let mut out = self.module.header.words().to_vec();
        // The same order as `finish`: each section's pending instructions after the
        // module's own instructions of that section.
        let names = &self.names;
        let flush = |index: usize, list: &Vec<Vec<Instruction>>, out: &mut Vec<u32>| {
            list.iter()
                .flatten()
                .for_each(|i| encode_instruction(i, out));
            if index == Section::DebugName as usize {
                names.iter().for_each(|words| out.extend_from_slice(words));
            }
        };
        let mut sections = self.pending.iter().enumerate().peekable();
        for inst in &self.module.globals {
            let section = inst.section() as usize;
            while let Some((index, list)) = sections.next_if(|(s, _)| *s < section) {
                flush(index, list, &mut out);
            }
            encode_instruction(inst, &mut out);
        }
        for (index, list) in sections {
            flush(index, list, &mut out);
        }
        for function in &self.module.functions {
            function
                .instructions()
                .for_each(|i| encode_instruction(i, &mut out));
        }
        out
    }

    /// Replaces, in place, each pending global instruction for which `expand` gives a list by
    /// that list (a translator splits an instruction too long for one word count into its
    /// continuation instructions, which must follow it directly). Deduplication still knows
    /// the instruction as it was added.
    pub fn expand_pending_globals(
        &mut self,
        mut expand: impl FnMut(&Instruction) -> Option<Vec<Instruction>>,
    ) {
        for segment in self.pending.iter_mut().flatten() {
            let mut rebuilt: Option<Vec<Instruction>> = None;
            for (i, inst) in segment.iter().enumerate() {
                match (expand(inst), rebuilt.as_mut()) {
                    (Some(list), Some(out)) => out.extend(list),
                    (Some(list), None) => {
                        let mut out = Vec::with_capacity(segment.len() + list.len());
                        out.extend(segment[..i].iter().cloned());
                        out.extend(list);
                        rebuilt = Some(out);
                    }
                    (None, Some(out)) => out.push(inst.clone()),
                    (None, None) => {}
                }
            }
            if let Some(out) = rebuilt {
                *segment = out;
            }
        }
    }

    /// Merges pending global instructions into their sections and returns the module.
    pub fn finish(mut self) -> Module {
        self.end_function();
        let pending = std::mem::take(&mut self.pending);
        let existing = std::mem::take(&mut self.module.globals);
        let mut merged = Vec::with_capacity(
            existing.len() + pending.iter().flatten().map(Vec::len).sum::<usize>(),
        );
        // Sections are flushed in layout order; instructions of one section keep the order
        // they were added in, after the module's own instructions of that section.
        let names = std::mem::take(&mut self.names);
        let flush = |index: usize, list: Vec<Vec<Instruction>>, merged: &mut Vec<_>| {
            merged.extend(list.into_iter().flatten());
            if index == Section::DebugName as usize {
                names
                    .iter()
                    .for_each(|words| merged.extend(decode_names(words)));
            }
        };
        let mut sections = pending.into_iter().enumerate().peekable();
        for inst in existing {
            let section = inst.section() as usize;
            while let Some((index, list)) = sections.next_if(|(s, _)| *s < section) {
                flush(index, list, &mut merged);
            }
            merged.push(inst);
        }
        for (index, list) in sections {
            flush(index, list, &mut merged);
        }
        self.module.globals = merged;
        self.module
    }
}

fn is_dedupable(op: Op) -> bool {
    matches!(
        op,
        Op::TypeVoid
            | Op::TypeBool
            | Op::TypeInt
            | Op::TypeFloat
            | Op::TypeVector
            | Op::TypeMatrix
            | Op::TypePointer
            | Op::TypeFunction
            | Op::TypeSampler
            | Op::TypeEvent
            | Op::TypeDeviceEvent
            | Op::TypeReserveId
            | Op::TypeQueue
            | Op::TypeSampledImage
            | Op::TypeImage
            | Op::TypeUntypedPointerKHR
            | Op::Constant
            | Op::ConstantTrue
            | Op::ConstantFalse
            | Op::ConstantNull
            | Op::ConstantComposite
            | Op::ConstantSampler
    )
}

/// Rewrites the target of every encoded OpName / OpMemberName in `words` to `retarget(id)`,
/// dropping those for which it gives `None` (what a fork's names need when folded back).
pub fn retarget_encoded_names(words: &mut Vec<u32>, mut retarget: impl FnMut(Id) -> Option<Id>) {
    let (mut read, mut write) = (0, 0);
    while let Some(&first) = words.get(read) {
        let count = ((first >> 16) as usize).max(1);
        let end = (read + count).min(words.len());
        let target = words.get(read + 1).map(|&t| retarget(Id(t)));
        if let Some(Some(id)) = target {
            words.copy_within(read..end, write);
            if let Some(slot) = words.get_mut(write + 1) {
                *slot = id.0;
            }
            write += end - read;
        }
        read = end;
    }
    words.truncate(write);
}

/// The instructions of an encoded debug-name list (only OpName and OpMemberName go there).
fn decode_names(words: &[u32]) -> Vec<Instruction> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(&first) = words.get(at) {
        let count = ((first >> 16) as usize).max(1);
        let inst = words.get(at..at + count).unwrap_or(&[]);
        at += count;
        let opcode = Op((first & 0xFFFF) as u16);
        let string_at = if opcode == Op::MemberName { 3 } else { 2 };
        let text = crate::decode::decode_string(inst.get(string_at..).unwrap_or(&[]));
        let mut operands = SmallVec::new();
        operands.push(Operand::Id(Id(inst.get(1).copied().unwrap_or(0))));
        if opcode == Op::MemberName {
            operands.push(Operand::Word(inst.get(2).copied().unwrap_or(0)));
        }
        operands.push(Operand::String(String::from_utf8_lossy(&text).into()));
        out.push(Instruction {
            opcode,
            result_type: None,
            result_id: None,
            operands,
        });
    }
    out
}

/// The most words one instruction has (its word count is 16 bits).
const MAX_INSTRUCTION_WORDS: usize = 0xFFFF;

fn empty_sections() -> Vec<Vec<Vec<Instruction>>> {
    vec![vec![Vec::new()]; Section::Function as usize + 1]
}

fn key(inst: &Instruction) -> DedupKey {
    (inst.opcode, inst.result_type, inst.operands.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with globals added after functions (names, decorations, types), an existing
    /// module continued, and functions taken out early: `finish_words` must give the words
    /// of `finish().to_words()`, and taken functions go after the globals.
    #[test]
    fn finish_words_matches_finish_and_taken_functions_follow_globals() {
        let build = |take_early: bool| {
            let mut start = Builder::new(0x0001_0000, 0);
            start.capability(Capability::Kernel);
            let mut b = Builder::from_module(start.finish());
            b.capability(Capability::Addresses);
            let int = b.type_int(32, false);
            let fn_ty = b.type_function(int, &[int]);
            let mut taken = Vec::new();
            for n in 0..3 {
                let f = b.begin_function(int, 0, fn_ty);
                let p = b.function_parameter(int);
                b.begin_block();
                let one = b.constant_u32(int, n);
                let sum = b.push(
                    Op::IAdd,
                    Some(int),
                    true,
                    vec![Operand::Id(p), Operand::Id(one)],
                );
                b.push(
                    Op::ReturnValue,
                    None,
                    false,
                    sum.map(Operand::Id).into_iter().collect(),
                );
                b.end_function();
                b.name(f, "f");
                b.decorate(f, 0, &[]);
                if take_early {
                    taken.extend(b.take_finished_functions());
                }
            }
            (b, taken)
        };
        let (b, _) = build(false);
        let expected = b.finish().to_words();
        let (mut b, _) = build(false);
        assert_eq!(b.finish_words(), expected);
        let (mut b, taken) = build(true);
        assert_eq!(taken.len(), 3);
        let mut words = b.finish_words();
        for f in &taken {
            f.instructions()
                .for_each(|i| crate::encode::encode_instruction(i, &mut words));
        }
        assert_eq!(words, expected);
    }

    /// Whatever a fork made with `dedup_global` — not only types and plain constants, also
    /// e.g. an OpSpecConstantOp — is known to the main builder once folded in, so a second
    /// fork's copy of it is found there.
    #[test]
    fn deduplicated_globals_of_a_fork_are_found_after_folding() {
        let mut main = Builder::new(0x0001_0000, 0);
        let int = main.type_int(32, false);
        let seven = main.constant_u32(int, 7);
        let mut fork = main.fork();
        let operands = vec![Operand::Word(126), Operand::Id(seven), Operand::Id(seven)];
        let spec = fork.dedup_global(Op::SpecConstantOp, Some(int), operands.clone());
        let variable = fork.unique_global(Op::Variable, Some(int), vec![Operand::Word(5)]);
        let (new, _) = fork.take_new_globals();
        for mut list in new {
            list.retain(|inst| {
                let deduplicated = fork.is_deduplicated(inst);
                main.keep_from_fork(inst, deduplicated)
            });
            main.globals_from_fork(list);
        }
        let probe = |opcode, operands| Instruction::new(opcode, Some(int), None, operands);
        assert_eq!(
            main.find_dedup(&probe(Op::SpecConstantOp, operands)),
            Some(spec)
        );
        assert_eq!(
            main.find_dedup(&probe(Op::Variable, vec![Operand::Word(5)])),
            None,
            "a unique global ({variable}) is never deduplicated"
        );
    }

    /// A fork starts from the builder's caches and id counter but none of its instructions;
    /// what it adds comes back with `take_new_globals`, and the main builder keeps only what
    /// it does not have yet.
    #[test]
    fn forks_continue_the_state_and_fold_back() {
        let mut main = Builder::new(0x0001_0000, 0);
        main.capability(Capability::Kernel);
        let int = main.type_int(32, false);
        let mut fork = main.fork();
        assert_eq!(fork.id_bound(), main.id_bound());
        assert_eq!(
            fork.type_int(32, false),
            int,
            "the fork reuses the cached type"
        );
        fork.capability(Capability::Kernel);
        fork.capability(Capability::Int64);
        let float = fork.type_float(32);
        assert_eq!(
            float.0,
            main.id_bound(),
            "the fork allocates after the main builder"
        );
        fork.name(float, "f");
        fork.name(int, "dropped");
        let (new, mut names) = fork.take_new_globals();
        let opcodes: Vec<Op> = new.iter().flatten().map(|i| i.opcode).collect();
        assert_eq!(opcodes, [Op::Capability, Op::TypeFloat]);
        // Folding back: the float is new to the main builder, then deduplicated there; the
        // second name is dropped, the first one's target renumbered (here to itself).
        assert_eq!(main.alloc_id(), float);
        for mut list in new {
            list.retain(|inst| {
                let deduplicated = fork.is_deduplicated(inst);
                main.keep_from_fork(inst, deduplicated)
            });
            main.globals_from_fork(list);
        }
        retarget_encoded_names(&mut names, |id| (id == float).then_some(id));
        main.names_from_fork(names);
        assert_eq!(main.type_float(32), float);
        main.capability(Capability::Int64);
        let module = main.finish();
        let caps = module
            .globals
            .iter()
            .filter(|i| i.opcode == Op::Capability)
            .count();
        assert_eq!(caps, 2, "Kernel and Int64 once each");
        let names: Vec<&Instruction> = module
            .globals
            .iter()
            .filter(|i| i.opcode == Op::Name)
            .collect();
        assert_eq!(names.len(), 1);
        assert_eq!(
            names[0].operands.as_slice(),
            [Operand::Id(float), Operand::String("f".into())]
        );
    }
}
