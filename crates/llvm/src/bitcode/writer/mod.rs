//! Bitcode writer: a `Module` as LLVM 15 bitcode (`llvm-dis-15` reads it), with typed
//! pointers when the model has them (SPIR 1.2) and opaque pointers otherwise.
//!
//! Layout as LLVM 15 writes it, without abbreviations (except the string table's blob):
//! identification block, then the module block (version 2: names in the string table;
//! attribute groups and lists, types, globals/functions/aliases, constants, metadata kinds,
//! metadata, sync scopes, one block per function body in definition order, which LLVM's
//! reader matches without a value-symbol-table offset), then the string table.
//!
//! Value numbering is LLVM's: globals, functions, aliases, then every constant (all written
//! at module level), then per function its arguments and the instructions with a result.

mod attributes;
mod bits;
mod constants;
mod debug_info;
mod function;
mod metadata;
mod types;

use std::collections::HashMap;

use crate::error::LlvmError;
use crate::model::*;
use attributes::AttributeTable;
use bits::{encode_align, BitWriter};
use types::TypeNumbering;

/// Writes `m` as LLVM bitcode; `file_name` names the module in errors.
pub fn write_bitcode(m: &Module, file_name: &str) -> Result<Vec<u8>, LlvmError> {
    let mut writer = Writer::new(m, file_name, false);
    writer.prepare()?;
    writer.write()
}

/// Writes `m` with opaque pointers only: every pointer type, typed in the model or not, is
/// the `ptr` of its address space (the form LLVM 15+ uses; loads, GEPs and calls already
/// carry their explicit types).
pub fn write_bitcode_opaque(m: &Module, file_name: &str) -> Result<Vec<u8>, LlvmError> {
    let mut writer = Writer::new(m, file_name, true);
    writer.prepare()?;
    writer.write()
}

pub(crate) struct Writer<'m> {
    m: &'m Module,
    file: &'m str,
    /// The module's types plus the ones the writer needs (`i8*`, mask vectors).
    types: TypeTable,
    numbering: TypeNumbering,
    /// Every pointer written as an opaque `ptr`.
    opaque: bool,
    attrs: AttributeTable<'m>,
    /// Constants the model lacks: shufflevector masks and their elements.
    extra_constants: Vec<Constant>,
    masks: HashMap<Vec<Option<u32>>, u64>,
    mask_elems: HashMap<Option<u32>, u64>,
    /// Named sync scopes, in the order their ids (from 2) are given.
    scopes: Vec<String>,
    /// Metadata kinds by name, numbered in order of first use.
    md_kinds: HashMap<&'m str, u64>,
    md_kind_order: Vec<&'m str>,
    /// `MdOperand::Value`s inside nodes get metadata ids after the model's.
    md_values: HashMap<(TypeId, ValueRef), u64>,
    md_value_order: Vec<(TypeId, ValueRef)>,
    strtab: Vec<u8>,
    section_names: Vec<String>,
    gc_names: Vec<String>,
}

impl<'m> Writer<'m> {
    fn new(m: &'m Module, file: &'m str, opaque: bool) -> Self {
        let mut types = m.types.clone();
        let numbering = TypeNumbering::new(&mut types, opaque);
        Writer {
            m,
            file,
            types,
            numbering,
            opaque,
            attrs: AttributeTable::default(),
            extra_constants: Vec::new(),
            masks: HashMap::new(),
            mask_elems: HashMap::new(),
            scopes: Vec::new(),
            md_kinds: HashMap::new(),
            md_kind_order: Vec::new(),
            md_values: HashMap::new(),
            md_value_order: Vec::new(),
            strtab: Vec::new(),
            section_names: Vec::new(),
            gc_names: Vec::new(),
        }
    }

    fn unsupported(&self, what: impl Into<String>) -> LlvmError {
        LlvmError::Unsupported {
            file: self.file.to_owned(),
            what: what.into(),
        }
    }

    fn type_id(&self, t: TypeId) -> u64 {
        self.numbering.id(t)
    }

    fn global_count(&self) -> u64 {
        (self.m.globals.len() + self.m.functions.len() + self.m.aliases.len()) as u64
    }

    /// Values numbered before any function's arguments.
    fn module_value_count(&self) -> u64 {
        self.global_count() + (self.m.constants.len() + self.extra_constants.len()) as u64
    }

    /// The absolute id of a module-level value.
    fn module_value_id(&self, v: ValueRef) -> Result<u64, LlvmError> {
        let g = self.m.globals.len() as u64;
        let f = self.m.functions.len() as u64;
        Ok(match v {
            ValueRef::Global(x) => x.0 as u64,
            ValueRef::Function(x) => g + x.0 as u64,
            ValueRef::Alias(x) => g + f + x.0 as u64,
            ValueRef::Constant(x) => self.global_count() + x.0 as u64,
            other => {
                return Err(
                    self.unsupported(format!("{other:?} where a module-level value is required"))
                )
            }
        })
    }

    fn md_kind(&mut self, name: &'m str) -> u64 {
        let next = self.md_kind_order.len() as u64;
        let id = *self.md_kinds.entry(name).or_insert(next);
        if id == next {
            self.md_kind_order.push(name);
        }
        id
    }

    fn scope_id(&self, scope: &SyncScope) -> u64 {
        match scope {
            SyncScope::SingleThread => 0,
            SyncScope::System => 1,
            SyncScope::Named(n) => self
                .scopes
                .iter()
                .position(|s| s == n)
                .map_or(1, |p| p as u64 + 2),
        }
    }

    /// The value id of the constant `<N x i32>` shufflevector mask.
    fn mask_id(&self, mask: &[Option<u32>]) -> u64 {
        self.masks.get(mask).copied().unwrap_or(0)
    }

    fn add_mask(&mut self, mask: &[Option<u32>]) {
        if self.masks.contains_key(mask) {
            return;
        }
        let i32t = self.types.int(32);
        let ty = self.types.intern(Type::Vector {
            len: mask.len() as u32,
            elem: i32t,
            scalable: false,
        });
        let kind = if mask.iter().all(Option::is_none) {
            ConstKind::Undef
        } else if mask.iter().all(|e| *e == Some(0)) {
            ConstKind::Null
        } else if mask.iter().all(Option::is_some) {
            ConstKind::Data(mask.iter().map(|e| e.unwrap_or(0) as u64).collect())
        } else {
            let mut elems = Vec::with_capacity(mask.len());
            for e in mask {
                let next = self.m.constants.len() + self.extra_constants.len();
                let id = *self.mask_elems.entry(*e).or_insert(next as u64);
                if id == next as u64 {
                    self.extra_constants.push(Constant {
                        ty: i32t,
                        kind: match e {
                            Some(x) => ConstKind::Int(*x as u64),
                            None => ConstKind::Undef,
                        },
                    });
                }
                elems.push(ValueRef::Constant(ConstId(id as u32)));
            }
            ConstKind::Aggregate(elems)
        };
        let id = self.global_count() + (self.m.constants.len() + self.extra_constants.len()) as u64;
        self.extra_constants.push(Constant { ty, kind });
        self.masks.insert(mask.to_vec(), id);
    }

    /// Everything that must be known before the blocks that precede function bodies are
    /// written: attribute lists, extra constants and types, sync scopes, metadata kinds.
    fn prepare(&mut self) -> Result<(), LlvmError> {
        let m = self.m;
        let mut masks = Vec::new();
        for g in &m.globals {
            self.attrs.add_global(&g.attrs);
        }
        for f in &m.functions {
            self.attrs.add(&f.attrs);
            for (kind, _) in &f.attachments {
                self.md_kind(kind);
            }
            for inst in &f.insts {
                for (kind, _) in &inst.metadata {
                    self.md_kind(kind);
                }
                match &inst.kind {
                    InstKind::Call { attrs, .. } => {
                        self.attrs.add(attrs);
                    }
                    InstKind::ShuffleVector { mask, .. } => masks.push(mask),
                    _ => {}
                }
                let scope = match &inst.kind {
                    InstKind::Load { scope, .. }
                    | InstKind::Store { scope, .. }
                    | InstKind::AtomicRmw { scope, .. }
                    | InstKind::CmpXchg { scope, .. }
                    | InstKind::Fence { scope, .. } => Some(scope),
                    _ => None,
                };
                if let Some(SyncScope::Named(n)) = scope {
                    if !self.scopes.contains(n) {
                        self.scopes.push(n.clone());
                    }
                }
            }
        }
        for g in &m.globals {
            for (kind, _) in &g.attachments {
                self.md_kind(kind);
            }
        }
        for mask in masks {
            self.add_mask(mask);
        }
        // Extra types change the numbering: number again over the grown table.
        self.numbering = TypeNumbering::new(&mut self.types, self.opaque);
        for md in &m.metadata {
            if let Metadata::Node { operands, .. } = md {
                for op in operands {
                    if let MdOperand::Value { ty, value } = op {
                        let next = (m.metadata.len() + self.md_value_order.len()) as u64;
                        let id = *self.md_values.entry((*ty, *value)).or_insert(next);
                        if id == next {
                            self.md_value_order.push((*ty, *value));
                        }
                    }
                }
            }
        }
        for s in m.functions.iter().filter_map(|f| f.section.as_ref()) {
            if !self.section_names.contains(s) {
                self.section_names.push(s.clone());
            }
        }
        for s in m.globals.iter().filter_map(|g| g.section.as_ref()) {
            if !self.section_names.contains(s) {
                self.section_names.push(s.clone());
            }
        }
        for s in m.functions.iter().filter_map(|f| f.gc.as_ref()) {
            if !self.gc_names.contains(s) {
                self.gc_names.push(s.clone());
            }
        }
        Ok(())
    }

    fn strtab_name(&mut self, name: &str) -> [u64; 2] {
        let at = self.strtab.len() as u64;
        self.strtab.extend_from_slice(name.as_bytes());
        [at, name.len() as u64]
    }

    fn write(mut self) -> Result<Vec<u8>, LlvmError> {
        let mut w = BitWriter::new();
        for b in super::BITCODE_MAGIC {
            w.emit(b as u64, 8);
        }
        // IDENTIFICATION: producer string and epoch 0.
        w.enter_block(13, 5);
        w.string_record(1, &[], b"LLVM15.0.7");
        w.record(2, &[0]);
        w.exit_block();

        w.enter_block(8, 3);
        w.record(1, &[2]);
        // Types before attributes, as LLVM writes them: a type attribute (`sret(%T)`) read
        // before the type table has no type, which an opaque-pointer reader cannot recover.
        self.numbering.write(&mut w, &self.types);
        self.attrs.write(&mut w, &self.numbering);
        let m = self.m;
        if let Some(t) = &m.triple {
            w.string_record(2, &[], t.as_bytes());
        }
        if let Some(d) = &m.datalayout {
            w.string_record(3, &[], d.as_bytes());
        }
        if !m.module_asm.is_empty() {
            w.string_record(4, &[], m.module_asm.join("\n").as_bytes());
        }
        for s in &self.section_names {
            w.string_record(5, &[], s.as_bytes());
        }
        for s in &self.gc_names {
            w.string_record(11, &[], s.as_bytes());
        }
        self.write_globals(&mut w)?;
        if let Some(name) = &m.source_filename {
            w.string_record(16, &[], name.as_bytes());
        }
        self.write_constants(&mut w)?;
        self.write_metadata_kinds(&mut w);
        self.write_module_metadata(&mut w)?;
        if !self.scopes.is_empty() {
            w.enter_block(26, 2);
            w.string_record(1, &[], b"singlethread");
            w.string_record(1, &[], b"");
            for s in &self.scopes {
                w.string_record(1, &[], s.as_bytes());
            }
            w.exit_block();
        }
        for f in m.functions.iter().filter(|f| !f.is_declaration()) {
            self.write_function(&mut w, f)?;
        }
        w.exit_block();

        w.enter_block(23, 3);
        w.define_blob_abbrev(1);
        w.blob_record(bits::FIRST_ABBREV, &self.strtab);
        w.exit_block();
        Ok(w.finish())
    }

    fn write_globals(&mut self, w: &mut BitWriter) -> Result<(), LlvmError> {
        let m = self.m;
        for g in &m.globals {
            let name = self.strtab_name(&g.name);
            let init = match g.initializer {
                Some(v) => self.module_value_id(v)? + 1,
                None => 0,
            };
            let section = g.section.as_ref().map_or(0, |s| {
                self.section_names
                    .iter()
                    .position(|x| x == s)
                    .map_or(0, |p| p as u64 + 1)
            });
            let ops = [
                name[0],
                name[1],
                self.type_id(g.value_ty),
                g.is_constant as u64 | 2 | (g.addrspace as u64) << 2,
                init,
                linkage_code(g.linkage),
                encode_align(g.align),
                section,
                visibility_code(g.visibility),
                g.thread_local as u64,
                unnamed_addr_code(g.unnamed_addr),
                g.externally_initialized as u64,
                0,
                0,
                self.attrs.global_id(&g.attrs),
                g.dso_local as u64,
            ];
            w.record(7, &ops);
        }
        for f in &m.functions {
            let name = self.strtab_name(&f.name);
            let attrs = self.attrs.add(&f.attrs);
            let section = f.section.as_ref().map_or(0, |s| {
                self.section_names
                    .iter()
                    .position(|x| x == s)
                    .map_or(0, |p| p as u64 + 1)
            });
            let gc = f.gc.as_ref().map_or(0, |s| {
                self.gc_names
                    .iter()
                    .position(|x| x == s)
                    .map_or(0, |p| p as u64 + 1)
            });
            let ops = [
                name[0],
                name[1],
                self.type_id(f.fn_ty),
                f.cc.0 as u64,
                f.is_declaration() as u64,
                linkage_code(f.linkage),
                attrs,
                encode_align(f.align),
                section,
                visibility_code(f.visibility),
                gc,
                unnamed_addr_code(f.unnamed_addr),
                0,
                0,
                0,
                0,
                0,
                f.dso_local as u64,
                f.addrspace as u64,
            ];
            w.record(8, &ops);
        }
        for a in &m.aliases {
            let name = self.strtab_name(&a.name);
            let addrspace = match self.types.get(a.ty) {
                Type::Pointer { addrspace, .. } => *addrspace,
                _ => 0,
            };
            let ops = [
                name[0],
                name[1],
                self.type_id(a.value_ty),
                addrspace as u64,
                self.module_value_id(a.aliasee)?,
                linkage_code(a.linkage),
                visibility_code(a.visibility),
            ];
            w.record(14, &ops);
        }
        Ok(())
    }
}

fn linkage_code(l: Linkage) -> u64 {
    match l {
        Linkage::External => 0,
        Linkage::Appending => 2,
        Linkage::Internal => 3,
        Linkage::ExternWeak => 7,
        Linkage::Common => 8,
        Linkage::Private => 9,
        Linkage::AvailableExternally => 12,
        Linkage::Weak => 16,
        Linkage::WeakOdr => 17,
        Linkage::LinkOnce => 18,
        Linkage::LinkOnceOdr => 19,
    }
}

fn visibility_code(v: Visibility) -> u64 {
    match v {
        Visibility::Default => 0,
        Visibility::Hidden => 1,
        Visibility::Protected => 2,
    }
}

fn unnamed_addr_code(u: UnnamedAddr) -> u64 {
    match u {
        UnnamedAddr::None => 0,
        UnnamedAddr::Global => 1,
        UnnamedAddr::Local => 2,
    }
}
