//! Specialized debug-info nodes (`!DILocation`, `!DISubprogram`, ...) as the METADATA_*
//! records LLVM 15 to 22 read: the inverse of `bitcode/debug_info.rs`, whose record layouts
//! (one per kind) it writes, each in the length LLVM's own writer uses ([`Layout::written`];
//! the readers check the lengths).

use super::Writer;
use crate::bitcode::debug_info::{
    dwarf_calling_convention, dwarf_encoding, dwarf_language, dwarf_tag, Layout, BASIC_TYPE,
    COMPILE_UNIT, COMPOSITE_TYPE, DERIVED_TYPE, DI_FLAGS, F, FILE, GLOBAL_VARIABLE,
    GLOBAL_VARIABLE_EXPRESSION, IMPORTED_ENTITY, LABEL, LEXICAL_BLOCK, LEXICAL_BLOCK_FILE,
    LOCAL_VARIABLE, LOCATION, MODULE, NAMESPACE, SP_FLAGS, SUBPROGRAM, SUBROUTINE_TYPE,
    TEMPLATE_TYPE, TEMPLATE_VALUE_DEFAULTED,
};
use crate::error::LlvmError;
use crate::model::*;

/// `emitSignedInt64`: the sign rotated into bit 0.
fn rotated(v: i64) -> u64 {
    if v < 0 {
        ((v.unsigned_abs()) << 1) | 1
    } else {
        (v as u64) << 1
    }
}

/// A DWARF expression operation's code by name.
fn dwarf_op(name: &str) -> Option<u64> {
    if let Some(n) = name
        .strip_prefix("DW_OP_lit")
        .and_then(|n| n.parse::<u64>().ok())
    {
        return (n < 32).then_some(0x30 + n);
    }
    if let Some(n) = name
        .strip_prefix("DW_OP_reg")
        .and_then(|n| n.parse::<u64>().ok())
    {
        return (n < 32).then_some(0x50 + n);
    }
    if let Some(n) = name
        .strip_prefix("DW_OP_breg")
        .and_then(|n| n.parse::<u64>().ok())
    {
        return (n < 32).then_some(0x70 + n);
    }
    Some(match name {
        "DW_OP_addr" => 0x03,
        "DW_OP_deref" => 0x06,
        "DW_OP_const1u" => 0x08,
        "DW_OP_const1s" => 0x09,
        "DW_OP_const2u" => 0x0a,
        "DW_OP_const2s" => 0x0b,
        "DW_OP_const4u" => 0x0c,
        "DW_OP_const4s" => 0x0d,
        "DW_OP_const8u" => 0x0e,
        "DW_OP_const8s" => 0x0f,
        "DW_OP_constu" => 0x10,
        "DW_OP_consts" => 0x11,
        "DW_OP_dup" => 0x12,
        "DW_OP_drop" => 0x13,
        "DW_OP_over" => 0x14,
        "DW_OP_pick" => 0x15,
        "DW_OP_swap" => 0x16,
        "DW_OP_rot" => 0x17,
        "DW_OP_xderef" => 0x18,
        "DW_OP_abs" => 0x19,
        "DW_OP_and" => 0x1a,
        "DW_OP_div" => 0x1b,
        "DW_OP_minus" => 0x1c,
        "DW_OP_mod" => 0x1d,
        "DW_OP_mul" => 0x1e,
        "DW_OP_neg" => 0x1f,
        "DW_OP_not" => 0x20,
        "DW_OP_or" => 0x21,
        "DW_OP_plus" => 0x22,
        "DW_OP_plus_uconst" => 0x23,
        "DW_OP_shl" => 0x24,
        "DW_OP_shr" => 0x25,
        "DW_OP_shra" => 0x26,
        "DW_OP_xor" => 0x27,
        "DW_OP_bra" => 0x28,
        "DW_OP_eq" => 0x29,
        "DW_OP_ge" => 0x2a,
        "DW_OP_gt" => 0x2b,
        "DW_OP_le" => 0x2c,
        "DW_OP_lt" => 0x2d,
        "DW_OP_ne" => 0x2e,
        "DW_OP_skip" => 0x2f,
        "DW_OP_regx" => 0x90,
        "DW_OP_fbreg" => 0x91,
        "DW_OP_bregx" => 0x92,
        "DW_OP_piece" => 0x93,
        "DW_OP_deref_size" => 0x94,
        "DW_OP_xderef_size" => 0x95,
        "DW_OP_nop" => 0x96,
        "DW_OP_push_object_address" => 0x97,
        "DW_OP_call_frame_cfa" => 0x9c,
        "DW_OP_bit_piece" => 0x9d,
        "DW_OP_implicit_value" => 0x9e,
        "DW_OP_stack_value" => 0x9f,
        "DW_OP_entry_value" => 0xa3,
        "DW_OP_convert" => 0xa8,
        "DW_OP_LLVM_fragment" => 0x1000,
        "DW_OP_LLVM_convert" => 0x1001,
        "DW_OP_LLVM_tag_offset" => 0x1002,
        "DW_OP_LLVM_entry_value" => 0x1003,
        "DW_OP_LLVM_implicit_pointer" => 0x1004,
        "DW_OP_LLVM_arg" => 0x1005,
        _ => return None,
    })
}

/// A DWARF enumerator field's number (`DW_TAG_member`, `DW_ATE_signed`, ...; numbers as is).
fn dwarf_number(field: &str, text: &str) -> Option<u64> {
    if let Ok(v) = text.parse::<u64>() {
        return Some(v);
    }
    if let Some(hex) = text.strip_prefix("0x") {
        return u64::from_str_radix(hex, 16).ok();
    }
    let table: fn(u64) -> Option<&'static str> = match field {
        "tag" => {
            match text {
                "DW_TAG_GNU_template_template_param" => return Some(0x4106),
                "DW_TAG_GNU_template_parameter_pack" => return Some(0x4107),
                "DW_TAG_variable" => return Some(0x34),
                _ => {}
            }
            dwarf_tag
        }
        "encoding" => dwarf_encoding,
        "language" => {
            match text {
                "DW_LANG_C_plus_plus_03" => return Some(0x19),
                "DW_LANG_C_plus_plus_17" => return Some(0x2a),
                "DW_LANG_C_plus_plus_20" => return Some(0x2b),
                "DW_LANG_C17" => return Some(0x2c),
                _ => {}
            }
            dwarf_language
        }
        "cc" => dwarf_calling_convention,
        _ => return None,
    };
    (0..0x100).find(|&v| table(v) == Some(text))
}

/// A flag set (`DIFlagA | DIFlagB | 4`) as its bits.
fn flag_bits(text: &str, table: &[(u64, &str)], prefix: &str) -> u64 {
    let mut bits = 0;
    for part in text.split('|').map(str::trim) {
        if let Ok(v) = part.parse::<u64>() {
            bits |= v;
            continue;
        }
        let Some(name) = part.strip_prefix(prefix) else {
            continue;
        };
        if let Some((bit, _)) = table.iter().find(|(_, n)| *n == name) {
            bits |= bit;
            continue;
        }
        bits |= match (prefix, name) {
            ("DIFlag", "Private") => 1,
            ("DIFlag", "Protected") => 2,
            ("DIFlag", "Public") => 3,
            ("DIFlag", "SingleInheritance") => 1 << 16,
            ("DIFlag", "MultipleInheritance") => 2 << 16,
            ("DIFlag", "VirtualInheritance") => 3 << 16,
            ("DISPFlag", "Virtual") => 1,
            ("DISPFlag", "PureVirtual") => 2,
            _ => 0,
        };
    }
    bits
}

impl Writer<'_> {
    fn di_md(&self, node: &DiNode, name: &str) -> u64 {
        match node.field(name) {
            Some(DiField::Metadata(id))
            | Some(DiField::String(id))
            | Some(DiField::MetadataInt(id)) => id.0 as u64 + 1,
            _ => 0,
        }
    }

    fn di_uint(node: &DiNode, name: &str) -> Option<u64> {
        match node.field(name)? {
            DiField::UInt(v) => Some(*v),
            DiField::Int(v) => Some(*v as u64),
            DiField::Bool(b) => Some(u64::from(*b)),
            _ => None,
        }
    }

    /// A DWARF enumerator field (`tag`, `encoding`, `language`, `cc`) as its number.
    fn di_dwarf(&self, node: &DiNode, name: &str) -> Result<u64, LlvmError> {
        Ok(match node.field(name) {
            Some(DiField::Symbol(s)) => dwarf_number(name, s).ok_or_else(|| {
                self.unsupported(format!("!{} {name}: {s} has no number here", node.kind))
            })?,
            Some(DiField::UInt(v)) => *v,
            Some(DiField::Int(v)) => *v as u64,
            _ if node.kind == "DIBasicType" && name == "tag" => 0x24,
            _ => 0,
        })
    }

    fn di_operand(&self, node: &DiNode, spec: F) -> Result<u64, LlvmError> {
        let symbol = |name: &str| match node.field(name) {
            Some(DiField::Symbol(s)) => Some(s.as_str()),
            _ => None,
        };
        Ok(match spec {
            F::Md(name) | F::MdRequired(name) | F::Str(name) | F::StrRequired(name) => {
                self.di_md(node, name)
            }
            F::MdExact(name) => match node.field(name) {
                Some(DiField::Metadata(id)) => id.0 as u64,
                _ => return Err(self.unsupported(format!("!{} without a {name}", node.kind))),
            },
            F::Unsigned(name)
            | F::UnsignedIfSet(name)
            | F::SizeOrMd(name)
            | F::Signed(name)
            | F::Bool(name) => Self::di_uint(node, name).unwrap_or(0),
            F::BoolDefaultTrue(name) => Self::di_uint(node, name).unwrap_or(1),
            F::SizeMd(name) => self.di_md(node, name),
            F::Rotated(name) => rotated(Self::di_uint(node, name).unwrap_or(0) as i64),
            F::Tag => self.di_dwarf(node, "tag")?,
            F::Encoding => self.di_dwarf(node, "encoding")?,
            F::Language => self.di_dwarf(node, "language")?,
            F::CallingConvention => self.di_dwarf(node, "cc")?,
            F::EmissionKind => match symbol("emissionKind") {
                Some("NoDebug") => 0,
                Some("LineTablesOnly") => 2,
                Some("DebugDirectivesOnly") => 3,
                Some(_) => 1,
                None => Self::di_uint(node, "emissionKind").unwrap_or(0),
            },
            F::NameTableKind => match symbol("nameTableKind") {
                Some("GNU") => 1,
                Some("None") => 2,
                Some("Apple") => 3,
                _ => Self::di_uint(node, "nameTableKind").unwrap_or(0),
            },
            F::ChecksumKind => match symbol("checksumkind") {
                Some("CSK_MD5") => 1,
                Some("CSK_SHA1") => 2,
                Some("CSK_SHA256") => 3,
                _ => 0,
            },
            F::Flags => match node.field("flags") {
                Some(DiField::Symbol(s)) => flag_bits(s, DI_FLAGS, "DIFlag"),
                Some(DiField::UInt(v)) => *v,
                _ => 0,
            },
            F::SpFlags => match node.field("spFlags") {
                Some(DiField::Symbol(s)) => flag_bits(s, SP_FLAGS, "DISPFlag"),
                Some(DiField::UInt(v)) => *v,
                _ => 0,
            },
            F::AddressSpace => Self::di_uint(node, "dwarfAddressSpace").map_or(0, |v| v + 1),
            F::Skip => 0,
        })
    }

    /// The record code and operands of a specialized node.
    pub(super) fn debug_info_record(&self, node: &DiNode) -> Result<(u32, Vec<u64>), LlvmError> {
        let distinct = u64::from(node.distinct);
        let (code, first, layout): (u32, u64, &Layout) = match node.kind.as_str() {
            "DILocation" => (7, distinct, &LOCATION),
            "DIBasicType" => (15, distinct, &BASIC_TYPE),
            "DIFile" => (16, distinct, &FILE),
            "DIDerivedType" => (17, distinct, &DERIVED_TYPE),
            // Bit 1: not an old-style type reference.
            "DICompositeType" => (18, distinct | 2, &COMPOSITE_TYPE),
            "DISubroutineType" => (19, distinct | 2, &SUBROUTINE_TYPE),
            "DICompileUnit" => (20, 1, &COMPILE_UNIT),
            // Bits 1 and 2: the unit field and DISPFlags are present.
            "DISubprogram" => (21, distinct | 2 | 4, &SUBPROGRAM),
            "DILexicalBlock" => (22, distinct, &LEXICAL_BLOCK),
            "DILexicalBlockFile" => (23, distinct, &LEXICAL_BLOCK_FILE),
            "DINamespace" => {
                let export = u64::from(matches!(
                    node.field("exportSymbols"),
                    Some(DiField::Bool(true))
                ));
                (24, distinct | export << 1, &NAMESPACE)
            }
            "DITemplateTypeParameter" => (25, distinct, &TEMPLATE_TYPE),
            "DITemplateValueParameter" => (26, distinct, &TEMPLATE_VALUE_DEFAULTED),
            // Version 2: no inline expression.
            "DIGlobalVariable" => (27, distinct | 2 << 1, &GLOBAL_VARIABLE),
            // Bit 1: has the alignment field.
            "DILocalVariable" => (28, distinct | 2, &LOCAL_VARIABLE),
            "DIImportedEntity" => (31, distinct, &IMPORTED_ENTITY),
            "DIModule" => (32, distinct, &MODULE),
            "DIGlobalVariableExpression" => (37, distinct, &GLOBAL_VARIABLE_EXPRESSION),
            "DILabel" => (40, distinct, &LABEL),
            "DIExpression" => return self.expression_record(node),
            "DIEnumerator" => return Ok(self.enumerator_record(node)),
            "DISubrange" => return self.subrange_record(node),
            other => {
                return Err(self.unsupported(format!("writing !{other} as bitcode")));
            }
        };
        let fields = layout.written();
        let mut ops = Vec::with_capacity(fields.len() + 1);
        ops.push(first);
        for spec in fields {
            ops.push(self.di_operand(node, *spec)?);
        }
        if node.kind == "DITemplateTypeParameter" && node.field("defaulted").is_none() {
            ops.truncate(3);
        }
        Ok((code, ops))
    }

    /// Version 3: the elements as written.
    fn expression_record(&self, node: &DiNode) -> Result<(u32, Vec<u64>), LlvmError> {
        let mut ops = vec![u64::from(node.distinct) | 3 << 1];
        for (_, field) in &node.fields {
            ops.push(match field {
                DiField::UInt(v) => *v,
                DiField::Int(v) => *v as u64,
                DiField::Symbol(s) => dwarf_op(s)
                    .or_else(|| dwarf_number("encoding", s))
                    .ok_or_else(|| self.unsupported(format!("DIExpression operation {s}")))?,
                _ => return Err(self.unsupported("a DIExpression operand".to_string())),
            });
        }
        Ok((29, ops))
    }

    /// The big-integer form: `[flags, bit width, name, value]`.
    fn enumerator_record(&self, node: &DiNode) -> (u32, Vec<u64>) {
        let unsigned = matches!(node.field("isUnsigned"), Some(DiField::Bool(true)));
        let value = match node.field("value") {
            Some(DiField::Int(v)) => *v,
            Some(DiField::UInt(v)) => *v as i64,
            _ => 0,
        };
        let flags = u64::from(node.distinct) | u64::from(unsigned) << 1 | 4;
        (
            14,
            vec![flags, 64, self.di_md(node, "name"), rotated(value)],
        )
    }

    /// Version 0 (a literal count and lower bound) when the bounds are integers, else
    /// version 2 (every bound a node).
    fn subrange_record(&self, node: &DiNode) -> Result<(u32, Vec<u64>), LlvmError> {
        let distinct = u64::from(node.distinct);
        let literal = |name: &str| match node.field(name) {
            None => Some(None),
            Some(DiField::Int(v)) => Some(Some(*v)),
            Some(DiField::UInt(v)) => Some(Some(*v as i64)),
            _ => None,
        };
        if let (Some(count), Some(lower), Some(None), Some(None)) = (
            literal("count"),
            literal("lowerBound"),
            literal("upperBound"),
            literal("stride"),
        ) {
            return Ok((
                13,
                vec![
                    distinct,
                    count.unwrap_or(-1) as u64,
                    rotated(lower.unwrap_or(0)),
                ],
            ));
        }
        let mut ops = vec![distinct | 2 << 1];
        for name in ["count", "lowerBound", "upperBound", "stride"] {
            ops.push(self.di_md(node, name));
        }
        Ok((13, ops))
    }
}
