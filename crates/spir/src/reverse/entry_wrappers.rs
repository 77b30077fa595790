//! Kernel entry-point wrappers. llvm-spirv (since LLVM 15) writes each `spir_kernel` twice: a
//! function with the kernel's name and Export linkage holding the body, and an entry point of
//! the same name whose one block only calls it with its own parameters (SPIR-V does not let one
//! entry point call another, OpenCL C lets kernels call kernels). In SPIR there is one kernel:
//! as `llvm-spirv -r` does, the named function becomes the kernel and the wrapper is dropped,
//! so a runtime asking for the kernel by name gets the body, not a `NAME.1` copy.

use super::Ctx;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::grammar::Op;
use spirvkit_core::{Function, Id, Operand};

impl Ctx<'_> {
    /// Finds the wrappers, moves their entry point (name, execution modes) to the function they
    /// call, and returns the wrapper ids, which are then neither declared nor translated.
    pub(super) fn fold_entry_point_wrappers(&mut self, functions: &[Function]) -> FxHashSet<Id> {
        let mut wrappers = FxHashSet::default();
        if self.entry_points.is_empty() {
            return wrappers;
        }
        let mut calls: FxHashMap<Id, usize> = FxHashMap::default();
        for callee in functions
            .iter()
            .flat_map(|f| f.instructions())
            .filter(|i| i.opcode == Op::FunctionCall)
            .filter_map(|i| i.operands.first().and_then(Operand::id))
        {
            *calls.entry(callee).or_default() += 1;
        }
        let by_id: FxHashMap<Id, &Function> = functions.iter().map(|f| (f.id(), f)).collect();
        for wrapper in functions {
            let id = wrapper.id();
            let Some(name) = self.entry_points.get(&id).cloned() else {
                continue;
            };
            if calls.contains_key(&id) {
                continue;
            }
            let Some(target) = self.single_forwarding_call(wrapper) else {
                continue;
            };
            let Some(body) = by_id.get(&target) else {
                continue;
            };
            let target_name = self
                .linkage_name(target)
                .or_else(|| self.name(target).map(str::to_owned));
            let same_type = body.def.operands.get(1) == wrapper.def.operands.get(1);
            // A body other code calls too (a kernel called from another function) stays a
            // `spir_func` the wrapper calls: folding it would make those callers call a
            // `spir_kernel`, which LLVM's verifier rejects.
            // The body then takes LLVM's uniqued name (`NAME.1`), the kernel keeps NAME.
            let called_elsewhere = calls.get(&target).copied().unwrap_or(0) > 1;
            if called_elsewhere && target_name.as_deref() == Some(name.as_str()) {
                self.function_renames.insert(target, format!("{name}.1"));
            }
            if body.blocks.is_empty()
                || called_elsewhere
                || self.entry_points.contains_key(&target)
                || target_name.as_deref() != Some(name.as_str())
                || !same_type
            {
                continue;
            }
            self.entry_points.remove(&id);
            self.entry_points.insert(target, name);
            if let Some(modes) = self.execution_modes.remove(&id) {
                self.execution_modes
                    .entry(target)
                    .or_default()
                    .extend(modes);
            }
            wrappers.insert(id);
        }
        wrappers
    }

    /// The callee when `f` is one block that only calls a function with `f`'s parameters in
    /// order (debug lines aside) and returns.
    fn single_forwarding_call(&self, f: &Function) -> Option<Id> {
        let [block] = f.blocks.as_slice() else {
            return None;
        };
        let mut body = block
            .instructions
            .iter()
            .filter(|i| !matches!(i.opcode, Op::Line | Op::NoLine));
        let call = body.next()?;
        let ret = body.next()?;
        if call.opcode != Op::FunctionCall || ret.opcode != Op::Return || body.next().is_some() {
            return None;
        }
        let callee = call.operands.first().and_then(Operand::id)?;
        let args: Vec<Option<Id>> = call.operands.iter().skip(1).map(Operand::id).collect();
        let params: Vec<Option<Id>> = f.parameters.iter().map(|p| p.result_id).collect();
        (args == params).then_some(callee)
    }
}
