//! Work-item functions → loads of BuiltIn Input variables.

use crate::error::Result;
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::ValueRef;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{BuiltIn, Decoration, Op, StorageClass};
use spirvkit_llvm as llvm;

/// OpenCL C work-item function, its BuiltIn, whether it is a 3-component vector, and the value
/// for an out-of-range dimension.
const WORK_ITEM: &[(&str, BuiltIn, bool, u64)] = &[
    ("get_global_id", BuiltIn::GlobalInvocationId, true, 0),
    ("get_local_id", BuiltIn::LocalInvocationId, true, 0),
    ("get_group_id", BuiltIn::WorkgroupId, true, 0),
    ("get_global_size", BuiltIn::GlobalSize, true, 1),
    ("get_local_size", BuiltIn::WorkgroupSize, true, 1),
    (
        "get_enqueued_local_size",
        BuiltIn::EnqueuedWorkgroupSize,
        true,
        1,
    ),
    ("get_num_groups", BuiltIn::NumWorkgroups, true, 1),
    ("get_global_offset", BuiltIn::GlobalOffset, true, 0),
    ("get_work_dim", BuiltIn::WorkDim, false, 0),
    ("get_global_linear_id", BuiltIn::GlobalLinearId, false, 0),
    (
        "get_local_linear_id",
        BuiltIn::LocalInvocationIndex,
        false,
        0,
    ),
    ("get_sub_group_size", BuiltIn::SubgroupSize, false, 0),
    ("get_max_sub_group_size", BuiltIn::SubgroupMaxSize, false, 0),
    ("get_num_sub_groups", BuiltIn::NumSubgroups, false, 0),
    (
        "get_enqueued_num_sub_groups",
        BuiltIn::NumEnqueuedSubgroups,
        false,
        0,
    ),
    ("get_sub_group_id", BuiltIn::SubgroupId, false, 0),
    (
        "get_sub_group_local_id",
        BuiltIn::SubgroupLocalInvocationId,
        false,
        0,
    ),
];

/// cl_khr_subgroup_ballot's mask functions: a `uint4` with the bits of the sub-group's
/// invocations equal to, at or above, above, at or below, below this one — the
/// SubgroupEq/Ge/Gt/Le/LtMask built-ins (as llvm-spirv reads them).
const BALLOT_MASKS: &[(&str, BuiltIn)] = &[
    ("get_sub_group_eq_mask", BuiltIn::SubgroupEqMask),
    ("get_sub_group_ge_mask", BuiltIn::SubgroupGeMask),
    ("get_sub_group_gt_mask", BuiltIn::SubgroupGtMask),
    ("get_sub_group_le_mask", BuiltIn::SubgroupLeMask),
    ("get_sub_group_lt_mask", BuiltIn::SubgroupLtMask),
];

/// (BuiltIn, is a 3-component vector, value for an out-of-range dimension) of an OpenCL C
/// work-item function, or of its SPIR-V friendly IR spelling (`__spirv_BuiltInGlobalInvocationId`
/// called with the dimension, `__spirv_BuiltInWorkDim()`, as llvm-spirv's SPV-IR and DPC++ emit).
pub(super) fn builtin(name: &str) -> Option<(BuiltIn, bool, u64)> {
    let found = match name.strip_prefix("__spirv_BuiltIn") {
        Some(spelled) => {
            let value = spirvkit_grammar::OperandKind::BuiltIn
                .desc()
                .enumerant_by_name(spelled)?
                .value;
            // Any other built-in (an extension's, e.g. DeviceBarrierValidINTEL) is a scalar
            // read of its variable.
            return Some(
                WORK_ITEM
                    .iter()
                    .find(|w| w.1 .0 == value)
                    .map_or((BuiltIn(value), false, 0), |w| (w.1, w.2, w.3)),
            );
        }
        None => match WORK_ITEM.iter().find(|w| w.0 == name) {
            Some(found) => found,
            None => {
                let &(_, mask) = BALLOT_MASKS.iter().find(|m| m.0 == name)?;
                return Some((mask, false, 0));
            }
        },
    };
    Some((found.1, found.2, found.3))
}

fn builtin_name(b: BuiltIn) -> String {
    let name = spirvkit_grammar::OperandKind::BuiltIn
        .desc()
        .enumerant(b.0)
        .map_or("Unknown", |e| e.name);
    format!("__spirv_BuiltIn{name}")
}

/// A `__spirv_BuiltIn*` global (SPIR-V friendly IR's variable form, older DPC++): the Input
/// variable of that built-in, typed as the global's value.
pub(crate) fn builtin_global(t: &mut Translator<'_>, g: llvm::GlobalId) -> Result<Option<Id>> {
    let Some(global) = t.m.global(g) else {
        return Ok(None);
    };
    let Some(b) = global.name.strip_prefix("__spirv_BuiltIn").and_then(|n| {
        spirvkit_grammar::OperandKind::BuiltIn
            .desc()
            .enumerant_by_name(n)
    }) else {
        return Ok(None);
    };
    let location = format!("global @{}", global.name);
    require_extension_builtin(t, &location, BuiltIn(b.value))?;
    let value_ty = t.ty(global.value_ty, &location)?;
    let id = variable(t, BuiltIn(b.value), value_ty);
    let ptr = t.b.type_pointer(StorageClass::Input.0, value_ty);
    t.note_type(id, ptr);
    Ok(Some(id))
}

/// The `__spirv_BuiltIn*` global a pointer operand is, looking through constant
/// address-space casts (`addrspacecast (ptr addrspace(1) @g to ptr addrspace(4))`).
pub(crate) fn builtin_global_behind(t: &Translator<'_>, v: ValueRef) -> Option<llvm::GlobalId> {
    match v {
        ValueRef::Global(g) => {
            t.m.global(g)
                .filter(|gl| gl.name.starts_with("__spirv_BuiltIn"))
                .map(|_| g)
        }
        ValueRef::Constant(c) => match &t.m.constant(c)?.kind {
            llvm::ConstKind::Expr(llvm::ConstExpr::Cast {
                op: llvm::CastOp::AddrSpaceCast | llvm::CastOp::BitCast,
                value,
            }) => builtin_global_behind(t, *value),
            _ => None,
        },
        _ => None,
    }
}

/// `builtin_global_behind`, also through address-space casts and bitcasts in the function
/// body (`%p = addrspacecast ptr addrspace(1) @__spirv_BuiltInSubgroupMaxSize to ptr
/// addrspace(4)`, as optimized DPC++ code hoists it).
pub(crate) fn builtin_global_behind_in(
    t: &Translator<'_>,
    ctx: &crate::forward::context::FnCtx<'_>,
    v: ValueRef,
) -> Option<llvm::GlobalId> {
    let mut at = v;
    // Each step moves to an earlier instruction, so the walk ends.
    for _ in 0..=ctx.func.insts.len() {
        let ValueRef::Instruction(i) = at else {
            return builtin_global_behind(t, at);
        };
        match &ctx.func.inst(i)?.kind {
            llvm::InstKind::Cast {
                op: llvm::CastOp::AddrSpaceCast | llvm::CastOp::BitCast,
                value,
            } => at = *value,
            _ => return None,
        }
    }
    None
}

/// A built-in outside the OpenCL work-item table needs what the grammar says (its capability
/// and extension, refused naming the extension when not allowed).
fn require_extension_builtin(t: &mut Translator<'_>, loc: &str, b: BuiltIn) -> Result<()> {
    if WORK_ITEM.iter().any(|w| w.1 .0 == b.0) {
        return Ok(());
    }
    if BALLOT_MASKS.iter().any(|m| m.1 == b) {
        // The grammar lists SubgroupBallotKHR (SPV_KHR_shader_ballot, for shaders) first;
        // OpenCL's masks are the core SPIR-V 1.3 GroupNonUniformBallot ones.
        let cap = spirvkit_grammar::Capability::GroupNonUniformBallot;
        if let Some(desc) = spirvkit_grammar::OperandKind::Capability
            .desc()
            .enumerant(cap.0)
        {
            crate::forward::requirements::require(t, loc, &builtin_name(b), &desc.avail)?;
        }
        t.b.capability(cap);
    }
    match spirvkit_grammar::OperandKind::BuiltIn.desc().enumerant(b.0) {
        Some(desc) => crate::forward::requirements::require(t, loc, &builtin_name(b), &desc.avail),
        None => Ok(()),
    }
}

/// The Input variable of a built-in, created on first use with the type `value_ty`.
fn variable(t: &mut Translator<'_>, b: BuiltIn, value_ty: Id) -> Id {
    if let Some(&id) = t.builtin_vars.get(&b.0) {
        return id;
    }
    let ptr = t.b.type_pointer(StorageClass::Input.0, value_ty);
    let id = t.b.alloc_id();
    t.b.global(Instruction::new(
        Op::Variable,
        Some(ptr),
        Some(id),
        [Operand::Word(StorageClass::Input.0)],
    ));
    t.b.name(id, &builtin_name(b));
    t.b.decorate(id, Decoration::BuiltIn.0, &[Operand::Word(b.0)]);
    t.b.decorate(id, Decoration::Constant.0, &[]);
    t.builtin_vars.insert(b.0, id);
    id
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    (b, vector, out_of_range): (BuiltIn, bool, u64),
    args: &[ValueRef],
) -> Result<()> {
    require_extension_builtin(t, &ctx.location, b)?;
    let ty = t.ty(result_ty, &ctx.location)?;
    if !vector {
        let var = variable(t, b, ty);
        t.emit_to(out, Op::Load, ty, vec![Operand::Id(var)]);
        return Ok(());
    }
    let vec_ty = t.b.type_vector(ty, 3);
    let var = variable(t, b, vec_ty);
    let loaded = t.emit(Op::Load, vec_ty, vec![Operand::Id(var)]);
    let dim = args.first().copied();
    let constant_dim = dim.and_then(|d| t.const_int(d));
    match (dim, constant_dim) {
        (_, Some(n)) if n < 3 => t.emit_to(
            out,
            Op::CompositeExtract,
            ty,
            vec![Operand::Id(loaded), Operand::Word(n as u32)],
        ),
        (_, Some(_)) | (None, _) => {
            // OpenCL: dimensions past the third answer 0 for ids and 1 for sizes.
            let c = t.scalar_constant(result_ty, out_of_range, &ctx.location)?;
            t.emit_to(out, Op::CopyObject, ty, vec![Operand::Id(c)]);
        }
        (Some(d), None) => {
            let index = t.value(ctx, d)?;
            let index_ty = t.value_llvm_type(ctx, d)?;
            let element = t.emit(
                Op::VectorExtractDynamic,
                ty,
                vec![Operand::Id(loaded), Operand::Id(index)],
            );
            let three = t.scalar_constant(index_ty, 3, &ctx.location)?;
            let bool_ty = t.b.type_bool();
            let in_range = t.emit(
                Op::ULessThan,
                bool_ty,
                vec![Operand::Id(index), Operand::Id(three)],
            );
            let fallback = t.scalar_constant(result_ty, out_of_range, &ctx.location)?;
            t.emit_to(
                out,
                Op::Select,
                ty,
                vec![
                    Operand::Id(in_range),
                    Operand::Id(element),
                    Operand::Id(fallback),
                ],
            );
        }
    }
    Ok(())
}
