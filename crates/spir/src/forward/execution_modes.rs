//! `!spirv.ExecutionMode` named metadata (llvm-spirv's SPIR-V friendly IR and its float
//! controls tests): `!{ptr @kernel, i32 Mode, i32 literals...}` becomes OpExecutionMode of that
//! entry point, with what the grammar says the mode needs (SPV_KHR_float_controls'
//! DenormPreserve/DenormFlushToZero/SignedZeroInfNanPreserve/RoundingModeRTE/RTZ, the
//! SPV_INTEL_float_controls2 modes, ...): refused naming the extension unless allowed.

use crate::error::{malformed, Result};
use crate::forward::translator::Translator;
use llvm::ValueRef;
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
