//! Vectors of a length OpenCL does not have (anything but 2, 3, 4, 8 and 16 components).
//!
//! SPIR-V's OpTypeVector takes any literal component count once a capability lifts the
//! Kernel environment's limit: VectorAnyINTEL (SPV_INTEL_vector_compute) or LongVectorEXT
//! (5425, SPV_EXT_long_vector). With both extensions enabled llvm-spirv takes the INTEL
//! capability for a vector-compute module (a `"VCFunction"` function or a
//! `"VCGlobalVariable"` global: its `prioritize_over_LongVecEXT_*` tests) and LongVectorEXT
//! otherwise (`priority_over_vector_compute.ll`); with neither it refuses the vector naming
//! both extensions. So does this module. The component count stays a
//! literal (llvm-spirv does not emit SPV_EXT_long_vector's OpTypeVectorIdEXT).

use crate::error::{unsupported, Result};
use crate::forward::translator::Translator;
use spirvkit_grammar::Capability;

pub const VECTOR_COMPUTE: &str = "SPV_INTEL_vector_compute";
pub const LONG_VECTOR: &str = "SPV_EXT_long_vector";

/// The most components a vector may have (2^20: 16 times the longest vector the tests
/// build, far beyond any OpenCL or vector-compute kernel).
pub const MAX_VECTOR_COMPONENTS: u32 = 1 << 20;

/// A component count the OpenCL environment allows without an extension.
pub fn is_opencl_length(len: u32) -> bool {
    matches!(len, 2 | 3 | 4 | 8 | 16)
}

/// Declares what a `len`-component vector needs (Vector16 for 8 and 16; VectorAnyINTEL or
/// LongVectorEXT with its extension for any other length), or refuses it naming both
/// extensions.
pub fn declare_vector_length(t: &mut Translator<'_>, len: u32, location: &str) -> Result<()> {
    // Building a vector from scalars or constants lists every component (in continued
    // instructions under SPV_INTEL_long_composites): a length read from the input must not
    // ask for that many operands unchecked (`<4294967295 x float>`: 64 GiB). The LLVM readers
    // list vectors up to the same length.
    if len > MAX_VECTOR_COMPONENTS {
        return Err(unsupported(
            location,
            format!("a vector of {len} elements (at most {MAX_VECTOR_COMPONENTS} are translated)"),
        ));
    }
    if is_opencl_length(len) {
        if len > 4 {
            t.b.capability(Capability::Vector16);
        }
        return Ok(());
    }
    let vector_compute = t.opts.allows(VECTOR_COMPUTE)
        && (!t.opts.allows(LONG_VECTOR)
            || crate::forward::vector_compute::is_vector_compute_module(t.m));
    if vector_compute {
        t.b.extension(VECTOR_COMPUTE);
        t.b.capability(Capability::VectorAnyINTEL);
    } else if t.opts.allows(LONG_VECTOR) {
        t.b.extension(LONG_VECTOR);
        t.b.capability(Capability::LongVectorEXT);
    } else {
        return Err(unsupported(
            location,
            format!(
                "a vector of {len} elements (needs --spirv-ext=+{LONG_VECTOR} or \
                 --spirv-ext=+{VECTOR_COMPUTE})"
            ),
        ));
    }
    Ok(())
}
