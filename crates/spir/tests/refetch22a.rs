//! refetch22a (issue 18): forward fidelity gaps the re-fetched t13/t10a dev sets showed.
//! Each test is hand-written IR; every output is checked by spirv-val, typed and with untyped
//! pointers.

mod common;
use common::typed_and_untyped;
use spirvkit_core::Module;
use spirvkit_grammar::{ExtInstSet, Op};

/// The OpenCL.std instruction name of the OpExtInst whose result is named `name`.
fn ext_inst_of(m: &Module, name: &str) -> String {
    let target = common::named(m, name);
    let inst = m
        .instructions()
        .find(|i| i.result_id == Some(target))
        .unwrap_or_else(|| panic!("{name} not defined"));
    assert_eq!(inst.opcode, Op::ExtInst, "{name}");
    let number = inst.operands[1]
        .word()
        .unwrap_or_else(|| panic!("{name}: no instruction number"));
    ExtInstSet::OpenClStd
        .desc()
        .instructions
        .iter()
        .find(|i| i.opcode == number)
        .map(|i| i.opname.to_string())
        .unwrap_or_else(|| panic!("{name}: OpenCL.std has no instruction {number}"))
}

// ---- session 22, helper refetch22a ----

/// `afn` (and `fast`, which includes it) on a float math intrinsic: OpenCL.std `native_*`,
/// scalar and vector; half and double, and float calls without the flag, keep the exact
/// function (llvm-spirv's sqrt.ll and tan.ll).
#[test]
fn approximate_float_math_intrinsics_use_native_functions() {
    let src = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_func void @f(float %x, <4 x float> %v, half %h, double %d, ptr addrspace(1) %out) {
entry:
  %exact = call float @llvm.sqrt.f32(float %x)
  %approx = call afn float @llvm.sqrt.f32(float %x)
  %fast = call fast float @llvm.tan.f32(float %x)
  %vec = call afn <4 x float> @llvm.sin.v4f32(<4 x float> %v)
  %lg = call afn float @llvm.log2.f32(float %x)
  %half = call afn half @llvm.tan.f16(half %h)
  %double = call afn double @llvm.sqrt.f64(double %d)
  %nsz = call nsz float @llvm.cos.f32(float %x)
  %s0 = fadd float %exact, %approx
  %s1 = fadd float %s0, %fast
  %e = extractelement <4 x float> %vec, i32 0
  %s2 = fadd float %s1, %e
  %s3 = fadd float %s2, %lg
  %hx = fpext half %half to float
  %s4 = fadd float %s3, %hx
  %dx = fptrunc double %double to float
  %s5 = fadd float %s4, %dx
  %s6 = fadd float %s5, %nsz
  store float %s6, ptr addrspace(1) %out, align 4
  ret void
}

declare float @llvm.sqrt.f32(float)
declare float @llvm.tan.f32(float)
declare <4 x float> @llvm.sin.v4f32(<4 x float>)
declare float @llvm.log2.f32(float)
declare half @llvm.tan.f16(half)
declare double @llvm.sqrt.f64(double)
declare float @llvm.cos.f32(float)
"#;
    for m in typed_and_untyped(src, "", "refetch22a_native_math") {
        for (name, expected) in [
            ("exact", "sqrt"),
            ("approx", "native_sqrt"),
            ("fast", "native_tan"),
            ("vec", "native_sin"),
            ("lg", "native_log2"),
            ("half", "tan"),
            ("double", "sqrt"),
            ("nsz", "cos"),
        ] {
            assert_eq!(ext_inst_of(&m, name), expected, "%{name}");
        }
    }
}

/// `llvm.usub.sat` emulated in core instructions (`--spirv-use-ocl-for-llvm-math-intrinsic=false`)
/// has llvm-spirv's form (add_sub.sat.ll): `ISub a b`, `UGreaterThan a b`, then
/// `Select greater difference 0`. The values are checked exhaustively in
/// `translate_options.rs`.
#[test]
fn emulated_usub_sat_is_greater_than_and_select() {
    let src = r#"
target triple = "spir64-unknown-unknown"

define spir_func i32 @f(i32 %a, i32 %b) {
entry:
  %r = call i32 @llvm.usub.sat.i32(i32 %a, i32 %b)
  ret i32 %r
}

declare i32 @llvm.usub.sat.i32(i32, i32)
"#;
    let llvm = spirvkit_llvm::parse_text(src, "usub_sat.ll").expect("parsed");
    let opts = spirvkit_spir::TranslateOptions {
        opencl_for_math_intrinsics: false,
        ..spirvkit_spir::TranslateOptions::default()
    };
    let m = spirvkit_spir::translate(&llvm, &opts).expect("translated");
    common::spirv_val(&m, "refetch22a_usub_sat");
    let params: Vec<_> = m
        .instructions()
        .filter(|i| i.opcode == Op::FunctionParameter)
        .filter_map(|i| i.result_id)
        .collect();
    let [a, b] = params[..] else {
        panic!("two parameters expected: {params:?}")
    };
    let body: Vec<_> = m
        .instructions()
        .skip_while(|i| i.opcode != Op::Label)
        .skip(1)
        .take(3)
        .collect();
    let ops: Vec<Op> = body.iter().map(|i| i.opcode).collect();
    assert_eq!(ops, [Op::ISub, Op::UGreaterThan, Op::Select]);
    let operand_ids = |i: usize| -> Vec<_> { body[i].operands.iter().map(common::id).collect() };
    assert_eq!(operand_ids(0), [a, b]);
    assert_eq!(operand_ids(1), [a, b]);
    let select = operand_ids(2);
    assert_eq!(
        select[..2],
        [body[1].result_id.unwrap(), body[0].result_id.unwrap()]
    );
    let defs = common::defs(&m);
    let zero = defs.get(&select[2]).expect("third operand defined");
    assert!(
        zero.opcode == Op::ConstantNull
            || (zero.opcode == Op::Constant && zero.operands[0].word() == Some(0)),
        "{zero:?}"
    );
}

/// `work_group_all`/`work_group_any` of a constant: the predicate is OpConstantTrue /
/// OpConstantFalse, as llvm-spirv writes it (OpGroupAllAny.ll); a variable predicate is still
/// compared with zero.
#[test]
fn constant_group_all_any_predicates_are_boolean_constants() {
    let src = r#"
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"

define spir_kernel void @test(ptr addrspace(1) %out, i32 %x) {
entry:
  %all = tail call spir_func i32 @_Z14work_group_alli(i32 5)
  %any = tail call spir_func i32 @_Z14work_group_anyi(i32 0)
  %var = tail call spir_func i32 @_Z14work_group_anyi(i32 %x)
  %s = add i32 %all, %any
  %t = add i32 %s, %var
  store i32 %t, ptr addrspace(1) %out, align 4
  ret void
}

declare spir_func i32 @_Z14work_group_alli(i32)
declare spir_func i32 @_Z14work_group_anyi(i32)
"#;
    for m in typed_and_untyped(src, "", "refetch22a_group_all_any") {
        let defs = common::defs(&m);
        let predicates: Vec<Op> = m
            .instructions()
            .filter(|i| matches!(i.opcode, Op::GroupAll | Op::GroupAny))
            .map(|i| {
                defs.get(&common::id(&i.operands[1]))
                    .map(|d| d.opcode)
                    .unwrap_or_else(|| panic!("predicate of {i:?} undefined"))
            })
            .collect();
        assert_eq!(
            predicates,
            [Op::ConstantTrue, Op::ConstantFalse, Op::INotEqual]
        );
    }
}
