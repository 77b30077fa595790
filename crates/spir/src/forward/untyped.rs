//! SPV_KHR_untyped_pointers: with the extension allowed, every pointer to data is an
//! OpTypeUntypedPointerKHR of its storage class; the data type moves to the instructions
//! (OpUntypedVariableKHR 'Data Type', the untyped access chains' 'Base Type', the result
//! type of loads and atomics, the stored object's type). Pointers to OpenCL handles (events,
//! images, samplers...) stay typed: the instructions consuming them need the handle type.

use crate::forward::translator::Translator;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{Capability, Op};

pub(crate) const EXTENSION: &str = "SPV_KHR_untyped_pointers";

impl<'m> Translator<'m> {
    /// True when the options allow SPV_KHR_untyped_pointers.
    pub(crate) fn untyped_allowed(&self) -> bool {
        self.opts.allows(EXTENSION)
    }

    /// OpTypeUntypedPointerKHR of a storage class (declares the extension and capability).
    pub(crate) fn untyped_pointer(&mut self, storage: u32) -> Id {
        self.b.extension(EXTENSION);
        self.b.capability(Capability::UntypedPointersKHR);
        let id = self.b.dedup_global(
            Op::TypeUntypedPointerKHR,
            None,
            vec![Operand::Word(storage)],
        );
        self.untyped_types.insert(id);
        id
    }

    pub(crate) fn is_untyped(&self, ty: Id) -> bool {
        self.untyped_types.contains(&ty)
    }

    /// A variable of pointer type `ptr_ty` holding `data_type`: OpUntypedVariableKHR (with
    /// its Data Type) for an untyped pointer, OpVariable otherwise.
    pub(crate) fn variable_instruction(
        &self,
        id: Id,
        ptr_ty: Id,
        storage: u32,
        data_type: Id,
        initializer: Option<Id>,
    ) -> Instruction {
        let mut ops = vec![Operand::Word(storage)];
        let opcode = if self.is_untyped(ptr_ty) {
            ops.push(Operand::Id(data_type));
            Op::UntypedVariableKHR
        } else {
            Op::Variable
        };
        ops.extend(initializer.map(Operand::Id));
        Instruction::new(opcode, Some(ptr_ty), Some(id), ops)
    }

    /// The opcode and leading operands of a pointer access chain from `base` over elements
    /// of `base_type`: the untyped form (with its Base Type) when the result is untyped.
    pub(crate) fn ptr_access_chain(
        &self,
        result_ty: Id,
        inbounds: bool,
        base_type: Id,
        base: Id,
    ) -> (Op, Vec<Operand>) {
        if self.is_untyped(result_ty) {
            let op = if inbounds {
                Op::UntypedInBoundsPtrAccessChainKHR
            } else {
                Op::UntypedPtrAccessChainKHR
            };
            (op, vec![Operand::Id(base_type), Operand::Id(base)])
        } else {
            let op = if inbounds {
                Op::InBoundsPtrAccessChain
            } else {
                Op::PtrAccessChain
            };
            (op, vec![Operand::Id(base)])
        }
    }

    /// A typed OpTypePointer even in untyped mode (constant expressions: the untyped access
    /// chains are not allowed in OpSpecConstantOp).
    pub(crate) fn typed_pointer_type(&mut self, storage: u32, pointee: Id) -> Id {
        let id = self.b.type_pointer(storage, pointee);
        self.pointer_info.insert(id, (storage, pointee));
        id
    }
}
