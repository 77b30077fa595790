//! The order of the types, constants and global variables, as llvm-spirv writes them.
//!
//! llvm-spirv sorts its globals when it writes a module (`TopologicalSort` in
//! `SPIRVModule.cpp`): it visits every type, constant and variable by ascending id, each after
//! the entries its operands name (depth first, a pointer declared by OpTypeForwardPointer
//! ending the chain), and writes what it visited in four runs: the integer types, the
//! constants of integer type, the other types, then everything else (other constants and the
//! variables). Tests check those lines in order (`CHECK-SPIRV: TypeInt 32`, `TypeInt 64`,
//! then `TypeVector`), so spirvkit writes the same runs, visiting by its own ids.
//!
//! Forward pointers stay first; instructions without a result (lines) and the non-semantic
//! extended instructions (debug information) follow the sorted globals in their order. The
//! result is checked: should a global name one written after it (an integer spec constant
//! operation over a composite, say), the section keeps its order.

use crate::forward::translator::Translator;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::module::Section;
use spirvkit_core::{Id, Instruction};
use spirvkit_grammar::Op;

/// The run an instruction is written in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Run {
    IntegerType,
    IntegerConstant,
    Type,
    Other,
}

/// A type: in this section, a result without a result type (whatever the grammar's class
/// for vendor types such as OpTypeTaskSequenceINTEL).
fn is_type(i: &Instruction) -> bool {
    i.result_id.is_some() && i.result_type.is_none()
}

impl Translator<'_> {
    /// Rewrites the types-and-globals section in llvm-spirv's order.
    pub(crate) fn order_globals(&mut self) {
        let list = self.b.take_section(Section::TypesAndGlobals);
        let ordered = llvm_spirv_order(&list);
        self.b
            .put_section(Section::TypesAndGlobals, ordered.unwrap_or(list));
    }
}

/// The section in llvm-spirv's order, or `None` when that order would name an id before
/// its definition.
fn llvm_spirv_order(list: &[Instruction]) -> Option<Vec<Instruction>> {
    let forward: Vec<usize> = (0..list.len())
        .filter(|&i| list[i].opcode == Op::TypeForwardPointer)
        .collect();
    let forward_pointers: FxHashSet<Id> = forward
        .iter()
        .filter_map(|&i| list[i].operands.first().and_then(|o| o.id()))
        .collect();
    let sortable = |i: &Instruction| {
        i.result_id.is_some() && i.opcode != Op::ExtInst && i.opcode != Op::TypeForwardPointer
    };
    let index: FxHashMap<Id, usize> = list
        .iter()
        .enumerate()
        .filter(|(_, i)| sortable(i))
        .filter_map(|(n, i)| i.result_id.map(|r| (r, n)))
        .collect();
    let mut by_id: Vec<(Id, usize)> = index.iter().map(|(&id, &n)| (id, n)).collect();
    by_id.sort_unstable_by_key(|&(id, _)| id.0);
    let run = |i: &Instruction| {
        let integer = |ty: Option<Id>| {
            ty.and_then(|t| index.get(&t))
                .is_some_and(|&n| list[n].opcode == Op::TypeInt)
        };
        if i.opcode == Op::TypeInt {
            Run::IntegerType
        } else if integer(i.result_type) {
            // Constants, spec constants and OpUndef (llvm-spirv's `isConstantOpCode`); a
            // variable's type is a pointer.
            Run::IntegerConstant
        } else if is_type(i) {
            Run::Type
        } else {
            Run::Other
        }
    };
    // 0 unvisited, 1 on the stack, 2 written.
    let mut state = vec![0u8; list.len()];
    let mut runs: [Vec<usize>; 4] = Default::default();
    for &(_, start) in &by_id {
        if state[start] != 0 {
            continue;
        }
        // Iterative depth-first post-order: (instruction, next operand to look at).
        let mut stack = vec![(start, 0usize)];
        state[start] = 1;
        while let Some(&mut (n, ref mut next)) = stack.last_mut() {
            let operands = &list[n].operands;
            let mut pushed = false;
            while *next < operands.len() {
                let operand = operands[*next].id();
                *next += 1;
                let Some(id) = operand else { continue };
                if forward_pointers.contains(&id) {
                    continue;
                }
                if let Some(&m) = index.get(&id) {
                    if state[m] == 0 {
                        state[m] = 1;
                        stack.push((m, 0));
                        pushed = true;
                        break;
                    }
                }
            }
            if !pushed {
                stack.pop();
                state[n] = 2;
                runs[run(&list[n]) as usize].push(n);
            }
        }
    }
    let mut order: Vec<usize> = forward;
    order.extend(runs.iter().flatten());
    order.extend(
        (0..list.len())
            .filter(|&n| !sortable(&list[n]) && list[n].opcode != Op::TypeForwardPointer),
    );
    // Every id a sorted global names must be defined before it.
    let mut defined = FxHashSet::default();
    for &n in &order {
        let inst = &list[n];
        let early = inst
            .used_ids()
            .filter(|id| index.contains_key(id))
            .all(|id| defined.contains(&id) || forward_pointers.contains(&id));
        if !early && inst.opcode != Op::TypeForwardPointer {
            return None;
        }
        if let Some(r) = inst.result_id {
            defined.insert(r);
        }
    }
    Some(order.into_iter().map(|n| list[n].clone()).collect())
}
