//! Module-scope debug instructions → `!DI…` nodes: compile unit and files, types, scopes,
//! variables, expressions, imported entities, templates.

use spirvkit_core::grammar::Op;
use spirvkit_core::Id;
use spirvkit_llvm::{DiField, MdOperand, Metadata, MetadataId};

use super::{inst, Args, DebugSet, NodeBuilder};
use crate::reverse::Ctx;

/// `DebugInfoFlags` bits.
mod flag {
    pub const ACCESS: u64 = 0x03;
    pub const IS_LOCAL: u64 = 0x04;
    pub const IS_DEFINITION: u64 = 0x08;
    pub const STATIC_MEMBER: u64 = 0x200;
    pub const L_VALUE_REFERENCE: u64 = 0x800;
    pub const R_VALUE_REFERENCE: u64 = 0x1000;
    pub const IS_OPTIMIZED: u64 = 0x2000;
}

/// LLVM's `DIFlag…` set of `DebugInfoFlags` (the subprogram-only bits are `sp_flags`').
fn di_flags(bits: u64) -> Option<String> {
    let mut out = Vec::new();
    match bits & flag::ACCESS {
        1 => out.push("DIFlagProtected"),
        2 => out.push("DIFlagPrivate"),
        3 => out.push("DIFlagPublic"),
        _ => {}
    }
    for (bit, name) in [
        (0x10, "DIFlagFwdDecl"),
        (0x20, "DIFlagArtificial"),
        (0x40, "DIFlagExplicit"),
        (0x80, "DIFlagPrototyped"),
        (0x100, "DIFlagObjectPointer"),
        (flag::STATIC_MEMBER, "DIFlagStaticMember"),
        (flag::L_VALUE_REFERENCE, "DIFlagLValueReference"),
        (flag::R_VALUE_REFERENCE, "DIFlagRValueReference"),
        (0x4000, "DIFlagEnumClass"),
        (0x8000, "DIFlagTypePassByValue"),
        (0x10000, "DIFlagTypePassByReference"),
    ] {
        if bits & bit != 0 {
            out.push(name);
        }
    }
    (!out.is_empty()).then(|| out.join(" | "))
}

fn sp_flags(bits: u64, definition: bool) -> Option<String> {
    let mut out = Vec::new();
    if bits & flag::IS_LOCAL != 0 {
        out.push("DISPFlagLocalToUnit");
    }
    if definition {
        out.push("DISPFlagDefinition");
    }
    if bits & flag::IS_OPTIMIZED != 0 {
        out.push("DISPFlagOptimized");
    }
    (!out.is_empty()).then(|| out.join(" | "))
}

fn encoding_name(encoding: u64) -> Option<&'static str> {
    Some(match encoding {
        1 => "DW_ATE_address",
        2 => "DW_ATE_boolean",
        3 => "DW_ATE_float",
        4 => "DW_ATE_signed",
        5 => "DW_ATE_signed_char",
        6 => "DW_ATE_unsigned",
        7 => "DW_ATE_unsigned_char",
        8 => "DW_ATE_complex_float",
        _ => return None,
    })
}

/// A `SourceLanguage` (and `.200`'s C/C++ numbers) as a DWARF language.
fn language(value: u64) -> &'static str {
    match value {
        4 => "DW_LANG_C_plus_plus_14",
        108 => "DW_LANG_C",
        109 => "DW_LANG_C99",
        110 => "DW_LANG_C11",
        111 => "DW_LANG_C_plus_plus",
        112 => "DW_LANG_C_plus_plus_03",
        113 => "DW_LANG_C_plus_plus_11",
        114 => "DW_LANG_C_plus_plus_14",
        _ => "DW_LANG_OpenCL",
    }
}

/// A DebugOperation's opcode as its DWARF name and literal count.
fn operation(op: u64) -> Option<(String, usize)> {
    let named = |s: &str, n| Some((s.to_owned(), n));
    match op {
        0 => named("DW_OP_deref", 0),
        1 => named("DW_OP_plus", 0),
        2 => named("DW_OP_minus", 0),
        3 => named("DW_OP_plus_uconst", 1),
        4 => named("DW_OP_bit_piece", 2),
        5 => named("DW_OP_swap", 0),
        6 => named("DW_OP_xderef", 0),
        7 => named("DW_OP_stack_value", 0),
        8 => named("DW_OP_constu", 1),
        9 => named("DW_OP_LLVM_fragment", 2),
        10 => named("DW_OP_LLVM_convert", 2),
        20 => named("DW_OP_consts", 1),
        21 => named("DW_OP_dup", 0),
        22 => named("DW_OP_drop", 0),
        23 => named("DW_OP_over", 0),
        26 => named("DW_OP_abs", 0),
        27 => named("DW_OP_and", 0),
        28 => named("DW_OP_div", 0),
        29 => named("DW_OP_mod", 0),
        30 => named("DW_OP_mul", 0),
        31 => named("DW_OP_neg", 0),
        32 => named("DW_OP_not", 0),
        33 => named("DW_OP_or", 0),
        34 => named("DW_OP_shl", 0),
        35 => named("DW_OP_shr", 0),
        36 => named("DW_OP_shra", 0),
        37 => named("DW_OP_xor", 0),
        39 => named("DW_OP_eq", 0),
        40 => named("DW_OP_ge", 0),
        41 => named("DW_OP_gt", 0),
        42 => named("DW_OP_le", 0),
        43 => named("DW_OP_lt", 0),
        44 => named("DW_OP_ne", 0),
        46..=77 => Some((format!("DW_OP_lit{}", op - 46), 0)),
        110..=141 => Some((format!("DW_OP_breg{}", op - 110), 1)),
        146 => named("DW_OP_deref_size", 1),
        149 => named("DW_OP_push_object_address", 0),
        165 => named("DW_OP_LLVM_arg", 1),
        _ => None,
    }
}

/// `directory` and `filename` of a path (LLVM keeps them apart; SPIR-V joins them).
fn split_path(path: &str) -> (&str, &str) {
    match path.rfind('/') {
        Some(0) => ("/", &path[1..]),
        Some(i) => (&path[..i], &path[i + 1..]),
        None => ("", path),
    }
}

impl Ctx<'_> {
    /// The node of a debug instruction (memoized); `None` for DebugInfoNone, an id that is
    /// not a debug instruction, and what has no LLVM form here.
    pub(crate) fn debug_node(&mut self, id: Id) -> Option<MetadataId> {
        if let Some(done) = self.debug.nodes.get(&id) {
            return *done;
        }
        let (a, _) = self.debug_def(id)?;
        // Strings first: LLVM's bitcode readers take no forward reference to a string.
        self.intern_strings(&a);
        // Reserve the slot first: an operand leading back here (a member's type pointing to
        // its structure) names the slot.
        let slot = self.push_debug_md(Metadata::Node {
            operands: Vec::new(),
            distinct: false,
        });
        self.debug.nodes.insert(id, Some(slot));
        match self.translate_node(id, &a, slot) {
            Some(Some(md)) => {
                if let Some(s) = self.m.metadata.get_mut(slot.0 as usize) {
                    *s = md;
                }
                Some(slot)
            }
            // An alias of another node (a template names its target).
            Some(None) => self.debug.nodes.get(&id).copied().flatten(),
            None => {
                self.debug.nodes.insert(id, None);
                None
            }
        }
    }

    /// Makes the metadata strings node `a` will name (its OpStrings; a path's parts).
    fn intern_strings(&mut self, a: &Args) {
        for i in 0..a.len() {
            let Some(text) = self.debug_string(a.id(i)) else {
                continue;
            };
            if a.number == inst::SOURCE && i == 0 {
                let (dir, file) = split_path(text);
                self.md_string(dir);
                self.md_string(file);
            } else if let Some((_, value)) =
                text.strip_prefix("//__").and_then(|t| t.split_once(':'))
            {
                self.md_string(value.trim());
            } else {
                self.md_string(text);
            }
        }
    }

    /// The node of an operand, `None` when absent or DebugInfoNone.
    fn arg_node(&mut self, a: &Args, i: usize) -> Option<MetadataId> {
        self.debug_node(a.id(i)?)
    }

    fn arg_string(&mut self, a: &Args, i: usize) -> Option<MetadataId> {
        let text = self.debug_string(a.id(i))?;
        Some(self.md_string(text))
    }

    /// A name operand, left out when empty.
    fn arg_name(&mut self, a: &Args, i: usize) -> Option<MetadataId> {
        let text = self.debug_string(a.id(i)).filter(|s| !s.is_empty())?;
        Some(self.md_string(text))
    }

    /// The scope a Parent operand names: `None` for a compile unit (LLVM leaves it out, or
    /// names the file).
    fn parent(&mut self, a: &Args, i: usize) -> Option<MetadataId> {
        let id = a.id(i)?;
        let (pa, _) = self.debug_def(id)?;
        if pa.number == inst::COMPILATION_UNIT {
            return None;
        }
        self.debug_node(id)
    }

    fn unit(&self) -> Option<MetadataId> {
        self.debug.units.first().copied()
    }

    /// The size in bits a type node records.
    fn type_size(&self, md: Option<MetadataId>) -> Option<u64> {
        match self.di(md?)?.field("size")? {
            DiField::UInt(v) => Some(*v),
            DiField::Int(v) => u64::try_from(*v).ok(),
            _ => None,
        }
    }

    /// A signed constant operand (sign-extended from the constant's type).
    fn signed_lit(&self, a: &Args, i: usize) -> Option<i64> {
        let raw = self.lit(a, i)?;
        let width = a
            .id(i)
            .and_then(|c| self.def(c))
            .and_then(|c| c.result_type)
            .and_then(|t| self.def(t))
            .filter(|t| t.opcode == Op::TypeInt)
            .and_then(|t| t.operands.first().and_then(|o| o.word()))
            .unwrap_or(64);
        if width == 0 || width >= 64 {
            return Some(raw as i64);
        }
        let shift = 64 - width;
        Some(((raw << shift) as i64) >> shift)
    }

    /// The node of instruction `a` (`Some(None)`: `id` was aliased to another node).
    fn translate_node(&mut self, id: Id, a: &Args, slot: MetadataId) -> Option<Option<Metadata>> {
        let mut b;
        // Template template parameters and parameter packs: llvm-spirv numbers them the other
        // way round from the grammar (17 and 16); the second operand tells them apart (a
        // template name, or a pack's DebugSource).
        let number = match a.number {
            inst::TYPE_TEMPLATE_TEMPLATE_PARAMETER | inst::TYPE_TEMPLATE_PARAMETER_PACK => {
                let second_is_source = a
                    .id(1)
                    .and_then(|s| self.debug_def(s))
                    .is_some_and(|(s, _)| s.number == inst::SOURCE);
                if second_is_source {
                    inst::TYPE_TEMPLATE_PARAMETER_PACK
                } else {
                    inst::TYPE_TEMPLATE_TEMPLATE_PARAMETER
                }
            }
            n => n,
        };
        let node = match number {
            inst::COMPILATION_UNIT => {
                let file = self.arg_node(a, 2);
                let producer = if a.set == DebugSet::Shader200 {
                    self.arg_string(a, 4)
                } else {
                    None
                }
                .or_else(|| {
                    let p = self.debug.producer.clone()?;
                    Some(self.md_string(&p))
                });
                let version = self.lit(a, 1).unwrap_or(0) as u32;
                if self.debug.dwarf_version == 0 {
                    self.debug.dwarf_version = version;
                }
                self.debug.units.push(slot);
                b = NodeBuilder::new("DICompileUnit", true);
                b.symbol("language", Some(language(self.lit(a, 3)?).into()))
                    .md_or_null("file", file)
                    .string("producer", producer)
                    .field("isOptimized", DiField::Bool(false))
                    .uint("runtimeVersion", Some(0))
                    .symbol("emissionKind", Some("FullDebug".into()));
                b.build()
            }
            inst::SOURCE => {
                let path = self.debug_string(a.id(0)).unwrap_or("");
                let (dir, file) = split_path(path);
                let (dir, file) = (self.md_string(dir), self.md_string(file));
                b = NodeBuilder::new("DIFile", false);
                b.string("filename", Some(file))
                    .string("directory", Some(dir));
                // The checksum: `.200` operands, or OpenCL.DebugInfo.100's `//__CSK_MD5:hex`
                // text, as llvm-spirv writes it.
                let checksum = if a.set == DebugSet::Shader200 && a.len() >= 3 {
                    let kind = match self.lit(a, 1) {
                        Some(0) => Some("CSK_MD5"),
                        Some(1) => Some("CSK_SHA1"),
                        Some(2) => Some("CSK_SHA256"),
                        _ => None,
                    };
                    kind.zip(self.debug_string(a.id(2)))
                        .map(|(k, v)| (k.to_owned(), v.to_owned()))
                } else {
                    self.debug_string(a.id(1))
                        .and_then(|t| t.strip_prefix("//__"))
                        .and_then(|t| t.split_once(':'))
                        .filter(|(k, _)| k.starts_with("CSK_"))
                        .map(|(k, v)| (k.to_owned(), v.trim().to_owned()))
                };
                if let Some((kind, value)) = checksum {
                    let value = self.md_string(&value);
                    b.symbol("checksumkind", Some(kind))
                        .string("checksum", Some(value));
                }
                b.build()
            }
            inst::TYPE_BASIC => {
                let name = self.arg_name(a, 0);
                let size = self.lit(a, 1);
                let encoding = self.lit(a, 2).unwrap_or(0);
                b = NodeBuilder::new("DIBasicType", false);
                match encoding_name(encoding) {
                    Some(e) => {
                        b.string("name", name)
                            .uint_if_set("size", size)
                            .symbol("encoding", Some(e.into()));
                    }
                    None => {
                        b.symbol("tag", Some("DW_TAG_unspecified_type".into()))
                            .string("name", name);
                    }
                }
                b.build()
            }
            inst::TYPE_POINTER => {
                let base = self.arg_node(a, 0);
                let flags = self.lit(a, 2).unwrap_or(0);
                let tag = if flags & flag::L_VALUE_REFERENCE != 0 {
                    "DW_TAG_reference_type"
                } else if flags & flag::R_VALUE_REFERENCE != 0 {
                    "DW_TAG_rvalue_reference_type"
                } else {
                    "DW_TAG_pointer_type"
                };
                let space = match self.lit(a, 1) {
                    Some(5) => Some(1),
                    Some(0) => Some(2),
                    Some(4) => Some(3),
                    Some(8) => Some(4),
                    _ => None,
                };
                b = NodeBuilder::new("DIDerivedType", false);
                b.symbol("tag", Some(tag.into()))
                    .md_or_null("baseType", base)
                    .uint("size", Some(if self.addr64 { 64 } else { 32 }))
                    .uint("dwarfAddressSpace", space)
                    .symbol(
                        "flags",
                        di_flags(flags & !(flag::L_VALUE_REFERENCE | flag::R_VALUE_REFERENCE)),
                    );
                b.build()
            }
            inst::TYPE_QUALIFIER => {
                let base = self.arg_node(a, 0);
                let tag = match self.lit(a, 1)? {
                    0 => "DW_TAG_const_type",
                    1 => "DW_TAG_volatile_type",
                    2 => "DW_TAG_restrict_type",
                    _ => "DW_TAG_atomic_type",
                };
                b = NodeBuilder::new("DIDerivedType", false);
                b.symbol("tag", Some(tag.into()))
                    .md_or_null("baseType", base);
                b.build()
            }
            inst::TYPEDEF => {
                let name = self.arg_name(a, 0);
                let base = self.arg_node(a, 1);
                let file = self.arg_node(a, 2);
                let scope = self.parent(a, 5);
                b = NodeBuilder::new("DIDerivedType", false);
                b.symbol("tag", Some("DW_TAG_typedef".into()))
                    .string("name", name)
                    .md("file", file)
                    .uint_if_set("line", self.lit(a, 3))
                    .md("scope", scope)
                    .md_or_null("baseType", base);
                b.build()
            }
            inst::TYPE_ARRAY | inst::TYPE_VECTOR => {
                let base = self.arg_node(a, 0);
                let vector = a.number == inst::TYPE_VECTOR;
                let mut subranges = Vec::new();
                let mut elements = 1u64;
                if vector {
                    let count = self.lit(a, 1)?;
                    elements = if count == 3 { 4 } else { count };
                    subranges.push(self.subrange_of_count(DiField::Int(count as i64)));
                } else {
                    for i in 1..a.len() {
                        let sub = self.array_bound(a, i, &mut elements);
                        subranges.push(sub);
                    }
                }
                let size = self
                    .type_size(base)
                    .map(|s| s * elements)
                    .filter(|&s| s > 0);
                let list = self.md_tuple(subranges.into_iter().map(MdOperand::Metadata).collect());
                b = NodeBuilder::new("DICompositeType", false);
                b.symbol("tag", Some("DW_TAG_array_type".into()))
                    .md_or_null("baseType", base)
                    .uint("size", size);
                if vector {
                    b.symbol("flags", Some("DIFlagVector".into()));
                }
                b.md("elements", Some(list));
                b.build()
            }
            inst::TYPE_SUBRANGE => {
                b = NodeBuilder::new("DISubrange", false);
                for (i, name) in ["lowerBound", "upperBound", "count", "stride"]
                    .into_iter()
                    .enumerate()
                {
                    if let Some(v) = self.bound(a, i) {
                        b.field(name, v);
                    }
                }
                b.build()
            }
            inst::TYPE_FUNCTION => {
                let flags = self.lit(a, 0).unwrap_or(0);
                let mut types = Vec::new();
                for i in 1..a.len() {
                    let is_void = a
                        .id(i)
                        .and_then(|t| self.def(t))
                        .is_some_and(|t| t.opcode == Op::TypeVoid);
                    types.push(match self.arg_node(a, i) {
                        Some(t) if !is_void => MdOperand::Metadata(t),
                        _ => MdOperand::Null,
                    });
                }
                let list = self.md_tuple(types);
                b = NodeBuilder::new("DISubroutineType", false);
                b.symbol("flags", di_flags(flags)).md("types", Some(list));
                b.build()
            }
            inst::TYPE_ENUM => {
                let name = self.arg_name(a, 0);
                let base = self.arg_node(a, 1);
                let file = self.arg_node(a, 2);
                let scope = self.parent(a, 5);
                let mut enumerators = Vec::new();
                let mut i = 8;
                while i + 1 < a.len() {
                    let value = self.signed_lit(a, i).unwrap_or(0);
                    let name = self.debug_string(a.id(i + 1)).unwrap_or("");
                    let name = self.md_string(name);
                    let mut e = NodeBuilder::new("DIEnumerator", false);
                    e.string("name", Some(name))
                        .field("value", DiField::Int(value));
                    let md = self.push_debug_md(e.build());
                    enumerators.push(MdOperand::Metadata(md));
                    i += 2;
                }
                let list = self.md_tuple(enumerators);
                b = NodeBuilder::new("DICompositeType", false);
                b.symbol("tag", Some("DW_TAG_enumeration_type".into()))
                    .string("name", name)
                    .md("scope", scope)
                    .md("file", file)
                    .uint_if_set("line", self.lit(a, 3))
                    .md("baseType", base)
                    .uint_if_set("size", self.lit(a, 6))
                    .symbol("flags", di_flags(self.lit(a, 7).unwrap_or(0)))
                    .md("elements", Some(list));
                b.build()
            }
            inst::TYPE_COMPOSITE => return Some(self.composite(a, slot)),
            inst::TYPE_MEMBER | inst::TYPE_INHERITANCE => {
                // Met outside its composite (a static member's declaration): its parent says
                // which (OpenCL.DebugInfo.100); the composite gives it otherwise.
                let scope = if a.set == DebugSet::OpenCl100 {
                    let p = if a.number == inst::TYPE_MEMBER { 5 } else { 0 };
                    self.arg_node(a, p)
                } else {
                    None
                };
                return Some(self.member(a, scope));
            }
            inst::TYPE_PTR_TO_MEMBER => {
                let member = self.arg_node(a, 0);
                let class = self.arg_node(a, 1);
                b = NodeBuilder::new("DIDerivedType", false);
                b.symbol("tag", Some("DW_TAG_ptr_to_member_type".into()))
                    .md_or_null("baseType", member)
                    .uint("size", Some(if self.addr64 { 64 } else { 32 }))
                    .md("extraData", class);
                b.build()
            }
            inst::TYPE_TEMPLATE => {
                // The target (a composite or a function) with its parameters; what names the
                // template names the target.
                let target = self.arg_node(a, 0)?;
                let mut params = Vec::new();
                for i in 1..a.len() {
                    if let Some(p) = self.arg_node(a, i) {
                        params.push(MdOperand::Metadata(p));
                    }
                }
                let list = self.md_tuple(params);
                self.add_field(target, "templateParams", DiField::Metadata(list));
                self.debug.nodes.insert(id, Some(target));
                return Some(None);
            }
            inst::TYPE_TEMPLATE_PARAMETER => {
                let name = self.arg_name(a, 0);
                let ty = self.arg_node(a, 1);
                let value = a.id(2).and_then(|v| self.constant_metadata(v));
                match value {
                    Some(v) => {
                        b = NodeBuilder::new("DITemplateValueParameter", false);
                        b.string("name", name)
                            .md("type", ty)
                            .md_or_null("value", Some(v));
                    }
                    None => {
                        b = NodeBuilder::new("DITemplateTypeParameter", false);
                        b.string("name", name).md_or_null("type", ty);
                    }
                }
                b.build()
            }
            inst::TYPE_TEMPLATE_TEMPLATE_PARAMETER => {
                let name = self.arg_name(a, 0);
                let template = self.arg_string(a, 1);
                b = NodeBuilder::new("DITemplateValueParameter", false);
                b.symbol("tag", Some("DW_TAG_GNU_template_template_param".into()))
                    .string("name", name)
                    .md_or_null("value", template);
                b.build()
            }
            inst::TYPE_TEMPLATE_PARAMETER_PACK => {
                let name = self.arg_name(a, 0);
                let mut params = Vec::new();
                for i in 4..a.len() {
                    if let Some(p) = self.arg_node(a, i) {
                        params.push(MdOperand::Metadata(p));
                    }
                }
                let list = self.md_tuple(params);
                b = NodeBuilder::new("DITemplateValueParameter", false);
                b.symbol("tag", Some("DW_TAG_GNU_template_parameter_pack".into()))
                    .string("name", name)
                    .md_or_null("value", Some(list));
                b.build()
            }
            inst::FUNCTION | inst::FUNCTION_DECLARATION => {
                let definition = a.number == inst::FUNCTION;
                let name = self.arg_name(a, 0);
                let ty = self
                    .arg_node(a, 1)
                    .filter(|t| self.di(*t).is_some_and(|n| n.kind == "DISubroutineType"));
                let file = self.arg_node(a, 2);
                // A function at file scope names its file, as clang does.
                let scope = self.parent(a, 5).or(file);
                let linkage = self
                    .debug_string(a.id(6))
                    .filter(|l| !l.is_empty() && Some(*l) != self.debug_string(a.id(0)))
                    .map(str::to_owned);
                let linkage = linkage.map(|l| self.md_string(&l));
                let flags = self.lit(a, 7).unwrap_or(0);
                b = NodeBuilder::new("DISubprogram", definition);
                b.string("name", name)
                    .string("linkageName", linkage)
                    .md("scope", scope)
                    .md("file", file)
                    .uint("line", self.lit(a, 3))
                    .md("type", ty);
                if definition {
                    let declaration_index = if a.set == DebugSet::OpenCl100 { 10 } else { 9 };
                    let declaration = self
                        .arg_node(a, declaration_index)
                        .filter(|d| self.di(*d).is_some_and(|n| n.kind == "DISubprogram"));
                    b.uint("scopeLine", self.lit(a, 8))
                        .symbol("flags", di_flags(flags & !flag::IS_DEFINITION))
                        .symbol("spFlags", sp_flags(flags, true))
                        .md("unit", self.unit())
                        .md("declaration", declaration);
                } else {
                    // Written even when empty: without spFlags, LLVM's parser takes the
                    // old default, a definition.
                    let sp = sp_flags(flags, false).unwrap_or_else(|| "0".into());
                    b.symbol("flags", di_flags(flags & !flag::IS_DEFINITION))
                        .symbol("spFlags", Some(sp));
                }
                b.build()
            }
            inst::LEXICAL_BLOCK => {
                let file = self.arg_node(a, 0);
                if let Some(name) = self.debug_string(a.id(4)) {
                    // A named block is a namespace.
                    let name = (!name.is_empty()).then(|| name.to_owned());
                    let name = name.map(|n| self.md_string(&n));
                    let scope = self.parent(a, 3);
                    let exported = a.set == DebugSet::Shader200
                        && a.id(5)
                            .and_then(|c| self.def(c))
                            .is_some_and(|c| c.opcode == Op::ConstantTrue);
                    b = NodeBuilder::new("DINamespace", false);
                    b.string("name", name).md_or_null("scope", scope);
                    if exported {
                        b.field("exportSymbols", DiField::Bool(true));
                    }
                } else {
                    let scope = self.arg_node(a, 3)?;
                    b = NodeBuilder::new("DILexicalBlock", true);
                    b.md("scope", Some(scope))
                        .md("file", file)
                        .uint("line", self.lit(a, 1))
                        .uint("column", self.lit(a, 2));
                }
                b.build()
            }
            inst::LEXICAL_BLOCK_DISCRIMINATOR => {
                let file = self.arg_node(a, 0);
                let scope = self.arg_node(a, 2)?;
                b = NodeBuilder::new("DILexicalBlockFile", true);
                b.md("scope", Some(scope))
                    .md("file", file)
                    .uint("discriminator", self.lit(a, 1));
                b.build()
            }
            inst::INLINED_AT => {
                let (column, rest) = if a.set == DebugSet::Shader200 {
                    (self.lit(a, 1), 2)
                } else {
                    (None, 1)
                };
                let scope = self.arg_node(a, rest)?;
                let outer = self.arg_node(a, rest + 1);
                b = NodeBuilder::new("DILocation", true);
                b.uint("line", self.lit(a, 0))
                    .uint("column", column)
                    .md("scope", Some(scope))
                    .md("inlinedAt", outer);
                b.build()
            }
            inst::LOCAL_VARIABLE => {
                let name = self.arg_name(a, 0);
                let ty = self.arg_node(a, 1);
                let file = self.arg_node(a, 2);
                let scope = self.arg_node(a, 5)?;
                b = NodeBuilder::new("DILocalVariable", false);
                b.string("name", name)
                    .uint_if_set("arg", self.lit(a, 7))
                    .md("scope", Some(scope))
                    .md("file", file)
                    .uint("line", self.lit(a, 3))
                    .md("type", ty)
                    .symbol("flags", di_flags(self.lit(a, 6).unwrap_or(0)));
                b.build()
            }
            inst::EXPRESSION => {
                b = NodeBuilder::new("DIExpression", false);
                for i in 0..a.len() {
                    let (op, _) = a.id(i).and_then(|o| self.debug_def(o))?;
                    let (name, count) = operation(self.lit(&op, 0)?)?;
                    b.field("", DiField::Symbol(name));
                    for k in 0..count {
                        b.field("", DiField::UInt(self.lit(&op, 1 + k)?));
                    }
                }
                b.build()
            }
            inst::GLOBAL_VARIABLE => return Some(self.debug_global_variable(a, slot)),
            inst::IMPORTED_ENTITY => {
                let name = self.arg_name(a, 0);
                let tag = match self.lit(a, 1) {
                    Some(0) => "DW_TAG_imported_module",
                    _ => "DW_TAG_imported_declaration",
                };
                let file = self.arg_node(a, 2);
                let entity = self.arg_node(a, 3);
                let scope = self.parent(a, 6).or_else(|| self.unit());
                b = NodeBuilder::new("DIImportedEntity", false);
                b.symbol("tag", Some(tag.into()))
                    .string("name", name)
                    .md_or_null("scope", scope)
                    .md("entity", entity)
                    .md("file", file)
                    .uint("line", self.lit(a, 4));
                let md = b.build();
                if let Some(unit) = self.unit() {
                    self.debug.unit_imports.entry(unit).or_default().push(slot);
                }
                md
            }
            n if n == inst::MODULE_INTEL || (n == inst::MODULE && a.set == DebugSet::Shader200) => {
                let name = self.arg_name(a, 0);
                let file = self.arg_node(a, 1);
                let scope = self.parent(a, 2);
                let macros = self.arg_name(a, 4);
                let include = self.arg_name(a, 5);
                let notes = self.arg_name(a, 6);
                b = NodeBuilder::new("DIModule", false);
                b.md_or_null("scope", scope)
                    .string("name", name)
                    .string("configMacros", macros)
                    .string("includePath", include)
                    .string("apinotes", notes)
                    .md("file", file)
                    .uint_if_set("line", self.lit(a, 3));
                if self.lit(a, 7).unwrap_or(0) != 0 {
                    b.field("isDecl", DiField::Bool(true));
                }
                b.build()
            }
            _ => return None,
        };
        Some(Some(node))
    }

    /// A DISubrange of one count.
    fn subrange_of_count(&mut self, count: DiField) -> MetadataId {
        let mut s = NodeBuilder::new("DISubrange", false);
        s.field("count", count);
        self.push_debug_md(s.build())
    }

    /// One count of a DebugTypeArray: a constant, a variable (a variable-length array), a
    /// `.200` DebugTypeSubrange, or DebugInfoNone (unknown: -1).
    fn array_bound(&mut self, a: &Args, i: usize, elements: &mut u64) -> MetadataId {
        let Some(id) = a.id(i) else {
            return self.subrange_of_count(DiField::Int(-1));
        };
        if let Some((sub, _)) = self.debug_def(id) {
            if sub.number == inst::TYPE_SUBRANGE {
                if let Some(md) = self.debug_node(id) {
                    let int = |name: &str| match self.di(md).and_then(|n| n.field(name)) {
                        Some(DiField::Int(v)) => Some(*v),
                        _ => None,
                    };
                    let count = int("count")
                        .or_else(|| Some(int("upperBound")? - int("lowerBound").unwrap_or(0) + 1));
                    *elements = match count {
                        Some(c) if c > 0 => elements.saturating_mul(c as u64),
                        _ => 0,
                    };
                    return md;
                }
            }
            let count = match self.debug_node(id) {
                Some(var) => DiField::Metadata(var),
                None => DiField::Int(-1),
            };
            *elements = 0;
            return self.subrange_of_count(count);
        }
        match self.lit(a, i) {
            Some(c) => {
                *elements = elements.saturating_mul(c);
                self.subrange_of_count(DiField::Int(c as i64))
            }
            None => {
                *elements = 0;
                self.subrange_of_count(DiField::Int(-1))
            }
        }
    }

    /// A `.200` bound-like operand: a constant, or an expression / variable node.
    fn bound(&mut self, a: &Args, i: usize) -> Option<DiField> {
        let id = a.id(i)?;
        if self.debug_def(id).is_some() {
            return self.debug_node(id).map(DiField::Metadata);
        }
        self.signed_lit(a, i).map(DiField::Int)
    }

    /// A constant as a metadata value (`i32 3`), for template value parameters.
    fn constant_metadata(&mut self, id: Id) -> Option<MetadataId> {
        let c = self.def(id)?;
        if !matches!(
            c.opcode,
            Op::Constant | Op::ConstantTrue | Op::ConstantFalse | Op::ConstantNull
        ) {
            return None;
        }
        let ty = self.ty(c.result_type?).ok()?;
        let value = self.value(id).ok()?;
        Some(self.push_debug_md(Metadata::Value { ty, value }))
    }

    /// DebugTypeComposite: a class, structure or union with its members.
    fn composite(&mut self, a: &Args, slot: MetadataId) -> Option<Metadata> {
        let name = self.arg_name(a, 0);
        let tag = match self.lit(a, 1)? {
            0 => "DW_TAG_class_type",
            1 => "DW_TAG_structure_type",
            _ => "DW_TAG_union_type",
        };
        let file = self.arg_node(a, 2);
        let scope = self.parent(a, 5);
        let identifier = self
            .debug_string(a.id(6))
            .filter(|l| !l.is_empty() && Some(*l) != self.debug_string(a.id(0)))
            .map(str::to_owned);
        let identifier = identifier.map(|l| self.md_string(&l));
        let size = a.id(7).and_then(|s| self.constant_u64(s));
        let flags = self.lit(a, 8).unwrap_or(0);
        let mut members = Vec::new();
        for i in 9..a.len() {
            let Some(mid) = a.id(i) else { continue };
            let member = match self.debug_def(mid) {
                Some((ma, _))
                    if matches!(ma.number, inst::TYPE_MEMBER | inst::TYPE_INHERITANCE) =>
                {
                    match self.debug.nodes.get(&mid) {
                        Some(done) => *done,
                        None => {
                            let member_slot = self.push_debug_md(Metadata::Node {
                                operands: Vec::new(),
                                distinct: false,
                            });
                            self.debug.nodes.insert(mid, Some(member_slot));
                            match self.member(&ma, Some(slot)) {
                                Some(md) => {
                                    if let Some(s) = self.m.metadata.get_mut(member_slot.0 as usize)
                                    {
                                        *s = md;
                                    }
                                    Some(member_slot)
                                }
                                None => {
                                    self.debug.nodes.insert(mid, None);
                                    None
                                }
                            }
                        }
                    }
                }
                _ => self.debug_node(mid),
            };
            if let Some(m) = member {
                members.push(MdOperand::Metadata(m));
            }
        }
        let list = self.md_tuple(members);
        let mut b = NodeBuilder::new("DICompositeType", false);
        b.symbol("tag", Some(tag.into()))
            .string("name", name)
            .md("scope", scope)
            .md("file", file)
            .uint_if_set("line", self.lit(a, 3))
            .uint("size", size)
            .symbol("flags", di_flags(flags))
            .md("elements", Some(list))
            .string("identifier", identifier);
        Some(b.build())
    }

    /// DebugTypeMember / DebugTypeInheritance, in the composite `scope`.
    fn member(&mut self, a: &Args, scope: Option<MetadataId>) -> Option<Metadata> {
        let ocl = a.set == DebugSet::OpenCl100;
        let mut b = NodeBuilder::new("DIDerivedType", false);
        if a.number == inst::TYPE_INHERITANCE {
            let base_index = usize::from(ocl);
            let base = self.arg_node(a, base_index);
            b.symbol("tag", Some("DW_TAG_inheritance".into()))
                .md("scope", scope)
                .md_or_null("baseType", base)
                .uint("offset", self.lit(a, base_index + 1))
                .symbol("flags", di_flags(self.lit(a, base_index + 3).unwrap_or(0)));
            return Some(b.build());
        }
        let name = self.arg_name(a, 0);
        let ty = self.arg_node(a, 1);
        let file = self.arg_node(a, 2);
        let rest = if ocl { 6 } else { 5 };
        let flags = self.lit(a, rest + 2).unwrap_or(0);
        b.symbol("tag", Some("DW_TAG_member".into()))
            .string("name", name)
            .md("scope", scope)
            .md("file", file)
            .uint_if_set("line", self.lit(a, 3))
            .md_or_null("baseType", ty);
        if flags & flag::STATIC_MEMBER == 0 {
            b.uint("size", self.lit(a, rest + 1))
                .uint("offset", self.lit(a, rest));
        }
        b.symbol("flags", di_flags(flags));
        if flags & flag::STATIC_MEMBER != 0 {
            if let Some(v) = a.id(rest + 3).and_then(|v| self.constant_metadata(v)) {
                b.md("extraData", Some(v));
            }
        }
        Some(b.build())
    }

    /// DebugGlobalVariable: a DIGlobalVariable in its DIGlobalVariableExpression, attached to
    /// its global (`!dbg`) and listed by the unit.
    fn debug_global_variable(&mut self, a: &Args, slot: MetadataId) -> Option<Metadata> {
        let name = self.arg_name(a, 0);
        let ty = self.arg_node(a, 1);
        let file = self.arg_node(a, 2);
        let scope = self.parent(a, 5).or_else(|| self.unit());
        let linkage = self
            .debug_string(a.id(6))
            .filter(|l| !l.is_empty() && Some(*l) != self.debug_string(a.id(0)))
            .map(str::to_owned);
        let linkage = linkage.map(|l| self.md_string(&l));
        let flags = self.lit(a, 8).unwrap_or(0);
        let declaration = self
            .arg_node(a, 9)
            .filter(|d| self.di(*d).is_some_and(|n| n.kind == "DIDerivedType"));
        let mut v = NodeBuilder::new("DIGlobalVariable", true);
        v.string("name", name)
            .string("linkageName", linkage)
            .md_or_null("scope", scope)
            .md("file", file)
            .uint("line", self.lit(a, 3))
            .md("type", ty)
            .field("isLocal", DiField::Bool(flags & flag::IS_LOCAL != 0))
            .field(
                "isDefinition",
                DiField::Bool(flags & flag::IS_DEFINITION != 0 || declaration.is_none()),
            )
            .md("declaration", declaration);
        let var = self.push_debug_md(v.build());
        let expr = match self.debug.empty_expression {
            Some(e) => e,
            None => {
                let e = self.push_debug_md(NodeBuilder::new("DIExpression", false).build());
                self.debug.empty_expression = Some(e);
                e
            }
        };
        let mut gve = NodeBuilder::new("DIGlobalVariableExpression", false);
        gve.md("var", Some(var)).md("expr", Some(expr));
        let variable = a.id(7).and_then(|v| self.values.get(&v).copied());
        if let Some(spirvkit_llvm::ValueRef::Global(g)) = variable {
            if let Some(global) = self.m.globals.get_mut(g.0 as usize) {
                global.attachments.push(("dbg".into(), slot));
            }
        }
        if let Some(unit) = self.unit() {
            self.debug.unit_globals.entry(unit).or_default().push(slot);
        }
        Some(gve.build())
    }
}
