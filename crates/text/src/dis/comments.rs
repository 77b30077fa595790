//! `--comment` and `--offsets`: section titles, `; id %N` on OpName, decoration summaries on
//! decorated ids, byte offsets; comments aligned at column `max(len + 2, previous, 50)`
//! rounded up to a multiple of 4.

use super::numbers::push_u64;
use super::Disassembler;
use spirvkit_core::ParsedInstruction;
use spirvkit_grammar::Op;
use std::collections::HashMap;

const COMMENT_COLUMN: usize = 50;
const MAX_REMEMBERED_COLUMN: usize = 256;

#[derive(Default)]
pub(crate) struct CommentState {
    pub comment: bool,
    pub offsets: bool,
    pub nested: bool,
    pub last_align: usize,
    pub id_comments: HashMap<u32, Vec<u8>>,
    pub decoration_done: bool,
    pub debug_done: bool,
    pub type_done: bool,
    pub scratch: Vec<u8>,
}

fn is_decoration(op: Op) -> bool {
    matches!(
        op,
        Op::Decorate
            | Op::DecorateId
            | Op::MemberDecorate
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::DecorateString
            | Op::MemberDecorateString
    )
}

fn generates_type(inst: &ParsedInstruction<'_>) -> bool {
    inst.desc
        .is_some_and(|d| d.has_result && d.opname.starts_with("OpType"))
}

impl CommentState {
    /// Section titles, emitted when the instruction is first seen (before any deferral).
    pub fn section(
        &mut self,
        d: &Disassembler<'_>,
        out: &mut Vec<u8>,
        inst: &ParsedInstruction<'_>,
    ) {
        if !self.comment {
            return;
        }
        let op = inst.op();
        if op == Op::Function {
            out.push(b'\n');
            if self.nested {
                out.push(b'\n');
            }
            out.extend(std::iter::repeat_n(b' ', d.indent));
            out.extend_from_slice(b"; Function ");
            match d.names {
                Some(n) => n.push(out, inst.result_id.unwrap_or(0)),
                None => push_u64(out, u64::from(inst.result_id.unwrap_or(0))),
            }
            out.push(b'\n');
        }
        let mut title = |done: &mut bool, cond: bool, text: &[u8]| {
            if cond && !*done {
                *done = true;
                out.push(b'\n');
                out.extend(std::iter::repeat_n(b' ', d.indent));
                out.extend_from_slice(text);
                out.push(b'\n');
            }
        };
        title(
            &mut self.decoration_done,
            is_decoration(op),
            b"; Annotations",
        );
        title(
            &mut self.debug_done,
            spirvkit_core::module::is_debug_instruction(op),
            b"; Debug Information",
        );
        title(
            &mut self.type_done,
            generates_type(inst),
            b"; Types, variables and constants",
        );
    }

    /// Appends the trailing comment of a just-written line (starting at `line_start`) and
    /// the newline.
    pub fn finish_line(
        &mut self,
        d: &Disassembler<'_>,
        out: &mut Vec<u8>,
        inst: &ParsedInstruction<'_>,
        line_start: usize,
        byte_offset: usize,
    ) {
        let op = inst.op();
        if self.comment && op == Op::Decorate {
            let target = inst.operand_word(0);
            let mut partial = std::mem::take(&mut self.scratch);
            partial.clear();
            for i in 1..inst.operands.len() {
                if i > 1 {
                    partial.push(b' ');
                }
                d.emit_operand(&mut partial, inst, i);
            }
            let entry = self.id_comments.entry(target).or_default();
            if !entry.is_empty() {
                entry.extend_from_slice(b", ");
            }
            entry.extend_from_slice(&partial);
            self.scratch = partial;
        }
        let line_len = out.len() - line_start;
        let mut any = false;
        let mut sep = |out: &mut Vec<u8>, any: &mut bool| {
            if !*any {
                let align = (line_len + 2).max(self.last_align).max(COMMENT_COLUMN);
                let align = (align + 3) & !3;
                // Observed: the remembered column never exceeds 256 (a long line does not
                // push every following comment further right).
                self.last_align = align.min(MAX_REMEMBERED_COLUMN);
                out.extend(std::iter::repeat_n(b' ', align - line_len));
                out.extend_from_slice(b"; ");
                *any = true;
            } else {
                out.extend_from_slice(b", ");
            }
        };
        if self.offsets {
            sep(out, &mut any);
            let s = format!("0x{byte_offset:08x}");
            out.extend_from_slice(s.as_bytes());
        }
        if self.comment && op == Op::Name {
            sep(out, &mut any);
            out.extend_from_slice(b"id %");
            push_u64(out, u64::from(inst.operand_word(0)));
        }
        if self.comment {
            if let Some(c) = inst.result_id.and_then(|r| self.id_comments.get(&r)) {
                sep(out, &mut any);
                out.extend_from_slice(c);
            }
        }
        if !any {
            self.last_align = 0;
        }
        out.push(b'\n');
    }
}
