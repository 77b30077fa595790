//! Synchronisation, atomics, async copies, prefetch, vector loads/stores, memcpy/memset,
//! and address-space casts.

use super::atomic_ops::{
    emit_atomic_rmw, emit_float_rmw, rmw_opcode, AtomicAccess, AtomicFloat, FloatRmw,
};
use super::{arg_ids, ext_inst};
use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::{Demangled, MType, Scalar};
use llvm::{RmwOp, Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{MemoryAccess, MemorySemantics, Op, Scope};
use spirvkit_llvm as llvm;

const SYNC: &[&str] = &[
    "barrier",
    "work_group_barrier",
    "sub_group_barrier",
    "mem_fence",
    "read_mem_fence",
    "write_mem_fence",
];
const ATOMIC_OPS: &[&str] = &[
    "add", "sub", "xchg", "inc", "dec", "cmpxchg", "min", "max", "and", "or", "xor",
];

fn atomic_op(name: &str) -> Option<&str> {
    let op = name
        .strip_prefix("atomic_")
        .or_else(|| name.strip_prefix("atom_"))?;
    ATOMIC_OPS.contains(&op).then_some(op)
}

fn vload_store(name: &str) -> Option<(&'static str, Option<u32>, Option<u32>)> {
    // (OpenCL.std name, vector length literal, rounding mode literal)
    let (base, rounding) = match name.rsplit_once('_') {
        Some((b, r @ ("rte" | "rtz" | "rtp" | "rtn"))) => (
            b,
            Some(["rte", "rtz", "rtp", "rtn"].iter().position(|m| *m == r)? as u32),
        ),
        _ => (name, None),
    };
    let split = |prefix: &str| -> Option<Option<u32>> {
        let rest = base.strip_prefix(prefix)?;
        if rest.is_empty() {
            return Some(None);
        }
        let n: u32 = rest.parse().ok()?;
        matches!(n, 2 | 3 | 4 | 8 | 16).then_some(Some(n))
    };
    let pick = |scalar: &'static str, vector: &'static str, n: Option<u32>| {
        if n.is_some() {
            vector
        } else {
            scalar
        }
    };
    if let Some(n) = split("vloada_half") {
        return Some((pick("vload_half", "vloada_halfn", n), n, None));
    }
    if let Some(n) = split("vload_half") {
        return Some((pick("vload_half", "vload_halfn", n), n, None));
    }
    if let Some(n @ Some(_)) = split("vload") {
        return Some(("vloadn", n, None));
    }
    if let Some(n) = split("vstorea_half") {
        let name = match (n.is_some(), rounding.is_some()) {
            (false, false) => "vstore_half",
            (false, true) => "vstore_half_r",
            (true, false) => "vstorea_halfn",
            (true, true) => "vstorea_halfn_r",
        };
        return Some((name, None, rounding));
    }
    if let Some(n) = split("vstore_half") {
        let name = match (n.is_some(), rounding.is_some()) {
            (false, false) => "vstore_half",
            (false, true) => "vstore_half_r",
            (true, false) => "vstore_halfn",
            (true, true) => "vstore_halfn_r",
        };
        return Some((name, None, rounding));
    }
    if rounding.is_none() {
        if let Some(Some(_)) = split("vstore") {
            return Some(("vstoren", None, None));
        }
    }
    None
}

pub(super) fn is_memory(name: &str) -> bool {
    SYNC.contains(&name)
        || atomic_op(name).is_some()
        || matches!(
            name,
            "async_work_group_copy"
                | "async_work_group_strided_copy"
                | "wait_group_events"
                | "prefetch"
        )
        || vload_store(name).is_some()
}

/// CLK_*_MEM_FENCE flags → memory semantics storage bits.
fn fence_bits(flags: u64) -> u32 {
    let mut sem = 0;
    if flags & 1 != 0 {
        sem |= MemorySemantics::WorkgroupMemory.0;
    }
    if flags & 2 != 0 {
        sem |= MemorySemantics::CrossWorkgroupMemory.0;
    }
    if flags & 4 != 0 {
        sem |= MemorySemantics::ImageMemory.0;
    }
    sem
}

/// Semantics of a barrier/fence from its flags argument: constant when the flags are, else
/// computed (bit 0 → 0x100, bit 1 → 0x200, bit 2 → 0x800) at run time.
pub(super) fn semantics(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    flags: Option<ValueRef>,
    order: u32,
) -> Result<Id> {
    let Some(flags) = flags else {
        return Ok(t.u32_constant(order));
    };
    if let Some(f) = t.const_int(flags) {
        return Ok(t.u32_constant(fence_bits(f) | order));
    }
    let uint = t.int_type(32);
    let f = t.value(ctx, flags)?;
    let mut acc = t.u32_constant(order);
    for (bit, shift) in [(1u32, 8u32), (2, 8), (4, 9)] {
        let mask = t.u32_constant(bit);
        let sh = t.u32_constant(shift);
        let masked = t.emit(
            Op::BitwiseAnd,
            uint,
            vec![Operand::Id(f), Operand::Id(mask)],
        );
        let moved = t.emit(
            Op::ShiftLeftLogical,
            uint,
            vec![Operand::Id(masked), Operand::Id(sh)],
        );
        acc = t.emit(
            Op::BitwiseOr,
            uint,
            vec![Operand::Id(acc), Operand::Id(moved)],
        );
    }
    Ok(acc)
}

fn pointer_addrspace(t: &Translator<'_>, ctx: &FnCtx<'_>, p: ValueRef) -> Result<u32> {
    let ty = t.value_llvm_type(ctx, p)?;
    match t.m.types.get(ty) {
        Type::Pointer { addrspace, .. } => Ok(*addrspace),
        _ => Err(malformed(&ctx.location, "atomic operand is not a pointer")),
    }
}

/// Scope and semantics ids for an atomic on pointer `p`: work-group scope for local memory,
/// device scope otherwise; sequentially consistent on the pointer's storage class.
pub(crate) fn atomic_scope_semantics(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    p: ValueRef,
) -> Result<(Id, Id)> {
    let (scope, storage) = match pointer_addrspace(t, ctx, p)? {
        3 => (Scope::Workgroup.0, MemorySemantics::WorkgroupMemory.0),
        4 => (
            Scope::Device.0,
            MemorySemantics::WorkgroupMemory.0 | MemorySemantics::CrossWorkgroupMemory.0,
        ),
        _ => (Scope::Device.0, MemorySemantics::CrossWorkgroupMemory.0),
    };
    Ok((
        t.u32_constant(scope),
        t.u32_constant(MemorySemantics::SequentiallyConsistent.0 | storage),
    ))
}

pub(crate) fn fence(t: &mut Translator<'_>) -> Result<()> {
    let scope = t.u32_constant(Scope::Device.0);
    let sem = t.u32_constant(
        MemorySemantics::SequentiallyConsistent.0
            | MemorySemantics::WorkgroupMemory.0
            | MemorySemantics::CrossWorkgroupMemory.0,
    );
    t.emit_void(
        Op::MemoryBarrier,
        vec![Operand::Id(scope), Operand::Id(sem)],
    );
    Ok(())
}

pub(crate) fn atomic_rmw(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    op: RmwOp,
    p: ValueRef,
    v: ValueRef,
) -> Result<()> {
    let float = match op {
        RmwOp::FAdd => Some(FloatRmw::Add),
        RmwOp::FSub => Some(FloatRmw::Sub),
        RmwOp::FMin => Some(FloatRmw::Min),
        RmwOp::FMax => Some(FloatRmw::Max),
        _ => None,
    };
    if let Some(float) = float {
        let vty = t.value_llvm_type(ctx, v)?;
        let format = AtomicFloat::of_type(&t.m.types, vty).ok_or_else(|| {
            unsupported(
                &ctx.location,
                format!("atomicrmw {} of a non-float", op.keyword()),
            )
        })?;
        let (scope, semantics) = atomic_scope_semantics(t, ctx, p)?;
        let (pointer, value) = (t.value(ctx, p)?, t.value(ctx, v)?);
        let access = AtomicAccess {
            pointer,
            scope,
            semantics,
        };
        let what = format!("atomicrmw {}", op.keyword());
        return emit_float_rmw(
            t,
            &ctx.location,
            &what,
            out,
            float,
            format,
            ty,
            access,
            value,
        );
    }
    let opcode = match op {
        RmwOp::Xchg => Op::AtomicExchange,
        RmwOp::Add => Op::AtomicIAdd,
        RmwOp::Sub => Op::AtomicISub,
        RmwOp::And => Op::AtomicAnd,
        RmwOp::Or => Op::AtomicOr,
        RmwOp::Xor => Op::AtomicXor,
        RmwOp::Max => Op::AtomicSMax,
        RmwOp::Min => Op::AtomicSMin,
        RmwOp::UMax => Op::AtomicUMax,
        RmwOp::UMin => Op::AtomicUMin,
        other => {
            return Err(unsupported(
                &ctx.location,
                format!("atomicrmw {}", other.keyword()),
            ))
        }
    };
    let value_ty = t.value_llvm_type(ctx, v)?;
    super::atomic_ops::require_atomic_value_type(t, &ctx.location, opcode, value_ty)?;
    let (scope, semantics) = atomic_scope_semantics(t, ctx, p)?;
    let (pointer, value) = (t.value(ctx, p)?, t.value(ctx, v)?);
    let access = AtomicAccess {
        pointer,
        scope,
        semantics,
    };
    emit_atomic_rmw(t, out, opcode, ty, access, value);
    Ok(())
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
    let n = d.name.as_str();
    let arg = |i: usize| {
        args.get(i)
            .copied()
            .ok_or_else(|| malformed(loc, format!("{n} needs argument {}", i + 1)))
    };
    match n {
        "barrier" | "work_group_barrier" | "sub_group_barrier" => {
            let scope = if n == "sub_group_barrier" {
                Scope::Subgroup
            } else {
                Scope::Workgroup
            };
            // `work_group_barrier(flags, scope)` / `sub_group_barrier(flags, scope)`: the
            // OpenCL memory_scope argument is the barrier's memory scope (the execution scope
            // stays the work-group or sub-group), as llvm-spirv maps it. Without it the memory
            // scope is memory_scope_work_group for both barriers (llvm-spirv's default: a
            // sub-group barrier still orders the work-group's memory).
            let memory_scope = match args.get(1) {
                None => Scope::Workgroup.0,
                Some(&v) => {
                    let s = t.const_int(v).ok_or_else(|| {
                        unsupported(loc, format!("{n} with a non-constant memory_scope"))
                    })?;
                    super::atomics20::scope_value(s)
                        .ok_or_else(|| malformed(loc, format!("memory_scope {s}")))?
                }
            };
            let exec = t.u32_constant(scope.0);
            let memory = t.u32_constant(memory_scope);
            // A barrier without fence flags orders no memory: its semantics are None (0),
            // as llvm-spirv writes `work_group_barrier(0)`, not a bare SequentiallyConsistent.
            let flags = args.first().copied();
            let order = match flags.and_then(|f| t.const_int(f)) {
                Some(0) => 0,
                _ => MemorySemantics::SequentiallyConsistent.0,
            };
            let sem = semantics(t, ctx, flags, order)?;
            t.emit_void(
                Op::ControlBarrier,
                vec![Operand::Id(exec), Operand::Id(memory), Operand::Id(sem)],
            );
            return Ok(());
        }
        "mem_fence" | "read_mem_fence" | "write_mem_fence" => {
            let order = match n {
                "read_mem_fence" => MemorySemantics::Acquire.0,
                "write_mem_fence" => MemorySemantics::Release.0,
                _ => MemorySemantics::AcquireRelease.0,
            };
            let wg = t.u32_constant(Scope::Workgroup.0);
            let sem = semantics(t, ctx, args.first().copied(), order)?;
            t.emit_void(Op::MemoryBarrier, vec![Operand::Id(wg), Operand::Id(sem)]);
            return Ok(());
        }
        _ => {}
    }
    let ty = t.ty(result_ty, loc)?;
    if let Some(op) = atomic_op(n) {
        let p = arg(0)?;
        let (scope, semantics) = atomic_scope_semantics(t, ctx, p)?;
        let signed = match d.params.first() {
            Some(MType::Pointer { pointee, .. }) => pointee.scalar().is_some_and(Scalar::is_signed),
            _ => false,
        };
        let pointer = t.value(ctx, p)?;
        let access = AtomicAccess {
            pointer,
            scope,
            semantics,
        };
        let opcode = match op {
            "inc" => Op::AtomicIIncrement,
            "dec" => Op::AtomicIDecrement,
            "cmpxchg" => Op::AtomicCompareExchange,
            _ => rmw_opcode(op, signed).ok_or_else(|| unsupported(loc, format!("atomic_{op}")))?,
        };
        super::atomic_ops::require_atomic_value_type(t, loc, opcode, result_ty)?;
        match op {
            "inc" => t.emit_to(out, Op::AtomicIIncrement, ty, access.operands(&[])),
            "dec" => t.emit_to(out, Op::AtomicIDecrement, ty, access.operands(&[])),
            "cmpxchg" => {
                // atomic_cmpxchg(p, cmp, val) → OpAtomicCompareExchange p scope eq neq val cmp
                let (cmp, val) = (t.value(ctx, arg(1)?)?, t.value(ctx, arg(2)?)?);
                let ops = access.operands(&[semantics, val, cmp]);
                t.emit_to(out, Op::AtomicCompareExchange, ty, ops);
            }
            _ => {
                let value = t.value(ctx, arg(1)?)?;
                emit_atomic_rmw(t, out, opcode, ty, access, value);
            }
        }
        return Ok(());
    }
    match n {
        "async_work_group_copy" | "async_work_group_strided_copy" => {
            let ids = arg_ids(t, ctx, args)?;
            let wg = t.u32_constant(Scope::Workgroup.0);
            let (dst, src, count) = (ids[0], ids[1], ids[2]);
            let (stride, event) = if n == "async_work_group_strided_copy" {
                (
                    *ids.get(3)
                        .ok_or_else(|| malformed(loc, "strided copy without stride"))?,
                    *ids.get(4)
                        .ok_or_else(|| malformed(loc, "copy without event"))?,
                )
            } else {
                let size_ty = t.value_llvm_type(ctx, args[2])?;
                (
                    t.scalar_constant(size_ty, 1, loc)?,
                    *ids.get(3)
                        .ok_or_else(|| malformed(loc, "copy without event"))?,
                )
            };
            // The result is an event, whatever LLVM type carries it (`ptr` since LLVM 15).
            let event_ty = t.opencl_handle_type(
                crate::opencl_types::OpenClType::Event,
                crate::forward::types::NO_ACCESS,
            );
            t.emit_to(
                out,
                Op::GroupAsyncCopy,
                event_ty,
                [wg, dst, src, count, stride, event]
                    .into_iter()
                    .map(Operand::Id)
                    .collect(),
            );
            Ok(())
        }
        "wait_group_events" => {
            let ids = arg_ids(t, ctx, args)?;
            let wg = t.u32_constant(Scope::Workgroup.0);
            t.emit_void(
                Op::GroupWaitEvents,
                vec![Operand::Id(wg), Operand::Id(ids[0]), Operand::Id(ids[1])],
            );
            Ok(())
        }
        "prefetch" if t.untyped_allowed() => untyped_prefetch(t, ctx, d, args),
        "prefetch" => {
            let ids = arg_ids(t, ctx, args)?;
            let void = t.b.type_void();
            let number = spirvkit_grammar::OpenClStdOp::prefetch.0;
            ext_inst(
                t,
                out,
                void,
                number,
                ids.into_iter().map(Operand::Id).collect(),
            );
            Ok(())
        }
        _ => {
            let (name, n_literal, rounding) =
                vload_store(n).ok_or_else(|| unsupported(loc, format!("the built-in {n}")))?;
            let set = spirvkit_grammar::ExtInstSet::OpenClStd.desc();
            let number = set
                .instruction_by_name(name)
                .map(|i| i.opcode)
                .ok_or_else(|| malformed(loc, format!("OpenCL.std lacks {name}")))?;
            let mut ops: Vec<Operand> = arg_ids(t, ctx, args)?
                .into_iter()
                .map(Operand::Id)
                .collect();
            if let Some(len) = n_literal {
                ops.push(Operand::Word(len));
            }
            if let Some(mode) = rounding {
                ops.push(Operand::Word(mode));
            }
            let result = if t.m.types.is_void(result_ty) {
                t.b.type_void()
            } else {
                ty
            };
            ext_inst(t, out, result, number, ops);
            Ok(())
        }
    }
}

/// `prefetch(p, n)` with untyped pointers: OpUntypedPrefetchKHR of `n * sizeof(*p)` bytes
/// (the element size from the mangled pointee; 3-element vectors occupy 4 elements).
fn untyped_prefetch(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    d: &Demangled,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let (Some(&p), Some(&count)) = (args.first(), args.get(1)) else {
        return Err(malformed(loc, "prefetch needs two arguments"));
    };
    let element_bytes = match d.params.first() {
        Some(MType::Pointer { pointee, .. }) => mangled_size(pointee),
        _ => None,
    }
    .ok_or_else(|| unsupported(loc, "prefetch of a pointer whose element size is unknown"))?;
    let (pid, count_id) = (t.value(ctx, p)?, t.value(ctx, count)?);
    let count_ty = t.value_llvm_type(ctx, count)?;
    let count_ty_id = t.ty(count_ty, loc)?;
    let size = t.scalar_constant(count_ty, element_bytes, loc)?;
    let bytes = t.emit(
        Op::IMul,
        count_ty_id,
        vec![Operand::Id(count_id), Operand::Id(size)],
    );
    t.emit_void(
        Op::UntypedPrefetchKHR,
        vec![Operand::Id(pid), Operand::Id(bytes)],
    );
    Ok(())
}

/// Size in bytes of a mangled scalar or vector type.
fn mangled_size(ty: &MType) -> Option<u64> {
    let scalar = |s: Scalar| -> Option<u64> {
        Some(match s {
            Scalar::Void => return None,
            Scalar::Bool | Scalar::Char | Scalar::SChar | Scalar::UChar => 1,
            Scalar::Short | Scalar::UShort | Scalar::Half | Scalar::BFloat16 => 2,
            Scalar::Int | Scalar::UInt | Scalar::Float => 4,
            Scalar::Long | Scalar::ULong | Scalar::Double => 8,
        })
    };
    match ty {
        MType::Scalar(s) => scalar(*s),
        MType::Vector(n, s) => Some(scalar(*s)? * u64::from(if *n == 3 { 4 } else { *n })),
        _ => None,
    }
}

/// llvm.memcpy / llvm.memmove → OpCopyMemorySized; llvm.memset with a constant length →
/// a copy from a constant array filled with the byte.
pub(super) fn mem_intrinsic(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    family: &str,
    args: &[ValueRef],
    attrs: &llvm::AttributeList,
) -> Result<()> {
    let loc = ctx.location.as_str();
    if args.len() < 3 {
        return Err(malformed(
            loc,
            format!("llvm.{family} with {} arguments", args.len()),
        ));
    }
    if t.const_int(args[2]) == Some(0) {
        // Nothing to copy or set, and OpCopyMemorySized may not have a constant zero size.
        return Ok(());
    }
    let (dst, len) = (t.value(ctx, args[0])?, t.value(ctx, args[2])?);
    // LLVM ≤ 6 passes the alignment as the fourth argument.
    let align = args.get(3).and_then(|&a| {
        let ty = t.value_llvm_type(ctx, a).ok()?;
        matches!(t.m.types.get(ty), Type::Int(32))
            .then(|| t.const_int(a))
            .flatten()
    });
    let volatile = args
        .last()
        .and_then(|&a| t.const_int(a))
        .is_some_and(|v| v == 1)
        && args.len() >= 4;
    if family == "memset" {
        if let Some(key) = t.memset_key(ctx.func, args) {
            return memset_loop_call(t, ctx, key, args);
        }
    }
    let src = if family == "memset" {
        let byte = t
            .const_int(args[1])
            .ok_or_else(|| unsupported(loc, "llvm.memset with a non-constant value"))?;
        let count = t
            .const_int(args[2])
            .ok_or_else(|| unsupported(loc, "llvm.memset with a non-constant length"))?;
        fill_constant(t, byte as u8, count, loc)?
    } else {
        t.value(ctx, args[1])?
    };
    let mut ops = vec![Operand::Id(dst), Operand::Id(src), Operand::Id(len)];
    // Since LLVM 7 the alignments are `align N` attributes of the two pointer arguments.
    let (dst_align, src_align) = match align.and_then(|a| u32::try_from(a).ok()) {
        Some(a) if a > 0 => (Some(a), Some(a)),
        _ if family == "memset" => (attrs.param_align(0), None),
        _ => (attrs.param_align(0), attrs.param_align(1)),
    };
    let temporary = (family == "memmove")
        .then(|| t.const_int(args[2]))
        .flatten()
        .and_then(|n| ctx.memmove_temporaries.get(&n).copied());
    if let Some((tmp, tmp_align)) = temporary {
        // A move: source → temporary, then temporary → target (they may overlap).
        let to_tmp = copy_memory_operands(t, volatile, tmp_align, src_align);
        let mut first = vec![Operand::Id(tmp), Operand::Id(src), Operand::Id(len)];
        first.extend(to_tmp.into_iter().map(Operand::Word));
        t.emit_void(Op::CopyMemorySized, first);
        let from_tmp = copy_memory_operands(t, volatile, dst_align, tmp_align);
        let mut second = vec![Operand::Id(dst), Operand::Id(tmp), Operand::Id(len)];
        second.extend(from_tmp.into_iter().map(Operand::Word));
        t.emit_void(Op::CopyMemorySized, second);
        return Ok(());
    }
    let memory_operands = copy_memory_operands(t, volatile, dst_align, src_align);
    ops.extend(memory_operands.into_iter().map(Operand::Word));
    t.emit_void(Op::CopyMemorySized, ops);
    Ok(())
}

/// The memory operands of an OpCopyMemorySized: Volatile and the alignment both pointers
/// share, or — when they differ and SPIR-V 1.4 is allowed — the target's then the source's
/// (1.4 gave the copies a second memory operand; llvm-spirv's `memcpy.align.ll`: `2 8 2 4`,
/// and before 1.4 the smaller alignment, `2 4`). Empty when there is nothing to say. (A
/// memset's source is the translator's fill constant: only its target's alignment is known.)
fn copy_memory_operands(
    t: &mut Translator<'_>,
    volatile: bool,
    dst: Option<u32>,
    src: Option<u32>,
) -> Vec<u32> {
    const V1_4: u32 = 0x0001_0400;
    let volatile_bit = if volatile {
        MemoryAccess::Volatile.0
    } else {
        0
    };
    let operand = |align: Option<u32>| match align {
        Some(a) => vec![volatile_bit | MemoryAccess::Aligned.0, a],
        None if volatile => vec![volatile_bit],
        None => vec![],
    };
    match (dst, src) {
        (Some(d), Some(s)) if d != s && t.opts.max_version >= V1_4 => {
            t.needed_version = t.needed_version.max(V1_4);
            let mut words = operand(Some(d));
            words.extend(operand(Some(s)));
            words
        }
        (Some(d), Some(s)) => operand(Some(d.min(s))),
        // One mask holds for both pointers: one known alignment is not said of the other.
        _ => operand(None),
    }
}

/// A memset with a non-constant value or length: a call of its loop helper (memset_loop.rs).
fn memset_loop_call(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    key: crate::forward::memset_loop::Key,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let helper = t
        .memset_loops
        .get(&key)
        .copied()
        .ok_or_else(|| malformed(loc, "llvm.memset without its loop helper"))?;
    let ptr_ty = t.memset_destination_type(key.0)?;
    let dst = t.value_as(ctx, args[0], ptr_ty)?;
    let (value, len) = (t.value(ctx, args[1])?, t.value(ctx, args[2])?);
    let void = t.b.type_void();
    t.emit_ops(
        Op::FunctionCall,
        void,
        [
            Operand::Id(helper),
            Operand::Id(dst),
            Operand::Id(value),
            Operand::Id(len),
        ],
    );
    Ok(())
}

/// Bytes per OpConstantComposite of a memset fill (well under the 65535-word limit).
const FILL_CHUNK: u64 = 16384;

fn byte_array(t: &mut Translator<'_>, i8_ty: Id, count: u64) -> Id {
    let len = t.size_constant(count);
    t.b.dedup_global(
        Op::TypeArray,
        None,
        vec![Operand::Id(i8_ty), Operand::Id(len)],
    )
}

/// `[count x i8]` and its constant with every byte `value`.
fn filled_bytes(t: &mut Translator<'_>, i8_ty: Id, value: Id, count: u64) -> (Id, Id) {
    let arr = byte_array(t, i8_ty, count);
    let init = t.b.dedup_global(
        Op::ConstantComposite,
        Some(arr),
        vec![Operand::Id(value); count as usize],
    );
    (arr, init)
}

/// A UniformConstant array of `count` bytes equal to `byte`, as an i8 pointer.
fn fill_constant(t: &mut Translator<'_>, byte: u8, count: u64, loc: &str) -> Result<Id> {
    if count > 1 << 20 {
        return Err(unsupported(loc, "llvm.memset of more than 1 MiB"));
    }
    let i8_ty = t.int_type(8);
    let value = t.b.constant_u32(i8_ty, u32::from(byte));
    let (arr, init) = if byte == 0 {
        let arr = byte_array(t, i8_ty, count);
        (arr, t.b.dedup_global(Op::ConstantNull, Some(arr), vec![]))
    } else if count <= FILL_CHUNK {
        filled_bytes(t, i8_ty, value, count)
    } else {
        // One OpConstantComposite holds at most 65535 words: a long fill is an array of
        // chunks followed by the rest, in a struct (byte arrays have no padding between).
        let (chunk, chunk_init) = filled_bytes(t, i8_ty, value, FILL_CHUNK);
        let chunks = t.size_constant(count / FILL_CHUNK);
        let whole = t.b.dedup_global(
            Op::TypeArray,
            None,
            vec![Operand::Id(chunk), Operand::Id(chunks)],
        );
        let whole_init = t.b.dedup_global(
            Op::ConstantComposite,
            Some(whole),
            vec![Operand::Id(chunk_init); (count / FILL_CHUNK) as usize],
        );
        match count % FILL_CHUNK {
            0 => (whole, whole_init),
            rest => {
                let (tail, tail_init) = filled_bytes(t, i8_ty, value, rest);
                let both = t.b.dedup_global(
                    Op::TypeStruct,
                    None,
                    vec![Operand::Id(whole), Operand::Id(tail)],
                );
                let init = t.b.dedup_global(
                    Op::ConstantComposite,
                    Some(both),
                    vec![Operand::Id(whole_init), Operand::Id(tail_init)],
                );
                (both, init)
            }
        }
    };
    let uc = spirvkit_grammar::StorageClass::UniformConstant.0;
    let arr_ptr = t.pointer_type(uc, arr);
    let var_inst = t.variable_instruction(Id(0), arr_ptr, uc, arr, Some(init));
    let var =
        t.b.dedup_global(var_inst.opcode, Some(arr_ptr), var_inst.operands.to_vec());
    t.note_type(var, arr_ptr);
    let i8_ptr = t.pointer_type(uc, i8_ty);
    if i8_ptr == arr_ptr {
        return Ok(var);
    }
    Ok(t.emit(Op::Bitcast, i8_ptr, vec![Operand::Id(var)]))
}

/// True when the USM address spaces (5, 6) have their own storage classes (DeviceOnly,
/// HostOnly) rather than being global memory.
fn usm_storage_classes(t: &Translator<'_>) -> bool {
    t.opts.allows("SPV_ALTERA_usm_storage_classes")
        || t.opts.allows("SPV_INTEL_usm_storage_classes")
}

/// An addrspacecast between a USM address space (5, 6) and the generic one (4), or between
/// the two USM spaces, when they have their own storage classes. OpPtrCastToGeneric and
/// OpGenericCastToPtr take only Workgroup, CrossWorkgroup and Function pointers, and the
/// extension's casts connect DeviceOnly/HostOnly with CrossWorkgroup only (both are subsets
/// of it), so the cast goes through a CrossWorkgroup pointer to the same data. False (nothing
/// emitted) for any other pair of address spaces.
pub(crate) fn usm_cast_via_cross_workgroup(
    t: &mut Translator<'_>,
    out: Id,
    ty: Id,
    v: Id,
    from: u32,
    to: u32,
) -> bool {
    let usm = |a| matches!(a, 5 | 6);
    let (first, second) = match (from, to) {
        (a, 4) if usm(a) => (Op::PtrCastToCrossWorkgroupALTERA, Op::PtrCastToGeneric),
        (4, b) if usm(b) => (Op::GenericCastToPtr, Op::CrossWorkgroupCastToPtrALTERA),
        (a, b) if usm(a) && usm(b) && a != b => (
            Op::PtrCastToCrossWorkgroupALTERA,
            Op::CrossWorkgroupCastToPtrALTERA,
        ),
        _ => return false,
    };
    if !usm_storage_classes(t) {
        return false;
    }
    let cross = spirvkit_grammar::StorageClass::CrossWorkgroup.0;
    let middle_ty = if t.is_untyped(ty) {
        t.untyped_pointer(cross)
    } else {
        match t.pointee_of(ty) {
            Some(pointee) => t.pointer_type(cross, pointee),
            // Not a pointer type the translator made (a vector of pointers): no cast to route.
            None => return false,
        }
    };
    let middle = t.emit(first, middle_ty, vec![Operand::Id(v)]);
    t.note_type(middle, middle_ty);
    t.emit_to(out, second, ty, vec![Operand::Id(middle)]);
    true
}

/// Casts between the USM address spaces (5, 6) and global (1).
pub(crate) fn usm_cast(
    t: &mut Translator<'_>,
    out: Id,
    ty: Id,
    v: Id,
    from: u32,
    to: u32,
    loc: &str,
) -> Result<()> {
    let usm = usm_storage_classes(t);
    let op = match (from, to) {
        (5 | 6, 1) if usm => Op::PtrCastToCrossWorkgroupALTERA,
        (1, 5 | 6) if usm => Op::CrossWorkgroupCastToPtrALTERA,
        // Without the extension the USM spaces are global memory, and the cast disappears.
        (5 | 6, 1) | (1, 5 | 6) | (5, 6) | (6, 5) => Op::CopyObject,
        (a, b) => {
            return Err(unsupported(
                loc,
                format!("addrspacecast from address space {a} to {b}"),
            ))
        }
    };
    t.emit_to(out, op, ty, vec![Operand::Id(v)]);
    Ok(())
}
