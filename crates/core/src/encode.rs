//! Encoding instructions back to words.

use crate::module::{Instruction, Operand};

/// Where encoded words go: a list of words, or their little-endian bytes (what files hold).
/// One encoder serves both, so the two byte orders of the same instruction cannot drift apart.
trait WordSink {
    /// Where the next word goes (an opaque position for [`WordSink::patch`]).
    fn mark(&self) -> usize;
    fn push_word(&mut self, word: u32);
    /// Words pushed since `mark`.
    fn words_since(&self, mark: usize) -> u32;
    /// Overwrites the word pushed at `mark`.
    fn patch(&mut self, mark: usize, word: u32);
}

impl WordSink for Vec<u32> {
    fn mark(&self) -> usize {
        self.len()
    }
    fn push_word(&mut self, word: u32) {
        self.push(word);
    }
    fn words_since(&self, mark: usize) -> u32 {
        (self.len() - mark) as u32
    }
    fn patch(&mut self, mark: usize, word: u32) {
        self[mark] = word;
    }
}

impl WordSink for Vec<u8> {
    fn mark(&self) -> usize {
        self.len()
    }
    fn push_word(&mut self, word: u32) {
        self.extend_from_slice(&word.to_le_bytes());
    }
    fn words_since(&self, mark: usize) -> u32 {
        ((self.len() - mark) / 4) as u32
    }
    fn patch(&mut self, mark: usize, word: u32) {
        self[mark..mark + 4].copy_from_slice(&word.to_le_bytes());
    }
}

/// Appends a literal string: UTF-8 bytes, a NUL, zero padding to a word boundary.
pub fn encode_string(s: &str, out: &mut Vec<u32>) {
    encode_string_bytes(s.as_bytes(), out);
}

/// [`encode_string`] of bytes that need not be UTF-8 (strings read back from text formats
/// that carry them raw).
pub fn encode_string_bytes(bytes: &[u8], out: &mut Vec<u32>) {
    push_string(bytes, out);
}

fn push_string(bytes: &[u8], out: &mut impl WordSink) {
    let mut chunks = bytes.chunks_exact(4);
    for c in &mut chunks {
        out.push_word(u32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    }
    let mut last = [0u8; 4];
    let rest = chunks.remainder();
    last[..rest.len()].copy_from_slice(rest);
    out.push_word(u32::from_le_bytes(last));
}

fn push_instruction(inst: &Instruction, out: &mut impl WordSink) {
    let start = out.mark();
    out.push_word(0);
    if let Some(t) = inst.result_type {
        out.push_word(t.0);
    }
    if let Some(r) = inst.result_id {
        out.push_word(r.0);
    }
    for op in &inst.operands {
        match op {
            Operand::Id(id) => out.push_word(id.0),
            Operand::Word(w) => out.push_word(*w),
            Operand::String(s) => push_string(s.as_bytes(), out),
        }
    }
    let count = out.words_since(start);
    out.patch(start, (count << 16) | u32::from(inst.opcode.0));
}

/// Appends one instruction's words.
pub fn encode_instruction(inst: &Instruction, out: &mut Vec<u32>) {
    push_instruction(inst, out);
}

/// Appends one instruction as little-endian bytes (the byte order every tool writes): the
/// words of [`encode_instruction`], without a list of words to convert afterwards.
pub fn encode_instruction_le(inst: &Instruction, out: &mut Vec<u8>) {
    out.reserve(4 * (3 + inst.operands.len()));
    push_instruction(inst, out);
}

/// Appends instructions as little-endian bytes ([`encode_instruction_le`] of each).
pub fn encode_instructions_le(insts: &[Instruction], out: &mut Vec<u8>) {
    for inst in insts {
        encode_instruction_le(inst, out);
    }
}
