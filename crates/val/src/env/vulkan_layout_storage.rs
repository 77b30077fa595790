//! Vulkan, SPIR-V 1.5 and later: explicit layout (Block, BufferBlock, Offset, ArrayStride,
//! MatrixStride) only on types of storage classes that have one
//! (VUID-StandaloneSpirv-None-10684). spirv-val 2025.5 judges the types of OpVariables, through
//! arrays and struct members (not through pointers); it accepts the same modules at SPIR-V
//! 1.4 and earlier, and Input/Output variables (transform feedback offsets). Judged here are
//! the Function and Private variables, the classes checked against spirv-val
//! (tests/producer_findings.rs); other storage classes have rules of their own.

use crate::instructions::Sink;
use crate::state::State;
use crate::typeinfo as ti;
use spirvkit_grammar::{Decoration, Op, StorageClass};

/// Type nesting followed (deeper types are left alone).
const MAX_DEPTH: u32 = 64;

const LAYOUT: [(Decoration, &str); 5] = [
    (Decoration::Block, "Block"),
    (Decoration::BufferBlock, "BufferBlock"),
    (Decoration::Offset, "Offset"),
    (Decoration::ArrayStride, "ArrayStride"),
    (Decoration::MatrixStride, "MatrixStride"),
];

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if st.version < 0x0001_0500 {
        return;
    }
    let grouped = grouped_layout(st);
    for index in 0..st.insts.len() as u32 {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        if inst.op() != Op::Variable {
            continue;
        }
        let sc = st.word(&inst, 3);
        let class = if sc == StorageClass::Function.0 {
            "Function"
        } else if sc == StorageClass::Private.0 {
            "Private"
        } else {
            continue;
        };
        let Some(pointee) = ti::pointee(st, inst.result_type) else {
            continue;
        };
        if let Some(dec) = layout_decoration(st, &grouped, pointee, 0) {
            s.err(
                "vulkan.explicit_layout",
                index,
                format!(
                    "[VUID-StandaloneSpirv-None-10684] Invalid explicit layout decorations on type for operand '{}', the {class} storage class has a explicit layout from the {dec} decoration.",
                    inst.result_type
                ),
                &[inst.result_type],
            );
        }
    }
}

/// The name of the layout decoration of `dec`, if it is one.
fn layout_name(dec: u32) -> Option<&'static str> {
    LAYOUT
        .iter()
        .find(|(l, _)| l.0 == dec)
        .map(|(_, name)| *name)
}

/// Ids that get a layout decoration through a decoration group (OpGroupDecorate, or
/// OpGroupMemberDecorate on a struct), with that decoration's name.
fn grouped_layout(st: &State<'_>) -> Vec<(u32, &'static str)> {
    let mut out = Vec::new();
    for &(_, index) in &st.decorations {
        let Some(g) = st.inst(index) else { continue };
        let step = match g.op() {
            Op::GroupDecorate => 1,
            Op::GroupMemberDecorate => 2,
            _ => continue,
        };
        let group = st.word(g, 1);
        let Some(name) = st.decorations_of(group).find_map(|d| {
            (d.op() == Op::Decorate)
                .then(|| layout_name(st.word(d, 2)))
                .flatten()
        }) else {
            continue;
        };
        let mut w = 2;
        while w < usize::from(g.len) {
            out.push((st.word(g, w), name));
            w += step;
        }
    }
    out
}

/// The first explicit-layout decoration on `ty`, its members or elements.
fn layout_decoration(
    st: &State<'_>,
    grouped: &[(u32, &'static str)],
    ty: u32,
    depth: u32,
) -> Option<&'static str> {
    // Pointers are not followed, and their own ArrayStride (for OpPtrAccessChain) is no
    // layout of the variable's storage (spirv-val accepts a Private pointer to a
    // StorageBuffer pointer type with ArrayStride).
    if depth > MAX_DEPTH
        || matches!(
            ti::type_op(st, ty),
            None | Some(Op::TypePointer | Op::TypeUntypedPointerKHR | Op::TypeForwardPointer)
        )
    {
        return None;
    }
    for d in st.decorations_of(ty) {
        let dec = match d.op() {
            Op::Decorate => st.word(d, 2),
            Op::MemberDecorate => st.word(d, 3),
            _ => continue,
        };
        if let Some(name) = layout_name(dec) {
            return Some(name);
        }
    }
    if let Some(&(_, name)) = grouped.iter().find(|(id, _)| *id == ty) {
        return Some(name);
    }
    match ti::type_op(st, ty)? {
        Op::TypeArray | Op::TypeRuntimeArray => {
            layout_decoration(st, grouped, ti::element_type(st, ty)?, depth + 1)
        }
        Op::TypeStruct => ti::struct_members(st, ty)
            .iter()
            .find_map(|&m| layout_decoration(st, grouped, m, depth + 1)),
        _ => None,
    }
}
