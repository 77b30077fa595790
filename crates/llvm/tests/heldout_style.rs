//! Text-reader cases found by the held-out style measurement (llvm-spirv-style tests, issue
//! 18): each snippet is hand-written and reads the way `llvm-as` reads it.

use spirvkit_llvm::*;

#[test]
fn an_undefined_attribute_group_adds_nothing() {
    // llvm-as accepts a declaration naming a group no `attributes #N` defines.
    let src = r#"target triple = "spir-unknown-unknown"
declare void @llvm.trap() #8
define spir_kernel void @k() #0 {
  call void @llvm.trap() #12
  ret void
}
attributes #0 = { nounwind }
"#;
    let m = parse_text(src, "groups.ll").unwrap_or_else(|e| panic!("{e}"));
    let trap = m
        .functions
        .iter()
        .find(|f| f.name == "llvm.trap")
        .expect("trap");
    assert!(trap.attrs.function.is_empty());
    let k = m.functions.iter().find(|f| f.name == "k").expect("kernel");
    assert!(!k.attrs.function.is_empty());
}

#[test]
fn comdat_definitions_are_read() {
    // A SYCL kernel in a comdat, as DPC++ emits it.
    let src = r#"target triple = "spir64-unknown-unknown"
$_ZTS6kernel = comdat any
$other = comdat largest
define weak_odr spir_kernel void @_ZTS6kernel() comdat {
  ret void
}
define linkonce_odr spir_func void @other() comdat($other) {
  ret void
}
"#;
    let m = parse_text(src, "comdat.ll").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.functions.len(), 2);
    let bad = "$x = comdat sometimes\n";
    let e = parse_text(bad, "bad.ll").expect_err("bad selection kind");
    assert!(e.to_string().contains("comdat selection kind"), "{e}");
}

#[test]
fn quoted_comdat_names_and_global_attribute_groups_are_read() {
    // DPC++ quotes comdat names holding `$`; vector-compute globals carry `#N` groups.
    let src = r#"target triple = "spir64-unknown-unknown"
$"_ZTSZ4mainE3$_0" = comdat any
@gv = internal addrspace(1) global <4 x float> zeroinitializer, align 16 #0
@ext = external addrspace(1) global i32 #0
define weak_odr spir_kernel void @"_ZTSZ4mainE3$_0"() comdat($"_ZTSZ4mainE3$_0") {
  ret void
}
attributes #0 = { "VCGlobalVariable" }
"#;
    let m = parse_text(src, "quoted_comdat.ll").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.functions.len(), 1);
    assert_eq!(m.globals.len(), 2);
    assert!(m.globals[0].initializer.is_some());
    assert!(
        m.globals[1].initializer.is_none(),
        "a declaration keeps no initializer"
    );
    let bad = "$\"unterminated = comdat any\n";
    let e = parse_text(bad, "bad.ll").expect_err("unterminated quoted comdat");
    assert!(e.to_string().contains("unterminated string"), "{e}");
}

#[test]
fn an_intrinsic_called_without_a_declaration_is_declared_from_its_call() {
    // llvm-as declares an intrinsic a call names without `declare`, typed by the call.
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(i32 %a, i32 %b) {
  %m = call i32 @llvm.umax.i32(i32 %a, i32 %b)
  %n = call i32 @llvm.umax.i32(i32 %m, i32 7)
  call void @llvm.dbg.value(metadata i32 %n, metadata !1, metadata !DIExpression())
  ret i32 %n
}
!1 = !{}
"#;
    let m = parse_text(src, "implicit.ll").unwrap_or_else(|e| panic!("{e}"));
    let umax: Vec<_> = m
        .functions
        .iter()
        .filter(|f| f.name == "llvm.umax.i32")
        .collect();
    assert_eq!(umax.len(), 1, "declared once");
    let (ret, params, vararg) = m.types.function_signature(umax[0].fn_ty).expect("fn type");
    assert!(matches!(m.types.get(ret), Type::Int(32)));
    assert_eq!(params.len(), 2);
    assert!(!vararg);
    assert!(umax[0].blocks.is_empty(), "a declaration");
    assert!(m.functions.iter().any(|f| f.name == "llvm.dbg.value"));
    // Only `llvm.*` names are declared implicitly.
    let bad = "define void @g() {\n  call void @not_declared()\n  ret void\n}\n";
    let e = parse_text(bad, "bad.ll").expect_err("an undefined function");
    assert!(e.to_string().contains("@not_declared"), "{e}");
}

#[test]
fn unnamed_values_may_skip_numbers_but_not_go_back() {
    // llvm-as 19+ reads `%2` as the first value after the implicit entry block `%0`.
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @f(i32 %a) {
  %2 = add i32 %a, 1
  %5 = mul i32 %2, 3
  br label %7
7:
  ret i32 %5
}
"#;
    let m = parse_text(src, "skip.ll").unwrap_or_else(|e| panic!("{e}"));
    let f = m.functions.iter().find(|f| f.name == "f").expect("f");
    assert_eq!(f.blocks.len(), 2);
    let back =
        "define i32 @g(i32 %a) {\n  %3 = add i32 %a, 1\n  %2 = add i32 %3, 1\n  ret i32 %2\n}\n";
    let e = parse_text(back, "back.ll").expect_err("a number going back");
    assert!(e.to_string().contains("or greater"), "{e}");
}

#[test]
fn use_list_order_directives_are_skipped() {
    // `llvm-dis --preserve-ll-uselistorder` output: module-level and in-body directives,
    // with a constant expression as the value; they only order uses in memory.
    let src = r#"target triple = "spir64-unknown-unknown"
@table = global [2 x i32] zeroinitializer
define spir_func i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
  %y = mul i32 %x, %x
  %z = sub i32 %x, %y
  uselistorder i32 %x, { 2, 1, 0 }
  ret i32 %z
}
define spir_func void @g(ptr %p) {
  %v = call i32 @f(i32 1)
  %w = call i32 @f(i32 2)
  store i32 %v, ptr getelementptr ([2 x i32], ptr @table, i64 0, i64 1)
  store i32 %w, ptr %p
  ret void
}
uselistorder ptr @f, { 1, 0 }
uselistorder ptr getelementptr ([2 x i32], ptr @table, i64 0, i64 1), { 0 }
uselistorder_bb @g, %0, { 0 }
"#;
    let m = parse_text(src, "uselistorder.ll").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.functions.len(), 2);
    let f = m.functions.iter().find(|f| f.name == "f").expect("f");
    assert_eq!(
        f.insts.len(),
        4,
        "add, mul, sub, ret: the directive adds nothing"
    );
    // A directive without its index list is an error naming the line.
    let bad = "uselistorder ptr @f, 1\n";
    let e = parse_text(bad, "bad.ll").expect_err("no index list");
    assert!(e.to_string().contains("bad.ll:1:"), "{e}");
}

#[test]
fn a_globals_attribute_groups_are_kept() {
    // `@in = internal global <256 x i8> undef, align 256 #0` (SPV_INTEL_vector_compute's
    // "VCGlobalVariable" and friends, llvm-spirv's decoration_byte_offset.ll): the groups a
    // global names are merged into its attributes, even when defined after it.
    let src = r#"@in = internal global i32 0, align 4 #0 #1
@plain = global i32 1
attributes #0 = { "VCByteOffset"="1" "VCVolatile" }
attributes #1 = { "VCGlobalVariable" }
"#;
    let m = parse_text(src, "global_groups.ll").unwrap_or_else(|e| panic!("{e}"));
    let g = &m.globals[0];
    assert!(g
        .attrs
        .contains(&Attribute::Str("VCByteOffset".into(), Some("1".into()))));
    assert!(g.attrs.contains(&Attribute::Str("VCVolatile".into(), None)));
    assert!(g
        .attrs
        .contains(&Attribute::Str("VCGlobalVariable".into(), None)));
    assert!(m.globals[1].attrs.is_empty());
}

#[test]
fn a_globals_attributes_survive_bitcode_and_text_writing() {
    // Session 15: a GLOBALVAR record's attribute list (operand 12, the function-index set of
    // an attribute list, as LLVM writes it) is read and written; the text writer prints the
    // group after the attachments, as llvm-dis does. A global without attributes keeps none,
    // and a function sharing the attribute set keeps its own list.
    let src = r#"target triple = "spir64-unknown-unknown"
@in = internal addrspace(1) global i32 0, align 4, !md !0 #0
@plain = global i32 1
define void @f() #0 {
  ret void
}
attributes #0 = { "VCByteOffset"="1" "VCGlobalVariable" }
!0 = !{i32 1}
"#;
    let m = parse_text(src, "global_attrs.ll").unwrap_or_else(|e| panic!("{e}"));
    let bitcode = spirvkit_llvm::write_bitcode(&m, "global_attrs.bc").expect("writes");
    let back = spirvkit_llvm::read_bitcode(&bitcode, "global_attrs.bc").expect("reads");
    assert_eq!(back.globals[0].attrs, m.globals[0].attrs);
    assert!(back.globals[1].attrs.is_empty());
    assert_eq!(
        back.functions[0].attrs.function,
        m.functions[0].attrs.function
    );
    let text = back.to_ll(&spirvkit_llvm::WriteOptions::opaque());
    assert!(
        text.contains("@in = internal addrspace(1) global i32 0, align 4, !md !0 #0"),
        "{text}"
    );
    let again = parse_text(&text, "again.ll").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.globals[0].attrs, m.globals[0].attrs);
}
