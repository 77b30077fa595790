//! No module makes a pass panic or hang: random bit flips, word replacements and truncations of
//! valid Shader and Kernel modules, and random words after a header, go through every pass
//! (and the -O / -Os pipelines) with validation skipped.

use proptest::prelude::*;
use spirvkit_opt::passes::{Passes, FLAGS};
use spirvkit_opt::{Optimizer, TargetEnv};

const SHADER: &str = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %u
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "x.comp"
OpSource GLSL 450 %file
OpName %main "main"
OpMemberName %S 1 "b"
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
OpMemberDecorate %S 1 Offset 4
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
OpDecorate %sc SpecId 3
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%S = OpTypeStruct %float %float
%ps = OpTypePointer StorageBuffer %S
%pf = OpTypePointer StorageBuffer %float
%pi = OpTypePointer Function %int
%u = OpVariable %ps StorageBuffer
%c0 = OpConstant %int 0
%c1 = OpConstant %int 1
%sc = OpSpecConstant %int 4
%op = OpSpecConstantOp %int IAdd %c1 %c1
%t = OpConstantTrue %bool
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
%v = OpVariable %pi Function %c0
OpSelectionMerge %m None
OpBranchConditional %t %a %b
%a = OpLabel
OpLine %file 3 1
OpStore %v %c1
OpBranch %m
%b = OpLabel
OpBranch %m
%m = OpLabel
%x = OpLoad %int %v
%y = OpIAdd %int %x %op
%p = OpAccessChain %pf %u %c1
%f = OpConvertSToF %float %y
OpStore %p %f
OpReturn
OpFunctionEnd
%unused = OpFunction %void None %fn
%e2 = OpLabel
OpReturn
OpFunctionEnd
"#;

const KERNEL: &str = r#"
OpCapability Kernel
OpCapability Addresses
OpCapability Linkage
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpDecorate %x Alignment 4
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ptr = OpTypePointer Function %uint
%gptr = OpTypePointer CrossWorkgroup %uint
%one = OpConstant %uint 1
%two = OpConstant %uint 2
%fn = OpTypeFunction %void %gptr %bool
%k = OpFunction %void None %fn
%out = OpFunctionParameter %gptr
%c = OpFunctionParameter %bool
%entry = OpLabel
%x = OpVariable %ptr Function
OpStore %x %one
OpBranchConditional %c %then %merge
%then = OpLabel
OpStore %x %two
OpBranch %loop
%loop = OpLabel
%lv = OpLoad %uint %x
%inc = OpIAdd %uint %lv %one
OpStore %x %inc
%again = OpULessThan %bool %inc %two
OpBranchConditional %again %loop %merge
%merge = OpLabel
%v = OpLoad %uint %x
OpStore %out %v
OpReturn
OpFunctionEnd
"#;

fn assemble(src: &str) -> Vec<u32> {
    spirvkit_text::assemble(src, &Default::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn pipelines() -> Vec<Vec<Passes>> {
    let mut all: Vec<Vec<Passes>> = FLAGS.iter().map(|(_, p)| vec![p.clone()]).collect();
    all.push(vec![Passes::SetSpecConstDefaultValue(
        [(3u32, "0x7".to_string())].into_iter().collect(),
    )]);
    all.push(spirvkit_opt::optimizer::PERFORMANCE_PASSES.to_vec());
    all.push(spirvkit_opt::optimizer::SIZE_PASSES.to_vec());
    all
}

fn run_all(words: &[u32]) {
    for pipeline in pipelines() {
        let mut o = Optimizer::new(TargetEnv::Universal);
        o.skip_validation = true;
        for p in pipeline {
            o.register_pass(p);
        }
        let _ = o.run(words);
    }
}

#[test]
fn samples_stay_valid_through_every_pipeline() {
    for src in [SHADER, KERNEL] {
        let words = assemble(src);
        for pipeline in pipelines() {
            let mut o = Optimizer::new(TargetEnv::Universal);
            o.validate_after_each_pass = true;
            for p in &pipeline {
                o.register_pass(p.clone());
            }
            if let Err(e) = o.run(&words) {
                panic!("{pipeline:?}: {e}");
            }
        }
    }
}

#[test]
fn huge_bounds_are_refused_not_allocated() {
    let mut w = assemble(KERNEL);
    w[3] = u32::MAX;
    let mut o = Optimizer::new(TargetEnv::Universal);
    o.skip_validation = true;
    o.register_performance_passes();
    assert!(o.run(&w).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, .. ProptestConfig::default() })]

    #[test]
    fn bit_flips_never_panic(kernel in any::<bool>(), flips in proptest::collection::vec((0usize..600, 0u32..32), 1..4)) {
        let mut w = assemble(if kernel { KERNEL } else { SHADER });
        for (i, bit) in flips {
            let n = w.len();
            w[i % n] ^= 1 << bit;
        }
        run_all(&w);
    }

    #[test]
    fn word_replacements_never_panic(kernel in any::<bool>(), edits in proptest::collection::vec((5usize..600, any::<u32>()), 1..4)) {
        let mut w = assemble(if kernel { KERNEL } else { SHADER });
        for (i, v) in edits {
            let n = w.len();
            // Small values hit ids, opcodes and operand counts.
            w[5 + i % (n - 5)] = v % 64 + (v & 0xffff_0000) % (8 << 16);
        }
        run_all(&w);
    }

    #[test]
    fn truncations_never_panic(kernel in any::<bool>(), cut in 0usize..600) {
        let w = assemble(if kernel { KERNEL } else { SHADER });
        run_all(&w[..cut.min(w.len())]);
    }

    #[test]
    fn random_bodies_never_panic(body in proptest::collection::vec(any::<u32>(), 0..200), bound in 0u32..0x1000) {
        let mut w = vec![spirvkit_core::MAGIC, 0x0001_0500, 0, bound, 0];
        w.extend(body);
        run_all(&w);
    }
}
