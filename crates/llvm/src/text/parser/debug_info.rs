//! Specialized metadata nodes in `.ll` text: `!DILocation(line: 3, scope: !5)`,
//! `distinct !DISubprogram(...)`, inline `!DIExpression(DW_OP_deref)`, and function-local
//! metadata operands (`metadata ptr %x`). Fields are kept as written (see [`DiNode`]), so
//! every kind parses the same way.

use super::{PResult, Parser};
use crate::model::*;
use crate::text::lexer::Tok;

/// Bare words that are field values rather than type names.
fn is_symbol(word: &str) -> bool {
    ["DW_", "DIFlag", "DISPFlag", "CSK_"]
        .iter()
        .any(|p| word.starts_with(p))
        || matches!(
            word,
            "FullDebug"
                | "NoDebug"
                | "LineTablesOnly"
                | "DebugDirectivesOnly"
                | "Default"
                | "GNU"
                | "None"
                | "Apple"
        )
}

impl Parser<'_> {
    /// True at `!DIKind(`.
    pub(super) fn at_specialized_node(&self) -> bool {
        matches!(self.peek(), Tok::MetaName(_)) && matches!(self.peek_at(1), Tok::Punct('('))
    }

    /// `!DIKind(fields)` after an optional `distinct` (already consumed by the caller).
    pub(super) fn parse_specialized(&mut self, distinct: bool) -> PResult<DiNode> {
        let Tok::MetaName(kind) = self.next() else {
            return Err(self.err("expected a specialized metadata node"));
        };
        self.expect_punct('(')?;
        let mut fields = Vec::new();
        if !self.eat_punct(')') {
            loop {
                let name = match self.peek().clone() {
                    Tok::Label(name) => {
                        self.next();
                        name
                    }
                    _ => String::new(),
                };
                let value = self.parse_di_field()?;
                fields.push((name, value));
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        Ok(DiNode {
            kind,
            distinct,
            fields,
        })
    }

    fn parse_di_field(&mut self) -> PResult<DiField> {
        self.nested(Self::parse_di_field_unnested)
    }

    fn parse_di_field_unnested(&mut self) -> PResult<DiField> {
        Ok(match self.peek().clone() {
            Tok::Word(w) if w == "null" => {
                self.next();
                DiField::Null
            }
            Tok::Word(w) if w == "true" || w == "false" => {
                self.next();
                DiField::Bool(w == "true")
            }
            Tok::Int(v) => {
                self.next();
                if v < 0 {
                    DiField::Int(
                        i64::try_from(v).map_err(|_| self.err("integer field out of range"))?,
                    )
                } else {
                    DiField::UInt(
                        u64::try_from(v).map_err(|_| self.err("integer field out of range"))?,
                    )
                }
            }
            Tok::Str(s) => {
                self.next();
                DiField::String(self.md_string(s))
            }
            Tok::Word(w) if is_symbol(&w) => {
                self.next();
                let mut text = w;
                while self.eat_punct('|') {
                    match self.next() {
                        Tok::Word(w) => text = format!("{text} | {w}"),
                        Tok::Int(v) => text = format!("{text} | {v}"),
                        _ => return Err(self.err("expected a flag after '|'")),
                    }
                }
                DiField::Symbol(text)
            }
            Tok::Word(w) if w == "distinct" => {
                self.next();
                let node = self.parse_specialized(true)?;
                DiField::Metadata(self.push_metadata(Metadata::Specialized(node)))
            }
            _ => DiField::Metadata(self.parse_metadata_ref()?),
        })
    }

    /// Adds a node that has no number of its own (inline in an operand).
    pub(super) fn push_metadata(&mut self, md: Metadata) -> MetadataId {
        let id = MetadataId(self.m.metadata.len() as u32);
        self.m.metadata.push(md);
        self.md_defined.push(true);
        id
    }

    /// `i32 %x` / `ptr @g` / `i64 16` as metadata (`ValueAsMetadata`).
    pub(super) fn parse_value_as_metadata(&mut self) -> PResult<MetadataId> {
        let (ty, value) = self.parse_typed_value()?;
        if matches!(value, ValueRef::Unresolved(_)) {
            return Err(self.err(
                "unsupported construct: function-local metadata naming a value defined later",
            ));
        }
        Ok(self.push_metadata(Metadata::Value { ty, value }))
    }
}
