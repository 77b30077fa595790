//! Helpers shared by passes: dense id sets, and removing the names, decorations and
//! interface entries of ids that no longer exist.

use rayon::prelude::*;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Op;
use spirvkit_core::module::Section;
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

/// A set of ids below the module's bound (one bit per id).
#[derive(Clone, Debug)]
pub struct IdSet {
    bits: Vec<u64>,
}

impl IdSet {
    pub fn new(bound: u32) -> Self {
        Self {
            bits: vec![0; (bound as usize).div_ceil(64) + 1],
        }
    }

    pub fn insert(&mut self, id: Id) -> bool {
        let (w, b) = (id.0 as usize / 64, id.0 % 64);
        match self.bits.get_mut(w) {
            Some(word) => {
                let fresh = *word & (1 << b) == 0;
                *word |= 1 << b;
                fresh
            }
            None => false,
        }
    }

    pub fn remove(&mut self, id: Id) {
        if let Some(word) = self.bits.get_mut(id.0 as usize / 64) {
            *word &= !(1 << (id.0 % 64));
        }
    }

    pub fn contains(&self, id: Id) -> bool {
        self.bits
            .get(id.0 as usize / 64)
            .is_some_and(|w| w & (1 << (id.0 % 64)) != 0)
    }

    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// The ids in the set, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Id> + '_ {
        self.bits.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    Id(w as u32 * 64 + b)
                })
            })
        })
    }
}

/// Is this a debug-name or annotation instruction naming/decorating its first operand?
pub fn targets_first_operand(op: Op) -> bool {
    matches!(
        op,
        Op::Name
            | Op::MemberName
            | Op::Decorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorate
            | Op::MemberDecorateString
    )
}

/// Removes every name and decoration of the ids in `dead` (decorations using a dead id as an
/// operand too), drops them from OpGroupDecorate/OpGroupMemberDecorate target lists and from
/// entry-point interfaces.
pub fn remove_references_to(module: &mut Module, dead: &IdSet) {
    if dead.is_empty() {
        return;
    }
    module
        .globals
        .retain_mut(|inst| keep_after_removal(inst, dead));
}

fn keep_after_removal(inst: &mut Instruction, dead: &IdSet) -> bool {
    let op = inst.opcode;
    let first_dead = matches!(inst.operands.first(), Some(Operand::Id(id)) if dead.contains(*id));
    if targets_first_operand(op) {
        return !inst
            .operands
            .iter()
            .any(|o| matches!(o, Operand::Id(id) if dead.contains(*id)));
    }
    match op {
        Op::GroupDecorate => {
            retain_ids_after(inst, 1, dead);
            !first_dead && inst.operands.len() > 1
        }
        Op::GroupMemberDecorate => {
            // Pairs of (target, member) after the group.
            let group = inst.operands.first().cloned();
            let pairs: Vec<Operand> = inst.operands[1.min(inst.operands.len())..]
                .chunks(2)
                .filter(|pair| !matches!(pair.first(), Some(Operand::Id(id)) if dead.contains(*id)))
                .flatten()
                .cloned()
                .collect();
            inst.operands = group.into_iter().chain(pairs).collect();
            !first_dead && inst.operands.len() > 1
        }
        Op::EntryPoint => {
            // Interface ids follow the name.
            let start = inst
                .operands
                .iter()
                .position(|o| matches!(o, Operand::String(_)))
                .map_or(inst.operands.len(), |p| p + 1);
            retain_ids_after(inst, start, dead);
            true
        }
        _ => inst.section() != Section::Annotation || !first_dead,
    }
}

fn retain_ids_after(inst: &mut Instruction, start: usize, dead: &IdSet) {
    let mut i = 0usize;
    inst.operands.retain(|o| {
        let keep = i < start || !matches!(o, Operand::Id(id) if dead.contains(*id));
        i += 1;
        keep
    });
}

/// The OpExtInstImport ids whose set name satisfies `pred`.
pub fn ext_inst_sets_where(module: &Module, pred: impl Fn(&str) -> bool) -> IdSet {
    let mut sets = IdSet::new(module.header.bound);
    for inst in module
        .globals
        .iter()
        .filter(|i| i.opcode == Op::ExtInstImport)
    {
        if let (Some(id), Some(name)) = (
            inst.result_id,
            inst.operands.first().and_then(Operand::string),
        ) {
            if pred(name) {
                sets.insert(id);
            }
        }
    }
    sets
}

/// Is this an OpExtInst of one of `sets`?
pub fn is_ext_inst_of(inst: &Instruction, sets: &IdSet) -> bool {
    inst.opcode == Op::ExtInst
        && matches!(inst.operands.first(), Some(Operand::Id(set)) if sets.contains(*set))
}

/// Runs a function-local rewrite on every function in parallel (functions are independent
/// when the rewrite allocates no ids). `rewrite` reports whether it changed its function and
/// pushes the result ids it deleted; returns whether any function changed and every deleted
/// id, for [`remove_references_to`].
pub fn rewrite_functions_in_parallel(
    module: &mut Module,
    rewrite: impl Fn(&mut Function, &mut Vec<Id>) -> bool + Sync,
) -> (bool, IdSet) {
    let results: Vec<(bool, Vec<Id>)> = module
        .functions
        .par_iter_mut()
        .map(|f| {
            let mut deleted = Vec::new();
            let changed = rewrite(f, &mut deleted);
            (changed, deleted)
        })
        .collect();
    let mut removed = IdSet::new(module.header.bound);
    let mut changed = false;
    for (c, deleted) in results {
        changed |= c;
        for id in deleted {
            removed.insert(id);
        }
    }
    (changed, removed)
}

/// A function's block labels and label → block index, for passes that need no edges: a
/// linear search in small functions (no hashing, no allocation per edge list as a full
/// [`spirvkit_core::analysis::FunctionCfg`] takes), a hash map in large ones. A label
/// defined twice resolves to its last block, as in `FunctionCfg`.
pub struct LabelIndex {
    pub labels: Vec<Id>,
    index: Option<FxHashMap<Id, u32>>,
}

impl LabelIndex {
    /// Up to this many blocks, labels are found by a linear search.
    const LINEAR: usize = 16;

    pub fn new(f: &Function) -> Self {
        let labels: Vec<Id> = f.blocks.iter().map(|b| b.id()).collect();
        let index = (labels.len() > Self::LINEAR).then(|| {
            labels
                .iter()
                .enumerate()
                .map(|(i, &l)| (l, i as u32))
                .collect()
        });
        Self { labels, index }
    }

    pub fn block_of(&self, label: Id) -> Option<u32> {
        match &self.index {
            Some(index) => index.get(&label).copied(),
            None => self
                .labels
                .iter()
                .rposition(|&l| l == label)
                .map(|i| i as u32),
        }
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }
}

/// Result id → Result Type id, dense over the ids (a module-wide hash map of every value cost
/// more than the folding it served). `Id(0)` (never a valid id) marks "no type".
#[derive(Clone, Debug, Default)]
pub struct ValueTypes {
    types: Vec<Id>,
}

impl ValueTypes {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn get(&self, id: &Id) -> Option<&Id> {
        self.types.get(id.0 as usize).filter(|t| t.0 != 0)
    }

    /// Records `id`'s type (a later record of the same id wins, as in a map).
    pub fn insert(&mut self, id: Id, ty: Id) {
        let i = id.0 as usize;
        if i >= self.types.len() {
            self.types.resize(i + 1, Id(0));
        }
        self.types[i] = ty;
    }
}

impl ValueTypes {
    /// The types of the module-scope values, with room for every id below the bound.
    pub fn of_globals(module: &Module) -> Self {
        let mut types = ValueTypes {
            types: Vec::with_capacity(module.header.bound as usize),
        };
        for inst in &module.globals {
            if let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) {
                types.insert(id, ty);
            }
        }
        types
    }

    /// Adds the types of `f`'s parameters and results (ids are unique in a module, so the
    /// entries of functions added before stay harmlessly).
    pub fn add_function(&mut self, f: &Function) {
        for inst in f
            .parameters
            .iter()
            .chain(f.blocks.iter().flat_map(|b| &b.instructions))
        {
            if let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) {
                self.insert(id, ty);
            }
        }
    }
}

/// The type of every value in the module: result id → Result Type id.
pub fn value_types(module: &Module) -> ValueTypes {
    let mut types = ValueTypes {
        types: Vec::with_capacity(module.header.bound as usize),
    };
    // `for_each` (internal iteration) walks the chained sections without re-checking every
    // layer of the chain per instruction as `for` would.
    module.instructions().for_each(|inst| {
        if let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) {
            types.insert(id, ty);
        }
    });
    types
}

/// A map from the ids one function defines to small values: a dense table over the range of
/// those ids (a function's ids are mostly consecutive), a hash map for ids outside it or when
/// the range is much wider than the function. Behaves exactly like a hash map for lookups
/// and inserts, without hashing (or rehashing while it grows) in the common case: the
/// per-function passes spent a quarter of their time in hash-map inserts.
pub struct LocalIdMap<V> {
    base: u32,
    dense: Vec<Option<V>>,
    sparse: FxHashMap<Id, V>,
}

impl<V: Copy> LocalIdMap<V> {
    /// A map sized for the result ids of `f`'s blocks (parameters and other ids still work,
    /// through the hash map).
    pub fn for_function(f: &Function) -> Self {
        let (mut lo, mut hi, mut count) = (u32::MAX, 0u32, 0usize);
        for block in &f.blocks {
            for inst in &block.instructions {
                if let Some(r) = inst.result_id {
                    lo = lo.min(r.0);
                    hi = hi.max(r.0);
                    count += 1;
                }
            }
        }
        Self::for_range(lo, hi, count)
    }

    /// A map for ids mostly in `lo..=hi`, `count` of them.
    pub fn for_range(lo: u32, hi: u32, count: usize) -> Self {
        let dense = if lo <= hi && ((hi - lo) as usize) < 4 * count + 256 {
            vec![None; (hi - lo) as usize + 1]
        } else {
            Vec::new()
        };
        Self {
            base: lo,
            dense,
            sparse: FxHashMap::default(),
        }
    }

    fn slot(&self, id: Id) -> Option<usize> {
        let i = id.0.checked_sub(self.base)? as usize;
        (i < self.dense.len()).then_some(i)
    }

    pub fn get(&self, id: &Id) -> Option<&V> {
        match self.slot(*id) {
            Some(i) => self.dense[i].as_ref(),
            None => self.sparse.get(id),
        }
    }

    pub fn get_mut(&mut self, id: &Id) -> Option<&mut V> {
        match self.slot(*id) {
            Some(i) => self.dense[i].as_mut(),
            None => self.sparse.get_mut(id),
        }
    }

    pub fn contains_key(&self, id: &Id) -> bool {
        self.get(id).is_some()
    }

    /// Sets `id`'s value; the previous one, if any.
    pub fn insert(&mut self, id: Id, value: V) -> Option<V> {
        match self.slot(id) {
            Some(i) => self.dense[i].replace(value),
            None => self.sparse.insert(id, value),
        }
    }
}

/// Whether a mark-and-sweep over `f` — everything live but the instructions `removable`
/// selects, and whatever a live instruction uses — would certainly find nothing dead, told
/// without the liveness tables: no branch goes to an earlier block (so uses form no cycle,
/// phis included) and every removable instruction has a result some instruction of `f` uses.
/// Then nothing is dead: dead values are used only by dead values, and among them one without
/// a later dead user would have no user at all. False when unsure (more than 64 blocks).
pub fn nothing_dead(f: &Function, removable: impl Fn(&Instruction) -> bool) -> bool {
    if f.blocks.len() > 64 {
        return false;
    }
    for (i, block) in f.blocks.iter().enumerate() {
        let Some(term) = block.terminator() else {
            return false;
        };
        for target in spirvkit_core::analysis::successor_labels(term) {
            match f.blocks.iter().position(|b| b.id() == target) {
                Some(j) if j > i => {}
                _ => return false,
            }
        }
    }
    let body = || f.blocks.iter().flat_map(|b| &b.instructions);
    let (mut lo, mut hi) = (u32::MAX, 0u32);
    for r in body().filter_map(|i| i.result_id) {
        lo = lo.min(r.0);
        hi = hi.max(r.0);
    }
    if lo > hi {
        return !body().any(removable);
    }
    if hi - lo > 1 << 16 {
        return false;
    }
    // One bit per id of the range: on the stack for up to 1024 ids (no allocation per
    // function in the common case).
    let words = ((hi - lo) as usize + 1).div_ceil(64);
    let mut small = [0u64; 16];
    let mut large = Vec::new();
    let used: &mut [u64] = if words <= small.len() {
        &mut small[..words]
    } else {
        large.resize(words, 0u64);
        &mut large
    };
    for inst in f.instructions() {
        for id in inst.operands.iter().filter_map(Operand::id) {
            if let Some(k) = id.0.checked_sub(lo).filter(|&k| k <= hi - lo) {
                used[k as usize / 64] |= 1 << (k % 64);
            }
        }
    }
    body().all(|inst| {
        !removable(inst)
            || inst.result_id.is_some_and(|r| {
                let k = r.0 - lo;
                used[k as usize / 64] & (1 << (k % 64)) != 0
            })
    })
}

#[cfg(test)]
mod tests {
    use super::IdSet;
    use spirvkit_core::Id;

    #[test]
    fn id_set_iterates_its_ids_in_order() {
        let mut set = IdSet::new(300);
        for id in [299, 0, 64, 63, 1, 128] {
            set.insert(Id(id));
        }
        set.remove(Id(1));
        let ids: Vec<u32> = set.iter().map(|id| id.0).collect();
        assert_eq!(ids, [0, 63, 64, 128, 299]);
        assert_eq!(IdSet::new(10).iter().count(), 0);
    }

    /// Linear and hashed lookups agree, a repeated label included (its last block).
    #[test]
    fn label_index_finds_the_last_block_of_a_label_small_or_large() {
        use spirvkit_core::grammar::Op;
        use spirvkit_core::{Block, Function, Instruction};
        let function = |labels: &[u32]| {
            let mut f = Function::new(Instruction::new(Op::Function, None, Some(Id(1)), []));
            for &l in labels {
                f.blocks.push(Block {
                    label: Instruction::new(Op::Label, None, Some(Id(l)), []),
                    instructions: Vec::new(),
                });
            }
            f
        };
        for n in [3u32, 40] {
            let mut labels: Vec<u32> = (10..10 + n).collect();
            labels.push(11);
            let index = super::LabelIndex::new(&function(&labels));
            assert_eq!(index.len(), n as usize + 1);
            assert_eq!(index.block_of(Id(10)), Some(0));
            assert_eq!(index.block_of(Id(11)), Some(n));
            assert_eq!(index.block_of(Id(12)), Some(2));
            assert_eq!(index.block_of(Id(5)), None);
        }
    }
}
