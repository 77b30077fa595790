//! Decorations: member indices in range (OpMemberDecorate, OpMemberName, OpGroupMemberDecorate),
//! decoration groups, OpDecorate vs OpDecorateId (id parameters), decorations repeated or in
//! conflict on one target, and the kind of target each decoration allows.

use crate::state::{is_core, is_type_op, Inst, State};
use spirvkit_grammar::{Decoration as D, Op, OperandKind};
use std::collections::HashMap;

fn takes_id(dec: u32) -> bool {
    OperandKind::Decoration
        .desc()
        .enumerant(dec)
        .is_some_and(|e| {
            e.parameters
                .iter()
                .any(|p| p.kind.category() == spirvkit_grammar::Category::Id)
        })
}

fn dec_name(dec: u32) -> String {
    OperandKind::Decoration
        .desc()
        .enumerant(dec)
        .map_or_else(|| dec.to_string(), |e| e.name.to_string())
}

/// Decorations that may be applied several times to one target.
fn repeatable(dec: u32) -> bool {
    let d = D(dec);
    matches!(d, D::FuncParamAttr | D::UserSemantic | D::UserTypeGOOGLE)
        || OperandKind::Decoration
            .desc()
            .enumerant(dec)
            .is_none_or(|e| e.avail.version.is_none())
}

fn member_count(st: &State<'_>, struct_id: u32) -> Option<usize> {
    let d = st.def(struct_id)?;
    (d.op() == Op::TypeStruct).then(|| usize::from(d.len).saturating_sub(2))
}

pub fn check(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let mut errors: Vec<(&'static str, u32, String, Vec<u32>)> = Vec::new();
    // (target, member or u32::MAX, decoration) -> first instruction
    let mut seen: HashMap<(u32, u32, u32), u32> = HashMap::new();
    // Most modules have no decoration group: then no operand can name one.
    let any_group = st.opcodes.contains(Op::DecorationGroup);
    // Without groups, only the names and decorations are judged; the layout rules keep all but
    // these three before the functions.
    let end = if any_group {
        st.insts.len() as u32
    } else {
        st.walk_end(&[Op::DecorateId, Op::DecorateString, Op::MemberDecorateString])
    };
    for index in 0..end {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        let op = inst.op();
        match op {
            Op::MemberName => {
                let target = st.operand_word(&inst, 0);
                let member = st.operand_word(&inst, 1);
                match member_count(st, target) {
                    Some(n) if (member as usize) >= n => errors.push((
                        "decoration.member_index",
                        index,
                        format!("OpMemberName Member {member} index is larger than Type {}'s member count.", st.id_name(target)),
                        vec![target],
                    )),
                    None if st.def(target).is_some_and(|d| is_core(d.op())) => errors.push((
                        "decoration.member_target",
                        index,
                        format!("OpMemberName Type {} is not a struct type.", st.id_name(target)),
                        vec![target],
                    )),
                    _ => {}
                }
            }
            Op::Decorate | Op::DecorateId | Op::DecorateString => {
                let target = st.operand_word(&inst, 0);
                let dec = st.operand_word(&inst, 1);
                if op == Op::Decorate && takes_id(dec) {
                    errors.push((
                        "decoration.id_params",
                        index,
                        "Decorations taking ID parameters may not be used with OpDecorate".into(),
                        vec![target],
                    ));
                }
                if op == Op::DecorateId && !takes_id(dec) {
                    errors.push((
                        "decoration.id_params",
                        index,
                        "Decorations that don't take ID parameters may not be used with OpDecorateId".into(),
                        vec![target],
                    ));
                }
                check_target(st, index, &inst, target, dec, &mut errors);
                record(st, &mut seen, &mut errors, index, target, u32::MAX, dec);
            }
            Op::MemberDecorate | Op::MemberDecorateString => {
                let target = st.operand_word(&inst, 0);
                let member = st.operand_word(&inst, 1);
                let dec = st.operand_word(&inst, 2);
                match member_count(st, target) {
                    Some(n) if (member as usize) >= n => errors.push((
                        "decoration.member_index",
                        index,
                        format!(
                            "Index {member} provided in OpMemberDecorate for struct <id> {} is out of bounds. The structure has {n} members. Largest valid index is {}.",
                            st.id_name(target),
                            n as i64 - 1
                        ),
                        vec![target],
                    )),
                    // spirv-val checks the struct target of OpMemberDecorate only.
                    None if op == Op::MemberDecorate
                        && st.def(target).is_some_and(|d| is_core(d.op())) =>
                    {
                        errors.push((
                        "decoration.member_target",
                        index,
                        format!("OpMemberDecorate Structure type {} is not a struct type.", st.id_name(target)),
                        vec![target],
                    ));
                    }
                    _ => {}
                }
                if matches!(
                    D(dec),
                    D::Block | D::BufferBlock | D::GLSLShared | D::GLSLPacked
                ) {
                    errors.push((
                        "decoration.target",
                        index,
                        format!("{} cannot be applied to structure members", dec_name(dec)),
                        vec![target],
                    ));
                }
                record(st, &mut seen, &mut errors, index, target, member, dec);
            }
            Op::DecorationGroup => {}
            Op::GroupDecorate | Op::GroupMemberDecorate => {
                let group = st.operand_word(&inst, 0);
                if st.def(group).is_some_and(|d| d.op() != Op::DecorationGroup) {
                    errors.push((
                        "decoration.group",
                        index,
                        format!(
                            "{} Decoration group {} is not a decoration group.",
                            inst.desc().map_or("", |d| d.opname),
                            st.id_name(group)
                        ),
                        vec![group],
                    ));
                }
                if op == Op::GroupDecorate {
                    for i in 1..usize::from(inst.ops_len) {
                        let t = st.operand_word(&inst, i);
                        // The integer-wrap decorations reach their targets through groups
                        // too (spirv-val judges the decorated instruction either way).
                        for d in st.decorations_of(group) {
                            let dec = st.word(d, 2);
                            if d.op() == Op::Decorate
                                && (dec == D::NoSignedWrap.0 || dec == D::NoUnsignedWrap.0)
                            {
                                check_target(st, index, d, t, dec, &mut errors);
                            }
                        }
                        if st.def_op(t) == Some(Op::DecorationGroup) {
                            errors.push((
                                "decoration.group",
                                index,
                                format!(
                                    "OpGroupDecorate may not target OpDecorationGroup {}",
                                    st.id_name(t)
                                ),
                                vec![t],
                            ));
                        }
                    }
                } else {
                    let mut i = 1;
                    while i + 1 < usize::from(inst.ops_len) {
                        let t = st.operand_word(&inst, i);
                        let m = st.operand_word(&inst, i + 1);
                        match member_count(st, t) {
                            Some(n) if (m as usize) >= n => errors.push((
                                "decoration.member_index",
                                index,
                                format!("Index {m} provided in OpGroupMemberDecorate for struct {} is out of bounds.", st.id_name(t)),
                                vec![t],
                            )),
                            None if st.def(t).is_some_and(|d| is_core(d.op())) => errors.push((
                                "decoration.member_target",
                                index,
                                format!("OpGroupMemberDecorate Structure type {} is not a struct type.", st.id_name(t)),
                                vec![t],
                            )),
                            _ => {}
                        }
                        i += 2;
                    }
                }
            }
            _ => {}
        }
        // A decoration group's result may only be used by decoration instructions and names.
        if any_group
            && !matches!(
                op,
                Op::Name
                    | Op::Decorate
                    | Op::DecorateId
                    | Op::GroupDecorate
                    | Op::GroupMemberDecorate
                    | Op::DecorateString
            )
            && is_core(op)
        {
            for o in st.ops(&inst) {
                if o.kind == OperandKind::IdRef {
                    let id = st.word(&inst, usize::from(o.offset));
                    if st.def_op(id) == Some(Op::DecorationGroup) {
                        errors.push((
                            "decoration.group",
                            index,
                            "Result id of OpDecorationGroup can only be targeted by OpName, OpGroupDecorate, OpDecorate, OpDecorateId, and OpGroupMemberDecorate".into(),
                            vec![id],
                        ));
                    }
                }
            }
        }
    }
    errors
        .into_iter()
        .map(|e| st.diag_at(e.0, e.1, e.2).with_ids(e.3))
        .collect()
}

fn record(
    st: &State<'_>,
    seen: &mut HashMap<(u32, u32, u32), u32>,
    errors: &mut Vec<(&'static str, u32, String, Vec<u32>)>,
    index: u32,
    target: u32,
    member: u32,
    dec: u32,
) {
    let at = |m: u32| {
        if m == u32::MAX {
            String::new()
        } else {
            format!(", member '{m}'")
        }
    };
    if !repeatable(dec) && seen.insert((target, member, dec), index).is_some() {
        errors.push((
            "decoration.duplicate",
            index,
            format!(
                "ID '{target}'{} decorated with {} multiple times is not allowed.",
                at(member),
                dec_name(dec)
            ),
            vec![target],
        ));
    }
    for (a, b) in [
        (D::Block, D::BufferBlock),
        (D::RowMajor, D::ColMajor),
        (D::Aliased, D::Restrict),
    ] {
        let other = if D(dec) == a {
            b
        } else if D(dec) == b {
            a
        } else {
            continue;
        };
        if seen.contains_key(&(target, member, other.0)) {
            errors.push((
                "decoration.conflict",
                index,
                format!(
                    "ID '{target}'{} decorated with both {} and {} is not allowed.",
                    at(member),
                    dec_name(a.0.min(b.0)),
                    dec_name(a.0.max(b.0))
                ),
                vec![target],
            ));
        }
    }
    let _ = st;
}

/// The kind of target each decoration allows (direct OpDecorate* only).
fn check_target(
    st: &State<'_>,
    index: u32,
    inst: &Inst,
    target: u32,
    dec: u32,
    errors: &mut Vec<(&'static str, u32, String, Vec<u32>)>,
) {
    let Some(t) = st.def(target).copied() else {
        return;
    };
    let top = t.op();
    if top == Op::DecorationGroup {
        return;
    }
    // Extension instructions are judged for the decorations whose targets spirv-val names
    // exactly (a Constant or ArrayStride on an untyped access chain is as wrong as on a core
    // one); the memory-object list of spirv-val has extension members (OpRawAccessChainNV...)
    // so those decorations are left alone there.
    if !is_core(top)
        && !matches!(
            D(dec),
            D::ArrayStride
                | D::Binding
                | D::DescriptorSet
                | D::Location
                | D::Index
                | D::Invariant
                | D::Constant
                | D::InputAttachmentIndex
                | D::NoSignedWrap
                | D::NoUnsignedWrap
        )
    {
        return;
    }
    let is_var = matches!(top, Op::Variable | Op::UntypedVariableKHR);
    let is_memory_object = is_var || top == Op::FunctionParameter;
    let name = dec_name(dec);
    let mut fail = |rule: &'static str, msg: String| errors.push((rule, index, msg, vec![target]));
    match D(dec) {
        D::SpecId => {
            if !matches!(
                top,
                Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse
            ) {
                fail("decoration.target", format!("SpecId decoration on target <id> {} must be a scalar specialization constant", st.id_name(target)));
            }
        }
        D::Block | D::BufferBlock | D::GLSLShared | D::GLSLPacked | D::CPacked => {
            if top != Op::TypeStruct {
                fail(
                    "decoration.target",
                    format!(
                        "{name} decoration on target <id> {} must be a structure type",
                        st.id_name(target)
                    ),
                );
            }
        }
        D::ArrayStride => {
            if !matches!(
                top,
                Op::TypeArray | Op::TypeRuntimeArray | Op::TypePointer | Op::TypeUntypedPointerKHR
            ) {
                fail(
                    "decoration.target",
                    format!(
                        "ArrayStride decoration on target <id> {} must be an array or pointer type",
                        st.id_name(target)
                    ),
                );
            }
        }
        D::Binding
        | D::DescriptorSet
        | D::Location
        | D::Index
        | D::Invariant
        | D::Constant
        | D::InputAttachmentIndex => {
            if !is_var {
                fail(
                    "decoration.target",
                    format!(
                        "{name} decoration on target <id> {} must be a variable",
                        st.id_name(target)
                    ),
                );
            }
        }
        D::Component
        | D::Flat
        | D::NoPerspective
        | D::Centroid
        | D::Sample
        | D::Patch
        | D::NonWritable
        | D::NonReadable
        | D::Restrict
        | D::Aliased
        | D::Volatile
        | D::Coherent
        | D::XfbBuffer
        | D::XfbStride
        | D::Stream
        | D::RestrictPointer
        | D::AliasedPointer => {
            if !is_memory_object {
                fail(
                    "decoration.target",
                    format!(
                        "{name} decoration on target <id> {} must be a memory object declaration",
                        st.id_name(target)
                    ),
                );
            } else if !matches!(
                st.def_op(t.result_type),
                Some(Op::TypePointer | Op::TypeUntypedPointerKHR)
            ) {
                fail(
                    "decoration.target",
                    format!(
                        "{name} decoration on target <id> {} must be a pointer type",
                        st.id_name(target)
                    ),
                );
            }
        }
        D::BuiltIn => {
            let is_constant = crate::state::is_constant_op(top);
            let workgroup_size = st.has_capability(spirvkit_grammar::Capability::Shader)
                && st.word(inst, 3) == spirvkit_grammar::BuiltIn::WorkgroupSize.0;
            if !(is_var || is_constant) {
                fail(
                    "decoration.target",
                    "BuiltIns can only target variables, structure members or constants".into(),
                );
            } else if workgroup_size && !is_constant {
                fail(
                    "decoration.target",
                    format!(
                        "BuiltIn decoration on target <id> {} must be a constant for WorkgroupSize",
                        st.id_name(target)
                    ),
                );
            } else if !workgroup_size && !is_var {
                fail(
                    "decoration.target",
                    format!(
                        "BuiltIn decoration on target <id> {} must be a variable",
                        st.id_name(target)
                    ),
                );
            }
        }
        D::NoSignedWrap | D::NoUnsignedWrap => {
            // spirv-val allows every extended instruction (it does not judge which ones).
            if !matches!(
                top,
                Op::IAdd
                    | Op::ISub
                    | Op::IMul
                    | Op::ShiftLeftLogical
                    | Op::SNegate
                    | Op::ExtInst
                    | Op::ExtInstWithForwardRefsKHR
            ) {
                fail(
                    "decoration.target",
                    format!(
                        "{name} decoration may not be applied to {}",
                        &crate::typeinfo::op_name(top)[2..]
                    ),
                );
            }
        }
        D::LinkageAttributes if top == Op::Function => {
            let entry = st
                .entry_points
                .iter()
                .any(|&ep| st.inst(ep).is_some_and(|e| st.operand_word(e, 1) == target));
            if entry {
                fail(
                    "decoration.target",
                    format!(
                        "The LinkageAttributes Decoration (Linkage name: {}) cannot be applied to function id {target} because it is targeted by an OpEntryPoint instruction.",
                        st.string(inst, 2)
                    ),
                );
            }
        }
        D::MatrixStride => fail(
            "decoration.target",
            "MatrixStride can only be applied to structure members".into(),
        ),
        D::RelaxedPrecision => {
            if is_type_op(top) {
                fail(
                    "decoration.target",
                    "RelaxPrecision decoration cannot be applied to a type".into(),
                );
            }
        }
        D::Uniform | D::UniformId => {
            if is_type_op(top) {
                fail(
                    "decoration.target",
                    format!("{name} decoration applied to a non-object"),
                );
            }
        }
        _ => {}
    }
}
