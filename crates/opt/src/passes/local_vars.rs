//! What the local load/store passes (`local_single_block_elim`, `local_single_store_elim`)
//! share: which Function-storage variables they may reason about, and the constant component
//! path of an access chain into one.
//!
//! A variable qualifies when every use is the pointer of a non-volatile OpLoad or OpStore, or
//! the base of an OpAccessChain/OpInBoundsAccessChain whose own uses qualify the same way, and
//! nothing but a name, Alignment or RelaxedPrecision decorates it or its chains. Such a
//! variable's address never escapes (no call, copy, cast, phi, select or pointer arithmetic sees
//! it), so no other pointer can alias it — in Logical modules and in Addresses/Kernel modules
//! alike — and only the loads and stores seen here touch its memory. In Logical addressing,
//! variables holding pointers are left alone (forwarding them would create pointer values the
//! validator's Logical rules may reject).

use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{AddressingModel, Decoration, MemoryAccess, Op, StorageClass};
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

/// Module facts the passes look up per instruction.
pub struct ModuleFacts {
    /// Pointer type → pointee type.
    pointee: FxHashMap<Id, Id>,
    /// Type id → its defining instruction's opcode and operands (types only).
    types: FxHashMap<Id, Instruction>,
    /// Scalar integer constants that fit in 32 bits: id → value (sign-agnostic low word, only
    /// when the value is non-negative and below 2^32).
    int_constants: FxHashMap<Id, u32>,
    logical: bool,
    /// Ids with a decoration other than the harmless ones.
    decorated: FxHashMap<Id, ()>,
}

impl ModuleFacts {
    pub fn new(module: &Module) -> Self {
        let mut facts = ModuleFacts {
            pointee: FxHashMap::default(),
            types: FxHashMap::default(),
            int_constants: FxHashMap::default(),
            logical: false,
            decorated: FxHashMap::default(),
        };
        for inst in &module.globals {
            match inst.opcode {
                Op::MemoryModel => {
                    facts.logical =
                        inst.operands.first() == Some(&Operand::Word(AddressingModel::Logical.0))
                }
                Op::TypePointer => {
                    if let (Some(id), Some(Operand::Id(p))) = (inst.result_id, inst.operands.get(1))
                    {
                        facts.pointee.insert(id, *p);
                    }
                    if let Some(id) = inst.result_id {
                        facts.types.insert(id, inst.clone());
                    }
                }
                Op::TypeBool
                | Op::TypeInt
                | Op::TypeFloat
                | Op::TypeVector
                | Op::TypeMatrix
                | Op::TypeArray
                | Op::TypeRuntimeArray
                | Op::TypeStruct
                | Op::TypeUntypedPointerKHR => {
                    if let Some(id) = inst.result_id {
                        facts.types.insert(id, inst.clone());
                    }
                }
                Op::Constant => {
                    let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else {
                        continue;
                    };
                    let Some(t) = facts.types.get(&ty) else {
                        continue;
                    };
                    if t.opcode != Op::TypeInt {
                        continue;
                    }
                    let signed = t.operands.get(1) == Some(&Operand::Word(1));
                    let words: Vec<u32> = inst.operands.iter().filter_map(Operand::word).collect();
                    let value = match words.as_slice() {
                        [w] => {
                            let width = t.operands.first().and_then(Operand::word).unwrap_or(32);
                            let negative =
                                signed && width <= 32 && width > 0 && (w >> (width - 1)) & 1 == 1;
                            (!negative).then_some(*w)
                        }
                        [lo, 0] => Some(*lo),
                        _ => None,
                    };
                    if let Some(v) = value {
                        facts.int_constants.insert(id, v);
                    }
                }
                _ => note_decorated(inst, &mut facts.decorated),
            }
        }
        facts
    }

    /// The component path an access chain's constant indices name below `base_type`, each
    /// index checked against the composite it selects from; None for a dynamic or
    /// out-of-range index.
    fn constant_path(&self, base_type: Id, indices: &[Operand], path: &mut Vec<u32>) -> bool {
        let mut ty = base_type;
        for index in indices {
            let Some(&i) = index.id().and_then(|id| self.int_constants.get(&id)) else {
                return false;
            };
            let Some(t) = self.types.get(&ty) else {
                return false;
            };
            let (element, count) = match t.opcode {
                Op::TypeVector | Op::TypeMatrix => (
                    t.operands.first().and_then(Operand::id),
                    t.operands.get(1).and_then(Operand::word),
                ),
                Op::TypeArray => (
                    t.operands.first().and_then(Operand::id),
                    t.operands
                        .get(1)
                        .and_then(Operand::id)
                        .and_then(|len| self.int_constants.get(&len).copied()),
                ),
                Op::TypeStruct => (
                    t.operands.get(i as usize).and_then(Operand::id),
                    Some(t.operands.len() as u32),
                ),
                _ => (None, None),
            };
            let (Some(element), Some(count)) = (element, count) else {
                return false;
            };
            if i >= count {
                return false;
            }
            path.push(i);
            ty = element;
        }
        true
    }
}

fn volatile(inst: &Instruction, first_access: usize) -> bool {
    inst.operands
        .get(first_access)
        .and_then(Operand::word)
        .is_some_and(|m| m & MemoryAccess::Volatile.0 != 0)
}

pub fn is_chain(op: Op) -> bool {
    matches!(op, Op::AccessChain | Op::InBoundsAccessChain)
}

/// The qualifying variables of one function and the access chains rooted at them.
pub struct LocalVars {
    /// Variable → (value type, initializer).
    pub vars: FxHashMap<Id, (Id, Option<Id>)>,
    /// Access chain result → (root variable, constant component path from the variable's
    /// value, when every index is a constant in range).
    pub chains: FxHashMap<Id, (Id, Option<Vec<u32>>)>,
}

impl LocalVars {
    pub fn new(f: &Function, facts: &ModuleFacts) -> Self {
        let mut lv = LocalVars {
            vars: FxHashMap::default(),
            chains: FxHashMap::default(),
        };
        let Some(entry) = f.blocks.first() else {
            return lv;
        };
        for inst in &entry.instructions {
            if inst.opcode != Op::Variable
                || inst.operands.first() != Some(&Operand::Word(StorageClass::Function.0))
            {
                continue;
            }
            let (Some(id), Some(ptr)) = (inst.result_id, inst.result_type) else {
                continue;
            };
            let Some(&ty) = facts.pointee.get(&ptr) else {
                continue;
            };
            let holds_pointer = facts
                .types
                .get(&ty)
                .is_some_and(|t| matches!(t.opcode, Op::TypePointer | Op::TypeUntypedPointerKHR));
            if facts.decorated.contains_key(&id) || (facts.logical && holds_pointer) {
                continue;
            }
            lv.vars
                .insert(id, (ty, inst.operands.get(1).and_then(Operand::id)));
        }
        if lv.vars.is_empty() {
            return lv;
        }
        // Chains in block order: a chain's base dominates it, so its definition comes first
        // and nested chains find their base already recorded.
        for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
            if !is_chain(inst.opcode) {
                continue;
            }
            let (Some(r), Some(Operand::Id(base))) = (inst.result_id, inst.operands.first()) else {
                continue;
            };
            let var = if lv.vars.contains_key(base) {
                *base
            } else if let Some((var, _)) = lv.chains.get(base) {
                *var
            } else {
                continue;
            };
            let path = self_path(&lv, facts, var, *base, &inst.operands[1..]);
            lv.chains.insert(r, (var, path));
        }
        // Every use (phis and out-of-order blocks included) must be an allowed one.
        let mut disqualified: Vec<Id> = Vec::new();
        for inst in f.instructions() {
            let root = |id: Id| -> Option<Id> {
                if lv.vars.contains_key(&id) {
                    Some(id)
                } else {
                    lv.chains.get(&id).map(|c| c.0)
                }
            };
            let allowed_first = match inst.opcode {
                Op::Load => !volatile(inst, 1),
                Op::Store => !volatile(inst, 2),
                op if is_chain(op) => inst.result_id.is_some_and(|r| lv.chains.contains_key(&r)),
                _ => false,
            };
            for (i, op) in inst.operands.iter().enumerate() {
                let Operand::Id(id) = op else { continue };
                let Some(var) = root(*id) else { continue };
                if !(allowed_first && i == 0) {
                    disqualified.push(var);
                }
            }
            if let Some(r) = inst.result_id {
                if let Some((var, _)) = lv.chains.get(&r) {
                    if facts.decorated.contains_key(&r) {
                        disqualified.push(*var);
                    }
                }
            }
        }
        for var in disqualified {
            lv.vars.remove(&var);
        }
        let vars = &lv.vars;
        lv.chains.retain(|_, (var, _)| vars.contains_key(var));
        lv
    }

    /// The variable a load/store pointer refers to, and whether it is the whole variable
    /// (`None` path) or a chain with this constant path (`Some(Some(path))`) or a dynamic one
    /// (`Some(None)`).
    pub fn target(&self, pointer: Id) -> Option<(Id, Option<Option<&[u32]>>)> {
        if self.vars.contains_key(&pointer) {
            return Some((pointer, None));
        }
        let (var, path) = self.chains.get(&pointer)?;
        // A chain without indices is the whole variable.
        if path.as_ref().is_some_and(Vec::is_empty) {
            return Some((*var, None));
        }
        Some((*var, Some(path.as_deref())))
    }
}

/// The constant path of a chain on `base` (the variable or a recorded chain).
fn self_path(
    lv: &LocalVars,
    facts: &ModuleFacts,
    var: Id,
    base: Id,
    indices: &[Operand],
) -> Option<Vec<u32>> {
    let (mut path, start_type) = if base == var {
        (Vec::new(), lv.vars.get(&var)?.0)
    } else {
        let (_, base_path) = lv.chains.get(&base)?;
        let base_path = base_path.as_ref()?;
        (
            base_path.clone(),
            type_at(facts, lv.vars.get(&var)?.0, base_path)?,
        )
    };
    facts
        .constant_path(start_type, indices, &mut path)
        .then_some(path)
}

/// The type reached by following `path` from `ty`.
fn type_at(facts: &ModuleFacts, ty: Id, path: &[u32]) -> Option<Id> {
    let mut ty = ty;
    for &i in path {
        let t = facts.types.get(&ty)?;
        ty = match t.opcode {
            Op::TypeVector | Op::TypeMatrix | Op::TypeArray => t.operands.first()?.id()?,
            Op::TypeStruct => t.operands.get(i as usize)?.id()?,
            _ => return None,
        };
    }
    Some(ty)
}

/// Loads whose result is replaced by another value: resolves chains so every replacement
/// names a value that survives.
#[derive(Default)]
pub struct Replacements {
    map: FxHashMap<Id, Id>,
}

impl Replacements {
    pub fn resolve(&self, id: Id) -> Id {
        // Targets are values defined before the load they replace, so the chain ends.
        let mut id = id;
        for _ in 0..=self.map.len() {
            match self.map.get(&id) {
                Some(&to) => id = to,
                None => break,
            }
        }
        id
    }

    pub fn insert(&mut self, from: Id, to: Id) {
        let to = self.resolve(to);
        self.map.insert(from, to);
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn contains(&self, id: Id) -> bool {
        self.map.contains_key(&id)
    }

    /// Rewrites every use in the function.
    pub fn apply(&self, f: &mut Function) {
        if self.map.is_empty() {
            return;
        }
        for inst in f.instructions_mut() {
            for op in inst.operands.iter_mut() {
                if let Operand::Id(id) = op {
                    if self.map.contains_key(id) {
                        *id = self.resolve(*id);
                    }
                }
            }
        }
    }
}

/// A load through a chain with a constant path, rewritten as an extract from the value the
/// whole variable holds (same result id and type).
pub fn extract_from(value: Id, path: &[u32], load: &Instruction) -> Instruction {
    let mut operands: Vec<Operand> = Vec::with_capacity(path.len() + 1);
    operands.push(Operand::Id(value));
    operands.extend(path.iter().map(|&i| Operand::Word(i)));
    Instruction::new(
        Op::CompositeExtract,
        load.result_type,
        load.result_id,
        operands,
    )
}

/// Records in `decorated` the ids a debug-name or annotation instruction marks in a way that
/// stops a variable's promotion (names, Alignment and RelaxedPrecision do not). Shared by the
/// SSA rewrite and the local-variable facts so both passes agree on which variables they take.
pub(crate) fn note_decorated(inst: &Instruction, decorated: &mut FxHashMap<Id, ()>) {
    if crate::util::targets_first_operand(inst.opcode) {
        let harmless = matches!(inst.opcode, Op::Name)
            || matches!(inst.operands.get(1), Some(Operand::Word(d))
                if *d == Decoration::Alignment.0 || *d == Decoration::RelaxedPrecision.0);
        if let (false, Some(Operand::Id(t))) = (harmless, inst.operands.first()) {
            decorated.insert(*t, ());
        }
    } else if matches!(
        inst.opcode,
        Op::GroupDecorate | Op::GroupMemberDecorate | Op::DecorateId
    ) {
        for id in inst.operands.iter().filter_map(Operand::id) {
            decorated.insert(id, ());
        }
    }
}
