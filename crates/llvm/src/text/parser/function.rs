//! Function definitions and instructions.

use super::{LocalState, PResult, Parser};
use crate::model::*;
use crate::text::lexer::{GlobalName, Tok};

fn calling_conv(word: &str) -> Option<CallingConv> {
    Some(match word {
        "ccc" => CallingConv::C,
        "fastcc" => CallingConv::FAST,
        "coldcc" => CallingConv::COLD,
        "spir_func" => CallingConv::SPIR_FUNC,
        "spir_kernel" => CallingConv::SPIR_KERNEL,
        _ => return None,
    })
}

impl<'s> Parser<'s> {
    fn parse_cc(&mut self) -> PResult<CallingConv> {
        if let Tok::Word(w) = self.peek().clone() {
            if let Some(cc) = calling_conv(&w) {
                self.next();
                return Ok(cc);
            }
            if w == "cc" {
                self.next();
                let n = self.expect_u64()?;
                return Ok(CallingConv(
                    u32::try_from(n).map_err(|_| self.err("calling convention out of range"))?,
                ));
            }
        }
        Ok(CallingConv::C)
    }

    pub(super) fn parse_function(&mut self) -> PResult<()> {
        let is_define = matches!(self.next(), Tok::Word(w) if w == "define");
        // A declaration's attachments come first: `declare !dbg !5 void @f()`.
        let mut leading_attachments = Vec::new();
        while let Tok::MetaName(kind) = self.peek().clone() {
            self.next();
            leading_attachments.push((kind, self.parse_metadata_ref()?));
        }
        let (linkage, visibility, dso_local) = self.parse_linkage_and_flags();
        let cc = self.parse_cc()?;
        let (ret_attrs, _) = self.parse_attributes(false)?;
        let ret = self.parse_type()?;
        let (l, c) = self.here();
        let name = match self.next() {
            Tok::Global(n) => n,
            _ => return Err(self.err_at(l, c, "expected a function name")),
        };
        let Some(ValueRef::Function(fid)) = self.globals.get(&name).copied() else {
            return Err(self.err_at(l, c, format!("'@{name}' is not a function")));
        };
        self.expect_punct('(')?;
        let mut params = Vec::new();
        let mut param_attrs = Vec::new();
        let mut arg_names = Vec::new();
        let mut vararg = false;
        if !self.eat_punct(')') {
            loop {
                if *self.peek() == Tok::Ellipsis {
                    self.next();
                    vararg = true;
                } else {
                    let t = self.parse_type()?;
                    let (a, _) = self.parse_attributes(false)?;
                    let n = match self.peek().clone() {
                        Tok::Local(n) => {
                            self.next();
                            Some(n)
                        }
                        _ => None,
                    };
                    params.push(t);
                    param_attrs.push(a);
                    arg_names.push(n);
                }
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        let mut unnamed_addr = UnnamedAddr::None;
        let mut addrspace = 0;
        let mut fn_attrs = Vec::new();
        let mut groups = Vec::new();
        let mut section = None;
        let mut align = None;
        let mut gc = None;
        let mut attachments = leading_attachments;
        loop {
            if self.eat_word("unnamed_addr") {
                unnamed_addr = UnnamedAddr::Global;
            } else if self.eat_word("local_unnamed_addr") {
                unnamed_addr = UnnamedAddr::Local;
            } else if self.is_word("addrspace") {
                addrspace = self.parse_addrspace()?;
            } else if self.eat_word("section") {
                section = Some(String::from_utf8_lossy(&self.expect_string()?).into_owned());
            } else if self.eat_word("align") {
                align = Some(self.expect_u64()?);
            } else if self.eat_word("gc") {
                gc = Some(String::from_utf8_lossy(&self.expect_string()?).into_owned());
            } else if self.eat_word("comdat") {
                if self.eat_punct('(') {
                    self.next();
                    self.expect_punct(')')?;
                }
            } else if self.is_word("personality")
                || self.is_word("prefix")
                || self.is_word("prologue")
            {
                return Err(self.err("unsupported construct: personality/prefix/prologue"));
            } else if let (Tok::MetaName(kind), false) = (
                self.peek().clone(),
                matches!(self.peek_at(1), Tok::Punct('=')),
            ) {
                self.next();
                let md = self.parse_metadata_ref()?;
                attachments.push((kind, md));
            } else {
                let before = self.pos;
                let (a, g) = self.parse_attributes(true)?;
                fn_attrs.extend(a);
                groups.extend(g);
                if self.pos == before {
                    break;
                }
            }
        }
        let fn_ty = self.m.types.intern(Type::Function {
            ret,
            params: params.clone(),
            vararg,
        });
        let ty = self.pointer_for(fn_ty, addrspace);
        for g in groups {
            self.pending_fn_groups.push((fid, g));
        }
        let args: Vec<Argument> = params
            .iter()
            .zip(&arg_names)
            .map(|(t, n)| Argument {
                name: n.clone().filter(|n| !n.bytes().all(|d| d.is_ascii_digit())),
                ty: *t,
            })
            .collect();
        if let Some(f) = self.m.functions.get_mut(fid.0 as usize) {
            f.fn_ty = fn_ty;
            f.ty = ty;
            f.cc = cc;
            f.linkage = linkage.unwrap_or_default();
            f.visibility = visibility;
            f.dso_local = dso_local;
            f.unnamed_addr = unnamed_addr;
            f.addrspace = addrspace;
            f.attrs = std::sync::Arc::new(AttributeList {
                function: fn_attrs,
                ret: ret_attrs,
                params: param_attrs,
            });
            f.section = section;
            f.align = align;
            f.gc = gc;
            f.attachments = attachments;
            f.args = args.clone();
        }
        if !is_define {
            return Ok(());
        }
        self.expect_punct('{')?;
        self.local = LocalState::default();
        self.cur_args = args;
        self.cur_insts = Vec::new();
        self.cur_positions = Vec::new();
        self.cur_blocks = Vec::new();
        self.cur_debug_records = Vec::new();
        for (i, (n, t)) in arg_names.iter().zip(&params).enumerate() {
            let key = match n {
                Some(n) => n.clone(),
                None => self.local.next_unnamed.to_string(),
            };
            self.register_local(key, ValueRef::Argument(i as u32), *t)?;
        }
        self.parse_body(fid)
    }

    /// Declares intrinsic `name` with the type of its first call, as LLVM's
    /// parser does for an intrinsic used without a `declare`.
    fn declare_implicit_intrinsic(&mut self, name: String, fn_ty: TypeId) -> ValueRef {
        let id = FuncId(self.m.functions.len() as u32);
        let args = self
            .m
            .types
            .function_signature(fn_ty)
            .map(|(_, params, _)| {
                params
                    .iter()
                    .map(|&ty| Argument { name: None, ty })
                    .collect()
            })
            .unwrap_or_default();
        let ty = self.pointer_for(fn_ty, 0);
        self.m
            .functions
            .push(Function::declaration(name.clone(), fn_ty, ty, args));
        self.globals
            .insert(GlobalName::Named(name), ValueRef::Function(id));
        ValueRef::Function(id)
    }

    /// Records a local value; numeric names advance the unnamed counter. Numbers may skip
    /// ahead but never go back (LLVM 19 and later accept `%0`, `%2`, ...).
    fn register_local(&mut self, name: String, v: ValueRef, ty: TypeId) -> PResult<()> {
        if let Ok(n) = name.parse::<u32>() {
            if n < self.local.next_unnamed {
                return Err(self.err(format!(
                    "instruction expected to be numbered '%{}' or greater",
                    self.local.next_unnamed
                )));
            }
            self.local.next_unnamed = n + 1;
        }
        if self.local.values.insert(name.clone(), (v, ty)).is_some() {
            return Err(self.err(format!("multiple definition of local value named '{name}'")));
        }
        Ok(())
    }

    fn block_ref(&mut self, name: &str) -> BlockId {
        if let Some(id) = self.local.block_sight.get(name) {
            return BlockId(*id);
        }
        let id = self.local.block_defined.len() as u32;
        self.local.block_defined.push(None);
        self.local.block_first_use.push(self.here());
        self.local.block_sight.insert(name.to_string(), id);
        BlockId(id)
    }

    fn parse_label_ref(&mut self) -> PResult<BlockId> {
        self.expect_word("label")?;
        match self.next() {
            Tok::Local(n) => Ok(self.block_ref(&n)),
            _ => {
                self.pos = self.pos.saturating_sub(1);
                Err(self.err("expected a block label"))
            }
        }
    }

    fn start_block(&mut self, name: Option<String>) -> PResult<()> {
        let key = match &name {
            Some(n) => n.clone(),
            None => self.local.next_unnamed.to_string(),
        };
        if let Ok(n) = key.parse::<u32>() {
            if n < self.local.next_unnamed {
                return Err(self.err(format!(
                    "label expected to be numbered '{}' or greater",
                    self.local.next_unnamed
                )));
            }
            self.local.next_unnamed = n + 1;
        }
        let sight = self.block_ref(&key).0;
        let def = self.cur_blocks.len() as u32;
        match self.local.block_defined.get_mut(sight as usize) {
            Some(slot @ None) => *slot = Some(def),
            _ => return Err(self.err(format!("redefinition of block '%{key}'"))),
        }
        let model_name = name.filter(|n| !n.bytes().all(|d| d.is_ascii_digit()));
        self.cur_blocks.push(BasicBlock {
            name: model_name,
            insts: Vec::new(),
        });
        Ok(())
    }

    fn parse_body(&mut self, fid: FuncId) -> PResult<()> {
        loop {
            match self.peek().clone() {
                Tok::Punct('}') => {
                    self.next();
                    break;
                }
                Tok::Label(name) => {
                    self.next();
                    self.start_block(Some(name))?;
                }
                Tok::Eof => return Err(self.err("expected '}' at end of function")),
                Tok::Word(w) if w == "uselistorder" || w == "uselistorder_bb" => {
                    self.next();
                    self.skip_use_list_order()?;
                }
                Tok::Word(w) if w.starts_with("#dbg_") => {
                    self.next();
                    let start = self.pos;
                    if self.parse_debug_record(&w).is_err() {
                        // A record this reader cannot keep (a label, a value defined later)
                        // is dropped, as debug locations it cannot read are.
                        self.pos = start;
                        self.skip_debug_record()?;
                    }
                }
                _ => {
                    if self.cur_blocks.is_empty() {
                        self.start_block(None)?;
                    }
                    self.parse_instruction(fid)?;
                }
            }
        }
        self.finish_function(fid)
    }

    /// The operands of `#dbg_value` / `#dbg_declare` / `#dbg_assign` (the name already read):
    /// `(value, variable, expression[, assign-id, address, address-expression], location)`.
    fn parse_debug_record(&mut self, name: &str) -> PResult<()> {
        let kind = match name {
            "#dbg_value" => DebugRecordKind::Value,
            "#dbg_declare" => DebugRecordKind::Declare,
            "#dbg_assign" => DebugRecordKind::Assign,
            _ => return Err(self.err("debug record not kept")),
        };
        self.expect_punct('(')?;
        let mut operands = Vec::new();
        loop {
            operands.push(self.parse_metadata_ref()?);
            if self.eat_punct(')') {
                break;
            }
            self.expect_punct(',')?;
        }
        let wanted = if kind == DebugRecordKind::Assign {
            7
        } else {
            4
        };
        let (Some(&value), Some(&variable), Some(&expression), Some(&location), true) = (
            operands.first(),
            operands.get(1),
            operands.get(2),
            operands.last(),
            operands.len() == wanted,
        ) else {
            return Err(self.err("malformed debug record"));
        };
        let before = InstId(self.cur_insts.len() as u32);
        self.cur_debug_records.push(DebugRecord {
            kind,
            before,
            value,
            variable,
            expression,
            location,
        });
        Ok(())
    }

    /// Skips a debug record's parenthesized operands.
    fn skip_debug_record(&mut self) -> PResult<()> {
        self.expect_punct('(')?;
        let mut depth = 1;
        while depth > 0 {
            match self.next() {
                Tok::Punct('(') => depth += 1,
                Tok::Punct(')') => depth -= 1,
                Tok::Eof => return Err(self.err("unterminated debug record")),
                _ => {}
            }
        }
        Ok(())
    }

    fn finish_function(&mut self, fid: FuncId) -> PResult<()> {
        // Forward references by name.
        let mut resolved = Vec::with_capacity(self.local.forward.len());
        for (name, l, c) in &self.local.forward {
            match self.local.values.get(name) {
                Some((v, _)) => resolved.push(*v),
                None => {
                    return Err(self.err_at(*l, *c, format!("use of undefined value '%{name}'")))
                }
            }
        }
        // Blocks: sight order -> definition order.
        let mut map = Vec::with_capacity(self.local.block_defined.len());
        for (i, d) in self.local.block_defined.iter().enumerate() {
            match d {
                Some(d) => map.push(*d),
                None => {
                    let (l, c) = self.local.block_first_use.get(i).copied().unwrap_or((1, 1));
                    return Err(self.err_at(l, c, "use of undefined basic block"));
                }
            }
        }
        let remap = |b: &mut BlockId| {
            if let Some(d) = map.get(b.0 as usize) {
                *b = BlockId(*d);
            }
        };
        for inst in &mut self.cur_insts {
            inst.kind.for_each_operand_mut(|v| {
                if let ValueRef::Unresolved(i) = *v {
                    if let Some(r) = resolved.get(i as usize) {
                        *v = *r;
                    }
                }
            });
            match &mut inst.kind {
                InstKind::Br { target } => remap(target),
                InstKind::CondBr {
                    then_block,
                    else_block,
                    ..
                } => {
                    remap(then_block);
                    remap(else_block);
                }
                InstKind::Switch { default, cases, .. } => {
                    remap(default);
                    cases.iter_mut().for_each(|(_, b)| remap(b));
                }
                InstKind::IndirectBr { targets, .. } => targets.iter_mut().for_each(remap),
                InstKind::Phi { incoming } => incoming.iter_mut().for_each(|(_, b)| remap(b)),
                _ => {}
            }
        }
        for (bi, b) in self.cur_blocks.iter().enumerate() {
            let terminated = b
                .insts
                .last()
                .and_then(|i| self.cur_insts.get(i.0 as usize))
                .is_some_and(|i| i.kind.is_terminator());
            if !terminated {
                return Err(self.err(format!(
                    "block {bi} of '@{}' does not end in a terminator",
                    self.m
                        .functions
                        .get(fid.0 as usize)
                        .map(|f| f.name.as_str())
                        .unwrap_or("?")
                )));
            }
        }
        if let Some(f) = self.m.functions.get_mut(fid.0 as usize) {
            f.blocks = std::mem::take(&mut self.cur_blocks);
            f.insts = std::mem::take(&mut self.cur_insts);
            f.positions = InstPositions(std::mem::take(&mut self.cur_positions));
            f.debug_records = std::mem::take(&mut self.cur_debug_records);
        }
        Ok(())
    }

    fn value_type(&self, v: ValueRef) -> Option<TypeId> {
        match v {
            ValueRef::Argument(a) => self.cur_args.get(a as usize).map(|a| a.ty),
            ValueRef::Instruction(i) => self.cur_insts.get(i.0 as usize).map(|i| i.ty),
            _ => self.m.value_type(v),
        }
    }

    fn push_inst(&mut self, name: Option<String>, ty: TypeId, kind: InstKind) -> PResult<InstId> {
        let id = InstId(self.cur_insts.len() as u32);
        let void = self.m.types.is_void(ty);
        if void && name.is_some() {
            return Err(self.err("instructions returning void cannot have a name"));
        }
        if !void {
            let key = name
                .clone()
                .unwrap_or_else(|| self.local.next_unnamed.to_string());
            self.register_local(key, ValueRef::Instruction(id), ty)?;
        }
        let model_name = name.filter(|n| !n.bytes().all(|d| d.is_ascii_digit()));
        let terminator = kind.is_terminator();
        self.cur_positions.push(self.cur_inst_start);
        self.cur_insts.push(Instruction {
            ty,
            name: model_name,
            kind,
            metadata: Vec::new(),
        });
        if let Some(b) = self.cur_blocks.last_mut() {
            b.insts.push(id);
        }
        if terminator {
            // The next instruction without a label starts a new unnamed block.
            if !matches!(self.peek(), Tok::Label(_) | Tok::Punct('}')) {
                self.start_block(None)?;
            }
        }
        Ok(id)
    }

    fn parse_ordering(&mut self) -> PResult<AtomicOrdering> {
        let o = match self.peek() {
            Tok::Word(w) => AtomicOrdering::from_keyword(w),
            _ => None,
        }
        .ok_or_else(|| self.err("expected an atomic ordering"))?;
        self.next();
        Ok(o)
    }

    fn parse_scope(&mut self) -> PResult<SyncScope> {
        if self.eat_word("singlethread") {
            return Ok(SyncScope::SingleThread);
        }
        if self.eat_word("syncscope") {
            self.expect_punct('(')?;
            let s = String::from_utf8_lossy(&self.expect_string()?).into_owned();
            self.expect_punct(')')?;
            return Ok(if s == "singlethread" {
                SyncScope::SingleThread
            } else {
                SyncScope::Named(s)
            });
        }
        Ok(SyncScope::System)
    }

    /// `, align N` and `, !kind !N` tails; returns the alignment.
    fn parse_tail(&mut self, inst_md: &mut Vec<(String, MetadataId)>) -> PResult<Option<u64>> {
        let mut align = None;
        while self.is_punct(',') {
            match self.peek_at(1).clone() {
                Tok::Word(w) if w == "align" => {
                    self.next();
                    self.next();
                    align = Some(self.expect_u64()?);
                }
                Tok::MetaName(kind) => {
                    self.next();
                    self.next();
                    let md = self.parse_metadata_ref()?;
                    inst_md.push((kind, md));
                }
                _ => break,
            }
        }
        Ok(align)
    }

    fn shuffle_mask(&self, mask: ValueRef, mask_ty: TypeId) -> PResult<Vec<Option<u32>>> {
        self.m
            .shuffle_mask_lanes(mask, mask_ty)
            .map_err(|e| self.err(e))
    }

    fn parse_instruction(&mut self, fid: FuncId) -> PResult<()> {
        let (line, col) = self.here();
        self.cur_inst_start = SourcePosition::Text { line, col };
        let name = match (self.peek().clone(), self.peek_at(1).clone()) {
            (Tok::Local(n), Tok::Punct('=')) => {
                self.next();
                self.next();
                Some(n)
            }
            _ => None,
        };
        let (l, c) = self.here();
        let opcode = match self.next() {
            Tok::Word(w) => w,
            _ => return Err(self.err_at(l, c, "expected an instruction opcode")),
        };
        let void = self.m.types.void();
        let mut md = Vec::new();
        let mut call_groups = Vec::new();
        let (ty, kind) = match opcode.as_str() {
            op if BinaryOp::from_keyword(op).is_some() => {
                let bop = BinaryOp::from_keyword(op).unwrap_or(BinaryOp::Add);
                let flags = self.parse_binary_flags();
                let fast_math = self.parse_fast_math();
                let (ty, lhs) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let rhs = self.parse_value(ty)?;
                (
                    ty,
                    InstKind::Binary {
                        op: bop,
                        lhs,
                        rhs,
                        flags,
                        fast_math,
                    },
                )
            }
            "fneg" => {
                let fast_math = self.parse_fast_math();
                let (ty, value) = self.parse_typed_value()?;
                (ty, InstKind::FNeg { value, fast_math })
            }
            op if CastOp::from_keyword(op).is_some() => {
                let cop = CastOp::from_keyword(op).unwrap_or(CastOp::BitCast);
                while self.eat_word("nneg") || self.eat_word("nuw") || self.eat_word("nsw") {}
                let (_, value) = self.parse_typed_value()?;
                self.expect_word("to")?;
                let dest = self.parse_type()?;
                (dest, InstKind::Cast { op: cop, value })
            }
            "icmp" | "fcmp" => {
                let fast_math = self.parse_fast_math();
                self.eat_word("samesign");
                let pred = self.parse_predicate(opcode == "fcmp")?;
                let (ty, lhs) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let rhs = self.parse_value(ty)?;
                let r = self.m.types.bool_like(ty);
                (
                    r,
                    InstKind::Cmp {
                        pred,
                        lhs,
                        rhs,
                        fast_math,
                    },
                )
            }
            "alloca" => {
                self.eat_word("inalloca");
                let allocated_ty = self.parse_type()?;
                let mut count = None;
                let mut align = None;
                let mut addrspace = 0;
                while self.is_punct(',') {
                    match self.peek_at(1).clone() {
                        Tok::Word(w) if w == "align" => {
                            self.next();
                            self.next();
                            align = Some(self.expect_u64()?);
                        }
                        Tok::Word(w) if w == "addrspace" => {
                            self.next();
                            addrspace = self.parse_addrspace()?;
                        }
                        Tok::MetaName(_) => break,
                        _ => {
                            self.next();
                            count = Some(self.parse_typed_value()?.1);
                        }
                    }
                }
                let count = match count {
                    Some(c) => c,
                    None => {
                        let i32t = self.m.types.int(32);
                        self.push_const(i32t, ConstKind::Int(1))
                    }
                };
                let ptr = self.pointer_for(allocated_ty, addrspace);
                (
                    ptr,
                    InstKind::Alloca {
                        allocated_ty,
                        count,
                        align,
                        addrspace,
                    },
                )
            }
            "load" => {
                let atomic = self.eat_word("atomic");
                let volatile = self.eat_word("volatile");
                let first = self.parse_type()?;
                let (ty, ptr) = if self.eat_punct(',') {
                    (first, self.parse_typed_value()?.1)
                } else {
                    let p = self.parse_value(first)?;
                    (
                        self.m.types.pointee(first).ok_or_else(|| {
                            self.err_at(l, c, "load from a pointer without element type")
                        })?,
                        p,
                    )
                };
                let (scope, ordering) = if atomic {
                    (self.parse_scope()?, self.parse_ordering()?)
                } else {
                    (SyncScope::System, AtomicOrdering::NotAtomic)
                };
                let align = self.parse_tail(&mut md)?;
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
            "store" => {
                let atomic = self.eat_word("atomic");
                let volatile = self.eat_word("volatile");
                let (_, value) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (_, ptr) = self.parse_typed_value()?;
                let (scope, ordering) = if atomic {
                    (self.parse_scope()?, self.parse_ordering()?)
                } else {
                    (SyncScope::System, AtomicOrdering::NotAtomic)
                };
                let align = self.parse_tail(&mut md)?;
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
            "getelementptr" => {
                let inbounds = self.eat_word("inbounds");
                while self.eat_word("nuw") || self.eat_word("nusw") {}
                let (source_ty, base_ty, base) = self.parse_gep_base((l, c))?;
                let mut indices = Vec::new();
                while self.is_punct(',') && !matches!(self.peek_at(1), Tok::MetaName(_)) {
                    self.next();
                    indices.push(self.parse_typed_value()?);
                }
                let with_types: Vec<(ValueRef, TypeId)> =
                    indices.iter().map(|&(t, v)| (v, t)).collect();
                let opaque = self.opaque;
                let result = self
                    .m
                    .gep_result_type(source_ty, base_ty, &with_types, opaque)
                    .map_err(|e| self.err(e))?;
                (
                    result,
                    InstKind::Gep {
                        source_ty,
                        inbounds,
                        base,
                        indices: indices.into_iter().map(|(_, v)| v).collect(),
                    },
                )
            }
            "tail" | "musttail" | "notail" | "call" => {
                let tail = match opcode.as_str() {
                    "tail" => TailKind::Tail,
                    "musttail" => TailKind::MustTail,
                    "notail" => TailKind::NoTail,
                    _ => TailKind::None,
                };
                if tail != TailKind::None {
                    self.expect_word("call")?;
                }
                let fast_math = self.parse_fast_math();
                let cc = self.parse_cc()?;
                let (ret_attrs, _) = self.parse_attributes(false)?;
                if self.is_word("addrspace") {
                    self.parse_addrspace()?;
                }
                let t = self.parse_type()?;
                let explicit_fn = match self.m.types.get(t) {
                    Type::Function { .. } => Some(t),
                    Type::Pointer {
                        pointee: Some(p), ..
                    } if matches!(self.m.types.get(*p), Type::Function { .. }) => Some(*p),
                    _ => None,
                };
                // LLVM declares an intrinsic a call names without a `declare`
                // (the call site gives its type); the declaration is made below.
                let implicit_intrinsic = match self.peek() {
                    Tok::Global(n)
                        if n.named().is_some_and(|n| n.starts_with("llvm."))
                            && !self.globals.contains_key(n) =>
                    {
                        Some(n.ir_name())
                    }
                    _ => None,
                };
                let callee = match &implicit_intrinsic {
                    Some(_) => {
                        self.next();
                        ValueRef::Unresolved(0)
                    }
                    None => self.parse_value(explicit_fn.unwrap_or(t))?,
                };
                self.expect_punct('(')?;
                let mut args = Vec::new();
                let mut arg_types = Vec::new();
                let mut param_attrs = Vec::new();
                if !self.eat_punct(')') {
                    loop {
                        let at = self.parse_type()?;
                        let (a, _) = self.parse_attributes(false)?;
                        let v = if self.m.types.is_metadata(at) {
                            ValueRef::Metadata(self.parse_metadata_ref()?)
                        } else {
                            self.parse_value(at)?
                        };
                        args.push(v);
                        arg_types.push(at);
                        param_attrs.push(a);
                        if self.eat_punct(')') {
                            break;
                        }
                        self.expect_punct(',')?;
                    }
                }
                let (fn_attrs, groups) = self.parse_attributes(true)?;
                call_groups = groups;
                if self.is_punct('[') {
                    return Err(self.err("unsupported construct: operand bundle"));
                }
                let fn_ty = match explicit_fn {
                    Some(f) => f,
                    None => self.m.types.intern(Type::Function {
                        ret: t,
                        params: arg_types,
                        vararg: false,
                    }),
                };
                let callee = match implicit_intrinsic {
                    Some(name) => self.declare_implicit_intrinsic(name, fn_ty),
                    None => callee,
                };
                if let ValueRef::Constant(cid) = callee {
                    if let Some(k) = self.m.constants.get_mut(cid.0 as usize) {
                        if let ConstKind::InlineAsm(asm) = &mut k.kind {
                            asm.function_type = Some(fn_ty);
                            k.ty = fn_ty;
                        }
                    }
                }
                let ret = self
                    .m
                    .types
                    .function_signature(fn_ty)
                    .map(|(r, _, _)| r)
                    .unwrap_or(t);
                let attrs = AttributeList {
                    function: fn_attrs,
                    ret: ret_attrs,
                    params: param_attrs,
                };
                (
                    ret,
                    InstKind::Call {
                        callee,
                        fn_ty,
                        args,
                        cc,
                        tail,
                        attrs: std::sync::Arc::new(attrs),
                        fast_math,
                    },
                )
            }
            "phi" => {
                let fast_math = self.parse_fast_math();
                let _ = fast_math;
                let ty = self.parse_type()?;
                let mut incoming = Vec::new();
                loop {
                    self.expect_punct('[')?;
                    let v = self.parse_value(ty)?;
                    self.expect_punct(',')?;
                    let b = match self.next() {
                        Tok::Local(n) => self.block_ref(&n),
                        _ => return Err(self.err("expected a block in phi")),
                    };
                    self.expect_punct(']')?;
                    incoming.push((v, b));
                    if !(self.is_punct(',') && matches!(self.peek_at(1), Tok::Punct('['))) {
                        break;
                    }
                    self.next();
                }
                (ty, InstKind::Phi { incoming })
            }
            "select" => {
                let fast_math = self.parse_fast_math();
                let (_, cond) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (ty, then_value) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (_, else_value) = self.parse_typed_value()?;
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
            "extractvalue" | "insertvalue" => {
                let (mut ty, aggregate) = self.parse_typed_value()?;
                let agg_ty = ty;
                let value = if opcode == "insertvalue" {
                    self.expect_punct(',')?;
                    Some(self.parse_typed_value()?.1)
                } else {
                    None
                };
                let mut indices = Vec::new();
                while self.is_punct(',') && matches!(self.peek_at(1), Tok::Int(_)) {
                    self.next();
                    let i = self.expect_u64()?;
                    ty = self
                        .m
                        .types
                        .element(ty, i)
                        .ok_or_else(|| self.err("extractvalue index out of range"))?;
                    indices.push(i as u32);
                }
                match value {
                    Some(value) => (
                        agg_ty,
                        InstKind::InsertValue {
                            aggregate,
                            value,
                            indices,
                        },
                    ),
                    None => (ty, InstKind::ExtractValue { aggregate, indices }),
                }
            }
            "extractelement" => {
                let (vty, vector) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (_, index) = self.parse_typed_value()?;
                let elem = self
                    .m
                    .types
                    .element(vty, 0)
                    .ok_or_else(|| self.err("extractelement of a non-vector"))?;
                (elem, InstKind::ExtractElement { vector, index })
            }
            "insertelement" => {
                let (vty, vector) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (_, element) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (_, index) = self.parse_typed_value()?;
                (
                    vty,
                    InstKind::InsertElement {
                        vector,
                        element,
                        index,
                    },
                )
            }
            "shufflevector" => {
                let (vty, v1) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (_, v2) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (mty, mv) = self.parse_typed_value()?;
                let mask = self.shuffle_mask(mv, mty)?;
                let elem = self
                    .m
                    .types
                    .element(vty, 0)
                    .ok_or_else(|| self.err("shufflevector of a non-vector"))?;
                let ty = self.m.types.intern(Type::Vector {
                    len: mask.len() as u32,
                    elem,
                    scalable: false,
                });
                (ty, InstKind::ShuffleVector { v1, v2, mask })
            }
            "atomicrmw" => {
                let volatile = self.eat_word("volatile");
                let op_word = match self.next() {
                    Tok::Word(w) => w,
                    _ => return Err(self.err("expected an atomicrmw operation")),
                };
                let op = RmwOp::from_keyword(&op_word).ok_or_else(|| {
                    self.err_at(l, c, format!("unknown atomicrmw operation '{op_word}'"))
                })?;
                let (_, ptr) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (ty, value) = self.parse_typed_value()?;
                let scope = self.parse_scope()?;
                let ordering = self.parse_ordering()?;
                let align = self.parse_tail(&mut md)?;
                (
                    ty,
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
            "cmpxchg" => {
                let weak = self.eat_word("weak");
                let volatile = self.eat_word("volatile");
                let (_, ptr) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (ety, expected) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let (_, new_value) = self.parse_typed_value()?;
                let scope = self.parse_scope()?;
                let success = self.parse_ordering()?;
                let old_form = !matches!(self.peek(), Tok::Word(w) if AtomicOrdering::from_keyword(w).is_some());
                let failure = if old_form {
                    // LLVM before 3.5: one ordering, the result is the loaded value.
                    match success {
                        AtomicOrdering::AcqRel => AtomicOrdering::Acquire,
                        AtomicOrdering::Release => AtomicOrdering::Monotonic,
                        o => o,
                    }
                } else {
                    self.parse_ordering()?
                };
                let align = self.parse_tail(&mut md)?;
                let ty = self.m.types.cmpxchg_result(ety);
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
                if old_form {
                    // As LLVM upgrades it: the pair (unnumbered) plus extractvalue 0.
                    let pair = InstId(self.cur_insts.len() as u32);
                    self.cur_positions.push(self.cur_inst_start);
                    self.cur_insts.push(Instruction {
                        ty,
                        name: None,
                        kind,
                        metadata: Vec::new(),
                    });
                    if let Some(b) = self.cur_blocks.last_mut() {
                        b.insts.push(pair);
                    }
                    (
                        ety,
                        InstKind::ExtractValue {
                            aggregate: ValueRef::Instruction(pair),
                            indices: vec![0],
                        },
                    )
                } else {
                    (ty, kind)
                }
            }
            "fence" => {
                let scope = self.parse_scope()?;
                let ordering = self.parse_ordering()?;
                (void, InstKind::Fence { ordering, scope })
            }
            "freeze" => {
                let (ty, value) = self.parse_typed_value()?;
                (ty, InstKind::Freeze { value })
            }
            "va_arg" => {
                let (_, list) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let ty = self.parse_type()?;
                (ty, InstKind::VaArg { list })
            }
            "ret" => {
                if self.eat_word("void") {
                    (void, InstKind::Ret { value: None })
                } else {
                    let (_, v) = self.parse_typed_value()?;
                    (void, InstKind::Ret { value: Some(v) })
                }
            }
            "br" => {
                if self.is_word("label") {
                    let target = self.parse_label_ref()?;
                    (void, InstKind::Br { target })
                } else {
                    let (_, cond) = self.parse_typed_value()?;
                    self.expect_punct(',')?;
                    let then_block = self.parse_label_ref()?;
                    self.expect_punct(',')?;
                    let else_block = self.parse_label_ref()?;
                    (
                        void,
                        InstKind::CondBr {
                            cond,
                            then_block,
                            else_block,
                        },
                    )
                }
            }
            "switch" => {
                let (ty, value) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                let default = self.parse_label_ref()?;
                self.expect_punct('[')?;
                let mut cases = Vec::new();
                while !self.eat_punct(']') {
                    let (_, v) = self.parse_typed_value()?;
                    let _ = ty;
                    self.expect_punct(',')?;
                    let b = self.parse_label_ref()?;
                    cases.push((v, b));
                }
                (
                    void,
                    InstKind::Switch {
                        value,
                        default,
                        cases,
                    },
                )
            }
            "indirectbr" => {
                let (_, address) = self.parse_typed_value()?;
                self.expect_punct(',')?;
                self.expect_punct('[')?;
                let mut targets = Vec::new();
                while !self.eat_punct(']') {
                    targets.push(self.parse_label_ref()?);
                    self.eat_punct(',');
                }
                (void, InstKind::IndirectBr { address, targets })
            }
            "unreachable" => (void, InstKind::Unreachable),
            "invoke" | "landingpad" | "resume" | "callbr" | "catchswitch" | "catchpad"
            | "cleanuppad" | "catchret" | "cleanupret" => {
                return Err(self.err_at(l, c, format!("unsupported construct: {opcode}")));
            }
            other => {
                return Err(self.err_at(l, c, format!("unknown instruction opcode '{other}'")))
            }
        };
        self.parse_tail(&mut md)?;
        let _ = self.value_type(ValueRef::Argument(0));
        let id = self.push_inst(name, ty, kind)?;
        if let Some(inst) = self.cur_insts.get_mut(id.0 as usize) {
            inst.metadata = md;
        }
        for g in call_groups {
            self.pending_call_groups.push((fid, id, g));
        }
        Ok(())
    }
}
