//! Vulkan interface rules of entry points: a Fragment shader's Input variable of integer
//! scalar or vector type, or of 64-bit float scalar type, is decorated Flat
//! (VUID-StandaloneSpirv-Flat-04744; spirv-val 2025.5 judges the variable's own type only, not
//! arrays or struct members); user Input/Output interface variables have a Location, or are
//! Blocks (arrays unwrapped) whose every member has one (04916, 04917, 04919); built-in ones
//! have neither Location nor Component (04915); Location only on Input/Output (and the
//! ray-tracing payload) variables (06672).

use crate::instructions::Sink;
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::{Decoration, ExecutionModel, Op, StorageClass};

pub fn check(s: &mut Sink<'_, '_>) {
    flat(s);
    locations(s);
    super::vulkan_location_slots::check(s);
    super::vulkan_builtin_interfaces::check(s);
    location_storage_classes(s);
}

fn flat(s: &mut Sink<'_, '_>) {
    let st = s.st;
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        if st.word(&inst, 1) != ExecutionModel::Fragment.0 {
            continue;
        }
        for i in 3..usize::from(inst.ops_len) {
            let var = st.operand_word(&inst, i);
            let Some(def) = st.def(var).copied() else {
                continue;
            };
            if def.op() != Op::Variable || st.word(&def, 3) != StorageClass::Input.0 {
                continue;
            }
            let Some(pointee) = ti::pointee(st, def.result_type) else {
                continue;
            };
            let needs_flat = ti::shape(st, pointee).is_some_and(|sh| match sh.kind {
                ScalarKind::Int => true,
                ScalarKind::Float => sh.width == 64 && sh.count == 1 && !ti::is_vector(st, pointee),
                ScalarKind::Bool => false,
            });
            if needs_flat && !ti::has_decoration(st, var, Decoration::Flat) {
                s.err(
                    "vulkan.flat",
                    ep,
                    format!("Fragment OpEntryPoint operand {} with Input interfaces with integer or float type must have a Flat decoration for Entry Point id {}.", i - 1, st.operand_word(&inst, 1)),
                    &[var],
                );
            }
        }
    }
}

/// Whether any member of struct `ty` carries decoration `dec` at member index `member`
/// (`None`: any member).
fn member_has(s: &Sink<'_, '_>, ty: u32, member: Option<u32>, dec: Decoration) -> bool {
    let st = s.st;
    st.decorations_of(ty).any(|d| {
        d.op() == Op::MemberDecorate
            && st.word(d, 3) == dec.0
            && member.is_none_or(|m| st.word(d, 2) == m)
    })
}

/// Execution models whose Input/Output interfaces have locations (spirv-val judges these only:
/// compute, mesh and ray-tracing interfaces are not judged; found by mutation and probes).
fn has_locations(model: u32) -> bool {
    use spirvkit_grammar::ExecutionModel as M;
    [
        M::Vertex,
        M::TessellationControl,
        M::TessellationEvaluation,
        M::Geometry,
        M::Fragment,
    ]
    .iter()
    .any(|m| m.0 == model)
}

fn locations(s: &mut Sink<'_, '_>) {
    let st = s.st;
    let mut seen = std::collections::HashSet::new();
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        // Built-ins never carry locations; other variables need them in graphics models only.
        let needs_locations = has_locations(st.word(&inst, 1));
        for i in 3..usize::from(inst.ops_len) {
            let var = st.operand_word(&inst, i);
            let Some(def) = st.def(var).copied() else {
                continue;
            };
            let sc = st.word(&def, 3);
            if def.op() != Op::Variable
                || (sc != StorageClass::Input.0 && sc != StorageClass::Output.0)
                || !seen.insert((var, st.word(&inst, 1)))
            {
                continue;
            }
            let index = st.def_index(var);
            let has = |dec: Decoration| ti::has_decoration_or_group(st, var, dec);
            if has(Decoration::BuiltIn) {
                if has(Decoration::Location) || has(Decoration::Component) {
                    s.err(
                        "vulkan.location",
                        index,
                        format!("[VUID-StandaloneSpirv-Location-04915] A BuiltIn variable (id {var}) cannot have any Location or Component decorations"),
                        &[var],
                    );
                }
                continue;
            }
            if !needs_locations || has(Decoration::Location) {
                continue;
            }
            let Some(mut ty) = ti::pointee(st, def.result_type) else {
                continue;
            };
            // One array level is the per-vertex (per-primitive) array of arrayed interfaces;
            // any other array is the variable's own type and needs a Location (probed).
            if arrayed_interface(st, st.word(&inst, 1), var, sc == StorageClass::Output.0)
                && matches!(
                    ti::type_op(st, ty),
                    Some(Op::TypeArray | Op::TypeRuntimeArray)
                )
            {
                ty = ti::element_type(st, ty).unwrap_or(0);
            }
            let is_struct = ti::type_op(st, ty) == Some(Op::TypeStruct);
            if is_struct && member_has(s, ty, None, Decoration::BuiltIn) {
                continue;
            }
            if is_struct && ti::has_decoration_or_group(st, ty, Decoration::Block) {
                let members = ti::struct_members(st, ty).len() as u32;
                if let Some(m) =
                    (0..members).find(|&m| !member_has(s, ty, Some(m), Decoration::Location))
                {
                    s.err(
                        "vulkan.location",
                        st.def_index(ty),
                        format!("[VUID-StandaloneSpirv-Location-04919] Member index {m} is missing a location assignment"),
                        &[ty],
                    );
                }
                continue;
            }
            let vuid = if is_struct { "04917" } else { "04916" };
            s.err(
                "vulkan.location",
                index,
                format!("[VUID-StandaloneSpirv-Location-{vuid}] Variable must be decorated with a location"),
                &[var],
            );
        }
    }
}

/// Whether an interface variable of an entry point of `model` is arrayed per vertex (or per
/// primitive), as spirv-val's GetLocationsForVariable decides.
fn arrayed_interface(st: &crate::state::State<'_>, model: u32, var: u32, is_output: bool) -> bool {
    use spirvkit_grammar::ExecutionModel as M;
    let patch = || ti::has_decoration_or_group(st, var, Decoration::Patch);
    match M(model) {
        M::TessellationControl => !patch(),
        M::TessellationEvaluation => !is_output && !patch(),
        M::Geometry => !is_output,
        M::Fragment => !is_output && ti::has_decoration_or_group(st, var, Decoration::PerVertexKHR),
        M::MeshNV | M::MeshEXT => is_output,
        _ => false,
    }
}

/// Location on a variable of a storage class without locations.
fn location_storage_classes(s: &mut Sink<'_, '_>) {
    let st = s.st;
    for &(target, index) in &st.decorations {
        let Some(d) = st.inst(index) else { continue };
        if d.op() != Op::Decorate || st.word(d, 2) != Decoration::Location.0 {
            continue;
        }
        let Some(def) = st.def(target) else { continue };
        if def.op() != Op::Variable {
            continue;
        }
        let sc = StorageClass(st.word(def, 3));
        if matches!(
            sc,
            StorageClass::Private
                | StorageClass::Function
                | StorageClass::Workgroup
                | StorageClass::Uniform
                | StorageClass::StorageBuffer
                | StorageClass::PushConstant
        ) {
            s.err(
                "vulkan.location",
                st.def_index(target),
                "[VUID-StandaloneSpirv-Location-06672] Location decoration must not be applied to this storage class",
                &[target],
            );
        }
    }
}
