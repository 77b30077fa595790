//! SPV_INTEL_bfloat16_arithmetic: SPV_KHR_bfloat16 gives the bfloat16 type with loads, stores,
//! composites and conversions (to and from other float widths and integers: OpFConvert,
//! OpConvertFToU/FToS/SToF/UToF); arithmetic on it (fneg and the binary float operations,
//! comparisons, math built-ins and intrinsics, OpenCL C built-ins such as vloadn) needs
//! BFloat16ArithmeticINTEL, declared when the extension is allowed and
//! refused naming it otherwise, as llvm-spirv does. (SPV_EXT_bfloat16_arithmetic's
//! BFloat16ArithmeticEXT is newer than the grammar and its supplement: a module that needs it
//! is refused naming the INTEL extension.)

use crate::error::{unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::{Callee, Translator};
use llvm::{InstKind, Type, ValueRef};
use spirvkit_grammar::Capability;
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_INTEL_bfloat16_arithmetic";

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
                    // SPV_KHR_bfloat16 in its test).
                    Some(Callee::Builtin(d)) => !d.name.starts_with("__spirv_"),
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
    if !t.opts.allows(EXTENSION) {
        return Err(unsupported(
            &ctx.location,
            format!("arithmetic on bfloat16 (needs --spirv-ext=+{EXTENSION})"),
        ));
    }
    t.b.extension(EXTENSION);
    t.b.capability(Capability::BFloat16ArithmeticINTEL);
    Ok(())
}

/// bfloat16 or a vector of it.
fn is_bfloat(m: &llvm::Module, ty: llvm::TypeId) -> bool {
    matches!(m.types.get(m.types.scalar(ty)), Type::BFloat)
}
