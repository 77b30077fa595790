//! OpenCL C 2.0 work-group collectives (`work_group_all/any/broadcast`, reductions and scans)
//! → the Groups capability's OpGroup* instructions at Workgroup scope, cl_khr_subgroups'
//! `sub_group_*` ones at Subgroup scope; and the generic
//! address space's `to_global/to_local/to_private` → OpGenericCastToPtrExplicit.

use super::arg_ids;
use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::Demangled;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, GroupOperation, Op, Scope, StorageClass};
use spirvkit_llvm as llvm;

pub(super) fn is_group(name: &str) -> bool {
    group(name).is_some_and(|(_, rest)| matches!(rest, "all" | "any" | "broadcast"))
        || group_arithmetic(name).is_some()
}

/// The scope of a `work_group_*` (Workgroup) or cl_khr_subgroups `sub_group_*` (Subgroup)
/// collective, and the rest of its name.
fn group(name: &str) -> Option<(Scope, &str)> {
    match name.strip_prefix("work_group_") {
        Some(rest) => Some((Scope::Workgroup, rest)),
        None => Some((Scope::Subgroup, name.strip_prefix("sub_group_")?)),
    }
}

/// `work_group_reduce_add` → (Reduce, "add"), `work_group_scan_exclusive_max` → ...
fn group_arithmetic(name: &str) -> Option<(GroupOperation, &str)> {
    let (_, rest) = group(name)?;
    let (operation, op) = if let Some(op) = rest.strip_prefix("reduce_") {
        (GroupOperation::Reduce, op)
    } else if let Some(op) = rest.strip_prefix("scan_inclusive_") {
        (GroupOperation::InclusiveScan, op)
    } else {
        (
            GroupOperation::ExclusiveScan,
            rest.strip_prefix("scan_exclusive_")?,
        )
    };
    matches!(op, "add" | "min" | "max")
        .then_some((operation, op))
        .or_else(|| uniform_arithmetic(op, false, false).map(|_| (operation, op)))
}

/// cl_khr_work_group_uniform_arithmetic's reductions and scans (`work_group_reduce_mul`,
/// `_and`, `_or`, `_xor`, `_logical_and`, ...): SPV_KHR_uniform_group_instructions'
/// OpGroup*KHR, as llvm-spirv maps them; the logical ones take and give a boolean.
fn uniform_arithmetic(op: &str, float: bool, _signed: bool) -> Option<(Op, bool)> {
    Some(match op {
        "mul" if float => (Op::GroupFMulKHR, false),
        "mul" => (Op::GroupIMulKHR, false),
        "and" => (Op::GroupBitwiseAndKHR, false),
        "or" => (Op::GroupBitwiseOrKHR, false),
        "xor" => (Op::GroupBitwiseXorKHR, false),
        "logical_and" => (Op::GroupLogicalAndKHR, true),
        "logical_or" => (Op::GroupLogicalOrKHR, true),
        "logical_xor" => (Op::GroupLogicalXorKHR, true),
        _ => return None,
    })
}

pub(super) fn lower_group(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    d: &Demangled,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let n = d.name.as_str();
    t.b.capability(Capability::Groups);
    let ty = t.ty(result_ty, loc)?;
    let (scope, rest) =
        group(n).ok_or_else(|| malformed(loc, format!("{n} is not a collective")))?;
    let workgroup = t.u32_constant(scope.0);
    let ids = arg_ids(t, ctx, args)?;
    let first = *ids
        .first()
        .ok_or_else(|| malformed(loc, format!("{n} without arguments")))?;
    match rest {
        "all" | "any" => {
            // int predicate → bool, and the bool result back to int.
            let bool_ty = t.b.type_bool();
            let predicate = match t.m.constant_int(args[0]) {
                // A constant predicate is the boolean constant itself, as llvm-spirv writes
                // it (OpGroupAllAny.ll: `work_group_all(5)` → OpConstantTrue).
                Some(v) => {
                    let op = if v != 0 {
                        Op::ConstantTrue
                    } else {
                        Op::ConstantFalse
                    };
                    t.b.dedup_global(op, Some(bool_ty), vec![])
                }
                None => {
                    let arg_ty = t.value_llvm_type(ctx, args[0])?;
                    let zero = t.scalar_constant(arg_ty, 0, loc)?;
                    t.emit(
                        Op::INotEqual,
                        bool_ty,
                        vec![Operand::Id(first), Operand::Id(zero)],
                    )
                }
            };
            let op = if rest == "all" {
                Op::GroupAll
            } else {
                Op::GroupAny
            };
            let all = t.emit(
                op,
                bool_ty,
                vec![Operand::Id(workgroup), Operand::Id(predicate)],
            );
            super::bool_to_int(t, loc, out, ty, result_ty, all)?;
        }
        "broadcast" => {
            // The local id is one size_t, or a vector of two or three.
            let local_id = match &ids[1..] {
                [one] => *one,
                many @ ([_, _] | [_, _, _]) => {
                    let size = t.size_type();
                    let vector = t.b.type_vector(size, many.len() as u32);
                    t.emit(
                        Op::CompositeConstruct,
                        vector,
                        many.iter().map(|&i| Operand::Id(i)).collect(),
                    )
                }
                _ => return Err(malformed(loc, "work_group_broadcast without a local id")),
            };
            t.emit_to(
                out,
                Op::GroupBroadcast,
                ty,
                vec![
                    Operand::Id(workgroup),
                    Operand::Id(first),
                    Operand::Id(local_id),
                ],
            );
        }
        _ => {
            let (operation, op) =
                group_arithmetic(n).ok_or_else(|| unsupported(loc, format!("the built-in {n}")))?;
            let scalar = d.param_scalar(0);
            let float = scalar.is_some_and(|s| s.is_float());
            let signed = scalar.is_some_and(|s| s.is_signed());
            if let Some((opcode, logical)) = uniform_arithmetic(op, float, signed) {
                // The instruction's requirements: SPV_KHR_uniform_group_instructions and its
                // capability, or a refusal naming the extension.
                if let Some(desc) = opcode.desc() {
                    crate::forward::requirements::require(
                        t,
                        loc,
                        &format!("the built-in {n}"),
                        &desc.avail,
                    )?;
                }
                let operation = Operand::Word(operation.0);
                if !logical {
                    t.emit_to(
                        out,
                        opcode,
                        ty,
                        vec![Operand::Id(workgroup), operation, Operand::Id(first)],
                    );
                    return Ok(());
                }
                // int predicate → bool, and the bool result back to int (as work_group_all).
                let bool_ty = t.b.type_bool();
                let arg_ty = t.value_llvm_type(ctx, args[0])?;
                let zero = t.scalar_constant(arg_ty, 0, loc)?;
                let predicate = t.emit(
                    Op::INotEqual,
                    bool_ty,
                    vec![Operand::Id(first), Operand::Id(zero)],
                );
                let result = t.emit(
                    opcode,
                    bool_ty,
                    vec![Operand::Id(workgroup), operation, Operand::Id(predicate)],
                );
                super::bool_to_int(t, loc, out, ty, result_ty, result)?;
                return Ok(());
            }
            let opcode = match (op, float, signed) {
                ("add", true, _) => Op::GroupFAdd,
                ("add", false, _) => Op::GroupIAdd,
                ("min", true, _) => Op::GroupFMin,
                ("min", false, true) => Op::GroupSMin,
                ("min", false, false) => Op::GroupUMin,
                ("max", true, _) => Op::GroupFMax,
                ("max", false, true) => Op::GroupSMax,
                _ => Op::GroupUMax,
            };
            t.emit_to(
                out,
                opcode,
                ty,
                vec![
                    Operand::Id(workgroup),
                    Operand::Word(operation.0),
                    Operand::Id(first),
                ],
            );
        }
    }
    Ok(())
}

/// clang's names for `to_global`, `to_local`, `to_private` on generic pointers.
pub(crate) fn generic_cast_target(name: &str) -> Option<StorageClass> {
    match name.trim_start_matches('_') {
        "to_global" => Some(StorageClass::CrossWorkgroup),
        "to_local" => Some(StorageClass::Workgroup),
        "to_private" => Some(StorageClass::Function),
        _ => None,
    }
}

/// `to_global(p)` → OpGenericCastToPtrExplicit (null when `p` is not in that space).
pub(super) fn lower_generic_cast(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    storage: StorageClass,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let &p = args
        .first()
        .ok_or_else(|| malformed(loc, "to_global/to_local/to_private without an argument"))?;
    let pid = t.value(ctx, p)?;
    // The result has the argument's pointee in the target storage class.
    let source_ty = t.value_type_id(ctx, p)?;
    let pointee = t.pointee_of(source_ty);
    let result_ty = match pointee {
        Some(pointee) => t.pointer_type(storage.0, pointee),
        None => t.untyped_pointer(storage.0),
    };
    t.emit_to(
        out,
        Op::GenericCastToPtrExplicit,
        result_ty,
        vec![Operand::Id(pid), Operand::Word(storage.0)],
    );
    Ok(())
}

/// `get_fence(p)` → OpGenericPtrMemSemantics shifted right by 8, as llvm-spirv does:
/// WorkgroupMemory (0x100) and CrossWorkgroupMemory (0x200) become CLK_LOCAL_MEM_FENCE (1)
/// and CLK_GLOBAL_MEM_FENCE (2).
pub(super) fn lower_get_fence(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let &p = args
        .first()
        .ok_or_else(|| malformed(loc, "get_fence without an argument"))?;
    let pointer = t.value(ctx, p)?;
    let ty = t.ty(result_ty, loc)?;
    let semantics = t.emit(Op::GenericPtrMemSemantics, ty, vec![Operand::Id(pointer)]);
    let eight = t.b.constant_u32(ty, 8);
    t.emit_to(
        out,
        Op::ShiftRightLogical,
        ty,
        vec![Operand::Id(semantics), Operand::Id(eight)],
    );
    Ok(())
}
