//! Cases found by dev set t15b (session 21, helper devset21b; issue 18): llvm-spirv tests
//! found by content, measured the held-out way. Each snippet is hand-written; each
//! translation must be accepted by spirv-val, typed and with untyped pointers.

mod common;
use common::{decorations_of, typed_and_untyped};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Decoration, Op};

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

/// (Dim, Arrayed, AccessQualifier) of every OpTypeImage.
fn images(m: &Module) -> Vec<(u32, u32, u32)> {
    m.instructions()
        .filter(|i| i.opcode == Op::TypeImage)
        .map(|i| {
            let word = |n: usize| match i.operands.get(n) {
                Some(Operand::Word(w)) => *w,
                _ => u32::MAX,
            };
            (word(1), word(3), word(7))
        })
        .collect()
}

// ---- session 21, helper devset21b ----

/// A typed-pointer-era test read by a modern `llvm-as`: the image argument is a plain `ptr`,
/// and only the built-ins' mangled names (a pointer to `opencl.image2d_array_wo_t`, as clang
/// mangled images while they were pointers to opaque structs) say it is an image.
#[test]
fn images_mangled_as_pointers_to_opencl_structs_on_opaque_pointers() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %input, ptr addrspace(1) %o) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
  %d = call spir_func <2 x i32> @_Z13get_image_dimPU3AS125opencl.image2d_array_wo_t(ptr addrspace(1) %input)
  %n = call spir_func i64 @_Z20get_image_array_sizePU3AS125opencl.image2d_array_wo_t(ptr addrspace(1) %input)
  %x = extractelement <2 x i32> %d, i32 0
  %t = trunc i64 %n to i32
  %s = add i32 %x, %t
  store i32 %s, ptr addrspace(1) %o
  ret void
}
declare spir_func <2 x i32> @_Z13get_image_dimPU3AS125opencl.image2d_array_wo_t(ptr addrspace(1))
declare spir_func i64 @_Z20get_image_array_sizePU3AS125opencl.image2d_array_wo_t(ptr addrspace(1))
!1 = !{i32 1, i32 1}
!2 = !{!"write_only", !"none"}
!3 = !{!"image2d_array_t", !"int*"}
!4 = !{!"", !""}
"#;
    for m in typed_and_untyped(src, "", "t15b_opencl_struct_image_kernel") {
        // A write-only arrayed 2D image, queried twice.
        assert_eq!(images(&m), vec![(1, 1, 1)]);
        assert_eq!(count(&m, Op::ImageQuerySize), 2);
    }
}

/// The same in a helper function, with no kernel argument metadata at all: the mangled name
/// alone gives the image its type and its access.
#[test]
fn an_opencl_struct_mangling_alone_types_a_helper_image_parameter() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @width(ptr addrspace(1) %img) {
  %w = call spir_func i32 @_Z15get_image_widthPU3AS119opencl.image2d_ro_t(ptr addrspace(1) %img)
  %h = call spir_func i32 @_Z16get_image_heightPU3AS119opencl.image2d_ro_t(ptr addrspace(1) %img)
  %s = add i32 %w, %h
  ret i32 %s
}
declare spir_func i32 @_Z15get_image_widthPU3AS119opencl.image2d_ro_t(ptr addrspace(1))
declare spir_func i32 @_Z16get_image_heightPU3AS119opencl.image2d_ro_t(ptr addrspace(1))
"#;
    for m in typed_and_untyped(src, "", "t15b_opencl_struct_image_helper") {
        // A read-only (0) 2D (1) image, not arrayed.
        assert_eq!(images(&m), vec![(1, 0, 0)]);
        assert_eq!(count(&m, Op::ImageQuerySize), 2);
        // The parameter is the image itself, not a pointer to one.
        let image = m
            .instructions()
            .find(|i| i.opcode == Op::TypeImage)
            .and_then(|i| i.result_id);
        let param = m
            .instructions()
            .find(|i| i.opcode == Op::FunctionParameter)
            .and_then(|i| i.result_type);
        assert_eq!(param, image);
    }
}

/// `read_imagef(image, sampler, coord)` with both handles mangled as pointers to their
/// `opencl.*` structs: the sampler parameter selects the sampled read, as `ocl_sampler` does.
#[test]
fn an_opencl_struct_sampler_mangling_selects_the_sampled_read() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %ro, ptr addrspace(1) %wo, ptr addrspace(2) %s) {
  %c = call spir_func <4 x float> @_Z11read_imagefPU3AS119opencl.image2d_ro_tPU3AS216opencl.sampler_tDv2_f(ptr addrspace(1) %ro, ptr addrspace(2) %s, <2 x float> zeroinitializer)
  call spir_func void @_Z12write_imagefPU3AS119opencl.image2d_wo_tDv2_iDv4_f(ptr addrspace(1) %wo, <2 x i32> zeroinitializer, <4 x float> %c)
  ret void
}
declare spir_func <4 x float> @_Z11read_imagefPU3AS119opencl.image2d_ro_tPU3AS216opencl.sampler_tDv2_f(ptr addrspace(1), ptr addrspace(2), <2 x float>)
declare spir_func void @_Z12write_imagefPU3AS119opencl.image2d_wo_tDv2_iDv4_f(ptr addrspace(1), <2 x i32>, <4 x float>)
"#;
    for m in typed_and_untyped(src, "", "t15b_opencl_struct_sampler") {
        // A read-only and a write-only 2D image.
        let mut found = images(&m);
        found.sort();
        assert_eq!(found, vec![(1, 0, 0), (1, 0, 1)]);
        assert_eq!(count(&m, Op::TypeSampler), 1);
        assert_eq!(count(&m, Op::SampledImage), 1);
        assert_eq!(count(&m, Op::ImageSampleExplicitLod), 1);
        assert_eq!(count(&m, Op::ImageRead), 0);
        assert_eq!(count(&m, Op::ImageWrite), 1);
    }
}

/// Under SPV_KHR_float_controls2 a float select carries its fast-math flags as FPFastMathMode
/// (as a call of a defined function does), and the reverse gives both their flags back
/// (llvm-spirv's fp-fast-math-mode call/select/phi test: t15b/006 and 023).
#[test]
fn fast_math_flags_of_calls_and_selects_come_back_from_the_reverse() {
    use spirvkit_llvm::WriteOptions;
    use spirvkit_spir::reverse::{reverse_words, ReverseOptions};
    let src = r#"target triple = "spir64-unknown-unknown"
define internal spir_func float @helper(float %x) {
  %r = fmul float %x, %x
  ret float %r
}
define spir_kernel void @k(ptr addrspace(1) %out, float %a, float %b, i1 %c) {
  %call_fast = call fast spir_func float @helper(float %a)
  store float %call_fast, ptr addrspace(1) %out, align 4
  %sel_nnan = select nnan i1 %c, float %a, float %b
  store float %sel_nnan, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    for m in typed_and_untyped(src, "+SPV_KHR_float_controls2", "t15b_fc2_call_select") {
        // `fast` (0x7000F with AllowTransform) on the call, NotNaN on the select.
        let mut modes: Vec<u32> = decorations_of(&m, Decoration::FPFastMathMode)
            .into_iter()
            .filter_map(|(_, l)| l.first().copied())
            .collect();
        modes.sort();
        assert_eq!(modes, vec![0x1, 0x7000f]);
        let back = reverse_words(&m.to_words(), &ReverseOptions::default())
            .unwrap_or_else(|e| panic!("-r: {e}"));
        let text = back.to_ll(&WriteOptions::opaque());
        assert!(
            text.contains("%call_fast = call reassoc nnan ninf nsz arcp contract spir_func float"),
            "{text}"
        );
        assert!(text.contains("%sel_nnan = select nnan i1"), "{text}");
        // The helper's own fmul was not decorated: no flags there.
        assert!(text.contains("= fmul float"), "{text}");
        spirvkit_llvm::parse_text(&text, "back.ll").unwrap_or_else(|e| panic!("{e}\n{text}"));
    }
}
