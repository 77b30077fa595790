//! SPV_KHR_cooperative_matrix (and SPV_INTEL_joint_matrix's checked and offset instructions)
//! in every target environment, as llvm-spirv's reader writes them: OpenCL C has no matrix
//! built-ins, so the matrix is LLVM's `target("spirv.CooperativeMatrixKHR", <component>,
//! scope, rows, columns, use)` and every instruction that takes or makes one — the matrix
//! instructions, OpCompositeConstruct, conversions and arithmetic on whole matrices — is a
//! `__spirv_<OpName>` call. Loads spell their result in the name (`_R` + its mangling, the
//! arguments do not give it). Memory instructions (OpVariable, OpLoad, OpStore), OpPhi,
//! OpSelect and calls keep their LLVM form: the target type is a first-class value there.

use spirvkit_core::grammar::Op;
use spirvkit_core::Instruction;
use spirvkit_llvm::{Type, TypeId};

use super::builtins::Sign;
use super::function::FnState;
use super::{op_name, Ctx, Result};

/// The LLVM target extension type's name.
const MATRIX: &str = "spirv.CooperativeMatrixKHR";

impl Ctx<'_> {
    /// OpTypeCooperativeMatrixKHR → `target("spirv.CooperativeMatrixKHR", component, scope,
    /// rows, columns, use)`, the four constants as their values.
    pub fn cooperative_matrix_type(&mut self, inst: &Instruction) -> Result<TypeId> {
        let component = self.ty(self.id_op(inst, 0)?)?;
        let mut ints = Vec::with_capacity(4);
        for i in 1..=4 {
            let id = self.id_op(inst, i)?;
            let v = self.constant_u64(id).ok_or_else(|| {
                self.err(format!(
                    "cooperative matrix operand {i} (%{}) is not an integer constant",
                    id.0
                ))
            })?;
            ints.push(u32::try_from(v).map_err(|_| {
                self.err(format!("cooperative matrix operand {i} is {v}, too large"))
            })?);
        }
        Ok(self.m.types.intern(Type::TargetExt {
            name: MATRIX.to_owned(),
            types: vec![component],
            ints,
        }))
    }

    fn is_cooperative_matrix(&self, ty: TypeId) -> bool {
        self.m
            .types
            .target_ext(ty)
            .is_some_and(|(name, _, _)| name == MATRIX)
    }

    /// Whether SPIR-V type id `t` is a cooperative matrix (without translating it).
    fn spirv_type_is_matrix(&self, t: spirvkit_core::Id) -> bool {
        self.def(t)
            .is_some_and(|d| d.opcode == Op::TypeCooperativeMatrixKHR)
    }

    /// An OpAccessChain / OpInBoundsAccessChain (or the Ptr forms) whose base operand is a
    /// pointer to a cooperative matrix.
    fn is_access_chain_into_matrix(&self, inst: &Instruction) -> bool {
        if !matches!(
            inst.opcode,
            Op::AccessChain
                | Op::InBoundsAccessChain
                | Op::PtrAccessChain
                | Op::InBoundsPtrAccessChain
        ) {
            return false;
        }
        let base_type = inst
            .operands
            .first()
            .and_then(|o| o.id())
            .and_then(|id| {
                // Function-local results are in `result_types`, module-scope ones (global
                // variables) are definitions.
                self.result_types
                    .get(&id)
                    .copied()
                    .or_else(|| self.def(id).and_then(|d| d.result_type))
            })
            .and_then(|t| self.def(t));
        base_type.is_some_and(|d| {
            matches!(d.opcode, Op::TypePointer)
                && d.operands
                    .get(1)
                    .and_then(|o| o.id())
                    .is_some_and(|p| self.spirv_type_is_matrix(p))
        })
    }

    /// A matrix instruction, or one on whole matrices, as its `__spirv_*` call; false for
    /// everything else (and for the instructions that keep their LLVM form on matrices).
    pub fn cooperative_matrix_instruction(
        &mut self,
        st: &mut FnState,
        inst: &Instruction,
    ) -> Result<bool> {
        if !self.has_cooperative_matrices {
            return Ok(false);
        }
        let op = inst.opcode;
        let name = op_name(op);
        let matrix_op = name.contains("CooperativeMatrix") || name.contains("JointMatrix");
        if !matrix_op && self.is_access_chain_into_matrix(inst) {
            // llvm-spirv has no GEP into a matrix (its element layout is not LLVM's): an
            // access chain whose base points to a matrix is a `__spirv_AccessChain` call.
            self.spirv_call_named(st, inst, Sign::Signed, "")?;
            return Ok(true);
        }
        if !matrix_op {
            if matches!(
                op,
                Op::Load
                    | Op::Store
                    | Op::Variable
                    | Op::Phi
                    | Op::Select
                    | Op::FunctionCall
                    | Op::CopyObject
                    | Op::Undef
                    | Op::ReturnValue
                    | Op::Bitcast
            ) {
                return Ok(false);
            }
            let result_is_matrix = inst
                .result_type
                .is_some_and(|t| self.spirv_type_is_matrix(t));
            let operand_is_matrix = inst.operands.iter().any(|o| {
                o.id()
                    .and_then(|id| self.result_types.get(&id).copied())
                    .is_some_and(|t| self.spirv_type_is_matrix(t))
            });
            if !(result_is_matrix || operand_is_matrix) {
                return Ok(false);
            }
        }
        let ret = match inst.result_type {
            Some(_) => self.result_ty(inst)?,
            None => self.m.types.void(),
        };
        let mut suffix = String::new();
        if name.contains("Load") && self.is_cooperative_matrix(ret) {
            let param = self.param(ret, Sign::Signed, false)?;
            let mangled = crate::mangle::mangle("", &[param]);
            // `mangle` of an empty name is `_Z0` + the parameter: keep the parameter.
            let param = mangled.strip_prefix("_Z0").unwrap_or(&mangled);
            suffix = format!("_R{param}");
        }
        self.spirv_call_named(st, inst, Sign::Signed, &suffix)?;
        Ok(true)
    }
}
