//! OpenCL C 2.0 atomics (`atomic_fetch_add_explicit`, `atomic_load`, ...,
//! `atomic_compare_exchange_strong`, `atomic_flag_*`, `atomic_work_item_fence`) with their
//! memory orders and scopes, as clang 15+ mangles them (`PU3AS4VU7_Atomici`).

use super::atomic_ops::{
    emit_atomic_rmw, emit_float_rmw, rmw_opcode, AtomicAccess, AtomicFloat, FloatRmw,
};
use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::{Demangled, MType, Scalar};
use llvm::{Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{MemorySemantics, Op, Scope};
use spirvkit_llvm as llvm;

const FETCH_OPS: &[&str] = &["add", "sub", "or", "xor", "and", "min", "max"];

pub(super) fn is_atomic20(name: &str) -> bool {
    let base = name.strip_suffix("_explicit").unwrap_or(name);
    match base.strip_prefix("atomic_fetch_") {
        Some(op) => FETCH_OPS.contains(&op),
        None => matches!(
            base,
            "atomic_load"
                | "atomic_store"
                | "atomic_exchange"
                | "atomic_compare_exchange_strong"
                | "atomic_compare_exchange_weak"
                | "atomic_init"
                | "atomic_flag_test_and_set"
                | "atomic_flag_clear"
                | "atomic_work_item_fence"
        ),
    }
}

/// OpenCL `memory_order` → SPIR-V memory semantics ordering bits.
fn order_bits(order: u64) -> Option<u32> {
    Some(match order {
        0 => MemorySemantics::Relaxed.0,
        2 => MemorySemantics::Acquire.0,
        3 => MemorySemantics::Release.0,
        4 => MemorySemantics::AcquireRelease.0,
        5 => MemorySemantics::SequentiallyConsistent.0,
        _ => return None,
    })
}

/// OpenCL `memory_scope` → SPIR-V Scope.
pub(super) fn scope_value(scope: u64) -> Option<u32> {
    Some(match scope {
        0 => Scope::Invocation.0,
        1 => Scope::Workgroup.0,
        2 => Scope::Device.0,
        3 => Scope::CrossDevice.0,
        4 => Scope::Subgroup.0,
        _ => return None,
    })
}

/// The storage bits of semantics for memory reached through an address space.
pub(crate) fn storage_bits(addrspace: u32) -> u32 {
    match addrspace {
        3 => MemorySemantics::WorkgroupMemory.0,
        4 => MemorySemantics::WorkgroupMemory.0 | MemorySemantics::CrossWorkgroupMemory.0,
        _ => MemorySemantics::CrossWorkgroupMemory.0,
    }
}

struct Args<'a> {
    args: &'a [ValueRef],
    location: &'a str,
    name: &'a str,
}

impl Args<'_> {
    fn get(&self, i: usize) -> Result<ValueRef> {
        self.args.get(i).copied().ok_or_else(|| {
            malformed(
                self.location,
                format!("{} needs argument {}", self.name, i + 1),
            )
        })
    }

    /// A constant order/scope argument, or the default when the call has fewer arguments.
    fn constant(&self, t: &Translator<'_>, i: usize, default: u64, what: &str) -> Result<u64> {
        match self.args.get(i) {
            None => Ok(default),
            Some(&v) => t.const_int(v).ok_or_else(|| {
                unsupported(
                    self.location,
                    format!("{} with a non-constant {what}", self.name),
                )
            }),
        }
    }
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    d: &Demangled,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let name = d.name.as_str();
    let base = name.strip_suffix("_explicit").unwrap_or(name);
    let a = Args {
        args,
        location: loc,
        name,
    };
    if base == "atomic_work_item_fence" {
        // (flags, order, scope)
        let flags = a.constant(t, 0, 0, "fence flags")?;
        let order = a.constant(t, 1, 5, "memory_order")?;
        let scope = a.constant(t, 2, 2, "memory_scope")?;
        let mut sem =
            order_bits(order).ok_or_else(|| malformed(loc, format!("memory_order {order}")))?;
        for (bit, storage) in [
            (1, MemorySemantics::WorkgroupMemory.0),
            (2, MemorySemantics::CrossWorkgroupMemory.0),
            (4, MemorySemantics::ImageMemory.0),
        ] {
            if flags & bit != 0 {
                sem |= storage;
            }
        }
        let scope =
            scope_value(scope).ok_or_else(|| malformed(loc, format!("memory_scope {scope}")))?;
        let (scope, sem) = (t.u32_constant(scope), t.u32_constant(sem));
        t.emit_void(
            Op::MemoryBarrier,
            vec![Operand::Id(scope), Operand::Id(sem)],
        );
        return Ok(());
    }
    let p = a.get(0)?;
    let addrspace = match t.m.types.get(t.value_llvm_type(ctx, p)?) {
        Type::Pointer { addrspace, .. } => *addrspace,
        _ => return Err(malformed(loc, format!("{name} on a non-pointer"))),
    };
    // Where the order and scope arguments are, by operation.
    let (order_at, scope_at) = match base {
        "atomic_load" | "atomic_flag_test_and_set" | "atomic_flag_clear" => (1, 2),
        "atomic_compare_exchange_strong" | "atomic_compare_exchange_weak" => (3, 5),
        _ => (2, 3),
    };
    let semantics = |t: &mut Translator<'_>, at: usize| -> Result<Id> {
        let order = a.constant(t, at, 5, "memory_order")?;
        let mut bits =
            order_bits(order).ok_or_else(|| malformed(loc, format!("memory_order {order}")))?;
        if bits != 0 {
            bits |= storage_bits(addrspace);
        }
        Ok(t.u32_constant(bits))
    };
    let scope = a.constant(t, scope_at, 2, "memory_scope")?;
    let scope =
        scope_value(scope).ok_or_else(|| malformed(loc, format!("memory_scope {scope}")))?;
    let scope = t.u32_constant(scope);
    let pid = t.value(ctx, p)?;
    let access = |semantics| AtomicAccess {
        pointer: pid,
        scope,
        semantics,
    };
    match base {
        "atomic_init" => {
            // A plain store of the value as passed: through a pointer to the value's own type
            // (the mangled name may say another, e.g. float for an int global).
            let value = a.get(1)?;
            let value_ty = t.value_llvm_type(ctx, value)?;
            let value_ty = t.ty(value_ty, loc)?;
            let wanted = t.pointer_to_in(ctx, p, value_ty)?;
            let pointer = t.value_as(ctx, p, wanted)?;
            let v = t.value(ctx, value)?;
            t.emit_void(Op::Store, vec![Operand::Id(pointer), Operand::Id(v)]);
        }
        "atomic_load" => {
            let sem = semantics(t, order_at)?;
            super::atomic_ops::require_atomic_value_type(t, loc, Op::AtomicLoad, result_ty)?;
            let ty = t.ty(result_ty, loc)?;
            t.emit_to(out, Op::AtomicLoad, ty, access(sem).operands(&[]));
        }
        "atomic_store" => {
            let sem = semantics(t, order_at)?;
            let value = a.get(1)?;
            let value_ty = t.value_llvm_type(ctx, value)?;
            super::atomic_ops::require_atomic_value_type(t, loc, Op::AtomicStore, value_ty)?;
            let v = t.value(ctx, value)?;
            t.emit_void(Op::AtomicStore, access(sem).operands(&[v]));
        }
        "atomic_flag_test_and_set" => {
            let sem = semantics(t, order_at)?;
            let ty = t.ty(result_ty, loc)?;
            t.emit_to(out, Op::AtomicFlagTestAndSet, ty, access(sem).operands(&[]));
        }
        "atomic_flag_clear" => {
            let sem = semantics(t, order_at)?;
            t.emit_void(Op::AtomicFlagClear, access(sem).operands(&[]));
        }
        "atomic_compare_exchange_strong" | "atomic_compare_exchange_weak" => {
            // (object, expected*, desired, success, failure, scope): the old value is written
            // back to *expected (unchanged on success) and the result says whether it matched.
            let success = semantics(t, 3)?;
            let failure = semantics(t, 4)?;
            let expected_ptr = t.value(ctx, a.get(1)?)?;
            let desired = a.get(2)?;
            let desired_ty = t.value_llvm_type(ctx, desired)?;
            super::atomic_ops::require_atomic_value_type(
                t,
                loc,
                Op::AtomicCompareExchange,
                desired_ty,
            )?;
            let value_ty = t.value_type_id(ctx, desired)?;
            let desired = t.value(ctx, desired)?;
            let expected = t.emit(Op::Load, value_ty, vec![Operand::Id(expected_ptr)]);
            // The weak form is OpAtomicCompareExchangeWeak, as llvm-spirv emits it (same
            // semantics in SPIR-V; deprecated from 1.4 but valid in every version).
            let op = if base == "atomic_compare_exchange_weak" {
                Op::AtomicCompareExchangeWeak
            } else {
                Op::AtomicCompareExchange
            };
            let old = t.emit(
                op,
                value_ty,
                access(success).operands(&[failure, desired, expected]),
            );
            t.emit_void(Op::Store, vec![Operand::Id(expected_ptr), Operand::Id(old)]);
            let bool_ty = t.ty(result_ty, loc)?;
            t.emit_to(
                out,
                Op::IEqual,
                bool_ty,
                vec![Operand::Id(old), Operand::Id(expected)],
            );
        }
        _ => {
            let sem = semantics(t, order_at)?;
            let pointee = match d.params.first() {
                Some(MType::Pointer { pointee, .. }) => pointee.scalar(),
                _ => None,
            };
            let signed = pointee.is_some_and(Scalar::is_signed);
            // `atomic_fetch_add` → "add", `atomic_exchange` → "exchange".
            let operation = base
                .strip_prefix("atomic_fetch_")
                .or_else(|| base.strip_prefix("atomic_"))
                .unwrap_or(base);
            if let Some(scalar) = pointee.filter(|s| s.is_float() && base != "atomic_exchange") {
                let format = match scalar {
                    Scalar::Half => AtomicFloat::Half,
                    Scalar::BFloat16 => AtomicFloat::BFloat,
                    Scalar::Float => AtomicFloat::Float,
                    _ => AtomicFloat::Double,
                };
                let op = FloatRmw::from_operation(operation).ok_or_else(|| {
                    unsupported(loc, format!("{base} on a floating-point atomic"))
                })?;
                let v = t.value(ctx, a.get(1)?)?;
                let ty = t.ty(result_ty, loc)?;
                return emit_float_rmw(t, loc, name, out, op, format, ty, access(sem), v);
            }
            let opcode = rmw_opcode(operation, signed)
                .ok_or_else(|| unsupported(loc, format!("{base} (no such atomic operation)")))?;
            super::atomic_ops::require_atomic_value_type(t, loc, opcode, result_ty)?;
            let v = t.value(ctx, a.get(1)?)?;
            let ty = t.ty(result_ty, loc)?;
            emit_atomic_rmw(t, out, opcode, ty, access(sem), v);
        }
    }
    Ok(())
}
