//! OpenCL.std instructions with operand shapes of their own (`instructions/ext_opencl.rs`),
//! each tested both ways: the integer family, 24-bit multiplies, upsample, pointer-output
//! math, ilogb, ldexp/pown/rootn, nan, bitselect, select, printf, vload_half*/vstore_half*,
//! cross and shuffle. Every case's spirv-val 2025.5 verdict is recorded and re-checked by
//! `reference_agrees` when the reference tools exist.

mod fixtures;
mod reference;
use fixtures::KERNEL_BASE as OPENCL_BASE;
use reference::{check_case, Case, Ref};

/// A Logical-addressing OpenCL kernel: pointer operands of OpenCL.std need Physical addressing.
const LOGICAL_KERNEL_BASE: &str = r#"; Version: 1.0
OpCapability Kernel
OpCapability Int64
OpCapability Float16Buffer
%cl = OpExtInstImport "OpenCL.std"
OpMemoryModel Logical OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%half = OpTypeFloat 16
%v2f = OpTypeVector %float 2
%long = OpTypeInt 64 0
%l1 = OpConstant %long 1
%pf = OpTypePointer Function %float
%ph = OpTypePointer Function %half
%main = OpFunction %void None %fn
%e = OpLabel
%v = OpVariable %pf Function
%h = OpVariable %ph Function
BODY
OpReturn
OpFunctionEnd
"#;

#[rustfmt::skip]
pub const CASES: &[Case] = &[
    Case::new("valid.1", OPENCL_BASE, "%a = OpExtInst %int %cl s_abs %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.1", OPENCL_BASE, "%a = OpExtInst %int %cl s_abs %s1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.2", OPENCL_BASE, "%a = OpExtInst %float %cl s_abs %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.2", OPENCL_BASE, "%a = OpExtInst %int %cl u_max %i1 %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.3", OPENCL_BASE, "%a = OpExtInst %int %cl u_max %i1 %l1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.4", OPENCL_BASE, "%a = OpExtInst %v2i %cl u_max %vi %i1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.3", OPENCL_BASE, "%a = OpExtInst %int %cl clz %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.5", OPENCL_BASE, "%a = OpExtInst %int %cl popcount %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.4", OPENCL_BASE, "%a = OpExtInst %int %cl s_mad_hi %i1 %i1 %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.6", OPENCL_BASE, "%a = OpExtInst %int %cl s_mad_hi %i1 %i1 %s1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.5", OPENCL_BASE, "%a = OpExtInst %long %cl u_upsample %i1 %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.7", OPENCL_BASE, "%a = OpExtInst %int %cl u_upsample %i1 %i1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.6", OPENCL_BASE, "%a = OpExtInst %int %cl s_mul24 %i1 %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.8", OPENCL_BASE, "%a = OpExtInst %long %cl s_mul24 %l1 %l1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.7", OPENCL_BASE, "%a = OpExtInst %float %cl fract %f1 %pf", None, Ref::Accepts),
    Case::new("ext_inst.types.9", OPENCL_BASE, "%a = OpExtInst %float %cl fract %f1 %pi", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.10", OPENCL_BASE, "%a = OpExtInst %float %cl fract %f1 %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.8", OPENCL_BASE, "%a = OpExtInst %v2f %cl modf %vf %pv", None, Ref::Accepts),
    Case::new("ext_inst.types.11", OPENCL_BASE, "%a = OpExtInst %v2f %cl modf %vf %pf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.9", OPENCL_BASE, "%a = OpExtInst %float %cl sincos %f1 %pf", None, Ref::Accepts),
    Case::new("valid.10", OPENCL_BASE, "%a = OpExtInst %float %cl frexp %f1 %pi", None, Ref::Accepts),
    Case::new("ext_inst.types.12", OPENCL_BASE, "%a = OpExtInst %float %cl frexp %f1 %pl", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.13", OPENCL_BASE, "%a = OpExtInst %v2f %cl frexp %vf %pi", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.11", OPENCL_BASE, "%a = OpExtInst %v2f %cl frexp %vf %pvi", None, Ref::Accepts),
    Case::new("valid.12", OPENCL_BASE, "%a = OpExtInst %float %cl lgamma_r %f1 %pi", None, Ref::Accepts),
    Case::new("valid.13", OPENCL_BASE, "%a = OpExtInst %float %cl remquo %f1 %f1 %pi", None, Ref::Accepts),
    Case::new("ext_inst.types.14", OPENCL_BASE, "%a = OpExtInst %float %cl remquo %f1 %f1 %pf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.14", OPENCL_BASE, "%a = OpExtInst %int %cl ilogb %f1", None, Ref::Accepts),
    Case::new("ext_inst.types.15", OPENCL_BASE, "%a = OpExtInst %float %cl ilogb %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.16", OPENCL_BASE, "%a = OpExtInst %v2i %cl ilogb %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.17", OPENCL_BASE, "%a = OpExtInst %int %cl ilogb %i1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.15", OPENCL_BASE, "%a = OpExtInst %float %cl ldexp %f1 %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.18", OPENCL_BASE, "%a = OpExtInst %float %cl ldexp %f1 %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.19", OPENCL_BASE, "%a = OpExtInst %v2f %cl ldexp %vf %i1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.16", OPENCL_BASE, "%a = OpExtInst %v2f %cl ldexp %vf %vi", None, Ref::Accepts),
    Case::new("ext_inst.types.20", OPENCL_BASE, "%a = OpExtInst %float %cl ldexp %f1 %l1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.17", OPENCL_BASE, "%a = OpExtInst %float %cl pown %f1 %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.21", OPENCL_BASE, "%a = OpExtInst %float %cl pown %f1 %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.22", OPENCL_BASE, "%a = OpExtInst %float %cl rootn %f1 %s1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.18", OPENCL_BASE, "%a = OpExtInst %float %cl nan %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.23", OPENCL_BASE, "%a = OpExtInst %float %cl nan %l1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.24", OPENCL_BASE, "%a = OpExtInst %float %cl nan %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.25", OPENCL_BASE, "%a = OpExtInst %int %cl nan %i1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.19", OPENCL_BASE, "%a = OpExtInst %float %cl bitselect %f1 %f1 %f1", None, Ref::Accepts),
    Case::new("ext_inst.types.26", OPENCL_BASE, "%a = OpExtInst %float %cl bitselect %f1 %f1 %i1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.20", OPENCL_BASE, "%a = OpExtInst %float %cl select %f1 %f1 %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.27", OPENCL_BASE, "%a = OpExtInst %float %cl select %f1 %f1 %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.28", OPENCL_BASE, "%a = OpExtInst %float %cl select %f1 %f1 %l1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.29", OPENCL_BASE, "%a = OpExtInst %int %cl printf %pf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.21", OPENCL_BASE, "%a = OpExtInst %float %cl vload_half %l1 %ph", None, Ref::Accepts),
    Case::new("ext_inst.types.30", OPENCL_BASE, "%a = OpExtInst %float %cl vload_half %l1 %pf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.31", OPENCL_BASE, "%a = OpExtInst %int %cl vload_half %l1 %ph", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.32", OPENCL_BASE, "%a = OpExtInst %float %cl vload_half %i1 %ph", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.22", OPENCL_BASE, "%a = OpExtInst %v2f %cl vload_halfn %l1 %ph 2", None, Ref::Accepts),
    Case::new("ext_inst.types.33", OPENCL_BASE, "%a = OpExtInst %v2f %cl vload_halfn %l1 %ph 3", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.23", OPENCL_BASE, "%a = OpExtInst %void %cl vstore_half %f1 %l1 %ph", None, Ref::Accepts),
    Case::new("ext_inst.types.34", OPENCL_BASE, "%a = OpExtInst %void %cl vstore_half %f1 %l1 %pf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.35", OPENCL_BASE, "%a = OpExtInst %void %cl vstore_half %i1 %l1 %ph", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.24", OPENCL_BASE, "%a = OpExtInst %void %cl vstore_half_r %f1 %l1 %ph RTE", None, Ref::Accepts),
    Case::new("valid.25", OPENCL_BASE, "%a = OpExtInst %void %cl vstore_halfn %vf %l1 %ph", None, Ref::Accepts),
    Case::new("ext_inst.types.36", OPENCL_BASE, "%a = OpExtInst %void %cl vstore_halfn %f1 %l1 %ph", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.26", OPENCL_BASE, "%a = OpExtInst %float %cl length %vf", None, Ref::Accepts),
    Case::new("valid.27", OPENCL_BASE, "%a = OpExtInst %float %cl distance %vf %vf", None, Ref::Accepts),
    Case::new("valid.28", OPENCL_BASE, "%a = OpExtInst %v2f %cl normalize %vf", None, Ref::Accepts),
    Case::new("ext_inst.types.37", OPENCL_BASE, "%a = OpExtInst %v3f %cl cross %vf %vf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.29", OPENCL_BASE, "%a = OpExtInst %float %cl fast_length %vf", None, Ref::Accepts),
    Case::new("valid.30", OPENCL_BASE, "%a = OpExtInst %v2f %cl shuffle %vf %vi", None, Ref::Accepts),
    Case::new("ext_inst.types.38", OPENCL_BASE, "%a = OpExtInst %v2f %cl shuffle %vf %vf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.39", OPENCL_BASE, "%a = OpExtInst %float %cl s_abs %f1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.31", OPENCL_BASE, "%a = OpExtInst %int %cl u_abs_diff %i1 %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.40", OPENCL_BASE, "%a = OpExtInst %int %cl s_add_sat %i1 %s1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.32", OPENCL_BASE, "%a = OpExtInst %int %cl rotate %i1 %i1", None, Ref::Accepts),
    Case::new("valid.33", OPENCL_BASE, "%a = OpExtInst %int %cl u_mad24 %i1 %i1 %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.41", OPENCL_BASE, "%a = OpExtInst %long %cl s_upsample %i1 %s1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.42", OPENCL_BASE, "%a = OpExtInst %long %cl s_upsample %s1 %s1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.34", OPENCL_BASE, "%a = OpExtInst %v2l %cl u_upsample %vi %vi", None, Ref::Accepts),
    Case::new("ext_inst.types.43", OPENCL_BASE, "%a = OpExtInst %v2l %cl u_upsample %i1 %i1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("entry.interface_missing.1", OPENCL_BASE, "%a = OpExtInst %float %cl fract %f1 %pc", Some("entry.interface_missing"), Ref::Rejects),
    Case::new("ext_inst.types.44", OPENCL_BASE, "%a = OpExtInst %float %cl sincos %f1 %pi", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.45", OPENCL_BASE, "%a = OpExtInst %float %cl remquo %f1 %h1 %pi", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.35", OPENCL_BASE, "%a = OpExtInst %v4f %cl cross %v4 %v4", None, Ref::Accepts),
    Case::new("ext_inst.types.46", OPENCL_BASE, "%a = OpExtInst %v2f %cl cross %vf %vf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.47", OPENCL_BASE, "%a = OpExtInst %v2f %cl shuffle %vf %vs", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.36", OPENCL_BASE, "%a = OpExtInst %v2f %cl shuffle2 %vf %vf %vi", None, Ref::Accepts),
    Case::new("valid.37", OPENCL_BASE, "%a = OpExtInst %v2f %cl vloada_halfn %l1 %ph 2", None, Ref::Accepts),
    Case::new("ext_inst.types.48", OPENCL_BASE, "%a = OpExtInst %v2f %cl vloada_halfn %l1 %pf 2", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.38", OPENCL_BASE, "%a = OpExtInst %void %cl vstorea_halfn %vf %l1 %ph", None, Ref::Accepts),
    Case::new("valid.39", OPENCL_BASE, "%a = OpExtInst %void %cl vstorea_halfn_r %vf %l1 %ph RTZ", None, Ref::Accepts),
    Case::new("valid.40", OPENCL_BASE, "%a = OpExtInst %int %cl u_abs %i1", None, Ref::Accepts),
    Case::new("ext_inst.types.49", OPENCL_BASE, "%a = OpExtInst %bool %cl bitselect %t %t %t", Some("ext_inst.types"), Ref::Rejects),
    Case::new("valid.41", OPENCL_BASE, "%a = OpExtInst %v2i %cl select %vi %vi %vi", None, Ref::Accepts),
    Case::new("ext_inst.types.50", OPENCL_BASE, "%a = OpExtInst %v2i %cl select %vi %vi %i1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("ext_inst.types.51", OPENCL_BASE, "%a = OpExtInst %int %cl u_mad24 %i1 %i1 %l1", Some("ext_inst.types"), Ref::Rejects),
    // vloadn / vstoren (session 3): vector sizes, size_t offsets, N, void result.
    Case::new("valid.vloadn", OPENCL_BASE, "%a = OpExtInst %v2f %cl vloadn %l1 %pf 2", None, Ref::Accepts),
    Case::new("vloadn.n", OPENCL_BASE, "%a = OpExtInst %v2f %cl vloadn %l1 %pf 3", Some("ext_inst.types"), Ref::Rejects),
    Case::new("vloadn.offset_width", OPENCL_BASE, "%a = OpExtInst %v2f %cl vloadn %i1 %pf 2", Some("ext_inst.types"), Ref::Rejects),
    Case::new("vloadn.scalar", OPENCL_BASE, "%a = OpExtInst %float %cl vloadn %l1 %pf 2", Some("ext_inst.types"), Ref::Rejects),
    Case::new("vloadn.pointee", OPENCL_BASE, "%a = OpExtInst %v2f %cl vloadn %l1 %pi 2", Some("ext_inst.types"), Ref::Rejects),
    Case::new("vloadn.constant", OPENCL_BASE, "%c = OpConvertUToPtr %pcf %l1\n%a = OpExtInst %v2f %cl vloadn %l1 %c 2", None, Ref::Accepts),
    Case::new("valid.vstoren", OPENCL_BASE, "%a = OpExtInst %void %cl vstoren %vf %l1 %pf", None, Ref::Accepts),
    Case::new("vstoren.result", OPENCL_BASE, "%a = OpExtInst %float %cl vstoren %vf %l1 %pf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("vstoren.offset_width", OPENCL_BASE, "%a = OpExtInst %void %cl vstoren %vf %s1 %pf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("vstoren.constant", OPENCL_BASE, "%c = OpConvertUToPtr %pcf %l1\n%a = OpExtInst %void %cl vstoren %vf %l1 %c", Some("ext_inst.types"), Ref::Rejects),
    Case::new("vstoren.scalar", OPENCL_BASE, "%a = OpExtInst %void %cl vstoren %f1 %l1 %pf", Some("ext_inst.types"), Ref::Rejects),
    Case::new("vstore_half.result", OPENCL_BASE, "%a = OpExtInst %int %cl vstore_half %f1 %l1 %ph", Some("ext_inst.types"), Ref::Rejects),
    Case::new("vstore_halfn.result", OPENCL_BASE, "%a = OpExtInst %float %cl vstore_halfn %vf %l1 %ph", Some("ext_inst.types"), Ref::Rejects),
    // prefetch.
    Case::new("valid.prefetch", OPENCL_BASE, "%g = OpConvertUToPtr %pgf %l1\n%a = OpExtInst %void %cl prefetch %g %l1", None, Ref::Accepts),
    Case::new("prefetch.result", OPENCL_BASE, "%g = OpConvertUToPtr %pgf %l1\n%a = OpExtInst %int %cl prefetch %g %l1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("prefetch.storage", OPENCL_BASE, "%a = OpExtInst %void %cl prefetch %pf %l1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("prefetch.not_pointer", OPENCL_BASE, "%a = OpExtInst %void %cl prefetch %f1 %l1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("prefetch.count", OPENCL_BASE, "%g = OpConvertUToPtr %pgf %l1\n%a = OpExtInst %void %cl prefetch %g %i1", Some("ext_inst.types"), Ref::Rejects),
    Case::new("prefetch.bool", OPENCL_BASE, "%g = OpConvertUToPtr %pgb %l1\n%a = OpExtInst %void %cl prefetch %g %l1", Some("ext_inst.types"), Ref::Rejects).with_types("%pgb = OpTypePointer CrossWorkgroup %bool"),
    Case::new("vloadn.logical", LOGICAL_KERNEL_BASE, "%a = OpExtInst %v2f %cl vloadn %l1 %v 2", Some("ext_inst.types"), Ref::Rejects),
    Case::new("vload_half.logical", LOGICAL_KERNEL_BASE, "%a = OpExtInst %float %cl vload_half %l1 %h", Some("ext_inst.types"), Ref::Rejects),
    Case::new("logical.valid", LOGICAL_KERNEL_BASE, "%a = OpLoad %float %v", None, Ref::Accepts),
];

#[test]
fn opencl_std_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
