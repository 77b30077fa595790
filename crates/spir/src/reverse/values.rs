//! Module-level values: constants (spec constants at their default or `--spec-const`
//! value, OpSpecConstantOp as constant expressions), samplers, global variables, function
//! declarations.

use spirvkit_core::grammar::Op;
use spirvkit_core::{Function, Id, Instruction, Operand};
use spirvkit_llvm as llvm;
use spirvkit_llvm::{
    Argument, AttributeList, CallingConv, ConstExpr, ConstKind, Constant, GlobalVar, Linkage, Type,
    ValueRef,
};

use super::{Ctx, Result};

impl Ctx<'_> {
    pub fn push_const(&mut self, ty: llvm::TypeId, kind: ConstKind) -> ValueRef {
        let id = llvm::ConstId(self.m.constants.len() as u32);
        self.m.constants.push(Constant { ty, kind });
        ValueRef::Constant(id)
    }

    pub fn const_int(&mut self, ty: llvm::TypeId, v: u64) -> ValueRef {
        self.push_const(ty, ConstKind::Int(v))
    }

    pub fn const_i32(&mut self, v: u32) -> ValueRef {
        let t = self.m.types.int(32);
        self.const_int(t, v as u64)
    }

    /// One global instruction: constants, variables; everything else is indexed already.
    pub fn global(&mut self, inst: &Instruction) -> Result<()> {
        let Some(id) = inst.result_id else {
            return Ok(());
        };
        let value = match inst.opcode {
            Op::Constant | Op::SpecConstant => {
                let ty = self.ty(self.result_type(inst)?)?;
                let bits = self.constant_u64(id).unwrap_or(0);
                let kind = match self.m.types.get(ty) {
                    // Wider than 64 bits: every literal word, as LLVM's 64-bit chunks.
                    Type::Int(w) if *w > 64 && inst.opcode == Op::Constant => {
                        let words: Vec<u32> =
                            inst.operands.iter().filter_map(Operand::word).collect();
                        ConstKind::WideInt(
                            words
                                .chunks(2)
                                .map(|c| {
                                    u64::from(c[0])
                                        | u64::from(c.get(1).copied().unwrap_or(0)) << 32
                                })
                                .collect(),
                        )
                    }
                    Type::Int(w) => ConstKind::Int(mask(bits, *w)),
                    Type::Half | Type::BFloat => ConstKind::Float(bits & 0xffff),
                    Type::Float => ConstKind::Float(bits & 0xffff_ffff),
                    _ => ConstKind::Float(bits),
                };
                self.push_const(ty, kind)
            }
            Op::ConstantTrue | Op::ConstantFalse | Op::SpecConstantTrue | Op::SpecConstantFalse => {
                let ty = self.ty(self.result_type(inst)?)?;
                let mut v = matches!(inst.opcode, Op::ConstantTrue | Op::SpecConstantTrue) as u64;
                if matches!(inst.opcode, Op::SpecConstantTrue | Op::SpecConstantFalse) {
                    if let Some(x) = self
                        .decoration(id, 1)
                        .and_then(|d| d.args.first())
                        .and_then(|s| self.opts.spec_constants.get(s))
                    {
                        v = (*x != 0) as u64;
                    }
                }
                self.push_const(ty, ConstKind::Int(v))
            }
            Op::ConstantNull => {
                let ty = self.ty(self.result_type(inst)?)?;
                self.push_const(ty, ConstKind::Null)
            }
            Op::Undef => {
                let ty = self.ty(self.result_type(inst)?)?;
                self.push_const(ty, ConstKind::Undef)
            }
            Op::PoisonKHR => {
                let ty = self.ty(self.result_type(inst)?)?;
                self.push_const(ty, ConstKind::Poison)
            }
            Op::ConstantComposite | Op::SpecConstantComposite => {
                let ty = self.ty(self.result_type(inst)?)?;
                let mut elems = Vec::new();
                for e in inst.operands.iter().filter_map(Operand::id) {
                    elems.push(self.value(e)?);
                }
                self.push_const(ty, ConstKind::Aggregate(elems))
            }
            Op::ConstantSampler => {
                let addressing = self.word_op(inst, 0)?;
                let normalized = self.word_op(inst, 1)?;
                let filter = self.word_op(inst, 2)?;
                let bits = (addressing * 2) | normalized | if filter == 1 { 0x20 } else { 0x10 };
                self.const_i32(bits)
            }
            Op::SpecConstantOp => {
                if let Some(component) = self.builtin_component_pointer(inst) {
                    self.builtin_component_pointers.insert(id, component);
                    return Ok(());
                }
                self.spec_constant_op(inst)?
            }
            Op::Variable | Op::UntypedVariableKHR => {
                if self.builtin_vars.contains_key(&id) {
                    return Ok(());
                }
                self.global_variable(inst, id)?
            }
            _ => return Ok(()),
        };
        self.values.insert(id, value);
        Ok(())
    }

    pub fn result_type(&self, inst: &Instruction) -> Result<Id> {
        inst.result_type
            .ok_or_else(|| self.err("instruction has no result type"))
    }

    fn global_variable(&mut self, inst: &Instruction, id: Id) -> Result<ValueRef> {
        let ptr_ty = self.ty(self.result_type(inst)?)?;
        let sc = self.word_op(inst, 0)?;
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
        let init_index = if untyped { 2 } else { 1 };
        let initializer = match inst.operands.get(init_index).and_then(Operand::id) {
            Some(i) => Some(self.value(i)?),
            None => None,
        };
        let builtin = self.builtin_globals.get(&id).copied();
        let addrspace = match builtin {
            // SPV-IR's address space of the Input storage class.
            Some(_) => super::types::SPV_IR_INPUT_ADDRSPACE,
            None => super::types::addrspace(sc),
        };
        let ty = self.m.types.pointer_to(Some(value_ty), addrspace);
        let linkage = match (self.linkage(id), builtin) {
            (Some(l), _) => l,
            (None, Some(_)) => Linkage::External,
            (None, None) if sc == 4 => Linkage::Internal,
            (None, None) => Linkage::Private,
        };
        let is_constant = self.decoration(id, 22).is_some() || sc == 0 || builtin.is_some();
        let align = self
            .decoration(id, 44)
            .and_then(|d| d.args.first())
            .map(|a| *a as u64);
        let name = match builtin {
            // The name is what makes it a built-in for LLVM consumers (and for the forward
            // direction), whatever OpName the producer gave.
            Some(b) => self.spv_ir_builtin_name(b)?,
            None => self
                .linkage_name(id)
                .or_else(|| self.name(id).map(|s| s.to_string()))
                .unwrap_or_default(),
        };
        let initializer = if sc == 4 && initializer.is_none() {
            Some(self.push_const(value_ty, ConstKind::Undef))
        } else {
            initializer
        };
        let g = llvm::GlobalId(self.m.globals.len() as u32);
        self.m.globals.push(GlobalVar {
            name,
            value_ty,
            ty,
            addrspace,
            is_constant,
            initializer,
            linkage,
            visibility: Default::default(),
            unnamed_addr: Default::default(),
            thread_local: 0,
            align,
            section: None,
            externally_initialized: false,
            dso_local: false,
            attachments: Vec::new(),
            attrs: Vec::new(),
        });
        Ok(ValueRef::Global(g))
    }

    /// LinkageAttributes: Export → external, Import → external declaration, LinkOnceODR,
    /// SPV_AMD_weak_linkage's WeakAMD (3) → `weak`; before them a linkage kept as
    /// UserSemantic "linkage:<keyword>" when the option reads it.
    fn linkage(&self, id: Id) -> Option<Linkage> {
        if let Some(&l) = self.linkage_semantics.get(&id) {
            return Some(l);
        }
        let d = self.decoration(id, 41)?;
        match d.args.last() {
            Some(2) => Some(Linkage::LinkOnceOdr),
            Some(3) => Some(Linkage::Weak),
            _ => Some(Linkage::External),
        }
    }

    pub(super) fn linkage_name(&self, id: Id) -> Option<String> {
        self.linkage_names.get(&id).map(|s| s.to_string())
    }

    /// A module-level value by id.
    pub fn value(&mut self, id: Id) -> Result<ValueRef> {
        if let Some(v) = self.values.get(&id) {
            return Ok(*v);
        }
        if let Some(f) = self.functions.get(&id) {
            return Ok(ValueRef::Function(*f));
        }
        // SPV_INTEL_function_pointers: OpConstantFunctionPointerINTEL comes before the
        // function it names is declared, so it is resolved on use: the function itself
        // (llvm-spirv's reading; LLVM function values are already pointers).
        if let Some(def) = self
            .def(id)
            .filter(|d| d.opcode == Op::ConstantFunctionPointerINTEL)
        {
            let callee = def.operands.first().and_then(Operand::id);
            if let Some(f) = callee.and_then(|c| self.functions.get(&c)) {
                let v = ValueRef::Function(*f);
                self.values.insert(id, v);
                return Ok(v);
            }
        }
        // Constants used before their definition (OpConstantComposite of a later constant
        // cannot happen; spec-constant ops may refer to each other in order).
        Err(self.err(format!("%{} is used but has no LLVM value", id.0)))
    }

    /// The built-in variable and component an OpSpecConstantOp pointer designates, when it
    /// is a Bitcast or a constant (PtrAccessChain / AccessChain) into one: built-in variables
    /// are read through calls and have no LLVM value to take the address of.
    fn builtin_component_pointer(&self, inst: &Instruction) -> Option<(u32, u32)> {
        let opcode = Op(inst.operands.first()?.word()? as _);
        let base = inst.operands.get(1)?.id()?;
        let (builtin, component) = match self.builtin_vars.get(&base) {
            Some(&b) => (b, 0),
            None => *self.builtin_component_pointers.get(&base)?,
        };
        match opcode {
            Op::Bitcast => Some((builtin, component)),
            Op::PtrAccessChain | Op::InBoundsPtrAccessChain if inst.operands.len() == 3 => {
                // `Element` counts the result's pointee: a byte offset for `i8*`.
                let element = self.constant_u64(inst.operands.get(2)?.id()?)?;
                let step = self.pointee_bytes(inst.result_type?)?;
                let component_bytes = self.builtin_component_bytes(base)?;
                let offset = element.checked_mul(step)?;
                if offset % component_bytes != 0 {
                    return None;
                }
                let c = u64::from(component).checked_add(offset / component_bytes)?;
                Some((builtin, u32::try_from(c).ok()?))
            }
            Op::AccessChain | Op::InBoundsAccessChain
                if inst.operands.len() == 3 && self.builtin_vars.contains_key(&base) =>
            {
                let index = self.constant_u64(inst.operands.get(2)?.id()?)?;
                Some((builtin, u32::try_from(index).ok()?))
            }
            _ => None,
        }
    }

    /// The byte size of the scalar (or vector component) a pointer type points to.
    fn pointee_bytes(&self, pointer_type: Id) -> Option<u64> {
        let pointer = self.def(pointer_type)?;
        if pointer.opcode != Op::TypePointer {
            return None;
        }
        self.scalar_bytes(pointer.operands.get(1)?.id()?)
    }

    /// The byte size of a scalar type or of a vector type's component.
    fn scalar_bytes(&self, ty: Id) -> Option<u64> {
        let def = self.def(ty)?;
        match def.opcode {
            Op::TypeInt | Op::TypeFloat => {
                Some(u64::from(def.operands.first()?.word()?).div_ceil(8))
            }
            Op::TypeVector => self.scalar_bytes(def.operands.first()?.id()?),
            _ => None,
        }
    }

    /// The byte size of a component of the built-in variable (or component pointer) `id`.
    fn builtin_component_bytes(&self, id: Id) -> Option<u64> {
        match self.def(id)? {
            d if d.opcode == Op::SpecConstantOp => {
                let base = d.operands.get(1)?.id()?;
                self.builtin_component_bytes(base)
            }
            d => self.pointee_bytes(d.result_type?).filter(|&b| b > 0),
        }
    }

    fn spec_constant_op(&mut self, inst: &Instruction) -> Result<ValueRef> {
        let ty = self.ty(self.result_type(inst)?)?;
        let opcode = Op(self.word_op(inst, 0)? as _);
        let mut args = Vec::new();
        for o in inst.operands.iter().skip(1) {
            if let Operand::Id(i) = o {
                args.push(self.value(*i)?);
            }
        }
        let a = |i: usize| args.get(i).copied();
        let bin = |op| -> Option<ConstKind> {
            Some(ConstKind::Expr(ConstExpr::Binary {
                op,
                lhs: a(0)?,
                rhs: a(1)?,
                flags: 0,
            }))
        };
        use llvm::BinaryOp as B;
        let kind = match opcode {
            Op::IAdd => bin(B::Add),
            Op::ISub => bin(B::Sub),
            Op::IMul => bin(B::Mul),
            Op::UDiv => bin(B::UDiv),
            Op::SDiv => bin(B::SDiv),
            Op::UMod => bin(B::URem),
            Op::SRem => bin(B::SRem),
            Op::ShiftLeftLogical => bin(B::Shl),
            Op::ShiftRightLogical => bin(B::LShr),
            Op::ShiftRightArithmetic => bin(B::AShr),
            Op::BitwiseAnd | Op::LogicalAnd => bin(B::And),
            Op::BitwiseOr | Op::LogicalOr => bin(B::Or),
            Op::BitwiseXor | Op::LogicalNotEqual => bin(B::Xor),
            Op::FAdd => bin(B::FAdd),
            Op::FSub => bin(B::FSub),
            Op::FMul => bin(B::FMul),
            Op::FDiv => bin(B::FDiv),
            Op::Select => Some(ConstKind::Expr(ConstExpr::Select {
                cond: a(0).ok_or_else(|| self.err("select without operands"))?,
                then_value: a(1).ok_or_else(|| self.err("select without operands"))?,
                else_value: a(2).ok_or_else(|| self.err("select without operands"))?,
            })),
            Op::UConvert | Op::SConvert => {
                let v = a(0).ok_or_else(|| self.err("conversion without operand"))?;
                let from = self.m.value_type(v).map(|t| self.int_width(t)).unwrap_or(0);
                let to = self.int_width(ty);
                let op = if to < from {
                    llvm::CastOp::Trunc
                } else if opcode == Op::SConvert {
                    llvm::CastOp::SExt
                } else {
                    llvm::CastOp::ZExt
                };
                Some(ConstKind::Expr(ConstExpr::Cast { op, value: v }))
            }
            Op::IEqual
            | Op::INotEqual
            | Op::ULessThan
            | Op::SLessThan
            | Op::UGreaterThan
            | Op::SGreaterThan
            | Op::ULessThanEqual
            | Op::SLessThanEqual
            | Op::UGreaterThanEqual
            | Op::SGreaterThanEqual => {
                let pred = super::arith::int_predicate(opcode).unwrap_or(32);
                Some(ConstKind::Expr(ConstExpr::Cmp {
                    pred: llvm::CmpPredicate(pred),
                    lhs: a(0).ok_or_else(|| self.err("compare without operands"))?,
                    rhs: a(1).ok_or_else(|| self.err("compare without operands"))?,
                }))
            }
            Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain => {
                let base = a(0).ok_or_else(|| self.err("access chain without a base"))?;
                let base_ty = self
                    .m
                    .value_type(base)
                    .ok_or_else(|| self.err("access chain base has no type"))?;
                let source_ty = self
                    .m
                    .types
                    .pointee(base_ty)
                    .ok_or_else(|| self.err("access chain base is not a pointer"))?;
                let mut indices = Vec::new();
                if matches!(opcode, Op::AccessChain | Op::InBoundsAccessChain) {
                    indices.push(self.const_i32(0));
                }
                indices.extend(args.iter().skip(1).copied());
                let mut typed = Vec::new();
                for i in &indices {
                    let t = self
                        .m
                        .value_type(*i)
                        .ok_or_else(|| self.err("index has no type"))?;
                    typed.push((*i, t));
                }
                let gep_ty = self
                    .m
                    .gep_result_type(source_ty, base_ty, &typed, false)
                    .map_err(|e| self.err(e))?;
                let gep = self.push_const(
                    gep_ty,
                    ConstKind::Expr(ConstExpr::Gep {
                        source_ty,
                        inbounds: matches!(
                            opcode,
                            Op::InBoundsAccessChain | Op::InBoundsPtrAccessChain
                        ),
                        base,
                        indices,
                    }),
                );
                if gep_ty == ty {
                    return Ok(gep);
                }
                Some(ConstKind::Expr(ConstExpr::Cast {
                    op: llvm::CastOp::BitCast,
                    value: gep,
                }))
            }
            Op::Bitcast
            | Op::ConvertPtrToU
            | Op::ConvertUToPtr
            | Op::PtrCastToGeneric
            | Op::GenericCastToPtr => {
                let v = a(0).ok_or_else(|| self.err("conversion without operand"))?;
                let op = match opcode {
                    Op::ConvertPtrToU => llvm::CastOp::PtrToInt,
                    Op::ConvertUToPtr => llvm::CastOp::IntToPtr,
                    Op::Bitcast => llvm::CastOp::BitCast,
                    _ => llvm::CastOp::AddrSpaceCast,
                };
                Some(ConstKind::Expr(ConstExpr::Cast { op, value: v }))
            }
            _ => None,
        };
        let kind = kind.ok_or_else(|| {
            self.err(format!(
                "OpSpecConstantOp {} has no constant-expression form",
                super::op_name(opcode)
            ))
        })?;
        Ok(self.push_const(ty, kind))
    }

    /// Declares every SPIR-V function (bodies come later, so calls can go forward).
    pub fn declare_function(&mut self, f: &Function) -> Result<()> {
        let id = f.id();
        let fn_ty_id = self.id_op(&f.def, 1)?;
        let fn_ty = self.ty(fn_ty_id)?;
        let kernel = self.entry_points.get(&id).cloned();
        let name = kernel
            .clone()
            .or_else(|| self.function_renames.get(&id).cloned())
            .or_else(|| self.linkage_name(id))
            .or_else(|| self.name(id).map(|s| s.to_string()))
            .unwrap_or_default();
        let (_, params, _) = self
            .m
            .types
            .function_signature(fn_ty)
            .map(|(r, p, v)| (r, p.to_vec(), v))
            .ok_or_else(|| self.err("function type is not a function"))?;
        let mut args = Vec::new();
        let mut attrs = AttributeList::default();
        for (i, p) in f.parameters.iter().enumerate() {
            let pid = p.result_id;
            args.push(Argument {
                name: pid.and_then(|p| self.name(p)).map(|s| s.to_string()),
                ty: params.get(i).copied().unwrap_or(fn_ty),
            });
            if let Some(pid) = pid {
                let list = self.param_attributes(pid);
                if !list.is_empty() {
                    attrs.params.resize(i + 1, Vec::new());
                    if let Some(slot) = attrs.params.get_mut(i) {
                        *slot = list;
                    }
                }
            }
        }
        attrs
            .function
            .push(llvm::Attribute::Flag("nounwind".into()));
        let control = self.word_op(&f.def, 0).unwrap_or(0);
        if control & 1 != 0 {
            attrs
                .function
                .push(llvm::Attribute::Flag("alwaysinline".into()));
        }
        // OptNoneEXT (SPV_EXT/INTEL_optnone) is `optnone`, which LLVM accepts only with
        // `noinline`.
        let optnone = control & 0x1_0000 != 0;
        if control & 2 != 0 || optnone {
            attrs
                .function
                .push(llvm::Attribute::Flag("noinline".into()));
        }
        if optnone {
            attrs.function.push(llvm::Attribute::Flag("optnone".into()));
        }
        if control & 4 != 0 {
            attrs
                .function
                .push(llvm::Attribute::Flag("readnone".into()));
        } else if control & 8 != 0 {
            attrs
                .function
                .push(llvm::Attribute::Flag("readonly".into()));
        }
        let fid = llvm::FuncId(self.m.functions.len() as u32);
        let ptr = self.m.types.pointer_to(Some(fn_ty), 0);
        self.m.functions.push(llvm::Function {
            cc: if kernel.is_some() {
                CallingConv::SPIR_KERNEL
            } else {
                CallingConv::SPIR_FUNC
            },
            linkage: if f.blocks.is_empty() || kernel.is_some() {
                Linkage::External
            } else {
                self.linkage(id).unwrap_or(Linkage::External)
            },
            // The common list (`nounwind` alone) is the shared one.
            attrs: if attrs == *self.nounwind_attrs {
                self.nounwind_attrs.clone()
            } else {
                std::sync::Arc::new(attrs)
            },
            ..llvm::Function::declaration(name, fn_ty, ptr, args)
        });
        self.functions.insert(id, fid);
        Ok(())
    }

    /// FuncParamAttr and Alignment decorations of a parameter as LLVM attributes.
    fn param_attributes(&self, p: Id) -> Vec<llvm::Attribute> {
        let mut out = Vec::new();
        for d in self.decorations(p) {
            let flag = match (d.kind, d.args.first()) {
                (38, Some(&a)) => parameter_attribute(a),
                (19, _) => Some("noalias"), // Restrict
                _ => None,
            };
            if let Some(f) = flag {
                out.push(llvm::Attribute::Flag(f.into()));
            }
            if d.kind == 44 {
                if let Some(a) = d.args.first() {
                    out.push(llvm::Attribute::Int("align".into(), *a as u64));
                }
            }
        }
        out
    }
}

/// The LLVM attribute of a FunctionParameterAttribute (FuncParamAttr decorations, and
/// SPV_INTEL_function_pointers' ArgumentAttributeINTEL on indirect calls).
pub(super) fn parameter_attribute(attr: u32) -> Option<&'static str> {
    Some(match attr {
        0 => "zeroext",
        1 => "signext",
        2 => "byval",
        3 => "sret",
        4 => "noalias",
        5 => "nocapture",
        6 => "readonly",
        7 => "readnone",
        _ => return None,
    })
}

/// The low `width` bits of `v`.
pub fn mask(v: u64, width: u32) -> u64 {
    if width >= 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    }
}
