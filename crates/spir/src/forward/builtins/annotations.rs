//! `llvm.ptr.annotation` and `llvm.var.annotation` (llvm-spirv's SPIRVWriter mapping): the
//! annotation string becomes decorations of the annotated pointer or variable. A string made
//! of `{N:"a,b"}` / `{N:a,b}` / `{N}` groups (SYCL's compile-time properties: decoration number
//! N with its literals, e.g. `{6172:"0"}{6173:"0,1,5"}` for SPV_INTEL_fpga_latency_control,
//! `{5826:DEFAULT}` for SPV_INTEL_fpga_memory_attributes) gives those
//! decorations, each needing what the grammar says (its extension, named when not allowed);
//! any other string is a UserSemantic decoration carrying it.

use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use llvm::{ConstExpr, ConstKind, InstKind, ValueRef};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{Decoration, OperandKind};
use spirvkit_llvm as llvm;

/// `llvm.ptr.annotation(ptr, str, file, line, args)`: the pointer itself (a copy, which carries
/// the decorations, so only the uses through the annotation see them).
pub(super) fn ptr_annotation(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let (&subject, &text) = args
        .first()
        .zip(args.get(1))
        .ok_or_else(|| malformed(loc, "llvm.ptr.annotation needs a pointer and a string"))?;
    let ty = t.ty(result_ty, loc)?;
    let v = t.value_as(ctx, subject, ty)?;
    t.emit_ops_to(out, spirvkit_grammar::Op::CopyObject, ty, [Operand::Id(v)]);
    let Some(text) = annotation_string(t.m, ctx.func, text) else {
        return Err(malformed(
            loc,
            "llvm.ptr.annotation whose annotation is not a constant string",
        ));
    };
    decorate(t, out, &text, loc)
}

/// `llvm.var.annotation(ptr, str, file, line, args)`: decorates the annotated variable.
pub(super) fn var_annotation(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let (Some(&subject), Some(text)) = (args.first(), args.get(1)) else {
        return Err(malformed(
            loc,
            "llvm.var.annotation needs a pointer and a string",
        ));
    };
    let Some(text) = annotation_string(t.m, ctx.func, *text) else {
        return Err(malformed(
            loc,
            "llvm.var.annotation whose annotation is not a constant string",
        ));
    };
    let target = t.value(ctx, strip_casts(ctx, subject))?;
    decorate(t, target, &text, loc)
}

/// The annotated value below the casts typed-pointer input puts around it.
fn strip_casts(ctx: &FnCtx<'_>, mut v: ValueRef) -> ValueRef {
    for _ in 0..8 {
        let next = match v {
            ValueRef::Instruction(i) => match ctx.func.inst(i) {
                Some(inst) => match &inst.kind {
                    llvm::InstKind::Cast {
                        op: llvm::CastOp::BitCast | llvm::CastOp::AddrSpaceCast,
                        value,
                        ..
                    } => *value,
                    _ => return v,
                },
                None => return v,
            },
            _ => return v,
        };
        v = next;
    }
    v
}

/// The bytes of a constant C string an annotation argument points to (a global, or a constant
/// GEP/cast of one), without the terminating NUL.
fn annotation_string(m: &llvm::Module, func: &llvm::Function, v: ValueRef) -> Option<String> {
    match v {
        ValueRef::Global(g) => {
            let init = m.global(g)?.initializer?;
            annotation_string(m, func, init)
        }
        // -O0 SYCL code reaches the string through GEP and cast instructions.
        ValueRef::Instruction(i) => match &func.inst(i)?.kind {
            InstKind::Gep { base, .. } => annotation_string(m, func, *base),
            InstKind::Cast { value, .. } => annotation_string(m, func, *value),
            _ => None,
        },
        ValueRef::Constant(c) => match &m.constant(c)?.kind {
            ConstKind::String(bytes) => {
                let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                Some(String::from_utf8_lossy(&bytes[..end]).into_owned())
            }
            ConstKind::Expr(ConstExpr::Gep { base, .. }) => annotation_string(m, func, *base),
            ConstKind::Expr(ConstExpr::Cast { value, .. }) => annotation_string(m, func, *value),
            _ => None,
        },
        _ => None,
    }
}

fn decorate(t: &mut Translator<'_>, target: Id, text: &str, loc: &str) -> Result<()> {
    // Numbers the grammar does not know make the string an ordinary annotation.
    let known = |list: &Vec<(u32, Vec<&str>)>| {
        list.iter()
            .all(|(n, _)| OperandKind::Decoration.desc().enumerant(*n).is_some())
    };
    match parse_decorations(text).filter(known) {
        Some(list) => {
            let mut applied: Vec<u32> = Vec::with_capacity(list.len());
            for (number, literals) in list {
                let desc = OperandKind::Decoration
                    .desc()
                    .enumerant(number)
                    .ok_or_else(|| {
                        malformed(
                            loc,
                            format!("unknown decoration {number} in the annotation \"{text}\""),
                        )
                    })?;
                let what = format!("the decoration {} (annotation)", desc.name);
                crate::forward::requirements::require(t, loc, &what, &desc.avail)?;
                let operands: Vec<Operand> = literals
                    .iter()
                    .map(|l| match l.parse::<u32>() {
                        Ok(n) => Operand::Word(n),
                        Err(_) => Operand::String(l.to_string().into()),
                    })
                    .collect();
                if applied.contains(&number) {
                    crate::forward::decorations::repeated(t, target, number, &operands);
                } else {
                    applied.push(number);
                    t.b.decorate(target, number, &operands);
                }
            }
        }
        None => {
            let desc = OperandKind::Decoration
                .desc()
                .enumerant(Decoration::UserSemantic.0)
                .ok_or_else(|| malformed(loc, "no UserSemantic decoration in the grammar"))?;
            // UserSemantic is core from SPIR-V 1.4: below a lower version cap the annotation
            // is dropped, as before annotations were read (it does not change the meaning).
            let what = "an annotation (UserSemantic)";
            if crate::forward::requirements::require(t, loc, what, &desc.avail).is_err() {
                return Ok(());
            }
            t.b.decorate(
                target,
                Decoration::UserSemantic.0,
                &[Operand::String(text.to_string().into())],
            );
        }
    }
    Ok(())
}

/// `{6172:"0"}{6173:"0,1,5"}` → [(6172, ["0"]), (6173, ["0", "1", "5"])]; `{N}` has no
/// literals. None when the string is not entirely in that form.
fn parse_decorations(text: &str) -> Option<Vec<(u32, Vec<&str>)>> {
    let mut rest = text.trim();
    let mut list = Vec::new();
    while !rest.is_empty() {
        let body_end = rest.find('}')?;
        let body = rest.strip_prefix('{')?.get(..body_end - 1)?;
        rest = rest[body_end + 1..].trim_start();
        let (number, literals) = match body.split_once(':') {
            Some((n, l)) => (n, Some(l)),
            None => (body, None),
        };
        let number: u32 = number.trim().parse().ok()?;
        let literals = match literals {
            Some(l) => {
                // The literals are quoted (SYCL properties) or bare (FPGA memory attributes).
                let l = l.trim();
                let l = l
                    .strip_prefix('"')
                    .and_then(|q| q.strip_suffix('"'))
                    .unwrap_or(l);
                if l.is_empty() {
                    Vec::new()
                } else {
                    l.split(',').map(str::trim).collect()
                }
            }
            None => Vec::new(),
        };
        list.push((number, literals));
    }
    (!list.is_empty()).then_some(list)
}

#[cfg(test)]
mod tests {
    use super::parse_decorations;

    #[test]
    fn reads_decoration_groups() {
        assert_eq!(
            parse_decorations("{6172:\"1\"}{6173:\"0,1,5\"}"),
            Some(vec![(6172, vec!["1"]), (6173, vec!["0", "1", "5"])])
        );
        assert_eq!(parse_decorations("{5825}"), Some(vec![(5825, vec![])]));
        assert_eq!(parse_decorations("my annotation"), None);
        assert_eq!(parse_decorations("{memory:DEFAULT}"), None);
        assert_eq!(
            parse_decorations("{5826:DEFAULT}{5834:key,type}"),
            Some(vec![(5826, vec!["DEFAULT"]), (5834, vec!["key", "type"])])
        );
        assert_eq!(parse_decorations(""), None);
    }
}
