//! OpenCL 2.0 device-side enqueue as clang lowers it and llvm-spirv -r writes it back:
//! OpEnqueueKernel → `__enqueue_kernel_{basic,basic_events,varargs,events_varargs}` (the
//! invoke function and block literal as generic `i8` pointers, local sizes as a `size_t`
//! array), OpGetKernel* → the `__get_kernel_*_impl` functions, OpBuildNDRange →
//! `ndrange_{1,2,3}D`, and the queue/event built-ins under their mangled OpenCL C names.

use spirvkit_core::grammar::Op;
use spirvkit_core::{Instruction, Operand};
use spirvkit_llvm::{Attribute, CallingConv, CastOp, InstKind, Type, TypeId, ValueRef};

use super::function::FnState;
use super::{Ctx, Result};

impl Ctx<'_> {
    /// Returns false when `inst` is not a device-enqueue instruction.
    pub fn enqueue(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        let void = self.m.types.void();
        // Built-ins that take the operands as they are.
        let plain = match inst.opcode {
            Op::GetDefaultQueue => Some("_Z17get_default_queuev"),
            Op::CreateUserEvent => Some("_Z17create_user_eventv"),
            Op::RetainEvent => Some("_Z12retain_event12ocl_clkevent"),
            Op::ReleaseEvent => Some("_Z13release_event12ocl_clkevent"),
            Op::IsValidEvent => Some("_Z14is_valid_event12ocl_clkevent"),
            Op::SetUserEventStatus => Some("_Z21set_user_event_status12ocl_clkeventi"),
            Op::EnqueueMarker => {
                Some("_Z14enqueue_marker9ocl_queuejPU3AS4K12ocl_clkeventPU3AS4S0_")
            }
            _ => None,
        };
        if let Some(name) = plain {
            let mut args = Vec::with_capacity(inst.operands.len());
            for i in 0..inst.operands.len() {
                args.push(self.op_value(st, inst, i)?);
            }
            let ret = match inst.result_type {
                Some(_) => self.result_ty(inst)?,
                None => void,
            };
            let v = self.call_builtin(st, name, ret, args, false)?;
            self.define(st, inst, v);
            return Ok(true);
        }
        match inst.opcode {
            Op::CaptureEventProfilingInfo => {
                let event = self.op_value(st, inst, 0)?;
                let info = self.op_value(st, inst, 1)?;
                let value = self.op_value(st, inst, 2)?;
                let global = self.i8_ptr(1);
                let value = self.cast(st, CastOp::BitCast, value, global)?;
                let name = "_Z28capture_event_profiling_info12ocl_clkeventiPU3AS1v";
                self.call_builtin(st, name, void, vec![event, info, value], false)?;
            }
            Op::BuildNDRange => self.build_ndrange(st, inst)?,
            Op::EnqueueKernel => self.enqueue_kernel(st, inst)?,
            Op::GetKernelWorkGroupSize | Op::GetKernelPreferredWorkGroupSizeMultiple => {
                let name = if inst.opcode == Op::GetKernelWorkGroupSize {
                    "__get_kernel_work_group_size_impl"
                } else {
                    "__get_kernel_preferred_work_group_size_multiple_impl"
                };
                let invoke = self.invoke_pointer(st, inst, 0)?;
                let block = self.generic_i8(st, inst, 1)?;
                let ret = self.result_ty(inst)?;
                let v = self.call_c(st, name, ret, vec![invoke, block])?;
                self.define(st, inst, v);
            }
            Op::GetKernelNDrangeMaxSubGroupSize | Op::GetKernelNDrangeSubGroupCount => {
                let name = if inst.opcode == Op::GetKernelNDrangeMaxSubGroupSize {
                    "__get_kernel_max_sub_group_size_for_ndrange_impl"
                } else {
                    "__get_kernel_sub_group_count_for_ndrange_impl"
                };
                let ndrange = self.ndrange_pointer(st, inst, 0)?;
                let invoke = self.invoke_pointer(st, inst, 1)?;
                let block = self.generic_i8(st, inst, 2)?;
                let ret = self.result_ty(inst)?;
                let v = self.call_c(st, name, ret, vec![ndrange, invoke, block])?;
                self.define(st, inst, v);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Operand `i` as a generic `i8*` (the block literal).
    fn generic_i8(&mut self, st: &mut FnState, inst: &Instruction, i: usize) -> Result<ValueRef> {
        let v = self.op_value(st, inst, i)?;
        let v = self.generic_pointer(st, v)?;
        let generic = self.i8_ptr(4);
        self.cast(st, CastOp::BitCast, v, generic)
    }

    /// The invoke function of operand `i` as a generic `i8*`, as clang passes blocks.
    fn invoke_pointer(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
        i: usize,
    ) -> Result<ValueRef> {
        let f = self.op_value(st, inst, i)?;
        if !matches!(f, ValueRef::Function(_)) {
            return Err(self.err(format!("operand {i} is not a function")));
        }
        let private = self.i8_ptr(0);
        let f = self.cast(st, CastOp::BitCast, f, private)?;
        let generic = self.i8_ptr(4);
        self.cast(st, CastOp::AddrSpaceCast, f, generic)
    }

    /// The ND range of operand `i` as a `ndrange_t*`: llvm-spirv passes a pointer already; an
    /// OpBuildNDRange value (the SPIR-V rule) goes through a stack slot.
    fn ndrange_pointer(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
        i: usize,
    ) -> Result<ValueRef> {
        let v = self.op_value(st, inst, i)?;
        let t = self.type_of(st, v)?;
        if matches!(self.m.types.get(t), Type::Pointer { .. }) {
            return Ok(v);
        }
        let slot = self.entry_alloca(st, t);
        self.store(st, slot, v);
        Ok(slot)
    }

    fn store(&mut self, st: &mut FnState, ptr: ValueRef, value: ValueRef) {
        let void = self.m.types.void();
        self.emit(
            st,
            void,
            InstKind::Store {
                ptr,
                value,
                align: None,
                volatile: false,
                ordering: Default::default(),
                scope: Default::default(),
            },
        );
    }

    /// `&slot[0]` of an array slot.
    fn first_element(
        &mut self,
        st: &mut FnState,
        slot: ValueRef,
        array: TypeId,
        elem: TypeId,
    ) -> ValueRef {
        let zero = self.const_i32(0);
        let ty = self.m.types.pointer_to(Some(elem), 0);
        self.emit(
            st,
            ty,
            InstKind::Gep {
                source_ty: array,
                inbounds: true,
                base: slot,
                indices: vec![zero, zero],
            },
        )
    }

    /// A call with the C calling convention (the `__get_kernel_*_impl` functions clang
    /// declares without `spir_func`).
    fn call_c(
        &mut self,
        st: &mut FnState,
        name: &str,
        ret: TypeId,
        args: Vec<ValueRef>,
    ) -> Result<ValueRef> {
        let v = self.call_builtin(st, name, ret, args, false)?;
        if let Some(f) = self
            .declared
            .get(name)
            .and_then(|f| self.m.functions.get_mut(f.0 as usize))
        {
            f.cc = CallingConv::C;
        }
        if let ValueRef::Instruction(i) = v {
            if let Some(InstKind::Call { cc, .. }) =
                st.func.insts.get_mut(i.0 as usize).map(|x| &mut x.kind)
            {
                *cc = CallingConv::C;
            }
        }
        Ok(v)
    }

    /// OpBuildNDRange(global, local, offset) → `ndrange_ND(offset, global, local)` into a
    /// stack slot (the result is returned through `sret`), then loaded as the value.
    fn build_ndrange(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let ty = self.result_ty(inst)?;
        let size_t = self.size_t();
        let code = if self.addr64 { "m" } else { "j" };
        let mut args = Vec::with_capacity(4);
        let slot = self.entry_alloca(st, ty);
        args.push(slot);
        let first = self.op_value(st, inst, 0)?;
        let first_ty = self.type_of(st, first)?;
        let name = match self.m.types.get(first_ty).clone() {
            Type::Array { len, .. } => {
                let array = self.m.types.intern(Type::Array { len, elem: size_t });
                for i in [2, 0, 1] {
                    let v = self.op_value(st, inst, i)?;
                    let a = self.entry_alloca(st, array);
                    self.store(st, a, v);
                    let p = self.first_element(st, a, array, size_t);
                    args.push(p);
                }
                format!("_Z10ndrange_{len}DPK{code}S0_S0_")
            }
            _ => {
                for i in [2, 0, 1] {
                    let v = self.op_value(st, inst, i)?;
                    args.push(self.fit_int(st, v, size_t)?);
                }
                format!("_Z10ndrange_1D{code}{code}{code}")
            }
        };
        let void = self.m.types.void();
        let call = self.call_builtin(st, &name, void, args, false)?;
        // The first parameter is the returned struct, on the declaration and the call (LLVM's
        // reader wants the type at the call when the callee has it).
        let sret = vec![Attribute::Type("sret".into(), Some(ty))];
        if let Some(f) = self
            .declared
            .get(&name)
            .and_then(|f| self.m.functions.get_mut(f.0 as usize))
        {
            if f.attrs.params.is_empty() {
                std::sync::Arc::make_mut(&mut f.attrs)
                    .params
                    .push(sret.clone());
            }
        }
        if let ValueRef::Instruction(i) = call {
            if let Some(InstKind::Call { attrs, .. }) =
                st.func.insts.get_mut(i.0 as usize).map(|x| &mut x.kind)
            {
                std::sync::Arc::make_mut(attrs).params = vec![sret];
            }
        }
        let v = self.load_result_slot(st, ty, slot);
        self.define(st, inst, v);
        Ok(())
    }

    /// OpEnqueueKernel(queue, flags, ndrange, event count, wait events, returned event,
    /// invoke, block, block size, block alignment, local sizes...).
    fn enqueue_kernel(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let ret = self.result_ty(inst)?;
        let queue = self.op_value(st, inst, 0)?;
        let flags = self.op_value(st, inst, 1)?;
        let ndrange = self.ndrange_pointer(st, inst, 2)?;
        let is_null = |c: &Self, i: usize| {
            c.id_op(inst, i)
                .ok()
                .and_then(|id| c.def(id))
                .is_some_and(|d| d.opcode == Op::ConstantNull)
        };
        let no_events = is_null(self, 5)
            && self
                .id_op(inst, 3)
                .ok()
                .and_then(|id| self.constant_u64(id))
                == Some(0);
        let mut args = vec![queue, flags, ndrange];
        if !no_events {
            for i in 3..6 {
                args.push(self.op_value(st, inst, i)?);
            }
        }
        args.push(self.invoke_pointer(st, inst, 6)?);
        args.push(self.generic_i8(st, inst, 7)?);
        let locals = inst.operands.len().saturating_sub(10);
        if locals > 0 {
            let count = self.const_i32(locals as u32);
            args.push(count);
            let size_t = self.size_t();
            let first = self.op_value(st, inst, 10)?;
            let first_ty = self.type_of(st, first)?;
            let sizes = if matches!(self.m.types.get(first_ty), Type::Pointer { .. }) {
                // llvm-spirv passes a pointer to the array of sizes.
                let p = self.m.types.pointer_to(Some(size_t), 0);
                self.cast(st, CastOp::BitCast, first, p)?
            } else {
                let array = self.m.types.intern(Type::Array {
                    len: locals as u64,
                    elem: size_t,
                });
                let slot = self.entry_alloca(st, array);
                for (k, o) in inst.operands.iter().enumerate().skip(10) {
                    let Operand::Id(id) = o else {
                        return Err(self.err(format!("local size operand {k} is not an id")));
                    };
                    let v = self.operand(st, *id)?;
                    let v = self.fit_int(st, v, size_t)?;
                    let index = self.const_i32((k - 10) as u32);
                    let zero = self.const_i32(0);
                    let ptr_ty = self.m.types.pointer_to(Some(size_t), 0);
                    let p = self.emit(
                        st,
                        ptr_ty,
                        InstKind::Gep {
                            source_ty: array,
                            inbounds: true,
                            base: slot,
                            indices: vec![zero, index],
                        },
                    );
                    self.store(st, p, v);
                }
                self.first_element(st, slot, array, size_t)
            };
            args.push(sizes);
        }
        let name = match (no_events, locals > 0) {
            (true, false) => "__enqueue_kernel_basic",
            (false, false) => "__enqueue_kernel_basic_events",
            (true, true) => "__enqueue_kernel_varargs",
            (false, true) => "__enqueue_kernel_events_varargs",
        };
        let v = self.call_builtin(st, name, ret, args, false)?;
        self.define(st, inst, v);
        Ok(())
    }
}
