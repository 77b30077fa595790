//! Constant folding of function-body instructions beyond what OpSpecConstantOp allows (the
//! spec-constant evaluator in `passes/fold_spec_const_op_composite.rs` covers those): composite
//! construction, conversions, bitcasts, IEEE-exact floating point, and OpenCL.std /
//! GLSL.std.450 calls whose result is exact. Shared by `--simplify-instructions` and `--ccp`.
//!
//! Floating-point rules (the results must be what any conforming device computes):
//! - nothing is folded when an execution mode sets float controls (denorm preserve/flush,
//!   signed-zero/inf/nan preserve, rounding modes, FPFastMathDefault) or when the result id
//!   carries FPRoundingMode / FPFastMathMode / SaturatedConversion;
//! - operands or results that are NaN or subnormal are never folded (NaN payloads and denorm
//!   flushing are implementation-defined);
//! - FAdd/FSub/FMul and integer→float conversions are correctly rounded (round to nearest even,
//!   the default of both OpenCL and Vulkan); FDiv is not folded (OpenCL and Vulkan allow
//!   2.5 ulp, so a device may differ from the correctly rounded quotient); narrowing FConvert
//!   only when exact; float→integer only when the truncated value is in range.
//! - min/max/clamp are not folded when both candidates are zeros (either sign may be returned).

use crate::passes::fold_spec_const_op_composite::{map1, map2, mask, sext, State, Ty, Val};
use crate::util::{ext_inst_sets_where, IdSet};
use spirvkit_core::grammar::{Decoration, Op};
use spirvkit_core::{Id, Instruction, Module, Operand};

/// What the module allows to fold, computed once per pass run.
pub(crate) struct FoldRules {
    /// No float-controls execution mode: default rounding and denorm behaviour.
    float_default: bool,
    /// Result ids decorated with FPRoundingMode, FPFastMathMode or SaturatedConversion.
    fp_decorated: IdSet,
    opencl_std: IdSet,
    glsl_std: IdSet,
}

impl FoldRules {
    pub(crate) fn new(module: &Module) -> Self {
        let mut fp_decorated = IdSet::new(module.header.bound);
        let mut float_default = true;
        for inst in &module.globals {
            match inst.opcode {
                Op::Decorate => {
                    let d = inst.operands.get(1).and_then(Operand::word);
                    if matches!(
                        d.map(Decoration),
                        Some(Decoration::FPRoundingMode)
                            | Some(Decoration::FPFastMathMode)
                            | Some(Decoration::SaturatedConversion)
                    ) {
                        if let Some(Operand::Id(t)) = inst.operands.first() {
                            fp_decorated.insert(*t);
                        }
                    }
                }
                Op::DecorationGroup => {
                    // Group decorations are not followed: float folding is off for them.
                    float_default = false;
                }
                Op::ExecutionMode | Op::ExecutionModeId => {
                    let mode = inst.operands.get(1).and_then(Operand::word).unwrap_or(0);
                    // DenormPreserve .. RoundingModeRTZ, the INTEL float modes,
                    // FPFastMathDefault, FloatControls2-era modes.
                    if (4459..=4463).contains(&mode)
                        || (5620..=5623).contains(&mode)
                        || mode == 6028
                    {
                        float_default = false;
                    }
                }
                _ => {}
            }
        }
        FoldRules {
            float_default,
            fp_decorated,
            opencl_std: ext_inst_sets_where(module, |n| n == "OpenCL.std"),
            glsl_std: ext_inst_sets_where(module, |n| n == "GLSL.std.450"),
        }
    }

    fn float_ok(&self, inst: &Instruction) -> bool {
        self.float_default
            && inst
                .result_id
                .is_none_or(|r| !self.fp_decorated.contains(r))
    }
}

/// A plain float of width 32 or 64 as f64 (f32 widened exactly), None for NaN/subnormal.
fn finite_or_inf(bits: u64, width: u32) -> Option<f64> {
    let v = match width {
        32 => f64::from(f32::from_bits(bits as u32)),
        64 => f64::from_bits(bits),
        _ => return None,
    };
    let subnormal = match width {
        32 => f32::from_bits(bits as u32).is_subnormal(),
        _ => v.is_subnormal(),
    };
    (!v.is_nan() && !subnormal).then_some(v)
}

/// Bits of `v` as a float of `width`, None when NaN or subnormal there. For width 32 the value
/// must already be representable (callers compute in f32 arithmetic or check exactness).
fn float_bits(v: f64, width: u32) -> Option<u64> {
    match width {
        32 => {
            let f = v as f32;
            (!f.is_nan() && !f.is_subnormal()).then_some(u64::from(f.to_bits()))
        }
        64 => (!v.is_nan() && !v.is_subnormal()).then_some(v.to_bits()),
        _ => None,
    }
}

/// What folding a module's functions starts from, for `simplify_instructions` and `ccp`: the
/// evaluator state knowing every global type and constant, the type of every module-scope
/// value (each worker adds its function's values with `ValueTypes::add_function` while the
/// function is in cache: no walk over the whole module), and the module's folding rules.
pub(crate) fn folding_context(module: &Module) -> (State, crate::util::ValueTypes, FoldRules) {
    let mut st = State::new(module.header.bound);
    let value_types = crate::util::ValueTypes::of_globals(module);
    for inst in &module.globals {
        st.record_type(inst);
        st.record_constant(inst);
    }
    (st, value_types, FoldRules::new(module))
}

pub(crate) fn elem(st: &State, ty: Id) -> Option<Ty> {
    match st.ty(ty) {
        Ty::Composite {
            members,
            vector: true,
        } => Some(st.ty(*members.first()?).clone()),
        t @ (Ty::Bool | Ty::Int { .. } | Ty::Float { .. }) => Some(t.clone()),
        _ => None,
    }
}

fn map3(a: &Val, b: &Val, c: &Val, f: &dyn Fn(u64, u64, u64) -> Option<u64>) -> Option<Val> {
    match (a, b, c) {
        (Val::Scalar(x), Val::Scalar(y), Val::Scalar(z)) => f(*x, *y, *z).map(Val::Scalar),
        (Val::Composite(xs), Val::Composite(ys), Val::Composite(zs))
            if xs.len() == ys.len() && ys.len() == zs.len() =>
        {
            xs.iter()
                .zip(ys)
                .zip(zs)
                .map(|((x, y), z)| map3(x, y, z, f))
                .collect::<Option<Vec<_>>>()
                .map(Val::Composite)
        }
        _ => None,
    }
}

/// The value of `inst` (all id operands constant in `st`), or None.
pub(crate) fn evaluate_more(
    st: &State,
    value_types: &crate::util::ValueTypes,
    rules: &FoldRules,
    inst: &Instruction,
) -> Option<Val> {
    let result_ty = inst.result_type?;
    let operand = |i: usize| -> Option<Val> { st.value(inst.operands.get(i)?.id()?).cloned() };
    let operand_ty =
        |i: usize| -> Option<Id> { value_types.get(&inst.operands.get(i)?.id()?).copied() };
    if inst.opcode == Op::CompositeConstruct {
        return construct(st, value_types, inst, result_ty);
    }
    if inst.opcode == Op::ExtInst {
        return ext_inst(st, rules, inst, result_ty);
    }
    let rt = elem(st, result_ty)?;
    let at = operand_ty(0).and_then(|t| elem(st, t));
    let a = operand(0);
    match inst.opcode {
        Op::Bitcast => {
            // Same shape, same element width: the bits stay.
            let (Ty::Int { width: w1, .. } | Ty::Float { width: w1 }) = at? else {
                return None;
            };
            let (Ty::Int { width: w2, .. } | Ty::Float { width: w2 }) = rt else {
                return None;
            };
            let same_shape = match (st.ty(operand_ty(0)?), st.ty(result_ty)) {
                (Ty::Composite { members: m1, .. }, Ty::Composite { members: m2, .. }) => {
                    m1.len() == m2.len()
                }
                (Ty::Composite { .. }, _) | (_, Ty::Composite { .. }) => false,
                _ => true,
            };
            (w1 == w2 && same_shape).then_some(a?)
        }
        Op::ConvertSToF | Op::ConvertUToF if rules.float_ok(inst) => {
            let Ty::Int { width: from, .. } = at? else {
                return None;
            };
            let Ty::Float { width: to } = rt else {
                return None;
            };
            let signed = inst.opcode == Op::ConvertSToF;
            map1(&a?, &|x| {
                // Rust's integer → float casts round to nearest, ties to even.
                match (to, signed) {
                    (32, true) => float_bits(f64::from(sext(x, from) as f32), 32),
                    (32, false) => float_bits(f64::from((x & mask(from)) as f32), 32),
                    (64, true) => float_bits(sext(x, from) as f64, 64),
                    (64, false) => float_bits((x & mask(from)) as f64, 64),
                    _ => None,
                }
            })
        }
        Op::ConvertFToS | Op::ConvertFToU if rules.float_ok(inst) => {
            let Ty::Float { width: from } = at? else {
                return None;
            };
            let Ty::Int { width: to, .. } = rt else {
                return None;
            };
            let signed = inst.opcode == Op::ConvertFToS;
            map1(&a?, &|x| {
                let v = finite_or_inf(x, from)?.trunc();
                let (lo, hi) = if signed {
                    (-(2f64.powi(to as i32 - 1)), 2f64.powi(to as i32 - 1))
                } else {
                    (0.0, 2f64.powi(to as i32))
                };
                // In range (exclusive upper bound); out of range is undefined.
                if !(v >= lo && v < hi) {
                    return None;
                }
                Some(if signed {
                    (v as i64) as u64 & mask(to)
                } else {
                    (v as u64) & mask(to)
                })
            })
        }
        Op::FConvert if rules.float_ok(inst) => {
            let (Ty::Float { width: 64 }, Ty::Float { width: 32 }) = (at?, rt) else {
                return None;
            };
            // Narrowing only when exact: the same in every rounding mode.
            map1(&a?, &|x| {
                let v = finite_or_inf(x, 64)?;
                let f = v as f32;
                (f64::from(f) == v).then_some(())?;
                float_bits(f64::from(f), 32)
            })
        }
        Op::FAdd | Op::FSub | Op::FMul if rules.float_ok(inst) => {
            let Ty::Float { width } = rt else { return None };
            let op = inst.opcode;
            map2(&a?, &operand(1)?, &|x, y| {
                let (p, q) = (finite_or_inf(x, width)?, finite_or_inf(y, width)?);
                if width == 32 {
                    let (p, q) = (p as f32, q as f32);
                    let r = match op {
                        Op::FAdd => p + q,
                        Op::FSub => p - q,
                        _ => p * q,
                    };
                    float_bits(f64::from(r), 32)
                } else {
                    let r = match op {
                        Op::FAdd => p + q,
                        Op::FSub => p - q,
                        _ => p * q,
                    };
                    float_bits(r, 64)
                }
            })
        }
        Op::FOrdEqual
        | Op::FUnordEqual
        | Op::FOrdNotEqual
        | Op::FUnordNotEqual
        | Op::FOrdLessThan
        | Op::FUnordLessThan
        | Op::FOrdGreaterThan
        | Op::FUnordGreaterThan
        | Op::FOrdLessThanEqual
        | Op::FUnordLessThanEqual
        | Op::FOrdGreaterThanEqual
        | Op::FUnordGreaterThanEqual
            if rules.float_default =>
        {
            let Ty::Float { width } = at? else {
                return None;
            };
            let op = inst.opcode;
            map2(&a?, &operand(1)?, &|x, y| {
                // NaN and subnormal operands are not folded (payload/flush rules).
                let (p, q) = (finite_or_inf(x, width)?, finite_or_inf(y, width)?);
                Some(u64::from(match op {
                    Op::FOrdEqual | Op::FUnordEqual => p == q,
                    Op::FOrdNotEqual | Op::FUnordNotEqual => p != q,
                    Op::FOrdLessThan | Op::FUnordLessThan => p < q,
                    Op::FOrdGreaterThan | Op::FUnordGreaterThan => p > q,
                    Op::FOrdLessThanEqual | Op::FUnordLessThanEqual => p <= q,
                    _ => p >= q,
                }))
            })
        }
        _ => None,
    }
}

/// OpCompositeConstruct of constants: vectors concatenate vector constituents.
fn construct(
    st: &State,
    value_types: &crate::util::ValueTypes,
    inst: &Instruction,
    result_ty: Id,
) -> Option<Val> {
    let Ty::Composite { members, vector } = st.ty(result_ty) else {
        return None;
    };
    let mut items = Vec::with_capacity(members.len());
    for op in &inst.operands {
        let id = op.id()?;
        let v = st.value(id)?.clone();
        let from_vector = *vector
            && value_types
                .get(&id)
                .is_some_and(|t| matches!(st.ty(*t), Ty::Composite { vector: true, .. }));
        match (v, from_vector) {
            (Val::Composite(parts), true) => items.extend(parts),
            (v, _) => items.push(v),
        }
    }
    (items.len() == members.len()).then_some(Val::Composite(items))
}

/// Exact OpenCL.std / GLSL.std.450 calls on constants.
fn ext_inst(st: &State, rules: &FoldRules, inst: &Instruction, result_ty: Id) -> Option<Val> {
    let set = inst.operands.first()?.id()?;
    let number = inst.operands.get(1)?.word()?;
    let args: Vec<Val> = inst
        .operands
        .iter()
        .skip(2)
        .map(|o| o.id().and_then(|id| st.value(id).cloned()))
        .collect::<Option<_>>()?;
    let rt = elem(st, result_ty)?;
    #[derive(Clone, Copy, PartialEq)]
    enum F {
        Abs,
        Floor,
        Ceil,
        Trunc,
        RoundAway,
        RoundEven,
        CopySign,
        Min,
        Max,
        Clamp,
        SAbs,
        SMin,
        SMax,
        UMin,
        UMax,
        SClamp,
        UClamp,
    }
    let f = if rules.opencl_std.contains(set) {
        match number {
            23 => F::Abs,
            25 => F::Floor,
            12 => F::Ceil,
            66 => F::Trunc,
            55 => F::RoundAway,
            53 => F::RoundEven,
            13 => F::CopySign,
            28 => F::Min,
            27 => F::Max,
            95 => F::Clamp,
            141 | 201 => F::SAbs,
            158 => F::SMin,
            156 => F::SMax,
            159 => F::UMin,
            157 => F::UMax,
            149 => F::SClamp,
            150 => F::UClamp,
            _ => return None,
        }
    } else if rules.glsl_std.contains(set) {
        match number {
            4 => F::Abs,
            8 => F::Floor,
            9 => F::Ceil,
            3 => F::Trunc,
            2 => F::RoundEven,
            37 => F::Min,
            40 => F::Max,
            43 => F::Clamp,
            5 => F::SAbs,
            39 => F::SMin,
            42 => F::SMax,
            38 => F::UMin,
            41 => F::UMax,
            45 => F::SClamp,
            44 => F::UClamp,
            _ => return None,
        }
    } else {
        return None;
    };
    let arg = |i: usize| args.get(i);
    match (f, rt) {
        (
            F::Abs
            | F::Floor
            | F::Ceil
            | F::Trunc
            | F::RoundAway
            | F::RoundEven
            | F::CopySign
            | F::Min
            | F::Max
            | F::Clamp,
            Ty::Float { width },
        ) => {
            if !rules.float_ok(inst) {
                return None;
            }
            let to_bits = |v: f64| float_bits(v, width);
            let get = |x: u64| finite_or_inf(x, width);
            match f {
                F::Min | F::Max => map2(arg(0)?, arg(1)?, &|x, y| {
                    let (p, q) = (get(x)?, get(y)?);
                    if p == 0.0 && q == 0.0 {
                        return None;
                    }
                    let r = if (f == F::Min) == (q < p) { q } else { p };
                    Some(if r == p { x } else { y })
                }),
                F::Clamp => map3(arg(0)?, arg(1)?, arg(2)?, &|x, lo, hi| {
                    let (v, l, h) = (get(x)?, get(lo)?, get(hi)?);
                    if l > h || v == 0.0 || l == 0.0 || h == 0.0 {
                        return None;
                    }
                    Some(if v < l {
                        lo
                    } else if v > h {
                        hi
                    } else {
                        x
                    })
                }),
                F::CopySign => map2(arg(0)?, arg(1)?, &|x, y| {
                    get(x)?;
                    get(y)?;
                    let sign = 1u64 << (width - 1);
                    Some((x & !sign) | (y & sign))
                }),
                _ => map1(arg(0)?, &|x| {
                    let v = get(x)?;
                    let r = match f {
                        F::Abs => v.abs(),
                        F::Floor => v.floor(),
                        F::Ceil => v.ceil(),
                        F::Trunc => v.trunc(),
                        F::RoundAway => v.round(),
                        _ => v.round_ties_even(),
                    };
                    // Integral results of a float are exact in its own width.
                    to_bits(r)
                }),
            }
        }
        (
            F::SAbs | F::SMin | F::SMax | F::UMin | F::UMax | F::SClamp | F::UClamp,
            Ty::Int { width, .. },
        ) => {
            let s = |x: u64| sext(x, width);
            let u = |x: u64| x & mask(width);
            match f {
                F::SAbs => map1(arg(0)?, &|x| {
                    Some((s(x).wrapping_abs() as u64) & mask(width))
                }),
                F::SMin => map2(arg(0)?, arg(1)?, &|x, y| {
                    Some(if s(y) < s(x) { y } else { x })
                }),
                F::SMax => map2(arg(0)?, arg(1)?, &|x, y| {
                    Some(if s(y) > s(x) { y } else { x })
                }),
                F::UMin => map2(arg(0)?, arg(1)?, &|x, y| {
                    Some(if u(y) < u(x) { y } else { x })
                }),
                F::UMax => map2(arg(0)?, arg(1)?, &|x, y| {
                    Some(if u(y) > u(x) { y } else { x })
                }),
                F::SClamp => map3(arg(0)?, arg(1)?, arg(2)?, &|x, lo, hi| {
                    if s(lo) > s(hi) {
                        return None;
                    }
                    Some(if s(x) < s(lo) {
                        lo
                    } else if s(x) > s(hi) {
                        hi
                    } else {
                        x
                    })
                }),
                _ => map3(arg(0)?, arg(1)?, arg(2)?, &|x, lo, hi| {
                    if u(lo) > u(hi) {
                        return None;
                    }
                    Some(if u(x) < u(lo) {
                        lo
                    } else if u(x) > u(hi) {
                        hi
                    } else {
                        x
                    })
                }),
            }
        }
        _ => None,
    }
}
