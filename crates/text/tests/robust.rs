//! Never panic: random text into the assembler, random and bit-flipped words into the
//! disassembler (every option).

mod common;
use proptest::prelude::*;
use spirvkit_text::{assemble, disassemble, AssembleOptions, DisassembleOptions};

fn all_option_sets() -> Vec<DisassembleOptions> {
    vec![
        DisassembleOptions::default(),
        DisassembleOptions {
            raw_id: true,
            no_indent: true,
            ..Default::default()
        },
        DisassembleOptions {
            comment: true,
            offsets: true,
            nested_indent: true,
            reorder_blocks: true,
            ..Default::default()
        },
    ]
}

const TOKENS: &[&str] = &[
    "OpCapability",
    "Shader",
    "%1",
    "%a",
    "=",
    "OpTypeInt",
    "32",
    "0",
    "-1",
    "0x",
    "1.5",
    "0x1p+3",
    "\"s\\\"x\"",
    "OpConstant",
    "OpSwitch",
    "OpExtInstImport",
    "\"OpenCL.std\"",
    "OpExtInst",
    "fabs",
    "!",
    "!12",
    "Volatile|Aligned",
    "OpLoad",
    "OpSpecConstantOp",
    "IAdd",
    ";",
    "\n",
    " ",
    "(",
    ")",
    ",",
    "OpUnknown",
    "OpTypeFloat",
    "16",
    "64",
    "\\",
    "\"",
    "OpDecorate",
    "BuiltIn",
    "%",
    "OpFunction",
    "OpLabel",
    "-",
    ".",
    "e",
    "0x1.",
    "p",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn assembler_never_panics_on_tokens(picks in proptest::collection::vec(0usize..TOKENS.len(), 0..40)) {
        let mut s = String::new();
        for p in picks {
            s.push_str(TOKENS[p]);
            s.push(' ');
        }
        let _ = assemble(&s, &AssembleOptions::default());
        let _ = assemble(&s, &AssembleOptions { preserve_numeric_ids: true, ..Default::default() });
    }

    #[test]
    fn assembler_never_panics_on_bytes(s in "\\PC{0,200}") {
        let _ = assemble(&s, &AssembleOptions::default());
    }

    #[test]
    fn disassembler_never_panics_on_random_words(body in proptest::collection::vec(any::<u32>(), 0..64), bound in 0u32..100) {
        let mut w = vec![0x0723_0203, 0x0001_0000, 0, bound, 0];
        w.extend(body);
        for o in all_option_sets() {
            let _ = disassemble(&w, &o);
        }
    }

    #[test]
    fn disassembler_never_panics_on_bit_flips(flips in proptest::collection::vec((any::<usize>(), 0u32..32), 1..4)) {
        let mut w = common::words("cf.spv");
        for (i, b) in flips {
            let i = 5 + i % (w.len() - 5);
            w[i] ^= 1 << b;
        }
        for o in all_option_sets() {
            if let Ok(t) = disassemble(&w, &o) {
                // Whatever disassembles must also assemble back without panicking.
                let _ = assemble(&t, &AssembleOptions::default());
            }
        }
    }
}
