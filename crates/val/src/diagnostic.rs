//! Diagnostics: a stable rule id, a message, where (instruction index, word offset) and
//! the ids involved; plus the one-line rendering of an instruction used in messages.

use spirvkit_core::decode::decode_string;
use spirvkit_grammar::{Category, OperandKind};
use std::fmt;

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Short stable rule id, e.g. `layout.order`, `id.undefined`, `cfg.dominance`.
    pub rule: &'static str,
    pub message: String,
    /// Index of the offending instruction (0 = first after the header).
    pub instruction_index: Option<usize>,
    /// Word offset of the offending instruction from the start of the module.
    pub word_offset: Option<usize>,
    pub ids: Vec<u32>,
    /// The offending instruction as text (see [`render_instruction`]).
    pub instruction: Option<String>,
}

impl Diagnostic {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        Self {
            rule,
            message: message.into(),
            instruction_index: None,
            word_offset: None,
            ids: Vec::new(),
            instruction: None,
        }
    }

    pub fn with_ids(mut self, ids: impl IntoIterator<Item = u32>) -> Self {
        self.ids.extend(ids);
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)?;
        if let (Some(i), Some(w)) = (self.instruction_index, self.word_offset) {
            write!(f, " (instruction {i}, word {w})")?;
        }
        if let Some(text) = &self.instruction {
            write!(f, "\n  {text}")?;
        }
        Ok(())
    }
}

/// A simple spirv-dis-like rendering: `%5 = OpTypePointer Function %4`.
/// Kept in one place so the text crate's disassembler can replace it.
pub fn render_instruction(words: &[u32], inst: &spirvkit_core::ParsedInstruction<'_>) -> String {
    let _ = words;
    render_parts(
        inst.opname(),
        inst.words,
        inst.operands
            .iter()
            .map(|o| (o.kind, usize::from(o.offset), usize::from(o.num_words))),
    )
}

/// Renders from stored operand descriptions (kind, offset, word count).
pub fn render_parts(
    opname: &str,
    words: &[u32],
    operands: impl Iterator<Item = (OperandKind, usize, usize)>,
) -> String {
    let mut out = String::new();
    let mut rest = String::new();
    for (kind, offset, n) in operands {
        let ow = words.get(offset..offset + n).unwrap_or(&[]);
        let first = ow.first().copied().unwrap_or(0);
        match kind {
            OperandKind::IdResult => out = format!("%{first} = "),
            OperandKind::LiteralString => {
                let s = String::from_utf8_lossy(&decode_string(ow)).into_owned();
                rest.push_str(&format!(" {s:?}"));
            }
            _ => match kind.category() {
                Category::Id => rest.push_str(&format!(" %{first}")),
                Category::ValueEnum => match kind.desc().enumerant(first) {
                    Some(e) => rest.push_str(&format!(" {}", e.name)),
                    None => rest.push_str(&format!(" {first}")),
                },
                Category::BitEnum => {
                    let d = kind.desc();
                    if first == 0 {
                        rest.push_str(&format!(" {}", d.enumerant(0).map_or("None", |e| e.name)));
                    } else {
                        let names: Vec<String> = (0..32)
                            .filter(|b| first & (1 << b) != 0)
                            .map(|b| {
                                d.enumerant(1 << b).map_or_else(
                                    || format!("0x{:x}", 1u32 << b),
                                    |e| e.name.to_string(),
                                )
                            })
                            .collect();
                        rest.push_str(&format!(" {}", names.join("|")));
                    }
                }
                _ => {
                    if n == 2 {
                        let v =
                            u64::from(first) | (u64::from(ow.get(1).copied().unwrap_or(0)) << 32);
                        rest.push_str(&format!(" {v}"));
                    } else {
                        rest.push_str(&format!(" {first}"));
                    }
                }
            },
        }
    }
    format!("{out}{opname}{rest}")
}
