//! OpenCL C built-in functions, by their SPIR mangled names (SPIR 1.2 Appendix A), and the LLVM
//! intrinsics clang emits, each lowered to core SPIR-V, built-in variables or OpenCL.std.

pub(crate) mod annotations;
mod atomic_ops;
mod atomics20;
mod bit_reverse;
mod convert;
mod dot_product;
mod events;
mod extension_builtins;
mod fixed_point;
mod groups;
mod images;
mod intel_subgroups;
pub(crate) mod kernel_query;
mod lifetime;
mod llvm_intrinsics;
mod math;
mod memory;
mod narrow_conversions;
mod ndrange;
mod pipes;
mod saturating;
mod spv_ir;
pub(crate) mod spv_ir_forms;
mod subgroup_non_uniform;
mod workitem;

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::Demangled;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op, OpenClStdOp};
use spirvkit_llvm as llvm;

pub(crate) use atomic_ops::require_atomic_value_type;
pub(crate) use atomics20::storage_bits;
pub(crate) use events::event_builtin;
pub(crate) use groups::generic_cast_target;
pub(crate) use llvm_intrinsics::has_fpbuiltin_signature;
pub(crate) use math::native_intrinsic;
pub(crate) use memory::{
    atomic_rmw, atomic_scope_semantics, fence, usm_cast, usm_cast_via_cross_workgroup,
};
pub(crate) use pipes::{pipe_builtin, PipeBuiltin};
pub(crate) use workitem::{builtin_global, builtin_global_behind_in};

/// True when a declaration is an OpenCL built-in the translator lowers itself.
pub(crate) fn is_builtin(d: &Demangled) -> bool {
    let n = d.name.as_str();
    workitem::builtin(n).is_some()
        || math::is_math(d)
        || dot_product::is_integer_dot(d)
        || memory::is_memory(n)
        || convert::is_conversion(n)
        || images::is_image(n)
        || matches!(
            n,
            "printf" | "__spir_opencl_version" | "__spir_image_support"
        )
        || n == images::SAMPLER_INITIALIZER
        || atomics20::is_atomic20(n)
        || groups::is_group(n)
        || groups::generic_cast_target(n).is_some()
        || n == "get_fence"
        || spv_ir::is_spv_ir(n)
        || intel_subgroups::is_intel_subgroup(d)
        || crate::forward::avc_motion_estimation::is_builtin(d)
        || subgroup_non_uniform::is_non_uniform(d)
        || extension_builtins::is_extension_builtin(n)
        || crate::forward::joint_matrix::is_opencl_builtin(n)
        || narrow_conversions::conversion(n).is_some()
        || kernel_query::query(n).is_some()
        || pipes::pipe_builtin(n, d.params.len()).is_some()
        || events::event_builtin(n).is_some()
        || n == pipes::IS_VALID_RESERVE_ID
        || is_reserved(n)
}

/// OpenCL C built-in families the translator does not lower (pipes, device enqueue, sub-groups,
/// ...): calls to them are refused by name instead of becoming unresolved imports.
fn is_reserved(name: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "atomic_",
        "atom_",
        "work_group_",
        "sub_group_",
        "get_sub_group",
        "get_max_sub_group",
        "get_num_sub_groups",
        "get_enqueued",
        "read_pipe",
        "write_pipe",
        "reserve_read_pipe",
        "reserve_write_pipe",
        "commit_read_pipe",
        "commit_write_pipe",
        "work_group_reserve",
        "work_group_commit",
        "get_pipe_",
        "enqueue_kernel",
        "enqueue_marker",
        "get_kernel_",
        "ndrange_",
        "retain_event",
        "release_event",
        "create_user_event",
        "set_user_event_status",
        "capture_event_profiling_info",
        "is_valid_event",
        "get_default_queue",
        "__enqueue_kernel",
        "__get_kernel",
    ];
    PREFIXES.iter().any(|p| name.starts_with(p))
}

/// Lowers a call to a built-in; the final instruction's result is `out`.
pub(crate) fn call(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    d: &Demangled,
    args: &[ValueRef],
) -> Result<()> {
    let n = d.name.as_str();
    if let Some(b) = workitem::builtin(n) {
        return workitem::lower(t, ctx, out, result_ty, b, args);
    }
    if convert::is_conversion(n) {
        return convert::lower(t, ctx, out, result_ty, d, args);
    }
    if memory::is_memory(n) {
        return memory::lower(t, ctx, out, result_ty, d, args);
    }
    if images::is_image(n) {
        return images::lower(t, ctx, out, result_ty, d, args);
    }
    if atomics20::is_atomic20(n) {
        return atomics20::lower(t, ctx, out, result_ty, d, args);
    }
    if extension_builtins::is_extension_builtin(n) {
        return extension_builtins::lower(t, ctx, out, result_ty, d, args);
    }
    if crate::forward::joint_matrix::is_opencl_builtin(n) {
        return crate::forward::joint_matrix::lower_opencl(t, ctx, out, result_ty, n, args);
    }
    if let Some(conv) = narrow_conversions::conversion(n) {
        return narrow_conversions::lower(t, ctx, out, result_ty, n, &conv, args);
    }
    if subgroup_non_uniform::is_non_uniform(d) {
        return subgroup_non_uniform::lower(t, ctx, out, result_ty, d, args);
    }
    if groups::is_group(n) {
        return groups::lower_group(t, ctx, out, result_ty, d, args);
    }
    if let Some(storage) = groups::generic_cast_target(n) {
        return groups::lower_generic_cast(t, ctx, out, storage, args);
    }
    if n == "get_fence" {
        return groups::lower_get_fence(t, ctx, out, result_ty, args);
    }
    if n == images::SAMPLER_INITIALIZER {
        return images::sampler_initializer(t, ctx, out, args);
    }
    if let Some(p) = pipes::pipe_builtin(n, args.len()) {
        return pipes::lower(t, ctx, out, result_ty, p, args);
    }
    if let Some(e) = events::event_builtin(n) {
        return events::lower(t, ctx, out, result_ty, e, args);
    }
    if n == pipes::IS_VALID_RESERVE_ID {
        return pipes::is_valid_reserve_id(t, ctx, out, result_ty, args);
    }
    if let Some(f) = kernel_query::enqueue_form(n) {
        return kernel_query::lower_enqueue(t, ctx, out, result_ty, f, args);
    }
    if let Some(q) = kernel_query::query(n) {
        return kernel_query::lower(t, ctx, out, result_ty, q, args);
    }
    if let Some(dims) = ndrange::dimensions(n) {
        return ndrange::lower(t, ctx, out, result_ty, dims, args);
    }
    if n == "printf" {
        printf_format(t, ctx, args)?;
        let ty = t.ty(result_ty, &ctx.location)?;
        let ids = arg_ids(t, ctx, args)?;
        ext_inst(
            t,
            out,
            ty,
            OpenClStdOp::printf.0,
            ids.into_iter().map(Operand::Id).collect(),
        );
        return Ok(());
    }
    if dot_product::is_integer_dot(d) {
        return dot_product::lower(t, ctx, out, result_ty, d, args);
    }
    if math::is_math(d) {
        return math::lower(t, ctx, out, result_ty, d, args);
    }
    if spv_ir::is_spv_ir(n) {
        return spv_ir::lower(t, ctx, out, result_ty, d, args);
    }
    if intel_subgroups::is_intel_subgroup(d) {
        return intel_subgroups::lower(t, ctx, out, result_ty, d, args);
    }
    if crate::forward::avc_motion_estimation::is_builtin(d) {
        return crate::forward::avc_motion_estimation::lower(t, ctx, out, result_ty, d, args);
    }
    Err(unsupported(&ctx.location, format!("the built-in {n}")))
}

const EXPECT_ASSUME: &str = "SPV_KHR_expect_assume";
const FMA: &str = "SPV_KHR_fma";

/// An `llvm.*` intrinsic's name without the prefix, and its family (`llvm.sqrt.f32` →
/// `sqrt.f32`, `sqrt`): what the dispatches below and the `afn` lowering match on.
pub(crate) fn intrinsic_family(name: &str) -> (&str, &str) {
    let base = name.strip_prefix("llvm.").unwrap_or(name);
    (base, base.split('.').next().unwrap_or(base))
}

/// Whether `intrinsic` below translates `name` (an `llvm.*` function): the families its
/// dispatch names, in step with it. Under `--spirv-allow-unknown-intrinsics` the others
/// become calls of imported functions (`translator.rs`), as llvm-spirv does; without the
/// option they are refused by `math::intrinsic`.
pub(crate) fn is_known_intrinsic(t: &Translator<'_>, name: &str) -> bool {
    let (base, family) = intrinsic_family(name);
    let stem = llvm_intrinsics::stem(base);
    match stem {
        // llvm-spirv knows the cycle counter only with the extension it needs.
        "readcyclecounter" => return t.opts.allows("SPV_KHR_shader_clock"),
        "ptr.annotation" | "stacksave" | "stackrestore" | "var.annotation" | "annotation" => {
            return true
        }
        _ => {}
    }
    llvm_intrinsics::handles(stem)
        || matches!(
            family,
            "fma"
                | "assume"
                | "lifetime"
                | "dbg"
                | "experimental"
                | "invariant"
                | "var"
                | "donothing"
                | "sideeffect"
                | "trap"
                | "debugtrap"
                | "ubsantrap"
                | "instrprof"
                | "memcpy"
                | "memmove"
                | "memset"
                | "expect"
        )
        || math::is_intrinsic_family(family)
}

/// LLVM intrinsics (`llvm.*`).
pub(crate) fn intrinsic(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    name: &str,
    args: &[ValueRef],
    attrs: &llvm::AttributeList,
) -> Result<()> {
    let (base, family) = intrinsic_family(name);
    let stem = llvm_intrinsics::stem(base);
    // A funnel shift of a value with itself is a rotate (`math.rs`: OpenCL.std rotate), on
    // the standard widths only: OpenCL's rotate would turn the whole carrier of an odd width
    // (`llvm_intrinsics.rs` rotates those as funnel shifts).
    let rotate = matches!(stem, "fshl" | "fshr")
        && args.len() == 3
        && args[0] == args[1]
        && matches!(
            llvm_intrinsics::scalar_width(t, result_ty),
            8 | 16 | 32 | 64
        );
    match stem {
        "ptr.annotation" => return annotations::ptr_annotation(t, ctx, out, result_ty, args),
        "readcyclecounter" => {
            return extension_builtins::read_cycle_counter(t, ctx, out, result_ty);
        }
        "stacksave" | "stackrestore" => {
            return crate::forward::variable_length_array::stack(t, ctx, out, result_ty, stem, args)
        }
        "var.annotation" => return annotations::var_annotation(t, ctx, args),
        "annotation" => return annotations::annotation(t, ctx, out, result_ty, args),
        "masked.gather" | "masked.scatter" => {
            let scatter = stem == "masked.scatter";
            return crate::forward::masked_gather_scatter::lower(
                t, ctx, out, result_ty, scatter, args, attrs,
            );
        }
        _ => {}
    }
    if fixed_point::handles(stem) {
        return fixed_point::lower(t, ctx, out, result_ty, stem, args);
    }
    if llvm_intrinsics::handles(stem) && !rotate {
        return llvm_intrinsics::lower(t, ctx, out, result_ty, stem, args);
    }
    match family {
        "fma" if t.opts.allows(FMA) => {
            // SPV_KHR_fma: OpFmaKHR; without it OpenCL.std fma (`math.rs`).
            let ids = arg_ids(t, ctx, args)?;
            let ty = t.ty(result_ty, &ctx.location)?;
            t.b.extension(FMA);
            t.b.capability(Capability::FMAKHR);
            t.emit_to(
                out,
                Op::FmaKHR,
                ty,
                ids.into_iter().map(Operand::Id).collect(),
            );
            Ok(())
        }
        "assume" if t.opts.allows(EXPECT_ASSUME) => {
            // SPV_KHR_expect_assume: OpAssumeTrueKHR; without it the hint is dropped, as
            // llvm-spirv does.
            let cond = t.value(
                ctx,
                *args
                    .first()
                    .ok_or_else(|| malformed(&ctx.location, "llvm.assume without arguments"))?,
            )?;
            t.b.extension(EXPECT_ASSUME);
            t.b.capability(Capability::ExpectAssumeKHR);
            t.emit_void(Op::AssumeTrueKHR, vec![Operand::Id(cond)]);
            Ok(())
        }
        "trap" | "ubsantrap" if t.opts.allows(spv_ir_forms::ABORT) => {
            spv_ir_forms::trap(t, ctx, family, args)
        }
        // Traps are dropped as llvm-spirv drops them without SPV_KHR_abort (its OpAbortKHR is
        // not known to spirv-val 2025.5); the `unreachable` after them stays. Profiling
        // counters (`llvm.instrprof.*`) are removed, as llvm-spirv's regularization does.
        "lifetime" => lifetime::lower(t, ctx, base.starts_with("lifetime.start"), args),
        "dbg" | "assume" | "experimental" | "invariant" | "var" | "donothing" | "sideeffect"
        | "trap" | "debugtrap" | "ubsantrap" | "instrprof" => {
            // Hints without a SPIR-V form; a result (`invariant.start`'s token) is undefined.
            if !t.m.types.is_void(result_ty) {
                let ty = t.ty(result_ty, &ctx.location)?;
                t.emit_ops_to(out, Op::Undef, ty, []);
            }
            Ok(())
        }
        "memcpy" | "memmove" | "memset" => memory::mem_intrinsic(t, ctx, family, args, attrs),
        "expect" => {
            let ty = t.ty(result_ty, &ctx.location)?;
            let operand = |i: usize| {
                args.get(i).copied().ok_or_else(|| {
                    malformed(&ctx.location, format!("{name} needs argument {}", i + 1))
                })
            };
            let v = t.value(ctx, operand(0)?)?;
            if t.opts.allows(EXPECT_ASSUME) {
                // OpExpectKHR value, expected (llvm.expect.with.probability's probability has
                // no SPIR-V operand).
                let expected = t.value(ctx, operand(1)?)?;
                t.b.extension(EXPECT_ASSUME);
                t.b.capability(Capability::ExpectAssumeKHR);
                t.emit_to(
                    out,
                    Op::ExpectKHR,
                    ty,
                    vec![Operand::Id(v), Operand::Id(expected)],
                );
            } else {
                t.emit_to(out, Op::CopyObject, ty, vec![Operand::Id(v)]);
            }
            Ok(())
        }
        _ => math::intrinsic(t, ctx, out, result_ty, family, args),
    }
}

/// `"fpbuiltin-max-error"="2.5"` on an `llvm.fpbuiltin.*` call: FPMaxErrorDecorationINTEL
/// with the bound as a 32-bit float, under SPV_INTEL_fp_max_error. Without the extension the
/// bound is dropped: the instruction is then as accurate as the core one, which meets it.
pub(crate) fn fp_max_error(
    t: &mut Translator<'_>,
    out: Id,
    attrs: &llvm::AttributeList,
    loc: &str,
) -> Result<()> {
    let bound = attrs.function.iter().find_map(|a| match a {
        llvm::Attribute::Str(k, Some(v)) if k == "fpbuiltin-max-error" => Some(v.as_str()),
        _ => None,
    });
    let Some(bound) = bound else {
        return Ok(());
    };
    if !t.opts.allows(FP_MAX_ERROR) {
        return Ok(());
    }
    let value: f32 = bound.trim().parse().map_err(|_| {
        malformed(
            loc,
            format!("fpbuiltin-max-error \"{bound}\" is not a number"),
        )
    })?;
    decorate_max_error(t, out, value);
    Ok(())
}

const FP_MAX_ERROR: &str = "SPV_INTEL_fp_max_error";

/// FPMaxErrorDecorationINTEL with its bound, and what the decoration needs.
fn decorate_max_error(t: &mut Translator<'_>, out: Id, bound: f32) {
    t.b.extension(FP_MAX_ERROR);
    t.b.capability(Capability::FPMaxErrorINTEL);
    t.b.decorate(
        out,
        spirvkit_grammar::Decoration::FPMaxErrorDecorationINTEL.0,
        &[Operand::Word(bound.to_bits())],
    );
}

/// `!fpmath !{float 2.5}` on an instruction (the accuracy LLVM allows it): under
/// SPV_INTEL_fp_max_error the instruction's result is decorated FPMaxErrorDecorationINTEL
/// with the bound as a 32-bit float, as llvm-spirv does (its IntelFPMaxErrorFPMath test).
/// Without the extension the bound is dropped: a relaxation the exact instruction meets.
pub(crate) fn fp_math_max_error(t: &mut Translator<'_>, out: Id, node: llvm::MetadataId) {
    if !t.opts.allows(FP_MAX_ERROR) {
        return;
    }
    let bound = t.m.node_operands(node).first().and_then(|op| {
        let (ty, value) = t.m.md_value(op)?;
        let llvm::ValueRef::Constant(c) = value else {
            return None;
        };
        let llvm::ConstKind::Float(bits) = t.m.constant(c)?.kind else {
            return None;
        };
        match t.m.types.get(ty) {
            llvm::Type::Float => Some(f32::from_bits(bits as u32)),
            llvm::Type::Double => Some(f64::from_bits(bits) as f32),
            _ => None,
        }
    });
    if let Some(bound) = bound {
        decorate_max_error(t, out, bound);
    }
}

pub(crate) fn arg_ids(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    args: &[ValueRef],
) -> Result<Vec<Id>> {
    args.iter().map(|&a| t.value(ctx, a)).collect()
}

/// `OpExtInst %ty %OpenCL.std <number> operands...` with result `out`.
/// OpenCL.std printf takes its format from the constant address space (UniformConstant);
/// another address space needs SPV_EXT_relaxed_printf_string_address_space (declared when
/// allowed, refused naming it when not, as llvm-spirv does).
pub(crate) fn printf_format(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    args: &[ValueRef],
) -> Result<()> {
    const RELAXED: &str = "SPV_EXT_relaxed_printf_string_address_space";
    let Some(&format) = args.first() else {
        return Ok(());
    };
    let ty = t.value_llvm_type(ctx, format)?;
    let addrspace = match t.m.types.get(ty) {
        llvm::Type::Pointer { addrspace, .. } => *addrspace,
        _ => return Ok(()),
    };
    if addrspace == 2 {
        return Ok(());
    }
    if !t.opts.allows(RELAXED) {
        return Err(unsupported(
            &ctx.location,
            format!("printf with its format string in address space {addrspace} (needs --spirv-ext=+{RELAXED})"),
        ));
    }
    t.b.extension(RELAXED);
    Ok(())
}

/// The number of the OpenCL.std instruction `name` (`fmin`, `copysign`, ...).
pub(crate) fn opencl_std_number(name: &str) -> Option<u32> {
    math::ext_number(name)
}

pub(crate) fn ext_inst(
    t: &mut Translator<'_>,
    out: Id,
    ty: Id,
    number: u32,
    operands: Vec<Operand>,
) {
    let set = t.opencl_std();
    let mut ops = vec![Operand::Id(set), Operand::Word(number)];
    ops.extend(operands);
    t.emit_to(out, Op::ExtInst, ty, ops);
    t.last_ext_inst = (number, out);
}

/// Relational results: scalars are 1/0, vectors -1/0 (all bits set), in the result type.
pub(super) fn bool_to_int(
    t: &mut Translator<'_>,
    loc: &str,
    out: Id,
    ty: Id,
    result_ty: llvm::TypeId,
    b: Id,
) -> Result<()> {
    let is_vector = matches!(t.m.types.get(result_ty), llvm::Type::Vector { .. });
    let one = t.splat(result_ty, if is_vector { u64::MAX } else { 1 }, loc)?;
    let zero = t.splat(result_ty, 0, loc)?;
    t.emit_to(
        out,
        Op::Select,
        ty,
        vec![Operand::Id(b), Operand::Id(one), Operand::Id(zero)],
    );
    Ok(())
}
