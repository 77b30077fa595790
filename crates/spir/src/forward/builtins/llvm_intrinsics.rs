//! LLVM intrinsics beyond the math families of `math.rs`: saturating and overflow-checked
//! arithmetic, funnel shifts, byte swaps, three-way compares, saturating float-to-int
//! conversions, vector reductions, constrained floating point, pointer masks, and the math
//! functions OpenCL.std has under another name (llvm-spirv's lowering, written from the LLVM
//! Language Reference and the OpenCL.std specification).

use super::{ext_inst, math::ext_number};
use crate::error::{malformed, unsupported, Result};
use crate::forward::arbitrary_integers::Extension;
use crate::forward::context::FnCtx;
use crate::forward::rounded_divide_sqrt;
use crate::forward::translator::Translator;
use llvm::{Type, TypeId, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration, Op};
use spirvkit_llvm as llvm;

/// The intrinsic's name without `llvm.` and without its overload suffixes (`uadd.sat.i32` →
/// `uadd.sat`, `vector.reduce.add.v4i32` → `vector.reduce.add`).
pub(super) fn stem(base: &str) -> &str {
    let is_type = |s: &str| {
        let b = s.as_bytes();
        matches!(b.first(), Some(b'i' | b'f' | b'v' | b'p'))
            && b.get(1).is_some_and(u8::is_ascii_digit)
            || s.starts_with("nxv")
            // `bf16`, and the type names some producers spell out (`llvm.fabs.bfloat`).
            || matches!(s, "bf16" | "bfloat" | "half" | "float" | "double")
    };
    let mut end = base.len();
    let mut start: usize = 0;
    for segment in base.split('.') {
        if is_type(segment) {
            end = start.saturating_sub(1);
            break;
        }
        start += segment.len() + 1;
    }
    &base[..end.min(base.len())]
}

/// OpenCL.std functions LLVM names differently (or that `math.rs` does not list).
fn opencl_std_name(stem: &str) -> Option<&'static str> {
    Some(match stem {
        "uadd.sat" => "u_add_sat",
        "sadd.sat" => "s_add_sat",
        "usub.sat" => "u_sub_sat",
        "ssub.sat" => "s_sub_sat",
        "exp10" => "exp10",
        "tan" => "tan",
        "asin" => "asin",
        "acos" => "acos",
        "atan" => "atan",
        "atan2" => "atan2",
        "sinh" => "sinh",
        "cosh" => "cosh",
        "tanh" => "tanh",
        // Round to nearest even in the default rounding mode: OpenCL's rint.
        "nearbyint" | "roundeven" => "rint",
        "ldexp" => "ldexp",
        "powi" => "pown",
        _ => return None,
    })
}

pub(super) fn handles(stem: &str) -> bool {
    opencl_std_name(stem).is_some()
        || stem.starts_with("fpbuiltin.")
        || matches!(
            stem,
            "fptosi.sat"
                | "fptoui.sat"
                | "lround"
                | "llround"
                | "lrint"
                | "llrint"
                | "fshl"
                | "fshr"
                | "bswap"
                | "scmp"
                | "ucmp"
                | "ptrmask"
                | "threadlocal.address"
                | "arithmetic.fence"
                | "sincos"
                | "sadd.with.overflow"
                | "uadd.with.overflow"
                | "ssub.with.overflow"
                | "usub.with.overflow"
                | "umul.with.overflow"
                | "smul.with.overflow"
                | "is.fpclass"
                | "isnan"
                | "objectsize"
                | "canonicalize"
                | "frexp"
                | "modf"
                | "ushl.sat"
                | "sshl.sat"
        )
        || stem.starts_with("vector.reduce.")
        || constrained(stem).is_some()
}

/// `experimental.constrained.OP`: the operation under the default environment (rounding and
/// exception metadata say what the code may assume, not what it must do).
fn constrained(stem: &str) -> Option<&str> {
    stem.strip_prefix("experimental.constrained.").filter(|op| {
        constrained_op(op).is_some() || matches!(*op, "fma" | "fmuladd" | "fcmp" | "fcmps" | "sqrt")
    })
}

/// The comparison of a constrained `fcmp`/`fcmps` predicate (its first metadata operand,
/// `!"oeq"`, ...): the quiet and the signaling forms compare alike in the default
/// environment, as llvm-spirv translates them (`constrained-comparison.ll`).
fn constrained_compare(predicate: &[u8]) -> Option<Op> {
    Some(match predicate {
        b"oeq" => Op::FOrdEqual,
        b"ogt" => Op::FOrdGreaterThan,
        b"oge" => Op::FOrdGreaterThanEqual,
        b"olt" => Op::FOrdLessThan,
        b"ole" => Op::FOrdLessThanEqual,
        b"one" => Op::FOrdNotEqual,
        b"ord" => Op::Ordered,
        b"ueq" => Op::FUnordEqual,
        b"ugt" => Op::FUnordGreaterThan,
        b"uge" => Op::FUnordGreaterThanEqual,
        b"ult" => Op::FUnordLessThan,
        b"ule" => Op::FUnordLessThanEqual,
        b"une" => Op::FUnordNotEqual,
        b"uno" => Op::Unordered,
        _ => return None,
    })
}

fn constrained_op(op: &str) -> Option<Op> {
    Some(match op {
        "fadd" => Op::FAdd,
        "fsub" => Op::FSub,
        "fmul" => Op::FMul,
        "fdiv" => Op::FDiv,
        "frem" => Op::FRem,
        "fptosi" => Op::ConvertFToS,
        "fptoui" => Op::ConvertFToU,
        "sitofp" => Op::ConvertSToF,
        "uitofp" => Op::ConvertUToF,
        "fptrunc" | "fpext" => Op::FConvert,
        _ => return None,
    })
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    stem: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let arg = |i: usize| {
        args.get(i)
            .copied()
            .ok_or_else(|| malformed(loc, format!("llvm.{stem} needs argument {}", i + 1)))
    };
    let ty = if t.m.types.is_void(result_ty) {
        t.b.type_void()
    } else {
        t.ty(result_ty, loc)?
    };
    if !t.opts.opencl_for_math_intrinsics && super::saturating::handles(stem) {
        let (a, b) = (t.value(ctx, arg(0)?)?, t.value(ctx, arg(1)?)?);
        return super::saturating::lower(t, out, ty, result_ty, stem, a, b, loc);
    }
    if let Some(name) = opencl_std_name(stem) {
        let number =
            ext_number(name).ok_or_else(|| malformed(loc, format!("no OpenCL.std {name}")))?;
        let ids = args
            .iter()
            .map(|&a| t.value(ctx, a).map(Operand::Id))
            .collect::<Result<Vec<_>>>()?;
        ext_inst(t, out, ty, number, ids);
        return Ok(());
    }
    if let Some(op) = constrained(stem) {
        // Trailing metadata operands (rounding, exceptions) are not values.
        let values: Vec<ValueRef> = args
            .iter()
            .copied()
            .filter(|a| !matches!(a, ValueRef::Metadata(_)))
            .collect();
        let ids = values
            .iter()
            .map(|&a| t.value(ctx, a).map(Operand::Id))
            .collect::<Result<Vec<_>>>()?;
        if matches!(op, "fcmp" | "fcmps") {
            let predicate = args
                .iter()
                .find_map(|a| match a {
                    ValueRef::Metadata(md) => {
                        t.m.md_string(&llvm::MdOperand::Metadata(*md))
                            .map(<[u8]>::to_vec)
                    }
                    _ => None,
                })
                .ok_or_else(|| malformed(loc, format!("llvm.{stem} without its predicate")))?;
            let opcode = constrained_compare(&predicate).ok_or_else(|| {
                malformed(
                    loc,
                    format!(
                        "llvm.{stem} predicate {:?}",
                        String::from_utf8_lossy(&predicate)
                    ),
                )
            })?;
            t.emit_to(out, opcode, ty, ids);
            return Ok(());
        }
        match constrained_op(op) {
            Some(opcode) => t.emit_to(out, opcode, ty, ids),
            None => {
                let name = if op == "sqrt" { "sqrt" } else { "fma" };
                let number = ext_number(name)
                    .ok_or_else(|| malformed(loc, format!("no OpenCL.std {name}")))?;
                ext_inst(t, out, ty, number, ids);
            }
        }
        let mode = args.iter().find_map(|a| match a {
            ValueRef::Metadata(md) => {
                t.m.md_string(&llvm::MdOperand::Metadata(*md))
                    .and_then(rounded_divide_sqrt::rounding_mode)
            }
            _ => None,
        });
        match (op, mode) {
            ("fdiv" | "sqrt", Some(mode)) => {
                rounded_divide_sqrt::decorate(t, out, result_ty, mode);
            }
            // The conversions that take a rounding argument round by it: FPRoundingMode is
            // core SPIR-V on a conversion (llvm-spirv's constrained-convert.ll).
            ("sitofp" | "uitofp" | "fptrunc", Some(mode)) => {
                t.b.decorate(out, Decoration::FPRoundingMode.0, &[Operand::Word(mode)]);
            }
            _ => {}
        }
        return Ok(());
    }
    if let Some(op) = stem.strip_prefix("fpbuiltin.") {
        return fpbuiltin(t, ctx, out, ty, op, args);
    }
    if let Some(kind) = stem.strip_prefix("vector.reduce.") {
        return reduce(t, ctx, out, ty, kind, args);
    }
    match stem {
        "fptosi.sat" | "fptoui.sat" => {
            let v = t.value(ctx, arg(0)?)?;
            let op = if stem == "fptosi.sat" {
                Op::ConvertFToS
            } else {
                Op::ConvertFToU
            };
            t.emit_ops_to(out, op, ty, [Operand::Id(v)]);
            t.b.decorate(out, Decoration::SaturatedConversion.0, &[]);
        }
        "lround" | "llround" | "lrint" | "llrint" => {
            let x = arg(0)?;
            let xty = t.value_llvm_type(ctx, x)?;
            let fty = t.ty(xty, loc)?;
            let v = t.value(ctx, x)?;
            let name = if stem.ends_with("round") {
                "round"
            } else {
                "rint"
            };
            let number = ext_number(name).ok_or_else(|| malformed(loc, "no OpenCL.std round"))?;
            let rounded = t.b.alloc_id();
            ext_inst(t, rounded, fty, number, vec![Operand::Id(v)]);
            t.emit_ops_to(out, Op::ConvertFToS, ty, [Operand::Id(rounded)]);
        }
        "canonicalize" => {
            // The Language Reference's definition: the value multiplied by 1.0 (quiets
            // signalling NaNs, flushes denormals where the mode does).
            let one = match t.m.types.get(t.m.types.scalar(result_ty)) {
                Type::Half => 0x3c00,
                Type::Float => u64::from(1.0f32.to_bits()),
                Type::Double => 1.0f64.to_bits(),
                _ => return Err(malformed(loc, "llvm.canonicalize of a non-float")),
            };
            let one = t.splat(result_ty, one, loc)?;
            let v = t.value(ctx, arg(0)?)?;
            t.emit_ops_to(out, Op::FMul, ty, [Operand::Id(v), Operand::Id(one)]);
        }
        "objectsize" => {
            // The size of an object the module defines (an alloca of a constant count, a
            // global variable with its initializer, seen through casts) is that object's
            // allocation size, as llvm-spirv folds it; otherwise it is not known at compile
            // time: -1, or 0 when the second argument asks for the minimum (the LLVM
            // Language Reference's answer for unknown sizes).
            let min = t.const_int(arg(1)?).is_some_and(|v| v & 1 == 1);
            let size = known_object_size(t, ctx, arg(0)?);
            let size = size.unwrap_or(if min { 0 } else { u64::MAX });
            let value = t.splat(result_ty, size, loc)?;
            t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(value)]);
        }
        "is.fpclass" => fp_class(t, ctx, out, ty, arg(0)?, arg(1)?)?,
        // The intrinsic LLVM 14 had before is.fpclass (still in llvm-spirv's tests, and in
        // IR older producers wrote): OpIsNan, as llvm-spirv translates it.
        "isnan" => {
            let v = t.value(ctx, arg(0)?)?;
            t.emit_ops_to(out, Op::IsNan, ty, [Operand::Id(v)]);
        }
        "fshl" | "fshr" => funnel_shift(t, ctx, out, ty, result_ty, stem == "fshl", args)?,
        "bswap" => byte_swap(t, ctx, out, ty, result_ty, arg(0)?)?,
        "scmp" | "ucmp" => {
            let (a, b) = (arg(0)?, arg(1)?);
            let operand_ty = t.value_llvm_type(ctx, a)?;
            let (a, b) = (t.value(ctx, a)?, t.value(ctx, b)?);
            let bool_ty = bool_like(t, operand_ty);
            let (gt, lt) = if stem == "scmp" {
                (Op::SGreaterThan, Op::SLessThan)
            } else {
                (Op::UGreaterThan, Op::ULessThan)
            };
            let greater = t.emit_ops(gt, bool_ty, [Operand::Id(a), Operand::Id(b)]);
            let less = t.emit_ops(lt, bool_ty, [Operand::Id(a), Operand::Id(b)]);
            let one = t.splat(result_ty, 1, loc)?;
            let zero = t.splat(result_ty, 0, loc)?;
            let minus_one = t.splat(result_ty, u64::MAX, loc)?;
            let low = t.emit_ops(
                Op::Select,
                ty,
                [Operand::Id(less), Operand::Id(minus_one), Operand::Id(zero)],
            );
            t.emit_ops_to(
                out,
                Op::Select,
                ty,
                [Operand::Id(greater), Operand::Id(one), Operand::Id(low)],
            );
        }
        "ptrmask" => {
            let (p, mask) = (arg(0)?, arg(1)?);
            let mask_llvm = t.value_llvm_type(ctx, mask)?;
            let int_ty = t.ty(mask_llvm, loc)?;
            let pid = t.value(ctx, p)?;
            let mid = t.value(ctx, mask)?;
            let address = t.emit_ops(Op::ConvertPtrToU, int_ty, [Operand::Id(pid)]);
            let masked = t.emit_ops(
                Op::BitwiseAnd,
                int_ty,
                [Operand::Id(address), Operand::Id(mid)],
            );
            t.emit_ops_to(out, Op::ConvertUToPtr, ty, [Operand::Id(masked)]);
        }
        "threadlocal.address" => {
            // OpenCL has no thread-local storage: the address is the variable's.
            let v = t.value_as(ctx, arg(0)?, ty)?;
            t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(v)]);
        }
        "arithmetic.fence" => {
            let v = t.value(ctx, arg(0)?)?;
            // SPV_INTEL_arithmetic_fence's capability is the EXT one, which spirv-val only
            // accepts under SPV_EXT_arithmetic_fence: the fence needs that extension.
            const FENCE: &str = "SPV_EXT_arithmetic_fence";
            match Some(FENCE).filter(|e| t.opts.allows(e)) {
                Some(ext) => {
                    t.b.extension(ext);
                    t.b.capability(Capability::ArithmeticFenceEXT);
                    t.emit_ops_to(out, Op::ArithmeticFenceEXT, ty, [Operand::Id(v)]);
                }
                // Without the extension the fence is dropped, as llvm-spirv does.
                None => t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(v)]),
            }
        }
        "ushl.sat" | "sshl.sat" => {
            // a << b, unless shifting back loses bits: then the saturated value (all ones,
            // or the signed minimum/maximum by the sign of a).
            let (a, b) = (t.value(ctx, arg(0)?)?, t.value(ctx, arg(1)?)?);
            let signed = stem == "sshl.sat";
            let width = scalar_width(t, result_ty);
            let shifted = t.emit_ops(Op::ShiftLeftLogical, ty, [Operand::Id(a), Operand::Id(b)]);
            let back_op = if signed {
                Op::ShiftRightArithmetic
            } else {
                Op::ShiftRightLogical
            };
            let back = t.emit_ops(back_op, ty, [Operand::Id(shifted), Operand::Id(b)]);
            let bool_ty = bool_like(t, result_ty);
            let overflow = t.emit_ops(Op::INotEqual, bool_ty, [Operand::Id(back), Operand::Id(a)]);
            let all_ones = if width >= 64 {
                u64::MAX
            } else {
                (1u64 << width) - 1
            };
            let saturated = if signed {
                let min = 1u64 << (width - 1);
                let (min, max) = (
                    t.splat(result_ty, min, loc)?,
                    t.splat(result_ty, min - 1, loc)?,
                );
                let zero = t.splat(result_ty, 0, loc)?;
                let negative =
                    t.emit_ops(Op::SLessThan, bool_ty, [Operand::Id(a), Operand::Id(zero)]);
                t.emit_ops(
                    Op::Select,
                    ty,
                    [Operand::Id(negative), Operand::Id(min), Operand::Id(max)],
                )
            } else {
                t.splat(result_ty, all_ones, loc)?
            };
            t.emit_ops_to(
                out,
                Op::Select,
                ty,
                [
                    Operand::Id(overflow),
                    Operand::Id(saturated),
                    Operand::Id(shifted),
                ],
            );
        }
        "frexp" | "modf" => {
            // { mantissa, exponent }: OpenCL.std frexp returns the mantissa and stores the
            // exponent to the variable the entry block holds for this call; modf likewise
            // returns the fraction and stores the integral part ({ fraction, integral }).
            let x = arg(0)?;
            let xty = t.value_llvm_type(ctx, x)?;
            let fty = t.ty(xty, loc)?;
            let exp_ty =
                t.m.types.element(result_ty, 1).ok_or_else(|| {
                    malformed(loc, format!("llvm.{stem} without a second member"))
                })?;
            let ity = t.ty(exp_ty, loc)?;
            let var =
                ctx.frexp_exponents.get(&out).copied().ok_or_else(|| {
                    malformed(loc, format!("llvm.{stem} outside a function body"))
                })?;
            let v = t.value(ctx, x)?;
            let number =
                ext_number(stem).ok_or_else(|| malformed(loc, format!("no OpenCL.std {stem}")))?;
            let mantissa = t.b.alloc_id();
            ext_inst(
                t,
                mantissa,
                fty,
                number,
                vec![Operand::Id(v), Operand::Id(var)],
            );
            let exponent = t.emit_ops(Op::Load, ity, [Operand::Id(var)]);
            t.emit_to(
                out,
                Op::CompositeConstruct,
                ty,
                vec![Operand::Id(mantissa), Operand::Id(exponent)],
            );
        }
        "sincos" => {
            let x = arg(0)?;
            let xty = t.value_llvm_type(ctx, x)?;
            let fty = t.ty(xty, loc)?;
            let v = t.value(ctx, x)?;
            let mut parts = Vec::with_capacity(2);
            for name in ["sin", "cos"] {
                let number = ext_number(name).ok_or_else(|| malformed(loc, "no OpenCL.std sin"))?;
                let id = t.b.alloc_id();
                ext_inst(t, id, fty, number, vec![Operand::Id(v)]);
                parts.push(Operand::Id(id));
            }
            t.emit_to(out, Op::CompositeConstruct, ty, parts);
        }
        _ if stem.ends_with(".with.overflow") => overflow(
            t,
            ctx,
            out,
            ty,
            stem.trim_end_matches(".with.overflow"),
            args,
        )?,
        _ => return Err(unsupported(loc, format!("the intrinsic llvm.{stem}"))),
    }
    Ok(())
}

/// `llvm.fpbuiltin.OP` (an operation whose accuracy the call's `fpbuiltin-max-error` bounds,
/// `mod.rs`): arithmetic → the core instruction, `sincos(x, sin*, cos*)` → OpenCL.std sincos
/// and two stores, the math functions → OpenCL.std of the same name (llvm-spirv's mapping).
fn fpbuiltin(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    op: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let ids = args
        .iter()
        .map(|&a| t.value(ctx, a).map(Operand::Id))
        .collect::<Result<Vec<_>>>()?;
    let core = match op {
        "fadd" => Some(Op::FAdd),
        "fsub" => Some(Op::FSub),
        "fmul" => Some(Op::FMul),
        "fdiv" => Some(Op::FDiv),
        "frem" => Some(Op::FRem),
        _ => None,
    };
    if let Some(opcode) = core {
        t.emit_to(out, opcode, ty, ids);
        return Ok(());
    }
    let number = ext_number(op)
        .ok_or_else(|| unsupported(loc, format!("the intrinsic llvm.fpbuiltin.{op}")))?;
    let pointer_args = args.len() == 3
        && args[1..].iter().all(|&a| {
            t.value_llvm_type(ctx, a)
                .is_ok_and(|ty| t.m.types.is_pointer(ty))
        });
    if op == "sincos" && pointer_args {
        // void sincos(x, ptr sin, ptr cos): OpenCL.std sincos returns sin, stores cos.
        let x = args[0];
        let xty = t.value_llvm_type(ctx, x)?;
        let fty = t.ty(xty, loc)?;
        let cos_ty = t.pointer_to_in(ctx, args[2], fty)?;
        let cos_ptr = t.value_as(ctx, args[2], cos_ty)?;
        let sin_ty = t.pointer_to_in(ctx, args[1], fty)?;
        let sin_ptr = t.value_as(ctx, args[1], sin_ty)?;
        let v = t.value(ctx, x)?;
        let sin = t.b.alloc_id();
        ext_inst(
            t,
            sin,
            fty,
            number,
            vec![Operand::Id(v), Operand::Id(cos_ptr)],
        );
        t.emit_void_ops(Op::Store, [Operand::Id(sin_ptr), Operand::Id(sin)]);
        return Ok(());
    }
    if op == "sincos" {
        return Err(malformed(
            loc,
            "llvm.fpbuiltin.sincos takes a value and two pointers",
        ));
    }
    let integer_exponent = args.get(1).is_some_and(|&a| {
        t.value_llvm_type(ctx, a)
            .is_ok_and(|ty| matches!(t.m.types.get(t.m.types.scalar(ty)), Type::Int(_)))
    });
    if op == "ldexp" && !integer_exponent {
        return Err(malformed(
            loc,
            "llvm.fpbuiltin.ldexp takes an integer exponent",
        ));
    }
    ext_inst(t, out, ty, number, ids);
    Ok(())
}

/// `bool` or `<N x bool>` shaped like `ty`.
pub(super) fn bool_like(t: &mut Translator<'_>, ty: llvm::TypeId) -> Id {
    let b = t.b.type_bool();
    match t.m.types.get(ty) {
        Type::Vector { len, .. } => t.b.type_vector(b, *len),
        _ => b,
    }
}

pub(super) fn scalar_width(t: &Translator<'_>, ty: llvm::TypeId) -> u32 {
    match t.m.types.get(t.m.types.scalar(ty)) {
        Type::Int(w) => *w,
        _ => 0,
    }
}

/// `fshl(a, b, s)`: the high half of `a:b << s % w`; `fshr` the low half of `a:b >> s % w`.
/// The complementary shift is split in two (`>> 1 >> (w-1-s)`) so that `s = 0` shifts by
/// less than the width.
///
/// Any width: for one that is not a power of two the amount is `s urem w`; for an odd width
/// carried in a wider integer (no arbitrary-precision extension) the carrier's bits above
/// `w` are unspecified, so the amount and the operand shifted right (whose upper bits would
/// come down into the result) are zero-extended from `w` first. The result's own upper bits
/// are left unspecified, as every carried result's are (`arbitrary_integers.rs`).
fn funnel_shift(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    result_ty: llvm::TypeId,
    left: bool,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let [a, b, s] = args else {
        return Err(malformed(loc, "a funnel shift needs three arguments"));
    };
    let width = u64::from(scalar_width(t, result_ty));
    if width < 2 {
        return Err(unsupported(loc, format!("a funnel shift of i{width}")));
    }
    let (a, b, s) = (t.value(ctx, *a)?, t.value(ctx, *b)?, t.value(ctx, *s)?);
    // `s & (w - 1)` reads the low bits only; `s urem w` reads them all.
    let zero = Extension::Zero;
    let s = if width.is_power_of_two() {
        s
    } else {
        t.exact_widened(s, result_ty, zero, loc)?
    };
    let b = t.exact_widened(b, result_ty, zero, loc)?;
    let top = t.splat(result_ty, width - 1, loc)?;
    let one = t.splat(result_ty, 1, loc)?;
    let (amount, inverse) = if width.is_power_of_two() {
        let amount = t.emit_ops(Op::BitwiseAnd, ty, [Operand::Id(s), Operand::Id(top)]);
        let inverse = t.emit_ops(Op::BitwiseXor, ty, [Operand::Id(amount), Operand::Id(top)]);
        (amount, inverse)
    } else {
        let w = t.splat(result_ty, width, loc)?;
        let amount = t.emit_ops(Op::UMod, ty, [Operand::Id(s), Operand::Id(w)]);
        let inverse = t.emit_ops(Op::ISub, ty, [Operand::Id(top), Operand::Id(amount)]);
        (amount, inverse)
    };
    let (main, main_op, other, other_op) = if left {
        (a, Op::ShiftLeftLogical, b, Op::ShiftRightLogical)
    } else {
        (b, Op::ShiftRightLogical, a, Op::ShiftLeftLogical)
    };
    let shifted = t.emit_ops(main_op, ty, [Operand::Id(main), Operand::Id(amount)]);
    let by_one = t.emit_ops(other_op, ty, [Operand::Id(other), Operand::Id(one)]);
    let rest = t.emit_ops(other_op, ty, [Operand::Id(by_one), Operand::Id(inverse)]);
    t.emit_ops_to(
        out,
        Op::BitwiseOr,
        ty,
        [Operand::Id(shifted), Operand::Id(rest)],
    );
    Ok(())
}

/// `bswap`: byte `k` moves to byte `n-1-k`, one shift and mask per byte.
fn byte_swap(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    result_ty: llvm::TypeId,
    x: ValueRef,
) -> Result<()> {
    let loc = ctx.location.as_str();
    let width = scalar_width(t, result_ty);
    if !width.is_multiple_of(16) || width > 64 {
        return Err(unsupported(loc, format!("llvm.bswap of i{width}")));
    }
    let v = t.value(ctx, x)?;
    let bytes = width / 8;
    let mut acc: Option<Id> = None;
    for k in 0..bytes {
        let target = bytes - 1 - k;
        let (op, distance) = if target > k {
            (Op::ShiftLeftLogical, (target - k) * 8)
        } else {
            (Op::ShiftRightLogical, (k - target) * 8)
        };
        let amount = t.splat(result_ty, u64::from(distance), loc)?;
        let moved = t.emit_ops(op, ty, [Operand::Id(v), Operand::Id(amount)]);
        let mask = t.splat(result_ty, 0xff_u64 << (target * 8), loc)?;
        let byte = t.emit_ops(Op::BitwiseAnd, ty, [Operand::Id(moved), Operand::Id(mask)]);
        acc = Some(match acc {
            None => byte,
            Some(prev) if k + 1 == bytes => {
                t.emit_ops_to(
                    out,
                    Op::BitwiseOr,
                    ty,
                    [Operand::Id(prev), Operand::Id(byte)],
                );
                out
            }
            Some(prev) => t.emit_ops(Op::BitwiseOr, ty, [Operand::Id(prev), Operand::Id(byte)]),
        });
    }
    Ok(())
}

/// `{s,u}{add,sub,mul}.with.overflow`: `{ result, i1 overflowed }`.
fn overflow(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    kind: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let [a, b] = args else {
        return Err(malformed(
            loc,
            format!("llvm.{kind}.with.overflow needs two arguments"),
        ));
    };
    let operand_ty = t.value_llvm_type(ctx, *a)?;
    let int = t.ty(operand_ty, loc)?;
    let bool_ty = bool_like(t, operand_ty);
    let (a, b) = (t.value(ctx, *a)?, t.value(ctx, *b)?);
    let zero = t.splat(operand_ty, 0, loc)?;
    let pair = t.b.dedup_global(
        Op::TypeStruct,
        None,
        vec![Operand::Id(int), Operand::Id(int)],
    );
    let extract = |t: &mut Translator<'_>, whole: Id, i: u32| {
        t.emit_ops(
            Op::CompositeExtract,
            int,
            [Operand::Id(whole), Operand::Word(i)],
        )
    };
    let (value, overflowed) = match kind {
        "uadd" | "usub" | "umul" | "smul" => {
            let op = match kind {
                "uadd" => Op::IAddCarry,
                "usub" => Op::ISubBorrow,
                "umul" => Op::UMulExtended,
                _ => Op::SMulExtended,
            };
            let whole = t.emit_ops(op, pair, [Operand::Id(a), Operand::Id(b)]);
            let low = extract(t, whole, 0);
            let high = extract(t, whole, 1);
            // smul overflows when the high half is not the sign extension of the low one.
            let expected_high = if kind == "smul" {
                let width = u64::from(scalar_width(t, operand_ty));
                let shift = t.splat(operand_ty, width - 1, loc)?;
                t.emit_ops(
                    Op::ShiftRightArithmetic,
                    int,
                    [Operand::Id(low), Operand::Id(shift)],
                )
            } else {
                zero
            };
            let flag = t.emit_ops(
                Op::INotEqual,
                bool_ty,
                [Operand::Id(high), Operand::Id(expected_high)],
            );
            (low, flag)
        }
        "sadd" | "ssub" => {
            // Signed overflow: the result's sign differs from what both operands imply.
            let op = if kind == "sadd" { Op::IAdd } else { Op::ISub };
            let r = t.emit_ops(op, int, [Operand::Id(a), Operand::Id(b)]);
            let ar = t.emit_ops(Op::BitwiseXor, int, [Operand::Id(a), Operand::Id(r)]);
            let other = if kind == "sadd" {
                t.emit_ops(Op::BitwiseXor, int, [Operand::Id(b), Operand::Id(r)])
            } else {
                t.emit_ops(Op::BitwiseXor, int, [Operand::Id(a), Operand::Id(b)])
            };
            let both = t.emit_ops(Op::BitwiseAnd, int, [Operand::Id(ar), Operand::Id(other)]);
            let flag = t.emit_ops(
                Op::SLessThan,
                bool_ty,
                [Operand::Id(both), Operand::Id(zero)],
            );
            (r, flag)
        }
        _ => {
            return Err(unsupported(
                loc,
                format!("the intrinsic llvm.{kind}.with.overflow"),
            ))
        }
    };
    t.emit_to(
        out,
        Op::CompositeConstruct,
        ty,
        vec![Operand::Id(value), Operand::Id(overflowed)],
    );
    Ok(())
}

/// The allocation size of the whole object `ptr` points at the start of, when the module
/// defines it: an alloca of a constant count, or a global variable with an initializer and a
/// linkage that cannot be replaced at link time (through bit and address-space casts).
fn known_object_size(t: &Translator<'_>, ctx: &FnCtx<'_>, mut ptr: ValueRef) -> Option<u64> {
    use llvm::{InstKind, Linkage};
    let layout = crate::data_layout::DataLayout::new(t.m.datalayout.as_deref(), t.pointer_bits);
    for _ in 0..16 {
        match ptr {
            ValueRef::Instruction(i) => match &ctx.func.inst(i)?.kind {
                InstKind::Cast {
                    op: llvm::CastOp::BitCast | llvm::CastOp::AddrSpaceCast,
                    value,
                } => ptr = *value,
                InstKind::Alloca {
                    allocated_ty,
                    count,
                    ..
                } => {
                    let count = t.const_int(*count)?;
                    return layout
                        .type_alloc_size(&t.m.types, *allocated_ty)?
                        .checked_mul(count);
                }
                _ => return None,
            },
            ValueRef::Global(g) => {
                let g = t.m.global(g)?;
                let exact = !matches!(
                    g.linkage,
                    Linkage::ExternWeak
                        | Linkage::Weak
                        | Linkage::WeakOdr
                        | Linkage::LinkOnce
                        | Linkage::LinkOnceOdr
                        | Linkage::Common
                        | Linkage::AvailableExternally
                );
                g.initializer?;
                return exact
                    .then(|| layout.type_alloc_size(&t.m.types, g.value_ty))
                    .flatten();
            }
            _ => return None,
        }
    }
    None
}

/// `vector.reduce.KIND`: the components folded left to right (`fadd`/`fmul` start from their
/// scalar first argument, as the ordered forms define).
fn reduce(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    kind: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let (start, vector) = match (kind, args) {
        ("fadd" | "fmul", [s, v]) => (Some(*s), *v),
        (_, [v]) => (None, *v),
        _ => {
            return Err(malformed(
                loc,
                format!("llvm.vector.reduce.{kind} arguments"),
            ))
        }
    };
    let vty = t.value_llvm_type(ctx, vector)?;
    let Type::Vector { len, .. } = *t.m.types.get(vty) else {
        return Err(malformed(loc, "a vector reduction of a scalar"));
    };
    let combine = |t: &mut Translator<'_>, target: Id, a: Id, b: Id| -> Result<()> {
        let binary = |op| Some(op);
        let core = match kind {
            "add" => binary(Op::IAdd),
            "mul" => binary(Op::IMul),
            "and" => binary(Op::BitwiseAnd),
            "or" => binary(Op::BitwiseOr),
            "xor" => binary(Op::BitwiseXor),
            "fadd" => binary(Op::FAdd),
            "fmul" => binary(Op::FMul),
            _ => None,
        };
        // i1 vectors: the logical forms (as llvm-spirv: `add` is addition modulo 2, i.e.
        // `xor`, and `mul` is `and`; as i1 `true` is -1 signed and 1 unsigned, `smax` and
        // `umin` are `and`, `smin` and `umax` are `or`).
        let is_bool = t.b.type_bool() == ty;
        let core = if is_bool {
            match kind {
                "and" | "mul" | "smax" | "umin" => Some(Op::LogicalAnd),
                "or" | "smin" | "umax" => Some(Op::LogicalOr),
                "xor" | "add" => Some(Op::LogicalNotEqual),
                _ => core,
            }
        } else {
            core
        };
        if let Some(op) = core {
            t.emit_ops_to(target, op, ty, [Operand::Id(a), Operand::Id(b)]);
            return Ok(());
        }
        let name = match kind {
            "smax" => "s_max",
            "smin" => "s_min",
            "umax" => "u_max",
            "umin" => "u_min",
            "fmax" | "fmaximum" => "fmax",
            "fmin" | "fminimum" => "fmin",
            other => {
                return Err(unsupported(
                    loc,
                    format!("the intrinsic llvm.vector.reduce.{other}"),
                ))
            }
        };
        let number = ext_number(name).ok_or_else(|| malformed(loc, "no OpenCL.std min/max"))?;
        ext_inst(t, target, ty, number, vec![Operand::Id(a), Operand::Id(b)]);
        Ok(())
    };
    let v = t.value(ctx, vector)?;
    // Each component as llvm-spirv extracts it: OpVectorExtractDynamic with a 32-bit index.
    let extract = |t: &mut Translator<'_>, i: u32| {
        let index = t.u32_constant(i);
        t.emit_ops(
            Op::VectorExtractDynamic,
            ty,
            [Operand::Id(v), Operand::Id(index)],
        )
    };
    if let Some(s) = start {
        // The ordered `fadd`/`fmul`: the start value, then each component in turn.
        let mut acc = t.value(ctx, s)?;
        if len == 0 {
            t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(acc)]);
            return Ok(());
        }
        for i in 0..len {
            let component = extract(t, i);
            let target = if i + 1 == len { out } else { t.b.alloc_id() };
            combine(t, target, acc, component)?;
            acc = target;
        }
        return Ok(());
    }
    // The other reductions as llvm-spirv writes them: every component extracted first, then
    // combined pairwise level by level (an odd one out carried to the next level), the
    // last combination the result.
    let mut level: Vec<Id> = (0..len).map(|i| extract(t, i)).collect();
    if level.len() < 2 {
        let only = level
            .first()
            .copied()
            .ok_or_else(|| malformed(loc, "an empty vector reduction"))?;
        t.emit_ops_to(out, Op::CopyObject, ty, [Operand::Id(only)]);
        return Ok(());
    }
    while level.len() > 1 {
        let last_level = level.len() == 2;
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        for pair in level.chunks(2) {
            match *pair {
                [a, b] => {
                    let target = if last_level { out } else { t.b.alloc_id() };
                    combine(t, target, a, b)?;
                    next.push(target);
                }
                [a] => next.push(a),
                _ => {}
            }
        }
        level = next;
    }
    Ok(())
}

/// `is.fpclass(x, mask)`: the union of the classes the mask names (bit 0 signalling NaN,
/// 1 quiet NaN, 2..5 negative infinity/normal/subnormal/zero, 6..9 the positive ones), from
/// IsNan/IsInf/IsNormal/SignBitSet and integer tests of the bits.
fn fp_class(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    bool_ty: Id,
    x: ValueRef,
    mask: ValueRef,
) -> Result<()> {
    let loc = ctx.location.as_str();
    let mask = t
        .const_int(mask)
        .ok_or_else(|| malformed(loc, "llvm.is.fpclass with a non-constant class mask"))?
        as u32
        & 0x3ff;
    let xty = t.value_llvm_type(ctx, x)?;
    let width: u32 = match t.m.types.get(t.m.types.scalar(xty)) {
        Type::Half | Type::BFloat => 16,
        Type::Float => 32,
        Type::Double => 64,
        _ => return Err(malformed(loc, "llvm.is.fpclass of a non-float")),
    };
    let int_scalar = t.int_type(width);
    let int_ty = match t.m.types.get(xty) {
        Type::Vector { len, .. } => t.b.type_vector(int_scalar, *len),
        _ => int_scalar,
    };
    if mask == 0 || mask == 0x3ff {
        let op = if mask == 0 {
            Op::ConstantFalse
        } else {
            Op::ConstantTrue
        };
        let scalar_bool = t.b.type_bool();
        let c = t.b.dedup_global(op, Some(scalar_bool), vec![]);
        let v = if bool_ty == scalar_bool {
            c
        } else {
            t.b.dedup_global(
                Op::ConstantComposite,
                Some(bool_ty),
                vec![Operand::Id(c); vector_len(t, xty) as usize],
            )
        };
        t.emit_ops_to(out, Op::CopyObject, bool_ty, [Operand::Id(v)]);
        return Ok(());
    }
    let mantissa_bits = match width {
        16 => 10,
        32 => 23,
        _ => 52,
    };
    let sign_bit = 1u64 << (width - 1);
    let v = t.value(ctx, x)?;
    let int_const = |t: &mut Translator<'_>, bits: u64| -> Result<Id> {
        let scalar = if width == 64 {
            t.b.constant_u64(int_scalar, bits)
        } else {
            t.b.constant_u32(int_scalar, bits as u32)
        };
        Ok(if int_ty == int_scalar {
            scalar
        } else {
            t.b.dedup_global(
                Op::ConstantComposite,
                Some(int_ty),
                vec![Operand::Id(scalar); vector_len(t, xty) as usize],
            )
        })
    };
    let bits = t.emit_ops(Op::Bitcast, int_ty, [Operand::Id(v)]);
    let abs_mask = int_const(t, sign_bit - 1)?;
    let abs = t.emit_ops(
        Op::BitwiseAnd,
        int_ty,
        [Operand::Id(bits), Operand::Id(abs_mask)],
    );
    let sign = t.emit_ops(Op::SignBitSet, bool_ty, [Operand::Id(v)]);
    let positive = t.emit_ops(Op::LogicalNot, bool_ty, [Operand::Id(sign)]);
    let mut terms: Vec<Id> = Vec::new();
    // A class with a negative and a positive half: the test, restricted by the sign bit when
    // only one half is asked for.
    let signed = |t: &mut Translator<'_>, test: Id, negative_bit: u32, positive_bit: u32| match (
        mask & (1 << negative_bit) != 0,
        mask & (1 << positive_bit) != 0,
    ) {
        (true, true) => Some(test),
        (true, false) => Some(t.emit_ops(
            Op::LogicalAnd,
            bool_ty,
            [Operand::Id(sign), Operand::Id(test)],
        )),
        (false, true) => Some(t.emit_ops(
            Op::LogicalAnd,
            bool_ty,
            [Operand::Id(positive), Operand::Id(test)],
        )),
        (false, false) => None,
    };
    match mask & 3 {
        0 => {}
        3 => terms.push(t.emit_ops(Op::IsNan, bool_ty, [Operand::Id(v)])),
        quiet_or_signalling => {
            let quiet_bits = int_const(
                t,
                ((1u64 << (width - 1)) - 1) & !((1u64 << (mantissa_bits - 1)) - 1),
            )?;
            let quiet = t.emit_ops(
                Op::UGreaterThanEqual,
                bool_ty,
                [Operand::Id(abs), Operand::Id(quiet_bits)],
            );
            terms.push(if quiet_or_signalling == 2 {
                quiet
            } else {
                let nan = t.emit_ops(Op::IsNan, bool_ty, [Operand::Id(v)]);
                let not_quiet = t.emit_ops(Op::LogicalNot, bool_ty, [Operand::Id(quiet)]);
                t.emit_ops(
                    Op::LogicalAnd,
                    bool_ty,
                    [Operand::Id(nan), Operand::Id(not_quiet)],
                )
            });
        }
    }
    if mask & (1 << 2 | 1 << 9) != 0 {
        let inf = t.emit_ops(Op::IsInf, bool_ty, [Operand::Id(v)]);
        terms.extend(signed(t, inf, 2, 9));
    }
    if mask & (1 << 3 | 1 << 8) != 0 {
        let normal = t.emit_ops(Op::IsNormal, bool_ty, [Operand::Id(v)]);
        terms.extend(signed(t, normal, 3, 8));
    }
    if mask & (1 << 4 | 1 << 7) != 0 {
        // Subnormal: 1 <= |bits| <= mantissa mask, i.e. |bits| - 1 < mantissa mask (unsigned).
        let one = int_const(t, 1)?;
        let mantissa = int_const(t, (1u64 << mantissa_bits) - 1)?;
        let less_one = t.emit_ops(Op::ISub, int_ty, [Operand::Id(abs), Operand::Id(one)]);
        let sub = t.emit_ops(
            Op::ULessThan,
            bool_ty,
            [Operand::Id(less_one), Operand::Id(mantissa)],
        );
        terms.extend(signed(t, sub, 4, 7));
    }
    if mask & (1 << 5 | 1 << 6) != 0 {
        let zero = int_const(t, 0)?;
        let is_zero = t.emit_ops(Op::IEqual, bool_ty, [Operand::Id(abs), Operand::Id(zero)]);
        terms.extend(signed(t, is_zero, 5, 6));
    }
    let (&first, rest) = terms
        .split_first()
        .ok_or_else(|| malformed(loc, "llvm.is.fpclass with an empty class mask"))?;
    let mut acc = first;
    for &term in rest {
        acc = t.emit_ops(
            Op::LogicalOr,
            bool_ty,
            [Operand::Id(acc), Operand::Id(term)],
        );
    }
    t.emit_ops_to(out, Op::CopyObject, bool_ty, [Operand::Id(acc)]);
    Ok(())
}

fn vector_len(t: &Translator<'_>, ty: llvm::TypeId) -> u32 {
    match t.m.types.get(ty) {
        Type::Vector { len, .. } => *len,
        _ => 1,
    }
}

/// Whether a declaration of an `llvm.fpbuiltin.*` intrinsic has the intrinsic's documented
/// signature (intel/llvm's LangRef: `ldexp(T x, iN exp)`, `void sincos(T x, ptr sin,
/// ptr cos)`). Another signature is not the intrinsic spirvkit translates: under
/// `--spirv-allow-unknown-intrinsics` it is an unknown intrinsic (an imported function of its
/// name), otherwise it is refused as malformed at the call.
pub(crate) fn has_fpbuiltin_signature(types: &llvm::TypeTable, name: &str, fn_ty: TypeId) -> bool {
    let Type::Function { ret, params, .. } = types.get(fn_ty) else {
        return false;
    };
    match name.strip_prefix("llvm.fpbuiltin.").map(stem) {
        Some("ldexp") => params
            .get(1)
            .is_some_and(|&p| matches!(types.get(types.scalar(p)), Type::Int(_))),
        Some("sincos") => {
            matches!(types.get(*ret), Type::Void)
                && params.len() == 3
                && params[1..].iter().all(|&p| types.is_pointer(p))
        }
        _ => true,
    }
}
