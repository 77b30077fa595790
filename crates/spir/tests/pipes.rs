//! OpenCL C 2.0 pipe built-ins as clang lowers them (`__read_pipe_2`, `__reserve_write_pipe`,
//! `__work_group_commit_read_pipe`, `__get_pipe_num_packets_ro`, `is_valid_reserve_id`, ...)
//! become the SPIR-V pipe instructions; with opaque pointers the pipe parameters (kernel
//! argument qualifier `pipe`) and the reserve ids are typed as OpTypePipe / OpTypeReserveId.
mod common;

use common::{defs, id};

use spirvkit_core::{Id, Module, Operand};
use spirvkit_grammar::Op;

const OPAQUE: &str = r#"target triple = "spir64-unknown-unknown"

define spir_kernel void @reader(ptr addrspace(1) %in, ptr addrspace(1) %dst) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 {
entry:
  %v = alloca i32, align 4
  %p = addrspacecast ptr %v to ptr addrspace(4)
  %a = call spir_func i32 @__read_pipe_2(ptr addrspace(1) %in, ptr addrspace(4) %p, i32 4, i32 4)
  %r = call spir_func ptr @__reserve_read_pipe(ptr addrspace(1) %in, i32 1, i32 4, i32 4)
  %ok = call spir_func zeroext i1 @_Z19is_valid_reserve_id13ocl_reserveid(ptr %r)
  br i1 %ok, label %then, label %group
then:
  %b = call spir_func i32 @__read_pipe_4(ptr addrspace(1) %in, ptr %r, i32 0, ptr addrspace(4) %p, i32 4, i32 4)
  call spir_func void @__commit_read_pipe(ptr addrspace(1) %in, ptr %r, i32 4, i32 4)
  br label %group
group:
  %g = call spir_func ptr @__work_group_reserve_read_pipe(ptr addrspace(1) %in, i32 1, i32 4, i32 4)
  call spir_func void @__work_group_commit_read_pipe(ptr addrspace(1) %in, ptr %g, i32 4, i32 4)
  %s = call spir_func ptr @__sub_group_reserve_read_pipe(ptr addrspace(1) %in, i32 1, i32 4, i32 4)
  call spir_func void @__sub_group_commit_read_pipe(ptr addrspace(1) %in, ptr %s, i32 4, i32 4)
  %n = call spir_func i32 @__get_pipe_num_packets_ro(ptr addrspace(1) %in, i32 4, i32 4)
  %m = call spir_func i32 @__get_pipe_max_packets_ro(ptr addrspace(1) %in, i32 4, i32 4)
  %sum = add i32 %n, %m
  store i32 %sum, ptr addrspace(1) %dst, align 4
  ret void
}

define spir_kernel void @writer(ptr addrspace(1) %src, ptr addrspace(1) %out) !kernel_arg_addr_space !0 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %p = addrspacecast ptr addrspace(1) %src to ptr addrspace(4)
  %a = call spir_func i32 @__write_pipe_2(ptr addrspace(1) %out, ptr addrspace(4) %p, i32 4, i32 4)
  %r = call spir_func ptr @__reserve_write_pipe(ptr addrspace(1) %out, i32 2, i32 4, i32 4)
  %b = call spir_func i32 @__write_pipe_4(ptr addrspace(1) %out, ptr %r, i32 1, ptr addrspace(4) %p, i32 4, i32 4)
  call spir_func void @__commit_write_pipe(ptr addrspace(1) %out, ptr %r, i32 4, i32 4)
  %s = call spir_func ptr @__sub_group_reserve_write_pipe(ptr addrspace(1) %out, i32 1, i32 4, i32 4)
  call spir_func void @__sub_group_commit_write_pipe(ptr addrspace(1) %out, ptr %s, i32 4, i32 4)
  %n = call spir_func i32 @__get_pipe_num_packets_wo(ptr addrspace(1) %out, i32 4, i32 4)
  ret void
}

declare spir_func i32 @__read_pipe_2(ptr addrspace(1), ptr addrspace(4), i32, i32)
declare spir_func i32 @__read_pipe_4(ptr addrspace(1), ptr, i32, ptr addrspace(4), i32, i32)
declare spir_func ptr @__reserve_read_pipe(ptr addrspace(1), i32, i32, i32)
declare spir_func void @__commit_read_pipe(ptr addrspace(1), ptr, i32, i32)
declare spir_func ptr @__work_group_reserve_read_pipe(ptr addrspace(1), i32, i32, i32)
declare spir_func void @__work_group_commit_read_pipe(ptr addrspace(1), ptr, i32, i32)
declare spir_func ptr @__sub_group_reserve_read_pipe(ptr addrspace(1), i32, i32, i32)
declare spir_func void @__sub_group_commit_read_pipe(ptr addrspace(1), ptr, i32, i32)
declare spir_func i32 @__get_pipe_num_packets_ro(ptr addrspace(1), i32, i32)
declare spir_func i32 @__get_pipe_max_packets_ro(ptr addrspace(1), i32, i32)
declare spir_func i32 @__write_pipe_2(ptr addrspace(1), ptr addrspace(4), i32, i32)
declare spir_func i32 @__write_pipe_4(ptr addrspace(1), ptr, i32, ptr addrspace(4), i32, i32)
declare spir_func ptr @__reserve_write_pipe(ptr addrspace(1), i32, i32, i32)
declare spir_func void @__commit_write_pipe(ptr addrspace(1), ptr, i32, i32)
declare spir_func ptr @__sub_group_reserve_write_pipe(ptr addrspace(1), i32, i32, i32)
declare spir_func void @__sub_group_commit_write_pipe(ptr addrspace(1), ptr, i32, i32)
declare spir_func i32 @__get_pipe_num_packets_wo(ptr addrspace(1), i32, i32)
declare spir_func zeroext i1 @_Z19is_valid_reserve_id13ocl_reserveid(ptr)

!0 = !{i32 1, i32 1}
!1 = !{!"read_only", !"none"}
!2 = !{!"int", !"int*"}
!3 = !{!"pipe", !""}
!4 = !{!"none", !"write_only"}
!5 = !{!"int*", !"int"}
!6 = !{!"const", !"pipe"}
"#;

/// clang-15 `-no-opaque-pointers -O0`: the packet pointer is cast to `i8 addrspace(4)*` in one
/// addrspacecast that also changes the pointee.
const TYPED: &str = r#"target triple = "spir64-unknown-unknown"

%opencl.pipe_wo_t = type opaque

define spir_kernel void @writer(i32 addrspace(1)* %src, %opencl.pipe_wo_t addrspace(1)* %out) {
entry:
  %p = addrspacecast i32 addrspace(1)* %src to i8 addrspace(4)*
  %a = call spir_func i32 @__write_pipe_2(%opencl.pipe_wo_t addrspace(1)* %out, i8 addrspace(4)* %p, i32 4, i32 4)
  ret void
}

declare spir_func i32 @__write_pipe_2(%opencl.pipe_wo_t addrspace(1)*, i8 addrspace(4)*, i32, i32)
"#;

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

#[test]
fn pipe_builtins_become_pipe_instructions() {
    for m in common::typed_and_untyped(OPAQUE, "", "pipes") {
        let defs = defs(&m);
        for (op, n) in [
            (Op::ReadPipe, 1),
            (Op::WritePipe, 1),
            (Op::ReservedReadPipe, 1),
            (Op::ReservedWritePipe, 1),
            (Op::ReserveReadPipePackets, 1),
            (Op::ReserveWritePipePackets, 1),
            (Op::CommitReadPipe, 1),
            (Op::CommitWritePipe, 1),
            (Op::GroupReserveReadPipePackets, 2),
            (Op::GroupCommitReadPipe, 2),
            (Op::GroupReserveWritePipePackets, 1),
            (Op::GroupCommitWritePipe, 1),
            (Op::GetNumPipePackets, 2),
            (Op::GetMaxPipePackets, 1),
            (Op::IsValidReserveId, 1),
        ] {
            assert_eq!(count(&m, op), n, "{op:?}");
        }
        // The pipe parameters are pipes of their access (ReadOnly 0, WriteOnly 1).
        let pipes: Vec<u32> = m
            .instructions()
            .filter(|i| i.opcode == Op::FunctionParameter)
            .map(|p| &defs[&p.result_type.expect("typed")])
            .filter(|t| t.opcode == Op::TypePipe)
            .map(|t| match t.operands[0] {
                Operand::Word(w) => w,
                ref o => panic!("access {o:?}"),
            })
            .collect();
        assert_eq!(pipes, [0, 1]);
        // Reserve forms yield reserve ids, which the commits take.
        for i in m.instructions().filter(|i| i.opcode == Op::CommitReadPipe) {
            let rid = defs[&id(&i.operands[1])];
            assert_eq!(
                defs[&rid.result_type.expect("typed")].opcode,
                Op::TypeReserveId
            );
        }
        // Group forms take the scope first: Workgroup (2) and Subgroup (3).
        let scopes: Vec<Id> = m
            .instructions()
            .filter(|i| i.opcode == Op::GroupCommitReadPipe)
            .map(|i| id(&i.operands[0]))
            .collect();
        let words: Vec<&Operand> = scopes.iter().map(|s| &defs[s].operands[0]).collect();
        assert_eq!(words, [&Operand::Word(2), &Operand::Word(3)]);
    }
}

#[test]
fn typed_addrspacecast_changing_the_pointee_casts_first() {
    let m = common::translate_with(TYPED, "").expect("translates");
    common::spirv_val(&m, "pipes_typed_cast");
    assert_eq!(count(&m, Op::PtrCastToGeneric), 1);
    assert_eq!(count(&m, Op::Bitcast), 1);
    assert_eq!(count(&m, Op::WritePipe), 1);
}
