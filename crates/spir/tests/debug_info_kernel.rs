//! Session 17 debug-info additions (`forward/debug_info/`): llvm-spirv's
//! `--spirv-debug-info-version=nonsemantic-kernel-100` (NonSemantic.Kernel.DebugInfo.100),
//! `--spirv-allow-extra-diexpressions`, and the leftovers of sessions 15/16. Every output is
//! checked by spirv-val 2025.5, typed and with `+SPV_KHR_untyped_pointers`; spirv-val does
//! not know NonSemantic.Kernel.DebugInfo.100 (nor .200), so for those sets it checks that
//! every operand is a defined id, and the tests check the operands themselves.

mod common;
use common::{defs, id, spirv_val};
use spirvkit_core::{Instruction, Module, Operand};
use spirvkit_grammar::Op;
use spirvkit_spir::{translate, DebugInfoFormat, TranslateOptions};

const KERNEL_100: DebugInfoFormat = DebugInfoFormat::NonSemanticKernel100;
const KERNEL_100_NAME: &str = "NonSemantic.Kernel.DebugInfo.100";

/// Instruction numbers (shared by the sets; 200–203 are llvm-spirv's additions).
const COMPILATION_UNIT: u32 = 1;
const TYPE_BASIC: u32 = 2;
const TYPE_ARRAY: u32 = 5;
const FUNCTION: u32 = 20;
const LOCAL_VARIABLE: u32 = 26;
const VALUE: u32 = 29;
const OPERATION: u32 = 30;
const EXPRESSION: u32 = 31;
const IMPORTED_ENTITY: u32 = 34;
const FUNCTION_DEFINITION: u32 = 101;
const MODULE: u32 = 200;
const TYPE_SUBRANGE: u32 = 201;
const TYPE_ARRAY_DYNAMIC: u32 = 202;
const TYPE_STRING: u32 = 203;

/// `src` translated with `options` (and `format`), typed and with
/// `+SPV_KHR_untyped_pointers`, both checked by spirv-val.
fn translate_both(src: &str, options: &TranslateOptions, tag: &str) -> [Module; 2] {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").unwrap_or_else(|e| panic!("{e}"));
    ["", "+SPV_KHR_untyped_pointers"].map(|ext| {
        let mut options = options.clone();
        options
            .apply_extension_list(ext)
            .unwrap_or_else(|e| panic!("{e}"));
        let m = translate(&llvm, &options).unwrap_or_else(|e| panic!("{tag}: {e}"));
        spirv_val(&m, &format!("{tag}_{}", ext.len()));
        m
    })
}

fn with_format(format: DebugInfoFormat) -> TranslateOptions {
    TranslateOptions {
        debug_info: format,
        ..TranslateOptions::default()
    }
}

/// The instructions of the debug set named `set`: number, operands after the set and
/// number, instruction.
fn set_insts<'m>(m: &'m Module, set: &str) -> Vec<(u32, Vec<Operand>, &'m Instruction)> {
    let set = m
        .instructions()
        .find(|i| {
            i.opcode == Op::ExtInstImport
                && i.operands.first().and_then(Operand::string) == Some(set)
        })
        .and_then(|i| i.result_id)
        .unwrap_or_else(|| panic!("no {set} import"));
    m.instructions()
        .filter(|i| matches!(i.opcode, Op::ExtInst | Op::ExtInstWithForwardRefsKHR))
        .filter(|i| i.operands.first().map(id) == Some(set))
        .filter_map(|i| {
            let number = i.operands.get(1).and_then(Operand::word)?;
            Some((number, i.operands[2..].to_vec(), i))
        })
        .collect()
}

fn with_number<'a>(
    insts: &'a [(u32, Vec<Operand>, &Instruction)],
    number: u32,
) -> Vec<&'a [Operand]> {
    insts
        .iter()
        .filter(|(n, _, _)| *n == number)
        .map(|(_, ops, _)| ops.as_slice())
        .collect()
}

/// The value of the 32-bit OpConstant an operand names.
fn constant(m: &Module, op: &Operand) -> u32 {
    let d = defs(m);
    let inst = d
        .get(&id(op))
        .unwrap_or_else(|| panic!("{op:?} is not defined"));
    assert_eq!(inst.opcode, Op::Constant, "{op:?} is no OpConstant");
    inst.operands[0].word().unwrap_or_default()
}

fn string_of(m: &Module, op: &Operand) -> String {
    let d = defs(m);
    d.get(&id(op))
        .filter(|i| i.opcode == Op::String)
        .and_then(|i| i.operands.first())
        .and_then(Operand::string)
        .unwrap_or_else(|| panic!("{op:?} is no OpString"))
        .to_owned()
}

/// The debug instruction number of the instruction an operand names (`u32::MAX` if none).
fn number_of(m: &Module, op: &Operand) -> u32 {
    defs(m)
        .get(&id(op))
        .filter(|i| i.opcode == Op::ExtInst)
        .and_then(|i| i.operands.get(1))
        .and_then(Operand::word)
        .unwrap_or(u32::MAX)
}

fn none_of(insts: &[(u32, Vec<Operand>, &Instruction)]) -> spirvkit_core::Id {
    insts
        .iter()
        .find(|(n, _, _)| *n == 0)
        .and_then(|(_, _, i)| i.result_id)
        .unwrap_or_else(|| panic!("no DebugInfoNone"))
}

/// A Fortran kernel: a counted array with a lower bound, an array whose upper bound is a
/// variable, a dynamic array (data location, associated, subrange of expressions and
/// stride), a CHARACTER string whose length is a variable, and an imported module.
const FORTRAN: &str = r#"
target triple = "spir64-unknown-unknown"

%qnca = type { ptr addrspace(4), i64, i64, i64, i64, i64, [1 x { i64, i64, i64 }] }

define spir_kernel void @k(ptr addrspace(1) %a, i64 %n) !dbg !10 {
entry:
  %d = alloca %qnca, align 8
  %arr = alloca [1000 x i32], align 4
    #dbg_value(i64 %n, !23, !DIExpression(), !40)
    #dbg_value(ptr addrspace(1) %a, !20, !DIExpression(DW_OP_deref), !40)
    #dbg_value(ptr %d, !21, !DIExpression(), !40)
    #dbg_value(ptr %arr, !22, !DIExpression(), !40)
    #dbg_value(ptr addrspace(1) %a, !24, !DIExpression(), !40)
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_Fortran95, file: !1, producer: "fortran", emissionKind: FullDebug, imports: !3)
!1 = !DIFile(filename: "f.f90", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{!4}
!4 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !10, entity: !5, file: !1, line: 2)
!5 = !DIModule(scope: !10, name: "mymod", file: !1, line: 1)
!6 = !DIBasicType(name: "INTEGER*4", size: 32, encoding: DW_ATE_signed)
!7 = !DIBasicType(name: "INTEGER*8", size: 64, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !11, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null}
!20 = !DILocalVariable(name: "a", scope: !10, file: !1, line: 3, type: !30)
!21 = !DILocalVariable(name: "d", scope: !10, file: !1, line: 4, type: !33)
!22 = !DILocalVariable(name: "arr", scope: !10, file: !1, line: 5, type: !36)
!23 = !DILocalVariable(name: "n", scope: !10, file: !1, line: 6, type: !7, flags: DIFlagArtificial)
!24 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 7, type: !39)
!30 = !DICompositeType(tag: DW_TAG_array_type, baseType: !6, elements: !31)
!31 = !{!32}
!32 = !DISubrange(lowerBound: 1, upperBound: !23)
!33 = !DICompositeType(tag: DW_TAG_array_type, baseType: !6, elements: !34, dataLocation: !DIExpression(DW_OP_push_object_address, DW_OP_deref), associated: !DIExpression(DW_OP_push_object_address, DW_OP_deref, DW_OP_constu, 0, DW_OP_or))
!34 = !{!35}
!35 = !DISubrange(lowerBound: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 64, DW_OP_deref), upperBound: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 48, DW_OP_deref), stride: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 56, DW_OP_deref))
!36 = !DICompositeType(tag: DW_TAG_array_type, baseType: !6, elements: !37)
!37 = !{!38}
!38 = !DISubrange(count: 1000, lowerBound: 1)
!39 = !DIStringType(name: "CHARACTER_1", stringLength: !23, size: 80)
!40 = !DILocation(line: 2, column: 1, scope: !10)
"#;

#[test]
fn kernel_100_is_a_non_semantic_set_with_the_200_additions() {
    for m in translate_both(FORTRAN, &with_format(KERNEL_100), "kernel100_fortran") {
        assert!(common::extensions(&m).contains(&"SPV_KHR_non_semantic_info".to_owned()));
        let insts = set_insts(&m, KERNEL_100_NAME);
        let none = none_of(&insts);
        // Every literal is a constant: the compile unit's version, DWARF version, language
        // (Fortran 95 in llvm-spirv's numbering is unknown to it: 0, as in .200).
        let unit = with_number(&insts, COMPILATION_UNIT);
        assert_eq!(unit.len(), 1);
        assert_eq!(constant(&m, &unit[0][0]), 65536);
        assert_eq!(number_of(&m, &unit[0][2]), 35, "DebugSource");
        // Functions are defined by DebugFunctionDefinition, as in the Shader sets.
        assert_eq!(with_number(&insts, FUNCTION).len(), 1);
        assert_eq!(with_number(&insts, FUNCTION_DEFINITION).len(), 1);
        // DebugTypeSubrange in NonSemantic.Kernel.DebugInfo.100's order: count, lower
        // bound, upper bound, stride — all four, DebugInfoNone where absent.
        let subranges = with_number(&insts, TYPE_SUBRANGE);
        assert_eq!(subranges.len(), 3, "{subranges:?}");
        for s in &subranges {
            assert_eq!(s.len(), 4);
        }
        let counted = subranges
            .iter()
            .find(|s| id(&s[0]) != none)
            .unwrap_or_else(|| panic!("no counted subrange"));
        assert_eq!(constant(&m, &counted[0]), 1000);
        assert_eq!(constant(&m, &counted[1]), 1);
        assert_eq!((id(&counted[2]), id(&counted[3])), (none, none));
        let by_variable = subranges
            .iter()
            .find(|s| number_of(&m, &s[2]) == LOCAL_VARIABLE)
            .unwrap_or_else(|| panic!("no subrange bounded by a variable"));
        assert_eq!(id(&by_variable[0]), none);
        assert_eq!(constant(&m, &by_variable[1]), 1);
        assert_eq!(id(&by_variable[3]), none);
        let by_expressions = subranges
            .iter()
            .find(|s| number_of(&m, &s[3]) == EXPRESSION)
            .unwrap_or_else(|| panic!("no subrange with a stride"));
        assert_eq!(id(&by_expressions[0]), none, "no count");
        assert_eq!(number_of(&m, &by_expressions[1]), EXPRESSION);
        assert_eq!(number_of(&m, &by_expressions[2]), EXPRESSION);
        // The dynamic array: base, data location, associated, allocated, rank, subrange.
        let dynamic = with_number(&insts, TYPE_ARRAY_DYNAMIC);
        assert_eq!(dynamic.len(), 1);
        assert_eq!(dynamic[0].len(), 6);
        assert_eq!(number_of(&m, &dynamic[0][0]), TYPE_BASIC);
        assert_eq!(number_of(&m, &dynamic[0][1]), EXPRESSION);
        assert_eq!(number_of(&m, &dynamic[0][2]), EXPRESSION);
        assert_eq!(id(&dynamic[0][3]), none);
        assert_eq!(number_of(&m, &dynamic[0][5]), TYPE_SUBRANGE);
        // Arrays of subranges.
        for a in with_number(&insts, TYPE_ARRAY) {
            assert_eq!(number_of(&m, &a[1]), TYPE_SUBRANGE);
        }
        // The string: name, base none, location none, size, length (the variable).
        let strings = with_number(&insts, TYPE_STRING);
        assert_eq!(strings.len(), 1);
        assert_eq!(string_of(&m, &strings[0][0]), "CHARACTER_1");
        assert_eq!(constant(&m, &strings[0][3]), 80);
        assert_eq!(number_of(&m, &strings[0][4]), LOCAL_VARIABLE);
        // The module and its import.
        let modules = with_number(&insts, MODULE);
        assert_eq!(modules.len(), 1);
        assert_eq!(string_of(&m, &modules[0][0]), "mymod");
        // llvm-spirv's order: name, source, line, parent (the subprogram).
        assert_eq!(constant(&m, &modules[0][2]), 1);
        assert_eq!(number_of(&m, &modules[0][3]), FUNCTION);
        let imports = with_number(&insts, IMPORTED_ENTITY);
        assert_eq!(imports.len(), 1);
        let module_id = insts
            .iter()
            .find(|(n, _, _)| *n == MODULE)
            .and_then(|(_, _, i)| i.result_id);
        assert!(imports[0].iter().any(|o| Some(id(o)) == module_id));
        // The records: every DebugValue kept.
        assert_eq!(with_number(&insts, VALUE).len(), 5);
    }
}

#[test]
fn kernel_100_subranges_differ_from_200_only_in_order() {
    // The same module in .200: the subrange with a count is lower 1, upper none, count
    // 1000 (three operands, no stride).
    let [m, _] = translate_both(
        FORTRAN,
        &with_format(DebugInfoFormat::NonSemanticShader200),
        "kernel100_vs_200",
    );
    let insts = set_insts(&m, "NonSemantic.Shader.DebugInfo.200");
    let none = none_of(&insts);
    let subranges = with_number(&insts, TYPE_SUBRANGE);
    let counted = subranges
        .iter()
        .find(|s| s.len() == 3 && id(&s[2]) != none)
        .unwrap_or_else(|| panic!("no counted subrange: {subranges:?}"));
    assert_eq!(constant(&m, &counted[0]), 1);
    assert_eq!(constant(&m, &counted[2]), 1000);
}

/// A kernel whose compile unit's language the tests replace.
fn language_module(language: &str) -> String {
    format!(
        r#"
target triple = "spir64-unknown-unknown"

define spir_kernel void @func() !dbg !7 {{
entry:
  ret void, !dbg !9
}}

!llvm.dbg.cu = !{{!0}}
!llvm.module.flags = !{{!3}}
!0 = distinct !DICompileUnit(language: {language}, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "test.cl", directory: "/tmp")
!3 = !{{i32 2, !"Debug Info Version", i32 3}}
!7 = distinct !DISubprogram(name: "func", scope: !1, file: !1, line: 1, type: !8, scopeLine: 2, spFlags: DISPFlagDefinition, unit: !0)
!8 = !DISubroutineType(types: !10)
!10 = !{{null}}
!9 = !DILocation(line: 2, column: 1, scope: !7)
"#
    )
}

#[test]
fn kernel_100_source_languages() {
    // llvm-spirv's NonSemanticKernel100/SourceLanguageLLVMToSPIRV: C99 109, OpenCL C 3,
    // C++ 111, C++14 114 (the numbering .200 uses too).
    for (language, number) in [
        ("DW_LANG_C99", 109),
        ("DW_LANG_OpenCL", 3),
        ("DW_LANG_C_plus_plus", 111),
        ("DW_LANG_C_plus_plus_14", 114),
    ] {
        for m in translate_both(
            &language_module(language),
            &with_format(KERNEL_100),
            &format!("kernel100_{language}"),
        ) {
            let insts = set_insts(&m, KERNEL_100_NAME);
            let unit = with_number(&insts, COMPILATION_UNIT);
            assert_eq!(constant(&m, &unit[0][3]), number, "{language}");
        }
    }
}

/// Records whose expressions use DWARF operations past `DW_OP_LLVM_fragment`.
const EXTRA_EXPRESSIONS: &str = r#"
target triple = "spir64-unknown-unknown"

define spir_func i32 @f(i32 %a) !dbg !10 {
entry:
  %b = add i32 %a, 1, !dbg !40
    #dbg_value(i32 0, !20, !DIExpression(DW_OP_lit0, DW_OP_stack_value), !40)
    #dbg_value(i32 %b, !21, !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_stack_value), !40)
    #dbg_value(!DIArgList(i32 %b), !22, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_stack_value), !40)
    #dbg_value(i32 %a, !23, !DIExpression(), !40)
  ret i32 %b, !dbg !40
}

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "e.cl", directory: "/src")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !11, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{!4, !4}
!20 = !DILocalVariable(name: "z", scope: !10, file: !1, line: 2, type: !4)
!21 = !DILocalVariable(name: "w", scope: !10, file: !1, line: 3, type: !4)
!22 = !DILocalVariable(name: "v", scope: !10, file: !1, line: 4, type: !4)
!23 = !DILocalVariable(name: "u", scope: !10, file: !1, line: 5, type: !4)
!40 = !DILocation(line: 2, column: 3, scope: !10)
"#;

/// The operations (opcode and literals, as constants) of every DebugOperation.
fn operations(m: &Module, insts: &[(u32, Vec<Operand>, &Instruction)]) -> Vec<Vec<u32>> {
    with_number(insts, OPERATION)
        .iter()
        .map(|o| o.iter().map(|x| constant(m, x)).collect())
        .collect()
}

#[test]
fn allow_extra_di_expressions_in_non_semantic_100() {
    // With the option, NonSemantic.Shader.DebugInfo.100 keeps lit0 (46), LLVM_convert (10)
    // and LLVM_arg (165), as llvm-spirv does under it; without, those records are left out.
    let name = "NonSemantic.Shader.DebugInfo.100";
    let mut options = with_format(DebugInfoFormat::NonSemanticShader100);
    options.allow_extra_di_expressions = true;
    for m in translate_both(EXTRA_EXPRESSIONS, &options, "extra_ns100") {
        let insts = set_insts(&m, name);
        assert_eq!(with_number(&insts, VALUE).len(), 4);
        let ops = operations(&m, &insts);
        assert!(ops.contains(&vec![46]), "lit0: {ops:?}");
        assert!(ops.contains(&vec![10, 32, 5]), "convert: {ops:?}");
        assert!(ops.contains(&vec![165, 0]), "LLVM_arg 0: {ops:?}");
    }
    options.allow_extra_di_expressions = false;
    for m in translate_both(EXTRA_EXPRESSIONS, &options, "no_extra_ns100") {
        let insts = set_insts(&m, name);
        // The plain record and the one-value DIArgList (its `LLVM_arg 0` dropped) stay.
        assert_eq!(with_number(&insts, VALUE).len(), 2);
        let ops = operations(&m, &insts);
        assert!(ops.iter().all(|o| o[0] <= 9), "{ops:?}");
    }
}

#[test]
fn allow_extra_di_expressions_cannot_reach_open_cl_debug_info() {
    // OpenCL.DebugInfo.100's DebugOperation is a literal of its enumeration, which spirv-val
    // refuses past LLVM_fragment: the records stay out there, with the option or without.
    for format in [DebugInfoFormat::OpenClDebugInfo100, DebugInfoFormat::Legacy] {
        let mut options = with_format(format);
        options.allow_extra_di_expressions = true;
        for m in translate_both(EXTRA_EXPRESSIONS, &options, "extra_ocl") {
            let insts = set_insts(&m, "OpenCL.DebugInfo.100");
            assert_eq!(with_number(&insts, VALUE).len(), 2, "{format:?}");
        }
    }
}

#[test]
fn kernel_100_keeps_extra_expressions_without_the_option() {
    for m in translate_both(
        EXTRA_EXPRESSIONS,
        &with_format(KERNEL_100),
        "kernel100_expressions",
    ) {
        let insts = set_insts(&m, KERNEL_100_NAME);
        assert_eq!(with_number(&insts, VALUE).len(), 4);
        let ops = operations(&m, &insts);
        assert!(ops.contains(&vec![46]), "lit0: {ops:?}");
        assert!(ops.contains(&vec![165, 0]), "LLVM_arg 0: {ops:?}");
    }
}

/// A structure with bit fields, an enumeration only the compile unit's `retainedTypes:`
/// names, and a Fortran COMMON block holding a global.
const LEFTOVERS: &str = r#"
target triple = "spir64-unknown-unknown"

%struct.B = type { i16 }

@blk = addrspace(1) global [2 x i32] zeroinitializer, align 4, !dbg !50

define spir_func void @f() !dbg !10 {
entry:
  %b = alloca %struct.B, align 2
    #dbg_declare(ptr %b, !20, !DIExpression(), !40)
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", emissionKind: FullDebug, retainedTypes: !3, globals: !49)
!1 = !DIFile(filename: "b.cpp", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{!4, !10}
!4 = distinct !DICompositeType(tag: DW_TAG_enumeration_type, name: "Color", file: !1, line: 1, baseType: !5, size: 32, elements: !6, identifier: "_ZTS5Color")
!5 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!6 = !{!7, !8}
!7 = !DIEnumerator(name: "Red", value: 0, isUnsigned: true)
!8 = !DIEnumerator(name: "Green", value: 1, isUnsigned: true)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 3, type: !11, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null}
!20 = !DILocalVariable(name: "b", scope: !10, file: !1, line: 4, type: !21)
!21 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "B", file: !1, line: 2, size: 16, elements: !22)
!22 = !{!23, !24}
!23 = !DIDerivedType(tag: DW_TAG_member, name: "lo", scope: !21, file: !1, line: 2, baseType: !25, size: 3, flags: DIFlagBitField, extraData: i64 0)
!24 = !DIDerivedType(tag: DW_TAG_member, name: "hi", scope: !21, file: !1, line: 2, baseType: !25, size: 5, offset: 3, flags: DIFlagBitField, extraData: i64 0)
!25 = !DIBasicType(name: "unsigned short", size: 16, encoding: DW_ATE_unsigned)
!40 = !DILocation(line: 4, column: 3, scope: !10)
!49 = !{!50}
!50 = !DIGlobalVariableExpression(var: !51, expr: !DIExpression())
!51 = distinct !DIGlobalVariable(name: "x", scope: !52, file: !1, line: 7, type: !5, isLocal: false, isDefinition: true)
!52 = !DICommonBlock(scope: !10, declaration: null, name: "blk", file: !1, line: 6)
"#;

const TYPE_ENUM: u32 = 9;
const TYPE_MEMBER: u32 = 11;
const GLOBAL_VARIABLE: u32 = 18;

/// The Flags operand of each DebugTypeMember (a literal, or a constant's value).
fn member_flags(m: &Module, insts: &[(u32, Vec<Operand>, &Instruction)], at: usize) -> Vec<u32> {
    with_number(insts, TYPE_MEMBER)
        .iter()
        .map(|ops| match &ops[at] {
            Operand::Word(w) => *w,
            op => constant(m, op),
        })
        .collect()
}

#[test]
fn bit_field_members_are_flagged_in_200_only() {
    const BIT_FIELD: u32 = 1 << 18;
    // .200: Name Type Source Line Column Offset Size Flags (no parent).
    let name = "NonSemantic.Shader.DebugInfo.200";
    for m in translate_both(
        LEFTOVERS,
        &with_format(DebugInfoFormat::NonSemanticShader200),
        "bitfield_200",
    ) {
        let insts = set_insts(&m, name);
        let flags = member_flags(&m, &insts, 7);
        assert_eq!(flags.len(), 2);
        assert!(flags.iter().all(|f| f & BIT_FIELD != 0), "{flags:?}");
    }
    for (format, set, at) in [
        (
            DebugInfoFormat::OpenClDebugInfo100,
            "OpenCL.DebugInfo.100",
            8,
        ),
        (
            DebugInfoFormat::NonSemanticShader100,
            "NonSemantic.Shader.DebugInfo.100",
            7,
        ),
        (KERNEL_100, KERNEL_100_NAME, 7),
    ] {
        for m in translate_both(LEFTOVERS, &with_format(format), &format!("bitfield_{set}")) {
            let insts = set_insts(&m, set);
            let flags = member_flags(&m, &insts, at);
            assert_eq!(flags.len(), 2, "{set}");
            assert!(flags.iter().all(|f| f & BIT_FIELD == 0), "{set}: {flags:?}");
        }
    }
}

#[test]
fn retained_types_are_declared() {
    // The enumeration no variable names is declared, in every format; the subprogram in
    // the same list stays one DebugFunction.
    for (format, set) in [
        (DebugInfoFormat::OpenClDebugInfo100, "OpenCL.DebugInfo.100"),
        (
            DebugInfoFormat::NonSemanticShader100,
            "NonSemantic.Shader.DebugInfo.100",
        ),
        (
            DebugInfoFormat::NonSemanticShader200,
            "NonSemantic.Shader.DebugInfo.200",
        ),
        (KERNEL_100, KERNEL_100_NAME),
    ] {
        for m in translate_both(LEFTOVERS, &with_format(format), &format!("retained_{set}")) {
            let insts = set_insts(&m, set);
            let enums = with_number(&insts, TYPE_ENUM);
            assert_eq!(enums.len(), 1, "{set}");
            assert_eq!(string_of(&m, &enums[0][0]), "Color");
            assert_eq!(with_number(&insts, FUNCTION).len(), 1, "{set}");
        }
    }
}

#[test]
fn a_global_in_a_common_block_is_described() {
    // llvm-spirv has no form for a DICommonBlock (DebugInfoNone as a scope); spirv-val
    // wants a lexical scope as a global's parent, so the global's parent is the compile
    // unit, in every format, and the global is still described.
    for (format, set) in [
        (DebugInfoFormat::OpenClDebugInfo100, "OpenCL.DebugInfo.100"),
        (
            DebugInfoFormat::NonSemanticShader100,
            "NonSemantic.Shader.DebugInfo.100",
        ),
        (
            DebugInfoFormat::NonSemanticShader200,
            "NonSemantic.Shader.DebugInfo.200",
        ),
        (KERNEL_100, KERNEL_100_NAME),
    ] {
        for m in translate_both(LEFTOVERS, &with_format(format), &format!("common_{set}")) {
            let insts = set_insts(&m, set);
            let globals = with_number(&insts, GLOBAL_VARIABLE);
            assert_eq!(globals.len(), 1, "{set}");
            assert_eq!(string_of(&m, &globals[0][0]), "x");
            assert_eq!(number_of(&m, &globals[0][5]), COMPILATION_UNIT, "{set}");
        }
    }
}

#[test]
fn fortran_records_from_bitcode_are_translated() {
    // The same Fortran records from llvm-as-22 and llvm-as-15 bitcode (which the bitcode
    // reader models since session 17): DebugModule, DebugTypeString, a DebugTypeSubrange
    // of the DIGenericSubrange in a DebugTypeArrayDynamic, the global of the COMMON block.
    for (bc, name) in [
        (
            &include_bytes!("../../llvm/tests/data/fortran_debug_info22.bc")[..],
            "22",
        ),
        (
            &include_bytes!("../../llvm/tests/data/fortran_debug_info15.bc")[..],
            "15",
        ),
    ] {
        let llvm = spirvkit_llvm::read_bitcode(bc, name).unwrap_or_else(|e| panic!("{e}"));
        for (format, set) in [
            (
                DebugInfoFormat::NonSemanticShader200,
                "NonSemantic.Shader.DebugInfo.200",
            ),
            (KERNEL_100, KERNEL_100_NAME),
        ] {
            for ext in ["", "+SPV_KHR_untyped_pointers"] {
                let mut options = with_format(format);
                options
                    .apply_extension_list(ext)
                    .unwrap_or_else(|e| panic!("{e}"));
                let m = translate(&llvm, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
                spirv_val(&m, &format!("fortran_bc{name}_{set}_{}", ext.len()));
                let insts = set_insts(&m, set);
                let modules = with_number(&insts, MODULE);
                assert_eq!(modules.len(), 1, "{name} {set}");
                assert_eq!(string_of(&m, &modules[0][4]), "-DX");
                assert_eq!(constant(&m, &modules[0][7]), 1, "isDecl");
                let strings = with_number(&insts, TYPE_STRING);
                assert_eq!(strings.len(), 1, "{name} {set}");
                assert_eq!(constant(&m, &strings[0][3]), 80);
                assert_eq!(number_of(&m, &strings[0][2]), EXPRESSION);
                assert_eq!(number_of(&m, &strings[0][4]), EXPRESSION);
                let dynamic = with_number(&insts, TYPE_ARRAY_DYNAMIC);
                assert_eq!(dynamic.len(), 1, "{name} {set}");
                assert_eq!(number_of(&m, &dynamic[0][5]), TYPE_SUBRANGE);
                let globals = with_number(&insts, GLOBAL_VARIABLE);
                assert_eq!(globals.len(), 1, "{name} {set}");
            }
        }
    }
}
