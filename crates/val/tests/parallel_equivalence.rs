//! Large modules are read and walked in stretches of functions on every thread: the
//! diagnostics must be exactly those of the one-thread validation (`sequential`), for valid
//! modules and for modules malformed in the middle of their functions.

use spirvkit_val::{diagnostics, ValidatorOptions};

/// A kernel module of `functions` exported functions, each with two blocks; `patch(k, body)`
/// may rewrite function k's text.
fn module(functions: usize, patch: impl Fn(usize, String) -> String) -> Vec<u32> {
    let mut text = String::from(
        "OpCapability Addresses
         OpCapability Kernel
         OpCapability Linkage
         OpCapability Int64
         OpMemoryModel Physical64 OpenCL
         OpEntryPoint Kernel %main \"main\"
",
    );
    for k in 0..functions {
        text.push_str(&format!(
            "OpDecorate %f{k} LinkageAttributes \"f{k}\" Export\n"
        ));
    }
    text.push_str(
        "%void = OpTypeVoid
         %uint = OpTypeInt 32 0
         %uint_1 = OpConstant %uint 1
         %fn = OpTypeFunction %void
         %ufn = OpTypeFunction %uint %uint
         %main = OpFunction %void None %fn
         %main_l = OpLabel
         OpReturn
         OpFunctionEnd
",
    );
    for k in 0..functions {
        let body = format!(
            "%f{k} = OpFunction %uint None %ufn
             %p{k} = OpFunctionParameter %uint
             %a{k} = OpLabel
             %x{k} = OpIAdd %uint %p{k} %uint_1
             %y{k} = OpIMul %uint %x{k} %x{k}
             OpSwitch %y{k} %b{k} 1 %b{k} 2 %c{k}
             %c{k} = OpLabel
             OpBranch %b{k}
             %b{k} = OpLabel
             %z{k} = OpISub %uint %y{k} %p{k}
             OpReturnValue %z{k}
             OpFunctionEnd
"
        );
        text.push_str(&patch(k, body));
    }
    spirvkit_text::assemble(&text, &Default::default()).expect("the test module assembles")
}

fn same_both_ways(words: &[u32], what: &str) {
    let parallel = diagnostics(words, &ValidatorOptions::default());
    let sequential = diagnostics(
        words,
        &ValidatorOptions {
            sequential: true,
            ..Default::default()
        },
    );
    assert_eq!(parallel, sequential, "{what}");
}

const FUNCTIONS: usize = 1500;

/// A rewrite of function k's text.
type Patch = dyn Fn(usize, String) -> String;

#[test]
fn a_valid_large_module_is_valid_both_ways() {
    let words = module(FUNCTIONS, |_, body| body);
    assert!(words.len() > 1 << 14, "large enough to be read in runs");
    let found = diagnostics(&words, &ValidatorOptions::default());
    assert!(found.is_empty(), "{found:?}");
    same_both_ways(&words, "valid");
}

#[test]
fn malformed_functions_in_the_middle_give_the_one_thread_diagnostics() {
    let middle = FUNCTIONS / 2;
    let cases: Vec<(&str, Box<Patch>)> = vec![
        (
            "a missing OpFunctionEnd",
            Box::new(move |k, body: String| {
                if k == middle {
                    body.replace("OpFunctionEnd", "")
                } else {
                    body
                }
            }),
        ),
        (
            "a declaration after definitions",
            Box::new(move |k, body: String| {
                if k == middle {
                    format!("%decl = OpFunction %void None %fn\nOpFunctionEnd\n{body}")
                } else {
                    body
                }
            }),
        ),
        (
            "an OpMemoryModel in a function",
            Box::new(move |k, body: String| {
                if k == middle {
                    body.replace(
                        "OpReturnValue",
                        "OpMemoryModel Physical64 OpenCL\nOpReturnValue",
                    )
                } else {
                    body
                }
            }),
        ),
        (
            "a type declared in a function",
            Box::new(move |k, body: String| {
                if k == middle {
                    body.replace("OpReturnValue", "%short = OpTypeInt 16 0\nOpReturnValue")
                } else {
                    body
                }
            }),
        ),
        (
            "a value of another function",
            Box::new(move |k, body: String| {
                if k == middle + 1 {
                    body.replace(&format!("OpSwitch %y{k}"), &format!("OpSwitch %y{middle}"))
                } else {
                    body
                }
            }),
        ),
        (
            "an id defined twice",
            Box::new(move |k, body: String| {
                if k == middle + 1 {
                    body.replace(&format!("%z{k} ="), &format!("%z{middle} ="))
                        .replace(
                            &format!("OpReturnValue %z{k}"),
                            &format!("OpReturnValue %z{middle}"),
                        )
                } else {
                    body
                }
            }),
        ),
        (
            "an instruction between functions",
            Box::new(move |k, body: String| {
                if k == middle {
                    format!("{body}%stray = OpIAdd %uint %uint_1 %uint_1\n")
                } else {
                    body
                }
            }),
        ),
        (
            "a block without a terminator",
            Box::new(move |k, body: String| {
                if k == middle {
                    body.replace(&format!("OpBranch %b{k}\n"), "")
                } else {
                    body
                }
            }),
        ),
    ];
    for (what, patch) in cases {
        let words = module(FUNCTIONS, patch);
        let found = diagnostics(&words, &ValidatorOptions::default());
        assert!(!found.is_empty(), "{what}: expected diagnostics");
        same_both_ways(&words, what);
    }
}
