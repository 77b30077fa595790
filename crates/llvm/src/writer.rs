//! `.ll` writer: prints a `Module` as LLVM assembly that llvm-as (15+) accepts,
//! with typed or opaque pointers.

use std::collections::HashMap;
use std::fmt::Write;

use crate::model::*;

/// How pointer types are spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PointerStyle {
    /// As in the model: typed when the model has pointee types.
    #[default]
    AsModel,
    /// Always `ptr` / `ptr addrspace(N)`.
    Opaque,
}

#[derive(Debug, Clone, Default)]
pub struct WriteOptions {
    pub pointers: PointerStyle,
    /// Drop `!tbaa`, `!fpmath`, ... on instructions (they are kept by default).
    pub drop_instruction_metadata: bool,
}

impl WriteOptions {
    pub fn typed() -> Self {
        Self::default()
    }
    pub fn opaque() -> Self {
        WriteOptions {
            pointers: PointerStyle::Opaque,
            ..Self::default()
        }
    }
}

impl Module {
    /// Prints the module as `.ll` text.
    pub fn to_ll(&self, opts: &WriteOptions) -> String {
        Writer::new(self, opts).write()
    }
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_')
}

/// `name` as an LLVM identifier body: bare if possible, else quoted.
fn ident(name: &str) -> String {
    let bytes = name.as_bytes();
    let bare = !bytes.is_empty()
        && bytes.iter().all(|&c| is_ident_char(c))
        && !bytes.first().is_some_and(|c| c.is_ascii_digit());
    if bare {
        name.to_string()
    } else {
        let mut s = String::with_capacity(name.len() + 2);
        s.push('"');
        escape_into(&mut s, bytes);
        s.push('"');
        s
    }
}

fn escape_into(out: &mut String, bytes: &[u8]) {
    for &b in bytes {
        if b == b'"' || b == b'\\' || !(0x20..0x7f).contains(&b) {
            let _ = write!(out, "\\{b:02X}");
        } else {
            out.push(b as char);
        }
    }
}

fn quoted(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() + 2);
    s.push('"');
    escape_into(&mut s, bytes);
    s.push('"');
    s
}

fn sync_scope(scope: &SyncScope) -> String {
    match scope {
        SyncScope::System => String::new(),
        SyncScope::SingleThread => " syncscope(\"singlethread\")".into(),
        SyncScope::Named(n) => format!(" syncscope({})", quoted(n.as_bytes())),
    }
}

fn fast_math_flags(bits: u32) -> String {
    if bits & 0xFE == 0xFE {
        return " fast".into();
    }
    let mut s = String::new();
    for (bit, name) in [
        (fmf::REASSOC, "reassoc"),
        (fmf::NNAN, "nnan"),
        (fmf::NINF, "ninf"),
        (fmf::NSZ, "nsz"),
        (fmf::ARCP, "arcp"),
        (fmf::CONTRACT, "contract"),
        (fmf::AFN, "afn"),
    ] {
        if bits & bit != 0 {
            s.push(' ');
            s.push_str(name);
        }
    }
    s
}

/// Decimal of a little-endian two's complement integer of `width` bits.
fn wide_decimal(words: &[u64], width: u32) -> String {
    // Words are a sign-extended value; a wider type adds no digits, so bound
    // the work by the words present (types may be up to 2^23 bits wide).
    let width = width.min(64 * (words.len() as u32 + 1));
    let mut w: Vec<u64> = words.to_vec();
    let nwords = (width as usize).div_ceil(64).max(1);
    w.resize(nwords, 0);
    let top_bits = width as usize - (nwords - 1) * 64;
    let negative = w
        .last()
        .is_some_and(|&t| top_bits > 0 && (t >> (top_bits - 1)) & 1 == 1);
    if top_bits < 64 {
        if let Some(t) = w.last_mut() {
            *t &= (1u64 << top_bits) - 1;
        }
    }
    if negative {
        // Two's complement negate within `width` bits.
        let mut carry = 1u128;
        for x in w.iter_mut() {
            let v = (!*x) as u128 + carry;
            *x = v as u64;
            carry = v >> 64;
        }
        if top_bits < 64 {
            if let Some(t) = w.last_mut() {
                *t &= (1u64 << top_bits) - 1;
            }
        }
    }
    let mut digits = Vec::new();
    while w.iter().any(|&x| x != 0) {
        let mut rem = 0u128;
        for x in w.iter_mut().rev() {
            let cur = (rem << 64) | *x as u128;
            *x = (cur / 10) as u64;
            rem = cur % 10;
        }
        digits.push(b'0' + rem as u8);
    }
    if digits.is_empty() {
        digits.push(b'0');
    }
    if negative {
        digits.push(b'-');
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

struct Writer<'m> {
    m: &'m Module,
    opts: &'m WriteOptions,
    opaque: bool,
    type_names: Vec<Option<String>>,
    struct_names: Vec<String>,
    md_numbers: HashMap<u32, u32>,
    global_names: Vec<String>,
    function_names: Vec<String>,
    alias_names: Vec<String>,
    attr_groups: Vec<Vec<Attribute>>,
    attr_group_index: HashMap<Vec<Attribute>, usize>,
}

/// Per-function naming of locals.
struct Locals {
    args: Vec<String>,
    insts: Vec<String>,
    blocks: Vec<String>,
}

impl<'m> Writer<'m> {
    fn new(m: &'m Module, opts: &'m WriteOptions) -> Self {
        let model_opaque = m
            .types
            .iter()
            .any(|(_, t)| matches!(t, Type::Pointer { pointee: None, .. }));
        let mut unnamed_struct = 0;
        let struct_names = m
            .types
            .structs
            .iter()
            .map(|s| match &s.name {
                Some(n) if !n.is_empty() => format!("%{}", ident(n)),
                _ => {
                    unnamed_struct += 1;
                    format!("%{}", unnamed_struct - 1)
                }
            })
            .collect();
        let mut counter = 0u32;
        let mut name_of = |name: &str| -> String {
            if name.is_empty() {
                counter += 1;
                format!("@{}", counter - 1)
            } else {
                format!("@{}", ident(name))
            }
        };
        let global_names = m.globals.iter().map(|g| name_of(&g.name)).collect();
        let function_names = m.functions.iter().map(|f| name_of(&f.name)).collect();
        let alias_names = m.aliases.iter().map(|a| name_of(&a.name)).collect();
        let mut md_numbers = HashMap::new();
        let mut n = 0;
        for (i, md) in m.metadata.iter().enumerate() {
            // DIArgList exists only inline, as a call argument.
            let numbered = match md {
                Metadata::Node { .. } | Metadata::Unsupported(_) => true,
                Metadata::Specialized(n) => n.kind != "DIArgList",
                _ => false,
            };
            if numbered {
                md_numbers.insert(i as u32, n);
                n += 1;
            }
        }
        let mut w = Writer {
            m,
            opts,
            opaque: model_opaque || opts.pointers == PointerStyle::Opaque,
            type_names: vec![None; m.types.len()],
            struct_names,
            md_numbers,
            global_names,
            function_names,
            alias_names,
            attr_groups: Vec::new(),
            attr_group_index: HashMap::new(),
        };
        for i in 0..m.types.len() {
            w.type_name(TypeId(i as u32));
        }
        w
    }

    fn ty(&self, id: TypeId) -> &str {
        self.type_names
            .get(id.0 as usize)
            .and_then(|s| s.as_deref())
            .unwrap_or("void")
    }

    fn type_name(&mut self, id: TypeId) -> String {
        if let Some(Some(s)) = self.type_names.get(id.0 as usize) {
            return s.clone();
        }
        let s = match self.m.types.get(id).clone() {
            Type::Void => "void".into(),
            Type::Half => "half".into(),
            Type::BFloat => "bfloat".into(),
            Type::Float => "float".into(),
            Type::Double => "double".into(),
            Type::X86Fp80 => "x86_fp80".into(),
            Type::Fp128 => "fp128".into(),
            Type::PpcFp128 => "ppc_fp128".into(),
            Type::Label => "label".into(),
            Type::Metadata => "metadata".into(),
            Type::X86Mmx => "x86_mmx".into(),
            Type::X86Amx => "x86_amx".into(),
            Type::Token => "token".into(),
            Type::Int(w) => format!("i{w}"),
            Type::Pointer { pointee, addrspace } => {
                let space = if addrspace != 0 {
                    format!(" addrspace({addrspace})")
                } else {
                    String::new()
                };
                match pointee {
                    Some(p) if !self.opaque => format!("{}{space}*", self.type_name(p)),
                    _ => format!("ptr{space}"),
                }
            }
            Type::Function {
                ret,
                params,
                vararg,
            } => {
                let mut s = format!("{} (", self.type_name(ret));
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    s.push_str(&self.type_name(*p));
                }
                if vararg {
                    s.push_str(if params.is_empty() { "..." } else { ", ..." });
                }
                s.push(')');
                s
            }
            Type::Array { len, elem } => format!("[{len} x {}]", self.type_name(elem)),
            Type::Vector {
                len,
                elem,
                scalable,
            } => format!(
                "<{}{len} x {}>",
                if scalable { "vscale x " } else { "" },
                self.type_name(elem)
            ),
            Type::Struct { elems, packed } => self.struct_body(&elems, packed),
            Type::TargetExt { name, types, ints } => {
                let mut s = format!("target({}", quoted(name.as_bytes()));
                for t in types {
                    s.push_str(", ");
                    s.push_str(&self.type_name(t));
                }
                for i in ints {
                    s.push_str(&format!(", {i}"));
                }
                s.push(')');
                s
            }
            Type::Named(sid) => self
                .struct_names
                .get(sid.0 as usize)
                .cloned()
                .unwrap_or_else(|| "%unknown".into()),
        };
        if let Some(slot) = self.type_names.get_mut(id.0 as usize) {
            *slot = Some(s.clone());
        }
        s
    }

    fn struct_body(&mut self, elems: &[TypeId], packed: bool) -> String {
        if elems.is_empty() {
            return if packed { "<{}>".into() } else { "{}".into() };
        }
        let inner: Vec<String> = elems.iter().map(|e| self.type_name(*e)).collect();
        if packed {
            format!("<{{ {} }}>", inner.join(", "))
        } else {
            format!("{{ {} }}", inner.join(", "))
        }
    }

    fn write(mut self) -> String {
        let mut out = String::with_capacity(4096);
        if let Some(s) = &self.m.source_filename {
            let _ = writeln!(out, "source_filename = {}", quoted(s.as_bytes()));
        }
        if let Some(s) = &self.m.datalayout {
            let _ = writeln!(out, "target datalayout = {}", quoted(s.as_bytes()));
        }
        if let Some(s) = &self.m.triple {
            let _ = writeln!(out, "target triple = {}", quoted(s.as_bytes()));
        }
        for asm in &self.m.module_asm {
            for line in asm.split('\n') {
                let _ = writeln!(out, "module asm {}", quoted(line.as_bytes()));
            }
        }
        out.push('\n');
        for (i, s) in self.m.types.structs.iter().enumerate() {
            let name = self.struct_names.get(i).cloned().unwrap_or_default();
            let body = match &s.body {
                None => "opaque".to_string(),
                Some(b) => self.struct_body(&b.elems, b.packed),
            };
            let _ = writeln!(out, "{name} = type {body}");
        }
        if !self.m.types.structs.is_empty() {
            out.push('\n');
        }
        for g in 0..self.m.globals.len() {
            self.write_global(&mut out, g);
        }
        if !self.m.globals.is_empty() {
            out.push('\n');
        }
        for a in 0..self.m.aliases.len() {
            self.write_alias(&mut out, a);
        }
        for f in 0..self.m.functions.len() {
            self.write_function(&mut out, f);
            out.push('\n');
        }
        for (i, attrs) in self.attr_groups.iter().enumerate() {
            let _ = writeln!(
                out,
                "attributes #{i} = {{ {} }}",
                self.attrs_text(attrs, None)
            );
        }
        if !self.attr_groups.is_empty() {
            out.push('\n');
        }
        for named in &self.m.named_metadata {
            let nodes: Vec<String> = named.nodes.iter().map(|n| self.md_ref(*n)).collect();
            let _ = writeln!(out, "!{} = !{{{}}}", md_name(&named.name), nodes.join(", "));
        }
        for (i, md) in self.m.metadata.iter().enumerate() {
            let Some(n) = self.md_numbers.get(&(i as u32)) else {
                continue;
            };
            match md {
                Metadata::Node { operands, distinct } => {
                    let ops: Vec<String> = operands.iter().map(|o| self.md_operand(o)).collect();
                    let _ = writeln!(
                        out,
                        "!{n} = {}!{{{}}}",
                        if *distinct { "distinct " } else { "" },
                        ops.join(", ")
                    );
                }
                Metadata::Unsupported(kind) => {
                    let _ = writeln!(out, "!{n} = !{{!\"unsupported {kind}\"}}");
                }
                Metadata::Specialized(node) => {
                    let _ = writeln!(out, "!{n} = {}", self.specialized(node));
                }
                _ => {}
            }
        }
        out
    }

    fn md_ref(&self, id: MetadataId) -> String {
        match self.m.metadata(id) {
            Some(Metadata::String(s)) => format!("!{}", quoted(s)),
            Some(Metadata::Value { ty, value }) => {
                format!("{} {}", self.ty(*ty), self.value(None, None, *value))
            }
            _ => match self.md_numbers.get(&id.0) {
                Some(n) => format!("!{n}"),
                None => "null".into(),
            },
        }
    }

    /// `[distinct ]!DIKind(name: value, ...)`; positional fields print their value only.
    fn specialized(&self, node: &DiNode) -> String {
        let fields: Vec<String> = node
            .fields
            .iter()
            .map(|(name, field)| {
                let value = match field {
                    DiField::Null => "null".into(),
                    DiField::Metadata(id) => self.md_ref(*id),
                    DiField::MetadataInt(id) => match self.m.metadata(*id) {
                        Some(Metadata::Value { value, .. }) => match self.m.constant_int(*value) {
                            Some(v) => v.to_string(),
                            None => self.md_ref(*id),
                        },
                        _ => self.md_ref(*id),
                    },
                    DiField::String(id) => match self.m.metadata(*id) {
                        Some(Metadata::String(s)) => quoted(s),
                        _ => self.md_ref(*id),
                    },
                    DiField::Int(v) => v.to_string(),
                    DiField::UInt(v) => v.to_string(),
                    DiField::Bool(b) => b.to_string(),
                    DiField::Symbol(text) => text.clone(),
                };
                if name.is_empty() {
                    value
                } else {
                    format!("{name}: {value}")
                }
            })
            .collect();
        format!(
            "{}!{}({})",
            if node.distinct { "distinct " } else { "" },
            node.kind,
            fields.join(", ")
        )
    }

    /// Metadata as an instruction operand: function-local values (`metadata ptr %x`) need
    /// the function's names.
    fn md_argument(&self, f: Option<&Function>, locals: Option<&Locals>, md: MetadataId) -> String {
        format!("metadata {}", self.local_md(f, locals, md))
    }

    /// Metadata that may name function-local values: `ptr %x`, `!DIArgList(i32 %a, ...)`.
    fn local_md(&self, f: Option<&Function>, locals: Option<&Locals>, md: MetadataId) -> String {
        match self.m.metadata(md) {
            Some(Metadata::Value { ty, value }) => {
                format!("{} {}", self.ty(*ty), self.value(f, locals, *value))
            }
            Some(Metadata::Specialized(n)) if n.kind == "DIArgList" => {
                let args: Vec<String> = n
                    .fields
                    .iter()
                    .map(|(_, field)| match field {
                        DiField::Metadata(id) => self.local_md(f, locals, *id),
                        _ => "null".into(),
                    })
                    .collect();
                format!("!DIArgList({})", args.join(", "))
            }
            _ => self.md_ref(md),
        }
    }

    fn md_operand(&self, op: &MdOperand) -> String {
        match op {
            MdOperand::Null => "null".into(),
            MdOperand::Metadata(id) => self.md_ref(*id),
            MdOperand::Value { ty, value } => {
                format!("{} {}", self.ty(*ty), self.value(None, None, *value))
            }
        }
    }

    fn write_global(&mut self, out: &mut String, index: usize) {
        let m = self.m;
        let Some(g) = m.globals.get(index) else {
            return;
        };
        let group = self.attr_group(&g.attrs);
        let name = self.global_names.get(index).cloned().unwrap_or_default();
        let mut s = format!("{name} =");
        let linkage = if g.initializer.is_none() && g.linkage == Linkage::External {
            "external"
        } else {
            g.linkage.keyword()
        };
        push_linkage(&mut s, linkage, g.dso_local, g.visibility);
        match g.thread_local {
            0 => {}
            2 => s.push_str(" thread_local(localdynamic)"),
            3 => s.push_str(" thread_local(initialexec)"),
            4 => s.push_str(" thread_local(localexec)"),
            _ => s.push_str(" thread_local"),
        }
        match g.unnamed_addr {
            UnnamedAddr::None => {}
            UnnamedAddr::Global => s.push_str(" unnamed_addr"),
            UnnamedAddr::Local => s.push_str(" local_unnamed_addr"),
        }
        if g.addrspace != 0 {
            let _ = write!(s, " addrspace({})", g.addrspace);
        }
        if g.externally_initialized {
            s.push_str(" externally_initialized");
        }
        s.push_str(if g.is_constant {
            " constant "
        } else {
            " global "
        });
        s.push_str(self.ty(g.value_ty));
        if let Some(init) = g.initializer {
            s.push(' ');
            s.push_str(&self.value(None, None, init));
        }
        if let Some(sec) = &g.section {
            let _ = write!(s, ", section {}", quoted(sec.as_bytes()));
        }
        if let Some(a) = g.align {
            let _ = write!(s, ", align {a}");
        }
        for (kind, md) in &g.attachments {
            let _ = write!(s, ", !{} {}", md_name(kind), self.md_ref(*md));
        }
        // LLVM prints a global's attribute group after its attachments.
        if let Some(group) = group {
            let _ = write!(s, " #{group}");
        }
        out.push_str(&s);
        out.push('\n');
    }

    fn write_alias(&self, out: &mut String, index: usize) {
        let Some(a) = self.m.aliases.get(index) else {
            return;
        };
        let name = self.alias_names.get(index).cloned().unwrap_or_default();
        let linkage = a.linkage.keyword();
        let aliasee_ty = self.m.value_type(a.aliasee).unwrap_or(a.ty);
        let _ = writeln!(
            out,
            "{name} ={}{} alias {}, {} {}",
            if linkage.is_empty() { "" } else { " " },
            linkage,
            self.ty(a.value_ty),
            self.ty(aliasee_ty),
            self.value(None, None, a.aliasee)
        );
    }

    fn attr_group(&mut self, attrs: &[Attribute]) -> Option<usize> {
        let printable: Vec<Attribute> = attrs
            .iter()
            .filter(|a| !matches!(a, Attribute::Raw(r) if r.starts_with(';')))
            .cloned()
            .collect();
        if printable.is_empty() {
            return None;
        }
        if let Some(i) = self.attr_group_index.get(&printable) {
            return Some(*i);
        }
        let i = self.attr_groups.len();
        self.attr_groups.push(printable.clone());
        self.attr_group_index.insert(printable, i);
        Some(i)
    }

    /// Attribute list text; `param_ty` gives the parameter type for `byval`/`sret`.
    fn attrs_text(&self, attrs: &[Attribute], param_ty: Option<TypeId>) -> String {
        let mut parts: Vec<String> = Vec::new();
        for a in attrs {
            let text = match a {
                Attribute::Flag(n) => match n.as_str() {
                    "byval" | "sret" | "inalloca" | "preallocated" | "byref" | "elementtype" => {
                        match param_ty.and_then(|t| self.m.types.pointee(t)) {
                            Some(p) => format!("{n}({})", self.ty(p)),
                            None => n.clone(),
                        }
                    }
                    _ => n.clone(),
                },
                Attribute::Int(n, v) => match n.as_str() {
                    "align" => format!("align {v}"),
                    "vscale_range" => format!("vscale_range({},{})", v >> 32, v & 0xffff_ffff),
                    "allocsize" => {
                        let elem = v >> 32;
                        let num = v & 0xffff_ffff;
                        if num == 0xffff_ffff {
                            format!("allocsize({elem})")
                        } else {
                            format!("allocsize({elem},{num})")
                        }
                    }
                    "uwtable" => {
                        if *v == 1 {
                            "uwtable(sync)".into()
                        } else {
                            "uwtable".into()
                        }
                    }
                    "memory" => match memory_to_legacy(*v) {
                        Some(s) => s.to_string(),
                        None => continue,
                    },
                    "allockind" | "nofpclass" | "captures" => continue,
                    _ => format!("{n}({v})"),
                },
                Attribute::Type(n, t) => match t {
                    Some(t) => format!("{n}({})", self.ty(*t)),
                    None => match param_ty.and_then(|t| self.m.types.pointee(t)) {
                        Some(p) => format!("{n}({})", self.ty(p)),
                        None => n.clone(),
                    },
                },
                Attribute::Str(k, v) => match v {
                    Some(v) => format!("{}={}", quoted(k.as_bytes()), quoted(v.as_bytes())),
                    None => quoted(k.as_bytes()),
                },
                Attribute::Raw(r) => {
                    if r.starts_with(';') {
                        continue;
                    }
                    // LLVM 16+ spellings that LLVM 15 knows under older names.
                    match r.as_str() {
                        "memory(none)" => "readnone".into(),
                        "memory(read)" => "readonly".into(),
                        "memory(write)" => "writeonly".into(),
                        "memory(argmem: readwrite)" => "argmemonly".into(),
                        "captures(none)" => "nocapture".into(),
                        // Also unknown to LLVM 15, and only hints.
                        _ if ["memory(", "captures(", "range(", "initializes("]
                            .iter()
                            .any(|p| r.starts_with(p)) =>
                        {
                            continue
                        }
                        _ => r.clone(),
                    }
                }
            };
            if !text.is_empty() {
                parts.push(text);
            }
        }
        parts.join(" ")
    }

    fn locals(&self, f: &Function) -> Locals {
        let mut n = 0u32;
        let mut next = |name: &Option<String>| -> String {
            match name {
                Some(s) if !s.is_empty() => format!("%{}", ident(s)),
                _ => {
                    n += 1;
                    format!("%{}", n - 1)
                }
            }
        };
        let args = f.args.iter().map(|a| next(&a.name)).collect();
        let mut insts = vec![String::new(); f.insts.len()];
        let mut blocks = Vec::with_capacity(f.blocks.len());
        for b in &f.blocks {
            blocks.push(next(&b.name));
            for &i in &b.insts {
                if let Some(inst) = f.insts.get(i.0 as usize) {
                    if !self.m.types.is_void(inst.ty) {
                        if let Some(slot) = insts.get_mut(i.0 as usize) {
                            *slot = next(&inst.name);
                        }
                    }
                }
            }
        }
        Locals {
            args,
            insts,
            blocks,
        }
    }

    fn write_function(&mut self, out: &mut String, index: usize) {
        let Some(f) = self.m.functions.get(index) else {
            return;
        };
        let locals = self.locals(f);
        let Some((ret, params, vararg)) = self
            .m
            .types
            .function_signature(f.fn_ty)
            .map(|(r, p, v)| (r, p.to_vec(), v))
        else {
            return;
        };
        let mut s = String::new();
        s.push_str(if f.is_declaration() {
            "declare"
        } else {
            "define"
        });
        let mut attachments = String::new();
        for (kind, md) in &f.attachments {
            let _ = write!(attachments, " !{} {}", md_name(kind), self.md_ref(*md));
        }
        // A declaration's attachments come right after `declare`, a definition's before `{`.
        if f.is_declaration() {
            s.push_str(&attachments);
        }
        push_linkage(&mut s, f.linkage.keyword(), f.dso_local, f.visibility);
        let cc = f.cc.keyword();
        if !cc.is_empty() {
            s.push(' ');
            s.push_str(&cc);
        }
        let ret_attrs = self.attrs_text(&f.attrs.ret, None);
        if !ret_attrs.is_empty() {
            s.push(' ');
            s.push_str(&ret_attrs);
        }
        let name = self.function_names.get(index).cloned().unwrap_or_default();
        let _ = write!(s, " {} {name}(", self.ty(ret));
        for (i, p) in params.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            s.push_str(self.ty(*p));
            let a = self.attrs_text(f.attrs.param(i), Some(*p));
            if !a.is_empty() {
                s.push(' ');
                s.push_str(&a);
            }
            if !f.is_declaration() {
                s.push(' ');
                s.push_str(locals.args.get(i).map(String::as_str).unwrap_or("%?"));
            }
        }
        if vararg {
            s.push_str(if params.is_empty() { "..." } else { ", ..." });
        }
        s.push(')');
        match f.unnamed_addr {
            UnnamedAddr::None => {}
            UnnamedAddr::Global => s.push_str(" unnamed_addr"),
            UnnamedAddr::Local => s.push_str(" local_unnamed_addr"),
        }
        if f.addrspace != 0 {
            let _ = write!(s, " addrspace({})", f.addrspace);
        }
        if let Some(g) = self.attr_group(&f.attrs.function) {
            let _ = write!(s, " #{g}");
        }
        if let Some(sec) = &f.section {
            let _ = write!(s, " section {}", quoted(sec.as_bytes()));
        }
        if let Some(a) = f.align {
            let _ = write!(s, " align {a}");
        }
        if let Some(gc) = &f.gc {
            let _ = write!(s, " gc {}", quoted(gc.as_bytes()));
        }
        if !f.is_declaration() {
            s.push_str(&attachments);
        }
        out.push_str(&s);
        if f.is_declaration() {
            out.push('\n');
            return;
        }
        out.push_str(" {\n");
        for (bi, b) in f.blocks.iter().enumerate() {
            if bi > 0 || b.name.is_some() {
                let label = locals.blocks.get(bi).map(String::as_str).unwrap_or("%?");
                let _ = writeln!(out, "{}:", label.trim_start_matches('%'));
            }
            for &i in &b.insts {
                if let Some(inst) = f.insts.get(i.0 as usize) {
                    let line = self.instruction(f, &locals, i, inst);
                    out.push_str("  ");
                    out.push_str(&line);
                    out.push('\n');
                }
            }
        }
        out.push_str("}\n");
    }

    fn value(&self, f: Option<&Function>, locals: Option<&Locals>, v: ValueRef) -> String {
        match v {
            ValueRef::Constant(c) => self.constant(f, locals, c),
            ValueRef::Global(g) => self
                .global_names
                .get(g.0 as usize)
                .cloned()
                .unwrap_or_else(|| "@?".into()),
            ValueRef::Function(g) => self
                .function_names
                .get(g.0 as usize)
                .cloned()
                .unwrap_or_else(|| "@?".into()),
            ValueRef::Alias(g) => self
                .alias_names
                .get(g.0 as usize)
                .cloned()
                .unwrap_or_else(|| "@?".into()),
            ValueRef::Argument(a) => locals
                .and_then(|l| l.args.get(a as usize))
                .cloned()
                .unwrap_or_else(|| "undef".into()),
            ValueRef::Instruction(i) => locals
                .and_then(|l| l.insts.get(i.0 as usize))
                .cloned()
                .unwrap_or_else(|| "undef".into()),
            ValueRef::Block(b) => locals
                .and_then(|l| l.blocks.get(b.0 as usize))
                .cloned()
                .unwrap_or_else(|| "undef".into()),
            ValueRef::Metadata(md) => self.md_ref(md),
            ValueRef::Unresolved(_) => "undef".into(),
        }
    }

    fn value_type(&self, f: Option<&Function>, v: ValueRef) -> TypeId {
        let t = match f {
            Some(f) => self.m.value_type_in(f, v),
            None => self.m.value_type(v),
        };
        t.unwrap_or(TypeId(0))
    }

    fn typed(&self, f: Option<&Function>, locals: Option<&Locals>, v: ValueRef) -> String {
        if let ValueRef::Metadata(md) = v {
            return self.md_argument(f, locals, md);
        }
        format!(
            "{} {}",
            self.ty(self.value_type(f, v)),
            self.value(f, locals, v)
        )
    }

    fn constant(&self, f: Option<&Function>, locals: Option<&Locals>, id: ConstId) -> String {
        let Some(c) = self.m.constant(id) else {
            return "undef".into();
        };
        let ty = self.m.types.get(c.ty);
        match &c.kind {
            ConstKind::Int(v) => match ty {
                Type::Int(1) => if v & 1 == 1 { "true" } else { "false" }.into(),
                Type::Int(w) if (1..=64).contains(w) => {
                    let shift = 64 - w;
                    (((*v << shift) as i64) >> shift).to_string()
                }
                Type::Int(w) => wide_decimal(&[*v], *w),
                _ => v.to_string(),
            },
            ConstKind::WideInt(words) => match ty {
                Type::Int(w) => wide_decimal(words, *w),
                _ => "0".into(),
            },
            ConstKind::Float(bits) => float_text(ty, *bits),
            ConstKind::WideFloat(words) => match ty {
                Type::X86Fp80 => {
                    let lo = words.first().copied().unwrap_or(0);
                    let hi = words.get(1).copied().unwrap_or(0);
                    format!("0xK{:04X}{:016X}", hi & 0xffff, lo)
                }
                Type::Fp128 => {
                    let lo = words.first().copied().unwrap_or(0);
                    let hi = words.get(1).copied().unwrap_or(0);
                    format!("0xL{lo:016X}{hi:016X}")
                }
                _ => {
                    let lo = words.first().copied().unwrap_or(0);
                    let hi = words.get(1).copied().unwrap_or(0);
                    format!("0xM{lo:016X}{hi:016X}")
                }
            },
            ConstKind::Null => match ty {
                Type::Pointer { .. } => "null".into(),
                Type::Int(_) => "0".into(),
                Type::Half | Type::BFloat | Type::Float | Type::Double => "0.0".into(),
                Type::Token => "none".into(),
                Type::X86Fp80 => "0xK00000000000000000000".into(),
                Type::Fp128 => "0xL00000000000000000000000000000000".into(),
                Type::PpcFp128 => "0xM00000000000000000000000000000000".into(),
                _ => "zeroinitializer".into(),
            },
            ConstKind::Undef => "undef".into(),
            ConstKind::Poison => "poison".into(),
            ConstKind::Aggregate(elems) => {
                let parts: Vec<String> = elems.iter().map(|e| self.typed(f, locals, *e)).collect();
                self.aggregate(c.ty, &parts)
            }
            ConstKind::String(bytes) => {
                if matches!(ty, Type::Array { .. }) {
                    format!("c{}", quoted(bytes))
                } else {
                    let elem = self.m.types.element(c.ty, 0).unwrap_or(c.ty);
                    let parts: Vec<String> = bytes
                        .iter()
                        .map(|b| format!("{} {}", self.ty(elem), *b as i8))
                        .collect();
                    self.aggregate(c.ty, &parts)
                }
            }
            ConstKind::Data(items) => {
                let elem = self.m.types.element(c.ty, 0).unwrap_or(c.ty);
                let elem_ty = self.m.types.get(elem);
                let parts: Vec<String> = items
                    .iter()
                    .map(|&x| {
                        let text = match elem_ty {
                            Type::Int(1) => if x & 1 == 1 { "true" } else { "false" }.to_string(),
                            Type::Int(w) if (1..64).contains(w) => {
                                let shift = 64 - w;
                                (((x << shift) as i64) >> shift).to_string()
                            }
                            Type::Int(_) => (x as i64).to_string(),
                            other => float_text(other, x),
                        };
                        format!("{} {text}", self.ty(elem))
                    })
                    .collect();
                self.aggregate(c.ty, &parts)
            }
            ConstKind::Expr(e) => self.const_expr(f, locals, c.ty, e),
            ConstKind::BlockAddress { function, block } => {
                format!(
                    "blockaddress({}, %{block})",
                    self.value(f, locals, *function)
                )
            }
            ConstKind::InlineAsm(asm) => format!(
                "asm {}{}{}, {}",
                if asm.side_effects { "sideeffect " } else { "" },
                if asm.align_stack { "alignstack " } else { "" },
                quoted(asm.asm.as_bytes()),
                quoted(asm.constraints.as_bytes())
            ),
        }
    }

    fn aggregate(&self, ty: TypeId, parts: &[String]) -> String {
        match self.m.types.get(ty) {
            Type::Array { .. } => format!("[{}]", parts.join(", ")),
            Type::Vector { .. } => format!("<{}>", parts.join(", ")),
            Type::Struct { packed: true, .. } => format!("<{{ {} }}>", parts.join(", ")),
            Type::Named(sid)
                if self
                    .m
                    .types
                    .struct_def(*sid)
                    .and_then(|d| d.body.as_ref())
                    .is_some_and(|b| b.packed) =>
            {
                format!("<{{ {} }}>", parts.join(", "))
            }
            _ => {
                if parts.is_empty() {
                    "{}".into()
                } else {
                    format!("{{ {} }}", parts.join(", "))
                }
            }
        }
    }

    fn const_expr(
        &self,
        f: Option<&Function>,
        l: Option<&Locals>,
        ty: TypeId,
        e: &ConstExpr,
    ) -> String {
        match e {
            ConstExpr::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => {
                let fl = binary_flags(*op, *flags);
                format!(
                    "{}{fl} ({}, {})",
                    op.keyword(),
                    self.typed(f, l, *lhs),
                    self.typed(f, l, *rhs)
                )
            }
            ConstExpr::Cast { op, value } => {
                format!(
                    "{} ({} to {})",
                    op.keyword(),
                    self.typed(f, l, *value),
                    self.ty(ty)
                )
            }
            ConstExpr::Gep {
                source_ty,
                inbounds,
                base,
                indices,
            } => {
                let mut s = format!(
                    "getelementptr {}({}, {}",
                    if *inbounds { "inbounds " } else { "" },
                    self.ty(*source_ty),
                    self.typed(f, l, *base)
                );
                for i in indices {
                    s.push_str(", ");
                    s.push_str(&self.typed(f, l, *i));
                }
                s.push(')');
                s
            }
            ConstExpr::Select {
                cond,
                then_value,
                else_value,
            } => format!(
                "select ({}, {}, {})",
                self.typed(f, l, *cond),
                self.typed(f, l, *then_value),
                self.typed(f, l, *else_value)
            ),
            ConstExpr::Cmp { pred, lhs, rhs } => format!(
                "{} {} ({}, {})",
                if pred.is_fp() { "fcmp" } else { "icmp" },
                pred.keyword(),
                self.typed(f, l, *lhs),
                self.typed(f, l, *rhs)
            ),
            ConstExpr::ExtractElement { vector, index } => format!(
                "extractelement ({}, {})",
                self.typed(f, l, *vector),
                self.typed(f, l, *index)
            ),
            ConstExpr::InsertElement {
                vector,
                element,
                index,
            } => format!(
                "insertelement ({}, {}, {})",
                self.typed(f, l, *vector),
                self.typed(f, l, *element),
                self.typed(f, l, *index)
            ),
            ConstExpr::ShuffleVector { v1, v2, mask } => format!(
                "shufflevector ({}, {}, {})",
                self.typed(f, l, *v1),
                self.typed(f, l, *v2),
                self.typed(f, l, *mask)
            ),
            ConstExpr::FNeg { value } => format!("fneg ({})", self.typed(f, l, *value)),
        }
    }

    fn instruction(&mut self, f: &Function, l: &Locals, id: InstId, inst: &Instruction) -> String {
        let mut s = String::new();
        if !self.m.types.is_void(inst.ty) {
            let _ = write!(
                s,
                "{} = ",
                l.insts
                    .get(id.0 as usize)
                    .map(String::as_str)
                    .unwrap_or("%?")
            );
        }
        let fl = Some(f);
        let ll = Some(l);
        let tv = |v: ValueRef| self.typed(fl, ll, v);
        let v = |x: ValueRef| self.value(fl, ll, x);
        let block = |b: BlockId| {
            l.blocks
                .get(b.0 as usize)
                .cloned()
                .unwrap_or_else(|| "%?".into())
        };
        let align = |a: &Option<u64>| a.map(|a| format!(", align {a}")).unwrap_or_default();
        match &inst.kind {
            InstKind::Binary {
                op,
                lhs,
                rhs,
                flags,
                fast_math,
            } => {
                let _ = write!(
                    s,
                    "{}{}{} {}, {}",
                    op.keyword(),
                    binary_flags(*op, *flags),
                    fast_math_flags(*fast_math),
                    tv(*lhs),
                    v(*rhs)
                );
            }
            InstKind::FNeg { value, fast_math } => {
                let _ = write!(s, "fneg{} {}", fast_math_flags(*fast_math), tv(*value));
            }
            InstKind::Cast { op, value } => {
                let _ = write!(s, "{} {} to {}", op.keyword(), tv(*value), self.ty(inst.ty));
            }
            InstKind::Cmp {
                pred,
                lhs,
                rhs,
                fast_math,
            } => {
                let _ = write!(
                    s,
                    "{}{} {} {}, {}",
                    if pred.is_fp() { "fcmp" } else { "icmp" },
                    fast_math_flags(*fast_math),
                    pred.keyword(),
                    tv(*lhs),
                    v(*rhs)
                );
            }
            InstKind::Alloca {
                allocated_ty,
                count,
                align: a,
                addrspace,
            } => {
                let _ = write!(s, "alloca {}", self.ty(*allocated_ty));
                let is_one = matches!(count, ValueRef::Constant(c)
                    if matches!(self.m.constant(*c), Some(Constant { kind: ConstKind::Int(1), ty }) if self.m.types.get(*ty) == &Type::Int(32)));
                if !is_one {
                    let _ = write!(s, ", {}", tv(*count));
                }
                s.push_str(&align(a));
                if *addrspace != 0 {
                    let _ = write!(s, ", addrspace({addrspace})");
                }
            }
            InstKind::Load {
                ptr,
                align: a,
                volatile,
                ordering,
                scope,
            } => {
                let _ = write!(
                    s,
                    "load {}{}, {}{}",
                    access_prefix(*ordering, *volatile),
                    self.ty(inst.ty),
                    tv(*ptr),
                    atomic_suffix(scope, *ordering)
                );
                s.push_str(&align(a));
            }
            InstKind::Store {
                ptr,
                value,
                align: a,
                volatile,
                ordering,
                scope,
            } => {
                let _ = write!(
                    s,
                    "store {}{}, {}{}",
                    access_prefix(*ordering, *volatile),
                    tv(*value),
                    tv(*ptr),
                    atomic_suffix(scope, *ordering)
                );
                s.push_str(&align(a));
            }
            InstKind::Gep {
                source_ty,
                inbounds,
                base,
                indices,
            } => {
                let _ = write!(
                    s,
                    "getelementptr {}{}, {}",
                    if *inbounds { "inbounds " } else { "" },
                    self.ty(*source_ty),
                    tv(*base)
                );
                for i in indices {
                    let _ = write!(s, ", {}", tv(*i));
                }
            }
            InstKind::Call {
                callee,
                fn_ty,
                args,
                cc,
                tail,
                attrs,
                fast_math,
            } => {
                s.push_str(match tail {
                    TailKind::None => "",
                    TailKind::Tail => "tail ",
                    TailKind::MustTail => "musttail ",
                    TailKind::NoTail => "notail ",
                });
                s.push_str("call");
                s.push_str(&fast_math_flags(*fast_math));
                let cck = cc.keyword();
                if !cck.is_empty() {
                    let _ = write!(s, " {cck}");
                }
                let ret_attrs = self.attrs_text(&attrs.ret, None);
                if !ret_attrs.is_empty() {
                    let _ = write!(s, " {ret_attrs}");
                }
                let (ret, params, vararg) = self
                    .m
                    .types
                    .function_signature(*fn_ty)
                    .map(|(r, p, va)| (r, p.to_vec(), va))
                    .unwrap_or((inst.ty, Vec::new(), false));
                let callee_text = v(*callee);
                if vararg {
                    let _ = write!(s, " {} {callee_text}(", self.ty(*fn_ty));
                } else {
                    let _ = write!(s, " {} {callee_text}(", self.ty(ret));
                }
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    let pty = params.get(i).copied();
                    match a {
                        ValueRef::Metadata(md) => s.push_str(&self.md_argument(fl, ll, *md)),
                        _ => {
                            let ty = pty.unwrap_or_else(|| self.value_type(fl, *a));
                            s.push_str(self.ty(ty));
                            let pa = self.attrs_text(attrs.param(i), Some(ty));
                            if !pa.is_empty() {
                                s.push(' ');
                                s.push_str(&pa);
                            }
                            s.push(' ');
                            s.push_str(&v(*a));
                        }
                    }
                }
                s.push(')');
                let fn_attrs = attrs.function.clone();
                if let Some(g) = self.attr_group(&fn_attrs) {
                    let _ = write!(s, " #{g}");
                }
            }
            InstKind::Phi { incoming } => {
                let _ = write!(s, "phi {} ", self.ty(inst.ty));
                let parts: Vec<String> = incoming
                    .iter()
                    .map(|(x, b)| format!("[ {}, {} ]", v(*x), block(*b)))
                    .collect();
                s.push_str(&parts.join(", "));
            }
            InstKind::Select {
                cond,
                then_value,
                else_value,
                fast_math,
            } => {
                let _ = write!(
                    s,
                    "select{} {}, {}, {}",
                    fast_math_flags(*fast_math),
                    tv(*cond),
                    tv(*then_value),
                    tv(*else_value)
                );
            }
            InstKind::ExtractValue { aggregate, indices } => {
                let _ = write!(s, "extractvalue {}", tv(*aggregate));
                for i in indices {
                    let _ = write!(s, ", {i}");
                }
            }
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => {
                let _ = write!(s, "insertvalue {}, {}", tv(*aggregate), tv(*value));
                for i in indices {
                    let _ = write!(s, ", {i}");
                }
            }
            InstKind::ExtractElement { vector, index } => {
                let _ = write!(s, "extractelement {}, {}", tv(*vector), tv(*index));
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                let _ = write!(
                    s,
                    "insertelement {}, {}, {}",
                    tv(*vector),
                    tv(*element),
                    tv(*index)
                );
            }
            InstKind::ShuffleVector { v1, v2, mask } => {
                let mask_text = if mask.iter().all(|m| *m == Some(0)) {
                    "zeroinitializer".to_string()
                } else if mask.iter().all(Option::is_none) {
                    "undef".to_string()
                } else {
                    let parts: Vec<String> = mask
                        .iter()
                        .map(|m| match m {
                            Some(x) => format!("i32 {x}"),
                            None => "i32 undef".into(),
                        })
                        .collect();
                    format!("<{}>", parts.join(", "))
                };
                let _ = write!(
                    s,
                    "shufflevector {}, {}, <{} x i32> {mask_text}",
                    tv(*v1),
                    tv(*v2),
                    mask.len()
                );
            }
            InstKind::AtomicRmw {
                op,
                ptr,
                value,
                volatile,
                ordering,
                scope,
                align: a,
            } => {
                let _ = write!(
                    s,
                    "atomicrmw {}{} {}, {}{} {}",
                    if *volatile { "volatile " } else { "" },
                    op.keyword(),
                    tv(*ptr),
                    tv(*value),
                    sync_scope(scope),
                    ordering.keyword()
                );
                s.push_str(&align(a));
            }
            InstKind::CmpXchg {
                ptr,
                expected,
                new_value,
                volatile,
                weak,
                success,
                failure,
                scope,
                align: a,
            } => {
                let _ = write!(
                    s,
                    "cmpxchg {}{}{}, {}, {}{} {} {}",
                    if *weak { "weak " } else { "" },
                    if *volatile { "volatile " } else { "" },
                    tv(*ptr),
                    tv(*expected),
                    tv(*new_value),
                    sync_scope(scope),
                    success.keyword(),
                    failure.keyword()
                );
                s.push_str(&align(a));
            }
            InstKind::Fence { ordering, scope } => {
                let _ = write!(s, "fence{} {}", sync_scope(scope), ordering.keyword());
            }
            InstKind::Freeze { value } => {
                let _ = write!(s, "freeze {}", tv(*value));
            }
            InstKind::VaArg { list } => {
                let _ = write!(s, "va_arg {}, {}", tv(*list), self.ty(inst.ty));
            }
            InstKind::Ret { value } => match value {
                Some(x) => {
                    let _ = write!(s, "ret {}", tv(*x));
                }
                None => s.push_str("ret void"),
            },
            InstKind::Br { target } => {
                let _ = write!(s, "br label {}", block(*target));
            }
            InstKind::CondBr {
                cond,
                then_block,
                else_block,
            } => {
                let _ = write!(
                    s,
                    "br {}, label {}, label {}",
                    tv(*cond),
                    block(*then_block),
                    block(*else_block)
                );
            }
            InstKind::Switch {
                value,
                default,
                cases,
            } => {
                let _ = write!(s, "switch {}, label {} [", tv(*value), block(*default));
                for (c, b) in cases {
                    let _ = write!(s, "\n    {}, label {}", tv(*c), block(*b));
                }
                s.push_str("\n  ]");
            }
            InstKind::IndirectBr { address, targets } => {
                let parts: Vec<String> = targets
                    .iter()
                    .map(|b| format!("label {}", block(*b)))
                    .collect();
                let _ = write!(s, "indirectbr {}, [{}]", tv(*address), parts.join(", "));
            }
            InstKind::Unreachable => s.push_str("unreachable"),
        }
        if !self.opts.drop_instruction_metadata {
            for (kind, md) in &inst.metadata {
                // Only real locations: LLVM rejects `!dbg` on anything but a DILocation.
                if kind == "dbg"
                    && !matches!(self.m.metadata(*md), Some(Metadata::Specialized(n)) if n.kind == "DILocation")
                {
                    continue;
                }
                let _ = write!(s, ", !{} {}", md_name(kind), self.md_ref(*md));
            }
        }
        s
    }
}

/// `atomic volatile ` before a load's or store's operands, each only when it applies.
fn access_prefix(ordering: AtomicOrdering, volatile: bool) -> String {
    let atomic = ordering != AtomicOrdering::NotAtomic;
    format!(
        "{}{}",
        if atomic { "atomic " } else { "" },
        if volatile { "volatile " } else { "" }
    )
}

/// ` syncscope("x") acquire` after an atomic load's or store's operands.
fn atomic_suffix(scope: &SyncScope, ordering: AtomicOrdering) -> String {
    if ordering == AtomicOrdering::NotAtomic {
        String::new()
    } else {
        format!("{} {}", sync_scope(scope), ordering.keyword())
    }
}

/// ` linkage dso_local hidden`, each part only when present (globals and functions).
fn push_linkage(s: &mut String, linkage: &str, dso_local: bool, visibility: Visibility) {
    if !linkage.is_empty() {
        s.push(' ');
        s.push_str(linkage);
    }
    if dso_local {
        s.push_str(" dso_local");
    }
    match visibility {
        Visibility::Default => {}
        Visibility::Hidden => s.push_str(" hidden"),
        Visibility::Protected => s.push_str(" protected"),
    }
}

fn md_name(name: &str) -> String {
    let ok = !name.is_empty()
        && name.bytes().all(is_ident_char)
        && !name.as_bytes().first().is_some_and(|c| c.is_ascii_digit());
    if ok {
        name.to_string()
    } else {
        let mut s = String::new();
        for b in name.bytes() {
            if is_ident_char(b) {
                s.push(b as char);
            } else {
                let _ = write!(s, "\\{b:02X}");
            }
        }
        s
    }
}

fn binary_flags(op: BinaryOp, flags: u8) -> String {
    use BinaryOp::*;
    match op {
        Add | Sub | Mul | Shl => {
            let mut s = String::new();
            if flags & flags::NUW != 0 {
                s.push_str(" nuw");
            }
            if flags & flags::NSW != 0 {
                s.push_str(" nsw");
            }
            s
        }
        UDiv | SDiv | LShr | AShr if flags & flags::EXACT != 0 => " exact".into(),
        _ => String::new(),
    }
}

fn float_text(ty: &Type, bits: u64) -> String {
    match ty {
        Type::Half => format!("0xH{:04X}", bits & 0xffff),
        Type::BFloat => format!("0xR{:04X}", bits & 0xffff),
        Type::Float => {
            let f = f32::from_bits(bits as u32) as f64;
            format!("0x{:016X}", f.to_bits())
        }
        _ => format!("0x{bits:016X}"),
    }
}

/// The LLVM 16+ `memory(...)` attribute in LLVM 15 spelling, when one exists.
fn memory_to_legacy(v: u64) -> Option<&'static str> {
    // Two bits per location (argmem, inaccessiblemem, other): 0 none, 1 read, 2 write, 3 readwrite.
    let all = [v & 3, (v >> 2) & 3, (v >> 4) & 3];
    if all.iter().all(|&x| x == 0) {
        Some("readnone")
    } else if all.iter().all(|&x| x == 1) {
        Some("readonly")
    } else if all.iter().all(|&x| x == 2) {
        Some("writeonly")
    } else if all.iter().all(|&x| x == 3) {
        None
    } else if all[1] == 0 && all[2] == 0 {
        Some("argmemonly")
    } else {
        None
    }
}
