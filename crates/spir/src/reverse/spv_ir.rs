//! `--spirv-target-env=SPV-IR`: llvm-spirv's "SPIR-V friendly IR". Instructions without an
//! LLVM instruction of their own become calls to `__spirv_<OpName>` with every operand as an
//! argument (literals as `int`s), mangled like OpenCL C built-ins; OpenCL.std instructions
//! become `__spirv_ocl_<name>`, built-in variables `__spirv_BuiltIn<Name>(dim)`. A result type
//! the arguments do not determine is spelled in the name (`_R<type>`, as
//! `__spirv_ocl_vloadn_Rfloat4` and `__spirv_ConvertFToS_Rint_rte`). The module is written
//! with opaque pointers; the mangled names keep the pointee types SPIR-V gives, and opaque
//! SPIR-V types (images, samplers, pipes, events...) are LLVM target extension types
//! (`target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)`) as llvm-spirv writes them for LLVM ≥ 16.

use spirvkit_core::grammar::{Op, OperandKind};
use spirvkit_core::{Instruction, Operand};
use spirvkit_llvm::{Type, TypeId, ValueRef};

use super::builtins::Sign;
use super::function::FnState;
use super::{op_name, Ctx, Result, TargetEnv};
use crate::mangle::{mangle, ParamType, Scalar};

/// SPV_INTEL_task_sequence's OpTypeTaskSequenceINTEL as llvm-spirv's reader writes it.
pub(super) const TASK_SEQUENCE: &str = "spirv.TaskSequenceINTEL";

/// Instructions SPV-IR writes as `__spirv_*` calls (the rest keep their LLVM form; kernel
/// enqueue, markers and ND ranges keep their OpenCL C lowering).
fn is_call_form(op: Op) -> bool {
    let name = op_name(op);
    name.starts_with("OpAtomic")
        || name.starts_with("OpGroup")
        || name.starts_with("OpSubgroupShuffle")
        || name.ends_with("Pipe")
        || name.ends_with("PipePackets")
        || matches!(
            op,
            Op::ControlBarrier
                | Op::MemoryBarrier
                | Op::GenericCastToPtrExplicit
                | Op::GenericPtrMemSemantics
                | Op::SatConvertSToU
                | Op::SatConvertUToS
                | Op::IsValidReserveId
                | Op::GetDefaultQueue
                | Op::CreateUserEvent
                | Op::RetainEvent
                | Op::ReleaseEvent
                | Op::IsValidEvent
                | Op::SetUserEventStatus
                | Op::CaptureEventProfilingInfo
                | Op::SampledImage
                | Op::ImageSampleExplicitLod
                | Op::ImageRead
                | Op::ImageWrite
                | Op::ImageQuerySize
                | Op::ImageQuerySizeLod
                | Op::ImageQueryFormat
                | Op::ImageQueryOrder
                | Op::ImageQueryLevels
                | Op::ImageQuerySamples
        )
}

/// Image instructions whose `__spirv_*` name spells the result type (`_Rfloat4`), as
/// llvm-spirv writes them: the texel and size results the arguments do not determine.
fn names_result_type(op: Op) -> bool {
    matches!(
        op,
        Op::ImageSampleExplicitLod | Op::ImageRead | Op::ImageQuerySize | Op::ImageQuerySizeLod
    )
}

/// Opaque SPIR-V types, which SPV-IR writes as pointers to `%spirv.<Name>` structs.
pub(super) fn is_opaque_type(op: Op) -> bool {
    matches!(
        op,
        Op::TypeImage
            | Op::TypeSampledImage
            | Op::TypeSampler
            | Op::TypePipe
            | Op::TypeReserveId
            | Op::TypeEvent
            | Op::TypeDeviceEvent
            | Op::TypeQueue
    )
}

/// Whether the integer operands of `op` are unsigned in its mangled name.
fn unsigned_op(op: Op) -> bool {
    let name = op_name(op);
    name.contains("UMin") || name.contains("UMax") || matches!(op, Op::SatConvertUToS)
}

impl Ctx<'_> {
    pub fn spv_ir(&self) -> bool {
        self.opts.target == TargetEnv::SpvIr
    }

    /// The `__spirv_BuiltIn<Name>` function of built-in `builtin`.
    pub fn spv_ir_builtin_name(&self, builtin: u32) -> Result<String> {
        OperandKind::BuiltIn
            .desc()
            .enumerant(builtin)
            .map(|e| format!("__spirv_BuiltIn{}", e.name))
            .ok_or_else(|| self.err(format!("unknown built-in {builtin}")))
    }

    /// A `__spirv_*` call for `inst`; false when `inst` keeps its LLVM (or OpenCL C) form.
    pub fn spv_ir_instruction(&mut self, st: &mut FnState, inst: &Instruction) -> Result<bool> {
        let op = inst.opcode;
        if !is_call_form(op) {
            return Ok(false);
        }
        if op == Op::GenericCastToPtrExplicit {
            self.spv_ir_to_space(st, inst)?;
            return Ok(true);
        }
        let sign = if unsigned_op(op) {
            Sign::Unsigned
        } else {
            Sign::Signed
        };
        self.spirv_call(st, inst, sign)?;
        Ok(true)
    }

    /// An extension's instruction (`…INTEL`, `…KHR`, `…EXT`, `…ALTERA`) that has no other
    /// LLVM form here, in any target environment: llvm-spirv's `__spirv_<OpName>` call, as its
    /// reader writes every instruction without an OpenCL C built-in (integers mangled
    /// unsigned, as it mangles the INTEL block I/O and prefetch instructions). Block
    /// terminators and
    /// declarations are not calls: false for them, so they stay refused.
    pub fn extension_instruction_call(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
    ) -> Result<bool> {
        let Some(desc) = spirvkit_core::grammar::instruction(inst.opcode.0) else {
            return Ok(false);
        };
        let from_extension = ["INTEL", "KHR", "EXT", "ALTERA"]
            .iter()
            .any(|suffix| desc.opname.ends_with(suffix));
        if !from_extension
            || matches!(
                desc.class,
                "Control-Flow"
                    | "Function"
                    | "Type-Declaration"
                    | "Constant-Creation"
                    | "Annotation"
            )
        {
            return Ok(false);
        }
        self.spirv_call(st, inst, Sign::Unsigned)?;
        Ok(true)
    }

    fn spirv_call(&mut self, st: &mut FnState, inst: &Instruction, sign: Sign) -> Result<()> {
        self.spirv_call_named(st, inst, sign, "")
    }

    /// `__spirv_<OpName><suffix>(operands…)`: ids as they are (integers mangled with `sign`,
    /// scopes and memory semantics signed), literals as `int`s.
    pub(super) fn spirv_call_named(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
        sign: Sign,
        suffix: &str,
    ) -> Result<()> {
        let op = inst.opcode;
        // SPIRV-Headers renamed the FPGA extensions' instructions `…ALTERA`; llvm-spirv's
        // built-in names keep their `…INTEL` spelling.
        let op_spelling = op_name(op);
        let op_spelling = match op_spelling.strip_suffix("ALTERA") {
            Some(stem) => format!("{stem}INTEL"),
            None => op_spelling,
        };
        let mut name = format!("__spirv_{}{suffix}", &op_spelling[2..]);
        let desc = spirvkit_core::grammar::instruction(op.0);
        let kinds: Vec<&str> = desc
            .map(|d| {
                d.operands
                    .iter()
                    .map(|o| o.kind.name())
                    .filter(|k| *k != "IdResultType" && *k != "IdResult")
                    .collect()
            })
            .unwrap_or_default();
        let mut args = Vec::new();
        let mut params = Vec::new();
        for (i, o) in inst.operands.iter().enumerate() {
            let kind = kinds.get(i).copied().unwrap_or("");
            match o {
                Operand::Id(id) => {
                    // A type operand (OpCooperativeMatrixLengthKHR's matrix type) is passed
                    // as an undefined value of that type: the call's signature carries it.
                    let is_type = self
                        .def(*id)
                        .is_some_and(|d| op_name(d.opcode).starts_with("OpType"));
                    let mut v = if is_type {
                        let t = self.ty(*id)?;
                        self.push_const(t, spirvkit_llvm::ConstKind::Undef)
                    } else {
                        self.operand(st, *id)?
                    };
                    if op == Op::GenericPtrMemSemantics {
                        // The pointee does not matter: llvm-spirv passes a `char` pointer.
                        let i8 = self.m.types.int(8);
                        v = self.ptr_to(st, v, i8)?;
                    }
                    let t = self.type_of(st, v)?;
                    let s = if matches!(kind, "IdScope" | "IdMemorySemantics") {
                        Sign::Signed
                    } else {
                        sign
                    };
                    if let Some(ret) = self.function_return_type(*id) {
                        // A function operand (OpTaskSequenceCreateINTEL's): the function's
                        // address, mangled as llvm-spirv mangles it — a pointer to the
                        // OpFunction's result type, its return type (`Pi` for an `int` one).
                        let pointee = Box::new(self.param(ret, Sign::Signed, false)?);
                        params.push(ParamType::Pointer {
                            addrspace: 0,
                            konst: false,
                            volatile: false,
                            pointee,
                        });
                        args.push(v);
                        continue;
                    }
                    params.push(self.param(t, s, false)?);
                    args.push(v);
                }
                Operand::Word(w) => {
                    params.push(ParamType::Scalar(Scalar::Int));
                    args.push(self.const_i32(*w));
                }
                Operand::String(_) => {}
            }
        }
        let ret = match inst.result_type {
            Some(_) => self.result_ty(inst)?,
            None => self.m.types.void(),
        };
        if suffix.is_empty() && self.names_target_result(ret) {
            // A result of a target extension type (OpTaskSequenceCreateINTEL's
            // `spirv.TaskSequenceINTEL`) is spelled in the name, which the arguments do not
            // give: `_R` and its mangling.
            let param = self.param(ret, Sign::Signed, false)?;
            let mangled = mangle("", &[param]);
            name.push_str(&format!(
                "_R{}",
                mangled.strip_prefix("_Z0").unwrap_or(&mangled)
            ));
        }
        if names_result_type(op) {
            name.push_str(&format!("_R{}", self.type_name(ret, Sign::Signed)?));
        }
        if matches!(op, Op::SatConvertSToU | Op::SatConvertUToS) {
            let s = if op == Op::SatConvertSToU {
                Sign::Unsigned
            } else {
                Sign::Signed
            };
            name.push_str(&format!("_R{}", self.type_name(ret, s)?));
        }
        let mangled = if op == Op::ReadClockKHR {
            self.read_clock_name(&name, ret)?
        } else {
            mangle(&name, &params)
        };
        let v = self.call_builtin(st, &mangled, ret, args, false)?;
        if inst.result_id.is_some() {
            self.define(st, inst, v);
        }
        Ok(())
    }

    /// OpReadClockKHR's result (`ulong` or `uint2`) is not given by its argument (the scope):
    /// llvm-spirv names the call as the template instance `T __spirv_ReadClockKHR<T>(uint)`,
    /// `_Z20__spirv_ReadClockKHRI<T>ET_j`, so the two result types get distinct functions.
    fn read_clock_name(&self, name: &str, ret: TypeId) -> Result<String> {
        let result = mangle("", &[self.param(ret, Sign::Unsigned, false)?]);
        let result = result.strip_prefix("_Z0").unwrap_or(&result);
        Ok(format!("_Z{}{name}I{result}ET_j", name.len()))
    }

    /// The LLVM return type of the function `id` names, when it names one.
    fn function_return_type(&self, id: spirvkit_core::Id) -> Option<spirvkit_llvm::TypeId> {
        let f = self.functions.get(&id)?;
        let fn_ty = self.m.functions.get(f.0 as usize)?.fn_ty;
        self.m
            .types
            .function_signature(fn_ty)
            .map(|(ret, _, _)| ret)
    }

    /// Whether a call's result type `ret` is a target extension type other than a
    /// cooperative matrix (whose loads name their result themselves) or an OpenCL handle.
    fn names_target_result(&self, ret: spirvkit_llvm::TypeId) -> bool {
        self.m
            .types
            .target_ext(ret)
            .is_some_and(|(name, _, _)| name == TASK_SEQUENCE)
    }

    /// OpGenericCastToPtrExplicit: `__spirv_GenericCastToPtrExplicit_To{Global,Local,Private}`
    /// on `char` pointers (the pointee may be anything), with the storage class as an `int`.
    fn spv_ir_to_space(&mut self, st: &mut FnState, inst: &Instruction) -> Result<()> {
        let ty = self.result_ty(inst)?;
        let x = self.op_value(st, inst, 0)?;
        let storage = self.word_op(inst, 1)?;
        let (suffix, space) = match storage {
            5 => ("Global", 1),
            4 => ("Local", 3),
            7 => ("Private", 0),
            other => {
                return Err(self.err(format!(
                    "storage class {other} is not Workgroup, CrossWorkgroup or Function"
                )))
            }
        };
        let from = self.i8_ptr(4);
        let to = self.i8_ptr(space);
        let x = self.generic_pointer(st, x)?;
        let x = self.cast(st, spirvkit_llvm::CastOp::BitCast, x, from)?;
        let s = self.const_i32(storage);
        let params = [
            self.param(from, Sign::Signed, false)?,
            ParamType::Scalar(Scalar::Int),
        ];
        let name = mangle(
            &format!("__spirv_GenericCastToPtrExplicit_To{suffix}"),
            &params,
        );
        let v = self.call_builtin(st, &name, to, vec![x, s], false)?;
        let v = self.cast(st, spirvkit_llvm::CastOp::BitCast, v, ty)?;
        self.define(st, inst, v);
        Ok(())
    }

    /// The SPV-IR name of an OpenCL.std instruction: `__spirv_ocl_<name>`, with `_R<type>`
    /// for the loads whose result type the arguments do not give.
    pub fn spv_ir_ext_name(&self, number: u32, ret: TypeId) -> Result<String> {
        let set = spirvkit_core::grammar::ext_inst_set_by_import_name("OpenCL.std")
            .ok_or_else(|| self.err("no OpenCL.std grammar"))?;
        let opname = set
            .instruction(number)
            .map(|d| d.opname)
            .ok_or_else(|| self.err(format!("OpenCL.std instruction {number} is unknown")))?;
        let mut name = format!("__spirv_ocl_{opname}");
        if matches!(number, 171 | 173 | 174 | 179) {
            name.push_str(&format!("_R{}", self.type_name(ret, Sign::Signed)?));
        }
        Ok(name)
    }

    /// An OpenCL.std instruction in SPV-IR: every id operand as it is, literals as `int`s.
    pub fn spv_ir_ext_inst(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
        signs: &dyn Fn(usize, usize) -> Sign,
    ) -> Result<ValueRef> {
        let number = self.word_op(inst, 1)?;
        let ret = self.result_ty(inst)?;
        let name = self.spv_ir_ext_name(number, ret)?;
        let mut args = Vec::new();
        for o in inst.operands.iter().skip(2) {
            match o {
                Operand::Id(i) => args.push(self.operand(st, *i)?),
                Operand::Word(w) => args.push(self.const_i32(*w)),
                Operand::String(_) => {}
            }
        }
        if number == 184 {
            // printf: the format as a `char` pointer; the call is not variadic in SPV-IR, its
            // name mangles the arguments of this call (as llvm-spirv writes it).
            if let Some(f) = args.first_mut() {
                let i8 = self.m.types.int(8);
                *f = self.ptr_to(st, *f, i8)?;
            }
        }
        let n = args.len();
        let mut params = Vec::with_capacity(n);
        for (i, a) in args.iter().enumerate() {
            let t = self.type_of(st, *a)?;
            params.push(self.param(t, signs(i, n), false)?);
        }
        self.call_builtin(st, &mangle(&name, &params), ret, args, false)
    }
}

impl Ctx<'_> {
    /// The target extension type SPV-IR gives an opaque SPIR-V type, as llvm-spirv writes it
    /// for opaque-pointer LLVM (`target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)`,
    /// `target("spirv.Pipe", 0)`, `target("spirv.Sampler")`): the type, with the image's
    /// sampled type and operands, instead of a pointer that would lose them.
    pub fn spv_ir_opaque_type(&mut self, inst: &Instruction) -> Result<TypeId> {
        let (name, types, ints) = match inst.opcode {
            Op::TypeImage => {
                let (sampled, operands) = self.image_parameters(inst)?;
                ("spirv.Image", vec![sampled], operands)
            }
            Op::TypeSampledImage => {
                let image = self.id_op(inst, 0)?;
                let image = self
                    .def(image)
                    .filter(|d| d.opcode == Op::TypeImage)
                    .ok_or_else(|| self.err("a sampled image of something other than an image"))?;
                let (sampled, operands) = self.image_parameters(image)?;
                ("spirv.SampledImage", vec![sampled], operands)
            }
            Op::TypeSampler => ("spirv.Sampler", Vec::new(), Vec::new()),
            Op::TypePipe => ("spirv.Pipe", Vec::new(), vec![self.word_op(inst, 0)?]),
            Op::TypeReserveId => ("spirv.ReserveId", Vec::new(), Vec::new()),
            Op::TypeEvent => ("spirv.Event", Vec::new(), Vec::new()),
            Op::TypeDeviceEvent => ("spirv.DeviceEvent", Vec::new(), Vec::new()),
            Op::TypeQueue => ("spirv.Queue", Vec::new(), Vec::new()),
            other => return Err(self.err(format!("{} is not an opaque type", op_name(other)))),
        };
        Ok(self.m.types.intern(Type::TargetExt {
            name: name.to_owned(),
            types,
            ints,
        }))
    }

    /// An OpTypeImage's sampled type (LLVM) and its seven literal operands, absent access
    /// read as 0.
    fn image_parameters(&mut self, image: &Instruction) -> Result<(TypeId, Vec<u32>)> {
        let sampled = self.id_op(image, 0)?;
        let sampled = self.ty(sampled)?;
        let operands = (1..=7)
            .map(|i| image.operands.get(i).and_then(Operand::word).unwrap_or(0))
            .collect();
        Ok((sampled, operands))
    }

    /// How a SPV-IR built-in's name mangles an opaque SPIR-V type, as llvm-spirv mangles its
    /// target types: a pointer, in the space the handle lived in as a typed pointer (images,
    /// sampled images and pipes global, samplers constant, the rest private), to a struct named
    /// after the type and its parameters — `PU3AS133__spirv_Image__void_1_0_0_0_0_0_0`.
    pub fn spv_ir_mangled_handle(&self, ty: TypeId) -> Option<(u32, String)> {
        let (name, types, ints) = self.m.types.target_ext(ty)?;
        let kind = name.strip_prefix("spirv.")?;
        let space = match kind {
            "Image" | "SampledImage" | "Pipe" | "CooperativeMatrixKHR" | "TaskSequenceINTEL" => 1,
            "Sampler" => 2,
            _ => 0,
        };
        let mut mangled = format!("__spirv_{kind}");
        if let (Some(&component), "CooperativeMatrixKHR") = (types.first(), kind) {
            // llvm-spirv's component names: `char` for bytes, the unsigned spelling the
            // sampled types use for wider integers.
            let component = match self.m.types.get(component) {
                Type::Int(8) => "char",
                Type::Int(16) => "short",
                Type::Int(64) => "long",
                Type::Int(_) => "uint",
                Type::Half => "half",
                Type::BFloat => "bfloat16",
                Type::Double => "double",
                _ => "float",
            };
            mangled.push_str(&format!("__{component}"));
        } else if let Some(&sampled) = types.first() {
            let sampled = match self.m.types.get(sampled) {
                Type::Void => "void",
                Type::Half => "half",
                Type::Double => "double",
                Type::Int(_) => "uint",
                _ => "float",
            };
            mangled.push_str(&format!("__{sampled}"));
        } else if !ints.is_empty() {
            mangled.push('_');
        }
        for i in ints {
            mangled.push_str(&format!("_{i}"));
        }
        Some((space, mangled))
    }
}
