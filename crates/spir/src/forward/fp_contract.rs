//! Which kernels get ContractionOff under `--spirv-fp-contract=on` (the default): llvm-spirv
//! decides per function, not from the module's `!opencl.enable.FP_CONTRACT` (which clang no
//! longer writes, and which llvm-spirv only restores in the reverse direction). A function
//! disables contraction when it
//!
//! - has an `fadd` or `fsub` without the `contract` fast-math flag (an `fmul` alone does not:
//!   contraction needs the addition to allow it),
//! - calls a function without a body (a declaration, the OpenCL built-ins included: what it
//!   does is unknown) or through a pointer — LLVM intrinsics excepted, or
//! - calls a function that disables it.
//!
//! This is llvm-spirv-15's result on every probe and llvm-spirv's `ContractionON.ll`
//! (`kernel_on_7`: an `fadd contract` of a call to a function with a plain `fmul` keeps
//! contraction; its six `kernel_off_*` lose it).

use llvm::{fmf, BinaryOp, InstKind, ValueRef};
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_llvm as llvm;

fn disables_by_itself(m: &llvm::Module, func: &llvm::Function) -> bool {
    func.insts.iter().any(|inst| match &inst.kind {
        InstKind::Binary {
            op: BinaryOp::FAdd | BinaryOp::FSub,
            fast_math,
            ..
        } => fast_math & (fmf::CONTRACT | fmf::FAST_OLD) == 0,
        InstKind::Call { callee, .. } => match callee {
            ValueRef::Function(g) => m
                .functions
                .get(g.0 as usize)
                .is_some_and(|callee| callee.is_declaration() && !callee.name.starts_with("llvm.")),
            // An inline-assembly callee is opaque too; a call through a pointer could reach
            // any function.
            _ => true,
        },
        _ => false,
    })
}

/// The functions whose contraction llvm-spirv disables.
pub(crate) fn functions_disabling_contraction(m: &llvm::Module) -> FxHashSet<llvm::FuncId> {
    let mut disabled = FxHashSet::default();
    let mut callers: FxHashMap<llvm::FuncId, Vec<llvm::FuncId>> = FxHashMap::default();
    let mut pending = Vec::new();
    for (i, func) in m.functions.iter().enumerate() {
        if func.is_declaration() {
            continue;
        }
        let f = llvm::FuncId(i as u32);
        for inst in &func.insts {
            if let InstKind::Call {
                callee: ValueRef::Function(g),
                ..
            } = &inst.kind
            {
                callers.entry(*g).or_default().push(f);
            }
        }
        if disables_by_itself(m, func) && disabled.insert(f) {
            pending.push(f);
        }
    }
    while let Some(f) = pending.pop() {
        for &caller in callers.get(&f).into_iter().flatten() {
            if disabled.insert(caller) {
                pending.push(caller);
            }
        }
    }
    disabled
}
