//! Pointee recovery for opaque pointers (`ptr addrspace(N)`, LLVM 15+).
//!
//! SPIR-V without SPV_KHR_untyped_pointers needs a pointee type for every pointer. Each
//! opaque-pointer value (argument, instruction result, global, function return) is a node;
//! values that must share one SPIR-V type (phi/select operands and result, call arguments
//! and the callee's parameters, returned values and the function's return) are unified, and
//! every use that needs a particular pointee (load, store, GEP source type, atomics, built-in
//! parameters from the mangled name, `kernel_arg_base_type`) votes for it. Each class takes
//! the most voted pointee (i8 when nothing is known). Where a value is then used at another
//! type, body.rs inserts an OpBitcast, so every choice gives valid SPIR-V; the vote only keeps
//! the casts few.

use crate::forward::translator::{Callee, Translator};
use crate::mangle::{self, MType, Scalar};
use crate::opencl_types::{opencl_type, OpenClType};
use llvm::{InstKind, Type, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_llvm as llvm;
use std::collections::HashMap;

/// What an opaque pointer value stands for in SPIR-V.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Repr {
    /// A pointer to this (lowered) pointee type.
    Pointee(Id),
    /// An OpenCL handle (image, sampler, event...) passed as `ptr` by LLVM 15+: the value is
    /// the handle itself.
    Handle(Id),
    /// Nothing voted for the class: a pointer to i8, as llvm-spirv types an untyped `ptr`.
    /// The i8 type is made when a value of the class is typed (`repr_type`), not when the
    /// classes are chosen, so a module whose vote-less classes hold no pointer declares no
    /// 8-bit integer type and no Int8 capability.
    Unvoted,
}

/// Inference result: one representation per class of values.
#[derive(Default)]
pub(crate) struct PointerClasses {
    parent: Vec<u32>,
    /// First node of each function: its arguments, then its instructions, then its return.
    function_base: Vec<u32>,
    globals: u32,
    /// The representation of each class, at its root node (dense: every node is a root
    /// until united, so a map would hash every value of the module).
    chosen: Vec<Option<Repr>>,
}

impl PointerClasses {
    fn find(&mut self, mut n: u32) -> u32 {
        while let Some(&p) = self.parent.get(n as usize) {
            if p == n {
                break;
            }
            let grand = self.parent[p as usize];
            self.parent[n as usize] = grand;
            n = grand;
        }
        n
    }

    fn find_const(&self, mut n: u32) -> u32 {
        while let Some(&p) = self.parent.get(n as usize) {
            if p == n {
                break;
            }
            n = p;
        }
        n
    }

    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra as usize] = rb;
        }
    }

    fn node(&self, f: llvm::FuncId, func: &llvm::Function, v: ValueRef) -> Option<u32> {
        match v {
            ValueRef::Global(g) if g.0 < self.globals => Some(g.0),
            ValueRef::Argument(n) => Some(self.function_base.get(f.0 as usize)? + n),
            ValueRef::Instruction(i) => {
                Some(self.function_base.get(f.0 as usize)? + func.args.len() as u32 + i.0)
            }
            _ => None,
        }
    }

    fn return_node(&self, f: llvm::FuncId, func: &llvm::Function) -> Option<u32> {
        Some(self.function_base.get(f.0 as usize)? + (func.args.len() + func.insts.len()) as u32)
    }

    /// The representation chosen for an opaque-pointer value.
    pub fn repr_of(&self, f: llvm::FuncId, func: &llvm::Function, v: ValueRef) -> Option<Repr> {
        let n = self.node(f, func, v)?;
        self.chosen
            .get(self.find_const(n) as usize)
            .copied()
            .flatten()
    }

    pub fn return_repr(&self, f: llvm::FuncId, func: &llvm::Function) -> Option<Repr> {
        let n = self.return_node(f, func)?;
        self.chosen
            .get(self.find_const(n) as usize)
            .copied()
            .flatten()
    }
}

pub(crate) fn is_opaque_pointer(m: &llvm::Module, ty: llvm::TypeId) -> bool {
    matches!(m.types.get(ty), Type::Pointer { pointee: None, .. })
}

/// The type a GEP's indices select inside `source` (the first index steps over elements).
pub(crate) fn gep_indexed_type(
    t: &Translator<'_>,
    source: llvm::TypeId,
    indices: &[ValueRef],
) -> Option<llvm::TypeId> {
    let mut ty = source;
    for &index in indices.iter().skip(1) {
        let i = t.const_int(index).unwrap_or(0);
        ty = t.m.types.element(ty, i)?;
    }
    Some(ty)
}

/// For each GEP index, whether it steps over a type LLVM sizes 0 bytes (`[0 x T]`, `{}`): the
/// first index over `source`, an array index over its element. SPIR-V has no zero-length array
/// (`types.rs` writes `[0 x T]` as `[1 x T]`), so such an index is written as 0, which is the
/// offset LLVM gives it whatever its value.
pub(crate) fn zero_size_steps(
    t: &Translator<'_>,
    source: llvm::TypeId,
    indices: &[ValueRef],
) -> Vec<bool> {
    let layout = crate::data_layout::DataLayout::new(t.m.datalayout.as_deref(), t.pointer_bits);
    let zero_sized = |ty| layout.type_alloc_size(&t.m.types, ty) == Some(0);
    let mut steps = Vec::with_capacity(indices.len());
    let mut ty = Some(source);
    for (k, &index) in indices.iter().enumerate() {
        let stepped = match ty {
            Some(outer) if k == 0 => Some(outer),
            Some(outer) => match t.m.types.get(outer) {
                Type::Array { elem, .. } => Some(*elem),
                _ => None,
            },
            None => None,
        };
        steps.push(stepped.is_some_and(zero_sized));
        if k > 0 {
            ty = ty.and_then(|outer| t.m.types.element(outer, t.const_int(index).unwrap_or(0)));
        }
    }
    steps
}

struct Votes {
    by_node: HashMap<u32, Vec<Repr>>,
    /// (pointer node, value node) of each load and store of an opaque pointer value: a
    /// pointer whose loaded or stored values are handles points to that handle type.
    slots: Vec<(u32, u32)>,
    /// `byval(T)` / `sret(T)` parameters: the callee owns a copy of a `T`, so (as llvm-spirv)
    /// the parameter's class points to `T` whatever its uses vote.
    copied: Vec<(u32, Repr)>,
}

impl Votes {
    fn add(&mut self, node: Option<u32>, repr: Option<Repr>) {
        if let (Some(n), Some(r)) = (node, repr) {
            self.by_node.entry(n).or_default().push(r);
        }
    }
}

impl<'m> Translator<'m> {
    /// Builds the classes and chooses a representation for each (called once, after the
    /// callees are classified and before any function type is emitted).
    pub(crate) fn infer_pointers(&mut self) {
        let m = self.m;
        let mut classes = PointerClasses {
            globals: m.globals.len() as u32,
            ..PointerClasses::default()
        };
        let mut next = m.globals.len() as u32;
        for f in &m.functions {
            classes.function_base.push(next);
            next += (f.args.len() + f.insts.len() + 1) as u32;
        }
        classes.parent = (0..next).collect();
        let mut votes = Votes {
            by_node: HashMap::new(),
            slots: Vec::new(),
            copied: Vec::new(),
        };
        for (g, global) in m.globals.iter().enumerate() {
            // No code uses an empty constructor table; its type is not SPIR-V.
            if crate::forward::function_pointers::is_empty_structor_table(
                m,
                llvm::GlobalId(g as u32),
            ) {
                continue;
            }
            let repr = self.pointee_repr(global.value_ty);
            votes.add(Some(g as u32), repr);
        }
        for (fi, func) in m.functions.iter().enumerate() {
            let f = llvm::FuncId(fi as u32);
            self.collect_function(&mut classes, &mut votes, f, func);
        }
        // Tally per class.
        let mut tallies: HashMap<u32, Vec<(Repr, u32)>> = HashMap::new();
        let mut nodes: Vec<u32> = votes.by_node.keys().copied().collect();
        nodes.sort_unstable();
        for n in nodes {
            let root = classes.find(n);
            let tally = tallies.entry(root).or_default();
            for r in &votes.by_node[&n] {
                match tally.iter_mut().find(|(x, _)| x == r) {
                    Some((_, count)) => *count += 1,
                    None => tally.push((*r, 1)),
                }
            }
        }
        let mut copied: HashMap<u32, Repr> = HashMap::new();
        for (n, r) in &votes.copied {
            copied.entry(classes.find(*n)).or_insert(*r);
        }
        classes.chosen = vec![None; next as usize];
        for root in 0..next {
            if classes.find(root) != root {
                continue;
            }
            let chosen = match tallies.get(&root) {
                // A handle vote wins: handles cannot be cast to anything else.
                Some(tally) => tally
                    .iter()
                    .find(|(r, _)| matches!(r, Repr::Handle(_)))
                    .map(|(r, _)| *r)
                    .or_else(|| copied.get(&root).copied())
                    .or_else(|| {
                        tally
                            .iter()
                            .rev()
                            .max_by_key(|(_, count)| *count)
                            .map(|(r, _)| *r)
                    })
                    .unwrap_or(Repr::Unvoted),
                None => copied.get(&root).copied().unwrap_or(Repr::Unvoted),
            };
            classes.chosen[root as usize] = Some(chosen);
        }
        // A class that voted i8 counts as vote-less for the handle slots.
        let voted_i8 = self.b.existing_global(
            spirvkit_core::grammar::Op::TypeInt,
            None,
            vec![Operand::Word(8), Operand::Word(0)],
        );
        handle_slots(&mut classes, &votes.slots, self, voted_i8);
        self.pointer_classes = std::sync::Arc::new(classes);
    }

    fn collect_function(
        &mut self,
        classes: &mut PointerClasses,
        votes: &mut Votes,
        f: llvm::FuncId,
        func: &llvm::Function,
    ) {
        let m = self.m;
        let opaque = |v: ValueRef| {
            m.value_type_in(func, v)
                .is_some_and(|ty| is_opaque_pointer(m, ty))
        };
        self.kernel_argument_votes(classes, votes, f, func);
        for (i, arg) in func.args.iter().enumerate() {
            if !is_opaque_pointer(m, arg.ty) {
                continue;
            }
            let copied = copied_type(func, i);
            let node = classes.node(f, func, ValueRef::Argument(i as u32));
            if let (Some(ty), Some(n)) = (copied, node) {
                let r = self.pointee_repr(ty);
                votes.add(Some(n), r);
                if let Some(r) = r {
                    votes.copied.push((n, r));
                }
            }
        }
        let mut spills = Vec::new();
        for (ii, inst) in func.insts.iter().enumerate() {
            let this = classes.node(f, func, ValueRef::Instruction(llvm::InstId(ii as u32)));
            match &inst.kind {
                InstKind::Load { ptr, .. } if opaque(*ptr) => {
                    let r = self.pointee_repr(inst.ty);
                    votes.add(classes.node(f, func, *ptr), r);
                    if is_opaque_pointer(m, inst.ty) {
                        if let (Some(p), Some(v)) = (classes.node(f, func, *ptr), this) {
                            votes.slots.push((p, v));
                            if is_alloca(func, *ptr) {
                                spills.push((p, v));
                            }
                        }
                    }
                }
                InstKind::Store { ptr, value, .. } if opaque(*ptr) => {
                    if opaque(*value) {
                        let nodes = (classes.node(f, func, *ptr), classes.node(f, func, *value));
                        if let (Some(p), Some(v)) = nodes {
                            votes.slots.push((p, v));
                            if is_alloca(func, *ptr) {
                                spills.push((p, v));
                            }
                        }
                    }
                    let stored = self.stored_function_repr(*value);
                    if let Some(ty) = m.value_type_in(func, *value) {
                        let r = stored.or_else(|| self.pointee_repr(ty));
                        votes.add(classes.node(f, func, *ptr), r);
                    }
                }
                InstKind::AtomicRmw { ptr, value, .. }
                | InstKind::CmpXchg {
                    ptr,
                    new_value: value,
                    ..
                } if opaque(*ptr) => {
                    if let Some(ty) = m.value_type_in(func, *value) {
                        let r = self.pointee_repr(ty);
                        votes.add(classes.node(f, func, *ptr), r);
                    }
                }
                InstKind::Gep {
                    source_ty,
                    base,
                    indices,
                    ..
                } if opaque(*base) => {
                    let r = self.pointee_repr(*source_ty);
                    votes.add(classes.node(f, func, *base), r);
                    if let Some(indexed) = gep_indexed_type(self, *source_ty, indices) {
                        let r = self.pointee_repr(indexed);
                        votes.add(this, r);
                    }
                }
                InstKind::Alloca { allocated_ty, .. } => {
                    let r = self.pointee_repr(*allocated_ty);
                    votes.add(this, r);
                }
                InstKind::Phi { incoming } if is_opaque_pointer(m, inst.ty) => {
                    for (v, _) in incoming {
                        if let (Some(a), Some(b)) = (this, classes.node(f, func, *v)) {
                            classes.union(a, b);
                        }
                        let r = self.function_value_repr(*v);
                        votes.add(this, r);
                    }
                }
                InstKind::Select {
                    then_value,
                    else_value,
                    ..
                } if is_opaque_pointer(m, inst.ty) => {
                    for v in [then_value, else_value] {
                        if let (Some(a), Some(b)) = (this, classes.node(f, func, *v)) {
                            classes.union(a, b);
                        }
                        let r = self.function_value_repr(*v);
                        votes.add(this, r);
                    }
                }
                InstKind::Freeze { value }
                | InstKind::Cast {
                    op: llvm::CastOp::AddrSpaceCast | llvm::CastOp::BitCast,
                    value,
                } if is_opaque_pointer(m, inst.ty) => {
                    if let (Some(a), Some(b)) = (this, classes.node(f, func, *value)) {
                        classes.union(a, b);
                    }
                }
                InstKind::Ret { value: Some(v) } if opaque(*v) => {
                    if let (Some(a), Some(b)) =
                        (classes.node(f, func, *v), classes.return_node(f, func))
                    {
                        classes.union(a, b);
                    }
                }
                InstKind::Call {
                    callee,
                    args,
                    fn_ty,
                    ..
                } => {
                    let result = this.filter(|_| is_opaque_pointer(m, inst.ty));
                    if !matches!(callee, ValueRef::Function(_)) && opaque(*callee) {
                        // A call through a pointer: the pointer is to the call's type.
                        let r = self.indirect_callee_repr(*fn_ty);
                        votes.add(classes.node(f, func, *callee), r);
                    }
                    self.call_votes(classes, votes, f, func, result, *callee, args);
                }
                _ => {}
            }
        }
        unite_spilled_values(classes, &mut spills);
    }

    #[allow(clippy::too_many_arguments)]
    fn call_votes(
        &mut self,
        classes: &mut PointerClasses,
        votes: &mut Votes,
        f: llvm::FuncId,
        func: &llvm::Function,
        result: Option<u32>,
        callee: ValueRef,
        args: &[ValueRef],
    ) {
        let m = self.m;
        let ValueRef::Function(g) = callee else {
            return;
        };
        let Some(target) = m.function(g) else { return };
        match self.callees.get(g.0 as usize).cloned() {
            Some(Callee::Function(_)) => {
                for (i, &a) in args.iter().enumerate() {
                    let is_ptr = target
                        .args
                        .get(i)
                        .is_some_and(|p| is_opaque_pointer(m, p.ty));
                    if is_ptr {
                        let param = classes.node(g, target, ValueRef::Argument(i as u32));
                        if let (Some(x), Some(y)) = (classes.node(f, func, a), param) {
                            classes.union(x, y);
                        }
                        let r = self.function_value_repr(a);
                        votes.add(param, r);
                    }
                }
                if let (Some(x), Some(y)) = (result, classes.return_node(g, target)) {
                    classes.union(x, y);
                }
            }
            Some(Callee::Builtin(d)) => {
                // to_global/to_local/to_private keep the pointee.
                if crate::forward::builtins::generic_cast_target(&d.name).is_some() {
                    if let (Some(x), Some(y)) =
                        (result, args.first().and_then(|&a| classes.node(f, func, a)))
                    {
                        classes.union(x, y);
                    }
                }
                // Async copies return the event (an OpTypeEvent handle).
                if d.name.starts_with("async_work_group") {
                    let event = self
                        .opencl_handle_type(OpenClType::Event, crate::forward::types::NO_ACCESS);
                    votes.add(result, Some(Repr::Handle(event)));
                }
                if let Some(p) = crate::forward::builtins::pipe_builtin(&d.name, args.len()) {
                    self.pipe_votes(classes, votes, f, func, result, p, args);
                }
                if let Some(handle) =
                    crate::forward::builtins::event_builtin(&d.name).and_then(|e| e.returns)
                {
                    let h = self.opencl_handle_type(handle, crate::forward::types::NO_ACCESS);
                    votes.add(result, Some(Repr::Handle(h)));
                }
                if let Some(h) = crate::forward::avc_motion_estimation::result_handle(self, &d) {
                    votes.add(result, Some(Repr::Handle(h)));
                }
                if d.name == "__translate_sampler_initializer" {
                    let sampler = self.opencl_handle_type(OpenClType::Sampler, 0);
                    votes.add(result, Some(Repr::Handle(sampler)));
                }
                for (i, &a) in args.iter().enumerate() {
                    let Some(param) = d.params.get(i) else { break };
                    let r = match param {
                        MType::Pointer { pointee, .. } => self
                            .spv_ir_mangled_handle(pointee)
                            .or_else(|| self.opencl_struct_mangled_handle(param, &d))
                            .or_else(|| self.mangled_pointee(pointee)),
                        MType::Named(n) => self.mangled_handle(n, &d),
                        _ => None,
                    };
                    votes.add(classes.node(f, func, a), r);
                }
            }
            // Intrinsics (memcpy...) accept any pointer; they do not vote.
            Some(Callee::Intrinsic(_)) | None => {}
        }
    }

    /// A pipe built-in's pipe operand is a pipe of its access (when the call says it), its
    /// reserve id operand and a reserve form's result are reserve ids (clang gives them all as
    /// opaque pointers).
    #[allow(clippy::too_many_arguments)]
    fn pipe_votes(
        &mut self,
        classes: &PointerClasses,
        votes: &mut Votes,
        f: llvm::FuncId,
        func: &llvm::Function,
        result: Option<u32>,
        p: crate::forward::builtins::PipeBuiltin,
        args: &[ValueRef],
    ) {
        let node = |i: usize| args.get(i).and_then(|&a| classes.node(f, func, a));
        if let Some(access) = p.access {
            let pipe = self.opencl_handle_type(OpenClType::Pipe { access }, access);
            votes.add(node(0), Some(Repr::Handle(pipe)));
        }
        let rid = self.opencl_handle_type(OpenClType::ReserveId, crate::forward::types::NO_ACCESS);
        if let Some(i) = p.reserve_id_arg() {
            votes.add(node(i), Some(Repr::Handle(rid)));
        }
        if p.returns_reserve_id() {
            votes.add(result, Some(Repr::Handle(rid)));
        }
    }

    /// `kernel_arg_base_type` says what a kernel's pointer and handle parameters are.
    fn kernel_argument_votes(
        &mut self,
        classes: &PointerClasses,
        votes: &mut Votes,
        f: llvm::FuncId,
        func: &llvm::Function,
    ) {
        let Some(types) =
            crate::forward::kernels::kernel_arg_strings(self, func, "kernel_arg_base_type")
                .or_else(|| {
                    crate::forward::kernels::kernel_arg_strings(self, func, "kernel_arg_type")
                })
        else {
            return;
        };
        let access =
            crate::forward::kernels::kernel_arg_strings(self, func, "kernel_arg_access_qual")
                .unwrap_or_default();
        let quals = crate::forward::kernels::kernel_arg_strings(self, func, "kernel_arg_type_qual")
            .unwrap_or_default();
        for (i, text) in types.iter().enumerate() {
            let Some(arg) = func.args.get(i) else { break };
            if !is_opaque_pointer(self.m, arg.ty) {
                continue;
            }
            // A pipe's base type names its packet; the qualifier says it is a pipe.
            let is_pipe = quals
                .get(i)
                .is_some_and(|q| q.split_whitespace().any(|w| w == "pipe"));
            let r = if is_pipe {
                let access = u32::from(access.get(i).is_some_and(|a| a == "write_only"));
                let pipe = self.opencl_handle_type(OpenClType::Pipe { access }, access);
                Some(Repr::Handle(pipe))
            } else {
                self.type_string_repr(text, access.get(i).map(String::as_str))
            };
            votes.add(classes.node(f, func, ValueRef::Argument(i as u32)), r);
        }
    }

    /// A pointee from an OpenCL C type string (`float*`, `uint4*`, `image2d_t`, `struct S*`).
    fn type_string_repr(&mut self, text: &str, access: Option<&str>) -> Option<Repr> {
        let text = text.trim();
        if let Some(inner) = text.strip_suffix('*') {
            let inner = inner.trim();
            if inner.ends_with('*') {
                return None;
            }
            if let Some(name) = inner
                .strip_prefix("struct ")
                .or(inner.strip_prefix("union "))
            {
                let prefix = if inner.starts_with("struct") {
                    "struct."
                } else {
                    "union."
                };
                let ty = self
                    .m
                    .types
                    .find_struct(&format!("{prefix}{}", name.trim()))?;
                return self.pointee_repr(ty);
            }
            let (base, len) = match inner.split_once(" __attribute__((ext_vector_type(") {
                Some((base, rest)) => (base, rest.trim_end_matches(")))").parse::<u32>().ok()),
                None => split_vector(inner),
            };
            let scalar = scalar_by_name(base)?;
            let mtype = match len {
                Some(n) => MType::Vector(n, scalar),
                None => MType::Scalar(scalar),
            };
            return self.mangled_pointee(&mtype);
        }
        let access = match access {
            Some("write_only") => spirvkit_grammar::AccessQualifier::WriteOnly.0,
            Some("read_write") => spirvkit_grammar::AccessQualifier::ReadWrite.0,
            _ => spirvkit_grammar::AccessQualifier::ReadOnly.0,
        };
        let handle = opencl_type(&format!("opencl.{text}"))?;
        Some(Repr::Handle(self.opencl_handle_type(handle, access)))
    }

    /// What a pointer to `ty` points to in SPIR-V (i1 is stored as i8).
    fn pointee_repr(&mut self, ty: llvm::TypeId) -> Option<Repr> {
        let id = match self.m.types.get(ty) {
            Type::Int(1) => self.int_type(8),
            Type::Function { .. } | Type::Void | Type::Label | Type::Metadata => return None,
            _ => self.ty(ty, "pointee inference").ok()?,
        };
        Some(Repr::Pointee(id))
    }

    /// The pointee of a mangled pointer parameter.
    pub(crate) fn mangled_pointee(&mut self, pointee: &MType) -> Option<Repr> {
        let id = match pointee {
            MType::Scalar(s) => self.scalar_by_kind(*s)?,
            MType::Vector(n, s) => {
                let e = self.scalar_by_kind(*s)?;
                crate::forward::long_vectors::declare_vector_length(self, *n, "mangled pointee")
                    .ok()?;
                self.b.type_vector(e, *n)
            }
            // `ocl_clkevent` (a device-side clk_event_t) and `ocl_event` (an async-copy event).
            MType::Named(n) if n.contains("clkevent") => {
                self.opencl_handle_type(OpenClType::ClkEvent, crate::forward::types::NO_ACCESS)
            }
            MType::Named(n) if n.contains("event") => {
                self.opencl_handle_type(OpenClType::Event, crate::forward::types::NO_ACCESS)
            }
            _ => return None,
        };
        Some(Repr::Pointee(id))
    }

    /// A handle parameter mangled as a pointer to its typed-pointer-era struct
    /// (`PU3AS125opencl.image2d_array_wo_t`): the pointer is the handle, its access the one the
    /// struct name spells (as for a vendor name, `mangled_handle`).
    fn opencl_struct_mangled_handle(
        &mut self,
        param: &MType,
        d: &mangle::Demangled,
    ) -> Option<Repr> {
        let handle = crate::opencl_types::opencl_type_of_mangled_param(param)?;
        let access = match handle {
            OpenClType::Image { .. } => {
                let MType::Pointer { pointee, .. } = param else {
                    return None;
                };
                let MType::Named(name) = pointee.as_ref() else {
                    return None;
                };
                image_access(name.trim_end_matches("_t"), d)
            }
            OpenClType::Pipe { access } => access,
            _ => crate::forward::types::NO_ACCESS,
        };
        Some(Repr::Handle(self.opencl_handle_type(handle, access)))
    }

    /// A SPV-IR built-in's handle parameter, a pointer to a mangled `spirv.*` struct
    /// (`PU3AS133__spirv_Image__void_2_0_0_0_0_0_0`): the pointer is the handle.
    fn spv_ir_mangled_handle(&mut self, pointee: &MType) -> Option<Repr> {
        let MType::Named(n) = pointee else {
            return None;
        };
        let name = crate::opencl_types::spirv_struct_from_mangled(n)?;
        let handle = opencl_type(&name)?;
        let access = crate::opencl_types::spirv_image_access(&name)
            .unwrap_or(crate::forward::types::NO_ACCESS);
        Some(Repr::Handle(self.opencl_handle_type(handle, access)))
    }

    /// An image/sampler/event parameter of a built-in.
    fn mangled_handle(&mut self, name: &str, d: &mangle::Demangled) -> Option<Repr> {
        let base = name.strip_prefix("ocl_")?;
        let access = image_access(base, d);
        // The mangled names drop the underscore the LLVM struct names have.
        let base = match base {
            "clkevent" => "clk_event",
            "reserveid" => "reserve_id",
            other => other,
        };
        let handle = opencl_type(&format!("opencl.{base}_t"))?;
        Some(Repr::Handle(self.opencl_handle_type(handle, access)))
    }

    fn scalar_by_kind(&mut self, s: Scalar) -> Option<Id> {
        Some(match s {
            Scalar::Void => return None,
            Scalar::Bool | Scalar::Char | Scalar::SChar | Scalar::UChar => self.int_type(8),
            Scalar::Short | Scalar::UShort => self.int_type(16),
            Scalar::Int | Scalar::UInt => self.int_type(32),
            Scalar::Long | Scalar::ULong => self.int_type(64),
            Scalar::Half => {
                self.b
                    .capability(spirvkit_grammar::Capability::Float16Buffer);
                self.b.type_float(16)
            }
            // Only when SPV_KHR_bfloat16 is allowed; otherwise no vote (the use refuses it).
            Scalar::BFloat16 => self.bfloat_type("pointee inference").ok()?,
            Scalar::Float => self.b.type_float(32),
            Scalar::Double => {
                self.b.capability(spirvkit_grammar::Capability::Float64);
                self.b.type_float(64)
            }
        })
    }
}

/// The `T` of a `byval(T)` / `sret(T)` parameter: memory the callee owns a copy of.
pub(crate) fn copied_type(func: &llvm::Function, index: usize) -> Option<llvm::TypeId> {
    func.attrs.param(index).iter().find_map(|a| match a {
        llvm::Attribute::Type(n, Some(ty)) if n == "byval" || n == "sret" => Some(*ty),
        _ => None,
    })
}

fn is_alloca(func: &llvm::Function, v: ValueRef) -> bool {
    matches!(v, ValueRef::Instruction(i)
        if matches!(func.inst(i).map(|x| &x.kind), Some(InstKind::Alloca { .. })))
}

/// The pointers stored into one alloca and loaded back out of it (clang -O0 spills every
/// parameter and local pointer this way) are one value to SPIR-V: they share a class, so a
/// handle or pointee known at one end (a built-in's mangled parameter) reaches the other
/// (the parameter of a helper function, the value passed to a call).
fn unite_spilled_values(classes: &mut PointerClasses, spills: &mut [(u32, u32)]) {
    spills.sort_unstable();
    for pair in spills.windows(2) {
        if pair[0].0 == pair[1].0 {
            classes.union(pair[0].1, pair[1].1);
        }
    }
}

/// A pointer through which handles (images, samplers, events...) are loaded or stored, as
/// clang -O0 spills a handle parameter to its `.addr` alloca, points to the handle type: the
/// load then yields the handle itself instead of a pointer the handle's users cannot take.
/// Only a class chosen as a pointer to a pointer (or to i8, when nothing voted) changes: one
/// that already points to a handle, or to other data, keeps its choice.
fn handle_slots(
    classes: &mut PointerClasses,
    slots: &[(u32, u32)],
    t: &Translator<'_>,
    voted_i8: Option<Id>,
) {
    for &(ptr, value) in slots {
        let value_root = classes.find(value) as usize;
        let Some(Some(Repr::Handle(h))) = classes.chosen.get(value_root).copied() else {
            continue;
        };
        let root = classes.find(ptr) as usize;
        let replaceable = match classes.chosen.get(root).copied() {
            Some(Some(Repr::Unvoted)) => true,
            Some(Some(Repr::Pointee(p))) => Some(p) == voted_i8 || t.pointer_info.contains_key(&p),
            _ => false,
        };
        if replaceable {
            classes.chosen[root] = Some(Repr::Pointee(h));
        }
    }
}

/// `float4` → (`float`, Some(4)).
fn split_vector(name: &str) -> (&str, Option<u32>) {
    let digits = name.bytes().rev().take_while(u8::is_ascii_digit).count();
    let (base, n) = name.split_at(name.len() - digits);
    match n.parse::<u32>() {
        Ok(n @ (2 | 3 | 4 | 8 | 16)) => (base, Some(n)),
        _ => (name, None),
    }
}

fn scalar_by_name(name: &str) -> Option<Scalar> {
    Some(match name.trim() {
        "char" | "signed char" => Scalar::Char,
        "uchar" | "unsigned char" => Scalar::UChar,
        "short" => Scalar::Short,
        "ushort" | "unsigned short" => Scalar::UShort,
        "int" => Scalar::Int,
        "uint" | "unsigned int" => Scalar::UInt,
        "long" => Scalar::Long,
        "ulong" | "unsigned long" => Scalar::ULong,
        "half" => Scalar::Half,
        "float" => Scalar::Float,
        "double" => Scalar::Double,
        "bool" => Scalar::Bool,
        _ => return None,
    })
}

/// The access qualifier an image's mangled name spells (`..._wo`, `..._rw`, `..._ro`, with the
/// struct names' `_t` removed); otherwise write-only for `write_image*`, read-only for the rest.
fn image_access(name: &str, d: &mangle::Demangled) -> u32 {
    use spirvkit_grammar::AccessQualifier;
    if name.ends_with("_wo") {
        AccessQualifier::WriteOnly.0
    } else if name.ends_with("_rw") {
        AccessQualifier::ReadWrite.0
    } else if name.ends_with("_ro") || !d.name.starts_with("write_image") {
        AccessQualifier::ReadOnly.0
    } else {
        AccessQualifier::WriteOnly.0
    }
}
