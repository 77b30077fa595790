//! Math, integer, common, geometric and relational built-ins; LLVM math intrinsics.

use super::{arg_ids, ext_inst};
use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::{Demangled, Scalar};
use llvm::{Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

/// Integer built-ins whose OpenCL.std name has an `s_`/`u_` prefix; the float overloads
/// (`clamp`, `max`, `min` on floats are common functions) have their own names.
fn integer_name(name: &str, scalar: Scalar) -> Option<String> {
    const PREFIXED: &[&str] = &[
        "abs", "abs_diff", "add_sat", "hadd", "rhadd", "clamp", "mad_hi", "mad_sat", "max", "min",
        "mul_hi", "sub_sat", "upsample", "mad24", "mul24",
    ];
    if scalar.is_float() {
        // OpenCL C's float max/min are undefined for NaN operands, so OpenCL.std fmax/fmin
        // (defined for NaN) are exact refinements; they are also what every consumer knows,
        // unlike fmax_common, which llvm-spirv's reverse translation leaves unresolved.
        return match name {
            "clamp" => Some("fclamp".into()),
            "max" => Some("fmax".into()),
            "min" => Some("fmin".into()),
            _ => None,
        };
    }
    PREFIXED
        .contains(&name)
        .then(|| format!("{}_{name}", if scalar.is_signed() { "s" } else { "u" }))
}

fn relational(name: &str) -> Option<(Op, usize)> {
    Some(match name {
        "isequal" => (Op::FOrdEqual, 2),
        "isnotequal" => (Op::FUnordNotEqual, 2),
        "isgreater" => (Op::FOrdGreaterThan, 2),
        "isgreaterequal" => (Op::FOrdGreaterThanEqual, 2),
        "isless" => (Op::FOrdLessThan, 2),
        "islessequal" => (Op::FOrdLessThanEqual, 2),
        "islessgreater" => (Op::FOrdNotEqual, 2),
        "isordered" => (Op::Ordered, 2),
        "isunordered" => (Op::Unordered, 2),
        "isfinite" => (Op::IsFinite, 1),
        "isinf" => (Op::IsInf, 1),
        "isnan" => (Op::IsNan, 1),
        "isnormal" => (Op::IsNormal, 1),
        "signbit" => (Op::SignBitSet, 1),
        _ => return None,
    })
}

pub(super) fn ext_number(name: &str) -> Option<u32> {
    let set = spirvkit_grammar::ExtInstSet::OpenClStd.desc();
    set.instruction_by_name(name).map(|i| i.opcode)
}

/// Names that are not plain OpenCL.std math and are handled by other modules.
const NOT_MATH: &[&str] = &["vloadn", "vstoren", "printf", "prefetch"];

pub(super) fn is_math(d: &Demangled) -> bool {
    let n = d.name.as_str();
    if NOT_MATH.contains(&n) {
        return false;
    }
    relational(n).is_some()
        || matches!(n, "any" | "all" | "dot")
        || d.param_scalar(0)
            .is_some_and(|s| integer_name(n, s).is_some())
        || ext_number(n).is_some()
}

/// Widens scalar arguments to the result's vector length (`fmax(float4, float)`).
fn splat_args(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    result_ty: llvm::TypeId,
    args: &[ValueRef],
) -> Result<Vec<Id>> {
    let len = match t.m.types.get(result_ty) {
        Type::Vector { len, .. } => Some(*len),
        _ => None,
    };
    let mut out = Vec::with_capacity(args.len());
    for &a in args {
        let id = t.value(ctx, a)?;
        let aty = t.value_llvm_type(ctx, a)?;
        match (len, t.m.types.get(aty).clone()) {
            (Some(n), Type::Int(_) | Type::Float | Type::Double | Type::Half) => {
                // As llvm-spirv splats it (IRBuilder's CreateVectorSplat in its
                // visitCallScalToVec): the scalar inserted into lane 0 of an undefined
                // vector, then that lane shuffled into every lane.
                let scalar = t.ty(aty, &ctx.location)?;
                let vty = t.b.type_vector(scalar, n);
                let undef = t.b.dedup_global(Op::Undef, Some(vty), vec![]);
                let lane = t.u32_constant(0);
                let inserted = t.emit(
                    Op::VectorInsertDynamic,
                    vty,
                    vec![Operand::Id(undef), Operand::Id(id), Operand::Id(lane)],
                );
                let mut shuffle = vec![Operand::Id(inserted), Operand::Id(undef)];
                shuffle.extend(std::iter::repeat_n(Operand::Word(0), n as usize));
                out.push(t.emit(Op::VectorShuffle, vty, shuffle));
            }
            _ => out.push(id),
        }
    }
    Ok(out)
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    d: &Demangled,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let ty = t.ty(result_ty, loc)?;
    let n = d.name.as_str();
    if let Some((op, arity)) = relational(n) {
        let ids = arg_ids(t, ctx, args)?;
        if ids.len() != arity {
            return Err(malformed(loc, format!("{n} with {} arguments", ids.len())));
        }
        let bool_ty = bool_shape(t, ctx, args[0])?;
        let b = t.emit(op, bool_ty, ids.into_iter().map(Operand::Id).collect());
        return super::bool_to_int(t, loc, out, ty, result_ty, b);
    }
    match n {
        "any" | "all" => {
            let x = t.value(ctx, args[0])?;
            let xty = t.value_llvm_type(ctx, args[0])?;
            let zero = t.splat(xty, 0, loc)?;
            let bool_ty = bool_shape(t, ctx, args[0])?;
            let negative = t.emit(
                Op::SLessThan,
                bool_ty,
                vec![Operand::Id(x), Operand::Id(zero)],
            );
            let scalar_bool = if matches!(t.m.types.get(xty), Type::Vector { .. }) {
                let b = t.b.type_bool();
                let op = if n == "any" { Op::Any } else { Op::All };
                t.emit(op, b, vec![Operand::Id(negative)])
            } else {
                negative
            };
            return super::bool_to_int(t, loc, out, ty, result_ty, scalar_bool);
        }
        "dot" => {
            let ids = arg_ids(t, ctx, args)?;
            let aty = t.value_llvm_type(ctx, args[0])?;
            let op = if matches!(t.m.types.get(aty), Type::Vector { .. }) {
                Op::Dot
            } else {
                Op::FMul
            };
            t.emit_to(out, op, ty, ids.into_iter().map(Operand::Id).collect());
            return Ok(());
        }
        _ => {}
    }
    let name = d
        .param_scalar(0)
        .and_then(|s| integer_name(n, s))
        .unwrap_or_else(|| n.to_owned());
    let number = ext_number(&name).ok_or_else(|| unsupported(loc, format!("the built-in {n}")))?;
    let ids = splat_args(t, ctx, result_ty, args)?;
    ext_inst(
        t,
        out,
        ty,
        number,
        ids.into_iter().map(Operand::Id).collect(),
    );
    Ok(())
}

/// `bool` or `<N x bool>` shaped like the value `v`.
fn bool_shape(t: &mut Translator<'_>, ctx: &FnCtx<'_>, v: ValueRef) -> Result<Id> {
    let vty = t.value_llvm_type(ctx, v)?;
    let b = t.b.type_bool();
    Ok(match t.m.types.get(vty) {
        Type::Vector { len, .. } => t.b.type_vector(b, *len),
        _ => b,
    })
}

/// The OpenCL.std instruction and arity of an intrinsic family that maps to one directly.
fn opencl_family(family: &str) -> Option<(&str, usize)> {
    Some(match family {
        "fmuladd" | "fma" => ("fma", 3),
        "fabs" => ("fabs", 1),
        "sqrt" | "sin" | "cos" | "exp" | "exp2" | "log" | "log2" | "log10" | "floor" | "ceil"
        | "trunc" | "rint" | "round" => (family, 1),
        "pow" | "copysign" => (family, 2),
        // `minimumnum`/`maximumnum` (IEEE 754-2019 minimumNumber) return the non-NaN operand,
        // as OpenCL fmin/fmax do; llvm-spirv maps them the same way. `minimum`/`maximum` are
        // named here so the family is known; `float_min_max.rs` lowers them (fmin/fmax with
        // NaN and signed-zero fix-ups).
        "minnum" | "minimum" | "minimumnum" => ("fmin", 2),
        "maxnum" | "maximum" | "maximumnum" => ("fmax", 2),
        "ctpop" => ("popcount", 1),
        "ctlz" => ("clz", 1),
        "cttz" => ("ctz", 1),
        "abs" => ("s_abs", 1),
        "smin" => ("s_min", 2),
        "smax" => ("s_max", 2),
        "umin" => ("u_min", 2),
        "umax" => ("u_max", 2),
        _ => return None,
    })
}

/// The OpenCL.std `native_*` function of a math intrinsic family, for `afn` calls.
fn native_family(family: &str) -> Option<&'static str> {
    Some(match family {
        "sqrt" => "native_sqrt",
        "sin" => "native_sin",
        "cos" => "native_cos",
        "tan" => "native_tan",
        "exp" => "native_exp",
        "exp2" => "native_exp2",
        "exp10" => "native_exp10",
        "log" => "native_log",
        "log2" => "native_log2",
        "log10" => "native_log10",
        _ => return None,
    })
}

/// A math intrinsic call with the `afn` fast-math flag (approximate functions allowed; `fast`
/// includes it) on 32-bit floats: OpenCL.std's `native_*` form, whose accuracy is
/// implementation-defined, as llvm-spirv writes it (`call afn float @llvm.sqrt.f32` →
/// native_sqrt, `llvm.tan` → native_tan). OpenCL defines `native_*` on float only, so half
/// and double keep the exact form. `false` when it does not apply (nothing emitted).
#[allow(clippy::too_many_arguments)]
pub(crate) fn native_intrinsic(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    name: &str,
    args: &[ValueRef],
    fast_math: u32,
) -> Result<bool> {
    if fast_math & llvm::fmf::AFN == 0 {
        return Ok(false);
    }
    let (_, family) = super::intrinsic_family(name);
    let Some(native) = native_family(family) else {
        return Ok(false);
    };
    let elem = t.m.types.scalar(result_ty);
    if !matches!(t.m.types.get(elem), Type::Float) || args.len() != 1 {
        return Ok(false);
    }
    let loc = ctx.location.as_str();
    let number =
        ext_number(native).ok_or_else(|| malformed(loc, format!("OpenCL.std lacks {native}")))?;
    let ty = t.ty(result_ty, loc)?;
    let ids = arg_ids(t, ctx, args)?;
    ext_inst(
        t,
        out,
        ty,
        number,
        ids.into_iter().map(Operand::Id).collect(),
    );
    Ok(true)
}

/// The comparison under which `llvm.{s,u}{max,min}` picks its first operand.
fn integer_min_max_compare(family: &str) -> Option<Op> {
    Some(match family {
        "smax" => Op::SGreaterThan,
        "smin" => Op::SLessThan,
        "umax" => Op::UGreaterThan,
        "umin" => Op::ULessThan,
        _ => return None,
    })
}

/// Whether `intrinsic` below translates the family.
pub(super) fn is_intrinsic_family(family: &str) -> bool {
    opencl_family(family).is_some() || matches!(family, "fshl" | "fshr" | "bitreverse")
}

pub(super) fn intrinsic(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    family: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    if family == "fmuladd" && args.len() == 3 {
        match t.opts.fmuladd {
            crate::FmulAdd::Fma => {}
            crate::FmulAdd::Mad => {
                let ty = t.ty(result_ty, loc)?;
                let ops = args
                    .iter()
                    .map(|a| t.value(ctx, *a).map(Operand::Id))
                    .collect::<Result<Vec<_>>>()?;
                let number =
                    ext_number("mad").ok_or_else(|| malformed(loc, "OpenCL.std lacks mad"))?;
                ext_inst(t, out, ty, number, ops);
                return Ok(());
            }
            crate::FmulAdd::Split => {
                let ty = t.ty(result_ty, loc)?;
                let (a, b, c) = (
                    t.value(ctx, args[0])?,
                    t.value(ctx, args[1])?,
                    t.value(ctx, args[2])?,
                );
                let product = t.emit(Op::FMul, ty, vec![Operand::Id(a), Operand::Id(b)]);
                t.emit_to(
                    out,
                    Op::FAdd,
                    ty,
                    vec![Operand::Id(product), Operand::Id(c)],
                );
                return Ok(());
            }
        }
    }
    let pair = opencl_family(family);
    let (name, arity) = match family {
        _ if pair.is_some() => pair.unwrap_or_default(),
        "fshl" | "fshr" if args.len() == 3 && args[0] == args[1] => {
            // A funnel shift of a value with itself is a rotation.
            let ty = t.ty(result_ty, loc)?;
            let (x, s) = (t.value(ctx, args[0])?, t.value(ctx, args[2])?);
            let amount = if family == "fshr" {
                let zero = t.splat(result_ty, 0, loc)?;
                t.emit(Op::ISub, ty, vec![Operand::Id(zero), Operand::Id(s)])
            } else {
                s
            };
            let number =
                ext_number("rotate").ok_or_else(|| malformed(loc, "OpenCL.std lacks rotate"))?;
            ext_inst(
                t,
                out,
                ty,
                number,
                vec![Operand::Id(x), Operand::Id(amount)],
            );
            return Ok(());
        }
        "bitreverse" => {
            // SPV_KHR_bit_instructions: OpBitReverse is otherwise Shader-only.
            const BIT_INSTRUCTIONS: &str = "SPV_KHR_bit_instructions";
            let ty = t.ty(result_ty, loc)?;
            let x = t.value(
                ctx,
                *args
                    .first()
                    .ok_or_else(|| malformed(loc, "llvm.bitreverse without arguments"))?,
            )?;
            // An odd width carried in a wider integer is emulated too (OpBitReverse would
            // reverse the carrier).
            if !t.opts.allows(BIT_INSTRUCTIONS) || t.widened_int_width(result_ty).is_some() {
                return super::bit_reverse::emulate(t, out, ty, result_ty, x, loc);
            }
            t.b.extension(BIT_INSTRUCTIONS);
            t.b.capability(spirvkit_grammar::Capability::BitInstructions);
            t.emit_to(out, Op::BitReverse, ty, vec![Operand::Id(x)]);
            return Ok(());
        }
        other => return Err(unsupported(loc, format!("the intrinsic llvm.{other}"))),
    };
    let ty = t.ty(result_ty, loc)?;
    let number =
        ext_number(name).ok_or_else(|| malformed(loc, format!("OpenCL.std lacks {name}")))?;
    let ids = arg_ids(t, ctx, args.get(..arity).unwrap_or(args))?;
    if let Some(width) = t.widened_int_width(result_ty) {
        return carried_integer_family(t, out, ty, result_ty, family, number, width, ids, loc);
    }
    if let (Some(compare), [a, b]) = (integer_min_max_compare(family), ids.as_slice()) {
        // llvm-spirv writes the integer min/max intrinsics as a comparison and an OpSelect
        // of the two operands (its smax-smin-umax-umin test), not OpenCL.std s_max & co.
        let bool_ty = super::llvm_intrinsics::bool_like(t, result_ty);
        let picks_first = t.emit(compare, bool_ty, vec![Operand::Id(*a), Operand::Id(*b)]);
        t.emit_to(
            out,
            Op::Select,
            ty,
            vec![Operand::Id(picks_first), Operand::Id(*a), Operand::Id(*b)],
        );
        return Ok(());
    }
    ext_inst(
        t,
        out,
        ty,
        number,
        ids.into_iter().map(Operand::Id).collect(),
    );
    Ok(())
}

/// An integer intrinsic on an odd width carried in a wider integer (`llvm.umax.i4`): the
/// operands made exact first (zero-extended for the unsigned ones and the bit counts,
/// sign-extended for abs/smin/smax), and the bit counts measured against the LLVM width —
/// `ctlz` less the carrier's extra bits, `cttz` with a bit set at the width so that zero
/// counts to the width, as LLVM defines it.
#[allow(clippy::too_many_arguments)]
fn carried_integer_family(
    t: &mut Translator<'_>,
    out: Id,
    ty: Id,
    result_ty: llvm::TypeId,
    family: &str,
    number: u32,
    width: u32,
    ids: Vec<Id>,
    loc: &str,
) -> Result<()> {
    use crate::forward::arbitrary_integers::{widened, Extension};
    let extension = match family {
        "abs" | "smin" | "smax" => Extension::Sign,
        "ctpop" | "ctlz" | "cttz" | "umin" | "umax" => Extension::Zero,
        other => {
            return Err(unsupported(
                loc,
                format!("llvm.{other} on an i{width} carried in a wider integer"),
            ))
        }
    };
    let mut exact = Vec::with_capacity(ids.len());
    for id in ids {
        exact.push(t.exact_widened(id, result_ty, extension, loc)?);
    }
    let with_set = |t: &mut Translator<'_>, operands: &[Id]| {
        let mut ops = vec![Operand::Id(t.opencl_std()), Operand::Word(number)];
        ops.extend(operands.iter().map(|&o| Operand::Id(o)));
        ops
    };
    match family {
        "ctlz" => {
            let operands = with_set(t, &exact);
            let counted = t.emit(Op::ExtInst, ty, operands);
            let extra = t.carrier_splat(
                result_ty,
                widened(width),
                u64::from(widened(width) - width),
                loc,
            )?;
            t.emit_to(
                out,
                Op::ISub,
                ty,
                vec![Operand::Id(counted), Operand::Id(extra)],
            );
        }
        "cttz" => {
            let value = exact
                .first()
                .copied()
                .ok_or_else(|| malformed(loc, "llvm.cttz without arguments"))?;
            let stop = t.carrier_splat(result_ty, widened(width), 1u64 << width, loc)?;
            let bounded = t.emit(
                Op::BitwiseOr,
                ty,
                vec![Operand::Id(value), Operand::Id(stop)],
            );
            let operands = with_set(t, &[bounded]);
            t.emit_to(out, Op::ExtInst, ty, operands);
        }
        _ => {
            let operands = with_set(t, &exact);
            t.emit_to(out, Op::ExtInst, ty, operands);
        }
    }
    Ok(())
}
