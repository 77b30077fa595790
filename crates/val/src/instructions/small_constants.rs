//! Under Shader, 8- and 16-bit types without their arithmetic capability (Int8, Int16,
//! Float16) are storage-only: no constant of any kind (OpConstant, OpConstantNull, spec
//! constants, composites holding them) and no OpUndef may have such a type (spirv-val;
//! pointers to such data do not count).

use super::Sink;
use crate::state::{is_constant_op, Inst, State};
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::{Capability as C, Op};

/// Whether `ty` is, or is made of (not through pointers), a limited-use 8/16-bit type.
fn limited_use(st: &State<'_>, ty: u32) -> bool {
    let limited_scalar = |t: u32| {
        ti::shape(st, t).is_some_and(|sh| match (sh.kind, sh.width) {
            (ScalarKind::Int, 16) => {
                !st.has_capability(C::Int16) && !st.extensions.contains("SPV_AMD_gpu_shader_int16")
            }
            (ScalarKind::Int, 8) => !st.has_capability(C::Int8),
            (ScalarKind::Float, 16) => {
                !st.has_capability(C::Float16)
                    && !st.extensions.contains("SPV_AMD_gpu_shader_half_float")
                    && !has_float_encoding(st, t)
            }
            _ => false,
        })
    };
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![ty];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        let Some(def) = ti::type_inst(st, t) else {
            continue;
        };
        match def.op() {
            Op::TypeInt | Op::TypeFloat | Op::TypeVector if limited_scalar(t) => return true,
            Op::TypeMatrix | Op::TypeArray | Op::TypeRuntimeArray => {
                stack.push(st.word(def, 2));
            }
            Op::TypeStruct => stack.extend((2..usize::from(def.len)).map(|w| st.word(def, w))),
            _ => {}
        }
    }
    false
}

/// A 16-bit float with an encoding operand (bfloat16) is another type, not Float16's.
fn has_float_encoding(st: &State<'_>, ty: u32) -> bool {
    let scalar = match ti::type_inst(st, ty) {
        Some(d) if d.op() == Op::TypeVector => st.word(d, 2),
        _ => ty,
    };
    ti::type_inst(st, scalar).is_some_and(|d| d.op() == Op::TypeFloat && st.inst_words(d).len() > 3)
}

pub fn check(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let op = inst.op();
    if !(is_constant_op(op) || op == Op::Undef) || !st.has_capability(C::Shader) {
        return;
    }
    if limited_use(st, inst.result_type) {
        let message = if op == Op::Undef {
            "Cannot create undefined values with 8- or 16-bit types"
        } else {
            "Cannot form constants of 8- or 16-bit types"
        };
        s.err("constant.small_type", index, message, &[inst.result_id]);
    }
}
