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
    let spirvkit = super::text::spirvkit_bin()?;
    let ours_out = dir.join("ours.spv");
    let theirs_out = dir.join("theirs.spv");
    let load_before = load_average();
    // Alternate the two tools so that both see the same load on this shared machine.
    let mut ours: Option<Measured> = None;
    let mut theirs: Option<Measured> = None;
    for _ in 0..5 {
        let o = super::text::measure(
            &spirvkit,
            &[
                "translate".as_ref(),
                bc.as_os_str(),
                "-o".as_ref(),
                ours_out.as_os_str(),
            ],
            1,
        )?;
        ours = Some(best(ours, o));
        let t = super::text::measure(
            Path::new("llvm-spirv-15"),
            &[bc.as_os_str(), "-o".as_ref(), theirs_out.as_os_str()],
            1,
        )?;
        theirs = Some(best(theirs, t));
    }
    let load_after = load_average();
    let (Some(ours), Some(theirs)) = (ours, theirs) else {
        anyhow::bail!("no measurement");
    };
    let phase_line = phases(&bc, &ours_out, 3)?;
    let _ = std::fs::remove_dir_all(&dir);
    let cpu_ratio = ours.cpu_ratio_text(&theirs);
    Ok(vec![
        format!(
            "translate one large module ({functions} functions, {:.1} MB bitcode), best of 5 alternating runs, load {load_before} -> {load_after}:",
            size as f64 / 1e6
        ),
        format!(
            "  wall: spirvkit {:.3} s vs llvm-spirv-15 {:.3} s: {:.1}x",
            ours.wall_secs(),
            theirs.wall_secs(),
            theirs.wall_secs() / ours.wall_secs().max(1e-9)
        ),
        format!(
            "  CPU (user+sys, all threads): spirvkit {} s vs llvm-spirv-15 {} s: {cpu_ratio}",
            ours.cpu_text(),
            theirs.cpu_text()
        ),
        format!(
            "  peak RSS: spirvkit {} MB vs llvm-spirv-15 {} MB",
            ours.rss_mb_text(),
            theirs.rss_mb_text()
        ),
        phase_line,
    ])
}

use super::text::Measured;

/// The better of two measurements of one command: fastest wall time, least CPU, smallest peak.
pub(super) fn best(previous: Option<Measured>, next: Measured) -> Measured {
    let Some(p) = previous else {
        return next;
    };
    let min_opt = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    Measured {
        time: p.time.min(next.time),
        cpu: min_opt(p.cpu, next.cpu),
        peak_kb: match (p.peak_kb, next.peak_kb) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
    }
}

/// The 1-minute load average (`/proc/loadavg`), to read every figure of this shared machine
/// against.
pub(super) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

/// In-process phases of translating `bc` (best of `runs` each, wall and thread CPU): read the
/// file, parse the bitcode, translate, encode the SPIR-V words, write the file.
fn phases(bc: &Path, out: &Path, runs: usize) -> anyhow::Result<String> {
    use super::best_of_wall_and_cpu;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    let (read_wall, read_cpu, bytes) = best_of_wall_and_cpu(runs, || std::fs::read(bc));
    let bytes = bytes?;
    let name = bc.display().to_string();
    let (parse_wall, parse_cpu, module) =
        best_of_wall_and_cpu(runs, || spirvkit_llvm::read_bitcode(&bytes, &name));
    let module = module.map_err(|e| anyhow::anyhow!("{e}"))?;
    let options = spirvkit_spir::TranslateOptions::default();
    let (tr_wall, tr_cpu, spirv) =
        best_of_wall_and_cpu(runs, || spirvkit_spir::translate(&module, &options));
    let spirv = spirv.map_err(|e| anyhow::anyhow!("{e}"))?;
    let (enc_wall, enc_cpu, words) = best_of_wall_and_cpu(runs, || spirv.to_bytes());
    let (write_wall, write_cpu, written) =
        best_of_wall_and_cpu(runs, || std::fs::write(out, &words));
    written?;
    // What the CLI runs: functions encoded on a second thread while translating.
    let (streamed_wall, streamed_cpu, streamed) = best_of_wall_and_cpu(runs, || {
        spirvkit_spir::translate_to_words(&module, &options)
    });
    let streamed = streamed.map_err(|e| anyhow::anyhow!("{e}"))?;
    anyhow::ensure!(
        spirvkit_core::binary::bytes_from_words(&streamed) == words,
        "translate_to_words differs from translate + to_bytes"
    );
    Ok(format!(
        "  phases in process (best of {runs}, wall / thread CPU ms): read file {:.1}/{:.1}, parse bitcode {:.1}/{:.1}, translate {:.1}/{:.1}, encode {:.1}/{:.1}, write {:.1}/{:.1}; translate_to_words (as the CLI: functions encoded on a second thread) {:.1}/{:.1}",
        ms(read_wall), ms(read_cpu), ms(parse_wall), ms(parse_cpu), ms(tr_wall), ms(tr_cpu),
        ms(enc_wall), ms(enc_cpu), ms(write_wall), ms(write_cpu), ms(streamed_wall), ms(streamed_cpu)
    ))
}
