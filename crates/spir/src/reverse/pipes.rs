//! OpenCL 2.0 pipes as clang lowers them and llvm-spirv -r writes them back: the unmangled
//! `__read_pipe_2`/`__write_pipe_4`/`__reserve_read_pipe`/`__commit_write_pipe`/
//! `__work_group_reserve_read_pipe`... built-ins taking the pipe, a generic `i8` packet
//! pointer, and the packet size and alignment as trailing `i32`s (the SPIR-V operands
//! already carry them). `is_valid_reserve_id` is the one mangled OpenCL C built-in.

use spirvkit_core::grammar::Op;
use spirvkit_core::{Instruction, Operand};
use spirvkit_llvm::{CastOp, ValueRef};

use super::function::FnState;
use super::{Ctx, Result};

/// How the SPIR-V operands of a pipe instruction map to the built-in's arguments.
enum Shape {
    /// Every operand in order, from operand `from` (a leading group scope is dropped).
    Operands { from: usize },
    /// Operand `ptr` is the packet pointer, passed as a generic `i8*`.
    Packet { ptr: usize },
}

/// The built-in of a pipe instruction (`{scope}` is `work_group`/`sub_group`, `{access}`
/// `ro`/`wo`), what it returns (true: the instruction's result type; false: void), and how
/// its operands map.
fn builtin(op: Op) -> Option<(&'static str, bool, Shape)> {
    use Shape::*;
    Some(match op {
        Op::ReadPipe => ("__read_pipe_2", true, Packet { ptr: 1 }),
        Op::WritePipe => ("__write_pipe_2", true, Packet { ptr: 1 }),
        Op::ReservedReadPipe => ("__read_pipe_4", true, Packet { ptr: 3 }),
        Op::ReservedWritePipe => ("__write_pipe_4", true, Packet { ptr: 3 }),
        Op::ReserveReadPipePackets => ("__reserve_read_pipe", true, Operands { from: 0 }),
        Op::ReserveWritePipePackets => ("__reserve_write_pipe", true, Operands { from: 0 }),
        Op::CommitReadPipe => ("__commit_read_pipe", false, Operands { from: 0 }),
        Op::CommitWritePipe => ("__commit_write_pipe", false, Operands { from: 0 }),
        Op::GroupReserveReadPipePackets => {
            ("__{scope}_reserve_read_pipe", true, Operands { from: 1 })
        }
        Op::GroupReserveWritePipePackets => {
            ("__{scope}_reserve_write_pipe", true, Operands { from: 1 })
        }
        Op::GroupCommitReadPipe => ("__{scope}_commit_read_pipe", false, Operands { from: 1 }),
        Op::GroupCommitWritePipe => ("__{scope}_commit_write_pipe", false, Operands { from: 1 }),
        Op::GetNumPipePackets => (
            "__get_pipe_num_packets_{access}",
            true,
            Operands { from: 0 },
        ),
        Op::GetMaxPipePackets => (
            "__get_pipe_max_packets_{access}",
            true,
            Operands { from: 0 },
        ),
        _ => return None,
    })
}

impl Ctx<'_> {
    /// Returns false when `inst` is not a pipe instruction.
    pub fn pipe(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        if inst.opcode == Op::IsValidReserveId {
            let ty = self.result_ty(inst)?;
            let rid = self.op_value(st, inst, 0)?;
            let name = "_Z19is_valid_reserve_id13ocl_reserveid";
            let v = self.call_builtin(st, name, ty, vec![rid], false)?;
            self.define(st, inst, v);
            return Ok(true);
        }
        let Some((template, returns, shape)) = builtin(inst.opcode) else {
            return Ok(false);
        };
        let mut name = template.to_owned();
        if name.contains("{scope}") {
            let scope = match self.const_operand(st, inst, 0)? {
                2 => "work_group",
                3 => "sub_group",
                other => {
                    return Err(self.err(format!(
                        "execution scope {other}: pipes are reserved by work groups or sub groups"
                    )))
                }
            };
            name = name.replace("{scope}", scope);
        }
        if name.contains("{access}") {
            name = name.replace("{access}", self.pipe_access(inst)?);
        }
        let (from, packet) = match shape {
            Shape::Operands { from } => (from, None),
            Shape::Packet { ptr } => (0, Some(ptr)),
        };
        let mut args = Vec::with_capacity(inst.operands.len());
        for (i, o) in inst.operands.iter().enumerate().skip(from) {
            let Operand::Id(id) = o else {
                return Err(self.err(format!("operand {i} of a pipe instruction is not an id")));
            };
            let mut v = self.operand(st, *id)?;
            if packet == Some(i) {
                let generic = self.i8_ptr(4);
                v = self.generic_pointer(st, v)?;
                v = self.cast(st, CastOp::BitCast, v, generic)?;
            }
            args.push(v);
        }
        let ret = if returns {
            self.result_ty(inst)?
        } else {
            self.m.types.void()
        };
        let v: ValueRef = self.call_builtin(st, &name, ret, args, false)?;
        if returns {
            self.define(st, inst, v);
        }
        Ok(true)
    }

    /// `ro` or `wo` from the access qualifier of the pipe operand's type (clang names the
    /// packet-count built-ins after it; llvm-spirv-15 -r writes `_wo` for either).
    fn pipe_access(&self, inst: &Instruction) -> Result<&'static str> {
        let pipe = self.id_op(inst, 0)?;
        let access = self
            .result_types
            .get(&pipe)
            .copied()
            .or_else(|| self.def(pipe).and_then(|d| d.result_type))
            .and_then(|t| self.def(t))
            .filter(|d| d.opcode == Op::TypePipe)
            .and_then(|d| d.operands.first().and_then(Operand::word));
        match access {
            Some(0) => Ok("ro"),
            Some(1) => Ok("wo"),
            _ => Err(self.err("the pipe operand is not a read-only or write-only OpTypePipe")),
        }
    }
}
