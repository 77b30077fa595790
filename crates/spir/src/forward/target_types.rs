//! LLVM target extension types (LLVM ≥ 16: `target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)`)
//! → the SPIR-V types they name. clang ≥ 17 emits OpenCL images, samplers, events, queues, pipes
//! and reserve ids this way; the `spirv.*` parameters are the operands of the SPIR-V type
//! instruction (as llvm-spirv and LLVM's SPIR-V back end define them), the `opencl.*` names are
//! the SPIR 1.2 struct names.

use crate::error::{malformed, unsupported, Result};
use crate::forward::translator::Translator;
use crate::opencl_types::{opencl_type, OpenClType};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{AccessQualifier, Capability, Dim, Op};
use spirvkit_llvm as llvm;

const IMAGE_INT64: &str = "SPV_EXT_shader_image_int64";

/// `target("name", types..., ints...)` as LLVM prints it (for error messages).
pub fn describe(m: &llvm::Module, ty: llvm::TypeId) -> String {
    match m.types.target_ext(ty) {
        Some((name, types, ints)) => {
            let mut s = format!("target(\"{name}\"");
            for t in types {
                s.push_str(&format!(", {}", llvm_type_name(m, *t)));
            }
            for i in ints {
                s.push_str(&format!(", {i}"));
            }
            s.push(')');
            s
        }
        None => llvm_type_name(m, ty),
    }
}

fn llvm_type_name(m: &llvm::Module, ty: llvm::TypeId) -> String {
    match m.types.get(ty) {
        llvm::Type::Void => "void".into(),
        llvm::Type::Int(w) => format!("i{w}"),
        llvm::Type::Half => "half".into(),
        llvm::Type::BFloat => "bfloat".into(),
        llvm::Type::Float => "float".into(),
        llvm::Type::Double => "double".into(),
        llvm::Type::TargetExt { .. } => describe(m, ty),
        other => format!("{other:?}"),
    }
}

/// Access qualifier of an `opencl.*` image name (`_ro_t`, `_wo_t`, `_rw_t`; read-only default).
fn opencl_name_access(name: &str) -> u32 {
    if name.contains("_wo_t") {
        AccessQualifier::WriteOnly.0
    } else if name.contains("_rw_t") {
        AccessQualifier::ReadWrite.0
    } else {
        AccessQualifier::ReadOnly.0
    }
}

/// The OpenCL handle a target extension type stands for, with its access qualifier (images;
/// `NO_ACCESS` otherwise). `None` for any other type.
pub fn handle_of(m: &llvm::Module, ty: llvm::TypeId) -> Option<(OpenClType, u32)> {
    let (name, _, ints) = m.types.target_ext(ty)?;
    let no = crate::forward::types::NO_ACCESS;
    let handle = match name {
        "spirv.Image" => {
            let int = |i: usize| ints.get(i).copied().unwrap_or(0);
            let image = OpenClType::Image {
                dim: Dim(int(0)),
                depth: int(1) == 1,
                arrayed: int(2) != 0,
                ms: int(3) != 0,
            };
            return Some((image, int(6)));
        }
        "spirv.Sampler" => OpenClType::Sampler,
        "spirv.Event" => OpenClType::Event,
        "spirv.DeviceEvent" => OpenClType::ClkEvent,
        "spirv.Queue" => OpenClType::Queue,
        "spirv.ReserveId" => OpenClType::ReserveId,
        _ if name.starts_with("spirv.Avc") => {
            crate::forward::avc_motion_estimation::type_from_spirv_name(&name["spirv.".len()..])?
        }
        _ if name.starts_with("opencl.") => {
            let handle = opencl_type(name)?;
            let access = if matches!(handle, OpenClType::Image { .. }) {
                opencl_name_access(name)
            } else {
                no
            };
            return Some((handle, access));
        }
        _ => return None,
    };
    Some((handle, no))
}

impl<'m> Translator<'m> {
    /// Lowers a target extension type to the SPIR-V type it names.
    pub(crate) fn target_ext_type(&mut self, ty: llvm::TypeId, location: &str) -> Result<Id> {
        let m = self.m;
        let Some((name, _, ints)) = m.types.target_ext(ty) else {
            return Err(malformed(location, "not a target extension type"));
        };
        let int = |i: usize| -> Result<u32> {
            ints.get(i).copied().ok_or_else(|| {
                malformed(
                    location,
                    format!("{} lacks integer parameter {}", describe(m, ty), i + 1),
                )
            })
        };
        match name {
            "spirv.Image" => self.target_image(ty, location),
            "spirv.SampledImage" => {
                let image = self.target_image(ty, location)?;
                Ok(self
                    .b
                    .dedup_global(Op::TypeSampledImage, None, vec![Operand::Id(image)]))
            }
            // SPV_INTEL_device_side_avc_motion_estimation's image+sampler pair (SPV-IR
            // `__spirv_VmeImageINTEL`): the image operands, as `spirv.Image` has them.
            "spirv.VmeImageINTEL" => {
                let what = describe(m, ty);
                crate::forward::avc_motion_estimation::require_type(self, location, &what)?;
                let image = self.target_image(ty, location)?;
                Ok(crate::forward::avc_motion_estimation::vme_image_type(
                    self, image,
                ))
            }
            "spirv.Pipe" => {
                let access = int(0)?;
                self.b.capability(Capability::Pipes);
                let id = self
                    .b
                    .dedup_global(Op::TypePipe, None, vec![Operand::Word(access)]);
                self.handle_type_ids.insert(id);
                Ok(id)
            }
            "spirv.PipeStorage" => {
                self.require_version(0x0001_0100);
                self.b.capability(Capability::PipeStorage);
                let id = self.b.dedup_global(Op::TypePipeStorage, None, vec![]);
                self.handle_type_ids.insert(id);
                Ok(id)
            }
            crate::forward::cooperative_matrix::TYPE_NAME => {
                self.cooperative_matrix_type(ty, location)
            }
            crate::forward::joint_matrix::TYPE_NAME => self.joint_matrix_target(ty, location),
            "spirv.TaskSequenceINTEL" => {
                // SPV_INTEL_task_sequence's type (OpTypeTaskSequenceALTERA in SPIRV-Headers).
                let desc = spirvkit_grammar::instruction_by_name("OpTypeTaskSequenceINTEL")
                    .ok_or_else(|| malformed(location, "no OpTypeTaskSequenceINTEL"))?;
                let what = describe(m, ty);
                crate::forward::requirements::require(self, location, &what, &desc.avail)?;
                let id = self.b.dedup_global(Op(desc.opcode), None, vec![]);
                self.handle_type_ids.insert(id);
                Ok(id)
            }
            "spirv.NamedBarrier" => {
                self.require_version(0x0001_0100);
                self.b.capability(Capability::NamedBarrier);
                let id = self.b.dedup_global(Op::TypeNamedBarrier, None, vec![]);
                self.handle_type_ids.insert(id);
                Ok(id)
            }
            _ => match handle_of(m, ty) {
                Some((handle @ OpenClType::Avc(_), access)) => {
                    let what = describe(m, ty);
                    crate::forward::avc_motion_estimation::require_type(self, location, &what)?;
                    Ok(self.opencl_handle_type(handle, access))
                }
                Some((handle, access)) => Ok(self.opencl_handle_type(handle, access)),
                None => Err(unsupported(
                    location,
                    format!("the type {}", describe(m, ty)),
                )),
            },
        }
    }

    /// `spirv.Image` and `spirv.SampledImage`: [sampled type], dim, depth, arrayed, ms,
    /// sampled, format, access — the OpTypeImage operands in order.
    fn target_image(&mut self, ty: llvm::TypeId, location: &str) -> Result<Id> {
        let m = self.m;
        let Some((_, types, ints)) = m.types.target_ext(ty) else {
            return Err(malformed(location, "not a target extension type"));
        };
        if ints.len() != 7 || types.len() > 1 {
            return Err(malformed(
                location,
                format!(
                    "{}: an image takes a sampled type and 7 integer parameters",
                    describe(m, ty)
                ),
            ));
        }
        let sampled_ty = match types.first() {
            Some(&t) => self.ty(t, location)?,
            None => self.b.type_void(),
        };
        let (dim, access) = (Dim(ints[0]), ints[6]);
        if dim.0 > Dim::SubpassData.0 || access > AccessQualifier::ReadWrite.0 || ints[1] > 2 {
            return Err(malformed(
                location,
                format!("{}: parameters out of range", describe(m, ty)),
            ));
        }
        // A 64-bit integer texel (the R64ui/R64i formats): SPV_EXT_shader_image_int64.
        if types
            .first()
            .is_some_and(|&t| matches!(m.types.get(t), llvm::Type::Int(64)))
        {
            if !self.opts.allows(IMAGE_INT64) {
                return Err(unsupported(
                    location,
                    format!(
                        "{} with 64-bit integer texels (needs --spirv-ext=+{IMAGE_INT64})",
                        describe(m, ty)
                    ),
                ));
            }
            self.b.extension(IMAGE_INT64);
            self.b.capability(Capability::Int64ImageEXT);
        }
        self.b.capability(Capability::ImageBasic);
        if access == AccessQualifier::ReadWrite.0 {
            self.b.capability(Capability::ImageReadWrite);
        }
        match dim {
            Dim::Dim1D => self.b.capability(Capability::Sampled1D),
            Dim::Buffer => self.b.capability(Capability::SampledBuffer),
            _ => {}
        }
        let mut operands = vec![Operand::Id(sampled_ty)];
        operands.extend(ints.iter().map(|&i| Operand::Word(i)));
        let id = self.b.dedup_global(Op::TypeImage, None, operands);
        self.handle_type_ids.insert(id);
        Ok(id)
    }

    /// Notes that the output needs SPIR-V `version` (checked against the options at the end).
    fn require_version(&mut self, version: u32) {
        self.needed_version = self.needed_version.max(version);
    }
}
