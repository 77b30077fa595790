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

/// The LoopControl words of each OpLoopMerge (mask, then parameters: DependencyArrayINTEL's
/// variables are ids), in module order.
fn loop_merges(m: &Module) -> Vec<Vec<u32>> {
    with_opcode(m, Op::LoopMerge)
        .into_iter()
        .map(|i| {
            i.operands[2..]
                .iter()
                .filter_map(|o| o.word().or(o.id().map(|id| id.0)))
                .collect()
        })
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
    // llvm-spirv's output: checked by form here, and read back by spirvkit's decoder, text
    // forms and validator in `tests/loop_control_forms.rs`.
}

#[test]
fn loop_count_gives_three_64_bit_literals() {
    let src = three_loops(
        "!0 = distinct !{!0, !10, !11}
!1 = distinct !{!1}
!2 = distinct !{!2}
!10 = !{!\"llvm.loop.intel.loopcount_min\", i64 4}
!11 = !{!\"llvm.loop.intel.loopcount_avg\", i64 8589934592}
",
    );
    let m = translate_with(&src, "+SPV_INTEL_fpga_loop_controls").expect("translates");
    // min 4, max -1 (not given), avg 2^33; checked by form (spirv-val 2025.5 expects one
    // literal, as for llvm-spirv's output).
    assert_eq!(
        loop_merges(&m),
        vec![vec![0x1000000, 4, 0, u32::MAX, u32::MAX, 0, 2]]
    );
    let m = translate_with(&src, "").expect("translates");
    assert!(loop_merges(&m).is_empty());
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

/// Every OpDecorate as (target, decoration and literal words, strings).
fn decorations_of(m: &Module, number: u32) -> Vec<Vec<Operand>> {
    with_opcode(m, Op::Decorate)
        .into_iter()
        .filter(|d| d.operands.get(1).and_then(Operand::word) == Some(number))
        .map(|d| d.operands[2..].to_vec())
        .collect()
}

fn member_decorations(m: &Module) -> Vec<Vec<Operand>> {
    with_opcode(m, Op::MemberDecorate)
        .into_iter()
        .map(|d| d.operands[1..].to_vec())
        .collect()
}

fn string(s: &str) -> Operand {
    Operand::String(s.into())
}

const FPGA_REG: &str = r#"
%struct.S = type { i32, float }
@reg = private unnamed_addr constant [25 x i8] c"__builtin_intel_fpga_reg\00", section "llvm.metadata"
@file = private unnamed_addr constant [2 x i8] c"f\00", section "llvm.metadata"
define spir_kernel void @k(i32 %x, ptr addrspace(1) %o, ptr addrspace(1) %p) {
entry:
  %r = call i32 @llvm.annotation.i32.p0(i32 %x, ptr @reg, ptr @file, i32 5)
  store i32 %r, ptr addrspace(1) %o, align 4
  %q = call ptr addrspace(1) @llvm.ptr.annotation.p1.p0(ptr addrspace(1) %p, ptr @reg, ptr @file, i32 6, ptr null)
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}
declare i32 @llvm.annotation.i32.p0(i32, ptr, ptr, i32)
declare ptr addrspace(1) @llvm.ptr.annotation.p1.p0(ptr addrspace(1), ptr, ptr, i32, ptr)
"#;

#[test]
fn fpga_reg_with_and_without_its_extension() {
    let src = format!("{HEADER}{FPGA_REG}");
    for m in typed_and_untyped(&src, "+SPV_INTEL_fpga_reg", "fpga_reg") {
        // The scalar (llvm.annotation) and the pointer (llvm.ptr.annotation).
        assert_eq!(with_opcode(&m, Op::FPGARegALTERA).len(), 2);
        assert!(capabilities(&m).contains(&Capability::FPGARegALTERA.0));
        assert!(extensions(&m).contains(&"SPV_INTEL_fpga_reg".to_owned()));
    }
    // Without the extension the value itself, as llvm-spirv translates it.
    let m = translate_with(&src, "").expect("translates");
    assert!(with_opcode(&m, Op::FPGARegALTERA).is_empty());
    assert!(decorations_of(&m, 5635).is_empty()); // no UserSemantic either
    spirv_val(&m, "fpga_reg_dropped");
}

const MEMORY_ATTRIBUTE_NAMES: &str = r#"
%struct.S = type { i32, [4 x i32] }
@attrs = private unnamed_addr constant [54 x i8] c"{memory:BLOCK_RAM}{numbanks:4}{pump:2}{bank_bits:4,5}\00", section "llvm.metadata"
@merge = private unnamed_addr constant [36 x i8] c"{merge:foo:depth}{max_replicates:2}\00", section "llvm.metadata"
@member = private unnamed_addr constant [31 x i8] c"{register:1}{private_copies:3}\00", section "llvm.metadata"
@file = private unnamed_addr constant [2 x i8] c"f\00", section "llvm.metadata"
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %a = alloca [4 x i32], align 4
  %c = alloca i32, align 4
  %s = alloca %struct.S, align 4
  call void @llvm.var.annotation.p0.p0(ptr %a, ptr @attrs, ptr @file, i32 1, ptr null)
  call void @llvm.var.annotation.p0.p0(ptr %c, ptr @merge, ptr @file, i32 2, ptr null)
  %m = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 1
  %ann = call ptr @llvm.ptr.annotation.p0.p0(ptr %m, ptr @member, ptr @file, i32 3, ptr null)
  store i32 1, ptr %a, align 4
  store i32 2, ptr %c, align 4
  store i32 3, ptr %ann, align 4
  ret void
}
declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
"#;

#[test]
fn fpga_memory_attribute_strings_on_variables_and_struct_members() {
    let src = format!("{HEADER}{MEMORY_ATTRIBUTE_NAMES}");
    let ext = "+SPV_INTEL_fpga_memory_attributes";
    for m in typed_and_untyped(&src, ext, "fpga_memory_attribute_names") {
        assert_eq!(decorations_of(&m, 5826), vec![vec![string("BLOCK_RAM")]]); // MemoryINTEL
        assert_eq!(decorations_of(&m, 5827), vec![vec![Operand::Word(4)]]); // Numbanks
        assert_eq!(decorations_of(&m, 5831), vec![Vec::<Operand>::new()]); // Doublepump
        assert_eq!(
            decorations_of(&m, 5835), // BankBits
            vec![vec![Operand::Word(4), Operand::Word(5)]]
        );
        assert_eq!(
            decorations_of(&m, 5834), // Merge
            vec![vec![string("foo"), string("depth")]]
        );
        assert_eq!(decorations_of(&m, 5832), vec![vec![Operand::Word(2)]]); // MaxReplicates
                                                                            // A struct member reached through a GEP: the member of the struct type.
        assert_eq!(
            member_decorations(&m),
            vec![
                vec![Operand::Word(1), Operand::Word(5825)],
                vec![Operand::Word(1), Operand::Word(5829), Operand::Word(3)],
            ]
        );
        assert!(capabilities(&m).contains(&Capability::FPGAMemoryAttributesALTERA.0));
    }
    // Without the extension each string is an annotation (UserSemantic), the member's too.
    for m in typed_and_untyped(&src, "", "fpga_memory_attribute_names_plain") {
        assert_eq!(decorations_of(&m, 5635).len(), 2);
        assert_eq!(
            member_decorations(&m),
            vec![vec![
                Operand::Word(1),
                Operand::Word(5635),
                string("{register:1}{private_copies:3}")
            ]]
        );
        assert!(!extensions(&m).iter().any(|e| e.contains("fpga")));
    }
}

const MEMORY_ACCESSES: &str = r#"
@all = private unnamed_addr constant [28 x i8] c"{params:15}{cache-size:127}\00", section "llvm.metadata"
@none = private unnamed_addr constant [27 x i8] c"{params:0}{cache-size:127}\00", section "llvm.metadata"
@file = private unnamed_addr constant [2 x i8] c"f\00", section "llvm.metadata"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %x = call ptr addrspace(1) @llvm.ptr.annotation.p1.p0(ptr addrspace(1) %a, ptr @all, ptr @file, i32 1, ptr null)
  %y = call ptr addrspace(1) @llvm.ptr.annotation.p1.p0(ptr addrspace(1) %b, ptr @none, ptr @file, i32 2, ptr null)
  %v = load i32, ptr addrspace(1) %x, align 4
  store i32 %v, ptr addrspace(1) %y, align 4
  ret void
}
declare ptr addrspace(1) @llvm.ptr.annotation.p1.p0(ptr addrspace(1), ptr, ptr, i32, ptr)
"#;

#[test]
fn fpga_memory_accesses_from_params_annotations() {
    let src = format!("{HEADER}{MEMORY_ACCESSES}");
    let ext = "+SPV_INTEL_fpga_memory_accesses";
    for m in typed_and_untyped(&src, ext, "fpga_memory_accesses") {
        assert_eq!(decorations_of(&m, 5899).len(), 1); // BurstCoalesce
        assert_eq!(decorations_of(&m, 5900), vec![vec![Operand::Word(127)]]); // CacheSize
        assert_eq!(decorations_of(&m, 5901).len(), 1); // DontStaticallyCoalesce
        assert_eq!(decorations_of(&m, 5902), vec![vec![Operand::Word(0)]]); // Prefetch
                                                                            // params 0: nothing to say; the string stays an annotation.
        assert_eq!(
            decorations_of(&m, 5635),
            vec![vec![string("{params:0}{cache-size:127}")]]
        );
        assert!(capabilities(&m).contains(&Capability::FPGAMemoryAccessesALTERA.0));
        assert!(extensions(&m).contains(&"SPV_INTEL_fpga_memory_accesses".to_owned()));
    }
    let m = translate_with(&src, "").expect("translates");
    assert_eq!(decorations_of(&m, 5635).len(), 2);
    assert!(decorations_of(&m, 5899).is_empty());
}

const GLOBAL_ANNOTATIONS: &str = r#"
@g = addrspace(1) global i32 0, align 4
@h = addrspace(1) global [4 x i32] zeroinitializer, align 4
@pipe = addrspace(1) global i32 0, align 4, !io_pipe_id !0
@.str = private unnamed_addr constant [6 x i8] c"hello\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [9 x i8] c"main.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [31 x i8] c"{register:1}{private_copies:2}\00", section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr addrspacecast (ptr addrspace(1) @g to ptr), ptr @.str, ptr @.str.1, i32 3, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @f, ptr @.str, ptr @.str.1, i32 4, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr addrspacecast (ptr addrspace(1) @h to ptr), ptr @.str.2, ptr @.str.1, i32 5, ptr null }], section "llvm.metadata"
define spir_func void @f() {
entry:
  ret void
}
define spir_kernel void @k() {
entry:
  call spir_func void @f()
  ret void
}
!0 = !{i32 7}
"#;

#[test]
fn global_annotations_and_io_pipes() {
    let src = format!("{HEADER}{GLOBAL_ANNOTATIONS}");
    let ext = "+SPV_INTEL_fpga_memory_attributes,+SPV_INTEL_io_pipes";
    for m in typed_and_untyped(&src, ext, "fpga_global_annotations") {
        // @g and @f: UserSemantic "hello"; @h: the FPGA memory attributes.
        assert_eq!(decorations_of(&m, 5635), vec![vec![string("hello")]; 2]);
        assert_eq!(decorations_of(&m, 5825).len(), 1); // Register
        assert_eq!(decorations_of(&m, 5829), vec![vec![Operand::Word(2)]]);
        assert_eq!(decorations_of(&m, 5944), vec![vec![Operand::Word(7)]]); // IOPipeStorage
        assert!(capabilities(&m).contains(&Capability::IOPipesALTERA.0));
    }
    // Without the extensions: annotations only, no IO pipe decoration.
    let m = translate_with(&src, "").expect("translates");
    assert_eq!(decorations_of(&m, 5635).len(), 3);
    assert!(decorations_of(&m, 5944).is_empty());
    spirv_val(&m, "fpga_global_annotations_plain");
}

const ARGUMENT_METADATA: &str = r#"
define spir_kernel void @test(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, i32 %d) !kernel_arg_buffer_location !6 !kernel_arg_runtime_aligned !7 {
entry:
  ret void
}
!6 = !{i32 1, i32 2, i32 -1, i32 3}
!7 = !{i1 true, i1 false, i1 true, i1 false}
"#;

#[test]
fn buffer_location_and_runtime_aligned_arguments() {
    let src = format!("{HEADER}{ARGUMENT_METADATA}");
    let ext = "+SPV_INTEL_fpga_buffer_location,+SPV_INTEL_runtime_aligned";
    for m in typed_and_untyped(&src, ext, "fpga_argument_metadata") {
        // %a 1, %b 2; %c -1 and the integer %d get none.
        assert_eq!(
            decorations_of(&m, 5921),
            vec![vec![Operand::Word(1)], vec![Operand::Word(2)]]
        );
        // FuncParamAttr RuntimeAlignedINTEL on %a and %c.
        let aligned: Vec<_> = decorations_of(&m, 38)
            .into_iter()
            .filter(|ops| ops == &vec![Operand::Word(5940)])
            .collect();
        assert_eq!(aligned.len(), 2);
        let caps = capabilities(&m);
        assert!(caps.contains(&Capability::FPGABufferLocationALTERA.0));
        assert!(caps.contains(&Capability::RuntimeAlignedAttributeALTERA.0));
    }
    // Dropped without the extensions, as llvm-spirv drops them.
    let m = translate_with(&src, "").expect("translates");
    assert!(decorations_of(&m, 5921).is_empty());
    assert!(decorations_of(&m, 38).is_empty());
    assert!(extensions(&m).is_empty());
    spirv_val(&m, "fpga_argument_metadata_dropped");
}

const MEMBER_BUFFER_LOCATION: &str = r#"
%struct.MyIP = type { ptr addrspace(4) }
@loc = private unnamed_addr constant [11 x i8] c"{5921:\227\22}\00", section "llvm.metadata"
@file = private unnamed_addr constant [2 x i8] c"f\00", section "llvm.metadata"
define spir_kernel void @k(ptr addrspace(1) %arg) {
entry:
  %ip = alloca %struct.MyIP, align 8
  %a = getelementptr inbounds %struct.MyIP, ptr %ip, i32 0, i32 0
  %p = call ptr @llvm.ptr.annotation.p0.p0(ptr %a, ptr @loc, ptr @file, i32 7, ptr null)
  %g = addrspacecast ptr addrspace(1) %arg to ptr addrspace(4)
  store ptr addrspace(4) %g, ptr %p, align 8
  ret void
}
declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
"#;

#[test]
fn buffer_location_annotation_of_a_struct_member_decorates_the_pointer() {
    // Memory attributes of a member decorate the struct type's member; a buffer location
    // (like latency controls and memory accesses) decorates the annotated pointer.
    let src = format!("{HEADER}{MEMBER_BUFFER_LOCATION}");
    for m in typed_and_untyped(
        &src,
        "+SPV_INTEL_fpga_buffer_location",
        "fpga_member_buffer_location",
    ) {
        assert_eq!(decorations_of(&m, 5921), vec![vec![Operand::Word(7)]]);
        assert!(member_decorations(&m).is_empty());
    }
    let err = translate_with(&src, "").expect_err("needs its extension");
    assert!(err.contains("SPV_INTEL_fpga_buffer_location"), "{err}");
}

const GLOBAL_ANNOTATIONS_IN_GLOBAL_SPACE: &str = r#"
@a_one = internal addrspace(1) constant i32 1, align 4
@.str = private unnamed_addr addrspace(1) constant [41 x i8] c"{memory:DEFAULT}{sizeinfo:4}{numbanks:2}\00", section "llvm.metadata"
@.str.1 = private unnamed_addr addrspace(1) constant [2 x i8] c"f\00", section "llvm.metadata"
@.str.2 = private unnamed_addr addrspace(1) constant [4 x i8] c"fun\00", section "llvm.metadata"
@llvm.global.annotations = appending addrspace(1) global [2 x { ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32 }] [{ ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32 } { ptr addrspace(1) @a_one, ptr addrspace(1) @.str, ptr addrspace(1) @.str.1, i32 2 }, { ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32 } { ptr addrspace(1) addrspacecast (ptr @k to ptr addrspace(1)), ptr addrspace(1) @.str.2, ptr addrspace(1) @.str.1, i32 3 }], section "llvm.metadata"
define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  %v = load i32, ptr addrspace(1) @a_one
  store i32 %v, ptr addrspace(1) %o
  ret void
}
"#;

#[test]
fn global_annotations_in_the_global_space_and_the_1_4_interface() {
    // `@llvm.global.annotations` itself is no variable of the program (it names a function:
    // it would need function pointers); the UserSemantic decorations need SPIR-V 1.4, whose
    // entry points list every module-scope variable they use.
    let src = format!("{HEADER}{GLOBAL_ANNOTATIONS_IN_GLOBAL_SPACE}");
    for ext in ["", "+SPV_INTEL_fpga_memory_attributes"] {
        let m = translate_with(&src, ext).unwrap_or_else(|e| panic!("[{ext}] {e}"));
        spirv_val(
            &m,
            &format!("fpga_global_annotations_addrspace1_{}", ext.len()),
        );
        assert_eq!(m.header.version, 0x0001_0400);
        let entry = with_opcode(&m, Op::EntryPoint)[0];
        let variables = with_opcode(&m, Op::Variable);
        assert_eq!(variables.len(), 4); // @a_one and the three strings
        assert_eq!(entry.operands.len(), 3 + variables.len());
        assert!(decorations_of(&m, 5635).contains(&vec![string("fun")]));
    }
}
