//! LLVM types → SPIR-V types (SPIR 1.2 tables 1–3 and section 2.2).

use crate::error::{malformed, unsupported, Result};
use crate::forward::long_vectors::declare_vector_length;
use crate::forward::translator::Translator;
use crate::opencl_types::{opencl_type, spirv_image_access, OpenClType};
use llvm::Type;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{
    AccessQualifier, Capability, Decoration, Dim, FPEncoding, ImageFormat, Op, StorageClass,
};
use spirvkit_llvm as llvm;

const BFLOAT16: &str = "SPV_KHR_bfloat16";

/// Access qualifier key for non-image types (images use the AccessQualifier value).
pub const NO_ACCESS: u32 = u32::MAX;
/// Marks a kernel parameter declared `sampler_t` (an i32 in SPIR 1.2): lowered as OpTypeSampler.
pub const SAMPLER_PARAM: u32 = u32::MAX - 1;

/// Address space → storage class (SPIR 1.2 section 2.2; 5/6 are the USM address spaces).
pub fn storage_class(t: &mut Translator<'_>, addrspace: u32, location: &str) -> Result<u32> {
    Ok(match addrspace {
        0 => StorageClass::Function.0,
        1 => StorageClass::CrossWorkgroup.0,
        2 => StorageClass::UniformConstant.0,
        3 => StorageClass::Workgroup.0,
        4 => {
            t.b.capability(Capability::GenericPointer);
            StorageClass::Generic.0
        }
        5 | 6 => {
            if t.opts.allows("SPV_ALTERA_usm_storage_classes")
                || t.opts.allows("SPV_INTEL_usm_storage_classes")
            {
                let name = if t.opts.allows("SPV_ALTERA_usm_storage_classes") {
                    "SPV_ALTERA_usm_storage_classes"
                } else {
                    "SPV_INTEL_usm_storage_classes"
                };
                t.b.extension(name);
                t.b.capability(Capability::USMStorageClassesALTERA);
                if addrspace == 5 {
                    StorageClass::DeviceOnlyALTERA.0
                } else {
                    StorageClass::HostOnlyALTERA.0
                }
            } else {
                // The extension's spec allows consumers without it to treat both as global.
                StorageClass::CrossWorkgroup.0
            }
        }
        7 => StorageClass::Input.0,
        // Functions in the program address space llvm-spirv gives function pointers: Function
        // storage, or CodeSectionINTEL under `-spirv-emit-function-ptr-addr-space` (as
        // llvm-spirv's option; `CodeSectionINTEL/function-pointer-dedicated-as.ll`).
        9 if t.function_pointers_allowed() => {
            if t.opts.emit_function_ptr_addr_space {
                t.b.extension(crate::forward::function_pointers::EXTENSION);
                t.b.capability(Capability::FunctionPointersINTEL);
                StorageClass::CodeSectionINTEL.0
            } else {
                StorageClass::Function.0
            }
        }
        n => return Err(unsupported(location, format!("address space {n}"))),
    })
}

impl<'m> Translator<'m> {
    /// The OpenCL opaque type a pointer type stands for (`%opencl.image2d_t addrspace(1)*`).
    pub fn opencl_handle(&self, ty: llvm::TypeId) -> Option<OpenClType> {
        if let Some((handle, _)) = crate::forward::target_types::handle_of(self.m, ty) {
            return Some(handle);
        }
        let pointee = self.m.types.pointee(ty)?;
        match self.m.types.get(pointee) {
            // A typed pointer to `%spirv.PipeStorage` is a pipe storage only in llvm-spirv's
            // pipe-storage form (see `TranslateOptions::pipe_storage_constants`).
            Type::Named(sid) => opencl_type(self.m.types.struct_def(*sid)?.name.as_deref()?)
                .filter(|h| *h != OpenClType::PipeStorage || self.opts.pipe_storage_constants),
            _ => None,
        }
    }

    /// The access qualifier an OpenCL image struct's name spells (`%opencl.image2d_wo_t`, as
    /// clang before opaque pointers named them): llvm-spirv takes it from the name when no
    /// kernel argument metadata says otherwise.
    fn image_name_access(&self, ty: llvm::TypeId) -> Option<u32> {
        let name = self.pointee_struct_name(ty)?.strip_prefix("opencl.")?;
        let name = name.split('.').next()?;
        if name.ends_with("_wo_t") {
            Some(AccessQualifier::WriteOnly.0)
        } else if name.ends_with("_rw_t") {
            Some(AccessQualifier::ReadWrite.0)
        } else if name.ends_with("_ro_t") {
            Some(AccessQualifier::ReadOnly.0)
        } else {
            None
        }
    }

    /// The name of the struct a pointer type points to.
    fn pointee_struct_name(&self, ty: llvm::TypeId) -> Option<&'m str> {
        let pointee = self.m.types.pointee(ty)?;
        let Type::Named(sid) = self.m.types.get(pointee) else {
            return None;
        };
        self.m.types.struct_def(*sid)?.name.as_deref()
    }

    /// A pointer to `%spirv.SampledImage._{operands}` (SPIR-V friendly IR with typed
    /// pointers): the image those operands describe.
    fn sampled_image_struct(&self, ty: llvm::TypeId) -> Option<OpenClType> {
        let name = self.pointee_struct_name(ty)?;
        let operands = name.strip_prefix("spirv.SampledImage.")?;
        opencl_type(&format!("spirv.Image.{operands}"))
    }

    /// SPV_KHR_bfloat16: a 16-bit float with the BFloat16KHR encoding.
    pub fn bfloat_type(&mut self, location: &str) -> Result<Id> {
        if !self.opts.allows(BFLOAT16) {
            return Err(unsupported(
                location,
                format!("the type bfloat (needs --spirv-ext=+{BFLOAT16})"),
            ));
        }
        self.b.extension(BFLOAT16);
        self.b.capability(Capability::BFloat16TypeKHR);
        Ok(self.b.dedup_global(
            Op::TypeFloat,
            None,
            vec![Operand::Word(16), Operand::Word(FPEncoding::BFloat16KHR.0)],
        ))
    }

    pub fn ty(&mut self, ty: llvm::TypeId, location: &str) -> Result<Id> {
        self.ty_with_access(ty, NO_ACCESS, location)
    }

    /// Lowers a type; `access` selects the access qualifier of image types.
    pub fn ty_with_access(&mut self, ty: llvm::TypeId, access: u32, location: &str) -> Result<Id> {
        if let Type::TargetExt { .. } = self.m.types.get(ty) {
            // The type says everything (images carry their access qualifier).
            if let Some(&id) = self.types.get(&(ty, NO_ACCESS, 0)) {
                return Ok(id);
            }
            let id = self.target_ext_type(ty, location)?;
            self.types.insert((ty, NO_ACCESS, 0), id);
            return Ok(id);
        }
        if access == SAMPLER_PARAM && matches!(self.m.types.get(ty), Type::Int(32)) {
            return Ok(self.opencl_handle_type(OpenClType::Sampler, NO_ACCESS));
        }
        let access = if self
            .opencl_handle(ty)
            .is_some_and(|h| matches!(h, OpenClType::Image { .. }))
        {
            if access != NO_ACCESS {
                access
            } else {
                self.image_context
                    .as_ref()
                    .and_then(|(_, m)| m.get(&ty).copied())
                    .or_else(|| self.image_name_access(ty))
                    .unwrap_or(AccessQualifier::ReadOnly.0)
            }
        } else {
            NO_ACCESS
        };
        // Types that may contain images depend on the kernel's image context.
        let context = match &self.image_context {
            Some((n, _)) if self.contains_image(ty, 0) => *n,
            _ => 0,
        };
        if let Some(&id) = self.types.get(&(ty, access, context)) {
            return Ok(id);
        }
        let id = self.nested(location, |t| t.lower_type(ty, access, location))?;
        self.types.insert((ty, access, context), id);
        Ok(id)
    }

    /// Whether a type mentions an image type (directly, or through pointers and aggregates).
    fn contains_image(&self, ty: llvm::TypeId, depth: u32) -> bool {
        if depth > 32 {
            return false;
        }
        if self
            .opencl_handle(ty)
            .is_some_and(|h| matches!(h, OpenClType::Image { .. }))
        {
            return true;
        }
        match self.m.types.get(ty) {
            Type::Pointer {
                pointee: Some(p), ..
            } => self.contains_image(*p, depth + 1),
            Type::Array { elem, .. } | Type::Vector { elem, .. } => {
                self.contains_image(*elem, depth + 1)
            }
            Type::Struct { elems, .. } => elems.iter().any(|e| self.contains_image(*e, depth + 1)),
            Type::Named(sid) => self
                .m
                .types
                .struct_def(*sid)
                .and_then(|d| d.body.as_ref())
                .is_some_and(|b| b.elems.iter().any(|e| self.contains_image(*e, depth + 1))),
            Type::Function { ret, params, .. } => {
                self.contains_image(*ret, depth + 1)
                    || params.iter().any(|p| self.contains_image(*p, depth + 1))
            }
            _ => false,
        }
    }

    fn lower_type(&mut self, ty: llvm::TypeId, access: u32, location: &str) -> Result<Id> {
        let access = match self.pointee_struct_name(ty) {
            Some(name) if access == NO_ACCESS => spirv_image_access(name).unwrap_or(access),
            _ => access,
        };
        if let Some(handle) = self.opencl_handle(ty) {
            if let OpenClType::Avc(_) = handle {
                let what = self
                    .pointee_struct_name(ty)
                    .unwrap_or("intel_sub_group_avc_*_t");
                crate::forward::avc_motion_estimation::require_type(self, location, what)?;
            }
            if let OpenClType::BufferSurface { .. } = handle {
                // llvm-spirv's OpTypeBufferSurfaceINTEL needs SPV_INTEL_vector_compute.
                let ext = crate::forward::vector_compute::EXTENSION;
                if !self.opts.allows(ext) {
                    return Err(unsupported(
                        location,
                        format!(
                            "the type %{} (needs --spirv-ext=+{ext})",
                            self.pointee_struct_name(ty).unwrap_or("intel.buffer_t")
                        ),
                    ));
                }
                self.b.extension(ext);
            }
            return Ok(self.opencl_handle_type(handle, access));
        }
        if let Some(matrix) = self.cooperative_matrix_struct(ty, location) {
            return matrix;
        }
        if let Some(matrix) = self.joint_matrix_struct(ty, location) {
            return matrix;
        }
        if let Some(image) = self.sampled_image_struct(ty) {
            let image = self.opencl_handle_type(image, access);
            let id = self
                .b
                .dedup_global(Op::TypeSampledImage, None, vec![Operand::Id(image)]);
            self.handle_type_ids.insert(id);
            return Ok(id);
        }
        let t = self.m.types.get(ty).clone();
        Ok(match t {
            Type::Void => self.b.type_void(),
            Type::Int(1) => self.b.type_bool(),
            Type::Int(w @ (8 | 16 | 32 | 64)) => self.int_type(w),
            Type::Int(w) => self.odd_int_type(w, location)?,
            Type::Half => {
                self.b.capability(Capability::Float16Buffer);
                self.b.type_float(16)
            }
            Type::BFloat => self.bfloat_type(location)?,
            Type::Float => self.b.type_float(32),
            Type::Double => {
                self.b.capability(Capability::Float64);
                self.b.type_float(64)
            }
            Type::Pointer { pointee, addrspace } => {
                let storage = storage_class(self, addrspace, location)?;
                let Some(pointee) = pointee else {
                    // Opaque pointers default to i8 pointees; uses insert casts (see body.rs).
                    let i8_ty = self.int_type(8);
                    return Ok(self.pointer_type(storage, i8_ty));
                };
                if self.untyped_allowed() && self.structs_in_progress.contains(&pointee) {
                    // Untyped pointers need no pointee, so recursion needs no forward pointer.
                    return Ok(self.untyped_pointer(storage));
                }
                if self.structs_in_progress.contains(&pointee) {
                    // A recursive struct: declare the pointer forward, define it after the struct.
                    let id = *self
                        .forward_pointers
                        .entry(ty)
                        .or_insert_with(|| self.b.alloc_id());
                    self.b.global(Instruction::new(
                        Op::TypeForwardPointer,
                        None,
                        None,
                        [Operand::Id(id), Operand::Word(storage)],
                    ));
                    return Ok(id);
                }
                let pointee_id = match self.m.types.get(pointee) {
                    Type::Int(1) => self.int_type(8),
                    Type::Function { .. } if self.function_pointers_allowed() => {
                        return self.function_pointer_type(pointee, addrspace, location)
                    }
                    // Without the extension a typed `i32 (i32)*` that only appears in types
                    // (a struct member, a parameter) is what current LLVM reads it as, an
                    // opaque `ptr`: a pointer to i8, as llvm-spirv lowers `ptr`. Taking a
                    // function's address or calling through one stays refused.
                    Type::Function { .. } => self.int_type(8),
                    _ => self.ty(pointee, location)?,
                };
                self.pointer_type(storage, pointee_id)
            }
            Type::Vector {
                len,
                elem,
                scalable: false,
            } => {
                if len == 1 {
                    // SPIR-V has no one-component vectors: `<1 x T>` is `T` (as llvm-spirv
                    // scalarizes it); the vector instructions on it become copies.
                    return self.ty(elem, location);
                }
                declare_vector_length(self, len, location)?;
                if matches!(self.m.types.get(elem), Type::Pointer { .. }) {
                    crate::forward::masked_gather_scatter::require_pointer_vector(self, location)?;
                }
                let e = self.ty(elem, location)?;
                self.b.type_vector(e, len)
            }
            Type::Array { len, elem } => {
                let e = self.ty(elem, location)?;
                // SPIR-V arrays have at least one element and the Kernel environment has no
                // runtime arrays: `[0 x T]` (a flexible array member, an unsized extern array)
                // is `[1 x T]`, as llvm-spirv writes it since its PR 2743.
                let length = self.size_constant(len.max(1));
                self.b.dedup_global(
                    Op::TypeArray,
                    None,
                    vec![Operand::Id(e), Operand::Id(length)],
                )
            }
            Type::Struct { elems, packed } => {
                self.struct_type(ty, None, &elems, packed, location)?
            }
            Type::Named(sid) => {
                let def = self
                    .m
                    .types
                    .struct_def(sid)
                    .ok_or_else(|| malformed(location, "unknown struct"))?
                    .clone();
                let name = def.name.clone();
                match def.body {
                    Some(body) => {
                        self.struct_type(ty, name.as_deref(), &body.elems, body.packed, location)?
                    }
                    None => {
                        let name = name.unwrap_or_else(|| "opaque".into());
                        if name.starts_with("spirv.JointMatrixINTEL.") {
                            // llvm-spirv's internal OpTypeJointMatrixINTEL (token 6119) was never
                            // part of SPIR-V; an OpTypeOpaque in its place makes every matrix
                            // instruction on it invalid.
                            return Err(unsupported(
                                location,
                                format!(
                                    "the type {name} (the pre-SPV_KHR_cooperative_matrix joint \
                                     matrix, which has no SPIR-V type; DPC++ now emits \
                                     target(\"spirv.CooperativeMatrixKHR\", ...))"
                                ),
                            ));
                        }
                        self.b.dedup_global(
                            Op::TypeOpaque,
                            None,
                            vec![Operand::String(name.into())],
                        )
                    }
                }
            }
            Type::Function { .. } => {
                return Err(unsupported(location, "a function type as a value"))
            }
            Type::TargetExt { .. } => self.target_ext_type(ty, location)?,
            Type::Token => crate::forward::token_type::token_type(self, location)?,
            other => return Err(unsupported(location, format!("the type {other:?}"))),
        })
    }

    fn struct_type(
        &mut self,
        ty: llvm::TypeId,
        name: Option<&str>,
        elems: &[llvm::TypeId],
        packed: bool,
        location: &str,
    ) -> Result<Id> {
        self.structs_in_progress.insert(ty);
        let mut members = Vec::with_capacity(elems.len());
        for &e in elems {
            members.push(Operand::Id(self.ty(e, location)?));
        }
        self.structs_in_progress.remove(&ty);
        crate::forward::long_composites::check(
            self,
            Op::TypeStruct,
            members.len(),
            "a struct type",
            location,
        )?;
        let id = self.b.unique_global(Op::TypeStruct, None, members);
        // Pointers to this struct declared forward while it was being built are defined now.
        let pending: Vec<(llvm::TypeId, Id)> = self
            .forward_pointers
            .iter()
            .filter(|(p, _)| self.m.types.pointee(**p) == Some(ty))
            .map(|(p, i)| (*p, *i))
            .collect();
        for (ptr_ty, ptr_id) in pending {
            self.forward_pointers.remove(&ptr_ty);
            let addrspace = match self.m.types.get(ptr_ty) {
                Type::Pointer { addrspace, .. } => *addrspace,
                _ => 0,
            };
            let storage = storage_class(self, addrspace, location)?;
            self.b.global(Instruction::new(
                Op::TypePointer,
                None,
                Some(ptr_id),
                [Operand::Word(storage), Operand::Id(id)],
            ));
            self.pointer_info.insert(ptr_id, (storage, id));
        }
        if let Some(name) = name {
            self.b.name(id, name);
        }
        if packed {
            self.b.decorate(id, Decoration::CPacked.0, &[]);
        }
        Ok(id)
    }

    pub fn int_type(&mut self, width: u32) -> Id {
        match width {
            8 => self.b.capability(Capability::Int8),
            16 => self.b.capability(Capability::Int16),
            64 => self.b.capability(Capability::Int64),
            _ => {}
        }
        self.b.type_int(width, false)
    }

    /// The `size_t` type: 32 or 64 bits by the triple.
    pub fn size_type(&mut self) -> Id {
        self.int_type(self.pointer_bits)
    }

    /// A 32-bit constant when it fits, else a 64-bit one (array lengths).
    pub fn size_constant(&mut self, value: u64) -> Id {
        match u32::try_from(value) {
            Ok(v) => {
                let t = self.int_type(32);
                self.b.constant_u32(t, v)
            }
            Err(_) => {
                let t = self.int_type(64);
                self.b.constant_u64(t, value)
            }
        }
    }

    pub fn u32_constant(&mut self, value: u32) -> Id {
        let t = self.int_type(32);
        self.b.constant_u32(t, value)
    }

    pub(crate) fn opencl_handle_type(&mut self, handle: OpenClType, access: u32) -> Id {
        let id = self.opencl_handle_type_id(handle, access);
        self.handle_type_ids.insert(id);
        id
    }

    fn opencl_handle_type_id(&mut self, handle: OpenClType, access: u32) -> Id {
        match handle {
            OpenClType::Image {
                dim,
                arrayed,
                depth,
                ms,
            } => {
                self.b.capability(Capability::ImageBasic);
                if access == AccessQualifier::ReadWrite.0 {
                    self.b.capability(Capability::ImageReadWrite);
                }
                match dim {
                    Dim::Dim1D => self.b.capability(Capability::Sampled1D),
                    Dim::Buffer => self.b.capability(Capability::SampledBuffer),
                    _ => {}
                }
                let void = self.b.type_void();
                self.b.dedup_global(
                    Op::TypeImage,
                    None,
                    vec![
                        Operand::Id(void),
                        Operand::Word(dim.0),
                        Operand::Word(u32::from(depth)),
                        Operand::Word(u32::from(arrayed)),
                        Operand::Word(u32::from(ms)),
                        Operand::Word(0),
                        Operand::Word(ImageFormat::Unknown.0),
                        Operand::Word(access),
                    ],
                )
            }
            OpenClType::Sampler => self.b.dedup_global(Op::TypeSampler, None, vec![]),
            OpenClType::Event => self.b.dedup_global(Op::TypeEvent, None, vec![]),
            OpenClType::ClkEvent => {
                self.b.capability(Capability::DeviceEnqueue);
                self.b.dedup_global(Op::TypeDeviceEvent, None, vec![])
            }
            OpenClType::Queue => {
                self.b.capability(Capability::DeviceEnqueue);
                self.b.dedup_global(Op::TypeQueue, None, vec![])
            }
            OpenClType::ReserveId => {
                self.b.capability(Capability::Pipes);
                self.b.dedup_global(Op::TypeReserveId, None, vec![])
            }
            OpenClType::Pipe { access } => {
                self.b.capability(Capability::Pipes);
                self.b
                    .dedup_global(Op::TypePipe, None, vec![Operand::Word(access)])
            }
            OpenClType::PipeStorage => {
                // OpTypePipeStorage is SPIR-V 1.1.
                self.needed_version = self.needed_version.max(0x0001_0100);
                self.b.capability(Capability::PipeStorage);
                self.b.dedup_global(Op::TypePipeStorage, None, vec![])
            }
            OpenClType::Avc(op) => crate::forward::avc_motion_estimation::declare_type(self, op),
            OpenClType::BufferSurface { access } => {
                self.b.capability(Capability::VectorComputeINTEL);
                self.b.dedup_global(
                    Op::TypeBufferSurfaceINTEL,
                    None,
                    vec![Operand::Word(access)],
                )
            }
        }
    }

    /// With untyped pointers, the type a `byval(T)` / `sret(T)` pointer parameter points to:
    /// FuncParamAttr ByVal / Sret say the callee owns a copy of that memory, whose size an
    /// untyped pointer no longer tells, so (as llvm-spirv) the parameter stays a typed pointer
    /// to `T` and calls cast their argument to it.
    fn copied_pointee(&self, f: &llvm::Function, index: usize) -> Option<llvm::TypeId> {
        if !self.untyped_allowed() {
            return None;
        }
        crate::forward::pointee::copied_type(f, index)
    }

    /// OpTypeFunction of a function, with its return and parameter types; `param_access`
    /// overrides image access per parameter. Opaque-pointer parameters and returns take the
    /// types inferred for them (pointee.rs).
    pub fn function_type(
        &mut self,
        fid: llvm::FuncId,
        param_access: Option<&[u32]>,
        location: &str,
    ) -> Result<(Id, Id, Vec<Id>)> {
        let m = self.m;
        let f = m
            .function(fid)
            .ok_or_else(|| malformed(location, "call to a missing function"))?;
        let (ret, params, _) = m
            .types
            .function_signature(f.fn_ty)
            .ok_or_else(|| malformed(location, "function without a function type"))?;
        let classes = std::sync::Arc::clone(&self.pointer_classes);
        let ret_repr = classes.return_repr(fid, f);
        let param_reprs: Vec<_> = (0..params.len())
            .map(|i| classes.repr_of(fid, f, llvm::ValueRef::Argument(i as u32)))
            .collect();
        let ret_id = match ret_repr.filter(|_| crate::forward::pointee::is_opaque_pointer(m, ret)) {
            Some(r) => {
                self.repr_type(r, crate::forward::ptrtypes::addrspace_of(m, ret), location)?
            }
            None => self.ty(ret, location)?,
        };
        let mut ids = Vec::with_capacity(params.len());
        for (i, p) in params.iter().enumerate() {
            let access = param_access
                .and_then(|a| a.get(i).copied())
                .unwrap_or(NO_ACCESS);
            let id = match param_reprs[i]
                .filter(|_| crate::forward::pointee::is_opaque_pointer(m, *p))
            {
                Some(r) => {
                    self.repr_type(r, crate::forward::ptrtypes::addrspace_of(m, *p), location)?
                }
                None => self.ty_with_access(*p, access, location)?,
            };
            let id = match self.copied_pointee(f, i) {
                Some(pointee) => {
                    let storage = storage_class(
                        self,
                        crate::forward::ptrtypes::addrspace_of(m, *p),
                        location,
                    )?;
                    let pointee = self.ty(pointee, location)?;
                    self.typed_pointer_type(storage, pointee)
                }
                None => id,
            };
            ids.push(id);
        }
        let fn_ty = self.b.type_function(ret_id, &ids);
        self.signatures.insert(fid, (ret_id, ids.clone()));
        Ok((fn_ty, ret_id, ids))
    }
}
