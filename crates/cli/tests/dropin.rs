//! The multi-call binary under the reference tools' names, against the reference tools on
//! corpus samples: output bytes/text, exit status, and the stdout/stderr split.
mod common;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn workspace() -> PathBuf {
    spirvkit_test_support::workspace_root()
}

/// Links to the spirvkit binary under every tool name, made by `spirvkit install-links`.
fn links() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| common::install_links("dropin-links"))
}

fn tool(name: &str) -> Command {
    Command::new(links().join(name))
}

/// The native SPIRV-Tools binaries of `.venv` (`None` when absent; a failure under CI).
fn reference_dir() -> Option<PathBuf> {
    let venv = workspace().join(".venv");
    let mut candidates = Vec::new();
    if let Ok(entries) = std::fs::read_dir(venv.join("lib")) {
        for e in entries.flatten() {
            candidates.push(e.path().join("site-packages/cmeel.prefix/bin"));
        }
    }
    candidates.push(venv.join("bin"));
    let found = candidates
        .into_iter()
        .find(|d| d.join("spirv-cfg").is_file());
    if found.is_none() && std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("CI=true but the reference SPIRV-Tools are missing (run .ci/setup)");
    }
    found
}

/// Corpus and reference tools, or `None` (skip) outside CI.
fn setup() -> Option<(PathBuf, PathBuf)> {
    let corpus = spirvkit_test_support::corpus_dir()?;
    let tools = reference_dir()?;
    Some((corpus, tools))
}

/// Every `step`-th file (a sample spread over the whole corpus).
fn sample(dir: &Path, extensions: &[&str], step: usize) -> Vec<PathBuf> {
    spirvkit_test_support::files_with_extensions(dir, extensions)
        .into_iter()
        .step_by(step)
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(mut cmd: Command) -> Output {
    cmd.output().unwrap()
}

#[test]
fn spirv_as_gives_the_reference_bytes_status_and_messages() {
    let Some((corpus, tools)) = setup() else {
        return;
    };
    let dir = scratch("dropin-as");
    let files = sample(
        &corpus.join("spvasm"),
        &["spvasm", "spvasm32", "spvasm64"],
        6,
    );
    assert!(files.len() > 100);
    for f in &files {
        let (r_out, m_out) = (dir.join("r.spv"), dir.join("m.spv"));
        let _ = std::fs::remove_file(&r_out);
        let _ = std::fs::remove_file(&m_out);
        let mut r = Command::new(tools.join("spirv-as"));
        r.args(["--target-env", "spv1.6", "-o"]).arg(&r_out).arg(f);
        let mut m = tool("spirv-as");
        m.args(["--target-env", "spv1.6", "-o"]).arg(&m_out).arg(f);
        let (r, m) = (run(r), run(m));
        assert_eq!(r.status.code(), m.status.code(), "{}", f.display());
        assert_eq!(r.stderr, m.stderr, "{}", f.display());
        assert_eq!(r.stdout, m.stdout, "{}", f.display());
        assert_eq!(
            std::fs::read(&r_out).ok(),
            std::fs::read(&m_out).ok(),
            "{}",
            f.display()
        );
    }
}

#[test]
fn spirv_as_writes_out_spv_by_default_and_exits_with_the_result_code() {
    let dir = scratch("dropin-as-default");
    let _ = std::fs::remove_file(dir.join("out.spv"));
    let src = dir.join("k.spvasm");
    std::fs::write(&src, "OpCapability Shader\nOpMemoryModel Logical GLSL450\n").unwrap();
    let mut cmd = tool("spirv-as");
    cmd.current_dir(&dir).arg(&src);
    let out = run(cmd);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("out.spv").is_file());
    // SPV_ERROR_INVALID_LOOKUP (-9) for an unknown opcode, SPV_ERROR_INVALID_TEXT (-5) else.
    std::fs::write(&src, "OpFoo\n").unwrap();
    let out = run({
        let mut c = tool("spirv-as");
        c.arg(&src).arg("-o").arg(dir.join("x.spv"));
        c
    });
    assert_eq!(out.status.code(), Some(247));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: 1: 1: Invalid Opcode name 'OpFoo'\n"
    );
    std::fs::write(&src, "OpCapability Bogus\n").unwrap();
    let out = run({
        let mut c = tool("spirv-as");
        c.arg(&src).arg("-o").arg(dir.join("x.spv"));
        c
    });
    assert_eq!(out.status.code(), Some(251));
    let out = run({
        let mut c = tool("spirv-as");
        c.arg(dir.join("missing.spvasm"));
        c
    });
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("file does not exist"));
}

#[test]
fn spirv_dis_and_spirv_cfg_give_the_reference_text() {
    let Some((corpus, tools)) = setup() else {
        return;
    };
    let files = sample(&corpus.join("spv"), &["spv"], 7);
    assert!(files.len() > 100);
    for (i, f) in files.iter().enumerate() {
        // A few flag combinations, rotated over the sample.
        let flags: &[&str] = match i % 4 {
            0 => &[],
            1 => &["--raw-id", "--no-header"],
            2 => &["--no-indent", "--offsets"],
            _ => &["--comment"],
        };
        let r = run({
            let mut c = Command::new(tools.join("spirv-dis"));
            c.args(flags).arg(f);
            c
        });
        let m = run({
            let mut c = tool("spirv-dis");
            c.args(flags).arg(f);
            c
        });
        assert_eq!(r.status.code(), m.status.code(), "{}", f.display());
        assert!(r.stdout == m.stdout, "spirv-dis {flags:?} {}", f.display());
        let r = run({
            let mut c = Command::new(tools.join("spirv-cfg"));
            c.arg(f);
            c
        });
        let m = run({
            let mut c = tool("spirv-cfg");
            c.arg(f);
            c
        });
        assert_eq!(r.status.code(), m.status.code(), "{}", f.display());
        assert!(r.stdout == m.stdout, "spirv-cfg {}", f.display());
        assert!(m.stderr.is_empty());
    }
}

#[test]
fn spirv_val_gives_the_reference_status_on_stderr_only() {
    let Some((corpus, tools)) = setup() else {
        return;
    };
    let files = sample(&corpus.join("spv"), &["spv"], 5);
    let mut invalid = 0;
    for f in &files {
        for env in [["--target-env", "vulkan1.1"], ["--max-id-bound", "4194303"]] {
            let r = run({
                let mut c = Command::new(tools.join("spirv-val"));
                c.args(env).arg(f);
                c
            });
            let m = run({
                let mut c = tool("spirv-val");
                c.args(env).arg(f);
                c
            });
            assert_eq!(r.status.code(), m.status.code(), "{env:?} {}", f.display());
            assert!(m.stdout.is_empty());
            if !m.status.success() {
                invalid += 1;
                let first = String::from_utf8_lossy(&m.stderr);
                assert!(first.starts_with("error: line "), "{first}");
            }
        }
    }
    assert!(invalid > 0, "the sample has invalid modules");
}

#[test]
fn limits_take_their_value_after_a_space_or_an_equals_sign() {
    let example = workspace().join("examples/vector_add.spv");
    for args in [
        vec!["--max-id-bound=5".to_string()],
        vec!["--max-id-bound".to_string(), "5".to_string()],
    ] {
        let out = run({
            let mut c = tool("spirv-val");
            c.args(&args).arg(&example);
            c
        });
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: line 0: "), "{err}");
        assert!(err.contains("id bound"), "{err}");
    }
    let out = run({
        let mut c = tool("spirv-val");
        c.arg("--max-id-bound=1000").arg(&example);
        c
    });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run({
        let mut c = tool("spirv-val");
        c.arg("--bogus").arg(&example);
        c
    });
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn spirv_opt_gives_the_reference_bytes_for_strip_debug_and_usage_errors() {
    let Some((corpus, tools)) = setup() else {
        return;
    };
    let dir = scratch("dropin-spirv-opt");
    for input in sample(&corpus.join("spv"), &["spv"], 97) {
        let ours = dir.join("ours.spv");
        let theirs = dir.join("theirs.spv");
        let a = run({
            let mut c = tool("spirv-opt");
            c.arg("--strip-debug").arg(&input).arg("-o").arg(&ours);
            c
        });
        let b = run({
            let mut c = Command::new(tools.join("spirv-opt"));
            c.arg("--strip-debug").arg(&input).arg("-o").arg(&theirs);
            c
        });
        assert_eq!(a.status.code(), b.status.code(), "{}", input.display());
        if b.status.success() {
            assert_eq!(
                std::fs::read(&ours).unwrap(),
                std::fs::read(&theirs).unwrap(),
                "{}",
                input.display()
            );
        }
    }
    // A pass flag nobody knows is a usage error, never ignored.
    let out = run({
        let mut c = tool("spirv-opt");
        c.arg("--no-such-pass").arg("x.spv");
        c
    });
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-pass"));
}

#[test]
fn spirv_link_links_and_fails_like_spirv_link() {
    let example = workspace().join("examples/vector_add.spv");
    let dir = scratch("dropin-spirv-link");
    let out_path = dir.join("linked.spv");
    let out = run({
        let mut c = tool("spirv-link");
        c.arg(&example).arg("-o").arg(&out_path);
        c
    });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let words = std::fs::read(&out_path).unwrap();
    assert!(words.len() >= 20 && words[..4] == [0x03, 0x02, 0x23, 0x07]);
    // The same entry point twice is an error (spirv-link: exit 1, message on stderr).
    let out = run({
        let mut c = tool("spirv-link");
        c.arg(&example)
            .arg(&example)
            .arg("-o")
            .arg(dir.join("twice.spv"));
        c
    });
    assert_eq!(out.status.code(), Some(1));
    assert!(!out.stderr.is_empty() && out.stdout.is_empty());
}

#[test]
fn llvm_spirv_takes_single_dash_options_and_names_outputs_like_llvm_spirv() {
    let Some(corpus) = spirvkit_test_support::corpus_dir() else {
        return;
    };
    let dir = scratch("dropin-llvm-spirv");
    let files = sample(&corpus.join("spir12"), &["bc64", "bc32"], 150);
    assert!(!files.is_empty());
    for f in &files {
        let input = dir.join("kernel.bc");
        std::fs::copy(f, &input).unwrap();
        let default_out = dir.join("kernel.spv");
        let _ = std::fs::remove_file(&default_out);
        let out = run({
            let mut c = tool("llvm-spirv");
            c.arg(&input);
            c
        });
        assert!(
            out.status.success(),
            "{}: {}",
            f.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let by_default = std::fs::read(&default_out).unwrap();
        let out = run({
            let mut c = tool("llvm-spirv");
            c.args(["-spirv-max-version=1.4", "--spirv-ext=+all", "-o", "-"])
                .arg(&input);
            c
        });
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.stdout.get(..4), Some(&[3u8, 2, 0x23, 7][..]));
        let explicit = dir.join("explicit.spv");
        let out = run({
            let mut c = tool("llvm-spirv");
            c.arg(format!("-o={}", explicit.display())).arg(&input);
            c
        });
        assert!(out.status.success());
        assert_eq!(std::fs::read(&explicit).unwrap(), by_default);
    }
    let out = run({
        let mut c = tool("llvm-spirv");
        c.arg("-no-such-option").arg("x.bc");
        c
    });
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Unknown command line argument"));
}

#[test]
fn llvm_spirv_r_writes_bitcode_next_to_the_input_that_llvm_dis_reads() {
    let dir = scratch("dropin-llvm-spirv-r");
    let input = dir.join("vector_add.spv");
    std::fs::copy(workspace().join("examples/vector_add.spv"), &input).unwrap();
    let out = run({
        let mut c = tool("llvm-spirv");
        c.arg("-r").arg(&input);
        c
    });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bitcode = std::fs::read(dir.join("vector_add.bc")).unwrap();
    assert_eq!(&bitcode[..4], b"BC\xc0\xde");
    // llvm-dis-15 (when installed; CI installs it) reads it and finds the kernel.
    if let Ok(dis) = Command::new("llvm-dis-15")
        .arg(dir.join("vector_add.bc"))
        .arg("-o")
        .arg("-")
        .output()
    {
        let text = String::from_utf8_lossy(&dis.stdout);
        assert!(
            dis.status.success() && text.contains("spir_kernel"),
            "{text}"
        );
    }
}

#[test]
fn llvm_spirv_text_format_converts_both_ways_and_feeds_the_reverse_direction() {
    let dir = scratch("dropin-llvm-spirv-text");
    let data = workspace().join("crates/text/tests/data/llvm_text");
    let spv = dir.join("golden.spv");
    std::fs::copy(data.join("golden.spv"), &spv).unwrap();
    // -to-text: default output next to the input with .spt, llvm-spirv-15's exact text.
    let out = run({
        let mut c = tool("llvm-spirv");
        c.arg("-to-text").arg(&spv);
        c
    });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let spt = dir.join("golden.spt");
    assert_eq!(
        std::fs::read(&spt).unwrap(),
        std::fs::read(data.join("golden.spt")).unwrap()
    );
    // -to-binary gives back the words.
    let back = dir.join("back.spv");
    let out = run({
        let mut c = tool("llvm-spirv");
        c.arg("--to-binary").arg(&spt).arg("-o").arg(&back);
        c
    });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(&back).unwrap(), std::fs::read(&spv).unwrap());
    // -r reads the text form (golden.spv is llvm-spirv-15 output that does not validate,
    // which the reverse direction requires; decl's does).
    let decl = dir.join("decl.spt");
    std::fs::copy(data.join("decl.spt"), &decl).unwrap();
    let out = run({
        let mut c = tool("llvm-spirv");
        c.arg("-r").arg(&decl);
        c
    });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        &std::fs::read(dir.join("decl.bc")).unwrap()[..4],
        b"BC\xc0\xde"
    );
    // -spirv-text: the forward translation written as text (.spt by default), which reads
    // back to a module that validates.
    let bc = dir.join("k.bc");
    std::fs::copy(workspace().join("examples/vector_add.bc"), &bc).unwrap();
    let out = run({
        let mut c = tool("llvm-spirv");
        c.arg("-spirv-text").arg(&bc);
        c
    });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read(dir.join("k.spt")).unwrap();
    assert!(text.starts_with(b"119734787 "));
    let words = spirvkit_text::llvm_text::read(&text).unwrap();
    assert!(spirvkit_val::validate(&words, &spirvkit_val::ValidatorOptions::default()).is_ok());
}

/// A Debian LLVM tool (`llvm-spirv-15`, `llvm-dis-15`), or `None` (skip) outside CI.
fn debian_tool(name: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    });
    if found.is_none() && std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("CI=true but {name} is missing (run .ci/setup)");
    }
    found
}

/// The `define spir_kernel` names of a bitcode file, by llvm-dis-15.
fn kernel_names(llvm_dis: &Path, bitcode: &Path) -> Vec<String> {
    let out = run({
        let mut c = Command::new(llvm_dis);
        c.arg(bitcode).args(["-o", "-"]);
        c
    });
    assert!(out.status.success(), "llvm-dis-15 {}", bitcode.display());
    let mut names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("define") && l.contains("spir_kernel"))
        .filter_map(|l| l.split('@').nth(1))
        .filter_map(|l| l.split('(').next())
        .map(str::to_owned)
        .collect();
    names.sort();
    names
}

/// The entry-point names of a SPIR-V binary, by spirvkit dis.
fn entry_points(spv: &Path) -> Vec<String> {
    let out = run({
        let mut c = Command::new(env!("CARGO_BIN_EXE_spirvkit"));
        c.args(["dis", "-o", "-"]).arg(spv);
        c
    });
    assert!(
        out.status.success(),
        "{}: {}",
        spv.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.trim_start().starts_with("OpEntryPoint"))
        .filter_map(|l| l.split('"').nth(1).map(str::to_owned))
        .collect();
    names.sort();
    names
}

#[test]
fn llvm_spirv_forward_and_reverse_match_llvm_spirv_15_on_corpus_samples() {
    let Some((corpus, tools)) = setup() else {
        return;
    };
    let (Some(reference), Some(llvm_dis)) =
        (debian_tool("llvm-spirv-15"), debian_tool("llvm-dis-15"))
    else {
        return;
    };
    let spirv_val = tools.join("spirv-val");
    let dir = scratch("dropin-llvm-spirv-15");
    let files = sample(&corpus.join("spir12"), &["bc64", "bc32"], 120);
    assert!(files.len() > 20);
    for f in &files {
        let (ours_spv, ref_spv) = (dir.join("ours.spv"), dir.join("ref.spv"));
        let ours = run({
            let mut c = tool("llvm-spirv");
            c.arg(f).arg("-o").arg(&ours_spv);
            c
        });
        let theirs = run({
            let mut c = Command::new(&reference);
            c.arg(f).arg("-o").arg(&ref_spv);
            c
        });
        // llvm-spirv-15 aborts on a few kernels (an assertion, no exit code): spirvkit then
        // must still finish with 0 or 1, and what it writes must be valid.
        match theirs.status.code() {
            None => assert!(matches!(ours.status.code(), Some(0 | 1)), "{}", f.display()),
            code => assert_eq!(ours.status.code(), code, "{}", f.display()),
        }
        assert!(ours.stdout.is_empty() && theirs.stdout.is_empty());
        if !ours.status.success() {
            continue;
        }
        let valid = run({
            let mut c = Command::new(&spirv_val);
            c.arg(&ours_spv);
            c
        });
        assert!(valid.status.success(), "spirv-val rejects {}", f.display());
        if theirs.status.success() {
            assert_eq!(
                entry_points(&ours_spv),
                entry_points(&ref_spv),
                "{}",
                f.display()
            );
        }

        // -r of the SPIR-V: the same status, and the same kernels in the bitcode.
        assert_reverse_matches(&reference, &llvm_dis, &ours_spv, &dir, f);
    }
    // Errors: a missing input and input that is not bitcode exit 1 with a message on stderr.
    let garbage = dir.join("garbage.bc");
    std::fs::write(&garbage, b"garbage\n").unwrap();
    for input in [dir.join("missing.bc"), garbage] {
        let ours = run({
            let mut c = tool("llvm-spirv");
            c.arg(&input).arg("-o").arg(dir.join("x.spv"));
            c
        });
        let theirs = run({
            let mut c = Command::new(&reference);
            c.arg(&input).arg("-o").arg(dir.join("y.spv"));
            c
        });
        assert_eq!(
            ours.status.code(),
            theirs.status.code(),
            "{}",
            input.display()
        );
        assert_eq!(ours.status.code(), Some(1));
        assert!(ours.stdout.is_empty() && !ours.stderr.is_empty());
    }
}

/// `llvm-spirv -r SPV` and `llvm-spirv-15 -r SPV`: the same exit status, nothing on stdout,
/// and bitcode with the same kernels.
fn assert_reverse_matches(reference: &Path, llvm_dis: &Path, spv: &Path, dir: &Path, f: &Path) {
    let (ours_bc, ref_bc) = (dir.join("ours.bc"), dir.join("ref.bc"));
    let ours = run({
        let mut c = tool("llvm-spirv");
        c.arg("-r").arg(spv).arg("-o").arg(&ours_bc);
        c
    });
    let theirs = run({
        let mut c = Command::new(reference);
        c.arg("-r").arg(spv).arg("-o").arg(&ref_bc);
        c
    });
    assert_eq!(
        ours.status.code(),
        theirs.status.code(),
        "-r {}: {}",
        f.display(),
        String::from_utf8_lossy(&ours.stderr)
    );
    assert!(ours.stdout.is_empty() && theirs.stdout.is_empty());
    if theirs.status.success() {
        assert_eq!(
            kernel_names(llvm_dis, &ours_bc),
            kernel_names(llvm_dis, &ref_bc),
            "-r {}",
            f.display()
        );
    }
}

/// llvm-spirv-15 emits each kernel as an exported function plus an entry-point wrapper of the
/// same name; its `-r` folds them back into one kernel, and so does spirvkit's
/// (reverse/entry_wrappers.rs), so a runtime asking for kernel NAME finds the body.
#[test]
fn llvm_spirv_r_of_llvm_spirv_15_output_keeps_the_kernel_names() {
    let Some((corpus, _tools)) = setup() else {
        return;
    };
    let (Some(reference), Some(llvm_dis)) =
        (debian_tool("llvm-spirv-15"), debian_tool("llvm-dis-15"))
    else {
        return;
    };
    let dir = scratch("dropin-llvm-spirv-15-r");
    for f in sample(&corpus.join("spir12"), &["bc64"], 120) {
        let spv = dir.join("ref.spv");
        let made = run({
            let mut c = Command::new(&reference);
            c.arg(&f).arg("-o").arg(&spv);
            c
        });
        if made.status.success() {
            assert_reverse_matches(&reference, &llvm_dis, &spv, &dir, &f);
        }
    }
}

/// llvm-spirv's `-spirv-allow-unknown-intrinsics[=prefixes]` (its AllowIntrinsics.ll RUN
/// lines): a flag that may carry a value after `=`.
#[test]
fn llvm_spirv_allow_unknown_intrinsics_takes_an_optional_prefix_list() {
    let dir = scratch("dropin-llvm-spirv-intrinsics");
    let input = dir.join("unknown.ll");
    std::fs::write(
        &input,
        "target triple = \"spir64\"\n\
         declare i64 @llvm.some.custom.intrinsic()\n\
         define spir_func i64 @foo() {\nentry:\n  %v = call i64 @llvm.some.custom.intrinsic()\n  ret i64 %v\n}\n",
    )
    .unwrap();
    let status = |args: &[&str]| {
        let mut c = tool("llvm-spirv");
        c.args(args).arg(&input).arg("-o").arg(dir.join("out.spv"));
        run(c).status.code()
    };
    assert_eq!(status(&[]), Some(1));
    assert_eq!(status(&["-spirv-allow-unknown-intrinsics"]), Some(0));
    assert_eq!(status(&["-spirv-allow-unknown-intrinsics=llvm."]), Some(0));
    assert_eq!(status(&["-spirv-allow-unknown-intrinsics="]), Some(0));
    assert_eq!(
        status(&["--spirv-allow-unknown-intrinsics=non,llvm.2"]),
        Some(1)
    );
}

/// llvm-spirv's `-spirv-emit-function-ptr-addr-space` (a flag, one or two dashes): function
/// pointers in address space 9 become CodeSectionINTEL (5605) pointers.
#[test]
fn llvm_spirv_emit_function_ptr_addr_space() {
    let dir = scratch("dropin-llvm-spirv-code-section");
    let input = dir.join("fp.ll");
    std::fs::write(
        &input,
        "target triple = \"spir64-unknown-unknown\"\n\
         define spir_func i32 @foo(i32 %a) addrspace(9) {\nentry:\n  ret i32 %a\n}\n\
         define spir_func i32 @bar(i32 %a) {\nentry:\n  %r = call spir_func addrspace(9) i32 @foo(i32 %a)\n  %p = alloca ptr addrspace(9)\n  store ptr addrspace(9) @foo, ptr %p\n  ret i32 %r\n}\n",
    )
    .unwrap();
    let text = |args: &[&str]| {
        let mut c = tool("llvm-spirv");
        c.args(args)
            .arg("--spirv-ext=+SPV_INTEL_function_pointers")
            .arg("-spirv-text")
            .arg(&input)
            .arg("-o")
            .arg("-");
        let out = run(c);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let code_section = |t: &str| {
        t.lines()
            .any(|l| l.contains("TypePointer") && l.contains(" 5605 "))
    };
    assert!(!code_section(&text(&[])));
    assert!(code_section(&text(&[
        "-spirv-emit-function-ptr-addr-space"
    ])));
    assert!(code_section(&text(&[
        "--spirv-emit-function-ptr-addr-space"
    ])));
}

#[test]
fn llvm_spirv_debug_info_version_ocl_100_and_none() {
    // `-spirv-debug-info-version=ocl-100` (the default) writes OpenCL.DebugInfo.100 for a
    // `-g` module, `nonsemantic-shader-100/200` the NonSemantic.Shader.DebugInfo sets,
    // `legacy` the OpenCL instructions (under their registered name); spirvkit's `none`
    // drops it; an unknown value is refused by name.
    let input = workspace().join("crates/llvm/tests/data/debug_kernel.bc");
    let dir = scratch("dropin-llvm-spirv-debug-info");
    let has = |bytes: &[u8], name: &str| bytes.windows(name.len()).any(|w| w == name.as_bytes());
    for (version, set) in [
        ("ocl-100", Some("OpenCL.DebugInfo.100")),
        ("legacy", Some("OpenCL.DebugInfo.100")),
        (
            "nonsemantic-shader-100",
            Some("NonSemantic.Shader.DebugInfo.100"),
        ),
        (
            "nonsemantic-shader-200",
            Some("NonSemantic.Shader.DebugInfo.200"),
        ),
        (
            "nonsemantic-kernel-100",
            Some("NonSemantic.Kernel.DebugInfo.100"),
        ),
        ("none", None),
    ] {
        let output = dir.join(format!("{version}.spv"));
        let out = run({
            let mut c = tool("llvm-spirv");
            c.arg(format!("-spirv-debug-info-version={version}"))
                .arg("-o")
                .arg(&output)
                .arg(&input);
            c
        });
        assert!(
            out.status.success(),
            "{version}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let bytes = std::fs::read(&output).unwrap();
        match set {
            Some(set) => assert!(has(&bytes, set), "{version}"),
            None => assert!(!has(&bytes, "DebugInfo"), "{version}"),
        }
    }
    let out = run({
        let mut c = tool("llvm-spirv");
        c.arg("--spirv-debug-info-version=nonsemantic-shader-300")
            .arg("-o")
            .arg(dir.join("bad.spv"))
            .arg(&input);
        c
    });
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("nonsemantic-shader-300"));
}

/// `llvm-spirv -r` reads what llvm-spirv writes under extensions that lift rules SPIRV-Tools
/// 2025.5 still applies (session 19, litrev19): a 6-component vector under
/// SPV_INTEL_vector_compute's VectorAnyINTEL and `OpTypeInt 4` under SPV_INTEL_int4's
/// Int4TypeINTEL are translated; without the capability the same vector is still refused as
/// invalid SPIR-V.
#[test]
fn llvm_spirv_r_reads_what_declared_extensions_allow() {
    let dir = scratch("dropin-llvm-spirv-r-extensions");
    let module = |capabilities: &str| {
        format!(
            "OpCapability Addresses\nOpCapability Kernel\nOpCapability Linkage\n{capabilities}\
             OpMemoryModel Physical64 OpenCL\n\
             OpDecorate %f LinkageAttributes \"f\" Export\n\
             %void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%v6uint = OpTypeVector %uint 6\n\
             %fn = OpTypeFunction %void %v6uint\n\
             %f = OpFunction %void None %fn\n%x = OpFunctionParameter %v6uint\n\
             %l = OpLabel\nOpReturn\nOpFunctionEnd\n"
        )
    };
    let assemble = |name: &str, text: &str| -> PathBuf {
        let src = dir.join(format!("{name}.spvasm"));
        let spv = dir.join(format!("{name}.spv"));
        std::fs::write(&src, text).unwrap();
        let mut c = tool("spirv-as");
        c.arg(&src).arg("-o").arg(&spv);
        let out = run(c);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        spv
    };
    let allowed = assemble(
        "vector_any",
        &module("OpCapability VectorAnyINTEL\nOpExtension \"SPV_INTEL_vector_compute\"\n"),
    );
    let mut c = tool("llvm-spirv");
    c.arg("-r")
        .arg(&allowed)
        .arg("-o")
        .arg(dir.join("vector_any.ll"));
    let out = run(c);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ll = std::fs::read_to_string(dir.join("vector_any.ll")).unwrap();
    assert!(ll.contains("<6 x i32>"), "{ll}");

    let refused = assemble("vector_six", &module(""));
    let mut c = tool("llvm-spirv");
    c.arg("-r")
        .arg(&refused)
        .arg("-o")
        .arg(dir.join("vector_six.ll"));
    let out = run(c);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("invalid SPIR-V"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
