//! `spirvkit opt` end to end: stdin/stdout, pass order, exit codes.
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn spirvkit() -> Command {
    Command::new(env!("CARGO_BIN_EXE_spirvkit"))
}

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

#[test]
fn optimizes_the_example_kernel_through_stdin_and_stdout() {
    let input = std::fs::read(example("vector_add.spv")).unwrap();
    let mut child = spirvkit()
        .args(["opt", "--strip-debug", "-O", "-o", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (words, _) = spirvkit_core::words_from_bytes(&out.stdout).unwrap();
    spirvkit_val::validate(&words, &Default::default()).unwrap();
    let module = spirvkit_core::Module::from_words(&words).unwrap();
    assert!(!module
        .instructions()
        .any(|i| i.opcode == spirvkit_core::grammar::Op::Name));
}

#[test]
fn unknown_and_unimplemented_flags_are_usage_errors() {
    for flag in ["--no-such-pass", "--loop-unroll"] {
        let out = spirvkit()
            .args(["opt", flag, "-o", "-"])
            .arg(example("vector_add.spv"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(flag), "{err}");
    }
}

#[test]
fn invalid_input_prints_the_validator_diagnostics() {
    let mut words =
        spirvkit_core::words_from_bytes(&std::fs::read(example("vector_add.spv")).unwrap())
            .unwrap()
            .0;
    // Drop the memory model: a layout error.
    let module = spirvkit_core::Module::from_words(&words).unwrap();
    let mut m = module.clone();
    m.globals
        .retain(|i| i.opcode != spirvkit_core::grammar::Op::MemoryModel);
    words = m.to_words();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("opt-invalid.spv");
    std::fs::write(&path, spirvkit_core::binary::bytes_from_words(&words)).unwrap();
    let out = spirvkit()
        .args(["opt", "-O", "-o", "-"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error"));
    let out = spirvkit()
        .args(["opt", "--skip-validation", "--strip-debug", "-o", "-"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}
