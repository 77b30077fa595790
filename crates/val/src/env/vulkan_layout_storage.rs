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
        if let Some(dec) = layout_decoration(st, pointee, 0) {
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

/// The first explicit-layout decoration on `ty`, its members or elements.
fn layout_decoration(st: &State<'_>, ty: u32, depth: u32) -> Option<&'static str> {
    if depth > MAX_DEPTH {
        return None;
    }
    for d in st.decorations_of(ty) {
        let dec = match d.op() {
            Op::Decorate => st.word(d, 2),
            Op::MemberDecorate => st.word(d, 3),
            _ => continue,
        };
        if let Some((_, name)) = LAYOUT.iter().find(|(l, _)| l.0 == dec) {
            return Some(name);
        }
    }
    match ti::type_op(st, ty)? {
        Op::TypeArray | Op::TypeRuntimeArray => {
            layout_decoration(st, ti::element_type(st, ty)?, depth + 1)
        }
        Op::TypeStruct => ti::struct_members(st, ty)
            .iter()
            .find_map(|&m| layout_decoration(st, m, depth + 1)),
        _ => None,
    }
}
