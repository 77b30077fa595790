//! Vulkan interface locations (`env/vulkan_interfaces.rs`): user Input/Output interface
//! variables have a Location or are Blocks whose members all have one; built-ins have no
//! Location/Component; Location only where locations exist. spirv-val 2025.5's verdict
//! (vulkan1.3) is recorded and re-checked by `reference_agrees`.

mod reference;
use reference::{check_case, Case, Ref};
use Ref::{Accepts as A, Rejects as R};

const BASE: &str = r#"OpCapability Shader
OpCapability Geometry
OpMemoryModel Logical GLSL450
OpEntryPoint MODEL %main "main" IFACE
MODES
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%u3 = OpConstant %uint 3
%v4 = OpTypeVector %float 4
%st = OpTypeStruct %float %v4
%af = OpTypeArray %float %u3
%ast = OpTypeArray %st %u3
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
"#;

/// (execution model, interface operands, decorations, declarations, rule, spirv-val's verdict).
type LocationCase = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
    Ref,
);

#[rustfmt::skip]
const CASES: &[LocationCase] = &[
    ("Vertex", "%v", "", "%p = OpTypePointer Output %float\n%v = OpVariable %p Output", Some("vulkan.location"), R),
    ("Vertex", "%v", "OpDecorate %v Location 0", "%p = OpTypePointer Output %float\n%v = OpVariable %p Output", None, A),
    ("Vertex", "%v", "OpDecorate %st Block\nOpMemberDecorate %st 0 Location 0\nOpMemberDecorate %st 1 Location 1", "%p = OpTypePointer Output %st\n%v = OpVariable %p Output", None, A),
    ("Vertex", "%v", "OpDecorate %st Block\nOpMemberDecorate %st 0 Location 0", "%p = OpTypePointer Output %st\n%v = OpVariable %p Output", Some("vulkan.location"), R),
    ("Vertex", "%v", "OpMemberDecorate %st 0 Location 0\nOpMemberDecorate %st 1 Location 1", "%p = OpTypePointer Output %st\n%v = OpVariable %p Output", Some("vulkan.location"), R),
    ("Geometry", "%v", "", "%p = OpTypePointer Input %af\n%v = OpVariable %p Input", Some("vulkan.location"), R),
    ("Geometry", "%v", "OpDecorate %st Block\nOpMemberDecorate %st 0 Location 0\nOpMemberDecorate %st 1 Location 1", "%p = OpTypePointer Input %ast\n%v = OpVariable %p Input", None, A),
    ("Vertex", "%v", "OpDecorate %v BuiltIn Position\nOpDecorate %v Location 0", "%p = OpTypePointer Output %v4\n%v = OpVariable %p Output", Some("vulkan.location"), R),
    ("Vertex", "%v", "OpDecorate %v BuiltIn Position\nOpDecorate %v Component 0", "%p = OpTypePointer Output %v4\n%v = OpVariable %p Output", Some("vulkan.location"), R),
    ("GLCompute", "", "OpDecorate %v Location 0", "%p = OpTypePointer Private %float\n%v = OpVariable %p Private", Some("vulkan.location"), R),
    ("Vertex", "%v", "", "%p = OpTypePointer Input %float\n%v = OpVariable %p Input", Some("vulkan.location"), R),
    ("Vertex", "", "", "%p = OpTypePointer Output %float\n%v = OpVariable %p Output", None, A),
    ("Fragment", "%v", "OpDecorate %v Location 0\nOpDecorate %v Index 0", "%p = OpTypePointer Output %v4\n%v = OpVariable %p Output", None, A),
    ("GLCompute", "%v", "OpDecorate %v BuiltIn NumWorkgroups\nOpDecorate %v Location 0", "%v3 = OpTypeVector %uint 3\n%p = OpTypePointer Input %v3\n%v = OpVariable %p Input", Some("vulkan.location"), R),
    ("GLCompute", "%v", "", "%p = OpTypePointer Input %uint\n%v = OpVariable %p Input", None, A),
];

fn modes(model: &str) -> &'static str {
    match model {
        "Fragment" => "OpExecutionMode %main OriginUpperLeft",
        "GLCompute" => "OpExecutionMode %main LocalSize 1 1 1",
        "Geometry" => "OpExecutionMode %main InputPoints\nOpExecutionMode %main OutputPoints\nOpExecutionMode %main OutputVertices 1\nOpExecutionMode %main Invocations 1",
        _ => "",
    }
}

fn cases() -> Vec<Case> {
    CASES
        .iter()
        .enumerate()
        .map(
            |(n, &(model, interface, decorations, types, rule, reference))| {
                let base = BASE
                    .replace("MODEL", model)
                    .replace("MODES", modes(model))
                    .replace("IFACE", interface);
                let base: &'static str = Box::leak(base.into_boxed_str());
                let name: &'static str =
                    Box::leak(format!("location.{n}.{model}").into_boxed_str());
                Case::new(name, base, "", rule, reference)
                    .with_decorations(decorations)
                    .with_types(types)
                    .with_env("vulkan1.3")
            },
        )
        .collect()
}

#[test]
fn location_rules() {
    for c in &cases() {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(cases().iter());
}
