//! Vulkan built-in rules (`table.rs` says what each built-in needs), checked the way spirv-val
//! checks them:
//! - at the definition: the decorated variable's pointee (optionally arrayed, for per-vertex
//!   and per-primitive interfaces) or the decorated struct member has the built-in's type, and
//!   a decorated variable is in an allowed storage class;
//! - at module-scope references (arrays of a built-in block, pointers to it, variables of
//!   those): each pointer type or variable is in an allowed storage class;
//! - at references inside functions: every execution model of the entry points whose call
//!   tree reaches the function may use the built-in (an Input one not in Vertex shaders, an
//!   Output one not in Fragment shaders, where the built-in says so).
//!
//! Variables that are declared but never used are not judged by execution model.

use super::table::{self, Spec, Storage, Ty};
use crate::instructions::Sink;
use crate::state::{State, NONE};
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::{Category, Decoration, ExecutionModel, Op, OperandKind, StorageClass as SC};
use std::collections::HashMap;

/// A built-in carried by an id: the spec, the storage class the id is known to live in and the
/// decoration (index into the list of built-in decorations) it comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Carried {
    spec: usize,
    storage: Option<u32>,
    deco: usize,
}

/// A BuiltIn decoration: its target, the member (for OpMemberDecorate) and the decorated
/// data type (member type or variable pointee).
#[derive(Clone, Copy)]
struct Deco {
    target: u32,
    data_type: u32,
    spec: usize,
    /// Whether a variable's type may be an array of the built-in's type.
    arrayed_ok: bool,
    /// Whether the decoration is on a struct member.
    member: bool,
    /// The member index (for struct members).
    member_index: u32,
}

/// Whether the type is checked where the built-in is used rather than where it is declared
/// (as spirv-val does for struct members and for the built-ins that may be per-vertex or
/// per-primitive arrays depending on the execution model).
fn type_checked_at_use(spec: &Spec, member: bool) -> bool {
    use spirvkit_grammar::BuiltIn as B;
    member
        || matches!(
            spec.builtin,
            B::Position
                | B::PointSize
                | B::ClipDistance
                | B::CullDistance
                | B::Layer
                | B::ViewportIndex
                | B::PrimitiveId
                | B::CullPrimitiveEXT
                | B::PrimitiveShadingRateKHR
        )
}

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    let mut carried: HashMap<u32, Vec<Carried>> = HashMap::new();
    let mut decos: Vec<Deco> = Vec::new();
    for &(target, index) in &st.decorations {
        let Some(inst) = st.inst(index).copied() else {
            continue;
        };
        let (member, builtin) = match inst.op() {
            Op::Decorate if st.word(&inst, 2) == Decoration::BuiltIn.0 => (None, st.word(&inst, 3)),
            Op::MemberDecorate if st.word(&inst, 3) == Decoration::BuiltIn.0 => {
                (Some(st.word(&inst, 2)), st.word(&inst, 4))
            }
            _ => continue,
        };
        let Some(spec_index) = table::SPECS.iter().position(|sp| sp.builtin.0 == builtin) else {
            continue;
        };
        let Some(spec) = table::SPECS.get(spec_index) else {
            continue;
        };
        let Some(def) = st.def(target).copied() else {
            continue;
        };
        let def_index = st.def_index(target);
        let (deco, storage) = match (member, def.op()) {
            (Some(m), Op::TypeStruct) => {
                let Some(&data_type) = ti::struct_members(st, target).get(m as usize) else {
                    continue;
                };
                let deco = Deco {
                    target,
                    data_type,
                    spec: spec_index,
                    arrayed_ok: false,
                    member: true,
                    member_index: m,
                };
                (deco, None)
            }
            (None, Op::Variable) => {
                let Some(data_type) = ti::pointee(st, def.result_type) else {
                    continue;
                };
                let storage = st.word(&def, 3);
                storage_class(s, def_index, spec, storage, target);
                if spec.needs_patch && !ti::has_decoration(st, target, Decoration::Patch) {
                    let name = builtin_name(spec);
                    s.err(
                        "builtin.patch",
                        def_index,
                        format!("BuiltIn {name} variable needs to also have a Patch decoration."),
                        &[target],
                    );
                }
                let deco = Deco {
                    target,
                    data_type,
                    spec: spec_index,
                    arrayed_ok: !spec.no_array,
                    member: false,
                    member_index: 0,
                };
                (deco, Some(storage))
            }
            (None, op) if crate::state::is_constant_op(op) => {
                // WorkgroupSize: a constant, so it has a type but no storage class.
                let deco = Deco {
                    target,
                    data_type: def.result_type,
                    spec: spec_index,
                    arrayed_ok: false,
                    member: false,
                    member_index: 0,
                };
                (deco, None)
            }
            _ => continue,
        };
        if spec.forbidden {
            let name = builtin_name(spec);
            s.err(
                "builtin.forbidden",
                def_index,
                format!("Vulkan spec doesn't allow BuiltIn {name} to be used."),
                &[target],
            );
        }
        if !type_checked_at_use(spec, member.is_some()) && !deco_has_type(st, &deco) {
            type_error(s, def_index, spec, target);
        }
        let c = Carried {
            spec: spec_index,
            storage,
            deco: decos.len(),
        };
        decos.push(deco);
        carry(&mut carried, target, c);
    }
    mesh_output_modes(s);
    if carried.is_empty() {
        return;
    }
    propagate_module_scope(s, &mut carried);
    check_function_references(s, &carried, &decos);
}

/// Mesh entry points declare the output primitive mode of the primitive-index built-in
/// variables their interface lists.
fn mesh_output_modes(s: &mut Sink<'_, '_>) {
    use spirvkit_grammar::ExecutionModel as M;
    let st = s.st;
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        let model = st.word(&inst, 1);
        if model != M::MeshEXT.0 && model != M::MeshNV.0 {
            continue;
        }
        let function = st.word(&inst, 2);
        for i in 3..usize::from(inst.ops_len) {
            let var = st.operand_word(&inst, i);
            for spec in table::SPECS {
                let Some(mode) = spec.mesh_output_mode else {
                    continue;
                };
                let decorated = st.decorations_of(var).any(|d| {
                    d.op() == Op::Decorate
                        && st.word(d, 2) == Decoration::BuiltIn.0
                        && st.word(d, 3) == spec.builtin.0
                });
                if !decorated || has_mode(st, function, mode.0) {
                    continue;
                }
                let name = builtin_name(spec);
                let mode_name = execution_mode_name(mode.0);
                s.err(
                    "builtin.execution_mode",
                    st.def_index(var),
                    format!(
                        "The {name} decoration must be used with the {mode_name} Execution Mode."
                    ),
                    &[var, function],
                );
            }
        }
    }
}

/// The decoration's data type is the built-in's type (or, for a variable, an array of it).
fn deco_has_type(st: &State<'_>, deco: &Deco) -> bool {
    let Some(spec) = table::SPECS.get(deco.spec) else {
        return true;
    };
    if has_type(st, deco.data_type, spec.ty) {
        return true;
    }
    // A bool scalar is a CullPrimitiveEXT block member (the block is the per-primitive array).
    if deco.member && spec.ty == Ty::BoolArray && has_type(st, deco.data_type, Ty::Bool) {
        return true;
    }
    deco.arrayed_ok
        && ti::type_op(st, deco.data_type) == Some(Op::TypeArray)
        && ti::element_type(st, deco.data_type).is_some_and(|e| has_type(st, e, spec.ty))
}

fn carry(map: &mut HashMap<u32, Vec<Carried>>, id: u32, c: Carried) {
    let list = map.entry(id).or_default();
    if !list.contains(&c) {
        list.push(c);
    }
}

fn model_name(model: u32) -> String {
    OperandKind::ExecutionModel
        .desc()
        .enumerant(model)
        .map_or_else(|| model.to_string(), |e| e.name.to_string())
}

fn builtin_name(spec: &Spec) -> &'static str {
    OperandKind::BuiltIn
        .desc()
        .enumerant(spec.builtin.0)
        .map_or("", |e| e.name)
}

fn type_error(s: &mut Sink<'_, '_>, index: u32, spec: &Spec, id: u32) {
    let name = builtin_name(spec);
    s.err(
        "builtin.type",
        index,
        format!(
            "According to the Vulkan spec BuiltIn {name} variable needs to be {}.",
            spec.ty.describe()
        ),
        &[id],
    );
}

fn storage_class(s: &mut Sink<'_, '_>, index: u32, spec: &Spec, storage: u32, id: u32) {
    let ok = match spec.storage {
        Storage::Input => storage == SC::Input.0,
        Storage::Output => storage == SC::Output.0,
        Storage::InputOrOutput => storage == SC::Input.0 || storage == SC::Output.0,
        Storage::Any => true,
    };
    if !ok {
        let name = builtin_name(spec);
        s.err(
            "builtin.storage_class",
            index,
            format!(
                "Vulkan spec allows BuiltIn {name} to be only used for variables with {} storage class. Found storage class {}.",
                match spec.storage {
                    Storage::Input => "Input",
                    Storage::Output => "Output",
                    _ => "Input or Output",
                },
                ti::storage_class_name(storage)
            ),
            &[id],
        );
    }
}

/// Whether `ty` is the built-in type `want`.
fn has_type(st: &State<'_>, ty: u32, want: Ty) -> bool {
    let sh = ti::shape(st, ty);
    let is = |kind: ScalarKind, count: u32, vector: bool| {
        sh.is_some_and(|sh| {
            sh.kind == kind
                && sh.count == count
                && (kind == ScalarKind::Bool || sh.width == 32)
                && ti::is_vector(st, ty) == vector
        })
    };
    match want {
        Ty::F32 => is(ScalarKind::Float, 1, false),
        Ty::F32Vec(n) => is(ScalarKind::Float, n, true),
        Ty::I32 => is(ScalarKind::Int, 1, false),
        Ty::I32Vec(n) => is(ScalarKind::Int, n, true),
        Ty::Int => {
            sh.is_some_and(|sh| sh.kind == ScalarKind::Int && sh.count == 1)
                && !ti::is_vector(st, ty)
        }
        Ty::Bool => is(ScalarKind::Bool, 1, false),
        Ty::F32Array(_) | Ty::I32Array if ti::type_op(st, ty) == Some(Op::TypeArray) => {
            let element = ti::element_type(st, ty).unwrap_or(0);
            let (scalar, required_length) = match want {
                Ty::F32Array(n) => (Ty::F32, n),
                _ => (Ty::I32, None),
            };
            let length_ok = required_length.is_none_or(|n| {
                let length = ti::type_inst(st, ty).map_or(0, |d| st.word(d, 3));
                // Spec-constant lengths are not judged.
                ti::const_uint(st, length).is_none_or(|l| l == n)
            });
            has_type(st, element, scalar) && length_ok
        }
        Ty::F32Array(_) | Ty::I32Array => false,
        Ty::I32VecArray(n) => {
            ti::type_op(st, ty) == Some(Op::TypeArray)
                && ti::element_type(st, ty).is_some_and(|e| has_type(st, e, Ty::I32Vec(n)))
        }
        Ty::BoolArray => {
            ti::type_op(st, ty) == Some(Op::TypeArray)
                && ti::element_type(st, ty).is_some_and(|e| has_type(st, e, Ty::Bool))
        }
        Ty::F32Mat(columns, rows) => {
            ti::type_op(st, ty) == Some(Op::TypeMatrix)
                && ti::type_inst(st, ty).is_some_and(|d| st.word(d, 3) == columns)
                && ti::element_type(st, ty).is_some_and(|c| has_type(st, c, Ty::F32Vec(rows)))
        }
    }
}

/// Module-scope instructions that use an id carrying a built-in carry it too (arrays of a
/// built-in block, pointers to them, variables of those); pointer types and variables among
/// them are checked for their storage class.
fn propagate_module_scope(s: &mut Sink<'_, '_>, carried: &mut HashMap<u32, Vec<Carried>>) {
    let st = s.st;
    for (index, inst) in st.insts.iter().enumerate() {
        if inst.func != NONE || inst.result_id == 0 {
            continue;
        }
        let mut inherited: Vec<Carried> = Vec::new();
        for id in id_operands(st, inst) {
            if id == inst.result_id {
                continue;
            }
            if let Some(list) = carried.get(&id) {
                inherited.extend(list.iter().copied());
            }
        }
        if inherited.is_empty() {
            continue;
        }
        let storage = match inst.op() {
            Op::TypePointer => Some(st.word(inst, 2)),
            Op::Variable => Some(st.word(inst, 3)),
            _ => None,
        };
        for c in inherited {
            let Some(spec) = table::SPECS.get(c.spec) else {
                continue;
            };
            if let Some(sc) = storage {
                storage_class(s, index as u32, spec, sc, inst.result_id);
            }
            let inherited = Carried {
                storage: storage.or(c.storage),
                ..c
            };
            carry(carried, inst.result_id, inherited);
        }
    }
}

/// Ids an instruction uses (its result type included, as spirv-val counts it).
fn id_operands<'a>(
    st: &'a State<'_>,
    inst: &'a crate::state::Inst,
) -> impl Iterator<Item = u32> + 'a {
    st.ops(inst)
        .iter()
        .filter(|o| o.kind.category() == Category::Id && o.kind != OperandKind::IdResult)
        .map(move |o| st.word(inst, usize::from(o.offset)))
}

/// The entry points (execution model, entry function) whose call tree reaches each function.
fn function_models(st: &State<'_>) -> Vec<Vec<(u32, u32)>> {
    crate::functions::entry_points_reaching(st)
        .into_iter()
        .map(|eps| {
            let mut models: Vec<(u32, u32)> = eps
                .iter()
                .filter_map(|&ep| st.inst(ep).map(|i| (st.word(i, 1), st.word(i, 2))))
                .collect();
            models.sort_unstable();
            models.dedup();
            models
        })
        .collect()
}

/// Whether entry function `function` declares execution mode `mode`.
fn has_mode(st: &State<'_>, function: u32, mode: u32) -> bool {
    st.execution_modes
        .iter()
        .filter_map(|&i| st.inst(i))
        .any(|m| st.word(m, 1) == function && st.word(m, 2) == mode)
}

/// In-function uses of built-ins: the execution models reaching the function may use them.
fn check_function_references(
    s: &mut Sink<'_, '_>,
    carried: &HashMap<u32, Vec<Carried>>,
    decos: &[Deco],
) {
    let st = s.st;
    let mut type_checked = vec![false; decos.len()];
    let models = function_models(st);
    let mut reported: std::collections::HashSet<(u32, usize, u32)> = Default::default();
    // (id, built-in, entry function) already reported for a missing execution mode.
    let mut reported_modes: std::collections::HashSet<(u32, usize, u32)> = Default::default();
    // Decorations already judged as MeshEXT per-primitive variables.
    let mut reported_mesh: std::collections::HashSet<(u32, u32)> = Default::default();
    for (index, inst) in st.insts.iter().enumerate() {
        if inst.func == NONE {
            continue;
        }
        let Some(function_models) = models.get(inst.func as usize) else {
            continue;
        };
        if function_models.is_empty() {
            continue;
        }
        for id in id_operands(st, inst) {
            let Some(list) = carried.get(&id) else {
                continue;
            };
            for c in list {
                let Some(spec) = table::SPECS.get(c.spec) else {
                    continue;
                };
                if let (Some(deco), Some(done)) = (decos.get(c.deco), type_checked.get_mut(c.deco))
                {
                    let deferred = type_checked_at_use(spec, deco.member);
                    if deferred && !*done {
                        *done = true;
                        if !deco_has_type(st, deco) {
                            type_error(s, index as u32, spec, deco.target);
                        }
                    }
                }
                for &(model, function) in function_models {
                    if spec.per_primitive && model == ExecutionModel::MeshEXT.0 {
                        if let Some(deco) = decos.get(c.deco) {
                            per_primitive(s, index as u32, spec, deco, &mut reported_mesh);
                        }
                    }
                    let message = model_misuse(spec, c.storage, model);
                    if let Some(message) = message {
                        if reported.insert((id, c.spec, model)) {
                            s.err("builtin.execution_model", index as u32, message, &[id]);
                        }
                    }
                    if let Some(mode) = spec.needs_mode {
                        if !has_mode(st, function, mode.0)
                            && reported_modes.insert((id, c.spec, function))
                        {
                            let name = builtin_name(spec);
                            let mode_name = execution_mode_name(mode.0);
                            s.err(
                                "builtin.execution_mode",
                                index as u32,
                                format!("Vulkan spec requires {mode_name} execution mode to be declared when using BuiltIn {name}."),
                                &[id, function],
                            );
                        }
                    }
                }
            }
        }
    }
}

/// A per-primitive built-in variable used in a MeshEXT entry point: decorated PerPrimitiveEXT
/// and an array of the built-in's type; a block member's struct has a PerPrimitiveEXT member.
fn per_primitive(
    s: &mut Sink<'_, '_>,
    index: u32,
    spec: &Spec,
    deco: &Deco,
    reported: &mut std::collections::HashSet<(u32, u32)>,
) {
    let st = s.st;
    let key = (deco.target, deco.member_index);
    if !(deco.member || deco.arrayed_ok) || !reported.insert(key) {
        return;
    }
    let name = builtin_name(spec);
    // spirv-val 2025.5 is content with PerPrimitiveEXT on any member of the block.
    let decorated = if deco.member {
        ti::has_member_decoration(st, deco.target, Decoration::PerPrimitiveEXT)
    } else {
        ti::has_decoration(st, deco.target, Decoration::PerPrimitiveEXT)
    };
    if !decorated {
        s.err(
            "builtin.per_primitive",
            index,
            format!("According to the Vulkan spec the variable decorated with Builtin {name} within the MeshEXT Execution Model must also be decorated with the PerPrimitiveEXT decoration."),
            &[deco.target],
        );
    }
    let arrayed = match spec.ty {
        Ty::BoolArray => has_type(st, deco.data_type, Ty::BoolArray),
        ty => {
            ti::type_op(st, deco.data_type) == Some(Op::TypeArray)
                && ti::element_type(st, deco.data_type).is_some_and(|e| has_type(st, e, ty))
        }
    };
    if !deco.member && !arrayed {
        s.err(
            "builtin.type",
            index,
            format!("According to the Vulkan spec BuiltIn {name} variable needs to be a either a TypeInt or an array of TypeInt within the MeshEXT Execution Model."),
            &[deco.target],
        );
    }
}

fn model_misuse(spec: &Spec, storage: Option<u32>, model: u32) -> Option<String> {
    let name = builtin_name(spec);
    if !spec.models.is_empty() && !spec.models.iter().any(|m| m.0 == model) {
        return Some(format!(
            "Vulkan spec does not allow BuiltIn {name} to be used with the execution model {}.",
            model_name(model)
        ));
    }
    if spec.not_models.iter().any(|m| m.0 == model) {
        return Some(format!(
            "Vulkan spec does not allow BuiltIn {name} to be used with the execution model {}.",
            model_name(model)
        ));
    }
    for (sc, models, sc_name) in [
        (SC::Input, spec.no_input_models, "Input"),
        (SC::Output, spec.no_output_models, "Output"),
    ] {
        if storage == Some(sc.0) && models.iter().any(|m| m.0 == model) {
            return Some(format!("Vulkan spec doesn't allow BuiltIn {name} to be used for variables with {sc_name} storage class if execution model is {}.", model_name(model)));
        }
    }
    None
}

/// The grammar's name of an execution mode ("" if unknown), for messages.
fn execution_mode_name(mode: u32) -> &'static str {
    OperandKind::ExecutionMode
        .desc()
        .enumerant(mode)
        .map_or("", |e| e.name)
}
