//! Logical addressing (spec 2.16.1 "Universal Validation Rules", logical pointers) as
//! spirv-val 2025.5 checks it: pointers other than PhysicalStorageBuffer ones may not be
//! composed, inserted, bitcast or used by OpSpecConstantOp; selecting or comparing them needs a variable-pointers
//! capability (VariablePointersStorageBuffer covers StorageBuffer pointers only, and comparisons
//! only ever work on StorageBuffer or Workgroup pointers); a variable may hold a pointer only to
//! StorageBuffer (VariablePointersStorageBuffer) or Workgroup (VariablePointers) memory, or a
//! PhysicalStorageBuffer pointer; with VariablePointersStorageBuffer alone, OpPhi and
//! OpPtrAccessChain take StorageBuffer pointers only; a null logical pointer (OpConstantNull) is
//! a StorageBuffer one with a variable-pointers capability or a Workgroup one with
//! VariablePointers.

use super::Sink;
use crate::state::Inst;
use crate::typeinfo as ti;
use spirvkit_grammar::{AddressingModel, Capability, Op, StorageClass as SC};

pub fn check(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let op = inst.op();
    if !matches!(
        op,
        Op::CompositeConstruct
            | Op::CompositeInsert
            | Op::Bitcast
            | Op::SpecConstantOp
            | Op::Select
            | Op::PtrEqual
            | Op::PtrNotEqual
            | Op::Variable
            | Op::Phi
            | Op::PtrAccessChain
            | Op::ConstantNull
    ) {
        return;
    }
    let st = s.st;
    if st.addressing_model != Some(AddressingModel::Logical.0) {
        return;
    }
    let variable_pointers = st.has_capability(Capability::VariablePointers);
    let storage_buffer_pointers = st.has_capability(Capability::VariablePointersStorageBuffer);
    // The storage class of a typed pointer value's type, unless it is physical.
    let logical_class = |id: u32| -> Option<u32> {
        let t = ti::type_of(st, id);
        let sc = ti::storage_class(st, t).filter(|_| ti::is_typed_pointer(st, t))?;
        (sc != SC::PhysicalStorageBuffer.0).then_some(sc)
    };
    let words = st.inst_words(inst);
    let operands = words.get(3..).unwrap_or(&[]);
    match op {
        Op::CompositeConstruct | Op::CompositeInsert | Op::Bitcast | Op::SpecConstantOp => {
            // Id operands only (OpCompositeInsert's indexes are literals). A specialization
            // constant operation takes no logical pointer whatever its opcode.
            let mut ids = st
                .ops(inst)
                .iter()
                .filter(|o| o.kind == spirvkit_grammar::OperandKind::IdRef)
                .map(|o| st.word(inst, usize::from(o.offset)));
            if let Some(id) = ids.find(|&id| logical_class(id).is_some()) {
                s.err(
                    "logical_pointer.operand",
                    index,
                    "Instruction may not have a logical pointer operand",
                    &[id],
                );
            }
        }
        Op::ConstantNull => {
            // A null logical pointer: StorageBuffer with either variable-pointers capability,
            // Workgroup with VariablePointers (spirv-val 2025.5, checked per storage class).
            let rt = inst.result_type;
            let Some(sc) = ti::storage_class(st, rt).filter(|_| ti::is_typed_pointer(st, rt))
            else {
                return;
            };
            let allowed = sc == SC::PhysicalStorageBuffer.0
                || (sc == SC::StorageBuffer.0 && (variable_pointers || storage_buffer_pointers))
                || (sc == SC::Workgroup.0 && variable_pointers);
            if !allowed {
                s.err(
                    "logical_pointer.result",
                    index,
                    "Instruction may only return a logical pointer in the StorageBuffer or \
                     Workgroup storage classes with appropriate variable pointers capability",
                    &[rt],
                );
            }
        }
        Op::Select => {
            let (Some(&a), Some(&b)) = (operands.get(1), operands.get(2)) else {
                return;
            };
            let classes = [logical_class(a), logical_class(b)];
            if classes.iter().all(Option::is_none) || variable_pointers {
                return;
            }
            let message = if !storage_buffer_pointers {
                "Using pointers with OpSelect requires capability VariablePointers or VariablePointersStorageBuffer"
            } else if classes
                .iter()
                .flatten()
                .any(|&sc| sc != SC::StorageBuffer.0)
            {
                "Instruction may only have a logical pointer operand in the StorageBuffer storage class with the VariablePointersStorageBuffer capability"
            } else {
                return;
            };
            s.err("logical_pointer.select", index, message, &[a, b]);
        }
        // With VariablePointersStorageBuffer alone, variable pointers are StorageBuffer ones
        // (without any variable-pointers capability these are rejected elsewhere).
        Op::Phi | Op::PtrAccessChain if storage_buffer_pointers && !variable_pointers => {
            let values: Vec<u32> = if op == Op::Phi {
                operands.iter().step_by(2).copied().collect()
            } else {
                operands.first().copied().into_iter().collect()
            };
            if let Some(&id) = values
                .iter()
                .find(|&&id| logical_class(id).is_some_and(|sc| sc != SC::StorageBuffer.0))
            {
                s.err(
                    "logical_pointer.storage_class",
                    index,
                    "Instruction may only have a logical pointer operand in the StorageBuffer or Workgroup storage classes with the matching variable-pointers capability",
                    &[id],
                );
            }
        }
        Op::PtrEqual | Op::PtrNotEqual => {
            let (Some(&a), Some(&b)) = (operands.first(), operands.get(1)) else {
                return;
            };
            let Some(sc) = logical_class(a).or_else(|| logical_class(b)) else {
                return;
            };
            let message = if !variable_pointers && !storage_buffer_pointers {
                "Instruction on logical pointers cannot be used without a variable pointers capability"
            } else if sc != SC::StorageBuffer.0 && sc != SC::Workgroup.0 {
                "Invalid pointer storage class"
            } else if sc == SC::Workgroup.0 && !variable_pointers {
                "Workgroup storage class pointer requires VariablePointers capability to be specified"
            } else {
                return;
            };
            s.err("logical_pointer.compare", index, message, &[a, b]);
        }
        // spirv-val skips this rule entirely under --relax-logical-pointer.
        Op::Variable if !st.opts.relax.relax_logical_pointer => {
            let Some(pointee) = ti::pointee(st, inst.result_type) else {
                return;
            };
            if !ti::is_typed_pointer(st, pointee) {
                return;
            }
            let Some(sc) = ti::storage_class(st, pointee) else {
                return;
            };
            let message = if sc == SC::PhysicalStorageBuffer.0 {
                return;
            } else if sc == SC::StorageBuffer.0 {
                if variable_pointers || storage_buffer_pointers {
                    return;
                }
                "In Logical addressing, variables can only allocate a storage buffer pointer if the VariablePointersStorageBuffer capability is declared"
            } else if sc == SC::Workgroup.0 {
                if variable_pointers {
                    return;
                }
                "In Logical addressing, variables can only allocate a workgroup pointer if the VariablePointers capability is declared"
            } else {
                "In Logical addressing, variables can only allocate a pointer to the StorageBuffer or Workgroup storage classes"
            };
            s.err("logical_pointer.variable", index, message, &[pointee]);
        }
        _ => {}
    }
}
