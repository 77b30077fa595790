//! LLVM debug info → OpenCL.DebugInfo.100 (`forward/debug_info/`): what is emitted for a
//! `-g` module, and spirv-val 2025.5 accepting it (typed and untyped SPIR-V pointers).

mod common;
use common::{defs, id, spirv_val, translate_with, typed_and_untyped};
use spirvkit_core::{Id, Instruction, Module, Operand};
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
        for debug in [
            DebugInfoFormat::None,
            DebugInfoFormat::OpenClDebugInfo100,
            DebugInfoFormat::NonSemanticShader100,
            DebugInfoFormat::NonSemanticShader200,
        ] {
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

// ---- Session 15 (nonsemantic15): NonSemantic.Shader.DebugInfo.100 / .200, legacy, and the
// OpenCL.DebugInfo.100 constructs debuginfo14 left out. ----

/// NonSemantic.Shader.DebugInfo.100 instruction numbers used below (the set's own).
const NS_FUNCTION_DEFINITION: u32 = 101;
const NS_SOURCE_CONTINUED: u32 = 102;
const NS_LINE: u32 = 103;
const NS_BUILD_IDENTIFIER: u32 = 105;
const NS_STORAGE_PATH: u32 = 106;
const NS_ENTRY_POINT: u32 = 107;
/// llvm-spirv's NonSemantic.Shader.DebugInfo.200 DebugTypeSubrange.
const NS_TYPE_SUBRANGE: u32 = 201;
const TYPE_INHERITANCE: u32 = 12;
const TYPE_TEMPLATE: u32 = 14;
const TYPE_TEMPLATE_PARAMETER: u32 = 15;
const MACRO_DEF: u32 = 32;
const MACRO_UNDEF: u32 = 33;
const IMPORTED_ENTITY: u32 = 34;
const INLINED_AT: u32 = 25;

/// `src` translated with `format`, typed and with `+SPV_KHR_untyped_pointers`, both checked
/// by spirv-val.
fn translate_format(src: &str, format: DebugInfoFormat, tag: &str) -> [Module; 2] {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").unwrap_or_else(|e| panic!("{e}"));
    ["", "+SPV_KHR_untyped_pointers"].map(|ext| {
        let mut options = TranslateOptions {
            debug_info: format,
            ..TranslateOptions::default()
        };
        options
            .apply_extension_list(ext)
            .unwrap_or_else(|e| panic!("{e}"));
        let m = translate(&llvm, &options).unwrap_or_else(|e| panic!("{tag}: {e}"));
        spirv_val(&m, &format!("{tag}_{}", ext.len()));
        m
    })
}

/// The instructions of the debug set named `set` (OpExtInst and
/// OpExtInstWithForwardRefsKHR): number, operands after the set and number, instruction.
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

/// The value of the 32-bit OpConstant an operand names.
fn constant(m: &Module, op: &Operand) -> u32 {
    let d = defs(m);
    let inst = d
        .get(&id(op))
        .unwrap_or_else(|| panic!("{op:?} is not defined"));
    assert_eq!(inst.opcode, Op::Constant, "{op:?} is no OpConstant");
    inst.operands[0].word().unwrap_or_default()
}

fn has_extension(m: &Module, name: &str) -> bool {
    common::extensions(m).iter().any(|e| e == name)
}

const NS100: DebugInfoFormat = DebugInfoFormat::NonSemanticShader100;
const NS200: DebugInfoFormat = DebugInfoFormat::NonSemanticShader200;
const NS100_NAME: &str = "NonSemantic.Shader.DebugInfo.100";
const NS200_NAME: &str = "NonSemantic.Shader.DebugInfo.200";

#[test]
fn non_semantic_100_literals_are_constants() {
    for m in translate_format(KERNEL, NS100, "ns100_constants") {
        assert!(has_extension(&m, "SPV_KHR_non_semantic_info"));
        let insts = set_insts(&m, NS100_NAME);
        let unit = with_number(&insts, COMPILATION_UNIT)[0];
        // Version, DWARF version, language: ids of OpConstants (65536, 5, OpenCL_C).
        assert_eq!(constant(&m, &unit[0]), 65536);
        assert_eq!(constant(&m, &unit[1]), 5);
        assert_eq!(constant(&m, &unit[3]), 3);
        assert_eq!(unit.len(), 4);
        // DebugTypeBasic has a 4th (flags) operand; encoding a constant (signed: 4).
        let int = with_number(&insts, TYPE_BASIC)
            .into_iter()
            .find(|o| string_of(&m, &o[0]) == "int")
            .unwrap_or_else(|| panic!("no int"));
        assert_eq!(int.len(), 4);
        assert_eq!(constant(&m, &int[2]), 4);
        // DebugTypePointer: storage class CrossWorkgroup (5) as a constant.
        let pointer = with_number(&insts, TYPE_POINTER)[0];
        assert_eq!(constant(&m, &pointer[1]), 5);
        // DebugOperation opcodes are constants (constu 0, swap, xderef).
        let ops: Vec<u32> = with_number(&insts, OPERATION)
            .iter()
            .map(|o| constant(&m, &o[0]))
            .collect();
        // (Untyped pointers: then the deref forms of the two declares' expressions, which
        // stand for DebugDeclares of OpUntypedVariableKHRs.)
        assert!(
            ops == [8, 5, 6] || ops == [8, 5, 6, 0, 8, 5, 6, 0],
            "{ops:?}"
        );
        // A parameter's arg number is a constant too.
        let out = with_number(&insts, LOCAL_VARIABLE)
            .into_iter()
            .find(|o| string_of(&m, &o[0]) == "out")
            .unwrap_or_else(|| panic!("no out"));
        assert_eq!(constant(&m, &out[7]), 1);
        // No OpLine: DebugLine (source, line, line, column, column + 1).
        assert!(m.instructions().all(|i| i.opcode != Op::Line));
        let lines = with_number(&insts, NS_LINE);
        assert!(!lines.is_empty());
        let first = lines[0];
        assert_eq!(constant(&m, &first[1]), constant(&m, &first[2]));
        assert_eq!(constant(&m, &first[3]) + 1, constant(&m, &first[4]));
        let sources: Vec<_> = insts
            .iter()
            .filter(|(n, _, _)| *n == SOURCE)
            .map(|(_, _, i)| i.result_id)
            .collect();
        assert!(sources.contains(&Some(id(&first[0]))));
        // DebugBuildIdentifier ("0", flags 1) and DebugStoragePath, once.
        let build = with_number(&insts, NS_BUILD_IDENTIFIER);
        assert_eq!(build.len(), 1);
        assert_eq!(string_of(&m, &build[0][0]), "0");
        assert_eq!(constant(&m, &build[0][1]), 1);
        assert_eq!(with_number(&insts, NS_STORAGE_PATH).len(), 1);
    }
}

#[test]
fn non_semantic_function_definition_and_entry_point() {
    for m in translate_format(KERNEL, NS100, "ns100_function") {
        let insts = set_insts(&m, NS100_NAME);
        let (function, function_id) = insts
            .iter()
            .find(|(n, _, _)| *n == FUNCTION)
            .map(|(_, o, i)| (o, i.result_id))
            .unwrap_or_else(|| panic!("no DebugFunction"));
        // Name .. scope line: no Function operand (and no declaration here).
        assert_eq!(function.len(), 9);
        // DebugFunctionDefinition inside the kernel's body names both.
        let definitions = with_number(&insts, NS_FUNCTION_DEFINITION);
        assert_eq!(definitions.len(), 1);
        assert_eq!(Some(id(&definitions[0][0])), function_id);
        let kernel = m
            .instructions()
            .find(|i| i.opcode == Op::Function)
            .and_then(|i| i.result_id);
        assert_eq!(Some(id(&definitions[0][1])), kernel);
        let position = |pred: &dyn Fn(&Instruction) -> bool| {
            m.instructions().position(pred).unwrap_or(usize::MAX)
        };
        let definition_at = position(&|i| {
            i.opcode == Op::ExtInst && i.operands.get(1) == Some(&Operand::Word(101))
        });
        assert!(position(&|i| i.opcode == Op::Label) < definition_at);
        // A kernel is a DebugEntryPoint of its compile unit, with the producer.
        let entry = with_number(&insts, NS_ENTRY_POINT);
        assert_eq!(entry.len(), 1);
        assert_eq!(Some(id(&entry[0][0])), function_id);
        assert_eq!(string_of(&m, &entry[0][2]), "clang");
    }
}

#[test]
fn non_semantic_200_set_and_additions() {
    for m in translate_format(KERNEL, NS200, "ns200") {
        assert!(has_extension(&m, "SPV_KHR_non_semantic_info"));
        let insts = set_insts(&m, NS200_NAME);
        // The compile unit names its producer.
        let unit = with_number(&insts, COMPILATION_UNIT)[0];
        assert_eq!(unit.len(), 5);
        assert_eq!(string_of(&m, &unit[4]), "clang");
        // Arrays count through DebugTypeSubrange (lower bound, upper bound, count: no
        // bounds, count 8; llvm-spirv's operand order).
        let subranges = with_number(&insts, NS_TYPE_SUBRANGE);
        assert!(subranges
            .iter()
            .any(|s| s.len() == 3 && constant(&m, &s[2]) == 8));
        let arrays = with_number(&insts, TYPE_ARRAY);
        let d = defs(&m);
        for a in arrays {
            let sub = d[&id(&a[1])];
            assert_eq!(sub.operands[1], Operand::Word(NS_TYPE_SUBRANGE));
        }
        // DebugFunction keeps llvm-spirv's DebugInfoNone declaration slot.
        let function = with_number(&insts, FUNCTION)[0];
        assert_eq!(function.len(), 10);
        assert_eq!(with_number(&insts, NS_FUNCTION_DEFINITION).len(), 1);
        assert!(!with_number(&insts, NS_LINE).is_empty());
    }
}

/// A structure with a pointer to itself, an inlined call and a namespace.
const RECURSIVE: &str = r#"
target triple = "spir64-unknown-unknown"

%struct.Node = type { i32, ptr }

define spir_kernel void @k(ptr addrspace(1) %out) !dbg !10 {
entry:
  %n = alloca %struct.Node, align 8
    #dbg_declare(ptr %n, !20, !DIExpression(), !40)
  store i32 1, ptr addrspace(1) %out, align 4, !dbg !41
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "n.clcpp", directory: "/src")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !DINamespace(name: "geo", scope: null, exportSymbols: true)
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Node", scope: !3, file: !1, line: 1, size: 128, elements: !6, identifier: "_ZTSN3geo4NodeE")
!6 = !{!7, !8}
!7 = !DIDerivedType(tag: DW_TAG_member, name: "v", scope: !5, file: !1, line: 1, baseType: !4, size: 32)
!8 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !5, file: !1, line: 1, baseType: !9, size: 64, offset: 64)
!9 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 64)
!10 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null}
!13 = distinct !DISubprogram(name: "set", scope: !3, file: !1, line: 2, type: !11, scopeLine: 2, spFlags: DISPFlagDefinition, unit: !0)
!20 = !DILocalVariable(name: "n", scope: !10, file: !1, line: 4, type: !5)
!40 = !DILocation(line: 4, column: 8, scope: !10)
!41 = !DILocation(line: 2, column: 30, scope: !13, inlinedAt: !40)
"#;

#[test]
fn non_semantic_members_first_and_forward_references() {
    // .100: members name no parent and are written before their structure; the pointer back
    // to the structure is the one forward reference, an OpExtInstWithForwardRefsKHR.
    for m in translate_format(RECURSIVE, NS100, "ns100_recursive") {
        assert!(has_extension(&m, "SPV_KHR_relaxed_extended_instruction"));
        let insts = set_insts(&m, NS100_NAME);
        for member in with_number(&insts, TYPE_MEMBER) {
            assert_eq!(
                member.len(),
                8,
                "name, type, source, line, column, offset, size, flags"
            );
        }
        let forward: Vec<_> = insts
            .iter()
            .filter(|(_, _, i)| i.opcode == Op::ExtInstWithForwardRefsKHR)
            .map(|(n, _, _)| *n)
            .collect();
        assert_eq!(forward, [TYPE_POINTER]);
        // The inlined-at location: line only in .100.
        let inlined = with_number(&insts, INLINED_AT);
        assert_eq!(inlined.len(), 1);
        assert_eq!(inlined[0].len(), 2);
        assert_eq!(constant(&m, &inlined[0][0]), 4);
    }
    // .200: spirv-val knows no forward reference in it: the pointer back is the unspecified
    // type, no forward-reference instruction. The inlined-at has a column; the namespace
    // says it is inline.
    for m in translate_format(RECURSIVE, NS200, "ns200_recursive") {
        assert!(m
            .instructions()
            .all(|i| i.opcode != Op::ExtInstWithForwardRefsKHR));
        let insts = set_insts(&m, NS200_NAME);
        let inlined = with_number(&insts, INLINED_AT);
        assert_eq!(inlined[0].len(), 3);
        assert_eq!(constant(&m, &inlined[0][1]), 8);
        let namespace = with_number(&insts, LEXICAL_BLOCK)
            .into_iter()
            .find(|o| o.len() == 6)
            .unwrap_or_else(|| panic!("no namespace"));
        assert_eq!(string_of(&m, &namespace[4]), "geo");
        let d = defs(&m);
        assert_eq!(d[&id(&namespace[5])].opcode, Op::ConstantTrue);
        // C++14 in llvm-spirv's .200 numbering.
        let unit = with_number(&insts, COMPILATION_UNIT)[0];
        assert_eq!(constant(&m, &unit[3]), 114);
    }
}

#[test]
fn non_semantic_long_source_is_continued() {
    // A source text longer than one OpString: DebugSource holds the first piece, then
    // DebugSourceContinued pieces (OpenCL.DebugInfo.100 leaves such a text out).
    let text = "x".repeat(600_000);
    let src = KERNEL_INTRINSICS.replace("kernel void k(global int *out) { *out += 1; }", &text);
    for m in translate_format(&src, NS100, "ns100_continued") {
        let insts = set_insts(&m, NS100_NAME);
        let source = with_number(&insts, SOURCE)[0];
        let continued = with_number(&insts, NS_SOURCE_CONTINUED);
        assert_eq!(continued.len(), 2);
        let total = string_of(&m, &source[1]).len()
            + continued
                .iter()
                .map(|c| string_of(&m, &c[0]).len())
                .sum::<usize>();
        assert_eq!(total, text.len());
    }
    let [m, _] = translate_format(&src, DebugInfoFormat::OpenClDebugInfo100, "ocl_long_source");
    let insts = set_insts(&m, "OpenCL.DebugInfo.100");
    assert_eq!(with_number(&insts, SOURCE)[0].len(), 1);
}

#[test]
fn legacy_is_open_cl_debug_info_under_its_registered_name() {
    // llvm-spirv writes the OpenCL.DebugInfo.100 instructions as `SPIRV.debug`, a set
    // spirv-val refuses: the same words under the registered name.
    let llvm = spirvkit_llvm::parse_text(KERNEL, "k.ll").unwrap_or_else(|e| panic!("{e}"));
    let words = |debug_info| {
        let options = TranslateOptions {
            debug_info,
            ..TranslateOptions::default()
        };
        translate(&llvm, &options)
            .unwrap_or_else(|e| panic!("{e}"))
            .to_words()
    };
    assert_eq!(
        words(DebugInfoFormat::Legacy),
        words(DebugInfoFormat::OpenClDebugInfo100)
    );
    translate_format(KERNEL, DebugInfoFormat::Legacy, "legacy");
}

/// C++ for OpenCL: a derived class with a static member, a class template, `using`
/// directives and macros.
const CPP: &str = r#"
target triple = "spir64-unknown-unknown"

%struct.D = type { i32, float }
%struct.Box = type { [4 x float] }

@_ZN1D1kE = addrspace(1) constant i32 4, align 4, !dbg !50

define spir_func void @f() !dbg !10 {
entry:
  %d = alloca %struct.D, align 4
  %b = alloca %struct.Box, align 4
    #dbg_declare(ptr %d, !20, !DIExpression(), !40)
    #dbg_declare(ptr %b, !21, !DIExpression(), !40)
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", emissionKind: FullDebug, globals: !49, imports: !60, macros: !70)
!1 = !DIFile(filename: "c.clcpp", directory: "/src")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !DINamespace(name: "geo", scope: null)
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!6 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "B", file: !1, line: 1, size: 32, elements: !7, identifier: "_ZTS1B")
!7 = !{!8}
!8 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !6, file: !1, line: 1, baseType: !4, size: 32)
!9 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "D", file: !1, line: 2, size: 64, elements: !11, identifier: "_ZTS1D")
!11 = !{!12, !13, !14}
!12 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !9, baseType: !6, extraData: i32 0)
!13 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !9, file: !1, line: 2, baseType: !5, size: 32, offset: 32)
!14 = !DIDerivedType(tag: DW_TAG_variable, name: "k", scope: !9, file: !1, line: 2, baseType: !15, flags: DIFlagStaticMember, extraData: i32 4)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !4)
!16 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Box<float, 4>", scope: !3, file: !1, line: 3, size: 128, elements: !17, templateParams: !30, identifier: "_ZTSN3geo3BoxIfLi4EEE")
!17 = !{!18}
!18 = !DIDerivedType(tag: DW_TAG_member, name: "items", scope: !16, file: !1, line: 3, baseType: !19, size: 128)
!19 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 128, elements: !22)
!22 = !{!23}
!23 = !DISubrange(count: 4)
!30 = !{!31, !32}
!31 = !DITemplateTypeParameter(name: "T", type: !5)
!32 = !DITemplateValueParameter(name: "N", type: !4, value: i32 4)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 5, type: !24, spFlags: DISPFlagDefinition, unit: !0)
!24 = !DISubroutineType(types: !25)
!25 = !{null}
!20 = !DILocalVariable(name: "d", scope: !10, file: !1, line: 6, type: !9)
!21 = !DILocalVariable(name: "b", scope: !10, file: !1, line: 7, type: !16)
!40 = !DILocation(line: 6, column: 5, scope: !10)
!49 = !{!51}
!50 = !DIGlobalVariableExpression(var: !51, expr: !DIExpression())
!51 = distinct !DIGlobalVariable(name: "k", linkageName: "_ZN1D1kE", scope: !0, file: !1, line: 4, type: !15, isLocal: false, isDefinition: true, declaration: !14)
!60 = !{!61, !62}
!61 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !3, file: !1, line: 8)
!62 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !0, entity: !10, file: !1, line: 9)
!70 = !{!71}
!71 = !DIMacroFile(file: !1, nodes: !72)
!72 = !{!73, !74, !75}
!73 = !DIMacro(type: DW_MACINFO_define, line: 1, name: "SCALE", value: "3")
!74 = !DIMacro(type: DW_MACINFO_define, line: 2, name: "EMPTY")
!75 = !DIMacro(type: DW_MACINFO_undef, line: 9, name: "SCALE")
"#;

/// Each OpenCL / NonSemantic format with its set name.
const FORMATS: [(DebugInfoFormat, &str); 3] = [
    (DebugInfoFormat::OpenClDebugInfo100, "OpenCL.DebugInfo.100"),
    (NS100, NS100_NAME),
    (NS200, NS200_NAME),
];

/// A literal operand's value in either encoding.
fn literal(m: &Module, op: &Operand) -> u32 {
    match op {
        Operand::Word(w) => *w,
        _ => constant(m, op),
    }
}

#[test]
fn imported_entities() {
    for (format, set) in FORMATS {
        for m in translate_format(CPP, format, &format!("imported_{set}")) {
            let insts = set_insts(&m, set);
            let imported = with_number(&insts, IMPORTED_ENTITY);
            assert_eq!(imported.len(), 2, "{set}");
            // Name, tag (module 0 / declaration 1), source, entity, line, column, parent.
            assert_eq!(imported[0].len(), 7);
            assert_eq!(literal(&m, &imported[0][1]), 0);
            assert_eq!(literal(&m, &imported[1][1]), 1);
            assert_eq!(literal(&m, &imported[0][4]), 8);
            let d = defs(&m);
            // The namespace's DebugLexicalBlock, the function's DebugFunction.
            assert_eq!(
                d[&id(&imported[0][3])].operands[1],
                Operand::Word(LEXICAL_BLOCK)
            );
            assert_eq!(d[&id(&imported[1][3])].operands[1], Operand::Word(FUNCTION));
        }
    }
}

#[test]
fn macros_define_and_undef() {
    for (format, set) in FORMATS {
        for m in translate_format(CPP, format, &format!("macros_{set}")) {
            let insts = set_insts(&m, set);
            let defs_ = insts
                .iter()
                .filter(|(n, _, _)| *n == MACRO_DEF)
                .map(|(_, o, i)| (o, i.result_id))
                .collect::<Vec<_>>();
            assert_eq!(defs_.len(), 2, "{set}");
            // Source, line, name, value (none for EMPTY).
            assert_eq!(string_of(&m, &defs_[0].0[2]), "SCALE");
            assert_eq!(string_of(&m, &defs_[0].0[3]), "3");
            assert_eq!(defs_[1].0.len(), 3);
            let undef = with_number(&insts, MACRO_UNDEF);
            assert_eq!(undef.len(), 1);
            assert_eq!(literal(&m, &undef[0][1]), 9);
            assert_eq!(
                Some(id(&undef[0][2])),
                defs_[0].1,
                "names SCALE's definition"
            );
        }
    }
}

#[test]
fn template_parameters() {
    for (format, set) in FORMATS {
        for m in translate_format(CPP, format, &format!("template_{set}")) {
            let insts = set_insts(&m, set);
            let templates = with_number(&insts, TYPE_TEMPLATE);
            assert_eq!(templates.len(), 1, "{set}");
            let d = defs(&m);
            let target = d[&id(&templates[0][0])];
            assert_eq!(target.operands[1], Operand::Word(TYPE_COMPOSITE));
            let params = with_number(&insts, TYPE_TEMPLATE_PARAMETER);
            assert_eq!(params.len(), 2);
            assert_eq!(string_of(&m, &params[0][0]), "T");
            // A type parameter has no value; N's value is 4.
            assert_eq!(d[&id(&params[0][2])].operands[1], Operand::Word(0));
            assert_eq!(constant(&m, &params[1][2]), 4);
            // The variable of the template's type names the DebugTypeTemplate.
            let b = with_number(&insts, LOCAL_VARIABLE)
                .into_iter()
                .find(|o| string_of(&m, &o[0]) == "b")
                .unwrap_or_else(|| panic!("no b"));
            assert_eq!(d[&id(&b[1])].operands[1], Operand::Word(TYPE_TEMPLATE));
        }
    }
}

#[test]
fn static_member_and_its_definition() {
    for (format, set) in FORMATS {
        for m in translate_format(CPP, format, &format!("static_{set}")) {
            let insts = set_insts(&m, set);
            let (member, member_id) = insts
                .iter()
                .filter(|(n, _, _)| *n == TYPE_MEMBER)
                .find(|(_, o, _)| string_of(&m, &o[0]) == "k")
                .map(|(_, o, i)| (o, i.result_id))
                .unwrap_or_else(|| panic!("{set}: no static member"));
            // Flags with StaticMember (0x200), then its value 4.
            let flags_at = member.len() - 2;
            assert_ne!(literal(&m, &member[flags_at]) & 0x200, 0);
            assert_eq!(constant(&m, &member[flags_at + 1]), 4);
            // The global's definition names the member as its declaration.
            let global = with_number(&insts, GLOBAL_VARIABLE)[0];
            assert_eq!(global.len(), 10);
            assert_eq!(Some(id(&global[9])), member_id);
        }
    }
}

#[test]
fn inheritance_per_format() {
    // OpenCL.DebugInfo.100: child and parent; .200: parent only (the composite lists it);
    // .100: left out (spirv-val 2025.5 reads its operands as OpenCL's and refuses it).
    for (format, set) in FORMATS {
        let [m, _] = translate_format(CPP, format, &format!("inheritance_{set}"));
        let insts = set_insts(&m, set);
        let inheritance = with_number(&insts, TYPE_INHERITANCE);
        match format {
            DebugInfoFormat::OpenClDebugInfo100 => assert_eq!(inheritance[0].len(), 5),
            DebugInfoFormat::NonSemanticShader200 => assert_eq!(inheritance[0].len(), 4),
            _ => assert!(inheritance.is_empty()),
        }
    }
}

#[test]
fn non_semantic_200_expression_operations() {
    // .200 has the DWARF operations past LLVM_fragment (llvm-spirv writes them there only):
    // lit0 (46), LLVM_convert (10, size and DWARF encoding), consts with a negative operand
    // (20). OpenCL.DebugInfo.100 and .100 leave these records out.
    let src = r#"
target triple = "spir64-unknown-unknown"

define spir_func i32 @f(i32 %a) !dbg !10 {
entry:
  %b = add i32 %a, 1, !dbg !40
    #dbg_value(i32 0, !20, !DIExpression(DW_OP_lit0, DW_OP_stack_value), !40)
    #dbg_value(i32 %b, !21, !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_stack_value), !40)
    #dbg_value(i32 %b, !22, !DIExpression(DW_OP_consts, 18446744073709551615, DW_OP_stack_value), !40)
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
!40 = !DILocation(line: 2, column: 3, scope: !10)
"#;
    for m in translate_format(src, NS200, "ns200_expressions") {
        let insts = set_insts(&m, NS200_NAME);
        assert_eq!(with_number(&insts, VALUE).len(), 3);
        let ops: Vec<Vec<u32>> = with_number(&insts, OPERATION)
            .iter()
            .map(|o| o.iter().map(|x| constant(&m, x)).collect())
            .collect();
        assert!(ops.contains(&vec![46]), "lit0: {ops:?}");
        assert!(
            ops.contains(&vec![10, 32, 5]),
            "convert to a signed 32-bit: {ops:?}"
        );
        assert!(ops.contains(&vec![20, u32::MAX]), "consts -1: {ops:?}");
    }
    for (format, set) in [
        (DebugInfoFormat::OpenClDebugInfo100, "OpenCL.DebugInfo.100"),
        (NS100, NS100_NAME),
    ] {
        let [m, _] = translate_format(src, format, &format!("expressions_{set}"));
        let insts = set_insts(&m, set);
        assert!(with_number(&insts, VALUE).is_empty(), "{set}");
    }
}

#[test]
fn pointer_to_member() {
    // `int S::*` → DebugTypePtrToMember (member type, class), every format.
    let src = r#"
target triple = "spir64-unknown-unknown"

define spir_func void @f() !dbg !10 {
entry:
  %p = alloca i64, align 8
    #dbg_declare(ptr %p, !20, !DIExpression(), !40)
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "p.clcpp", directory: "/src")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !1, line: 1, size: 32, elements: !6, identifier: "_ZTS1S")
!6 = !{!7}
!7 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !5, file: !1, line: 1, baseType: !4, size: 32)
!8 = !DIDerivedType(tag: DW_TAG_ptr_to_member_type, baseType: !4, size: 64, extraData: !5)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 2, type: !11, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null}
!20 = !DILocalVariable(name: "p", scope: !10, file: !1, line: 3, type: !8)
!40 = !DILocation(line: 3, column: 9, scope: !10)
"#;
    for (format, set) in FORMATS {
        for m in translate_format(src, format, &format!("ptr_to_member_{set}")) {
            let insts = set_insts(&m, set);
            let pointers = with_number(&insts, 13);
            assert_eq!(pointers.len(), 1, "{set}");
            let d = defs(&m);
            assert_eq!(
                d[&id(&pointers[0][0])].operands[1],
                Operand::Word(TYPE_BASIC)
            );
            assert_eq!(
                d[&id(&pointers[0][1])].operands[1],
                Operand::Word(TYPE_COMPOSITE)
            );
        }
    }
}

#[test]
fn debug_info_output_translates_back() {
    // `translate -r` of a module with debug info: the debug instructions in bodies are
    // dropped (before, the first DebugScope refused the module: "extended instruction set
    // other than OpenCL.std").
    for (format, set) in FORMATS {
        for m in translate_format(RECURSIVE, format, &format!("reverse_{set}")) {
            let back = spirvkit_spir::reverse::reverse(m, &Default::default())
                .unwrap_or_else(|e| panic!("{set}: {e}"));
            assert!(back.functions.iter().any(|f| f.name == "k"), "{set}");
        }
    }
}

#[test]
fn a_class_template_base_is_inherited_through_its_composite() {
    // `class bar : public foo<void>` (llvm-spirv's template-recursive-void test, t7/018): the
    // base's DebugTypeTemplate wraps its DebugTypeComposite; DebugTypeInheritance names the
    // composite, which is what spirv-val accepts as the parent.
    let src = r#"
target triple = "spir64-unknown-unknown"

define spir_func void @f() !dbg !10 {
entry:
  %b = alloca i8, align 1
    #dbg_declare(ptr %b, !20, !DIExpression(), !40)
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!50}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "t.cpp", directory: "/src")
!3 = !DICompositeType(tag: DW_TAG_class_type, name: "bar", file: !1, line: 9, size: 8, elements: !4)
!4 = !{!5}
!5 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !3, baseType: !6, flags: DIFlagPublic)
!6 = !DICompositeType(tag: DW_TAG_class_type, name: "foo<void>", file: !1, line: 5, size: 8, elements: !7, templateParams: !8)
!7 = !{}
!8 = !{!9}
!9 = !DITemplateTypeParameter(name: "T", type: null)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 12, type: !11, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null}
!20 = !DILocalVariable(name: "b", scope: !10, file: !1, line: 13, type: !3)
!40 = !DILocation(line: 13, column: 7, scope: !10)
!50 = !{i32 2, !"Debug Info Version", i32 3}
"#;
    for (format, set) in FORMATS {
        let [m, _] = translate_format(src, format, &format!("template_base_{set}"));
        let insts = set_insts(&m, set);
        let composites: Vec<Id> = insts
            .iter()
            .filter(|(n, _, _)| *n == TYPE_COMPOSITE)
            .filter_map(|(_, _, i)| i.result_id)
            .collect();
        let inheritance = with_number(&insts, TYPE_INHERITANCE);
        if format == DebugInfoFormat::NonSemanticShader100 {
            // Left out of .100 (spirv-val 2025.5 refuses its operands, see above).
            assert!(inheritance.is_empty());
            continue;
        }
        assert_eq!(inheritance.len(), 1, "{set}");
        // The parent: the second operand in OpenCL.DebugInfo.100 (after the child), the
        // first in .200.
        let parent = match format {
            DebugInfoFormat::OpenClDebugInfo100 => &inheritance[0][1],
            _ => &inheritance[0][0],
        };
        assert!(
            parent.id().is_some_and(|p| composites.contains(&p)),
            "{set}: the parent {parent:?} is not a DebugTypeComposite ({composites:?})"
        );
    }
}

/// Session 16: `!DIArgList` values, `#dbg_label`, declares of untyped variables.
const ARG_LISTS: &str = r#"
target triple = "spir64-unknown-unknown"

define spir_func i32 @f(i32 %a, i32 %b) !dbg !10 {
entry:
  %s = add i32 %a, %b, !dbg !40
    #dbg_value(!DIArgList(i32 %s), !20, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_plus_uconst, 1, DW_OP_stack_value), !40)
    #dbg_value(!DIArgList(i32 %a, i32 %b), !21, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !40)
    #dbg_label(!30, !40)
  ret i32 %s, !dbg !40
}

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "a.cl", directory: "/src")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !11, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!11 = !DISubroutineType(types: !12)
!12 = !{!4, !4, !4}
!13 = !{!20, !21, !30}
!20 = !DILocalVariable(name: "one", scope: !10, file: !1, line: 2, type: !4)
!21 = !DILocalVariable(name: "two", scope: !10, file: !1, line: 3, type: !4)
!30 = !DILabel(scope: !10, name: "done", file: !1, line: 4)
!40 = !DILocation(line: 2, column: 3, scope: !10)
"#;

/// The DebugOperations (number and literals) of a DebugExpression.
fn expression_operations(m: &Module, expression: &Operand) -> Vec<Vec<u32>> {
    let d = defs(m);
    d[&id(expression)].operands[2..]
        .iter()
        .map(|op| {
            d[&id(op)].operands[2..]
                .iter()
                .map(|x| literal(m, x))
                .collect()
        })
        .collect()
}

#[test]
fn arg_list_values_per_format() {
    // One value: that value; in .200 its expression keeps DW_OP_LLVM_arg (llvm-spirv's
    // DebugOperation 165), elsewhere the leading `DW_OP_LLVM_arg 0` is left out (the same
    // expression of the plain value). Several values: an OpUndef of the first one's type with
    // the empty expression, in every format (llvm-spirv's form).
    for (format, set) in FORMATS {
        for m in translate_format(ARG_LISTS, format, &format!("arg_list_{set}")) {
            let insts = set_insts(&m, set);
            let values = with_number(&insts, VALUE);
            assert_eq!(values.len(), 2, "{set}");
            let d = defs(&m);
            assert_eq!(d[&id(&values[0][1])].opcode, Op::IAdd, "{set}");
            let ops = expression_operations(&m, &values[0][2]);
            if format == NS200 {
                assert_eq!(ops, vec![vec![165, 0], vec![3, 1], vec![7]], "{set}");
            } else {
                assert_eq!(ops, vec![vec![3, 1], vec![7]], "{set}");
            }
            assert_eq!(d[&id(&values[1][1])].opcode, Op::Undef, "{set}");
            assert!(expression_operations(&m, &values[1][2]).is_empty(), "{set}");
        }
    }
}

#[test]
fn arg_list_of_the_intrinsic_form() {
    // `llvm.dbg.value(metadata !DIArgList(...))` (clang before LLVM 19), typed pointers: the
    // same DebugValues as the records.
    let src = r#"
target triple = "spir64-unknown-unknown"

define spir_func void @f() !dbg !10 {
entry:
  %x = alloca i32, align 4
  call void @llvm.dbg.value(metadata !DIArgList(i32* %x), metadata !20, metadata !DIExpression(DW_OP_LLVM_arg, 0)), !dbg !40
  call void @llvm.dbg.value(metadata !DIArgList(i32* %x, i32* %x), metadata !20, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus)), !dbg !40
  call void @llvm.dbg.label(metadata !30), !dbg !40
  store i32 42, i32* %x, align 4
  ret void
}

declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "a.cpp", directory: "/src")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 3, type: !11, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null}
!20 = !DILocalVariable(name: "x", scope: !10, file: !1, line: 4, type: !4)
!30 = !DILabel(scope: !10, name: "l", file: !1, line: 5)
!40 = !DILocation(line: 1, column: 2, scope: !10)
"#;
    for (format, set) in FORMATS {
        let [m, _] = translate_format(src, format, &format!("arg_list_intrinsic_{set}"));
        let insts = set_insts(&m, set);
        let values = with_number(&insts, VALUE);
        assert_eq!(values.len(), 2, "{set}");
        let d = defs(&m);
        assert_eq!(d[&id(&values[0][1])].opcode, Op::Variable, "{set}");
        let first = expression_operations(&m, &values[0][2]);
        let want: Vec<Vec<u32>> = if format == NS200 {
            vec![vec![165, 0]]
        } else {
            vec![]
        };
        assert_eq!(first, want, "{set}");
        assert_eq!(d[&id(&values[1][1])].opcode, Op::Undef, "{set}");
    }
}

#[test]
fn labels_are_dropped() {
    // `#dbg_label` / `llvm.dbg.label` and their DILabel: no SPIR-V form (llvm-spirv drops
    // them too); the rest of the module's debug info stays, valid.
    for (format, set) in FORMATS {
        for m in translate_format(ARG_LISTS, format, &format!("labels_{set}")) {
            let insts = set_insts(&m, set);
            let done = m
                .instructions()
                .filter(|i| i.opcode == Op::String)
                .any(|i| i.operands.first().and_then(Operand::string) == Some("done"));
            assert!(!done, "{set}: the label's name is not written");
            assert_eq!(with_number(&insts, LOCAL_VARIABLE).len(), 2, "{set}");
        }
    }
}

#[test]
fn declare_of_an_untyped_variable_is_a_value_of_its_address() {
    // Under SPV_KHR_untyped_pointers an alloca is an OpUntypedVariableKHR, which spirv-val
    // refuses as DebugDeclare's variable: the declare is a DebugValue of that address with
    // DW_OP_deref in front of its expression (typed: the DebugDeclare as before).
    for (format, set) in FORMATS {
        let [typed, untyped] = translate_format(KERNEL, format, &format!("untyped_declare_{set}"));
        let insts = set_insts(&typed, set);
        assert_eq!(with_number(&insts, DECLARE).len(), 2, "{set}");
        let typed_values = with_number(&insts, VALUE).len();
        let insts = set_insts(&untyped, set);
        assert!(with_number(&insts, DECLARE).is_empty(), "{set}");
        let values = with_number(&insts, VALUE);
        assert_eq!(values.len(), typed_values + 2, "{set}");
        let d = defs(&untyped);
        let from_declares: Vec<_> = values
            .iter()
            .filter(|v| d[&id(&v[1])].opcode == Op::UntypedVariableKHR)
            .collect();
        assert_eq!(from_declares.len(), 2, "{set}");
        for v in from_declares {
            let ops = expression_operations(&untyped, &v[2]);
            assert_eq!(ops.first(), Some(&vec![0]), "{set}: deref first: {ops:?}");
        }
    }
}

#[test]
fn file_checksums_per_format() {
    // OpenCL.DebugInfo.100 (and legacy): the checksum as the `//__CSK_MD5:<hex>` text of
    // DebugSource; .200: Checksum Kind (MD5 0) and Checksum operands; .100: neither.
    let src = r#"
target triple = "spir64-unknown-unknown"

define spir_func void @f() !dbg !10 {
entry:
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "c.cl", directory: "/src", checksumkind: CSK_MD5, checksum: "7768106c1e51aa084de0ffae6fbe50c4")
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !11, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null}
!40 = !DILocation(line: 1, column: 2, scope: !10)
"#;
    let hex = "7768106c1e51aa084de0ffae6fbe50c4";
    for (format, set) in FORMATS {
        for m in translate_format(src, format, &format!("checksum_{set}")) {
            let insts = set_insts(&m, set);
            let source = with_number(&insts, SOURCE)[0];
            assert_eq!(string_of(&m, &source[0]), "/src/c.cl");
            match format {
                DebugInfoFormat::OpenClDebugInfo100 => {
                    assert_eq!(source.len(), 2);
                    assert_eq!(string_of(&m, &source[1]), format!("//__CSK_MD5:{hex}"));
                }
                NS100 => assert_eq!(source.len(), 1),
                _ => {
                    assert_eq!(source.len(), 3);
                    assert_eq!(constant(&m, &source[1]), 0);
                    assert_eq!(string_of(&m, &source[2]), hex);
                }
            }
        }
    }
}

/// Fortran: a dynamic array (data location and association as expressions), a subrange
/// bounded by a variable, a count-and-lower-bound subrange, a CHARACTER string type.
const FORTRAN: &str = r#"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k() !dbg !5 {
entry:
  %d = alloca [16 x i64], align 8
  %s = alloca [32 x i8], align 1
  %c = alloca [1000 x i32], align 4
    #dbg_declare(ptr %d, !8, !DIExpression(), !14)
    #dbg_declare(ptr %s, !30, !DIExpression(), !14)
    #dbg_declare(ptr %c, !40, !DIExpression(), !14)
  ret void, !dbg !14
}

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!2 = distinct !DICompileUnit(language: DW_LANG_Fortran95, file: !3, producer: "fortran", emissionKind: FullDebug)
!3 = !DIFile(filename: "t.f90", directory: "/src")
!5 = distinct !DISubprogram(name: "k", scope: !3, file: !3, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !2)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocalVariable(name: "pint", scope: !5, file: !3, line: 3, type: !10)
!10 = !DICompositeType(tag: DW_TAG_array_type, baseType: !11, elements: !12, dataLocation: !DIExpression(DW_OP_push_object_address, DW_OP_deref), associated: !DIExpression(DW_OP_push_object_address, DW_OP_deref, DW_OP_constu, 0, DW_OP_or))
!11 = !DIBasicType(name: "INTEGER*4", size: 32, encoding: DW_ATE_signed)
!12 = !{!13}
!13 = !DISubrange(lowerBound: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 64, DW_OP_deref), upperBound: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 48, DW_OP_deref), stride: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 56, DW_OP_deref))
!14 = !DILocation(line: 1, scope: !5)
!30 = !DILocalVariable(name: "name", scope: !5, file: !3, line: 4, type: !31)
!31 = !DICompositeType(tag: DW_TAG_array_type, baseType: !32, size: 256, elements: !33)
!32 = !DIStringType(name: "CHARACTER_1", size: 256, stringLength: !35)
!33 = !{!34}
!34 = !DISubrange(lowerBound: 1, upperBound: !35)
!35 = !DILocalVariable(name: "len", scope: !5, file: !3, line: 2, type: !36, flags: DIFlagArtificial)
!36 = !DIBasicType(name: "INTEGER*8", size: 64, encoding: DW_ATE_signed)
!40 = !DILocalVariable(name: "compute", scope: !5, file: !3, line: 5, type: !41)
!41 = !DICompositeType(tag: DW_TAG_array_type, baseType: !11, elements: !42)
!42 = !{!43}
!43 = !DISubrange(count: 1000, lowerBound: 1)
"#;

const NS_TYPE_ARRAY_DYNAMIC: u32 = 202;
const NS_TYPE_STRING: u32 = 203;
const NS_MODULE: u32 = 200;

#[test]
fn non_semantic_200_subranges_dynamic_arrays_and_strings() {
    for m in translate_format(FORTRAN, NS200, "fortran_200") {
        let insts = set_insts(&m, NS200_NAME);
        let d = defs(&m);
        let number_of = |op: &Operand| {
            d[&id(op)]
                .operands
                .get(1)
                .and_then(Operand::word)
                .unwrap_or(u32::MAX)
        };
        let none = insts
            .iter()
            .find(|(n, _, _)| *n == 0)
            .and_then(|(_, _, i)| i.result_id)
            .unwrap_or_else(|| panic!("no DebugInfoNone"));
        // DebugTypeArrayDynamic: base, data location and associated (expressions), allocated
        // and rank (none), one subrange of expression bounds and stride (count none).
        let dynamic = with_number(&insts, NS_TYPE_ARRAY_DYNAMIC);
        assert_eq!(dynamic.len(), 1);
        let a = dynamic[0];
        assert_eq!(a.len(), 6);
        assert_eq!(number_of(&a[0]), TYPE_BASIC);
        assert_eq!(number_of(&a[1]), EXPRESSION);
        assert_eq!(number_of(&a[2]), EXPRESSION);
        assert_eq!((id(&a[3]), id(&a[4])), (none, none));
        let sub = &d[&id(&a[5])].operands[2..];
        assert_eq!(sub.len(), 4, "lower, upper, count, stride");
        assert_eq!(number_of(&sub[0]), EXPRESSION);
        assert_eq!(number_of(&sub[1]), EXPRESSION);
        assert_eq!(id(&sub[2]), none);
        assert_eq!(number_of(&sub[3]), EXPRESSION);
        // The string array: DebugTypeArray of DebugTypeString, its subrange bounded by a
        // constant and a local variable; the string's length is that variable too.
        let strings = with_number(&insts, NS_TYPE_STRING);
        assert_eq!(strings.len(), 1);
        let s = strings[0];
        assert_eq!(string_of(&m, &s[0]), "CHARACTER_1");
        assert_eq!((id(&s[1]), id(&s[2])), (none, none));
        assert_eq!(constant(&m, &s[3]), 256);
        assert_eq!(number_of(&s[4]), LOCAL_VARIABLE);
        let arrays = with_number(&insts, TYPE_ARRAY);
        let string_array = arrays
            .iter()
            .find(|a| number_of(&a[0]) == NS_TYPE_STRING)
            .unwrap_or_else(|| panic!("no array of the string"));
        let sub = &d[&id(&string_array[1])].operands[2..];
        assert_eq!(constant(&m, &sub[0]), 1);
        assert_eq!(id(&sub[1]), id(&s[4]));
        assert_eq!(id(&sub[2]), none);
        // count: 1000, lowerBound: 1 → lower 1, upper none, count 1000.
        let counted = arrays
            .iter()
            .find(|a| number_of(&a[0]) == TYPE_BASIC)
            .unwrap_or_else(|| panic!("no counted array"));
        let sub = &d[&id(&counted[1])].operands[2..];
        assert_eq!(sub.len(), 3);
        assert_eq!(constant(&m, &sub[0]), 1);
        assert_eq!(id(&sub[1]), none);
        assert_eq!(constant(&m, &sub[2]), 1000);
    }
    // Elsewhere: none of these instructions; the types without a form are the unspecified
    // type, the counted array a DebugTypeArray of its count; valid.
    for (format, set) in [
        (DebugInfoFormat::OpenClDebugInfo100, "OpenCL.DebugInfo.100"),
        (NS100, NS100_NAME),
    ] {
        for m in translate_format(FORTRAN, format, &format!("fortran_{set}")) {
            let insts = set_insts(&m, set);
            assert!(with_number(&insts, NS_TYPE_ARRAY_DYNAMIC).is_empty());
            assert!(with_number(&insts, NS_TYPE_STRING).is_empty());
            assert!(with_number(&insts, NS_TYPE_SUBRANGE).is_empty());
            let arrays = with_number(&insts, TYPE_ARRAY);
            assert_eq!(arrays.len(), 1, "{set}");
            assert_eq!(literal(&m, &arrays[0][1]), 1000);
        }
    }
}

/// A Clang module imported by a declaration.
const MODULE: &str = r#"
target triple = "spir64-unknown-unknown"

define spir_func void @f() !dbg !10 {
entry:
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!6}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", emissionKind: FullDebug, imports: !3)
!1 = !DIFile(filename: "m.c", directory: "/src")
!3 = !{!4}
!4 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !0, entity: !5, file: !1, line: 5)
!5 = !DIModule(scope: null, name: "DebugModule", configMacros: "-DMODULES=0", includePath: "/inc", apinotes: "m.apinotes", file: !1, line: 7)
!6 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !11, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null}
!40 = !DILocation(line: 1, column: 2, scope: !10)
"#;

#[test]
fn modules_in_200_and_under_intel_debug_module() {
    // .200: DebugModule (name, source, line, parent — llvm-spirv's order, session 17 —,
    // macros, include path, API notes, is-declaration), the imported entity names it.
    for m in translate_format(MODULE, NS200, "module_200") {
        let insts = set_insts(&m, NS200_NAME);
        let modules = with_number(&insts, NS_MODULE);
        assert_eq!(modules.len(), 1);
        let md = modules[0];
        assert_eq!(md.len(), 8);
        assert_eq!(string_of(&m, &md[0]), "DebugModule");
        assert_eq!(constant(&m, &md[2]), 7);
        assert_eq!(string_of(&m, &md[4]), "-DMODULES=0");
        assert_eq!(string_of(&m, &md[5]), "/inc");
        assert_eq!(string_of(&m, &md[6]), "m.apinotes");
        assert_eq!(constant(&m, &md[7]), 0);
        let imported = with_number(&insts, IMPORTED_ENTITY);
        let module_id = insts
            .iter()
            .find(|(n, _, _)| *n == NS_MODULE)
            .and_then(|(_, _, i)| i.result_id);
        assert_eq!(Some(id(&imported[0][3])), module_id);
    }
    // OpenCL.DebugInfo.100 with SPV_INTEL_debug_module: DebugModuleINTEL (36), its
    // extension and capability; without it (and in .100): the entity is DebugInfoNone.
    let llvm = spirvkit_llvm::parse_text(MODULE, "module.ll").unwrap_or_else(|e| panic!("{e}"));
    for ext in [
        "+SPV_INTEL_debug_module",
        "+SPV_INTEL_debug_module,+SPV_KHR_untyped_pointers",
    ] {
        let mut options = TranslateOptions::default();
        options
            .apply_extension_list(ext)
            .unwrap_or_else(|e| panic!("{e}"));
        let m = translate(&llvm, &options).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("module_intel_{}", ext.len()));
        assert!(has_extension(&m, "SPV_INTEL_debug_module"));
        let insts = set_insts(&m, "OpenCL.DebugInfo.100");
        let modules = with_number(&insts, 36);
        assert_eq!(modules.len(), 1);
        assert_eq!(modules[0][3], Operand::Word(7));
    }
    for (format, set) in [
        (DebugInfoFormat::OpenClDebugInfo100, "OpenCL.DebugInfo.100"),
        (NS100, NS100_NAME),
    ] {
        for m in translate_format(MODULE, format, &format!("module_none_{set}")) {
            assert!(!has_extension(&m, "SPV_INTEL_debug_module"));
            let insts = set_insts(&m, set);
            let imported = with_number(&insts, IMPORTED_ENTITY);
            let d = defs(&m);
            assert_eq!(
                d[&id(&imported[0][3])].operands[1],
                Operand::Word(0),
                "{set}"
            );
        }
    }
}

#[test]
fn a_global_in_a_module_keeps_a_lexical_parent() {
    // Fortran `module` globals: .200 names the DebugModule as the global's parent (as
    // llvm-spirv); OpenCL.DebugInfo.100 with SPV_INTEL_debug_module writes DebugModuleINTEL
    // but spirv-val wants a lexical scope as DebugGlobalVariable's parent: the compile unit.
    let src = r#"
target triple = "spir64-unknown-unknown"

@foo = addrspace(1) global i32 0, align 4, !dbg !20

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!6}
!0 = distinct !DICompileUnit(language: DW_LANG_Fortran90, file: !1, producer: "f", emissionKind: FullDebug, globals: !19, imports: !3)
!1 = !DIFile(filename: "m.f90", directory: "/src")
!3 = !{!4}
!4 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !5, file: !1, line: 5)
!5 = !DIModule(scope: !0, name: "dummy", file: !1, line: 1)
!6 = !{i32 2, !"Debug Info Version", i32 3}
!7 = !DIBasicType(name: "integer", size: 32, encoding: DW_ATE_signed)
!19 = !{!20}
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "foo", scope: !5, file: !1, line: 2, type: !7, isLocal: false, isDefinition: true)
"#;
    let llvm = spirvkit_llvm::parse_text(src, "m.ll").unwrap_or_else(|e| panic!("{e}"));
    for (format, ext) in [
        (
            DebugInfoFormat::OpenClDebugInfo100,
            "+SPV_INTEL_debug_module",
        ),
        (NS200, ""),
    ] {
        let mut options = TranslateOptions {
            debug_info: format,
            ..TranslateOptions::default()
        };
        options
            .apply_extension_list(ext)
            .unwrap_or_else(|e| panic!("{e}"));
        let m = translate(&llvm, &options).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("module_global_{}", ext.len()));
        let set = format.set_name().unwrap_or_default();
        let insts = set_insts(&m, set);
        let global = with_number(&insts, GLOBAL_VARIABLE)[0];
        let d = defs(&m);
        let parent = d[&id(&global[5])].operands[1].clone();
        if format == NS200 {
            assert_eq!(parent, Operand::Word(NS_MODULE));
        } else {
            assert_eq!(parent, Operand::Word(COMPILATION_UNIT));
            assert_eq!(with_number(&insts, 36).len(), 1);
        }
    }
}

#[test]
fn template_template_parameters_and_packs() {
    // `template <template <class> class C, class... Ts>`: DebugTypeTemplateTemplateParameter
    // (name, template name, source, line, column) for C; the pack's parameters one by one
    // (llvm-spirv's DebugTypeTemplateParameterPack is no DebugTypeTemplate parameter for the
    // specification and spirv-val), every format.
    let src = r#"
target triple = "spir64-unknown-unknown"

define spir_func void @f() !dbg !10 {
entry:
  %b = alloca i32, align 4
    #dbg_declare(ptr %b, !20, !DIExpression(), !40)
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "t.clcpp", directory: "/src")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!6 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Holder<Box, int, float>", file: !1, line: 3, size: 32, elements: !7, templateParams: !8, identifier: "_ZTS6Holder")
!7 = !{!9}
!9 = !DIDerivedType(tag: DW_TAG_member, name: "v", scope: !6, file: !1, line: 3, baseType: !4, size: 32)
!8 = !{!11, !12}
!11 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_template_param, name: "C", value: !"Box")
!12 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "Ts", value: !13)
!13 = !{!14, !15}
!14 = !DITemplateTypeParameter(type: !4)
!15 = !DITemplateTypeParameter(type: !5)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 5, type: !16, spFlags: DISPFlagDefinition, unit: !0)
!16 = !DISubroutineType(types: !17)
!17 = !{null}
!20 = !DILocalVariable(name: "h", scope: !10, file: !1, line: 6, type: !6)
!40 = !DILocation(line: 6, column: 5, scope: !10)
"#;
    for (format, set) in FORMATS {
        for m in translate_format(src, format, &format!("template_packs_{set}")) {
            let insts = set_insts(&m, set);
            let template = with_number(&insts, TYPE_TEMPLATE);
            assert_eq!(template.len(), 1, "{set}");
            assert_eq!(template[0].len(), 4, "{set}: target, C, int, float");
            let tt = with_number(&insts, 16);
            assert_eq!(tt.len(), 1, "{set}");
            assert_eq!(string_of(&m, &tt[0][0]), "C");
            assert_eq!(string_of(&m, &tt[0][1]), "Box");
            assert!(with_number(&insts, 17).is_empty(), "{set}");
            let d = defs(&m);
            assert_eq!(d[&id(&template[0][1])].operands[1], Operand::Word(16));
            for p in &template[0][2..] {
                assert_eq!(
                    d[&id(p)].operands[1],
                    Operand::Word(TYPE_TEMPLATE_PARAMETER)
                );
            }
        }
    }
}

#[test]
fn session_16_forms_translate_the_same_in_parallel() {
    // The OpUndef of a several-value DIArgList and the deref expressions of untyped declares
    // are made in the bodies / declared up front: the parallel translation is the sequential
    // one, word for word.
    let plan = spirvkit_spir::ParallelPlan::EVERY_FUNCTION_A_CHUNK;
    // Two functions, each with a several-value DIArgList and an untyped declare.
    let two = r#"
target triple = "spir64-unknown-unknown"

define spir_func i32 @f(i32 %a, i32 %b) !dbg !10 {
entry:
  %x = alloca i32, align 4
    #dbg_declare(ptr %x, !22, !DIExpression(), !40)
  %s = add i32 %a, %b, !dbg !40
    #dbg_value(!DIArgList(i32 %a, i32 %b), !21, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !40)
  store i32 %s, ptr %x, align 4, !dbg !40
  ret i32 %s, !dbg !40
}

define spir_func i64 @g(i64 %a, i64 %b) !dbg !11 {
entry:
  %y = alloca i64, align 8
    #dbg_declare(ptr %y, !23, !DIExpression(), !41)
  %s = mul i64 %a, %b, !dbg !41
    #dbg_value(!DIArgList(i64 %a, i64 %b), !24, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_stack_value), !41)
  store i64 %s, ptr %y, align 8, !dbg !41
  ret i64 %s, !dbg !41
}

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "p.cl", directory: "/src")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !12, spFlags: DISPFlagDefinition, unit: !0)
!11 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 9, type: !12, spFlags: DISPFlagDefinition, unit: !0)
!12 = !DISubroutineType(types: !13)
!13 = !{null}
!21 = !DILocalVariable(name: "sum", scope: !10, file: !1, line: 3, type: !4)
!22 = !DILocalVariable(name: "x", scope: !10, file: !1, line: 2, type: !4)
!23 = !DILocalVariable(name: "y", scope: !11, file: !1, line: 10, type: !5)
!24 = !DILocalVariable(name: "prod", scope: !11, file: !1, line: 11, type: !5)
!40 = !DILocation(line: 3, column: 5, scope: !10)
!41 = !DILocation(line: 11, column: 5, scope: !11)
"#;
    for src in [two, ARG_LISTS, KERNEL, FORTRAN] {
        let llvm = spirvkit_llvm::parse_text(src, "p.ll").unwrap_or_else(|e| panic!("{e}"));
        for (format, _) in FORMATS {
            for ext in ["", "+SPV_KHR_untyped_pointers"] {
                let mut options = TranslateOptions {
                    debug_info: format,
                    ..TranslateOptions::default()
                };
                options
                    .apply_extension_list(ext)
                    .unwrap_or_else(|e| panic!("{e}"));
                let parallel = spirvkit_spir::translate_with_plan(&llvm, &options, plan)
                    .unwrap_or_else(|e| panic!("{e}"));
                spirv_val(&parallel, &format!("parallel_16_{}", ext.len()));
                let parallel = parallel.to_words();
                let sequential = translate(&llvm, &options)
                    .unwrap_or_else(|e| panic!("{e}"))
                    .to_words();
                assert!(parallel == sequential, "{format:?} {ext}: differs");
            }
        }
    }
}

#[test]
fn declares_of_parameters_and_derived_addresses() {
    // A declare of a parameter (a `byval` aggregate) names the OpFunctionParameter in
    // DebugDeclare, as llvm-spirv; a declare of an address that is no alloca (here a GEP into
    // one and a generic cast of one) is the DebugValue of that address with DW_OP_deref first
    // (DebugDeclare takes only an OpVariable or a parameter). Before: both left out.
    let src = r#"
target triple = "spir64-unknown-unknown"

%struct.P = type { i32, i32 }

define spir_func void @f(ptr byval(%struct.P) align 4 %p) !dbg !10 {
entry:
  %a = alloca [2 x i32], align 4
  %second = getelementptr inbounds [2 x i32], ptr %a, i64 0, i64 1
  %g = addrspacecast ptr %a to ptr addrspace(4)
    #dbg_declare(ptr %p, !20, !DIExpression(), !40)
    #dbg_declare(ptr %second, !21, !DIExpression(), !40)
    #dbg_declare(ptr addrspace(4) %g, !22, !DIExpression(), !40)
  store i32 1, ptr %second, align 4, !dbg !40
  ret void, !dbg !40
}

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "d.cl", directory: "/src")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "P", file: !1, line: 1, size: 64, elements: !6)
!6 = !{!7, !8}
!7 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !5, file: !1, line: 1, baseType: !4, size: 32)
!8 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !5, file: !1, line: 1, baseType: !4, size: 32, offset: 32)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 64, elements: !11)
!11 = !{!12}
!12 = !DISubrange(count: 2)
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 2, type: !13, spFlags: DISPFlagDefinition, unit: !0)
!13 = !DISubroutineType(types: !14)
!14 = !{null, !5}
!20 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 2, type: !5)
!21 = !DILocalVariable(name: "second", scope: !10, file: !1, line: 3, type: !4)
!22 = !DILocalVariable(name: "all", scope: !10, file: !1, line: 4, type: !9)
!40 = !DILocation(line: 3, column: 5, scope: !10)
"#;
    for (format, set) in FORMATS {
        for m in translate_format(src, format, &format!("declare_addresses_{set}")) {
            let insts = set_insts(&m, set);
            let d = defs(&m);
            let declares = with_number(&insts, DECLARE);
            assert_eq!(declares.len(), 1, "{set}: the parameter's");
            assert_eq!(d[&id(&declares[0][1])].opcode, Op::FunctionParameter);
            let values = with_number(&insts, VALUE);
            assert_eq!(values.len(), 2, "{set}: the GEP's and the cast's");
            for v in values {
                let ops = expression_operations(&m, &v[2]);
                assert_eq!(ops, vec![vec![0]], "{set}: deref");
            }
        }
    }
}
