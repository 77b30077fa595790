//! SPV_INTEL_vector_compute's string attributes on functions, their parameters and kernels,
//! as llvm-spirv translates them (`transVectorComputeMetadata`) when the extension is
//! allowed (without it they are dropped, as llvm-spirv drops them):
//! - function: `"VCFunction"` → VectorComputeFunctionINTEL, `"VCStackCall"` →
//!   StackCallINTEL, `"VCCallable"` → VectorComputeCallableFunctionINTEL, `"VCSIMTCall"="N"`
//!   → SIMTCallINTEL N, a return attribute `"VCSingleElementVector"[="N"]` →
//!   SingleElementVectorINTEL;
//! - parameter: `"VCArgumentIOKind"="N"` → FuncParamIOKindINTEL N,
//!   `"VCSingleElementVector"[="N"]` → SingleElementVectorINTEL, `"VCMediaBlockIO"` →
//!   MediaBlockIOINTEL;
//! - kernel: `"VCSLMSize"="N"` → SharedLocalMemorySizeINTEL N, `"VCNamedBarrierCount"="N"` →
//!   NamedBarrierCountINTEL N, and `"VCFloatControl"="bits"` → for each of the 64-, 32- and
//!   16-bit float types a denormal mode (DenormPreserve when the type's bit is set: 0x40
//!   double, 0x80 float, 0x400 half; else DenormFlushToZero), a rounding mode (bits 4-5:
//!   RTE, RTP, RTN, RTZ → RoundingModeRTE / RoundingModeRTPINTEL / RoundingModeRTNINTEL /
//!   RoundingModeRTZ) and a float mode (bit 0: FloatingPointModeALTINTEL, else
//!   FloatingPointModeIEEEINTEL), each with what the grammar says it needs
//!   (SPV_KHR_float_controls, SPV_INTEL_float_controls2: refused naming them otherwise).
//!
//! SingleElementVectorINTEL is written as the SPIR-V grammar defines it, without operands:
//! llvm-spirv adds the attribute's indirection level (0 when it has no value) as a literal
//! the grammar does not have, which spirv-val rejects; that level is not kept.
//!
//! - global variable (its attribute group): `"VCGlobalVariable"` → VectorComputeVariableINTEL,
//!   `"VCVolatile"` → Volatile, `"VCByteOffset"="N"` → GlobalVariableOffsetINTEL N,
//!   `"VCSingleElementVector"` → SingleElementVectorINTEL (from `.ll` text and from bitcode,
//!   whose GLOBALVAR record names the attribute list).
//!
//! The `%intel.buffer_*_t` types (OpTypeBufferSurfaceINTEL) are lowered with the other
//! OpenCL handle types (`types.rs`).

use crate::error::{malformed, Result};
use crate::forward::translator::Translator;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{Decoration, ExecutionMode, Op, OperandKind};
use spirvkit_llvm as llvm;

pub(crate) const EXTENSION: &str = "SPV_INTEL_vector_compute";

/// The value of the string attribute `key` among `attrs`: `Some(None)` for `"key"` alone.
fn string_attribute<'a>(attrs: &'a [llvm::Attribute], key: &str) -> Option<Option<&'a str>> {
    attrs.iter().find_map(|a| match a {
        llvm::Attribute::Str(k, v) if k == key => Some(v.as_deref()),
        _ => None,
    })
}

/// Whether the module is a vector-compute one: a function with `"VCFunction"` or a global
/// variable with `"VCGlobalVariable"` (llvm-spirv's test for preferring SPV_INTEL_vector_compute
/// over SPV_EXT_long_vector).
pub(crate) fn is_vector_compute_module(m: &llvm::Module) -> bool {
    m.functions
        .iter()
        .any(|f| string_attribute(&f.attrs.function, "VCFunction").is_some())
        || m.globals
            .iter()
            .any(|g| string_attribute(&g.attrs, "VCGlobalVariable").is_some())
}

/// An attribute's value as a literal (`"VCSIMTCall"="5"`); `default` when it has none.
fn literal(loc: &str, key: &str, value: Option<&str>, default: Option<u32>) -> Result<u32> {
    match value {
        Some(v) => v.trim().parse().map_err(|_| {
            malformed(
                loc,
                format!("the attribute \"{key}\"=\"{v}\" (not an unsigned integer)"),
            )
        }),
        None => default
            .ok_or_else(|| malformed(loc, format!("the attribute \"{key}\" without a value"))),
    }
}

fn decorate(
    t: &mut Translator<'_>,
    loc: &str,
    target: Id,
    decoration: Decoration,
    literals: &[u32],
) -> Result<()> {
    let desc = OperandKind::Decoration
        .desc()
        .enumerant(decoration.0)
        .ok_or_else(|| {
            malformed(
                loc,
                format!("no decoration {} in the grammar", decoration.0),
            )
        })?;
    let what = format!("the decoration {}", desc.name);
    crate::forward::requirements::require(t, loc, &what, &desc.avail)?;
    let operands: Vec<Operand> = literals.iter().map(|&w| Operand::Word(w)).collect();
    t.b.decorate(target, decoration.0, &operands);
    Ok(())
}

/// The function attributes of `func` (its OpFunction `id`) and its return attribute.
pub(crate) fn decorate_function(
    t: &mut Translator<'_>,
    func: &llvm::Function,
    id: Id,
    loc: &str,
) -> Result<()> {
    if !t.opts.allows(EXTENSION) {
        return Ok(());
    }
    let attrs = &func.attrs.function;
    for (key, decoration) in [
        ("VCFunction", Decoration::VectorComputeFunctionINTEL),
        ("VCStackCall", Decoration::StackCallINTEL),
        ("VCCallable", Decoration::VectorComputeCallableFunctionINTEL),
    ] {
        if string_attribute(attrs, key).is_some() {
            decorate(t, loc, id, decoration, &[])?;
        }
    }
    if let Some(value) = string_attribute(attrs, "VCSIMTCall") {
        let mode = literal(loc, "VCSIMTCall", value, None)?;
        decorate(t, loc, id, Decoration::SIMTCallINTEL, &[mode])?;
    }
    if let Some(value) = string_attribute(&func.attrs.ret, "VCSingleElementVector") {
        literal(loc, "VCSingleElementVector", value, Some(0))?;
        decorate(t, loc, id, Decoration::SingleElementVectorINTEL, &[])?;
    }
    Ok(())
}

/// The attributes of parameter `index` of `func` (its OpFunctionParameter `id`).
pub(crate) fn decorate_parameter(
    t: &mut Translator<'_>,
    func: &llvm::Function,
    index: usize,
    id: Id,
    loc: &str,
) -> Result<()> {
    if !t.opts.allows(EXTENSION) {
        return Ok(());
    }
    let attrs = func.attrs.param(index);
    if let Some(value) = string_attribute(attrs, "VCArgumentIOKind") {
        let kind = literal(loc, "VCArgumentIOKind", value, None)?;
        decorate(t, loc, id, Decoration::FuncParamIOKindINTEL, &[kind])?;
    }
    if let Some(value) = string_attribute(attrs, "VCSingleElementVector") {
        literal(loc, "VCSingleElementVector", value, Some(0))?;
        decorate(t, loc, id, Decoration::SingleElementVectorINTEL, &[])?;
    }
    if string_attribute(attrs, "VCMediaBlockIO").is_some() {
        decorate(t, loc, id, Decoration::MediaBlockIOINTEL, &[])?;
    }
    Ok(())
}

/// `"VCFloatControl"` bits: the rounding mode (bits 4-5), the float mode (bit 0) and, per
/// float width, the bit that keeps its denormals.
const ROUNDING_SHIFT: u32 = 4;
const FLOAT_MODE_ALT: u32 = 1;
const DENORM_PRESERVE: [(u32, u32); 3] = [(64, 0x40), (32, 0x80), (16, 0x400)];

/// The execution modes a kernel's attributes give it (entry point `id`); each one emitted
/// joins `emitted`.
pub(crate) fn execution_modes(
    t: &mut Translator<'_>,
    func: &llvm::Function,
    id: Id,
    emitted: &mut Vec<u32>,
    loc: &str,
) -> Result<()> {
    if !t.opts.allows(EXTENSION) {
        return Ok(());
    }
    let attrs = &func.attrs.function;
    let mut modes: Vec<(ExecutionMode, u32)> = Vec::new();
    if let Some(value) = string_attribute(attrs, "VCSLMSize") {
        modes.push((
            ExecutionMode::SharedLocalMemorySizeINTEL,
            literal(loc, "VCSLMSize", value, None)?,
        ));
    }
    if let Some(value) = string_attribute(attrs, "VCNamedBarrierCount") {
        modes.push((
            ExecutionMode::NamedBarrierCountINTEL,
            literal(loc, "VCNamedBarrierCount", value, None)?,
        ));
    }
    if let Some(value) = string_attribute(attrs, "VCFloatControl") {
        let bits = literal(loc, "VCFloatControl", value, None)?;
        let rounding = match (bits >> ROUNDING_SHIFT) & 3 {
            0 => ExecutionMode::RoundingModeRTE,
            1 => ExecutionMode::RoundingModeRTPINTEL,
            2 => ExecutionMode::RoundingModeRTNINTEL,
            _ => ExecutionMode::RoundingModeRTZ,
        };
        let float_mode = if bits & FLOAT_MODE_ALT != 0 {
            ExecutionMode::FloatingPointModeALTINTEL
        } else {
            ExecutionMode::FloatingPointModeIEEEINTEL
        };
        for (width, preserve_bit) in DENORM_PRESERVE {
            let denorm = if bits & preserve_bit != 0 {
                ExecutionMode::DenormPreserve
            } else {
                ExecutionMode::DenormFlushToZero
            };
            modes.extend([(denorm, width), (rounding, width), (float_mode, width)]);
        }
    }
    for (mode, literal) in modes {
        let desc = OperandKind::ExecutionMode
            .desc()
            .enumerant(mode.0)
            .ok_or_else(|| {
                malformed(loc, format!("no execution mode {} in the grammar", mode.0))
            })?;
        let what = format!("the execution mode {}", desc.name);
        crate::forward::requirements::require(t, loc, &what, &desc.avail)?;
        t.b.global(Instruction::new(
            Op::ExecutionMode,
            None,
            None,
            vec![
                Operand::Id(id),
                Operand::Word(mode.0),
                Operand::Word(literal),
            ],
        ));
        emitted.push(mode.0);
    }
    Ok(())
}

/// The attributes of global variable `global` (its OpVariable `id`).
pub(crate) fn decorate_global(
    t: &mut Translator<'_>,
    global: &llvm::GlobalVar,
    id: Id,
    loc: &str,
) -> Result<()> {
    if !t.opts.allows(EXTENSION) || global.attrs.is_empty() {
        return Ok(());
    }
    let attrs = &global.attrs;
    if string_attribute(attrs, "VCGlobalVariable").is_some() {
        decorate(t, loc, id, Decoration::VectorComputeVariableINTEL, &[])?;
    }
    if string_attribute(attrs, "VCVolatile").is_some() {
        decorate(t, loc, id, Decoration::Volatile, &[])?;
    }
    if let Some(value) = string_attribute(attrs, "VCByteOffset") {
        let offset = literal(loc, "VCByteOffset", value, None)?;
        decorate(t, loc, id, Decoration::GlobalVariableOffsetINTEL, &[offset])?;
    }
    if let Some(value) = string_attribute(attrs, "VCSingleElementVector") {
        literal(loc, "VCSingleElementVector", value, Some(0))?;
        decorate(t, loc, id, Decoration::SingleElementVectorINTEL, &[])?;
    }
    Ok(())
}
