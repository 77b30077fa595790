//! Targets of NonWritable and NonReadable (spirv-val, every environment): a variable or
//! function parameter whose pointer type points (through arrays) to a uniform block (Uniform,
//! Block), a storage buffer (StorageBuffer + Block, or Uniform + BufferBlock) or a storage
//! image (UniformConstant image with Sampled 2); from SPIR-V 1.4 NonWritable may also mark
//! Function and Private variables. Other memory-object kinds are judged by `decorations.rs`;
//! untyped pointers are left alone.

use crate::state::State;
use crate::typeinfo as ti;
use spirvkit_grammar::{Decoration, Op, StorageClass as SC};

/// The data behind a pointer type once arrays are unwrapped.
fn unarrayed_pointee(st: &State<'_>, pointer: u32) -> Option<u32> {
    let mut t = ti::pointee(st, pointer)?;
    for _ in 0..64 {
        match ti::type_op(st, t) {
            Some(Op::TypeArray | Op::TypeRuntimeArray) => t = ti::element_type(st, t)?,
            _ => break,
        }
    }
    Some(t)
}

/// Whether a typed pointer points to a uniform block, a storage buffer or a storage image.
fn points_to_accessible(st: &State<'_>, pointer: u32) -> bool {
    let (Some(sc), Some(data)) = (
        ti::storage_class(st, pointer),
        unarrayed_pointee(st, pointer),
    ) else {
        return false;
    };
    let is_struct_with = |dec: Decoration| {
        ti::type_op(st, data) == Some(Op::TypeStruct) && ti::has_decoration_or_group(st, data, dec)
    };
    match SC(sc) {
        SC::Uniform => is_struct_with(Decoration::Block) || is_struct_with(Decoration::BufferBlock),
        SC::StorageBuffer => is_struct_with(Decoration::Block),
        SC::UniformConstant => {
            ti::type_inst(st, data).is_some_and(|d| d.op() == Op::TypeImage && st.word(d, 7) == 2)
        }
        _ => false,
    }
}

pub fn check(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let mut out = Vec::new();
    for &(target, index) in &st.decorations {
        let Some(inst) = st.inst(index) else {
            continue;
        };
        if inst.op() != Op::Decorate {
            continue;
        }
        let decoration = st.word(inst, 2);
        let name = if decoration == Decoration::NonWritable.0 {
            "NonWritable"
        } else if decoration == Decoration::NonReadable.0 {
            "NonReadable"
        } else {
            continue;
        };
        let Some(def) = st.def(target) else {
            continue;
        };
        // Non-variables are the memory-object rule's (decorations.rs).
        if !matches!(def.op(), Op::Variable | Op::FunctionParameter)
            || !ti::is_typed_pointer(st, def.result_type)
        {
            continue;
        }
        let storage = (def.op() == Op::Variable).then(|| st.word(def, 3));
        let function_or_private =
            storage.is_some_and(|sc| sc == SC::Function.0 || sc == SC::Private.0);
        if decoration == Decoration::NonWritable.0
            && function_or_private
            && st.version >= 0x0001_0400
        {
            continue;
        }
        if points_to_accessible(st, def.result_type) {
            continue;
        }
        out.push(
            st.diag_at(
                "decoration.access_target",
                index,
                format!("Target of {name} decoration is invalid: must point to a storage image, tensor variable in UniformConstant storage class, uniform block, or storage buffer"),
            )
            .with_ids([target]),
        );
    }
    out
}
