//! Building [`State`]'s tables from the words. The module scope is read first; the functions
//! of a large module are then read in runs of whole functions on every thread (each run into
//! its own [`Piece`]), and the pieces are joined in order. Every piece starts where the
//! sequential reading has no state to carry (the module start or an OpFunction), so the
//! joined tables are those one pass would build. Where a run's decoding could differ from
//! the sequential decoder's (an error, types or imports declared inside a function, an id
//! defined twice: only in invalid modules), the module is read again in one pass, so every
//! diagnostic is the one-pass one.

use crate::diagnostic::Diagnostic;
use crate::options::ValidatorOptions;
use crate::state::{ext_kind, is_terminator, Block, Function, IdMap, Inst, OpcodeSet, State, NONE};
use rayon::prelude::*;
use spirvkit_core::decode::{decode_string, leading_operands};
use spirvkit_core::{DecodeError, ParsedOperand, Parser};
use spirvkit_grammar::Op;

/// Modules from this many words on have their functions read on every thread (about 4 096
/// instructions: below it, starting threads costs more than it saves).
const PARALLEL_MIN_WORDS: usize = 1 << 14;

/// `Inst::ops_start` of an instruction whose operands are (a prefix of) the decoder's
/// per-opcode list (`spirvkit_core::decode::leading_operands`), not copied into
/// `State::operands`: most instructions, so the table stays small.
pub(crate) const TEMPLATE_OPERANDS: u32 = u32::MAX;

pub(crate) fn build<'a>(
    words: &'a [u32],
    opts: &'a ValidatorOptions,
) -> Result<State<'a>, Diagnostic> {
    let parser = Parser::new(words).map_err(decode_diagnostic)?;
    let threads = rayon::current_num_threads();
    if opts.sequential || threads < 2 || words.len() < parallel_min_words() {
        return build_sequential(words, opts, parser);
    }
    let mut parser = parser;
    let mut state = new_state(words, opts, &parser);
    // The module scope, on this thread (it ends at the first OpFunction).
    let mut scope = Piece::new(Insts::Owned(Vec::with_capacity(words.len() / 4)));
    while parser.peek_opcode().is_some_and(|op| op != Op::Function) {
        if let Err(e) = scope.read_one(&mut parser) {
            return Err(decode_diagnostic(e));
        }
    }
    let starts = parser.function_starts();
    let runs = parser.split_functions_at(&starts, threads);
    if runs.len() < 2 {
        // Nothing to share out: the rest on this thread.
        for (mut run, _) in runs {
            scope.read_all(&mut run).map_err(decode_diagnostic)?;
        }
        state.join(scope);
        state.index_definitions();
        state.decorations.sort_unstable();
        return Ok(state);
    }
    // Every run writes its instructions straight into its stretch of the one table. The
    // placeholders are written on every thread, so that the pages are first touched (and
    // zeroed by the kernel) in parallel rather than by one copy at the end.
    let Insts::Owned(mut insts) = std::mem::replace(&mut scope.insts, Insts::Owned(Vec::new()))
    else {
        return build_sequential(words, opts, Parser::new(words).map_err(decode_diagnostic)?);
    };
    let scope_len = insts.len();
    let counts: Vec<usize> = runs.iter().map(|&(_, count)| count).collect();
    let total = scope_len + counts.iter().sum::<usize>();
    insts.par_extend((scope_len..total).into_par_iter().map(|_| Inst::default()));
    let pieces: Vec<Result<Piece<'_>, DecodeError>> = runs
        .into_par_iter()
        .zip(stretches(&mut insts[scope_len..], &counts))
        .map(|((mut run, _), slots)| {
            let mut piece = Piece::new(Insts::Slots { slots, filled: 0 });
            piece.read_all(&mut run)?;
            Ok(piece)
        })
        .collect();
    let mut exact = true;
    state.join(scope);
    // Each run's function, block and operand numbering starts where the previous ones end.
    let mut shifts = Vec::with_capacity(pieces.len());
    for piece in pieces {
        match piece {
            Ok(piece) => {
                exact &= !piece.learns_types && piece.insts.complete();
                shifts.push((
                    state.functions.len() as u32,
                    state.blocks.len() as u32,
                    state.operands.len() as u32,
                ));
                state.join(piece);
            }
            Err(_) => exact = false,
        }
    }
    if !exact {
        return build_sequential(words, opts, Parser::new(words).map_err(decode_diagnostic)?);
    }
    stretches(&mut insts[scope_len..], &counts)
        .into_par_iter()
        .zip(shifts)
        .for_each(|(stretch, (f0, b0, o0))| {
            for inst in stretch {
                *inst = shifted(inst, f0, b0, o0);
            }
        });
    state.insts = insts;
    if state.index_definitions() {
        state.decorations.sort_unstable();
        state.function_starts = Some(starts);
        return Ok(state);
    }
    drop(state);
    build_sequential(words, opts, Parser::new(words).map_err(decode_diagnostic)?)
}

/// `table` cut into consecutive stretches of `counts` entries (fewer when it is short).
fn stretches<'t>(mut table: &'t mut [Inst], counts: &[usize]) -> Vec<&'t mut [Inst]> {
    let mut out = Vec::with_capacity(counts.len());
    for &count in counts {
        let (stretch, rest) = table.split_at_mut(count.min(table.len()));
        out.push(stretch);
        table = rest;
    }
    out
}

/// An instruction of a piece, with its function, block and operand numbering shifted by
/// the tables before the piece.
fn shifted(inst: &Inst, f0: u32, b0: u32, o0: u32) -> Inst {
    let shift = |i: u32, by: u32| if i == NONE { NONE } else { i + by };
    Inst {
        func: shift(inst.func, f0),
        block: shift(inst.block, b0),
        ops_start: if inst.ops_start == TEMPLATE_OPERANDS {
            TEMPLATE_OPERANDS
        } else {
            inst.ops_start + o0
        },
        ..*inst
    }
}

#[cfg(not(test))]
fn parallel_min_words() -> usize {
    PARALLEL_MIN_WORDS
}

#[cfg(test)]
thread_local! {
    /// Tests read every module with two functions or more in runs.
    static PARALLEL_MIN_WORDS_IN_TESTS: std::cell::Cell<usize> =
        const { std::cell::Cell::new(PARALLEL_MIN_WORDS) };
}

#[cfg(test)]
fn parallel_min_words() -> usize {
    PARALLEL_MIN_WORDS_IN_TESTS.with(|c| c.get())
}

/// The whole module in one pass.
fn build_sequential<'a>(
    words: &'a [u32],
    opts: &'a ValidatorOptions,
    mut parser: Parser<'a>,
) -> Result<State<'a>, Diagnostic> {
    let mut state = new_state(words, opts, &parser);
    let mut piece = Piece::new(Insts::Owned(Vec::with_capacity(words.len() / 4)));
    piece.read_all(&mut parser).map_err(decode_diagnostic)?;
    state.join(piece);
    state.index_definitions();
    state.decorations.sort_unstable();
    Ok(state)
}

fn decode_diagnostic(e: DecodeError) -> Diagnostic {
    let mut d = Diagnostic::new("binary.decode", e.kind.to_string());
    d.word_offset = Some(e.word_offset);
    d.instruction_index = e.instruction;
    d
}

fn new_state<'a>(words: &'a [u32], opts: &'a ValidatorOptions, parser: &Parser<'_>) -> State<'a> {
    let header = *parser.header();
    State {
        words,
        opts,
        version: header.version,
        bound: header.bound,
        insts: Vec::new(),
        operands: Vec::new(),
        defs: IdMap::new(header.bound, words.len()),
        functions: Vec::new(),
        blocks: Vec::new(),
        capabilities: Default::default(),
        capability_bits: Default::default(),
        extensions: Default::default(),
        addressing_model: None,
        memory_model: None,
        entry_points: Vec::new(),
        execution_modes: Vec::new(),
        decorations: Vec::new(),
        group_decorates: Vec::new(),
        forward_pointers: Vec::new(),
        calls: Vec::new(),
        opcodes: Default::default(),
        diags: Vec::new(),
        function_starts: None,
    }
}

/// What a stretch of instructions adds to the tables. Instruction indices are the module's;
/// function and block indices and operand starts count from the piece's first ones until
/// [`State::join`] shifts them.
struct Piece<'t> {
    insts: Insts<'t>,
    operands: Vec<ParsedOperand>,
    functions: Vec<Function>,
    blocks: Vec<Block>,
    capabilities: Vec<u32>,
    extensions: Vec<String>,
    /// The first OpMemoryModel's (addressing, memory) models.
    memory_model: Option<(u32, u32)>,
    entry_points: Vec<u32>,
    execution_modes: Vec<u32>,
    decorations: Vec<(u32, u32)>,
    group_decorates: Vec<u32>,
    forward_pointers: Vec<u32>,
    calls: Vec<u32>,
    opcodes: OpcodeSet,
    /// The piece declares something the decoder remembers for later instructions (an integer
    /// or float type, an extended instruction set).
    learns_types: bool,
    cur_func: u32,
    cur_block: u32,
}

/// Where a piece's instructions go: its own list, or its stretch of the module's table.
enum Insts<'t> {
    Owned(Vec<Inst>),
    Slots {
        slots: &'t mut [Inst],
        filled: usize,
    },
}

impl Insts<'_> {
    #[inline]
    fn push(&mut self, inst: Inst) {
        match self {
            Insts::Owned(list) => list.push(inst),
            Insts::Slots { slots, filled } => {
                // A run decodes the instructions its parser counted; one more is a
                // mismatch `complete` reports.
                if let Some(slot) = slots.get_mut(*filled) {
                    *slot = inst;
                }
                *filled += 1;
            }
        }
    }

    /// Whether a stretch got exactly the instructions it has room for.
    fn complete(&self) -> bool {
        match self {
            Insts::Owned(_) => true,
            Insts::Slots { slots, filled } => *filled == slots.len(),
        }
    }
}

impl<'t> Piece<'t> {
    fn new(insts: Insts<'t>) -> Self {
        Piece {
            insts,
            operands: Vec::new(),
            functions: Vec::new(),
            blocks: Vec::new(),
            capabilities: Vec::new(),
            extensions: Vec::new(),
            memory_model: None,
            entry_points: Vec::new(),
            execution_modes: Vec::new(),
            decorations: Vec::new(),
            group_decorates: Vec::new(),
            forward_pointers: Vec::new(),
            calls: Vec::new(),
            opcodes: OpcodeSet::default(),
            learns_types: false,
            cur_func: NONE,
            cur_block: NONE,
        }
    }

    fn read_all(&mut self, parser: &mut Parser<'_>) -> Result<(), DecodeError> {
        while self.read_one(parser)? {}
        Ok(())
    }

    /// Reads the next instruction; false at the end (inlined into the reading loops: a call
    /// per instruction was a visible share of reading).
    #[inline(always)]
    fn read_one(&mut self, parser: &mut Parser<'_>) -> Result<bool, DecodeError> {
        // Read through a reference: moving the decoded instruction out of the `Result`
        // (as `?` does) copied it twice, a visible share of reading.
        let next = parser.next_instruction();
        let inst = match &next {
            Ok(Some(inst)) => inst,
            Ok(None) => return Ok(false),
            Err(e) => return Err(e.clone()),
        };
        let index = inst.index as u32;
        let op = inst.op();
        self.opcodes.insert(inst.opcode);
        // Function / block structure (checked for errors in layout.rs).
        if op == Op::Function {
            self.cur_func = self.functions.len() as u32;
            self.cur_block = NONE;
            self.functions.push(Function {
                id: inst.result_id.unwrap_or(0),
                inst: index,
                end: NONE,
                blocks_start: self.blocks.len() as u32,
                blocks_end: self.blocks.len() as u32,
                params: Vec::new(),
            });
        } else if op == Op::Label && self.cur_func != NONE {
            self.cur_block = self.blocks.len() as u32;
            self.blocks.push(Block {
                label: inst.result_id.unwrap_or(0),
                label_inst: index,
                terminator: NONE,
                func: self.cur_func,
            });
            if let Some(f) = self.functions.get_mut(self.cur_func as usize) {
                f.blocks_end = self.blocks.len() as u32;
            }
        } else if op == Op::FunctionParameter && self.cur_func != NONE && self.cur_block == NONE {
            if let Some(f) = self.functions.get_mut(self.cur_func as usize) {
                f.params.push(inst.result_id.unwrap_or(0));
            }
        }
        let template = leading_operands(inst.opcode);
        let ops_start = if std::ptr::eq(inst.operands.as_ptr(), template.as_ptr())
            && inst.operands.len() <= template.len()
        {
            // The decoder's own per-opcode operand list: no copy.
            TEMPLATE_OPERANDS
        } else {
            let start = self.operands.len() as u32;
            self.operands.extend_from_slice(inst.operands);
            start
        };
        self.insts.push(Inst {
            offset: inst.word_offset as u32,
            len: inst.words.len() as u16,
            opcode: inst.opcode,
            result_type: inst.result_type.unwrap_or(0),
            result_id: inst.result_id.unwrap_or(0),
            ops_start,
            ops_len: inst.operands.len() as u16,
            ext: ext_kind(inst.ext_import),
            func: self.cur_func,
            block: self.cur_block,
        });
        match op {
            Op::Capability => self.capabilities.push(inst.operand_word(0)),
            Op::Extension => self
                .extensions
                .push(String::from_utf8_lossy(&decode_string(inst.operand_words(0))).into_owned()),
            Op::MemoryModel => {
                if self.memory_model.is_none() {
                    self.memory_model = Some((inst.operand_word(0), inst.operand_word(1)));
                }
            }
            Op::EntryPoint => self.entry_points.push(index),
            Op::ExecutionMode | Op::ExecutionModeId => self.execution_modes.push(index),
            Op::Decorate
            | Op::MemberDecorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorateString => {
                self.decorations.push((inst.operand_word(0), index));
            }
            Op::GroupDecorate | Op::GroupMemberDecorate => {
                self.decorations.push((inst.operand_word(0), index));
                if op == Op::GroupDecorate {
                    self.group_decorates.push(index);
                }
            }
            Op::TypeInt | Op::TypeFloat | Op::ExtInstImport => self.learns_types = true,
            Op::TypeForwardPointer => self.forward_pointers.push(index),
            Op::FunctionCall => self.calls.push(index),
            Op::FunctionEnd => {
                if let Some(f) = self.functions.get_mut(self.cur_func as usize) {
                    f.end = index;
                }
                self.cur_func = NONE;
                self.cur_block = NONE;
            }
            _ => {}
        }
        if is_terminator(op) && self.cur_block != NONE {
            if let Some(b) = self.blocks.get_mut(self.cur_block as usize) {
                b.terminator = index;
            }
            self.cur_block = NONE;
        }
        Ok(true)
    }
}

impl State<'_> {
    /// Appends a piece, shifting its function, block and operand indices (a piece that
    /// wrote into the instruction table is shifted there by the caller).
    fn join(&mut self, piece: Piece<'_>) {
        let (f0, b0) = (self.functions.len() as u32, self.blocks.len() as u32);
        let o0 = self.operands.len() as u32;
        let shift = |i: u32, by: u32| if i == NONE { NONE } else { i + by };
        if let Insts::Owned(insts) = piece.insts {
            if self.insts.is_empty() {
                // The first piece (the only one when read in one pass): its list as it is.
                self.insts = insts;
            } else {
                self.insts
                    .extend(insts.iter().map(|inst| shifted(inst, f0, b0, o0)));
            }
        }
        if self.operands.is_empty() {
            self.operands = piece.operands;
        } else {
            self.operands.extend_from_slice(&piece.operands);
        }
        self.functions
            .extend(piece.functions.into_iter().map(|f| Function {
                blocks_start: f.blocks_start + b0,
                blocks_end: f.blocks_end + b0,
                ..f
            }));
        self.blocks.extend(piece.blocks.into_iter().map(|b| Block {
            func: shift(b.func, f0),
            ..b
        }));
        for cap in piece.capabilities {
            self.add_capability(cap);
        }
        self.extensions.extend(piece.extensions);
        if let (None, Some((addressing, memory))) = (self.memory_model, piece.memory_model) {
            self.addressing_model = Some(addressing);
            self.memory_model = Some(memory);
        }
        self.entry_points.extend(piece.entry_points);
        self.execution_modes.extend(piece.execution_modes);
        self.decorations.extend(piece.decorations);
        self.group_decorates.extend(piece.group_decorates);
        self.forward_pointers.extend(piece.forward_pointers);
        self.calls.extend(piece.calls);
        self.opcodes.union(&piece.opcodes);
    }

    /// Id → first defining instruction; false when some id is defined twice.
    fn index_definitions(&mut self) -> bool {
        let mut once = true;
        for (index, inst) in self.insts.iter().enumerate() {
            if inst.result_id != 0 {
                if self.defs.get(inst.result_id) == NONE {
                    self.defs.set(inst.result_id, index as u32);
                } else {
                    once = false;
                }
            }
        }
        once
    }
}

#[cfg(test)]
mod tests {
    use super::PARALLEL_MIN_WORDS_IN_TESTS;
    use crate::{diagnostics, ValidatorOptions};

    /// The diagnostics with the functions read in runs (every module of two functions or
    /// more) and in one pass.
    fn both_ways(words: &[u32]) -> (Vec<crate::Diagnostic>, Vec<crate::Diagnostic>) {
        let opts = ValidatorOptions::default();
        PARALLEL_MIN_WORDS_IN_TESTS.with(|c| c.set(0));
        let runs = diagnostics(words, &opts);
        PARALLEL_MIN_WORDS_IN_TESTS.with(|c| c.set(usize::MAX));
        let one_pass = diagnostics(words, &opts);
        (runs, one_pass)
    }

    fn assemble(text: &str) -> Vec<u32> {
        spirvkit_text::assemble(text, &Default::default()).expect("assembles")
    }

    const TWO_FUNCTIONS: &str = "
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Linkage
               OpMemoryModel Physical64 OpenCL
               OpDecorate %f LinkageAttributes \"f\" Export
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
     %uint_1 = OpConstant %uint 1
         %fn = OpTypeFunction %void
         %f = OpFunction %void None %fn
         %l1 = OpLabel
               OpSwitch %uint_1 %l2 7 %l2
         %l2 = OpLabel
               OpReturn
               OpFunctionEnd
          %g = OpFunction %void None %fn
         %l3 = OpLabel
          %x = OpIAdd %uint %uint_1 %uint_1
               OpReturn
               OpFunctionEnd
    ";

    #[test]
    fn runs_give_the_one_pass_tables() {
        let words = assemble(TWO_FUNCTIONS);
        let (runs, one_pass) = both_ways(&words);
        assert!(one_pass.is_empty(), "{one_pass:?}");
        assert_eq!(runs, one_pass);
    }

    /// Invalid modules whose runs could decode differently (an id of another function, a type
    /// declared in a function, an id defined twice) are read again in one pass.
    #[test]
    fn modules_a_run_could_misread_give_the_one_pass_diagnostics() {
        for text in [
            // The second function's switch selector is a value of the first function.
            TWO_FUNCTIONS
                .replace(
                    "%l1 = OpLabel",
                    "%l1 = OpLabel\n%v = OpIAdd %uint %uint_1 %uint_1",
                )
                .replace(
                    "%x = OpIAdd %uint %uint_1 %uint_1\n               OpReturn",
                    "OpSwitch %v %l4 3 %l4\n%l4 = OpLabel\nOpReturn",
                ),
            // A type declared inside the first function, used by the second.
            TWO_FUNCTIONS
                .replace("%l2 = OpLabel", "%l2 = OpLabel\n%u16 = OpTypeInt 16 0")
                .replace(
                    "%x = OpIAdd %uint %uint_1 %uint_1",
                    "%x = OpConstant %u16 3",
                ),
            // An id defined in both functions.
            TWO_FUNCTIONS.replace("%l3 = OpLabel", "%l1 = OpLabel"),
        ] {
            let words = assemble(&text);
            let (runs, one_pass) = both_ways(&words);
            assert!(!one_pass.is_empty(), "{text}");
            assert_eq!(runs, one_pass, "{text}");
        }
    }

    /// Every 8th corpus binary and mutations of it (each word changed in turn, in a few
    /// places): the same diagnostics read in runs as in one pass.
    #[test]
    fn corpus_modules_and_mutations_read_in_runs_as_in_one_pass() {
        let Some(corpus) = spirvkit_test_support::corpus_dir() else {
            return;
        };
        let mut files: Vec<_> = walk(&corpus.join("spv"));
        files.sort();
        let mut compared = 0;
        for path in files.iter().step_by(8) {
            let Ok(bytes) = std::fs::read(path) else {
                continue;
            };
            let Ok((words, _)) = spirvkit_core::words_from_bytes(&bytes) else {
                continue;
            };
            let (runs, one_pass) = both_ways(&words);
            assert_eq!(runs, one_pass, "{}", path.display());
            for k in 1..8 {
                let mut mutated = words.clone();
                let at = 5 + (mutated.len().saturating_sub(5)) * k / 8;
                if let Some(w) = mutated.get_mut(at) {
                    *w ^= 0x0001_0003;
                }
                let (runs, one_pass) = both_ways(&mutated);
                assert_eq!(runs, one_pass, "{} word {at}", path.display());
            }
            compared += 1;
        }
        assert!(compared > 50, "only {compared} corpus modules");
    }

    fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(walk(&path));
            } else if path.extension().is_some_and(|e| e == "spv") {
                out.push(path);
            }
        }
        out
    }
}
