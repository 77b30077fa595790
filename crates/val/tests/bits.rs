//! Bit instructions (`instructions/bits.rs`), each tested both ways: OpBitFieldInsert,
//! OpBitFieldSExtract/UExtract, OpBitReverse, OpBitCount. Every case's spirv-val 2025.5 verdict
//! is recorded and re-checked by `reference_agrees` when the reference tools exist.

mod fixtures;
mod reference;
use fixtures::GROUP_BASE as BITS_BASE;
use reference::{check_case, Case, Ref};

#[rustfmt::skip]
pub const CASES: &[Case] = &[
    Case::new("valid.1", BITS_BASE, "%a = OpBitFieldInsert %uint %u1 %u1 %u0 %u1", None, Ref::Accepts),
    Case::new("bits.types.1", BITS_BASE, "%a = OpBitFieldInsert %uint %u1 %i1 %u0 %u1", Some("bits.types"), Ref::Rejects),
    Case::new("bits.types.2", BITS_BASE, "%a = OpBitFieldInsert %uint %i1 %u1 %u0 %u1", Some("bits.types"), Ref::Rejects),
    Case::new("bits.types.3", BITS_BASE, "%a = OpBitFieldInsert %uint %u1 %u1 %f1 %u1", Some("bits.types"), Ref::Rejects),
    Case::new("bits.types.4", BITS_BASE, "%a = OpBitFieldInsert %uint %u1 %u1 %b4 %u1", Some("bits.types"), Ref::Rejects),
    Case::new("bits.types.5", BITS_BASE, "%a = OpBitFieldInsert %uint %u1 %u1 %u0 %f1", Some("bits.types"), Ref::Rejects),
    Case::new("valid.2", BITS_BASE, "%a = OpBitFieldInsert %v4u %b4 %b4 %u0 %u1", None, Ref::Accepts),
    Case::new("valid.3", BITS_BASE, "%a = OpBitFieldInsert %v4u %b4 %b4 %i1 %i3", None, Ref::Accepts),
    Case::new("valid.4", BITS_BASE, "%a = OpBitFieldSExtract %uint %u1 %u0 %u1", None, Ref::Accepts),
    Case::new("bits.types.6", BITS_BASE, "%a = OpBitFieldSExtract %uint %i1 %u0 %u1", Some("bits.types"), Ref::Rejects),
    Case::new("bits.types.7", BITS_BASE, "%a = OpBitFieldUExtract %uint %u1 %f1 %u1", Some("bits.types"), Ref::Rejects),
    Case::new("bits.types.8", BITS_BASE, "%a = OpBitFieldUExtract %float %f1 %u1 %u1", Some("bits.types"), Ref::Rejects),
    Case::new("bits.types.9", BITS_BASE, "%a = OpBitReverse %uint %i1", Some("bits.types"), Ref::Rejects),
    Case::new("valid.5", BITS_BASE, "%a = OpBitReverse %uint %u1", None, Ref::Accepts),
    Case::new("valid.6", BITS_BASE, "%a = OpBitCount %uint %i1", None, Ref::Accepts),
    Case::new("bits.types.10", BITS_BASE, "%a = OpBitCount %uint %b4", Some("bits.types"), Ref::Rejects),
    Case::new("bits.types.11", BITS_BASE, "%a = OpBitCount %float %u1", Some("bits.types"), Ref::Rejects),
    Case::new("bits.types.12", BITS_BASE, "%a = OpBitCount %v4u %u1", Some("bits.types"), Ref::Rejects),
    Case::new("valid.7", BITS_BASE, "%a = OpBitCount %v4u %b4i", None, Ref::Accepts),
    Case::new("bits.types.13", BITS_BASE, "%a = OpBitCount %uint %f1", Some("bits.types"), Ref::Rejects),
];

#[test]
fn bit_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
