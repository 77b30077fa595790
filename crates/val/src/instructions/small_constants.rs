//! Constants of "limited use" types (spirv-val's rule under Shader): an 8-bit int without
//! Int8, a 16-bit int without Int16 (or SPV_AMD_gpu_shader_int16), a 16-bit float without
//! Float16 (or SPV_AMD_gpu_shader_half_float) can exist through the storage capabilities
//! (StorageBuffer16BitAccess, ...) but no constant may have such a type or contain one.

use super::Sink;
use crate::state::{is_constant_op, Inst, State};
use crate::typeinfo as ti;
use spirvkit_grammar::{Capability as C, Op};

/// Deeper nesting is not followed (types are defined before use, so there are no cycles
/// without pointers, which are not followed either; this only bounds hostile nesting).
const MAX_DEPTH: u32 = 64;

pub fn check(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    // A cheap opcode test first: this runs for every instruction.
    let op = inst.op();
    let constant = matches!(
        op,
        Op::Constant
            | Op::ConstantNull
            | Op::ConstantComposite
            | Op::SpecConstant
            | Op::SpecConstantComposite
            | Op::SpecConstantOp
    ) || (op.0 >= 4000 && is_constant_op(op));
    if !constant || !st.has_capability(C::Shader) {
        return;
    }
    let rt = inst.result_type;
    if ti::is_pointer(st, rt) || !contains_limited_type(st, rt, 0) {
        return;
    }
    s.err(
        "constant.small_type",
        index,
        "Cannot form constants of 8- or 16-bit types",
        &[rt],
    );
}

fn contains_limited_type(st: &State<'_>, ty: u32, depth: u32) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let Some(d) = ti::type_inst(st, ty) else {
        return false;
    };
    match d.op() {
        Op::TypeInt => match st.word(d, 2) {
            8 => !st.has_capability(C::Int8),
            16 => {
                !st.has_capability(C::Int16) && !st.extensions.contains("SPV_AMD_gpu_shader_int16")
            }
            _ => false,
        },
        // A 16-bit float with an encoding (bfloat16) is another type.
        Op::TypeFloat => {
            st.word(d, 2) == 16
                && st.inst_words(d).len() == 3
                && !st.has_capability(C::Float16)
                && !st.extensions.contains("SPV_AMD_gpu_shader_half_float")
        }
        Op::TypeVector | Op::TypeMatrix | Op::TypeArray | Op::TypeRuntimeArray => {
            contains_limited_type(st, st.word(d, 2), depth + 1)
        }
        Op::TypeStruct => ti::struct_members(st, ty)
            .iter()
            .any(|&m| contains_limited_type(st, m, depth + 1)),
        _ => false,
    }
}
