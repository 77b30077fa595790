//! `llvm.bitreverse` without SPV_KHR_bit_instructions (OpBitReverse is otherwise Shader-only):
//! llvm-spirv emulates it; spirvkit emits the same computation inline — the classic swap of
//! adjacent bits, pairs, nibbles, then bytes and wider halves for 8/16/32/64-bit carriers (an
//! odd width carried in a wider integer is masked first and shifted down after), and a bit
//! at a time for odd widths kept native by an arbitrary-precision extension.

use crate::error::{unsupported, Result};
use crate::forward::translator::Translator;
use llvm::Type;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

/// A constant of the carrier integer (scalar or splatted over `result_ty`'s lanes): not masked
/// to the LLVM width, unlike `Translator::splat`.
fn carrier_constant(
    t: &mut Translator<'_>,
    result_ty: llvm::TypeId,
    ty: Id,
    width: u32,
    value: u64,
) -> Id {
    let scalar_ty = t.int_type(width);
    let scalar = if width > 32 {
        t.b.constant_u64(scalar_ty, value)
    } else {
        t.b.constant_u32(scalar_ty, value as u32)
    };
    match t.m.types.get(result_ty) {
        Type::Vector { len, .. } if *len > 1 => t.b.dedup_global(
            Op::ConstantComposite,
            Some(ty),
            vec![Operand::Id(scalar); *len as usize],
        ),
        _ => scalar,
    }
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

pub(super) fn emulate(
    t: &mut Translator<'_>,
    out: Id,
    ty: Id,
    result_ty: llvm::TypeId,
    x: Id,
    loc: &str,
) -> Result<()> {
    let width = match t.m.types.get(t.m.types.scalar(result_ty)) {
        Type::Int(w) => *w,
        _ => return Err(unsupported(loc, "llvm.bitreverse of a non-integer")),
    };
    let widened = t.widened_int_width(result_ty).is_some();
    let carrier = if widened {
        crate::forward::arbitrary_integers::widened(width)
    } else {
        width
    };
    let op2 = |t: &mut Translator<'_>, op, a: Id, b: Id| {
        t.emit_ops(op, ty, [Operand::Id(a), Operand::Id(b)])
    };
    if matches!(carrier, 8 | 16 | 32 | 64) {
        let mut v = x;
        if carrier != width {
            let m = carrier_constant(t, result_ty, ty, carrier, mask(width));
            v = op2(t, Op::BitwiseAnd, v, m);
        }
        let patterns = [
            (1, 0x5555_5555_5555_5555u64),
            (2, 0x3333_3333_3333_3333),
            (4, 0x0F0F_0F0F_0F0F_0F0F),
            (8, 0x00FF_00FF_00FF_00FF),
            (16, 0x0000_FFFF_0000_FFFF),
            (32, 0x0000_0000_FFFF_FFFF),
        ];
        for (shift, pattern) in patterns.into_iter().filter(|&(s, _)| s < carrier) {
            let m = carrier_constant(t, result_ty, ty, carrier, pattern & mask(carrier));
            let s = carrier_constant(t, result_ty, ty, carrier, u64::from(shift));
            let high = op2(t, Op::ShiftRightLogical, v, s);
            let high = op2(t, Op::BitwiseAnd, high, m);
            let low = op2(t, Op::BitwiseAnd, v, m);
            let low = op2(t, Op::ShiftLeftLogical, low, s);
            v = op2(t, Op::BitwiseOr, high, low);
        }
        if carrier != width {
            let s = carrier_constant(t, result_ty, ty, carrier, u64::from(carrier - width));
            t.emit_ops_to(
                out,
                Op::ShiftRightLogical,
                ty,
                [Operand::Id(v), Operand::Id(s)],
            );
        } else {
            t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(v)]);
        }
        return Ok(());
    }
    // A native odd width: bit i moves to bit width-1-i.
    let one = carrier_constant(t, result_ty, ty, carrier, 1);
    let mut r = carrier_constant(t, result_ty, ty, carrier, 0);
    for i in 0..width {
        let bit = if i == 0 {
            x
        } else {
            let s = carrier_constant(t, result_ty, ty, carrier, u64::from(i));
            op2(t, Op::ShiftRightLogical, x, s)
        };
        let bit = op2(t, Op::BitwiseAnd, bit, one);
        let to = width - 1 - i;
        let placed = if to == 0 {
            bit
        } else {
            let s = carrier_constant(t, result_ty, ty, carrier, u64::from(to));
            op2(t, Op::ShiftLeftLogical, bit, s)
        };
        r = op2(t, Op::BitwiseOr, r, placed);
    }
    t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(r)]);
    Ok(())
}
