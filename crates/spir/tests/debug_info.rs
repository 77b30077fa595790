//! LLVM debug info → OpenCL.DebugInfo.100 (`forward/debug_info/`): what is emitted for a
//! `-g` module, and spirv-val 2025.5 accepting it (typed and untyped SPIR-V pointers).

mod common;
use common::{defs, id, spirv_val, translate_with, typed_and_untyped};
use spirvkit_core::{Instruction, Module, Operand};
use spirvkit_grammar::Op;
use spirvkit_spir::{translate, DebugInfoFormat, TranslateOptions};

/// OpenCL.DebugInfo.100 instruction numbers used below.
const COMPILATION_UNIT: u32 = 1;
const TYPE_BASIC: u32 = 2;
const TYPE_POINTER: u32 = 3;
const TYPE_ARRAY: u32 = 5;
const TYPE_FUNCTION: u32 = 8;
const TYPE_COMPOSITE: u32 = 10;
const TYPE_MEMBER: u32 = 11;
const GLOBAL_VARIABLE: u32 = 18;
const FUNCTION: u32 = 20;
const LEXICAL_BLOCK: u32 = 21;
const SCOPE: u32 = 23;
const LOCAL_VARIABLE: u32 = 26;
const DECLARE: u32 = 28;
const VALUE: u32 = 29;
const OPERATION: u32 = 30;
const EXPRESSION: u32 = 31;
const SOURCE: u32 = 35;

/// A kernel as clang-22 `-g -O0` writes it (debug records), with a struct, a pointer
/// parameter, an array, a lexical block, a global variable and a `#dbg_value`.
const KERNEL: &str = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%struct.S = type { i32, [4 x float] }

@table = addrspace(1) global [3 x i32] [i32 1, i32 2, i32 3], align 4, !dbg !30

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %s) !dbg !10 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %arr = alloca [8 x float], align 4
  store ptr addrspace(1) %out, ptr %out.addr, align 8
    #dbg_declare(ptr %out.addr, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !40)
    #dbg_declare(ptr %arr, !21, !DIExpression(), !41)
  %b = getelementptr inbounds %struct.S, ptr addrspace(1) %s, i64 0, i32 1, i64 1, !dbg !42
  %v = load float, ptr addrspace(1) %b, align 4, !dbg !42
  br label %block, !dbg !43

block:
  %x = fptosi float %v to i32, !dbg !44
    #dbg_value(i32 %x, !22, !DIExpression(), !44)
  store i32 %x, ptr addrspace(1) %out, align 4, !dbg !45
  ret void, !dbg !46
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !29)
!1 = !DIFile(filename: "k.cl", directory: "/src")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64, dwarfAddressSpace: 1)
!7 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !1, line: 1, size: 160, elements: !8)
!8 = !{!9, !15}
!9 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !7, file: !1, line: 1, baseType: !4, size: 32)
!15 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !7, file: !1, line: 1, baseType: !16, size: 128, offset: 32)
!16 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 128, elements: !17)
!17 = !{!18}
!18 = !DISubrange(count: 4)
!10 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !12)
!12 = !{null, !6, !19}
!19 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!20 = !DILocalVariable(name: "out", arg: 1, scope: !10, file: !1, line: 3, type: !6)
!21 = !DILocalVariable(name: "arr", scope: !10, file: !1, line: 4, type: !23)
!22 = !DILocalVariable(name: "x", scope: !26, file: !1, line: 6, type: !4)
!23 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 256, elements: !24)
!24 = !{!25}
!25 = !DISubrange(count: 8)
!26 = distinct !DILexicalBlock(scope: !10, file: !1, line: 5, column: 7)
!29 = !{!30}
!30 = !DIGlobalVariableExpression(var: !31, expr: !DIExpression())
!31 = distinct !DIGlobalVariable(name: "table", scope: !0, file: !1, line: 2, type: !32, isLocal: false, isDefinition: true)
!32 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 96, elements: !33)
!33 = !{!34}
!34 = !DISubrange(count: 3)
!40 = !DILocation(line: 3, column: 40, scope: !10)
!41 = !DILocation(line: 4, column: 9, scope: !10)
!42 = !DILocation(line: 4, column: 20, scope: !10)
!43 = !DILocation(line: 5, column: 3, scope: !10)
!44 = !DILocation(line: 6, column: 13, scope: !26)
!45 = !DILocation(line: 7, column: 12, scope: !26)
!46 = !DILocation(line: 8, column: 1, scope: !10)
"#;

/// The same kernel with the intrinsic calls clang before LLVM 19 writes, typed pointers.
const KERNEL_INTRINSICS: &str = r#"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(i32 addrspace(1)* %out) !dbg !10 {
entry:
  %out.addr = alloca i32 addrspace(1)*, align 8
  store i32 addrspace(1)* %out, i32 addrspace(1)** %out.addr, align 8
  call void @llvm.dbg.declare(metadata i32 addrspace(1)** %out.addr, metadata !20, metadata !DIExpression()), !dbg !40
  %v = load i32, i32 addrspace(1)* %out, align 4, !dbg !41
  %w = add i32 %v, 1, !dbg !41
  call void @llvm.dbg.value(metadata i32 %w, metadata !21, metadata !DIExpression(DW_OP_plus_uconst, 4)), !dbg !41
  store i32 %w, i32 addrspace(1)* %out, align 4, !dbg !42
  ret void, !dbg !42
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cl", directory: "/src", source: "kernel void k(global int *out) { *out += 1; }")
!2 = !{i32 7, !"Dwarf Version", i32 4}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64, dwarfAddressSpace: 1)
!7 = !DIDerivedType(tag: DW_TAG_typedef, name: "myint", file: !1, line: 1, baseType: !4)
!10 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !6}
!20 = !DILocalVariable(name: "out", arg: 1, scope: !10, file: !1, line: 1, type: !6)
!21 = !DILocalVariable(name: "w", scope: !10, file: !1, line: 1, type: !7)
!40 = !DILocation(line: 1, column: 27, scope: !10)
!41 = !DILocation(line: 1, column: 39, scope: !10)
!42 = !DILocation(line: 1, column: 45, scope: !10)
"#;

fn translate_text(src: &str, options: &TranslateOptions) -> Module {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").unwrap_or_else(|e| panic!("{e}"));
    translate(&llvm, options).unwrap_or_else(|e| panic!("{e}"))
}

/// The debug instructions (number, operands after the set and number), in module order.
fn debug_insts(m: &Module) -> Vec<(u32, Vec<Operand>, &Instruction)> {
    let set = m
        .instructions()
        .find(|i| {
            i.opcode == Op::ExtInstImport
                && i.operands.first().and_then(Operand::string) == Some("OpenCL.DebugInfo.100")
        })
        .and_then(|i| i.result_id);
    m.instructions()
        .filter(|i| i.opcode == Op::ExtInst && i.operands.first().map(id) == set)
        .filter_map(|i| {
            let number = i.operands.get(1).and_then(Operand::word)?;
            Some((number, i.operands[2..].to_vec(), i))
        })
        .collect()
}

fn with_number<'a>(
    insts: &'a [(u32, Vec<Operand>, &'a Instruction)],
    number: u32,
) -> Vec<&'a Vec<Operand>> {
    insts
        .iter()
        .filter(|(n, _, _)| *n == number)
        .map(|(_, o, _)| o)
        .collect()
}

fn string_of(m: &Module, op: &Operand) -> String {
    let d = defs(m);
    d.get(&id(op))
        .and_then(|i| i.operands.first())
        .and_then(Operand::string)
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn compile_unit_and_source() {
    let [m, _] = typed_and_untyped(KERNEL, "", "debug_info_cu");
    let insts = debug_insts(&m);
    let units = with_number(&insts, COMPILATION_UNIT);
    assert_eq!(units.len(), 1);
    // Version 65536 (llvm-spirv's), DWARF 5 from the module flags, OpenCL_C.
    assert_eq!(units[0][0], Operand::Word(65536));
    assert_eq!(units[0][1], Operand::Word(5));
    assert_eq!(units[0][3], Operand::Word(3));
    let sources = with_number(&insts, SOURCE);
    assert_eq!(string_of(&m, &sources[0][0]), "/src/k.cl");
}

#[test]
fn source_text_and_dwarf_version_of_intrinsic_form() {
    let m = translate_with(KERNEL_INTRINSICS, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "debug_info_intrinsics");
    let insts = debug_insts(&m);
    let sources = with_number(&insts, SOURCE);
    assert_eq!(sources[0].len(), 2, "the file's text is kept");
    assert!(string_of(&m, &sources[0][1]).contains("*out += 1"));
    assert_eq!(
        with_number(&insts, COMPILATION_UNIT)[0][1],
        Operand::Word(4)
    );
}

#[test]
fn types_basic_pointer_struct_array_function() {
    let [m, _] = typed_and_untyped(KERNEL, "", "debug_info_types");
    let insts = debug_insts(&m);
    let basics: Vec<String> = with_number(&insts, TYPE_BASIC)
        .iter()
        .map(|o| string_of(&m, &o[0]))
        .collect();
    assert!(basics.contains(&"int".to_owned()) && basics.contains(&"float".to_owned()));
    // int: Signed (4); float: Float (3).
    let int = with_number(&insts, TYPE_BASIC)
        .into_iter()
        .find(|o| string_of(&m, &o[0]) == "int")
        .unwrap_or_else(|| panic!("no int"));
    assert_eq!(int[2], Operand::Word(4));
    // Pointers to global memory: CrossWorkgroup (5).
    let pointers = with_number(&insts, TYPE_POINTER);
    assert!(!pointers.is_empty());
    assert!(pointers.iter().all(|p| p[1] == Operand::Word(5)));
    // struct S with its two members, the second an array of 4 floats.
    let composites = with_number(&insts, TYPE_COMPOSITE);
    assert_eq!(composites.len(), 1);
    assert_eq!(string_of(&m, &composites[0][0]), "S");
    assert_eq!(composites[0][1], Operand::Word(1), "Structure");
    assert_eq!(composites[0].len(), 9 + 2, "two members");
    let members = with_number(&insts, TYPE_MEMBER);
    let names: Vec<String> = members.iter().map(|o| string_of(&m, &o[0])).collect();
    assert_eq!(names, ["a", "b"]);
    assert_eq!(
        with_number(&insts, TYPE_ARRAY).len(),
        3,
        "float[4], float[8], int[3]"
    );
    // void (global int *, global S *)
    let functions = with_number(&insts, TYPE_FUNCTION);
    assert_eq!(functions[0].len(), 4);
}

#[test]
fn function_scope_and_lines() {
    let [m, _] = typed_and_untyped(KERNEL, "", "debug_info_lines");
    let insts = debug_insts(&m);
    let functions = with_number(&insts, FUNCTION);
    assert_eq!(functions.len(), 1);
    assert_eq!(string_of(&m, &functions[0][0]), "k");
    // The OpFunction of @k, scope line 3.
    let k = m
        .functions
        .first()
        .and_then(|f| f.def.result_id)
        .unwrap_or_else(|| panic!("no function"));
    assert_eq!(functions[0][9], Operand::Id(k));
    assert_eq!(functions[0][8], Operand::Word(3));
    let blocks = with_number(&insts, LEXICAL_BLOCK);
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0][1], Operand::Word(5));
    assert_eq!(blocks[0][2], Operand::Word(7));
    // DebugScope of the function, then of the block; OpLine with each location.
    let scopes = with_number(&insts, SCOPE);
    assert!(scopes.len() >= 2);
    let lines: Vec<(u32, u32)> = m
        .instructions()
        .filter(|i| i.opcode == Op::Line)
        .filter_map(|i| Some((i.operands.get(1)?.word()?, i.operands.get(2)?.word()?)))
        .collect();
    for expected in [(4, 20), (5, 3), (6, 13), (7, 12), (8, 1)] {
        assert!(
            lines.contains(&expected),
            "OpLine {expected:?} in {lines:?}"
        );
    }
}

#[test]
fn declare_names_the_alloca_variable() {
    let m = translate_with(KERNEL, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "debug_info_declare");
    let insts = debug_insts(&m);
    let d = defs(&m);
    let declares = with_number(&insts, DECLARE);
    assert_eq!(declares.len(), 2);
    let locals = with_number(&insts, LOCAL_VARIABLE);
    let names: Vec<String> = locals.iter().map(|o| string_of(&m, &o[0])).collect();
    assert_eq!(names, ["out", "arr", "x"]);
    // `out` is argument 1.
    assert_eq!(locals[0].get(7), Some(&Operand::Word(1)));
    for declare in declares {
        let variable = d.get(&id(&declare[1])).unwrap_or_else(|| panic!("no def"));
        assert_eq!(variable.opcode, Op::Variable);
    }
    // The address-space expression: constu 0, swap, xderef.
    let operations = with_number(&insts, OPERATION);
    let numbers: Vec<&Operand> = operations.iter().map(|o| &o[0]).collect();
    assert_eq!(
        numbers,
        [&Operand::Word(8), &Operand::Word(5), &Operand::Word(6)]
    );
    assert!(!with_number(&insts, EXPRESSION).is_empty());
}

#[test]
fn value_records_and_intrinsics() {
    let m = translate_with(KERNEL, "").unwrap_or_else(|e| panic!("{e}"));
    let insts = debug_insts(&m);
    let values = with_number(&insts, VALUE);
    assert_eq!(values.len(), 1);
    let d = defs(&m);
    let value = d
        .get(&id(&values[0][1]))
        .unwrap_or_else(|| panic!("no def"));
    assert_eq!(value.opcode, Op::ConvertFToS);
    // The intrinsic form: DebugDeclare and DebugValue with DW_OP_plus_uconst 4.
    let m = translate_with(KERNEL_INTRINSICS, "").unwrap_or_else(|e| panic!("{e}"));
    let insts = debug_insts(&m);
    assert_eq!(with_number(&insts, DECLARE).len(), 1);
    assert_eq!(with_number(&insts, VALUE).len(), 1);
    let operations = with_number(&insts, OPERATION);
    assert_eq!(operations[0], &vec![Operand::Word(3), Operand::Word(4)]);
}

#[test]
fn global_variable_points_to_its_variable() {
    let m = translate_with(KERNEL, "").unwrap_or_else(|e| panic!("{e}"));
    let insts = debug_insts(&m);
    let globals = with_number(&insts, GLOBAL_VARIABLE);
    assert_eq!(globals.len(), 1);
    assert_eq!(string_of(&m, &globals[0][0]), "table");
    let d = defs(&m);
    let variable = d
        .get(&id(&globals[0][7]))
        .unwrap_or_else(|| panic!("no def"));
    assert_eq!(variable.opcode, Op::Variable);
    // Untyped pointers: the variable is an OpUntypedVariableKHR, which spirv-val does not
    // take there: DebugInfoNone instead, and no DebugDeclare (the output stays valid).
    let [_, untyped] = typed_and_untyped(KERNEL, "", "debug_info_untyped");
    let insts = debug_insts(&untyped);
    let d = defs(&untyped);
    let globals = with_number(&insts, GLOBAL_VARIABLE);
    let variable = d
        .get(&id(&globals[0][7]))
        .unwrap_or_else(|| panic!("no def"));
    assert_eq!(
        variable.operands.get(1),
        Some(&Operand::Word(0)),
        "DebugInfoNone"
    );
    assert!(with_number(&insts, DECLARE).is_empty());
}

#[test]
fn debug_info_can_be_dropped() {
    let options = TranslateOptions {
        debug_info: DebugInfoFormat::None,
        ..TranslateOptions::default()
    };
    let m = translate_text(KERNEL, &options);
    assert!(debug_insts(&m).is_empty());
    assert!(!m.instructions().any(|i| i.opcode == Op::Line
        || (i.opcode == Op::ExtInstImport
            && i.operands.first().and_then(Operand::string) == Some("OpenCL.DebugInfo.100"))));
    spirv_val(&m, "debug_info_dropped");
}

#[test]
fn unsupported_types_and_scopes_stay_valid() {
    // A void pointer, a vector of 8 (wider than DebugTypeVector allows), a flexible array,
    // a typedef of a struct, a block-file with a discriminator: each has a valid form.
    let src = r#"
target triple = "spir64-unknown-unknown"

define spir_func void @f(ptr %p) !dbg !10 {
entry:
    #dbg_value(ptr %p, !20, !DIExpression(), !40)
    #dbg_value(ptr %p, !21, !DIExpression(), !40)
    #dbg_value(ptr %p, !22, !DIExpression(), !40)
    #dbg_value(ptr %p, !23, !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed), !40)
  ret void, !dbg !41
}

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "f.cl", directory: "/src")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!6 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 256, flags: DIFlagVector, elements: !7)
!7 = !{!8}
!8 = !DISubrange(count: 8)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, elements: !11)
!11 = !{!12}
!12 = !DISubrange(count: -1)
!13 = !DIDerivedType(tag: DW_TAG_typedef, name: "T", file: !1, line: 1, baseType: !14)
!14 = !DICompositeType(tag: DW_TAG_structure_type, name: "U", file: !1, line: 1, size: 32, elements: !15)
!15 = !{}
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !16, spFlags: DISPFlagDefinition, unit: !0)
!16 = !DISubroutineType(types: !17)
!17 = !{null, !5}
!20 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 1, type: !5)
!21 = !DILocalVariable(name: "v", scope: !30, file: !1, line: 2, type: !6)
!22 = !DILocalVariable(name: "a", scope: !30, file: !1, line: 2, type: !9)
!23 = !DILocalVariable(name: "t", scope: !30, file: !1, line: 2, type: !13)
!30 = !DILexicalBlockFile(scope: !10, file: !1, discriminator: 2)
!40 = !DILocation(line: 2, column: 1, scope: !30)
!41 = !DILocation(line: 3, column: 1, scope: !10)
"#;
    let [m, _] = typed_and_untyped(src, "", "debug_info_fallbacks");
    let insts = debug_insts(&m);
    // The block-file is its function's scope; no DebugLexicalBlockDiscriminator.
    assert!(with_number(&insts, 22).is_empty());
    // The vector of 8 is an array; no DebugTypeVector.
    assert!(with_number(&insts, 6).is_empty());
    // DW_OP_LLVM_convert has no DebugOperation: that DebugValue is left out.
    assert_eq!(with_number(&insts, VALUE).len(), 3);
}

#[test]
fn bitcode_debug_records_are_kept() {
    // The clang-22 `-g` bitcode of the LLVM reader's tests: its records reach SPIR-V.
    let dir = spirvkit_test_support::workspace_root().join("crates/llvm/tests/data");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{e}")) {
        let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !(name.starts_with("debug_kernel") && name.ends_with(".bc")) {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
        let llvm = spirvkit_llvm::read_bitcode(&bytes, name).unwrap_or_else(|e| panic!("{e}"));
        let m = translate(&llvm, &TranslateOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("debug_info_{name}"));
        let insts = debug_insts(&m);
        assert_eq!(with_number(&insts, COMPILATION_UNIT).len(), 1, "{name}");
        assert!(!with_number(&insts, FUNCTION).is_empty(), "{name}");
        seen += 1;
    }
    assert!(seen > 0, "no debug_kernel*.bc in {}", dir.display());
}

#[test]
fn parallel_translation_is_the_same() {
    // The forks of the parallel translation read the debug ids declared before them: the
    // result is the sequential one, word for word.
    let plan = spirvkit_spir::ParallelPlan::EVERY_FUNCTION_A_CHUNK;
    let dir = spirvkit_test_support::workspace_root().join("crates/llvm/tests/data");
    let mut modules =
        vec![spirvkit_llvm::parse_text(KERNEL, "k.ll").unwrap_or_else(|e| panic!("{e}"))];
    for name in [
        "debug_kernel.bc",
        "debug_kernel22.bc",
        "debug_kernel_typed.bc",
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{e}"));
        modules.push(spirvkit_llvm::read_bitcode(&bytes, name).unwrap_or_else(|e| panic!("{e}")));
    }
    let words = |llvm: &spirvkit_llvm::Module, debug_info, parallel: bool| {
        let options = TranslateOptions {
            debug_info,
            ..TranslateOptions::default()
        };
        let m = if parallel {
            spirvkit_spir::translate_with_plan(llvm, &options, plan)
        } else {
            translate(llvm, &options)
        };
        m.unwrap_or_else(|e| panic!("{e}")).to_words()
    };
    for (i, llvm) in modules.iter().enumerate() {
        // Without debug info too: debug_kernel22.bc's forks each needed the same constant
        // expression (an OpSpecConstantOp Bitcast of a global), which folding them back used
        // to keep once per fork.
        for debug in [DebugInfoFormat::None, DebugInfoFormat::OpenClDebugInfo100] {
            assert!(
                words(llvm, debug, true) == words(llvm, debug, false),
                "module {i} ({debug:?}): the parallel translation differs"
            );
        }
    }
}

#[test]
fn inheritance_of_a_derived_class() {
    // C++ for OpenCL: `struct Derived : Base { float b; }` → DebugTypeInheritance (child,
    // parent composite, offset, size) listed among Derived's members.
    let src = r#"
target triple = "spir64-unknown-unknown"

%struct.Derived = type { i32, float }

define spir_func void @f() !dbg !10 {
entry:
  %d = alloca %struct.Derived, align 4
    #dbg_declare(ptr %d, !20, !DIExpression(), !40)
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "c.clcpp", directory: "/src")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!6 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Base", file: !1, line: 1, size: 32, elements: !7, identifier: "_ZTS4Base")
!7 = !{!8}
!8 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !6, file: !1, line: 1, baseType: !4, size: 32)
!9 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Derived", file: !1, line: 2, size: 64, elements: !11, identifier: "_ZTS7Derived")
!11 = !{!12, !13}
!12 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !9, baseType: !6, extraData: i32 0)
!13 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !9, file: !1, line: 2, baseType: !5, size: 32, offset: 32)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 3, type: !14, spFlags: DISPFlagDefinition, unit: !0)
!14 = !DISubroutineType(types: !15)
!15 = !{null}
!20 = !DILocalVariable(name: "d", scope: !10, file: !1, line: 4, type: !9)
!40 = !DILocation(line: 4, column: 11, scope: !10)
"#;
    let [m, _] = typed_and_untyped(src, "", "debug_info_inheritance");
    let insts = debug_insts(&m);
    let inheritance = with_number(&insts, 12);
    assert_eq!(inheritance.len(), 1);
    let composites = &insts
        .iter()
        .filter(|(n, _, _)| *n == TYPE_COMPOSITE)
        .map(|(_, o, i)| (o, i.result_id))
        .collect::<Vec<_>>();
    let derived = composites
        .iter()
        .find(|(o, _)| string_of(&m, &o[0]) == "Derived")
        .unwrap_or_else(|| panic!("no Derived"));
    let base = composites
        .iter()
        .find(|(o, _)| string_of(&m, &o[0]) == "Base")
        .unwrap_or_else(|| panic!("no Base"));
    assert_eq!(Some(id(&inheritance[0][0])), derived.1);
    assert_eq!(Some(id(&inheritance[0][1])), base.1);
    // C++: OpenCL_CPP.
    assert_eq!(
        with_number(&insts, COMPILATION_UNIT)[0][3],
        Operand::Word(4)
    );
}
