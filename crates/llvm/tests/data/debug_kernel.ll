; ModuleID = 'debug_kernel.bc'
source_filename = "debug_kernel.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%struct.pair_t = type { float, [2 x i32] }

@table = local_unnamed_addr addrspace(2) constant [3 x i32] [i32 1, i32 2, i32 3], align 4, !dbg !0

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local spir_func i32 @helper(i32 noundef %a, i32 noundef %m) local_unnamed_addr #0 !dbg !20 {
entry:
  call void @llvm.dbg.value(metadata i32 %a, metadata !24, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !30
  call void @llvm.dbg.value(metadata i32 %m, metadata !25, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !30
  %and = and i32 %a, 1, !dbg !31
  %idxprom = zext i32 %and to i64
  %arrayidx = getelementptr inbounds [3 x i32], ptr addrspace(2) @table, i64 0, i64 %idxprom, !dbg !32
  %0 = load i32, ptr addrspace(2) %arrayidx, align 4, !dbg !32, !tbaa !33
  %mul = mul nsw i32 %0, %a, !dbg !37
  call void @llvm.dbg.value(metadata i32 %mul, metadata !26, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !30
  %cmp = icmp eq i32 %m, -2, !dbg !38
  %add = shl i32 %mul, 1, !dbg !39
  %mul1 = add i32 %add, 2, !dbg !39
  %r.0 = select i1 %cmp, i32 %mul1, i32 %mul, !dbg !39
  call void @llvm.dbg.value(metadata i32 %r.0, metadata !26, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !30
  ret i32 %r.0, !dbg !40
}

; Function Attrs: argmemonly convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @scale(ptr addrspace(1) nocapture noundef readonly align 4 %p, ptr addrspace(1) nocapture noundef writeonly align 4 %out, i32 noundef %k) local_unnamed_addr #1 !dbg !41 !kernel_arg_addr_space !63 !kernel_arg_access_qual !64 !kernel_arg_type !65 !kernel_arg_base_type !65 !kernel_arg_type_qual !66 {
entry:
  call void @llvm.dbg.value(metadata ptr addrspace(1) %p, metadata !56, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !67
  call void @llvm.dbg.value(metadata ptr addrspace(1) %out, metadata !57, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !67
  call void @llvm.dbg.value(metadata i32 %k, metadata !58, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !67
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4, !dbg !68
  call void @llvm.dbg.value(metadata i64 %call, metadata !59, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !67
  %arrayidx = getelementptr inbounds %struct.pair_t, ptr addrspace(1) %p, i64 %call, !dbg !69
  %0 = load float, ptr addrspace(1) %arrayidx, align 4, !dbg !70, !tbaa !71
  call void @llvm.dbg.value(metadata i32 %k, metadata !24, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !74
  call void @llvm.dbg.value(metadata i32 1, metadata !25, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !74
  %and.i = and i32 %k, 1, !dbg !76
  %idxprom.i = zext i32 %and.i to i64
  %arrayidx.i = getelementptr inbounds [3 x i32], ptr addrspace(2) @table, i64 0, i64 %idxprom.i, !dbg !77
  %1 = load i32, ptr addrspace(2) %arrayidx.i, align 4, !dbg !77, !tbaa !33
  %mul.i = mul nsw i32 %1, %k, !dbg !78
  call void @llvm.dbg.value(metadata i32 %mul.i, metadata !26, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !74
  call void @llvm.dbg.value(metadata i32 %mul.i, metadata !26, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !74
  %conv = sitofp i32 %mul.i to float, !dbg !79
  %mul = fmul float %0, %conv, !dbg !80
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %call, !dbg !81
  store float %mul, ptr addrspace(1) %arrayidx2, align 4, !dbg !82, !tbaa !83
  ret void, !dbg !84
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare !dbg !85 spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #3

attributes #0 = { mustprogress nofree norecurse nosync nounwind readnone willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { argmemonly convergent mustprogress nofree norecurse nounwind willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #2 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { convergent nounwind readnone willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!15, !16, !17}
!opencl.ocl.version = !{!18}
!opencl.spir.version = !{!18}
!llvm.ident = !{!19}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 2, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "table", scope: !2, file: !6, line: 3, type: !12, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 15.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !4, globals: !11, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "<stdin>", directory: "/src", checksumkind: CSK_MD5, checksum: "ff839b379a9f8b1d5390090baf301ec4")
!4 = !{!5}
!5 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "mode", file: !6, line: 2, baseType: !7, size: 32, elements: !8)
!6 = !DIFile(filename: "debug_kernel.cl", directory: "/src", checksumkind: CSK_MD5, checksum: "ff839b379a9f8b1d5390090baf301ec4")
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !{!9, !10}
!9 = !DIEnumerator(name: "FAST", value: 1)
!10 = !DIEnumerator(name: "SLOW", value: -2)
!11 = !{!0}
!12 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 96, elements: !13)
!13 = !{!14}
!14 = !DISubrange(count: 3)
!15 = !{i32 7, !"Dwarf Version", i32 5}
!16 = !{i32 2, !"Debug Info Version", i32 3}
!17 = !{i32 1, !"wchar_size", i32 4}
!18 = !{i32 1, i32 2}
!19 = !{!"Debian clang version 15.0.6"}
!20 = distinct !DISubprogram(name: "helper", scope: !6, file: !6, line: 5, type: !21, scopeLine: 5, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !23)
!21 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !22)
!22 = !{!7, !7, !5}
!23 = !{!24, !25, !26, !27}
!24 = !DILocalVariable(name: "a", arg: 1, scope: !20, file: !6, line: 5, type: !7)
!25 = !DILocalVariable(name: "m", arg: 2, scope: !20, file: !6, line: 5, type: !5)
!26 = !DILocalVariable(name: "r", scope: !20, file: !6, line: 6, type: !7)
!27 = !DILocalVariable(name: "t", scope: !28, file: !6, line: 7, type: !7)
!28 = distinct !DILexicalBlock(scope: !29, file: !6, line: 7, column: 18)
!29 = distinct !DILexicalBlock(scope: !20, file: !6, line: 7, column: 7)
!30 = !DILocation(line: 0, scope: !20)
!31 = !DILocation(line: 6, column: 23, scope: !20)
!32 = !DILocation(line: 6, column: 15, scope: !20)
!33 = !{!34, !34, i64 0}
!34 = !{!"int", !35, i64 0}
!35 = !{!"omnipotent char", !36, i64 0}
!36 = !{!"Simple C/C++ TBAA"}
!37 = !DILocation(line: 6, column: 13, scope: !20)
!38 = !DILocation(line: 7, column: 9, scope: !29)
!39 = !DILocation(line: 7, column: 7, scope: !20)
!40 = !DILocation(line: 8, column: 3, scope: !20)
!41 = distinct !DISubprogram(name: "scale", scope: !6, file: !6, line: 11, type: !42, scopeLine: 11, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !55)
!42 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !43)
!43 = !{null, !44, !54, !7}
!44 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !45, size: 64, dwarfAddressSpace: 1)
!45 = !DIDerivedType(tag: DW_TAG_typedef, name: "pair_t", file: !6, line: 1, baseType: !46)
!46 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !6, line: 1, size: 96, elements: !47)
!47 = !{!48, !50}
!48 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !46, file: !6, line: 1, baseType: !49, size: 32)
!49 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!50 = !DIDerivedType(tag: DW_TAG_member, name: "n", scope: !46, file: !6, line: 1, baseType: !51, size: 64, offset: 32)
!51 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 64, elements: !52)
!52 = !{!53}
!53 = !DISubrange(count: 2)
!54 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !49, size: 64, dwarfAddressSpace: 1)
!55 = !{!56, !57, !58, !59}
!56 = !DILocalVariable(name: "p", arg: 1, scope: !41, file: !6, line: 11, type: !44)
!57 = !DILocalVariable(name: "out", arg: 2, scope: !41, file: !6, line: 11, type: !54)
!58 = !DILocalVariable(name: "k", arg: 3, scope: !41, file: !6, line: 11, type: !7)
!59 = !DILocalVariable(name: "i", scope: !41, file: !6, line: 12, type: !60)
!60 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !61, line: 118, baseType: !62)
!61 = !DIFile(filename: "/usr/lib/llvm-15/lib/clang/15.0.6/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "aaeb1e16a78b41afe42f126f38dba995")
!62 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!63 = !{i32 1, i32 1, i32 0}
!64 = !{!"none", !"none", !"none"}
!65 = !{!"pair_t*", !"float*", !"int"}
!66 = !{!"", !"", !""}
!67 = !DILocation(line: 0, scope: !41)
!68 = !DILocation(line: 12, column: 14, scope: !41)
!69 = !DILocation(line: 13, column: 12, scope: !41)
!70 = !DILocation(line: 13, column: 17, scope: !41)
!71 = !{!72, !73, i64 0}
!72 = !{!"", !73, i64 0, !35, i64 4}
!73 = !{!"float", !35, i64 0}
!74 = !DILocation(line: 0, scope: !20, inlinedAt: !75)
!75 = distinct !DILocation(line: 13, column: 21, scope: !41)
!76 = !DILocation(line: 6, column: 23, scope: !20, inlinedAt: !75)
!77 = !DILocation(line: 6, column: 15, scope: !20, inlinedAt: !75)
!78 = !DILocation(line: 6, column: 13, scope: !20, inlinedAt: !75)
!79 = !DILocation(line: 13, column: 21, scope: !41)
!80 = !DILocation(line: 13, column: 19, scope: !41)
!81 = !DILocation(line: 13, column: 3, scope: !41)
!82 = !DILocation(line: 13, column: 10, scope: !41)
!83 = !{!73, !73, i64 0}
!84 = !DILocation(line: 14, column: 1, scope: !41)
!85 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !86, file: !86, line: 6376, type: !87, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !91)
!86 = !DIFile(filename: "/usr/lib/llvm-15/lib/clang/15.0.6/include/opencl-c.h", directory: "", checksumkind: CSK_MD5, checksum: "a93952b21167c8fca50984e152d391bf")
!87 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !88)
!88 = !{!60, !89}
!89 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !61, line: 105, baseType: !90)
!90 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!91 = !{}
