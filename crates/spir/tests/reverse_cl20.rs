//! `--spirv-target-env=CL2.0` of the reverse translator: OpenCL 2.0 atomics with their memory
//! order and scope, `work_group_*` collectives, `__to_global`, generic-pointer overloads; and
//! what CL1.2 makes of the same SPIR-V (1.2 atomic names, collectives under their only names).

use spirvkit_llvm::Module;
use spirvkit_spir::reverse::{reverse_words, ReverseOptions, TargetEnv};
use spirvkit_spir::{translate_to_words, TranslateOptions};

const KERNEL: &str = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(i32 addrspace(1)* %a, i32 addrspace(1)* %out, float addrspace(1)* %f) {
entry:
  %exp = alloca i32, align 4
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %g = addrspacecast i32 addrspace(1)* %a to i32 addrspace(4)*
  %v = call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(i32 addrspace(4)* %g, i32 1, i32 0, i32 2)
  store i32 3, i32* %exp, align 4
  %e = addrspacecast i32* %exp to i32 addrspace(4)*
  %ok = call spir_func zeroext i1 @_Z39atomic_compare_exchange_strong_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(i32 addrspace(4)* %g, i32 addrspace(4)* %e, i32 4, i32 5, i32 0, i32 1)
  %r = call spir_func i32 @_Z21work_group_reduce_addi(i32 %v)
  %all = call spir_func i32 @_Z14work_group_alli(i32 %r)
  %s = add i32 %r, %all
  %gf = addrspacecast float addrspace(1)* %f to float addrspace(4)*
  %q = call spir_func <4 x float> @_Z6vload4mPU3AS4Kf(i64 0, float addrspace(4)* %gf)
  %x = extractelement <4 x float> %q, i32 0
  %xi = fptosi float %x to i32
  %t = add i32 %s, %xi
  %b = bitcast i32 addrspace(4)* %g to i8 addrspace(4)*
  %gl = call spir_func i8 addrspace(1)* @__to_global(i8 addrspace(4)* %b)
  %gi = bitcast i8 addrspace(1)* %gl to i32 addrspace(1)*
  %p = getelementptr inbounds i32, i32 addrspace(1)* %out, i64 %id
  store i32 %t, i32 addrspace(1)* %p, align 4
  store i32 %t, i32 addrspace(1)* %gi, align 4
  call spir_func void @_Z18work_group_barrierj12memory_scope(i32 1, i32 1)
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(i32 addrspace(4)*, i32, i32, i32)
declare spir_func zeroext i1 @_Z39atomic_compare_exchange_strong_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(i32 addrspace(4)*, i32 addrspace(4)*, i32, i32, i32, i32)
declare spir_func i32 @_Z21work_group_reduce_addi(i32)
declare spir_func i32 @_Z14work_group_alli(i32)
declare spir_func <4 x float> @_Z6vload4mPU3AS4Kf(i64, float addrspace(4)*)
declare spir_func i8 addrspace(1)* @__to_global(i8 addrspace(4)*)
declare spir_func void @_Z18work_group_barrierj12memory_scope(i32, i32)

!opencl.ocl.version = !{!0}
!opencl.spir.version = !{!0}
!0 = !{i32 2, i32 0}
"#;

fn reverse(target: TargetEnv) -> Module {
    let m = spirvkit_llvm::parse_text(KERNEL, "cl20.ll").expect("test kernel parses");
    let words = translate_to_words(&m, &TranslateOptions::default()).expect("forward translation");
    let opts = ReverseOptions {
        target,
        ..Default::default()
    };
    reverse_words(&words, &opts).expect("reverse translation")
}

fn declared(m: &Module) -> Vec<&str> {
    m.functions
        .iter()
        .filter(|f| f.blocks.is_empty())
        .map(|f| f.name.as_str())
        .collect()
}

#[test]
fn cl20_names_carry_order_and_scope() {
    let m = reverse(TargetEnv::Cl20);
    let names = declared(&m);
    for want in [
        "_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope",
        "_Z39atomic_compare_exchange_strong_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope",
        "_Z21work_group_reduce_addi",
        "_Z14work_group_alli",
        "_Z6vload4mPU3AS4Kf",
        "__to_global",
        "_Z18work_group_barrierj12memory_scope",
    ] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    // memory_order_relaxed (0) and memory_scope_device (2) come back from the SPIR-V operands.
    let ll = m.to_ll(&spirvkit_llvm::WriteOptions::typed());
    assert!(ll.contains(", i32 1, i32 0, i32 2)"), "{ll}");
}

#[test]
fn cl12_keeps_the_12_atomics_and_names_the_collectives() {
    let m = reverse(TargetEnv::Cl12);
    let names = declared(&m);
    assert!(names.contains(&"_Z10atomic_addPU3AS4Vii"), "{names:?}");
    assert!(names.contains(&"_Z14atomic_cmpxchgPU3AS4Viii"), "{names:?}");
    assert!(names.contains(&"_Z21work_group_reduce_addi"), "{names:?}");
    assert!(names.contains(&"_Z7barrierj"), "{names:?}");
    assert!(!names.iter().any(|n| n.contains("explicit")), "{names:?}");
}

#[test]
fn spv_ir_calls_spirv_functions_with_opaque_pointers() {
    let m = reverse(TargetEnv::SpvIr);
    let names = declared(&m);
    for want in [
        "_Z18__spirv_AtomicIAddPU3AS4iiii",
        "_Z29__spirv_AtomicCompareExchangePU3AS4iiiiii",
        "_Z33__spirv_BuiltInGlobalInvocationIdi",
        "_Z17__spirv_GroupIAddiii",
        "_Z16__spirv_GroupAllib",
        "_Z26__spirv_ocl_vloadn_Rfloat4lPU3AS4fi",
        "_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPU3AS4ci",
        "_Z22__spirv_ControlBarrieriii",
    ] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    // Written with opaque pointers only, and read back as such.
    let bc = spirvkit_llvm::write_bitcode_opaque(&m, "spv-ir.bc").expect("bitcode");
    let back = spirvkit_llvm::read_bitcode(&bc, "spv-ir.bc").expect("reads back");
    assert!(back.types.iter().all(|(_, t)| !matches!(
        t,
        spirvkit_llvm::Type::Pointer {
            pointee: Some(_),
            ..
        }
    )));
    assert_eq!(back.functions.len(), m.functions.len());
}
