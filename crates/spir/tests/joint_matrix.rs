//! SPV_INTEL_joint_matrix's API before SPV_KHR_cooperative_matrix: llvm-spirv's internal
//! OpTypeJointMatrixINTEL (6119) and OpJointMatrix{Load,Store,Mad,SUMad,USMad,UUMad,
//! WorkItemLength,GetElementCoord}INTEL, from typed-pointer `%spirv.JointMatrixINTEL._*`
//! structs and from `target("spirv.JointMatrixINTEL", ...)`. spirv-val 2025.5 knows none of
//! these opcodes, so the outputs are checked by form against llvm-spirv's CHECK lines
//! (`test/extensions/INTEL/SPV_INTEL_joint_matrix/joint_matrix*.ll`); without the extension
//! the type is refused naming it.

mod common;
use common::{capabilities, defs, extensions, id, translate_with};
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::{instruction_by_name, Capability, Op};
use std::collections::HashMap;

const EXT: &str = "+SPV_INTEL_joint_matrix";

fn op(name: &str) -> Op {
    Op(instruction_by_name(name)
        .unwrap_or_else(|| panic!("{name} in the grammar"))
        .opcode)
}

fn all(m: &Module, name: &str) -> Vec<Instruction> {
    let o = op(name);
    m.instructions()
        .filter(|i| i.opcode == o)
        .cloned()
        .collect()
}

/// The value of an OpConstant operand.
fn constant(defs: &HashMap<Id, &Instruction>, operand: &Operand) -> u32 {
    let inst = defs[&id(operand)];
    assert_eq!(inst.opcode, Op::Constant, "{inst:?}");
    match inst.operands.first() {
        Some(Operand::Word(w)) => *w,
        other => panic!("constant word: {other:?}"),
    }
}

/// The integer operands of an OpTypeJointMatrixINTEL (rows, columns, layout, scope, ...).
fn matrix_ints(m: &Module, ty: Id) -> Vec<u32> {
    let d = defs(m);
    let inst = d[&ty];
    assert_eq!(inst.opcode, op("OpTypeJointMatrixINTEL"));
    inst.operands[1..].iter().map(|o| constant(&d, o)).collect()
}

/// The multiply of DPC++'s first joint_matrix API (typed pointers, the struct spelling of the
/// type; the shape of llvm-spirv's `joint_matrix.ll`): an accumulator loaded before a loop,
/// A and B loaded in it, the four multiply-adds, the store, fills by CompositeConstruct.
const MULTIPLY: &str = r#"target triple = "spir64-unknown-unknown"
%spirv.JointMatrixINTEL._short_2_2_0_3 = type { [2 x [2 x [1 x [4 x [4 x i16]]]]]* }
%spirv.JointMatrixINTEL._char_2_16_0_3_0 = type opaque
%spirv.JointMatrixINTEL._char_16_2_3_3 = type opaque

define spir_kernel void @k(i16 addrspace(1)* %c, i64 %stride, i8 addrspace(1)* %a, i8 addrspace(1)* %b) {
entry:
  %gc = addrspacecast i16 addrspace(1)* %c to i16 addrspace(4)*
  %c0 = call spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_c(i16 addrspace(4)* %gc, i64 %stride, i32 0, i32 3, i32 0)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  %acc = phi %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* [ %c0, %entry ], [ %mad, %body ]
  %more = icmp ult i32 %k, 32
  br i1 %more, label %body, label %done

body:
  %ga = addrspacecast i8 addrspace(1)* %a to i8 addrspace(4)*
  %ma = call spir_func %spirv.JointMatrixINTEL._char_2_16_0_3_0 addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_a(i8 addrspace(4)* %ga, i64 %stride, i32 0, i32 3, i32 0)
  %gb = addrspacecast i8 addrspace(1)* %b to i8 addrspace(4)*
  %mb = call spir_func %spirv.JointMatrixINTEL._char_16_2_3_3 addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_b(i8 addrspace(4)* %gb, i64 %stride, i32 3, i32 3, i32 0)
  %mad = call spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z27__spirv_JointMatrixMadINTEL(%spirv.JointMatrixINTEL._char_2_16_0_3_0 addrspace(4)* %ma, %spirv.JointMatrixINTEL._char_16_2_3_3 addrspace(4)* %mb, %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* %acc, i32 3)
  %su = call spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z29__spirv_JointMatrixSUMadINTEL(%spirv.JointMatrixINTEL._char_2_16_0_3_0 addrspace(4)* %ma, %spirv.JointMatrixINTEL._char_16_2_3_3 addrspace(4)* %mb, %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* %acc, i32 3)
  %us = call spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z29__spirv_JointMatrixUSMadINTEL(%spirv.JointMatrixINTEL._char_2_16_0_3_0 addrspace(4)* %ma, %spirv.JointMatrixINTEL._char_16_2_3_3 addrspace(4)* %mb, %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* %acc, i32 3)
  %uu = call spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z29__spirv_JointMatrixUUMadINTEL(%spirv.JointMatrixINTEL._char_2_16_0_3_0 addrspace(4)* %ma, %spirv.JointMatrixINTEL._char_16_2_3_3 addrspace(4)* %mb, %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* %acc, i32 3)
  %k.next = add nuw nsw i32 %k, 16
  br label %loop

done:
  call spir_func void @_Z29__spirv_JointMatrixStoreINTEL(i16 addrspace(4)* %gc, %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* %acc, i64 %stride, i32 0, i32 3, i32 0)
  %fill = call spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z26__spirv_CompositeConstructs(i16 42)
  %len = call spir_func i64 @_Z38__spirv_JointMatrixWorkItemLengthINTEL(%spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* %fill)
  ret void
}

declare spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_c(i16 addrspace(4)*, i64, i32, i32, i32)
declare spir_func %spirv.JointMatrixINTEL._char_2_16_0_3_0 addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_a(i8 addrspace(4)*, i64, i32, i32, i32)
declare spir_func %spirv.JointMatrixINTEL._char_16_2_3_3 addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_b(i8 addrspace(4)*, i64, i32, i32, i32)
declare spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z27__spirv_JointMatrixMadINTEL(%spirv.JointMatrixINTEL._char_2_16_0_3_0 addrspace(4)*, %spirv.JointMatrixINTEL._char_16_2_3_3 addrspace(4)*, %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)*, i32)
declare spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z29__spirv_JointMatrixSUMadINTEL(%spirv.JointMatrixINTEL._char_2_16_0_3_0 addrspace(4)*, %spirv.JointMatrixINTEL._char_16_2_3_3 addrspace(4)*, %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)*, i32)
declare spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z29__spirv_JointMatrixUSMadINTEL(%spirv.JointMatrixINTEL._char_2_16_0_3_0 addrspace(4)*, %spirv.JointMatrixINTEL._char_16_2_3_3 addrspace(4)*, %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)*, i32)
declare spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z29__spirv_JointMatrixUUMadINTEL(%spirv.JointMatrixINTEL._char_2_16_0_3_0 addrspace(4)*, %spirv.JointMatrixINTEL._char_16_2_3_3 addrspace(4)*, %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)*, i32)
declare spir_func void @_Z29__spirv_JointMatrixStoreINTEL(i16 addrspace(4)*, %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)*, i64, i32, i32, i32)
declare spir_func %spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)* @_Z26__spirv_CompositeConstructs(i16)
declare spir_func i64 @_Z38__spirv_JointMatrixWorkItemLengthINTEL(%spirv.JointMatrixINTEL._short_2_2_0_3 addrspace(4)*)
"#;

#[test]
fn struct_spelled_matrices_load_multiply_store() {
    let m = translate_with(MULTIPLY, EXT).unwrap_or_else(|e| panic!("{e}"));
    assert!(capabilities(&m).contains(&Capability::JointMatrixINTEL.0));
    assert!(extensions(&m).contains(&"SPV_INTEL_joint_matrix".to_owned()));
    let d = defs(&m);

    // Three types, every integer an OpConstant operand; the second with its Use.
    let types = all(&m, "OpTypeJointMatrixINTEL");
    assert_eq!(types.len(), 3, "{types:?}");
    let ints: Vec<Vec<u32>> = types
        .iter()
        .map(|t| matrix_ints(&m, t.result_id.expect("id")))
        .collect();
    assert!(ints.contains(&vec![2, 2, 0, 3]), "{ints:?}");
    assert!(ints.contains(&vec![2, 16, 0, 3, 0]), "{ints:?}");
    assert!(ints.contains(&vec![16, 2, 3, 3]), "{ints:?}");
    for t in &types {
        let component = d[&id(&t.operands[0])];
        assert_eq!(component.opcode, Op::TypeInt, "{component:?}");
    }

    // Loads: pointer, stride, layout, scope, memory operand — all ids (llvm-spirv's form).
    let loads = all(&m, "OpJointMatrixLoadINTEL");
    assert_eq!(loads.len(), 3);
    for l in &loads {
        assert_eq!(l.operands.len(), 5, "{l:?}");
        assert_eq!(constant(&d, &l.operands[3]), 3, "scope");
        assert_eq!(constant(&d, &l.operands[4]), 0, "memory operand");
        assert_eq!(
            d[&l.result_type.expect("type")].opcode,
            op("OpTypeJointMatrixINTEL")
        );
    }
    // The four multiply-adds: A, B, C and the scope.
    for name in [
        "OpJointMatrixMadINTEL",
        "OpJointMatrixSUMadINTEL",
        "OpJointMatrixUSMadINTEL",
        "OpJointMatrixUUMadINTEL",
    ] {
        let mads = all(&m, name);
        assert_eq!(mads.len(), 1, "{name}");
        assert_eq!(mads[0].operands.len(), 4, "{name}");
        assert_eq!(constant(&d, &mads[0].operands[3]), 3, "{name} scope");
    }
    // The accumulator's phi has the matrix type.
    let phis: Vec<_> = m
        .instructions()
        .filter(|i| i.opcode == Op::Phi)
        .filter(|i| d[&i.result_type.expect("type")].opcode == op("OpTypeJointMatrixINTEL"))
        .collect();
    assert_eq!(phis.len(), 1);
    // Store: pointer, object, stride, layout, scope, memory operand.
    let stores = all(&m, "OpJointMatrixStoreINTEL");
    assert_eq!(stores.len(), 1);
    assert_eq!(stores[0].operands.len(), 6);
    assert_eq!(id(&stores[0].operands[1]), phis[0].result_id.expect("phi"));
    // Fill and length.
    let fills: Vec<_> = m
        .instructions()
        .filter(|i| i.opcode == Op::CompositeConstruct)
        .collect();
    assert_eq!(fills.len(), 1);
    assert_eq!(constant(&d, &fills[0].operands[0]), 42);
    let lengths = all(&m, "OpJointMatrixWorkItemLengthINTEL");
    assert_eq!(lengths.len(), 1);
    assert_eq!(
        id(&lengths[0].operands[0]),
        fills[0].result_id.expect("fill")
    );
}

/// The same API with opaque pointers and `target("spirv.JointMatrixINTEL", T, rows, columns,
/// layout, scope, use)` (clang's spelling of `__spv::__spirv_JointMatrixINTEL`), element access
/// by `__spirv_VectorExtractDynamic` / `InsertDynamic`, `GetElementCoordINTEL`; typed and
/// `+SPV_KHR_untyped_pointers`.
const TARGET_TYPES: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, i64 %stride, i64 %i) {
entry:
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %m = call spir_func target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2) @_Z28__spirv_JointMatrixLoadINTEL(ptr addrspace(4) %g, i64 %stride, i32 0, i32 3, i32 0)
  %len = call spir_func i64 @_Z38__spirv_JointMatrixWorkItemLengthINTEL(target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2) %m)
  %e = call spir_func float @_Z28__spirv_VectorExtractDynamic(target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2) %m, i64 %i)
  %d = fmul float %e, 2.0
  %m2 = call spir_func target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2) @_Z27__spirv_VectorInsertDynamic(target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2) %m, float %d, i64 %i)
  %xy = call spir_func <2 x i32> @_Z39__spirv_JointMatrixGetElementCoordINTEL(target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2) %m2, i64 %i)
  call spir_func void @_Z29__spirv_JointMatrixStoreINTEL(ptr addrspace(4) %g, target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2) %m2, i64 %stride, i32 0, i32 3, i32 0)
  ret void
}
declare spir_func target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2) @_Z28__spirv_JointMatrixLoadINTEL(ptr addrspace(4), i64, i32, i32, i32)
declare spir_func i64 @_Z38__spirv_JointMatrixWorkItemLengthINTEL(target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2))
declare spir_func float @_Z28__spirv_VectorExtractDynamic(target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2), i64)
declare spir_func target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2) @_Z27__spirv_VectorInsertDynamic(target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2), float, i64)
declare spir_func <2 x i32> @_Z39__spirv_JointMatrixGetElementCoordINTEL(target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2), i64)
declare spir_func void @_Z29__spirv_JointMatrixStoreINTEL(ptr addrspace(4), target("spirv.JointMatrixINTEL", float, 8, 16, 0, 3, 2), i64, i32, i32, i32)
"#;

#[test]
fn target_type_matrices_with_element_access_typed_and_untyped() {
    for ext in [EXT, "+SPV_INTEL_joint_matrix,+SPV_KHR_untyped_pointers"] {
        let m = translate_with(TARGET_TYPES, ext).unwrap_or_else(|e| panic!("{ext}: {e}"));
        let d = defs(&m);
        let types = all(&m, "OpTypeJointMatrixINTEL");
        assert_eq!(types.len(), 1, "{ext}");
        let matrix = types[0].result_id.expect("id");
        assert_eq!(d[&id(&types[0].operands[0])].opcode, Op::TypeFloat);
        assert_eq!(matrix_ints(&m, matrix), vec![8, 16, 0, 3, 2], "{ext}");
        assert_eq!(all(&m, "OpJointMatrixLoadINTEL").len(), 1, "{ext}");
        assert_eq!(all(&m, "OpJointMatrixStoreINTEL").len(), 1, "{ext}");
        assert_eq!(
            all(&m, "OpJointMatrixWorkItemLengthINTEL").len(),
            1,
            "{ext}"
        );
        let extract: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::VectorExtractDynamic)
            .collect();
        assert_eq!(extract.len(), 1, "{ext}");
        assert_eq!(d[&id(&extract[0].operands[0])].result_type, Some(matrix));
        let insert: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::VectorInsertDynamic)
            .collect();
        assert_eq!(insert.len(), 1, "{ext}");
        assert_eq!(insert[0].result_type, Some(matrix), "{ext}");
        // GetElementCoord: the matrix and the index; JointMatrixWIInstructionsINTEL (6435).
        let coords = all(&m, "OpJointMatrixGetElementCoordINTEL");
        assert_eq!(coords.len(), 1, "{ext}");
        assert_eq!(coords[0].operands.len(), 2, "{ext}");
        let caps = capabilities(&m);
        assert!(caps.contains(&Capability::JointMatrixINTEL.0), "{ext}");
        assert!(
            caps.contains(&6435),
            "{ext}: JointMatrixWIInstructionsINTEL"
        );
    }
}

/// tf32 and bfloat16 components (llvm-spirv's `joint_matrix_tf32.ll` / `_bfloat16.ll`): a
/// 32-bit float / 16-bit integer component with the Component Type Interpretation operand
/// (TF32 1, Bfloat16 2) and its capability; DPC++'s bfloat16 element access goes through a
/// `{ i16 }` wrapper: CompositeConstruct and VectorInsertDynamic take it `byval`,
/// VectorExtractDynamic returns it through `sret` — the element is loaded from / stored to
/// the wrapper, as llvm-spirv's regularization rewrites those calls.
const INTERPRETED: &str = r#"target triple = "spir64-unknown-unknown"
%spirv.JointMatrixINTEL._tf32_8_16_0_3_0 = type opaque
%spirv.JointMatrixINTEL._bfloat16_8_16_0_3_0 = type opaque
%"class.sycl::ext::oneapi::bfloat16" = type { i16 }

define spir_kernel void @k(float addrspace(1)* %p, i64 %stride, i64 %i) {
entry:
  %tmp = alloca %"class.sycl::ext::oneapi::bfloat16", align 2
  %out = alloca %"class.sycl::ext::oneapi::bfloat16", align 2
  %g = addrspacecast float addrspace(1)* %p to float addrspace(4)*
  %t = call spir_func %spirv.JointMatrixINTEL._tf32_8_16_0_3_0 addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL(float addrspace(4)* %g, i64 %stride, i32 0, i32 3, i32 0)
  %v = getelementptr inbounds %"class.sycl::ext::oneapi::bfloat16", %"class.sycl::ext::oneapi::bfloat16"* %tmp, i64 0, i32 0
  store i16 16256, i16* %v, align 2
  %b = call spir_func %spirv.JointMatrixINTEL._bfloat16_8_16_0_3_0 addrspace(4)* @_Z26__spirv_CompositeConstruct(%"class.sycl::ext::oneapi::bfloat16"* byval(%"class.sycl::ext::oneapi::bfloat16") align 2 %tmp)
  call spir_func void @_Z28__spirv_VectorExtractDynamic(%"class.sycl::ext::oneapi::bfloat16"* sret(%"class.sycl::ext::oneapi::bfloat16") align 2 %out, %spirv.JointMatrixINTEL._bfloat16_8_16_0_3_0 addrspace(4)* %b, i64 %i)
  %b2 = call spir_func %spirv.JointMatrixINTEL._bfloat16_8_16_0_3_0 addrspace(4)* @_Z27__spirv_VectorInsertDynamic(%spirv.JointMatrixINTEL._bfloat16_8_16_0_3_0 addrspace(4)* %b, %"class.sycl::ext::oneapi::bfloat16"* byval(%"class.sycl::ext::oneapi::bfloat16") align 2 %out, i64 %i)
  ret void
}
declare spir_func %spirv.JointMatrixINTEL._tf32_8_16_0_3_0 addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL(float addrspace(4)*, i64, i32, i32, i32)
declare spir_func %spirv.JointMatrixINTEL._bfloat16_8_16_0_3_0 addrspace(4)* @_Z26__spirv_CompositeConstruct(%"class.sycl::ext::oneapi::bfloat16"* byval(%"class.sycl::ext::oneapi::bfloat16"))
declare spir_func void @_Z28__spirv_VectorExtractDynamic(%"class.sycl::ext::oneapi::bfloat16"* sret(%"class.sycl::ext::oneapi::bfloat16"), %spirv.JointMatrixINTEL._bfloat16_8_16_0_3_0 addrspace(4)*, i64)
declare spir_func %spirv.JointMatrixINTEL._bfloat16_8_16_0_3_0 addrspace(4)* @_Z27__spirv_VectorInsertDynamic(%spirv.JointMatrixINTEL._bfloat16_8_16_0_3_0 addrspace(4)*, %"class.sycl::ext::oneapi::bfloat16"* byval(%"class.sycl::ext::oneapi::bfloat16"), i64)
"#;

#[test]
fn tf32_and_bfloat16_components_and_wrapped_elements() {
    let m = translate_with(INTERPRETED, EXT).unwrap_or_else(|e| panic!("{e}"));
    let d = defs(&m);
    let types = all(&m, "OpTypeJointMatrixINTEL");
    assert_eq!(types.len(), 2);
    let mut by_component = HashMap::new();
    for t in &types {
        let component = d[&id(&t.operands[0])];
        let ints = matrix_ints(&m, t.result_id.expect("id"));
        by_component.insert(component.opcode, (component.operands.to_vec(), ints));
    }
    // tf32: a 32-bit float, interpretation 1; bfloat16: a 16-bit integer, interpretation 2.
    assert_eq!(
        by_component[&Op::TypeFloat],
        (vec![Operand::Word(32)], vec![8, 16, 0, 3, 0, 1])
    );
    assert_eq!(
        by_component[&Op::TypeInt],
        (
            vec![Operand::Word(16), Operand::Word(0)],
            vec![8, 16, 0, 3, 0, 2]
        )
    );
    let caps = capabilities(&m);
    assert!(caps.contains(&6436), "JointMatrixTF32ComponentTypeINTEL");
    assert!(caps.contains(&6437), "JointMatrixBF16ComponentTypeINTEL");

    let bfloat_matrix = types
        .iter()
        .find(|t| d[&id(&t.operands[0])].opcode == Op::TypeInt)
        .and_then(|t| t.result_id)
        .expect("bfloat16 matrix");
    let i16_ty = id(&types
        .iter()
        .find(|t| t.result_id == Some(bfloat_matrix))
        .expect("type")
        .operands[0]);
    // Fill: the component loaded from the wrapper.
    let fill = m
        .instructions()
        .find(|i| i.opcode == Op::CompositeConstruct)
        .expect("fill");
    assert_eq!(fill.result_type, Some(bfloat_matrix));
    let constituent = d[&id(&fill.operands[0])];
    assert_eq!(constituent.opcode, Op::Load);
    assert_eq!(constituent.result_type, Some(i16_ty));
    // Extract: an i16 element stored into the sret wrapper.
    let extract = m
        .instructions()
        .find(|i| i.opcode == Op::VectorExtractDynamic)
        .expect("extract");
    assert_eq!(extract.result_type, Some(i16_ty));
    let extracted = extract.result_id.expect("id");
    assert!(m
        .instructions()
        .any(|i| i.opcode == Op::Store && i.operands.get(1).map(id) == Some(extracted)));
    // Insert: the element loaded from the byval wrapper.
    let insert = m
        .instructions()
        .find(|i| i.opcode == Op::VectorInsertDynamic)
        .expect("insert");
    assert_eq!(insert.result_type, Some(bfloat_matrix));
    let inserted = d[&id(&insert.operands[1])];
    assert_eq!(inserted.opcode, Op::Load);
    assert_eq!(inserted.result_type, Some(i16_ty));
}

/// Without SPV_INTEL_joint_matrix both spellings of the type are refused naming it (as
/// llvm-spirv refuses them), and so is a struct whose name does not describe a matrix.
#[test]
fn joint_matrix_needs_its_extension() {
    for src in [MULTIPLY, TARGET_TYPES, INTERPRETED] {
        let err = translate_with(src, "").expect_err("refused");
        assert!(err.contains("spirv.JointMatrixINTEL"), "{err}");
        assert!(err.contains("--spirv-ext=+SPV_INTEL_joint_matrix"), "{err}");
    }
    let bad = MULTIPLY.replace("_short_2_2_0_3", "_quad_2_2_0_3");
    let err = translate_with(&bad, EXT).expect_err("malformed");
    assert!(err.contains("does not name a joint matrix"), "{err}");
}

/// DPC++'s earliest spelling: `%"struct.__spv::__spirv_JointMatrixINTEL[.N]"` wrapping a
/// pointer to `[rows x [columns x [layout+1 x [scope+1 x T]]]]`, T possibly a SYCL wrapper
/// class (`half_impl::half` = `{ half }`); llvm-spirv regularizes it to the named spelling.
const ARRAY_SPELLED: &str = r#"target triple = "spir64-unknown-unknown"
%"class.cl::sycl::detail::half_impl::half" = type { half }
%"struct.__spv::__spirv_JointMatrixINTEL" = type { [2 x [2 x [1 x [4 x float]]]]* }
%"struct.__spv::__spirv_JointMatrixINTEL.0" = type { [2 x [16 x [1 x [4 x %"class.cl::sycl::detail::half_impl::half"]]]]* }

define spir_kernel void @k(float addrspace(1)* %c, half addrspace(1)* %a, i64 %stride) {
entry:
  %gc = addrspacecast float addrspace(1)* %c to float addrspace(4)*
  %mc = call spir_func %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_c(float addrspace(4)* %gc, i64 %stride, i32 0, i32 3, i32 0)
  %ga = addrspacecast half addrspace(1)* %a to half addrspace(4)*
  %ma = call spir_func %"struct.__spv::__spirv_JointMatrixINTEL.0" addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_a(half addrspace(4)* %ga, i64 %stride, i32 0, i32 3, i32 0)
  call spir_func void @_Z29__spirv_JointMatrixStoreINTEL(float addrspace(4)* %gc, %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)* %mc, i64 %stride, i32 0, i32 3, i32 0)
  ret void
}
declare spir_func %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_c(float addrspace(4)*, i64, i32, i32, i32)
declare spir_func %"struct.__spv::__spirv_JointMatrixINTEL.0" addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_a(half addrspace(4)*, i64, i32, i32, i32)
declare spir_func void @_Z29__spirv_JointMatrixStoreINTEL(float addrspace(4)*, %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)*, i64, i32, i32, i32)
"#;

#[test]
fn array_spelled_matrices() {
    let m = translate_with(ARRAY_SPELLED, EXT).unwrap_or_else(|e| panic!("{e}"));
    let d = defs(&m);
    let types = all(&m, "OpTypeJointMatrixINTEL");
    assert_eq!(types.len(), 2);
    for t in &types {
        let component = d[&id(&t.operands[0])];
        assert_eq!(component.opcode, Op::TypeFloat);
        let ints = matrix_ints(&m, t.result_id.expect("id"));
        match component.operands.first() {
            Some(Operand::Word(32)) => assert_eq!(ints, vec![2, 2, 0, 3]),
            Some(Operand::Word(16)) => assert_eq!(ints, vec![2, 16, 0, 3]),
            other => panic!("component {other:?}"),
        }
    }
    assert_eq!(all(&m, "OpJointMatrixLoadINTEL").len(), 2);
    assert_eq!(all(&m, "OpJointMatrixStoreINTEL").len(), 1);
    let err = translate_with(ARRAY_SPELLED, "").expect_err("refused");
    assert!(err.contains("+SPV_INTEL_joint_matrix"), "{err}");
    // A member that is not four nested arrays is no matrix.
    let bad = ARRAY_SPELLED.replace("[2 x [2 x [1 x [4 x float]]]]*", "[2 x [2 x float]]*");
    let err = translate_with(&bad, EXT).expect_err("malformed");
    assert!(err.contains("is not a joint matrix"), "{err}");
}

#[test]
fn array_spelled_matrices_with_a_use_level() {
    // A fifth nesting level is the matrix Use plus one (llvm-spirv's joint_matrix.ll and
    // joint_matrix_layout_change.ll, t8a/024 and t8a/044): `[2 x [16 x [2 x [4 x [1 x i8]]]]]`
    // is an A matrix (use 0) of 2x16 column-major sub-group i8, a sixth type operand; a fifth
    // level of 4 (DPC++'s `use::unnecessary`) names no Use; a four-level spelling keeps five.
    let src = r#"target triple = "spir64-unknown-unknown"
%"struct.__spv::__spirv_JointMatrixINTEL" = type { [2 x [2 x [1 x [4 x [4 x i16]]]]]* }
%"struct.__spv::__spirv_JointMatrixINTEL.0" = type { [2 x [16 x [2 x [4 x [1 x i8]]]]]* }
%"struct.__spv::__spirv_JointMatrixINTEL.2" = type { [16 x [2 x [4 x [4 x i8]]]]* }

define spir_kernel void @k(i16 addrspace(1)* %c, i8 addrspace(1)* %a, i8 addrspace(1)* %b, i64 %stride) {
entry:
  %gc = addrspacecast i16 addrspace(1)* %c to i16 addrspace(4)*
  %ga = addrspacecast i8 addrspace(1)* %a to i8 addrspace(4)*
  %gb = addrspacecast i8 addrspace(1)* %b to i8 addrspace(4)*
  %mc = call spir_func %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_c(i16 addrspace(4)* %gc, i64 %stride, i32 0, i32 3, i32 0)
  %ma = call spir_func %"struct.__spv::__spirv_JointMatrixINTEL.0" addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_a(i8 addrspace(4)* %ga, i64 %stride, i32 0, i32 3, i32 0)
  %mb = call spir_func %"struct.__spv::__spirv_JointMatrixINTEL.2" addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_b(i8 addrspace(4)* %gb, i64 %stride, i32 3, i32 3, i32 0)
  %md = call spir_func %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)* @_Z27__spirv_JointMatrixMadINTEL(%"struct.__spv::__spirv_JointMatrixINTEL.0" addrspace(4)* %ma, %"struct.__spv::__spirv_JointMatrixINTEL.2" addrspace(4)* %mb, %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)* %mc, i32 3)
  call spir_func void @_Z29__spirv_JointMatrixStoreINTEL(i16 addrspace(4)* %gc, %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)* %md, i64 %stride, i32 0, i32 3, i32 0)
  ret void
}
declare spir_func %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_c(i16 addrspace(4)*, i64, i32, i32, i32)
declare spir_func %"struct.__spv::__spirv_JointMatrixINTEL.0" addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_a(i8 addrspace(4)*, i64, i32, i32, i32)
declare spir_func %"struct.__spv::__spirv_JointMatrixINTEL.2" addrspace(4)* @_Z28__spirv_JointMatrixLoadINTEL_b(i8 addrspace(4)*, i64, i32, i32, i32)
declare spir_func %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)* @_Z27__spirv_JointMatrixMadINTEL(%"struct.__spv::__spirv_JointMatrixINTEL.0" addrspace(4)*, %"struct.__spv::__spirv_JointMatrixINTEL.2" addrspace(4)*, %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)*, i32)
declare spir_func void @_Z29__spirv_JointMatrixStoreINTEL(i16 addrspace(4)*, %"struct.__spv::__spirv_JointMatrixINTEL" addrspace(4)*, i64, i32, i32, i32)
"#;
    let m = translate_with(src, EXT).unwrap_or_else(|e| panic!("{e}"));
    let mut shapes: Vec<Vec<u32>> = all(&m, "OpTypeJointMatrixINTEL")
        .iter()
        .map(|t| matrix_ints(&m, t.result_id.expect("id")))
        .collect();
    shapes.sort();
    assert_eq!(
        shapes,
        vec![vec![2, 2, 0, 3], vec![2, 16, 1, 3, 0], vec![16, 2, 3, 3]]
    );
    assert_eq!(all(&m, "OpJointMatrixMadINTEL").len(), 1);
    // Six levels, or a Use past the accumulator, are no matrix.
    let bad = src.replace(
        "[2 x [2 x [1 x [4 x [4 x i16]]]]]*",
        "[2 x [2 x [1 x [4 x [4 x [1 x i16]]]]]]*",
    );
    let err = translate_with(&bad, EXT).expect_err("malformed");
    assert!(err.contains("is not a joint matrix"), "{err}");
    let bad = src.replace(
        "[2 x [2 x [1 x [4 x [4 x i16]]]]]*",
        "[2 x [2 x [1 x [4 x [5 x i16]]]]]*",
    );
    let err = translate_with(&bad, EXT).expect_err("malformed");
    assert!(err.contains("is not a joint matrix"), "{err}");
}

/// cl_intel_joint_matrix's OpenCL C built-ins on `%struct.ocl_Mat_matrix_*` types (the form of
/// llvm-spirv's `cl_intel_joint_matrix.ll`): `intel_joint_matrix_load_sub_group_*` → load
/// (pointer, stride, the call's memory layout, the type's scope), `intel_joint_matrix_mad` →
/// multiply-add, `intel_joint_matrix_store` → store; the sub-group scope is written 0, as
/// llvm-spirv writes it.
const OPENCL_BUILTINS: &str = r#"
target triple = "spir-unknown-unknown"
%struct.ocl_Mat_matrix_i8_intel_1_32_matrix_layout_packed_a_intel_matrix_scope_sub_group_intel = type {}
%struct.ocl_Mat_matrix_i8_intel_8_32_matrix_layout_packed_b_intel_matrix_scope_sub_group_intel = type {}
%struct.ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel = type {}

define spir_func void @test(i8 addrspace(4)* %a, i8 addrspace(4)* %b, i32 addrspace(4)* %c, i32 addrspace(4)* %d) {
entry:
  %ma = call spir_func %struct.ocl_Mat_matrix_i8_intel_1_32_matrix_layout_packed_a_intel_matrix_scope_sub_group_intel addrspace(4)* @_Z50intel_joint_matrix_load_sub_group_i8_packed_a_1_32PU3AS4ci19intel_matrix_layout(i8 addrspace(4)* %a, i32 32, i32 0)
  %mb = call spir_func %struct.ocl_Mat_matrix_i8_intel_8_32_matrix_layout_packed_b_intel_matrix_scope_sub_group_intel addrspace(4)* @_Z50intel_joint_matrix_load_sub_group_i8_packed_b_8_32PU3AS4ci19intel_matrix_layout(i8 addrspace(4)* %b, i32 32, i32 1)
  %mc = call spir_func %struct.ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel addrspace(4)* @_Z51intel_joint_matrix_load_sub_group_i32_row_major_1_8PU3AS4ii19intel_matrix_layout(i32 addrspace(4)* %c, i32 8, i32 0)
  %md = call spir_func %struct.ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel addrspace(4)* @_Z22intel_joint_matrix_madPU3AS486ocl_Mat_matrix_i8_intel_1_32_matrix_layout_packed_a_intel_matrix_scope_sub_group_intelPU3AS486ocl_Mat_matrix_i8_intel_8_32_matrix_layout_packed_b_intel_matrix_scope_sub_group_intelPU3AS487ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel(%struct.ocl_Mat_matrix_i8_intel_1_32_matrix_layout_packed_a_intel_matrix_scope_sub_group_intel addrspace(4)* %ma, %struct.ocl_Mat_matrix_i8_intel_8_32_matrix_layout_packed_b_intel_matrix_scope_sub_group_intel addrspace(4)* %mb, %struct.ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel addrspace(4)* %mc)
  call spir_func void @_Z24intel_joint_matrix_storePU3AS4iPU3AS487ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_inteli19intel_matrix_layout(i32 addrspace(4)* %d, %struct.ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel addrspace(4)* %md, i32 8, i32 0)
  ret void
}
declare spir_func %struct.ocl_Mat_matrix_i8_intel_1_32_matrix_layout_packed_a_intel_matrix_scope_sub_group_intel addrspace(4)* @_Z50intel_joint_matrix_load_sub_group_i8_packed_a_1_32PU3AS4ci19intel_matrix_layout(i8 addrspace(4)*, i32, i32)
declare spir_func %struct.ocl_Mat_matrix_i8_intel_8_32_matrix_layout_packed_b_intel_matrix_scope_sub_group_intel addrspace(4)* @_Z50intel_joint_matrix_load_sub_group_i8_packed_b_8_32PU3AS4ci19intel_matrix_layout(i8 addrspace(4)*, i32, i32)
declare spir_func %struct.ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel addrspace(4)* @_Z51intel_joint_matrix_load_sub_group_i32_row_major_1_8PU3AS4ii19intel_matrix_layout(i32 addrspace(4)*, i32, i32)
declare spir_func %struct.ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel addrspace(4)* @_Z22intel_joint_matrix_madPU3AS486ocl_Mat_matrix_i8_intel_1_32_matrix_layout_packed_a_intel_matrix_scope_sub_group_intelPU3AS486ocl_Mat_matrix_i8_intel_8_32_matrix_layout_packed_b_intel_matrix_scope_sub_group_intelPU3AS487ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel(%struct.ocl_Mat_matrix_i8_intel_1_32_matrix_layout_packed_a_intel_matrix_scope_sub_group_intel addrspace(4)*, %struct.ocl_Mat_matrix_i8_intel_8_32_matrix_layout_packed_b_intel_matrix_scope_sub_group_intel addrspace(4)*, %struct.ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel addrspace(4)*)
declare spir_func void @_Z24intel_joint_matrix_storePU3AS4iPU3AS487ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_inteli19intel_matrix_layout(i32 addrspace(4)*, %struct.ocl_Mat_matrix_i32_intel_1_8_matrix_layout_row_major_intel_matrix_scope_sub_group_intel addrspace(4)*, i32, i32)
"#;

#[test]
fn opencl_c_joint_matrix_builtins() {
    let m = translate_with(OPENCL_BUILTINS, EXT).unwrap_or_else(|e| panic!("{e}"));
    let d = defs(&m);
    let types = all(&m, "OpTypeJointMatrixINTEL");
    let shapes: Vec<(u32, Vec<u32>)> = types
        .iter()
        .map(|t| {
            let width = match d[&id(&t.operands[0])].operands.first() {
                Some(Operand::Word(w)) => *w,
                other => panic!("component {other:?}"),
            };
            (width, matrix_ints(&m, t.result_id.expect("id")))
        })
        .collect();
    assert_eq!(
        shapes,
        vec![
            (8, vec![1, 32, 2, 0]),
            (8, vec![8, 32, 3, 0]),
            (32, vec![1, 8, 0, 0])
        ]
    );
    let operand_values = |i: &Instruction, from: usize| -> Vec<u32> {
        i.operands[from..].iter().map(|o| constant(&d, o)).collect()
    };
    let loads = all(&m, "OpJointMatrixLoadINTEL");
    let load_operands: Vec<Vec<u32>> = loads.iter().map(|l| operand_values(l, 1)).collect();
    assert_eq!(
        load_operands,
        vec![vec![32, 0, 0], vec![32, 1, 0], vec![8, 0, 0]]
    );
    let mads = all(&m, "OpJointMatrixMadINTEL");
    assert_eq!(mads.len(), 1);
    assert_eq!(operand_values(&mads[0], 3), vec![0]);
    let stores = all(&m, "OpJointMatrixStoreINTEL");
    assert_eq!(stores.len(), 1);
    assert_eq!(id(&stores[0].operands[1]), mads[0].result_id.expect("mad"));
    assert_eq!(operand_values(&stores[0], 2), vec![8, 0, 0]);
    let err = translate_with(OPENCL_BUILTINS, "").expect_err("refused");
    assert!(err.contains("+SPV_INTEL_joint_matrix"), "{err}");
}

/// `joint_matrix_tf32.ll`'s earlier revision rounds the elements with
/// `__spirv_ConvertFToTF32INTEL` (SPV_INTEL_tensor_float32_conversion), the earlier name of
/// OpRoundFToTF32INTEL (6426); refused naming that extension without it.
#[test]
fn tf32_rounding_by_its_earlier_name() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func float @f(float %x) {
entry:
  %r = call spir_func float @_Z27__spirv_ConvertFToTF32INTELf(float %x)
  ret float %r
}
declare spir_func float @_Z27__spirv_ConvertFToTF32INTELf(float)
"#;
    let m = translate_with(src, "+SPV_INTEL_tensor_float32_conversion")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        m.instructions()
            .filter(|i| i.opcode == Op::RoundFToTF32INTEL)
            .count(),
        1
    );
    assert!(capabilities(&m).contains(&Capability::TensorFloat32RoundingINTEL.0));
    common::spirv_val(&m, "tf32_rounding_earlier_name");
    let err = translate_with(src, "").expect_err("refused");
    assert!(
        err.contains("+SPV_INTEL_tensor_float32_conversion"),
        "{err}"
    );
}
