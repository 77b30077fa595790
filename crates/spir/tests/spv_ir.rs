//! SPIR-V friendly IR input (llvm-spirv's `--spirv-target-env=SPV-IR`, DPC++): the
//! `__spirv_BuiltIn*` work-item calls become loads of the BuiltIn Input variables, the other
//! `__spirv_{Op}` calls the instruction of that name, `__spirv_ocl_*` OpenCL.std; a name of
//! no instruction is an ordinary function, its calls calls of an imported declaration (as
//! llvm-spirv keeps them).

mod common;
use common::{spirv_val, translate_with};
use spirvkit_core::Operand;
use spirvkit_grammar::{BuiltIn, Decoration, Op};

const BUILTINS: &str = include_str!("data/spv_ir_builtins.ll");

#[test]
fn spirv_builtin_calls_become_builtin_variables() {
    for ext in ["", "+SPV_KHR_untyped_pointers"] {
        let m = translate_with(BUILTINS, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("spv_ir_builtins{}", ext.len()));
        let mut builtins: Vec<u32> = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::Decorate
                    && i.operands.get(1).and_then(Operand::word) == Some(Decoration::BuiltIn.0)
            })
            .filter_map(|i| i.operands.get(2).and_then(Operand::word))
            .collect();
        builtins.sort_unstable();
        let mut expected = vec![
            BuiltIn::GlobalInvocationId.0,
            BuiltIn::LocalInvocationId.0,
            BuiltIn::WorkgroupSize.0,
            BuiltIn::WorkDim.0,
            BuiltIn::GlobalLinearId.0,
        ];
        expected.sort_unstable();
        assert_eq!(builtins, expected);
        assert!(!m.instructions().any(|i| i.opcode == Op::FunctionCall));
    }
}

/// Opcodes of the module's function bodies.
fn opcodes(m: &spirvkit_core::Module) -> Vec<Op> {
    m.instructions().map(|i| i.opcode).collect()
}

#[test]
fn spirv_instruction_calls_become_their_instructions() {
    // As llvm-spirv -r --spirv-target-env=SPV-IR and DPC++ write them: scope and semantics
    // as i32 constants, the result type from the return type, postfixes naming overloads and
    // decorations, literal operands (the storage class of GenericCastToPtrExplicit) as
    // constant arguments.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32)
declare spir_func void @_Z21__spirv_MemoryBarrierii(i32, i32)
declare spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iiii(ptr addrspace(1), i32, i32, i32)
declare spir_func i32 @_Z28__spirv_ConvertFToS_Rint_satf(float)
declare spir_func float @_Z30__spirv_ConvertSToF_Rfloat_rtzi(i32)
declare spir_func ptr addrspace(1) @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPvi(ptr addrspace(4), i32)
declare spir_func i1 @_Z11__spirv_AnyDv2_c(<2 x i8>)
define spir_kernel void @k(ptr addrspace(1) %p, float %x, <2 x i8> %v) {
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 272)
  call spir_func void @_Z21__spirv_MemoryBarrierii(i32 2, i32 256)
  %old = call spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iiii(ptr addrspace(1) %p, i32 2, i32 0, i32 1)
  %i = call spir_func i32 @_Z28__spirv_ConvertFToS_Rint_satf(float %x)
  %f = call spir_func float @_Z30__spirv_ConvertSToF_Rfloat_rtzi(i32 %i)
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %back = call spir_func ptr addrspace(1) @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPvi(ptr addrspace(4) %g, i32 5)
  store float %f, ptr addrspace(1) %back
  %any = call spir_func i1 @_Z11__spirv_AnyDv2_c(<2 x i8> %v)
  %z = zext i1 %any to i32
  store i32 %z, ptr addrspace(1) %p
  ret void
}
"#;
    for ext in ["", "+SPV_KHR_untyped_pointers"] {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("spv_ir_ops{}", ext.len()));
        let ops = opcodes(&m);
        for op in [
            Op::ControlBarrier,
            Op::MemoryBarrier,
            Op::AtomicIAdd,
            Op::ConvertFToS,
            Op::ConvertSToF,
            Op::GenericCastToPtrExplicit,
            Op::Any,
        ] {
            assert!(ops.contains(&op), "{op:?} missing ({ext})");
        }
        assert!(!ops.contains(&Op::FunctionCall));
        let decorations: Vec<u32> = m
            .instructions()
            .filter(|i| i.opcode == Op::Decorate)
            .filter_map(|i| i.operands.get(1).and_then(Operand::word))
            .collect();
        assert!(decorations.contains(&Decoration::SaturatedConversion.0));
        assert!(decorations.contains(&Decoration::FPRoundingMode.0));
    }
}

#[test]
fn spirv_ocl_calls_become_opencl_std() {
    // `__spirv_ocl_NAME`, with llvm-spirv's `_R{type}` postfix after one underscore.
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func float @_Z15__spirv_ocl_fmafff(float, float, float)
declare spir_func <3 x i32> @_Z24__spirv_ocl_vloadn_Rint3lPU3AS1ii(i64, ptr addrspace(1), i32)
declare spir_func i32 @_Z17__spirv_ocl_s_absi(i32)
define spir_kernel void @k(ptr addrspace(1) %p, float %x) {
  %f = call spir_func float @_Z15__spirv_ocl_fmafff(float %x, float %x, float %x)
  store float %f, ptr addrspace(1) %p
  %v = call spir_func <3 x i32> @_Z24__spirv_ocl_vloadn_Rint3lPU3AS1ii(i64 0, ptr addrspace(1) %p, i32 3)
  %e = extractelement <3 x i32> %v, i32 0
  %a = call spir_func i32 @_Z17__spirv_ocl_s_absi(i32 %e)
  store i32 %a, ptr addrspace(1) %p
  ret void
}
"#;
    for ext in ["", "+SPV_KHR_untyped_pointers"] {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("spv_ir_ocl{}", ext.len()));
        let numbers: Vec<u32> = m
            .instructions()
            .filter(|i| i.opcode == Op::ExtInst)
            .filter_map(|i| i.operands.get(1).and_then(Operand::word))
            .collect();
        let std = spirvkit_grammar::ExtInstSet::OpenClStd.desc();
        for name in ["fma", "vloadn", "s_abs"] {
            let n = std.instruction_by_name(name).map(|i| i.opcode);
            assert!(n.is_some_and(|n| numbers.contains(&n)), "{name} missing");
        }
    }
}

#[test]
fn spirv_calls_needing_an_extension_name_it() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z26__spirv_GroupBitwiseAndKHRjji(i32, i32, i32)
define spir_kernel void @k(ptr addrspace(1) %p) {
  %r = call spir_func i32 @_Z26__spirv_GroupBitwiseAndKHRjji(i32 2, i32 0, i32 7)
  store i32 %r, ptr addrspace(1) %p
  ret void
}
"#;
    let e = translate_with(src, "").expect_err("needs its extension");
    assert!(e.contains("SPV_KHR_uniform_group_instructions"), "{e}");
    let m = translate_with(src, "+SPV_KHR_uniform_group_instructions")
        .unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "spv_ir_uniform_group");
    assert!(opcodes(&m).contains(&Op::GroupBitwiseAndKHR));
}

/// A `__spirv_` name of no instruction is an ordinary function (llvm-spirv keeps such calls:
/// its `__spirv_somefunc_with_underscore` test round-trips them): a call of an imported
/// declaration, not a refusal (devset19b, t13/021).
#[test]
fn unknown_spirv_names_are_calls_of_imported_functions() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @_Z20__spirv_NoSuchThingiii(i32, i32, i32)
define spir_kernel void @k() {
  call spir_func void @_Z20__spirv_NoSuchThingiii(i32 2, i32 2, i32 272)
  ret void
}
"#;
    let m = translate_with(src, "").expect("an imported function");
    spirv_val(&m, "spv_ir_unknown_name");
    assert!(opcodes(&m).contains(&Op::FunctionCall));
    let imported = m.instructions().any(|i| {
        i.opcode == Op::Decorate
            && i.operands.get(1).and_then(Operand::word) == Some(Decoration::LinkageAttributes.0)
    });
    assert!(imported);
}

#[test]
fn spirv_builtin_globals_become_builtin_variables() {
    // Older DPC++ and llvm-spirv's SPV-IR: `__spirv_BuiltIn*` as external globals, loaded
    // directly (-O2) or through an addrspacecast to generic (-O0).
    let src = r#"target triple = "spir64-unknown-unknown"
@__spirv_BuiltInGlobalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInLocalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32
define spir_kernel void @k(ptr addrspace(1) %out) {
  %g = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %x = extractelement <3 x i64> %g, i64 0
  %l = load <3 x i64>, ptr addrspace(4) addrspacecast (ptr addrspace(1) @__spirv_BuiltInLocalInvocationId to ptr addrspace(4)), align 32
  %y = extractelement <3 x i64> %l, i64 1
  %s = add i64 %x, %y
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %x
  store i64 %s, ptr addrspace(1) %p
  ret void
}
"#;
    for ext in ["", "+SPV_KHR_untyped_pointers"] {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("spv_ir_builtin_globals{}", ext.len()));
        let mut builtins: Vec<u32> = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::Decorate
                    && i.operands.get(1).and_then(Operand::word) == Some(Decoration::BuiltIn.0)
            })
            .filter_map(|i| i.operands.get(2).and_then(Operand::word))
            .collect();
        builtins.sort_unstable();
        let mut expected = vec![BuiltIn::GlobalInvocationId.0, BuiltIn::LocalInvocationId.0];
        expected.sort_unstable();
        assert_eq!(builtins, expected);
    }
}

/// SPV-IR written with opaque pointers (what `-r --spirv-target-env=SPV-IR` gives in LLVM's
/// opaque-pointer form): an image is a plain `ptr addrspace(1)`, and only the mangled name of
/// the `__spirv_*` built-in (`PU3AS133__spirv_Image__void_2_0_0_0_0_0_0`, a pointer to
/// `%spirv.Image._void_2_0_0_0_0_0_0`) says it is a read-only 3D image.
#[test]
fn opaque_pointer_spv_ir_images_are_typed_from_the_mangled_built_in() {
    let src = r#"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %img, ptr addrspace(1) %out) {
entry:
  %size = call spir_func <3 x i32> @_Z28__spirv_ImageQuerySize_Rint3PU3AS133__spirv_Image__void_2_0_0_0_0_0_0(ptr addrspace(1) %img)
  store <3 x i32> %size, ptr addrspace(1) %out, align 16
  ret void
}
declare spir_func <3 x i32> @_Z28__spirv_ImageQuerySize_Rint3PU3AS133__spirv_Image__void_2_0_0_0_0_0_0(ptr addrspace(1))
"#;
    for ext in ["", "+SPV_KHR_untyped_pointers"] {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("spv_ir_opaque_image{}", ext.len()));
        let image = m
            .instructions()
            .find(|i| i.opcode == Op::TypeImage)
            .expect("an image type");
        // Dim 3D (2), not arrayed, single-sampled, read-only (0).
        assert_eq!(image.operands.get(1).and_then(Operand::word), Some(2));
        assert_eq!(image.operands.get(7).and_then(Operand::word), Some(0));
        let query = m
            .instructions()
            .find(|i| i.opcode == Op::ImageQuerySize)
            .expect("OpImageQuerySize");
        let param = m
            .instructions()
            .find(|i| i.opcode == Op::FunctionParameter)
            .expect("the image parameter");
        assert_eq!(param.result_type, image.result_id);
        assert_eq!(
            query.operands.first().and_then(Operand::id),
            param.result_id
        );
    }
}

/// SPIR 1.2's literal sampler (`i32 18`: clamp-to-edge, unnormalized, nearest) given to
/// SPV-IR's `__spirv_SampledImage` is the OpConstantSampler it encodes (was passed on as an
/// integer: invalid OpSampledImage).
#[test]
fn spv_ir_sampled_image_takes_a_literal_sampler() {
    let src = r#"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %img, ptr addrspace(1) %out, <2 x i32> %coord) {
entry:
  %si = call spir_func ptr addrspace(1) @_Z20__spirv_SampledImagePU3AS133__spirv_Image__void_1_0_0_0_0_0_0i(ptr addrspace(1) %img, i32 18)
  %v = call spir_func <4 x float> @_Z38__spirv_ImageSampleExplicitLod_Rfloat4PU3AS140__spirv_SampledImage__void_1_0_0_0_0_0_0Dv2_iif(ptr addrspace(1) %si, <2 x i32> %coord, i32 2, float 0.0)
  store <4 x float> %v, ptr addrspace(1) %out, align 16
  ret void
}
declare spir_func ptr addrspace(1) @_Z20__spirv_SampledImagePU3AS133__spirv_Image__void_1_0_0_0_0_0_0i(ptr addrspace(1), i32)
declare spir_func <4 x float> @_Z38__spirv_ImageSampleExplicitLod_Rfloat4PU3AS140__spirv_SampledImage__void_1_0_0_0_0_0_0Dv2_iif(ptr addrspace(1), <2 x i32>, i32, float)
"#;
    for ext in ["", "+SPV_KHR_untyped_pointers"] {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("spv_ir_literal_sampler{}", ext.len()));
        let sampler = m
            .instructions()
            .find(|i| i.opcode == Op::ConstantSampler)
            .expect("an OpConstantSampler");
        // Addressing ClampToEdge (1), unnormalized (0), filter Nearest (0).
        let words: Vec<u32> = sampler.operands.iter().filter_map(Operand::word).collect();
        assert_eq!(words, vec![1, 0, 0]);
        let sampled = m
            .instructions()
            .find(|i| i.opcode == Op::SampledImage)
            .expect("OpSampledImage");
        assert_eq!(
            sampled.operands.get(1).and_then(Operand::id),
            sampler.result_id
        );
    }
}
