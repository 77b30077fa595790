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

/// Execution models a mode is restricted to (None: not checked here). Mesh and task models
/// are added where mesh shaders use the mode.
fn allowed_models(mode: M) -> Option<&'static [X]> {
    const FRAG: &[X] = &[X::Fragment];
    const TESS: &[X] = &[X::TessellationControl, X::TessellationEvaluation];
    const GEOM: &[X] = &[X::Geometry];
    const GEOM_TESS: &[X] = &[
        X::Geometry,
        X::TessellationControl,
        X::TessellationEvaluation,
    ];
    const GEOM_TESS_MESH: &[X] = &[
        X::Geometry,
        X::TessellationControl,
        X::TessellationEvaluation,
        X::MeshNV,
        X::MeshEXT,
    ];
    const GEOM_MESH: &[X] = &[X::Geometry, X::MeshNV, X::MeshEXT];
    const KERNEL: &[X] = &[X::Kernel];
    const COMPUTE: &[X] = &[
        X::Kernel,
        X::GLCompute,
        X::TaskNV,
        X::MeshNV,
        X::TaskEXT,
        X::MeshEXT,
    ];
    Some(match mode {
        M::OriginUpperLeft
        | M::OriginLowerLeft
        | M::PixelCenterInteger
        | M::EarlyFragmentTests
        | M::DepthReplacing
        | M::DepthGreater
        | M::DepthLess
        | M::DepthUnchanged => FRAG,
        M::SpacingEqual
        | M::SpacingFractionalEven
        | M::SpacingFractionalOdd
        | M::VertexOrderCw
        | M::VertexOrderCcw
        | M::PointMode
        | M::Quads
        | M::Isolines => TESS,
        M::Invocations
        | M::InputPoints
        | M::InputLines
        | M::InputLinesAdjacency
        | M::InputTrianglesAdjacency
        | M::OutputTriangleStrip => GEOM,
        M::OutputLineStrip | M::OutputPoints => GEOM_MESH,
        M::Triangles => GEOM_TESS,
        M::OutputVertices => GEOM_TESS_MESH,
        M::LocalSizeHint | M::VecTypeHint | M::ContractionOff | M::Initializer | M::Finalizer => {
            KERNEL
        }
        M::LocalSize | M::LocalSizeId => COMPUTE,
        _ => return None,
    })
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
                let has_params = func_index
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
        if let Some(allowed) = allowed_models(M(mode)) {
            if !models.iter().any(|m| allowed.contains(&X(*m))) {
                errors.push((
                    "entry.execution_mode",
                    em,
                    format!("Execution mode {mode} is not allowed for the execution model of entry point {}", st.id_name(fid)),
                    vec![fid],
                ));
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
        let count = |set: &[M]| modes.iter().filter(|m| set.contains(&M(**m))).count();
        if model == X::Fragment {
            let origins = count(&[M::OriginUpperLeft, M::OriginLowerLeft]);
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
            if count(&[M::DepthGreater, M::DepthLess, M::DepthUnchanged]) > 1 {
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
            if count(&[
                M::SpacingEqual,
                M::SpacingFractionalEven,
                M::SpacingFractionalOdd,
            ]) > 1
            {
                errors.push(("entry.execution_mode", ep, "Tessellation execution model entry points can specify at most one of SpacingEqual, SpacingFractionalOdd or SpacingFractionalEven execution modes.".into(), vec![fid]));
            }
            if count(&[M::Triangles, M::Quads, M::Isolines]) > 1 {
                errors.push(("entry.execution_mode", ep, "Tessellation execution model entry points can specify at most one of Triangles, Quads or Isolines execution modes.".into(), vec![fid]));
            }
            if count(&[M::VertexOrderCw, M::VertexOrderCcw]) > 1 {
                errors.push(("entry.execution_mode", ep, "Tessellation execution model entry points can specify at most one of VertexOrderCw or VertexOrderCcw execution modes.".into(), vec![fid]));
            }
        }
        if model == X::Geometry {
            let inputs = count(&[
                M::InputPoints,
                M::InputLines,
                M::InputLinesAdjacency,
                M::Triangles,
                M::InputTrianglesAdjacency,
            ]);
            if inputs != 1 {
                errors.push(("entry.execution_mode", ep, "Geometry execution model entry points must specify exactly one of InputPoints, InputLines, InputLinesAdjacency, Triangles or InputTrianglesAdjacency execution modes.".into(), vec![fid]));
            }
            let outputs = count(&[M::OutputPoints, M::OutputLineStrip, M::OutputTriangleStrip]);
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
    let used: Vec<Vec<u32>> = st
        .functions
        .par_iter()
        .map(|f| {
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
        })
        .collect();
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
