//! CONSTANTS_BLOCK: every constant of the model (module and function ones alike) at module
//! level, plus the constants the writer adds (shufflevector masks), by absolute value id.

use super::bits::{signed, BitWriter};
use super::Writer;
use crate::error::LlvmError;
use crate::model::*;

/// Sign-extends the low `bits` of `v` (LLVM emits integer constants sign-rotated).
fn sext(v: u64, bits: u32) -> i64 {
    if bits == 0 || bits >= 64 {
        v as i64
    } else {
        let shift = 64 - bits;
        ((v << shift) as i64) >> shift
    }
}

impl Writer<'_> {
    pub(super) fn write_constants(&mut self, w: &mut BitWriter) -> Result<(), LlvmError> {
        let total = self.m.constants.len() + self.extra_constants.len();
        if total == 0 {
            return Ok(());
        }
        w.enter_block(11, 4);
        let mut current_ty = None;
        let mut ops = Vec::new();
        let constants = self.m.constants.iter().chain(self.extra_constants.iter());
        for c in constants {
            let ty = self.type_id(c.ty);
            if current_ty != Some(ty) {
                w.record(1, &[ty]);
                current_ty = Some(ty);
            }
            ops.clear();
            let code = self.constant_record(c, &mut ops)?;
            w.record(code, &ops);
        }
        w.exit_block();
        Ok(())
    }

    fn constant_record(&self, c: &Constant, ops: &mut Vec<u64>) -> Result<u32, LlvmError> {
        let v = |r: &ValueRef| self.module_value_id(*r);
        let ty_of = |r: &ValueRef| self.m.value_type(*r).map(|t| self.type_id(t)).unwrap_or(0);
        Ok(match &c.kind {
            ConstKind::Int(x) => {
                let bits = match self.types.get(self.types.scalar(c.ty)) {
                    Type::Int(b) => *b,
                    _ => 64,
                };
                ops.push(signed(sext(*x, bits)));
                4
            }
            ConstKind::WideInt(words) => {
                ops.extend(words.iter().map(|w| signed(*w as i64)));
                5
            }
            ConstKind::Float(bits) => {
                ops.push(*bits);
                6
            }
            ConstKind::WideFloat(words) => {
                ops.extend(words.iter().copied());
                6
            }
            ConstKind::Null => 2,
            ConstKind::Undef => 3,
            ConstKind::Poison => 26,
            ConstKind::Aggregate(elems) => {
                for e in elems {
                    ops.push(v(e)?);
                }
                7
            }
            ConstKind::String(bytes) => {
                ops.extend(bytes.iter().map(|&b| b as u64));
                8
            }
            ConstKind::Data(elems) => {
                ops.extend(elems.iter().copied());
                22
            }
            ConstKind::BlockAddress { function, block } => {
                let fn_ty = match function {
                    ValueRef::Function(f) => self.m.function(*f).map(|f| f.fn_ty),
                    _ => None,
                };
                ops.push(fn_ty.map(|t| self.type_id(t)).unwrap_or(0));
                ops.push(v(function)?);
                ops.push(*block as u64);
                21
            }
            ConstKind::InlineAsm(asm) => {
                let Some(fn_ty) = asm.function_type else {
                    return Err(self.unsupported("inline asm without a function type"));
                };
                ops.push(self.type_id(fn_ty));
                ops.push(asm.side_effects as u64 | (asm.align_stack as u64) << 1);
                ops.push(asm.asm.len() as u64);
                ops.extend(asm.asm.bytes().map(u64::from));
                ops.push(asm.constraints.len() as u64);
                ops.extend(asm.constraints.bytes().map(u64::from));
                30
            }
            ConstKind::Expr(e) => match e {
                ConstExpr::Binary {
                    op,
                    lhs,
                    rhs,
                    flags,
                } => {
                    ops.extend([binary_code(*op), v(lhs)?, v(rhs)?]);
                    if *flags != 0 {
                        ops.push(*flags as u64);
                    }
                    10
                }
                ConstExpr::Cast { op, value } => {
                    ops.extend([cast_code(*op), ty_of(value), v(value)?]);
                    11
                }
                ConstExpr::Gep {
                    source_ty,
                    inbounds,
                    base,
                    indices,
                } => {
                    ops.push(self.type_id(*source_ty));
                    for op in std::iter::once(base).chain(indices.iter()) {
                        ops.push(ty_of(op));
                        ops.push(v(op)?);
                    }
                    if *inbounds {
                        20
                    } else {
                        12
                    }
                }
                ConstExpr::Select {
                    cond,
                    then_value,
                    else_value,
                } => {
                    ops.extend([v(cond)?, v(then_value)?, v(else_value)?]);
                    13
                }
                ConstExpr::Cmp { pred, lhs, rhs } => {
                    ops.extend([ty_of(lhs), v(lhs)?, v(rhs)?, pred.0 as u64]);
                    17
                }
                ConstExpr::ExtractElement { vector, index } => {
                    ops.extend([ty_of(vector), v(vector)?, ty_of(index), v(index)?]);
                    14
                }
                ConstExpr::InsertElement {
                    vector,
                    element,
                    index,
                } => {
                    ops.extend([v(vector)?, v(element)?, ty_of(index), v(index)?]);
                    15
                }
                ConstExpr::ShuffleVector { v1, v2, mask } => {
                    let same_len = self.m.value_type(*v1) == Some(c.ty);
                    if same_len {
                        ops.extend([v(v1)?, v(v2)?, v(mask)?]);
                        16
                    } else {
                        ops.extend([ty_of(v1), v(v1)?, v(v2)?, v(mask)?]);
                        19
                    }
                }
                ConstExpr::FNeg { value } => {
                    ops.extend([0, v(value)?]);
                    25
                }
            },
        })
    }
}

pub fn binary_code(op: BinaryOp) -> u64 {
    use BinaryOp::*;
    match op {
        Add | FAdd => 0,
        Sub | FSub => 1,
        Mul | FMul => 2,
        UDiv => 3,
        SDiv | FDiv => 4,
        URem => 5,
        SRem | FRem => 6,
        Shl => 7,
        LShr => 8,
        AShr => 9,
        And => 10,
        Or => 11,
        Xor => 12,
    }
}

pub fn cast_code(op: CastOp) -> u64 {
    CastOp::ALL.iter().position(|c| *c == op).unwrap_or(0) as u64
}
