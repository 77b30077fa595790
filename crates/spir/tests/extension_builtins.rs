//! OpenCL C built-ins llvm-spirv maps to extension instructions: SPV_KHR_subgroup_rotate,
//! SPV_KHR_shader_clock (also its SPIR-V friendly IR form) and SPV_INTEL_split_barrier; each
//! output checked by spirv-val, each refused naming its extension without it.

mod common;
use common::{spirv_val, translate_with};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Capability, Op};

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

fn has_capability(m: &Module, c: Capability) -> bool {
    m.instructions().any(|i| {
        i.opcode == Op::Capability && i.operands.first().and_then(Operand::word) == Some(c.0)
    })
}

/// The words of the constant `id` (for scopes and semantics).
fn constant_value(m: &Module, id: Option<spirvkit_core::Id>) -> Option<u32> {
    m.instructions()
        .find(|i| i.opcode == Op::Constant && i.result_id == id)
        .and_then(|i| i.operands.first().and_then(Operand::word))
}

const ROTATE: &str = r#"target triple = "spir64-unknown-unknown"
declare spir_func signext i8 @_Z16sub_group_rotateci(i8 signext, i32)
declare spir_func signext i8 @_Z26sub_group_clustered_rotatecij(i8 signext, i32, i32)
declare spir_func half @_Z16sub_group_rotateDhi(half, i32)
declare spir_func double @_Z26sub_group_clustered_rotatedij(double, i32, i32)
declare spir_func float @_Z16sub_group_rotatefi(float, i32)
define spir_kernel void @k(ptr addrspace(1) %dst, i8 %c, half %h, double %d, float %f, i32 %n) {
entry:
  %a = call spir_func i8 @_Z16sub_group_rotateci(i8 %c, i32 2)
  %b = call spir_func i8 @_Z26sub_group_clustered_rotatecij(i8 %c, i32 2, i32 4)
  %x = call spir_func half @_Z16sub_group_rotateDhi(half %h, i32 1)
  %y = call spir_func double @_Z26sub_group_clustered_rotatedij(double %d, i32 1, i32 8)
  %z = call spir_func float @_Z16sub_group_rotatefi(float %f, i32 %n)
  store i8 %a, ptr addrspace(1) %dst
  %p1 = getelementptr i8, ptr addrspace(1) %dst, i64 1
  store i8 %b, ptr addrspace(1) %p1
  %p2 = getelementptr i8, ptr addrspace(1) %dst, i64 2
  store half %x, ptr addrspace(1) %p2
  %p8 = getelementptr i8, ptr addrspace(1) %dst, i64 8
  store double %y, ptr addrspace(1) %p8
  %p16 = getelementptr i8, ptr addrspace(1) %dst, i64 16
  store float %z, ptr addrspace(1) %p16
  ret void
}
"#;

#[test]
fn subgroup_rotate_needs_its_extension() {
    let m = translate_with(ROTATE, "+SPV_KHR_subgroup_rotate").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "subgroup_rotate");
    let rotates: Vec<_> = m
        .instructions()
        .filter(|i| i.opcode == Op::GroupNonUniformRotateKHR)
        .collect();
    assert_eq!(rotates.len(), 5);
    // Scope, value, delta[, cluster size]: the clustered forms have four operands.
    let clustered = rotates.iter().filter(|i| i.operands.len() == 4).count();
    assert_eq!(clustered, 2);
    for r in &rotates {
        assert_eq!(
            constant_value(&m, r.operands.first().and_then(Operand::id)),
            Some(3),
            "Subgroup scope"
        );
    }
    assert!(has_capability(&m, Capability::GroupNonUniformRotateKHR));
    let e = translate_with(ROTATE, "").expect_err("needs the extension");
    assert!(e.contains("SPV_KHR_subgroup_rotate"), "{e}");
}

const CLOCK: &str = r#"target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z17clock_read_devicev()
declare spir_func i64 @_Z21clock_read_work_groupv()
declare spir_func i64 @_Z20clock_read_sub_groupv()
declare spir_func <2 x i32> @_Z22clock_read_hilo_devicev()
declare spir_func <2 x i32> @_Z26clock_read_hilo_work_groupv()
declare spir_func <2 x i32> @_Z25clock_read_hilo_sub_groupv()
declare spir_func i64 @_Z27__spirv_ReadClockKHR_Rulongi(i32)
declare spir_func <2 x i32> @_Z20__spirv_ReadClockKHRIDv2_jET_j(i32)
define spir_kernel void @k(ptr addrspace(1) %o64, ptr addrspace(1) %o2) {
entry:
  %a = call spir_func i64 @_Z17clock_read_devicev()
  %b = call spir_func i64 @_Z21clock_read_work_groupv()
  %c = call spir_func i64 @_Z20clock_read_sub_groupv()
  %d = call spir_func <2 x i32> @_Z22clock_read_hilo_devicev()
  %e = call spir_func <2 x i32> @_Z26clock_read_hilo_work_groupv()
  %f = call spir_func <2 x i32> @_Z25clock_read_hilo_sub_groupv()
  %g = call spir_func i64 @_Z27__spirv_ReadClockKHR_Rulongi(i32 3)
  %h = call spir_func <2 x i32> @_Z20__spirv_ReadClockKHRIDv2_jET_j(i32 3)
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  %s3 = add i64 %s2, %g
  store i64 %s3, ptr addrspace(1) %o64
  %v1 = add <2 x i32> %d, %e
  %v2 = add <2 x i32> %v1, %f
  %v3 = add <2 x i32> %v2, %h
  store <2 x i32> %v3, ptr addrspace(1) %o2
  ret void
}
"#;

#[test]
fn shader_clock_reads_at_their_scopes() {
    let m = translate_with(CLOCK, "+SPV_KHR_shader_clock").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "shader_clock");
    let scopes: Vec<_> = m
        .instructions()
        .filter(|i| i.opcode == Op::ReadClockKHR)
        .map(|i| constant_value(&m, i.operands.first().and_then(Operand::id)))
        .collect();
    // Device 1, Workgroup 2, Subgroup 3; then the SPIR-V friendly IR calls.
    assert_eq!(
        scopes,
        [1, 2, 3, 1, 2, 3, 3, 3].map(Some).to_vec(),
        "clock scopes"
    );
    assert!(has_capability(&m, Capability::ShaderClockKHR));
    let e = translate_with(CLOCK, "").expect_err("needs the extension");
    assert!(e.contains("SPV_KHR_shader_clock"), "{e}");
}

const SPLIT_BARRIER: &str = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @_Z31intel_work_group_barrier_arrivej(i32)
declare spir_func void @_Z29intel_work_group_barrier_waitj(i32)
declare spir_func void @_Z31intel_work_group_barrier_arrivej12memory_scope(i32, i32)
declare spir_func void @_Z29intel_work_group_barrier_waitj12memory_scope(i32, i32)
define spir_kernel void @k() {
entry:
  call spir_func void @_Z31intel_work_group_barrier_arrivej(i32 1)
  call spir_func void @_Z29intel_work_group_barrier_waitj(i32 3)
  call spir_func void @_Z31intel_work_group_barrier_arrivej12memory_scope(i32 2, i32 2)
  call spir_func void @_Z29intel_work_group_barrier_waitj12memory_scope(i32 1, i32 4)
  ret void
}
"#;

#[test]
fn split_barrier_arrive_and_wait() {
    let m =
        translate_with(SPLIT_BARRIER, "+SPV_INTEL_split_barrier").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "split_barrier");
    assert_eq!(count(&m, Op::ControlBarrierArriveINTEL), 2);
    assert_eq!(count(&m, Op::ControlBarrierWaitINTEL), 2);
    let operands: Vec<Vec<Option<u32>>> = m
        .instructions()
        .filter(|i| {
            matches!(
                i.opcode,
                Op::ControlBarrierArriveINTEL | Op::ControlBarrierWaitINTEL
            )
        })
        .map(|i| {
            i.operands
                .iter()
                .map(|o| constant_value(&m, o.id()))
                .collect()
        })
        .collect();
    // Workgroup execution scope; memory scope from the argument (Workgroup by default);
    // Release (0x4) / Acquire (0x2) with WorkgroupMemory (0x100) / CrossWorkgroupMemory (0x200).
    assert_eq!(
        operands,
        vec![
            vec![Some(2), Some(2), Some(0x104)],
            vec![Some(2), Some(2), Some(0x302)],
            vec![Some(2), Some(1), Some(0x204)],
            vec![Some(2), Some(3), Some(0x102)],
        ]
    );
    assert!(has_capability(&m, Capability::SplitBarrierINTEL));
    let e = translate_with(SPLIT_BARRIER, "").expect_err("needs the extension");
    assert!(e.contains("SPV_INTEL_split_barrier"), "{e}");
}

const BFLOAT16_CONVERSION: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func void @f(float %x, i16 %y, <2 x float> %vx, <2 x i16> %vy, ptr addrspace(1) %o) {
entry:
  %a = call spir_func zeroext i16 @_Z32intel_convert_bfloat16_as_ushortf(float %x)
  %b = call spir_func float @_Z31intel_convert_as_bfloat16_floatt(i16 zeroext %y)
  %c = call spir_func <2 x i16> @_Z34intel_convert_bfloat162_as_ushort2Dv2_f(<2 x float> %vx)
  %d = call spir_func <2 x float> @_Z33intel_convert_as_bfloat162_float2Dv2_t(<2 x i16> %vy)
  store i16 %a, ptr addrspace(1) %o
  %p1 = getelementptr i8, ptr addrspace(1) %o, i64 4
  store float %b, ptr addrspace(1) %p1
  %p2 = getelementptr i8, ptr addrspace(1) %o, i64 8
  store <2 x i16> %c, ptr addrspace(1) %p2
  %p3 = getelementptr i8, ptr addrspace(1) %o, i64 16
  store <2 x float> %d, ptr addrspace(1) %p3
  ret void
}
declare spir_func zeroext i16 @_Z32intel_convert_bfloat16_as_ushortf(float)
declare spir_func float @_Z31intel_convert_as_bfloat16_floatt(i16 zeroext)
declare spir_func <2 x i16> @_Z34intel_convert_bfloat162_as_ushort2Dv2_f(<2 x float>)
declare spir_func <2 x float> @_Z33intel_convert_as_bfloat162_float2Dv2_t(<2 x i16>)
"#;

#[test]
fn bfloat16_conversions_need_their_extension() {
    let m = translate_with(BFLOAT16_CONVERSION, "+SPV_INTEL_bfloat16_conversion")
        .unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "bfloat16_conversion");
    assert_eq!(count(&m, Op::ConvertFToBF16INTEL), 2);
    assert_eq!(count(&m, Op::ConvertBF16ToFINTEL), 2);
    assert!(has_capability(&m, Capability::BFloat16ConversionINTEL));
    let e = translate_with(BFLOAT16_CONVERSION, "").expect_err("needs the extension");
    assert!(e.contains("SPV_INTEL_bfloat16_conversion"), "{e}");
}
