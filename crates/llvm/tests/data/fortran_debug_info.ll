; Hand-written Fortran-style debug info with the records the bitcode reader learnt in
; session 17: DIModule, DIStringType, DIGenericSubrange, DICommonBlock.
; fortran_debug_info22.bc = `llvm-as-22 fortran_debug_info.ll`,
; fortran_debug_info15.bc = `llvm-as-15 fortran_debug_info.ll`.
target triple = "spir64-unknown-unknown"

@blk = addrspace(1) global i32 0, align 4, !dbg !50

define spir_func void @f(i64 %n) !dbg !10 {
entry:
  call void @llvm.dbg.value(metadata i64 %n, metadata !20, metadata !DIExpression()), !dbg !40
  call void @llvm.dbg.value(metadata i64 %n, metadata !21, metadata !DIExpression()), !dbg !40
  ret void, !dbg !40
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_Fortran95, file: !1, producer: "fortran", emissionKind: FullDebug, imports: !3, globals: !49)
!1 = !DIFile(filename: "f.f90", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{!4}
!4 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !10, entity: !5, file: !1, line: 2)
!5 = !DIModule(scope: !10, name: "mymod", configMacros: "-DX", includePath: "/inc", apinotes: "m.apinotes", file: !1, line: 9, isDecl: true)
!7 = !DIBasicType(name: "INTEGER*8", size: 64, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !11, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null}
!20 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 7, type: !39)
!21 = !DILocalVariable(name: "g", scope: !10, file: !1, line: 8, type: !30)
!30 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, elements: !31, dataLocation: !DIExpression(DW_OP_push_object_address, DW_OP_deref))
!31 = !{!32}
!32 = !DIGenericSubrange(lowerBound: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 64, DW_OP_deref), upperBound: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 48, DW_OP_deref), stride: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 56, DW_OP_deref))
!39 = !DIStringType(name: "CHARACTER_1", stringLength: !20, stringLengthExpression: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 8), stringLocationExpression: !DIExpression(DW_OP_push_object_address, DW_OP_deref), size: 80, align: 8, encoding: DW_ATE_ASCII)
!40 = !DILocation(line: 2, column: 1, scope: !10)
!49 = !{!50}
!50 = !DIGlobalVariableExpression(var: !51, expr: !DIExpression())
!51 = distinct !DIGlobalVariable(name: "x", scope: !52, file: !1, line: 7, type: !7, isLocal: false, isDefinition: true)
!52 = !DICommonBlock(scope: !10, declaration: !51, name: "blk", file: !1, line: 6)
