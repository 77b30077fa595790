//! `bench --only link`: linking 1000 modules — the SPIR 1.2 corpus kernels translated by
//! spirvkit (entry points renamed apart, each kernel calling one helper it imports) plus a
//! helper library exporting it — with `spirvkit link` and spirv-link, both as processes on
//! the same files: wall time, CPU time and peak RSS; both outputs checked by spirv-val.

use super::text::{measure, reference_tool};
use rayon::prelude::*;
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::{Capability, Decoration, Op};
use std::path::{Path, PathBuf};

const MODULES: usize = 1000;
const HELPER: &str = "spirvkit_bench_helper";
/// Runs of each tool (on the same files); the best wall, CPU and RSS of each count.
const RUNS: usize = 5;

fn global_result(module: &Module, op: Op, operands: &[Operand]) -> Option<Id> {
    module
        .globals
        .iter()
        .find(|i| i.opcode == op && i.operands.as_slice() == operands)
        .and_then(|i| i.result_id)
}

fn is_import(inst: &Instruction) -> bool {
    inst.opcode == Op::Decorate
        && inst.operands.get(1) == Some(&Operand::Word(Decoration::LinkageAttributes.0))
        && inst.operands.get(3) == Some(&Operand::Word(1))
}

/// Makes a translated kernel module import the helper and call it from each kernel; entry
/// points get a suffix so that no two modules define the same one.
fn importer(mut module: Module, index: usize) -> Option<Module> {
    let void = global_result(&module, Op::TypeVoid, &[])?;
    let mut bound = module.header.bound;
    let mut fresh = || {
        bound += 1;
        Id(bound - 1)
    };
    let fn_type = match global_result(&module, Op::TypeFunction, &[Operand::Id(void)]) {
        Some(t) => t,
        None => {
            let t = fresh();
            let at = module
                .globals
                .iter()
                .position(|i| i.result_id == Some(void))?
                + 1;
            module.globals.insert(
                at,
                Instruction::new(Op::TypeFunction, None, Some(t), [Operand::Id(void)]),
            );
            t
        }
    };
    let helper = fresh();
    let mut kernels = Vec::new();
    for inst in &mut module.globals {
        if inst.opcode == Op::EntryPoint {
            kernels.extend(inst.operands.get(1).and_then(Operand::id));
            if let Some(Operand::String(name)) = inst.operands.get_mut(2) {
                *name = format!("{name}__{index}").into();
            }
        }
    }
    if !module.globals.iter().any(|i| {
        i.opcode == Op::Capability
            && i.operands.first() == Some(&Operand::Word(Capability::Linkage.0))
    }) {
        module.globals.insert(
            0,
            Instruction::new(
                Op::Capability,
                None,
                None,
                [Operand::Word(Capability::Linkage.0)],
            ),
        );
    }
    let annotations = module
        .globals
        .iter()
        .position(|i| i.section() >= spirvkit_core::module::Section::Annotation)?;
    module.globals.insert(
        annotations,
        Instruction::new(
            Op::Decorate,
            None,
            None,
            [
                Operand::Id(helper),
                Operand::Word(Decoration::LinkageAttributes.0),
                Operand::String(HELPER.into()),
                Operand::Word(1),
            ],
        ),
    );
    let mut declaration = spirvkit_core::Function::new(Instruction::new(
        Op::Function,
        Some(void),
        Some(helper),
        [Operand::Word(0), Operand::Id(fn_type)],
    ));
    declaration.end = Some(Instruction::new(Op::FunctionEnd, None, None, []));
    for function in &mut module.functions {
        if !kernels.contains(&function.id()) {
            continue;
        }
        let Some(block) = function.blocks.first_mut() else {
            continue;
        };
        let at = block
            .instructions
            .iter()
            .position(|i| i.opcode != Op::Variable)
            .unwrap_or(0);
        let id = fresh();
        block.instructions.insert(
            at,
            Instruction::new(
                Op::FunctionCall,
                Some(void),
                Some(id),
                [Operand::Id(helper)],
            ),
        );
    }
    module.functions.insert(0, declaration);
    module.header.bound = bound;
    Some(module)
}

fn helper_library(version: u32) -> anyhow::Result<Vec<u32>> {
    let text = format!(
        "OpCapability Addresses\nOpCapability Kernel\nOpCapability Linkage\nOpMemoryModel Physical64 OpenCL\n\
         OpDecorate %h LinkageAttributes \"{HELPER}\" Export\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n\
         %h = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"
    );
    let mut words =
        spirvkit_text::assemble(&text, &Default::default()).map_err(|e| anyhow::anyhow!("{e}"))?;
    words[1] = version;
    Ok(words)
}

pub fn run(tools: &Path) -> anyhow::Result<Vec<String>> {
    let corpus = crate::conformance::corpus_dir()?;
    let files = crate::conformance::files(&corpus.join("spir12"), &["bc64"]);
    let options = spirvkit_spir::TranslateOptions::default();
    let translated: Vec<Module> = files
        .par_iter()
        .filter_map(|f| {
            let bytes = std::fs::read(f).ok()?;
            let m = spirvkit_llvm::read_bitcode(&bytes, &f.display().to_string()).ok()?;
            spirvkit_spir::translate(&m, &options).ok()
        })
        // Kernels that import something themselves (the compile_and_link tests) need their
        // own partners; the bench keeps the self-contained ones.
        .filter(|m| !m.globals.iter().any(is_import))
        .collect();
    anyhow::ensure!(!translated.is_empty(), "no corpus kernel translated");
    let root = crate::workspace_root();
    let dir = root.join("target/bench-link");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    // Cycle through the corpus until there are MODULES - 1 kernel modules.
    let kernels: Vec<Module> = (0..MODULES * 4)
        .filter_map(|i| importer(translated[i % translated.len()].clone(), i))
        .take(MODULES - 1)
        .collect();
    let highest = kernels
        .iter()
        .map(|m| m.header.version)
        .max()
        .unwrap_or(0x0001_0000);
    let mut paths: Vec<PathBuf> = Vec::with_capacity(MODULES);
    let mut bytes = 0usize;
    for (i, m) in kernels.iter().enumerate() {
        let p = dir.join(format!("k{i:04}.spv"));
        let b = m.to_bytes();
        bytes += b.len();
        std::fs::write(&p, b)?;
        paths.push(p);
    }
    let lib = dir.join("helper.spv");
    let lib_bytes = spirvkit_core::binary::bytes_from_words(&helper_library(highest)?);
    bytes += lib_bytes.len();
    std::fs::write(&lib, lib_bytes)?;
    paths.push(lib);
    let mut lines = vec![format!(
        "link: {} modules ({} translated corpus kernels, cycled, each importing a helper; 1 helper library), {:.1} MB",
        paths.len(),
        translated.len(),
        bytes as f64 / 1e6
    )];
    let spirvkit = super::val::spirvkit_binary();
    let ours_out = dir.join("linked.spv");
    let theirs_out = dir.join("linked-ref.spv");
    let mut args: Vec<std::ffi::OsString> = vec![
        "link".into(),
        "--use-highest-version".into(),
        "-o".into(),
        ours_out.clone().into(),
    ];
    args.extend(paths.iter().map(|p| p.clone().into_os_string()));
    let arg_refs: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let ours = measure(&spirvkit, &arg_refs, RUNS)?;
    let mut noval = args.clone();
    noval.insert(1, "--no-validate".into());
    let noval_refs: Vec<&std::ffi::OsStr> = noval.iter().map(|a| a.as_os_str()).collect();
    let ours_noval = measure(&spirvkit, &noval_refs, RUNS)?;
    let mut rargs: Vec<std::ffi::OsString> = vec![
        "--use-highest-version".into(),
        "-o".into(),
        theirs_out.clone().into(),
    ];
    rargs.extend(paths.iter().map(|p| p.clone().into_os_string()));
    let rarg_refs: Vec<&std::ffi::OsStr> = rargs.iter().map(|a| a.as_os_str()).collect();
    let reference = reference_tool(tools, "spirv-link");
    let theirs = measure(&reference, &rarg_refs, RUNS)?;
    let mb =
        |kb: Option<u64>| kb.map_or_else(|| "?".into(), |k| format!("{:.1}", k as f64 / 1024.0));
    let cpu = |c: Option<f64>| c.map_or_else(|| "?".into(), |c| format!("{c:.2}"));
    for (what, m) in [
        ("spirvkit link (inputs validated)", &ours),
        ("spirvkit link --no-validate", &ours_noval),
    ] {
        lines.push(format!(
            "{what}: {:.3} s wall, {} s CPU, peak RSS {} MB; spirv-link {:.3} s wall, {} s CPU, peak RSS {} MB: {:.1}x faster (wall), {} less CPU, {:.1}x less memory",
            m.time.as_secs_f64(),
            cpu(m.cpu),
            mb(m.peak_kb),
            theirs.time.as_secs_f64(),
            cpu(theirs.cpu),
            mb(theirs.peak_kb),
            theirs.time.as_secs_f64() / m.time.as_secs_f64().max(1e-9),
            theirs
                .cpu
                .zip(m.cpu)
                .map_or_else(|| "?x".into(), |(t, o)| format!("{:.1}x", t / o.max(0.01))),
            theirs.peak_kb.zip(m.peak_kb).map_or(0.0, |(t, o)| t as f64 / o.max(1) as f64),
        ));
    }
    let val = reference_tool(tools, "spirv-val");
    for (who, out) in [("spirvkit", &ours_out), ("spirv-link", &theirs_out)] {
        let r = std::process::Command::new(&val).arg(out).output()?;
        let size = std::fs::metadata(out).map_or(0, |m| m.len());
        lines.push(format!(
            "  {who} output: {:.2} MB, spirv-val {}",
            size as f64 / 1e6,
            if r.status.success() {
                "accepts".to_string()
            } else {
                format!(
                    "rejects: {}",
                    String::from_utf8_lossy(&r.stderr)
                        .lines()
                        .next()
                        .unwrap_or("")
                )
            }
        ));
    }
    Ok(lines)
}
