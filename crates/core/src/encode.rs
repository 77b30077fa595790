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

/// Appends one instruction as little-endian bytes (the byte order every tool writes): the
/// words of [`encode_instruction`], without a list of words to convert afterwards.
pub fn encode_instruction_le(inst: &Instruction, out: &mut Vec<u8>) {
    let start = out.len();
    out.reserve(4 * (3 + inst.operands.len()));
    out.extend_from_slice(&[0; 4]);
    if let Some(t) = inst.result_type {
        out.extend_from_slice(&t.0.to_le_bytes());
    }
    if let Some(r) = inst.result_id {
        out.extend_from_slice(&r.0.to_le_bytes());
    }
    for op in &inst.operands {
        match op {
            Operand::Id(id) => out.extend_from_slice(&id.0.to_le_bytes()),
            Operand::Word(w) => out.extend_from_slice(&w.to_le_bytes()),
            Operand::String(s) => {
                // The bytes, a NUL, zero padding to a word boundary (as `encode_string`).
                out.extend_from_slice(s.as_bytes());
                out.resize(out.len() + 4 - s.len() % 4, 0);
            }
        }
    }
    let count = ((out.len() - start) / 4) as u32;
    let first = (count << 16) | u32::from(inst.opcode.0);
    out[start..start + 4].copy_from_slice(&first.to_le_bytes());
}

/// Appends instructions as little-endian bytes ([`encode_instruction_le`] of each).
pub fn encode_instructions_le(insts: &[Instruction], out: &mut Vec<u8>) {
    for inst in insts {
        encode_instruction_le(inst, out);
    }
}
