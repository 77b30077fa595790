; LLVM 22 constructs the reader must accept (written by hand; bitcode by llvm-as-22).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@table = addrspace(1) global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@p = addrspace(1) global ptr addrspace(1) getelementptr inbounds nuw (i8, ptr addrspace(1) @table, i64 4), align 8

define spir_kernel void @k(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, target("spirv.Sampler") %s, target("spirv.Pipe", 0) %pipe, ptr addrspace(1) noundef writeonly align 16 captures(none) initializes((0, 16)) %out, i32 noundef range(i32 0, 100) %n) !dbg !5 {
entry:
    #dbg_value(i32 %n, !10, !DIExpression(), !12)
  %z = zext nneg i32 %n to i64
  %o = or disjoint i64 %z, 1
  %t = trunc nuw nsw i64 %o to i32
  %c = icmp samesign ult i32 %t, 7
  %g = getelementptr inbounds nuw i32, ptr addrspace(1) %out, i64 %z
  %v = select i1 %c, <4 x i32> splat (i32 3), <4 x i32> zeroinitializer
  store <4 x i32> %v, ptr addrspace(1) %g, align 16, !dbg !12
  %ev = alloca target("spirv.Event"), align 8
  store target("spirv.Event") zeroinitializer, ptr %ev, align 8
  %f = uitofp nneg i32 %n to float
  %w = call spir_func i32 @_Z15get_image_width14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img) #1
  ret void
}

declare spir_func nofpclass(nan) float @fp(float nofpclass(inf) %x)
declare spir_func i32 @_Z15get_image_width14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)) #0

attributes #0 = { memory(none) "no-trapping-math"="true" }
attributes #1 = { nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cl", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !9)
!6 = !DISubroutineType(types: !7)
!7 = !{null, !8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !{!10}
!10 = !DILocalVariable(name: "n", arg: 5, scope: !5, file: !1, line: 1, type: !8)
!12 = !DILocation(line: 2, column: 3, scope: !5)
