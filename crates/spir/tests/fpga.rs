//! The FPGA extension family (session 13): loop controls from `!llvm.loop`, kernel and
//! function attributes from function metadata, kernel argument metadata, `fpga_reg`, global
//! annotations and the memory-access/IO-pipe annotations. Each construct is checked for what
//! llvm-spirv emits with its extension and without it (dropped or refused, as llvm-spirv
//! does); spirv-val 2025.5 checks every output whose enumerants and operands it knows.

mod common;
use common::{capabilities, extensions, spirv_val, translate_with, typed_and_untyped};
use spirvkit_core::{Instruction, Module, Operand};
use spirvkit_grammar::{Capability, Op};

fn words(i: &Instruction) -> Vec<u32> {
    i.operands.iter().filter_map(Operand::word).collect()
}

fn with_opcode(m: &Module, op: Op) -> Vec<&Instruction> {
    m.instructions().filter(|i| i.opcode == op).collect()
}

/// The LoopControl words of each OpLoopMerge (mask, then parameters), in module order.
fn loop_merges(m: &Module) -> Vec<Vec<u32>> {
    with_opcode(m, Op::LoopMerge)
        .into_iter()
        .map(words)
        .collect()
}

const HEADER: &str = "target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024\"\ntarget triple = \"spir64-unknown-unknown\"\n";

/// A `for` loop (hints `!0` on the latch's `br label`), a do-while (hints `!1` on the latch's
/// `br i1`) and an endless loop whose header ends in `br label` (hints `!2`).
fn three_loops(hints: &str) -> String {
    format!(
        "{HEADER}
define spir_kernel void @k(ptr addrspace(1) %out, i32 %n) {{
entry:
  %arr = alloca [10 x i32], align 4
  br label %for.cond
for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds [10 x i32], ptr %arr, i64 0, i64 %idx, !llvm.index.group !20
  store i32 %i, ptr %p, align 4
  br label %for.inc
for.inc:
  %inc = add nsw i32 %i, 1
  br label %for.cond, !llvm.loop !0
for.end:
  br label %do.body
do.body:
  %j = phi i32 [ 0, %for.end ], [ %jinc, %do.body ]
  %jinc = add i32 %j, 1
  %c2 = icmp slt i32 %jinc, %n
  br i1 %c2, label %do.body, label %do.end, !llvm.loop !1
do.end:
  br label %spin
spin:
  %s = phi i32 [ 0, %do.end ], [ %sinc, %spin ]
  %sinc = add i32 %s, 1
  store i32 %s, ptr addrspace(1) %out, align 4
  br label %spin, !llvm.loop !2
}}
!20 = distinct !{{}}
{hints}"
    )
}

#[test]
fn core_loop_hints_give_loop_merges() {
    // Unroll count / ivdep on a for loop, unroll.disable on a do-while; FPGA hints are
    // ignored without SPV_INTEL_fpga_loop_controls (as llvm-spirv ignores them).
    let src = three_loops(
        "!0 = distinct !{!0, !10, !11, !12}
!1 = distinct !{!1, !13, !14}
!2 = distinct !{!2, !15}
!10 = !{!\"llvm.loop.unroll.count\", i32 8}
!11 = !{!\"llvm.loop.ivdep.safelen\", i32 3}
!12 = !{!\"llvm.loop.ii.count\", i32 2}
!13 = !{!\"llvm.loop.unroll.disable\"}
!14 = !{!\"llvm.loop.mustprogress\"}
!15 = !{!\"llvm.loop.ivdep.enable\"}
",
    );
    for m in typed_and_untyped(&src, "", "fpga_core_loop_hints") {
        // DependencyLength|PartialCount with their parameters in bit order; DontUnroll.
        assert_eq!(loop_merges(&m), vec![vec![0x8 | 0x100, 3, 8], vec![0x2]]);
        assert!(!capabilities(&m).contains(&Capability::FPGALoopControlsALTERA.0));
        assert!(with_opcode(&m, Op::LoopControlINTEL).is_empty());
        // The merge block is the for loop's exit, the continue target its latch.
        let merge = with_opcode(&m, Op::LoopMerge)[0];
        let names: Vec<_> = m
            .instructions()
            .filter(|i| i.opcode == Op::Name)
            .filter_map(|i| match (&i.operands[0], &i.operands[1]) {
                (Operand::Id(id), Operand::String(s)) => Some((*id, s.to_string())),
                _ => None,
            })
            .collect();
        let name = |op: &Operand| {
            names
                .iter()
                .find(|(id, _)| Some(*id) == op.id())
                .map(|(_, n)| n.clone())
        };
        assert_eq!(name(&merge.operands[0]).as_deref(), Some("for.end"));
        assert_eq!(name(&merge.operands[1]).as_deref(), Some("for.inc"));
    }
}

#[test]
fn fpga_loop_controls_with_their_extension() {
    let src = three_loops(
        "!0 = distinct !{!0, !10, !11, !12, !13, !14}
!1 = distinct !{!1, !15, !16, !17}
!2 = distinct !{!2, !18}
!10 = !{!\"llvm.loop.ii.count\", i32 2}
!11 = !{!\"llvm.loop.max_concurrency.count\", i32 4}
!12 = !{!\"llvm.loop.intel.pipelining.enable\", i32 1}
!13 = !{!\"llvm.loop.max_interleaving.count\", i32 3}
!14 = !{!\"llvm.loop.intel.speculated.iterations.count\", i32 5}
!15 = !{!\"llvm.loop.coalesce.count\", i32 2}
!16 = !{!\"llvm.loop.fusion.disable\"}
!17 = !{!\"llvm.loop.intel.max_reinvocation_delay.count\", i32 7}
!18 = !{!\"llvm.loop.coalesce.enable\"}
",
    );
    for m in typed_and_untyped(&src, "+SPV_INTEL_fpga_loop_controls", "fpga_loop_controls") {
        assert_eq!(
            loop_merges(&m),
            vec![
                // InitiationInterval|MaxConcurrency|PipelineEnable|MaxInterleaving|Speculated
                vec![
                    0x10000 | 0x20000 | 0x80000 | 0x200000 | 0x400000,
                    2,
                    4,
                    1,
                    3,
                    5
                ],
                // LoopCoalesce 2 | NoFusion | MaxReinvocationDelay 7
                vec![0x100000 | 0x800000 | 0x2000000, 2, 7],
            ]
        );
        assert!(capabilities(&m).contains(&Capability::FPGALoopControlsALTERA.0));
        assert!(extensions(&m).contains(&"SPV_INTEL_fpga_loop_controls".to_owned()));
        // The endless loop's header ends in `br label`: no OpLoopMerge can be placed and,
        // without SPV_INTEL_unstructured_loop_controls, its hints are dropped.
        assert!(with_opcode(&m, Op::LoopControlINTEL).is_empty());
    }
    // Without the extension the FPGA hints are dropped, as llvm-spirv drops them.
    let m = translate_with(&src, "").expect("translates");
    assert!(loop_merges(&m).is_empty());
    assert!(!capabilities(&m).contains(&Capability::FPGALoopControlsALTERA.0));
    spirv_val(&m, "fpga_loop_controls_dropped");
}

#[test]
fn unstructured_loops_get_loop_control_intel() {
    let src = three_loops(
        "!0 = distinct !{!0}
!1 = distinct !{!1}
!2 = distinct !{!2, !10, !11}
!10 = !{!\"llvm.loop.ivdep.enable\"}
!11 = !{!\"llvm.loop.ii.count\", i32 4}
",
    );
    let ext = "+SPV_INTEL_fpga_loop_controls,+SPV_INTEL_unstructured_loop_controls";
    for m in typed_and_untyped(&src, ext, "fpga_unstructured_loop_controls") {
        let controls = with_opcode(&m, Op::LoopControlINTEL);
        assert_eq!(controls.len(), 1);
        assert_eq!(words(controls[0]), vec![0x4 | 0x10000, 4]);
        assert!(loop_merges(&m).is_empty());
        assert!(capabilities(&m).contains(&Capability::UnstructuredLoopControlsINTEL.0));
        assert!(extensions(&m).contains(&"SPV_INTEL_unstructured_loop_controls".to_owned()));
        // OpLoopControlINTEL stands right before the header's branch.
        let insts: Vec<_> = m.instructions().collect();
        let at = insts
            .iter()
            .position(|i| i.opcode == Op::LoopControlINTEL)
            .expect("emitted");
        assert_eq!(insts[at + 1].opcode, Op::Branch);
    }
    // Without SPV_INTEL_unstructured_loop_controls there is nowhere to put them.
    let m = translate_with(&src, "+SPV_INTEL_fpga_loop_controls").expect("translates");
    assert!(with_opcode(&m, Op::LoopControlINTEL).is_empty());
    assert!(loop_merges(&m).is_empty());
}

#[test]
fn parallel_access_indices_name_the_arrays() {
    // `llvm.loop.parallel_access_indices` lists index groups (and a safelen); the GEPs of
    // a group name the array: DependencyArrayINTEL <count> (<array id> <safelen>)*.
    let src = three_loops(
        "!0 = distinct !{!0, !10}
!1 = distinct !{!1}
!2 = distinct !{!2}
!10 = !{!\"llvm.loop.parallel_access_indices\", !20, i32 5}
",
    );
    let m = translate_with(&src, "+SPV_INTEL_fpga_loop_controls").expect("translates");
    let merges = loop_merges(&m);
    assert_eq!(merges.len(), 1);
    let variable = with_opcode(&m, Op::Variable)
        .into_iter()
        .find(|v| v.operands.first().and_then(Operand::word) == Some(7)) // Function storage
        .and_then(|v| v.result_id)
        .expect("the array's variable");
    assert_eq!(merges[0], vec![0x40000, 1, variable.0, 5]);
    // spirv-val 2025.5 reads DependencyArrayINTEL as a single literal (the grammar lists
    // one parameter) and rejects the pairs the extension specifies, as it rejects
    // llvm-spirv's output: checked by form only.
}
