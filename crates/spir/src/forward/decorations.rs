//! `!spirv.Decorations` metadata (llvm-spirv's generic way to carry any decoration on an
//! instruction or a global: `!{!{i32 DecorationNumber, literals...}, ...}`, e.g. the cache
//! controls of SPV_INTEL_cache_controls): each entry becomes an OpDecorate of the value.
//! A decoration that needs an extension is refused, naming it, unless `--spirv-ext` allows it.

use crate::error::{malformed, Result};
use crate::forward::translator::Translator;
use llvm::MetadataId;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{Op, OperandKind};
use spirvkit_llvm as llvm;

/// The metadata kind llvm-spirv reads decorations from.
pub(crate) const KIND: &str = "spirv.Decorations";
/// On a function: one decoration list (as `KIND`'s) per parameter.
pub(crate) const PARAMETER_KIND: &str = "spirv.ParameterDecorations";

/// Decorates `target` with every entry of the `!spirv.Decorations` node `list`, except the
/// decorations in `derived` (the caller emitted them from the LLVM construct itself; spirv-val
/// refuses most decorations twice).
pub(crate) fn apply(
    t: &mut Translator<'_>,
    target: Id,
    list: MetadataId,
    derived: &[u32],
    loc: &str,
) -> Result<()> {
    let m = t.m;
    let mut applied: Vec<u32> = Vec::new();
    for entry in m.node_operands(list) {
        let llvm::MdOperand::Metadata(node) = entry else {
            return Err(malformed(
                loc,
                "a !spirv.Decorations entry that is not a node",
            ));
        };
        let operands = m.node_operands(*node);
        let first = operands
            .first()
            .and_then(|op| m.md_value(op))
            .and_then(|(_, v)| t.const_int(v));
        if first.is_some_and(|d| dropped_without_its_extension(t, d as u32)) {
            continue;
        }
        let mut words = Vec::with_capacity(operands.len());
        for op in operands {
            if let Some(s) = m.md_string(op).or_else(|| c_string_operand(t, op)) {
                words.push(Operand::String(
                    String::from_utf8_lossy(s).into_owned().into(),
                ));
                continue;
            }
            let value = m
                .md_value(op)
                .and_then(|(_, v)| t.const_int(v))
                .ok_or_else(|| {
                    malformed(loc, "a !spirv.Decorations operand that is not a constant")
                })?;
            words.push(Operand::Word(value as u32));
        }
        let Some(Operand::Word(decoration)) = words.first().cloned() else {
            return Err(malformed(loc, "an empty !spirv.Decorations entry"));
        };
        let internal = internal_numbering(t);
        if decoration == INTERNAL_IMPLEMENT_IN_CSR && !internal {
            return Err(crate::error::unsupported(
                loc,
                format!(
                    "the decoration ImplementInCSRINTEL (llvm-spirv's internal \
                     {INTERNAL_IMPLEMENT_IN_CSR}) without \
                     --spirv-ext=+{GLOBAL_VARIABLE_DECORATIONS} (the extension it needs)"
                ),
            ));
        }
        let registered = registered_number(decoration, &words[1..], internal);
        if decoration == LEGACY_HOST_ACCESS
            && registered == spirvkit_grammar::Decoration::HostAccessINTEL.0
        {
            legacy_host_access(&mut words[1..]);
        }
        let decoration = registered;
        if derived.contains(&decoration) {
            continue;
        }
        if (LEGACY_HOST_ACCESS..=INTERNAL_IMPLEMENT_IN_CSR).contains(&words_decoration(&words))
            && !internal
        {
            refuse_without_global_variable_decorations(t, loc, decoration)?;
        }
        require_decoration(t, loc, decoration)?;
        let extra = grammar_operands(decoration, &words[1..]);
        if takes_ids(decoration) {
            decorate_id(t, loc, target, decoration, extra)?;
            continue;
        }
        if applied.contains(&decoration) {
            repeated(t, target, decoration, extra);
        } else if t.b.has_decoration(target, decoration, extra) {
            // Already written from the LLVM construct it also has (a `volatile` kernel
            // argument qualifier and llvm-spirv's SPV-IR Volatile entry).
            applied.push(decoration);
        } else {
            applied.push(decoration);
            t.b.decorate(target, decoration, extra);
        }
    }
    Ok(())
}

/// The literals of a `!spirv.Decorations` entry the decoration takes. llvm-spirv copies up to
/// two integers whatever the decoration (`!{i32 0, i32 2}` gives `OpDecorate %f
/// RelaxedPrecision 2`), an instruction longer than its grammar that no SPIR-V reader can
/// parse (spirv-val and spirv-dis refuse the module, as spirvkit's own text writer would);
/// the literals past the decoration's operands are dropped, the decoration kept. A decoration
/// with a variadic operand (none of the registered ones so far) keeps them all.
fn grammar_operands(decoration: u32, literals: &[Operand]) -> &[Operand] {
    let Some(desc) = OperandKind::Decoration.desc().enumerant(decoration) else {
        return literals;
    };
    let variadic = desc
        .parameters
        .iter()
        .any(|p| p.quantifier == spirvkit_grammar::Quantifier::Variadic);
    if variadic {
        literals
    } else {
        &literals[..literals.len().min(desc.parameters.len())]
    }
}

/// Whether the decoration's operands are ids (UniformId's scope, AlignmentId's and
/// MaxByteOffsetId's values): such a decoration is an OpDecorateId.
fn takes_ids(decoration: u32) -> bool {
    OperandKind::Decoration
        .desc()
        .enumerant(decoration)
        .is_some_and(|desc| {
            desc.parameters.iter().any(|p| {
                matches!(
                    p.kind,
                    OperandKind::IdRef | OperandKind::IdScope | OperandKind::IdMemorySemantics
                )
            })
        })
}

/// Creates the constants the id-taking entries of the `!spirv.Decorations` node `list` will
/// name, before the caller declares the decorated global: an OpDecorateId operand must be
/// defined before its target (spirv-val), as llvm-spirv orders them. Entries `apply` refuses
/// are skipped here.
pub(crate) fn declare_id_operands(t: &mut Translator<'_>, list: MetadataId) {
    let m = t.m;
    for entry in m.node_operands(list) {
        let llvm::MdOperand::Metadata(node) = entry else {
            continue;
        };
        let values: Vec<Option<u32>> = m
            .node_operands(*node)
            .iter()
            .map(|op| {
                m.md_value(op)
                    .and_then(|(_, v)| t.const_int(v))
                    .map(|v| v as u32)
            })
            .collect();
        let Some(Some(decoration)) = values.first().copied() else {
            continue;
        };
        if takes_ids(registered_number(decoration, &[], internal_numbering(t))) {
            for value in values.iter().skip(1).flatten() {
                t.u32_constant(*value);
            }
        }
    }
}

/// A `!spirv.Decorations` entry of a decoration that takes ids carries its values as integer
/// literals (`!{i32 46, i32 8}`: AlignmentId 8): llvm-spirv emits OpDecorateId with each
/// literal as a 32-bit unsigned constant (OpDecorateId is SPIR-V 1.2).
fn decorate_id(
    t: &mut Translator<'_>,
    loc: &str,
    target: Id,
    decoration: u32,
    literals: &[Operand],
) -> Result<()> {
    if let Some(desc) = Op::DecorateId.desc() {
        crate::forward::requirements::require(t, loc, "OpDecorateId", &desc.avail)?;
    }
    let mut operands = vec![Operand::Id(target), Operand::Word(decoration)];
    for literal in literals {
        let Operand::Word(value) = literal else {
            return Err(malformed(
                loc,
                "a !spirv.Decorations id operand that is not an integer",
            ));
        };
        operands.push(Operand::Id(t.u32_constant(*value)));
    }
    t.b.global(Instruction::new(Op::DecorateId, None, None, operands));
    Ok(())
}

/// Restrict (19), Aliased (20), Volatile (21) and Coherent (23) apply to memory object
/// declarations and pointers only (spirv-val: "must be a pointer type"). llvm-spirv copies a parameter's
/// `!spirv.ParameterDecorations` verbatim, so one on a scalar parameter gives a module
/// spirv-val refuses; on a parameter that is not a pointer they are dropped (they say
/// nothing about a value that is not a memory object). The decorations to skip for `param`.
pub(crate) fn pointer_only_on_non_pointer(t: &Translator<'_>, param: Id) -> &'static [u32] {
    const POINTER_ONLY: &[u32] = &[19, 20, 21, 23];
    let is_pointer = t
        .id_types
        .get(&param)
        .is_some_and(|ty| t.pointer_info.contains_key(ty));
    if is_pointer {
        &[]
    } else {
        POINTER_ONLY
    }
}

/// On a call: `!{!{i32 Decoration, literals..., i32 ArgumentIndex}, ...}` decorates that
/// argument of the call (llvm-spirv's SPV_INTEL_cache_controls form for a pointer passed to a
/// function).
pub(crate) const CALL_ARGUMENT_KIND: &str = "spirv.DecorationCacheControlINTEL";

/// The arguments `!spirv.DecorationCacheControlINTEL` decorates: each becomes a copy carrying
/// its decorations, which the call then passes (through `FnCtx::arg_casts`).
pub(crate) fn call_arguments(
    t: &mut Translator<'_>,
    ctx: &crate::forward::context::FnCtx<'_>,
    metadata: &[(String, MetadataId)],
    args: &[llvm::ValueRef],
) -> Result<()> {
    let Some(&(_, list)) = metadata.iter().find(|(k, _)| k == CALL_ARGUMENT_KIND) else {
        return Ok(());
    };
    let loc = ctx.location.as_str();
    let entries = indexed_entries(t, list, loc)?;
    let mut copies: Vec<(usize, Id, Vec<u32>)> = Vec::new();
    for (index, words) in entries {
        let Some(&arg) = args.get(index) else {
            return Err(malformed(
                loc,
                format!(
                    "!{CALL_ARGUMENT_KIND} names argument {index} of a call with {}",
                    args.len()
                ),
            ));
        };
        let Some(Operand::Word(decoration)) = words.first().cloned() else {
            continue;
        };
        require_decoration(t, loc, decoration)?;
        let slot = match copies.iter().position(|(i, _, _)| *i == index) {
            Some(slot) => slot,
            None => {
                let ty = t.value_type_id(ctx, arg)?;
                let v = t.value(ctx, arg)?;
                let copy = t.emit_ops(Op::CopyObject, ty, [Operand::Id(v)]);
                ctx.arg_casts.borrow_mut().insert(arg, copy);
                copies.push((index, copy, Vec::new()));
                copies.len() - 1
            }
        };
        let (_, copy, applied) = &mut copies[slot];
        let copy = *copy;
        if applied.contains(&decoration) {
            repeated(t, copy, decoration, &words[1..]);
        } else {
            applied.push(decoration);
            t.b.decorate(copy, decoration, &words[1..]);
        }
    }
    Ok(())
}

/// True when an instruction carries `!spirv.DecorationCacheControlINTEL`.
pub(crate) fn has_access_decorations(metadata: &[(String, MetadataId)]) -> bool {
    metadata.iter().any(|(k, _)| k == CALL_ARGUMENT_KIND)
}

/// On a load or a store, `!spirv.DecorationCacheControlINTEL` names the pointer operand (0 on
/// a load; 1 on a store, whose operand 0 is the stored value). llvm-spirv rewrites the access
/// through `getelementptr <element>, ptr %p, i32 0` carrying the decorations, so the access
/// here goes through an OpPtrAccessChain `pointer` 0 (the untyped form with an untyped
/// pointer) decorated with every entry. Returns the pointer the access is to use: `pointer`
/// itself when the instruction has no such metadata.
pub(crate) fn access_pointer(
    t: &mut Translator<'_>,
    loc: &str,
    metadata: &[(String, MetadataId)],
    pointer: Id,
    pointer_operand: usize,
    element_type: Id,
) -> Result<Id> {
    let Some(&(_, list)) = metadata.iter().find(|(k, _)| k == CALL_ARGUMENT_KIND) else {
        return Ok(pointer);
    };
    let entries = indexed_entries(t, list, loc)?;
    if let Some((index, _)) = entries.iter().find(|(i, _)| *i != pointer_operand) {
        return Err(malformed(
            loc,
            format!(
                "!{CALL_ARGUMENT_KIND} names operand {index} of a memory access; only its \
                 pointer (operand {pointer_operand}) can carry cache controls"
            ),
        ));
    }
    let Some(&pointer_type) = t.id_types.get(&pointer) else {
        return Err(malformed(
            loc,
            format!("!{CALL_ARGUMENT_KIND} on an access through a pointer of unknown type"),
        ));
    };
    let zero = t.u32_constant(0);
    let (op, mut operands) = t.ptr_access_chain(pointer_type, false, element_type, pointer);
    operands.push(Operand::Id(zero));
    let chain = t.emit_ops(op, pointer_type, operands);
    let mut applied: Vec<u32> = Vec::new();
    for (_, words) in entries {
        let Some(Operand::Word(decoration)) = words.first().cloned() else {
            continue;
        };
        require_decoration(t, loc, decoration)?;
        if applied.contains(&decoration) {
            repeated(t, chain, decoration, &words[1..]);
        } else {
            applied.push(decoration);
            t.b.decorate(chain, decoration, &words[1..]);
        }
    }
    Ok(chain)
}

/// The entries of a `!spirv.DecorationCacheControlINTEL` list: `(operand index, decoration
/// words)` in metadata order, the index being each entry's last operand.
fn indexed_entries(
    t: &Translator<'_>,
    list: MetadataId,
    loc: &str,
) -> Result<Vec<(usize, Vec<Operand>)>> {
    let m = t.m;
    let mut entries: Vec<(usize, Vec<Operand>)> = Vec::new();
    for entry in m.node_operands(list) {
        let llvm::MdOperand::Metadata(node) = entry else {
            return Err(malformed(
                loc,
                format!("a !{CALL_ARGUMENT_KIND} entry that is not a node"),
            ));
        };
        let mut words: Vec<u32> = Vec::new();
        for op in m.node_operands(*node) {
            let value = m
                .md_value(op)
                .and_then(|(_, v)| t.const_int(v))
                .ok_or_else(|| {
                    malformed(
                        loc,
                        format!("a !{CALL_ARGUMENT_KIND} operand that is not a constant"),
                    )
                })?;
            words.push(value as u32);
        }
        let Some(index) = words.pop().filter(|_| words.len() >= 2) else {
            return Err(malformed(
                loc,
                format!("a !{CALL_ARGUMENT_KIND} entry without a decoration and an argument index"),
            ));
        };
        entries.push((
            index as usize,
            words.into_iter().map(Operand::Word).collect(),
        ));
    }
    Ok(entries)
}

/// A `!spirv.Decorations` operand given as an `i8` array constant (`[8 x i8] c"DEFAULT\00"`,
/// as llvm-spirv's tests spell MemoryINTEL's memory kind): its text up to the first NUL.
fn c_string_operand<'m>(t: &Translator<'m>, op: &llvm::MdOperand) -> Option<&'m [u8]> {
    let (_, value) = t.m.md_value(op)?;
    let llvm::ValueRef::Constant(c) = value else {
        return None;
    };
    match &t.m.constant(c)?.kind {
        llvm::ConstKind::String(bytes) => {
            let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
            Some(&bytes[..end])
        }
        _ => None,
    }
}

/// Whether `decoration` is an FPGA memory attribute or access decoration (SPV_INTEL_fpga_memory_attributes,
/// SPV_INTEL_fpga_memory_accesses) whose extension is not enabled: llvm-spirv drops these when it
/// reads them from annotations without the extension (its addAnnotationDecorations) and
/// translates a global carrying them in `!spirv.Decorations` under other extensions (its
/// global-variable-decorations test), so they are left out rather than refused.
fn dropped_without_its_extension(t: &Translator<'_>, decoration: u32) -> bool {
    use spirvkit_grammar::Capability;
    let Some(desc) = OperandKind::Decoration.desc().enumerant(decoration) else {
        return false;
    };
    let fpga_memory = desc.avail.capabilities.iter().any(|&c| {
        c == Capability::FPGAMemoryAttributesINTEL || c == Capability::FPGAMemoryAccessesINTEL
    });
    fpga_memory && !crate::forward::requirements::available(t, &desc.avail)
}

/// Checks that the grammar knows `decoration` and that the options allow what it needs
/// (capabilities, extensions), declaring them.
fn require_decoration(t: &mut Translator<'_>, loc: &str, decoration: u32) -> Result<()> {
    let desc = OperandKind::Decoration
        .desc()
        .enumerant(decoration)
        .ok_or_else(|| malformed(loc, format!("unknown decoration {decoration}")))?;
    let what = format!("the decoration {}", desc.name);
    crate::forward::requirements::require(t, loc, &what, &desc.avail)
}

/// The registered number of a decoration an earlier SPIRV-Headers numbered otherwise, as
/// llvm-spirv's tests of that time still spell them: InitModeINTEL 6147,
/// ImplementInRegisterMapINTEL 6148 (global_var_decorations.ll) and HostAccessINTEL 6168
/// (global_var_host_access.ll), registered since as 6190, 6191 and 6188.
///
/// The same numbers are also llvm-spirv's internal decorations of
/// SPV_INTEL_global_variable_decorations (its spirv_internal.hpp: HostAccessINTEL 6147,
/// InitModeINTEL 6148, ImplementInCSRINTEL 6149, capability GlobalVariableDecorationsINTEL
/// 6146, none of them in SPIRV-Headers), which llvm-spirv HEAD reads whenever a
/// `!spirv.Decorations` entry carries them. `internal` (that extension enabled, `internal_numbering`)
/// selects that reading for the one number both give a meaning with the same operands, 6148.
/// The extension's successors registered the same decorations (HostAccessINTEL, InitModeINTEL,
/// ImplementInRegisterMapINTEL: the CSR is the register map, one boolean literal), which
/// spirv-val knows and llvm-spirv's internal numbers it does not, so the registered ones are
/// written. An entry 6147 with a string operand, the variable's name, is HostAccessINTEL in
/// either reading (InitMode takes one integer); 6149 means ImplementInCSRINTEL only.
fn registered_number(decoration: u32, literals: &[Operand], internal: bool) -> u32 {
    let named = literals.iter().any(|o| matches!(o, Operand::String(_)));
    match decoration {
        LEGACY_HOST_ACCESS if named => spirvkit_grammar::Decoration::HostAccessINTEL.0,
        6147 => spirvkit_grammar::Decoration::InitModeINTEL.0,
        INTERNAL_INIT_MODE if internal => spirvkit_grammar::Decoration::InitModeINTEL.0,
        6148 | INTERNAL_IMPLEMENT_IN_CSR => {
            spirvkit_grammar::Decoration::ImplementInRegisterMapINTEL.0
        }
        6168 => spirvkit_grammar::Decoration::HostAccessINTEL.0,
        other => other,
    }
}

/// The decoration number a `!spirv.Decorations` entry starts with.
fn words_decoration(words: &[Operand]) -> u32 {
    match words.first() {
        Some(Operand::Word(d)) => *d,
        _ => 0,
    }
}

/// A 6147–6149 entry whose registered decoration cannot be declared: refused naming both the
/// registered successor extension and SPV_INTEL_global_variable_decorations, whose internal
/// decoration llvm-spirv reads the number as (and refuses without it).
fn refuse_without_global_variable_decorations(
    t: &Translator<'_>,
    loc: &str,
    decoration: u32,
) -> Result<()> {
    let Some(desc) = OperandKind::Decoration.desc().enumerant(decoration) else {
        return Ok(());
    };
    if crate::forward::requirements::available(t, &desc.avail) {
        return Ok(());
    }
    let successor = desc
        .avail
        .capabilities
        .first()
        .and_then(|c| OperandKind::Capability.desc().enumerant(c.0))
        .map(|c| c.avail.extensions.join(",+"))
        .filter(|names| !names.is_empty())
        .unwrap_or_else(|| GLOBAL_VARIABLE_DECORATIONS.to_owned());
    Err(crate::error::unsupported(
        loc,
        format!(
            "the decoration {} without --spirv-ext=+{successor} or \
             --spirv-ext=+{GLOBAL_VARIABLE_DECORATIONS} (the extension it needs)",
            desc.name
        ),
    ))
}

/// llvm-spirv's name for the extension whose internal decorations are 6147–6149.
const GLOBAL_VARIABLE_DECORATIONS: &str = "SPV_INTEL_global_variable_decorations";

/// llvm-spirv's internal InitModeINTEL (spirv_internal.hpp).
const INTERNAL_INIT_MODE: u32 = 6148;

/// llvm-spirv's internal ImplementInCSRINTEL (spirv_internal.hpp).
const INTERNAL_IMPLEMENT_IN_CSR: u32 = 6149;

/// Whether 6147–6149 read as llvm-spirv's internal decorations: under the extension they
/// belong to (enabling it, or `+all`, enables llvm-spirv's reading of them).
fn internal_numbering(t: &Translator<'_>) -> bool {
    t.opts.allows(GLOBAL_VARIABLE_DECORATIONS)
}

/// SPV_INTEL_global_variable_decorations' HostAccessINTEL (llvm-spirv's internal number).
const LEGACY_HOST_ACCESS: u32 = 6147;

/// The access literal of SPV_INTEL_global_variable_decorations' HostAccessINTEL (0 read,
/// 1 write, 2 read-write, 3 none: DPC++'s device-global `host_access` property, whose enum
/// the Intel FPGA runtime keeps "matching the SPIR-V spec for device global") as the
/// registered HostAccessQualifier (NoneINTEL 0, ReadINTEL 1, WriteINTEL 2, ReadWriteINTEL 3).
/// The later numbering (6168/6188 entries) is already the registered one.
fn legacy_host_access(literals: &mut [Operand]) {
    if let Some(Operand::Word(access)) = literals.first_mut() {
        if *access <= 3 {
            *access = (*access + 1) % 4;
        }
    }
}

/// A decoration given again with other operands (SPV_INTEL_cache_controls allows one per cache
/// level, SPV_INTEL_fpga_memory_attributes several MemoryINTEL kinds). spirv-val 2025.5 refuses a second OpDecorate of the same kind on one id
/// whatever its operands, but reads decorations applied through a group as the spec does, so
/// the repeat goes through an OpDecorationGroup: the same decorations on the same id.
pub(crate) fn repeated(t: &mut Translator<'_>, target: Id, decoration: u32, extra: &[Operand]) {
    let group = t.b.alloc_id();
    t.b.decorate(group, decoration, extra);
    t.b.global(Instruction::new(Op::DecorationGroup, None, Some(group), []));
    t.b.global(Instruction::new(
        Op::GroupDecorate,
        None,
        None,
        [Operand::Id(group), Operand::Id(target)],
    ));
}
