//! OpenCL C 2.0 device-side event and queue built-ins become their SPIR-V instructions, and
//! under opaque pointers the values they return and take are OpTypeDeviceEvent / OpTypeQueue.
mod common;

use common::{defs, id};

use spirvkit_core::Id;
use spirvkit_grammar::Op;

/// clang-15 -O2 output for create/retain/is_valid/set_status/capture/release, a default queue
/// and enqueue_marker, trimmed.
const EVENTS: &str = r#"target triple = "spir64-unknown-unknown"

define spir_kernel void @ev(ptr addrspace(1) %out, ptr addrspace(1) %prof) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 {
entry:
  %e = alloca ptr, align 8
  %m = alloca ptr, align 8
  %e.ascast = addrspacecast ptr %e to ptr addrspace(4)
  %m.ascast = addrspacecast ptr %m to ptr addrspace(4)
  %call = call spir_func ptr @_Z17create_user_eventv()
  store ptr %call, ptr %e, align 8
  call spir_func void @_Z12retain_event12ocl_clkevent(ptr %call)
  %ok = call spir_func zeroext i1 @_Z14is_valid_event12ocl_clkevent(ptr %call)
  %conv = zext i1 %ok to i32
  store i32 %conv, ptr addrspace(1) %out, align 4
  call spir_func void @_Z21set_user_event_status12ocl_clkeventi(ptr %call, i32 0)
  call spir_func void @_Z28capture_event_profiling_info12ocl_clkeventiPU3AS1v(ptr %call, i32 1, ptr addrspace(1) %prof)
  call spir_func void @_Z13release_event12ocl_clkevent(ptr %call)
  %q = call spir_func ptr @_Z17get_default_queuev()
  %r = call spir_func i32 @_Z14enqueue_marker9ocl_queuejPU3AS4K12ocl_clkeventPU3AS4S0_(ptr %q, i32 1, ptr addrspace(4) %e.ascast, ptr addrspace(4) %m.ascast)
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 %r, ptr addrspace(1) %o1, align 4
  %mv = load ptr, ptr %m, align 8
  call spir_func void @_Z13release_event12ocl_clkevent(ptr %mv)
  ret void
}

declare spir_func ptr @_Z17create_user_eventv()
declare spir_func void @_Z12retain_event12ocl_clkevent(ptr)
declare spir_func zeroext i1 @_Z14is_valid_event12ocl_clkevent(ptr)
declare spir_func void @_Z21set_user_event_status12ocl_clkeventi(ptr, i32)
declare spir_func void @_Z28capture_event_profiling_info12ocl_clkeventiPU3AS1v(ptr, i32, ptr addrspace(1))
declare spir_func void @_Z13release_event12ocl_clkevent(ptr)
declare spir_func ptr @_Z17get_default_queuev()
declare spir_func i32 @_Z14enqueue_marker9ocl_queuejPU3AS4K12ocl_clkeventPU3AS4S0_(ptr, i32, ptr addrspace(4), ptr addrspace(4))

!0 = !{i32 1, i32 1}
!1 = !{!"none", !"none"}
!2 = !{!"int*", !"ulong*"}
!3 = !{!"", !""}
"#;

#[test]
fn event_and_queue_builtins_become_device_enqueue_instructions() {
    for m in common::typed_and_untyped(EVENTS, "", "device_events") {
        let defs = defs(&m);
        let count = |op| m.instructions().filter(|i| i.opcode == op).count();
        for (op, n) in [
            (Op::CreateUserEvent, 1),
            (Op::RetainEvent, 1),
            (Op::IsValidEvent, 1),
            (Op::SetUserEventStatus, 1),
            (Op::CaptureEventProfilingInfo, 1),
            (Op::ReleaseEvent, 2),
            (Op::GetDefaultQueue, 1),
            (Op::EnqueueMarker, 1),
        ] {
            assert_eq!(count(op), n, "{op:?}");
        }
        let type_op = |v: Id| defs[&defs[&v].result_type.expect("typed")].opcode;
        for i in m.instructions() {
            match i.opcode {
                Op::RetainEvent | Op::ReleaseEvent | Op::IsValidEvent => {
                    let e = i.operands.len() - 1;
                    assert_eq!(type_op(id(&i.operands[e])), Op::TypeDeviceEvent);
                }
                Op::EnqueueMarker => {
                    assert_eq!(type_op(id(&i.operands[0])), Op::TypeQueue);
                }
                _ => {}
            }
        }
    }
}
