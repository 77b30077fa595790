//! `byval(T)` / `sret(T)` pointer parameters on opaque-pointer input (issue 18, session 22):
//! the parameter points to `T` as llvm-spirv writes it, whatever the callee's uses suggest,
//! so the reverse gets `%struct.S* byval(%struct.S)` back under typed pointers.

mod common;
use common::{defs, id, spirv_val, translate_with};
use spirvkit_core::Module;
use spirvkit_grammar::Op;

const COPIED: &str = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%struct.S = type { i32, float, i64 }

define spir_func i32 @get(ptr byval(%struct.S) align 8 %s) {
entry:
  %v = load i32, ptr %s, align 8
  ret i32 %v
}

define spir_func void @mk(ptr sret(%struct.S) align 8 %out, i32 %x) {
entry:
  store i32 %x, ptr %out, align 8
  ret void
}

define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  %tmp = alloca %struct.S, align 8
  call spir_func void @mk(ptr sret(%struct.S) align 8 %tmp, i32 5)
  %r = call spir_func i32 @get(ptr byval(%struct.S) align 8 %tmp)
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
"#;

/// The pointee type of the OpFunctionParameter named `name` (typed pointers).
fn parameter_pointee<'m>(m: &'m Module, name: &str) -> &'m spirvkit_core::Instruction {
    let defs = defs(m);
    let target = common::named(m, name);
    let param = defs[&target];
    assert_eq!(param.opcode, Op::FunctionParameter, "{name}");
    let pointer = defs[&param.result_type.expect("typed parameter")];
    assert_eq!(
        pointer.opcode,
        Op::TypePointer,
        "{name} is not a typed pointer"
    );
    defs[&id(&pointer.operands[1])]
}

#[test]
fn byval_and_sret_parameters_point_to_their_attribute_type() {
    let m = translate_with(COPIED, "").expect("translates");
    spirv_val(&m, "copied_parameters_typed");
    for name in ["s", "out"] {
        let pointee = parameter_pointee(&m, name);
        assert_eq!(
            pointee.opcode,
            Op::TypeStruct,
            "{name} points to {pointee:?}"
        );
        assert_eq!(
            pointee.operands.len(),
            3,
            "{name}: the struct of the attribute"
        );
    }
    // The caller passes its `%struct.S` alloca as it is: no cast at the calls.
    let casts = m.instructions().filter(|i| i.opcode == Op::Bitcast).count();
    assert_eq!(
        casts, 2,
        "one cast per callee use of an i32 through the struct pointer"
    );
}

#[test]
fn byval_and_sret_parameters_with_untyped_pointers_stay_typed() {
    let m = translate_with(COPIED, "+SPV_KHR_untyped_pointers").expect("translates");
    spirv_val(&m, "copied_parameters_untyped");
    for name in ["s", "out"] {
        let pointee = parameter_pointee(&m, name);
        assert_eq!(
            pointee.opcode,
            Op::TypeStruct,
            "{name} points to {pointee:?}"
        );
    }
}
