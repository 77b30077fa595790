//! Encoding instructions back to words.

use crate::module::{Instruction, Operand};

/// Appends a literal string: UTF-8 bytes, a NUL, zero padding to a word boundary.
pub fn encode_string(s: &str, out: &mut Vec<u32>) {
    encode_string_bytes(s.as_bytes(), out);
}

/// [`encode_string`] of bytes that need not be UTF-8 (strings read back from text formats
/// that carry them raw).
pub fn encode_string_bytes(bytes: &[u8], out: &mut Vec<u32>) {
    let mut chunks = bytes.chunks_exact(4);
    for c in &mut chunks {
        out.push(u32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    }
    let mut last = [0u8; 4];
    let rest = chunks.remainder();
    last[..rest.len()].copy_from_slice(rest);
    out.push(u32::from_le_bytes(last));
}

/// Appends one instruction's words.
pub fn encode_instruction(inst: &Instruction, out: &mut Vec<u32>) {
    let start = out.len();
    out.push(0);
    if let Some(t) = inst.result_type {
        out.push(t.0);
    }
    if let Some(r) = inst.result_id {
        out.push(r.0);
    }
    for op in &inst.operands {
        match op {
            Operand::Id(id) => out.push(id.0),
            Operand::Word(w) => out.push(*w),
            Operand::String(s) => encode_string(s, out),
        }
    }
    let count = (out.len() - start) as u32;
    out[start] = (count << 16) | u32::from(inst.opcode.0);
}
