//! DILocalVariable → DebugLocalVariable, `llvm.dbg.declare` → DebugDeclare on the alloca's
//! OpVariable, `llvm.dbg.value` → DebugValue, DIExpression → DebugExpression of
//! DebugOperations, DIGlobalVariableExpression → DebugGlobalVariable.

use super::types::info_flags;
use super::{di_node, field_node, flags, inst, Declarer};
use crate::error::Result;
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;
use spirvkit_llvm::{DiField, InstKind, MdOperand, Metadata, MetadataId, ValueRef};

/// The debug intrinsics, by the part of the name after `llvm.dbg.`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Intrinsic {
    Declare,
    Value,
}

/// Which debug intrinsic `inst` calls, with its operands (value, variable, expression).
fn debug_call(
    m: &llvm::Module,
    inst: &llvm::Instruction,
) -> Option<(Intrinsic, ValueRef, MetadataId, Option<MetadataId>)> {
    let InstKind::Call {
        callee: ValueRef::Function(f),
        args,
        ..
    } = &inst.kind
    else {
        return None;
    };
    let kind = match m.function(*f)?.name.as_str() {
        "llvm.dbg.declare" | "llvm.dbg.addr" => Intrinsic::Declare,
        "llvm.dbg.value" => Intrinsic::Value,
        _ => return None,
    };
    let metadata = |i: usize| match args.get(i) {
        Some(ValueRef::Metadata(id)) => Some(*id),
        _ => None,
    };
    let value = match m.metadata(metadata(0)?) {
        Some(Metadata::Value { value, .. }) => *value,
        _ => ValueRef::Metadata(metadata(0)?),
    };
    Some((kind, value, metadata(1)?, metadata(2)))
}

/// Whether a debug intrinsic call declares, with its value, variable and expression.
pub(super) fn intrinsic_operands(
    m: &llvm::Module,
    inst: &llvm::Instruction,
) -> Option<(bool, ValueRef, MetadataId, Option<MetadataId>)> {
    debug_call(m, inst).map(|(kind, value, variable, expression)| {
        (kind == Intrinsic::Declare, value, variable, expression)
    })
}

/// The value of a debug record: the value it wraps, or the node itself (a DIArgList, `!{}`).
pub(crate) fn record_value(m: &llvm::Module, record: &llvm::DebugRecord) -> ValueRef {
    match m.metadata(record.value) {
        Some(Metadata::Value { value, .. }) => *value,
        _ => ValueRef::Metadata(record.value),
    }
}

/// Whether a declare's address is an instruction other than an alloca (a cast or GEP of one,
/// a variable-length alloca's pointer ...): it is described by a DebugValue of the address
/// with `DW_OP_deref` first, whatever the pointers (DebugDeclare takes only an OpVariable or a
/// parameter).
pub(super) fn declares_through_another_address(
    f: &llvm::Function,
    declare: bool,
    value: ValueRef,
) -> bool {
    match value {
        ValueRef::Instruction(i) => {
            declare
                && !f
                    .inst(i)
                    .is_some_and(|inst| matches!(inst.kind, InstKind::Alloca { .. }))
        }
        _ => false,
    }
}

/// The values of a `!DIArgList(...)` (`None` when `value` is no DIArgList).
fn arg_list(m: &llvm::Module, value: ValueRef) -> Option<Vec<(llvm::TypeId, ValueRef)>> {
    let ValueRef::Metadata(id) = value else {
        return None;
    };
    let n = di_node(m, id).filter(|n| n.kind == "DIArgList")?;
    Some(
        n.fields
            .iter()
            .filter_map(|(_, field)| match field {
                DiField::Metadata(arg) => match m.metadata(*arg) {
                    Some(Metadata::Value { ty, value }) => Some((*ty, *value)),
                    _ => None,
                },
                _ => None,
            })
            .collect(),
    )
}

/// Whether `inst` calls `llvm.dbg.*` (`llvm.dbg.label` too: it has no form here and is
/// dropped).
fn is_debug_intrinsic(m: &llvm::Module, inst: &llvm::Instruction) -> bool {
    matches!(&inst.kind, InstKind::Call { callee: ValueRef::Function(f), .. }
        if m.function(*f).is_some_and(|f| f.name.starts_with("llvm.dbg.")))
}

/// llvm-spirv's DebugOperation number of `DW_OP_LLVM_arg` (the N-th value of a DIArgList),
/// written in NonSemantic.Shader.DebugInfo.200 only.
const LLVM_ARG: u32 = 165;

/// `DebugOperation` numbers of the DWARF operations, with their literal operand counts.
fn operation(name: &str) -> Option<(u32, usize)> {
    Some(match name {
        "DW_OP_deref" => (0, 0),
        "DW_OP_plus" => (1, 0),
        "DW_OP_minus" => (2, 0),
        "DW_OP_plus_uconst" => (3, 1),
        "DW_OP_bit_piece" => (4, 2),
        "DW_OP_swap" => (5, 0),
        "DW_OP_xderef" => (6, 0),
        "DW_OP_stack_value" => (7, 0),
        "DW_OP_constu" => (8, 1),
        "DW_OP_LLVM_fragment" => (9, 2),
        _ => return None,
    })
}

/// The operations only NonSemantic.Shader.DebugInfo.200 has (llvm-spirv writes operations
/// past LLVM_fragment in that set alone), with their literal operand counts: the ones LLVM's
/// DIExpression admits.
fn operation_200(name: &str) -> Option<(u32, usize)> {
    if let Some(n) = name
        .strip_prefix("DW_OP_lit")
        .and_then(|n| n.parse::<u32>().ok())
    {
        return (n < 32).then_some((46 + n, 0));
    }
    if let Some(n) = name
        .strip_prefix("DW_OP_breg")
        .and_then(|n| n.parse::<u32>().ok())
    {
        return (n < 32).then_some((110 + n, 1));
    }
    Some(match name {
        "DW_OP_LLVM_convert" => (10, 2),
        "DW_OP_consts" => (20, 1),
        "DW_OP_dup" => (21, 0),
        "DW_OP_drop" => (22, 0),
        "DW_OP_over" => (23, 0),
        "DW_OP_abs" => (26, 0),
        "DW_OP_and" => (27, 0),
        "DW_OP_div" => (28, 0),
        "DW_OP_mod" => (29, 0),
        "DW_OP_mul" => (30, 0),
        "DW_OP_neg" => (31, 0),
        "DW_OP_not" => (32, 0),
        "DW_OP_or" => (33, 0),
        "DW_OP_shl" => (34, 0),
        "DW_OP_shr" => (35, 0),
        "DW_OP_shra" => (36, 0),
        "DW_OP_xor" => (37, 0),
        "DW_OP_eq" => (39, 0),
        "DW_OP_ge" => (40, 0),
        "DW_OP_gt" => (41, 0),
        "DW_OP_le" => (42, 0),
        "DW_OP_lt" => (43, 0),
        "DW_OP_ne" => (44, 0),
        "DW_OP_deref_size" => (146, 1),
        "DW_OP_push_object_address" => (149, 0),
        "DW_OP_LLVM_arg" => (LLVM_ARG, 1),
        _ => return None,
    })
}

/// The DWARF number of a `DW_ATE_*` encoding (LLVM_convert's second operand in text).
fn dwarf_encoding(name: &str) -> Option<u32> {
    Some(match name {
        "DW_ATE_address" => 0x1,
        "DW_ATE_boolean" => 0x2,
        "DW_ATE_complex_float" => 0x3,
        "DW_ATE_float" => 0x4,
        "DW_ATE_signed" => 0x5,
        "DW_ATE_signed_char" => 0x6,
        "DW_ATE_unsigned" => 0x7,
        "DW_ATE_unsigned_char" => 0x8,
        _ => return None,
    })
}

/// The DWARF operation of an opcode number (bitcode stores DIExpression elements as numbers).
fn operation_name(code: u64) -> Option<&'static str> {
    const LITS: [&str; 32] = [
        "DW_OP_lit0",
        "DW_OP_lit1",
        "DW_OP_lit2",
        "DW_OP_lit3",
        "DW_OP_lit4",
        "DW_OP_lit5",
        "DW_OP_lit6",
        "DW_OP_lit7",
        "DW_OP_lit8",
        "DW_OP_lit9",
        "DW_OP_lit10",
        "DW_OP_lit11",
        "DW_OP_lit12",
        "DW_OP_lit13",
        "DW_OP_lit14",
        "DW_OP_lit15",
        "DW_OP_lit16",
        "DW_OP_lit17",
        "DW_OP_lit18",
        "DW_OP_lit19",
        "DW_OP_lit20",
        "DW_OP_lit21",
        "DW_OP_lit22",
        "DW_OP_lit23",
        "DW_OP_lit24",
        "DW_OP_lit25",
        "DW_OP_lit26",
        "DW_OP_lit27",
        "DW_OP_lit28",
        "DW_OP_lit29",
        "DW_OP_lit30",
        "DW_OP_lit31",
    ];
    const BREGS: [&str; 32] = [
        "DW_OP_breg0",
        "DW_OP_breg1",
        "DW_OP_breg2",
        "DW_OP_breg3",
        "DW_OP_breg4",
        "DW_OP_breg5",
        "DW_OP_breg6",
        "DW_OP_breg7",
        "DW_OP_breg8",
        "DW_OP_breg9",
        "DW_OP_breg10",
        "DW_OP_breg11",
        "DW_OP_breg12",
        "DW_OP_breg13",
        "DW_OP_breg14",
        "DW_OP_breg15",
        "DW_OP_breg16",
        "DW_OP_breg17",
        "DW_OP_breg18",
        "DW_OP_breg19",
        "DW_OP_breg20",
        "DW_OP_breg21",
        "DW_OP_breg22",
        "DW_OP_breg23",
        "DW_OP_breg24",
        "DW_OP_breg25",
        "DW_OP_breg26",
        "DW_OP_breg27",
        "DW_OP_breg28",
        "DW_OP_breg29",
        "DW_OP_breg30",
        "DW_OP_breg31",
    ];
    if (0x30..0x50).contains(&code) {
        return LITS.get((code - 0x30) as usize).copied();
    }
    if (0x70..0x90).contains(&code) {
        return BREGS.get((code - 0x70) as usize).copied();
    }
    Some(match code {
        0x11 => "DW_OP_consts",
        0x12 => "DW_OP_dup",
        0x13 => "DW_OP_drop",
        0x14 => "DW_OP_over",
        0x19 => "DW_OP_abs",
        0x1a => "DW_OP_and",
        0x1b => "DW_OP_div",
        0x1d => "DW_OP_mod",
        0x1e => "DW_OP_mul",
        0x1f => "DW_OP_neg",
        0x20 => "DW_OP_not",
        0x21 => "DW_OP_or",
        0x24 => "DW_OP_shl",
        0x25 => "DW_OP_shr",
        0x26 => "DW_OP_shra",
        0x27 => "DW_OP_xor",
        0x29 => "DW_OP_eq",
        0x2a => "DW_OP_ge",
        0x2b => "DW_OP_gt",
        0x2c => "DW_OP_le",
        0x2d => "DW_OP_lt",
        0x2e => "DW_OP_ne",
        0x94 => "DW_OP_deref_size",
        0x97 => "DW_OP_push_object_address",
        0x1001 => "DW_OP_LLVM_convert",
        0x06 => "DW_OP_deref",
        0x22 => "DW_OP_plus",
        0x1c => "DW_OP_minus",
        0x23 => "DW_OP_plus_uconst",
        0x9d => "DW_OP_bit_piece",
        0x16 => "DW_OP_swap",
        0x18 => "DW_OP_xderef",
        0x9f => "DW_OP_stack_value",
        0x10 => "DW_OP_constu",
        0x1000 => "DW_OP_LLVM_fragment",
        0x1005 => "DW_OP_LLVM_arg",
        _ => return None,
    })
}

impl Declarer<'_, '_> {
    /// Declares the expressions a record (or intrinsic call) will need in the body: its own;
    /// for a declare under untyped pointers also the deref form; for a DIArgList value the
    /// empty expression (several values) or, outside .200, the non-variadic form (one value).
    pub(super) fn record_expressions(
        &mut self,
        declare: bool,
        another_address: bool,
        value: ValueRef,
        expression: MetadataId,
    ) {
        if declare {
            self.expression(expression);
            // An untyped alloca, or an address that is no alloca
            // (`declares_through_another_address`): the DebugValue form.
            if self.t.untyped_allowed() || another_address {
                self.deref_expression(expression);
            }
            return;
        }
        match arg_list(self.t.m, value).map(|args| args.len()) {
            Some(0) => {}
            Some(1) if !self.info.extra_operations => {
                self.non_variadic_expression(expression);
            }
            Some(1) => {
                self.expression(expression);
            }
            Some(_) => {
                self.empty_expression();
            }
            None => {
                self.expression(expression);
            }
        }
    }

    /// DebugLocalVariable of a DILocalVariable (memoized).
    pub(super) fn local_variable(&mut self, id: MetadataId) -> Option<Id> {
        if let Some(&done) = self.info.nodes.get(&id) {
            return Some(done);
        }
        let m = self.t.m;
        let n = di_node(m, id).filter(|n| n.kind == "DILocalVariable")?;
        let name = self.name(n, "name");
        let ty = self.ty(field_node(n, "type"));
        let source = self.source_of(Some(id));
        let line = self.field_word(n, "line");
        let parent = self.parent(field_node(n, "scope"));
        let mut operands = self.named_at(name, ty, source, line);
        operands.extend([Operand::Id(parent), self.lit(info_flags(n))]);
        let arg = self.field_word(n, "arg");
        if arg > 0 {
            operands.push(self.lit(arg));
        }
        let result = self.fresh(inst::LOCAL_VARIABLE, operands);
        self.info.nodes.insert(id, result);
        Some(result)
    }

    /// DebugExpression of a DIExpression (memoized); `None` when it uses an operation the set
    /// has no form for (the intrinsic using it is then dropped rather than described wrongly):
    /// OpenCL.DebugInfo.100 and NonSemantic .100 have deref .. LLVM_fragment, .200 also the
    /// arithmetic, literal, convert, register and LLVM_arg operations of `operation_200`.
    pub(super) fn expression(&mut self, id: MetadataId) -> Option<Id> {
        if let Some(&done) = self.info.nodes.get(&id) {
            return Some(done);
        }
        let ops = self.operations(id, false)?;
        let result = self.write_expression(ops);
        self.info.nodes.insert(id, result);
        Some(result)
    }

    /// The expression of a one-value DIArgList record in the sets without `DW_OP_LLVM_arg`:
    /// `DW_OP_LLVM_arg 0` first and nowhere else is the value itself, so the expression
    /// without it says the same of the plain value (LLVM's own non-variadic form); any other
    /// use of LLVM_arg has no form (`None`, the record is left out). Memoized.
    pub(super) fn non_variadic_expression(&mut self, id: MetadataId) -> Option<Id> {
        if let Some(&done) = self.info.non_variadic.get(&id) {
            return Some(done);
        }
        let mut ops = self.operations(id, true)?;
        if ops.first() == Some(&(LLVM_ARG, vec![0])) {
            ops.remove(0);
        }
        if ops.iter().any(|(op, _)| *op == LLVM_ARG) {
            return None;
        }
        let result = self.write_expression(ops);
        self.info.non_variadic.insert(id, result);
        Some(result)
    }

    /// The empty DebugExpression (memoized): what a record of several values (a DIArgList of
    /// two or more) is described with, beside an OpUndef, as llvm-spirv does.
    pub(super) fn empty_expression(&mut self) -> Id {
        if let Some(done) = self.info.empty_expression {
            return done;
        }
        let result = self.write_expression(Vec::new());
        self.info.empty_expression = Some(result);
        result
    }

    /// A DebugDeclare's expression with `DW_OP_deref` in front (memoized): the DebugValue
    /// that stands for a DebugDeclare whose variable is an OpUntypedVariableKHR (the value
    /// of the variable is what its address points to, as LLVM turns a declare into a value).
    pub(super) fn deref_expression(&mut self, id: MetadataId) -> Option<Id> {
        if let Some(&done) = self.info.deref_expressions.get(&id) {
            return Some(done);
        }
        let mut ops = self.operations(id, false)?;
        ops.insert(0, (0, Vec::new()));
        let result = self.write_expression(ops);
        self.info.deref_expressions.insert(id, result);
        Some(result)
    }

    /// The (operation, literals) of a DIExpression in the format's numbering; `None` when one
    /// has no form in the set. `arg`: also take `DW_OP_LLVM_arg` outside .200 (the caller
    /// removes it).
    fn operations(&self, id: MetadataId, arg: bool) -> Option<Vec<(u32, Vec<u32>)>> {
        let m = self.t.m;
        let n = di_node(m, id).filter(|n| n.kind == "DIExpression")?;
        let mut ops: Vec<(u32, Vec<u32>)> = Vec::new();
        let mut wanted = 0;
        for (_, field) in &n.fields {
            if wanted == 0 {
                let name = match field {
                    DiField::Symbol(s) => s.as_str(),
                    DiField::UInt(code) => operation_name(*code)?,
                    _ => return None,
                };
                let (op, count) = match operation(name) {
                    Some(found) => found,
                    None if self.info.extra_operations => operation_200(name)?,
                    None if arg && name == "DW_OP_LLVM_arg" => (LLVM_ARG, 1),
                    None => return None,
                };
                ops.push((op, Vec::new()));
                wanted = count;
                continue;
            }
            let literal = match field {
                // A negative operand (consts, breg offsets; text and bitcode store the 64-bit
                // two's complement) as its 32-bit one, as llvm-spirv keeps the low word;
                // a value that fits neither way has no form.
                DiField::UInt(v) => u32::try_from(*v)
                    .ok()
                    .or_else(|| i32::try_from(*v as i64).ok().map(|x| x as u32))?,
                DiField::Int(v) => i32::try_from(*v).ok()? as u32,
                DiField::Symbol(s) => dwarf_encoding(s)?,
                _ => return None,
            };
            ops.last_mut()?.1.push(literal);
            wanted -= 1;
        }
        if wanted > 0 {
            return None;
        }
        Some(ops)
    }

    /// DebugExpression of DebugOperations.
    fn write_expression(&mut self, ops: Vec<(u32, Vec<u32>)>) -> Id {
        let mut operation_ids = Vec::with_capacity(ops.len());
        for (op, literals) in ops {
            let mut operands = vec![self.lit(op)];
            for literal in literals {
                operands.push(self.lit(literal));
            }
            operation_ids.push(Operand::Id(self.fresh(inst::OPERATION, operands)));
        }
        self.fresh(inst::EXPRESSION, operation_ids)
    }
}

/// DebugGlobalVariable of each DIGlobalVariableExpression the compile units list.
pub(super) fn global_variables(d: &mut Declarer<'_, '_>) {
    let m = d.t.m;
    // DIGlobalVariableExpression → the OpVariable of the global it is attached to.
    let mut variables: FxHashMap<MetadataId, Id> = FxHashMap::default();
    for (g, global) in m.globals.iter().enumerate() {
        let Some(Some(var)) = d.t.globals.get(g) else {
            continue;
        };
        // spirv-val takes only an OpVariable (not OpUntypedVariableKHR) here.
        let untyped =
            d.t.id_types
                .get(var)
                .is_some_and(|ty| d.t.untyped_types.contains(ty));
        if untyped {
            continue;
        }
        for (kind, md) in &global.attachments {
            if kind == "dbg" {
                variables.entry(*md).or_insert(*var);
            }
        }
    }
    let Some(units) = m.named_metadata("llvm.dbg.cu") else {
        return;
    };
    for unit in &units.nodes {
        let Some(list) = di_node(m, *unit).and_then(|n| field_node(n, "globals")) else {
            continue;
        };
        for op in m.node_operands(list) {
            let MdOperand::Metadata(gve) = op else {
                continue;
            };
            global_variable(d, *gve, variables.get(gve).copied());
        }
    }
}

fn global_variable(d: &mut Declarer<'_, '_>, gve: MetadataId, variable: Option<Id>) {
    let m = d.t.m;
    let var_node = match di_node(m, gve) {
        Some(n) if n.kind == "DIGlobalVariableExpression" => field_node(n, "var"),
        Some(n) if n.kind == "DIGlobalVariable" => Some(gve),
        _ => None,
    };
    let Some((var_id, n)) = var_node.and_then(|v| Some((v, di_node(m, v)?))) else {
        return;
    };
    if d.info.nodes.contains_key(&var_id) {
        return;
    }
    let name = d.name(n, "name");
    let ty = d.ty(field_node(n, "type"));
    let source = d.source_of(Some(var_id));
    let line = d.field_word(n, "line");
    let parent = d.parent(field_node(n, "scope"));
    let linkage = match super::field_string(m, n, "linkageName") {
        Some(l) => d.string(&l),
        None => name,
    };
    let mut flag_bits = info_flags(n);
    if matches!(n.field("isLocal"), Some(DiField::Bool(true))) {
        flag_bits |= flags::IS_LOCAL;
    }
    if matches!(n.field("isDefinition"), Some(DiField::Bool(true))) {
        flag_bits |= flags::IS_DEFINITION;
    }
    let variable = variable.unwrap_or(d.none);
    let mut operands = d.named_at(name, ty, source, line);
    operands.extend([
        Operand::Id(parent),
        Operand::Id(linkage),
        Operand::Id(variable),
        d.lit(flag_bits),
    ]);
    // The definition of a static member: its declaration inside the class (the class is
    // declared first if nothing has named it yet).
    if let Some(declaration) = field_node(n, "declaration") {
        if let Some(class) = di_node(m, declaration).and_then(|dn| field_node(dn, "scope")) {
            d.ty(Some(class));
        }
        if let Some(&member) = d.member_ids.get(&declaration) {
            operands.push(Operand::Id(member));
        }
    }
    let id = d.fresh(inst::GLOBAL_VARIABLE, operands);
    d.info.nodes.insert(var_id, id);
}

/// Translates a call of `llvm.dbg.*` inside a body: DebugDeclare or DebugValue when the
/// module's debug info is emitted. Gives false when `inst` is no such call (or debug info
/// is off: the call is then dropped as any hint without a SPIR-V form).
pub(crate) fn body_intrinsic(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    inst: &llvm::Instruction,
) -> Result<bool> {
    let Some(info) = t.debug.clone() else {
        return Ok(false);
    };
    if !is_debug_intrinsic(t.m, inst) {
        return Ok(false);
    }
    let Some((kind, value, variable, expression)) = debug_call(t.m, inst) else {
        return Ok(true);
    };
    describe(t, ctx, &info, kind, value, variable, expression);
    Ok(true)
}

/// Translates a debug record (`#dbg_declare`, `#dbg_value`, `#dbg_assign`: the stored value)
/// as the intrinsic call it replaces.
pub(crate) fn body_record(t: &mut Translator<'_>, ctx: &FnCtx<'_>, record: &llvm::DebugRecord) {
    let Some(info) = t.debug.clone() else {
        return;
    };
    let kind = match record.kind {
        llvm::DebugRecordKind::Declare => Intrinsic::Declare,
        llvm::DebugRecordKind::Value | llvm::DebugRecordKind::Assign => Intrinsic::Value,
    };
    let value = record_value(t.m, record);
    describe(
        t,
        ctx,
        &info,
        kind,
        value,
        record.variable,
        Some(record.expression),
    );
}

/// DebugDeclare (the OpVariable of an alloca) or DebugValue (any value) of a variable;
/// nothing when the variable, expression or value has no translation.
///
/// - A declare of an OpUntypedVariableKHR (spirv-val takes only an OpVariable or a
///   parameter there) is the DebugValue of its address with `DW_OP_deref` in front.
/// - A DIArgList of one value describes that value: with `DW_OP_LLVM_arg` in .200, without
///   its leading `DW_OP_LLVM_arg 0` elsewhere; of several values, an OpUndef of the first
///   one's type with the empty expression (llvm-spirv's form).
fn describe(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    info: &super::DebugInfo,
    kind: Intrinsic,
    value: ValueRef,
    variable: MetadataId,
    expression: Option<MetadataId>,
) {
    let (Some(&local), Some(expression)) = (info.nodes.get(&variable), expression) else {
        return;
    };
    let described = match (kind, value) {
        (Intrinsic::Declare, ValueRef::Instruction(i)) => {
            let out = ctx.values.get(i.0 as usize).copied().unwrap_or(Id(0));
            match t.debug_variables.get(&out).copied() {
                Some(var) => {
                    let untyped = t
                        .id_types
                        .get(&var)
                        .is_some_and(|ty| t.untyped_types.contains(ty));
                    if untyped {
                        info.deref_expressions
                            .get(&expression)
                            .map(|e| (super::inst::VALUE, var, *e))
                    } else {
                        info.nodes
                            .get(&expression)
                            .map(|e| (super::inst::DECLARE, var, *e))
                    }
                }
                // An address that is no OpVariable (a cast or GEP of one, a variable-length
                // alloca's pointer): DebugDeclare takes only an OpVariable or a parameter
                // (spirv-val), so the DebugValue of the address, dereferenced.
                None => (out != Id(0))
                    .then_some(out)
                    .zip(info.deref_expressions.get(&expression).copied())
                    .map(|(v, e)| (super::inst::VALUE, v, e)),
            }
        }
        // A parameter holding the variable's address (a `byval` aggregate, ...): DebugDeclare
        // names the OpFunctionParameter, as llvm-spirv does.
        (Intrinsic::Declare, ValueRef::Argument(n)) => ctx
            .args
            .get(n as usize)
            .copied()
            .filter(|&p| p != Id(0))
            .zip(info.nodes.get(&expression).copied())
            .map(|(p, e)| (super::inst::DECLARE, p, e)),
        (Intrinsic::Declare, _) => None,
        (Intrinsic::Value, ValueRef::Metadata(_)) => match arg_list(t.m, value).as_deref() {
            Some([(_, first)]) => {
                let e = if info.extra_operations {
                    info.nodes.get(&expression)
                } else {
                    info.non_variadic.get(&expression)
                };
                let v = t.value(ctx, *first).ok().filter(|&id| id != Id(0));
                v.zip(e.copied()).map(|(v, e)| (super::inst::VALUE, v, e))
            }
            Some([(ty, first), _, ..]) => {
                let ty = t
                    .value(ctx, *first)
                    .ok()
                    .and_then(|v| t.id_types.get(&v).copied())
                    .or_else(|| t.ty(*ty, &ctx.location).ok());
                ty.zip(info.empty_expression).map(|(ty, e)| {
                    let undef = t.b.dedup_global(Op::Undef, Some(ty), vec![]);
                    (super::inst::VALUE, undef, e)
                })
            }
            _ => None,
        },
        (Intrinsic::Value, v) => t
            .value(ctx, v)
            .ok()
            .filter(|&id| id != Id(0))
            .zip(info.nodes.get(&expression).copied())
            .map(|(v, e)| (super::inst::VALUE, v, e)),
    };
    let Some((instruction, target, expression)) = described else {
        return;
    };
    t.emit(
        Op::ExtInst,
        info.void,
        vec![
            Operand::Id(info.set),
            Operand::Word(instruction),
            Operand::Id(local),
            Operand::Id(target),
            Operand::Id(expression),
        ],
    );
}
