//! The debug-info and non-semantic rules (`instructions/ext_debug.rs`,
//! `instructions/non_semantic.rs`, the adjacency and forward-reference changes) never panic or
//! hang: valid modules full of debug instructions get random word replacements and are
//! validated under several environments.

use proptest::prelude::*;
use spirvkit_val::{validate, TargetEnv, ValidatorOptions};

mod fixtures;

/// Module-scope debug instructions added to the shader base: one of each kind.
const SHADER_TYPES: &str =
    "%m = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc %u1 %u1 %u0 %u32 %u0
%comp = OpExtInst %void %ext DebugTypeComposite %vname %u1 %dsrc %u1 %u1 %cu %vname %u32 %u0 %m
%mat = OpExtInst %void %ext DebugTypeMatrix %tvec %u4 %u1
%arr = OpExtInst %void %ext DebugTypeArray %tfloat %u4
%glob = OpExtInst %void %ext DebugGlobalVariable %vname %tfloat %dsrc %u1 %u1 %cu %vname %gv %u0
%blk = OpExtInst %void %ext DebugLexicalBlock %dsrc %u1 %u1 %dfn
%inl = OpExtInst %void %ext DebugInlinedAt %u1 %blk
%ep = OpExtInst %void %ext DebugEntryPoint %dfn %cu %sname %sname";

const SHADER_BODY: &str = "%ln = OpExtInst %void %ext DebugLine %dsrc %u1 %u2 %u3 %u1
%dcl = OpExtInst %void %ext DebugDeclare %lv %var %expr
%val = OpExtInst %void %ext DebugValue %lv %f1 %expr
%sc2 = OpExtInst %void %ext DebugScope %blk %inl
%ns = OpExtInst %void %ext DebugNoScope";

const OPENCL_TYPES: &str = "%c = OpExtInst %void %ext DebugTypeComposite %vname Structure %dsrc 1 1 %cu %vname %u32 None %m
%m = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc 1 1 %c %u0 %u32 None
%arr = OpExtInst %void %ext DebugTypeArray %tfloat %u4
%ptr = OpExtInst %void %ext DebugTypePointer %tfloat Function None";

/// Debug instructions ahead of an OpPhi in a second block (allowed for this set).
const OPENCL_BODY: &str = "%dcl = OpExtInst %void %ext DebugDeclare %lv %var %expr
OpBranch %b
%b = OpLabel
%sc2 = OpExtInst %void %ext DebugScope %dfn
%ns = OpExtInst %void %ext DebugNoScope
%p = OpPhi %float %f1 %entry";

fn modules() -> [String; 2] {
    [
        fixtures::module(fixtures::DEBUG_SHADER_BASE, "", SHADER_TYPES, SHADER_BODY),
        fixtures::module(fixtures::DEBUG_OPENCL_BASE, "", OPENCL_TYPES, OPENCL_BODY),
    ]
}

const ENVS: &[&str] = &["spv1.6", "vulkan1.3", "opencl2.0", "spv1.5"];

fn assembled() -> Vec<Vec<u32>> {
    modules()
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
        // Mostly plausible ids and small literals, sometimes anything.
        fixtures::apply_edits(&mut words, &edits, 110);
        let env: TargetEnv = ENVS[env].parse().expect("env");
        let started = std::time::Instant::now();
        let _ = validate(&words, &ValidatorOptions::new(env));
        prop_assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
}
