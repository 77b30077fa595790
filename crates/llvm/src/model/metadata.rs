//! Metadata: strings, nodes and wrapped values, plus named metadata.

use super::types::TypeId;
use super::values::ValueRef;

/// Index into `Module::metadata`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MetadataId(pub u32);

#[derive(Debug, Clone, PartialEq)]
pub enum Metadata {
    String(Vec<u8>),
    Node {
        operands: Vec<MdOperand>,
        distinct: bool,
    },
    /// A value wrapped as metadata (`i32 1`, `ptr @f`).
    Value {
        ty: TypeId,
        value: ValueRef,
    },
    /// A specialized (debug-info) node: `!DILocation(line: 3, scope: !5)`.
    Specialized(DiNode),
    /// A specialized node of a kind not modelled (`DIArgList`, ...), kept by its kind name.
    Unsupported(String),
}

/// A specialized metadata node in LLVM's textual form: the kind (`DILocation`,
/// `DISubprogram`, ...) and its fields by their `.ll` names, in order. Positional operands
/// (`!DIExpression(DW_OP_deref)`) have an empty name.
#[derive(Debug, Clone, PartialEq)]
pub struct DiNode {
    pub kind: String,
    pub distinct: bool,
    pub fields: Vec<(String, DiField)>,
}

impl DiNode {
    /// The field called `name`.
    pub fn field(&self, name: &str) -> Option<&DiField> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, f)| f)
    }
}

/// One field value of a specialized node.
#[derive(Debug, Clone, PartialEq)]
pub enum DiField {
    /// `null`
    Null,
    /// A node or value: `!7`, `i64 16`.
    Metadata(MetadataId),
    /// An integer field LLVM 21 and later bitcode stores as metadata (type sizes and
    /// offsets): a constant prints as its integer (`size: 32`), anything else (a variable,
    /// an expression) as the node (`size: !7`).
    MetadataInt(MetadataId),
    /// A string field (`name: "x"`); the id is a `Metadata::String`.
    String(MetadataId),
    Int(i64),
    UInt(u64),
    Bool(bool),
    /// A DWARF/LLVM enumerator or flag set as written: `DW_TAG_member`, `FullDebug`,
    /// `DIFlagPrototyped | DIFlagAllCallsDescribed`.
    Symbol(String),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MdOperand {
    Null,
    Metadata(MetadataId),
    Value { ty: TypeId, value: ValueRef },
}

#[derive(Debug, Clone, PartialEq)]
pub struct NamedMetadata {
    pub name: String,
    pub nodes: Vec<MetadataId>,
}
