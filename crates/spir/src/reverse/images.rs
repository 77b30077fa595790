//! Images and samplers as the SPIR 1.2 built-ins (`read_imagef`, `write_imagei`,
//! `get_image_width`, ...): a sampled image is the (image, sampler) pair it was made from.

use spirvkit_core::grammar::Op;
use spirvkit_core::{Instruction, Operand};
use spirvkit_llvm::{InstKind, Type, TypeId};

use super::builtins::Sign;
use super::function::FnState;
use super::{Ctx, Result};
use crate::mangle::{mangle, ParamType};

impl Ctx<'_> {
    /// `f`, `h`, `i` or `ui` after `read_image`/`write_image` for texel type `ty`.
    fn texel_suffix(&self, ty: TypeId, zero_extend: bool) -> &'static str {
        match self.m.types.get(self.m.types.scalar(ty)) {
            Type::Float => "f",
            Type::Half => "h",
            _ if zero_extend => "ui",
            _ => "i",
        }
    }

    pub fn builtin_instruction(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        let sampler_param = ParamType::Named("ocl_sampler".into());
        match inst.opcode {
            Op::SampledImage => {
                let image = self.op_value(st, inst, 0)?;
                let sampler = self.op_value(st, inst, 1)?;
                if let Some(r) = inst.result_id {
                    self.sampled_images.insert(r, (image, sampler));
                }
            }
            Op::ImageSampleExplicitLod | Op::ImageRead => {
                let ty = self.result_ty(inst)?;
                let src = self.id_op(inst, 0)?;
                let coord = self.op_value(st, inst, 1)?;
                let operands = inst.operands.get(2).and_then(Operand::word).unwrap_or(0);
                let zext = operands & 0x2000 != 0;
                let suffix = self.texel_suffix(ty, zext || self.result_unsigned(inst));
                let ct = self.type_of(st, coord)?;
                let (image, sampler) = match self.sampled_images.get(&src) {
                    Some(&(i, s)) => (i, Some(s)),
                    None => (self.operand(st, src)?, None),
                };
                let it = self.type_of(st, image)?;
                let mut params = vec![self.param(it, Sign::Signed, false)?];
                let mut args = vec![image];
                if let Some(s) = sampler {
                    params.push(sampler_param);
                    args.push(s);
                }
                params.push(self.param(ct, Sign::Signed, false)?);
                args.push(coord);
                let name = mangle(&format!("read_image{suffix}"), &params);
                let v = self.call_builtin(st, &name, ty, args, false)?;
                self.define(st, inst, v);
            }
            Op::ImageWrite => {
                let image = self.op_value(st, inst, 0)?;
                let coord = self.op_value(st, inst, 1)?;
                let texel = self.op_value(st, inst, 2)?;
                let operands = inst.operands.get(3).and_then(Operand::word).unwrap_or(0);
                let tt = self.type_of(st, texel)?;
                let suffix = self.texel_suffix(tt, operands & 0x2000 != 0);
                let (it, ct) = (self.type_of(st, image)?, self.type_of(st, coord)?);
                let sign = if suffix == "ui" {
                    Sign::Unsigned
                } else {
                    Sign::Signed
                };
                let mut params = vec![
                    self.param(it, Sign::Signed, false)?,
                    self.param(ct, Sign::Signed, false)?,
                ];
                let mut args = vec![image, coord];
                // The Lod image operand (0x2, its id first after the mask) is the mip level
                // argument of cl_khr_mipmap_image_writes' `write_image*(image, coord, lod,
                // color)`.
                if operands & 0x2 != 0 {
                    let lod = self.op_value(st, inst, 4)?;
                    let lt = self.type_of(st, lod)?;
                    params.push(self.param(lt, Sign::Signed, false)?);
                    args.push(lod);
                }
                params.push(self.param(tt, sign, false)?);
                args.push(texel);
                let void = self.m.types.void();
                let name = mangle(&format!("write_image{suffix}"), &params);
                self.call_builtin(st, &name, void, args, false)?;
            }
            Op::ImageQuerySize | Op::ImageQuerySizeLod => {
                let ty = self.result_ty(inst)?;
                let image = self.op_value(st, inst, 0)?;
                let it = self.type_of(st, image)?;
                let image_ty = self
                    .spirv_type_of(st, inst, 0)
                    .and_then(|t| self.def(t))
                    .filter(|d| d.opcode == Op::TypeImage);
                let (dim, arrayed) = image_ty
                    .map(|d| {
                        (
                            d.operands.get(1).and_then(Operand::word).unwrap_or(1),
                            d.operands.get(3).and_then(Operand::word).unwrap_or(0),
                        )
                    })
                    .unwrap_or((1, 0));
                let mut queries = match dim {
                    0 | 5 => vec!["get_image_width"],
                    2 => vec!["get_image_width", "get_image_height", "get_image_depth"],
                    _ => vec!["get_image_width", "get_image_height"],
                };
                if arrayed == 1 {
                    queries.push("get_image_array_size");
                }
                let elem = self.m.types.scalar(ty);
                let params = [self.param(it, Sign::Signed, false)?];
                let mut parts = Vec::new();
                for q in &queries {
                    let rt = if *q == "get_image_array_size" {
                        self.size_t()
                    } else {
                        self.m.types.int(32)
                    };
                    let v = self.call_builtin(st, &mangle(q, &params), rt, vec![image], false)?;
                    let v = self.fit_int(st, v, elem)?;
                    parts.push(v);
                }
                let v = match self.m.types.get(ty) {
                    Type::Vector { .. } => {
                        let mut acc = self.push_const(ty, spirvkit_llvm::ConstKind::Undef);
                        for (k, p) in parts.into_iter().enumerate() {
                            let idx = self.const_i32(k as u32);
                            acc = self.emit(
                                st,
                                ty,
                                InstKind::InsertElement {
                                    vector: acc,
                                    element: p,
                                    index: idx,
                                },
                            );
                        }
                        acc
                    }
                    _ => parts
                        .first()
                        .copied()
                        .ok_or_else(|| self.err("image without size"))?,
                };
                self.define(st, inst, v);
            }
            Op::ImageQueryFormat | Op::ImageQueryOrder => {
                let ty = self.result_ty(inst)?;
                let image = self.op_value(st, inst, 0)?;
                let it = self.type_of(st, image)?;
                // The SPIR-V result counts from 0; OpenCL C returns the `CL_` enumerant, which
                // starts at CL_SNORM_INT8 (0x10D0) or CL_R (0x10B0).
                let (q, base) = if inst.opcode == Op::ImageQueryFormat {
                    ("get_image_channel_data_type", 0x10D0)
                } else {
                    ("get_image_channel_order", 0x10B0)
                };
                let params = [self.param(it, Sign::Signed, false)?];
                let v = self.call_builtin(st, &mangle(q, &params), ty, vec![image], false)?;
                let base = self.const_int(ty, base);
                let v = self.binary(st, ty, spirvkit_llvm::BinaryOp::Sub, v, base);
                self.define(st, inst, v);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn result_unsigned(&self, _inst: &Instruction) -> bool {
        false
    }

    /// The SPIR-V type id of operand `i` (a parameter, load or other local result).
    fn spirv_type_of(
        &self,
        _st: &FnState,
        inst: &Instruction,
        i: usize,
    ) -> Option<spirvkit_core::Id> {
        let id = inst.operands.get(i).and_then(Operand::id)?;
        self.result_types.get(&id).copied()
    }
}
