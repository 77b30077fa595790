//! Function bodies: blocks, the instruction dispatch, control flow, calls, phis (patched
//! once every value of the function exists, since phis may refer forward).

use spirvkit_core::fasthash::FxHashMap;

use spirvkit_core::grammar::Op;
use spirvkit_core::{Function, Id, Instruction, Operand};
use spirvkit_llvm as llvm;
use spirvkit_llvm::{BlockId, InstId, InstKind, TypeId, ValueRef};

use super::{Ctx, Result};

/// What a SPIR-V id stands for inside a function besides an LLVM value.
#[derive(Debug, Clone, Copy)]
pub enum Local {
    Value(ValueRef),
    /// A pointer into a built-in input variable (`GlobalInvocationId`), optionally to one
    /// component.
    Builtin(u32, Option<ValueRef>),
}

pub struct FnState {
    pub func: llvm::Function,
    pub locals: FxHashMap<Id, Local>,
    pub blocks: FxHashMap<Id, BlockId>,
    pub current: BlockId,
    /// (phi, [(value id, block id)]) to fill at the end.
    pub phis: Vec<(InstId, Vec<(Id, Id)>)>,
    /// Scope and line for `!dbg` locations (`debug_info/body.rs`).
    pub debug: super::debug_info::BodyState,
    /// Loop headers' controls, turned into `!llvm.loop` once every branch exists.
    pub loop_headers: Vec<super::loop_metadata::LoopHeader>,
}

impl FnState {
    pub fn value_type(&self, m: &llvm::Module, v: ValueRef) -> Option<TypeId> {
        m.value_type_in(&self.func, v)
    }
}

impl Ctx<'_> {
    pub fn function_body(&mut self, f: &Function, mut offset: usize) -> Result<()> {
        let id = f.id();
        let fid = *self
            .functions
            .get(&id)
            .ok_or_else(|| self.err("function was not declared"))?;
        let Some(template) = self.m.functions.get_mut(fid.0 as usize) else {
            return Err(self.err("function was not declared"));
        };
        let mut func = std::mem::replace(
            template,
            llvm::Function {
                args: Vec::new(),
                ..template.clone()
            },
        );
        let count: usize = f.blocks.iter().map(|b| b.instructions.len()).sum();
        func.insts.reserve(count);
        let mut st = FnState {
            func,
            locals: FxHashMap::with_capacity_and_hasher(
                f.blocks.iter().map(|b| b.instructions.len()).sum::<usize>() + f.parameters.len(),
                Default::default(),
            ),
            blocks: FxHashMap::default(),
            current: BlockId(0),
            phis: Vec::new(),
            debug: Default::default(),
            loop_headers: Vec::new(),
        };
        st.debug.subprogram = self.debug.function_subprograms.get(&fid).copied();
        for (i, p) in f.parameters.iter().enumerate() {
            if let Some(pid) = p.result_id {
                st.locals
                    .insert(pid, Local::Value(ValueRef::Argument(i as u32)));
            }
        }
        for (i, b) in f.blocks.iter().enumerate() {
            st.blocks.insert(b.id(), BlockId(i as u32));
            let name = self.name(b.id()).map(|s| s.to_string());
            st.func.blocks.push(llvm::BasicBlock {
                name,
                insts: Vec::new(),
            });
        }
        offset += f.def.word_count();
        for p in &f.parameters {
            offset += p.word_count();
        }
        for (i, b) in f.blocks.iter().enumerate() {
            st.current = BlockId(i as u32);
            offset += b.label.word_count();
            st.debug.start_block();
            for inst in &b.instructions {
                self.offset = offset;
                self.opcode = inst.opcode;
                if !self.debug_body_instruction(&mut st, inst) {
                    let first = st.func.insts.len();
                    self.instruction(&mut st, inst)?;
                    self.attach_location(&mut st, first);
                    self.attach_result_decorations(&mut st, inst);
                }
                offset += inst.word_count();
            }
        }
        // Phi operands, now that every value exists.
        for (phi, incoming) in std::mem::take(&mut st.phis) {
            let mut list = Vec::with_capacity(incoming.len());
            for (v, b) in incoming {
                let value = self.operand(&st, v)?;
                let block = *st
                    .blocks
                    .get(&b)
                    .ok_or_else(|| self.err(format!("phi names %{}, which is not a block", b.0)))?;
                list.push((value, block));
            }
            if let Some(i) = st.func.insts.get_mut(phi.0 as usize) {
                i.kind = InstKind::Phi { incoming: list };
            }
        }
        self.attach_loop_metadata(&mut st);
        st.func.insts.shrink_to_fit();
        if let Some(slot) = self.m.functions.get_mut(fid.0 as usize) {
            *slot = st.func;
        }
        Ok(())
    }

    /// The LLVM value of an operand id inside a function.
    pub fn operand(&mut self, st: &FnState, id: Id) -> Result<ValueRef> {
        match st.locals.get(&id) {
            Some(Local::Value(v)) => Ok(*v),
            Some(Local::Builtin(..)) => Err(self.err(format!(
                "%{} points into a built-in variable and is used other than by a load",
                id.0
            ))),
            None => self.value(id),
        }
    }

    /// Loads what a built-in call left in its `sret` slot (a plain, non-atomic load).
    pub fn load_result_slot(&mut self, st: &mut FnState, ty: TypeId, slot: ValueRef) -> ValueRef {
        self.emit(
            st,
            ty,
            InstKind::Load {
                ptr: slot,
                align: None,
                volatile: false,
                ordering: Default::default(),
                scope: Default::default(),
            },
        )
    }

    /// Appends an instruction to the current block; its value.
    pub fn emit(&mut self, st: &mut FnState, ty: TypeId, kind: InstKind) -> ValueRef {
        let id = InstId(st.func.insts.len() as u32);
        st.func.insts.push(llvm::Instruction {
            ty,
            name: None,
            kind,
            metadata: Vec::new(),
        });
        if let Some(b) = st.func.blocks.get_mut(st.current.0 as usize) {
            b.insts.push(id);
        }
        ValueRef::Instruction(id)
    }

    /// Records `value` as the result of `inst`, naming it after OpName.
    pub fn define(&mut self, st: &mut FnState, inst: &Instruction, value: ValueRef) {
        let Some(r) = inst.result_id else { return };
        if let (ValueRef::Instruction(i), Some(name)) = (value, self.name(r)) {
            if let Some(x) = st.func.insts.get_mut(i.0 as usize) {
                if x.name.is_none() {
                    x.name = Some(name.to_string());
                }
            }
        }
        st.locals.insert(r, Local::Value(value));
    }

    pub fn block(&self, st: &FnState, id: Id) -> Result<BlockId> {
        st.blocks
            .get(&id)
            .copied()
            .ok_or_else(|| self.err(format!("%{} is not a block of this function", id.0)))
    }

    pub fn op_value(&mut self, st: &FnState, inst: &Instruction, i: usize) -> Result<ValueRef> {
        let id = self.id_op(inst, i)?;
        self.operand(st, id)
    }

    pub fn result_ty(&mut self, inst: &Instruction) -> Result<TypeId> {
        let t = self.result_type(inst)?;
        self.ty(t)
    }

    pub fn type_of(&self, st: &FnState, v: ValueRef) -> Result<TypeId> {
        st.value_type(&self.m, v)
            .ok_or_else(|| self.err("operand has no type"))
    }

    fn instruction(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let void = self.m.types.void();
        match inst.opcode {
            Op::Nop
            | Op::Line
            | Op::NoLine
            | Op::SelectionMerge
            | Op::Name
            | Op::Decorate
            | Op::ExecutionMode => {}
            Op::LoopMerge => self.record_loop_control(st, inst, 2),
            Op::LoopControlINTEL => self.record_loop_control(st, inst, 0),
            Op::Return => {
                self.emit(st, void, InstKind::Ret { value: None });
            }
            Op::ReturnValue => {
                let v = self.op_value(st, inst, 0)?;
                self.emit(st, void, InstKind::Ret { value: Some(v) });
            }
            Op::Unreachable => {
                self.emit(st, void, InstKind::Unreachable);
            }
            Op::Branch => {
                let target = self.block(st, self.id_op(inst, 0)?)?;
                self.emit(st, void, InstKind::Br { target });
            }
            Op::BranchConditional => {
                let cond = self.op_value(st, inst, 0)?;
                let then_block = self.block(st, self.id_op(inst, 1)?)?;
                let else_block = self.block(st, self.id_op(inst, 2)?)?;
                let branch = self.emit(
                    st,
                    void,
                    InstKind::CondBr {
                        cond,
                        then_block,
                        else_block,
                    },
                );
                self.attach_branch_weights(st, inst, branch);
            }
            Op::Switch => self.switch(st, inst)?,
            Op::Phi => {
                let ty = self.result_ty(inst)?;
                let mut incoming = Vec::new();
                let ops: Vec<Id> = inst.operands.iter().filter_map(Operand::id).collect();
                for pair in ops.chunks(2) {
                    if let [v, b] = pair {
                        incoming.push((*v, *b));
                    }
                }
                let v = self.emit(
                    st,
                    ty,
                    InstKind::Phi {
                        incoming: Vec::new(),
                    },
                );
                if let ValueRef::Instruction(i) = v {
                    st.phis.push((i, incoming));
                }
                self.define(st, inst, v);
            }
            Op::FunctionCall => {
                let callee_id = self.id_op(inst, 0)?;
                let fid = *self
                    .functions
                    .get(&callee_id)
                    .ok_or_else(|| self.err(format!("%{} is not a function", callee_id.0)))?;
                let mut args = Vec::new();
                for i in 1..inst.operands.len() {
                    args.push(self.op_value(st, inst, i)?);
                }
                // The call takes the callee's attributes (llvm-spirv's setAttrByCalledFunc):
                // `byval(T)` / `sret(T)` arguments are copies and results at the call too.
                let (fn_ty, cc, attrs) = match self.m.functions.get(fid.0 as usize) {
                    Some(f) => (f.fn_ty, f.cc, f.attrs.clone()),
                    None => return Err(self.err("callee missing")),
                };
                let ret = self.result_ty(inst)?;
                let fast_math = self.fast_math_of_fp_result(inst, ret);
                let v = self.emit(
                    st,
                    ret,
                    InstKind::Call {
                        callee: ValueRef::Function(fid),
                        fn_ty,
                        args,
                        cc,
                        tail: Default::default(),
                        attrs,
                        fast_math,
                    },
                );
                self.define(st, inst, v);
            }
            Op::FunctionPointerCallINTEL => self.function_pointer_call(st, inst)?,
            Op::CopyObject | Op::ExpectKHR => {
                let v = self.op_value(st, inst, 0)?;
                self.define(st, inst, v);
            }
            Op::AssumeTrueKHR | Op::LifetimeStart | Op::LifetimeStop => {}
            Op::Undef => {
                let ty = self.result_ty(inst)?;
                let v = self.push_const(ty, llvm::ConstKind::Undef);
                self.define(st, inst, v);
            }
            Op::ExtInst | Op::ExtInstWithForwardRefsKHR
                if inst
                    .operands
                    .first()
                    .and_then(Operand::id)
                    .is_some_and(|set| self.ignored_sets.contains(&set)) => {}
            Op::ExtInst => self.ext_inst(st, inst)?,
            _ => {
                if !((self.spv_ir() && self.spv_ir_instruction(st, inst)?)
                    || self.narrow_conversion(st, inst)?
                    || self.cooperative_matrix_instruction(st, inst)?
                    || self.arith(st, inst)?
                    || self.poison_freeze_instruction(st, inst)?
                    || self.abort_instruction(st, inst)?
                    || self.convert(st, inst)?
                    || self.memory(st, inst)?
                    || self.sync(st, inst)?
                    || self.group(st, inst)?
                    || self.pipe(st, inst)?
                    || self.enqueue(st, inst)?
                    || self.builtin_instruction(st, inst)?
                    || self.extension_instruction_call(st, inst)?)
                {
                    return Err(self.err("no SPIR 1.2 form for this instruction"));
                }
            }
        }
        Ok(())
    }

    fn switch(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let value = self.op_value(st, inst, 0)?;
        let ty = self.type_of(st, value)?;
        let wide = self.int_width(ty) > 32;
        let default = self.block(st, self.id_op(inst, 1)?)?;
        let mut cases = Vec::new();
        let mut i = 2;
        while i < inst.operands.len() {
            let lo = self.word_op(inst, i)? as u64;
            let v = if wide {
                i += 1;
                lo | (self.word_op(inst, i)? as u64) << 32
            } else {
                lo
            };
            i += 1;
            let target = self.block(st, self.id_op(inst, i)?)?;
            i += 1;
            let c = self.const_int(ty, v);
            cases.push((c, target));
        }
        let void = self.m.types.void();
        self.emit(
            st,
            void,
            InstKind::Switch {
                value,
                default,
                cases,
            },
        );
        Ok(())
    }

    /// A call to a built-in declared on first use (`spir_func`, nounwind).
    /// SPV_INTEL_function_pointers' OpFunctionPointerCallINTEL: an indirect `spir_func` call
    /// of the pointer operand, its ArgumentAttributeINTEL decorations as the call's parameter
    /// attributes (as llvm-spirv reads them).
    fn function_pointer_call(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let callee = self.op_value(st, inst, 0)?;
        let mut args = Vec::new();
        let mut params = Vec::new();
        for i in 1..inst.operands.len() {
            let a = self.op_value(st, inst, i)?;
            params.push(self.type_of(st, a)?);
            args.push(a);
        }
        let ret = self.result_ty(inst)?;
        let fn_ty = self.m.types.intern(llvm::Type::Function {
            ret,
            params,
            vararg: false,
        });
        let mut attrs = llvm::AttributeList::default();
        if let Some(r) = inst.result_id {
            for d in self.decorations(r).iter().filter(|d| d.kind == 6409) {
                let (Some(&index), Some(&attr)) = (d.args.first(), d.args.get(1)) else {
                    continue;
                };
                let Some(flag) = super::values::parameter_attribute(attr) else {
                    continue;
                };
                let index = index as usize;
                if index >= args.len() {
                    continue;
                }
                if attrs.params.len() <= index {
                    attrs.params.resize(index + 1, Vec::new());
                }
                attrs.params[index].push(llvm::Attribute::Flag(flag.into()));
            }
        }
        let v = self.emit(
            st,
            ret,
            InstKind::Call {
                callee,
                fn_ty,
                args,
                cc: llvm::CallingConv::SPIR_FUNC,
                tail: Default::default(),
                attrs: std::sync::Arc::new(attrs),
                fast_math: 0,
            },
        );
        self.define(st, inst, v);
        Ok(())
    }

    /// Make the built-in call `call` (from [`Self::call_builtin`]) and its declaration use
    /// the C calling convention (llvm-spirv's reader writes some built-ins so).
    pub fn call_with_c_convention(&mut self, st: &mut FnState, call: ValueRef) {
        let ValueRef::Instruction(i) = call else {
            return;
        };
        let callee = match st.func.insts.get_mut(i.0 as usize).map(|x| &mut x.kind) {
            Some(InstKind::Call { cc, callee, .. }) => {
                *cc = llvm::CallingConv::C;
                *callee
            }
            _ => return,
        };
        if let ValueRef::Function(f) = callee {
            if let Some(f) = self.m.functions.get_mut(f.0 as usize) {
                f.cc = llvm::CallingConv::C;
            }
        }
    }

    pub fn call_builtin(
        &mut self,
        st: &mut FnState,
        name: &str,
        ret: TypeId,
        args: Vec<ValueRef>,
        vararg: bool,
    ) -> Result<ValueRef> {
        let mut params = Vec::with_capacity(args.len());
        for a in &args {
            params.push(self.type_of(st, *a)?);
        }
        if vararg {
            params.truncate(1);
        }
        let fn_ty = self.m.types.intern(llvm::Type::Function {
            ret,
            params,
            vararg,
        });
        let fid = match self.declared.get(name) {
            Some(f) => *f,
            None => {
                let fid = llvm::FuncId(self.m.functions.len() as u32);
                let ptr = self.m.types.pointer_to(Some(fn_ty), 0);
                let attrs = self.nounwind_attrs.clone();
                let params = self
                    .m
                    .types
                    .function_signature(fn_ty)
                    .map(|(_, p, _)| p.to_vec())
                    .unwrap_or_default();
                let args = params
                    .iter()
                    .map(|t| llvm::Argument { name: None, ty: *t })
                    .collect();
                self.m.functions.push(llvm::Function {
                    // Intrinsics (`llvm.memcpy`) and variadic functions use the C convention.
                    cc: if vararg || name.starts_with("llvm.") {
                        llvm::CallingConv::C
                    } else {
                        llvm::CallingConv::SPIR_FUNC
                    },
                    attrs,
                    ..llvm::Function::declaration(name.to_owned(), fn_ty, ptr, args)
                });
                self.declared.insert(name.to_owned(), fid);
                fid
            }
        };
        let (fn_ty, cc) = match self.m.functions.get(fid.0 as usize) {
            Some(f) => (f.fn_ty, f.cc),
            None => (fn_ty, llvm::CallingConv::SPIR_FUNC),
        };
        // The call carries the declaration's `nounwind`, as llvm-spirv's built-in calls do
        // (`call ... #N` in its CHECK lines).
        let attrs = self.nounwind_attrs.clone();
        Ok(self.emit(
            st,
            ret,
            InstKind::Call {
                callee: ValueRef::Function(fid),
                fn_ty,
                args,
                cc,
                tail: Default::default(),
                attrs,
                fast_math: 0,
            },
        ))
    }
}
