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

/// A module of `functions` small functions (no capabilities: only for runs that skip
/// validation), as file bytes.
fn many_functions(functions: u32) -> Vec<u8> {
    use spirvkit_core::builder::Builder;
    use spirvkit_core::grammar::Op;
    use spirvkit_core::Operand;
    let mut b = Builder::new(0x0001_0000, 0);
    let void = b.type_void();
    let int = b.type_int(32, false);
    let fn_ty = b.type_function(void, &[]);
    for i in 0..functions {
        b.begin_function(void, 0, fn_ty);
        b.begin_block();
        let c = b.constant_u32(int, i);
        b.push(
            Op::IAdd,
            Some(int),
            true,
            vec![Operand::Id(c), Operand::Id(c)],
        );
        b.push(Op::Return, None, false, vec![]);
    }
    spirvkit_core::binary::bytes_from_words(&b.finish().to_words())
}

#[test]
fn a_large_input_file_gives_the_bytes_standard_input_gives() {
    // From 1 MiB, an input file is mapped rather than read (input.rs); standard input is
    // read. Either way the module round-trips exactly.
    let input = many_functions(16_000);
    assert!(input.len() >= 1 << 20, "{} bytes", input.len());
    let dir = std::env::temp_dir().join(format!("spirvkit-opt-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (file, out) = (dir.join("in.spv"), dir.join("out.spv"));
    std::fs::write(&file, &input).unwrap();
    let through_file = spirvkit()
        .args(["opt", "--skip-validation", "-o"])
        .args([&out, &file])
        .output()
        .unwrap();
    assert!(
        through_file.status.success(),
        "{}",
        String::from_utf8_lossy(&through_file.stderr)
    );
    let mut child = spirvkit()
        .args(["opt", "--skip-validation", "-o", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let through_stdin = child.wait_with_output().unwrap();
    assert!(through_stdin.status.success());
    // A pipe named by a path is written in order (no positioned writes).
    #[cfg(unix)]
    {
        let through_path = spirvkit()
            .args(["opt", "--skip-validation", "-o", "/dev/stdout"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            through_path.status.success(),
            "{}",
            String::from_utf8_lossy(&through_path.stderr)
        );
        assert!(
            through_path.stdout == input,
            "the /dev/stdout run changed the module"
        );
    }
    let written = std::fs::read(&out).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(written == input, "the file run changed the module");
    assert!(
        through_stdin.stdout == input,
        "the stdin run changed the module"
    );
}

#[test]
fn a_large_file_is_read_in_either_byte_order_in_place_and_broken() {
    // A large host-order file is used as words where it is mapped (input.rs `spirv_words`);
    // the other byte order is converted; both give the module, and so does writing the
    // output over the input (the map is gone before the output is created). A broken large
    // file is reported as a read one is.
    let input = many_functions(16_000);
    let dir = std::env::temp_dir().join(format!("spirvkit-opt-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&std::path::Path]| {
        let mut c = spirvkit();
        c.args(["opt", "--skip-validation", "--eliminate-dead-const", "-o"]);
        c.args(args).output().unwrap()
    };
    let (little, big, out) = (dir.join("le.spv"), dir.join("be.spv"), dir.join("out.spv"));
    std::fs::write(&little, &input).unwrap();
    let swapped: Vec<u8> = input
        .chunks_exact(4)
        .flat_map(|w| [w[3], w[2], w[1], w[0]])
        .collect();
    std::fs::write(&big, &swapped).unwrap();
    let first = run(&[&out, &little]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let from_little = std::fs::read(&out).unwrap();
    assert!(run(&[&out, &big]).status.success());
    assert!(
        std::fs::read(&out).unwrap() == from_little,
        "big-endian input"
    );
    assert!(run(&[&little, &little]).status.success());
    assert!(std::fs::read(&little).unwrap() == from_little, "in place");
    let mut broken = input.clone();
    broken.push(0);
    std::fs::write(&little, &broken).unwrap();
    let failed = run(&[&out, &little]);
    let message = String::from_utf8_lossy(&failed.stderr).into_owned();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(failed.status.code(), Some(1), "{message}");
    assert!(
        message.contains("le.spv") && message.contains("byte"),
        "{message}"
    );
}

#[cfg(unix)]
#[test]
fn an_existing_output_keeps_its_mode_links_and_link_targets() {
    // The output replaces an existing regular file (input.rs `create_replacing`) but writes
    // through a symbolic link and into a file with another hard link, as truncating did.
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("spirvkit-opt-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = example("vector_add.spv");
    let run = |out: &std::path::Path| {
        let status = spirvkit()
            .args(["opt", "--strip-debug", "-o"])
            .args([out, input.as_path()])
            .status()
            .unwrap();
        assert!(status.success());
    };
    let (plain, target, link, hard) = (
        dir.join("plain.spv"),
        dir.join("target.spv"),
        dir.join("link.spv"),
        dir.join("hard.spv"),
    );
    std::fs::write(&plain, b"old").unwrap();
    std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o640)).unwrap();
    run(&plain);
    let expected = std::fs::read(&plain).unwrap();
    assert!(expected.len() > 20);
    let mode = std::fs::metadata(&plain).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    std::fs::write(&target, b"old").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    run(&link);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read(&target).unwrap(), expected);
    std::fs::hard_link(&target, &hard).unwrap();
    std::fs::write(&target, b"old").unwrap();
    run(&hard);
    assert_eq!(std::fs::read(&target).unwrap(), expected);
    std::fs::remove_dir_all(&dir).unwrap();
}
