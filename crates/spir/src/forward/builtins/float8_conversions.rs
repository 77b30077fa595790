//! SPV_EXT_float8 conversion built-ins, in llvm-spirv's LLVM IR representation of FP8 values
//! (its `docs/SPIRVRepresentationInLLVM` FP8 section): LLVM has no FP8 type, so an FP8 value
//! travels as `i8` (a vector of them, or an integer packing several). The calls
//! - `__builtin_spirv_Convert{FP16,BF16}To{E4M3,E5M2}EXT(half / bfloat [vector])` and
//! - `__builtin_spirv_Convert{E4M3,E5M2}To{FP16,BF16}EXT(i8 [vector or packed])`
//!
//! (the conversions to FP8 also as `..._sat`, whose OpFConvert is decorated
//! SaturatedToLargestFloat8NormalConversionEXT)
//! become OpFConvert between the 16-bit float and `OpTypeFloat 8` with the Float8E4M3EXT /
//! Float8E5M2EXT encoding (capability Float8EXT), with an OpBitcast between that FP8 type and
//! the `i8` carrier; a packed carrier becomes a vector of as many FP8 components as the 16-bit
//! side has (e.g. `i32` ↔ 4 × FP8), and a `target("spirv.CooperativeMatrixKHR", half, ...)`
//! converts to the same cooperative matrix of FP8 (capability Float8CooperativeMatrixEXT), then
//! to the matrix of `i8` the IR names. Without SPV_EXT_float8 the call is refused naming it
//! (the BF16 forms also need SPV_KHR_bfloat16, as the `bfloat` type does everywhere).
//!
//! The other `__builtin_spirv_*` conversion families (int4, the INTEL clamp / stochastic
//! rounding ones, OCP microscaling FP4/FP6) are not translated (crates/spir/STATUS.md).

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration, FPEncoding, Op};
use spirvkit_llvm as llvm;

const FLOAT8: &str = "SPV_EXT_float8";

/// One conversion: its FP8 encoding, its direction and the 16-bit side's LLVM type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Float8Conversion {
    encoding: FPEncoding,
    to_float8: bool,
    bfloat: bool,
    /// `..._sat`: out-of-range values become the largest normal FP8 value (decoration
    /// SaturatedToLargestFloat8NormalConversionEXT); only conversions to FP8 have it.
    saturated: bool,
}

/// The conversion a demangled built-in name stands for, if it is one of the eight.
pub(super) fn conversion(name: &str) -> Option<Float8Conversion> {
    let rest = name.strip_prefix("__builtin_spirv_Convert")?;
    let (rest, saturated) = match rest.strip_suffix("_sat") {
        Some(rest) => (rest, true),
        None => (rest, false),
    };
    let rest = rest.strip_suffix("EXT")?;
    let (from, to) = rest.split_once("To")?;
    let encoding = |s: &str| match s {
        "E4M3" => Some(FPEncoding::Float8E4M3EXT),
        "E5M2" => Some(FPEncoding::Float8E5M2EXT),
        _ => None,
    };
    let bfloat = |s: &str| match s {
        "FP16" => Some(false),
        "BF16" => Some(true),
        _ => None,
    };
    if let (Some(encoding), Some(bfloat)) = (encoding(from), bfloat(to)) {
        return (!saturated).then_some(Float8Conversion {
            encoding,
            to_float8: false,
            bfloat,
            saturated,
        });
    }
    Some(Float8Conversion {
        encoding: encoding(to)?,
        to_float8: true,
        bfloat: bfloat(from)?,
        saturated,
    })
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    name: &str,
    conv: Float8Conversion,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let &[arg] = args else {
        return Err(malformed(loc, format!("{name} takes one argument")));
    };
    if !t.opts.allows(FLOAT8) {
        return Err(unsupported(
            loc,
            format!("the FP8 conversion {name} (needs --spirv-ext=+{FLOAT8})"),
        ));
    }
    let arg_ty = t.value_llvm_type(ctx, arg)?;
    let (wide, carrier) = if conv.to_float8 {
        (arg_ty, result_ty)
    } else {
        (result_ty, arg_ty)
    };
    let Some(shape) = shape_of(t.m, wide, carrier, conv.bfloat) else {
        let side = if conv.bfloat { "bfloat" } else { "half" };
        return Err(malformed(
            loc,
            format!(
                "{name} converts between {side} (a vector or cooperative matrix of it) and \
                 i8 FP8 values (the same shape of i8, or an integer packing one per component)"
            ),
        ));
    };
    t.b.extension(FLOAT8);
    t.b.capability(Capability::Float8EXT);
    let fp8 = t.b.dedup_global(
        Op::TypeFloat,
        None,
        vec![Operand::Word(8), Operand::Word(conv.encoding.0)],
    );
    let fp8_ty = match shape {
        Shape::Scalar => fp8,
        Shape::Vector(n) => t.b.type_vector(fp8, n),
        Shape::Matrix(params) => {
            t.b.capability(Capability::Float8CooperativeMatrixEXT);
            let mut operands = vec![Operand::Id(fp8)];
            for n in params {
                operands.push(Operand::Id(t.u32_constant(n)));
            }
            t.b.dedup_global(Op::TypeCooperativeMatrixKHR, None, operands)
        }
    };
    let value = t.value(ctx, arg)?;
    let result = t.ty(result_ty, loc)?;
    if conv.to_float8 {
        let narrowed = t.emit(Op::FConvert, fp8_ty, vec![Operand::Id(value)]);
        if conv.saturated {
            t.b.decorate(
                narrowed,
                Decoration::SaturatedToLargestFloat8NormalConversionEXT.0,
                &[],
            );
        }
        t.emit_to(out, Op::Bitcast, result, vec![Operand::Id(narrowed)]);
    } else {
        let fp8_value = t.emit(Op::Bitcast, fp8_ty, vec![Operand::Id(value)]);
        t.emit_to(out, Op::FConvert, result, vec![Operand::Id(fp8_value)]);
    }
    Ok(())
}

/// How many FP8 values one conversion handles, and in what composite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Scalar,
    Vector(u32),
    /// A cooperative matrix: its scope, rows, columns and use.
    Matrix([u32; 4]),
}

const MATRIX: &str = "spirv.CooperativeMatrixKHR";

/// The shape of a conversion between the 16-bit type `wide` and the FP8 carrier `carrier`,
/// when they agree: `half`/`bfloat` with `i8`, a vector with a vector of `i8` or an integer of
/// 8 bits per component, a cooperative matrix with the same matrix of `i8`.
fn shape_of(
    m: &llvm::Module,
    wide: llvm::TypeId,
    carrier: llvm::TypeId,
    bfloat: bool,
) -> Option<Shape> {
    let sixteen_bit = |ty: llvm::TypeId| match m.types.get(ty) {
        Type::Half => !bfloat,
        Type::BFloat => bfloat,
        _ => false,
    };
    let byte = |ty: llvm::TypeId| matches!(m.types.get(ty), Type::Int(8));
    match m.types.get(wide) {
        Type::TargetExt { name, types, ints } if name == MATRIX => {
            let params: [u32; 4] = ints.as_slice().try_into().ok()?;
            let Type::TargetExt {
                name: carrier_name,
                types: carrier_types,
                ints: carrier_ints,
            } = m.types.get(carrier)
            else {
                return None;
            };
            let same = carrier_name == MATRIX && carrier_ints == ints;
            let components = types.first().copied().is_some_and(sixteen_bit)
                && carrier_types.first().copied().is_some_and(byte);
            (same && components).then_some(Shape::Matrix(params))
        }
        Type::Vector { len, elem, .. } => {
            let carrier_ok = match m.types.get(carrier) {
                Type::Int(bits) => u64::from(*bits) == 8 * u64::from(*len),
                Type::Vector {
                    len: carrier_len,
                    elem: carrier_elem,
                    ..
                } => carrier_len == len && byte(*carrier_elem),
                _ => false,
            };
            (sixteen_bit(*elem) && carrier_ok).then_some(Shape::Vector(*len))
        }
        _ => (sixteen_bit(wide) && byte(carrier)).then_some(Shape::Scalar),
    }
}
