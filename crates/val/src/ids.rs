//! Ids: each defined exactly once; every use defined, and before the use unless the operand may
//! be a forward reference (names, decorations, entry points, branch targets, OpPhi, called
//! functions, forward pointers); type operands are types, value operands are not.

use crate::state::{
    is_core, ExtKind, Inst, OpcodeFlags, State, CORE_OP, FUNCTION_TYPE_USE_OP, LENIENT_IDS_OP,
    TYPE_OP,
};
use rayon::prelude::*;
use spirvkit_grammar::{Capability, Category, Op, OperandKind};
use std::collections::HashMap;

/// May operand `index` (counting the result type and result id) of `op` name an id defined later?
/// (Extended instructions: `ext_debug::forward_reference_allowed`.)
fn can_forward(op: Op, index: usize) -> bool {
    match op {
        Op::ExecutionMode
        | Op::ExecutionModeId
        | Op::EntryPoint
        | Op::Name
        | Op::MemberName
        | Op::SelectionMerge
        | Op::Decorate
        | Op::MemberDecorate
        | Op::DecorateId
        | Op::DecorateString
        | Op::MemberDecorateString
        | Op::Branch
        | Op::LoopMerge => true,
        Op::GroupDecorate | Op::GroupMemberDecorate | Op::BranchConditional | Op::Switch => {
            index != 0
        }
        Op::FunctionCall => index == 2,
        Op::Phi => index > 1,
        Op::EnqueueKernel => index == 8,
        Op::GetKernelNDrangeSubGroupCount | Op::GetKernelNDrangeMaxSubGroupSize => index == 3,
        Op::GetKernelWorkGroupSize | Op::GetKernelPreferredWorkGroupSizeMultiple => index == 2,
        Op::TypeForwardPointer => index == 0,
        Op::CooperativeMatrixPerElementOpNV => index == 3,
        Op::CooperativeMatrixReduceNV => index == 4,
        Op::CooperativeMatrixLoadTensorNV => index > 6,
        _ => false,
    }
}

/// An operand of an extension instruction that names an OpFunction defined later
/// (OpConstantFunctionPointerINTEL's, whose constant module layout puts before every
/// function; OpTaskSequenceCreateALTERA's and OpCooperativeMatrixApplyFunctionINTEL's
/// `Function`). The core specification allows forward references to "operands that are an
/// OpFunction" (2.4, Logical Layout); spirv-val 2025.5 rejects them, so llvm-spirv's, LLVM's
/// and spirvkit's function-pointer modules all fail it. spirvkit follows the specification;
/// core instructions keep spirv-val's stricter rule.
fn later_function_operand(op: Op, def_op: Op) -> bool {
    !is_core(op) && def_op == Op::Function
}

fn is_decoration_op(op: Op) -> bool {
    matches!(
        op,
        Op::Decorate
            | Op::MemberDecorate
            | Op::DecorationGroup
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorateString
    )
}

/// Instructions whose id operands are not checked for "type vs value": [`lenient_op`], and
/// OpExtInst of a non-semantic or debug-info set.
fn lenient_operands(inst: &Inst, flags: u8) -> bool {
    flags & LENIENT_IDS_OP != 0
        || flags & CORE_OP == 0
        || (inst.op() == Op::ExtInst && inst.ext != ExtKind::Semantic)
}

/// The opcodes of [`lenient_operands`] whatever the instruction (kept per opcode in the
/// class flags of `state.rs`).
pub(crate) fn lenient_op(op: Op, is_type: bool, is_core: bool) -> bool {
    is_type
        || spirvkit_core::module::is_debug_instruction(op)
        || is_decoration_op(op)
        || op == Op::Function
        || op == Op::SpecConstantOp
        || !is_core
}

/// A function's result id may only be named by the instructions spirv-val lists (calls, entry
/// points, execution modes, names, decorations, the kernel enqueue queries) and by
/// non-semantic or debug-info instructions. Opcodes that exist only through extensions are
/// left alone (newer spirv-val versions accept several of them).
fn is_function_misuse(def_op: Op, op: Op, ext: ExtKind) -> bool {
    if def_op != Op::Function {
        return false;
    }
    let acceptable = matches!(
        op,
        Op::GroupDecorate
            | Op::Decorate
            | Op::EnqueueKernel
            | Op::EntryPoint
            | Op::ExecutionMode
            | Op::ExecutionModeId
            | Op::FunctionCall
            | Op::GetKernelNDrangeSubGroupCount
            | Op::GetKernelNDrangeMaxSubGroupSize
            | Op::GetKernelWorkGroupSize
            | Op::GetKernelPreferredWorkGroupSizeMultiple
            | Op::GetKernelLocalSizeForSubgroupCount
            | Op::GetKernelMaxNumSubgroups
            | Op::Name
    );
    let non_semantic = op == Op::ExtInst && ext != ExtKind::Semantic;
    !acceptable && !non_semantic && is_core(op)
}

/// What the id rules need besides the tables.
struct Context {
    /// Where each OpTypeForwardPointer's pointer type is first declared: a type declaration
    /// may name it from there on.
    forward_pointers: HashMap<u32, u32>,
    /// SPV_INTEL_function_pointers is declared (see `types::may_use_function_type`).
    function_pointers: bool,
}

impl Context {
    fn new(st: &State<'_>) -> Self {
        let mut forward_pointers: HashMap<u32, u32> = HashMap::new();
        for &index in &st.forward_pointers {
            if let Some(inst) = st.inst(index) {
                forward_pointers
                    .entry(st.operand_word(inst, 0))
                    .or_insert(index);
            }
        }
        Context {
            forward_pointers,
            function_pointers: st.has_capability(Capability::FunctionPointersINTEL),
        }
    }
}

/// Instructions per share of the work (each share on any thread).
const CHUNK: u32 = 1 << 14;

/// What the id walk finds: the id rules' diagnostics, the type rule `type.function_use`'s
/// (both read every id operand's definition, so one look checks both; `lib.rs` reports the
/// second with the types family's), and the instructions with a use the SSA rules must look
/// at (`ssa::needs_check`), in increasing order.
pub struct Findings {
    pub errors: Vec<crate::Diagnostic>,
    pub function_type_uses: Vec<crate::Diagnostic>,
    pub ssa_instructions: Vec<u32>,
}

/// One share's [`Findings`], before the diagnostics are rendered.
struct IdFindings {
    errors: Vec<Found>,
    function_type_uses: Vec<Found>,
    ssa_instructions: Vec<u32>,
}

/// The id walk over the whole module.
pub fn check(st: &State<'_>) -> Findings {
    let cx = Context::new(st);
    let n = st.insts.len() as u32;
    let share = |start: u32| check_range(st, &cx, start..start.saturating_add(CHUNK).min(n));
    let starts: Vec<u32> = (0..n).step_by(CHUNK as usize).collect();
    let found: Vec<IdFindings> = if st.parallel() {
        starts.into_par_iter().map(share).collect()
    } else {
        starts.into_iter().map(share).collect()
    };
    let mut errors = Vec::new();
    let mut function_type_uses = Vec::new();
    let mut ssa_instructions =
        Vec::with_capacity(found.iter().map(|f| f.ssa_instructions.len()).sum());
    for f in found {
        errors.extend(f.errors);
        function_type_uses.extend(f.function_type_uses);
        ssa_instructions.extend(f.ssa_instructions);
    }
    Findings {
        errors: diagnostics(st, errors),
        function_type_uses: diagnostics(st, function_type_uses),
        ssa_instructions,
    }
}

fn diagnostics(st: &State<'_>, found: Vec<Found>) -> Vec<crate::Diagnostic> {
    found
        .into_iter()
        .map(|e| st.diag_at(e.0, e.1, e.2).with_ids(e.3))
        .collect()
}

/// An error found: rule, instruction index, message, ids named.
pub(crate) type Found = (&'static str, u32, String, Vec<u32>);

/// The id rules for the instructions of `range`, and the uses of function types they make.
fn check_range(st: &State<'_>, cx: &Context, range: std::ops::Range<u32>) -> IdFindings {
    let mut errors: Vec<Found> = Vec::new();
    let mut function_type_uses: Vec<Found> = Vec::new();
    let mut ssa_instructions: Vec<u32> = Vec::new();
    let classes = OpcodeFlags::get();
    for index in range {
        let Some(inst) = st.insts.get(index as usize) else {
            break;
        };
        let op = inst.op();
        if inst.result_id != 0 && st.def_index(inst.result_id) != index {
            errors.push((
                "id.redefined",
                index,
                format!("ID {} has already been defined", st.id_name(inst.result_id)),
                vec![inst.result_id],
            ));
        }
        if op == Op::Line {
            let file = st.operand_word(inst, 0);
            if st.def_op(file).is_some_and(|d| d != Op::String) {
                errors.push((
                    "id.line_file",
                    index,
                    format!("OpLine Target {} is not an OpString.", st.id_name(file)),
                    vec![file],
                ));
            }
        }
        let flags = classes.of(op);
        let lenient = lenient_operands(inst, flags);
        let generates_type = flags & TYPE_OP != 0;
        let may_use_function_type = crate::types::may_use_function_type(
            flags & FUNCTION_TYPE_USE_OP != 0,
            op,
            inst.ext,
            cx.function_pointers,
        );
        let words = st.inst_words(inst);
        for (i, operand) in st.ops(inst).iter().enumerate() {
            if operand.kind.category() != Category::Id || operand.kind == OperandKind::IdResult {
                continue;
            }
            let id = words.get(usize::from(operand.offset)).copied().unwrap_or(0);
            let def_index = st.def_index(id);
            let Some(def) = st.insts.get(def_index as usize) else {
                errors.push((
                    "id.undefined",
                    index,
                    format!("ID {} has not been defined", st.id_name(id)),
                    vec![id],
                ));
                continue;
            };
            if crate::ssa::needs_check(inst, def, op == Op::Phi)
                && ssa_instructions.last() != Some(&index)
            {
                ssa_instructions.push(index);
            }
            let def_op = def.op();
            if is_function_misuse(def_op, op, inst.ext) {
                errors.push((
                    "id.function_use",
                    index,
                    format!("Invalid use of function result id {}.", st.id_name(id)),
                    vec![id],
                ));
                continue;
            }
            // A use in the defining instruction itself (`%x = OpIAdd %t %x %y`) is a use
            // before the definition too; OpPhi may name itself.
            if def_index >= index {
                if generates_type {
                    if cx.forward_pointers.get(&id).is_none_or(|&at| at > index) {
                        errors.push((
                            "id.forward",
                            index,
                            format!("Operand {} requires a previous definition", st.id_name(id)),
                            vec![id],
                        ));
                        continue;
                    }
                } else if !(if matches!(op, Op::ExtInst | Op::ExtInstWithForwardRefsKHR) {
                    crate::instructions::ext_debug::forward_reference_allowed(st, inst, i)
                } else {
                    can_forward(op, i) || later_function_operand(op, def_op)
                }) {
                    errors.push((
                        "id.forward",
                        index,
                        format!(
                            "ID {} has not been defined (it is used before its definition)",
                            st.id_name(id)
                        ),
                        vec![id],
                    ));
                    continue;
                }
                // Forward references are not checked for their kind (as spirv-val).
                continue;
            }
            if def_op == Op::TypeFunction && may_use_function_type {
                function_type_uses.push(crate::types::function_type_use(index, id));
            }
            let def_is_type = classes.of(def_op) & TYPE_OP != 0;
            if operand.kind == OperandKind::IdResultType {
                if !def_is_type {
                    errors.push((
                        "id.not_a_type",
                        index,
                        format!("Result type {} is not a type", st.id_name(id)),
                        vec![id],
                    ));
                }
                continue;
            }
            // Type declarations take types and typed values (constants) only.
            if generates_type && !def_is_type && def.result_type == 0 {
                errors.push((
                    "id.requires_type",
                    index,
                    format!("Operand {} requires a type", st.id_name(id)),
                    vec![id],
                ));
                continue;
            }
            if lenient {
                continue;
            }
            if def_is_type {
                if !matches!(
                    op,
                    Op::CooperativeMatrixLengthKHR | Op::CooperativeMatrixLengthNV
                ) {
                    errors.push((
                        "id.is_type",
                        index,
                        format!("Operand {} cannot be a type", st.id_name(id)),
                        vec![id],
                    ));
                }
            } else if def.result_type == 0
                && !matches!(
                    op,
                    Op::Branch
                        | Op::BranchConditional
                        | Op::Switch
                        | Op::Phi
                        | Op::ExtInst
                        | Op::ExtInstImport
                        | Op::SelectionMerge
                        | Op::LoopMerge
                        | Op::SizeOf
                )
            {
                errors.push((
                    "id.requires_type",
                    index,
                    format!("Operand {} requires a type", st.id_name(id)),
                    vec![id],
                ));
            } else if def.ext == ExtKind::NonSemantic
                && !(op == Op::ExtInst && inst.ext == ExtKind::NonSemantic)
            {
                errors.push((
                    "id.non_semantic",
                    index,
                    format!(
                        "ID {} of a non-semantic instruction is used by a semantic instruction",
                        st.id_name(id)
                    ),
                    vec![id],
                ));
            }
        }
    }
    IdFindings {
        errors,
        function_type_uses,
        ssa_instructions,
    }
}
