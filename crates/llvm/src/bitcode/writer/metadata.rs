//! METADATA_KIND and module METADATA blocks: strings, nodes, values, named metadata and
//! the attachments of globals and function declarations.

use super::bits::BitWriter;
use super::Writer;
use crate::error::LlvmError;
use crate::model::*;

/// A value that exists only inside a function body.
pub(super) fn is_local(value: ValueRef) -> bool {
    matches!(value, ValueRef::Argument(_) | ValueRef::Instruction(_))
}

impl Writer<'_> {
    pub(super) fn write_metadata_kinds(&self, w: &mut BitWriter) {
        if self.md_kind_order.is_empty() {
            return;
        }
        w.enter_block(22, 3);
        for (i, name) in self.md_kind_order.iter().enumerate() {
            w.string_record(6, &[i as u64], name.as_bytes());
        }
        w.exit_block();
    }

    fn md_operand(&self, op: &MdOperand) -> u64 {
        match op {
            MdOperand::Null => 0,
            MdOperand::Metadata(id) => id.0 as u64 + 1,
            MdOperand::Value { ty, value } => {
                self.md_values.get(&(*ty, *value)).copied().unwrap_or(0) + 1
            }
        }
    }

    fn value_record(&self, ty: TypeId, value: ValueRef) -> Result<[u64; 2], LlvmError> {
        Ok([self.type_id(ty), self.module_value_id(value)?])
    }

    pub(super) fn write_module_metadata(&mut self, w: &mut BitWriter) -> Result<(), LlvmError> {
        let m = self.m;
        let declarations_with_attachments = m
            .functions
            .iter()
            .any(|f| f.is_declaration() && !f.attachments.is_empty());
        let globals_with_attachments = m.globals.iter().any(|g| !g.attachments.is_empty());
        if m.metadata.is_empty()
            && m.named_metadata.is_empty()
            && !declarations_with_attachments
            && !globals_with_attachments
        {
            return Ok(());
        }
        w.enter_block(15, 3);
        let mut ops = Vec::new();
        for md in &m.metadata {
            match md {
                Metadata::String(bytes) => w.string_record(1, &[], bytes),
                Metadata::Node { operands, distinct } => {
                    ops.clear();
                    ops.extend(operands.iter().map(|o| self.md_operand(o)));
                    w.record(if *distinct { 5 } else { 3 }, &ops);
                }
                // A function-local value (`metadata ptr %x`) is written in its function's
                // metadata block; an empty tuple keeps the module's numbering here.
                Metadata::Value { value, .. } if is_local(*value) => w.record(3, &[]),
                Metadata::Value { ty, value } => {
                    w.record(2, &self.value_record(*ty, *value)?);
                }
                Metadata::Specialized(node) if node.kind == "DIArgList" => {
                    return Err(self.unsupported("writing a !DIArgList as bitcode".to_string()))
                }
                Metadata::Specialized(node) => {
                    let (code, ops) = self.debug_info_record(node)?;
                    w.record(code, &ops);
                }
                Metadata::Unsupported(kind) => {
                    return Err(self.unsupported(format!("writing metadata !{kind}")))
                }
            }
        }
        for (ty, value) in &self.md_value_order {
            w.record(2, &self.value_record(*ty, *value)?);
        }
        for named in &m.named_metadata {
            w.string_record(4, &[], named.name.as_bytes());
            ops.clear();
            ops.extend(named.nodes.iter().map(|n| n.0 as u64));
            w.record(10, &ops);
        }
        let g = m.globals.len() as u64;
        let decls = m
            .functions
            .iter()
            .enumerate()
            .filter(|(_, f)| f.is_declaration())
            .map(|(i, f)| (g + i as u64, &f.attachments));
        let globals = m
            .globals
            .iter()
            .enumerate()
            .map(|(i, gv)| (i as u64, &gv.attachments));
        for (id, attachments) in globals.chain(decls) {
            if attachments.is_empty() {
                continue;
            }
            ops.clear();
            ops.push(id);
            for (kind, md) in attachments {
                ops.push(self.md_kinds.get(kind.as_str()).copied().unwrap_or(0));
                ops.push(md.0 as u64);
            }
            w.record(36, &ops);
        }
        w.exit_block();
        Ok(())
    }
}
