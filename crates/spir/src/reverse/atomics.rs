//! Atomics and fences as the OpenCL 2.0 built-ins (`atomic_fetch_add_explicit`,
//! `atomic_compare_exchange_strong_explicit`, `atomic_load_explicit`, `atomic_flag_*`,
//! `atomic_work_item_fence`, `work_group_barrier`), with the memory order and scope the
//! SPIR-V operands give. Under `--spirv-target-env=CL2.0` the atomic pointer is made generic
//! (the only overload OpenCL C 2.0 declares); under CL1.2 these names are used only for what
//! SPIR 1.2 has no name for (floating-point loads, stores, adds), on the pointer as it is.

use spirvkit_core::grammar::Op;
use spirvkit_core::Instruction;
use spirvkit_llvm::{BinaryOp, CastOp, ConstKind, InstKind, Type, TypeId, ValueRef};

use super::builtins::Sign;
use super::function::FnState;
use super::{Ctx, Result, TargetEnv};
use crate::mangle::{mangle, ParamType, Scalar};

/// The OpenCL C `memory_order` of SPIR-V memory semantics.
pub fn memory_order(semantics: u64) -> u32 {
    if semantics & 0x10 != 0 {
        5 // seq_cst
    } else if semantics & 0x8 != 0 || semantics & 0x6 == 0x6 {
        4 // acq_rel
    } else if semantics & 0x4 != 0 {
        3 // release
    } else if semantics & 0x2 != 0 {
        2 // acquire
    } else {
        0 // relaxed
    }
}

/// The OpenCL C `memory_scope` of a SPIR-V scope.
pub fn memory_scope(scope: u64) -> u32 {
    match scope {
        0 => 3, // CrossDevice → all_svm_devices
        1 => 2, // Device
        3 => 4, // Subgroup
        4 => 0, // Invocation → work_item
        _ => 1, // Workgroup
    }
}

/// `CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE | CLK_IMAGE_MEM_FENCE` from memory semantics.
pub fn fence_flags(semantics: u64) -> u32 {
    let mut f = 0;
    if semantics & 0x100 != 0 {
        f |= 1;
    }
    if semantics & 0x200 != 0 {
        f |= 2;
    }
    if semantics & 0x800 != 0 {
        f |= 4;
    }
    f
}

fn order_param() -> ParamType {
    ParamType::Named("memory_order".into())
}

fn scope_param() -> ParamType {
    ParamType::Named("memory_scope".into())
}

impl Ctx<'_> {
    pub fn const_operand(&mut self, st: &FnState, inst: &Instruction, i: usize) -> Result<u64> {
        let v = self.op_value(st, inst, i)?;
        self.m
            .constant_int(v)
            .ok_or_else(|| self.err(format!("operand {i} must be a constant")))
    }

    /// Whether the output uses the OpenCL 2.0 names and generic address space.
    pub fn cl20(&self) -> bool {
        self.opts.target == TargetEnv::Cl20
    }

    /// `ptr` in the generic address space (an addrspacecast keeping the pointee).
    pub fn generic_pointer(&mut self, st: &mut FnState, ptr: ValueRef) -> Result<ValueRef> {
        let pt = self.type_of(st, ptr)?;
        match self.m.types.get(pt).clone() {
            Type::Pointer { addrspace: 4, .. } => Ok(ptr),
            Type::Pointer { pointee, .. } => {
                let t = self.m.types.pointer_to(pointee, 4);
                self.cast(st, CastOp::AddrSpaceCast, ptr, t)
            }
            _ => Err(self.err("operand is not a pointer")),
        }
    }

    /// An `alloca` of `ty` at the top of the entry block (so a loop does not grow the stack).
    pub fn entry_alloca(&mut self, st: &mut FnState, ty: TypeId) -> ValueRef {
        let one = self.const_i32(1);
        let ptr_ty = self.m.types.pointer_to(Some(ty), 0);
        let id = spirvkit_llvm::InstId(st.func.insts.len() as u32);
        st.func.insts.push(spirvkit_llvm::Instruction {
            ty: ptr_ty,
            name: None,
            kind: InstKind::Alloca {
                allocated_ty: ty,
                count: one,
                align: None,
                addrspace: 0,
            },
            metadata: Vec::new(),
        });
        if let Some(b) = st.func.blocks.first_mut() {
            b.insts.insert(0, id);
        }
        ValueRef::Instruction(id)
    }

    fn store_plain(&mut self, st: &mut FnState, ptr: ValueRef, value: ValueRef) {
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

    /// The atomic pointer of an OpenCL 2.0 built-in: to `value_ty`, generic under CL2.0.
    fn atomic_pointer(
        &mut self,
        st: &mut FnState,
        ptr: ValueRef,
        value_ty: TypeId,
        sign: Sign,
    ) -> Result<(ValueRef, ParamType)> {
        let ptr = self.ptr_to(st, ptr, value_ty)?;
        let ptr = if self.cl20() {
            self.generic_pointer(st, ptr)?
        } else {
            ptr
        };
        let pt = self.type_of(st, ptr)?;
        let Type::Pointer { addrspace, .. } = self.m.types.get(pt).clone() else {
            return Err(self.err("atomic pointer is not a pointer"));
        };
        let param = ParamType::Pointer {
            addrspace,
            konst: false,
            volatile: true,
            pointee: Box::new(ParamType::Atomic(Box::new(
                self.param(value_ty, sign, false)?,
            ))),
        };
        Ok((ptr, param))
    }

    /// Whether the CL1.2 `atomic_*`/`atom_*` names cover this atomic (integers).
    pub fn has_cl12_atomic(&mut self, inst: &Instruction) -> Result<bool> {
        if matches!(inst.opcode, Op::AtomicFlagTestAndSet | Op::AtomicFlagClear) {
            return Ok(false);
        }
        // llvm-spirv's OpenCL 1.2 names for the floating-point read-modify-writes:
        // `atomic_add`/`atomic_min`/`atomic_max` on a volatile float pointer (the
        // cl_ext_float_atomics spelling), whatever the width.
        if matches!(
            inst.opcode,
            Op::AtomicFAddEXT | Op::AtomicFMinEXT | Op::AtomicFMaxEXT
        ) {
            return Ok(true);
        }
        let ty = match inst.opcode {
            Op::AtomicStore => {
                let id = self.id_op(inst, 3)?;
                match self.result_types.get(&id).copied() {
                    Some(t) => t,
                    None => match self.def(id).and_then(|d| d.result_type) {
                        Some(t) => t,
                        None => return Ok(true),
                    },
                }
            }
            _ => self.result_type(inst)?,
        };
        let t = self.ty(ty)?;
        Ok(matches!(self.m.types.get(t), Type::Int(_)) || inst.opcode == Op::AtomicExchange)
    }

    /// An atomic instruction as the OpenCL 2.0 `atomic_*_explicit` built-in.
    pub fn atomic_explicit(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let op = inst.opcode;
        let scope = self.const_operand(st, inst, 1)?;
        let sem = self.const_operand(st, inst, 2)?;
        let order = self.const_i32(memory_order(sem));
        let scope = self.const_i32(memory_scope(scope));
        let void = self.m.types.void();
        let ptr = self.op_value(st, inst, 0)?;
        if matches!(op, Op::AtomicFlagTestAndSet | Op::AtomicFlagClear) {
            let i32t = self.m.types.int(32);
            let (p, pp) = self.atomic_pointer(st, ptr, i32t, Sign::Signed)?;
            let (name, ret) = if op == Op::AtomicFlagClear {
                ("atomic_flag_clear_explicit", void)
            } else {
                let b = self.result_ty(inst)?;
                ("atomic_flag_test_and_set_explicit", b)
            };
            let mangled = mangle(name, &[pp, order_param(), scope_param()]);
            let v = self.call_builtin(st, &mangled, ret, vec![p, order, scope], false)?;
            if op != Op::AtomicFlagClear {
                self.define(st, inst, v);
            }
            return Ok(());
        }
        let value_ty = match op {
            Op::AtomicStore => {
                let v = self.op_value(st, inst, 3)?;
                self.type_of(st, v)?
            }
            _ => self.result_ty(inst)?,
        };
        let sign = match op {
            Op::AtomicUMin | Op::AtomicUMax => Sign::Unsigned,
            _ => Sign::Signed,
        };
        let (p, pp) = self.atomic_pointer(st, ptr, value_ty, sign)?;
        let vparam = self.param(value_ty, sign, false)?;
        if matches!(
            op,
            Op::AtomicCompareExchange | Op::AtomicCompareExchangeWeak
        ) {
            // The built-in takes the expected value by pointer and writes the old value
            // there when it fails: so the result is what that slot holds afterwards.
            let unequal = self.const_operand(st, inst, 3)?;
            let fail_order = self.const_i32(memory_order(unequal));
            let desired = self.op_value(st, inst, 4)?;
            let comparator = self.op_value(st, inst, 5)?;
            let slot = self.entry_alloca(st, value_ty);
            self.store_plain(st, slot, comparator);
            let expected = if self.cl20() {
                self.generic_pointer(st, slot)?
            } else {
                slot
            };
            let et = self.type_of(st, expected)?;
            let ep = self.param(et, sign, false)?;
            let name = if op == Op::AtomicCompareExchange {
                "atomic_compare_exchange_strong_explicit"
            } else {
                "atomic_compare_exchange_weak_explicit"
            };
            let mangled = mangle(
                name,
                &[pp, ep, vparam, order_param(), order_param(), scope_param()],
            );
            let b = self.m.types.int(1);
            self.call_builtin(
                st,
                &mangled,
                b,
                vec![p, expected, desired, order, fail_order, scope],
                false,
            )?;
            let v = self.load_result_slot(st, value_ty, slot);
            self.define(st, inst, v);
            return Ok(());
        }
        let (name, operand) = match op {
            Op::AtomicLoad => ("atomic_load_explicit", None),
            Op::AtomicStore => ("atomic_store_explicit", Some(3)),
            Op::AtomicExchange => ("atomic_exchange_explicit", Some(3)),
            Op::AtomicIAdd | Op::AtomicFAddEXT => ("atomic_fetch_add_explicit", Some(3)),
            Op::AtomicISub => ("atomic_fetch_sub_explicit", Some(3)),
            Op::AtomicIIncrement => ("atomic_fetch_add_explicit", None),
            Op::AtomicIDecrement => ("atomic_fetch_sub_explicit", None),
            Op::AtomicSMin | Op::AtomicUMin | Op::AtomicFMinEXT => {
                ("atomic_fetch_min_explicit", Some(3))
            }
            Op::AtomicSMax | Op::AtomicUMax | Op::AtomicFMaxEXT => {
                ("atomic_fetch_max_explicit", Some(3))
            }
            Op::AtomicAnd => ("atomic_fetch_and_explicit", Some(3)),
            Op::AtomicOr => ("atomic_fetch_or_explicit", Some(3)),
            Op::AtomicXor => ("atomic_fetch_xor_explicit", Some(3)),
            _ => return Err(self.err("not an atomic instruction")),
        };
        let mut args = vec![p];
        let mut params = vec![pp];
        match operand {
            Some(i) => {
                args.push(self.op_value(st, inst, i)?);
                params.push(vparam);
            }
            None if matches!(op, Op::AtomicIIncrement | Op::AtomicIDecrement) => {
                args.push(self.splat_const(value_ty, ConstKind::Int(1)));
                params.push(vparam);
            }
            None => {}
        }
        args.extend([order, scope]);
        params.extend([order_param(), scope_param()]);
        let ret = if op == Op::AtomicStore {
            void
        } else {
            value_ty
        };
        let v = self.call_builtin(st, &mangle(name, &params), ret, args, false)?;
        if op != Op::AtomicStore {
            self.define(st, inst, v);
        }
        Ok(())
    }

    /// OpAtomicFlagTestAndSet/Clear under CL1.2, where the flag is an `int`: an exchange
    /// with 1 (set, true when it was set before) or 0.
    pub fn atomic_flag_cl12(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let i32t = self.m.types.int(32);
        let ptr = self.op_value(st, inst, 0)?;
        let ptr = self.ptr_to(st, ptr, i32t)?;
        let set = inst.opcode == Op::AtomicFlagTestAndSet;
        let value = self.const_i32(u32::from(set));
        let pt = self.type_of(st, ptr)?;
        let Type::Pointer { addrspace, .. } = self.m.types.get(pt).clone() else {
            return Err(self.err("atomic pointer is not a pointer"));
        };
        let params = [
            ParamType::Pointer {
                addrspace,
                konst: false,
                volatile: true,
                pointee: Box::new(ParamType::Scalar(Scalar::Int)),
            },
            ParamType::Scalar(Scalar::Int),
        ];
        let old = self.call_builtin(
            st,
            &mangle("atomic_xchg", &params),
            i32t,
            vec![ptr, value],
            false,
        )?;
        if set {
            let zero = self.const_i32(0);
            let v = self.cmp(st, 33, old, zero)?; // icmp ne
            self.define(st, inst, v);
        }
        Ok(())
    }

    /// OpControlBarrier: `barrier` (CL1.2), `work_group_barrier` with its scope (CL2.0), or
    /// `sub_group_barrier` for a subgroup execution scope.
    pub fn control_barrier(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let exec = self.const_operand(st, inst, 0)?;
        let mem = self.const_operand(st, inst, 1)?;
        let sem = self.const_operand(st, inst, 2)?;
        let flags = self.const_i32(fence_flags(sem));
        let void = self.m.types.void();
        let uint = ParamType::Scalar(Scalar::UInt);
        let (name, args, params) = if exec == 3 {
            let scope = self.const_i32(memory_scope(mem));
            (
                "sub_group_barrier",
                vec![flags, scope],
                vec![uint, scope_param()],
            )
        } else if self.cl20() {
            let scope = self.const_i32(memory_scope(mem));
            (
                "work_group_barrier",
                vec![flags, scope],
                vec![uint, scope_param()],
            )
        } else {
            ("barrier", vec![flags], vec![uint])
        };
        self.call_builtin(st, &mangle(name, &params), void, args, false)?;
        Ok(())
    }

    /// SPV_INTEL_split_barrier's arrive/wait as the OpenCL C extension's built-ins:
    /// `intel_work_group_barrier_arrive(flags)` for CL1.2, with the memory scope after the
    /// flags for CL2.0 (as llvm-spirv's SPIRVToOCL12/20).
    pub fn split_barrier(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let mem = self.const_operand(st, inst, 1)?;
        let sem = self.const_operand(st, inst, 2)?;
        let mut args = vec![self.const_i32(fence_flags(sem))];
        let mut params = vec![ParamType::Scalar(Scalar::UInt)];
        if self.cl20() {
            args.push(self.const_i32(memory_scope(mem)));
            params.push(scope_param());
        }
        let name = if inst.opcode == Op::ControlBarrierArriveINTEL {
            "intel_work_group_barrier_arrive"
        } else {
            "intel_work_group_barrier_wait"
        };
        let void = self.m.types.void();
        self.call_builtin(st, &mangle(name, &params), void, args, false)?;
        Ok(())
    }

    /// OpMemoryBarrier under CL2.0: `atomic_work_item_fence(flags, order, scope)`.
    pub fn work_item_fence(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let scope = self.const_operand(st, inst, 0)?;
        let sem = self.const_operand(st, inst, 1)?;
        let flags = self.const_i32(fence_flags(sem));
        let order = self.const_i32(memory_order(sem));
        let scope = self.const_i32(memory_scope(scope));
        let void = self.m.types.void();
        let name = mangle(
            "atomic_work_item_fence",
            &[
                ParamType::Scalar(Scalar::UInt),
                order_param(),
                scope_param(),
            ],
        );
        self.call_builtin(st, &name, void, vec![flags, order, scope], false)?;
        Ok(())
    }

    /// OpGenericCastToPtrExplicit under CL2.0: `__to_global`/`__to_local`/`__to_private`
    /// (null when the generic pointer points elsewhere), on `i8` pointers as clang calls them.
    pub fn generic_cast_explicit(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let ty = self.result_ty(inst)?;
        let x = self.op_value(st, inst, 0)?;
        let (name, space) = match self.word_op(inst, 1)? {
            5 => ("__to_global", 1),
            4 => ("__to_local", 3),
            7 => ("__to_private", 0),
            other => {
                return Err(self.err(format!(
                    "storage class {other} is not Workgroup, CrossWorkgroup or Function"
                )))
            }
        };
        let from = self.i8_ptr(4);
        let to = self.i8_ptr(space);
        let x = self.generic_pointer(st, x)?;
        let x = self.cast(st, CastOp::BitCast, x, from)?;
        let v = self.call_builtin(st, name, to, vec![x], false)?;
        let v = self.cast(st, CastOp::BitCast, v, ty)?;
        self.define(st, inst, v);
        Ok(())
    }

    /// OpGenericPtrMemSemantics: `get_fence` of the generic pointer (as a `const void*`),
    /// whose `CLK_*_MEM_FENCE` flags are the memory semantics shifted right by 8.
    pub fn get_fence(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let ty = self.result_ty(inst)?;
        let x = self.op_value(st, inst, 0)?;
        let x = self.generic_pointer(st, x)?;
        let generic = self.i8_ptr(4);
        let x = self.cast(st, CastOp::BitCast, x, generic)?;
        let flags = self.call_builtin(st, "_Z9get_fencePU3AS4Kv", ty, vec![x], false)?;
        let eight = self.const_int(ty, 8);
        let v = self.binary(st, ty, BinaryOp::Shl, flags, eight);
        self.define(st, inst, v);
        Ok(())
    }
}
