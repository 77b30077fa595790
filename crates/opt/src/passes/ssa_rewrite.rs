//! `--ssa-rewrite` (also `--eliminate-local-multi-store`): Function-storage variables that are
//! only loaded and stored whole become SSA values, with OpPhi where control flow merges
//! (Cytron et al.: phis at the iterated dominance frontier of the stores, then renaming down
//! the dominator tree). Works on Kernel modules as well as shaders.
//!
//! A variable is promoted when every use is the pointer of a non-volatile OpLoad or OpStore in
//! its own function and nothing decorates it except Alignment / RelaxedPrecision; in Logical
//! addressing, variables holding pointers are left alone (OpPhi on pointers needs variable
//! pointers). Loads before any store read the initializer or OpUndef. Phis that end up unused
//! are left to dead-code elimination.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::passes::local_vars::note_decorated;
use spirvkit_core::analysis::{DomTree, FunctionCfg, UNDEF};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{AddressingModel, MemoryAccess, Op, StorageClass};
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct SsaRewrite;

/// Module facts shared by every function.
struct Context {
    /// Pointer type → pointee type.
    pointee: FxHashMap<Id, Id>,
    pointer_types: FxHashMap<Id, ()>,
    logical: bool,
    /// Ids with decorations other than the harmless ones.
    decorated: FxHashMap<Id, ()>,
    /// OpUndef per type (existing or created).
    undefs: FxHashMap<Id, Id>,
    new_globals: Vec<Instruction>,
    next_id: u32,
    /// Promoted variables and replaced loads: their names and decorations go.
    removed: crate::util::IdSet,
}

impl Context {
    fn undef(&mut self, ty: Id) -> Id {
        if let Some(&u) = self.undefs.get(&ty) {
            return u;
        }
        let id = Id(self.next_id);
        self.next_id += 1;
        self.new_globals
            .push(Instruction::new(Op::Undef, Some(ty), Some(id), []));
        self.undefs.insert(ty, id);
        id
    }

    fn fresh(&mut self) -> Id {
        let id = Id(self.next_id);
        self.next_id += 1;
        id
    }
}

fn volatile(inst: &Instruction, first_access: usize) -> bool {
    inst.operands
        .get(first_access)
        .and_then(Operand::word)
        .is_some_and(|m| m & MemoryAccess::Volatile.0 != 0)
}

impl Pass for SsaRewrite {
    fn name(&self) -> &'static str {
        "ssa-rewrite"
    }

    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error> {
        if !analyses.has_function_variables(module) {
            return Ok(Changed::No);
        }
        let mut cx = Context {
            pointee: FxHashMap::default(),
            pointer_types: FxHashMap::default(),
            logical: false,
            decorated: FxHashMap::default(),
            undefs: FxHashMap::default(),
            new_globals: Vec::new(),
            next_id: module.header.bound,
            removed: crate::util::IdSet::new(module.header.bound),
        };
        for inst in &module.globals {
            match inst.opcode {
                Op::MemoryModel => {
                    cx.logical =
                        inst.operands.first() == Some(&Operand::Word(AddressingModel::Logical.0))
                }
                Op::TypePointer | Op::TypeUntypedPointerKHR => {
                    if let Some(id) = inst.result_id {
                        cx.pointer_types.insert(id, ());
                        if let Some(Operand::Id(p)) = inst.operands.get(1) {
                            cx.pointee.insert(id, *p);
                        }
                    }
                }
                Op::Undef => {
                    if let (Some(t), Some(id)) = (inst.result_type, inst.result_id) {
                        cx.undefs.entry(t).or_insert(id);
                    }
                }
                _ => note_decorated(inst, &mut cx.decorated),
            }
        }
        let mut changed = false;
        for fi in 0..module.functions.len() {
            if module.functions[fi].blocks.is_empty() {
                continue;
            }
            // Most functions have nothing to promote: no CFG or dominators for them.
            let vars = candidates(&module.functions[fi], &cx);
            if vars.is_empty() {
                continue;
            }
            let cfg = analyses.cfg(module, fi);
            let Some(dom) = analyses.dominators(module, fi).cloned() else {
                continue;
            };
            changed |= rewrite_function(&mut module.functions[fi], vars, &cfg, &dom, &mut cx);
        }
        if changed {
            // OpUndefs go at the end of the global section (after every type).
            module.globals.append(&mut cx.new_globals);
            module.header.bound = cx.next_id;
            crate::util::remove_references_to(module, &cx.removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

/// The promotable variables of a function: id → (value type, initializer).
fn candidates(f: &Function, cx: &Context) -> FxHashMap<Id, (Id, Option<Id>)> {
    let mut vars: FxHashMap<Id, (Id, Option<Id>)> = FxHashMap::default();
    let Some(entry) = f.blocks.first() else {
        return vars;
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
        let Some(&ty) = cx.pointee.get(&ptr) else {
            continue;
        };
        if cx.decorated.contains_key(&id) || (cx.logical && cx.pointer_types.contains_key(&ty)) {
            continue;
        }
        vars.insert(id, (ty, inst.operands.get(1).and_then(Operand::id)));
    }
    if vars.is_empty() {
        return vars;
    }
    // Any use other than a whole, non-volatile load or store pointer disqualifies.
    for inst in f.instructions() {
        let allowed_first = match inst.opcode {
            Op::Load => !volatile(inst, 1),
            Op::Store => !volatile(inst, 2),
            _ => false,
        };
        for (i, op) in inst.operands.iter().enumerate() {
            let Operand::Id(id) = op else { continue };
            if vars.contains_key(id) && !(allowed_first && i == 0) {
                vars.remove(id);
            }
        }
        if let Some(t) = inst.result_type {
            vars.remove(&t);
        }
    }
    vars
}

fn dominance_frontiers(cfg: &FunctionCfg, dom: &DomTree) -> Vec<Vec<u32>> {
    let n = cfg.len();
    let mut df: Vec<Vec<u32>> = vec![Vec::new(); n];
    for b in 0..n {
        let preds = &cfg.preds[b];
        if preds.len() < 2 || dom.rpo_number[b] == UNDEF {
            continue;
        }
        let idom = dom.idom[b];
        for &p in preds {
            let mut runner = p;
            let mut steps = 0usize;
            while runner != idom && runner != UNDEF && dom.rpo_number[runner as usize] != UNDEF {
                if !df[runner as usize].contains(&(b as u32)) {
                    df[runner as usize].push(b as u32);
                }
                let next = dom.idom[runner as usize];
                if next == runner || steps > n {
                    break;
                }
                runner = next;
                steps += 1;
            }
        }
    }
    df
}

fn rewrite_function(
    f: &mut Function,
    vars: FxHashMap<Id, (Id, Option<Id>)>,
    cfg: &FunctionCfg,
    dom: &DomTree,
    cx: &mut Context,
) -> bool {
    let n = cfg.len();
    let mut var_list: Vec<Id> = vars.keys().copied().collect();
    var_list.sort_unstable();
    let var_index: FxHashMap<Id, usize> =
        var_list.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    // Blocks storing to each variable.
    let mut def_blocks: Vec<Vec<u32>> = vec![Vec::new(); var_list.len()];
    for (b, block) in f.blocks.iter().enumerate() {
        for inst in &block.instructions {
            if inst.opcode == Op::Store {
                if let Some(&v) = inst
                    .operands
                    .first()
                    .and_then(Operand::id)
                    .and_then(|p| var_index.get(&p))
                {
                    if def_blocks[v].last() != Some(&(b as u32)) {
                        def_blocks[v].push(b as u32);
                    }
                }
            }
        }
    }
    // Phi placement: phis[b] = (variable index, phi id).
    let df = dominance_frontiers(cfg, dom);
    let mut phis: Vec<Vec<(usize, Id)>> = vec![Vec::new(); n];
    let mut has_phi = vec![usize::MAX; n];
    for (v, blocks) in def_blocks.iter().enumerate() {
        let mut work: Vec<u32> = blocks.clone();
        let mut queued = vec![false; n];
        for &b in &work {
            queued[b as usize] = true;
        }
        while let Some(b) = work.pop() {
            for &d in &df[b as usize] {
                if has_phi[d as usize] == v {
                    continue;
                }
                has_phi[d as usize] = v;
                let id = cx.fresh();
                phis[d as usize].push((v, id));
                if !queued[d as usize] {
                    queued[d as usize] = true;
                    work.push(d);
                }
            }
        }
    }
    // Renaming down the dominator tree (iteratively: hostile inputs are deep).
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &b in &dom.rpo {
        let d = dom.idom[b as usize];
        if d != UNDEF && d != b {
            children[d as usize].push(b);
        }
    }
    let initial: Vec<Option<Id>> = var_list.iter().map(|v| vars[v].1).collect();
    let types: Vec<Id> = var_list.iter().map(|v| vars[v].0).collect();
    let mut current: Vec<Option<Id>> = initial.clone();
    let mut replace: FxHashMap<Id, Id> = FxHashMap::default();
    let mut incoming: Vec<Vec<Vec<(Id, Id)>>> =
        phis.iter().map(|p| vec![Vec::new(); p.len()]).collect();
    enum Step {
        Enter(u32),
        Restore(Vec<Option<Id>>),
    }
    let mut stack = vec![Step::Enter(0)];
    if dom.rpo.first() != Some(&0) {
        return false;
    }
    while let Some(step) = stack.pop() {
        let b = match step {
            Step::Restore(saved) => {
                current = saved;
                continue;
            }
            Step::Enter(b) => b,
        };
        stack.push(Step::Restore(current.clone()));
        for &(v, id) in &phis[b as usize] {
            current[v] = Some(id);
        }
        for inst in &f.blocks[b as usize].instructions {
            let ptr = inst.operands.first().and_then(Operand::id);
            let Some(&v) = ptr.and_then(|p| var_index.get(&p)) else {
                continue;
            };
            match inst.opcode {
                Op::Load => {
                    let value = match current[v] {
                        Some(x) => x,
                        None => cx.undef(types[v]),
                    };
                    if let Some(r) = inst.result_id {
                        replace.insert(r, value);
                    }
                }
                Op::Store => {
                    if let Some(value) = inst.operands.get(1).and_then(Operand::id) {
                        current[v] = Some(*replace.get(&value).unwrap_or(&value));
                    }
                }
                _ => {}
            }
        }
        let label = cfg.labels[b as usize];
        for &s in &cfg.succs[b as usize] {
            for (k, &(v, _)) in phis[s as usize].iter().enumerate() {
                let value = match current[v] {
                    Some(x) => x,
                    None => cx.undef(types[v]),
                };
                incoming[s as usize][k].push((value, label));
            }
        }
        for &c in children[b as usize].iter().rev() {
            stack.push(Step::Enter(c));
        }
    }
    // Unreachable predecessors still need an incoming pair; unreachable loads read undef.
    for b in 0..n {
        for (k, &(v, _)) in phis[b].iter().enumerate() {
            for &p in &cfg.preds[b] {
                if dom.rpo_number[p as usize] == UNDEF {
                    let u = cx.undef(types[v]);
                    incoming[b][k].push((u, cfg.labels[p as usize]));
                }
            }
        }
        if dom.rpo_number[b] == UNDEF {
            for inst in &f.blocks[b].instructions {
                let v = inst
                    .operands
                    .first()
                    .and_then(Operand::id)
                    .and_then(|p| var_index.get(&p));
                if let (Op::Load, Some(&v), Some(r)) = (inst.opcode, v, inst.result_id) {
                    let u = cx.undef(types[v]);
                    replace.insert(r, u);
                }
            }
        }
    }
    // Resolve chains (a load replaced by a value that is itself a replaced load).
    let resolve = |mut id: Id, replace: &FxHashMap<Id, Id>| {
        let mut steps = 0;
        while let Some(&next) = replace.get(&id) {
            if next == id || steps > replace.len() {
                break;
            }
            id = next;
            steps += 1;
        }
        id
    };
    let removed = &mut cx.removed;
    for (b, block) in f.blocks.iter_mut().enumerate() {
        block.instructions.retain(|inst| {
            let touches_var = inst
                .operands
                .first()
                .and_then(Operand::id)
                .is_some_and(|p| var_index.contains_key(&p));
            let is_var = inst.opcode == Op::Variable
                && inst.result_id.is_some_and(|r| var_index.contains_key(&r));
            let remove = is_var || (touches_var && matches!(inst.opcode, Op::Load | Op::Store));
            if let (true, Some(r)) = (remove, inst.result_id) {
                removed.insert(r);
            }
            !remove
        });
        let new_phis: Vec<Instruction> = phis[b]
            .iter()
            .zip(&incoming[b])
            .map(|(&(v, id), pairs)| {
                Instruction::new(
                    Op::Phi,
                    Some(types[v]),
                    Some(id),
                    pairs
                        .iter()
                        .flat_map(|&(val, l)| [Operand::Id(val), Operand::Id(l)]),
                )
            })
            .collect();
        if !new_phis.is_empty() {
            block.instructions.splice(0..0, new_phis);
        }
    }
    for inst in f.instructions_mut() {
        for op in inst.operands.iter_mut() {
            if let Operand::Id(id) = op {
                *id = resolve(*id, &replace);
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn kernel_diamond_gets_a_phi() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %x "x"
OpName %merge "merge"
OpName %out "out"
OpName %then "then"
OpDecorate %x Alignment 4
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ptr = OpTypePointer Function %uint
%gptr = OpTypePointer CrossWorkgroup %uint
%one = OpConstant %uint 1
%two = OpConstant %uint 2
%fn = OpTypeFunction %void %gptr %bool
%k = OpFunction %void None %fn
%out = OpFunctionParameter %gptr
%c = OpFunctionParameter %bool
%entry = OpLabel
%x = OpVariable %ptr Function
OpStore %x %one
OpBranchConditional %c %then %merge
%then = OpLabel
OpStore %x %two
OpBranch %merge
%merge = OpLabel
%v = OpLoad %uint %x
OpStore %out %v
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::SsaRewrite, &assemble(src)));
        assert!(!text.contains("OpVariable"), "{text}");
        assert!(!text.contains("OpLoad"), "{text}");
        assert!(
            text.contains("OpPhi %uint %uint_1 %15 %uint_2 %then"),
            "{text}"
        );
        assert!(text.contains("OpStore %out %"), "{text}");
    }

    #[test]
    fn shader_loop_counter_becomes_ssa() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%ptr = OpTypePointer Function %int
%zero = OpConstant %int 0
%one = OpConstant %int 1
%ten = OpConstant %int 10
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%i = OpVariable %ptr Function %zero
OpBranch %header
%header = OpLabel
OpLoopMerge %exit %cont None
OpBranch %body
%body = OpLabel
%iv = OpLoad %int %i
%cmp = OpSLessThan %bool %iv %ten
OpBranchConditional %cmp %cont %exit
%cont = OpLabel
%iv2 = OpLoad %int %i
%next = OpIAdd %int %iv2 %one
OpStore %i %next
OpBranch %header
%exit = OpLabel
OpReturn
OpFunctionEnd
"#;
        let out = run_pass(&super::SsaRewrite, &assemble(src));
        let text = disassemble(&out);
        assert!(!text.contains("OpVariable"), "{text}");
        assert!(text.contains("OpPhi %int %int_0"), "{text}");
        // Dead-code elimination after it keeps the module valid too; the loop does nothing
        // and its counter proves it finite, so it goes.
        let text = disassemble(&run_pass(
            &crate::passes::eliminate_dead_code::EliminateDeadCode,
            &out,
        ));
        assert!(!text.contains("OpLoopMerge"), "{text}");
    }
}
