//! OpenCL C 2.0 kernel queries on blocks (`get_kernel_work_group_size`, ...), as clang emits
//! them (`__get_kernel_*_impl(invoke, literal)`, an `ndrange_t *` first for the
//! `_for_ndrange` forms) → OpGetKernel* with Invoke, Param, ParamSize, ParamAlign as
//! llvm-spirv writes them; every output must pass spirv-val.

mod common;
use common::{spirv_val, translate_with, typed_and_untyped};
use spirvkit_core::{Id, Module, Operand};
use spirvkit_grammar::Op;

/// A kernel calling `builtin` once on a block; `literal` is `global` (a constant block
/// literal in addrspace 1) or `alloca` (a capturing block on the stack, packed).
fn source(builtin: &str, with_ndrange: bool, literal: &str) -> String {
    let ndrange_param = if with_ndrange { "ptr, " } else { "" };
    let ndrange_arg = if with_ndrange { "ptr %nd, " } else { "" };
    let param = match literal {
        "global" => "ptr addrspace(4) addrspacecast (ptr addrspace(1) @lit to ptr addrspace(4))",
        _ => "ptr addrspace(4) %blk.g",
    };
    format!(
        r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
%struct.ndrange_t = type {{ i32, [3 x i64], [3 x i64], [3 x i64] }}
@lit = internal addrspace(1) constant {{ i32, i32, ptr addrspace(4) }} {{ i32 16, i32 8, ptr addrspace(4) null }}, align 8
declare spir_func void @_Z10ndrange_1Dm(ptr sret(%struct.ndrange_t), i64)
declare spir_func i32 @{builtin}({ndrange_param}ptr addrspace(4), ptr addrspace(4))
define internal spir_func void @inv(ptr addrspace(4) %d) {{
  ret void
}}
define internal spir_kernel void @inv_kernel(ptr addrspace(4) %0) {{
  call spir_func void @inv(ptr addrspace(4) %0)
  ret void
}}
define spir_kernel void @k(ptr addrspace(1) %out, i32 %x) {{
  %nd = alloca %struct.ndrange_t, align 8
  %blk = alloca <{{ i32, i32, ptr addrspace(4), ptr addrspace(1), i32 }}>, align 8
  call spir_func void @_Z10ndrange_1Dm(ptr sret(%struct.ndrange_t) %nd, i64 64)
  %cap = getelementptr inbounds <{{ i32, i32, ptr addrspace(4), ptr addrspace(1), i32 }}>, ptr %blk, i32 0, i32 4
  store i32 %x, ptr %cap, align 8
  %blk.g = addrspacecast ptr %blk to ptr addrspace(4)
  %r = call spir_func i32 @{builtin}({ndrange_arg}ptr addrspace(4) addrspacecast (ptr @inv_kernel to ptr addrspace(4)), {param})
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}}
"#
    )
}

/// The value of the 32-bit OpConstant `id`.
fn constant_value(m: &Module, id: Id) -> Option<u32> {
    m.instructions()
        .find(|i| i.opcode == Op::Constant && i.result_id == Some(id))
        .and_then(|i| i.operands.first().and_then(Operand::word))
}

/// The only `op` of `m`, its operands after the result.
fn query_operands(m: &Module, op: Op) -> Vec<Id> {
    let found: Vec<_> = m.instructions().filter(|i| i.opcode == op).collect();
    assert_eq!(found.len(), 1, "one {op:?}");
    found[0]
        .operands
        .iter()
        .filter_map(|o| match o {
            Operand::Id(id) => Some(*id),
            _ => None,
        })
        .collect()
}

fn is_function(m: &Module, id: Id) -> bool {
    m.instructions()
        .any(|i| i.opcode == Op::Function && i.result_id == Some(id))
}

/// Checks the shape of `op`: [ND range,] Invoke (an OpFunction), Param, size, alignment.
fn check(builtin: &str, op: Op, with_ndrange: bool, literal: &str, size: u32, align: u32) {
    let tag = format!("kernel_query_{builtin}_{literal}");
    for m in typed_and_untyped(&source(builtin, with_ndrange, literal), "", &tag) {
        let ops = query_operands(&m, op);
        let first = usize::from(with_ndrange);
        assert_eq!(ops.len(), first + 4, "{tag}: {ops:?}");
        assert!(is_function(&m, ops[first]), "{tag}: Invoke is a function");
        assert_eq!(
            constant_value(&m, ops[first + 2]),
            Some(size),
            "{tag}: size"
        );
        assert_eq!(
            constant_value(&m, ops[first + 3]),
            Some(align),
            "{tag}: align"
        );
    }
}

#[test]
fn get_kernel_work_group_size_becomes_op_get_kernel_work_group_size() {
    // The packed capturing literal <{i32, i32, ptr, ptr, i32}>: 28 bytes, preferred
    // alignment 8 (aggregates default to 8, llvm-spirv-15 writes the same).
    let b = "__get_kernel_work_group_size_impl";
    check(b, Op::GetKernelWorkGroupSize, false, "alloca", 28, 8);
    check(b, Op::GetKernelWorkGroupSize, false, "global", 16, 8);
}

#[test]
fn get_kernel_preferred_work_group_size_multiple_becomes_its_op() {
    let b = "__get_kernel_preferred_work_group_size_multiple_impl";
    check(
        b,
        Op::GetKernelPreferredWorkGroupSizeMultiple,
        false,
        "global",
        16,
        8,
    );
}

#[test]
fn get_kernel_sub_group_count_for_ndrange_takes_the_ndrange_first() {
    let b = "__get_kernel_sub_group_count_for_ndrange_impl";
    check(b, Op::GetKernelNDrangeSubGroupCount, true, "alloca", 28, 8);
}

#[test]
fn get_kernel_max_sub_group_size_for_ndrange_takes_the_ndrange_first() {
    let b = "__get_kernel_max_sub_group_size_for_ndrange_impl";
    check(
        b,
        Op::GetKernelNDrangeMaxSubGroupSize,
        true,
        "global",
        16,
        8,
    );
}

#[test]
fn typed_pointer_block_literals_are_traced_through_constant_casts() {
    // The llvm-spirv test's shape (kernel_query.ll): typed pointers, a 32-bit target, the
    // invoke and the literal behind constant bitcast + addrspacecast.
    let src = r#"target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
@lit = internal addrspace(1) constant { i32, i32 } { i32 8, i32 4 }, align 4
define internal spir_kernel void @inv_kernel(i8 addrspace(4)*) {
  ret void
}
declare i32 @__get_kernel_work_group_size_impl(i8 addrspace(4)*, i8 addrspace(4)*)
define spir_kernel void @k() {
  %r = call i32 @__get_kernel_work_group_size_impl(i8 addrspace(4)* addrspacecast (i8* bitcast (void (i8 addrspace(4)*)* @inv_kernel to i8*) to i8 addrspace(4)*), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* bitcast ({ i32, i32 } addrspace(1)* @lit to i8 addrspace(1)*) to i8 addrspace(4)*))
  ret void
}
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "kernel_query_typed");
    let ops = query_operands(&m, Op::GetKernelWorkGroupSize);
    assert!(is_function(&m, ops[0]));
    assert_eq!(constant_value(&m, ops[2]), Some(8));
    assert_eq!(constant_value(&m, ops[3]), Some(8));
}

#[test]
fn a_query_whose_invoke_is_not_a_function_is_refused() {
    let src = r#"target triple = "spir64-unknown-unknown"
@lit = internal addrspace(1) constant { i32, i32 } { i32 8, i32 4 }, align 4
declare spir_func i32 @__get_kernel_work_group_size_impl(ptr addrspace(4), ptr addrspace(4))
define spir_kernel void @k(ptr addrspace(4) %f) {
  %r = call spir_func i32 @__get_kernel_work_group_size_impl(ptr addrspace(4) %f, ptr addrspace(4) addrspacecast (ptr addrspace(1) @lit to ptr addrspace(4)))
  ret void
}
"#;
    let err = translate_with(src, "").expect_err("refused");
    assert!(err.contains("invoke"), "{err}");
}
