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
    let Some((accepted, err)) = common::run_spirv_val(m, "test-function-pointers", tag) else {
        return;
    };
    assert!(
        accepted
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

/// `@llvm.global_ctors` / `@llvm.global_dtors` under the extension: an exported variable of
/// `{ priority, function pointer, data }` entries, as llvm-spirv keeps them
/// (`CodeSectionINTEL/global_ctor_dtor.ll`: the function pointer, bitcast to the member's
/// `i8*` by an OpSpecConstantOp Bitcast, inside an OpConstantComposite); dropped without it.
const CONSTRUCTORS: &str = r#"target triple = "spir64-unknown-unknown"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @dtor, ptr null }]
@g = internal addrspace(1) global i32 0, align 4
define internal void @ctor() {
  store i32 1, ptr addrspace(1) @g, align 4
  ret void
}
define internal void @dtor() {
  ret void
}
define spir_kernel void @k() {
  ret void
}
"#;

#[test]
fn constructor_tables_are_kept_under_the_extension() {
    for ext in [EXT, EXT_UNTYPED] {
        let m = translate_with(CONSTRUCTORS, ext).unwrap_or_else(|e| panic!("{ext}: {e}"));
        for (table, function) in [("llvm.global_ctors", "ctor"), ("llvm.global_dtors", "dtor")] {
            let var = id_of_name(&m, table);
            let f = id_of_name(&m, function);
            let exported = m.instructions().any(|i| {
                i.opcode == Op::Decorate
                    && i.operands.first().and_then(Operand::id) == Some(var)
                    && i.operands.get(1).and_then(Operand::word)
                        == Some(Decoration::LinkageAttributes.0)
                    && i.operands.get(3).and_then(Operand::word) == Some(0)
            });
            assert!(exported, "{ext}: {table} exported");
            let def = m
                .instructions()
                .find(|i| i.result_id == Some(var))
                .expect("variable");
            assert!(
                matches!(def.opcode, Op::Variable | Op::UntypedVariableKHR),
                "{def:?}"
            );
            // CrossWorkgroup (a module-scope variable cannot be Function).
            assert_eq!(def.operands.first().and_then(Operand::word), Some(5));
            // The initializer reaches the function's OpConstantFunctionPointerINTEL.
            let fp = m
                .instructions()
                .find(|i| {
                    i.opcode == Op::ConstantFunctionPointerINTEL
                        && i.operands.first().and_then(Operand::id) == Some(f)
                })
                .and_then(|i| i.result_id)
                .expect("function pointer constant");
            let member = m
                .instructions()
                .find(|i| {
                    i.opcode == Op::SpecConstantOp
                        && i.operands.get(1).and_then(Operand::id) == Some(fp)
                })
                .and_then(|i| i.result_id)
                .unwrap_or(fp);
            assert!(
                m.instructions().any(|i| i.opcode == Op::ConstantComposite
                    && i.operands.iter().any(|o| o.id() == Some(member))),
                "{ext}: {table} holds {function}'s address"
            );
        }
    }
    // Without the extension llvm-spirv drops them.
    let m = translate_with(CONSTRUCTORS, "").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(count(&m, Op::ConstantFunctionPointerINTEL), 0);
    assert!(!m.instructions().any(|i| i.opcode == Op::Name
        && matches!(i.operands.get(1), Some(Operand::String(s)) if s.starts_with("llvm.global_"))));
}

/// A function address converted to an integer or compared: OpConvertPtrToU of the
/// OpConstantFunctionPointerINTEL (the comparison on the integers), typed and untyped;
/// refused naming the extension without it.
const ADDRESS_AS_VALUE: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @foo(i32 %v) {
  ret i32 %v
}
define spir_func i64 @address() {
  %a = ptrtoint ptr @foo to i64
  ret i64 %a
}
define spir_func i1 @same(ptr %arg) {
  %c = icmp eq ptr @foo, %arg
  ret i1 %c
}
"#;

#[test]
fn function_address_to_integer_and_compared() {
    for ext in [EXT, EXT_UNTYPED] {
        let m = translate_with(ADDRESS_AS_VALUE, ext).unwrap_or_else(|e| panic!("{ext}: {e}"));
        let fp = m
            .instructions()
            .find(|i| i.opcode == Op::ConstantFunctionPointerINTEL)
            .and_then(|i| i.result_id)
            .expect("function pointer constant");
        let converted: Vec<Id> = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::ConvertPtrToU
                    && i.operands.first().and_then(Operand::id) == Some(fp)
            })
            .filter_map(|i| i.result_id)
            .collect();
        assert_eq!(
            converted.len(),
            2,
            "{ext}: ptrtoint and the compared address"
        );
        assert!(
            m.instructions().any(|i| i.opcode == Op::IEqual
                && i.operands.iter().any(|o| o.id() == Some(converted[1]))),
            "{ext}"
        );
    }
    let err = translate_with(ADDRESS_AS_VALUE, "").expect_err("refused");
    assert!(err.contains("+SPV_INTEL_function_pointers"), "{err}");
}

/// llvm-spirv's `-spirv-emit-function-ptr-addr-space`: pointers in the function address
/// space 9 are CodeSectionINTEL (5605) pointers (`function-pointer-dedicated-as.ll`), Function
/// ones without the option.
const DEDICATED_ADDRESS_SPACE: &str = r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1-P9"
target triple = "spir64-unknown-unknown"
define spir_func i32 @foo(i32 %arg) addrspace(9) {
entry:
  %add = add nsw i32 %arg, 10
  ret i32 %add
}
define spir_kernel void @test(ptr addrspace(1) %data, i32 %input) {
entry:
  %fp = alloca ptr addrspace(9), align 8
  store ptr addrspace(9) @foo, ptr %fp, align 8
  %0 = load ptr addrspace(9), ptr %fp, align 8
  %call = call spir_func addrspace(9) i32 %0(i32 %input)
  store i32 %call, ptr addrspace(1) %data, align 4
  ret void
}
"#;

#[test]
fn code_section_storage_class_under_the_option() {
    const CODE_SECTION: u32 = 5605;
    let llvm = spirvkit_llvm::parse_text(DEDICATED_ADDRESS_SPACE, "as9.ll").expect("parse");
    for (untyped, option) in [(false, false), (false, true), (true, false), (true, true)] {
        let mut options = spirvkit_spir::TranslateOptions::default();
        options
            .apply_extension_list(if untyped { EXT_UNTYPED } else { EXT })
            .expect("extensions");
        options.emit_function_ptr_addr_space = option;
        let m = spirvkit_spir::translate(&llvm, &options).expect("translate");
        let pointer_storage = |i: &spirvkit_core::Instruction| match i.opcode {
            Op::TypePointer | Op::TypeUntypedPointerKHR => {
                i.operands.first().and_then(Operand::word)
            }
            _ => None,
        };
        let fp_type = m
            .instructions()
            .find(|i| i.opcode == Op::ConstantFunctionPointerINTEL)
            .and_then(|i| i.result_type)
            .expect("function pointer constant");
        let fp_storage = m
            .instructions()
            .find(|i| i.result_id == Some(fp_type))
            .and_then(pointer_storage);
        let expected = if option { CODE_SECTION } else { 7 };
        assert_eq!(
            fp_storage,
            Some(expected),
            "untyped {untyped}, option {option}"
        );
        let any_code_section = m
            .instructions()
            .any(|i| pointer_storage(i) == Some(CODE_SECTION));
        assert_eq!(
            any_code_section, option,
            "untyped {untyped}, option {option}"
        );
        assert_eq!(count(&m, Op::FunctionPointerCallINTEL), 1);
    }
}

/// The parameter attributes of an indirect call site → ArgumentAttributeINTEL (6409) on the
/// OpFunctionPointerCallINTEL: (argument index, FunctionParameterAttribute), as llvm-spirv's
/// `decor-func-ptr-arg-attr.ll` (`byval noalias captures(none)` → NoCapture 5, NoAlias 4,
/// ByVal 2); typed and untyped.
const CALL_SITE_ATTRIBUTES: &str = r#"target triple = "spir64-unknown-unknown"
%multi_ptr = type { ptr }
define spir_func void @inc_function(ptr byval(%multi_ptr) noalias captures(none) %ptr) {
entry:
  ret void
}
define spir_kernel void @k(i1 zeroext %c) {
entry:
  %tmp = alloca %multi_ptr, align 8
  %f = select i1 %c, ptr @inc_function, ptr null
  call spir_func void %f(ptr nonnull byval(%multi_ptr) align 8 noalias captures(none) %tmp)
  ret void
}
"#;

#[test]
fn indirect_call_argument_attributes() {
    for ext in [EXT, EXT_UNTYPED] {
        let m = translate_with(CALL_SITE_ATTRIBUTES, ext).unwrap_or_else(|e| panic!("{ext}: {e}"));
        let call = m
            .instructions()
            .find(|i| i.opcode == Op::FunctionPointerCallINTEL)
            .and_then(|i| i.result_id)
            .expect("indirect call");
        let decorations: Vec<Vec<u32>> = m
            .instructions()
            .filter(|i| {
                i.opcode == Op::Decorate
                    && i.operands.first().and_then(Operand::id) == Some(call)
                    && i.operands.get(1).and_then(Operand::word)
                        == Some(Decoration::ArgumentAttributeINTEL.0)
            })
            .map(|i| i.operands[2..].iter().filter_map(Operand::word).collect())
            .collect();
        assert_eq!(
            decorations,
            vec![vec![0, 5], vec![0, 4], vec![0, 2]],
            "{ext}"
        );
    }
}
