//! SPV_INTEL_function_pointers: the address of a function is an
//! OpConstantFunctionPointerINTEL (a pointer to the function's OpTypeFunction, or an untyped
//! pointer under SPV_KHR_untyped_pointers), a call through a pointer is an
//! OpFunctionPointerCallINTEL, and the `"referenced-indirectly"` attribute is the
//! ReferencedIndirectlyINTEL decoration, as llvm-spirv maps them. Without the extension each
//! is refused naming it.
//!
//! spirv-val 2025.5 rejects every module holding OpConstantFunctionPointerINTEL (its function
//! operand is a forward reference, which that version allows for no instruction at module
//! scope) and typed pointers to function types; llvm-spirv's and LLVM's own outputs are
//! rejected the same way. Calls through untyped pointers that arrive as parameters validate.

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::pointee::{is_opaque_pointer, Repr};
use crate::forward::translator::{Callee, Translator};
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Capability, Decoration, Op};
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_INTEL_function_pointers";

/// The LLVM attribute llvm-spirv turns into ReferencedIndirectlyINTEL.
const REFERENCED_INDIRECTLY: &str = "referenced-indirectly";

impl<'m> Translator<'m> {
    pub(crate) fn function_pointers_allowed(&self) -> bool {
        self.opts.allows(EXTENSION)
    }

    /// Declares the extension and its capability, or refuses `what` naming the extension.
    fn require_function_pointers(&mut self, location: &str, what: &str) -> Result<()> {
        if !self.function_pointers_allowed() {
            return Err(unsupported(
                location,
                format!("{what} (needs --spirv-ext=+{EXTENSION})"),
            ));
        }
        self.b.extension(EXTENSION);
        self.b.capability(Capability::FunctionPointersINTEL);
        Ok(())
    }

    /// OpTypeFunction of an LLVM function type, pointer parameters with their default
    /// pointees (the type an indirect call site gives its callee).
    fn plain_function_type(&mut self, fn_ty: llvm::TypeId, location: &str) -> Result<Id> {
        Ok(self
            .plain_function_signature(fn_ty, location, "a pointer to a variadic function")?
            .0)
    }

    /// [`Self::plain_function_type`] and its return type; `variadic` names what a variadic
    /// type would be in the refusal.
    pub(crate) fn plain_function_signature(
        &mut self,
        fn_ty: llvm::TypeId,
        location: &str,
        variadic: &str,
    ) -> Result<(Id, Id)> {
        let (ret, params, vararg) = self
            .m
            .types
            .function_signature(fn_ty)
            .ok_or_else(|| malformed(location, "not a function type"))?;
        if vararg {
            return Err(unsupported(location, variadic));
        }
        let ret = self.ty(ret, location)?;
        let mut ids = Vec::with_capacity(params.len());
        for p in params {
            ids.push(self.ty(*p, location)?);
        }
        Ok((self.b.type_function(ret, &ids), ret))
    }

    /// The SPIR-V type of a pointer to a function of LLVM type `fn_ty` in `addrspace`
    /// (typed-pointer input spells it `i32 (i32)*`).
    pub(crate) fn function_pointer_type(
        &mut self,
        fn_ty: llvm::TypeId,
        addrspace: u32,
        location: &str,
    ) -> Result<Id> {
        self.require_function_pointers(location, "a function pointer")?;
        let f = self.plain_function_type(fn_ty, location)?;
        let storage = crate::forward::types::storage_class(self, addrspace, location)?;
        Ok(self.pointer_type(storage, f))
    }

    /// The address of a function: OpConstantFunctionPointerINTEL.
    pub(crate) fn function_address(&mut self, f: llvm::FuncId, location: &str) -> Result<Id> {
        self.require_function_pointers(location, "taking the address of a function")?;
        let Some(Callee::Function(target)) = self.callees.get(f.0 as usize).cloned() else {
            return Err(unsupported(
                location,
                "taking the address of a built-in or an intrinsic",
            ));
        };
        let addrspace = self.m.function(f).map_or(0, |func| func.addrspace);
        let (fn_ty, _, _) = self.function_type(f, None, location)?;
        let storage = crate::forward::types::storage_class(self, addrspace, location)?;
        let ptr_ty = self.pointer_type(storage, fn_ty);
        let id = self.b.dedup_global(
            Op::ConstantFunctionPointerINTEL,
            Some(ptr_ty),
            vec![Operand::Id(target)],
        );
        self.note_type(id, ptr_ty);
        Ok(id)
    }

    /// The address of an OpenCL C block's invoke function without the extension: a null
    /// `uchar*` in the function's storage class (untyped under SPV_KHR_untyped_pointers).
    /// Nothing reads a block literal's invoke field: OpenCL C 6.12.5 keeps every block
    /// statically known, clang calls its invoke function directly, and enqueue_kernel and
    /// the kernel queries pass the invoke function as an operand of their own
    /// (`kernel_query.rs`). llvm-spirv's SPIRVLowerOCLBlocks nulls these addresses the same
    /// way. `None` when the extension is enabled or `f` is not a block invoke function.
    pub(crate) fn block_invoke_address(
        &mut self,
        f: llvm::FuncId,
        location: &str,
    ) -> Result<Option<Id>> {
        let Some(func) = self.m.function(f) else {
            return Ok(None);
        };
        if self.function_pointers_allowed() || !is_block_invoke_name(&func.name) {
            return Ok(None);
        }
        let storage = crate::forward::types::storage_class(self, func.addrspace, location)?;
        let ptr = if self.untyped_allowed() {
            self.untyped_pointer(storage)
        } else {
            let uchar = self.int_type(8);
            self.pointer_type(storage, uchar)
        };
        let id = self.b.dedup_global(Op::ConstantNull, Some(ptr), vec![]);
        self.note_type(id, ptr);
        Ok(Some(id))
    }

    /// `@llvm.global_ctors` / `@llvm.global_dtors` (arrays of `{ priority, function, data }`)
    /// under the extension: kept as an exported variable holding the function pointers, as
    /// llvm-spirv keeps them (its `CodeSectionINTEL/global_ctor_dtor.ll`), so the consumer can
    /// run them. llvm-spirv gives the variable the Function storage class of LLVM's address
    /// space 0, which a module-scope OpVariable cannot have; it is a CrossWorkgroup variable
    /// here, the storage class of OpenCL's program-scope variables. Without the extension
    /// they are dropped, as llvm-spirv drops them (None: not such a table, or not kept).
    pub(crate) fn constructor_table(
        &mut self,
        g: llvm::GlobalId,
        location: &str,
    ) -> Result<Option<Id>> {
        let Some(global) = self.m.global(g) else {
            return Ok(None);
        };
        if !matches!(
            global.name.as_str(),
            "llvm.global_ctors" | "llvm.global_dtors"
        ) || global.addrspace != 0
            || !self.function_pointers_allowed()
        {
            return Ok(None);
        }
        let (Some(init), name, align) = (global.initializer, global.name.clone(), global.align)
        else {
            return Ok(None);
        };
        if is_empty_structor_table(self.m, g) {
            return Ok(None);
        }
        self.require_function_pointers(location, "a constructor table")?;
        let storage = spirvkit_grammar::StorageClass::CrossWorkgroup.0;
        let data_ty = self.global_data_type(g, location)?;
        let value = self.const_as(init, data_ty, location)?;
        let ptr_ty = if self.untyped_allowed() {
            self.untyped_pointer(storage)
        } else {
            self.pointer_type(storage, data_ty)
        };
        let id = self.b.alloc_id();
        let var = self.variable_instruction(id, ptr_ty, storage, data_ty, Some(value));
        self.b.global(var);
        self.note_type(id, ptr_ty);
        self.b.name(id, &name);
        if let Some(align) = align.filter(|&a| a > 0) {
            self.b
                .decorate(id, Decoration::Alignment.0, &[Operand::Word(align as u32)]);
        }
        self.linkage(id, &name, spirvkit_grammar::LinkageType::Export);
        Ok(Some(id))
    }

    /// What a function used as a value is in pointee inference: a pointer to its type.
    pub(crate) fn function_value_repr(&mut self, v: ValueRef) -> Option<Repr> {
        let ValueRef::Function(f) = v else {
            return None;
        };
        if !self.function_pointers_allowed() {
            return None;
        }
        let fn_ty = self.m.function(f)?.fn_ty;
        let id = self.plain_function_type(fn_ty, "pointee inference").ok()?;
        Some(Repr::Pointee(id))
    }

    /// The pointee of a pointer that stores the function `v` (`store ptr @f, ptr %p`).
    pub(crate) fn stored_function_repr(&mut self, v: ValueRef) -> Option<Repr> {
        let Repr::Pointee(fn_ty) = self.function_value_repr(v)? else {
            return None;
        };
        let ValueRef::Function(f) = v else {
            return None;
        };
        let addrspace = self.m.function(f)?.addrspace;
        let storage =
            crate::forward::types::storage_class(self, addrspace, "pointee inference").ok()?;
        Some(Repr::Pointee(self.pointer_type(storage, fn_ty)))
    }

    /// What the callee of an indirect call points to: the call's function type.
    pub(crate) fn indirect_callee_repr(&mut self, fn_ty: llvm::TypeId) -> Option<Repr> {
        if !self.function_pointers_allowed() {
            return None;
        }
        let id = self.plain_function_type(fn_ty, "pointee inference").ok()?;
        Some(Repr::Pointee(id))
    }

    /// `"referenced-indirectly"` on a definition → ReferencedIndirectlyINTEL (ignored without
    /// the extension, as llvm-spirv does).
    pub(crate) fn referenced_indirectly(&mut self, func: &llvm::Function, id: Id) {
        let marked = func
            .attrs
            .function
            .iter()
            .any(|a| matches!(a, llvm::Attribute::Str(n, _) if n == REFERENCED_INDIRECTLY));
        if marked && self.function_pointers_allowed() {
            self.b.extension(EXTENSION);
            self.b.capability(Capability::FunctionPointersINTEL);
            self.b.capability(Capability::IndirectReferencesINTEL);
            self.b
                .decorate(id, Decoration::ReferencedIndirectlyINTEL.0, &[]);
        }
    }
}

/// Whether `name` is clang's name for the invoke function of an OpenCL C block:
/// `<enclosing function>_block_invoke`, numbered `_block_invoke_<N>` after the first
/// (the `_kernel` wrappers clang makes for enqueue_kernel end otherwise).
pub(crate) fn is_block_invoke_name(name: &str) -> bool {
    let Some(at) = name.rfind("_block_invoke") else {
        return false;
    };
    let rest = &name[at + "_block_invoke".len()..];
    rest.is_empty()
        || rest
            .strip_prefix('_')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The arguments of a call through something other than a function id (a function pointer,
/// inline assembly), appended to `ops`: a pointer parameter of the callee's type takes the
/// argument cast to that parameter's default pointer type.
pub(crate) fn call_arguments(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    params: &[llvm::TypeId],
    args: &[ValueRef],
    ops: &mut Vec<Operand>,
) -> Result<()> {
    let loc = ctx.location.as_str();
    for (i, &a) in args.iter().enumerate() {
        let id = match params.get(i) {
            Some(&p) if is_opaque_pointer(t.m, p) => {
                let p = t.ty(p, loc)?;
                t.value_as(ctx, a, p)?
            }
            _ => t.value(ctx, a)?,
        };
        ops.push(Operand::Id(id));
    }
    Ok(())
}

/// `call %fp(args)`: OpFunctionPointerCallINTEL with result `out` of type `ty` (`ty` is
/// unused for a void call).
#[allow(clippy::too_many_arguments)]
pub(crate) fn indirect_call(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    ty: Id,
    void_result: bool,
    callee: ValueRef,
    fn_ty: llvm::TypeId,
    args: &[ValueRef],
    attrs: &llvm::AttributeList,
) -> Result<()> {
    let loc = ctx.location.as_str();
    t.require_function_pointers(loc, "an indirect call")?;
    let (_, params, _) =
        t.m.types
            .function_signature(fn_ty)
            .ok_or_else(|| malformed(loc, "call without a function type"))?;
    let callee_ty = t.value_llvm_type(ctx, callee)?;
    let addrspace = crate::forward::ptrtypes::addrspace_of(t.m, callee_ty);
    let wanted = t.function_pointer_type(fn_ty, addrspace, loc)?;
    let mut ops = Vec::with_capacity(args.len() + 1);
    ops.push(Operand::Id(t.value_as(ctx, callee, wanted)?));
    call_arguments(t, ctx, params, args, &mut ops)?;
    let ret_ty = if void_result { t.b.type_void() } else { ty };
    // A void call has no LLVM result but the instruction has a result id, which the
    // decorations need.
    let out = if out.0 == 0 { t.b.alloc_id() } else { out };
    t.emit_to(out, Op::FunctionPointerCallINTEL, ret_ty, ops);
    argument_attributes(t, out, args.len(), attrs);
    Ok(())
}

/// The call site's parameter attributes → ArgumentAttributeINTEL decorations of the call
/// (argument index, FunctionParameterAttribute), as llvm-spirv writes them for indirect calls
/// (its `decor-func-ptr-arg-attr.ll`: `byval noalias captures(none)` → NoCapture, NoAlias,
/// ByVal, in that order). A direct call's callee carries these as FuncParamAttr instead.
fn argument_attributes(
    t: &mut Translator<'_>,
    call: Id,
    count: usize,
    attrs: &llvm::AttributeList,
) {
    use spirvkit_grammar::FunctionParameterAttribute as Fpa;
    for index in 0..count {
        let mut kinds = std::collections::BTreeSet::new();
        for a in attrs.param(index) {
            if a.is_no_capture() {
                kinds.insert(Fpa::NoCapture.0);
                continue;
            }
            let name = match a {
                llvm::Attribute::Flag(n) | llvm::Attribute::Raw(n) => n.as_str(),
                llvm::Attribute::Type(n, _) | llvm::Attribute::Int(n, _) => n.as_str(),
                _ => continue,
            };
            let kind = match name {
                "zeroext" => Fpa::Zext,
                "signext" => Fpa::Sext,
                "byval" => Fpa::ByVal,
                "sret" => Fpa::Sret,
                "noalias" => Fpa::NoAlias,
                "readonly" => Fpa::NoWrite,
                _ => continue,
            };
            kinds.insert(kind.0);
        }
        for kind in kinds.into_iter().rev() {
            t.b.decorate(
                call,
                Decoration::ArgumentAttributeINTEL.0,
                &[Operand::Word(index as u32), Operand::Word(kind)],
            );
        }
    }
}

/// An empty constructor or destructor table (`@llvm.global_ctors = appending global
/// [0 x { i32, ptr, ptr }] zeroinitializer`, what clang-22 leaves once -O1 and above evaluated
/// every C++ for OpenCL global constructor) has nothing to run, and a zero-length OpTypeArray
/// is not SPIR-V: it is dropped, its type never declared.
pub(crate) fn is_empty_structor_table(m: &llvm::Module, g: llvm::GlobalId) -> bool {
    m.global(g).is_some_and(|global| {
        matches!(
            global.name.as_str(),
            "llvm.global_ctors" | "llvm.global_dtors"
        ) && matches!(
            m.types.get(global.value_ty),
            llvm::Type::Array { len: 0, .. }
        )
    })
}
