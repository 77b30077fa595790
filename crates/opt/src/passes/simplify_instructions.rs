//! `--simplify-instructions` / `--fold`: inside functions, an instruction whose operands are
//! all constants is replaced by the constant it computes — every opcode
//! `--fold-spec-const-op-composite` evaluates (integer, boolean, composite, FNegate, widening
//! FConvert) plus `folding.rs` (composite construction, conversions, bitcasts, IEEE-exact
//! floating point, exact OpenCL.std / GLSL.std.450 calls); and exact algebraic identities with
//! one varying operand: x+0, x-0, x*1, x/1, x|0, x^0, x&~0, shifts by 0, x&x, x|x,
//! select(c, x, x), a&&true, a||false become x; x*0, x&0, x-x, x^x become 0; a&&false,
//! a||true become the constant (integers and booleans only: no floating-point identity holds for
//! every input, and no fast-math assumption is made). Uses are rewritten and the instruction
//! removed; results feed later folds in the same run. Undefined results (division by zero,
//! oversized shifts) are left alone.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::folding::{elem, evaluate_more, folding_context, FoldRules};
use crate::pass::{Changed, Pass};
use crate::passes::fold_spec_const_op_composite::{mask, State, Ty, Val};
use crate::util::{remove_references_to, IdSet};
use rayon::prelude::*;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Op;
use spirvkit_core::{Id, Instruction, Module, Operand};

pub struct SimplifyInstructions;

impl Pass for SimplifyInstructions {
    fn name(&self) -> &'static str {
        "simplify-instructions"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let (mut st, value_types, rules) = folding_context(module);
        let bound = st.next_id();
        // Functions are folded in parallel, one contiguous share per worker with its own copy
        // of the state; the new constants they ask for get provisional ids (at or above the
        // bound). Then, in function order, each function's constant requests are replayed on
        // the real state, which allocates exactly the ids (and the constant instructions, in
        // the order) a sequential run would, and the provisional ids are renamed. A
        // function's folding never reads another function's new constants.
        let share = module
            .functions
            .len()
            .div_ceil(rayon::current_num_threads().max(1))
            .max(1);
        let folded: Vec<Vec<Folded>> = module
            .functions
            .par_chunks_mut(share)
            .map(|functions| {
                let mut st = st.clone();
                let mut value_types = value_types.clone();
                st.take_log();
                functions
                    .iter_mut()
                    .map(|f| {
                        value_types.add_function(f);
                        let removed = fold_function(f, &mut st, &value_types, &rules);
                        Folded {
                            removed,
                            requests: st.take_log(),
                        }
                    })
                    .collect()
            })
            .collect();
        let mut new_constants: Vec<Instruction> = Vec::new();
        let mut removed = IdSet::new(module.header.bound);
        let mut changed = false;
        let mut rename: FxHashMap<Id, Id> = FxHashMap::default();
        for (f, folded) in module
            .functions
            .iter_mut()
            .zip(folded.into_iter().flatten())
        {
            rename.clear();
            for (ty, val, provisional) in &folded.requests {
                let real = st.constant_id(*ty, val, &mut new_constants);
                if let (Some(p), Some(r)) = (provisional, real) {
                    if p != &r {
                        rename.insert(*p, r);
                    }
                }
            }
            if folded.removed.is_empty() {
                continue;
            }
            changed = true;
            for id in &folded.removed {
                removed.insert(*id);
            }
            if rename.is_empty() {
                continue;
            }
            for inst in f.instructions_mut() {
                for op in inst.operands.iter_mut() {
                    if let Operand::Id(id) = op {
                        if id.0 >= bound {
                            if let Some(&r) = rename.get(id) {
                                *id = r;
                            }
                        }
                    }
                }
            }
        }
        if changed {
            module.globals.append(&mut new_constants);
            module.header.bound = st.next_id().max(module.header.bound);
            remove_references_to(module, &removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

/// What folding one function did: the result ids it removed and its constant requests.
struct Folded {
    removed: Vec<Id>,
    requests: Vec<crate::passes::fold_spec_const_op_composite::ConstantRequest>,
}

/// Folds the instructions of `f` in order (earlier replacements feed later folds); returns
/// the removed result ids. New constants go to `st` (their instructions are dropped: the
/// caller replays the requests).
fn fold_function(
    f: &mut spirvkit_core::Function,
    st: &mut State,
    value_types: &crate::util::ValueTypes,
    rules: &FoldRules,
) -> Vec<Id> {
    let mut new_constants: Vec<Instruction> = Vec::new();
    let mut replace: FxHashMap<Id, Id> = FxHashMap::default();
    let mut removed = Vec::new();
    // Bitcast result → its operand, for `OpBitcast T (OpBitcast U x)` with x of type T.
    let mut bitcasts: FxHashMap<Id, Id> = FxHashMap::default();
    for block in &mut f.blocks {
        block.instructions.retain_mut(|inst| {
            // Earlier replacements first, so identities chain.
            if !replace.is_empty() {
                for op in inst.operands.iter_mut() {
                    if let Operand::Id(id) = op {
                        if let Some(&c) = replace.get(id) {
                            *id = c;
                        }
                    }
                }
            }
            let folded = fold(st, value_types, rules, inst, &mut new_constants)
                .or_else(|| identity(st, value_types, inst, &mut new_constants))
                .or_else(|| bitcast_back(inst, &mut bitcasts, value_types));
            match (folded, inst.result_id) {
                (Some(c), Some(r)) => {
                    replace.insert(r, c);
                    removed.push(r);
                    false
                }
                _ => true,
            }
        });
    }
    if !replace.is_empty() {
        for inst in f.instructions_mut() {
            for op in inst.operands.iter_mut() {
                if let Operand::Id(id) = op {
                    if let Some(&c) = replace.get(id) {
                        *id = c;
                    }
                }
            }
        }
    }
    removed
}

/// `OpBitcast T (OpBitcast U x)` with `x` of type T is `x` (through any chain of bitcasts):
/// a bitcast keeps every bit, so casting back gives the value cast (pairs like these come from local variables stored as
/// one type and loaded as another, see `retype_local_variables`). Other bitcasts are recorded
/// in `bitcasts` (result → operand) for the ones after them.
fn bitcast_back(
    inst: &Instruction,
    bitcasts: &mut FxHashMap<Id, Id>,
    value_types: &crate::util::ValueTypes,
) -> Option<Id> {
    if inst.opcode != Op::Bitcast {
        return None;
    }
    let (Some(r), Some(Operand::Id(operand))) = (inst.result_id, inst.operands.first()) else {
        return None;
    };
    // The start of the chain of bitcasts this one ends: every link keeps every bit.
    let root = bitcasts.get(operand).copied().unwrap_or(*operand);
    if root != *operand
        && inst.result_type.is_some()
        && value_types.get(&root).copied() == inst.result_type
    {
        return Some(root);
    }
    bitcasts.insert(r, root);
    None
}

/// The constant id `inst` computes, when its operands are constants and the result defined.
fn fold(
    st: &mut State,
    value_types: &crate::util::ValueTypes,
    rules: &FoldRules,
    inst: &Instruction,
    new_constants: &mut Vec<Instruction>,
) -> Option<Id> {
    let (ty, result) = (inst.result_type?, inst.result_id?);
    if !operands_constant(st, inst) {
        return None;
    }
    let val = evaluate(st, value_types, rules, inst)?;
    let id = st.constant_id(ty, &val, new_constants)?;
    st.set_value(result, val);
    Some(id)
}

/// The value operands of `inst` (an OpExtInst's set id excluded): at least one, all constant.
fn operands_constant(st: &State, inst: &Instruction) -> bool {
    let skip = usize::from(inst.opcode == Op::ExtInst);
    let mut ids = inst
        .operands
        .iter()
        .skip(skip)
        .filter_map(Operand::id)
        .peekable();
    ids.peek().is_some() && ids.all(|id| st.value(id).is_some())
}

/// The value of an instruction whose value operands all have values in `st` (None when the
/// opcode is not foldable or the result undefined): first as the equivalent OpSpecConstantOp,
/// then by `folding.rs`. Shared with `--ccp`.
pub(crate) fn evaluate(
    st: &State,
    value_types: &crate::util::ValueTypes,
    rules: &FoldRules,
    inst: &Instruction,
) -> Option<Val> {
    let as_spec_op = Instruction::new(
        Op::SpecConstantOp,
        inst.result_type,
        inst.result_id,
        std::iter::once(Operand::Word(u32::from(inst.opcode.0)))
            .chain(inst.operands.iter().cloned()),
    );
    if inst.opcode != Op::ExtInst {
        if let Some(v) = st.evaluate(value_types, &as_spec_op) {
            return Some(v);
        }
    }
    evaluate_more(st, value_types, rules, inst)
}

/// Is `v` (a scalar or a vector) `k` in every component?
fn all_equal(v: &Val, k: u64) -> bool {
    match v {
        Val::Scalar(x) => *x == k,
        Val::Composite(items) => items.iter().all(|i| all_equal(i, k)),
    }
}

/// An exact algebraic identity with a varying operand: the id the result equals.
fn identity(
    st: &mut State,
    value_types: &crate::util::ValueTypes,
    inst: &Instruction,
    new_constants: &mut Vec<Instruction>,
) -> Option<Id> {
    // The opcodes below, before looking up the result type.
    if !matches!(
        inst.opcode,
        Op::IAdd
            | Op::BitwiseOr
            | Op::BitwiseXor
            | Op::ISub
            | Op::IMul
            | Op::UDiv
            | Op::SDiv
            | Op::BitwiseAnd
            | Op::ShiftLeftLogical
            | Op::ShiftRightLogical
            | Op::ShiftRightArithmetic
            | Op::LogicalAnd
            | Op::LogicalOr
            | Op::Select
    ) {
        return None;
    }
    let id_at = |i: usize| inst.operands.get(i).and_then(Operand::id);
    // Every identity below needs operands 0 and 1 equal or one of them a constant whose
    // components are all 0, 1 or (BitwiseAnd) all ones of some width (select: operands 1 and
    // 2 equal): most instructions are told apart here, before the type lookup.
    let (a, b) = (id_at(0), id_at(1));
    let and = inst.opcode == Op::BitwiseAnd;
    let special = |id: Option<Id>| match id.and_then(|id| st.value(id)) {
        Some(Val::Scalar(x)) => *x <= 1 || (and && x & x.wrapping_add(1) == 0),
        Some(Val::Composite(_)) => true,
        None => false,
    };
    if inst.opcode == Op::Select {
        if id_at(1) != id_at(2) {
            return None;
        }
    } else if a != b && !special(a) && !special(b) {
        return None;
    }
    let ty = inst.result_type?;
    let same_type = |id: Id| value_types.get(&id) == Some(&ty);
    let (width, boolean) = match elem(st, ty)? {
        Ty::Int { width, .. } => (width, false),
        Ty::Bool => (1, true),
        _ => {
            // select(c, x, x) holds for every type.
            let (x, y) = (id_at(1)?, id_at(2)?);
            return (inst.opcode == Op::Select && x == y && same_type(x)).then_some(x);
        }
    };
    let c = |i: usize, k: u64| {
        id_at(i)
            .and_then(|id| st.value(id))
            .is_some_and(|v| all_equal(v, k))
    };
    let ones = mask(width);
    // The result equals operand `i`.
    let keep = |i: usize| id_at(i).filter(|&x| same_type(x));
    let zero = |st: &mut State, new_constants: &mut Vec<Instruction>| -> Option<Id> {
        let z = st.zero(ty, 0)?;
        st.constant_id(ty, &z, new_constants)
    };
    let ones_val = |st: &mut State, new_constants: &mut Vec<Instruction>| -> Option<Id> {
        let z = st.zero(ty, 0)?;
        let v = crate::passes::fold_spec_const_op_composite::map1(&z, &|_| Some(1))?;
        st.constant_id(ty, &v, new_constants)
    };
    match inst.opcode {
        Op::IAdd | Op::BitwiseOr | Op::BitwiseXor if !boolean => {
            if c(1, 0) {
                return keep(0);
            }
            if c(0, 0) {
                return keep(1);
            }
            if a == b {
                return match inst.opcode {
                    Op::BitwiseOr => keep(0),
                    Op::BitwiseXor => zero(st, new_constants),
                    _ => None,
                };
            }
            None
        }
        Op::ISub if !boolean => {
            if c(1, 0) {
                return keep(0);
            }
            (a == b).then(|| zero(st, new_constants)).flatten()
        }
        Op::IMul if !boolean => {
            if c(1, 1) {
                return keep(0);
            }
            if c(0, 1) {
                return keep(1);
            }
            if c(0, 0) || c(1, 0) {
                return zero(st, new_constants);
            }
            None
        }
        Op::UDiv | Op::SDiv if !boolean => c(1, 1).then(|| keep(0)).flatten(),
        Op::BitwiseAnd if !boolean => {
            if c(1, ones) || a == b {
                return keep(0);
            }
            if c(0, ones) {
                return keep(1);
            }
            if c(0, 0) || c(1, 0) {
                return zero(st, new_constants);
            }
            None
        }
        Op::ShiftLeftLogical | Op::ShiftRightLogical | Op::ShiftRightArithmetic if !boolean => {
            c(1, 0).then(|| keep(0)).flatten()
        }
        Op::LogicalAnd | Op::LogicalOr if boolean => {
            let and = inst.opcode == Op::LogicalAnd;
            // The neutral element keeps the other operand; the absorbing one is the result.
            let (neutral, absorbing) = if and { (1, 0) } else { (0, 1) };
            if c(1, neutral) || a == b {
                return keep(0);
            }
            if c(0, neutral) {
                return keep(1);
            }
            if c(0, absorbing) || c(1, absorbing) {
                return if absorbing == 0 {
                    zero(st, new_constants)
                } else {
                    ones_val(st, new_constants)
                };
            }
            None
        }
        Op::Select => {
            let (x, y) = (id_at(1)?, id_at(2)?);
            (x == y && same_type(x)).then_some(x)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn folds_chains_of_constant_integer_code_in_kernels() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %out "out"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%gptr = OpTypePointer CrossWorkgroup %uint
%c6 = OpConstant %uint 6
%c7 = OpConstant %uint 7
%c0 = OpConstant %uint 0
%fn = OpTypeFunction %void %gptr
%k = OpFunction %void None %fn
%out = OpFunctionParameter %gptr
%l = OpLabel
%m = OpIMul %uint %c6 %c7
%s = OpShiftLeftLogical %uint %m %c6
%lt = OpULessThan %bool %c6 %c7
%sel = OpSelect %uint %lt %s %c0
%div = OpUDiv %uint %c6 %c0
OpStore %out %sel
OpStore %out %div
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::SimplifyInstructions, &assemble(src)));
        assert!(text.contains("OpStore %out %uint_2688"), "{text}");
        assert!(!text.contains("OpIMul"), "{text}");
        // Division by zero is undefined: left alone.
        assert!(text.contains("OpUDiv"), "{text}");
    }

    #[test]
    fn folded_vectors_get_fresh_component_ids() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%int = OpTypeInt 32 1
%v2 = OpTypeVector %int 2
%c1 = OpConstant %int 1
%c2 = OpConstant %int 2
%v = OpConstantComposite %v2 %c1 %c2
%ptr = OpTypePointer Function %v2
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%var = OpVariable %ptr Function
%a = OpIMul %v2 %v %v
%b = OpIAdd %v2 %a %v
OpStore %var %b
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::SimplifyInstructions, &assemble(src)));
        assert!(
            text.contains("OpConstantComposite %v2int %int_2 %int_6"),
            "{text}"
        );
    }

    const CL_HEAD: &str = r#"
OpCapability Kernel
OpCapability Addresses
OpCapability Int64
OpCapability Float64
%ocl = OpExtInstImport "OpenCL.std"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
"#;

    const CL_TYPES: &str = r#"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%double = OpTypeFloat 64
%bool = OpTypeBool
%v2f = OpTypeVector %float 2
%v4f = OpTypeVector %float 4
%pu = OpTypePointer CrossWorkgroup %uint
%pf = OpTypePointer CrossWorkgroup %float
%pd = OpTypePointer CrossWorkgroup %double
%pv4 = OpTypePointer CrossWorkgroup %v4f
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u7 = OpConstant %uint 7
%ones = OpConstant %uint 0xffffffff
%f1_5 = OpConstant %float 1.5
%fm2_5 = OpConstant %float -2.5
%f0_1 = OpConstant %float 0.1
%f0_2 = OpConstant %float 0.2
%d0_1 = OpConstant %double 0.1
%d0_5 = OpConstant %double 0.5
%fbig = OpConstant %float 1e+30
%fn = OpTypeFunction %void %pu %pf %pd %pv4
"#;

    const PARAM_NAMES: &str = "OpName %pu_ \"pu\"\nOpName %pf_ \"pf\"\n";

    fn kernel(modes: &str, names: &str, body: &str) -> String {
        let src = format!(
            "{CL_HEAD}{modes}{PARAM_NAMES}{names}{CL_TYPES}%k = OpFunction %void None %fn\n%pu_ = OpFunctionParameter %pu\n%pf_ = OpFunctionParameter %pf\n%pd_ = OpFunctionParameter %pd\n%pv_ = OpFunctionParameter %pv4\n%l = OpLabel\n{body}OpReturn\nOpFunctionEnd\n"
        );
        disassemble(&run_pass(&super::SimplifyInstructions, &assemble(&src)))
    }

    #[test]
    fn a_bitcast_back_to_the_original_type_is_the_original_value() {
        let body = r#"%x = OpLoad %float %pf_
%u = OpBitcast %uint %x
%back = OpBitcast %float %u
OpStore %pf_ %back
%p = OpBitcast %pf %pu_
%q = OpBitcast %pd %p
%r = OpBitcast %pu %q
OpStore %r %u
"#;
        let names = "OpName %back \"back\"\nOpName %r \"r\"\nOpName %q \"q\"\n\
                     OpName %x \"x\"\nOpName %u \"u\"\n";
        let text = kernel("", names, body);
        assert!(
            !text.contains("%back = ") && text.contains("OpStore %pf %x"),
            "{text}"
        );
        // Through two links the pointer is back at its own type; a cast elsewhere stays.
        assert!(
            !text.contains("%r = ") && text.contains("OpStore %pu %u"),
            "{text}"
        );
        assert!(
            text.contains("%q = OpBitcast %_ptr_CrossWorkgroup_double"),
            "{text}"
        );
    }

    #[test]
    fn conversions_and_exact_float_arithmetic_fold() {
        let body = r#"%a = OpFAdd %float %f1_5 %fm2_5
OpStore %pf_ %a
%m = OpFMul %float %f0_1 %f0_2
OpStore %pf_ %m
%c = OpConvertFToS %uint %fm2_5
OpStore %pu_ %c
%big = OpConvertFToU %uint %fbig
OpStore %pu_ %big
%i = OpConvertUToF %float %u7
OpStore %pf_ %i
%n = OpFConvert %float %d0_5
OpStore %pf_ %n
%inexact = OpFConvert %float %d0_1
OpStore %pf_ %inexact
%d = OpFDiv %float %f1_5 %f0_1
OpStore %pf_ %d
%v = OpCompositeConstruct %v4f %f1_5 %f1_5 %fm2_5 %f0_1
OpStore %pv_ %v
%cmp = OpFOrdLessThan %bool %fm2_5 %f1_5
%s = OpSelect %uint %cmp %u7 %u0
OpStore %pu_ %s
%fl = OpExtInst %float %ocl floor %fm2_5
OpStore %pf_ %fl
%mx = OpExtInst %float %ocl fmax %f1_5 %fm2_5
OpStore %pf_ %mx
%um = OpExtInst %uint %ocl u_min %u7 %u1
OpStore %pu_ %um
"#;
        let names = "OpName %big \"big\"\nOpName %inexact \"inexact\"\nOpName %d \"d\"\n";
        let text = kernel("", names, body);
        assert!(text.contains("OpStore %pf %float_n1"), "{text}");
        // 0.1f * 0.2f rounded to nearest in single precision.
        assert!(text.contains("OpStore %pf %float_0_0200000014"), "{text}");
        assert!(text.contains("OpStore %pu %uint_4294967294"), "{text}");
        assert!(text.contains("%big = OpConvertFToU"), "{text}");
        assert!(text.contains("OpStore %pf %float_7"), "{text}");
        assert!(text.contains("OpStore %pf %float_0_5"), "{text}");
        assert!(text.contains("%inexact = OpFConvert"), "{text}");
        assert!(text.contains("%d = OpFDiv"), "{text}");
        assert!(!text.contains("OpCompositeConstruct"), "{text}");
        assert!(text.contains("OpStore %pu %uint_7"), "{text}");
        assert!(text.contains("OpStore %pf %float_n3"), "{text}");
        assert!(text.contains("OpStore %pf %float_1_5"), "{text}");
        assert!(text.contains("OpStore %pu %uint_1"), "{text}");
        assert!(!text.contains("= OpExtInst "), "{text}");
    }

    #[test]
    fn float_controls_and_rounding_decorations_stop_float_folding() {
        let body = "%a = OpFAdd %float %f1_5 %fm2_5\nOpStore %pf_ %a\n%i = OpIAdd %uint %u7 %u1\nOpStore %pu_ %i\n";
        let mode = "OpCapability DenormFlushToZero\nOpExecutionMode %k DenormFlushToZero 32\n";
        let src_mode = kernel_with_capability(mode, body);
        assert!(src_mode.contains("OpFAdd"), "{src_mode}");
        assert!(src_mode.contains("OpStore %pu %uint_8"), "{src_mode}");
        let body = "%c = OpConvertUToF %float %ones\nOpStore %pf_ %c\n";
        let text = kernel("", "OpDecorate %c FPRoundingMode RTZ\n", body);
        assert!(text.contains("OpConvertUToF"), "{text}");
        let text = kernel("", "", body);
        assert!(!text.contains("OpConvertUToF"), "{text}");
    }

    fn kernel_with_capability(extra: &str, body: &str) -> String {
        let (caps, modes): (Vec<&str>, Vec<&str>) =
            extra.lines().partition(|l| l.starts_with("OpCapability"));
        let head = CL_HEAD.replace(
            "%ocl = OpExtInstImport",
            &format!(
                "{}\nOpExtension \"SPV_KHR_float_controls\"\n%ocl = OpExtInstImport",
                caps.join("\n")
            ),
        );
        let src = format!(
            "{head}{}\n{PARAM_NAMES}{CL_TYPES}%k = OpFunction %void None %fn\n%pu_ = OpFunctionParameter %pu\n%pf_ = OpFunctionParameter %pf\n%pd_ = OpFunctionParameter %pd\n%pv_ = OpFunctionParameter %pv4\n%l = OpLabel\n{body}OpReturn\nOpFunctionEnd\n",
            modes.join("\n")
        );
        disassemble(&run_pass(&super::SimplifyInstructions, &assemble(&src)))
    }

    #[test]
    fn exact_integer_identities_with_a_varying_operand() {
        let body = r#"%x = OpLoad %uint %pu_
%a = OpIAdd %uint %x %u0
%b = OpIMul %uint %u1 %a
%c = OpBitwiseAnd %uint %b %ones
%d = OpShiftLeftLogical %uint %c %u0
%e = OpBitwiseOr %uint %d %d
OpStore %pu_ %e
%z = OpISub %uint %x %x
OpStore %pu_ %z
%y = OpIMul %uint %x %u0
OpStore %pu_ %y
%keep = OpIAdd %uint %x %u1
OpStore %pu_ %keep
%fx = OpLoad %float %pf_
%f = OpFAdd %float %fx %f1_5
OpStore %pf_ %f
"#;
        let text = kernel("", "OpName %x \"x\"\nOpName %keep \"keep\"\n", body);
        assert!(text.contains("OpStore %pu %x"), "{text}");
        assert_eq!(text.matches("OpStore %pu %uint_0").count(), 2, "{text}");
        assert!(text.contains("%keep = OpIAdd"), "{text}");
        // Floating point keeps its addition: x + 1.5 is not an identity.
        assert!(text.contains("OpFAdd"), "{text}");
        for gone in [
            "OpIMul",
            "OpBitwiseAnd",
            "OpShiftLeftLogical",
            "OpBitwiseOr",
            "OpISub",
        ] {
            assert!(!text.contains(gone), "{gone}\n{text}");
        }
    }

    /// The pre-check before the type lookup lets through 0, 1 and (for BitwiseAnd) all-ones
    /// of the width, both operand orders, and equal operands; 7 (all ones of 3 bits, not of
    /// the type) is no identity for BitwiseAnd, nor 0xffffffff for the others.
    #[test]
    fn identity_pre_check_keeps_every_identity() {
        let body = r#"%x = OpLoad %uint %pu_
%a = OpBitwiseAnd %uint %ones %x
%b = OpBitwiseAnd %uint %a %u7
%c = OpIAdd %uint %u0 %b
%d = OpBitwiseXor %uint %c %ones
%e = OpBitwiseXor %uint %d %d
%f = OpBitwiseOr %uint %d %e
OpStore %pu_ %f
"#;
        let names = "OpName %x \"x\"\nOpName %b \"b\"\nOpName %d \"d\"\n";
        let text = kernel("", names, body);
        // x & ones = x, then b = x & 7 stays; 0 + b = b; b ^ ones stays; d ^ d = 0; d | 0 = d.
        assert!(
            text.contains("%b = OpBitwiseAnd %uint %x %uint_7"),
            "{text}"
        );
        assert!(
            text.contains("%d = OpBitwiseXor %uint %b %uint_4294967295"),
            "{text}"
        );
        assert!(text.contains("OpStore %pu %d"), "{text}");
        assert_eq!(text.matches("OpBitwiseAnd").count(), 1, "{text}");
        assert_eq!(text.matches("OpBitwiseXor").count(), 1, "{text}");
        assert!(
            !text.contains("OpIAdd") && !text.contains("OpBitwiseOr"),
            "{text}"
        );
    }
}
