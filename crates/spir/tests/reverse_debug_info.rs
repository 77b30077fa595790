//! The reverse translator's debug information (`reverse/debug_info/`): LLVM `-g` modules
//! translated forward in each debug-info format and back keep their compile unit, files,
//! subprograms, lexical blocks, locations (with inlined-at), types, variables and their
//! `llvm.dbg.*` calls, globals and imported entities; hand-written SPIR-V with OpLine and
//! NonSemantic DebugLine gets its locations; malformed debug instructions are dropped; the
//! output is accepted by LLVM 22 (text) and LLVM 15 (bitcode) with its debug info.

use spirvkit_core::{Id, Instruction, Module as SpvModule, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm::{DiField, Metadata, Module, WriteOptions};
use spirvkit_spir::reverse::{reverse_words, ReverseOptions, TargetEnv};
use spirvkit_spir::{translate_to_words, DebugInfoFormat, TranslateOptions};
use std::process::Command;

/// A kernel and a helper with every kind of node the forward translator writes.
const SOURCE: &str = r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%struct.S = type { i32, [4 x float] }

@g = addrspace(1) global i32 7, align 4, !dbg !51

define spir_func i32 @helper(i32 %x) !dbg !30 {
entry:
  %x.addr = alloca i32, align 4
  store i32 %x, i32* %x.addr, align 4
  call void @llvm.dbg.declare(metadata i32* %x.addr, metadata !33, metadata !DIExpression()), !dbg !34
  %v = load i32, i32* %x.addr, align 4, !dbg !35
  %m = mul i32 %v, 2, !dbg !36
  call void @llvm.dbg.value(metadata i32 %m, metadata !37, metadata !DIExpression()), !dbg !36
  ret i32 %m, !dbg !38
}

define spir_kernel void @k(i32 addrspace(1)* %out, %struct.S addrspace(1)* %s) !dbg !40 !kernel_arg_addr_space !60 !kernel_arg_access_qual !61 !kernel_arg_type !62 !kernel_arg_type_qual !63 !kernel_arg_base_type !62 {
entry:
  %e = alloca i32, align 4
  call void @llvm.dbg.declare(metadata i32* %e, metadata !43, metadata !DIExpression()), !dbg !44
  store i32 5, i32* %e, align 4, !dbg !44
  %r = call spir_func i32 @helper(i32 3), !dbg !45
  %in = mul i32 %r, 3, !dbg !47
  %p = getelementptr inbounds %struct.S, %struct.S addrspace(1)* %s, i64 0, i32 0, !dbg !46
  %a = load i32, i32 addrspace(1)* %p, align 4, !dbg !46
  %sum = add i32 %a, %in, !dbg !46
  store i32 %sum, i32 addrspace(1)* %out, align 4, !dbg !46
  ret void, !dbg !48
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!opencl.ocl.version = !{!64}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !70, globals: !49, imports: !80)
!1 = !DIFile(filename: "t.cl", directory: "/src", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef")
!2 = !{i32 7, !"Dwarf Version", i32 4}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!12 = !DIDerivedType(tag: DW_TAG_typedef, name: "myint", file: !1, line: 2, baseType: !10)
!13 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !10)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64, dwarfAddressSpace: 1)
!15 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !1, line: 3, size: 160, elements: !16)
!16 = !{!17, !18}
!17 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !15, file: !1, line: 3, baseType: !10, size: 32)
!18 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !15, file: !1, line: 3, baseType: !19, size: 128, offset: 32)
!19 = !DICompositeType(tag: DW_TAG_array_type, baseType: !11, size: 128, elements: !20)
!20 = !{!21}
!21 = !DISubrange(count: 4)
!22 = !DICompositeType(tag: DW_TAG_array_type, baseType: !11, size: 128, flags: DIFlagVector, elements: !20)
!23 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64, dwarfAddressSpace: 1)
!30 = distinct !DISubprogram(name: "helper", scope: !1, file: !1, line: 5, type: !31, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0)
!31 = !DISubroutineType(types: !32)
!32 = !{!10, !10}
!33 = !DILocalVariable(name: "x", arg: 1, scope: !30, file: !1, line: 5, type: !10)
!34 = !DILocation(line: 5, column: 16, scope: !30)
!35 = !DILocation(line: 6, column: 10, scope: !30)
!36 = !DILocation(line: 6, column: 12, scope: !30)
!37 = !DILocalVariable(name: "twice", scope: !30, file: !1, line: 6, type: !13)
!38 = !DILocation(line: 7, column: 3, scope: !30)
!40 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 9, type: !41, scopeLine: 9, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0)
!41 = !DISubroutineType(types: !42)
!42 = !{null, !14, !23}
!43 = !DILocalVariable(name: "e", scope: !39, file: !1, line: 10, type: !71)
!39 = distinct !DILexicalBlock(scope: !40, file: !1, line: 10, column: 3)
!44 = !DILocation(line: 10, column: 12, scope: !39)
!45 = !DILocation(line: 11, column: 7, scope: !40)
!46 = !DILocation(line: 12, column: 3, scope: !40)
!47 = !DILocation(line: 6, column: 12, scope: !30, inlinedAt: !45)
!48 = !DILocation(line: 13, column: 1, scope: !40)
!49 = !{!51}
!51 = !DIGlobalVariableExpression(var: !52, expr: !DIExpression())
!52 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !12, isLocal: false, isDefinition: true)
!60 = !{i32 1, i32 1}
!61 = !{!"none", !"none"}
!62 = !{!"int*", !"S*"}
!63 = !{!"", !""}
!64 = !{i32 2, i32 0}
!70 = !{!71}
!71 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", file: !1, line: 4, baseType: !10, size: 32, elements: !72)
!72 = !{!73, !74}
!73 = !DIEnumerator(name: "E0", value: 0)
!74 = !DIEnumerator(name: "E1", value: -5)
!80 = !{!81}
!81 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !82, entity: !30, file: !1, line: 4)
!82 = !DINamespace(name: "ns", scope: null)
"#;

const FORMATS: [DebugInfoFormat; 4] = [
    DebugInfoFormat::OpenClDebugInfo100,
    DebugInfoFormat::NonSemanticShader100,
    DebugInfoFormat::NonSemanticShader200,
    DebugInfoFormat::Legacy,
];

fn forward(src: &str, format: DebugInfoFormat) -> Vec<u32> {
    let m = spirvkit_llvm::parse_text(src, "t.ll").expect("test module parses");
    let opts = TranslateOptions {
        debug_info: format,
        ..TranslateOptions::default()
    };
    translate_to_words(&m, &opts).expect("forward translation")
}

fn reverse_opaque(words: &[u32]) -> (Module, String) {
    let opts = ReverseOptions {
        target: TargetEnv::SpvIr,
        ..ReverseOptions::default()
    };
    let m = reverse_words(words, &opts).expect("reverse translation");
    let text = m.to_ll(&WriteOptions::opaque());
    (m, text)
}

/// The specialized node a `!dbg` attachment (or any metadata id) names.
fn node(m: &Module, id: spirvkit_llvm::MetadataId) -> &spirvkit_llvm::DiNode {
    match m.metadata(id) {
        Some(Metadata::Specialized(n)) => n,
        other => panic!("not a debug-info node: {other:?}"),
    }
}

fn string_field(m: &Module, n: &spirvkit_llvm::DiNode, name: &str) -> Option<String> {
    match n.field(name)? {
        DiField::String(id) => match m.metadata(*id)? {
            Metadata::String(s) => Some(String::from_utf8_lossy(s).into_owned()),
            _ => None,
        },
        _ => None,
    }
}

/// A line of `text` containing every one of `parts`.
fn has_line(text: &str, parts: &[&str]) -> bool {
    text.lines().any(|l| parts.iter().all(|p| l.contains(p)))
}

#[test]
fn every_format_round_trips_units_subprograms_locations_and_variables() {
    for format in FORMATS {
        let (m, text) = reverse_opaque(&forward(SOURCE, format));
        let tag = format!("{format:?}");
        // The compile unit, listed, with the module flags LLVM needs to keep it.
        assert!(text.contains("!llvm.dbg.cu = !{"), "{tag}");
        assert!(
            has_line(
                &text,
                &[
                    "distinct !DICompileUnit(language: DW_LANG_OpenCL",
                    "emissionKind: FullDebug",
                    "globals: !",
                    "imports: !"
                ]
            ),
            "{tag}: {text}"
        );
        assert!(
            has_line(&text, &["!\"Debug Info Version\", i32 3"]),
            "{tag}"
        );
        assert!(has_line(&text, &["!\"Dwarf Version\", i32 4"]), "{tag}");
        assert!(
            has_line(&text, &["!DIFile(filename: \"t.cl\", directory: \"/src\""]),
            "{tag}"
        );
        // Each definition has its own distinct subprogram.
        for (name, line) in [("helper", 5), ("k", 9)] {
            let f = m
                .functions
                .iter()
                .find(|f| f.name == name)
                .expect("function");
            let sp = node(&m, f.attachment("dbg").expect("!dbg on the definition"));
            assert_eq!(sp.kind, "DISubprogram", "{tag}");
            assert!(sp.distinct, "{tag}");
            assert_eq!(string_field(&m, sp, "name").as_deref(), Some(name), "{tag}");
            assert_eq!(sp.field("line"), Some(&DiField::UInt(line)), "{tag}");
            assert!(
                matches!(sp.field("spFlags"), Some(DiField::Symbol(s)) if s.contains("DISPFlagDefinition")),
                "{tag}"
            );
        }
        // Locations on instructions, a lexical block, an inlined-at chain.
        assert!(has_line(&text, &["%m = mul i32 %v, 2, !dbg !"]), "{tag}");
        assert!(
            has_line(&text, &["!DILocation(line: 6, column: 12, scope: !"]),
            "{tag}"
        );
        assert!(
            has_line(&text, &["!DILocation(line: 6, column: 12", "inlinedAt: !"]),
            "{tag}"
        );
        assert!(
            has_line(
                &text,
                &["distinct !DILexicalBlock(scope: !", "line: 10, column: 3"]
            ),
            "{tag}"
        );
        // Variables and their intrinsics.
        assert!(
            has_line(
                &text,
                &["call void @llvm.dbg.declare(metadata ptr %x.addr, metadata !"]
            ),
            "{tag}"
        );
        assert!(
            has_line(
                &text,
                &["call void @llvm.dbg.value(metadata i32 %m, metadata !"]
            ),
            "{tag}"
        );
        assert!(
            has_line(
                &text,
                &["!DILocalVariable(name: \"x\", arg: 1, scope: !", "line: 5"]
            ),
            "{tag}"
        );
        assert!(
            has_line(&text, &["!DILocalVariable(name: \"e\"", "line: 10"]),
            "{tag}"
        );
        // Types.
        assert!(
            has_line(
                &text,
                &["!DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)"]
            ),
            "{tag}"
        );
        assert!(
            has_line(&text, &["tag: DW_TAG_typedef, name: \"myint\""]),
            "{tag}"
        );
        assert!(has_line(&text, &["tag: DW_TAG_const_type"]), "{tag}");
        assert!(
            has_line(
                &text,
                &["tag: DW_TAG_pointer_type", "size: 64, dwarfAddressSpace: 1"]
            ),
            "{tag}"
        );
        assert!(
            has_line(
                &text,
                &[
                    "!DICompositeType(tag: DW_TAG_structure_type, name: \"S\"",
                    "size: 160"
                ]
            ),
            "{tag}"
        );
        assert!(
            has_line(
                &text,
                &["tag: DW_TAG_member, name: \"b\"", "size: 128, offset: 32"]
            ),
            "{tag}"
        );
        assert!(
            has_line(
                &text,
                &["!DICompositeType(tag: DW_TAG_array_type", "size: 128"]
            ),
            "{tag}"
        );
        assert!(has_line(&text, &["!DISubrange(count: 4)"]), "{tag}");
        assert!(
            has_line(&text, &["tag: DW_TAG_enumeration_type, name: \"E\""]),
            "{tag}"
        );
        assert!(
            has_line(&text, &["!DIEnumerator(name: \"E1\", value: -5)"]),
            "{tag}"
        );
        assert!(has_line(&text, &["!DISubroutineType(types: !"]), "{tag}");
        // The global, attached and listed; the imported entity.
        assert!(has_line(&text, &["@g = ", "!dbg !"]), "{tag}");
        assert!(
            has_line(
                &text,
                &[
                    "distinct !DIGlobalVariable(name: \"g\"",
                    "isDefinition: true"
                ]
            ),
            "{tag}"
        );
        assert!(
            has_line(
                &text,
                &[
                    "!DIImportedEntity(tag: DW_TAG_imported_declaration",
                    "entity: !"
                ]
            ),
            "{tag}"
        );
        assert!(has_line(&text, &["!DINamespace(name: \"ns\""]), "{tag}");
    }
}

#[test]
fn checksums_come_back_where_the_set_carries_them() {
    for format in [
        DebugInfoFormat::OpenClDebugInfo100,
        DebugInfoFormat::NonSemanticShader200,
    ] {
        let (_, text) = reverse_opaque(&forward(SOURCE, format));
        assert!(
            has_line(
                &text,
                &[
                    "!DIFile(filename: \"t.cl\"",
                    "checksumkind: CSK_MD5, checksum: \"0123456789abcdef0123456789abcdef\""
                ]
            ),
            "{format:?}: {text}"
        );
    }
}

/// A Debian LLVM tool, or `None` (the check is skipped) where it is not installed.
fn tool(name: &str) -> Option<&str> {
    Command::new(name)
        .arg("--version")
        .output()
        .ok()
        .map(|_| name)
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("spirvkit-revdbg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir.join(name)
}

#[test]
fn llvm_22_verifies_the_text_and_llvm_15_reads_the_bitcode() {
    for format in FORMATS {
        let words = forward(SOURCE, format);
        let (_, text) = reverse_opaque(&words);
        if let Some(opt) = tool("opt-22") {
            let path = scratch(&format!("{format:?}.ll"));
            std::fs::write(&path, &text).expect("write");
            let out = Command::new(opt)
                .args(["-passes=verify", "-o", "/dev/null"])
                .arg(&path)
                .output()
                .expect("opt-22 runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{format:?}: {stderr}\n{text}");
            assert!(
                !stderr.contains("invalid debug info"),
                "{format:?}: {stderr}"
            );
        }
        // SPIR 1.2 bitcode (typed pointers) for LLVM 15.
        let typed = reverse_words(&words, &ReverseOptions::default()).expect("reverse");
        let bitcode = spirvkit_llvm::write_bitcode(&typed, "t.bc").expect("bitcode");
        if let Some(dis) = tool("llvm-dis-15") {
            let path = scratch(&format!("{format:?}.bc"));
            std::fs::write(&path, &bitcode).expect("write");
            let out = Command::new(dis)
                .arg(&path)
                .args(["-o", "-"])
                .output()
                .expect("llvm-dis-15 runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            let dis_text = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{format:?}: {stderr}");
            assert!(
                !stderr.contains("invalid debug info"),
                "{format:?}: {stderr}"
            );
            assert!(
                dis_text.contains("distinct !DISubprogram(name: \"helper\""),
                "{format:?}: {dis_text}"
            );
            assert!(
                dis_text.contains("call void @llvm.dbg.declare(metadata i32* %x.addr"),
                "{format:?}: {dis_text}"
            );
            assert!(
                dis_text.contains("!DILocation(line: 6, column: 12"),
                "{format:?}"
            );
        }
    }
}

#[test]
fn bitcode_debug_info_reads_back_with_spirvkits_reader() {
    let words = forward(SOURCE, DebugInfoFormat::OpenClDebugInfo100);
    let m = reverse_words(&words, &ReverseOptions::default()).expect("reverse");
    for bitcode in [
        spirvkit_llvm::write_bitcode(&m, "t.bc").expect("typed bitcode"),
        spirvkit_llvm::write_bitcode_opaque(&m, "t.bc").expect("opaque bitcode"),
    ] {
        let back = spirvkit_llvm::read_bitcode(&bitcode, "t.bc").expect("reads back");
        let k = back
            .functions
            .iter()
            .find(|f| f.name == "k")
            .expect("kernel");
        let sp = node(&back, k.attachment("dbg").expect("subprogram attached"));
        assert_eq!(sp.kind, "DISubprogram");
        assert_eq!(string_field(&back, sp, "name").as_deref(), Some("k"));
        // Every instruction of the kernel kept its location.
        let located = k
            .insts
            .iter()
            .filter(|i| {
                i.metadata
                    .iter()
                    .any(|(kind, md)| kind == "dbg" && node(&back, *md).kind == "DILocation")
            })
            .count();
        assert!(located >= 8, "{located} located instructions");
        assert!(back.named_metadata("llvm.dbg.cu").is_some());
    }
}

/// An OpenCL.DebugInfo.100 kernel whose lines come from OpLine.
const OPLINE_KERNEL: &str = r#"
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
%ext = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
%file = OpString "/src/a.cl"
%kname = OpString "k"
%vname = OpString "v"
%iname = OpString "int"
%void = OpTypeVoid
%int = OpTypeInt 32 0
%fty = OpTypeFunction %void
%ptr = OpTypePointer Function %int
%c32 = OpConstant %int 32
%c1 = OpConstant %int 1
%src = OpExtInst %void %ext DebugSource %file
%cu = OpExtInst %void %ext DebugCompilationUnit 65536 5 %src OpenCL_C
%tint = OpExtInst %void %ext DebugTypeBasic %iname %c32 Signed
%tfn = OpExtInst %void %ext DebugTypeFunction None %void
%dk = OpExtInst %void %ext DebugFunction %kname %tfn %src 3 0 %cu %kname FlagIsDefinition 3 %k
%dv = OpExtInst %void %ext DebugLocalVariable %vname %tint %src 4 0 %dk None
%expr = OpExtInst %void %ext DebugExpression
%k = OpFunction %void None %fty
%entry = OpLabel
%x = OpVariable %ptr Function
%s = OpExtInst %void %ext DebugScope %dk
OpLine %file 4 9
%d = OpExtInst %void %ext DebugDeclare %dv %x %expr
OpStore %x %c1
OpLine %file 5 2
OpReturn
OpFunctionEnd
"#;

/// The same with NonSemantic.Shader.DebugInfo.100: literals as constants, DebugLine,
/// DebugFunctionDefinition binding the function.
const DEBUG_LINE_KERNEL: &str = r#"
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpExtension "SPV_KHR_non_semantic_info"
%ext = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
%file = OpString "/src/a.cl"
%kname = OpString "k"
%vname = OpString "v"
%iname = OpString "int"
%void = OpTypeVoid
%int = OpTypeInt 32 0
%fty = OpTypeFunction %void
%ptr = OpTypePointer Function %int
%c0 = OpConstant %int 0
%c1 = OpConstant %int 1
%c3 = OpConstant %int 3
%c4 = OpConstant %int 4
%c5 = OpConstant %int 5
%c6 = OpConstant %int 6
%c8 = OpConstant %int 8
%c9 = OpConstant %int 9
%c32 = OpConstant %int 32
%cver = OpConstant %int 65536
%src = OpExtInst %void %ext DebugSource %file
%cu = OpExtInst %void %ext DebugCompilationUnit %cver %c5 %src %c3
%tint = OpExtInst %void %ext DebugTypeBasic %iname %c32 %c4 %c0
%tfn = OpExtInst %void %ext DebugTypeFunction %c0 %void
%dk = OpExtInst %void %ext DebugFunction %kname %tfn %src %c3 %c0 %cu %kname %c8 %c3
%dv = OpExtInst %void %ext DebugLocalVariable %vname %tint %src %c4 %c0 %dk %c0
%expr = OpExtInst %void %ext DebugExpression
%k = OpFunction %void None %fty
%entry = OpLabel
%x = OpVariable %ptr Function
%def = OpExtInst %void %ext DebugFunctionDefinition %dk %k
%s = OpExtInst %void %ext DebugScope %dk
%l1 = OpExtInst %void %ext DebugLine %src %c4 %c4 %c9 %c9
%d = OpExtInst %void %ext DebugDeclare %dv %x %expr
OpStore %x %c1
%l2 = OpExtInst %void %ext DebugLine %src %c6 %c6 %c1 %c1
OpReturn
OpFunctionEnd
"#;

fn assemble(text: &str) -> Vec<u32> {
    spirvkit_text::assemble(text, &Default::default()).expect("test SPIR-V assembles")
}

#[test]
fn opline_and_debug_line_locate_instructions() {
    for (text, store_line, store_col, ret_line) in
        [(OPLINE_KERNEL, 4, 9, 5), (DEBUG_LINE_KERNEL, 4, 9, 6)]
    {
        let words = assemble(text);
        let (m, ll) = reverse_opaque(&words);
        let k = m.functions.iter().find(|f| f.name == "k").expect("kernel");
        assert!(k.attachment("dbg").is_some(), "{ll}");
        let location = |want: &dyn Fn(&spirvkit_llvm::InstKind) -> bool| {
            let inst = k.insts.iter().find(|i| want(&i.kind)).expect("instruction");
            let (_, md) = inst
                .metadata
                .iter()
                .find(|(kind, _)| kind == "dbg")
                .expect("located");
            let n = node(&m, *md);
            (n.field("line").cloned(), n.field("column").cloned())
        };
        assert_eq!(
            location(&|k| matches!(k, spirvkit_llvm::InstKind::Store { .. })),
            (
                Some(DiField::UInt(store_line)),
                Some(DiField::UInt(store_col))
            ),
            "{ll}"
        );
        assert_eq!(
            location(&|k| matches!(k, spirvkit_llvm::InstKind::Ret { .. })).0,
            Some(DiField::UInt(ret_line)),
            "{ll}"
        );
        assert!(
            has_line(
                &ll,
                &["call void @llvm.dbg.declare(metadata ptr %", "!dbg !"]
            ),
            "{ll}"
        );
        assert!(
            has_line(&ll, &["!DILocalVariable(name: \"v\", scope: !", "line: 4"]),
            "{ll}"
        );
        assert!(has_line(&ll, &["!\"Dwarf Version\", i32 5"]), "{ll}");
        assert!(
            has_line(&ll, &["!DIFile(filename: \"a.cl\", directory: \"/src\")"]),
            "{ll}"
        );
    }
}

/// Appends a debug instruction of set `set` to the module's globals (after the others).
fn push_debug(m: &mut SpvModule, set: Id, void: Id, number: u32, operands: Vec<Operand>) -> Id {
    let id = Id(m.header.bound);
    m.header.bound += 1;
    let mut all = vec![Operand::Id(set), Operand::Word(number)];
    all.extend(operands);
    m.globals
        .push(Instruction::new(Op::ExtInst, Some(void), Some(id), all));
    id
}

#[test]
fn malformed_debug_instructions_are_dropped_and_the_rest_translated() {
    let mut m = SpvModule::from_words(&assemble(OPLINE_KERNEL)).expect("decodes");
    let set = m
        .globals
        .iter()
        .find(|i| i.opcode == Op::ExtInstImport)
        .and_then(|i| i.result_id)
        .expect("set");
    let void = m
        .globals
        .iter()
        .find(|i| i.opcode == Op::TypeVoid)
        .and_then(|i| i.result_id)
        .expect("void");
    // A DebugFunction whose operands name a type, a composite naming a type as its member,
    // a local variable whose parent is a type, an instruction number no set has.
    let v = Operand::Id(void);
    let w = Operand::Word(1);
    let bad_function = push_debug(
        &mut m,
        set,
        void,
        20,
        vec![
            v.clone(),
            v.clone(),
            v.clone(),
            w.clone(),
            w.clone(),
            v.clone(),
            v.clone(),
            w.clone(),
            w.clone(),
            v.clone(),
        ],
    );
    let bad_composite = push_debug(
        &mut m,
        set,
        void,
        10,
        vec![
            v.clone(),
            Operand::Word(2),
            v.clone(),
            w.clone(),
            w.clone(),
            v.clone(),
            v.clone(),
            v.clone(),
            w.clone(),
            v.clone(),
        ],
    );
    let bad_variable = push_debug(
        &mut m,
        set,
        void,
        26,
        vec![
            v.clone(),
            v.clone(),
            v.clone(),
            w.clone(),
            w.clone(),
            v.clone(),
            w.clone(),
        ],
    );
    let _ = bad_composite;
    // Bodies naming them: a scope of the broken function, declares of the broken variable
    // and of a non-debug id.
    let f = m.functions.first_mut().expect("kernel");
    let block = f.blocks.first_mut().expect("entry");
    for (number, operands) in [
        (23, vec![Operand::Id(bad_function)]),
        (
            28,
            vec![
                Operand::Id(bad_variable),
                Operand::Id(void),
                Operand::Id(bad_composite),
            ],
        ),
        (28, vec![v.clone(), v.clone(), v.clone()]),
        (29, vec![Operand::Id(bad_composite), v.clone(), v.clone()]),
    ] {
        let id = Id(m.header.bound);
        m.header.bound += 1;
        let mut all = vec![Operand::Id(set), Operand::Word(number)];
        all.extend(operands);
        block
            .instructions
            .insert(1, Instruction::new(Op::ExtInst, Some(void), Some(id), all));
    }
    let (out, ll) = reverse_opaque(&m.to_words());
    let k = out
        .functions
        .iter()
        .find(|f| f.name == "k")
        .expect("kernel translated");
    assert!(k
        .insts
        .iter()
        .any(|i| matches!(i.kind, spirvkit_llvm::InstKind::Store { .. })));
    // The good part of the debug information is still there.
    assert!(has_line(&ll, &["!DILocalVariable(name: \"v\""]), "{ll}");
    if let Some(opt) = tool("opt-22") {
        let path = scratch("malformed.ll");
        std::fs::write(&path, &ll).expect("write");
        let out = Command::new(opt)
            .args(["-passes=verify", "-o", "/dev/null"])
            .arg(&path)
            .output()
            .expect("opt-22");
        assert!(
            out.status.success(),
            "{}\n{ll}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// C++ constructs: a class template with a type and a value parameter, inheritance, a
/// pointer to member.
const CPP_SOURCE: &str = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_func void @f() !dbg !20 {
entry:
  %b = alloca i32, align 4
  %pm = alloca i64, align 8
  call void @llvm.dbg.declare(metadata i32* %b, metadata !30, metadata !DIExpression()), !dbg !31
  call void @llvm.dbg.declare(metadata i64* %pm, metadata !32, metadata !DIExpression()), !dbg !31
  ret void, !dbg !31
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "c.cpp", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Base", file: !1, line: 1, size: 32, flags: DIFlagTypePassByValue, elements: !5, identifier: "_ZTS4Base")
!5 = !{!6}
!6 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !4, file: !1, line: 1, baseType: !3, size: 32)
!7 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "T<int, 3>", file: !1, line: 2, size: 64, flags: DIFlagTypePassByValue, elements: !8, templateParams: !11, identifier: "_ZTS1TIiLi3EE")
!8 = !{!9, !10}
!9 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !7, baseType: !4, flags: DIFlagPublic)
!10 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !7, file: !1, line: 2, baseType: !3, size: 32, offset: 32)
!11 = !{!12, !13, !15, !16}
!12 = !DITemplateTypeParameter(name: "U", type: !3)
!13 = !DITemplateValueParameter(name: "N", type: !3, value: i32 3)
!15 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_template_param, name: "TT", value: !"Foo")
!16 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "Ts", value: !17)
!17 = !{!12}
!14 = !DIDerivedType(tag: DW_TAG_ptr_to_member_type, baseType: !3, size: 64, extraData: !7)
!20 = distinct !DISubprogram(name: "f", linkageName: "_Z1fv", scope: !1, file: !1, line: 4, type: !21, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DISubroutineType(types: !22)
!22 = !{null}
!30 = !DILocalVariable(name: "b", scope: !20, file: !1, line: 5, type: !7)
!31 = !DILocation(line: 5, column: 3, scope: !20)
!32 = !DILocalVariable(name: "pm", scope: !20, file: !1, line: 6, type: !14)
"#;

#[test]
fn templates_inheritance_and_member_pointers_come_back() {
    for format in [
        DebugInfoFormat::OpenClDebugInfo100,
        DebugInfoFormat::NonSemanticShader200,
    ] {
        let (_, text) = reverse_opaque(&forward(CPP_SOURCE, format));
        let tag = format!("{format:?}");
        assert!(
            has_line(&text, &["language: DW_LANG_C_plus_plus_14"]),
            "{tag}: {text}"
        );
        assert!(
            has_line(
                &text,
                &[
                    "tag: DW_TAG_structure_type, name: \"T<int, 3>\"",
                    "templateParams: !",
                    "identifier: \"_ZTS1TIiLi3EE\""
                ]
            ),
            "{tag}: {text}"
        );
        assert!(
            has_line(&text, &["!DITemplateTypeParameter(name: \"U\", type: !"]),
            "{tag}: {text}"
        );
        assert!(
            has_line(
                &text,
                &[
                    "!DITemplateValueParameter(name: \"N\", type: !",
                    "value: i32 3"
                ]
            ),
            "{tag}: {text}"
        );
        assert!(
            has_line(
                &text,
                &["tag: DW_TAG_GNU_template_template_param, name: \"TT\", value: !\"Foo\""]
            ),
            "{tag}: {text}"
        );
        // The forward translator writes a pack as its parameters (spirv-val admits no
        // DebugTypeTemplateParameterPack as a template's parameter): `U` twice.
        assert_eq!(
            text.matches("!DITemplateTypeParameter(name: \"U\"").count(),
            2,
            "{tag}: {text}"
        );
        assert!(
            has_line(
                &text,
                &["tag: DW_TAG_inheritance", "baseType: !", "DIFlagPublic"]
            ),
            "{tag}: {text}"
        );
        assert!(
            has_line(&text, &["tag: DW_TAG_ptr_to_member_type", "extraData: !"]),
            "{tag}: {text}"
        );
        assert!(
            has_line(
                &text,
                &["distinct !DISubprogram(name: \"f\", linkageName: \"_Z1fv\""]
            ),
            "{tag}: {text}"
        );
        if let Some(opt) = tool("opt-22") {
            let path = scratch(&format!("cpp-{tag}.ll"));
            std::fs::write(&path, &text).expect("write");
            let out = Command::new(opt)
                .args(["-passes=verify", "-o", "/dev/null"])
                .arg(&path)
                .output()
                .expect("opt-22");
            assert!(
                out.status.success(),
                "{tag}: {}\n{text}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn modules_without_debug_info_get_no_debug_metadata() {
    let words = forward(SOURCE, DebugInfoFormat::None);
    let (m, text) = reverse_opaque(&words);
    assert!(m.named_metadata("llvm.dbg.cu").is_none());
    assert!(!text.contains("!dbg"), "{text}");
    assert!(!text.contains("llvm.dbg"), "{text}");
}
