//! The order in which the defined functions are emitted.
//!
//! SPIR-V lets an instruction name a function defined later only from OpFunctionCall (and a
//! few module-level instructions); spirv-val enforces it. An instruction inside a function
//! body that takes a function as an operand — OpTaskSequenceCreateINTEL's `Function`,
//! OpCooperativeMatrixApplyFunctionINTEL's, a function pointer spelled as an operand — would
//! otherwise make a forward reference whenever the LLVM module defines that function after
//! its user (as SYCL compilers do: the kernel first, the task body after it). Such a function
//! is therefore defined before the functions that use it by value; everything else keeps the
//! module's order, so a module without such uses is emitted exactly as before.

use spirvkit_llvm as llvm;
use spirvkit_llvm::{InstKind, ValueRef};

#[derive(Clone, Copy, PartialEq)]
enum Visit {
    NotYet,
    InProgress,
    Done,
}

/// `defined` reordered so that every function a body uses as a value (not as the callee of a
/// call) comes before that body. A cycle of such uses keeps the module order at the point
/// where it closes (there is no order without a forward reference then).
pub(crate) fn definition_order(m: &llvm::Module, defined: &[llvm::FuncId]) -> Vec<llvm::FuncId> {
    let mut state = vec![Visit::NotYet; m.functions.len()];
    let mut is_defined = vec![false; m.functions.len()];
    for f in defined {
        if let Some(slot) = is_defined.get_mut(f.0 as usize) {
            *slot = true;
        }
    }
    let mut order = Vec::with_capacity(defined.len());
    for &f in defined {
        visit(m, f, &is_defined, &mut state, &mut order);
    }
    order
}

fn visit(
    m: &llvm::Module,
    root: llvm::FuncId,
    is_defined: &[bool],
    state: &mut [Visit],
    order: &mut Vec<llvm::FuncId>,
) {
    // Iterative depth-first walk: (function, its value uses, how many were visited).
    if state.get(root.0 as usize) != Some(&Visit::NotYet) {
        return;
    }
    state[root.0 as usize] = Visit::InProgress;
    let mut stack = vec![(root, functions_used_as_values(m, root, is_defined), 0usize)];
    while let Some((f, uses, next)) = stack.last_mut() {
        if let Some(&g) = uses.get(*next) {
            *next += 1;
            if state[g.0 as usize] == Visit::NotYet {
                state[g.0 as usize] = Visit::InProgress;
                let g_uses = functions_used_as_values(m, g, is_defined);
                stack.push((g, g_uses, 0));
            }
            continue;
        }
        let done = *f;
        state[done.0 as usize] = Visit::Done;
        order.push(done);
        stack.pop();
    }
}

/// The defined functions `f`'s body uses as operand values, first use first, each once.
fn functions_used_as_values(
    m: &llvm::Module,
    f: llvm::FuncId,
    is_defined: &[bool],
) -> Vec<llvm::FuncId> {
    let mut uses: Vec<llvm::FuncId> = Vec::new();
    let Some(func) = m.functions.get(f.0 as usize) else {
        return uses;
    };
    let mut note = |v: ValueRef| {
        if let ValueRef::Function(g) = v {
            if g != f && is_defined.get(g.0 as usize) == Some(&true) && !uses.contains(&g) {
                uses.push(g);
            }
        }
    };
    for inst in &func.insts {
        match &inst.kind {
            // The callee of a direct call may be defined later (OpFunctionCall).
            InstKind::Call { args, .. } => args.iter().for_each(|&a| note(a)),
            kind => kind.for_each_operand(&mut note),
        }
    }
    uses
}
