//! Synchronisation: barriers and fences (OpenCL 1.2 `barrier`/`mem_fence`), atomics as the
//! 1.2 `atomic_*` (32-bit) and `atom_*` (64-bit) built-ins (the OpenCL 2.0 forms are in
//! atomics.rs), async copies and events.

use spirvkit_core::grammar::Op;
use spirvkit_core::Instruction;
use spirvkit_llvm::Type;

use super::atomics::fence_flags;
use super::builtins::Sign;
use super::function::FnState;
use super::{Ctx, Result};
use crate::mangle::{mangle, ParamType, Scalar};

impl Ctx<'_> {
    pub fn sync(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        let void = self.m.types.void();
        let uint = ParamType::Scalar(Scalar::UInt);
        match inst.opcode {
            Op::ControlBarrier => self.control_barrier(st, inst)?,
            Op::ControlBarrierArriveINTEL | Op::ControlBarrierWaitINTEL if !self.spv_ir() => {
                self.split_barrier(st, inst)?
            }
            Op::GenericPtrMemSemantics => self.get_fence(st, inst)?,
            Op::MemoryBarrier if self.cl20() => self.work_item_fence(st, inst)?,
            Op::MemoryBarrier => {
                let sem = self.const_operand(st, inst, 1)?;
                let flags = self.const_i32(fence_flags(sem));
                let f = if sem & 0x8 != 0 || sem & 0x10 != 0 {
                    "mem_fence"
                } else if sem & 0x2 != 0 {
                    "read_mem_fence"
                } else if sem & 0x4 != 0 {
                    "write_mem_fence"
                } else {
                    "mem_fence"
                };
                let name = mangle(f, &[uint]);
                self.call_builtin(st, &name, void, vec![flags], false)?;
            }
            Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicExchange
            | Op::AtomicSMin
            | Op::AtomicUMin
            | Op::AtomicSMax
            | Op::AtomicUMax
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor
            | Op::AtomicIIncrement
            | Op::AtomicIDecrement
            | Op::AtomicLoad
            | Op::AtomicStore
            | Op::AtomicCompareExchange
            | Op::AtomicCompareExchangeWeak
            | Op::AtomicFlagTestAndSet
            | Op::AtomicFlagClear
            | Op::AtomicFAddEXT
            | Op::AtomicFMinEXT
            | Op::AtomicFMaxEXT => {
                if self.cl20() {
                    self.atomic_explicit(st, inst)?
                } else if self.has_cl12_atomic(inst)? {
                    self.atomic(st, inst)?
                } else if matches!(inst.opcode, Op::AtomicFlagTestAndSet | Op::AtomicFlagClear) {
                    self.atomic_flag_cl12(st, inst)?
                } else {
                    self.atomic_explicit(st, inst)?
                }
            }
            Op::GroupAsyncCopy => {
                let ty = self.result_ty(inst)?;
                let dst = self.op_value(st, inst, 1)?;
                let src = self.op_value(st, inst, 2)?;
                let num = self.op_value(st, inst, 3)?;
                let stride = self.op_value(st, inst, 4)?;
                let event = self.op_value(st, inst, 5)?;
                let size_t = self.size_t();
                let num = self.fit_int(st, num, size_t)?;
                let stride = self.fit_int(st, stride, size_t)?;
                let strided = self.m.constant_int(stride) != Some(1);
                let (dt, stt) = (self.type_of(st, dst)?, self.type_of(st, src)?);
                let et = self.type_of(st, event)?;
                let mut params = vec![
                    self.param(dt, Sign::Signed, false)?,
                    self.param(stt, Sign::Signed, true)?,
                    self.param(size_t, Sign::Unsigned, false)?,
                ];
                let mut args = vec![dst, src, num];
                if strided {
                    params.push(self.param(size_t, Sign::Unsigned, false)?);
                    args.push(stride);
                }
                params.push(self.param(et, Sign::Signed, false)?);
                args.push(event);
                let f = if strided {
                    "async_work_group_strided_copy"
                } else {
                    "async_work_group_copy"
                };
                let v = self.call_builtin(st, &mangle(f, &params), ty, args, false)?;
                self.define(st, inst, v);
            }
            Op::GroupWaitEvents => {
                let num = self.op_value(st, inst, 1)?;
                let list = self.op_value(st, inst, 2)?;
                let i32t = self.m.types.int(32);
                let num = self.fit_int(st, num, i32t)?;
                let lt = self.type_of(st, list)?;
                let params = [
                    ParamType::Scalar(Scalar::Int),
                    self.param(lt, Sign::Signed, false)?,
                ];
                // `event_t *`: the event is itself a pointer to the opaque type.
                let name = mangle("wait_group_events", &params);
                self.call_builtin(st, &name, void, vec![num, list], false)?;
            }
            Op::UntypedPrefetchKHR => {
                // A hint: `prefetch` of that many bytes (as `uchar`s) from the pointer.
                let id = self.id_op(inst, 0)?;
                if self.def(id).is_some_and(|d| d.result_type.is_none()) {
                    return Ok(true); // the operand names a type: nothing to prefetch
                }
                let p = self.operand(st, id)?;
                let n = self.op_value(st, inst, 1)?;
                let i8 = self.m.types.int(8);
                let p = self.ptr_to(st, p, i8)?;
                let size_t = self.size_t();
                let n = self.fit_int(st, n, size_t)?;
                let pt = self.type_of(st, p)?;
                let name = mangle(
                    "prefetch",
                    &[
                        self.param(pt, Sign::Signed, true)?,
                        self.param(size_t, Sign::Unsigned, false)?,
                    ],
                );
                self.call_builtin(st, &name, void, vec![p, n], false)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn atomic(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let op = inst.opcode;
        let ptr = self.op_value(st, inst, 0)?;
        let (name, signed, args_at): (&str, Sign, &[usize]) = match op {
            Op::AtomicIAdd | Op::AtomicFAddEXT => ("add", Sign::Signed, &[3]),
            Op::AtomicFMinEXT => ("min", Sign::Signed, &[3]),
            Op::AtomicFMaxEXT => ("max", Sign::Signed, &[3]),
            Op::AtomicISub => ("sub", Sign::Signed, &[3]),
            Op::AtomicExchange => ("xchg", Sign::Signed, &[3]),
            Op::AtomicSMin => ("min", Sign::Signed, &[3]),
            Op::AtomicUMin => ("min", Sign::Unsigned, &[3]),
            Op::AtomicSMax => ("max", Sign::Signed, &[3]),
            Op::AtomicUMax => ("max", Sign::Unsigned, &[3]),
            Op::AtomicAnd => ("and", Sign::Signed, &[3]),
            Op::AtomicOr => ("or", Sign::Signed, &[3]),
            Op::AtomicXor => ("xor", Sign::Signed, &[3]),
            Op::AtomicIIncrement => ("inc", Sign::Signed, &[]),
            Op::AtomicIDecrement => ("dec", Sign::Signed, &[]),
            // A load is an add of 0; a store an exchange whose result is unused.
            Op::AtomicLoad => ("add", Sign::Signed, &[]),
            Op::AtomicStore => ("xchg", Sign::Signed, &[3]),
            _ => ("cmpxchg", Sign::Signed, &[5, 4]),
        };
        let value_ty = match op {
            Op::AtomicStore => {
                let v = self.op_value(st, inst, 3)?;
                self.type_of(st, v)?
            }
            _ => self.result_ty(inst)?,
        };
        let ptr = self.ptr_to(st, ptr, value_ty)?;
        let mut args = vec![ptr];
        for &i in args_at {
            args.push(self.op_value(st, inst, i)?);
        }
        if op == Op::AtomicLoad {
            let z = self.splat_const(value_ty, spirvkit_llvm::ConstKind::Null);
            args.push(z);
        }
        // `atom_*` is cl_khr_int64_*_atomics' prefix (int_width is 0 for floats, which keep
        // `atomic_*` at any width, as llvm-spirv names them).
        let wide = self.int_width(value_ty) == 64;
        let prefix = if wide { "atom_" } else { "atomic_" };
        let full = format!("{prefix}{name}");
        let pt = self.type_of(st, ptr)?;
        let Type::Pointer { addrspace, .. } = self.m.types.get(pt).clone() else {
            return Err(self.err("atomic pointer is not a pointer"));
        };
        let mut params = vec![ParamType::Pointer {
            addrspace,
            konst: false,
            volatile: true,
            pointee: Box::new(self.param(value_ty, signed, false)?),
        }];
        for a in args.iter().skip(1) {
            let t = self.type_of(st, *a)?;
            params.push(self.param(t, signed, false)?);
        }
        let mangled = mangle(&full, &params);
        let v = self.call_builtin(st, &mangled, value_ty, args, false)?;
        if op != Op::AtomicStore {
            self.define(st, inst, v);
        }
        Ok(())
    }
}
