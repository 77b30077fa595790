//! Group instructions as the OpenCL C collective built-ins: OpGroupAll/Any/Broadcast and the
//! OpGroup{I,F}Add/Min/Max family → `work_group_*`/`sub_group_*` (reduce, scan_inclusive,
//! scan_exclusive), the cl_khr_work_group_uniform_arithmetic operations (`*_reduce_mul`,
//! `_and`, `_logical_or`...), the non-uniform subgroup instructions of
//! cl_khr_subgroup_{non_uniform_vote,ballot,non_uniform_arithmetic,shuffle,shuffle_relative,
//! clustered_reduce} and the Intel subgroup shuffles. OpenCL C has no `bool` overloads: a
//! boolean operand is passed as an `int`, and a boolean result compared with 0.

use spirvkit_core::grammar::Op;
use spirvkit_core::Instruction;
use spirvkit_llvm::{CastOp, ConstKind, InstKind, Type, TypeId, ValueRef};

use super::builtins::Sign;
use super::function::FnState;
use super::{Ctx, Result};

/// What a group instruction computes: the built-in's operation name and the sign of its
/// integer operands.
fn arithmetic(op: Op) -> Option<(&'static str, Sign)> {
    Some(match op {
        Op::GroupIAdd | Op::GroupFAdd | Op::GroupNonUniformIAdd | Op::GroupNonUniformFAdd => {
            ("add", Sign::Signed)
        }
        Op::GroupSMin | Op::GroupFMin | Op::GroupNonUniformSMin | Op::GroupNonUniformFMin => {
            ("min", Sign::Signed)
        }
        Op::GroupUMin | Op::GroupNonUniformUMin => ("min", Sign::Unsigned),
        Op::GroupSMax | Op::GroupFMax | Op::GroupNonUniformSMax | Op::GroupNonUniformFMax => {
            ("max", Sign::Signed)
        }
        Op::GroupUMax | Op::GroupNonUniformUMax => ("max", Sign::Unsigned),
        Op::GroupIMulKHR | Op::GroupFMulKHR | Op::GroupNonUniformIMul | Op::GroupNonUniformFMul => {
            ("mul", Sign::Signed)
        }
        Op::GroupBitwiseAndKHR | Op::GroupNonUniformBitwiseAnd => ("and", Sign::Unsigned),
        Op::GroupBitwiseOrKHR | Op::GroupNonUniformBitwiseOr => ("or", Sign::Unsigned),
        Op::GroupBitwiseXorKHR | Op::GroupNonUniformBitwiseXor => ("xor", Sign::Unsigned),
        Op::GroupLogicalAndKHR | Op::GroupNonUniformLogicalAnd => ("logical_and", Sign::Signed),
        Op::GroupLogicalOrKHR | Op::GroupNonUniformLogicalOr => ("logical_or", Sign::Signed),
        Op::GroupLogicalXorKHR | Op::GroupNonUniformLogicalXor => ("logical_xor", Sign::Signed),
        _ => return None,
    })
}

fn non_uniform(op: Op) -> bool {
    (Op::GroupNonUniformElect.0..=Op::GroupNonUniformLogicalXor.0).contains(&op.0)
}

impl Ctx<'_> {
    /// `work_group_` or `sub_group_` for an execution scope operand.
    fn group_prefix(&mut self, st: &FnState, inst: &Instruction) -> Result<&'static str> {
        match self.const_operand(st, inst, 0)? {
            2 => Ok("work_group_"),
            3 => Ok("sub_group_"),
            other => Err(self.err(format!(
                "execution scope {other}: OpenCL C has group built-ins for Workgroup and Subgroup only"
            ))),
        }
    }

    /// A boolean (vector) as `int`: (value, whether it was boolean).
    fn bool_to_int(&mut self, st: &mut FnState, v: ValueRef) -> Result<(ValueRef, bool)> {
        let t = self.type_of(st, v)?;
        if !matches!(self.m.types.get(self.m.types.scalar(t)), Type::Int(1)) {
            return Ok((v, false));
        }
        let it = self.int_like(t, 32);
        Ok((self.cast(st, CastOp::ZExt, v, it)?, true))
    }

    /// An `int` result as the boolean `inst` produces, or as it is.
    fn define_group_result(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
        v: ValueRef,
        boolean: bool,
    ) -> Result<()> {
        let v = if boolean {
            let t = self.type_of(st, v)?;
            let zero = self.splat_const(t, ConstKind::Null);
            self.cmp(st, 33, v, zero)? // icmp ne
        } else {
            v
        };
        self.define(st, inst, v);
        Ok(())
    }

    /// The built-in's return type: `int` (shaped like the result) for boolean results.
    fn group_ret(&mut self, inst: &Instruction) -> Result<(TypeId, bool)> {
        let ty = self.result_ty(inst)?;
        if matches!(self.m.types.get(self.m.types.scalar(ty)), Type::Int(1)) {
            Ok((self.int_like(ty, 32), true))
        } else {
            Ok((ty, false))
        }
    }

    /// Calls `name` on `args` (mangled with `signs`) and defines the result of `inst`.
    fn group_call(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
        name: &str,
        args: Vec<ValueRef>,
        signs: &[Sign],
    ) -> Result<()> {
        let mut typed = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let t = self.type_of(st, *a)?;
            typed.push((t, signs.get(i).copied().unwrap_or(Sign::Unsigned)));
        }
        let mangled = self.mangle_call(name, &typed, false)?;
        let (ret, boolean) = self.group_ret(inst)?;
        let v = self.call_builtin(st, &mangled, ret, args, false)?;
        self.define_group_result(st, inst, v, boolean)
    }

    /// Returns false when `inst` is not a group instruction.
    pub fn group(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        let op = inst.opcode;
        match op {
            Op::GroupAll | Op::GroupAny => {
                let prefix = self.group_prefix(st, inst)?;
                let p = self.op_value(st, inst, 1)?;
                let (p, _) = self.bool_to_int(st, p)?;
                let which = if op == Op::GroupAll { "all" } else { "any" };
                self.group_call(
                    st,
                    inst,
                    &format!("{prefix}{which}"),
                    vec![p],
                    &[Sign::Signed],
                )?;
            }
            Op::GroupBroadcast => {
                let prefix = self.group_prefix(st, inst)?;
                let value = self.op_value(st, inst, 1)?;
                let (value, _) = self.bool_to_int(st, value)?;
                let id = self.op_value(st, inst, 2)?;
                // Work groups take up to three `size_t` coordinates; sub groups one `uint`.
                let coord_ty = if prefix == "sub_group_" {
                    self.m.types.int(32)
                } else {
                    self.size_t()
                };
                let mut args = vec![value];
                let it = self.type_of(st, id)?;
                match self.m.types.get(it).clone() {
                    Type::Vector { len, elem, .. } => {
                        for k in 0..len {
                            let index = self.const_i32(k);
                            let c =
                                self.emit(st, elem, InstKind::ExtractElement { vector: id, index });
                            args.push(self.fit_int(st, c, coord_ty)?);
                        }
                    }
                    _ => args.push(self.fit_int(st, id, coord_ty)?),
                }
                // SPIR-V integers carry no sign: llvm-spirv names the broadcast value
                // unsigned (`_Z20work_group_broadcastjm`), and so do we.
                let signs = vec![Sign::Unsigned; args.len()];
                self.group_call(st, inst, &format!("{prefix}broadcast"), args, &signs)?;
            }
            Op::GroupNonUniformElect => {
                self.non_uniform_scope(st, inst)?;
                self.group_call(st, inst, "sub_group_elect", Vec::new(), &[])?;
            }
            Op::GroupNonUniformAll
            | Op::GroupNonUniformAny
            | Op::GroupNonUniformAllEqual
            | Op::GroupNonUniformBroadcastFirst
            | Op::GroupNonUniformBallot
            | Op::GroupNonUniformInverseBallot
            | Op::GroupNonUniformBallotFindLSB
            | Op::GroupNonUniformBallotFindMSB => {
                self.non_uniform_scope(st, inst)?;
                let name = match op {
                    Op::GroupNonUniformAll => "sub_group_non_uniform_all",
                    Op::GroupNonUniformAny => "sub_group_non_uniform_any",
                    Op::GroupNonUniformAllEqual => "sub_group_non_uniform_all_equal",
                    Op::GroupNonUniformBroadcastFirst => "sub_group_broadcast_first",
                    Op::GroupNonUniformBallot => "sub_group_ballot",
                    Op::GroupNonUniformInverseBallot => "sub_group_inverse_ballot",
                    Op::GroupNonUniformBallotFindLSB => "sub_group_ballot_find_lsb",
                    _ => "sub_group_ballot_find_msb",
                };
                let v = self.op_value(st, inst, 1)?;
                let (v, _) = self.bool_to_int(st, v)?;
                let sign = if matches!(
                    op,
                    Op::GroupNonUniformAll | Op::GroupNonUniformAny | Op::GroupNonUniformAllEqual
                ) {
                    Sign::Signed
                } else {
                    Sign::Unsigned
                };
                self.group_call(st, inst, name, vec![v], &[sign])?;
            }
            Op::GroupNonUniformBroadcast
            | Op::GroupNonUniformBallotBitExtract
            | Op::GroupNonUniformShuffle
            | Op::GroupNonUniformShuffleXor
            | Op::GroupNonUniformShuffleUp
            | Op::GroupNonUniformShuffleDown => {
                self.non_uniform_scope(st, inst)?;
                let name = match op {
                    Op::GroupNonUniformBroadcast => "sub_group_non_uniform_broadcast",
                    Op::GroupNonUniformBallotBitExtract => "sub_group_ballot_bit_extract",
                    Op::GroupNonUniformShuffle => "sub_group_shuffle",
                    Op::GroupNonUniformShuffleXor => "sub_group_shuffle_xor",
                    Op::GroupNonUniformShuffleUp => "sub_group_shuffle_up",
                    _ => "sub_group_shuffle_down",
                };
                let v = self.op_value(st, inst, 1)?;
                let (v, _) = self.bool_to_int(st, v)?;
                let i = self.op_value(st, inst, 2)?;
                let i32t = self.m.types.int(32);
                let i = self.fit_int(st, i, i32t)?;
                let sign = if op == Op::GroupNonUniformBallotBitExtract {
                    Sign::Unsigned
                } else {
                    Sign::Signed
                };
                self.group_call(st, inst, name, vec![v, i], &[sign, Sign::Unsigned])?;
            }
            Op::GroupNonUniformBallotBitCount => {
                self.non_uniform_scope(st, inst)?;
                let name = match self.word_op(inst, 1)? {
                    0 => "sub_group_ballot_bit_count",
                    1 => "sub_group_ballot_inclusive_scan",
                    2 => "sub_group_ballot_exclusive_scan",
                    other => return Err(self.err(format!("group operation {other}"))),
                };
                let v = self.op_value(st, inst, 2)?;
                self.group_call(st, inst, name, vec![v], &[Sign::Unsigned])?;
            }
            Op::SubgroupShuffleINTEL
            | Op::SubgroupShuffleXorINTEL
            | Op::SubgroupShuffleDownINTEL
            | Op::SubgroupShuffleUpINTEL => {
                let (name, values) = match op {
                    Op::SubgroupShuffleINTEL => ("intel_sub_group_shuffle", 1),
                    Op::SubgroupShuffleXorINTEL => ("intel_sub_group_shuffle_xor", 1),
                    Op::SubgroupShuffleDownINTEL => ("intel_sub_group_shuffle_down", 2),
                    _ => ("intel_sub_group_shuffle_up", 2),
                };
                let mut args = Vec::new();
                for i in 0..values {
                    args.push(self.op_value(st, inst, i)?);
                }
                let d = self.op_value(st, inst, values)?;
                let i32t = self.m.types.int(32);
                args.push(self.fit_int(st, d, i32t)?);
                let mut signs = vec![Sign::Signed; values];
                signs.push(Sign::Unsigned);
                self.group_call(st, inst, name, args, &signs)?;
            }
            _ => {
                let Some((what, sign)) = arithmetic(op) else {
                    return Ok(false);
                };
                let prefix = if non_uniform(op) {
                    self.non_uniform_scope(st, inst)?;
                    "sub_group_non_uniform_"
                } else {
                    self.group_prefix(st, inst)?
                };
                let x = self.op_value(st, inst, 2)?;
                let (x, _) = self.bool_to_int(st, x)?;
                let mut args = vec![x];
                let name = match self.word_op(inst, 1)? {
                    0 => format!("{prefix}reduce_{what}"),
                    1 => format!("{prefix}scan_inclusive_{what}"),
                    2 => format!("{prefix}scan_exclusive_{what}"),
                    3 if non_uniform(op) => {
                        let n = self.op_value(st, inst, 3)?;
                        let i32t = self.m.types.int(32);
                        args.push(self.fit_int(st, n, i32t)?);
                        format!("sub_group_clustered_reduce_{what}")
                    }
                    other => {
                        return Err(
                            self.err(format!("group operation {other} has no OpenCL C built-in"))
                        )
                    }
                };
                self.group_call(st, inst, &name, args, &[sign, Sign::Unsigned])?;
            }
        }
        Ok(true)
    }

    /// Non-uniform group instructions exist in OpenCL C for sub groups only.
    fn non_uniform_scope(&mut self, st: &FnState, inst: &Instruction) -> Result<()> {
        match self.group_prefix(st, inst)? {
            "sub_group_" => Ok(()),
            _ => Err(self.err(
                "non-uniform group instructions have OpenCL C built-ins for the Subgroup scope only",
            )),
        }
    }
}
