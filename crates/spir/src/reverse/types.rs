//! SPIR-V types → SPIR 1.2 LLVM types (typed pointers; images, samplers and events as the
//! SPIR opaque types; untyped pointers as `i8*`).

use spirvkit_core::grammar::Op;
use spirvkit_core::{Id, Operand};
use spirvkit_llvm::{StructBody, Type, TypeId};

use super::spv_ir::is_opaque_type;
use super::{Ctx, Result};

/// LLVM address space of a SPIR-V storage class (SPIR 1.2 section 2.2, seed 004 for USM).
pub fn addrspace(storage_class: u32) -> u32 {
    match storage_class {
        0 => 2,    // UniformConstant
        4 => 3,    // Workgroup
        5 => 1,    // CrossWorkgroup
        8 => 4,    // Generic
        5936 => 5, // DeviceOnlyINTEL
        5937 => 6, // HostOnlyINTEL
        _ => 0,    // Function, Private, Input
    }
}

/// LLVM address space of the Input storage class in SPIR-V friendly IR (llvm-spirv's
/// `SPIRAS_Input`): where `--spirv-builtin-format=global` puts built-in variables.
pub const SPV_IR_INPUT_ADDRSPACE: u32 = 7;

/// The longest vector translated (SPIR-V allows 16, or any length with
/// SPV_INTEL_vector_compute; beyond this a component count is taken as corrupt).
const MAX_VECTOR_LEN: u32 = 1 << 16;

/// The OpenCL C spelling of an image type (`image2d_array_t`), from OpTypeImage operands.
pub fn image_name(dim: u32, depth: u32, arrayed: u32, ms: u32) -> String {
    let base = match dim {
        0 => "image1d",
        1 => "image2d",
        2 => "image3d",
        5 => "image1d_buffer",
        _ => "image2d",
    };
    let mut s = base.to_owned();
    if arrayed == 1 {
        s.push_str("_array");
    }
    if ms == 1 {
        s.push_str("_msaa");
    }
    if depth == 1 {
        s.push_str("_depth");
    }
    s.push_str("_t");
    s
}

impl Ctx<'_> {
    pub fn word_op(&self, inst: &spirvkit_core::Instruction, i: usize) -> Result<u32> {
        inst.operands
            .get(i)
            .and_then(Operand::word)
            .ok_or_else(|| self.err(format!("operand {i} is not a literal")))
    }

    pub fn id_op(&self, inst: &spirvkit_core::Instruction, i: usize) -> Result<Id> {
        inst.operands
            .get(i)
            .and_then(Operand::id)
            .ok_or_else(|| self.err(format!("operand {i} is not an id")))
    }

    pub(crate) fn named_struct(&mut self, name: &str, body: Option<StructBody>) -> TypeId {
        match self.m.types.find_struct(name) {
            Some(t) => t,
            None => self.m.types.add_struct(Some(name.to_owned()), body),
        }
    }

    /// `%opencl.<name>` opaque struct pointer in `addrspace`.
    pub fn opencl_handle(&mut self, name: &str, addrspace: u32) -> TypeId {
        let s = self.named_struct(&format!("opencl.{name}"), None);
        self.m.types.pointer_to(Some(s), addrspace)
    }

    pub fn i8_ptr(&mut self, addrspace: u32) -> TypeId {
        let i8 = self.m.types.int(8);
        self.m.types.pointer_to(Some(i8), addrspace)
    }

    /// The LLVM type of SPIR-V type `id`.
    pub fn ty(&mut self, id: Id) -> Result<TypeId> {
        if let Some(t) = self.types.get(&id) {
            return Ok(*t);
        }
        if !self.resolving.insert(id) {
            return Err(self.err(format!("type %{} contains itself", id.0)));
        }
        let t = self.make_type(id);
        self.resolving.remove(&id);
        let t = t?;
        self.types.insert(id, t);
        // Struct bodies put off by a pointer to them, now that the pointer exists.
        while let Some(s) = self.pending_bodies.pop() {
            self.fill_body(s)?;
        }
        Ok(t)
    }

    /// An identified struct for OpTypeStruct `id`, without its body yet.
    fn struct_shell(&mut self, id: Id) -> TypeId {
        if let Some(t) = self.types.get(&id) {
            return *t;
        }
        let name = self.name(id).map(|s| s.to_string());
        let t = self.m.types.add_struct(name, None);
        self.types.insert(id, t);
        t
    }

    fn fill_body(&mut self, id: Id) -> Result<()> {
        let Some(inst) = self.def(id) else {
            return Ok(());
        };
        let t = self.struct_shell(id);
        let packed = self.decoration(id, 10).is_some(); // CPacked
        let mut elems = Vec::new();
        for m in inst.operands.iter().filter_map(Operand::id) {
            elems.push(self.ty(m)?);
        }
        if let Type::Named(sid) = self.m.types.get(t).clone() {
            if let Some(def) = self.m.types.structs.get_mut(sid.0 as usize) {
                def.body = Some(StructBody { elems, packed });
            }
        }
        Ok(())
    }

    fn make_type(&mut self, id: Id) -> Result<TypeId> {
        let inst = self
            .def(id)
            .ok_or_else(|| self.err(format!("%{} is not a type", id.0)))?;
        let t = match inst.opcode {
            Op::TypeVoid => self.m.types.void(),
            Op::TypeBool => self.m.types.int(1),
            Op::TypeInt => {
                let w = self.word_op(inst, 0)?;
                self.m.types.int(w)
            }
            // SPV_EXT_float8's E4M3 / E5M2 and the 4-bit E2M1 (SPV_EXT_ocp_microscaling_types,
            // SPV_INTEL_float4): LLVM has no such float; llvm-spirv's `i8` / `i4` carrier.
            Op::TypeFloat if matches!(self.word_op(inst, 0)?, 4 | 8) => {
                let w = self.word_op(inst, 0)?;
                self.m.types.int(w)
            }
            // The optional FP encoding operand: BFloat16KHR (0) is LLVM's `bfloat`.
            Op::TypeFloat
                if self.word_op(inst, 0)? == 16 && self.word_op(inst, 1).ok() == Some(0) =>
            {
                self.m.types.intern(Type::BFloat)
            }
            Op::TypeFloat => match self.word_op(inst, 0)? {
                16 => self.m.types.intern(Type::Half),
                32 => self.m.types.intern(Type::Float),
                64 => self.m.types.intern(Type::Double),
                w => return Err(self.err(format!("{w}-bit float"))),
            },
            Op::TypeVector => {
                let elem = self.ty(self.id_op(inst, 0)?)?;
                let len = self.word_op(inst, 1)?;
                // Splats and shuffle masks are built element by element: a corrupt count
                // must not become a multi-gigabyte allocation (OpenCL vectors have ≤ 16).
                if !(2..=MAX_VECTOR_LEN).contains(&len) {
                    return Err(self.err(format!(
                        "a vector of {len} components (2 to {MAX_VECTOR_LEN} have an LLVM form here)"
                    )));
                }
                self.m.types.intern(Type::Vector {
                    len,
                    elem,
                    scalable: false,
                })
            }
            Op::TypeArray => {
                let elem = self.ty(self.id_op(inst, 0)?)?;
                let len_id = self.id_op(inst, 1)?;
                let len = self
                    .constant_u64(len_id)
                    .ok_or_else(|| self.err("array length is not a constant"))?;
                self.m.types.intern(Type::Array { len, elem })
            }
            Op::TypeRuntimeArray => {
                let elem = self.ty(self.id_op(inst, 0)?)?;
                self.m.types.intern(Type::Array { len: 0, elem })
            }
            Op::TypeStruct => {
                // Cached before its members: a member pointing back finds it.
                let t = self.struct_shell(id);
                self.fill_body(id)?;
                t
            }
            Op::TypeOpaque => {
                let name = inst
                    .operands
                    .first()
                    .and_then(Operand::string)
                    .unwrap_or("opaque")
                    .to_owned();
                self.named_struct(&name, None)
            }
            Op::TypePointer => {
                let sc = self.word_op(inst, 0)?;
                let pointee_id = self.id_op(inst, 1)?;
                let pointee_is_struct = self
                    .def(pointee_id)
                    .is_some_and(|d| d.opcode == Op::TypeStruct);
                let pointee = if pointee_is_struct && !self.types.contains_key(&pointee_id) {
                    // The body may point back here: made once this pointer exists.
                    self.pending_bodies.push(pointee_id);
                    self.struct_shell(pointee_id)
                } else {
                    self.ty(pointee_id)?
                };
                let pointee = if self.m.types.is_void(pointee) {
                    self.m.types.int(8)
                } else {
                    pointee
                };
                self.m.types.pointer_to(Some(pointee), addrspace(sc))
            }
            Op::TypeForwardPointer => {
                let sc = self.word_op(inst, 1)?;
                self.i8_ptr(addrspace(sc))
            }
            Op::TypeUntypedPointerKHR => {
                let sc = self.word_op(inst, 0)?;
                self.i8_ptr(addrspace(sc))
            }
            Op::TypeFunction => {
                let ret = self.ty(self.id_op(inst, 0)?)?;
                let mut params = Vec::new();
                for p in inst.operands.iter().skip(1).filter_map(Operand::id) {
                    params.push(self.ty(p)?);
                }
                self.m.types.intern(Type::Function {
                    ret,
                    params,
                    vararg: false,
                })
            }
            _ if self.opts.target == super::TargetEnv::SpvIr && is_opaque_type(inst.opcode) => {
                self.spv_ir_opaque_type(inst)?
            }
            Op::TypeImage => {
                let dim = self.word_op(inst, 1)?;
                let depth = self.word_op(inst, 2)?;
                let arrayed = self.word_op(inst, 3)?;
                let ms = self.word_op(inst, 4)?;
                let name = image_name(dim, depth, arrayed, ms);
                let access = inst.operands.get(7).and_then(Operand::word);
                let postfix =
                    self.opts.image_access_postfix || self.opts.target == super::TargetEnv::Cl20;
                let qualifier = match access {
                    Some(0) => "_ro_t",
                    Some(1) => "_wo_t",
                    Some(2) => "_rw_t",
                    _ => "_t",
                };
                let name = if postfix {
                    format!("{}{qualifier}", name.trim_end_matches("_t"))
                } else {
                    name
                };
                self.opencl_handle(&name, 1)
            }
            Op::TypeCooperativeMatrixKHR => self.cooperative_matrix_type(inst)?,
            // SPV_INTEL_task_sequence: llvm-spirv's `target("spirv.TaskSequenceINTEL")` in
            // every target environment (OpenCL C has no such type).
            Op::TypeTaskSequenceINTEL => self.m.types.intern(Type::TargetExt {
                name: super::spv_ir::TASK_SEQUENCE.to_owned(),
                types: Vec::new(),
                ints: Vec::new(),
            }),
            Op::TypeSampledImage => self.ty(self.id_op(inst, 0)?)?,
            Op::TypeSampler => self.m.types.int(32),
            Op::TypeEvent => self.opencl_handle("event_t", 0),
            Op::TypeDeviceEvent => self.opencl_handle("clk_event_t", 0),
            Op::TypeReserveId => self.opencl_handle("reserve_id_t", 0),
            Op::TypeQueue => self.opencl_handle("queue_t", 0),
            Op::TypePipe => match inst.operands.first().and_then(Operand::word) {
                Some(0) => self.opencl_handle("pipe_ro_t", 1),
                Some(1) => self.opencl_handle("pipe_wo_t", 1),
                _ => self.opencl_handle("pipe_t", 1),
            },
            other => {
                return Err(self.err(format!(
                    "%{} is a {} type, which has no SPIR 1.2 form",
                    id.0,
                    super::op_name(other)
                )))
            }
        };
        Ok(t)
    }

    /// The value of an integer constant id.
    pub fn constant_u64(&self, id: Id) -> Option<u64> {
        let inst = self.def(id)?;
        match inst.opcode {
            Op::Constant | Op::SpecConstant => {
                let lo = inst.operands.first()?.word()? as u64;
                let hi = inst.operands.get(1).and_then(Operand::word).unwrap_or(0) as u64;
                let mut v = lo | hi << 32;
                if inst.opcode == Op::SpecConstant {
                    if let Some(d) = self.decoration(id, 1) {
                        if let Some(x) =
                            d.args.first().and_then(|s| self.opts.spec_constants.get(s))
                        {
                            v = *x;
                        }
                    }
                }
                Some(v)
            }
            Op::ConstantNull => Some(0),
            _ => None,
        }
    }

    /// Width of an integer type (or vector of them), 0 otherwise.
    pub fn int_width(&self, ty: TypeId) -> u32 {
        match self.m.types.get(self.m.types.scalar(ty)) {
            Type::Int(w) => *w,
            _ => 0,
        }
    }

    pub fn size_t(&mut self) -> TypeId {
        let w = if self.addr64 { 64 } else { 32 };
        self.m.types.int(w)
    }
}
