//! `atomicrmw` operations without a SPIR-V instruction (`nand`, `usub_cond`, `usub_sat`,
//! `fmaximum`, `fminimum`, and `uinc_wrap`/`udec_wrap` outside AMD targets) become a call to
//! a helper holding a compare-exchange loop. These tests check the loop's shape; the values
//! were checked on pocl (64 contending work-items, NaN and signed zeros) when it was written.

mod common;
use common::{capabilities, defs, translate_with, typed_and_untyped};
use spirvkit_core::{Id, Module, Operand};
use spirvkit_grammar::{Capability, Op};

const KERNEL: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %f, ptr addrspace(3) %l, ptr addrspace(1) %q, ptr addrspace(1) %d, i32 %v, float %x, i64 %w, double %y, ptr addrspace(1) %out) {
  %a = atomicrmw usub_cond ptr addrspace(1) %p, i32 %v seq_cst
  %b = atomicrmw usub_sat ptr addrspace(1) %p, i32 %v seq_cst
  %c = atomicrmw fmaximum ptr addrspace(1) %f, float %x seq_cst
  %e = atomicrmw fminimum ptr addrspace(1) %f, float %x seq_cst
  %g = atomicrmw nand ptr addrspace(3) %l, i32 %v monotonic
  %h = atomicrmw uinc_wrap ptr addrspace(1) %q, i64 %w seq_cst
  %i = atomicrmw udec_wrap ptr addrspace(1) %p, i32 %v syncscope("workgroup") acquire
  %j = atomicrmw fmaximum ptr addrspace(1) %d, double %y seq_cst
  %again = atomicrmw usub_sat ptr addrspace(1) %p, i32 %a seq_cst
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %g
  %s3 = add i32 %s2, %i
  %s4 = add i32 %s3, %again
  store i32 %s4, ptr addrspace(1) %out
  ret void
}
"#;

/// The helper functions by name (their OpName), each with its instructions' opcodes.
fn helpers(m: &Module) -> Vec<(String, Vec<Op>)> {
    let names: std::collections::HashMap<Id, String> = m
        .instructions()
        .filter(|i| i.opcode == Op::Name)
        .filter_map(|i| match (i.operands.first(), i.operands.get(1)) {
            (Some(Operand::Id(id)), Some(Operand::String(s))) => Some((*id, s.to_string())),
            _ => None,
        })
        .collect();
    m.functions
        .iter()
        .filter_map(|f| {
            let name = names.get(&f.def.result_id?)?;
            name.starts_with("__spirvkit_atomicrmw_").then(|| {
                let ops = f
                    .blocks
                    .iter()
                    .flat_map(|b| b.instructions.iter().map(|i| i.opcode))
                    .collect();
                (name.clone(), ops)
            })
        })
        .collect()
}

#[test]
fn operations_without_an_instruction_become_one_loop_helper_each() {
    for m in typed_and_untyped(KERNEL, "", "atomic_rmw_loops") {
        let mut found = helpers(&m);
        found.sort();
        let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        // One helper per (operation, address space, width): the second usub_sat reuses it.
        assert_eq!(
            names,
            [
                "__spirvkit_atomicrmw_fmaximum_p1_32",
                "__spirvkit_atomicrmw_fmaximum_p1_64",
                "__spirvkit_atomicrmw_fminimum_p1_32",
                "__spirvkit_atomicrmw_nand_p3_32",
                "__spirvkit_atomicrmw_udec_wrap_p1_32",
                "__spirvkit_atomicrmw_uinc_wrap_p1_64",
                "__spirvkit_atomicrmw_usub_cond_p1_32",
                "__spirvkit_atomicrmw_usub_sat_p1_32",
            ]
        );
        for (name, ops) in &found {
            let has = |op| ops.contains(&op);
            assert!(
                has(Op::AtomicLoad) && has(Op::AtomicCompareExchange) && has(Op::Phi),
                "{name}: {ops:?}"
            );
            // The loop retries until the exchange saw the value it computed from.
            assert!(has(Op::IEqual) && has(Op::BranchConditional), "{name}");
            let expected: &[Op] = match name.split('_').nth(4) {
                Some("nand") => &[Op::BitwiseAnd, Op::Not],
                Some("usub") => &[Op::UGreaterThanEqual, Op::ISub, Op::Select],
                Some("uinc") => &[Op::UGreaterThanEqual, Op::IAdd, Op::Select],
                Some("udec") => &[Op::UGreaterThan, Op::LogicalOr, Op::ISub],
                Some("fmaximum") => &[Op::FOrdGreaterThan, Op::Unordered, Op::BitwiseAnd],
                Some("fminimum") => &[Op::FOrdLessThan, Op::Unordered, Op::BitwiseOr],
                other => panic!("unexpected helper {other:?}"),
            };
            for op in expected {
                assert!(has(*op), "{name} lacks {op:?}");
            }
        }
        let calls = m
            .instructions()
            .filter(|i| i.opcode == Op::FunctionCall)
            .count();
        assert_eq!(calls, 9);
        // The 64-bit helpers need 64-bit atomics.
        assert!(capabilities(&m).contains(&Capability::Int64Atomics.0));
    }
}

#[test]
fn the_float_loops_exchange_the_bits() {
    let [typed, _] = typed_and_untyped(KERNEL, "", "atomic_rmw_loops_bits");
    let d = defs(&typed);
    for i in typed
        .instructions()
        .filter(|i| i.opcode == Op::AtomicCompareExchange)
    {
        let ty = i.result_type.and_then(|t| d.get(&t)).map(|t| t.opcode);
        assert_eq!(ty, Some(Op::TypeInt), "compare-exchange on an integer");
    }
}

#[test]
fn other_types_are_refused_naming_the_operation() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func i16 @f(ptr addrspace(1) %p) {
  %r = atomicrmw usub_sat ptr addrspace(1) %p, i16 3 seq_cst
  ret i16 %r
}
"#;
    let e = translate_with(src, "").expect_err("no 16-bit loop");
    assert!(e.contains("usub_sat") && e.contains("i16"), "{e}");
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_func half @f(ptr addrspace(1) %p) {
  %r = atomicrmw fminimum ptr addrspace(1) %p, half 1.0 seq_cst
  ret half %r
}
"#;
    let e = translate_with(src, "").expect_err("no half loop");
    assert!(e.contains("fminimum") && e.contains("half"), "{e}");
}
