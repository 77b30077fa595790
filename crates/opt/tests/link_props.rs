//! Hostile inputs never panic the linker: random module pairs built from symbol templates
//! (random names, linkage kinds, types, decorations and versions), the same with mutated
//! decoration words, and random word flips of valid inputs, with and without input validation.

use proptest::prelude::*;
use spirvkit_opt::{link, LinkOptions};

const KINDS: [&str; 3] = ["Export", "Import", "LinkOnceODR"];
const TYPES: [&str; 3] = ["%u", "%f", "%p"];
const DECORATIONS: [&str; 4] = [
    "",
    "OpDecorate %x Restrict\n",
    "OpDecorate %s Alignment 4\n",
    "OpDecorate %x FuncParamAttr NoCapture\n",
];

/// A module with one function symbol (and maybe a variable symbol and an entry point).
fn module(
    name: u8,
    kind: usize,
    ret: usize,
    param: usize,
    decoration: usize,
    entry: bool,
    var: Option<usize>,
) -> String {
    let kind = KINDS[kind % 3];
    let mut text = String::from(
        "OpCapability Addresses\nOpCapability Kernel\nOpCapability Linkage\nOpExtension \"SPV_KHR_linkonce_odr\"\nOpMemoryModel Physical64 OpenCL\n",
    );
    if entry {
        text.push_str("OpEntryPoint Kernel %k \"k\"\n");
    }
    text.push_str(&format!(
        "OpDecorate %s LinkageAttributes \"sym{}\" {kind}\n",
        name % 3
    ));
    if let Some(v) = var {
        text.push_str(&format!(
            "OpDecorate %gv LinkageAttributes \"var{}\" {}\n",
            name % 2,
            KINDS[v % 3]
        ));
    }
    text.push_str(DECORATIONS[decoration % 4]);
    text.push_str(
        "%u = OpTypeInt 32 0\n%f = OpTypeFloat 32\n%p = OpTypePointer CrossWorkgroup %u\n%void = OpTypeVoid\n%kfn = OpTypeFunction %void\n",
    );
    let (r, a) = (TYPES[ret % 3], TYPES[param % 3]);
    text.push_str(&format!(
        "%fn = OpTypeFunction {r} {a}\n%z = OpConstantNull {r}\n"
    ));
    if var.is_some() {
        text.push_str("%gv = OpVariable %p CrossWorkgroup\n");
    }
    if kind == "Import" {
        text.push_str(&format!(
            "%s = OpFunction {r} None %fn\n%x = OpFunctionParameter {a}\nOpFunctionEnd\n"
        ));
    } else {
        text.push_str(&format!(
            "%s = OpFunction {r} None %fn\n%x = OpFunctionParameter {a}\n%l = OpLabel\nOpReturnValue %z\nOpFunctionEnd\n"
        ));
    }
    if entry {
        text.push_str(&format!(
            "%k = OpFunction %void None %kfn\n%kl = OpLabel\n%ka = OpUndef {a}\n%c = OpFunctionCall {r} %s %ka\nOpReturn\nOpFunctionEnd\n"
        ));
    }
    text
}

fn words(text: &str) -> Vec<u32> {
    spirvkit_text::assemble(text, &Default::default()).expect("template assembles")
}

fn options(bits: u8, validate: bool) -> LinkOptions {
    LinkOptions {
        create_library: bits & 1 != 0,
        allow_partial_linkage: bits & 2 != 0,
        use_highest_version: bits & 4 != 0,
        allow_pointer_mismatch: bits & 8 != 0,
        verify_ids: bits & 16 != 0,
        keep_dead_functions: bits & 32 != 0,
        validate_inputs: validate,
        ..LinkOptions::default()
    }
}

type Params = (u8, usize, usize, usize, usize, bool, Option<usize>);

fn params() -> impl Strategy<Value = Params> {
    (
        any::<u8>(),
        0..3usize,
        0..3usize,
        0..3usize,
        0..4usize,
        any::<bool>(),
        proptest::option::of(0..3usize),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_pairs_never_panic(a in params(), b in params(), bits in any::<u8>(), validate in any::<bool>(), v in 0..3u32) {
        let mut x = words(&module(a.0, a.1, a.2, a.3, a.4, a.5, a.6));
        let y = words(&module(b.0, b.1, b.2, b.3, b.4, b.5, b.6));
        x[1] = 0x0001_0000 + (v << 8) * 2;
        let result = link(&[&x, &y], &options(bits, validate));
        if let Ok(out) = result {
            // Whatever links decodes again; linked from validated inputs, it is valid.
            prop_assert!(spirvkit_core::Module::from_words(&out).is_ok());
            if validate {
                let opts = spirvkit_val::ValidatorOptions::new(spirvkit_val::TargetEnv::Universal);
                let verdict = spirvkit_val::validate(&out, &opts);
                prop_assert!(verdict.is_ok(), "{:?}", verdict);
            }
        }
    }

    #[test]
    fn mutated_decorations_and_words_never_panic(
        a in params(),
        b in params(),
        flips in proptest::collection::vec((any::<usize>(), any::<u32>()), 1..6),
        bits in any::<u8>(),
        validate in any::<bool>(),
    ) {
        let x = words(&module(a.0, a.1, a.2, a.3, a.4, a.5, a.6));
        let mut y = words(&module(b.0, b.1, b.2, b.3, b.4, b.5, b.6));
        // Flip words after the header, favouring the annotation area near the front.
        for (at, value) in flips {
            let span = (y.len() - 5).min(40);
            let i = 5 + at % span.max(1);
            y[i] = if value & 1 == 0 { value } else { y[i] ^ (value >> 1) };
        }
        let _ = link(&[&x, &y], &options(bits, validate));
        let _ = link(&[&y], &options(bits, validate));
    }
}
