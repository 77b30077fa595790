//! The translation context of one function body: its per-function state (`FnCtx`), how an LLVM
//! operand becomes a SPIR-V id, and how instructions are appended. Everything that lowers
//! instructions (instructions/, builtins/) builds on this module, and on nothing above it.

use crate::error::{malformed, unsupported, Result};
use crate::forward::translator::Translator;
use llvm::{CastOp, Type, ValueRef};
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// Per-function state.
/// (variable, alloca result, the result's type, the generic pointer type first cast to).
pub(crate) type AllocaCast = (Id, Id, Id, Option<Id>);

pub(crate) struct FnCtx<'f> {
    pub func: &'f llvm::Function,
    pub func_id: llvm::FuncId,
    /// Pointer arguments of the built-in call being lowered, cast to the pointee its mangled
    /// name gives (consulted by `Translator::value`).
    pub arg_casts: RefCell<HashMap<ValueRef, Id>>,
    /// (variable, alloca result, its inferred type, the generic pointer type first cast to
    /// for an `addrspace(4)` alloca) for allocas used at another pointee or address space.
    pub alloca_casts: Vec<AllocaCast>,
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
    /// `llvm.frexp` call results → the Function variable OpenCL.std frexp writes the exponent to
    /// (variables must open the entry block).
    pub frexp_exponents: HashMap<Id, Id>,
    /// Byte count of a constant-length `llvm.memmove` → the Function variable it copies
    /// through (one per size: the two copies of a move end before the next move starts).
    pub memmove_temporaries: HashMap<u64, (Id, Option<u32>)>,
    /// Loop controls to emit before the terminator of a loop header (LLVM block index).
    pub loop_controls: RefCell<HashMap<usize, crate::forward::loop_controls::HeaderControl>>,
    /// The LLVM block being lowered.
    pub current_block: std::cell::Cell<usize>,
}

pub(crate) fn name_value(t: &mut Translator<'_>, id: Id, inst: &llvm::Instruction) {
    if let Some(name) = inst.name.as_deref().filter(|n| !n.is_empty()) {
        t.b.name(id, name);
    }
}

pub(crate) fn collect_private_globals(
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
                // An opaque result points at the indexed type (its default `i8` pointer
                // would not be what OpPtrAccessChain yields).
                let indexed = crate::forward::pointee::gep_indexed_type(self, *source_ty, indices)
                    .filter(|_| crate::forward::pointee::is_opaque_pointer(self.m, constant.ty));
                let result_ty = match indexed {
                    Some(indexed) => {
                        let addrspace = crate::forward::ptrtypes::addrspace_of(self.m, constant.ty);
                        let storage = crate::forward::types::storage_class(self, addrspace, loc)?;
                        let element = self.ty(indexed, loc)?;
                        self.pointer_type(storage, element)
                    }
                    None => ty,
                };
                let (op, mut ops) = self.ptr_access_chain(result_ty, *inbounds, base_type, b);
                for &i in indices {
                    ops.push(Operand::Id(self.value(ctx, i)?));
                }
                let id = self.emit(op, result_ty, ops);
                self.note_type(id, result_ty);
                return Ok(id);
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
            // A zero vector is OpConstantNull, as llvm-spirv writes LLVM's null values.
            Type::Vector { len, .. } if len > 1 && bits == 0 => {
                let ty_id = self.ty(ty, location)?;
                Ok(self.b.dedup_global(Op::ConstantNull, Some(ty_id), vec![]))
            }
            Type::Vector { len, elem, .. } if len > 1 => {
                let scalar = self.scalar_constant(elem, bits, location)?;
                let ty_id = self.ty(ty, location)?;
                Ok(self.b.dedup_global(
                    Op::ConstantComposite,
                    Some(ty_id),
                    vec![Operand::Id(scalar); len as usize],
                ))
            }
            Type::Vector { elem, .. } => self.scalar_constant(elem, bits, location),
            _ => self.scalar_constant(ty, bits, location),
        }
    }

    /// `<1 x T>`, translated as `T`.
    pub(crate) fn is_single_vector(&self, ty: llvm::TypeId) -> bool {
        matches!(self.m.types.get(ty), Type::Vector { len: 1, .. })
    }
}
