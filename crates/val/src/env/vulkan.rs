//! Vulkan explicit layout of Block/BufferBlock structs in Uniform, StorageBuffer and
//! PushConstant variables: every member has an Offset, offsets are aligned for the layout in
//! force and do not overlap, arrays carry ArrayStride and matrices MatrixStride with aligned
//! strides. Layouts: Uniform Block → std140 ("uniform buffer layout"; std430 with
//! `--uniform-buffer-standard-layout`), StorageBuffer / BufferBlock / PushConstant → std430,
//! everything scalar with `--scalar-block-layout`; relaxed vector placement (Vulkan 1.1+ or
//! `--relax-block-layout`): a vector needs only its component alignment and must not straddle
//! a 16-byte boundary. `--skip-block-layout` turns the rules off.

use crate::instructions::Sink;
use crate::options::TargetEnv;
use crate::state::State;
use crate::typeinfo as ti;
use spirvkit_grammar::{Decoration, Op, StorageClass};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    Std140,
    Std430,
    Scalar,
}

struct Rules {
    layout: Layout,
    relaxed: bool,
    /// Only Offset/ArrayStride/MatrixStride presence (the universal rule).
    presence_only: bool,
}

fn align_up(v: u64, a: u64) -> u64 {
    if a == 0 {
        v
    } else {
        v.div_ceil(a).saturating_mul(a)
    }
}

/// Base alignment of `ty` (bytes, at least 1). `row_major` applies to matrices.
fn alignment(st: &State<'_>, ty: u32, rules: &Rules, row_major: bool, depth: u32) -> u64 {
    base_alignment(st, ty, rules, row_major, depth).max(1)
}

fn base_alignment(st: &State<'_>, ty: u32, rules: &Rules, row_major: bool, depth: u32) -> u64 {
    if depth > 32 {
        return 1;
    }
    let scalar_size =
        |t: u32| ti::component_width(st, t).map_or(4, |w| u64::from(w).div_ceil(8).max(1));
    match ti::type_op(st, ty) {
        Some(Op::TypeInt | Op::TypeFloat) => scalar_size(ty),
        Some(Op::TypeBool) => 4,
        Some(Op::TypeVector) => {
            let n = u64::from(ti::component_count(st, ty).unwrap_or(1));
            let s = scalar_size(ty);
            if rules.layout == Layout::Scalar {
                s
            } else if n == 2 {
                2 * s
            } else {
                4 * s
            }
        }
        Some(Op::TypeMatrix) => {
            let column = ti::element_type(st, ty).unwrap_or(0);
            let a = if row_major {
                // A row has as many components as there are columns.
                let cols = ti::type_inst(st, ty).map_or(1, |d| st.word(d, 3));
                let s = scalar_size(column);
                match rules.layout {
                    Layout::Scalar => s,
                    _ if cols == 2 => 2 * s,
                    _ => 4 * s,
                }
            } else {
                alignment(st, column, rules, false, depth + 1)
            };
            if rules.layout == Layout::Std140 {
                align_up(a, 16)
            } else {
                a
            }
        }
        Some(Op::TypeArray | Op::TypeRuntimeArray) => {
            let elem = ti::element_type(st, ty).unwrap_or(0);
            let a = alignment(st, elem, rules, row_major, depth + 1);
            if rules.layout == Layout::Std140 {
                align_up(a, 16)
            } else {
                a
            }
        }
        Some(Op::TypeStruct) => {
            let a = ti::struct_members(st, ty)
                .iter()
                .enumerate()
                .map(|(i, &m)| {
                    alignment(st, m, rules, member_row_major(st, ty, i as u32), depth + 1)
                })
                .max()
                .unwrap_or(1);
            if rules.layout == Layout::Std140 {
                align_up(a, 16)
            } else {
                a
            }
        }
        Some(Op::TypePointer | Op::TypeUntypedPointerKHR) => 8,
        _ => 1,
    }
}

fn member_row_major(st: &State<'_>, ty: u32, member: u32) -> bool {
    st.decorations_of(ty).any(|d| {
        d.op() == Op::MemberDecorate
            && st.word(d, 2) == member
            && st.word(d, 3) == Decoration::RowMajor.0
    })
}

fn member_matrix_stride(st: &State<'_>, ty: u32, member: u32) -> Option<u32> {
    st.decorations_of(ty)
        .find(|d| {
            d.op() == Op::MemberDecorate
                && st.word(d, 2) == member
                && st.word(d, 3) == Decoration::MatrixStride.0
        })
        .map(|d| st.word(d, 4))
}

/// Size in bytes of a member of type `ty` (arrays by their stride; runtime arrays 0).
fn size(st: &State<'_>, ty: u32, matrix_stride: Option<u32>, row_major: bool, depth: u32) -> u64 {
    if depth > 32 {
        return 0;
    }
    match ti::type_op(st, ty) {
        Some(Op::TypeInt | Op::TypeFloat | Op::TypeBool | Op::TypeVector) => {
            ti::byte_size(st, ty, 0).unwrap_or(4)
        }
        Some(Op::TypeMatrix) => {
            // As spirv-val sizes matrices: column-major, whole columns; row-major, up to the end
            // of the last row.
            let cols = u64::from(ti::type_inst(st, ty).map_or(1, |d| st.word(d, 3)));
            let column = ti::element_type(st, ty).unwrap_or(0);
            let rows = u64::from(ti::component_count(st, column).unwrap_or(1)).max(1);
            let stride = u64::from(matrix_stride.unwrap_or(0));
            let scalar = ti::component_width(st, column).map_or(4, |w| u64::from(w).div_ceil(8));
            if row_major {
                (rows - 1).saturating_mul(stride) + cols * scalar
            } else {
                cols.saturating_mul(stride)
            }
        }
        Some(Op::TypeArray) => {
            let len = ti::type_inst(st, ty)
                .copied()
                .and_then(|d| ti::const_uint(st, st.word(&d, 3)))
                .unwrap_or(0);
            let stride =
                u64::from(ti::decoration_value(st, ty, Decoration::ArrayStride).unwrap_or(0));
            len.saturating_mul(stride)
        }
        Some(Op::TypeStruct) => {
            let members = ti::struct_members(st, ty);
            members
                .iter()
                .enumerate()
                .map(|(i, &m)| {
                    let off = u64::from(ti::member_offset(st, ty, i as u32).unwrap_or(0));
                    off.saturating_add(size(
                        st,
                        m,
                        member_matrix_stride(st, ty, i as u32),
                        member_row_major(st, ty, i as u32),
                        depth + 1,
                    ))
                })
                .max()
                .unwrap_or(0)
        }
        Some(Op::TypePointer | Op::TypeUntypedPointerKHR) => 8,
        _ => 0,
    }
}

pub fn check(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let mut s = Sink::new(st);
    super::vulkan_capabilities::check(&mut s);
    super::vulkan_interfaces::check(&mut s);
    super::vulkan_types::check(&mut s);
    super::vulkan_variables::check(&mut s);
    super::vulkan_layout_storage::check(&mut s);
    super::vulkan_models::check(&mut s);
    local_size_id(&mut s);
    local_size_required(&mut s);
    if st.opts.relax.skip_block_layout {
        return s.out;
    }
    check_blocks(&mut s, false);
    physical_storage_buffer_blocks(&mut s);
    s.out
}

/// Structs that PhysicalStorageBuffer pointers in use point to (any instruction whose result
/// type is such a pointer) follow the storage-buffer layout in full, whether or not they are
/// Blocks, in every environment (as spirv-val 2025.5: standard layout, relaxed only in Vulkan
/// 1.1+ or with `--relax-block-layout`; scalar with `--scalar-block-layout`). A pointer type
/// that nothing uses is not judged.
fn physical_storage_buffer_blocks(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if !st.has_capability(spirvkit_grammar::Capability::PhysicalStorageBufferAddresses)
        || st.opts.relax.skip_block_layout
    {
        return;
    }
    let relax = &st.opts.relax;
    let relaxed = relax.relax_block_layout
        || (st.opts.target_env.is_vulkan() && !matches!(st.opts.target_env, TargetEnv::Vulkan(0)));
    let rules = Rules {
        layout: if relax.scalar_block_layout {
            Layout::Scalar
        } else {
            Layout::Std430
        },
        relaxed,
        presence_only: false,
    };
    let psb = StorageClass::PhysicalStorageBuffer.0;
    let mut seen = std::collections::HashSet::new();
    for (index, inst) in st.insts.iter().enumerate() {
        if inst.result_type == 0 || !seen.insert(inst.result_type) {
            continue;
        }
        let Some(pointer) = ti::type_inst(st, inst.result_type) else {
            continue;
        };
        if pointer.op() != Op::TypePointer || st.word(pointer, 2) != psb {
            continue;
        }
        let pointee = st.word(pointer, 3);
        if ti::type_op(st, pointee) == Some(Op::TypeStruct) && seen.insert(pointee) {
            check_struct(s, index as u32, pointee, &rules, "storage buffer", psb, 0);
        }
    }
}

/// Every environment: Block/BufferBlock structs of buffer variables are explicitly laid out
/// (Offset on every member, ArrayStride on arrays, MatrixStride on matrices).
pub fn check_explicit_layout(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let mut s = Sink::new(st);
    if st.has_capability(spirvkit_grammar::Capability::Shader) && !st.opts.relax.skip_block_layout {
        check_blocks(&mut s, true);
        physical_storage_buffer_blocks(&mut s);
    }
    s.out
}

/// The layout rules for every Block/BufferBlock struct of a buffer variable; with
/// `presence_only`, only the presence of Offset/ArrayStride/MatrixStride.
fn check_blocks(s: &mut Sink<'_, '_>, presence_only: bool) {
    let st = s.st;
    let relax = &st.opts.relax;
    let relaxed = relax.relax_block_layout || !matches!(st.opts.target_env, TargetEnv::Vulkan(0));
    let mut seen = std::collections::HashSet::new();
    for index in 0..st.insts.len() as u32 {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        if inst.op() != Op::Variable || inst.func != crate::state::NONE {
            continue;
        }
        let sc = st.word(&inst, 3);
        let Some(mut ty) = ti::pointee(st, inst.result_type) else {
            continue;
        };
        // One array level (a descriptor array), as spirv-val: the Block of an array of arrays
        // is not judged here (Vulkan rejects such variables by their type, 06807/06808).
        if matches!(
            ti::type_op(st, ty),
            Some(Op::TypeArray | Op::TypeRuntimeArray)
        ) {
            ty = ti::element_type(st, ty).unwrap_or(0);
        }
        let block = ti::has_decoration(st, ty, Decoration::Block);
        let buffer_block = ti::has_decoration(st, ty, Decoration::BufferBlock);
        if !(block || buffer_block) {
            continue;
        }
        let layout = if relax.scalar_block_layout {
            Layout::Scalar
        } else if sc == StorageClass::Uniform.0 && block && !relax.uniform_buffer_standard_layout {
            Layout::Std140
        } else if sc == StorageClass::Uniform.0
            || sc == StorageClass::StorageBuffer.0
            || sc == StorageClass::PushConstant.0
        {
            Layout::Std430
        } else {
            continue;
        };
        if !seen.insert((ty, layout as u8)) {
            continue;
        }
        let rules = Rules {
            layout,
            relaxed,
            presence_only,
        };
        let what = if layout == Layout::Std140 {
            "uniform buffer"
        } else {
            "storage buffer"
        };
        check_struct(s, index, ty, &rules, what, sc, 0);
    }
}

/// Size of a type exactly as spirv-val's `getSize` computes it for the array-stride check:
/// arrays `(length - 1) × stride + element size` (0 for spec-constant lengths and runtime
/// arrays), structs end at their last declared member, matrices by the inherited stride.
fn reference_size(
    st: &State<'_>,
    ty: u32,
    matrix_stride: Option<u32>,
    row_major: bool,
    depth: u32,
) -> u64 {
    if depth > 32 {
        return 0;
    }
    match ti::type_op(st, ty) {
        Some(Op::TypeArray) => {
            let Some(def) = ti::type_inst(st, ty).copied() else {
                return 0;
            };
            let length = st.word(&def, 3);
            if st.def_op(length) != Some(Op::Constant) {
                return 0;
            }
            let n = ti::const_uint(st, length).unwrap_or(0) & 0xffff_ffff;
            let stride =
                u64::from(ti::decoration_value(st, ty, Decoration::ArrayStride).unwrap_or(0));
            let elem = ti::element_type(st, ty).unwrap_or(0);
            n.saturating_sub(1)
                .saturating_mul(stride)
                .saturating_add(reference_size(
                    st,
                    elem,
                    matrix_stride,
                    row_major,
                    depth + 1,
                ))
        }
        Some(Op::TypeRuntimeArray) => 0,
        Some(Op::TypeStruct) => {
            let members = ti::struct_members(st, ty);
            let Some((last, &m)) = members.iter().enumerate().next_back() else {
                return 0;
            };
            let last = last as u32;
            let Some(offset) = ti::member_offset(st, ty, last) else {
                return 0;
            };
            u64::from(offset).saturating_add(reference_size(
                st,
                m,
                member_matrix_stride(st, ty, last),
                member_row_major(st, ty, last),
                depth + 1,
            ))
        }
        _ => size(st, ty, matrix_stride, row_major, depth),
    }
}

fn check_struct(
    s: &mut Sink<'_, '_>,
    index: u32,
    ty: u32,
    rules: &Rules,
    what: &str,
    sc: u32,
    depth: u32,
) {
    let st = s.st;
    if depth > 32 {
        return;
    }
    let def_index = st.def_index(ty);
    let at = if def_index == crate::state::NONE {
        index
    } else {
        def_index
    };
    let members = ti::struct_members(st, ty).to_vec();
    let dec = if ti::has_decoration(st, ty, Decoration::BufferBlock) {
        "BufferBlock"
    } else {
        "Block"
    };
    let sc_name = ti::storage_class_name(sc);
    let prefix = format!("Structure id {ty} decorated as {dec} for variable in {sc_name} storage class must follow {}{what} layout rules", if rules.relaxed && rules.layout != Layout::Scalar { "relaxed " } else if rules.layout == Layout::Scalar { "scalar " } else { "standard " });
    // Every member needs an Offset; overlap is judged in offset order (members may be
    // declared out of order).
    let mut order = Vec::with_capacity(members.len());
    for (i, &m) in members.iter().enumerate() {
        let i = i as u32;
        let Some(offset) = ti::member_offset(st, ty, i).map(u64::from) else {
            if rules.presence_only {
                s.err(
                    "layout.explicit",
                    at,
                    format!("Structure id {ty} decorated as {dec} must be explicitly laid out with Offset decorations."),
                    &[ty],
                );
            } else {
                s.err(
                    "vulkan.layout",
                    at,
                    format!(
                        "{prefix}: member {i} must be explicitly laid out with Offset decorations"
                    ),
                    &[ty],
                );
            }
            return;
        };
        order.push((offset, i, m));
    }
    order.sort_unstable();
    if rules.presence_only {
        for &(_, i, m) in &order {
            check_strides_present(s, at, ty, dec, i, m, rules, what, sc, index, depth);
        }
        return;
    }
    // The presence rules hold under the full layout too; they start at the Block itself and
    // follow direct struct members only (not structs inside arrays), as spirv-val's.
    if depth == 0 {
        let presence = Rules {
            layout: rules.layout,
            relaxed: rules.relaxed,
            presence_only: true,
        };
        for &(_, i, m) in &order {
            check_strides_present(s, at, ty, dec, i, m, &presence, what, sc, index, depth);
        }
    }
    let mut next_valid = 0u64;
    for (offset, i, m) in order {
        let row_major = member_row_major(st, ty, i);
        let matrix_stride = member_matrix_stride(st, ty, i);
        let align = alignment(st, m, rules, row_major, 0);
        let is_vector = ti::is_vector(st, m);
        let member_size = size(st, m, matrix_stride, row_major, 0);
        if rules.relaxed && is_vector && rules.layout != Layout::Scalar {
            let scalar_align = ti::component_width(st, m).map_or(4, |w| (u64::from(w) / 8).max(1));
            if offset % scalar_align != 0 {
                s.err("vulkan.layout", at, format!("{prefix}: member {i} at offset {offset} is not aligned to scalar element size {scalar_align}"), &[ty]);
                return;
            }
            let straddles = if member_size <= 16 {
                offset / 16 != (offset + member_size.max(1) - 1) / 16
            } else {
                offset % 16 != 0
            };
            if straddles {
                s.err("vulkan.layout", at, format!("{prefix}: member {i} is an improperly straddling vector at offset {offset}"), &[ty]);
                return;
            }
        } else if offset % align != 0 {
            s.err(
                "vulkan.layout",
                at,
                format!("{prefix}: member {i} at offset {offset} is not aligned to {align}"),
                &[ty],
            );
            return;
        }
        if offset < next_valid {
            s.err("vulkan.layout", at, format!("{prefix}: member {i} at offset {offset} overlaps previous member ending at offset {}", next_valid.saturating_sub(1)), &[ty]);
            return;
        }
        // Arrays and matrices need strides; nested structs follow the same rules. Bounded: a
        // malformed array type may name itself as its element type.
        let mut t = m;
        for _ in 0..64 {
            match ti::type_op(st, t) {
                // A missing stride is the presence rule's to report (direct array and matrix
                // members only, as spirv-val); the layout judges the strides that exist.
                Some(Op::TypeArray | Op::TypeRuntimeArray) => {
                    let elem = ti::element_type(st, t).unwrap_or(0);
                    let stride = ti::decoration_value(st, t, Decoration::ArrayStride);
                    if let Some(stride) = stride {
                        let a = alignment(st, t, rules, row_major, 0);
                        if u64::from(stride) % a != 0 {
                            s.err("vulkan.layout", at, format!("{prefix}: member {i} contains an array with stride {stride} not satisfying alignment to {a}"), &[ty]);
                            return;
                        }
                    }
                    // A missing ArrayStride is a stride of 0 here, as in spirv-val.
                    let stride = u64::from(stride.unwrap_or(0));
                    let element_size = reference_size(st, elem, matrix_stride, row_major, 0);
                    if element_size > stride {
                        s.err("vulkan.layout", at, format!("{prefix}: member {i} contains an array with stride {stride}, but with an element size of {element_size}"), &[ty]);
                        return;
                    }
                    t = elem;
                }
                Some(Op::TypeMatrix) => {
                    if let Some(stride) = matrix_stride {
                        let a = alignment(st, t, rules, row_major, 0);
                        if u64::from(stride) % a != 0 {
                            s.err("vulkan.layout", at, format!("{prefix}: member {i} is a matrix with stride {stride} not satisfying alignment to {a}"), &[ty]);
                            return;
                        }
                    }
                    break;
                }
                Some(Op::TypeStruct) => {
                    check_struct(s, index, t, rules, what, sc, depth + 1);
                    break;
                }
                _ => break,
            }
        }
        next_valid = offset.saturating_add(member_size);
        if rules.layout != Layout::Scalar
            && matches!(ti::type_op(st, m), Some(Op::TypeStruct | Op::TypeArray))
        {
            next_valid = align_up(next_valid, align);
        }
    }
}

/// A GLCompute entry point states its workgroup size: LocalSize or LocalSizeId on its
/// function, or a WorkgroupSize object in the module (VUID-StandaloneSpirv-None-10685).
fn local_size_required(s: &mut Sink<'_, '_>) {
    let st = s.st;
    let has_workgroup_size = st.decorations.iter().any(|&(_, index)| {
        st.inst(index).is_some_and(|d| {
            d.op() == Op::Decorate
                && st.word(d, 2) == Decoration::BuiltIn.0
                && st.word(d, 3) == spirvkit_grammar::BuiltIn::WorkgroupSize.0
        })
    });
    if has_workgroup_size {
        return;
    }
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep) else { continue };
        if st.word(inst, 1) != spirvkit_grammar::ExecutionModel::GLCompute.0 {
            continue;
        }
        let function = st.word(inst, 2);
        let sized = st
            .execution_modes
            .iter()
            .filter_map(|&i| st.inst(i))
            .any(|m| {
                st.word(m, 1) == function
                    && (st.word(m, 2) == spirvkit_grammar::ExecutionMode::LocalSize.0
                        || st.word(m, 2) == spirvkit_grammar::ExecutionMode::LocalSizeId.0)
            });
        if !sized {
            s.err(
                "vulkan.local_size",
                ep,
                "[VUID-StandaloneSpirv-None-10685] In the Vulkan environment, GLCompute execution model entry points require either the LocalSize or LocalSizeId execution mode or an object decorated with WorkgroupSize must be specified.",
                &[function],
            );
        }
    }
}

/// LocalSizeId needs `--allow-localsizeid` before Vulkan 1.3 (maintenance4).
fn local_size_id(s: &mut Sink<'_, '_>) {
    const LOCAL_SIZE_ID: u32 = 38;
    let st = s.st;
    let before_1_3 = matches!(
        st.opts.target_env,
        TargetEnv::Vulkan(0..=2) | TargetEnv::Vulkan1_1Spv1_4
    );
    if !before_1_3 || st.opts.relax.allow_localsizeid {
        return;
    }
    for &index in &st.execution_modes {
        if let Some(inst) = st.inst(index) {
            if st.word(inst, 2) == LOCAL_SIZE_ID {
                s.err(
                    "vulkan.local_size_id",
                    index,
                    "LocalSizeId mode is not allowed by the current environment.",
                    &[],
                );
            }
        }
    }
}

/// Presence of ArrayStride and MatrixStride for member `i` of `ty`, exactly as spirv-val's
/// `checkForRequiredDecoration` looks for them outside Vulkan: a member that is itself an
/// `OpTypeArray` needs ArrayStride (runtime arrays and inner array levels are not checked), a
/// member that is a matrix needs MatrixStride, a matrix or an array of matrices RowMajor or
/// ColMajor, and members that are structs are checked the same way (structs reached through
/// arrays are not).
#[allow(clippy::too_many_arguments)]
fn check_strides_present(
    s: &mut Sink<'_, '_>,
    at: u32,
    ty: u32,
    dec: &str,
    i: u32,
    member: u32,
    rules: &Rules,
    what: &str,
    sc: u32,
    index: u32,
    depth: u32,
) {
    let st = s.st;
    // Structs inside arrays need their Offsets too (spirv-val follows arrays for Offset,
    // not for ArrayStride or MatrixStride).
    if matches!(
        ti::type_op(st, member),
        Some(Op::TypeArray | Op::TypeRuntimeArray)
    ) && !offsets_inside(st, member, 0)
    {
        s.err(
            "layout.explicit",
            at,
            format!("Structure id {ty} decorated as {dec} must be explicitly laid out with Offset decorations."),
            &[ty],
        );
        return;
    }
    match ti::type_op(st, member) {
        Some(Op::TypeArray) => {
            if ti::decoration_value(st, member, Decoration::ArrayStride).is_none() {
                s.err(
                    "layout.explicit",
                    at,
                    format!("Structure id {ty} decorated as {dec} must be explicitly laid out with ArrayStride decorations."),
                    &[ty],
                );
            }
        }
        Some(Op::TypeMatrix) => {
            if member_matrix_stride(st, ty, i).is_none() {
                s.err(
                    "layout.explicit",
                    at,
                    format!("Structure id {ty} decorated as {dec} must be explicitly laid out with MatrixStride decorations."),
                    &[ty],
                );
                return;
            }
        }
        Some(Op::TypeStruct) => {
            check_struct(s, index, member, rules, what, sc, depth + 1);
            return;
        }
        _ => {}
    }
    check_majorness(s, at, ty, dec, i, member);
}

/// Whether every struct reached from `ty` through arrays and struct members has an Offset on
/// each member (bounded depth: deeper types count as laid out).
fn offsets_inside(st: &State<'_>, ty: u32, depth: u32) -> bool {
    if depth > 32 {
        return true;
    }
    match ti::type_op(st, ty) {
        Some(Op::TypeArray | Op::TypeRuntimeArray) => {
            ti::element_type(st, ty).is_none_or(|e| offsets_inside(st, e, depth + 1))
        }
        Some(Op::TypeStruct) => ti::struct_members(st, ty)
            .iter()
            .enumerate()
            .all(|(i, &m)| {
                ti::member_offset(st, ty, i as u32).is_some() && offsets_inside(st, m, depth + 1)
            }),
        _ => true,
    }
}

/// A matrix member, or an array (of arrays) of matrices, states its majorness (every
/// environment, Vulkan's full layout rules included).
fn check_majorness(s: &mut Sink<'_, '_>, at: u32, ty: u32, dec: &str, i: u32, member: u32) {
    let st = s.st;
    let mut inner = member;
    for _ in 0..16 {
        match ti::type_op(st, inner) {
            Some(Op::TypeArray | Op::TypeRuntimeArray) => {
                inner = ti::element_type(st, inner).unwrap_or(0);
            }
            _ => break,
        }
    }
    if ti::type_op(st, inner) == Some(Op::TypeMatrix)
        && !member_row_major(st, ty, i)
        && !member_has(st, ty, i, Decoration::ColMajor)
    {
        s.err(
            "layout.explicit",
            at,
            format!("Structure id {ty} decorated as {dec} must be explicitly laid out with RowMajor or ColMajor decorations."),
            &[ty],
        );
    }
}

fn member_has(st: &State<'_>, ty: u32, member: u32, decoration: Decoration) -> bool {
    st.decorations_of(ty).any(|d| {
        d.op() == Op::MemberDecorate && st.word(d, 2) == member && st.word(d, 3) == decoration.0
    })
}
