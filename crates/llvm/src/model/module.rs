//! The module and function containers, and queries the translator needs.

use super::instructions::{BasicBlock, BlockId, InstId, Instruction};
use super::metadata::{MdOperand, Metadata, MetadataId, NamedMetadata};
use super::types::{Type, TypeId, TypeTable};
use super::values::*;
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    pub name: String,
    /// The function type (not a pointer).
    pub fn_ty: TypeId,
    /// Type of the function as a value (pointer to `fn_ty`, or `ptr`).
    pub ty: TypeId,
    pub cc: CallingConv,
    pub linkage: Linkage,
    pub visibility: Visibility,
    pub unnamed_addr: UnnamedAddr,
    /// Shared with the calls that copy it (see `InstKind::Call`); `Arc::make_mut` to change.
    pub attrs: Arc<AttributeList>,
    pub align: Option<u64>,
    pub section: Option<String>,
    pub gc: Option<String>,
    pub addrspace: u32,
    pub dso_local: bool,
    pub args: Vec<Argument>,
    /// Empty for declarations.
    pub blocks: Vec<BasicBlock>,
    pub insts: Vec<Instruction>,
    /// Function-attached metadata (`!kernel_arg_addr_space !3`).
    pub attachments: Vec<(String, MetadataId)>,
    /// Count of debug locations and other things dropped while reading.
    pub dropped_debug_locations: u32,
    /// Where each instruction of `insts` was read (same index), for error messages.
    pub positions: InstPositions,
    /// Debug records (`#dbg_value`/`#dbg_declare`/`#dbg_assign`, LLVM 19+), kept beside the
    /// instructions rather than among them (they define no value).
    pub debug_records: Vec<DebugRecord>,
}

/// Where an instruction was read: its line and column in `.ll` text, or the bit offset of
/// its record in bitcode. Errors about the instruction name it (issue 18: "bad input").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourcePosition {
    Text { line: u32, col: u32 },
    Bitcode { bit_offset: u64 },
}

impl std::fmt::Display for SourcePosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SourcePosition::Text { line, col } => write!(f, "line {line}:{col}"),
            SourcePosition::Bitcode { bit_offset } => write!(f, "bit offset {bit_offset}"),
        }
    }
}

/// The positions of a function's instructions (indexed like `Function::insts`; shorter or
/// empty when the module was built rather than read). Where an instruction was read is not
/// part of what the module means: two modules that differ only here compare equal, so a
/// module read from text equals the same module read from bitcode.
#[derive(Debug, Clone, Default)]
pub struct InstPositions(pub Vec<SourcePosition>);

impl PartialEq for InstPositions {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl InstPositions {
    pub fn get(&self, id: InstId) -> Option<SourcePosition> {
        self.0.get(id.0 as usize).copied()
    }
}

/// What a debug record says about a source variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DebugRecordKind {
    /// `#dbg_value`: the variable's value.
    Value,
    /// `#dbg_declare`: the variable's address.
    Declare,
    /// `#dbg_assign`: a value stored to the variable (its address and address expression
    /// are not kept).
    Assign,
}

/// One debug record of a function body (`#dbg_declare(ptr %x, !12, !DIExpression(), !15)`).
#[derive(Debug, Clone, PartialEq)]
pub struct DebugRecord {
    pub kind: DebugRecordKind,
    /// The instruction the record stands before.
    pub before: InstId,
    /// The value or address: a `Metadata::Value`, or another node (`!{}`, a `DIArgList`).
    pub value: MetadataId,
    /// The DILocalVariable.
    pub variable: MetadataId,
    /// The DIExpression.
    pub expression: MetadataId,
    /// The record's DILocation.
    pub location: MetadataId,
}

impl Function {
    /// A declaration (no body) with LLVM's defaults: C calling convention, external linkage,
    /// default visibility, no attributes, address space 0.
    pub fn declaration(name: String, fn_ty: TypeId, ty: TypeId, args: Vec<Argument>) -> Function {
        Function {
            name,
            fn_ty,
            ty,
            cc: CallingConv::C,
            linkage: Linkage::External,
            visibility: Visibility::default(),
            unnamed_addr: UnnamedAddr::default(),
            attrs: Arc::default(),
            align: None,
            section: None,
            gc: None,
            addrspace: 0,
            dso_local: false,
            args,
            blocks: Vec::new(),
            insts: Vec::new(),
            attachments: Vec::new(),
            dropped_debug_locations: 0,
            positions: InstPositions::default(),
            debug_records: Vec::new(),
        }
    }

    pub fn is_declaration(&self) -> bool {
        self.blocks.is_empty()
    }
    pub fn inst(&self, id: InstId) -> Option<&Instruction> {
        self.insts.get(id.0 as usize)
    }
    pub fn block(&self, id: BlockId) -> Option<&BasicBlock> {
        self.blocks.get(id.0 as usize)
    }
    pub fn attachment(&self, kind: &str) -> Option<MetadataId> {
        self.attachments
            .iter()
            .find(|(k, _)| k == kind)
            .map(|(_, m)| *m)
    }
}

#[derive(Debug, Clone, Default)]
pub struct Module {
    pub source_filename: Option<String>,
    pub triple: Option<String>,
    pub datalayout: Option<String>,
    pub module_asm: Vec<String>,
    pub types: TypeTable,
    pub constants: Vec<Constant>,
    pub globals: Vec<GlobalVar>,
    pub functions: Vec<Function>,
    pub aliases: Vec<Alias>,
    pub metadata: Vec<Metadata>,
    pub named_metadata: Vec<NamedMetadata>,
    /// Bitcode version of the input (0 absolute ids, 1 relative, 2 strtab); `None` for text.
    pub bitcode_version: Option<u64>,
}

impl Module {
    pub fn constant(&self, id: ConstId) -> Option<&Constant> {
        self.constants.get(id.0 as usize)
    }
    /// The lanes of a `shufflevector` mask of type `mask_ty` (`None`: an undefined lane), for
    /// both readers. A null or undef mask is listed lane by lane, bounded like `splat`; `Err`
    /// says what is wrong with the mask.
    pub fn shuffle_mask_lanes(
        &self,
        mask: ValueRef,
        mask_ty: TypeId,
    ) -> Result<Vec<Option<u32>>, String> {
        let len = match self.types.get(mask_ty) {
            Type::Vector { len, .. } => *len,
            _ => return Err("shufflevector mask is not a vector".into()),
        };
        let listed = |lane: Option<u32>| {
            if len > super::types::MAX_LISTED_VECTOR_ELEMENTS {
                return Err(format!(
                    "shufflevector mask of {len} elements written as one value (at most {} are \
                     read)",
                    super::types::MAX_LISTED_VECTOR_ELEMENTS
                ));
            }
            Ok(vec![lane; len as usize])
        };
        let ValueRef::Constant(c) = mask else {
            return Err("shufflevector mask is not a constant".into());
        };
        let constant = self
            .constant(c)
            .ok_or("shufflevector mask is a forward reference")?;
        let lane_of = |element: &ValueRef| match element {
            ValueRef::Constant(ec) => match self.constant(*ec).map(|c| &c.kind) {
                Some(ConstKind::Int(x)) => Some(*x as u32),
                Some(ConstKind::Null) => Some(0),
                _ => None,
            },
            _ => None,
        };
        match &constant.kind {
            ConstKind::Null => listed(Some(0)),
            ConstKind::Undef | ConstKind::Poison => listed(None),
            ConstKind::Data(d) => Ok(d.iter().map(|&x| Some(x as u32)).collect()),
            ConstKind::Aggregate(elems) => Ok(elems.iter().map(lane_of).collect()),
            _ => Err("unsupported shufflevector mask constant".into()),
        }
    }
    pub fn global(&self, id: GlobalId) -> Option<&GlobalVar> {
        self.globals.get(id.0 as usize)
    }
    pub fn function(&self, id: FuncId) -> Option<&Function> {
        self.functions.get(id.0 as usize)
    }
    pub fn metadata(&self, id: MetadataId) -> Option<&Metadata> {
        self.metadata.get(id.0 as usize)
    }
    pub fn function_by_name(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .position(|f| f.name == name)
            .map(|p| FuncId(p as u32))
    }
    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        self.globals
            .iter()
            .position(|g| g.name == name)
            .map(|p| GlobalId(p as u32))
    }
    pub fn named_metadata(&self, name: &str) -> Option<&NamedMetadata> {
        self.named_metadata.iter().find(|n| n.name == name)
    }

    /// Operands of a metadata node (empty for anything else).
    pub fn node_operands(&self, id: MetadataId) -> &[MdOperand] {
        match self.metadata(id) {
            Some(Metadata::Node { operands, .. }) => operands,
            _ => &[],
        }
    }

    /// The string of an MDString, if `op` refers to one.
    pub fn md_string(&self, op: &MdOperand) -> Option<&[u8]> {
        match op {
            MdOperand::Metadata(id) => match self.metadata(*id) {
                Some(Metadata::String(s)) => Some(s),
                _ => None,
            },
            _ => None,
        }
    }

    /// The value behind a metadata operand (`i32 1`, `@f`), looking through
    /// `Metadata::Value` entries.
    pub fn md_value(&self, op: &MdOperand) -> Option<(TypeId, ValueRef)> {
        match op {
            MdOperand::Value { ty, value } => Some((*ty, *value)),
            MdOperand::Metadata(id) => match self.metadata(*id) {
                Some(Metadata::Value { ty, value }) => Some((*ty, *value)),
                _ => None,
            },
            MdOperand::Null => None,
        }
    }

    /// Kernels of a SPIR 1.2 module: each `!opencl.kernels` node's first operand
    /// resolved to a function, with the node itself.
    pub fn opencl_kernels(&self) -> Vec<(FuncId, MetadataId)> {
        let Some(named) = self.named_metadata("opencl.kernels") else {
            return Vec::new();
        };
        named
            .nodes
            .iter()
            .filter_map(|node| {
                let first = self.node_operands(*node).first()?;
                match self.md_value(first)? {
                    (_, ValueRef::Function(f)) => Some((f, *node)),
                    _ => None,
                }
            })
            .collect()
    }

    /// Type of any module-level value.
    pub fn value_type(&self, value: ValueRef) -> Option<TypeId> {
        match value {
            ValueRef::Constant(c) => self.constant(c).map(|c| c.ty),
            ValueRef::Global(g) => self.global(g).map(|g| g.ty),
            ValueRef::Function(f) => self.function(f).map(|f| f.ty),
            ValueRef::Alias(a) => self.aliases.get(a.0 as usize).map(|a| a.ty),
            _ => None,
        }
    }

    /// Type of a value used inside `func`.
    pub fn value_type_in(&self, func: &Function, value: ValueRef) -> Option<TypeId> {
        match value {
            ValueRef::Argument(n) => func.args.get(n as usize).map(|a| a.ty),
            ValueRef::Instruction(i) => func.inst(i).map(|i| i.ty),
            _ => self.value_type(value),
        }
    }
}

impl Module {
    /// The integer value of a constant operand (`null` counts as 0).
    pub fn constant_int(&self, v: ValueRef) -> Option<u64> {
        match v {
            ValueRef::Constant(c) => match self.constant(c)?.kind {
                ConstKind::Int(x) => Some(x),
                ConstKind::Null => Some(0),
                _ => None,
            },
            _ => None,
        }
    }

    /// The result type of a getelementptr: a pointer (`opaque`, or typed to the indexed
    /// element) in the base's address space, a vector of them when the base or an index is
    /// a vector. `indices` are the index values with their types.
    pub fn gep_result_type(
        &mut self,
        source_ty: TypeId,
        base_ty: TypeId,
        indices: &[(ValueRef, TypeId)],
        opaque: bool,
    ) -> Result<TypeId, &'static str> {
        let mut current = source_ty;
        for (v, _) in indices.iter().skip(1) {
            let index = self.constant_int(*v).unwrap_or(0);
            current = self
                .types
                .element(current, index)
                .ok_or("getelementptr index into a non-aggregate")?;
        }
        let mut vector_len = None;
        for t in std::iter::once(base_ty).chain(indices.iter().map(|(_, t)| *t)) {
            if let Type::Vector { len, .. } = self.types.get(t) {
                vector_len = Some(*len);
            }
        }
        let addrspace = match self.types.get(self.types.scalar(base_ty)) {
            Type::Pointer { addrspace, .. } => *addrspace,
            _ => return Err("getelementptr base is not a pointer"),
        };
        let ptr = self
            .types
            .pointer_to((!opaque).then_some(current), addrspace);
        Ok(match vector_len {
            Some(len) => self.types.intern(Type::Vector {
                len,
                elem: ptr,
                scalable: false,
            }),
            None => ptr,
        })
    }
}
