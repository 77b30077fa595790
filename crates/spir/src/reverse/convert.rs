//! Conversions: LLVM casts, or the `convert_<type>[_sat][_rte]` built-ins when the SPIR-V
//! carries SaturatedConversion or FPRoundingMode (or is a saturating opcode).

use spirvkit_core::grammar::Op;
use spirvkit_core::Instruction;
use spirvkit_llvm::{CastOp, InstKind, Type, TypeId, ValueRef};

use super::builtins::Sign;
use super::function::FnState;
use super::{Ctx, Result};

impl Ctx<'_> {
    pub fn cast(
        &mut self,
        st: &mut FnState,
        op: CastOp,
        value: ValueRef,
        ty: TypeId,
    ) -> Result<ValueRef> {
        if self.type_of(st, value)? == ty {
            return Ok(value);
        }
        Ok(self.emit(st, ty, InstKind::Cast { op, value }))
    }

    pub fn convert(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        let op = inst.opcode;
        // (source sign, destination sign) for the built-in form.
        let signs = match op {
            Op::ConvertFToU => (Sign::Signed, Sign::Unsigned),
            Op::ConvertFToS => (Sign::Signed, Sign::Signed),
            Op::ConvertSToF => (Sign::Signed, Sign::Signed),
            Op::ConvertUToF => (Sign::Unsigned, Sign::Signed),
            Op::UConvert => (Sign::Unsigned, Sign::Unsigned),
            Op::SConvert => (Sign::Signed, Sign::Signed),
            Op::FConvert => (Sign::Signed, Sign::Signed),
            Op::SatConvertSToU => (Sign::Signed, Sign::Unsigned),
            Op::SatConvertUToS => (Sign::Unsigned, Sign::Signed),
            Op::GenericCastToPtrExplicit if self.cl20() => {
                return self.generic_cast_explicit(st, inst).map(|_| true)
            }
            Op::Bitcast
            | Op::ConvertPtrToU
            | Op::ConvertUToPtr
            | Op::PtrCastToGeneric
            | Op::GenericCastToPtr
            | Op::GenericCastToPtrExplicit
            | Op::CrossWorkgroupCastToPtrINTEL
            | Op::PtrCastToCrossWorkgroupINTEL => return self.pointer_cast(st, inst).map(|_| true),
            _ => return Ok(false),
        };
        let ty = self.result_ty(inst)?;
        let x = self.op_value(st, inst, 0)?;
        let xt = self.type_of(st, x)?;
        let r = inst.result_id;
        let sat = matches!(op, Op::SatConvertSToU | Op::SatConvertUToS)
            || r.is_some_and(|r| self.decoration(r, 28).is_some());
        let rounding = r
            .and_then(|r| self.decoration(r, 39))
            .and_then(|d| d.args.first().copied());
        // Rounding only matters where the conversion can be inexact with a float involved.
        let rounding = rounding.filter(|_| op != Op::UConvert && op != Op::SConvert);
        if sat || rounding.is_some() {
            // half → integer: widening the half to float is exact and the integer result
            // depends only on the value, so the float overload computes the same (and exists
            // in libraries without cl_khr_fp16, which have no `convert_*(half)` at all).
            // SPV-IR keeps the SPIR-V operand, as llvm-spirv does (`..._Rchar_satDh`).
            let (x, xt) = if self.float_bits(xt) == 16 && self.float_bits(ty) == 0 && !self.spv_ir()
            {
                let f = self.m.types.intern(Type::Float);
                let wide = match self.m.types.get(xt).clone() {
                    Type::Vector { len, scalable, .. } => self.m.types.intern(Type::Vector {
                        len,
                        elem: f,
                        scalable,
                    }),
                    _ => f,
                };
                (self.cast(st, CastOp::FpExt, x, wide)?, wide)
            } else {
                (x, xt)
            };
            let dst = self.type_name(ty, signs.1)?;
            let mut name = if self.spv_ir() {
                format!("__spirv_{}_R{dst}", &super::op_name(op)[2..])
            } else {
                format!("convert_{dst}")
            };
            if sat {
                name.push_str("_sat");
            }
            if let Some(rm) = rounding {
                name.push_str(match rm {
                    0 => "_rte",
                    1 => "_rtz",
                    2 => "_rtp",
                    _ => "_rtn",
                });
            }
            let mangled = self.mangle_call(&name, &[(xt, signs.0)], false)?;
            let v = self.call_builtin(st, &mangled, ty, vec![x], false)?;
            self.define(st, inst, v);
            return Ok(true);
        }
        let (fw, tw) = (self.int_width(xt), self.int_width(ty));
        let cast = match op {
            Op::ConvertFToU => CastOp::FpToUi,
            Op::ConvertFToS => CastOp::FpToSi,
            Op::ConvertSToF => CastOp::SiToFp,
            Op::ConvertUToF => CastOp::UiToFp,
            Op::UConvert | Op::SConvert if fw > tw => CastOp::Trunc,
            Op::UConvert => CastOp::ZExt,
            Op::SConvert => CastOp::SExt,
            _ => {
                if self.float_bits(xt) > self.float_bits(ty) {
                    CastOp::FpTrunc
                } else {
                    CastOp::FpExt
                }
            }
        };
        if let Some(v) = self.vector_cast_builtin(st, cast, x, xt, ty)? {
            self.define(st, inst, v);
            return Ok(true);
        }
        let v = self.cast(st, cast, x, ty)?;
        self.define(st, inst, v);
        Ok(true)
    }

    /// A vector conversion in OpenCL C form: llvm-spirv's SPIRVToOCL lowers every vector
    /// cast but those on booleans to `convert_<dst>N` (unsigned result only from fptoui; the
    /// source's sign from the cast: zext and uitofp read it unsigned). Scalars and SPV-IR keep
    /// the LLVM cast.
    fn vector_cast_builtin(
        &mut self,
        st: &mut FnState,
        cast: CastOp,
        x: ValueRef,
        xt: TypeId,
        ty: TypeId,
    ) -> Result<Option<ValueRef>> {
        let is_vector = matches!(self.m.types.get(ty), Type::Vector { .. });
        let boolean = |t: TypeId| self.m.types.get(self.m.types.scalar(t)) == &Type::Int(1);
        if self.spv_ir() || !is_vector || boolean(xt) || boolean(ty) || xt == ty {
            return Ok(None);
        }
        let src_sign = match cast {
            CastOp::ZExt | CastOp::UiToFp => Sign::Unsigned,
            _ => Sign::Signed,
        };
        let dst_sign = match cast {
            CastOp::FpToUi => Sign::Unsigned,
            _ => Sign::Signed,
        };
        let name = format!("convert_{}", self.type_name(ty, dst_sign)?);
        let mangled = self.mangle_call(&name, &[(xt, src_sign)], false)?;
        self.call_builtin(st, &mangled, ty, vec![x], false)
            .map(Some)
    }

    pub fn float_bits(&self, ty: TypeId) -> u32 {
        match self.m.types.get(self.m.types.scalar(ty)) {
            Type::Half | Type::BFloat => 16,
            Type::Float => 32,
            Type::Double => 64,
            _ => 0,
        }
    }

    fn pointer_cast(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let ty = self.result_ty(inst)?;
        let x = self.op_value(st, inst, 0)?;
        let xt = self.type_of(st, x)?;
        let from_ptr = self.m.types.is_pointer(self.m.types.scalar(xt));
        let to_ptr = self.m.types.is_pointer(self.m.types.scalar(ty));
        let space = |c: &Self, t: TypeId| match c.m.types.get(c.m.types.scalar(t)) {
            Type::Pointer { addrspace, .. } => *addrspace,
            _ => 0,
        };
        let v = match (from_ptr, to_ptr) {
            (true, true) => {
                let (fa, ta) = (space(self, xt), space(self, ty));
                if fa != ta {
                    // Change the space keeping the pointee, then the pointee.
                    let pointee = self.m.types.pointee(xt);
                    let mid = self.m.types.pointer_to(pointee, ta);
                    let v = self.cast(st, CastOp::AddrSpaceCast, x, mid)?;
                    self.cast(st, CastOp::BitCast, v, ty)?
                } else {
                    self.cast(st, CastOp::BitCast, x, ty)?
                }
            }
            (true, false) => self.cast(st, CastOp::PtrToInt, x, ty)?,
            (false, true) => self.cast(st, CastOp::IntToPtr, x, ty)?,
            (false, false) => self.cast(st, CastOp::BitCast, x, ty)?,
        };
        self.define(st, inst, v);
        Ok(())
    }
}
