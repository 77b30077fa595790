//! `convert_<type>[n][_sat][_<rounding>]` and `as_<type>[n]`.

use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::Demangled;
use llvm::{Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Decoration, Op};
use spirvkit_llvm as llvm;

const TYPES: &[(&str, bool, bool)] = &[
    // (name, signed, float)
    ("char", true, false),
    ("uchar", false, false),
    ("short", true, false),
    ("ushort", false, false),
    ("int", true, false),
    ("uint", false, false),
    ("long", true, false),
    ("ulong", false, false),
    ("half", false, true),
    ("float", false, true),
    ("double", false, true),
];

/// (signed, float) of a destination type name with an optional vector length.
fn dest_type(name: &str) -> Option<(bool, bool)> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit());
    TYPES
        .iter()
        .find(|(n, _, _)| *n == base)
        .map(|&(_, s, f)| (s, f))
}

struct Conversion {
    dest_signed: bool,
    saturate: bool,
    rounding: Option<u32>,
}

fn parse(name: &str) -> Option<Conversion> {
    let rest = name.strip_prefix("convert_")?;
    let mut parts = rest.split('_');
    let ty = parts.next()?;
    let (dest_signed, _) = dest_type(ty)?;
    let mut saturate = false;
    let mut rounding = None;
    for p in parts {
        match p {
            "sat" => saturate = true,
            "rte" => rounding = Some(0),
            "rtz" => rounding = Some(1),
            "rtp" => rounding = Some(2),
            "rtn" => rounding = Some(3),
            _ => return None,
        }
    }
    Some(Conversion {
        dest_signed,
        saturate,
        rounding,
    })
}

pub(super) fn is_conversion(name: &str) -> bool {
    parse(name).is_some()
        || name
            .strip_prefix("as_")
            .is_some_and(|t| dest_type(t).is_some())
}

fn is_float(t: &Translator<'_>, ty: llvm::TypeId) -> bool {
    t.m.types.is_fp_or_fp_vector(ty)
}

fn width(t: &Translator<'_>, ty: llvm::TypeId) -> u32 {
    match t.m.types.get(t.m.types.scalar(ty)) {
        Type::Int(w) => *w,
        Type::Half => 16,
        Type::Float => 32,
        Type::Double => 64,
        _ => 0,
    }
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    d: &Demangled,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let a = *args
        .first()
        .ok_or_else(|| malformed(loc, format!("{} without an argument", d.name)))?;
    let ty = t.ty(result_ty, loc)?;
    let v = t.value(ctx, a)?;
    let src_ty = t.value_llvm_type(ctx, a)?;
    let src_lowered = t.ty(src_ty, loc)?;
    if d.name.starts_with("as_") {
        let op = if src_lowered == ty {
            Op::CopyObject
        } else {
            Op::Bitcast
        };
        t.emit_to(out, op, ty, vec![Operand::Id(v)]);
        return Ok(());
    }
    let conv =
        parse(&d.name).ok_or_else(|| malformed(loc, format!("bad conversion name {}", d.name)))?;
    let src_signed = d.param_scalar(0).is_some_and(|s| s.is_signed());
    let (src_float, dst_float) = (is_float(t, src_ty), is_float(t, result_ty));
    let same_width = width(t, src_ty) == width(t, result_ty);
    let mut saturate_decoration = conv.saturate;
    let op = match (src_float, dst_float) {
        (true, true) if same_width => Op::CopyObject,
        (true, true) => Op::FConvert,
        (true, false) if conv.dest_signed => Op::ConvertFToS,
        (true, false) => Op::ConvertFToU,
        (false, true) if src_signed => Op::ConvertSToF,
        (false, true) => Op::ConvertUToF,
        (false, false) => {
            if conv.saturate && src_signed != conv.dest_signed {
                saturate_decoration = false;
                if src_signed {
                    Op::SatConvertSToU
                } else {
                    Op::SatConvertUToS
                }
            } else if same_width {
                saturate_decoration = false;
                Op::CopyObject
            } else if src_signed {
                Op::SConvert
            } else {
                Op::UConvert
            }
        }
    };
    t.emit_to(out, op, ty, vec![Operand::Id(v)]);
    if op != Op::CopyObject {
        if saturate_decoration && !dst_float {
            t.b.decorate(out, Decoration::SaturatedConversion.0, &[]);
        }
        if let Some(mode) = conv.rounding.filter(|_| src_float || dst_float) {
            t.b.decorate(out, Decoration::FPRoundingMode.0, &[Operand::Word(mode)]);
        }
    }
    Ok(())
}
