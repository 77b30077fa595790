//! TYPE_BLOCK: builds the interned type table, including forward references
//! to identified structs.

use super::bitstream::{Block, Entry};
use super::{chars, Reader};
use crate::error::LlvmError;
use crate::model::*;

struct TypeRecord {
    code: u32,
    ops: Vec<u64>,
    name: Option<String>,
}

impl<'a> Reader<'a> {
    pub fn read_types(&mut self, mut block: Block<'a>) -> Result<(), LlvmError> {
        let mut ops = Vec::new();
        let mut records: Vec<TypeRecord> = Vec::new();
        let mut pending_name: Option<String> = None;
        loop {
            match self.next_entry(&mut block, &mut ops)? {
                Entry::End => break,
                Entry::SubBlock(_) => {}
                Entry::Record { code, .. } => match code {
                    1 => {
                        // NUMENTRY: a hint only; bounded so it cannot force a huge allocation.
                        let n = self.op(&ops, 0)?.min(1 << 16) as usize;
                        records.reserve(n);
                    }
                    19 => pending_name = Some(chars(&ops)),
                    _ => {
                        let name = if matches!(code, 6 | 20 | 26) {
                            pending_name.take()
                        } else {
                            None
                        };
                        records.push(TypeRecord {
                            code,
                            ops: ops.clone(),
                            name,
                        });
                    }
                },
            }
        }
        // Identified structs first, so any record can refer to them.
        let base = self.type_ids.len();
        let mut slots: Vec<Option<TypeId>> = vec![None; records.len()];
        for (slot, rec) in slots.iter_mut().zip(&records) {
            if matches!(rec.code, 6 | 20) {
                *slot = Some(self.m.types.add_struct(rec.name.clone(), None));
            }
            if rec.code == 25 {
                self.opaque = true;
            }
        }
        for i in 0..records.len() {
            self.resolve_type(&records, &mut slots, i)?;
        }
        self.type_ids
            .extend(slots.iter().map(|s| s.unwrap_or(TypeId(0))));
        // Struct bodies.
        for (i, rec) in records.iter().enumerate() {
            if rec.code == 20 {
                let packed = rec.ops.first().copied().unwrap_or(0) != 0;
                let mut elems = Vec::new();
                for &e in rec.ops.iter().skip(1) {
                    elems.push(self.slot_type(&slots, base, e)?);
                }
                if let Some(Some(id)) = slots.get(i) {
                    if let Type::Named(sid) = self.m.types.get(*id).clone() {
                        if let Some(def) = self.m.types.structs.get_mut(sid.0 as usize) {
                            def.body = Some(StructBody { elems, packed });
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn slot_type(
        &self,
        slots: &[Option<TypeId>],
        base: usize,
        index: u64,
    ) -> Result<TypeId, LlvmError> {
        let i = (index as usize).checked_sub(base);
        match i.and_then(|i| slots.get(i)).copied().flatten() {
            Some(t) => Ok(t),
            None => self.ty(index),
        }
    }

    fn resolve_type(
        &mut self,
        records: &[TypeRecord],
        slots: &mut Vec<Option<TypeId>>,
        index: usize,
    ) -> Result<TypeId, LlvmError> {
        if let Some(Some(t)) = slots.get(index) {
            return Ok(*t);
        }
        let Some(rec) = records.get(index) else {
            return Err(self.error(format!("type index {index} out of range")));
        };
        let base = self.type_ids.len();
        // Only identified structs (pre-allocated) may be referenced before
        // their record, as in LLVM; anything else is an invalid forward reference.
        let sub = |this: &mut Self,
                   slots: &mut Vec<Option<TypeId>>,
                   v: u64|
         -> Result<TypeId, LlvmError> {
            let i = v as usize;
            if i < base {
                return this.ty(v);
            }
            match slots.get(i - base).copied().flatten() {
                Some(t) => Ok(t),
                None => Err(this.error(format!("invalid forward reference to type {v}"))),
            }
        };
        let ops = &rec.ops;
        let short = self.error("type record too short");
        let get = |i: usize| -> Result<u64, LlvmError> {
            ops.get(i).copied().ok_or_else(|| short.clone())
        };
        let ty = match rec.code {
            2 => Type::Void,
            3 => Type::Float,
            4 => Type::Double,
            5 => Type::Label,
            7 => {
                let w = get(0)?;
                if w == 0 || w > (1 << 23) {
                    return Err(self.error(format!("invalid integer width {w}")));
                }
                Type::Int(w as u32)
            }
            8 => {
                let pointee = sub(self, slots, get(0)?)?;
                let addrspace = ops.get(1).copied().unwrap_or(0) as u32;
                Type::Pointer {
                    pointee: Some(pointee),
                    addrspace,
                }
            }
            25 => Type::Pointer {
                pointee: None,
                addrspace: ops.first().copied().unwrap_or(0) as u32,
            },
            9 | 21 => {
                // FUNCTION_OLD: [vararg, attrid, retty, params...]; FUNCTION: [vararg, retty, params...]
                let skip = if rec.code == 9 { 2 } else { 1 };
                let vararg = get(0)? != 0;
                let ret = sub(self, slots, get(skip)?)?;
                let mut params = Vec::new();
                for &p in ops.iter().skip(skip + 1) {
                    params.push(sub(self, slots, p)?);
                }
                Type::Function {
                    ret,
                    params,
                    vararg,
                }
            }
            10 => Type::Half,
            11 => {
                let len = get(0)?;
                let elem = sub(self, slots, get(1)?)?;
                Type::Array { len, elem }
            }
            12 => {
                let len = u32::try_from(get(0)?).map_err(|_| self.error("vector too long"))?;
                let elem = sub(self, slots, get(1)?)?;
                let scalable = ops.get(2).copied().unwrap_or(0) != 0;
                Type::Vector {
                    len,
                    elem,
                    scalable,
                }
            }
            13 => Type::X86Fp80,
            14 => Type::Fp128,
            15 => Type::PpcFp128,
            16 => Type::Metadata,
            17 => Type::X86Mmx,
            18 => {
                let packed = get(0)? != 0;
                let mut elems = Vec::new();
                for &e in ops.iter().skip(1) {
                    elems.push(sub(self, slots, e)?);
                }
                Type::Struct { elems, packed }
            }
            22 => Type::Token,
            23 => Type::BFloat,
            24 => Type::X86Amx,
            26 => {
                // TARGET_TYPE: [num_types, types..., ints...]; the name came in STRUCT_NAME.
                let Some(name) = rec.name.clone() else {
                    return Err(self.error("target extension type record without a name"));
                };
                let count = usize::try_from(get(0)?).unwrap_or(usize::MAX);
                if count > ops.len().saturating_sub(1) {
                    return Err(self.error(format!(
                        "target extension type {name}: {count} type parameters in a record of {} operands",
                        ops.len()
                    )));
                }
                let mut types = Vec::with_capacity(count);
                for &t in &ops[1..=count] {
                    types.push(sub(self, slots, t)?);
                }
                let mut ints = Vec::with_capacity(ops.len() - 1 - count);
                for &i in &ops[1 + count..] {
                    ints.push(u32::try_from(i).map_err(|_| {
                        self.error(format!(
                            "target extension type {name}: integer parameter {i} out of range"
                        ))
                    })?);
                }
                Type::TargetExt { name, types, ints }
            }
            other => {
                return Err(self.error(format!("unsupported type record code {other}")));
            }
        };
        let id = self.m.types.intern(ty);
        if let Some(slot) = slots.get_mut(index) {
            *slot = Some(id);
        }
        Ok(id)
    }
}
