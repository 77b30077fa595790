//! No input makes the validator panic, hang or allocate beyond a small multiple of its size:
//! random bit flips and word replacements of valid modules, random words after a valid
//! header, truncations, hostile bounds, very deep control flow.

mod common;
use common::*;
use proptest::prelude::*;
use spirvkit_val::{validate, ValidatorOptions};

fn sample_module() -> Vec<u32> {
    shader(
        "OpName %main \"main\"\nOpDecorate %var Restrict",
        "%st = OpTypeStruct %float %v4\n%ptr = OpTypePointer Private %st\n%var = OpVariable %ptr Private\n%fpi = OpTypePointer Function %int",
        "%v = OpVariable %fpi Function\nOpSelectionMerge %m None\nOpBranchConditional %t %a %b\n%a = OpLabel\n%x = OpIAdd %int %c1 %c1\nOpBranch %m\n%b = OpLabel\nOpBranch %m\n%m = OpLabel\n%p = OpPhi %int %x %a %c2 %b\nOpStore %v %p\nOpBranch %h\n%h = OpLabel\nOpLoopMerge %done %cont None\nOpBranchConditional %t %body %done\n%body = OpLabel\nOpBranch %cont\n%cont = OpLabel\nOpBranch %h\n%done = OpLabel\nOpReturn",
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    #[test]
    fn bit_flips_never_panic(flips in proptest::collection::vec((0usize..400, 0u32..32), 1..4)) {
        let mut w = sample_module();
        for (i, bit) in flips {
            let n = w.len();
            w[i % n] ^= 1 << bit;
        }
        let _ = validate(&w, &ValidatorOptions::default());
    }

    #[test]
    fn word_replacements_never_panic(edits in proptest::collection::vec((5usize..400, any::<u32>()), 1..4)) {
        let mut w = sample_module();
        for (i, v) in edits {
            let n = w.len();
            w[5 + i % (n - 5)] = v % 64 + (v & 0xffff_0000) % (8 << 16);
        }
        let _ = validate(&w, &ValidatorOptions::default());
    }

    #[test]
    fn random_bodies_never_panic(body in proptest::collection::vec(any::<u32>(), 0..200), bound in 0u32..0x40_0000) {
        let mut w = vec![spirvkit_core::MAGIC, 0x0001_0500, 0, bound, 0];
        w.extend(body);
        let _ = validate(&w, &ValidatorOptions::default());
    }

    #[test]
    fn truncations_never_panic(cut in 0usize..400) {
        let w = sample_module();
        let _ = validate(&w[..cut.min(w.len())], &ValidatorOptions::default());
    }
}

#[test]
fn sample_module_is_valid() {
    assert_valid(&sample_module());
}

#[test]
fn deep_control_flow_does_not_overflow_the_stack() {
    // 100 000 blocks in a chain, then a back-edge loop over all of them.
    let n = 100_000;
    let mut body = String::from("OpBranch %b0\n");
    for i in 0..n {
        body.push_str(&format!("%b{i} = OpLabel\nOpBranch %b{}\n", i + 1));
    }
    body.push_str(&format!("%b{n} = OpLabel\nOpReturn"));
    let w = shader("", "", &body);
    let start = std::time::Instant::now();
    assert_valid(&w);
    assert!(start.elapsed().as_secs() < 20);
}

#[test]
fn hostile_bound_uses_little_memory() {
    // A tiny module claiming the maximum bound validates without a bound-sized table.
    let mut w = sample_module();
    w[3] = 0x3F_FFFF;
    assert_valid(&w);
}
