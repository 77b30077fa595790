//! SPV_KHR_float_controls2 (session 16, ext16), as llvm-spirv's newest tests
//! (`test/extensions/KHR/SPV_KHR_float_controls2/`) map it: the extension's FPFastMathMode
//! bits for LLVM's fast-math flags, the decoration on calls of defined functions, and
//! FPFastMathDefault in place of ContractionOff / SignedZeroInfNanPreserve in a module that
//! uses the extension. spirv-val 2025.5 knows the extension: every output is validated.

mod common;

use common::{capabilities, defs, extensions, id, translate_with, typed_and_untyped};
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::{Capability, Decoration, ExecutionMode, Op};

const EXT: &str = "SPV_KHR_float_controls2";

fn ops(m: &Module, op: Op) -> Vec<&Instruction> {
    m.instructions().filter(|i| i.opcode == op).collect()
}

/// The FPFastMathMode mask decorating `target`, if any.
fn fast_math(m: &Module, target: Id) -> Option<u32> {
    ops(m, Op::Decorate)
        .into_iter()
        .find(|d| {
            id(&d.operands[0]) == target
                && d.operands.get(1).and_then(Operand::word) == Some(Decoration::FPFastMathMode.0)
        })
        .and_then(|d| d.operands.get(2).and_then(Operand::word))
}

/// The widths of the float types given FPFastMathDefault, and the mask constants' values.
fn fast_math_defaults(m: &Module) -> Vec<(u32, u32)> {
    let d = defs(m);
    let word = |i: &Instruction, n: usize| i.operands.get(n).and_then(Operand::word);
    let mut out: Vec<(u32, u32)> = ops(m, Op::ExecutionModeId)
        .into_iter()
        .filter(|i| word(i, 1) == Some(ExecutionMode::FPFastMathDefault.0))
        .filter_map(|i| {
            let ty = d.get(&id(&i.operands[2]))?;
            let mask = d.get(&id(&i.operands[3]))?;
            Some((word(ty, 0)?, word(mask, 0)?))
        })
        .collect();
    out.sort();
    out
}

fn modes(m: &Module) -> Vec<u32> {
    ops(m, Op::ExecutionMode)
        .into_iter()
        .filter_map(|i| i.operands.get(1).and_then(Operand::word))
        .collect()
}

// The call of a built-in (a declaration) is what gives the kernel ContractionOff (lit17:
// llvm-spirv decides per kernel, `fp_contract.rs`; its `contract` arithmetic alone would not).
const CONTRACT_SRC: &str = r#"target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)
define spir_kernel void @foo(half %ah, half %bh, float %af, float %bf, <2 x double> %ad, <2 x double> %bd, ptr addrspace(1) %o) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %rh = fadd contract half %ah, %bh
  %rf = fmul reassoc contract float %af, %bf
  %rd = fsub contract <2 x double> %ad, %bd
  store half %rh, ptr addrspace(1) %o
  store float %rf, ptr addrspace(1) %o
  store <2 x double> %rd, ptr addrspace(1) %o
  ret void
}
"#;

#[test]
fn contract_and_reassoc_are_the_extensions_fast_math_bits() {
    // `contract` → AllowContract (0x10000), `reassoc` → AllowReassoc (0x20000), on scalars and
    // vectors (llvm-spirv's vector_type test); the module then uses the extension, and the
    // ContractionOff an OpenCL module without `opencl.enable.FP_CONTRACT` gets becomes
    // FPFastMathDefault 0 for each of its float types (execution_mode_default).
    for m in typed_and_untyped(CONTRACT_SRC, "+SPV_KHR_float_controls2", "fc2_contract") {
        assert!(capabilities(&m).contains(&Capability::FloatControls2.0));
        assert!(extensions(&m).contains(&EXT.to_string()));
        let by_op = |op: Op| {
            let i = ops(&m, op);
            fast_math(&m, i[0].result_id.expect("result"))
        };
        assert_eq!(by_op(Op::FAdd), Some(0x10000));
        assert_eq!(by_op(Op::FMul), Some(0x30000));
        assert_eq!(by_op(Op::FSub), Some(0x10000));
        assert_eq!(fast_math_defaults(&m), vec![(16, 0), (32, 0), (64, 0)]);
        assert!(!modes(&m).contains(&ExecutionMode::ContractionOff.0));
    }
}

#[test]
fn without_the_extension_contract_is_dropped_and_contraction_off_stays() {
    // The older mapping: `contract` / `reassoc` have no core bit and are dropped (hints),
    // ContractionOff stays, no FPFastMathDefault (llvm-spirv's -SPV_KHR_float_controls2 runs).
    for m in typed_and_untyped(CONTRACT_SRC, "", "fc2_off") {
        assert!(!capabilities(&m).contains(&Capability::FloatControls2.0));
        assert!(ops(&m, Op::ExecutionModeId).is_empty());
        assert!(modes(&m).contains(&ExecutionMode::ContractionOff.0));
        assert!(fast_math(&m, ops(&m, Op::FAdd)[0].result_id.expect("result")).is_none());
    }
}

#[test]
fn signed_zero_inf_nan_preserve_becomes_a_fast_math_default() {
    // `!spirv.ExecutionMode` SignedZeroInfNanPreserve 32 in a module using the extension:
    // FPFastMathDefault %float 0 instead (the extension forbids the mode next to its
    // capability); with `opencl.enable.FP_CONTRACT` there is no ContractionOff, so only the
    // 32-bit float type gets a default (execution_mode_signed_zero_inf_nan_preserve).
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @foo(half %ah, float %af, ptr addrspace(1) %o) {
entry:
  %rh = fadd contract half %ah, %ah
  %rf = fadd contract float %af, %af
  store half %rh, ptr addrspace(1) %o
  store float %rf, ptr addrspace(1) %o
  ret void
}
!spirv.ExecutionMode = !{!0}
!0 = !{ptr @foo, i32 4461, i32 32}
!opencl.enable.FP_CONTRACT = !{}
"#;
    for m in typed_and_untyped(src, "+SPV_KHR_float_controls2", "fc2_szinp") {
        assert_eq!(fast_math_defaults(&m), vec![(32, 0)]);
        assert!(!modes(&m).contains(&ExecutionMode::SignedZeroInfNanPreserve.0));
        assert!(!modes(&m).contains(&ExecutionMode::ContractionOff.0));
    }
    // Without the extension the mode stays (with SPV_KHR_float_controls, which it needs).
    let m = translate_with(src, "+SPV_KHR_float_controls").expect("float_controls");
    assert!(modes(&m).contains(&ExecutionMode::SignedZeroInfNanPreserve.0));
    assert!(ops(&m, Op::ExecutionModeId).is_empty());
}

#[test]
fn a_module_whose_flags_have_core_bits_does_not_use_the_extension() {
    // `nnan` is NotNaN without the extension: enabled but not needed, so no capability, no
    // extension, no FPFastMathDefault, and ContractionOff stays (extension_not_needed_but_used;
    // a module without floats: extension_not_needed).
    let src = r#"target triple = "spir64-unknown-unknown"
define internal spir_func float @bar(float %af, float %bf) {
entry:
  %rf = fadd nnan float %af, %bf
  ret float %rf
}
define spir_kernel void @foo(float %af, float %bf, ptr addrspace(1) %o) {
entry:
  %rf = fadd nnan float %af, %bf
  %c = call spir_func float @bar(float %rf, float %bf)
  store float %c, ptr addrspace(1) %o
  ret void
}
"#;
    for m in typed_and_untyped(src, "+SPV_KHR_float_controls2", "fc2_not_needed") {
        assert!(!capabilities(&m).contains(&Capability::FloatControls2.0));
        assert!(!extensions(&m).contains(&EXT.to_string()));
        assert!(ops(&m, Op::ExecutionModeId).is_empty());
        assert!(modes(&m).contains(&ExecutionMode::ContractionOff.0));
        for add in ops(&m, Op::FAdd) {
            assert_eq!(fast_math(&m, add.result_id.expect("result")), Some(0x1));
        }
    }
    let empty = "target triple = \"spir64-unknown-unknown\"\ndefine spir_kernel void @foo() {\n  ret void\n}\n";
    for m in typed_and_untyped(empty, "+SPV_KHR_float_controls2", "fc2_no_floats") {
        assert!(!capabilities(&m).contains(&Capability::FloatControls2.0));
        assert!(ops(&m, Op::ExecutionModeId).is_empty());
    }
}

#[test]
fn fast_calls_of_defined_functions_are_decorated_but_not_extension_instructions() {
    // `call fast @helper` → FPFastMathMode 0x7000F on the OpFunctionCall (every flag, with
    // AllowTransform and without the deprecated Fast); the OpGroupFMulKHR of a `call fast
    // __spirv_GroupFMulKHR` is not decorated (fp-fast-math-mode-function-call). Without the
    // extension the call is not decorated.
    let src = r#"target triple = "spir64-unknown-unknown"
define internal spir_func float @helper(float %x) {
  %r = fmul float %x, %x
  ret float %r
}
declare spir_func float @_Z20__spirv_GroupFMulKHRjjf(i32, i32, float)
define spir_kernel void @test(ptr addrspace(1) %out, float %a) {
entry:
  %call_fast = call fast spir_func float @helper(float %a)
  store float %call_fast, ptr addrspace(1) %out, align 4
  %gfmul_fast = call fast spir_func float @_Z20__spirv_GroupFMulKHRjjf(i32 2, i32 0, float %a)
  store float %gfmul_fast, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    let ext = "+SPV_KHR_float_controls2,+SPV_KHR_uniform_group_instructions";
    for m in typed_and_untyped(src, ext, "fc2_call") {
        let call = ops(&m, Op::FunctionCall)[0].result_id.expect("call");
        assert_eq!(fast_math(&m, call), Some(0x7000f));
        let group = ops(&m, Op::GroupFMulKHR)[0].result_id.expect("group op");
        assert!(fast_math(&m, group).is_none());
        assert!(capabilities(&m).contains(&Capability::FloatControls2.0));
        assert_eq!(fast_math_defaults(&m), vec![(32, 0)]);
    }
    for m in typed_and_untyped(src, "+SPV_KHR_uniform_group_instructions", "fc2_call_off") {
        let call = ops(&m, Op::FunctionCall)[0].result_id.expect("call");
        assert!(fast_math(&m, call).is_none());
        assert!(!capabilities(&m).contains(&Capability::FloatControls2.0));
    }
}

#[test]
fn fast_arithmetic_uses_the_extensions_bits_instead_of_fast() {
    // `fadd fast` is 0x7000F under the extension (no Fast bit, which it deprecates), and the
    // older NotNaN|NotInf|NSZ|AllowRecip|Fast (0x1F) without it; `afn` without both
    // `contract` and `reassoc` has no bit (AllowTransform needs them).
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(float %a, float %b, ptr addrspace(1) %o) {
  %f = fadd fast float %a, %b
  %g = fmul afn contract float %a, %b
  store float %f, ptr addrspace(1) %o
  store float %g, ptr addrspace(1) %o
  ret void
}
"#;
    for m in typed_and_untyped(src, "+SPV_KHR_float_controls2", "fc2_fast") {
        let add = ops(&m, Op::FAdd)[0].result_id.expect("fadd");
        assert_eq!(fast_math(&m, add), Some(0x7000f));
        let mul = ops(&m, Op::FMul)[0].result_id.expect("fmul");
        assert_eq!(fast_math(&m, mul), Some(0x10000));
    }
    let m = translate_with(src, "").expect("without the extension");
    let add = ops(&m, Op::FAdd)[0].result_id.expect("fadd");
    assert_eq!(fast_math(&m, add), Some(0x1f));
}

#[test]
fn the_extension_needs_spirv_1_2_for_its_execution_mode() {
    // FPFastMathDefault is an OpExecutionModeId (SPIR-V 1.2): under a 1.1 cap the extension is
    // not used and the older mapping applies.
    let llvm = spirvkit_llvm::parse_text(CONTRACT_SRC, "test.ll").expect("parse");
    let mut options = spirvkit_spir::TranslateOptions::default();
    options
        .apply_extension_list("+SPV_KHR_float_controls2")
        .expect("extension list");
    options.max_version = 0x0001_0100;
    let m = spirvkit_spir::translate(&llvm, &options).expect("translate");
    assert!(!capabilities(&m).contains(&Capability::FloatControls2.0));
    assert!(modes(&m).contains(&ExecutionMode::ContractionOff.0));
}

#[test]
fn an_execution_mode_without_its_literals_is_refused() {
    // `!{ptr @foo, i32 4461}` lacks SignedZeroInfNanPreserve's width: an error naming the mode
    // and the metadata, with or without the extension (it used to become a truncated
    // OpExecutionMode).
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @foo(float %af, ptr addrspace(1) %o) {
  %rf = fadd contract float %af, %af
  store float %rf, ptr addrspace(1) %o
  ret void
}
!spirv.ExecutionMode = !{!0}
!0 = !{ptr @foo, i32 4461}
"#;
    for ext in [
        "+SPV_KHR_float_controls",
        "+SPV_KHR_float_controls,+SPV_KHR_float_controls2",
    ] {
        let e = translate_with(src, ext).expect_err(ext);
        assert!(e.contains("SignedZeroInfNanPreserve"), "{e}");
        assert!(e.contains("spirv.ExecutionMode"), "{e}");
    }
}
