//! Bad modern input never panics the forward translator (issue 18): the LLVM 16–22 seeds of
//! `spirvkit_test_support::modern_llvm`, mutated as text and as bitcode (`llvm-as-22` at
//! test time); whatever the readers accept is translated typed and untyped under several
//! extension sets, and the translator returns a module or an error that names the construct
//! and where it is — never a panic, never an endless loop.
//!
//! The property tests run 1024 (text) and 256 (bitcode) cases; `*_long` (ignored) run 20 000:
//! `cargo test -p spirvkit-spir --test robust_modern -- --ignored`.

use proptest::prelude::*;
use spirvkit_spir::{translate, TranslateError, TranslateOptions};
use spirvkit_test_support::modern_llvm::MODERN_SEEDS;
use spirvkit_test_support::mutants::{
    bitcode_mutations, mutated_bitcode, mutated_text, seed_bitcode, shape_keeping_text_mutations,
};
use spirvkit_test_support::mutate::{mutate_text, within, TextMutation};
use std::time::Duration;

const TIME_LIMIT: Duration = Duration::from_secs(30);

/// `--spirv-ext` lists each accepted module is translated under: none (typed pointers),
/// untyped pointers, the extensions the seeds' constructs need (typed and untyped), and all.
const EXTENSION_SETS: &[&str] = &[
    "",
    "+SPV_KHR_untyped_pointers",
    "+SPV_INTEL_fpga_loop_controls,+SPV_INTEL_fpga_memory_attributes,+SPV_INTEL_kernel_attributes,\
     +SPV_INTEL_joint_matrix,+SPV_KHR_cooperative_matrix,+SPV_INTEL_device_side_avc_motion_estimation,\
     +SPV_INTEL_task_sequence,+SPV_EXT_shader_atomic_float_add,+SPV_EXT_shader_atomic_float_min_max",
    "+SPV_INTEL_fpga_loop_controls,+SPV_INTEL_fpga_memory_attributes,+SPV_INTEL_joint_matrix,\
     +SPV_KHR_cooperative_matrix,+SPV_KHR_untyped_pointers",
    "+all",
];

fn options(extensions: &str) -> TranslateOptions {
    let mut options = TranslateOptions::default();
    options
        .apply_extension_list(extensions)
        .unwrap_or_else(|e| panic!("{extensions}: {e}"));
    options
}

/// A translation error is clear when it names where (a function, global, metadata …) and
/// what; `NotAllowed` names the feature and the requirement instead.
fn clear(error: &TranslateError) -> bool {
    match error {
        TranslateError::Unsupported {
            location,
            construct,
            ..
        } => !location.is_empty() && !construct.is_empty(),
        TranslateError::Malformed { location, message } => {
            !location.is_empty() && !message.is_empty()
        }
        TranslateError::NotAllowed {
            feature,
            requirement,
            ..
        } => !feature.is_empty() && !requirement.is_empty(),
        TranslateError::UnknownExtension(_) => false,
    }
}

/// Reads `input` (text or bitcode) and, when that succeeds, translates it under every
/// extension set, in bounded time; returns the unclear errors.
fn check(input: Vec<u8>, shown: &str) -> Result<(), TestCaseError> {
    let outcome = within(TIME_LIMIT, move || {
        let Ok(module) = spirvkit_llvm::read_bytes(&input, "m.ll") else {
            return Vec::new();
        };
        EXTENSION_SETS
            .iter()
            .filter_map(|set| match translate(&module, &options(set)) {
                Err(e) if !clear(&e) => Some(format!("[{set}] {e}")),
                Ok(spirv) => {
                    // What was translated encodes.
                    let _ = spirv.to_words();
                    None
                }
                Err(_) => None,
            })
            .collect::<Vec<_>>()
    });
    match outcome {
        None => Err(TestCaseError::fail(format!(
            "reading and translating did not finish in {TIME_LIMIT:?}:\n{shown}"
        ))),
        Some(unclear) if unclear.is_empty() => Ok(()),
        Some(unclear) => Err(TestCaseError::fail(format!(
            "unclear errors {unclear:?}:\n{shown}"
        ))),
    }
}

/// The seeds themselves translate under every extension set (or are refused clearly), from
/// text and from bitcode.
#[test]
fn seeds_translate_or_are_refused_clearly() {
    for (name, text) in MODERN_SEEDS {
        let module = spirvkit_llvm::parse_text(text, name).unwrap_or_else(|e| panic!("{e}"));
        for set in EXTENSION_SETS {
            if let Err(e) = translate(&module, &options(set)) {
                assert!(clear(&e), "{name} [{set}]: {e}");
            }
        }
    }
    for (_, bc) in seed_bitcode() {
        if let Err(e) = check(bc.clone(), "seed bitcode") {
            panic!("{e}");
        }
    }
}

proptest! {
    // About one mutated text in six still reads: 1024 cases put ~170 modules through the
    // translator (five times each) in a few seconds.
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_text_translates_or_fails_clearly(seed in 0usize..16, mutations in shape_keeping_text_mutations(2)) {
        let text = mutated_text(seed, &mutations);
        check(text.clone().into_bytes(), &text)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_bitcode_translates_or_fails_clearly(seed in 0usize..16, mutations in bitcode_mutations(3)) {
        if let Some(data) = mutated_bitcode(seed, &mutations) {
            check(data, &format!("{mutations:?}"))?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    #[ignore = "long run (20 000 cases): cargo test -p spirvkit-spir --test robust_modern -- --ignored"]
    fn mutated_text_translates_long(seed in 0usize..16, mutations in shape_keeping_text_mutations(6)) {
        let text = mutated_text(seed, &mutations);
        check(text.clone().into_bytes(), &text)?;
    }

    #[test]
    #[ignore = "long run (20 000 cases): cargo test -p spirvkit-spir --test robust_modern -- --ignored"]
    fn mutated_bitcode_translates_long(seed in 0usize..16, mutations in bitcode_mutations(6)) {
        if let Some(data) = mutated_bitcode(seed, &mutations) {
            check(data, &format!("{mutations:?}"))?;
        }
    }
}

/// A refused instruction is named with its function and where it was read: line:column in
/// text, bit offset in bitcode.
#[test]
fn refusals_name_the_function_and_the_position() {
    let text = "target triple = \"spir64-unknown-unknown\"\n\
                define spir_func void @f(ptr addrspace(1) %p) {\n\
                entry:\n  %old = atomicrmw fadd ptr addrspace(1) %p, float 1.0 seq_cst, align 4\n  ret void\n}\n";
    let module = spirvkit_llvm::parse_text(text, "p.ll").unwrap_or_else(|e| panic!("{e}"));
    let e = translate(&module, &options(""))
        .expect_err("atomicrmw fadd needs SPV_EXT_shader_atomic_float_add")
        .to_string();
    assert!(
        e.starts_with("function @f, line 4:3: atomicrmw fadd")
            && e.contains("SPV_EXT_shader_atomic_float_add"),
        "{e}"
    );
    let Some(bc) = spirvkit_test_support::modern_llvm::assemble_22("refusal", text) else {
        return;
    };
    let module = spirvkit_llvm::read_bitcode(&bc, "p.bc").unwrap_or_else(|e| panic!("{e}"));
    let e = translate(&module, &options(""))
        .expect_err("atomicrmw fadd needs SPV_EXT_shader_atomic_float_add")
        .to_string();
    assert!(
        e.starts_with("function @f, bit offset ") && e.contains(": atomicrmw fadd"),
        "{e}"
    );
}

/// Sizes read from the input (array and vector lengths, integer widths, `splat` counts) never
/// drive an allocation of their size: each module reads and translates, or is refused, in
/// bounded time and memory.
#[test]
fn huge_sizes_are_refused_or_translated_without_allocating_them() {
    let header = "target triple = \"spir64-unknown-unknown\"\n";
    let bodies = [
        "@g = addrspace(1) global [4294967296 x [4294967296 x i64]] zeroinitializer\n",
        "@g = addrspace(1) global [18446744073709551615 x i8] zeroinitializer\n",
        "@g = addrspace(1) global <4294967295 x i32> splat (i32 1)\n",
        "@g = addrspace(1) global [3 x <1048576 x i8>] zeroinitializer\n",
        "define spir_func void @f(ptr addrspace(1) %p) {\n  store [4294967296 x i32] zeroinitializer, ptr addrspace(1) %p\n  ret void\n}\n",
        "define spir_func void @f(ptr addrspace(1) %p) {\n  store <4294967295 x i32> splat (i32 7), ptr addrspace(1) %p\n  ret void\n}\n",
        "define spir_func void @f(ptr addrspace(1) %p) {\n  %v = load <1048576 x float>, ptr addrspace(1) %p\n  %w = fadd <1048576 x float> %v, %v\n  store <1048576 x float> %w, ptr addrspace(1) %p\n  ret void\n}\n",
        "define spir_func i16777216 @f(i16777216 %x) {\n  %y = add i16777216 %x, 1\n  ret i16777216 %y\n}\n",
        "define spir_func void @f() {\n  %a = alloca [4294967296 x i64], align 8\n  %b = alloca i8, i64 4294967296, align 8\n  ret void\n}\n",
        "define spir_func void @f(ptr addrspace(1) %p) {\n  %q = getelementptr inbounds [4294967296 x i32], ptr addrspace(1) %p, i64 0, i64 4294967295\n  ret void\n}\n",
        "define spir_func void @f(ptr %p) {\n  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 1099511627776, i1 false)\n  ret void\n}\ndeclare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\n",
        "define spir_func void @f(target(\"spirv.Image\", void, 4294967295, 0, 0, 0, 0, 0, 0) %i, target(\"spirv.JointMatrixINTEL\", i8, 4294967295, 4294967295, 0, 3, 0) %j) {\n  ret void\n}\n",
    ];
    for body in bodies {
        let text = format!("{header}{body}");
        if let Err(e) = check(text.clone().into_bytes(), &text) {
            panic!("{e}");
        }
    }
}

/// Constructs with more operands than one SPIR-V instruction holds (65 535 words): a struct
/// of 70 000 members, a switch of 40 000 cases, a phi of 40 000 predecessors, a call of
/// 70 000 arguments, an array constant of 70 000 elements, a splat of 65 536 elements. The
/// translator splits them (SPV_INTEL_long_composites), refuses them, or encodes them, but
/// never panics or hangs.
#[test]
fn constructs_beyond_the_instruction_word_limit_never_panic() {
    let many = |n: usize, item: &dyn Fn(usize) -> String| -> String {
        (0..n).map(item).collect::<Vec<_>>().join(", ")
    };
    let header = "target triple = \"spir64-unknown-unknown\"\n";
    let switch_cases: String = (0..40_000)
        .map(|i| format!("    i32 {i}, label %b\n"))
        .collect();
    let phi_blocks: String = (0..40_000)
        .map(|i| format!("p{i}:\n  br label %join\n"))
        .collect();
    let phi_switch: String = (0..40_000)
        .map(|i| format!("    i32 {i}, label %p{i}\n"))
        .collect();
    let bodies = [
        format!(
            "%big = type {{ {} }}\n@g = addrspace(1) global %big zeroinitializer\n",
            many(70_000, &|_| "i32".into())
        ),
        format!(
            "@g = addrspace(1) global [70000 x i32] [{}]\n",
            many(70_000, &|i| format!("i32 {i}"))
        ),
        "define spir_func void @f(ptr addrspace(1) %p) {\n  store <65536 x i32> splat (i32 7), ptr addrspace(1) %p\n  ret void\n}\n".to_owned(),
        format!(
            "define spir_func void @f(i32 %x) {{\na:\n  switch i32 %x, label %b [\n{switch_cases}  ]\nb:\n  ret void\n}}\n"
        ),
        format!(
            "define spir_func i32 @f(i32 %x) {{\na:\n  switch i32 %x, label %join [\n{phi_switch}  ]\n{phi_blocks}join:\n  %v = phi i32 [ 0, %a ], {}\n  ret i32 %v\n}}\n",
            many(40_000, &|i| format!("[ {i}, %p{i} ]"))
        ),
        format!(
            "declare spir_func void @callee({})\ndefine spir_func void @f() {{\n  call spir_func void @callee({})\n  ret void\n}}\n",
            many(70_000, &|_| "i32".into()),
            many(70_000, &|i| format!("i32 {i}"))
        ),
    ];
    for body in bodies {
        let text = format!("{header}{body}");
        let shown = format!("{}…", &text[..text.len().min(300)]);
        if let Err(e) = check(text.into_bytes(), &shown) {
            panic!("{e}");
        }
    }
}

/// Found by the `modern_mutations` fuzz target (input `07 3a ff 02 02 fe ff`: seed
/// `instruction_flags`, one type-name replacement): a vector type of 2^32 − 1 elements reached
/// `select` under `+all` (long vectors allowed), which listed one operand per component
/// (64 GiB). Vectors longer than 2^20 components are now refused where they are lowered,
/// naming the instruction's position.
#[test]
fn vectors_longer_than_the_translator_takes_are_refused() {
    let replayed = TextMutation::from_raw(0x3a, 0x02ff, 0xfe02);
    let text = mutate_text(MODERN_SEEDS[1].1, &replayed);
    if let Err(e) = check(text.clone().into_bytes(), &text) {
        panic!("{e}");
    }
    let text = "target triple = \"spir64-unknown-unknown\"\n\
                define spir_func void @f(i1 %c, ptr addrspace(1) %p) {\n\
                entry:\n  %v = select i1 %c, <4294967295 x float> zeroinitializer, <4294967295 x float> zeroinitializer\n  ret void\n}\n";
    let module = spirvkit_llvm::parse_text(text, "v.ll").unwrap_or_else(|e| panic!("{e}"));
    for set in ["", "+all"] {
        let e = translate(&module, &options(set))
            .expect_err("a 2^32 - 1 element vector")
            .to_string();
        assert!(
            e.starts_with("function @f, line 4:3: a vector of 4294967295 elements (at most 1048576 are translated)"),
            "[{set}] {e}"
        );
    }
}

/// Bitcode has no nesting to bound while reading (a type or constant record names earlier
/// ones), so deeply nested types and constant expressions from `llvm-as-22` reach the
/// translator: it reads and translates or refuses them without overflowing a 2 MiB stack.
#[test]
fn deeply_nested_bitcode_never_overflows_the_stack() {
    let depth = 2_000;
    let mut ty = "i8".to_owned();
    for _ in 0..depth {
        ty = format!("[1 x {ty}]");
    }
    let mut expr = "ptr addrspace(1) @a".to_owned();
    for _ in 0..depth {
        expr = format!("ptr addrspace(1) getelementptr (i8, {expr}, i64 1)");
    }
    let cases = [
        format!(
            "target triple = \"spir64-unknown-unknown\"\n@g = addrspace(1) global {ty} zeroinitializer\n\
             define spir_kernel void @k(ptr addrspace(1) %p) {{\n  store {ty} zeroinitializer, ptr addrspace(1) %p\n  ret void\n}}\n"
        ),
        format!(
            "target triple = \"spir64-unknown-unknown\"\n@a = addrspace(1) global i8 0\n@g = addrspace(1) global {expr}\n"
        ),
    ];
    for (i, text) in cases.iter().enumerate() {
        let Some(bc) = spirvkit_test_support::modern_llvm::assemble_22(&format!("deep{i}"), text)
        else {
            return;
        };
        if let Err(e) = check(bc, &format!("deep bitcode case {i}")) {
            panic!("{e}");
        }
    }
}

/// Named structs that each hold two of the previous one: a type of 2^40 paths but 40 levels.
/// Every walk over types must visit each struct once (or bound its depth), not every path.
#[test]
fn doubling_struct_chains_translate_in_bounded_time() {
    let mut text = String::from(
        "target triple = \"spir64-unknown-unknown\"\n%s0 = type { i32, target(\"spirv.Image\", void, 1, 0, 0, 0, 0, 0, 0) }\n",
    );
    for i in 1..=40 {
        text.push_str(&format!("%s{i} = type {{ %s{}, %s{} }}\n", i - 1, i - 1));
    }
    text.push_str(
        "define spir_kernel void @k(target(\"spirv.Image\", void, 1, 0, 0, 0, 0, 0, 0) %img, ptr addrspace(1) %p) {\n\
         \x20 %v = load %s40, ptr addrspace(1) %p\n  store %s40 %v, ptr addrspace(1) %p\n  %q = getelementptr %s40, ptr addrspace(1) %p, i64 0, i32 1, i32 0, i32 1\n  store ptr addrspace(1) %q, ptr addrspace(1) %p\n  ret void\n}\n",
    );
    let m = spirvkit_llvm::parse_text(&text, "d.ll").unwrap_or_else(|e| panic!("{e}"));
    translate(&m, &options("+all")).unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = check(text.clone().into_bytes(), &text) {
        panic!("{e}");
    }
}

/// Found by the `modern_mutations` fuzz target (input `3a 3a 50 60 40 a5 a5`: seed
/// `instruction_flags`, one type-name replacement making `%struct.S` hold itself by value):
/// type lowering recursed until the stack overflowed. LLVM refuses such a type ("invalid
/// recursive type"); the translator now refuses it once lowering is nested 64 levels deep.
#[test]
fn structs_holding_themselves_are_refused() {
    let replayed = TextMutation::from_raw(0x3a, 0x6050, 0xa540);
    let text = mutate_text(MODERN_SEEDS[1].1, &replayed);
    if let Err(e) = check(text.clone().into_bytes(), &text) {
        panic!("{e}");
    }
    let text = "target triple = \"spir64-unknown-unknown\"\n%s = type { i32, [2 x %s] }\n\
                define spir_func void @f(ptr addrspace(1) %p) {\n\
                entry:\n  %v = load %s, ptr addrspace(1) %p\n  ret void\n}\n";
    let module = spirvkit_llvm::parse_text(text, "s.ll").unwrap_or_else(|e| panic!("{e}"));
    let e = translate(&module, &options(""))
        .expect_err("a struct holding itself")
        .to_string();
    assert!(
        e.starts_with("function @f, line 5:3: types or constants nested deeper than 64 levels"),
        "{e}"
    );
}

/// Found by `mutated_text_translates_or_fails_clearly` (a number replaced in the version
/// node): an OpenCL version whose OpSource word overflows 32 bits is refused by name.
#[test]
fn an_opencl_version_beyond_the_source_word_is_refused() {
    let text = "target triple = \"spir64-unknown-unknown\"\n\
                define spir_kernel void @k() {\n  ret void\n}\n\
                !opencl.ocl.version = !{!0}\n!0 = !{i32 65536, i32 0}\n";
    let module = spirvkit_llvm::parse_text(text, "v.ll").unwrap_or_else(|e| panic!("{e}"));
    let error = match translate(&module, &options("")) {
        Ok(_) => panic!("version 65536.0 translated"),
        Err(e) => e.to_string(),
    };
    assert!(
        error.contains("opencl.ocl.version") && error.contains("65536.0"),
        "{error}"
    );
    let text = text.replace("65536", "3");
    let module = spirvkit_llvm::parse_text(&text, "v.ll").unwrap_or_else(|e| panic!("{e}"));
    assert!(translate(&module, &options("")).is_ok());
}
