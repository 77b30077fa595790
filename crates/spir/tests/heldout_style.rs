//! Cases found by the held-out style measurement (llvm-spirv-style tests with the
//! `--spirv-ext` list of their RUN line, issue 18). Each snippet is hand-written; each
//! translation must be accepted by spirv-val, typed and with untyped pointers.

mod common;
use common::{capabilities, decorations_of, translate_with, typed_and_untyped};
use spirvkit_core::Module;
use spirvkit_grammar::{Capability, Decoration, Op};

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

/// Translated typed and untyped, both valid.
fn both(src: &str, extensions: &str, tag: &str) -> [Module; 2] {
    typed_and_untyped(src, extensions, &format!("heldout_{tag}"))
}

#[test]
fn spv_ir_float_atomics_declare_the_capability_of_their_width() {
    // `__spirv_AtomicFAddEXT` on a float: AtomicFloat32AddEXT, not the grammar's first
    // enabling capability (AtomicFloat16AddEXT, which needs another extension).
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1), i32, i32, float)
declare spir_func double @_Z21__spirv_AtomicFMaxEXTPU3AS1diid(ptr addrspace(1), i32, i32, double)
define spir_kernel void @k(ptr addrspace(1) %f, ptr addrspace(1) %d) {
  %a = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %f, i32 1, i32 0, float 2.0)
  %b = call spir_func double @_Z21__spirv_AtomicFMaxEXTPU3AS1diid(ptr addrspace(1) %d, i32 1, i32 0, double 2.0)
  ret void
}
"#;
    let ext = "+SPV_EXT_shader_atomic_float_add,+SPV_EXT_shader_atomic_float_min_max";
    for m in both(src, ext, "spv_ir_fadd") {
        let caps = capabilities(&m);
        assert!(caps.contains(&Capability::AtomicFloat32AddEXT.0));
        assert!(caps.contains(&Capability::AtomicFloat64MinMaxEXT.0));
        assert!(!caps.contains(&Capability::AtomicFloat16AddEXT.0));
        assert_eq!(count(&m, Op::AtomicFAddEXT), 1);
        assert_eq!(count(&m, Op::AtomicFMaxEXT), 1);
    }
    let e = translate_with(src, "").expect_err("no extension");
    assert!(e.contains("SPV_EXT_shader_atomic_float_add"), "{e}");
}

#[test]
fn a_generic_alloca_is_a_function_variable_cast_to_generic() {
    // `alloca ..., addrspace(4)` (typed pointers, as in llvm-spirv's lifetime test): the
    // call sees a Generic pointer.
    let src = r#"target triple = "spir64-unknown-unknown"
%struct.S = type { i8 }
declare spir_func void @use(%struct.S addrspace(4)*)
declare spir_func void @use_bytes(i8 addrspace(4)*)
define spir_kernel void @k() {
entry:
  %s = alloca %struct.S, align 1, addrspace(4)
  call spir_func void @use(%struct.S addrspace(4)* %s)
  %b = bitcast %struct.S addrspace(4)* %s to i8 addrspace(4)*
  call spir_func void @use_bytes(i8 addrspace(4)* %b)
  ret void
}
"#;
    for m in both(src, "", "generic_alloca") {
        assert_eq!(count(&m, Op::PtrCastToGeneric), 1);
    }
    // The same with opaque pointers.
    let opaque = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @use(ptr addrspace(4))
define spir_kernel void @k() {
entry:
  %s = alloca i32, align 4, addrspace(4)
  store i32 1, ptr addrspace(4) %s, align 4
  call spir_func void @use(ptr addrspace(4) %s)
  ret void
}
"#;
    for m in both(opaque, "", "generic_alloca_opaque") {
        assert_eq!(count(&m, Op::PtrCastToGeneric), 1);
    }
}

#[test]
fn a_long_memset_fill_stays_within_the_word_count_limit() {
    // 70000 bytes of 3: one OpConstantComposite would need 70003 words (more than 65535).
    let src = r#"target triple = "spir64-unknown-unknown"
declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)
define spir_kernel void @fill(ptr addrspace(1) %dst) {
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 4 %dst, i8 3, i64 70000, i1 false)
  ret void
}
"#;
    for m in both(src, "", "long_memset") {
        assert!(m.instructions().all(|i| i.operands.len() < 65000));
        assert_eq!(count(&m, Op::CopyMemorySized), 1);
    }
}

#[test]
fn get_fence_is_the_pointer_semantics_shifted_to_fence_flags() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z9get_fencePU3AS4v(ptr addrspace(4))
define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) %p) {
  %f = call spir_func i32 @_Z9get_fencePU3AS4v(ptr addrspace(4) %p)
  store i32 %f, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    for m in both(src, "", "get_fence") {
        assert_eq!(count(&m, Op::GenericPtrMemSemantics), 1);
        assert_eq!(count(&m, Op::ShiftRightLogical), 1);
    }
}

#[test]
fn one_element_vectors_are_scalars() {
    // `<1 x T>` (llvm-spirv scalarizes it; SPIR-V vectors have 2 or more components).
    let src = r#"target triple = "spir64-unknown-unknown"
declare <1 x float> @llvm.fmuladd.v1f32(<1 x float>, <1 x float>, <1 x float>)
define spir_kernel void @k(ptr addrspace(1) %p, float %x) {
  %v = insertelement <1 x float> poison, float %x, i64 0
  %m = call <1 x float> @llvm.fmuladd.v1f32(<1 x float> %v, <1 x float> %v, <1 x float> <float 2.0>)
  %s = fadd <1 x float> %m, zeroinitializer
  %w = shufflevector <1 x float> %s, <1 x float> poison, <2 x i32> zeroinitializer
  %e = extractelement <1 x float> %s, i32 0
  %b = bitcast <1 x i32> <i32 65793> to <4 x i8>
  %one = shufflevector <4 x i8> %b, <4 x i8> poison, <1 x i32> <i32 2>
  store float %e, ptr addrspace(1) %p, align 4
  store <2 x float> %w, ptr addrspace(1) %p, align 8
  store <1 x i8> %one, ptr addrspace(1) %p, align 1
  ret void
}
"#;
    for m in both(src, "", "one_element_vectors") {
        assert!(m
            .instructions()
            .filter(|i| i.opcode == Op::TypeVector)
            .all(|i| i.operands.get(1).and_then(spirvkit_core::Operand::word) != Some(1)));
        assert_eq!(count(&m, Op::CompositeConstruct), 1);
    }
}

#[test]
fn a_zero_length_copy_or_fill_emits_nothing() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)
define spir_kernel void @k(ptr addrspace(1) %d, ptr addrspace(1) %s) {
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) %d, ptr addrspace(1) %s, i64 0, i1 false)
  call void @llvm.memset.p1.i64(ptr addrspace(1) %d, i8 7, i64 0, i1 false)
  ret void
}
"#;
    for m in both(src, "", "zero_length") {
        assert_eq!(count(&m, Op::CopyMemorySized), 0);
    }
}

#[test]
fn a_generic_address_space_global_is_a_cross_workgroup_variable_seen_as_generic() {
    // No OpVariable may be in the Generic storage class.
    let src = r#"target triple = "spir64-unknown-unknown"
@g = internal addrspace(4) constant [2 x i32] [i32 1, i32 2], align 4
define spir_kernel void @k(ptr addrspace(1) %out) {
  %v = load i32, ptr addrspace(4) @g, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    for m in both(src, "", "generic_global") {
        assert!(m
            .instructions()
            .filter(|i| i.opcode == Op::Variable || i.opcode == Op::UntypedVariableKHR)
            .all(
                |i| i.operands.first().and_then(spirvkit_core::Operand::word)
                    != Some(spirvkit_grammar::StorageClass::Generic.0)
            ));
        let generic_casts = m
            .instructions()
            .filter(|i| i.opcode == Op::SpecConstantOp)
            .filter(|i| {
                i.operands.first().and_then(spirvkit_core::Operand::word)
                    == Some(u32::from(Op::PtrCastToGeneric.0))
            })
            .count();
        assert_eq!(generic_casts, 1);
    }
}

#[test]
fn multisampled_images_query_and_read_their_samples() {
    let src = r#"target triple = "spir-unknown-unknown"
%opencl.image2d_msaa_t = type opaque
declare spir_func i32 @_Z21get_image_num_samples15ocl_image2dmsaa(%opencl.image2d_msaa_t addrspace(1)*)
declare spir_func <4 x float> @_Z11read_imagef15ocl_image2dmsaaDv2_ii(%opencl.image2d_msaa_t addrspace(1)*, <2 x i32>, i32)
define spir_kernel void @k(%opencl.image2d_msaa_t addrspace(1)* %img, i32 addrspace(1)* %out) !kernel_arg_access_qual !0 {
  %n = call spir_func i32 @_Z21get_image_num_samples15ocl_image2dmsaa(%opencl.image2d_msaa_t addrspace(1)* %img)
  store i32 %n, i32 addrspace(1)* %out, align 4
  %last = sub i32 %n, 1
  %texel = call spir_func <4 x float> @_Z11read_imagef15ocl_image2dmsaaDv2_ii(%opencl.image2d_msaa_t addrspace(1)* %img, <2 x i32> zeroinitializer, i32 %last)
  %x = extractelement <4 x float> %texel, i32 0
  %bits = bitcast float %x to i32
  store i32 %bits, i32 addrspace(1)* %out, align 4
  ret void
}
!0 = !{!"read_only", !"none"}
"#;
    for m in both(src, "", "num_samples") {
        assert_eq!(count(&m, Op::ImageQuerySamples), 1);
        let read = m.instructions().find(|i| i.opcode == Op::ImageRead);
        // Image, coordinate, the Sample mask, the sample.
        assert_eq!(read.map(|i| i.operands.len()), Some(4));
    }
}

#[test]
fn cmpxchg_is_an_atomic_compare_exchange_and_an_equality() {
    // `cmpxchg` (C++ / SYCL atomics at -O2) yields `{ old, old == expected }`.
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(3) %l, i32 %e, i64 %n) {
  %r = cmpxchg ptr addrspace(1) %p, i32 %e, i32 7 seq_cst seq_cst
  %old = extractvalue { i32, i1 } %r, 0
  %ok = extractvalue { i32, i1 } %r, 1
  %s = select i1 %ok, i32 %old, i32 0
  store i32 %s, ptr addrspace(1) %p, align 4
  %w = cmpxchg weak ptr addrspace(3) %l, i64 %n, i64 1 syncscope("workgroup") acq_rel monotonic
  %x = atomicrmw add ptr addrspace(3) %l, i64 1 seq_cst
  ret void
}
"#;
    for m in both(src, "", "cmpxchg") {
        assert_eq!(count(&m, Op::AtomicCompareExchange), 2);
        assert_eq!(count(&m, Op::IEqual), 2);
    }
    // A pointer cmpxchg has no OpAtomicCompareExchange form: refused, named.
    let ptr = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, ptr %a, ptr %b) {
  %r = cmpxchg ptr addrspace(1) %p, ptr %a, ptr %b seq_cst seq_cst
  ret void
}
"#;
    let e = translate_with(ptr, "").expect_err("pointer cmpxchg");
    assert!(e.to_string().contains("cmpxchg"), "{e}");
}

#[test]
fn a_variadic_declaration_called_with_its_fixed_parameters_is_translated() {
    // `declare void @foo(...)` called as `foo()`: the function of no parameters.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @foo(...)
declare spir_func i32 @bar(i32, ...)
define spir_kernel void @k(i32 %x) {
  tail call spir_func void (...) @foo()
  %r = call spir_func i32 (i32, ...) @bar(i32 %x)
  ret void
}
"#;
    for m in both(src, "", "variadic_decl") {
        assert_eq!(count(&m, Op::FunctionCall), 2);
    }
    // Variadic arguments have no SPIR-V form: refused, named.
    let extra = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @foo(i32, ...)
define spir_kernel void @k(i32 %x) {
  call spir_func void (i32, ...) @foo(i32 %x, i32 %x)
  ret void
}
"#;
    let e = translate_with(extra, "").expect_err("variadic arguments");
    assert!(e.to_string().contains("variadic arguments"), "{e}");
}

#[test]
fn a_use_of_a_global_alias_is_a_use_of_its_aliasee() {
    // Aliases (of a variable, through a chain, of a function's address) are dereferenced.
    let src = r#"target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 5, align 4
@g.alias = alias i32, ptr addrspace(1) @g
@g.alias2 = internal alias i32, ptr addrspace(1) @g.alias
define spir_kernel void @k(ptr addrspace(1) %out) {
  %v = load i32, ptr addrspace(1) @g.alias2, align 4
  store i32 %v, ptr addrspace(1) @g.alias, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    for m in both(src, "", "alias") {
        assert_eq!(count(&m, Op::Load), 1);
        assert_eq!(count(&m, Op::Store), 2);
    }
}

#[test]
fn a_constant_gep_into_a_private_global_points_at_the_indexed_member() {
    // A private (addrspace 0) global is a Function variable; a constant GEP into it is an
    // access chain in the function, typed by the member it reaches.
    let src = r#"target triple = "spir64-unknown-unknown"
%S = type { ptr, i64, i32 }
@h = internal global %S zeroinitializer
define spir_kernel void @k(ptr addrspace(1) %out) {
  %b = load i64, ptr getelementptr inbounds (%S, ptr @h, i64 0, i32 1), align 8
  %c = load i32, ptr getelementptr inbounds (%S, ptr @h, i64 0, i32 2), align 4
  %d = zext i32 %c to i64
  %e = add i64 %b, %d
  store i64 %e, ptr addrspace(1) %out, align 8
  ret void
}
"#;
    for m in both(src, "", "private_const_gep") {
        assert_eq!(count(&m, Op::Load), 2);
    }
}

#[test]
fn ndrange_builtins_build_an_ndrange_through_their_sret_pointer() {
    // OpenCL C 2.0 `ndrange_1D(global, local)` and `ndrange_2D(offset, global, local)`
    // (sizes behind `const size_t[2]` pointers) → OpBuildNDRange stored to the sret slot.
    let src = r#"target triple = "spir64-unknown-unknown"
%struct.ndrange_t = type { i32, [3 x i64], [3 x i64], [3 x i64] }
declare spir_func void @_Z10ndrange_1Dmm(ptr sret(%struct.ndrange_t), i64, i64)
declare spir_func void @_Z10ndrange_1Dm(ptr sret(%struct.ndrange_t), i64)
declare spir_func void @_Z10ndrange_2DPKmS0_S0_(ptr sret(%struct.ndrange_t), ptr, ptr, ptr)
define spir_kernel void @k(i64 %g) {
  %a = alloca %struct.ndrange_t, align 8
  %b = alloca %struct.ndrange_t, align 8
  %c = alloca %struct.ndrange_t, align 8
  %sizes = alloca [2 x i64], align 8
  store [2 x i64] [i64 4, i64 8], ptr %sizes, align 8
  call spir_func void @_Z10ndrange_1Dmm(ptr sret(%struct.ndrange_t) %a, i64 %g, i64 16)
  call spir_func void @_Z10ndrange_1Dm(ptr sret(%struct.ndrange_t) %b, i64 %g)
  call spir_func void @_Z10ndrange_2DPKmS0_S0_(ptr sret(%struct.ndrange_t) %c, ptr %sizes, ptr %sizes, ptr %sizes)
  ret void
}
"#;
    for m in both(src, "", "ndrange") {
        assert_eq!(count(&m, Op::BuildNDRange), 3);
        assert!(capabilities(&m).contains(&Capability::DeviceEnqueue.0));
    }
}

#[test]
fn an_image_of_64_bit_integers_needs_shader_image_int64() {
    // R64ui (40) / R64i (41) images: Int64ImageEXT under SPV_EXT_shader_image_int64,
    // refused (naming it) when the extension is not enabled.
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func void @foo(target("spirv.Image", i64, 1, 0, 0, 0, 2, 40, 2) %img) {
  ret void
}
define spir_func void @bar(target("spirv.Image", i64, 1, 0, 0, 0, 2, 41, 2) %img) {
  ret void
}
"#;
    for m in both(src, "+SPV_EXT_shader_image_int64", "image_int64") {
        assert!(capabilities(&m).contains(&Capability::Int64ImageEXT.0));
    }
    let e = translate_with(src, "").expect_err("without the extension");
    assert!(e.to_string().contains("SPV_EXT_shader_image_int64"), "{e}");
}

#[test]
fn subgroup_non_uniform_builtins_become_group_non_uniform_instructions() {
    // cl_khr_subgroup_{ballot,non_uniform_vote,non_uniform_arithmetic,shuffle,
    // shuffle_relative,clustered_reduce}: int predicates become bools and boolean results
    // ints; a dynamic broadcast lane needs SPIR-V 1.5.
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %out, i16 %a, i32 %id, float %f, <4 x i32> %mask) {
  %b = call spir_func i16 @_Z31sub_group_non_uniform_broadcastsj(i16 %a, i32 %id)
  %e = call spir_func i32 @_Z15sub_group_electv()
  %v = call spir_func i32 @_Z25sub_group_non_uniform_alli(i32 %e)
  %q = call spir_func i32 @_Z31sub_group_non_uniform_all_equalf(float %f)
  %m = call spir_func <4 x i32> @_Z16sub_group_balloti(i32 %v)
  %x = call spir_func i32 @_Z28sub_group_ballot_bit_extractDv4_jj(<4 x i32> %m, i32 %id)
  %c = call spir_func i32 @_Z26sub_group_ballot_bit_countDv4_j(<4 x i32> %mask)
  %l = call spir_func i32 @_Z25sub_group_ballot_find_lsbDv4_j(<4 x i32> %mask)
  %r = call spir_func float @_Z32sub_group_non_uniform_reduce_maxf(float %f)
  %s = call spir_func i32 @_Z40sub_group_non_uniform_scan_inclusive_muli(i32 %c)
  %g = call spir_func i32 @_Z40sub_group_non_uniform_reduce_logical_andi(i32 %x)
  %t = call spir_func i32 @_Z30sub_group_clustered_reduce_minjj(i32 %l, i32 4)
  %h = call spir_func float @_Z20sub_group_shuffle_upfj(float %r, i32 1)
  %y = call spir_func i32 @_Z21sub_group_shuffle_xorij(i32 %s, i32 %g)
  store i32 %y, ptr addrspace(1) %out
  ret void
}
declare spir_func i16 @_Z31sub_group_non_uniform_broadcastsj(i16, i32)
declare spir_func i32 @_Z15sub_group_electv()
declare spir_func i32 @_Z25sub_group_non_uniform_alli(i32)
declare spir_func i32 @_Z31sub_group_non_uniform_all_equalf(float)
declare spir_func <4 x i32> @_Z16sub_group_balloti(i32)
declare spir_func i32 @_Z28sub_group_ballot_bit_extractDv4_jj(<4 x i32>, i32)
declare spir_func i32 @_Z26sub_group_ballot_bit_countDv4_j(<4 x i32>)
declare spir_func i32 @_Z25sub_group_ballot_find_lsbDv4_j(<4 x i32>)
declare spir_func float @_Z32sub_group_non_uniform_reduce_maxf(float)
declare spir_func i32 @_Z40sub_group_non_uniform_scan_inclusive_muli(i32)
declare spir_func i32 @_Z40sub_group_non_uniform_reduce_logical_andi(i32)
declare spir_func i32 @_Z30sub_group_clustered_reduce_minjj(i32, i32)
declare spir_func float @_Z20sub_group_shuffle_upfj(float, i32)
declare spir_func i32 @_Z21sub_group_shuffle_xorij(i32, i32)
"#;
    for m in both(src, "", "subgroup_non_uniform") {
        for op in [
            Op::GroupNonUniformBroadcast,
            Op::GroupNonUniformElect,
            Op::GroupNonUniformAll,
            Op::GroupNonUniformAllEqual,
            Op::GroupNonUniformBallot,
            Op::GroupNonUniformBallotBitExtract,
            Op::GroupNonUniformBallotBitCount,
            Op::GroupNonUniformBallotFindLSB,
            Op::GroupNonUniformFMax,
            Op::GroupNonUniformIMul,
            Op::GroupNonUniformLogicalAnd,
            Op::GroupNonUniformUMin,
            Op::GroupNonUniformShuffleUp,
            Op::GroupNonUniformShuffleXor,
        ] {
            assert_eq!(count(&m, op), 1, "{op:?}");
        }
        assert!(capabilities(&m).contains(&Capability::GroupNonUniformClustered.0));
        assert_eq!(m.header.version, 0x0001_0500);
    }
}

#[test]
fn profiling_counter_intrinsics_are_dropped() {
    // `llvm.instrprof.*` (coverage / PGO counters) have no SPIR-V form; llvm-spirv removes
    // them.
    let src = r#"target triple = "spir64-unknown-unknown"
@__profn_k = private constant [1 x i8] c"k"
define spir_kernel void @k() {
  call void @llvm.instrprof.increment(ptr @__profn_k, i64 0, i32 1, i32 0)
  call void @llvm.instrprof.increment.step(ptr @__profn_k, i64 0, i32 1, i32 0, i64 2)
  call void @llvm.instrprof.value.profile(ptr @__profn_k, i64 0, i64 0, i32 1, i32 0)
  ret void
}
declare void @llvm.instrprof.increment(ptr, i64, i32, i32)
declare void @llvm.instrprof.increment.step(ptr, i64, i32, i32, i64)
declare void @llvm.instrprof.value.profile(ptr, i64, i64, i32, i32)
"#;
    for m in both(src, "", "instrprof") {
        assert_eq!(count(&m, Op::FunctionCall), 0);
    }
}

#[test]
fn minimumnum_and_maximumnum_are_opencl_fmin_and_fmax() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare float @llvm.minimumnum.f32(float, float)
declare <2 x double> @llvm.maximumnum.v2f64(<2 x double>, <2 x double>)
define spir_func float @lo(float %x, float %y) {
  %t = call float @llvm.minimumnum.f32(float %x, float %y)
  ret float %t
}
define spir_func <2 x double> @hi(<2 x double> %x, <2 x double> %y) {
  %t = call <2 x double> @llvm.maximumnum.v2f64(<2 x double> %x, <2 x double> %y)
  ret <2 x double> %t
}
"#;
    for m in both(src, "", "minimumnum") {
        assert_eq!(count(&m, Op::ExtInst), 2);
        assert_eq!(count(&m, Op::ExtInstImport), 1);
    }
}

#[test]
fn a_variadic_definition_no_call_passes_extra_arguments_to_is_translated() {
    // `void b(int c, ...)` compiled with -g (its body never reads the `...`).
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func void @b(i32 %c, ...) {
entry:
  %c.addr = alloca i32, align 4
  store i32 %c, ptr %c.addr, align 4
  ret void
}
define spir_func void @caller() {
  call spir_func void (i32, ...) @b(i32 1)
  ret void
}
"#;
    for m in both(src, "", "variadic_definition") {
        assert_eq!(
            count(&m, Op::FunctionParameter),
            1,
            "only the fixed parameter"
        );
        assert_eq!(count(&m, Op::FunctionCall), 1);
    }
    let passes_more = src.replace("@b(i32 1)", "@b(i32 1, i32 2)");
    let e = translate_with(&passes_more, "").expect_err("extra arguments have no form");
    assert!(e.contains("variadic"), "{e}");
}

#[test]
fn spec_constant_calls_are_spec_constants_decorated_with_their_id() {
    // DPC++ specialization constants: `__spirv_SpecConstant(i32 id, T default)`.
    let src = r#"target triple = "spir64-unknown-unknown"
declare i64 @_Z20__spirv_SpecConstantix(i32, i64)
declare i1 @_Z20__spirv_SpecConstantib(i32, i1)
declare float @_Z20__spirv_SpecConstantif(i32, float)
define spir_func i64 @get() {
  %a = call i64 @_Z20__spirv_SpecConstantix(i32 0, i64 28)
  %b = call i64 @_Z20__spirv_SpecConstantix(i32 0, i64 28)
  %c = call i1 @_Z20__spirv_SpecConstantib(i32 1, i1 true)
  %d = call float @_Z20__spirv_SpecConstantif(i32 2, float 1.5)
  %s = add i64 %a, %b
  %e = select i1 %c, i64 %s, i64 0
  ret i64 %e
}
"#;
    for m in both(src, "", "spec_constant") {
        // One OpSpecConstant per id: i64 (two words, low first) and float; i1 is True.
        let spec: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::SpecConstant)
            .map(|i| i.operands.clone())
            .collect();
        assert_eq!(spec.len(), 2, "{spec:?}");
        assert!(spec.iter().any(|o| o.len() == 2 && o[0].word() == Some(28)));
        assert!(spec
            .iter()
            .any(|o| o.len() == 1 && o[0].word() == Some(0x3fc0_0000)));
        assert_eq!(count(&m, Op::SpecConstantTrue), 1);
        let ids: Vec<u32> = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::Decorate
                    && i.operands.get(1).and_then(spirvkit_core::Operand::word)
                        == Some(spirvkit_grammar::Decoration::SpecId.0)
            })
            .filter_map(|i| i.operands.get(2).and_then(spirvkit_core::Operand::word))
            .collect();
        assert_eq!(ids.len(), 3);
        for id in [0, 1, 2] {
            assert!(ids.contains(&id), "SpecId {id} in {ids:?}");
        }
    }
    let e = translate_with(
        &src.replace("(i32 2, float 1.5)", "(i32 %n, float 1.5)")
            .replace("@get()", "@get(i32 %n)"),
        "",
    )
    .expect_err("a SpecId only known at run time");
    assert!(e.contains("SpecId"), "{e}");
}

#[test]
fn spec_constant_composites_are_module_scope_constants() {
    // DPC++ composite specialization constants: `__spirv_SpecConstantComposite(parts...)`
    // over scalar spec constants, nested (a struct of an array of structs and a vector).
    let src = r#"target triple = "spir64-unknown-unknown"
%pair = type { i32, float }
%outer = type { [2 x %pair], <2 x i32> }
declare i32 @_Z20__spirv_SpecConstantii(i32, i32)
declare float @_Z20__spirv_SpecConstantif(i32, float)
declare %pair @_Z29__spirv_SpecConstantCompositeif(i32, float)
declare [2 x %pair] @_Z29__spirv_SpecConstantCompositepairpair(%pair, %pair)
declare <2 x i32> @_Z29__spirv_SpecConstantCompositeii(i32, i32)
declare %outer @_Z29__spirv_SpecConstantCompositeAouter([2 x %pair], <2 x i32>)
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %a = call i32 @_Z20__spirv_SpecConstantii(i32 1, i32 7)
  %b = call float @_Z20__spirv_SpecConstantif(i32 2, float 0.5)
  %p = call %pair @_Z29__spirv_SpecConstantCompositeif(i32 %a, float %b)
  %q = call %pair @_Z29__spirv_SpecConstantCompositeif(i32 3, float %b)
  %arr = call [2 x %pair] @_Z29__spirv_SpecConstantCompositepairpair(%pair %p, %pair %q)
  %c = call i32 @_Z20__spirv_SpecConstantii(i32 4, i32 9)
  %v = call <2 x i32> @_Z29__spirv_SpecConstantCompositeii(i32 %c, i32 %a)
  %o = call %outer @_Z29__spirv_SpecConstantCompositeAouter([2 x %pair] %arr, <2 x i32> %v)
  store %outer %o, ptr addrspace(1) %out
  ret void
}
"#;
    for m in both(src, "", "spec_constant_composite") {
        // Five composites, all among the module's globals (none in a function body).
        let global = m
            .globals
            .iter()
            .filter(|i| i.opcode == Op::SpecConstantComposite)
            .count();
        assert_eq!(global, 5);
        assert_eq!(
            m.functions
                .iter()
                .flat_map(|f| f.instructions())
                .filter(|i| i.opcode == Op::SpecConstantComposite)
                .count(),
            0
        );
    }
}

#[test]
fn a_typed_function_pointer_type_without_the_extension_is_a_byte_pointer() {
    // Old typed-pointer IR: a struct with a callback member, no function address taken.
    // Current LLVM reads `i8* (i8*)*` as `ptr`, which llvm-spirv lowers to a char pointer.
    let src = r#"target triple = "spir64-unknown-unknown"
%struct.dir = type { %struct.dir*, i8* (i8*, %struct.dir*)*, i32 }
define spir_func i8* @name(i8* %fname, %struct.dir* %dir) {
entry:
  %p = getelementptr inbounds i8, i8* %fname, i32 0
  ret i8* %p
}
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    common::spirv_val(&m, "typed_fn_ptr_member");
    assert_eq!(count(&m, Op::TypeFunction), 1, "only @name's own type");
    // Taking a function's address still needs the extension.
    let takes = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(i32 %x) {
  ret i32 %x
}
define spir_func void @g(i32 (i32)** %slot) {
  store i32 (i32)* @f, i32 (i32)** %slot
  ret void
}
"#;
    let e = translate_with(takes, "").expect_err("address of a function");
    assert!(e.contains("SPV_INTEL_function_pointers"), "{e}");
}

#[test]
fn get_image_num_mip_levels_is_image_query_levels() {
    let src = r#"target triple = "spir-unknown-unknown"
%opencl.image2d_ro_t = type opaque
%opencl.image2d_array_depth_ro_t = type opaque
declare spir_func i32 @_Z24get_image_num_mip_levels14ocl_image2d_ro(%opencl.image2d_ro_t addrspace(1)*)
declare spir_func i32 @_Z24get_image_num_mip_levels26ocl_image2d_array_depth_ro(%opencl.image2d_array_depth_ro_t addrspace(1)*)
define spir_func i32 @levels(%opencl.image2d_ro_t addrspace(1)* %a, %opencl.image2d_array_depth_ro_t addrspace(1)* %b) {
  %x = call spir_func i32 @_Z24get_image_num_mip_levels14ocl_image2d_ro(%opencl.image2d_ro_t addrspace(1)* %a)
  %y = call spir_func i32 @_Z24get_image_num_mip_levels26ocl_image2d_array_depth_ro(%opencl.image2d_array_depth_ro_t addrspace(1)* %b)
  %s = add i32 %x, %y
  ret i32 %s
}
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    common::spirv_val(&m, "mip_levels");
    assert_eq!(count(&m, Op::ImageQueryLevels), 2);
}

#[test]
fn tensor_float32_rounding_is_the_new_name_of_the_conversion_extension() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func float @_Z25__spirv_RoundFToTF32INTELf(float)
define spir_func float @r(float %a) {
  %t = call spir_func float @_Z25__spirv_RoundFToTF32INTELf(float %a)
  ret float %t
}
"#;
    let m =
        translate_with(src, "+SPV_INTEL_tensor_float32_rounding").unwrap_or_else(|e| panic!("{e}"));
    common::spirv_val(&m, "tf32_rounding");
    assert_eq!(count(&m, Op::RoundFToTF32INTEL), 1);
    assert!(capabilities(&m).contains(&Capability::TensorFloat32RoundingINTEL.0));
    let e = translate_with(src, "").expect_err("needs the extension");
    assert!(e.contains("tensor_float32"), "{e}");
}

#[test]
fn an_address_space_cast_of_a_builtin_variable_in_a_body_loads_the_builtin() {
    // Optimized DPC++ code casts the built-in global to the generic space once and loads
    // through the cast in several blocks; an Input variable has no generic address.
    let src = r#"target triple = "spir64-unknown-unknown"
@__spirv_BuiltInSubgroupMaxSize = external addrspace(1) constant i32, align 4
define spir_kernel void @k(i32 %c, ptr addrspace(1) %out) {
entry:
  %p = addrspacecast ptr addrspace(1) @__spirv_BuiltInSubgroupMaxSize to ptr addrspace(4)
  %t = icmp eq i32 %c, 0
  br i1 %t, label %a, label %b
a:
  %x = load i32, ptr addrspace(4) %p, align 4
  store i32 %x, ptr addrspace(1) %out, align 4
  br label %b
b:
  %y = load i32, ptr addrspace(4) %p, align 4
  store i32 %y, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    for m in both(src, "", "builtin_cast_in_body") {
        assert_eq!(count(&m, Op::PtrCastToGeneric), 0);
        let var = m
            .instructions()
            .find(|i| i.opcode == Op::Variable)
            .and_then(|i| i.result_id)
            .expect("the built-in's variable");
        let loads_of_var = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::Load
                    && i.operands.first().and_then(spirvkit_core::Operand::id) == Some(var)
            })
            .count();
        assert_eq!(loads_of_var, 2);
    }
}

#[test]
fn a_scalar_load_from_a_vector_builtin_reads_its_first_component() {
    // Optimized DPC++: `load i64, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId` is the
    // x component of the `<3 x i64>` built-in.
    let src = r#"target triple = "spir64-unknown-unknown"
@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %x = load i64, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  store i64 %x, ptr addrspace(1) %out, align 8
  ret void
}
"#;
    for m in both(src, "", "builtin_first_component") {
        assert_eq!(count(&m, Op::CompositeExtract), 1);
        let load = m
            .instructions()
            .find(|i| i.opcode == Op::Load)
            .expect("a load of the variable");
        let vector = m
            .instructions()
            .find(|i| i.opcode == Op::TypeVector)
            .and_then(|i| i.result_id);
        assert_eq!(load.result_type, vector, "the whole vector is loaded");
    }
}

#[test]
fn an_i1_global_is_a_byte_initialized_by_a_byte() {
    // `@flag = addrspace(1) global i1 true`: the variable holds a char (a bool has no memory
    // layout), so the initializer is the char 1, not OpConstantTrue.
    let src = r#"target triple = "spir64-unknown-unknown"
@flag = addrspace(1) global i1 true
@off = addrspace(1) global i1 false
define spir_kernel void @k(ptr addrspace(1) %out) {
  %v = load i1, ptr addrspace(1) @flag
  %w = zext i1 %v to i32
  store i32 %w, ptr addrspace(1) %out
  ret void
}
"#;
    for m in both(src, "", "i1_global") {
        // Neither initializer is a bool constant (spirv-val, run by `both`, checks the types).
        assert_eq!(count(&m, Op::ConstantTrue), 0);
        assert_eq!(count(&m, Op::ConstantFalse), 0);
    }
}

#[test]
fn spv_ir_atomics_cast_a_wrapper_pointer_to_the_value_type() {
    // `__spirv_AtomicExchange` / `AtomicLoad` / `AtomicStore` on an opaque pointer to an
    // alloca of a one-member struct: the Pointer must point to the value's type.
    let src = r#"target triple = "spir64-unknown-unknown"
%wrap = type { i64 }
declare spir_func i64 @_Z22__spirv_AtomicExchangePmN5__spv5Scope4FlagENS0_19MemorySemanticsMask4FlagEm(ptr addrspace(4), i32, i32, i64)
declare spir_func i64 @_Z18__spirv_AtomicLoadPmii(ptr addrspace(4), i32, i32)
declare spir_func void @_Z19__spirv_AtomicStorePmiim(ptr addrspace(4), i32, i32, i64)
define spir_func i64 @f() {
entry:
  %a = alloca %wrap, align 8
  %g = addrspacecast ptr %a to ptr addrspace(4)
  %x = call spir_func i64 @_Z22__spirv_AtomicExchangePmN5__spv5Scope4FlagENS0_19MemorySemanticsMask4FlagEm(ptr addrspace(4) %g, i32 1, i32 912, i64 3)
  call spir_func void @_Z19__spirv_AtomicStorePmiim(ptr addrspace(4) %g, i32 1, i32 912, i64 %x)
  %y = call spir_func i64 @_Z18__spirv_AtomicLoadPmii(ptr addrspace(4) %g, i32 1, i32 912)
  ret i64 %y
}
"#;
    // `both` runs spirv-val on the typed and the untyped translation.
    let [typed, _untyped] = both(src, "", "atomic_wrapper_pointer");
    assert_eq!(count(&typed, Op::AtomicExchange), 1);
    assert_eq!(count(&typed, Op::AtomicStore), 1);
    assert_eq!(count(&typed, Op::AtomicLoad), 1);
}

#[test]
fn depth_image_reads_return_a_vector_and_extract_its_first_component() {
    // `read_imagef` on a depth image returns a float; OpImageSampleExplicitLod and
    // OpImageRead return a four-component vector (llvm-spirv: `TypeVector ... 4`, then
    // `CompositeExtract ... 0`). Session 13 (devset7, t7's OpImageSampleExplicitLod).
    let src = r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
%opencl.image2d_depth_ro_t = type opaque
%opencl.sampler_t = type opaque
declare spir_func float @_Z11read_imagef20ocl_image2d_depth_ro11ocl_samplerDv2_i(%opencl.image2d_depth_ro_t addrspace(1)*, %opencl.sampler_t addrspace(2)*, <2 x i32>)
declare spir_func float @_Z11read_imagef20ocl_image2d_depth_roDv2_i(%opencl.image2d_depth_ro_t addrspace(1)*, <2 x i32>)
declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_roDv2_i(%opencl.image2d_ro_t addrspace(1)*, <2 x i32>)
%opencl.image2d_ro_t = type opaque
define spir_kernel void @k(%opencl.image2d_depth_ro_t addrspace(1)* %img, %opencl.sampler_t addrspace(2)* %s, %opencl.image2d_ro_t addrspace(1)* %colour, float addrspace(1)* %out, <4 x float> addrspace(1)* %out4) {
entry:
  %v = call spir_func float @_Z11read_imagef20ocl_image2d_depth_ro11ocl_samplerDv2_i(%opencl.image2d_depth_ro_t addrspace(1)* %img, %opencl.sampler_t addrspace(2)* %s, <2 x i32> zeroinitializer)
  store float %v, float addrspace(1)* %out
  %w = call spir_func float @_Z11read_imagef20ocl_image2d_depth_roDv2_i(%opencl.image2d_depth_ro_t addrspace(1)* %img, <2 x i32> zeroinitializer)
  store float %w, float addrspace(1)* %out
  %c = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_roDv2_i(%opencl.image2d_ro_t addrspace(1)* %colour, <2 x i32> zeroinitializer)
  store <4 x float> %c, <4 x float> addrspace(1)* %out4
  ret void
}
"#;
    for m in both(src, "", "depth_image_reads") {
        let defs = common::defs(&m);
        let vec4 = |ty: spirvkit_core::Id| {
            defs.get(&ty).is_some_and(|t| {
                t.opcode == Op::TypeVector
                    && matches!(t.operands.get(1), Some(spirvkit_core::Operand::Word(4)))
            })
        };
        let reads: Vec<_> = m
            .instructions()
            .filter(|i| matches!(i.opcode, Op::ImageSampleExplicitLod | Op::ImageRead))
            .collect();
        assert_eq!(reads.len(), 3);
        for r in &reads {
            assert!(r.result_type.is_some_and(vec4), "{:?}", r.opcode);
        }
        // The two depth reads are narrowed to their first component; the colour read is not.
        let extracts = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::CompositeExtract
                    && matches!(i.operands.get(1), Some(spirvkit_core::Operand::Word(0)))
                    && reads
                        .iter()
                        .any(|r| r.result_id == Some(common::id(&i.operands[0])))
            })
            .count();
        assert_eq!(extracts, 2);
    }
}

#[test]
fn a_kernel_called_by_other_code_gets_a_wrapper_entry_point() {
    // SPIR-V forbids OpFunctionCall to an entry point's function; llvm-spirv makes the
    // entry point a wrapper `__spirv_entry_<name>` calling the kernel (t7's
    // DebugValueInvalid, where a block invoke calls a kernel). A kernel nobody calls stays
    // its own entry point.
    let src = r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
define spir_kernel void @callee(i32 addrspace(1)* noalias %res, i32 %v) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !reqd_work_group_size !4 {
entry:
  store i32 %v, i32 addrspace(1)* %res
  ret void
}
define spir_kernel void @caller(i32 addrspace(1)* %res) !kernel_arg_addr_space !5 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
entry:
  call spir_kernel void @callee(i32 addrspace(1)* %res, i32 7)
  ret void
}
!0 = !{i32 1, i32 0}
!1 = !{!"none", !"none"}
!2 = !{!"int*", !"int"}
!3 = !{!"", !""}
!4 = !{i32 8, i32 1, i32 1}
!5 = !{i32 1}
!6 = !{!"none"}
!7 = !{!"int*"}
!8 = !{!""}
"#;
    for m in both(src, "", "kernel_called") {
        let names: std::collections::HashMap<spirvkit_core::Id, String> = m
            .instructions()
            .filter(|i| i.opcode == Op::Name)
            .filter_map(|i| match (&i.operands[0], &i.operands[1]) {
                (spirvkit_core::Operand::Id(id), spirvkit_core::Operand::String(s)) => {
                    Some((*id, s.to_string()))
                }
                _ => None,
            })
            .collect();
        let entries: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::EntryPoint)
            .map(|i| {
                let f = common::id(&i.operands[1]);
                let s = match &i.operands[2] {
                    spirvkit_core::Operand::String(s) => s.to_string(),
                    _ => String::new(),
                };
                (f, s)
            })
            .collect();
        assert_eq!(entries.len(), 2);
        let callee_entry = entries.iter().find(|(_, s)| s == "callee").expect("callee");
        let caller_entry = entries.iter().find(|(_, s)| s == "caller").expect("caller");
        assert_eq!(
            names.get(&callee_entry.0).map(String::as_str),
            Some("__spirv_entry_callee")
        );
        assert_eq!(
            names.get(&caller_entry.0).map(String::as_str),
            Some("caller")
        );
        // The kernel's execution mode moved to the wrapper.
        let local_size_on = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::ExecutionMode
                    && matches!(i.operands.get(1),
                        Some(spirvkit_core::Operand::Word(w)) if *w == spirvkit_grammar::ExecutionMode::LocalSize.0)
            })
            .map(|i| common::id(&i.operands[0]))
            .collect::<Vec<_>>();
        assert_eq!(local_size_on, vec![callee_entry.0]);
        // No entry point function is the target of an OpFunctionCall.
        for call in m.instructions().filter(|i| i.opcode == Op::FunctionCall) {
            let target = common::id(&call.operands[0]);
            assert!(entries.iter().all(|(f, _)| *f != target));
        }
        assert_eq!(count(&m, Op::FunctionCall), 2);
    }
}

/// The `OpTypeFloat 8` types of a module, as (result id, encoding).
fn float8_types(m: &Module) -> Vec<(spirvkit_core::Id, u32)> {
    m.instructions()
        .filter(|i| i.opcode == Op::TypeFloat)
        .filter(|i| i.operands.first().and_then(spirvkit_core::Operand::word) == Some(8))
        .filter_map(|i| {
            let encoding = i.operands.get(1).and_then(spirvkit_core::Operand::word)?;
            Some((i.result_id?, encoding))
        })
        .collect()
}

#[test]
fn fp8_conversion_builtins_convert_through_an_8_bit_float_type() {
    // SPV_EXT_float8: FP8 values travel as i8; the conversions are OpFConvert over
    // OpTypeFloat 8 Float8E4M3EXT / Float8E5M2EXT with an OpBitcast to or from the i8
    // carrier (llvm-spirv's FP8 representation), scalar and vector.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func half @_Z36__builtin_spirv_ConvertE4M3ToFP16EXTc(i8)
declare spir_func i8 @_Z36__builtin_spirv_ConvertFP16ToE5M2EXTDh(half)
declare spir_func <4 x half> @_Z36__builtin_spirv_ConvertE5M2ToFP16EXTDv4_c(<4 x i8>)
declare spir_func <2 x i8> @_Z36__builtin_spirv_ConvertFP16ToE4M3EXTDv2_Dh(<2 x half>)
define spir_func void @f(i8 %a, half %b, <4 x i8> %c, <2 x half> %d, ptr addrspace(1) %out) {
  %h = call spir_func half @_Z36__builtin_spirv_ConvertE4M3ToFP16EXTc(i8 %a)
  %e = call spir_func i8 @_Z36__builtin_spirv_ConvertFP16ToE5M2EXTDh(half %b)
  %v = call spir_func <4 x half> @_Z36__builtin_spirv_ConvertE5M2ToFP16EXTDv4_c(<4 x i8> %c)
  %w = call spir_func <2 x i8> @_Z36__builtin_spirv_ConvertFP16ToE4M3EXTDv2_Dh(<2 x half> %d)
  store half %h, ptr addrspace(1) %out
  store i8 %e, ptr addrspace(1) %out
  store <4 x half> %v, ptr addrspace(1) %out
  store <2 x i8> %w, ptr addrspace(1) %out
  ret void
}
"#;
    for m in both(src, "+SPV_EXT_float8", "fp8_conversions") {
        assert!(capabilities(&m).contains(&Capability::Float8EXT.0));
        assert!(common::extensions(&m).iter().any(|e| e == "SPV_EXT_float8"));
        let fp8 = float8_types(&m);
        let mut encodings: Vec<u32> = fp8.iter().map(|&(_, e)| e).collect();
        encodings.sort_unstable();
        assert_eq!(encodings, [0x1076, 0x1077], "one E4M3 and one E5M2 type");
        assert_eq!(count(&m, Op::FConvert), 4);
        // No import of the built-ins is left behind.
        assert_eq!(count(&m, Op::FunctionCall), 0);
        let defs = common::defs(&m);
        for conv in m.instructions().filter(|i| i.opcode == Op::FConvert) {
            // Each conversion has an FP8 value (or vector of them) on one side.
            let fp8_side = |id: spirvkit_core::Id| {
                let ty = match defs.get(&id) {
                    Some(d) if d.opcode == Op::TypeVector => {
                        d.operands.first().map(common::id).unwrap_or(id)
                    }
                    _ => id,
                };
                fp8.iter().any(|&(f, _)| f == ty)
            };
            let source_ty = conv
                .operands
                .first()
                .map(common::id)
                .and_then(|v| defs.get(&v))
                .and_then(|d| d.result_type);
            let result_fp8 = conv.result_type.is_some_and(fp8_side);
            let source_fp8 = source_ty.is_some_and(fp8_side);
            assert!(result_fp8 != source_fp8, "exactly one side is FP8");
        }
        // The FP8 side meets the i8 carrier through one OpBitcast per conversion.
        let fp8_bitcasts = m
            .instructions()
            .filter(|i| i.opcode == Op::Bitcast)
            .filter(|i| {
                let source = i.operands.first().map(common::id);
                let from_conversion = source
                    .and_then(|v| defs.get(&v))
                    .is_some_and(|d| d.opcode == Op::FConvert);
                let into_conversion = m.instructions().any(|c| {
                    c.opcode == Op::FConvert && c.operands.first().map(common::id) == i.result_id
                });
                from_conversion || into_conversion
            })
            .count();
        assert_eq!(fp8_bitcasts, 4);
    }
}

#[test]
fn fp8_conversion_builtins_from_bfloat_and_packed_carriers() {
    // BF16 forms take / give `bfloat` (SPV_KHR_bfloat16 as well); a packed carrier (i32 for
    // four FP8 values) is bitcast to a vector of four FP8 components.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i8 @_Z36__builtin_spirv_ConvertBF16ToE4M3EXTDF16b(bfloat)
declare spir_func bfloat @_Z36__builtin_spirv_ConvertE5M2ToBF16EXTc(i8)
declare spir_func <4 x half> @_Z36__builtin_spirv_ConvertE4M3ToFP16EXTi(i32)
define spir_func void @f(bfloat %a, i8 %b, i32 %packed, ptr addrspace(1) %out) {
  %e = call spir_func i8 @_Z36__builtin_spirv_ConvertBF16ToE4M3EXTDF16b(bfloat %a)
  %f = call spir_func bfloat @_Z36__builtin_spirv_ConvertE5M2ToBF16EXTc(i8 %b)
  %v = call spir_func <4 x half> @_Z36__builtin_spirv_ConvertE4M3ToFP16EXTi(i32 %packed)
  store i8 %e, ptr addrspace(1) %out
  store bfloat %f, ptr addrspace(1) %out
  store <4 x half> %v, ptr addrspace(1) %out
  ret void
}
"#;
    for m in both(src, "+SPV_EXT_float8,+SPV_KHR_bfloat16", "fp8_bf16_packed") {
        let caps = capabilities(&m);
        assert!(caps.contains(&Capability::Float8EXT.0));
        assert!(caps.contains(&Capability::BFloat16TypeKHR.0));
        assert_eq!(count(&m, Op::FConvert), 3);
        assert_eq!(count(&m, Op::FunctionCall), 0);
        let fp8: Vec<_> = float8_types(&m).into_iter().map(|(id, _)| id).collect();
        let four_fp8 = m.instructions().any(|i| {
            i.opcode == Op::TypeVector
                && i.operands
                    .first()
                    .map(common::id)
                    .is_some_and(|c| fp8.contains(&c))
                && i.operands.get(1).and_then(spirvkit_core::Operand::word) == Some(4)
        });
        assert!(
            four_fp8,
            "the packed i32 becomes a vector of four FP8 values"
        );
    }
}

#[test]
fn fp8_conversion_builtins_need_spv_ext_float8() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func half @_Z36__builtin_spirv_ConvertE4M3ToFP16EXTc(i8)
define spir_func half @f(i8 %a) {
  %h = call spir_func half @_Z36__builtin_spirv_ConvertE4M3ToFP16EXTc(i8 %a)
  ret half %h
}
"#;
    let e = translate_with(src, "").expect_err("without SPV_EXT_float8");
    assert!(e.contains("SPV_EXT_float8"), "{e}");
    // A carrier that does not hold one byte per component is malformed input.
    let bad = r#"target triple = "spir64-unknown-unknown"
declare spir_func <2 x half> @_Z36__builtin_spirv_ConvertE4M3ToFP16EXTc(i8)
define spir_func <2 x half> @f(i8 %a) {
  %h = call spir_func <2 x half> @_Z36__builtin_spirv_ConvertE4M3ToFP16EXTc(i8 %a)
  ret <2 x half> %h
}
"#;
    let e = translate_with(bad, "+SPV_EXT_float8").expect_err("one byte for two components");
    assert!(e.contains("__builtin_spirv_ConvertE4M3ToFP16EXT"), "{e}");
}

#[test]
fn fp8_conversion_of_a_cooperative_matrix_converts_to_a_matrix_of_fp8() {
    // A half cooperative matrix converted to E4M3 (its IR names a matrix of i8): OpFConvert to
    // the same matrix of OpTypeFloat 8 Float8E4M3EXT, then OpBitcast to the matrix of i8.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func target("spirv.CooperativeMatrixKHR", half, 3, 12, 12, 2) @_Z26__spirv_CompositeConstructDh(half)
declare spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 12, 2) @_Z36__builtin_spirv_ConvertFP16ToE4M3EXTPU3AS144__spirv_CooperativeMatrixKHR__half_3_12_12_2(target("spirv.CooperativeMatrixKHR", half, 3, 12, 12, 2))
define spir_func void @f() {
  %m = call spir_func target("spirv.CooperativeMatrixKHR", half, 3, 12, 12, 2) @_Z26__spirv_CompositeConstructDh(half 0.0)
  %c = call spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 12, 2) @_Z36__builtin_spirv_ConvertFP16ToE4M3EXTPU3AS144__spirv_CooperativeMatrixKHR__half_3_12_12_2(target("spirv.CooperativeMatrixKHR", half, 3, 12, 12, 2) %m)
  ret void
}
"#;
    let ext = "+SPV_EXT_float8,+SPV_KHR_cooperative_matrix";
    for m in both(src, ext, "fp8_matrix") {
        let caps = capabilities(&m);
        assert!(caps.contains(&Capability::Float8EXT.0));
        assert!(caps.contains(&Capability::Float8CooperativeMatrixEXT.0));
        let fp8: Vec<_> = float8_types(&m).into_iter().map(|(id, _)| id).collect();
        let fp8_matrix = m
            .instructions()
            .find(|i| {
                i.opcode == Op::TypeCooperativeMatrixKHR
                    && i.operands
                        .first()
                        .map(common::id)
                        .is_some_and(|c| fp8.contains(&c))
            })
            .and_then(|i| i.result_id)
            .expect("a cooperative matrix of FP8");
        let conv = m
            .instructions()
            .find(|i| i.opcode == Op::FConvert)
            .expect("an OpFConvert");
        assert_eq!(conv.result_type, Some(fp8_matrix));
        assert!(m.instructions().any(
            |i| i.opcode == Op::Bitcast && i.operands.first().map(common::id) == conv.result_id
        ));
        assert_eq!(count(&m, Op::FunctionCall), 0);
    }
}

#[test]
fn saturating_fp8_conversions_decorate_their_conversion() {
    // `..._sat`: the OpFConvert to FP8 carries SaturatedToLargestFloat8NormalConversionEXT.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i8 @_Z40__builtin_spirv_ConvertFP16ToE4M3EXT_satDh(half)
declare spir_func i8 @_Z36__builtin_spirv_ConvertFP16ToE5M2EXTDh(half)
define spir_func void @f(half %h, ptr addrspace(1) %out) {
  %a = call spir_func i8 @_Z40__builtin_spirv_ConvertFP16ToE4M3EXT_satDh(half %h)
  %b = call spir_func i8 @_Z36__builtin_spirv_ConvertFP16ToE5M2EXTDh(half %h)
  store i8 %a, ptr addrspace(1) %out
  store i8 %b, ptr addrspace(1) %out
  ret void
}
"#;
    let saturated = spirvkit_grammar::Decoration::SaturatedToLargestFloat8NormalConversionEXT.0;
    for m in both(src, "+SPV_EXT_float8", "fp8_sat") {
        let decorated: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::Decorate)
            .filter(|i| i.operands.get(1).and_then(spirvkit_core::Operand::word) == Some(saturated))
            .filter_map(|i| i.operands.first().map(common::id))
            .collect();
        assert_eq!(decorated.len(), 1, "only the _sat conversion");
        let convs: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::FConvert)
            .filter_map(|i| i.result_id)
            .collect();
        assert_eq!(convs.len(), 2);
        assert!(convs.contains(&decorated[0]));
        assert_eq!(count(&m, Op::FunctionCall), 0);
    }
}

/// The position of the OpFunction that defines the function named `name`.
fn function_position(m: &Module, name: &str) -> usize {
    let id = m
        .instructions()
        .find(|i| {
            i.opcode == Op::Name
                && matches!(i.operands.get(1), Some(spirvkit_core::Operand::String(s)) if s.as_ref() == name)
        })
        .and_then(|i| i.operands.first().map(common::id))
        .unwrap_or_else(|| panic!("no OpName {name}"));
    m.instructions()
        .position(|i| i.opcode == Op::Function && i.result_id == Some(id))
        .unwrap_or_else(|| panic!("no OpFunction {name}"))
}

#[test]
fn a_task_function_defined_after_its_kernel_is_emitted_before_it() {
    // SYCL's order (llvm-spirv's task_sequence tests): the kernel creating the task sequence
    // first, the task body after it. OpTaskSequenceCreateINTEL's Function operand may not be
    // a forward reference (spirv-val), so the task body is defined first.
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %out, i32 %x) {
entry:
  %ts = call spir_func target("spirv.TaskSequenceINTEL") @_Z31__spirv_TaskSequenceCreateINTELPFiiiEjjit(ptr @mul, i32 -1, i32 -1, i32 1, i16 32)
  call spir_func void @_Z30__spirv_TaskSequenceAsyncINTELmii(target("spirv.TaskSequenceINTEL") %ts, i32 %x, i32 %x)
  %r = call spir_func i32 @_Z28__spirv_TaskSequenceGetINTELm(target("spirv.TaskSequenceINTEL") %ts)
  store i32 %r, ptr addrspace(1) %out, align 4
  call spir_func void @_Z32__spirv_TaskSequenceReleaseINTELm(target("spirv.TaskSequenceINTEL") %ts)
  ret void
}
define linkonce_odr spir_func i32 @mul(i32 %a, i32 %b) {
  %m = mul nsw i32 %b, %a
  ret i32 %m
}
declare spir_func target("spirv.TaskSequenceINTEL") @_Z31__spirv_TaskSequenceCreateINTELPFiiiEjjit(ptr, i32, i32, i32, i16)
declare spir_func void @_Z30__spirv_TaskSequenceAsyncINTELmii(target("spirv.TaskSequenceINTEL"), i32, i32)
declare spir_func i32 @_Z28__spirv_TaskSequenceGetINTELm(target("spirv.TaskSequenceINTEL"))
declare spir_func void @_Z32__spirv_TaskSequenceReleaseINTELm(target("spirv.TaskSequenceINTEL"))
"#;
    for ext in [
        "+SPV_INTEL_task_sequence",
        "+SPV_INTEL_task_sequence,+SPV_KHR_untyped_pointers",
    ] {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{ext}: {e}"));
        // spirv-val 2025.5 rejects any function id as this operand ("Invalid use of function
        // result id", a limit of its list of function uses); what it must not report is a
        // forward reference ("has not been defined").
        if let Some((accepted, stderr)) =
            common::run_spirv_val(&m, "test-heldout", &format!("task_order_{}", ext.len()))
        {
            assert!(
                accepted || stderr.contains("Invalid use of function result id"),
                "{stderr}"
            );
            assert!(!stderr.contains("has not been defined"), "{stderr}");
        }
        let create = m
            .instructions()
            .position(|i| i.opcode == Op::TaskSequenceCreateALTERA)
            .expect("OpTaskSequenceCreateINTEL");
        assert!(function_position(&m, "mul") < function_position(&m, "k"));
        assert!(function_position(&m, "mul") < create);
        // The parallel translation (bodies on several threads) emits the same order.
        let llvm = spirvkit_llvm::parse_text(src, "test.ll").unwrap_or_else(|e| panic!("{e}"));
        let mut options = spirvkit_spir::TranslateOptions::default();
        options
            .apply_extension_list(ext)
            .unwrap_or_else(|e| panic!("{e}"));
        let plan = spirvkit_spir::ParallelPlan::EVERY_FUNCTION_A_CHUNK;
        let parallel = spirvkit_spir::translate_with_plan(&llvm, &options, plan)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(parallel.to_words(), m.to_words(), "parallel order differs");
    }
}

#[test]
fn functions_only_called_keep_the_module_order() {
    // A call may name a function defined later (OpFunctionCall): no reordering then.
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %out) {
  %v = call spir_func i32 @later(i32 3)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
define spir_func i32 @later(i32 %a) {
  %m = add i32 %a, 1
  ret i32 %m
}
"#;
    for m in both(src, "", "call_order") {
        assert!(function_position(&m, "k") < function_position(&m, "later"));
    }
}

#[test]
fn register_alloc_mode_gives_the_maximum_registers_execution_modes() {
    // SPV_INTEL_maximum_registers (llvm-spirv's registerallocmode test): a count, the named
    // limit AutoINTEL, and a count given as a node (OpExecutionModeId with a constant);
    // a kernel without the metadata gets none of them.
    let src = r#"target triple = "spir64"
define spir_kernel void @count() !RegisterAllocMode !0 {
  ret void
}
define spir_kernel void @named() !RegisterAllocMode !1 {
  ret void
}
define spir_kernel void @by_id() !RegisterAllocMode !2 {
  ret void
}
define spir_kernel void @plain() {
  ret void
}
!0 = !{i32 2}
!1 = !{!"AutoINTEL"}
!2 = !{!3}
!3 = !{i32 3}
"#;
    let max_regs = spirvkit_grammar::ExecutionMode::MaximumRegistersINTEL.0;
    let named = spirvkit_grammar::ExecutionMode::NamedMaximumRegistersINTEL.0;
    let by_id = spirvkit_grammar::ExecutionMode::MaximumRegistersIdINTEL.0;
    for m in both(src, "+SPV_INTEL_maximum_registers", "max_registers") {
        assert!(capabilities(&m).contains(&Capability::RegisterLimitsINTEL.0));
        assert!(common::extensions(&m).contains(&"SPV_INTEL_maximum_registers".to_owned()));
        let modes: Vec<(u32, u32)> = m
            .instructions()
            .filter(|i| i.opcode == Op::ExecutionMode)
            .filter_map(|i| {
                Some((
                    i.operands.get(1)?.word()?,
                    i.operands
                        .get(2)
                        .and_then(spirvkit_core::Operand::word)
                        .unwrap_or(u32::MAX),
                ))
            })
            .filter(|&(mode, _)| mode == max_regs || mode == named)
            .collect();
        assert_eq!(modes, vec![(max_regs, 2), (named, 0)]);
        let with_id: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::ExecutionModeId)
            .collect();
        assert_eq!(with_id.len(), 1);
        assert_eq!(with_id[0].operands[1].word(), Some(by_id));
        let constant = common::defs(&m)[&common::id(&with_id[0].operands[2])];
        assert_eq!(constant.opcode, Op::Constant);
        assert_eq!(
            constant
                .operands
                .first()
                .and_then(spirvkit_core::Operand::word),
            Some(3)
        );
    }
    // Without the extension the metadata is ignored, as llvm-spirv ignores it.
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    assert!(!capabilities(&m).contains(&Capability::RegisterLimitsINTEL.0));
    assert_eq!(count(&m, Op::ExecutionModeId), 0);
}

#[test]
fn an_unknown_register_limit_name_is_refused_naming_the_kernel() {
    let src = r#"target triple = "spir64"
define spir_kernel void @k() !RegisterAllocMode !0 {
  ret void
}
!0 = !{!"Plenty"}
"#;
    let e = translate_with(src, "+SPV_INTEL_maximum_registers").expect_err("unknown name");
    assert!(e.contains("@k") && e.contains("Plenty"), "{e}");
}

#[test]
fn a_boolean_spec_constant_with_a_byte_default_is_a_bool_spec_constant() {
    // DPC++ declares a `bool` specialization constant `i1 @__spirv_SpecConstant(i32, i8)`:
    // the constant has the call's type (OpTypeBool, OpSpecConstantTrue for a default that is
    // not zero), so a select on it has a boolean condition (t8a/063).
    let src = r#"target triple = "spir64-unknown-unknown"
declare i1 @_Z20__spirv_SpecConstantia(i32, i8)
declare i32 @_Z20__spirv_SpecConstantii(i32, i64)
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %b = call i1 @_Z20__spirv_SpecConstantia(i32 0, i8 1)
  %f = call i1 @_Z20__spirv_SpecConstantia(i32 1, i8 0)
  %n = call i32 @_Z20__spirv_SpecConstantii(i32 2, i64 4294967301)
  %s = select i1 %b, i8 0, i8 1
  %z = zext i1 %f to i8
  %sum = add i8 %s, %z
  store i8 %sum, ptr addrspace(1) %out, align 1
  %w = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %n, ptr addrspace(1) %w, align 4
  ret void
}
"#;
    for m in both(src, "", "bool_spec_constant") {
        assert_eq!(count(&m, Op::SpecConstantTrue), 1);
        assert_eq!(count(&m, Op::SpecConstantFalse), 1);
        // The i32 one takes the i64 default's low 32 bits (one word, 5).
        let spec: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::SpecConstant)
            .map(|i| i.operands.clone())
            .collect();
        assert_eq!(spec.len(), 1, "{spec:?}");
        assert_eq!(spec[0].len(), 1);
        assert_eq!(spec[0][0].word(), Some(5));
        // No i8 specialization constant is made for the boolean ones.
        let bool_ty = m
            .instructions()
            .find(|i| i.opcode == Op::TypeBool)
            .and_then(|i| i.result_id)
            .expect("OpTypeBool");
        for i in m
            .instructions()
            .filter(|i| matches!(i.opcode, Op::SpecConstantTrue | Op::SpecConstantFalse))
        {
            assert_eq!(i.result_type, Some(bool_ty));
        }
    }
}

#[test]
fn an_alloca_counted_by_a_spec_constant_is_an_array_of_that_length() {
    // `alloca T, iN %n` with %n a `__spirv_SpecConstant` call: a Function variable of
    // OpTypeArray T (the specialization constant), seen by its users as a pointer to T; no
    // extension needed (llvm-spirv's mapping, t8a/055). A run-time count still needs
    // SPV_INTEL_variable_length_array.
    let src = r#"target triple = "spir64-unknown-unknown"
%pair = type { double, double }
declare i64 @_Z20__spirv_SpecConstantix(i32, i64)
declare i8 @_Z20__spirv_SpecConstantic(i32, i8)
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %n = call i64 @_Z20__spirv_SpecConstantix(i32 0, i64 3)
  %m = call i8 @_Z20__spirv_SpecConstantic(i32 1, i8 2)
  %a = alloca float, i64 %n, align 4
  %b = alloca %pair, i8 %m, align 16
  store float 1.0, ptr %a, align 4
  %x = load float, ptr %a, align 4
  store float %x, ptr addrspace(1) %out, align 4
  %d = getelementptr %pair, ptr %b, i64 1, i32 1
  store double 2.0, ptr %d, align 8
  ret void
}
"#;
    for m in both(src, "", "spec_length_alloca") {
        let specs: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::SpecConstant)
            .filter_map(|i| i.result_id)
            .collect();
        assert_eq!(specs.len(), 2);
        // Each array's length is one of the specialization constants.
        let arrays: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::TypeArray)
            .filter_map(|i| i.operands.get(1).and_then(spirvkit_core::Operand::id))
            .collect();
        for s in &specs {
            assert!(arrays.contains(s), "array of length {s:?} in {arrays:?}");
        }
        assert!(count(&m, Op::VariableLengthArrayINTEL) == 0);
        assert!(!capabilities(&m).contains(&Capability::VariableLengthArrayINTEL.0));
    }
    let runtime = src
        .replace("alloca float, i64 %n", "alloca float, i64 %r")
        .replace(
            "@k(ptr addrspace(1) %out)",
            "@k(ptr addrspace(1) %out, i64 %r)",
        );
    let e = translate_with(&runtime, "").expect_err("a run-time count");
    assert!(e.contains("SPV_INTEL_variable_length_array"), "{e}");
}

/// `(mode, literal)` of every OpExecutionMode.
fn execution_modes(m: &Module) -> Vec<(u32, u32)> {
    m.instructions()
        .filter(|i| i.opcode == Op::ExecutionMode)
        .filter_map(|i| Some((i.operands.get(1)?.word()?, i.operands.get(2)?.word()?)))
        .collect()
}

const VECTOR_COMPUTE: &str = r#"target triple = "spir64-unknown-unknown"
%opencl.image2d_rw_t = type opaque
define spir_func "VCSingleElementVector" i8 @helper(i8 "VCSingleElementVector" %a, i8 %b) #1 {
entry:
  %s = add i8 %a, %b
  ret i8 %s
}
define spir_kernel void @k(i32 "VCArgumentIOKind"="0" %in, i32 "VCArgumentIOKind"="1" %out, ptr addrspace(1) "VCMediaBlockIO" %img) #0 {
entry:
  %r = call i8 @helper(i8 1, i8 2)
  ret void
}
attributes #0 = { "VCFunction" "VCSLMSize"="256" "VCSIMTCall"="5" }
attributes #1 = { "VCFunction" "VCStackCall" }
"#;

#[test]
fn vector_compute_attributes_decorate_functions_and_parameters() {
    // SPV_INTEL_vector_compute's string attributes (llvm-spirv's transVectorComputeMetadata;
    // the form of its transcoding/SPV_INTEL_vector_compute tests, t8a/007, 066, 068, 075).
    use spirvkit_grammar::Decoration as D;
    for m in both(
        VECTOR_COMPUTE,
        "+SPV_INTEL_vector_compute",
        "vector_compute",
    ) {
        assert!(capabilities(&m).contains(&Capability::VectorComputeINTEL.0));
        assert!(common::extensions(&m).contains(&"SPV_INTEL_vector_compute".to_owned()));
        assert_eq!(decorations_of(&m, D::VectorComputeFunctionINTEL).len(), 2);
        assert_eq!(decorations_of(&m, D::StackCallINTEL).len(), 1);
        let simt = decorations_of(&m, D::SIMTCallINTEL);
        assert_eq!(simt.len(), 1);
        assert_eq!(simt[0].1, vec![5]);
        let mut io: Vec<Vec<u32>> = decorations_of(&m, D::FuncParamIOKindINTEL)
            .into_iter()
            .map(|(_, l)| l)
            .collect();
        io.sort();
        assert_eq!(io, vec![vec![0], vec![1]]);
        assert_eq!(decorations_of(&m, D::MediaBlockIOINTEL).len(), 1);
        // On the helper's return and its first parameter; no operand (the grammar has none).
        let sev = decorations_of(&m, D::SingleElementVectorINTEL);
        assert_eq!(sev.len(), 2);
        assert!(sev.iter().all(|(_, l)| l.is_empty()));
        assert!(execution_modes(&m).contains(&(
            spirvkit_grammar::ExecutionMode::SharedLocalMemorySizeINTEL.0,
            256
        )));
    }
    // Without the extension they are dropped (llvm-spirv drops them too).
    let m = translate_with(VECTOR_COMPUTE, "").unwrap_or_else(|e| panic!("{e}"));
    assert!(!capabilities(&m).contains(&Capability::VectorComputeINTEL.0));
    assert!(decorations_of(&m, D::VectorComputeFunctionINTEL).is_empty());
}

#[test]
fn vector_compute_float_control_is_execution_modes_per_float_width() {
    // `"VCFloatControl"`: rounding (bits 4-5), float mode (bit 0), denormals kept per width
    // (0x40 double, 0x80 float, 0x400 half); t8a/034's `k_rtp_df_alt` = 145.
    use spirvkit_grammar::ExecutionMode as E;
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k_rtp_df_alt(i32 %a) #0 {
entry:
  ret void
}
define spir_kernel void @k_rte(i32 %a) #1 {
entry:
  ret void
}
attributes #0 = { "VCFunction" "VCFloatControl"="145" }
attributes #1 = { "VCFunction" "VCFloatControl"="0" }
"#;
    let ext = "+SPV_INTEL_vector_compute,+SPV_KHR_float_controls,+SPV_INTEL_float_controls2";
    for m in both(src, ext, "vc_float_control") {
        let modes = execution_modes(&m);
        for w in [64, 32, 16] {
            assert!(modes.contains(&(E::RoundingModeRTPINTEL.0, w)), "{modes:?}");
            assert!(modes.contains(&(E::FloatingPointModeALTINTEL.0, w)));
            assert!(modes.contains(&(E::RoundingModeRTE.0, w)));
            assert!(modes.contains(&(E::FloatingPointModeIEEEINTEL.0, w)));
        }
        assert!(modes.contains(&(E::DenormPreserve.0, 32)));
        assert!(modes.contains(&(E::DenormFlushToZero.0, 64)));
        assert!(modes.contains(&(E::DenormFlushToZero.0, 16)));
        assert_eq!(
            modes.iter().filter(|m| m.0 == E::DenormPreserve.0).count(),
            1
        );
    }
    // The rounding and float modes need SPV_INTEL_float_controls2: refused naming it.
    let e = translate_with(src, "+SPV_INTEL_vector_compute,+SPV_KHR_float_controls")
        .expect_err("no float_controls2");
    assert!(e.contains("SPV_INTEL_float_controls2"), "{e}");
}

#[test]
fn vector_compute_buffers_are_buffer_surfaces() {
    // `%intel.buffer_{ro,wo,rw}_t addrspace(1)*` → OpTypeBufferSurfaceINTEL with the name's
    // access qualifier (llvm-spirv's buffer_surface_intel.ll, t8a/071). spirv-val 2025.5
    // rejects the type outside a block ("must appear in a block"), so the form is checked.
    let src = r#"target triple = "spir"
%intel.buffer_ro_t = type opaque
%intel.buffer_wo_t = type opaque
%intel.buffer_rw_t = type opaque
define spir_kernel void @test(%intel.buffer_ro_t addrspace(1)* %ro, %intel.buffer_wo_t addrspace(1)* %wo, %intel.buffer_rw_t addrspace(1)* %rw) #0 {
entry:
  ret void
}
attributes #0 = { "VCFunction" }
"#;
    let m = translate_with(src, "+SPV_INTEL_vector_compute").unwrap_or_else(|e| panic!("{e}"));
    let mut access: Vec<u32> = m
        .instructions()
        .filter(|i| i.opcode == Op::TypeBufferSurfaceINTEL)
        .filter_map(|i| i.operands.first().and_then(spirvkit_core::Operand::word))
        .collect();
    access.sort_unstable();
    assert_eq!(access, vec![0, 1, 2]);
    assert!(capabilities(&m).contains(&Capability::VectorComputeINTEL.0));
    let e = translate_with(src, "").expect_err("no extension");
    assert!(e.contains("SPV_INTEL_vector_compute"), "{e}");
}

#[test]
fn an_image_struct_name_gives_the_access_qualifier_without_metadata() {
    // `%opencl.image2d_wo_t` (typed pointers, no kernel_arg_access_qual): WriteOnly, as
    // llvm-spirv reads it from the name (t8a/071); `_rw_t` is ReadWrite (ImageReadWrite).
    let src = r#"target triple = "spir64-unknown-unknown"
%opencl.image2d_wo_t = type opaque
%opencl.image1d_rw_t = type opaque
%opencl.image3d_ro_t = type opaque
define spir_kernel void @k(%opencl.image2d_wo_t addrspace(1)* %a, %opencl.image1d_rw_t addrspace(1)* %b, %opencl.image3d_ro_t addrspace(1)* %c) {
entry:
  ret void
}
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    common::spirv_val(&m, "heldout_image_name_access");
    let mut access: Vec<u32> = m
        .instructions()
        .filter(|i| i.opcode == Op::TypeImage)
        .filter_map(|i| i.operands.last().and_then(spirvkit_core::Operand::word))
        .collect();
    access.sort_unstable();
    assert_eq!(access, vec![0, 1, 2]);
    assert!(capabilities(&m).contains(&Capability::ImageReadWrite.0));
}

#[test]
fn vector_compute_global_attributes_decorate_the_variable() {
    // A global's attribute group (`@in = ... #0`, t8a/029, 039, 054): "VCGlobalVariable" →
    // VectorComputeVariableINTEL, "VCVolatile" → Volatile, "VCByteOffset"="N" →
    // GlobalVariableOffsetINTEL N; here for a CrossWorkgroup and a private global.
    use spirvkit_grammar::Decoration as D;
    let src = common::VC_GLOBALS;
    for m in both(src, "+SPV_INTEL_vector_compute", "vc_globals") {
        assert_eq!(decorations_of(&m, D::VectorComputeVariableINTEL).len(), 2);
        assert_eq!(decorations_of(&m, D::Volatile).len(), 1);
        let mut offsets: Vec<Vec<u32>> = decorations_of(&m, D::GlobalVariableOffsetINTEL)
            .into_iter()
            .map(|(_, l)| l)
            .collect();
        offsets.sort();
        assert_eq!(offsets, vec![vec![1], vec![16]]);
    }
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    assert!(decorations_of(&m, D::VectorComputeVariableINTEL).is_empty());
}

#[test]
fn usm_pointers_reach_generic_through_cross_workgroup() {
    // With SPV_INTEL_usm_storage_classes, addrspace(5)/(6) are DeviceOnly/HostOnly. The core
    // generic casts take only Workgroup, CrossWorkgroup and Function pointers, and the
    // extension's casts link DeviceOnly/HostOnly to CrossWorkgroup: a USM <-> generic (or
    // device <-> host) cast goes through a CrossWorkgroup pointer (t9a intel_usm_addrspaces).
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @use(ptr addrspace(4))
declare spir_func void @use_device(ptr addrspace(5))
define spir_func void @f(ptr addrspace(5) %d, ptr addrspace(6) %h, ptr addrspace(4) %g) {
  %a = addrspacecast ptr addrspace(5) %d to ptr addrspace(4)
  store i32 1, ptr addrspace(4) %a, align 4
  call spir_func void @use(ptr addrspace(4) %a)
  %b = addrspacecast ptr addrspace(6) %h to ptr addrspace(4)
  call spir_func void @use(ptr addrspace(4) %b)
  %c = addrspacecast ptr addrspace(4) %g to ptr addrspace(5)
  store i32 2, ptr addrspace(5) %c, align 4
  %e = addrspacecast ptr addrspace(6) %h to ptr addrspace(5)
  call spir_func void @use_device(ptr addrspace(5) %e)
  ret void
}
"#;
    let ext = "+SPV_INTEL_usm_storage_classes";
    for m in both(src, ext, "usm_generic") {
        // device->generic, host->generic, device<-host: one each into CrossWorkgroup.
        assert_eq!(count(&m, Op::PtrCastToCrossWorkgroupALTERA), 3);
        // generic->device, device<-host: one each out of CrossWorkgroup.
        assert_eq!(count(&m, Op::CrossWorkgroupCastToPtrALTERA), 2);
        assert_eq!(count(&m, Op::PtrCastToGeneric), 2);
        assert_eq!(count(&m, Op::GenericCastToPtr), 1);
    }
    // Without the extension the USM spaces are CrossWorkgroup: the generic casts are direct.
    for m in both(src, "", "usm_generic_no_ext") {
        assert_eq!(count(&m, Op::PtrCastToCrossWorkgroupALTERA), 0);
        assert_eq!(count(&m, Op::PtrCastToGeneric), 2);
        assert_eq!(count(&m, Op::GenericCastToPtr), 1);
    }
}

/// The UserSemantic strings decorating `target`.
fn user_semantics(m: &Module, target: spirvkit_core::Id) -> Vec<String> {
    m.instructions()
        .filter(|i| i.opcode == Op::Decorate)
        .filter(|i| i.operands.first() == Some(&spirvkit_core::Operand::Id(target)))
        .filter(|i| i.operands.get(1).and_then(|o| o.word()) == Some(Decoration::UserSemantic.0))
        .filter_map(|i| match i.operands.get(2) {
            Some(spirvkit_core::Operand::String(s)) => Some(s.to_string()),
            _ => None,
        })
        .collect()
}

/// The id OpName gives `name`.
fn named(m: &Module, name: &str) -> spirvkit_core::Id {
    m.instructions()
        .filter(|i| i.opcode == Op::Name)
        .find(
            |i| matches!(i.operands.get(1), Some(spirvkit_core::Operand::String(s)) if *s == name),
        )
        .map(|i| common::id(&i.operands[0]))
        .unwrap_or_else(|| panic!("no OpName {name}"))
}

#[test]
fn register_alloc_mode_without_the_extension_is_a_user_semantic() {
    // llvm-spirv's transFunctionMetadataAsUserSemanticDecoration: without
    // SPV_INTEL_maximum_registers, `!RegisterAllocMode !{i32 N}` with N = 0 (auto), 1 (small)
    // or 2 (large) decorates the function with UserSemantic "num-thread-per-eu 0/8/4"; other
    // values (3, default) give nothing (t9a registerallocmode).
    let src = r#"target triple = "spir64"
define spir_kernel void @auto() !RegisterAllocMode !0 { ret void }
define spir_kernel void @small() !RegisterAllocMode !1 { ret void }
define spir_kernel void @large() !RegisterAllocMode !2 { ret void }
define spir_kernel void @default() !RegisterAllocMode !3 { ret void }
!0 = !{i32 0}
!1 = !{i32 1}
!2 = !{i32 2}
!3 = !{i32 3}
"#;
    for m in both(src, "", "register_alloc_mode") {
        assert_eq!(
            user_semantics(&m, named(&m, "auto")),
            ["num-thread-per-eu 0"]
        );
        assert_eq!(
            user_semantics(&m, named(&m, "small")),
            ["num-thread-per-eu 8"]
        );
        assert_eq!(
            user_semantics(&m, named(&m, "large")),
            ["num-thread-per-eu 4"]
        );
        assert!(user_semantics(&m, named(&m, "default")).is_empty());
        // UserSemantic is core SPIR-V 1.4.
        assert!(m.header.version >= 0x0001_0400);
    }
    // With the extension the metadata is an execution mode instead.
    for m in both(
        src,
        "+SPV_INTEL_maximum_registers",
        "register_alloc_mode_ext",
    ) {
        assert!(user_semantics(&m, named(&m, "large")).is_empty());
        assert!(count(&m, Op::ExecutionMode) >= 4);
    }
}

#[test]
fn nontemporal_loads_and_stores_carry_the_nontemporal_memory_operand() {
    // `!nontemporal` on a load or store: MemoryAccess Nontemporal next to Volatile and
    // Aligned, as llvm-spirv marks it (t9a memory_access).
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %a = load volatile i32, ptr addrspace(1) %p, align 4, !nontemporal !0
  store i32 %a, ptr addrspace(1) %q, align 4, !nontemporal !0
  %b = load i32, ptr addrspace(1) %p
  store i32 %b, ptr addrspace(1) %q, !nontemporal !0
  ret void
}
!0 = !{i32 1}
"#;
    use spirvkit_grammar::MemoryAccess;
    let nt = MemoryAccess::Nontemporal.0;
    for m in both(src, "", "nontemporal") {
        let masks: Vec<(Op, Option<u32>)> = m
            .instructions()
            .filter(|i| matches!(i.opcode, Op::Load | Op::Store))
            .map(|i| {
                let at = if i.opcode == Op::Load { 1 } else { 2 };
                (i.opcode, i.operands.get(at).and_then(|o| o.word()))
            })
            .collect();
        let volatile = MemoryAccess::Volatile.0;
        let aligned = MemoryAccess::Aligned.0;
        assert_eq!(
            masks,
            [
                (Op::Load, Some(volatile | aligned | nt)),
                (Op::Store, Some(aligned | nt)),
                (Op::Load, None),
                (Op::Store, Some(nt)),
            ]
        );
    }
}

#[test]
fn sub_group_ballot_masks_read_the_mask_built_ins() {
    // cl_khr_subgroup_ballot's get_sub_group_{eq,ge,gt,le,lt}_mask: uint4 reads of the
    // SubgroupEq/Ge/Gt/Le/LtMask built-ins, with the core GroupNonUniformBallot capability
    // (SPIR-V 1.3), not the shader-only SubgroupBallotKHR the grammar lists first.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func <4 x i32> @_Z21get_sub_group_eq_maskv()
declare spir_func <4 x i32> @_Z21get_sub_group_ge_maskv()
declare spir_func <4 x i32> @_Z21get_sub_group_gt_maskv()
declare spir_func <4 x i32> @_Z21get_sub_group_le_maskv()
declare spir_func <4 x i32> @_Z21get_sub_group_lt_maskv()
define spir_kernel void @k(ptr addrspace(1) %out) {
  %eq = call spir_func <4 x i32> @_Z21get_sub_group_eq_maskv()
  %ge = call spir_func <4 x i32> @_Z21get_sub_group_ge_maskv()
  %gt = call spir_func <4 x i32> @_Z21get_sub_group_gt_maskv()
  %le = call spir_func <4 x i32> @_Z21get_sub_group_le_maskv()
  %lt = call spir_func <4 x i32> @_Z21get_sub_group_lt_maskv()
  %a = or <4 x i32> %eq, %ge
  %b = or <4 x i32> %gt, %le
  %c = or <4 x i32> %a, %b
  %d = or <4 x i32> %c, %lt
  store <4 x i32> %d, ptr addrspace(1) %out, align 16
  ret void
}
"#;
    use spirvkit_grammar::BuiltIn;
    for m in both(src, "", "ballot_masks") {
        let builtins: Vec<u32> = m
            .instructions()
            .filter(|i| i.opcode == Op::Decorate)
            .filter(|i| i.operands.get(1).and_then(|o| o.word()) == Some(Decoration::BuiltIn.0))
            .filter_map(|i| i.operands.get(2).and_then(|o| o.word()))
            .collect();
        for b in [
            BuiltIn::SubgroupEqMask,
            BuiltIn::SubgroupGeMask,
            BuiltIn::SubgroupGtMask,
            BuiltIn::SubgroupLeMask,
            BuiltIn::SubgroupLtMask,
        ] {
            assert!(builtins.contains(&b.0), "{b:?}");
        }
        let caps = capabilities(&m);
        assert!(caps.contains(&Capability::GroupNonUniformBallot.0));
        assert!(!caps.contains(&Capability::SubgroupBallotKHR.0));
        assert!(m.header.version >= 0x0001_0300);
    }
    // The SPIR-V friendly spelling reads the same variable.
    let spv_ir = r#"target triple = "spir64-unknown-unknown"
declare spir_func <4 x i32> @_Z29__spirv_BuiltInSubgroupEqMaskv()
define spir_kernel void @k(ptr addrspace(1) %out) {
  %eq = call spir_func <4 x i32> @_Z29__spirv_BuiltInSubgroupEqMaskv()
  store <4 x i32> %eq, ptr addrspace(1) %out, align 16
  ret void
}
"#;
    for m in both(spv_ir, "", "ballot_masks_spv_ir") {
        let caps = capabilities(&m);
        assert!(caps.contains(&Capability::GroupNonUniformBallot.0));
        assert!(!caps.contains(&Capability::SubgroupBallotKHR.0));
    }
}

#[test]
fn fast_math_flags_on_fneg_and_fcmp_need_spirv_1_6() {
    // FPFastMathMode on OpFNegate and the float comparisons is SPIR-V 1.6: the default
    // (version cap 1.6) keeps the flags and writes a 1.6 module; under a 1.5 cap they are
    // dropped, as llvm-spirv drops them (t9a fcmp, fneg). fadd's flags are 1.0.
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(float %a, float %b, ptr addrspace(1) %o, ptr addrspace(1) %c) {
  %n = fneg nnan float %a
  %s = fadd ninf float %n, %b
  store float %s, ptr addrspace(1) %o, align 4
  %e = fcmp nnan ninf oeq float %a, %b
  %z = zext i1 %e to i32
  store i32 %z, ptr addrspace(1) %c, align 4
  ret void
}
"#;
    let decorated = |m: &Module| {
        let defs = common::defs(m);
        m.instructions()
            .filter(|i| i.opcode == Op::Decorate)
            .filter(|i| {
                i.operands.get(1).and_then(|o| o.word()) == Some(Decoration::FPFastMathMode.0)
            })
            .filter_map(|i| defs.get(&common::id(&i.operands[0])).map(|d| d.opcode))
            .collect::<Vec<Op>>()
    };
    for m in both(src, "", "fast_math_1_6") {
        let ops = decorated(&m);
        assert!(
            ops.contains(&Op::FNegate) && ops.contains(&Op::FOrdEqual) && ops.contains(&Op::FAdd)
        );
        assert_eq!(m.header.version, 0x0001_0600);
    }
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").expect("parse");
    let options = spirvkit_spir::TranslateOptions {
        max_version: 0x0001_0500,
        ..Default::default()
    };
    let m = spirvkit_spir::translate(&llvm, &options).expect("translate at 1.5");
    common::spirv_val(&m, "heldout_fast_math_1_5");
    assert_eq!(decorated(&m), [Op::FAdd]);
    assert!(m.header.version < 0x0001_0600);
}

#[test]
fn fast_math_calls_decorate_their_opencl_ext_inst_in_spirv_1_6() {
    // `call fast float @fmax` lowered to OpenCL.std fmax: FPFastMathMode on the OpExtInst
    // (OpenCL.std permits it on math, common and geometric instructions, in SPIR-V 1.6), as
    // llvm-spirv emits it (t9a fast-math-opencl-builtins); not on other instructions (vloadn),
    // and nothing under a 1.5 cap.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func float @_Z16__spirv_ocl_fmaxff(float, float)
declare spir_func float @_Z4sqrtf(float)
declare spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64, ptr addrspace(1))
define spir_kernel void @k(float %a, float %b, ptr addrspace(1) %p) {
  %m = call fast spir_func float @_Z16__spirv_ocl_fmaxff(float %a, float %b)
  %s = call nnan spir_func float @_Z4sqrtf(float %m)
  %v = call fast spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64 0, ptr addrspace(1) %p)
  %e = extractelement <4 x float> %v, i32 0
  %t = fadd float %s, %e
  store float %t, ptr addrspace(1) %p, align 4
  ret void
}
"#;
    let decorated_ext_insts = |m: &Module| {
        let defs = common::defs(m);
        m.instructions()
            .filter(|i| i.opcode == Op::Decorate)
            .filter(|i| {
                i.operands.get(1).and_then(|o| o.word()) == Some(Decoration::FPFastMathMode.0)
            })
            .filter_map(|i| defs.get(&common::id(&i.operands[0])))
            .filter(|d| d.opcode == Op::ExtInst)
            .filter_map(|d| d.operands.get(1).and_then(|o| o.word()))
            .collect::<Vec<u32>>()
    };
    // OpenCL.std numbers: fmax 27, sqrt 61 (vloadn 171 stays undecorated).
    for m in both(src, "", "fast_math_ext_inst") {
        assert_eq!(decorated_ext_insts(&m), [27, 61]);
        assert_eq!(m.header.version, 0x0001_0600);
    }
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").expect("parse");
    let options = spirvkit_spir::TranslateOptions {
        max_version: 0x0001_0500,
        ..Default::default()
    };
    let m = spirvkit_spir::translate(&llvm, &options).expect("translate at 1.5");
    common::spirv_val(&m, "heldout_fast_math_ext_inst_1_5");
    assert!(decorated_ext_insts(&m).is_empty());
}

// ---- devset9b (session 15): t9b, the top-level llvm-spirv tests no listing reaches ----

/// The opcode words of the module's OpSpecConstantOp instructions.
fn spec_constant_ops(m: &Module) -> Vec<u32> {
    m.instructions()
        .filter(|i| i.opcode == Op::SpecConstantOp)
        .filter_map(|i| i.operands.first().and_then(spirvkit_core::Operand::word))
        .collect()
}

#[test]
fn constant_select_of_a_pointer_comparison_is_a_spec_constant_op() {
    // t9b/009 (complex-constexpr): `select (icmp eq (ptr gep, ptr null), inttoptr -1, gep)`
    // as a call argument. OpenCL's OpSpecConstantOp allows Select and the integer
    // comparisons; the pointers are compared as integers (ConvertPtrToU), as llvm-spirv does.
    let src = r#"target triple = "spir64-unknown-unknown"
@str = private unnamed_addr addrspace(1) constant [1 x i8] zeroinitializer, align 1
declare spir_func void @bar(ptr addrspace(4), ptr addrspace(4))
define spir_func void @foo() {
entry:
  call spir_func void @bar(ptr addrspace(4) addrspacecast (ptr addrspace(1) @str to ptr addrspace(4)), ptr addrspace(4) select (i1 icmp eq (ptr addrspace(4) addrspacecast (ptr addrspace(1) @str to ptr addrspace(4)), ptr addrspace(4) null), ptr addrspace(4) inttoptr (i64 -1 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @str to ptr addrspace(4))))
  ret void
}
"#;
    for m in both(src, "", "const_select_cmp") {
        let ops = spec_constant_ops(&m);
        assert!(ops.contains(&u32::from(Op::Select.0)), "{ops:?}");
        assert!(ops.contains(&u32::from(Op::IEqual.0)), "{ops:?}");
        assert!(ops.contains(&u32::from(Op::ConvertPtrToU.0)), "{ops:?}");
    }
}

#[test]
fn constant_vector_element_operations_are_spec_constant_ops() {
    // t9b/010 (constexpr_vector): `extractelement (<2 x i32> bitcast (i64 ptrtoint ...))`
    // in a constant vector; also `insertelement` and `shufflevector` constant expressions:
    // OpSpecConstantOp CompositeExtract / CompositeInsert / VectorShuffle with literal
    // indices (undefined mask lanes are 0xFFFFFFFF).
    let src = r#"target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %out2, ptr addrspace(1) %out3) {
entry:
  store <2 x i32> <i32 extractelement (<2 x i32> bitcast (i64 ptrtoint (ptr addrspace(1) @g to i64) to <2 x i32>), i32 1), i32 7>, ptr addrspace(1) %out, align 8
  store <2 x i32> insertelement (<2 x i32> bitcast (i64 ptrtoint (ptr addrspace(1) @g to i64) to <2 x i32>), i32 3, i32 0), ptr addrspace(1) %out2, align 8
  store <4 x i32> shufflevector (<2 x i32> bitcast (i64 ptrtoint (ptr addrspace(1) @g to i64) to <2 x i32>), <2 x i32> <i32 5, i32 6>, <4 x i32> <i32 3, i32 undef, i32 1, i32 0>), ptr addrspace(1) %out3, align 16
  ret void
}
"#;
    for m in both(src, "", "const_vector_elements") {
        let ops = spec_constant_ops(&m);
        assert!(ops.contains(&u32::from(Op::CompositeExtract.0)), "{ops:?}");
        assert!(ops.contains(&u32::from(Op::CompositeInsert.0)), "{ops:?}");
        let shuffle = m
            .instructions()
            .find(|i| {
                i.opcode == Op::SpecConstantOp
                    && i.operands.first().and_then(spirvkit_core::Operand::word)
                        == Some(u32::from(Op::VectorShuffle.0))
            })
            .expect("a constant VectorShuffle");
        let lanes: Vec<u32> = shuffle.operands[3..]
            .iter()
            .filter_map(spirvkit_core::Operand::word)
            .collect();
        assert_eq!(lanes, vec![3, u32::MAX, 1, 0]);
    }
}

#[test]
fn a_constant_float_comparison_is_refused_not_a_panic() {
    // OpSpecConstantOp has no float comparison: refused, naming the construct.
    let src = r#"target triple = "spir64-unknown-unknown"
@f = addrspace(1) global float 1.0
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  store i1 fcmp olt (float bitcast (i32 ptrtoint (ptr addrspace(1) @f to i32) to float), float 2.0), ptr addrspace(1) %out, align 1
  ret void
}
"#;
    let e = translate_with(src, "").expect_err("a float comparison has no constant form");
    assert!(e.contains("constant floating-point comparison"), "{e}");
}

#[test]
fn spv_ir_sampled_image_declared_as_a_pointer_has_the_sampled_image_type() {
    // t9b/027 (SampledImageRetType): DPC++'s older SPV-IR declares
    // `i8 addrspace(4)* @__spirv_SampledImage(image, sampler)`; OpSampledImage's result is
    // the image's OpTypeSampledImage (spirv-val refuses a pointer), as llvm-spirv emits it.
    let src = r#"target triple = "spir64"
%opencl.image1d_ro_t = type opaque
%opencl.sampler_t = type opaque
declare spir_func i8 addrspace(4)* @_Z20__spirv_SampledImageI14ocl_image1d_roPvET0_T_11ocl_sampler(%opencl.image1d_ro_t addrspace(1)*, %opencl.sampler_t addrspace(2)*)
declare spir_func <4 x float> @_Z30__spirv_ImageSampleExplicitLodIPvDv4_fiET0_T_T1_if(i8 addrspace(4)*, i32, i32, float)
define spir_kernel void @k(%opencl.image1d_ro_t addrspace(1)* %img, %opencl.sampler_t addrspace(2)* %smp, <4 x float> addrspace(1)* %out) {
  %s = tail call spir_func i8 addrspace(4)* @_Z20__spirv_SampledImageI14ocl_image1d_roPvET0_T_11ocl_sampler(%opencl.image1d_ro_t addrspace(1)* %img, %opencl.sampler_t addrspace(2)* %smp)
  %v = tail call spir_func <4 x float> @_Z30__spirv_ImageSampleExplicitLodIPvDv4_fiET0_T_T1_if(i8 addrspace(4)* %s, i32 3, i32 2, float 0.000000e+00)
  store <4 x float> %v, <4 x float> addrspace(1)* %out, align 16
  ret void
}
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    common::spirv_val(&m, "heldout_sampled_image_pointer");
    let defs = common::defs(&m);
    let si = m
        .instructions()
        .find(|i| i.opcode == Op::SampledImage)
        .expect("OpSampledImage");
    let ty = si.result_type.expect("a result type");
    assert_eq!(defs[&ty].opcode, Op::TypeSampledImage);
    assert_eq!(count(&m, Op::ImageSampleExplicitLod), 1);
}

#[test]
fn memory_decorations_on_a_scalar_parameter_are_dropped() {
    // t9b/040 (spirv_param_decorations): `!spirv.ParameterDecorations` puts Restrict and
    // Volatile on float parameters; they apply to memory objects only (spirv-val: "must
    // be a pointer type"), so they are dropped there and kept on a pointer parameter;
    // FPRoundingMode stays.
    use spirvkit_grammar::Decoration as D;
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(float %a, float %b, ptr addrspace(1) %p) !spirv.ParameterDecorations !3 {
entry:
  ret void
}
!0 = !{i32 19}
!1 = !{i32 39, i32 2}
!2 = !{i32 21}
!3 = !{!4, !5, !6}
!4 = !{!0, !1}
!5 = !{!2}
!6 = !{!0, !2}
"#;
    for m in both(src, "", "param_memory_decorations") {
        assert_eq!(decorations_of(&m, D::Restrict).len(), 1);
        assert_eq!(decorations_of(&m, D::Volatile).len(), 1);
        assert_eq!(decorations_of(&m, D::FPRoundingMode).len(), 1);
    }
}

#[test]
fn intel_sigmoid_is_fsigmoid_intel() {
    // t9b/053 (SPV_INTEL_sigmoid, cl_sigmoid_ocl_builtins): `intel_sigmoid(x)` (half or float,
    // scalar or vector) and the SPV-IR `__spirv_FSigmoidINTEL(x)` → OpFSigmoidINTEL (6168) with
    // capability SigmoidINTEL (6167) and the extension. spirv-val 2025.5 knows neither token,
    // so the module is checked by form.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func float @_Z13intel_sigmoidf(float)
declare spir_func <4 x half> @_Z13intel_sigmoidDv4_Dh(<4 x half>)
declare spir_func <8 x float> @_Z21__spirv_FSigmoidINTELDv8_f(<8 x float>)
define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  %f = load float, ptr addrspace(1) %p, align 4
  %h = load <4 x half>, ptr addrspace(1) %p, align 8
  %v = load <8 x float>, ptr addrspace(1) %p, align 32
  %a = call spir_func float @_Z13intel_sigmoidf(float %f)
  %b = call spir_func <4 x half> @_Z13intel_sigmoidDv4_Dh(<4 x half> %h)
  %c = call spir_func <8 x float> @_Z21__spirv_FSigmoidINTELDv8_f(<8 x float> %v)
  store float %a, ptr addrspace(1) %p, align 4
  store <4 x half> %b, ptr addrspace(1) %p, align 8
  store <8 x float> %c, ptr addrspace(1) %p, align 32
  ret void
}
"#;
    for ext in [
        "+SPV_INTEL_sigmoid",
        "+SPV_INTEL_sigmoid,+SPV_KHR_untyped_pointers",
    ] {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{ext}: {e}"));
        assert_eq!(count(&m, Op::FSigmoidINTEL), 3);
        assert!(capabilities(&m).contains(&Capability::SigmoidINTEL.0));
        assert!(common::extensions(&m).contains(&"SPV_INTEL_sigmoid".to_owned()));
    }
    let e = translate_with(src, "").expect_err("needs SPV_INTEL_sigmoid");
    assert!(e.contains("SPV_INTEL_sigmoid"), "{e}");
}

// ---- devset10a (session 16): t10a, half of the listed llvm-spirv tests never drawn ----

#[test]
fn i1_vector_reductions_are_logical_operations() {
    // t10a/029 (llvm-vector-reduce/add.ll) and t10a/059 (mul.ll): `vector.reduce.add` and
    // `.mul` of `<N x i1>` were IAdd/IMul on bool (spirv-val: "Expected int scalar or vector
    // type"). As llvm-spirv: add is addition modulo 2 (LogicalNotEqual), mul is LogicalAnd;
    // the min/max forms fold to And/Or (i1 true is -1 signed, 1 unsigned).
    let src = r#"target triple = "spir64-unknown-unknown"
declare i1 @llvm.vector.reduce.add.v4i1(<4 x i1>)
declare i1 @llvm.vector.reduce.mul.v3i1(<3 x i1>)
declare i1 @llvm.vector.reduce.smax.v2i1(<2 x i1>)
declare i1 @llvm.vector.reduce.smin.v2i1(<2 x i1>)
declare i1 @llvm.vector.reduce.umax.v2i1(<2 x i1>)
declare i1 @llvm.vector.reduce.umin.v2i1(<2 x i1>)
define spir_func i1 @add(<4 x i1> %v) {
  %r = call i1 @llvm.vector.reduce.add.v4i1(<4 x i1> %v)
  ret i1 %r
}
define spir_func i1 @mul(<3 x i1> %v) {
  %r = call i1 @llvm.vector.reduce.mul.v3i1(<3 x i1> %v)
  ret i1 %r
}
define spir_func i1 @minmax(<2 x i1> %v) {
  %a = call i1 @llvm.vector.reduce.smax.v2i1(<2 x i1> %v)
  %b = call i1 @llvm.vector.reduce.smin.v2i1(<2 x i1> %v)
  %c = call i1 @llvm.vector.reduce.umax.v2i1(<2 x i1> %v)
  %d = call i1 @llvm.vector.reduce.umin.v2i1(<2 x i1> %v)
  %e = xor i1 %a, %b
  %f = xor i1 %c, %d
  %g = xor i1 %e, %f
  ret i1 %g
}
"#;
    for m in both(src, "", "i1_reduce") {
        assert_eq!(count(&m, Op::IAdd), 0);
        assert_eq!(count(&m, Op::IMul), 0);
        assert_eq!(count(&m, Op::ExtInst), 0);
        // add: 3 folds; mul: 2 folds + smax/umin: 1 each; smin/umax: 1 each.
        assert_eq!(count(&m, Op::LogicalAnd), 4);
        assert_eq!(count(&m, Op::LogicalOr), 2);
        assert!(count(&m, Op::LogicalNotEqual) >= 3);
    }
}

#[test]
fn atomic_compare_exchange_weak_is_the_weak_instruction() {
    // t10a/149 (AtomicCompareExchangeExplicit.ll): OpenCL 2.0
    // `atomic_compare_exchange_weak_explicit` is OpAtomicCompareExchangeWeak, the strong form
    // OpAtomicCompareExchange, as llvm-spirv's CHECK lines require (the weak form was strong).
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i1 @_Z37atomic_compare_exchange_weak_explicitPU3AS3VU7_AtomiciPii12memory_orderS4_12memory_scope(ptr addrspace(3), ptr, i32, i32, i32, i32)
declare spir_func i1 @_Z39atomic_compare_exchange_strong_explicitPU3AS3VU7_AtomiciPii12memory_orderS4_12memory_scope(ptr addrspace(3), ptr, i32, i32, i32, i32)
@l = internal addrspace(3) global i32 undef, align 4
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %e = alloca i32, align 4
  store i32 0, ptr %e, align 4
  %w = call spir_func i1 @_Z37atomic_compare_exchange_weak_explicitPU3AS3VU7_AtomiciPii12memory_orderS4_12memory_scope(ptr addrspace(3) @l, ptr %e, i32 14, i32 0, i32 0, i32 2)
  %s = call spir_func i1 @_Z39atomic_compare_exchange_strong_explicitPU3AS3VU7_AtomiciPii12memory_orderS4_12memory_scope(ptr addrspace(3) @l, ptr %e, i32 14, i32 0, i32 0, i32 2)
  %b = and i1 %w, %s
  %z = zext i1 %b to i32
  store i32 %z, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    for m in both(src, "", "cmpxchg_weak") {
        assert_eq!(count(&m, Op::AtomicCompareExchangeWeak), 1);
        assert_eq!(count(&m, Op::AtomicCompareExchange), 1);
        assert_eq!(count(&m, Op::IEqual), 2);
    }
}

/// The value of the 64-bit integer constant `id` names.
fn u64_constant(m: &Module, id: spirvkit_core::Id) -> Option<u64> {
    let c = m
        .instructions()
        .find(|i| i.opcode == Op::Constant && i.result_id == Some(id))?;
    let words: Vec<u32> = c
        .operands
        .iter()
        .filter_map(|o| match o {
            spirvkit_core::Operand::Word(w) => Some(*w),
            _ => None,
        })
        .collect();
    Some(match words.as_slice() {
        [lo] => u64::from(*lo),
        [lo, hi] => u64::from(*lo) | (u64::from(*hi) << 32),
        _ => return None,
    })
}

#[test]
fn objectsize_of_a_known_object_is_its_size() {
    // t10a/156 (llvm-intrinsics/objectsize.ll): `llvm.objectsize` of an alloca of [24 x i8]
    // folds to 24 (it was -1 for every object); of an argument it stays -1 (0 with min).
    // A global with an initializer is its allocation size too; a weak one is not known.
    let src = r#"target triple = "spir64-unknown-unknown"
declare i64 @llvm.objectsize.i64.p0(ptr, i1 immarg, i1 immarg, i1 immarg)
declare i64 @llvm.objectsize.i64.p1(ptr addrspace(1), i1 immarg, i1 immarg, i1 immarg)
@g = addrspace(1) global [3 x i64] zeroinitializer, align 8
@w = weak addrspace(1) global [5 x i32] zeroinitializer, align 4
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %out) {
entry:
  %buf = alloca [24 x i8], align 1
  %a = call i64 @llvm.objectsize.i64.p0(ptr %buf, i1 false, i1 true, i1 false)
  store i64 %a, ptr addrspace(1) %out, align 8
  %b = call i64 @llvm.objectsize.i64.p1(ptr addrspace(1) %p, i1 false, i1 true, i1 false)
  store i64 %b, ptr addrspace(1) %out, align 8
  %c = call i64 @llvm.objectsize.i64.p1(ptr addrspace(1) %p, i1 true, i1 true, i1 false)
  store i64 %c, ptr addrspace(1) %out, align 8
  %d = call i64 @llvm.objectsize.i64.p1(ptr addrspace(1) @g, i1 false, i1 true, i1 false)
  store i64 %d, ptr addrspace(1) %out, align 8
  %e = call i64 @llvm.objectsize.i64.p1(ptr addrspace(1) @w, i1 false, i1 true, i1 false)
  store i64 %e, ptr addrspace(1) %out, align 8
  ret void
}
"#;
    for m in both(src, "", "objectsize_known") {
        // The stored values, in order: each is a CopyObject of a constant.
        let copies: Vec<u64> = m
            .instructions()
            .filter(|i| i.opcode == Op::CopyObject)
            .filter_map(|i| match i.operands.last() {
                Some(spirvkit_core::Operand::Id(c)) => u64_constant(&m, *c),
                _ => None,
            })
            .collect();
        assert_eq!(copies, vec![24, u64::MAX, 0, 24, u64::MAX]);
    }
}

#[test]
fn barriers_with_a_memory_scope_use_it_as_their_memory_scope() {
    // t10a/157 (OpControlBarrier_cl20_subgroup.ll): `sub_group_barrier(flags, scope)` and
    // `work_group_barrier(flags, scope)` ignored the scope argument (memory scope = execution
    // scope). As llvm-spirv: memory_scope_work_item/work_group/device/all_svm_devices/
    // sub_group → Invocation/Workgroup/Device/CrossDevice/Subgroup as the memory scope; the
    // execution scope stays Subgroup/Workgroup.
    let src = r#"target triple = "spir-unknown-unknown"
declare spir_func void @_Z17sub_group_barrierj(i32)
declare spir_func void @_Z17sub_group_barrierji(i32, i32)
declare spir_func void @_Z18work_group_barrierji(i32, i32)
define spir_kernel void @k() {
entry:
  call spir_func void @_Z17sub_group_barrierj(i32 2)
  call spir_func void @_Z17sub_group_barrierji(i32 2, i32 0)
  call spir_func void @_Z17sub_group_barrierji(i32 2, i32 1)
  call spir_func void @_Z17sub_group_barrierji(i32 2, i32 2)
  call spir_func void @_Z17sub_group_barrierji(i32 2, i32 3)
  call spir_func void @_Z18work_group_barrierji(i32 1, i32 4)
  ret void
}
"#;
    for m in both(src, "", "barrier_memory_scope") {
        let scopes: Vec<(u32, u32)> = m
            .instructions()
            .filter(|i| i.opcode == Op::ControlBarrier)
            .filter_map(|i| match i.operands.as_slice() {
                [spirvkit_core::Operand::Id(e), spirvkit_core::Operand::Id(s), _] => {
                    Some((u64_constant(&m, *e)? as u32, u64_constant(&m, *s)? as u32))
                }
                _ => None,
            })
            .collect();
        // lit17: without the scope argument the memory scope is Workgroup (llvm-spirv's
        // `OpControlBarrier_cl21.ll`: `ControlBarrier Subgroup Workgroup` for
        // `sub_group_barrier(flags)`), not the execution scope.
        assert_eq!(scopes, vec![(3, 2), (3, 4), (3, 2), (3, 1), (3, 0), (2, 3)]);
    }
}

// ---- Session 16, helper devset10b (sample t10b): float_controls2, bfloat16 built-ins by
// their `u6__bf16` spelling, image reads with a level of detail, parameter bounds, copy
// alignments.

/// The literal words of each OpExecutionModeId of `mode` (target type, fast-math constant).
fn execution_mode_ids(m: &Module, mode: spirvkit_grammar::ExecutionMode) -> Vec<u32> {
    m.instructions()
        .filter(|i| {
            i.opcode == Op::ExecutionModeId
                && i.operands.get(1).and_then(spirvkit_core::Operand::word) == Some(mode.0)
        })
        .filter_map(|i| i.operands.get(2).and_then(spirvkit_core::Operand::id))
        .map(|id| id.0)
        .collect()
}

#[test]
fn float_controls2_fast_math_modes_use_its_bits_and_decorate_function_calls() {
    // t10b/038, t10b/040 (SPV_KHR_float_controls2): `contract` alone is AllowContract (65536)
    // on scalar and vector arithmetic; `fast` is every bit but the deprecated Fast one
    // (458767), on an OpFunctionCall too, not on an extension instruction (OpGroupFMulKHR).
    use spirvkit_grammar::Decoration as D;
    let src = r#"target triple = "spir64-unknown-unknown"
define internal spir_func float @helper(float %x) {
  %r = fmul float %x, %x
  ret float %r
}
declare spir_func float @_Z20__spirv_GroupFMulKHRjjf(i32, i32, float)
define spir_kernel void @k(ptr addrspace(1) %out, float %a, <2 x float> %v) {
entry:
  %c = fadd contract float %a, %a
  %w = fadd contract <2 x float> %v, %v
  %call = call fast spir_func float @helper(float %c)
  %g = call fast spir_func float @_Z20__spirv_GroupFMulKHRjjf(i32 2, i32 0, float %call)
  store float %g, ptr addrspace(1) %out, align 4
  store <2 x float> %w, ptr addrspace(1) %out, align 8
  ret void
}
"#;
    let ext = "+SPV_KHR_float_controls2,+SPV_KHR_uniform_group_instructions";
    for m in both(src, ext, "float_controls2_fast_math") {
        let modes: Vec<u32> = decorations_of(&m, D::FPFastMathMode)
            .into_iter()
            .map(|(_, l)| l[0])
            .collect();
        assert_eq!(
            modes.iter().filter(|&&w| w == 0x10000).count(),
            2,
            "{modes:?}"
        );
        assert_eq!(
            modes.iter().filter(|&&w| w == 0x7000F).count(),
            1,
            "{modes:?}"
        );
        assert!(
            modes.iter().all(|w| w & 0x10 == 0),
            "no Fast bit: {modes:?}"
        );
        let call = m
            .instructions()
            .find(|i| i.opcode == Op::FunctionCall)
            .and_then(|i| i.result_id)
            .map(|id| id.0);
        let decorated: Vec<u32> = decorations_of(&m, D::FPFastMathMode)
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        assert!(call.is_some_and(|c| decorated.contains(&c)));
        let gmul = m
            .instructions()
            .find(|i| i.opcode == Op::GroupFMulKHR)
            .and_then(|i| i.result_id)
            .map(|id| id.0);
        assert!(gmul.is_some_and(|g| !decorated.contains(&g)));
        assert!(capabilities(&m).contains(&Capability::FloatControls2.0));
        assert!(common::extensions(&m).contains(&"SPV_KHR_float_controls2".to_owned()));
    }
    // Without the extension: no FloatControls2, `contract` alone is dropped (a hint) and
    // the call is not decorated.
    let m = translate_with(src, "+SPV_KHR_uniform_group_instructions").unwrap();
    assert!(!capabilities(&m).contains(&Capability::FloatControls2.0));
    assert!(decorations_of(&m, D::FPFastMathMode)
        .iter()
        .all(|(_, l)| l[0] & 0x10000 == 0));
}

#[test]
fn float_controls2_contraction_off_is_a_fast_math_default_of_zero() {
    // t10b/053 (execution_mode_default.ll): a kernel of a module without
    // `!opencl.enable.FP_CONTRACT` gets ContractionOff; under SPV_KHR_float_controls2 it is
    // OpExecutionModeId FPFastMathDefault with the constant 0 for each float type of the
    // module (SPIR-V 1.2), and an explicit SignedZeroInfNanPreserve 32 is
    // FPFastMathDefault 0 of the 32-bit float (not the float_controls capability).
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @foo(half %ah, float %af, double %ad, ptr addrspace(1) %p) {
entry:
  %rh = fadd contract half %ah, %ah
  %rf = fadd contract float %af, %af
  %rd = fadd contract double %ad, %ad
  store half %rh, ptr addrspace(1) %p, align 2
  store float %rf, ptr addrspace(1) %p, align 4
  store double %rd, ptr addrspace(1) %p, align 8
  ret void
}
define spir_kernel void @bar(float %x, ptr addrspace(1) %p) {
entry:
  store float %x, ptr addrspace(1) %p, align 4
  ret void
}
!opencl.enable.FP_CONTRACT = !{}
!spirv.ExecutionMode = !{!0, !1}
!0 = !{ptr @foo, i32 31}
!1 = !{ptr @bar, i32 4461, i32 32}
"#;
    use spirvkit_grammar::ExecutionMode as Em;
    for m in both(src, "+SPV_KHR_float_controls2", "float_controls2_defaults") {
        assert_eq!(execution_mode_ids(&m, Em::FPFastMathDefault).len(), 4);
        assert!(!m.instructions().any(|i| i.opcode == Op::ExecutionMode
            && i.operands.get(1).and_then(spirvkit_core::Operand::word)
                == Some(Em::ContractionOff.0)));
        assert!(!capabilities(&m).contains(&Capability::SignedZeroInfNanPreserve.0));
        assert!(m.header.version >= 0x0001_0200);
    }
    let m = translate_with(src, "+SPV_KHR_float_controls").unwrap();
    assert!(execution_mode_ids(&m, Em::FPFastMathDefault).is_empty());
    assert!(capabilities(&m).contains(&Capability::SignedZeroInfNanPreserve.0));
}

#[test]
fn bfloat16_builtins_spelt_u6_bf16_are_opencl_builtins() {
    // t10b/026 and t10b/086: clang's vendor spelling of `__bf16` in mangled names,
    // `u6__bf16`, names the same built-ins as `DF16b`: `dot` of two bfloat16 vectors is OpDot
    // with SPV_KHR_bfloat16's BFloat16DotProductKHR (no arithmetic extension), `fmax` an
    // OpenCL.std fmax under SPV_INTEL_bfloat16_arithmetic.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func bfloat @_Z3dotDv2_u6__bf16Dv2_S_(<2 x bfloat>, <2 x bfloat>)
define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  %a = load <2 x bfloat>, ptr addrspace(1) %p, align 4
  %d = call spir_func bfloat @_Z3dotDv2_u6__bf16Dv2_S_(<2 x bfloat> %a, <2 x bfloat> %a)
  store bfloat %d, ptr addrspace(1) %p, align 2
  ret void
}
"#;
    for m in both(src, "+SPV_KHR_bfloat16", "bfloat16_dot") {
        assert_eq!(count(&m, Op::Dot), 1);
        assert_eq!(count(&m, Op::FunctionCall), 0);
        assert!(capabilities(&m).contains(&Capability::BFloat16DotProductKHR.0));
        assert!(!capabilities(&m).contains(&Capability::BFloat16ArithmeticINTEL.0));
    }
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func bfloat @_Z4fmaxu6__bf16u6__bf16(bfloat, bfloat)
define spir_func bfloat @f(bfloat %a, bfloat %b) {
  %r = call spir_func bfloat @_Z4fmaxu6__bf16u6__bf16(bfloat %a, bfloat %b)
  ret bfloat %r
}
"#;
    let m = translate_with(src, "+SPV_KHR_bfloat16,+SPV_INTEL_bfloat16_arithmetic").unwrap();
    assert_eq!(count(&m, Op::ExtInst), 1);
    assert_eq!(count(&m, Op::FunctionCall), 0);
    let e = translate_with(src, "+SPV_KHR_bfloat16").expect_err("arithmetic on bfloat16");
    assert!(e.contains("SPV_INTEL_bfloat16_arithmetic"), "{e}");
}

#[test]
fn sampled_image_reads_take_their_level_of_detail_or_gradients() {
    // t10b/115 (OpImageSampleExplicitLod_arg.ll): read_imagef(image, sampler, coord) samples
    // level 0, with a float lod that level (Lod), with two gradients Grad dx dy.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_f(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), target("spirv.Sampler"), <2 x float>)
declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_ff(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), target("spirv.Sampler"), <2 x float>, float)
declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_fS1_S1_(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), target("spirv.Sampler"), <2 x float>, <2 x float>, <2 x float>)
define spir_kernel void @k(ptr addrspace(1) %out, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, target("spirv.Sampler") %s, <2 x float> %c, <2 x float> %dx, <2 x float> %dy) {
entry:
  %a = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_f(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, target("spirv.Sampler") %s, <2 x float> %c)
  %b = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_ff(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, target("spirv.Sampler") %s, <2 x float> %c, float 2.5)
  %g = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_fS1_S1_(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, target("spirv.Sampler") %s, <2 x float> %c, <2 x float> %dx, <2 x float> %dy)
  store <4 x float> %a, ptr addrspace(1) %out, align 16
  store <4 x float> %b, ptr addrspace(1) %out, align 16
  store <4 x float> %g, ptr addrspace(1) %out, align 16
  ret void
}
"#;
    use spirvkit_grammar::ImageOperands as Io;
    for m in both(src, "", "image_lod_grad") {
        let samples: Vec<&spirvkit_core::Instruction> = m
            .instructions()
            .filter(|i| i.opcode == Op::ImageSampleExplicitLod)
            .collect();
        assert_eq!(samples.len(), 3);
        let operands = |i: usize| {
            samples[i]
                .operands
                .get(2)
                .and_then(spirvkit_core::Operand::word)
        };
        assert_eq!(operands(0), Some(Io::Lod.0));
        assert_eq!(operands(1), Some(Io::Lod.0));
        assert_ne!(
            samples[0].operands[3], samples[1].operands[3],
            "lod 2.5 is not 0"
        );
        assert_eq!(operands(2), Some(Io::Grad.0));
        assert_eq!(samples[2].operands.len(), 5);
    }
}

#[test]
fn pointer_parameter_bounds_are_alignment_and_max_byte_offset() {
    // t10b/032 (DecorationAlignment.ll), t10b/099 (DecorationMaxByteOffset.ll): `align N` on
    // a pointer parameter is Alignment N; `dereferenceable(N)` is MaxByteOffset N (SPIR-V
    // 1.1), dropped under a 1.0 cap.
    use spirvkit_grammar::Decoration as D;
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func void @f(ptr addrspace(4) align 16 %a, ptr addrspace(3) dereferenceable(123) %b) {
  ret void
}
define spir_kernel void @k(ptr addrspace(3) dereferenceable(12) %p) {
entry:
  call spir_func void @f(ptr addrspace(4) null, ptr addrspace(3) %p)
  ret void
}
"#;
    for m in both(src, "", "param_bounds") {
        let alignments: Vec<Vec<u32>> = decorations_of(&m, D::Alignment)
            .into_iter()
            .map(|(_, l)| l)
            .collect();
        assert_eq!(alignments, vec![vec![16]]);
        let mut offsets: Vec<u32> = decorations_of(&m, D::MaxByteOffset)
            .into_iter()
            .map(|(_, l)| l[0])
            .collect();
        offsets.sort();
        assert_eq!(offsets, vec![12, 123]);
        assert!(m.header.version >= 0x0001_0100);
    }
    let opts = spirvkit_spir::TranslateOptions {
        max_version: 0x0001_0000,
        ..Default::default()
    };
    let module = spirvkit_llvm::parse_text(src, "test.ll").unwrap();
    let m = spirvkit_spir::translate(&module, &opts).unwrap();
    assert!(decorations_of(&m, D::MaxByteOffset).is_empty());
    assert_eq!(decorations_of(&m, D::Alignment).len(), 1);
}

#[test]
fn a_copy_between_differently_aligned_pointers_gives_both_alignments() {
    // t10b/047 (memcpy.align.ll): `llvm.memcpy(ptr align 8 %d, ptr align 4 %s, ...)` is
    // OpCopyMemorySized with two memory operands from SPIR-V 1.4, Aligned 8 for the target
    // and Aligned 4 for the source; equal alignments are one operand for both.
    let src = r#"target triple = "spir64-unknown-unknown"
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
define spir_kernel void @k(ptr addrspace(1) %d, ptr addrspace(1) %s) {
entry:
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 8 %d, ptr addrspace(1) align 4 %s, i64 16, i1 false)
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %d, ptr addrspace(1) align 4 %s, i64 16, i1 false)
  ret void
}
"#;
    for m in both(src, "", "copy_alignments") {
        let copies: Vec<Vec<u32>> = m
            .instructions()
            .filter(|i| i.opcode == Op::CopyMemorySized)
            .map(|i| {
                i.operands[3..]
                    .iter()
                    .filter_map(spirvkit_core::Operand::word)
                    .collect()
            })
            .collect();
        assert_eq!(copies, vec![vec![2, 8, 2, 4], vec![2, 4]]);
        assert_eq!(m.header.version, 0x0001_0400);
    }
}

#[test]
fn constrained_comparisons_are_the_ordinary_comparisons() {
    // t10b/105 (constrained-comparison.ll): `llvm.experimental.constrained.fcmp[s]` with the
    // predicate as metadata is the OpFOrd*/OpFUnord*/OpOrdered/OpUnordered of that predicate
    // (it was an OpUndef, a dropped hint).
    let src = r#"target triple = "spir64-unknown-unknown"
declare i1 @llvm.experimental.constrained.fcmps.f32(float, float, metadata, metadata)
declare i1 @llvm.experimental.constrained.fcmp.f32(float, float, metadata, metadata)
define spir_func i1 @f(float %a, float %b) {
  %c0 = call i1 @llvm.experimental.constrained.fcmps.f32(float %a, float %b, metadata !"oge", metadata !"fpexcept.strict")
  %c1 = call i1 @llvm.experimental.constrained.fcmp.f32(float %a, float %b, metadata !"uno", metadata !"fpexcept.strict")
  %c2 = call i1 @llvm.experimental.constrained.fcmp.f32(float %a, float %b, metadata !"une", metadata !"fpexcept.ignore")
  %c3 = and i1 %c0, %c1
  %c4 = and i1 %c3, %c2
  ret i1 %c4
}
"#;
    for m in both(src, "", "constrained_fcmp") {
        assert_eq!(count(&m, Op::FOrdGreaterThanEqual), 1);
        assert_eq!(count(&m, Op::Unordered), 1);
        assert_eq!(count(&m, Op::FUnordNotEqual), 1);
        assert_eq!(count(&m, Op::Undef), 0);
    }
    let bad = src.replace("!\"une\"", "!\"xyz\"");
    let e = translate_with(&bad, "").expect_err("unknown predicate");
    assert!(e.contains("predicate") && e.contains("@f"), "{e}");
}

#[test]
fn float_controls2_gives_an_entry_point_one_fast_math_default_per_type() {
    // t7/040 (execution_mode_signed_zero_inf_nan_preserve.ll) under SPV_KHR_float_controls2:
    // without `!opencl.enable.FP_CONTRACT` the kernel's ContractionOff and its explicit
    // SignedZeroInfNanPreserve 32 both ask FPFastMathDefault 0 of `float`; it is given once
    // (spirv-val: "must not be specified multiple times for the same entry point and
    // operands").
    // (lit17: ContractionOff is per kernel now, as llvm-spirv decides it: the call of a
    // built-in — a declaration — is what gives this kernel ContractionOff.)
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)
define spir_kernel void @foo(half %ah, float %af, double %ad, ptr addrspace(1) %p) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %rf = fadd contract float %af, %af
  store half %ah, ptr addrspace(1) %p, align 2
  store float %rf, ptr addrspace(1) %p, align 4
  store double %ad, ptr addrspace(1) %p, align 8
  ret void
}
!spirv.ExecutionMode = !{!0}
!0 = !{ptr @foo, i32 4461, i32 32}
"#;
    use spirvkit_grammar::ExecutionMode as Em;
    for m in both(src, "+SPV_KHR_float_controls2", "float_controls2_once") {
        let mut types = execution_mode_ids(&m, Em::FPFastMathDefault);
        types.sort();
        types.dedup();
        assert_eq!(types.len(), 3);
        assert_eq!(execution_mode_ids(&m, Em::FPFastMathDefault).len(), 3);
    }
}

// ---------------------------------------------------------------------------------------------
// Session 17, helper devset17: cases found in t10b 121–168 and t10a 145.
// ---------------------------------------------------------------------------------------------

#[test]
fn cache_controls_on_a_load_or_store_decorate_a_zero_offset_chain_of_its_pointer() {
    // t10b/167 (basic_load_store_arg_dec.ll): `!spirv.DecorationCacheControlINTEL` on a load
    // or a store names its pointer operand (0 on a load, 1 on a store) as its last word; as
    // llvm-spirv, the access goes through an access chain of the pointer with index 0 carrying
    // the decorations (the metadata was ignored).
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  %v = load i32, ptr addrspace(1) %p, align 4, !spirv.DecorationCacheControlINTEL !0
  store i32 %v, ptr addrspace(1) %p, align 4, !spirv.DecorationCacheControlINTEL !2
  ret void
}
!0 = !{!1}
!1 = !{i32 6442, i32 0, i32 1, i32 0}
!2 = !{!3, !4}
!3 = !{i32 6443, i32 0, i32 1, i32 1}
!4 = !{i32 6443, i32 1, i32 2, i32 1}
"#;
    for m in both(
        src,
        "+SPV_INTEL_cache_controls",
        "cache_controls_load_store",
    ) {
        let chains: Vec<u32> = m
            .instructions()
            .filter(|i| matches!(i.opcode, Op::PtrAccessChain | Op::UntypedPtrAccessChainKHR))
            .filter_map(|i| i.result_id.map(|id| id.0))
            .collect();
        assert_eq!(chains.len(), 2, "one chain per decorated access");
        let load = decorations_of(&m, Decoration::CacheControlLoadINTEL);
        assert_eq!(load, vec![(chains[0], vec![0, 1])]);
        let load_ptr = m
            .instructions()
            .find(|i| i.opcode == Op::Load)
            .and_then(|i| i.operands[0].id())
            .map(|id| id.0);
        assert_eq!(
            load_ptr,
            Some(chains[0]),
            "the load reads through the chain"
        );
        let store_ptr = m
            .instructions()
            .find(|i| i.opcode == Op::Store)
            .and_then(|i| i.operands[0].id())
            .map(|id| id.0);
        assert_eq!(
            store_ptr,
            Some(chains[1]),
            "the store writes through the chain"
        );
        // The second store decoration goes through a group (one OpDecorate per kind).
        let store = decorations_of(&m, Decoration::CacheControlStoreINTEL);
        assert_eq!(store.len(), 2);
        assert!(store.contains(&(chains[1], vec![0, 1])), "{store:?}");
        assert!(capabilities(&m).contains(&Capability::CacheControlsINTEL.0));
    }
    // Without the extension the decoration is refused, naming it.
    let e = translate_with(src, "").expect_err("needs SPV_INTEL_cache_controls");
    assert!(e.contains("SPV_INTEL_cache_controls"), "{e}");
    // An entry naming the stored value (operand 0 of a store) is bad input.
    let bad = src.replace(
        "i32 6443, i32 0, i32 1, i32 1}",
        "i32 6443, i32 0, i32 1, i32 0}",
    );
    let e = translate_with(&bad, "+SPV_INTEL_cache_controls").expect_err("not the pointer");
    assert!(e.contains("operand 0") && e.contains("@k"), "{e}");
}

#[test]
fn a_spirv_decorations_entry_keeps_only_the_literals_its_decoration_takes() {
    // t10b/130 (preserve-all-function-metadata.ll): `!{i32 0, i32 2}` is RelaxedPrecision
    // with a literal RelaxedPrecision does not take; llvm-spirv writes it and gives a module
    // no reader can parse. The decoration is kept, the extra literal dropped.
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func void @f() !spirv.Decorations !0 {
  ret void
}
@g = addrspace(1) global i32 0, !spirv.Decorations !3
!0 = !{!1, !2}
!1 = !{i32 0, i32 2}
!2 = !{i32 0, i32 8}
!3 = !{!4}
!4 = !{i32 45, i32 16, i32 9}
"#;
    for m in both(src, "", "decoration_extra_literals") {
        let relaxed = decorations_of(&m, Decoration::RelaxedPrecision);
        assert!(!relaxed.is_empty());
        assert!(
            relaxed.iter().all(|(_, lits)| lits.is_empty()),
            "{relaxed:?}"
        );
        let offset = decorations_of(&m, Decoration::MaxByteOffset);
        assert_eq!(offset.len(), 1);
        assert_eq!(offset[0].1, vec![16]);
    }
}

#[test]
fn a_constant_length_memmove_copies_through_a_temporary() {
    // t10b/138 (memmove.ll): a move may overlap, an OpCopyMemorySized may not; as llvm-spirv,
    // a move of a constant length copies source → a Function variable of that many bytes →
    // target (it was one direct copy). Two moves of one size share the temporary; a memcpy
    // stays one copy.
    let src = r#"target triple = "spir64-unknown-unknown"
declare void @llvm.memmove.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) align 8 %a, ptr addrspace(1) align 8 %b, i64 24, i1 false)
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) align 8 %b, ptr addrspace(1) align 8 %a, i64 24, i1 false)
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) %a, ptr addrspace(1) %b, i64 24, i1 false)
  ret void
}
"#;
    for m in both(src, "", "memmove_temporary") {
        let variables: Vec<u32> = m
            .instructions()
            .filter(|i| matches!(i.opcode, Op::Variable | Op::UntypedVariableKHR))
            .filter_map(|i| i.result_id.map(|id| id.0))
            .collect();
        assert_eq!(variables.len(), 1, "one temporary for the size");
        let tmp = variables[0];
        let copies: Vec<(u32, u32)> = m
            .instructions()
            .filter(|i| i.opcode == Op::CopyMemorySized)
            .map(|i| {
                let id = |k: usize| i.operands[k].id().map_or(0, |id| id.0);
                (id(0), id(1))
            })
            .collect();
        assert_eq!(copies.len(), 5, "{copies:?}");
        assert_eq!(copies[0].0, tmp, "source → temporary");
        assert_eq!(copies[1].1, tmp, "temporary → target");
        assert_eq!(copies[2].0, tmp);
        assert_eq!(copies[3].1, tmp);
        assert!(copies[4].0 != tmp && copies[4].1 != tmp, "memcpy is direct");
        assert_eq!(
            decorations_of(&m, Decoration::Alignment),
            vec![(tmp, vec![8])]
        );
    }
}

#[test]
fn byval_and_sret_parameters_stay_typed_pointers_with_untyped_pointers() {
    // t10b/135 (byval-sret-call-arg.ll): FuncParamAttr ByVal / Sret say the callee owns a copy
    // of the pointed-to memory; an untyped pointer no longer says its size, so (as llvm-spirv)
    // such a parameter stays a typed pointer to the attribute's type, and a call casts its
    // argument to it. The callee's own accesses go through untyped casts of it.
    let src = r#"target triple = "spir64-unknown-unknown"
%struct.S = type { i32, float }
define spir_func float @callee(ptr sret(%struct.S) %r, ptr byval(%struct.S) %p) {
entry:
  %f = getelementptr inbounds %struct.S, ptr %p, i32 0, i32 1
  %v = load float, ptr %f, align 4
  store float %v, ptr %r, align 4
  ret float %v
}
define spir_kernel void @kern(ptr addrspace(1) %out) {
entry:
  %r = alloca %struct.S
  %tmp = alloca %struct.S
  %c = call spir_func float @callee(ptr sret(%struct.S) %r, ptr byval(%struct.S) %tmp)
  store float %c, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    let [typed, untyped] = both(src, "", "byval_sret_typed");
    for m in [&typed, &untyped] {
        let sret = decorations_of(m, Decoration::FuncParamAttr);
        assert_eq!(sret.len(), 2, "{sret:?}");
    }
    // With untyped pointers: both parameters are OpTypePointer Function %struct_S.
    let pointer_types: Vec<u32> = untyped
        .instructions()
        .filter(|i| i.opcode == Op::TypePointer)
        .filter_map(|i| i.result_id.map(|id| id.0))
        .collect();
    let params: Vec<u32> = untyped
        .instructions()
        .filter(|i| i.opcode == Op::FunctionParameter)
        .filter_map(|i| i.result_type.map(|id| id.0))
        .collect();
    assert_eq!(params.len(), 3);
    assert!(
        pointer_types.contains(&params[0]) && params[0] == params[1],
        "{params:?}"
    );
    assert!(
        !pointer_types.contains(&params[2]),
        "the plain pointer stays untyped"
    );
    // The call passes casts of the untyped variables.
    let casts = untyped
        .instructions()
        .filter(|i| i.opcode == Op::Bitcast && i.result_type.map(|t| t.0) == Some(params[0]))
        .count();
    assert_eq!(casts, 2);
}

// ---- Session 17, helper lit17: differences llvm-spirv's own CHECK lines show (its tests run
// as lit tests through the llvm-spirv personality, `xtask/devset/lit/`).

/// (scope, semantics) constant values of each instruction `op` whose scope and semantics
/// operands are at `at` and `at + 1`.
fn scope_semantics(m: &Module, op: Op, at: usize) -> Vec<(u64, u64)> {
    m.instructions()
        .filter(|i| i.opcode == op)
        .filter_map(|i| {
            let id = |k: usize| i.operands.get(k).and_then(spirvkit_core::Operand::id);
            Some((u64_constant(m, id(at)?)?, u64_constant(m, id(at + 1)?)?))
        })
        .collect()
}

#[test]
fn atomic_loads_and_stores_take_their_ordering_and_sync_scope() {
    // t7/077 (atomic-load-store.ll): `store atomic` / `load atomic` were sequentially
    // consistent at Device scope whatever their ordering. As llvm-spirv: the ordering alone
    // as the semantics (monotonic = Relaxed 0, acquire 2, release 4, seq_cst 16) and the sync
    // scope as the memory scope (the default system scope = CrossDevice 0, "workgroup" = 2).
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  store atomic i32 0, ptr addrspace(1) %p monotonic, align 4
  store atomic i32 1, ptr addrspace(1) %p release, align 4
  store atomic i32 2, ptr addrspace(1) %p syncscope("workgroup") seq_cst, align 4
  %a = load atomic i32, ptr addrspace(1) %p monotonic, align 4
  %b = load atomic i32, ptr addrspace(1) %p acquire, align 4
  %c = load atomic i32, ptr addrspace(1) %p syncscope("device") seq_cst, align 4
  ret void
}
"#;
    for m in both(src, "", "lit17_atomic_load_store") {
        assert_eq!(
            scope_semantics(&m, Op::AtomicStore, 1),
            vec![(0, 0), (0, 4), (2, 16)]
        );
        assert_eq!(
            scope_semantics(&m, Op::AtomicLoad, 1),
            vec![(0, 0), (0, 2), (1, 16)]
        );
    }
}

#[test]
fn a_barrier_without_fence_flags_orders_no_memory() {
    // t7/096 (OpControlBarrier_cl20.ll): `work_group_barrier(0)` had the semantics
    // SequentiallyConsistent (16) alone; llvm-spirv writes None (0). Fence flags keep
    // SequentiallyConsistent with their storage classes (CLK_LOCAL_MEM_FENCE: 0x110).
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @_Z18work_group_barrierj(i32)
declare spir_func void @_Z7barrierj(i32)
define spir_kernel void @k() {
entry:
  call spir_func void @_Z18work_group_barrierj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  ret void
}
"#;
    for m in both(src, "", "lit17_barrier_no_flags") {
        let semantics: Vec<u64> = m
            .instructions()
            .filter(|i| i.opcode == Op::ControlBarrier)
            .filter_map(|i| u64_constant(&m, i.operands.get(2)?.id()?))
            .collect();
        assert_eq!(semantics, vec![0, 0x110]);
    }
}

#[test]
fn spv_ir_weak_compare_exchange_and_less_or_greater_use_their_core_forms() {
    // t7/090, t7/107: llvm-spirv writes `__spirv_AtomicCompareExchangeWeak` as
    // OpAtomicCompareExchange (the weak form is deprecated, same semantics) and
    // `__spirv_LessOrGreater` as OpFOrdNotEqual (OpLessOrGreater left SPIR-V in 1.5).
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z33__spirv_AtomicCompareExchangeWeakPU3AS1iiiiii(ptr addrspace(1), i32, i32, i32, i32, i32)
declare spir_func i1 @_Z21__spirv_LessOrGreaterff(float, float)
define spir_kernel void @k(ptr addrspace(1) %p, float %a, float %b, ptr addrspace(1) %o) {
entry:
  %r = call spir_func i32 @_Z33__spirv_AtomicCompareExchangeWeakPU3AS1iiiiii(ptr addrspace(1) %p, i32 1, i32 0, i32 0, i32 1, i32 2)
  %c = call spir_func i1 @_Z21__spirv_LessOrGreaterff(float %a, float %b)
  %z = zext i1 %c to i32
  store i32 %z, ptr addrspace(1) %o, align 4
  ret void
}
"#;
    for m in both(src, "", "lit17_core_forms") {
        assert_eq!(count(&m, Op::AtomicCompareExchange), 1);
        assert_eq!(count(&m, Op::AtomicCompareExchangeWeak), 0);
        assert_eq!(count(&m, Op::FOrdNotEqual), 1);
        assert_eq!(count(&m, Op::LessOrGreater), 0);
    }
}

#[test]
fn llvm_minimum_and_maximum_fix_up_nans_and_signed_zeros() {
    // t7/027 (minimum-maximum.ll): llvm.minimum/maximum were plain OpenCL.std fmin/fmax,
    // which return the other operand of a NaN and either zero. As llvm-spirv: fmin/fmax,
    // then the signed-zero fix-up (FOrdEqual, copysign(1.0, x) < 0.0, two Selects) unless
    // `nsz`, then the NaN fix-up (OpUnordered, Select of a quiet NaN) unless `nnan`.
    let src = r#"target triple = "spir64-unknown-unknown"
declare float @llvm.minimum.f32(float, float)
declare <2 x double> @llvm.maximum.v2f64(<2 x double>, <2 x double>)
declare half @llvm.maximum.f16(half, half)
define spir_func float @full(float %x, float %y) {
  %r = call float @llvm.minimum.f32(float %x, float %y)
  ret float %r
}
define spir_func <2 x double> @vector(<2 x double> %x, <2 x double> %y) {
  %r = call <2 x double> @llvm.maximum.v2f64(<2 x double> %x, <2 x double> %y)
  ret <2 x double> %r
}
define spir_func float @no_nans(float %x, float %y) {
  %r = call nnan float @llvm.minimum.f32(float %x, float %y)
  ret float %r
}
define spir_func half @fast(half %x, half %y) {
  %r = call fast half @llvm.maximum.f16(half %x, half %y)
  ret half %r
}
"#;
    for m in both(src, "", "lit17_minimum_maximum") {
        // full and vector: both fix-ups; no_nans: the signed-zero one; fast: none.
        assert_eq!(count(&m, Op::Unordered), 2);
        assert_eq!(count(&m, Op::FOrdEqual), 3);
        assert_eq!(count(&m, Op::FOrdLessThan), 3);
        assert_eq!(count(&m, Op::Select), 2 * 3 + 2);
        assert_eq!(count(&m, Op::ExtInst), 4 + 3);
        // The quiet NaNs of float and double.
        let nan_words: Vec<Vec<u32>> = m
            .instructions()
            .filter(|i| i.opcode == Op::Constant)
            .map(|i| {
                i.operands
                    .iter()
                    .filter_map(|o| match o {
                        spirvkit_core::Operand::Word(w) => Some(*w),
                        _ => None,
                    })
                    .collect()
            })
            .filter(|w: &Vec<u32>| w == &vec![0x7FC0_0000] || w == &vec![0, 0x7FF8_0000])
            .collect();
        assert_eq!(nan_words.len(), 2);
    }
}

#[test]
fn contraction_off_is_decided_per_kernel_as_llvm_spirv_does() {
    // t7/031 (ContractionON.ll), t7/040: every kernel of a module without
    // `!opencl.enable.FP_CONTRACT` (clang no longer writes it) got ContractionOff. As
    // llvm-spirv (HEAD's tests, llvm-spirv-15 on the same input): only a kernel that reaches
    // an `fadd`/`fsub` without `contract`, or a call to a declaration (an OpenCL built-in
    // too), itself or through the functions it calls.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)
declare float @llvm.fmuladd.f32(float, float, float)
define spir_func float @mul(float %a, float %b) {
  %m = fmul float %a, %b
  ret float %m
}
define spir_func float @plain_add(float %a, float %b) {
  %s = fadd float %a, %b
  ret float %s
}
define spir_kernel void @contract_add(float %a, float %b, ptr addrspace(1) %p) {
  %m = call spir_func float @mul(float %a, float %b)
  %s = fadd contract float %m, %b
  %f = call float @llvm.fmuladd.f32(float %s, float %a, float %b)
  store float %f, ptr addrspace(1) %p, align 4
  ret void
}
define spir_kernel void @through_a_call(float %a, float %b, ptr addrspace(1) %p) {
  %s = call spir_func float @plain_add(float %a, float %b)
  store float %s, ptr addrspace(1) %p, align 4
  ret void
}
define spir_kernel void @calls_a_builtin(float %a, ptr addrspace(1) %p) {
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %q = getelementptr float, ptr addrspace(1) %p, i64 %i
  store float %a, ptr addrspace(1) %q, align 4
  ret void
}
"#;
    for m in both(src, "", "lit17_contraction_per_kernel") {
        let names = |id: spirvkit_core::Id| {
            m.instructions()
                .find(|i| {
                    i.opcode == Op::EntryPoint
                        && i.operands.get(1).and_then(spirvkit_core::Operand::id) == Some(id)
                })
                .and_then(|i| Some(i.operands.get(2)?.string()?.to_owned()))
        };
        let mut off: Vec<String> = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::ExecutionMode
                    && i.operands.get(1).and_then(spirvkit_core::Operand::word)
                        == Some(spirvkit_grammar::ExecutionMode::ContractionOff.0)
            })
            .filter_map(|i| names(i.operands.first()?.id()?))
            .collect();
        off.sort();
        assert_eq!(off, vec!["calls_a_builtin", "through_a_call"]);
    }
}

#[test]
fn llvm_maximum_of_bfloat_keeps_the_plain_fmax() {
    // t10b/063 (bfloat16_math.ll): the NaN / signed-zero fix-ups compare and copysign IEEE
    // types only; a bfloat llvm.maximum (SPV_INTEL_bfloat16_arithmetic) keeps the plain
    // OpenCL.std fmax it had, not a refusal. (spirv-val 2025.5 rejects OpenCL.std on bfloat,
    // so this checks the translation only.)
    let src = r#"target triple = "spir64-unknown-unknown"
declare bfloat @llvm.maximum.bf16(bfloat, bfloat)
define spir_func bfloat @f(bfloat %x, bfloat %y) {
  %r = call bfloat @llvm.maximum.bf16(bfloat %x, bfloat %y)
  ret bfloat %r
}
"#;
    let m = translate_with(src, "+SPV_KHR_bfloat16,+SPV_INTEL_bfloat16_arithmetic")
        .expect("a bfloat llvm.maximum translates");
    assert_eq!(count(&m, Op::ExtInst), 1);
    assert_eq!(count(&m, Op::Unordered), 0);
}

// ---- Session 17, lead: an all-zero aggregate written out element by element.

/// `<4 x i32> <i32 0, i32 0, i32 0, i32 0>` is what LLVM itself makes `zeroinitializer`
/// (llvm-as canonicalizes it), so it is OpConstantNull as llvm-spirv writes it, not a
/// composite of zeros; a vector with a non-zero lane (or -0.0) stays a composite.
#[test]
fn an_all_zero_vector_spelled_out_is_a_null_constant() {
    let src = r#"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %f) {
entry:
  store <4 x i32> <i32 0, i32 0, i32 0, i32 0>, ptr addrspace(1) %out, align 16
  %p = getelementptr <4 x i32>, ptr addrspace(1) %out, i64 1
  store <4 x i32> <i32 0, i32 1, i32 0, i32 0>, ptr addrspace(1) %p, align 16
  store <2 x float> <float 0.0, float -0.0>, ptr addrspace(1) %f, align 8
  ret void
}
"#;
    for m in typed_and_untyped(src, "", "all_zero_vector") {
        let nulls = m
            .instructions()
            .filter(|i| i.opcode == Op::ConstantNull)
            .count();
        let composites = m
            .instructions()
            .filter(|i| i.opcode == Op::ConstantComposite)
            .count();
        assert_eq!((nulls, composites), (1, 2));
    }
}

// ---- Session 18, helper litfwd18: differences llvm-spirv's lit CHECK lines show (forward
// translation and the `-spirv-text` writer).

/// llvm-spirv keeps capabilities in a map ordered by enumerant and extensions in a sorted set,
/// and declaring a capability declares the ones it implicitly declares: two loop controls
/// of SPV_INTEL_fpga_loop_controls in an unstructured loop list UnstructuredLoopControlsINTEL
/// (5886) before FPGALoopControlsINTEL (5888) and `SPV_INTEL_fpga_loop_controls` before
/// `SPV_INTEL_unstructured_loop_controls`, whatever order the translation needed them in.
#[test]
fn capabilities_ascend_by_enumerant_and_extensions_by_name() {
    let src = r#"
target triple = "spir-unknown-unknown"
define spir_kernel void @spin() {
entry:
  br label %again
again:
  br label %again, !llvm.loop !0
}
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.ii.count", i32 4}
"#;
    let exts = "+SPV_INTEL_unstructured_loop_controls,+SPV_INTEL_fpga_loop_controls";
    for m in typed_and_untyped(src, exts, "litfwd18_capability_order") {
        let caps = capabilities(&m);
        assert!(
            caps.windows(2).all(|w| w[0] < w[1]),
            "capabilities not ascending: {caps:?}"
        );
        assert!(caps.contains(&Capability::UnstructuredLoopControlsINTEL.0));
        assert!(caps.contains(&Capability::FPGALoopControlsINTEL.0));
        let exts = common::extensions(&m);
        let mut sorted = exts.clone();
        sorted.sort();
        assert_eq!(exts, sorted);
        assert!(exts.contains(&"SPV_INTEL_fpga_loop_controls".to_owned()));
    }
}

/// SPV_INTEL_kernel_attributes' `!ip_interface` needs FPGAKernelAttributesv2INTEL, which
/// implicitly declares FPGAKernelAttributesINTEL: llvm-spirv writes both (its
/// `register_map_interface_attribute.ll` checks both), and so does spirvkit now; a
/// capability whose extension is not declared is not added.
#[test]
fn implicitly_declared_capabilities_are_written_out() {
    let src = r#"
target triple = "spir64-unknown-unknown"
define spir_kernel void @csr() !ip_interface !0 {
entry:
  ret void
}
!0 = !{!"csr", !"wait_for_done_write"}
"#;
    for m in typed_and_untyped(src, "+SPV_INTEL_kernel_attributes", "litfwd18_implied_caps") {
        let caps = capabilities(&m);
        let v1 = Capability::FPGAKernelAttributesINTEL.0;
        let v2 = Capability::FPGAKernelAttributesv2INTEL.0;
        assert!(caps.contains(&v1) && caps.contains(&v2), "{caps:?}");
        assert!(caps.windows(2).all(|w| w[0] < w[1]), "{caps:?}");
    }
}

/// The `-spirv-text` writer prints the FPGA enumerants and opcodes SPIRV-Headers renamed to
/// `…ALTERA` by the `…INTEL` names llvm-spirv's tables still use (`Capability
/// RuntimeAlignedAttributeINTEL`, `TypeTaskSequenceINTEL`), and llvm-spirv's text reads back
/// to the same words.
#[test]
fn llvm_spirv_text_spells_fpga_names_the_intel_way() {
    let src = r#"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) !kernel_arg_runtime_aligned !0 {
entry:
  ret void
}
!0 = !{i1 true, i1 false}
"#;
    let m = translate_with(src, "+SPV_INTEL_runtime_aligned").expect("translates");
    let words = m.to_words();
    let text = spirvkit_text::llvm_text::write(&words).expect("writes");
    let text = String::from_utf8(text).expect("utf-8");
    assert!(
        text.contains("Capability RuntimeAlignedAttributeINTEL"),
        "{text}"
    );
    assert!(text.contains("FuncParamAttr 5940"), "{text}");
    assert!(!text.contains("ALTERA"), "{text}");
    let back = spirvkit_text::llvm_text::read(text.as_bytes()).expect("reads");
    assert_eq!(back, words);
}

/// llvm-spirv prints the instructions of every debug-info set it writes (OpenCL.DebugInfo.100,
/// NonSemantic.Shader.DebugInfo.100/.200, NonSemantic.Kernel.DebugInfo.100) by name, with its
/// `.200` additions (DebugTypeSubrange 201, DebugTypeArrayDynamic 202) beside the grammar's;
/// the text reads back to the same words.
#[test]
fn llvm_spirv_text_names_debug_info_instructions() {
    let src = r#"
target triple = "spir64-unknown-unknown"
define spir_func void @f() !dbg !5 {
entry:
  %a = alloca [16 x i32], align 4
  call void @llvm.dbg.declare(metadata ptr %a, metadata !8, metadata !DIExpression()), !dbg !12
  ret void, !dbg !12
}
declare void @llvm.dbg.declare(metadata, metadata, metadata)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_Fortran90, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.f90", directory: "/w")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocalVariable(name: "a", scope: !5, file: !1, line: 2, type: !9)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 512, elements: !11, dataLocation: !DIExpression(DW_OP_push_object_address, DW_OP_deref))
!10 = !DIBasicType(name: "integer", size: 32, encoding: DW_ATE_signed)
!11 = !{!13}
!12 = !DILocation(line: 2, scope: !5)
!13 = !DISubrange(count: 16, lowerBound: 1)
"#;
    let llvm = spirvkit_llvm::parse_text(src, "dbg.ll").expect("parses");
    for (format, set) in [
        (
            spirvkit_spir::DebugInfoFormat::NonSemanticShader200,
            "NonSemantic.Shader.DebugInfo.200",
        ),
        (
            spirvkit_spir::DebugInfoFormat::OpenClDebugInfo100,
            "OpenCL.DebugInfo.100",
        ),
    ] {
        let options = spirvkit_spir::TranslateOptions {
            debug_info: format,
            ..Default::default()
        };
        let m = spirvkit_spir::translate(&llvm, &options).expect("translates");
        let words = m.to_words();
        let text = spirvkit_text::llvm_text::write(&words).expect("writes");
        let text = String::from_utf8(text).expect("utf-8");
        assert!(
            text.contains("ExtInstImport") && text.contains(set),
            "{text}"
        );
        for name in [
            "DebugInfoNone",
            "DebugCompilationUnit",
            "DebugSource",
            "DebugFunction",
            "DebugLocalVariable",
            "DebugTypeBasic",
        ] {
            assert!(
                text.contains(&format!(" {name} ")),
                "{set}: no {name} in\n{text}"
            );
        }
        if set.ends_with(".200") {
            assert!(text.contains(" DebugTypeArrayDynamic "), "{text}");
            assert!(text.contains(" DebugTypeSubrange "), "{text}");
        }
        let back = spirvkit_text::llvm_text::read(text.as_bytes()).expect("reads");
        assert_eq!(back, words, "{set}");
    }
}

/// llvm-spirv writes its globals in four runs (`TopologicalSort` in SPIRVModule.cpp): the
/// integer types, the constants of integer type, the other types, then the other constants
/// and the variables, each entry after those it names. A vector of i32 first used before
/// the i64 still follows both integer types, and the float constant and the global
/// variable follow every type.
#[test]
fn globals_come_in_llvm_spirvs_four_runs() {
    let src = r#"
target triple = "spir64-unknown-unknown"
@g = addrspace(1) global [4 x float] zeroinitializer, align 4
define spir_func <2 x i32> @f(i32 %a) {
entry:
  %v = insertelement <2 x i32> <i32 7, i32 7>, i32 %a, i32 1
  %w = zext i32 %a to i64
  %x = add i64 %w, 5
  %y = uitofp i64 %x to float
  %z = fmul float %y, 2.5
  store float %z, ptr addrspace(1) @g, align 4
  ret <2 x i32> %v
}
"#;
    for m in typed_and_untyped(src, "", "litfwd18_global_runs") {
        let globals: Vec<&spirvkit_core::Instruction> = m
            .globals
            .iter()
            .filter(|i| {
                i.result_id.is_some()
                    && spirvkit_core::module::Section::of(i.opcode)
                        == spirvkit_core::module::Section::TypesAndGlobals
                    && i.opcode != Op::ExtInst
            })
            .collect();
        let ints: Vec<spirvkit_core::Id> = globals
            .iter()
            .filter(|i| i.opcode == Op::TypeInt)
            .filter_map(|i| i.result_id)
            .collect();
        let run = |i: &spirvkit_core::Instruction| {
            if i.opcode == Op::TypeInt {
                0
            } else if i.result_type.is_some_and(|t| ints.contains(&t)) {
                1
            } else if i.result_type.is_none() {
                2
            } else {
                3
            }
        };
        let runs: Vec<u8> = globals.iter().map(|i| run(i)).collect();
        assert!(runs.windows(2).all(|w| w[0] <= w[1]), "runs {runs:?}");
        assert_eq!(ints.len(), 2, "i32 and i64");
        assert!(runs.contains(&1) && runs.contains(&3), "runs {runs:?}");
    }
}

/// With SPV_EXT_long_vector and SPV_INTEL_vector_compute both enabled, llvm-spirv declares
/// VectorAnyINTEL only for a vector-compute module (a `"VCFunction"` function or a
/// `"VCGlobalVariable"` global) and LongVectorEXT otherwise (its
/// `priority_over_vector_compute.ll` and `prioritize_over_LongVecEXT_*.ll`).
#[test]
fn long_vectors_take_the_vector_compute_capability_only_in_a_vector_compute_module() {
    let plain = r#"
target triple = "spir64-unknown-unknown"
define spir_func <5 x float> @f(<5 x float> %v) {
entry:
  %w = fadd <5 x float> %v, %v
  ret <5 x float> %w
}
"#;
    let vc_function = plain.replace("@f(<5 x float> %v) {", "@f(<5 x float> %v) #0 {")
        + "attributes #0 = { \"VCFunction\" }\n";
    let vc_global = format!(
        "{plain}@g = internal addrspace(1) global <5 x float> zeroinitializer #0\n\
         attributes #0 = {{ \"VCGlobalVariable\" }}\n"
    );
    let both = "+SPV_EXT_long_vector,+SPV_INTEL_vector_compute";
    for (src, capability, extension) in [
        (
            plain.to_owned(),
            Capability::LongVectorEXT,
            "SPV_EXT_long_vector",
        ),
        (
            vc_function,
            Capability::VectorAnyINTEL,
            "SPV_INTEL_vector_compute",
        ),
        (
            vc_global,
            Capability::VectorAnyINTEL,
            "SPV_INTEL_vector_compute",
        ),
    ] {
        let m = translate_with(&src, both).unwrap_or_else(|e| panic!("{e}"));
        let caps = capabilities(&m);
        assert!(caps.contains(&capability.0), "{src}: {caps:?}");
        let other = if capability == Capability::LongVectorEXT {
            Capability::VectorAnyINTEL
        } else {
            Capability::LongVectorEXT
        };
        assert!(!caps.contains(&other.0), "{src}: {caps:?}");
        assert!(common::extensions(&m).contains(&extension.to_owned()));
    }
    // One extension alone decides, vector-compute module or not.
    let m = translate_with(plain, "+SPV_INTEL_vector_compute").unwrap_or_else(|e| panic!("{e}"));
    assert!(capabilities(&m).contains(&Capability::VectorAnyINTEL.0));
}

/// `--spirv-preserve-auxdata`'s NonSemantic.AuxData records print by llvm-spirv's names
/// (`NonSemanticAuxDataFunctionMetadata`, `NonSemanticAuxDataLinkage`, …) in `-spirv-text`,
/// and read back to the same words.
#[test]
fn llvm_spirv_text_names_aux_data_records() {
    let src = r#"
target triple = "spir64-unknown-unknown"
@extern_gv = available_externally addrspace(1) global i32 0, align 4
define spir_func void @f() !foo !0 {
entry:
  ret void
}
!0 = !{!"bar"}
"#;
    let llvm = spirvkit_llvm::parse_text(src, "aux.ll").expect("parses");
    let options = spirvkit_spir::TranslateOptions {
        preserve_aux_data: true,
        ..Default::default()
    };
    let m = spirvkit_spir::translate(&llvm, &options).expect("translates");
    let words = m.to_words();
    let text = spirvkit_text::llvm_text::write(&words).expect("writes");
    let text = String::from_utf8(text).expect("utf-8");
    assert!(text.contains("\"NonSemantic.AuxData\""), "{text}");
    assert!(
        text.contains(" NonSemanticAuxDataFunctionMetadata "),
        "{text}"
    );
    assert!(text.contains(" NonSemanticAuxDataLinkage "), "{text}");
    let back = spirvkit_text::llvm_text::read(text.as_bytes()).expect("reads");
    assert_eq!(back, words);
}

// ---- Session 18, devset18: cases found by t11 (held-out-like llvm-spirv tests found by
// find_string, xtask/devset/samples_t11.tsv).

/// t11/006: `fcmp false` / `fcmp true` of vectors are constants of the result's bool-vector
/// type (llvm-spirv: the null vector; every lane true), not the scalar OpConstantFalse.
#[test]
fn vector_fcmp_false_and_true_are_bool_vector_constants() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func <4 x i1> @never(<4 x float> %a) {
  %r = fcmp false <4 x float> %a, %a
  ret <4 x i1> %r
}
define spir_func <4 x i1> @always(<4 x float> %a) {
  %r = fcmp true <4 x float> %a, %a
  ret <4 x i1> %r
}
define spir_func i1 @scalar(float %a) {
  %r = fcmp false float %a, %a
  ret i1 %r
}
"#;
    for m in both(src, "", "vector_fcmp_const") {
        assert_eq!(count(&m, Op::ConstantNull), 1);
        assert_eq!(count(&m, Op::ConstantComposite), 1);
        assert_eq!(count(&m, Op::ConstantFalse), 1);
        assert_eq!(count(&m, Op::FOrdEqual) + count(&m, Op::FUnordEqual), 0);
    }
}

/// t11/011: `!spirv.Decorations` entries of decorations whose operands are ids (UniformId 27,
/// AlignmentId 46, MaxByteOffsetId 47) are OpDecorateId naming 32-bit constants of the
/// literals, declared before the decorated global (spirv-val checks the order).
#[test]
fn id_decorations_from_metadata_are_decorate_id() {
    let src = r#"target triple = "spir64-unknown-unknown"
@a = addrspace(1) global i32 0, !spirv.Decorations !1
@b = addrspace(1) global i32 0, !spirv.Decorations !3
@c = addrspace(1) global i32 0, !spirv.Decorations !5
!1 = !{!2}
!2 = !{i32 27, i32 2}
!3 = !{!4}
!4 = !{i32 46, i32 8}
!5 = !{!6}
!6 = !{i32 47, i32 16}
"#;
    for m in both(src, "", "decorate_id") {
        let ids: Vec<u32> = m
            .instructions()
            .filter(|i| i.opcode == Op::DecorateId)
            .filter_map(|i| i.operands.get(1).and_then(spirvkit_core::Operand::word))
            .collect();
        assert_eq!(ids, vec![27, 46, 47]);
        assert!(decorations_of(&m, Decoration::AlignmentId).is_empty());
        assert!(m.header.version >= 0x0001_0200);
    }
}

/// The constrained division and square root of the four rounding modes, and a bfloat one.
const CONSTRAINED_DIV_SQRT: &str = r#"target triple = "spir64-unknown-unknown"
declare float @llvm.experimental.constrained.fdiv.f32(float, float, metadata, metadata)
declare <2 x double> @llvm.experimental.constrained.sqrt.v2f64(<2 x double>, metadata, metadata)
declare half @llvm.experimental.constrained.sqrt.f16(half, metadata, metadata)
define spir_func float @f(float %a, float %b, <2 x double> %v, half %h, ptr addrspace(1) %o) {
  %d = call float @llvm.experimental.constrained.fdiv.f32(float %a, float %b, metadata !"round.towardzero", metadata !"fpexcept.strict")
  %s = call <2 x double> @llvm.experimental.constrained.sqrt.v2f64(<2 x double> %v, metadata !"round.upward", metadata !"fpexcept.strict")
  %t = call half @llvm.experimental.constrained.sqrt.f16(half %h, metadata !"round.downward", metadata !"fpexcept.strict")
  %n = call float @llvm.experimental.constrained.fdiv.f32(float %a, float %b, metadata !"round.dynamic", metadata !"fpexcept.strict")
  store <2 x double> %s, ptr addrspace(1) %o
  ret float %d
}
"#;

/// t11/019 (SPV_INTEL_rounded_divide_sqrt): a constrained fdiv / sqrt with a static rounding
/// mode is OpFDiv / OpenCL.std sqrt decorated FPRoundingMode (RTZ 1, RTP 2, RTN 3) under the
/// RoundedDivideSqrtINTEL capability; `round.dynamic` has no mode. (spirv-val 2025.5 does not
/// know the capability, so this checks the translation only.)
#[test]
fn constrained_fdiv_and_sqrt_round_under_rounded_divide_sqrt() {
    let m = translate_with(CONSTRAINED_DIV_SQRT, "+SPV_INTEL_rounded_divide_sqrt")
        .expect("constrained fdiv/sqrt translate");
    let mut modes: Vec<u32> = decorations_of(&m, Decoration::FPRoundingMode)
        .into_iter()
        .flat_map(|(_, l)| l)
        .collect();
    modes.sort_unstable();
    assert_eq!(modes, vec![1, 2, 3]);
    assert!(capabilities(&m).contains(&Capability::RoundedDivideSqrtINTEL.0));
    assert!(common::extensions(&m).contains(&"SPV_INTEL_rounded_divide_sqrt".to_string()));
    assert_eq!(count(&m, Op::FDiv), 2);
    assert_eq!(count(&m, Op::ExtInst), 2);
    assert_eq!(count(&m, Op::Undef), 0);
}

/// Without the extension the rounding mode is dropped (core SPIR-V allows FPRoundingMode on
/// conversions only) and the constrained sqrt is still the OpenCL.std sqrt (it was an
/// OpUndef before: `experimental.*` hints without a SPIR-V form).
#[test]
fn constrained_rounding_is_dropped_without_rounded_divide_sqrt() {
    for m in both(CONSTRAINED_DIV_SQRT, "", "constrained_no_rds") {
        assert!(decorations_of(&m, Decoration::FPRoundingMode).is_empty());
        assert!(!capabilities(&m).contains(&Capability::RoundedDivideSqrtINTEL.0));
        assert_eq!(count(&m, Op::ExtInst), 2);
        assert_eq!(count(&m, Op::Undef), 0);
    }
}

/// t11/015, t11/020: the extension enabled, an operation that is not a division or square
/// root (a constrained fptrunc, a bfloat fdiv) takes no RoundedDivideSqrtINTEL.
#[test]
fn rounded_divide_sqrt_leaves_other_operations_alone() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare float @llvm.experimental.constrained.fptrunc.f32.f64(double, metadata, metadata)
define spir_kernel void @k(double %a, ptr addrspace(1) %o) {
  %r = call float @llvm.experimental.constrained.fptrunc.f32.f64(double %a, metadata !"round.towardzero", metadata !"fpexcept.strict")
  store float %r, ptr addrspace(1) %o
  ret void
}
"#;
    for m in both(src, "+SPV_INTEL_rounded_divide_sqrt", "rds_fptrunc") {
        assert!(!capabilities(&m).contains(&Capability::RoundedDivideSqrtINTEL.0));
        assert_eq!(count(&m, Op::FConvert), 1);
    }
}

/// t11/022: LLVM 22's `ptrtoaddr` (instruction and constant expression) is read as
/// `ptrtoint`: OpConvertPtrToU, as llvm-spirv translates it.
#[test]
fn ptrtoaddr_is_convert_ptr_to_u() {
    let src = r#"target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %res) {
  %a = ptrtoaddr ptr addrspace(1) %p to i64
  store i64 %a, ptr addrspace(1) %res, align 8
  %q = getelementptr i64, ptr addrspace(1) %res, i64 1
  store i64 ptrtoaddr (ptr addrspace(1) @g to i64), ptr addrspace(1) %q, align 8
  ret void
}
"#;
    for m in both(src, "", "ptrtoaddr") {
        assert!(count(&m, Op::ConvertPtrToU) + count(&m, Op::SpecConstantOp) >= 2);
        assert_eq!(count(&m, Op::ConvertPtrToU), 1);
    }
}

/// t11/028: `alloca i32, i64 4` (a constant element count) is a variable of `[4 x i32]` whose
/// users see a pointer to i32, as llvm-spirv translates it; not a variable-length array.
#[test]
fn constant_count_alloca_is_an_array_variable() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func void @f(i32 %v) {
  %arr = alloca i32, i64 4, align 4
  %p = getelementptr i32, ptr %arr, i64 2
  store i32 %v, ptr %p, align 4
  ret void
}
"#;
    for m in both(src, "", "constant_count_alloca") {
        assert_eq!(count(&m, Op::TypeArray), 1);
        assert!(!capabilities(&m).contains(&Capability::VariableLengthArrayINTEL.0));
    }
}

/// t11/035: cl_khr_work_group_uniform_arithmetic's `work_group_reduce_and` (and `_mul`,
/// `_logical_or`, ...) are SPV_KHR_uniform_group_instructions' OpGroup*KHR; the logical ones
/// take and give a boolean. Without the extension they are refused naming it.
#[test]
fn work_group_uniform_arithmetic_builtins() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z21work_group_reduce_andi(i32)
declare spir_func float @_Z29work_group_scan_inclusive_mulf(float)
declare spir_func i32 @_Z28work_group_reduce_logical_ori(i32)
define spir_kernel void @k(i32 %x, float %f, ptr addrspace(1) %o) {
  %a = call spir_func i32 @_Z21work_group_reduce_andi(i32 %x)
  %m = call spir_func float @_Z29work_group_scan_inclusive_mulf(float %f)
  %l = call spir_func i32 @_Z28work_group_reduce_logical_ori(i32 %x)
  %s = add i32 %a, %l
  store i32 %s, ptr addrspace(1) %o
  ret void
}
"#;
    for m in both(src, "+SPV_KHR_uniform_group_instructions", "uniform_arith") {
        assert_eq!(count(&m, Op::GroupBitwiseAndKHR), 1);
        assert_eq!(count(&m, Op::GroupFMulKHR), 1);
        assert_eq!(count(&m, Op::GroupLogicalOrKHR), 1);
        assert!(capabilities(&m).contains(&Capability::GroupUniformArithmeticKHR.0));
    }
    let err = translate_with(src, "").expect_err("refused without the extension");
    assert!(err.contains("SPV_KHR_uniform_group_instructions"), "{err}");
}

// ---- Session 19, helper devset19a (sample t12: llvm-spirv extension tests) ----

/// Translated with `--spirv-ext` and `--spirv-allow-unknown-intrinsics` (every prefix).
fn translate_allowing_unknown_intrinsics(src: &str, extensions: &str) -> Result<Module, String> {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").map_err(|e| e.to_string())?;
    let mut options = spirvkit_spir::TranslateOptions::default();
    options
        .apply_extension_list(extensions)
        .map_err(|e| e.to_string())?;
    options.allow_unknown_intrinsics(None);
    spirvkit_spir::translate(&llvm, &options).map_err(|e| e.to_string())
}

/// An unknown intrinsic kept as an imported function that returns a `token` (t12/006).
const TOKEN_INTRINSIC: &str = r#"target triple = "spir-unknown-unknown"
declare token @llvm.tokenfoo()
define spir_kernel void @foo() {
entry:
  %tok = call token @llvm.tokenfoo()
  ret void
}
"#;

/// t12/006: LLVM's `token` is SPV_INTEL_token_type's OpTypeTokenINTEL (llvm-spirv's internal
/// opcode 6113, capability TokenTypeINTEL 6112): the imported intrinsic's function type
/// returns it. spirv-val 2025.5 does not know the capability, so the module is checked by form.
#[test]
fn token_values_are_op_type_token_intel_under_spv_intel_token_type() {
    let m = translate_allowing_unknown_intrinsics(TOKEN_INTRINSIC, "+SPV_INTEL_token_type")
        .expect("translated");
    assert_eq!(count(&m, Op::TypeTokenINTEL), 1);
    assert!(capabilities(&m).contains(&Capability::TokenTypeINTEL.0));
    assert!(common::extensions(&m).contains(&"SPV_INTEL_token_type".to_owned()));
    let token = m
        .instructions()
        .find(|i| i.opcode == Op::TypeTokenINTEL)
        .and_then(|i| i.result_id)
        .expect("the token type");
    let returns_token = m
        .instructions()
        .any(|i| i.opcode == Op::TypeFunction && i.operands.first().map(common::id) == Some(token));
    assert!(
        returns_token,
        "the intrinsic's function type returns the token"
    );
    assert_eq!(count(&m, Op::FunctionCall), 1);
}

/// Without SPV_INTEL_token_type the token is refused naming the extension.
#[test]
fn token_type_is_refused_naming_spv_intel_token_type() {
    let err = translate_allowing_unknown_intrinsics(TOKEN_INTRINSIC, "")
        .expect_err("a token needs the extension");
    assert!(err.contains("+SPV_INTEL_token_type"), "{err}");
    assert!(err.contains("token"), "{err}");
}

/// t12/000, 001, 019, 020, 024: llvm-spirv HEAD lists SPV_INTEL_subgroup_bitcast_shuffle and
/// SPV_INTEL_subgroup_scaled_matrix_multiply_accumulate; `--spirv-ext` knows the names. Their
/// instructions' opcodes are in no SPIRV-Headers release spirvkit has (nor any stored
/// header), so the built-ins are refused naming the instruction, never left as calls.
#[test]
fn newest_intel_subgroup_extensions_are_known_and_their_builtins_refused_by_name() {
    let shuffle = r#"target triple = "spir-unknown-unknown"
declare spir_func <2 x i8> @_Z35__spirv_SubgroupBitcastShuffleINTELt(i16)
define spir_kernel void @k(i16 %s, ptr addrspace(1) %o) {
  %r = call spir_func <2 x i8> @_Z35__spirv_SubgroupBitcastShuffleINTELt(i16 %s)
  store <2 x i8> %r, ptr addrspace(1) %o
  ret void
}
"#;
    // fwd21: the bitcast shuffle's opcode is now known (forward_gaps21.rs).
    assert!(translate_with(shuffle, "+SPV_INTEL_subgroup_bitcast_shuffle").is_ok());
    let scaled = r#"target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z51__spirv_SubgroupScaledMatrixMultiplyAccumulateINTELiiDv8_iicc(i32, i32, <8 x i32>, i32, i8, i8)
define spir_func i32 @f(i32 %a, <8 x i32> %b, i32 %c, i8 %sa, i8 %sb) {
  %r = call spir_func i32 @_Z51__spirv_SubgroupScaledMatrixMultiplyAccumulateINTELiiDv8_iicc(i32 16, i32 %a, <8 x i32> %b, i32 %c, i8 %sa, i8 %sb)
  ret i32 %r
}
"#;
    let ext = "+SPV_INTEL_subgroup_matrix_multiply_accumulate,\
               +SPV_INTEL_subgroup_scaled_matrix_multiply_accumulate";
    let err = translate_with(scaled, ext).expect_err("no opcode for the instruction");
    assert!(!err.contains("unknown SPIR-V extension"), "{err}");
    assert!(
        err.contains("OpSubgroupScaledMatrixMultiplyAccumulateINTEL"),
        "{err}"
    );
    // Without the extension the refusal names it, as llvm-spirv's negative RUN lines expect.
    let err = translate_with(shuffle, "").expect_err("needs the extension");
    assert!(err.contains("+SPV_INTEL_subgroup_bitcast_shuffle"), "{err}");
    let err = translate_with(scaled, "+SPV_INTEL_subgroup_matrix_multiply_accumulate")
        .expect_err("needs the extension");
    assert!(
        err.contains("+SPV_INTEL_subgroup_scaled_matrix_multiply_accumulate"),
        "{err}"
    );
}

/// t12/015: SPV_INTEL_bfloat16_conversion's conversions on a cooperative matrix are
/// translated with SPV_INTEL_joint_matrix and refused naming it without (llvm-spirv: "Can be
/// used with cooperative matrices only when SPV_INTEL_joint_matrix is enabled"); on a scalar
/// the bfloat16 extension alone is enough.
#[test]
fn bf16_conversions_of_cooperative_matrices_need_spv_intel_joint_matrix() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func target("spirv.CooperativeMatrixKHR", float, 3, 8, 8, 2) @_Z26__spirv_CompositeConstructf(float)
declare spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 8, 8, 2) @_Z27__spirv_ConvertFToBF16INTEL(target("spirv.CooperativeMatrixKHR", float, 3, 8, 8, 2))
declare spir_func i16 @_Z27__spirv_ConvertFToBF16INTELf(float)
define spir_kernel void @k(float %x, ptr addrspace(1) %o) {
  %m = call spir_func target("spirv.CooperativeMatrixKHR", float, 3, 8, 8, 2) @_Z26__spirv_CompositeConstructf(float %x)
  %b = call spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 8, 8, 2) @_Z27__spirv_ConvertFToBF16INTEL(target("spirv.CooperativeMatrixKHR", float, 3, 8, 8, 2) %m)
  %s = call spir_func i16 @_Z27__spirv_ConvertFToBF16INTELf(float %x)
  store i16 %s, ptr addrspace(1) %o
  ret void
}
"#;
    let ext = "+SPV_KHR_cooperative_matrix,+SPV_INTEL_bfloat16_conversion";
    for m in both(
        src,
        &format!("{ext},+SPV_INTEL_joint_matrix"),
        "bf16_matrix",
    ) {
        assert_eq!(count(&m, Op::ConvertFToBF16INTEL), 2);
    }
    let err = translate_with(src, ext).expect_err("the matrix form needs joint_matrix");
    assert!(err.contains("+SPV_INTEL_joint_matrix"), "{err}");
    assert!(err.contains("ConvertFToBF16INTEL"), "{err}");
}

/// t12/010: DPC++ passes an `_ExtInt` argument of a SPIR-V friendly IR built-in `byval`
/// (`__spirv_FixedExpINTEL` of an i68 through `ptr byval(i68)`); the instruction takes the
/// value, loaded from the pointer as llvm-spirv does (it passed the pointer itself before).
#[test]
fn byval_scalar_arguments_of_spv_ir_builtins_are_loaded() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z21__spirv_FixedExpINTELILi32ELi32EEU7_ExtIntIXT0_EEiU7_ExtIntIXT_EEibiiii(ptr byval(i32), i1, i32, i32, i32, i32)
define spir_func i32 @f(i32 %v) {
entry:
  %tmp = alloca i32, align 4
  store i32 %v, ptr %tmp, align 4
  %r = call spir_func i32 @_Z21__spirv_FixedExpINTELILi32ELi32EEU7_ExtIntIXT0_EEiU7_ExtIntIXT_EEibiiii(ptr byval(i32) %tmp, i1 false, i32 20, i32 20, i32 0, i32 0)
  ret i32 %r
}
"#;
    let ext = "+SPV_INTEL_arbitrary_precision_integers,+SPV_INTEL_arbitrary_precision_fixed_point";
    for m in both(src, ext, "byval_fixed_exp") {
        let defs = common::defs(&m);
        let exp = m
            .instructions()
            .find(|i| i.opcode == Op::FixedExpALTERA)
            .expect("OpFixedExp");
        let input = common::id(&exp.operands[0]);
        assert_eq!(
            defs.get(&input).map(|i| i.opcode),
            Some(Op::Load),
            "the operand is the loaded value"
        );
    }
}

// Session 19, helper litfwd19 (issue #18): forward differences llvm-spirv's lit CHECK lines
// show — FP4/Int4 packed conversions valid, FPRoundingMode from rounding metadata, ...

/// spirvkit's own validator on a translation (spirv-val 2025.5 knows neither FP4 nor Int4).
fn spirvkit_valid(m: &Module, tag: &str) {
    let options = spirvkit_val::ValidatorOptions::default();
    if let Err(d) = spirvkit_val::validate(&m.to_words(), &options) {
        let text: Vec<String> = d.iter().map(ToString::to_string).collect();
        panic!("{tag}: spirvkit val:\n{}", text.join("\n"));
    }
}

/// t7 012/043/092: packed FP4 (E2M1 in an `i32`, an `i8`, a `<2 x i8>`) and packed Int4
/// conversions bitcast the carrier to a vector of the 4-bit type, convert, and bitcast back —
/// llvm-spirv's form, now accepted by spirvkit's validator (`OpTypeInt 4 0` under
/// Int4TypeINTEL), typed and untyped.
#[test]
fn packed_fp4_and_int4_conversions_are_valid() {
    let src = r#"target triple = "spir-unknown-unknown"
declare spir_func <8 x i8> @_Z36__builtin_spirv_ConvertE2M1ToE4M3EXTi(i32)
declare spir_func i32 @_Z36__builtin_spirv_ConvertFP16ToE2M1EXTDv8_Dh(<8 x half>)
declare spir_func <4 x half> @_Z36__builtin_spirv_ConvertE2M1ToFP16EXTDv2_c(<2 x i8>)
declare spir_func <8 x i8> @_Z38__builtin_spirv_ConvertInt4ToE4M3INTELi(i32)
declare spir_func i32 @_Z38__builtin_spirv_ConvertFP16ToInt4INTELDv8_Dh(<8 x half>)
define spir_func <8 x i8> @fp4_to_fp8(i32 %p) {
  %r = call spir_func <8 x i8> @_Z36__builtin_spirv_ConvertE2M1ToE4M3EXTi(i32 %p)
  ret <8 x i8> %r
}
define spir_func i32 @half_to_fp4(<8 x half> %h) {
  %r = call spir_func i32 @_Z36__builtin_spirv_ConvertFP16ToE2M1EXTDv8_Dh(<8 x half> %h)
  ret i32 %r
}
define spir_func <4 x half> @fp4_in_bytes(<2 x i8> %p) {
  %r = call spir_func <4 x half> @_Z36__builtin_spirv_ConvertE2M1ToFP16EXTDv2_c(<2 x i8> %p)
  ret <4 x half> %r
}
define spir_func <8 x i8> @int4_to_fp8(i32 %p) {
  %r = call spir_func <8 x i8> @_Z38__builtin_spirv_ConvertInt4ToE4M3INTELi(i32 %p)
  ret <8 x i8> %r
}
define spir_func i32 @half_to_int4(<8 x half> %h) {
  %r = call spir_func i32 @_Z38__builtin_spirv_ConvertFP16ToInt4INTELDv8_Dh(<8 x half> %h)
  ret i32 %r
}
"#;
    let ext = "+SPV_EXT_float8,+SPV_EXT_ocp_microscaling_types,+SPV_INTEL_int4,+SPV_KHR_bfloat16";
    for ext in [ext.to_string(), format!("{ext},+SPV_KHR_untyped_pointers")] {
        let m = translate_with(src, &ext).unwrap_or_else(|e| panic!("[{ext}]: {e}"));
        spirvkit_valid(&m, &ext);
        let int4 = m.instructions().any(|i| {
            i.opcode == Op::TypeInt && i.operands.first() == Some(&spirvkit_core::Operand::Word(4))
        });
        assert!(int4, "OpTypeInt 4 0");
        let caps = capabilities(&m);
        for cap in [
            Capability::Float4EXT,
            Capability::Float8EXT,
            Capability::Int4TypeINTEL,
        ] {
            assert!(caps.contains(&cap.0), "{cap:?}");
        }
        // Each packed side is one OpBitcast: 2 + 1 + 1 (E2M1) + 2 + 1 (Int4: the `<8 x i4>`
        // result of ConvertFToS is bitcast to `i32`, the `i32` argument to `<8 x i4>`).
        assert_eq!(count(&m, Op::Bitcast), 7, "[{ext}]");
        assert_eq!(count(&m, Op::FConvert), 3);
        assert_eq!(count(&m, Op::ConvertSToF), 1);
        assert_eq!(count(&m, Op::ConvertFToS), 1);
    }
}

/// t7/074: a cooperative matrix of FP4 (E2M1) needs Float4E2M1CooperativeMatrixINTEL, which is
/// SPV_INTEL_float4's: the module declares that extension with it, also when only
/// SPV_EXT_ocp_microscaling_types was named (llvm-spirv declares the capability alone, which
/// leaves its module without the extension the capability requires).
#[test]
fn an_fp4_cooperative_matrix_declares_the_extension_of_its_capability() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func target("spirv.CooperativeMatrixKHR", half, 3, 8, 8, 0) @_Z26__spirv_CompositeConstructDh(half)
declare spir_func target("spirv.CooperativeMatrixKHR", i4, 3, 8, 8, 0) @_Z36__builtin_spirv_ConvertFP16ToE2M1EXTm(target("spirv.CooperativeMatrixKHR", half, 3, 8, 8, 0))
define spir_func void @f() {
  %m = call spir_func target("spirv.CooperativeMatrixKHR", half, 3, 8, 8, 0) @_Z26__spirv_CompositeConstructDh(half 1.0)
  %e = call spir_func target("spirv.CooperativeMatrixKHR", i4, 3, 8, 8, 0) @_Z36__builtin_spirv_ConvertFP16ToE2M1EXTm(target("spirv.CooperativeMatrixKHR", half, 3, 8, 8, 0) %m)
  ret void
}
"#;
    let ext = "+SPV_EXT_ocp_microscaling_types,+SPV_KHR_cooperative_matrix,+SPV_INTEL_int4";
    let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{e}"));
    spirvkit_valid(&m, "fp4_matrix");
    assert!(capabilities(&m).contains(&Capability::Float4E2M1CooperativeMatrixINTEL.0));
    let exts = common::extensions(&m);
    assert!(exts.contains(&"SPV_INTEL_float4".to_string()), "{exts:?}");
    assert!(exts.contains(&"SPV_EXT_ocp_microscaling_types".to_string()));
    assert_eq!(count(&m, Op::FConvert), 1);
    assert_eq!(count(&m, Op::Bitcast), 1);
}

/// t11/015, llvm-spirv's constrained-convert.ll: the constrained conversions that take a
/// rounding argument (`sitofp`, `uitofp`, `fptrunc`) are decorated FPRoundingMode by it —
/// core SPIR-V, no capability — the others (`fptosi`, `fptoui`, `fpext`) and a dynamic rounding
/// are not; SPV_INTEL_rounded_divide_sqrt adds nothing to a conversion.
#[test]
fn constrained_conversions_round_by_their_rounding_metadata() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare float @llvm.experimental.constrained.sitofp.f32.i32(i32, metadata, metadata)
declare float @llvm.experimental.constrained.uitofp.f32.i32(i32, metadata, metadata)
declare i32 @llvm.experimental.constrained.fptosi.i32.f32(float, metadata)
declare i32 @llvm.experimental.constrained.fptoui.i32.f32(float, metadata)
declare double @llvm.experimental.constrained.fpext.f64.f32(float, metadata)
declare float @llvm.experimental.constrained.fptrunc.f32.f64(double, metadata, metadata)
declare half @llvm.experimental.constrained.fptrunc.f16.f32(float, metadata, metadata)
define spir_kernel void @k(i32 %i, ptr addrspace(1) %o) {
  %sf = call float @llvm.experimental.constrained.sitofp.f32.i32(i32 %i, metadata !"round.tonearest", metadata !"fpexcept.ignore")
  %uf = call float @llvm.experimental.constrained.uitofp.f32.i32(i32 %i, metadata !"round.towardzero", metadata !"fpexcept.ignore")
  %fs = call i32 @llvm.experimental.constrained.fptosi.i32.f32(float %uf, metadata !"fpexcept.ignore")
  %fu = call i32 @llvm.experimental.constrained.fptoui.i32.f32(float %uf, metadata !"fpexcept.ignore")
  %fe = call double @llvm.experimental.constrained.fpext.f64.f32(float %sf, metadata !"fpexcept.ignore")
  %ft = call float @llvm.experimental.constrained.fptrunc.f32.f64(double %fe, metadata !"round.upward", metadata !"fpexcept.ignore")
  %fh = call half @llvm.experimental.constrained.fptrunc.f16.f32(float %ft, metadata !"round.dynamic", metadata !"fpexcept.ignore")
  %s = add i32 %fs, %fu
  store i32 %s, ptr addrspace(1) %o
  store half %fh, ptr addrspace(1) %o
  ret void
}
"#;
    for ext in ["", "+SPV_INTEL_rounded_divide_sqrt"] {
        for m in both(src, ext, &format!("constrained_convert{}", ext.len())) {
            let rounded: Vec<(Op, u32)> = m
                .instructions()
                .filter(|i| i.opcode == Op::Decorate)
                .filter(|d| d.operands.get(1) == Some(&spirvkit_core::Operand::Word(39)))
                .filter_map(|d| {
                    let target = common::id(&d.operands[0]);
                    let def = common::defs(&m).get(&target).map(|i| i.opcode)?;
                    match d.operands.get(2) {
                        Some(spirvkit_core::Operand::Word(mode)) => Some((def, *mode)),
                        _ => None,
                    }
                })
                .collect();
            assert_eq!(
                rounded,
                vec![
                    (Op::ConvertSToF, 0),
                    (Op::ConvertUToF, 1),
                    (Op::FConvert, 2)
                ],
                "[{ext}]"
            );
            assert!(!capabilities(&m).contains(&Capability::RoundedDivideSqrtINTEL.0));
        }
    }
}

/// t11/019 and 020: an FPRoundingMode entry of an instruction's `!spirv.Decorations` stays on a
/// conversion, and on a float `fdiv` under SPV_INTEL_rounded_divide_sqrt (declaring it); on a
/// plain `fsub`, an `llvm.fpbuiltin.fmul`, a bfloat `fdiv`, or an `fdiv` without the extension,
/// it is dropped as llvm-spirv drops it (core SPIR-V gives arithmetic no rounding mode).
#[test]
fn decorated_rounding_modes_stay_where_spirv_allows_them() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare float @llvm.fpbuiltin.fmul.f32(float, float)
define spir_kernel void @k(float %a, float %b, double %d, ptr addrspace(1) %o) {
  %mul = call float @llvm.fpbuiltin.fmul.f32(float %a, float %b), !spirv.Decorations !0
  %sub = fsub float %mul, %b, !spirv.Decorations !0
  %div = fdiv float %sub, %b, !spirv.Decorations !1
  %cvt = fptrunc double %d to float, !spirv.Decorations !1
  %sum = fadd float %div, %cvt
  store float %sum, ptr addrspace(1) %o
  ret void
}
!0 = !{!2}
!1 = !{!3}
!2 = !{i32 39, i32 0}
!3 = !{i32 39, i32 1}
"#;
    let rounded = |m: &Module| -> Vec<Op> {
        let defs = common::defs(m);
        m.instructions()
            .filter(|i| i.opcode == Op::Decorate)
            .filter(|d| d.operands.get(1) == Some(&spirvkit_core::Operand::Word(39)))
            .filter_map(|d| defs.get(&common::id(&d.operands[0])).map(|i| i.opcode))
            .collect()
    };
    for m in both(src, "", "decorated_rounding") {
        assert_eq!(rounded(&m), vec![Op::FConvert]);
        assert!(!capabilities(&m).contains(&Capability::RoundedDivideSqrtINTEL.0));
    }
    let ext = "+SPV_INTEL_rounded_divide_sqrt";
    for untyped in ["", ",+SPV_KHR_untyped_pointers"] {
        let m = translate_with(src, &format!("{ext}{untyped}")).unwrap_or_else(|e| panic!("{e}"));
        // spirv-val 2025.5 does not know RoundedDivideSqrtINTEL (6265): spirvkit's validator.
        spirvkit_valid(&m, "decorated_rounding_ext");
        let mut ops = rounded(&m);
        ops.sort_by_key(|op| op.0);
        assert_eq!(ops, vec![Op::FConvert, Op::FDiv]);
        assert!(capabilities(&m).contains(&Capability::RoundedDivideSqrtINTEL.0));
    }
    let bfloat = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(bfloat %a, bfloat %b, ptr addrspace(1) %o) {
  %r = fdiv bfloat %a, %b, !spirv.Decorations !0
  store bfloat %r, ptr addrspace(1) %o
  ret void
}
!0 = !{!1}
!1 = !{i32 39, i32 0}
"#;
    let ext = "+SPV_INTEL_rounded_divide_sqrt,+SPV_KHR_bfloat16,+SPV_INTEL_bfloat16_arithmetic";
    let m = translate_with(bfloat, ext).unwrap_or_else(|e| panic!("{e}"));
    assert!(rounded(&m).is_empty());
    assert!(!capabilities(&m).contains(&Capability::RoundedDivideSqrtINTEL.0));
}

/// t11/018: a conditional branch's `!prof` branch weights are OpBranchConditional's Branch
/// Weights literals, scaled down as LLVM's `calculateCountScale` when their sum reaches 2^32 - 1
/// (ratio kept), and left out when both are zero.
#[test]
fn branch_weights_are_branch_conditional_literals() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(i32 %x, i32 %which) {
entry:
  %c0 = icmp sgt i32 %x, 10
  br i1 %c0, label %a, label %b, !prof !0
a:
  %c1 = icmp sgt i32 %x, 20
  br i1 %c1, label %b, label %c, !prof !1
b:
  %c2 = icmp sgt i32 %x, 30
  br i1 %c2, label %c, label %d, !prof !2
c:
  %c3 = icmp sgt i32 %x, 40
  br i1 %c3, label %d, label %e, !prof !3
d:
  ret i32 %x
e:
  ret i32 %which
}
!0 = !{!"branch_weights", i32 2000, i32 1}
!1 = !{!"branch_weights", i32 3000000000, i32 1500000000}
!2 = !{!"branch_weights", i32 0, i32 0}
!3 = !{!"branch_weights", !"expected", i32 4294967294, i32 1}
"#;
    for m in both(src, "", "branch_weights") {
        let weights: Vec<Vec<u32>> = m
            .instructions()
            .filter(|i| i.opcode == Op::BranchConditional)
            .map(|i| {
                i.operands[3..]
                    .iter()
                    .filter_map(|o| match o {
                        spirvkit_core::Operand::Word(w) => Some(*w),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        assert_eq!(
            weights,
            vec![
                vec![2000, 1],
                vec![1_500_000_000, 750_000_000],
                vec![],
                vec![2_147_483_647, 0],
            ]
        );
    }
}

/// t11/013: `llvm.smax/smin/umax/umin` are a comparison and an OpSelect of the two operands,
/// as llvm-spirv writes them, scalar and vector; an odd width carried in a wider integer keeps
/// OpenCL.std's s_max & co. on the exact operands.
#[test]
fn integer_min_max_intrinsics_are_compare_and_select() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare i32 @llvm.smax.i32(i32, i32)
declare <4 x i32> @llvm.smin.v4i32(<4 x i32>, <4 x i32>)
declare i16 @llvm.umax.i16(i16, i16)
declare i64 @llvm.umin.i64(i64, i64)
define spir_kernel void @k(i32 %a, i32 %b, <4 x i32> %v, <4 x i32> %w, i16 %h, i64 %l, ptr addrspace(1) %o) {
  %smax = call i32 @llvm.smax.i32(i32 %a, i32 %b)
  %smin = call <4 x i32> @llvm.smin.v4i32(<4 x i32> %v, <4 x i32> %w)
  %umax = call i16 @llvm.umax.i16(i16 %h, i16 %h)
  %umin = call i64 @llvm.umin.i64(i64 %l, i64 %l)
  store i32 %smax, ptr addrspace(1) %o
  store <4 x i32> %smin, ptr addrspace(1) %o
  store i16 %umax, ptr addrspace(1) %o
  store i64 %umin, ptr addrspace(1) %o
  ret void
}
"#;
    for m in both(src, "", "int_min_max") {
        assert_eq!(count(&m, Op::SGreaterThan), 1);
        assert_eq!(count(&m, Op::SLessThan), 1);
        assert_eq!(count(&m, Op::UGreaterThan), 1);
        assert_eq!(count(&m, Op::ULessThan), 1);
        assert_eq!(count(&m, Op::Select), 4);
        assert_eq!(count(&m, Op::ExtInst), 0);
    }
}

/// t11/002 and 010: a declaration's parameters carry their attributes as a definition's do
/// (`sret` → FuncParamAttr Sret, `align` → Alignment), and `readnone` is NoWrite as `readonly`
/// is (llvm-spirv writes NoWrite for both).
#[test]
fn declaration_parameters_and_readnone_take_their_attributes() {
    let src = r#"target triple = "spir-unknown-unknown"
%struct.S = type { i32 }
declare void @make(ptr sret(%struct.S) align 8, i32 zeroext)
define spir_func void @f(ptr readnone %unused, ptr readonly %p, ptr %o) {
  %s = alloca %struct.S, align 8
  call void @make(ptr sret(%struct.S) align 8 %s, i32 zeroext 42)
  %v = load i32, ptr %p
  store i32 %v, ptr %o
  ret void
}
"#;
    for m in both(src, "", "decl_param_attrs") {
        let params: Vec<spirvkit_core::Id> = m
            .instructions()
            .filter(|i| i.opcode == Op::FunctionParameter)
            .filter_map(|i| i.result_id)
            .collect();
        // The declaration comes first: (sret ptr, zeroext i32), then f's three parameters.
        assert_eq!(params.len(), 5);
        let attrs = |p: spirvkit_core::Id| -> Vec<u32> {
            decorations_of(&m, Decoration::FuncParamAttr)
                .into_iter()
                .filter(|(target, _)| *target == p.0)
                .flat_map(|(_, literals)| literals)
                .collect()
        };
        assert_eq!(attrs(params[0]), vec![3], "sret");
        assert_eq!(attrs(params[1]), vec![0], "zeroext");
        assert!(decorations_of(&m, Decoration::Alignment)
            .iter()
            .any(|(target, _)| *target == params[0].0));
        assert_eq!(attrs(params[2]), vec![6], "readnone → NoWrite");
        assert_eq!(attrs(params[3]), vec![6], "readonly → NoWrite");
        assert!(attrs(params[4]).is_empty());
    }
}

/// t11/024: a constant global array initialized with `undef` keeps an initializer, a
/// composite of OpUndef elements (llvm-spirv's form); a Workgroup array keeps none.
#[test]
fn an_undef_constant_array_is_initialized_with_undef_elements() {
    let src = r#"target triple = "spir-unknown-unknown"
@table = private unnamed_addr addrspace(2) constant [4 x i32] undef, align 4
@local = internal addrspace(3) global [8 x i32] undef, align 4
define spir_kernel void @k(ptr addrspace(1) %o, i32 %i) {
  %p = getelementptr [4 x i32], ptr addrspace(2) @table, i32 0, i32 %i
  %v = load i32, ptr addrspace(2) %p
  %q = getelementptr [8 x i32], ptr addrspace(3) @local, i32 0, i32 %i
  store i32 %v, ptr addrspace(3) %q
  store i32 %v, ptr addrspace(1) %o
  ret void
}
"#;
    for m in both(src, "", "undef_array_init") {
        let defs = common::defs(&m);
        let initializers: Vec<Op> = m
            .instructions()
            .filter(|i| matches!(i.opcode, Op::Variable | Op::UntypedVariableKHR))
            .filter_map(|v| {
                // The initializer is the last operand that names a constant (an untyped
                // variable names its data type before it).
                v.operands
                    .iter()
                    .filter_map(|o| o.id())
                    .filter_map(|id| defs.get(&id).map(|i| i.opcode))
                    .find(|op| *op != Op::TypeArray)
            })
            .collect();
        assert_eq!(initializers, vec![Op::ConstantComposite]);
        let composite = m
            .instructions()
            .find(|i| i.opcode == Op::ConstantComposite)
            .map(|i| i.operands.len());
        assert_eq!(composite, Some(4));
        assert_eq!(count(&m, Op::Undef), 1);
    }
}

/// t7/010: `!fpmath !{float 2.5}` on an instruction (an `fdiv`, a call) is
/// FPMaxErrorDecorationINTEL with the bound's float bits under SPV_INTEL_fp_max_error (llvm-spirv's
/// IntelFPMaxErrorFPMath test); without the extension the relaxation is dropped.
#[test]
fn fpmath_accuracy_is_the_max_error_decoration() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func float @callee(float %a, float %b) {
  ret float %a
}
define spir_kernel void @k(float %a, float %b, ptr addrspace(1) %o) {
  %q = fdiv float %a, %b, !fpmath !0
  %c = call spir_func float @callee(float %a, float %b), !fpmath !1
  %s = fadd float %q, %c
  store float %s, ptr addrspace(1) %o
  ret void
}
!0 = !{float 2.500000e+00}
!1 = !{float 1.000000e+00}
"#;
    for untyped in ["", ",+SPV_KHR_untyped_pointers"] {
        let m = translate_with(src, &format!("+SPV_INTEL_fp_max_error{untyped}"))
            .unwrap_or_else(|e| panic!("{e}"));
        // spirv-val 2025.5 knows the capability: checked by both spirv-val and spirvkit.
        common::spirv_val(&m, &format!("fpmath_max_error{}", untyped.len()));
        spirvkit_valid(&m, "fpmath_max_error");
        let defs = common::defs(&m);
        let mut bounds: Vec<(Op, u32)> = decorations_of(&m, Decoration::FPMaxErrorDecorationINTEL)
            .into_iter()
            .filter_map(|(target, literals)| {
                let op = defs.get(&spirvkit_core::Id(target))?.opcode;
                Some((op, *literals.first()?))
            })
            .collect();
        bounds.sort_by_key(|(op, _)| op.0);
        assert_eq!(
            bounds,
            vec![
                (Op::FunctionCall, 1.0f32.to_bits()),
                (Op::FDiv, 2.5f32.to_bits())
            ]
        );
        assert!(capabilities(&m).contains(&Capability::FPMaxErrorINTEL.0));
    }
    for m in both(src, "", "fpmath_dropped") {
        assert!(decorations_of(&m, Decoration::FPMaxErrorDecorationINTEL).is_empty());
        assert!(!capabilities(&m).contains(&Capability::FPMaxErrorINTEL.0));
    }
}

/// t11/007: a `spirv64v1.2` target triple names the SPIR-V version: the module is written in
/// 1.2 (64-bit, as `spirv64` is), nothing raises it (nsw/nuw stay undecorated), and a
/// `--spirv-max-version` below it is refused as llvm-spirv refuses it
/// (TripleMaxVersionIncompatible).
#[test]
fn a_spirv_triple_version_is_the_module_version() {
    let src = r#"target triple = "spirv64v1.2-unknown-unknown"
define spir_func i32 @square(i32 %a) {
  %mul = mul nuw nsw i32 %a, %a
  ret i32 %mul
}
"#;
    for m in both(src, "", "triple_version") {
        assert_eq!(m.header.version, 0x0001_0200);
        assert!(capabilities(&m).contains(&Capability::Int64.0), "64-bit");
        assert!(decorations_of(&m, Decoration::NoSignedWrap).is_empty());
    }
    let llvm = spirvkit_llvm::parse_text(src, "t.ll").expect("parses");
    let options = spirvkit_spir::TranslateOptions {
        max_version: 0x0001_0100,
        ..Default::default()
    };
    let e = spirvkit_spir::translate(&llvm, &options)
        .expect_err("max version below the triple's")
        .to_string();
    assert!(
        e.contains(
            "TripleMaxVersionIncompatible: Triple version and maximum version are incompatible."
        ),
        "{e}"
    );
}

/// t7/097: `_sat` on a conversion whose result is not FP8 is an invalid instruction, refused in
/// llvm-spirv's words.
#[test]
fn sat_on_a_conversion_not_to_fp8_is_an_invalid_instruction() {
    let src = r#"target triple = "spir-unknown-unknown"
declare spir_func i8 @_Z42__builtin_spirv_ConvertFP16ToInt4INTEL_satDh(half)
define spir_func i8 @f() {
  %r = call spir_func i8 @_Z42__builtin_spirv_ConvertFP16ToInt4INTEL_satDh(half 0.0)
  ret i8 %r
}
"#;
    let e = translate_with(src, "+SPV_EXT_float8,+SPV_INTEL_int4").expect_err("refused");
    assert!(e.contains("InvalidInstruction"), "{e}");
    assert!(
        e.contains(
            "_sat suffix is only valid on conversions whose result is Float8E4M3EXT or Float8E5M2EXT."
        ),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------
// devset19b (session 19): cases found by the t13 sample (intrinsic, transcoding, debug-info
// and SPV-IR tests found by content).
// ---------------------------------------------------------------------------------------

/// t13/010, t13/013: the integer operators on i1 (and vectors of i1) are the logical
/// instructions computing the same bit (`add`/`sub` modulo 2 = `xor`, `mul` = `and`, a shift
/// defined only by 0 = `a && !b`), as llvm-spirv translates them; never OpIMul/OpIAdd, which
/// take integers only.
#[test]
fn integer_operators_on_bool_are_logical_instructions() {
    let src = r#"target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i1 false
define spir_func i1 @f(i1 %a, i1 %b, <4 x i1> %va, <4 x i1> %vb) {
  %m = mul nsw i1 %a, %b
  %s = add nuw i1 %m, %b
  %d = sub i1 %s, %a
  %l = lshr i1 %d, %b
  %h = shl i1 %l, %a
  %r = ashr i1 %h, %b
  %q = udiv i1 %r, %a
  %z = urem i1 %q, %b
  %o = or i1 %z, %q
  %vm = mul <4 x i1> %va, %vb
  %vs = add <4 x i1> %vm, %va
  %vl = lshr <4 x i1> %vs, %vb
  %e = extractelement <4 x i1> %vl, i32 0
  %x = xor i1 %o, %e
  store i1 %x, ptr addrspace(1) @g
  ret i1 %x
}
"#;
    for m in both(src, "", "bool_arith") {
        assert_eq!(
            count(&m, Op::IMul) + count(&m, Op::IAdd) + count(&m, Op::ISub),
            0
        );
        assert_eq!(
            count(&m, Op::ShiftRightLogical) + count(&m, Op::ShiftLeftLogical),
            0
        );
        // mul ×2, and the three shifts' `a && !b` (scalar) and the vector shift's.
        assert_eq!(count(&m, Op::LogicalAnd), 6);
        assert_eq!(count(&m, Op::LogicalNot), 4);
        // add, sub, the vector add, xor.
        assert_eq!(count(&m, Op::LogicalNotEqual), 4);
        assert_eq!(count(&m, Op::LogicalOr), 1);
        // No wrap decoration on a logical instruction (spirv-val refuses it).
        assert!(decorations_of(&m, Decoration::NoSignedWrap).is_empty());
        assert!(decorations_of(&m, Decoration::NoUnsignedWrap).is_empty());
    }
}

/// t13/016: `alloca i32, i32 0` allocates nothing (llvm-spirv's dbg_declare-of-null test keeps
/// such an unused alloca): one i32 variable gives it an address, no variable-length array
/// (and no extension) is needed, and no zero-length array type is made.
#[test]
fn zero_count_alloca_is_a_single_variable() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k() {
entry:
  %0 = alloca i32, i32 0, align 4
  %one = alloca i32, align 4
  store i32 0, ptr %one, align 4
  ret void
}
"#;
    for m in both(src, "", "zero_count_alloca") {
        assert_eq!(count(&m, Op::TypeArray), 0);
        assert_eq!(count(&m, Op::VariableLengthArrayINTEL), 0);
        assert!(!capabilities(&m).contains(&Capability::VariableLengthArrayINTEL.0));
    }
}

/// t13/017: `br i1 %c, label %b, label %b` reaches %b by two LLVM edges and its phi lists
/// %entry twice: the branch is an OpBranch and the OpPhi names %entry once (spirv-val counts
/// the pairs against the block's predecessors), as llvm-spirv writes it. A switch with two
/// cases to one block keeps its cases, its target's phi one pair per parent.
#[test]
fn a_doubled_edge_is_one_branch_and_one_phi_pair() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(i1 %c, i32 %s, ptr addrspace(1) %o) {
entry:
  br i1 %c, label %next, label %next
next:
  %v = phi i64 [ 0, %entry ], [ 0, %entry ]
  switch i32 %s, label %done [
    i32 1, label %tail
    i32 2, label %tail
  ]
tail:
  %w = phi i64 [ %v, %next ], [ %v, %next ]
  br label %done
done:
  %x = phi i64 [ %v, %next ], [ %w, %tail ]
  store i64 %x, ptr addrspace(1) %o
  ret void
}
"#;
    for m in both(src, "", "doubled_edge") {
        assert_eq!(count(&m, Op::BranchConditional), 0);
        let phis: Vec<usize> = m
            .instructions()
            .filter(|i| i.opcode == Op::Phi)
            .map(|i| i.operands.len())
            .collect();
        assert_eq!(phis, vec![2, 2, 4]);
        assert_eq!(count(&m, Op::Switch), 1);
    }
}

/// t13/018: a `!spirv.Decorations` FPFastMathMode entry on an instruction is ignored (the
/// instruction's fast-math flags give its mode, as llvm-spirv's fcmp decoration test checks):
/// one FPFastMathMode (NotNaN) on the `fcmp nnan`, none on the `fcmp` without flags.
#[test]
fn fast_math_mode_metadata_on_an_instruction_is_ignored() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func i1 @f(float %a, float %b) {
entry:
  %olt = fcmp nnan olt float %a, %b, !spirv.Decorations !1
  %ogt = fcmp ogt float %a, %b, !spirv.Decorations !1
  %r = and i1 %olt, %ogt
  ret i1 %r
}
!1 = !{!2}
!2 = !{i32 40, i32 16}
"#;
    for m in both(src, "", "fast_math_metadata") {
        let modes = decorations_of(&m, Decoration::FPFastMathMode);
        assert_eq!(modes.len(), 1, "{modes:?}");
        assert_eq!(modes[0].1, vec![1]);
    }
}

/// t13/021: a `__spirv_` function that names no instruction (`__spirv_somefunc_with_underscore`,
/// the old `__spirv_GlobalInvocationId_x` spelling) is an ordinary function: its call is an
/// OpFunctionCall of an imported declaration, as llvm-spirv keeps it, not a refusal. A
/// `__spirv_` name of an instruction still becomes the instruction.
#[test]
fn spirv_prefixed_names_of_no_instruction_are_imported_functions() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z32__spirv_somefunc_with_underscorev()
declare spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
declare spir_func i32 @_Z12__spirv_IAddii(i32, i32)
define spir_kernel void @k(ptr addrspace(1) %o) {
  %a = call spir_func i32 @_Z32__spirv_somefunc_with_underscorev()
  %g = call spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
  %t = trunc i64 %g to i32
  %s = call spir_func i32 @_Z12__spirv_IAddii(i32 %a, i32 %t)
  store i32 %s, ptr addrspace(1) %o
  ret void
}
"#;
    for m in both(src, "", "spirv_prefixed_unknown") {
        assert_eq!(count(&m, Op::FunctionCall), 2);
        assert_eq!(count(&m, Op::IAdd), 1);
        let imports = decorations_of(&m, Decoration::LinkageAttributes);
        assert_eq!(imports.len(), 2, "{imports:?}");
        assert!(capabilities(&m).contains(&Capability::Linkage.0));
    }
}

/// t13/033: a SPIR-V friendly IR group instruction returning through `sret` with a `byval`
/// argument of a one-member class (DPC++'s `sycl::half` = `{ half }`): the argument is
/// loaded, the instruction works on its member (a group instruction's Result Type is a
/// scalar or a vector), the result is inserted back and stored through the `sret` pointer,
/// as llvm-spirv translates it.
#[test]
fn spv_ir_group_instruction_on_a_byval_one_member_class() {
    let src = r#"target triple = "spir64-unknown-unknown"
%"class.half" = type { half }
define spir_func void @k(ptr addrspace(1) %o) {
entry:
  %arg = alloca %"class.half", align 2
  %res = alloca %"class.half", align 2
  %res.g = addrspacecast ptr %res to ptr addrspace(4)
  call spir_func void @_Z34__spirv_GroupNonUniformShuffleDownIN4sycl4halfEET_iS2_j(ptr addrspace(4) sret(%"class.half") align 2 %res.g, i32 3, ptr byval(%"class.half") align 2 %arg, i32 8)
  %v = load half, ptr %res, align 2
  store half %v, ptr addrspace(1) %o, align 2
  ret void
}
declare spir_func void @_Z34__spirv_GroupNonUniformShuffleDownIN4sycl4halfEET_iS2_j(ptr addrspace(4) sret(%"class.half") align 2, i32, ptr byval(%"class.half") align 2, i32)
"#;
    for m in both(src, "", "spv_ir_byval_class") {
        assert_eq!(count(&m, Op::GroupNonUniformShuffleDown), 1);
        assert_eq!(count(&m, Op::CompositeExtract), 1);
        assert_eq!(count(&m, Op::CompositeInsert), 1);
        let shuffle = m
            .instructions()
            .find(|i| i.opcode == Op::GroupNonUniformShuffleDown)
            .expect("the shuffle");
        let half = m
            .instructions()
            .find(|i| i.opcode == Op::TypeFloat)
            .and_then(|i| i.result_id)
            .expect("half");
        assert_eq!(shuffle.result_type, Some(half));
    }
}

/// t13/014: SPV_INTEL_global_variable_decorations (llvm-spirv still lists it) was split
/// into SPV_INTEL_global_variable_host_access and ..._fpga_decorations; its HostAccessINTEL
/// was llvm-spirv's internal decoration 6147 with an access and the variable's name. Under
/// the former extension name such an entry is the registered HostAccessINTEL, its access
/// (0 read, 1 write, 2 read-write, 3 none) the registered qualifier (ReadINTEL is 1); a 6147
/// entry of one integer stays InitModeINTEL (the fpga numbering).
#[test]
fn legacy_global_variable_decorations_host_access() {
    let src = r#"target triple = "spir64-unknown-unknown"
@a = addrspace(1) global i32 0, !spirv.Decorations !0
@b = addrspace(1) global i32 0, !spirv.Decorations !2
!0 = !{!1}
!1 = !{i32 6147, i32 0, !"a_name"}
!2 = !{!3}
!3 = !{i32 6147, i32 3, !"b_name"}
"#;
    for m in both(
        src,
        "+SPV_INTEL_global_variable_decorations",
        "legacy_host_access",
    ) {
        let access: Vec<Vec<u32>> = decorations_of(&m, Decoration::HostAccessINTEL)
            .into_iter()
            .map(|(_, l)| l.into_iter().take(1).collect())
            .collect();
        assert_eq!(access, vec![vec![1], vec![0]]);
        assert!(capabilities(&m).contains(&Capability::GlobalVariableHostAccessINTEL.0));
    }
    let e = translate_with(src, "").expect_err("no extension");
    assert!(e.contains("SPV_INTEL_global_variable_host_access"), "{e}");
}

/// t13/002: a `!spirv.Decorations` Constant (or Alignment) on a global that is not `constant`
/// (not aligned) is kept, as llvm-spirv decorates it; on a `constant` (aligned) global the
/// global's own decoration is the only one (spirv-val refuses two).
#[test]
fn metadata_constant_and_alignment_on_globals() {
    let src = r#"target triple = "spir64-unknown-unknown"
@v = addrspace(1) global i32 0, !spirv.Decorations !0
@c = addrspace(1) constant i32 1, align 4, !spirv.Decorations !3
define spir_kernel void @k(ptr addrspace(1) %o) {
  %a = load i32, ptr addrspace(1) @v
  %b = load i32, ptr addrspace(1) @c
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %o
  ret void
}
!0 = !{!1, !2}
!1 = !{i32 22}
!2 = !{i32 44, i32 8}
!3 = !{!1, !4}
!4 = !{i32 44, i32 4}
"#;
    for m in both(src, "", "metadata_constant_global") {
        assert_eq!(decorations_of(&m, Decoration::Constant).len(), 2);
        let mut aligns: Vec<Vec<u32>> = decorations_of(&m, Decoration::Alignment)
            .into_iter()
            .map(|(_, l)| l)
            .collect();
        aligns.sort();
        assert_eq!(aligns, vec![vec![4], vec![8]]);
    }
}

// Session 19, lead: SPIR 1.2 image manglings on opaque pointers.

/// A SPIR 1.2 test read by a modern `llvm-as` (lit t10v/146): the image parameters are opaque
/// pointers, the built-ins carry SPIR 1.2's run-together manglings (`16ocl_image1darray`,
/// `17ocl_image1dbuffer`), and the kernel's argument types come from `!opencl.kernels`. Each
/// call queries an image of the dimensionality its mangling names.
#[test]
fn spir12_image_manglings_on_opaque_pointers_are_images() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %o, ptr addrspace(1) %buffer, ptr addrspace(1) %array) {
  %w = call spir_func i32 @_Z15get_image_width17ocl_image1dbuffer(ptr addrspace(1) %buffer)
  %v = call spir_func i32 @_Z15get_image_width16ocl_image1darray(ptr addrspace(1) %array)
  %n = call spir_func i64 @_Z20get_image_array_size16ocl_image1darray(ptr addrspace(1) %array)
  %t = trunc i64 %n to i32
  %s = add i32 %w, %v
  %r = add i32 %s, %t
  store i32 %r, ptr addrspace(1) %o
  ret void
}
declare spir_func i32 @_Z15get_image_width17ocl_image1dbuffer(ptr addrspace(1))
declare spir_func i32 @_Z15get_image_width16ocl_image1darray(ptr addrspace(1))
declare spir_func i64 @_Z20get_image_array_size16ocl_image1darray(ptr addrspace(1))
!opencl.kernels = !{!0}
!0 = !{ptr @k, !1, !2, !3, !4, !5}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 1, i32 1}
!2 = !{!"kernel_arg_access_qual", !"none", !"read_only", !"read_only"}
!3 = !{!"kernel_arg_type", !"int*", !"image1d_buffer_t", !"image1d_array_t"}
!4 = !{!"kernel_arg_type_qual", !"", !"", !""}
!5 = !{!"kernel_arg_base_type", !"int*", !"image1d_buffer_t", !"image1d_array_t"}
"#;
    for m in both(src, "", "spir12_image_manglings") {
        let images: Vec<(u32, u32)> = m
            .instructions()
            .filter(|i| i.opcode == Op::TypeImage)
            .map(|i| {
                let word = |n: usize| match i.operands.get(n) {
                    Some(spirvkit_core::Operand::Word(w)) => *w,
                    _ => u32::MAX,
                };
                (word(1), word(3))
            })
            .collect();
        // (Dim, Arrayed): a 1D buffer image and an arrayed 1D image.
        assert!(images.contains(&(5, 0)), "{images:?}");
        assert!(images.contains(&(0, 1)), "{images:?}");
        assert_eq!(count(&m, Op::ImageQuerySize), 3);
    }
}

// ---- Session 20, helper litfwd20: llvm-spirv's internal global-variable decorations,
// the OpenCL.std import, forward differences llvm-spirv's lit CHECK lines show.

const INTERNAL_GLOBAL_DECORATIONS: &str = r#"target triple = "spir64-unknown-unknown"
@counter = addrspace(1) global i32 42, !spirv.Decorations !0
@scale = addrspace(1) global float 1.0, !spirv.Decorations !4
@flag = addrspace(1) global i1 false, !spirv.Decorations !7
!0 = !{!1, !2, !3}
!1 = !{i32 6147, i32 1, !"CounterName"}
!2 = !{i32 6149, i1 true}
!3 = !{i32 6148, i32 0}
!4 = !{!2, !5}
!5 = !{i32 6148, i32 1}
!6 = !{i32 6149, i1 false}
!7 = !{!6, !3}
"#;

/// t12/026: llvm-spirv's internal decorations of SPV_INTEL_global_variable_decorations
/// (spirv_internal.hpp: HostAccessINTEL 6147, InitModeINTEL 6148, ImplementInCSRINTEL 6149)
/// under that extension are the registered HostAccessINTEL, InitModeINTEL and
/// ImplementInRegisterMapINTEL of its successors, with their literals (the CSR flag as 0/1).
/// (spirv-val 2025.5 cannot read InitModeINTEL's operand kind; `internal_csr_decoration_is_valid`
/// validates the rest.)
#[test]
fn internal_global_variable_decorations_are_the_registered_ones() {
    for ext in [
        "+SPV_INTEL_global_variable_decorations",
        "+SPV_INTEL_global_variable_decorations,+SPV_KHR_untyped_pointers",
        "+all",
    ] {
        let m = translate_with(INTERNAL_GLOBAL_DECORATIONS, ext).unwrap_or_else(|e| panic!("{e}"));
        let literals = |d: Decoration| -> Vec<Vec<u32>> {
            let mut v: Vec<(u32, Vec<u32>)> = decorations_of(&m, d);
            v.sort();
            v.into_iter().map(|(_, l)| l).collect()
        };
        // HostAccessINTEL 1 (write, in the extension's numbering) is the registered WriteINTEL 2.
        assert_eq!(literals(Decoration::HostAccessINTEL).len(), 1, "{ext}");
        assert_eq!(literals(Decoration::HostAccessINTEL)[0][0], 2, "{ext}");
        assert_eq!(
            literals(Decoration::ImplementInRegisterMapINTEL),
            [vec![1], vec![1], vec![0]],
            "{ext}"
        );
        assert_eq!(
            literals(Decoration::InitModeINTEL),
            [vec![0], vec![1], vec![0]],
            "{ext}"
        );
        let caps = capabilities(&m);
        assert!(caps.contains(&Capability::GlobalVariableFPGADecorationsINTEL.0));
        assert!(caps.contains(&Capability::GlobalVariableHostAccessINTEL.0));
    }
}

#[test]
fn internal_csr_decoration_is_valid() {
    let src = r#"target triple = "spir64-unknown-unknown"
@counter = addrspace(1) global i32 42, !spirv.Decorations !0
!0 = !{!1, !2}
!1 = !{i32 6147, i32 3, !"CounterName"}
!2 = !{i32 6149, i1 true}
"#;
    for m in both(
        src,
        "+SPV_INTEL_global_variable_decorations",
        "internal_csr",
    ) {
        assert_eq!(
            decorations_of(&m, Decoration::ImplementInRegisterMapINTEL).len(),
            1
        );
        assert_eq!(decorations_of(&m, Decoration::HostAccessINTEL).len(), 1);
    }
}

/// Without the extension llvm-spirv refuses its internal decorations (RequiresExtension);
/// ImplementInCSRINTEL (6149, no other meaning) is refused naming
/// SPV_INTEL_global_variable_decorations.
#[test]
fn internal_csr_decoration_needs_global_variable_decorations() {
    let src = r#"target triple = "spir64-unknown-unknown"
@flag = addrspace(1) global i1 false, !spirv.Decorations !0
!0 = !{!1}
!1 = !{i32 6149, i1 false}
"#;
    let e = translate_with(src, "").expect_err("needs the extension");
    assert!(e.contains("SPV_INTEL_global_variable_decorations"), "{e}");
    assert!(e.contains("ImplementInCSRINTEL"), "{e}");
    // The successor extension alone does not read 6149 as llvm-spirv's internal number.
    let e = translate_with(src, "+SPV_INTEL_global_variable_fpga_decorations")
        .expect_err("needs the extension");
    assert!(e.contains("SPV_INTEL_global_variable_decorations"), "{e}");
}

const FPGA_MEMORY_DECORATED_GLOBAL: &str = r#"target triple = "spir64-unknown-unknown"
@bank = addrspace(1) global i8 0, !spirv.Decorations !0
define spir_kernel void @k(ptr addrspace(1) %o) {
  %v = load i8, ptr addrspace(1) @bank
  store i8 %v, ptr addrspace(1) %o
  ret void
}
!0 = !{!1, !2, !3}
!1 = !{i32 5825}
!2 = !{i32 5826, [8 x i8] c"DEFAULT\00"}
!3 = !{i32 5827, i32 4}
"#;

/// t12/026's `@char_var`: FPGA memory-attribute decorations in `!spirv.Decorations` are
/// translated under SPV_INTEL_fpga_memory_attributes (MemoryINTEL's kind may be an `i8` array
/// constant: its text up to the NUL) and left out without it, as llvm-spirv translates that
/// module under SPV_INTEL_global_variable_decorations alone (and drops annotation-given ones).
#[test]
fn fpga_memory_decorations_in_metadata_are_dropped_without_their_extension() {
    for m in both(
        FPGA_MEMORY_DECORATED_GLOBAL,
        "+SPV_INTEL_fpga_memory_attributes",
        "fpga_memory_metadata",
    ) {
        let memory: Vec<&spirvkit_core::Instruction> = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::Decorate && i.operands.get(1).and_then(|o| o.word()) == Some(5826)
            })
            .collect();
        assert_eq!(memory.len(), 1);
        assert_eq!(
            memory[0].operands[2],
            spirvkit_core::Operand::String("DEFAULT".into())
        );
        assert_eq!(decorations_of(&m, Decoration::RegisterINTEL).len(), 1);
        let banks: Vec<Vec<u32>> = decorations_of(&m, Decoration::NumbanksINTEL)
            .into_iter()
            .map(|(_, l)| l)
            .collect();
        assert_eq!(banks, [vec![4]]);
    }
    for m in both(
        FPGA_MEMORY_DECORATED_GLOBAL,
        "+SPV_INTEL_global_variable_decorations",
        "fpga_memory_metadata_dropped",
    ) {
        assert!(decorations_of(&m, Decoration::RegisterINTEL).is_empty());
        assert!(decorations_of(&m, Decoration::NumbanksINTEL).is_empty());
        assert!(!common::extensions(&m)
            .iter()
            .any(|e| e.contains("fpga_memory")));
    }
}

/// llvm-spirv imports OpenCL.std into every module (its transBuiltinSet), used or not,
/// vector-compute modules included (llvm-spirv-15 on an empty module and on a `VCFunction`
/// kernel); held-out tests name the import (t7/010).
#[test]
fn every_module_imports_opencl_std() {
    let plain = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}
"#;
    let vc = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(i32 %a) #0 {
  ret void
}
attributes #0 = { "VCFunction" }
"#;
    let empty = "target triple = \"spir64-unknown-unknown\"\n";
    for (src, ext, tag) in [
        (plain, "", "ocl_std_plain"),
        (vc, "+SPV_INTEL_vector_compute", "ocl_std_vc"),
        (empty, "", "ocl_std_empty"),
    ] {
        for m in both(src, ext, tag) {
            let imports: Vec<&spirvkit_core::Instruction> = m
                .instructions()
                .filter(|i| i.opcode == Op::ExtInstImport)
                .collect();
            assert_eq!(imports.len(), 1, "{tag}");
            assert_eq!(
                imports[0].operands[0],
                spirvkit_core::Operand::String("OpenCL.std".into()),
                "{tag}"
            );
        }
    }
    // A module calling an OpenCL built-in still has one import, which the call names.
    let sqrt = r#"target triple = "spir64-unknown-unknown"
declare spir_func float @_Z4sqrtf(float)
define spir_func float @f(float %x) {
  %r = call spir_func float @_Z4sqrtf(float %x)
  ret float %r
}
"#;
    for m in both(sqrt, "", "ocl_std_used") {
        assert_eq!(count(&m, Op::ExtInstImport), 1);
        assert_eq!(count(&m, Op::ExtInst), 1);
    }
}

/// llvm-spirv writes OpName by ascending target id (its named ids are an ordered set); a
/// function whose address a kernel takes is translated before the kernel, but its name
/// still follows the kernel's (t7/016: `Name KERNEL` then `Name BAR`).
#[test]
fn debug_names_follow_their_targets_ids() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @kernel(ptr addrspace(1) %out, i1 %c) {
entry:
  %f = select i1 %c, ptr @bar, ptr @baz
  %r = call spir_func i32 %f(i32 1, i32 2)
  store i32 %r, ptr addrspace(1) %out
  ret void
}
define spir_func i32 @bar(i32 %a, i32 %b) {
  %s = add i32 %a, %b
  ret i32 %s
}
define spir_func i32 @baz(i32 %a, i32 %b) {
  %d = sub i32 %a, %b
  %e = call spir_func i32 @ext(i32 %d)
  ret i32 %e
}
declare spir_func i32 @ext(i32)
"#;
    // (spirv-val 2025.5 refuses the function pointer constant naming a function defined
    // after it, llvm-spirv's order; the names are checked without it.)
    for ext in [
        "+SPV_INTEL_function_pointers",
        "+SPV_INTEL_function_pointers,+SPV_KHR_untyped_pointers",
    ] {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{e}"));
        let targets: Vec<u32> = m
            .instructions()
            .filter(|i| i.opcode == Op::Name)
            .filter_map(|i| i.operands.first().and_then(|o| o.id()).map(|id| id.0))
            .collect();
        assert!(targets.len() > 6, "{targets:?}");
        assert!(targets.windows(2).all(|w| w[0] <= w[1]), "{targets:?}");
        let name_of = |n: &str| {
            m.instructions()
                .position(|i| {
                    i.opcode == Op::Name
                        && i.operands.get(1) == Some(&spirvkit_core::Operand::String(n.into()))
                })
                .expect("named")
        };
        assert!(name_of("kernel") < name_of("bar"));
        assert!(name_of("bar") < name_of("baz"));
        // A declaration's id comes before every definition's, as llvm-spirv declares
        // them first (t11/009: `Name testdeclaration` before `Name testhelper`).
        assert!(name_of("ext") < name_of("kernel"));
    }
}

/// t7/117: llvm-spirv's vector reductions extract every component (OpVectorExtractDynamic
/// with a 32-bit constant index), then combine them pairwise level by level, an odd one out
/// carried to the next level (`<3 x i8>`: (e0+e1)+e2; `<4 x i8>`: (e0+e1)+(e2+e3)); the
/// ordered `fadd` folds the components into its start value one by one.
#[test]
fn vector_reductions_extract_then_combine_pairwise() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare i8 @llvm.vector.reduce.add.v4i8(<4 x i8>)
declare i8 @llvm.vector.reduce.smax.v3i8(<3 x i8>)
declare float @llvm.vector.reduce.fadd.v2f32(float, <2 x float>)
define spir_func i8 @add4(<4 x i8> %v) {
  %r = call i8 @llvm.vector.reduce.add.v4i8(<4 x i8> %v)
  ret i8 %r
}
define spir_func i8 @max3(<3 x i8> %v) {
  %r = call i8 @llvm.vector.reduce.smax.v3i8(<3 x i8> %v)
  ret i8 %r
}
define spir_func float @fadd2(float %s, <2 x float> %v) {
  %r = call float @llvm.vector.reduce.fadd.v2f32(float %s, <2 x float> %v)
  ret float %r
}
"#;
    for m in both(src, "", "vector_reductions") {
        assert_eq!(count(&m, Op::VectorExtractDynamic), 4 + 3 + 2);
        assert_eq!(count(&m, Op::CompositeExtract), 0);
        let adds: Vec<&spirvkit_core::Instruction> =
            m.instructions().filter(|i| i.opcode == Op::IAdd).collect();
        assert_eq!(adds.len(), 3);
        // The last addition combines the two partial sums.
        let partial: Vec<_> = adds[..2].iter().map(|i| i.result_id).collect();
        let last: Vec<_> = adds[2].operands.iter().map(|o| o.id()).collect();
        assert_eq!(last, partial);
        assert_eq!(count(&m, Op::FAdd), 2);
        // smax over three: two OpenCL.std s_max, the second taking the first's result.
        assert_eq!(count(&m, Op::ExtInst), 2);
    }
}

/// t7/118 and t7/059: a memset of a computed length calls llvm-spirv's helper, whose
/// parameters are named `dest`, `val`, `len` (`dest` NoCapture when the intrinsic's
/// declaration says `captures(none)`), and whose body is the loop LLVM's
/// `expandMemSetAsLoop` writes: `len == 0` (zero first) skips it, the byte stores go through
/// an in-bounds access chain, aligned to 1, and `++i < len` closes it.
#[test]
fn memset_helper_is_llvm_spirv_expanded_loop() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare void @llvm.memset.p1.i32(ptr addrspace(1) captures(none) writeonly, i8, i32, i1 immarg)
define spir_kernel void @k(ptr addrspace(1) %dst, i8 %v, i32 %n) {
  call void @llvm.memset.p1.i32(ptr addrspace(1) %dst, i8 %v, i32 %n, i1 false)
  ret void
}
"#;
    for m in both(src, "", "memset_helper") {
        let names: Vec<String> = m
            .instructions()
            .filter(|i| i.opcode == Op::Name)
            .filter_map(|i| match i.operands.get(1) {
                Some(spirvkit_core::Operand::String(s)) => Some(s.to_string()),
                _ => None,
            })
            .collect();
        for n in ["spirv.llvm_memset_p1_i32", "dest", "val", "len"] {
            assert!(names.iter().any(|x| x == n), "{n}: {names:?}");
        }
        let attrs: Vec<Vec<u32>> = decorations_of(&m, Decoration::FuncParamAttr)
            .into_iter()
            .map(|(_, l)| l)
            .collect();
        assert_eq!(attrs, [vec![5]]);
        let equal = m
            .instructions()
            .find(|i| i.opcode == Op::IEqual)
            .expect("the empty-length test");
        let defs = common::defs(&m);
        let zero = equal.operands[0].id().expect("id");
        assert_eq!(defs[&zero].opcode, Op::Constant);
        let chains =
            count(&m, Op::InBoundsPtrAccessChain) + count(&m, Op::UntypedInBoundsPtrAccessChainKHR);
        assert_eq!(chains, 1);
        assert_eq!(count(&m, Op::ULessThan), 1);
        assert_eq!(count(&m, Op::FunctionCall), 1);
    }
    // Without `captures(none)` the parameter has no attribute.
    let plain = src.replace("captures(none) writeonly", "");
    for m in both(&plain, "", "memset_helper_plain") {
        assert!(decorations_of(&m, Decoration::FuncParamAttr).is_empty());
    }
}

/// t11/028: `alloca i32, i64 4, align 4` is a variable of `[4 x i32]` seen through a cast to
/// the element pointer; llvm-spirv decorates both with the alignment.
#[test]
fn an_array_counted_alloca_and_its_cast_are_both_aligned() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func void @f(i32 %v) {
  %arr = alloca i32, i64 4, align 4
  store i32 %v, ptr %arr, align 4
  ret void
}
"#;
    // Untyped pointers: the variable is already what its users see (no cast).
    for (m, decorated) in both(src, "", "array_alloca_alignment")
        .into_iter()
        .zip([2, 1])
    {
        let aligned: Vec<u32> = decorations_of(&m, Decoration::Alignment)
            .into_iter()
            .map(|(target, _)| target)
            .collect();
        assert_eq!(aligned.len(), decorated, "{aligned:?}");
        let defs = common::defs(&m);
        let ops: Vec<Op> = aligned
            .iter()
            .map(|&id| defs[&spirvkit_core::Id(id)].opcode)
            .collect();
        assert!(
            ops.contains(&Op::Variable) || ops.contains(&Op::UntypedVariableKHR),
            "{ops:?}"
        );
    }
}

/// t13/030: a scalar argument of a vector math built-in (`pown(float3, int)`,
/// `fmax(float4, float)`) is splatted as llvm-spirv's visitCallScalToVec does (IRBuilder's
/// CreateVectorSplat): OpVectorInsertDynamic into lane 0 of an undefined vector, then an
/// OpVectorShuffle of lane 0 into every lane, right before the OpenCL.std instruction.
#[test]
fn scalar_arguments_of_vector_math_are_splatted_by_insert_and_shuffle() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func <3 x float> @_Z4pownDv3_fi(<3 x float>, i32)
declare spir_func <4 x float> @_Z4fmaxDv4_ff(<4 x float>, float)
define spir_func <3 x float> @p(<3 x float> %x, i32 %n) {
  %r = call spir_func <3 x float> @_Z4pownDv3_fi(<3 x float> %x, i32 %n)
  ret <3 x float> %r
}
define spir_func <4 x float> @m(<4 x float> %x, float %y) {
  %r = call spir_func <4 x float> @_Z4fmaxDv4_ff(<4 x float> %x, float %y)
  ret <4 x float> %r
}
"#;
    for m in both(src, "", "scalar_splat") {
        assert_eq!(count(&m, Op::CompositeConstruct), 0);
        assert_eq!(count(&m, Op::VectorInsertDynamic), 2);
        let body: Vec<&spirvkit_core::Instruction> = m
            .instructions()
            .skip_while(|i| i.opcode != Op::Function)
            .collect();
        for (n, i) in body.iter().enumerate() {
            if i.opcode == Op::VectorShuffle {
                // Every lane is lane 0 of the inserted vector; the call follows at once.
                assert!(i.operands[2..]
                    .iter()
                    .all(|o| *o == spirvkit_core::Operand::Word(0)));
                assert_eq!(body[n + 1].opcode, Op::ExtInst);
            }
        }
        assert_eq!(count(&m, Op::VectorShuffle), 2);
    }
}

// Session 20, helper devset20a (issue 18): cases of the t14 sample.

/// t14/023: an ordered comparison of booleans (scalar or vector) is one logical operation with
/// one operand negated, as llvm-spirv's regularization writes it (an i1 is 0/1 unsigned and
/// 0/-1 signed): ugt and slt are `p & !q`, ult and sgt `q & !p`, uge and sle `p | !q`, ule
/// and sge `q | !p`.
#[test]
fn ordered_comparisons_of_booleans_are_logical_operations() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func void @f(i1 %p, i1 %q, <2 x i1> %vp, <2 x i1> %vq, ptr addrspace(1) %o, ptr addrspace(1) %vo) {
  %ugt = icmp ugt i1 %p, %q
  %ult = icmp ult i1 %p, %q
  %uge = icmp uge i1 %p, %q
  %ule = icmp ule i1 %p, %q
  %sgt = icmp sgt i1 %p, %q
  %slt = icmp slt i1 %p, %q
  %sge = icmp sge i1 %p, %q
  %sle = icmp sle i1 %p, %q
  %a1 = and i1 %ugt, %ult
  %a2 = and i1 %a1, %uge
  %a3 = and i1 %a2, %ule
  %a4 = and i1 %a3, %sgt
  %a5 = and i1 %a4, %slt
  %a6 = and i1 %a5, %sge
  %a7 = and i1 %a6, %sle
  %z = zext i1 %a7 to i8
  store i8 %z, ptr addrspace(1) %o
  %vugt = icmp ugt <2 x i1> %vp, %vq
  %vsge = icmp sge <2 x i1> %vp, %vq
  %va = and <2 x i1> %vugt, %vsge
  %vz = zext <2 x i1> %va to <2 x i8>
  store <2 x i8> %vz, ptr addrspace(1) %vo
  ret void
}
"#;
    for m in both(src, "", "icmp_i1_ordered") {
        // Eight scalar and two vector comparisons: one negation each, four ANDs and four ORs
        // among the scalars, one of each among the vectors (plus the seven scalar and one
        // vector `and` of the source, which are LogicalAnd too).
        assert_eq!(count(&m, Op::LogicalNot), 10);
        assert_eq!(count(&m, Op::LogicalOr), 5);
        assert_eq!(count(&m, Op::LogicalAnd), 5 + 8);
        for op in [
            Op::UGreaterThan,
            Op::ULessThan,
            Op::SGreaterThan,
            Op::SLessThanEqual,
        ] {
            assert_eq!(count(&m, op), 0, "{op:?}");
        }
    }
}

/// t14/010: `llvm.isnan` is OpIsNan, on scalars and vectors.
#[test]
fn llvm_isnan_is_op_is_nan() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare i1 @llvm.isnan.f32(float)
declare <4 x i1> @llvm.isnan.v4f64(<4 x double>)
define spir_kernel void @k(float %x, <4 x double> %v, ptr addrspace(1) %o, ptr addrspace(1) %vo) {
  %n = call i1 @llvm.isnan.f32(float %x)
  %z = zext i1 %n to i32
  store i32 %z, ptr addrspace(1) %o
  %vn = call <4 x i1> @llvm.isnan.v4f64(<4 x double> %v)
  %vz = zext <4 x i1> %vn to <4 x i32>
  store <4 x i32> %vz, ptr addrspace(1) %vo
  ret void
}
"#;
    for m in both(src, "", "llvm_isnan") {
        assert_eq!(count(&m, Op::IsNan), 2);
        assert_eq!(count(&m, Op::FunctionCall), 0);
    }
}

/// t14/013: SPV_NV_shader_atomic_fp16_vector: atomicrmw fadd/fsub/fmin/fmax on a vector of two
/// or four halves are OpAtomicF{Add,Min,Max}EXT on the vector (fsub negates first), with the
/// capability AtomicFloat16VectorNV; without the extension the translation is refused, naming
/// it. Other vectors of floats stay refused.
#[test]
fn half_vector_atomics_need_the_nv_fp16_vector_extension() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q, <2 x half> %v2, <4 x half> %v4) {
  %a = atomicrmw fadd ptr addrspace(1) %p, <2 x half> %v2 seq_cst
  %b = atomicrmw fsub ptr addrspace(1) %p, <2 x half> %v2 seq_cst
  %c = atomicrmw fmin ptr addrspace(1) %p, <2 x half> %v2 seq_cst
  %d = atomicrmw fmax ptr addrspace(1) %p, <2 x half> %v2 seq_cst
  %e = atomicrmw fadd ptr addrspace(1) %q, <4 x half> %v4 monotonic
  ret void
}
"#;
    let ext = "+SPV_NV_shader_atomic_fp16_vector";
    for m in both(src, ext, "nv_fp16_vector_atomics") {
        assert!(capabilities(&m).contains(&Capability::AtomicFloat16VectorNV.0));
        assert!(common::extensions(&m).contains(&"SPV_NV_shader_atomic_fp16_vector".to_owned()));
        assert_eq!(count(&m, Op::AtomicFAddEXT), 3);
        assert_eq!(count(&m, Op::AtomicFMinEXT), 1);
        assert_eq!(count(&m, Op::AtomicFMaxEXT), 1);
        assert_eq!(count(&m, Op::FNegate), 1);
    }
    let e = translate_with(src, "").expect_err("no extension");
    assert!(e.contains("SPV_NV_shader_atomic_fp16_vector"), "{e}");
    let three = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, <3 x half> %v) {
  %a = atomicrmw fadd ptr addrspace(1) %p, <3 x half> %v seq_cst
  ret void
}
"#;
    assert!(translate_with(three, ext).is_err());
    let floats = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, <2 x float> %v) {
  %a = atomicrmw fadd ptr addrspace(1) %p, <2 x float> %v seq_cst
  ret void
}
"#;
    assert!(translate_with(floats, ext).is_err());
}

/// t14/012: `!spirv.Extension` names extensions the module asks for: each is declared when
/// allowed, and the module is refused when one is disabled (as llvm-spirv does); a name no
/// `--spirv-ext` knows is left alone.
#[test]
fn spirv_extension_metadata_is_declared_or_refused_when_disabled() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k() {
  ret void
}
!spirv.Extension = !{!0, !1}
!0 = !{!"SPV_KHR_bit_instructions"}
!1 = !{!"SPV_NOT_an_extension"}
"#;
    for m in both(src, "+SPV_KHR_bit_instructions", "spirv_extension_md") {
        let exts = common::extensions(&m);
        assert!(
            exts.contains(&"SPV_KHR_bit_instructions".to_owned()),
            "{exts:?}"
        );
        assert!(
            !exts.contains(&"SPV_NOT_an_extension".to_owned()),
            "{exts:?}"
        );
    }
    let e = translate_with(src, "-SPV_KHR_bit_instructions").expect_err("disabled");
    assert!(e.contains("--spirv-ext=+SPV_KHR_bit_instructions"), "{e}");
}

/// t14/000: `!max_work_group_size` with one or two dimensions: the missing ones are 1
/// (MaxWorkgroupSizeINTEL always has three), as llvm-spirv fills them.
#[test]
fn max_work_group_size_of_fewer_dimensions_is_padded_with_ones() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @d1() !max_work_group_size !0 {
  ret void
}
define spir_kernel void @d2() !max_work_group_size !1 {
  ret void
}
define spir_kernel void @d3() !max_work_group_size !2 {
  ret void
}
!0 = !{i32 4}
!1 = !{i32 8, i32 4}
!2 = !{i32 16, i32 8, i32 4}
"#;
    for m in both(src, "+SPV_INTEL_kernel_attributes", "max_wg_size_dims") {
        let mut sizes: Vec<Vec<u32>> = m
            .instructions()
            .filter(|i| i.opcode == Op::ExecutionMode)
            .filter_map(|i| {
                let words: Vec<u32> = i
                    .operands
                    .iter()
                    .filter_map(|o| match o {
                        spirvkit_core::Operand::Word(w) => Some(*w),
                        _ => None,
                    })
                    .collect();
                (words.first() == Some(&spirvkit_grammar::ExecutionMode::MaxWorkgroupSizeINTEL.0))
                    .then(|| words[1..].to_vec())
            })
            .collect();
        sizes.sort();
        assert_eq!(sizes, vec![vec![4, 1, 1], vec![8, 4, 1], vec![16, 8, 4]]);
    }
}
