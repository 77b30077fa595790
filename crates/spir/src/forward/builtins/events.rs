//! OpenCL C 2.0 device-side event and queue built-ins (`create_user_event`, `retain_event`,
//! `release_event`, `is_valid_event`, `set_user_event_status`, `capture_event_profiling_info`,
//! `get_default_queue`, `enqueue_marker`): each is one SPIR-V instruction taking the call's
//! arguments in order, as llvm-spirv's OCLToSPIRV lowers them.

use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::forward::types::NO_ACCESS;
use crate::opencl_types::OpenClType;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op};
use spirvkit_llvm as llvm;

/// An event/queue built-in: its instruction, argument count and the handle it returns
/// (`None` when the result is the call's own LLVM type or there is none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct EventBuiltin {
    pub op: Op,
    arity: usize,
    pub returns: Option<OpenClType>,
    has_result: bool,
}

pub(crate) fn event_builtin(name: &str) -> Option<EventBuiltin> {
    let b = |op, arity, returns, has_result| {
        Some(EventBuiltin {
            op,
            arity,
            returns,
            has_result,
        })
    };
    match name {
        "create_user_event" => b(Op::CreateUserEvent, 0, Some(OpenClType::ClkEvent), true),
        "get_default_queue" => b(Op::GetDefaultQueue, 0, Some(OpenClType::Queue), true),
        "retain_event" => b(Op::RetainEvent, 1, None, false),
        "release_event" => b(Op::ReleaseEvent, 1, None, false),
        "is_valid_event" => b(Op::IsValidEvent, 1, None, true),
        "set_user_event_status" => b(Op::SetUserEventStatus, 2, None, false),
        "capture_event_profiling_info" => b(Op::CaptureEventProfilingInfo, 3, None, false),
        "enqueue_marker" => b(Op::EnqueueMarker, 4, None, true),
        _ => None,
    }
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    e: EventBuiltin,
    args: &[ValueRef],
) -> Result<()> {
    if args.len() != e.arity {
        return Err(malformed(
            &ctx.location,
            format!(
                "{:?} built-in with {} arguments (expected {})",
                e.op,
                args.len(),
                e.arity
            ),
        ));
    }
    t.b.capability(Capability::DeviceEnqueue);
    let operands = args
        .iter()
        .map(|&a| t.value(ctx, a).map(Operand::Id))
        .collect::<Result<Vec<_>>>()?;
    if !e.has_result {
        t.emit_void(e.op, operands);
        return Ok(());
    }
    let ty = match e.returns {
        Some(handle) => t.opencl_handle_type(handle, NO_ACCESS),
        None => t.ty(result_ty, &ctx.location)?,
    };
    t.emit_to(out, e.op, ty, operands);
    Ok(())
}
