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

/// Odd widths carried in a wider integer, every operation that reads the bits above the LLVM
/// width: `i4` sums and products (whose carrier bits overflow), then unsigned and signed
/// compares, divisions, shifts, `sitofp`, a switch with a negative case.
const CARRIED_ARITHMETIC: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(i32 %x, i32 %y) {
entry:
  %a = trunc i32 %x to i4
  %b = trunc i32 %y to i4
  %s = add i4 %a, %b
  %m = mul i4 %a, %b
  %c1 = icmp ult i4 %s, 5
  %c2 = icmp slt i4 %m, %b
  %d = sdiv i4 %s, 3
  %u = udiv i4 %m, 3
  %sh = ashr i4 %s, 1
  %lh = lshr i4 %m, 2
  %cv = sitofp i4 %s to float
  %ci = fptosi float %cv to i32
  %z1 = zext i1 %c1 to i32
  %z2 = zext i1 %c2 to i32
  %e1 = sext i4 %d to i32
  %e2 = zext i4 %u to i32
  %e3 = sext i4 %sh to i32
  %e4 = zext i4 %lh to i32
  %t1 = shl i32 %z1, 1
  %r1 = or i32 %t1, %z2
  %t2 = mul i32 %e1, 7
  %r2 = add i32 %r1, %t2
  %t3 = mul i32 %e2, 131
  %r3 = add i32 %r2, %t3
  %t4 = mul i32 %e3, 1009
  %r4 = add i32 %r3, %t4
  %t5 = mul i32 %e4, 10007
  %r5 = add i32 %r4, %t5
  %t6 = mul i32 %ci, 100003
  %r6 = add i32 %r5, %t6
  switch i4 %s, label %other [ i4 -1, label %neg1
                               i4 3, label %three ]
neg1:
  %n1 = add i32 %r6, 1000000
  ret i32 %n1
three:
  %n3 = add i32 %r6, 2000000
  ret i32 %n3
other:
  ret i32 %r6
}
"#;

/// The carrier's bits above the LLVM width are unspecified after arithmetic (`i4` 9 + 9 is 18
/// in 8 bits), so operations that read them define them first: zero-extended for unsigned
/// order, equality, udiv, lshr and switch (whose case literals are masked: `i4 -1` is 15),
/// sign-extended (a shift pair) for signed order, sdiv, ashr and sitofp. Before, `add` then
/// `icmp ult` compared 18 with 5, and the switch literal was 0xffffffff (invalid).
#[test]
fn carried_odd_widths_are_made_exact_where_their_upper_bits_are_read() {
    let m = translate_with(CARRIED_ARITHMETIC, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "carried_arithmetic");
    let ops: Vec<Op> = m.instructions().map(|i| i.opcode).collect();
    let count = |op| ops.iter().filter(|&&o| o == op).count();
    // Masks: two truncs, the ult pair, udiv (both sides), lshr (value and amount), the
    // shl/ashr amounts, the zero extensions of the results and the switch selector.
    assert!(count(Op::BitwiseAnd) >= 8, "{ops:?}");
    // Sign extensions: slt (both sides), sdiv (both), ashr, sitofp, plus the sexts.
    assert!(count(Op::ShiftRightArithmetic) >= 6, "{ops:?}");
    let switch = m
        .instructions()
        .find(|i| i.opcode == Op::Switch)
        .expect("the switch");
    let literals: Vec<u32> = switch.operands.iter().filter_map(Operand::word).collect();
    assert_eq!(literals, vec![15, 3]);
    // Executed: the original module and its translation read back agree on all 256 inputs.
    let Some(expected) = lli_outputs(CARRIED_ARITHMETIC) else {
        return;
    };
    assert_eq!(read_back_outputs(&m), Some(expected));
}

/// `lli_outputs` of the translation `m` read back to LLVM by the reverse translator.
fn read_back_outputs(m: &Module) -> Option<String> {
    let back = spirvkit_spir::reverse::reverse_words(&m.to_words(), &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    lli_outputs(&back.to_ll(&spirvkit_llvm::WriteOptions::opaque()))
}

/// `@f(x, y)` for x, y in 0..16, run by LLVM's interpreter (the function, without its target
/// triple and calling convention, and a `main` that prints every result); `None` when
/// LLVM 22's `lli` is not installed.
fn lli_outputs(module: &str) -> Option<String> {
    let lli = std::path::Path::new("/usr/lib/llvm-22/bin/lli");
    if !lli.is_file() {
        eprintln!("note: {} missing; execution check skipped", lli.display());
        return None;
    }
    let mut body = String::new();
    let mut in_f = false;
    for line in module.lines() {
        if line.starts_with("declare") && !line.contains("@_Z") {
            // Intrinsics; the OpenCL C built-ins are defined below instead.
            body.push_str(&line.replace("spir_func ", ""));
            body.push('\n');
        }
        if line.starts_with("define") {
            in_f = line.contains("@f(");
        }
        if in_f {
            body.push_str(&line.replace("spir_func ", ""));
            body.push('\n');
        }
        if line == "}" {
            in_f = false;
        }
    }
    body.push_str(
        r#"declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d\0A\00"
define i32 @main() {
entry:
  br label %outer
outer:
  %x = phi i32 [0, %entry], [%x1, %outer.end]
  br label %inner
inner:
  %y = phi i32 [0, %outer], [%y1, %inner]
  %v = call i32 @f(i32 %x, i32 %y)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %v)
  %y1 = add i32 %y, 1
  %cy = icmp ult i32 %y1, 16
  br i1 %cy, label %inner, label %outer.end
outer.end:
  %x1 = add i32 %x, 1
  %cx = icmp ult i32 %x1, 16
  br i1 %cx, label %outer, label %done
done:
  ret i32 0
}
"#,
    );
    // The OpenCL C built-ins the read-back module calls for the `i8` carriers.
    for (name, intrinsic, args) in [
        ("_Z8popcountc", "ctpop", "i8 %x"),
        ("_Z3clzc", "ctlz", "i8 %x, i1 false"),
        ("_Z3ctzc", "cttz", "i8 %x, i1 false"),
        ("_Z3absc", "abs", "i8 %x, i1 false"),
        ("_Z3maxhh", "umax", "i8 %x, i8 %y"),
        ("_Z3maxcc", "smax", "i8 %x, i8 %y"),
    ] {
        if body.contains(name) {
            let params = if args.contains("%y") {
                "i8 %x, i8 %y"
            } else {
                "i8 %x"
            };
            body.push_str(&format!(
                "define i8 @{name}({params}) {{\n  %r = call i8 @llvm.{intrinsic}.i8({args})\n  ret i8 %r\n}}\n"
            ));
        }
    }
    let dir = spirvkit_test_support::workspace_root().join("target/test-arbitrary-integers");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let file = dir.join(format!("run{}.ll", body.len()));
    std::fs::write(&file, &body).expect("write");
    let out = std::process::Command::new(lli)
        .arg(&file)
        .output()
        .expect("run lli");
    assert!(
        out.status.success(),
        "lli: {}\n{body}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(printed.lines().count(), 256);
    Some(printed)
}

/// Integer intrinsics on a carried odd width read the LLVM bits only: ctpop/ctlz/cttz/umax on
/// zero-extended operands (ctlz less the carrier's 4 extra bits, cttz of zero is 4), smax/abs
/// on sign-extended ones; executed on all 256 inputs against the original.
#[test]
fn carried_odd_width_intrinsics_count_and_compare_the_llvm_bits() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(i32 %x, i32 %y) {
entry:
  %a = trunc i32 %x to i4
  %b = trunc i32 %y to i4
  %s = add i4 %a, %b
  %m = mul i4 %a, %b
  %p = call i4 @llvm.ctpop.i4(i4 %s)
  %l = call i4 @llvm.ctlz.i4(i4 %m, i1 false)
  %tz = call i4 @llvm.cttz.i4(i4 %s, i1 false)
  %mx = call i4 @llvm.umax.i4(i4 %s, i4 %m)
  %sx = call i4 @llvm.smax.i4(i4 %s, i4 %m)
  %ab = call i4 @llvm.abs.i4(i4 %m, i1 false)
  %e1 = zext i4 %p to i32
  %e2 = zext i4 %l to i32
  %e3 = zext i4 %tz to i32
  %e4 = zext i4 %mx to i32
  %e5 = sext i4 %sx to i32
  %e6 = zext i4 %ab to i32
  %r1 = mul i32 %e2, 17
  %r2 = add i32 %e1, %r1
  %r3 = mul i32 %e3, 289
  %r4 = add i32 %r2, %r3
  %r5 = mul i32 %e4, 4913
  %r6 = add i32 %r4, %r5
  %r7 = mul i32 %e5, 83521
  %r8 = add i32 %r6, %r7
  %r9 = mul i32 %e6, 1419857
  %r10 = add i32 %r8, %r9
  ret i32 %r10
}
declare i4 @llvm.ctpop.i4(i4)
declare i4 @llvm.ctlz.i4(i4, i1)
declare i4 @llvm.cttz.i4(i4, i1)
declare i4 @llvm.umax.i4(i4, i4)
declare i4 @llvm.smax.i4(i4, i4)
declare i4 @llvm.abs.i4(i4, i1)
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "carried_intrinsics");
    let Some(expected) = lli_outputs(src) else {
        return;
    };
    assert_eq!(read_back_outputs(&m), Some(expected));
}

/// GEP indices are signed: an `i4` index carried in 8 bits is sign-extended from bit 3 (a
/// variable one by a shift pair, a constant one as the constant -3), so the stores land where
/// LLVM puts them; executed on all 256 inputs against the original.
#[test]
fn carried_odd_width_gep_indices_are_sign_extended() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(i32 %x, i32 %y) {
entry:
  %arr = alloca [16 x i32], align 4
  store [16 x i32] zeroinitializer, ptr %arr, align 4
  %a = trunc i32 %x to i4
  %b = trunc i32 %y to i4
  %s = add i4 %a, %b
  %base = getelementptr inbounds [16 x i32], ptr %arr, i32 0, i32 8
  %q = getelementptr inbounds i32, ptr %base, i4 %s
  store i32 %x, ptr %q, align 4
  %q2 = getelementptr inbounds i32, ptr %base, i4 -3
  store i32 77, ptr %q2, align 4
  %e = sext i4 %s to i32
  %i = add i32 %e, 8
  %r = getelementptr inbounds [16 x i32], ptr %arr, i32 0, i32 %i
  %v = load i32, ptr %r, align 4
  %r5 = getelementptr inbounds [16 x i32], ptr %arr, i32 0, i32 5
  %v5 = load i32, ptr %r5, align 4
  %m = mul i32 %v5, 100000
  %t = add i32 %v, %m
  ret i32 %t
}
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "carried_gep_indices");
    let Some(expected) = lli_outputs(src) else {
        return;
    };
    // Every result has the 77 stored at index -3 from the middle.
    assert!(expected.lines().all(|l| l.starts_with("77")), "{expected}");
    assert_eq!(read_back_outputs(&m), Some(expected));
}

/// Funnel shifts and rotations on carried odd widths: `i4` (a power of two, in 8 bits), `i5`
/// (amounts taken `urem 5`), `i12` in 16 bits and `i24` in 32, each operand and amount left
/// with unspecified carrier bits by the arithmetic before it. The amount and the operand
/// shifted right are zero-extended from the LLVM width; a rotation is a funnel shift of the
/// value with itself, not OpenCL's `rotate` of the whole carrier. Executed on all 256 inputs
/// against the original.
const CARRIED_FUNNEL_SHIFTS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(i32 %x, i32 %y) {
entry:
  %x4 = trunc i32 %x to i4
  %y4 = trunc i32 %y to i4
  %a4 = add i4 %x4, 9
  %b4 = mul i4 %y4, 7
  %s4 = add i4 %x4, %y4
  %l4 = call i4 @llvm.fshl.i4(i4 %a4, i4 %b4, i4 %s4)
  %r4 = call i4 @llvm.fshr.i4(i4 %a4, i4 %b4, i4 %s4)
  %o4 = call i4 @llvm.fshl.i4(i4 %b4, i4 %b4, i4 %s4)
  %x5 = trunc i32 %x to i5
  %y5 = trunc i32 %y to i5
  %a5 = add i5 %x5, 27
  %b5 = mul i5 %y5, 13
  %s5 = add i5 %y5, 29
  %l5 = call i5 @llvm.fshl.i5(i5 %a5, i5 %b5, i5 %s5)
  %r5 = call i5 @llvm.fshr.i5(i5 %a5, i5 %b5, i5 %s5)
  %o5 = call i5 @llvm.fshr.i5(i5 %a5, i5 %a5, i5 %s5)
  %x12.w = mul i32 %x, 291
  %x12 = trunc i32 %x12.w to i12
  %y12 = trunc i32 %y to i12
  %a12 = mul i12 %x12, 37
  %b12 = add i12 %a12, 4000
  %s12 = mul i12 %y12, 5
  %l12 = call i12 @llvm.fshl.i12(i12 %a12, i12 %b12, i12 %s12)
  %r12 = call i12 @llvm.fshr.i12(i12 %b12, i12 %a12, i12 %s12)
  %x24.w = mul i32 %x, 1193047
  %x24 = trunc i32 %x24.w to i24
  %y24 = trunc i32 %y to i24
  %a24 = mul i24 %x24, 4099
  %s24 = add i24 %y24, 16777200
  %l24 = call i24 @llvm.fshl.i24(i24 %a24, i24 %a24, i24 %s24)
  %r24 = call i24 @llvm.fshr.i24(i24 %x24, i24 %a24, i24 %s24)
  %e1 = zext i4 %l4 to i32
  %e2 = zext i4 %r4 to i32
  %e3 = zext i4 %o4 to i32
  %e4 = zext i5 %l5 to i32
  %e5 = zext i5 %r5 to i32
  %e6 = zext i5 %o5 to i32
  %e7 = zext i12 %l12 to i32
  %e8 = zext i12 %r12 to i32
  %e9 = zext i24 %l24 to i32
  %e10 = zext i24 %r24 to i32
  %m2 = shl i32 %e2, 4
  %m3 = shl i32 %e3, 8
  %m4 = shl i32 %e4, 12
  %m5 = shl i32 %e5, 17
  %m6 = shl i32 %e6, 22
  %v1 = or i32 %e1, %m2
  %v2 = or i32 %v1, %m3
  %v3 = or i32 %v2, %m4
  %v4 = or i32 %v3, %m5
  %v5 = or i32 %v4, %m6
  %w7 = mul i32 %e7, 1000003
  %w8 = mul i32 %e8, 7919
  %w9 = mul i32 %e9, 65537
  %w10 = mul i32 %e10, 257
  %v6 = xor i32 %v5, %w7
  %v7 = xor i32 %v6, %w8
  %v8 = xor i32 %v7, %w9
  %v9 = xor i32 %v8, %w10
  ret i32 %v9
}
declare i4 @llvm.fshl.i4(i4, i4, i4)
declare i4 @llvm.fshr.i4(i4, i4, i4)
declare i5 @llvm.fshl.i5(i5, i5, i5)
declare i5 @llvm.fshr.i5(i5, i5, i5)
declare i12 @llvm.fshl.i12(i12, i12, i12)
declare i12 @llvm.fshr.i12(i12, i12, i12)
declare i24 @llvm.fshl.i24(i24, i24, i24)
declare i24 @llvm.fshr.i24(i24, i24, i24)
"#;

#[test]
fn carried_odd_width_funnel_shifts_and_rotations_shift_the_llvm_bits() {
    let m = translate_with(CARRIED_FUNNEL_SHIFTS, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "carried_funnel_shifts");
    let ops: Vec<Op> = m.instructions().map(|i| i.opcode).collect();
    // The seven i5, i12 and i24 amounts are taken modulo the width (i4's by a mask); no
    // rotation goes to OpenCL.std rotate.
    assert_eq!(ops.iter().filter(|&&o| o == Op::UMod).count(), 7, "{ops:?}");
    assert!(!ops.contains(&Op::ExtInst), "{ops:?}");
    let Some(expected) = lli_outputs(CARRIED_FUNNEL_SHIFTS) else {
        return;
    };
    assert_eq!(read_back_outputs(&m), Some(expected));
}

#[test]
fn native_odd_width_funnel_shifts_take_the_amount_modulo_the_width() {
    // With the arbitrary-precision extension the width is the type's own (OpTypeInt 5): no
    // masks, the amount `urem 5` (was refused as "a funnel shift of i5").
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func i5 @g(i5 %a, i5 %b, i5 %s) {
  %r = call i5 @llvm.fshl.i5(i5 %a, i5 %b, i5 %s)
  ret i5 %r
}
declare i5 @llvm.fshl.i5(i5, i5, i5)
"#;
    let m = translate_with(src, "+SPV_INTEL_arbitrary_precision_integers")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(int_widths(&m), vec![5]);
    let ops: Vec<Op> = m.instructions().map(|i| i.opcode).collect();
    assert!(ops.contains(&Op::UMod), "{ops:?}");
    assert!(!ops.contains(&Op::BitwiseAnd), "{ops:?}");
}
