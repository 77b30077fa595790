//! MODULE_BLOCK records: globals, functions, aliases, names, and block dispatch.

use super::bitstream::{Block, Entry};
use super::parallel::PendingBody;
use super::{block_id, chars, Reader};
use crate::error::LlvmError;
use crate::model::*;

pub(crate) fn decode_linkage(code: u64) -> Linkage {
    match code {
        0 | 5 | 6 | 15 => Linkage::External,
        1 | 16 => Linkage::Weak,
        2 => Linkage::Appending,
        3 => Linkage::Internal,
        4 | 18 => Linkage::LinkOnce,
        7 => Linkage::ExternWeak,
        8 => Linkage::Common,
        9 | 13 | 14 => Linkage::Private,
        10 | 17 => Linkage::WeakOdr,
        11 | 19 => Linkage::LinkOnceOdr,
        12 => Linkage::AvailableExternally,
        _ => Linkage::External,
    }
}

fn decode_visibility(code: u64) -> Visibility {
    match code {
        1 => Visibility::Hidden,
        2 => Visibility::Protected,
        _ => Visibility::Default,
    }
}

fn decode_unnamed_addr(code: u64) -> UnnamedAddr {
    match code {
        1 => UnnamedAddr::Global,
        2 => UnnamedAddr::Local,
        _ => UnnamedAddr::None,
    }
}

pub(crate) fn decode_align(code: u64) -> Option<u64> {
    if code == 0 || code > 64 {
        None
    } else {
        Some(1u64 << (code - 1))
    }
}

impl<'a> Reader<'a> {
    pub fn read_module(&mut self, block: Block<'a>) -> Result<(), LlvmError> {
        let mut bodies = Vec::new();
        let read = self.read_module_entries(block, &mut bodies);
        // The bodies kept aside come before whatever ended the reading (an error too).
        self.flush_bodies(&mut bodies)?;
        read?;
        self.resolve_pending_globals()?;
        if self.next_body < self.bodies_pending.len() {
            return Err(self.error(format!(
                "{} function bodies missing",
                self.bodies_pending.len() - self.next_body
            )));
        }
        Ok(())
    }

    /// The module block's entries. FUNCTION_BLOCKs are kept aside in `bodies` (to be read
    /// together, see `parallel.rs`) until an entry that could change what they depend on.
    fn read_module_entries(
        &mut self,
        mut block: Block<'a>,
        bodies: &mut Vec<PendingBody<'a>>,
    ) -> Result<(), LlvmError> {
        let mut ops = Vec::new();
        loop {
            let entry = self.next_entry(&mut block, &mut ops)?;
            match entry {
                Entry::End => return Ok(()),
                Entry::SubBlock(sub) => match sub.id {
                    block_id::FUNCTION => {
                        self.resolve_pending_globals()?;
                        let (fid, arg_types) = self.next_body_function()?;
                        bodies.push(PendingBody {
                            fid,
                            arg_types,
                            block: sub,
                        });
                    }
                    // Names only: bodies do not read them.
                    block_id::VALUE_SYMTAB => self.read_module_vst(sub)?,
                    block_id::PARAMATTR
                    | block_id::PARAMATTR_GROUP
                    | block_id::TYPE_NEW
                    | block_id::CONSTANTS
                    | block_id::METADATA
                    | block_id::METADATA_KIND
                    | block_id::SYNC_SCOPE_NAMES => {
                        self.flush_bodies(bodies)?;
                        match sub.id {
                            block_id::PARAMATTR => self.read_paramattr(sub)?,
                            block_id::PARAMATTR_GROUP => self.read_paramattr_groups(sub)?,
                            block_id::TYPE_NEW => self.read_types(sub)?,
                            block_id::CONSTANTS => self.read_constants(sub)?,
                            block_id::METADATA => self.read_metadata(sub)?,
                            block_id::METADATA_KIND => self.read_metadata_kinds(sub)?,
                            _ => self.read_sync_scopes(sub)?,
                        }
                    }
                    _ => self.skip_block(sub)?,
                },
                Entry::Record { code, blob: _ } => {
                    self.flush_bodies(bodies)?;
                    self.module_record(code, &ops)?;
                }
            }
        }
    }

    fn resolve_pending_globals(&mut self) -> Result<(), LlvmError> {
        for (gid, number) in std::mem::take(&mut self.pending_inits) {
            let (value, _) = self.module_value(number)?;
            if let Some(g) = self.m.globals.get_mut(gid.0 as usize) {
                g.initializer = Some(value);
            }
        }
        for (aid, number) in std::mem::take(&mut self.pending_aliases) {
            let (value, _) = self.module_value(number)?;
            if let Some(a) = self.m.aliases.get_mut(aid.0 as usize) {
                a.aliasee = value;
            }
        }
        Ok(())
    }

    fn module_value(&self, number: u64) -> Result<(ValueRef, TypeId), LlvmError> {
        self.values
            .get(number as usize)
            .copied()
            .ok_or_else(|| self.error(format!("value #{number} is not defined")))
    }

    fn strtab_name(&self, ops: &[u64]) -> Result<String, LlvmError> {
        let offset = self.op(ops, 0)? as usize;
        let size = self.op(ops, 1)? as usize;
        let bytes = self
            .strtab
            .get(offset..offset.saturating_add(size))
            .ok_or_else(|| self.error("name out of string table range"))?;
        Ok(String::from_utf8_lossy(bytes).into_owned())
    }

    /// Whether the module uses opaque pointers (decided by its type table).
    pub fn opaque_pointers(&self) -> bool {
        self.opaque
    }

    fn pointer_for(&mut self, pointee: TypeId, addrspace: u32) -> TypeId {
        if self.opaque_pointers() {
            self.m.types.pointer_to(None, addrspace)
        } else {
            self.m.types.pointer_to(Some(pointee), addrspace)
        }
    }

    fn module_record(&mut self, code: u32, all_ops: &[u64]) -> Result<(), LlvmError> {
        let strtab = self.version >= 2 && matches!(code, 7 | 8 | 9 | 14);
        let (name, ops) = if strtab {
            (self.strtab_name(all_ops)?, all_ops.get(2..).unwrap_or(&[]))
        } else {
            (String::new(), all_ops)
        };
        match code {
            1 => self.version = self.op(ops, 0)?,
            2 => self.m.triple = Some(chars(ops)),
            3 => self.m.datalayout = Some(chars(ops)),
            4 => self.m.module_asm.push(chars(ops)),
            5 => self.section_names.push(chars(ops)),
            11 => self.gc_names.push(chars(ops)),
            16 => self.m.source_filename = Some(chars(ops)),
            7 => self.global_var_record(name, ops)?,
            8 => self.function_record(name, ops)?,
            9 | 14 => self.alias_record(name, ops, code == 14)?,
            _ => {} // deplib, comdat, vstoffset, hash, ...: not modelled
        }
        Ok(())
    }

    fn global_var_record(&mut self, name: String, ops: &[u64]) -> Result<(), LlvmError> {
        if ops.len() < 6 {
            return Err(self.error("GLOBALVAR record too short"));
        }
        let ty = self.ty(self.op(ops, 0)?)?;
        let flags = self.op(ops, 1)?;
        let (value_ty, addrspace) = if flags & 2 != 0 {
            (
                ty,
                u32::try_from(flags >> 2).map_err(|_| self.error("bad address space"))?,
            )
        } else {
            match self.m.types.get(ty) {
                Type::Pointer {
                    pointee: Some(p),
                    addrspace,
                } => (*p, *addrspace),
                _ => return Err(self.error("global variable type is not a pointer")),
            }
        };
        let ptr_ty = self.pointer_for(value_ty, addrspace);
        let init = self.op(ops, 2)?;
        let section = match ops.get(5).copied().unwrap_or(0) {
            0 => None,
            n => Some(
                self.section_names
                    .get(n as usize - 1)
                    .cloned()
                    .ok_or_else(|| self.error("section index out of range"))?,
            ),
        };
        // Operand 12 is the global's attribute list (1-based, 0 for none): LLVM keeps a
        // global's attributes as the function-index set of an attribute list.
        let attrs = match ops.get(12).copied().unwrap_or(0) {
            0 => Vec::new(),
            n => self
                .attr_lists
                .get(n as usize - 1)
                .map(|list| list.function.clone())
                .ok_or_else(|| self.error("global variable attribute list index out of range"))?,
        };
        let gid = GlobalId(self.m.globals.len() as u32);
        self.m.globals.push(GlobalVar {
            name,
            value_ty,
            ty: ptr_ty,
            addrspace,
            is_constant: flags & 1 != 0,
            initializer: None,
            linkage: decode_linkage(self.op(ops, 3)?),
            visibility: decode_visibility(ops.get(6).copied().unwrap_or(0)),
            unnamed_addr: decode_unnamed_addr(ops.get(8).copied().unwrap_or(0)),
            thread_local: ops.get(7).copied().unwrap_or(0) as u8,
            align: decode_align(self.op(ops, 4)?),
            section,
            externally_initialized: ops.get(9).copied().unwrap_or(0) != 0,
            dso_local: ops.get(13).copied().unwrap_or(0) != 0,
            attachments: Vec::new(),
            attrs,
        });
        if init != 0 {
            self.pending_inits.push((gid, init - 1));
        }
        self.values.push((ValueRef::Global(gid), ptr_ty));
        Ok(())
    }

    fn function_record(&mut self, name: String, ops: &[u64]) -> Result<(), LlvmError> {
        if ops.len() < 8 {
            return Err(self.error("FUNCTION record too short"));
        }
        let ty = self.ty(self.op(ops, 0)?)?;
        let fn_ty = match self.m.types.get(ty) {
            Type::Function { .. } => ty,
            Type::Pointer {
                pointee: Some(p), ..
            } if matches!(self.m.types.get(*p), Type::Function { .. }) => *p,
            _ => return Err(self.error("function type is not a function")),
        };
        let params: Vec<TypeId> = match self.m.types.get(fn_ty) {
            Type::Function { params, .. } => params.clone(),
            _ => Vec::new(),
        };
        let addrspace = ops.get(16).copied().unwrap_or(0) as u32;
        let ptr_ty = self.pointer_for(fn_ty, addrspace);
        let attrs = match self.op(ops, 4)? {
            0 => std::sync::Arc::default(),
            n => self
                .attr_lists
                .get(n as usize - 1)
                .cloned()
                .ok_or_else(|| self.error("attribute list index out of range"))?,
        };
        let section = match ops.get(6).copied().unwrap_or(0) {
            0 => None,
            n => Some(
                self.section_names
                    .get(n as usize - 1)
                    .cloned()
                    .ok_or_else(|| self.error("section index out of range"))?,
            ),
        };
        let gc = match ops.get(8).copied().unwrap_or(0) {
            0 => None,
            n => self.gc_names.get(n as usize - 1).cloned(),
        };
        let is_proto = self.op(ops, 2)? != 0;
        let cc =
            u32::try_from(self.op(ops, 1)?).map_err(|_| self.error("bad calling convention"))?;
        let fid = FuncId(self.m.functions.len() as u32);
        self.m.functions.push(Function {
            name,
            fn_ty,
            ty: ptr_ty,
            cc: CallingConv(cc),
            linkage: decode_linkage(self.op(ops, 3)?),
            visibility: decode_visibility(ops.get(7).copied().unwrap_or(0)),
            unnamed_addr: decode_unnamed_addr(ops.get(9).copied().unwrap_or(0)),
            attrs,
            align: decode_align(self.op(ops, 5)?),
            section,
            gc,
            addrspace,
            dso_local: ops.get(15).copied().unwrap_or(0) != 0,
            args: params
                .iter()
                .map(|&ty| Argument { name: None, ty })
                .collect(),
            blocks: Vec::new(),
            insts: Vec::new(),
            attachments: Vec::new(),
            dropped_debug_locations: 0,
            positions: Default::default(),
            debug_records: Vec::new(),
        });
        if !is_proto {
            self.bodies_pending.push(fid);
        }
        self.values.push((ValueRef::Function(fid), ptr_ty));
        Ok(())
    }

    fn alias_record(&mut self, name: String, ops: &[u64], new_form: bool) -> Result<(), LlvmError> {
        let ty = self.ty(self.op(ops, 0)?)?;
        let (value_ty, ptr_ty, rest) = if new_form {
            let addrspace = self.op(ops, 1)? as u32;
            let ptr = self.pointer_for(ty, addrspace);
            (ty, ptr, 2)
        } else {
            let pointee = self.m.types.pointee(ty).unwrap_or(ty);
            (pointee, ty, 1)
        };
        let aliasee = self.op(ops, rest)?;
        let aid = AliasId(self.m.aliases.len() as u32);
        self.m.aliases.push(Alias {
            name,
            ty: ptr_ty,
            value_ty,
            aliasee: ValueRef::Unresolved(0),
            linkage: decode_linkage(self.op(ops, rest + 1)?),
            visibility: decode_visibility(ops.get(rest + 2).copied().unwrap_or(0)),
        });
        self.pending_aliases.push((aid, aliasee));
        self.values.push((ValueRef::Alias(aid), ptr_ty));
        Ok(())
    }

    fn read_module_vst(&mut self, mut block: Block<'a>) -> Result<(), LlvmError> {
        self.seen_module_vst = true;
        let mut ops = Vec::new();
        loop {
            match self.next_entry(&mut block, &mut ops)? {
                Entry::End => return Ok(()),
                Entry::SubBlock(_) => {}
                Entry::Record { code, .. } => {
                    let name_start = match code {
                        1 => 1,
                        3 => 2,
                        _ => continue,
                    };
                    let number = self.op(&ops, 0)?;
                    // Modern FNENTRY records carry only an offset; names live in the strtab.
                    let Some(name_ops) = ops.get(name_start..).filter(|n| !n.is_empty()) else {
                        continue;
                    };
                    let name = chars(name_ops);
                    let (value, _) = self.module_value(number)?;
                    self.set_global_name(value, name);
                }
            }
        }
    }

    fn set_global_name(&mut self, value: ValueRef, name: String) {
        match value {
            ValueRef::Global(g) => {
                if let Some(g) = self.m.globals.get_mut(g.0 as usize) {
                    g.name = name;
                }
            }
            ValueRef::Function(f) => {
                if let Some(f) = self.m.functions.get_mut(f.0 as usize) {
                    f.name = name;
                }
            }
            ValueRef::Alias(a) => {
                if let Some(a) = self.m.aliases.get_mut(a.0 as usize) {
                    a.name = name;
                }
            }
            _ => {}
        }
    }

    fn read_sync_scopes(&mut self, mut block: Block<'a>) -> Result<(), LlvmError> {
        let mut ops = Vec::new();
        loop {
            match self.next_entry(&mut block, &mut ops)? {
                Entry::End => return Ok(()),
                Entry::SubBlock(_) => {}
                Entry::Record { .. } => self.sync_scopes.push(chars(&ops)),
            }
        }
    }
}
