//! FUNCTION_BLOCK: instructions, with relative (version >= 1) or absolute
//! value numbering, forward references, names and metadata attachments.

use super::bitstream::{Block, Entry};
use super::constants::decode_signed;
use super::module::decode_align;
use super::{block_id, chars, Reader};
use crate::error::LlvmError;
use crate::model::*;

/// Switch records of LLVM 3.2 with case ranges carry this tag in their first operand.
const SWITCH_INST_MAGIC: u64 = 0x4B5;

struct Body {
    insts: Vec<Instruction>,
    /// The bit offset of each instruction's record.
    positions: Vec<SourcePosition>,
    blocks: Vec<BasicBlock>,
    current: usize,
    /// Bitcode instruction index -> instruction (for attachments).
    inst_map: Vec<InstId>,
    attachments: Vec<(String, MetadataId)>,
    dropped_debug_locations: u32,
    /// The location `DEBUG_LOC_AGAIN` repeats.
    last_location: Option<MetadataId>,
    debug_records: Vec<DebugRecord>,
}

/// A function body as read, before it is stored in its function.
pub(crate) struct ParsedBody {
    pub blocks: Vec<BasicBlock>,
    pub insts: Vec<Instruction>,
    pub positions: Vec<SourcePosition>,
    pub attachments: Vec<(String, MetadataId)>,
    pub dropped_debug_locations: u32,
    pub debug_records: Vec<DebugRecord>,
    /// Parameter names from the body's symbol table, in record order.
    pub arg_names: Vec<(u32, String)>,
}

impl<'a> Reader<'a> {
    pub fn crosses_addrspace(&self, src: TypeId, dest: TypeId) -> bool {
        let space = |t: TypeId| match self.m.types.get(self.m.types.scalar(t)) {
            Type::Pointer { addrspace, .. } => Some(*addrspace),
            _ => None,
        };
        matches!((space(src), space(dest)), (Some(a), Some(b)) if a != b)
    }

    /// LLVM >= 3.6 metadata (not a Value): detected by the identification
    /// block era, i.e. any module using METADATA_STRINGS or new node records.
    fn md_kinds_are_modern(&self) -> bool {
        self.modern_metadata || self.version >= 2
    }

    fn relative(&self) -> bool {
        self.version >= 1
    }

    fn absolute_number(&self, raw: u64) -> u32 {
        let next = self.values.len() as u32;
        if self.relative() {
            next.wrapping_sub(raw as u32)
        } else {
            raw as u32
        }
    }

    /// A value and its type; forward references carry their type in the record.
    fn value_type_pair(&self, ops: &[u64], i: &mut usize) -> Result<(ValueRef, TypeId), LlvmError> {
        let raw = self.op(ops, *i)?;
        *i += 1;
        let number = self.absolute_number(raw);
        if let Some(entry) = self.values.get(number as usize) {
            return Ok(*entry);
        }
        let ty = self.ty(self.op(ops, *i)?)?;
        *i += 1;
        Ok((ValueRef::Unresolved(number), ty))
    }

    fn value_of_type(&self, ops: &[u64], i: &mut usize) -> Result<ValueRef, LlvmError> {
        let raw = self.op(ops, *i)?;
        *i += 1;
        let number = self.absolute_number(raw);
        Ok(match self.values.get(number as usize) {
            Some((v, _)) => *v,
            None => ValueRef::Unresolved(number),
        })
    }

    fn value_signed(&self, raw: u64) -> ValueRef {
        let number = if self.relative() {
            (self.values.len() as i64).wrapping_sub(decode_signed(raw)) as u32
        } else {
            raw as u32
        };
        match self.values.get(number as usize) {
            Some((v, _)) => *v,
            None => ValueRef::Unresolved(number),
        }
    }

    fn absolute_value(&self, number: u64) -> ValueRef {
        match self.values.get(number as usize) {
            Some((v, _)) => *v,
            None => ValueRef::Unresolved(number as u32),
        }
    }

    fn block_ref(&self, body: &Body, n: u64) -> Result<BlockId, LlvmError> {
        if (n as usize) < body.blocks.len() {
            Ok(BlockId(n as u32))
        } else {
            Err(self.error(format!("basic block #{n} out of range")))
        }
    }

    fn sync_scope(&self, id: u64) -> SyncScope {
        if self.sync_scopes.is_empty() {
            if id == 0 {
                SyncScope::SingleThread
            } else {
                SyncScope::System
            }
        } else {
            match self.sync_scopes.get(id as usize).map(String::as_str) {
                Some("") | None => SyncScope::System,
                Some("singlethread") => SyncScope::SingleThread,
                Some(name) => SyncScope::Named(name.to_string()),
            }
        }
    }

    fn ordering(&self, code: u64) -> Result<AtomicOrdering, LlvmError> {
        AtomicOrdering::from_code(code)
            .ok_or_else(|| self.error(format!("invalid atomic ordering {code}")))
    }

    fn push_inst(
        &mut self,
        body: &mut Body,
        ty: TypeId,
        kind: InstKind,
    ) -> Result<InstId, LlvmError> {
        let id = InstId(body.insts.len() as u32);
        let terminator = kind.is_terminator();
        let Some(block) = body.blocks.get_mut(body.current) else {
            return Err(self.error("instruction after the last declared basic block"));
        };
        block.insts.push(id);
        body.positions.push(SourcePosition::Bitcode {
            bit_offset: self.loc.bit,
        });
        body.insts.push(Instruction {
            ty,
            name: None,
            kind,
            metadata: Vec::new(),
        });
        if !self.m.types.is_void(ty) {
            self.values.push((ValueRef::Instruction(id), ty));
        }
        if terminator {
            body.current += 1;
        }
        Ok(id)
    }

    /// `DEBUG_LOC [line, column, scope + 1, inlinedAt + 1, isImplicitCode]` as a (shared)
    /// DILocation node. `None` for pre-3.6 modules (their scopes are values, and LLVM drops
    /// that debug info on upgrade) and for scopes that are not debug-info nodes.
    fn debug_location(&mut self, ops: &[u64]) -> Result<Option<MetadataId>, LlvmError> {
        if !self.md_kinds_are_modern() {
            return Ok(None);
        }
        let line = self.op(ops, 0)?;
        let column = self.op(ops, 1)?;
        let scope = self.op(ops, 2)?;
        let inlined_at = ops.get(3).copied().unwrap_or(0);
        let implicit = ops.get(4).copied().unwrap_or(0);
        let key = [line, column, scope, inlined_at, implicit];
        if let Some(&md) = self.debug_locations.get(&key) {
            return Ok(Some(md));
        }
        let Some(scope) = scope.checked_sub(1) else {
            return Ok(None);
        };
        let scope = self.md_id(scope)?;
        if !matches!(self.m.metadata(scope), Some(Metadata::Specialized(_))) {
            return Ok(None);
        }
        let mut fields = vec![
            ("line".to_string(), DiField::UInt(line)),
            ("column".to_string(), DiField::UInt(column)),
            ("scope".to_string(), DiField::Metadata(scope)),
        ];
        if let Some(ia) = inlined_at.checked_sub(1) {
            fields.push(("inlinedAt".into(), DiField::Metadata(self.md_id(ia)?)));
        }
        if implicit != 0 {
            fields.push(("isImplicitCode".into(), DiField::Bool(true)));
        }
        let md = MetadataId(self.m.metadata.len() as u32);
        self.m.metadata.push(Metadata::Specialized(DiNode {
            kind: "DILocation".into(),
            distinct: false,
            fields,
        }));
        self.debug_locations.insert(key, md);
        Ok(Some(md))
    }

    /// The function the next FUNCTION_BLOCK belongs to (bodies come in the order of the
    /// FUNCTION records that have one), and the parameter types its body starts with.
    pub fn next_body_function(&mut self) -> Result<(FuncId, Vec<TypeId>), LlvmError> {
        let Some(&fid) = self.bodies_pending.get(self.next_body) else {
            return Err(self.error("function body without a defined function"));
        };
        self.next_body += 1;
        if !self.in_function && self.module_md_count == u32::MAX {
            self.module_md_count = self.m.metadata.len() as u32;
            self.module_value_count = self.values.len();
        }
        let arg_types = self
            .m
            .function(fid)
            .map(|f| f.args.iter().map(|a| a.ty).collect())
            .unwrap_or_default();
        Ok((fid, arg_types))
    }

    /// Puts a parsed body into its function.
    pub fn store_function_body(&mut self, fid: FuncId, body: ParsedBody) {
        if let Some(f) = self.m.functions.get_mut(fid.0 as usize) {
            for (a, name) in body.arg_names {
                if let Some(arg) = f.args.get_mut(a as usize) {
                    arg.name = Some(name);
                }
            }
            f.blocks = body.blocks;
            f.insts = body.insts;
            f.positions = InstPositions(body.positions);
            f.attachments.extend(body.attachments);
            f.dropped_debug_locations = body.dropped_debug_locations;
            f.debug_records = body.debug_records;
        }
    }

    /// Reads one FUNCTION_BLOCK. Besides the returned body, the only module state it
    /// changes is what the block itself adds: its constants, metadata, debug locations and
    /// the types its instructions need (the parallel reader relies on this).
    pub fn parse_function_body(
        &mut self,
        arg_types: &[TypeId],
        mut block: Block<'a>,
    ) -> Result<ParsedBody, LlvmError> {
        self.in_function = true;
        self.fn_md_base = self.m.metadata.len() as u32;
        let module_values = self.values.len();
        for (i, ty) in arg_types.iter().enumerate() {
            self.values.push((ValueRef::Argument(i as u32), *ty));
        }
        // Instruction records take some 40-100 bits each (with the block's constants and
        // names): reserving for one per 64 bits avoids regrowing large bodies, and the cap
        // keeps a hostile block length from reserving much.
        let expected_insts = ((block.len_bits() / 64) as usize).min(1 << 14);
        let mut body = Body {
            insts: Vec::with_capacity(expected_insts),
            positions: Vec::with_capacity(expected_insts),
            blocks: Vec::new(),
            current: 0,
            inst_map: Vec::with_capacity(expected_insts),
            attachments: Vec::new(),
            dropped_debug_locations: 0,
            last_location: None,
            debug_records: Vec::new(),
        };
        let mut names: Vec<(u64, String)> = Vec::new();
        let mut block_names: Vec<(u64, String)> = Vec::new();
        let mut ops = Vec::new();
        let result = (|| -> Result<(), LlvmError> {
            loop {
                match self.next_entry(&mut block, &mut ops)? {
                    Entry::End => return Ok(()),
                    Entry::SubBlock(sub) => match sub.id {
                        block_id::CONSTANTS => self.read_constants(sub)?,
                        block_id::METADATA => {
                            self.body_read_metadata = true;
                            self.read_metadata(sub)?
                        }
                        block_id::METADATA_ATTACHMENT => self.read_attachments(sub, &mut body)?,
                        block_id::VALUE_SYMTAB => {
                            let mut sub = sub;
                            let mut vops = Vec::new();
                            loop {
                                match self.next_entry(&mut sub, &mut vops)? {
                                    Entry::End => break,
                                    Entry::SubBlock(_) => {}
                                    Entry::Record { code: 1, .. } => names.push((
                                        self.op(&vops, 0)?,
                                        chars(vops.get(1..).unwrap_or(&[])),
                                    )),
                                    Entry::Record { code: 2, .. } => block_names.push((
                                        self.op(&vops, 0)?,
                                        chars(vops.get(1..).unwrap_or(&[])),
                                    )),
                                    Entry::Record { .. } => {}
                                }
                            }
                        }
                        _ => {}
                    },
                    Entry::Record { code, .. } => self.instruction_record(code, &ops, &mut body)?,
                }
            }
        })();
        result?;
        // Resolve forward references now that every value is defined.
        let values = &self.values;
        let mut unresolved = None;
        for inst in &mut body.insts {
            inst.kind.for_each_operand_mut(|v| {
                if let ValueRef::Unresolved(n) = *v {
                    match values.get(n as usize) {
                        Some((r, _)) if !matches!(r, ValueRef::Unresolved(_)) => *v = *r,
                        _ => unresolved = Some(n),
                    }
                }
            });
        }
        for md in self.m.metadata.iter_mut().skip(self.fn_md_base as usize) {
            let fix = |v: &mut ValueRef, unresolved: &mut Option<u32>| {
                if let ValueRef::Unresolved(n) = *v {
                    match values.get(n as usize) {
                        Some((r, _)) => *v = *r,
                        None => *unresolved = Some(n),
                    }
                }
            };
            match md {
                Metadata::Value { value, .. } => fix(value, &mut unresolved),
                Metadata::Node { operands, .. } => {
                    for op in operands {
                        if let MdOperand::Value { value, .. } = op {
                            fix(value, &mut unresolved);
                        }
                    }
                }
                _ => {}
            }
        }
        if let Some(n) = unresolved {
            return Err(self.error(format!("value #{n} is used but never defined")));
        }
        if body.current < body.blocks.len() {
            return Err(self.error(format!(
                "function has {} blocks but only {} end in a terminator",
                body.blocks.len(),
                body.current
            )));
        }
        let mut arg_names = Vec::new();
        for (number, name) in names {
            match self.values.get(number as usize).map(|e| e.0) {
                Some(ValueRef::Argument(a)) => arg_names.push((a, name)),
                Some(ValueRef::Instruction(i)) => {
                    if let Some(inst) = body.insts.get_mut(i.0 as usize) {
                        inst.name = Some(name);
                    }
                }
                _ => {}
            }
        }
        for (n, name) in block_names {
            if let Some(b) = body.blocks.get_mut(n as usize) {
                b.name = Some(name);
            }
        }
        self.values.truncate(module_values);
        self.in_function = false;
        Ok(ParsedBody {
            blocks: body.blocks,
            insts: body.insts,
            positions: body.positions,
            attachments: body.attachments,
            dropped_debug_locations: body.dropped_debug_locations,
            debug_records: body.debug_records,
            arg_names,
        })
    }

    fn read_attachments(&mut self, mut block: Block<'a>, body: &mut Body) -> Result<(), LlvmError> {
        let mut ops = Vec::new();
        loop {
            match self.next_entry(&mut block, &mut ops)? {
                Entry::End => return Ok(()),
                Entry::SubBlock(_) => {}
                Entry::Record { code: 11, .. } => {
                    if ops.len() % 2 == 0 {
                        for pair in ops.chunks(2) {
                            if let [k, md] = pair {
                                body.attachments
                                    .push((self.kind_name(*k), self.md_id(*md)?));
                            }
                        }
                    } else {
                        let index = self.op(&ops, 0)? as usize;
                        let inst = *body.inst_map.get(index).ok_or_else(|| {
                            self.error(format!("attachment to instruction #{index} out of range"))
                        })?;
                        let mut list = Vec::new();
                        for pair in ops.get(1..).unwrap_or(&[]).chunks(2) {
                            if let [k, md] = pair {
                                list.push((self.kind_name(*k), self.md_id(*md)?));
                            }
                        }
                        if let Some(i) = body.insts.get_mut(inst.0 as usize) {
                            i.metadata.extend(list);
                        }
                    }
                }
                Entry::Record { .. } => {}
            }
        }
    }

    fn fast_math(raw: u64) -> u32 {
        if raw & 1 != 0 {
            // Old "unsafe algebra" means every flag.
            0xFE
        } else {
            (raw as u32) & 0xFE
        }
    }

    fn instruction_record(
        &mut self,
        code: u32,
        ops: &[u64],
        body: &mut Body,
    ) -> Result<(), LlvmError> {
        let mut i = 0usize;
        let void = self.m.types.void();
        let (ty, kind) = match code {
            1 => {
                let n = self.op(ops, 0)?;
                if n == 0 || n > (1 << 20) {
                    return Err(self.error(format!("invalid basic block count {n}")));
                }
                body.blocks = vec![BasicBlock::default(); n as usize];
                return Ok(());
            }
            33 | 35 => {
                let location = if code == 35 {
                    body.last_location = self.debug_location(ops)?;
                    body.last_location
                } else {
                    body.last_location
                };
                match (location, body.insts.last_mut()) {
                    (Some(md), Some(inst)) => inst.metadata.push(("dbg".into(), md)),
                    _ => body.dropped_debug_locations += 1,
                }
                return Ok(());
            }
            2 => {
                let (lhs, ty) = self.value_type_pair(ops, &mut i)?;
                let rhs = self.value_of_type(ops, &mut i)?;
                let opcode = self.op(ops, i)?;
                let fp = self.m.types.is_fp_or_fp_vector(ty);
                let op = BinaryOp::from_code(opcode, fp)
                    .ok_or_else(|| self.error(format!("unknown binary opcode {opcode}")))?;
                let raw_flags = ops.get(i + 1).copied().unwrap_or(0);
                let (flags, fast_math) = if fp {
                    (0, Self::fast_math(raw_flags))
                } else {
                    (raw_flags as u8 & 3, 0)
                };
                (
                    ty,
                    InstKind::Binary {
                        op,
                        lhs,
                        rhs,
                        flags,
                        fast_math,
                    },
                )
            }
            3 => {
                let (value, src) = self.value_type_pair(ops, &mut i)?;
                let dest = self.ty(self.op(ops, i)?)?;
                let opcode = self.op(ops, i + 1)?;
                let op = CastOp::from_code(opcode)
                    .ok_or_else(|| self.error(format!("unknown cast opcode {opcode}")))?;
                if op == CastOp::BitCast && self.crosses_addrspace(src, dest) {
                    // Old bitcode allowed bitcasts between address spaces; LLVM
                    // upgrades them to ptrtoint+inttoptr through i64, so do we.
                    let i64_ty = self.m.types.int(64);
                    let before = self.values.len();
                    let mid = self.push_inst(
                        body,
                        i64_ty,
                        InstKind::Cast {
                            op: CastOp::PtrToInt,
                            value,
                        },
                    )?;
                    self.values.truncate(before);
                    (
                        dest,
                        InstKind::Cast {
                            op: CastOp::IntToPtr,
                            value: ValueRef::Instruction(mid),
                        },
                    )
                } else {
                    (dest, InstKind::Cast { op, value })
                }
            }
            4 | 30 | 43 => {
                let (inbounds, explicit) = if code == 43 {
                    let flags = self.op(ops, 0)?;
                    let t = self.ty(self.op(ops, 1)?)?;
                    i = 2;
                    (flags & 1 != 0, Some(t))
                } else {
                    (code == 30, None)
                };
                let mut operands = Vec::new();
                while i < ops.len() {
                    operands.push(self.value_type_pair(ops, &mut i)?);
                }
                let Some(&(base, base_ty)) = operands.first() else {
                    return Err(self.error("getelementptr without operands"));
                };
                let source_ty = match explicit {
                    Some(t) => t,
                    None => {
                        let s = self.m.types.scalar(base_ty);
                        self.m.types.pointee(s).ok_or_else(|| {
                            self.error("getelementptr base is not a typed pointer")
                        })?
                    }
                };
                let indices = operands.get(1..).unwrap_or(&[]).to_vec();
                let opaque = self.opaque;
                let result = self
                    .m
                    .gep_result_type(source_ty, base_ty, &indices, opaque)
                    .map_err(|e| self.error(e))?;
                (
                    result,
                    InstKind::Gep {
                        source_ty,
                        inbounds,
                        base,
                        indices: indices.iter().map(|(v, _)| *v).collect(),
                    },
                )
            }
            5 => {
                let ty = self.ty(self.op(ops, 0)?)?;
                i = 1;
                let then_value = self.value_of_type(ops, &mut i)?;
                let else_value = self.value_of_type(ops, &mut i)?;
                let cond = self.value_of_type(ops, &mut i)?;
                (
                    ty,
                    InstKind::Select {
                        cond,
                        then_value,
                        else_value,
                        fast_math: 0,
                    },
                )
            }
            29 => {
                let (then_value, ty) = self.value_type_pair(ops, &mut i)?;
                let else_value = self.value_of_type(ops, &mut i)?;
                let (cond, _) = self.value_type_pair(ops, &mut i)?;
                let fast_math = ops.get(i).map(|&f| Self::fast_math(f)).unwrap_or(0);
                (
                    ty,
                    InstKind::Select {
                        cond,
                        then_value,
                        else_value,
                        fast_math,
                    },
                )
            }
            6 => {
                let (vector, vty) = self.value_type_pair(ops, &mut i)?;
                let index = if ops.len() - i == 1 {
                    self.value_of_type(ops, &mut i)?
                } else {
                    self.value_type_pair(ops, &mut i)?.0
                };
                let elem = self
                    .m
                    .types
                    .element(vty, 0)
                    .ok_or_else(|| self.error("extractelement of a non-vector"))?;
                (elem, InstKind::ExtractElement { vector, index })
            }
            7 => {
                let (vector, vty) = self.value_type_pair(ops, &mut i)?;
                let element = self.value_of_type(ops, &mut i)?;
                let index = if ops.len() - i == 1 {
                    self.value_of_type(ops, &mut i)?
                } else {
                    self.value_type_pair(ops, &mut i)?.0
                };
                (
                    vty,
                    InstKind::InsertElement {
                        vector,
                        element,
                        index,
                    },
                )
            }
            8 => {
                let (v1, vty) = self.value_type_pair(ops, &mut i)?;
                let v2 = self.value_of_type(ops, &mut i)?;
                let (mask_value, mask_ty) = self.value_type_pair(ops, &mut i)?;
                let mask = self.shuffle_mask(mask_value, mask_ty)?;
                let elem = self
                    .m
                    .types
                    .element(vty, 0)
                    .ok_or_else(|| self.error("shufflevector of a non-vector"))?;
                let ty = self.m.types.intern(Type::Vector {
                    len: mask.len() as u32,
                    elem,
                    scalable: false,
                });
                (ty, InstKind::ShuffleVector { v1, v2, mask })
            }
            9 | 28 => {
                let (lhs, ty) = self.value_type_pair(ops, &mut i)?;
                let rhs = self.value_of_type(ops, &mut i)?;
                let pred = CmpPredicate(u8::try_from(self.op(ops, i)?).unwrap_or(255));
                if !pred.is_valid() {
                    return Err(self.error("invalid comparison predicate"));
                }
                // The trailing flags are fast-math flags on fcmp (predicates 0..=15) but
                // `samesign` on icmp (LLVM ≥ 20), which changes no result.
                let fast_math = match ops.get(i + 1) {
                    Some(&f) if pred.0 < 32 => Self::fast_math(f),
                    _ => 0,
                };
                let result = self.m.types.bool_like(ty);
                (
                    result,
                    InstKind::Cmp {
                        pred,
                        lhs,
                        rhs,
                        fast_math,
                    },
                )
            }
            10 => {
                if ops.is_empty() {
                    (void, InstKind::Ret { value: None })
                } else {
                    let (v, _) = self.value_type_pair(ops, &mut i)?;
                    if i < ops.len() {
                        return Err(self.error("unsupported construct: multiple-value return"));
                    }
                    (void, InstKind::Ret { value: Some(v) })
                }
            }
            11 => {
                let target = self.block_ref(body, self.op(ops, 0)?)?;
                if ops.len() == 1 {
                    (void, InstKind::Br { target })
                } else {
                    let else_block = self.block_ref(body, self.op(ops, 1)?)?;
                    i = 2;
                    let cond = self.value_of_type(ops, &mut i)?;
                    (
                        void,
                        InstKind::CondBr {
                            cond,
                            then_block: target,
                            else_block,
                        },
                    )
                }
            }
            12 => self.switch_record(ops, body)?,
            15 => (void, InstKind::Unreachable),
            16 => {
                let ty = self.ty(self.op(ops, 0)?)?;
                let mut incoming = Vec::new();
                let pairs = ops.get(1..).unwrap_or(&[]);
                // A trailing odd operand holds fast-math flags.
                for pair in pairs.chunks(2) {
                    if let [v, b] = pair {
                        incoming.push((self.value_signed(*v), self.block_ref(body, *b)?));
                    }
                }
                (ty, InstKind::Phi { incoming })
            }
            19 => {
                if ops.len() < 4 {
                    return Err(self.error("ALLOCA record too short"));
                }
                let ty0 = self.ty(self.op(ops, 0)?)?;
                let count = self.absolute_value(self.op(ops, 2)?);
                let align_record = self.op(ops, 3)?;
                let explicit = align_record & (1 << 6) != 0;
                let align_code = (align_record & 0x1f) | (((align_record >> 8) & 0x7) << 5);
                let addrspace = ops.get(4).copied().unwrap_or(0) as u32;
                let (allocated_ty, result) = if explicit {
                    let p = if self.opaque {
                        self.m.types.pointer_to(None, addrspace)
                    } else {
                        self.m.types.pointer_to(Some(ty0), addrspace)
                    };
                    (ty0, p)
                } else {
                    (
                        self.m
                            .types
                            .pointee(ty0)
                            .ok_or_else(|| self.error("alloca type is not a pointer"))?,
                        ty0,
                    )
                };
                let addrspace = match self.m.types.get(result) {
                    Type::Pointer { addrspace, .. } => *addrspace,
                    _ => 0,
                };
                (
                    result,
                    InstKind::Alloca {
                        allocated_ty,
                        count,
                        align: decode_align(align_code),
                        addrspace,
                    },
                )
            }
            20 | 41 => {
                let (ptr, pty) = self.value_type_pair(ops, &mut i)?;
                let tail = if code == 20 { 2 } else { 4 };
                let ty = if ops.len() - i == tail + 1 {
                    let t = self.ty(self.op(ops, i)?)?;
                    i += 1;
                    t
                } else {
                    self.m
                        .types
                        .pointee(pty)
                        .ok_or_else(|| self.error("load from a pointer without element type"))?
                };
                let align = decode_align(self.op(ops, i)?);
                let volatile = self.op(ops, i + 1)? != 0;
                let (ordering, scope) = if code == 41 {
                    (
                        self.ordering(self.op(ops, i + 2)?)?,
                        self.sync_scope(self.op(ops, i + 3)?),
                    )
                } else {
                    (AtomicOrdering::NotAtomic, SyncScope::System)
                };
                (
                    ty,
                    InstKind::Load {
                        ptr,
                        align,
                        volatile,
                        ordering,
                        scope,
                    },
                )
            }
            24 | 42 | 44 | 45 => {
                let (ptr, _pty) = self.value_type_pair(ops, &mut i)?;
                let value = if code == 24 || code == 42 {
                    self.value_of_type(ops, &mut i)?
                } else {
                    self.value_type_pair(ops, &mut i)?.0
                };
                let align = decode_align(self.op(ops, i)?);
                let volatile = self.op(ops, i + 1)? != 0;
                let (ordering, scope) = if code == 42 || code == 45 {
                    (
                        self.ordering(self.op(ops, i + 2)?)?,
                        self.sync_scope(self.op(ops, i + 3)?),
                    )
                } else {
                    (AtomicOrdering::NotAtomic, SyncScope::System)
                };
                (
                    void,
                    InstKind::Store {
                        ptr,
                        value,
                        align,
                        volatile,
                        ordering,
                        scope,
                    },
                )
            }
            26 => {
                let (aggregate, mut ty) = self.value_type_pair(ops, &mut i)?;
                let mut indices = Vec::new();
                for &idx in ops.get(i..).unwrap_or(&[]) {
                    ty = self
                        .m
                        .types
                        .element(ty, idx)
                        .ok_or_else(|| self.error("extractvalue index out of range"))?;
                    indices.push(idx as u32);
                }
                (ty, InstKind::ExtractValue { aggregate, indices })
            }
            27 => {
                let (aggregate, ty) = self.value_type_pair(ops, &mut i)?;
                let (value, _) = self.value_type_pair(ops, &mut i)?;
                let indices = ops
                    .get(i..)
                    .unwrap_or(&[])
                    .iter()
                    .map(|&x| x as u32)
                    .collect();
                (
                    ty,
                    InstKind::InsertValue {
                        aggregate,
                        value,
                        indices,
                    },
                )
            }
            34 => self.call_record(ops)?,
            36 => {
                let ordering = self.ordering(self.op(ops, 0)?)?;
                let scope = self.sync_scope(self.op(ops, 1)?);
                (void, InstKind::Fence { ordering, scope })
            }
            37 | 46 => return self.cmpxchg_record(code, ops, body),
            38 | 59 => {
                let (ptr, pty) = self.value_type_pair(ops, &mut i)?;
                let (value, vty) = if code == 59 {
                    self.value_type_pair(ops, &mut i)?
                } else {
                    let t = self
                        .m
                        .types
                        .pointee(pty)
                        .ok_or_else(|| self.error("atomicrmw on an untyped pointer"))?;
                    (self.value_of_type(ops, &mut i)?, t)
                };
                let opcode = self.op(ops, i)?;
                let op = RmwOp::from_code(opcode)
                    .ok_or_else(|| self.error(format!("unknown atomicrmw operation {opcode}")))?;
                let volatile = self.op(ops, i + 1)? != 0;
                let ordering = self.ordering(self.op(ops, i + 2)?)?;
                let scope = self.sync_scope(self.op(ops, i + 3)?);
                let align = ops.get(i + 4).and_then(|&a| decode_align(a));
                (
                    vty,
                    InstKind::AtomicRmw {
                        op,
                        ptr,
                        value,
                        volatile,
                        ordering,
                        scope,
                        align,
                    },
                )
            }
            56 => {
                let (value, ty) = self.value_type_pair(ops, &mut i)?;
                let opcode = self.op(ops, i)?;
                if opcode != 0 {
                    return Err(self.error(format!("unknown unary opcode {opcode}")));
                }
                let fast_math = ops.get(i + 1).map(|&f| Self::fast_math(f)).unwrap_or(0);
                (ty, InstKind::FNeg { value, fast_math })
            }
            58 => {
                let (value, ty) = self.value_type_pair(ops, &mut i)?;
                (ty, InstKind::Freeze { value })
            }
            23 => {
                let list_ty = self.ty(self.op(ops, 0)?)?;
                let _ = list_ty;
                let list = self.absolute_or_relative(self.op(ops, 1)?);
                let ty = self.ty(self.op(ops, 2)?)?;
                (ty, InstKind::VaArg { list })
            }
            31 => {
                i = 1;
                let address = self.value_of_type(ops, &mut i)?;
                let mut targets = Vec::new();
                for &b in ops.get(2..).unwrap_or(&[]) {
                    targets.push(self.block_ref(body, b)?);
                }
                (void, InstKind::IndirectBr { address, targets })
            }
            13 => return Err(self.error("unsupported construct: invoke")),
            39 => return Err(self.error("unsupported construct: resume")),
            40 | 47 => return Err(self.error("unsupported construct: landingpad")),
            55 => return Err(self.error("unsupported construct: operand bundle")),
            57 => return Err(self.error("unsupported construct: callbr")),
            48..=54 => return Err(self.error("unsupported construct: exception-handling funclet")),
            60 => return Ok(()), // BLOCKADDR_USERS: an index only
            // Debug records of LLVM ≥ 19 (DEBUG_RECORD_VALUE, _DECLARE, _ASSIGN, _VALUE_SIMPLE:
            // the `#dbg_value(...)` lines of the text form) define no value: they are kept
            // beside the instructions. Labels (_LABEL) are dropped.
            61..=64 => {
                self.debug_record(code, ops, body)?;
                return Ok(());
            }
            65 => return Ok(()),
            other => return Err(self.error(format!("unsupported instruction record code {other}"))),
        };
        let id = self.push_inst(body, ty, kind)?;
        body.inst_map.push(id);
        Ok(())
    }

    /// `DEBUG_RECORD_*: [location, variable, expression, value, ...]`. A record stands before
    /// the instruction it follows in the bitcode (LLVM writes each after its instruction).
    fn debug_record(&mut self, code: u32, ops: &[u64], body: &mut Body) -> Result<(), LlvmError> {
        let Some(before) = body.insts.len().checked_sub(1).map(|i| InstId(i as u32)) else {
            return Err(self.error("debug record before any instruction"));
        };
        let location = self.md_id(self.op(ops, 0)?)?;
        let variable = self.md_id(self.op(ops, 1)?)?;
        let expression = self.md_id(self.op(ops, 2)?)?;
        let value = if code == 64 {
            // _VALUE_SIMPLE: a plain value operand (relative number), not metadata.
            let n = self.absolute_number(self.op(ops, 3)?);
            let Some(&(value, ty)) = self.values.get(n as usize) else {
                // A forward reference: the record is dropped.
                return Ok(());
            };
            let id = MetadataId(self.m.metadata.len() as u32);
            self.m.metadata.push(Metadata::Value { ty, value });
            id
        } else {
            self.md_id(self.op(ops, 3)?)?
        };
        let kind = match code {
            62 => DebugRecordKind::Declare,
            63 => DebugRecordKind::Assign,
            _ => DebugRecordKind::Value,
        };
        body.debug_records.push(DebugRecord {
            kind,
            before,
            value,
            variable,
            expression,
            location,
        });
        Ok(())
    }

    fn absolute_or_relative(&self, raw: u64) -> ValueRef {
        let n = self.absolute_number(raw);
        match self.values.get(n as usize) {
            Some((v, _)) => *v,
            None => ValueRef::Unresolved(n),
        }
    }

    fn shuffle_mask(&self, mask: ValueRef, mask_ty: TypeId) -> Result<Vec<Option<u32>>, LlvmError> {
        self.m
            .shuffle_mask_lanes(mask, mask_ty)
            .map_err(|e| self.error(e))
    }

    fn switch_record(&mut self, ops: &[u64], body: &Body) -> Result<(TypeId, InstKind), LlvmError> {
        let void = self.m.types.void();
        let first = self.op(ops, 0)?;
        if first >> 16 == SWITCH_INST_MAGIC {
            // LLVM 3.2 case-range form: [magic, opty, cond, default, ncases, {nitems, {single, lo, [hi]}, bb}...]
            let ty = self.ty(self.op(ops, 1)?)?;
            let mut i = 2;
            let value = self.value_of_type(ops, &mut i)?;
            let default = self.block_ref(body, self.op(ops, 3)?)?;
            let ncases = self.op(ops, 4)?;
            let mut i = 5;
            let mut cases = Vec::new();
            let wide = matches!(self.m.types.get(ty), Type::Int(w) if *w > 64);
            for _ in 0..ncases.min(ops.len() as u64) {
                let nitems = self.op(ops, i)?;
                i += 1;
                let mut values = Vec::new();
                for _ in 0..nitems.min(ops.len() as u64) {
                    let single = self.op(ops, i)? != 0;
                    i += 1;
                    // Active word counts are only recorded for integers wider than 64 bits.
                    let words = if wide {
                        i += 1;
                        self.op(ops, i - 1)? as usize
                    } else {
                        1
                    };
                    if words != 1 {
                        return Err(self.error(
                            "unsupported construct: switch on integers wider than 64 bits",
                        ));
                    }
                    let low = decode_signed(self.op(ops, i)?) as u64;
                    i += 1;
                    if !single {
                        return Err(self.error("unsupported construct: switch case range"));
                    }
                    values.push(low);
                }
                let target = self.block_ref(body, self.op(ops, i)?)?;
                i += 1;
                for v in values {
                    let c = ConstId(self.m.constants.len() as u32);
                    self.m.constants.push(Constant {
                        ty,
                        kind: ConstKind::Int(v),
                    });
                    cases.push((ValueRef::Constant(c), target));
                }
            }
            return Ok((
                void,
                InstKind::Switch {
                    value,
                    default,
                    cases,
                },
            ));
        }
        let _ty = self.ty(first)?;
        let mut i = 1;
        let value = self.value_of_type(ops, &mut i)?;
        let default = self.block_ref(body, self.op(ops, 2)?)?;
        let mut cases = Vec::new();
        for pair in ops.get(3..).unwrap_or(&[]).chunks(2) {
            let [v, b] = pair else {
                return Err(self.error("odd switch case list"));
            };
            cases.push((self.absolute_value(*v), self.block_ref(body, *b)?));
        }
        Ok((
            void,
            InstKind::Switch {
                value,
                default,
                cases,
            },
        ))
    }

    fn call_record(&mut self, ops: &[u64]) -> Result<(TypeId, InstKind), LlvmError> {
        let attr_index = self.op(ops, 0)?;
        let cc_info = self.op(ops, 1)?;
        let mut i = 2;
        let mut fast_math = 0;
        if cc_info & (1 << 17) != 0 {
            fast_math = Self::fast_math(self.op(ops, i)?);
            i += 1;
        }
        let explicit = if cc_info & (1 << 15) != 0 {
            let t = self.ty(self.op(ops, i)?)?;
            i += 1;
            Some(t)
        } else {
            None
        };
        let (callee, callee_ty) = self.value_type_pair(ops, &mut i)?;
        let fn_ty = match explicit {
            Some(t) => t,
            None => self
                .m
                .types
                .pointee(callee_ty)
                .ok_or_else(|| self.error("callee is not a typed function pointer"))?,
        };
        let Some((ret, params, vararg)) = self
            .m
            .types
            .function_signature(fn_ty)
            .map(|(r, p, v)| (r, p.to_vec(), v))
        else {
            return Err(self.error("call through a non-function type"));
        };
        let mut args = Vec::with_capacity(params.len());
        for p in &params {
            if self.m.types.is_label(*p) {
                return Err(self.error("unsupported construct: label argument"));
            }
            if self.m.types.is_metadata(*p) && self.md_kinds_are_modern() {
                // Modern bitcode numbers metadata arguments in the metadata list.
                let raw = self.op(ops, i)?;
                i += 1;
                let number = self.absolute_number(raw);
                args.push(ValueRef::Metadata(self.md_id(number as u64)?));
                continue;
            }
            args.push(self.value_of_type(ops, &mut i)?);
        }
        if vararg {
            while i < ops.len() {
                args.push(self.value_type_pair(ops, &mut i)?.0);
            }
        } else if i != ops.len() {
            return Err(self.error("call has more arguments than its function type"));
        }
        let attrs = match attr_index {
            0 => std::sync::Arc::default(),
            n => self
                .attr_lists
                .get(n as usize - 1)
                .cloned()
                .ok_or_else(|| self.error("attribute list index out of range"))?,
        };
        let tail = if cc_info & (1 << 14) != 0 {
            TailKind::MustTail
        } else if cc_info & (1 << 16) != 0 {
            TailKind::NoTail
        } else if cc_info & 1 != 0 {
            TailKind::Tail
        } else {
            TailKind::None
        };
        let cc = CallingConv(((cc_info >> 1) & 0x3ff) as u32);
        Ok((
            ret,
            InstKind::Call {
                callee,
                fn_ty,
                args,
                cc,
                tail,
                attrs,
                fast_math,
            },
        ))
    }

    fn cmpxchg_record(&mut self, code: u32, ops: &[u64], body: &mut Body) -> Result<(), LlvmError> {
        let mut i = 0;
        let (ptr, pty) = self.value_type_pair(ops, &mut i)?;
        let (expected, ety) = if code == 46 {
            self.value_type_pair(ops, &mut i)?
        } else {
            let t = self
                .m
                .types
                .pointee(pty)
                .ok_or_else(|| self.error("cmpxchg on an untyped pointer"))?;
            (self.value_of_type(ops, &mut i)?, t)
        };
        let new_value = self.value_of_type(ops, &mut i)?;
        let volatile = self.op(ops, i)? != 0;
        let success = self.ordering(self.op(ops, i + 1)?)?;
        let scope = self.sync_scope(self.op(ops, i + 2)?);
        let failure = match ops.get(i + 3) {
            Some(&f) => self.ordering(f)?,
            // Pre-3.5: failure ordering derived from success.
            None => match success {
                AtomicOrdering::AcqRel => AtomicOrdering::Acquire,
                AtomicOrdering::Release => AtomicOrdering::Monotonic,
                o => o,
            },
        };
        let weak = ops.get(i + 4).copied().unwrap_or(0) != 0;
        let align = ops.get(i + 5).and_then(|&a| decode_align(a));
        let pair_ty = self.m.types.cmpxchg_result(ety);
        let kind = InstKind::CmpXchg {
            ptr,
            expected,
            new_value,
            volatile,
            weak,
            success,
            failure,
            scope,
            align,
        };
        let old_form = code == 37 && ops.len() < i + 5;
        if old_form {
            // Before LLVM 3.5 cmpxchg returned only the loaded value: model it as
            // the modern pair plus an extractvalue, as LLVM's own upgrade does.
            let before = self.values.len();
            let pair = self.push_inst(body, pair_ty, kind)?;
            self.values.truncate(before);
            let id = self.push_inst(
                body,
                ety,
                InstKind::ExtractValue {
                    aggregate: ValueRef::Instruction(pair),
                    indices: vec![0],
                },
            )?;
            body.inst_map.push(id);
        } else {
            let id = self.push_inst(body, pair_ty, kind)?;
            body.inst_map.push(id);
        }
        Ok(())
    }
}
