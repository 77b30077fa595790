//! CONSTANTS_BLOCK: module-level and function-level constants.

use super::bitstream::{Block, Entry};
use super::{chars, Reader};
use crate::error::LlvmError;
use crate::model::*;

pub(crate) fn decode_signed(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        -((v >> 1) as i64)
    } else {
        i64::MIN
    }
}

impl<'a> Reader<'a> {
    /// A constant operand by absolute value number; numbers past the end are
    /// forward references into the block being read.
    fn const_ref(
        &self,
        number: u64,
        value_base: usize,
        const_base: usize,
    ) -> Result<ValueRef, LlvmError> {
        let n = number as usize;
        if let Some((v, _)) = self.values.get(n) {
            return Ok(*v);
        }
        if n >= value_base && n - value_base < (1 << 28) {
            return Ok(ValueRef::Constant(ConstId(
                (const_base + (n - value_base)) as u32,
            )));
        }
        Err(self.error(format!("constant operand #{number} out of range")))
    }

    pub fn read_constants(&mut self, mut block: Block<'a>) -> Result<(), LlvmError> {
        let mut ops = Vec::new();
        let value_base = self.values.len();
        let const_base = self.m.constants.len();
        let mut cur_ty: Option<TypeId> = None;
        let mut max_forward = 0usize;
        let mut addrspace_bitcasts = Vec::new();
        loop {
            let entry = self.next_entry(&mut block, &mut ops)?;
            let (code, _blob) = match entry {
                Entry::End => break,
                Entry::SubBlock(_) => continue,
                Entry::Record { code, blob } => (code, blob),
            };
            if code == 1 {
                cur_ty = Some(self.ty(self.op(&ops, 0)?)?);
                continue;
            }
            let ty = match cur_ty {
                Some(t) => t,
                None => self.m.types.int(32),
            };
            let cref =
                |this: &Self, n: u64, max_forward: &mut usize| -> Result<ValueRef, LlvmError> {
                    *max_forward = (*max_forward).max(n as usize + 1);
                    this.const_ref(n, value_base, const_base)
                };
            let kind = match code {
                2 => ConstKind::Null,
                3 => ConstKind::Undef,
                26 => ConstKind::Poison,
                4 => {
                    let v = decode_signed(self.op(&ops, 0)?) as u64;
                    ConstKind::Int(v)
                }
                5 => {
                    if ops.is_empty() {
                        return Err(self.error("empty wide integer"));
                    }
                    ConstKind::WideInt(ops.iter().map(|&w| decode_signed(w) as u64).collect())
                }
                6 => match self.m.types.get(ty) {
                    Type::X86Fp80 | Type::Fp128 | Type::PpcFp128 => {
                        ConstKind::WideFloat(ops.clone())
                    }
                    _ => ConstKind::Float(self.op(&ops, 0)?),
                },
                7 => {
                    let mut elems = Vec::with_capacity(ops.len());
                    for &n in &ops {
                        elems.push(cref(self, n, &mut max_forward)?);
                    }
                    ConstKind::Aggregate(elems)
                }
                8 | 9 => {
                    let mut bytes: Vec<u8> = ops.iter().map(|&c| c as u8).collect();
                    if code == 9 {
                        bytes.push(0);
                    }
                    ConstKind::String(bytes)
                }
                22 => {
                    let elem = self.m.types.element(ty, 0);
                    if elem.map(|e| matches!(self.m.types.get(e), Type::Int(8))) == Some(true)
                        && matches!(self.m.types.get(ty), Type::Array { .. })
                    {
                        ConstKind::String(ops.iter().map(|&c| c as u8).collect())
                    } else {
                        ConstKind::Data(ops.clone())
                    }
                }
                10 => {
                    let opcode = self.op(&ops, 0)?;
                    let lhs = cref(self, self.op(&ops, 1)?, &mut max_forward)?;
                    let rhs = cref(self, self.op(&ops, 2)?, &mut max_forward)?;
                    let fp = self.m.types.is_fp_or_fp_vector(ty);
                    let op = BinaryOp::from_code(opcode, fp)
                        .ok_or_else(|| self.error(format!("unknown binary opcode {opcode}")))?;
                    let flags = ops.get(3).copied().unwrap_or(0) as u8;
                    ConstKind::Expr(ConstExpr::Binary {
                        op,
                        lhs,
                        rhs,
                        flags,
                    })
                }
                11 => {
                    let opcode = self.op(&ops, 0)?;
                    let op = CastOp::from_code(opcode)
                        .ok_or_else(|| self.error(format!("unknown cast opcode {opcode}")))?;
                    let src = self.ty(self.op(&ops, 1)?)?;
                    let value = cref(self, self.op(&ops, 2)?, &mut max_forward)?;
                    if op == CastOp::BitCast && self.crosses_addrspace(src, ty) {
                        // Upgraded after the block (see below), as LLVM does.
                        addrspace_bitcasts.push(ConstId(self.m.constants.len() as u32));
                    }
                    ConstKind::Expr(ConstExpr::Cast { op, value })
                }
                12 | 20 | 24 | 31 | 32 => {
                    let mut i = 0;
                    let mut source_ty = None;
                    if matches!(code, 24 | 31 | 32) || ops.len() % 2 == 1 {
                        source_ty = Some(self.ty(self.op(&ops, 0)?)?);
                        i = 1;
                    }
                    let mut inbounds = code == 20;
                    if matches!(code, 24 | 31 | 32) {
                        // Bit 0 is inbounds in both the old inrange-index flags and the
                        // GEPNoWrapFlags of LLVM ≥ 19 (nusw, nuw: bits 1, 2).
                        inbounds = self.op(&ops, 1)? & 1 != 0;
                        i = 2;
                    }
                    if code == 31 {
                        // CE_GEP_WITH_INRANGE: [opty, flags, bitwidth, range, operands...];
                        // the range only bounds the access, it does not change the address.
                        i += self.constant_range_len(&ops, 2)?;
                    }
                    let mut operands = Vec::new();
                    let mut base_ty = None;
                    while i + 1 < ops.len() + 1 && i < ops.len() {
                        let t = self.ty(self.op(&ops, i)?)?;
                        let v = cref(self, self.op(&ops, i + 1)?, &mut max_forward)?;
                        if base_ty.is_none() {
                            base_ty = Some(t);
                        }
                        operands.push(v);
                        i += 2;
                    }
                    let Some((&base, indices)) = operands.split_first() else {
                        return Err(self.error("getelementptr without operands"));
                    };
                    let source_ty = match source_ty {
                        Some(t) => t,
                        None => base_ty
                            .map(|bt| self.m.types.scalar(bt))
                            .and_then(|bt| self.m.types.pointee(bt))
                            .ok_or_else(|| {
                                self.error("getelementptr base is not a typed pointer")
                            })?,
                    };
                    ConstKind::Expr(ConstExpr::Gep {
                        source_ty,
                        inbounds,
                        base,
                        indices: indices.to_vec(),
                    })
                }
                13 => ConstKind::Expr(ConstExpr::Select {
                    cond: cref(self, self.op(&ops, 0)?, &mut max_forward)?,
                    then_value: cref(self, self.op(&ops, 1)?, &mut max_forward)?,
                    else_value: cref(self, self.op(&ops, 2)?, &mut max_forward)?,
                }),
                14 => {
                    let vector = cref(self, self.op(&ops, 1)?, &mut max_forward)?;
                    let idx = if ops.len() >= 4 { 3 } else { 2 };
                    let index = cref(self, self.op(&ops, idx)?, &mut max_forward)?;
                    ConstKind::Expr(ConstExpr::ExtractElement { vector, index })
                }
                15 => {
                    let vector = cref(self, self.op(&ops, 0)?, &mut max_forward)?;
                    let element = cref(self, self.op(&ops, 1)?, &mut max_forward)?;
                    let idx = if ops.len() >= 4 { 3 } else { 2 };
                    let index = cref(self, self.op(&ops, idx)?, &mut max_forward)?;
                    ConstKind::Expr(ConstExpr::InsertElement {
                        vector,
                        element,
                        index,
                    })
                }
                16 | 19 => {
                    let s = if code == 19 { 1 } else { 0 };
                    ConstKind::Expr(ConstExpr::ShuffleVector {
                        v1: cref(self, self.op(&ops, s)?, &mut max_forward)?,
                        v2: cref(self, self.op(&ops, s + 1)?, &mut max_forward)?,
                        mask: cref(self, self.op(&ops, s + 2)?, &mut max_forward)?,
                    })
                }
                17 => {
                    let pred = self.op(&ops, 3)?;
                    let pred = CmpPredicate(u8::try_from(pred).unwrap_or(255));
                    if !pred.is_valid() {
                        return Err(self.error("invalid comparison predicate"));
                    }
                    ConstKind::Expr(ConstExpr::Cmp {
                        pred,
                        lhs: cref(self, self.op(&ops, 1)?, &mut max_forward)?,
                        rhs: cref(self, self.op(&ops, 2)?, &mut max_forward)?,
                    })
                }
                25 => ConstKind::Expr(ConstExpr::FNeg {
                    value: cref(self, self.op(&ops, 1)?, &mut max_forward)?,
                }),
                21 => {
                    let function = cref(self, self.op(&ops, 1)?, &mut max_forward)?;
                    let block =
                        u32::try_from(self.op(&ops, 2)?).map_err(|_| self.error("bad block"))?;
                    ConstKind::BlockAddress { function, block }
                }
                18 | 23 | 28 | 30 => self.inline_asm(code, &ops, ty)?,
                other => {
                    return Err(self.error(format!("unsupported constant record code {other}")));
                }
            };
            let id = ConstId(self.m.constants.len() as u32);
            self.m.constants.push(Constant { ty, kind });
            self.values.push((ValueRef::Constant(id), ty));
        }
        // Bitcasts across address spaces become inttoptr(ptrtoint(x to i64)).
        // The extra constants go after the block so value numbering is intact.
        let i64_ty = self.m.types.int(64);
        for id in addrspace_bitcasts {
            let value = match self.m.constants.get(id.0 as usize).map(|c| &c.kind) {
                Some(ConstKind::Expr(ConstExpr::Cast { value, .. })) => *value,
                _ => continue,
            };
            let mid = ConstId(self.m.constants.len() as u32);
            self.m.constants.push(Constant {
                ty: i64_ty,
                kind: ConstKind::Expr(ConstExpr::Cast {
                    op: CastOp::PtrToInt,
                    value,
                }),
            });
            if let Some(c) = self.m.constants.get_mut(id.0 as usize) {
                c.kind = ConstKind::Expr(ConstExpr::Cast {
                    op: CastOp::IntToPtr,
                    value: ValueRef::Constant(mid),
                });
            }
        }
        self.check_constant_cycles(const_base)?;
        if max_forward > self.values.len() {
            return Err(self.error(format!(
                "constant refers to undefined value #{}",
                max_forward - 1
            )));
        }
        Ok(())
    }

    /// Forward references may not form a cycle (a constant containing itself):
    /// iterative depth-first search over the constants of this block.
    fn check_constant_cycles(&self, first: usize) -> Result<(), LlvmError> {
        let count = self.m.constants.len().saturating_sub(first);
        let mut state = vec![0u8; count];
        for start in 0..count {
            if state[start] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, Vec<usize>)> =
                vec![(start, self.constant_children(first, start))];
            state[start] = 1;
            while let Some((node, children)) = stack.last_mut() {
                match children.pop() {
                    Some(child) => match state.get(child).copied() {
                        Some(0) => {
                            state[child] = 1;
                            let grand = self.constant_children(first, child);
                            stack.push((child, grand));
                        }
                        Some(1) => return Err(self.error("constant refers to itself")),
                        _ => {}
                    },
                    None => {
                        let done = *node;
                        state[done] = 2;
                        stack.pop();
                    }
                }
            }
        }
        Ok(())
    }

    fn constant_children(&self, first: usize, index: usize) -> Vec<usize> {
        let Some(c) = self.m.constants.get(first + index) else {
            return Vec::new();
        };
        let mut refs = Vec::new();
        let mut push = |v: &ValueRef| {
            if let ValueRef::Constant(id) = v {
                if let Some(i) = (id.0 as usize).checked_sub(first) {
                    refs.push(i);
                }
            }
        };
        match &c.kind {
            ConstKind::Aggregate(elems) => elems.iter().for_each(&mut push),
            ConstKind::Expr(e) => match e {
                ConstExpr::Binary { lhs, rhs, .. } | ConstExpr::Cmp { lhs, rhs, .. } => {
                    push(lhs);
                    push(rhs);
                }
                ConstExpr::Cast { value, .. } | ConstExpr::FNeg { value } => push(value),
                ConstExpr::Gep { base, indices, .. } => {
                    push(base);
                    indices.iter().for_each(&mut push);
                }
                ConstExpr::Select {
                    cond,
                    then_value,
                    else_value,
                } => {
                    push(cond);
                    push(then_value);
                    push(else_value);
                }
                ConstExpr::ExtractElement { vector, index } => {
                    push(vector);
                    push(index);
                }
                ConstExpr::InsertElement {
                    vector,
                    element,
                    index,
                } => {
                    push(vector);
                    push(element);
                    push(index);
                }
                ConstExpr::ShuffleVector { v1, v2, mask } => {
                    push(v1);
                    push(v2);
                    push(mask);
                }
            },
            ConstKind::BlockAddress { function, .. } => push(function),
            _ => {}
        }
        refs
    }

    /// Operands taken by a constant range written with its bit width at `ops[at]` (LLVM's
    /// `emitConstantRange`): width, then two signed VBRs, or for widths over 64 a word-count
    /// pair and the two wide values.
    fn constant_range_len(&self, ops: &[u64], at: usize) -> Result<usize, LlvmError> {
        let width = self.op(ops, at)?;
        if width <= 64 {
            return Ok(3);
        }
        let words = self.op(ops, at + 1)?;
        let (lower, upper) = ((words & 0xffff_ffff) as usize, (words >> 32) as usize);
        let len = 2usize
            .checked_add(lower)
            .and_then(|n| n.checked_add(upper))
            .filter(|&n| at + n <= ops.len())
            .ok_or_else(|| self.error("constant range longer than its record"))?;
        Ok(len)
    }

    fn inline_asm(&self, code: u32, ops: &[u64], ty: TypeId) -> Result<ConstKind, LlvmError> {
        // [flags, (fnty for code 30), asmlen, asm..., constlen, constraints...]
        let mut i = 0;
        let flags = self.op(ops, i)?;
        i += 1;
        let function_type = if code == 30 {
            i += 1;
            Some(self.ty(self.op(ops, 0)?)?)
        } else {
            let _ = ty;
            None
        };
        let flags = if code == 30 { self.op(ops, 1)? } else { flags };
        let asm_len = self.op(ops, i)? as usize;
        i += 1;
        let asm = chars(
            ops.get(i..i.saturating_add(asm_len))
                .ok_or_else(|| self.error("inline asm too short"))?,
        );
        i += asm_len;
        let c_len = self.op(ops, i)? as usize;
        i += 1;
        let constraints = chars(
            ops.get(i..i.saturating_add(c_len))
                .ok_or_else(|| self.error("inline asm too short"))?,
        );
        Ok(ConstKind::InlineAsm(InlineAsm {
            asm,
            constraints,
            side_effects: flags & 1 != 0,
            align_stack: flags & 2 != 0,
            function_type,
        }))
    }
}
