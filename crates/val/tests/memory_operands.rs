//! Memory operand masks (`instructions/memory.rs`): MakePointerAvailable/Visible with
//! NonPrivatePointer and their scopes, NonPrivatePointer storage classes, Aligned on
//! PhysicalStorageBuffer accesses, OpCopyMemory's target/source masks, and OpCopyMemorySized's
//! operands and Size — each tested both ways. The kernel module also declares signed 8-, 16-
//! and 64-bit ints, which spirv-val accepts with the Kernel capability (only 32-bit signed ints
//! are rejected there). Every case's spirv-val 2025.5 verdict is recorded and re-checked by
//! `reference_agrees` when the reference tools exist.

mod fixtures;
mod reference;
use fixtures::KERNEL_BASE;
use reference::{check_case, Case, Ref};

/// A compute shader under the Vulkan memory model: `%wg` Workgroup, `%sp` StorageBuffer,
/// `%fv` Function and `%pa` PhysicalStorageBuffer pointers to uint.
const VULKAN_MEMORY_BASE: &str = r#"OpCapability Shader
OpCapability VulkanMemoryModel
OpCapability PhysicalStorageBufferAddresses
OpCapability Int64
OpExtension "SPV_KHR_physical_storage_buffer"
OpMemoryModel PhysicalStorageBuffer64 Vulkan
OpEntryPoint GLCompute %main "main" %wg %sb
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %blk Block
OpMemberDecorate %blk 0 Offset 0
OpDecorate %sb DescriptorSet 0
OpDecorate %sb Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u2 = OpConstant %uint 2
%u4 = OpConstant %uint 4
%u5 = OpConstant %uint 5
%f1 = OpConstant %float 1
%l4 = OpConstant %ulong 4
%blk = OpTypeStruct %uint
%pwu = OpTypePointer Workgroup %uint
%pfu = OpTypePointer Function %uint
%psb = OpTypePointer StorageBuffer %blk
%psu = OpTypePointer StorageBuffer %uint
%ppu = OpTypePointer PhysicalStorageBuffer %uint
%wg = OpVariable %pwu Workgroup
%sb = OpVariable %psb StorageBuffer
TYPES
%main = OpFunction %void None %fn
%e = OpLabel
%fv = OpVariable %pfu Function
%sp = OpAccessChain %psu %sb %u0
%pa = OpConvertUToPtr %ppu %l4
BODY
OpReturn
OpFunctionEnd
"#;

#[rustfmt::skip]
pub const CASES: &[Case] = &[
    Case::new("valid.1", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %wg", None, Ref::Accepts),
    Case::new("valid.2", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %wg MakePointerVisible|NonPrivatePointer %u2", None, Ref::Accepts),
    Case::new("memory.operands.1", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %wg MakePointerVisible %u2", Some("memory.operands"), Ref::Rejects),
    Case::new("memory.operands.2", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %wg MakePointerAvailable|NonPrivatePointer %u2", Some("memory.operands"), Ref::Rejects),
    Case::new("valid.3", VULKAN_MEMORY_BASE, "OpStore %wg %u1 MakePointerAvailable|NonPrivatePointer %u2", None, Ref::Accepts),
    Case::new("memory.operands.3", VULKAN_MEMORY_BASE, "OpStore %wg %u1 MakePointerAvailable %u2", Some("memory.operands"), Ref::Rejects),
    Case::new("memory.operands.4", VULKAN_MEMORY_BASE, "OpStore %wg %u1 MakePointerVisible|NonPrivatePointer %u2", Some("memory.operands"), Ref::Rejects),
    Case::new("memory.operands.5", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %fv NonPrivatePointer", Some("memory.operands"), Ref::Rejects),
    Case::new("valid.4", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %sp NonPrivatePointer", None, Ref::Accepts),
    Case::new("memory.operands.6", VULKAN_MEMORY_BASE, "OpStore %fv %u1 NonPrivatePointer", Some("memory.operands"), Ref::Rejects),
    Case::new("valid.5", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %wg MakePointerVisible|NonPrivatePointer %u5", None, Ref::Accepts),
    Case::new("scope.type.1", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %wg MakePointerVisible|NonPrivatePointer %f1", Some("scope.type"), Ref::Rejects),
    Case::new("valid.6", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %pa Aligned 4", None, Ref::Accepts),
    Case::new("memory.aligned.1", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %pa", Some("memory.aligned"), Ref::Rejects),
    Case::new("memory.aligned.2", VULKAN_MEMORY_BASE, "OpStore %pa %u1", Some("memory.aligned"), Ref::Rejects),
    Case::new("valid.7", VULKAN_MEMORY_BASE, "OpStore %pa %u1 Aligned 4", None, Ref::Accepts),
    Case::new("valid.8", VULKAN_MEMORY_BASE, "OpCopyMemory %wg %sp", None, Ref::Accepts),
    Case::new("valid.9", VULKAN_MEMORY_BASE, "OpCopyMemory %wg %sp MakePointerAvailable|NonPrivatePointer %u2", None, Ref::Accepts),
    Case::new("valid.10", VULKAN_MEMORY_BASE, "OpCopyMemory %wg %sp MakePointerVisible|NonPrivatePointer %u2", None, Ref::Accepts),
    Case::new("valid.11", VULKAN_MEMORY_BASE, "OpCopyMemory %wg %sp MakePointerAvailable|NonPrivatePointer %u2 MakePointerVisible|NonPrivatePointer %u2", None, Ref::Accepts),
    Case::new("memory.operands.7", VULKAN_MEMORY_BASE, "OpCopyMemory %wg %sp MakePointerVisible|NonPrivatePointer %u2 MakePointerVisible|NonPrivatePointer %u2", Some("memory.operands"), Ref::Rejects),
    Case::new("memory.operands.8", VULKAN_MEMORY_BASE, "OpCopyMemory %wg %fv None NonPrivatePointer", Some("memory.operands"), Ref::Rejects),
    Case::new("memory.operands.9", VULKAN_MEMORY_BASE, "OpCopyMemory %fv %wg NonPrivatePointer", Some("memory.operands"), Ref::Rejects),
    Case::new("valid.12", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %wg Volatile", None, Ref::Accepts),
    Case::new("valid.13", VULKAN_MEMORY_BASE, "%a = OpLoad %uint %wg Nontemporal", None, Ref::Accepts),
    Case::new("sized.valid.1", KERNEL_BASE, "OpCopyMemorySized %pf %pf2 %l1", None, Ref::Accepts),
    Case::new("sized.valid.2", KERNEL_BASE, "OpCopyMemorySized %pf %pf2 %i1", None, Ref::Accepts),
    Case::new("sized.valid.3", KERNEL_BASE, "OpCopyMemorySized %pf %pf2 %s1", None, Ref::Accepts),
    Case::new("sized.memory.copy_sized.1", KERNEL_BASE, "OpCopyMemorySized %pf %pf2 %f1", Some("memory.copy_sized"), Ref::Rejects),
    Case::new("sized.memory.copy_sized.2", KERNEL_BASE, "OpCopyMemorySized %pf %pf2 %l0", Some("memory.copy_sized"), Ref::Rejects),
    Case::new("sized.memory.copy_sized.3", KERNEL_BASE, "OpCopyMemorySized %pf %pf2 %nl", Some("memory.copy_sized"), Ref::Rejects),
    Case::new("sized.memory.copy_sized.4", KERNEL_BASE, "OpCopyMemorySized %pf %pf2 %lm1", Some("memory.copy_sized"), Ref::Rejects),
    Case::new("sized.memory.copy_sized.5", KERNEL_BASE, "OpCopyMemorySized %pf %f1 %l1", Some("memory.copy_sized"), Ref::Rejects),
    Case::new("sized.memory.copy_sized.6", KERNEL_BASE, "OpCopyMemorySized %f1 %pf %l1", Some("memory.copy_sized"), Ref::Rejects),
    Case::new("sized.valid.4", KERNEL_BASE, "%x = OpIAdd %long %l1 %l1\nOpCopyMemorySized %pf %pf2 %x", None, Ref::Accepts),
    Case::new("sized.valid.5", KERNEL_BASE, "OpCopyMemorySized %pf %pf2 %l1 Aligned 4", None, Ref::Accepts),
    Case::new("sized.memory.aligned.1", KERNEL_BASE, "OpCopyMemorySized %pf %pf2 %l1 Aligned 3", Some("memory.aligned"), Ref::Rejects),
];

#[test]
fn memory_operand_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
