//! llvm-spirv's command-line options beyond `--spirv-ext`, as its tests run them: through the
//! `llvm-spirv` personality (LLVM's option syntax) and `spirvkit translate` (long options).
//! Each test asserts what the option changes in the output.
mod common;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// Links to the spirvkit binary under every tool name (`spirvkit install-links`).
fn links() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| common::install_links("llvm-spirv-options-links"))
}

fn llvm_spirv(args: &[&str]) -> Output {
    Command::new(links().join("llvm-spirv"))
        .args(args)
        .output()
        .unwrap()
}

fn spirvkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spirvkit"))
        .args(args)
        .output()
        .unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("llvm-spirv-options");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn write(name: &str, text: &str) -> String {
    let path = scratch(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn ok(out: &Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn failed(out: &Output) -> String {
    assert_ne!(out.status.code(), Some(0), "expected a failure");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// spirvkit's disassembly (spirv-dis's text) of a binary.
fn dis(spv: &str) -> String {
    ok(&spirvkit(&["dis", spv]))
}

/// spirv-val (the pinned reference) accepts the file, when it is installed.
fn spirv_val(spv: &str) {
    let val = spirvkit_test_support::workspace_root().join(".venv/bin/spirv-val");
    if !val.is_file() {
        eprintln!("note: {} missing; spirv-val check skipped", val.display());
        return;
    }
    let out = Command::new(val).arg(spv).output().unwrap();
    assert!(
        out.status.success(),
        "spirv-val {spv}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

const ATTRIBUTES: &str = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @mul_add() #0
define spir_func void @test() #1 {
entry:
  call spir_func void @mul_add()
  ret void
}
attributes #0 = { "foo" }
attributes #1 = { "bar"="baz" }
"#;

#[test]
fn preserve_auxdata_writes_non_semantic_aux_data() {
    let input = write("attrs.ll", ATTRIBUTES);
    let spv = scratch("attrs.spv").display().to_string();
    ok(&llvm_spirv(&[
        &input,
        "-o",
        &spv,
        "--spirv-preserve-auxdata",
    ]));
    spirv_val(&spv);
    let text = dis(&spv);
    assert!(
        text.contains("OpExtInstImport \"NonSemantic.AuxData\""),
        "{text}"
    );
    assert!(text.contains("OpString \"foo\""), "{text}");
    // FunctionAttribute (1): @mul_add "foo"; @test "bar" "baz".
    assert!(
        text.lines()
            .any(|l| l.contains("OpExtInst %void") && l.contains(" 1 %mul_add ")),
        "{text}"
    );
    assert!(text.contains("; Version: 1.6"), "{text}");
    // Capped at 1.5: the extension is declared, as llvm-spirv enables it with the option.
    ok(&llvm_spirv(&[
        &input,
        "-o",
        &spv,
        "--spirv-preserve-auxdata",
        "--spirv-max-version=1.5",
    ]));
    spirv_val(&spv);
    let text = dis(&spv);
    assert!(
        text.contains("OpExtension \"SPV_KHR_non_semantic_info\""),
        "{text}"
    );
    // ... unless --spirv-ext disables it: refused, naming the extension.
    let err = failed(&llvm_spirv(&[
        &input,
        "-o",
        &spv,
        "--spirv-preserve-auxdata",
        "--spirv-max-version=1.5",
        "--spirv-ext=-SPV_KHR_non_semantic_info",
    ]));
    assert!(err.contains("SPV_KHR_non_semantic_info"), "{err}");
    // Without the option (or with =false) nothing is kept.
    for off in [&[][..], &["--spirv-preserve-auxdata=false"][..]] {
        let mut args = vec![input.as_str(), "-o", spv.as_str()];
        args.extend_from_slice(off);
        ok(&llvm_spirv(&args));
        assert!(!dis(&spv).contains("NonSemantic.AuxData"));
    }
    // spirvkit translate spells it the same way.
    ok(&spirvkit(&[
        "translate",
        &input,
        "--spirv-preserve-auxdata",
        "-o",
        &spv,
    ]));
    assert!(dis(&spv).contains("NonSemantic.AuxData"));
}

#[test]
fn preserve_auxdata_with_r_restores_the_attributes() {
    let input = write("attrs_r.ll", ATTRIBUTES);
    let spv = scratch("attrs_r.spv").display().to_string();
    ok(&llvm_spirv(&[
        &input,
        "-o",
        &spv,
        "--spirv-preserve-auxdata",
    ]));
    let ll = scratch("attrs_r.out.ll").display().to_string();
    ok(&llvm_spirv(&[
        "-r",
        "--spirv-preserve-auxdata",
        &spv,
        "-o",
        &ll,
    ]));
    let text = std::fs::read_to_string(&ll).unwrap();
    assert!(text.contains("\"foo\""), "{text}");
    assert!(text.contains("\"bar\"=\"baz\""), "{text}");
    // Without it the records are dropped (they are non-semantic).
    ok(&llvm_spirv(&["-r", &spv, "-o", &ll]));
    let text = std::fs::read_to_string(&ll).unwrap();
    assert!(
        !text.contains("\"foo\"") && !text.contains("\"baz\""),
        "{text}"
    );
}

const LOOP: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %i = alloca i32, align 4
  %s = alloca i32, align 4
  store i32 0, ptr %i, align 4
  store i32 0, ptr %s, align 4
  br label %cond
cond:
  %iv = load i32, ptr %i, align 4
  %c = icmp slt i32 %iv, %n
  br i1 %c, label %body, label %done
body:
  %sv = load i32, ptr %s, align 4
  %add = add i32 %sv, %iv
  store i32 %add, ptr %s, align 4
  %inc = add i32 %iv, 1
  store i32 %inc, ptr %i, align 4
  br label %cond
done:
  %r = load i32, ptr %s, align 4
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
"#;

#[test]
fn mem2reg_promotes_local_variables_to_phis() {
    let input = write("loop.ll", LOOP);
    let spv = scratch("loop.spv").display().to_string();
    ok(&llvm_spirv(&[&input, "-o", &spv]));
    let plain = dis(&spv);
    assert_eq!(plain.matches("OpVariable").count(), 2, "{plain}");
    assert!(!plain.contains("OpPhi"));
    for flag in ["-spirv-mem2reg", "--spirv-mem2reg=true"] {
        ok(&llvm_spirv(&[&input, flag, "-o", &spv]));
        spirv_val(&spv);
        let promoted = dis(&spv);
        assert!(!promoted.contains("OpVariable"), "{promoted}");
        assert!(!promoted.contains("OpLoad"), "{promoted}");
        assert_eq!(promoted.matches("OpPhi").count(), 2, "{promoted}");
    }
    ok(&llvm_spirv(&[&input, "-spirv-mem2reg=false", "-o", &spv]));
    assert_eq!(dis(&spv).matches("OpVariable").count(), 2);
    ok(&spirvkit(&[
        "translate",
        &input,
        "--spirv-mem2reg",
        "-o",
        &spv,
    ]));
    assert!(!dis(&spv).contains("OpVariable"));
}

const FMULADD: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, float %a, float %b, float %c) {
  %m = call float @llvm.fmuladd.f32(float %a, float %b, float %c)
  store float %m, ptr addrspace(1) %p
  ret void
}
declare float @llvm.fmuladd.f32(float, float, float)
!opencl.enable.FP_CONTRACT = !{}
"#;

#[test]
fn fp_contract_and_fmuladd_options() {
    let input = write("fmuladd.ll", FMULADD);
    let text = |args: &[&str]| {
        let mut all = vec![input.as_str(), "--spirv-tools-dis", "-o", "-"];
        all.extend_from_slice(args);
        ok(&llvm_spirv(&all))
    };
    // The module allows contraction: `on` keeps it, `off` disables it, `fast` keeps it.
    assert!(!text(&[]).contains("ContractionOff"));
    assert!(!text(&["--spirv-fp-contract=on"]).contains("ContractionOff"));
    assert!(text(&["--spirv-fp-contract=off"]).contains("OpExecutionMode %k ContractionOff"));
    assert!(!text(&["--spirv-fp-contract=fast"]).contains("ContractionOff"));
    let err = failed(&llvm_spirv(&[&input, "--spirv-fp-contract=sometimes"]));
    assert!(err.contains("--spirv-fp-contract"), "{err}");
    // fmuladd: fma by default, mad with =true, fmul + fadd with =false.
    assert!(text(&[]).contains(" fma "));
    let mad = text(&["--spirv-replace-fmuladd-with-ocl-mad=true"]);
    assert!(mad.contains(" mad "), "{mad}");
    let split = text(&["--spirv-replace-fmuladd-with-ocl-mad=false"]);
    assert!(
        split.contains("OpFMul") && split.contains("OpFAdd"),
        "{split}"
    );
    assert!(
        !split.contains(" fma ") && !split.contains(" mad "),
        "{split}"
    );
}

const SATURATING: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, <4 x i32> %a, <4 x i32> %b) {
  %s = call <4 x i32> @llvm.sadd.sat.v4i32(<4 x i32> %a, <4 x i32> %b)
  store <4 x i32> %s, ptr addrspace(1) %p
  ret void
}
declare <4 x i32> @llvm.sadd.sat.v4i32(<4 x i32>, <4 x i32>)
"#;

#[test]
fn use_ocl_for_llvm_math_intrinsic_option() {
    let input = write("saturating.ll", SATURATING);
    let text = |args: &[&str]| {
        let mut all = vec![input.as_str(), "--spirv-tools-dis", "-o", "-"];
        all.extend_from_slice(args);
        ok(&llvm_spirv(&all))
    };
    for default in [
        text(&[]),
        text(&["--spirv-use-ocl-for-llvm-math-intrinsic=true"]),
    ] {
        assert!(default.contains(" s_add_sat "), "{default}");
    }
    let emulated = text(&["--spirv-use-ocl-for-llvm-math-intrinsic=false"]);
    assert!(!emulated.contains("s_add_sat"), "{emulated}");
    assert!(
        emulated.contains("OpSGreaterThan %v4bool") && emulated.contains("OpSelect %v4uint"),
        "{emulated}"
    );
    let err = failed(&llvm_spirv(&[
        &input,
        "--spirv-use-ocl-for-llvm-math-intrinsic=maybe",
    ]));
    assert!(
        err.contains("spirv-use-ocl-for-llvm-math-intrinsic"),
        "{err}"
    );
    // The emulation validates (vectors of booleans and the bounds as composite constants).
    let spv = format!("{}.spv", input);
    ok(&llvm_spirv(&[
        &input,
        "--spirv-use-ocl-for-llvm-math-intrinsic=false",
        "-o",
        &spv,
    ]));
    ok(&spirvkit(&["val", &spv]));
}

#[test]
fn use_llvm_backend_target_translates_the_same() {
    let input = write("backend_target.ll", SATURATING);
    let plain = ok(&llvm_spirv(&[&input, "--spirv-tools-dis", "-o", "-"]));
    let backend = ok(&llvm_spirv(&[
        &input,
        "--spirv-use-llvm-backend-target",
        "--spirv-tools-dis",
        "-o",
        "-",
    ]));
    assert_eq!(plain, backend);
    let err = failed(&llvm_spirv(&[
        &input,
        "--spirv-use-llvm-backend-target=perhaps",
    ]));
    assert!(err.contains("spirv-use-llvm-backend-target"), "{err}");
}

#[test]
fn tools_dis_writes_spirv_dis_text() {
    let input = write("dis.ll", LOOP);
    let out = ok(&llvm_spirv(&[&input, "--spirv-tools-dis", "-o", "-"]));
    assert!(out.starts_with("; SPIR-V"), "{out}");
    assert!(out.contains("OpEntryPoint Kernel %k \"k\""), "{out}");
    // With -spirv-text too, SPIRV-Tools' text wins (as llvm-spirv).
    let out = ok(&llvm_spirv(&[
        &input,
        "-spirv-text",
        "--spirv-tools-dis",
        "-o",
        "-",
    ]));
    assert!(out.contains("OpEntryPoint Kernel"), "{out}");
}

#[test]
fn opaque_pointer_options_are_accepted_and_r_writes_opaque_pointers() {
    let input = write("opaque.ll", LOOP);
    let spv = scratch("opaque.spv").display().to_string();
    for flag in [
        "-opaque-pointers",
        "--opaque-pointers",
        "-opaque-pointers=0",
    ] {
        ok(&llvm_spirv(&[&input, flag, "-o", &spv]));
    }
    let ll = scratch("opaque.ll.out.ll").display().to_string();
    ok(&llvm_spirv(&[
        "-r",
        "-emit-opaque-pointers",
        &spv,
        "-o",
        &ll,
    ]));
    let text = std::fs::read_to_string(&ll).unwrap();
    assert!(text.contains("ptr addrspace(1)"), "{text}");
    ok(&llvm_spirv(&["-r", &spv, "-o", &ll]));
    let typed = std::fs::read_to_string(&ll).unwrap();
    assert!(typed.contains("i32 addrspace(1)*"), "{typed}");
}

const SPEC_CONSTANTS: &str = r#"               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability Float64
               OpCapability Linkage
               OpMemoryModel Physical64 OpenCL
               OpDecorate %a SpecId 0
               OpDecorate %b SpecId 7
               OpDecorate %c SpecId 3
               OpDecorate %f LinkageAttributes "f" Export
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
     %double = OpTypeFloat 64
          %a = OpSpecConstantTrue %bool
          %b = OpSpecConstant %ulong 28
          %c = OpSpecConstant %double 1.5
       %void = OpTypeVoid
         %fn = OpTypeFunction %ulong
          %f = OpFunction %ulong None %fn
      %entry = OpLabel
               OpReturnValue %b
               OpFunctionEnd
"#;

#[test]
fn spec_const_info_lists_and_spec_const_sets_values() {
    let asm = write("spec.spvasm", SPEC_CONSTANTS);
    let spv = scratch("spec.spv").display().to_string();
    ok(&spirvkit(&["as", &asm, "-o", &spv]));
    let listing = ok(&llvm_spirv(&["-spec-const-info", &spv]));
    assert_eq!(
        listing,
        "Number of scalar specialization constants in the module = 3\n\
         Spec const id = 0, size in bytes = 1, type = i1\n\
         Spec const id = 7, size in bytes = 8, type = i64\n\
         Spec const id = 3, size in bytes = 8, type = f64\n"
    );
    // -spec-const with -r: the constant's value in the reverse translation.
    let ll = scratch("spec.out.ll").display().to_string();
    ok(&llvm_spirv(&[
        "-r",
        "-spec-const",
        "7:i64:42",
        &spv,
        "-o",
        &ll,
    ]));
    let text = std::fs::read_to_string(&ll).unwrap();
    assert!(text.contains("ret i64 42"), "{text}");
    ok(&llvm_spirv(&["-r", &spv, "-o", &ll]));
    assert!(std::fs::read_to_string(&ll).unwrap().contains("ret i64 28"));
}

#[test]
fn regularization_is_refused_by_name() {
    let input = write("refused.ll", LOOP);
    let spv = scratch("refused.spv").display().to_string();
    let err = failed(&llvm_spirv(&[
        "-r",
        "--spirv-builtin-format=globals",
        &spv,
        "-o",
        "x.bc",
    ]));
    assert!(err.contains("Cannot find option named 'globals'"), "{err}");
    let err = failed(&llvm_spirv(&["-s", &input]));
    assert!(err.contains("-s is not supported"), "{err}");
    // The options spirvkit's output already satisfies are accepted.
    ok(&llvm_spirv(&[
        &input,
        "--spirv-allow-extra-diexpressions",
        "-preserve-ocl-kernel-arg-type-metadata-through-string",
        "-o",
        &spv,
    ]));
    let err = failed(&llvm_spirv(&[&input, "-spirv-mem2reg=perhaps"]));
    assert!(err.contains("invalid value for boolean argument"), "{err}");
}

/// A kernel reading a built-in through SPV-IR's call form (what DPC++ emits).
const WORKGROUP_ID: &str = r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z26__spirv_BuiltInWorkgroupIdi(i32)

define spir_kernel void @foo(ptr addrspace(1) %out) {
entry:
  %0 = call spir_func i64 @_Z26__spirv_BuiltInWorkgroupIdi(i32 1)
  store i64 %0, ptr addrspace(1) %out
  ret void
}
"#;

/// `--spirv-builtin-format`: with `-r --spirv-target-env=SPV-IR`, `global` keeps the built-in
/// variable as `@__spirv_BuiltIn<Name>` in address space 7 (as DPC++'s clang-linker-wrapper
/// asks for), `function` calls `__spirv_BuiltIn<Name>(dim)`; the OpenCL target calls `get_*`
/// either way. The global form translates forward again to the same built-in.
#[test]
fn builtin_format_global_keeps_builtin_variables() {
    let input = write("builtin.ll", WORKGROUP_ID);
    let spv = scratch("builtin.spv").display().to_string();
    ok(&llvm_spirv(&[&input, "-o", &spv]));
    let reverse = |extra: &[&str], name: &str| {
        let ll = scratch(name).display().to_string();
        let mut args = vec!["-r", spv.as_str(), "-o", ll.as_str()];
        args.extend_from_slice(extra);
        ok(&llvm_spirv(&args));
        (ll.clone(), std::fs::read_to_string(&ll).unwrap())
    };
    let (global_ll, global) = reverse(
        &["--spirv-target-env=SPV-IR", "--spirv-builtin-format=global"],
        "builtin.global.ll",
    );
    assert!(
        global.contains("@__spirv_BuiltInWorkgroupId = external addrspace(7) constant <3 x i64>"),
        "{global}"
    );
    assert!(global.contains("load"), "{global}");
    assert!(!global.contains("call"), "{global}");
    let (_, function) = reverse(
        &[
            "--spirv-target-env=SPV-IR",
            "--spirv-builtin-format=function",
        ],
        "builtin.function.ll",
    );
    assert!(
        function.contains("call spir_func i64 @_Z26__spirv_BuiltInWorkgroupIdi(i32 1)"),
        "{function}"
    );
    assert!(!function.contains("addrspace(7)"), "{function}");
    let (_, opencl) = reverse(&["--spirv-builtin-format=global"], "builtin.ocl.ll");
    assert!(opencl.contains("@_Z12get_group_idj"), "{opencl}");
    // Forward again: the global is the WorkgroupId built-in, and the module is valid.
    let again = scratch("builtin.again.spv").display().to_string();
    ok(&llvm_spirv(&[&global_ll, "-o", &again]));
    ok(&spirvkit(&["val", &again]));
    let text = dis(&again);
    assert!(text.contains("BuiltIn WorkgroupId"), "{text}");
    // spirvkit's own spelling of the option needs -r.
    let err = failed(&spirvkit(&[
        "translate",
        &input,
        "--spirv-builtin-format=global",
        "-o",
        &again,
    ]));
    assert!(err.contains("--reverse"), "{err}");
}

/// `--spirv-ext` is an LLVM `cl::list`: occurrences add up, in order.
#[test]
fn spirv_ext_given_twice_adds_up() {
    let input = write("twice.ll", ATTRIBUTES);
    let spv = scratch("twice.spv").display().to_string();
    let base = [
        input.as_str(),
        "-o",
        spv.as_str(),
        "--spirv-preserve-auxdata",
        "--spirv-max-version=1.5",
    ];
    let mut enabled = base.to_vec();
    enabled.extend(["--spirv-ext=-all", "--spirv-ext=+SPV_KHR_non_semantic_info"]);
    ok(&llvm_spirv(&enabled));
    assert!(dis(&spv).contains("OpExtension \"SPV_KHR_non_semantic_info\""));
    let mut disabled = base.to_vec();
    disabled.extend(["--spirv-ext=+SPV_KHR_non_semantic_info", "-spirv-ext=-all"]);
    let err = failed(&llvm_spirv(&disabled));
    assert!(err.contains("SPV_KHR_non_semantic_info"), "{err}");
}

/// refetch22b (t10b/127): a construct that needs a deprecated extension
/// (SPV_INTEL_hw_thread_queries) is reported as llvm-spirv's DeprecatedExtension, with the
/// refused global's definition line after `Ref LLVM Value:`.
#[test]
fn a_deprecated_extension_is_reported_with_the_refused_global() {
    let input = write(
        "hw_thread_query.ll",
        "target triple = \"spir-unknown-unknown\"\n\
         @__spirv_BuiltInSubDeviceIDINTEL = external addrspace(1) global i32\n\
         define spir_kernel void @foo() {\n\
         entry:\n  %0 = load i32, ptr addrspace(1) @__spirv_BuiltInSubDeviceIDINTEL, align 4\n  ret void\n}\n",
    );
    let out = scratch("hw_thread_query.spv").display().to_string();
    let err = failed(&llvm_spirv(&[&input, "-o", &out]));
    let lines: Vec<&str> = err.lines().collect();
    let at = lines
        .iter()
        .position(|l| {
            *l == "DeprecatedExtension: Feature requires the following deprecated SPIR-V extension:"
        })
        .unwrap_or_else(|| panic!("no DeprecatedExtension line in:\n{err}"));
    assert_eq!(
        lines.get(at + 1),
        Some(&"SPV_INTEL_hw_thread_queries"),
        "{err}"
    );
    assert!(
        lines
            .get(at + 2)
            .is_some_and(|l| l.starts_with("Please report")),
        "{err}"
    );
    assert_eq!(lines.get(at + 3), Some(&"Ref LLVM Value:"), "{err}");
    assert_eq!(
        lines.get(at + 4),
        Some(&"@__spirv_BuiltInSubDeviceIDINTEL = external addrspace(1) global i32"),
        "{err}"
    );
    assert!(!err.contains("RequiresExtension"), "{err}");
}

/// lit17: a construct refused for want of an extension is reported as llvm-spirv reports it
/// (`RequiresExtension: ...` then the extension's name on the next line, which llvm-spirv's
/// negative tests match), before spirvkit's own message with its location; the bfloat type
/// gets llvm-spirv's note.
#[test]
fn a_refusal_for_want_of_an_extension_names_it_as_llvm_spirv_does() {
    let input = write(
        "needs_bfloat16.ll",
        "target triple = \"spir64-unknown-unknown\"\n\
         define spir_func bfloat @f(bfloat %x) {\n  ret bfloat %x\n}\n",
    );
    let out = scratch("needs_bfloat16.spv").display().to_string();
    let err = failed(&llvm_spirv(&[&input, "-o", &out]));
    let lines: Vec<&str> = err.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == "RequiresExtension: Feature requires the following SPIR-V extension:")
        .unwrap_or_else(|| panic!("no RequiresExtension line in:\n{err}"));
    assert_eq!(lines.get(at + 1), Some(&"SPV_KHR_bfloat16"));
    assert!(lines
        .get(at + 2)
        .is_some_and(|l| l.starts_with("NOTE: LLVM module contains bfloat type")));
    assert!(err.contains("--spirv-ext=+SPV_KHR_bfloat16"), "{err}");
    // With the extension the same input translates.
    ok(&llvm_spirv(&[
        &input,
        "--spirv-ext=+SPV_KHR_bfloat16",
        "-o",
        &out,
    ]));
}

/// llvm-spirv's input file defaults to `-`: `llvm-as < %s | llvm-spirv -spirv-text -o %t`
/// (devset19b: three t13 lit tests run it so) reads the module from standard input.
#[test]
fn the_input_defaults_to_standard_input() {
    use std::io::Write;
    let out = scratch("stdin.spt").display().to_string();
    let mut child = Command::new(links().join("llvm-spirv"))
        .args(["-spirv-text", "-o", &out])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(LOOP.as_bytes())
        .unwrap();
    ok(&child.wait_with_output().unwrap());
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("EntryPoint 6"), "{text}");
}

/// devset20a (t14/020): LLVM's `cl::opt` takes an option given twice (llvm-spirv's auxdata
/// tests repeat `--spirv-preserve-auxdata`); the translation is the one of a single occurrence.
#[test]
fn a_boolean_option_given_twice_is_taken_once() {
    let input = write("auxdata-twice.ll", ATTRIBUTES);
    let spv = scratch("auxdata-twice.spv").display().to_string();
    ok(&llvm_spirv(&[
        input.as_str(),
        "--spirv-preserve-auxdata",
        "--spirv-text",
        "--spirv-preserve-auxdata",
        "-o",
        spv.as_str(),
    ]));
    let text = std::fs::read_to_string(&spv).unwrap();
    assert!(text.contains("NonSemantic.AuxData"), "{text}");
}

/// devset20a (t14/021): a printf format outside the constant address space without
/// SPV_EXT_relaxed_printf_string_address_space is refused with llvm-spirv's explanation on
/// the line after `RequiresExtension`; with the extension it translates.
#[test]
fn a_printf_format_outside_constant_space_is_refused_as_llvm_spirv_does() {
    let input = write(
        "printf_generic.ll",
        "target triple = \"spir64-unknown-unknown\"\n\
         @.str = addrspace(1) constant [3 x i8] c\"%d\\00\"\n\
         define spir_kernel void @k() {\n\
         \x20 %c = call spir_func i32 (ptr addrspace(4), ...) @printf(ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str to ptr addrspace(4)), i32 1)\n\
         \x20 ret void\n}\n\
         declare spir_func i32 @printf(ptr addrspace(4), ...)\n",
    );
    let out = scratch("printf_generic.spv").display().to_string();
    let err = failed(&llvm_spirv(&[&input, "-o", &out]));
    let lines: Vec<&str> = err.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == "RequiresExtension: Feature requires the following SPIR-V extension:")
        .unwrap_or_else(|| panic!("no RequiresExtension line in:\n{err}"));
    assert!(
        lines.get(at + 1).is_some_and(|l| l.starts_with(
            "SPV_EXT_relaxed_printf_string_address_space extension should be allowed to \
             translate this module, because this LLVM module contains the printf function"
        )),
        "{err}"
    );
    ok(&llvm_spirv(&[
        &input,
        "--spirv-ext=+SPV_EXT_relaxed_printf_string_address_space",
        "-o",
        &out,
    ]));
    assert!(dis(&out).contains("OpExtension \"SPV_EXT_relaxed_printf_string_address_space\""));
}

// ---- session 21, helper devset21a ----

/// A local variable under lifetime markers (OpLifetimeStart/Stop without mem2reg).
const LIFETIME_LOCAL: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %out, i32 %v) {
entry:
  %x = alloca i32, align 4
  call void @llvm.lifetime.start.p0(ptr %x)
  store i32 %v, ptr %x, align 4
  %l = load i32, ptr %x, align 4
  call void @llvm.lifetime.end.p0(ptr %x)
  store i32 %l, ptr addrspace(1) %out, align 4
  ret void
}
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
"#;

#[test]
fn mem2reg_promotes_variables_under_lifetime_markers() {
    let input = write("lifetime_local.ll", LIFETIME_LOCAL);
    let spv = scratch("lifetime_local.spv").display().to_string();
    ok(&llvm_spirv(&[&input, "-o", &spv]));
    spirv_val(&spv);
    let plain = dis(&spv);
    assert!(
        plain.contains("OpLifetimeStart") && plain.contains("OpLifetimeStop"),
        "{plain}"
    );
    // LLVM's mem2reg deletes the markers of the allocas it promotes: so does the rewrite.
    ok(&llvm_spirv(&[&input, "-spirv-mem2reg", "-o", &spv]));
    spirv_val(&spv);
    let promoted = dis(&spv);
    assert!(!promoted.contains("OpVariable"), "{promoted}");
    assert!(!promoted.contains("OpLifetime"), "{promoted}");
}

// ---- session 21, helper fwd21 ----

/// llvm-spirv's `linkage-user-semantic` test's input: definitions whose LLVM linkage SPIR-V has
/// no linkage type for.
const LINKAGES: &str = r#"target triple = "spir64-unknown-unknown"
@weak_gv = weak addrspace(1) global i32 0, align 4
@weak_odr_gv = weak_odr addrspace(1) global i32 0, align 4
@common_gv = common addrspace(1) global i32 0, align 4
@plain_gv = addrspace(1) global i32 0, align 4
define weak spir_func i32 @weak_func(i32 %x) {
  %v = load i32, ptr addrspace(1) @weak_gv
  ret i32 %v
}
define weak_odr spir_func i32 @weak_odr_func(i32 %x) {
  %v = load i32, ptr addrspace(1) @weak_odr_gv
  ret i32 %v
}
define linkonce spir_func i32 @linkonce_func(i32 %x) {
  %v = load i32, ptr addrspace(1) @common_gv
  ret i32 %v
}
define spir_func i32 @plain_func(i32 %x) {
  %v = load i32, ptr addrspace(1) @plain_gv
  ret i32 %v
}
"#;

/// `--spirv-emit-linkage-user-semantic` (drop-in and `translate`): UserSemantic
/// "linkage:<keyword>" on exactly the weak, weak_odr, linkonce and common definitions, valid
/// SPIR-V; without it none. `-r --spirv-consume-linkage-user-semantic` gives the linkages back;
/// `-r` alone leaves them external.
#[test]
fn emit_linkage_user_semantic_option() {
    let input = write("linkages.ll", LINKAGES);
    let spv = scratch("linkages.spv").display().to_string();
    ok(&llvm_spirv(&[
        &input,
        "--spirv-emit-linkage-user-semantic",
        "-o",
        &spv,
    ]));
    spirv_val(&spv);
    let text = dis(&spv);
    for (name, linkage) in [
        ("weak_gv", "weak"),
        ("weak_odr_gv", "weak_odr"),
        ("common_gv", "common"),
        ("weak_func", "weak"),
        ("weak_odr_func", "weak_odr"),
        ("linkonce_func", "linkonce"),
    ] {
        let line = format!("OpDecorate %{name} UserSemantic \"linkage:{linkage}\"");
        assert!(text.contains(&line), "{line} missing:\n{text}");
    }
    assert_eq!(text.matches("\"linkage:").count(), 6, "{text}");
    // `spirvkit translate` spells it the same; the output is the same module.
    let own = scratch("linkages-own.spv").display().to_string();
    ok(&spirvkit(&[
        "translate",
        "--spirv-emit-linkage-user-semantic",
        &input,
        "-o",
        &own,
    ]));
    assert_eq!(std::fs::read(&own).unwrap(), std::fs::read(&spv).unwrap());
    // Off (by default and `=false`): no linkage semantic.
    let plain = scratch("linkages-plain.spv").display().to_string();
    for args in [
        vec![input.as_str(), "-o", plain.as_str()],
        vec![
            input.as_str(),
            "--spirv-emit-linkage-user-semantic=false",
            "-o",
            plain.as_str(),
        ],
    ] {
        ok(&llvm_spirv(&args));
        assert!(!dis(&plain).contains("\"linkage:"));
    }
    // Reverse, consuming the semantics and not.
    let back = scratch("linkages.rev.ll").display().to_string();
    ok(&llvm_spirv(&[
        "-r",
        "--spirv-consume-linkage-user-semantic",
        &spv,
        "-o",
        &back,
    ]));
    let ll = std::fs::read_to_string(&back).unwrap();
    for line in [
        "@weak_gv = weak addrspace(1) global i32 0",
        "@weak_odr_gv = weak_odr addrspace(1) global i32 0",
        "@common_gv = common addrspace(1) global i32 0",
        "@plain_gv = addrspace(1) global i32 0",
        "define weak spir_func i32 @weak_func(",
        "define weak_odr spir_func i32 @weak_odr_func(",
        "define linkonce spir_func i32 @linkonce_func(",
        "define spir_func i32 @plain_func(",
    ] {
        assert!(ll.contains(line), "{line} missing:\n{ll}");
    }
    ok(&llvm_spirv(&["-r", &spv, "-o", &back]));
    let ll = std::fs::read_to_string(&back).unwrap();
    assert!(
        !ll.contains("define weak") && !ll.contains("define linkonce"),
        "{ll}"
    );
    assert!(!ll.contains("= weak") && !ll.contains("= common"), "{ll}");
}

// ---- session 22, helper fwd22 ----

/// A kernel with a write-only and a read-only image (opaque pointers' target types).
const IMAGES: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 1) %out, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %in) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 {
  ret void
}
!0 = !{i32 1, i32 1}
!1 = !{!"write_only", !"read_only"}
!2 = !{!"image2d_array_t", !"image2d_t"}
!3 = !{!"", !""}
"#;

/// `-r -spirv-gen-image-type-acc-postfix` (llvm-spirv's option; both spellings, and
/// `translate -r`): image types named with their access qualifier under the default CL1.2
/// environment too; `=false` and no option keep the plain names.
#[test]
fn gen_image_type_acc_postfix_option() {
    let input = write("acc-postfix.ll", IMAGES);
    let spv = scratch("acc-postfix.spv").display().to_string();
    ok(&llvm_spirv(&[&input, "-o", &spv]));
    spirv_val(&spv);
    let back = scratch("acc-postfix.rev.ll").display().to_string();
    for flag in [
        "-spirv-gen-image-type-acc-postfix",
        "--spirv-gen-image-type-acc-postfix=true",
    ] {
        ok(&llvm_spirv(&["-r", flag, &spv, "-o", &back]));
        let ll = std::fs::read_to_string(&back).unwrap();
        assert!(
            ll.contains("%opencl.image2d_array_wo_t = type opaque"),
            "{ll}"
        );
        assert!(ll.contains("%opencl.image2d_ro_t = type opaque"), "{ll}");
        assert!(!ll.contains("%opencl.image2d_t "), "{ll}");
        // The kernel argument metadata keeps the OpenCL C type names.
        assert!(
            ll.contains("!{!\"image2d_array_t\", !\"image2d_t\"}"),
            "{ll}"
        );
    }
    let own = scratch("acc-postfix.own.ll").display().to_string();
    ok(&spirvkit(&[
        "translate",
        "-r",
        "--spirv-gen-image-type-acc-postfix",
        &spv,
        "-o",
        &own,
    ]));
    assert_eq!(
        std::fs::read_to_string(&own).unwrap(),
        std::fs::read_to_string(&back).unwrap()
    );
    for args in [
        vec!["-r", spv.as_str(), "-o", back.as_str()],
        vec![
            "-r",
            "-spirv-gen-image-type-acc-postfix=false",
            spv.as_str(),
            "-o",
            back.as_str(),
        ],
    ] {
        ok(&llvm_spirv(&args));
        let ll = std::fs::read_to_string(&back).unwrap();
        assert!(ll.contains("%opencl.image2d_array_t = type opaque"), "{ll}");
        assert!(!ll.contains("_wo_t") && !ll.contains("_ro_t"), "{ll}");
    }
}
