//! SPV_KHR_float_controls2, as llvm-spirv's newest tests (`test/extensions/KHR/
//! SPV_KHR_float_controls2/`) map it when the extension is enabled:
//! - LLVM's fast-math flags become FPFastMathMode with the extension's bits: `nnan` NotNaN,
//!   `ninf` NotInf, `nsz` NSZ, `arcp` AllowRecip, `contract` AllowContract (0x10000), `reassoc`
//!   AllowReassoc (0x20000), `afn` AllowTransform (0x40000, which the extension allows only
//!   together with the other two), and never the deprecated Fast (`fast` is 0x7000F: its
//!   fp-fast-math-mode-function-call test);
//! - a call of a defined function with fast-math flags (`call fast @helper`) decorates its
//!   OpFunctionCall, which only the extension allows (the same test; extension instructions
//!   such as OpGroupFMulKHR are not decorated);
//! - the extension is declared (capability FloatControls2) only when something needs it: a
//!   flag without a pre-extension bit (`contract`, `reassoc`, `afn`) or a decorated call. A
//!   module whose flags all have core bits (`nnan`) does not use it (its
//!   extension_not_needed_but_used test);
//! - in a module that uses it, an entry point's ContractionOff (31) and
//!   SignedZeroInfNanPreserve (4461) — which the extension forbids next to its capability —
//!   become OpExecutionModeId FPFastMathDefault (6028) with a 0 mask: for every IEEE float type
//!   of the module for ContractionOff, for the float type of that width for
//!   SignedZeroInfNanPreserve (its execution_mode_default / _contract_off /
//!   _signed_zero_inf_nan_preserve tests).
//!
//! Without the extension enabled nothing here applies: the flags are the older FPFastMathMode
//! (instructions/arith.rs) and the two modes stay.

use crate::error::Result;
use crate::forward::translator::Translator;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{Capability, ExecutionMode, FPFastMathMode, Op};
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_KHR_float_controls2";

/// FPFastMathMode's core bits (NotNaN, NotInf, NSZ, AllowRecip).
const CORE_BITS: u32 = 0xf;

/// Whether the translation uses the extension's form of the fast-math flags: the extension
/// is enabled and the version cap allows OpExecutionModeId (SPIR-V 1.2), which its
/// FPFastMathDefault needs.
pub(crate) fn enabled(t: &Translator<'_>) -> bool {
    const V1_2: u32 = 0x0001_0200;
    t.opts.allows(EXTENSION) && t.opts.max_version >= V1_2
}

/// The FPFastMathMode mask of LLVM's fast-math flags under the extension.
pub(crate) fn fast_math_mode(fast_math: u32) -> u32 {
    use llvm::fmf;
    // The old bitcode "unsafe algebra" bit means every flag.
    let all = fast_math & fmf::FAST_OLD != 0;
    let has = |flag: u32| all || fast_math & flag != 0;
    let mut mode = 0;
    for (flag, bit) in [
        (fmf::NNAN, FPFastMathMode::NotNaN.0),
        (fmf::NINF, FPFastMathMode::NotInf.0),
        (fmf::NSZ, FPFastMathMode::NSZ.0),
        (fmf::ARCP, FPFastMathMode::AllowRecip.0),
        (fmf::CONTRACT, FPFastMathMode::AllowContract.0),
        (fmf::REASSOC, FPFastMathMode::AllowReassoc.0),
    ] {
        if has(flag) {
            mode |= bit;
        }
    }
    if has(fmf::AFN) && has(fmf::CONTRACT) && has(fmf::REASSOC) {
        mode |= FPFastMathMode::AllowTransform.0;
    }
    mode
}

/// Decorates `id` with the extension's FPFastMathMode of `fast_math`; `needs_extension`: the
/// instruction takes the decoration only under the extension (an OpFunctionCall). Declares the
/// extension when the mask needs it. Whether it decorated.
pub(crate) fn decorate(
    t: &mut Translator<'_>,
    id: Id,
    fast_math: u32,
    needs_extension: bool,
) -> bool {
    let mode = fast_math_mode(fast_math);
    if mode == 0 {
        return false;
    }
    if needs_extension || mode & !CORE_BITS != 0 {
        declare(t);
    }
    t.b.decorate(
        id,
        spirvkit_grammar::Decoration::FPFastMathMode.0,
        &[Operand::Word(mode)],
    );
    true
}

/// `call <flags> @f(...)` of a defined function: the flags on its OpFunctionCall, when the
/// call is the instruction just emitted with result `out`.
pub(crate) fn decorate_function_call(t: &mut Translator<'_>, out: Id, fast_math: u32) {
    if fast_math == 0 || out.0 == 0 || !enabled(t) {
        return;
    }
    let is_call =
        t.b.current_function()
            .and_then(|f| f.blocks.last())
            .and_then(|b| b.instructions.last())
            .is_some_and(|i| i.opcode == Op::FunctionCall && i.result_id == Some(out));
    if is_call {
        decorate(t, out, fast_math, true);
    }
}

fn declare(t: &mut Translator<'_>) {
    t.b.extension(EXTENSION);
    t.b.capability(Capability::FloatControls2);
}

/// Whether the module uses the extension (so the two modes it forbids are replaced).
pub(crate) fn used(t: &Translator<'_>) -> bool {
    t.b.has_capability(Capability::FloatControls2)
}

/// Entry point `entry`'s `mode` (with its literals) in a module that uses the extension:
/// ContractionOff / SignedZeroInfNanPreserve become FPFastMathDefault 0 (not yet given in
/// `defaulted`, the float widths already defaulted for this entry point). `Ok(false)`: the
/// mode is not replaced and is emitted as it is.
pub(crate) fn replace_mode(
    t: &mut Translator<'_>,
    location: &str,
    entry: Id,
    mode: u32,
    literals: &[u32],
    defaulted: &mut Vec<u32>,
) -> Result<bool> {
    if !used(t) {
        return Ok(false);
    }
    let widths: Vec<u32> = match literals.first() {
        _ if mode == ExecutionMode::ContractionOff.0 => vec![16, 32, 64],
        Some(&width) if mode == ExecutionMode::SignedZeroInfNanPreserve.0 => vec![width],
        // Any other mode, or a SignedZeroInfNanPreserve without its width (left to the
        // grammar's operand check, which reports it).
        _ => return Ok(false),
    };
    for width in widths {
        if defaulted.contains(&width) {
            continue;
        }
        // Only the float types the module has (an IEEE one: no encoding operand).
        let probe = Instruction::new(Op::TypeFloat, None, None, [Operand::Word(width)]);
        let Some(ty) = t.b.find_dedup(&probe) else {
            continue;
        };
        if let Some(op) = Op::ExecutionModeId.desc() {
            crate::forward::requirements::require(t, location, "OpExecutionModeId", &op.avail)?;
        }
        let zero = t.u32_constant(0);
        t.b.global(Instruction::new(
            Op::ExecutionModeId,
            None,
            None,
            [
                Operand::Id(entry),
                Operand::Word(ExecutionMode::FPFastMathDefault.0),
                Operand::Id(ty),
                Operand::Id(zero),
            ],
        ));
        defaulted.push(width);
    }
    Ok(true)
}
