//! SPV_KHR_float_controls2, as llvm-spirv maps LLVM onto it when the extension is allowed:
//!
//! - LLVM's fast-math flags become FPFastMathMode with the extension's bits — `contract` →
//!   AllowContract, `reassoc` → AllowReassoc, `afn` → AllowTransform, besides NotNaN, NotInf,
//!   NSZ and AllowRecip — and never the deprecated Fast bit (`fast` is all seven bits,
//!   458767, llvm-spirv's `fp-fast-math-mode-function-call.ll`);
//! - the extension lets any core instruction carry FPFastMathMode: a call with fast-math flags
//!   to a function of the module (OpFunctionCall) is decorated too — an extension instruction
//!   (OpGroupFMulKHR, ...) is not;
//! - the execution modes FloatControls2 deprecates become FPFastMathDefault with a mode of 0
//!   (no fast-math permission): ContractionOff for each floating-point type of the module,
//!   SignedZeroInfNanPreserve for the type of its width (llvm-spirv's
//!   `execution_mode_contract_off.ll`, `execution_mode_default.ll`,
//!   `execution_mode_signed_zero_inf_nan_preserve.ll`).
//!
//! Each use declares the FloatControls2 capability and the extension; without the extension
//! the translator keeps SPIR-V 1.0's modes and the SPV_INTEL_fp_fast_math_mode mapping
//! (instructions/arith.rs).

use crate::forward::translator::Translator;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{Capability, ExecutionMode, FPFastMathMode, Op};
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_KHR_float_controls2";

/// Whether `--spirv-ext` allows SPV_KHR_float_controls2.
pub(crate) fn enabled(t: &Translator<'_>) -> bool {
    t.opts.allows(EXTENSION)
}

fn declare(t: &mut Translator<'_>) {
    t.b.extension(EXTENSION);
    t.b.capability(Capability::FloatControls2);
}

/// The FPFastMathMode mask of LLVM fast-math flags under SPV_KHR_float_controls2.
/// AllowTransform is only meaningful with AllowReassoc and AllowContract (the extension
/// requires them with it, as spirv-val checks): an `afn` without both is dropped, a hint.
pub(crate) fn mode_of(fast_math: u32) -> u32 {
    use llvm::fmf;
    // LLVM's old "unsafe algebra" bit stands for every flag.
    let flags = if fast_math & fmf::FAST_OLD != 0 {
        fmf::NNAN | fmf::NINF | fmf::NSZ | fmf::ARCP | fmf::CONTRACT | fmf::AFN | fmf::REASSOC
    } else {
        fast_math
    };
    let bits = [
        (fmf::NNAN, FPFastMathMode::NotNaN.0),
        (fmf::NINF, FPFastMathMode::NotInf.0),
        (fmf::NSZ, FPFastMathMode::NSZ.0),
        (fmf::ARCP, FPFastMathMode::AllowRecip.0),
        (fmf::CONTRACT, FPFastMathMode::AllowContract.0),
        (fmf::REASSOC, FPFastMathMode::AllowReassoc.0),
    ];
    let mut mode = bits
        .iter()
        .filter(|(flag, _)| flags & flag != 0)
        .fold(0, |m, (_, bit)| m | bit);
    let transform_needs = FPFastMathMode::AllowContract.0 | FPFastMathMode::AllowReassoc.0;
    if flags & fmf::AFN != 0 && mode & transform_needs == transform_needs {
        mode |= FPFastMathMode::AllowTransform.0;
    }
    mode
}

/// Decorates `id` with the FloatControls2 FPFastMathMode of `fast_math`; whether it did.
pub(crate) fn decorate(t: &mut Translator<'_>, id: Id, fast_math: u32) -> bool {
    let mode = mode_of(fast_math);
    if mode == 0 {
        return false;
    }
    declare(t);
    t.b.decorate(
        id,
        spirvkit_grammar::Decoration::FPFastMathMode.0,
        &[Operand::Word(mode)],
    );
    true
}

/// A call with fast-math flags to a function of the module (`out`, its OpFunctionCall's
/// result): decorated when the extension is allowed and the call has a value.
pub(crate) fn function_call(
    t: &mut Translator<'_>,
    callee: &llvm::ValueRef,
    out: Id,
    void_result: bool,
    fast_math: u32,
) {
    if fast_math == 0 || void_result || out.0 == 0 || !enabled(t) {
        return;
    }
    let llvm::ValueRef::Function(f) = callee else {
        return;
    };
    if matches!(
        t.callees.get(f.0 as usize),
        Some(crate::forward::translator::Callee::Function(_))
    ) {
        decorate(t, out, fast_math);
    }
}

/// The floating-point types (16-, 32- and 64-bit IEEE) the module declares.
fn declared_float_types(t: &Translator<'_>) -> Vec<Id> {
    [16u32, 32, 64]
        .iter()
        .filter_map(|&width| {
            t.b.find_dedup(&Instruction::new(
                Op::TypeFloat,
                None,
                None,
                [Operand::Word(width)],
            ))
        })
        .collect()
}

/// FPFastMathDefault of entry point `entry` for each of `types`, with no fast-math
/// permission (the constant 0). A type the entry point already has one for is skipped (both
/// ContractionOff and SignedZeroInfNanPreserve may ask for it; the mode may be given once
/// per entry point and type, and 0 already says the most).
fn no_fast_math_defaults(t: &mut Translator<'_>, entry: Id, types: &[Id]) {
    let types: Vec<Id> = types
        .iter()
        .copied()
        .filter(|&ty| !t.fast_math_defaults.contains(&(entry, ty)))
        .collect();
    if types.is_empty() {
        return;
    }
    declare(t);
    // OpExecutionModeId is SPIR-V 1.2.
    t.needed_version = t.needed_version.max(0x0001_0200);
    let uint = t.b.type_int(32, false);
    let zero = t.b.constant_u32(uint, 0);
    for ty in types {
        t.fast_math_defaults.push((entry, ty));
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
    }
}

/// ContractionOff for entry point `entry` under the extension: FPFastMathDefault 0 for each
/// floating-point type of the module (a module without one has nothing to contract).
pub(crate) fn contraction_off(t: &mut Translator<'_>, entry: Id) {
    let types = declared_float_types(t);
    no_fast_math_defaults(t, entry, &types);
}

/// SignedZeroInfNanPreserve of `width`-bit floats under the extension: FPFastMathDefault 0 for
/// that type.
pub(crate) fn signed_zero_inf_nan_preserve(t: &mut Translator<'_>, entry: Id, width: u32) {
    let ty = t.b.type_float(width);
    no_fast_math_defaults(t, entry, &[ty]);
}
