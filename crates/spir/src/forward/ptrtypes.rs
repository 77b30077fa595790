//! SPIR-V types of opaque-pointer values, and the casts that make a value fit a use.
//!
//! Every pointer type the translator creates is recorded with its storage class and pointee,
//! and every pointer-typed id with its type, so that a use needing another pointee can insert
//! an OpBitcast (inside functions) or an OpSpecConstantOp Bitcast (module-scope values, which
//! may then be used anywhere, phi operands included).

use crate::error::Result;
use crate::forward::context::FnCtx;
use crate::forward::pointee::{is_opaque_pointer, Repr};
use crate::forward::translator::Translator;
use llvm::{ConstKind, Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

impl<'m> Translator<'m> {
    /// OpTypePointer, remembered with its storage class and pointee.
    /// With SPV_KHR_untyped_pointers allowed, pointers to data are untyped (the pointee is
    /// then not recorded: `pointee_of` gives None).
    pub(crate) fn pointer_type(&mut self, storage: u32, pointee: Id) -> Id {
        if self.untyped_allowed() && !self.handle_type_ids.contains(&pointee) {
            let id = self.untyped_pointer(storage);
            self.pointer_info.insert(id, (storage, Id(0)));
            return id;
        }
        let id = self.b.type_pointer(storage, pointee);
        self.pointer_info.insert(id, (storage, pointee));
        id
    }

    /// Records the type of a pointer-typed result id.
    pub(crate) fn note_type(&mut self, id: Id, ty: Id) {
        if self.pointer_info.contains_key(&ty) {
            self.id_types.insert(id, ty);
        }
    }

    /// The pointee of a pointer type made by `pointer_type`.
    pub(crate) fn pointee_of(&self, ptr_ty: Id) -> Option<Id> {
        self.pointer_info
            .get(&ptr_ty)
            .map(|&(_, p)| p)
            .filter(|p| p.0 != 0)
    }

    /// The SPIR-V type of a representation in an address space.
    pub(crate) fn repr_type(&mut self, repr: Repr, addrspace: u32, location: &str) -> Result<Id> {
        Ok(match repr {
            Repr::Handle(h) => h,
            Repr::Pointee(_) | Repr::Unvoted => {
                let pointee = match repr {
                    Repr::Pointee(p) => p,
                    _ => self.int_type(8),
                };
                let storage = crate::forward::types::storage_class(self, addrspace, location)?;
                self.pointer_type(storage, pointee)
            }
        })
    }

    /// The SPIR-V type a value of the function has: the inferred class type for
    /// opaque pointers, the lowered LLVM type otherwise.
    pub(crate) fn value_type_id(&mut self, ctx: &FnCtx<'_>, v: ValueRef) -> Result<Id> {
        let ty = self.value_llvm_type(ctx, v)?;
        if is_opaque_pointer(self.m, ty) {
            if let Some(repr) = self.pointer_classes.repr_of(ctx.func_id, ctx.func, v) {
                let addrspace = addrspace_of(self.m, ty);
                return self.repr_type(repr, addrspace, &ctx.location);
            }
            if let Ok(id) = self.value(ctx, v) {
                if let Some(&t) = self.id_types.get(&id) {
                    return Ok(t);
                }
            }
        }
        self.ty(ty, &ctx.location)
    }

    /// A pointer type in the address space of the opaque pointer `v`, to `pointee`.
    pub(crate) fn pointer_to_in(
        &mut self,
        ctx: &FnCtx<'_>,
        v: ValueRef,
        pointee: Id,
    ) -> Result<Id> {
        let ty = self.value_llvm_type(ctx, v)?;
        let storage =
            crate::forward::types::storage_class(self, addrspace_of(self.m, ty), &ctx.location)?;
        Ok(self.pointer_type(storage, pointee))
    }

    /// The id of `v` as a value of pointer type `wanted`, cast when its own type differs.
    pub(crate) fn value_as(&mut self, ctx: &FnCtx<'_>, v: ValueRef, wanted: Id) -> Result<Id> {
        if let Some(c) = self.null_or_undef(v, wanted) {
            return Ok(c);
        }
        let id = self.value(ctx, v)?;
        let Some(&actual) = self.id_types.get(&id) else {
            return Ok(id);
        };
        if actual == wanted || !self.castable(actual, wanted) {
            return Ok(id);
        }
        let module_scope = match v {
            ValueRef::Global(g) => !ctx.private_globals.contains_key(&g),
            ValueRef::Constant(_) => !self.refers_to_private_value(ctx, v),
            _ => false,
        };
        Ok(if module_scope {
            self.spec_bitcast(id, wanted)
        } else {
            let out = self.emit(Op::Bitcast, wanted, vec![Operand::Id(id)]);
            self.note_type(out, wanted);
            out
        })
    }

    /// A module-scope value cast to `wanted` (OpSpecConstantOp Bitcast).
    pub(crate) fn const_as(&mut self, v: ValueRef, wanted: Id, location: &str) -> Result<Id> {
        if let Some(c) = self.null_or_undef(v, wanted) {
            return Ok(c);
        }
        let id = self.const_value(v, location)?;
        match self.id_types.get(&id) {
            Some(&actual) if actual != wanted && self.castable(actual, wanted) => {
                Ok(self.spec_bitcast(id, wanted))
            }
            _ => Ok(id),
        }
    }

    pub(crate) fn spec_bitcast(&mut self, id: Id, wanted: Id) -> Id {
        let out = self.b.dedup_global(
            Op::SpecConstantOp,
            Some(wanted),
            vec![Operand::Word(u32::from(Op::Bitcast.0)), Operand::Id(id)],
        );
        self.note_type(out, wanted);
        out
    }

    /// Pointers cast with OpBitcast must share the storage class.
    fn castable(&self, from: Id, to: Id) -> bool {
        match (self.pointer_info.get(&from), self.pointer_info.get(&to)) {
            (Some((a, _)), Some((b, _))) => a == b,
            _ => false,
        }
    }

    /// `null`/`undef`/`poison` of an opaque pointer, made directly at the wanted type.
    fn null_or_undef(&mut self, v: ValueRef, wanted: Id) -> Option<Id> {
        let ValueRef::Constant(c) = v else {
            return None;
        };
        let constant = self.m.constant(c)?;
        if !is_opaque_pointer(self.m, constant.ty) || !self.pointer_info.contains_key(&wanted) {
            return None;
        }
        let id = match constant.kind {
            ConstKind::Null => self.b.dedup_global(Op::ConstantNull, Some(wanted), vec![]),
            ConstKind::Poison => crate::forward::poison_freeze::poison(self, wanted)
                .unwrap_or_else(|| self.b.dedup_global(Op::Undef, Some(wanted), vec![])),
            ConstKind::Undef => self.b.dedup_global(Op::Undef, Some(wanted), vec![]),
            _ => return None,
        };
        self.note_type(id, wanted);
        Some(id)
    }
}

pub(crate) fn addrspace_of(m: &llvm::Module, ty: llvm::TypeId) -> u32 {
    match m.types.get(ty) {
        Type::Pointer { addrspace, .. } => *addrspace,
        _ => 0,
    }
}
