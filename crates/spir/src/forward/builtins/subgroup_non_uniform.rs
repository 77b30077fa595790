//! The cl_khr_subgroup_{non_uniform_vote,ballot,non_uniform_arithmetic,shuffle,
//! shuffle_relative,clustered_reduce} built-ins → the OpGroupNonUniform* instructions at
//! Subgroup scope (SPIR-V 1.3; the capability and version come from the grammar), as
//! llvm-spirv's OCLToSPIRV does. OpenCL C has no `bool`: an `int` predicate becomes a bool
//! (`!= 0`) and a boolean result an `int` (`select 1, 0`). The reverse direction is
//! `reverse/groups.rs`.

use super::arg_ids;
use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::Demangled;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{GroupOperation, Op, OperandKind, Scope};
use spirvkit_llvm as llvm;

/// How a built-in's operands and result are shaped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// `sub_group_elect()`: no operand, boolean result.
    Elect,
    /// An `int` predicate operand, boolean result (`non_uniform_all/any`).
    Vote,
    /// A value operand, boolean result (`all_equal`, `inverse_ballot`).
    ValueToBool,
    /// An `int` predicate → the `uint4` ballot.
    Ballot,
    /// A value (and an index) → a value of the result type.
    Value,
    /// A value and an index → a boolean (`ballot_bit_extract`).
    ValueIndexToBool,
    /// `ballot_bit_count` / `ballot_{in,ex}clusive_scan`: a group operation and the ballot.
    BitCount(GroupOperation),
    /// Arithmetic with a group operation (and a cluster size for clustered reductions).
    Arithmetic(GroupOperation, bool),
}

/// The instruction (before choosing the arithmetic flavour) and shape of a built-in.
fn classify(d: &Demangled) -> Option<(Op, Shape)> {
    let rest = d.name.strip_prefix("sub_group_")?;
    Some(match rest {
        "elect" => (Op::GroupNonUniformElect, Shape::Elect),
        "non_uniform_all" => (Op::GroupNonUniformAll, Shape::Vote),
        "non_uniform_any" => (Op::GroupNonUniformAny, Shape::Vote),
        "non_uniform_all_equal" => (Op::GroupNonUniformAllEqual, Shape::ValueToBool),
        "non_uniform_broadcast" => (Op::GroupNonUniformBroadcast, Shape::Value),
        "broadcast_first" => (Op::GroupNonUniformBroadcastFirst, Shape::Value),
        "ballot" => (Op::GroupNonUniformBallot, Shape::Ballot),
        "inverse_ballot" => (Op::GroupNonUniformInverseBallot, Shape::ValueToBool),
        "ballot_bit_extract" => (Op::GroupNonUniformBallotBitExtract, Shape::ValueIndexToBool),
        "ballot_bit_count" => (
            Op::GroupNonUniformBallotBitCount,
            Shape::BitCount(GroupOperation::Reduce),
        ),
        "ballot_inclusive_scan" => (
            Op::GroupNonUniformBallotBitCount,
            Shape::BitCount(GroupOperation::InclusiveScan),
        ),
        "ballot_exclusive_scan" => (
            Op::GroupNonUniformBallotBitCount,
            Shape::BitCount(GroupOperation::ExclusiveScan),
        ),
        "ballot_find_lsb" => (Op::GroupNonUniformBallotFindLSB, Shape::Value),
        "ballot_find_msb" => (Op::GroupNonUniformBallotFindMSB, Shape::Value),
        "shuffle" => (Op::GroupNonUniformShuffle, Shape::Value),
        "shuffle_xor" => (Op::GroupNonUniformShuffleXor, Shape::Value),
        "shuffle_up" => (Op::GroupNonUniformShuffleUp, Shape::Value),
        "shuffle_down" => (Op::GroupNonUniformShuffleDown, Shape::Value),
        _ => return arithmetic(d, rest),
    })
}

/// `non_uniform_reduce_add`, `non_uniform_scan_inclusive_logical_xor`,
/// `clustered_reduce_max`, ...
fn arithmetic(d: &Demangled, rest: &str) -> Option<(Op, Shape)> {
    let (operation, what, clustered) = if let Some(what) = rest.strip_prefix("clustered_reduce_") {
        (GroupOperation::ClusteredReduce, what, true)
    } else {
        let rest = rest.strip_prefix("non_uniform_")?;
        if let Some(what) = rest.strip_prefix("reduce_") {
            (GroupOperation::Reduce, what, false)
        } else if let Some(what) = rest.strip_prefix("scan_inclusive_") {
            (GroupOperation::InclusiveScan, what, false)
        } else {
            (
                GroupOperation::ExclusiveScan,
                rest.strip_prefix("scan_exclusive_")?,
                false,
            )
        }
    };
    let scalar = d.param_scalar(0);
    let float = scalar.is_some_and(|s| s.is_float());
    let signed = scalar.is_some_and(|s| s.is_signed());
    let op = match (what, float, signed) {
        ("add", true, _) => Op::GroupNonUniformFAdd,
        ("add", false, _) => Op::GroupNonUniformIAdd,
        ("mul", true, _) => Op::GroupNonUniformFMul,
        ("mul", false, _) => Op::GroupNonUniformIMul,
        ("min", true, _) => Op::GroupNonUniformFMin,
        ("min", false, true) => Op::GroupNonUniformSMin,
        ("min", false, false) => Op::GroupNonUniformUMin,
        ("max", true, _) => Op::GroupNonUniformFMax,
        ("max", false, true) => Op::GroupNonUniformSMax,
        ("max", false, false) => Op::GroupNonUniformUMax,
        ("and", false, _) => Op::GroupNonUniformBitwiseAnd,
        ("or", false, _) => Op::GroupNonUniformBitwiseOr,
        ("xor", false, _) => Op::GroupNonUniformBitwiseXor,
        ("logical_and", false, _) => Op::GroupNonUniformLogicalAnd,
        ("logical_or", false, _) => Op::GroupNonUniformLogicalOr,
        ("logical_xor", false, _) => Op::GroupNonUniformLogicalXor,
        _ => return None,
    };
    Some((op, Shape::Arithmetic(operation, clustered)))
}

pub(super) fn is_non_uniform(d: &Demangled) -> bool {
    classify(d).is_some()
}

/// `x != 0` as a bool.
fn to_bool(t: &mut Translator<'_>, ctx: &FnCtx<'_>, arg: ValueRef, id: Id) -> Result<Id> {
    let loc = ctx.location.as_str();
    let arg_ty = t.value_llvm_type(ctx, arg)?;
    let zero = t.scalar_constant(arg_ty, 0, loc)?;
    let bool_ty = t.b.type_bool();
    Ok(t.emit(
        Op::INotEqual,
        bool_ty,
        vec![Operand::Id(id), Operand::Id(zero)],
    ))
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
    let (op, shape) = classify(d).ok_or_else(|| unsupported(loc, format!("the built-in {n}")))?;
    let wanted = match shape {
        Shape::Elect => 0,
        Shape::Value
            if matches!(
                op,
                Op::GroupNonUniformBroadcastFirst
                    | Op::GroupNonUniformBallotFindLSB
                    | Op::GroupNonUniformBallotFindMSB
            ) =>
        {
            1
        }
        Shape::Value | Shape::ValueIndexToBool => 2,
        Shape::Arithmetic(_, true) => 2,
        _ => 1,
    };
    if args.len() != wanted {
        return Err(malformed(loc, format!("{n} takes {wanted} arguments")));
    }
    let desc = op
        .desc()
        .ok_or_else(|| malformed(loc, format!("{n}: no grammar entry")))?;
    crate::forward::requirements::require(t, loc, n, &desc.avail)?;
    if let Shape::BitCount(operation) | Shape::Arithmetic(operation, _) = shape {
        // ClusteredReduce needs GroupNonUniformClustered.
        if let Some(e) = OperandKind::GroupOperation.desc().enumerant(operation.0) {
            crate::forward::requirements::require(t, loc, n, &e.avail)?;
        }
    }
    let ids = arg_ids(t, ctx, args)?;
    let scope = t.u32_constant(Scope::Subgroup.0);
    let ty = t.ty(result_ty, loc)?;
    let bool_ty = t.b.type_bool();
    // Operands after the scope, and whether the instruction's result is a bool for an int.
    let (operands, boolean) = match shape {
        Shape::Elect => (Vec::new(), true),
        Shape::Vote => (vec![Operand::Id(to_bool(t, ctx, args[0], ids[0])?)], true),
        Shape::ValueToBool => (vec![Operand::Id(ids[0])], true),
        Shape::Ballot => (vec![Operand::Id(to_bool(t, ctx, args[0], ids[0])?)], false),
        Shape::ValueIndexToBool => (vec![Operand::Id(ids[0]), Operand::Id(ids[1])], true),
        Shape::Value => {
            if op == Op::GroupNonUniformBroadcast && t.const_int(args[1]).is_none() {
                // A dynamic lane id is valid from SPIR-V 1.5 on.
                t.needed_version = t.needed_version.max(0x0001_0500);
            }
            (ids.iter().map(|&i| Operand::Id(i)).collect(), false)
        }
        Shape::BitCount(operation) => {
            (vec![Operand::Word(operation.0), Operand::Id(ids[0])], false)
        }
        Shape::Arithmetic(operation, clustered) => {
            let logical = matches!(
                op,
                Op::GroupNonUniformLogicalAnd
                    | Op::GroupNonUniformLogicalOr
                    | Op::GroupNonUniformLogicalXor
            );
            let value = if logical {
                to_bool(t, ctx, args[0], ids[0])?
            } else {
                ids[0]
            };
            let mut operands = vec![Operand::Word(operation.0), Operand::Id(value)];
            if clustered {
                if t.const_int(args[1]).is_none() {
                    return Err(unsupported(
                        loc,
                        format!("{n} with a non-constant cluster size"),
                    ));
                }
                operands.push(Operand::Id(ids[1]));
            }
            (operands, logical)
        }
    };
    let mut all = vec![Operand::Id(scope)];
    all.extend(operands);
    if boolean {
        let b = t.emit(op, bool_ty, all);
        super::bool_to_int(t, loc, out, ty, result_ty, b)?;
    } else {
        t.emit_to(out, op, ty, all);
    }
    Ok(())
}
