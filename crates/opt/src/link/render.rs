//! Error-path rendering: the instructions an error points at, exactly as spirv-dis prints them
//! (friendly names), read back from the original input so ids are the file's own. Runs only
//! when an error is reported, so it may re-decode and disassemble the file.

use super::error::Location;
use spirvkit_core::Parser;
use spirvkit_text::{disassemble, DisassembleOptions};

/// The original inputs, for locating and rendering instructions.
pub struct Sources<'a> {
    pub names: &'a [&'a str],
    pub words: &'a [&'a [u32]],
}

impl Sources<'_> {
    pub fn name(&self, module: usize) -> String {
        self.names
            .get(module)
            .map_or_else(|| format!("module {module}"), |n| n.to_string())
    }

    /// A location showing the instruction at `word_offset` only.
    pub fn at(&self, module: usize, word_offset: usize) -> Box<Location> {
        let text = self
            .words
            .get(module)
            .map(|w| render_offsets(w, &[word_offset]))
            .unwrap_or_default();
        Box::new(Location {
            file: self.name(module),
            word_offset,
            text,
        })
    }

    /// A symbol's location: its LinkageAttributes decoration at `word_offset`, then the
    /// definition of `local_id` (a function or variable), its type and the type's operands
    /// (return and parameter types, or the pointee), and `extra` ids' definitions.
    pub fn symbol(
        &self,
        module: usize,
        word_offset: usize,
        local_id: u32,
        extra: &[u32],
    ) -> Box<Location> {
        let Some(words) = self.words.get(module) else {
            return self.at(module, word_offset);
        };
        let mut offsets = vec![word_offset];
        let defs = definitions(words);
        let def_of = |id: u32| defs.iter().find(|d| d.0 == id).map(|d| (d.1, d.2.clone()));
        if let Some((at, operand_ids)) = def_of(local_id) {
            offsets.push(at);
            // OpFunction: return and function type; OpVariable: pointer type (and initializer).
            for &ty in &operand_ids {
                if let Some((at, inner)) = def_of(ty) {
                    offsets.push(at);
                    for id in inner {
                        if let Some((at, _)) = def_of(id) {
                            offsets.push(at);
                        }
                    }
                }
            }
        }
        for &id in extra {
            if let Some((at, _)) = def_of(id) {
                offsets.push(at);
            }
        }
        Box::new(Location {
            file: self.name(module),
            word_offset,
            text: render_offsets(words, &offsets),
        })
    }
}

impl Sources<'_> {
    /// A symbol's decoration, its definition, and every decoration and the definition of
    /// `target` (the symbol itself or one of its parameters).
    pub fn decorated(
        &self,
        module: usize,
        word_offset: usize,
        local_id: u32,
        target: u32,
    ) -> Box<Location> {
        let Some(words) = self.words.get(module) else {
            return self.at(module, word_offset);
        };
        let mut offsets = vec![word_offset];
        if let Ok(mut parser) = Parser::new(words) {
            while let Ok(Some(inst)) = parser.next_instruction() {
                let decorates = matches!(
                    inst.op(),
                    spirvkit_grammar::Op::Decorate
                        | spirvkit_grammar::Op::DecorateId
                        | spirvkit_grammar::Op::DecorateString
                ) && inst.words.get(1) == Some(&target);
                if decorates || inst.result_id == Some(local_id) || inst.result_id == Some(target) {
                    offsets.push(inst.word_offset);
                }
            }
        }
        Box::new(Location {
            file: self.name(module),
            word_offset,
            text: render_offsets(words, &offsets),
        })
    }
}

/// (result id, word offset, type ids used) of every instruction with a result, in order.
/// Only for the error path: linear but allocating.
fn definitions(words: &[u32]) -> Vec<(u32, usize, Vec<u32>)> {
    let mut out = Vec::new();
    let Ok(mut parser) = Parser::new(words) else {
        return out;
    };
    while let Ok(Some(inst)) = parser.next_instruction() {
        let Some(result) = inst.result_id else {
            continue;
        };
        let mut used: Vec<u32> = inst.result_type.into_iter().collect();
        for (i, op) in inst.operands.iter().enumerate() {
            if op.kind.category() == spirvkit_grammar::Category::Id
                && !matches!(
                    op.kind,
                    spirvkit_grammar::OperandKind::IdResult
                        | spirvkit_grammar::OperandKind::IdResultType
                )
            {
                used.push(inst.operand_word(i));
            }
        }
        out.push((result, inst.word_offset, used));
    }
    out
}

/// The spirv-dis lines of the instructions at the given word offsets, in file order.
pub fn render_offsets(words: &[u32], offsets: &[usize]) -> String {
    let opts = DisassembleOptions {
        no_header: true,
        no_indent: true,
        offsets: true,
        ..DisassembleOptions::default()
    };
    let Ok(text) = disassemble(words, &opts) else {
        return String::new();
    };
    let mut lines = Vec::new();
    for line in text.lines() {
        let Some((code, comment)) = line.rsplit_once("; 0x") else {
            continue;
        };
        let Ok(byte) = usize::from_str_radix(comment.trim(), 16) else {
            continue;
        };
        if offsets.contains(&(byte / 4)) {
            lines.push(code.trim_end().to_string());
        }
    }
    lines.join("\n")
}
