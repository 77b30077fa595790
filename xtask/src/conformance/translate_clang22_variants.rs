//! `translate-clang22-variants` (issue 18): the corpus `.cl` files compiled by clang-22 with the
//! flag sets `translate-clang22` does not use (debug info, -O1/-O3/-Os, the fast-math family,
//! C++ for OpenCL, every CL 3.0 extension, no LLVM passes …), through the clang driver as a
//! user would run it (the driver declares the built-ins through `-fdeclare-opencl-builtins` and
//! vectorizes at -O2, which the cc1 line of `translate-clang22` does not). Each source × variant
//! × triple translates typed and with `+SPV_KHR_untyped_pointers` to SPIR-V spirv-val accepts;
//! a refusal, a panic and an invalid module are counted apart.
//!
//! By default every 90th source, `spir64`, OpenCL C 2.0 (a couple of minutes); `--full` runs
//! every source for `spir64` and `spir`. Knobs: `SPIRVKIT_CL22V_VARIANTS=name,name` (default
//! all, names in [`VARIANTS`]), `SPIRVKIT_CL22V_STRIDE=N`, `SPIRVKIT_CL22V_TRIPLES=spir64,spir`,
//! `SPIRVKIT_CL22V_STDS=CL1.2,CL2.0,CL3.0` (default CL2.0; a variant naming its own standard
//! keeps it), `SPIRVKIT_CL22V_CACHE=DIR` (bitcode kept as `DIR/<variant>-<triple>-<std>/<path>.bc`),
//! `SPIRVKIT_CL22V_LLC=1` also runs LLVM's own back end (`llc-22 -mtriple=spirv64/32`) on the
//! same bitcode for a peer figure (reported, never a failure).

use super::translate_clang22::cause;
use super::translate_modern::{scratch_dir, translate_and_validate, unique_name, UNTYPED};
use super::{files, Context, SectionReport};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::Command;

const SAMPLE_STRIDE: usize = 90;
const CL30_FEATURES: &str =
    "-cl-ext=+__opencl_c_generic_address_space,+__opencl_c_program_scope_global_variables";

/// A named clang-22 flag set. `std` overrides the OpenCL C version when the variant is about
/// the language itself.
pub(super) struct Variant {
    pub name: &'static str,
    pub flags: &'static [&'static str],
    pub std: Option<&'static str>,
}

const fn variant(name: &'static str, flags: &'static [&'static str]) -> Variant {
    Variant {
        name,
        flags,
        std: None,
    }
}

pub(super) const VARIANTS: &[Variant] = &[
    variant("driver-O2", &["-O2"]),
    variant("O0-g", &["-O0", "-g"]),
    variant("O2-g", &["-O2", "-g"]),
    variant("O2-gline", &["-O2", "-gline-tables-only"]),
    variant("O1", &["-O1"]),
    variant("O3", &["-O3"]),
    variant("Os", &["-Os"]),
    variant("fast-relaxed-math", &["-O2", "-cl-fast-relaxed-math"]),
    variant("mad-enable", &["-O2", "-cl-mad-enable"]),
    variant("unsafe-math", &["-O2", "-cl-unsafe-math-optimizations"]),
    variant("finite-math", &["-O2", "-cl-finite-math-only"]),
    variant("denorms-zero", &["-O2", "-cl-denorms-are-zero"]),
    variant("fp-contract-fast", &["-O2", "-ffp-contract=fast"]),
    variant("O3-fast-g", &["-O3", "-cl-fast-relaxed-math", "-g"]),
    Variant {
        name: "clc++2021",
        flags: &["-O2"],
        std: Some("clc++2021"),
    },
    Variant {
        name: "CL3.0-ext-all",
        flags: &["-O2", "-cl-ext=+all"],
        std: Some("CL3.0"),
    },
    variant("no-builtin", &["-O2", "-fno-builtin"]),
    variant(
        "O2-no-llvm-passes",
        &["-O2", "-Xclang", "-disable-llvm-passes"],
    ),
    // The full opencl-c.h instead of the TableGen declarations the driver uses by default.
    variant(
        "opencl-c-h",
        &[
            "-O2",
            "-cl-no-stdinc",
            "-Xclang",
            "-finclude-default-header",
        ],
    ),
];

const DEFAULT_STD: &str = "CL2.0";

impl Variant {
    fn dir_name(&self, triple: &str, std: &str) -> String {
        format!("{}-{triple}-{std}", self.name.replace('+', "p"))
    }

    /// The clang-22 driver line for `cl` → `out` (LLVM bitcode).
    fn clang(&self, triple: &str, std: &str, cl: &Path, out: &Path) -> Command {
        let mut cmd = Command::new("clang-22");
        cmd.arg("-target")
            .arg(format!("{triple}-unknown-unknown"))
            .arg(format!("-cl-std={std}"))
            .args(self.flags);
        if std == "CL3.0" && !self.flags.contains(&"-cl-ext=+all") {
            cmd.arg(CL30_FEATURES);
        }
        let include = cl.parent().unwrap_or(Path::new("."));
        cmd.args(["-c", "-emit-llvm", "-I"])
            .arg(include)
            .arg(cl)
            .arg("-o")
            .arg(out);
        cmd
    }
}

/// Compiles `cl` to `out` unless cached; Ok(false) when clang rejects the source.
fn compile(
    variant: &Variant,
    triple: &str,
    std: &str,
    cl: &Path,
    out: &Path,
) -> Result<bool, String> {
    if out.is_file() {
        return Ok(true);
    }
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    let status = variant
        .clang(triple, std, cl, out)
        .output()
        .map_err(|e| format!("running clang-22: {e}"))?;
    Ok(status.status.success())
}

/// LLVM's own SPIR-V back end on the same bitcode, judged by the same spirv-val.
fn llc_valid(ctx: &Context, triple: &str, bc: &Path, out: &Path) -> bool {
    let target = if triple == "spir64" {
        "spirv64-unknown-unknown"
    } else {
        "spirv32-unknown-unknown"
    };
    let ok = Command::new("llc-22")
        .arg(format!("-mtriple={target}"))
        .args(["-filetype=obj", "-o"])
        .arg(out)
        .arg(bc)
        .output()
        .is_ok_and(|o| o.status.success());
    let valid = ok && super::reference_validate(&ctx.tools, out, None).is_ok();
    let _ = std::fs::remove_file(out);
    valid
}

/// How one translation went, the classes the report counts apart.
enum Verdict {
    Valid,
    /// spirvkit refused (or could not read) the input: an `Err` naming the construct.
    Refused(String),
    Panicked(String),
    /// Translated, but spirv-val (or the parallel-translation check) rejects the words.
    Invalid(String),
}

fn judge(
    ctx: &Context,
    module: &spirvkit_llvm::Module,
    ext: &str,
    scratch: &Path,
    tag: &str,
) -> Verdict {
    match catch_unwind(AssertUnwindSafe(|| {
        translate_and_validate(ctx, module, ext, scratch, tag)
    })) {
        Ok(Ok(_)) => Verdict::Valid,
        Ok(Err(e)) if e.starts_with("translation failed") => Verdict::Refused(e),
        Ok(Err(e)) => Verdict::Invalid(e),
        Err(panic) => Verdict::Panicked(panic_message(&panic)),
    }
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    let text = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    format!("panic: {text}")
}

enum Outcome {
    ClangRejects,
    Checked {
        typed: Verdict,
        untyped: Verdict,
        llc: Option<bool>,
    },
}

#[derive(Default)]
struct Tally {
    rejected: usize,
    compiled: usize,
    valid: [usize; 2],
    refused: [usize; 2],
    panicked: [usize; 2],
    invalid: [usize; 2],
    llc_valid: usize,
    llc_run: usize,
}

fn env_list(name: &str) -> Option<Vec<String>> {
    std::env::var(name).ok().map(|s| {
        s.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    })
}

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let corpus = ctx.corpus.join("spir12");
    let stride =
        super::translate_clang22::sample_stride("SPIRVKIT_CL22V_STRIDE", ctx.full, SAMPLE_STRIDE);
    let wanted = env_list("SPIRVKIT_CL22V_VARIANTS");
    if let Some(w) = &wanted {
        if let Some(unknown) = w.iter().find(|n| !VARIANTS.iter().any(|v| v.name == *n)) {
            let known: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
            anyhow::bail!(
                "unknown clang-22 variant `{unknown}` (known: {})",
                known.join(", ")
            );
        }
    }
    let triples = env_list("SPIRVKIT_CL22V_TRIPLES").unwrap_or_else(|| {
        if ctx.full {
            vec!["spir64".into(), "spir".into()]
        } else {
            vec!["spir64".into()]
        }
    });
    if let Some(bad) = triples
        .iter()
        .find(|t| !matches!(t.as_str(), "spir" | "spir64"))
    {
        anyhow::bail!("SPIRVKIT_CL22V_TRIPLES: `{bad}` is neither spir nor spir64");
    }
    let stds = env_list("SPIRVKIT_CL22V_STDS").unwrap_or_else(|| vec![DEFAULT_STD.into()]);
    if let Some(bad) = stds
        .iter()
        .find(|s| !matches!(s.as_str(), "CL1.2" | "CL2.0" | "CL3.0"))
    {
        anyhow::bail!("SPIRVKIT_CL22V_STDS: `{bad}` is not CL1.2, CL2.0 or CL3.0");
    }
    let with_llc = std::env::var_os("SPIRVKIT_CL22V_LLC").is_some();
    let sources: Vec<PathBuf> = files(&corpus, &["cl"])
        .into_iter()
        .step_by(stride)
        .collect();
    let scratch = scratch_dir("translate-clang22-variants")?;
    let out_root = std::env::var_os("SPIRVKIT_CL22V_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|| scratch.join("bc"));
    let mut lines = Vec::new();
    let mut failures = Vec::new();
    let mut causes: BTreeMap<String, usize> = BTreeMap::new();
    let mut total = Tally::default();
    let selected = VARIANTS.iter().filter(|v| {
        wanted
            .as_ref()
            .is_none_or(|w| w.iter().any(|n| n == v.name))
    });
    // A variant about the language itself runs with its own standard only.
    let configs = selected.flat_map(|v| {
        let own: Vec<String> = match v.std {
            Some(s) => vec![s.to_string()],
            None => stds.clone(),
        };
        triples
            .iter()
            .flat_map(move |t| own.clone().into_iter().map(move |s| (v, t.clone(), s)))
    });
    for (variant, triple, std) in configs {
        let (triple, std) = (triple.as_str(), std.as_str());
        let out_dir = out_root.join(variant.dir_name(triple, std));
        let outcomes: Vec<(String, Outcome)> = sources
            .par_iter()
            .map(|cl| {
                let name = cl.display().to_string();
                let relative = cl.strip_prefix(&corpus).unwrap_or(cl).with_extension("bc");
                let bc = out_dir.join(relative);
                let refused = |e: String| Outcome::Checked {
                    typed: Verdict::Refused(e.clone()),
                    untyped: Verdict::Refused(e),
                    llc: None,
                };
                match compile(variant, triple, std, cl, &bc) {
                    Ok(true) => {}
                    Ok(false) => return (name, Outcome::ClangRejects),
                    Err(e) => return (name, refused(e)),
                }
                let tag = format!("{}_{}", unique_name(cl), variant.dir_name(triple, std));
                let read = catch_unwind(AssertUnwindSafe(|| spirvkit_llvm::read_file(&bc)));
                let module = match read {
                    Ok(Ok(m)) => m,
                    Ok(Err(e)) => return (name, refused(format!("reading bitcode: {e}"))),
                    Err(p) => {
                        let e = format!("reading bitcode: {}", panic_message(&p));
                        return (
                            name,
                            Outcome::Checked {
                                typed: Verdict::Panicked(e.clone()),
                                untyped: Verdict::Panicked(e),
                                llc: None,
                            },
                        );
                    }
                };
                let typed = judge(ctx, &module, "", &scratch, &tag);
                let untyped = judge(ctx, &module, UNTYPED, &scratch, &tag);
                let llc = with_llc
                    .then(|| llc_valid(ctx, triple, &bc, &scratch.join(format!("{tag}.llc.spv"))));
                (
                    name,
                    Outcome::Checked {
                        typed,
                        untyped,
                        llc,
                    },
                )
            })
            .collect();
        let mut tally = Tally::default();
        for (name, outcome) in outcomes {
            let Outcome::Checked {
                typed,
                untyped,
                llc,
            } = outcome
            else {
                tally.rejected += 1;
                continue;
            };
            tally.compiled += 1;
            if let Some(ok) = llc {
                tally.llc_run += 1;
                tally.llc_valid += usize::from(ok);
            }
            for (mode, (label, verdict)) in [("typed", typed), ("untyped", untyped)]
                .into_iter()
                .enumerate()
            {
                let message = match verdict {
                    Verdict::Valid => {
                        tally.valid[mode] += 1;
                        continue;
                    }
                    Verdict::Refused(e) => {
                        tally.refused[mode] += 1;
                        e
                    }
                    Verdict::Panicked(e) => {
                        tally.panicked[mode] += 1;
                        e
                    }
                    Verdict::Invalid(e) => {
                        tally.invalid[mode] += 1;
                        e
                    }
                };
                *causes
                    .entry(format!("{label}: {}", cause(&message)))
                    .or_default() += 1;
                failures.push(format!(
                    "{name} ({} {triple} {std}, {label}): {message}",
                    variant.name
                ));
            }
        }
        lines.push(tally_line(
            &format!("{} {triple} {std}", variant.name),
            &tally,
        ));
        total.rejected += tally.rejected;
        total.compiled += tally.compiled;
        total.llc_run += tally.llc_run;
        total.llc_valid += tally.llc_valid;
        for m in 0..2 {
            total.valid[m] += tally.valid[m];
            total.refused[m] += tally.refused[m];
            total.panicked[m] += tally.panicked[m];
            total.invalid[m] += tally.invalid[m];
        }
    }
    lines.push(tally_line(
        &format!(
            "all ({} .cl files{})",
            sources.len(),
            if stride == 1 {
                String::new()
            } else {
                format!(", every {stride}th; --full for all")
            }
        ),
        &total,
    ));
    super::translate_clang22::push_most_frequent_causes(&mut lines, causes);
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(SectionReport {
        name: "clang-22 OpenCL C variants (-g, fast math, -O1/-O3/-Os, C++ for OpenCL …) → SPIR-V",
        lines,
        failures,
    })
}

fn tally_line(label: &str, t: &Tally) -> String {
    let mode = |m: usize| {
        let mut s = format!("{}/{}", t.valid[m], t.compiled);
        for (n, what) in [
            (t.refused[m], "refused"),
            (t.panicked[m], "panicked"),
            (t.invalid[m], "invalid"),
        ] {
            if n > 0 {
                s.push_str(&format!(" ({n} {what})"));
            }
        }
        s
    };
    let mut line = format!(
        "{label}: {} compiled ({} rejected by clang); typed {}, untyped {}",
        t.compiled,
        t.rejected,
        mode(0),
        mode(1)
    );
    if t.llc_run > 0 {
        line.push_str(&format!("; llc-22 {}/{}", t.llc_valid, t.llc_run));
    }
    line
}
