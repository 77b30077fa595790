//! Logical-addressing pointer rules (`instructions/logical_pointers.rs`), each tested both
//! ways under no variable-pointers capability, VariablePointersStorageBuffer and
//! VariablePointers: pointers in composites and bitcasts, OpSelect/OpPhi/OpPtrAccessChain and
//! pointer comparisons, variables holding pointers. Every case's spirv-val 2025.5 verdict is
//! recorded and re-checked by `reference_agrees` when the reference tools exist.

mod fixtures;
mod reference;
use fixtures::LOGICAL_BASE;
use reference::{check_case, Case, Ref};

#[rustfmt::skip]
pub const CASES: &[Case] = &[
    // A specialization constant operation may not take a logical pointer (mutation finding).
    Case::new("logical_pointer.spec_constant_op", LOGICAL_BASE, "", Some("logical_pointer.operand"), Ref::Rejects).with_types("%sc = OpSpecConstantOp %bool UGreaterThan %u1 %wg"),
    Case::new("valid.spec_constant_op", LOGICAL_BASE, "", None, Ref::Accepts).with_types("%sc = OpSpecConstantOp %bool UGreaterThan %u1 %u0"),
    Case::new("logical_pointer.operand.1", LOGICAL_BASE, "%a = OpCompositeConstruct %st %wg", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("logical_pointer.operand.2", LOGICAL_BASE, "%u = OpUndef %st\n%a = OpCompositeInsert %st %wg %u 0", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("logical_pointer.operand.3", LOGICAL_BASE, "%a = OpBitcast %pwu %wg", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("logical_pointer.operand.4", LOGICAL_BASE, "%a = OpBitcast %pwu %fv", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("logical_pointer.variable.1", LOGICAL_BASE, "%p = OpVariable %ppw Function", Some("logical_pointer.variable"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("logical_pointer.variable.2", LOGICAL_BASE, "%p = OpVariable %ppf Function", Some("logical_pointer.variable"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("logical_pointer.variable.3", LOGICAL_BASE, "%p = OpVariable %pps Function", Some("logical_pointer.variable"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("valid.1", LOGICAL_BASE, "%p = OpVariable %pfst Function", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("logical_pointer.select.1", LOGICAL_BASE, "%a = OpSelect %pwu %t %wg %wg", Some("logical_pointer.select"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("logical_pointer.compare.1", LOGICAL_BASE, "%a = OpPtrEqual %bool %wg %wg", Some("logical_pointer.compare"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("logical_pointer.compare.2", LOGICAL_BASE, "%a = OpPtrNotEqual %bool %fv %fv", Some("logical_pointer.compare"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("valid.2", LOGICAL_BASE, "%a = OpCopyObject %pwu %wg", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st"),
    Case::new("logical_pointer.operand.5", LOGICAL_BASE, "%a = OpCompositeConstruct %st %wg", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("logical_pointer.operand.6", LOGICAL_BASE, "%u = OpUndef %st\n%a = OpCompositeInsert %st %wg %u 0", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("logical_pointer.operand.7", LOGICAL_BASE, "%a = OpBitcast %pwu %wg", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("logical_pointer.operand.8", LOGICAL_BASE, "%a = OpBitcast %pwu %fv", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("logical_pointer.variable.4", LOGICAL_BASE, "%p = OpVariable %ppw Function", Some("logical_pointer.variable"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("logical_pointer.variable.5", LOGICAL_BASE, "%p = OpVariable %ppf Function", Some("logical_pointer.variable"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("valid.3", LOGICAL_BASE, "%p = OpVariable %pps Function", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("valid.4", LOGICAL_BASE, "%p = OpVariable %pfst Function", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("logical_pointer.select.2", LOGICAL_BASE, "%a = OpSelect %pwu %t %wg %wg", Some("logical_pointer.select"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("logical_pointer.compare.3", LOGICAL_BASE, "%a = OpPtrEqual %bool %wg %wg", Some("logical_pointer.compare"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("logical_pointer.compare.4", LOGICAL_BASE, "%a = OpPtrNotEqual %bool %fv %fv", Some("logical_pointer.compare"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("valid.5", LOGICAL_BASE, "%a = OpCopyObject %pwu %wg", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("logical_pointer.operand.9", LOGICAL_BASE, "%a = OpCompositeConstruct %st %wg", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("logical_pointer.operand.10", LOGICAL_BASE, "%u = OpUndef %st\n%a = OpCompositeInsert %st %wg %u 0", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("logical_pointer.operand.11", LOGICAL_BASE, "%a = OpBitcast %pwu %wg", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("logical_pointer.operand.12", LOGICAL_BASE, "%a = OpBitcast %pwu %fv", Some("logical_pointer.operand"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("valid.6", LOGICAL_BASE, "%p = OpVariable %ppw Function", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("logical_pointer.variable.6", LOGICAL_BASE, "%p = OpVariable %ppf Function", Some("logical_pointer.variable"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("valid.7", LOGICAL_BASE, "%p = OpVariable %pps Function", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("valid.8", LOGICAL_BASE, "%p = OpVariable %pfst Function", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("valid.9", LOGICAL_BASE, "%a = OpSelect %pwu %t %wg %wg", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("valid.10", LOGICAL_BASE, "%a = OpPtrEqual %bool %wg %wg", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("logical_pointer.compare.5", LOGICAL_BASE, "%a = OpPtrNotEqual %bool %fv %fv", Some("logical_pointer.compare"), Ref::Rejects).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("valid.11", LOGICAL_BASE, "%a = OpCopyObject %pwu %wg", None, Ref::Accepts).with_types("%psu = OpTypePointer StorageBuffer %uint\n%pps = OpTypePointer Function %psu\n%ppf = OpTypePointer Function %pfu\n%pfst = OpTypePointer Function %st").with_capabilities("OpCapability VariablePointers"),
    Case::new("logical_pointer.storage_class.1", LOGICAL_BASE, "%a = OpPtrAccessChain %pwu %wg %u0", Some("logical_pointer.storage_class"), Ref::Rejects).with_capabilities("OpCapability VariablePointersStorageBuffer"),
    Case::new("logical_pointer.storage_class.2", LOGICAL_BASE, "OpBranch %n\n%n = OpLabel\n%a = OpPhi %pwu %wg %e", Some("logical_pointer.storage_class"), Ref::Rejects).with_capabilities("OpCapability VariablePointersStorageBuffer"),
    // The index 2 is %wg's id: literals are not pointer operands (found by the corpus).
    Case::new("composite_insert_literal_index_is_not_an_id", LOGICAL_BASE, "%un = OpUndef %arr4\n%a = OpCompositeInsert %arr4 %u1 %un 2", None, Ref::Accepts).with_types("%u4 = OpConstant %uint 4\n%arr4 = OpTypeArray %uint %u4"),
];

#[test]
fn logical_pointer_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}

/// `--relax-logical-pointer` lifts the variable rule (spirv-val 2025.5 accepts this module with
/// the flag and rejects it without; rust-gpu relies on the flag).
#[test]
fn relax_logical_pointer_allows_variables_holding_pointers() {
    let text = "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n\
                %v = OpTypeVoid\n%f = OpTypeFloat 32\n%pf = OpTypePointer Private %f\n\
                %ppf = OpTypePointer Function %pf\n%fn = OpTypeFunction %v\n\
                %main = OpFunction %v None %fn\n%l = OpLabel\n%var = OpVariable %ppf Function\n\
                OpReturn\nOpFunctionEnd\n";
    let words = spirvkit_text::assemble(text, &Default::default()).unwrap();
    let mut opts = spirvkit_val::ValidatorOptions::default();
    let strict = spirvkit_val::validate(&words, &opts).unwrap_err();
    assert_eq!(strict[0].rule, "logical_pointer.variable");
    opts.relax.relax_logical_pointer = true;
    assert!(spirvkit_val::validate(&words, &opts).is_ok());
}
