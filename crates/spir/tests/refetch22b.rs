//! Session 22, helper refetch22b: what the verbatim re-fetch of t10b showed (llvm-spirv's
//! negative tests t10b/127 and t10b/137).
mod common;
use common::translate_with;

/// t10b/137 (llvm-spirv's `SPV_INTEL_task_sequence/negative/invalid_get_capacity.ll`): a
/// task sequence whose GetCapacity is -1 is refused with llvm-spirv's three lines (its
/// negative test matches them in order); a capacity that is a count translates.
#[test]
fn a_negative_task_sequence_capacity_is_refused_as_llvm_spirv_does() {
    let src = |capacity: &str| {
        format!(
            "target triple = \"spir64-unknown-unknown\"\n\
             define spir_func i32 @mul(i32 %a, i32 %b) {{\n  %m = mul i32 %a, %b\n  ret i32 %m\n}}\n\
             define spir_kernel void @k() {{\n\
             entry:\n  %t = call spir_func target(\"spirv.TaskSequenceINTEL\") \
             @_Z31__spirv_TaskSequenceCreateINTEL(ptr @mul, i32 10, i32 -1, i32 {capacity}, i32 1)\n\
             \x20 ret void\n}}\n\
             declare spir_func target(\"spirv.TaskSequenceINTEL\") \
             @_Z31__spirv_TaskSequenceCreateINTEL(ptr, i32, i32, i32, i32)\n"
        )
    };
    let err = translate_with(&src("-1"), "+SPV_INTEL_task_sequence")
        .expect_err("a capacity of -1 is refused");
    let lines: Vec<&str> = err.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.ends_with("InvalidInstruction: Can't translate llvm instruction:"))
        .unwrap_or_else(|| panic!("no InvalidInstruction line in:\n{err}"));
    assert_eq!(lines.get(at + 1), Some(&"TaskSequenceCreateINTEL"), "{err}");
    assert_eq!(
        lines.get(at + 2),
        Some(&"GetCapacity must be unsigned 32 bit integer."),
        "{err}"
    );
    translate_with(&src("4"), "+SPV_INTEL_task_sequence")
        .unwrap_or_else(|e| panic!("a capacity of 4 translates: {e}"));
}

/// t10b/127: the SubDeviceIDINTEL built-in needs SPV_INTEL_hw_thread_queries; without it the
/// refusal names the extension and the global (the llvm-spirv personality turns this into
/// llvm-spirv's DeprecatedExtension lines, `crates/cli/tests/llvm_spirv_options.rs`).
#[test]
fn a_hw_thread_query_without_its_extension_names_the_extension_and_the_global() {
    let src = "target triple = \"spir-unknown-unknown\"\n\
               @__spirv_BuiltInSubDeviceIDINTEL = external addrspace(1) global i32\n\
               define spir_kernel void @foo() {\n\
               entry:\n  %0 = load i32, ptr addrspace(1) @__spirv_BuiltInSubDeviceIDINTEL, align 4\n  ret void\n}\n";
    let err = translate_with(src, "").expect_err("refused without the extension");
    assert!(
        err.contains("global @__spirv_BuiltInSubDeviceIDINTEL"),
        "{err}"
    );
    assert!(
        err.contains("--spirv-ext=+SPV_INTEL_hw_thread_queries"),
        "{err}"
    );
    translate_with(src, "+SPV_INTEL_hw_thread_queries")
        .unwrap_or_else(|e| panic!("translates with the extension: {e}"));
}
