//! The SPIR 1.2 corpus, whole: reading every bitcode file (spirvkit in one process vs
//! `llvm-dis-15` per file) and translating every file to SPIR-V (spirvkit in one process vs
//! `llvm-spirv-15` per file, which is how that tool is used).

use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn run_each(
    tool: &str,
    files: &[PathBuf],
    args: impl Fn(&Path, &Path) -> Vec<std::ffi::OsString> + Sync,
) -> anyhow::Result<(f64, usize)> {
    let scratch =
        std::env::temp_dir().join(format!("spirvkit-corpus-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let start = Instant::now();
    let failures: usize = files
        .par_iter()
        .enumerate()
        .map(|(i, f)| {
            let out = scratch.join(format!("{i}.out"));
            let ok = std::process::Command::new(tool)
                .args(args(f, &out))
                .output()
                .is_ok_and(|o| o.status.success());
            let _ = std::fs::remove_file(&out);
            usize::from(!ok)
        })
        .sum();
    let secs = start.elapsed().as_secs_f64();
    let _ = std::fs::remove_dir_all(&scratch);
    Ok((secs, failures))
}

pub fn run() -> anyhow::Result<Vec<String>> {
    let corpus = crate::conformance::corpus_dir()?;
    let files = crate::conformance::files(&corpus.join("spir12"), &["bc32", "bc64"]);
    let bytes: Vec<Vec<u8>> = files.iter().map(std::fs::read).collect::<Result<_, _>>()?;
    let total: usize = bytes.iter().map(Vec::len).sum();
    let mut lines = vec![format!(
        "SPIR 1.2 corpus: {} files, {:.1} MB",
        files.len(),
        total as f64 / 1e6
    )];

    let start = Instant::now();
    let modules: Vec<_> = bytes
        .par_iter()
        .zip(&files)
        .map(|(b, f)| spirvkit_llvm::read_bitcode(b, &f.display().to_string()))
        .collect();
    let read_secs = start.elapsed().as_secs_f64();
    let read_errors = modules.iter().filter(|m| m.is_err()).count();
    let (dis_secs, dis_fail) = run_each("llvm-dis-15", &files, |f, out| {
        vec![f.into(), "-o".into(), out.into()]
    })?;
    lines.push(format!(
        "read all bitcode: spirvkit {read_secs:.2} s (one process, {read_errors} errors) vs llvm-dis-15 {dis_secs:.1} s ({dis_fail} failures): {:.0}x",
        dis_secs / read_secs.max(1e-9)
    ));

    let options = spirvkit_spir::TranslateOptions::default();
    let start = Instant::now();
    let translated: usize = bytes
        .par_iter()
        .zip(&files)
        .filter(|(b, f)| {
            spirvkit_llvm::read_bitcode(b, &f.display().to_string())
                .ok()
                .and_then(|m| spirvkit_spir::translate(&m, &options).ok())
                .map(|m| m.to_bytes())
                .is_some()
        })
        .count();
    let ours = start.elapsed().as_secs_f64();
    let (theirs, their_fail) = run_each("llvm-spirv-15", &files, |f, out| {
        vec![f.into(), "-o".into(), out.into()]
    })?;
    lines.push(format!(
        "translate all: spirvkit {ours:.2} s ({translated} translated, one process) vs llvm-spirv-15 {theirs:.1} s ({their_fail} failures): {:.0}x",
        theirs / ours.max(1e-9)
    ));
    Ok(lines)
}

/// A large SPIR module (LLVM IR with typed pointers): `functions` helper functions with
/// straight-line integer work, a loop and a diamond, called by one kernel.
pub fn large_ll(functions: u32) -> String {
    use std::fmt::Write;
    let mut s = String::from("target datalayout = \"e-p:64:64:64-i64:64:64\"\ntarget triple = \"spir64-unknown-unknown\"\n\n");
    s.push_str("declare spir_func i64 @_Z13get_global_idj(i32)\n\n");
    for f in 0..functions {
        let _ = writeln!(
            s,
            "define spir_func i32 @f{f}(i32 addrspace(1)* %p, i32 %n) {{\nentry:"
        );
        let _ = writeln!(s, "  %v0 = load i32, i32 addrspace(1)* %p, align 4");
        for i in 1..=32 {
            let op = ["add", "mul", "xor", "sub"][(i + f as usize) % 4];
            let _ = writeln!(s, "  %v{i} = {op} i32 %v{}, %n", i - 1);
        }
        let _ = writeln!(
            s,
            "  %c = icmp ult i32 %v32, 100\n  br i1 %c, label %loop, label %done"
        );
        let _ = writeln!(s, "loop:\n  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]\n  %q = getelementptr inbounds i32, i32 addrspace(1)* %p, i32 %i");
        let _ = writeln!(s, "  store i32 %i, i32 addrspace(1)* %q, align 4\n  %i1 = add i32 %i, 1\n  %more = icmp slt i32 %i1, %n\n  br i1 %more, label %loop, label %done");
        let _ = writeln!(
            s,
            "done:\n  %r = phi i32 [ %v32, %entry ], [ %i1, %loop ]\n  ret i32 %r\n}}\n"
        );
    }
    s.push_str("define spir_kernel void @k(i32 addrspace(1)* %p, i32 %n) {\n  %id = call spir_func i64 @_Z13get_global_idj(i32 0)\n");
    s.push_str("  %r = call spir_func i32 @f0(i32 addrspace(1)* %p, i32 %n)\n  ret void\n}\n");
    s
}

/// One large module: spirvkit translate vs llvm-spirv-15 (both on the same bitcode file).
pub fn large_module(functions: u32) -> anyhow::Result<Vec<String>> {
    let dir = std::env::temp_dir().join(format!("spirvkit-large-translate-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let ll = dir.join("large.ll");
    let bc = dir.join("large.bc");
    std::fs::write(&ll, large_ll(functions))?;
    let status = std::process::Command::new("llvm-as-15")
        .arg(&ll)
        .arg("-o")
        .arg(&bc)
        .status()?;
    anyhow::ensure!(status.success(), "llvm-as-15 rejected the generated module");
    let size = std::fs::metadata(&bc)?.len();
    let spirvkit = crate::workspace_root().join("target/release/spirvkit");
    let time = |program: &Path, args: &[&std::ffi::OsStr]| -> anyhow::Result<f64> {
        let start = Instant::now();
        let out = std::process::Command::new(program).args(args).output()?;
        anyhow::ensure!(
            out.status.success(),
            "{} failed: {}",
            program.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        Ok(start.elapsed().as_secs_f64())
    };
    let ours_out = dir.join("ours.spv");
    let theirs_out = dir.join("theirs.spv");
    let mut ours = f64::MAX;
    let mut theirs = f64::MAX;
    for _ in 0..3 {
        ours = ours.min(time(
            &spirvkit,
            &[
                "translate".as_ref(),
                bc.as_os_str(),
                "-o".as_ref(),
                ours_out.as_os_str(),
            ],
        )?);
        theirs = theirs.min(time(
            Path::new("llvm-spirv-15"),
            &[bc.as_os_str(), "-o".as_ref(), theirs_out.as_os_str()],
        )?);
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(vec![format!(
        "translate one large module ({functions} functions, {:.1} MB bitcode): spirvkit {ours:.3} s vs llvm-spirv-15 {theirs:.3} s: {:.1}x",
        size as f64 / 1e6,
        theirs / ours.max(1e-9)
    )])
}
