//! Instructions and enumerants from the grammar supplement (extensions newer than the pinned
//! SPIRV-Headers, `crates/grammar/supplement`): the assembler reads them by name and the
//! validator knows OpAbortKHR (SPV_KHR_abort) ends a block, as OpUnreachable does.

mod common;
use common::{assemble, assert_rule, assert_valid};

const ABORT: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability Linkage
OpCapability AbortKHR
OpExtension \"SPV_KHR_abort\"
OpMemoryModel Physical64 OpenCL
OpDecorate %f LinkageAttributes \"f\" Export
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%msg = OpConstant %uint 7
%fnty = OpTypeFunction %void
%f = OpFunction %void None %fnty
%entry = OpLabel
OpAbortKHR %uint %msg
OpFunctionEnd
";

#[test]
fn abort_ends_a_block() {
    assert_valid(&assemble(ABORT));
    // The same block without a terminator is still refused.
    let open = ABORT.replace("OpAbortKHR %uint %msg\n", "");
    assert_rule(&assemble(&open), "layout.block");
}

#[test]
fn supplement_enumerants_assemble_by_name() {
    let text = ABORT
        .replace(
            "OpCapability AbortKHR\n",
            "OpCapability AbortKHR\nOpCapability WeakLinkageAMD\n",
        )
        .replace(
            "OpExtension \"SPV_KHR_abort\"\n",
            "OpExtension \"SPV_KHR_abort\"\nOpExtension \"SPV_AMD_weak_linkage\"\n",
        )
        .replace("\"f\" Export", "\"f\" WeakAMD");
    let words = assemble(&text);
    assert!(
        words.windows(2).any(|w| w == [u32::from(b'f'), 3]),
        "LinkageAttributes \"f\" WeakAMD is the linkage type 3"
    );
    assert_valid(&words);
}

/// A kernel whose `CAPS`, `EXTS`, `TYPES` and `BODY` a test fills in.
const KERNEL: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability Linkage
CAPS
EXTS
OpMemoryModel Physical64 OpenCL
OpDecorate %f LinkageAttributes \"f\" Export
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%fnty = OpTypeFunction %void
TYPES
%f = OpFunction %void None %fnty
%entry = OpLabel
BODY
OpReturn
OpFunctionEnd
";

fn kernel(caps: &str, exts: &str, types: &str, body: &str) -> String {
    KERNEL
        .replace("CAPS", caps)
        .replace("EXTS", exts)
        .replace("TYPES", types)
        .replace("BODY", body)
}

#[test]
fn sixteen_bit_atomics_capabilities_are_known() {
    // SPV_INTEL_16bit_atomics (t/039, t/040, t2/0018, t5/0071: llvm-spirv's bfloat16
    // atomics): a bfloat16 atomic add under AtomicBFloat16AddINTEL.
    let text = kernel(
        "OpCapability BFloat16TypeKHR\nOpCapability AtomicBFloat16AddINTEL\n\
         OpCapability AtomicBFloat16MinMaxINTEL\nOpCapability AtomicBFloat16LoadStoreINTEL\n\
         OpCapability Int16AtomicsINTEL",
        "OpExtension \"SPV_KHR_bfloat16\"\nOpExtension \"SPV_INTEL_16bit_atomics\"\n\
         OpExtension \"SPV_EXT_shader_atomic_float_add\"",
        "%bf = OpTypeFloat 16 BFloat16KHR\n%pbf = OpTypePointer CrossWorkgroup %bf\n\
         %null = OpConstantNull %pbf\n%one = OpConstantNull %bf\n\
         %dev = OpConstant %uint 1\n%relaxed = OpConstant %uint 0",
        "%r = OpAtomicFAddEXT %bf %null %dev %relaxed %one",
    );
    let words = assemble(&text);
    for value in [6255, 6256, 6262, 6261] {
        assert!(
            words.windows(2).any(|w| w == [(2 << 16) | 17, value]),
            "OpCapability {value}"
        );
    }
    assert_valid(&words);
    // The earlier SPV_INTEL_shader_atomic_bfloat16 names the add and min/max capabilities too.
    let older = text
        .replace("OpCapability AtomicBFloat16LoadStoreINTEL\n", "")
        .replace("OpCapability Int16AtomicsINTEL", "")
        .replace(
            "SPV_INTEL_16bit_atomics",
            "SPV_INTEL_shader_atomic_bfloat16",
        );
    assert_valid(&assemble(&older));
}

#[test]
fn joint_matrix_component_interpretations_are_cooperative_matrix_operands() {
    // SPV_INTEL_joint_matrix's Cooperative Matrix Operands 0x20..0x100 (t4/0038, t5/0073).
    let text = kernel(
        "OpCapability Int16\nOpCapability CooperativeMatrixKHR\n\
         OpCapability CooperativeMatrixBFloat16ComponentTypeINTEL",
        "OpExtension \"SPV_KHR_cooperative_matrix\"\nOpExtension \"SPV_INTEL_joint_matrix\"",
        "%short = OpTypeInt 16 0\n%float = OpTypeFloat 32\n%sg = OpConstant %uint 3\n\
         %u0 = OpConstant %uint 0\n%u1 = OpConstant %uint 1\n%u2 = OpConstant %uint 2\n\
         %u8 = OpConstant %uint 8\n%u16 = OpConstant %uint 16\n\
         %MA = OpTypeCooperativeMatrixKHR %short %sg %u8 %u16 %u0\n\
         %MB = OpTypeCooperativeMatrixKHR %short %sg %u16 %u16 %u1\n\
         %MC = OpTypeCooperativeMatrixKHR %float %sg %u8 %u16 %u2\n\
         %a = OpUndef %MA\n%b = OpUndef %MB\n%c = OpUndef %MC",
        "%r = OpCooperativeMatrixMulAddKHR %MC %a %b %c MatrixAAndBBFloat16ComponentsINTEL",
    );
    let words = assemble(&text);
    assert!(
        words.windows(2).any(|w| w[1] == 0x40 && w[0] != 0x40),
        "the operand mask 0x40"
    );
    assert_valid(&words);
}

#[test]
fn float4_matrix_multiply_accumulate_operands_are_known() {
    // SPV_INTEL_subgroup_matrix_multiply_accumulate_float4 (t5/0046).
    let text = kernel(
        "OpCapability Int8\nOpCapability Vector16\nOpCapability SubgroupMatrixMultiplyAccumulateINTEL",
        "OpExtension \"SPV_INTEL_subgroup_matrix_multiply_accumulate\"\n\
         OpExtension \"SPV_INTEL_subgroup_matrix_multiply_accumulate_float4\"",
        "%char = OpTypeInt 8 0\n%float = OpTypeFloat 32\n%v4char = OpTypeVector %char 4\n\
         %v8char = OpTypeVector %char 8\n%v4float = OpTypeVector %float 4\n\
         %k = OpConstant %uint 8\n%a = OpUndef %v4char\n%b = OpUndef %v8char\n\
         %c = OpUndef %v4float",
        "%r = OpSubgroupMatrixMultiplyAccumulateINTEL %v4float %k %a %b %c \
         MatrixAPackedFloat4E2M1INTEL|MatrixBPackedFloat4E2M1INTEL",
    );
    let words = assemble(&text);
    assert!(words.contains(&0xC0000), "the operand mask 0xC0000");
    assert_valid(&words);
}

/// SPV_INTEL_joint_matrix before the KHR cooperative matrix (llvm-spirv's OpTypeJointMatrixINTEL,
/// 6119): the dynamic vector instructions address a work-item's elements of a joint matrix;
/// the element type must be the matrix's component type.
const JOINT_MATRIX_ELEMENT: &str = "
OpCapability Addresses
OpCapability Kernel
OpCapability Linkage
OpCapability Int64
OpCapability JointMatrixINTEL
OpExtension \"SPV_INTEL_joint_matrix\"
OpMemoryModel Physical64 OpenCL
OpDecorate %f LinkageAttributes \"f\" Export
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%uint_8 = OpConstant %uint 8
%uint_16 = OpConstant %uint 16
%uint_0 = OpConstant %uint 0
%uint_3 = OpConstant %uint 3
%float_2 = OpConstant %float 2
%matrix = OpTypeJointMatrixINTEL %float %uint_8 %uint_16 %uint_0 %uint_3
%fnty = OpTypeFunction %void %ulong
%f = OpFunction %void None %fnty
%i = OpFunctionParameter %ulong
%entry = OpLabel
%m = OpCompositeConstruct %matrix %float_2
%e = OpVectorExtractDynamic %float %m %i
%m2 = OpVectorInsertDynamic %matrix %m %e %i
OpReturn
OpFunctionEnd
";

#[test]
fn joint_matrix_elements_by_dynamic_index() {
    assert_valid(&assemble(JOINT_MATRIX_ELEMENT));
    let wrong = JOINT_MATRIX_ELEMENT.replace(
        "%e = OpVectorExtractDynamic %float %m %i",
        "%e = OpVectorExtractDynamic %uint %m %i",
    );
    assert_rule(&assemble(&wrong), "composite.dynamic");
}

/// SPV_INTEL_int4 (session 19, litfwd19): Int4TypeINTEL makes `OpTypeInt 4 0` a type, so the
/// translator's packed Int4 conversions (a bitcast of an `i32` to eight 4-bit integers) pass;
/// without the capability a 4-bit integer stays refused, as spirv-val 2025.5 refuses it.
#[test]
fn int4_type_needs_the_int4_capability() {
    let text = kernel(
        "OpCapability Vector16\nOpCapability Int4TypeINTEL",
        "OpExtension \"SPV_INTEL_int4\"",
        "%i4 = OpTypeInt 4 0\n%v8i4 = OpTypeVector %i4 8\n%one = OpConstant %uint 1",
        "%cast = OpBitcast %v8i4 %one",
    );
    assert_valid(&assemble(&text));
    let without = text
        .replace("OpCapability Int4TypeINTEL", "")
        .replace("OpExtension \"SPV_INTEL_int4\"", "");
    assert_rule(&assemble(&without), "type.int_width");
}
