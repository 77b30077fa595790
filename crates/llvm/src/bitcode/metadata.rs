//! METADATA blocks: old (3.2: type/value pairs, MDString records) and modern
//! (METADATA_STRINGS, node ids + 1) encodings, kinds, and attachments.

use super::bitstream::{BitCursor, Block, Entry};
use super::{chars, Reader};
use crate::error::LlvmError;
use crate::model::*;

fn debug_record_name(code: u32) -> Option<&'static str> {
    Some(match code {
        7 => "DILocation",
        12 => "GenericDINode",
        13 => "DISubrange",
        14 => "DIEnumerator",
        15 => "DIBasicType",
        16 => "DIFile",
        17 => "DIDerivedType",
        18 => "DICompositeType",
        19 => "DISubroutineType",
        20 => "DICompileUnit",
        21 => "DISubprogram",
        22 => "DILexicalBlock",
        23 => "DILexicalBlockFile",
        24 => "DINamespace",
        25 => "DITemplateTypeParameter",
        26 => "DITemplateValueParameter",
        27 => "DIGlobalVariable",
        28 => "DILocalVariable",
        29 => "DIExpression",
        30 => "DIObjCProperty",
        31 => "DIImportedEntity",
        32 => "DIModule",
        33 => "DIMacro",
        34 => "DIMacroFile",
        37 => "DIGlobalVariableExpression",
        40 => "DILabel",
        41 => "DIStringType",
        44 => "DICommonBlock",
        45 => "DIGenericSubrange",
        46 => "DIArgList",
        47 => "DIAssignID",
        _ => return None,
    })
}

impl<'a> Reader<'a> {
    /// A value referenced from metadata by absolute number.
    fn md_value_ref(&self, number: u64) -> Result<ValueRef, LlvmError> {
        match self.values.get(number as usize) {
            Some((v, _)) => Ok(*v),
            None if self.in_function => Ok(ValueRef::Unresolved(number as u32)),
            None => Err(self.error(format!("metadata refers to undefined value #{number}"))),
        }
    }

    pub fn read_metadata(&mut self, mut block: Block<'a>) -> Result<(), LlvmError> {
        let mut ops = Vec::new();
        let mut pending_name: Option<String> = None;
        loop {
            let (code, blob) = match self.next_entry(&mut block, &mut ops)? {
                Entry::End => return Ok(()),
                Entry::SubBlock(_) => continue,
                Entry::Record { code, blob } => (code, blob),
            };
            if matches!(code, 2 | 3 | 5 | 35) {
                self.modern_metadata = true;
            }
            match code {
                1 => self
                    .m
                    .metadata
                    .push(Metadata::String(ops.iter().map(|&c| c as u8).collect())),
                2 => {
                    let ty = self.ty(self.op(&ops, 0)?)?;
                    let value = self.md_value_ref(self.op(&ops, 1)?)?;
                    self.m.metadata.push(Metadata::Value { ty, value });
                }
                3 | 5 => {
                    let mut operands = Vec::with_capacity(ops.len());
                    for &n in &ops {
                        operands.push(if n == 0 {
                            MdOperand::Null
                        } else {
                            MdOperand::Metadata(self.md_id(n - 1)?)
                        });
                    }
                    self.m.metadata.push(Metadata::Node {
                        operands,
                        distinct: code == 5,
                    });
                }
                4 => pending_name = Some(chars(&ops)),
                6 => self.kind_record(&ops)?,
                8 | 9 => {
                    let mut operands = Vec::with_capacity(ops.len() / 2);
                    for pair in ops.chunks(2) {
                        let [t, v] = pair else {
                            return Err(self.error("odd metadata node operand count"));
                        };
                        let ty = self.ty(*t)?;
                        operands.push(match self.m.types.get(ty) {
                            Type::Metadata => MdOperand::Metadata(self.md_id(*v)?),
                            Type::Void => MdOperand::Null,
                            _ => MdOperand::Value {
                                ty,
                                value: self.md_value_ref(*v)?,
                            },
                        });
                    }
                    self.m.metadata.push(Metadata::Node {
                        operands,
                        distinct: false,
                    });
                }
                10 => {
                    let name = pending_name
                        .take()
                        .ok_or_else(|| self.error("NAMED_NODE without preceding NAME"))?;
                    let mut nodes = Vec::with_capacity(ops.len());
                    for &n in &ops {
                        nodes.push(self.md_id(n)?);
                    }
                    self.m.named_metadata.push(NamedMetadata { name, nodes });
                }
                35 => self.strings_record(&ops, blob)?,
                36 => {
                    let number = self.op(&ops, 0)?;
                    let mut attachments = Vec::new();
                    for pair in ops.get(1..).unwrap_or(&[]).chunks(2) {
                        if let [k, md] = pair {
                            attachments.push((self.kind_name(*k), self.md_id(*md)?));
                        }
                    }
                    if let Some((ValueRef::Global(g), _)) =
                        self.values.get(number as usize).copied()
                    {
                        if let Some(g) = self.m.globals.get_mut(g.0 as usize) {
                            g.attachments = attachments;
                        }
                    } else if let Some((ValueRef::Function(f), _)) =
                        self.values.get(number as usize).copied()
                    {
                        if let Some(f) = self.m.functions.get_mut(f.0 as usize) {
                            f.attachments = attachments;
                        }
                    }
                }
                38 | 39 => {} // index for lazy loading; not needed
                other => match debug_record_name(other) {
                    Some(name) => {
                        let md = match self.debug_info_node(other, &ops)? {
                            Some(node) => Metadata::Specialized(node),
                            None => Metadata::Unsupported(name.into()),
                        };
                        self.m.metadata.push(md);
                    }
                    None => {
                        return Err(self.error(format!("unsupported metadata record code {other}")));
                    }
                },
            }
        }
    }

    fn strings_record(&mut self, ops: &[u64], blob: Option<&'a [u8]>) -> Result<(), LlvmError> {
        let count = self.op(ops, 0)?;
        let offset = self.op(ops, 1)? as usize;
        let blob = blob.ok_or_else(|| self.error("METADATA_STRINGS without blob"))?;
        if count > blob.len() as u64 * 8 {
            return Err(self.error("METADATA_STRINGS count exceeds blob"));
        }
        let lengths = blob
            .get(..offset)
            .ok_or_else(|| self.error("METADATA_STRINGS offset out of range"))?;
        let mut chars_at = offset;
        let mut cursor = BitCursor::new(lengths);
        for _ in 0..count {
            let len = cursor.read_vbr(6).map_err(|e| self.bit_error(e))? as usize;
            let s = blob
                .get(chars_at..chars_at.saturating_add(len))
                .ok_or_else(|| self.error("metadata string out of range"))?;
            chars_at += len;
            self.m.metadata.push(Metadata::String(s.to_vec()));
        }
        Ok(())
    }

    fn kind_record(&mut self, ops: &[u64]) -> Result<(), LlvmError> {
        let id = self.op(ops, 0)?;
        let name = chars(ops.get(1..).unwrap_or(&[]));
        self.md_kinds.insert(id, name);
        Ok(())
    }

    pub fn kind_name(&self, id: u64) -> String {
        match self.md_kinds.get(&id) {
            Some(n) => n.clone(),
            None => match id {
                0 => "dbg".into(),
                1 => "tbaa".into(),
                2 => "prof".into(),
                3 => "fpmath".into(),
                4 => "range".into(),
                _ => format!("md.kind.{id}"),
            },
        }
    }

    pub fn read_metadata_kinds(&mut self, mut block: Block<'a>) -> Result<(), LlvmError> {
        let mut ops = Vec::new();
        loop {
            match self.next_entry(&mut block, &mut ops)? {
                Entry::End => return Ok(()),
                Entry::SubBlock(_) => {}
                Entry::Record { code: 6, .. } => self.kind_record(&ops)?,
                Entry::Record { .. } => {}
            }
        }
    }
}
