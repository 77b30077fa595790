//! fwd22 (issue 18): forward gaps of session 21 — numbered (unnamed) globals and functions in
//! LLVM text, OpSource from `!spirv.Source` / `!opencl.cxx.version` and back. Each test is
//! hand-written IR; every output is checked by spirv-val.

mod common;
use common::{decorations_of, spirv_val, translate_with, typed_and_untyped};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Decoration, Op};

// ---- session 22, helper fwd22 ----

/// The OpName strings of the module.
fn names(m: &Module) -> Vec<String> {
    m.instructions()
        .filter(|i| i.opcode == Op::Name)
        .filter_map(|i| match i.operands.get(1) {
            Some(Operand::String(s)) => Some(s.to_string()),
            _ => None,
        })
        .collect()
}

/// The names of every LinkageAttributes decoration, with its linkage type.
fn linkage_names(m: &Module) -> Vec<(String, u32)> {
    m.instructions()
        .filter(|i| {
            i.opcode == Op::Decorate
                && i.operands.get(1).and_then(Operand::word)
                    == Some(Decoration::LinkageAttributes.0)
        })
        .filter_map(|i| match (i.operands.get(2), i.operands.get(3)) {
            (Some(Operand::String(s)), Some(Operand::Word(w))) => Some((s.to_string(), *w)),
            _ => None,
        })
        .collect()
}

/// Unnamed values by number (`@0`, `define @1`, `declare @3`: LLVM's one slot map for
/// globals and functions, numbers may skip ahead) next to a value *named* "1" (`@"1"`).
const NUMBERED: &str = r#"target triple = "spir64-unknown-unknown"
@0 = addrspace(1) global i32 5, align 4
@"1" = addrspace(1) global i32 6, align 4
define spir_func i32 @1() {
  %a = load i32, ptr addrspace(1) @0, align 4
  %b = load i32, ptr addrspace(1) @"1", align 4
  %c = add i32 %a, %b
  ret i32 %c
}
declare spir_func void @3(i32)
define spir_kernel void @k(ptr addrspace(1) %p) {
  %v = call spir_func i32 @1()
  call spir_func void @3(i32 %v)
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}
"#;

/// `@N` is an unnamed value, `@"N"` a named one: the reader keeps the unnamed ones' names
/// empty and resolves each use to its own value.
#[test]
fn numbered_globals_are_unnamed_values() {
    let m = spirvkit_llvm::parse_text(NUMBERED, "numbered.ll").unwrap_or_else(|e| panic!("{e}"));
    let globals: Vec<&str> = m.globals.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(globals, ["", "1"]);
    let functions: Vec<&str> = m.functions.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(functions, ["", "", "k"]);
    // The kernel calls the unnamed definition (the one with a body), then the declaration.
    let k = &m.functions[2];
    let callees: Vec<spirvkit_llvm::ValueRef> = k
        .insts
        .iter()
        .filter_map(|i| match &i.kind {
            spirvkit_llvm::InstKind::Call { callee, .. } => Some(*callee),
            _ => None,
        })
        .collect();
    assert_eq!(
        callees,
        [
            spirvkit_llvm::ValueRef::Function(spirvkit_llvm::FuncId(0)),
            spirvkit_llvm::ValueRef::Function(spirvkit_llvm::FuncId(1)),
        ]
    );
    // The writer numbers them again (`@0` the global, `@1`/`@2` the functions), and the
    // printed text reads back to the same names.
    let ll = m.to_ll(&spirvkit_llvm::WriteOptions::opaque());
    assert!(ll.contains("@0 = addrspace(1) global i32 5"), "{ll}");
    assert!(ll.contains("@\"1\" = addrspace(1) global i32 6"), "{ll}");
    let again = spirvkit_llvm::parse_text(&ll, "again.ll").unwrap_or_else(|e| panic!("{e}\n{ll}"));
    let names: Vec<&str> = again.globals.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["", "1"]);
}

/// An unnamed definition has no name to export: no LinkageAttributes and no OpName (as
/// llvm-spirv); the value named "1" keeps both, and the unnamed declaration still imports
/// (spirv-val requires a body-less function to).
#[test]
fn numbered_values_get_no_linkage_name() {
    for m in typed_and_untyped(NUMBERED, "", "numbered_linkage") {
        let mut linkage = linkage_names(&m);
        linkage.sort();
        // Export = 0, Import = 1.
        assert_eq!(linkage, [(String::new(), 1), ("1".to_owned(), 0)]);
        let n = names(&m);
        assert!(n.iter().all(|s| !s.is_empty()), "{n:?}");
        assert!(
            n.contains(&"1".to_owned()) && n.contains(&"k".to_owned()),
            "{n:?}"
        );
    }
}

/// llvm-spirv's numeric-named function test: a kernel calling `@0` writes no
/// LinkageAttributes at all.
#[test]
fn numbered_function_called_by_a_kernel() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func void @0() {
  ret void
}
define spir_kernel void @kernel() {
  call spir_func void @0()
  ret void
}
"#;
    let m = translate_with(src, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "numbered_function_kernel");
    assert!(decorations_of(&m, Decoration::LinkageAttributes).is_empty());
    assert_eq!(names(&m), ["kernel"]);
}

/// Numbers below the next free slot (out of order, or twice, across globals and functions)
/// are errors at the name, worded as LLParser words them.
#[test]
fn numbered_values_out_of_order_are_errors() {
    let cases = [
        (
            "@1 = global i32 0\n@0 = global i32 1\n",
            "t.ll:2:1: global expected to be numbered '@2' or greater",
        ),
        (
            "@0 = global i32 0\ndefine void @0() {\n  ret void\n}\n",
            "t.ll:2:13: function expected to be numbered '@1' or greater",
        ),
        (
            "@0 = global i32 0\n@0 = global i32 1\n",
            "t.ll:2:1: global expected to be numbered '@1' or greater",
        ),
        (
            "@0 = global i32 0\n@1 = alias i32, ptr @0\n@1 = global i32 1\n",
            "t.ll:3:1: global expected to be numbered '@2' or greater",
        ),
    ];
    for (src, want) in cases {
        let err = spirvkit_llvm::parse_text(src, "t.ll")
            .err()
            .unwrap_or_else(|| panic!("accepted:\n{src}"))
            .to_string();
        assert!(err.contains(want), "{src}: {err}");
    }
    // An undefined number is an undefined value, a quoted number a name.
    let err = spirvkit_llvm::parse_text(
        "define void @f() {\n  call void @4()\n  ret void\n}\n",
        "t.ll",
    )
    .err()
    .map(|e| e.to_string())
    .unwrap_or_default();
    assert!(err.contains("'@4'"), "{err}");
    assert!(spirvkit_llvm::parse_text(
        "@\"0\" = global i32 0\n@\"0x\" = global i32 0\n@0 = global i32 1\n",
        "t.ll"
    )
    .is_ok());
}

/// A kernel module with the given named metadata lines.
fn with_metadata(metadata: &str) -> String {
    format!(
        "target triple = \"spir64-unknown-unknown\"\ndefine spir_kernel void @k() {{\n  ret void\n}}\n{metadata}"
    )
}

/// OpSource's two words.
fn source_words(m: &Module) -> (u32, u32) {
    let source = m
        .instructions()
        .find(|i| i.opcode == Op::Source)
        .unwrap_or_else(|| panic!("no OpSource"));
    let word = |i: usize| source.operands.get(i).and_then(Operand::word);
    (word(0).unwrap_or(u32::MAX), word(1).unwrap_or(u32::MAX))
}

/// The reverse translation's named metadata lines (`!name = !{...}`) with each node printed in
/// place, in module order.
fn reverse_source_metadata(m: &Module) -> Vec<String> {
    let back = spirvkit_spir::reverse::reverse_words(&m.to_words(), &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let ll = back.to_ll(&spirvkit_llvm::WriteOptions::opaque());
    let node = |id: &str| {
        ll.lines()
            .find_map(|l| l.strip_prefix(&format!("{id} = ")))
            .unwrap_or_else(|| panic!("{id} undefined:\n{ll}"))
            .to_owned()
    };
    ll.lines()
        .filter_map(|l| l.strip_prefix('!'))
        .filter_map(|l| l.split_once(" = !{!"))
        .filter(|(name, _)| {
            matches!(
                *name,
                "spirv.Source" | "opencl.ocl.version" | "opencl.cxx.version"
            )
        })
        .map(|(name, rest)| {
            format!(
                "{name} {}",
                node(&format!("!{}", rest.trim_end_matches('}')))
            )
        })
        .collect()
}

/// OpSource as llvm-spirv writes it: `!spirv.Source` as given (its spirvSourceOpenCLCPP
/// test: OpenCL_CPP 100000); C++ for OpenCL (6) with `!opencl.cxx.version`'s version over
/// `!opencl.ocl.version`'s; OpenCL C with the OpenCL version, 2.1 being OpenCL_CPP
/// (PreprocessMetadata), 1.2 when nothing says.
#[test]
fn source_language_from_metadata() {
    let cases = [
        ("!spirv.Source = !{!0}\n!0 = !{i32 4, i32 100000}\n", (4, 100000)),
        (
            "!spirv.Source = !{!0}\n!opencl.ocl.version = !{!1}\n!0 = !{i32 3, i32 300000}\n!1 = !{i32 2, i32 0}\n",
            (3, 300000),
        ),
        (
            "!opencl.ocl.version = !{!0}\n!opencl.cxx.version = !{!1}\n!0 = !{i32 2, i32 0}\n!1 = !{i32 1, i32 0}\n",
            (6, 100000),
        ),
        (
            "!opencl.ocl.version = !{!0}\n!opencl.cxx.version = !{!1}\n!0 = !{i32 3, i32 0}\n!1 = !{i32 2021, i32 0}\n",
            (6, 202100000),
        ),
        ("!opencl.ocl.version = !{!0}\n!0 = !{i32 2, i32 0}\n", (3, 200000)),
        ("!opencl.ocl.version = !{!0}\n!0 = !{i32 2, i32 1}\n", (4, 201000)),
        ("", (3, 102000)),
    ];
    for (n, (metadata, want)) in cases.into_iter().enumerate() {
        let m = translate_with(&with_metadata(metadata), "").unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("source_language_{n}"));
        assert_eq!(source_words(&m), want, "{metadata}");
    }
    let err = translate_with(
        &with_metadata("!opencl.cxx.version = !{!0}\n!0 = !{i32 900000, i32 0}\n"),
        "",
    )
    .err()
    .unwrap_or_default();
    assert!(err.contains("!opencl.cxx.version"), "{err}");
}

/// The reverse writes `!spirv.Source` with OpSource's words first, then the versions
/// llvm-spirv's reader gives: OpenCL C's version for OpenCL_C (its spirvSourceCL2.0 test), no
/// OpenCL C version for OpenCL_CPP (spirvSourceOpenCLCPP), the C++ version and the OpenCL C
/// version it builds on for C++ for OpenCL; translated again, the module has the same
/// OpSource.
#[test]
fn source_language_round_trip() {
    let cases = [
        (
            "!opencl.ocl.version = !{!0}\n!0 = !{i32 2, i32 0}\n",
            vec!["spirv.Source !{i32 3, i32 200000}", "opencl.ocl.version !{i32 2, i32 0}"],
        ),
        (
            "",
            vec!["spirv.Source !{i32 3, i32 102000}", "opencl.ocl.version !{i32 1, i32 2}"],
        ),
        (
            "!spirv.Source = !{!0}\n!0 = !{i32 4, i32 100000}\n",
            vec!["spirv.Source !{i32 4, i32 100000}"],
        ),
        (
            "!opencl.ocl.version = !{!0}\n!opencl.cxx.version = !{!1}\n!0 = !{i32 2, i32 0}\n!1 = !{i32 1, i32 0}\n",
            vec![
                "spirv.Source !{i32 6, i32 100000}",
                "opencl.cxx.version !{i32 1, i32 0}",
                "opencl.ocl.version !{i32 2, i32 0}",
            ],
        ),
        (
            "!opencl.ocl.version = !{!0}\n!opencl.cxx.version = !{!1}\n!0 = !{i32 3, i32 0}\n!1 = !{i32 2021, i32 0}\n",
            vec![
                "spirv.Source !{i32 6, i32 202100000}",
                "opencl.cxx.version !{i32 2021, i32 0}",
                "opencl.ocl.version !{i32 3, i32 0}",
            ],
        ),
    ];
    for (metadata, want) in cases {
        let m = translate_with(&with_metadata(metadata), "").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(reverse_source_metadata(&m), want, "{metadata}");
        let back = spirvkit_spir::reverse::reverse_words(&m.to_words(), &Default::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let again =
            spirvkit_spir::translate(&back, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(source_words(&again), source_words(&m), "{metadata}");
    }
}

/// Casts and GEPs of vectors of pointers (SPV_INTEL_masked_gather_scatter): OpBitcast,
/// OpGenericCastToPtr, OpPtrCastToGeneric, OpConvertPtrToU/UToPtr and the access chains take
/// single pointers (spirv-val rejects them on vectors), so each goes lane by lane —
/// OpCompositeExtract, the instruction, OpCompositeConstruct — and the module is valid (typed
/// pointers, as llvm-spirv's basic-vector-pointers test writes them, and opaque ones).
#[test]
fn vectors_of_pointers_cast_lane_by_lane() {
    let typed = r#"target triple = "spir"
define spir_kernel void @foo(<4 x i32 addrspace(1)*> addrspace(1)* %out) {
entry:
  %arg1 = alloca <4 x i8 addrspace(4)*>
  %0 = load <4 x i8 addrspace(4)*>, <4 x i8 addrspace(4)*>* %arg1
  %tmp1 = bitcast <4 x i8 addrspace(4)*> %0 to <4 x i32 addrspace(4)*>
  %tmp2 = addrspacecast <4 x i32 addrspace(4)*> %tmp1 to <4 x i32 addrspace(1)*>
  %tmp3 = call <4 x i32 addrspace(1)*> @boo(<4 x i32 addrspace(1)*> %tmp2)
  %tmp4 = getelementptr inbounds i32, <4 x i32 addrspace(1)*> %tmp3, i32 1
  %back = addrspacecast <4 x i32 addrspace(1)*> %tmp4 to <4 x i32 addrspace(4)*>
  %ints = ptrtoint <4 x i32 addrspace(4)*> %back to <4 x i32>
  %ptrs = inttoptr <4 x i32> %ints to <4 x i32 addrspace(1)*>
  store <4 x i32 addrspace(1)*> %ptrs, <4 x i32 addrspace(1)*> addrspace(1)* %out
  ret void
}
declare <4 x i32 addrspace(1)*> @boo(<4 x i32 addrspace(1)*>)
"#;
    let opaque = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @foo(ptr addrspace(1) %out, <4 x i64> %idx) {
entry:
  %arg1 = alloca <4 x ptr addrspace(4)>
  %0 = load <4 x ptr addrspace(4)>, ptr %arg1
  %g = addrspacecast <4 x ptr addrspace(4)> %0 to <4 x ptr addrspace(1)>
  %e = getelementptr inbounds [4 x i32], <4 x ptr addrspace(1)> %g, <4 x i64> %idx, i64 2
  %ints = ptrtoint <4 x ptr addrspace(1)> %e to <4 x i64>
  %same = icmp eq <4 x ptr addrspace(1)> %e, %g
  %generic = addrspacecast <4 x ptr addrspace(1)> %e to <4 x ptr addrspace(4)>
  store <4 x ptr addrspace(4)> %generic, ptr %arg1
  store <4 x i64> %ints, ptr addrspace(1) %out
  ret void
}
"#;
    for (n, src) in [typed, opaque].into_iter().enumerate() {
        let m = translate_with(src, "+SPV_INTEL_masked_gather_scatter")
            .unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, &format!("vector_pointer_lanes_{n}"));
        let defs = common::defs(&m);
        // No pointer instruction on a vector: every result and operand is a single pointer
        // or integer.
        for i in m.instructions().filter(|i| {
            matches!(
                i.opcode,
                Op::Bitcast
                    | Op::GenericCastToPtr
                    | Op::PtrCastToGeneric
                    | Op::ConvertPtrToU
                    | Op::ConvertUToPtr
                    | Op::InBoundsPtrAccessChain
                    | Op::PtrAccessChain
            )
        }) {
            let result = i.result_type.map(|t| defs[&t].opcode);
            assert_ne!(result, Some(Op::TypeVector), "{i:?}");
        }
        let lanes = m
            .instructions()
            .filter(|i| i.opcode == Op::CompositeExtract)
            .count();
        assert!(lanes >= 16, "{lanes} lanes extracted");
    }
}
