//! SPIR-V friendly IR (llvm-spirv's `SPV-IR`, what DPC++ and `llvm-spirv -r
//! --spirv-target-env=SPV-IR` write): a call to `__spirv_{OpName}{_postfixes}` is the
//! instruction `Op{OpName}`, `__spirv_ocl_{name}{__postfixes}` the OpenCL.std instruction
//! `name` (llvm-spirv's docs/SPIRVRepresentationInLLVM.rst). The operands come from the
//! grammar: ids from the arguments, literal and enumerant operands from constant arguments,
//! the result type from the call's return type. Postfixes `_sat` and `_rt[enpz]` become the
//! SaturatedConversion and FPRoundingMode decorations; `_R{type}` and `_To{Storage}` only
//! name the overload. (`__spirv_BuiltIn*` work-item calls are `workitem.rs`'s.)

use super::ext_inst;
use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::Demangled;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Category, Decoration, ExtInstSet, OperandDesc, OperandKind, Quantifier};
use spirvkit_llvm as llvm;

pub(super) const PREFIX: &str = "__spirv_";

/// Whether `name` is a SPIR-V friendly IR built-in `lower` translates: `__spirv_ocl_` and an
/// OpenCL.std instruction, `__spirv_` and one of the forms `spv_ir_forms` lowers or an
/// instruction of the grammar. Any other `__spirv_*` function (`__spirv_somefunc`, the old
/// `__spirv_GlobalInvocationId_x` spelling of a built-in variable) names no instruction: it
/// is an ordinary function, its calls stay calls of an imported declaration, as llvm-spirv
/// keeps them (its `__spirv_`-prefixed unknown-function test round-trips the calls). An
/// instruction of an extension whose opcode spirvkit lacks is a built-in all the same: `lower`
/// refuses it by name rather than leave a call no consumer defines.
pub(super) fn is_spv_ir(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(PREFIX) else {
        return false;
    };
    if let Some(ext) = rest.strip_prefix("ocl_") {
        return opencl_std_name(ext).is_some();
    }
    let opname = former_name(rest.split('_').next().unwrap_or_default());
    super::spv_ir_forms::handles(opname)
        || spirvkit_grammar::instruction_by_name(&format!("Op{opname}")).is_some()
        || extension_without_opcode(opname).is_some()
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
    let rest = d.name.strip_prefix(PREFIX).unwrap_or(&d.name);
    if let Some(ext) = rest.strip_prefix("ocl_") {
        return opencl_std(t, ctx, out, result_ty, d, ext, args);
    }
    let mut parts = rest.split('_');
    let opname = former_name(parts.next().unwrap_or_default());
    if super::spv_ir_forms::lower(t, ctx, out, result_ty, &d.name, opname, args)? {
        return Ok(());
    }
    if opname == "ControlBarrier" {
        super::spv_ir_forms::control_barrier_scope(t, ctx, &d.name, args)?;
    }
    let desc = spirvkit_grammar::instruction_by_name(&format!("Op{opname}")).ok_or_else(|| {
        let reason = match extension_without_opcode(opname) {
            Some(ext) if !t.opts.allows(ext) => format!("needs --spirv-ext=+{ext}"),
            Some(ext) => format!(
                "Op{opname} of {ext}: its opcode is in no SPIRV-Headers release spirvkit has"
            ),
            None => format!("no instruction Op{opname}"),
        };
        unsupported(
            loc,
            format!("the SPIR-V friendly IR built-in {} ({reason})", d.name),
        )
    })?;
    // The atomic float instructions list one capability per width: the one declared is the
    // result's, as for `atomicrmw` (the grammar's first would be the 16-bit one).
    let format = super::atomic_ops::AtomicFloat::of_type(&t.m.types, result_ty);
    let float_rmw = float_rmw(opname).zip(format);
    if float_rmw.is_none() {
        crate::forward::requirements::require(t, loc, &d.name, &desc.avail)?;
    }
    if matches!(opname, "ConvertFToBF16INTEL" | "ConvertBF16ToFINTEL") {
        crate::forward::cooperative_matrix::require_joint_matrix_for_bf16_conversion(
            t, loc, &d.name, result_ty,
        )?;
    }
    let operands = desc
        .operands
        .iter()
        .filter(|o| !matches!(o.kind, OperandKind::IdResultType | OperandKind::IdResult));
    if opname == "GenericCastToPtrExplicit" {
        // The result keeps the operand's pointee, in the storage class the literal names.
        let storage = args.get(1).and_then(|&a| t.const_int(a)).ok_or_else(|| {
            malformed(loc, format!("{} without a constant storage class", d.name))
        })?;
        return super::groups::lower_generic_cast(
            t,
            ctx,
            out,
            spirvkit_grammar::StorageClass(storage as u32),
            &args[..1],
        );
    }
    if matches!(opname, "AccessChain" | "InBoundsAccessChain")
        && crate::forward::cooperative_matrix::access_chain(
            t,
            ctx,
            out,
            opname == "InBoundsAccessChain",
            args,
        )?
    {
        return Ok(());
    }
    // The pre-KHR joint matrix's element access through a wrapper class (before the generic
    // `sret` handling, which would give the instruction the wrapper's type).
    if crate::forward::joint_matrix::element_through_wrapper(t, ctx, out, opname, result_ty, args)?
    {
        return Ok(());
    }
    // A result returned through a leading `sret` pointer (DPC++'s struct results, e.g.
    // TaskSequenceGetINTEL of a struct): the instruction's result is stored through it.
    let expected = operands.clone().count();
    let sret = if desc.has_result
        && t.m.types.is_void(result_ty)
        && args.len() == expected + 1
        && t.value_llvm_type(ctx, args[0])
            .is_ok_and(|ty| t.m.types.is_pointer(ty))
    {
        let dest = t.value(ctx, args[0])?;
        // The `sret(T)` attribute's type, else the pointer's pointee (an untyped pointer
        // has none).
        let sret_attribute = typed_arguments(t, ctx, out, "sret")
            .first()
            .copied()
            .flatten();
        let from_attribute = match sret_attribute {
            Some(ty) => Some(t.ty(ty, loc)?),
            None => None,
        };
        let pointee = from_attribute
            .or_else(|| t.id_types.get(&dest).and_then(|&p| t.pointee_of(p)))
            .ok_or_else(|| {
                unsupported(
                    loc,
                    format!("{} returning through a pointer of unknown type", d.name),
                )
            })?;
        Some((dest, pointee))
    } else {
        None
    };
    let args = if sret.is_some() { &args[1..] } else { args };
    let args = if opname == "CooperativeMatrixPrefetchINTEL" {
        crate::forward::cooperative_matrix::prefetch_arguments(t, loc, &d.name, args)?
    } else {
        std::borrow::Cow::Borrowed(args)
    };
    let args = args.as_ref();
    if opname == "CompositeConstruct"
        && crate::forward::cooperative_matrix::construct_from_reference(
            t, ctx, out, result_ty, args,
        )?
    {
        return Ok(());
    }
    if opname.starts_with("CooperativeMatrix") {
        let listed: Vec<&OperandDesc> = operands.clone().collect();
        crate::forward::cooperative_matrix::require_layout(t, loc, &listed, args)?;
    }
    let mut ops = operands_from_args(t, ctx, &d.name, operands, args)?;
    if opname == "SampledImage" {
        if let (Some(&sampler), Some(Operand::Id(id))) = (args.get(1), ops.get_mut(1)) {
            *id = super::images::spv_ir_sampler_operand(t, ctx, sampler)?;
        }
    }
    if let Some((dest, pointee)) = sret {
        let value = sret_result(t, ctx, out, opname, desc, pointee, args, &mut ops)?;
        t.emit_void(
            spirvkit_grammar::Op::Store,
            vec![Operand::Id(dest), Operand::Id(value)],
        );
        return Ok(());
    }
    if opname == "CooperativeMatrixLengthKHR" {
        // The operand is the matrix type; llvm-spirv's SPV-IR passes a matrix value.
        if let (Some(&a), Some(Operand::Id(v))) = (args.first(), ops.first_mut()) {
            *v = t.value_type_id(ctx, a)?;
        }
    }
    if pointer_holds_value(opname) {
        value_pointer(
            t,
            ctx,
            desc_op(desc.opcode),
            opname,
            result_ty,
            args,
            &mut ops,
        )?;
    }
    if let Some((op, format)) = float_rmw {
        let ids: Vec<Id> = ops
            .iter()
            .filter_map(|o| match o {
                Operand::Id(id) => Some(*id),
                _ => None,
            })
            .collect();
        let &[pointer, scope, semantics, value] = ids.as_slice() else {
            return Err(malformed(
                loc,
                format!("{} takes a pointer, scope, semantics and value", d.name),
            ));
        };
        let ty = t.ty(result_ty, loc)?;
        let access = super::atomic_ops::AtomicAccess {
            pointer,
            scope,
            semantics,
        };
        return super::atomic_ops::emit_float_rmw(
            t, loc, &d.name, out, op, format, ty, access, value,
        );
    }
    if matches!(opname, "Any" | "All") {
        // llvm-spirv's SPV-IR passes the bool vector sign-extended to an integer vector.
        if let (Some(&a), Some(Operand::Id(v))) = (args.first(), ops.first_mut()) {
            *v = integer_to_bool(t, ctx, a, *v)?;
        }
    }
    let void = t.m.types.is_void(result_ty);
    if desc.has_result && returns_bool(opname) && !is_bool_shaped(t, result_ty) {
        // llvm-spirv's SPV-IR gives the relational tests an `int` result (as OpenCL C's
        // `isnan`): the instruction's bool, selected to 1 (-1 in vectors) or 0.
        let bool_ty = bool_like(t, result_ty);
        let ty = t.ty(result_ty, loc)?;
        let b = t.emit(desc_op(desc.opcode), bool_ty, ops);
        return super::bool_to_int(t, loc, out, ty, result_ty, b);
    }
    if desc.has_result {
        // A void call of an instruction with a result (TaskSequenceGetINTEL of a task
        // returning void): llvm-spirv gives the instruction the void type.
        let ty = if void {
            t.b.type_void()
        } else {
            t.ty(result_ty, loc)?
        };
        t.emit_to(out, desc_op(desc.opcode), ty, ops);
        for postfix in parts {
            decorate(t, out, postfix);
        }
    } else {
        t.emit_void(desc_op(desc.opcode), ops);
    }
    Ok(())
}

/// Instructions whose result is a bool or a vector of bools (tests and comparisons).
fn returns_bool(opname: &str) -> bool {
    const PREFIXES: &[&str] = &["Is", "FOrd", "FUnord", "Logical"];
    PREFIXES.iter().any(|p| opname.starts_with(p))
        || matches!(
            opname,
            "SignBitSet"
                | "Ordered"
                | "Unordered"
                | "LessOrGreater"
                | "IEqual"
                | "INotEqual"
                | "UGreaterThan"
                | "UGreaterThanEqual"
                | "ULessThan"
                | "ULessThanEqual"
                | "SGreaterThan"
                | "SGreaterThanEqual"
                | "SLessThan"
                | "SLessThanEqual"
                | "Any"
                | "All"
        )
}

fn is_bool_shaped(t: &Translator<'_>, ty: llvm::TypeId) -> bool {
    let scalar = t.m.types.scalar(ty);
    matches!(t.m.types.get(scalar), llvm::Type::Int(1))
}

/// The bool (vector) with `ty`'s lane count.
fn bool_like(t: &mut Translator<'_>, ty: llvm::TypeId) -> Id {
    let b = t.b.type_bool();
    match t.m.types.get(ty) {
        llvm::Type::Vector { len, .. } => t.b.type_vector(b, *len),
        _ => b,
    }
}

/// Atomic instructions whose Pointer must point to the type of their value (the result,
/// or the stored value of OpAtomicStore); the flag instructions point to an integer.
fn pointer_holds_value(opname: &str) -> bool {
    opname.starts_with("Atomic") && !opname.starts_with("AtomicFlag")
}

/// Declares Int64Atomics for a 64-bit value, and casts the atomic's Pointer (first operand)
/// to a pointer to its value type when an opaque
/// pointer was given a different pointee (an alloca of a one-member struct, DPC++'s
/// `atomic_ref` on a wrapper): spirv-val requires the pointee to be the value's type, and
/// llvm-spirv casts the pointer the same way. Untyped pointers stay as they are.
fn value_pointer(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    opcode: spirvkit_grammar::Op,
    opname: &str,
    result_ty: llvm::TypeId,
    args: &[ValueRef],
    ops: &mut [Operand],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let value_llvm = if opname == "AtomicStore" {
        match args.last() {
            Some(&v) => t.value_llvm_type(ctx, v)?,
            None => return Ok(()),
        }
    } else if t.m.types.is_void(result_ty) {
        return Ok(());
    } else {
        result_ty
    };
    super::atomic_ops::require_atomic_value_type(t, loc, opcode, value_llvm)?;
    let value_ty = t.ty(value_llvm, loc)?;
    let (Some(&pointer), Some(Operand::Id(id))) = (args.first(), ops.first_mut()) else {
        return Ok(());
    };
    let pointer_ty = t.value_type_id(ctx, pointer)?;
    if t.pointee_of(pointer_ty).is_some_and(|p| p != value_ty) {
        let wanted = t.pointer_to_in(ctx, pointer, value_ty)?;
        let cast = t.emit(
            spirvkit_grammar::Op::Bitcast,
            wanted,
            vec![Operand::Id(*id)],
        );
        t.note_type(cast, wanted);
        *id = cast;
    }
    Ok(())
}

fn float_rmw(opname: &str) -> Option<super::atomic_ops::FloatRmw> {
    use super::atomic_ops::FloatRmw;
    match opname {
        "AtomicFAddEXT" => Some(FloatRmw::Add),
        "AtomicFMinEXT" => Some(FloatRmw::Min),
        "AtomicFMaxEXT" => Some(FloatRmw::Max),
        _ => None,
    }
}

/// Instructions renamed since DPC++ and llvm-spirv tests spelled them: the SPV-IR name of
/// the earlier revision → the grammar's name (same opcode). SPV_INTEL_tensor_float32_conversion's
/// OpConvertFToTF32INTEL is the pinned grammar's OpRoundFToTF32INTEL (6426, the extension since
/// renamed SPV_INTEL_tensor_float32_rounding; llvm-spirv's older `joint_matrix_tf32.ll` calls
/// `__spirv_ConvertFToTF32INTEL`, IGC accepts both names for the one operation).
///
/// Two instructions llvm-spirv writes as their equivalent that every SPIR-V version keeps:
/// OpAtomicCompareExchangeWeak (deprecated, the same semantics as OpAtomicCompareExchange)
/// and OpLessOrGreater (removed in SPIR-V 1.5; the same comparison as OpFOrdNotEqual).
/// The value an instruction returning through an `sret` pointer computes. Its `byval`
/// arguments (DPC++'s class values, e.g. `sycl::half` passed as a pointer to `{ half }`) are
/// values: they are loaded. A group instruction's Result Type is a scalar or a vector (the
/// spec), so when the result is a one-member struct of one (the class wrapping the value)
/// the instruction works on the member: extracted from each loaded argument, the result
/// inserted back, as llvm-spirv translates it (its group non-uniform shuffle-down of a
/// `sycl::half` test: OpLoad, OpCompositeExtract, the instruction, OpCompositeInsert, OpStore).
#[allow(clippy::too_many_arguments)]
fn sret_result(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    opname: &str,
    desc: &spirvkit_grammar::InstructionDesc,
    pointee: Id,
    args: &[ValueRef],
    ops: &mut [Operand],
) -> Result<Id> {
    let loc = ctx.location.as_str();
    let byval = typed_arguments(t, ctx, out, "byval");
    let member = if opname.starts_with("Group") {
        single_scalar_member(t, byval.iter().flatten().copied(), loc)?
    } else {
        None
    };
    let mut wrapper = None;
    // `args` lost the leading `sret` pointer: argument i is the call's i + 1.
    for (i, &a) in args.iter().enumerate() {
        let Some(Some(llvm_ty)) = byval.get(i + 1) else {
            continue;
        };
        let pointer = t.value(ctx, a)?;
        let ty = t.ty(*llvm_ty, loc)?;
        let loaded = t.emit(spirvkit_grammar::Op::Load, ty, vec![Operand::Id(pointer)]);
        let value = match member {
            Some((member_ty, wrapper_ty)) if *llvm_ty == wrapper_ty => {
                wrapper.get_or_insert(loaded);
                t.emit(
                    spirvkit_grammar::Op::CompositeExtract,
                    member_ty,
                    vec![Operand::Id(loaded), Operand::Word(0)],
                )
            }
            _ => loaded,
        };
        for op in ops.iter_mut() {
            if *op == Operand::Id(pointer) {
                *op = Operand::Id(value);
            }
        }
    }
    match (member, wrapper) {
        (Some((member_ty, _)), Some(wrapper)) => {
            let value = t.emit(desc_op(desc.opcode), member_ty, ops.to_vec());
            Ok(t.emit(
                spirvkit_grammar::Op::CompositeInsert,
                pointee,
                vec![Operand::Id(value), Operand::Id(wrapper), Operand::Word(0)],
            ))
        }
        _ => Ok(t.emit(desc_op(desc.opcode), pointee, ops.to_vec())),
    }
}

/// The type of the `kind` attribute (`byval`, `sret`) of each argument of the call whose
/// result is `out` (from the call's attributes, else its callee's): the built-in lowerings
/// see the arguments only.
fn typed_arguments(
    t: &Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    kind: &str,
) -> Vec<Option<llvm::TypeId>> {
    let Some(inst) = ctx
        .values
        .iter()
        .position(|&id| id == out)
        .and_then(|i| ctx.func.insts.get(i))
    else {
        return Vec::new();
    };
    let llvm::InstKind::Call {
        callee,
        args,
        attrs,
        ..
    } = &inst.kind
    else {
        return Vec::new();
    };
    let declared = match callee {
        ValueRef::Function(f) => t.m.function(*f).map(|f| &f.attrs),
        _ => None,
    };
    let typed = |list: &llvm::AttributeList, i: usize| {
        list.param(i).iter().find_map(|a| match a {
            llvm::Attribute::Type(n, ty) if n == kind => *ty,
            _ => None,
        })
    };
    (0..args.len())
        .map(|i| typed(attrs, i).or_else(|| declared.and_then(|d| typed(d, i))))
        .collect()
}

/// `(member type, struct type)` when every `byval` argument is one struct type whose only
/// member is a scalar or a vector.
fn single_scalar_member(
    t: &mut Translator<'_>,
    mut byval: impl Iterator<Item = llvm::TypeId>,
    loc: &str,
) -> Result<Option<(Id, llvm::TypeId)>> {
    let Some(wrapper) = byval.next() else {
        return Ok(None);
    };
    if byval.any(|other| other != wrapper) {
        return Ok(None);
    }
    let types = &t.m.types;
    let elems = match types.get(wrapper) {
        llvm::Type::Struct { elems, .. } => Some(elems.clone()),
        llvm::Type::Named(id) => types
            .struct_def(*id)
            .and_then(|d| d.body.as_ref())
            .map(|b| b.elems.clone()),
        _ => None,
    };
    let Some(&[member]) = elems.as_deref() else {
        return Ok(None);
    };
    let scalar = matches!(
        types.get(types.scalar(member)),
        llvm::Type::Int(_)
            | llvm::Type::Half
            | llvm::Type::BFloat
            | llvm::Type::Float
            | llvm::Type::Double
    );
    if !scalar {
        return Ok(None);
    }
    Ok(Some((t.ty(member, loc)?, wrapper)))
}

fn former_name(opname: &str) -> &str {
    match opname {
        "ConvertFToTF32INTEL" => "RoundFToTF32INTEL",
        "AtomicCompareExchangeWeak" => "AtomicCompareExchange",
        "LessOrGreater" => "FOrdNotEqual",
        other => other,
    }
}

/// Instructions of extensions llvm-spirv translates whose opcodes spirvkit does not have (no
/// SPIRV-Headers release it pins, nor the SPIR-V registry, lists them): their built-ins are
/// refused naming the extension to enable, or, when it is enabled, the missing opcode.
fn extension_without_opcode(opname: &str) -> Option<&'static str> {
    match opname {
        "SubgroupScaledMatrixMultiplyAccumulateINTEL" => {
            Some("SPV_INTEL_subgroup_scaled_matrix_multiply_accumulate")
        }
        _ => None,
    }
}

fn desc_op(opcode: u16) -> spirvkit_grammar::Op {
    spirvkit_grammar::Op(opcode)
}

/// `_sat` and `_rte`/`_rtz`/`_rtp`/`_rtn` on a conversion.
fn decorate(t: &mut Translator<'_>, out: Id, postfix: &str) {
    let mode = match postfix {
        "sat" => {
            t.b.decorate(out, Decoration::SaturatedConversion.0, &[]);
            return;
        }
        "rte" => 0,
        "rtz" => 1,
        "rtp" => 2,
        "rtn" => 3,
        _ => return,
    };
    t.b.decorate(out, Decoration::FPRoundingMode.0, &[Operand::Word(mode)]);
}

/// `__spirv_ocl_{name}{__postfixes}`: OpExtInst of OpenCL.std `name`.
fn opencl_std(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    d: &Demangled,
    ext: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let (inst, postfixes) = opencl_std_name(ext).ok_or_else(|| {
        unsupported(
            loc,
            format!(
                "the SPIR-V friendly IR built-in {} (no OpenCL.std instruction)",
                d.name
            ),
        )
    })?;
    if inst.opcode == spirvkit_grammar::OpenClStdOp::printf.0 {
        super::printf_format(t, ctx, args)?;
    }
    let ops = operands_from_args(t, ctx, &d.name, inst.operands.iter(), args)?;
    if crate::forward::bfloat_ext_inst::involves_bfloat(t, ctx, result_ty, args) {
        crate::forward::bfloat_ext_inst::lower(t, ctx, out, result_ty, inst.opcode, ops, args)?;
        for postfix in postfixes.split('_') {
            decorate(t, out, postfix);
        }
        return Ok(());
    }
    let ty = if t.m.types.is_void(result_ty) {
        t.b.type_void()
    } else {
        t.ty(result_ty, loc)?
    };
    ext_inst(t, out, ty, inst.opcode, ops);
    for postfix in postfixes.split('_') {
        decorate(t, out, postfix);
    }
    Ok(())
}

/// The OpenCL.std instruction a `__spirv_ocl_` name starts with, and the postfixes after it:
/// postfixes follow `__` (the documented form) or `_` (`vloadn_Rint3`, as llvm-spirv writes),
/// and instruction names contain `_` themselves (`fast_distance`, `s_abs`), so the longest
/// known name wins.
fn opencl_std_name(ext: &str) -> Option<(&'static spirvkit_grammar::ExtInstDesc, &str)> {
    let set = ExtInstSet::OpenClStd.desc();
    let ends = ext
        .match_indices('_')
        .map(|(i, _)| i)
        .chain(std::iter::once(ext.len()));
    let mut best = None;
    for end in ends {
        if let Some(inst) = set.instruction_by_name(&ext[..end]) {
            best = Some((inst, ext[end..].trim_start_matches('_')));
        }
    }
    best
}

/// The instruction's operands from the call's arguments, in grammar order.
pub(super) fn operands_from_args<'a>(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    name: &str,
    descs: impl Iterator<Item = &'a OperandDesc>,
    args: &[ValueRef],
) -> Result<Vec<Operand>> {
    let loc = ctx.location.as_str();
    let mut next = args.iter().copied().peekable();
    let mut ops = Vec::with_capacity(args.len());
    for desc in descs {
        loop {
            let Some(arg) = next.next() else {
                if desc.quantifier == Quantifier::One {
                    return Err(malformed(
                        loc,
                        format!("{name}: too few arguments (no {})", desc.kind.name()),
                    ));
                }
                break;
            };
            // An operand that is a function itself (OpTaskSequenceCreate*'s and
            // OpCooperativeMatrixApplyFunctionINTEL's `Function`): a direct reference in the
            // SPV-IR call names the OpFunction, not its address.
            if desc.name == "Function" && desc.kind == OperandKind::IdRef {
                if let ValueRef::Function(f) = arg {
                    if let Some(crate::forward::translator::Callee::Function(id)) =
                        t.callees.get(f.0 as usize).cloned()
                    {
                        ops.push(Operand::Id(id));
                        break;
                    }
                }
            }
            // llvm-spirv checks OpTaskSequenceCreateINTEL's capacity: a count, an unsigned
            // 32-bit literal (t10b/137 passes -1 and matches the refusal's lines).
            if desc.name == "GetCapacity" {
                if let Some(bits) = t.const_int(arg) {
                    if bits > u64::from(u32::MAX) || (bits as u32 as i32) < 0 {
                        return Err(malformed(
                            loc,
                            "InvalidInstruction: Can't translate llvm instruction:\n\
                             TaskSequenceCreateINTEL\n\
                             GetCapacity must be unsigned 32 bit integer.",
                        ));
                    }
                }
            }
            operand(t, ctx, name, desc.kind, arg, &mut next, &mut ops)?;
            if desc.quantifier != Quantifier::Variadic {
                break;
            }
        }
    }
    if next.peek().is_some() {
        return Err(malformed(loc, format!("{name}: too many arguments")));
    }
    Ok(ops)
}

/// One operand of kind `kind` from `arg`; an enumerant with parameters takes them from the
/// following arguments.
fn operand(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    name: &str,
    kind: OperandKind,
    arg: ValueRef,
    rest: &mut std::iter::Peekable<impl Iterator<Item = ValueRef>>,
    ops: &mut Vec<Operand>,
) -> Result<()> {
    let loc = ctx.location.as_str();
    let literal = |t: &Translator<'_>| {
        t.const_int(arg).ok_or_else(|| {
            unsupported(
                loc,
                format!("{name}: a non-constant {} operand", kind.name()),
            )
        })
    };
    match kind.category() {
        Category::Id => ops.push(Operand::Id(t.value(ctx, arg)?)),
        Category::Literal if kind == OperandKind::LiteralString => {
            return Err(unsupported(loc, format!("{name}: a string operand")))
        }
        Category::Literal => {
            let bits = literal(t)?;
            ops.push(Operand::Word(bits as u32));
            if kind == OperandKind::LiteralContextDependentNumber && bits > u64::from(u32::MAX) {
                ops.push(Operand::Word((bits >> 32) as u32));
            }
        }
        Category::ValueEnum | Category::BitEnum => {
            let value = literal(t)? as u32;
            ops.push(Operand::Word(value));
            let desc = kind.desc();
            let enumerants: Vec<_> = if kind.category() == Category::BitEnum {
                desc.enumerants
                    .iter()
                    .filter(|e| e.value != 0 && value & e.value == e.value)
                    .collect()
            } else {
                desc.enumerant(value).into_iter().collect()
            };
            for e in enumerants {
                // An enumerant can need its own capability or extension (e.g. the float4
                // operand bits of SPV_INTEL_subgroup_matrix_multiply_accumulate_float4).
                crate::forward::requirements::require(t, loc, e.name, &e.avail)?;
                for p in e.parameters {
                    let Some(a) = rest.next() else {
                        return Err(malformed(
                            loc,
                            format!("{name}: {} without its operand", e.name),
                        ));
                    };
                    operand(t, ctx, name, p.kind, a, rest, ops)?;
                }
            }
        }
        Category::Composite => {
            return Err(unsupported(
                loc,
                format!("{name}: a {} operand", kind.name()),
            ))
        }
    }
    Ok(())
}

/// `v != 0` when `v` (the value of `arg`) is an integer vector rather than a bool one.
fn integer_to_bool(t: &mut Translator<'_>, ctx: &FnCtx<'_>, arg: ValueRef, v: Id) -> Result<Id> {
    let ty = t.value_llvm_type(ctx, arg)?;
    let llvm::Type::Vector { len, elem, .. } = *t.m.types.get(ty) else {
        return Ok(v);
    };
    if matches!(t.m.types.get(elem), llvm::Type::Int(1)) {
        return Ok(v);
    }
    let zero = t.splat(ty, 0, &ctx.location)?;
    let b = t.b.type_bool();
    let bools = t.b.type_vector(b, len);
    Ok(t.emit_ops(
        spirvkit_grammar::Op::INotEqual,
        bools,
        [Operand::Id(v), Operand::Id(zero)],
    ))
}
