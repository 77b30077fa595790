//! The decoder's forms for the two SPV_INTEL_fpga_loop_controls bits whose parameters the JSON
//! grammar cannot describe (`spirvkit_grammar::parameter_forms`): DependencyArrayINTEL, a count
//! then (`<id>`, literal) pairs, and LoopCountINTEL, three signed 64-bit literals. Decoded
//! operand by operand, re-encoded to the same words, and malformed counts refused.
use spirvkit_core::decode::NumberKind;
use spirvkit_core::{Id, Module, Operand, Parser};
use spirvkit_grammar::{Op, OperandKind};

const DEPENDENCY_ARRAY: u32 = 0x40000;
const PIPELINE_ENABLE: u32 = 0x80000;
const LOOP_COUNT: u32 = 0x100_0000;

/// A header (bound 10) and one OpLoopMerge %1 %2 with `control` (mask, then parameters).
/// The decoder walks operands without checking the module layout.
fn loop_merge(control: &[u32]) -> Vec<u32> {
    let mut w = vec![0x0723_0203, 0x0001_0000, 0, 10, 0];
    w.push(((3 + control.len() as u32) << 16) | u32::from(Op::LoopMerge.0));
    w.extend([1, 2]);
    w.extend(control);
    w
}

#[test]
fn dependency_array_pairs_and_later_parameters_are_classified() {
    let control = [
        DEPENDENCY_ARRAY | PIPELINE_ENABLE | LOOP_COUNT,
        2,
        3,
        0,
        4,
        5,
        1,
        7,
        0,
        u32::MAX,
        u32::MAX,
        0,
        2,
    ];
    let words = loop_merge(&control);
    let mut parser = Parser::new(&words).expect("header");
    let inst = parser
        .next_instruction()
        .expect("decodes")
        .expect("an instruction");
    let kinds: Vec<OperandKind> = inst.operands.iter().map(|o| o.kind).collect();
    use OperandKind::{IdRef, LiteralInteger, LoopControl};
    assert_eq!(
        kinds,
        vec![
            IdRef,
            IdRef,
            LoopControl,
            LiteralInteger, // count
            IdRef,
            LiteralInteger,
            IdRef,
            LiteralInteger,
            LiteralInteger, // PipelineEnable
            LiteralInteger, // three 64-bit literals
            LiteralInteger,
            LiteralInteger,
        ]
    );
    let widths: Vec<(u16, NumberKind, u16)> = inst.operands[8..]
        .iter()
        .map(|o| (o.num_words, o.number_kind, o.number_width))
        .collect();
    assert_eq!(
        widths,
        vec![
            (1, NumberKind::Unsigned, 32),
            (2, NumberKind::Signed, 64),
            (2, NumberKind::Signed, 64),
            (2, NumberKind::Signed, 64),
        ]
    );
    let module = Module::from_words(&words).expect("module");
    let merge = module.instructions().next().expect("the merge");
    assert_eq!(merge.operands[4], Operand::Id(Id(3)));
    assert_eq!(merge.operands[6], Operand::Id(Id(4)));
    assert_eq!(module.to_words(), words);
}

#[test]
fn counts_and_literals_the_words_cannot_hold_are_errors() {
    for control in [
        // 1000 pairs announced, one present.
        vec![DEPENDENCY_ARRAY, 1000, 3, 0],
        // A count of u32::MAX: refused before anything is expected.
        vec![DEPENDENCY_ARRAY, u32::MAX],
        // The count itself missing.
        vec![DEPENDENCY_ARRAY],
        // A pair whose id is 0, and one past the bound.
        vec![DEPENDENCY_ARRAY, 1, 0, 0],
        vec![DEPENDENCY_ARRAY, 1, 99, 0],
        // Five of LoopCountINTEL's six words.
        vec![LOOP_COUNT, 1, 0, 2, 0, 3],
    ] {
        let words = loop_merge(&control);
        let mut parser = Parser::new(&words).expect("header");
        assert!(parser.next_instruction().is_err(), "{control:?}");
        assert!(Module::from_words(&words).is_err(), "{control:?}");
    }
    // A trailing word after a complete form is left over, as for any instruction.
    let words = loop_merge(&[DEPENDENCY_ARRAY, 1, 3, 0, 9]);
    assert!(Module::from_words(&words).is_err());
}
