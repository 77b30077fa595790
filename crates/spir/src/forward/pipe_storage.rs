//! OpenCL 2.x pipe storage in SPIR-V friendly IR (typed pointers), as llvm-spirv translates it:
//! - a pointer to the opaque struct `%spirv.PipeStorage` is OpTypePipeStorage (capability
//!   PipeStorage, SPIR-V 1.1; `opencl_types.rs`);
//! - a global whose initializer is a `%spirv.ConstantPipeStorage` struct `{ i32 packet size,
//!   i32 packet alignment, i32 capacity }` is no variable: it is OpConstantPipeStorage of the
//!   pipe-storage type (llvm-spirv's `transValueWithoutDecoration` maps such a global to the
//!   constant), and the constant bitcasts of it to `%spirv.PipeStorage addrspace(1)*` that
//!   initialise a `cl::pipe_storage` struct are that constant;
//! - `__spirv_CreatePipeFromPipeStorage_{read,write}` (the SPV-IR built-in table) then create
//!   a pipe from a pipe-storage value loaded from such a struct.
//!
//! The constant is a module-scope constant instruction by the SPIR-V specification's
//! definition ("instructions that start OpConstant"), but spirv-val 2025.5 wants it in a block
//! and rejects llvm-spirv's output; so this form is taken only with
//! `TranslateOptions::pipe_storage_constants` (`--spirv-pipe-storage-constants`). Without it
//! the global stays a variable of the struct and `%spirv.PipeStorage*` a pointer to an opaque
//! type, both valid. With opaque pointers a `ptr addrspace(1)` member says nothing of pipe
//! storage: the global always stays a variable; the `__spirv_PipeStorage` a built-in's
//! mangled parameter names is OpTypePipeStorage (loaded through the member pointer).

use crate::error::{unsupported, Result};
use crate::forward::translator::Translator;
use crate::opencl_types::OpenClType;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm::{self as llvm, ConstKind, Type, ValueRef};

/// The struct name llvm-spirv reads as a pipe-storage constant (`kSPIRVTypeName`).
const CONSTANT_PIPE_STORAGE: &str = "spirv.ConstantPipeStorage";

/// The name of a named struct type.
fn struct_name(m: &llvm::Module, ty: llvm::TypeId) -> Option<&str> {
    match m.types.get(ty) {
        Type::Named(sid) => m.types.struct_def(*sid)?.name.as_deref(),
        _ => None,
    }
}

/// Whether global `g` is a typed-pointer global holding a `%spirv.ConstantPipeStorage`
/// initializer.
pub(crate) fn is_constant_pipe_storage(m: &llvm::Module, g: llvm::GlobalId) -> bool {
    let Some(global) = m.global(g) else {
        return false;
    };
    // llvm-spirv also accepts suffixed copies of the struct (`.0`, `.1`) linking creates.
    let named = struct_name(m, global.value_ty).is_some_and(|n| {
        n == CONSTANT_PIPE_STORAGE
            || n.strip_prefix(CONSTANT_PIPE_STORAGE)
                .and_then(|s| s.strip_prefix('.'))
                .is_some_and(|s| s.bytes().all(|b| b.is_ascii_digit()))
    });
    named && global.initializer.is_some() && m.types.pointee(global.ty).is_some()
}

impl Translator<'_> {
    /// Whether global `g` becomes OpConstantPipeStorage (the option is on and it holds a
    /// `%spirv.ConstantPipeStorage`).
    pub(crate) fn pipe_storage_constant_global(&self, g: llvm::GlobalId) -> bool {
        self.opts.pipe_storage_constants && is_constant_pipe_storage(self.m, g)
    }
}

impl Translator<'_> {
    /// OpConstantPipeStorage for global `g` (see [`is_constant_pipe_storage`]): packet size,
    /// packet alignment and capacity from its initializer, checked as llvm-spirv asserts
    /// them (alignment at least 1, size a multiple of it).
    pub(crate) fn constant_pipe_storage(
        &mut self,
        g: llvm::GlobalId,
        location: &str,
    ) -> Result<Id> {
        let m = self.m;
        let fields = m
            .global(g)
            .and_then(|global| global.initializer)
            .and_then(|init| match init {
                ValueRef::Constant(c) => m.constant(c),
                _ => None,
            })
            .and_then(|c| match &c.kind {
                ConstKind::Aggregate(elems) => Some(elems.clone()),
                _ => None,
            })
            .filter(|elems| elems.len() == 3)
            .and_then(|elems| {
                let mut out = [0u32; 3];
                for (slot, e) in out.iter_mut().zip(&elems) {
                    *slot = u32::try_from(self.const_int(*e)?).ok()?;
                }
                Some(out)
            });
        let Some([size, align, capacity]) = fields else {
            return Err(unsupported(
                location,
                "a %spirv.ConstantPipeStorage initializer that is not three 32-bit integers \
                 (packet size, packet alignment, capacity)",
            ));
        };
        if align == 0 || size < align || size % align != 0 {
            return Err(unsupported(
                location,
                format!(
                    "a pipe storage constant with packet size {size} and alignment {align} \
                     (the alignment must be at least 1 and divide the size)"
                ),
            ));
        }
        let ty = self.opencl_handle_type(OpenClType::PipeStorage, crate::forward::types::NO_ACCESS);
        Ok(self.b.dedup_global(
            Op::ConstantPipeStorage,
            Some(ty),
            vec![
                Operand::Word(size),
                Operand::Word(align),
                Operand::Word(capacity),
            ],
        ))
    }

    /// A constant bitcast of a pipe-storage constant global to a pointer to
    /// `%spirv.PipeStorage`: the constant itself (both are the OpTypePipeStorage value).
    pub(crate) fn pipe_storage_cast(
        &mut self,
        ty: llvm::TypeId,
        value: ValueRef,
        location: &str,
    ) -> Result<Option<Id>> {
        let ValueRef::Global(g) = value else {
            return Ok(None);
        };
        if !self.pipe_storage_constant_global(g)
            || !matches!(self.opencl_handle(ty), Some(OpenClType::PipeStorage))
        {
            return Ok(None);
        }
        self.global_id(g, location).map(Some)
    }
}
