//! `!spirv.ExecutionMode` named metadata (llvm-spirv's SPIR-V friendly IR and its float
//! controls tests): `!{ptr @kernel, i32 Mode, i32 literals...}` becomes OpExecutionMode of that
//! entry point, with what the grammar says the mode needs (SPV_KHR_float_controls'
//! DenormPreserve/DenormFlushToZero/SignedZeroInfNanPreserve/RoundingModeRTE/RTZ, the
//! SPV_INTEL_float_controls2 modes, ...): refused naming the extension unless allowed.
//! Kernels listed in `@llvm.global_ctors` / `@llvm.global_dtors` (C++ for OpenCL's
//! `_GLOBAL__sub_I_*`) get Initializer / Finalizer.

use crate::error::{malformed, Result};
use crate::forward::translator::Translator;
use llvm::{ConstExpr, ConstKind, ValueRef};
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{Capability, ExecutionMode, Op, OperandKind, Quantifier};
use spirvkit_llvm as llvm;

const NAMED: &str = "spirv.ExecutionMode";

/// The modes `!spirv.ExecutionMode` gives kernel `f` (entry point `id`), except those in
/// `emitted` (already derived from the kernel's OpenCL metadata); each one emitted joins
/// `emitted`. `defaulted`: the float widths given FPFastMathDefault so far
/// (float_controls2.rs).
pub(crate) fn explicit(
    t: &mut Translator<'_>,
    f: llvm::FuncId,
    id: Id,
    emitted: &mut Vec<u32>,
    defaulted: &mut Vec<u32>,
) -> Result<()> {
    let m = t.m;
    let Some(named) = m.named_metadata(NAMED) else {
        return Ok(());
    };
    let location = format!("!{NAMED} of @{}", m.functions[f.0 as usize].name);
    for &node in &named.nodes {
        let ops = m.node_operands(node);
        let Some((_, ValueRef::Function(target))) = ops.first().and_then(|o| m.md_value(o)) else {
            continue;
        };
        if target != f {
            continue;
        }
        let mut words = Vec::with_capacity(ops.len());
        for op in &ops[1..] {
            let value = m
                .md_value(op)
                .and_then(|(_, v)| t.const_int(v))
                .ok_or_else(|| {
                    malformed(&location, "an operand that is not an integer constant")
                })?;
            words.push(value as u32);
        }
        let Some(&mode) = words.first() else {
            return Err(malformed(&location, "an entry without an execution mode"));
        };
        if emitted.contains(&mode) {
            continue;
        }
        // ContractionOff / SignedZeroInfNanPreserve in a module using SPV_KHR_float_controls2.
        if crate::forward::float_controls2::replace_mode(
            t,
            &location,
            id,
            mode,
            &words[1..],
            defaulted,
        )? {
            emitted.push(mode);
            continue;
        }
        // ArithmeticPoisonKHR only states that poison is in use: without SPV_KHR_poison_freeze
        // llvm-spirv leaves it out (no poison is emitted then) rather than refusing.
        if mode == ExecutionMode::ArithmeticPoisonKHR.0
            && !crate::forward::poison_freeze::enabled(t)
        {
            continue;
        }
        let desc = OperandKind::ExecutionMode
            .desc()
            .enumerant(mode)
            .ok_or_else(|| malformed(&location, format!("unknown execution mode {mode}")))?;
        let what = format!("the execution mode {}", desc.name);
        // The literals must be the ones the mode takes (an OpExecutionMode cut short is not
        // a module).
        let given = words.len() - 1;
        let required = desc
            .parameters
            .iter()
            .filter(|p| p.quantifier == Quantifier::One)
            .count();
        let variadic = desc
            .parameters
            .iter()
            .any(|p| p.quantifier == Quantifier::Variadic);
        if given < required || (!variadic && given > desc.parameters.len()) {
            return Err(malformed(
                &location,
                format!(
                    "{what} with {given} operand(s); it takes {}",
                    desc.parameters.len()
                ),
            ));
        }
        crate::forward::requirements::require(t, &location, &what, &desc.avail)?;
        let mut operands = vec![Operand::Id(id)];
        operands.extend(words.iter().map(|&w| Operand::Word(w)));
        t.b.global(Instruction::new(Op::ExecutionMode, None, None, operands));
        emitted.push(mode);
    }
    Ok(())
}

/// The functions a constructor or destructor table (`@llvm.global_ctors` /
/// `@llvm.global_dtors`: `{ priority, function, data }` entries) lists, in order; empty when
/// the module has no such table or it is `zeroinitializer`.
pub(crate) fn structor_functions(m: &llvm::Module, table: &str) -> Vec<llvm::FuncId> {
    let constant = |v: ValueRef| match v {
        ValueRef::Constant(c) => m.constant(c).map(|c| &c.kind),
        _ => None,
    };
    let Some(init) = m
        .global_by_name(table)
        .and_then(|g| m.global(g))
        .and_then(|g| g.initializer)
    else {
        return Vec::new();
    };
    let Some(ConstKind::Aggregate(entries)) = constant(init) else {
        return Vec::new();
    };
    let mut functions = Vec::new();
    for &entry in entries {
        let Some(ConstKind::Aggregate(fields)) = constant(entry) else {
            continue;
        };
        // The function, through any pointer casts of typed-pointer producers.
        let mut function = fields.get(1).copied();
        for _ in 0..8 {
            match function.and_then(constant) {
                Some(ConstKind::Expr(ConstExpr::Cast { value, .. })) => function = Some(*value),
                _ => break,
            }
        }
        if let Some(ValueRef::Function(f)) = function {
            functions.push(f);
        }
    }
    functions
}

/// C++ for OpenCL's global constructors and destructors: a kernel `@llvm.global_ctors` lists
/// runs before the module's other kernels (Initializer), one `@llvm.global_dtors` lists after
/// them (Finalizer), as llvm-spirv's metadata preprocessing marks every function of those
/// tables. Both modes need SPIR-V 1.1 (refused under `--spirv-max-version=1.0`).
pub(crate) fn structors(
    t: &mut Translator<'_>,
    f: llvm::FuncId,
    id: Id,
    emitted: &mut Vec<u32>,
) -> Result<()> {
    for (table, mode) in [
        ("llvm.global_ctors", ExecutionMode::Initializer),
        ("llvm.global_dtors", ExecutionMode::Finalizer),
    ] {
        if emitted.contains(&mode.0) || !structor_functions(t.m, table).contains(&f) {
            continue;
        }
        let Some(desc) = OperandKind::ExecutionMode.desc().enumerant(mode.0) else {
            continue;
        };
        let location = format!("@{table} entry @{}", t.m.functions[f.0 as usize].name);
        let what = format!("the execution mode {}", desc.name);
        crate::forward::requirements::require(t, &location, &what, &desc.avail)?;
        let operands = vec![Operand::Id(id), Operand::Word(mode.0)];
        t.b.global(Instruction::new(Op::ExecutionMode, None, None, operands));
        emitted.push(mode.0);
    }
    Ok(())
}

/// Modes a declared capability requires of every entry point (SPV_KHR_poison_freeze: with
/// PoisonFreezeKHR, each entry point has ArithmeticPoisonKHR), added where missing.
pub(crate) fn module_wide(t: &mut Translator<'_>, entry_modes: &[(Id, Vec<u32>)]) {
    let poison = ExecutionMode::ArithmeticPoisonKHR.0;
    if !t.b.has_capability(Capability::PoisonFreezeKHR) {
        return;
    }
    for (id, modes) in entry_modes {
        if !modes.contains(&poison) {
            let operands = [Operand::Id(*id), Operand::Word(poison)];
            t.b.global(Instruction::new(Op::ExecutionMode, None, None, operands));
        }
    }
}
