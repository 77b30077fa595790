//! SPV_KHR_cooperative_matrix: `target("spirv.CooperativeMatrixKHR", T, scope, rows, columns,
//! use)` types and the SPIR-V friendly IR calls on them (load / store / multiply-add / length,
//! CompositeConstruct, arithmetic, conversions, MatrixTimesScalar, element access chains), as
//! DPC++'s joint_matrix emits them; typed and untyped, checked by spirv-val; the type refused
//! naming the extension without it.

mod common;
use common::{spirv_val, translate_with};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Capability, Op};

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

const EXT: &str = "+SPV_KHR_cooperative_matrix";
const EXT_UNTYPED: &str = "+SPV_KHR_cooperative_matrix,+SPV_KHR_untyped_pointers";

/// joint_matrix's multiply: load A and B, multiply-add into an accumulator, store it.
const MULTIPLY: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, i64 %stride) {
entry:
  %acc = alloca target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2), align 8
  %z = call spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) @_Z26__spirv_CompositeConstruct(i32 0)
  store target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) %z, ptr %acc, align 8
  %ga = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  %ma = call spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) @_Z32__spirv_CooperativeMatrixLoadKHR_1(ptr addrspace(4) %ga, i32 0, i64 %stride, i32 1)
  %len = call spir_func i32 @_Z34__spirv_CooperativeMatrixLengthKHR(target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) %ma)
  %gb = addrspacecast ptr addrspace(1) %b to ptr addrspace(4)
  %mb = call spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 48, 12, 1) @_Z32__spirv_CooperativeMatrixLoadKHR_2(ptr addrspace(4) %gb, i32 1, i64 %stride)
  %mc = load target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2), ptr %acc, align 8
  %r = call spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) @_Z34__spirv_CooperativeMatrixMulAddKHR(target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) %ma, target("spirv.CooperativeMatrixKHR", i8, 3, 48, 12, 1) %mb, target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) %mc, i32 12)
  %gc = addrspacecast ptr addrspace(1) %c to ptr addrspace(4)
  call spir_func void @_Z33__spirv_CooperativeMatrixStoreKHR(ptr addrspace(4) %gc, target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) %r, i32 0, i64 %stride, i32 1)
  ret void
}
declare spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) @_Z26__spirv_CompositeConstruct(i32)
declare spir_func i32 @_Z34__spirv_CooperativeMatrixLengthKHR(target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0))
declare spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) @_Z32__spirv_CooperativeMatrixLoadKHR_1(ptr addrspace(4), i32, i64, i32)
declare spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 48, 12, 1) @_Z32__spirv_CooperativeMatrixLoadKHR_2(ptr addrspace(4), i32, i64)
declare spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) @_Z34__spirv_CooperativeMatrixMulAddKHR(target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0), target("spirv.CooperativeMatrixKHR", i8, 3, 48, 12, 1), target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2), i32)
declare spir_func void @_Z33__spirv_CooperativeMatrixStoreKHR(ptr addrspace(4), target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2), i32, i64, i32)
"#;

#[test]
fn load_multiply_add_store() {
    for (exts, tag) in [(EXT, "coop_typed"), (EXT_UNTYPED, "coop_untyped")] {
        let m = translate_with(MULTIPLY, exts).unwrap_or_else(|e| panic!("{tag}: {e}"));
        spirv_val(&m, tag);
        assert!(m.instructions().any(|i| i.opcode == Op::Capability
            && i.operands.first().and_then(Operand::word)
                == Some(Capability::CooperativeMatrixKHR.0)));
        // Three matrix types: component, then scope, rows, columns, use as constants.
        let types: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::TypeCooperativeMatrixKHR)
            .collect();
        assert_eq!(types.len(), 3, "{tag}");
        assert!(types.iter().all(|t| t.operands.len() == 5));
        for op in [
            Op::CooperativeMatrixLoadKHR,
            Op::CooperativeMatrixLoadKHR,
            Op::CooperativeMatrixMulAddKHR,
            Op::CooperativeMatrixStoreKHR,
            Op::CooperativeMatrixLengthKHR,
        ] {
            assert!(count(&m, op) >= 1, "{tag}: {op:?}");
        }
        assert_eq!(count(&m, Op::CooperativeMatrixLoadKHR), 2);
        // OpCooperativeMatrixLengthKHR takes the matrix type, not a matrix value.
        let length = m
            .instructions()
            .find(|i| i.opcode == Op::CooperativeMatrixLengthKHR)
            .expect("length");
        let operand = length.operands.first().and_then(Operand::id);
        assert!(types.iter().any(|t| t.result_id == operand), "{tag}");
    }
    let e = translate_with(MULTIPLY, "").expect_err("needs the extension");
    assert!(e.contains("SPV_KHR_cooperative_matrix"), "{e}");
}

/// Element access through a pointer to a matrix, arithmetic, conversions, scaling,
/// extract/insert on matrices.
const ELEMENTS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func void @_Z3fooi(i32 %idx, float %s) {
entry:
  %0 = alloca target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0), align 8
  %Obj = tail call spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) @_Z26__spirv_CompositeConstruct(i32 0)
  store target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) %Obj, ptr %0, align 8
  %call = call ptr @_Z19__spirv_AccessChainP6Matrixii(ptr %0, i32 1)
  call void @_Z13__spirv_StorePii(ptr %call, i32 42)
  %n = call spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) @_Z15__spirv_SNegate(target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) %Obj)
  %a = call spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) @_Z12__spirv_IAdd(target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) %Obj, target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) %n)
  %f = call spir_func target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0) @_Z19__spirv_ConvertSToF(target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) %a)
  %t = call spir_func target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0) @_Z25__spirv_MatrixTimesScalar(target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0) %f, float %s)
  %e = call spir_func float @_Z24__spirv_CompositeExtract(target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0) %t, i32 1)
  %ins = call spir_func target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0) @_Z23__spirv_CompositeInsert(float %e, target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0) %t, i32 2)
  ret void
}
declare spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) @_Z26__spirv_CompositeConstruct(i32)
declare ptr @_Z19__spirv_AccessChainP6Matrixii(ptr, i32)
declare void @_Z13__spirv_StorePii(ptr, i32)
declare spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) @_Z15__spirv_SNegate(target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0))
declare spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0) @_Z12__spirv_IAdd(target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0), target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0))
declare spir_func target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0) @_Z19__spirv_ConvertSToF(target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 0))
declare spir_func target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0) @_Z25__spirv_MatrixTimesScalar(target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0), float)
declare spir_func float @_Z24__spirv_CompositeExtract(target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0), i32)
declare spir_func target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0) @_Z23__spirv_CompositeInsert(float, target("spirv.CooperativeMatrixKHR", float, 3, 12, 12, 0), i32)
"#;

#[test]
fn matrix_arithmetic_conversions_and_element_access() {
    for (exts, tag) in [(EXT, "coop_elem_typed"), (EXT_UNTYPED, "coop_elem_untyped")] {
        let m = translate_with(ELEMENTS, exts).unwrap_or_else(|e| panic!("{tag}: {e}"));
        spirv_val(&m, tag);
        for op in [
            Op::SNegate,
            Op::IAdd,
            Op::ConvertSToF,
            Op::MatrixTimesScalar,
            Op::CompositeExtract,
            Op::CompositeInsert,
            Op::CompositeConstruct,
        ] {
            assert_eq!(count(&m, op), 1, "{tag}: {op:?}");
        }
        let chains = count(&m, Op::AccessChain) + count(&m, Op::UntypedAccessChainKHR);
        assert_eq!(chains, 1, "{tag}");
    }
}

/// The pre-KHR joint matrix (`%spirv.JointMatrixINTEL._{T}_{R}_{C}_{L}_{S}`, an opaque struct
/// used through pointers) is llvm-spirv's internal OpTypeJointMatrixINTEL (`tests/joint_matrix.rs`):
/// never an OpTypeOpaque; without SPV_INTEL_joint_matrix refused naming the type and the
/// extension.
#[test]
fn pre_khr_joint_matrix_type_refused() {
    let src = r#"target triple = "spir64-unknown-unknown"
%spirv.JointMatrixINTEL._half_8_16_0_3 = type opaque
define spir_func half @f(i64 %i) {
entry:
  %e = call spir_func half @_Z28__spirv_VectorExtractDynamicPU3AS434__spirv_JointMatrixINTEL__half_8_16_0_3l(%spirv.JointMatrixINTEL._half_8_16_0_3 addrspace(4)* null, i64 %i)
  ret half %e
}
declare spir_func half @_Z28__spirv_VectorExtractDynamicPU3AS434__spirv_JointMatrixINTEL__half_8_16_0_3l(%spirv.JointMatrixINTEL._half_8_16_0_3 addrspace(4)*, i64)
"#;
    let err = translate_with(src, "").expect_err("refused");
    assert!(
        err.contains("spirv.JointMatrixINTEL._half_8_16_0_3")
            && err.contains("+SPV_INTEL_joint_matrix"),
        "{err}"
    );
    let m = translate_with(src, "+SPV_INTEL_joint_matrix").unwrap_or_else(|e| panic!("{e}"));
    assert!(m.instructions().all(|i| i.opcode != Op::TypeOpaque));
    assert!(m
        .instructions()
        .any(|i| i.opcode == Op::TypeJointMatrixINTEL));
}

/// DPC++ passes a bfloat16 fill value to `__spirv_CompositeConstruct` as a `byval` wrapper
/// class (`{ i16 }`) through a pointer: the constituent is the component loaded from it.
const CONSTRUCT_BY_REFERENCE: &str = r#"target triple = "spir64-unknown-unknown"
%"class.sycl::_V1::ext::oneapi::bfloat16" = type { i16 }
define spir_kernel void @k(ptr addrspace(1) %c, i16 %v, i64 %stride) {
entry:
  %tmp = alloca %"class.sycl::_V1::ext::oneapi::bfloat16", align 2
  store i16 %v, ptr %tmp, align 2
  %m = call spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 16, 16, 2) @_Z26__spirv_CompositeConstruct(ptr byval(%"class.sycl::_V1::ext::oneapi::bfloat16") align 2 %tmp)
  %gc = addrspacecast ptr addrspace(1) %c to ptr addrspace(4)
  call spir_func void @_Z33__spirv_CooperativeMatrixStoreKHR(ptr addrspace(4) %gc, target("spirv.CooperativeMatrixKHR", i16, 3, 16, 16, 2) %m, i32 0, i64 %stride, i32 0)
  ret void
}
declare spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 16, 16, 2) @_Z26__spirv_CompositeConstruct(ptr byval(%"class.sycl::_V1::ext::oneapi::bfloat16") align 2)
declare spir_func void @_Z33__spirv_CooperativeMatrixStoreKHR(ptr addrspace(4), target("spirv.CooperativeMatrixKHR", i16, 3, 16, 16, 2), i32, i64, i32)
"#;

#[test]
fn construct_from_a_byval_wrapper_loads_the_component() {
    for ext in [EXT, EXT_UNTYPED] {
        let m =
            translate_with(CONSTRUCT_BY_REFERENCE, ext).unwrap_or_else(|e| panic!("{ext}: {e}"));
        spirv_val(&m, &format!("construct_by_reference_{}", ext.len()));
        let defs: std::collections::HashMap<_, _> = m
            .instructions()
            .filter_map(|i| i.result_id.map(|r| (r, i)))
            .collect();
        let construct = m
            .instructions()
            .find(|i| i.opcode == Op::CompositeConstruct)
            .expect("OpCompositeConstruct");
        let Operand::Id(constituent) = construct.operands[0] else {
            panic!("{ext}: constituent is not an id");
        };
        let load = defs[&constituent];
        assert_eq!(load.opcode, Op::Load, "{ext}: the constituent is loaded");
        let ty = defs[&load.result_type.expect("typed")];
        assert_eq!(ty.opcode, Op::TypeInt, "{ext}: a ushort component");
        assert_eq!(ty.operands[0], Operand::Word(16), "{ext}");
    }
}
