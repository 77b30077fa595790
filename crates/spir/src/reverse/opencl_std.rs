//! OpenCL.std extended instructions → OpenCL C built-ins with their SPIR mangled names
//! (vloadn/vstoren and the half variants, printf with its format string).

use spirvkit_core::{Instruction, Operand};
use spirvkit_llvm::{Type, TypeId, ValueRef};

use super::builtins::Sign;
use super::function::FnState;
use super::{Ctx, Result};
use crate::mangle::mangle;

/// How the arguments of an OpenCL.std instruction are signed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Floating point (integer parameters, where any, are `int`).
    F,
    S,
    U,
    /// `upsample(char hi, uchar lo)`
    SUpsample,
    /// Last argument unsigned (`shuffle` masks, `nan`).
    LastU,
}

fn instruction(number: u32) -> Option<(&'static str, Kind)> {
    use Kind::*;
    const FLOAT: [&str; 95] = [
        "acos",
        "acosh",
        "acospi",
        "asin",
        "asinh",
        "asinpi",
        "atan",
        "atan2",
        "atanh",
        "atanpi",
        "atan2pi",
        "cbrt",
        "ceil",
        "copysign",
        "cos",
        "cosh",
        "cospi",
        "erfc",
        "erf",
        "exp",
        "exp2",
        "exp10",
        "expm1",
        "fabs",
        "fdim",
        "floor",
        "fma",
        "fmax",
        "fmin",
        "fmod",
        "fract",
        "frexp",
        "hypot",
        "ilogb",
        "ldexp",
        "lgamma",
        "lgamma_r",
        "log",
        "log2",
        "log10",
        "log1p",
        "logb",
        "mad",
        "maxmag",
        "minmag",
        "modf",
        "nan",
        "nextafter",
        "pow",
        "pown",
        "powr",
        "remainder",
        "remquo",
        "rint",
        "rootn",
        "round",
        "rsqrt",
        "sin",
        "sincos",
        "sinh",
        "sinpi",
        "sqrt",
        "tan",
        "tanh",
        "tanpi",
        "tgamma",
        "trunc",
        "half_cos",
        "half_divide",
        "half_exp",
        "half_exp2",
        "half_exp10",
        "half_log",
        "half_log2",
        "half_log10",
        "half_powr",
        "half_recip",
        "half_rsqrt",
        "half_sin",
        "half_sqrt",
        "half_tan",
        "native_cos",
        "native_divide",
        "native_exp",
        "native_exp2",
        "native_exp10",
        "native_log",
        "native_log2",
        "native_log10",
        "native_powr",
        "native_recip",
        "native_rsqrt",
        "native_sin",
        "native_sqrt",
        "native_tan",
    ];
    if let Some(n) = FLOAT.get(number as usize) {
        return Some((n, if number == 46 { LastU } else { F }));
    }
    Some(match number {
        95 => ("clamp", F),
        96 => ("degrees", F),
        97 => ("max", F),
        98 => ("min", F),
        99 => ("mix", F),
        100 => ("radians", F),
        101 => ("step", F),
        102 => ("smoothstep", F),
        103 => ("sign", F),
        104 => ("cross", F),
        105 => ("distance", F),
        106 => ("length", F),
        107 => ("normalize", F),
        108 => ("fast_distance", F),
        109 => ("fast_length", F),
        110 => ("fast_normalize", F),
        141 => ("abs", S),
        142 => ("abs_diff", S),
        143 => ("add_sat", S),
        144 => ("add_sat", U),
        145 => ("hadd", S),
        146 => ("hadd", U),
        147 => ("rhadd", S),
        148 => ("rhadd", U),
        149 => ("clamp", S),
        150 => ("clamp", U),
        151 => ("clz", S),
        152 => ("ctz", S),
        153 => ("mad_hi", S),
        154 => ("mad_sat", U),
        155 => ("mad_sat", S),
        156 => ("max", S),
        157 => ("max", U),
        158 => ("min", S),
        159 => ("min", U),
        160 => ("mul_hi", S),
        161 => ("rotate", S),
        162 => ("sub_sat", S),
        163 => ("sub_sat", U),
        164 => ("upsample", U),
        165 => ("upsample", SUpsample),
        166 => ("popcount", S),
        167 => ("mad24", S),
        168 => ("mad24", U),
        169 => ("mul24", S),
        170 => ("mul24", U),
        182 => ("shuffle", LastU),
        183 => ("shuffle2", LastU),
        186 => ("bitselect", S),
        187 => ("select", S),
        201 => ("abs", U),
        202 => ("abs_diff", U),
        203 => ("mul_hi", U),
        204 => ("mad_hi", U),
        _ => return None,
    })
}

impl Ctx<'_> {
    pub fn ext_inst(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let set = self.id_op(inst, 0)?;
        if Some(set) != self.opencl_std {
            return Err(self.err("extended instruction set other than OpenCL.std"));
        }
        let number = self.word_op(inst, 1)?;
        if self.spv_ir() {
            let kind = instruction(number).map(|(_, k)| k);
            let signs = |i: usize, n: usize| match kind {
                Some(Kind::U) => Sign::Unsigned,
                Some(Kind::SUpsample) if i == 1 => Sign::Unsigned,
                Some(Kind::LastU) if i + 1 == n => Sign::Unsigned,
                _ => Sign::Signed,
            };
            let v = self.spv_ir_ext_inst(st, inst, &signs)?;
            self.define(st, inst, v);
            return Ok(());
        }
        let ty = self.result_ty(inst)?;
        let mut args = Vec::new();
        let mut literals = Vec::new();
        for o in inst.operands.iter().skip(2) {
            match o {
                Operand::Id(i) => args.push(self.operand(st, *i)?),
                Operand::Word(w) => literals.push(*w),
                Operand::String(_) => {}
            }
        }
        let v = match number {
            171..=181 => self.vload_vstore(st, number, ty, args, &literals)?,
            184 => self.printf(st, ty, args)?,
            185 => {
                let [p, n] = args[..] else {
                    return Err(self.err("prefetch takes a pointer and a count"));
                };
                let size_t = self.size_t();
                let n = self.fit_int(st, n, size_t)?;
                let pt = self.type_of(st, p)?;
                let name = mangle(
                    "prefetch",
                    &[
                        self.param(pt, Sign::Signed, true)?,
                        self.param(size_t, Sign::Unsigned, false)?,
                    ],
                );
                self.call_builtin(st, &name, ty, vec![p, n], false)?
            }
            _ => {
                let (name, kind) = instruction(number).ok_or_else(|| {
                    self.err(format!(
                        "OpenCL.std instruction {number} has no OpenCL C built-in"
                    ))
                })?;
                // `step`/`smoothstep` with a scalar edge, `ldexp`/`pown` with a vector and a
                // scalar: the built-in takes the arguments as they are.
                let mut params = Vec::with_capacity(args.len());
                let n = args.len();
                for (i, a) in args.iter().enumerate() {
                    let t = self.type_of(st, *a)?;
                    let sign = match kind {
                        Kind::U => Sign::Unsigned,
                        Kind::SUpsample if i == 1 => Sign::Unsigned,
                        Kind::LastU if i + 1 == n => Sign::Unsigned,
                        _ => Sign::Signed,
                    };
                    params.push(self.param(t, sign, false)?);
                }
                let name = mangle(name, &params);
                self.call_builtin(st, &name, ty, args, false)?
            }
        };
        self.define(st, inst, v);
        Ok(())
    }

    fn vload_vstore(
        &mut self,
        st: &mut FnState,
        number: u32,
        ty: TypeId,
        args: Vec<ValueRef>,
        literals: &[u32],
    ) -> Result<ValueRef> {
        let size_t = self.size_t();
        let load = matches!(number, 171 | 173 | 174 | 179);
        let n = literals.first().copied();
        // Rounding of vstore_half*_r is a literal FPRoundingMode.
        let rm = match number {
            176 | 178 | 181 => match literals.last() {
                Some(0) => "_rte",
                Some(1) => "_rtz",
                Some(2) => "_rtp",
                _ => "_rtn",
            },
            _ => "",
        };
        let width = |len: Option<u32>| len.map(|l| l.to_string()).unwrap_or_default();
        let base = match number {
            171 => format!("vload{}", width(n)),
            172 => {
                let dt = args.first().map(|a| self.type_of(st, *a)).transpose()?;
                let len = dt.and_then(|t| match self.m.types.get(t) {
                    Type::Vector { len, .. } => Some(*len),
                    _ => None,
                });
                format!("vstore{}", width(len))
            }
            173 => "vload_half".into(),
            174 => format!("vload_half{}", width(n)),
            175 | 176 => format!("vstore_half{rm}"),
            177 | 178 => {
                let dt = args.first().map(|a| self.type_of(st, *a)).transpose()?;
                let len = dt.and_then(|t| match self.m.types.get(t) {
                    Type::Vector { len, .. } => Some(*len),
                    _ => None,
                });
                format!("vstore_half{}{rm}", width(len))
            }
            179 => format!("vloada_half{}", width(n)),
            _ => {
                let dt = args.first().map(|a| self.type_of(st, *a)).transpose()?;
                let len = dt.and_then(|t| match self.m.types.get(t) {
                    Type::Vector { len, .. } => Some(*len),
                    _ => None,
                });
                format!("vstorea_half{}{rm}", width(len))
            }
        };
        let mut args = args;
        let elem = if matches!(number, 173..=181) {
            self.m.types.intern(Type::Half)
        } else if load {
            self.m.types.scalar(ty)
        } else {
            let dt = match args.first() {
                Some(a) => self.type_of(st, *a)?,
                None => return Err(self.err("vstore without data")),
            };
            self.m.types.scalar(dt)
        };
        let mut params = Vec::new();
        let count = args.len();
        for i in 0..count {
            let Some(&a) = args.get(i) else { break };
            let is_offset = (load && i == 0) || (!load && i == 1);
            let a = if is_offset {
                let a = self.fit_int(st, a, size_t)?;
                params.push(self.param(size_t, Sign::Unsigned, false)?);
                a
            } else if i + 1 == count {
                // The pointer, typed to the element (untyped pointers are i8*); const for loads.
                let a = self.ptr_to(st, a, elem)?;
                let t = self.type_of(st, a)?;
                params.push(self.param(t, Sign::Signed, load)?);
                a
            } else {
                let t = self.type_of(st, a)?;
                params.push(self.param(t, Sign::Signed, false)?);
                a
            };
            if let Some(slot) = args.get_mut(i) {
                *slot = a;
            }
        }
        let name = mangle(&base, &params);
        self.call_builtin(st, &name, ty, args, false)
    }

    fn printf(&mut self, st: &mut FnState, ty: TypeId, args: Vec<ValueRef>) -> Result<ValueRef> {
        let Some(&format) = args.first() else {
            return Err(self.err("printf without a format"));
        };
        let i8 = self.m.types.int(8);
        let format = self.ptr_to(st, format, i8)?;
        let mut args = args;
        if let Some(a) = args.first_mut() {
            *a = format;
        }
        self.call_builtin(st, "printf", ty, args, true)
    }
}
