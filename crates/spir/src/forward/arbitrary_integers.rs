//! Integers of widths other than 8/16/32/64 (`i13`, `i48`): with
//! SPV_INTEL_arbitrary_precision_integers (or its SPV_ALTERA_ rename) OpTypeInt of that width
//! with the ArbitraryPrecisionIntegers capability; without it, widened to the next of 8, 16,
//! 32, 64 as llvm-spirv does (its `widen-integers` test). Constants are masked to the LLVM
//! width either way. Wider than 64 bits is refused.

use crate::error::{unsupported, Result};
use crate::forward::translator::Translator;
use spirvkit_core::Id;
use spirvkit_grammar::Capability;

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
        let widened = match width {
            0..=8 => 8,
            9..=16 => 16,
            17..=32 => 32,
            _ => 64,
        };
        Ok(self.int_type(widened))
    }
}
