//! Debug-info metadata: specialized nodes, `!dbg` locations and function-local metadata,
//! read from clang-15 `-g` output (bitcode and text) and from hand-written `.ll`.
//! `data/debug_kernel.cl` compiled with `clang-15 -cc1 -triple spir64-unknown-unknown
//! -cl-std=CL1.2 -finclude-default-header -debug-info-kind=constructor -dwarf-version=5
//! -fdebug-compilation-dir=/src -emit-llvm-bc` (`-no-opaque-pointers` for the typed one).

use spirvkit_llvm::*;

const OPAQUE_BC: &[u8] = include_bytes!("data/debug_kernel.bc");
const TYPED_BC: &[u8] = include_bytes!("data/debug_kernel_typed.bc");
const OPAQUE_LL: &str = include_str!("data/debug_kernel.ll");

fn node(m: &Module, id: MetadataId) -> &DiNode {
    match m.metadata(id) {
        Some(Metadata::Specialized(n)) => n,
        other => panic!("!{} is not a specialized node: {other:?}", id.0),
    }
}

fn string_field(m: &Module, n: &DiNode, name: &str) -> String {
    match n.field(name) {
        Some(DiField::String(id)) => match m.metadata(*id) {
            Some(Metadata::String(s)) => String::from_utf8_lossy(s).into_owned(),
            other => panic!("{name} is not a string: {other:?}"),
        },
        other => panic!("{name}: {other:?}"),
    }
}

fn nodes_of_kind<'m>(m: &'m Module, kind: &str) -> Vec<&'m DiNode> {
    m.metadata
        .iter()
        .filter_map(|md| match md {
            Metadata::Specialized(n) if n.kind == kind => Some(n),
            _ => None,
        })
        .collect()
}

/// What both readers must find in the debug kernel.
fn check_debug_kernel(m: &Module) {
    let cu = nodes_of_kind(m, "DICompileUnit");
    assert_eq!(cu.len(), 1);
    assert!(cu[0].distinct);
    assert_eq!(
        cu[0].field("language"),
        Some(&DiField::Symbol("DW_LANG_OpenCL".into()))
    );
    assert_eq!(
        cu[0].field("emissionKind"),
        Some(&DiField::Symbol("FullDebug".into()))
    );

    let scale = m
        .functions
        .iter()
        .find(|f| f.name == "scale")
        .expect("scale");
    let sp = node(m, scale.attachment("dbg").expect("!dbg on scale"));
    assert_eq!(sp.kind, "DISubprogram");
    assert_eq!(string_field(m, sp, "name"), "scale");
    assert_eq!(
        sp.field("spFlags"),
        Some(&DiField::Symbol(
            "DISPFlagDefinition | DISPFlagOptimized".into()
        ))
    );
    assert_eq!(sp.field("line"), Some(&DiField::UInt(11)));

    // The kernel's instructions carry DILocations in a scope (the kernel, or the
    // inlined helper with an inlinedAt location).
    let mut located = 0;
    for inst in &scale.insts {
        let Some((_, loc)) = inst.metadata.iter().find(|(k, _)| k == "dbg") else {
            continue;
        };
        let loc = node(m, *loc);
        assert_eq!(loc.kind, "DILocation");
        let Some(DiField::Metadata(scope)) = loc.field("scope") else {
            panic!("DILocation without scope: {loc:?}");
        };
        let scope_kind = &node(m, *scope).kind;
        assert!(
            scope_kind == "DISubprogram" || scope_kind == "DILexicalBlock",
            "{scope_kind}"
        );
        if loc.field("inlinedAt").is_none() && scope_kind == "DISubprogram" {
            assert_eq!(
                loc.field("scope"),
                scale.attachment("dbg").map(DiField::Metadata).as_ref()
            );
        }
        located += 1;
    }
    assert!(located > 3);

    // llvm.dbg.value(metadata i32 %k, ...): a function-local value as metadata.
    let k_index = scale.args.len() as u32 - 1;
    let found = scale.insts.iter().any(|inst| match &inst.kind {
        InstKind::Call { args, .. } => args.first().is_some_and(|a| {
            matches!(a, ValueRef::Metadata(md)
                if matches!(m.metadata(*md), Some(Metadata::Value { value: ValueRef::Argument(n), .. }) if *n == k_index))
        }),
        _ => false,
    });
    assert!(found, "dbg.value of %k not found");

    let slow = nodes_of_kind(m, "DIEnumerator")
        .into_iter()
        .find(|n| string_field(m, n, "name") == "SLOW")
        .expect("SLOW");
    assert_eq!(slow.field("value"), Some(&DiField::Int(-2)));

    let blocks = nodes_of_kind(m, "DILexicalBlock");
    assert_eq!(blocks.len(), 2);
    assert!(blocks.iter().all(|b| b.distinct));
    assert_eq!(nodes_of_kind(m, "DIGlobalVariableExpression").len(), 1);
}

#[test]
fn bitcode_debug_info_is_read() {
    for bc in [OPAQUE_BC, TYPED_BC] {
        let m = read_bitcode(bc, "debug_kernel.bc").expect("read");
        check_debug_kernel(&m);
    }
}

#[test]
fn text_debug_info_is_read() {
    let m = parse_text(OPAQUE_LL, "debug_kernel.ll").expect("parse");
    check_debug_kernel(&m);
}

/// The printed lines, sorted, with metadata numbers blanked.
fn shape(ll: &str) -> Vec<String> {
    let mut lines: Vec<String> = ll
        .lines()
        .map(|l| {
            let mut out = String::new();
            let mut chars = l.chars().peekable();
            while let Some(c) = chars.next() {
                out.push(c);
                if c == '!' {
                    while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                        chars.next();
                    }
                }
            }
            out
        })
        .collect();
    lines.sort();
    lines
}

/// Printing survives the text reader: print, parse, print again gives the same lines.
#[test]
fn printed_debug_info_reads_back_the_same() {
    for (bc, opts) in [
        (OPAQUE_BC, WriteOptions::default()),
        (TYPED_BC, WriteOptions::default()),
        (TYPED_BC, WriteOptions::opaque()),
    ] {
        let first = read_bitcode(bc, "debug_kernel.bc")
            .expect("read")
            .to_ll(&opts);
        assert!(first.contains("distinct !DICompileUnit(language: DW_LANG_OpenCL"));
        assert!(first.contains("declare !dbg") || !first.contains("declare spir_func"));
        let again = parse_text(&first, "printed.ll").expect("reparse");
        check_debug_kernel(&again);
        // Node numbers follow the reader's table order; everything else must be the same.
        assert_eq!(shape(&again.to_ll(&opts)), shape(&first));
    }
}

const HAND_WRITTEN: &str = r#"
define void @f(i32 %x) !dbg !4 {
  call void @llvm.dbg.value(metadata i32 %x, metadata !7, metadata !DIExpression(DW_OP_plus_uconst, 8, DW_OP_stack_value)), !dbg !8
  ret void, !dbg !8
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: false, emissionKind: FullDebug, splitDebugInlining: false)
!1 = !DIFile(filename: "f.c", directory: "/tmp")
!2 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, flags: DIFlagPrototyped | DIFlagArtificial, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null, !2}
!7 = !DILocalVariable(name: "x", arg: 1, scope: !4, file: !1, line: 1, type: !2)
!8 = !DILocation(line: 2, column: 3, scope: !4)
"#;

#[test]
fn hand_written_debug_info_keeps_fields_as_written() {
    let m = parse_text(HAND_WRITTEN, "hand.ll").expect("parse");
    let sp = nodes_of_kind(&m, "DISubprogram")[0];
    assert_eq!(
        sp.field("flags"),
        Some(&DiField::Symbol(
            "DIFlagPrototyped | DIFlagArtificial".into()
        ))
    );
    let expr = nodes_of_kind(&m, "DIExpression")[0];
    let ops: Vec<&DiField> = expr.fields.iter().map(|(_, f)| f).collect();
    assert_eq!(
        ops,
        [
            &DiField::Symbol("DW_OP_plus_uconst".into()),
            &DiField::UInt(8),
            &DiField::Symbol("DW_OP_stack_value".into())
        ]
    );
    let printed = m.to_ll(&WriteOptions::default());
    assert!(printed.contains("call void @llvm.dbg.value(metadata i32 %x, metadata !"));
    assert!(printed.contains("= !DIExpression(DW_OP_plus_uconst, 8, DW_OP_stack_value)"));
    assert!(printed.contains("ret void, !dbg !"));
}

#[test]
fn malformed_debug_info_is_an_error_with_position() {
    for bad in [
        "!0 = !DILocation(line: 2, scope: )",
        "!0 = !DILocation(line: 2 scope: !1)",
        "!0 = distinct !DIFile(filename: \"a\"",
        "!0 = !DIBasicType(flags: DIFlagPrototyped | )",
    ] {
        let err = parse_text(bad, "bad.ll").expect_err(bad).to_string();
        assert!(err.contains("bad.ll:1:"), "{bad}: {err}");
    }
}

/// LLVM 21 and later store type sizes and offsets as metadata (a flag in the record says
/// so): `data/debug_kernel22.bc` is `data/debug_kernel.cl` compiled by clang-22 with the
/// flags above. The sizes read as the integers clang wrote, not as metadata numbers.
#[test]
fn clang22_type_sizes_stored_as_metadata() {
    const CLANG22_BC: &[u8] = include_bytes!("data/debug_kernel22.bc");
    let m = read_bitcode(CLANG22_BC, "debug_kernel22.bc").unwrap_or_else(|e| panic!("{e}"));
    let text = m.to_ll(&WriteOptions::default());
    let line = |needle: &str| -> String {
        text.lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no line with {needle}:\n{text}"))
            .to_owned()
    };
    for (needle, size) in [
        ("name: \"int\"", "size: 32,"),
        ("name: \"float\"", "size: 32,"),
        ("name: \"unsigned long\"", "size: 64,"),
        ("DW_TAG_structure_type", "size: 96,"),
        ("name: \"x\"", "offset: 0)"),
        ("name: \"n\"", "offset: 32)"),
    ] {
        let l = line(needle);
        assert!(l.contains(size), "{needle}: expected {size} in {l}");
    }
    // The sizes are kept as the metadata they are stored as.
    let basic = nodes_of_kind(&m, "DIBasicType");
    assert!(basic
        .iter()
        .all(|n| matches!(n.field("size"), Some(DiField::MetadataInt(_)))));
}

/// The Fortran records the bitcode reader models since session 17 (DIModule, DIStringType,
/// DIGenericSubrange, DICommonBlock): `data/fortran_debug_info.ll` assembled by llvm-as-22
/// (sizes stored as metadata) and by llvm-as-15, read with the same fields the text
/// reader finds.
#[test]
fn fortran_records_from_bitcode_match_the_text() {
    const TEXT: &str = include_str!("data/fortran_debug_info.ll");
    const BC22: &[u8] = include_bytes!("data/fortran_debug_info22.bc");
    const BC15: &[u8] = include_bytes!("data/fortran_debug_info15.bc");
    /// A field rendered without node numbers: strings by text, references by the kind
    /// of the node they name, integers stored as metadata by their value.
    fn render(m: &Module, f: &DiField) -> String {
        let target = |id: &MetadataId| match m.metadata(*id) {
            Some(Metadata::String(s)) => format!("\"{}\"", String::from_utf8_lossy(s)),
            Some(Metadata::Specialized(n)) => n.kind.clone(),
            Some(Metadata::Value { .. }) => "value".into(),
            other => format!("{other:?}"),
        };
        match f {
            DiField::String(id) | DiField::Metadata(id) => target(id),
            DiField::MetadataInt(_) => "value".into(),
            DiField::UInt(v) => v.to_string(),
            DiField::Int(v) => v.to_string(),
            other => format!("{other:?}"),
        }
    }
    let text = parse_text(TEXT, "fortran_debug_info.ll").unwrap_or_else(|e| panic!("{e}"));
    for (bc, name) in [(BC22, "llvm-as-22"), (BC15, "llvm-as-15")] {
        let m = read_bitcode(bc, name).unwrap_or_else(|e| panic!("{name}: {e}"));
        for kind in [
            "DIModule",
            "DIStringType",
            "DIGenericSubrange",
            "DICommonBlock",
        ] {
            let from_text = nodes_of_kind(&text, kind);
            let from_bitcode = nodes_of_kind(&m, kind);
            assert_eq!(from_text.len(), 1, "{kind}");
            assert_eq!(
                from_bitcode.len(),
                1,
                "{name}: {kind} read as {from_bitcode:?}"
            );
            for (field, value) in &from_text[0].fields {
                let found = from_bitcode[0]
                    .field(field)
                    .unwrap_or_else(|| panic!("{name}: {kind} has no {field}"));
                let (want, got) = (render(&text, value), render(&m, found));
                // A size is a literal in text and in LLVM 15 bitcode, metadata in LLVM 22's.
                if field == "size" && (want == "value" || got == "value") {
                    continue;
                }
                assert_eq!(got, want, "{name}: {kind}.{field}");
            }
        }
        let string_type = nodes_of_kind(&m, "DIStringType")[0];
        assert_eq!(
            string_type.field("tag"),
            Some(&DiField::Symbol("DW_TAG_string_type".into()))
        );
        // Printed, the nodes parse back (the text reader takes what the bitcode gave).
        let printed = m.to_ll(&WriteOptions::default());
        let again = parse_text(&printed, "printed.ll").unwrap_or_else(|e| panic!("{e}"));
        for kind in [
            "DIModule",
            "DIStringType",
            "DIGenericSubrange",
            "DICommonBlock",
        ] {
            assert_eq!(
                nodes_of_kind(&again, kind).len(),
                1,
                "{name}: {kind}\n{printed}"
            );
        }
    }
}
