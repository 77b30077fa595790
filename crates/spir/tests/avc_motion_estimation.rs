//! SPV_INTEL_device_side_avc_motion_estimation: the `intel_sub_group_avc_*` built-ins and
//! types of cl_intel_device_side_avc_motion_estimation, in the forms clang 15 (typed and
//! opaque pointers) and clang 22 (`target("spirv.Avc...INTEL")`) emit them.
//!
//! spirv-val 2025.5 knows the instructions but not that the OpTypeAvc*INTEL are types ("must
//! appear in a block", for llvm-spirv's output as well), so every output is checked by
//! spirvkit's validator, and by spirv-val up to that one known limit.

mod common;

use common::{capabilities, defs, extensions, id, translate_with};
use spirvkit_core::{Instruction, Module};
use spirvkit_grammar::{Capability, Op};

const EXT: &str = "+SPV_INTEL_device_side_avc_motion_estimation";
const EXT_NAME: &str = "SPV_INTEL_device_side_avc_motion_estimation";

const HEADER: &str = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
"#;

/// spirvkit's validator must accept the module; spirv-val must too, unless its only complaint
/// is its known ignorance of the AVC types.
fn validate(m: &Module, tag: &str) {
    if let Err(diags) =
        spirvkit_val::validate(&m.to_words(), &spirvkit_val::ValidatorOptions::default())
    {
        panic!("{tag}: spirvkit val: {diags:?}");
    }
    let Some((accepted, stderr)) = common::run_spirv_val(m, "test-avc", tag) else {
        return;
    };
    assert!(
        accepted
            || (stderr.contains("must appear in a block")
                && (stderr.contains("TypeAvc") || stderr.contains("TypeVmeImageINTEL"))),
        "{tag}: spirv-val: {stderr}"
    );
}

/// Translated with the extension, typed and with SPV_KHR_untyped_pointers, both validated.
fn both_modes(src: &str, tag: &str) -> [Module; 2] {
    let untyped = format!("{EXT},+SPV_KHR_untyped_pointers");
    [EXT, untyped.as_str()].map(|ext| {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{tag} [{ext}]: {e}"));
        validate(&m, &format!("{tag}_{}", ext.len()));
        m
    })
}

fn ops(m: &Module, op: Op) -> Vec<&Instruction> {
    m.instructions().filter(|i| i.opcode == op).collect()
}

/// The opcodes of the AVC instructions in the function bodies, in order.
fn avc_sequence(m: &Module) -> Vec<&'static str> {
    m.instructions()
        .filter_map(|i| i.opcode.desc())
        .map(|d| d.opname)
        .filter(|n| n.starts_with("OpSubgroupAvc") || *n == "OpVmeImageINTEL")
        .collect()
}

fn declares(m: &Module, cap: Capability) -> bool {
    capabilities(m).contains(&cap.0)
}

fn assert_extension_declared(m: &Module) {
    assert_eq!(
        extensions(m)
            .iter()
            .filter(|e| e.as_str() == EXT_NAME)
            .count(),
        1
    );
    assert!(declares(m, Capability::SubgroupAvcMotionEstimationINTEL));
}

/// The result type of the instruction defining the `index`-th operand of `inst`.
fn operand_type_op(m: &Module, inst: &Instruction, index: usize) -> Op {
    let d = defs(m);
    let value = d[&id(&inst.operands[index])];
    let ty = value.result_type.expect("typed operand");
    d[&ty].opcode
}

// clang-15 -no-opaque-pointers: typed pointers to `%opencl.intel_sub_group_avc_*_t`.
const TYPED_IME: &str = r#"
%opencl.image2d_ro_t = type opaque
%opencl.sampler_t = type opaque
%opencl.intel_sub_group_avc_ime_payload_t = type opaque
%opencl.intel_sub_group_avc_ime_result_t = type opaque

define spir_func i64 @ime(%opencl.image2d_ro_t addrspace(1)* %src, %opencl.image2d_ro_t addrspace(1)* %ref, %opencl.sampler_t addrspace(2)* %s, <2 x i16> %coord) {
entry:
  %p = call spir_func %opencl.intel_sub_group_avc_ime_payload_t* @_Z34intel_sub_group_avc_ime_initializeDv2_thh(<2 x i16> %coord, i8 zeroext 0, i8 zeroext 0)
  %p1 = call spir_func %opencl.intel_sub_group_avc_ime_payload_t* @_Z44intel_sub_group_avc_ime_set_single_referenceDv2_sh37ocl_intel_sub_group_avc_ime_payload_t(<2 x i16> zeroinitializer, i8 zeroext 0, %opencl.intel_sub_group_avc_ime_payload_t* %p)
  %r = call spir_func %opencl.intel_sub_group_avc_ime_result_t* @_Z54intel_sub_group_avc_ime_evaluate_with_single_reference14ocl_image2d_roS_11ocl_sampler37ocl_intel_sub_group_avc_ime_payload_t(%opencl.image2d_ro_t addrspace(1)* %src, %opencl.image2d_ro_t addrspace(1)* %ref, %opencl.sampler_t addrspace(2)* %s, %opencl.intel_sub_group_avc_ime_payload_t* %p1)
  %mv = call spir_func i64 @_Z42intel_sub_group_avc_ime_get_motion_vectors36ocl_intel_sub_group_avc_ime_result_t(%opencl.intel_sub_group_avc_ime_result_t* %r)
  ret i64 %mv
}

declare spir_func %opencl.intel_sub_group_avc_ime_payload_t* @_Z34intel_sub_group_avc_ime_initializeDv2_thh(<2 x i16>, i8 zeroext, i8 zeroext)
declare spir_func %opencl.intel_sub_group_avc_ime_payload_t* @_Z44intel_sub_group_avc_ime_set_single_referenceDv2_sh37ocl_intel_sub_group_avc_ime_payload_t(<2 x i16>, i8 zeroext, %opencl.intel_sub_group_avc_ime_payload_t*)
declare spir_func %opencl.intel_sub_group_avc_ime_result_t* @_Z54intel_sub_group_avc_ime_evaluate_with_single_reference14ocl_image2d_roS_11ocl_sampler37ocl_intel_sub_group_avc_ime_payload_t(%opencl.image2d_ro_t addrspace(1)*, %opencl.image2d_ro_t addrspace(1)*, %opencl.sampler_t addrspace(2)*, %opencl.intel_sub_group_avc_ime_payload_t*)
declare spir_func i64 @_Z42intel_sub_group_avc_ime_get_motion_vectors36ocl_intel_sub_group_avc_ime_result_t(%opencl.intel_sub_group_avc_ime_result_t*)
"#;

/// The IME sequence llvm-spirv gives `TYPED_IME` and its clang-22 / opaque-pointer forms.
const IME_SEQUENCE: [&str; 7] = [
    "OpSubgroupAvcImeInitializeINTEL",
    "OpSubgroupAvcImeSetSingleReferenceINTEL",
    "OpVmeImageINTEL",
    "OpVmeImageINTEL",
    "OpSubgroupAvcImeEvaluateWithSingleReferenceINTEL",
    "OpSubgroupAvcImeConvertToMceResultINTEL",
    "OpSubgroupAvcMceGetMotionVectorsINTEL",
];

fn check_ime_module(m: &Module) {
    assert_extension_declared(m);
    assert_eq!(avc_sequence(m), IME_SEQUENCE);
    // Result types are the AVC types; the payload flows from initialize to evaluate.
    let init = ops(m, Op::SubgroupAvcImeInitializeINTEL)[0];
    let d = defs(m);
    assert_eq!(
        d[&init.result_type.expect("type")].opcode,
        Op::TypeAvcImePayloadINTEL
    );
    let eval = ops(m, Op::SubgroupAvcImeEvaluateWithSingleReferenceINTEL)[0];
    assert_eq!(
        d[&eval.result_type.expect("type")].opcode,
        Op::TypeAvcImeResultINTEL
    );
    // Src and ref images are VME images of the image type with the call's sampler.
    for i in 0..2 {
        let vme = d[&id(&eval.operands[i])];
        assert_eq!(vme.opcode, Op::VmeImageINTEL);
        let vme_ty = d[&vme.result_type.expect("type")];
        assert_eq!(vme_ty.opcode, Op::TypeVmeImageINTEL);
        assert_eq!(d[&id(&vme_ty.operands[0])].opcode, Op::TypeImage);
        assert_eq!(operand_type_op(m, vme, 1), Op::TypeSampler);
    }
    assert_eq!(operand_type_op(m, eval, 2), Op::TypeAvcImePayloadINTEL);
    // The MCE getter takes the IME result converted to an MCE result.
    let get = ops(m, Op::SubgroupAvcMceGetMotionVectorsINTEL)[0];
    assert_eq!(operand_type_op(m, get, 0), Op::TypeAvcMceResultINTEL);
}

#[test]
fn ime_builtins_with_typed_pointers_to_opencl_structs() {
    for m in both_modes(&format!("{HEADER}{TYPED_IME}"), "avc_ime_typed") {
        check_ime_module(&m);
    }
}

// clang-22: `target("spirv.Avc...INTEL")`, images and samplers as target types.
const TARGET_IME: &str = r#"
define spir_func i64 @ime(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %ref, target("spirv.Sampler") %s, <2 x i16> %coord) {
entry:
  %p = call spir_func target("spirv.AvcImePayloadINTEL") @_Z34intel_sub_group_avc_ime_initializeDv2_thh(<2 x i16> %coord, i8 zeroext 0, i8 zeroext 0)
  %p1 = call spir_func target("spirv.AvcImePayloadINTEL") @_Z44intel_sub_group_avc_ime_set_single_referenceDv2_sh37ocl_intel_sub_group_avc_ime_payload_t(<2 x i16> zeroinitializer, i8 zeroext 0, target("spirv.AvcImePayloadINTEL") %p)
  %r = call spir_func target("spirv.AvcImeResultINTEL") @_Z54intel_sub_group_avc_ime_evaluate_with_single_reference14ocl_image2d_roS_11ocl_sampler37ocl_intel_sub_group_avc_ime_payload_t(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %ref, target("spirv.Sampler") %s, target("spirv.AvcImePayloadINTEL") %p1)
  %mv = call spir_func i64 @_Z42intel_sub_group_avc_ime_get_motion_vectors36ocl_intel_sub_group_avc_ime_result_t(target("spirv.AvcImeResultINTEL") %r)
  ret i64 %mv
}

declare spir_func target("spirv.AvcImePayloadINTEL") @_Z34intel_sub_group_avc_ime_initializeDv2_thh(<2 x i16>, i8 zeroext, i8 zeroext)
declare spir_func target("spirv.AvcImePayloadINTEL") @_Z44intel_sub_group_avc_ime_set_single_referenceDv2_sh37ocl_intel_sub_group_avc_ime_payload_t(<2 x i16>, i8 zeroext, target("spirv.AvcImePayloadINTEL"))
declare spir_func target("spirv.AvcImeResultINTEL") @_Z54intel_sub_group_avc_ime_evaluate_with_single_reference14ocl_image2d_roS_11ocl_sampler37ocl_intel_sub_group_avc_ime_payload_t(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), target("spirv.Sampler"), target("spirv.AvcImePayloadINTEL"))
declare spir_func i64 @_Z42intel_sub_group_avc_ime_get_motion_vectors36ocl_intel_sub_group_avc_ime_result_t(target("spirv.AvcImeResultINTEL"))
"#;

#[test]
fn ime_builtins_with_target_extension_types() {
    for m in both_modes(&format!("{HEADER}{TARGET_IME}"), "avc_ime_target") {
        check_ime_module(&m);
    }
}

// clang-15 default (opaque pointers): every AVC value, image and sampler is a `ptr`; the
// mangled names and the instruction say what each is.
const OPAQUE_IME: &str = r#"
define spir_func i64 @ime(ptr addrspace(1) %src, ptr addrspace(1) %ref, ptr addrspace(2) %s, <2 x i16> %coord) {
entry:
  %p = call spir_func ptr @_Z34intel_sub_group_avc_ime_initializeDv2_thh(<2 x i16> %coord, i8 zeroext 0, i8 zeroext 0)
  %p1 = call spir_func ptr @_Z44intel_sub_group_avc_ime_set_single_referenceDv2_sh37ocl_intel_sub_group_avc_ime_payload_t(<2 x i16> zeroinitializer, i8 zeroext 0, ptr %p)
  %r = call spir_func ptr @_Z54intel_sub_group_avc_ime_evaluate_with_single_reference14ocl_image2d_roS_11ocl_sampler37ocl_intel_sub_group_avc_ime_payload_t(ptr addrspace(1) %src, ptr addrspace(1) %ref, ptr addrspace(2) %s, ptr %p1)
  %mv = call spir_func i64 @_Z42intel_sub_group_avc_ime_get_motion_vectors36ocl_intel_sub_group_avc_ime_result_t(ptr %r)
  ret i64 %mv
}

declare spir_func ptr @_Z34intel_sub_group_avc_ime_initializeDv2_thh(<2 x i16>, i8 zeroext, i8 zeroext)
declare spir_func ptr @_Z44intel_sub_group_avc_ime_set_single_referenceDv2_sh37ocl_intel_sub_group_avc_ime_payload_t(<2 x i16>, i8 zeroext, ptr)
declare spir_func ptr @_Z54intel_sub_group_avc_ime_evaluate_with_single_reference14ocl_image2d_roS_11ocl_sampler37ocl_intel_sub_group_avc_ime_payload_t(ptr addrspace(1), ptr addrspace(1), ptr addrspace(2), ptr)
declare spir_func i64 @_Z42intel_sub_group_avc_ime_get_motion_vectors36ocl_intel_sub_group_avc_ime_result_t(ptr)
"#;

#[test]
fn ime_builtins_with_opaque_pointers() {
    for m in both_modes(&format!("{HEADER}{OPAQUE_IME}"), "avc_ime_opaque") {
        check_ime_module(&m);
    }
}

// The REF and SIC forms of MCE setters and getters: converted to the MCE payload/result,
// the MCE instruction, and a payload converted back.
const WRAPPERS: &str = r#"
define spir_func i16 @wrappers(target("spirv.AvcRefPayloadINTEL") %rp, target("spirv.AvcSicResultINTEL") %sr, target("spirv.AvcSicPayloadINTEL") %sp) {
entry:
  %rp1 = call spir_func target("spirv.AvcRefPayloadINTEL") @_Z47intel_sub_group_avc_ref_set_inter_shape_penaltym37ocl_intel_sub_group_avc_ref_payload_t(i64 0, target("spirv.AvcRefPayloadINTEL") %rp)
  %sp1 = call spir_func target("spirv.AvcSicPayloadINTEL") @_Z55intel_sub_group_avc_sic_set_motion_vector_cost_functionmDv2_jh37ocl_intel_sub_group_avc_sic_payload_t(i64 0, <2 x i32> zeroinitializer, i8 zeroext 0, target("spirv.AvcSicPayloadINTEL") %sp)
  %d = call spir_func zeroext i16 @_Z45intel_sub_group_avc_sic_get_inter_distortions36ocl_intel_sub_group_avc_sic_result_t(target("spirv.AvcSicResultINTEL") %sr)
  ret i16 %d
}

declare spir_func target("spirv.AvcRefPayloadINTEL") @_Z47intel_sub_group_avc_ref_set_inter_shape_penaltym37ocl_intel_sub_group_avc_ref_payload_t(i64, target("spirv.AvcRefPayloadINTEL"))
declare spir_func target("spirv.AvcSicPayloadINTEL") @_Z55intel_sub_group_avc_sic_set_motion_vector_cost_functionmDv2_jh37ocl_intel_sub_group_avc_sic_payload_t(i64, <2 x i32>, i8 zeroext, target("spirv.AvcSicPayloadINTEL"))
declare spir_func zeroext i16 @_Z45intel_sub_group_avc_sic_get_inter_distortions36ocl_intel_sub_group_avc_sic_result_t(target("spirv.AvcSicResultINTEL"))
"#;

#[test]
fn ref_and_sic_forms_of_mce_operations_convert_through_mce_types() {
    for m in both_modes(&format!("{HEADER}{WRAPPERS}"), "avc_wrappers") {
        assert_extension_declared(&m);
        assert_eq!(
            avc_sequence(&m),
            [
                "OpSubgroupAvcRefConvertToMcePayloadINTEL",
                "OpSubgroupAvcMceSetInterShapePenaltyINTEL",
                "OpSubgroupAvcMceConvertToRefPayloadINTEL",
                "OpSubgroupAvcSicConvertToMcePayloadINTEL",
                "OpSubgroupAvcMceSetMotionVectorCostFunctionINTEL",
                "OpSubgroupAvcMceConvertToSicPayloadINTEL",
                "OpSubgroupAvcSicConvertToMceResultINTEL",
                "OpSubgroupAvcMceGetInterDistortionsINTEL",
            ]
        );
        let d = defs(&m);
        let back = ops(&m, Op::SubgroupAvcMceConvertToRefPayloadINTEL)[0];
        assert_eq!(
            d[&back.result_type.expect("type")].opcode,
            Op::TypeAvcRefPayloadINTEL
        );
        assert_eq!(operand_type_op(&m, back, 0), Op::TypeAvcMcePayloadINTEL);
    }
}

// Overloads told apart by their operand count: SIC IPE configuration with and without
// chroma, the interlaced multi-reference evaluations, the single and dual reference
// stream-out accessors.
const OVERLOADS: &str = r#"
define spir_func void @overloads(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src, target("spirv.Sampler") %s, target("spirv.AvcSicPayloadINTEL") %sp, target("spirv.AvcRefPayloadINTEL") %rp, target("spirv.AvcImeResultSingleReferenceStreamoutINTEL") %so1, target("spirv.AvcImeResultDualReferenceStreamoutINTEL") %so2, ptr addrspace(1) %out) {
entry:
  %luma = call spir_func target("spirv.AvcSicPayloadINTEL") @_Z37intel_sub_group_avc_sic_configure_ipehhhhhhh37ocl_intel_sub_group_avc_sic_payload_t(i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, target("spirv.AvcSicPayloadINTEL") %sp)
  %chroma = call spir_func target("spirv.AvcSicPayloadINTEL") @_Z37intel_sub_group_avc_sic_configure_ipehhhhhhttth37ocl_intel_sub_group_avc_sic_payload_t(i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i16 0, i16 0, i16 0, i8 0, target("spirv.AvcSicPayloadINTEL") %luma)
  %r1 = call spir_func target("spirv.AvcRefResultINTEL") @_Z53intel_sub_group_avc_ref_evaluate_with_multi_reference14ocl_image2d_roj11ocl_sampler37ocl_intel_sub_group_avc_ref_payload_t(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src, i32 0, target("spirv.Sampler") %s, target("spirv.AvcRefPayloadINTEL") %rp)
  %r2 = call spir_func target("spirv.AvcRefResultINTEL") @_Z53intel_sub_group_avc_ref_evaluate_with_multi_reference14ocl_image2d_rojh11ocl_sampler37ocl_intel_sub_group_avc_ref_payload_t(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src, i32 0, i8 0, target("spirv.Sampler") %s, target("spirv.AvcRefPayloadINTEL") %rp)
  %m1 = call spir_func i32 @_Z64intel_sub_group_avc_ime_get_streamout_major_shape_motion_vectors63ocl_intel_sub_group_avc_ime_result_single_reference_streamout_th(target("spirv.AvcImeResultSingleReferenceStreamoutINTEL") %so1, i8 0)
  %m2 = call spir_func i32 @_Z64intel_sub_group_avc_ime_get_streamout_major_shape_motion_vectors61ocl_intel_sub_group_avc_ime_result_dual_reference_streamout_thh(target("spirv.AvcImeResultDualReferenceStreamoutINTEL") %so2, i8 0, i8 0)
  store i32 %m1, ptr addrspace(1) %out
  store i32 %m2, ptr addrspace(1) %out
  ret void
}

declare spir_func target("spirv.AvcSicPayloadINTEL") @_Z37intel_sub_group_avc_sic_configure_ipehhhhhhh37ocl_intel_sub_group_avc_sic_payload_t(i8, i8, i8, i8, i8, i8, i8, target("spirv.AvcSicPayloadINTEL"))
declare spir_func target("spirv.AvcSicPayloadINTEL") @_Z37intel_sub_group_avc_sic_configure_ipehhhhhhttth37ocl_intel_sub_group_avc_sic_payload_t(i8, i8, i8, i8, i8, i8, i16, i16, i16, i8, target("spirv.AvcSicPayloadINTEL"))
declare spir_func target("spirv.AvcRefResultINTEL") @_Z53intel_sub_group_avc_ref_evaluate_with_multi_reference14ocl_image2d_roj11ocl_sampler37ocl_intel_sub_group_avc_ref_payload_t(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), i32, target("spirv.Sampler"), target("spirv.AvcRefPayloadINTEL"))
declare spir_func target("spirv.AvcRefResultINTEL") @_Z53intel_sub_group_avc_ref_evaluate_with_multi_reference14ocl_image2d_rojh11ocl_sampler37ocl_intel_sub_group_avc_ref_payload_t(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), i32, i8, target("spirv.Sampler"), target("spirv.AvcRefPayloadINTEL"))
declare spir_func i32 @_Z64intel_sub_group_avc_ime_get_streamout_major_shape_motion_vectors63ocl_intel_sub_group_avc_ime_result_single_reference_streamout_th(target("spirv.AvcImeResultSingleReferenceStreamoutINTEL"), i8)
declare spir_func i32 @_Z64intel_sub_group_avc_ime_get_streamout_major_shape_motion_vectors61ocl_intel_sub_group_avc_ime_result_dual_reference_streamout_thh(target("spirv.AvcImeResultDualReferenceStreamoutINTEL"), i8, i8)
"#;

#[test]
fn overloads_are_chosen_by_operand_count_with_their_capabilities() {
    for m in both_modes(&format!("{HEADER}{OVERLOADS}"), "avc_overloads") {
        assert_extension_declared(&m);
        assert_eq!(
            avc_sequence(&m),
            [
                "OpSubgroupAvcSicConfigureIpeLumaINTEL",
                "OpSubgroupAvcSicConfigureIpeLumaChromaINTEL",
                "OpVmeImageINTEL",
                "OpSubgroupAvcRefEvaluateWithMultiReferenceINTEL",
                "OpVmeImageINTEL",
                "OpSubgroupAvcRefEvaluateWithMultiReferenceInterlacedINTEL",
                "OpSubgroupAvcImeGetStreamoutSingleReferenceMajorShapeMotionVectorsINTEL",
                "OpSubgroupAvcImeGetStreamoutDualReferenceMajorShapeMotionVectorsINTEL",
            ]
        );
        // SIC needs the intra capability, chroma IPE the chroma one (as llvm-spirv declares).
        assert!(declares(
            &m,
            Capability::SubgroupAvcMotionEstimationIntraINTEL
        ));
        assert!(declares(
            &m,
            Capability::SubgroupAvcMotionEstimationChromaINTEL
        ));
        // The sampler is no operand of its own: interlaced takes src, ids, polarities, payload.
        let interlaced = ops(
            &m,
            Op::SubgroupAvcRefEvaluateWithMultiReferenceInterlacedINTEL,
        )[0];
        assert_eq!(interlaced.operands.len(), 4);
        assert_eq!(operand_type_op(&m, interlaced, 0), Op::TypeVmeImageINTEL);
    }
}

/// `intel_sub_group_avc_*_t` initializers (`CLK_AVC_IME_PAYLOAD_INITIALIZE_INTEL`, 0) are
/// null constants of the AVC type.
#[test]
fn initializers_are_null_constants_of_the_avc_types() {
    let src = format!(
        r#"{HEADER}
define spir_func i64 @init() {{
entry:
  %v = alloca target("spirv.AvcImeResultINTEL"), align 8
  store target("spirv.AvcImeResultINTEL") zeroinitializer, ptr %v, align 8
  %r = load target("spirv.AvcImeResultINTEL"), ptr %v, align 8
  %mv = call spir_func i64 @_Z42intel_sub_group_avc_ime_get_motion_vectors36ocl_intel_sub_group_avc_ime_result_t(target("spirv.AvcImeResultINTEL") %r)
  ret i64 %mv
}}
declare spir_func i64 @_Z42intel_sub_group_avc_ime_get_motion_vectors36ocl_intel_sub_group_avc_ime_result_t(target("spirv.AvcImeResultINTEL"))
"#
    );
    for m in both_modes(&src, "avc_initializers") {
        let d = defs(&m);
        let null = ops(&m, Op::ConstantNull)
            .into_iter()
            .find(|c| d[&c.result_type.expect("type")].opcode == Op::TypeAvcImeResultINTEL);
        assert!(null.is_some(), "no OpConstantNull of the IME result type");
    }
}

/// The specification's misspelled `intel_sub_group_ime_ref_window_size` is accepted as
/// llvm-spirv accepts it; names under the prefix that are no built-in stay calls.
#[test]
fn misspelled_window_size_maps_and_unknown_names_stay_calls() {
    let src = format!(
        r#"{HEADER}
define spir_func <2 x i16> @f() {{
entry:
  %w = call spir_func <2 x i16> @_Z35intel_sub_group_ime_ref_window_sizehc(i8 0, i8 0)
  call spir_func void @_Z31intel_sub_group_avc_mce_ime_boo()
  ret <2 x i16> %w
}}
declare spir_func <2 x i16> @_Z35intel_sub_group_ime_ref_window_sizehc(i8, i8)
declare spir_func void @_Z31intel_sub_group_avc_mce_ime_boo()
"#
    );
    for m in both_modes(&src, "avc_names") {
        assert_eq!(avc_sequence(&m), ["OpSubgroupAvcImeRefWindowSizeINTEL"]);
        assert_eq!(ops(&m, Op::FunctionCall).len(), 1);
    }
}

/// Without the extension the built-ins and the types are refused, naming it (llvm-spirv
/// stops with RequiresExtension).
#[test]
fn refused_naming_the_extension_without_it() {
    for (src, what) in [
        (TYPED_IME, "opencl.intel_sub_group_avc_ime_payload_t"),
        (TARGET_IME, "spirv.AvcImePayloadINTEL"),
        (OPAQUE_IME, "intel_sub_group_avc_ime_initialize"),
    ] {
        let err = translate_with(&format!("{HEADER}{src}"), "")
            .err()
            .unwrap_or_else(|| panic!("{what}: translated without {EXT_NAME}"));
        assert!(err.contains(EXT_NAME), "{err}");
        assert!(err.contains(what), "{err}");
        assert!(err.contains("@ime"), "{err}");
    }
}

/// SPIR-V friendly IR (llvm-spirv's reverse translation with target types):
/// `__spirv_VmeImageINTEL` returning `target("spirv.VmeImageINTEL", <image operands>)` and the
/// `__spirv_SubgroupAvc*INTEL` instructions by name.
#[test]
fn spirv_friendly_ir_with_vme_image_target_type() {
    let vme = r#"target("spirv.VmeImageINTEL", void, 1, 0, 0, 0, 0, 0, 0)"#;
    let img = r#"target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)"#;
    let src = format!(
        r#"{HEADER}
define spir_func i64 @f({img} %src, target("spirv.Sampler") %s, target("spirv.AvcImePayloadINTEL") %p) {{
entry:
  %v = call spir_func {vme} @_Z21__spirv_VmeImageINTEL({img} %src, target("spirv.Sampler") %s)
  %r = call spir_func target("spirv.AvcImeResultINTEL") @_Z54__spirv_SubgroupAvcImeEvaluateWithSingleReferenceINTEL({vme} %v, {vme} %v, target("spirv.AvcImePayloadINTEL") %p)
  %m = call spir_func target("spirv.AvcMceResultINTEL") @_Z45__spirv_SubgroupAvcImeConvertToMceResultINTEL(target("spirv.AvcImeResultINTEL") %r)
  %mv = call spir_func i64 @_Z43__spirv_SubgroupAvcMceGetMotionVectorsINTEL(target("spirv.AvcMceResultINTEL") %m)
  ret i64 %mv
}}
declare spir_func {vme} @_Z21__spirv_VmeImageINTEL({img}, target("spirv.Sampler"))
declare spir_func target("spirv.AvcImeResultINTEL") @_Z54__spirv_SubgroupAvcImeEvaluateWithSingleReferenceINTEL({vme}, {vme}, target("spirv.AvcImePayloadINTEL"))
declare spir_func target("spirv.AvcMceResultINTEL") @_Z45__spirv_SubgroupAvcImeConvertToMceResultINTEL(target("spirv.AvcImeResultINTEL"))
declare spir_func i64 @_Z43__spirv_SubgroupAvcMceGetMotionVectorsINTEL(target("spirv.AvcMceResultINTEL"))
"#
    );
    for m in both_modes(&src, "avc_spv_ir") {
        assert_extension_declared(&m);
        assert_eq!(
            avc_sequence(&m),
            [
                "OpVmeImageINTEL",
                "OpSubgroupAvcImeEvaluateWithSingleReferenceINTEL",
                "OpSubgroupAvcImeConvertToMceResultINTEL",
                "OpSubgroupAvcMceGetMotionVectorsINTEL",
            ]
        );
        let eval = ops(&m, Op::SubgroupAvcImeEvaluateWithSingleReferenceINTEL)[0];
        assert_eq!(operand_type_op(&m, eval, 0), Op::TypeVmeImageINTEL);
    }
    let Err(err) = translate_with(&src, "") else {
        panic!("translated without {EXT_NAME}");
    };
    assert!(err.contains(EXT_NAME), "{err}");
}
