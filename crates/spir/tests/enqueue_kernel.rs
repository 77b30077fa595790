//! OpenCL C 2.0 `enqueue_kernel` as clang emits it (`__enqueue_kernel_basic`,
//! `_basic_events`, `_varargs`, `_events_varargs`) → OpEnqueueKernel as llvm-spirv writes it:
//! no events become 0 and null generic DeviceEvent pointers, Invoke is the `_kernel`
//! function, Param the literal as a generic `uchar*` with its size and alignment, one
//! OpPtrAccessChain per local size; the constant block literal global keeps a null invoke
//! field (no SPV_INTEL_function_pointers). Every output must pass spirv-val.

mod common;
use common::{defs, id, typed_and_untyped};
use spirvkit_core::{Id, Module, Operand};
use spirvkit_grammar::Op;

/// A kernel making one `builtin` call on the global block literal `@lit`, whose invoke
/// field holds the address of `@inv` (as clang writes it).
fn source(builtin: &str, events: bool, locals: u32) -> String {
    let event_params = if events {
        "i32, ptr addrspace(4), ptr addrspace(4), "
    } else {
        ""
    };
    let event_args = if events {
        "i32 1, ptr addrspace(4) %e.g, ptr addrspace(4) %e.g, "
    } else {
        ""
    };
    let local_params = if locals > 0 { ", i32, ptr" } else { "" };
    let local_args = if locals > 0 {
        format!(", i32 {locals}, ptr %s0")
    } else {
        String::new()
    };
    let local_kernel_params: String = (0..locals).map(|_| ", ptr addrspace(3)").collect();
    format!(
        r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
%struct.ndrange_t = type {{ i32, [3 x i64], [3 x i64], [3 x i64] }}
@lit = internal addrspace(1) constant {{ i32, i32, ptr addrspace(4) }} {{ i32 16, i32 8, ptr addrspace(4) addrspacecast (ptr @inv to ptr addrspace(4)) }}, align 8
declare spir_func void @_Z10ndrange_1Dm(ptr sret(%struct.ndrange_t), i64)
declare spir_func target("spirv.Queue") @_Z17get_default_queuev()
declare spir_func i32 @{builtin}(target("spirv.Queue"), i32, ptr, {event_params}ptr addrspace(4), ptr addrspace(4){local_params})
define internal spir_func void @inv(ptr addrspace(4) %d{local_kernel_params}) {{
  ret void
}}
define spir_kernel void @inv_kernel(ptr addrspace(4) %0{local_kernel_params}) {{
  ret void
}}
define spir_kernel void @k(ptr addrspace(1) %out) {{
  %nd = alloca %struct.ndrange_t, align 8
  %e = alloca target("spirv.DeviceEvent"), align 8
  %sizes = alloca [3 x i64], align 8
  %e.g = addrspacecast ptr %e to ptr addrspace(4)
  call spir_func void @_Z10ndrange_1Dm(ptr sret(%struct.ndrange_t) %nd, i64 64)
  %q = call spir_func target("spirv.Queue") @_Z17get_default_queuev()
  %s0 = getelementptr [3 x i64], ptr %sizes, i32 0, i32 0
  store i64 16, ptr %s0, align 8
  %r = call spir_func i32 @{builtin}(target("spirv.Queue") %q, i32 0, ptr %nd, {event_args}ptr addrspace(4) addrspacecast (ptr @inv_kernel to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @lit to ptr addrspace(4)){local_args})
  store i32 %r, ptr addrspace(1) %out, align 4
  %ev = load target("spirv.DeviceEvent"), ptr %e, align 8
  ret void
}}
"#
    )
}

fn constant_value(m: &Module, v: Id) -> Option<u32> {
    m.instructions()
        .find(|i| i.opcode == Op::Constant && i.result_id == Some(v))
        .and_then(|i| i.operands.first().and_then(Operand::word))
}

fn check(builtin: &str, events: bool, locals: u32) {
    let tag = format!("enqueue_{builtin}");
    for m in typed_and_untyped(&source(builtin, events, locals), "", &tag) {
        let d = defs(&m);
        let found: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::EnqueueKernel)
            .collect();
        assert_eq!(found.len(), 1, "{tag}: one OpEnqueueKernel");
        let ops: Vec<Id> = found[0].operands.iter().map(id).collect();
        // Queue, Flags, ND Range, NumEvents, WaitEvents, RetEvent, Invoke, Param, Size, Align.
        assert_eq!(ops.len(), 10 + locals as usize, "{tag}: {ops:?}");
        assert_eq!(d[&ops[0]].opcode, Op::GetDefaultQueue, "{tag}: queue");
        assert_eq!(constant_value(&m, ops[3]), Some(u32::from(events)), "{tag}");
        for e in [ops[4], ops[5]] {
            let expected = if events {
                Op::PtrCastToGeneric
            } else {
                Op::ConstantNull
            };
            assert_eq!(d[&e].opcode, expected, "{tag}: event operand");
            let ptr = d[&d[&e].result_type.expect("typed")];
            assert_eq!(ptr.opcode, Op::TypePointer, "{tag}: events stay typed");
            assert_eq!(
                d[&id(&ptr.operands[1])].opcode,
                Op::TypeDeviceEvent,
                "{tag}"
            );
        }
        assert_eq!(d[&ops[6]].opcode, Op::Function, "{tag}: Invoke");
        let invoke_name = m.instructions().any(|i| {
            i.opcode == Op::Name
                && i.operands[0] == Operand::Id(ops[6])
                && i.operands.get(1).and_then(Operand::string) == Some("inv_kernel")
        });
        assert!(invoke_name, "{tag}: Invoke is the _kernel function");
        assert_eq!(constant_value(&m, ops[8]), Some(16), "{tag}: ParamSize");
        assert_eq!(constant_value(&m, ops[9]), Some(8), "{tag}: ParamAlign");
        for (i, &l) in ops[10..].iter().enumerate() {
            let chain = d[&l];
            assert!(
                matches!(
                    chain.opcode,
                    Op::PtrAccessChain | Op::UntypedPtrAccessChainKHR
                ),
                "{tag}: local size {i} is an access chain"
            );
            let index = *chain.operands.last().map(id).as_ref().expect("index");
            assert_eq!(constant_value(&m, index), Some(i as u32), "{tag}: index");
        }
        // The literal's invoke field is a null generic pointer, not a function pointer.
        assert!(
            !m.instructions()
                .any(|i| i.opcode == Op::ConstantFunctionPointerINTEL),
            "{tag}: no function pointer"
        );
    }
}

#[test]
fn enqueue_kernel_basic_has_no_events() {
    check("__enqueue_kernel_basic", false, 0);
}

#[test]
fn enqueue_kernel_basic_events_passes_its_events() {
    check("__enqueue_kernel_basic_events", true, 0);
}

#[test]
fn enqueue_kernel_varargs_chains_one_pointer_per_local_size() {
    check("__enqueue_kernel_varargs", false, 1);
}

#[test]
fn enqueue_kernel_events_varargs_has_events_and_local_sizes() {
    check("__enqueue_kernel_events_varargs", true, 3);
}

/// A capturing block as clang-22 `-cl-std=CL2.0` writes it: the literal on the stack, the
/// invoke function's address and the captures stored into it, then `enqueue_kernel`.
/// `invoke` names the function whose address goes into the literal.
fn capturing_source(invoke: &str) -> String {
    format!(
        r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
%struct.ndrange_t = type {{ i32, [3 x i64], [3 x i64], [3 x i64] }}
declare spir_func void @_Z10ndrange_1Dm(ptr sret(%struct.ndrange_t), i64)
declare spir_func target("spirv.Queue") @_Z17get_default_queuev()
declare spir_func i32 @__enqueue_kernel_basic(target("spirv.Queue"), i32, ptr, ptr addrspace(4), ptr addrspace(4))
define internal spir_func void @{invoke}(ptr addrspace(4) %d) {{
  %out.addr = getelementptr inbounds nuw i8, ptr addrspace(4) %d, i64 16
  %out = load ptr addrspace(1), ptr addrspace(4) %out.addr, align 8
  %v.addr = getelementptr inbounds nuw i8, ptr addrspace(4) %d, i64 24
  %v = load i32, ptr addrspace(4) %v.addr, align 8
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}}
define spir_kernel void @{invoke}_kernel(ptr addrspace(4) %0) {{
  call spir_func void @{invoke}(ptr addrspace(4) %0)
  ret void
}}
define spir_kernel void @k(ptr addrspace(1) %out, i32 %v) {{
  %nd = alloca %struct.ndrange_t, align 8
  %block = alloca <{{ i32, i32, ptr addrspace(4), ptr addrspace(1), i32 }}>, align 8
  call spir_func void @_Z10ndrange_1Dm(ptr sret(%struct.ndrange_t) %nd, i64 64)
  %q = call spir_func target("spirv.Queue") @_Z17get_default_queuev()
  store i32 28, ptr %block, align 8
  %block.align = getelementptr inbounds nuw i8, ptr %block, i64 4
  store i32 8, ptr %block.align, align 4
  %block.invoke = getelementptr inbounds nuw i8, ptr %block, i64 8
  store ptr addrspace(4) addrspacecast (ptr @{invoke} to ptr addrspace(4)), ptr %block.invoke, align 8
  %block.captured = getelementptr inbounds nuw i8, ptr %block, i64 16
  store ptr addrspace(1) %out, ptr %block.captured, align 8
  %block.captured1 = getelementptr inbounds nuw i8, ptr %block, i64 24
  store i32 %v, ptr %block.captured1, align 8
  %lit = addrspacecast ptr %block to ptr addrspace(4)
  %r = call spir_func i32 @__enqueue_kernel_basic(target("spirv.Queue") %q, i32 1, ptr %nd, ptr addrspace(4) addrspacecast (ptr @{invoke}_kernel to ptr addrspace(4)), ptr addrspace(4) %lit)
  ret void
}}
"#
    )
}

/// The object an OpStore writes, through OpSpecConstantOp / instruction casts to the first
/// value that is not a cast.
fn uncast<'a>(
    d: &std::collections::HashMap<Id, &'a spirvkit_core::Instruction>,
    mut v: Id,
) -> &'a spirvkit_core::Instruction {
    loop {
        let i = d[&v];
        v = match i.opcode {
            Op::SpecConstantOp => id(&i.operands[1]),
            Op::PtrCastToGeneric | Op::Bitcast => id(&i.operands[0]),
            _ => return i,
        };
    }
}

#[test]
fn capturing_block_literal_on_the_stack_keeps_a_null_invoke_field() {
    let tag = "enqueue_capturing_block";
    for m in typed_and_untyped(&capturing_source("__k_block_invoke"), "", tag) {
        let d = defs(&m);
        let enqueue = m
            .instructions()
            .find(|i| i.opcode == Op::EnqueueKernel)
            .expect("OpEnqueueKernel");
        let ops: Vec<Id> = enqueue.operands.iter().map(id).collect();
        let invoke_is_the_wrapper = m.instructions().any(|i| {
            i.opcode == Op::Name
                && i.operands[0] == Operand::Id(ops[6])
                && i.operands.get(1).and_then(Operand::string) == Some("__k_block_invoke_kernel")
        });
        assert!(
            invoke_is_the_wrapper,
            "{tag}: Invoke is the _kernel function"
        );
        // Param is the stack literal; its packed size and alignment as the data layout gives.
        let param = uncast(&d, ops[7]).opcode;
        assert!(
            matches!(param, Op::Variable | Op::UntypedVariableKHR),
            "{tag}: Param is {param:?}"
        );
        assert_eq!(constant_value(&m, ops[8]), Some(28), "{tag}: ParamSize");
        assert_eq!(constant_value(&m, ops[9]), Some(8), "{tag}: ParamAlign");
        // The invoke field holds a null pointer; the captures hold their values.
        let stored: Vec<Op> = m
            .instructions()
            .filter(|i| i.opcode == Op::Store)
            .map(|i| uncast(&d, id(&i.operands[1])).opcode)
            .collect();
        assert!(stored.contains(&Op::ConstantNull), "{tag}: {stored:?}");
        assert!(stored.contains(&Op::FunctionParameter), "{tag}: {stored:?}");
        assert!(
            !m.instructions()
                .any(|i| i.opcode == Op::ConstantFunctionPointerINTEL),
            "{tag}: no function pointer"
        );
    }
}

#[test]
fn block_invoke_address_is_a_function_pointer_with_the_extension() {
    let m = common::translate_with(
        &capturing_source("__k_block_invoke_2"),
        "+SPV_INTEL_function_pointers",
    )
    .expect("translates");
    assert!(m
        .instructions()
        .any(|i| i.opcode == Op::ConstantFunctionPointerINTEL));
}

#[test]
fn other_function_addresses_still_need_the_extension() {
    let err = common::translate_with(&capturing_source("helper"), "")
        .expect_err("refused without SPV_INTEL_function_pointers");
    assert!(err.contains("SPV_INTEL_function_pointers"), "{err}");
}
