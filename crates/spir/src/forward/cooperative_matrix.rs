//! SPV_KHR_cooperative_matrix: `target("spirv.CooperativeMatrixKHR", T, scope, rows,
//! columns, use)` → OpTypeCooperativeMatrixKHR with the four integers as OpConstant operands
//! (as llvm-spirv maps it). The instructions on matrices (`__spirv_CooperativeMatrixLoadKHR`,
//! `...StoreKHR`, `...MulAddKHR`, `...LengthKHR`, `__spirv_CompositeConstruct`, arithmetic
//! and conversions) are SPIR-V friendly IR calls (`builtins/spv_ir.rs`).

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op};
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_KHR_cooperative_matrix";
pub(crate) const TYPE_NAME: &str = "spirv.CooperativeMatrixKHR";

impl<'m> Translator<'m> {
    pub(crate) fn cooperative_matrix_type(
        &mut self,
        ty: llvm::TypeId,
        location: &str,
    ) -> Result<Id> {
        let m = self.m;
        let described = || crate::forward::target_types::describe(m, ty);
        if !self.opts.allows(EXTENSION) {
            return Err(unsupported(
                location,
                format!("the type {} (needs --spirv-ext=+{EXTENSION})", described()),
            ));
        }
        let (_, types, ints) = m
            .types
            .target_ext(ty)
            .ok_or_else(|| malformed(location, "not a target extension type"))?;
        let (Some(&component), [scope, rows, columns, usage]) = (types.first(), ints) else {
            return Err(malformed(
                location,
                format!(
                    "{} needs a component type and four integers (scope, rows, columns, use)",
                    described()
                ),
            ));
        };
        self.matrix_type(component, [*scope, *rows, *columns, *usage], location)
    }

    /// SPIR-V friendly IR with typed pointers names the matrix type by a struct:
    /// `%spirv.CooperativeMatrixKHR._{component}_{scope}_{rows}_{columns}_{use}` (used through
    /// a pointer to it, the struct's body leading to the component type, e.g.
    /// `{ [12 x [12 x bfloat]]* }`). None when `ty` is no pointer to such a struct.
    pub(crate) fn cooperative_matrix_struct(
        &mut self,
        ty: llvm::TypeId,
        location: &str,
    ) -> Option<Result<Id>> {
        let m = self.m;
        let pointee = m.types.pointee(ty)?;
        let llvm::Type::Named(sid) = m.types.get(pointee) else {
            return None;
        };
        let def = m.types.struct_def(*sid)?;
        let name = def
            .name
            .as_deref()?
            .strip_prefix(TYPE_NAME)?
            .strip_prefix("._")?;
        let malformed_name = || {
            malformed(
                location,
                format!("the struct %{TYPE_NAME}._{name} does not name a cooperative matrix"),
            )
        };
        let ints: Vec<u32> = name
            .rsplit('_')
            .take(4)
            .map_while(|n| n.parse().ok())
            .collect();
        let &[usage, columns, rows, scope] = ints.as_slice() else {
            return Some(Err(malformed_name()));
        };
        let Some(component) = def
            .body
            .as_ref()
            .and_then(|b| innermost_scalar(m, &b.elems, 0))
        else {
            return Some(Err(malformed_name()));
        };
        if !self.opts.allows(EXTENSION) {
            return Some(Err(unsupported(
                location,
                format!("the type %{TYPE_NAME}._{name} (needs --spirv-ext=+{EXTENSION})"),
            )));
        }
        Some(self.matrix_type(component, [scope, rows, columns, usage], location))
    }

    /// OpTypeCooperativeMatrixKHR of an LLVM component type; the four integers become
    /// OpConstant operands. A bfloat16 component also needs BFloat16CooperativeMatrixKHR, a
    /// 4-bit integer one Int4CooperativeMatrixINTEL.
    fn matrix_type(
        &mut self,
        component: llvm::TypeId,
        [scope, rows, columns, usage]: [u32; 4],
        location: &str,
    ) -> Result<Id> {
        let bfloat = matches!(self.m.types.get(component), llvm::Type::BFloat);
        // An `i4` component is OpTypeInt 4 under SPV_INTEL_int4 (`odd_int_type`), which a
        // cooperative matrix may hold with Int4CooperativeMatrixINTEL.
        let int4 = matches!(self.m.types.get(component), llvm::Type::Int(4))
            && self.opts.allows("SPV_INTEL_int4");
        let component = self.ty(component, location)?;
        let mut operands = vec![Operand::Id(component)];
        for n in [scope, rows, columns, usage] {
            operands.push(Operand::Id(self.u32_constant(n)));
        }
        self.b.extension(EXTENSION);
        self.b.capability(Capability::CooperativeMatrixKHR);
        if bfloat {
            self.b.capability(Capability::BFloat16CooperativeMatrixKHR);
        }
        if int4 {
            self.b.capability(Capability::Int4CooperativeMatrixINTEL);
        }
        Ok(self
            .b
            .dedup_global(Op::TypeCooperativeMatrixKHR, None, operands))
    }
}

/// The scalar a struct body of pointers and arrays ends in (`{ [12 x [12 x bfloat]]* }`).
fn innermost_scalar(m: &llvm::Module, elems: &[llvm::TypeId], depth: u32) -> Option<llvm::TypeId> {
    let &first = elems.first()?;
    if depth > 16 {
        return None;
    }
    match m.types.get(first) {
        llvm::Type::Pointer {
            pointee: Some(p), ..
        } => innermost_scalar(m, &[*p], depth + 1),
        llvm::Type::Array { elem, .. } | llvm::Type::Vector { elem, .. } => {
            innermost_scalar(m, &[*elem], depth + 1)
        }
        llvm::Type::Struct { elems, .. } => innermost_scalar(m, elems, depth + 1),
        _ => Some(first),
    }
}

/// `__spirv_[InBounds]AccessChain(ptr %base, indices...)` into a cooperative matrix (or an
/// aggregate holding one) whose type is known from the LLVM value (an alloca or a global):
/// the result points to the indexed element (a matrix indexes to its component type), which
/// the call's `ptr` result cannot say. Other bases keep the generic SPV-IR lowering (false).
pub(crate) fn access_chain(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    inbounds: bool,
    args: &[ValueRef],
) -> Result<bool> {
    let m = t.m;
    let loc = ctx.location.as_str();
    let Some((&base, indices)) = args.split_first() else {
        return Ok(false);
    };
    let Some(base_ty) = object_type(t, ctx, base) else {
        return Ok(false);
    };
    let mut ty = base_ty;
    let mut crosses_matrix = false;
    for &index in indices {
        ty = match m.types.target_ext(ty) {
            Some((TYPE_NAME, types, _)) => {
                crosses_matrix = true;
                match types.first() {
                    Some(&component) => component,
                    None => return Ok(false),
                }
            }
            _ => match m.types.element(ty, t.const_int(index).unwrap_or(0)) {
                Some(e) => e,
                None => return Ok(false),
            },
        };
    }
    if !crosses_matrix {
        return Ok(false);
    }
    let base_llvm_ty = t.value_llvm_type(ctx, base)?;
    let addrspace = crate::forward::ptrtypes::addrspace_of(m, base_llvm_ty);
    let storage = crate::forward::types::storage_class(t, addrspace, loc)?;
    let object = t.ty(base_ty, loc)?;
    let element = t.ty(ty, loc)?;
    let mut index_ids = Vec::with_capacity(indices.len());
    for &i in indices {
        index_ids.push(Operand::Id(t.value(ctx, i)?));
    }
    if t.untyped_allowed() {
        let result = t.untyped_pointer(storage);
        let b = t.value(ctx, base)?;
        let op = if inbounds {
            Op::UntypedInBoundsAccessChainKHR
        } else {
            Op::UntypedAccessChainKHR
        };
        let mut ops = vec![Operand::Id(object), Operand::Id(b)];
        ops.extend(index_ids);
        t.emit_to(out, op, result, ops);
        t.note_type(out, result);
    } else {
        let wanted_base = t.typed_pointer_type(storage, object);
        let b = t.value_as(ctx, base, wanted_base)?;
        let result = t.typed_pointer_type(storage, element);
        let op = if inbounds {
            Op::InBoundsAccessChain
        } else {
            Op::AccessChain
        };
        let mut ops = vec![Operand::Id(b)];
        ops.extend(index_ids);
        t.emit_to(out, op, result, ops);
        t.note_type(out, result);
    }
    Ok(true)
}

/// The LLVM type of the object an alloca or a global holds.
fn object_type(t: &Translator<'_>, ctx: &FnCtx<'_>, v: ValueRef) -> Option<llvm::TypeId> {
    match v {
        ValueRef::Instruction(i) => match &ctx.func.inst(i)?.kind {
            llvm::InstKind::Alloca { allocated_ty, .. } => Some(*allocated_ty),
            _ => None,
        },
        ValueRef::Global(g) => Some(t.m.global(g)?.value_ty),
        _ => None,
    }
}

/// The arguments of `__spirv_CooperativeMatrixPrefetchINTEL` in the current
/// SPV_INTEL_joint_matrix form (Pointer, Rows, Columns, Cache Level, Memory Layout, [Stride],
/// [Memory Operand]). An earlier revision of the extension also took the row and column of
/// the block to prefetch after the pointer (Pointer, X, Y, Rows, Columns, Cache Level, Memory
/// Layout, [Stride], [Memory Operand]), and DPC++ and llvm-spirv tests of that time call it
/// with 7 to 9 arguments. The current form has at most 7, the last being a literal memory
/// operand: 8 or 9 arguments, or 7 whose last is not a constant, are the earlier form. Its
/// block coordinates are dropped when they are zero (the same block); other offsets would move
/// the pointer by a layout-dependent amount and are refused.
pub(crate) fn prefetch_arguments<'a>(
    t: &Translator<'_>,
    loc: &str,
    name: &str,
    args: &'a [ValueRef],
) -> Result<std::borrow::Cow<'a, [ValueRef]>> {
    let earlier_form = match args.len() {
        8 | 9 => true,
        7 => t.const_int(args[6]).is_none(),
        _ => false,
    };
    if !earlier_form {
        return Ok(std::borrow::Cow::Borrowed(args));
    }
    for (what, &coordinate) in ["row", "column"].iter().zip(&args[1..3]) {
        if t.const_int(coordinate) != Some(0) {
            return Err(unsupported(
                loc,
                format!(
                    "{name}: the earlier {}-argument form with a non-zero {what} coordinate \
                     (the current SPV_INTEL_joint_matrix prefetch has no coordinates)",
                    args.len()
                ),
            ));
        }
    }
    let mut current = Vec::with_capacity(args.len() - 2);
    current.push(args[0]);
    current.extend_from_slice(&args[3..]);
    Ok(std::borrow::Cow::Owned(current))
}

/// The requirements of a constant `MemoryLayout` operand (an id, so the generic lowering
/// does not read it as an enumerant): SPV_INTEL_joint_matrix's PackedINTEL layout needs
/// PackedCooperativeMatrixINTEL, ARM's blocked layouts CooperativeMatrixLayoutsARM. `args`
/// are the instruction's operands in grammar order (`operands` without result type and
/// result). A layout that is not a constant, or no layout the grammar knows, adds nothing.
pub(crate) fn require_layout(
    t: &mut Translator<'_>,
    loc: &str,
    operands: &[&spirvkit_grammar::OperandDesc],
    args: &[ValueRef],
) -> Result<()> {
    let Some(index) = operands.iter().position(|o| o.name == "MemoryLayout") else {
        return Ok(());
    };
    let Some(value) = args.get(index).and_then(|&a| t.const_int(a)) else {
        return Ok(());
    };
    let Some(layout) = u32::try_from(value).ok().and_then(|v| {
        spirvkit_grammar::OperandKind::CooperativeMatrixLayout
            .desc()
            .enumerant(v)
    }) else {
        return Ok(());
    };
    crate::forward::requirements::require(t, loc, layout.name, &layout.avail)
}

/// SPV_INTEL_bfloat16_conversion's OpConvertFToBF16INTEL / OpConvertBF16ToFINTEL on a
/// cooperative matrix (its result is one): llvm-spirv accepts the matrix form only with
/// SPV_INTEL_joint_matrix ("Can be used with cooperative matrices only when
/// SPV_INTEL_joint_matrix is enabled"), so without it the conversion is refused naming it.
/// Scalars and vectors need nothing more.
pub(crate) fn require_joint_matrix_for_bf16_conversion(
    t: &mut Translator<'_>,
    loc: &str,
    construct: &str,
    result_ty: llvm::TypeId,
) -> Result<()> {
    let joint_matrix = crate::forward::joint_matrix::EXTENSION;
    if matrix_component(t.m, result_ty).is_none() || t.opts.allows(joint_matrix) {
        return Ok(());
    }
    Err(unsupported(
        loc,
        format!("{construct} on a cooperative matrix (needs --spirv-ext=+{joint_matrix})"),
    ))
}

/// The LLVM component type of a cooperative matrix type: a `spirv.CooperativeMatrixKHR`
/// target type, or llvm-spirv's typed-pointer form (a pointer to `%spirv.CooperativeMatrixKHR._*`).
fn matrix_component(m: &llvm::Module, ty: llvm::TypeId) -> Option<llvm::TypeId> {
    if let Some((TYPE_NAME, types, _)) = m.types.target_ext(ty) {
        return types.first().copied();
    }
    let llvm::Type::Named(sid) = m.types.get(m.types.pointee(ty)?) else {
        return None;
    };
    let def = m.types.struct_def(*sid)?;
    def.name.as_deref()?.strip_prefix(TYPE_NAME)?;
    innermost_scalar(m, &def.body.as_ref()?.elems, 0)
}

/// `__spirv_CompositeConstruct(ptr byval(T) %v)` of a cooperative matrix: DPC++ passes a
/// wrapper class (`sycl::ext::oneapi::bfloat16` = `{ i16 }`) by value, through a pointer.
/// The constituent OpCompositeConstruct needs is the matrix component, which the wrapper
/// holds at offset 0: it is loaded from the pointer. (llvm-spirv passes the pointer itself,
/// not a component.) False when the call is not of that form.
pub(crate) fn construct_from_reference(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    args: &[ValueRef],
) -> Result<bool> {
    let loc = ctx.location.as_str();
    let &[arg] = args else {
        return Ok(false);
    };
    let Some(component_llvm) = matrix_component(t.m, result_ty) else {
        return Ok(false);
    };
    let arg_llvm = t.value_llvm_type(ctx, arg)?;
    if !t.m.types.is_pointer(arg_llvm) || t.m.types.is_pointer(component_llvm) {
        return Ok(false);
    }
    let component = t.ty(component_llvm, loc)?;
    let mut pointer = t.value(ctx, arg)?;
    let pointer_ty = t.value_type_id(ctx, arg)?;
    if t.pointee_of(pointer_ty).is_some_and(|p| p != component) {
        let wanted = t.pointer_to_in(ctx, arg, component)?;
        pointer = t.emit(Op::Bitcast, wanted, vec![Operand::Id(pointer)]);
        t.note_type(pointer, wanted);
    }
    let value = t.emit(Op::Load, component, vec![Operand::Id(pointer)]);
    let ty = t.ty(result_ty, loc)?;
    t.emit_to(out, Op::CompositeConstruct, ty, vec![Operand::Id(value)]);
    Ok(true)
}
