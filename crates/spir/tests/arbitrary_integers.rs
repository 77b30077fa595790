//! Integers of odd widths: OpTypeInt of that width with SPV_INTEL_arbitrary_precision_integers;
//! without it widened to the next of 8/16/32/64 with constants masked to the LLVM width, as
//! llvm-spirv's `widen-integers` test expects (valid for spirv-val).

mod common;
use common::{spirv_val, translate_with};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Capability, Op};

const ODD: &str = r#"target triple = "spir64-unknown-unknown"
@a = addrspace(1) global i13 0, align 2
@b = addrspace(1) global i58 0, align 8
@c = addrspace(1) global i48 0, align 8
define spir_func void @_Z4funci(i30 %a, i13 %x, i13 %y) {
entry:
  %a.addr = alloca i30, align 4
  store i30 %a, ptr %a.addr, align 4
  store i30 1, ptr %a.addr, align 4
  store i48 -4294901761, ptr addrspace(1) @c, align 8
  %s = add i13 %x, %y
  %z = zext i13 %s to i58
  store i58 %z, ptr addrspace(1) @b
  store i13 %s, ptr addrspace(1) @a
  ret void
}
"#;

fn int_widths(m: &Module) -> Vec<u32> {
    let mut w: Vec<u32> = m
        .instructions()
        .filter(|i| i.opcode == Op::TypeInt)
        .filter_map(|i| i.operands.first().and_then(Operand::word))
        .collect();
    w.sort_unstable();
    w
}

/// The 64-bit words of the constant stored to @c (-4294901761 as i48).
fn masked_constant_present(m: &Module) -> bool {
    let want = (-4294901761i64 as u64) & ((1 << 48) - 1);
    m.instructions().any(|i| {
        i.opcode == Op::Constant
            && i.operands.len() == 2
            && i.operands[0].word() == Some(want as u32)
            && i.operands[1].word() == Some((want >> 32) as u32)
    })
}

#[test]
fn odd_widths_are_widened_without_the_extension() {
    let m = translate_with(ODD, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "widen_integers");
    assert_eq!(int_widths(&m), vec![16, 32, 64]);
    assert!(masked_constant_present(&m));
}

#[test]
fn odd_widths_are_kept_with_arbitrary_precision_integers() {
    for ext in [
        "+SPV_INTEL_arbitrary_precision_integers",
        "+SPV_ALTERA_arbitrary_precision_integers",
    ] {
        let m = translate_with(ODD, ext).unwrap_or_else(|e| panic!("{e}"));
        // spirv-val 2025.5 accepts no OpTypeInt width other than 8/16/32/64 whatever the
        // capabilities (llvm-spirv's output is rejected the same way), so only the form is
        // checked here.
        assert_eq!(int_widths(&m), vec![13, 30, 48, 58], "{ext}");
        assert!(masked_constant_present(&m));
        assert!(m.instructions().any(|i| i.opcode == Op::Capability
            && i.operands.first().and_then(Operand::word)
                == Some(Capability::ArbitraryPrecisionIntegersALTERA.0)));
    }
}

/// Wider than 64 bits there is nothing to widen to: with the extension OpTypeInt 128 and
/// constants of four words (LLVM's sign-extended values and wide constants, cleared above the
/// width), the operations as for any integer; refused naming the extension without it.
#[test]
fn integers_wider_than_64_bits_need_the_extension() {
    let src = r#"target triple = "spir64-unknown-unknown"
@w = addrspace(1) global i128 18446744073709551616
define spir_func i128 @f(i128 %a, i96 %b) {
  %c = add i128 %a, -2
  %d = mul i128 %c, 5
  %e = trunc i128 %d to i64
  %g = zext i96 %b to i128
  %e.wide = zext i64 %e to i128
  %h = xor i128 %g, %e.wide
  ret i128 %h
}
"#;
    let m = translate_with(src, "+SPV_INTEL_arbitrary_precision_integers")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(int_widths(&m), vec![64, 96, 128]);
    let constants: Vec<Vec<u32>> = m
        .instructions()
        .filter(|i| i.opcode == Op::Constant)
        .map(|i| i.operands.iter().filter_map(Operand::word).collect())
        .filter(|w: &Vec<u32>| w.len() == 4)
        .collect();
    assert!(constants.contains(&vec![0, 0, 1, 0]), "2^64: {constants:?}");
    assert!(
        constants.contains(&vec![u32::MAX - 1, u32::MAX, u32::MAX, u32::MAX]),
        "-2: {constants:?}"
    );
    assert!(constants.contains(&vec![5, 0, 0, 0]), "{constants:?}");
    // spirv-val 2025.5 rejects widths other than 8/16/32/64 even with the capability (as it
    // rejects llvm-spirv's output); spirvkit's own disassembler prints the module.
    let text = spirvkit_text::disassemble(&m.to_words(), &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        text.contains("OpConstant %u128 0x10000000000000000"),
        "{text}"
    );
    // And back to LLVM with the same values.
    let back = spirvkit_spir::reverse::reverse_words(&m.to_words(), &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let ll = back.to_ll(&spirvkit_llvm::WriteOptions::opaque());
    assert!(ll.contains("i128 18446744073709551616"), "{ll}");
    assert!(ll.contains("add i128 %a, -2"), "{ll}");
    let e = translate_with(src, "").expect_err("wider than 64 bits");
    assert!(
        e.contains("i128") && e.contains("SPV_INTEL_arbitrary_precision_integers"),
        "{e}"
    );
}
