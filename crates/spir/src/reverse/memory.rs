//! Memory: variables, loads and stores (Volatile/Aligned), access chains as GEPs, copies.
//! Untyped pointers are `i8*` values: cast to the accessed type where they are used.

use spirvkit_core::grammar::Op;
use spirvkit_core::{Instruction, Operand};
use spirvkit_llvm as llvm;
use spirvkit_llvm::{CastOp, InstKind, Type, TypeId, ValueRef};

use super::function::{FnState, Local};
use super::{Ctx, Result};

impl Ctx<'_> {
    /// `ptr` as a pointer to `pointee` (a bitcast when it points to something else).
    pub fn ptr_to(&mut self, st: &mut FnState, ptr: ValueRef, pointee: TypeId) -> Result<ValueRef> {
        let pt = self.type_of(st, ptr)?;
        match self.m.types.get(pt).clone() {
            Type::Pointer {
                pointee: Some(p),
                addrspace,
            } => {
                if p == pointee {
                    Ok(ptr)
                } else {
                    let t = self.m.types.pointer_to(Some(pointee), addrspace);
                    self.cast(st, CastOp::BitCast, ptr, t)
                }
            }
            _ => Err(self.err("operand is not a pointer")),
        }
    }

    fn memory_access(&self, inst: &Instruction, at: usize) -> (bool, Option<u64>) {
        let mask = inst.operands.get(at).and_then(Operand::word).unwrap_or(0);
        let volatile = mask & 1 != 0;
        let align = if mask & 2 != 0 {
            inst.operands
                .get(at + 1)
                .and_then(Operand::word)
                .map(u64::from)
        } else {
            None
        };
        (volatile, align)
    }

    /// The alignment a load, store or alloca of `ty` without an `Aligned` operand gets: LLVM's
    /// ABI alignment under the output's data layout, for integers, floats, pointers and
    /// vectors of them; other types keep none (the LLVM reader then assumes the same).
    fn natural_align(&self, ty: TypeId) -> Option<u64> {
        let scalar = |t: TypeId| {
            matches!(
                self.m.types.get(t),
                Type::Int(_)
                    | Type::Half
                    | Type::BFloat
                    | Type::Float
                    | Type::Double
                    | Type::Pointer { .. }
            )
        };
        let sized = match self.m.types.get(ty) {
            Type::Vector { elem, .. } => scalar(*elem),
            _ => scalar(ty),
        };
        if sized {
            self.layout.abi_align(&self.m.types, ty)
        } else {
            None
        }
    }

    pub fn memory(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        match inst.opcode {
            Op::Variable | Op::UntypedVariableKHR => {
                let ptr_ty = self.result_ty(inst)?;
                let untyped = inst.opcode == Op::UntypedVariableKHR;
                let value_ty = if untyped {
                    let t = self.id_op(inst, 1)?;
                    self.ty(t)?
                } else {
                    self.m
                        .types
                        .pointee(ptr_ty)
                        .ok_or_else(|| self.err("variable type is not a pointer"))?
                };
                let one = self.const_i32(1);
                let align = inst
                    .result_id
                    .and_then(|r| self.decoration(r, 44))
                    .and_then(|d| d.args.first())
                    .map(|a| *a as u64)
                    .or_else(|| self.natural_align(value_ty));
                let alloca_ty = self.m.types.pointer_to(Some(value_ty), 0);
                let v = self.emit(
                    st,
                    alloca_ty,
                    InstKind::Alloca {
                        allocated_ty: value_ty,
                        count: one,
                        align,
                        addrspace: 0,
                    },
                );
                let init_at = if untyped { 2 } else { 1 };
                if let Some(init) = inst.operands.get(init_at).and_then(Operand::id) {
                    let value = self.operand(st, init)?;
                    let void = self.m.types.void();
                    self.emit(
                        st,
                        void,
                        InstKind::Store {
                            ptr: v,
                            value,
                            align,
                            volatile: false,
                            ordering: Default::default(),
                            scope: Default::default(),
                        },
                    );
                }
                let v = self.cast(st, CastOp::BitCast, v, ptr_ty)?;
                self.define(st, inst, v);
            }
            Op::Load => {
                let ty = self.result_ty(inst)?;
                let pid = self.id_op(inst, 0)?;
                if let Some(b) = self.builtin_pointer(st, pid) {
                    let v = self.read_builtin(st, b.0, b.1, ty)?;
                    self.define(st, inst, v);
                    return Ok(true);
                }
                let ptr = self.operand(st, pid)?;
                let ptr = self.ptr_to(st, ptr, ty)?;
                let (volatile, align) = self.memory_access(inst, 1);
                let align = align.or_else(|| self.natural_align(ty));
                let v = self.emit(
                    st,
                    ty,
                    InstKind::Load {
                        ptr,
                        align,
                        volatile,
                        ordering: Default::default(),
                        scope: Default::default(),
                    },
                );
                self.define(st, inst, v);
            }
            Op::Store => {
                let ptr = self.op_value(st, inst, 0)?;
                let value = self.op_value(st, inst, 1)?;
                let vt = self.type_of(st, value)?;
                let ptr = self.ptr_to(st, ptr, vt)?;
                let (volatile, align) = self.memory_access(inst, 2);
                let align = align.or_else(|| self.natural_align(vt));
                let void = self.m.types.void();
                self.emit(
                    st,
                    void,
                    InstKind::Store {
                        ptr,
                        value,
                        align,
                        volatile,
                        ordering: Default::default(),
                        scope: Default::default(),
                    },
                );
            }
            Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain => {
                let ptr_chain =
                    matches!(inst.opcode, Op::PtrAccessChain | Op::InBoundsPtrAccessChain);
                let base_id = self.id_op(inst, 0)?;
                if let Some(&b) = self.builtin_vars.get(&base_id) {
                    // GlobalInvocationId[i]: the component, read when loaded.
                    let at = if ptr_chain { 2 } else { 1 };
                    let index = match inst.operands.get(at).and_then(Operand::id) {
                        Some(i) => Some(self.operand(st, i)?),
                        None => None,
                    };
                    if let Some(r) = inst.result_id {
                        st.locals.insert(r, Local::Builtin(b, index));
                    }
                    return Ok(true);
                }
                let base = self.operand(st, base_id)?;
                let bt = self.type_of(st, base)?;
                let source = self
                    .m
                    .types
                    .pointee(bt)
                    .ok_or_else(|| self.err("access chain base is not a pointer"))?;
                let v = self.gep(st, inst, base, source, 1, ptr_chain)?;
                self.define(st, inst, v);
            }
            Op::UntypedAccessChainKHR
            | Op::UntypedInBoundsAccessChainKHR
            | Op::UntypedPtrAccessChainKHR
            | Op::UntypedInBoundsPtrAccessChainKHR => {
                let ptr_chain = matches!(
                    inst.opcode,
                    Op::UntypedPtrAccessChainKHR | Op::UntypedInBoundsPtrAccessChainKHR
                );
                let base_ty_id = self.id_op(inst, 0)?;
                let base_id = self.id_op(inst, 1)?;
                if let Some(&b) = self.builtin_vars.get(&base_id) {
                    let at = if ptr_chain { 3 } else { 2 };
                    let index = match inst.operands.get(at).and_then(Operand::id) {
                        Some(i) => Some(self.operand(st, i)?),
                        None => None,
                    };
                    if let Some(r) = inst.result_id {
                        st.locals.insert(r, Local::Builtin(b, index));
                    }
                    return Ok(true);
                }
                let source = self.ty(base_ty_id)?;
                let base = self.operand(st, base_id)?;
                let base = self.ptr_to(st, base, source)?;
                let v = self.gep(st, inst, base, source, 2, ptr_chain)?;
                self.define(st, inst, v);
            }
            Op::CopyMemorySized => {
                let dst = self.op_value(st, inst, 0)?;
                let src = self.op_value(st, inst, 1)?;
                let size = self.op_value(st, inst, 2)?;
                let (volatile, align) = self.memory_access(inst, 3);
                let i8 = self.m.types.int(8);
                let dst = self.ptr_to(st, dst, i8)?;
                let src = self.ptr_to(st, src, i8)?;
                let space = |c: &Self, st: &FnState, v| -> u32 {
                    match st.value_type(&c.m, v).map(|t| c.m.types.get(t)) {
                        Some(Type::Pointer { addrspace, .. }) => *addrspace,
                        _ => 0,
                    }
                };
                let (da, sa) = (space(self, st, dst), space(self, st, src));
                let size_ty = self.type_of(st, size)?;
                let w = self.int_width(size_ty);
                let i1 = self.m.types.int(1);
                let vol = self.const_int(i1, volatile as u64);
                let void = self.m.types.void();
                let name = format!("llvm.memcpy.p{da}i8.p{sa}i8.i{w}");
                let call = self.call_builtin(st, &name, void, vec![dst, src, size, vol], false)?;
                // The Aligned memory operand is both pointers' alignment, as llvm-spirv
                // writes it back: `align N` on the destination and source arguments.
                if let (Some(a), ValueRef::Instruction(i)) = (align, call) {
                    if let Some(InstKind::Call { attrs, .. }) =
                        st.func.insts.get_mut(i.0 as usize).map(|x| &mut x.kind)
                    {
                        let aligned = vec![llvm::Attribute::Int("align".into(), a)];
                        std::sync::Arc::make_mut(attrs).params = vec![aligned.clone(), aligned];
                    }
                }
            }
            Op::CopyMemory => {
                let dst = self.op_value(st, inst, 0)?;
                let src = self.op_value(st, inst, 1)?;
                let st_ty = self.type_of(st, src)?;
                let ty = self
                    .m
                    .types
                    .pointee(st_ty)
                    .ok_or_else(|| self.err("copy source is not a pointer"))?;
                let (volatile, align) = self.memory_access(inst, 2);
                let v = self.emit(
                    st,
                    ty,
                    InstKind::Load {
                        ptr: src,
                        align,
                        volatile,
                        ordering: Default::default(),
                        scope: Default::default(),
                    },
                );
                let dst = self.ptr_to(st, dst, ty)?;
                let void = self.m.types.void();
                self.emit(
                    st,
                    void,
                    InstKind::Store {
                        ptr: dst,
                        value: v,
                        align,
                        volatile,
                        ordering: Default::default(),
                        scope: Default::default(),
                    },
                );
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn builtin_pointer(
        &mut self,
        st: &FnState,
        id: spirvkit_core::Id,
    ) -> Option<(u32, Option<ValueRef>)> {
        if let Some(&b) = self.builtin_vars.get(&id) {
            return Some((b, None));
        }
        if let Some(&(b, component)) = self.builtin_component_pointers.get(&id) {
            return Some((b, Some(self.const_i32(component))));
        }
        match st.locals.get(&id) {
            Some(Local::Builtin(b, i)) => Some((*b, *i)),
            _ => None,
        }
    }

    /// A GEP over `base` (a pointer to `source`) with the chain's indices from operand
    /// `first`; cast to the instruction's result type when that differs.
    fn gep(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
        base: ValueRef,
        source: TypeId,
        first: usize,
        ptr_chain: bool,
    ) -> Result<ValueRef> {
        let mut indices = Vec::new();
        if !ptr_chain {
            let z = self.const_i32(0);
            indices.push(z);
        }
        let mut current = source;
        for (n, i) in (first..inst.operands.len()).enumerate() {
            let mut v = self.op_value(st, inst, i)?;
            let is_element = ptr_chain && n == 0;
            if !is_element {
                if let Type::Named(_) | Type::Struct { .. } = self.m.types.get(current) {
                    // Struct indices are i32 constants.
                    let idx = self.m.constant_int(v).unwrap_or(0);
                    v = self.const_i32(idx as u32);
                    current = self.m.types.element(current, idx).unwrap_or(current);
                } else {
                    current = self.m.types.element(current, 0).unwrap_or(current);
                }
            }
            indices.push(v);
        }
        let bt = self.type_of(st, base)?;
        let mut typed = Vec::with_capacity(indices.len());
        for v in &indices {
            typed.push((*v, self.type_of(st, *v)?));
        }
        let ty = self
            .m
            .gep_result_type(source, bt, &typed, false)
            .map_err(|e| self.err(e))?;
        let inbounds = matches!(
            inst.opcode,
            Op::InBoundsAccessChain
                | Op::InBoundsPtrAccessChain
                | Op::UntypedInBoundsAccessChainKHR
                | Op::UntypedInBoundsPtrAccessChainKHR
        );
        let v = self.emit(
            st,
            ty,
            InstKind::Gep {
                source_ty: source,
                inbounds,
                base,
                indices,
            },
        );
        let want = self.result_ty(inst)?;
        self.cast(st, CastOp::BitCast, v, want)
    }
}
