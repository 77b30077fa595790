//! Entry-point interfaces after linking: a kernel may now reach globals of another input
//! through a call. From SPIR-V 1.4 the interface lists every global variable the entry point's
//! call tree references; before, only Input and Output variables. Listed ids are kept in order
//! (duplicates after renaming dropped); missing ones are appended in definition order.

use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::{Id, Module, Operand};
use spirvkit_grammar::{Op, StorageClass};

pub fn recompute(module: &mut Module) {
    let all_globals = module.header.version >= 0x0001_0400;
    let bound = module.header.bound as usize;
    // Interface candidates, by definition order.
    let mut order: Vec<u32> = vec![u32::MAX; bound];
    let mut next = 0u32;
    for inst in &module.globals {
        if !matches!(inst.opcode, Op::Variable | Op::UntypedVariableKHR) {
            continue;
        }
        let class = inst.operands.first().and_then(Operand::word);
        let wanted = match class {
            Some(c) if c == StorageClass::Function.0 => false,
            Some(c) => all_globals || c == StorageClass::Input.0 || c == StorageClass::Output.0,
            None => false,
        };
        if let (true, Some(slot)) = (
            wanted,
            inst.result_id.and_then(|id| order.get_mut(id.0 as usize)),
        ) {
            *slot = next;
            next += 1;
        }
    }
    if next == 0 {
        return;
    }
    let is_candidate = |id: Id| order.get(id.0 as usize).is_some_and(|&o| o != u32::MAX);
    let index: FxHashMap<Id, usize> = module
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.id(), i))
        .collect();
    // Per function: candidates used directly and functions called.
    let direct: Vec<(Vec<Id>, Vec<usize>)> = module
        .functions
        .iter()
        .map(|f| {
            let mut vars = Vec::new();
            let mut calls = Vec::new();
            for inst in f.instructions() {
                if inst.opcode == Op::FunctionCall {
                    if let Some(&callee) = inst
                        .operands
                        .first()
                        .and_then(Operand::id)
                        .and_then(|c| index.get(&c))
                    {
                        calls.push(callee);
                    }
                }
                vars.extend(inst.used_ids().filter(|&id| is_candidate(id)));
            }
            (vars, calls)
        })
        .collect();
    for inst in &mut module.globals {
        if inst.opcode != Op::EntryPoint {
            continue;
        }
        let Some(&root) = inst
            .operands
            .get(1)
            .and_then(Operand::id)
            .and_then(|f| index.get(&f))
        else {
            continue;
        };
        let name_end = inst
            .operands
            .iter()
            .position(|o| matches!(o, Operand::String(_)))
            .map_or(3, |p| p + 1);
        let mut reached: FxHashSet<Id> = FxHashSet::default();
        let mut seen = vec![root];
        let mut visited: FxHashSet<usize> = FxHashSet::default();
        visited.insert(root);
        while let Some(f) = seen.pop() {
            let Some((vars, calls)) = direct.get(f) else {
                continue;
            };
            reached.extend(vars.iter().copied());
            for &c in calls {
                if visited.insert(c) {
                    seen.push(c);
                }
            }
        }
        let mut listed: FxHashSet<Id> = FxHashSet::default();
        let mut interface: Vec<Operand> = Vec::new();
        for o in inst.operands.get(name_end..).unwrap_or(&[]) {
            if let Some(id) = o.id() {
                if listed.insert(id) {
                    interface.push(Operand::Id(id));
                }
            }
        }
        let mut missing: Vec<Id> = reached
            .into_iter()
            .filter(|id| !listed.contains(id))
            .collect();
        missing.sort_by_key(|id| order.get(id.0 as usize).copied().unwrap_or(u32::MAX));
        interface.extend(missing.into_iter().map(Operand::Id));
        inst.operands.truncate(name_end);
        inst.operands.extend(interface);
    }
}
