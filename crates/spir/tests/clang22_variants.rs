//! variants20 (issue 18): constructs clang-22 writes under flag sets the `translate-clang22`
//! sweep does not use (`cargo xtask conformance --only translate-clang22-variants`: -g,
//! -O1/-O3/-Os, the fast-math family, C++ for OpenCL, …). Each snippet is hand-written in the
//! shape clang-22 emits it; each translation must be accepted by spirv-val, typed and with
//! untyped pointers.

mod common;
use common::{id, translate_with, typed_and_untyped};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{ExecutionMode, Op};
use spirvkit_spir::{translate, TranslateOptions};

/// The entry point named `name` (its function id).
fn entry_point(m: &Module, name: &str) -> spirvkit_core::Id {
    m.instructions()
        .find(|i| {
            i.opcode == Op::EntryPoint && matches!(&i.operands[2], Operand::String(s) if *s == name)
        })
        .map(|i| id(&i.operands[1]))
        .unwrap_or_else(|| panic!("no entry point {name}"))
}

/// The execution modes of the entry point `f`.
fn modes_of(m: &Module, f: spirvkit_core::Id) -> Vec<u32> {
    m.instructions()
        .filter(|i| i.opcode == Op::ExecutionMode && id(&i.operands[0]) == f)
        .filter_map(|i| match i.operands[1] {
            Operand::Word(w) => Some(w),
            _ => None,
        })
        .collect()
}

/// `-cl-std=clc++2021 -O0`: a program-scope object with a constructor gets an internal
/// `spir_kernel` `_GLOBAL__sub_I_<file>` listed in `@llvm.global_ctors` (and a destructor
/// table lists its finalizer).
const CXX_STRUCTORS: &str = r#"target triple = "spir64-unknown-unknown"
%struct.G = type { i32 }
@gobj = addrspace(1) global %struct.G zeroinitializer, align 4
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_cpp.clcpp, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__D_cpp.clcpp, ptr null }]

define internal spir_kernel void @_GLOBAL__sub_I_cpp.clcpp() !kernel_arg_addr_space !0 !kernel_arg_access_qual !0 !kernel_arg_type !0 !kernel_arg_base_type !0 !kernel_arg_type_qual !0 {
entry:
  store i32 42, ptr addrspace(1) @gobj, align 4
  ret void
}

define internal spir_kernel void @_GLOBAL__D_cpp.clcpp() !kernel_arg_addr_space !0 !kernel_arg_access_qual !0 !kernel_arg_type !0 !kernel_arg_base_type !0 !kernel_arg_type_qual !0 {
entry:
  store i32 0, ptr addrspace(1) @gobj, align 4
  ret void
}

define spir_kernel void @k1(ptr addrspace(1) noundef align 4 %out) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
entry:
  %v = load i32, ptr addrspace(1) @gobj, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

!0 = !{}
!1 = !{i32 1}
!2 = !{!"none"}
!3 = !{!"int*"}
!4 = !{!""}
"#;

#[test]
fn variants20_cxx_global_constructor_and_destructor_kernels_get_initializer_and_finalizer() {
    for m in typed_and_untyped(CXX_STRUCTORS, "", "variants20_structors") {
        let init = entry_point(&m, "_GLOBAL__sub_I_cpp.clcpp");
        let fini = entry_point(&m, "_GLOBAL__D_cpp.clcpp");
        let kernel = entry_point(&m, "k1");
        assert!(modes_of(&m, init).contains(&ExecutionMode::Initializer.0));
        assert!(!modes_of(&m, init).contains(&ExecutionMode::Finalizer.0));
        assert!(modes_of(&m, fini).contains(&ExecutionMode::Finalizer.0));
        assert!(!modes_of(&m, kernel).contains(&ExecutionMode::Initializer.0));
        assert!(!modes_of(&m, kernel).contains(&ExecutionMode::Finalizer.0));
        // Both modes exist since SPIR-V 1.1.
        assert!(m.header.version >= 0x0001_0100, "{:#x}", m.header.version);
    }
}

#[test]
fn variants20_cxx_global_constructor_is_refused_under_spirv_1_0() {
    let llvm = spirvkit_llvm::parse_text(CXX_STRUCTORS, "test.ll").expect("parses");
    let options = TranslateOptions {
        max_version: 0x0001_0000,
        ..TranslateOptions::default()
    };
    let err = translate(&llvm, &options).expect_err("Initializer needs SPIR-V 1.1");
    let message = err.to_string();
    assert!(message.contains("Initializer"), "{message}");
    assert!(message.contains("1.1"), "{message}");
    assert!(message.contains("_GLOBAL__sub_I_cpp.clcpp"), "{message}");
}

/// `-cl-std=clc++2021 -O2`: the optimizer evaluated every constructor, the kernels are gone,
/// and the table is left as a zero-length array.
const EMPTY_CTORS: &str = r#"target triple = "spir64-unknown-unknown"
%struct.G = type { i32 }
@gobj = dso_local local_unnamed_addr addrspace(1) global %struct.G { i32 42 }, align 4
@llvm.global_ctors = appending global [0 x { i32, ptr, ptr }] zeroinitializer

define dso_local spir_kernel void @k1(ptr addrspace(1) noundef writeonly align 4 captures(none) initializes((0, 4)) %out) local_unnamed_addr !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
entry:
  %v = load i32, ptr addrspace(1) @gobj, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

!1 = !{i32 1}
!2 = !{!"none"}
!3 = !{!"int*"}
!4 = !{!""}
"#;

#[test]
fn variants20_empty_constructor_table_is_dropped() {
    let zero_length_arrays = |m: &Module| {
        let defs = common::defs(m);
        m.instructions()
            .filter(|i| i.opcode == Op::TypeArray)
            .filter(|i| {
                defs.get(&id(&i.operands[1])).is_some_and(|c| {
                    c.opcode == Op::Constant && c.operands.first() == Some(&Operand::Word(0))
                })
            })
            .count()
    };
    for m in typed_and_untyped(EMPTY_CTORS, "", "variants20_empty_ctors") {
        assert_eq!(zero_length_arrays(&m), 0);
        assert!(modes_of(&m, entry_point(&m, "k1")).is_empty());
    }
    // Under SPV_INTEL_function_pointers a non-empty table is kept as a variable; an empty
    // one is still dropped.
    for m in typed_and_untyped(
        EMPTY_CTORS,
        "+SPV_INTEL_function_pointers",
        "variants20_empty_fp",
    ) {
        assert_eq!(zero_length_arrays(&m), 0);
        assert!(!m.instructions().any(|i| i.opcode == Op::Name
            && matches!(&i.operands[1], Operand::String(s) if *s == "llvm.global_ctors")));
    }
    assert!(translate_with(EMPTY_CTORS, "").is_ok());
}
