//! Execution modes per execution model (spirv-val 2025.5's table: every entry point on the
//! function must have a model allowing the mode; mesh/task models only with their capability),
//! OpExecutionMode vs OpExecutionModeId, constant operands of the id forms, and the
//! per-model "exactly one" / "at most one" / "both" mode sets. Every case was checked against
//! spirv-val (`SPIRV_VAL=/path/to/spirv-val` re-checks while testing).

mod common;
mod reference;
use common::*;
use reference::reference_verdict;

struct Case {
    name: &'static str,
    capabilities: &'static str,
    entry_points: &'static str,
    modes: &'static str,
    valid: bool,
}

const CASES: &[Case] = &[
    Case {
        name: "LocalSizeId with constants",
        capabilities: "",
        entry_points: r#"OpEntryPoint GLCompute %main "main""#,
        modes: "OpExecutionModeId %main LocalSizeId %u1 %u1 %u1",
        valid: true,
    },
    Case {
        name: "OpExecutionModeId with a mode without id operands",
        capabilities: "",
        entry_points: r#"OpEntryPoint GLCompute %main "main""#,
        modes: "OpExecutionModeId %main LocalSize 1 1 1",
        valid: false,
    },
    Case {
        name: "LocalSizeId with a variable operand",
        capabilities: "",
        entry_points: r#"OpEntryPoint GLCompute %main "main""#,
        modes: "OpExecutionModeId %main LocalSizeId %u1 %var %u1",
        valid: false,
    },
    Case {
        name: "LocalSize on a function that is also a Vertex entry point",
        capabilities: "",
        entry_points: "OpEntryPoint GLCompute %main \"main\"\nOpEntryPoint Vertex %main \"main2\"",
        modes: "OpExecutionMode %main LocalSize 1 1 1",
        valid: false,
    },
    Case {
        name: "one fragment interlock mode",
        capabilities: "OpCapability FragmentShaderPixelInterlockEXT\nOpExtension \"SPV_EXT_fragment_shader_interlock\"",
        entry_points: r#"OpEntryPoint Fragment %main "main""#,
        modes: "OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %main PixelInterlockOrderedEXT",
        valid: true,
    },
    Case {
        name: "two fragment interlock modes",
        capabilities: "OpCapability FragmentShaderPixelInterlockEXT\nOpExtension \"SPV_EXT_fragment_shader_interlock\"",
        entry_points: r#"OpEntryPoint Fragment %main "main""#,
        modes: "OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %main PixelInterlockOrderedEXT\nOpExecutionMode %main PixelInterlockUnorderedEXT",
        valid: false,
    },
    Case {
        name: "MeshEXT with its output modes",
        capabilities: "OpCapability MeshShadingEXT\nOpExtension \"SPV_EXT_mesh_shader\"",
        entry_points: r#"OpEntryPoint MeshEXT %main "main""#,
        modes: "OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main OutputTrianglesEXT\nOpExecutionMode %main OutputPrimitivesEXT 1\nOpExecutionMode %main OutputVertices 3",
        valid: true,
    },
    Case {
        name: "MeshEXT without OutputPrimitivesEXT",
        capabilities: "OpCapability MeshShadingEXT\nOpExtension \"SPV_EXT_mesh_shader\"",
        entry_points: r#"OpEntryPoint MeshEXT %main "main""#,
        modes: "OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main OutputTrianglesEXT\nOpExecutionMode %main OutputVertices 3",
        valid: false,
    },
    Case {
        name: "QuadDerivativesKHR on a vertex shader",
        capabilities: "OpCapability QuadControlKHR\nOpExtension \"SPV_KHR_quad_control\"",
        entry_points: r#"OpEntryPoint Vertex %main "main""#,
        modes: "OpExecutionMode %main QuadDerivativesKHR",
        valid: false,
    },
    Case {
        name: "QuadDerivativesKHR on a compute shader",
        capabilities: "OpCapability QuadControlKHR\nOpExtension \"SPV_KHR_quad_control\"",
        entry_points: r#"OpEntryPoint GLCompute %main "main""#,
        modes: "OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main QuadDerivativesKHR",
        valid: true,
    },
];

fn module(case: &Case) -> Vec<u32> {
    assemble(&format!(
        "OpCapability Shader\n{}\nOpMemoryModel Logical GLSL450\n{}\n{}\n\
         %void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%u1 = OpConstant %uint 1\n\
         %ptr = OpTypePointer Private %uint\n%var = OpVariable %ptr Private\n\
         %main = OpFunction %void None %fn\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n",
        case.capabilities, case.entry_points, case.modes
    ))
}

#[test]
fn modes_per_model() {
    let mut failures = Vec::new();
    for case in CASES {
        let words = module(case);
        let found = rules(&words);
        if case.valid != found.is_empty() {
            failures.push(format!(
                "{}: expected valid={}, got {found:?}",
                case.name, case.valid
            ));
        } else if !case.valid && !found.contains(&"entry.execution_mode") {
            failures.push(format!(
                "{}: rejected for another reason: {found:?}",
                case.name
            ));
        }
        if let Some(reference_valid) = reference_verdict(&words) {
            if reference_valid != case.valid {
                failures.push(format!(
                    "{}: spirv-val disagrees with the expectation",
                    case.name
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
