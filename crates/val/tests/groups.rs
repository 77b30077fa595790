//! Non-uniform group instructions (`instructions/group.rs`), each tested both ways: the
//! Execution scope, election, votes, broadcasts, ballots, shuffles, quad operations and group
//! arithmetic (ClusteredReduce's ClusterSize). Every case's spirv-val 2025.5 verdict is
//! recorded and re-checked by `reference_agrees` when the reference tools exist.

mod fixtures;
mod reference;
use fixtures::GROUP_BASE;
use reference::{check_case, Case, Ref};

#[rustfmt::skip]
pub const CASES: &[Case] = &[
    Case::new("valid.1", GROUP_BASE, "%a = OpGroupNonUniformElect %bool %u3", None, Ref::Accepts),
    Case::new("group.result_type.1", GROUP_BASE, "%a = OpGroupNonUniformElect %uint %u3", Some("group.result_type"), Ref::Rejects),
    Case::new("group.scope.1", GROUP_BASE, "%a = OpGroupNonUniformElect %bool %u1", Some("group.scope"), Ref::Rejects),
    Case::new("valid.2", GROUP_BASE, "%a = OpGroupNonUniformElect %bool %u2", None, Ref::Accepts),
    Case::new("group.scope.2", GROUP_BASE, "%a = OpGroupNonUniformElect %bool %u4", Some("group.scope"), Ref::Rejects),
    Case::new("scope.constant.1", GROUP_BASE, "%a = OpGroupNonUniformElect %bool %x", Some("scope.constant"), Ref::Rejects),
    Case::new("valid.3", GROUP_BASE, "%a = OpGroupNonUniformElect %bool %i3", None, Ref::Accepts),
    Case::new("valid.4", GROUP_BASE, "%a = OpGroupNonUniformAll %bool %u3 %t", None, Ref::Accepts),
    Case::new("group.operand.1", GROUP_BASE, "%a = OpGroupNonUniformAll %bool %u3 %u1", Some("group.operand"), Ref::Rejects),
    Case::new("group.result_type.2", GROUP_BASE, "%a = OpGroupNonUniformAll %uint %u3 %t", Some("group.result_type"), Ref::Rejects),
    Case::new("group.operand.2", GROUP_BASE, "%a = OpGroupNonUniformAny %bool %u3 %vb", Some("group.operand"), Ref::Rejects),
    Case::new("valid.5", GROUP_BASE, "%a = OpGroupNonUniformAllEqual %bool %u3 %vf", None, Ref::Accepts),
    Case::new("valid.6", GROUP_BASE, "%a = OpGroupNonUniformAllEqual %bool %u3 %b4", None, Ref::Accepts),
    Case::new("valid.7", GROUP_BASE, "%a = OpGroupNonUniformAllEqual %bool %u3 %t", None, Ref::Accepts),
    Case::new("group.result_type.3", GROUP_BASE, "%a = OpGroupNonUniformAllEqual %uint %u3 %f1", Some("group.result_type"), Ref::Rejects),
    Case::new("valid.8", GROUP_BASE, "%a = OpGroupNonUniformBroadcast %float %u3 %f1 %u0", None, Ref::Accepts),
    Case::new("group.value_type.1", GROUP_BASE, "%a = OpGroupNonUniformBroadcast %float %u3 %u1 %u0", Some("group.value_type"), Ref::Rejects),
    Case::new("valid.9", GROUP_BASE, "%a = OpGroupNonUniformBroadcast %float %u3 %f1 %x", None, Ref::Accepts),
    Case::new("group.operand.3", GROUP_BASE, "%a = OpGroupNonUniformBroadcast %float %u3 %f1 %f1", Some("group.operand"), Ref::Rejects),
    Case::new("group.operand.4", GROUP_BASE, "%a = OpGroupNonUniformBroadcast %float %u3 %f1 %i1", Some("group.operand"), Ref::Rejects),
    Case::new("valid.10", GROUP_BASE, "%a = OpGroupNonUniformBroadcastFirst %float %u3 %f1", None, Ref::Accepts),
    Case::new("group.value_type.2", GROUP_BASE, "%a = OpGroupNonUniformBroadcastFirst %uint %u3 %f1", Some("group.value_type"), Ref::Rejects),
    Case::new("valid.11", GROUP_BASE, "%a = OpGroupNonUniformBallot %v4u %u3 %t", None, Ref::Accepts),
    Case::new("group.result_type.4", GROUP_BASE, "%a = OpGroupNonUniformBallot %v4i %u3 %t", Some("group.result_type"), Ref::Rejects),
    Case::new("group.result_type.5", GROUP_BASE, "%a = OpGroupNonUniformBallot %v3u %u3 %t", Some("group.result_type"), Ref::Rejects),
    Case::new("group.operand.5", GROUP_BASE, "%a = OpGroupNonUniformBallot %v4u %u3 %u1", Some("group.operand"), Ref::Rejects),
    Case::new("valid.12", GROUP_BASE, "%a = OpGroupNonUniformInverseBallot %bool %u3 %b4", None, Ref::Accepts),
    Case::new("group.operand.6", GROUP_BASE, "%a = OpGroupNonUniformInverseBallot %bool %u3 %b3", Some("group.operand"), Ref::Rejects),
    Case::new("group.result_type.6", GROUP_BASE, "%a = OpGroupNonUniformInverseBallot %uint %u3 %b4", Some("group.result_type"), Ref::Rejects),
    Case::new("valid.13", GROUP_BASE, "%a = OpGroupNonUniformBallotBitExtract %bool %u3 %b4 %u1", None, Ref::Accepts),
    Case::new("group.operand.7", GROUP_BASE, "%a = OpGroupNonUniformBallotBitExtract %bool %u3 %b4 %f1", Some("group.operand"), Ref::Rejects),
    Case::new("group.operand.8", GROUP_BASE, "%a = OpGroupNonUniformBallotBitExtract %bool %u3 %b4i %u1", Some("group.operand"), Ref::Rejects),
    Case::new("valid.14", GROUP_BASE, "%a = OpGroupNonUniformBallotBitCount %uint %u3 Reduce %b4", None, Ref::Accepts),
    Case::new("group.result_type.7", GROUP_BASE, "%a = OpGroupNonUniformBallotBitCount %int %u3 Reduce %b4", Some("group.result_type"), Ref::Rejects),
    Case::new("valid.15", GROUP_BASE, "%a = OpGroupNonUniformBallotBitCount %uint %u3 ClusteredReduce %b4", None, Ref::Accepts),
    Case::new("group.operand.9", GROUP_BASE, "%a = OpGroupNonUniformBallotBitCount %uint %u3 Reduce %b3", Some("group.operand"), Ref::Rejects),
    Case::new("group.operand.10", GROUP_BASE, "%a = OpGroupNonUniformBallotBitCount %uint %u3 Reduce %b4i", Some("group.operand"), Ref::Rejects),
    Case::new("valid.16", GROUP_BASE, "%a = OpGroupNonUniformBallotFindLSB %uint %u3 %b4", None, Ref::Accepts),
    Case::new("group.result_type.8", GROUP_BASE, "%a = OpGroupNonUniformBallotFindLSB %float %u3 %b4", Some("group.result_type"), Ref::Rejects),
    Case::new("group.result_type.9", GROUP_BASE, "%a = OpGroupNonUniformBallotFindLSB %int %u3 %b4", Some("group.result_type"), Ref::Rejects),
    Case::new("group.operand.11", GROUP_BASE, "%a = OpGroupNonUniformBallotFindMSB %uint %u3 %b3", Some("group.operand"), Ref::Rejects),
    Case::new("valid.17", GROUP_BASE, "%a = OpGroupNonUniformShuffle %float %u3 %f1 %u1", None, Ref::Accepts),
    Case::new("group.value_type.3", GROUP_BASE, "%a = OpGroupNonUniformShuffle %float %u3 %u1 %u1", Some("group.value_type"), Ref::Rejects),
    Case::new("group.operand.12", GROUP_BASE, "%a = OpGroupNonUniformShuffle %float %u3 %f1 %f1", Some("group.operand"), Ref::Rejects),
    Case::new("group.operand.13", GROUP_BASE, "%a = OpGroupNonUniformShuffle %float %u3 %f1 %i1", Some("group.operand"), Ref::Rejects),
    Case::new("valid.18", GROUP_BASE, "%a = OpGroupNonUniformShuffleXor %float %u3 %f1 %u1", None, Ref::Accepts),
    Case::new("group.operand.14", GROUP_BASE, "%a = OpGroupNonUniformShuffleXor %float %u3 %f1 %f1", Some("group.operand"), Ref::Rejects),
    Case::new("valid.19", GROUP_BASE, "%a = OpGroupNonUniformShuffleUp %float %u3 %f1 %u1", None, Ref::Accepts),
    Case::new("group.operand.15", GROUP_BASE, "%a = OpGroupNonUniformShuffleDown %float %u3 %f1 %f1", Some("group.operand"), Ref::Rejects),
    Case::new("group.scope.3", GROUP_BASE, "%a = OpGroupNonUniformShuffleXor %float %u1 %f1 %u1", Some("group.scope"), Ref::Rejects),
    Case::new("valid.20", GROUP_BASE, "%a = OpGroupNonUniformIAdd %uint %u3 Reduce %u1", None, Ref::Accepts),
    Case::new("valid.21", GROUP_BASE, "%a = OpGroupNonUniformIAdd %uint %u3 ClusteredReduce %u1 %u2", None, Ref::Accepts),
    Case::new("valid.22", GROUP_BASE, "%a = OpGroupNonUniformIAdd %uint %u3 ClusteredReduce %u1 %u3", None, Ref::Accepts),
    Case::new("group.cluster_size.1", GROUP_BASE, "%a = OpGroupNonUniformIAdd %uint %u3 ClusteredReduce %u1 %x", Some("group.cluster_size"), Ref::Rejects),
    Case::new("group.cluster_size.2", GROUP_BASE, "%a = OpGroupNonUniformIAdd %uint %u3 ClusteredReduce %u1 %f1", Some("group.cluster_size"), Ref::Rejects),
    Case::new("group.cluster_size.3", GROUP_BASE, "%a = OpGroupNonUniformIAdd %uint %u3 ClusteredReduce %u1 %i3", Some("group.cluster_size"), Ref::Rejects),
    Case::new("group.cluster_size.4", GROUP_BASE, "%a = OpGroupNonUniformIAdd %uint %u3 ClusteredReduce %u1", Some("group.cluster_size"), Ref::Rejects),
    Case::new("valid.23", GROUP_BASE, "%a = OpGroupNonUniformIAdd %uint %u3 Reduce %u1 %u2", None, Ref::Accepts),
    Case::new("valid.24", GROUP_BASE, "%a = OpGroupNonUniformFAdd %float %u3 InclusiveScan %f1", None, Ref::Accepts),
    Case::new("group.value_type.4", GROUP_BASE, "%a = OpGroupNonUniformFAdd %float %u3 ExclusiveScan %u1", Some("group.value_type"), Ref::Rejects),
    Case::new("valid.25", GROUP_BASE, "%a = OpGroupNonUniformLogicalAnd %bool %u3 Reduce %t", None, Ref::Accepts),
    Case::new("group.value_type.5", GROUP_BASE, "%a = OpGroupNonUniformLogicalAnd %bool %u3 Reduce %u1", Some("group.value_type"), Ref::Rejects),
    Case::new("group.result_type.10", GROUP_BASE, "%a = OpGroupNonUniformIAdd %float %u3 Reduce %f1", Some("group.result_type"), Ref::Rejects),
    Case::new("group.result_type.11", GROUP_BASE, "%a = OpGroupNonUniformFAdd %uint %u3 Reduce %u1", Some("group.result_type"), Ref::Rejects),
    Case::new("group.result_type.12", GROUP_BASE, "%a = OpGroupNonUniformLogicalAnd %uint %u3 Reduce %u1", Some("group.result_type"), Ref::Rejects),
    Case::new("group.result_type.13", GROUP_BASE, "%a = OpGroupNonUniformBitwiseAnd %float %u3 Reduce %f1", Some("group.result_type"), Ref::Rejects),
    Case::new("valid.26", GROUP_BASE, "%a = OpGroupNonUniformSMin %uint %u3 Reduce %u1", None, Ref::Accepts),
    Case::new("valid.27", GROUP_BASE, "%a = OpGroupNonUniformFMax %half %u3 Reduce %h1", None, Ref::Accepts),
    Case::new("valid.28", GROUP_BASE, "%a = OpGroupNonUniformQuadBroadcast %float %u3 %f1 %u1", None, Ref::Accepts),
    Case::new("valid.29", GROUP_BASE, "%a = OpGroupNonUniformQuadBroadcast %float %u3 %f1 %x", None, Ref::Accepts),
    Case::new("group.operand.16", GROUP_BASE, "%a = OpGroupNonUniformQuadBroadcast %float %u3 %f1 %f1", Some("group.operand"), Ref::Rejects),
    Case::new("group.value_type.6", GROUP_BASE, "%a = OpGroupNonUniformQuadBroadcast %uint %u3 %f1 %u1", Some("group.value_type"), Ref::Rejects),
    Case::new("valid.30", GROUP_BASE, "%a = OpGroupNonUniformQuadSwap %float %u3 %f1 %u1", None, Ref::Accepts),
    Case::new("valid.31", GROUP_BASE, "%a = OpGroupNonUniformQuadSwap %float %u3 %f1 %u3", None, Ref::Accepts),
    Case::new("valid.32", GROUP_BASE, "%a = OpGroupNonUniformQuadSwap %float %u3 %f1 %u4", None, Ref::Accepts),
    Case::new("group.operand.17", GROUP_BASE, "%a = OpGroupNonUniformQuadSwap %float %u3 %f1 %x", Some("group.operand"), Ref::Rejects),
    Case::new("group.operand.18", GROUP_BASE, "%a = OpGroupNonUniformQuadSwap %float %u3 %f1 %f1", Some("group.operand"), Ref::Rejects),
    Case::new("group.value_type.7", GROUP_BASE, "%a = OpGroupNonUniformQuadSwap %uint %u3 %f1 %u1", Some("group.value_type"), Ref::Rejects),
    Case::new("valid.33.vulkan1_3", GROUP_BASE, "%a = OpGroupNonUniformElect %bool %u3", None, Ref::Accepts).with_env("vulkan1.3"),
    Case::new("group.scope.4.vulkan1_3", GROUP_BASE, "%a = OpGroupNonUniformElect %bool %u2", Some("group.scope"), Ref::Rejects).with_env("vulkan1.3"),
];

#[test]
fn group_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
