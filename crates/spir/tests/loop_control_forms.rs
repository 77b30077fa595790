//! The SPV_INTEL_fpga_loop_controls parameters the grammar JSON cannot describe, end to end:
//! DependencyArrayINTEL (a count, then (variable `<id>`, length) pairs) and LoopCountINTEL
//! (three 64-bit literals). The translator writes the extension's form; the decoder, the
//! disassembler, the assembler, llvm-spirv's text writer and reader, the validator and the
//! reverse translator read it back. Every text round trip must give the same words (the
//! header's generator word aside: the assembler writes its own, as spirv-as does).
//!
//! spirv-val 2025.5 reads each of these bits as one literal (SPIRV-Headers 1.4.335's
//! grammar) and rejects the extension's form, as it rejects llvm-spirv's output; spirvkit's
//! validator judges them by the extension instead.

mod common;
use common::translate_with;
use spirvkit_core::{Id, Module, Operand};
use spirvkit_grammar::Op;
use spirvkit_text::{assemble, disassemble, AssembleOptions, DisassembleOptions};

const FPGA: &str = "+SPV_INTEL_fpga_loop_controls";

/// A `for` loop over two private arrays, whose GEPs are in index groups `!20` (`%a`) and
/// `!21` (`%b`), with the loop hints `hints` (metadata `!0` on the latch).
fn loop_with(hints: &str) -> String {
    format!(
        "target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024\"
target triple = \"spir64-unknown-unknown\"

define spir_kernel void @k(ptr addrspace(1) %out, i32 %n) {{
entry:
  %a = alloca [10 x i32], align 4
  %b = alloca [10 x i32], align 4
  br label %for.cond
for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %idx = sext i32 %i to i64
  %pa = getelementptr inbounds [10 x i32], ptr %a, i64 0, i64 %idx, !llvm.index.group !20
  %pb = getelementptr inbounds [10 x i32], ptr %b, i64 0, i64 %idx, !llvm.index.group !21
  %v = load i32, ptr %pb, align 4
  store i32 %v, ptr %pa, align 4
  br label %for.inc
for.inc:
  %inc = add nsw i32 %i, 1
  br label %for.cond, !llvm.loop !0
for.end:
  ret void
}}
!20 = distinct !{{}}
!21 = distinct !{{}}
{hints}"
    )
}

/// The operands of the module's only OpLoopMerge after the merge block and continue target.
fn loop_control(m: &Module) -> Vec<Operand> {
    let merges: Vec<_> = m
        .instructions()
        .filter(|i| i.opcode == Op::LoopMerge)
        .collect();
    assert_eq!(merges.len(), 1, "one OpLoopMerge");
    merges[0].operands[2..].to_vec()
}

/// The Function-storage variables, in order (`%a`, `%b`).
fn arrays(m: &Module) -> Vec<Id> {
    m.instructions()
        .filter(|i| i.opcode == Op::Variable && i.operands.first() == Some(&Operand::Word(7)))
        .filter_map(|i| i.result_id)
        .collect()
}

/// Words equal except the header's generator word (word 2).
fn assert_same_words(a: &[u32], b: &[u32], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}: length");
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if i != 2 {
            assert_eq!(x, y, "{what}: word {i}");
        }
    }
}

/// Every text form and reader of `m`: spirv-dis text (friendly names, and raw ids assembled
/// with preserved ids), llvm-spirv's text, the module decoder, the validator and the reverse
/// translator. Returns the friendly disassembly.
fn round_trips(m: &Module, tag: &str) -> String {
    let words = m.to_words();
    // The decoder reads back the operands the translator wrote (ids as ids).
    let decoded = Module::from_words(&words).unwrap_or_else(|e| panic!("{tag}: decode: {e}"));
    assert_eq!(loop_control(&decoded), loop_control(m), "{tag}: decoded");
    assert_eq!(decoded.to_words(), words, "{tag}: re-encoded");
    // spirv-dis text with raw ids, assembled with the ids preserved: the same words.
    let raw = DisassembleOptions {
        raw_id: true,
        ..Default::default()
    };
    let text = disassemble(&words, &raw).unwrap_or_else(|e| panic!("{tag}: dis: {e}"));
    let keep_ids = AssembleOptions {
        preserve_numeric_ids: true,
        ..Default::default()
    };
    let back = assemble(&text, &keep_ids).unwrap_or_else(|e| panic!("{tag}: as: {e:?}"));
    assert_same_words(&words, &back, tag);
    // Friendly names: the assembler numbers ids by first appearance; from then on the text
    // round trip is exact.
    let friendly = disassemble(&words, &DisassembleOptions::default()).expect("dis");
    let renumbered = assemble(&friendly, &AssembleOptions::default()).expect("as");
    let again = disassemble(&renumbered, &DisassembleOptions::default()).expect("dis");
    let same = assemble(&again, &AssembleOptions::default()).expect("as");
    assert_eq!(same, renumbered, "{tag}: friendly text");
    // llvm-spirv's text (`-spirv-text`) and back.
    let llvm_text = spirvkit_text::llvm_text::write(&words).expect("llvm-spirv text");
    let read = spirvkit_text::llvm_text::read(&llvm_text).expect("read llvm-spirv text");
    assert_eq!(read, words, "{tag}: llvm-spirv text");
    // spirvkit's validator judges the extension's form.
    if let Err(d) = spirvkit_val::validate(&words, &Default::default()) {
        panic!("{tag}: spirvkit val: {d:?}");
    }
    // `translate -r` reads the module back.
    spirvkit_spir::reverse::reverse_words(&words, &Default::default())
        .unwrap_or_else(|e| panic!("{tag}: reverse: {e}"));
    friendly
}

fn w(v: u32) -> Operand {
    Operand::Word(v)
}

#[test]
fn dependency_array_is_a_count_then_variable_length_pairs() {
    let src = loop_with(
        "!0 = distinct !{!0, !10}
!10 = !{!\"llvm.loop.parallel_access_indices\", !20, !21, i32 5}
",
    );
    let m = translate_with(&src, FPGA).expect("translates");
    let [a, b] = arrays(&m)[..] else {
        panic!("two arrays")
    };
    assert_eq!(
        loop_control(&m),
        vec![w(0x40000), w(2), Operand::Id(a), w(5), Operand::Id(b), w(5)]
    );
    let text = round_trips(&m, "dependency_array");
    assert!(
        text.contains("DependencyArrayALTERA 2 %"),
        "the pairs are printed after the count: {text}"
    );
}

#[test]
fn loop_count_is_three_64_bit_literals() {
    let src = loop_with(
        "!0 = distinct !{!0, !10, !11}
!10 = !{!\"llvm.loop.intel.loopcount_max\", i64 1099511627776}
!11 = !{!\"llvm.loop.intel.loopcount_avg\", i64 12}
",
    );
    let m = translate_with(&src, FPGA).expect("translates");
    // min not given (-1), max 2^40, average 12, each low word first.
    assert_eq!(
        loop_control(&m),
        vec![
            w(0x1000000),
            w(u32::MAX),
            w(u32::MAX),
            w(0),
            w(256),
            w(12),
            w(0)
        ]
    );
    let text = round_trips(&m, "loop_count");
    assert!(
        text.contains("LoopCountALTERA -1 1099511627776 12"),
        "printed as signed 64-bit numbers: {text}"
    );
}

#[test]
fn every_parameterised_control_in_bit_order() {
    // DependencyLength (0x8), InitiationInterval (0x10000), DependencyArray (0x40000),
    // PipelineEnable (0x80000), LoopCount (0x1000000), MaxReinvocationDelay (0x2000000): the
    // parameters after DependencyArrayINTEL's pairs and LoopCountINTEL's six words must
    // still be found.
    let src = loop_with(
        "!0 = distinct !{!0, !10, !11, !12, !13, !14, !15}
!10 = !{!\"llvm.loop.ivdep.safelen\", i32 3}
!11 = !{!\"llvm.loop.ii.count\", i32 2}
!12 = !{!\"llvm.loop.parallel_access_indices\", !21}
!13 = !{!\"llvm.loop.intel.pipelining.enable\", i32 1}
!14 = !{!\"llvm.loop.intel.loopcount_min\", i64 -7}
!15 = !{!\"llvm.loop.intel.max_reinvocation_delay.count\", i32 9}
",
    );
    let m = translate_with(&src, FPGA).expect("translates");
    let b = arrays(&m)[1];
    assert_eq!(
        loop_control(&m),
        vec![
            w(0x8 | 0x10000 | 0x40000 | 0x80000 | 0x1000000 | 0x2000000),
            w(3),
            w(2),
            w(1),
            Operand::Id(b),
            w(0),
            w(1),
            w(-7i32 as u32),
            w(u32::MAX),
            w(u32::MAX),
            w(u32::MAX),
            w(u32::MAX),
            w(u32::MAX),
            w(9)
        ]
    );
    let text = round_trips(&m, "all_controls");
    assert!(
        text.contains("3 2 1 %") && text.contains(" 0 1 -7 -1 -1 9"),
        "{text}"
    );
}

#[test]
fn without_the_extension_the_fpga_controls_are_dropped() {
    // As llvm-spirv: FPGA hints are ignored without SPV_INTEL_fpga_loop_controls.
    let src = loop_with(
        "!0 = distinct !{!0, !10, !11}
!10 = !{!\"llvm.loop.parallel_access_indices\", !20}
!11 = !{!\"llvm.loop.intel.loopcount_min\", i64 4}
",
    );
    let m = translate_with(&src, "").expect("translates");
    assert!(m.instructions().all(|i| i.opcode != Op::LoopMerge));
}

/// An OpenCL kernel whose loop header carries `control` (spirv-as text).
fn kernel_with_loop_control(control: &str) -> String {
    format!(
        "OpCapability Addresses
OpCapability Kernel
OpCapability FPGALoopControlsINTEL
OpExtension \"SPV_INTEL_fpga_loop_controls\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_8 = OpConstant %uint 8
%ptr = OpTypePointer Function %uint
%fn = OpTypeFunction %void
%k = OpFunction %void None %fn
%entry = OpLabel
%a = OpVariable %ptr Function
%b = OpVariable %ptr Function
OpBranch %header
%header = OpLabel
%i = OpPhi %uint %uint_0 %entry %next %latch
%cond = OpULessThan %bool %i %uint_8
OpLoopMerge %exit %latch {control}
OpBranchConditional %cond %body %exit
%body = OpLabel
OpBranch %latch
%latch = OpLabel
%next = OpIAdd %uint %i %uint_8
OpBranch %header
%exit = OpLabel
OpReturn
OpFunctionEnd
"
    )
}

#[test]
fn assembler_reads_the_extension_forms() {
    let words = assemble(
        &kernel_with_loop_control(
            "DependencyArrayINTEL|PipelineEnableINTEL|LoopCountINTEL 2 %a 0 %b 4 1 4 -1 8589934592",
        ),
        &AssembleOptions::default(),
    )
    .expect("assembles");
    let m = Module::from_words(&words).expect("decodes");
    let control = loop_control(&m);
    let (a, b) = match (&control[2], &control[4]) {
        (Operand::Id(a), Operand::Id(b)) => (*a, *b),
        other => panic!("variables are ids: {other:?}"),
    };
    assert_eq!(
        control,
        vec![
            w(0x40000 | 0x80000 | 0x1000000),
            w(2),
            Operand::Id(a),
            w(0),
            Operand::Id(b),
            w(4),
            w(1),
            w(4),
            w(0),
            w(u32::MAX),
            w(u32::MAX),
            w(0),
            w(2)
        ]
    );
    assert!(spirvkit_val::validate(&words, &Default::default()).is_ok());
    // A count no instruction can hold, and pairs cut short, are errors, not panics.
    for bad in [
        "DependencyArrayINTEL 4294967295 %a 0",
        "DependencyArrayINTEL 2 %a 0",
        "LoopCountINTEL 1 2",
        "LoopCountINTEL 1 2 99999999999999999999",
    ] {
        assert!(
            assemble(&kernel_with_loop_control(bad), &AssembleOptions::default()).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn decoder_refuses_counts_the_words_cannot_hold() {
    let good = assemble(
        &kernel_with_loop_control("DependencyArrayINTEL 1 %a 0"),
        &AssembleOptions::default(),
    )
    .expect("assembles");
    let at = (5..good.len())
        .find(|&i| good[i] & 0xffff == u32::from(Op::LoopMerge.0))
        .expect("OpLoopMerge");
    // The count says 1000 pairs; the instruction holds one.
    let mut bad = good.clone();
    bad[at + 4] = 1000;
    let err = Module::from_words(&bad).expect_err("count past the end");
    assert!(err.to_string().contains("OpLoopMerge"), "{err}");
    // LoopCountINTEL with only two of its six words.
    let mut short = good.clone();
    short[at + 3] = 0x1000000;
    short[at] = (6 << 16) | u32::from(Op::LoopMerge.0);
    short.remove(at + 6);
    assert!(Module::from_words(&short).is_err());
    // An id word that is no id (0) in a pair.
    let mut zero = good;
    zero[at + 5] = 0;
    assert!(Module::from_words(&zero).is_err());
}

#[test]
fn validator_wants_pointer_variables() {
    let words = assemble(
        &kernel_with_loop_control("DependencyArrayINTEL 2 %a 0 %uint_0 4"),
        &AssembleOptions::default(),
    )
    .expect("assembles");
    let diags = spirvkit_val::validate(&words, &Default::default()).expect_err("not a pointer");
    assert!(
        diags
            .iter()
            .any(|d| d.to_string().contains("DependencyArrayINTEL variable")),
        "{diags:?}"
    );
    // The loop-control bits need their capability, as every enumerant does.
    let without = kernel_with_loop_control("LoopCountINTEL 1 2 3")
        .replace("OpCapability FPGALoopControlsINTEL\n", "");
    let words = assemble(&without, &AssembleOptions::default()).expect("assembles");
    assert!(spirvkit_val::validate(&words, &Default::default()).is_err());
}
