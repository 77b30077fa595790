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
