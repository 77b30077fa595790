//! SPV_INTEL_function_pointers: function addresses → OpConstantFunctionPointerINTEL, calls
//! through pointers → OpFunctionPointerCallINTEL, `"referenced-indirectly"` →
//! ReferencedIndirectlyINTEL; each refused naming the extension without it.

mod common;
use common::{spirv_val, translate_with};
use spirvkit_core::{Id, Module, Operand};
use spirvkit_grammar::{Capability, Decoration, Op};

const EXT: &str = "+SPV_INTEL_function_pointers";
const EXT_UNTYPED: &str = "+SPV_INTEL_function_pointers,+SPV_KHR_untyped_pointers";

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

fn has_capability(m: &Module, c: Capability) -> bool {
    m.instructions().any(|i| {
        i.opcode == Op::Capability && i.operands.first().and_then(Operand::word) == Some(c.0)
    })
}

fn id_of_name(m: &Module, name: &str) -> Id {
    m.instructions()
        .find(|i| {
            i.opcode == Op::Name
                && matches!(i.operands.get(1), Some(Operand::String(s)) if &**s == name)
        })
        .and_then(|i| i.operands.first().and_then(Operand::id))
        .unwrap_or_else(|| panic!("no OpName {name}"))
}

/// spirv-val 2025.5 allows no forward reference at module scope, so it rejects every
/// OpConstantFunctionPointerINTEL (llvm-spirv's output included); this checks that this is
/// the only thing it reports.
fn spirv_val_only_forward_function_reference(m: &Module, tag: &str) {
    let val = spirvkit_test_support::workspace_root().join(".venv/bin/spirv-val");
    if !val.is_file() {
        return;
    }
    let dir = spirvkit_test_support::workspace_root().join("target/test-function-pointers");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let file = dir.join(format!("{tag}.spv"));
    std::fs::write(&file, m.to_bytes()).expect("write");
    let out = std::process::Command::new(val)
        .arg(&file)
        .output()
        .expect("run spirv-val");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success()
            || (err.contains("has not been defined")
                && err.contains("OpConstantFunctionPointerINTEL")),
        "{tag}: {err}"
    );
}

/// Generated-from-OpenCL-C shape of llvm-spirv's function-pointer test: the address of a
/// function stored in a private variable, loaded and called.
const ADDRESS_AND_CALL: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @foo(i32 %arg) #0 {
entry:
  %add = add nsw i32 %arg, 10
  ret i32 %add
}
define spir_kernel void @test(ptr addrspace(1) %data, i32 %input) {
entry:
  %fp = alloca ptr, align 8
  store ptr @foo, ptr %fp, align 8
  %0 = load ptr, ptr %fp, align 8
  %call = call spir_func i32 %0(i32 %input)
  store i32 %call, ptr addrspace(1) %data, align 4
  ret void
}
attributes #0 = { "referenced-indirectly" }
"#;

#[test]
fn function_address_and_indirect_call() {
    for (exts, tag) in [(EXT, "typed"), (EXT_UNTYPED, "untyped")] {
        let m = translate_with(ADDRESS_AND_CALL, exts).unwrap_or_else(|e| panic!("{tag}: {e}"));
        spirv_val_only_forward_function_reference(&m, tag);
        let foo = id_of_name(&m, "foo");
        let constant = m
            .instructions()
            .find(|i| i.opcode == Op::ConstantFunctionPointerINTEL)
            .unwrap_or_else(|| panic!("{tag}: no OpConstantFunctionPointerINTEL"));
        assert_eq!(constant.operands.first().and_then(Operand::id), Some(foo));
        let call = m
            .instructions()
            .find(|i| i.opcode == Op::FunctionPointerCallINTEL)
            .unwrap_or_else(|| panic!("{tag}: no OpFunctionPointerCallINTEL"));
        assert_eq!(call.operands.len(), 2, "{tag}: pointer and one argument");
        assert!(has_capability(&m, Capability::FunctionPointersINTEL));
        assert!(has_capability(&m, Capability::IndirectReferencesINTEL));
        assert!(m.instructions().any(|i| i.opcode == Op::Decorate
            && i.operands.first().and_then(Operand::id) == Some(foo)
            && i.operands.get(1).and_then(Operand::word)
                == Some(Decoration::ReferencedIndirectlyINTEL.0)));
        if tag == "typed" {
            // The constant points to foo's own OpTypeFunction.
            let fn_ty = m
                .instructions()
                .find(|i| i.opcode == Op::Function && i.result_id == Some(foo))
                .and_then(|i| i.operands.get(1).and_then(Operand::id));
            let ptr = m
                .instructions()
                .find(|i| i.result_id == constant.result_type)
                .expect("constant type");
            assert_eq!(ptr.opcode, Op::TypePointer);
            assert_eq!(ptr.operands.get(1).and_then(Operand::id), fn_ty);
        }
    }
}

#[test]
fn function_pointers_are_refused_naming_the_extension() {
    let e = translate_with(ADDRESS_AND_CALL, "").expect_err("needs the extension");
    assert!(e.contains("SPV_INTEL_function_pointers"), "{e}");
    let e = translate_with(CALL_THROUGH_PARAMETER, "").expect_err("needs the extension");
    assert!(
        e.contains("an indirect call") && e.contains("SPV_INTEL_function_pointers"),
        "{e}"
    );
}

/// A call through a pointer that arrives as a parameter (no constant): valid for spirv-val
/// with untyped pointers (2025.5 rejects typed pointers to function types).
const CALL_THROUGH_PARAMETER: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func float @apply(ptr %f, float %x, ptr addrspace(1) %out) {
entry:
  %r = call spir_func float %f(float %x, ptr addrspace(1) %out)
  call spir_func void %f(float %r, ptr addrspace(1) %out)
  ret float %r
}
"#;

#[test]
fn call_through_a_parameter_validates_with_untyped_pointers() {
    let m = translate_with(CALL_THROUGH_PARAMETER, EXT_UNTYPED).unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "fp_call_through_parameter");
    assert_eq!(count(&m, Op::FunctionPointerCallINTEL), 2);
    assert_eq!(count(&m, Op::ConstantFunctionPointerINTEL), 0);
}

/// llvm-spirv's select test: a pointer chosen between two functions, stored, loaded, called;
/// and typed-pointer input (`i32 (i32, i32)*`).
const SELECT: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @bar(i32 %a, i32 %b) {
  %r = add nsw i32 %b, %a
  ret i32 %r
}
define spir_func i32 @baz(i32 %a, i32 %b) {
  %r = sub nsw i32 %a, %b
  ret i32 %r
}
define spir_kernel void @k(ptr addrspace(1) %out, i1 %c) {
entry:
  %slot = alloca ptr, align 8
  %f = select i1 %c, ptr @bar, ptr @baz
  store ptr %f, ptr %slot, align 8
  %g = load ptr, ptr %slot, align 8
  %v = call spir_func i32 %g(i32 10, i32 10)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
"#;

const TYPED_POINTERS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @bar(i32 %a, i32 %b) {
  %r = add nsw i32 %b, %a
  ret i32 %r
}
define spir_kernel void @k(i32 addrspace(1)* %out, i1 %c) {
entry:
  %slot = alloca i32 (i32, i32)*, align 8
  store i32 (i32, i32)* @bar, i32 (i32, i32)** %slot, align 8
  %g = load i32 (i32, i32)*, i32 (i32, i32)** %slot, align 8
  %v = call spir_func i32 %g(i32 10, i32 10)
  store i32 %v, i32 addrspace(1)* %out, align 4
  ret void
}
"#;

#[test]
fn selected_and_typed_function_pointers() {
    for (src, tag) in [(SELECT, "select"), (TYPED_POINTERS, "typed_pointers")] {
        for exts in [EXT, EXT_UNTYPED] {
            let m = translate_with(src, exts).unwrap_or_else(|e| panic!("{tag} {exts}: {e}"));
            spirv_val_only_forward_function_reference(&m, tag);
            assert_eq!(count(&m, Op::FunctionPointerCallINTEL), 1, "{tag}");
            let constants = if tag == "select" { 2 } else { 1 };
            assert_eq!(
                count(&m, Op::ConstantFunctionPointerINTEL),
                constants,
                "{tag}"
            );
        }
        let e = translate_with(src, "").expect_err("needs the extension");
        assert!(e.contains("SPV_INTEL_function_pointers"), "{e}");
    }
}

/// llvm-spirv's CodeSectionINTEL/address-space-cast.ll: a function in address space 9 cast to
/// the private address space; both are Function pointers here, so the cast is a bitcast.
#[test]
fn function_address_space_cast_is_a_bitcast() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func float @cosf(float %x) addrspace(9) {
entry:
  ret float %x
}
define spir_kernel void @test(ptr addrspace(1) %out) {
entry:
  %fp = addrspacecast ptr addrspace(9) @cosf to ptr
  store ptr %fp, ptr addrspace(1) %out, align 8
  ret void
}
"#;
    for (exts, tag) in [(EXT, "as9_typed"), (EXT_UNTYPED, "as9_untyped")] {
        let m = translate_with(src, exts).unwrap_or_else(|e| panic!("{tag}: {e}"));
        spirv_val_only_forward_function_reference(&m, tag);
        assert_eq!(count(&m, Op::ConstantFunctionPointerINTEL), 1);
        assert_eq!(count(&m, Op::GenericCastToPtr), 0);
    }
    let e = translate_with(src, "").expect_err("no extension");
    assert!(e.contains("address space 9"), "{e}");
}
