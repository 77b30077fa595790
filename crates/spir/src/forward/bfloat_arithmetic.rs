//! bfloat16 arithmetic: SPV_KHR_bfloat16 gives the bfloat16 type with loads, stores,
//! composites and conversions (to and from other float widths and integers: OpFConvert,
//! OpConvertFToU/FToS/SToF/UToF); arithmetic on it (fneg and the binary float operations,
//! comparisons, math built-ins and intrinsics, OpenCL C built-ins) needs capability 6226:
//! BFloat16ArithmeticINTEL of SPV_INTEL_bfloat16_arithmetic, or the same token as
//! BFloat16ArithmeticEXT of SPV_EXT_bfloat16_arithmetic (the Khronos registry's revision 2 of
//! the same feature, "switched to an EXT extension"). The extension allowed is declared (the
//! EXT one when both are), or the construct is refused naming both.

use crate::error::{unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::{Callee, Translator};
use llvm::{InstKind, Type, ValueRef};
use spirvkit_grammar::Capability;
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_INTEL_bfloat16_arithmetic";
pub(crate) const EXT_EXTENSION: &str = "SPV_EXT_bfloat16_arithmetic";

/// The bfloat16 arithmetic extension the options allow (the Khronos EXT one first).
pub(crate) fn allowed_extension(t: &Translator<'_>) -> Option<&'static str> {
    [EXT_EXTENSION, EXTENSION]
        .into_iter()
        .find(|e| t.opts.allows(e))
}

/// Declares the allowed arithmetic extension and capability 6226, or refuses `what` naming
/// both extensions.
pub(crate) fn require(t: &mut Translator<'_>, location: &str, what: &str) -> Result<()> {
    let Some(extension) = allowed_extension(t) else {
        return Err(unsupported(
            location,
            format!("{what} (needs --spirv-ext=+{EXTENSION} or --spirv-ext=+{EXT_EXTENSION})"),
        ));
    };
    t.b.extension(extension);
    t.b.capability(Capability::BFloat16ArithmeticINTEL);
    Ok(())
}

/// Intrinsic families that do no arithmetic on their operands.
const NOT_ARITHMETIC: &[&str] = &[
    "lifetime",
    "dbg",
    "memcpy",
    "memmove",
    "memset",
    "var",
    "ptr",
    "annotation",
    "assume",
    "expect",
    "invariant",
    "donothing",
    "sideeffect",
    "experimental",
    "stacksave",
    "stackrestore",
];

/// Declares (or refuses) what bfloat16 arithmetic in `inst` needs.
pub(crate) fn check(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    inst: &llvm::Instruction,
) -> Result<()> {
    let bf = |t: &Translator<'_>, v: &ValueRef| {
        t.value_llvm_type(ctx, *v)
            .is_ok_and(|ty| is_bfloat(t.m, ty))
    };
    // The OpenCL `dot` of two bfloat16 vectors is OpDot, which SPV_KHR_bfloat16 itself
    // permits with its BFloat16DotProductKHR capability (no arithmetic extension needed;
    // llvm-spirv's `bfloat16_dot.ll`).
    if let InstKind::Call {
        callee: ValueRef::Function(f),
        args,
        ..
    } = &inst.kind
    {
        if let Some(Callee::Builtin(d)) = t.callees.get(f.0 as usize) {
            let bfloat_vector = |t: &Translator<'_>, v: &ValueRef| {
                t.value_llvm_type(ctx, *v).is_ok_and(|ty| {
                    matches!(t.m.types.get(ty), Type::Vector { .. }) && is_bfloat(t.m, ty)
                })
            };
            if d.name == "dot" && args.first().is_some_and(|a| bfloat_vector(t, a)) {
                t.b.capability(Capability::BFloat16DotProductKHR);
                return Ok(());
            }
        }
    }
    let arithmetic = match &inst.kind {
        InstKind::Binary { lhs, .. } => bf(t, lhs),
        InstKind::FNeg { value, .. } => bf(t, value),
        InstKind::Cmp { lhs, .. } => bf(t, lhs),
        InstKind::Call { callee, args, .. } => {
            let math = match callee {
                ValueRef::Function(f) => match t.callees.get(f.0 as usize) {
                    // OpenCL C built-ins (math, vload/vstore, ...) become OpenCL.std
                    // instructions; SPV-IR calls name their instruction and stay as
                    // llvm-spirv takes them (`__spirv_ocl_nan` returning bfloat16 needs only
                    // SPV_KHR_bfloat16 in its test); `__builtin_spirv_Convert*` FP8
                    // conversions are OpFConvert, not arithmetic.
                    Some(Callee::Builtin(d)) => {
                        !d.name.starts_with("__spirv_") && !d.name.starts_with("__builtin_spirv_")
                    }
                    Some(Callee::Intrinsic(name)) => {
                        let family = name.trim_start_matches("llvm.").split('.').next();
                        family.is_some_and(|f| !NOT_ARITHMETIC.contains(&f))
                    }
                    _ => false,
                },
                _ => false,
            };
            math && (is_bfloat(t.m, inst.ty) || args.iter().any(|a| bf(t, a)))
        }
        _ => false,
    };
    if !arithmetic {
        return Ok(());
    }
    require(t, &ctx.location, "arithmetic on bfloat16")
}

/// bfloat16 or a vector of it.
pub(crate) fn is_bfloat(m: &llvm::Module, ty: llvm::TypeId) -> bool {
    matches!(m.types.get(m.types.scalar(ty)), Type::BFloat)
}
