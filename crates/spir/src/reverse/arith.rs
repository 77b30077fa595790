//! Arithmetic, logic, comparisons, select and composites.

use spirvkit_core::grammar::Op;
use spirvkit_core::{Instruction, Operand};
use spirvkit_llvm as llvm;
use spirvkit_llvm::{
    flags, fmf, BinaryOp, CmpPredicate, ConstKind, InstKind, Type, TypeId, ValueRef,
};

use super::function::FnState;
use super::{Ctx, Result};

/// LLVM icmp predicate of an integer comparison opcode.
pub fn int_predicate(op: Op) -> Option<u8> {
    Some(match op {
        Op::IEqual | Op::LogicalEqual => 32,
        Op::INotEqual | Op::LogicalNotEqual => 33,
        Op::UGreaterThan => 34,
        Op::UGreaterThanEqual => 35,
        Op::ULessThan => 36,
        Op::ULessThanEqual => 37,
        Op::SGreaterThan => 38,
        Op::SGreaterThanEqual => 39,
        Op::SLessThan => 40,
        Op::SLessThanEqual => 41,
        _ => return None,
    })
}

fn float_predicate(op: Op) -> Option<u8> {
    Some(match op {
        Op::FOrdEqual => 1,
        Op::FOrdGreaterThan => 2,
        Op::FOrdGreaterThanEqual => 3,
        Op::FOrdLessThan => 4,
        Op::FOrdLessThanEqual => 5,
        Op::FOrdNotEqual | Op::LessOrGreater => 6,
        Op::Ordered => 7,
        Op::Unordered => 8,
        Op::FUnordEqual => 9,
        Op::FUnordGreaterThan => 10,
        Op::FUnordGreaterThanEqual => 11,
        Op::FUnordLessThan => 12,
        Op::FUnordLessThanEqual => 13,
        Op::FUnordNotEqual => 14,
        _ => return None,
    })
}

fn binary_op(op: Op) -> Option<BinaryOp> {
    use BinaryOp as B;
    Some(match op {
        Op::IAdd => B::Add,
        Op::FAdd => B::FAdd,
        Op::ISub => B::Sub,
        Op::FSub => B::FSub,
        Op::IMul => B::Mul,
        Op::FMul => B::FMul,
        Op::UDiv => B::UDiv,
        Op::SDiv => B::SDiv,
        Op::FDiv => B::FDiv,
        Op::UMod => B::URem,
        Op::SRem => B::SRem,
        Op::FRem => B::FRem,
        Op::ShiftLeftLogical => B::Shl,
        Op::ShiftRightLogical => B::LShr,
        Op::ShiftRightArithmetic => B::AShr,
        Op::BitwiseAnd | Op::LogicalAnd => B::And,
        Op::BitwiseOr | Op::LogicalOr => B::Or,
        // OpLogicalNotEqual is a comparison (`icmp ne i1`, as llvm-spirv's transCmpInst reads
        // the logical opcodes through IntBoolOpMap), not a xor.
        Op::BitwiseXor => B::Xor,
        _ => return None,
    })
}

impl Ctx<'_> {
    /// LLVM fast-math flags of the result's FPFastMathMode decoration (40), as llvm-spirv
    /// reads them: NotNaN → nnan, NotInf → ninf, NSZ → nsz, AllowRecip → arcp, Fast → every
    /// flag, AllowContract → contract, AllowReassoc → reassoc, AllowTransform (which implies
    /// both under SPV_KHR_float_controls2) → contract and reassoc.
    pub fn fast_math_of(&self, inst: &Instruction) -> u32 {
        let Some(mode) = inst
            .result_id
            .and_then(|r| self.decoration(r, 40))
            .and_then(|d| d.args.first().copied())
        else {
            return 0;
        };
        if mode & 0x10 != 0 {
            return fmf::NNAN
                | fmf::NINF
                | fmf::NSZ
                | fmf::ARCP
                | fmf::CONTRACT
                | fmf::AFN
                | fmf::REASSOC;
        }
        let mut f = 0;
        for (bit, flag) in [
            (0x1, fmf::NNAN),
            (0x2, fmf::NINF),
            (0x4, fmf::NSZ),
            (0x8, fmf::ARCP),
            (0x10000, fmf::CONTRACT),
            (0x20000, fmf::REASSOC),
            (0x40000, fmf::CONTRACT | fmf::REASSOC),
        ] {
            if mode & bit != 0 {
                f |= flag;
            }
        }
        f
    }

    /// The flags of an FPFastMathMode decoration on a call or select (SPV_KHR_float_controls2
    /// allows it there; llvm-spirv gives `call fast`/`select fast` their flags back), only for
    /// a floating-point result, since LLVM takes fast-math flags on nothing else.
    pub fn fast_math_of_fp_result(&self, inst: &Instruction, ty: llvm::TypeId) -> u32 {
        if self.m.types.is_fp_or_fp_vector(ty) {
            self.fast_math_of(inst)
        } else {
            0
        }
    }

    /// OpIAddCarry / OpISubBorrow / OpUMulExtended / OpSMulExtended, which OpenCL C has no
    /// built-in for: llvm-spirv's `__spirv_<Op>` call (operands mangled as signed), its struct
    /// result returned through an `sret` pointer to an entry-block slot, then loaded.
    fn extended_arithmetic(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let ty = self.result_ty(inst)?;
        let a = self.op_value(st, inst, 0)?;
        let b = self.op_value(st, inst, 1)?;
        let operand_ty = self.type_of(st, a)?;
        let name = format!("__spirv_{}", &super::op_name(inst.opcode)[2..]);
        let mangled = {
            let scalar = self.param(operand_ty, super::builtins::Sign::Signed, false)?;
            crate::mangle::mangle(&name, &[scalar.clone(), scalar])
        };
        let slot = self.entry_alloca(st, ty);
        let void = self.m.types.void();
        let call = self.call_builtin(st, &mangled, void, vec![slot, a, b], false)?;
        let sret = vec![llvm::Attribute::Type("sret".into(), Some(ty))];
        if let ValueRef::Instruction(i) = call {
            if let Some(InstKind::Call { attrs, .. }) =
                st.func.insts.get_mut(i.0 as usize).map(|x| &mut x.kind)
            {
                std::sync::Arc::make_mut(attrs).params = vec![sret.clone()];
            }
        }
        if let Some(f) = self
            .declared
            .get(&mangled)
            .and_then(|f| self.m.functions.get_mut(f.0 as usize))
        {
            std::sync::Arc::make_mut(&mut f.attrs).params = vec![sret];
        }
        let v = self.load_result_slot(st, ty, slot);
        self.define(st, inst, v);
        Ok(())
    }

    pub fn binary(
        &mut self,
        st: &mut FnState,
        ty: TypeId,
        op: BinaryOp,
        lhs: ValueRef,
        rhs: ValueRef,
    ) -> ValueRef {
        self.emit(
            st,
            ty,
            InstKind::Binary {
                op,
                lhs,
                rhs,
                flags: 0,
                fast_math: 0,
            },
        )
    }

    pub fn cmp(
        &mut self,
        st: &mut FnState,
        pred: u8,
        lhs: ValueRef,
        rhs: ValueRef,
    ) -> Result<ValueRef> {
        let t = self.type_of(st, lhs)?;
        let ty = self.m.types.bool_like(t);
        Ok(self.emit(
            st,
            ty,
            InstKind::Cmp {
                pred: CmpPredicate(pred),
                lhs,
                rhs,
                fast_math: 0,
            },
        ))
    }

    /// A constant of `ty` (scalar or vector) with every element `v`.
    pub fn splat_const(&mut self, ty: TypeId, kind: ConstKind) -> ValueRef {
        match self.m.types.get(ty).clone() {
            Type::Vector { len, elem, .. } => {
                let e = self.push_const(elem, kind);
                self.push_const(ty, ConstKind::Aggregate(vec![e; len as usize]))
            }
            _ => self.push_const(ty, kind),
        }
    }

    /// `v` (a scalar) repeated into a vector of `vec_ty`.
    pub fn splat(&mut self, st: &mut FnState, vec_ty: TypeId, v: ValueRef) -> ValueRef {
        let len = match self.m.types.get(vec_ty) {
            Type::Vector { len, .. } => *len,
            _ => return v,
        };
        let undef = self.push_const(vec_ty, ConstKind::Undef);
        let zero = self.const_i32(0);
        let one = self.emit(
            st,
            vec_ty,
            InstKind::InsertElement {
                vector: undef,
                element: v,
                index: zero,
            },
        );
        self.emit(
            st,
            vec_ty,
            InstKind::ShuffleVector {
                v1: one,
                v2: undef,
                mask: vec![Some(0); len as usize],
            },
        )
    }

    /// Makes an integer (vector) value the width of `ty` (shift amounts may differ).
    pub fn fit_int(&mut self, st: &mut FnState, v: ValueRef, ty: TypeId) -> Result<ValueRef> {
        let from = self.type_of(st, v)?;
        if from == ty {
            return Ok(v);
        }
        let (fw, tw) = (self.int_width(from), self.int_width(ty));
        let scalar_to_vector = !matches!(self.m.types.get(from), Type::Vector { .. })
            && matches!(self.m.types.get(ty), Type::Vector { .. });
        let mut v = v;
        if scalar_to_vector {
            let elem = self.m.types.scalar(ty);
            let v2 = self.fit_int(st, v, elem)?;
            return Ok(self.splat(st, ty, v2));
        }
        if fw != tw {
            let op = if fw > tw {
                llvm::CastOp::Trunc
            } else {
                llvm::CastOp::ZExt
            };
            v = self.emit(st, ty, InstKind::Cast { op, value: v });
        }
        Ok(v)
    }

    /// Returns false when `inst` is not of this class.
    pub fn arith(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        let op = inst.opcode;
        if let Some(bop) = binary_op(op) {
            let ty = self.result_ty(inst)?;
            let lhs = self.op_value(st, inst, 0)?;
            let mut rhs = self.op_value(st, inst, 1)?;
            if matches!(
                op,
                Op::ShiftLeftLogical | Op::ShiftRightLogical | Op::ShiftRightArithmetic
            ) {
                rhs = self.fit_int(st, rhs, ty)?;
            }
            let mut fl = 0;
            if let Some(r) = inst.result_id {
                if self.decoration(r, 4469).is_some() {
                    fl |= flags::NSW;
                }
                if self.decoration(r, 4470).is_some() {
                    fl |= flags::NUW;
                }
            }
            if !matches!(
                bop,
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Shl
            ) {
                fl = 0;
            }
            let fast_math = if matches!(
                bop,
                BinaryOp::FAdd | BinaryOp::FSub | BinaryOp::FMul | BinaryOp::FDiv | BinaryOp::FRem
            ) {
                self.fast_math_of(inst)
            } else {
                0
            };
            let v = self.emit(
                st,
                ty,
                InstKind::Binary {
                    op: bop,
                    lhs,
                    rhs,
                    flags: fl,
                    fast_math,
                },
            );
            self.define(st, inst, v);
            return Ok(true);
        }
        if let Some(p) = int_predicate(op).or_else(|| float_predicate(op)) {
            let lhs = self.op_value(st, inst, 0)?;
            let rhs = if matches!(op, Op::Ordered | Op::Unordered | Op::LessOrGreater)
                || inst.operands.len() > 1
            {
                self.op_value(st, inst, 1)?
            } else {
                lhs
            };
            let v = self.cmp(st, p, lhs, rhs)?;
            if float_predicate(op).is_some() {
                let fast_math = self.fast_math_of(inst);
                if let (ValueRef::Instruction(i), true) = (v, fast_math != 0) {
                    if let Some(InstKind::Cmp { fast_math: f, .. }) =
                        st.func.insts.get_mut(i.0 as usize).map(|x| &mut x.kind)
                    {
                        *f = fast_math;
                    }
                }
            }
            self.define(st, inst, v);
            return Ok(true);
        }
        if matches!(
            op,
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended
        ) {
            self.extended_arithmetic(st, inst)?;
            return Ok(true);
        }
        let v = match op {
            Op::SNegate | Op::FNegate => {
                let ty = self.result_ty(inst)?;
                let x = self.op_value(st, inst, 0)?;
                if op == Op::FNegate {
                    let fast_math = self.fast_math_of(inst);
                    self.emit(
                        st,
                        ty,
                        InstKind::FNeg {
                            value: x,
                            fast_math,
                        },
                    )
                } else {
                    let zero = self.splat_const(ty, ConstKind::Null);
                    self.binary(st, ty, BinaryOp::Sub, zero, x)
                }
            }
            Op::Not | Op::LogicalNot => {
                let ty = self.result_ty(inst)?;
                let x = self.op_value(st, inst, 0)?;
                let ones = self.splat_const(ty, ConstKind::Int(u64::MAX));
                let ones = self.mask_ones(ones, ty);
                self.binary(st, ty, BinaryOp::Xor, x, ones)
            }
            Op::SMod | Op::FMod => {
                // Sign of the divisor: r = rem(a, b); r != 0 && sign(r) != sign(b) ? r + b : r.
                let ty = self.result_ty(inst)?;
                let a = self.op_value(st, inst, 0)?;
                let b = self.op_value(st, inst, 1)?;
                let fp = op == Op::FMod;
                let (rem, add, lt, ne) = if fp {
                    (BinaryOp::FRem, BinaryOp::FAdd, 4, 14)
                } else {
                    (BinaryOp::SRem, BinaryOp::Add, 40, 33)
                };
                let r = self.binary(st, ty, rem, a, b);
                let zero = self.splat_const(
                    ty,
                    if fp {
                        ConstKind::Float(0)
                    } else {
                        ConstKind::Null
                    },
                );
                let zero = if fp { self.float_zero(ty) } else { zero };
                let r_nonzero = self.cmp(st, ne, r, zero)?;
                let r_neg = self.cmp(st, lt, r, zero)?;
                let b_neg = self.cmp(st, lt, b, zero)?;
                let bty = self.type_of(st, r_neg)?;
                let differ = self.binary(st, bty, BinaryOp::Xor, r_neg, b_neg);
                let fix = self.binary(st, bty, BinaryOp::And, differ, r_nonzero);
                let sum = self.binary(st, ty, add, r, b);
                self.emit(
                    st,
                    ty,
                    InstKind::Select {
                        cond: fix,
                        then_value: sum,
                        else_value: r,
                        fast_math: 0,
                    },
                )
            }
            Op::Select => {
                let ty = self.result_ty(inst)?;
                let cond = self.op_value(st, inst, 0)?;
                let then_value = self.op_value(st, inst, 1)?;
                let else_value = self.op_value(st, inst, 2)?;
                let fast_math = self.fast_math_of_fp_result(inst, ty);
                self.emit(
                    st,
                    ty,
                    InstKind::Select {
                        cond,
                        then_value,
                        else_value,
                        fast_math,
                    },
                )
            }
            Op::VectorTimesScalar => {
                let ty = self.result_ty(inst)?;
                let v = self.op_value(st, inst, 0)?;
                let s = self.op_value(st, inst, 1)?;
                let sv = self.splat(st, ty, s);
                self.binary(st, ty, BinaryOp::FMul, v, sv)
            }
            Op::IsNan | Op::IsInf | Op::IsFinite | Op::IsNormal | Op::SignBitSet => {
                // llvm-spirv calls the OpenCL C built-in (an `int` per lane) for each of
                // them, isnan too, and compares the result with 0; SPV-IR names the opcode
                // (`__spirv_IsNan`) with the same `int` result.
                let x = self.op_value(st, inst, 0)?;
                let spirv_name;
                let name = if self.spv_ir() {
                    spirv_name = format!("__spirv_{}", &super::op_name(op)[2..]);
                    spirv_name.as_str()
                } else {
                    match op {
                        Op::IsNan => "isnan",
                        Op::IsInf => "isinf",
                        Op::IsFinite => "isfinite",
                        Op::IsNormal => "isnormal",
                        _ => "signbit",
                    }
                };
                let xt = self.type_of(st, x)?;
                let int_ty = self.int_like(xt, 32);
                let mangled =
                    self.mangle_call(name, &[(xt, super::builtins::Sign::Signed)], false)?;
                let r = self.call_builtin(st, &mangled, int_ty, vec![x], false)?;
                let zero = self.splat_const(int_ty, ConstKind::Null);
                self.cmp(st, 33, r, zero)?
            }
            Op::Any | Op::All => {
                // OpenCL C targets: llvm-spirv's `any` / `all` on the condition sign-extended
                // to `int` lanes (true lanes have their top bit set), the `int` result compared
                // with 0. SPV-IR: LLVM's reductions of the bool vector, what clang and the
                // optimizer write (a bitcast of `<N x i1>` to `iN` would not translate
                // forward again).
                let x = self.op_value(st, inst, 0)?;
                let xt = self.type_of(st, x)?;
                match self.m.types.get(xt).clone() {
                    Type::Vector { len, scalable, .. } if !self.spv_ir() => {
                        let i32t = self.m.types.int(32);
                        let lanes = self.m.types.intern(Type::Vector {
                            len,
                            elem: i32t,
                            scalable,
                        });
                        let wide = self.cast(st, llvm::CastOp::SExt, x, lanes)?;
                        let name = if op == Op::Any { "any" } else { "all" };
                        let mangled = self.mangle_call(
                            name,
                            &[(lanes, super::builtins::Sign::Signed)],
                            false,
                        )?;
                        let r = self.call_builtin(st, &mangled, i32t, vec![wide], false)?;
                        let zero = self.const_i32(0);
                        self.cmp(st, 33, r, zero)?
                    }
                    Type::Vector { len, .. } => {
                        let reduction = if op == Op::Any { "or" } else { "and" };
                        let name = format!("llvm.vector.reduce.{reduction}.v{len}i1");
                        let i1 = self.m.types.int(1);
                        self.call_builtin(st, &name, i1, vec![x], false)?
                    }
                    // A scalar condition (only vectors are valid SPIR-V) is its own answer.
                    _ => x,
                }
            }
            Op::Dot => {
                let ty = self.result_ty(inst)?;
                let a = self.op_value(st, inst, 0)?;
                let b = self.op_value(st, inst, 1)?;
                let at = self.type_of(st, a)?;
                let s = super::builtins::Sign::Signed;
                let name = self.mangle_call("dot", &[(at, s), (at, s)], false)?;
                self.call_builtin(st, &name, ty, vec![a, b], false)?
            }
            Op::CompositeExtract => {
                let ty = self.result_ty(inst)?;
                let c = self.op_value(st, inst, 0)?;
                let ct = self.type_of(st, c)?;
                let indices: Vec<u32> = inst
                    .operands
                    .iter()
                    .skip(1)
                    .filter_map(Operand::word)
                    .collect();
                if let (Type::Vector { .. }, [i]) = (self.m.types.get(ct), indices.as_slice()) {
                    let index = self.const_i32(*i);
                    self.emit(st, ty, InstKind::ExtractElement { vector: c, index })
                } else {
                    self.emit(
                        st,
                        ty,
                        InstKind::ExtractValue {
                            aggregate: c,
                            indices,
                        },
                    )
                }
            }
            Op::CompositeInsert => {
                let ty = self.result_ty(inst)?;
                let value = self.op_value(st, inst, 0)?;
                let c = self.op_value(st, inst, 1)?;
                let indices: Vec<u32> = inst
                    .operands
                    .iter()
                    .skip(2)
                    .filter_map(Operand::word)
                    .collect();
                if let (Type::Vector { .. }, [i]) = (self.m.types.get(ty), indices.as_slice()) {
                    let index = self.const_i32(*i);
                    self.emit(
                        st,
                        ty,
                        InstKind::InsertElement {
                            vector: c,
                            element: value,
                            index,
                        },
                    )
                } else {
                    self.emit(
                        st,
                        ty,
                        InstKind::InsertValue {
                            aggregate: c,
                            value,
                            indices,
                        },
                    )
                }
            }
            Op::CompositeConstruct => {
                let ty = self.result_ty(inst)?;
                let mut acc = self.push_const(ty, ConstKind::Undef);
                let is_vector = matches!(self.m.types.get(ty), Type::Vector { .. });
                let mut slot = 0u32;
                for i in 0..inst.operands.len() {
                    let part = self.op_value(st, inst, i)?;
                    let pt = self.type_of(st, part)?;
                    match (is_vector, self.m.types.get(pt).clone()) {
                        (true, Type::Vector { len, .. }) => {
                            for k in 0..len {
                                let ek = self.const_i32(k);
                                let et = self.m.types.scalar(pt);
                                let e = self.emit(
                                    st,
                                    et,
                                    InstKind::ExtractElement {
                                        vector: part,
                                        index: ek,
                                    },
                                );
                                let idx = self.const_i32(slot);
                                acc = self.emit(
                                    st,
                                    ty,
                                    InstKind::InsertElement {
                                        vector: acc,
                                        element: e,
                                        index: idx,
                                    },
                                );
                                slot += 1;
                            }
                        }
                        (true, _) => {
                            let idx = self.const_i32(slot);
                            acc = self.emit(
                                st,
                                ty,
                                InstKind::InsertElement {
                                    vector: acc,
                                    element: part,
                                    index: idx,
                                },
                            );
                            slot += 1;
                        }
                        (false, _) => {
                            acc = self.emit(
                                st,
                                ty,
                                InstKind::InsertValue {
                                    aggregate: acc,
                                    value: part,
                                    indices: vec![slot],
                                },
                            );
                            slot += 1;
                        }
                    }
                }
                acc
            }
            Op::VectorExtractDynamic => {
                let ty = self.result_ty(inst)?;
                let vector = self.op_value(st, inst, 0)?;
                let index = self.op_value(st, inst, 1)?;
                self.emit(st, ty, InstKind::ExtractElement { vector, index })
            }
            Op::VectorInsertDynamic => {
                let ty = self.result_ty(inst)?;
                let vector = self.op_value(st, inst, 0)?;
                let element = self.op_value(st, inst, 1)?;
                let index = self.op_value(st, inst, 2)?;
                self.emit(
                    st,
                    ty,
                    InstKind::InsertElement {
                        vector,
                        element,
                        index,
                    },
                )
            }
            Op::VectorShuffle => {
                let ty = self.result_ty(inst)?;
                let mut v1 = self.op_value(st, inst, 0)?;
                let mut v2 = self.op_value(st, inst, 1)?;
                let (l1, l2) = (self.vector_len(st, v1)?, self.vector_len(st, v2)?);
                // LLVM shuffles two vectors of one type: widen the shorter operand.
                let n = l1.max(l2);
                if l1 != l2 {
                    v1 = self.widen(st, v1, l1, n)?;
                    v2 = self.widen(st, v2, l2, n)?;
                }
                let mask = inst
                    .operands
                    .iter()
                    .skip(2)
                    .filter_map(Operand::word)
                    .map(|w| (w != u32::MAX).then_some(if w < l1 { w } else { w - l1 + n }))
                    .collect();
                self.emit(st, ty, InstKind::ShuffleVector { v1, v2, mask })
            }
            _ => return Ok(false),
        };
        self.define(st, inst, v);
        Ok(true)
    }

    fn vector_len(&self, st: &FnState, v: ValueRef) -> Result<u32> {
        let t = self.type_of(st, v)?;
        match self.m.types.get(t) {
            Type::Vector { len, .. } => Ok(*len),
            _ => Err(self.err("shuffle operand is not a vector")),
        }
    }

    /// `v` (`len` elements) as `n` elements, the new ones undefined.
    fn widen(&mut self, st: &mut FnState, v: ValueRef, len: u32, n: u32) -> Result<ValueRef> {
        if len == n {
            return Ok(v);
        }
        let t = self.type_of(st, v)?;
        let elem = self.m.types.scalar(t);
        let wide = self.m.types.intern(Type::Vector {
            len: n,
            elem,
            scalable: false,
        });
        let undef = self.push_const(t, ConstKind::Undef);
        let mask = (0..n).map(|i| (i < len).then_some(i)).collect();
        Ok(self.emit(
            st,
            wide,
            InstKind::ShuffleVector {
                v1: v,
                v2: undef,
                mask,
            },
        ))
    }

    /// An all-ones constant masked to the element width (i1 true is 1).
    fn mask_ones(&mut self, c: ValueRef, ty: TypeId) -> ValueRef {
        let w = self.int_width(ty);
        let elem = self.m.types.scalar(ty);
        let one = super::values::mask(u64::MAX, w);
        match self.m.types.get(ty).clone() {
            Type::Vector { len, .. } => {
                let e = self.push_const(elem, ConstKind::Int(one));
                self.push_const(ty, ConstKind::Aggregate(vec![e; len as usize]))
            }
            _ => {
                let _ = c;
                self.push_const(ty, ConstKind::Int(one))
            }
        }
    }

    fn float_zero(&mut self, ty: TypeId) -> ValueRef {
        self.splat_const(ty, ConstKind::Float(0))
    }

    /// `iN` or `<n x iN>` shaped like `ty`.
    pub fn int_like(&mut self, ty: TypeId, bits: u32) -> TypeId {
        let i = self.m.types.int(bits);
        match self.m.types.get(ty).clone() {
            Type::Vector { len, scalable, .. } => self.m.types.intern(Type::Vector {
                len,
                elem: i,
                scalable,
            }),
            _ => i,
        }
    }
}
