//! Vulkan scopes (`instructions/barriers.rs`): no CrossDevice memory scope (04638), barrier
//! execution scope Workgroup or Subgroup (04636). spirv-val 2025.5's verdict (vulkan1.3) is
//! recorded and re-checked by `reference_agrees`.

mod reference;
use reference::{check_case, Case, Ref};
use Ref::{Accepts as A, Rejects as R};

const BASE: &str = r#"; Version: 1.3
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%s0 = OpConstant %uint 0
%s1 = OpConstant %uint 1
%s2 = OpConstant %uint 2
%s4 = OpConstant %uint 4
%sem = OpConstant %uint 0
%acq = OpConstant %uint 0x42
%pw = OpTypePointer Workgroup %uint
%w = OpVariable %pw Workgroup
%main = OpFunction %void None %fn
%e = OpLabel
BODY
OpReturn
OpFunctionEnd
"#;

/// (entry body, rule spirvkit reports, spirv-val's verdict).
#[rustfmt::skip]
const BODIES: &[(&str, Option<&str>, Ref)] = &[
    ("%x = OpAtomicIAdd %uint %w %s0 %sem %s1", Some("scope.vulkan"), R),
    ("%x = OpAtomicIAdd %uint %w %s4 %sem %s1", None, A),
    ("%x = OpAtomicIAdd %uint %w %s1 %sem %s1", None, A),
    ("OpMemoryBarrier %s0 %acq", Some("scope.vulkan"), R),
    ("OpControlBarrier %s2 %s0 %acq", Some("scope.vulkan"), R),
    ("OpControlBarrier %s0 %s2 %acq", Some("scope.vulkan"), R),
    ("OpControlBarrier %s2 %s2 %acq", None, A),
];

fn cases() -> Vec<Case> {
    BODIES
        .iter()
        .enumerate()
        .map(|(n, &(body, rule, reference))| {
            let name: &'static str = Box::leak(format!("vulkan_scope.{n}").into_boxed_str());
            Case::new(name, BASE, body, rule, reference).with_env("vulkan1.3")
        })
        .collect()
}

#[test]
fn vulkan_scopes() {
    for c in &cases() {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(cases().iter());
}
