//! llvm-spirv text → binary words.

use spirvkit_grammar::{self as g, Op, OperandKind};
use std::collections::HashMap;

/// A problem in llvm-spirv text, at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct ReadError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

enum Token<'a> {
    Word(&'a [u8]),
    Str(Vec<u8>),
}

struct Cursor<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
    line_start: usize,
    /// Where the last token started (for errors).
    token_line: usize,
    token_column: usize,
}

impl<'a> Cursor<'a> {
    fn error(&self, message: String) -> ReadError {
        ReadError {
            line: self.token_line + 1,
            column: self.token_column + 1,
            message,
        }
    }

    /// The next token; `None` at the end of the text.
    fn next(&mut self) -> Result<Option<Token<'a>>, ReadError> {
        while let Some(&c) = self.text.get(self.pos) {
            if !c.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
            if c == b'\n' {
                self.line += 1;
                self.line_start = self.pos;
            }
        }
        self.token_line = self.line;
        self.token_column = self.pos - self.line_start;
        let Some(&first) = self.text.get(self.pos) else {
            return Ok(None);
        };
        if first == b'"' {
            self.pos += 1;
            let mut s = Vec::new();
            loop {
                match self.text.get(self.pos) {
                    None => return Err(self.error("unterminated string".into())),
                    Some(b'\\') if self.text.get(self.pos + 1) == Some(&b'"') => {
                        s.push(b'"');
                        self.pos += 2;
                    }
                    Some(b'"') => {
                        self.pos += 1;
                        return Ok(Some(Token::Str(s)));
                    }
                    Some(&c) => {
                        if c == b'\n' {
                            self.line += 1;
                            self.line_start = self.pos + 1;
                        }
                        s.push(c);
                        self.pos += 1;
                    }
                }
            }
        }
        let start = self.pos;
        while self
            .text
            .get(self.pos)
            .is_some_and(|c| !c.is_ascii_whitespace())
        {
            self.pos += 1;
        }
        Ok(Some(Token::Word(&self.text[start..self.pos])))
    }

    fn number(&mut self, what: &str) -> Result<u32, ReadError> {
        match self.next()? {
            Some(Token::Word(w)) => number(w)
                .ok_or_else(|| self.error(format!("expected {what}, found '{}'", lossy(w)))),
            Some(Token::Str(_)) => Err(self.error(format!("expected {what}, found a string"))),
            None => Err(self.error(format!("expected {what}, found the end of the text"))),
        }
    }
}

fn lossy(w: &[u8]) -> String {
    String::from_utf8_lossy(w).into_owned()
}

/// A word written as a decimal number (negative values as their two's complement).
fn number(w: &[u8]) -> Option<u32> {
    let s = std::str::from_utf8(w).ok()?;
    s.parse::<u32>()
        .ok()
        .or_else(|| s.parse::<i32>().ok().map(|v| v as u32))
}

/// The value of a name in an operand of `op`: in OpExtInst an instruction of the set it
/// uses (imported as `set`; OpenCL.std when unknown); otherwise a capability (first, when
/// the instruction has a capability operand), a decoration or a linkage type.
fn named_value(op: Op, name: &str, set: Option<&str>) -> Option<u32> {
    if op == Op::ExtInst {
        return super::ext_inst_number(set.unwrap_or("OpenCL.std"), name);
    }
    let takes_capability = g::instruction(op.0)
        .is_some_and(|d| d.operands.iter().any(|o| o.kind == OperandKind::Capability));
    let kinds = if takes_capability {
        [
            OperandKind::Capability,
            OperandKind::Decoration,
            OperandKind::LinkageType,
        ]
    } else {
        [
            OperandKind::Decoration,
            OperandKind::LinkageType,
            OperandKind::Capability,
        ]
    };
    kinds
        .into_iter()
        .find_map(|k| k.desc().enumerant_by_name(name))
        .map(|e| e.value)
}

/// The binary words of llvm-spirv text.
pub fn read(text: &[u8]) -> Result<Vec<u32>, ReadError> {
    let mut c = Cursor {
        text,
        pos: 0,
        line: 0,
        line_start: 0,
        token_line: 0,
        token_column: 0,
    };
    let mut words = Vec::with_capacity(text.len() / 4);
    for what in [
        "the magic number",
        "the version",
        "the generator",
        "the bound",
        "the schema",
    ] {
        words.push(c.number(what)?);
    }
    // The name each OpExtInstImport id imports, which decides how OpExtInst names read.
    let mut imports: HashMap<u32, String> = HashMap::new();
    while let Some(token) = c.next()? {
        let count = match token {
            Token::Word(w) => number(w)
                .ok_or_else(|| c.error(format!("expected a word count, found '{}'", lossy(w))))?,
            Token::Str(_) => return Err(c.error("expected a word count, found a string".into())),
        };
        let (count_line, count_column) = (c.token_line, c.token_column);
        let opcode = match c.next()? {
            Some(Token::Word(w)) => {
                let name = format!("Op{}", lossy(w));
                g::instruction_by_name(&name)
                    .map(|d| d.opcode)
                    .ok_or_else(|| c.error(format!("unknown opcode '{}'", lossy(w))))?
            }
            _ => return Err(c.error("expected an opcode name".into())),
        };
        let op = Op(opcode);
        let start = words.len();
        words.push((count << 16) | u32::from(opcode));
        while words.len() - start < count as usize {
            match c.next()? {
                Some(Token::Str(s)) => spirvkit_core::encode::encode_string_bytes(&s, &mut words),
                Some(Token::Word(w)) => match number(w) {
                    Some(v) => words.push(v),
                    None => {
                        let name = lossy(w);
                        let set = words.get(start + 3).and_then(|id| imports.get(id));
                        let v = named_value(op, &name, set.map(String::as_str))
                            .ok_or_else(|| c.error(format!("unknown name '{name}'")))?;
                        words.push(v);
                    }
                },
                None => break,
            }
        }
        let got = words.len() - start;
        if got != count as usize || count == 0 || count > 0xffff {
            return Err(ReadError {
                line: count_line + 1,
                column: count_column + 1,
                message: format!("the word count says {count} words, the operands make {got}"),
            });
        }
        if op == Op::ExtInstImport {
            if let (Some(&id), Some(string)) = (words.get(start + 1), words.get(start + 2..)) {
                let name = spirvkit_core::decode::decode_string(string);
                imports.insert(id, String::from_utf8_lossy(&name).into_owned());
            }
        }
    }
    Ok(words)
}
