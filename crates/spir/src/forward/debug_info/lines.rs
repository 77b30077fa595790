//! `!dbg` locations inside bodies: DebugScope when the scope changes, OpLine (DebugLine in
//! the NonSemantic sets) when the file, line or column changes, OpNoLine (DebugNoLine) and
//! DebugNoScope after them for an instruction without a location. Both are dropped at each
//! block's end, so each block starts afresh. The NonSemantic sets also bind a DebugFunction
//! to its OpFunction here, with DebugFunctionDefinition in the entry block.

use super::{attached_location, di_node, field_node};
use crate::forward::translator::Translator;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;
use spirvkit_llvm::{DiField, DiNode, InstKind};

/// What the current block has declared so far.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Cursor {
    /// (scope, inlined-at) of the last DebugScope.
    scope: Option<(Id, Option<Id>)>,
    /// (file, line, column) of the last OpLine.
    line: Option<(Id, u32, u32)>,
}

fn word(n: &DiNode, name: &str) -> u32 {
    match n.field(name) {
        Some(DiField::UInt(v)) => u32::try_from(*v).unwrap_or(0),
        Some(DiField::Int(v)) => u32::try_from(*v).unwrap_or(0),
        _ => 0,
    }
}

/// Emits the DebugScope / OpLine (or their ends) that `inst` needs before it. Phis take
/// none: nothing may come between them; the first instruction after them does.
pub(crate) fn before_instruction(t: &mut Translator<'_>, inst: &llvm::Instruction) {
    let Some(info) = t.debug.clone() else {
        return;
    };
    if matches!(inst.kind, InstKind::Phi { .. }) {
        return;
    }
    let m = t.m;
    let location = attached_location(inst)
        .and_then(|l| di_node(m, l))
        .filter(|n| n.kind == "DILocation");
    let Some(n) = location else {
        if t.debug_cursor.line.take().is_some() {
            if info.format.is_non_semantic() {
                t.emit(
                    Op::ExtInst,
                    info.void,
                    vec![Operand::Id(info.set), Operand::Word(super::inst::NO_LINE)],
                );
            } else {
                t.emit_void(Op::NoLine, vec![]);
            }
        }
        if t.debug_cursor.scope.take().is_some() {
            t.emit(
                Op::ExtInst,
                info.void,
                vec![Operand::Id(info.set), Operand::Word(super::inst::NO_SCOPE)],
            );
        }
        return;
    };
    let scope_node = field_node(n, "scope");
    let inlined = field_node(n, "inlinedAt").and_then(|a| info.nodes.get(&a).copied());
    if let Some(&scope) = scope_node.and_then(|s| info.nodes.get(&s)) {
        if t.debug_cursor.scope != Some((scope, inlined)) {
            let mut operands = vec![
                Operand::Id(info.set),
                Operand::Word(super::inst::SCOPE),
                Operand::Id(scope),
            ];
            operands.extend(inlined.map(Operand::Id));
            t.emit(Op::ExtInst, info.void, operands);
            t.debug_cursor.scope = Some((scope, inlined));
        }
    }
    let file = scope_node.and_then(|s| {
        let sn = di_node(m, s)?;
        if sn.kind == "DIFile" {
            Some(s)
        } else {
            field_node(sn, "file")
        }
    });
    if let Some(&file) = file.and_then(|f| info.files.get(&f)) {
        let here = (file, word(n, "line"), word(n, "column"));
        if t.debug_cursor.line != Some(here) {
            if info.format.is_non_semantic() {
                // DebugLine: source, line start, line end, column start, column end (one
                // column wide, as llvm-spirv writes it); the constants were made up front.
                let source = info.line_sources.get(&here.0).copied();
                let constants = [here.1, here.1, here.2, here.2.saturating_add(1)]
                    .map(|v| info.constants.get(&v).copied());
                if let (Some(source), [Some(a), Some(b), Some(c), Some(d)]) = (source, constants) {
                    t.emit(
                        Op::ExtInst,
                        info.void,
                        vec![
                            Operand::Id(info.set),
                            Operand::Word(super::inst::LINE),
                            Operand::Id(source),
                            Operand::Id(a),
                            Operand::Id(b),
                            Operand::Id(c),
                            Operand::Id(d),
                        ],
                    );
                    t.debug_cursor.line = Some(here);
                }
                return;
            }
            t.emit_void(
                Op::Line,
                vec![
                    Operand::Id(here.0),
                    Operand::Word(here.1),
                    Operand::Word(here.2),
                ],
            );
            t.debug_cursor.line = Some(here);
        }
    }
}

/// NonSemantic sets: DebugFunctionDefinition of the function being translated (in its entry
/// block, after its variables), naming its DebugFunction.
pub(crate) fn function_definition(t: &mut Translator<'_>, function: Id) {
    let Some(info) = t.debug.clone() else {
        return;
    };
    let Some(&debug_function) = info.definitions.get(&function) else {
        return;
    };
    t.emit(
        Op::ExtInst,
        info.void,
        vec![
            Operand::Id(info.set),
            Operand::Word(super::inst::FUNCTION_DEFINITION),
            Operand::Id(debug_function),
            Operand::Id(function),
        ],
    );
}
