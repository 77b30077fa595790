//! `atomicrmw` operations SPIR-V has no instruction for — `nand`, `usub_cond`, `usub_sat`
//! (LLVM 20), `fmaximum`, `fminimum` (LLVM 21), and `uinc_wrap` / `udec_wrap` outside AMD
//! targets (which take llvm-spirv's imported helpers, `atomic_wrap.rs`) — become a
//! compare-exchange loop, as LLVM's own back end expands them (AtomicExpand): read the
//! current value, compute the new one, OpAtomicCompareExchange, retry until no other
//! invocation wrote in between. The loop lives in a helper function per (operation, address
//! space, value type), emitted before the function bodies so parallel forks only look their
//! ids up. Scope and semantics are those of every other `atomicrmw` (`atomic_scope_semantics`).

use crate::error::{unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{RmwOp, Type, ValueRef};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{MemorySemantics, Op, Scope};
use spirvkit_llvm as llvm;

/// (operation, pointer address space, value type).
pub(crate) type Key = (RmwOp, u32, llvm::TypeId);

/// Whether `atomicrmw op` is lowered to a compare-exchange loop in this module.
pub(crate) fn uses_loop(m: &llvm::Module, op: RmwOp) -> bool {
    match op {
        RmwOp::Nand | RmwOp::USubCond | RmwOp::USubSat | RmwOp::FMaximum | RmwOp::FMinimum => true,
        RmwOp::UIncWrap | RmwOp::UDecWrap => !crate::forward::atomic_wrap::is_amd(m),
        _ => false,
    }
}

/// The value's kind as the loop computes it: an integer or a float of 32 or 64 bits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Carrier {
    Int(u32),
    Float(u32),
}

fn carrier(m: &llvm::Module, op: RmwOp, ty: llvm::TypeId) -> Option<Carrier> {
    let float_op = matches!(op, RmwOp::FMaximum | RmwOp::FMinimum);
    match (m.types.get(ty), float_op) {
        (Type::Int(w @ (32 | 64)), false) => Some(Carrier::Int(*w)),
        (Type::Float, true) => Some(Carrier::Float(32)),
        (Type::Double, true) => Some(Carrier::Float(64)),
        _ => None,
    }
}

impl<'m> Translator<'m> {
    /// Emits one loop helper for every (operation, address space, type) the module uses.
    pub(crate) fn declare_atomic_cas_loops(&mut self) -> Result<()> {
        let mut keys: Vec<Key> = Vec::new();
        for key @ (op, _, vty) in crate::forward::atomic_wrap::atomic_rmw_sites(self.m) {
            if uses_loop(self.m, op) && carrier(self.m, op, vty).is_some() && !keys.contains(&key) {
                keys.push(key);
            }
        }
        let mut helpers = FxHashMap::default();
        for key in keys {
            let id = self.atomic_cas_loop_function(key)?;
            helpers.insert(key, id);
        }
        self.atomic_cas_loops = std::sync::Arc::new(helpers);
        Ok(())
    }

    /// `T helper(T* p, T v)`: the loop, returning the value `p` held before the write.
    fn atomic_cas_loop_function(&mut self, (op, addrspace, vty): Key) -> Result<Id> {
        let Some(carrier) = carrier(self.m, op, vty) else {
            return Err(unsupported(
                "atomicrmw",
                "a compare-exchange loop on this type",
            ));
        };
        let width = match carrier {
            Carrier::Int(w) | Carrier::Float(w) => w,
        };
        let name = format!("__spirvkit_atomicrmw_{}_p{addrspace}_{width}", op.keyword());
        let value_ty = self.ty(vty, &name)?;
        let bits_ty = self.int_type(width);
        if width == 64 {
            self.b
                .capability(spirvkit_grammar::Capability::Int64Atomics);
        }
        let storage = crate::forward::types::storage_class(self, addrspace, &name)?;
        let ptr_ty = self.pointer_type(storage, value_ty);
        let bits_ptr_ty = self.pointer_type(storage, bits_ty);
        let bool_ty = self.b.type_bool();
        let fn_ty = self.b.type_function(value_ty, &[ptr_ty, value_ty]);
        let scope = self.u32_constant(if addrspace == 3 {
            Scope::Workgroup.0
        } else {
            Scope::Device.0
        });
        let semantics = self.u32_constant(
            MemorySemantics::SequentiallyConsistent.0
                | crate::forward::builtins::storage_bits(addrspace),
        );
        let (zero, one) = if width == 64 {
            (
                self.b.constant_u64(bits_ty, 0),
                self.b.constant_u64(bits_ty, 1),
            )
        } else {
            (
                self.b.constant_u32(bits_ty, 0),
                self.b.constant_u32(bits_ty, 1),
            )
        };

        let f = self.b.alloc_id();
        self.b.begin_function_with_id(f, value_ty, 0, fn_ty);
        let (p, v) = (self.b.alloc_id(), self.b.alloc_id());
        self.b.function_parameter_with_id(p, ptr_ty);
        self.b.function_parameter_with_id(v, value_ty);
        let (entry, header, exit) = (self.b.alloc_id(), self.b.alloc_id(), self.b.alloc_id());
        let mut loop_body = LoopBody {
            t: self,
            bool_ty,
            bits_ty,
        };
        loop_body.t.b.begin_block_with_id(entry);
        let bits_ptr = if ptr_ty == bits_ptr_ty {
            p
        } else {
            loop_body.op(Op::Bitcast, bits_ptr_ty, &[p])
        };
        let initial = loop_body.op(Op::AtomicLoad, bits_ty, &[bits_ptr, scope, semantics]);
        loop_body.void(Op::Branch, &[header]);

        loop_body.t.b.begin_block_with_id(header);
        let (current, seen) = (loop_body.t.b.alloc_id(), loop_body.t.b.alloc_id());
        loop_body.push(
            Op::Phi,
            Some(bits_ty),
            Some(current),
            &[initial, entry, seen, header],
        );
        let new_bits = match carrier {
            Carrier::Int(_) => loop_body.integer_update(op, current, v, zero, one)?,
            Carrier::Float(_) => {
                let old = loop_body.op(Op::Bitcast, value_ty, &[current]);
                let new = loop_body.float_extremum(op == RmwOp::FMaximum, value_ty, old, v);
                loop_body.op(Op::Bitcast, bits_ty, &[new])
            }
        };
        loop_body.push(
            Op::AtomicCompareExchange,
            Some(bits_ty),
            Some(seen),
            &[bits_ptr, scope, semantics, semantics, new_bits, current],
        );
        let done = loop_body.op(Op::IEqual, bool_ty, &[seen, current]);
        loop_body.void(Op::BranchConditional, &[done, exit, header]);

        loop_body.t.b.begin_block_with_id(exit);
        let result = match carrier {
            Carrier::Int(_) => seen,
            Carrier::Float(_) => loop_body.op(Op::Bitcast, value_ty, &[seen]),
        };
        loop_body.void(Op::ReturnValue, &[result]);
        self.b.end_function();
        self.b.name(f, &name);
        Ok(f)
    }
}

/// Writes the instructions of one loop helper.
struct LoopBody<'a, 'm> {
    t: &'a mut Translator<'m>,
    bool_ty: Id,
    bits_ty: Id,
}

impl LoopBody<'_, '_> {
    fn push(&mut self, op: Op, ty: Option<Id>, id: Option<Id>, operands: &[Id]) {
        let operands = operands.iter().copied().map(Operand::Id);
        self.t
            .b
            .push_instruction(Instruction::new(op, ty, id, operands));
    }

    fn op(&mut self, op: Op, ty: Id, operands: &[Id]) -> Id {
        let id = self.t.b.alloc_id();
        self.push(op, Some(ty), Some(id), operands);
        id
    }

    fn void(&mut self, op: Op, operands: &[Id]) {
        self.push(op, None, None, operands);
    }

    /// The new value of an integer operation on the current value `old`.
    fn integer_update(&mut self, op: RmwOp, old: Id, v: Id, zero: Id, one: Id) -> Result<Id> {
        let (ty, bool_ty) = (self.bits_ty, self.bool_ty);
        Ok(match op {
            RmwOp::Nand => {
                let and = self.op(Op::BitwiseAnd, ty, &[old, v]);
                self.op(Op::Not, ty, &[and])
            }
            // usub_cond: old >= v ? old - v : old; usub_sat: old >= v ? old - v : 0.
            RmwOp::USubCond | RmwOp::USubSat => {
                let fits = self.op(Op::UGreaterThanEqual, bool_ty, &[old, v]);
                let difference = self.op(Op::ISub, ty, &[old, v]);
                let otherwise = if op == RmwOp::USubCond { old } else { zero };
                self.op(Op::Select, ty, &[fits, difference, otherwise])
            }
            // uinc_wrap: old >= v ? 0 : old + 1.
            RmwOp::UIncWrap => {
                let wraps = self.op(Op::UGreaterThanEqual, bool_ty, &[old, v]);
                let next = self.op(Op::IAdd, ty, &[old, one]);
                self.op(Op::Select, ty, &[wraps, zero, next])
            }
            // udec_wrap: (old == 0 || old > v) ? v : old - 1.
            RmwOp::UDecWrap => {
                let is_zero = self.op(Op::IEqual, bool_ty, &[old, zero]);
                let above = self.op(Op::UGreaterThan, bool_ty, &[old, v]);
                let wraps = self.op(Op::LogicalOr, bool_ty, &[is_zero, above]);
                let previous = self.op(Op::ISub, ty, &[old, one]);
                self.op(Op::Select, ty, &[wraps, v, previous])
            }
            other => {
                return Err(unsupported(
                    "atomicrmw",
                    format!("{} in a compare-exchange loop", other.keyword()),
                ))
            }
        })
    }

    /// LLVM's `maximum` / `minimum`: a NaN operand gives NaN, and +0 is greater than -0.
    fn float_extremum(&mut self, maximum: bool, ty: Id, a: Id, b: Id) -> Id {
        let (bits, bool_ty) = (self.bits_ty, self.bool_ty);
        let order = if maximum {
            Op::FOrdGreaterThan
        } else {
            Op::FOrdLessThan
        };
        let a_wins = self.op(order, bool_ty, &[a, b]);
        let ordered_pick = self.op(Op::Select, ty, &[a_wins, a, b]);
        // Equal operands differ at most in the sign of zero: AND of the bits keeps +0 for
        // maximum, OR keeps -0 for minimum, and equal non-zero values are unchanged.
        let (a_bits, b_bits) = (
            self.op(Op::Bitcast, bits, &[a]),
            self.op(Op::Bitcast, bits, &[b]),
        );
        let combine = if maximum {
            Op::BitwiseAnd
        } else {
            Op::BitwiseOr
        };
        let equal_bits = self.op(combine, bits, &[a_bits, b_bits]);
        let equal_pick = self.op(Op::Bitcast, ty, &[equal_bits]);
        let equal = self.op(Op::FOrdEqual, bool_ty, &[a, b]);
        let pick = self.op(Op::Select, ty, &[equal, equal_pick, ordered_pick]);
        // Either operand NaN: their sum is a quiet NaN.
        let unordered = self.op(Op::Unordered, bool_ty, &[a, b]);
        let nan = self.op(Op::FAdd, ty, &[a, b]);
        self.op(Op::Select, ty, &[unordered, nan, pick])
    }
}

/// `out = call helper(ptr, value)`.
pub(crate) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    op: RmwOp,
    ptr: ValueRef,
    value: ValueRef,
) -> Result<()> {
    let vty = t.value_llvm_type(ctx, value)?;
    let addrspace = match t.m.types.get(t.value_llvm_type(ctx, ptr)?) {
        Type::Pointer { addrspace, .. } => *addrspace,
        _ => {
            return Err(unsupported(
                &ctx.location,
                format!("atomicrmw {} on a non-pointer", op.keyword()),
            ))
        }
    };
    let Some(&helper) = t.atomic_cas_loops.get(&(op, addrspace, vty)) else {
        let expected = if matches!(op, RmwOp::FMaximum | RmwOp::FMinimum) {
            "float or double"
        } else {
            "a 32- or 64-bit integer"
        };
        return Err(unsupported(
            &ctx.location,
            format!(
                "atomicrmw {} on {} (SPIR-V has no such instruction; its compare-exchange \
                 loop takes {expected})",
                op.keyword(),
                crate::forward::target_types::describe(t.m, vty)
            ),
        ));
    };
    let wanted = t.pointer_to_in(ctx, ptr, ty)?;
    let pointer = t.value_as(ctx, ptr, wanted)?;
    let value = t.value(ctx, value)?;
    t.emit_ops_to(
        out,
        Op::FunctionCall,
        ty,
        [helper, pointer, value].map(Operand::Id),
    );
    Ok(())
}
