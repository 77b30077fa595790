//! Small modern LLVM inputs (LLVM 16–22 syntax, written by hand) that the robustness tests
//! of the LLVM readers and the forward translator mutate (issue 18, "bad input"), and the
//! `llvm-as-22` that turns them into bitcode at test time.

use std::path::PathBuf;
use std::process::Command;

/// `(name, text)`: every seed is valid LLVM 22 assembly (`llvm-as-22` accepts it).
///
/// - `target_types`: every `spirv.*` target extension type the translator knows and the
///   `opencl.*` spellings, as parameters, an alloca and built-in call operands;
/// - `instruction_flags`: GEP `nuw`/`nusw`/`inrange`, `trunc nuw nsw`, `icmp samesign`,
///   `or disjoint`, `zext`/`uitofp nneg`, `splat`, fast-math flags, and the attribute
///   spellings `memory(...)`, `captures(...)`, `range`, `initializes`, `nofpclass`;
/// - `debug_records_loops`: `#dbg_value`/`#dbg_declare`/`#dbg_label` records, every newer
///   atomicrmw operation, `!llvm.loop` metadata with FPGA loop controls, INTEL kernel
///   metadata and `llvm.global.annotations`/`llvm.ptr.annotation` FPGA annotations.
pub const MODERN_SEEDS: &[(&str, &str)] = &[
    (
        "target_types",
        r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @handles(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %ro2d, target("spirv.Image", float, 2, 0, 1, 0, 0, 0, 1) %wo3d, target("spirv.Image", i32, 0, 1, 1, 1, 0, 0, 2) %rw1d, target("spirv.SampledImage", void, 1, 0, 0, 0, 0, 0, 0) %si, target("spirv.Sampler") %s, target("spirv.Pipe", 0) %pr, target("spirv.Pipe", 1) %pw, target("spirv.Queue") %q, target("spirv.DeviceEvent") %de, target("spirv.ReserveId") %rid) {
entry:
  %ev = alloca target("spirv.Event"), align 8
  store target("spirv.Event") zeroinitializer, ptr %ev, align 8
  %w = call spir_func i32 @_Z15get_image_width14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %ro2d)
  %d = call spir_func i32 @_Z15get_image_depth14ocl_image3d_wo(target("spirv.Image", float, 2, 0, 1, 0, 0, 0, 1) %wo3d)
  ret void
}

define spir_func void @intel(target("spirv.CooperativeMatrixKHR", float, 3, 8, 8, 0) %cm, target("spirv.JointMatrixINTEL", i8, 8, 32, 0, 3, 0) %jm, target("spirv.AvcImePayloadINTEL") %ime, target("spirv.VmeImageINTEL", void, 1, 0, 0, 0, 0, 0, 0) %vme, target("spirv.TaskSequenceINTEL") %ts, target("spirv.NamedBarrier") %nb, target("spirv.PipeStorage") %ps) {
  ret void
}

define spir_func void @opencl_names(target("opencl.image2d_ro_t") %a, target("opencl.event_t") %e, target("opencl.sampler_t") %s, target("opencl.pipe_ro_t") %p) {
  ret void
}

declare spir_func i32 @_Z15get_image_width14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0))
declare spir_func i32 @_Z15get_image_depth14ocl_image3d_wo(target("spirv.Image", float, 2, 0, 1, 0, 0, 0, 1))
"#,
    ),
    (
        "instruction_flags",
        r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%struct.S = type { i32, [4 x float] }

@table = addrspace(1) global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@p = addrspace(1) global ptr addrspace(1) getelementptr inbounds nuw (i8, ptr addrspace(1) @table, i64 4), align 8
@q = addrspace(1) global ptr addrspace(1) getelementptr nusw inrange(-4, 12) (i8, ptr addrspace(1) @table, i64 4), align 8

define spir_kernel void @flags(ptr addrspace(1) noundef writeonly align 16 captures(none) initializes((0, 16)) %out, ptr addrspace(1) noundef readonly captures(address, read_provenance) dereferenceable(32) %in, i32 noundef range(i32 0, 100) %n, float nofpclass(nan inf) %x) #0 {
entry:
  %z = zext nneg i32 %n to i64
  %o = or disjoint i64 %z, 1
  %t = trunc nuw nsw i64 %o to i32
  %t2 = trunc nuw i64 %z to i16
  %c = icmp samesign ult i32 %t, 7
  %a = add nuw nsw i32 %t, 3
  %sh = shl nuw i32 %a, 2
  %ud = udiv exact i32 %sh, 4
  %g = getelementptr inbounds nuw i32, ptr addrspace(1) %out, i64 %z
  %g2 = getelementptr nusw %struct.S, ptr addrspace(1) %in, i64 %z, i32 1, i64 2
  %v = select i1 %c, <4 x i32> splat (i32 3), <4 x i32> zeroinitializer
  store <4 x i32> %v, ptr addrspace(1) %g, align 16
  %f = uitofp nneg i32 %n to float
  %fm = fmul nnan ninf nsz arcp contract afn reassoc float %f, %x
  %fa = fadd fast float %fm, 1.0
  %fc = fcmp fast olt float %fa, %x
  %fv = load float, ptr addrspace(1) %g2, align 4, !noundef !0
  %sv = select nnan i1 %fc, float %fv, float %fa
  %vf = fadd <2 x float> splat (float 1.0), splat (float 2.0)
  %e = extractelement <2 x float> %vf, i32 0
  %sum = fadd float %sv, %e
  %u = uitofp i1 %c to float
  %mx = call float @llvm.maxnum.f32(float %sum, float %u)
  %ab = call i32 @llvm.abs.i32(i32 %t, i1 true)
  %ct = call range(i32 0, 33) i32 @llvm.ctpop.i32(i32 %ab)
  store float %mx, ptr addrspace(1) %g2, align 4
  store i32 %ct, ptr addrspace(1) %out, align 4
  ret void
}

declare float @llvm.maxnum.f32(float, float)
declare i32 @llvm.abs.i32(i32, i1 immarg)
declare i32 @llvm.ctpop.i32(i32)
declare spir_func nofpclass(nan) float @fp(float nofpclass(inf zero) %x) #1

attributes #0 = { convergent mustprogress norecurse nounwind memory(argmem: readwrite) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { nounwind willreturn memory(read, argmem: none, inaccessiblemem: write) }

!0 = !{}
"#,
    ),
    (
        "debug_records_loops",
        r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@.str = private unnamed_addr addrspace(1) constant [21 x i8] c"{5826:\228\22}{5827:\221\22}\00", section "llvm.metadata"
@.file = private unnamed_addr addrspace(1) constant [5 x i8] c"k.cl\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr addrspace(4), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) }] [{ ptr addrspace(4), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) } { ptr addrspace(4) addrspacecast (ptr @loops to ptr addrspace(4)), ptr addrspace(1) @.str, ptr addrspace(1) @.file, i32 3, ptr addrspace(1) null }], section "llvm.metadata"

define spir_kernel void @loops(ptr addrspace(1) %a, ptr addrspace(1) %f, i32 %n) !dbg !5 !kernel_arg_addr_space !20 !kernel_arg_access_qual !21 !kernel_arg_type !22 !kernel_arg_base_type !22 !kernel_arg_type_qual !23 !max_work_group_size !24 !reqd_work_group_size !24 !intel_reqd_sub_group_size !25 {
entry:
  %m = alloca [8 x i32], align 4
  %ann = call ptr @llvm.ptr.annotation.p0.p1(ptr %m, ptr addrspace(1) @.str, ptr addrspace(1) @.file, i32 7, ptr addrspace(1) null)
    #dbg_declare(ptr %m, !11, !DIExpression(), !12)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
    #dbg_value(i32 %i, !10, !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_stack_value), !12)
  %r0 = atomicrmw usub_cond ptr addrspace(1) %a, i32 %i seq_cst, align 4, !dbg !12
  %r1 = atomicrmw usub_sat ptr addrspace(1) %a, i32 %i syncscope("workgroup") acquire, align 4
  %r2 = atomicrmw fmaximum ptr addrspace(1) %f, float 1.0 monotonic, align 4
  %r3 = atomicrmw fminimum ptr addrspace(1) %f, float 2.0 release, align 4
  %r4 = atomicrmw uinc_wrap ptr addrspace(1) %a, i32 %i seq_cst, align 4
  %r5 = atomicrmw udec_wrap ptr addrspace(1) %a, i32 %i seq_cst, align 4
  %r6 = atomicrmw fadd ptr addrspace(1) %f, float 1.0 seq_cst, align 4
  %r7 = atomicrmw fmax ptr addrspace(1) %f, float 1.0 seq_cst, align 4
  %next = add nuw i32 %i, 1
  %done = icmp samesign uge i32 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !13

exit:
    #dbg_label(!19, !12)
  ret void, !dbg !12
}

declare ptr @llvm.ptr.annotation.p0.p1(ptr, ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1))

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!opencl.ocl.version = !{!26}
!opencl.spir.version = !{!26}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cl", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "loops", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !9)
!6 = !DISubroutineType(types: !7)
!7 = !{null, !8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !{!10, !11}
!10 = !DILocalVariable(name: "i", scope: !5, file: !1, line: 2, type: !8)
!11 = !DILocalVariable(name: "m", scope: !5, file: !1, line: 2, type: !18)
!12 = !DILocation(line: 2, column: 3, scope: !5)
!13 = distinct !{!13, !14, !15, !16, !17, !27}
!14 = !{!"llvm.loop.mustprogress"}
!15 = !{!"llvm.loop.unroll.count", i32 4}
!16 = !{!"llvm.loop.ii.count", i32 2}
!17 = !{!"llvm.loop.intel.pipelining.enable", i32 1}
!27 = !{!"llvm.loop.max_concurrency.count", i32 3}
!18 = !DICompositeType(tag: DW_TAG_array_type, baseType: !8, size: 256, elements: !28)
!28 = !{!29}
!29 = !DISubrange(count: 8)
!19 = !DILabel(scope: !5, name: "done", file: !1, line: 9)
!20 = !{i32 1, i32 1, i32 0}
!21 = !{!"none", !"none", !"none"}
!22 = !{!"int*", !"float*", !"int"}
!23 = !{!"", !"", !""}
!24 = !{i32 64, i32 1, i32 1}
!25 = !{i32 16}
!26 = !{i32 3, i32 0}
"#,
    ),
];

/// `llvm-as-22` when it is installed. `None` (tests skip the bitcode part) when it is not,
/// except under `CI=true`, where a missing tool is a failure: CI must never pass by skipping.
pub fn llvm_as_22() -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("llvm-as-22"))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("CI=true but llvm-as-22 is not installed");
        }
        eprintln!("note: llvm-as-22 is not installed; bitcode seeds skipped");
    }
    found
}

/// The bitcode `llvm-as-22` makes of `text` (`name` names the scratch files); `None` when
/// the tool is missing (see [`llvm_as_22`]). Panics when the tool rejects the text: seeds
/// must be valid.
pub fn assemble_22(name: &str, text: &str) -> Option<Vec<u8>> {
    let tool = llvm_as_22()?;
    let dir = crate::workspace_root()
        .join("target")
        .join("modern-seeds")
        .join(std::process::id().to_string());
    std::fs::create_dir_all(&dir).expect("scratch directory under target/");
    let (ll, bc) = (
        dir.join(format!("{name}.ll")),
        dir.join(format!("{name}.bc")),
    );
    std::fs::write(&ll, text).expect("write seed text");
    let out = Command::new(tool)
        .arg(&ll)
        .arg("-o")
        .arg(&bc)
        .output()
        .expect("run llvm-as-22");
    assert!(
        out.status.success(),
        "llvm-as-22 rejects seed {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(std::fs::read(&bc).expect("read llvm-as-22 output"))
}

/// Every seed with its bitcode (`None` without `llvm-as-22`).
pub fn modern_seeds_with_bitcode() -> Vec<(&'static str, &'static str, Option<Vec<u8>>)> {
    MODERN_SEEDS
        .iter()
        .map(|&(name, text)| (name, text, assemble_22(name, text)))
        .collect()
}
