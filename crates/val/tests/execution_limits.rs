//! Execution-model limits of implicit derivatives (`instructions/execution_limits.rs`), each
//! tested both ways: implicit-LOD sampling, OpImageQueryLod and derivatives in a helper function
//! called from an entry point of each execution model, with and without a derivative-group
//! execution mode. Every case's spirv-val 2025.5 verdict is recorded and re-checked by
//! `reference_agrees` when the reference tools exist.

mod reference;
use reference::{check_case, Case, Ref};

/// MODEL/MODES name the entry point's execution model and modes; BODY is in `%helper`, which
/// the entry point calls (so the limits are judged through the call graph).
const LIMITS_BASE: &str = r#"OpCapability Shader
OpCapability ImageQuery
CAPS
OpMemoryModel Logical GLSL450
OpEntryPoint MODEL %main "main" %v_tex
MODES
OpDecorate %v_tex DescriptorSet 0
OpDecorate %v_tex Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2f = OpTypeVector %float 2
%v4f = OpTypeVector %float 4
%f1 = OpConstant %float 1
%uv = OpConstantComposite %v2f %f1 %f1
%im = OpTypeImage %float 2D 0 0 0 1 Unknown
%si = OpTypeSampledImage %im
%psi = OpTypePointer UniformConstant %si
%v_tex = OpVariable %psi UniformConstant
TYPES
%helper = OpFunction %void None %fn
%he = OpLabel
%t = OpLoad %si %v_tex
BODY
OpReturn
OpFunctionEnd
%main = OpFunction %void None %fn
%e = OpLabel
%c = OpFunctionCall %void %helper
OpReturn
OpFunctionEnd
"#;

/// (execution model, extra execution mode, body, rule, spirv-val's verdict).
type LimitCase = (
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
    Ref,
);

#[rustfmt::skip]
const LIMITS: &[LimitCase] = &[
    ("Fragment", "", "%a = OpImageSampleImplicitLod %v4f %t %uv", None, Ref::Accepts),
    ("Vertex", "", "%a = OpImageSampleImplicitLod %v4f %t %uv", Some("execution_model.derivatives"), Ref::Rejects),
    ("GLCompute", "", "%a = OpImageSampleImplicitLod %v4f %t %uv", Some("execution_model.derivatives"), Ref::Rejects),
    ("TessellationControl", "", "%a = OpImageSampleImplicitLod %v4f %t %uv", Some("execution_model.derivatives"), Ref::Rejects),
    ("Vertex", "", "%a = OpImageSampleExplicitLod %v4f %t %uv Lod %f1", None, Ref::Accepts),
    ("Vertex", "", "%a = OpDPdx %float %f1", Some("execution_model.derivatives"), Ref::Rejects),
    ("GLCompute", "", "%a = OpDPdx %float %f1", Some("execution_model.derivatives"), Ref::Rejects),
    ("Fragment", "", "%a = OpDPdx %float %f1", None, Ref::Accepts),
    ("Geometry", "", "%a = OpFwidth %float %f1", Some("execution_model.derivatives"), Ref::Rejects),
    ("Vertex", "", "%a = OpImageQueryLod %v2f %t %uv", Some("execution_model.derivatives"), Ref::Rejects),
    ("Fragment", "", "%a = OpImageQueryLod %v2f %t %uv", None, Ref::Accepts),
    ("MeshEXT", "", "%a = OpDPdx %float %f1", Some("execution_model.derivatives"), Ref::Rejects),
    ("GLCompute", "OpExecutionMode %main DerivativeGroupQuadsKHR", "%a = OpImageSampleImplicitLod %v4f %t %uv", None, Ref::Accepts),
    ("GLCompute", "OpExecutionMode %main DerivativeGroupLinearKHR", "%a = OpImageSampleImplicitLod %v4f %t %uv", None, Ref::Accepts),
    ("GLCompute", "OpExecutionMode %main DerivativeGroupQuadsKHR", "%a = OpDPdx %float %f1", None, Ref::Accepts),
    ("MeshEXT", "OpExecutionMode %main DerivativeGroupQuadsKHR", "%a = OpDPdx %float %f1", None, Ref::Accepts),
    ("TaskEXT", "OpExecutionMode %main DerivativeGroupQuadsKHR", "%a = OpImageSampleImplicitLod %v4f %t %uv", None, Ref::Accepts),
    ("TaskEXT", "", "%a = OpImageSampleImplicitLod %v4f %t %uv", Some("execution_model.derivatives"), Ref::Rejects),
    ("GLCompute", "OpExecutionMode %main DerivativeGroupQuadsKHR", "%a = OpImageQueryLod %v2f %t %uv", None, Ref::Accepts),
    ("GLCompute", "", "%a = OpImageQueryLod %v2f %t %uv", Some("execution_model.derivatives"), Ref::Rejects),
    ("Vertex", "", "%a = OpImageSampleDrefImplicitLod %float %t %uv %f1", Some("execution_model.derivatives"), Ref::Rejects),
    ("Vertex", "", "%a = OpImageSampleExplicitLod %v4f %t %uv Grad %uv %uv", None, Ref::Accepts),
];

fn modes(model: &str) -> &'static str {
    match model {
        "Fragment" => "OpExecutionMode %main OriginUpperLeft",
        "GLCompute" | "TaskEXT" => "OpExecutionMode %main LocalSize 2 2 1",
        "TessellationControl" => "OpExecutionMode %main OutputVertices 3",
        "Geometry" => "OpExecutionMode %main InputPoints\nOpExecutionMode %main OutputPoints\nOpExecutionMode %main OutputVertices 1\nOpExecutionMode %main Invocations 1",
        "MeshEXT" => "OpExecutionMode %main LocalSize 2 2 1\nOpExecutionMode %main OutputVertices 1\nOpExecutionMode %main OutputPrimitivesEXT 1\nOpExecutionMode %main OutputPoints",
        _ => "",
    }
}

/// Case texts are built at run time; the few kilobytes leaked live as long as the test.
fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn cases() -> Vec<Case> {
    LIMITS
        .iter()
        .enumerate()
        .map(|(n, &(model, extra, body, rule, reference))| {
            let mut capabilities = String::from(
                "OpCapability Geometry\nOpCapability Tessellation\nOpCapability MeshShadingEXT",
            );
            if !extra.is_empty() {
                capabilities.push_str("\nOpCapability ComputeDerivativeGroupQuadsKHR\nOpCapability ComputeDerivativeGroupLinearKHR\nOpExtension \"SPV_KHR_compute_shader_derivatives\"");
            }
            capabilities.push_str("\nOpExtension \"SPV_EXT_mesh_shader\"");
            let all_modes = if extra.is_empty() {
                modes(model).to_string()
            } else {
                format!("{}\n{extra}", modes(model))
            };
            let base = LIMITS_BASE
                .replace("CAPS", &capabilities)
                .replace("MODEL", model)
                .replace("MODES", &all_modes);
            let name = leak(format!("limits.{n}.{model}"));
            Case::new(name, leak(base), body, rule, reference)
        })
        .collect()
}

#[test]
fn derivative_limits() {
    for c in &cases() {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(cases().iter());
}
