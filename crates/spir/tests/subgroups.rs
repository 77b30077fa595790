//! Sub-groups as clang-22 emits them: cl_khr_subgroups collectives and queries (core
//! OpGroup* at Subgroup scope, the Subgroup* built-in variables) and cl_intel_subgroups
//! shuffles and block reads/writes (SPV_INTEL_subgroups, refused without it).
//!
//! The inputs were compiled from this OpenCL C:
//! ```c
//! kernel void khr(global int *out, global float *f) {
//!   uint id = get_sub_group_local_id();
//!   int x = out[get_global_id(0)];
//!   sub_group_barrier(CLK_LOCAL_MEM_FENCE);
//!   out[0] = sub_group_all(x) + sub_group_any(x) + sub_group_broadcast(x, 0);
//!   out[1] = sub_group_reduce_add(x) + sub_group_scan_inclusive_max(x)
//!          + sub_group_scan_exclusive_min(x);
//!   f[0] = sub_group_reduce_add(f[1]);
//!   out[2] = get_sub_group_size() + get_max_sub_group_size() + get_num_sub_groups()
//!          + get_sub_group_id() + id;
//! }
//! kernel void intel(global uint *p, global float *f) {   // with -DINTEL
//!   float v = f[get_global_id(0)];
//!   f[0] = intel_sub_group_shuffle(v, 1u) + intel_sub_group_shuffle_xor(v, 2u)
//!        + intel_sub_group_shuffle_down(v, v, 1u) + intel_sub_group_shuffle_up(v, v, 1u);
//!   uint r = intel_sub_group_block_read(p);
//!   uint2 r2 = intel_sub_group_block_read2(p);
//!   intel_sub_group_block_write(p + 16, r + r2.x);
//!   ushort s = intel_sub_group_block_read_us((global ushort *)p);
//!   intel_sub_group_block_write_us((global ushort *)p + 64, s);
//! }
//! ```

mod common;
use common::{spirv_val, translate_with};
use spirvkit_grammar::Op;

const KHR: &str = include_str!("data/subgroups_khr.ll");
const INTEL: &str = include_str!("data/subgroups_intel.ll");

fn has(m: &spirvkit_core::Module, op: Op) -> bool {
    m.instructions().any(|i| i.opcode == op)
}

#[test]
fn khr_subgroup_collectives_are_core_group_instructions() {
    for ext in ["", "+SPV_KHR_untyped_pointers"] {
        let m = translate_with(KHR, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("subgroups_khr{}", ext.len()));
        for op in [
            Op::GroupAll,
            Op::GroupAny,
            Op::GroupBroadcast,
            Op::GroupIAdd,
            Op::GroupFAdd,
            Op::GroupSMax,
            Op::GroupSMin,
            Op::ControlBarrier,
        ] {
            assert!(has(&m, op), "{op:?} missing ({ext})");
        }
    }
}

#[test]
fn intel_subgroups_need_their_extension() {
    let e = translate_with(INTEL, "").expect_err("needs SPV_INTEL_subgroups");
    assert!(e.contains("SPV_INTEL_subgroups"), "{e}");
    for ext in [
        "+SPV_INTEL_subgroups",
        "+SPV_INTEL_subgroups,+SPV_KHR_untyped_pointers",
    ] {
        let m = translate_with(INTEL, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("subgroups_intel{}", ext.len()));
        for op in [
            Op::SubgroupShuffleINTEL,
            Op::SubgroupShuffleXorINTEL,
            Op::SubgroupShuffleDownINTEL,
            Op::SubgroupShuffleUpINTEL,
            Op::SubgroupBlockReadINTEL,
            Op::SubgroupBlockWriteINTEL,
        ] {
            assert!(has(&m, op), "{op:?} missing ({ext})");
        }
    }
}
