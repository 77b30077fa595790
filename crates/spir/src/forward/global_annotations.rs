//! Annotations of globals and functions: `@llvm.global.annotations` (clang's
//! `__attribute__((annotate("...")))` and the Intel FPGA memory attributes of global
//! variables) and `!io_pipe_id` on a pipe storage global (SPV_INTEL_io_pipes).
//!
//! `@llvm.global.annotations` is an array of `{ ptr subject, ptr string, ptr file, i32 line,
//! ptr args }`; llvm-spirv decorates each subject from its string as it decorates
//! `llvm.var.annotation` subjects (`builtins/annotations.rs`: the FPGA memory attributes with
//! their extension, else UserSemantic). `!io_pipe_id !{i32 N}` → IOPipeStorageINTEL N when
//! SPV_INTEL_io_pipes is allowed (dropped otherwise, as llvm-spirv drops it).

use crate::error::Result;
use crate::forward::builtins::annotations::{annotation_string, decorate, Target};
use crate::forward::translator::{Callee, Translator};
use llvm::{ConstExpr, ConstKind, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Decoration, OperandKind};
use spirvkit_llvm as llvm;

const NAME: &str = "llvm.global.annotations";

/// Decorates the subjects of `@llvm.global.annotations` (once globals and functions have
/// their ids).
pub(crate) fn global_annotations(t: &mut Translator<'_>) -> Result<()> {
    let m = t.m;
    let Some(g) = m.global_by_name(NAME) else {
        return Ok(());
    };
    let Some(init) = m.global(g).and_then(|g| g.initializer) else {
        return Ok(());
    };
    let location = format!("@{NAME}");
    for entry in aggregate(m, init) {
        let fields = aggregate(m, entry);
        let (Some(&subject), Some(&text)) = (fields.first(), fields.get(1)) else {
            continue;
        };
        let Some(text) = annotation_string(m, None, text) else {
            continue;
        };
        let Some(id) = subject_id(t, strip_casts(m, subject)) else {
            continue;
        };
        decorate(t, Target::Value(id), &text, &location)?;
    }
    Ok(())
}

/// `!io_pipe_id !{i32 N}` of global `g` (variable `id`) → IOPipeStorageINTEL N.
pub(crate) fn io_pipe(
    t: &mut Translator<'_>,
    g: &llvm::GlobalVar,
    id: Id,
    loc: &str,
) -> Result<()> {
    let Some(md) = g
        .attachments
        .iter()
        .find(|(k, _)| k == "io_pipe_id")
        .map(|(_, md)| *md)
    else {
        return Ok(());
    };
    let m = t.m;
    let Some(pipe) = m
        .node_operands(md)
        .first()
        .and_then(|o| m.md_value(o))
        .and_then(|(_, v)| t.const_int(v))
    else {
        return Ok(());
    };
    let Some(desc) = OperandKind::Decoration
        .desc()
        .enumerant(Decoration::IOPipeStorageALTERA.0)
    else {
        return Ok(());
    };
    if !crate::forward::requirements::available(t, &desc.avail) {
        return Ok(());
    }
    crate::forward::requirements::require(
        t,
        loc,
        "the decoration IOPipeStorageINTEL",
        &desc.avail,
    )?;
    t.b.decorate(
        id,
        Decoration::IOPipeStorageALTERA.0,
        &[Operand::Word(pipe as u32)],
    );
    Ok(())
}

/// The elements of a constant array or struct.
fn aggregate(m: &llvm::Module, v: ValueRef) -> Vec<ValueRef> {
    match v {
        ValueRef::Constant(c) => match m.constant(c).map(|c| &c.kind) {
            Some(ConstKind::Aggregate(elems)) => elems.clone(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

fn strip_casts(m: &llvm::Module, mut v: ValueRef) -> ValueRef {
    for _ in 0..8 {
        match v {
            ValueRef::Constant(c) => match m.constant(c).map(|c| &c.kind) {
                Some(ConstKind::Expr(ConstExpr::Cast { value, .. })) => v = *value,
                _ => return v,
            },
            _ => return v,
        }
    }
    v
}

/// The SPIR-V id of an annotated global variable or function (none for what has no module
/// scope id: private-space globals live in the functions using them).
fn subject_id(t: &Translator<'_>, v: ValueRef) -> Option<Id> {
    match v {
        ValueRef::Global(g) => t
            .globals
            .get(g.0 as usize)
            .copied()
            .flatten()
            .filter(|id| id.0 != 0),
        ValueRef::Function(f) => match t.callees.get(f.0 as usize) {
            Some(Callee::Function(id)) => Some(*id),
            _ => None,
        },
        _ => None,
    }
}
