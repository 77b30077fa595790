//! Non-uniform group instructions (spec 3.37.24): the Execution scope (Subgroup or Workgroup;
//! Subgroup only in Vulkan), result and operand types of election, votes, broadcasts, ballots,
//! shuffles, quad operations and group arithmetic (with ClusteredReduce's ClusterSize), as
//! spirv-val 2025.5 checks them. One report per instruction (the first broken rule).

use super::barriers;
use super::Sink;
use crate::state::{Inst, State};
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::{GroupOperation, Op};

/// What a group arithmetic instruction computes on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Domain {
    Int,
    Float,
    Bool,
}

fn arithmetic_domain(op: Op) -> Option<Domain> {
    Some(match op {
        Op::GroupNonUniformIAdd
        | Op::GroupNonUniformIMul
        | Op::GroupNonUniformSMin
        | Op::GroupNonUniformUMin
        | Op::GroupNonUniformSMax
        | Op::GroupNonUniformUMax
        | Op::GroupNonUniformBitwiseAnd
        | Op::GroupNonUniformBitwiseOr
        | Op::GroupNonUniformBitwiseXor => Domain::Int,
        Op::GroupNonUniformFAdd
        | Op::GroupNonUniformFMul
        | Op::GroupNonUniformFMin
        | Op::GroupNonUniformFMax => Domain::Float,
        Op::GroupNonUniformLogicalAnd
        | Op::GroupNonUniformLogicalOr
        | Op::GroupNonUniformLogicalXor => Domain::Bool,
        _ => return None,
    })
}

fn handles(op: Op) -> bool {
    arithmetic_domain(op).is_some()
        || matches!(
            op,
            Op::GroupNonUniformElect
                | Op::GroupNonUniformAll
                | Op::GroupNonUniformAny
                | Op::GroupNonUniformAllEqual
                | Op::GroupNonUniformBroadcast
                | Op::GroupNonUniformBroadcastFirst
                | Op::GroupNonUniformBallot
                | Op::GroupNonUniformInverseBallot
                | Op::GroupNonUniformBallotBitExtract
                | Op::GroupNonUniformBallotBitCount
                | Op::GroupNonUniformBallotFindLSB
                | Op::GroupNonUniformBallotFindMSB
                | Op::GroupNonUniformShuffle
                | Op::GroupNonUniformShuffleXor
                | Op::GroupNonUniformShuffleUp
                | Op::GroupNonUniformShuffleDown
                | Op::GroupNonUniformQuadBroadcast
                | Op::GroupNonUniformQuadSwap
        )
}

/// A broken rule: (rule id, message, offending id).
type Broken = (&'static str, String, u32);

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let op = inst.op();
    if !handles(op) {
        return false;
    }
    let st = s.st;
    // Only core result types are judged (cooperative types have rules of their own).
    if ti::type_inst(st, inst.result_type).is_none_or(|d| !crate::state::is_core(d.op())) {
        return true;
    }
    let opname = &ti::op_name(op)[2..];
    let before = s.out.len();
    barriers::check_scope(s, index, inst, opname, 3);
    if s.out.len() > before {
        return true;
    }
    if let Some(broken) = execution_scope(st, inst, opname).or_else(|| operands(st, inst)) {
        let (rule, message, id) = broken;
        s.err(rule, index, message, &[id]);
    }
    true
}

/// A constant Execution scope is Subgroup or Workgroup (Subgroup in Vulkan).
fn execution_scope(st: &State<'_>, inst: &Inst, opname: &str) -> Option<Broken> {
    const WORKGROUP: u64 = 2;
    const SUBGROUP: u64 = 3;
    let scope = st.word(inst, 3);
    let value = ti::const_uint(st, scope).filter(|_| st.def_op(scope) == Some(Op::Constant))?;
    if st.opts.target_env.is_vulkan() && value != SUBGROUP {
        return Some((
            "group.scope",
            format!("{opname}: in Vulkan environment Execution scope is limited to Subgroup"),
            scope,
        ));
    }
    if value != SUBGROUP && value != WORKGROUP {
        return Some((
            "group.scope",
            format!("{opname}: Execution scope is limited to Subgroup or Workgroup"),
            scope,
        ));
    }
    None
}

fn is_bool_scalar(st: &State<'_>, ty: u32) -> bool {
    ti::is_bool(st, ty)
}

fn is_unsigned_scalar(st: &State<'_>, ty: u32) -> bool {
    ti::is_int(st, ty) && ti::int_signedness(st, ty) == Some(0)
}

/// A ballot: a 4-component unsigned integer vector.
fn is_ballot(st: &State<'_>, ty: u32) -> bool {
    ti::is_vector(st, ty)
        && ti::shape(st, ty)
            .is_some_and(|sh| sh.kind == ScalarKind::Int && sh.count == 4 && sh.signed == 0)
}

fn operands(st: &State<'_>, inst: &Inst) -> Option<Broken> {
    let op = inst.op();
    let rt = inst.result_type;
    let operand = |word: usize| -> Option<(u32, u32)> {
        let id = st.word(inst, word);
        st.def(id).map(|d| (id, d.result_type))
    };
    let broken = |rule: &'static str, message: &str, id: u32| Some((rule, message.to_string(), id));
    let same_as_result = |word: usize| -> Option<Broken> {
        let (id, t) = operand(word)?;
        (t != rt).then(|| {
            (
                "group.value_type",
                "The type of Value must match the Result type".to_string(),
                id,
            )
        })
    };
    // An unsigned integer scalar operand, constant before SPIR-V 1.5 (always, for `always`).
    let unsigned = |word: usize, name: &str, always_constant: bool| -> Option<Broken> {
        let (id, t) = operand(word)?;
        if !is_unsigned_scalar(st, t) {
            return Some((
                "group.operand",
                format!("{name} must be an unsigned integer scalar"),
                id,
            ));
        }
        if (always_constant || st.version < 0x0001_0500) && !ti::is_constant(st, id) {
            return Some((
                "group.operand",
                format!("In SPIR-V 1.4 or earlier, {name} must be a constant instruction"),
                id,
            ));
        }
        None
    };
    let ballot_value = |word: usize, message: &str| -> Option<Broken> {
        let (id, t) = operand(word)?;
        (!is_ballot(st, t)).then(|| ("group.operand", message.to_string(), id))
    };
    let bool_result = |message: &str| -> Option<Broken> {
        (!is_bool_scalar(st, rt)).then(|| ("group.result_type", message.to_string(), rt))
    };
    let ballot_message = "Value must be a 4-component unsigned integer vector";
    match op {
        Op::GroupNonUniformElect => bool_result("Result must be a boolean scalar type"),
        Op::GroupNonUniformAll | Op::GroupNonUniformAny => {
            bool_result("Result must be a boolean scalar type").or_else(|| {
                let (id, t) = operand(4)?;
                (!is_bool_scalar(st, t)).then(|| ("group.operand", "Predicate must be a boolean scalar type".to_string(), id))
            })
        }
        Op::GroupNonUniformAllEqual => bool_result("Result must be a boolean scalar type").or_else(|| {
            let (id, t) = operand(4)?;
            ti::shape(st, t).is_none().then(|| {
                (
                    "group.operand",
                    "Value must be a scalar or vector of integer, floating-point, or boolean type".to_string(),
                    id,
                )
            })
        }),
        Op::GroupNonUniformBroadcast => same_as_result(4).or_else(|| unsigned(5, "Id", false)),
        Op::GroupNonUniformBroadcastFirst => same_as_result(4),
        Op::GroupNonUniformBallot => {
            if !is_ballot(st, rt) {
                return broken("group.result_type", "Result must be a 4-component unsigned integer vector", rt);
            }
            let (id, t) = operand(4)?;
            (!is_bool_scalar(st, t)).then(|| ("group.operand", "Predicate must be a boolean scalar".to_string(), id))
        }
        Op::GroupNonUniformInverseBallot => {
            bool_result("Result must be a boolean scalar").or_else(|| ballot_value(4, ballot_message))
        }
        Op::GroupNonUniformBallotBitExtract => bool_result("Result must be a boolean scalar")
            .or_else(|| ballot_value(4, ballot_message))
            .or_else(|| {
                let (id, t) = operand(5)?;
                (!is_unsigned_scalar(st, t)).then(|| ("group.operand", "Id must be an unsigned integer scalar".to_string(), id))
            }),
        Op::GroupNonUniformBallotBitCount => {
            if !is_unsigned_scalar(st, rt) {
                return broken("group.result_type", "Expected Result Type to be an unsigned integer type scalar.", rt);
            }
            ballot_value(5, "Expected Value to be a vector of four components of integer type scalar")
        }
        Op::GroupNonUniformBallotFindLSB | Op::GroupNonUniformBallotFindMSB => {
            if !is_unsigned_scalar(st, rt) {
                return broken("group.result_type", "Result must be an unsigned integer scalar", rt);
            }
            ballot_value(4, ballot_message)
        }
        Op::GroupNonUniformShuffle | Op::GroupNonUniformShuffleXor => {
            let name = if op == Op::GroupNonUniformShuffle { "Id" } else { "Mask" };
            same_as_result(4).or_else(|| {
                let (id, t) = operand(5)?;
                (!is_unsigned_scalar(st, t)).then(|| ("group.operand", format!("{name} must be an unsigned integer scalar"), id))
            })
        }
        Op::GroupNonUniformShuffleUp | Op::GroupNonUniformShuffleDown => same_as_result(4).or_else(|| {
            let (id, t) = operand(5)?;
            (!is_unsigned_scalar(st, t)).then(|| ("group.operand", "Delta must be an unsigned integer scalar".to_string(), id))
        }),
        Op::GroupNonUniformQuadBroadcast => same_as_result(4).or_else(|| unsigned(5, "Index", false)),
        Op::GroupNonUniformQuadSwap => same_as_result(4).or_else(|| unsigned(5, "Direction", true)),
        _ => arithmetic(st, inst),
    }
}

/// Group arithmetic: the Result Type's domain, Value of the Result Type, and ClusterSize (an
/// unsigned constant integer) present exactly for ClusteredReduce.
fn arithmetic(st: &State<'_>, inst: &Inst) -> Option<Broken> {
    let rt = inst.result_type;
    let domain = arithmetic_domain(inst.op())?;
    let sh = ti::shape(st, rt);
    let (kind, message) = match domain {
        Domain::Int => (
            ScalarKind::Int,
            "Result must be an integer scalar or vector",
        ),
        Domain::Float => (
            ScalarKind::Float,
            "Result must be a floating-point scalar or vector",
        ),
        Domain::Bool => (
            ScalarKind::Bool,
            "Result must be a boolean scalar or vector",
        ),
    };
    if !sh.is_some_and(|sh| sh.kind == kind) {
        return Some(("group.result_type", message.to_string(), rt));
    }
    let value = st.word(inst, 5);
    if st.def(value).is_some() && ti::type_of(st, value) != rt {
        return Some((
            "group.value_type",
            "The type of Value must match the Result type".to_string(),
            value,
        ));
    }
    let operation = st.word(inst, 4);
    let has_cluster = inst.len > 6;
    if operation == GroupOperation::ClusteredReduce.0 {
        if !has_cluster {
            return Some((
                "group.cluster_size",
                "ClusterSize must be present when Operation is ClusteredReduce".to_string(),
                0,
            ));
        }
        let cluster = st.word(inst, 6);
        let t = ti::type_of(st, cluster);
        if st.def(cluster).is_some() && !is_unsigned_scalar(st, t) {
            return Some((
                "group.cluster_size",
                "ClusterSize must be an unsigned integer scalar".to_string(),
                cluster,
            ));
        }
        if st.def(cluster).is_some() && !ti::is_constant(st, cluster) {
            return Some((
                "group.cluster_size",
                "ClusterSize must be a constant instruction".to_string(),
                cluster,
            ));
        }
    }
    None
}
