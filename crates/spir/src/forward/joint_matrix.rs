//! SPV_INTEL_joint_matrix's API before SPV_KHR_cooperative_matrix, as llvm-spirv still
//! translates it: the matrix type is llvm-spirv's internal OpTypeJointMatrixINTEL (token 6119,
//! `spirv_internal.hpp`; grammar supplement), named in LLVM either by a pointer to a struct
//! `%spirv.JointMatrixINTEL._{T}_{rows}_{columns}_{layout}_{scope}[_{use}]` (typed pointers;
//! the struct is opaque or wraps a pointer to nested arrays — only the name counts) or by
//! `target("spirv.JointMatrixINTEL", T, rows, columns, layout, scope[, use[, interpretation]])`,
//! or (DPC++'s earliest headers) by a pointer to `%"struct.__spv::__spirv_JointMatrixINTEL"`
//! whose member's array lengths are the parameters (`ARRAY_SPELLING`).
//! Every integer becomes an OpConstant operand (llvm-spirv's SPIRVTypeJointMatrixINTEL keeps
//! them as ids). `bfloat16` and `tf32` components are a 16-bit integer / 32-bit float with a
//! Component Type Interpretation operand (llvm-spirv's InternalJointMatrixCTI: TF32 1,
//! Bfloat16 2) and declare JointMatrixTF32ComponentTypeINTEL / JointMatrixBF16ComponentTypeINTEL.
//!
//! The instructions (`__spirv_JointMatrix{Load,Store,Mad,SUMad,USMad,UUMad,WorkItemLength,
//! GetElementCoord}INTEL`, `__spirv_CompositeConstruct`, `__spirv_Vector{Extract,Insert}Dynamic`)
//! go through the generic SPV-IR lowering (`builtins/spv_ir.rs`) once the type is known; this
//! module adds the forms where DPC++ passes an element through a wrapper class (`bfloat16` =
//! `{ i16 }`): a `byval` pointer argument or an `sret` result.

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op};
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_INTEL_joint_matrix";
pub(crate) const TYPE_NAME: &str = "spirv.JointMatrixINTEL";

/// llvm-spirv's InternalJointMatrixCTI values (`spirv_internal.hpp`).
const INTERPRETATION_TF32: u32 = 1;
const INTERPRETATION_BFLOAT16: u32 = 2;

/// The component of a matrix named by a struct: its width and kind.
#[derive(Clone, Copy)]
enum Component {
    Int(u32),
    Float(u32),
}

/// A component spelled in a struct name (llvm-spirv's names, which DPC++'s clang writes),
/// with the Component Type Interpretation it implies.
fn component_by_name(name: &str) -> Option<(Component, Option<u32>)> {
    Some(match name {
        "char" | "uchar" | "schar" => (Component::Int(8), None),
        "short" | "ushort" => (Component::Int(16), None),
        "int" | "uint" => (Component::Int(32), None),
        "long" | "ulong" => (Component::Int(64), None),
        "half" => (Component::Float(16), None),
        "float" => (Component::Float(32), None),
        "double" => (Component::Float(64), None),
        "bfloat16" => (Component::Int(16), Some(INTERPRETATION_BFLOAT16)),
        "tf32" => (Component::Float(32), Some(INTERPRETATION_TF32)),
        _ => return None,
    })
}

/// The postfixes of a struct naming a joint matrix (`_short_2_2_0_3` of
/// `%spirv.JointMatrixINTEL._short_2_2_0_3`), when `ty` is a pointer to one.
fn struct_postfixes(m: &llvm::Module, ty: llvm::TypeId) -> Option<&str> {
    struct_name(m, ty)?
        .strip_prefix(TYPE_NAME)?
        .strip_prefix('.')
}

/// The name of the struct `ty` points to.
fn struct_name(m: &llvm::Module, ty: llvm::TypeId) -> Option<&str> {
    let pointee = m.types.pointee(ty)?;
    let llvm::Type::Named(sid) = m.types.get(pointee) else {
        return None;
    };
    m.types.struct_def(*sid)?.name.as_deref()
}

/// DPC++'s earliest spelling, before clang named the struct after its parameters:
/// `%"struct.__spv::__spirv_JointMatrixINTEL[.N]" = type { [R x [C x [L+1 x [S+1 x T]]]]* }`
/// (rows, columns, layout + 1, scope + 1 as array lengths, since a length cannot be 0; T the
/// component or a SYCL wrapper of it, `half_impl::half` = `{ half }`). llvm-spirv's
/// regularization renames it `%spirv.JointMatrixINTEL._{T}_{R}_{C}_{L}_{S}`.
const ARRAY_SPELLING: &str = "struct.__spv::__spirv_JointMatrixINTEL";

/// The component (an LLVM type) and the integers (rows, columns, layout, scope[, use]) of the
/// array spelling; `Some(None)` when a pointer to such a struct does not have that shape.
fn array_spelling(m: &llvm::Module, ty: llvm::TypeId) -> Option<Option<(llvm::TypeId, Vec<u32>)>> {
    struct_name(m, ty)?.strip_prefix(ARRAY_SPELLING)?;
    let pointee = m.types.pointee(ty)?;
    let llvm::Type::Named(sid) = m.types.get(pointee) else {
        return None;
    };
    let shape = || {
        let body = m.types.struct_def(*sid)?.body.as_ref()?;
        let &[member] = body.elems.as_slice() else {
            return None;
        };
        let mut ty = m.types.pointee(member)?;
        let mut lengths = Vec::with_capacity(4);
        while let llvm::Type::Array { len, elem } = m.types.get(ty) {
            lengths.push(u32::try_from(*len).ok()?);
            ty = *elem;
        }
        // A fifth level, when present, is the matrix Use plus one (llvm-spirv's regularization
        // turns it into the `_{use}` postfix and the type's Use operand): 0, 1, 2 for A, B and
        // the accumulator; DPC++'s `use::unnecessary` (3) names no Use, as in llvm-spirv's
        // joint_matrix.ll where `[... x [4 x [4 x i16]]]` regularizes to `_short_2_2_0_3`.
        let (rows, columns, layout, scope, matrix_use) = match *lengths.as_slice() {
            [rows, columns, layout, scope] => (rows, columns, layout, scope, None),
            [rows, columns, layout, scope, matrix_use] => match matrix_use.checked_sub(1)? {
                u @ 0..=2 => (rows, columns, layout, scope, Some(u)),
                3 => (rows, columns, layout, scope, None),
                _ => return None,
            },
            _ => return None,
        };
        // A SYCL wrapper class holds the component as its only member.
        if let llvm::Type::Named(w) = m.types.get(ty) {
            let wrapped = m.types.struct_def(*w)?.body.as_ref()?;
            let &[component] = wrapped.elems.as_slice() else {
                return None;
            };
            ty = component;
        }
        let mut ints = vec![rows, columns, layout.checked_sub(1)?, scope.checked_sub(1)?];
        ints.extend(matrix_use);
        Some((ty, ints))
    };
    Some(shape())
}

/// cl_intel_joint_matrix's OpenCL C spelling (llvm-spirv's `cl_intel_joint_matrix.ll`): a
/// pointer to `%struct.ocl_Mat_matrix_{T}_intel_{R}_{C}_matrix_layout_{L}_intel_matrix_scope_{S}_intel`
/// (`opencl.Mat_..._t` in llvm-spirv's reverse output).
fn opencl_spelling(m: &llvm::Module, ty: llvm::TypeId) -> Option<Option<OpenClMatrix>> {
    let name = struct_name(m, ty)?;
    let rest = name
        .strip_prefix("struct.ocl_Mat_")
        .or_else(|| name.strip_prefix("opencl.Mat_"))?;
    Some(OpenClMatrix::parse(rest))
}

/// The parameters of an OpenCL C joint matrix type name.
#[derive(Clone, Copy)]
struct OpenClMatrix {
    component: Component,
    rows: u32,
    columns: u32,
    layout: u32,
    scope: u32,
}

impl OpenClMatrix {
    /// `matrix_i8_intel_1_32_matrix_layout_packed_a_intel_matrix_scope_sub_group_intel[_t]`.
    fn parse(name: &str) -> Option<Self> {
        let name = name.strip_suffix("_t").unwrap_or(name);
        let rest = name.strip_prefix("matrix_")?;
        let (component, rest) = rest.split_once("_intel_")?;
        let (shape, rest) = rest.split_once("_matrix_layout_")?;
        let (layout, rest) = rest.split_once("_intel_matrix_scope_")?;
        let scope = rest.strip_suffix("_intel")?;
        let (rows, columns) = shape.split_once('_')?;
        Some(Self {
            component: match component {
                "i8" => Component::Int(8),
                "i16" => Component::Int(16),
                "i32" => Component::Int(32),
                "i64" => Component::Int(64),
                "f16" => Component::Float(16),
                "f32" => Component::Float(32),
                "f64" => Component::Float(64),
                _ => return None,
            },
            rows: rows.parse().ok()?,
            columns: columns.parse().ok()?,
            layout: match layout {
                "row_major" => 0,
                "col_major" => 1,
                "packed_a" => 2,
                "packed_b" => 3,
                _ => return None,
            },
            // llvm-spirv writes the sub-group scope of these types as 0 (its
            // `cl_intel_joint_matrix.ll` CHECK lines); no other scope is known.
            scope: match scope {
                "sub_group" => 0,
                _ => return None,
            },
        })
    }
}

/// Whether `ty` names a pre-KHR joint matrix (any spelling).
pub(crate) fn is_joint_matrix(m: &llvm::Module, ty: llvm::TypeId) -> bool {
    matches!(m.types.target_ext(ty), Some((TYPE_NAME, _, _)))
        || struct_postfixes(m, ty).is_some()
        || array_spelling(m, ty).is_some()
        || opencl_spelling(m, ty).is_some()
}

impl<'m> Translator<'m> {
    /// A pointer to `%spirv.JointMatrixINTEL.*`: the matrix type itself (llvm-spirv maps the
    /// pointer, not the struct). None when `ty` is no such pointer.
    pub(crate) fn joint_matrix_struct(
        &mut self,
        ty: llvm::TypeId,
        location: &str,
    ) -> Option<Result<Id>> {
        if let Some(postfixes) = struct_postfixes(self.m, ty) {
            return Some(self.joint_matrix_from_name(postfixes, location));
        }
        if let Some(shape) = array_spelling(self.m, ty) {
            return Some(self.joint_matrix_from_arrays(ty, shape, location));
        }
        let matrix = opencl_spelling(self.m, ty)?;
        Some(self.joint_matrix_from_opencl(ty, matrix, location))
    }

    fn joint_matrix_from_opencl(
        &mut self,
        ty: llvm::TypeId,
        matrix: Option<OpenClMatrix>,
        location: &str,
    ) -> Result<Id> {
        let described = format!("%{}", struct_name(self.m, ty).unwrap_or("struct.ocl_Mat_"));
        self.allow_joint_matrix(&described, location)?;
        let Some(matrix) = matrix else {
            return Err(malformed(
                location,
                format!(
                    "the struct {described} does not name a cl_intel_joint_matrix type \
                     (matrix_{{type}}_intel_{{rows}}_{{columns}}_matrix_layout_{{layout}}_intel_\
                     matrix_scope_sub_group_intel)"
                ),
            ));
        };
        let component = self.component_type(matrix.component);
        self.joint_matrix_type(
            component,
            &[matrix.rows, matrix.columns, matrix.layout, matrix.scope],
            location,
        )
    }

    /// The SPIR-V type of a component named in a matrix type's name.
    fn component_type(&mut self, component: Component) -> Id {
        match component {
            Component::Int(w) => self.int_type(w),
            Component::Float(16) => {
                self.b.capability(Capability::Float16Buffer);
                self.b.type_float(16)
            }
            Component::Float(64) => {
                self.b.capability(Capability::Float64);
                self.b.type_float(64)
            }
            Component::Float(w) => self.b.type_float(w),
        }
    }

    fn joint_matrix_from_arrays(
        &mut self,
        ty: llvm::TypeId,
        shape: Option<(llvm::TypeId, Vec<u32>)>,
        location: &str,
    ) -> Result<Id> {
        let described = struct_name(self.m, ty).unwrap_or(ARRAY_SPELLING).to_owned();
        let described = format!("%\"{described}\"");
        self.allow_joint_matrix(&described, location)?;
        let Some((component, ints)) = shape else {
            return Err(malformed(
                location,
                format!(
                    "the struct {described} is not a joint matrix ({{ [rows x [columns x \
                     [layout+1 x [scope+1 x [use+1 x] T]]]]* }})"
                ),
            ));
        };
        let component = self.ty(component, location)?;
        self.joint_matrix_type(component, &ints, location)
    }

    fn joint_matrix_from_name(&mut self, postfixes: &str, location: &str) -> Result<Id> {
        let described = format!("%{TYPE_NAME}.{postfixes}");
        self.allow_joint_matrix(&described, location)?;
        let malformed_name = || {
            malformed(
                location,
                format!(
                    "the struct {described} does not name a joint matrix \
                     (_{{type}}_{{rows}}_{{columns}}_{{layout}}_{{scope}}[_{{use}}])"
                ),
            )
        };
        // LLVM renames a struct whose name is taken by appending `.N`.
        let postfixes = postfixes.split('.').next().unwrap_or_default();
        let mut parts = postfixes.strip_prefix('_').unwrap_or(postfixes).split('_');
        let (component, interpretation) = parts
            .next()
            .and_then(component_by_name)
            .ok_or_else(malformed_name)?;
        let ints: Vec<u32> = parts
            .map(|p| p.parse().map_err(|_| malformed_name()))
            .collect::<Result<_>>()?;
        if !(4..=5).contains(&ints.len()) {
            return Err(malformed_name());
        }
        let component = self.component_type(component);
        let mut ints = ints;
        if let Some(interpretation) = interpretation {
            if ints.len() == 4 {
                // The interpretation operand follows Use: without Use it would be read as one.
                return Err(unsupported(
                    location,
                    format!("{described}: a component interpretation needs the matrix use"),
                ));
            }
            ints.push(interpretation);
        }
        self.joint_matrix_type(component, &ints, location)
    }

    /// `target("spirv.JointMatrixINTEL", T, rows, columns, layout, scope[, use[, interpretation]])`.
    pub(crate) fn joint_matrix_target(&mut self, ty: llvm::TypeId, location: &str) -> Result<Id> {
        let m = self.m;
        let described = crate::forward::target_types::describe(m, ty);
        self.allow_joint_matrix(&described, location)?;
        let (_, types, ints) = m
            .types
            .target_ext(ty)
            .ok_or_else(|| malformed(location, "not a target extension type"))?;
        let (Some(&component), 4..=6) = (types.first(), ints.len()) else {
            return Err(malformed(
                location,
                format!(
                    "{described} needs a component type and four to six integers (rows, \
                     columns, layout, scope[, use[, interpretation]])"
                ),
            ));
        };
        let component = self.ty(component, location)?;
        self.joint_matrix_type(component, ints, location)
    }

    fn allow_joint_matrix(&mut self, described: &str, location: &str) -> Result<()> {
        if self.opts.allows(EXTENSION) {
            Ok(())
        } else {
            Err(unsupported(
                location,
                format!("the type {described} (needs --spirv-ext=+{EXTENSION})"),
            ))
        }
    }

    /// OpTypeJointMatrixINTEL of a component; the integers (rows, columns, layout, scope,
    /// use, interpretation) become OpConstant operands.
    fn joint_matrix_type(&mut self, component: Id, ints: &[u32], location: &str) -> Result<Id> {
        let desc = spirvkit_grammar::instruction_by_name("OpTypeJointMatrixINTEL")
            .ok_or_else(|| malformed(location, "no OpTypeJointMatrixINTEL in the grammar"))?;
        match ints.get(5) {
            None => {}
            Some(&INTERPRETATION_TF32) => {
                self.b
                    .capability(Capability::CooperativeMatrixTF32ComponentTypeINTEL);
            }
            Some(&INTERPRETATION_BFLOAT16) => {
                self.b
                    .capability(Capability::CooperativeMatrixBFloat16ComponentTypeINTEL);
            }
            Some(other) => {
                // PackedInt2 / PackedInt4 (3, 4): their capabilities (6438, 6439) are not in
                // the grammar this translator emits from.
                return Err(unsupported(
                    location,
                    format!("a joint matrix component interpretation {other}"),
                ));
            }
        }
        let mut operands = vec![Operand::Id(component)];
        for &n in ints {
            operands.push(Operand::Id(self.u32_constant(n)));
        }
        self.b.extension(EXTENSION);
        self.b.capability(Capability::JointMatrixINTEL);
        Ok(self.b.dedup_global(Op(desc.opcode), None, operands))
    }

    /// The SPIR-V component type of a joint matrix given its LLVM type.
    fn joint_matrix_component(&mut self, ty: llvm::TypeId, location: &str) -> Result<Option<Id>> {
        if let Some((TYPE_NAME, types, _)) = self.m.types.target_ext(ty) {
            return match types.first() {
                Some(&c) => self.ty(c, location).map(Some),
                None => Ok(None),
            };
        }
        if let Some(Some((component, _))) = array_spelling(self.m, ty) {
            return self.ty(component, location).map(Some);
        }
        if let Some(Some(matrix)) = opencl_spelling(self.m, ty) {
            return Ok(Some(self.component_type(matrix.component)));
        }
        let Some(postfixes) = struct_postfixes(self.m, ty) else {
            return Ok(None);
        };
        let name = postfixes.strip_prefix('_').unwrap_or(postfixes);
        Ok(match name.split('_').next().and_then(component_by_name) {
            Some((Component::Int(w), _)) => Some(self.int_type(w)),
            Some((Component::Float(w), _)) => Some(self.b.type_float(w)),
            None => None,
        })
    }
}

/// A pointer to a wrapper of the component (`sycl::ext::oneapi::bfloat16` = `{ i16 }`) as
/// a pointer to the component itself: the wrapper holds it at offset 0.
fn component_pointer(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    pointer: ValueRef,
    component: Id,
) -> Result<Id> {
    let mut id = t.value(ctx, pointer)?;
    let pointer_ty = t.value_type_id(ctx, pointer)?;
    if t.pointee_of(pointer_ty).is_some_and(|p| p != component) {
        let wanted = t.pointer_to_in(ctx, pointer, component)?;
        id = t.emit(Op::Bitcast, wanted, vec![Operand::Id(id)]);
        t.note_type(id, wanted);
    }
    Ok(id)
}

fn is_pointer_value(t: &Translator<'_>, ctx: &FnCtx<'_>, v: ValueRef) -> Result<bool> {
    let ty = t.value_llvm_type(ctx, v)?;
    Ok(t.m.types.is_pointer(ty) && !is_joint_matrix(t.m, ty))
}

/// The element forms of DPC++'s pre-KHR joint_matrix that pass an element through a wrapper
/// class: `__spirv_CompositeConstruct(ptr byval(W))` (fill), `__spirv_VectorInsertDynamic(M,
/// ptr byval(W), i64)` and `void __spirv_VectorExtractDynamic(ptr sret(W), M, i64)`. The
/// element is loaded from / stored to the wrapper's first member, as llvm-spirv's
/// regularization rewrites them (`joint_matrix_bfloat16.ll`). False when the call is not one
/// of these on a joint matrix.
pub(crate) fn element_through_wrapper(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    opname: &str,
    result_ty: llvm::TypeId,
    args: &[ValueRef],
) -> Result<bool> {
    let loc = ctx.location.as_str();
    match (opname, args) {
        ("CompositeConstruct", &[value]) => {
            if !is_joint_matrix(t.m, result_ty) || !is_pointer_value(t, ctx, value)? {
                return Ok(false);
            }
            let Some(component) = t.joint_matrix_component(result_ty, loc)? else {
                return Ok(false);
            };
            let pointer = component_pointer(t, ctx, value, component)?;
            let element = t.emit(Op::Load, component, vec![Operand::Id(pointer)]);
            let ty = t.ty(result_ty, loc)?;
            t.emit_to(out, Op::CompositeConstruct, ty, vec![Operand::Id(element)]);
            Ok(true)
        }
        ("VectorInsertDynamic", &[matrix, value, index]) => {
            let matrix_ty = t.value_llvm_type(ctx, matrix)?;
            if !is_joint_matrix(t.m, matrix_ty) || !is_pointer_value(t, ctx, value)? {
                return Ok(false);
            }
            let Some(component) = t.joint_matrix_component(matrix_ty, loc)? else {
                return Ok(false);
            };
            let pointer = component_pointer(t, ctx, value, component)?;
            let element = t.emit(Op::Load, component, vec![Operand::Id(pointer)]);
            let ty = t.ty(matrix_ty, loc)?;
            let m = t.value(ctx, matrix)?;
            let i = t.value(ctx, index)?;
            t.emit_to(
                out,
                Op::VectorInsertDynamic,
                ty,
                vec![Operand::Id(m), Operand::Id(element), Operand::Id(i)],
            );
            Ok(true)
        }
        ("VectorExtractDynamic", &[dest, matrix, index]) if t.m.types.is_void(result_ty) => {
            let matrix_ty = t.value_llvm_type(ctx, matrix)?;
            if !is_joint_matrix(t.m, matrix_ty) || !is_pointer_value(t, ctx, dest)? {
                return Ok(false);
            }
            let Some(component) = t.joint_matrix_component(matrix_ty, loc)? else {
                return Ok(false);
            };
            let m = t.value(ctx, matrix)?;
            let i = t.value(ctx, index)?;
            let element = t.emit(
                Op::VectorExtractDynamic,
                component,
                vec![Operand::Id(m), Operand::Id(i)],
            );
            let pointer = component_pointer(t, ctx, dest, component)?;
            t.emit_void(Op::Store, vec![Operand::Id(pointer), Operand::Id(element)]);
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// cl_intel_joint_matrix's OpenCL C built-ins (llvm-spirv's `cl_intel_joint_matrix.ll`).
pub(crate) fn is_opencl_builtin(name: &str) -> bool {
    name.starts_with("intel_joint_matrix_load_")
        || matches!(name, "intel_joint_matrix_mad" | "intel_joint_matrix_store")
}

/// `intel_joint_matrix_load_{scope}_{T}_{layout}_{R}_{C}(ptr, stride, memory layout)` →
/// OpJointMatrixLoadINTEL, `intel_joint_matrix_mad(A, B, C)` → OpJointMatrixMadINTEL,
/// `intel_joint_matrix_store(ptr, D, stride, memory layout)` → OpJointMatrixStoreINTEL; the
/// Scope operand is the matrix type's (as llvm-spirv writes them).
pub(crate) fn lower_opencl(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    name: &str,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let scope_of = |t: &Translator<'_>, ty: llvm::TypeId| match opencl_spelling(t.m, ty) {
        Some(Some(m)) => Some(m.scope),
        _ => None,
    };
    let (op, matrix_ty, wanted) = match name {
        "intel_joint_matrix_mad" => (Op::JointMatrixMadINTEL, result_ty, 3),
        "intel_joint_matrix_store" => {
            let object = args
                .get(1)
                .map(|&a| t.value_llvm_type(ctx, a))
                .transpose()?
                .unwrap_or(result_ty);
            (Op::JointMatrixStoreINTEL, object, 4)
        }
        _ => (Op::JointMatrixLoadINTEL, result_ty, 3),
    };
    if args.len() != wanted {
        return Err(malformed(
            loc,
            format!("{name} takes {wanted} arguments, not {}", args.len()),
        ));
    }
    let Some(scope) = scope_of(t, matrix_ty) else {
        return Err(unsupported(
            loc,
            format!("{name} on a value that is no cl_intel_joint_matrix matrix"),
        ));
    };
    let desc = spirvkit_grammar::instruction_by_name(match op {
        Op::JointMatrixMadINTEL => "OpJointMatrixMadINTEL",
        Op::JointMatrixStoreINTEL => "OpJointMatrixStoreINTEL",
        _ => "OpJointMatrixLoadINTEL",
    })
    .ok_or_else(|| malformed(loc, "joint matrix instructions missing from the grammar"))?;
    crate::forward::requirements::require(t, loc, name, &desc.avail)?;
    let mut ops = Vec::with_capacity(args.len() + 1);
    for &a in args {
        ops.push(Operand::Id(t.value(ctx, a)?));
    }
    ops.push(Operand::Id(t.u32_constant(scope)));
    if op == Op::JointMatrixStoreINTEL {
        t.emit_void(op, ops);
    } else {
        let ty = t.ty(result_ty, loc)?;
        t.emit_to(out, op, ty, ops);
    }
    Ok(())
}
