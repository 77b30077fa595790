//! Binary → llvm-spirv text.

use super::{ext_inst_name, named_kind};
use spirvkit_core::decode::{decode_string, ParsedInstruction, Parser};
use spirvkit_core::DecodeError;
use spirvkit_grammar::{Op, OperandKind};
use std::collections::HashMap;
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
    // The name each OpExtInstImport id imports, which decides how its instructions print.
    let mut imports: HashMap<u32, String> = HashMap::new();
    while let Some(inst) = parser.next_instruction()? {
        let op = inst.op();
        if op == Op::ExtInstImport {
            if let Some(id) = inst.result_id {
                let name = decode_string(inst.operand_words(1));
                imports.insert(id, String::from_utf8_lossy(&name).into_owned());
            }
        }
        layout.before(op, &mut out);
        instruction(&inst, &imports, &mut out);
        layout.after(op, &mut out);
    }
    layout.finish(&mut out);
    Ok(out)
}

/// The name llvm-spirv prints for a grammar entry: SPIRV-Headers renamed the FPGA tokens
/// from `…INTEL` to `…ALTERA` (keeping the old spelling as an alias), while llvm-spirv's name
/// tables still spell them `…INTEL` (`RuntimeAlignedAttributeINTEL`, `MemoryINTEL`,
/// `OpTypeTaskSequenceINTEL`), so the INTEL alias is the name its text carries.
fn llvm_spirv_name(name: &'static str, aliases: &[&'static str]) -> &'static str {
    let Some(stem) = name.strip_suffix("ALTERA") else {
        return name;
    };
    aliases
        .iter()
        .copied()
        .find(|a| a.strip_suffix("INTEL") == Some(stem))
        .unwrap_or(name)
}

fn instruction(inst: &ParsedInstruction<'_>, imports: &HashMap<u32, String>, out: &mut Vec<u8>) {
    let name = inst
        .desc
        .map_or(inst.opname(), |d| llvm_spirv_name(d.opname, d.aliases));
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
                let set = inst.operand_words(2).first().and_then(|id| imports.get(id));
                if let Some(name) = set.and_then(|set| ext_inst_name(set, first)) {
                    let _ = write!(out, "{name} ");
                    continue;
                }
            }
            kind if named_kind(kind) => {
                if let Some(e) = kind.desc().enumerant(first) {
                    let _ = write!(out, "{} ", llvm_spirv_name(e.name, e.aliases));
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
