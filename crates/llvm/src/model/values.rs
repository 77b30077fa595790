//! Values: constants, globals, functions, arguments, and how operands refer to them.

use super::instructions::{BlockId, InstId};
use super::metadata::MetadataId;
use super::types::TypeId;

/// Index into `Module::constants`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstId(pub u32);
/// Index into `Module::globals`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub u32);
/// Index into `Module::functions`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);
/// Index into `Module::aliases`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AliasId(pub u32);

/// An operand: what a use of a value resolves to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValueRef {
    Constant(ConstId),
    Global(GlobalId),
    Function(FuncId),
    Alias(AliasId),
    /// Argument number of the enclosing function.
    Argument(u32),
    /// Instruction of the enclosing function.
    Instruction(InstId),
    /// A basic block used as a value (blockaddress, labels).
    Block(BlockId),
    /// Metadata used as an argument of a call (`metadata !0`).
    Metadata(MetadataId),
    /// Only while reading: a forward reference by value number. Never present
    /// in a `Module` returned by this crate.
    #[doc(hidden)]
    Unresolved(u32),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Constant {
    pub ty: TypeId,
    pub kind: ConstKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ConstKind {
    /// Integer of width <= 64 as its low bits, sign-agnostic.
    Int(u64),
    /// Integer wider than 64 bits, little-endian words.
    WideInt(Vec<u64>),
    /// Floating point value as raw bits (low 64 bits; x86_fp80/fp128 use `WideFloat`).
    Float(u64),
    WideFloat(Vec<u64>),
    /// `null` for pointers, `zeroinitializer` for aggregates, 0 otherwise.
    Null,
    Undef,
    Poison,
    /// Struct/array/vector from element constants.
    Aggregate(Vec<ValueRef>),
    /// Array of i8 (`c"..."`).
    String(Vec<u8>),
    /// Array or vector of simple elements (ints or float bits).
    Data(Vec<u64>),
    Expr(ConstExpr),
    BlockAddress {
        function: ValueRef,
        block: u32,
    },
    InlineAsm(InlineAsm),
}

impl ConstKind {
    /// Calls `f` on every value this constant refers to (elements, expression operands, the
    /// function of a block address).
    pub fn for_each_value_mut(&mut self, mut f: impl FnMut(&mut ValueRef)) {
        use ConstExpr as E;
        match self {
            ConstKind::Aggregate(elems) => elems.iter_mut().for_each(f),
            ConstKind::BlockAddress { function, .. } => f(function),
            ConstKind::Expr(e) => match e {
                E::Binary { lhs, rhs, .. } | E::Cmp { lhs, rhs, .. } => {
                    f(lhs);
                    f(rhs);
                }
                E::Cast { value, .. } | E::FNeg { value } => f(value),
                E::Gep { base, indices, .. } => {
                    f(base);
                    indices.iter_mut().for_each(f);
                }
                E::Select {
                    cond,
                    then_value,
                    else_value,
                } => {
                    f(cond);
                    f(then_value);
                    f(else_value);
                }
                E::ExtractElement { vector, index } => {
                    f(vector);
                    f(index);
                }
                E::InsertElement {
                    vector,
                    element,
                    index,
                } => {
                    f(vector);
                    f(element);
                    f(index);
                }
                E::ShuffleVector { v1, v2, mask } => {
                    f(v1);
                    f(v2);
                    f(mask);
                }
            },
            ConstKind::Int(_)
            | ConstKind::WideInt(_)
            | ConstKind::Float(_)
            | ConstKind::WideFloat(_)
            | ConstKind::Null
            | ConstKind::Undef
            | ConstKind::Poison
            | ConstKind::String(_)
            | ConstKind::Data(_)
            | ConstKind::InlineAsm(_) => {}
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct InlineAsm {
    pub asm: String,
    pub constraints: String,
    pub side_effects: bool,
    pub align_stack: bool,
    pub function_type: Option<TypeId>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ConstExpr {
    Binary {
        op: super::instructions::BinaryOp,
        lhs: ValueRef,
        rhs: ValueRef,
        flags: u8,
    },
    Cast {
        op: super::instructions::CastOp,
        value: ValueRef,
    },
    Gep {
        source_ty: TypeId,
        inbounds: bool,
        base: ValueRef,
        indices: Vec<ValueRef>,
    },
    Select {
        cond: ValueRef,
        then_value: ValueRef,
        else_value: ValueRef,
    },
    Cmp {
        pred: super::instructions::CmpPredicate,
        lhs: ValueRef,
        rhs: ValueRef,
    },
    ExtractElement {
        vector: ValueRef,
        index: ValueRef,
    },
    InsertElement {
        vector: ValueRef,
        element: ValueRef,
        index: ValueRef,
    },
    ShuffleVector {
        v1: ValueRef,
        v2: ValueRef,
        mask: ValueRef,
    },
    FNeg {
        value: ValueRef,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Linkage {
    #[default]
    External,
    Private,
    Internal,
    AvailableExternally,
    LinkOnce,
    LinkOnceOdr,
    Weak,
    WeakOdr,
    Common,
    Appending,
    ExternWeak,
}

impl Linkage {
    /// The linkage `keyword` spells (not `external`, which `keyword` leaves empty).
    pub fn from_keyword(keyword: &str) -> Option<Linkage> {
        use Linkage::*;
        [
            Private,
            Internal,
            AvailableExternally,
            LinkOnce,
            LinkOnceOdr,
            Weak,
            WeakOdr,
            Common,
            Appending,
            ExternWeak,
        ]
        .into_iter()
        .find(|l| l.keyword() == keyword)
    }

    pub fn keyword(self) -> &'static str {
        match self {
            Linkage::External => "",
            Linkage::Private => "private",
            Linkage::Internal => "internal",
            Linkage::AvailableExternally => "available_externally",
            Linkage::LinkOnce => "linkonce",
            Linkage::LinkOnceOdr => "linkonce_odr",
            Linkage::Weak => "weak",
            Linkage::WeakOdr => "weak_odr",
            Linkage::Common => "common",
            Linkage::Appending => "appending",
            Linkage::ExternWeak => "extern_weak",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Visibility {
    #[default]
    Default,
    Hidden,
    Protected,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum UnnamedAddr {
    #[default]
    None,
    Global,
    Local,
}

/// One attribute, by its `.ll` spelling.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// `nounwind`, `readnone`, ...
    Flag(String),
    /// `align 4`, `dereferenceable(8)`, `alignstack(16)`, ...
    Int(String, u64),
    /// `byval(%T)`, `sret(%T)`, `elementtype(i32)`.
    Type(String, Option<TypeId>),
    /// `"key"` or `"key"="value"`.
    Str(String, Option<String>),
    /// Anything else kept verbatim (e.g. `memory(none)` from text).
    Raw(String),
}

impl Attribute {
    /// `nocapture` (LLVM ≤ 20) or its LLVM 21+ form `captures(none)` (bitcode: `captures`
    /// with the capture components 0).
    pub fn is_no_capture(&self) -> bool {
        match self {
            Attribute::Flag(n) => n == "nocapture",
            Attribute::Int(n, v) => n == "captures" && *v == 0,
            Attribute::Raw(r) => r == "captures(none)",
            _ => false,
        }
    }
}

/// Attributes of a function or call: function, return and per-parameter.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct AttributeList {
    pub function: Vec<Attribute>,
    pub ret: Vec<Attribute>,
    pub params: Vec<Vec<Attribute>>,
}

impl AttributeList {
    pub fn is_empty(&self) -> bool {
        self.function.is_empty() && self.ret.is_empty() && self.params.iter().all(Vec::is_empty)
    }
    pub fn param(&self, index: usize) -> &[Attribute] {
        self.params.get(index).map(Vec::as_slice).unwrap_or(&[])
    }
    /// The `align N` attribute (N > 0) of parameter `index`.
    pub fn param_align(&self, index: usize) -> Option<u32> {
        self.param(index).iter().find_map(|a| match a {
            Attribute::Int(n, v) if n == "align" && *v > 0 => u32::try_from(*v).ok(),
            _ => None,
        })
    }
    pub fn has_function_flag(&self, name: &str) -> bool {
        self.function
            .iter()
            .any(|a| matches!(a, Attribute::Flag(n) if n == name))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct GlobalVar {
    pub name: String,
    /// Type of the stored value (not the pointer).
    pub value_ty: TypeId,
    /// Type of the global itself (a pointer in `addrspace`).
    pub ty: TypeId,
    pub addrspace: u32,
    pub is_constant: bool,
    pub initializer: Option<ValueRef>,
    pub linkage: Linkage,
    pub visibility: Visibility,
    pub unnamed_addr: UnnamedAddr,
    pub thread_local: u8,
    pub align: Option<u64>,
    pub section: Option<String>,
    pub externally_initialized: bool,
    pub dso_local: bool,
    pub attachments: Vec<(String, MetadataId)>,
    /// The attribute groups a global names (`@g = global i32 0 #0`), merged; from bitcode,
    /// the function-index set of the GLOBALVAR record's attribute list.
    pub attrs: Vec<Attribute>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Alias {
    pub name: String,
    pub ty: TypeId,
    pub value_ty: TypeId,
    pub aliasee: ValueRef,
    pub linkage: Linkage,
    pub visibility: Visibility,
}

/// Calling convention number as in LLVM (`spir_kernel` = 76, `spir_func` = 75).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CallingConv(pub u32);

impl CallingConv {
    pub const C: CallingConv = CallingConv(0);
    pub const FAST: CallingConv = CallingConv(8);
    pub const COLD: CallingConv = CallingConv(9);
    pub const SPIR_FUNC: CallingConv = CallingConv(75);
    pub const SPIR_KERNEL: CallingConv = CallingConv(76);

    /// `.ll` spelling, empty for the default C convention.
    pub fn keyword(self) -> String {
        match self.0 {
            0 => String::new(),
            8 => "fastcc".into(),
            9 => "coldcc".into(),
            75 => "spir_func".into(),
            76 => "spir_kernel".into(),
            n => format!("cc {n}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Argument {
    pub name: Option<String>,
    pub ty: TypeId,
}
