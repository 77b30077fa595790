//! OpenCL C built-ins that llvm-spirv maps to extension instructions (OCLToSPIRV):
//! - SPV_KHR_subgroup_rotate: `sub_group_rotate(v, delta)`,
//!   `sub_group_clustered_rotate(v, delta, cluster)` → OpGroupNonUniformRotateKHR at Subgroup
//!   scope;
//! - SPV_KHR_shader_clock (cl_khr_kernel_clock): `clock_read_{device,work_group,sub_group}`
//!   (ulong) and `clock_read_hilo_*` (uint2) → OpReadClockKHR at Device / Workgroup /
//!   Subgroup scope;
//! - SPV_INTEL_split_barrier (cl_intel_split_work_group_barrier):
//!   `intel_work_group_barrier_{arrive,wait}(flags[, scope])` →
//!   OpControlBarrier{Arrive,Wait}INTEL at Workgroup scope, Release / Acquire semantics with
//!   the storage bits of the flags.
//!
//! - SPV_INTEL_bfloat16_conversion (cl_intel_bfloat16_conversions):
//!   `intel_convert_bfloat16[N]_as_ushort[N]` → OpConvertFToBF16INTEL,
//!   `intel_convert_as_bfloat16[N]_float[N]` → OpConvertBF16ToFINTEL.
//!
//! - SPV_INTEL_sigmoid (intel/llvm's specification, revision 1): `intel_sigmoid(x)` →
//!   OpFSigmoidINTEL (6168, capability SigmoidINTEL 6167: grammar supplement); the SPV-IR
//!   `__spirv_FSigmoidINTEL(x)` is the generic SPV-IR lowering.
//!
//! What each instruction needs comes from the grammar; without its extension the call is
//! refused naming it.

use super::arg_ids;
use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::Demangled;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{MemorySemantics, Op, Scope};
use spirvkit_llvm as llvm;

pub(super) fn is_extension_builtin(name: &str) -> bool {
    matches!(
        name,
        "sub_group_rotate"
            | "sub_group_clustered_rotate"
            | "intel_work_group_barrier_arrive"
            | "intel_work_group_barrier_wait"
    ) || clock_scope(name).is_some()
        || bfloat16_conversion(name).is_some()
        || name == SIGMOID
}

/// SPV_INTEL_sigmoid's OpenCL built-in (`intel_sigmoid(x)`, half or float, scalar or vector).
const SIGMOID: &str = "intel_sigmoid";

/// `intel_convert_bfloat16[N]_as_ushort[N]` / `intel_convert_as_bfloat16[N]_float[N]`.
fn bfloat16_conversion(name: &str) -> Option<Op> {
    let width_ok = |w: &str| matches!(w, "" | "2" | "3" | "4" | "8" | "16");
    if let Some(rest) = name.strip_prefix("intel_convert_bfloat16") {
        let (width, tail) = rest.split_once("_as_ushort")?;
        return (width_ok(width) && tail == width).then_some(Op::ConvertFToBF16INTEL);
    }
    let rest = name.strip_prefix("intel_convert_as_bfloat16")?;
    let (width, tail) = rest.split_once("_float")?;
    (width_ok(width) && tail == width).then_some(Op::ConvertBF16ToFINTEL)
}

/// `clock_read_[hilo_]{device,work_group,sub_group}` → its scope.
fn clock_scope(name: &str) -> Option<Scope> {
    let rest = name.strip_prefix("clock_read_")?;
    let rest = rest.strip_prefix("hilo_").unwrap_or(rest);
    Some(match rest {
        "device" => Scope::Device,
        "work_group" => Scope::Workgroup,
        "sub_group" => Scope::Subgroup,
        _ => return None,
    })
}

/// `llvm.readcyclecounter` (i64): OpReadClockKHR at Device scope under SPV_KHR_shader_clock
/// (LLVM's SPIR-V back end maps it so); refused naming the extension without it.
pub(super) fn read_cycle_counter(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
) -> Result<()> {
    let loc = ctx.location.as_str();
    require(t, loc, "llvm.readcyclecounter", Op::ReadClockKHR)?;
    let ty = t.ty(result_ty, loc)?;
    let scope = t.u32_constant(Scope::Device.0);
    t.emit_to(out, Op::ReadClockKHR, ty, vec![Operand::Id(scope)]);
    Ok(())
}

/// Declares what `op` needs (refusing the call naming its extension when not allowed).
fn require(t: &mut Translator<'_>, loc: &str, name: &str, op: Op) -> Result<()> {
    let desc = op
        .desc()
        .ok_or_else(|| malformed(loc, format!("{name}: no grammar entry")))?;
    crate::forward::requirements::require(t, loc, name, &desc.avail)
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
    if let Some(scope) = clock_scope(n) {
        require(t, loc, n, Op::ReadClockKHR)?;
        let ty = t.ty(result_ty, loc)?;
        let scope = t.u32_constant(scope.0);
        t.emit_to(out, Op::ReadClockKHR, ty, vec![Operand::Id(scope)]);
        return Ok(());
    }
    if let Some(op) = bfloat16_conversion(n).or((n == SIGMOID).then_some(Op::FSigmoidINTEL)) {
        require(t, loc, n, op)?;
        if op != Op::FSigmoidINTEL {
            crate::forward::cooperative_matrix::require_joint_matrix_for_bf16_conversion(
                t, loc, n, result_ty,
            )?;
        }
        let ty = t.ty(result_ty, loc)?;
        let ids = arg_ids(t, ctx, args)?;
        let [value] = ids[..] else {
            return Err(malformed(loc, format!("{n} takes one argument")));
        };
        t.emit_to(out, op, ty, vec![Operand::Id(value)]);
        return Ok(());
    }
    match n {
        "sub_group_rotate" | "sub_group_clustered_rotate" => {
            let wanted = if n == "sub_group_rotate" { 2 } else { 3 };
            if args.len() != wanted {
                return Err(malformed(loc, format!("{n} takes {wanted} arguments")));
            }
            require(t, loc, n, Op::GroupNonUniformRotateKHR)?;
            let ty = t.ty(result_ty, loc)?;
            let scope = t.u32_constant(Scope::Subgroup.0);
            let mut ops = vec![Operand::Id(scope)];
            ops.extend(arg_ids(t, ctx, args)?.into_iter().map(Operand::Id));
            t.emit_to(out, Op::GroupNonUniformRotateKHR, ty, ops);
        }
        _ => {
            let (op, order) = if n.ends_with("arrive") {
                (Op::ControlBarrierArriveINTEL, MemorySemantics::Release.0)
            } else {
                (Op::ControlBarrierWaitINTEL, MemorySemantics::Acquire.0)
            };
            require(t, loc, n, op)?;
            let execution = t.u32_constant(Scope::Workgroup.0);
            let memory = match args.get(1) {
                Some(&s) => {
                    let scope = t
                        .const_int(s)
                        .and_then(super::atomics20::scope_value)
                        .ok_or_else(|| {
                            unsupported(loc, format!("{n} with a non-constant scope"))
                        })?;
                    t.u32_constant(scope)
                }
                None => execution,
            };
            let sem = super::memory::semantics(t, ctx, args.first().copied(), order)?;
            t.emit_void(
                op,
                vec![
                    Operand::Id(execution),
                    Operand::Id(memory),
                    Operand::Id(sem),
                ],
            );
        }
    }
    Ok(())
}
