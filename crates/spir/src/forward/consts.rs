//! Constants and constant expressions. Everything here is emitted at module scope:
//! constant expressions become OpSpecConstantOp (the Kernel capability allows the pointer
//! and conversion opcodes there), so they can be used anywhere, phi operands included.

use crate::error::{malformed, unsupported, Result};
use crate::forward::translator::Translator;
use llvm::{ConstExpr, ConstKind, Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

impl<'m> Translator<'m> {
    /// The value of an integer constant (`null` of an integer type is 0).
    pub fn const_int(&self, v: ValueRef) -> Option<u64> {
        let ValueRef::Constant(c) = v else {
            return None;
        };
        let c = self.m.constant(c)?;
        match c.kind {
            ConstKind::Int(n) => Some(n),
            ConstKind::Null if matches!(self.m.types.get(c.ty), Type::Int(_)) => Some(0),
            _ => None,
        }
    }

    /// Whether `v` is a zero constant as LLVM canonicalizes them to `zeroinitializer`: integer
    /// 0, floating-point +0.0, `null`, or an aggregate of such (`<i32 0, i32 0>` written out).
    fn is_zero_constant(&self, v: ValueRef, depth: u32) -> bool {
        let ValueRef::Constant(c) = v else {
            return false;
        };
        let Some(c) = self.m.constant(c) else {
            return false;
        };
        match &c.kind {
            ConstKind::Int(0) | ConstKind::Float(0) | ConstKind::Null => true,
            ConstKind::Aggregate(elems) if depth < 8 => {
                elems.iter().all(|&e| self.is_zero_constant(e, depth + 1))
            }
            _ => false,
        }
    }

    pub fn is_undef(&self, v: ValueRef) -> bool {
        matches!(v, ValueRef::Constant(c) if matches!(self.m.constant(c).map(|c| &c.kind), Some(ConstKind::Undef | ConstKind::Poison)))
    }

    /// A module-scope value: constant, global variable or (unsupported) function address.
    pub fn const_value(&mut self, v: ValueRef, location: &str) -> Result<Id> {
        match v {
            ValueRef::Constant(c) => self.constant(c, location),
            ValueRef::Global(g) => self.global_id(g, location),
            ValueRef::Function(f) => match self.callees.get(f.0 as usize) {
                Some(_) => match self.block_invoke_address(f, location)? {
                    Some(null) => Ok(null),
                    None => self.function_address(f, location),
                },
                None => Err(malformed(location, "reference to a missing function")),
            },
            // SPIR-V has no aliases: a use of one is a use of what it names.
            ValueRef::Alias(a) => {
                let aliasee = self.resolve_alias(a, location)?;
                self.const_value(aliasee, location)
            }
            other => Err(malformed(location, format!("{other:?} used as a constant"))),
        }
    }

    /// What alias `a` names, through chains of aliases; a cycle is malformed.
    pub fn resolve_alias(&self, a: llvm::AliasId, location: &str) -> Result<ValueRef> {
        let mut at = a;
        for _ in 0..=self.m.aliases.len() {
            let alias = self
                .m
                .aliases
                .get(at.0 as usize)
                .ok_or_else(|| malformed(location, format!("missing alias #{}", at.0)))?;
            match alias.aliasee {
                ValueRef::Alias(next) => at = next,
                v => return Ok(v),
            }
        }
        Err(malformed(location, "a cycle of global aliases"))
    }

    pub fn constant(&mut self, c: llvm::ConstId, location: &str) -> Result<Id> {
        if let Some(&id) = self.consts.get(&c) {
            return Ok(id);
        }
        let constant = self
            .m
            .constant(c)
            .ok_or_else(|| malformed(location, format!("missing constant #{}", c.0)))?
            .clone();
        let id = self.nested(location, |t| t.lower_constant(&constant, location))?;
        if !self.id_types.contains_key(&id) && self.m.types.is_pointer(constant.ty) {
            let ty = self.ty(constant.ty, location)?;
            self.note_type(id, ty);
        }
        self.consts.insert(c, id);
        Ok(id)
    }

    /// An integer or float constant of `ty` from raw bits.
    /// LLVM's null value of `ty` as llvm-spirv writes it: OpConstantFalse, a zero OpConstant
    /// for the other scalars, OpConstantNull for the rest.
    pub fn null_constant(&mut self, ty: llvm::TypeId, location: &str) -> Result<Id> {
        let ty_id = self.ty(ty, location)?;
        Ok(match self.m.types.get(ty) {
            Type::Int(1) => self.b.dedup_global(Op::ConstantFalse, Some(ty_id), vec![]),
            Type::Int(_) | Type::Half | Type::BFloat | Type::Float | Type::Double => {
                self.scalar_constant(ty, 0, location)?
            }
            _ => self.b.dedup_global(Op::ConstantNull, Some(ty_id), vec![]),
        })
    }

    pub fn scalar_constant(&mut self, ty: llvm::TypeId, bits: u64, location: &str) -> Result<Id> {
        let ty_id = self.ty(ty, location)?;
        Ok(match self.scalar_literal(ty, bits) {
            Some(words) => self.b.dedup_global(Op::Constant, Some(ty_id), words),
            None => {
                let op = if bits & 1 == 1 {
                    Op::ConstantTrue
                } else {
                    Op::ConstantFalse
                };
                self.b.dedup_global(op, Some(ty_id), vec![])
            }
        })
    }

    /// The literal words (low word first) of a scalar of LLVM type `ty` holding `bits`, as
    /// OpConstant / OpSpecConstant take them; None for `i1`, which has no literal form.
    pub fn scalar_literal(&self, ty: llvm::TypeId, bits: u64) -> Option<Vec<Operand>> {
        let wide = |v: u64| vec![Operand::Word(v as u32), Operand::Word((v >> 32) as u32)];
        let mask = |w: u32| 1u64.checked_shl(w).map_or(u64::MAX, |m| m - 1);
        Some(match self.m.types.get(ty) {
            Type::Int(1) => return None,
            Type::Int(64) | Type::Double => wide(bits),
            Type::Int(w) if *w > 64 => {
                crate::forward::arbitrary_integers::wide_literal(*w, &[bits])
                    .into_iter()
                    .map(Operand::Word)
                    .collect()
            }
            // Odd widths (`arbitrary_integers.rs`): the value masked to the LLVM width.
            Type::Int(w) if *w > 32 => wide(bits & mask(*w)),
            Type::Int(w) if *w < 32 => vec![Operand::Word((bits & mask(*w)) as u32)],
            Type::Half | Type::BFloat => vec![Operand::Word((bits & 0xffff) as u32)],
            _ => vec![Operand::Word(bits as u32)],
        })
    }

    fn lower_constant(&mut self, c: &llvm::Constant, location: &str) -> Result<Id> {
        let ty = c.ty;
        match &c.kind {
            ConstKind::Int(v) => self.scalar_constant(ty, *v, location),
            ConstKind::Float(bits) => self.scalar_constant(ty, *bits, location),
            ConstKind::Null => self.null_constant(ty, location),
            ConstKind::Poison => {
                let ty_id = self.ty(ty, location)?;
                match crate::forward::poison_freeze::poison(self, ty_id) {
                    Some(poison) => Ok(poison),
                    None => Ok(self.b.dedup_global(Op::Undef, Some(ty_id), vec![])),
                }
            }
            ConstKind::Undef => {
                let ty_id = self.ty(ty, location)?;
                Ok(self.b.dedup_global(Op::Undef, Some(ty_id), vec![]))
            }
            ConstKind::Aggregate(elems) if self.is_single_vector(ty) => match elems.as_slice() {
                [e] => self.const_value(*e, location),
                _ => Err(malformed(
                    location,
                    "a <1 x T> constant without one element",
                )),
            },
            ConstKind::Aggregate(elems)
                if !elems.is_empty() && elems.iter().all(|&e| self.is_zero_constant(e, 0)) =>
            {
                // LLVM itself makes an all-zero aggregate `zeroinitializer` (llvm-as does), so
                // it is OpConstantNull as llvm-spirv writes it, however the text spelled it.
                let ty_id = self.ty(ty, location)?;
                Ok(self.b.dedup_global(Op::ConstantNull, Some(ty_id), vec![]))
            }
            ConstKind::Aggregate(elems) => {
                let ty_id = self.ty(ty, location)?;
                let mut ops = Vec::with_capacity(elems.len());
                for &e in elems {
                    // Opaque-pointer members have their LLVM type's default pointer type.
                    let member = self
                        .m
                        .value_type(e)
                        .filter(|&et| crate::forward::pointee::is_opaque_pointer(self.m, et));
                    let id = match member {
                        Some(et) => {
                            let wanted = self.ty(et, location)?;
                            self.const_as(e, wanted, location)?
                        }
                        None => self.const_value(e, location)?,
                    };
                    let id = self.as_composite_constituent(e, id, location)?;
                    ops.push(Operand::Id(id));
                }
                crate::forward::long_composites::check(
                    self,
                    Op::ConstantComposite,
                    ops.len(),
                    "a constant",
                    location,
                )?;
                Ok(self.b.dedup_global(Op::ConstantComposite, Some(ty_id), ops))
            }
            ConstKind::String(bytes) => {
                let data: Vec<u64> = bytes.iter().map(|&b| u64::from(b)).collect();
                self.data_constant(ty, &data, location)
            }
            ConstKind::Data(values) => self.data_constant(ty, values, location),
            ConstKind::Expr(expr) => self.const_expr(ty, expr, location),
            ConstKind::WideInt(chunks) => match self.m.types.get(ty) {
                &Type::Int(width) if width > 64 => {
                    let ty_id = self.ty(ty, location)?;
                    let words = crate::forward::arbitrary_integers::wide_literal(width, chunks);
                    Ok(self.b.dedup_global(
                        Op::Constant,
                        Some(ty_id),
                        words.into_iter().map(Operand::Word).collect(),
                    ))
                }
                _ => Err(unsupported(location, "a wide constant of a narrow type")),
            },
            ConstKind::WideFloat(_) => Err(unsupported(location, "a float wider than 64 bits")),
            ConstKind::BlockAddress { .. } => Err(unsupported(location, "blockaddress")),
            ConstKind::InlineAsm(_) => Err(unsupported(location, "inline assembly")),
        }
    }

    /// A composite constituent must be a constant: a variable's own address (an untyped
    /// pointer needs no cast to the member type) becomes an OpSpecConstantOp Bitcast to its
    /// own type, the constant form of the same address.
    fn as_composite_constituent(&mut self, e: ValueRef, id: Id, location: &str) -> Result<Id> {
        let e = match e {
            ValueRef::Alias(a) => self.resolve_alias(a, location)?,
            other => other,
        };
        let ValueRef::Global(g) = e else {
            return Ok(id);
        };
        if self.global_id(g, location)? != id {
            return Ok(id);
        }
        let Some(&ty) = self.id_types.get(&id) else {
            return Ok(id);
        };
        let cast = self.b.dedup_global(
            Op::SpecConstantOp,
            Some(ty),
            vec![Operand::Word(u32::from(Op::Bitcast.0)), Operand::Id(id)],
        );
        self.note_type(cast, ty);
        Ok(cast)
    }

    /// An array or vector of simple elements (`c"..."`, ConstantDataArray/Vector).
    fn data_constant(&mut self, ty: llvm::TypeId, values: &[u64], location: &str) -> Result<Id> {
        let ty_id = self.ty(ty, location)?;
        let elem = self
            .m
            .types
            .element(ty, 0)
            .ok_or_else(|| malformed(location, "data constant of a non-sequence type"))?;
        if let (true, [v]) = (self.is_single_vector(ty), values) {
            return self.scalar_constant(elem, *v, location);
        }
        let mut ops = Vec::with_capacity(values.len());
        for &v in values {
            ops.push(Operand::Id(self.scalar_constant(elem, v, location)?));
        }
        crate::forward::long_composites::check(
            self,
            Op::ConstantComposite,
            ops.len(),
            "a constant",
            location,
        )?;
        Ok(self.b.dedup_global(Op::ConstantComposite, Some(ty_id), ops))
    }

    fn const_expr(&mut self, ty: llvm::TypeId, expr: &ConstExpr, location: &str) -> Result<Id> {
        if crate::forward::pointee::is_opaque_pointer(self.m, ty) {
            if let Some(id) = self.opaque_pointer_expr(ty, expr, location)? {
                return Ok(id);
            }
        }
        let ty_id = self.ty(ty, location)?;
        let spec_op = |t: &mut Self, op: Op, ops: Vec<Id>| -> Id {
            let mut operands = vec![Operand::Word(u32::from(op.0))];
            operands.extend(ops.into_iter().map(Operand::Id));
            t.b.dedup_global(Op::SpecConstantOp, Some(ty_id), operands)
        };
        match expr {
            ConstExpr::Gep {
                inbounds,
                base,
                indices,
                source_ty,
            } if self.untyped_allowed() => {
                let base_id = self.const_value(*base, location)?;
                let addrspace = self
                    .m
                    .value_type(*base)
                    .map_or(0, |bt| crate::forward::ptrtypes::addrspace_of(self.m, bt));
                self.const_gep(addrspace, *source_ty, *inbounds, base_id, indices, location)
            }
            ConstExpr::Gep {
                inbounds,
                base,
                indices,
                ..
            } => {
                let mut ops = vec![self.const_value(*base, location)?];
                for &i in indices {
                    ops.push(self.index_constant(i, location)?);
                }
                let op = if *inbounds {
                    Op::InBoundsPtrAccessChain
                } else {
                    Op::PtrAccessChain
                };
                Ok(spec_op(self, op, ops))
            }
            // A block literal's invoke field (see `block_literal_init`).
            ConstExpr::Cast { value, .. }
                if self.block_literal_init && matches!(value, ValueRef::Function(_)) =>
            {
                let ptr = self.ty(ty, location)?;
                Ok(self.b.dedup_global(Op::ConstantNull, Some(ptr), vec![]))
            }
            ConstExpr::Cast { op, value } => {
                if *op == llvm::CastOp::BitCast {
                    if let Some(id) = self.pipe_storage_cast(ty, *value, location)? {
                        return Ok(id);
                    }
                }
                let v = self.const_value(*value, location)?;
                let opcode = match op {
                    llvm::CastOp::BitCast => Op::Bitcast,
                    llvm::CastOp::PtrToInt => Op::ConvertPtrToU,
                    llvm::CastOp::IntToPtr => Op::ConvertUToPtr,
                    llvm::CastOp::AddrSpaceCast => {
                        let to_generic =
                            matches!(self.m.types.get(ty), Type::Pointer { addrspace: 4, .. });
                        if to_generic {
                            Op::PtrCastToGeneric
                        } else {
                            Op::GenericCastToPtr
                        }
                    }
                    llvm::CastOp::Trunc | llvm::CastOp::ZExt => Op::UConvert,
                    llvm::CastOp::SExt => Op::SConvert,
                    llvm::CastOp::FpTrunc | llvm::CastOp::FpExt => Op::FConvert,
                    llvm::CastOp::FpToUi => Op::ConvertFToU,
                    llvm::CastOp::FpToSi => Op::ConvertFToS,
                    llvm::CastOp::UiToFp => Op::ConvertUToF,
                    llvm::CastOp::SiToFp => Op::ConvertSToF,
                };
                Ok(spec_op(self, opcode, vec![v]))
            }
            ConstExpr::Binary { op, lhs, rhs, .. } => {
                let (l, r) = (
                    self.const_value(*lhs, location)?,
                    self.const_value(*rhs, location)?,
                );
                let opcode = crate::forward::instructions::binary_opcode(*op, false)
                    .ok_or_else(|| unsupported(location, "this constant expression"))?;
                Ok(spec_op(self, opcode, vec![l, r]))
            }
            ConstExpr::FNeg { value } => {
                let v = self.const_value(*value, location)?;
                Ok(spec_op(self, Op::FNegate, vec![v]))
            }
            ConstExpr::Select {
                cond,
                then_value,
                else_value,
            } => {
                let c = self.const_value(*cond, location)?;
                let a = self.const_value(*then_value, location)?;
                let b = self.const_value(*else_value, location)?;
                Ok(spec_op(self, Op::Select, vec![c, a, b]))
            }
            ConstExpr::Cmp { pred, lhs, rhs } => self.const_cmp(ty_id, *pred, *lhs, *rhs, location),
            ConstExpr::ExtractElement { vector, index }
                if !self.is_single_vector_value(*vector) =>
            {
                let v = self.const_value(*vector, location)?;
                let i = self.literal_index(*index, location)?;
                Ok(self.b.dedup_global(
                    Op::SpecConstantOp,
                    Some(ty_id),
                    vec![
                        Operand::Word(u32::from(Op::CompositeExtract.0)),
                        Operand::Id(v),
                        Operand::Word(i),
                    ],
                ))
            }
            ConstExpr::InsertElement {
                vector,
                element,
                index,
            } if !self.is_single_vector(ty) => {
                let v = self.const_value(*vector, location)?;
                let e = self.const_value(*element, location)?;
                let i = self.literal_index(*index, location)?;
                Ok(self.b.dedup_global(
                    Op::SpecConstantOp,
                    Some(ty_id),
                    vec![
                        Operand::Word(u32::from(Op::CompositeInsert.0)),
                        Operand::Id(e),
                        Operand::Id(v),
                        Operand::Word(i),
                    ],
                ))
            }
            ConstExpr::ShuffleVector { v1, v2, mask }
                if !self.is_single_vector(ty) && !self.is_single_vector_value(*v1) =>
            {
                let components = self.shuffle_mask(*mask, location)?;
                let a = self.const_value(*v1, location)?;
                let b = self.const_value(*v2, location)?;
                let mut ops = vec![
                    Operand::Word(u32::from(Op::VectorShuffle.0)),
                    Operand::Id(a),
                    Operand::Id(b),
                ];
                ops.extend(components.into_iter().map(Operand::Word));
                Ok(self.b.dedup_global(Op::SpecConstantOp, Some(ty_id), ops))
            }
            _ => Err(unsupported(
                location,
                format!("the constant expression {expr:?}"),
            )),
        }
    }

    /// Pointer constant expressions over opaque pointers, typed from their operands: a GEP
    /// gives a pointer to the indexed type, an address-space cast keeps the pointee, a
    /// pointer bitcast is the operand itself.
    fn opaque_pointer_expr(
        &mut self,
        ty: llvm::TypeId,
        expr: &ConstExpr,
        location: &str,
    ) -> Result<Option<Id>> {
        let addrspace = crate::forward::ptrtypes::addrspace_of(self.m, ty);
        match expr {
            ConstExpr::Cast { value, .. }
                if self.block_literal_init && matches!(value, ValueRef::Function(_)) =>
            {
                let ptr = self.ty(ty, location)?;
                Ok(Some(self.b.dedup_global(
                    Op::ConstantNull,
                    Some(ptr),
                    vec![],
                )))
            }
            ConstExpr::Gep {
                inbounds,
                base,
                indices,
                source_ty,
            } => {
                let base_id = self.const_value(*base, location)?;
                let id =
                    self.const_gep(addrspace, *source_ty, *inbounds, base_id, indices, location)?;
                Ok(Some(id))
            }
            ConstExpr::Cast {
                op: llvm::CastOp::BitCast,
                value,
            } => Ok(Some(self.const_value(*value, location)?)),
            ConstExpr::Cast {
                op: llvm::CastOp::AddrSpaceCast,
                value,
            } => {
                let v = self.const_value(*value, location)?;
                let Some(pointee) = self.id_types.get(&v).and_then(|&t| self.pointee_of(t)) else {
                    return Ok(None);
                };
                let storage = crate::forward::types::storage_class(self, addrspace, location)?;
                let result_ty = self.pointer_type(storage, pointee);
                let opcode = if addrspace == 4 {
                    Op::PtrCastToGeneric
                } else {
                    Op::GenericCastToPtr
                };
                let id = self.b.dedup_global(
                    Op::SpecConstantOp,
                    Some(result_ty),
                    vec![Operand::Word(u32::from(opcode.0)), Operand::Id(v)],
                );
                self.note_type(id, result_ty);
                Ok(Some(id))
            }
            _ => Ok(None),
        }
    }

    /// A constant GEP (OpSpecConstantOp over a typed OpPtrAccessChain: the untyped chains are
    /// not allowed there). The base is cast to a typed pointer to the source element type;
    /// the result is a pointer to the indexed type (cast back to untyped in untyped mode).
    fn const_gep(
        &mut self,
        addrspace: u32,
        source_ty: llvm::TypeId,
        inbounds: bool,
        base: Id,
        indices: &[ValueRef],
        location: &str,
    ) -> Result<Id> {
        let storage = crate::forward::types::storage_class(self, addrspace, location)?;
        let source = self.ty(source_ty, location)?;
        let typed_base_ty = self.typed_pointer_type(storage, source);
        let base = match self.id_types.get(&base) {
            Some(&actual) if actual != typed_base_ty => self.spec_bitcast(base, typed_base_ty),
            _ => base,
        };
        let opcode = if inbounds {
            Op::InBoundsPtrAccessChain
        } else {
            Op::PtrAccessChain
        };
        let mut ops = vec![Operand::Word(u32::from(opcode.0)), Operand::Id(base)];
        let zero_steps = crate::forward::pointee::zero_size_steps(self, source_ty, indices);
        for (&i, zero) in indices.iter().zip(zero_steps) {
            let index = match (zero, i) {
                (true, ValueRef::Constant(c)) => {
                    let ty = self.m.constant(c).map(|c| c.ty);
                    match ty {
                        Some(ty) => self.null_constant(ty, location)?,
                        None => self.index_constant(i, location)?,
                    }
                }
                _ => self.index_constant(i, location)?,
            };
            ops.push(Operand::Id(index));
        }
        let indexed = crate::forward::pointee::gep_indexed_type(self, source_ty, indices)
            .ok_or_else(|| malformed(location, "GEP indices outside the source type"))?;
        let indexed = self.ty(indexed, location)?;
        let typed_result = self.typed_pointer_type(storage, indexed);
        let id = self
            .b
            .dedup_global(Op::SpecConstantOp, Some(typed_result), ops);
        self.note_type(id, typed_result);
        let result = self.pointer_type(storage, indexed);
        Ok(if result == typed_result {
            id
        } else {
            self.spec_bitcast(id, result)
        })
    }

    /// A constant `icmp`: OpSpecConstantOp of the integer comparison (the opcodes OpenCL
    /// allows there); pointers are compared as integers (OpConvertPtrToU of each side first,
    /// as llvm-spirv lowers them) and i1 values with the logical comparisons. Float
    /// comparisons are not allowed in OpSpecConstantOp: refused.
    fn const_cmp(
        &mut self,
        bool_ty: Id,
        pred: llvm::CmpPredicate,
        lhs: ValueRef,
        rhs: ValueRef,
        location: &str,
    ) -> Result<Id> {
        let mut opcode = crate::forward::instructions::cmp_opcode(pred.0)
            .filter(|op| !is_float_comparison(*op))
            .ok_or_else(|| unsupported(location, "a constant floating-point comparison"))?;
        let operand_ty = self
            .m
            .value_type(lhs)
            .ok_or_else(|| malformed(location, "an untyped comparison operand"))?;
        let (mut l, mut r) = (
            self.const_value(lhs, location)?,
            self.const_value(rhs, location)?,
        );
        let scalar = self.m.types.scalar(operand_ty);
        if self.m.types.is_pointer(scalar) {
            let size = self.size_type();
            let int_ty = match self.m.types.get(operand_ty) {
                Type::Vector { len, .. } => self.b.type_vector(size, *len),
                _ => size,
            };
            let to_int = |t: &mut Self, v: Id| {
                t.b.dedup_global(
                    Op::SpecConstantOp,
                    Some(int_ty),
                    vec![
                        Operand::Word(u32::from(Op::ConvertPtrToU.0)),
                        Operand::Id(v),
                    ],
                )
            };
            l = to_int(self, l);
            r = to_int(self, r);
        } else if matches!(self.m.types.get(scalar), Type::Int(1)) {
            opcode = match opcode {
                Op::IEqual => Op::LogicalEqual,
                Op::INotEqual => Op::LogicalNotEqual,
                _ => {
                    return Err(unsupported(
                        location,
                        "an ordered comparison of i1 constants",
                    ))
                }
            };
        }
        Ok(self.b.dedup_global(
            Op::SpecConstantOp,
            Some(bool_ty),
            vec![
                Operand::Word(u32::from(opcode.0)),
                Operand::Id(l),
                Operand::Id(r),
            ],
        ))
    }

    /// Whether `v` is a `<1 x T>` value (a scalar in SPIR-V, which has no one-element vectors).
    fn is_single_vector_value(&self, v: ValueRef) -> bool {
        self.m
            .value_type(v)
            .is_some_and(|ty| self.is_single_vector(ty))
    }

    /// The literal component index of a constant `extractelement`/`insertelement`.
    fn literal_index(&self, index: ValueRef, location: &str) -> Result<u32> {
        self.const_int(index)
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                unsupported(
                    location,
                    "a constant vector element at a non-constant index",
                )
            })
    }

    /// The components of a constant `shufflevector` mask (undefined ones are 0xFFFFFFFF, as
    /// OpVectorShuffle spells "no component").
    fn shuffle_mask(&self, mask: ValueRef, location: &str) -> Result<Vec<u32>> {
        let bad = || {
            malformed(
                location,
                "a shufflevector mask that is not a constant vector",
            )
        };
        let ValueRef::Constant(c) = mask else {
            return Err(bad());
        };
        let c = self.m.constant(c).ok_or_else(bad)?;
        let len = match self.m.types.get(c.ty) {
            Type::Vector { len, .. } => *len as usize,
            _ => return Err(bad()),
        };
        let lane = |v: u64| u32::try_from(v).map_err(|_| bad());
        match &c.kind {
            ConstKind::Data(values) => values.iter().map(|&v| lane(v)).collect(),
            ConstKind::Aggregate(elems) => elems
                .iter()
                .map(|&e| match self.const_int(e) {
                    Some(v) => lane(v),
                    None if self.is_undef(e) => Ok(u32::MAX),
                    None => Err(bad()),
                })
                .collect(),
            ConstKind::Null => Ok(vec![0; len]),
            ConstKind::Undef | ConstKind::Poison => Ok(vec![u32::MAX; len]),
            _ => Err(bad()),
        }
    }

    /// GEP indices: struct member indices must be 32-bit constants.
    pub fn index_constant(&mut self, v: ValueRef, location: &str) -> Result<Id> {
        self.const_value(v, location)
    }
}

/// The floating-point comparisons (with Ordered/Unordered), which OpSpecConstantOp does not
/// allow.
fn is_float_comparison(op: Op) -> bool {
    matches!(
        op,
        Op::FOrdEqual
            | Op::FOrdGreaterThan
            | Op::FOrdGreaterThanEqual
            | Op::FOrdLessThan
            | Op::FOrdLessThanEqual
            | Op::FOrdNotEqual
            | Op::Ordered
            | Op::Unordered
            | Op::FUnordEqual
            | Op::FUnordGreaterThan
            | Op::FUnordGreaterThanEqual
            | Op::FUnordLessThan
            | Op::FUnordLessThanEqual
            | Op::FUnordNotEqual
    )
}
