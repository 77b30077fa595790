//! SPV_EXT_float8's 8-bit floats, as llvm-spirv's reader writes them: `OpTypeFloat 8` (E4M3 or
//! E5M2 encoding) is its `i8` carrier, OpBitcast to or from the carrier is the value itself,
//! and an OpFConvert with an 8-bit float on either side is the `__builtin_spirv_Convert<From>
//! To<To>EXT` built-in (`_sat` when SaturatedToLargestFloat8NormalConversionEXT decorates it),
//! the names the forward direction reads (`forward/builtins/narrow_conversions.rs`).

use spirvkit_core::grammar::Op;
use spirvkit_core::{Id, Instruction};

use super::builtins::Sign;
use super::function::FnState;
use super::{Ctx, Result};

/// SPV_EXT_float8's FP encodings.
const FLOAT8_E4M3: u32 = 4214;
const FLOAT8_E5M2: u32 = 4215;
/// SaturatedToLargestFloat8NormalConversionEXT.
const SATURATED_TO_FLOAT8: u32 = 4216;

impl Ctx<'_> {
    /// The built-in's name for the (component) float type `t` of a conversion (a scalar, or the
    /// component of a vector or cooperative matrix): `E4M3`, `E5M2`,
    /// `FP16`, `BF16`, `FP32`; `None` for anything else.
    fn float_format(&self, t: Id) -> Option<&'static str> {
        let def = self.def(t)?;
        let def = match def.opcode {
            Op::TypeVector | Op::TypeCooperativeMatrixKHR => {
                self.def(def.operands.first()?.id()?)?
            }
            _ => def,
        };
        if def.opcode != Op::TypeFloat {
            return None;
        }
        let width = def.operands.first()?.word()?;
        let encoding = def.operands.get(1).and_then(|o| o.word());
        Some(match (width, encoding) {
            (8, Some(FLOAT8_E4M3)) => "E4M3",
            (8, Some(FLOAT8_E5M2)) => "E5M2",
            (16, Some(0)) => "BF16",
            (16, None) => "FP16",
            (32, None) => "FP32",
            _ => return None,
        })
    }

    fn is_float8(&self, t: Id) -> bool {
        matches!(self.float_format(t), Some("E4M3" | "E5M2"))
    }

    /// OpFConvert to or from an 8-bit float as its `__builtin_spirv_Convert*EXT` call; false
    /// for every other conversion.
    pub fn float8_conversion(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        if inst.opcode != Op::FConvert {
            return Ok(false);
        }
        let (Some(to), Some(operand)) =
            (inst.result_type, inst.operands.first().and_then(|o| o.id()))
        else {
            return Ok(false);
        };
        let Some(from) = self
            .result_types
            .get(&operand)
            .copied()
            .or_else(|| self.def(operand).and_then(|d| d.result_type))
        else {
            return Ok(false);
        };
        if !(self.is_float8(to) || self.is_float8(from)) {
            return Ok(false);
        }
        let (Some(src), Some(dst)) = (self.float_format(from), self.float_format(to)) else {
            return Err(self.err("an 8-bit float conversion between types with no built-in name"));
        };
        let saturated = inst
            .result_id
            .is_some_and(|r| self.decoration(r, SATURATED_TO_FLOAT8).is_some());
        let name = format!(
            "__builtin_spirv_Convert{src}To{dst}EXT{}",
            if saturated { "_sat" } else { "" }
        );
        let x = self.op_value(st, inst, 0)?;
        let xt = self.type_of(st, x)?;
        let ret = self.result_ty(inst)?;
        let mangled = self.mangle_call(&name, &[(xt, Sign::Signed)], false)?;
        let v = self.call_builtin(st, &mangled, ret, vec![x], false)?;
        self.define(st, inst, v);
        Ok(true)
    }
}
