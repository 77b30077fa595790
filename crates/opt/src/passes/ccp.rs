//! `--ccp`: sparse conditional constant propagation (Wegman & Zadeck) over each function's SSA
//! form. Every result id starts unknown; a block's instructions are evaluated once an edge into
//! it is known executable, an OpPhi meets only the values arriving over executable edges, and a
//! conditional branch or switch whose condition is constant makes only its taken edge
//! executable. Values are evaluated with the folder `--simplify-instructions` uses (integer,
//! boolean, composite and exact floating-point operations; undefined results are not
//! constants). Afterwards every instruction found constant in a reachable block is replaced by
//! that constant (a phi whose executable inputs agree included); branches on conditions that
//! became constants are left to `--eliminate-dead-branches`, which rewrites the CFG with the
//! structured-control-flow rules. Loads, calls, parameters, OpUndef and everything the folder
//! does not know are not constants.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::folding::{folding_context, FoldRules};
use crate::pass::{Changed, Pass};
use crate::passes::fold_spec_const_op_composite::{State, Val};
use crate::passes::simplify_instructions::evaluate;
use crate::util::{remove_references_to, IdSet};
use rayon::prelude::*;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::grammar::Op;
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct Ccp;

/// The constant values the solver found for a function's results: (result, type, value).
type Constants = Vec<(Id, Id, Val)>;

/// Lattice value of an id: absent from the table means "unknown yet" (top).
#[derive(Clone, Debug, PartialEq)]
enum Lat {
    Const(Val),
    Varying,
}

impl Pass for Ccp {
    fn name(&self) -> &'static str {
        "ccp"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let (mut st, value_types, rules) = folding_context(module);
        let mut new_constants: Vec<Instruction> = Vec::new();
        let mut removed = IdSet::new(module.header.bound);
        let mut changed = false;
        // The solver only reads the module (and leaves `st` as it found it): the functions
        // are solved in parallel, one contiguous share per worker with its own copy of the
        // state. Constants are then created in function order, so the ids are those a
        // sequential run gives (no function's solution reads another's new constants).
        let share = module
            .functions
            .len()
            .div_ceil(rayon::current_num_threads().max(1))
            .max(1);
        let solved: Vec<Vec<Option<Constants>>> = module
            .functions
            .par_chunks(share)
            .map(|functions| {
                let mut st = st.clone();
                let mut value_types = value_types.clone();
                let mut local = LocalIds::default();
                functions
                    .iter()
                    .map(|f| {
                        if f.blocks.is_empty() {
                            return None;
                        }
                        // The value types only once the solver runs: most functions are
                        // told apart by the pre-check, in one walk.
                        if !may_find_constants(f, &st, &mut local) {
                            return Some(Vec::new());
                        }
                        value_types.add_function(f);
                        propagate(f, &mut st, &value_types, &rules, &mut local)
                    })
                    .collect()
            })
            .collect();
        for (f, constants) in module
            .functions
            .iter_mut()
            .zip(solved.into_iter().flatten())
        {
            let Some(constants) = constants else {
                continue;
            };
            let mut replace: FxHashMap<Id, Id> = FxHashMap::default();
            for (id, ty, val) in constants {
                if let Some(c) = st.constant_id(ty, &val, &mut new_constants) {
                    replace.insert(id, c);
                }
            }
            if replace.is_empty() {
                continue;
            }
            changed = true;
            for block in &mut f.blocks {
                block
                    .instructions
                    .retain(|inst| inst.result_id.is_none_or(|r| !replace.contains_key(&r)));
            }
            for inst in f.instructions_mut() {
                for op in inst.operands.iter_mut() {
                    if let Operand::Id(id) = op {
                        if let Some(&c) = replace.get(id) {
                            *id = c;
                        }
                    }
                }
            }
            for id in replace.keys() {
                removed.insert(*id);
            }
        }
        if changed {
            module.globals.append(&mut new_constants);
            module.header.bound = st.next_id().max(module.header.bound);
            remove_references_to(module, &removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

pub(crate) fn is_block_terminator(op: Op) -> bool {
    matches!(
        op,
        Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Kill
            | Op::TerminateInvocation
            | Op::Unreachable
            | Op::IgnoreIntersectionKHR
            | Op::TerminateRayKHR
            | Op::EmitMeshTasksEXT
    )
}

/// Which instructions are foldable at all: the folder's opcodes and OpCopyObject. Anything else
/// with a result is varying.
fn may_be_constant(op: Op) -> bool {
    !matches!(
        op,
        Op::Load
            | Op::Variable
            | Op::FunctionCall
            | Op::Undef
            | Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain
    )
}

/// Dense id → local number tables shared by the functions one worker solves (grown to the
/// range of the ids they meet, cleared after each function by walking only that function's
/// ids, so the solver does no hashing per operand).
#[derive(Default)]
struct LocalIds {
    /// The smallest id the tables cover.
    base: u32,
    /// Result id → 1 + its index in the function's definitions (0: not local).
    def: Vec<u32>,
    /// Label id → 1 + its block index (0: not a block of this function).
    block: Vec<u32>,
    /// For [`may_find_constants`]: 0 not a result of this function, [`MAYBE`] possibly
    /// constant, [`VARYING`] certainly not.
    mark: Vec<u8>,
}

impl LocalIds {
    /// The table index of `id`, when the tables cover it.
    fn slot(&self, id: Id) -> Option<usize> {
        let i = id.0.checked_sub(self.base)? as usize;
        (i < self.def.len()).then_some(i)
    }

    /// The table index of `id`, growing the tables to cover it (functions come mostly in
    /// increasing id order: growth at the end; growth at the front at least doubles the
    /// tables, so ids in any order cost amortized constant time).
    fn fit(&mut self, id: Id) -> usize {
        if self.def.is_empty() {
            self.base = id.0;
        }
        if id.0 < self.base {
            let grow = ((self.base - id.0) as usize).max(self.def.len().min(self.base as usize));
            self.def.splice(0..0, std::iter::repeat_n(0, grow));
            self.block.splice(0..0, std::iter::repeat_n(0, grow));
            self.mark.splice(0..0, std::iter::repeat_n(0, grow));
            self.base -= grow as u32;
        }
        let i = (id.0 - self.base) as usize;
        if i >= self.def.len() {
            self.def.resize(i + 1, 0);
            self.block.resize(i + 1, 0);
            self.mark.resize(i + 1, 0);
        }
        i
    }

    fn def(&self, id: Id) -> Option<usize> {
        match self.slot(id).map(|i| self.def[i]) {
            Some(k) if k != 0 => Some(k as usize - 1),
            _ => None,
        }
    }

    fn block(&self, id: Id) -> Option<u32> {
        match self.slot(id).map(|i| self.block[i]) {
            Some(b) if b != 0 => Some(b - 1),
            _ => None,
        }
    }
}

/// Per-function solver state.
struct Solver<'a> {
    f: &'a Function,
    st: &'a mut State,
    value_types: &'a crate::util::ValueTypes,
    rules: &'a FoldRules,
    local: &'a LocalIds,
    /// The local result ids, in definition order (the index `LocalIds::def` gives).
    def_ids: Vec<Id>,
    /// Users of local definition k: `uses[use_start[k]..use_start[k + 1]]`, (block, index).
    use_start: Vec<u32>,
    uses: Vec<(u32, u32)>,
    /// Index of each block's terminator.
    terminators: Vec<usize>,
    /// Lattice value of each local definition (None: unknown yet).
    lattice: Vec<Option<Lat>>,
    executable: Vec<bool>,
    edges: FxHashSet<(u32, u32)>,
    block_work: Vec<u32>,
    ssa_work: Vec<Id>,
}

impl Solver<'_> {
    /// The lattice value of an operand: global constants are constants, other non-local ids
    /// (parameters, variables, spec constants, undefs) varying; None = unknown yet.
    fn value(&self, id: Id) -> Option<Lat> {
        if let Some(k) = self.local.def(id) {
            return self.lattice[k].clone();
        }
        Some(match self.st.value(id) {
            Some(v) => Lat::Const(v.clone()),
            None => Lat::Varying,
        })
    }

    /// `value` without cloning a constant: None unknown, Some(true) varying, Some(false)
    /// constant.
    fn is_varying(&self, id: Id) -> Option<bool> {
        if let Some(k) = self.local.def(id) {
            return self.lattice[k].as_ref().map(|l| matches!(l, Lat::Varying));
        }
        Some(self.st.value(id).is_none())
    }

    fn set(&mut self, id: Id, lat: Lat) {
        // Only local results are ever set (callers pass the result of a local instruction).
        let Some(k) = self.local.def(id) else {
            return;
        };
        if self.lattice[k].as_ref() == Some(&lat) {
            return;
        }
        // Monotone: unknown → constant → varying; a second constant means varying.
        let lat = match (&self.lattice[k], lat) {
            (Some(Lat::Const(_)), Lat::Const(_)) | (Some(Lat::Varying), _) => Lat::Varying,
            (_, l) => l,
        };
        if self.lattice[k].as_ref() == Some(&lat) {
            return;
        }
        match &lat {
            Lat::Const(v) => self.st.set_value(id, v.clone()),
            Lat::Varying => self.st.forget(id),
        }
        self.lattice[k] = Some(lat);
        self.ssa_work.push(id);
    }

    fn mark_edge(&mut self, from: u32, to: u32) {
        if !self.edges.insert((from, to)) {
            return;
        }
        if self.executable[to as usize] {
            // Only the phis see the new edge.
            let block = &self.f.blocks[to as usize];
            for (i, inst) in block.instructions.iter().enumerate() {
                if inst.opcode == Op::Phi {
                    self.visit(to, i as u32);
                }
            }
        } else {
            self.executable[to as usize] = true;
            self.block_work.push(to);
        }
    }

    fn visit(&mut self, b: u32, i: u32) {
        let f = self.f;
        let Some(inst) = f.blocks[b as usize].instructions.get(i as usize) else {
            return;
        };
        if i as usize == self.terminators[b as usize] {
            return self.visit_terminator(b, inst);
        }
        let Some(result) = inst.result_id else {
            return;
        };
        if inst.opcode == Op::Phi {
            let mut meet: Option<Lat> = None;
            for pair in inst.operands.chunks(2) {
                let (Some(value), Some(parent)) = (
                    pair.first().and_then(Operand::id),
                    pair.get(1).and_then(Operand::id),
                ) else {
                    return self.set(result, Lat::Varying);
                };
                let Some(p) = self.local.block(parent) else {
                    continue;
                };
                if !self.edges.contains(&(p, b)) {
                    continue;
                }
                match (self.value(value), &meet) {
                    (None, _) => {}
                    (Some(Lat::Varying), _) => return self.set(result, Lat::Varying),
                    (Some(v), None) => meet = Some(v),
                    (Some(v), Some(m)) if &v == m => {}
                    (Some(_), Some(_)) => return self.set(result, Lat::Varying),
                }
            }
            if let Some(m) = meet {
                self.set(result, m);
            }
            return;
        }
        if !may_be_constant(inst.opcode) || inst.result_type.is_none() {
            return self.set(result, Lat::Varying);
        }
        let mut any = false;
        // An OpExtInst's first operand is its instruction set, not a value.
        let skip = usize::from(inst.opcode == Op::ExtInst);
        for id in inst.operands.iter().skip(skip).filter_map(Operand::id) {
            any = true;
            match self.is_varying(id) {
                None => return,
                Some(true) => return self.set(result, Lat::Varying),
                Some(false) => {}
            }
        }
        if !any {
            return self.set(result, Lat::Varying);
        }
        let lat = if inst.opcode == Op::CopyObject {
            inst.operands
                .first()
                .and_then(Operand::id)
                .and_then(|id| self.value(id))
                .unwrap_or(Lat::Varying)
        } else {
            match evaluate(self.st, self.value_types, self.rules, inst) {
                Some(v) => Lat::Const(v),
                None => Lat::Varying,
            }
        };
        self.set(result, lat);
    }

    fn visit_terminator(&mut self, b: u32, term: &Instruction) {
        let target = |op: Option<&Operand>| op.and_then(Operand::id);
        let all = |s: &mut Self| {
            for label in spirvkit_core::analysis::cfg::successor_labels(term) {
                if let Some(t) = s.local.block(label) {
                    s.mark_edge(b, t);
                }
            }
        };
        let cond = term.operands.first().and_then(Operand::id);
        match term.opcode {
            Op::BranchConditional => match cond.and_then(|c| self.value(c)) {
                None => {}
                Some(Lat::Const(Val::Scalar(c))) => {
                    let taken = target(term.operands.get(if c != 0 { 1 } else { 2 }));
                    if let Some(t) = taken.and_then(|l| self.local.block(l)) {
                        self.mark_edge(b, t);
                    }
                }
                Some(_) => all(self),
            },
            Op::Switch => match cond.and_then(|c| self.value(c)) {
                None => {}
                Some(Lat::Const(Val::Scalar(v))) => {
                    let width = cond
                        .and_then(|c| self.value_types.get(&c))
                        .and_then(|t| self.st.int_width(*t));
                    match width.and_then(|w| switch_target(term, v, w)) {
                        Some(label) => {
                            if let Some(t) = self.local.block(label) {
                                self.mark_edge(b, t);
                            }
                        }
                        None => all(self),
                    }
                }
                Some(_) => all(self),
            },
            _ => all(self),
        }
    }
}

/// The label an OpSwitch on `value` (an integer of `width` bits) takes.
fn switch_target(term: &Instruction, value: u64, width: u32) -> Option<Id> {
    let mask = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let default = term.operands.get(1)?.id()?;
    let words_per_literal = if width > 32 { 2 } else { 1 };
    let cases = term.operands.get(2..)?;
    for case in cases.chunks(words_per_literal + 1) {
        let mut literal = 0u64;
        for (k, op) in case.iter().take(words_per_literal).enumerate() {
            literal |= u64::from(op.word()?) << (32 * k);
        }
        if literal & mask == value & mask {
            return case.get(words_per_literal)?.id();
        }
    }
    Some(default)
}

const MAYBE: u8 = 1;
const VARYING: u8 = 2;

/// Whether the solver could find any local result constant: the largest set of results that
/// may be constant — a phi with a value that may be, anything else foldable whose operands all
/// may be (module-scope constants may, other module-scope ids and parameters may not) — is not
/// empty. Every result the solver finds constant is in that set (a constant phi has a constant
/// input over an executable edge; any other constant was evaluated from constant operands), so
/// when it is empty the solver (numbering, use lists, evaluation) is skipped: a walk or two
/// over the function instead. On most functions once `--simplify-instructions` has folded
/// what it can, the set empties on the first walk.
fn may_find_constants(f: &Function, st: &State, local: &mut LocalIds) -> bool {
    let results = || f.blocks.iter().flat_map(|b| &b.instructions);
    let mut any = false;
    let mut duplicate = false;
    for inst in results() {
        let Some(r) = inst.result_id else { continue };
        let i = local.fit(r);
        duplicate |= local.mark[i] != 0;
        let foldable = inst.opcode == Op::Phi
            || (may_be_constant(inst.opcode)
                && inst.result_type.is_some()
                && !is_block_terminator(inst.opcode));
        local.mark[i] = if foldable { MAYBE } else { VARYING };
        any |= foldable;
    }
    // Shrink to the largest consistent set: a walk removes what an operand rules out; a walk
    // removing nothing ends it (definitions mostly come before uses, so usually one or two).
    while any && !duplicate {
        let mut shrunk = false;
        any = false;
        for inst in results() {
            let Some(i) = inst.result_id.and_then(|r| local.slot(r)) else {
                continue;
            };
            if local.mark[i] != MAYBE {
                continue;
            }
            let may = |id: Id| match local.slot(id).map(|k| local.mark[k]) {
                Some(MAYBE) => true,
                Some(VARYING) => false,
                _ => st.value(id).is_some(),
            };
            let keep = if inst.opcode == Op::Phi {
                inst.operands
                    .chunks(2)
                    .any(|pair| pair.first().and_then(Operand::id).is_some_and(may))
            } else {
                let skip = usize::from(inst.opcode == Op::ExtInst);
                let mut ids = inst.operands.iter().skip(skip).filter_map(Operand::id);
                let mut count = 0;
                let all = ids.all(|id| {
                    count += 1;
                    may(id)
                });
                all && count > 0
            };
            if keep {
                any = true;
            } else {
                local.mark[i] = VARYING;
                shrunk = true;
            }
        }
        if !shrunk {
            break;
        }
    }
    for inst in results() {
        if let Some(i) = inst.result_id.and_then(|r| local.slot(r)) {
            local.mark[i] = 0;
        }
    }
    any || duplicate
}

/// Runs the solver on one function with a body that [`may_find_constants`] let through; the
/// constant values of its local ids in executable blocks (None when a block has no
/// terminator).
fn propagate(
    f: &Function,
    st: &mut State,
    value_types: &crate::util::ValueTypes,
    rules: &FoldRules,
    local: &mut LocalIds,
) -> Option<Constants> {
    let mut terminators = Vec::with_capacity(f.blocks.len());
    for block in &f.blocks {
        // The terminator, skipping debug lines the decoder may have kept after it.
        terminators.push(
            block
                .instructions
                .iter()
                .rposition(|i| is_block_terminator(i.opcode))?,
        );
    }
    // Number the labels and local results (a later definition of a duplicated id wins, as
    // the maps did), then count each definition's users and lay them out in one array.
    let mut def_ids = Vec::new();
    for (b, block) in f.blocks.iter().enumerate() {
        let i = local.fit(block.id());
        local.block[i] = b as u32 + 1;
        for inst in &block.instructions {
            if let Some(r) = inst.result_id {
                let i = local.fit(r);
                if local.def[i] == 0 {
                    def_ids.push(r);
                    local.def[i] = def_ids.len() as u32;
                }
            }
        }
    }
    let mut use_start = vec![0u32; def_ids.len() + 1];
    fn operand_defs<'a>(
        local: &'a LocalIds,
        inst: &'a Instruction,
    ) -> impl Iterator<Item = usize> + 'a {
        inst.operands
            .iter()
            .filter_map(Operand::id)
            .filter_map(|id| local.def(id))
    }
    for block in &f.blocks {
        for inst in &block.instructions {
            for k in operand_defs(local, inst) {
                use_start[k + 1] += 1;
            }
        }
    }
    for k in 1..use_start.len() {
        use_start[k] += use_start[k - 1];
    }
    let mut uses = vec![(0u32, 0u32); use_start[def_ids.len()] as usize];
    let mut fill = use_start.clone();
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.instructions.iter().enumerate() {
            for k in operand_defs(local, inst) {
                uses[fill[k] as usize] = (b as u32, i as u32);
                fill[k] += 1;
            }
        }
    }
    let lattice = vec![None; def_ids.len()];
    let mut s = Solver {
        f,
        st,
        value_types,
        rules,
        local,
        def_ids,
        use_start,
        uses,
        terminators,
        lattice,
        executable: vec![false; f.blocks.len()],
        edges: FxHashSet::default(),
        block_work: vec![0],
        ssa_work: Vec::new(),
    };
    s.executable[0] = true;
    loop {
        if let Some(b) = s.block_work.pop() {
            for i in 0..f.blocks[b as usize].instructions.len() {
                s.visit(b, i as u32);
            }
        } else if let Some(id) = s.ssa_work.pop() {
            let Some(k) = s.local.def(id) else {
                continue;
            };
            for u in s.use_start[k]..s.use_start[k + 1] {
                let (b, i) = s.uses[u as usize];
                if s.executable[b as usize] {
                    s.visit(b, i);
                }
            }
        } else {
            break;
        }
    }
    let mut constants = Vec::new();
    for (k, lat) in s.lattice.iter().enumerate() {
        match lat {
            Some(Lat::Const(v)) => {
                let id = s.def_ids[k];
                if let Some(&ty) = s.value_types.get(&id) {
                    constants.push((id, ty, v.clone()));
                }
            }
            Some(Lat::Varying) | None => {}
        }
    }
    // Local values must not leak into the next function's evaluation.
    for (k, lat) in s.lattice.iter().enumerate() {
        if lat.is_some() {
            s.st.forget(s.def_ids[k]);
        }
    }
    let def_ids = std::mem::take(&mut s.def_ids);
    for id in def_ids {
        if let Some(i) = local.slot(id) {
            local.def[i] = 0;
        }
    }
    for block in &f.blocks {
        if let Some(i) = local.slot(block.id()) {
            local.block[i] = 0;
        }
    }
    constants.sort_by_key(|(id, _, _)| id.0);
    Some(constants)
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn a_loop_counter_stays_varying_and_a_decided_branch_makes_its_phi_constant() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %p "p"
OpName %i "i"
OpName %out "out"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%gptr = OpTypePointer CrossWorkgroup %uint
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c4 = OpConstant %uint 4
%c9 = OpConstant %uint 9
%fn = OpTypeFunction %void %gptr
%k = OpFunction %void None %fn
%out = OpFunctionParameter %gptr
%entry = OpLabel
%x = OpIAdd %uint %c4 %c0
%cond = OpULessThan %bool %x %c9
OpBranchConditional %cond %then %else
%then = OpLabel
%y = OpIMul %uint %x %c1
OpBranch %join
%else = OpLabel
%z = OpLoad %uint %out
OpBranch %join
%join = OpLabel
%p = OpPhi %uint %y %then %z %else
OpStore %out %p
OpBranch %loop
%loop = OpLabel
%i = OpPhi %uint %c0 %join %next %loop
%next = OpIAdd %uint %i %c1
OpStore %out %i
%more = OpULessThan %bool %next %c4
OpBranchConditional %more %loop %exit
%exit = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::Ccp, &assemble(src)));
        // %p only receives %y = 4 over the executable edge.
        assert!(!text.contains("%p = OpPhi"), "{text}");
        assert!(text.contains("OpStore %out %uint_4"), "{text}");
        assert!(text.contains("OpBranchConditional %true"), "{text}");
        // The loop counter changes: it stays.
        assert!(text.contains("%i = OpPhi"), "{text}");
        assert!(text.contains("OpStore %out %i"), "{text}");
    }

    /// The pre-check keeps what only optimism finds: a loop phi fed back its own value times
    /// one is the constant it starts with; a function whose values all come from a parameter
    /// is left as it is.
    #[test]
    fn a_loop_phi_found_constant_only_optimistically_is_still_found() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpCapability Linkage
OpMemoryModel Physical64 OpenCL
OpName %i "i"
OpName %out "out"
OpName %q "q"
OpDecorate %k LinkageAttributes "k" Export
OpDecorate %g LinkageAttributes "g" Export
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%gptr = OpTypePointer CrossWorkgroup %uint
%c1 = OpConstant %uint 1
%c5 = OpConstant %uint 5
%fn = OpTypeFunction %void %gptr %bool
%gfn = OpTypeFunction %uint %uint
%k = OpFunction %void None %fn
%out = OpFunctionParameter %gptr
%c = OpFunctionParameter %bool
%entry = OpLabel
OpBranch %loop
%loop = OpLabel
%i = OpPhi %uint %c5 %entry %next %loop
%next = OpIMul %uint %i %c1
OpStore %out %i
OpLoopMerge %exit %loop None
OpBranchConditional %c %loop %exit
%exit = OpLabel
OpReturn
OpFunctionEnd
%g = OpFunction %uint None %gfn
%x = OpFunctionParameter %uint
%ge = OpLabel
%q = OpIAdd %uint %x %c1
%r = OpIMul %uint %q %c5
OpReturnValue %r
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::Ccp, &assemble(src)));
        assert!(!text.contains("%i = OpPhi"), "{text}");
        assert!(text.contains("OpStore %out %uint_5"), "{text}");
        assert!(text.contains("%q = OpIAdd %uint"), "{text}");
        assert!(text.contains("OpIMul %uint %q %uint_5"), "{text}");
    }

    #[test]
    fn switch_on_a_propagated_selector_in_a_shader() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %r "r"
OpName %v "v"
%void = OpTypeVoid
%int = OpTypeInt 32 1
%pint = OpTypePointer Function %int
%c2 = OpConstant %int 2
%c3 = OpConstant %int 3
%c7 = OpConstant %int 7
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %pint Function
%sel = OpISub %int %c3 %c2
OpSelectionMerge %merge None
OpSwitch %sel %default 1 %one 2 %two
%one = OpLabel
%a = OpIAdd %int %c2 %c2
OpBranch %merge
%two = OpLabel
%b = OpLoad %int %v
OpBranch %merge
%default = OpLabel
OpBranch %merge
%merge = OpLabel
%r = OpPhi %int %a %one %b %two %c7 %default
OpStore %v %r
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::Ccp, &assemble(src)));
        assert!(!text.contains("%r = OpPhi"), "{text}");
        assert!(text.contains("OpStore %v %int_4"), "{text}");
        assert!(text.contains("OpSwitch %int_1"), "{text}");
    }

    /// The per-worker tables grow to whatever ids the functions bring, in any order: a later
    /// function with lower ids than the earlier ones moves the base, entries stay put.
    #[test]
    fn local_id_tables_grow_at_either_end() {
        use spirvkit_core::Id;
        let mut local = super::LocalIds::default();
        for (id, k) in [(1000, 7), (10, 3), (5000, 9), (9, 1)] {
            let i = local.fit(Id(id));
            local.def[i] = k;
        }
        assert_eq!(local.def(Id(1000)), Some(6));
        assert_eq!(local.def(Id(10)), Some(2));
        assert_eq!(local.def(Id(5000)), Some(8));
        assert_eq!(local.def(Id(9)), Some(0));
        assert_eq!(local.def(Id(11)), None);
        assert_eq!(local.def(Id(5001)), None);
    }

    /// Functions whose ids decrease from one to the next are solved alike.
    #[test]
    fn functions_in_decreasing_id_order_are_all_solved() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpCapability Linkage
OpMemoryModel Physical64 OpenCL
OpDecorate %900 LinkageAttributes "a" Export
OpDecorate %50 LinkageAttributes "b" Export
%1 = OpTypeVoid
%2 = OpTypeInt 32 0
%3 = OpTypeBool
%4 = OpTypePointer CrossWorkgroup %2
%5 = OpConstant %2 4
%6 = OpConstant %2 9
%7 = OpTypeFunction %1 %4
%900 = OpFunction %1 None %7
%901 = OpFunctionParameter %4
%902 = OpLabel
%903 = OpULessThan %3 %5 %6
OpSelectionMerge %905 None
OpBranchConditional %903 %904 %905
%904 = OpLabel
OpBranch %905
%905 = OpLabel
%906 = OpPhi %2 %5 %902 %6 %904
OpStore %901 %906
OpReturn
OpFunctionEnd
%50 = OpFunction %1 None %7
%51 = OpFunctionParameter %4
%52 = OpLabel
%53 = OpULessThan %3 %6 %5
OpSelectionMerge %55 None
OpBranchConditional %53 %54 %55
%54 = OpLabel
OpBranch %55
%55 = OpLabel
%56 = OpPhi %2 %5 %52 %6 %54
OpStore %51 %56
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::Ccp, &assemble(src)));
        // 4 < 9: the branch is taken, the phi is 9; 9 < 4 is not: the phi is 4.
        assert!(text.contains("OpStore %901 %uint_9"), "{text}");
        assert!(text.contains("OpStore %51 %uint_4"), "{text}");
        assert!(!text.contains("OpPhi"), "{text}");
    }
}
