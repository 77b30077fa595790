//! Decorations of a function from its metadata (llvm-spirv's `transFPGAFunctionMetadata`):
//! - `!stall_enable !{i32 1}` → StallEnableINTEL, `!stall_free !{i32 1}` → StallFreeINTEL
//!   (SPV_INTEL_fpga_cluster_attributes);
//! - `!loop_fuse !{i32 depth, i32 independent}` → FuseLoopsInFunctionINTEL depth independent
//!   (SPV_INTEL_loop_fuse);
//! - `!prefer_dsp !{i32 mode}` [+ `!propagate_dsp_preference !{i32 p}`] → MathOpDSPModeINTEL
//!   mode p (SPV_INTEL_fpga_dsp_control);
//! - `!initiation_interval !{i32 N}` (N ≠ 0) → InitiationIntervalINTEL N,
//!   `!max_concurrency !{i32 N}` → MaxConcurrencyINTEL N, `!pipeline_kernel !{i32 N}` →
//!   PipelineEnableINTEL N and the older `!disable_kernel_pipelining !{i32 N}` →
//!   PipelineEnableINTEL !N (SPV_INTEL_fpga_invocation_pipelining_attributes);
//! - `!spirv.Decorations` on the function: its generic decorations;
//! - `!RegisterAllocMode !{i32 N}` without SPV_INTEL_maximum_registers (with it the metadata
//!   is an execution mode, `kernel_attributes.rs`): N = 0 (auto), 1 (small register file),
//!   2 (large) → UserSemantic "num-thread-per-eu 0", "... 8", "... 4" (llvm-spirv's
//!   `transFunctionMetadataAsUserSemanticDecoration`; other values give nothing).
//!
//! Each FPGA decoration is dropped when its extension is not allowed, as llvm-spirv drops it.

use crate::error::Result;
use crate::forward::translator::Translator;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Decoration, OperandKind};
use spirvkit_llvm as llvm;

/// Decorates function `id` from the metadata of `func`.
pub(crate) fn decorate(
    t: &mut Translator<'_>,
    func: &llvm::Function,
    id: Id,
    loc: &str,
) -> Result<()> {
    let ints =
        |t: &Translator<'_>, kind: &str| crate::forward::kernels::attachment_ints(t, func, kind);
    let first = |t: &Translator<'_>, kind: &str| ints(t, kind).and_then(|v| v.first().copied());
    let mut decorations: Vec<(Decoration, Vec<u32>)> = Vec::new();
    if first(t, "stall_enable").is_some_and(|v| v != 0) {
        decorations.push((Decoration::StallEnableALTERA, Vec::new()));
    }
    if first(t, "stall_free").is_some_and(|v| v != 0) {
        decorations.push((Decoration::StallFreeALTERA, Vec::new()));
    }
    if let Some(&[depth, independent, ..]) = ints(t, "loop_fuse").as_deref() {
        decorations.push((
            Decoration::FuseLoopsInFunctionALTERA,
            vec![depth, independent],
        ));
    }
    if let Some(mode) = first(t, "prefer_dsp") {
        let propagate = first(t, "propagate_dsp_preference").unwrap_or(0);
        decorations.push((Decoration::MathOpDSPModeALTERA, vec![mode, propagate]));
    }
    if let Some(cycles) = first(t, "initiation_interval").filter(|&c| c != 0) {
        decorations.push((Decoration::InitiationIntervalALTERA, vec![cycles]));
    }
    if let Some(n) = first(t, "max_concurrency") {
        decorations.push((Decoration::MaxConcurrencyALTERA, vec![n]));
    }
    let pipeline = first(t, "pipeline_kernel")
        .or_else(|| first(t, "disable_kernel_pipelining").map(|d| u32::from(d == 0)));
    if let Some(enable) = pipeline {
        decorations.push((Decoration::PipelineEnableALTERA, vec![enable]));
    }
    let mut derived = Vec::new();
    for (decoration, literals) in decorations {
        let Some(desc) = OperandKind::Decoration.desc().enumerant(decoration.0) else {
            continue;
        };
        if !crate::forward::requirements::available(t, &desc.avail) {
            continue;
        }
        let what = format!("the decoration {}", desc.name);
        crate::forward::requirements::require(t, loc, &what, &desc.avail)?;
        let ops: Vec<Operand> = literals.into_iter().map(Operand::Word).collect();
        t.b.decorate(id, decoration.0, &ops);
        derived.push(decoration.0);
    }
    if !t.opts.allows("SPV_INTEL_maximum_registers") {
        let threads = match first(t, "RegisterAllocMode") {
            Some(0) => Some("0"),
            Some(1) => Some("8"),
            Some(2) => Some("4"),
            _ => None,
        };
        if let Some(threads) = threads {
            use crate::forward::builtins::annotations::{decorate as annotate, Target};
            annotate(
                t,
                Target::Value(id),
                &format!("num-thread-per-eu {threads}"),
                loc,
            )?;
        }
    }
    if let Some(list) = func.attachment(crate::forward::decorations::KIND) {
        crate::forward::decorations::apply(t, id, list, &derived, loc)?;
    }
    Ok(())
}
