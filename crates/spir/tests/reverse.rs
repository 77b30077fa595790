//! The reverse translator (SPIR-V → SPIR 1.2 LLVM): forward-translated kernels come back as
//! typed-pointer SPIR with their built-ins and kernel metadata; shader modules are refused;
//! mutated modules never panic.

use proptest::prelude::*;
use spirvkit_llvm::{CallingConv, Type};
use spirvkit_spir::reverse::{reverse_words, ReverseOptions};
use spirvkit_spir::{translate_to_words, TranslateOptions};

const KERNEL: &str = r#"
target datalayout = "e-p:64:64:64-i64:64:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @scale(float addrspace(1)* %out, float addrspace(1)* %in, i32 %n, <4 x float> addrspace(1)* %v) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds float, float addrspace(1)* %in, i64 %id
  %x = load float, float addrspace(1)* %p, align 4
  %s = call spir_func float @_Z4sqrtf(float %x)
  %c = sitofp i32 %n to float
  %y = fmul float %s, %c
  %q = getelementptr inbounds float, float addrspace(1)* %out, i64 %id
  store float %y, float addrspace(1)* %q, align 4
  %w = call spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64 %id, float addrspace(1)* %in)
  store <4 x float> %w, <4 x float> addrspace(1)* %v, align 16
  call spir_func void @_Z7barrierj(i32 1)
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func float @_Z4sqrtf(float)
declare spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64, float addrspace(1)*)
declare spir_func void @_Z7barrierj(i32)

!opencl.kernels = !{!0}
!0 = !{void (float addrspace(1)*, float addrspace(1)*, i32, <4 x float> addrspace(1)*)* @scale, !1, !2, !3, !4, !5}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 1, i32 0, i32 1}
!2 = !{!"kernel_arg_access_qual", !"none", !"none", !"none", !"none"}
!3 = !{!"kernel_arg_type", !"float*", !"float*", !"int", !"float4*"}
!4 = !{!"kernel_arg_type_qual", !"", !"const", !"", !""}
!5 = !{!"kernel_arg_base_type", !"float*", !"float*", !"int", !"float4*"}
"#;

fn spirv(ext: &str) -> Vec<u32> {
    let m = spirvkit_llvm::parse_text(KERNEL, "kernel.ll").expect("test kernel parses");
    let mut opts = TranslateOptions::default();
    opts.apply_extension_list(ext)
        .expect("known extension list");
    translate_to_words(&m, &opts).expect("forward translation")
}

fn check_round_trip(words: &[u32]) {
    let m = reverse_words(words, &ReverseOptions::default()).expect("reverse translation");
    assert_eq!(m.triple.as_deref(), Some("spir64-unknown-unknown"));
    let kernel = m
        .functions
        .iter()
        .find(|f| f.name == "scale")
        .expect("kernel");
    assert_eq!(kernel.cc, CallingConv::SPIR_KERNEL);
    assert!(kernel.attachment("kernel_arg_type").is_some());
    for name in [
        "_Z13get_global_idj",
        "_Z4sqrtf",
        "_Z6vload4mPU3AS1Kf",
        "_Z7barrierj",
    ] {
        assert!(
            m.functions.iter().any(|f| f.name == name),
            "missing call to {name}"
        );
    }
    // Typed pointers only: SPIR 1.2.
    assert!(m
        .types
        .iter()
        .all(|(_, t)| !matches!(t, Type::Pointer { pointee: None, .. })));
    let ty = m.types.get(kernel.args[0].ty);
    assert!(matches!(
        ty,
        Type::Pointer {
            addrspace: 1,
            pointee: Some(_)
        }
    ));
    // The kept OpString restores the argument type names.
    let types = kernel.attachment("kernel_arg_type").expect("types");
    let names: Vec<String> = m
        .node_operands(types)
        .iter()
        .filter_map(|o| m.md_string(o))
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .collect();
    assert_eq!(names, ["float*", "float*", "int", "float4*"]);
    let bytes = spirvkit_llvm::write_bitcode(&m, "scale.bc").expect("bitcode");
    spirvkit_llvm::read_bitcode(&bytes, "scale.bc").expect("reads back");
}

#[test]
fn typed_kernel_round_trips() {
    check_round_trip(&spirv(""));
}

#[test]
fn untyped_pointer_kernel_round_trips() {
    check_round_trip(&spirv("+SPV_KHR_untyped_pointers"));
}

#[test]
fn shader_modules_are_refused() {
    let words = [
        0x0723_0203,
        0x0001_0000,
        0,
        1,
        0,
        (2 << 16) | 17,
        1, // OpCapability Shader
        (3 << 16) | 14,
        0,
        1, // OpMemoryModel Logical GLSL450
    ];
    let err = reverse_words(&words, &ReverseOptions::default()).expect_err("shader refused");
    let text = err.to_string();
    assert!(text.contains("word 7") && text.contains("shader"), "{text}");
}

/// A corrupt vector component count (a flipped high bit) is refused instead of building
/// splats and masks element by element (this once took 22 GB in the proptest below).
#[test]
fn huge_vector_component_counts_are_refused() {
    let mut words = spirv("");
    let mut at = 5;
    let mut found = false;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if words[at] & 0xffff == 23 && count == 4 {
            // OpTypeVector: result, component type, component count.
            words[at + 3] |= 1 << 30;
            found = true;
            break;
        }
        at += count.max(1);
    }
    assert!(found, "the test kernel has a vector type");
    let err = reverse_words(&words, &ReverseOptions::default()).expect_err("refused");
    assert!(err.to_string().contains("components"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn mutated_modules_never_panic(seed in any::<u64>(), count in 1usize..6) {
        let mut words = spirv("");
        let mut s = seed;
        for _ in 0..count {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let at = 5 + (s >> 33) as usize % (words.len() - 5);
            let bits = (s >> 7) as u32;
            if let Some(w) = words.get_mut(at) {
                *w = if s & 1 == 0 { *w ^ (1 << (bits % 32)) } else { bits % 64 };
            }
        }
        if let Ok(m) = reverse_words(&words, &ReverseOptions::default()) {
            let _ = spirvkit_llvm::write_bitcode(&m, "mutant.bc");
            let _ = m.to_ll(&spirvkit_llvm::WriteOptions::typed());
        }
    }
}

/// A rounding or saturating conversion from `half` to an integer calls the `float` overload on
/// the exactly widened value (the same result; libraries without cl_khr_fp16 have only that).
#[test]
fn half_to_integer_conversions_use_the_float_overload() {
    let src = r#"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(i16 addrspace(1)* %out, half addrspace(1)* %in) {
entry:
  %h = load half, half addrspace(1)* %in, align 2
  %s = call spir_func i16 @_Z17convert_short_rtzDh(half %h)
  store i16 %s, i16 addrspace(1)* %out, align 2
  ret void
}
declare spir_func i16 @_Z17convert_short_rtzDh(half)
"#;
    let m = spirvkit_llvm::parse_text(src, "half.ll").expect("parses");
    let words = translate_to_words(&m, &TranslateOptions::default()).expect("forward");
    let back = reverse_words(&words, &ReverseOptions::default()).expect("reverse");
    let ll = back.to_ll(&spirvkit_llvm::WriteOptions::typed());
    assert!(ll.contains("fpext half"), "{ll}");
    assert!(ll.contains("@_Z17convert_short_rtzf(float"), "{ll}");
    // SPV-IR keeps the half operand, as llvm-spirv -r --spirv-target-env=SPV-IR writes it.
    let opts = ReverseOptions {
        target: spirvkit_spir::reverse::TargetEnv::SpvIr,
        ..Default::default()
    };
    let spv_ir = reverse_words(&words, &opts).expect("reverse to SPV-IR");
    let names: Vec<&str> = spv_ir.functions.iter().map(|f| f.name.as_str()).collect();
    assert!(names.iter().any(|n| n.ends_with("_rtzDh")), "{names:?}");
}

/// OpAny / OpAll come back as LLVM's bool-vector reductions in SPV-IR, which translate forward
/// again (a bitcast of `<N x i1>` to `iN`, the other LLVM spelling, has no SPIR-V form); in the
/// OpenCL C dialects as llvm-spirv's `any` / `all` on the sign-extended condition (session 19,
/// litrev19), which translate forward again too.
#[test]
fn any_and_all_become_vector_reductions_that_translate_forward_again() {
    let src = r#"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(i32 addrspace(1)* %out, <4 x i32> %a) {
entry:
  %any = call spir_func i32 @_Z3anyDv4_i(<4 x i32> %a)
  %all = call spir_func i32 @_Z3allDv4_i(<4 x i32> %a)
  %both = and i32 %any, %all
  store i32 %both, i32 addrspace(1)* %out, align 4
  ret void
}
declare spir_func i32 @_Z3anyDv4_i(<4 x i32>)
declare spir_func i32 @_Z3allDv4_i(<4 x i32>)
"#;
    let m = spirvkit_llvm::parse_text(src, "any.ll").expect("parses");
    let words = translate_to_words(&m, &TranslateOptions::default()).expect("forward");
    let text = spirvkit_text::disassemble(&words, &Default::default()).expect("disassembles");
    assert!(text.contains("OpAny") && text.contains("OpAll"), "{text}");
    for target in [
        spirvkit_spir::reverse::TargetEnv::Cl12,
        spirvkit_spir::reverse::TargetEnv::SpvIr,
    ] {
        let opts = ReverseOptions {
            target,
            ..Default::default()
        };
        let back = reverse_words(&words, &opts).expect("reverse");
        let ll = back.to_ll(&spirvkit_llvm::WriteOptions::opaque());
        if target == spirvkit_spir::reverse::TargetEnv::SpvIr {
            assert!(
                ll.contains("call i1 @llvm.vector.reduce.or.v4i1(<4 x i1>"),
                "{ll}"
            );
            assert!(
                ll.contains("call i1 @llvm.vector.reduce.and.v4i1(<4 x i1>"),
                "{ll}"
            );
        } else {
            assert!(ll.contains("sext <4 x i1>"), "{ll}");
            assert!(
                ll.contains("call spir_func i32 @_Z3anyDv4_i(<4 x i32>"),
                "{ll}"
            );
            assert!(
                ll.contains("call spir_func i32 @_Z3allDv4_i(<4 x i32>"),
                "{ll}"
            );
        }
        assert!(!ll.contains("bitcast <4 x i1>"), "{ll}");
        let again = spirvkit_llvm::parse_text(&ll, "again.ll").expect("reverse output parses");
        translate_to_words(&again, &TranslateOptions::default()).expect("forward again");
    }
}

/// SPV-IR writes opaque SPIR-V types as llvm-spirv does for opaque-pointer LLVM: target
/// extension types carrying the image operands (a bare `ptr` would lose them), mangled in the
/// `__spirv_*` names as pointers to the `spirv.Image._...` structs; the result translates
/// forward to the same image type.
#[test]
fn spv_ir_images_and_samplers_are_target_extension_types() {
    let src = r#"
target triple = "spir64-unknown-unknown"
%opencl.image2d_ro_t = type opaque
define spir_kernel void @k(%opencl.image2d_ro_t addrspace(1)* %img, i32 %s, <4 x float> addrspace(1)* %out) {
entry:
  %v = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_f(%opencl.image2d_ro_t addrspace(1)* %img, i32 %s, <2 x float> zeroinitializer)
  store <4 x float> %v, <4 x float> addrspace(1)* %out, align 16
  ret void
}
declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_f(%opencl.image2d_ro_t addrspace(1)*, i32, <2 x float>)
!opencl.kernels = !{!0}
!0 = !{void (%opencl.image2d_ro_t addrspace(1)*, i32, <4 x float> addrspace(1)*)* @k, !1, !2, !3}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 0, i32 1}
!2 = !{!"kernel_arg_access_qual", !"read_only", !"none", !"none"}
!3 = !{!"kernel_arg_type", !"image2d_t", !"sampler_t", !"float4*"}
"#;
    let m = spirvkit_llvm::parse_text(src, "image.ll").expect("parses");
    let words = translate_to_words(&m, &TranslateOptions::default()).expect("forward");
    let opts = ReverseOptions {
        target: spirvkit_spir::reverse::TargetEnv::SpvIr,
        ..Default::default()
    };
    let back = reverse_words(&words, &opts).expect("reverse to SPV-IR");
    let ll = back.to_ll(&spirvkit_llvm::WriteOptions::opaque());
    assert!(
        ll.contains(r#"target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img"#),
        "{ll}"
    );
    assert!(ll.contains(r#"target("spirv.Sampler") %s"#), "{ll}");
    assert!(
        ll.contains("PU3AS133__spirv_Image__void_1_0_0_0_0_0_0"),
        "{ll}"
    );
    let again = spirvkit_llvm::parse_text(&ll, "again.ll").expect("SPV-IR parses");
    let words = translate_to_words(&again, &TranslateOptions::default()).expect("forward again");
    let text = spirvkit_text::disassemble(&words, &Default::default()).expect("disassembles");
    assert!(
        text.contains("OpTypeImage %void 2D 0 0 0 0 Unknown ReadOnly"),
        "{text}"
    );
    assert!(text.contains("OpSampledImage"), "{text}");
}
