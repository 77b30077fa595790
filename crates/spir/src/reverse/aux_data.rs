//! `-r --spirv-preserve-auxdata`: the NonSemantic.AuxData records (`forward/aux_data.rs`)
//! restored as what they describe — function and global variable attributes, their metadata
//! attachments and `available_externally` linkage. Without the option the records are
//! dropped with the rest of the non-semantic sets, as llvm-spirv does.
//!
//! An attribute record with two strings is `"key"="value"`; with one string it is an enum
//! attribute when LLVM spells enum attributes so (`nounwind`, `align 4`: no quote, no `=`),
//! and a string attribute without value otherwise. A record naming something that has no
//! LLVM counterpart here (an entry-point wrapper folded into its kernel) is skipped.

use super::Ctx;
use llvm::{Attribute, MdOperand, Metadata, MetadataId, ValueRef};
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

const SET_NAME: &str = "NonSemantic.AuxData";
const FUNCTION_METADATA: u32 = 0;
const FUNCTION_ATTRIBUTE: u32 = 1;
const GLOBAL_VARIABLE_METADATA: u32 = 2;
const GLOBAL_VARIABLE_ATTRIBUTE: u32 = 3;
const LINKAGE: u32 = 4;
const AVAILABLE_EXTERNALLY: u32 = 0;

/// One record: its instruction number and operand ids.
pub(crate) struct Record {
    number: u32,
    operands: Vec<Id>,
}

/// The module's AuxData records, in order: from the global section and after functions.
pub(crate) fn collect(
    globals: &[Instruction],
    functions: &[spirvkit_core::Function],
) -> Vec<Record> {
    let Some(set) = globals
        .iter()
        .find(|i| {
            i.opcode == Op::ExtInstImport
                && i.operands.first().and_then(Operand::string) == Some(SET_NAME)
        })
        .and_then(|i| i.result_id)
    else {
        return Vec::new();
    };
    globals
        .iter()
        .chain(functions.iter().flat_map(|f| f.trailing.iter()))
        .filter(|i| {
            matches!(i.opcode, Op::ExtInst | Op::ExtInstWithForwardRefsKHR)
                && i.operands.first() == Some(&Operand::Id(set))
        })
        .filter_map(|i| {
            let number = i.operands.get(1).and_then(Operand::word)?;
            let operands = i.operands[2..].iter().filter_map(Operand::id).collect();
            Some(Record { number, operands })
        })
        .collect()
}

/// What a record's target is in the LLVM module.
#[derive(Clone, Copy)]
enum Target {
    Function(llvm::FuncId),
    Global(llvm::GlobalId),
}

impl Ctx<'_> {
    /// Restores the records on the translated module.
    pub(crate) fn restore_aux_data(&mut self, records: &[Record]) {
        for record in records {
            let Some((&target, rest)) = record.operands.split_first() else {
                continue;
            };
            let target = match (self.functions.get(&target), self.values.get(&target)) {
                (Some(&f), _) => Target::Function(f),
                (None, Some(ValueRef::Global(g))) => Target::Global(*g),
                _ => continue,
            };
            match (record.number, target) {
                (FUNCTION_ATTRIBUTE, Target::Function(_))
                | (GLOBAL_VARIABLE_ATTRIBUTE, Target::Global(_)) => {
                    if let Some(attr) = self.attribute(rest) {
                        self.add_attribute(target, attr);
                    }
                }
                (FUNCTION_METADATA, Target::Function(_))
                | (GLOBAL_VARIABLE_METADATA, Target::Global(_)) => {
                    if let Some((kind, node)) = self.metadata_node(rest) {
                        self.add_attachment(target, kind, node);
                    }
                }
                (LINKAGE, _) if self.word_constant(rest.first()) == Some(AVAILABLE_EXTERNALLY) => {
                    self.available_externally(target);
                }
                _ => {}
            }
        }
    }

    fn string_of(&self, id: Id) -> Option<&str> {
        self.spv
            .globals
            .iter()
            .find(|i| i.opcode == Op::String && i.result_id == Some(id))
            .and_then(|i| i.operands.first())
            .and_then(Operand::string)
    }

    fn word_constant(&self, id: Option<&Id>) -> Option<u32> {
        let id = id?;
        self.spv
            .globals
            .iter()
            .find(|i| i.opcode == Op::Constant && i.result_id == Some(*id))
            .and_then(|i| i.operands.first())
            .and_then(Operand::word)
    }

    fn attribute(&self, operands: &[Id]) -> Option<Attribute> {
        let name = self.string_of(*operands.first()?)?.to_owned();
        if let Some(value) = operands.get(1) {
            let value = self.string_of(*value)?.to_owned();
            return Some(Attribute::Str(name, Some(value)));
        }
        Some(enum_attribute(&name).unwrap_or(Attribute::Str(name, None)))
    }

    fn metadata_node(&mut self, operands: &[Id]) -> Option<(String, MetadataId)> {
        let kind = self.string_of(*operands.first()?)?.to_owned();
        let mut node = Vec::new();
        for &op in &operands[1..] {
            if let Some(s) = self.string_of(op) {
                let s = s.as_bytes().to_vec();
                node.push(MdOperand::Metadata(self.push_md(Metadata::String(s))));
            } else {
                let value = *self.values.get(&op)?;
                let ty = self.m.value_type(value)?;
                node.push(MdOperand::Value { ty, value });
            }
        }
        let id = self.push_md(Metadata::Node {
            operands: node,
            distinct: false,
        });
        Some((kind, id))
    }

    fn push_md(&mut self, md: Metadata) -> MetadataId {
        let id = MetadataId(self.m.metadata.len() as u32);
        self.m.metadata.push(md);
        id
    }

    fn add_attribute(&mut self, target: Target, attr: Attribute) {
        let list = match target {
            Target::Function(f) => self
                .m
                .functions
                .get_mut(f.0 as usize)
                .map(|f| &mut std::sync::Arc::make_mut(&mut f.attrs).function),
            Target::Global(g) => self.m.globals.get_mut(g.0 as usize).map(|g| &mut g.attrs),
        };
        if let Some(list) = list {
            if !list.contains(&attr) {
                list.push(attr);
            }
        }
    }

    fn add_attachment(&mut self, target: Target, kind: String, node: MetadataId) {
        let list = match target {
            Target::Function(f) => self
                .m
                .functions
                .get_mut(f.0 as usize)
                .map(|f| &mut f.attachments),
            Target::Global(g) => self
                .m
                .globals
                .get_mut(g.0 as usize)
                .map(|g| &mut g.attachments),
        };
        // An attachment of this kind made by the translation itself wins.
        if let Some(list) = list {
            if !list.iter().any(|(k, _)| *k == kind) {
                list.push((kind, node));
            }
        }
    }

    /// `available_externally` needs a body (an initializer): a declaration keeps its linkage.
    fn available_externally(&mut self, target: Target) {
        match target {
            Target::Function(f) => {
                if let Some(f) = self.m.functions.get_mut(f.0 as usize) {
                    if !f.is_declaration() {
                        f.linkage = llvm::Linkage::AvailableExternally;
                    }
                }
            }
            Target::Global(g) => {
                if let Some(g) = self.m.globals.get_mut(g.0 as usize) {
                    if g.initializer.is_some() {
                        g.linkage = llvm::Linkage::AvailableExternally;
                    }
                }
            }
        }
    }
}

/// One attribute string as LLVM spells an enum or integer attribute (`nounwind`, `align 4`,
/// `uwtable(sync)`, `memory(none)`): one of LLVM's attribute keywords, with an integer after
/// a space or an argument in parentheses; `None` for anything else (a string attribute).
fn enum_attribute(text: &str) -> Option<Attribute> {
    let first = text.chars().next()?;
    if !first.is_ascii_lowercase()
        || text.contains(['"', '='])
        || !text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_ (),:".contains(c))
    {
        return None;
    }
    if let Some((name, value)) = text.split_once(' ') {
        let value = value.parse().ok()?;
        return llvm::is_attribute_keyword(name).then(|| Attribute::Int(name.to_owned(), value));
    }
    if let Some((name, _)) = text.split_once('(') {
        return llvm::is_attribute_keyword(name).then(|| Attribute::Raw(text.to_owned()));
    }
    llvm::is_attribute_keyword(text).then(|| Attribute::Flag(text.to_owned()))
}
