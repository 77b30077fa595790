//! Kernel attributes carried as kernel metadata that llvm-spirv turns into execution modes
//! (its PreprocessMetadata pass, then `transExecutionMode`):
//! - `!intel_reqd_sub_group_size !{i32 N}` (also the older `!reqd_sub_group_size`) →
//!   SubgroupSize N (core 1.1, SubgroupDispatch); N = 0 under SPV_INTEL_subgroup_requirements
//!   → NamedSubgroupSizeINTEL PrimarySubgroupSizeINTEL;
//! - SPV_INTEL_kernel_attributes: `!max_work_group_size !{x, y, z}` → MaxWorkgroupSizeINTEL,
//!   `!max_global_work_dim !{N}` → MaxWorkDimINTEL, `!no_global_work_offset` (present) →
//!   NoGlobalOffsetINTEL, `!num_simd_work_items !{N}` → NumSIMDWorkitemsINTEL,
//!   `!scheduler_target_fmax_mhz !{N}` → SchedulerTargetFmaxMhzINTEL, `!ip_interface`
//!   `!{"streaming"[, "stall_free_return"]}` → StreamingInterfaceINTEL 0/1 and
//!   `!{"csr"[, "wait_for_done_write"]}` → RegisterMapInterfaceINTEL 0/1;
//! - SPV_INTEL_maximum_registers: `!RegisterAllocMode !{i32 N}` → MaximumRegistersINTEL N,
//!   `!{!"AutoINTEL"}` → NamedMaximumRegistersINTEL AutoINTEL, `!{!{i32 N}}` →
//!   OpExecutionModeId MaximumRegistersIdINTEL naming the constant N (SPIR-V 1.2).
//!
//! A mode whose extension is not allowed is dropped, as llvm-spirv drops it; each mode
//! declares what the grammar says it needs.

use crate::error::{malformed, Result};
use crate::forward::translator::Translator;
use llvm::MdOperand;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{ExecutionMode, Op, OperandKind};
use spirvkit_llvm as llvm;

/// The execution modes kernel `func` (entry point `id`) gets from its FPGA/kernel-attribute
/// metadata, except those in `emitted`; each one emitted joins `emitted`.
pub(crate) fn execution_modes(
    t: &mut Translator<'_>,
    func: &llvm::Function,
    id: Id,
    emitted: &mut Vec<u32>,
) -> Result<()> {
    let m = t.m;
    let ints =
        |t: &Translator<'_>, kind: &str| crate::forward::kernels::attachment_ints(t, func, kind);
    let mut modes: Vec<(ExecutionMode, Vec<u32>)> = Vec::new();
    let sub_group = ints(t, "intel_reqd_sub_group_size").or_else(|| ints(t, "reqd_sub_group_size"));
    if let Some(&[size]) = sub_group.as_deref() {
        // Size 0 is how SYCL writes the "primary" named sub-group size; llvm-spirv gives it
        // NamedSubgroupSizeINTEL PrimarySubgroupSizeINTEL under the extension and keeps
        // SubgroupSize 0 without it.
        if size == 0 && t.opts.allows("SPV_INTEL_subgroup_requirements") {
            modes.push((
                ExecutionMode::NamedSubgroupSizeINTEL,
                vec![PRIMARY_SUBGROUP_SIZE],
            ));
        } else {
            modes.push((ExecutionMode::SubgroupSize, vec![size]));
        }
    }
    // One, two or three dimensions; the missing ones are 1, as llvm-spirv fills them (t14/000).
    if let Some(mut size) = ints(t, "max_work_group_size").filter(|s| (1..=3).contains(&s.len())) {
        size.resize(3, 1);
        modes.push((ExecutionMode::MaxWorkgroupSizeINTEL, size));
    }
    if let Some(&[dim]) = ints(t, "max_global_work_dim").as_deref() {
        modes.push((ExecutionMode::MaxWorkDimINTEL, vec![dim]));
    }
    if func.attachment("no_global_work_offset").is_some() {
        modes.push((ExecutionMode::NoGlobalOffsetINTEL, Vec::new()));
    }
    if let Some(&[n]) = ints(t, "num_simd_work_items").as_deref() {
        modes.push((ExecutionMode::NumSIMDWorkitemsINTEL, vec![n]));
    }
    if let Some(&[mhz]) = ints(t, "scheduler_target_fmax_mhz").as_deref() {
        modes.push((ExecutionMode::SchedulerTargetFmaxMhzINTEL, vec![mhz]));
    }
    if let Some(md) = func.attachment("ip_interface") {
        let strings: Vec<&[u8]> = m
            .node_operands(md)
            .iter()
            .filter_map(|o: &MdOperand| m.md_string(o))
            .collect();
        let has = |s: &[u8]| strings.contains(&s);
        if has(b"streaming") {
            let stall_free = u32::from(has(b"stall_free_return"));
            modes.push((ExecutionMode::StreamingInterfaceINTEL, vec![stall_free]));
        } else if has(b"csr") {
            let wait = u32::from(has(b"wait_for_done_write"));
            modes.push((ExecutionMode::RegisterMapInterfaceINTEL, vec![wait]));
        }
    }
    let location = format!("kernel attributes of @{}", func.name);
    let mut id_modes: Vec<(ExecutionMode, u32)> = Vec::new();
    // Without the extension the integer form is a UserSemantic decoration of the function
    // (`function_decorations.rs`), as llvm-spirv makes it.
    let register_limits = func
        .attachment("RegisterAllocMode")
        .filter(|_| t.opts.allows("SPV_INTEL_maximum_registers"));
    if let Some(md) = register_limits {
        match register_alloc_mode(t, md, &location)? {
            Some(RegisterLimit::Count(n)) => {
                modes.push((ExecutionMode::MaximumRegistersINTEL, vec![n]));
            }
            Some(RegisterLimit::Named(value)) => {
                modes.push((ExecutionMode::NamedMaximumRegistersINTEL, vec![value]));
            }
            Some(RegisterLimit::Constant(n)) => {
                id_modes.push((ExecutionMode::MaximumRegistersIdINTEL, n));
            }
            None => {}
        }
    }
    for (mode, args) in modes {
        if !declare_mode(t, &location, emitted, mode)? {
            continue;
        }
        let mut operands = vec![Operand::Id(id), Operand::Word(mode.0)];
        operands.extend(args.into_iter().map(Operand::Word));
        t.b.global(Instruction::new(Op::ExecutionMode, None, None, operands));
        emitted.push(mode.0);
    }
    for (mode, value) in id_modes {
        if !declare_mode(t, &location, emitted, mode)? {
            continue;
        }
        if let Some(op) = Op::ExecutionModeId.desc() {
            crate::forward::requirements::require(t, &location, "OpExecutionModeId", &op.avail)?;
        }
        let constant = t.u32_constant(value);
        t.b.global(Instruction::new(
            Op::ExecutionModeId,
            None,
            None,
            [
                Operand::Id(id),
                Operand::Word(mode.0),
                Operand::Id(constant),
            ],
        ));
        emitted.push(mode.0);
    }
    Ok(())
}

/// SPV_INTEL_subgroup_requirements' Named Sub-group Size enumerant PrimarySubgroupSizeINTEL.
const PRIMARY_SUBGROUP_SIZE: u32 = 0;

/// Whether `mode` is to be emitted: not emitted yet, known to the grammar and available
/// under the options (else dropped, as llvm-spirv drops it); its requirements are declared.
fn declare_mode(
    t: &mut Translator<'_>,
    location: &str,
    emitted: &[u32],
    mode: ExecutionMode,
) -> Result<bool> {
    if emitted.contains(&mode.0) {
        return Ok(false);
    }
    let Some(desc) = OperandKind::ExecutionMode.desc().enumerant(mode.0) else {
        return Ok(false);
    };
    if !crate::forward::requirements::available(t, &desc.avail) {
        return Ok(false);
    }
    let what = format!("the execution mode {}", desc.name);
    crate::forward::requirements::require(t, location, &what, &desc.avail)?;
    Ok(true)
}

/// What `!RegisterAllocMode` asks (llvm-spirv's three forms).
enum RegisterLimit {
    /// `!{i32 N}`: at most N registers.
    Count(u32),
    /// `!{!"AutoINTEL"}`: a NamedMaximumNumberOfRegisters enumerant, by its value.
    Named(u32),
    /// `!{!{i32 N}}`: at most N registers, given as a constant id.
    Constant(u32),
}

fn register_alloc_mode(
    t: &Translator<'_>,
    md: llvm::MetadataId,
    location: &str,
) -> Result<Option<RegisterLimit>> {
    let m = t.m;
    let Some(first) = m.node_operands(md).first() else {
        return Ok(None);
    };
    if let Some(name) = m.md_string(first) {
        let name = String::from_utf8_lossy(name);
        let named = OperandKind::NamedMaximumNumberOfRegisters
            .desc()
            .enumerant_by_name(&name)
            .ok_or_else(|| {
                malformed(
                    location,
                    format!("!RegisterAllocMode names no register limit ({name:?})"),
                )
            })?;
        return Ok(Some(RegisterLimit::Named(named.value)));
    }
    if let Some(n) = m.md_value(first).and_then(|(_, v)| t.const_int(v)) {
        return Ok(Some(RegisterLimit::Count(n as u32)));
    }
    if let MdOperand::Metadata(inner) = first {
        let n = m
            .node_operands(*inner)
            .first()
            .and_then(|o| m.md_value(o))
            .and_then(|(_, v)| t.const_int(v));
        if let Some(n) = n {
            return Ok(Some(RegisterLimit::Constant(n as u32)));
        }
    }
    Err(malformed(
        location,
        "!RegisterAllocMode is neither an integer, a register-limit name nor a node of one integer",
    ))
}
