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
    let Some(text) = annotation_string(t.m, Some(ctx.func), text) else {
        return Err(malformed(
            loc,
            "llvm.ptr.annotation whose annotation is not a constant string",
        ));
    };
    if text == FPGA_REG {
        return fpga_reg(t, out, ty, v);
    }
    t.emit_ops_to(out, spirvkit_grammar::Op::CopyObject, ty, [Operand::Id(v)]);
    // An annotated struct member (a GEP to it): llvm-spirv decorates the member of the struct
    // type (memory attributes, annotations); memory-access hints stay on the pointer.
    let is_access = t.opts_allow_any(&crate::forward::fpga_annotations::MEMORY_ACCESSES)
        && crate::forward::fpga_annotations::memory_accesses(&text).is_some();
    if !is_access {
        if let Some((struct_ty, member)) = struct_member(t, ctx, strip_casts(ctx, subject))? {
            let target = Target::Member {
                ty: struct_ty,
                member,
                value: out,
            };
            return decorate(t, target, &text, loc);
        }
    }
    decorate(t, Target::Value(out), &text, loc)
}

/// The annotation string of `__builtin_intel_fpga_reg`.
const FPGA_REG: &str = "__builtin_intel_fpga_reg";

/// `__builtin_intel_fpga_reg(v)`: OpFPGARegINTEL with SPV_INTEL_fpga_reg, else `v` itself
/// (as llvm-spirv translates it).
fn fpga_reg(t: &mut Translator<'_>, out: Id, ty: Id, v: Id) -> Result<()> {
    let allowed = ["SPV_INTEL_fpga_reg", "SPV_ALTERA_fpga_reg"]
        .into_iter()
        .find(|e| t.opts.allows(e));
    match allowed {
        Some(extension) => {
            t.b.extension(extension);
            t.b.capability(spirvkit_grammar::Capability::FPGARegALTERA);
            t.emit_ops_to(
                out,
                spirvkit_grammar::Op::FPGARegALTERA,
                ty,
                [Operand::Id(v)],
            );
        }
        None => t.emit_ops_to(out, spirvkit_grammar::Op::CopyObject, ty, [Operand::Id(v)]),
    }
    Ok(())
}

/// `llvm.annotation.*(value, str, file, line)`: `__builtin_intel_fpga_reg` of a scalar gives
/// OpFPGARegINTEL (SPV_INTEL_fpga_reg); any other annotation of a value is the value.
pub(super) fn annotation(
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
        .ok_or_else(|| malformed(loc, "llvm.annotation needs a value and a string"))?;
    let ty = t.ty(result_ty, loc)?;
    let v = t.value(ctx, subject)?;
    if annotation_string(t.m, Some(ctx.func), text).as_deref() == Some(FPGA_REG) {
        return fpga_reg(t, out, ty, v);
    }
    t.emit_ops_to(out, spirvkit_grammar::Op::CopyObject, ty, [Operand::Id(v)]);
    Ok(())
}

/// For a GEP `getelementptr %struct, ptr, i32 0, i32 N` (constant N): the SPIR-V struct type
/// and N.
fn struct_member(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    v: ValueRef,
) -> Result<Option<(Id, u32)>> {
    let ValueRef::Instruction(i) = v else {
        return Ok(None);
    };
    let Some(InstKind::Gep {
        source_ty, indices, ..
    }) = ctx.func.inst(i).map(|i| &i.kind)
    else {
        return Ok(None);
    };
    if !matches!(
        t.m.types.get(*source_ty),
        llvm::Type::Struct { .. } | llvm::Type::Named(_)
    ) {
        return Ok(None);
    }
    let Some(member) = indices.get(1).and_then(|&m| t.const_int(m)) else {
        return Ok(None);
    };
    let ty = t.ty(*source_ty, &ctx.location)?;
    Ok(Some((ty, member as u32)))
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
    let Some(text) = annotation_string(t.m, Some(ctx.func), *text) else {
        return Err(malformed(
            loc,
            "llvm.var.annotation whose annotation is not a constant string",
        ));
    };
    let target = t.value(ctx, strip_casts(ctx, subject))?;
    decorate(t, Target::Value(target), &text, loc)
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
pub(crate) fn annotation_string(
    m: &llvm::Module,
    func: Option<&llvm::Function>,
    v: ValueRef,
) -> Option<String> {
    match v {
        ValueRef::Global(g) => {
            let init = m.global(g)?.initializer?;
            annotation_string(m, func, init)
        }
        // -O0 SYCL code reaches the string through GEP and cast instructions.
        ValueRef::Instruction(i) => match &func?.inst(i)?.kind {
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

/// What an annotation decorates: a value, or a member of a struct type.
#[derive(Clone, Copy)]
pub(crate) enum Target {
    Value(Id),
    /// A struct member (type, member index) reached through the annotated pointer `value`:
    /// memory attributes and plain annotations decorate the member, other decorations
    /// (buffer location, latency control, memory accesses, ...) the pointer, as llvm-spirv
    /// splits them.
    Member {
        ty: Id,
        member: u32,
        value: Id,
    },
}

/// The decorations an annotation string gives `target`: the FPGA memory-access or
/// memory-attribute forms when their extension is allowed (`fpga_annotations`), the
/// `{N:literals}` decoration-number form, or else UserSemantic carrying the string.
pub(crate) fn decorate(
    t: &mut Translator<'_>,
    target: Target,
    text: &str,
    loc: &str,
) -> Result<()> {
    use crate::forward::fpga_annotations as fpga;
    // Numbers the grammar does not know make the string an ordinary annotation.
    let known = |list: &Vec<(u32, Vec<&str>)>| {
        list.iter()
            .all(|(n, _)| OperandKind::Decoration.desc().enumerant(*n).is_some())
    };
    if let Some(list) = parse_decorations(text).filter(known) {
        let list = list
            .into_iter()
            .map(|(number, literals)| {
                let operands = literals
                    .iter()
                    .map(|l| match l.parse::<u32>() {
                        Ok(n) => Operand::Word(n),
                        Err(_) => Operand::String(l.to_string().into()),
                    })
                    .collect();
                (number, operands)
            })
            .collect();
        return apply(t, target, list, text, loc);
    }
    let fpga_form = if t.opts_allow_any(&fpga::MEMORY_ACCESSES) {
        fpga::memory_accesses(text)
    } else {
        None
    }
    .or_else(|| {
        t.opts_allow_any(&fpga::MEMORY_ATTRIBUTES)
            .then(|| fpga::memory_attributes(text))
            .flatten()
    });
    let list = fpga_form.unwrap_or_else(|| {
        vec![(
            Decoration::UserSemantic.0,
            vec![Operand::String(text.to_string().into())],
        )]
    });
    apply(t, target, list, text, loc)
}

/// Emits the decorations, each needing what the grammar says (UserSemantic, core 1.4, is
/// dropped below a lower version cap: it does not change the meaning).
fn apply(
    t: &mut Translator<'_>,
    target: Target,
    list: Vec<(u32, Vec<Operand>)>,
    text: &str,
    loc: &str,
) -> Result<()> {
    let mut applied: Vec<u32> = Vec::with_capacity(list.len());
    for (number, operands) in list {
        let desc = OperandKind::Decoration
            .desc()
            .enumerant(number)
            .ok_or_else(|| {
                malformed(
                    loc,
                    format!("unknown decoration {number} in the annotation \"{text}\""),
                )
            })?;
        if number == Decoration::UserSemantic.0 {
            let what = "an annotation (UserSemantic)";
            if crate::forward::requirements::require(t, loc, what, &desc.avail).is_err() {
                continue;
            }
        } else {
            let what = format!("the decoration {} (annotation)", desc.name);
            crate::forward::requirements::require(t, loc, &what, &desc.avail)?;
        }
        let on_member = number == Decoration::UserSemantic.0
            || desc
                .avail
                .capabilities
                .contains(&spirvkit_grammar::Capability::FPGAMemoryAttributesALTERA);
        let target = match target {
            Target::Member { value, .. } if !on_member => Target::Value(value),
            other => other,
        };
        match target {
            Target::Value(id) if applied.contains(&number) => {
                crate::forward::decorations::repeated(t, id, number, &operands);
            }
            Target::Value(id) => t.b.decorate(id, number, &operands),
            Target::Member { ty, member, .. } => {
                // A member keeps one decoration of a kind (llvm-spirv skips repeats).
                if applied.contains(&number) || t.member_decorated(ty, member, number) {
                    continue;
                }
                let mut ops = vec![
                    Operand::Id(ty),
                    Operand::Word(member),
                    Operand::Word(number),
                ];
                ops.extend(operands);
                t.b.global(spirvkit_core::Instruction::new(
                    spirvkit_grammar::Op::MemberDecorate,
                    None,
                    None,
                    ops,
                ));
            }
        }
        applied.push(number);
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
