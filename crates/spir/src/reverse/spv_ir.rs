//! `--spirv-target-env=SPV-IR`: llvm-spirv's "SPIR-V friendly IR". Instructions without an
//! LLVM instruction of their own become calls to `__spirv_<OpName>` with every operand as an
//! argument (literals as `int`s), mangled like OpenCL C built-ins; OpenCL.std instructions
//! become `__spirv_ocl_<name>`, built-in variables `__spirv_BuiltIn<Name>(dim)`. A result type
//! the arguments do not determine is spelled in the name (`_R<type>`, as
//! `__spirv_ocl_vloadn_Rfloat4` and `__spirv_ConvertFToS_Rint_rte`). The module is written
//! with opaque pointers; the mangled names keep the pointee types SPIR-V gives.

use spirvkit_core::grammar::{Op, OperandKind};
use spirvkit_core::{Instruction, Operand};
use spirvkit_llvm::{TypeId, ValueRef};

use super::builtins::Sign;
use super::function::FnState;
use super::{op_name, Ctx, Result, TargetEnv};
use crate::mangle::{mangle, ParamType, Scalar};

/// Instructions SPV-IR writes as `__spirv_*` calls (the rest keep their LLVM form; images
/// keep the OpenCL C built-ins).
fn is_call_form(op: Op) -> bool {
    let name = op_name(op);
    name.starts_with("OpAtomic")
        || name.starts_with("OpGroup")
        || name.starts_with("OpSubgroupShuffle")
        || matches!(
            op,
            Op::ControlBarrier
                | Op::MemoryBarrier
                | Op::GenericCastToPtrExplicit
                | Op::GenericPtrMemSemantics
                | Op::SatConvertSToU
                | Op::SatConvertUToS
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
        let mut name = format!("__spirv_{}", &op_name(op)[2..]);
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
        let sign = if unsigned_op(op) {
            Sign::Unsigned
        } else {
            Sign::Signed
        };
        let mut args = Vec::new();
        let mut params = Vec::new();
        for (i, o) in inst.operands.iter().enumerate() {
            let kind = kinds.get(i).copied().unwrap_or("");
            match o {
                Operand::Id(id) => {
                    let v = self.operand(st, *id)?;
                    let t = self.type_of(st, v)?;
                    let s = if matches!(kind, "IdScope" | "IdMemorySemantics") {
                        Sign::Signed
                    } else {
                        sign
                    };
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
        if matches!(op, Op::SatConvertSToU | Op::SatConvertUToS) {
            let s = if op == Op::SatConvertSToU {
                Sign::Unsigned
            } else {
                Sign::Signed
            };
            name.push_str(&format!("_R{}", self.type_name(ret, s)?));
        }
        let v = self.call_builtin(st, &mangle(&name, &params), ret, args, false)?;
        if inst.result_id.is_some() {
            self.define(st, inst, v);
        }
        Ok(true)
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
