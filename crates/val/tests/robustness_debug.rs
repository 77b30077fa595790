//! The debug-info and non-semantic rules (`instructions/ext_debug.rs`,
//! `instructions/non_semantic.rs`, the adjacency and forward-reference changes) never panic or
//! hang: valid modules full of debug instructions get random word replacements and are
//! validated under several environments.

use proptest::prelude::*;
use spirvkit_val::{validate, TargetEnv, ValidatorOptions};

const MODULES: &[&str] = &[
    r#"OpCapability Shader
OpCapability Int64
OpExtension "SPV_KHR_non_semantic_info"
%ext = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "a.comp"
%src = OpString "void main() {}"
%sname = OpString "main"
%tname = OpString "float"
%vname = OpString "x"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%pf = OpTypePointer Function %float
%pp = OpTypePointer Private %float
%gv = OpVariable %pp Private
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u2 = OpConstant %uint 2
%u3 = OpConstant %uint 3
%u4 = OpConstant %uint 4
%u5 = OpConstant %uint 5
%u6 = OpConstant %uint 6
%u32 = OpConstant %uint 32
%i1 = OpConstant %int 1
%l4 = OpConstant %ulong 4
%f1 = OpConstant %float 1
%none = OpExtInst %void %ext DebugInfoNone
%dsrc = OpExtInst %void %ext DebugSource %file %src
%cu = OpExtInst %void %ext DebugCompilationUnit %u1 %u4 %dsrc %u2
%tfloat = OpExtInst %void %ext DebugTypeBasic %tname %u32 %u3 %u0
%tuint = OpExtInst %void %ext DebugTypeBasic %tname %u32 %u6 %u0
%tvec = OpExtInst %void %ext DebugTypeVector %tfloat %u4
%tfn = OpExtInst %void %ext DebugTypeFunction %u0 %void
%dfn = OpExtInst %void %ext DebugFunction %sname %tfn %dsrc %u1 %u1 %cu %sname %u0 %u1
%lv = OpExtInst %void %ext DebugLocalVariable %vname %tfloat %dsrc %u1 %u1 %dfn %u0
%op = OpExtInst %void %ext DebugOperation %u0
%expr = OpExtInst %void %ext DebugExpression
%m = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc %u1 %u1 %u0 %u32 %u0
%comp = OpExtInst %void %ext DebugTypeComposite %vname %u1 %dsrc %u1 %u1 %cu %vname %u32 %u0 %m
%mat = OpExtInst %void %ext DebugTypeMatrix %tvec %u4 %u1
%arr = OpExtInst %void %ext DebugTypeArray %tfloat %u4
%glob = OpExtInst %void %ext DebugGlobalVariable %vname %tfloat %dsrc %u1 %u1 %cu %vname %gv %u0
%blk = OpExtInst %void %ext DebugLexicalBlock %dsrc %u1 %u1 %dfn
%inl = OpExtInst %void %ext DebugInlinedAt %u1 %blk
%ep = OpExtInst %void %ext DebugEntryPoint %dfn %cu %sname %sname
%main = OpFunction %void None %fn
%entry = OpLabel
%var = OpVariable %pf Function
%sc = OpExtInst %void %ext DebugScope %dfn
%def = OpExtInst %void %ext DebugFunctionDefinition %dfn %main
%ln = OpExtInst %void %ext DebugLine %dsrc %u1 %u2 %u3 %u1
%dcl = OpExtInst %void %ext DebugDeclare %lv %var %expr
%val = OpExtInst %void %ext DebugValue %lv %f1 %expr
%sc2 = OpExtInst %void %ext DebugScope %blk %inl
%ns = OpExtInst %void %ext DebugNoScope
OpReturn
OpFunctionEnd
"#,
    r#"OpCapability Addresses
OpCapability Kernel
OpCapability Int64
%ext = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%file = OpString "a.cl"
%src = OpString "kernel void main() {}"
%sname = OpString "main"
%tname = OpString "float"
%vname = OpString "x"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%pf = OpTypePointer Function %float
%u0 = OpConstant %uint 0
%u4 = OpConstant %uint 4
%u32 = OpConstant %uint 32
%l4 = OpConstant %ulong 4
%f1 = OpConstant %float 1
%none = OpExtInst %void %ext DebugInfoNone
%dsrc = OpExtInst %void %ext DebugSource %file %src
%cu = OpExtInst %void %ext DebugCompilationUnit 65536 4 %dsrc OpenCL_C
%tfloat = OpExtInst %void %ext DebugTypeBasic %tname %u32 Float
%tuint = OpExtInst %void %ext DebugTypeBasic %tname %u32 Unsigned
%tvec = OpExtInst %void %ext DebugTypeVector %tfloat 4
%tfn = OpExtInst %void %ext DebugTypeFunction None %void
%dfn = OpExtInst %void %ext DebugFunction %sname %tfn %dsrc 1 1 %cu %sname FlagIsDefinition 1 %main
%lv = OpExtInst %void %ext DebugLocalVariable %vname %tfloat %dsrc 1 1 %dfn None
%expr = OpExtInst %void %ext DebugExpression
%c = OpExtInst %void %ext DebugTypeComposite %vname Structure %dsrc 1 1 %cu %vname %u32 None %m
%m = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc 1 1 %c %u0 %u32 None
%arr = OpExtInst %void %ext DebugTypeArray %tfloat %u4
%ptr = OpExtInst %void %ext DebugTypePointer %tfloat Function None
%main = OpFunction %void None %fn
%entry = OpLabel
%var = OpVariable %pf Function
OpBranch %b
%b = OpLabel
%sc = OpExtInst %void %ext DebugScope %dfn
%dcl = OpExtInst %void %ext DebugDeclare %lv %var %expr
%ns = OpExtInst %void %ext DebugNoScope
%p = OpPhi %float %f1 %entry
OpReturn
OpFunctionEnd
"#,
];

const ENVS: &[&str] = &["spv1.6", "vulkan1.3", "opencl2.0", "spv1.5"];

fn assembled() -> Vec<Vec<u32>> {
    MODULES
        .iter()
        .map(|t| {
            spirvkit_text::assemble(t, &Default::default())
                .unwrap_or_else(|e| panic!("module does not assemble: {e:?}"))
        })
        .collect()
}

#[test]
fn sample_modules_are_valid() {
    for words in &assembled() {
        let r = validate(words, &ValidatorOptions::new(TargetEnv::Spv(6)));
        assert!(r.is_ok(), "{:?}", r.err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, .. ProptestConfig::default() })]

    #[test]
    fn word_replacements_never_panic(
        module in 0usize..2,
        env in 0usize..4,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u32>(), 0u32..4), 1..4),
    ) {
        let mut words = assembled().swap_remove(module);
        let bound = words[3];
        for (at, value, kind) in edits {
            let i = 5 + at.index(words.len() - 5);
            // Mostly plausible ids and small literals (debug instruction numbers), sometimes
            // anything.
            words[i] = match kind {
                0 => value % bound.max(1),
                1 => value % 110,
                2 => value,
                _ => words[i] ^ (1 << (value % 32)),
            };
        }
        let env: TargetEnv = ENVS[env].parse().expect("env");
        let started = std::time::Instant::now();
        let _ = validate(&words, &ValidatorOptions::new(env));
        prop_assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
}
