//! `--fold-spec-const-op-composite`: OpSpecConstantOp whose operands are all constants (not
//! specializable) becomes the constant it computes, and OpSpecConstantComposite whose
//! constituents are all constants becomes OpConstantComposite (spec 2.12 / OpSpecConstantOp).
//!
//! Folded: every integer and boolean opcode OpSpecConstantOp allows (SConvert, UConvert,
//! SNegate, Not, IAdd, ISub, IMul, UDiv, SDiv, UMod, SRem, SMod, the shifts, the bitwise and
//! logical operations, Select, the integer comparisons), the composite ones (VectorShuffle,
//! CompositeExtract, CompositeInsert) on scalars, vectors and composites, and the
//! floating-point ones that are exact in every rounding mode: FNegate and widening FConvert.
//! Left unchanged (the spec leaves them undefined, or they are not constants): division by
//! zero, INT_MIN / -1, shifts by the width or more, undefined shuffle components, other
//! floating-point arithmetic and pointer operations. Result ids are kept; vector results
//! reuse existing scalar constants or get new ones placed right before the folded constant.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Op;
use spirvkit_core::{Id, Instruction, Module, Operand};

pub struct FoldSpecConstOpComposite;

/// A constant's value: scalar bits (booleans 0/1) or constituents.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Val {
    Scalar(u64),
    Composite(Vec<Val>),
}

/// What the pass needs to know about a type.
#[derive(Clone, Debug)]
pub(crate) enum Ty {
    Bool,
    Int {
        width: u32,
        signed: bool,
    },
    Float {
        width: u32,
    },
    /// Vector, matrix, array (with its length) or struct: the constituent types.
    Composite {
        members: Vec<Id>,
        vector: bool,
    },
    Other,
}

#[derive(Clone)]
pub(crate) struct State {
    types: FxHashMap<Id, Ty>,
    values: FxHashMap<Id, Val>,
    /// One bit per id that ever got a value: most operands the folders ask about are not
    /// constants, and a bit answers them without hashing (`values` decides when it is set).
    valued: Vec<u64>,
    /// Non-spec scalar constants by (type, bits), for reuse as vector components.
    scalars: FxHashMap<(Id, u64), Id>,
    next_id: u32,
    /// When set, every outermost `constant_id` call is logged here: (type, value, result).
    /// A pass working on a copy of the state replays the log on the real state to get the
    /// ids a sequential run would have allocated.
    log: Option<Vec<ConstantRequest>>,
}

/// One logged `constant_id` call: (type, value, the id it returned).
pub(crate) type ConstantRequest = (Id, Val, Option<Id>);

pub(crate) fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

pub(crate) fn sext(v: u64, width: u32) -> i64 {
    if width >= 64 {
        v as i64
    } else {
        let shift = 64 - width;
        ((v << shift) as i64) >> shift
    }
}

fn literal_bits(words: &[u32]) -> u64 {
    let lo = u64::from(words.first().copied().unwrap_or(0));
    let hi = u64::from(words.get(1).copied().unwrap_or(0));
    lo | (hi << 32)
}

impl State {
    pub(crate) fn new(next_id: u32) -> Self {
        State {
            types: FxHashMap::default(),
            values: FxHashMap::default(),
            valued: Vec::new(),
            scalars: FxHashMap::default(),
            next_id,
            log: None,
        }
    }

    /// Starts (or restarts) logging `constant_id` calls; returns what was logged so far.
    pub(crate) fn take_log(&mut self) -> Vec<ConstantRequest> {
        self.log.replace(Vec::new()).unwrap_or_default()
    }

    pub(crate) fn next_id(&self) -> u32 {
        self.next_id
    }

    pub(crate) fn value(&self, id: Id) -> Option<&Val> {
        let (word, bit) = (id.0 as usize / 64, id.0 % 64);
        if self.valued.get(word).is_none_or(|w| w & (1 << bit) == 0) {
            return None;
        }
        self.values.get(&id)
    }

    pub(crate) fn set_value(&mut self, id: Id, val: Val) {
        self.insert_value(id, val);
    }

    /// Records `id`'s value (and its bit).
    fn insert_value(&mut self, id: Id, val: Val) {
        let (word, bit) = (id.0 as usize / 64, id.0 % 64);
        if word >= self.valued.len() {
            self.valued.resize(word + 1, 0);
        }
        self.valued[word] |= 1 << bit;
        self.values.insert(id, val);
    }

    /// Drops a value recorded with `set_value` (it turned out not to be constant).
    pub(crate) fn forget(&mut self, id: Id) {
        self.values.remove(&id);
    }

    /// The width of an integer type (None for other types).
    pub(crate) fn int_width(&self, ty: Id) -> Option<u32> {
        match self.ty(ty) {
            Ty::Int { width, .. } => Some(*width),
            _ => None,
        }
    }

    pub(crate) fn ty(&self, id: Id) -> &Ty {
        self.types.get(&id).unwrap_or(&Ty::Other)
    }

    pub(crate) fn zero(&self, ty: Id, depth: u32) -> Option<Val> {
        if depth > 64 {
            return None;
        }
        match self.ty(ty) {
            Ty::Bool | Ty::Int { .. } | Ty::Float { .. } => Some(Val::Scalar(0)),
            Ty::Composite { members, .. } => members
                .iter()
                .map(|&m| self.zero(m, depth + 1))
                .collect::<Option<Vec<_>>>()
                .map(Val::Composite),
            Ty::Other => None,
        }
    }

    pub(crate) fn record_type(&mut self, inst: &Instruction) {
        let Some(id) = inst.result_id else { return };
        let w = |i: usize| inst.operands.get(i).and_then(Operand::word);
        let idop = |i: usize| inst.operands.get(i).and_then(Operand::id);
        let ty = match inst.opcode {
            Op::TypeBool => Ty::Bool,
            Op::TypeInt => match (w(0), w(1)) {
                (Some(width), Some(s)) if (1..=64).contains(&width) => Ty::Int {
                    width,
                    signed: s != 0,
                },
                _ => Ty::Other,
            },
            // Only plain IEEE floats (no FP encoding operand).
            Op::TypeFloat if inst.operands.len() == 1 => match w(0) {
                Some(width @ (16 | 32 | 64)) => Ty::Float { width },
                _ => Ty::Other,
            },
            Op::TypeVector | Op::TypeMatrix => match (idop(0), w(1)) {
                (Some(c), Some(n)) if n <= 16 => Ty::Composite {
                    members: vec![c; n as usize],
                    vector: inst.opcode == Op::TypeVector,
                },
                _ => Ty::Other,
            },
            Op::TypeArray => {
                let len =
                    idop(1)
                        .and_then(|l| self.values.get(&l).cloned())
                        .and_then(|v| match v {
                            Val::Scalar(n) => Some(n),
                            _ => None,
                        });
                match (idop(0), len) {
                    (Some(e), Some(n)) if n <= 4096 => Ty::Composite {
                        members: vec![e; n as usize],
                        vector: false,
                    },
                    _ => Ty::Other,
                }
            }
            Op::TypeStruct => Ty::Composite {
                members: inst.operands.iter().filter_map(Operand::id).collect(),
                vector: false,
            },
            _ => return,
        };
        self.types.insert(id, ty);
    }

    /// The value of a non-spec constant definition.
    pub(crate) fn record_constant(&mut self, inst: &Instruction) {
        let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else {
            return;
        };
        let val = match inst.opcode {
            Op::ConstantTrue => Some(Val::Scalar(1)),
            Op::ConstantFalse => Some(Val::Scalar(0)),
            Op::Constant => {
                let words: Vec<u32> = inst.operands.iter().filter_map(Operand::word).collect();
                let width = match self.ty(ty) {
                    Ty::Int { width, .. } | Ty::Float { width } => *width,
                    _ => return,
                };
                Some(Val::Scalar(literal_bits(&words) & mask(width)))
            }
            Op::ConstantNull => self.zero(ty, 0),
            Op::ConstantComposite => inst
                .operands
                .iter()
                .map(|o| o.id().and_then(|c| self.values.get(&c).cloned()))
                .collect::<Option<Vec<_>>>()
                .map(Val::Composite),
            _ => None,
        };
        if let Some(v) = val {
            if let Val::Scalar(bits) = v {
                self.scalars.entry((ty, bits)).or_insert(id);
            }
            self.insert_value(id, v);
        }
    }

    fn operand(&self, inst: &Instruction, i: usize) -> Option<Val> {
        inst.operands
            .get(i)
            .and_then(Operand::id)
            .and_then(|id| self.values.get(&id).cloned())
    }

    fn type_of_value(
        &self,
        module_types: &crate::util::ValueTypes,
        inst: &Instruction,
        i: usize,
    ) -> Option<Id> {
        let id = inst.operands.get(i)?.id()?;
        module_types.get(&id).copied()
    }

    /// Evaluates `OpSpecConstantOp` (operands: opcode word, then ids).
    pub(crate) fn evaluate(
        &self,
        value_types: &crate::util::ValueTypes,
        inst: &Instruction,
    ) -> Option<Val> {
        let result_ty = inst.result_type?;
        let op = Op(u16::try_from(inst.operands.first()?.word()?).ok()?);
        let a = || self.operand(inst, 1);
        let b = || self.operand(inst, 2);
        // Element type of the result and of the first operand.
        let elem = |ty: Id| -> Option<Ty> {
            match self.ty(ty) {
                Ty::Composite {
                    members,
                    vector: true,
                } => Some(self.ty(*members.first()?).clone()),
                t @ (Ty::Bool | Ty::Int { .. } | Ty::Float { .. }) => Some(t.clone()),
                _ => None,
            }
        };
        let rt = elem(result_ty)?;
        let at = self.type_of_value(value_types, inst, 1).and_then(elem);
        let int = |t: &Ty| match t {
            Ty::Int { width, signed } => Some((*width, *signed)),
            _ => None,
        };
        let unary = |f: &dyn Fn(u64) -> Option<u64>| map1(&a()?, f);
        let binary = |f: &dyn Fn(u64, u64) -> Option<u64>| map2(&a()?, &b()?, f);
        match op {
            Op::SConvert | Op::UConvert => {
                let (from, _) = int(at.as_ref()?)?;
                let (to, _) = int(&rt)?;
                let signed = op == Op::SConvert;
                unary(&|x| {
                    Some(if signed {
                        (sext(x, from) as u64) & mask(to)
                    } else {
                        x & mask(to)
                    })
                })
            }
            Op::FConvert => match (at.as_ref()?, &rt) {
                (Ty::Float { width: 32 }, Ty::Float { width: 64 }) => {
                    unary(&|x| Some(f64::from(f32::from_bits(x as u32)).to_bits()))
                }
                (Ty::Float { width: w1 }, Ty::Float { width: w2 }) if w1 == w2 => unary(&Some),
                _ => None,
            },
            Op::FNegate => match &rt {
                Ty::Float { width } => {
                    let sign = 1u64 << (width - 1);
                    unary(&|x| Some(x ^ sign))
                }
                _ => None,
            },
            Op::SNegate | Op::Not => {
                let (w, _) = int(&rt)?;
                let not = op == Op::Not;
                unary(&|x| Some(if not { !x } else { x.wrapping_neg() } & mask(w)))
            }
            Op::IAdd | Op::ISub | Op::IMul | Op::BitwiseOr | Op::BitwiseXor | Op::BitwiseAnd => {
                let (w, _) = int(&rt)?;
                binary(&|x, y| {
                    Some(
                        match op {
                            Op::IAdd => x.wrapping_add(y),
                            Op::ISub => x.wrapping_sub(y),
                            Op::IMul => x.wrapping_mul(y),
                            Op::BitwiseOr => x | y,
                            Op::BitwiseXor => x ^ y,
                            _ => x & y,
                        } & mask(w),
                    )
                })
            }
            Op::UDiv | Op::UMod => {
                let (w, _) = int(&rt)?;
                binary(&|x, y| {
                    let (x, y) = (x & mask(w), y & mask(w));
                    if y == 0 {
                        return None;
                    }
                    Some(if op == Op::UDiv { x / y } else { x % y })
                })
            }
            Op::SDiv | Op::SRem | Op::SMod => {
                let (w, _) = int(&rt)?;
                binary(&|x, y| {
                    let (x, y) = (sext(x, w), sext(y, w));
                    if y == 0 || (y == -1 && x == sext(1u64 << (w - 1), w)) {
                        return None;
                    }
                    let r = match op {
                        Op::SDiv => x / y,
                        Op::SRem => x % y,
                        // SMod: the sign of the result follows the divisor.
                        _ => {
                            let r = x % y;
                            if r != 0 && (r < 0) != (y < 0) {
                                r + y
                            } else {
                                r
                            }
                        }
                    };
                    Some(r as u64 & mask(w))
                })
            }
            Op::ShiftLeftLogical | Op::ShiftRightLogical | Op::ShiftRightArithmetic => {
                let (w, _) = int(&rt)?;
                binary(&|x, s| {
                    if s >= u64::from(w) {
                        return None;
                    }
                    Some(
                        match op {
                            Op::ShiftLeftLogical => x << s,
                            Op::ShiftRightLogical => (x & mask(w)) >> s,
                            _ => (sext(x, w) >> s) as u64,
                        } & mask(w),
                    )
                })
            }
            Op::LogicalOr | Op::LogicalAnd | Op::LogicalEqual | Op::LogicalNotEqual => {
                binary(&|x, y| {
                    Some(u64::from(match op {
                        Op::LogicalOr => x != 0 || y != 0,
                        Op::LogicalAnd => x != 0 && y != 0,
                        Op::LogicalEqual => (x != 0) == (y != 0),
                        _ => (x != 0) != (y != 0),
                    }))
                })
            }
            Op::LogicalNot => unary(&|x| Some(u64::from(x == 0))),
            Op::IEqual
            | Op::INotEqual
            | Op::ULessThan
            | Op::SLessThan
            | Op::UGreaterThan
            | Op::SGreaterThan
            | Op::ULessThanEqual
            | Op::SLessThanEqual
            | Op::UGreaterThanEqual
            | Op::SGreaterThanEqual => {
                let (w, _) = int(at.as_ref()?)?;
                binary(&|x, y| {
                    let (ux, uy) = (x & mask(w), y & mask(w));
                    let (sx, sy) = (sext(x, w), sext(y, w));
                    Some(u64::from(match op {
                        Op::IEqual => ux == uy,
                        Op::INotEqual => ux != uy,
                        Op::ULessThan => ux < uy,
                        Op::SLessThan => sx < sy,
                        Op::UGreaterThan => ux > uy,
                        Op::SGreaterThan => sx > sy,
                        Op::ULessThanEqual => ux <= uy,
                        Op::SLessThanEqual => sx <= sy,
                        Op::UGreaterThanEqual => ux >= uy,
                        _ => sx >= sy,
                    }))
                })
            }
            Op::Select => {
                let (c, x, y) = (a()?, b()?, self.operand(inst, 3)?);
                match (&c, &x, &y) {
                    (Val::Scalar(c), _, _) => Some(if *c != 0 { x } else { y }),
                    (Val::Composite(cs), Val::Composite(xs), Val::Composite(ys))
                        if cs.len() == xs.len() && xs.len() == ys.len() =>
                    {
                        Some(Val::Composite(
                            cs.iter()
                                .zip(xs.iter().zip(ys))
                                .map(|(c, (x, y))| {
                                    if *c != Val::Scalar(0) {
                                        x.clone()
                                    } else {
                                        y.clone()
                                    }
                                })
                                .collect(),
                        ))
                    }
                    _ => None,
                }
            }
            Op::VectorShuffle => {
                let (Val::Composite(x), Val::Composite(y)) = (a()?, b()?) else {
                    return None;
                };
                inst.operands
                    .iter()
                    .skip(3)
                    .map(|o| {
                        let i = o.word()? as usize;
                        if i < x.len() {
                            x.get(i).cloned()
                        } else {
                            y.get(i - x.len()).cloned()
                        }
                    })
                    .collect::<Option<Vec<_>>>()
                    .map(Val::Composite)
            }
            Op::CompositeExtract => {
                let mut v = a()?;
                for o in inst.operands.iter().skip(2) {
                    let Val::Composite(items) = v else {
                        return None;
                    };
                    v = items.get(o.word()? as usize)?.clone();
                }
                Some(v)
            }
            Op::CompositeInsert => {
                let object = a()?;
                let mut whole = b()?;
                let path: Vec<usize> = inst
                    .operands
                    .iter()
                    .skip(3)
                    .map(|o| o.word().map(|w| w as usize))
                    .collect::<Option<_>>()?;
                insert_at(&mut whole, &path, object)?;
                Some(whole)
            }
            _ => None,
        }
    }

    /// Instructions defining `val` as a constant of type `ty` in `result`; new component
    /// constants go to `before`.
    fn materialize(
        &mut self,
        ty: Id,
        val: &Val,
        result: Id,
        before: &mut Vec<Instruction>,
    ) -> Option<Instruction> {
        match (self.ty(ty).clone(), val) {
            (Ty::Bool, Val::Scalar(b)) => Some(Instruction::new(
                if *b != 0 {
                    Op::ConstantTrue
                } else {
                    Op::ConstantFalse
                },
                Some(ty),
                Some(result),
                [],
            )),
            (Ty::Int { width, signed }, Val::Scalar(bits)) => {
                // Narrow signed literals are sign-extended to 32 bits, others zero-extended.
                let bits = if signed && width < 32 {
                    sext(*bits, width) as u64 & 0xffff_ffff
                } else {
                    *bits & mask(width)
                };
                Some(scalar_constant(ty, result, bits, width))
            }
            (Ty::Float { width }, Val::Scalar(bits)) => {
                Some(scalar_constant(ty, result, *bits & mask(width), width))
            }
            (Ty::Composite { members, .. }, Val::Composite(items))
                if members.len() == items.len() =>
            {
                let mut ids = Vec::with_capacity(items.len());
                for (&m, item) in members.iter().zip(items) {
                    ids.push(self.constant_id(m, item, before)?);
                }
                Some(Instruction::new(
                    Op::ConstantComposite,
                    Some(ty),
                    Some(result),
                    ids.into_iter().map(Operand::Id),
                ))
            }
            _ => None,
        }
    }

    /// An id holding `val` of type `ty`: an existing scalar constant or a new one.
    pub(crate) fn constant_id(
        &mut self,
        ty: Id,
        val: &Val,
        before: &mut Vec<Instruction>,
    ) -> Option<Id> {
        // Only the outermost call is logged (a composite's components are its business).
        let Some(mut log) = self.log.take() else {
            return self.constant_id_unlogged(ty, val, before);
        };
        let id = self.constant_id_unlogged(ty, val, before);
        log.push((ty, val.clone(), id));
        self.log = Some(log);
        id
    }

    fn constant_id_unlogged(
        &mut self,
        ty: Id,
        val: &Val,
        before: &mut Vec<Instruction>,
    ) -> Option<Id> {
        if let Val::Scalar(bits) = val {
            if let Some(&id) = self.scalars.get(&(ty, *bits)) {
                return Some(id);
            }
        }
        // Reserve the id first: a composite's components allocate ids of their own.
        let id = Id(self.next_id);
        self.next_id += 1;
        let inst = self.materialize(ty, val, id, before)?;
        if let Val::Scalar(bits) = val {
            self.scalars.insert((ty, *bits), id);
        }
        self.insert_value(id, val.clone());
        before.push(inst);
        Some(id)
    }
}

fn scalar_constant(ty: Id, result: Id, bits: u64, width: u32) -> Instruction {
    let words: Vec<Operand> = if width > 32 {
        vec![
            Operand::Word(bits as u32),
            Operand::Word((bits >> 32) as u32),
        ]
    } else {
        vec![Operand::Word(bits as u32)]
    };
    Instruction::new(Op::Constant, Some(ty), Some(result), words)
}

pub(crate) fn map1(a: &Val, f: &dyn Fn(u64) -> Option<u64>) -> Option<Val> {
    match a {
        Val::Scalar(x) => f(*x).map(Val::Scalar),
        Val::Composite(xs) => xs
            .iter()
            .map(|x| map1(x, f))
            .collect::<Option<Vec<_>>>()
            .map(Val::Composite),
    }
}

pub(crate) fn map2(a: &Val, b: &Val, f: &dyn Fn(u64, u64) -> Option<u64>) -> Option<Val> {
    match (a, b) {
        (Val::Scalar(x), Val::Scalar(y)) => f(*x, *y).map(Val::Scalar),
        (Val::Composite(xs), Val::Composite(ys)) if xs.len() == ys.len() => xs
            .iter()
            .zip(ys)
            .map(|(x, y)| map2(x, y, f))
            .collect::<Option<Vec<_>>>()
            .map(Val::Composite),
        _ => None,
    }
}

fn insert_at(whole: &mut Val, path: &[usize], object: Val) -> Option<()> {
    match path.split_first() {
        None => {
            *whole = object;
            Some(())
        }
        Some((&i, rest)) => match whole {
            Val::Composite(items) => insert_at(items.get_mut(i)?, rest, object),
            Val::Scalar(_) => None,
        },
    }
}

impl Pass for FoldSpecConstOpComposite {
    fn name(&self) -> &'static str {
        "fold-spec-const-op-composite"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let mut st = State::new(module.header.bound);
        // Result types of every global value (operands of spec constant ops).
        let mut value_types = crate::util::ValueTypes::new();
        let mut changed = false;
        let globals = std::mem::take(&mut module.globals);
        let mut out: Vec<Instruction> = Vec::with_capacity(globals.len());
        for mut inst in globals {
            if let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) {
                value_types.insert(id, ty);
            }
            match inst.opcode {
                Op::SpecConstantOp => {
                    let folded = st.evaluate(&value_types, &inst).and_then(|val| {
                        let (ty, id) = (inst.result_type?, inst.result_id?);
                        let mut before = Vec::new();
                        let new = st.materialize(ty, &val, id, &mut before)?;
                        Some((new, before, val))
                    });
                    if let Some((new, before, val)) = folded {
                        out.extend(before);
                        inst = new;
                        if let (Some(id), Some(ty), Val::Scalar(bits)) =
                            (inst.result_id, inst.result_type, &val)
                        {
                            st.scalars.entry((ty, *bits)).or_insert(id);
                        }
                        if let Some(id) = inst.result_id {
                            st.insert_value(id, val);
                        }
                        changed = true;
                    }
                }
                Op::SpecConstantComposite => {
                    let all_constant = inst
                        .operands
                        .iter()
                        .all(|o| o.id().is_some_and(|c| st.values.contains_key(&c)));
                    if all_constant {
                        inst.opcode = Op::ConstantComposite;
                        st.record_constant(&inst);
                        changed = true;
                    }
                }
                _ => {
                    st.record_type(&inst);
                    st.record_constant(&inst);
                }
            }
            out.push(inst);
        }
        module.globals = out;
        module.header.bound = st.next_id.max(module.header.bound);
        Ok(Changed::from_bool(changed))
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    fn fold(body: &str, caps: &str) -> String {
        let src = format!(
            r#"
OpCapability Shader
{caps}
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %r "r"
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%v2int = OpTypeVector %int 2
%v3uint = OpTypeVector %uint 3
%i_m7 = OpConstant %int -7
%i_2 = OpConstant %int 2
%i_0 = OpConstant %int 0
%u_5 = OpConstant %uint 5
%u_3 = OpConstant %uint 3
%t = OpConstantTrue %bool
%v = OpConstantComposite %v2int %i_m7 %i_2
{body}
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
"#
        );
        disassemble(&run_pass(&super::FoldSpecConstOpComposite, &assemble(&src)))
    }

    #[test]
    fn integer_arithmetic_follows_the_spec() {
        let cases = [
            (
                "%r = OpSpecConstantOp %int SDiv %i_m7 %i_2",
                "%r = OpConstant %int -3",
            ),
            (
                "%r = OpSpecConstantOp %int SRem %i_m7 %i_2",
                "%r = OpConstant %int -1",
            ),
            (
                "%r = OpSpecConstantOp %int SMod %i_m7 %i_2",
                "%r = OpConstant %int 1",
            ),
            (
                "%r = OpSpecConstantOp %int ShiftRightArithmetic %i_m7 %i_2",
                "%r = OpConstant %int -2",
            ),
            (
                "%r = OpSpecConstantOp %uint UDiv %u_5 %u_3",
                "%r = OpConstant %uint 1",
            ),
            (
                "%r = OpSpecConstantOp %uint ISub %u_3 %u_5",
                "%r = OpConstant %uint 4294967294",
            ),
            (
                "%r = OpSpecConstantOp %bool SLessThan %i_m7 %i_2",
                "%r = OpConstantTrue %bool",
            ),
            (
                "%r = OpSpecConstantOp %bool ULessThan %i_m7 %i_2",
                "%r = OpConstantFalse %bool",
            ),
            (
                "%r = OpSpecConstantOp %int Select %t %i_2 %i_m7",
                "%r = OpConstant %int 2",
            ),
            (
                "%r = OpSpecConstantOp %int CompositeExtract %v 1",
                "%r = OpConstant %int 2",
            ),
            (
                "%r = OpSpecConstantOp %bool LogicalNot %t",
                "%r = OpConstantFalse %bool",
            ),
        ];
        for (input, expected) in cases {
            let text = fold(input, "");
            assert!(text.contains(expected), "{input}: {text}");
        }
    }

    #[test]
    fn undefined_results_stay() {
        let text = fold("%r = OpSpecConstantOp %int SDiv %i_2 %i_0", "");
        assert!(text.contains("OpSpecConstantOp %int SDiv"), "{text}");
    }

    #[test]
    fn vectors_and_composites() {
        let text = fold(
            "%r = OpSpecConstantOp %v2int IAdd %v %v\n%s = OpSpecConstantComposite %v3uint %u_5 %u_3 %u_5",
            "",
        );
        assert!(text.contains("%r = OpConstantComposite %v2int"), "{text}");
        assert!(text.contains("%int_n14 = OpConstant %int -14"), "{text}");
        assert!(
            text.contains("= OpConstantComposite %v3uint %uint_5 %uint_3 %uint_5"),
            "{text}"
        );
    }

    #[test]
    fn spec_operands_are_not_folded() {
        let text = fold(
            "%sp = OpSpecConstant %int 1\n%r = OpSpecConstantOp %int IAdd %sp %i_2",
            "",
        );
        assert!(text.contains("%r = OpSpecConstantOp %int IAdd"), "{text}");
    }
}
