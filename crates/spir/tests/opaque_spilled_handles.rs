//! clang -O0 with opaque pointers spills every image and sampler parameter to an `.addr`
//! alloca and loads it back before each use: the loads must yield the handles themselves
//! (OpSampledImage takes an OpTypeSampler, not a pointer), in kernels and in the helper
//! functions the handles are passed to.
mod common;

use common::{defs, id};

use spirvkit_core::Id;
use spirvkit_grammar::Op;

const SPILLED: &str = r#"target triple = "spir64-unknown-unknown"

define spir_func <4 x float> @helper(ptr addrspace(1) %img, ptr addrspace(2) %smp, <2 x i32> %c) {
entry:
  %img.addr = alloca ptr addrspace(1), align 8
  %smp.addr = alloca ptr addrspace(2), align 8
  store ptr addrspace(1) %img, ptr %img.addr, align 8
  store ptr addrspace(2) %smp, ptr %smp.addr, align 8
  %i = load ptr addrspace(1), ptr %img.addr, align 8
  %s = load ptr addrspace(2), ptr %smp.addr, align 8
  %r = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1) %i, ptr addrspace(2) %s, <2 x i32> %c)
  ret <4 x float> %r
}

define spir_kernel void @k(ptr addrspace(1) %img, ptr addrspace(2) %smp, ptr addrspace(1) %out) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 {
entry:
  %img.addr = alloca ptr addrspace(1), align 8
  %smp.addr = alloca ptr addrspace(2), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %img, ptr %img.addr, align 8
  store ptr addrspace(2) %smp, ptr %smp.addr, align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  %i = load ptr addrspace(1), ptr %img.addr, align 8
  %s = load ptr addrspace(2), ptr %smp.addr, align 8
  %direct = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1) %i, ptr addrspace(2) %s, <2 x i32> zeroinitializer)
  %i2 = load ptr addrspace(1), ptr %img.addr, align 8
  %s2 = load ptr addrspace(2), ptr %smp.addr, align 8
  %via = call spir_func <4 x float> @helper(ptr addrspace(1) %i2, ptr addrspace(2) %s2, <2 x i32> zeroinitializer)
  %sum = fadd <4 x float> %direct, %via
  %o = load ptr addrspace(1), ptr %out.addr, align 8
  store <4 x float> %sum, ptr addrspace(1) %o, align 16
  ret void
}

declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1), ptr addrspace(2), <2 x i32>)

!0 = !{i32 1, i32 0, i32 1}
!1 = !{!"read_only", !"none", !"none"}
!2 = !{!"image2d_t", !"sampler_t", !"float4*"}
!3 = !{!"", !"", !""}
"#;

#[test]
fn spilled_image_and_sampler_parameters_load_as_handles() {
    for m in common::typed_and_untyped(SPILLED, "", "spilled_handles") {
        let defs = defs(&m);
        let type_of = |v: Id| defs[&v].result_type.expect("typed value");
        let sampled: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::SampledImage)
            .collect();
        assert_eq!(
            sampled.len(),
            2,
            "one read in the kernel, one in the helper"
        );
        for s in sampled {
            assert_eq!(defs[&type_of(id(&s.operands[0]))].opcode, Op::TypeImage);
            assert_eq!(defs[&type_of(id(&s.operands[1]))].opcode, Op::TypeSampler);
        }
        // Both functions take the handles themselves.
        let params: Vec<Op> = m
            .instructions()
            .filter(|i| i.opcode == Op::FunctionParameter)
            .map(|p| defs[&p.result_type.expect("typed")].opcode)
            .collect();
        assert_eq!(params.iter().filter(|&&o| o == Op::TypeImage).count(), 2);
        assert_eq!(params.iter().filter(|&&o| o == Op::TypeSampler).count(), 2);
        // The spill slots point to the handle types: no cast is needed to store or load them.
        let handle_slots = m
            .instructions()
            .filter(|i| i.opcode == Op::Variable)
            .filter(|v| {
                let ptr = &defs[&v.result_type.expect("typed")];
                ptr.opcode == Op::TypePointer
                    && matches!(
                        defs[&id(&ptr.operands[1])].opcode,
                        Op::TypeImage | Op::TypeSampler
                    )
            })
            .count();
        assert_eq!(handle_slots, 4);
    }
}
