//! The narrow number formats as llvm-spirv's reader writes them (its "SPIR-V representation in
//! LLVM IR for FP8, FP4 and Int4" document): LLVM has none of SPV_EXT_float8's 8-bit floats,
//! SPV_EXT_ocp_microscaling_types' / SPV_INTEL_float4's 4-bit E2M1 float or SPV_INTEL_int4's
//! 4-bit integer, so `OpTypeFloat 8` is an `i8` carrier and `OpTypeFloat 4` / `OpTypeInt 4` an
//! `i4` (types.rs); OpBitcast to or from a carrier is an ordinary bitcast. A conversion with one
//! of them on either side is the `__builtin_spirv_<Kind><From>To<To><EXT|INTEL>` call the
//! forward direction reads (`forward/builtins/narrow_conversions.rs`):
//! - OpFConvert: `Convert…EXT` for SPV_EXT_float8 and SPV_EXT_ocp_microscaling_types' E2M1
//!   (`_sat` for SaturatedToLargestFloat8NormalConversionEXT), `Convert…INTEL` when an E2M1 side
//!   has SPV_INTEL_float4's encoding;
//! - SPV_INTEL_int4: OpConvertSToF from Int4, OpConvertFToS to Int4, OpSConvert Int4 → Int8
//!   (`ConvertInt4ToInt8INTEL`);
//! - SPV_INTEL_fp_conversions: OpClampConvertFTo{F,S}INTEL `ClampConvert…INTEL`,
//!   OpStochasticRoundFToFINTEL `StochasticRound…INTEL`, OpClampStochasticRoundFTo{F,S}INTEL
//!   `ClampStochasticRound…INTEL` (seed and last-seed pointer passed on).
//!
//! `EXT` names are `spir_func` calls, `INTEL` names plain C calls, as llvm-spirv's CHECK lines
//! show them (SPV_INTEL_float4 / SPV_INTEL_int4 `conversions_packed.ll`).

use spirvkit_core::grammar::Op;
use spirvkit_core::{Id, Instruction};

use super::builtins::Sign;
use super::function::FnState;
use super::{Ctx, Result};

/// SPV_EXT_float8's FP encodings.
const FLOAT8_E4M3: u32 = 4214;
const FLOAT8_E5M2: u32 = 4215;
/// SPV_EXT_ocp_microscaling_types' and SPV_INTEL_float4's E2M1 encodings.
const FLOAT4_E2M1_EXT: u32 = 4225;
const FLOAT4_E2M1_INTEL: u32 = 6214;
/// SaturatedToLargestFloat8NormalConversionEXT.
const SATURATED_TO_FLOAT8: u32 = 4216;

/// The number format of one side of a conversion, as the built-in names spell it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Format {
    name: &'static str,
    /// A format LLVM has no type for (FP8, FP4, Int4): a conversion involving one has a
    /// built-in name.
    narrow: bool,
    /// SPV_INTEL_float4's encoding (the conversion's name ends in `INTEL`).
    intel: bool,
}

impl Format {
    const fn new(name: &'static str, narrow: bool, intel: bool) -> Format {
        Format {
            name,
            narrow,
            intel,
        }
    }
}

impl Ctx<'_> {
    /// The format of the (component) type `t` of a conversion (a scalar, or the component of
    /// a vector or cooperative matrix); `None` for types no built-in name spells.
    fn number_format(&self, t: Id) -> Option<Format> {
        let def = self.def(t)?;
        let def = match def.opcode {
            Op::TypeVector | Op::TypeCooperativeMatrixKHR => {
                self.def(def.operands.first()?.id()?)?
            }
            _ => def,
        };
        let width = def.operands.first()?.word()?;
        if def.opcode == Op::TypeInt {
            return match width {
                4 => Some(Format::new("Int4", true, true)),
                8 => Some(Format::new("Int8", false, false)),
                _ => None,
            };
        }
        if def.opcode != Op::TypeFloat {
            return None;
        }
        let encoding = def.operands.get(1).and_then(|o| o.word());
        Some(match (width, encoding) {
            (8, Some(FLOAT8_E4M3)) => Format::new("E4M3", true, false),
            (8, Some(FLOAT8_E5M2)) => Format::new("E5M2", true, false),
            (4, Some(FLOAT4_E2M1_EXT)) => Format::new("E2M1", true, false),
            (4, Some(FLOAT4_E2M1_INTEL)) => Format::new("E2M1", true, true),
            (16, Some(0)) => Format::new("BF16", false, false),
            (16, None) => Format::new("FP16", false, false),
            (32, None) => Format::new("FP32", false, false),
            _ => return None,
        })
    }

    /// The SPIR-V type of `id`'s value.
    fn value_type_id(&self, id: Id) -> Option<Id> {
        self.result_types
            .get(&id)
            .copied()
            .or_else(|| self.def(id).and_then(|d| d.result_type))
    }

    /// A conversion with a narrow format (FP8, FP4, Int4) on either side — or one of
    /// SPV_INTEL_fp_conversions' instructions — as its `__builtin_spirv_*` call; false for
    /// every other instruction.
    pub fn narrow_conversion(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        let kind = match inst.opcode {
            Op::FConvert | Op::ConvertSToF | Op::ConvertFToS | Op::SConvert => "Convert",
            Op::ClampConvertFToFINTEL | Op::ClampConvertFToSINTEL => "ClampConvert",
            Op::StochasticRoundFToFINTEL => "StochasticRound",
            Op::ClampStochasticRoundFToFINTEL | Op::ClampStochasticRoundFToSINTEL => {
                "ClampStochasticRound"
            }
            _ => return Ok(false),
        };
        let fp_conversions = kind != "Convert";
        let (Some(to), Some(operand)) =
            (inst.result_type, inst.operands.first().and_then(|o| o.id()))
        else {
            return Ok(false);
        };
        let Some(from) = self.value_type_id(operand) else {
            return Ok(false);
        };
        let (src, dst) = (self.number_format(from), self.number_format(to));
        let any_narrow = src.is_some_and(|f| f.narrow) || dst.is_some_and(|f| f.narrow);
        if !(any_narrow || fp_conversions) {
            return Ok(false);
        }
        let (Some(src), Some(dst)) = (src, dst) else {
            return Err(self.err(
                "a conversion of a narrow number format (FP8, FP4, Int4) between types with \
                 no built-in name",
            ));
        };
        let intel = fp_conversions || inst.opcode != Op::FConvert || src.intel || dst.intel;
        let saturated = inst.opcode == Op::FConvert
            && inst
                .result_id
                .is_some_and(|r| self.decoration(r, SATURATED_TO_FLOAT8).is_some());
        let name = format!(
            "__builtin_spirv_{kind}{}To{}{}{}",
            src.name,
            dst.name,
            if intel { "INTEL" } else { "EXT" },
            if saturated { "_sat" } else { "" }
        );
        let mut args = Vec::with_capacity(inst.operands.len());
        let mut params = Vec::with_capacity(inst.operands.len());
        for i in 0..inst.operands.len() {
            let v = self.op_value(st, inst, i)?;
            params.push((self.type_of(st, v)?, Sign::Signed));
            args.push(v);
        }
        let ret = self.result_ty(inst)?;
        let mangled = self.mangle_call(&name, &params, false)?;
        let v = self.call_builtin(st, &mangled, ret, args, false)?;
        if intel {
            self.call_with_c_convention(st, v);
        }
        self.define(st, inst, v);
        Ok(true)
    }
}
