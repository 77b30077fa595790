//! The optimizer against spirv-opt 2025.5 on the corpus (glslang binaries and every spvasm file
//! assembled by spirv-as):
//! (a) byte-identical output: `--strip-debug` on every module, `--freeze-spec-const` and
//!     `--set-spec-const-default-value` (values derived from each module's own SpecIds:
//!     default + 1, flipped booleans) on every module with SpecId (both tools with
//!     `--skip-validation`, so invalid modules are compared too);
//! (b) `-O` and `-Os` on every module spirv-val accepts: the output must be accepted by
//!     spirv-val and by spirvkit val, with no crash; words before/after are summed beside
//!     spirv-opt's own `-O`/`-Os`.
//! CI runs every 8th module; `--full` runs all.

use super::{files, reference_assemble, reference_validate, Context, SectionReport};
use rayon::prelude::*;
use spirvkit_core::grammar::{Decoration, Op};
use spirvkit_core::{Module, Operand};
use spirvkit_opt::{Optimizer, Passes, TargetEnv};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One corpus module written to a file the reference tools can read.
struct Input {
    label: String,
    path: PathBuf,
    bytes: Vec<u8>,
    /// Made by llvm-spirv-15 from clang -O0 bitcode (allocas and all): sizes reported apart.
    from_llvm_spirv: bool,
}

fn scratch() -> PathBuf {
    crate::workspace_root().join("target/opt-conformance")
}

/// Runs spirv-opt with `args` on `input`; the output bytes, or None when it failed/crashed.
fn spirv_opt(tools: &Path, input: &Path, args: &[&str], tag: &str) -> Option<Vec<u8>> {
    // Never beside the input: corpus folders are read-only material.
    let out = scratch().join(format!("{tag}.ref.spv"));
    let status = std::process::Command::new(tools.join("spirv-opt"))
        .args(args)
        .arg(input)
        .arg("-o")
        .arg(&out)
        .output()
        .ok()?;
    let bytes = status
        .status
        .success()
        .then(|| std::fs::read(&out).ok())
        .flatten();
    let _ = std::fs::remove_file(&out);
    bytes
}

/// Runs spirvkit's optimizer in-process; Err on a panic (a crash) or an error.
fn spirvkit_opt(
    words: &[u32],
    passes: &[Passes],
    skip_validation: bool,
) -> Result<Vec<u32>, String> {
    let run = || {
        let mut o = Optimizer::new(TargetEnv::Spv(6));
        o.skip_validation = skip_validation;
        for p in passes {
            o.register_pass(p.clone());
        }
        o.run(words).map_err(|e| e.to_string())
    };
    std::panic::catch_unwind(run).unwrap_or_else(|_| Err("PANIC".to_string()))
}

/// `ID:VALUE` pairs for every SpecId of the module: default + 1, booleans flipped.
pub fn derived_spec_values(module: &Module) -> String {
    let defs = module.def_index();
    let mut pairs = Vec::new();
    for inst in &module.globals {
        let [Operand::Id(target), Operand::Word(d), Operand::Word(spec_id)] =
            inst.operands.as_slice()
        else {
            continue;
        };
        if inst.opcode != Op::Decorate || *d != Decoration::SpecId.0 {
            continue;
        }
        let Some(c) = module.def(&defs, *target) else {
            continue;
        };
        let ty = c.result_type.and_then(|t| module.def(&defs, t));
        let value = match (c.opcode, ty) {
            (Op::SpecConstantTrue, _) => "false".to_string(),
            (Op::SpecConstantFalse, _) => "true".to_string(),
            (Op::SpecConstant, Some(t)) => {
                let words: Vec<u32> = c.operands.iter().filter_map(Operand::word).collect();
                let bits = u64::from(words.first().copied().unwrap_or(0))
                    | (u64::from(words.get(1).copied().unwrap_or(0)) << 32);
                let width = t
                    .operands
                    .first()
                    .and_then(Operand::word)
                    .unwrap_or(32)
                    .clamp(1, 64);
                let signed = t.operands.get(1).and_then(Operand::word) == Some(1);
                match (t.opcode, width) {
                    (Op::TypeInt, 64) if signed => (bits as i64).wrapping_add(1).to_string(),
                    (Op::TypeInt, 64) => bits.wrapping_add(1).to_string(),
                    (Op::TypeInt, w) if signed => {
                        let shift = 64 - w.min(32);
                        let v = ((bits << shift) as i64) >> shift;
                        let max = (1i64 << (w.min(32) - 1)) - 1;
                        (if v < max { v + 1 } else { v - 1 }).to_string()
                    }
                    (Op::TypeInt, w) => {
                        let max = (1u64 << w.min(32)) - 1;
                        let v = bits & max;
                        (if v < max { v + 1 } else { v - 1 }).to_string()
                    }
                    (Op::TypeFloat, 32) => (f32::from_bits(bits as u32) + 1.0).to_string(),
                    (Op::TypeFloat, 64) => (f64::from_bits(bits) + 1.0).to_string(),
                    (Op::TypeFloat, _) => "1.5".to_string(),
                    _ => continue,
                }
            }
            _ => continue,
        };
        pairs.push(format!("{spec_id}:{value}"));
    }
    pairs.join(" ")
}

fn has_spec_id(module: &Module) -> bool {
    module.globals.iter().any(|i| {
        i.opcode == Op::Decorate && i.operands.get(1) == Some(&Operand::Word(Decoration::SpecId.0))
    })
}

fn load_inputs(ctx: &Context) -> anyhow::Result<Vec<Input>> {
    let dir = scratch();
    std::fs::create_dir_all(&dir)?;
    let sample = |i: usize| ctx.full || i.is_multiple_of(8);
    let binaries: Vec<PathBuf> = files(&ctx.corpus.join("spv"), &["spv"])
        .into_iter()
        .enumerate()
        .filter(|(i, _)| sample(*i))
        .map(|(_, p)| p)
        .collect();
    let sources: Vec<PathBuf> = files(
        &ctx.corpus.join("spvasm"),
        &["spvasm", "spvasm32", "spvasm64"],
    )
    .into_iter()
    .enumerate()
    .filter(|(i, _)| sample(*i))
    .map(|(_, p)| p)
    .collect();
    let mut inputs: Vec<Input> = binaries
        .par_iter()
        .map(|p| -> anyhow::Result<Input> {
            Ok(Input {
                label: p.display().to_string(),
                path: p.clone(),
                bytes: std::fs::read(p)?,
                from_llvm_spirv: false,
            })
        })
        .collect::<anyhow::Result<_>>()?;
    let assembled: Vec<Input> = sources
        .par_iter()
        .enumerate()
        .map(|(i, p)| -> anyhow::Result<Input> {
            let bytes = reference_assemble(&ctx.tools, p)?;
            let path = dir.join(format!("asm{i}.spv"));
            std::fs::write(&path, &bytes)?;
            Ok(Input {
                label: p.display().to_string(),
                path,
                bytes,
                from_llvm_spirv: false,
            })
        })
        .collect::<anyhow::Result<_>>()?;
    inputs.extend(assembled);
    inputs.extend(translated_kernels(ctx, &dir)?);
    inputs.extend(llvm_spirv_kernels(ctx, &dir));
    Ok(inputs)
}

/// The same sources as [`translated_kernels`] through the other kernel producer: clang-15
/// typed-pointer bitcode (-O0) translated by llvm-spirv-15, which keeps every alloca, load and
/// store of the -O0 code (what an optimizer of kernels meets in practice). Sources either tool
/// rejects, and outputs spirv-val rejects (checked later), are skipped.
fn llvm_spirv_kernels(ctx: &Context, dir: &Path) -> Vec<Input> {
    let corpus = ctx.corpus.join("spir12");
    let sources = kernel_sources(ctx, &corpus);
    let out_dir = dir.join("llvm-spirv");
    if std::fs::create_dir_all(&out_dir).is_err() {
        return Vec::new();
    }
    sources
        .par_iter()
        .enumerate()
        .filter_map(|(i, cl)| {
            let bc = out_dir.join(format!("k{i}.bc"));
            let spv = out_dir.join(format!("k{i}.spv"));
            if !clang15_o0(cl, &bc, Pointers::Typed) {
                return None;
            }
            let translated = std::process::Command::new("llvm-spirv-15")
                .arg(&bc)
                .arg("-o")
                .arg(&spv)
                .output()
                .ok()?;
            if !translated.status.success() {
                return None;
            }
            let bytes = std::fs::read(&spv).ok()?;
            Some(Input {
                label: format!("{} (clang-15 + llvm-spirv-15)", cl.display()),
                path: spv,
                bytes,
                from_llvm_spirv: true,
            })
        })
        .collect()
}

/// Which LLVM pointers clang-15 emits: typed for llvm-spirv-15, opaque (clang 15's default) for
/// spirvkit.
#[derive(Clone, Copy, PartialEq)]
enum Pointers {
    Typed,
    Opaque,
}

/// The kernel compile: `clang-15 -cc1 -triple spir64 -cl-std=CL1.2 -emit-llvm-bc
/// -finclude-default-header -O0`. `-O0` is explicit: without it clang optimizes OpenCL C at -O2.
/// False when clang rejects the source.
fn clang15_o0(cl: &Path, bc: &Path, pointers: Pointers) -> bool {
    let mut clang = std::process::Command::new("clang-15");
    clang
        .args(["-cc1", "-triple", "spir64-unknown-unknown", "-cl-std=CL1.2"])
        .args(["-emit-llvm-bc", "-finclude-default-header", "-O0"]);
    if pointers == Pointers::Typed {
        clang.arg("-no-opaque-pointers");
    }
    clang
        .arg("-I")
        .arg(cl.parent().unwrap_or(Path::new(".")))
        .arg(cl)
        .arg("-o")
        .arg(bc);
    clang.output().is_ok_and(|o| o.status.success())
}

/// Every 4th OpenCL C source of the corpus (every 32nd without `--full`): the kernels both
/// kernel producers below compile.
fn kernel_sources(ctx: &Context, corpus: &Path) -> Vec<PathBuf> {
    let stride = if ctx.full { 4 } else { 32 };
    files(corpus, &["cl"])
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % stride == 0)
        .map(|(_, p)| p)
        .collect()
}

/// Every 4th OpenCL C source of the corpus (every 32nd without `--full`) compiled by clang-15
/// (`-cl-std=CL1.2`, spir64, -O0: what `llvm-spirv` users feed an optimizer; opaque
/// pointers, clang 15's default) and translated by spirvkit. `-O0` is explicit: without it
/// clang optimizes OpenCL C at -O2 by default (until 2026-11-26 this set was that -O2 code).
/// Sources clang or the translator reject are skipped (other sections judge those).
fn translated_kernels(ctx: &Context, dir: &Path) -> anyhow::Result<Vec<Input>> {
    let corpus = ctx.corpus.join("spir12");
    let sources = kernel_sources(ctx, &corpus);
    let bc_dir = dir.join("bc-O0");
    if std::fs::create_dir_all(&bc_dir).is_err() {
        return Ok(Vec::new());
    }
    Ok(sources
        .par_iter()
        .enumerate()
        .filter_map(|(i, cl)| {
            let bc = bc_dir.join(format!("k{i}.bc"));
            if !clang15_o0(cl, &bc, Pointers::Opaque) {
                return None;
            }
            let module = spirvkit_llvm::read_file(&bc).ok()?;
            let spirv = spirvkit_spir::translate(&module, &Default::default()).ok()?;
            let bytes = spirv.to_bytes();
            let path = dir.join(format!("cl{i}.spv"));
            std::fs::write(&path, &bytes).ok()?;
            Some(Input {
                label: format!("{} (clang-15 + spirvkit translate)", cl.display()),
                path,
                bytes,
                from_llvm_spirv: false,
            })
        })
        .collect())
}

#[derive(Default)]
struct Totals {
    before: AtomicUsize,
    ours: AtomicUsize,
    theirs: AtomicUsize,
    /// Modules where spirv-opt produced output (its words counted) and ours over the same set.
    compared_before: AtomicUsize,
    compared_ours: AtomicUsize,
    reference_crashes: AtomicUsize,
    valid: AtomicUsize,
    /// Where spirv-opt succeeds, split by kind: [Kernel translated by spirvkit, Kernel made by
    /// llvm-spirv-15, other (shaders)] × (before, ours, theirs).
    by_kind: [[AtomicUsize; 3]; 3],
}

/// Does the module declare the Kernel capability (an OpenCL kernel module)?
fn is_kernel(words: &[u32]) -> bool {
    Module::from_words(words).is_ok_and(|m| {
        m.globals.iter().any(|i| {
            i.opcode == Op::Capability
                && i.operands.first()
                    == Some(&Operand::Word(spirvkit_core::grammar::Capability::Kernel.0))
        })
    })
}

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let inputs = load_inputs(ctx)?;
    let failures = std::sync::Mutex::new(Vec::<String>::new());
    let fail = |m: String| {
        if let Ok(mut f) = failures.lock() {
            f.push(m);
        }
    };
    // (a) byte-identical passes.
    let strip_same = AtomicUsize::new(0);
    let strip_total = AtomicUsize::new(0);
    let spec_modules = AtomicUsize::new(0);
    let freeze_same = AtomicUsize::new(0);
    let set_same = AtomicUsize::new(0);
    let spec_compared = AtomicUsize::new(0);
    let work = scratch();
    inputs.par_iter().enumerate().for_each(|(i, input)| {
        let Ok((words, _)) = spirvkit_core::words_from_bytes(&input.bytes) else {
            return;
        };
        let compare = |passes: &[Passes], args: &[&str], tag: &str, same: &AtomicUsize| -> bool {
            let Some(theirs) = spirv_opt(&ctx.tools, &input.path, args, &format!("{i}{tag}"))
            else {
                return false;
            };
            match spirvkit_opt(&words, passes, true) {
                Ok(ours) if spirvkit_core::binary::bytes_from_words(&ours) == theirs => {
                    same.fetch_add(1, Ordering::Relaxed);
                }
                Ok(_) => fail(format!(
                    "{}: {tag}: output differs from spirv-opt",
                    input.label
                )),
                Err(e) => fail(format!("{}: {tag}: {e}", input.label)),
            }
            true
        };
        if compare(
            &[Passes::StripDebug],
            &["--skip-validation", "--strip-debug"],
            "strip-debug",
            &strip_same,
        ) {
            strip_total.fetch_add(1, Ordering::Relaxed);
        }
        let Ok(module) = Module::from_words(&words) else {
            return;
        };
        if !has_spec_id(&module) {
            return;
        }
        spec_modules.fetch_add(1, Ordering::Relaxed);
        let values = derived_spec_values(&module);
        let freeze = compare(
            &[Passes::FreezeSpecConst],
            &["--skip-validation", "--freeze-spec-const"],
            "freeze-spec-const",
            &freeze_same,
        );
        let set = match spirvkit_opt::pass_from_flag("set-spec-const-default-value", Some(&values))
        {
            Ok(pass) if !values.is_empty() => compare(
                &[pass],
                &[
                    "--skip-validation",
                    "--set-spec-const-default-value",
                    &values,
                ],
                "set-spec-const-default-value",
                &set_same,
            ),
            _ => false,
        };
        if freeze && set {
            spec_compared.fetch_add(1, Ordering::Relaxed);
        }
    });
    // (b) -O / -Os on valid modules.
    let accepted: Vec<&Input> = inputs
        .par_iter()
        .filter(|i| reference_validate(&ctx.tools, &i.path, Some("spv1.6")).is_ok())
        .collect();
    // The optimizer validates its input with spirvkit val: a module spirv-val accepts and
    // spirvkit val rejects is a validator disagreement (the validator section's business),
    // listed here but not optimized.
    let (valid, disagreements): (Vec<&Input>, Vec<&Input>) = accepted.into_iter().partition(|i| {
        spirvkit_core::words_from_bytes(&i.bytes).is_ok_and(|(w, _)| {
            spirvkit_val::validate(&w, &spirvkit_val::ValidatorOptions::new(TargetEnv::Spv(6)))
                .is_ok()
        })
    });
    // Every pass alone on every valid module: the output must stay valid (spirvkit val,
    // in-process; -O/-Os below are also checked by spirv-val).
    let mut per_pass = Vec::new();
    for (flag, pass) in spirvkit_opt::passes::FLAGS {
        let ok = AtomicUsize::new(0);
        valid.par_iter().for_each(|input| {
            let Ok((words, _)) = spirvkit_core::words_from_bytes(&input.bytes) else {
                return;
            };
            match spirvkit_opt(&words, std::slice::from_ref(pass), false) {
                Ok(out) => match spirvkit_val::validate(
                    &out,
                    &spirvkit_val::ValidatorOptions::new(TargetEnv::Spv(6)),
                ) {
                    Ok(()) => {
                        ok.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(d) => fail(format!(
                        "{}: --{flag}: output invalid: {}",
                        input.label,
                        d.first().map(|d| d.message.as_str()).unwrap_or("")
                    )),
                },
                Err(e) => fail(format!("{}: --{flag}: {e}", input.label)),
            }
        });
        per_pass.push(format!("--{flag} {}", ok.load(Ordering::Relaxed)));
    }
    let presets: [(&str, &[Passes]); 2] = [
        ("-O", spirvkit_opt::optimizer::PERFORMANCE_PASSES),
        ("-Os", spirvkit_opt::optimizer::SIZE_PASSES),
    ];
    let mut lines = vec![format!(
        "modules: {} ({} spirv-val-valid){}",
        inputs.len(),
        valid.len(),
        if ctx.full {
            ""
        } else {
            ", every 8th (--full: all)"
        }
    )];
    for (flag, passes) in presets {
        let t = Totals::default();
        valid.par_iter().enumerate().for_each(|(i, input)| {
            let Ok((words, _)) = spirvkit_core::words_from_bytes(&input.bytes) else {
                return;
            };
            t.before.fetch_add(words.len(), Ordering::Relaxed);
            let ours = match spirvkit_opt(&words, passes, false) {
                Ok(o) => o,
                Err(e) => return fail(format!("{}: {flag}: {e}", input.label)),
            };
            t.ours.fetch_add(ours.len(), Ordering::Relaxed);
            let out = work.join(format!("o{i}{flag}.spv"));
            let bytes = spirvkit_core::binary::bytes_from_words(&ours);
            if std::fs::write(&out, &bytes).is_err() {
                return fail(format!("{}: cannot write {}", input.label, out.display()));
            }
            let reference_ok = reference_validate(&ctx.tools, &out, Some("spv1.6"));
            let _ = std::fs::remove_file(&out);
            let ours_ok = spirvkit_val::validate(
                &ours,
                &spirvkit_val::ValidatorOptions::new(TargetEnv::Spv(6)),
            );
            match (reference_ok, ours_ok) {
                (Ok(()), Ok(())) => {
                    t.valid.fetch_add(1, Ordering::Relaxed);
                }
                (Err(m), _) => fail(format!(
                    "{}: {flag}: spirv-val rejects the output: {m}",
                    input.label
                )),
                (_, Err(d)) => fail(format!(
                    "{}: {flag}: spirvkit val rejects the output: {}",
                    input.label,
                    d.first().map(|d| d.message.as_str()).unwrap_or("")
                )),
            }
            match spirv_opt(&ctx.tools, &input.path, &[flag], &format!("{i}{flag}")) {
                Some(theirs) => {
                    let kind = &t.by_kind[if input.from_llvm_spirv {
                        1
                    } else if is_kernel(&words) {
                        0
                    } else {
                        2
                    }];
                    kind[0].fetch_add(words.len(), Ordering::Relaxed);
                    kind[1].fetch_add(ours.len(), Ordering::Relaxed);
                    kind[2].fetch_add(theirs.len() / 4, Ordering::Relaxed);
                    t.theirs.fetch_add(theirs.len() / 4, Ordering::Relaxed);
                    t.compared_before.fetch_add(words.len(), Ordering::Relaxed);
                    t.compared_ours.fetch_add(ours.len(), Ordering::Relaxed);
                }
                None => {
                    t.reference_crashes.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
        let g = |a: &AtomicUsize| a.load(Ordering::Relaxed);
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        lines.push(format!(
            "{flag}: {} of {} outputs accepted by spirv-val and spirvkit val; words {} -> {} ({:.1}%)",
            g(&t.valid),
            valid.len(),
            g(&t.before),
            g(&t.ours),
            pct(g(&t.ours), g(&t.before))
        ));
        lines.push(format!(
            "{flag}: where spirv-opt succeeds: {} -> spirvkit {} ({:.1}%), spirv-opt {} ({:.1}%); spirv-opt failed on {}",
            g(&t.compared_before),
            g(&t.compared_ours),
            pct(g(&t.compared_ours), g(&t.compared_before)),
            g(&t.theirs),
            pct(g(&t.theirs), g(&t.compared_before)),
            g(&t.reference_crashes)
        ));
        for (kind, name) in t
            .by_kind
            .iter()
            .zip(["kernels", "kernels (llvm-spirv-15)", "shaders"])
        {
            let (b, o, r) = (g(&kind[0]), g(&kind[1]), g(&kind[2]));
            lines.push(format!(
                "{flag} {name}: {b} -> spirvkit {o} ({:.1}%), spirv-opt {r} ({:.1}%); spirvkit/spirv-opt {:.1}%",
                pct(o, b),
                pct(r, b),
                pct(o, r)
            ));
        }
    }
    lines.push(format!(
        "inputs spirv-val accepts but spirvkit val rejects (not optimized): {}{}",
        disagreements.len(),
        disagreements
            .iter()
            .take(5)
            .map(|i| format!("\n      {}", i.label))
            .collect::<String>()
    ));
    lines.push(format!(
        "each pass alone, outputs valid (spirvkit val) of {}: {}",
        valid.len(),
        per_pass.join(", ")
    ));
    let g = |a: &AtomicUsize| a.load(Ordering::Relaxed);
    lines.insert(
        1,
        format!(
            "--strip-debug: {} of {} byte-identical to spirv-opt",
            g(&strip_same),
            g(&strip_total)
        ),
    );
    lines.insert(
        2,
        format!(
            "modules with SpecId: {} (both tools ran on {}): --freeze-spec-const {} identical, --set-spec-const-default-value {} identical",
            g(&spec_modules),
            g(&spec_compared),
            g(&freeze_same),
            g(&set_same)
        ),
    );
    Ok(SectionReport {
        name: "opt (optimizer vs spirv-opt)",
        lines,
        failures: failures.into_inner().unwrap_or_default(),
    })
}
