//! `--promote-value-parameters` (spirvkit's own; part of -O/-Os): a Function-storage pointer
//! parameter that the callee only loads from becomes a parameter of the pointee's value. GLSL
//! front ends pass `in` arguments as pointers to fresh local copies; once the callee takes the
//! value, each caller loads its variable at the call, and the local copy, its store and the
//! callee's loads fold away (local-single-block elimination, dead code). spirv-opt reaches the
//! same code by inlining every call; seed 003 §1.2 keeps -O/-Os from inlining functions with
//! several call sites, and this keeps the calls.
//!
//! A parameter qualifies when every use in the callee is the pointer of a non-volatile whole
//! OpLoad and nothing but a name decorates it; the callee is only ever called (no entry point,
//! export, function pointer or other reference), and at every call the argument is a local
//! OpVariable of the caller passed once in that call, whose other uses are loads, stores, access
//! chains feeding those, and call arguments. Such a variable cannot change while the callee
//! runs: the callee only reads it and nothing else can reach it, so loading it at the call
//! reads what each of the callee's loads would have. Only Logical modules without variable
//! pointers (elsewhere an address can be copied where the pass does not see it), and never
//! parameters pointing to pointers.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::{remove_references_to, IdSet};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{AddressingModel, Capability, MemoryAccess, Op, StorageClass};
use spirvkit_core::module::Section;
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct PromoteValueParameters;

fn volatile(inst: &Instruction) -> bool {
    inst.operands
        .get(1)
        .and_then(Operand::word)
        .is_some_and(|m| m & MemoryAccess::Volatile.0 != 0)
}

impl Pass for PromoteValueParameters {
    fn name(&self) -> &'static str {
        "promote-value-parameters"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let bound = module.header.bound;
        // Pointer type → (storage class, pointee); pointer types; function types by operands.
        let mut pointers: FxHashMap<Id, (u32, Id)> = FxHashMap::default();
        let mut logical = false;
        let mut variable_pointers = false;
        let mut function_types: FxHashMap<Vec<Operand>, Id> = FxHashMap::default();
        // Ids referenced from module scope other than by names (entry points, decorations,
        // function pointers...).
        let mut pinned = IdSet::new(bound);
        for inst in &module.globals {
            match inst.opcode {
                Op::MemoryModel => {
                    logical =
                        inst.operands.first() == Some(&Operand::Word(AddressingModel::Logical.0))
                }
                Op::Capability => {
                    variable_pointers |= matches!(inst.operands.first(), Some(Operand::Word(c))
                        if *c == Capability::VariablePointers.0
                            || *c == Capability::VariablePointersStorageBuffer.0);
                }
                Op::TypePointer => {
                    if let (Some(id), Some(Operand::Word(c)), Some(Operand::Id(p))) =
                        (inst.result_id, inst.operands.first(), inst.operands.get(1))
                    {
                        pointers.insert(id, (*c, *p));
                    }
                }
                Op::TypeFunction => {
                    if let Some(id) = inst.result_id {
                        function_types
                            .entry(inst.operands.iter().cloned().collect())
                            .or_insert(id);
                    }
                }
                _ => {}
            }
            if !matches!(inst.section(), Section::DebugName | Section::DebugSource) {
                for id in inst.used_ids() {
                    pinned.insert(id);
                }
            }
        }
        // Only where pointers cannot be stored or cast: a callee could otherwise reach the
        // variable through a copy of its address.
        if !logical || variable_pointers {
            return Ok(Changed::No);
        }
        let function_index: FxHashMap<Id, usize> = module
            .functions
            .iter()
            .enumerate()
            .map(|(i, f)| (f.id(), i))
            .collect();
        // Any use of a function id inside functions other than as a call's callee pins it.
        for f in &module.functions {
            for inst in f.instructions() {
                for (k, op) in inst.operands.iter().enumerate() {
                    if let Operand::Id(id) = op {
                        let callee = inst.opcode == Op::FunctionCall && k == 0;
                        if !callee && function_index.contains_key(id) {
                            pinned.insert(*id);
                        }
                    }
                }
            }
        }
        // Candidate parameters: (function index, parameter position) → pointee type.
        let mut candidates: FxHashMap<(usize, usize), Id> = FxHashMap::default();
        for (fi, f) in module.functions.iter().enumerate() {
            if f.blocks.is_empty() || pinned.contains(f.id()) {
                continue;
            }
            for (pi, param) in f.parameters.iter().enumerate() {
                let (Some(id), Some(ty)) = (param.result_id, param.result_type) else {
                    continue;
                };
                let Some(&(class, pointee)) = pointers.get(&ty) else {
                    continue;
                };
                if class != StorageClass::Function.0
                    || pinned.contains(id)
                    || pointers.contains_key(&pointee)
                {
                    continue;
                }
                let only_loaded = f.blocks.iter().flat_map(|b| &b.instructions).all(|inst| {
                    inst.operands.iter().enumerate().all(|(k, op)| {
                        *op != Operand::Id(id)
                            || (inst.opcode == Op::Load && k == 0 && !volatile(inst))
                    })
                });
                if only_loaded {
                    candidates.insert((fi, pi), pointee);
                }
            }
        }
        if candidates.is_empty() {
            return Ok(Changed::No);
        }
        // Every call must pass a private local variable for the parameter.
        for f in &module.functions {
            let locals = local_variables(f);
            for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
                if inst.opcode != Op::FunctionCall {
                    continue;
                }
                let Some(&ci) = inst
                    .operands
                    .first()
                    .and_then(Operand::id)
                    .and_then(|c| function_index.get(&c))
                else {
                    continue;
                };
                let args = &inst.operands[1..];
                for (pi, arg) in args.iter().enumerate() {
                    if !candidates.contains_key(&(ci, pi)) {
                        continue;
                    }
                    let ok = arg.id().is_some_and(|a| {
                        locals.get(&a) == Some(&true)
                            && args.iter().filter(|o| **o == Operand::Id(a)).count() == 1
                    });
                    if !ok {
                        candidates.remove(&(ci, pi));
                    }
                }
            }
        }
        if candidates.is_empty() {
            return Ok(Changed::No);
        }
        let mut next_id = bound;
        let mut fresh = || {
            let id = Id(next_id);
            next_id += 1;
            id
        };
        // Callees: new function types, value parameters, loads replaced by the parameter.
        let mut new_types: Vec<Instruction> = Vec::new();
        let mut removed = IdSet::new(bound);
        for fi in 0..module.functions.len() {
            let promoted: Vec<(usize, Id)> = (0..module.functions[fi].parameters.len())
                .filter_map(|pi| candidates.get(&(fi, pi)).map(|&t| (pi, t)))
                .collect();
            if promoted.is_empty() {
                continue;
            }
            let f = &mut module.functions[fi];
            let mut replaced: FxHashMap<Id, Id> = FxHashMap::default();
            for &(pi, pointee) in &promoted {
                let param = &mut f.parameters[pi];
                param.result_type = Some(pointee);
                if let Some(id) = param.result_id {
                    replaced.insert(id, id);
                }
            }
            // Loads of a promoted parameter become the parameter itself.
            let mut load_values: FxHashMap<Id, Id> = FxHashMap::default();
            for block in &mut f.blocks {
                block.instructions.retain(|inst| {
                    let pointer = inst.operands.first().and_then(Operand::id);
                    match (inst.opcode, pointer, inst.result_id) {
                        (Op::Load, Some(p), Some(r)) if replaced.contains_key(&p) => {
                            load_values.insert(r, p);
                            false
                        }
                        _ => true,
                    }
                });
            }
            for inst in f.instructions_mut() {
                for op in inst.operands.iter_mut() {
                    if let Operand::Id(id) = op {
                        if let Some(&v) = load_values.get(id) {
                            *id = v;
                        }
                    }
                }
            }
            // The function's type: return type, then the parameter types.
            let mut operands: Vec<Operand> = Vec::with_capacity(f.parameters.len() + 1);
            let Some(return_type) = f.def.result_type else {
                continue;
            };
            operands.push(Operand::Id(return_type));
            for p in &f.parameters {
                if let Some(t) = p.result_type {
                    operands.push(Operand::Id(t));
                }
            }
            let ty = match function_types.get(&operands) {
                Some(&t) => t,
                None => {
                    let t = fresh();
                    new_types.push(Instruction::new(
                        Op::TypeFunction,
                        None,
                        Some(t),
                        operands.iter().cloned(),
                    ));
                    function_types.insert(operands, t);
                    t
                }
            };
            if let Some(op) = f.def.operands.get_mut(1) {
                *op = Operand::Id(ty);
            }
            for r in load_values.keys() {
                removed.insert(*r);
            }
        }
        // Callers: load the variable right before the call, pass the value.
        for f in &mut module.functions {
            for block in &mut f.blocks {
                let mut i = 0usize;
                while i < block.instructions.len() {
                    let inst = &block.instructions[i];
                    let callee = (inst.opcode == Op::FunctionCall)
                        .then(|| inst.operands.first().and_then(Operand::id))
                        .flatten()
                        .and_then(|c| function_index.get(&c).copied());
                    let Some(ci) = callee else {
                        i += 1;
                        continue;
                    };
                    let mut loads: Vec<Instruction> = Vec::new();
                    for pi in 0..inst.operands.len().saturating_sub(1) {
                        let Some(&pointee) = candidates.get(&(ci, pi)) else {
                            continue;
                        };
                        let Some(var) = block.instructions[i].operands[pi + 1].id() else {
                            continue;
                        };
                        let value = fresh();
                        loads.push(Instruction::new(
                            Op::Load,
                            Some(pointee),
                            Some(value),
                            [Operand::Id(var)],
                        ));
                        block.instructions[i].operands[pi + 1] = Operand::Id(value);
                    }
                    let n = loads.len();
                    block.instructions.splice(i..i, loads);
                    i += n + 1;
                }
            }
        }
        module.globals.append(&mut new_types);
        module.header.bound = next_id;
        remove_references_to(module, &removed);
        Ok(Changed::Yes)
    }
}

/// The caller's local variables: id → whether its address stays private (uses are loads,
/// stores through it, access chains used the same way, and call arguments).
fn local_variables(f: &Function) -> FxHashMap<Id, bool> {
    let mut vars: FxHashMap<Id, bool> = FxHashMap::default();
    let Some(entry) = f.blocks.first() else {
        return vars;
    };
    for inst in &entry.instructions {
        if inst.opcode == Op::Variable
            && inst.operands.first() == Some(&Operand::Word(StorageClass::Function.0))
        {
            if let Some(id) = inst.result_id {
                vars.insert(id, true);
            }
        }
    }
    if vars.is_empty() {
        return vars;
    }
    // Chains on a variable: result → variable.
    let mut chains: FxHashMap<Id, Id> = FxHashMap::default();
    for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
        if matches!(inst.opcode, Op::AccessChain | Op::InBoundsAccessChain) {
            let base = inst.operands.first().and_then(Operand::id);
            let root = base.and_then(|b| {
                if vars.contains_key(&b) {
                    Some(b)
                } else {
                    chains.get(&b).copied()
                }
            });
            if let (Some(root), Some(r)) = (root, inst.result_id) {
                chains.insert(r, root);
            }
        }
    }
    for inst in f.instructions() {
        for (k, op) in inst.operands.iter().enumerate() {
            let Operand::Id(id) = op else { continue };
            let var = if vars.contains_key(id) {
                *id
            } else if let Some(&v) = chains.get(id) {
                v
            } else {
                continue;
            };
            let allowed = match inst.opcode {
                Op::Load | Op::Store => k == 0,
                Op::AccessChain | Op::InBoundsAccessChain => {
                    k == 0 && inst.result_id.is_some_and(|r| chains.contains_key(&r))
                }
                // A whole variable passed to a call; a chain into it is not (the callee would
                // see only a part, and its writes would not be tracked).
                Op::FunctionCall => k > 0 && vars.contains_key(id),
                _ => false,
            };
            if !allowed {
                vars.insert(var, false);
            }
        }
    }
    vars
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, named, run_pass};

    const MODULE: &str = r#"OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %out Location 0
%void = OpTypeVoid
%float = OpTypeFloat 32
%pf = OpTypePointer Function %float
%po = OpTypePointer Output %float
%out = OpVariable %po Output
%f1 = OpConstant %float 1
%f2 = OpConstant %float 2
%fn = OpTypeFunction %void
%ffn = OpTypeFunction %float %pf %pf
%add = OpFunction %float None %ffn
%a = OpFunctionParameter %pf
%b = OpFunctionParameter %pf
%al = OpLabel
%x = OpLoad %float %a
%y = OpLoad %float %b
%s = OpFAdd %float %x %y
OpStore %b %s
OpReturnValue %s
OpFunctionEnd
%main = OpFunction %void None %fn
%l = OpLabel
%v1 = OpVariable %pf Function
%v2 = OpVariable %pf Function
%v3 = OpVariable %pf Function
OpStore %v1 %f1
OpStore %v2 %f2
%r1 = OpFunctionCall %float %add %v1 %v2
OpStore %v3 %r1
%r2 = OpFunctionCall %float %add %v3 %v1
%r3 = OpFAdd %float %r1 %r2
OpStore %out %r3
OpReturn
OpFunctionEnd
"#;

    #[test]
    fn read_only_pointer_parameters_take_values_and_written_ones_stay() {
        let text = disassemble(&run_pass(
            &super::PromoteValueParameters,
            &assemble(&named(MODULE)),
        ));
        // %a is only loaded: it becomes a float; %b is stored to: it stays a pointer.
        assert!(text.contains("%a = OpFunctionParameter %float"), "{text}");
        assert!(text.contains("%b = OpFunctionParameter %pf"), "{text}");
        assert!(text.contains("OpFAdd %float %a %y"), "{text}");
        assert!(!text.contains("%x = OpLoad"), "{text}");
        assert_eq!(text.matches("OpFunctionCall").count(), 2, "{text}");
        assert!(text.contains("OpTypeFunction %float %float %pf"), "{text}");
    }

    #[test]
    fn a_variable_passed_twice_or_exposed_keeps_the_pointer() {
        let src = MODULE.replace(
            "%r2 = OpFunctionCall %float %add %v3 %v1",
            "%r2 = OpFunctionCall %float %add %v1 %v1",
        );
        let text = disassemble(&run_pass(
            &super::PromoteValueParameters,
            &assemble(&named(&src)),
        ));
        assert!(text.contains("%a = OpFunctionParameter %pf"), "{text}");
    }
}
