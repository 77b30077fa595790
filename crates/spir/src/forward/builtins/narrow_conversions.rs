//! The `__builtin_spirv_*` conversion built-ins of the narrow number formats, in llvm-spirv's
//! LLVM IR representation of them (its `docs/SPIRVRepresentationInLLVM` FP8/FP4/Int4 section):
//! LLVM has no FP8, FP4 or 4-bit-integer SPIR-V type, so such a value travels as an integer
//! carrier: `i8` for FP8 (E4M3, E5M2), `i4` for FP4 (E2M1) and Int4, a vector of them, or an
//! integer (or vector of integers) packing several. The call names the conversion:
//! `__builtin_spirv_{Convert,ClampConvert,StochasticRound,ClampStochasticRound}<From>To<To>
//! {EXT,INTEL}[_sat]`, and becomes the SPIR-V conversion over the real types, with OpBitcast
//! between a carrier and the narrow type:
//! - FP16/BF16 ↔ E4M3/E5M2 (`EXT`, SPV_EXT_float8): OpFConvert over `OpTypeFloat 8`
//!   (Float8EXT); `_sat` decorates the conversion to FP8
//!   SaturatedToLargestFloat8NormalConversionEXT, and so does `ClampConvert…INTEL` to FP8 when
//!   SPV_INTEL_fp_conversions is not enabled (llvm-spirv's older mapping);
//! - E2M1 ↔ FP16/BF16/E4M3/E5M2: OpFConvert over `OpTypeFloat 4` — Float4E2M1EXT / Float4EXT
//!   under SPV_EXT_ocp_microscaling_types, or (INTEL names only) Float4E2M1INTEL /
//!   Float4E2M1TypeINTEL under SPV_INTEL_float4;
//! - Int4 → FP16/BF16/E4M3/E5M2 OpConvertSToF, FP16/BF16 → Int4 OpConvertFToS, Int4 → Int8
//!   OpSConvert (`INTEL`, SPV_INTEL_int4: `OpTypeInt 4 0`, Int4TypeINTEL);
//! - SPV_INTEL_fp_conversions (llvm-spirv's newest mapping): `ClampConvert{FP16,BF16}To
//!   {E4M3,E5M2,E2M1}INTEL(x)` → OpClampConvertFToFINTEL, `…ToInt4INTEL(x)` →
//!   OpClampConvertFToSINTEL; `StochasticRound…To{E4M3,E5M2,E2M1}INTEL(x, seed[, last_seed_ptr])`
//!   → OpStochasticRoundFToFINTEL; `ClampStochasticRound…To{E4M3,E5M2,E2M1}INTEL` →
//!   OpClampStochasticRoundFToFINTEL, `…ToInt4INTEL` → OpClampStochasticRoundFToSINTEL. The
//!   to-integer ones need capability FloatConversionsFtoSINTEL, the others
//!   FloatConversionsFtoFINTEL.
//!
//! A packed carrier becomes a vector of as many narrow components as the other side has (e.g.
//! `i32` ↔ 8 × E2M1, `<2 x i8>` ↔ 4 × E2M1); a `target("spirv.CooperativeMatrixKHR", half,
//! ...)` converts to the same cooperative matrix of FP8 (Float8CooperativeMatrixEXT), E2M1
//! (Float4E2M1CooperativeMatrixINTEL, then bitcast to the matrix of `i4`) or Int4 (the matrix
//! of `i4` itself, Int4CooperativeMatrixINTEL). An `i4`
//! carrier needs SPV_INTEL_int4, which makes `i4` itself OpTypeInt 4
//! (crates/spir/src/forward/arbitrary_integers.rs; before session 15 it was an `i8` narrowed
//! with OpUConvert).
//!
//! Refused, naming what is missing: a conversion whose extension is not enabled, `_sat` on a
//! conversion that is not to FP8 (llvm-spirv refuses it too), and every other
//! `__builtin_spirv_` conversion name (an unknown format, `StochasticRound…ToInt4`, a
//! conversion from a narrow format with a clamping or stochastic name) rather than leaving it
//! imported.

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration, FPEncoding, Op};
use spirvkit_llvm as llvm;

const FLOAT8: &str = "SPV_EXT_float8";
const INT4: &str = "SPV_INTEL_int4";
const OCP_MICROSCALING: &str = "SPV_EXT_ocp_microscaling_types";
const FLOAT4_INTEL: &str = "SPV_INTEL_float4";
const FP_CONVERSIONS: &str = "SPV_INTEL_fp_conversions";
const PREFIX: &str = "__builtin_spirv_";

/// A number format one side of a conversion is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Fp16,
    Bf16,
    E4M3,
    E5M2,
    E2M1,
    Int4,
    Int8,
}

impl Format {
    fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "FP16" => Format::Fp16,
            "BF16" => Format::Bf16,
            "E4M3" => Format::E4M3,
            "E5M2" => Format::E5M2,
            "E2M1" => Format::E2M1,
            "Int4" => Format::Int4,
            "Int8" => Format::Int8,
            _ => return None,
        })
    }

    fn bits(self) -> u32 {
        match self {
            Format::Fp16 | Format::Bf16 => 16,
            Format::E4M3 | Format::E5M2 | Format::Int8 => 8,
            Format::E2M1 | Format::Int4 => 4,
        }
    }

    fn is_fp8(self) -> bool {
        matches!(self, Format::E4M3 | Format::E5M2)
    }

    fn is_sixteen_bit(self) -> bool {
        matches!(self, Format::Fp16 | Format::Bf16)
    }

    fn is_float(self) -> bool {
        !matches!(self, Format::Int4 | Format::Int8)
    }
}

/// How the conversion rounds (the name's first word).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rounding {
    Convert,
    Clamp,
    Stochastic,
    ClampStochastic,
}

/// A `__builtin_spirv_*` conversion name taken apart. `None` from [`conversion`] means the name
/// is not a conversion at all; a conversion this module cannot translate is still returned and
/// refused by [`lower`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct NarrowConversion {
    rounding: Rounding,
    from: Option<Format>,
    to: Option<Format>,
    /// The name ends in `INTEL` (else `EXT`).
    intel: bool,
    /// `..._sat`.
    saturated: bool,
}

/// The conversion a demangled built-in name stands for, if it is a `__builtin_spirv_`
/// conversion (known or not).
pub(super) fn conversion(name: &str) -> Option<NarrowConversion> {
    let rest = name.strip_prefix(PREFIX)?;
    let (rounding, rest) = [
        ("ClampStochasticRound", Rounding::ClampStochastic),
        ("StochasticRound", Rounding::Stochastic),
        ("ClampConvert", Rounding::Clamp),
        ("Convert", Rounding::Convert),
    ]
    .into_iter()
    .find_map(|(word, r)| rest.strip_prefix(word).map(|rest| (r, rest)))?;
    let (rest, saturated) = match rest.strip_suffix("_sat") {
        Some(rest) => (rest, true),
        None => (rest, false),
    };
    let (rest, intel) = match (rest.strip_suffix("INTEL"), rest.strip_suffix("EXT")) {
        (Some(rest), _) => (rest, true),
        (None, Some(rest)) => (rest, false),
        (None, None) => (rest, false),
    };
    let (from, to) = rest.split_once("To").unwrap_or((rest, ""));
    Some(NarrowConversion {
        rounding,
        from: Format::parse(from),
        to: Format::parse(to),
        intel,
        saturated,
    })
}

/// The SPIR-V instruction a known conversion becomes, and whether it is decorated
/// SaturatedToLargestFloat8NormalConversionEXT; `None` for the names spirvkit does not translate.
/// `fp_conversions`: SPV_INTEL_fp_conversions is enabled, which gives the clamping conversions
/// to FP8 their own instruction (without it they are llvm-spirv's older saturating OpFConvert).
fn instruction(c: &NarrowConversion, fp_conversions: bool) -> Option<(Op, bool)> {
    let (from, to) = (c.from?, c.to?);
    let float_narrow = |f: Format| f.is_fp8() || f == Format::E2M1;
    match c.rounding {
        Rounding::Convert => {
            let op = match (from, to) {
                (Format::Int4, Format::Int8) if c.intel => Op::SConvert,
                (Format::Int4, t) if c.intel && t.is_float() && t != Format::E2M1 => {
                    Op::ConvertSToF
                }
                (f, Format::Int4) if c.intel && f.is_sixteen_bit() => Op::ConvertFToS,
                (f, t) if f.is_sixteen_bit() && t.is_fp8() && !c.intel => Op::FConvert,
                (f, t) if f.is_fp8() && t.is_sixteen_bit() && !c.intel => Op::FConvert,
                (Format::E2M1, t) if t.is_sixteen_bit() || t.is_fp8() => Op::FConvert,
                (f, Format::E2M1) if f.is_sixteen_bit() => Op::FConvert,
                _ => return None,
            };
            // `_sat` exists only on the conversions to FP8 (SPV_EXT_float8's saturation).
            if c.saturated && !(op == Op::FConvert && to.is_fp8()) {
                return None;
            }
            Some((op, c.saturated))
        }
        _ if !c.intel || c.saturated || !from.is_sixteen_bit() => None,
        // llvm-spirv's newest mapping (its FP8/FP4/Int4 representation document and
        // spv_intel_fp_conversions tests): OpClampConvertFToFINTEL to FP8 / E2M1,
        // OpClampConvertFToSINTEL to Int4. Its older mapping, kept when SPV_INTEL_fp_conversions
        // is not enabled (its clamp_convert_to_fp8 test passes only SPV_EXT_float8), is the
        // saturating OpFConvert to FP8.
        Rounding::Clamp => match to {
            Format::Int4 => Some((Op::ClampConvertFToSINTEL, false)),
            t if t.is_fp8() && !fp_conversions => Some((Op::FConvert, true)),
            t if float_narrow(t) => Some((Op::ClampConvertFToFINTEL, false)),
            _ => None,
        },
        Rounding::Stochastic => float_narrow(to).then_some((Op::StochasticRoundFToFINTEL, false)),
        Rounding::ClampStochastic => match to {
            Format::Int4 => Some((Op::ClampStochasticRoundFToSINTEL, false)),
            t if float_narrow(t) => Some((Op::ClampStochasticRoundFToFINTEL, false)),
            _ => None,
        },
    }
}

/// The SPV_INTEL_fp_conversions capability an instruction of the extension needs (`None` for
/// the core conversions): the to-integer ones FloatConversionsFtoSINTEL, the others
/// FloatConversionsFtoFINTEL (llvm-spirv declares only the one a module uses).
fn fp_conversions_capability(op: Op) -> Option<Capability> {
    match op {
        Op::ClampConvertFToSINTEL | Op::ClampStochasticRoundFToSINTEL => {
            Some(Capability::FloatConversionsFtoSINTEL)
        }
        Op::ClampConvertFToFINTEL
        | Op::StochasticRoundFToFINTEL
        | Op::ClampStochasticRoundFToFINTEL => Some(Capability::FloatConversionsFtoFINTEL),
        _ => None,
    }
}

/// The instruction takes a seed and optionally a pointer for the next seed after the value.
fn is_seeded(op: Op) -> bool {
    matches!(
        op,
        Op::StochasticRoundFToFINTEL
            | Op::ClampStochasticRoundFToFINTEL
            | Op::ClampStochasticRoundFToSINTEL
    )
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    name: &str,
    conv: &NarrowConversion,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let Some((op, saturating)) = instruction(conv, t.opts.allows(FP_CONVERSIONS)) else {
        if conv.saturated {
            // Bad input rather than a missing translation: llvm-spirv refuses it as an
            // invalid instruction, in these words.
            return Err(malformed(
                loc,
                format!(
                    "InvalidInstruction: {name}: _sat suffix is only valid on conversions \
                     whose result is Float8E4M3EXT or Float8E5M2EXT."
                ),
            ));
        }
        return Err(unsupported(
            loc,
            format!("the conversion built-in {name} (spirvkit has no translation for it)"),
        ));
    };
    let (Some(from), Some(to)) = (conv.from, conv.to) else {
        return Err(unsupported(loc, format!("the conversion built-in {name}")));
    };
    let stochastic = is_seeded(op);
    let fp_conversions = fp_conversions_capability(op);
    let (&value_arg, extra) = match (stochastic, args) {
        (false, [v]) => (v, &[][..]),
        (true, [v, rest @ ..]) if (1..=2).contains(&rest.len()) => (v, rest),
        _ => {
            let takes = if stochastic {
                "a value, a seed and optionally a pointer for the last seed"
            } else {
                "one argument"
            };
            return Err(malformed(loc, format!("{name} takes {takes}")));
        }
    };
    let e2m1 = from == Format::E2M1 || to == Format::E2M1;
    // An INTEL-named E2M1 conversion uses SPV_INTEL_float4's encoding when that extension is
    // enabled (llvm-spirv's newest conversions_intel_encoding test), else the EXT one (its older
    // mapping, which had only SPV_EXT_ocp_microscaling_types).
    let e2m1_ext = if !e2m1 {
        None
    } else if conv.intel && t.opts.allows(FLOAT4_INTEL) {
        Some(FLOAT4_INTEL)
    } else if t.opts.allows(OCP_MICROSCALING) {
        Some(OCP_MICROSCALING)
    } else {
        let needs = if conv.intel {
            format!("{OCP_MICROSCALING} or +{FLOAT4_INTEL}")
        } else {
            OCP_MICROSCALING.to_string()
        };
        return Err(unsupported(
            loc,
            format!("the FP4 (E2M1) conversion {name} (needs --spirv-ext=+{needs})"),
        ));
    };
    let required = [
        (from.is_fp8() || to.is_fp8(), FLOAT8, "FP8"),
        (from == Format::Int4 || to == Format::Int4, INT4, "Int4"),
        (stochastic, FP_CONVERSIONS, "stochastic-rounding"),
        (fp_conversions.is_some(), FP_CONVERSIONS, "clamping"),
    ];
    for (needed, ext, what) in required {
        if needed && !t.opts.allows(ext) {
            return Err(unsupported(
                loc,
                format!("the {what} conversion {name} (needs --spirv-ext=+{ext})"),
            ));
        }
    }
    let arg_ty = t.value_llvm_type(ctx, value_arg)?;
    let Some(shape) = shapes(t.m, from, arg_ty, to, result_ty) else {
        return Err(malformed(
            loc,
            format!(
                "{name}: the argument and result types do not carry the same number of values \
                 (a 16-bit float, or an integer carrier of {} and {} bits per value, as a \
                 scalar, vector, packed integer or cooperative matrix)",
                from.bits(),
                to.bits()
            ),
        ));
    };
    // A 4-bit value in an `i4` carrier (held as i8) passes through the 4-bit integer type.
    let needs_int4 = [(from, shape.from), (to, shape.to)]
        .iter()
        .any(|&(f, c)| f.bits() == 4 && c == Carrier::Natural)
        || from == Format::Int4
        || to == Format::Int4;
    if needs_int4 && !t.opts.allows(INT4) {
        return Err(unsupported(
            loc,
            format!("{name} on an i4 value (needs --spirv-ext=+{INT4})"),
        ));
    }
    if let Some(capability) = fp_conversions {
        t.b.extension(FP_CONVERSIONS);
        t.b.capability(capability);
    }
    let from_ty = format_type(t, from, arg_ty, shape.count, e2m1_ext, loc)?;
    let to_ty = format_type(t, to, result_ty, shape.count, e2m1_ext, loc)?;
    let value = t.value(ctx, value_arg)?;
    // An `i4` carrier is OpTypeInt 4 itself: `needs_int4` above required SPV_INTEL_int4,
    // which gives `i4` that type (arbitrary_integers.rs), so no i8 carrier is narrowed here.
    let input = into_format(t, value, from, shape.from, from_ty);
    let mut operands = vec![Operand::Id(input)];
    for &a in extra {
        operands.push(Operand::Id(t.value(ctx, a)?));
    }
    let result = t.ty(result_ty, loc)?;
    // An `i4` result that SPV_INTEL_int4 gives its own type is the conversion's own result.
    let result_is_int4 = to == Format::Int4 && shape.to == Carrier::Natural;
    if shape.to == Carrier::Same || result_is_int4 {
        t.emit_to(out, op, result, operands);
        if saturating {
            t.b.decorate(
                out,
                Decoration::SaturatedToLargestFloat8NormalConversionEXT.0,
                &[],
            );
        }
        return Ok(());
    }
    let converted = t.emit(op, to_ty, operands);
    if saturating {
        t.b.decorate(
            converted,
            Decoration::SaturatedToLargestFloat8NormalConversionEXT.0,
            &[],
        );
    }
    t.emit_to(out, Op::Bitcast, result, vec![Operand::Id(converted)]);
    // The call's `!spirv.Decorations` (FPRoundingMode, ...) belong to the conversion.
    t.decoration_target = Some((out, converted));
    Ok(())
}

/// How many values one conversion handles, and in what composite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    Scalar,
    Vector(u32),
    /// A cooperative matrix: its scope, rows, columns and use.
    Matrix([u32; 4]),
}

/// How one side's LLVM type carries its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Carrier {
    /// The LLVM type is the SPIR-V type itself (half, bfloat, an i8 for Int8).
    Same,
    /// One integer of the format's width per value (`i8` per FP8, `i4` per 4-bit value).
    Natural,
    /// Integers packing several values: reinterpreted as a vector of them.
    Packed,
}

struct Shapes {
    count: Count,
    from: Carrier,
    to: Carrier,
}

const MATRIX: &str = "spirv.CooperativeMatrixKHR";

/// One side: its carrier kind and the values it holds (`None` for a packed carrier, whose
/// count follows the other side; `Some(Matrix)` for a cooperative matrix).
fn side(m: &llvm::Module, format: Format, ty: llvm::TypeId) -> Option<(Carrier, Option<Count>)> {
    let element_fits = |elem: llvm::TypeId| match (format, m.types.get(elem)) {
        (Format::Fp16, Type::Half) | (Format::Bf16, Type::BFloat) => Some(Carrier::Same),
        (Format::Int8, Type::Int(8)) => Some(Carrier::Same),
        (f, Type::Int(bits)) if !f.is_sixteen_bit() && *bits == f.bits() => Some(Carrier::Natural),
        _ => None,
    };
    match m.types.get(ty) {
        Type::TargetExt { name, types, ints } if name == MATRIX => {
            let params: [u32; 4] = ints.as_slice().try_into().ok()?;
            let carrier = element_fits(*types.first()?)?;
            Some((carrier, Some(Count::Matrix(params))))
        }
        Type::Vector { len, elem, .. } => match element_fits(*elem) {
            Some(carrier) => Some((carrier, Some(Count::Vector(*len)))),
            None => matches!(m.types.get(*elem), Type::Int(_)).then_some((Carrier::Packed, None)),
        },
        Type::Int(_) | Type::Half | Type::BFloat => match element_fits(ty) {
            Some(carrier) => Some((carrier, Some(Count::Scalar))),
            None => matches!(m.types.get(ty), Type::Int(_)).then_some((Carrier::Packed, None)),
        },
        _ => None,
    }
}

/// The bits of an LLVM integer or vector-of-integers type.
fn int_bits(m: &llvm::Module, ty: llvm::TypeId) -> Option<u64> {
    match m.types.get(ty) {
        Type::Int(bits) => Some(u64::from(*bits)),
        Type::Vector { len, elem, .. } => match m.types.get(*elem) {
            Type::Int(bits) => Some(u64::from(*bits) * u64::from(*len)),
            _ => None,
        },
        _ => None,
    }
}

/// The shape of a conversion from `from` carried in `arg` to `to` carried in `result`, when the
/// two sides hold the same number of values.
fn shapes(
    m: &llvm::Module,
    from: Format,
    arg: llvm::TypeId,
    to: Format,
    result: llvm::TypeId,
) -> Option<Shapes> {
    let (from_carrier, from_count) = side(m, from, arg)?;
    let (to_carrier, to_count) = side(m, to, result)?;
    let packed_count = |ty: llvm::TypeId, format: Format| {
        let bits = int_bits(m, ty)?;
        let per = u64::from(format.bits());
        let n = u32::try_from(bits / per).ok()?;
        (bits % per == 0 && n >= 2).then_some(Count::Vector(n))
    };
    let count = match (from_count, to_count) {
        (Some(a), Some(b)) => (a == b).then_some(a)?,
        (Some(a), None) => (packed_count(result, to)? == a).then_some(a)?,
        (None, Some(b)) => (packed_count(arg, from)? == b).then_some(b)?,
        (None, None) => None?,
    };
    Some(Shapes {
        count,
        from: from_carrier,
        to: to_carrier,
    })
}

/// The SPIR-V scalar type of a narrow format (declaring its capability and extension).
fn scalar_type(t: &mut Translator<'_>, format: Format, e2m1_ext: Option<&str>) -> Id {
    let narrow_float = |t: &mut Translator<'_>, bits: u32, encoding: FPEncoding| {
        t.b.dedup_global(
            Op::TypeFloat,
            None,
            vec![Operand::Word(bits), Operand::Word(encoding.0)],
        )
    };
    match format {
        Format::E4M3 | Format::E5M2 => {
            t.b.extension(FLOAT8);
            t.b.capability(Capability::Float8EXT);
            let encoding = if format == Format::E4M3 {
                FPEncoding::Float8E4M3EXT
            } else {
                FPEncoding::Float8E5M2EXT
            };
            narrow_float(t, 8, encoding)
        }
        Format::E2M1 => {
            if e2m1_ext == Some(FLOAT4_INTEL) {
                t.b.extension(FLOAT4_INTEL);
                t.b.capability(Capability::Float4E2M1TypeINTEL);
                narrow_float(t, 4, FPEncoding::Float4E2M1INTEL)
            } else {
                t.b.extension(OCP_MICROSCALING);
                t.b.capability(Capability::Float4EXT);
                narrow_float(t, 4, FPEncoding::Float4E2M1EXT)
            }
        }
        Format::Int4 => int4_type(t),
        Format::Int8 | Format::Fp16 | Format::Bf16 => t.int_type(8),
    }
}

/// `OpTypeInt 4 0` (SPV_INTEL_int4's Int4TypeINTEL).
fn int4_type(t: &mut Translator<'_>) -> Id {
    t.b.extension(INT4);
    t.b.capability(Capability::Int4TypeINTEL);
    t.b.type_int(4, false)
}

/// The scalar, vector or cooperative matrix of `scalar` for `count`.
/// A cooperative matrix of a narrow format needs that format's matrix capability: FP8
/// Float8CooperativeMatrixEXT, Int4 Int4CooperativeMatrixINTEL, E2M1
/// Float4E2M1CooperativeMatrixINTEL (llvm-spirv's SPV_INTEL_float4/cooperative_matrix test
/// declares it under SPV_EXT_ocp_microscaling_types too; SPV_INTEL_float4, whose capability it
/// is, is declared with it so that the module is valid).
fn composite(t: &mut Translator<'_>, scalar: Id, count: Count, format: Format) -> Id {
    match count {
        Count::Scalar => scalar,
        Count::Vector(n) => t.b.type_vector(scalar, n),
        Count::Matrix(params) => {
            match format {
                f if f.is_fp8() => t.b.capability(Capability::Float8CooperativeMatrixEXT),
                Format::Int4 => t.b.capability(Capability::Int4CooperativeMatrixINTEL),
                Format::E2M1 => {
                    // The capability is SPV_INTEL_float4's, so the module declares that
                    // extension whenever it declares the capability: llvm-spirv declares
                    // the capability under SPV_EXT_ocp_microscaling_types alone too, which
                    // leaves its module without the extension the capability requires.
                    t.b.extension(FLOAT4_INTEL);
                    t.b.capability(Capability::Float4E2M1CooperativeMatrixINTEL);
                }
                _ => {}
            }
            let mut operands = vec![Operand::Id(scalar)];
            for n in params {
                operands.push(Operand::Id(t.u32_constant(n)));
            }
            t.b.dedup_global(Op::TypeCooperativeMatrixKHR, None, operands)
        }
    }
}

/// The SPIR-V type of one side's values: the LLVM type's own for 16-bit floats and Int8, else
/// the composite of the narrow type.
fn format_type(
    t: &mut Translator<'_>,
    format: Format,
    llvm_ty: llvm::TypeId,
    count: Count,
    e2m1: Option<&str>,
    loc: &str,
) -> Result<Id> {
    if format.is_sixteen_bit() || format == Format::Int8 {
        return t.ty(llvm_ty, loc);
    }
    let scalar = scalar_type(t, format, e2m1);
    Ok(composite(t, scalar, count, format))
}

/// The input value as the format's SPIR-V type: an Int4 in its natural `i4` carrier already
/// is (OpTypeInt 4), anything else is bitcast.
fn into_format(
    t: &mut Translator<'_>,
    value: Id,
    format: Format,
    carrier: Carrier,
    format_ty: Id,
) -> Id {
    match carrier {
        Carrier::Same => value,
        Carrier::Natural if format == Format::Int4 => value,
        Carrier::Packed | Carrier::Natural => {
            t.emit(Op::Bitcast, format_ty, vec![Operand::Id(value)])
        }
    }
}
