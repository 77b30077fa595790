//! The `spirvkit` binary end to end: output, exit codes and error messages.
use std::path::PathBuf;
use std::process::Command;

fn spirvkit() -> Command {
    Command::new(env!("CARGO_BIN_EXE_spirvkit"))
}

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

#[test]
fn info_reports_the_example_kernel() {
    let out = spirvkit()
        .arg("info")
        .arg(example("vector_add.spv"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for expected in [
        " Version: 1.0",
        " Generator: Khronos SPIR-V Tools Assembler, version 0",
        " Addressing model: Physical64",
        " Memory model: OpenCL",
        "  Capability: Kernel",
        "  Extended Instruction Set: OpenCL.std",
        "  Entry point: Kernel \"vector_add\" (1 interface ids)",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
}

#[test]
fn malformed_input_exits_1_naming_file_and_offset() {
    let dir = std::env::temp_dir().join(format!("spirvkit-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bytes = std::fs::read(example("vector_add.spv")).unwrap();
    let truncated = dir.join("truncated.spv");
    std::fs::write(&truncated, &bytes[..bytes.len() - 12]).unwrap();
    let out = spirvkit().arg("info").arg(&truncated).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("truncated.spv: word"), "{err}");
    assert!(err.contains("runs past the end"), "{err}");

    let odd = dir.join("odd.spv");
    std::fs::write(&odd, &bytes[..bytes.len() - 1]).unwrap();
    let out = spirvkit().arg("info").arg(&odd).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a multiple of 4"));

    let out = spirvkit()
        .arg("info")
        .arg(dir.join("missing.spv"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_exit_2_and_help_lists_commands() {
    let out = spirvkit().arg("no-such-command").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = spirvkit().arg("--help").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("info"));
    let out = spirvkit().arg("--version").output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("spirvkit "));
}

#[test]
fn translate_writes_spirv_and_names_bad_inputs() {
    let dir = std::env::temp_dir().join(format!("spirvkit-cli-translate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("va.spv");
    let status = spirvkit()
        .arg("translate")
        .arg(example("vector_add.bc"))
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let bytes = std::fs::read(&out).unwrap();
    let module = spirvkit_core::Module::from_bytes(&bytes).expect("valid binary");
    assert!(module
        .instructions()
        .any(|i| i.opcode == spirvkit_grammar::Op::EntryPoint));

    let text = spirvkit()
        .arg("translate")
        .arg(example("vector_add.bc"))
        .args(["--text", "-o", "-"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("OpEntryPoint Kernel %vector_add \"vector_add\""),
        "{text}"
    );

    let garbage = dir.join("garbage.bc");
    std::fs::write(&garbage, b"BC\xC0\xDE\x35\x14\x00\x00").unwrap();
    let bad = spirvkit()
        .arg("translate")
        .arg(&garbage)
        .arg("-o")
        .arg(dir.join("g.spv"))
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("garbage.bc"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );

    let two = spirvkit()
        .arg("translate")
        .arg(example("vector_add.bc"))
        .arg(&garbage)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(
        two.status.code(),
        Some(1),
        "-o with several inputs is refused"
    );
    let unknown = spirvkit()
        .arg("translate")
        .arg(example("vector_add.bc"))
        .arg("--spirv-ext=+SPV_NOT_REAL")
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(unknown.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("SPV_NOT_REAL"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A kernel that writes through the generic address space (GenericPointer: OpenCL 2.0, not
/// allowed by the OpenCL 1.2 SPIR-V environment).
const GENERIC_POINTER_KERNEL: &str = r#"target datalayout = "e-p:64:64:64-i64:64:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(i32 addrspace(1)* %out) {
entry:
  %g = addrspacecast i32 addrspace(1)* %out to i32 addrspace(4)*
  store i32 1, i32 addrspace(4)* %g, align 4
  ret void
}

!opencl.kernels = !{!0}
!0 = !{void (i32 addrspace(1)*)* @k}
"#;

/// A SPIR 1.2 kernel that queries an image's width: OpImageQuerySize is enabled by Kernel, so
/// the output must not declare ImageQuery (which the OpenCL environments do not allow).
const IMAGE_QUERY_KERNEL: &str = r#"target datalayout = "e-p:64:64:64-i64:64:64"
target triple = "spir64-unknown-unknown"

%opencl.image2d_t = type opaque

define spir_kernel void @k(%opencl.image2d_t addrspace(1)* %img, i32 addrspace(1)* %out) {
entry:
  %w = call spir_func i32 @_Z15get_image_width11ocl_image2d(%opencl.image2d_t addrspace(1)* %img)
  store i32 %w, i32 addrspace(1)* %out, align 4
  ret void
}

declare spir_func i32 @_Z15get_image_width11ocl_image2d(%opencl.image2d_t addrspace(1)*)

!opencl.kernels = !{!0}
!0 = !{void (%opencl.image2d_t addrspace(1)*, i32 addrspace(1)*)* @k, !1, !2, !3, !4, !5}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 1}
!2 = !{!"kernel_arg_access_qual", !"read_only", !"none"}
!3 = !{!"kernel_arg_type", !"image2d_t", !"int*"}
!4 = !{!"kernel_arg_base_type", !"image2d_t", !"int*"}
!5 = !{!"kernel_arg_type_qual", !"", !""}
"#;

#[test]
fn translate_target_env_checks_the_opencl_environment() {
    let dir = std::env::temp_dir().join(format!("spirvkit-cli-env-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.spv");
    let translate = |input: &std::path::Path, env: &str| {
        spirvkit()
            .arg("translate")
            .arg(input)
            .arg(format!("--spirv-target-env={env}"))
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap()
    };
    let ok = translate(&example("vector_add.bc"), "CL1.2");
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let bytes = std::fs::read(&out).unwrap();
    let module = spirvkit_core::Module::from_bytes(&bytes).expect("valid binary");
    assert_eq!(
        module.header.version, 0x0001_0000,
        "OpenCL consumes SPIR-V 1.0"
    );

    let generic = dir.join("generic.ll");
    std::fs::write(&generic, GENERIC_POINTER_KERNEL).unwrap();
    let refused = translate(&generic, "CL1.2");
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("generic.ll")
            && message.contains("opencl1.2")
            && message.contains("GenericPointer"),
        "{message}"
    );
    for allowed in ["CL2.0", "SPV-IR"] {
        let accepted = translate(&generic, allowed);
        assert!(
            accepted.status.success(),
            "{allowed}: {}",
            String::from_utf8_lossy(&accepted.stderr)
        );
    }
    let query = dir.join("query.ll");
    std::fs::write(&query, IMAGE_QUERY_KERNEL).unwrap();
    let accepted = translate(&query, "CL1.2");
    assert!(
        accepted.status.success(),
        "{}",
        String::from_utf8_lossy(&accepted.stderr)
    );
    let module = spirvkit_core::Module::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert!(module
        .instructions()
        .any(|i| i.opcode == spirvkit_grammar::Op::ImageQuerySize));
    let unknown = translate(&generic, "CL3.0");
    assert_eq!(unknown.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("CL1.2, CL2.0 or SPV-IR"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn batches_write_next_to_their_inputs_and_print_nothing_extra_in_pipes() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("batch");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let source = std::fs::read(example("vector_add.spvasm")).unwrap();
    let inputs: Vec<PathBuf> = (0..3)
        .map(|i| {
            let p = dir.join(format!("k{i}.spvasm"));
            std::fs::write(&p, &source).unwrap();
            p
        })
        .collect();
    let out = spirvkit().arg("as").args(&inputs).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "no progress bar in a pipe");
    let binaries: Vec<PathBuf> = inputs.iter().map(|p| p.with_extension("spv")).collect();
    let single = dir.join("single.spv");
    let out = spirvkit()
        .arg("as")
        .arg(&inputs[0])
        .arg("-o")
        .arg(&single)
        .output()
        .unwrap();
    assert!(out.status.success());
    for b in &binaries {
        assert_eq!(std::fs::read(b).unwrap(), std::fs::read(&single).unwrap());
    }
    let texts = dir.join("texts");
    std::fs::create_dir_all(&texts).unwrap();
    let copies: Vec<PathBuf> = binaries
        .iter()
        .map(|b| {
            let c = texts.join(b.file_name().unwrap());
            std::fs::copy(b, &c).unwrap();
            c
        })
        .collect();
    let out = spirvkit().arg("dis").args(&copies).output().unwrap();
    assert!(out.status.success() && out.stderr.is_empty() && out.stdout.is_empty());
    for c in &copies {
        assert!(c.with_extension("spvasm").is_file());
    }
    // -o needs a single input.
    let out = spirvkit()
        .arg("as")
        .args(&inputs)
        .args(["-o", "x.spv"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn link_writes_out_spv_by_default_and_names_files_in_errors() {
    let dir = std::env::temp_dir().join(format!("spirvkit-cli-link-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let head = "OpCapability Addresses\nOpCapability Kernel\nOpCapability Linkage\nOpMemoryModel Physical64 OpenCL\n";
    let lib = format!(
        "{head}OpDecorate %f LinkageAttributes \"g\" Export\n%v = OpTypeVoid\n%fn = OpTypeFunction %v\n\
         %f = OpFunction %v None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"
    );
    let main = format!(
        "{head}OpEntryPoint Kernel %k \"k\"\nOpDecorate %f LinkageAttributes \"g\" Import\n%v = OpTypeVoid\n\
         %fn = OpTypeFunction %v\n%f = OpFunction %v None %fn\nOpFunctionEnd\n%k = OpFunction %v None %fn\n\
         %l = OpLabel\n%c = OpFunctionCall %v %f\nOpReturn\nOpFunctionEnd\n"
    );
    for (name, text) in [("lib", &lib), ("main", &main)] {
        let src = dir.join(format!("{name}.spvasm"));
        std::fs::write(&src, text).unwrap();
        let out = spirvkit()
            .arg("as")
            .arg(&src)
            .arg("-o")
            .arg(dir.join(format!("{name}.spv")))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = spirvkit()
        .current_dir(&dir)
        .args(["link", "main.spv", "lib.spv"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = spirvkit()
        .current_dir(&dir)
        .args(["val", "out.spv"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    let out = spirvkit()
        .current_dir(&dir)
        .args(["link", "main.spv", "-o", "partial.spv"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unresolved import \"g\"") && err.contains("main.spv: word"),
        "{err}"
    );
    let out = spirvkit()
        .current_dir(&dir)
        .args([
            "link",
            "--allow-partial-linkage",
            "main.spv",
            "-o",
            "partial.spv",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn translate_reverse_writes_spir_bitcode_and_refuses_invalid_spirv() {
    let dir = std::env::temp_dir().join(format!("spirvkit-cli-reverse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spv = dir.join("va.spv");
    let ok = spirvkit()
        .arg("translate")
        .arg(example("vector_add.bc"))
        .arg("-o")
        .arg(&spv)
        .status()
        .unwrap();
    assert!(ok.success());
    // Default output name: the input with `.bc`.
    let r = spirvkit()
        .args(["translate", "-r"])
        .arg(&spv)
        .output()
        .unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let bytes = std::fs::read(dir.join("va.bc")).unwrap();
    let m = spirvkit_llvm::read_bitcode(&bytes, "va.bc").expect("bitcode");
    assert!(m.triple.as_deref().is_some_and(|t| t.starts_with("spir")));
    let text = spirvkit()
        .args(["translate", "-r", "--text", "-o", "-"])
        .arg(&spv)
        .output()
        .unwrap();
    let ll = String::from_utf8_lossy(&text.stdout);
    assert!(
        ll.contains("spir_kernel") && ll.contains("_Z13get_global_idj"),
        "{ll}"
    );
    // Invalid SPIR-V: the validator's diagnostics, exit 1.
    let mut words = bytes_to_words(&std::fs::read(&spv).unwrap());
    words[3] = 1; // id bound below the ids used
    let bad = dir.join("bad.spv");
    std::fs::write(
        &bad,
        words
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    let r = spirvkit()
        .args(["translate", "-r"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr).contains("bad.spv"));
    let _ = std::fs::remove_dir_all(&dir);
}

fn bytes_to_words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// A kernel whose only validator finding is in its debug information (a DebugTypeFunction
/// returning a non-debug type, as llvm-spirv-15's `-g` output has such findings).
const KERNEL_WITH_INVALID_DEBUG_INFO: &str = r#"
OpCapability Addresses
OpCapability Kernel
%ext = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
%file = OpString "/src/a.cl"
%kname = OpString "k"
%void = OpTypeVoid
%int = OpTypeInt 32 0
%fty = OpTypeFunction %void
%src = OpExtInst %void %ext DebugSource %file
%cu = OpExtInst %void %ext DebugCompilationUnit 65536 4 %src OpenCL_C
%tfn = OpExtInst %void %ext DebugTypeFunction None %int
%dk = OpExtInst %void %ext DebugFunction %kname %tfn %src 3 0 %cu %kname FlagIsDefinition 3 %k
%k = OpFunction %void None %fty
%entry = OpLabel
%s = OpExtInst %void %ext DebugScope %dk
OpLine %file 4 2
OpReturn
OpFunctionEnd
"#;

#[test]
fn translate_reverse_reads_modules_whose_only_findings_are_in_debug_info() {
    let dir = std::env::temp_dir().join(format!("spirvkit-cli-revdbg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = dir.join("k.spvasm");
    let spv = dir.join("k.spv");
    std::fs::write(&text, KERNEL_WITH_INVALID_DEBUG_INFO).unwrap();
    let ok = spirvkit()
        .arg("as")
        .arg(&text)
        .arg("-o")
        .arg(&spv)
        .status()
        .unwrap();
    assert!(ok.success());
    // The validator refuses it...
    let val = spirvkit().arg("val").arg(&spv).output().unwrap();
    assert!(!val.status.success());
    assert!(String::from_utf8_lossy(&val.stderr).contains("ext_inst.debug_info"));
    // ... `translate -r` reads it, with its debug information.
    let r = spirvkit()
        .args(["translate", "-r", "--text", "-o", "-"])
        .arg(&spv)
        .output()
        .unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let ll = String::from_utf8_lossy(&r.stdout);
    assert!(
        ll.contains("define spir_kernel void @k() #0 !dbg !"),
        "{ll}"
    );
    assert!(ll.contains("ret void, !dbg !"), "{ll}");
    assert!(ll.contains("distinct !DISubprogram(name: \"k\""), "{ll}");
    let _ = std::fs::remove_dir_all(&dir);
}
