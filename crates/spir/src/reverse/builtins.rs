//! Built-in calls: SPIR mangled names from LLVM types, built-in variables
//! (`get_global_id`-style calls), OpenCL C type names.

use spirvkit_llvm::{InstKind, Type, TypeId, ValueRef};

use super::function::FnState;
use super::{Ctx, Result};
use crate::mangle::{mangle, ParamType, Scalar};

/// How integers of a parameter are signed in the built-in's OpenCL C prototype.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sign {
    Signed,
    Unsigned,
}

/// The OpenCL C function of a built-in variable, and whether it takes a dimension.
pub fn builtin_function(builtin: u32) -> Option<(&'static str, bool)> {
    Some(match builtin {
        24 => ("get_num_groups", true),
        25 => ("get_local_size", true),
        26 => ("get_group_id", true),
        27 => ("get_local_id", true),
        28 => ("get_global_id", true),
        29 => ("get_local_linear_id", false),
        30 => ("get_work_dim", false),
        31 => ("get_global_size", true),
        32 => ("get_enqueued_local_size", true),
        33 => ("get_global_offset", true),
        34 => ("get_global_linear_id", false),
        36 => ("get_sub_group_size", false),
        37 => ("get_max_sub_group_size", false),
        38 => ("get_num_sub_groups", false),
        39 => ("get_enqueued_num_sub_groups", false),
        40 => ("get_sub_group_id", false),
        41 => ("get_sub_group_local_id", false),
        _ => return None,
    })
}

impl Ctx<'_> {
    /// The mangling of an LLVM type as an OpenCL C parameter.
    pub fn param(&self, ty: TypeId, sign: Sign, konst: bool) -> Result<ParamType> {
        let scalar = |c: &Self, t: TypeId| -> Result<Scalar> {
            Ok(match c.m.types.get(t) {
                Type::Int(1) => Scalar::Bool,
                // The `i4` carrier of FP4 / Int4 values mangles as `int`, as llvm-spirv's
                // reader mangles it (`Dv8_i` for `<8 x i4>`).
                Type::Int(4) => Scalar::Int,
                Type::Int(8) if sign == Sign::Signed => Scalar::Char,
                Type::Int(8) => Scalar::UChar,
                Type::Int(16) if sign == Sign::Signed => Scalar::Short,
                Type::Int(16) => Scalar::UShort,
                Type::Int(32) if sign == Sign::Signed => Scalar::Int,
                Type::Int(32) => Scalar::UInt,
                Type::Int(64) if sign == Sign::Signed => Scalar::Long,
                Type::Int(64) => Scalar::ULong,
                Type::Half => Scalar::Half,
                Type::BFloat => Scalar::BFloat16,
                Type::Float => Scalar::Float,
                Type::Double => Scalar::Double,
                Type::Void => Scalar::Void,
                other => return Err(c.err(format!("a built-in parameter of type {other:?}"))),
            })
        };
        if let Some((addrspace, name)) = self.spv_ir_mangled_handle(ty) {
            // SPV-IR: a target type mangles as llvm-spirv's pointer to `%spirv.Image._...`.
            return Ok(ParamType::Pointer {
                addrspace,
                konst: false,
                volatile: false,
                pointee: Box::new(ParamType::Named(name)),
            });
        }
        Ok(match self.m.types.get(ty) {
            Type::Vector { len, elem, .. } => ParamType::Vector(*len, scalar(self, *elem)?),
            Type::Pointer {
                pointee: Some(p),
                addrspace,
            } => {
                if let Some(name) = self.opencl_type_name(*p) {
                    return Ok(ParamType::Named(name));
                }
                ParamType::Pointer {
                    addrspace: *addrspace,
                    konst,
                    volatile: false,
                    pointee: Box::new(self.param(*p, sign, false)?),
                }
            }
            // A named struct (a pointee: DPC++'s `class.sycl::…::bfloat16` element of a matrix
            // load) mangles as its name, as llvm-spirv mangles it.
            Type::Named(sid) => match self.m.types.struct_def(*sid).and_then(|d| d.name.clone()) {
                Some(name) => ParamType::Named(name),
                None => ParamType::Scalar(scalar(self, ty)?),
            },
            _ => ParamType::Scalar(scalar(self, ty)?),
        })
    }

    /// `ocl_image2d`, `ocl_event`... for the SPIR opaque struct `pointee`.
    fn opencl_type_name(&self, pointee: TypeId) -> Option<String> {
        let Type::Named(sid) = self.m.types.get(pointee) else {
            return None;
        };
        let name = self.m.types.struct_def(*sid)?.name.as_deref()?;
        let base = name.strip_prefix("opencl.")?;
        let base = base.strip_suffix("_t").unwrap_or(base);
        // An access qualifier in the name (CL2.0 images): clang's `ocl_image2d_array_ro`.
        // Without one, SPIR 1.2's `ocl_image2darray`.
        if ["_ro", "_wo", "_rw"].iter().any(|a| base.ends_with(a)) {
            return Some(format!("ocl_{base}"));
        }
        Some(format!("ocl_{}", base.replace('_', "")))
    }

    /// The mangled name of `name` called with these (type, sign) arguments; `konst`
    /// qualifies pointer parameters const.
    pub fn mangle_call(&self, name: &str, args: &[(TypeId, Sign)], konst: bool) -> Result<String> {
        let mut params = Vec::with_capacity(args.len());
        for (t, s) in args {
            params.push(self.param(*t, *s, konst)?);
        }
        Ok(mangle(name, &params))
    }

    /// The OpenCL C spelling of a value type (`uint4`, `float`), as conversions name it.
    pub fn type_name(&self, ty: TypeId, sign: Sign) -> Result<String> {
        let (elem, len) = match self.m.types.get(ty) {
            Type::Vector { len, elem, .. } => (*elem, Some(*len)),
            _ => (ty, None),
        };
        let u = if sign == Sign::Unsigned { "u" } else { "" };
        let base = match self.m.types.get(elem) {
            Type::Int(1) => "bool".to_owned(),
            Type::Int(8) => format!("{u}char"),
            Type::Int(16) => format!("{u}short"),
            Type::Int(32) => format!("{u}int"),
            Type::Int(64) => format!("{u}long"),
            Type::Half => "half".into(),
            Type::Float => "float".into(),
            Type::Double => "double".into(),
            other => return Err(self.err(format!("no OpenCL C name for {other:?}"))),
        };
        Ok(match len {
            Some(n) => format!("{base}{n}"),
            None => base,
        })
    }

    /// A `__spirv_BuiltIn*` call replacing a built-in variable's load, and its declaration,
    /// get llvm-spirv's attributes for them (`nounwind willreturn memory(none)`, its
    /// lowerBuiltinVariableToCall; the call takes the callee's, so CHECK lines match `#N`).
    fn mark_builtin_variable_call(&mut self, st: &mut FnState, call: ValueRef) {
        let extra = [
            spirvkit_llvm::Attribute::Flag("willreturn".into()),
            spirvkit_llvm::Attribute::Int("memory".into(), 0),
        ];
        let ValueRef::Instruction(i) = call else {
            return;
        };
        let callee = match st.func.insts.get_mut(i.0 as usize).map(|x| &mut x.kind) {
            Some(InstKind::Call { attrs, callee, .. }) => {
                for a in &extra {
                    if !attrs.function.contains(a) {
                        std::sync::Arc::make_mut(attrs).function.push(a.clone());
                    }
                }
                *callee
            }
            _ => return,
        };
        if let ValueRef::Function(f) = callee {
            if let Some(f) = self.m.functions.get_mut(f.0 as usize) {
                for a in &extra {
                    if !f.attrs.function.contains(a) {
                        std::sync::Arc::make_mut(&mut f.attrs)
                            .function
                            .push(a.clone());
                    }
                }
            }
        }
    }

    /// Reads built-in variable `builtin` (whole, or component `index`) as calls.
    pub fn read_builtin(
        &mut self,
        st: &mut FnState,
        builtin: u32,
        index: Option<ValueRef>,
        ty: TypeId,
    ) -> Result<ValueRef> {
        let Some((name, dimensional)) = builtin_function(builtin) else {
            // No OpenCL C function (an extension's built-in such as SPV_INTEL_device_barrier's
            // DeviceBarrierValidINTEL): llvm-spirv's `__spirv_BuiltIn<Name>()` in every target.
            if index.is_some() {
                return Err(self.err(format!(
                    "a component of built-in variable {builtin}, which has no OpenCL C function"
                )));
            }
            let name = self.spv_ir_builtin_name(builtin)?;
            let v = self.call_builtin(st, &mangle(&name, &[]), ty, Vec::new(), false)?;
            self.mark_builtin_variable_call(st, v);
            return Ok(v);
        };
        let scalar_ty = self.m.types.scalar(ty);
        // SPV-IR calls `__spirv_BuiltIn<Name>(int dim)`; OpenCL C `get_<name>(uint dim)`.
        let (name, dim) = if self.spv_ir() {
            (self.spv_ir_builtin_name(builtin)?, Scalar::Int)
        } else {
            (name.to_owned(), Scalar::UInt)
        };
        if !dimensional {
            let mangled = mangle(&name, &[]);
            let v = self.call_builtin(st, &mangled, ty, Vec::new(), false)?;
            if self.spv_ir() {
                self.mark_builtin_variable_call(st, v);
            }
            return Ok(v);
        }
        let i32t = self.m.types.int(32);
        let mangled = mangle(&name, &[ParamType::Scalar(dim)]);
        // OpenCL C's `get_*` return `size_t`; SPV-IR's `__spirv_BuiltIn*` return the
        // variable's own component type, as llvm-spirv's reader declares them (a `<3 x i64>`
        // variable in a 32-bit module gives `i64` calls).
        let returned = if self.spv_ir() && self.int_width(scalar_ty) != 0 {
            scalar_ty
        } else {
            self.size_t()
        };
        let call = |c: &mut Self, st: &mut FnState, dim: ValueRef| -> Result<ValueRef> {
            let dim = c.fit_int(st, dim, i32t)?;
            let v = c.call_builtin(st, &mangled, returned, vec![dim], false)?;
            if c.spv_ir() {
                c.mark_builtin_variable_call(st, v);
            }
            let (want, have) = (c.int_width(scalar_ty), c.int_width(returned));
            let v = if want != 0 && want < have {
                c.cast(st, spirvkit_llvm::CastOp::Trunc, v, scalar_ty)?
            } else if want > have {
                c.cast(st, spirvkit_llvm::CastOp::ZExt, v, scalar_ty)?
            } else {
                v
            };
            Ok(v)
        };
        if let Some(i) = index {
            return call(self, st, i);
        }
        let len = match self.m.types.get(ty) {
            Type::Vector { len, .. } => *len,
            _ => {
                let zero = self.const_i32(0);
                return call(self, st, zero);
            }
        };
        let mut acc = self.push_const(ty, spirvkit_llvm::ConstKind::Undef);
        for k in 0..len {
            let dim = self.const_i32(k);
            let v = call(self, st, dim)?;
            let idx = self.const_i32(k);
            acc = self.emit(
                st,
                ty,
                InstKind::InsertElement {
                    vector: acc,
                    element: v,
                    index: idx,
                },
            );
        }
        Ok(acc)
    }
}
