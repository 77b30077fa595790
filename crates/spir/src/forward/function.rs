//! Function bodies: the SPIR-V function, its parameters and blocks; every LLVM result gets its
//! SPIR-V id up front, so forward references (phi operands, branches) need no patching.
//! Function-storage variables (private globals, allocas) open the entry block; each other
//! instruction is lowered by `instructions::translate_instruction`.

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::{collect_private_globals, name_value, FnCtx};
use crate::forward::instructions::translate_instruction;
use crate::forward::translator::{location_of_function, Callee, Translator};
use llvm::{InstKind, Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Decoration, FunctionControl, Op};
use spirvkit_llvm as llvm;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// FunctionControl from function attributes (SPIR 1.2 table 13).
fn function_control(f: &llvm::Function) -> u32 {
    let mut control = FunctionControl::None.0;
    let attrs = &f.attrs;
    if attrs.has_function_flag("alwaysinline") {
        control |= FunctionControl::Inline.0;
    }
    if attrs.has_function_flag("noinline") {
        control |= FunctionControl::DontInline.0;
    }
    if attrs.has_function_flag("readnone") {
        control |= FunctionControl::Const.0;
    } else if attrs.has_function_flag("readonly") {
        control |= FunctionControl::Pure.0;
    }
    control
}

pub(crate) fn translate_function(
    t: &mut Translator<'_>,
    f: llvm::FuncId,
    kernels: &HashSet<llvm::FuncId>,
) -> Result<()> {
    let m = t.m;
    let func = &m.functions[f.0 as usize];
    let location = location_of_function(func);
    let Callee::Function(id) = t.callees[f.0 as usize].clone() else {
        return Err(malformed(
            &location,
            "a defined function classified as a built-in",
        ));
    };
    let access = if kernels.contains(&f) {
        crate::forward::kernels::arg_access_qualifiers(t, func)
    } else {
        None
    };
    let (_, _, vararg) = m
        .types
        .function_signature(func.fn_ty)
        .ok_or_else(|| malformed(&location, "no function type"))?;
    // As for declarations: a variadic definition no call passes extra arguments to is the
    // function of its fixed parameters (llvm-spirv translates it so); reading them (`va_arg`,
    // `llvm.va_start`) stays refused where it occurs.
    if vararg && t.passes_variadic_arguments(f) {
        return Err(unsupported(
            &location,
            "a call passing variadic arguments to a defined function",
        ));
    }
    let (fn_ty, ret_id, param_types) = t.function_type(f, access.as_deref(), &location)?;
    let control = function_control(func) | t.optnone_control(func);
    t.b.begin_function_with_id(id, ret_id, control, fn_ty);
    t.global_value_name(id, &func.name);
    t.referenced_indirectly(func, id);
    crate::forward::function_decorations::decorate(t, func, id, &location)?;
    crate::forward::vector_compute::decorate_function(t, func, id, &location)?;
    let mut ctx = FnCtx {
        func,
        func_id: f,
        arg_casts: RefCell::new(HashMap::new()),
        alloca_casts: Vec::new(),
        values: Vec::new(),
        args: Vec::new(),
        blocks: Vec::new(),
        location,
        private_globals: HashMap::new(),
        private_inits: Vec::new(),
        handle_types: HashMap::new(),
        frexp_exponents: HashMap::new(),
        memmove_temporaries: HashMap::new(),
        loop_controls: RefCell::new(HashMap::new()),
        current_block: std::cell::Cell::new(0),
    };
    t.image_context = image_context(t, f, access.as_deref());
    t.debug_variables.clear();
    for (i, &pty) in param_types.iter().enumerate() {
        let pid = t.b.alloc_id();
        t.b.function_parameter_with_id(pid, pty);
        t.note_type(pid, pty);
        if let Some(name) = func.args.get(i).and_then(|a| a.name.as_deref()) {
            t.b.name(pid, name);
        }
        crate::forward::kernels::param_attributes(t, func, i, pid)?;
        crate::forward::vector_compute::decorate_parameter(t, func, i, pid, &ctx.location)?;
        ctx.args.push(pid);
    }
    // `!spirv.ParameterDecorations`: one `!spirv.Decorations`-style list per parameter.
    if let Some(lists) = func.attachment(crate::forward::decorations::PARAMETER_KIND) {
        for (i, op) in t.m.node_operands(lists).iter().enumerate() {
            if let (llvm::MdOperand::Metadata(list), Some(&pid)) = (op, ctx.args.get(i)) {
                let skipped = crate::forward::decorations::pointer_only_on_non_pointer(t, pid);
                crate::forward::decorations::apply(t, pid, *list, skipped, &ctx.location)?;
            }
        }
    }
    ctx.handle_types = handle_flow(t, func, access.as_deref(), &ctx.args)?;
    // Linkage: external definitions that are not kernels are exported.
    if !kernels.contains(&f)
        && matches!(
            func.linkage,
            llvm::Linkage::External
                | llvm::Linkage::Weak
                | llvm::Linkage::WeakOdr
                | llvm::Linkage::LinkOnceOdr
        )
    {
        let kind = t.definition_linkage(func.linkage);
        t.linkage(id, &func.name, kind);
    }
    if !kernels.contains(&f) {
        crate::forward::linkage_semantic::annotate(t, id, func.linkage, &ctx.location)?;
    }
    ctx.blocks = func.blocks.iter().map(|_| t.b.alloc_id()).collect();
    ctx.values = func
        .insts
        .iter()
        .map(|i| {
            if t.m.types.is_void(i.ty) {
                Id(0)
            } else {
                t.b.alloc_id()
            }
        })
        .collect();
    *ctx.loop_controls.get_mut() = crate::forward::loop_controls::plan(t, &ctx)?;
    // Debug records by the instruction they stand before (blocks are not translated in
    // instruction order).
    let mut debug_records: HashMap<llvm::InstId, Vec<&llvm::DebugRecord>> = HashMap::new();
    if t.debug.is_some() {
        for record in &func.debug_records {
            debug_records.entry(record.before).or_default().push(record);
        }
    }
    let order = crate::forward::block_order::dominance_order(func)
        .unwrap_or_else(|| (0..func.blocks.len()).collect());
    for bi in order {
        let block = &func.blocks[bi];
        ctx.current_block.set(bi);
        t.b.begin_block_with_capacity(ctx.blocks[bi], block.insts.len() + 4);
        if let Some(name) = block.name.as_deref().filter(|n| !n.is_empty()) {
            t.b.name(ctx.blocks[bi], name);
        }
        if bi == 0 {
            // Function-storage variables must come first in the entry block: private-space
            // globals used here, then the allocas.
            private_globals(t, &mut ctx)?;
            for inst_id in func.blocks.iter().flat_map(|b| b.insts.iter()) {
                if let Some(inst) = func.inst(*inst_id) {
                    if let InstKind::Alloca { .. } = inst.kind {
                        if crate::forward::variable_length_array::is_dynamic(t, func, inst) {
                            // Made where it stands (its count may be computed there).
                            continue;
                        }
                        if let Some(cast) = alloca(t, &ctx, *inst_id, inst)
                            .map_err(|e| e.at(func.positions.get(*inst_id)))?
                        {
                            ctx.alloca_casts.push(cast);
                        }
                    } else if let Some(var) = frexp_exponent_variable(t, &ctx, inst)? {
                        ctx.frexp_exponents
                            .insert(ctx.values[inst_id.0 as usize], var);
                    } else if let Some((bytes, align)) = memmove_length(t, inst) {
                        ctx.memmove_temporaries
                            .entry(bytes)
                            .or_insert_with(|| (memmove_temporary(t, bytes, align), align));
                    }
                }
            }
            // Allocas whose uses want another pointee are cast once all variables exist.
            for (var, out, ty, generic) in std::mem::take(&mut ctx.alloca_casts) {
                match generic {
                    None => t.emit_ops_to(out, Op::Bitcast, ty, [Operand::Id(var)]),
                    Some(g) if g == ty => {
                        t.emit_ops_to(out, Op::PtrCastToGeneric, ty, [Operand::Id(var)])
                    }
                    Some(g) => {
                        let generic = t.emit(Op::PtrCastToGeneric, g, vec![Operand::Id(var)]);
                        t.emit_ops_to(out, Op::Bitcast, ty, [Operand::Id(generic)]);
                    }
                }
            }
            private_initializers(t, &mut ctx)?;
            crate::forward::debug_info::lines::function_definition(t, id);
        }
        t.block_ended = false;
        t.debug_cursor = Default::default();
        for &inst_id in &block.insts {
            if t.block_ended {
                break;
            }
            let inst = func
                .inst(inst_id)
                .ok_or_else(|| malformed(&ctx.location, "missing instruction"))?;
            let position = func.positions.get(inst_id);
            if matches!(inst.kind, InstKind::Alloca { .. }) {
                if crate::forward::variable_length_array::is_dynamic(t, func, inst) {
                    crate::forward::variable_length_array::alloca(t, &ctx, inst_id, inst)
                        .map_err(|e| e.at(position))?;
                }
                continue;
            }
            crate::forward::debug_info::lines::before_instruction(t, inst);
            for record in debug_records.get(&inst_id).into_iter().flatten() {
                crate::forward::debug_info::variables::body_record(t, &ctx, record);
            }
            if crate::forward::debug_info::variables::body_intrinsic(t, &ctx, inst)
                .map_err(|e| e.at(position))?
            {
                continue;
            }
            translate_instruction(t, &ctx, inst_id, inst).map_err(|e| e.at(position))?;
        }
    }
    crate::forward::long_composites::check_function(t, &location_of_function(func))?;
    crate::forward::aux_data::instruction_metadata(t, func, &ctx.values)?;
    t.b.end_function();
    t.image_context = None;
    Ok(())
}

/// Image access qualifiers that apply to every value of an image type inside a kernel: the
/// qualifier of the kernel's parameters of that type, when they all agree (so that -O0 code
/// copying an image through an alloca keeps one SPIR-V image type).
fn image_context(
    t: &Translator<'_>,
    f: llvm::FuncId,
    access: Option<&[u32]>,
) -> Option<(u32, HashMap<llvm::TypeId, u32>)> {
    let access = access?;
    let func = t.m.function(f)?;
    let mut map: HashMap<llvm::TypeId, u32> = HashMap::new();
    let mut conflicting = HashSet::new();
    for (arg, &a) in func.args.iter().zip(access) {
        if a == crate::forward::types::NO_ACCESS
            || a == crate::forward::types::SAMPLER_PARAM
            || t.opencl_handle(arg.ty).is_none()
        {
            continue;
        }
        if *map.entry(arg.ty).or_insert(a) != a {
            conflicting.insert(arg.ty);
        }
    }
    map.retain(|ty, _| !conflicting.contains(ty));
    (!map.is_empty()).then_some((f.0 + 1, map))
}

/// Follows sampler and image parameters through stores into allocas and loads back out, so
/// that the alloca and the load get the parameter's SPIR-V type.
fn handle_flow(
    t: &mut Translator<'_>,
    func: &llvm::Function,
    access: Option<&[u32]>,
    _args: &[Id],
) -> Result<HashMap<llvm::InstId, Id>> {
    let mut out = HashMap::new();
    let Some(access) = access else { return Ok(out) };
    let mut value_types: HashMap<ValueRef, Id> = HashMap::new();
    for (i, (arg, &a)) in func.args.iter().zip(access).enumerate() {
        // Opaque-pointer handles (LLVM 15+) take their type from pointer inference, which
        // also gives the allocas they are spilled to a handle pointee.
        if crate::forward::pointee::is_opaque_pointer(t.m, arg.ty) {
            continue;
        }
        let special = a == crate::forward::types::SAMPLER_PARAM
            || (a != crate::forward::types::NO_ACCESS && t.opencl_handle(arg.ty).is_some());
        if special {
            let ty = t.ty_with_access(arg.ty, a, "kernel parameter")?;
            value_types.insert(ValueRef::Argument(i as u32), ty);
        }
    }
    if value_types.is_empty() {
        return Ok(out);
    }
    loop {
        let before = value_types.len() + out.len();
        for (i, inst) in func.insts.iter().enumerate() {
            match &inst.kind {
                InstKind::Store {
                    ptr: ValueRef::Instruction(slot),
                    value,
                    ..
                } => {
                    if let Some(&ty) = value_types.get(value) {
                        if matches!(
                            func.inst(*slot).map(|s| &s.kind),
                            Some(InstKind::Alloca { .. })
                        ) {
                            out.insert(*slot, ty);
                        }
                    }
                }
                InstKind::Load {
                    ptr: ValueRef::Instruction(slot),
                    ..
                } => {
                    if let Some(&ty) = out.get(slot).filter(|_| {
                        matches!(
                            func.inst(*slot).map(|s| &s.kind),
                            Some(InstKind::Alloca { .. })
                        )
                    }) {
                        let id = llvm::InstId(i as u32);
                        out.insert(id, ty);
                        value_types.insert(ValueRef::Instruction(id), ty);
                    }
                }
                _ => {}
            }
        }
        if value_types.len() + out.len() == before {
            break;
        }
    }
    Ok(out)
}

/// Globals of address space 0 cannot exist at module scope in SPIR-V: each function that
/// uses one gets its own Function variable with the same initializer.
fn private_globals(t: &mut Translator<'_>, ctx: &mut FnCtx<'_>) -> Result<()> {
    let mut used = Vec::new();
    // Most modules have no private-space global: nothing to look for then.
    if !t.m.globals.iter().any(|g| g.addrspace == 0) {
        return Ok(());
    }
    let mut seen = HashSet::new();
    for inst in &ctx.func.insts {
        inst.kind.for_each_operand(|v| {
            // Only globals and constants (expressions, aggregates) can name a global.
            if matches!(v, ValueRef::Global(_) | ValueRef::Constant(_)) {
                collect_private_globals(t, v, &mut used, &mut seen, 0);
            }
        });
    }
    // Initializers may name further private globals.
    let mut i = 0;
    while let Some(&g) = used.get(i) {
        if let Some(init) = t.m.global(g).and_then(|g| g.initializer) {
            collect_private_globals(t, init, &mut used, &mut seen, 0);
        }
        i += 1;
    }
    for g in used {
        let global = &t.m.globals[g.0 as usize];
        let location = format!("global @{}", global.name);
        let ptr_ty = t.global_pointer_type(g, &location)?;
        let data_ty = t.global_data_type(g, &location)?;
        let mut init_id = None;
        let id = t.b.alloc_id();
        if let Some(init) = global.initializer.filter(|&i| !t.is_undef(i)) {
            let mut refs = Vec::new();
            collect_private_globals(t, init, &mut refs, &mut HashSet::new(), 0);
            if refs.is_empty() {
                init_id = Some(if t.m.types.is_pointer(global.value_ty) {
                    t.const_as(init, data_ty, &location)?
                } else {
                    t.const_value(init, &location)?
                });
            } else {
                // Initialised by a store once every variable exists (it names other privates).
                ctx.private_inits.push((id, init));
            }
        }
        let storage = spirvkit_grammar::StorageClass::Function.0;
        let var = t.variable_instruction(id, ptr_ty, storage, data_ty, init_id);
        t.b.push_instruction(var);
        t.note_type(id, ptr_ty);
        t.global_value_name(id, &global.name);
        crate::forward::vector_compute::decorate_global(t, global, id, &ctx.location)?;
        ctx.private_globals.insert(g, id);
    }
    Ok(())
}

/// Stores the initializers of private variables that refer to other private variables.
fn private_initializers(t: &mut Translator<'_>, ctx: &mut FnCtx<'_>) -> Result<()> {
    for (var, init) in std::mem::take(&mut ctx.private_inits) {
        let value = t.value(ctx, init)?;
        t.emit_void_ops(Op::Store, [Operand::Id(var), Operand::Id(value)]);
    }
    Ok(())
}

/// The exponent variable of an `llvm.frexp` call (`{ T, iN } @llvm.frexp(T)`): OpenCL.std
/// frexp returns the mantissa and stores the exponent through a pointer (a typed one: the
/// extended instruction takes no untyped pointer). `llvm.modf` (`{ T, T }`) likewise gets the
/// variable its integral part is stored to.
fn frexp_exponent_variable(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    inst: &llvm::Instruction,
) -> Result<Option<Id>> {
    let InstKind::Call {
        callee: ValueRef::Function(f),
        ..
    } = &inst.kind
    else {
        return Ok(None);
    };
    // llvm.modf returns { fraction, integral part }: OpenCL.std modf stores the integral part.
    let is_frexp =
        t.m.function(*f)
            .is_some_and(|f| f.name.starts_with("llvm.frexp.") || f.name.starts_with("llvm.modf."));
    let exponent = is_frexp.then(|| t.m.types.element(inst.ty, 1)).flatten();
    let Some(exponent) = exponent else {
        return Ok(None);
    };
    let ty = t.ty(exponent, &ctx.location)?;
    let storage = spirvkit_grammar::StorageClass::Function.0;
    let ptr = t.typed_pointer_type(storage, ty);
    let var = t.b.alloc_id();
    let variable = t.variable_instruction(var, ptr, storage, ty, None);
    t.b.push_instruction(variable);
    t.note_type(var, ptr);
    Ok(Some(var))
}

/// The constant byte count of an `llvm.memmove` call (and the larger alignment its pointer
/// arguments promise): such a move copies through a temporary of that size, as llvm-spirv
/// lowers it (OpCopyMemorySized does not allow its source and target to overlap; a move
/// does). `None` for any other instruction or a move of a computed length.
fn memmove_length(t: &Translator<'_>, inst: &llvm::Instruction) -> Option<(u64, Option<u32>)> {
    let InstKind::Call {
        callee: ValueRef::Function(f),
        args,
        attrs,
        ..
    } = &inst.kind
    else {
        return None;
    };
    if !t.m.function(*f)?.name.starts_with("llvm.memmove.") {
        return None;
    }
    let bytes = t.const_int(*args.get(2)?).filter(|&n| n > 0)?;
    let align = (0..2).filter_map(|i| attrs.param_align(i)).max();
    Some((bytes, align))
}

/// A Function variable of `bytes` bytes (`[bytes x i8]`), aligned as the move's pointers.
fn memmove_temporary(t: &mut Translator<'_>, bytes: u64, align: Option<u32>) -> Id {
    let byte = t.int_type(8);
    let length = t.size_constant(bytes);
    let array = t.b.dedup_global(
        Op::TypeArray,
        None,
        vec![Operand::Id(byte), Operand::Id(length)],
    );
    let storage = spirvkit_grammar::StorageClass::Function.0;
    let ptr = t.typed_pointer_type(storage, array);
    let var = t.b.alloc_id();
    let variable = t.variable_instruction(var, ptr, storage, array, None);
    t.b.push_instruction(variable);
    t.note_type(var, ptr);
    if let Some(a) = align {
        t.b.decorate(
            var,
            spirvkit_grammar::Decoration::Alignment.0,
            &[Operand::Word(a)],
        );
    }
    var
}

fn alloca(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    inst_id: llvm::InstId,
    inst: &llvm::Instruction,
) -> Result<Option<crate::forward::context::AllocaCast>> {
    let InstKind::Alloca {
        allocated_ty,
        count,
        align,
        ..
    } = &inst.kind
    else {
        return Ok(None);
    };
    let out = ctx.values[inst_id.0 as usize];
    // `alloca T, iN 0` allocates nothing: no access through it is defined, so the variable
    // of one T gives it an address as good as any (an array of length 0 is no SPIR-V type).
    let count_is_one = matches!(t.const_int(*count), Some(0 | 1));
    // `alloca T, iN %n` with %n a `__spirv_SpecConstant` call: a variable of
    // OpTypeArray T (the specialization constant), its users see a pointer to T (llvm-spirv's
    // mapping; no extension is needed).
    let spec_length =
        match crate::forward::variable_length_array::spec_constant_count(t, ctx.func, *count) {
            Some((count_ty, args)) if !count_is_one => {
                let name = "__spirv_SpecConstant";
                let (length, _) = crate::forward::builtins::spv_ir_forms::spec_constant_id(
                    t,
                    &ctx.location,
                    name,
                    count_ty,
                    args,
                )?;
                Some(length)
            }
            _ => None,
        };
    // `alloca T, iN 4` (a constant count): a variable of OpTypeArray T of that length, its
    // users see a pointer to T, as llvm-spirv translates it (no variable-length array).
    let spec_length = match (spec_length, t.const_int(*count)) {
        (None, Some(n)) if n > 1 => {
            let count_ty = t.value_llvm_type(ctx, *count)?;
            Some(t.scalar_constant(count_ty, n, &ctx.location)?)
        }
        (length, _) => length,
    };
    if !count_is_one && spec_length.is_none() {
        return Err(unsupported(
            &ctx.location,
            format!(
                "alloca with an element count (variable-length array; needs --spirv-ext=+{})",
                crate::forward::variable_length_array::EXTENSION
            ),
        ));
    }
    let handle_slot =
        match t
            .pointer_classes
            .repr_of(ctx.func_id, ctx.func, ValueRef::Instruction(inst_id))
        {
            Some(crate::forward::pointee::Repr::Pointee(p)) if t.handle_type_ids.contains(&p) => {
                Some(p)
            }
            _ => None,
        };
    let elem = match ctx.handle_types.get(&inst_id).copied().or(handle_slot) {
        Some(ty) => ty,
        None if matches!(t.m.types.get(*allocated_ty), Type::Int(1))
            && crate::forward::pointee::is_opaque_pointer(t.m, inst.ty) =>
        {
            t.int_type(8)
        }
        None => t.ty(*allocated_ty, &ctx.location)?,
    };
    let elem_ptr_ty = match t.m.types.get(inst.ty) {
        Type::Pointer { addrspace: 4, .. } => {
            t.pointer_type(spirvkit_grammar::StorageClass::Generic.0, elem)
        }
        _ => t.pointer_type(spirvkit_grammar::StorageClass::Function.0, elem),
    };
    let elem = match spec_length {
        Some(length) => t.b.dedup_global(
            Op::TypeArray,
            None,
            vec![Operand::Id(elem), Operand::Id(length)],
        ),
        None => elem,
    };
    let ptr_ty = t.pointer_type(spirvkit_grammar::StorageClass::Function.0, elem);
    // `alloca ..., addrspace(4)`: the variable is a Function one, its users see it through
    // OpPtrCastToGeneric (as llvm-spirv does).
    let generic = matches!(t.m.types.get(inst.ty), Type::Pointer { addrspace: 4, .. }).then(|| {
        t.b.capability(spirvkit_grammar::Capability::GenericPointer);
        t.pointer_type(spirvkit_grammar::StorageClass::Generic.0, elem)
    });
    // An opaque-pointer alloca used at another pointee is cast after the variables.
    let wanted = if crate::forward::pointee::is_opaque_pointer(t.m, inst.ty) {
        t.value_type_id(ctx, ValueRef::Instruction(inst_id))?
    } else if spec_length.is_some() {
        elem_ptr_ty
    } else {
        generic.unwrap_or(ptr_ty)
    };
    let var = if wanted == ptr_ty && generic.is_none() {
        out
    } else {
        t.b.alloc_id()
    };
    let storage = spirvkit_grammar::StorageClass::Function.0;
    let variable = t.variable_instruction(var, ptr_ty, storage, elem, None);
    t.b.push_instruction(variable);
    // DebugDeclare names an OpVariable; an OpUntypedVariableKHR (refused there by spirv-val)
    // is described by a DebugValue of its address instead (`debug_info::variables`).
    if t.debug.is_some() {
        t.debug_variables.insert(out, var);
    }
    t.note_type(var, ptr_ty);
    if let Some(a) = align.filter(|&a| a > 0) {
        t.b.decorate(var, Decoration::Alignment.0, &[Operand::Word(a as u32)]);
        // An array-counted alloca's users see the cast to its element pointer, which
        // llvm-spirv decorates with the alignment too (t11/028).
        if spec_length.is_some() && var != out {
            t.b.decorate(out, Decoration::Alignment.0, &[Operand::Word(a as u32)]);
        }
    }
    // An array-counted alloca is the cast to its element pointer, which llvm-spirv names
    // (the variable stays unnamed; t11/028's `%0 = alloca [4 x i32]` back).
    let named = if spec_length.is_some() { out } else { var };
    name_value(t, named, inst);
    Ok((var != out).then_some((var, out, wanted, generic)))
}
