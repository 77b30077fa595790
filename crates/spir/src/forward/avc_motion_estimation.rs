//! SPV_INTEL_device_side_avc_motion_estimation (cl_intel_device_side_avc_motion_estimation).
//!
//! Types: the opaque `intel_sub_group_avc_*_t` types arrive as pointers to
//! `%opencl.intel_sub_group_avc_ime_payload_t` (typed pointers), as `ptr` whose built-in
//! parameters are mangled `ocl_intel_sub_group_avc_ime_payload_t` (opaque pointers), or as
//! `target("spirv.AvcImePayloadINTEL")` (clang ≥ 17); each is OpTypeAvc<Name>INTEL, the name
//! being the C name in CamelCase (`ime_result_single_reference_streamout` →
//! OpTypeAvcImeResultSingleReferenceStreamoutINTEL).
//!
//! Built-ins: `intel_sub_group_avc_<name>` is OpSubgroupAvc<Name>INTEL where the grammar has
//! that instruction, chosen among the overloads by operand count (the interlaced
//! `*_evaluate_with_multi_reference`, `sic_configure_ipe` with or without chroma, the single
//! and dual reference `ime_get_streamout_major_shape_*`). The `ime_`/`ref_`/`sic_` forms of the
//! MCE operations have no instruction of their own: as llvm-spirv does, their payload or result
//! operand is converted to the MCE type (OpSubgroupAvc<Ime|Ref|Sic>ConvertToMce*INTEL), the
//! MCE instruction applied and a payload converted back (OpSubgroupAvcMceConvertTo*INTEL).
//! Image operands go with the call's sampler into OpVmeImageINTEL (of OpTypeVmeImageINTEL),
//! and the sampler operand is dropped. Capabilities and the extension come from the grammar;
//! without `--spirv-ext=+SPV_INTEL_device_side_avc_motion_estimation` the built-ins and the
//! types are refused naming it (llvm-spirv stops with "RequiresExtension").

use crate::error::{malformed, unsupported, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::{Demangled, MType};
use crate::opencl_types::OpenClType;
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::{instruction_by_name, InstructionDesc, Op, OperandKind};
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_INTEL_device_side_avc_motion_estimation";

const BUILTIN_PREFIX: &str = "intel_sub_group_avc_";
/// The extension's specification spelled this one built-in without `avc_`; llvm-spirv accepts
/// both spellings.
const MISSPELLED_WINDOW_SIZE: &str = "intel_sub_group_ime_ref_window_size";

/// `ime_payload` → `ImePayload`.
fn camel(snake: &str) -> String {
    snake
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(first) => first.to_ascii_uppercase().to_string() + c.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

/// The OpTypeAvc*INTEL of a CamelCase stem (`ImePayload`), if the grammar has it.
fn type_desc(stem: &str) -> Option<&'static InstructionDesc> {
    instruction_by_name(&format!("OpTypeAvc{stem}INTEL"))
}

/// The AVC type an OpenCL C type name stands for (`intel_sub_group_avc_ime_payload_t`, also
/// with the doubled `_t_t` the mangled-name path produces).
pub(crate) fn type_from_c_name(name: &str) -> Option<OpenClType> {
    let stem = name.strip_prefix(BUILTIN_PREFIX)?.trim_end_matches("_t");
    type_desc(&camel(stem)).map(|d| OpenClType::Avc(Op(d.opcode)))
}

/// The AVC type a `target("spirv.Avc...INTEL")` or `%spirv.Avc...INTEL` name stands for
/// (without the `spirv.` prefix).
pub(crate) fn type_from_spirv_name(name: &str) -> Option<OpenClType> {
    let stem = name.strip_prefix("Avc")?.strip_suffix("INTEL")?;
    type_desc(stem).map(|d| OpenClType::Avc(Op(d.opcode)))
}

/// Declares what an AVC type instruction needs (its capability and the extension); whether the
/// extension is allowed is checked by `require_type`, where an error can be returned.
pub(crate) fn declare_type(t: &mut Translator<'_>, op: Op) -> Id {
    declare_type_with(t, op, vec![])
}

fn declare_type_with(t: &mut Translator<'_>, op: Op, operands: Vec<Operand>) -> Id {
    if let Some(desc) = op.desc() {
        if let Some(&cap) = desc.avail.capabilities.first() {
            t.b.capability(cap);
        }
    }
    if t.opts.allows(EXTENSION) {
        t.b.extension(EXTENSION);
    }
    t.b.dedup_global(op, None, operands)
}

/// Refuses an AVC type (`what` names it) unless the extension is allowed.
pub(crate) fn require_type(t: &Translator<'_>, location: &str, what: &str) -> Result<()> {
    if t.opts.allows(EXTENSION) {
        Ok(())
    } else {
        Err(unsupported(
            location,
            format!("the type {what} (needs --spirv-ext=+{EXTENSION})"),
        ))
    }
}

/// How a built-in maps: the instruction, and for the `ime_`/`ref_`/`sic_` forms of MCE
/// operations the family whose payload/result is converted to and from the MCE one.
struct Mapping {
    desc: &'static InstructionDesc,
    wrapped_family: Option<&'static str>,
}

/// Operands of an instruction besides its result type and id.
fn operand_count(desc: &InstructionDesc) -> usize {
    desc.operands
        .iter()
        .filter(|o| !matches!(o.kind, OperandKind::IdResultType | OperandKind::IdResult))
        .count()
}

/// The instruction names (snake case, without the prefix) a built-in stem may map to.
fn candidates(stem: &str) -> Vec<String> {
    // Names the C built-ins and the SPIR-V instructions spell differently.
    let stem = if let Some(family) = stem.strip_suffix("_get_best_inter_distortion") {
        format!("{family}_get_best_inter_distortions")
    } else if let Some(family) = stem.strip_suffix("_get_inter_minor_shapes") {
        format!("{family}_get_inter_minor_shape")
    } else if stem == "sic_set_skc_bilinear_filter_enable" {
        "sic_set_bilinear_filter_enable".to_string()
    } else {
        stem.to_string()
    };
    if let Some(what) = stem.strip_prefix("ime_get_streamout_major_shape_") {
        return ["single", "dual"]
            .iter()
            .map(|r| format!("ime_get_streamout_{r}_reference_major_shape_{what}"))
            .collect();
    }
    if stem == "sic_configure_ipe" {
        return vec![format!("{stem}_luma"), format!("{stem}_luma_chroma")];
    }
    if stem.ends_with("_evaluate_with_multi_reference") {
        return vec![stem.clone(), format!("{stem}_interlaced")];
    }
    vec![stem]
}

/// The instruction among `candidates(stem)` taking `operands` operands.
fn instruction(stem: &str, operands: usize) -> Option<&'static InstructionDesc> {
    candidates(stem)
        .iter()
        .filter_map(|c| instruction_by_name(&format!("OpSubgroupAvc{}INTEL", camel(c))))
        .find(|d| operand_count(d) == operands)
}

fn is_sampler(p: &MType) -> bool {
    matches!(p, MType::Named(n) if n == "ocl_sampler")
}

fn is_image(p: &MType) -> bool {
    matches!(p, MType::Named(n) if n.starts_with("ocl_image"))
}

/// The mapping of a demangled built-in, if it is one of the extension's.
fn mapping(d: &Demangled) -> Option<Mapping> {
    let stem = match d.name.strip_prefix(BUILTIN_PREFIX) {
        Some(stem) => stem,
        None if d.name == MISSPELLED_WINDOW_SIZE => "ime_ref_window_size",
        None => return None,
    };
    // The sampler is not an operand: it goes into the VME images.
    let operands = d.params.iter().filter(|p| !is_sampler(p)).count();
    if let Some(desc) = instruction(stem, operands) {
        return Some(Mapping {
            desc,
            wrapped_family: None,
        });
    }
    let (family, rest) = stem.split_once('_')?;
    let family = match family {
        "ime" => "Ime",
        "ref" => "Ref",
        "sic" => "Sic",
        _ => return None,
    };
    instruction(&format!("mce_{rest}"), operands).map(|desc| Mapping {
        desc,
        wrapped_family: Some(family),
    })
}

/// Whether `d` is a built-in of the extension.
pub(crate) fn is_builtin(d: &Demangled) -> bool {
    mapping(d).is_some()
}

/// The CamelCase stem of the AVC type an instruction returns (`ImePayload`), from its name:
/// conversions return their target, initializers, setters and configurations their family's
/// payload (the FME/BME initializers a REF payload), evaluations their family's result (the
/// stream-out forms the IME stream-out result), stream-in getters and stream-out strips
/// what they name. Other instructions return plain integers.
fn result_stem(desc: &InstructionDesc) -> Option<String> {
    let body = desc
        .opname
        .strip_prefix("OpSubgroupAvc")?
        .strip_suffix("INTEL")?;
    let (family, rest) = body.split_at(body.len().min(3));
    let stem = if let Some(target) = rest.strip_prefix("ConvertTo") {
        target.to_string()
    } else if matches!(family, "Fme" | "Bme") {
        "RefPayload".to_string()
    } else if rest.starts_with("Set")
        || rest.starts_with("Initialize")
        || rest.starts_with("Configure")
    {
        format!("{family}Payload")
    } else if let Some(how) = rest.strip_prefix("EvaluateWith") {
        if how.ends_with("Streamout") || how.ends_with("Streaminout") {
            let refs = if how.starts_with("Dual") {
                "Dual"
            } else {
                "Single"
            };
            format!("{family}Result{refs}ReferenceStreamout")
        } else {
            format!("{family}Result")
        }
    } else if rest.starts_with("Get") && rest.ends_with("Streamin") {
        format!("{family}{}", &rest[3..])
    } else if rest.starts_with("Strip") {
        format!("{family}Result")
    } else {
        return None;
    };
    type_desc(&stem).map(|_| stem)
}

/// The AVC type the built-in `d` returns, declared (opaque-pointer results are voted this
/// handle type by pointee.rs). For the wrapped MCE forms, the family's payload.
pub(crate) fn result_handle(t: &mut Translator<'_>, d: &Demangled) -> Option<Id> {
    let m = mapping(d)?;
    let stem = result_stem(m.desc)?;
    let stem = match (m.wrapped_family, stem.strip_prefix("Mce")) {
        (Some(family), Some(kind)) => format!("{family}{kind}"),
        _ => stem,
    };
    let desc = type_desc(&stem)?;
    Some(t.opencl_handle_type(
        OpenClType::Avc(Op(desc.opcode)),
        crate::forward::types::NO_ACCESS,
    ))
}

/// The declared AVC type `OpTypeAvc{stem}INTEL`.
fn avc_type(t: &mut Translator<'_>, stem: &str, loc: &str) -> Result<Id> {
    let desc = type_desc(stem).ok_or_else(|| malformed(loc, format!("no OpTypeAvc{stem}INTEL")))?;
    Ok(t.opencl_handle_type(
        OpenClType::Avc(Op(desc.opcode)),
        crate::forward::types::NO_ACCESS,
    ))
}

/// Lowers a call to one of the extension's built-ins; the final instruction's result is `out`.
pub(crate) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    d: &Demangled,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let m =
        mapping(d).ok_or_else(|| malformed(loc, format!("{} is not an AVC built-in", d.name)))?;
    if args.len() != d.params.len() {
        return Err(malformed(
            loc,
            format!(
                "{} called with {} arguments (its name says {})",
                d.name,
                args.len(),
                d.params.len()
            ),
        ));
    }
    // Checked here, not only by the grammar: the capability may be declared already (by an
    // AVC type), which `require` takes as the requirement met.
    if !t.opts.allows(EXTENSION) {
        return Err(unsupported(
            loc,
            format!("the built-in {} (needs --spirv-ext=+{EXTENSION})", d.name),
        ));
    }
    crate::forward::requirements::require(t, loc, &d.name, &m.desc.avail)?;
    // The grammar lists the base capability with the intra (SIC) or chroma one: the
    // extension's specification requires both, as llvm-spirv declares them.
    for &cap in m.desc.avail.capabilities {
        t.b.capability(cap);
    }
    t.b.extension(EXTENSION);
    let mut operands = vme_operands(t, ctx, d, args)?;
    if let Some(family) = m.wrapped_family {
        // The family's payload or result (the last operand) becomes the MCE one.
        let takes_result =
            matches!(d.params.last(), Some(MType::Named(n)) if n.contains("_result"));
        let kind = if takes_result { "Result" } else { "Payload" };
        let convert = instruction_by_name(&format!("OpSubgroupAvc{family}ConvertToMce{kind}INTEL"))
            .ok_or_else(|| malformed(loc, format!("no {family} to MCE conversion")))?;
        let Some(last) = operands.pop() else {
            return Err(malformed(loc, format!("{} without operands", d.name)));
        };
        let mce_ty = avc_type(t, &format!("Mce{kind}"), loc)?;
        let mce = t.emit(Op(convert.opcode), mce_ty, vec![last]);
        operands.push(Operand::Id(mce));
        if kind == "Payload" {
            let mce_out = t.emit(Op(m.desc.opcode), mce_ty, operands);
            let back =
                instruction_by_name(&format!("OpSubgroupAvcMceConvertTo{family}PayloadINTEL"))
                    .ok_or_else(|| malformed(loc, format!("no MCE to {family} conversion")))?;
            let ty = avc_type(t, &format!("{family}Payload"), loc)?;
            t.emit_to(out, Op(back.opcode), ty, vec![Operand::Id(mce_out)]);
            return Ok(());
        }
    }
    let ty = match result_stem(m.desc) {
        Some(stem) => avc_type(t, &stem, loc)?,
        None => t.ty(result_ty, loc)?,
    };
    t.emit_to(out, Op(m.desc.opcode), ty, operands);
    Ok(())
}

/// OpTypeVmeImageINTEL of an image type, with what it needs declared.
pub(crate) fn vme_image_type(t: &mut Translator<'_>, image_ty: Id) -> Id {
    let id = declare_type_with(t, Op::TypeVmeImageINTEL, vec![Operand::Id(image_ty)]);
    t.handle_type_ids.insert(id);
    id
}

/// The call's operands, its images paired with its sampler into VME images (the sampler
/// itself is no operand).
fn vme_operands(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    d: &Demangled,
    args: &[ValueRef],
) -> Result<Vec<Operand>> {
    let loc = ctx.location.as_str();
    let sampler = match d
        .params
        .iter()
        .position(is_sampler)
        .and_then(|i| args.get(i))
    {
        Some(&s) => Some(t.value(ctx, s)?),
        None => None,
    };
    let mut operands = Vec::with_capacity(args.len());
    for (p, &a) in d.params.iter().zip(args) {
        if is_sampler(p) {
            continue;
        }
        let value = t.value(ctx, a)?;
        if !is_image(p) {
            operands.push(Operand::Id(value));
            continue;
        }
        let Some(sampler) = sampler else {
            return Err(malformed(
                loc,
                format!("{}: an image operand without a sampler", d.name),
            ));
        };
        let image_ty = t.value_type_id(ctx, a)?;
        let vme_ty = vme_image_type(t, image_ty);
        let vme = t.emit(
            Op::VmeImageINTEL,
            vme_ty,
            vec![Operand::Id(value), Operand::Id(sampler)],
        );
        operands.push(Operand::Id(vme));
    }
    Ok(operands)
}
