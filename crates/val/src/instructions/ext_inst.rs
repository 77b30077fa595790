//! OpExtInst of GLSL.std.450 and OpenCL.std: result and operand types of the extended
//! instructions whose operands all have the Result Type (float math), the integer min/max/
//! clamp/abs/sign family (same component count and width), and the geometric Length,
//! Distance and Cross (OpenCL.std vloadn/vstoren: `ext_opencl.rs`).
//! Other extended instructions are not judged yet.

use super::Sink;
use crate::state::Inst;
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::Op;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// Float scalar/vector result; every operand has the Result Type.
    FloatSame,
    /// Integer scalar/vector result; operands integers of the same count and width.
    IntSame,
    /// Float scalar result; operands float vectors/scalars of that component type.
    Length,
    /// Float 3-vector result; operands have the Result Type.
    Cross,
}

fn glsl_rule(n: u32) -> Option<Rule> {
    Some(match n {
        1..=4 | 6 | 8..=32 | 37 | 40 | 43 | 46 | 48..=50 | 69..=71 | 79..=81 => Rule::FloatSame,
        5 | 7 | 38 | 39 | 41 | 42 | 44 | 45 => Rule::IntSame,
        66 | 67 => Rule::Length,
        68 => Rule::Cross,
        _ => return None,
    })
}

fn opencl_rule(n: u32) -> Option<Rule> {
    Some(match n {
        0..=29 | 32 | 35 | 37..=44 | 47 | 48 | 50 | 51 | 53 | 55..=57 | 59..=89 => Rule::FloatSame,
        _ => return None,
    })
}

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    if inst.op() != Op::ExtInst {
        return false;
    }
    let st = s.st;
    let Some(set) = st.def(st.word(inst, 3)).copied() else {
        return true;
    };
    if set.op() != Op::ExtInstImport {
        return true;
    }
    let number = st.word(inst, 4);
    let name = st.string(&set, 1);
    let (rule, set_name) = match name.as_str() {
        "GLSL.std.450" => (glsl_rule(number), "GLSL.std.450"),
        "OpenCL.std" => (opencl_rule(number), "OpenCL.std"),
        _ => (None, ""),
    };
    let Some(rule) = rule else {
        if set_name == "GLSL.std.450" && super::ext_glsl::handles(number) {
            glsl_own_shapes(s, index, inst, number);
        } else if set_name == "OpenCL.std" {
            opencl_own_shapes(s, index, inst, number);
        }
        return true;
    };
    let rt = inst.result_type;
    let operands = st.inst_words(inst).get(5..).unwrap_or(&[]);
    if operands.iter().any(|&v| st.def(v).is_none()) {
        return true;
    }
    let opname = spirvkit_grammar::ext_inst_sets()
        .iter()
        .find(|d| d.import_name == set_name)
        .and_then(|d| d.instructions.iter().find(|i| i.opcode == number))
        .map_or("?", |i| i.opname);
    let result = ti::shape(st, rt);
    let mut fail = |m: String| {
        s.err(
            "ext_inst.types",
            index,
            format!("{set_name} {opname}: {m}"),
            &[],
        )
    };
    match rule {
        Rule::FloatSame | Rule::Cross => {
            let ok = result.is_some_and(|r| {
                r.kind == ScalarKind::Float && (rule != Rule::Cross || r.count == 3)
            });
            if !ok {
                fail(if rule == Rule::Cross {
                    "Expected Result Type to be a float vector type with 3 components".into()
                } else {
                    "Expected Result Type to be a float scalar or vector type".into()
                });
                return true;
            }
            if operands.iter().any(|&v| ti::type_of(st, v) != rt) {
                fail("Expected types of all operands to be equal to Result Type".into());
            }
        }
        Rule::IntSame => {
            let Some(r) = result.filter(|r| r.kind == ScalarKind::Int) else {
                fail("Expected Result Type to be an int scalar or vector type".into());
                return true;
            };
            for &v in operands {
                match ti::shape(st, ti::type_of(st, v)) {
                    Some(o) if o.kind == ScalarKind::Int => {
                        if o.count != r.count {
                            fail(
                                "Expected all operands to have the same dimension as Result Type"
                                    .into(),
                            );
                            return true;
                        }
                        if o.width != r.width {
                            fail(
                                "Expected all operands to have the same bit width as Result Type"
                                    .into(),
                            );
                            return true;
                        }
                    }
                    _ => {
                        fail("Expected all operands to be int scalars or vectors".into());
                        return true;
                    }
                }
            }
        }
        Rule::Length => {
            if !result.is_some_and(|r| r.kind == ScalarKind::Float && !ti::is_vector(st, rt)) {
                fail("Expected Result Type to be a float scalar type".into());
                return true;
            }
            for &v in operands {
                let t = ti::type_of(st, v);
                if !ti::is_float_scalar_or_vector(st, t) {
                    fail("Expected operands to be of float scalar or vector type".into());
                    return true;
                }
                if ti::scalar_of(st, t) != rt {
                    fail("Expected operand component type to be equal to Result Type".into());
                    return true;
                }
            }
            if operands.len() == 2 && ti::type_of(st, operands[0]) != ti::type_of(st, operands[1]) {
                fail("Expected operands to have the same type".into());
            }
        }
    }
    true
}

/// GLSL.std.450 instructions with operand shapes of their own (`ext_glsl.rs`).
fn glsl_own_shapes(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, number: u32) {
    let Some(verdict) = super::ext_glsl::check(s.st, inst, number) else {
        return;
    };
    let message = match verdict {
        Ok(m) => {
            let opname = spirvkit_grammar::ext_inst_sets()
                .iter()
                .find(|d| d.import_name == "GLSL.std.450")
                .and_then(|d| d.instructions.iter().find(|i| i.opcode == number))
                .map_or("?", |i| i.opname);
            format!("GLSL.std.450 {opname}: {m}")
        }
        Err(m) => m,
    };
    s.err("ext_inst.types", index, message, &[]);
}

/// OpenCL.std instructions with operand shapes of their own (`ext_opencl.rs`).
fn opencl_own_shapes(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, number: u32) {
    let st = s.st;
    let operands = st.inst_words(inst).get(5..).unwrap_or(&[]);
    let Some(desc) = spirvkit_grammar::ext_inst_sets()
        .iter()
        .find(|d| d.import_name == "OpenCL.std")
        .and_then(|d| d.instruction(number))
    else {
        return;
    };
    // Literal operands (vload_halfn's N, vstore_half_r's rounding mode) are not ids.
    let ids = desc
        .operands
        .iter()
        .zip(operands)
        .filter(|(o, _)| o.kind.category() == spirvkit_grammar::Category::Id)
        .map(|(_, &v)| v);
    if ids.clone().any(|v| st.def(v).is_none()) {
        return;
    }
    if let Some(m) = super::ext_opencl::check(st, inst, desc.opname) {
        s.err(
            "ext_inst.types",
            index,
            format!("OpenCL.std {}: {m}", desc.opname),
            &[],
        );
    }
}
