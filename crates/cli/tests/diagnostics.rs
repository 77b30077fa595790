//! `--diagnostics-format=json|sarif`: on every invalid corpus module the output parses and
//! carries the fields (level, code, message, file, word/byte offset, instruction index, the
//! instruction as a note); valid modules print nothing; the human format is unchanged.
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn spirvkit(args: &[&str], paths: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spirvkit"))
        .args(args)
        .args(paths)
        .output()
        .unwrap()
}

/// Files the human format calls invalid (`spirvkit: FILE: error: ...`).
fn human_invalid(out: &Output) -> BTreeSet<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix("spirvkit: "))
        .filter_map(|l| l.split_once(": error: ").map(|(f, _)| f.to_owned()))
        .collect()
}

/// Checks every JSON line and returns the files named.
fn json_files(out: &Output) -> BTreeSet<String> {
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let mut files = BTreeSet::new();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert_eq!(v["level"], "error");
        assert!(
            v["code"]["code"].as_str().is_some_and(|c| c.contains('.')),
            "{line}"
        );
        assert!(
            v["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{line}"
        );
        for key in [
            "word_offset",
            "byte_offset",
            "instruction_index",
            "line",
            "column",
        ] {
            assert!(v.get(key).is_some(), "{key} missing: {line}");
        }
        if let (Some(w), Some(b)) = (v["word_offset"].as_u64(), v["byte_offset"].as_u64()) {
            assert_eq!(w * 4, b);
        }
        if v["instruction_index"].as_u64().is_some() {
            let note = &v["children"][0];
            assert_eq!(note["level"], "note", "{line}");
            assert!(
                note["message"].as_str().is_some_and(|m| m.contains("Op")),
                "{line}"
            );
        }
        files.insert(v["file"].as_str().unwrap().to_owned());
    }
    files
}

fn sarif_files(out: &Output) -> BTreeSet<String> {
    if out.stdout.is_empty() {
        return BTreeSet::new();
    }
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["version"], "2.1.0");
    let run = &v["runs"][0];
    let rules: BTreeSet<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    let mut files = BTreeSet::new();
    for r in run["results"].as_array().unwrap() {
        assert!(rules.contains(r["ruleId"].as_str().unwrap()));
        assert_eq!(r["level"], "error");
        assert!(r["message"]["text"].as_str().is_some());
        let loc = &r["locations"][0]["physicalLocation"];
        files.insert(loc["artifactLocation"]["uri"].as_str().unwrap().to_owned());
    }
    files
}

/// Validates `dir` in the three formats and checks they agree file for file.
fn check_dir(dir: &Path, env: &[&str]) -> usize {
    let human = spirvkit(&[&["val"], env].concat(), &[dir]);
    let json = spirvkit(
        &[&["val", "--diagnostics-format=json"], env].concat(),
        &[dir],
    );
    let sarif = spirvkit(
        &[&["val", "--diagnostics-format", "sarif"], env].concat(),
        &[dir],
    );
    let invalid = human_invalid(&human);
    assert_eq!(human.status.code(), json.status.code());
    assert_eq!(human.status.code(), sarif.status.code());
    assert!(json.stderr.is_empty() && sarif.stderr.is_empty());
    assert_eq!(
        json_files(&json),
        invalid,
        "json names exactly the invalid files"
    );
    assert_eq!(
        sarif_files(&sarif),
        invalid,
        "sarif names exactly the invalid files"
    );
    invalid.len()
}

#[test]
fn every_invalid_corpus_module_has_json_and_sarif_and_valid_ones_print_nothing() {
    let Some(corpus) = spirvkit_test_support::corpus_dir() else {
        return;
    };
    let invalid = check_dir(&corpus.join("spv"), &["--target-env", "vulkan1.1"]);
    assert!(invalid > 0);
    // The spvasm corpus (a third invalid on purpose), assembled by spirvkit.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("diagnostics-spvasm");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sources = spirvkit_test_support::files_with_extensions(
        &corpus.join("spvasm"),
        &["spvasm", "spvasm32", "spvasm64"],
    );
    for (i, src) in sources.iter().enumerate() {
        let out = dir.join(format!("{i}.spv"));
        let o = spirvkit(
            &["as", "--target-env", "spv1.6", "-o", out.to_str().unwrap()],
            &[src],
        );
        assert!(o.status.success(), "{}", src.display());
    }
    let invalid = check_dir(&dir, &[]);
    assert!(invalid > 100, "{invalid}");
    // A valid module prints nothing in every format.
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/vector_add.spv");
    for f in ["human", "json", "sarif"] {
        let out = spirvkit(&["val", "--diagnostics-format", f], &[&example]);
        assert!(out.status.success() && out.stdout.is_empty() && out.stderr.is_empty());
    }
}

#[test]
fn assembler_disassembler_and_translator_errors_in_json() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("diagnostics-tools");
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("bad.spvasm");
    std::fs::write(&src, "OpCapability Shader\n  %1 = OpFoo\n").unwrap();
    let out = spirvkit(&["as", "--diagnostics-format=json", "-o", "-"], &[&src]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["code"]["code"], "asm.invalid_opcode_name");
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(2), Some(8))
    );
    assert_eq!(v["children"][0]["message"], "  %1 = OpFoo");

    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/vector_add.spv");
    let bytes = std::fs::read(&example).unwrap();
    let cut = dir.join("cut.spv");
    // An OpLoad whose word count runs past the end of the module.
    let mut cut_bytes = bytes.clone();
    cut_bytes.extend_from_slice(&((5u32 << 16) | 61).to_le_bytes());
    std::fs::write(&cut, &cut_bytes).unwrap();
    let out = spirvkit(&["dis", "--diagnostics-format=sarif"], &[&cut]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let result = &v["runs"][0]["results"][0];
    assert!(result["ruleId"].as_str().unwrap().starts_with("binary."));
    let region = &result["locations"][0]["physicalLocation"]["region"];
    assert!(region["byteOffset"].as_u64().is_some());

    let ll = dir.join("bad.ll");
    std::fs::write(&ll, "define void @f( {\n").unwrap();
    let out = spirvkit(
        &["translate", "--diagnostics-format=json", "-o", "-"],
        &[&ll],
    );
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["code"]["code"].as_str().unwrap().starts_with("llvm."));
    assert!(v["line"].as_u64().is_some());
}

/// The invalid modules of the glslang corpus under vulkan1.1, by the human validator.
fn invalid_glslang(corpus: &Path) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let dir = corpus.join("spv/glslang-vulkan");
    let human = spirvkit(&["val", "--target-env", "vulkan1.1"], &[&dir]);
    let invalid = human_invalid(&human);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "spv"))
        .collect();
    files.sort();
    files
        .into_iter()
        .partition(|p| invalid.contains(&p.display().to_string()))
}

#[test]
fn opt_reports_every_invalid_corpus_module_in_json_and_sarif() {
    let Some(corpus) = spirvkit_test_support::corpus_dir() else {
        return;
    };
    let (invalid, valid) = invalid_glslang(&corpus);
    assert!(!invalid.is_empty());
    let out_file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("diagnostics-opt.spv");
    let out = out_file.to_str().unwrap();
    for file in &invalid {
        let name = file.display().to_string();
        let json = spirvkit(
            &[
                "opt",
                "-O",
                "--target-env=vulkan1.1",
                "--diagnostics-format=json",
                "-o",
                out,
            ],
            &[file],
        );
        assert_eq!(json.status.code(), Some(1), "{name}");
        assert!(json.stderr.is_empty(), "{name}");
        assert_eq!(json_files(&json), BTreeSet::from([name.clone()]));
        // The same findings as the validator's own JSON.
        let val = spirvkit(
            &[
                "val",
                "--target-env",
                "vulkan1.1",
                "--diagnostics-format=json",
            ],
            &[file],
        );
        assert_eq!(json.stdout, val.stdout, "{name}");
        let sarif = spirvkit(
            &[
                "opt",
                "-O",
                "--target-env=vulkan1.1",
                "--diagnostics-format",
                "sarif",
                "-o",
                out,
            ],
            &[file],
        );
        assert_eq!(sarif.status.code(), Some(1));
        assert_eq!(sarif_files(&sarif), BTreeSet::from([name]));
    }
    for file in valid.iter().step_by(50) {
        for f in ["json", "sarif"] {
            let o = spirvkit(
                &[
                    "opt",
                    "-O",
                    "--target-env=vulkan1.1",
                    "--diagnostics-format",
                    f,
                    "-o",
                    out,
                ],
                &[file],
            );
            assert!(o.status.success() && o.stdout.is_empty() && o.stderr.is_empty());
        }
    }
}

const LIBRARY: &str = "OpCapability Addresses
OpCapability Linkage
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpDecorate %f LinkageAttributes \"helper\" Export
%int = OpTypeInt 32 0
%fn = OpTypeFunction %int %int
%f = OpFunction %int None %fn
%x = OpFunctionParameter %int
%l = OpLabel
OpReturnValue %x
OpFunctionEnd
";

const MAIN: &str = "OpCapability Addresses
OpCapability Linkage
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
OpDecorate %h LinkageAttributes \"NAME\" Import
%void = OpTypeVoid
%int = OpTypeInt 32 0
%c = OpConstant %int 7
%fn = OpTypeFunction %int %int
%kfn = OpTypeFunction %void
%h = OpFunction %int None %fn
%p = OpFunctionParameter %int
OpFunctionEnd
%k = OpFunction %void None %kfn
%l = OpLabel
%r = OpFunctionCall %int %h %c
OpReturn
OpFunctionEnd
";

fn assembled(dir: &Path, name: &str, text: &str) -> PathBuf {
    let src = dir.join(format!("{name}.spvasm"));
    std::fs::write(&src, text).unwrap();
    let out = dir.join(format!("{name}.spv"));
    let o = spirvkit(&["as", "-o", out.to_str().unwrap()], &[&src]);
    assert!(o.status.success());
    out
}

#[test]
fn link_errors_in_json_and_sarif_name_the_input_and_instruction() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("diagnostics-link");
    std::fs::create_dir_all(&dir).unwrap();
    let lib = assembled(&dir, "lib", LIBRARY);
    let main = assembled(&dir, "main", &MAIN.replace("NAME", "helper"));
    let missing = assembled(&dir, "missing", &MAIN.replace("NAME", "nothing"));
    let out = dir.join("out.spv");
    let out = out.to_str().unwrap();

    for f in ["human", "json", "sarif"] {
        let o = spirvkit(
            &["link", "--diagnostics-format", f, "-o", out],
            &[&main, &lib],
        );
        assert!(o.status.success() && o.stdout.is_empty() && o.stderr.is_empty());
    }

    let json = spirvkit(
        &["link", "--diagnostics-format=json", "-o", out],
        &[&missing, &lib],
    );
    assert_eq!(json.status.code(), Some(1));
    assert!(json.stderr.is_empty());
    let v: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["code"]["code"], "link.unresolved_import");
    assert_eq!(v["file"], missing.display().to_string());
    let word = v["word_offset"].as_u64().unwrap();
    assert_eq!(v["byte_offset"].as_u64(), Some(word * 4));
    let note = v["children"][0]["message"].as_str().unwrap();
    assert!(
        note.contains("OpDecorate") && note.contains("Import"),
        "{note}"
    );
    let sarif = spirvkit(
        &["link", "--diagnostics-format=sarif", "-o", out],
        &[&missing, &lib],
    );
    assert_eq!(sarif.status.code(), Some(1));
    assert_eq!(
        sarif_files(&sarif),
        BTreeSet::from([missing.display().to_string()])
    );
    let s: Value = serde_json::from_slice(&sarif.stdout).unwrap();
    let region = &s["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["byteOffset"].as_u64(), Some(word * 4));
    assert!(region["byteLength"].as_u64().is_some_and(|n| n > 0));

    // An undecodable input is reported against itself.
    let cut = dir.join("cut.spv");
    let bytes = std::fs::read(&lib).unwrap();
    std::fs::write(&cut, &bytes[..bytes.len() - 2]).unwrap();
    let json = spirvkit(
        &["link", "--diagnostics-format=json", "-o", out],
        &[&main, &cut],
    );
    assert_eq!(json.status.code(), Some(1));
    assert_eq!(
        json_files(&json),
        BTreeSet::from([cut.display().to_string()])
    );
}

#[test]
fn link_reports_every_invalid_corpus_module_against_its_file() {
    let Some(corpus) = spirvkit_test_support::corpus_dir() else {
        return;
    };
    let (invalid, valid) = invalid_glslang(&corpus);
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("diagnostics-link-corpus.spv");
    for file in &invalid {
        let json = spirvkit(
            &[
                "link",
                "--target-env",
                "vulkan1.1",
                "--diagnostics-format=json",
                "-o",
                out.to_str().unwrap(),
            ],
            &[&valid[0], file],
        );
        assert_eq!(json.status.code(), Some(1));
        assert_eq!(
            json_files(&json),
            BTreeSet::from([file.display().to_string()])
        );
        let v: Value = serde_json::from_slice(&json.stdout).unwrap();
        assert_eq!(v["code"]["code"], "link.invalid");
    }
}
