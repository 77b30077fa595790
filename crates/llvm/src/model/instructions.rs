//! Instructions, basic blocks and function bodies.

use super::metadata::MetadataId;
use super::types::TypeId;
use super::values::{AttributeList, CallingConv, ValueRef};
use std::sync::Arc;

/// Index into `Function::insts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub u32);
/// Index into `Function::blocks`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    FAdd,
    Sub,
    FSub,
    Mul,
    FMul,
    UDiv,
    SDiv,
    FDiv,
    URem,
    SRem,
    FRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

impl BinaryOp {
    pub fn keyword(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "add",
            FAdd => "fadd",
            Sub => "sub",
            FSub => "fsub",
            Mul => "mul",
            FMul => "fmul",
            UDiv => "udiv",
            SDiv => "sdiv",
            FDiv => "fdiv",
            URem => "urem",
            SRem => "srem",
            FRem => "frem",
            Shl => "shl",
            LShr => "lshr",
            AShr => "ashr",
            And => "and",
            Or => "or",
            Xor => "xor",
        }
    }
    pub const ALL: [BinaryOp; 18] = [
        BinaryOp::Add,
        BinaryOp::FAdd,
        BinaryOp::Sub,
        BinaryOp::FSub,
        BinaryOp::Mul,
        BinaryOp::FMul,
        BinaryOp::UDiv,
        BinaryOp::SDiv,
        BinaryOp::FDiv,
        BinaryOp::URem,
        BinaryOp::SRem,
        BinaryOp::FRem,
        BinaryOp::Shl,
        BinaryOp::LShr,
        BinaryOp::AShr,
        BinaryOp::And,
        BinaryOp::Or,
        BinaryOp::Xor,
    ];
    pub fn is_fp(self) -> bool {
        matches!(
            self,
            BinaryOp::FAdd | BinaryOp::FSub | BinaryOp::FMul | BinaryOp::FDiv | BinaryOp::FRem
        )
    }
    /// The operator spelled `word` in `.ll` text.
    pub fn from_keyword(word: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|o| o.keyword() == word)
    }
    /// The operator with bitcode opcode `code` (the same codes serve integer and
    /// floating-point operands; `fp` picks).
    pub fn from_code(code: u64, fp: bool) -> Option<Self> {
        use BinaryOp::*;
        Some(match (code, fp) {
            (0, false) => Add,
            (0, true) => FAdd,
            (1, false) => Sub,
            (1, true) => FSub,
            (2, false) => Mul,
            (2, true) => FMul,
            (3, false) => UDiv,
            (4, false) => SDiv,
            (4, true) => FDiv,
            (5, false) => URem,
            (6, false) => SRem,
            (6, true) => FRem,
            (7, false) => Shl,
            (8, false) => LShr,
            (9, false) => AShr,
            (10, false) => And,
            (11, false) => Or,
            (12, false) => Xor,
            _ => return None,
        })
    }
}

/// Flag bits on binary operators (`flags` fields).
pub mod flags {
    /// add/sub/mul/shl
    pub const NUW: u8 = 1;
    pub const NSW: u8 = 2;
    /// udiv/sdiv/lshr/ashr
    pub const EXACT: u8 = 1;
}

/// Fast-math flags, LLVM's bitcode bit layout.
pub mod fmf {
    pub const FAST_OLD: u32 = 1; // "unsafe algebra": all flags
    pub const NNAN: u32 = 1 << 1;
    pub const NINF: u32 = 1 << 2;
    pub const NSZ: u32 = 1 << 3;
    pub const ARCP: u32 = 1 << 4;
    pub const CONTRACT: u32 = 1 << 5;
    pub const AFN: u32 = 1 << 6;
    pub const REASSOC: u32 = 1 << 7;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FpToUi,
    FpToSi,
    UiToFp,
    SiToFp,
    FpTrunc,
    FpExt,
    PtrToInt,
    IntToPtr,
    BitCast,
    AddrSpaceCast,
}

impl CastOp {
    pub const ALL: [CastOp; 13] = [
        CastOp::Trunc,
        CastOp::ZExt,
        CastOp::SExt,
        CastOp::FpToUi,
        CastOp::FpToSi,
        CastOp::UiToFp,
        CastOp::SiToFp,
        CastOp::FpTrunc,
        CastOp::FpExt,
        CastOp::PtrToInt,
        CastOp::IntToPtr,
        CastOp::BitCast,
        CastOp::AddrSpaceCast,
    ];
    pub fn keyword(self) -> &'static str {
        use CastOp::*;
        match self {
            Trunc => "trunc",
            ZExt => "zext",
            SExt => "sext",
            FpToUi => "fptoui",
            FpToSi => "fptosi",
            UiToFp => "uitofp",
            SiToFp => "sitofp",
            FpTrunc => "fptrunc",
            FpExt => "fpext",
            PtrToInt => "ptrtoint",
            IntToPtr => "inttoptr",
            BitCast => "bitcast",
            AddrSpaceCast => "addrspacecast",
        }
    }
    /// The cast spelled `word` in `.ll` text. LLVM 22's `ptrtoaddr` (the address bits of a
    /// pointer) is read as `ptrtoint`: the two agree wherever the address is the whole
    /// pointer, as in every SPIR/SPIR-V address space.
    pub fn from_keyword(word: &str) -> Option<Self> {
        if word == "ptrtoaddr" {
            return Some(CastOp::PtrToInt);
        }
        Self::ALL.iter().copied().find(|o| o.keyword() == word)
    }
    /// The cast with bitcode opcode `code` (LLVM numbers them in `ALL`'s order; 13 is LLVM
    /// 22's `CAST_PTRTOADDR`, read as `ptrtoint` as above).
    pub fn from_code(code: u64) -> Option<Self> {
        if code == 13 {
            return Some(CastOp::PtrToInt);
        }
        Self::ALL.get(usize::try_from(code).ok()?).copied()
    }
}

/// Comparison predicate with LLVM's numbering (fcmp 0..=15, icmp 32..=41).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CmpPredicate(pub u8);

impl CmpPredicate {
    const FCMP: [&'static str; 16] = [
        "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge",
        "ult", "ule", "une", "true",
    ];
    const ICMP: [&'static str; 10] = [
        "eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle",
    ];
    pub fn is_fp(self) -> bool {
        self.0 < 16
    }
    pub fn is_valid(self) -> bool {
        self.0 < 16 || (32..42).contains(&self.0)
    }
    pub fn keyword(self) -> &'static str {
        if self.0 < 16 {
            Self::FCMP.get(self.0 as usize).copied().unwrap_or("?")
        } else {
            Self::ICMP
                .get(self.0.wrapping_sub(32) as usize)
                .copied()
                .unwrap_or("?")
        }
    }
    pub fn from_keyword(fp: bool, word: &str) -> Option<Self> {
        if fp {
            Self::FCMP
                .iter()
                .position(|w| *w == word)
                .map(|p| CmpPredicate(p as u8))
        } else {
            Self::ICMP
                .iter()
                .position(|w| *w == word)
                .map(|p| CmpPredicate(p as u8 + 32))
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AtomicOrdering {
    #[default]
    NotAtomic,
    Unordered,
    Monotonic,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl AtomicOrdering {
    pub fn from_code(code: u64) -> Option<Self> {
        Some(match code {
            0 => Self::NotAtomic,
            1 => Self::Unordered,
            2 => Self::Monotonic,
            3 => Self::Acquire,
            4 => Self::Release,
            5 => Self::AcqRel,
            6 => Self::SeqCst,
            _ => return None,
        })
    }
    /// The ordering spelled `word` in `.ll` text (not `NotAtomic`, which has no keyword).
    pub fn from_keyword(word: &str) -> Option<Self> {
        (1..=6)
            .filter_map(Self::from_code)
            .find(|o| o.keyword() == word)
    }
    pub fn keyword(self) -> &'static str {
        match self {
            Self::NotAtomic => "",
            Self::Unordered => "unordered",
            Self::Monotonic => "monotonic",
            Self::Acquire => "acquire",
            Self::Release => "release",
            Self::AcqRel => "acq_rel",
            Self::SeqCst => "seq_cst",
        }
    }
}

/// Synchronization scope: system (cross-thread) or single thread, or a named one.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub enum SyncScope {
    #[default]
    System,
    SingleThread,
    Named(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    FMax,
    FMin,
    UIncWrap,
    UDecWrap,
    USubCond,
    USubSat,
    FMaximum,
    FMinimum,
}

impl RmwOp {
    pub const ALL: [RmwOp; 21] = [
        RmwOp::Xchg,
        RmwOp::Add,
        RmwOp::Sub,
        RmwOp::And,
        RmwOp::Nand,
        RmwOp::Or,
        RmwOp::Xor,
        RmwOp::Max,
        RmwOp::Min,
        RmwOp::UMax,
        RmwOp::UMin,
        RmwOp::FAdd,
        RmwOp::FSub,
        RmwOp::FMax,
        RmwOp::FMin,
        RmwOp::UIncWrap,
        RmwOp::UDecWrap,
        RmwOp::USubCond,
        RmwOp::USubSat,
        RmwOp::FMaximum,
        RmwOp::FMinimum,
    ];
    pub fn keyword(self) -> &'static str {
        use RmwOp::*;
        match self {
            Xchg => "xchg",
            Add => "add",
            Sub => "sub",
            And => "and",
            Nand => "nand",
            Or => "or",
            Xor => "xor",
            Max => "max",
            Min => "min",
            UMax => "umax",
            UMin => "umin",
            FAdd => "fadd",
            FSub => "fsub",
            FMax => "fmax",
            FMin => "fmin",
            UIncWrap => "uinc_wrap",
            UDecWrap => "udec_wrap",
            USubCond => "usub_cond",
            USubSat => "usub_sat",
            FMaximum => "fmaximum",
            FMinimum => "fminimum",
        }
    }
    /// The operation spelled `word` in `.ll` text.
    pub fn from_keyword(word: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|o| o.keyword() == word)
    }
    /// The operation with bitcode code `code` (LLVM numbers them in `ALL`'s order).
    pub fn from_code(code: u64) -> Option<Self> {
        Self::ALL.get(usize::try_from(code).ok()?).copied()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TailKind {
    #[default]
    None,
    Tail,
    MustTail,
    NoTail,
}

#[derive(Debug, Clone, PartialEq)]
pub enum InstKind {
    Binary {
        op: BinaryOp,
        lhs: ValueRef,
        rhs: ValueRef,
        /// nuw/nsw/exact bits (`flags::*`).
        flags: u8,
        /// fast-math bits (`fmf::*`).
        fast_math: u32,
    },
    FNeg {
        value: ValueRef,
        fast_math: u32,
    },
    Cast {
        op: CastOp,
        value: ValueRef,
    },
    /// icmp or fcmp, by predicate.
    Cmp {
        pred: CmpPredicate,
        lhs: ValueRef,
        rhs: ValueRef,
        fast_math: u32,
    },
    Alloca {
        allocated_ty: TypeId,
        count: ValueRef,
        align: Option<u64>,
        addrspace: u32,
    },
    Load {
        ptr: ValueRef,
        align: Option<u64>,
        volatile: bool,
        ordering: AtomicOrdering,
        scope: SyncScope,
    },
    Store {
        ptr: ValueRef,
        value: ValueRef,
        align: Option<u64>,
        volatile: bool,
        ordering: AtomicOrdering,
        scope: SyncScope,
    },
    Gep {
        source_ty: TypeId,
        inbounds: bool,
        base: ValueRef,
        indices: Vec<ValueRef>,
    },
    Call {
        callee: ValueRef,
        /// The callee's function type.
        fn_ty: TypeId,
        args: Vec<ValueRef>,
        cc: CallingConv,
        tail: TailKind,
        /// Shared (LLVM's attribute lists are uniqued in its context, calls and functions
        /// refer to them): a call usually carries its callee's list, so translators clone the
        /// `Arc` instead of the list; behind a pointer, too, because most calls carry few
        /// attributes and unboxed the list would make every instruction 56 bytes larger.
        attrs: Arc<AttributeList>,
        fast_math: u32,
    },
    Phi {
        incoming: Vec<(ValueRef, BlockId)>,
    },
    Select {
        cond: ValueRef,
        then_value: ValueRef,
        else_value: ValueRef,
        fast_math: u32,
    },
    ExtractValue {
        aggregate: ValueRef,
        indices: Vec<u32>,
    },
    InsertValue {
        aggregate: ValueRef,
        value: ValueRef,
        indices: Vec<u32>,
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
        /// Mask elements; `None` is undef/poison.
        mask: Vec<Option<u32>>,
    },
    AtomicRmw {
        op: RmwOp,
        ptr: ValueRef,
        value: ValueRef,
        volatile: bool,
        ordering: AtomicOrdering,
        scope: SyncScope,
        align: Option<u64>,
    },
    CmpXchg {
        ptr: ValueRef,
        expected: ValueRef,
        new_value: ValueRef,
        volatile: bool,
        weak: bool,
        success: AtomicOrdering,
        failure: AtomicOrdering,
        scope: SyncScope,
        align: Option<u64>,
    },
    Fence {
        ordering: AtomicOrdering,
        scope: SyncScope,
    },
    Freeze {
        value: ValueRef,
    },
    VaArg {
        list: ValueRef,
    },
    Ret {
        value: Option<ValueRef>,
    },
    Br {
        target: BlockId,
    },
    CondBr {
        cond: ValueRef,
        then_block: BlockId,
        else_block: BlockId,
    },
    Switch {
        value: ValueRef,
        default: BlockId,
        /// (case constant, target)
        cases: Vec<(ValueRef, BlockId)>,
    },
    IndirectBr {
        address: ValueRef,
        targets: Vec<BlockId>,
    },
    Unreachable,
}

impl InstKind {
    /// Calls `f` on every value operand (not block targets).
    pub fn for_each_operand_mut(&mut self, mut f: impl FnMut(&mut ValueRef)) {
        use InstKind::*;
        match self {
            Binary { lhs, rhs, .. } | Cmp { lhs, rhs, .. } => {
                f(lhs);
                f(rhs);
            }
            FNeg { value, .. } | Cast { value, .. } | Freeze { value } => f(value),
            Alloca { count, .. } => f(count),
            Load { ptr, .. } => f(ptr),
            Store { ptr, value, .. } | AtomicRmw { ptr, value, .. } => {
                f(ptr);
                f(value);
            }
            Gep { base, indices, .. } => {
                f(base);
                indices.iter_mut().for_each(f);
            }
            Call { callee, args, .. } => {
                f(callee);
                args.iter_mut().for_each(f);
            }
            Phi { incoming } => incoming.iter_mut().for_each(|(v, _)| f(v)),
            Select {
                cond,
                then_value,
                else_value,
                ..
            } => {
                f(cond);
                f(then_value);
                f(else_value);
            }
            ExtractValue { aggregate, .. } => f(aggregate),
            InsertValue {
                aggregate, value, ..
            } => {
                f(aggregate);
                f(value);
            }
            ExtractElement { vector, index } => {
                f(vector);
                f(index);
            }
            InsertElement {
                vector,
                element,
                index,
            } => {
                f(vector);
                f(element);
                f(index);
            }
            ShuffleVector { v1, v2, .. } => {
                f(v1);
                f(v2);
            }
            CmpXchg {
                ptr,
                expected,
                new_value,
                ..
            } => {
                f(ptr);
                f(expected);
                f(new_value);
            }
            VaArg { list } => f(list),
            Ret { value } => {
                if let Some(v) = value {
                    f(v)
                }
            }
            CondBr { cond, .. } => f(cond),
            Switch { value, cases, .. } => {
                f(value);
                cases.iter_mut().for_each(|(v, _)| f(v));
            }
            IndirectBr { address, .. } => f(address),
            Fence { .. } | Br { .. } | Unreachable => {}
        }
    }

    /// Calls `f` on every value operand (not block targets), in order, without copying the
    /// instruction.
    pub fn for_each_operand(&self, mut f: impl FnMut(ValueRef)) {
        use InstKind::*;
        match self {
            Binary { lhs, rhs, .. } | Cmp { lhs, rhs, .. } => {
                f(*lhs);
                f(*rhs);
            }
            FNeg { value, .. } | Cast { value, .. } | Freeze { value } => f(*value),
            Alloca { count, .. } => f(*count),
            Load { ptr, .. } => f(*ptr),
            Store { ptr, value, .. } | AtomicRmw { ptr, value, .. } => {
                f(*ptr);
                f(*value);
            }
            Gep { base, indices, .. } => {
                f(*base);
                indices.iter().for_each(|v| f(*v));
            }
            Call { callee, args, .. } => {
                f(*callee);
                args.iter().for_each(|v| f(*v));
            }
            Phi { incoming } => incoming.iter().for_each(|(v, _)| f(*v)),
            Select {
                cond,
                then_value,
                else_value,
                ..
            } => {
                f(*cond);
                f(*then_value);
                f(*else_value);
            }
            ExtractValue { aggregate, .. } => f(*aggregate),
            InsertValue {
                aggregate, value, ..
            } => {
                f(*aggregate);
                f(*value);
            }
            ExtractElement { vector, index } => {
                f(*vector);
                f(*index);
            }
            InsertElement {
                vector,
                element,
                index,
            } => {
                f(*vector);
                f(*element);
                f(*index);
            }
            ShuffleVector { v1, v2, .. } => {
                f(*v1);
                f(*v2);
            }
            CmpXchg {
                ptr,
                expected,
                new_value,
                ..
            } => {
                f(*ptr);
                f(*expected);
                f(*new_value);
            }
            VaArg { list } => f(*list),
            Ret { value } => {
                if let Some(v) = value {
                    f(*v)
                }
            }
            CondBr { cond, .. } => f(*cond),
            Switch { value, cases, .. } => {
                f(*value);
                cases.iter().for_each(|(v, _)| f(*v));
            }
            IndirectBr { address, .. } => f(*address),
            Fence { .. } | Br { .. } | Unreachable => {}
        }
    }

    /// Operand values, in order.
    pub fn operands(&self) -> Vec<ValueRef> {
        let mut out = Vec::new();
        self.for_each_operand(|v| out.push(v));
        out
    }

    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Ret { .. }
                | InstKind::Br { .. }
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::IndirectBr { .. }
                | InstKind::Unreachable
        )
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Instruction {
    /// Result type (`void` when the instruction has no result).
    pub ty: TypeId,
    pub name: Option<String>,
    pub kind: InstKind,
    /// Attached metadata by kind name (`tbaa`, `fpmath`, ...).
    pub metadata: Vec<(String, MetadataId)>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct BasicBlock {
    pub name: Option<String>,
    pub insts: Vec<InstId>,
}
