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

/// The words after the entry point of each OpExecutionMode of the module.
fn execution_modes(m: &Module) -> Vec<Vec<u32>> {
    with_opcode(m, Op::ExecutionMode)
        .into_iter()
        .map(words)
        .collect()
}

/// (decoration, literals) of every OpDecorate of the function named `name`.
fn function_decorations(m: &Module, name: &str) -> Vec<Vec<u32>> {
    let target = m
        .instructions()
        .find(|i| {
            i.opcode == Op::Name
                && matches!(i.operands.get(1), Some(Operand::String(s)) if s.as_ref() == name)
        })
        .and_then(|i| i.operands[0].id())
        .expect("named");
    with_opcode(m, Op::Decorate)
        .into_iter()
        .filter(|d| d.operands[0].id() == Some(target))
        .map(words)
        .collect()
}

const KERNEL_ATTRIBUTES: &str = "
define spir_kernel void @k1() !max_work_group_size !1 !max_global_work_dim !2 !no_global_work_offset !0 !num_simd_work_items !3 !scheduler_target_fmax_mhz !4 !intel_reqd_sub_group_size !3 !ip_interface !9 {
entry:
  ret void
}
define spir_kernel void @k2() !ip_interface !10 {
entry:
  ret void
}
!0 = !{}
!1 = !{i32 4, i32 2, i32 1}
!2 = !{i32 1}
!3 = !{i32 8}
!4 = !{i32 200}
!9 = !{!\"streaming\", !\"stall_free_return\"}
!10 = !{!\"csr\", !\"wait_for_done_write\"}
";

#[test]
fn kernel_attributes_give_execution_modes() {
    let src = format!("{HEADER}{KERNEL_ATTRIBUTES}");
    for m in typed_and_untyped(
        &src,
        "+SPV_INTEL_kernel_attributes",
        "fpga_kernel_attributes",
    ) {
        let modes = execution_modes(&m);
        for expected in [
            vec![35, 8],         // SubgroupSize
            vec![5893, 4, 2, 1], // MaxWorkgroupSizeINTEL
            vec![5894, 1],       // MaxWorkDimINTEL
            vec![5895],          // NoGlobalOffsetINTEL
            vec![5896, 8],       // NumSIMDWorkitemsINTEL
            vec![5903, 200],     // SchedulerTargetFmaxMhzINTEL
            vec![6154, 1],       // StreamingInterfaceINTEL (stall-free return)
            vec![6160, 1],       // RegisterMapInterfaceINTEL (wait for done write)
        ] {
            assert!(modes.contains(&expected), "{expected:?} in {modes:?}");
        }
        let caps = capabilities(&m);
        for c in [
            Capability::SubgroupDispatch,
            Capability::KernelAttributesINTEL,
            Capability::FPGAKernelAttributesINTEL,
            Capability::FPGAKernelAttributesv2INTEL,
        ] {
            assert!(caps.contains(&c.0), "{c:?}");
        }
        assert!(extensions(&m).contains(&"SPV_INTEL_kernel_attributes".to_owned()));
    }
    // Without the extension only the core SubgroupSize stays (llvm-spirv drops the rest).
    let m = translate_with(&src, "").expect("translates");
    let modes = execution_modes(&m);
    assert!(modes.contains(&vec![35, 8]));
    assert!(modes.iter().all(|w| w[0] < 5000), "{modes:?}");
    assert!(extensions(&m).is_empty());
    spirv_val(&m, "fpga_kernel_attributes_dropped");
}

const FUNCTION_ATTRIBUTES: &str = "
define spir_kernel void @k1() !stall_enable !2 !initiation_interval !6 !max_concurrency !7 !pipeline_kernel !8 {
entry:
  call spir_func void @f()
  ret void
}
define spir_kernel void @k2() !disable_kernel_pipelining !2 !spirv.Decorations !20 {
entry:
  ret void
}
define spir_func void @f() !prefer_dsp !2 !propagate_dsp_preference !2 !stall_free !2 {
entry:
  ret void
}
define spir_func void @g() !loop_fuse !5 {
entry:
  ret void
}
!2 = !{i32 1}
!5 = !{i32 3, i32 1}
!6 = !{i32 10}
!7 = !{i32 12}
!8 = !{i32 0}
!20 = !{!21}
!21 = !{i32 5917, i32 2}
";

#[test]
fn fpga_function_attributes_give_decorations() {
    let src = format!("{HEADER}{FUNCTION_ATTRIBUTES}");
    let all = "+SPV_INTEL_fpga_cluster_attributes,+SPV_INTEL_loop_fuse,+SPV_INTEL_fpga_invocation_pipelining_attributes,+SPV_INTEL_fpga_dsp_control";
    let m = translate_with(&src, all).expect("translates");
    assert_eq!(
        function_decorations(&m, "k1"),
        vec![vec![5905], vec![5917, 10], vec![5918, 12], vec![5919, 0]]
    );
    // disable_kernel_pipelining 1 → PipelineEnableINTEL 0; `!spirv.Decorations` adds
    // InitiationIntervalINTEL 2.
    assert_eq!(
        function_decorations(&m, "k2"),
        vec![vec![5919, 0], vec![5917, 2]]
    );
    let f = function_decorations(&m, "f");
    assert!(
        f.contains(&vec![6151]) && f.contains(&vec![5909, 1, 1]),
        "{f:?}"
    );
    // FuseLoopsInFunctionINTEL Depth Independent, as the extension and llvm-spirv have it;
    // SPIRV-Headers 1.4.335 (and so spirv-val 2025.5) list no parameters for it: checked by
    // form, the rest by spirv-val below.
    assert!(function_decorations(&m, "g").contains(&vec![5907, 3, 1]));
    for c in [
        Capability::FPGAClusterAttributesALTERA,
        Capability::FPGAClusterAttributesV2ALTERA,
        Capability::LoopFuseALTERA,
        Capability::FPGAInvocationPipeliningAttributesALTERA,
        Capability::FPGADSPControlALTERA,
    ] {
        assert!(capabilities(&m).contains(&c.0), "{c:?}");
    }
    let without_fuse = src.replace(" !loop_fuse !5", "");
    for m in typed_and_untyped(&without_fuse, all, "fpga_function_attributes") {
        assert_eq!(function_decorations(&m, "k1").len(), 4);
    }
    // Without the extensions the metadata is dropped, as llvm-spirv drops it; the generic
    // `!spirv.Decorations` entry still needs its extension and is refused naming it.
    let err = translate_with(&src, "").expect_err("InitiationIntervalINTEL needs its extension");
    assert!(
        err.contains("SPV_INTEL_fpga_invocation_pipelining_attributes"),
        "{err}"
    );
    let plain = src.replace(" !spirv.Decorations !20", "");
    let m = translate_with(&plain, "").expect("translates");
    assert!(with_opcode(&m, Op::Decorate).iter().all(|d| d
        .operands
        .get(1)
        .and_then(Operand::word)
        == Some(41))); // LinkageAttributes
    spirv_val(&m, "fpga_function_attributes_dropped");
}
