//! Rules added after the `producers` section's `--full` runs and `producers-mutation` (issue
//! 17, second round): each case's spirv-val 2025.5 verdict under its `--target-env` is
//! recorded and re-checked by `reference_agrees`.

mod reference;
use reference::{check_case, Case, Ref};

/// Fragment shader with Input variables of an int and of two structs (`INTERFACE` is the
/// entry point's interface list).
const BUILTIN_IO: &str = "; Version: 1.0
OpCapability Shader
OpCapability Geometry
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main \"main\" INTERFACE
OpExecutionMode %main OriginUpperLeft
DECOR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%pi = OpTypePointer Input %int
%S = OpTypeStruct %int %int
%S2 = OpTypeStruct %int
%A = OpTypeArray %S2 %u2
%pS = OpTypePointer Input %S
%pS2 = OpTypePointer Input %S2
%pA = OpTypePointer Input %A
%a = OpVariable %pi Input
%b = OpVariable %pi Input
%s = OpVariable %pS Input
%s2 = OpVariable %pS2 Input
%t = OpVariable %pS2 Input
%arr = OpVariable %pA Input
TYPES
%main = OpFunction %void None %fn
%l = OpLabel
BODY
OpReturn
OpFunctionEnd
";

const fn builtin_io(
    name: &'static str,
    interface: &'static str,
    decorations: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, BUILTIN_IO, "", rule, reference)
        .with_interface(interface)
        .with_decorations(decorations)
        .with_env("vulkan1.0")
}

const DUP: Option<&str> = Some("vulkan.builtin_interface");

/// Geometry shader with an array of blocks `%arr` (`SC`: Input or Output, `ARR`: its type).
const GEOMETRY_ARRAY: &str = "; Version: 1.0
OpCapability Shader
OpCapability Geometry
OpMemoryModel Logical GLSL450
OpEntryPoint Geometry %main \"main\" %arr
OpExecutionMode %main Triangles
OpExecutionMode %main OutputPoints
OpExecutionMode %main OutputVertices 1
OpExecutionMode %main Invocations 1
DECOR
OpDecorate %S2 Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%u2 = OpConstant %uint 2
%S2 = OpTypeStruct %v4
%A = OpTypeArray %S2 %u2
%AA = OpTypeArray %A %u2
TYPES
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
";

const fn geometry_array(
    name: &'static str,
    decorations: &'static str,
    types: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, GEOMETRY_ARRAY, "", rule, reference)
        .with_decorations(decorations)
        .with_types(types)
        .with_env("vulkan1.0")
}

static CASES: &[Case] = &[
    geometry_array("location.geometry_input_builtin_blocks", "OpMemberDecorate %S2 0 BuiltIn Position", "%pA = OpTypePointer Input %A\n%arr = OpVariable %pA Input", None, Ref::Accepts),
    geometry_array("location.geometry_input_located_blocks", "OpMemberDecorate %S2 0 Location 0", "%pA = OpTypePointer Input %A\n%arr = OpVariable %pA Input", None, Ref::Accepts),
    geometry_array("location.geometry_output_array_of_blocks", "OpMemberDecorate %S2 0 BuiltIn Position", "%pA = OpTypePointer Output %A\n%arr = OpVariable %pA Output", Some("vulkan.location"), Ref::Rejects),
    geometry_array("location.geometry_input_two_levels", "OpMemberDecorate %S2 0 BuiltIn Position", "%pA = OpTypePointer Input %AA\n%arr = OpVariable %pA Input", Some("vulkan.location"), Ref::Rejects),
    geometry_array("location.geometry_output_array_located", "OpMemberDecorate %S2 0 BuiltIn Position\nOpDecorate %arr Location 0", "%pA = OpTypePointer Output %A\n%arr = OpVariable %pA Output", None, Ref::Accepts),
    // VUID 09658/09659: one BuiltIn per entry point's Input (Output) interface.
    builtin_io("builtin_interface.two_variables", "%a %b", "OpDecorate %a BuiltIn PrimitiveId\nOpDecorate %a Flat\nOpDecorate %b BuiltIn PrimitiveId\nOpDecorate %b Flat", DUP, Ref::Rejects),
    builtin_io("builtin_interface.different", "%a %b", "OpDecorate %a BuiltIn PrimitiveId\nOpDecorate %a Flat\nOpDecorate %b BuiltIn Layer\nOpDecorate %b Flat", None, Ref::Accepts),
    builtin_io("builtin_interface.one_listed", "%a", "OpDecorate %a BuiltIn PrimitiveId\nOpDecorate %a Flat\nOpDecorate %b BuiltIn PrimitiveId\nOpDecorate %b Flat", None, Ref::Accepts),
    builtin_io("builtin_interface.block_and_variable", "%s %a", "OpMemberDecorate %S 0 BuiltIn PrimitiveId\nOpMemberDecorate %S 1 BuiltIn Layer\nOpDecorate %S Block\nOpDecorate %a BuiltIn PrimitiveId\nOpDecorate %a Flat", DUP, Ref::Rejects),
    builtin_io("builtin_interface.two_members", "%s", "OpMemberDecorate %S 0 BuiltIn PrimitiveId\nOpMemberDecorate %S 1 BuiltIn PrimitiveId\nOpDecorate %S Block", DUP, Ref::Rejects),
    builtin_io("builtin_interface.two_blocks", "%s2 %t", "OpMemberDecorate %S2 0 BuiltIn PrimitiveId\nOpDecorate %S2 Block", DUP, Ref::Rejects),
    builtin_io("builtin_interface.array_of_blocks_not_counted", "%arr %t", "OpMemberDecorate %S2 0 BuiltIn PrimitiveId\nOpDecorate %S2 Block\nOpDecorate %arr Location 0", None, Ref::Accepts),
    // An array of blocks is one per-vertex array only in arrayed interfaces (tessellation,
    // geometry inputs, mesh outputs, PerVertexKHR fragment inputs): elsewhere it needs a Location.
    builtin_io("location.fragment_array_of_builtin_blocks", "%arr", "OpMemberDecorate %S2 0 BuiltIn PrimitiveId\nOpDecorate %S2 Block", Some("vulkan.location"), Ref::Rejects),
    builtin_io("builtin_interface.group", "%s %a", "OpMemberDecorate %S 0 BuiltIn PrimitiveId\nOpMemberDecorate %S 1 BuiltIn Layer\nOpDecorate %S Block\nOpDecorate %a Flat\nOpDecorate %g BuiltIn PrimitiveId\n%g = OpDecorationGroup\nOpGroupDecorate %g %a", DUP, Ref::Rejects),
    builtin_io("builtin_interface.member_group", "%s %a", "OpMemberDecorate %S 0 BuiltIn PrimitiveId\nOpDecorate %S Block\nOpDecorate %a Flat\nOpDecorate %a BuiltIn Layer\nOpDecorate %g BuiltIn Layer\n%g = OpDecorationGroup\nOpGroupMemberDecorate %g %S 1", DUP, Ref::Rejects),
    builtin_io("builtin_interface.universal_env", "%a %b", "OpDecorate %a BuiltIn PrimitiveId\nOpDecorate %a Flat\nOpDecorate %b BuiltIn PrimitiveId\nOpDecorate %b Flat", None, Ref::Accepts).with_env("spv1.0"),
];

#[test]
fn producer_rules_full() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
