//! Integers of widths other than 8/16/32/64 (`i13`, `i48`): with
//! SPV_INTEL_arbitrary_precision_integers (or its SPV_ALTERA_ rename) OpTypeInt of that width
//! with the ArbitraryPrecisionIntegers capability; without it, widened to the next of 8, 16,
//! 32, 64 as llvm-spirv does (its `widen-integers` test). Constants are masked to the LLVM
//! width either way. Wider than 64 bits is refused.

use crate::error::{unsupported, Result};
use crate::forward::translator::Translator;
use llvm::Type;
use spirvkit_core::Id;
use spirvkit_grammar::Capability;
use spirvkit_llvm as llvm;

const EXTENSIONS: [&str; 2] = [
    "SPV_INTEL_arbitrary_precision_integers",
    "SPV_ALTERA_arbitrary_precision_integers",
];

impl<'m> Translator<'m> {
    pub(crate) fn odd_int_type(&mut self, width: u32, location: &str) -> Result<Id> {
        if width > 64 {
            return Err(unsupported(
                location,
                format!("the integer type i{width} (wider than 64 bits)"),
            ));
        }
        if let Some(ext) = EXTENSIONS.into_iter().find(|e| self.opts.allows(e)) {
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
            Type::Int(w) if !matches!(w, 1 | 8 | 16 | 32 | 64) && *w <= 64 => {
                (!EXTENSIONS.into_iter().any(|e| self.opts.allows(e))).then_some(*w)
            }
            _ => None,
        }
    }
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
