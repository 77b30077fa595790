//! Binary → llvm-spirv text.

use super::named_kind;
use spirvkit_core::decode::{decode_string, ExtImport, ParsedInstruction, Parser};
use spirvkit_core::DecodeError;
use spirvkit_grammar::{Op, OperandKind};
use std::io::Write as _;

/// Why a binary could not be written as text.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("{0}")]
    Decode(#[from] DecodeError),
}

/// Where the writer is in llvm-spirv's module layout, which decides the blank lines.
#[derive(Default)]
struct Layout {
    /// The blank line after the names section is written.
    after_names: bool,
    /// The two blank lines after the types, constants and variables are written.
    after_globals: bool,
    /// The blank line before the functions is written.
    before_functions: bool,
    /// Inside a function: still among its parameters, and whether it has a block yet.
    in_function: bool,
    in_parameters: bool,
    has_block: bool,
    /// After a composite (a struct type, a composite constant): its blank line follows its
    /// continuation instructions, if any.
    composite_open: bool,
}

/// Entries llvm-spirv writes with their continuation instructions (SPV_INTEL_long_composites)
/// as children, which ends them with a blank line.
fn composite(op: Op) -> bool {
    matches!(
        op,
        Op::TypeStruct | Op::ConstantComposite | Op::SpecConstantComposite
    )
}

fn continuation(op: Op) -> bool {
    matches!(
        op,
        Op::TypeStructContinuedINTEL
            | Op::ConstantCompositeContinuedINTEL
            | Op::SpecConstantCompositeContinuedINTEL
    )
}

/// Instructions llvm-spirv writes before the names section ends (capabilities up to names).
fn before_names_end(op: Op) -> bool {
    matches!(
        op,
        Op::Capability
            | Op::Extension
            | Op::ExtInstImport
            | Op::MemoryModel
            | Op::EntryPoint
            | Op::ExecutionMode
            | Op::ExecutionModeId
            | Op::String
            | Op::SourceExtension
            | Op::Source
            | Op::SourceContinued
            | Op::Name
    )
}

impl Layout {
    /// Blank lines due before `op`.
    fn before(&mut self, op: Op, out: &mut Vec<u8>) {
        if self.composite_open && !continuation(op) {
            out.push(b'\n');
            self.composite_open = false;
        }
        if !self.after_names && !before_names_end(op) {
            out.push(b'\n');
            self.after_names = true;
        }
        let ends_globals =
            op == Op::Function || (op == Op::ExtInst && !self.in_function && !self.after_globals);
        if ends_globals && !self.after_globals {
            out.extend_from_slice(b"\n\n");
            self.after_globals = true;
        }
        if op == Op::Function && !self.before_functions {
            out.push(b'\n');
            self.before_functions = true;
        }
        if !self.in_function {
            return;
        }
        if self.in_parameters && op != Op::FunctionParameter {
            out.push(b'\n');
            self.in_parameters = false;
        }
        match op {
            Op::Label if self.has_block => out.push(b'\n'),
            Op::Label => self.has_block = true,
            Op::FunctionEnd if self.has_block => out.push(b'\n'),
            _ => {}
        }
    }

    /// Blank lines due after `op`.
    fn after(&mut self, op: Op, out: &mut Vec<u8>) {
        match op {
            Op::Function => {
                self.in_function = true;
                self.in_parameters = true;
                self.has_block = false;
            }
            Op::FunctionEnd => {
                out.push(b'\n');
                self.in_function = false;
            }
            op if composite(op) => self.composite_open = true,
            _ => {}
        }
    }

    /// Blank lines due at the end of the module.
    fn finish(&mut self, out: &mut Vec<u8>) {
        if self.composite_open {
            out.push(b'\n');
        }
        if !self.after_names {
            out.push(b'\n');
        }
        if !self.after_globals {
            out.extend_from_slice(b"\n\n");
        }
        if !self.before_functions {
            out.push(b'\n');
        }
    }
}

/// The module `words` in llvm-spirv's text format.
pub fn write(words: &[u32]) -> Result<Vec<u8>, WriteError> {
    let mut parser = Parser::new(words)?;
    let mut out = Vec::with_capacity(words.len() * 6);
    for w in words.iter().take(5) {
        let _ = write!(out, "{w} ");
    }
    out.push(b'\n');
    let mut layout = Layout::default();
    while let Some(inst) = parser.next_instruction()? {
        let op = inst.op();
        layout.before(op, &mut out);
        instruction(&inst, &mut out);
        layout.after(op, &mut out);
    }
    layout.finish(&mut out);
    Ok(out)
}

fn instruction(inst: &ParsedInstruction<'_>, out: &mut Vec<u8>) {
    let name = inst.opname();
    let _ = write!(
        out,
        "{} {} ",
        inst.words.len(),
        name.strip_prefix("Op").unwrap_or(name)
    );
    for (i, operand) in inst.operands.iter().enumerate() {
        let words = inst.operand_words(i);
        let first = words.first().copied().unwrap_or(0);
        match operand.kind {
            OperandKind::LiteralString => {
                quoted(&decode_string(words), out);
                out.push(b' ');
                continue;
            }
            OperandKind::LiteralExtInstInteger => {
                if let Some(ExtImport::Known(set)) = inst.ext_import {
                    if set.import_name == "OpenCL.std" {
                        if let Some(e) = set.instruction(first) {
                            let _ = write!(out, "{} ", e.opname);
                            continue;
                        }
                    }
                }
            }
            kind if named_kind(kind) => {
                if let Some(e) = kind.desc().enumerant(first) {
                    let _ = write!(out, "{} ", e.name);
                    continue;
                }
            }
            _ => {}
        }
        for w in words {
            let _ = write!(out, "{w} ");
        }
    }
    out.push(b'\n');
}

/// A string in quotes, each `"` preceded by a backslash; other bytes as they are.
fn quoted(bytes: &[u8], out: &mut Vec<u8>) {
    out.push(b'"');
    for &c in bytes {
        if c == b'"' {
            out.push(b'\\');
        }
        out.push(c);
    }
    out.push(b'"');
}
