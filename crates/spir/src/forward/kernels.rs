//! Kernels: entry points, execution modes (SPIR 1.2 section 2.3) and kernel argument
//! information (`kernel_arg_*` metadata, SPIR 1.2 style in `!opencl.kernels` or modern style
//! attached to the function).

use crate::error::Result;
use crate::forward::translator::{Callee, Translator};
use llvm::{MdOperand, Type, ValueRef};
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{
    AccessQualifier, Decoration, ExecutionMode, ExecutionModel, FunctionParameterAttribute as Fpa,
    Op, OperandKind,
};
use spirvkit_llvm as llvm;
use std::collections::{BTreeSet, HashSet};

/// Kernels: functions with the `spir_kernel` convention or listed in `!opencl.kernels`.
pub fn kernel_set(m: &llvm::Module) -> HashSet<llvm::FuncId> {
    let mut set: HashSet<llvm::FuncId> = m.opencl_kernels().into_iter().map(|(f, _)| f).collect();
    for (i, f) in m.functions.iter().enumerate() {
        if f.cc == llvm::CallingConv::SPIR_KERNEL && !f.is_declaration() {
            set.insert(llvm::FuncId(i as u32));
        }
    }
    set.retain(|f| m.function(*f).is_some_and(|f| !f.is_declaration()));
    set
}

/// The operands after the key of a kernel metadata entry (`kernel_arg_type`, `reqd_work_group_size`...).
fn kernel_metadata(t: &Translator<'_>, func: &llvm::Function, key: &str) -> Option<Vec<MdOperand>> {
    if let Some(md) = func.attachment(key) {
        return Some(t.m.node_operands(md).to_vec());
    }
    // `!opencl.kernels` lists few functions: search it, not the module's function list
    // (this runs for every function and parameter).
    let &(_, node) = t.opencl_kernel_nodes.iter().find(|(f, _)| {
        t.m.functions
            .get(f.0 as usize)
            .is_some_and(|k| std::ptr::eq(k, func))
    })?;
    for op in t.m.node_operands(node).iter().skip(1) {
        let MdOperand::Metadata(id) = op else {
            continue;
        };
        let entry = t.m.node_operands(*id);
        if entry.first().and_then(|k| t.m.md_string(k)) == Some(key.as_bytes()) {
            return Some(entry[1..].to_vec());
        }
    }
    None
}

/// The strings of a kernel's `kernel_arg_*` metadata entry, one per parameter.
pub fn kernel_arg_strings(
    t: &Translator<'_>,
    func: &llvm::Function,
    key: &str,
) -> Option<Vec<String>> {
    Some(md_strings(t, &kernel_metadata(t, func, key)?))
}

fn md_strings(t: &Translator<'_>, ops: &[MdOperand]) -> Vec<String> {
    ops.iter()
        .map(|o| {
            t.m.md_string(o)
                .map(|s| String::from_utf8_lossy(s).into_owned())
                .unwrap_or_default()
        })
        .collect()
}

fn md_ints(t: &Translator<'_>, ops: &[MdOperand]) -> Vec<u64> {
    ops.iter()
        .filter_map(|o| t.const_int(t.m.md_value(o)?.1))
        .collect()
}

/// The integers of a function's metadata attachment `kind` (`!max_work_group_size !{i32 8,
/// ...}`), as 32-bit words.
pub(crate) fn attachment_ints(
    t: &Translator<'_>,
    func: &llvm::Function,
    kind: &str,
) -> Option<Vec<u32>> {
    let md = func.attachment(kind)?;
    Some(
        md_ints(t, t.m.node_operands(md))
            .into_iter()
            .map(|v| v as u32)
            .collect(),
    )
}

/// Per-parameter type selectors of a kernel: image access qualifiers (from
/// `kernel_arg_access_qual`), and `SAMPLER_PARAM` for `sampler_t` parameters.
pub fn arg_access_qualifiers(t: &Translator<'_>, func: &llvm::Function) -> Option<Vec<u32>> {
    let quals = md_strings(t, &kernel_metadata(t, func, "kernel_arg_access_qual")?);
    let types = kernel_metadata(t, func, "kernel_arg_type")
        .map(|ops| md_strings(t, &ops))
        .unwrap_or_default();
    Some(
        quals
            .iter()
            .enumerate()
            .map(|(i, q)| match q.as_str() {
                _ if types.get(i).is_some_and(|ty| ty == "sampler_t")
                    && used_only_as_sampler(func, i) =>
                {
                    crate::forward::types::SAMPLER_PARAM
                }
                "write_only" => AccessQualifier::WriteOnly.0,
                "read_write" => AccessQualifier::ReadWrite.0,
                "read_only" => AccessQualifier::ReadOnly.0,
                _ => crate::forward::types::NO_ACCESS,
            })
            .collect(),
    )
}

/// A `sampler_t` parameter becomes an OpTypeSampler only when it is used as a sampler: passed
/// to calls, or spilled to an alloca. A kernel that uses its value as an integer keeps the i32.
fn used_only_as_sampler(func: &llvm::Function, index: usize) -> bool {
    let arg = ValueRef::Argument(index as u32);
    func.insts.iter().all(|inst| match &inst.kind {
        llvm::InstKind::Call { .. } => true,
        llvm::InstKind::Store {
            ptr: ValueRef::Instruction(slot),
            value,
            ..
        } if *value == arg => {
            matches!(
                func.inst(*slot).map(|s| &s.kind),
                Some(llvm::InstKind::Alloca { .. })
            )
        }
        other => !other.operands().contains(&arg),
    })
}

/// True when `v` is a kernel parameter declared `sampler_t`.
pub fn is_sampler_param(
    t: &Translator<'_>,
    ctx: &crate::forward::context::FnCtx<'_>,
    v: ValueRef,
) -> bool {
    match v {
        ValueRef::Argument(n) => arg_access_qualifiers(t, ctx.func)
            .is_some_and(|a| a.get(n as usize) == Some(&crate::forward::types::SAMPLER_PARAM)),
        // A load of a sampler parameter spilled to an alloca.
        ValueRef::Instruction(i) => ctx.handle_types.contains_key(&i),
        _ => false,
    }
}

/// FuncParamAttr decorations from parameter attributes (SPIR 1.2 table 12) and, for kernels,
/// `kernel_arg_type_qual` (const → NoWrite, restrict → NoAlias, volatile → Volatile).
pub fn param_attributes(
    t: &mut Translator<'_>,
    func: &llvm::Function,
    index: usize,
    param: Id,
) -> Result<()> {
    let mut attrs = BTreeSet::new();
    for a in func.attrs.param(index) {
        if a.is_no_capture() {
            attrs.insert(Fpa::NoCapture.0);
            continue;
        }
        let name = match a {
            llvm::Attribute::Flag(n) => n.as_str(),
            llvm::Attribute::Type(n, _) | llvm::Attribute::Int(n, _) => n.as_str(),
            _ => continue,
        };
        let attr = match name {
            "zeroext" => Fpa::Zext,
            "signext" => Fpa::Sext,
            "byval" => Fpa::ByVal,
            "sret" => Fpa::Sret,
            "noalias" => Fpa::NoAlias,
            // `readnone` (clang marks unused pointer parameters so) neither reads nor writes:
            // llvm-spirv writes NoWrite for it as for `readonly` (its readonly-byval-params
            // test), never NoReadWrite, which its reverse translator cannot map back.
            "readonly" | "readnone" => Fpa::NoWrite,
            _ => continue,
        };
        attrs.insert(attr.0);
    }
    let is_pointer = func
        .args
        .get(index)
        .is_some_and(|a| t.m.types.is_pointer(a.ty) && t.opencl_handle(a.ty).is_none());
    let mut volatile = false;
    if func.cc == llvm::CallingConv::SPIR_KERNEL && is_pointer {
        if let Some(quals) = kernel_metadata(t, func, "kernel_arg_type_qual") {
            let quals = md_strings(t, &quals);
            if let Some(q) = quals.get(index) {
                for word in q.split_whitespace() {
                    match word {
                        "const" => {
                            attrs.insert(Fpa::NoWrite.0);
                        }
                        "restrict" => {
                            attrs.insert(Fpa::NoAlias.0);
                        }
                        "volatile" => volatile = true,
                        _ => {}
                    }
                }
            }
        }
    }
    // Attributes other than zext/sext only apply to pointers.
    for a in attrs {
        if a <= Fpa::Sext.0 || is_pointer {
            t.b.decorate(param, Decoration::FuncParamAttr.0, &[Operand::Word(a)]);
        }
    }
    if volatile {
        t.b.decorate(param, Decoration::Volatile.0, &[]);
    }
    if is_pointer {
        pointer_param_bounds(t, func, index, param);
        fpga_argument_metadata(t, func, index, param)?;
    }
    Ok(())
}

/// What LLVM knows of a pointer parameter's target, as llvm-spirv's `transFunctionDecl`
/// carries it: `align N` → Alignment N, `dereferenceable(N)` → MaxByteOffset N (a SPIR-V 1.1
/// decoration: dropped, a hint, when the version cap is 1.0).
fn pointer_param_bounds(t: &mut Translator<'_>, func: &llvm::Function, index: usize, param: Id) {
    const V1_1: u32 = 0x0001_0100;
    for a in func.attrs.param(index) {
        let llvm::Attribute::Int(name, value) = a else {
            continue;
        };
        let Ok(value) = u32::try_from(*value) else {
            continue;
        };
        match name.as_str() {
            "align" if value > 0 => {
                t.b.decorate(param, Decoration::Alignment.0, &[Operand::Word(value)]);
            }
            "dereferenceable" if t.opts.max_version >= V1_1 => {
                t.needed_version = t.needed_version.max(V1_1);
                t.b.decorate(param, Decoration::MaxByteOffset.0, &[Operand::Word(value)]);
            }
            _ => {}
        }
    }
}

/// FPGA kernel argument metadata of a pointer parameter (llvm-spirv's `transFunction`):
/// `!kernel_arg_buffer_location !{i32 N, ...}` → BufferLocationINTEL N for N ≠ -1
/// (SPV_INTEL_fpga_buffer_location), `!kernel_arg_runtime_aligned !{i1 true, ...}` →
/// FuncParamAttr RuntimeAlignedINTEL (SPV_INTEL_runtime_aligned). Dropped without their
/// extension, as llvm-spirv drops them.
fn fpga_argument_metadata(
    t: &mut Translator<'_>,
    func: &llvm::Function,
    index: usize,
    param: Id,
) -> Result<()> {
    let loc = format!("kernel argument metadata of @{}", func.name);
    let value = |t: &Translator<'_>, key: &str| -> Option<u32> {
        let ops = kernel_metadata(t, func, key)?;
        let op = ops.get(index)?;
        t.m.md_value(op)
            .and_then(|(_, v)| t.const_int(v))
            .map(|v| v as u32)
    };
    let mut wanted: Vec<(
        Decoration,
        Vec<Operand>,
        &'static spirvkit_grammar::Availability,
    )> = Vec::new();
    if let Some(location) = value(t, "kernel_arg_buffer_location").filter(|&l| l != u32::MAX) {
        if let Some(desc) = OperandKind::Decoration
            .desc()
            .enumerant(Decoration::BufferLocationALTERA.0)
        {
            wanted.push((
                Decoration::BufferLocationALTERA,
                vec![Operand::Word(location)],
                &desc.avail,
            ));
        }
    }
    if value(t, "kernel_arg_runtime_aligned").is_some_and(|a| a & 1 != 0) {
        if let Some(desc) = OperandKind::FunctionParameterAttribute
            .desc()
            .enumerant(Fpa::RuntimeAlignedALTERA.0)
        {
            wanted.push((
                Decoration::FuncParamAttr,
                vec![Operand::Word(Fpa::RuntimeAlignedALTERA.0)],
                &desc.avail,
            ));
        }
    }
    for (decoration, operands, avail) in wanted {
        if !crate::forward::requirements::available(t, avail) {
            continue;
        }
        let what = format!("kernel argument {index} decoration");
        crate::forward::requirements::require(t, &loc, &what, avail)?;
        t.b.decorate(param, decoration.0, &operands);
    }
    Ok(())
}

/// VecTypeHint's literal: component type code in the low 16 bits, count in the high 16.
fn vec_type_hint(t: &Translator<'_>, ty: llvm::TypeId) -> Option<u32> {
    let (scalar, count) = match t.m.types.get(ty) {
        Type::Vector { len, elem, .. } => (*elem, *len),
        _ => (ty, 1),
    };
    let code = match t.m.types.get(scalar) {
        Type::Int(8) => 0,
        Type::Int(16) => 1,
        Type::Int(32) => 2,
        Type::Int(64) => 3,
        Type::Half => 4,
        Type::Float => 5,
        Type::Double => 6,
        _ => return None,
    };
    Some(code | (count << 16))
}

/// The functions some call instruction of the module calls directly.
fn called_functions(m: &llvm::Module) -> HashSet<llvm::FuncId> {
    m.functions
        .iter()
        .flat_map(|f| &f.insts)
        .filter_map(|i| match &i.kind {
            llvm::InstKind::Call {
                callee: ValueRef::Function(c),
                ..
            } => Some(*c),
            _ => None,
        })
        .collect()
}

/// A function of the kernel's type whose body only calls the kernel with its own
/// parameters: the entry point of a kernel that other functions also call.
fn entry_point_wrapper(t: &mut Translator<'_>, f: llvm::FuncId, kernel_id: Id) -> Result<Id> {
    let func = &t.m.functions[f.0 as usize];
    let location = format!("function @{}", func.name);
    let access = arg_access_qualifiers(t, func);
    let (fn_ty, ret_id, param_types) = t.function_type(f, access.as_deref(), &location)?;
    let wrapper = t.b.alloc_id();
    t.b.begin_function_with_id(wrapper, ret_id, 0, fn_ty);
    let mut call = vec![Operand::Id(kernel_id)];
    for (i, &pty) in param_types.iter().enumerate() {
        let pid = t.b.alloc_id();
        t.b.function_parameter_with_id(pid, pty);
        // The parameter attributes (kernel argument decorations) hold for the wrapper too.
        param_attributes(t, func, i, pid)?;
        call.push(Operand::Id(pid));
    }
    let entry = t.b.alloc_id();
    t.b.begin_block_with_id(entry);
    let result = t.b.alloc_id();
    t.b.push_instruction(Instruction::new(
        Op::FunctionCall,
        Some(ret_id),
        Some(result),
        call,
    ));
    // Kernels return void.
    t.b.push_instruction(Instruction::new(Op::Return, None, None, vec![]));
    t.b.end_function();
    t.b.name(wrapper, &format!("__spirv_entry_{}", func.name));
    Ok(wrapper)
}

pub fn emit_entry_points(t: &mut Translator<'_>, kernels: &HashSet<llvm::FuncId>) -> Result<()> {
    let mut ordered: Vec<llvm::FuncId> = kernels.iter().copied().collect();
    ordered.sort();
    let interface: Vec<Operand> = t.builtin_vars.values().map(|&id| Operand::Id(id)).collect();
    // The kernels llvm-spirv gives ContractionOff (fp_contract.rs).
    let disabling_contraction = crate::forward::fp_contract::functions_disabling_contraction(t.m);
    // Inline assembly is opaque: llvm-spirv disables contraction for the kernels reaching it.
    let reaching_asm = crate::forward::inline_assembly::functions_reaching_inline_asm(t);
    // Per entry point, the execution modes it got.
    let mut entry_modes: Vec<(Id, Vec<u32>)> = Vec::with_capacity(ordered.len());
    let called = called_functions(t.m);
    // The entry points, emitted once the module's version is known (it sets the interface).
    let mut entry_points: Vec<(Id, String)> = Vec::with_capacity(ordered.len());
    for f in ordered {
        let func = &t.m.functions[f.0 as usize];
        let Some(Callee::Function(kernel_id)) = t.callees.get(f.0 as usize).cloned() else {
            continue;
        };
        // SPIR-V forbids OpFunctionCall to an entry point's function: a kernel that other
        // code calls keeps its body as an ordinary function and the entry point is a wrapper
        // that calls it (llvm-spirv's `addKernelEntryPointWrapper`, `__spirv_entry_<name>`).
        let id = if called.contains(&f) {
            entry_point_wrapper(t, f, kernel_id)?
        } else {
            kernel_id
        };
        entry_points.push((id, func.name.clone()));
        let mode = |t: &mut Translator<'_>, mode: ExecutionMode, args: &[u32]| {
            let mut ops = vec![Operand::Id(id), Operand::Word(mode.0)];
            ops.extend(args.iter().map(|&a| Operand::Word(a)));
            t.b.global(Instruction::new(Op::ExecutionMode, None, None, ops));
        };
        // Modes emitted here; `!spirv.ExecutionMode` adds the others.
        let mut emitted: Vec<u32> = Vec::new();
        if let Some(size) = kernel_metadata(t, func, "reqd_work_group_size") {
            let v = md_ints(t, &size);
            if v.len() == 3 {
                mode(
                    t,
                    ExecutionMode::LocalSize,
                    &[v[0] as u32, v[1] as u32, v[2] as u32],
                );
                emitted.push(ExecutionMode::LocalSize.0);
            }
        }
        if let Some(size) = kernel_metadata(t, func, "work_group_size_hint") {
            let v = md_ints(t, &size);
            if v.len() == 3 {
                mode(
                    t,
                    ExecutionMode::LocalSizeHint,
                    &[v[0] as u32, v[1] as u32, v[2] as u32],
                );
                emitted.push(ExecutionMode::LocalSizeHint.0);
            }
        }
        if let Some(hint) = kernel_metadata(t, func, "vec_type_hint") {
            if let Some((ty, _)) = hint.first().and_then(|o| t.m.md_value(o)) {
                if let Some(code) = vec_type_hint(t, ty) {
                    mode(t, ExecutionMode::VecTypeHint, &[code]);
                    emitted.push(ExecutionMode::VecTypeHint.0);
                }
            }
        }
        crate::forward::kernel_attributes::execution_modes(t, func, id, &mut emitted)?;
        crate::forward::vector_compute::execution_modes(
            t,
            func,
            id,
            &mut emitted,
            &format!("function @{}", func.name),
        )?;
        // Float widths given FPFastMathDefault in place of the modes SPV_KHR_float_controls2
        // forbids (float_controls2.rs).
        let mut defaulted = Vec::new();
        let contraction_off = match t.opts.fp_contract {
            crate::FpContract::On => {
                disabling_contraction.contains(&f) || reaching_asm.contains(&f)
            }
            crate::FpContract::Off => true,
            crate::FpContract::Fast => false,
        };
        if contraction_off {
            let contraction_off = ExecutionMode::ContractionOff.0;
            let location = format!("function @{}", func.name);
            if !crate::forward::float_controls2::replace_mode(
                t,
                &location,
                id,
                contraction_off,
                &[],
                &mut defaulted,
            )? {
                mode(t, ExecutionMode::ContractionOff, &[]);
            }
            emitted.push(contraction_off);
        }
        crate::forward::execution_modes::structors(t, f, id, &mut emitted)?;
        crate::forward::execution_modes::explicit(t, f, id, &mut emitted, &mut defaulted)?;
        entry_modes.push((id, emitted));
        // Argument type names, kept for the reverse translation (as llvm-spirv does).
        if let Some(types) = kernel_metadata(t, func, "kernel_arg_type") {
            let types = md_strings(t, &types);
            let mut s = format!("kernel_arg_type.{}.", func.name);
            for ty in &types {
                s.push_str(ty);
                s.push(',');
            }
            let sid = t.b.alloc_id();
            t.b.global(Instruction::new(
                Op::String,
                None,
                Some(sid),
                [Operand::String(s.into())],
            ));
        }
    }
    crate::forward::execution_modes::module_wide(t, &entry_modes);
    // From SPIR-V 1.4 an entry point lists every module-scope variable its call tree uses
    // (before, only Input/Output ones): the module's variables, a superset, when the module
    // needs 1.4 (UserSemantic, PartialCount, core float controls, ...).
    let mut interface = interface;
    if t.needed_version >= 0x0001_0400 {
        for v in t.b.global_variables() {
            if !interface.contains(&Operand::Id(v)) {
                interface.push(Operand::Id(v));
            }
        }
    }
    for (id, name) in entry_points {
        let mut ops = vec![
            Operand::Word(ExecutionModel::Kernel.0),
            Operand::Id(id),
            Operand::String(name.as_str().into()),
        ];
        ops.extend(interface.iter().cloned());
        t.b.global(Instruction::new(Op::EntryPoint, None, None, ops));
    }
    Ok(())
}
