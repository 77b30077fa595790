//! `llvm.memset` whose value or length is not a constant: SPIR-V has no fill instruction, so
//! llvm-spirv calls a helper function holding a byte loop; spirvkit does the same. The
//! helpers (one per destination address space, length width and volatility) are emitted
//! before the function bodies, so parallel forks only look their ids up.

use crate::error::Result;
use crate::forward::translator::Translator;
use llvm::{InstKind, Type, ValueRef};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{MemoryAccess, Op};
use spirvkit_llvm as llvm;

/// (LLVM address space of the destination, width of the length, volatile).
pub(crate) type Key = (u32, u32, bool);

impl<'m> Translator<'m> {
    /// Emits a helper for every kind of non-constant memset in the module.
    pub(crate) fn declare_memset_loops(&mut self) -> Result<()> {
        // Each kind with the name of the first intrinsic declaration seen for it, which
        // names the helper as llvm-spirv names it (`llvm.memset.p0.i32` →
        // `spirv.llvm_memset_p0_i32`; typed pointers: `llvm.memset.p3i8.i32` →
        // `spirv.llvm_memset_p3i8_i32`).
        let mut keys: Vec<(Key, String)> = Vec::new();
        for f in &self.m.functions {
            for inst in &f.insts {
                let InstKind::Call { callee, args, .. } = &inst.kind else {
                    continue;
                };
                let ValueRef::Function(fid) = callee else {
                    continue;
                };
                let Some(target) = self.m.function(*fid) else {
                    continue;
                };
                if !target.name.starts_with("llvm.memset.") || args.len() < 3 {
                    continue;
                }
                if let Some(key) = self.memset_key(f, args) {
                    if !keys.iter().any(|(k, _)| *k == key) {
                        keys.push((key, target.name.clone()));
                    }
                }
            }
        }
        let mut helpers = FxHashMap::default();
        for (key, intrinsic) in keys {
            let id = self.memset_loop_function(key, &intrinsic)?;
            helpers.insert(key, id);
        }
        self.memset_loops = std::sync::Arc::new(helpers);
        Ok(())
    }

    /// The helper key of a memset call, if it needs the loop.
    pub(crate) fn memset_key(&self, f: &llvm::Function, args: &[ValueRef]) -> Option<Key> {
        let constant = self.const_int(args[1]).is_some() && self.const_int(args[2]).is_some();
        if constant {
            return None;
        }
        let addrspace = match self.m.types.get(self.m.value_type_in(f, args[0])?) {
            Type::Pointer { addrspace, .. } => *addrspace,
            _ => return None,
        };
        let len_bits = match self.m.types.get(self.m.value_type_in(f, args[2])?) {
            Type::Int(w) => *w,
            _ => return None,
        };
        let volatile = args.len() >= 4 && args.last().and_then(|&a| self.const_int(a)) == Some(1);
        Some((addrspace, len_bits, volatile))
    }

    /// The byte-pointer type a helper takes its destination as.
    pub(crate) fn memset_destination_type(&mut self, addrspace: u32) -> Result<Id> {
        let storage = crate::forward::types::storage_class(self, addrspace, "llvm.memset")?;
        let byte = self.int_type(8);
        Ok(self.pointer_type(storage, byte))
    }

    /// `void helper(T* dest, i8 val, iN len)`, the loop LLVM's `expandMemSetAsLoop` writes and
    /// llvm-spirv translates: `if (len == 0) return; i = 0; do { dest[i] = val; } while (++i <
    /// len)`, the parameters named as llvm-spirv names them, `dest` NoCapture when the
    /// intrinsic's declaration says `captures(none)` (llvm-spirv copies it since its
    /// memset-param-attrs test).
    fn memset_loop_function(
        &mut self,
        (addrspace, len_bits, volatile): Key,
        intrinsic: &str,
    ) -> Result<Id> {
        let void = self.b.type_void();
        let byte = self.int_type(8);
        let len_ty = self.int_type(len_bits);
        let ptr_ty = self.memset_destination_type(addrspace)?;
        let bool_ty = self.b.type_bool();
        let fn_ty = self.b.type_function(void, &[ptr_ty, byte, len_ty]);
        let (zero, one) = if len_bits > 32 {
            (
                self.b.constant_u64(len_ty, 0),
                self.b.constant_u64(len_ty, 1),
            )
        } else {
            (
                self.b.constant_u32(len_ty, 0),
                self.b.constant_u32(len_ty, 1),
            )
        };
        let f = self.b.alloc_id();
        self.b.begin_function_with_id(f, void, 0, fn_ty);
        let (dst, value, len) = (self.b.alloc_id(), self.b.alloc_id(), self.b.alloc_id());
        self.b.function_parameter_with_id(dst, ptr_ty);
        self.b.function_parameter_with_id(value, byte);
        self.b.function_parameter_with_id(len, len_ty);
        let no_capture = self
            .m
            .functions
            .iter()
            .find(|g| g.name == intrinsic)
            .is_some_and(|g| g.attrs.param(0).iter().any(|a| a.is_no_capture()));
        if no_capture {
            self.b.decorate(
                dst,
                spirvkit_grammar::Decoration::FuncParamAttr.0,
                &[Operand::Word(
                    spirvkit_grammar::FunctionParameterAttribute::NoCapture.0,
                )],
            );
        }
        let (entry, body, exit) = (self.b.alloc_id(), self.b.alloc_id(), self.b.alloc_id());
        let (empty, i, next, more, slot) = (
            self.b.alloc_id(),
            self.b.alloc_id(),
            self.b.alloc_id(),
            self.b.alloc_id(),
            self.b.alloc_id(),
        );
        let inst = |op, ty: Option<Id>, id: Option<Id>, ops: Vec<Operand>| {
            Instruction::new(op, ty, id, ops)
        };
        self.b.begin_block_with_id(entry);
        self.b.push_instruction(inst(
            Op::IEqual,
            Some(bool_ty),
            Some(empty),
            vec![Operand::Id(zero), Operand::Id(len)],
        ));
        self.b.push_instruction(inst(
            Op::BranchConditional,
            None,
            None,
            vec![Operand::Id(empty), Operand::Id(exit), Operand::Id(body)],
        ));
        self.b.begin_block_with_id(body);
        self.b.push_instruction(inst(
            Op::Phi,
            Some(len_ty),
            Some(i),
            vec![
                Operand::Id(zero),
                Operand::Id(entry),
                Operand::Id(next),
                Operand::Id(body),
            ],
        ));
        let chain = if self.untyped_types.contains(&ptr_ty) {
            inst(
                Op::UntypedInBoundsPtrAccessChainKHR,
                Some(ptr_ty),
                Some(slot),
                vec![Operand::Id(byte), Operand::Id(dst), Operand::Id(i)],
            )
        } else {
            inst(
                Op::InBoundsPtrAccessChain,
                Some(ptr_ty),
                Some(slot),
                vec![Operand::Id(dst), Operand::Id(i)],
            )
        };
        self.b.push_instruction(chain);
        // Byte stores: aligned to 1, as the expanded loop's stores are.
        let access = MemoryAccess::Aligned.0
            | if volatile {
                MemoryAccess::Volatile.0
            } else {
                0
            };
        self.b.push_instruction(inst(
            Op::Store,
            None,
            None,
            vec![
                Operand::Id(slot),
                Operand::Id(value),
                Operand::Word(access),
                Operand::Word(1),
            ],
        ));
        self.b.push_instruction(inst(
            Op::IAdd,
            Some(len_ty),
            Some(next),
            vec![Operand::Id(i), Operand::Id(one)],
        ));
        self.b.push_instruction(inst(
            Op::ULessThan,
            Some(bool_ty),
            Some(more),
            vec![Operand::Id(next), Operand::Id(len)],
        ));
        self.b.push_instruction(inst(
            Op::BranchConditional,
            None,
            None,
            vec![Operand::Id(more), Operand::Id(body), Operand::Id(exit)],
        ));
        self.b.begin_block_with_id(exit);
        self.b
            .push_instruction(inst(Op::Return, None, None, vec![]));
        self.b.end_function();
        let v = if volatile { "_volatile" } else { "" };
        self.b
            .name(f, &format!("spirv.{}{v}", intrinsic.replace('.', "_")));
        for (param, name) in [(dst, "dest"), (value, "val"), (len, "len")] {
            self.b.name(param, name);
        }
        Ok(f)
    }
}
