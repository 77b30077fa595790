//! `spirvkit translate -r`: SPIR-V → SPIR 1.2 LLVM bitcode (or `.ll` with `--text` or an
//! `-o` ending in `.ll`), as `llvm-spirv -r`. The input is validated first: invalid SPIR-V
//! gets the validator's diagnostics.

use anyhow::bail;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

use super::translate::TranslateArgs;
use spirvkit_spir::reverse::{ReverseOptions, TargetEnv};

/// `--spec-const "ID:TYPE:VALUE ..."` (llvm-spirv's syntax; TYPE is i1/i8/i16/i32/i64/f16/f32/f64).
fn parse_spec_consts(list: &str, opts: &mut ReverseOptions) -> anyhow::Result<()> {
    for item in list.split_whitespace() {
        let mut parts = item.splitn(3, ':');
        let (Some(id), Some(ty), Some(value)) = (parts.next(), parts.next(), parts.next()) else {
            bail!("--spec-const: '{item}' is not ID:TYPE:VALUE");
        };
        let id: u32 = id
            .parse()
            .map_err(|_| anyhow::anyhow!("--spec-const: bad id in '{item}'"))?;
        let bits = match ty {
            "i1" => match value {
                "true" | "1" => 1,
                "false" | "0" => 0,
                _ => bail!("--spec-const: bad i1 value in '{item}'"),
            },
            "i8" | "i16" | "i32" | "i64" => value
                .parse::<i64>()
                .map(|v| v as u64)
                .or_else(|_| value.parse::<u64>())
                .map_err(|_| anyhow::anyhow!("--spec-const: bad integer in '{item}'"))?,
            "f16" | "f32" => {
                let v: f32 = value
                    .parse()
                    .map_err(|_| anyhow::anyhow!("--spec-const: bad float in '{item}'"))?;
                if ty == "f32" {
                    v.to_bits() as u64
                } else {
                    // Rounded to nearest even as llvm-spirv does; too large is infinite.
                    use spirvkit_core::float::{f32_to_narrow, Rounding};
                    f32_to_narrow(v, 5, 10, Rounding::NearestEven).unwrap_or(if v < 0.0 {
                        0xfc00
                    } else {
                        0x7c00
                    })
                }
            }
            "f64" => value
                .parse::<f64>()
                .map_err(|_| anyhow::anyhow!("--spec-const: bad float in '{item}'"))?
                .to_bits(),
            other => bail!("--spec-const: unknown type {other} in '{item}'"),
        };
        opts.spec_constants.insert(id, bits);
    }
    Ok(())
}

/// The names of the module's OpCapability operands.
/// The names of the capabilities the module declares, read from its words (the validator and
/// not the decoder has seen the module when this is asked: decoding it first kept both the
/// decoded module and the validator's tables in memory at once, +18 MB peak on
/// `bench --only reverse`).
fn declared_capabilities(words: &[u32]) -> Vec<String> {
    let mut names = Vec::new();
    let mut i = 5;
    while let Some(&first) = words.get(i) {
        let count = (first >> 16) as usize;
        if count == 0 {
            break;
        }
        if spirvkit_core::grammar::Op((first & 0xffff) as u16)
            == spirvkit_core::grammar::Op::Capability
        {
            let name = words.get(i + 1).and_then(|&c| {
                spirvkit_core::grammar::OperandKind::Capability
                    .desc()
                    .enumerant(c)
            });
            names.extend(name.map(|e| e.name.to_owned()));
        }
        i += count;
    }
    names
}

/// Diagnostics of rules SPIRV-Tools 2025.5 (which the validator follows) applies without the
/// extension that lifts them, for modules that declare that extension's capability — what
/// llvm-spirv writes and `llvm-spirv -r` reads: SPV_INTEL_vector_compute's VectorAnyINTEL
/// (vectors of any length), SPV_INTEL_int4's Int4TypeINTEL (`OpTypeInt 4`), and the Lod image
/// operand of OpImageWrite (OpenCL's `write_image*` with a mip level,
/// cl_khr_mipmap_image_writes: llvm-spirv writes it so, with or without ImageMipmap). Also a
/// capability declared without the extension that gives it (llvm-spirv declares SPV_INTEL_float4's
/// Float4E2M1CooperativeMatrixINTEL under SPV_EXT_ocp_microscaling_types alone): the reverse
/// reads the types and instructions, not the extension list.
fn allowed_by_a_declared_extension(d: &spirvkit_val::Diagnostic, capabilities: &[String]) -> bool {
    let has = |c: &str| capabilities.iter().any(|x| x == c);
    let instruction = d.instruction.as_deref().unwrap_or("");
    (d.rule == "type.vector" && d.message.contains("number of components") && has("VectorAnyINTEL"))
        || (d.rule == "type.int_width" && d.message.contains("(4)") && has("Int4TypeINTEL"))
        || (d.rule == "version.operand"
            && instruction.starts_with("OpCapability ")
            && d.message.contains("requires one of these extensions"))
        || (d.rule == "image.operands"
            && d.message.contains("Lod")
            && instruction.contains("OpImageWrite "))
}

fn reverse_one(
    input: &Path,
    output: &Path,
    opts: &ReverseOptions,
    text: bool,
    force_opaque: bool,
) -> anyhow::Result<()> {
    let words = crate::input::read_spirv_words_or_llvm_text(input)?;
    if let Err(diagnostics) =
        spirvkit_val::validate(&words, &spirvkit_val::ValidatorOptions::default())
    {
        let capabilities = declared_capabilities(&words);
        // Debug information the validator finds malformed (llvm-spirv's own `-g` output has
        // some: a DebugTypeFunction returning OpTypeVoid, a DebugTypedef of a pointer) is
        // still read, as `llvm-spirv -r` reads it: what has no LLVM form is dropped there.
        // Two more that llvm-spirv -r reads and that change nothing here: an extended
        // instruction naming an id defined later (llvm-spirv-15's debug info does), and the
        // SPIR-V ≤ 1.4 rule that a group operation's Id operand be a constant (llc-22 breaks
        // it; the operand is translated as the value it is).
        let tolerated = |d: &spirvkit_val::Diagnostic| {
            d.rule == "ext_inst.debug_info"
                || (d.rule == "id.forward"
                    && d.instruction
                        .as_deref()
                        .is_some_and(|i| i.contains("OpExtInst ")))
                || (d.rule == "group.operand"
                    && d.message.contains("must be a constant instruction"))
                || allowed_by_a_declared_extension(d, &capabilities)
        };
        let list: Vec<String> = diagnostics
            .iter()
            .filter(|d| !tolerated(d))
            .map(|d| d.to_string())
            .collect();
        if !list.is_empty() {
            bail!("{}: invalid SPIR-V:\n{}", input.display(), list.join("\n"));
        }
    }
    let spv = spirvkit_core::Module::from_words(&words)
        .map_err(|e| anyhow::anyhow!("{}: {e}", input.display()))?;
    drop(words); // the decoded module has everything: keep one form in memory
    let module = spirvkit_spir::reverse::reverse(spv, opts)
        .map_err(|e| anyhow::anyhow!("{}: {e}", input.display()))?;
    let name = input.display().to_string();
    // SPV-IR is LLVM's opaque-pointer form; SPIR 1.2 (CL1.2, CL2.0) has typed pointers.
    let opaque = force_opaque || opts.target == TargetEnv::SpvIr;
    if text || output.extension().is_some_and(|e| e == "ll") {
        let style = if opaque {
            spirvkit_llvm::WriteOptions::opaque()
        } else {
            spirvkit_llvm::WriteOptions::typed()
        };
        let ll = module.to_ll(&style);
        crate::input::write_output(output, |w| w.write_all(ll.as_bytes()))
    } else {
        let write = if opaque {
            spirvkit_llvm::write_bitcode_opaque
        } else {
            spirvkit_llvm::write_bitcode
        };
        let bytes = write(&module, &name).map_err(|e| anyhow::anyhow!("{e}"))?;
        crate::input::write_output(output, |w| w.write_all(&bytes))
    }
}

/// The options `--spirv-target-env` selects.
fn options_for(target_env: Option<&str>) -> anyhow::Result<ReverseOptions> {
    let mut opts = ReverseOptions::default();
    match target_env {
        None | Some("CL1.2") => {}
        Some("CL2.0") => opts.target = TargetEnv::Cl20,
        Some("SPV-IR") => opts.target = TargetEnv::SpvIr,
        Some(other) => bail!("--spirv-target-env must be CL1.2, CL2.0 or SPV-IR, not {other}"),
    }
    Ok(opts)
}

/// What the llvm-spirv personality's `-r` takes besides its input and output.
#[derive(Default)]
pub struct ReverseRequest<'a> {
    /// `--spirv-target-env`.
    pub target_env: Option<&'a str>,
    /// `-spec-const "ID:TYPE:VALUE ..."`.
    pub spec_const: Option<&'a str>,
    /// `-emit-opaque-pointers`: LLVM's opaque pointers whatever the target environment.
    pub emit_opaque_pointers: bool,
    /// `--spirv-preserve-auxdata`: restore the NonSemantic.AuxData records.
    pub preserve_aux_data: bool,
    /// `--spirv-builtin-format=global`.
    pub builtin_globals: bool,
    /// `--spirv-consume-linkage-user-semantic`.
    pub consume_linkage_user_semantic: bool,
    /// `-spirv-gen-image-type-acc-postfix`.
    pub image_access_postfix: bool,
}

/// `llvm-spirv -r IN -o OUT [--spirv-target-env=ENV] [-spec-const ...]` under the multi-call
/// name: one input, bitcode unless OUT ends in `.ll`.
pub fn reverse_file(input: &str, output: &str, request: &ReverseRequest<'_>) -> anyhow::Result<()> {
    let mut opts = options_for(request.target_env)?;
    opts.preserve_aux_data = request.preserve_aux_data;
    opts.builtin_globals = request.builtin_globals;
    opts.linkage_user_semantic = request.consume_linkage_user_semantic;
    opts.cl20_by_source = request.target_env.is_none();
    opts.image_access_postfix = request.image_access_postfix;
    if let Some(list) = request.spec_const {
        parse_spec_consts(list, &mut opts)?;
    }
    reverse_one(
        Path::new(input),
        Path::new(output),
        &opts,
        false,
        request.emit_opaque_pointers,
    )
}

pub fn run(args: &TranslateArgs) -> anyhow::Result<()> {
    let mut opts = options_for(args.target_env.as_deref())?;
    opts.preserve_aux_data = args.preserve_auxdata;
    opts.builtin_globals = args.builtin_format == Some(super::translate::BuiltinFormat::Global);
    opts.linkage_user_semantic = args.consume_linkage_user_semantic;
    opts.image_access_postfix = args.gen_image_type_acc_postfix;
    if let Some(list) = &args.spec_const {
        parse_spec_consts(list, &mut opts)?;
    }
    if args.output.is_some() && args.inputs.len() > 1 {
        bail!("-o takes a single input; with several inputs each output goes next to its input");
    }
    let errors: Vec<String> = args
        .inputs
        .par_iter()
        .filter_map(|input| {
            let default: PathBuf = input.with_extension(if args.text { "ll" } else { "bc" });
            let output = args.output.clone().unwrap_or(default);
            reverse_one(input, &output, &opts, args.text, false)
                .err()
                .map(|e| format!("{e:#}"))
        })
        .collect();
    if errors.is_empty() {
        return Ok(());
    }
    for e in &errors[..errors.len() - 1] {
        eprintln!("spirvkit: {e}");
    }
    bail!("{}", errors[errors.len() - 1])
}
