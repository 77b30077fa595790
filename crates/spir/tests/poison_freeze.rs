//! SPV_KHR_poison_freeze (SPIRV-Registry's specification, revision 2; llvm-spirv's mapping as
//! its poison / freeze lit tests show it): LLVM `poison` → OpPoisonKHR, `freeze` → OpFreezeKHR,
//! the PoisonFreezeKHR capability with ArithmeticPoisonKHR on every entry point exactly once;
//! without the extension `poison` is OpUndef and `freeze` a copy, as before. Both pointer
//! modes (typed, `+SPV_KHR_untyped_pointers`). spirv-val 2025.5 does not know the extension's
//! capability, so modules using it are checked by structure and by spirvkit's validator
//! (`crates/val/src/extensions/poison_freeze.rs`); the ones without it also by spirv-val.

mod common;
use common::{capabilities, defs, extensions, id, translate_with, typed_and_untyped};
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::{Capability, ExecutionMode, Op};

const EXT: &str = "+SPV_KHR_poison_freeze";
const EXT_UNTYPED: &str = "+SPV_KHR_poison_freeze,+SPV_KHR_untyped_pointers";

/// Translated with the extension in both pointer modes; each passes spirvkit's validator.
fn with_extension(src: &str) -> [Module; 2] {
    [EXT, EXT_UNTYPED].map(|ext| {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("[{ext}]: {e}"));
        let options = spirvkit_val::ValidatorOptions::default();
        if let Err(d) = spirvkit_val::validate(&m.to_words(), &options) {
            let text: Vec<String> = d.iter().map(ToString::to_string).collect();
            panic!("[{ext}] spirvkit val:\n{}", text.join("\n"));
        }
        m
    })
}

fn of(m: &Module, op: Op) -> Vec<&Instruction> {
    m.instructions().filter(|i| i.opcode == op).collect()
}

fn declares_the_extension(m: &Module) -> bool {
    capabilities(m).contains(&Capability::PoisonFreezeKHR.0)
        && extensions(m).iter().any(|e| e == "SPV_KHR_poison_freeze")
}

/// (entry point, mode) of every OpExecutionMode ArithmeticPoisonKHR.
fn poison_modes(m: &Module) -> Vec<Id> {
    of(m, Op::ExecutionMode)
        .into_iter()
        .filter(|i| {
            i.operands.get(1).and_then(Operand::word) == Some(ExecutionMode::ArithmeticPoisonKHR.0)
        })
        .map(|i| id(&i.operands[0]))
        .collect()
}

fn entry_points(m: &Module) -> Vec<Id> {
    of(m, Op::EntryPoint)
        .into_iter()
        .map(|i| id(&i.operands[1]))
        .collect()
}

const POISONS: &str = r#"target triple = "spir64-unknown-unknown"
%pair = type { i32, float }
define spir_func i32 @scalar() {
  ret i32 poison
}
define spir_func i32 @scalar_again() {
  ret i32 poison
}
define spir_func <4 x i32> @vector() {
  ret <4 x i32> poison
}
define spir_func void @aggregates(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %r, ptr addrspace(1) %s) {
  store %pair poison, ptr addrspace(1) %p, align 4
  store [4 x i32] poison, ptr addrspace(1) %q, align 4
  store <4 x i32> <i32 1, i32 poison, i32 2, i32 poison>, ptr addrspace(1) %r, align 16
  store ptr addrspace(1) poison, ptr addrspace(1) %s, align 8
  ret void
}
"#;

/// `poison` of a scalar, a vector, a struct, an array and a pointer is an OpPoisonKHR of
/// that type (one per type, module scope), also as a constituent of a constant vector.
#[test]
fn poison_values_become_poison_khr() {
    for m in with_extension(POISONS) {
        assert!(declares_the_extension(&m));
        assert!(of(&m, Op::Undef).is_empty(), "no OpUndef is left");
        let poisons = of(&m, Op::PoisonKHR);
        let types: Vec<Id> = poisons.iter().filter_map(|i| i.result_type).collect();
        let mut unique = types.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), types.len(), "one OpPoisonKHR per type");
        let d = defs(&m);
        let type_op = |t: &Id| d.get(t).map(|i| i.opcode);
        for want in [Op::TypeInt, Op::TypeVector, Op::TypeStruct, Op::TypeArray] {
            assert!(
                types.iter().any(|t| type_op(t) == Some(want)),
                "a poison of {want:?}"
            );
        }
        assert!(
            types.iter().any(|t| matches!(
                type_op(t),
                Some(Op::TypePointer | Op::TypeUntypedPointerKHR)
            )),
            "a poison pointer"
        );
        // The two `ret i32 poison` return the same OpPoisonKHR.
        let returned: Vec<Id> = of(&m, Op::ReturnValue)
            .iter()
            .map(|i| id(&i.operands[0]))
            .collect();
        let i32_poison = poisons
            .iter()
            .find(|i| {
                i.result_type
                    .and_then(|t| d.get(&t))
                    .is_some_and(|t| t.opcode == Op::TypeInt)
            })
            .and_then(|i| i.result_id)
            .expect("an i32 poison");
        assert_eq!(returned.iter().filter(|&&r| r == i32_poison).count(), 2);
        // <1, poison, 2, poison>: a constant composite whose lanes 1 and 3 are the poison.
        let composite = of(&m, Op::ConstantComposite);
        assert!(
            composite.iter().any(|c| {
                let parts: Vec<Id> = c.operands.iter().map(id).collect();
                parts.len() == 4 && parts[1] == i32_poison && parts[3] == i32_poison
            }),
            "poison lanes of a constant vector"
        );
        // A library: no entry point, so no execution mode.
        assert!(poison_modes(&m).is_empty());
    }
}

const FREEZES: &str = r#"target triple = "spir64-unknown-unknown"
%pair = type { i32, float }
define spir_func i32 @scalar(i32 %x) {
  %f = freeze i32 %x
  ret i32 %f
}
define spir_func <4 x float> @vector(<4 x float> %v) {
  %f = freeze <4 x float> %v
  ret <4 x float> %f
}
define spir_func %pair @aggregate(%pair %a) {
  %f = freeze %pair %a
  ret %pair %f
}
define spir_func ptr addrspace(1) @pointer(ptr addrspace(1) %p) {
  %f = freeze ptr addrspace(1) %p
  ret ptr addrspace(1) %f
}
define spir_func i32 @of_poison() {
  %f = freeze i32 poison
  ret i32 %f
}
define spir_func void @phi_loop(i64 %n) {
entry:
  br label %loop
loop:
  %prev = phi i64 [ 0, %entry ], [ %fr, %loop ]
  %fr = freeze i64 %prev
  %c = icmp slt i64 %fr, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

/// `freeze` of a scalar, a vector, a struct, a pointer and of `poison` is OpFreezeKHR whose
/// result type is its operand's; a freeze defined after the phi that uses it keeps its id.
#[test]
fn freeze_becomes_freeze_khr() {
    for m in with_extension(FREEZES) {
        assert!(declares_the_extension(&m));
        assert!(of(&m, Op::CopyObject).is_empty());
        let freezes = of(&m, Op::FreezeKHR);
        assert_eq!(freezes.len(), 6);
        let d = defs(&m);
        let type_of = |v: Id| d.get(&v).and_then(|i| i.result_type);
        for f in &freezes {
            let value = id(&f.operands[0]);
            assert_eq!(type_of(value), f.result_type, "Value has the Result Type");
        }
        assert!(freezes.iter().any(|f| d
            .get(&id(&f.operands[0]))
            .is_some_and(|v| v.opcode == Op::PoisonKHR)));
        // The phi's back edge names the OpFreezeKHR, which reads the phi.
        let phi = of(&m, Op::Phi)[0];
        let back: Vec<Id> = phi.operands.iter().map(id).collect();
        let fr = freezes
            .iter()
            .find(|f| id(&f.operands[0]) == phi.result_id.expect("phi id"))
            .expect("the loop's freeze");
        assert!(back.contains(&fr.result_id.expect("freeze id")));
    }
}

const ENTRY_POINTS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @helper(i32 %x) {
  %f = freeze i32 %x
  ret i32 %f
}
define spir_kernel void @uses_freeze(i32 %x, ptr addrspace(1) %out) {
  %f = freeze i32 %x
  store i32 %f, ptr addrspace(1) %out, align 4
  ret void
}
define spir_kernel void @uses_poison(ptr addrspace(1) %out) {
  store i32 poison, ptr addrspace(1) %out, align 4
  ret void
}
define spir_kernel void @asks(ptr addrspace(1) %out) {
  %r = call spir_func i32 @helper(i32 7)
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
!spirv.ExecutionMode = !{!0}
!0 = !{ptr @asks, i32 5157}
"#;

/// With the capability, every entry point has ArithmeticPoisonKHR exactly once (also the one
/// whose `!spirv.ExecutionMode` already asks for it, and the one without poison or freeze);
/// the helper is no entry point.
#[test]
fn arithmetic_poison_on_every_entry_point_once() {
    for m in with_extension(ENTRY_POINTS) {
        assert!(declares_the_extension(&m));
        let mut modes = poison_modes(&m);
        modes.sort();
        let mut entries = entry_points(&m);
        entries.sort();
        assert_eq!(entries.len(), 3);
        assert_eq!(modes, entries);
    }
    // The same module on one thread per function.
    let llvm = spirvkit_llvm::parse_text(ENTRY_POINTS, "test.ll").unwrap_or_else(|e| panic!("{e}"));
    let mut options = spirvkit_spir::TranslateOptions::default();
    options
        .apply_extension_list(EXT)
        .unwrap_or_else(|e| panic!("{e}"));
    let sequential = spirvkit_spir::translate(&llvm, &options).unwrap_or_else(|e| panic!("{e}"));
    let plan = spirvkit_spir::ParallelPlan::EVERY_FUNCTION_A_CHUNK;
    let parallel =
        spirvkit_spir::translate_with_plan(&llvm, &options, plan).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parallel.to_words(), sequential.to_words());
}

/// Enabling the extension alone declares nothing: no poison, no freeze, no capability.
#[test]
fn nothing_declared_without_poison_or_freeze() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %dst, i32 %v) {
  store i32 %v, ptr addrspace(1) %dst, align 4
  ret void
}
"#;
    for m in with_extension(src) {
        assert!(!capabilities(&m).contains(&Capability::PoisonFreezeKHR.0));
        assert!(extensions(&m).iter().all(|e| e != "SPV_KHR_poison_freeze"));
        assert!(poison_modes(&m).is_empty());
    }
}

/// Without the extension (llvm-spirv's default): `poison` is OpUndef, `freeze` a copy of its
/// value — of the type's zero for a freeze of `poison` —, the mode of `!spirv.ExecutionMode`
/// is left out, and spirv-val accepts the modules.
#[test]
fn without_the_extension_poison_is_undef_and_freeze_a_copy() {
    for src in [POISONS, FREEZES, ENTRY_POINTS] {
        for m in typed_and_untyped(src, "", "poison_freeze_noext") {
            assert!(!capabilities(&m).contains(&Capability::PoisonFreezeKHR.0));
            assert!(extensions(&m).iter().all(|e| e != "SPV_KHR_poison_freeze"));
            assert!(of(&m, Op::PoisonKHR).is_empty() && of(&m, Op::FreezeKHR).is_empty());
            assert!(poison_modes(&m).is_empty());
        }
    }
    let [m, _] = typed_and_untyped(FREEZES, "", "poison_freeze_noext_freeze");
    let d = defs(&m);
    let copies = of(&m, Op::CopyObject);
    assert_eq!(copies.len(), 6);
    // `freeze i32 poison`: a copy of the constant 0 (llvm-spirv: `ret i32 0` read back).
    assert!(copies
        .iter()
        .any(|c| d.get(&id(&c.operands[0])).is_some_and(|v| {
            v.opcode == Op::Constant && v.operands.first().and_then(Operand::word) == Some(0)
        })));
    let [m, _] = typed_and_untyped(POISONS, "", "poison_freeze_noext_poison");
    assert!(of(&m, Op::Undef).len() >= 4);
}

/// The reverse translation: OpPoisonKHR → `poison`, OpFreezeKHR → `freeze`, each entry
/// point's ArithmeticPoisonKHR → `!spirv.ExecutionMode` `!{ptr @kernel, i32 5157}`.
#[test]
fn reverse_gives_poison_freeze_and_the_mode_back() {
    for m in with_extension(ENTRY_POINTS)
        .into_iter()
        .chain(with_extension(FREEZES))
        .chain(with_extension(POISONS))
    {
        let back = spirvkit_spir::reverse::reverse_words(&m.to_words(), &Default::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let ll = back.to_ll(&spirvkit_llvm::WriteOptions::opaque());
        let kernels = entry_points(&m).len();
        if kernels > 0 {
            for k in ["uses_freeze", "uses_poison", "asks"] {
                assert!(
                    ll.contains(&format!("!{{ptr @{k}, i32 5157}}")),
                    "{k}:\n{ll}"
                );
            }
            assert!(!ll.contains("@helper, i32 5157"), "{ll}");
            assert!(ll.contains("store i32 poison"), "{ll}");
            assert!(ll.contains("= freeze i32 %"), "{ll}");
        } else if ll.contains("@phi_loop") {
            assert!(ll.contains("freeze i32 poison"), "{ll}");
            assert!(ll.contains("= freeze i64 %"), "{ll}");
            assert!(ll.contains("= freeze <4 x float> %"), "{ll}");
        } else {
            assert!(ll.contains("ret i32 poison"), "{ll}");
            assert!(ll.contains("ret <4 x i32> poison"), "{ll}");
            assert!(
                ll.contains("<i32 1, i32 poison, i32 2, i32 poison>"),
                "{ll}"
            );
        }
        // And forward again: the same constructs.
        let again = spirvkit_spir::translate(&back, &{
            let mut o = spirvkit_spir::TranslateOptions::default();
            o.apply_extension_list(EXT)
                .unwrap_or_else(|e| panic!("{e}"));
            o
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(of(&again, Op::FreezeKHR).len(), of(&m, Op::FreezeKHR).len());
        assert_eq!(poison_modes(&again).len(), poison_modes(&m).len());
    }
}
