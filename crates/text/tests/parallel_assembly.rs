//! The parallel assembler either declines or produces exactly the sequential assembler's words.
use spirvkit_test_support::{corpus_dir, files_with_extensions};
use spirvkit_text::asm::assemble_in_parallel;
use spirvkit_text::{assemble, AssembleOptions};

fn with_threads<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .expect("thread pool");
    pool.install(f)
}

/// Returns whether the parallel path answered.
fn check(source: &str) -> bool {
    let sequential = assemble(source, &AssembleOptions::default());
    let parallel = with_threads(|| assemble_in_parallel(source));
    match (&sequential, &parallel) {
        (Ok(words), Some(p)) => {
            assert_eq!(
                p, words,
                "parallel and sequential words differ for:\n{source}"
            );
            true
        }
        (Err(_), Some(_)) => panic!("parallel assembled text the sequential rejects:\n{source}"),
        (_, None) => false,
    }
}

const HEADER: &str = "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\nOpExecutionMode %main LocalSize 1 1 1\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%c1 = OpConstant %uint 1\n";

fn function(name: &str, body: &str) -> String {
    format!("%{name} = OpFunction %void None %fn\n%{name}_entry = OpLabel\n{body}OpReturn\nOpFunctionEnd\n")
}

#[test]
fn names_first_seen_in_later_functions_are_numbered_in_text_order() {
    let mut text = HEADER.to_string();
    for i in 0..40 {
        // Each function calls the next one (a forward reference) and uses fresh names.
        let body = format!("%a{i} = OpIAdd %uint %c1 %c1\n%b{i} = OpIMul %uint %a{i} %shared\n%r{i} = OpFunctionCall %void %f{}\n", i + 1);
        text += &function(&format!("f{i}"), &body);
    }
    text += &function("f40", "%shared = OpCopyObject %uint %c1\n");
    text += &function("main", "");
    assert!(check(&text), "expected the parallel path to answer");
}

#[test]
fn switch_literal_widths_from_function_values() {
    let mut text = HEADER.replace(
        "%c1 = OpConstant %uint 1\n",
        "%c1 = OpConstant %uint 1\n%ulong = OpTypeInt 64 0\n%l1 = OpConstant %ulong 1\n",
    );
    for i in 0..8 {
        let body = format!("%s{i} = OpIAdd %ulong %l1 %l1\nOpSelectionMerge %m{i} None\nOpSwitch %s{i} %m{i} 4294967296 %c{i}\n%c{i} = OpLabel\nOpBranch %m{i}\n%m{i} = OpLabel\n");
        text += &function(&format!("f{i}"), &body);
    }
    text += &function("main", "");
    assert!(check(&text));
}

#[test]
fn declines_what_chunks_cannot_decide_alone() {
    // A type defined among the functions and used by a later function's constant.
    let mut text = HEADER.to_string();
    text += &function("f0", "");
    text += "%ushort = OpTypeInt 16 0\n";
    for i in 1..6 {
        text += &function(&format!("f{i}"), "%k = OpSpecConstant %ushort 7\n");
    }
    assert!(!check(&text));
    // A switch on a value from another function.
    let mut text = HEADER.replace(
        "%c1 = OpConstant %uint 1\n",
        "%c1 = OpConstant %uint 1\n%ulong = OpTypeInt 64 0\n%l1 = OpConstant %ulong 1\n",
    );
    text += &function("f0", "%v = OpIAdd %ulong %l1 %l1\n");
    for i in 1..6 {
        text += &function(&format!("f{i}"), &format!("OpSelectionMerge %m{i} None\nOpSwitch %v %m{i} 4294967296 %c{i}\n%c{i} = OpLabel\nOpBranch %m{i}\n%m{i} = OpLabel\n"));
    }
    check(&text);
}

#[test]
fn function_lookalikes_inside_strings_and_errors() {
    // A multi-line string whose second line looks like a function start.
    let mut text = HEADER.replace(
        "OpCapability Shader\n",
        "OpCapability Shader\nOpSourceExtension \"x\n%g = OpFunction %void None %fn\"\n",
    );
    for i in 0..6 {
        text += &function(&format!("f{i}"), "");
    }
    check(&text);
    // An error in one function: the sequential error is what counts, the parallel path declines.
    let mut text = HEADER.to_string();
    for i in 0..6 {
        let body = if i == 3 {
            "%bad = OpIAdd %uint %c1\nOpBogus\n"
        } else {
            ""
        };
        text += &function(&format!("f{i}"), body);
    }
    assert!(!check(&text));
}

#[test]
fn corpus_texts_assemble_identically_in_parallel() {
    let Some(corpus) = corpus_dir() else { return };
    let mut answered = 0;
    let files = files_with_extensions(&corpus.join("spvasm"), &["spvasm"]);
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        answered += usize::from(check(&text));
    }
    // Most corpus modules have functions and nothing that needs the sequential path.
    eprintln!(
        "parallel path answered {answered} of {} corpus texts",
        files.len()
    );
    assert!(
        answered * 2 > files.len(),
        "parallel path answered only {answered} of {}",
        files.len()
    );
}
