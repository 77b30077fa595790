//! Integers of widths other than 8/16/32/64 (`i13`, `i48`): `i4` under SPV_INTEL_int4 is
//! OpTypeInt 4 0 with Int4TypeINTEL (llvm-spirv's `trivial.ll`; spirv-val 2025.5 rejects the
//! width, as it does every non-standard width); otherwise with
//! SPV_INTEL_arbitrary_precision_integers (or its SPV_ALTERA_ rename) OpTypeInt of that width
//! with the ArbitraryPrecisionIntegers capability; without it, widened to the next of 8, 16,
//! 32, 64 as llvm-spirv does (its `widen-integers` test). Constants are masked to the LLVM
//! width either way. Wider than 64 bits (`i128`, `i256`) needs the extension (nothing wider
//! to carry it in): OpTypeInt N with constants of N/32 words, refused naming the extension
//! without it.

use crate::error::{unsupported, Result};
use crate::forward::translator::Translator;
use llvm::Type;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op};
use spirvkit_llvm as llvm;

const EXTENSIONS: [&str; 2] = [
    "SPV_INTEL_arbitrary_precision_integers",
    "SPV_ALTERA_arbitrary_precision_integers",
];

/// SPV_INTEL_int4 gives `i4` its own type, OpTypeInt 4 0 with Int4TypeINTEL, before the
/// arbitrary-precision extensions (llvm-spirv's `transType` asks it first).
const INT4: &str = "SPV_INTEL_int4";

impl<'m> Translator<'m> {
    pub(crate) fn odd_int_type(&mut self, width: u32, location: &str) -> Result<Id> {
        if width == 4 && self.opts.allows(INT4) {
            self.b.extension(INT4);
            self.b.capability(Capability::Int4TypeINTEL);
            return Ok(self.b.type_int(4, false));
        }
        let allowed = EXTENSIONS.into_iter().find(|e| self.opts.allows(e));
        if width > 64 && allowed.is_none() {
            return Err(unsupported(
                location,
                format!(
                    "the integer type i{width} (wider than 64 bits; needs --spirv-ext=+{})",
                    EXTENSIONS[0]
                ),
            ));
        }
        if let Some(ext) = allowed {
            self.b.extension(ext);
            self.b
                .capability(Capability::ArbitraryPrecisionIntegersALTERA);
            return Ok(self.b.type_int(width, false));
        }
        Ok(self.int_type(widened(width)))
    }

    /// The LLVM integer width of `ty` (or of its elements) when it is carried in a wider
    /// SPIR-V integer (no arbitrary-precision extension): the bits above it are unspecified.
    pub(crate) fn widened_int_width(&self, ty: llvm::TypeId) -> Option<u32> {
        match self.m.types.get(self.m.types.scalar(ty)) {
            Type::Int(4) if self.opts.allows(INT4) => None,
            Type::Int(w) if !matches!(w, 1 | 8 | 16 | 32 | 64) && *w <= 64 => {
                (!EXTENSIONS.into_iter().any(|e| self.opts.allows(e))).then_some(*w)
            }
            _ => None,
        }
    }
}

/// How an operation reads an odd-width integer carried in a wider SPIR-V integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Extension {
    /// Zero-extended from the LLVM width: equality, unsigned order, udiv/urem, lshr, the shift
    /// amounts, uitofp, switch.
    Zero,
    /// Sign-extended from it: signed order, sdiv/srem, ashr, sitofp.
    Sign,
}

impl Translator<'_> {
    /// `v` (of LLVM type `ty`) made exact for an operation that reads the bits above an odd
    /// LLVM width: the carrier's upper bits are unspecified (arithmetic leaves them as they
    /// fall, as LLVM's own type promotion does), so they are cleared or filled with the sign
    /// first. Values of other types come back unchanged.
    pub(crate) fn exact_widened(
        &mut self,
        v: Id,
        ty: llvm::TypeId,
        extension: Extension,
        location: &str,
    ) -> Result<Id> {
        let Some(width) = self.widened_int_width(ty) else {
            return Ok(v);
        };
        let carrier = widened(width);
        let spv_ty = self.ty(ty, location)?;
        Ok(match extension {
            Extension::Zero => {
                let mask = self.carrier_splat(ty, carrier, (1u64 << width) - 1, location)?;
                self.emit_ops(Op::BitwiseAnd, spv_ty, [Operand::Id(v), Operand::Id(mask)])
            }
            Extension::Sign => {
                let shift =
                    self.carrier_splat(ty, carrier, u64::from(carrier - width), location)?;
                let up = self.emit_ops(
                    Op::ShiftLeftLogical,
                    spv_ty,
                    [Operand::Id(v), Operand::Id(shift)],
                );
                self.emit_ops(
                    Op::ShiftRightArithmetic,
                    spv_ty,
                    [Operand::Id(up), Operand::Id(shift)],
                )
            }
        })
    }

    /// A constant of the carrier type of `ty` (scalar or vector, carried in `carrier` bits)
    /// holding `bits` unmasked (a shift amount can exceed what the LLVM width holds: 6 for an
    /// `i2` in 8 bits).
    pub(crate) fn carrier_splat(
        &mut self,
        ty: llvm::TypeId,
        carrier: u32,
        bits: u64,
        location: &str,
    ) -> Result<Id> {
        let scalar_ty = self.int_type(carrier);
        let scalar = if carrier == 64 {
            self.b.constant_u64(scalar_ty, bits)
        } else {
            self.b.constant_u32(scalar_ty, bits as u32)
        };
        match self.m.types.get(ty) {
            Type::Vector { len, .. } if *len > 1 => {
                let len = *len as usize;
                let vector_ty = self.ty(ty, location)?;
                Ok(self.b.dedup_global(
                    Op::ConstantComposite,
                    Some(vector_ty),
                    vec![Operand::Id(scalar); len],
                ))
            }
            _ => Ok(scalar),
        }
    }
}

/// The literal words (low first) of a `width`-bit integer constant given as 64-bit chunks
/// (low first; the last one sign-extends, as LLVM's wide constants and a plain `i64` value
/// do), the bits above `width` cleared: OpTypeInt N has signedness 0.
pub(crate) fn wide_literal(width: u32, chunks: &[u64]) -> Vec<u32> {
    let extension = match chunks.last() {
        Some(&c) if (c as i64) < 0 => u64::MAX,
        _ => 0,
    };
    let count = width.div_ceil(32) as usize;
    let mut words: Vec<u32> = (0..count)
        .map(|i| {
            let chunk = chunks.get(i / 2).copied().unwrap_or(extension);
            (chunk >> (32 * (i % 2))) as u32
        })
        .collect();
    if !width.is_multiple_of(32) {
        if let Some(top) = words.last_mut() {
            *top &= (1u32 << (width % 32)) - 1;
        }
    }
    words
}

/// The standard width an odd integer width is carried in.
pub(crate) fn widened(width: u32) -> u32 {
    match width {
        0..=8 => 8,
        9..=16 => 16,
        17..=32 => 32,
        _ => 64,
    }
}

#[cfg(test)]
mod tests {
    use super::wide_literal;

    #[test]
    fn wide_literals_sign_extend_their_last_chunk_and_clear_above_the_width() {
        assert_eq!(wide_literal(128, &[5]), vec![5, 0, 0, 0]);
        assert_eq!(wide_literal(128, &[u64::MAX]), vec![u32::MAX; 4]);
        assert_eq!(wide_literal(96, &[u64::MAX]), vec![u32::MAX; 3]);
        assert_eq!(
            wide_literal(72, &[u64::MAX]),
            vec![u32::MAX, u32::MAX, 0xff]
        );
        assert_eq!(
            wide_literal(128, &[0, 1]),
            vec![0, 0, 1, 0],
            "2^64 as LLVM's two chunks"
        );
        assert_eq!(wide_literal(256, &[1, 1 << 63]).len(), 8);
        assert_eq!(wide_literal(256, &[1, 1 << 63])[4..], [u32::MAX; 4]);
    }
}
