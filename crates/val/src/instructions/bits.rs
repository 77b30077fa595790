//! Bit instructions (spec 3.37.14): OpBitFieldInsert, OpBitFieldSExtract/UExtract,
//! OpBitReverse and OpBitCount — integer scalar or vector results, Base (and Insert) of the
//! Result Type (BitCount: of its component count), Offset and Count integer scalars. One report
//! per instruction, as spirv-val.

use super::Sink;
use crate::state::Inst;
use crate::typeinfo::{self as ti, ScalarKind};
use spirvkit_grammar::Op;

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let op = inst.op();
    if !matches!(
        op,
        Op::BitFieldInsert
            | Op::BitFieldSExtract
            | Op::BitFieldUExtract
            | Op::BitReverse
            | Op::BitCount
    ) {
        return false;
    }
    let st = s.st;
    let rt = inst.result_type;
    // Only core result types are judged (cooperative types have rules of their own).
    if ti::type_inst(st, rt).is_none_or(|d| !crate::state::is_core(d.op())) {
        return true;
    }
    let opname = &ti::op_name(op)[2..];
    let words = st.inst_words(inst);
    let operands = words.get(3..).unwrap_or(&[]);
    if operands.iter().any(|&v| st.def(v).is_none()) {
        return true;
    }
    let type_of = |i: usize| operands.get(i).map_or(0, |&v| ti::type_of(st, v));
    let result = ti::shape(st, rt);
    let broken: Option<(String, u32)> = if !result.is_some_and(|r| r.kind == ScalarKind::Int) {
        Some((
            format!("Expected int scalar or vector type as Result Type: {opname}"),
            rt,
        ))
    } else if op == Op::BitCount {
        let base = ti::shape(st, type_of(0));
        if !base.is_some_and(|b| b.kind == ScalarKind::Int) {
            Some((
                format!("Expected Base Type to be int scalar or vector: {opname}"),
                type_of(0),
            ))
        } else if base.map(|b| b.count) != result.map(|r| r.count) {
            Some((
                format!("Expected Base dimension to be equal to Result Type dimension: {opname}"),
                type_of(0),
            ))
        } else {
            None
        }
    } else {
        // (operand index, name, must equal the Result Type (else: an int scalar)).
        let shape: &[(usize, &str, bool)] = match op {
            Op::BitFieldInsert => &[
                (0, "Base", true),
                (1, "Insert", true),
                (2, "Offset", false),
                (3, "Count", false),
            ],
            Op::BitReverse => &[(0, "Base", true)],
            _ => &[(0, "Base", true), (1, "Offset", false), (2, "Count", false)],
        };
        shape.iter().find_map(|&(i, name, same)| {
            let t = type_of(i);
            if same && t != rt {
                Some((
                    format!("Expected {name} Type to be equal to Result Type: {opname}"),
                    t,
                ))
            } else if !same && !ti::is_int(st, t) {
                Some((
                    format!("Expected {name} Type to be int scalar: {opname}"),
                    t,
                ))
            } else {
                None
            }
        })
    };
    if let Some((message, id)) = broken {
        s.err("bits.types", index, message, &[id]);
    }
    true
}
