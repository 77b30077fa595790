//! FUNCTION_BLOCK: one defined function's blocks and instructions with LLVM 15's relative
//! operand ids, its value symbol table and its metadata attachments.

use std::collections::HashMap;

use super::bits::{encode_align, signed, BitWriter};
use super::constants::{binary_code, cast_code};
use super::Writer;
use crate::error::LlvmError;
use crate::model::*;

const NO_VALUE: u64 = u64::MAX;

/// The numbering of one function's local values.
struct Locals<'f> {
    f: &'f Function,
    args_base: u64,
    /// InstId -> value id (`NO_VALUE` for void results and unlisted instructions).
    inst_ids: Vec<u64>,
    /// Function-local metadata (`metadata ptr %x` arguments): model id -> its id in the
    /// function's metadata block.
    local_md: HashMap<u32, u64>,
}

struct Emit<'w, 'm, 'f> {
    w: &'w Writer<'m>,
    locals: &'w Locals<'f>,
    /// Id the current instruction's result gets (what relative ids count from).
    next: u64,
    ops: Vec<u64>,
}

impl Emit<'_, '_, '_> {
    fn id(&self, v: ValueRef) -> Result<u64, LlvmError> {
        match v {
            ValueRef::Argument(n) => Ok(self.locals.args_base + n as u64),
            ValueRef::Instruction(i) => match self.locals.inst_ids.get(i.0 as usize) {
                Some(&id) if id != NO_VALUE => Ok(id),
                _ => Err(self.w.unsupported(format!(
                    "function @{}: operand %{} has no value",
                    self.locals.f.name, i.0
                ))),
            },
            ValueRef::Metadata(md) => Ok(self
                .locals
                .local_md
                .get(&md.0)
                .copied()
                .unwrap_or(md.0 as u64)),
            ValueRef::Block(b) => Ok(b.0 as u64),
            other => self.w.module_value_id(other),
        }
    }

    fn ty(&self, v: ValueRef) -> u64 {
        let t = match v {
            ValueRef::Metadata(_) => None,
            _ => self.w.m.value_type_in(self.locals.f, v),
        };
        match t {
            Some(t) => self.w.type_id(t),
            None => {
                let meta = self
                    .w
                    .types
                    .iter()
                    .find(|(_, t)| matches!(t, Type::Metadata))
                    .map(|(id, _)| id);
                meta.map_or(0, |m| self.w.type_id(m))
            }
        }
    }

    /// Relative id (LLVM's 32-bit unsigned difference).
    fn push(&mut self, v: ValueRef) -> Result<(), LlvmError> {
        let id = self.id(v)?;
        self.ops
            .push((self.next as u32).wrapping_sub(id as u32) as u64);
        Ok(())
    }

    /// Relative id, and the type when it is a forward reference.
    fn push_typed(&mut self, v: ValueRef) -> Result<(), LlvmError> {
        let id = self.id(v)?;
        self.ops
            .push((self.next as u32).wrapping_sub(id as u32) as u64);
        if id >= self.next {
            let t = self.ty(v);
            self.ops.push(t);
        }
        Ok(())
    }

    fn push_signed(&mut self, v: ValueRef) -> Result<(), LlvmError> {
        let id = self.id(v)?;
        self.ops.push(signed(self.next as i64 - id as i64));
        Ok(())
    }

    /// The operands loads and stores end with — alignment, volatility and, for atomic
    /// accesses, ordering and scope — and the record code: `codes.0` plain, `codes.1` atomic.
    fn memory_access_tail(
        &mut self,
        align: Option<u64>,
        volatile: bool,
        ordering: AtomicOrdering,
        scope: &SyncScope,
        codes: (u32, u32),
    ) -> u32 {
        self.ops.push(encode_align(align));
        self.ops.push(volatile as u64);
        if ordering == AtomicOrdering::NotAtomic {
            return codes.0;
        }
        self.ops.push(ordering_code(ordering));
        self.ops.push(self.w.scope_id(scope));
        codes.1
    }

    fn t(&mut self, t: TypeId) {
        let id = self.w.type_id(t);
        self.ops.push(id);
    }
}

fn ordering_code(o: AtomicOrdering) -> u64 {
    match o {
        AtomicOrdering::NotAtomic => 0,
        AtomicOrdering::Unordered => 1,
        AtomicOrdering::Monotonic => 2,
        AtomicOrdering::Acquire => 3,
        AtomicOrdering::Release => 4,
        AtomicOrdering::AcqRel => 5,
        AtomicOrdering::SeqCst => 6,
    }
}

impl Writer<'_> {
    pub(super) fn write_function(&self, w: &mut BitWriter, f: &Function) -> Result<(), LlvmError> {
        let args_base = self.module_value_count();
        let mut inst_ids = vec![NO_VALUE; f.insts.len()];
        let mut next = args_base + f.args.len() as u64;
        for b in &f.blocks {
            for &i in &b.insts {
                let Some(inst) = f.inst(i) else {
                    return Err(self.unsupported(format!(
                        "function @{}: block lists missing instruction %{}",
                        f.name, i.0
                    )));
                };
                if !self.types.is_void(inst.ty) {
                    if let Some(slot) = inst_ids.get_mut(i.0 as usize) {
                        *slot = next;
                    }
                    next += 1;
                }
            }
        }
        // Function-local metadata, numbered after the module's.
        let mut local_md = HashMap::new();
        let mut local_records = Vec::new();
        let md_base = (self.m.metadata.len() + self.md_value_order.len()) as u64;
        for inst in &f.insts {
            let InstKind::Call { args, .. } = &inst.kind else {
                continue;
            };
            for arg in args {
                let ValueRef::Metadata(md) = arg else {
                    continue;
                };
                let Some(Metadata::Value { ty, value }) = self.m.metadata(*md) else {
                    continue;
                };
                if !super::metadata::is_local(*value) || local_md.contains_key(&md.0) {
                    continue;
                }
                local_md.insert(md.0, md_base + local_records.len() as u64);
                local_records.push((*ty, *value));
            }
        }
        let locals = Locals {
            f,
            args_base,
            inst_ids,
            local_md,
        };
        w.enter_block(12, 4);
        w.record(1, &[f.blocks.len() as u64]);
        if !local_records.is_empty() {
            w.enter_block(15, 3);
            for (ty, value) in local_records {
                let id = match value {
                    ValueRef::Argument(n) => args_base + n as u64,
                    ValueRef::Instruction(i) => match locals.inst_ids.get(i.0 as usize) {
                        Some(&id) if id != NO_VALUE => id,
                        _ => {
                            return Err(self.unsupported(format!(
                                "function @{}: metadata names %{}, which has no value",
                                f.name, i.0
                            )))
                        }
                    },
                    _ => continue,
                };
                w.record(2, &[self.type_id(ty), id]);
            }
            w.exit_block();
        }
        let mut e = Emit {
            w: self,
            locals: &locals,
            next: args_base + f.args.len() as u64,
            ops: Vec::new(),
        };
        for b in &f.blocks {
            for &i in &b.insts {
                let Some(inst) = f.inst(i) else { continue };
                e.ops.clear();
                let code = e.instruction(inst)?;
                w.record(code, &e.ops);
                if let Some(loc) = self.debug_loc_record(inst) {
                    w.record(35, &loc);
                }
                if !self.types.is_void(inst.ty) {
                    e.next += 1;
                }
            }
        }
        self.write_function_symbols(w, &locals);
        self.write_attachments(w, f);
        w.exit_block();
        Ok(())
    }

    fn write_function_symbols(&self, w: &mut BitWriter, locals: &Locals) {
        let f = locals.f;
        let any = f.args.iter().any(|a| a.name.is_some())
            || f.blocks.iter().any(|b| b.name.is_some())
            || f.insts.iter().any(|i| i.name.is_some());
        if !any {
            return;
        }
        w.enter_block(14, 4);
        for (n, a) in f.args.iter().enumerate() {
            if let Some(name) = &a.name {
                w.string_record(1, &[locals.args_base + n as u64], name.as_bytes());
            }
        }
        for (i, inst) in f.insts.iter().enumerate() {
            if let (Some(name), Some(&id)) = (&inst.name, locals.inst_ids.get(i)) {
                if id != NO_VALUE {
                    w.string_record(1, &[id], name.as_bytes());
                }
            }
        }
        for (n, b) in f.blocks.iter().enumerate() {
            if let Some(name) = &b.name {
                w.string_record(2, &[n as u64], name.as_bytes());
            }
        }
        w.exit_block();
    }

    fn is_location(&self, md: MetadataId) -> bool {
        matches!(self.m.metadata(md), Some(Metadata::Specialized(n)) if n.kind == "DILocation")
    }

    /// FUNC_CODE_DEBUG_LOC of an instruction's `!dbg` DILocation: line, column, scope + 1,
    /// inlined-at + 1, implicit code.
    fn debug_loc_record(&self, inst: &Instruction) -> Option<[u64; 5]> {
        let (_, md) = inst.metadata.iter().find(|(k, _)| k == "dbg")?;
        let Some(Metadata::Specialized(n)) = self.m.metadata(*md) else {
            return None;
        };
        if n.kind != "DILocation" {
            return None;
        }
        let uint = |name: &str| match n.field(name) {
            Some(DiField::UInt(v)) => *v,
            Some(DiField::Int(v)) => *v as u64,
            Some(DiField::Bool(b)) => u64::from(*b),
            _ => 0,
        };
        let node = |name: &str| match n.field(name) {
            Some(DiField::Metadata(id)) => id.0 as u64 + 1,
            _ => 0,
        };
        Some([
            uint("line"),
            uint("column"),
            node("scope"),
            node("inlinedAt"),
            uint("isImplicitCode"),
        ])
    }

    fn write_attachments(&self, w: &mut BitWriter, f: &Function) {
        let any = !f.attachments.is_empty()
            || f.insts.iter().any(|i| {
                i.metadata
                    .iter()
                    .any(|(k, md)| !(k == "dbg" && self.is_location(*md)))
            });
        if !any {
            return;
        }
        w.enter_block(16, 3);
        let kind = |k: &str| self.md_kinds.get(k).copied().unwrap_or(0);
        let mut ops = Vec::new();
        if !f.attachments.is_empty() {
            for (k, md) in &f.attachments {
                ops.extend([kind(k), md.0 as u64]);
            }
            w.record(11, &ops);
        }
        let mut index = 0u64;
        for b in &f.blocks {
            for &i in &b.insts {
                if let Some(inst) = f.inst(i) {
                    // `!dbg` locations are DEBUG_LOC records after their instruction.
                    let attached = inst
                        .metadata
                        .iter()
                        .filter(|(k, md)| !(k == "dbg" && self.is_location(*md)));
                    ops.clear();
                    for (k, md) in attached {
                        ops.extend([kind(k), md.0 as u64]);
                    }
                    if !ops.is_empty() {
                        ops.insert(0, index);
                        w.record(11, &ops);
                    }
                }
                index += 1;
            }
        }
        w.exit_block();
    }
}

impl Emit<'_, '_, '_> {
    /// Fills `ops` for one instruction and returns its record code.
    fn instruction(&mut self, inst: &Instruction) -> Result<u32, LlvmError> {
        use InstKind as K;
        Ok(match &inst.kind {
            K::Binary {
                op,
                lhs,
                rhs,
                flags,
                fast_math,
            } => {
                self.push_typed(*lhs)?;
                self.push(*rhs)?;
                self.ops.push(binary_code(*op));
                let extra = if op.is_fp() {
                    *fast_math as u64
                } else {
                    *flags as u64
                };
                if extra != 0 {
                    self.ops.push(extra);
                }
                2
            }
            K::FNeg { value, fast_math } => {
                self.push_typed(*value)?;
                self.ops.push(0);
                if *fast_math != 0 {
                    self.ops.push(*fast_math as u64);
                }
                56
            }
            K::Cast { op, value } => {
                self.push_typed(*value)?;
                self.t(inst.ty);
                self.ops.push(cast_code(*op));
                3
            }
            K::Cmp {
                pred,
                lhs,
                rhs,
                fast_math,
            } => {
                self.push_typed(*lhs)?;
                self.push(*rhs)?;
                self.ops.push(pred.0 as u64);
                if *fast_math != 0 {
                    self.ops.push(*fast_math as u64);
                }
                28
            }
            K::Alloca {
                allocated_ty,
                count,
                align,
                addrspace,
            } => {
                self.t(*allocated_ty);
                let count_ty = self.ty(*count);
                self.ops.push(count_ty);
                let id = self.id(*count)?;
                self.ops.push(id);
                let a = encode_align(*align);
                self.ops.push((a & 31) | (a >> 5) << 8 | 1 << 6);
                self.ops.push(*addrspace as u64);
                19
            }
            K::Load {
                ptr,
                align,
                volatile,
                ordering,
                scope,
            } => {
                self.push_typed(*ptr)?;
                self.t(inst.ty);
                self.memory_access_tail(*align, *volatile, *ordering, scope, (20, 41))
            }
            K::Store {
                ptr,
                value,
                align,
                volatile,
                ordering,
                scope,
            } => {
                self.push_typed(*ptr)?;
                self.push_typed(*value)?;
                self.memory_access_tail(*align, *volatile, *ordering, scope, (44, 45))
            }
            K::Gep {
                source_ty,
                inbounds,
                base,
                indices,
            } => {
                self.ops.push(*inbounds as u64);
                self.t(*source_ty);
                self.push_typed(*base)?;
                for i in indices {
                    self.push_typed(*i)?;
                }
                43
            }
            K::Call {
                callee,
                fn_ty,
                args,
                cc,
                tail,
                attrs,
                fast_math,
            } => {
                let attr_id = self.w.attrs.id(attrs);
                self.ops.push(attr_id);
                let mut info = (cc.0 as u64) << 1 | 1 << 15;
                match tail {
                    TailKind::None => {}
                    TailKind::Tail => info |= 1,
                    TailKind::MustTail => info |= 1 | 1 << 14,
                    TailKind::NoTail => info |= 1 << 16,
                }
                if *fast_math != 0 {
                    info |= 1 << 17;
                }
                self.ops.push(info);
                if *fast_math != 0 {
                    self.ops.push(*fast_math as u64);
                }
                self.t(*fn_ty);
                self.push_typed(*callee)?;
                let params: Vec<TypeId> = self
                    .w
                    .types
                    .function_signature(*fn_ty)
                    .map(|(_, p, _)| p.to_vec())
                    .unwrap_or_default();
                for (n, a) in args.iter().enumerate() {
                    match params.get(n) {
                        Some(p) if self.w.types.is_label(*p) => {
                            let id = self.id(*a)?;
                            self.ops.push(id);
                        }
                        Some(_) => self.push(*a)?,
                        None => self.push_typed(*a)?,
                    }
                }
                34
            }
            K::Phi { incoming } => {
                self.t(inst.ty);
                for (v, b) in incoming {
                    self.push_signed(*v)?;
                    self.ops.push(b.0 as u64);
                }
                16
            }
            K::Select {
                cond,
                then_value,
                else_value,
                fast_math,
            } => {
                self.push_typed(*then_value)?;
                self.push(*else_value)?;
                self.push_typed(*cond)?;
                if *fast_math != 0 {
                    self.ops.push(*fast_math as u64);
                }
                29
            }
            K::ExtractValue { aggregate, indices } => {
                self.push_typed(*aggregate)?;
                self.ops.extend(indices.iter().map(|&i| i as u64));
                26
            }
            K::InsertValue {
                aggregate,
                value,
                indices,
            } => {
                self.push_typed(*aggregate)?;
                self.push_typed(*value)?;
                self.ops.extend(indices.iter().map(|&i| i as u64));
                27
            }
            K::ExtractElement { vector, index } => {
                self.push_typed(*vector)?;
                self.push_typed(*index)?;
                6
            }
            K::InsertElement {
                vector,
                element,
                index,
            } => {
                self.push_typed(*vector)?;
                self.push(*element)?;
                self.push_typed(*index)?;
                7
            }
            K::ShuffleVector { v1, v2, mask } => {
                self.push_typed(*v1)?;
                self.push(*v2)?;
                let id = self.w.mask_id(mask);
                self.ops
                    .push((self.next as u32).wrapping_sub(id as u32) as u64);
                8
            }
            K::AtomicRmw {
                op,
                ptr,
                value,
                volatile,
                ordering,
                scope,
                align,
            } => {
                self.push_typed(*ptr)?;
                self.push_typed(*value)?;
                let code = RmwOp::ALL.iter().position(|o| o == op).unwrap_or(0) as u64;
                self.ops.push(code);
                self.ops.push(*volatile as u64);
                self.ops.push(ordering_code(*ordering));
                self.ops.push(self.w.scope_id(scope));
                if align.is_some() {
                    self.ops.push(encode_align(*align));
                }
                59
            }
            K::CmpXchg {
                ptr,
                expected,
                new_value,
                volatile,
                weak,
                success,
                failure,
                scope,
                align,
            } => {
                self.push_typed(*ptr)?;
                self.push_typed(*expected)?;
                self.push(*new_value)?;
                self.ops.push(*volatile as u64);
                self.ops.push(ordering_code(*success));
                self.ops.push(self.w.scope_id(scope));
                self.ops.push(ordering_code(*failure));
                self.ops.push(*weak as u64);
                if align.is_some() {
                    self.ops.push(encode_align(*align));
                }
                46
            }
            K::Fence { ordering, scope } => {
                self.ops.push(ordering_code(*ordering));
                self.ops.push(self.w.scope_id(scope));
                36
            }
            K::Freeze { value } => {
                self.push_typed(*value)?;
                58
            }
            K::VaArg { list } => {
                let t = self.ty(*list);
                self.ops.push(t);
                self.push(*list)?;
                self.t(inst.ty);
                23
            }
            K::Ret { value } => {
                if let Some(v) = value {
                    self.push_typed(*v)?;
                }
                10
            }
            K::Br { target } => {
                self.ops.push(target.0 as u64);
                11
            }
            K::CondBr {
                cond,
                then_block,
                else_block,
            } => {
                self.ops.push(then_block.0 as u64);
                self.ops.push(else_block.0 as u64);
                self.push(*cond)?;
                11
            }
            K::Switch {
                value,
                default,
                cases,
            } => {
                let t = self.ty(*value);
                self.ops.push(t);
                self.push(*value)?;
                self.ops.push(default.0 as u64);
                for (v, b) in cases {
                    let id = self.id(*v)?;
                    self.ops.push(id);
                    self.ops.push(b.0 as u64);
                }
                12
            }
            K::IndirectBr { address, targets } => {
                let t = self.ty(*address);
                self.ops.push(t);
                self.push(*address)?;
                self.ops.extend(targets.iter().map(|b| b.0 as u64));
                31
            }
            K::Unreachable => 15,
        })
    }
}
