//! SPV_INTEL_inline_assembly: a `call ... asm "text", "constraints"(args)` becomes an
//! OpAsmCallINTEL of an OpAsmINTEL (typed by the call's return type; operands the call's
//! function type, the target, the assembly text and the constraint string) whose target is one OpAsmTargetINTEL naming the module's
//! target triple, with capability AsmINTEL; `asm sideeffect` is the SideEffectsINTEL
//! decoration on the OpAsmINTEL. That is llvm-spirv's mapping. Without the extension a call
//! of inline assembly is refused naming it (llvm-spirv would try an indirect call).
//!
//! Kernels calling inline assembly (directly or through other functions) get ContractionOff,
//! as llvm-spirv disables FP contraction for them.
//!
//! The OpAsmINTEL of every inline-assembly value a call uses is declared before any function
//! body is translated, so the forks translating bodies in parallel find them in `consts`.

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration, Op};
use spirvkit_llvm as llvm;
use std::collections::{HashMap, HashSet};

pub(crate) const EXTENSION: &str = "SPV_INTEL_inline_assembly";

/// The inline-assembly value `v` is, if it is one.
pub(crate) fn inline_asm_of<'m>(m: &'m llvm::Module, v: &ValueRef) -> Option<&'m llvm::InlineAsm> {
    let ValueRef::Constant(c) = v else {
        return None;
    };
    match &m.constant(*c)?.kind {
        llvm::ConstKind::InlineAsm(asm) => Some(asm),
        _ => None,
    }
}

/// The functions that call inline assembly, directly or through calls of defined functions
/// (empty without the extension: such calls are refused). llvm-spirv disables FP contraction
/// for them (its `fpContractUpdateRecursive`), so their kernels get ContractionOff.
pub(crate) fn functions_reaching_inline_asm(t: &Translator<'_>) -> HashSet<llvm::FuncId> {
    let mut reaching = HashSet::new();
    if !t.opts.allows(EXTENSION) {
        return reaching;
    }
    let m = t.m;
    // Callers of each function, and the functions calling assembly themselves.
    let mut callers: HashMap<llvm::FuncId, Vec<llvm::FuncId>> = HashMap::new();
    let mut pending = Vec::new();
    for (i, func) in m.functions.iter().enumerate() {
        let f = llvm::FuncId(i as u32);
        for inst in &func.insts {
            let llvm::InstKind::Call { callee, .. } = &inst.kind else {
                continue;
            };
            match callee {
                ValueRef::Function(g) => callers.entry(*g).or_default().push(f),
                other if inline_asm_of(m, other).is_some() && reaching.insert(f) => {
                    pending.push(f);
                }
                _ => {}
            }
        }
    }
    while let Some(f) = pending.pop() {
        for &caller in callers.get(&f).into_iter().flatten() {
            if reaching.insert(caller) {
                pending.push(caller);
            }
        }
    }
    reaching
}

impl<'m> Translator<'m> {
    /// Declares the OpAsmTargetINTEL and one OpAsmINTEL per inline-assembly value called in
    /// the module (nothing without the extension: the calls are then refused).
    pub(crate) fn declare_inline_assembly(&mut self) -> Result<()> {
        if !self.opts.allows(EXTENSION) {
            return Ok(());
        }
        let m = self.m;
        let mut target = None;
        // LLVM makes one value of equal inline assembly; the text reader one per use.
        let mut declared: HashMap<(Id, &str, &str, bool), Id> = HashMap::new();
        for func in &m.functions {
            for inst in &func.insts {
                let llvm::InstKind::Call { callee, fn_ty, .. } = &inst.kind else {
                    continue;
                };
                let (ValueRef::Constant(c), Some(asm)) = (callee, inline_asm_of(m, callee)) else {
                    continue;
                };
                if self.consts.contains_key(c) {
                    continue;
                }
                let location = crate::forward::translator::location_of_function(func);
                let target = match target {
                    Some(id) => id,
                    None => {
                        let id = self.asm_target();
                        target = Some(id);
                        id
                    }
                };
                let (fn_type, ret) = self.asm_function_type(*fn_ty, &location)?;
                let key = (
                    fn_type,
                    asm.asm.as_str(),
                    asm.constraints.as_str(),
                    asm.side_effects,
                );
                if let Some(&id) = declared.get(&key) {
                    self.consts.insert(*c, id);
                    continue;
                }
                let id = self.b.unique_global(
                    Op::AsmINTEL,
                    Some(ret),
                    vec![
                        Operand::Id(fn_type),
                        Operand::Id(target),
                        Operand::String(asm.asm.as_str().into()),
                        Operand::String(asm.constraints.as_str().into()),
                    ],
                );
                if asm.side_effects {
                    self.b.decorate(id, Decoration::SideEffectsINTEL.0, &[]);
                }
                self.consts.insert(*c, id);
                declared.insert(key, id);
            }
        }
        Ok(())
    }

    /// OpAsmTargetINTEL of the module's target triple (llvm-spirv writes the triple; a
    /// module without one gets the SPIR target its pointer width implies).
    fn asm_target(&mut self) -> Id {
        self.b.extension(EXTENSION);
        self.b.capability(Capability::AsmINTEL);
        let triple = match &self.m.triple {
            Some(t) if !t.is_empty() => t.clone(),
            _ if self.pointer_bits == 64 => "spir64-unknown-unknown".to_owned(),
            _ => "spir-unknown-unknown".to_owned(),
        };
        self.b.unique_global(
            Op::AsmTargetINTEL,
            None,
            vec![Operand::String(triple.into())],
        )
    }

    /// The OpTypeFunction of an inline-assembly call (pointer parameters with their default
    /// pointee, as for an indirect call) and its return type (the OpAsmINTEL's result type,
    /// as llvm-spirv writes it).
    fn asm_function_type(&mut self, fn_ty: llvm::TypeId, location: &str) -> Result<(Id, Id)> {
        self.plain_function_signature(fn_ty, location, "variadic inline assembly")
    }
}

/// `call asm "..."(args)`: OpAsmCallINTEL with result `out` of type `ty` (void for a void
/// call), or refused naming the extension.
#[allow(clippy::too_many_arguments)]
pub(crate) fn call(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    void_result: bool,
    callee: ValueRef,
    fn_ty: llvm::TypeId,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let ValueRef::Constant(c) = callee else {
        return Err(malformed(loc, "inline assembly that is not a constant"));
    };
    let asm = match t.consts.get(&c) {
        Some(&id) => id,
        None => {
            let text = inline_asm_of(t.m, &callee).map_or("", |a| a.asm.as_str());
            return Err(unsupported(
                loc,
                format!("inline assembly \"{text}\" (needs --spirv-ext=+{EXTENSION})"),
            ));
        }
    };
    let (_, params, _) =
        t.m.types
            .function_signature(fn_ty)
            .ok_or_else(|| malformed(loc, "call without a function type"))?;
    let mut ops = Vec::with_capacity(args.len() + 1);
    ops.push(Operand::Id(asm));
    crate::forward::function_pointers::call_arguments(t, ctx, params, args, &mut ops)?;
    let ret_ty = if void_result { t.b.type_void() } else { ty };
    t.emit_to(out, Op::AsmCallINTEL, ret_ty, ops);
    Ok(())
}
