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
    /// A specialized node (DILocation, ...) kept only by its kind name.
    Unsupported(String),
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
