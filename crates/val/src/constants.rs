//! Constants: boolean/numeric result types, composite constituents (count, constness and
//! types per vector/matrix/array/struct), null-able types, OpConstantSampler, and the opcodes
//! OpSpecConstantOp may use (the Kernel-only ones need Kernel).

use crate::state::{is_constant_op, is_core, Inst, State};
use spirvkit_grammar::{Capability, Op};

fn shader_spec_op(op: Op) -> bool {
    matches!(
        op,
        Op::SConvert
            | Op::FConvert
            | Op::UConvert
            | Op::SNegate
            | Op::Not
            | Op::IAdd
            | Op::ISub
            | Op::IMul
            | Op::UDiv
            | Op::SDiv
            | Op::UMod
            | Op::SRem
            | Op::SMod
            | Op::ShiftRightLogical
            | Op::ShiftRightArithmetic
            | Op::ShiftLeftLogical
            | Op::BitwiseOr
            | Op::BitwiseXor
            | Op::BitwiseAnd
            | Op::VectorShuffle
            | Op::CompositeExtract
            | Op::CompositeInsert
            | Op::LogicalOr
            | Op::LogicalAnd
            | Op::LogicalNot
            | Op::LogicalEqual
            | Op::LogicalNotEqual
            | Op::Select
            | Op::IEqual
            | Op::INotEqual
            | Op::ULessThan
            | Op::SLessThan
            | Op::UGreaterThan
            | Op::SGreaterThan
            | Op::ULessThanEqual
            | Op::SLessThanEqual
            | Op::UGreaterThanEqual
            | Op::SGreaterThanEqual
            | Op::QuantizeToF16
    )
}

fn kernel_spec_op(op: Op) -> bool {
    matches!(
        op,
        Op::ConvertFToS
            | Op::ConvertSToF
            | Op::ConvertFToU
            | Op::ConvertUToF
            | Op::ConvertPtrToU
            | Op::ConvertUToPtr
            | Op::GenericCastToPtr
            | Op::PtrCastToGeneric
            | Op::Bitcast
            | Op::FNegate
            | Op::FAdd
            | Op::FSub
            | Op::FMul
            | Op::FDiv
            | Op::FRem
            | Op::FMod
            | Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain
    )
}

/// Can a type have a null value (spirv-val's IsTypeNullable)?
fn nullable(st: &State<'_>, ty: u32, depth: u32) -> bool {
    if depth > 64 {
        return true;
    }
    let Some(t) = st.def(ty).copied() else {
        return true;
    };
    match t.op() {
        Op::TypeBool
        | Op::TypeInt
        | Op::TypeFloat
        | Op::TypePointer
        | Op::TypeEvent
        | Op::TypeDeviceEvent
        | Op::TypeReserveId
        | Op::TypeQueue => true,
        Op::TypeVector | Op::TypeMatrix | Op::TypeArray | Op::TypeRuntimeArray => {
            nullable(st, st.word(&t, 2), depth + 1)
        }
        Op::TypeStruct => st
            .inst_words(&t)
            .iter()
            .skip(2)
            .all(|&m| nullable(st, m, depth + 1)),
        op if !is_core(op) => true,
        _ => false,
    }
}

/// The constant value of a 32-bit integer OpConstant, if it is one.
pub fn const_u32(st: &State<'_>, id: u32) -> Option<u32> {
    let d = st.def(id)?;
    (d.op() == Op::Constant && d.len == 4).then(|| st.word(d, 3))
}

pub fn check(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let mut errors: Vec<(&'static str, u32, String, Vec<u32>)> = Vec::new();
    let kernel = st.has_capability(Capability::Kernel);
    // Of the opcodes judged below, only OpUndef may stand inside functions.
    for index in 0..st.walk_end(&[Op::Undef]) {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        let op = inst.op();
        // The opcodes the match below judges (the rest: no lookups).
        if !matches!(
            op,
            Op::Undef
                | Op::ConstantTrue
                | Op::ConstantFalse
                | Op::SpecConstantTrue
                | Op::SpecConstantFalse
                | Op::ConstantComposite
                | Op::SpecConstantComposite
                | Op::ConstantNull
                | Op::ConstantSampler
                | Op::SpecConstantOp
        ) {
            continue;
        }
        let name = inst.desc().map_or("", |d| d.opname);
        let rt = inst.result_type;
        let rt_op = st.def_op(rt);
        match op {
            // Undefined values are values: never of type void.
            Op::Undef if rt_op == Some(Op::TypeVoid) => errors.push((
                "constant.undef",
                index,
                "Cannot create undefined values with void type".into(),
                vec![rt],
            )),
            Op::ConstantTrue | Op::ConstantFalse | Op::SpecConstantTrue | Op::SpecConstantFalse => {
                if rt_op != Some(Op::TypeBool) {
                    errors.push((
                        "constant.type",
                        index,
                        format!(
                            "{name} Result Type {} is not a boolean type.",
                            st.id_name(rt)
                        ),
                        vec![rt],
                    ));
                }
            }
            Op::ConstantComposite | Op::SpecConstantComposite => {
                check_composite(st, index, &inst, name, &mut errors)
            }
            Op::ConstantNull => {
                if !nullable(st, rt, 0) {
                    errors.push((
                        "constant.null",
                        index,
                        format!(
                            "OpConstantNull Result Type {} cannot have a null value.",
                            st.id_name(rt)
                        ),
                        vec![rt],
                    ));
                }
            }
            Op::ConstantSampler => {
                if rt_op != Some(Op::TypeSampler) {
                    errors.push((
                        "constant.type",
                        index,
                        format!(
                            "OpConstantSampler Result Type {} is not a sampler type.",
                            st.id_name(rt)
                        ),
                        vec![rt],
                    ));
                }
            }
            Op::SpecConstantOp => {
                let inner = Op(st.operand_word(&inst, 2) as u16);
                if is_core(inner) && !shader_spec_op(inner) {
                    let iname = inner.desc().map_or("?", |d| &d.opname[2..]);
                    if kernel_spec_op(inner) {
                        if !kernel {
                            errors.push((
                                "constant.spec_op",
                                index,
                                format!("Specialization constant operation {iname} requires Kernel capability"),
                                vec![],
                            ));
                        }
                    } else {
                        errors.push((
                            "constant.spec_op",
                            index,
                            format!("Specialization constant operation {iname} is not allowed"),
                            vec![],
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    errors
        .into_iter()
        .map(|e| st.diag_at(e.0, e.1, e.2).with_ids(e.3))
        .collect()
}

fn check_composite(
    st: &State<'_>,
    index: u32,
    inst: &Inst,
    name: &str,
    errors: &mut Vec<(&'static str, u32, String, Vec<u32>)>,
) {
    let rt = inst.result_type;
    let Some(t) = st.def(rt).copied() else { return };
    let parts: Vec<u32> = st.inst_words(inst).iter().skip(3).copied().collect();
    // Constituents must be constants or undef.
    for &p in &parts {
        if let Some(d) = st.def(p) {
            // OpPoisonKHR joins OpUndef (SPV_KHR_poison_freeze); OpFreezeKHR is a run-time
            // value, not a constant.
            let ok = is_constant_op(d.op())
                || matches!(d.op(), Op::Undef | Op::PoisonKHR)
                || (!is_core(d.op()) && d.op() != Op::FreezeKHR);
            if !ok {
                errors.push((
                    "constant.constituent",
                    index,
                    format!(
                        "{name} Constituent {} is not a constant or undef.",
                        st.id_name(p)
                    ),
                    vec![p],
                ));
                return;
            }
        }
    }
    let type_of = |p: u32| st.def(p).map_or(0, |d| d.result_type);
    let expected: Vec<u32> = match t.op() {
        Op::TypeVector => {
            let n = st.word(&t, 3) as usize;
            if parts.len() != n {
                errors.push((
                    "constant.constituent",
                    index,
                    format!("{name} Constituent count does not match Result Type {}'s vector component count.", st.id_name(rt)),
                    vec![rt],
                ));
                return;
            }
            vec![st.word(&t, 2); n]
        }
        Op::TypeMatrix => {
            let n = st.word(&t, 3) as usize;
            if parts.len() != n {
                errors.push((
                    "constant.constituent",
                    index,
                    format!("{name} Constituent count does not match Result Type {}'s matrix column count.", st.id_name(rt)),
                    vec![rt],
                ));
                return;
            }
            vec![st.word(&t, 2); n]
        }
        Op::TypeArray => {
            let Some(n) = const_u32(st, st.word(&t, 3)) else {
                return;
            };
            if parts.len() != n as usize {
                errors.push((
                    "constant.constituent",
                    index,
                    format!(
                        "{name} Constituent count does not match Result Type {}'s array length.",
                        st.id_name(rt)
                    ),
                    vec![rt],
                ));
                return;
            }
            vec![st.word(&t, 2); n as usize]
        }
        Op::TypeStruct => {
            let members: Vec<u32> = st.inst_words(&t).iter().skip(2).copied().collect();
            if parts.len() != members.len() {
                errors.push((
                    "constant.constituent",
                    index,
                    format!("{name} Constituent count does not match Result Type {}'s struct member count.", st.id_name(rt)),
                    vec![rt],
                ));
                return;
            }
            members
        }
        // spirv-val counts runtime arrays as composites and checks nothing further (checked:
        // it accepts OpConstantComposite of an OpTypeRuntimeArray).
        Op::TypeRuntimeArray => return,
        op if !is_core(op) => return,
        _ => {
            errors.push((
                "constant.type",
                index,
                format!(
                    "{name} Result Type {} is not a composite type.",
                    st.id_name(rt)
                ),
                vec![rt],
            ));
            return;
        }
    };
    for (&p, &e) in parts.iter().zip(&expected) {
        let pt = type_of(p);
        if pt != e && st.def(p).is_some_and(|d| is_core(d.op())) {
            errors.push((
                "constant.constituent",
                index,
                format!(
                    "{name} Constituent {}'s type does not match Result Type {}'s element type.",
                    st.id_name(p),
                    st.id_name(rt)
                ),
                vec![p, rt],
            ));
            return;
        }
    }
}
