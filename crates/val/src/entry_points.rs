//! Entry points and execution modes: the entry point is a function returning void (without
//! parameters unless Kernel), names are unique per execution model, interfaces are global
//! variables listed once, and (SPIR-V 1.4+: every global variable, before: Input/Output)
//! every variable statically used by the entry point's call tree is listed. Execution modes
//! name an entry point and suit its execution model.

use crate::functions::call_graph;
use crate::state::{State, NONE};
use rayon::prelude::*;
use spirvkit_grammar::{
    Capability, ExecutionMode as M, ExecutionModel as X, MemoryModel, Op, OperandKind, StorageClass,
};
use std::collections::{HashMap, HashSet};

fn is_interface_storage(version: u32, sc: u32) -> bool {
    if version >= 0x0001_0400 {
        sc != StorageClass::Function.0
    } else {
        sc == StorageClass::Input.0 || sc == StorageClass::Output.0
    }
}

/// Which execution models may use a mode (spirv-val 2025.5's table; modes not listed are not
/// restricted here). Mesh and task models count only when their capability is declared.
/// Returns the rule's wording of the allowed models, or None when the mode is unrestricted.
/// Does the module allow execution model X for the mode?
type ModelFilter = fn(&State<'_>, X) -> bool;

fn mode_models(st: &State<'_>, mode: M) -> Option<(ModelFilter, &'static str)> {
    fn mesh_nv(st: &State<'_>) -> bool {
        st.has_capability(Capability::MeshShadingNV)
    }
    fn mesh_ext(st: &State<'_>) -> bool {
        st.has_capability(Capability::MeshShadingEXT)
    }
    let any_mesh = mesh_nv(st) || mesh_ext(st);
    Some(match mode {
        M::Invocations
        | M::InputPoints
        | M::InputLines
        | M::InputLinesAdjacency
        | M::InputTrianglesAdjacency
        | M::OutputLineStrip
        | M::OutputTriangleStrip => (|_, x| x == X::Geometry, "the Geometry"),
        M::OutputPoints => (
            |st, x| match x {
                X::Geometry => true,
                X::MeshNV => mesh_nv(st),
                X::MeshEXT => mesh_ext(st),
                _ => false,
            },
            if any_mesh {
                "the Geometry MeshNV or MeshEXT"
            } else {
                "the Geometry"
            },
        ),
        M::SpacingEqual
        | M::SpacingFractionalEven
        | M::SpacingFractionalOdd
        | M::VertexOrderCw
        | M::VertexOrderCcw
        | M::PointMode
        | M::Quads
        | M::Isolines => (
            |_, x| matches!(x, X::TessellationControl | X::TessellationEvaluation),
            "a tessellation",
        ),
        M::Triangles => (
            |_, x| {
                matches!(
                    x,
                    X::Geometry | X::TessellationControl | X::TessellationEvaluation
                )
            },
            "a Geometry or tessellation",
        ),
        M::OutputVertices => (
            |st, x| match x {
                X::Geometry | X::TessellationControl | X::TessellationEvaluation => true,
                X::MeshNV => mesh_nv(st),
                X::MeshEXT => mesh_ext(st),
                _ => false,
            },
            if any_mesh {
                "a Geometry, tessellation, MeshNV or MeshEXT"
            } else {
                "a Geometry or tessellation"
            },
        ),
        M::OutputLinesEXT | M::OutputTrianglesEXT | M::OutputPrimitivesEXT => (
            |_, x| matches!(x, X::MeshEXT | X::MeshNV),
            "the MeshEXT or MeshNV",
        ),
        M::QuadDerivativesKHR => (
            |_, x| matches!(x, X::Fragment | X::GLCompute),
            "the Fragment or GLCompute",
        ),
        M::PixelCenterInteger
        | M::OriginUpperLeft
        | M::OriginLowerLeft
        | M::EarlyFragmentTests
        | M::DepthReplacing
        | M::DepthGreater
        | M::DepthLess
        | M::DepthUnchanged
        | M::NonCoherentColorAttachmentReadEXT
        | M::NonCoherentDepthAttachmentReadEXT
        | M::NonCoherentStencilAttachmentReadEXT
        | M::PixelInterlockOrderedEXT
        | M::PixelInterlockUnorderedEXT
        | M::SampleInterlockOrderedEXT
        | M::SampleInterlockUnorderedEXT
        | M::ShadingRateInterlockOrderedEXT
        | M::ShadingRateInterlockUnorderedEXT
        | M::EarlyAndLateFragmentTestsAMD
        | M::StencilRefUnchangedFrontAMD
        | M::StencilRefGreaterFrontAMD
        | M::StencilRefLessFrontAMD
        | M::StencilRefUnchangedBackAMD
        | M::StencilRefGreaterBackAMD
        | M::StencilRefLessBackAMD
        | M::RequireFullQuadsKHR => (|_, x| x == X::Fragment, "the Fragment"),
        M::LocalSizeHint | M::VecTypeHint | M::ContractionOff | M::LocalSizeHintId => {
            (|_, x| x == X::Kernel, "the Kernel")
        }
        M::LocalSize | M::LocalSizeId => (
            |st, x| match x {
                X::Kernel | X::GLCompute => true,
                X::TaskNV | X::MeshNV => mesh_nv(st),
                X::TaskEXT | X::MeshEXT => mesh_ext(st),
                _ => false,
            },
            if any_mesh {
                "a Kernel, GLCompute, MeshNV, MeshEXT, TaskNV or TaskEXT"
            } else {
                "a Kernel or GLCompute"
            },
        ),
        _ => return None,
    })
}

/// Modes whose extra operands are ids: only these go with OpExecutionModeId (and never with
/// OpExecutionMode).
fn takes_id_operands(mode: M) -> bool {
    matches!(
        mode,
        M::SubgroupsPerWorkgroupId
            | M::LocalSizeHintId
            | M::LocalSizeId
            | M::FPFastMathDefault
            | M::MaximumRegistersIdINTEL
    )
}

pub fn check(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let mut errors: Vec<(&'static str, u32, String, Vec<u32>)> = Vec::new();
    let func_index: HashMap<u32, u32> = st
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.id, i as u32))
        .collect();
    let mut names: HashSet<(u32, String)> = HashSet::new();
    // function id -> models of the entry points on it
    let mut models_of: HashMap<u32, Vec<u32>> = HashMap::new();
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        let model = st.operand_word(&inst, 0);
        let fid = st.operand_word(&inst, 1);
        models_of.entry(fid).or_default().push(model);
        let name = st.string(&inst, 2);
        if !names.insert((model, name.clone())) {
            errors.push((
                "entry.duplicate",
                ep,
                format!("2 Entry points cannot share the same name and ExecutionMode ('{name}')."),
                vec![fid],
            ));
        }
        match st.def(fid).copied() {
            Some(f) if f.op() == Op::Function => {
                if st.def_op(f.result_type) != Some(Op::TypeVoid) {
                    errors.push((
                        "entry.function",
                        ep,
                        format!(
                            "OpEntryPoint Entry Point {}'s function return type is not void.",
                            st.id_name(fid)
                        ),
                        vec![fid],
                    ));
                }
                // spirv-val counts the parameters of the function's type (a function may
                // declare fewer OpFunctionParameters than its type).
                let type_params = st
                    .def(st.word(&f, 4))
                    .is_some_and(|t| t.op() == Op::TypeFunction && st.inst_words(t).len() > 3);
                let has_params = type_params
                    || func_index
                        .get(&fid)
                        .and_then(|&i| st.functions.get(i as usize))
                        .is_some_and(|func| !func.params.is_empty());
                if has_params && !st.has_capability(Capability::Kernel) {
                    errors.push((
                        "entry.function",
                        ep,
                        format!(
                            "OpEntryPoint Entry Point {}'s function parameter count is not zero.",
                            st.id_name(fid)
                        ),
                        vec![fid],
                    ));
                }
            }
            Some(_) => errors.push((
                "entry.function",
                ep,
                format!(
                    "OpEntryPoint Entry Point {} is not a function.",
                    st.id_name(fid)
                ),
                vec![fid],
            )),
            None => {}
        }
        // Interface operands.
        let mut seen = HashSet::new();
        for i in 3..usize::from(inst.ops_len) {
            let id = st.operand_word(&inst, i);
            let Some(var) = st.def(id).copied() else {
                continue;
            };
            if !matches!(var.op(), Op::Variable | Op::UntypedVariableKHR) {
                errors.push((
                    "entry.interface",
                    ep,
                    format!(
                        "Interfaces passed to OpEntryPoint must be variables. Found Op{}.",
                        var.desc().map_or("?", |d| &d.opname[2..])
                    ),
                    vec![id],
                ));
                continue;
            }
            let sc = st.operand_word(&var, 2);
            if var.op() == Op::Variable && !is_interface_storage(st.version, sc) {
                let msg = if st.version >= 0x0001_0400 {
                    "OpEntryPoint interfaces should only list global variables"
                } else {
                    "OpEntryPoint interfaces must be OpVariables with Storage Class of Input(1) or Output(3)."
                };
                errors.push(("entry.interface", ep, msg.into(), vec![id]));
            }
            if st.version >= 0x0001_0400 && !seen.insert(id) {
                errors.push((
                    "entry.interface",
                    ep,
                    format!(
                        "Non-unique OpEntryPoint interface {} is disallowed",
                        st.id_name(id)
                    ),
                    vec![id],
                ));
            }
        }
    }
    check_interfaces(st, &func_index, &mut errors);
    check_not_called(st, &mut errors);
    if st.entry_points.is_empty() && !st.has_capability(Capability::Linkage) {
        let graph = OperandKind::Capability
            .desc()
            .enumerant_by_name("GraphARM")
            .map(|e| e.value);
        if !graph.is_some_and(|g| st.capabilities.contains(&g)) {
            errors.push((
                "entry.missing",
                u32::MAX,
                "No OpEntryPoint instruction was found. This is only allowed if the Linkage or GraphARM capability is being used."
                    .into(),
                vec![],
            ));
        }
    }
    // The Vulkan memory model capability goes with the Vulkan memory model.
    if st.memory_model.is_some_and(|m| m != MemoryModel::Vulkan.0)
        && st.has_capability(Capability::VulkanMemoryModel)
    {
        let at = st
            .insts
            .iter()
            .position(|i| i.op() == Op::MemoryModel)
            .unwrap_or(0) as u32;
        errors.push((
            "memory_model.vulkan",
            at,
            "VulkanMemoryModelKHR capability must only be specified if the VulkanKHR memory model is used.".into(),
            vec![],
        ));
    }
    // Execution modes.
    let mut modes_of: HashMap<u32, Vec<u32>> = HashMap::new();
    let mut seen_modes: HashSet<(u32, u32, &[u32])> = HashSet::new();
    for &em in &st.execution_modes {
        let Some(inst) = st.inst(em).copied() else {
            continue;
        };
        let fid = st.operand_word(&inst, 0);
        let mode = st.operand_word(&inst, 1);
        let Some(models) = models_of.get(&fid) else {
            errors.push((
                "entry.execution_mode",
                em,
                format!("OpExecutionMode Entry Point {} is not the Entry Point operand of an OpEntryPoint.", st.id_name(fid)),
                vec![fid],
            ));
            continue;
        };
        modes_of.entry(fid).or_default().push(mode);
        let operands = st.inst_words(&inst).get(3..).unwrap_or(&[]);
        if !seen_modes.insert((fid, mode, operands)) {
            let name = OperandKind::ExecutionMode
                .desc()
                .enumerant(mode)
                .map_or("?", |e| e.name);
            errors.push((
                "entry.execution_mode",
                em,
                format!(
                    "{name} execution mode must not be specified multiple times per entry point"
                ),
                vec![fid],
            ));
        }
        let name = OperandKind::ExecutionMode
            .desc()
            .enumerant(mode)
            .map_or("?", |e| e.name);
        // Every entry point on the function must have a model that allows the mode.
        if let Some((allowed, wording)) = mode_models(st, M(mode)) {
            if !models.iter().all(|&m| allowed(st, X(m))) {
                errors.push((
                    "entry.execution_mode",
                    em,
                    format!(
                        "Execution mode {name} can only be used with {wording} execution model."
                    ),
                    vec![fid],
                ));
            }
        }
        let is_id_form = inst.op() == Op::ExecutionModeId;
        if is_id_form && M(mode) != M::MaximumRegistersIdINTEL && !takes_id_operands(M(mode)) {
            errors.push((
                "entry.execution_mode",
                em,
                "OpExecutionModeId is only valid when the Mode operand is an execution mode that takes Extra Operands that are id operands.".into(),
                vec![fid],
            ));
        } else if !is_id_form && takes_id_operands(M(mode)) && M(mode) != M::MaximumRegistersIdINTEL
        {
            errors.push((
                "entry.execution_mode",
                em,
                "OpExecutionMode is only valid when the Mode operand is an execution mode that takes no Extra Operands, or takes Extra Operands that are not id operands.".into(),
                vec![fid],
            ));
        } else if is_id_form
            && matches!(
                M(mode),
                M::SubgroupsPerWorkgroupId | M::LocalSizeHintId | M::LocalSizeId
            )
        {
            for &operand in operands {
                if !st.def_op(operand).is_some_and(crate::state::is_constant_op) {
                    errors.push((
                        "entry.execution_mode",
                        em,
                        "For OpExecutionModeId all Extra Operand ids must be constant instructions.".into(),
                        vec![operand],
                    ));
                    break;
                }
            }
        }
    }
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep).copied() else {
            continue;
        };
        let model = X(st.operand_word(&inst, 0));
        let fid = st.operand_word(&inst, 1);
        let modes = modes_of.get(&fid).map(Vec::as_slice).unwrap_or(&[]);
        // spirv-val keeps an entry point's modes as a set: repeats count once.
        let distinct = |set: &[M]| set.iter().filter(|m| modes.contains(&m.0)).count();
        if model == X::Fragment {
            let origins = distinct(&[M::OriginUpperLeft, M::OriginLowerLeft]);
            if origins == 0 {
                errors.push((
                    "entry.execution_mode",
                    ep,
                    "Fragment execution model entry points require either an OriginUpperLeft or OriginLowerLeft execution mode."
                        .into(),
                    vec![fid],
                ));
            } else if origins > 1 {
                errors.push((
                    "entry.execution_mode",
                    ep,
                    "Fragment execution model entry points can only specify one of OriginUpperLeft or OriginLowerLeft execution modes."
                        .into(),
                    vec![fid],
                ));
            }
            for (set, what) in [
                (
                    &[
                        M::PixelInterlockOrderedEXT,
                        M::PixelInterlockUnorderedEXT,
                        M::SampleInterlockOrderedEXT,
                        M::SampleInterlockUnorderedEXT,
                        M::ShadingRateInterlockOrderedEXT,
                        M::ShadingRateInterlockUnorderedEXT,
                    ][..],
                    "one fragment shader interlock execution mode",
                ),
                (
                    &[
                        M::StencilRefUnchangedFrontAMD,
                        M::StencilRefLessFrontAMD,
                        M::StencilRefGreaterFrontAMD,
                    ][..],
                    "one of StencilRefUnchangedFrontAMD, StencilRefLessFrontAMD or StencilRefGreaterFrontAMD execution modes",
                ),
                (
                    &[
                        M::StencilRefUnchangedBackAMD,
                        M::StencilRefLessBackAMD,
                        M::StencilRefGreaterBackAMD,
                    ][..],
                    "one of StencilRefUnchangedBackAMD, StencilRefLessBackAMD or StencilRefGreaterBackAMD execution modes",
                ),
            ] {
                if distinct(set) > 1 {
                    errors.push((
                        "entry.execution_mode",
                        ep,
                        format!("Fragment execution model entry points can specify at most {what}."),
                        vec![fid],
                    ));
                }
            }
            if distinct(&[M::DepthGreater, M::DepthLess, M::DepthUnchanged]) > 1 {
                errors.push((
                    "entry.execution_mode",
                    ep,
                    "Fragment execution model entry points can specify at most one of DepthGreater, DepthLess or DepthUnchanged execution modes."
                        .into(),
                    vec![fid],
                ));
            }
        }
        if matches!(model, X::TessellationControl | X::TessellationEvaluation) {
            if distinct(&[
                M::SpacingEqual,
                M::SpacingFractionalEven,
                M::SpacingFractionalOdd,
            ]) > 1
            {
                errors.push(("entry.execution_mode", ep, "Tessellation execution model entry points can specify at most one of SpacingEqual, SpacingFractionalOdd or SpacingFractionalEven execution modes.".into(), vec![fid]));
            }
            if distinct(&[M::Triangles, M::Quads, M::Isolines]) > 1 {
                errors.push(("entry.execution_mode", ep, "Tessellation execution model entry points can specify at most one of Triangles, Quads or Isolines execution modes.".into(), vec![fid]));
            }
            if distinct(&[M::VertexOrderCw, M::VertexOrderCcw]) > 1 {
                errors.push(("entry.execution_mode", ep, "Tessellation execution model entry points can specify at most one of VertexOrderCw or VertexOrderCcw execution modes.".into(), vec![fid]));
            }
        }
        if model == X::MeshEXT && st.has_capability(Capability::Shader) {
            if distinct(&[M::OutputPoints, M::OutputLinesEXT, M::OutputTrianglesEXT]) != 1 {
                errors.push(("entry.execution_mode", ep, "MeshEXT execution model entry points must specify exactly one of OutputPoints, OutputLinesEXT, or OutputTrianglesEXT Execution Modes.".into(), vec![fid]));
            } else if distinct(&[M::OutputPrimitivesEXT, M::OutputVertices]) != 2 {
                errors.push(("entry.execution_mode", ep, "MeshEXT execution model entry points must specify both OutputPrimitivesEXT and OutputVertices Execution Modes.".into(), vec![fid]));
            }
        }
        if distinct(&[M::FPFastMathDefault]) == 1 {
            for (other, name) in [
                (M::ContractionOff, "ContractionOff"),
                (M::SignedZeroInfNanPreserve, "SignedZeroInfNanPreserve"),
            ] {
                if distinct(&[other]) == 1 {
                    errors.push((
                        "entry.execution_mode",
                        ep,
                        format!("FPFastMathDefault and {name} execution modes cannot be applied to the same entry point"),
                        vec![fid],
                    ));
                }
            }
        }
        if model == X::Geometry {
            let inputs = distinct(&[
                M::InputPoints,
                M::InputLines,
                M::InputLinesAdjacency,
                M::Triangles,
                M::InputTrianglesAdjacency,
            ]);
            if inputs != 1 {
                errors.push(("entry.execution_mode", ep, "Geometry execution model entry points must specify exactly one of InputPoints, InputLines, InputLinesAdjacency, Triangles or InputTrianglesAdjacency execution modes.".into(), vec![fid]));
            }
            let outputs = distinct(&[M::OutputPoints, M::OutputLineStrip, M::OutputTriangleStrip]);
            if outputs != 1 {
                errors.push(("entry.execution_mode", ep, "Geometry execution model entry points must specify exactly one of OutputPoints, OutputLineStrip or OutputTriangleStrip execution modes.".into(), vec![fid]));
            }
        }
    }
    errors
        .into_iter()
        .map(|e| st.diag_at(e.0, e.1, e.2).with_ids(e.3))
        .collect()
}

/// Spec 2.16.1: no function is both an entry point and the callee of an OpFunctionCall.
fn check_not_called(st: &State<'_>, errors: &mut Vec<(&'static str, u32, String, Vec<u32>)>) {
    if st.entry_points.is_empty() {
        return;
    }
    let called: HashSet<u32> = st
        .insts
        .iter()
        .filter(|i| i.op() == Op::FunctionCall)
        .map(|i| st.word(i, 3))
        .collect();
    let mut reported = HashSet::new();
    for &ep in &st.entry_points {
        let Some(inst) = st.inst(ep) else { continue };
        let fid = st.operand_word(inst, 1);
        if called.contains(&fid) && reported.insert(fid) {
            errors.push((
                "entry.called",
                st.def_index(fid),
                format!(
                    "A function ({}) may not be targeted by both an OpEntryPoint instruction and an OpFunctionCall instruction.",
                    st.id_name(fid)
                ),
                vec![fid],
            ));
        }
    }
}

/// Every interface variable statically used by an entry point's call tree is listed.
fn check_interfaces(
    st: &State<'_>,
    func_index: &HashMap<u32, u32>,
    errors: &mut Vec<(&'static str, u32, String, Vec<u32>)>,
) {
    if st.entry_points.is_empty() {
        return;
    }
    let graph = call_graph(st);
    // Interface variables used directly by each function.
    let direct_uses = |f: &crate::state::Function| {
        let end = if f.end == NONE {
            st.insts.len() as u32
        } else {
            f.end
        };
        let mut vars = Vec::new();
        for i in f.inst..end {
            let Some(inst) = st.inst(i) else { break };
            for o in st.ops(inst) {
                if o.kind.category() != spirvkit_grammar::Category::Id {
                    continue;
                }
                let id = st.word(inst, usize::from(o.offset));
                if let Some(d) = st.def(id) {
                    if d.op() == Op::Variable
                        && d.func == NONE
                        && is_interface_storage(st.version, st.operand_word(d, 2))
                    {
                        vars.push(id);
                    }
                }
            }
        }
        vars.sort_unstable();
        vars.dedup();
        vars
    };
    // Only functions some entry point's call tree reaches are scanned (a library of exported
    // functions beside one kernel would otherwise be read whole for nothing).
    let reachable = reached_by_entry_points(st, func_index, &graph);
    let uses_if_reached = |(f, reached): (&crate::state::Function, &bool)| {
        if *reached {
            direct_uses(f)
        } else {
            Vec::new()
        }
    };
    let used: Vec<Vec<u32>> = if st.parallel() {
        st.functions
            .par_iter()
            .zip(reachable.par_iter())
            .map(uses_if_reached)
            .collect()
    } else {
        st.functions
            .iter()
            .zip(reachable.iter())
            .map(uses_if_reached)
            .collect()
    };
    let mut reported: HashSet<(u32, u32)> = HashSet::new();
    // One visited stamp array for all entry points: linear in the call trees walked.
    let mut stamp = vec![0u32; st.functions.len()];
    let mut generation = 0u32;
    for &ep in &st.entry_points {
        generation += 1;
        let Some(inst) = st.inst(ep) else { continue };
        let fid = st.operand_word(inst, 1);
        let Some(&root) = func_index.get(&fid) else {
            continue;
        };
        let listed: HashSet<u32> = (3..usize::from(inst.ops_len))
            .map(|i| st.operand_word(inst, i))
            .collect();
        let name = st.string(inst, 2);
        let mut stack = vec![root];
        while let Some(f) = stack.pop() {
            let Some(v) = stamp.get_mut(f as usize) else {
                continue;
            };
            if *v == generation {
                continue;
            }
            *v = generation;
            for &var in used.get(f as usize).map(Vec::as_slice).unwrap_or(&[]) {
                if !listed.contains(&var) && reported.insert((ep, var)) {
                    errors.push((
                        "entry.interface_missing",
                        st.def_index(var),
                        format!(
                            "Interface variable id <{var}> is used by entry point '{name}' id <{fid}>, but is not listed as an interface"
                        ),
                        vec![var, fid],
                    ));
                }
            }
            stack.extend(
                graph
                    .get(f as usize)
                    .map(Vec::as_slice)
                    .unwrap_or(&[])
                    .iter()
                    .copied(),
            );
        }
    }
}

/// For every function (index into `State::functions`), whether some entry point's call tree
/// reaches it.
fn reached_by_entry_points(
    st: &State<'_>,
    func_index: &HashMap<u32, u32>,
    graph: &[Vec<u32>],
) -> Vec<bool> {
    let mut reached = vec![false; st.functions.len()];
    let mut stack: Vec<u32> = st
        .entry_points
        .iter()
        .filter_map(|&ep| st.inst(ep))
        .filter_map(|inst| func_index.get(&st.operand_word(inst, 1)).copied())
        .collect();
    while let Some(f) = stack.pop() {
        match reached.get_mut(f as usize) {
            Some(r) if !*r => *r = true,
            _ => continue,
        }
        stack.extend(graph.get(f as usize).into_iter().flatten().copied());
    }
    reached
}
