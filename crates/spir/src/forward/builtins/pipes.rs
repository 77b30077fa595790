//! OpenCL C 2.0 pipe built-ins as clang lowers them: `__read_pipe_2(pipe, ptr, size, align)`,
//! `__write_pipe_4(pipe, rid, index, ptr, size, align)`, `__reserve_read_pipe(pipe, n, size,
//! align)`, `__commit_write_pipe(pipe, rid, size, align)`, the `__work_group_`/`__sub_group_`
//! reserve and commit forms, `__get_pipe_{num,max}_packets_{ro,wo}(pipe, size, align)`, and the
//! mangled `is_valid_reserve_id`. Each becomes its SPIR-V pipe instruction with the operands in
//! clang's order (what llvm-spirv's OCLToSPIRV does); the group forms take the scope first.
//! SPIR 2.0 modules call the same built-ins by their OpenCL C names, mangled with the packet size
//! and alignment appended (`_Z10write_pipePU3AS18ocl_pipePU3AS4vjj`): the operands are clang's,
//! `read_pipe`/`write_pipe` with and without a reserve id are told apart by their argument count,
//! and `get_pipe_{num,max}_packets` carry no access (the kernel's `kernel_arg_access_qual` says it).

use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::forward::types::NO_ACCESS;
use crate::opencl_types::OpenClType;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Op, Scope};
use spirvkit_llvm as llvm;

/// One pipe built-in: its instruction, the scope of a group form, the access of its pipe
/// operand (0 read, 1 write; `None` when the call does not say), and its argument count.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PipeBuiltin {
    pub op: Op,
    pub scope: Option<Scope>,
    pub access: Option<u32>,
    arity: usize,
}

impl PipeBuiltin {
    /// Whether the result is a reserve id (the reserve forms).
    pub(crate) fn returns_reserve_id(&self) -> bool {
        matches!(
            self.op,
            Op::ReserveReadPipePackets
                | Op::ReserveWritePipePackets
                | Op::GroupReserveReadPipePackets
                | Op::GroupReserveWritePipePackets
        )
    }

    /// The argument that is a reserve id (the reserved read/write and commit forms).
    pub(crate) fn reserve_id_arg(&self) -> Option<usize> {
        match self.op {
            Op::ReservedReadPipe
            | Op::ReservedWritePipe
            | Op::CommitReadPipe
            | Op::CommitWritePipe
            | Op::GroupCommitReadPipe
            | Op::GroupCommitWritePipe => Some(1),
            _ => None,
        }
    }

    fn returns_value(&self) -> bool {
        !matches!(
            self.op,
            Op::CommitReadPipe
                | Op::CommitWritePipe
                | Op::GroupCommitReadPipe
                | Op::GroupCommitWritePipe
        )
    }
}

/// The pipe built-in `name` called with `nargs` arguments is: clang's `__`-prefixed forms, or
/// the SPIR 2.0 forms (module doc).
pub(crate) fn pipe_builtin(name: &str, nargs: usize) -> Option<PipeBuiltin> {
    if let Some(base) = name.strip_prefix("__") {
        return form(base);
    }
    let base = match (name, nargs) {
        ("read_pipe", 4) => "read_pipe_2",
        ("read_pipe", 6) => "read_pipe_4",
        ("write_pipe", 4) => "write_pipe_2",
        ("write_pipe", 6) => "write_pipe_4",
        ("read_pipe" | "write_pipe", _) => return None,
        ("get_pipe_num_packets" | "get_pipe_max_packets", _) => {
            let op = if name.ends_with("num_packets") {
                Op::GetNumPipePackets
            } else {
                Op::GetMaxPipePackets
            };
            return Some(PipeBuiltin {
                op,
                scope: None,
                access: None,
                arity: 3,
            });
        }
        _ => name,
    };
    form(base)
}

/// A pipe built-in by its name without clang's `__` prefix.
fn form(base: &str) -> Option<PipeBuiltin> {
    let (scope, rest) = if let Some(r) = base.strip_prefix("work_group_") {
        (Some(Scope::Workgroup), r)
    } else if let Some(r) = base.strip_prefix("sub_group_") {
        (Some(Scope::Subgroup), r)
    } else {
        (None, base)
    };
    let b = |op, access, arity| {
        Some(PipeBuiltin {
            op,
            scope,
            access: Some(access),
            arity,
        })
    };
    match (scope.is_some(), rest) {
        (false, "read_pipe_2") => b(Op::ReadPipe, 0, 4),
        (false, "write_pipe_2") => b(Op::WritePipe, 1, 4),
        (false, "read_pipe_4") => b(Op::ReservedReadPipe, 0, 6),
        (false, "write_pipe_4") => b(Op::ReservedWritePipe, 1, 6),
        (false, "reserve_read_pipe") => b(Op::ReserveReadPipePackets, 0, 4),
        (false, "reserve_write_pipe") => b(Op::ReserveWritePipePackets, 1, 4),
        (false, "commit_read_pipe") => b(Op::CommitReadPipe, 0, 4),
        (false, "commit_write_pipe") => b(Op::CommitWritePipe, 1, 4),
        (true, "reserve_read_pipe") => b(Op::GroupReserveReadPipePackets, 0, 4),
        (true, "reserve_write_pipe") => b(Op::GroupReserveWritePipePackets, 1, 4),
        (true, "commit_read_pipe") => b(Op::GroupCommitReadPipe, 0, 4),
        (true, "commit_write_pipe") => b(Op::GroupCommitWritePipe, 1, 4),
        (false, "get_pipe_num_packets_ro") => b(Op::GetNumPipePackets, 0, 3),
        (false, "get_pipe_num_packets_wo") => b(Op::GetNumPipePackets, 1, 3),
        (false, "get_pipe_max_packets_ro") => b(Op::GetMaxPipePackets, 0, 3),
        (false, "get_pipe_max_packets_wo") => b(Op::GetMaxPipePackets, 1, 3),
        _ => None,
    }
}

pub(super) const IS_VALID_RESERVE_ID: &str = "is_valid_reserve_id";

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    p: PipeBuiltin,
    args: &[ValueRef],
) -> Result<()> {
    if args.len() != p.arity {
        return Err(malformed(
            &ctx.location,
            format!(
                "{:?} built-in with {} arguments (expected {})",
                p.op,
                args.len(),
                p.arity
            ),
        ));
    }
    t.b.capability(Capability::Pipes);
    let mut operands = Vec::with_capacity(args.len() + 1);
    if let Some(scope) = p.scope {
        operands.push(Operand::Id(t.u32_constant(scope.0)));
    }
    for &a in args {
        operands.push(Operand::Id(t.value(ctx, a)?));
    }
    if !p.returns_value() {
        t.emit_void(p.op, operands);
        return Ok(());
    }
    let ty = if p.returns_reserve_id() {
        t.opencl_handle_type(OpenClType::ReserveId, NO_ACCESS)
    } else {
        t.ty(result_ty, &ctx.location)?
    };
    t.emit_to(out, p.op, ty, operands);
    Ok(())
}

/// `is_valid_reserve_id(reserve_id_t)` → OpIsValidReserveId.
pub(super) fn is_valid_reserve_id(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    args: &[ValueRef],
) -> Result<()> {
    let [rid] = args else {
        return Err(malformed(
            &ctx.location,
            format!(
                "is_valid_reserve_id with {} arguments (expected 1)",
                args.len()
            ),
        ));
    };
    t.b.capability(Capability::Pipes);
    let rid = t.value(ctx, *rid)?;
    let ty = t.ty(result_ty, &ctx.location)?;
    t.emit_to(out, Op::IsValidReserveId, ty, vec![Operand::Id(rid)]);
    Ok(())
}
