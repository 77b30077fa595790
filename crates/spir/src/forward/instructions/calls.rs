//! Calls: defined functions become OpFunctionCall, mangled OpenCL built-ins and LLVM
//! intrinsics are lowered by `builtins`.

use super::{is_opaque, Out};
use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::{Callee, Translator};
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

/// `call` of a function, a built-in or an intrinsic, or through a function pointer.
#[allow(clippy::too_many_arguments)]
pub(super) fn call(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    r: &Out,
    callee: &ValueRef,
    fn_ty: llvm::TypeId,
    args: &[ValueRef],
    attrs: &llvm::AttributeList,
    metadata: &[(String, llvm::MetadataId)],
    fast_math: u32,
) -> Result<()> {
    let Out {
        out,
        ty,
        result_ty,
        void_result,
        ..
    } = *r;
    let loc = ctx.location.as_str();
    if crate::forward::inline_assembly::inline_asm_of(t.m, callee).is_some() {
        return crate::forward::inline_assembly::call(
            t,
            ctx,
            out,
            ty,
            void_result,
            *callee,
            fn_ty,
            args,
        );
    }
    let ValueRef::Function(f) = callee else {
        return crate::forward::function_pointers::indirect_call(
            t,
            ctx,
            out,
            ty,
            void_result,
            *callee,
            fn_ty,
            args,
            attrs,
        );
    };
    match t.callees.get(f.0 as usize).cloned() {
        Some(Callee::Function(fid)) => {
            let (callee_ret, params) = match t.signatures.get(f) {
                Some((r, p)) => (*r, p.clone()),
                None => {
                    let (_, r, p) = t.function_type(*f, None, loc)?;
                    (r, p)
                }
            };
            let widths = IntegerMismatch::of(t, *f, fn_ty);
            let mut ops = vec![Operand::Id(fid)];
            for (i, &a) in args.iter().enumerate() {
                let id = match params.get(i) {
                    Some(&p) if is_opaque(t, ctx, a) => t.value_as(ctx, a, p)?,
                    _ => t.value(ctx, a)?,
                };
                let id = match (&widths, params.get(i)) {
                    (Some(w), Some(&p)) if w.params.get(i).copied().flatten().is_some() => {
                        let op = if w.params[i] == Some(true) {
                            Op::SConvert
                        } else {
                            Op::UConvert
                        };
                        t.emit_ops(op, p, [Operand::Id(id)])
                    }
                    _ => id,
                };
                ops.push(Operand::Id(id));
            }
            let ret_ty = if void_result { t.b.type_void() } else { ty };
            let call_out = if void_result { t.b.alloc_id() } else { out };
            let call_id = match widths.as_ref().and_then(|w| w.ret) {
                Some(signed) if !void_result => {
                    // The callee's own return type, then converted to the call's.
                    let r = t.emit(Op::FunctionCall, callee_ret, ops);
                    let op = if signed { Op::SConvert } else { Op::UConvert };
                    t.emit_ops_to(out, op, ty, [Operand::Id(r)]);
                    r
                }
                _ => {
                    t.emit_to(call_out, Op::FunctionCall, ret_ty, ops);
                    call_out
                }
            };
            t.decorate_call_alias_scopes(call_id, metadata);
        }
        Some(Callee::Builtin(d)) => {
            cast_builtin_pointer_args(t, ctx, &d, args)?;
            load_byval_spv_ir_args(t, ctx, *f, attrs, &d, args)?;
            let lowered = crate::forward::builtins::call(t, ctx, out, result_ty, &d, args);
            ctx.arg_casts.borrow_mut().clear();
            lowered?
        }
        Some(Callee::Intrinsic(name)) => {
            let lowered = match crate::forward::float_min_max::family(&name) {
                Some(maximum) => crate::forward::float_min_max::lower(
                    t, ctx, out, result_ty, maximum, args, fast_math,
                )?,
                None => crate::forward::builtins::native_intrinsic(
                    t, ctx, out, result_ty, &name, args, fast_math,
                )?,
            };
            if !lowered {
                crate::forward::builtins::intrinsic(t, ctx, out, result_ty, &name, args, attrs)?;
            }
            // (A void fpbuiltin, sincos, has no result to carry the bound: it is dropped.)
            if name.starts_with("llvm.fpbuiltin.") && !void_result {
                crate::forward::builtins::fp_max_error(t, out, attrs, loc)?;
            }
        }
        None => return Err(malformed(loc, "call to a missing function")),
    }
    Ok(())
}

/// Casts opaque-pointer arguments of a built-in to the pointee its mangled name gives; the
/// built-in's lowering then finds them through `FnCtx::arg_casts`.
fn cast_builtin_pointer_args(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    d: &crate::mangle::Demangled,
    args: &[ValueRef],
) -> Result<()> {
    // OpenCL.std and the group copies need typed pointers even with untyped pointers
    // allowed (atomics and prefetch have untyped forms).
    let keeps_untyped = d.name.starts_with("atom") || d.name == "prefetch";
    for (i, &a) in args.iter().enumerate() {
        // A null handle (`ptr null` for "no event") is a null of the handle type.
        if let Some(crate::mangle::MType::Named(name)) = d.params.get(i) {
            let handle = crate::opencl_types::opencl_type(&format!(
                "opencl.{}_t",
                name.strip_prefix("ocl_").unwrap_or(name)
            ));
            let is_null = matches!(a, ValueRef::Constant(c)
                if matches!(t.m.constant(c).map(|c| &c.kind), Some(llvm::ConstKind::Null)));
            if let (Some(handle), true) = (handle, is_null) {
                let ty = t.opencl_handle_type(handle, crate::forward::types::NO_ACCESS);
                let null = t.b.dedup_global(Op::ConstantNull, Some(ty), vec![]);
                ctx.arg_casts.borrow_mut().insert(a, null);
            }
            continue;
        }
        let Some(crate::mangle::MType::Pointer { pointee, addrspace }) = d.params.get(i) else {
            continue;
        };
        let Some(llvm_ty) = t.m.value_type_in(ctx.func, a) else {
            continue;
        };
        if let Some(id) = generic_to_mangled_space(t, ctx, a, llvm_ty, *addrspace, pointee)? {
            ctx.arg_casts.borrow_mut().insert(a, id);
            continue;
        }
        let is_opaque = crate::forward::pointee::is_opaque_pointer(t.m, llvm_ty);
        if !is_opaque && !t.untyped_allowed() {
            continue;
        }
        let Some(crate::forward::pointee::Repr::Pointee(p)) = t.mangled_pointee(pointee) else {
            continue;
        };
        let wanted = if t.untyped_allowed() {
            if keeps_untyped {
                continue;
            }
            let addrspace = crate::forward::ptrtypes::addrspace_of(t.m, llvm_ty);
            let storage = crate::forward::types::storage_class(t, addrspace, &ctx.location)?;
            t.typed_pointer_type(storage, p)
        } else {
            t.pointer_to_in(ctx, a, p)?
        };
        let id = t.value_as(ctx, a, wanted)?;
        ctx.arg_casts.borrow_mut().insert(a, id);
    }
    Ok(())
}

/// A scalar or vector argument of a SPIR-V friendly IR built-in passed `byval` (DPC++ passes
/// an `_ExtInt` wider than 64 bits so, e.g. `__spirv_FixedExpINTEL` of an i68 through
/// `ptr byval(i68)`): the instruction takes the value, so it is loaded from the pointer, as
/// llvm-spirv does. Aggregates passed `byval` (wrapper classes) keep their own handling.
fn load_byval_spv_ir_args(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    callee: llvm::FuncId,
    call_attrs: &llvm::AttributeList,
    d: &crate::mangle::Demangled,
    args: &[ValueRef],
) -> Result<()> {
    if !d.name.starts_with("__spirv_") {
        return Ok(());
    }
    let m = t.m;
    let callee_attrs = m.function(callee).map(|f| &*f.attrs);
    for (i, &a) in args.iter().enumerate() {
        let byval = |list: &llvm::AttributeList| {
            list.param(i).iter().find_map(|attr| match attr {
                llvm::Attribute::Type(name, Some(ty)) if name == "byval" => Some(*ty),
                _ => None,
            })
        };
        let Some(value_ty) = byval(call_attrs).or_else(|| callee_attrs.and_then(byval)) else {
            continue;
        };
        let scalar_or_vector = matches!(
            m.types.get(value_ty),
            llvm::Type::Int(_)
                | llvm::Type::Half
                | llvm::Type::BFloat
                | llvm::Type::Float
                | llvm::Type::Double
                | llvm::Type::Vector { .. }
        );
        if !scalar_or_vector {
            continue;
        }
        let ty = t.ty(value_ty, &ctx.location)?;
        let pointer_ty = t.pointer_to_in(ctx, a, ty)?;
        let pointer = t.value_as(ctx, a, pointer_ty)?;
        let value = t.emit_ops(Op::Load, ty, [Operand::Id(pointer)]);
        ctx.arg_casts.borrow_mut().insert(a, value);
    }
    Ok(())
}

/// A generic pointer passed where the built-in's mangled name declares a named address space
/// (`__spirv_ocl_prefetch` mangled `PU3AS1Kc` called with an `addrspace(4)` pointer, as DPC++
/// writes it): the pointer cast back to that space (OpGenericCastToPtr), and to the mangled
/// pointee when it differs. OpenCL.std requires the declared storage class. None when the
/// argument is not generic or the mangled space is not global or local (an unqualified
/// `P` stands for the generic space in DPC++'s names).
fn generic_to_mangled_space(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    a: ValueRef,
    llvm_ty: llvm::TypeId,
    mangled_space: u32,
    mangled_pointee: &crate::mangle::MType,
) -> Result<Option<Id>> {
    if crate::forward::ptrtypes::addrspace_of(t.m, llvm_ty) != 4 || ![1, 3].contains(&mangled_space)
    {
        return Ok(None);
    }
    let current = t.value_type_id(ctx, a)?;
    let Some(pointee) = t.pointee_of(current) else {
        return Ok(None);
    };
    let storage = crate::forward::types::storage_class(t, mangled_space, &ctx.location)?;
    let v = t.value(ctx, a)?;
    let cast_ty = t.typed_pointer_type(storage, pointee);
    let cast = t.emit_ops(Op::GenericCastToPtr, cast_ty, [Operand::Id(v)]);
    match t.mangled_pointee(mangled_pointee) {
        Some(crate::forward::pointee::Repr::Pointee(p)) if p != pointee => {
            let ty = t.typed_pointer_type(storage, p);
            Ok(Some(t.emit_ops(Op::Bitcast, ty, [Operand::Id(cast)])))
        }
        _ => Ok(Some(cast)),
    }
}

/// A direct call whose function type differs from the callee's only in integer widths
/// (`call i32 @foo(i32 0)` of `i8 @foo(i8)`, which C code calling through a cast pointer
/// produces): the arguments are converted to the parameter widths and the result from the
/// return width, sign-extending where the callee's attributes say `signext` (the ABI's view).
/// None when the types agree or differ otherwise.
struct IntegerMismatch {
    /// Per parameter: Some(signed) when it needs a conversion.
    params: Vec<Option<bool>>,
    ret: Option<bool>,
}

impl IntegerMismatch {
    fn of(t: &Translator<'_>, f: llvm::FuncId, call_ty: llvm::TypeId) -> Option<IntegerMismatch> {
        let callee = t.m.function(f)?;
        if callee.fn_ty == call_ty {
            return None;
        }
        let (ret, params, vararg) = t.m.types.function_signature(callee.fn_ty)?;
        let (call_ret, call_params, call_vararg) = t.m.types.function_signature(call_ty)?;
        if vararg || call_vararg || params.len() != call_params.len() {
            return None;
        }
        let int = |ty| match t.m.types.get(ty) {
            llvm::Type::Int(w) if *w > 1 => Some(*w),
            _ => None,
        };
        let signext = |attrs: &[llvm::Attribute]| {
            attrs
                .iter()
                .any(|a| matches!(a, llvm::Attribute::Flag(n) if n == "signext"))
        };
        let differs = |a: llvm::TypeId, b: llvm::TypeId| -> Option<Option<bool>> {
            if a == b {
                return Some(None);
            }
            int(a).zip(int(b)).map(|_| Some(false))
        };
        let mut mismatch = IntegerMismatch {
            params: Vec::with_capacity(params.len()),
            ret: None,
        };
        for (i, (&p, &c)) in params.iter().zip(call_params).enumerate() {
            let d = differs(p, c)?;
            mismatch
                .params
                .push(d.map(|_| signext(callee.attrs.param(i))));
        }
        if !t.m.types.is_void(ret) || !t.m.types.is_void(call_ret) {
            mismatch.ret = differs(ret, call_ret)?.map(|_| signext(&callee.attrs.ret));
        }
        Some(mismatch)
    }
}
