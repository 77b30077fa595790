//! Recursive-descent parser for LLVM assembly: LLVM 3.2 syntax (`load i32* %p`,
//! `getelementptr inbounds T* %p, ...`, `metadata !{...}`) and modern syntax
//! (explicit load/GEP types, `ptr`, `#N` attribute groups, new attributes).

use std::collections::HashMap;

mod debug_info;
mod function;

use super::lexer::{GlobalName, Tok, Token};
use crate::error::LlvmError;
use crate::model::*;

type PResult<T> = Result<T, LlvmError>;

/// Per-function parsing state.
#[derive(Default)]
struct LocalState {
    values: HashMap<String, (ValueRef, TypeId)>,
    /// Forward references: (name, line, col); `ValueRef::Unresolved(i)` indexes this.
    forward: Vec<(String, u32, u32)>,
    /// Block name -> sight id; `defined[sight]` = definition index.
    block_sight: HashMap<String, u32>,
    block_defined: Vec<Option<u32>>,
    block_first_use: Vec<(u32, u32)>,
    next_unnamed: u32,
}

/// How deeply types, constants and metadata may nest in `.ll` text. Each level is a few
/// stack frames of the recursive descent (8–16 KiB in a debug build), so 64 levels fit a
/// 2 MiB thread stack; real modules stay far below (multi-dimensional arrays, nested
/// aggregate constants and constant expressions a few levels deep; named structs and
/// numbered metadata are references, not nesting). 20 000 nested `[1 x` overflowed the stack
/// (an abort, not a panic) before this bound.
pub const MAX_NESTING: u32 = 64;

pub struct Parser<'s> {
    toks: Vec<Token>,
    pos: usize,
    file: &'s str,
    pub m: Module,
    opaque: bool,
    globals: HashMap<GlobalName, ValueRef>,
    md_numbers: HashMap<u32, MetadataId>,
    md_defined: Vec<bool>,
    md_strings: HashMap<Vec<u8>, MetadataId>,
    numbered_types: HashMap<String, TypeId>,
    attr_groups: HashMap<u32, Vec<Attribute>>,
    pending_fn_groups: Vec<(FuncId, u32)>,
    pending_call_groups: Vec<(FuncId, InstId, u32)>,
    /// Attribute groups named by globals, merged once every group is read.
    pending_global_groups: Vec<(GlobalId, u32)>,
    local: LocalState,
    /// Function being parsed: its args (for operand types) and instructions.
    cur_args: Vec<Argument>,
    cur_insts: Vec<Instruction>,
    cur_debug_records: Vec<DebugRecord>,
    /// How deep `parse_type`/`parse_value`/metadata parsing is nested (see `MAX_NESTING`).
    nesting: u32,
    /// Where each of `cur_insts` starts (its result name, or its opcode).
    cur_positions: Vec<SourcePosition>,
    /// Where the instruction being parsed starts.
    cur_inst_start: SourcePosition,
    cur_blocks: Vec<BasicBlock>,
}

/// Linkage words beyond `Linkage::keyword`'s: `external` spelled out, and the old spellings
/// LLVM still reads as the linkage they became.
const OTHER_LINKAGE_WORDS: [(&str, Linkage); 4] = [
    ("external", Linkage::External),
    ("linker_private", Linkage::Private),
    ("linker_private_weak", Linkage::Private),
    ("dllimport", Linkage::External),
];

/// Words that may start a parameter/function attribute (others are kept raw).
fn is_attribute_word(w: &str) -> bool {
    !matches!(
        w,
        "define"
            | "declare"
            | "section"
            | "align"
            | "gc"
            | "comdat"
            | "personality"
            | "prefix"
            | "prologue"
            | "unnamed_addr"
            | "local_unnamed_addr"
            | "addrspace"
            | "partition"
    )
}

impl<'s> Parser<'s> {
    pub fn new(toks: Vec<Token>, file: &'s str) -> Self {
        let opaque = toks.iter().any(|t| t.tok == Tok::Word("ptr".into()));
        Parser {
            toks,
            pos: 0,
            file,
            m: Module::default(),
            opaque,
            globals: HashMap::new(),
            md_numbers: HashMap::new(),
            md_defined: Vec::new(),
            md_strings: HashMap::new(),
            numbered_types: HashMap::new(),
            attr_groups: HashMap::new(),
            pending_fn_groups: Vec::new(),
            pending_call_groups: Vec::new(),
            pending_global_groups: Vec::new(),
            local: LocalState::default(),
            cur_args: Vec::new(),
            cur_insts: Vec::new(),
            cur_debug_records: Vec::new(),
            nesting: 0,
            cur_positions: Vec::new(),
            cur_inst_start: SourcePosition::Text { line: 0, col: 0 },
            cur_blocks: Vec::new(),
        }
    }

    // ---- token helpers ----

    fn peek(&self) -> &Tok {
        self.toks.get(self.pos).map(|t| &t.tok).unwrap_or(&Tok::Eof)
    }
    fn peek_at(&self, n: usize) -> &Tok {
        self.toks
            .get(self.pos + n)
            .map(|t| &t.tok)
            .unwrap_or(&Tok::Eof)
    }
    fn next(&mut self) -> Tok {
        let t = self.peek().clone();
        if self.pos < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn here(&self) -> (u32, u32) {
        self.toks
            .get(self.pos)
            .or_else(|| self.toks.last())
            .map(|t| (t.line, t.col))
            .unwrap_or((1, 1))
    }
    fn err_at(&self, line: u32, col: u32, message: impl Into<String>) -> LlvmError {
        LlvmError::Text {
            file: self.file.to_string(),
            line,
            col,
            message: message.into(),
        }
    }
    fn err(&self, message: impl Into<String>) -> LlvmError {
        let (l, c) = self.here();
        let found = match self.peek() {
            Tok::Eof => "end of file".to_string(),
            t => format!("{t:?}"),
        };
        self.err_at(l, c, format!("{}, found {found}", message.into()))
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Word(x) if x == w)
    }
    fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn is_punct(&self, c: char) -> bool {
        *self.peek() == Tok::Punct(c)
    }
    fn eat_punct(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect_punct(&mut self, c: char) -> PResult<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            Err(self.err(format!("expected '{c}'")))
        }
    }
    fn expect_word(&mut self, w: &str) -> PResult<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            Err(self.err(format!("expected '{w}'")))
        }
    }
    fn expect_int(&mut self) -> PResult<i128> {
        match self.next() {
            Tok::Int(v) => Ok(v),
            _ => {
                self.pos = self.pos.saturating_sub(1);
                Err(self.err("expected an integer"))
            }
        }
    }
    fn expect_u64(&mut self) -> PResult<u64> {
        let v = self.expect_int()?;
        u64::try_from(v).map_err(|_| self.err("integer out of range"))
    }
    fn expect_string(&mut self) -> PResult<Vec<u8>> {
        match self.next() {
            Tok::Str(s) => Ok(s),
            _ => {
                self.pos = self.pos.saturating_sub(1);
                Err(self.err("expected a string"))
            }
        }
    }

    // ---- module ----

    pub fn parse_module(mut self) -> PResult<Module> {
        self.prescan()?;
        loop {
            match self.peek().clone() {
                Tok::Eof => break,
                Tok::Word(w) => match w.as_str() {
                    "source_filename" => {
                        self.next();
                        self.expect_punct('=')?;
                        let s = self.expect_string()?;
                        self.m.source_filename = Some(String::from_utf8_lossy(&s).into_owned());
                    }
                    "target" => {
                        self.next();
                        let which = self.next();
                        self.expect_punct('=')?;
                        let s = String::from_utf8_lossy(&self.expect_string()?).into_owned();
                        match which {
                            Tok::Word(x) if x == "triple" => self.m.triple = Some(s),
                            Tok::Word(x) if x == "datalayout" => self.m.datalayout = Some(s),
                            _ => return Err(self.err("expected 'triple' or 'datalayout'")),
                        }
                    }
                    "module" => {
                        self.next();
                        self.expect_word("asm")?;
                        let s = self.expect_string()?;
                        self.m
                            .module_asm
                            .push(String::from_utf8_lossy(&s).into_owned());
                    }
                    "define" | "declare" => self.parse_function()?,
                    "attributes" => self.parse_attribute_group()?,
                    "uselistorder" | "uselistorder_bb" => {
                        self.next();
                        self.skip_use_list_order()?;
                    }
                    "deplibs" => return Err(self.err("unsupported construct 'deplibs'")),
                    // `$name = comdat any`: a link-time section group, nothing for SPIR-V.
                    w if w.starts_with('$') => self.parse_comdat()?,
                    _ => return Err(self.err("expected a top-level entity")),
                },
                Tok::Local(name) => self.parse_type_def(name)?,
                Tok::Global(name) => self.parse_global(name)?,
                Tok::MetaName(name) => self.parse_named_metadata(name)?,
                Tok::MetaId(n) => self.parse_metadata_def(n)?,
                _ => return Err(self.err("expected a top-level entity")),
            }
        }
        self.finish()
    }

    /// The rest of a `uselistorder <ty> <value>, { i, j, ... }` or `uselistorder_bb @f, %bb,
    /// { ... }` directive: it only fixes the in-memory order of a value's uses (what
    /// `llvm-dis --preserve-ll-uselistorder` writes), which no translation depends on.
    pub(super) fn skip_use_list_order(&mut self) -> PResult<()> {
        let (line, col) = self.here();
        let mut depth = 0i32;
        loop {
            match self.next() {
                Tok::Punct(',') if depth == 0 && self.is_punct('{') => break,
                Tok::Punct('(' | '[' | '<' | '{') => depth += 1,
                Tok::Punct(')' | ']' | '>' | '}') => depth -= 1,
                Tok::Eof => {
                    return Err(self.err_at(
                        line,
                        col,
                        "uselistorder directive without its '{ indexes }' list",
                    ))
                }
                _ => {}
            }
        }
        self.expect_punct('{')?;
        loop {
            match self.next() {
                Tok::Int(_) | Tok::Punct(',') => {}
                Tok::Punct('}') => return Ok(()),
                _ => {
                    self.pos = self.pos.saturating_sub(1);
                    return Err(self.err("expected a use index or '}' in uselistorder"));
                }
            }
        }
    }

    /// `$name = comdat any|exactmatch|largest|nodeduplicate|noduplicates|samesize`.
    fn parse_comdat(&mut self) -> PResult<()> {
        self.next();
        self.expect_punct('=')?;
        self.expect_word("comdat")?;
        match self.next() {
            Tok::Word(kind)
                if matches!(
                    kind.as_str(),
                    "any"
                        | "exactmatch"
                        | "largest"
                        | "nodeduplicate"
                        | "noduplicates"
                        | "samesize"
                ) =>
            {
                Ok(())
            }
            _ => {
                self.pos = self.pos.saturating_sub(1);
                Err(self.err("expected a comdat selection kind (any, exactmatch, largest, nodeduplicate, samesize)"))
            }
        }
    }

    /// Assigns ids to every global and function before parsing, so uses may
    /// precede definitions.
    fn prescan(&mut self) -> PResult<()> {
        let mut i = 0;
        let mut depth = 0i32;
        // The next number of LLVM's slot map of unnamed global values.
        let mut next_number = 0u32;
        while let Some(t) = self.toks.get(i) {
            match &t.tok {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => depth -= 1,
                Tok::Global(name)
                    if depth == 0
                        && self.toks.get(i + 1).map(|t| &t.tok) == Some(&Tok::Punct('=')) =>
                {
                    let is_alias = self.toks[i + 2..]
                        .iter()
                        .take(12)
                        .take_while(
                            |t| !matches!(&t.tok, Tok::Word(w) if w == "global" || w == "constant"),
                        )
                        .any(|t| matches!(&t.tok, Tok::Word(w) if w == "alias" || w == "ifunc"));
                    let kind = if is_alias { "alias" } else { "global" };
                    self.check_number(name, kind, &mut next_number, t.line, t.col)?;
                    let v = if is_alias {
                        let id = AliasId(self.m.aliases.len() as u32);
                        self.m.aliases.push(Alias {
                            name: name.ir_name(),
                            ty: TypeId(0),
                            value_ty: TypeId(0),
                            aliasee: ValueRef::Unresolved(0),
                            linkage: Linkage::External,
                            visibility: Visibility::Default,
                        });
                        ValueRef::Alias(id)
                    } else {
                        let id = GlobalId(self.m.globals.len() as u32);
                        self.m.globals.push(GlobalVar {
                            name: name.ir_name(),
                            value_ty: TypeId(0),
                            ty: TypeId(0),
                            addrspace: 0,
                            is_constant: false,
                            initializer: None,
                            linkage: Linkage::External,
                            visibility: Visibility::Default,
                            unnamed_addr: UnnamedAddr::None,
                            thread_local: 0,
                            align: None,
                            section: None,
                            externally_initialized: false,
                            dso_local: false,
                            attachments: Vec::new(),
                            attrs: Vec::new(),
                        });
                        ValueRef::Global(id)
                    };
                    if self.globals.insert(name.clone(), v).is_some() {
                        return Err(self.err_at(
                            t.line,
                            t.col,
                            format!("redefinition of '@{name}'"),
                        ));
                    }
                }
                Tok::Word(w) if depth == 0 && (w == "define" || w == "declare") => {
                    let mut j = i + 1;
                    while let Some(tj) = self.toks.get(j) {
                        if let Tok::Global(name) = &tj.tok {
                            self.check_number(name, "function", &mut next_number, tj.line, tj.col)?;
                            let id = FuncId(self.m.functions.len() as u32);
                            self.m.functions.push(Function::declaration(
                                name.ir_name(),
                                TypeId(0),
                                TypeId(0),
                                Vec::new(),
                            ));
                            if self
                                .globals
                                .insert(name.clone(), ValueRef::Function(id))
                                .is_some()
                            {
                                return Err(self.err_at(
                                    tj.line,
                                    tj.col,
                                    format!("redefinition of '@{name}'"),
                                ));
                            }
                            break;
                        }
                        if tj.tok == Tok::Eof {
                            break;
                        }
                        j += 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Ok(())
    }

    /// A numbered definition (`@3 = ...`, `define void @3()`) takes the next slot of the
    /// unnamed values or skips ahead; like LLParser, a number below it (out of order or used
    /// twice) is an error.
    fn check_number(
        &self,
        name: &GlobalName,
        kind: &str,
        next: &mut u32,
        line: u32,
        col: u32,
    ) -> PResult<()> {
        let GlobalName::Numbered(n) = *name else {
            return Ok(());
        };
        if n < *next {
            return Err(self.err_at(
                line,
                col,
                format!("{kind} expected to be numbered '@{next}' or greater"),
            ));
        }
        *next = n.saturating_add(1);
        Ok(())
    }

    fn finish(mut self) -> PResult<Module> {
        for (g, group) in std::mem::take(&mut self.pending_global_groups) {
            let attrs = self.attr_groups.get(&group).cloned().unwrap_or_default();
            if let Some(global) = self.m.globals.get_mut(g.0 as usize) {
                global.attrs.extend(attrs);
            }
        }
        for (f, g) in std::mem::take(&mut self.pending_fn_groups) {
            // LLVM's parser merges only the groups that exist: a reference to an undefined
            // group (`declare void @f() #8` with no `attributes #8`) adds nothing.
            let attrs = self.attr_groups.get(&g).cloned().unwrap_or_default();
            if let Some(func) = self.m.functions.get_mut(f.0 as usize) {
                std::sync::Arc::make_mut(&mut func.attrs)
                    .function
                    .extend(attrs);
            }
        }
        for (f, i, g) in std::mem::take(&mut self.pending_call_groups) {
            let attrs = self.attr_groups.get(&g).cloned().unwrap_or_default();
            if let Some(Instruction {
                kind: InstKind::Call { attrs: a, .. },
                ..
            }) = self
                .m
                .functions
                .get_mut(f.0 as usize)
                .and_then(|func| func.insts.get_mut(i.0 as usize))
            {
                std::sync::Arc::make_mut(a).function.extend(attrs);
            }
        }
        for (n, id) in &self.md_numbers {
            if !self.md_defined.get(id.0 as usize).copied().unwrap_or(false) {
                return Err(self.err_at(1, 1, format!("use of undefined metadata '!{n}'")));
            }
        }
        Ok(self.m)
    }

    // ---- types ----

    fn named_type(&mut self, name: &str) -> TypeId {
        if let Some(t) = self.numbered_types.get(name) {
            return *t;
        }
        let t = self.m.types.add_struct(Some(name.to_string()), None);
        self.numbered_types.insert(name.to_string(), t);
        t
    }

    fn parse_type_def(&mut self, name: String) -> PResult<()> {
        self.next();
        self.expect_punct('=')?;
        self.expect_word("type")?;
        let t = self.named_type(&name);
        let body = if self.eat_word("opaque") {
            None
        } else {
            let packed = self.is_punct('<');
            let literal = self.parse_type()?;
            match self.m.types.get(literal).clone() {
                Type::Struct { elems, packed: p } => Some(StructBody {
                    elems,
                    packed: p || packed,
                }),
                _ => return Err(self.err("expected a struct body")),
            }
        };
        if let Type::Named(sid) = self.m.types.get(t).clone() {
            if let Some(def) = self.m.types.structs.get_mut(sid.0 as usize) {
                def.body = body;
                if name.bytes().all(|c| c.is_ascii_digit()) {
                    def.name = None;
                }
            }
        }
        Ok(())
    }

    fn parse_addrspace(&mut self) -> PResult<u32> {
        if self.eat_word("addrspace") {
            self.expect_punct('(')?;
            let n = self.expect_u64()?;
            self.expect_punct(')')?;
            u32::try_from(n).map_err(|_| self.err("address space out of range"))
        } else {
            Ok(0)
        }
    }

    /// `target("name", type..., int...)` after the `target` keyword: types come first.
    fn parse_target_ext_type(&mut self) -> PResult<TypeId> {
        self.expect_punct('(')?;
        let name = match self.next() {
            Tok::Str(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            _ => return Err(self.err("expected the target extension type's name string")),
        };
        let (mut types, mut ints) = (Vec::new(), Vec::new());
        while self.eat_punct(',') {
            if let Tok::Int(_) = self.peek() {
                let (l, c) = self.here();
                let n = self.expect_u64()?;
                ints.push(u32::try_from(n).map_err(|_| {
                    self.err_at(l, c, "target extension type parameter out of range")
                })?);
            } else if ints.is_empty() {
                types.push(self.parse_type()?);
            } else {
                return Err(self.err(
                    "target extension type: type parameters must precede integer parameters",
                ));
            }
        }
        self.expect_punct(')')?;
        Ok(self.m.types.intern(Type::TargetExt { name, types, ints }))
    }

    pub fn parse_type(&mut self) -> PResult<TypeId> {
        self.nested(Self::parse_type_unnested)
    }

    /// Runs a parser that may recurse, one level deeper: input nested beyond `MAX_NESTING`
    /// levels is an error at its position, not a stack overflow (which aborts the process).
    pub(crate) fn nested<T>(&mut self, parse: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.nesting >= MAX_NESTING {
            return Err(self.err(format!(
                "types, constants or metadata nested deeper than {MAX_NESTING} levels"
            )));
        }
        self.nesting += 1;
        let result = parse(self);
        self.nesting -= 1;
        result
    }

    fn parse_type_unnested(&mut self) -> PResult<TypeId> {
        let (l, c) = self.here();
        let mut t = match self.next() {
            Tok::Word(w) => match w.as_str() {
                "void" => self.m.types.void(),
                "half" => self.m.types.intern(Type::Half),
                "bfloat" => self.m.types.intern(Type::BFloat),
                "float" => self.m.types.intern(Type::Float),
                "double" => self.m.types.intern(Type::Double),
                "x86_fp80" => self.m.types.intern(Type::X86Fp80),
                "fp128" => self.m.types.intern(Type::Fp128),
                "ppc_fp128" => self.m.types.intern(Type::PpcFp128),
                "label" => self.m.types.label(),
                "metadata" => self.m.types.metadata(),
                "x86_mmx" => self.m.types.intern(Type::X86Mmx),
                "token" => self.m.types.intern(Type::Token),
                "target" => self.parse_target_ext_type()?,
                "ptr" => {
                    let a = self.parse_addrspace()?;
                    self.m.types.pointer_to(None, a)
                }
                w if w.starts_with('i')
                    && w.len() > 1
                    && w[1..].bytes().all(|d| d.is_ascii_digit()) =>
                {
                    let bits: u32 = w[1..]
                        .parse()
                        .map_err(|_| self.err_at(l, c, "integer width too large"))?;
                    if bits == 0 || bits > (1 << 23) {
                        return Err(self.err_at(l, c, format!("invalid integer width {bits}")));
                    }
                    self.m.types.int(bits)
                }
                other => {
                    return Err(self.err_at(l, c, format!("expected a type, found '{other}'")))
                }
            },
            Tok::Local(name) => self.named_type(&name),
            Tok::Punct('[') => {
                let len = self.expect_u64()?;
                self.expect_word("x")?;
                let elem = self.parse_type()?;
                self.expect_punct(']')?;
                self.m.types.intern(Type::Array { len, elem })
            }
            Tok::Punct('<') => {
                if self.is_punct('{') {
                    self.next();
                    let elems = self.parse_type_list('}')?;
                    self.expect_punct('>')?;
                    self.m.types.intern(Type::Struct {
                        elems,
                        packed: true,
                    })
                } else {
                    let scalable = self.eat_word("vscale");
                    if scalable {
                        self.expect_word("x")?;
                    }
                    let len = self.expect_u64()?;
                    self.expect_word("x")?;
                    let elem = self.parse_type()?;
                    self.expect_punct('>')?;
                    let len =
                        u32::try_from(len).map_err(|_| self.err_at(l, c, "vector too long"))?;
                    self.m.types.intern(Type::Vector {
                        len,
                        elem,
                        scalable,
                    })
                }
            }
            Tok::Punct('{') => {
                let elems = self.parse_type_list('}')?;
                self.m.types.intern(Type::Struct {
                    elems,
                    packed: false,
                })
            }
            _ => return Err(self.err_at(l, c, "expected a type")),
        };
        // Suffixes: `*`, `addrspace(N)*`, function parameter lists.
        loop {
            // In a module that spells `ptr` anywhere, `T*` is the opaque pointer, as LLVM ≥ 17
            // reads every typed-pointer spelling.
            if self.is_punct('*') {
                self.next();
                t = self.pointer_for(t, 0);
            } else if self.is_word("addrspace") && matches!(self.peek_at(4), Tok::Punct('*')) {
                let a = self.parse_addrspace()?;
                self.expect_punct('*')?;
                t = self.pointer_for(t, a);
            } else if self.is_punct('(') && !self.m.types.is_label(t) {
                self.next();
                let mut params = Vec::new();
                let mut vararg = false;
                if !self.eat_punct(')') {
                    loop {
                        if self.peek() == &Tok::Ellipsis {
                            self.next();
                            vararg = true;
                        } else {
                            params.push(self.parse_type()?);
                        }
                        if self.eat_punct(')') {
                            break;
                        }
                        self.expect_punct(',')?;
                    }
                }
                t = self.m.types.intern(Type::Function {
                    ret: t,
                    params,
                    vararg,
                });
            } else {
                return Ok(t);
            }
        }
    }

    fn parse_type_list(&mut self, close: char) -> PResult<Vec<TypeId>> {
        let mut elems = Vec::new();
        if self.eat_punct(close) {
            return Ok(elems);
        }
        loop {
            elems.push(self.parse_type()?);
            if self.eat_punct(close) {
                return Ok(elems);
            }
            self.expect_punct(',')?;
        }
    }

    /// A getelementptr's source element type, base type and base: modern
    /// `T, ptr %p` or LLVM 3.2's `T* %p` (the source type is the pointee).
    fn parse_gep_base(&mut self, (l, c): (u32, u32)) -> PResult<(TypeId, TypeId, ValueRef)> {
        let first = self.parse_type()?;
        if self.eat_punct(',') {
            let (base_ty, base) = self.parse_typed_value()?;
            return Ok((first, base_ty, base));
        }
        let base = self.parse_value(first)?;
        let scalar = self.m.types.scalar(first);
        let source_ty = self
            .m
            .types
            .pointee(scalar)
            .ok_or_else(|| self.err_at(l, c, "getelementptr base is not a typed pointer"))?;
        Ok((source_ty, first, base))
    }

    fn pointer_for(&mut self, pointee: TypeId, addrspace: u32) -> TypeId {
        if self.opaque {
            self.m.types.pointer_to(None, addrspace)
        } else {
            self.m.types.pointer_to(Some(pointee), addrspace)
        }
    }

    // ---- attributes ----

    /// Parses attributes until something that is not one.
    fn parse_attributes(&mut self, function_level: bool) -> PResult<(Vec<Attribute>, Vec<u32>)> {
        let mut attrs = Vec::new();
        let mut groups = Vec::new();
        loop {
            match self.peek().clone() {
                Tok::AttrGroup(g) => {
                    self.next();
                    groups.push(g);
                }
                Tok::Str(k) => {
                    self.next();
                    let key = String::from_utf8_lossy(&k).into_owned();
                    let value = if self.eat_punct('=') {
                        Some(String::from_utf8_lossy(&self.expect_string()?).into_owned())
                    } else {
                        None
                    };
                    attrs.push(Attribute::Str(key, value));
                }
                Tok::Word(w) if is_attribute_word(&w) || (w == "align" && !function_level) => {
                    if !function_level && (w == "align") {
                        self.next();
                        if self.eat_punct('(') {
                            let v = self.expect_u64()?;
                            self.expect_punct(')')?;
                            attrs.push(Attribute::Int("align".into(), v));
                        } else {
                            let v = self.expect_u64()?;
                            attrs.push(Attribute::Int("align".into(), v));
                        }
                        continue;
                    }
                    // Stop at words that begin the next syntactic element.
                    if !looks_like_attribute(&w) || !self.inline_attribute_word(&w) {
                        return Ok((attrs, groups));
                    }
                    self.next();
                    if self.is_punct('(') {
                        attrs.push(self.parse_attribute_args(w)?);
                    } else {
                        attrs.push(Attribute::Flag(w));
                    }
                }
                _ => return Ok((attrs, groups)),
            }
        }
    }

    /// Known attribute keywords anywhere; unknown words only on the same line
    /// as the previous token (so the next instruction's opcode is never taken).
    fn inline_attribute_word(&self, w: &str) -> bool {
        const EXTRA: [&str; 12] = [
            "inreg",
            "zeroext",
            "signext",
            "noundef",
            "nocapture",
            "readnone",
            "readonly",
            "writeonly",
            "captures",
            "memory",
            "nofpclass",
            "range",
        ];
        let known = EXTRA.contains(&w)
            || (1..=102).any(|k| crate::bitcode::attributes::attribute_kind_name(k) == Some(w));
        if known {
            return true;
        }
        const STOP: [&str; 12] = [
            "attributes",
            "define",
            "declare",
            "target",
            "source_filename",
            "module",
            "ret",
            "br",
            "store",
            "call",
            "tail",
            "unreachable",
        ];
        if STOP.contains(&w) {
            return false;
        }
        let line = |i: usize| self.toks.get(i).map(|t| t.line);
        self.pos > 0 && line(self.pos) == line(self.pos - 1)
    }

    fn parse_attribute_args(&mut self, name: String) -> PResult<Attribute> {
        match name.as_str() {
            "byval" | "sret" | "inalloca" | "preallocated" | "byref" | "elementtype" => {
                self.expect_punct('(')?;
                let t = self.parse_type()?;
                self.expect_punct(')')?;
                Ok(Attribute::Type(name, Some(t)))
            }
            "dereferenceable" | "dereferenceable_or_null" | "alignstack" | "align" => {
                self.expect_punct('(')?;
                let v = self.expect_u64()?;
                self.expect_punct(')')?;
                Ok(Attribute::Int(name, v))
            }
            _ => {
                // Keep anything else verbatim with balanced parentheses.
                let mut text = name;
                let mut depth = 0;
                loop {
                    let t = self.next();
                    match &t {
                        Tok::Punct('(') => {
                            depth += 1;
                            text.push('(');
                        }
                        Tok::Punct(')') => {
                            depth -= 1;
                            text.push(')');
                            if depth == 0 {
                                break;
                            }
                        }
                        Tok::Punct(',') => text.push_str(", "),
                        Tok::Word(w) => {
                            if !text.ends_with('(') && !text.ends_with(' ') {
                                text.push(' ');
                            }
                            text.push_str(w);
                        }
                        Tok::Int(v) => {
                            if !text.ends_with('(') && !text.ends_with(' ') {
                                text.push(' ');
                            }
                            text.push_str(&v.to_string());
                        }
                        Tok::Punct(':') => text.push(':'),
                        Tok::Eof => return Err(self.err("unterminated attribute arguments")),
                        _ => {}
                    }
                }
                Ok(Attribute::Raw(text))
            }
        }
    }

    fn parse_attribute_group(&mut self) -> PResult<()> {
        self.expect_word("attributes")?;
        let g = match self.next() {
            Tok::AttrGroup(g) => g,
            _ => return Err(self.err("expected '#N'")),
        };
        self.expect_punct('=')?;
        self.expect_punct('{')?;
        let mut attrs = Vec::new();
        while !self.eat_punct('}') {
            let before = self.pos;
            if self.is_word("align") {
                self.next();
                // Both `align 4` and `align=4` occur in attribute groups.
                self.eat_punct('=');
                let v = self.expect_u64()?;
                attrs.push(Attribute::Int("align".into(), v));
                continue;
            }
            if let Tok::Word(w) = self.peek().clone() {
                if w == "alignstack" && matches!(self.peek_at(1), Tok::Punct('=')) {
                    self.next();
                    self.next();
                    let v = self.expect_u64()?;
                    attrs.push(Attribute::Int("alignstack".into(), v));
                    continue;
                }
            }
            let (a, _) = self.parse_attributes(false)?;
            attrs.extend(a);
            if self.pos == before {
                if let Tok::Word(w) = self.next() {
                    attrs.push(Attribute::Flag(w));
                } else {
                    return Err(self.err("expected an attribute"));
                }
            }
        }
        self.attr_groups.insert(g, attrs);
        Ok(())
    }

    // ---- globals ----

    fn parse_linkage_and_flags(&mut self) -> (Option<Linkage>, Visibility, bool) {
        let mut linkage = None;
        let mut visibility = Visibility::Default;
        let mut dso_local = false;
        while let Tok::Word(w) = self.peek().clone() {
            let word_linkage = Linkage::from_keyword(&w).or_else(|| {
                OTHER_LINKAGE_WORDS
                    .iter()
                    .find(|(n, _)| *n == w)
                    .map(|&(_, l)| l)
            });
            if let Some(l) = word_linkage {
                linkage = Some(l);
            } else if w == "hidden" {
                visibility = Visibility::Hidden;
            } else if w == "protected" {
                visibility = Visibility::Protected;
            } else if w == "default" || w == "dllexport" || w == "dso_preemptable" {
            } else if w == "dso_local" {
                dso_local = true;
            } else {
                break;
            }
            self.next();
        }
        (linkage, visibility, dso_local)
    }

    fn parse_global(&mut self, name: GlobalName) -> PResult<()> {
        let (l, c) = self.here();
        self.next();
        self.expect_punct('=')?;
        let (linkage, visibility, dso_local) = self.parse_linkage_and_flags();
        let mut thread_local = 0;
        let mut unnamed_addr = UnnamedAddr::None;
        let mut externally_initialized = false;
        loop {
            if self.eat_word("thread_local") {
                thread_local = 1;
                if self.eat_punct('(') {
                    thread_local = match self.next() {
                        Tok::Word(w) if w == "localdynamic" => 2,
                        Tok::Word(w) if w == "initialexec" => 3,
                        Tok::Word(w) if w == "localexec" => 4,
                        _ => 1,
                    };
                    self.expect_punct(')')?;
                }
            } else if self.eat_word("unnamed_addr") {
                unnamed_addr = UnnamedAddr::Global;
            } else if self.eat_word("local_unnamed_addr") {
                unnamed_addr = UnnamedAddr::Local;
            } else if self.eat_word("externally_initialized") {
                externally_initialized = true;
            } else {
                break;
            }
        }
        let addrspace = self.parse_addrspace()?;
        while self.eat_word("externally_initialized") {
            externally_initialized = true;
        }
        let target = self.globals.get(&name).copied();
        if self.eat_word("alias") {
            let Some(ValueRef::Alias(aid)) = target else {
                return Err(self.err_at(l, c, "alias was not pre-declared"));
            };
            let value_ty = self.parse_type()?;
            // Old syntax: `alias T* @x`; modern: `alias T, T* @x`.
            let aliasee = if self.eat_punct(',') {
                self.parse_typed_value()?.1
            } else {
                self.parse_value(value_ty)?
            };
            let ty = if self.m.types.is_pointer(value_ty) {
                value_ty
            } else {
                self.pointer_for(value_ty, addrspace)
            };
            if let Some(a) = self.m.aliases.get_mut(aid.0 as usize) {
                a.ty = ty;
                a.value_ty = self.m.types.pointee(ty).unwrap_or(value_ty);
                a.aliasee = aliasee;
                a.linkage = linkage.unwrap_or_default();
                a.visibility = visibility;
            }
            return Ok(());
        }
        let is_constant = if self.eat_word("constant") {
            true
        } else if self.eat_word("global") {
            false
        } else {
            return Err(self.err("expected 'global' or 'constant'"));
        };
        let value_ty = self.parse_type()?;
        let declaration = matches!(linkage, Some(Linkage::External) | Some(Linkage::ExternWeak));
        let initializer = if declaration
            && (self.is_punct(',')
                || self.at_top_level_start()
                || matches!(self.peek(), Tok::AttrGroup(_)))
        {
            None
        } else {
            Some(self.parse_value(value_ty)?)
        };
        let mut section = None;
        let mut align = None;
        let mut attachments = Vec::new();
        while self.eat_punct(',') {
            if self.eat_word("section") {
                section = Some(String::from_utf8_lossy(&self.expect_string()?).into_owned());
            } else if self.eat_word("align") {
                align = Some(self.expect_u64()?);
            } else if let Tok::MetaName(kind) = self.peek().clone() {
                self.next();
                let md = self.parse_metadata_ref()?;
                attachments.push((kind, md));
            } else if self.eat_word("comdat") {
                if self.eat_punct('(') {
                    self.next();
                    self.expect_punct(')')?;
                }
            } else {
                return Err(self.err("expected 'section', 'align' or metadata"));
            }
        }
        // Attribute groups on a global (`#0`, e.g. vector-compute's "VCGlobalVariable"),
        // merged into `attrs` once every group is read.
        let mut groups = Vec::new();
        while let Tok::AttrGroup(g) = self.peek() {
            groups.push(*g);
            self.next();
        }
        let ty = self.pointer_for(value_ty, addrspace);
        let Some(ValueRef::Global(gid)) = target else {
            return Err(self.err_at(l, c, "global was not pre-declared"));
        };
        self.pending_global_groups
            .extend(groups.into_iter().map(|g| (gid, g)));
        if let Some(g) = self.m.globals.get_mut(gid.0 as usize) {
            *g = GlobalVar {
                name: name.ir_name(),
                value_ty,
                ty,
                addrspace,
                is_constant,
                initializer,
                linkage: linkage.unwrap_or_default(),
                visibility,
                unnamed_addr,
                thread_local,
                align,
                section,
                externally_initialized,
                dso_local,
                attachments,
                attrs: Vec::new(),
            };
        }
        Ok(())
    }

    fn at_top_level_start(&self) -> bool {
        match self.peek() {
            Tok::Eof | Tok::Global(_) | Tok::MetaName(_) | Tok::MetaId(_) => true,
            Tok::Local(_) => matches!(self.peek_at(1), Tok::Punct('=')),
            Tok::Word(w) => matches!(
                w.as_str(),
                "define" | "declare" | "attributes" | "target" | "source_filename"
            ),
            _ => false,
        }
    }

    // ---- metadata ----

    fn md_number(&mut self, n: u32) -> MetadataId {
        if let Some(id) = self.md_numbers.get(&n) {
            return *id;
        }
        let id = MetadataId(self.m.metadata.len() as u32);
        self.m.metadata.push(Metadata::Node {
            operands: Vec::new(),
            distinct: false,
        });
        self.md_defined.push(false);
        self.md_numbers.insert(n, id);
        id
    }

    fn md_string(&mut self, s: Vec<u8>) -> MetadataId {
        if let Some(id) = self.md_strings.get(&s) {
            return *id;
        }
        let id = MetadataId(self.m.metadata.len() as u32);
        self.m.metadata.push(Metadata::String(s.clone()));
        self.md_defined.push(true);
        self.md_strings.insert(s, id);
        id
    }

    /// `!N`, `!"s"`, `!{...}` (optionally preceded by `metadata`).
    fn parse_metadata_ref(&mut self) -> PResult<MetadataId> {
        self.eat_word("metadata");
        match self.next() {
            Tok::MetaId(n) => Ok(self.md_number(n)),
            Tok::MetaString(s) => Ok(self.md_string(s)),
            Tok::MetaBang => {
                let operands = self.parse_md_operands()?;
                Ok(self.push_metadata(Metadata::Node {
                    operands,
                    distinct: false,
                }))
            }
            Tok::MetaName(_) if matches!(self.peek(), Tok::Punct('(')) => {
                self.pos = self.pos.saturating_sub(1);
                let node = self.parse_specialized(false)?;
                Ok(self.push_metadata(Metadata::Specialized(node)))
            }
            Tok::Word(w) if w == "distinct" && self.at_specialized_node() => {
                let node = self.parse_specialized(true)?;
                Ok(self.push_metadata(Metadata::Specialized(node)))
            }
            _ => {
                self.pos = self.pos.saturating_sub(1);
                self.parse_value_as_metadata()
            }
        }
    }

    fn parse_md_operands(&mut self) -> PResult<Vec<MdOperand>> {
        self.nested(Self::parse_md_operands_unnested)
    }

    fn parse_md_operands_unnested(&mut self) -> PResult<Vec<MdOperand>> {
        self.expect_punct('{')?;
        let mut ops = Vec::new();
        if self.eat_punct('}') {
            return Ok(ops);
        }
        loop {
            let op = if self.eat_word("null") {
                MdOperand::Null
            } else if self.is_word("metadata")
                || matches!(
                    self.peek(),
                    Tok::MetaId(_) | Tok::MetaString(_) | Tok::MetaBang
                )
            {
                if self.is_word("metadata") && matches!(self.peek_at(1), Tok::Local(_)) {
                    return Err(self.err("unsupported construct: function-local metadata"));
                }
                MdOperand::Metadata(self.parse_metadata_ref()?)
            } else if self.at_specialized_node() || self.is_word("distinct") {
                MdOperand::Metadata(self.parse_metadata_ref()?)
            } else {
                let (ty, value) = self.parse_typed_value()?;
                MdOperand::Value { ty, value }
            };
            ops.push(op);
            if self.eat_punct('}') {
                return Ok(ops);
            }
            self.expect_punct(',')?;
        }
    }

    fn parse_metadata_def(&mut self, n: u32) -> PResult<()> {
        let (l, c) = self.here();
        self.next();
        self.expect_punct('=')?;
        let distinct = self.eat_word("distinct");
        self.eat_word("metadata");
        let md = if self.at_specialized_node() {
            Metadata::Specialized(self.parse_specialized(distinct)?)
        } else if self.next() == Tok::MetaBang {
            Metadata::Node {
                operands: self.parse_md_operands()?,
                distinct,
            }
        } else {
            return Err(self.err_at(l, c, "expected '!{' or '!DIKind(' after metadata id"));
        };
        let id = self.md_number(n);
        if self.md_defined.get(id.0 as usize).copied().unwrap_or(false) {
            return Err(self.err_at(l, c, format!("redefinition of metadata '!{n}'")));
        }
        if let Some(slot) = self.m.metadata.get_mut(id.0 as usize) {
            *slot = md;
        }
        if let Some(d) = self.md_defined.get_mut(id.0 as usize) {
            *d = true;
        }
        Ok(())
    }

    fn parse_named_metadata(&mut self, name: String) -> PResult<()> {
        self.next();
        self.expect_punct('=')?;
        if self.next() != Tok::MetaBang {
            return Err(self.err("expected '!{'"));
        }
        self.expect_punct('{')?;
        let mut nodes = Vec::new();
        if !self.eat_punct('}') {
            loop {
                nodes.push(self.parse_metadata_ref()?);
                if self.eat_punct('}') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        self.m.named_metadata.push(NamedMetadata { name, nodes });
        Ok(())
    }

    // ---- values and constants ----

    fn push_const(&mut self, ty: TypeId, kind: ConstKind) -> ValueRef {
        let id = ConstId(self.m.constants.len() as u32);
        self.m.constants.push(Constant { ty, kind });
        ValueRef::Constant(id)
    }

    pub fn parse_typed_value(&mut self) -> PResult<(TypeId, ValueRef)> {
        let ty = self.parse_type()?;
        let v = self.parse_value(ty)?;
        Ok((ty, v))
    }

    fn local_value(&mut self, name: String, ty: TypeId, (l, c): (u32, u32)) -> ValueRef {
        if let Some((v, _)) = self.local.values.get(&name) {
            return *v;
        }
        let idx = self.local.forward.len() as u32;
        self.local.forward.push((name, l, c));
        let _ = ty;
        ValueRef::Unresolved(idx)
    }

    pub fn parse_value(&mut self, ty: TypeId) -> PResult<ValueRef> {
        self.nested(|p| p.parse_value_unnested(ty))
    }

    fn parse_value_unnested(&mut self, ty: TypeId) -> PResult<ValueRef> {
        let (l, c) = self.here();
        let t = self.next();
        let tyk = self.m.types.get(ty).clone();
        Ok(match t {
            Tok::Local(name) => self.local_value(name, ty, (l, c)),
            Tok::Global(name) => match self.globals.get(&name) {
                Some(v) => *v,
                None => return Err(self.err_at(l, c, format!("use of undefined value '@{name}'"))),
            },
            Tok::Int(v) => match tyk {
                Type::Int(w) if w > 64 => {
                    let lo = v as u64;
                    let hi = (v >> 64) as u64;
                    self.push_const(ty, ConstKind::WideInt(vec![lo, hi]))
                }
                Type::Int(_) => self.push_const(ty, ConstKind::Int(v as u64)),
                Type::Half | Type::BFloat | Type::Float | Type::Double => {
                    let f = v as f64;
                    self.float_const(ty, f)
                }
                _ => return Err(self.err_at(l, c, "integer constant for a non-integer type")),
            },
            Tok::Float(text) => self.parse_float(ty, &text, l, c)?,
            Tok::Word(w) => match w.as_str() {
                "true" => self.push_const(ty, ConstKind::Int(1)),
                "false" => self.push_const(ty, ConstKind::Int(0)),
                "null" | "zeroinitializer" | "none" => self.push_const(ty, ConstKind::Null),
                "undef" => self.push_const(ty, ConstKind::Undef),
                "poison" => self.push_const(ty, ConstKind::Poison),
                "splat" => {
                    // `<N x T> splat (T v)` (LLVM ≥ 19): the vector with every element v.
                    self.expect_punct('(')?;
                    let (_, element) = self.parse_typed_value()?;
                    self.expect_punct(')')?;
                    let len = match tyk {
                        Type::Vector {
                            len,
                            scalable: false,
                            ..
                        } => len,
                        _ => {
                            return Err(self.err_at(
                                l,
                                c,
                                "splat of a non-vector (or scalable) type",
                            ))
                        }
                    };
                    if len > MAX_LISTED_VECTOR_ELEMENTS {
                        return Err(self.err_at(
                            l,
                            c,
                            format!(
                                "splat into a vector of {len} elements (at most \
                                 {MAX_LISTED_VECTOR_ELEMENTS} are read)"
                            ),
                        ));
                    }
                    self.push_const(ty, ConstKind::Aggregate(vec![element; len as usize]))
                }
                "asm" => {
                    let side_effects = self.eat_word("sideeffect");
                    let align_stack = self.eat_word("alignstack");
                    self.eat_word("inteldialect");
                    let asm = String::from_utf8_lossy(&self.expect_string()?).into_owned();
                    self.expect_punct(',')?;
                    let constraints = String::from_utf8_lossy(&self.expect_string()?).into_owned();
                    self.push_const(
                        ty,
                        ConstKind::InlineAsm(InlineAsm {
                            asm,
                            constraints,
                            side_effects,
                            align_stack,
                            function_type: None,
                        }),
                    )
                }
                "getelementptr" => {
                    let inbounds = self.eat_word("inbounds");
                    // LLVM ≥ 19 flags and `inrange(lo, hi)` before the operands; neither changes
                    // the address computed.
                    loop {
                        if self.eat_word("nuw") || self.eat_word("nusw") {
                            continue;
                        }
                        if self.eat_word("inrange") {
                            self.expect_punct('(')?;
                            self.parse_inrange_bound()?;
                            self.expect_punct(',')?;
                            self.parse_inrange_bound()?;
                            self.expect_punct(')')?;
                            continue;
                        }
                        break;
                    }
                    self.expect_punct('(')?;
                    let (source_ty, _, base) = self.parse_gep_base((l, c))?;
                    let mut indices = Vec::new();
                    while self.eat_punct(',') {
                        self.eat_word("inrange");
                        indices.push(self.parse_typed_value()?.1);
                    }
                    self.expect_punct(')')?;
                    self.push_const(
                        ty,
                        ConstKind::Expr(ConstExpr::Gep {
                            source_ty,
                            inbounds,
                            base,
                            indices,
                        }),
                    )
                }
                w if CastOp::from_keyword(w).is_some() => {
                    let op = CastOp::from_keyword(w).unwrap_or(CastOp::BitCast);
                    self.expect_punct('(')?;
                    let (_, value) = self.parse_typed_value()?;
                    self.expect_word("to")?;
                    let dest = self.parse_type()?;
                    self.expect_punct(')')?;
                    self.push_const(dest, ConstKind::Expr(ConstExpr::Cast { op, value }))
                }
                w if BinaryOp::from_keyword(w).is_some() => {
                    let op = BinaryOp::from_keyword(w).unwrap_or(BinaryOp::Add);
                    let flags = self.parse_binary_flags();
                    self.expect_punct('(')?;
                    let (_, lhs) = self.parse_typed_value()?;
                    self.expect_punct(',')?;
                    let (_, rhs) = self.parse_typed_value()?;
                    self.expect_punct(')')?;
                    self.push_const(
                        ty,
                        ConstKind::Expr(ConstExpr::Binary {
                            op,
                            lhs,
                            rhs,
                            flags,
                        }),
                    )
                }
                "icmp" | "fcmp" => {
                    let pred = self.parse_predicate(w == "fcmp")?;
                    self.expect_punct('(')?;
                    let (_, lhs) = self.parse_typed_value()?;
                    self.expect_punct(',')?;
                    let (_, rhs) = self.parse_typed_value()?;
                    self.expect_punct(')')?;
                    self.push_const(ty, ConstKind::Expr(ConstExpr::Cmp { pred, lhs, rhs }))
                }
                "select" => {
                    self.expect_punct('(')?;
                    let (_, cond) = self.parse_typed_value()?;
                    self.expect_punct(',')?;
                    let (_, then_value) = self.parse_typed_value()?;
                    self.expect_punct(',')?;
                    let (_, else_value) = self.parse_typed_value()?;
                    self.expect_punct(')')?;
                    self.push_const(
                        ty,
                        ConstKind::Expr(ConstExpr::Select {
                            cond,
                            then_value,
                            else_value,
                        }),
                    )
                }
                "extractelement" | "insertelement" | "shufflevector" => {
                    self.expect_punct('(')?;
                    let (_, a) = self.parse_typed_value()?;
                    self.expect_punct(',')?;
                    let (_, b) = self.parse_typed_value()?;
                    let kind = if w == "extractelement" {
                        ConstExpr::ExtractElement {
                            vector: a,
                            index: b,
                        }
                    } else {
                        self.expect_punct(',')?;
                        let (_, c3) = self.parse_typed_value()?;
                        if w == "insertelement" {
                            ConstExpr::InsertElement {
                                vector: a,
                                element: b,
                                index: c3,
                            }
                        } else {
                            ConstExpr::ShuffleVector {
                                v1: a,
                                v2: b,
                                mask: c3,
                            }
                        }
                    };
                    self.expect_punct(')')?;
                    self.push_const(ty, ConstKind::Expr(kind))
                }
                "blockaddress" | "dso_local_equivalent" | "no_cfi" => {
                    return Err(self.err_at(l, c, format!("unsupported construct '{w}'")));
                }
                other => {
                    return Err(self.err_at(l, c, format!("expected a value, found '{other}'")))
                }
            },
            Tok::CStr(bytes) => self.push_const(ty, ConstKind::String(bytes)),
            Tok::Punct('[') => {
                let elems = self.parse_const_list(']')?;
                self.push_const(ty, ConstKind::Aggregate(elems))
            }
            Tok::Punct('{') => {
                let elems = self.parse_const_list('}')?;
                self.push_const(ty, ConstKind::Aggregate(elems))
            }
            Tok::Punct('<') => {
                if self.eat_punct('{') {
                    let elems = self.parse_const_list('}')?;
                    self.expect_punct('>')?;
                    self.push_const(ty, ConstKind::Aggregate(elems))
                } else {
                    let elems = self.parse_const_list('>')?;
                    self.push_const(ty, ConstKind::Aggregate(elems))
                }
            }
            Tok::MetaId(_) | Tok::MetaString(_) | Tok::MetaBang => {
                self.pos -= 1;
                ValueRef::Metadata(self.parse_metadata_ref()?)
            }
            _ => return Err(self.err_at(l, c, "expected a value")),
        })
    }

    fn parse_const_list(&mut self, close: char) -> PResult<Vec<ValueRef>> {
        let mut elems = Vec::new();
        if self.eat_punct(close) {
            return Ok(elems);
        }
        loop {
            elems.push(self.parse_typed_value()?.1);
            if self.eat_punct(close) {
                return Ok(elems);
            }
            self.expect_punct(',')?;
        }
    }

    fn float_const(&mut self, ty: TypeId, f: f64) -> ValueRef {
        let bits = match self.m.types.get(ty) {
            Type::Float => (f as f32).to_bits() as u64,
            Type::Half => f32_to_half(f as f32) as u64,
            Type::BFloat => ((f as f32).to_bits() >> 16) as u64,
            _ => f.to_bits(),
        };
        self.push_const(ty, ConstKind::Float(bits))
    }

    fn parse_float(&mut self, ty: TypeId, text: &str, l: u32, c: u32) -> PResult<ValueRef> {
        let bad = || self.err_at(l, c, format!("invalid floating point constant '{text}'"));
        if let Some(hex) = text.strip_prefix("0x") {
            let (kind, digits) = match hex.as_bytes().first() {
                Some(b'K' | b'L' | b'M' | b'H' | b'R') => (hex.as_bytes()[0], &hex[1..]),
                _ => (b'D', hex),
            };
            match kind {
                b'H' | b'R' => {
                    let v = u64::from_str_radix(digits, 16).map_err(|_| bad())?;
                    return Ok(self.push_const(ty, ConstKind::Float(v)));
                }
                b'K' | b'L' | b'M' => {
                    let split = digits.len().saturating_sub(16);
                    let hi =
                        u64::from_str_radix(digits.get(..split).unwrap_or("0"), 16).unwrap_or(0);
                    let lo = u64::from_str_radix(digits.get(split..).unwrap_or("0"), 16)
                        .map_err(|_| bad())?;
                    let words = if kind == b'K' {
                        vec![lo, hi]
                    } else {
                        vec![hi, lo]
                    };
                    return Ok(self.push_const(ty, ConstKind::WideFloat(words)));
                }
                _ => {
                    let v = u64::from_str_radix(digits, 16).map_err(|_| bad())?;
                    let f = f64::from_bits(v);
                    return Ok(self.float_const(ty, f));
                }
            }
        }
        let f: f64 = text.parse().map_err(|_| bad())?;
        Ok(self.float_const(ty, f))
    }

    /// One bound of a constant GEP's `inrange(lo, hi)`: a (possibly negative) integer.
    fn parse_inrange_bound(&mut self) -> PResult<()> {
        match self.next() {
            Tok::Int(_) => Ok(()),
            _ => Err(self.err("expected an integer bound in inrange(...)")),
        }
    }

    fn parse_binary_flags(&mut self) -> u8 {
        let mut flags = 0;
        loop {
            if self.eat_word("nuw") {
                flags |= flags::NUW;
            } else if self.eat_word("nsw") {
                flags |= flags::NSW;
            } else if self.eat_word("exact") {
                flags |= flags::EXACT;
            } else if self.eat_word("disjoint") {
            } else {
                return flags;
            }
        }
    }

    fn parse_fast_math(&mut self) -> u32 {
        let mut bits = 0;
        loop {
            let b = match self.peek() {
                Tok::Word(w) => match w.as_str() {
                    "fast" => 0xFE,
                    "nnan" => fmf::NNAN,
                    "ninf" => fmf::NINF,
                    "nsz" => fmf::NSZ,
                    "arcp" => fmf::ARCP,
                    "contract" => fmf::CONTRACT,
                    "afn" => fmf::AFN,
                    "reassoc" => fmf::REASSOC,
                    _ => return bits,
                },
                _ => return bits,
            };
            self.next();
            bits |= b;
        }
    }

    fn parse_predicate(&mut self, fp: bool) -> PResult<CmpPredicate> {
        let (l, c) = self.here();
        match self.next() {
            Tok::Word(w) => CmpPredicate::from_keyword(fp, &w)
                .ok_or_else(|| self.err_at(l, c, format!("unknown comparison predicate '{w}'"))),
            _ => Err(self.err_at(l, c, "expected a comparison predicate")),
        }
    }
}

fn looks_like_attribute(w: &str) -> bool {
    // Anything that is not a type keyword or value keyword.
    !(w == "void"
        || w == "ptr"
        || w == "label"
        || w == "metadata"
        || w == "half"
        || w == "bfloat"
        || w == "float"
        || w == "double"
        || w == "x86_fp80"
        || w == "fp128"
        || w == "ppc_fp128"
        || w == "token"
        || w == "x86_mmx"
        || (w.starts_with('i') && w.len() > 1 && w[1..].bytes().all(|d| d.is_ascii_digit()))
        || w == "to"
        || w == "x"
        || matches!(
            w,
            "null"
                | "undef"
                | "poison"
                | "zeroinitializer"
                | "splat"
                | "true"
                | "false"
                | "none"
                | "asm"
                | "blockaddress"
                | "getelementptr"
                | "select"
                | "icmp"
                | "fcmp"
                | "extractelement"
                | "insertelement"
                | "shufflevector"
                | "dso_local_equivalent"
                | "no_cfi"
        )
        || CastOp::from_keyword(w).is_some()
        || BinaryOp::from_keyword(w).is_some())
}

fn f32_to_half(f: f32) -> u16 {
    let bits = f.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        sign | 0x7c00
    } else if e <= 0 {
        if e < -10 {
            sign
        } else {
            let m = (mant | 0x80_0000) >> (1 - e);
            sign | ((m + 0x1000) >> 13) as u16
        }
    } else {
        sign | ((e as u16) << 10) | (((mant + 0x1000) >> 13) as u16)
    }
}
