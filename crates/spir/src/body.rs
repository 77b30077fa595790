//! Function bodies: LLVM instructions (SPIR 1.2 tables 9–10 and what modern clang emits) →
//! SPIR-V instructions. Every LLVM result gets its SPIR-V id up front, so forward references
//! (phi operands, branches) need no patching.

use crate::error::{malformed, unsupported, Result};
use crate::translator::{location_of_function, Callee, Translator};
use llvm::{BinaryOp, CastOp, InstKind, Type, ValueRef};
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{Decoration, FunctionControl, MemoryAccess, Op};
use spirvkit_llvm as llvm;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// Per-function state.
pub(crate) struct FnCtx<'f> {
    pub func: &'f llvm::Function,
    pub func_id: llvm::FuncId,
    /// Pointer arguments of the built-in call being lowered, cast to the pointee its mangled
    /// name gives (consulted by `Translator::value`).
    pub arg_casts: RefCell<HashMap<ValueRef, Id>>,
    /// (variable, alloca result, its inferred type) for allocas used at another pointee.
    pub alloca_casts: Vec<(Id, Id, Id)>,
    pub values: Vec<Id>,
    pub args: Vec<Id>,
    pub blocks: Vec<Id>,
    pub location: String,
    /// Globals in the private address space, materialised as Function variables here.
    pub private_globals: HashMap<llvm::GlobalId, Id>,
    /// Private variables whose initializer is stored after the entry block's variables.
    pub private_inits: Vec<(Id, ValueRef)>,
    /// SPIR-V types of allocas (their pointee) and loads that carry a kernel's sampler or
    /// access-qualified image parameter through memory (-O0 code).
    pub handle_types: HashMap<llvm::InstId, Id>,
}

pub(crate) fn binary_opcode(op: BinaryOp, is_bool: bool) -> Option<Op> {
    Some(match (op, is_bool) {
        (BinaryOp::And, true) => Op::LogicalAnd,
        (BinaryOp::Or, true) => Op::LogicalOr,
        (BinaryOp::Xor, true) => Op::LogicalNotEqual,
        (_, true) => return None,
        (BinaryOp::Add, _) => Op::IAdd,
        (BinaryOp::FAdd, _) => Op::FAdd,
        (BinaryOp::Sub, _) => Op::ISub,
        (BinaryOp::FSub, _) => Op::FSub,
        (BinaryOp::Mul, _) => Op::IMul,
        (BinaryOp::FMul, _) => Op::FMul,
        (BinaryOp::UDiv, _) => Op::UDiv,
        (BinaryOp::SDiv, _) => Op::SDiv,
        (BinaryOp::FDiv, _) => Op::FDiv,
        (BinaryOp::URem, _) => Op::UMod,
        (BinaryOp::SRem, _) => Op::SRem,
        (BinaryOp::FRem, _) => Op::FRem,
        (BinaryOp::Shl, _) => Op::ShiftLeftLogical,
        (BinaryOp::LShr, _) => Op::ShiftRightLogical,
        (BinaryOp::AShr, _) => Op::ShiftRightArithmetic,
        (BinaryOp::And, _) => Op::BitwiseAnd,
        (BinaryOp::Or, _) => Op::BitwiseOr,
        (BinaryOp::Xor, _) => Op::BitwiseXor,
    })
}

fn cmp_opcode(pred: u8) -> Option<Op> {
    Some(match pred {
        1 => Op::FOrdEqual,
        2 => Op::FOrdGreaterThan,
        3 => Op::FOrdGreaterThanEqual,
        4 => Op::FOrdLessThan,
        5 => Op::FOrdLessThanEqual,
        6 => Op::FOrdNotEqual,
        7 => Op::Ordered,
        8 => Op::Unordered,
        9 => Op::FUnordEqual,
        10 => Op::FUnordGreaterThan,
        11 => Op::FUnordGreaterThanEqual,
        12 => Op::FUnordLessThan,
        13 => Op::FUnordLessThanEqual,
        14 => Op::FUnordNotEqual,
        32 => Op::IEqual,
        33 => Op::INotEqual,
        34 => Op::UGreaterThan,
        35 => Op::UGreaterThanEqual,
        36 => Op::ULessThan,
        37 => Op::ULessThanEqual,
        38 => Op::SGreaterThan,
        39 => Op::SGreaterThanEqual,
        40 => Op::SLessThan,
        41 => Op::SLessThanEqual,
        _ => return None,
    })
}

/// FunctionControl from function attributes (SPIR 1.2 table 13).
fn function_control(f: &llvm::Function) -> u32 {
    let mut control = FunctionControl::None.0;
    let attrs = &f.attrs;
    if attrs.has_function_flag("alwaysinline") {
        control |= FunctionControl::Inline.0;
    }
    if attrs.has_function_flag("noinline") {
        control |= FunctionControl::DontInline.0;
    }
    if attrs.has_function_flag("readnone") {
        control |= FunctionControl::Const.0;
    } else if attrs.has_function_flag("readonly") {
        control |= FunctionControl::Pure.0;
    }
    control
}

pub(crate) fn translate_function(
    t: &mut Translator<'_>,
    f: llvm::FuncId,
    kernels: &HashSet<llvm::FuncId>,
) -> Result<()> {
    let m = t.m;
    let func = &m.functions[f.0 as usize];
    let location = location_of_function(func);
    let Callee::Function(id) = t.callees[f.0 as usize].clone() else {
        return Err(malformed(
            &location,
            "a defined function classified as a built-in",
        ));
    };
    let access = if kernels.contains(&f) {
        crate::kernels::arg_access_qualifiers(t, func)
    } else {
        None
    };
    let (_, _, vararg) = m
        .types
        .function_signature(func.fn_ty)
        .ok_or_else(|| malformed(&location, "no function type"))?;
    if vararg {
        return Err(unsupported(&location, "a variadic function definition"));
    }
    let (fn_ty, ret_id, param_types) = t.function_type(f, access.as_deref(), &location)?;
    t.b.begin_function_with_id(id, ret_id, function_control(func), fn_ty);
    t.b.name(id, &func.name);
    let mut ctx = FnCtx {
        func,
        func_id: f,
        arg_casts: RefCell::new(HashMap::new()),
        alloca_casts: Vec::new(),
        values: Vec::new(),
        args: Vec::new(),
        blocks: Vec::new(),
        location,
        private_globals: HashMap::new(),
        private_inits: Vec::new(),
        handle_types: HashMap::new(),
    };
    t.image_context = image_context(t, f, access.as_deref());
    for (i, &pty) in param_types.iter().enumerate() {
        let pid = t.b.alloc_id();
        t.b.function_parameter_with_id(pid, pty);
        t.note_type(pid, pty);
        if let Some(name) = func.args.get(i).and_then(|a| a.name.as_deref()) {
            t.b.name(pid, name);
        }
        crate::kernels::param_attributes(t, func, i, pid);
        ctx.args.push(pid);
    }
    ctx.handle_types = handle_flow(t, func, access.as_deref(), &ctx.args)?;
    // Linkage: external definitions that are not kernels are exported.
    if !kernels.contains(&f)
        && matches!(
            func.linkage,
            llvm::Linkage::External
                | llvm::Linkage::Weak
                | llvm::Linkage::WeakOdr
                | llvm::Linkage::LinkOnceOdr
        )
    {
        t.linkage(id, &func.name, spirvkit_grammar::LinkageType::Export);
    }
    ctx.blocks = func.blocks.iter().map(|_| t.b.alloc_id()).collect();
    ctx.values = func
        .insts
        .iter()
        .map(|i| {
            if t.m.types.is_void(i.ty) {
                Id(0)
            } else {
                t.b.alloc_id()
            }
        })
        .collect();
    for (bi, block) in func.blocks.iter().enumerate() {
        t.b.begin_block_with_capacity(ctx.blocks[bi], block.insts.len() + 4);
        if let Some(name) = block.name.as_deref().filter(|n| !n.is_empty()) {
            t.b.name(ctx.blocks[bi], name);
        }
        if bi == 0 {
            // Function-storage variables must come first in the entry block: private-space
            // globals used here, then the allocas.
            private_globals(t, &mut ctx)?;
            for inst_id in func.blocks.iter().flat_map(|b| b.insts.iter()) {
                if let Some(inst) = func.inst(*inst_id) {
                    if let InstKind::Alloca { .. } = inst.kind {
                        if let Some(cast) = alloca(t, &ctx, *inst_id, inst)? {
                            ctx.alloca_casts.push(cast);
                        }
                    }
                }
            }
            // Allocas whose uses want another pointee are cast once all variables exist.
            for (var, out, ty) in std::mem::take(&mut ctx.alloca_casts) {
                t.emit_ops_to(out, Op::Bitcast, ty, [Operand::Id(var)]);
            }
            private_initializers(t, &mut ctx)?;
        }
        for &inst_id in &block.insts {
            let inst = func
                .inst(inst_id)
                .ok_or_else(|| malformed(&ctx.location, "missing instruction"))?;
            if matches!(inst.kind, InstKind::Alloca { .. }) {
                continue;
            }
            translate_instruction(t, &ctx, inst_id, inst)?;
        }
    }
    t.b.end_function();
    t.image_context = None;
    Ok(())
}

/// Image access qualifiers that apply to every value of an image type inside a kernel: the
/// qualifier of the kernel's parameters of that type, when they all agree (so that -O0 code
/// copying an image through an alloca keeps one SPIR-V image type).
fn image_context(
    t: &Translator<'_>,
    f: llvm::FuncId,
    access: Option<&[u32]>,
) -> Option<(u32, HashMap<llvm::TypeId, u32>)> {
    let access = access?;
    let func = t.m.function(f)?;
    let mut map: HashMap<llvm::TypeId, u32> = HashMap::new();
    let mut conflicting = HashSet::new();
    for (arg, &a) in func.args.iter().zip(access) {
        if a == crate::types::NO_ACCESS
            || a == crate::types::SAMPLER_PARAM
            || t.opencl_handle(arg.ty).is_none()
        {
            continue;
        }
        if *map.entry(arg.ty).or_insert(a) != a {
            conflicting.insert(arg.ty);
        }
    }
    map.retain(|ty, _| !conflicting.contains(ty));
    (!map.is_empty()).then_some((f.0 + 1, map))
}

/// Follows sampler and image parameters through stores into allocas and loads back out, so
/// that the alloca and the load get the parameter's SPIR-V type.
fn handle_flow(
    t: &mut Translator<'_>,
    func: &llvm::Function,
    access: Option<&[u32]>,
    _args: &[Id],
) -> Result<HashMap<llvm::InstId, Id>> {
    let mut out = HashMap::new();
    let Some(access) = access else { return Ok(out) };
    let mut value_types: HashMap<ValueRef, Id> = HashMap::new();
    for (i, (arg, &a)) in func.args.iter().zip(access).enumerate() {
        let special = a == crate::types::SAMPLER_PARAM
            || (a != crate::types::NO_ACCESS && t.opencl_handle(arg.ty).is_some());
        if special {
            let ty = t.ty_with_access(arg.ty, a, "kernel parameter")?;
            value_types.insert(ValueRef::Argument(i as u32), ty);
        }
    }
    if value_types.is_empty() {
        return Ok(out);
    }
    loop {
        let before = value_types.len() + out.len();
        for (i, inst) in func.insts.iter().enumerate() {
            match &inst.kind {
                InstKind::Store {
                    ptr: ValueRef::Instruction(slot),
                    value,
                    ..
                } => {
                    if let Some(&ty) = value_types.get(value) {
                        if matches!(
                            func.inst(*slot).map(|s| &s.kind),
                            Some(InstKind::Alloca { .. })
                        ) {
                            out.insert(*slot, ty);
                        }
                    }
                }
                InstKind::Load {
                    ptr: ValueRef::Instruction(slot),
                    ..
                } => {
                    if let Some(&ty) = out.get(slot).filter(|_| {
                        matches!(
                            func.inst(*slot).map(|s| &s.kind),
                            Some(InstKind::Alloca { .. })
                        )
                    }) {
                        let id = llvm::InstId(i as u32);
                        out.insert(id, ty);
                        value_types.insert(ValueRef::Instruction(id), ty);
                    }
                }
                _ => {}
            }
        }
        if value_types.len() + out.len() == before {
            break;
        }
    }
    Ok(out)
}

/// Globals of address space 0 cannot exist at module scope in SPIR-V: each function that
/// uses one gets its own Function variable with the same initializer.
fn private_globals(t: &mut Translator<'_>, ctx: &mut FnCtx<'_>) -> Result<()> {
    let mut used = Vec::new();
    // Most modules have no private-space global: nothing to look for then.
    if !t.m.globals.iter().any(|g| g.addrspace == 0) {
        return Ok(());
    }
    let mut seen = HashSet::new();
    for inst in &ctx.func.insts {
        inst.kind.for_each_operand(|v| {
            // Only globals and constants (expressions, aggregates) can name a global.
            if matches!(v, ValueRef::Global(_) | ValueRef::Constant(_)) {
                collect_private_globals(t, v, &mut used, &mut seen, 0);
            }
        });
    }
    // Initializers may name further private globals.
    let mut i = 0;
    while let Some(&g) = used.get(i) {
        if let Some(init) = t.m.global(g).and_then(|g| g.initializer) {
            collect_private_globals(t, init, &mut used, &mut seen, 0);
        }
        i += 1;
    }
    for g in used {
        let global = &t.m.globals[g.0 as usize];
        let location = format!("global @{}", global.name);
        let ptr_ty = t.global_pointer_type(g, &location)?;
        let data_ty = t.global_data_type(g, &location)?;
        let mut init_id = None;
        let id = t.b.alloc_id();
        if let Some(init) = global.initializer.filter(|&i| !t.is_undef(i)) {
            let mut refs = Vec::new();
            collect_private_globals(t, init, &mut refs, &mut HashSet::new(), 0);
            if refs.is_empty() {
                init_id = Some(if t.m.types.is_pointer(global.value_ty) {
                    t.const_as(init, data_ty, &location)?
                } else {
                    t.const_value(init, &location)?
                });
            } else {
                // Initialised by a store once every variable exists (it names other privates).
                ctx.private_inits.push((id, init));
            }
        }
        let storage = spirvkit_grammar::StorageClass::Function.0;
        let var = t.variable_instruction(id, ptr_ty, storage, data_ty, init_id);
        t.b.push_instruction(var);
        t.note_type(id, ptr_ty);
        t.b.name(id, &global.name);
        ctx.private_globals.insert(g, id);
    }
    Ok(())
}

/// Stores the initializers of private variables that refer to other private variables.
fn private_initializers(t: &mut Translator<'_>, ctx: &mut FnCtx<'_>) -> Result<()> {
    for (var, init) in std::mem::take(&mut ctx.private_inits) {
        let value = t.value(ctx, init)?;
        t.emit_void_ops(Op::Store, [Operand::Id(var), Operand::Id(value)]);
    }
    Ok(())
}

fn collect_private_globals(
    t: &Translator<'_>,
    v: ValueRef,
    out: &mut Vec<llvm::GlobalId>,
    seen: &mut HashSet<ValueRef>,
    depth: u32,
) {
    if depth > 64 || !seen.insert(v) {
        return;
    }
    match v {
        ValueRef::Global(g) if t.m.global(g).is_some_and(|g| g.addrspace == 0) => out.push(g),
        ValueRef::Constant(c) => {
            let Some(constant) = t.m.constant(c) else {
                return;
            };
            match &constant.kind {
                llvm::ConstKind::Aggregate(elems) => {
                    for &e in elems {
                        collect_private_globals(t, e, out, seen, depth + 1);
                    }
                }
                llvm::ConstKind::Expr(e) => {
                    for o in const_expr_operands(e) {
                        collect_private_globals(t, o, out, seen, depth + 1);
                    }
                }
                _ => {}
            }
        }
        _ => {}
    }
}

pub(crate) fn const_expr_operands(e: &llvm::ConstExpr) -> Vec<ValueRef> {
    use llvm::ConstExpr as E;
    match e {
        E::Binary { lhs, rhs, .. } | E::Cmp { lhs, rhs, .. } => vec![*lhs, *rhs],
        E::Cast { value, .. } | E::FNeg { value } => vec![*value],
        E::Gep { base, indices, .. } => std::iter::once(*base)
            .chain(indices.iter().copied())
            .collect(),
        E::Select {
            cond,
            then_value,
            else_value,
        } => vec![*cond, *then_value, *else_value],
        E::ExtractElement { vector, index } => vec![*vector, *index],
        E::InsertElement {
            vector,
            element,
            index,
        } => vec![*vector, *element, *index],
        E::ShuffleVector { v1, v2, mask } => vec![*v1, *v2, *mask],
    }
}

fn alloca(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    inst_id: llvm::InstId,
    inst: &llvm::Instruction,
) -> Result<Option<(Id, Id, Id)>> {
    let InstKind::Alloca {
        allocated_ty,
        count,
        align,
        ..
    } = &inst.kind
    else {
        return Ok(None);
    };
    let out = ctx.values[inst_id.0 as usize];
    let count_is_one = t.const_int(*count) == Some(1);
    if !count_is_one {
        return Err(unsupported(
            &ctx.location,
            "alloca with an element count (variable-length array)",
        ));
    }
    let elem = match ctx.handle_types.get(&inst_id) {
        Some(&ty) => ty,
        None if matches!(t.m.types.get(*allocated_ty), Type::Int(1))
            && crate::pointee::is_opaque_pointer(t.m, inst.ty) =>
        {
            t.int_type(8)
        }
        None => t.ty(*allocated_ty, &ctx.location)?,
    };
    let ptr_ty = t.pointer_type(spirvkit_grammar::StorageClass::Function.0, elem);
    // An opaque-pointer alloca used at another pointee is cast after the variables.
    let wanted = if crate::pointee::is_opaque_pointer(t.m, inst.ty) {
        t.value_type_id(ctx, ValueRef::Instruction(inst_id))?
    } else {
        ptr_ty
    };
    let var = if wanted == ptr_ty {
        out
    } else {
        t.b.alloc_id()
    };
    let storage = spirvkit_grammar::StorageClass::Function.0;
    let variable = t.variable_instruction(var, ptr_ty, storage, elem, None);
    t.b.push_instruction(variable);
    t.note_type(var, ptr_ty);
    if let Some(a) = align.filter(|&a| a > 0) {
        t.b.decorate(var, Decoration::Alignment.0, &[Operand::Word(a as u32)]);
    }
    name_value(t, var, inst);
    Ok((var != out).then_some((var, out, wanted)))
}

fn name_value(t: &mut Translator<'_>, id: Id, inst: &llvm::Instruction) {
    if let Some(name) = inst.name.as_deref().filter(|n| !n.is_empty()) {
        t.b.name(id, name);
    }
}

/// Memory operands: Volatile and Aligned (SPIR 1.2: alignment and volatile on load/store).
fn memory_access(volatile: bool, align: Option<u64>) -> Vec<Operand> {
    let mut mask = 0;
    if volatile {
        mask |= MemoryAccess::Volatile.0;
    }
    if align.is_some_and(|a| a > 0) {
        mask |= MemoryAccess::Aligned.0;
    }
    if mask == 0 {
        return Vec::new();
    }
    let mut ops = vec![Operand::Word(mask)];
    if let Some(a) = align.filter(|&a| a > 0) {
        ops.push(Operand::Word(a as u32));
    }
    ops
}

impl<'m> Translator<'m> {
    /// The SPIR-V id of an operand inside a function.
    pub(crate) fn value(&mut self, ctx: &FnCtx<'_>, v: ValueRef) -> Result<Id> {
        if let Some(&id) = ctx.arg_casts.borrow().get(&v) {
            return Ok(id);
        }
        match v {
            ValueRef::Argument(n) => ctx
                .args
                .get(n as usize)
                .copied()
                .ok_or_else(|| malformed(&ctx.location, format!("argument {n} out of range"))),
            ValueRef::Instruction(i) => match ctx.values.get(i.0 as usize) {
                Some(id) if id.0 != 0 => Ok(*id),
                _ => Err(malformed(
                    &ctx.location,
                    format!("use of instruction {} without a result", i.0),
                )),
            },
            ValueRef::Block(_) | ValueRef::Metadata(_) | ValueRef::Unresolved(_) => {
                Err(malformed(&ctx.location, format!("{v:?} used as a value")))
            }
            ValueRef::Global(g) if ctx.private_globals.contains_key(&g) => {
                Ok(ctx.private_globals[&g])
            }
            ValueRef::Constant(c)
                if !ctx.private_globals.is_empty() && self.refers_to_private_value(ctx, v) =>
            {
                self.materialize_expr(ctx, c)
            }
            other => self.const_value(other, &ctx.location),
        }
    }

    pub(crate) fn refers_to_private_value(&self, ctx: &FnCtx<'_>, v: ValueRef) -> bool {
        let mut found = Vec::new();
        collect_private_globals(self, v, &mut found, &mut HashSet::new(), 0);
        found.iter().any(|g| ctx.private_globals.contains_key(g))
    }

    /// A constant expression over function-local values, emitted as instructions here.
    fn materialize_expr(&mut self, ctx: &FnCtx<'_>, c: llvm::ConstId) -> Result<Id> {
        let loc = ctx.location.as_str();
        let constant = self
            .m
            .constant(c)
            .ok_or_else(|| malformed(loc, "missing constant"))?
            .clone();
        let ty = self.ty(constant.ty, loc)?;
        let llvm::ConstKind::Expr(expr) = &constant.kind else {
            return Err(unsupported(
                loc,
                "an aggregate constant holding the address of a private variable",
            ));
        };
        let (op, operands) = match expr {
            llvm::ConstExpr::Gep {
                inbounds,
                base,
                indices,
                source_ty,
            } => {
                let b = self.value(ctx, *base)?;
                let base_type = self.ty(*source_ty, loc)?;
                let (op, mut ops) = self.ptr_access_chain(ty, *inbounds, base_type, b);
                for &i in indices {
                    ops.push(Operand::Id(self.value(ctx, i)?));
                }
                (op, ops)
            }
            llvm::ConstExpr::Cast {
                op: CastOp::BitCast,
                value,
            } => (Op::Bitcast, vec![Operand::Id(self.value(ctx, *value)?)]),
            llvm::ConstExpr::Cast {
                op: CastOp::PtrToInt,
                value,
            } => (
                Op::ConvertPtrToU,
                vec![Operand::Id(self.value(ctx, *value)?)],
            ),
            llvm::ConstExpr::Cast {
                op: CastOp::IntToPtr,
                value,
            } => (
                Op::ConvertUToPtr,
                vec![Operand::Id(self.value(ctx, *value)?)],
            ),
            llvm::ConstExpr::Cast {
                op: CastOp::AddrSpaceCast,
                value,
            } => (
                Op::PtrCastToGeneric,
                vec![Operand::Id(self.value(ctx, *value)?)],
            ),
            other => {
                return Err(unsupported(
                    loc,
                    format!("the constant expression {other:?} over a private variable"),
                ))
            }
        };
        Ok(self.emit(op, ty, operands))
    }

    /// LLVM type of an operand inside a function.
    pub(crate) fn value_llvm_type(&self, ctx: &FnCtx<'_>, v: ValueRef) -> Result<llvm::TypeId> {
        self.m
            .value_type_in(ctx.func, v)
            .ok_or_else(|| malformed(&ctx.location, format!("untyped operand {v:?}")))
    }

    /// Appends an instruction with a fresh result id.
    pub(crate) fn emit(&mut self, op: Op, ty: Id, operands: Vec<Operand>) -> Id {
        self.emit_ops(op, ty, operands)
    }

    /// `emit` from any operand list (a fixed array needs no heap allocation).
    pub(crate) fn emit_ops(
        &mut self,
        op: Op,
        ty: Id,
        operands: impl IntoIterator<Item = Operand>,
    ) -> Id {
        let id = self.b.alloc_id();
        self.b
            .push_instruction(Instruction::new(op, Some(ty), Some(id), operands));
        self.note_type(id, ty);
        id
    }

    /// Appends an instruction with a given result id (a fresh one when the LLVM call had no
    /// result but the SPIR-V instruction needs one, e.g. OpExtInst vstoren).
    pub(crate) fn emit_to(&mut self, out: Id, op: Op, ty: Id, operands: Vec<Operand>) {
        self.emit_ops_to(out, op, ty, operands)
    }

    /// `emit_to` from any operand list.
    pub(crate) fn emit_ops_to(
        &mut self,
        out: Id,
        op: Op,
        ty: Id,
        operands: impl IntoIterator<Item = Operand>,
    ) {
        let out = if out.0 == 0 { self.b.alloc_id() } else { out };
        self.b
            .push_instruction(Instruction::new(op, Some(ty), Some(out), operands));
        self.note_type(out, ty);
    }

    pub(crate) fn emit_void(&mut self, op: Op, operands: Vec<Operand>) {
        self.emit_void_ops(op, operands)
    }

    /// `emit_void` from any operand list.
    pub(crate) fn emit_void_ops(&mut self, op: Op, operands: impl IntoIterator<Item = Operand>) {
        self.b
            .push_instruction(Instruction::new(op, None, None, operands));
    }

    /// A constant of `ty` (scalar or vector) with every component equal to `bits`.
    pub(crate) fn splat(&mut self, ty: llvm::TypeId, bits: u64, location: &str) -> Result<Id> {
        match self.m.types.get(ty).clone() {
            Type::Vector { len, elem, .. } => {
                let scalar = self.scalar_constant(elem, bits, location)?;
                let ty_id = self.ty(ty, location)?;
                Ok(self.b.dedup_global(
                    Op::ConstantComposite,
                    Some(ty_id),
                    vec![Operand::Id(scalar); len as usize],
                ))
            }
            _ => self.scalar_constant(ty, bits, location),
        }
    }
}

fn is_bool(t: &Translator<'_>, ty: llvm::TypeId) -> bool {
    matches!(t.m.types.get(t.m.types.scalar(ty)), Type::Int(1))
}

/// Bit pattern of 1.0 / -1.0 in a float type.
fn float_bits(t: &Translator<'_>, ty: llvm::TypeId, value: f64) -> u64 {
    match t.m.types.get(t.m.types.scalar(ty)) {
        Type::Double => value.to_bits(),
        Type::Half => {
            if value < 0.0 {
                0xbc00
            } else if value > 0.0 {
                0x3c00
            } else {
                0
            }
        }
        _ => u64::from((value as f32).to_bits()),
    }
}

fn translate_instruction(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    inst_id: llvm::InstId,
    inst: &llvm::Instruction,
) -> Result<()> {
    let out = ctx.values[inst_id.0 as usize];
    let loc = ctx.location.as_str();
    let result_ty = inst.ty;
    let void_result = t.m.types.is_void(result_ty);
    let opaque_result = crate::pointee::is_opaque_pointer(t.m, result_ty);
    let ty = match ctx.handle_types.get(&inst_id) {
        Some(&ty) => ty,
        None if void_result => Id(0),
        None if opaque_result => t.value_type_id(ctx, ValueRef::Instruction(inst_id))?,
        None => t.ty(result_ty, loc)?,
    };
    let opaque = |t: &Translator<'_>, v: ValueRef| {
        t.m.value_type_in(ctx.func, v)
            .is_some_and(|ty| crate::pointee::is_opaque_pointer(t.m, ty))
    };
    match &inst.kind {
        InstKind::Binary {
            op,
            lhs,
            rhs,
            flags,
            fast_math,
        } => {
            let (l, r) = (t.value(ctx, *lhs)?, t.value(ctx, *rhs)?);
            let opcode = binary_opcode(*op, is_bool(t, result_ty))
                .ok_or_else(|| unsupported(loc, format!("{} on i1", op.keyword())))?;
            t.emit_ops_to(out, opcode, ty, [Operand::Id(l), Operand::Id(r)]);
            fast_math_decoration(t, out, *fast_math);
            wrap_decorations(t, out, opcode, *flags);
        }
        InstKind::FNeg { value, fast_math } => {
            let v = t.value(ctx, *value)?;
            t.emit_ops_to(out, Op::FNegate, ty, [Operand::Id(v)]);
            fast_math_decoration(t, out, *fast_math);
        }
        InstKind::Cast { op, value } => cast(t, ctx, out, ty, result_ty, *op, *value)?,
        InstKind::Cmp {
            pred,
            lhs,
            rhs,
            fast_math,
        } => {
            let operand_ty = t.value_llvm_type(ctx, *lhs)?;
            let (mut l, mut r) = (t.value(ctx, *lhs)?, t.value(ctx, *rhs)?);
            match pred.0 {
                0 | 15 => {
                    let op = if pred.0 == 15 {
                        Op::ConstantTrue
                    } else {
                        Op::ConstantFalse
                    };
                    let bool_ty = t.b.type_bool();
                    let c = t.b.dedup_global(op, Some(bool_ty), vec![]);
                    t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(c)]);
                    return Ok(());
                }
                _ => {}
            }
            let mut opcode = cmp_opcode(pred.0)
                .ok_or_else(|| malformed(loc, format!("predicate {}", pred.0)))?;
            if t.m.types.is_pointer(operand_ty) {
                let size = t.size_type();
                l = t.emit_ops(Op::ConvertPtrToU, size, [Operand::Id(l)]);
                r = t.emit_ops(Op::ConvertPtrToU, size, [Operand::Id(r)]);
            } else if is_bool(t, operand_ty) {
                opcode = match opcode {
                    Op::IEqual => Op::LogicalEqual,
                    Op::INotEqual => Op::LogicalNotEqual,
                    _ => return Err(unsupported(loc, "an ordered comparison of i1 values")),
                };
            }
            t.emit_ops_to(out, opcode, ty, [Operand::Id(l), Operand::Id(r)]);
            fast_math_decoration(t, out, *fast_math);
        }
        InstKind::Alloca { .. } => {}
        InstKind::Load {
            ptr,
            align,
            volatile,
            ordering,
            ..
        } => {
            let p = if opaque(t, *ptr) {
                let wanted = t.pointer_to_in(ctx, *ptr, ty)?;
                t.value_as(ctx, *ptr, wanted)?
            } else {
                t.value(ctx, *ptr)?
            };
            if *ordering != llvm::AtomicOrdering::NotAtomic {
                let (scope, sem) = crate::builtins::atomic_scope_semantics(t, ctx, *ptr)?;
                t.emit_to(
                    out,
                    Op::AtomicLoad,
                    ty,
                    vec![Operand::Id(p), Operand::Id(scope), Operand::Id(sem)],
                );
            } else {
                let mut ops = vec![Operand::Id(p)];
                ops.extend(memory_access(*volatile, *align));
                t.emit_to(out, Op::Load, ty, ops);
            }
        }
        InstKind::Store {
            ptr,
            value,
            align,
            volatile,
            ordering,
            ..
        } => {
            let v = t.value(ctx, *value)?;
            let p = if opaque(t, *ptr) {
                let value_ty = t.value_type_id(ctx, *value)?;
                let wanted = t.pointer_to_in(ctx, *ptr, value_ty)?;
                t.value_as(ctx, *ptr, wanted)?
            } else {
                t.value(ctx, *ptr)?
            };
            if *ordering != llvm::AtomicOrdering::NotAtomic {
                let (scope, sem) = crate::builtins::atomic_scope_semantics(t, ctx, *ptr)?;
                t.emit_void(
                    Op::AtomicStore,
                    vec![
                        Operand::Id(p),
                        Operand::Id(scope),
                        Operand::Id(sem),
                        Operand::Id(v),
                    ],
                );
            } else {
                let mut ops = vec![Operand::Id(p), Operand::Id(v)];
                ops.extend(memory_access(*volatile, *align));
                t.emit_void(Op::Store, ops);
            }
        }
        InstKind::Gep {
            inbounds,
            base,
            indices,
            source_ty,
        } => {
            // Opaque pointers: the base is cast to the source element type, and the chain's
            // natural result (a pointer to the indexed type) to the value's inferred type.
            let base_type = t.ty(*source_ty, loc)?;
            let (b, natural) = if opaque(t, *base) {
                let source = t.ty(*source_ty, loc)?;
                let wanted = t.pointer_to_in(ctx, *base, source)?;
                let b = t.value_as(ctx, *base, wanted)?;
                let indexed = crate::pointee::gep_indexed_type(t, *source_ty, indices)
                    .ok_or_else(|| malformed(loc, "GEP indices outside the source type"))?;
                let indexed = t.ty(indexed, loc)?;
                (b, t.pointer_to_in(ctx, *base, indexed)?)
            } else {
                (t.value(ctx, *base)?, ty)
            };
            let target = if natural == ty { out } else { t.b.alloc_id() };
            if indices.is_empty() {
                t.emit_ops_to(target, Op::CopyObject, natural, [Operand::Id(b)]);
            } else if t.is_untyped(natural)
                && indices.len() > 1
                && t.const_int(indices[0]) == Some(0)
            {
                // `gep T, p, 0, i...` stays inside the object at p: an untyped (non-Ptr)
                // access chain walking T from p.
                let op = if *inbounds {
                    Op::UntypedInBoundsAccessChainKHR
                } else {
                    Op::UntypedAccessChainKHR
                };
                let mut ops = vec![Operand::Id(base_type), Operand::Id(b)];
                for &i in &indices[1..] {
                    ops.push(Operand::Id(t.value(ctx, i)?));
                }
                t.emit_to(target, op, natural, ops);
            } else {
                let (op, mut ops) = t.ptr_access_chain(natural, *inbounds, base_type, b);
                for &i in indices {
                    ops.push(Operand::Id(t.value(ctx, i)?));
                }
                t.emit_to(target, op, natural, ops);
            }
            if target != out {
                t.emit_ops_to(out, Op::Bitcast, ty, [Operand::Id(target)]);
            }
        }
        InstKind::Call { callee, args, .. } => {
            let ValueRef::Function(f) = callee else {
                return Err(unsupported(loc, "an indirect call"));
            };
            match t.callees.get(f.0 as usize).cloned() {
                Some(Callee::Function(fid)) => {
                    let params = match t.signatures.get(f) {
                        Some((_, p)) => p.clone(),
                        None => t.function_type(*f, None, loc)?.2,
                    };
                    let mut ops = vec![Operand::Id(fid)];
                    for (i, &a) in args.iter().enumerate() {
                        let id = match params.get(i) {
                            Some(&p) if opaque(t, a) => t.value_as(ctx, a, p)?,
                            _ => t.value(ctx, a)?,
                        };
                        ops.push(Operand::Id(id));
                    }
                    let ret_ty = if void_result { t.b.type_void() } else { ty };
                    let call_out = if void_result { t.b.alloc_id() } else { out };
                    t.emit_to(call_out, Op::FunctionCall, ret_ty, ops);
                }
                Some(Callee::Builtin(d)) => {
                    cast_builtin_pointer_args(t, ctx, &d, args)?;
                    let lowered = crate::builtins::call(t, ctx, out, result_ty, &d, args);
                    ctx.arg_casts.borrow_mut().clear();
                    lowered?
                }
                Some(Callee::Intrinsic(name)) => {
                    crate::builtins::intrinsic(t, ctx, out, result_ty, &name, args)?
                }
                None => return Err(malformed(loc, "call to a missing function")),
            }
        }
        InstKind::Phi { incoming } => {
            let mut ops = Vec::with_capacity(incoming.len() * 2);
            for (v, block) in incoming {
                // Module-scope values are cast at module scope; local ones share the class.
                let id = if opaque_result
                    && !matches!(v, ValueRef::Instruction(_) | ValueRef::Argument(_))
                {
                    t.value_as(ctx, *v, ty)?
                } else {
                    t.value(ctx, *v)?
                };
                ops.push(Operand::Id(id));
                let label = ctx
                    .blocks
                    .get(block.0 as usize)
                    .copied()
                    .ok_or_else(|| malformed(loc, "phi from a missing block"))?;
                ops.push(Operand::Id(label));
            }
            t.emit_to(out, Op::Phi, ty, ops);
        }
        InstKind::Select {
            cond,
            then_value,
            else_value,
            ..
        } => {
            let mut c = t.value(ctx, *cond)?;
            // LLVM selects whole vectors on one i1; SPIR-V wants one condition per component.
            if let llvm::Type::Vector { len, .. } = t.m.types.get(result_ty) {
                let cond_ty = t.value_llvm_type(ctx, *cond)?;
                if !matches!(t.m.types.get(cond_ty), llvm::Type::Vector { .. }) {
                    let len = *len;
                    let bool_ty = t.b.type_bool();
                    let bools = t.b.type_vector(bool_ty, len);
                    c = t.emit(
                        Op::CompositeConstruct,
                        bools,
                        vec![Operand::Id(c); len as usize],
                    );
                }
            }
            let (a, b) = if opaque_result {
                (
                    t.value_as(ctx, *then_value, ty)?,
                    t.value_as(ctx, *else_value, ty)?,
                )
            } else {
                (t.value(ctx, *then_value)?, t.value(ctx, *else_value)?)
            };
            t.emit_to(
                out,
                Op::Select,
                ty,
                vec![Operand::Id(c), Operand::Id(a), Operand::Id(b)],
            );
        }
        InstKind::ExtractValue { aggregate, indices } => {
            let a = t.value(ctx, *aggregate)?;
            let mut ops = vec![Operand::Id(a)];
            ops.extend(indices.iter().map(|&i| Operand::Word(i)));
            // A pointer member is stored as the default pointer type of its LLVM type.
            let member = if opaque_result {
                t.ty(result_ty, loc)?
            } else {
                ty
            };
            if member == ty {
                t.emit_to(out, Op::CompositeExtract, ty, ops);
            } else {
                let raw = t.emit(Op::CompositeExtract, member, ops);
                t.emit_ops_to(out, Op::Bitcast, ty, [Operand::Id(raw)]);
            }
        }
        InstKind::InsertValue {
            aggregate,
            value,
            indices,
        } => {
            let a = t.value(ctx, *aggregate)?;
            let v = if opaque(t, *value) {
                let member_ty = t.value_llvm_type(ctx, *value)?;
                let member = t.ty(member_ty, loc)?;
                t.value_as(ctx, *value, member)?
            } else {
                t.value(ctx, *value)?
            };
            let mut ops = vec![Operand::Id(v), Operand::Id(a)];
            ops.extend(indices.iter().map(|&i| Operand::Word(i)));
            t.emit_to(out, Op::CompositeInsert, ty, ops);
        }
        InstKind::ExtractElement { vector, index } => {
            let v = t.value(ctx, *vector)?;
            match constant_index(t, *index) {
                Some(i) => t.emit_to(
                    out,
                    Op::CompositeExtract,
                    ty,
                    vec![Operand::Id(v), Operand::Word(i)],
                ),
                None => {
                    let i = t.value(ctx, *index)?;
                    t.emit_to(
                        out,
                        Op::VectorExtractDynamic,
                        ty,
                        vec![Operand::Id(v), Operand::Id(i)],
                    );
                }
            }
        }
        InstKind::InsertElement {
            vector,
            element,
            index,
        } => {
            let (v, e) = (t.value(ctx, *vector)?, t.value(ctx, *element)?);
            match constant_index(t, *index) {
                Some(i) => t.emit_to(
                    out,
                    Op::CompositeInsert,
                    ty,
                    vec![Operand::Id(e), Operand::Id(v), Operand::Word(i)],
                ),
                None => {
                    let i = t.value(ctx, *index)?;
                    t.emit_to(
                        out,
                        Op::VectorInsertDynamic,
                        ty,
                        vec![Operand::Id(v), Operand::Id(e), Operand::Id(i)],
                    );
                }
            }
        }
        InstKind::ShuffleVector { v1, v2, mask } => {
            let (a, b) = (t.value(ctx, *v1)?, t.value(ctx, *v2)?);
            let mut ops = vec![Operand::Id(a), Operand::Id(b)];
            ops.extend(mask.iter().map(|m| Operand::Word(m.unwrap_or(u32::MAX))));
            t.emit_to(out, Op::VectorShuffle, ty, ops);
        }
        InstKind::AtomicRmw { op, ptr, value, .. } => {
            if opaque(t, *ptr) {
                let wanted = t.pointer_to_in(ctx, *ptr, ty)?;
                let p = t.value_as(ctx, *ptr, wanted)?;
                ctx.arg_casts.borrow_mut().insert(*ptr, p);
            }
            let lowered = crate::builtins::atomic_rmw(t, ctx, out, ty, *op, *ptr, *value);
            ctx.arg_casts.borrow_mut().clear();
            lowered?
        }
        InstKind::CmpXchg { .. } => return Err(unsupported(loc, "cmpxchg (use atomic_cmpxchg)")),
        InstKind::Fence { .. } => crate::builtins::fence(t)?,
        InstKind::Freeze { value } => {
            let v = if opaque_result {
                t.value_as(ctx, *value, ty)?
            } else {
                t.value(ctx, *value)?
            };
            t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(v)]);
        }
        InstKind::VaArg { .. } => return Err(unsupported(loc, "va_arg")),
        InstKind::Ret { value } => match value {
            Some(v) => {
                let v = match t.signatures.get(&ctx.func_id) {
                    Some(&(ret, _)) if opaque(t, *v) => t.value_as(ctx, *v, ret)?,
                    _ => t.value(ctx, *v)?,
                };
                t.emit_void_ops(Op::ReturnValue, [Operand::Id(v)]);
            }
            None => t.emit_void_ops(Op::Return, []),
        },
        InstKind::Br { target } => {
            let l = block_label(ctx, *target)?;
            t.emit_void_ops(Op::Branch, [Operand::Id(l)]);
        }
        InstKind::CondBr {
            cond,
            then_block,
            else_block,
        } => {
            let c = t.value(ctx, *cond)?;
            let (a, b) = (
                block_label(ctx, *then_block)?,
                block_label(ctx, *else_block)?,
            );
            t.emit_void(
                Op::BranchConditional,
                vec![Operand::Id(c), Operand::Id(a), Operand::Id(b)],
            );
        }
        InstKind::Switch {
            value,
            default,
            cases,
        } => {
            let selector_ty = t.value_llvm_type(ctx, *value)?;
            let wide = matches!(t.m.types.get(selector_ty), Type::Int(64));
            let v = t.value(ctx, *value)?;
            let mut ops = vec![Operand::Id(v), Operand::Id(block_label(ctx, *default)?)];
            for (case, target) in cases {
                let bits = t
                    .const_int(*case)
                    .ok_or_else(|| malformed(loc, "switch case is not an integer constant"))?;
                ops.push(Operand::Word(bits as u32));
                if wide {
                    ops.push(Operand::Word((bits >> 32) as u32));
                }
                ops.push(Operand::Id(block_label(ctx, *target)?));
            }
            t.emit_void(Op::Switch, ops);
        }
        InstKind::IndirectBr { .. } => return Err(unsupported(loc, "indirectbr")),
        InstKind::Unreachable => t.emit_void_ops(Op::Unreachable, []),
    }
    if !void_result {
        name_value(t, out, inst);
    }
    Ok(())
}

/// Casts opaque-pointer arguments of a built-in to the pointee its mangled name gives; the
/// built-in's lowering then finds them through `FnCtx::arg_casts`.
fn cast_builtin_pointer_args(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    d: &crate::mangle::Demangled,
    args: &[ValueRef],
) -> Result<()> {
    // OpenCL.std and the group copies need typed pointers even with untyped pointers
    // allowed (atomics and prefetch have untyped forms).
    let keeps_untyped = d.name.starts_with("atom") || d.name == "prefetch";
    for (i, &a) in args.iter().enumerate() {
        // A null handle (`ptr null` for "no event") is a null of the handle type.
        if let Some(crate::mangle::MType::Named(name)) = d.params.get(i) {
            let handle = crate::types::opencl_type(&format!(
                "opencl.{}_t",
                name.strip_prefix("ocl_").unwrap_or(name)
            ));
            let is_null = matches!(a, ValueRef::Constant(c)
                if matches!(t.m.constant(c).map(|c| &c.kind), Some(llvm::ConstKind::Null)));
            if let (Some(handle), true) = (handle, is_null) {
                let ty = t.opencl_handle_type(handle, crate::types::NO_ACCESS);
                let null = t.b.dedup_global(Op::ConstantNull, Some(ty), vec![]);
                ctx.arg_casts.borrow_mut().insert(a, null);
            }
            continue;
        }
        let Some(crate::mangle::MType::Pointer { pointee, .. }) = d.params.get(i) else {
            continue;
        };
        let Some(llvm_ty) = t.m.value_type_in(ctx.func, a) else {
            continue;
        };
        let is_opaque = crate::pointee::is_opaque_pointer(t.m, llvm_ty);
        if !is_opaque && !t.untyped_allowed() {
            continue;
        }
        let Some(crate::pointee::Repr::Pointee(p)) = t.mangled_pointee(pointee) else {
            continue;
        };
        let wanted = if t.untyped_allowed() {
            if keeps_untyped {
                continue;
            }
            let addrspace = crate::ptrtypes::addrspace_of(t.m, llvm_ty);
            let storage = crate::types::storage_class(t, addrspace, &ctx.location)?;
            t.typed_pointer_type(storage, p)
        } else {
            t.pointer_to_in(ctx, a, p)?
        };
        let id = t.value_as(ctx, a, wanted)?;
        ctx.arg_casts.borrow_mut().insert(a, id);
    }
    Ok(())
}

fn block_label(ctx: &FnCtx<'_>, b: llvm::BlockId) -> Result<Id> {
    ctx.blocks
        .get(b.0 as usize)
        .copied()
        .ok_or_else(|| malformed(&ctx.location, "branch to a missing block"))
}

fn constant_index(t: &Translator<'_>, v: ValueRef) -> Option<u32> {
    t.const_int(v).and_then(|n| u32::try_from(n).ok())
}

/// The extension that makes NoSignedWrap/NoUnsignedWrap available before SPIR-V 1.4.
const NO_WRAP_EXTENSION: &str = "SPV_KHR_no_integer_wrap_decoration";

/// LLVM's nsw/nuw as NoSignedWrap/NoUnsignedWrap, on the instructions the spec allows them
/// on. They only make overflow undefined, so dropping them keeps the program's meaning: they
/// are emitted where they cost no compatibility, i.e. when the user allows
/// SPV_KHR_no_integer_wrap_decoration (a SPIR-V 1.0 module then declares it). They never
/// raise the version to 1.4 by themselves, as llvm-spirv-15 does by default: OpenCL 1.2 and
/// 2.x consumers cannot load 1.4 modules.
fn wrap_decorations(t: &mut Translator<'_>, out: Id, opcode: Op, flags: u8) {
    let wraps = flags & (llvm::flags::NSW | llvm::flags::NUW);
    if wraps == 0
        || !matches!(
            opcode,
            Op::IAdd | Op::ISub | Op::IMul | Op::ShiftLeftLogical
        )
        || !t.opts.allows(NO_WRAP_EXTENSION)
    {
        return;
    }
    t.b.extension(NO_WRAP_EXTENSION);
    if wraps & llvm::flags::NSW != 0 {
        t.b.decorate(out, Decoration::NoSignedWrap.0, &[]);
    }
    if wraps & llvm::flags::NUW != 0 {
        t.b.decorate(out, Decoration::NoUnsignedWrap.0, &[]);
    }
}

fn fast_math_decoration(t: &mut Translator<'_>, id: Id, fast_math: u32) {
    use llvm::fmf;
    if fast_math == 0 {
        return;
    }
    let mut mode = 0;
    if fast_math & (fmf::FAST_OLD | fmf::REASSOC) != 0
        && fast_math & fmf::NNAN != 0
        && fast_math & fmf::NINF != 0
    {
        mode |= 0x10; // Fast
    }
    if fast_math & fmf::NNAN != 0 {
        mode |= 0x1;
    }
    if fast_math & fmf::NINF != 0 {
        mode |= 0x2;
    }
    if fast_math & fmf::NSZ != 0 {
        mode |= 0x4;
    }
    if fast_math & fmf::ARCP != 0 {
        mode |= 0x8;
    }
    if mode != 0 {
        t.b.decorate(id, Decoration::FPFastMathMode.0, &[Operand::Word(mode)]);
    }
}

fn cast(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    result_ty: llvm::TypeId,
    op: CastOp,
    value: ValueRef,
) -> Result<()> {
    let loc = ctx.location.as_str();
    let src_ty = t.value_llvm_type(ctx, value)?;
    let opaque_pair = crate::pointee::is_opaque_pointer(t.m, src_ty)
        && crate::pointee::is_opaque_pointer(t.m, result_ty);
    let v = match op {
        // Same pointee in another storage class (the classes of both are unified).
        CastOp::AddrSpaceCast if opaque_pair => match t.pointee_of(ty) {
            Some(pointee) => {
                let wanted = t.pointer_to_in(ctx, value, pointee)?;
                t.value_as(ctx, value, wanted)?
            }
            None => t.value(ctx, value)?,
        },
        CastOp::BitCast if opaque_pair => {
            let v = t.value_as(ctx, value, ty)?;
            t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(v)]);
            return Ok(());
        }
        _ => t.value(ctx, value)?,
    };
    let from_bool = is_bool(t, src_ty);
    let to_bool = is_bool(t, result_ty);
    let select = |t: &mut Translator<'_>, one: u64, zero: u64| -> Result<()> {
        let (a, b) = (
            t.splat(result_ty, one, loc)?,
            t.splat(result_ty, zero, loc)?,
        );
        t.emit_to(
            out,
            Op::Select,
            ty,
            vec![Operand::Id(v), Operand::Id(a), Operand::Id(b)],
        );
        Ok(())
    };
    match op {
        CastOp::ZExt if from_bool => return select(t, 1, 0),
        CastOp::SExt if from_bool => return select(t, u64::MAX, 0),
        CastOp::UiToFp if from_bool => {
            let one = float_bits(t, result_ty, 1.0);
            return select(t, one, 0);
        }
        CastOp::SiToFp if from_bool => {
            let minus_one = float_bits(t, result_ty, -1.0);
            return select(t, minus_one, 0);
        }
        CastOp::Trunc if to_bool => {
            // i1 is the low bit: (x & 1) != 0.
            let one = t.splat(src_ty, 1, loc)?;
            let zero = t.splat(src_ty, 0, loc)?;
            let src = t.ty(src_ty, loc)?;
            let bit = t.emit_ops(Op::BitwiseAnd, src, [Operand::Id(v), Operand::Id(one)]);
            t.emit_to(
                out,
                Op::INotEqual,
                ty,
                vec![Operand::Id(bit), Operand::Id(zero)],
            );
            return Ok(());
        }
        _ if from_bool || to_bool => {
            return Err(unsupported(loc, format!("{} involving i1", op.keyword())))
        }
        _ => {}
    }
    let opcode = match op {
        CastOp::Trunc | CastOp::ZExt => Op::UConvert,
        CastOp::SExt => Op::SConvert,
        CastOp::FpToUi => Op::ConvertFToU,
        CastOp::FpToSi => Op::ConvertFToS,
        CastOp::UiToFp => Op::ConvertUToF,
        CastOp::SiToFp => Op::ConvertSToF,
        CastOp::FpTrunc | CastOp::FpExt => Op::FConvert,
        CastOp::PtrToInt => Op::ConvertPtrToU,
        CastOp::IntToPtr => Op::ConvertUToPtr,
        CastOp::BitCast => {
            if src_ty == result_ty {
                Op::CopyObject
            } else {
                Op::Bitcast
            }
        }
        CastOp::AddrSpaceCast => {
            let space = |ty| match t.m.types.get(ty) {
                Type::Pointer { addrspace, .. } => *addrspace,
                _ => 0,
            };
            match (space(src_ty), space(result_ty)) {
                (_, 4) => Op::PtrCastToGeneric,
                (4, _) => Op::GenericCastToPtr,
                (a, b) => return crate::builtins::usm_cast(t, out, ty, v, a, b, loc),
            }
        }
    };
    t.emit_ops_to(out, opcode, ty, [Operand::Id(v)]);
    Ok(())
}
