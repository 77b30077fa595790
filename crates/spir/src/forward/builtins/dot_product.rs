//! cl_khr_integer_dot_product built-ins → SPV_KHR_integer_dot_product (llvm-spirv's mapping):
//! `dot` / `dot_acc_sat` on integer vectors → OpSDot/OpUDot/OpSUDot[AccSat], and the packed
//! `dot[_acc_sat]_4x8packed_{uu,ss,su,us}_{u}int` forms → the same with the
//! PackedVectorFormat4x8Bit operand. OpSUDot takes the signed operand first, so `us` swaps.

use super::arg_ids;
use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::{Demangled, MType, Scalar};
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op, PackedVectorFormat};
use spirvkit_llvm as llvm;

const EXTENSION: &str = "SPV_KHR_integer_dot_product";

/// (accumulate-saturate, packed signedness `(a, b)`) of a packed built-in name.
fn packed(name: &str) -> Option<(bool, (bool, bool))> {
    let (acc, rest) = match name.strip_prefix("dot_acc_sat_4x8packed_") {
        Some(rest) => (true, rest),
        None => (false, name.strip_prefix("dot_4x8packed_")?),
    };
    let signs = match rest.split('_').next()? {
        "uu" => (false, false),
        "ss" => (true, true),
        "su" => (true, false),
        "us" => (false, true),
        _ => return None,
    };
    Some((acc, signs))
}

fn integer_vector(p: Option<&MType>) -> Option<(u32, Scalar)> {
    match p? {
        MType::Vector(n, s) if !s.is_float() && *s != Scalar::Bool => Some((*n, *s)),
        _ => None,
    }
}

pub(super) fn is_integer_dot(d: &Demangled) -> bool {
    match d.name.as_str() {
        "dot" | "dot_acc_sat" => integer_vector(d.params.first()).is_some(),
        n => packed(n).is_some(),
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
    let n = d.name.as_str();
    if !t.opts.allows(EXTENSION) {
        return Err(unsupported(
            loc,
            format!("the integer dot product {n} (needs --spirv-ext=+{EXTENSION})"),
        ));
    }
    let (acc, (a_signed, b_signed), input) = match packed(n) {
        Some((acc, signs)) => (acc, signs, Capability::DotProductInput4x8BitPackedKHR),
        None => {
            let (len, a) = integer_vector(d.params.first())
                .ok_or_else(|| malformed(loc, format!("{n} on a non-integer vector")))?;
            let (_, b) = integer_vector(d.params.get(1))
                .ok_or_else(|| malformed(loc, format!("{n} on a non-integer vector")))?;
            let byte = matches!(a, Scalar::Char | Scalar::SChar | Scalar::UChar);
            let input = if len == 4 && byte {
                Capability::DotProductInput4x8BitKHR
            } else {
                Capability::DotProductInputAllKHR
            };
            (n == "dot_acc_sat", (a.is_signed(), b.is_signed()), input)
        }
    };
    let expected = if acc { 3 } else { 2 };
    if args.len() != expected {
        return Err(malformed(loc, format!("{n} takes {expected} arguments")));
    }
    let ids = arg_ids(t, ctx, args)?;
    let (first, second) = if !a_signed && b_signed {
        (ids[1], ids[0])
    } else {
        (ids[0], ids[1])
    };
    let opcode = match (a_signed, b_signed, acc) {
        (true, true, false) => Op::SDot,
        (false, false, false) => Op::UDot,
        (_, _, false) => Op::SUDot,
        (true, true, true) => Op::SDotAccSat,
        (false, false, true) => Op::UDotAccSat,
        (_, _, true) => Op::SUDotAccSat,
    };
    t.b.extension(EXTENSION);
    t.b.capability(Capability::DotProductKHR);
    t.b.capability(input);
    let mut operands = vec![Operand::Id(first), Operand::Id(second)];
    if acc {
        operands.push(Operand::Id(ids[2]));
    }
    if input == Capability::DotProductInput4x8BitPackedKHR {
        operands.push(Operand::Word(
            PackedVectorFormat::PackedVectorFormat4x8Bit.0,
        ));
    }
    let ty = t.ty(result_ty, loc)?;
    t.emit_to(out, opcode, ty, operands);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::packed;

    #[test]
    fn packed_names_give_accumulation_and_signedness() {
        assert_eq!(
            packed("dot_4x8packed_uu_uint"),
            Some((false, (false, false)))
        );
        assert_eq!(packed("dot_4x8packed_us_int"), Some((false, (false, true))));
        assert_eq!(
            packed("dot_acc_sat_4x8packed_su_int"),
            Some((true, (true, false)))
        );
        assert_eq!(packed("dot_4x8packed_xx_int"), None);
        assert_eq!(packed("dot"), None);
    }
}
