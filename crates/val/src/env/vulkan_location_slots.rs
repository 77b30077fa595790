//! Vulkan interface locations of an entry point, as spirv-val 2025.5 assigns them (Vulkan
//! 15.1.4 "Location Assignment"; graphics stages only: Vertex, tessellation, Geometry,
//! Fragment): every Input and Output variable (and every member of a Block without a
//! variable Location) takes `4 × location + component` slots; no slot is taken twice
//! (VUID-StandaloneSpirv-OpEntryPoint-08721 inputs, -08722 outputs; Fragment outputs of
//! `Index 1` apart); a struct taking locations has no member Location of its own (04918);
//! only scalars, vectors, matrices, arrays and structs of them (and PhysicalStorageBuffer
//! pointers) take locations; the variable's own Location / Component / Index decorations
//! agree; Index only on Fragment outputs. The per-vertex array layer of tessellation and
//! geometry inputs (tessellation control outputs too, `Patch` apart) is not counted.
//! Variables with a built-in, or decorated through groups, are left to the other rules.

use crate::instructions::Sink;
use crate::state::State;
use crate::typeinfo as ti;
use spirvkit_grammar::{AddressingModel, Decoration, ExecutionModel as M, Op, StorageClass};

/// spirv-val's bound on slots: `4 × location + component` past it are not tracked.
const MAX_SLOTS: u32 = 4096 * 4;
/// Type nesting followed when counting locations (deeper types are left alone).
const MAX_DEPTH: u32 = 64;

/// Slots taken so far by one entry point's interface (a bit per slot).
struct Slots(Vec<u64>);

impl Slots {
    fn new() -> Self {
        Slots(vec![0; (MAX_SLOTS / 64) as usize])
    }
    /// Marks `slot`; false when it was taken already.
    fn take(&mut self, slot: u32) -> bool {
        let (word, bit) = ((slot / 64) as usize, slot % 64);
        match self.0.get_mut(word) {
            Some(w) => {
                let was = *w & (1 << bit) != 0;
                *w |= 1 << bit;
                !was
            }
            None => true,
        }
    }
}

/// A broken rule: the instruction to report at, its message, the ids involved.
type Broken = (u32, String, u32);

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        let model = st.word(&inst, 1);
        if ![
            M::Vertex,
            M::TessellationControl,
            M::TessellationEvaluation,
            M::Geometry,
            M::Fragment,
        ]
        .iter()
        .any(|m| m.0 == model)
        {
            continue;
        }
        let mut inputs = Slots::new();
        let mut outputs = Slots::new();
        let mut outputs_index1 = Slots::new();
        let mut seen = Vec::new();
        for i in 3..usize::from(inst.ops_len) {
            let var = st.operand_word(&inst, i);
            let Some(def) = st.def(var).copied() else {
                continue;
            };
            if def.op() != Op::Variable || seen.contains(&var) {
                continue;
            }
            let sc = st.word(&def, 3);
            let is_output = sc == StorageClass::Output.0;
            if sc != StorageClass::Input.0 && !is_output {
                continue;
            }
            seen.push(var);
            let sets = if is_output {
                (&mut outputs, &mut outputs_index1)
            } else {
                // Inputs have no Index: the second set is never used.
                (&mut inputs, &mut outputs_index1)
            };
            if let Err((at, message, id)) =
                variable(st, ep, model, var, def.result_type, is_output, sets)
            {
                s.err("vulkan.location", at, message, &[id]);
                // spirv-val reports the first broken rule of an entry point.
                break;
            }
        }
    }
}

/// The parameter of decoration `dec` on `id` (OpDecorate) or on member `member`
/// (OpMemberDecorate); Err when two of them disagree.
fn decoration_param(
    st: &State<'_>,
    id: u32,
    member: Option<u32>,
    dec: Decoration,
) -> Result<Option<u32>, ()> {
    let mut found = None;
    for d in st.decorations_of(id) {
        let value = match (d.op(), member) {
            (Op::Decorate, None) if st.word(d, 2) == dec.0 => st.word(d, 3),
            (Op::MemberDecorate, Some(m)) if st.word(d, 2) == m && st.word(d, 3) == dec.0 => {
                st.word(d, 4)
            }
            _ => continue,
        };
        match found {
            Some(v) if v != value => return Err(()),
            _ => found = Some(value),
        }
    }
    Ok(found)
}

fn has_direct(st: &State<'_>, id: u32, dec: Decoration) -> bool {
    st.decorations_of(id)
        .any(|d| d.op() == Op::Decorate && st.word(d, 2) == dec.0)
}

/// Whether `ty` carries `dec` itself or on a member (spirv-val's HasDecoration on a struct).
fn has_any(st: &State<'_>, ty: u32, dec: Decoration) -> bool {
    st.decorations_of(ty).any(|d| match d.op() {
        Op::Decorate => st.word(d, 2) == dec.0,
        Op::MemberDecorate => st.word(d, 3) == dec.0,
        _ => false,
    })
}

/// The constant length of an array type (None: a specialization constant or unknown).
fn array_length(st: &State<'_>, ty: u32) -> Option<u32> {
    let len = st.word(ti::type_inst(st, ty)?, 3);
    (st.def_op(len) == Some(Op::Constant))
        .then(|| ti::const_uint(st, len))
        .flatten()
        .map(|v| v as u32)
}

/// Locations a type takes (spirv-val's NumConsumedLocations); Err names the broken rule.
fn locations_of(st: &State<'_>, ty: u32, depth: u32) -> Result<Option<u32>, Broken> {
    if depth > MAX_DEPTH {
        return Ok(None);
    }
    let Some(op) = ti::type_op(st, ty) else {
        return Ok(None);
    };
    let invalid = || {
        (
            st.def_index(ty),
            "Invalid type to assign a location".to_string(),
            ty,
        )
    };
    Ok(Some(match op {
        Op::TypeInt | Op::TypeFloat => 1,
        Op::TypeVector => {
            let wide = ti::component_width(st, ty) == Some(64);
            let count = ti::component_count(st, ty).unwrap_or(0);
            if wide && count > 2 {
                2
            } else {
                1
            }
        }
        Op::TypeMatrix => {
            let Some(column) = ti::element_type(st, ty) else {
                return Ok(None);
            };
            let Some(per_column) = locations_of(st, column, depth + 1)? else {
                return Ok(None);
            };
            let columns = ti::type_inst(st, ty).map_or(0, |d| st.word(d, 3));
            per_column.saturating_mul(columns)
        }
        Op::TypeArray => {
            let Some(element) = ti::element_type(st, ty) else {
                return Ok(None);
            };
            let Some(each) = locations_of(st, element, depth + 1)? else {
                return Ok(None);
            };
            match array_length(st, ty) {
                Some(n) => each.saturating_mul(n),
                None => each,
            }
        }
        Op::TypeStruct => {
            if has_any(st, ty, Decoration::Location) {
                return Err((
                    st.def_index(ty),
                    "[VUID-StandaloneSpirv-Location-04918] Members cannot be assigned a location"
                        .into(),
                    ty,
                ));
            }
            let mut sum = 0u32;
            for &m in ti::struct_members(st, ty) {
                let Some(n) = locations_of(st, m, depth + 1)? else {
                    return Ok(None);
                };
                sum = sum.saturating_add(n);
            }
            sum
        }
        Op::TypePointer
            if st.addressing_model == Some(AddressingModel::PhysicalStorageBuffer64.0)
                && ti::storage_class(st, ty) == Some(StorageClass::PhysicalStorageBuffer.0) =>
        {
            1
        }
        _ => return Err(invalid()),
    }))
}

/// Components a type takes within its location (spirv-val's NumConsumedComponents; 0 for
/// types that take whole locations).
fn components_of(st: &State<'_>, ty: u32, depth: u32) -> u32 {
    if depth > MAX_DEPTH {
        return 0;
    }
    match ti::type_op(st, ty) {
        Some(Op::TypeInt | Op::TypeFloat) => {
            if ti::component_width(st, ty) == Some(64) {
                2
            } else {
                1
            }
        }
        Some(Op::TypeVector) => {
            let per = components_of(st, ti::scalar_of(st, ty), depth + 1);
            per.saturating_mul(ti::component_count(st, ty).unwrap_or(0))
        }
        Some(Op::TypeArray) => {
            ti::element_type(st, ty).map_or(0, |e| components_of(st, e, depth + 1))
        }
        Some(Op::TypePointer)
            if st.addressing_model == Some(AddressingModel::PhysicalStorageBuffer64.0)
                && ti::storage_class(st, ty) == Some(StorageClass::PhysicalStorageBuffer.0) =>
        {
            2
        }
        _ => 0,
    }
}

fn conflict(ep: u32, is_output: bool, slot: u32) -> Broken {
    let (vuid, what) = if is_output {
        ("08722", "output")
    } else {
        ("08721", "input")
    };
    (
        ep,
        format!(
            "[VUID-StandaloneSpirv-OpEntryPoint-{vuid}] Entry-point has conflicting {what} location assignment at location {}, component {}",
            slot / 4,
            slot % 4
        ),
        ep,
    )
}

/// Takes the slots of one interface variable (spirv-val's GetLocationsForVariable).
fn variable(
    st: &State<'_>,
    ep: u32,
    model: u32,
    var: u32,
    pointer: u32,
    is_output: bool,
    (slots, slots_index1): (&mut Slots, &mut Slots),
) -> Result<(), Broken> {
    let at = st.def_index(var);
    let is_fragment = model == M::Fragment.0;
    let disagree = |what: &str| {
        (
            at,
            format!("Variable has conflicting {what} decorations"),
            var,
        )
    };
    let location =
        decoration_param(st, var, None, Decoration::Location).map_err(|_| disagree("location"))?;
    let component = decoration_param(st, var, None, Decoration::Component)
        .map_err(|_| disagree("component"))?;
    let index =
        decoration_param(st, var, None, Decoration::Index).map_err(|_| disagree("index"))?;
    if index.is_some() && !(is_output && is_fragment) {
        return Err((
            at,
            "Index can only be applied to Fragment output variables".into(),
            var,
        ));
    }
    if has_direct(st, var, Decoration::BuiltIn) {
        return Ok(());
    }
    // Decorations through groups, and PerVertexKHR inputs, are judged elsewhere.
    if location.is_none() && ti::has_decoration_or_group(st, var, Decoration::Location)
        || has_direct(st, var, Decoration::PerVertexKHR)
    {
        return Ok(());
    }
    let Some(mut ty) = ti::pointee(st, pointer) else {
        return Ok(());
    };
    let patch = has_direct(st, var, Decoration::Patch);
    let arrayed = match M(model) {
        M::TessellationControl => !patch,
        M::TessellationEvaluation => !is_output && !patch,
        M::Geometry => !is_output,
        _ => false,
    };
    if arrayed
        && matches!(
            ti::type_op(st, ty),
            Some(Op::TypeArray | Op::TypeRuntimeArray)
        )
    {
        ty = ti::element_type(st, ty).unwrap_or(0);
    }
    let is_struct = ti::type_op(st, ty) == Some(Op::TypeStruct);
    if is_struct && has_any(st, ty, Decoration::BuiltIn) {
        return Ok(());
    }
    let slots = if index == Some(1) {
        slots_index1
    } else {
        slots
    };
    if let Some(location) = location {
        let component = component.unwrap_or(0);
        let (sub, count) = if ti::type_op(st, ty) == Some(Op::TypeArray) {
            (
                ti::element_type(st, ty).unwrap_or(0),
                array_length(st, ty).unwrap_or(1),
            )
        } else {
            (ty, 1)
        };
        let Some(locations) = locations_of(st, sub, 0)? else {
            return Ok(());
        };
        let components = components_of(st, sub, 0);
        for k in 0..count {
            let base = location.saturating_add(locations.saturating_mul(k));
            let mut start = base.saturating_mul(4);
            if start >= MAX_SLOTS {
                break;
            }
            let mut end = base.saturating_add(locations).saturating_mul(4);
            if components != 0 {
                start = start.saturating_add(component);
                end = (base.saturating_mul(4))
                    .saturating_add(component)
                    .saturating_add(components);
            }
            for slot in start..end.min(MAX_SLOTS + 4) {
                if !slots.take(slot) {
                    return Err(conflict(ep, is_output, slot));
                }
            }
        }
        return Ok(());
    }
    // A Block without a variable Location: each member has its own (a missing one is
    // reported by vulkan_interfaces).
    if !(is_struct && has_direct(st, ty, Decoration::Block)) {
        return Ok(());
    }
    for (m, &member) in ti::struct_members(st, ty).iter().enumerate() {
        let m = m as u32;
        let location = match decoration_param(st, ty, Some(m), Decoration::Location) {
            Ok(Some(l)) => l,
            Ok(None) => return Ok(()),
            Err(()) => {
                return Err((
                    st.def_index(ty),
                    format!("Member index {m} has conflicting location assignments"),
                    ty,
                ))
            }
        };
        let component = decoration_param(st, ty, Some(m), Decoration::Component)
            .map_err(|_| {
                (
                    st.def_index(ty),
                    format!("Member index {m} has conflicting component assignments"),
                    ty,
                )
            })?
            .unwrap_or(0);
        let Some(locations) = locations_of(st, member, 0)? else {
            return Ok(());
        };
        let components = components_of(st, member, 0);
        let start = location.saturating_mul(4);
        if start >= MAX_SLOTS {
            continue;
        }
        if ti::type_op(st, member) == Some(Op::TypeArray) && (1..4).contains(&components) {
            // Arrays of elements smaller than a location: the same components of each location.
            let last = location.saturating_add(locations).min(MAX_SLOTS / 4 + 1);
            for l in location..last {
                for c in component..component.saturating_add(components) {
                    let slot = l.saturating_mul(4).saturating_add(c);
                    if !slots.take(slot) {
                        return Err(conflict(ep, is_output, slot));
                    }
                }
            }
        } else {
            let (start, end) = if components != 0 {
                let start = start.saturating_add(component);
                (start, start.saturating_add(components))
            } else {
                (start, location.saturating_add(locations).saturating_mul(4))
            };
            for slot in start..end.min(MAX_SLOTS + 4) {
                if !slots.take(slot) {
                    return Err(conflict(ep, is_output, slot));
                }
            }
        }
    }
    Ok(())
}
