//! Specialized debug-info metadata records (`METADATA_LOCATION` ... `METADATA_GENERIC_SUBRANGE`) decoded
//! into [`DiNode`]s with LLVM's textual field names. Each record is described by a layout:
//! the fields in record order (after the leading distinct/version word). Records written by
//! older LLVMs are shorter; missing trailing fields are simply absent. DWARF enumerators are
//! named where LLVM's printer names them, otherwise kept as numbers (which `llvm-as` accepts).

use super::constants::decode_signed;
use super::Reader;
use crate::error::LlvmError;
use crate::model::*;

/// How one record operand relates to a field, for the reader (record → field) and the
/// bitcode writer (field → record) alike: one layout per record kind serves both
/// (`writer/debug_info.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum F {
    /// Metadata id + 1 (0 = null); omitted when null.
    Md(&'static str),
    /// Metadata id + 1; printed as `null` when null (the `.ll` parser requires it).
    MdRequired(&'static str),
    /// Metadata id without the + 1 (DILocation's scope).
    MdExact(&'static str),
    /// String id + 1; omitted when null.
    Str(&'static str),
    /// String id + 1; printed as `""` when null.
    StrRequired(&'static str),
    Unsigned(&'static str),
    /// Unsigned, omitted when 0 (fields newer LLVMs print only when set).
    UnsignedIfSet(&'static str),
    /// A size or offset: unsigned, or (LLVM 21 and later, when the record's flag word says
    /// so) metadata id + 1 of the value. The writer always writes the number.
    SizeOrMd(&'static str),
    /// A size stored as metadata id + 1 (0: no size).
    SizeMd(&'static str),
    /// Two's complement 64-bit.
    Signed(&'static str),
    /// Sign rotated into bit 0 (`emitSignedInt64`).
    Rotated(&'static str),
    Bool(&'static str),
    /// A flag LLVM takes as set when the field is absent (DICompileUnit's
    /// `splitDebugInlining`): the writer writes 1 then.
    BoolDefaultTrue(&'static str),
    Tag,
    Encoding,
    Language,
    CallingConvention,
    EmissionKind,
    NameTableKind,
    ChecksumKind,
    Flags,
    SpFlags,
    /// DWARF address space + 1 (0 = none).
    AddressSpace,
    /// An obsolete or unmodelled slot: skipped when read, 0 when written.
    Skip,
}

use F::*;

/// One record kind's operands after the leading distinct/version word, in record order.
pub(crate) struct Layout {
    pub(crate) fields: &'static [F],
    /// How many leading fields the bitcode writer emits: the record length LLVM's own writer
    /// used when the kind's later fields did not exist yet, which every reader from LLVM 15
    /// on accepts (the fields after it are ones the writer does not model).
    written: usize,
}

impl Layout {
    const fn all(fields: &'static [F]) -> Self {
        Layout {
            fields,
            written: fields.len(),
        }
    }

    const fn first(fields: &'static [F], written: usize) -> Self {
        Layout { fields, written }
    }

    /// The fields the writer emits.
    pub(crate) fn written(&self) -> &'static [F] {
        self.fields.get(..self.written).unwrap_or(self.fields)
    }
}

pub(crate) const LOCATION: Layout = Layout::all(&[
    Unsigned("line"),
    Unsigned("column"),
    MdExact("scope"),
    Md("inlinedAt"),
    Bool("isImplicitCode"),
]);
const SUBRANGE_V2: Layout = Layout::all(&[
    Md("count"),
    Md("lowerBound"),
    Md("upperBound"),
    Md("stride"),
]);
const SUBRANGE_V1: Layout = Layout::all(&[Md("count"), Rotated("lowerBound")]);
const SUBRANGE_V0: Layout = Layout::all(&[Signed("count"), Rotated("lowerBound")]);
pub(crate) const BASIC_TYPE: Layout = Layout::first(
    &[
        Tag,
        Str("name"),
        SizeOrMd("size"),
        Unsigned("align"),
        Encoding,
        Flags,
        UnsignedIfSet("num_extra_inhabitants"),
        UnsignedIfSet("dataSize"),
        Md("file"),
        UnsignedIfSet("line"),
        Md("scope"),
    ],
    6,
);
pub(crate) const FILE: Layout = Layout::first(
    &[
        StrRequired("filename"),
        StrRequired("directory"),
        ChecksumKind,
        Str("checksum"),
        Str("source"),
    ],
    4,
);
pub(crate) const DERIVED_TYPE: Layout = Layout::first(
    &[
        Tag,
        Str("name"),
        Md("file"),
        Unsigned("line"),
        Md("scope"),
        MdRequired("baseType"),
        SizeOrMd("size"),
        Unsigned("align"),
        SizeOrMd("offset"),
        Flags,
        Md("extraData"),
        AddressSpace,
        Md("annotations"),
        // Pointer authentication data (LLVM 19 and later): not modelled.
        Skip,
    ],
    13,
);
pub(crate) const COMPOSITE_TYPE: Layout = Layout::first(
    &[
        Tag,
        Str("name"),
        Md("file"),
        Unsigned("line"),
        Md("scope"),
        Md("baseType"),
        SizeOrMd("size"),
        Unsigned("align"),
        SizeOrMd("offset"),
        Flags,
        Md("elements"),
        Unsigned("runtimeLang"),
        Md("vtableHolder"),
        Md("templateParams"),
        Str("identifier"),
        Md("discriminator"),
        Md("dataLocation"),
        Md("associated"),
        Md("allocated"),
        Md("rank"),
        Md("annotations"),
        UnsignedIfSet("num_extra_inhabitants"),
        Md("specification"),
        // The Apple enum kind: not modelled.
        Skip,
        Md("bitStride"),
    ],
    16,
);
pub(crate) const SUBROUTINE_TYPE: Layout =
    Layout::all(&[Flags, MdRequired("types"), CallingConvention]);
pub(crate) const COMPILE_UNIT: Layout = Layout::all(&[
    Language,
    MdRequired("file"),
    Str("producer"),
    Bool("isOptimized"),
    Str("flags"),
    Unsigned("runtimeVersion"),
    Str("splitDebugFilename"),
    EmissionKind,
    Md("enums"),
    Md("retainedTypes"),
    Skip,
    Md("globals"),
    Md("imports"),
    Unsigned("dwoId"),
    Md("macros"),
    BoolDefaultTrue("splitDebugInlining"),
    Bool("debugInfoForProfiling"),
    NameTableKind,
    Bool("rangesBaseAddress"),
    Str("sysroot"),
    Str("sdk"),
]);
pub(crate) const SUBPROGRAM: Layout = Layout::first(
    &[
        Md("scope"),
        Str("name"),
        Str("linkageName"),
        Md("file"),
        Unsigned("line"),
        Md("type"),
        Unsigned("scopeLine"),
        Md("containingType"),
        SpFlags,
        Unsigned("virtualIndex"),
        Flags,
        Md("unit"),
        Md("templateParams"),
        Md("declaration"),
        Md("retainedNodes"),
        Signed("thisAdjustment"),
        Md("thrownTypes"),
        Md("annotations"),
        Str("targetFuncName"),
    ],
    18,
);
pub(crate) const LEXICAL_BLOCK: Layout = Layout::all(&[
    MdRequired("scope"),
    Md("file"),
    Unsigned("line"),
    Unsigned("column"),
]);
pub(crate) const LEXICAL_BLOCK_FILE: Layout =
    Layout::all(&[MdRequired("scope"), Md("file"), Unsigned("discriminator")]);
pub(crate) const NAMESPACE: Layout = Layout::all(&[Md("scope"), Str("name")]);
pub(crate) const TEMPLATE_TYPE: Layout =
    Layout::all(&[Str("name"), MdRequired("type"), Bool("defaulted")]);
const TEMPLATE_VALUE: Layout = Layout::all(&[Tag, Str("name"), Md("type"), MdRequired("value")]);
pub(crate) const TEMPLATE_VALUE_DEFAULTED: Layout = Layout::all(&[
    Tag,
    Str("name"),
    Md("type"),
    Bool("defaulted"),
    MdRequired("value"),
]);
pub(crate) const GLOBAL_VARIABLE: Layout = Layout::all(&[
    Md("scope"),
    Str("name"),
    Str("linkageName"),
    Md("file"),
    Unsigned("line"),
    Md("type"),
    Bool("isLocal"),
    Bool("isDefinition"),
    Md("declaration"),
    Md("templateParams"),
    Unsigned("align"),
    Md("annotations"),
]);
pub(crate) const LOCAL_VARIABLE: Layout = Layout::all(&[
    MdRequired("scope"),
    Str("name"),
    Md("file"),
    Unsigned("line"),
    Md("type"),
    Unsigned("arg"),
    Flags,
    Unsigned("align"),
    Md("annotations"),
]);
pub(crate) const GLOBAL_VARIABLE_EXPRESSION: Layout =
    Layout::all(&[MdRequired("var"), MdRequired("expr")]);
pub(crate) const IMPORTED_ENTITY: Layout = Layout::all(&[
    Tag,
    MdRequired("scope"),
    Md("entity"),
    Unsigned("line"),
    Str("name"),
    Md("file"),
    Md("elements"),
]);
const MACRO: Layout = Layout::all(&[
    Unsigned("type"),
    Unsigned("line"),
    StrRequired("name"),
    Str("value"),
]);
const MACRO_FILE: Layout = Layout::all(&[
    Unsigned("type"),
    Unsigned("line"),
    MdRequired("file"),
    Md("nodes"),
]);
/// `[distinct, file, scope, name, configMacros, includePath, apinotes, line, isDecl]`
/// (LLVM 11 and later, 9 operands; `MetadataLoader` takes the file from 8 on).
pub(crate) const MODULE: Layout = Layout::all(&[
    Md("file"),
    MdRequired("scope"),
    StrRequired("name"),
    Str("configMacros"),
    Str("includePath"),
    Str("apinotes"),
    UnsignedIfSet("line"),
    Bool("isDecl"),
]);
/// The older, shorter DIModule record: `[distinct, scope, name, configMacros, includePath,
/// apinotes or sysroot]`.
const MODULE_OLD: Layout = Layout::all(&[
    MdRequired("scope"),
    StrRequired("name"),
    Str("configMacros"),
    Str("includePath"),
    Str("apinotes"),
]);
/// `[flags, tag, name, stringLength, stringLengthExpression, stringLocationExpression,
/// size, align, encoding]`; the size is metadata when bit 1 of the flags says so (LLVM 21
/// and later, as for basic types).
const STRING_TYPE: Layout = Layout::all(&[
    Tag,
    Str("name"),
    Md("stringLength"),
    Md("stringLengthExpression"),
    Md("stringLocationExpression"),
    SizeOrMd("size"),
    Unsigned("align"),
    Encoding,
]);
/// `[distinct, scope, declaration, name, file, line]`.
const COMMON_BLOCK: Layout = Layout::all(&[
    MdRequired("scope"),
    MdRequired("declaration"),
    Str("name"),
    Md("file"),
    Unsigned("line"),
]);
/// `[distinct, count, lowerBound, upperBound, stride]`, each metadata id + 1.
const GENERIC_SUBRANGE: Layout = Layout::all(&[
    Md("count"),
    Md("lowerBound"),
    Md("upperBound"),
    Md("stride"),
]);
pub(crate) const LABEL: Layout = Layout::all(&[
    MdRequired("scope"),
    StrRequired("name"),
    MdRequired("file"),
    Unsigned("line"),
]);

/// The node kind and layout of a debug-info record, or `None` for records not modelled.
fn layout(code: u32, ops: &[u64]) -> Option<(&'static str, &'static Layout)> {
    let flags = ops.first().copied().unwrap_or(0);
    Some(match code {
        7 => ("DILocation", &LOCATION),
        13 => (
            "DISubrange",
            match flags >> 1 {
                0 => &SUBRANGE_V0,
                1 => &SUBRANGE_V1,
                _ => &SUBRANGE_V2,
            },
        ),
        15 => ("DIBasicType", &BASIC_TYPE),
        16 => ("DIFile", &FILE),
        17 => ("DIDerivedType", &DERIVED_TYPE),
        18 => ("DICompositeType", &COMPOSITE_TYPE),
        19 => ("DISubroutineType", &SUBROUTINE_TYPE),
        20 => ("DICompileUnit", &COMPILE_UNIT),
        // Only the layout with explicit DISPFlags (LLVM 8 and later).
        21 if flags & 4 != 0 => ("DISubprogram", &SUBPROGRAM),
        22 => ("DILexicalBlock", &LEXICAL_BLOCK),
        23 => ("DILexicalBlockFile", &LEXICAL_BLOCK_FILE),
        24 if ops.len() == 3 => ("DINamespace", &NAMESPACE),
        25 => ("DITemplateTypeParameter", &TEMPLATE_TYPE),
        26 if ops.len() >= 6 => ("DITemplateValueParameter", &TEMPLATE_VALUE_DEFAULTED),
        26 => ("DITemplateValueParameter", &TEMPLATE_VALUE),
        // Version 2 (LLVM 5 and later): no inline expression field.
        27 if flags >> 1 >= 2 => ("DIGlobalVariable", &GLOBAL_VARIABLE),
        // With the alignment flag (LLVM 4 and later).
        28 if flags & 2 != 0 => ("DILocalVariable", &LOCAL_VARIABLE),
        31 => ("DIImportedEntity", &IMPORTED_ENTITY),
        32 if ops.len() >= 8 => ("DIModule", &MODULE),
        32 => ("DIModule", &MODULE_OLD),
        33 => ("DIMacro", &MACRO),
        34 => ("DIMacroFile", &MACRO_FILE),
        37 => ("DIGlobalVariableExpression", &GLOBAL_VARIABLE_EXPRESSION),
        40 => ("DILabel", &LABEL),
        41 => ("DIStringType", &STRING_TYPE),
        44 => ("DICommonBlock", &COMMON_BLOCK),
        45 => ("DIGenericSubrange", &GENERIC_SUBRANGE),
        _ => return None,
    })
}

impl Reader<'_> {
    /// Decodes a debug-info record into a node; `Ok(None)` when the record kind (or this
    /// version of it) is not modelled.
    pub(crate) fn debug_info_node(
        &self,
        code: u32,
        ops: &[u64],
    ) -> Result<Option<DiNode>, LlvmError> {
        let flags = ops.first().copied().unwrap_or(0);
        let distinct = flags & 1 != 0;
        let mut fields = Vec::new();
        let kind = match code {
            14 => {
                self.enumerator_fields(ops, &mut fields)?;
                "DIEnumerator"
            }
            46 => {
                // DIArgList: [value-as-metadata ids] (no distinct/version word).
                for &arg in ops {
                    fields.push((String::new(), DiField::Metadata(self.md_id(arg)?)));
                }
                return Ok(Some(DiNode {
                    kind: "DIArgList".into(),
                    distinct: false,
                    fields,
                }));
            }
            29 => {
                // Version 3 (LLVM 7 and later) stores the elements as written.
                for &element in ops.get(1..).unwrap_or(&[]) {
                    fields.push((String::new(), DiField::UInt(element)));
                }
                "DIExpression"
            }
            _ => {
                let Some((kind, layout)) = layout(code, ops) else {
                    return Ok(None);
                };
                // LLVM 21 and later may store sizes and offsets as metadata, saying so in
                // the flag word: bit 1 for basic and derived types, bit 2 for composites
                // (whose bit 1 means "not used in a type reference").
                let sizes_are_metadata = match code {
                    15 | 17 | 41 => flags & 2 != 0,
                    18 => flags & 4 != 0,
                    _ => false,
                };
                for (spec, &raw) in layout.fields.iter().zip(ops.get(1..).unwrap_or(&[])) {
                    let spec = match *spec {
                        SizeOrMd(name) if sizes_are_metadata => SizeMd(name),
                        SizeOrMd(name) => Unsigned(name),
                        other => other,
                    };
                    if let Some(field) = self.field(spec, raw)? {
                        fields.push(field);
                    }
                }
                if code == 24 && flags & 2 != 0 {
                    fields.push(("exportSymbols".into(), DiField::Bool(true)));
                }
                kind
            }
        };
        Ok(Some(DiNode {
            kind: kind.into(),
            distinct,
            fields,
        }))
    }

    /// DIEnumerator: `[unsigned<<1 | distinct, value, name]`, or with bit 2 set (LLVM 12 and
    /// later) `[flags, bit width, name, value words...]`.
    fn enumerator_fields(
        &self,
        ops: &[u64],
        fields: &mut Vec<(String, DiField)>,
    ) -> Result<(), LlvmError> {
        let flags = self.op(ops, 0)?;
        let unsigned = flags & 2 != 0;
        let (name, value) = if flags & 4 != 0 {
            let width = self.op(ops, 1)?;
            if width == 0 || width > 64 {
                return Err(self.error(format!(
                    "unsupported construct: DIEnumerator of {width} bits"
                )));
            }
            // The APInt's word, sign-rotated as a 64-bit number: sign-extend from its width.
            let word = decode_signed(self.op(ops, 3)?);
            let shift = 64 - width as u32;
            let value = if unsigned {
                word
            } else {
                (word << shift) >> shift
            };
            (self.op(ops, 2)?, value)
        } else {
            (self.op(ops, 2)?, decode_signed(self.op(ops, 1)?))
        };
        if let Some(field) = self.field(StrRequired("name"), name)? {
            fields.push(field);
        }
        fields.push((
            "value".into(),
            if unsigned {
                DiField::UInt(value as u64)
            } else {
                DiField::Int(value)
            },
        ));
        if unsigned {
            fields.push(("isUnsigned".into(), DiField::Bool(true)));
        }
        Ok(())
    }

    fn field(&self, spec: F, raw: u64) -> Result<Option<(String, DiField)>, LlvmError> {
        let named = |name: &str, value: DiField| Ok(Some((name.to_string(), value)));
        let symbol = |name: &str, text: Option<&str>| match text {
            Some(t) => named(name, DiField::Symbol(t.into())),
            None => named(name, DiField::UInt(raw)),
        };
        match spec {
            Md(_) | Str(_) if raw == 0 => Ok(None),
            MdRequired(name) if raw == 0 => named(name, DiField::Null),
            StrRequired(name) if raw == 0 => named(name, DiField::Symbol("\"\"".into())),
            Md(name) | MdRequired(name) => named(name, DiField::Metadata(self.md_id(raw - 1)?)),
            MdExact(name) => named(name, DiField::Metadata(self.md_id(raw)?)),
            Str(name) | StrRequired(name) => named(name, DiField::String(self.md_id(raw - 1)?)),
            Unsigned(name) => named(name, DiField::UInt(raw)),
            UnsignedIfSet(_) if raw == 0 => Ok(None),
            UnsignedIfSet(name) => named(name, DiField::UInt(raw)),
            SizeMd(_) if raw == 0 => Ok(None),
            SizeMd(name) => named(name, DiField::MetadataInt(self.md_id(raw - 1)?)),
            // Resolved by the caller from the record's flags.
            SizeOrMd(name) => named(name, DiField::UInt(raw)),
            Signed(name) => named(name, DiField::Int(raw as i64)),
            Rotated(name) => named(name, DiField::Int(decode_signed(raw))),
            Bool(name) | BoolDefaultTrue(name) => named(name, DiField::Bool(raw != 0)),
            Tag => symbol("tag", dwarf_tag(raw)),
            Encoding => symbol("encoding", dwarf_encoding(raw)),
            Language => symbol("language", dwarf_language(raw)),
            CallingConvention if raw == 0 => Ok(None),
            CallingConvention => symbol("cc", dwarf_calling_convention(raw)),
            EmissionKind => symbol(
                "emissionKind",
                [
                    "NoDebug",
                    "FullDebug",
                    "LineTablesOnly",
                    "DebugDirectivesOnly",
                ]
                .get(raw as usize)
                .copied(),
            ),
            NameTableKind => symbol(
                "nameTableKind",
                ["Default", "GNU", "None", "Apple"]
                    .get(raw as usize)
                    .copied(),
            ),
            ChecksumKind if raw == 0 => Ok(None),
            ChecksumKind => match ["CSK_MD5", "CSK_SHA1", "CSK_SHA256"].get(raw as usize - 1) {
                Some(kind) => named("checksumkind", DiField::Symbol((*kind).into())),
                None => Err(self.error(format!("unknown DIFile checksum kind {raw}"))),
            },
            Flags if raw == 0 => Ok(None),
            Flags => named(
                "flags",
                DiField::Symbol(flag_names(raw, DI_FLAGS, "DIFlag")),
            ),
            SpFlags if raw == 0 => Ok(None),
            SpFlags => named(
                "spFlags",
                DiField::Symbol(flag_names(raw, SP_FLAGS, "DISPFlag")),
            ),
            AddressSpace if raw == 0 => Ok(None),
            AddressSpace => named("dwarfAddressSpace", DiField::UInt(raw - 1)),
            Skip => Ok(None),
        }
    }
}

/// Single-bit DIFlags (accessibility and inheritance are two-bit fields, handled apart).
pub(crate) const DI_FLAGS: &[(u64, &str)] = &[
    (1 << 2, "FwdDecl"),
    (1 << 3, "AppleBlock"),
    (1 << 4, "ReservedBit4"),
    (1 << 5, "Virtual"),
    (1 << 6, "Artificial"),
    (1 << 7, "Explicit"),
    (1 << 8, "Prototyped"),
    (1 << 9, "ObjcClassComplete"),
    (1 << 10, "ObjectPointer"),
    (1 << 11, "Vector"),
    (1 << 12, "StaticMember"),
    (1 << 13, "LValueReference"),
    (1 << 14, "RValueReference"),
    (1 << 15, "ExportSymbols"),
    (1 << 18, "IntroducedVirtual"),
    (1 << 19, "BitField"),
    (1 << 20, "NoReturn"),
    (1 << 22, "TypePassByValue"),
    (1 << 23, "TypePassByReference"),
    (1 << 24, "EnumClass"),
    (1 << 25, "Thunk"),
    (1 << 26, "NonTrivial"),
    (1 << 27, "BigEndian"),
    (1 << 28, "LittleEndian"),
    (1 << 29, "AllCallsDescribed"),
];

pub(crate) const SP_FLAGS: &[(u64, &str)] = &[
    (1 << 2, "LocalToUnit"),
    (1 << 3, "Definition"),
    (1 << 4, "Optimized"),
    (1 << 5, "Pure"),
    (1 << 6, "Elemental"),
    (1 << 7, "Recursive"),
    (1 << 8, "MainSubprogram"),
    (1 << 9, "Deleted"),
    (1 << 11, "ObjCDirect"),
];

/// `DIFlagA | DIFlagB | 4096` for a flag word; unnamed bits stay numeric.
fn flag_names(raw: u64, table: &[(u64, &str)], prefix: &str) -> String {
    let mut parts = Vec::new();
    let mut rest = raw;
    let two_bit: &[(u64, u64, [&str; 3])] = if prefix == "DIFlag" {
        &[
            (0, 3, ["Private", "Protected", "Public"]),
            (
                16,
                3,
                [
                    "SingleInheritance",
                    "MultipleInheritance",
                    "VirtualInheritance",
                ],
            ),
        ]
    } else {
        &[(0, 3, ["Virtual", "PureVirtual", ""])]
    };
    for &(shift, mask, names) in two_bit {
        let v = (raw >> shift) & mask;
        if let Some(name) = names
            .get((v as usize).wrapping_sub(1))
            .filter(|n| !n.is_empty())
        {
            parts.push(format!("{prefix}{name}"));
            rest &= !(mask << shift);
        }
    }
    for &(bit, name) in table {
        if rest & bit != 0 {
            parts.push(format!("{prefix}{name}"));
            rest &= !bit;
        }
    }
    if rest != 0 || parts.is_empty() {
        parts.push(rest.to_string());
    }
    parts.join(" | ")
}

pub(crate) fn dwarf_tag(v: u64) -> Option<&'static str> {
    Some(match v {
        0x01 => "DW_TAG_array_type",
        0x02 => "DW_TAG_class_type",
        0x04 => "DW_TAG_enumeration_type",
        0x05 => "DW_TAG_formal_parameter",
        0x08 => "DW_TAG_imported_declaration",
        0x0a => "DW_TAG_label",
        0x0d => "DW_TAG_member",
        0x0f => "DW_TAG_pointer_type",
        0x10 => "DW_TAG_reference_type",
        0x11 => "DW_TAG_compile_unit",
        0x12 => "DW_TAG_string_type",
        0x13 => "DW_TAG_structure_type",
        0x15 => "DW_TAG_subroutine_type",
        0x16 => "DW_TAG_typedef",
        0x17 => "DW_TAG_union_type",
        0x18 => "DW_TAG_unspecified_parameters",
        0x1c => "DW_TAG_inheritance",
        0x1f => "DW_TAG_ptr_to_member_type",
        0x21 => "DW_TAG_subrange_type",
        0x24 => "DW_TAG_base_type",
        0x26 => "DW_TAG_const_type",
        0x28 => "DW_TAG_enumerator",
        0x2e => "DW_TAG_subprogram",
        0x2f => "DW_TAG_template_type_parameter",
        0x30 => "DW_TAG_template_value_parameter",
        0x34 => "DW_TAG_variable",
        0x35 => "DW_TAG_volatile_type",
        0x37 => "DW_TAG_restrict_type",
        0x39 => "DW_TAG_namespace",
        0x3a => "DW_TAG_imported_module",
        0x3b => "DW_TAG_unspecified_type",
        0x42 => "DW_TAG_rvalue_reference_type",
        0x43 => "DW_TAG_template_alias",
        0x47 => "DW_TAG_atomic_type",
        _ => return None,
    })
}

pub(crate) fn dwarf_encoding(v: u64) -> Option<&'static str> {
    Some(match v {
        0x01 => "DW_ATE_address",
        0x02 => "DW_ATE_boolean",
        0x03 => "DW_ATE_complex_float",
        0x04 => "DW_ATE_float",
        0x05 => "DW_ATE_signed",
        0x06 => "DW_ATE_signed_char",
        0x07 => "DW_ATE_unsigned",
        0x08 => "DW_ATE_unsigned_char",
        0x10 => "DW_ATE_UTF",
        0x11 => "DW_ATE_UCS",
        0x12 => "DW_ATE_ASCII",
        _ => return None,
    })
}

pub(crate) fn dwarf_language(v: u64) -> Option<&'static str> {
    Some(match v {
        0x01 => "DW_LANG_C89",
        0x02 => "DW_LANG_C",
        0x04 => "DW_LANG_C_plus_plus",
        0x07 => "DW_LANG_Fortran77",
        0x08 => "DW_LANG_Fortran90",
        0x0c => "DW_LANG_C99",
        0x0e => "DW_LANG_Fortran95",
        0x13 => "DW_LANG_D",
        0x14 => "DW_LANG_Python",
        0x15 => "DW_LANG_OpenCL",
        0x19 => "DW_LANG_C_plus_plus_03",
        0x1a => "DW_LANG_C_plus_plus_11",
        0x1c => "DW_LANG_Rust",
        0x1d => "DW_LANG_C11",
        0x1f => "DW_LANG_Julia",
        0x21 => "DW_LANG_C_plus_plus_14",
        0x22 => "DW_LANG_Fortran03",
        0x23 => "DW_LANG_Fortran08",
        _ => return None,
    })
}

/// The LLVM vendor conventions (`DW_CC_LLVM_OpenCLKernel`, ...) stay numeric.
pub(crate) fn dwarf_calling_convention(v: u64) -> Option<&'static str> {
    Some(match v {
        0x01 => "DW_CC_normal",
        0x02 => "DW_CC_program",
        0x03 => "DW_CC_nocall",
        _ => return None,
    })
}
