//! `atomicrmw uinc_wrap` / `udec_wrap`: SPIR-V has no such instruction. For AMD targets
//! (`amd` vendor in the triple) llvm-spirv calls an imported helper named
//! `__translate_spirv_atomic_{uinc,udec}_wrap_p<addrspace>_<type>` with the arguments
//! (pointer, memory scope, semantics, value, volatile, elementwise) — the AMD driver provides
//! it and the reverse translation restores the atomicrmw; other targets refuse the operation,
//! as llvm-spirv does. The helpers are declared before the function bodies (parallel forks
//! only look their ids up).

use crate::error::{unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{AtomicOrdering, InstKind, RmwOp, SyncScope, Type, ValueRef};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{LinkageType, MemorySemantics, Op, Scope};
use spirvkit_llvm as llvm;

/// (increment rather than decrement, pointer address space, value type).
pub(crate) type Key = (bool, u32, llvm::TypeId);

pub(crate) fn is_amd(m: &llvm::Module) -> bool {
    m.triple
        .as_deref()
        .is_some_and(|t| t.split('-').nth(1) == Some("amd"))
}

/// The value type spelt as the helper name does (`i32`, `v2i32`), when it is an integer or
/// a vector of integers.
fn type_suffix(m: &llvm::Module, ty: llvm::TypeId) -> Option<String> {
    match m.types.get(ty) {
        Type::Int(w) => Some(format!("i{w}")),
        Type::Vector { len, elem, .. } => match m.types.get(*elem) {
            Type::Int(w) => Some(format!("v{len}i{w}")),
            _ => None,
        },
        _ => None,
    }
}

/// Every `atomicrmw` of the module as (operation, pointer address space, value type).
pub(crate) fn atomic_rmw_sites(m: &llvm::Module) -> Vec<(RmwOp, u32, llvm::TypeId)> {
    let mut sites = Vec::new();
    for f in &m.functions {
        for inst in &f.insts {
            let InstKind::AtomicRmw { op, ptr, value, .. } = &inst.kind else {
                continue;
            };
            let (Some(pty), Some(vty)) = (m.value_type_in(f, *ptr), m.value_type_in(f, *value))
            else {
                continue;
            };
            if let Type::Pointer { addrspace, .. } = m.types.get(pty) {
                sites.push((*op, *addrspace, vty));
            }
        }
    }
    sites
}

impl<'m> Translator<'m> {
    /// Declares one imported helper per (operation, address space, type) the module uses.
    pub(crate) fn declare_atomic_wrap_helpers(&mut self) -> Result<()> {
        if !is_amd(self.m) {
            return Ok(());
        }
        let mut keys: Vec<Key> = Vec::new();
        for (op, addrspace, vty) in atomic_rmw_sites(self.m) {
            let key = (op == RmwOp::UIncWrap, addrspace, vty);
            let wraps = matches!(op, RmwOp::UIncWrap | RmwOp::UDecWrap);
            if wraps && type_suffix(self.m, vty).is_some() && !keys.contains(&key) {
                keys.push(key);
            }
        }
        let mut helpers = FxHashMap::default();
        for key in keys {
            let id = self.atomic_wrap_helper(key)?;
            helpers.insert(key, id);
        }
        self.atomic_wrap_helpers = std::sync::Arc::new(helpers);
        Ok(())
    }

    fn atomic_wrap_helper(&mut self, (inc, addrspace, vty): Key) -> Result<Id> {
        let suffix = type_suffix(self.m, vty).unwrap_or_default();
        let name = format!(
            "__translate_spirv_atomic_{}_wrap_p{addrspace}_{suffix}",
            if inc { "uinc" } else { "udec" }
        );
        let value = self.ty(vty, &name)?;
        let storage = crate::forward::types::storage_class(self, addrspace, &name)?;
        let ptr = self.pointer_type(storage, value);
        let int = self.int_type(32);
        let bool_ty = self.b.type_bool();
        let params = [ptr, int, int, value, bool_ty, bool_ty];
        let fn_ty = self.b.type_function(value, &params);
        let f = self.b.alloc_id();
        self.b.begin_function_with_id(f, value, 0, fn_ty);
        for p in params {
            let pid = self.b.alloc_id();
            self.b.function_parameter_with_id(pid, p);
        }
        self.b.end_function();
        self.b.name(f, &name);
        self.linkage(f, &name, LinkageType::Import);
        Ok(f)
    }
}

/// Memory scope of an LLVM sync scope (llvm-spirv's mapping: the default system scope is
/// CrossDevice).
pub(crate) fn scope_of(scope: &SyncScope) -> u32 {
    match scope {
        SyncScope::System => Scope::CrossDevice.0,
        SyncScope::SingleThread => Scope::Invocation.0,
        SyncScope::Named(n) => match n.as_str() {
            "device" | "agent" => Scope::Device.0,
            "workgroup" => Scope::Workgroup.0,
            "subgroup" | "wavefront" => Scope::Subgroup.0,
            "singlethread" => Scope::Invocation.0,
            _ => Scope::CrossDevice.0,
        },
    }
}

/// Ordering bits plus the storage class of the pointer.
fn semantics_of(ordering: AtomicOrdering, addrspace: u32) -> u32 {
    let order = match ordering {
        AtomicOrdering::Acquire => MemorySemantics::Acquire.0,
        AtomicOrdering::Release => MemorySemantics::Release.0,
        AtomicOrdering::AcqRel => MemorySemantics::AcquireRelease.0,
        AtomicOrdering::SeqCst => MemorySemantics::SequentiallyConsistent.0,
        _ => 0,
    };
    order | crate::forward::builtins::storage_bits(addrspace)
}

/// The parts of an `atomicrmw` the helper call needs.
pub(crate) struct WrapRmw<'a> {
    pub(crate) inc: bool,
    pub(crate) ptr: ValueRef,
    pub(crate) value: ValueRef,
    pub(crate) volatile: bool,
    pub(crate) ordering: AtomicOrdering,
    pub(crate) scope: &'a SyncScope,
}

fn bool_constant(t: &mut Translator<'_>, value: bool) -> Id {
    let ty = t.b.type_bool();
    let op = if value {
        Op::ConstantTrue
    } else {
        Op::ConstantFalse
    };
    t.b.dedup_global(op, Some(ty), vec![])
}

/// `out = call helper(ptr, scope, semantics, value, volatile, false)`.
pub(crate) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    rmw: &WrapRmw<'_>,
) -> Result<()> {
    let what = if rmw.inc { "uinc_wrap" } else { "udec_wrap" };
    let vty = t.value_llvm_type(ctx, rmw.value)?;
    let addrspace = match t.m.types.get(t.value_llvm_type(ctx, rmw.ptr)?) {
        Type::Pointer { addrspace, .. } => *addrspace,
        _ => {
            return Err(unsupported(
                &ctx.location,
                format!("atomicrmw {what} on a non-pointer"),
            ))
        }
    };
    let Some(&helper) = t.atomic_wrap_helpers.get(&(rmw.inc, addrspace, vty)) else {
        return Err(unsupported(
            &ctx.location,
            format!(
                "atomicrmw {what} (no SPIR-V instruction; llvm-spirv lowers it to an \
                 imported helper only for AMD target triples)"
            ),
        ));
    };
    let wanted = t.pointer_to_in(ctx, rmw.ptr, ty)?;
    let pointer = t.value_as(ctx, rmw.ptr, wanted)?;
    let scope = t.u32_constant(scope_of(rmw.scope));
    let semantics = t.u32_constant(semantics_of(rmw.ordering, addrspace));
    let value = t.value(ctx, rmw.value)?;
    let volatile = bool_constant(t, rmw.volatile);
    let elementwise = bool_constant(t, false);
    t.emit_ops_to(
        out,
        Op::FunctionCall,
        ty,
        [
            helper,
            pointer,
            scope,
            semantics,
            value,
            volatile,
            elementwise,
        ]
        .map(Operand::Id),
    );
    Ok(())
}
