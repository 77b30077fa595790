//! Constructs of llvm-spirv lit tests found by path for dev set t15a (session 21, helper
//! devset21a), each translated typed and with SPV_KHR_untyped_pointers and checked by spirv-val.
mod common;

use common::{defs, id, translate_with, typed_and_untyped};

use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::Op;
use std::collections::HashMap;

// ---- session 21, helper devset21a ----

/// SPIR 2.0 modules (and clang before its `__read_pipe_2` lowering) call the OpenCL C 2.0 pipe
/// built-ins by their own names, mangled with the packet size and alignment appended
/// (test/transcoding/pipe_builtins.ll).
const SPIR20_PIPES: &str = r#"target triple = "spir64-unknown-unknown"

define spir_kernel void @writer(ptr addrspace(1) %src, ptr addrspace(1) %out) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 {
entry:
  %p = addrspacecast ptr addrspace(1) %src to ptr addrspace(4)
  %a = call i32 @_Z10write_pipePU3AS18ocl_pipePU3AS4vjj(ptr addrspace(1) %out, ptr addrspace(4) %p, i32 4, i32 4)
  %r = call ptr @_Z18reserve_write_pipePU3AS18ocl_pipejjj(ptr addrspace(1) %out, i32 1, i32 4, i32 4)
  %ok = call spir_func zeroext i1 @_Z19is_valid_reserve_id13ocl_reserveid(ptr %r)
  %b = call i32 @_Z10write_pipePU3AS18ocl_pipe13ocl_reserveidjPU3AS4vjj(ptr addrspace(1) %out, ptr %r, i32 0, ptr addrspace(4) %p, i32 4, i32 4)
  call void @_Z17commit_write_pipePU3AS18ocl_pipe13ocl_reserveidjj(ptr addrspace(1) %out, ptr %r, i32 4, i32 4)
  %g = call ptr @_Z29work_group_reserve_write_pipePU3AS18ocl_pipejjj(ptr addrspace(1) %out, i32 2, i32 4, i32 4)
  call void @_Z28work_group_commit_write_pipePU3AS18ocl_pipe13ocl_reserveidjj(ptr addrspace(1) %out, ptr %g, i32 4, i32 4)
  %n = call i32 @_Z20get_pipe_num_packetsPU3AS18ocl_pipejj(ptr addrspace(1) %out, i32 4, i32 4)
  ret void
}

define spir_kernel void @reader(ptr addrspace(1) %in, ptr addrspace(1) %dst) !kernel_arg_addr_space !0 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %p = addrspacecast ptr addrspace(1) %dst to ptr addrspace(4)
  %a = call i32 @_Z9read_pipePU3AS18ocl_pipePU3AS4vjj(ptr addrspace(1) %in, ptr addrspace(4) %p, i32 4, i32 4)
  %s = call ptr @_Z27sub_group_reserve_read_pipePU3AS18ocl_pipejjj(ptr addrspace(1) %in, i32 1, i32 4, i32 4)
  %b = call i32 @_Z9read_pipePU3AS18ocl_pipe13ocl_reserveidjPU3AS4vjj(ptr addrspace(1) %in, ptr %s, i32 0, ptr addrspace(4) %p, i32 4, i32 4)
  call void @_Z26sub_group_commit_read_pipePU3AS18ocl_pipe13ocl_reserveidjj(ptr addrspace(1) %in, ptr %s, i32 4, i32 4)
  %m = call i32 @_Z20get_pipe_max_packetsPU3AS18ocl_pipejj(ptr addrspace(1) %in, i32 4, i32 4)
  store i32 %m, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @_Z10write_pipePU3AS18ocl_pipePU3AS4vjj(ptr addrspace(1), ptr addrspace(4), i32, i32)
declare ptr @_Z18reserve_write_pipePU3AS18ocl_pipejjj(ptr addrspace(1), i32, i32, i32)
declare spir_func zeroext i1 @_Z19is_valid_reserve_id13ocl_reserveid(ptr)
declare i32 @_Z10write_pipePU3AS18ocl_pipe13ocl_reserveidjPU3AS4vjj(ptr addrspace(1), ptr, i32, ptr addrspace(4), i32, i32)
declare void @_Z17commit_write_pipePU3AS18ocl_pipe13ocl_reserveidjj(ptr addrspace(1), ptr, i32, i32)
declare ptr @_Z29work_group_reserve_write_pipePU3AS18ocl_pipejjj(ptr addrspace(1), i32, i32, i32)
declare void @_Z28work_group_commit_write_pipePU3AS18ocl_pipe13ocl_reserveidjj(ptr addrspace(1), ptr, i32, i32)
declare i32 @_Z20get_pipe_num_packetsPU3AS18ocl_pipejj(ptr addrspace(1), i32, i32)
declare i32 @_Z9read_pipePU3AS18ocl_pipePU3AS4vjj(ptr addrspace(1), ptr addrspace(4), i32, i32)
declare ptr @_Z27sub_group_reserve_read_pipePU3AS18ocl_pipejjj(ptr addrspace(1), i32, i32, i32)
declare i32 @_Z9read_pipePU3AS18ocl_pipe13ocl_reserveidjPU3AS4vjj(ptr addrspace(1), ptr, i32, ptr addrspace(4), i32, i32)
declare void @_Z26sub_group_commit_read_pipePU3AS18ocl_pipe13ocl_reserveidjj(ptr addrspace(1), ptr, i32, i32)
declare i32 @_Z20get_pipe_max_packetsPU3AS18ocl_pipejj(ptr addrspace(1), i32, i32)

!0 = !{i32 1, i32 1}
!1 = !{!"none", !"write_only"}
!2 = !{!"uint*", !"uint"}
!3 = !{!"", !"pipe"}
!4 = !{!"read_only", !"none"}
!5 = !{!"uint", !"uint*"}
!6 = !{!"pipe", !""}
"#;

/// The access qualifier of the OpTypePipe that `value`'s type is.
fn pipe_access(d: &HashMap<Id, &Instruction>, value: Id) -> u32 {
    let ty = d[&value].result_type.expect("typed value");
    let t = d[&ty];
    assert_eq!(t.opcode, Op::TypePipe, "not a pipe: {t:?}");
    t.operands[0].word().expect("access")
}

#[test]
fn spir20_pipe_builtins_become_pipe_instructions() {
    for m in typed_and_untyped(SPIR20_PIPES, "", "t15a_spir20_pipes") {
        let d = defs(&m);
        let of =
            |op: Op| -> Vec<&Instruction> { m.instructions().filter(|i| i.opcode == op).collect() };
        // (instruction, index of the pipe operand, the pipe's access: 0 read, 1 write)
        for (op, pipe_at, access) in [
            (Op::WritePipe, 0, 1),
            (Op::ReserveWritePipePackets, 0, 1),
            (Op::ReservedWritePipe, 0, 1),
            (Op::CommitWritePipe, 0, 1),
            (Op::GroupReserveWritePipePackets, 1, 1),
            (Op::GroupCommitWritePipe, 1, 1),
            (Op::GetNumPipePackets, 0, 1),
            (Op::ReadPipe, 0, 0),
            (Op::GroupReserveReadPipePackets, 1, 0),
            (Op::ReservedReadPipe, 0, 0),
            (Op::GroupCommitReadPipe, 1, 0),
            (Op::GetMaxPipePackets, 0, 0),
        ] {
            let found = of(op);
            assert_eq!(found.len(), 1, "{op:?}");
            let pipe = id(&found[0].operands[pipe_at]);
            assert_eq!(pipe_access(&d, pipe), access, "{op:?}");
        }
        // The reserve forms give a reserve id; the reserved read/write and commits take it.
        let rid = of(Op::ReserveWritePipePackets)[0]
            .result_id
            .expect("result");
        assert_eq!(
            d[&d[&rid].result_type.expect("type")].opcode,
            Op::TypeReserveId
        );
        assert_eq!(id(&of(Op::ReservedWritePipe)[0].operands[1]), rid);
        assert_eq!(id(&of(Op::IsValidReserveId)[0].operands[0]), rid);
        // Packet size and alignment stay the last two operands; the group forms' scope leads.
        let group = of(Op::GroupReserveWritePipePackets)[0];
        let scope = id(&group.operands[0]);
        assert_eq!(d[&scope].operands[0], Operand::Word(2), "Workgroup scope");
        let sub = of(Op::GroupCommitReadPipe)[0];
        assert_eq!(d[&id(&sub.operands[0])].operands[0], Operand::Word(3));
    }
}

#[test]
fn spir20_read_pipe_with_an_unknown_argument_count_is_refused() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(ptr addrspace(1) %p, ptr addrspace(4) %d) {
  %a = call i32 @_Z9read_pipePU3AS18ocl_pipePU3AS4vj(ptr addrspace(1) %p, ptr addrspace(4) %d, i32 4)
  ret i32 %a
}
declare i32 @_Z9read_pipePU3AS18ocl_pipePU3AS4vj(ptr addrspace(1), ptr addrspace(4), i32)
"#;
    let err = translate_with(src, "").expect_err("three-argument read_pipe");
    assert!(err.contains("read_pipe"), "{err}");
}

/// LLVM 22 dropped the alignment operand of `llvm.masked.gather` / `llvm.masked.scatter`: the
/// pointer vector's `align` parameter attribute gives it, and without one it is 1
/// (test/transcoding/SPV_INTEL_masked_gather_scatter/intel-gather-scatter.ll assembled by
/// llvm-as-22).
const GATHER_SCATTER_LLVM22: &str = r#"target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %pa = insertelement <4 x ptr addrspace(1)> poison, ptr addrspace(1) %a, i64 0
  %va = shufflevector <4 x ptr addrspace(1)> %pa, <4 x ptr addrspace(1)> poison, <4 x i32> zeroinitializer
  %pb = insertelement <4 x ptr addrspace(1)> poison, ptr addrspace(1) %b, i64 0
  %vb = shufflevector <4 x ptr addrspace(1)> %pb, <4 x ptr addrspace(1)> poison, <4 x i32> zeroinitializer
  %g = call <4 x i8> @llvm.masked.gather.v4i8.v4p1(<4 x ptr addrspace(1)> align 2 %va, <4 x i1> <i1 true, i1 false, i1 true, i1 true>, <4 x i8> zeroinitializer)
  call void @llvm.masked.scatter.v4i8.v4p1(<4 x i8> %g, <4 x ptr addrspace(1)> %vb, <4 x i1> splat (i1 true))
  ret void
}

declare <4 x i8> @llvm.masked.gather.v4i8.v4p1(<4 x ptr addrspace(1)>, <4 x i1>, <4 x i8>)
declare void @llvm.masked.scatter.v4i8.v4p1(<4 x i8>, <4 x ptr addrspace(1)>, <4 x i1>)
"#;

#[test]
fn masked_gather_scatter_take_the_llvm22_alignment_attribute() {
    let m = translate_with(GATHER_SCATTER_LLVM22, "+SPV_INTEL_masked_gather_scatter")
        .expect("three-operand gather/scatter");
    common::spirv_val(&m, "t15a_gather_scatter_llvm22");
    let d = defs(&m);
    let gather = m
        .instructions()
        .find(|i| i.opcode == Op::MaskedGatherINTEL)
        .expect("gather");
    // (ptrs, alignment, mask, fill)
    assert_eq!(gather.operands[1], Operand::Word(2));
    let fill = id(&gather.operands[3]);
    assert_eq!(d[&fill].opcode, Op::ConstantNull);
    let scatter = m
        .instructions()
        .find(|i| i.opcode == Op::MaskedScatterINTEL)
        .expect("scatter");
    // (value, ptrs, alignment, mask): no attribute, alignment 1.
    assert_eq!(id(&scatter.operands[0]), gather.result_id.expect("result"));
    assert_eq!(scatter.operands[2], Operand::Word(1));
}

/// `llvm.lifetime.start/end` on an alloca, in LLVM 22's one-operand form and the older
/// `(i64 size, ptr)` form (test/lifetime.ll, test/llvm-intrinsics/lifetime.ll).
const LIFETIME: &str = r#"target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %out, i32 %v) {
entry:
  %x = alloca i32, align 4
  %y = alloca [4 x float], align 4
  call void @llvm.lifetime.start.p0(ptr %x)
  store i32 %v, ptr %x, align 4
  %l = load i32, ptr %x, align 4
  call void @llvm.lifetime.end.p0(ptr %x)
  store i32 %l, ptr addrspace(1) %out, align 4
  call void @llvm.lifetime.start.p0(i64 16, ptr %y)
  store float 1.0, ptr %y, align 4
  call void @llvm.lifetime.end.p0(i64 16, ptr %y)
  ret void
}

declare void @llvm.lifetime.start.p0(...)
declare void @llvm.lifetime.end.p0(...)
"#;

#[test]
fn lifetime_markers_become_lifetime_instructions_on_typed_variables() {
    let [typed, untyped] = typed_and_untyped(LIFETIME, "", "t15a_lifetime");
    let d = defs(&typed);
    let markers: Vec<_> = typed
        .instructions()
        .filter(|i| matches!(i.opcode, Op::LifetimeStart | Op::LifetimeStop))
        .collect();
    let ops: Vec<Op> = markers.iter().map(|i| i.opcode).collect();
    assert_eq!(
        ops,
        [
            Op::LifetimeStart,
            Op::LifetimeStop,
            Op::LifetimeStart,
            Op::LifetimeStop
        ]
    );
    for m in &markers {
        // The variable itself, size 0 (a typed pointee).
        assert_eq!(d[&id(&m.operands[0])].opcode, Op::Variable, "{m:?}");
        assert_eq!(m.operands[1], Operand::Word(0));
    }
    assert_ne!(id(&markers[0].operands[0]), id(&markers[2].operands[0]));
    // Untyped pointers have no typed pointee to mark: the hints are dropped.
    assert!(!untyped
        .instructions()
        .any(|i| matches!(i.opcode, Op::LifetimeStart | Op::LifetimeStop)));
}
