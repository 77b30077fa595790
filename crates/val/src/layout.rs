//! Logical layout (spec 2.4): section order, one OpMemoryModel, function and block structure
//! (OpFunction / OpFunctionParameter / OpLabel / terminator / OpFunctionEnd), declarations
//! before definitions, OpVariable placement, OpPhi first in its block.

use crate::instructions::ext_debug::transparent_to_adjacency;
use crate::state::{
    is_constant_op, is_core, is_terminator, is_type_op, ExtKind, OpcodeFlags, State, NONE,
    PLAIN_IN_BLOCK_OP,
};
use rayon::prelude::*;
use spirvkit_grammar::{self as g, Op, StorageClass};

/// Rank of a module-scope instruction in the section order; None: may appear anywhere
/// from the types section on, or is an extension instruction checked leniently.
fn rank(op: Op, ext: ExtKind) -> Option<u8> {
    Some(match op {
        Op::Capability => 0,
        Op::Extension => 1,
        Op::ExtInstImport => 2,
        Op::MemoryModel => 3,
        Op::EntryPoint => 4,
        Op::ExecutionMode | Op::ExecutionModeId => 5,
        Op::String | Op::SourceExtension | Op::Source | Op::SourceContinued => 6,
        Op::Name | Op::MemberName => 7,
        Op::ModuleProcessed => 8,
        Op::Decorate
        | Op::MemberDecorate
        | Op::DecorationGroup
        | Op::GroupDecorate
        | Op::GroupMemberDecorate
        | Op::DecorateId
        | Op::DecorateString
        | Op::MemberDecorateString => 9,
        Op::Line | Op::NoLine => return None,
        Op::ExtInst if ext != ExtKind::Semantic => return None,
        Op::Function => 11,
        // Extension types, constants and module-scope variables have the same place.
        _ if is_type_op(op) || is_constant_op(op) || op == Op::UntypedVariableKHR => 10,
        _ if !is_core(op) => return None,
        _ => 10,
    })
}

const SECTION_NAMES: [&str; 12] = [
    "capabilities",
    "extensions",
    "extended instruction imports",
    "memory model",
    "entry points",
    "execution modes",
    "debug source",
    "debug names",
    "module-processed",
    "annotations",
    "types, constants and global variables",
    "functions",
];

/// Instructions that may not appear inside a function.
fn module_only(op: Op) -> bool {
    is_type_op(op) || is_constant_op(op) || module_only_listed(op)
}

/// [`module_only`]'s opcodes that are neither types nor constants.
fn module_only_listed(op: Op) -> bool {
    matches!(
        op,
        Op::Capability
            | Op::Extension
            | Op::ExtInstImport
            | Op::MemoryModel
            | Op::EntryPoint
            | Op::ExecutionMode
            | Op::ExecutionModeId
            | Op::SourceContinued
            | Op::Source
            | Op::SourceExtension
            | Op::String
            | Op::Name
            | Op::MemberName
            | Op::ModuleProcessed
            | Op::Decorate
            | Op::MemberDecorate
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::DecorationGroup
            | Op::TypeForwardPointer
    )
}

/// Opcodes whose only effect on the walk inside a block is to end the run of OpVariable /
/// OpPhi at the block start (no layout rule names them): what `walk` does for them is done
/// at once. Kept per opcode in the class flags of `state.rs` (`type_or_constant`: the
/// opcode's type / constant flags).
pub(crate) fn plain_in_block(op: Op, type_or_constant: bool) -> bool {
    !type_or_constant
        && !module_only_listed(op)
        && !is_terminator(op)
        && !matches!(
            op,
            Op::Function
                | Op::FunctionParameter
                | Op::Label
                | Op::FunctionEnd
                | Op::MemoryModel
                | Op::Variable
                | Op::UntypedVariableKHR
                | Op::Phi
                | Op::Line
                | Op::NoLine
                | Op::ExtInst
                | Op::ExtInstWithForwardRefsKHR
        )
}

/// Core instructions allowed in the types/globals section.
fn allowed_in_globals(op: Op, ext: ExtKind) -> bool {
    is_type_op(op)
        || is_constant_op(op)
        || !is_core(op)
        || matches!(
            op,
            Op::TypeForwardPointer | Op::Variable | Op::Undef | Op::Line | Op::NoLine | Op::Nop
        )
        || (op == Op::ExtInst && ext != ExtKind::Semantic)
}

fn is_debug_line(op: Op, ext: ExtKind) -> bool {
    matches!(op, Op::Line | Op::NoLine)
        || (op == Op::ExtInst && matches!(ext, ExtKind::NonSemantic | ExtKind::DebugInfo))
}

/// An opcode's name for messages, looked up in the grammar only when one is written.
struct OpName(Op);

impl std::fmt::Display for OpName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(g::instruction(self.0 .0).map_or("OpUnknown", |d| d.opname))
    }
}

#[derive(PartialEq, Eq, Clone, Copy, Default)]
enum Phase {
    #[default]
    Outside,
    Params,
    InBlock,
    BetweenBlocks,
}

/// The layout walk's state between two instructions, and the errors found so far.
#[derive(Clone, Default)]
struct Scan {
    rank_now: u8,
    phase: Phase,
    seen_definition: bool,
    memory_models: u32,
    block_index_in_func: u32,
    first_block_non_var: bool,
    block_non_phi: bool,
    func_has_blocks: bool,
    errors: Vec<(&'static str, u32, String)>,
}

impl Scan {
    /// The state right before an OpFunction that follows a whole function (what the walk
    /// of the instructions before it leaves, unless they are malformed), without the
    /// OpMemoryModel count.
    fn at_function(seen_definition: bool) -> Self {
        Scan {
            rank_now: 11,
            seen_definition,
            ..Scan::default()
        }
    }

    /// Whether this walk ended as [`Scan::at_function`] assumes a walk starts.
    fn ends_as(&self, next: &Scan) -> bool {
        self.phase == Phase::Outside
            && self.rank_now == next.rank_now
            && self.seen_definition == next.seen_definition
    }
}

/// Large modules are walked in stretches of whole functions on every thread, each from the
/// state a function start has; where the stretch before did not end in that state (or an
/// OpMemoryModel stands among the functions: malformed modules), in one walk.
fn walk(st: &State<'_>) -> Scan {
    let whole = |st: &State<'_>| {
        let mut scan = Scan::default();
        scan.walk(st, 0..st.insts.len() as u32);
        scan
    };
    let n = st.functions.len();
    if !st.parallel() || n < 2 {
        return whole(st);
    }
    // Stretch starts: the first function's, then every `per` functions.
    let per = n.div_ceil(4 * rayon::current_num_threads()).max(1);
    let mut starts: Vec<(u32, bool)> = Vec::new();
    let mut defined_before = false;
    for (k, f) in st.functions.iter().enumerate() {
        if k % per == 0 && k > 0 {
            starts.push((f.inst, defined_before));
        }
        defined_before |= f.blocks_end > f.blocks_start;
    }
    let mut bounds: Vec<(u32, u32, Scan)> = Vec::with_capacity(starts.len() + 1);
    let mut from = 0u32;
    let mut scan = Scan::default();
    for (start, seen) in starts {
        bounds.push((from, start, scan));
        from = start;
        scan = Scan::at_function(seen);
    }
    bounds.push((from, st.insts.len() as u32, scan));
    let walked: Vec<(Scan, Scan)> = bounds
        .into_par_iter()
        .map(|(from, to, start)| {
            let mut scan = start.clone();
            scan.walk(st, from..to);
            (start, scan)
        })
        .collect();
    let consistent = walked.windows(2).all(|pair| {
        let ((_, before), (start, after)) = (&pair[0], &pair[1]);
        before.ends_as(start) && after.memory_models == 0
    });
    if !consistent {
        return whole(st);
    }
    let mut joined = Scan::default();
    for (_, scan) in walked {
        joined.memory_models += scan.memory_models;
        joined.errors.extend(scan.errors);
        joined.phase = scan.phase;
    }
    joined
}

pub fn check(st: &mut State<'_>) {
    let Scan {
        phase,
        memory_models,
        mut errors,
        ..
    } = walk(st);
    if phase != Phase::Outside {
        let last = st.insts.len().saturating_sub(1) as u32;
        errors.push((
            "layout.function",
            last,
            "Missing OpFunctionEnd at end of module".into(),
        ));
    }
    if memory_models == 0 {
        st.diags.push(crate::Diagnostic::new(
            "layout.memory_model",
            "Missing required OpMemoryModel instruction.",
        ));
    }
    for (rule, index, msg) in errors {
        st.error(rule, index, msg, &[]);
    }
}

impl Scan {
    /// Walks the instructions of `range`, from this state.
    fn walk(&mut self, st: &State<'_>, range: std::ops::Range<u32>) {
        let Scan {
            mut rank_now,
            mut phase,
            mut seen_definition,
            mut memory_models,
            mut block_index_in_func,
            mut first_block_non_var,
            mut block_non_phi,
            mut func_has_blocks,
            mut errors,
        } = std::mem::take(self);
        let classes = OpcodeFlags::get();
        for index in range {
            let Some(inst) = st.inst(index).copied() else {
                break;
            };
            let op = inst.op();
            if phase == Phase::InBlock && classes.of(op) & PLAIN_IN_BLOCK_OP != 0 {
                first_block_non_var = true;
                block_non_phi = true;
                continue;
            }
            // Named in messages only (looked up then).
            let name = OpName(op);
            if op == Op::MemoryModel {
                memory_models += 1;
                if memory_models == 2 {
                    errors.push((
                        "layout.memory_model",
                        index,
                        "OpMemoryModel should only be provided once.".into(),
                    ));
                }
            }
            match phase {
                Phase::Outside => {
                    match op {
                        Op::Function => {
                            rank_now = 11;
                            phase = Phase::Params;
                            func_has_blocks = false;
                            block_index_in_func = 0;
                            first_block_non_var = false;
                            continue;
                        }
                        Op::FunctionEnd | Op::FunctionParameter | Op::Label => {
                            errors.push((
                                "layout.function",
                                index,
                                format!("{name} must appear in a function"),
                            ));
                            continue;
                        }
                        _ => {}
                    }
                    if rank_now == 11 {
                        // Between functions only debug-line and non-semantic instructions may appear.
                        if !is_debug_line(op, inst.ext) && is_core(op) {
                            errors.push((
                            "layout.order",
                            index,
                            format!("{name} cannot appear after function definitions (it is in an invalid layout section)"),
                        ));
                        }
                        continue;
                    }
                    if let Some(r) = rank(op, inst.ext) {
                        if r < rank_now {
                            errors.push((
                            "layout.order",
                            index,
                            format!(
                                "{name} is in an invalid layout section: it belongs to the {} section but appears after the {} section",
                                SECTION_NAMES[usize::from(r)],
                                SECTION_NAMES[usize::from(rank_now)]
                            ),
                        ));
                        } else {
                            rank_now = r;
                        }
                        if r == 10 && !allowed_in_globals(op, inst.ext) {
                            errors.push((
                                "layout.global",
                                index,
                                format!("{name} cannot appear outside a function"),
                            ));
                        }
                    }
                    if op == Op::Variable && st.operand_word(&inst, 2) == StorageClass::Function.0 {
                        errors.push((
                        "layout.variable",
                        index,
                        "Variables can not have a function[7] storage class outside of a function"
                            .into(),
                    ));
                    }
                }
                Phase::Params | Phase::InBlock | Phase::BetweenBlocks => match op {
                    Op::Function => {
                        errors.push((
                            "layout.function",
                            index,
                            "OpFunction inside a function: missing OpFunctionEnd".into(),
                        ));
                        phase = Phase::Params;
                        func_has_blocks = false;
                        block_index_in_func = 0;
                        first_block_non_var = false;
                    }
                    Op::FunctionParameter => {
                        if phase != Phase::Params {
                            errors.push((
                            "layout.function",
                            index,
                            "OpFunctionParameter must immediately follow OpFunction or another OpFunctionParameter".into(),
                        ));
                        }
                    }
                    Op::Label => {
                        if phase == Phase::InBlock {
                            errors.push((
                                "layout.block",
                                index,
                                "A block must end with a branch instruction.".into(),
                            ));
                        }
                        if block_index_in_func > 0 {
                            first_block_non_var = true;
                        }
                        block_index_in_func += 1;
                        func_has_blocks = true;
                        block_non_phi = false;
                        phase = Phase::InBlock;
                    }
                    Op::FunctionEnd => {
                        if phase == Phase::InBlock {
                            errors.push((
                                "layout.block",
                                index,
                                "The last block of a function must end with a terminator".into(),
                            ));
                        }
                        if func_has_blocks {
                            seen_definition = true;
                        } else if seen_definition {
                            errors.push((
                                "layout.function_decl",
                                index,
                                "Function declarations must appear before function definitions."
                                    .into(),
                            ));
                        }
                        phase = Phase::Outside;
                    }
                    _ => {
                        if module_only(op) {
                            errors.push((
                                "layout.order",
                                index,
                                format!("{name} cannot appear in a function"),
                            ));
                            continue;
                        }
                        let debug = is_debug_line(op, inst.ext);
                        // spirv-val's adjacency walk: an extended instruction before the first
                        // OpLabel (other than an OpenCL.DebugInfo.100 / DebugInfo one) makes the
                        // entry block count as a later block, where OpVariable may not appear.
                        if phase == Phase::Params
                            && op == Op::ExtInst
                            && !transparent_to_adjacency(st, &inst)
                        {
                            first_block_non_var = true;
                        }
                        match phase {
                            Phase::Params if !debug => {
                                errors.push((
                                    "layout.function",
                                    index,
                                    format!("{name} must appear in a block"),
                                ));
                            }
                            Phase::BetweenBlocks if !debug => {
                                errors.push((
                                    "layout.block",
                                    index,
                                    format!("{name} must appear in a block (after an OpLabel)"),
                                ));
                            }
                            Phase::InBlock => {
                                // OpLine, OpNoLine and the debug-info instructions that
                                // spirv-val's adjacency walk steps over (asked at most once).
                                let mut known = None;
                                let mut transparent = || {
                                    *known.get_or_insert_with(|| {
                                        matches!(op, Op::Line | Op::NoLine)
                                            || transparent_to_adjacency(st, &inst)
                                    })
                                };
                                // spirv-val places OpUntypedVariableKHR like OpVariable: both
                                // open the first block, in any mix.
                                if matches!(op, Op::Variable | Op::UntypedVariableKHR) {
                                    let opname = if op == Op::Variable {
                                        "OpVariable"
                                    } else {
                                        "OpUntypedVariableKHR"
                                    };
                                    if op == Op::Variable
                                        && st.operand_word(&inst, 2) != StorageClass::Function.0
                                    {
                                        errors.push((
                                        "layout.variable",
                                        index,
                                        "Variables must have a function[7] storage class inside of a function".into(),
                                    ));
                                    } else if block_index_in_func > 1 {
                                        errors.push((
                                        "layout.variable",
                                        index,
                                        "Variables can only be defined in the first block of a function".into(),
                                    ));
                                    } else if first_block_non_var {
                                        errors.push((
                                        "layout.variable",
                                        index,
                                        format!("All {opname} instructions in a function must be the first instructions in the first block."),
                                    ));
                                    }
                                } else if !transparent() {
                                    first_block_non_var = true;
                                }
                                if op == Op::Phi {
                                    if block_non_phi || block_index_in_func == 1 {
                                        errors.push((
                                        "ssa.phi_position",
                                        index,
                                        "OpPhi must appear within a non-entry block before all non-OpPhi instructions (except for OpLine, which can be mixed with OpPhi).".into(),
                                    ));
                                    }
                                } else if !transparent() {
                                    block_non_phi = true;
                                }
                                if is_terminator(op) {
                                    phase = Phase::BetweenBlocks;
                                }
                            }
                            _ => {}
                        }
                    }
                },
            }
            let _ = NONE;
        }
        *self = Scan {
            rank_now,
            phase,
            seen_definition,
            memory_models,
            block_index_in_func,
            first_block_non_var,
            block_non_phi,
            func_has_blocks,
            errors,
        };
    }
}
