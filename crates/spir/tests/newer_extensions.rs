//! Extension constructs of recent llvm-spirv tests: SPV-IR decoration calls (cache controls),
//! blocking pipes, the device-barrier built-in, SPV_KHR_abort, SPV_AMD_weak_linkage, the
//! provisional FPGA global-variable decoration numbers, bfloat16 cooperative matrices (also
//! under the draft name SPV_KHR_brain_float16) and generic pointers passed to built-ins
//! mangled for the global space. Each is refused naming its extension without it; spirv-val
//! 2025.5 checks the outputs whose instructions it knows.

mod common;
use common::{spirv_val, translate_with};
use spirvkit_core::{Instruction, Module, Operand};
use spirvkit_grammar::{Capability, Decoration, Op};

fn has_capability(m: &Module, c: Capability) -> bool {
    m.instructions().any(|i| {
        i.opcode == Op::Capability && i.operands.first().and_then(Operand::word) == Some(c.0)
    })
}

fn has_extension(m: &Module, name: &str) -> bool {
    m.instructions().any(|i| {
        i.opcode == Op::Extension
            && matches!(i.operands.first(), Some(Operand::String(s)) if s.as_ref() == name)
    })
}

fn decorations(m: &Module, decoration: Decoration) -> Vec<&Instruction> {
    m.instructions()
        .filter(|i| {
            i.opcode == Op::Decorate
                && i.operands.get(1).and_then(Operand::word) == Some(decoration.0)
        })
        .collect()
}

fn refused_naming(src: &str, extensions: &str, name: &str) {
    match translate_with(src, extensions) {
        Ok(_) => panic!("translated without {name}"),
        Err(e) => assert!(e.contains(name), "error does not name {name}: {e}"),
    }
}

const CACHE_CONTROL_CALLS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @test(ptr addrspace(1) %buffer) {
entry:
  %p = getelementptr inbounds i32, ptr addrspace(1) %buffer, i64 1
  %l1 = call ptr addrspace(1) @__spirv_DecorationCacheControlLoadINTEL(ptr addrspace(1) %p, i32 0, i32 1)
  %l2 = call ptr addrspace(1) @__spirv_DecorationCacheControlLoadINTEL(ptr addrspace(1) %p, i32 1, i32 1)
  %a = load i32, ptr addrspace(1) %l1, align 4
  %b = load i32, ptr addrspace(1) %l2, align 4
  %s = call ptr addrspace(1) @__spirv_DecorationCacheControlStoreINTEL(ptr addrspace(1) %buffer, i32 0, i32 1)
  %sum = add i32 %a, %b
  store i32 %sum, ptr addrspace(1) %s, align 4
  ret void
}
declare ptr addrspace(1) @__spirv_DecorationCacheControlLoadINTEL(ptr addrspace(1), i32, i32)
declare ptr addrspace(1) @__spirv_DecorationCacheControlStoreINTEL(ptr addrspace(1), i32, i32)
"#;

#[test]
fn spv_ir_decoration_calls_decorate_a_copy() {
    for exts in [
        "+SPV_INTEL_cache_controls",
        "+SPV_INTEL_cache_controls,+SPV_KHR_untyped_pointers",
    ] {
        let m = translate_with(CACHE_CONTROL_CALLS, exts).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, "spv_ir_decoration_calls");
        let loads = decorations(&m, Decoration::CacheControlLoadINTEL);
        let stores = decorations(&m, Decoration::CacheControlStoreINTEL);
        assert_eq!((loads.len(), stores.len()), (2, 1));
        // Each decorated id is a copy of the pointer, and the memory access goes through it.
        for d in loads.iter().chain(&stores) {
            let target = d.operands[0].id();
            let copy = m
                .instructions()
                .find(|i| i.result_id == target)
                .expect("decorated id defined");
            assert_eq!(copy.opcode, Op::CopyObject);
            assert!(m
                .instructions()
                .any(|i| matches!(i.opcode, Op::Load | Op::Store)
                    && i.operands.first().and_then(Operand::id) == target));
        }
        assert_eq!(loads[0].operands[2..], [Operand::Word(0), Operand::Word(1)]);
        assert_eq!(loads[1].operands[2..], [Operand::Word(1), Operand::Word(1)]);
    }
    refused_naming(CACHE_CONTROL_CALLS, "", "SPV_INTEL_cache_controls");
}

/// DPC++'s prefetch: the mangled name says global (`PU3AS1Kc`), the IR passes a generic pointer.
const PREFETCH_GENERIC: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %data) {
entry:
  %g = addrspacecast ptr addrspace(1) %data to ptr addrspace(4)
  tail call spir_func void @_Z20__spirv_ocl_prefetchPU3AS1Kcm(ptr addrspace(4) %g, i64 1)
  ret void
}
declare spir_func void @_Z20__spirv_ocl_prefetchPU3AS1Kcm(ptr addrspace(4), i64)
"#;

#[test]
fn generic_pointer_cast_to_the_mangled_global_space() {
    let m = translate_with(PREFETCH_GENERIC, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "prefetch_generic");
    assert_eq!(
        m.instructions()
            .filter(|i| i.opcode == Op::GenericCastToPtr)
            .count(),
        1
    );
}

const BLOCKING_PIPES: &str = r#"target triple = "spir64-unknown-unknown"
%opencl.pipe_ro_t = type opaque
%opencl.pipe_wo_t = type opaque
define spir_func void @read(%opencl.pipe_ro_t addrspace(1)* %p, i32 addrspace(4)* %ptr) {
entry:
  call spir_func void @_Z29__spirv_ReadPipeBlockingINTELIiEv8ocl_pipePiii(%opencl.pipe_ro_t addrspace(1)* %p, i32 addrspace(4)* %ptr, i32 4, i32 4)
  ret void
}
define spir_func void @write(%opencl.pipe_wo_t addrspace(1)* %p, i32 addrspace(4)* %ptr) {
entry:
  call spir_func void @_Z30__spirv_WritePipeBlockingINTELIKiEv8ocl_pipePiii(%opencl.pipe_wo_t addrspace(1)* %p, i32 addrspace(4)* %ptr, i32 4, i32 4)
  ret void
}
declare spir_func void @_Z29__spirv_ReadPipeBlockingINTELIiEv8ocl_pipePiii(%opencl.pipe_ro_t addrspace(1)*, i32 addrspace(4)*, i32, i32)
declare spir_func void @_Z30__spirv_WritePipeBlockingINTELIKiEv8ocl_pipePiii(%opencl.pipe_wo_t addrspace(1)*, i32 addrspace(4)*, i32, i32)
"#;

/// The extension's instructions take the pipe, the pointer, the packet size and alignment and
/// have no result (the pinned grammar lists a result type and id for their first two words,
/// which spirv-val 2025.5 follows, so it cannot check them).
#[test]
fn blocking_pipes_read_and_write() {
    let m = translate_with(BLOCKING_PIPES, "+SPV_INTEL_blocking_pipes")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(&m, Capability::BlockingPipesINTEL));
    assert!(has_capability(&m, Capability::Pipes));
    assert!(has_extension(&m, "SPV_INTEL_blocking_pipes"));
    let pipes: Vec<(u32, Option<u32>)> = m
        .instructions()
        .filter(|i| i.opcode == Op::TypePipe)
        .map(|i| {
            (
                i.result_id.map_or(0, |r| r.0),
                i.operands.first().and_then(Operand::word),
            )
        })
        .collect();
    assert_eq!(pipes.len(), 2, "a read-only and a write-only pipe type");
    for opcode in [Op::ReadPipeBlockingINTEL, Op::WritePipeBlockingINTEL] {
        let inst = m
            .instructions()
            .find(|i| i.opcode == opcode)
            .unwrap_or_else(|| panic!("no {opcode:?}"));
        assert_eq!(inst.operands.len(), 4, "pipe, pointer, size, alignment");
        // The first operand is the pipe (here the function's parameter of a pipe type).
        let pipe = inst.operands[0].id();
        let pipe_ty = m
            .instructions()
            .find(|i| i.result_id == pipe)
            .and_then(|i| i.result_type)
            .map(|t| t.0);
        assert!(pipes.iter().any(|(id, _)| Some(*id) == pipe_ty));
    }
    refused_naming(BLOCKING_PIPES, "", "SPV_INTEL_blocking_pipes");
}

const DEVICE_BARRIER: &str = r#"target triple = "spir-unknown-unknown"
define spir_kernel void @f(ptr addrspace(1) %out) {
entry:
  %0 = call spir_func i1 @_Z38__spirv_BuiltInDeviceBarrierValidINTELv()
  %1 = zext i1 %0 to i32
  store i32 %1, ptr addrspace(1) %out
  ret void
}
declare spir_func i1 @_Z38__spirv_BuiltInDeviceBarrierValidINTELv()
"#;

/// DeviceBarrierValidINTEL (6186) and DeviceBarrierINTEL (6185) come from the grammar
/// supplement (newer than the pinned headers; spirv-val 2025.5 does not know them).
#[test]
fn device_barrier_valid_built_in() {
    let m = translate_with(DEVICE_BARRIER, "+SPV_INTEL_device_barrier")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(&m, Capability::DeviceBarrierINTEL));
    assert!(has_extension(&m, "SPV_INTEL_device_barrier"));
    let builtin = decorations(&m, Decoration::BuiltIn);
    assert!(builtin
        .iter()
        .any(|d| d.operands.get(2).and_then(Operand::word) == Some(6186)));
    refused_naming(DEVICE_BARRIER, "", "SPV_INTEL_device_barrier");
}

const ABORT: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @checked(i32 %x, i32 %msg) {
entry:
  %ok = icmp sgt i32 %x, 0
  br i1 %ok, label %good, label %bad
good:
  ret i32 %x
bad:
  call spir_func void @_Z16__spirv_AbortKHRIiEvT_(i32 %msg)
  unreachable
}
define spir_func void @abort_then_ret(i32 %msg) {
entry:
  call spir_func void @_Z16__spirv_AbortKHRIiEvT_(i32 %msg)
  ret void
}
declare spir_func void @_Z16__spirv_AbortKHRIiEvT_(i32)
"#;

/// OpAbortKHR ends its block: what the LLVM block has after the call (`unreachable`, `ret`)
/// is dropped, as llvm-spirv does. (OpAbortKHR is newer than spirv-val 2025.5.)
#[test]
fn abort_terminates_its_block() {
    let m = translate_with(ABORT, "+SPV_KHR_abort").unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(&m, Capability::AbortKHR));
    assert!(has_extension(&m, "SPV_KHR_abort"));
    let insts: Vec<&Instruction> = m.instructions().collect();
    let aborts: Vec<usize> = (0..insts.len())
        .filter(|&i| insts[i].opcode == Op::AbortKHR)
        .collect();
    assert_eq!(aborts.len(), 2);
    for &i in &aborts {
        assert_eq!(insts[i].operands.len(), 2, "message type and message");
        assert!(
            matches!(insts[i + 1].opcode, Op::Label | Op::FunctionEnd),
            "OpAbortKHR ends its block, found {:?} after it",
            insts[i + 1].opcode
        );
    }
    assert!(!insts.iter().any(|i| i.opcode == Op::Unreachable));
    refused_naming(ABORT, "", "SPV_KHR_abort");
    // The assembler and disassembler know the supplement's instruction.
    let text = spirvkit_text::disassemble(&m.to_words(), &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("OpAbortKHR %uint"), "{text}");
}

const WEAK: &str = r#"target triple = "spir"
@GV = weak addrspace(1) global [3 x i32] zeroinitializer, align 4
define weak spir_func i32 @square(i32 %in) {
entry:
  %mul = mul nsw i32 %in, %in
  ret i32 %mul
}
"#;

fn linkage_types(m: &Module) -> Vec<u32> {
    decorations(m, Decoration::LinkageAttributes)
        .iter()
        .filter_map(|d| d.operands.last().and_then(Operand::word))
        .collect()
}

#[test]
fn weak_definitions_with_amd_weak_linkage() {
    let m = translate_with(WEAK, "+SPV_AMD_weak_linkage").unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(&m, Capability::WeakLinkageAMD));
    assert!(has_extension(&m, "SPV_AMD_weak_linkage"));
    assert_eq!(
        linkage_types(&m),
        [3, 3],
        "WeakAMD on the global and the function"
    );
    // Without the extension weak definitions are exported, as before.
    let m = translate_with(WEAK, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "weak_without_extension");
    assert_eq!(linkage_types(&m), [0, 0]);
    assert!(!has_extension(&m, "SPV_AMD_weak_linkage"));
}

const FPGA_GLOBALS: &str = r#"target triple = "spir64-unknown-unknown"
@int_var = addrspace(1) global i32 42, !spirv.Decorations !1
@float_var = addrspace(1) global float 1.0, !spirv.Decorations !5
!1 = !{!2, !3}
!2 = !{i32 6148, i1 true}
!3 = !{i32 6147, i32 0}
!4 = !{i32 6147, i32 1}
!5 = !{!6, !4}
!6 = !{i32 6191, i32 0}
"#;

/// llvm-spirv's test writes ImplementInRegisterMapINTEL as 6148 and InitModeINTEL as 6147
/// (numbers from before registration): they are the registered 6191 and 6190.
/// (spirv-val 2025.5 cannot read InitModeINTEL's operand kind: "Unhandled operand type".)
#[test]
fn provisional_fpga_decoration_numbers() {
    let m = translate_with(FPGA_GLOBALS, "+SPV_INTEL_global_variable_fpga_decorations")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(
        &m,
        Capability::GlobalVariableFPGADecorationsINTEL
    ));
    let in_map: Vec<u32> = decorations(&m, Decoration::ImplementInRegisterMapINTEL)
        .iter()
        .filter_map(|d| d.operands.get(2).and_then(Operand::word))
        .collect();
    let init: Vec<u32> = decorations(&m, Decoration::InitModeINTEL)
        .iter()
        .filter_map(|d| d.operands.get(2).and_then(Operand::word))
        .collect();
    assert_eq!(in_map.len(), 2);
    assert_eq!(in_map[1], 0);
    assert_ne!(in_map[0], 0);
    assert_eq!(init, [0, 1]);
    refused_naming(
        FPGA_GLOBALS,
        "",
        "SPV_INTEL_global_variable_fpga_decorations",
    );
}

const HOST_ACCESS: &str = r#"target triple = "spir64-unknown-unknown"
@int_var = addrspace(1) global i32 42, !spirv.Decorations !1
@flag = addrspace(1) global i1 0, !spirv.Decorations !3
!1 = !{!2}
!2 = !{i32 6168, i32 1, !"IntVarName"}
!3 = !{!4}
!4 = !{i32 6188, i32 3, !"FlagName"}
"#;

/// HostAccessINTEL under its earlier SPIRV-Headers number 6168 (as llvm-spirv's
/// global_var_host_access.ll spells it) and its registered 6188: both give HostAccessINTEL
/// with the access and the name; refused naming the extension without it.
#[test]
fn host_access_under_its_earlier_number() {
    let m = translate_with(HOST_ACCESS, "+SPV_INTEL_global_variable_host_access")
        .unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "host_access");
    assert!(has_capability(
        &m,
        Capability::GlobalVariableHostAccessINTEL
    ));
    let access: Vec<(u32, String)> = decorations(&m, Decoration::HostAccessINTEL)
        .iter()
        .filter_map(|d| match (d.operands.get(2), d.operands.get(3)) {
            (Some(Operand::Word(a)), Some(Operand::String(s))) => Some((*a, s.to_string())),
            _ => None,
        })
        .collect();
    assert_eq!(
        access,
        [(1, "IntVarName".to_string()), (3, "FlagName".to_string())]
    );
    refused_naming(HOST_ACCESS, "", "SPV_INTEL_global_variable_host_access");
}

const BFLOAT_MATRIX: &str = r#"target triple = "spir64-unknown-unknown"
declare spir_func target("spirv.CooperativeMatrixKHR", bfloat, 3, 12, 12, 2) @_Z26__spirv_CompositeConstructu6__bf16(bfloat)
define spir_kernel void @test() {
  %mat = call spir_func target("spirv.CooperativeMatrixKHR", bfloat, 3, 12, 12, 2) @_Z26__spirv_CompositeConstructu6__bf16(bfloat 1.0)
  ret void
}
"#;

/// The typed-pointer SPV-IR spelling of the same matrix type: a pointer to a struct named after
/// its operands.
const BFLOAT_MATRIX_STRUCT: &str = r#"target triple = "spir64-unknown-unknown"
%spirv.CooperativeMatrixKHR._bfloat16_3_12_12_2 = type { [12 x [12 x bfloat]]* }
declare spir_func %spirv.CooperativeMatrixKHR._bfloat16_3_12_12_2* @_Z26__spirv_CompositeConstructu6__bf16(bfloat)
define spir_kernel void @test() {
  %mat = call spir_func %spirv.CooperativeMatrixKHR._bfloat16_3_12_12_2* @_Z26__spirv_CompositeConstructu6__bf16(bfloat 1.0)
  ret void
}
"#;

#[test]
fn bfloat16_cooperative_matrices() {
    for (src, tag) in [(BFLOAT_MATRIX, "target"), (BFLOAT_MATRIX_STRUCT, "struct")] {
        // SPV_KHR_brain_float16 is the draft name llvm-spirv's older tests use.
        for bf16 in ["+SPV_KHR_bfloat16", "+SPV_KHR_brain_float16"] {
            let exts = format!("+SPV_KHR_cooperative_matrix,{bf16}");
            let m = translate_with(src, &exts).unwrap_or_else(|e| panic!("{tag}: {e}"));
            spirv_val(&m, &format!("bfloat16_matrix_{tag}"));
            assert!(has_capability(&m, Capability::BFloat16CooperativeMatrixKHR));
            assert!(has_extension(&m, "SPV_KHR_bfloat16"));
            assert!(!has_extension(&m, "SPV_KHR_brain_float16"));
            let matrix = m
                .instructions()
                .find(|i| i.opcode == Op::TypeCooperativeMatrixKHR)
                .expect("a matrix type");
            assert_eq!(matrix.operands.len(), 5);
        }
        refused_naming(src, "+SPV_KHR_bfloat16", "SPV_KHR_cooperative_matrix");
    }
}

const POISON_MODE: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @asks() {
entry:
  ret void
}
define spir_kernel void @other() {
entry:
  ret void
}
!spirv.ExecutionMode = !{!0}
!0 = !{ptr @asks, i32 5157}
"#;

/// ArithmeticPoisonKHR (5157) from `!spirv.ExecutionMode`; declaring PoisonFreezeKHR requires
/// the mode on every entry point, so the other kernel gets it too (once each).
#[test]
fn arithmetic_poison_mode_on_every_entry_point() {
    let m = translate_with(POISON_MODE, "+SPV_KHR_poison_freeze").unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(&m, Capability::PoisonFreezeKHR));
    assert!(has_extension(&m, "SPV_KHR_poison_freeze"));
    let mut with_mode: Vec<_> = m
        .instructions()
        .filter(|i| {
            i.opcode == Op::ExecutionMode
                && i.operands.get(1).and_then(Operand::word)
                    == Some(spirvkit_grammar::ExecutionMode::ArithmeticPoisonKHR.0)
        })
        .filter_map(|i| i.operands[0].id())
        .collect();
    with_mode.sort();
    let mut entries: Vec<_> = m
        .instructions()
        .filter(|i| i.opcode == Op::EntryPoint)
        .filter_map(|i| i.operands[1].id())
        .collect();
    entries.sort();
    assert_eq!(with_mode, entries);
    // Without the extension llvm-spirv leaves the mode out (session 18: it is not refused).
    let m = translate_with(POISON_MODE, "").unwrap_or_else(|e| panic!("{e}"));
    assert!(!has_capability(&m, Capability::PoisonFreezeKHR));
    assert!(!has_extension(&m, "SPV_KHR_poison_freeze"));
    assert!(!m.instructions().any(|i| i.opcode == Op::ExecutionMode
        && i.operands.get(1).and_then(Operand::word)
            == Some(spirvkit_grammar::ExecutionMode::ArithmeticPoisonKHR.0)));
}

const APPLY_FUNCTION: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 8, 16, 2) @apply(ptr addrspace(4) %lambda, i16 %x) {
entry:
  %m = call spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 8, 16, 2) @_Z26__spirv_CompositeConstructs(i16 %x)
  %r = call spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 8, 16, 2) @_Z43__spirv_CooperativeMatrixApplyFunctionINTEL(ptr addrspace(4) %lambda, target("spirv.CooperativeMatrixKHR", i16, 3, 8, 16, 2) %m)
  ret target("spirv.CooperativeMatrixKHR", i16, 3, 8, 16, 2) %r
}
declare spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 8, 16, 2) @_Z26__spirv_CompositeConstructs(i16)
declare spir_func target("spirv.CooperativeMatrixKHR", i16, 3, 8, 16, 2) @_Z43__spirv_CooperativeMatrixApplyFunctionINTEL(ptr addrspace(4), target("spirv.CooperativeMatrixKHR", i16, 3, 8, 16, 2))
"#;

/// SPV_INTEL_joint_matrix's OpCooperativeMatrixApplyFunctionINTEL (6448, capability
/// CooperativeMatrixInvocationInstructionsINTEL 6435: not in SPIRV-Headers, from the grammar
/// supplement): the function operand, then the matrix, the result a matrix of the same type.
#[test]
fn cooperative_matrix_apply_function() {
    let exts = "+SPV_KHR_cooperative_matrix,+SPV_INTEL_joint_matrix";
    let m = translate_with(APPLY_FUNCTION, exts).unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(
        &m,
        Capability::CooperativeMatrixInvocationInstructionsINTEL
    ));
    assert!(has_extension(&m, "SPV_INTEL_joint_matrix"));
    let apply = m
        .instructions()
        .find(|i| i.opcode == Op::CooperativeMatrixApplyFunctionINTEL)
        .expect("the apply instruction");
    let matrix_ty = m
        .instructions()
        .find(|i| i.opcode == Op::TypeCooperativeMatrixKHR)
        .and_then(|i| i.result_id);
    assert_eq!(apply.result_type, matrix_ty);
    assert_eq!(apply.operands.len(), 2);
    refused_naming(
        APPLY_FUNCTION,
        "+SPV_KHR_cooperative_matrix",
        "SPV_INTEL_joint_matrix",
    );
}

const TRAPS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func void @trap_simple() {
entry:
  call void @llvm.trap()
  unreachable
}
define spir_func void @ubsan(i8 %kind) {
entry:
  call void @llvm.ubsantrap(i8 7)
  unreachable
}
define spir_func void @debug() {
entry:
  call void @llvm.debugtrap()
  unreachable
}
declare void @llvm.trap()
declare void @llvm.ubsantrap(i8)
declare void @llvm.debugtrap()
"#;

/// With SPV_KHR_abort, `llvm.trap` aborts with the message 0xffffffff and `llvm.ubsantrap`
/// with its kind (as 32 bits); `llvm.debugtrap` is dropped. Without the extension every trap is
/// dropped and the module is valid.
#[test]
fn traps_abort_with_the_extension() {
    let m = translate_with(TRAPS, "+SPV_KHR_abort").unwrap_or_else(|e| panic!("{e}"));
    let constant = |id| {
        m.instructions()
            .find(|i| i.opcode == Op::Constant && Some(i.result_id) == Some(id))
            .and_then(|i| i.operands.first().and_then(Operand::word))
    };
    let messages: Vec<Option<u32>> = m
        .instructions()
        .filter(|i| i.opcode == Op::AbortKHR)
        .map(|i| constant(i.operands[1].id()))
        .collect();
    assert_eq!(messages, [Some(u32::MAX), Some(7)]);
    assert_eq!(
        m.instructions()
            .filter(|i| i.opcode == Op::Unreachable)
            .count(),
        1,
        "the debugtrap function keeps its unreachable"
    );
    let m = translate_with(TRAPS, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "traps_without_abort");
    assert!(!m.instructions().any(|i| i.opcode == Op::AbortKHR));
}

const DEVICE_SCOPE_BARRIERS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @test(i32 %scope) {
  tail call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 264)
  tail call spir_func void @_Z22__spirv_ControlBarrieriii(i32 1, i32 1, i32 520)
  tail call spir_func void @_Z22__spirv_ControlBarrieriii(i32 0, i32 0, i32 520)
  ret void
}
define spir_kernel void @runtime(i32 %scope) {
  tail call spir_func void @_Z22__spirv_ControlBarrieriii(i32 %scope, i32 1, i32 520)
  ret void
}
declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32)
"#;

const RUNTIME_SCOPE_BARRIER: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @runtime(i32 %scope) {
  tail call spir_func void @_Z22__spirv_ControlBarrieriii(i32 %scope, i32 2, i32 264)
  ret void
}
declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32)
"#;

/// OpControlBarrier with a Device or CrossDevice execution scope needs SPV_INTEL_device_barrier
/// (refused naming it otherwise); a run-time scope declares it only when it is allowed.
#[test]
fn device_scope_control_barriers() {
    let m = translate_with(DEVICE_SCOPE_BARRIERS, "+SPV_INTEL_device_barrier")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(&m, Capability::DeviceBarrierINTEL));
    assert!(has_extension(&m, "SPV_INTEL_device_barrier"));
    assert_eq!(
        m.instructions()
            .filter(|i| i.opcode == Op::ControlBarrier)
            .count(),
        4
    );
    refused_naming(DEVICE_SCOPE_BARRIERS, "", "SPV_INTEL_device_barrier");
    let m = translate_with(RUNTIME_SCOPE_BARRIER, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "runtime_scope_barrier");
    assert!(!has_capability(&m, Capability::DeviceBarrierINTEL));
    let m = translate_with(RUNTIME_SCOPE_BARRIER, "+SPV_INTEL_device_barrier")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(&m, Capability::DeviceBarrierINTEL));
}

const BFLOAT_ARITHMETIC: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func bfloat @math(bfloat %a, bfloat %b) {
entry:
  %n = fneg bfloat %a
  %s = fadd bfloat %n, %b
  %c = fcmp olt bfloat %s, %b
  %r = select i1 %c, bfloat %s, bfloat %b
  %m = call bfloat @llvm.fabs.bf16(bfloat %r)
  ret bfloat %m
}
declare bfloat @llvm.fabs.bf16(bfloat)
"#;

const BFLOAT_STORAGE_ONLY: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func float @widen(ptr addrspace(1) %p) {
entry:
  %v = load bfloat, ptr addrspace(1) %p
  %w = fpext bfloat %v to float
  %t = fptrunc float %w to bfloat
  store bfloat %t, ptr addrspace(1) %p
  ret float %w
}
"#;

const BFLOAT_INTEGER_CONVERSIONS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @convert(ptr addrspace(1) %p, i16 %n) {
entry:
  %v = load bfloat, ptr addrspace(1) %p
  %u = fptoui bfloat %v to i32
  %s = fptosi bfloat %v to i16
  %a = sitofp i16 %s to bfloat
  %b = uitofp i16 %n to bfloat
  store bfloat %a, ptr addrspace(1) %p
  store bfloat %b, ptr addrspace(1) %p
  ret i32 %u
}
"#;

/// Arithmetic on bfloat16 needs SPV_INTEL_bfloat16_arithmetic (BFloat16ArithmeticINTEL 6226,
/// from the grammar supplement; spirv-val 2025.5 knows neither); loads, stores and float
/// conversions need only SPV_KHR_bfloat16.
#[test]
fn bfloat16_arithmetic_needs_its_extension() {
    let m = translate_with(
        BFLOAT_ARITHMETIC,
        "+SPV_KHR_bfloat16,+SPV_INTEL_bfloat16_arithmetic",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(&m, Capability::BFloat16ArithmeticINTEL));
    assert!(has_extension(&m, "SPV_INTEL_bfloat16_arithmetic"));
    refused_naming(
        BFLOAT_ARITHMETIC,
        "+SPV_KHR_bfloat16",
        "SPV_INTEL_bfloat16_arithmetic",
    );
    refused_naming(
        BFLOAT_ARITHMETIC,
        "+SPV_KHR_bfloat16",
        "SPV_EXT_bfloat16_arithmetic",
    );
    // SPV_EXT_bfloat16_arithmetic (the registry's revision 2) names the same token 6226
    // BFloat16ArithmeticEXT; it is declared in place of the INTEL extension when allowed.
    for exts in [
        "+SPV_KHR_bfloat16,+SPV_EXT_bfloat16_arithmetic",
        "+SPV_KHR_bfloat16,+SPV_EXT_bfloat16_arithmetic,+SPV_INTEL_bfloat16_arithmetic",
    ] {
        let m = translate_with(BFLOAT_ARITHMETIC, exts).unwrap_or_else(|e| panic!("{e}"));
        assert!(has_capability(&m, Capability::BFloat16ArithmeticEXT));
        assert!(has_extension(&m, "SPV_EXT_bfloat16_arithmetic"));
        assert!(!has_extension(&m, "SPV_INTEL_bfloat16_arithmetic"));
    }
    let m = translate_with(
        BFLOAT_STORAGE_ONLY,
        "+SPV_KHR_bfloat16,+SPV_INTEL_bfloat16_arithmetic",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "bfloat16_storage_only");
    assert!(!has_capability(&m, Capability::BFloat16ArithmeticINTEL));
}

/// Conversions between bfloat16 and integers are SPV_KHR_bfloat16 conversions (OpConvertFToU
/// / FToS / SToF / UToF), not arithmetic: no SPV_INTEL_bfloat16_arithmetic.
#[test]
fn bfloat16_integer_conversions_need_only_the_type() {
    let m = translate_with(BFLOAT_INTEGER_CONVERSIONS, "+SPV_KHR_bfloat16")
        .unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "bfloat16_integer_conversions");
    assert!(!has_capability(&m, Capability::BFloat16ArithmeticINTEL));
    assert!(has_extension(&m, "SPV_KHR_bfloat16"));
    let ops: Vec<Op> = m
        .functions
        .iter()
        .flat_map(|f| f.instructions())
        .map(|i| i.opcode)
        .collect();
    for op in [
        Op::ConvertFToU,
        Op::ConvertFToS,
        Op::ConvertSToF,
        Op::ConvertUToF,
    ] {
        assert!(ops.contains(&op), "{op:?} missing");
    }
}

const CALL_ARGUMENT_CACHE_CONTROLS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @test(ptr addrspace(1) %buffer1) {
entry:
  call void @foo(ptr addrspace(1) %buffer1), !spirv.DecorationCacheControlINTEL !3
  ret void
}
declare void @foo(ptr addrspace(1))
!3 = !{!4, !5}
!4 = !{i32 6442, i32 0, i32 3, i32 0}
!5 = !{i32 6442, i32 1, i32 1, i32 0}
"#;

/// `!spirv.DecorationCacheControlINTEL` on a call: {decoration, literals..., argument index};
/// the argument is passed as a copy carrying the decorations (the second cache level through
/// a decoration group, as spirv-val 2025.5 refuses the same decoration twice on one id).
#[test]
fn cache_controls_on_call_arguments() {
    for exts in [
        "+SPV_INTEL_cache_controls",
        "+SPV_INTEL_cache_controls,+SPV_KHR_untyped_pointers",
    ] {
        let m =
            translate_with(CALL_ARGUMENT_CACHE_CONTROLS, exts).unwrap_or_else(|e| panic!("{e}"));
        spirv_val(&m, "call_argument_cache_controls");
        let call = m
            .instructions()
            .find(|i| i.opcode == Op::FunctionCall)
            .expect("the call");
        let passed = call.operands[1].id();
        let copy = m
            .instructions()
            .find(|i| i.result_id == passed)
            .expect("the passed value");
        assert_eq!(copy.opcode, Op::CopyObject);
        let decorated: Vec<_> = decorations(&m, Decoration::CacheControlLoadINTEL)
            .iter()
            .map(|d| d.operands[0].id())
            .collect();
        assert!(decorated.contains(&passed));
        assert_eq!(
            m.instructions()
                .filter(|i| i.opcode == Op::GroupDecorate)
                .count(),
            1
        );
    }
    refused_naming(CALL_ARGUMENT_CACHE_CONTROLS, "", "SPV_INTEL_cache_controls");
}

const MATRIX_PREFETCH: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i64 %K) {
entry:
  tail call spir_func void @_Z38__spirv_CooperativeMatrixPrefetchINTELPU3AS4ciiii(ptr addrspace(1) %a, i32 12, i32 48, i32 0, i32 0)
  tail call spir_func void @_Z38__spirv_CooperativeMatrixPrefetchINTELPU3AS4ciiiili(ptr addrspace(1) %b, i32 12, i32 48, i32 0, i32 0, i64 %K, i32 1)
  ret void
}
declare spir_func void @_Z38__spirv_CooperativeMatrixPrefetchINTELPU3AS4ciiii(ptr addrspace(1), i32, i32, i32, i32)
declare spir_func void @_Z38__spirv_CooperativeMatrixPrefetchINTELPU3AS4ciiiili(ptr addrspace(1), i32, i32, i32, i32, i64, i32)
"#;

/// OpCooperativeMatrixPrefetchINTEL (6449, CooperativeMatrixPrefetchINTEL 6411, grammar
/// supplement): pointer, rows, columns, the cache level as a literal, the layout, then the
/// optional stride and memory operand (DPC++'s `__spirv_CooperativeMatrixPrefetchINTEL`).
#[test]
fn cooperative_matrix_prefetch() {
    let exts = "+SPV_KHR_cooperative_matrix,+SPV_INTEL_joint_matrix";
    let m = translate_with(MATRIX_PREFETCH, exts).unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(
        &m,
        Capability::CooperativeMatrixPrefetchINTEL
    ));
    assert!(has_extension(&m, "SPV_INTEL_joint_matrix"));
    let lengths: Vec<usize> = m
        .instructions()
        .filter(|i| i.opcode == Op::CooperativeMatrixPrefetchINTEL)
        .map(|i| i.operands.len())
        .collect();
    assert_eq!(lengths, [5, 7]);
    let first = m
        .instructions()
        .find(|i| i.opcode == Op::CooperativeMatrixPrefetchINTEL)
        .expect("a prefetch");
    assert_eq!(
        first.operands[3],
        Operand::Word(0),
        "the cache level is a literal"
    );
    refused_naming(
        MATRIX_PREFETCH,
        "+SPV_KHR_cooperative_matrix",
        "SPV_INTEL_joint_matrix",
    );
}

/// The earlier SPV_INTEL_joint_matrix prefetch also took the block's row and column after
/// the pointer: 8 or 9 arguments, or 7 whose last (the layout) is not a constant.
const EARLIER_MATRIX_PREFETCH: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, i64 %K, i32 %layout) {
entry:
  %g = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  call spir_func void @_Z38__spirv_CooperativeMatrixPrefetchINTELPU3AS4ciiiiiil(ptr addrspace(4) %g, i32 0, i32 0, i32 12, i32 48, i32 2, i32 0, i64 %K)
  call spir_func void @_Z38__spirv_CooperativeMatrixPrefetchINTELPU3AS4ciiiiii(ptr addrspace(4) %g, i32 0, i32 0, i32 8, i32 16, i32 1, i32 %layout)
  call spir_func void @_Z38__spirv_CooperativeMatrixPrefetchINTELPU3AS4ciiiiili(ptr addrspace(4) %g, i32 4, i32 8, i32 1, i32 0, i64 %K, i32 1)
  ret void
}
declare spir_func void @_Z38__spirv_CooperativeMatrixPrefetchINTELPU3AS4ciiiiiil(ptr addrspace(4), i32, i32, i32, i32, i32, i32, i64)
declare spir_func void @_Z38__spirv_CooperativeMatrixPrefetchINTELPU3AS4ciiiiii(ptr addrspace(4), i32, i32, i32, i32, i32, i32)
declare spir_func void @_Z38__spirv_CooperativeMatrixPrefetchINTELPU3AS4ciiiiili(ptr addrspace(4), i32, i32, i32, i32, i64, i32)
"#;

#[test]
fn earlier_cooperative_matrix_prefetch_form() {
    let exts = "+SPV_KHR_cooperative_matrix,+SPV_INTEL_joint_matrix";
    let m = translate_with(EARLIER_MATRIX_PREFETCH, exts).unwrap_or_else(|e| panic!("{e}"));
    let prefetches: Vec<&Instruction> = m
        .instructions()
        .filter(|i| i.opcode == Op::CooperativeMatrixPrefetchINTEL)
        .collect();
    let lengths: Vec<usize> = prefetches.iter().map(|i| i.operands.len()).collect();
    // Coordinates dropped: pointer, rows, columns, cache level, layout [, stride];
    // the third call is the current form with a memory operand.
    assert_eq!(lengths, [6, 5, 7]);
    assert_eq!(prefetches[0].operands[3], Operand::Word(2), "cache level");
    assert_eq!(prefetches[1].operands[3], Operand::Word(1), "cache level");
    assert_eq!(prefetches[2].operands[3], Operand::Word(1), "cache level");
    assert_eq!(
        prefetches[2].operands[6],
        Operand::Word(1),
        "memory operand"
    );
    // A block other than the first cannot be expressed without the coordinates.
    let moved = EARLIER_MATRIX_PREFETCH.replacen("i32 0, i32 0, i32 12", "i32 1, i32 0, i32 12", 1);
    let err = translate_with(&moved, exts).expect_err("non-zero coordinate refused");
    assert!(err.contains("non-zero row coordinate"), "{err}");
}

const SUBGROUP_BLOCK_PREFETCH: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %ptr, i32 %num_bytes) {
entry:
  call spir_func void @_Z34__spirv_SubgroupBlockPrefetchINTELPU3AS1Khjj(ptr addrspace(1) %ptr, i32 %num_bytes, i32 4)
  ret void
}
declare spir_func void @_Z34__spirv_SubgroupBlockPrefetchINTELPU3AS1Khjj(ptr addrspace(1), i32, i32)
"#;

#[test]
fn subgroup_block_prefetch_with_its_memory_operand() {
    let ext = "+SPV_INTEL_subgroup_buffer_prefetch";
    let m = translate_with(SUBGROUP_BLOCK_PREFETCH, ext).unwrap_or_else(|e| panic!("{e}"));
    assert!(has_extension(&m, "SPV_INTEL_subgroup_buffer_prefetch"));
    assert!(has_capability(&m, Capability::SubgroupBufferPrefetchINTEL));
    let prefetch = m
        .instructions()
        .find(|i| i.opcode == Op::SubgroupBlockPrefetchINTEL)
        .expect("OpSubgroupBlockPrefetchINTEL");
    // Ptr, NumBytes, then the memory-operand mask Nontemporal (4).
    assert_eq!(prefetch.operands.len(), 3);
    assert_eq!(prefetch.operands[2].word(), Some(4));
    spirv_val(&m, "subgroup_block_prefetch");
    refused_naming(
        SUBGROUP_BLOCK_PREFETCH,
        "",
        "SPV_INTEL_subgroup_buffer_prefetch",
    );
}

const BFLOAT16_ATOMIC_MIN: &str = r#"target triple = "spir64"
@f = addrspace(1) global bfloat 0.000000e+00, align 4
define spir_func void @t() {
entry:
  %0 = atomicrmw fmin ptr addrspace(1) @f, bfloat 42.000000e+00 seq_cst
  ret void
}
"#;

#[test]
fn bfloat16_atomic_min_under_the_older_shader_atomic_bfloat16_extension() {
    let ext = "+SPV_INTEL_shader_atomic_bfloat16,+SPV_KHR_bfloat16";
    let m = translate_with(BFLOAT16_ATOMIC_MIN, ext).unwrap_or_else(|e| panic!("{e}"));
    assert!(has_extension(&m, "SPV_INTEL_shader_atomic_bfloat16"));
    assert!(!has_extension(&m, "SPV_INTEL_16bit_atomics"));
    // AtomicBFloat16MinMaxINTEL: newer than the pinned grammar, so spirv-val 2025.5 cannot
    // check the module.
    assert!(has_capability(&m, Capability(6256)));
    assert!(m.instructions().any(|i| i.opcode == Op::AtomicFMinEXT));
    refused_naming(
        BFLOAT16_ATOMIC_MIN,
        "+SPV_KHR_bfloat16",
        "SPV_INTEL_16bit_atomics",
    );
}

const TASK_SEQUENCE: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %out, i32 %x) {
entry:
  %ts = call spir_func target("spirv.TaskSequenceINTEL") @_Z31__spirv_TaskSequenceCreateINTELPFiiiEjjit(ptr @mul, i32 10, i32 -1, i32 17, i16 1)
  call spir_func void @_Z30__spirv_TaskSequenceAsyncINTELmii(target("spirv.TaskSequenceINTEL") %ts, i32 %x, i32 %x)
  %r = call spir_func i32 @_Z28__spirv_TaskSequenceGetINTELm(target("spirv.TaskSequenceINTEL") %ts)
  store i32 %r, ptr addrspace(1) %out, align 4
  call spir_func void @_Z32__spirv_TaskSequenceReleaseINTELm(target("spirv.TaskSequenceINTEL") %ts)
  ret void
}
define spir_func i32 @mul(i32 %a, i32 %b) {
  %m = mul i32 %a, %b
  ret i32 %m
}
declare spir_func target("spirv.TaskSequenceINTEL") @_Z31__spirv_TaskSequenceCreateINTELPFiiiEjjit(ptr, i32, i32, i32, i16)
declare spir_func void @_Z30__spirv_TaskSequenceAsyncINTELmii(target("spirv.TaskSequenceINTEL"), i32, i32)
declare spir_func i32 @_Z28__spirv_TaskSequenceGetINTELm(target("spirv.TaskSequenceINTEL"))
declare spir_func void @_Z32__spirv_TaskSequenceReleaseINTELm(target("spirv.TaskSequenceINTEL"))
"#;

#[test]
fn task_sequences_name_their_function_and_literals() {
    let m =
        translate_with(TASK_SEQUENCE, "+SPV_INTEL_task_sequence").unwrap_or_else(|e| panic!("{e}"));
    assert!(has_extension(&m, "SPV_INTEL_task_sequence"));
    assert!(has_capability(&m, Capability::TaskSequenceALTERA));
    let ty = m
        .instructions()
        .find(|i| i.opcode == Op::TypeTaskSequenceALTERA)
        .and_then(|i| i.result_id)
        .expect("OpTypeTaskSequenceALTERA");
    let mul = m
        .instructions()
        .find(|i| {
            i.opcode == Op::Name
                && matches!(i.operands.get(1), Some(Operand::String(s)) if s.as_ref() == "mul")
        })
        .and_then(|i| i.operands.first().cloned());
    let create = m
        .instructions()
        .find(|i| i.opcode == Op::TaskSequenceCreateALTERA)
        .expect("OpTaskSequenceCreateALTERA");
    assert_eq!(create.result_type, Some(ty));
    // Function, then Pipelined, UseStallEnableClusters, GetCapacity, AsyncCapacity literals.
    let words: Vec<_> = create.operands[1..]
        .iter()
        .filter_map(Operand::word)
        .collect();
    assert_eq!(words, [10, u32::MAX, 17, 1]);
    // The OpFunction itself (defined later in the module), not a function pointer.
    assert_eq!(Some(create.operands[0].clone()), mul);
    for op in [
        Op::TaskSequenceAsyncALTERA,
        Op::TaskSequenceGetALTERA,
        Op::TaskSequenceReleaseALTERA,
    ] {
        assert!(m.instructions().any(|i| i.opcode == op), "{op:?}");
    }
    refused_naming(TASK_SEQUENCE, "", "task_sequence");
}

/// DPC++'s other two TaskSequenceGet forms: a struct result returned through a leading
/// `sret` pointer, and a task returning void.
const TASK_SEQUENCE_GET_FORMS: &str = r#"target triple = "spir64-unknown-unknown"
%struct.Packet = type <{ float, i8, [3 x i8] }>
define spir_kernel void @k() {
entry:
  %ts = call spir_func target("spirv.TaskSequenceINTEL") @_Z31__spirv_TaskSequenceCreateINTELPFiiiEjjit(ptr @mul, i32 -1, i32 -1, i32 1, i32 32)
  %packet = alloca %struct.Packet, align 4
  %p = addrspacecast ptr %packet to ptr addrspace(4)
  call spir_func void @_Z28__spirv_TaskSequenceGetINTELI6PacketET_m(ptr addrspace(4) sret(%struct.Packet) align 4 %p, target("spirv.TaskSequenceINTEL") %ts)
  call spir_func void @_Z28__spirv_TaskSequenceGetINTELIvET_m(target("spirv.TaskSequenceINTEL") %ts)
  ret void
}
define spir_func i32 @mul(i32 %a, i32 %b) {
  %m = mul i32 %a, %b
  ret i32 %m
}
declare spir_func target("spirv.TaskSequenceINTEL") @_Z31__spirv_TaskSequenceCreateINTELPFiiiEjjit(ptr, i32, i32, i32, i32)
declare spir_func void @_Z28__spirv_TaskSequenceGetINTELI6PacketET_m(ptr addrspace(4) sret(%struct.Packet), target("spirv.TaskSequenceINTEL"))
declare spir_func void @_Z28__spirv_TaskSequenceGetINTELIvET_m(target("spirv.TaskSequenceINTEL"))
"#;

#[test]
fn task_sequence_get_through_sret_stores_and_void_get_has_the_void_type() {
    let m = translate_with(TASK_SEQUENCE_GET_FORMS, "+SPV_INTEL_task_sequence")
        .unwrap_or_else(|e| panic!("{e}"));
    let ty_of = |op: Op| {
        m.instructions()
            .find(|i| i.opcode == op)
            .and_then(|i| i.result_id)
    };
    let gets: Vec<_> = m
        .instructions()
        .filter(|i| i.opcode == Op::TaskSequenceGetALTERA)
        .collect();
    assert_eq!(gets.len(), 2);
    // The sret form: the packet struct, stored through the pointer.
    assert_eq!(gets[0].result_type, ty_of(Op::TypeStruct));
    let stored = m
        .instructions()
        .find(|i| i.opcode == Op::Store)
        .and_then(|i| i.operands.get(1).and_then(Operand::id));
    assert_eq!(stored, gets[0].result_id);
    // The void form, as llvm-spirv writes it.
    assert_eq!(gets[1].result_type, ty_of(Op::TypeVoid));
    assert_eq!(gets[1].operands.len(), 1);
}

const FLOAT4_MULTIPLY_ACCUMULATE: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func <4 x float> @packed_a(<4 x i8> %a, <8 x i8> %b, <4 x float> %c) {
entry:
  %r = call spir_func <4 x float> @_Z45__spirv_SubgroupMatrixMultiplyAccumulateINTELiDv4_hDv8_hDv4_fi(i32 8, <4 x i8> %a, <8 x i8> %b, <4 x float> %c, i32 262144)
  ret <4 x float> %r
}
declare spir_func <4 x float> @_Z45__spirv_SubgroupMatrixMultiplyAccumulateINTELiDv4_hDv8_hDv4_fi(i32, <4 x i8>, <8 x i8>, <4 x float>, i32)
"#;

/// A mask operand bit with its own extension (MatrixAPackedFloat4E2M1INTEL, 0x40000, from
/// SPV_INTEL_subgroup_matrix_multiply_accumulate_float4) declares it, or the module is refused
/// naming it — the instruction's own extension is not enough.
#[test]
fn enumerant_operands_declare_their_extension() {
    let exts = "+SPV_INTEL_subgroup_matrix_multiply_accumulate,+SPV_INTEL_subgroup_matrix_multiply_accumulate_float4";
    let m = translate_with(FLOAT4_MULTIPLY_ACCUMULATE, exts).unwrap_or_else(|e| panic!("{e}"));
    assert!(has_extension(
        &m,
        "SPV_INTEL_subgroup_matrix_multiply_accumulate_float4"
    ));
    assert!(has_extension(
        &m,
        "SPV_INTEL_subgroup_matrix_multiply_accumulate"
    ));
    refused_naming(
        FLOAT4_MULTIPLY_ACCUMULATE,
        "+SPV_INTEL_subgroup_matrix_multiply_accumulate",
        "SPV_INTEL_subgroup_matrix_multiply_accumulate_float4",
    );
}

/// FP8 operand bits of SubgroupMatrixMultiplyAccumulateINTEL (E4M3 and E5M2, for A and B:
/// 0x4000, 0x8000, 0x10000, 0x20000) need SPV_INTEL_subgroup_matrix_multiply_accumulate_float8,
/// as llvm-spirv's `subgroup_matrix_multiply_accumulate_fp8` test expects.
#[test]
fn float8_multiply_accumulate_operands_need_their_extension() {
    for bits in [0x4000u32, 0x8000, 0x10000, 0x20000] {
        let src = FLOAT4_MULTIPLY_ACCUMULATE.replace("i32 262144)", &format!("i32 {bits})"));
        assert!(
            src.contains(&format!("i32 {bits})")),
            "{bits:#x}: test input"
        );
        let exts = "+SPV_INTEL_subgroup_matrix_multiply_accumulate,+SPV_INTEL_subgroup_matrix_multiply_accumulate_float8";
        let m = translate_with(&src, exts).unwrap_or_else(|e| panic!("{bits:#x}: {e}"));
        assert!(
            has_extension(&m, "SPV_INTEL_subgroup_matrix_multiply_accumulate_float8"),
            "{bits:#x}"
        );
        let mma = m
            .instructions()
            .find(|i| i.opcode == Op::SubgroupMatrixMultiplyAccumulateINTEL)
            .expect("the instruction");
        assert_eq!(mma.operands.last(), Some(&Operand::Word(bits)), "{bits:#x}");
        refused_naming(
            &src,
            "+SPV_INTEL_subgroup_matrix_multiply_accumulate",
            "SPV_INTEL_subgroup_matrix_multiply_accumulate_float8",
        );
    }
}

/// SPV_INTEL_joint_matrix's checked instructions as DPC++ calls them (llvm-spirv's
/// `cooperative_matrix_checked` tests): the arguments in SPIR-V operand order, the packed
/// layout (2) with its own capability.
const CHECKED_MATRIX: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %c, i64 %K, i32 %init) {
entry:
  %acc = call spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) @_Z46__spirv_CooperativeMatrixConstructCheckedINTEL(i32 4, i32 4, i32 12, i32 12, i32 %init)
  %m = call spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) @_Z41__spirv_CooperativeMatrixLoadCheckedINTEL(ptr addrspace(1) %a, i32 0, i32 8, i32 2, i32 12, i32 48, i64 %K, i32 1)
  %n = call spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) @_Z41__spirv_CooperativeMatrixLoadCheckedINTEL_2(ptr addrspace(1) %a, i32 0, i32 0, i32 0, i32 12, i32 48, i64 %K)
  call spir_func void @_Z42__spirv_CooperativeMatrixStoreCheckedINTEL(ptr addrspace(1) %c, i32 4, i32 0, target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) %acc, i32 0, i32 12, i32 12, i64 %K, i32 1)
  ret void
}
declare spir_func target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2) @_Z46__spirv_CooperativeMatrixConstructCheckedINTEL(i32, i32, i32, i32, i32)
declare spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) @_Z41__spirv_CooperativeMatrixLoadCheckedINTEL(ptr addrspace(1), i32, i32, i32, i32, i32, i64, i32)
declare spir_func target("spirv.CooperativeMatrixKHR", i8, 3, 12, 48, 0) @_Z41__spirv_CooperativeMatrixLoadCheckedINTEL_2(ptr addrspace(1), i32, i32, i32, i32, i32, i64)
declare spir_func void @_Z42__spirv_CooperativeMatrixStoreCheckedINTEL(ptr addrspace(1), i32, i32, target("spirv.CooperativeMatrixKHR", i32, 3, 12, 12, 2), i32, i32, i32, i64, i32)
"#;

#[test]
fn cooperative_matrix_checked_instructions() {
    let exts = "+SPV_KHR_cooperative_matrix,+SPV_INTEL_joint_matrix";
    let m = translate_with(CHECKED_MATRIX, exts).unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(
        &m,
        Capability::CooperativeMatrixCheckedInstructionsINTEL
    ));
    assert!(has_capability(&m, Capability::PackedCooperativeMatrixINTEL));
    assert!(has_extension(&m, "SPV_INTEL_joint_matrix"));
    let count = |op| m.instructions().filter(|i| i.opcode == op).count();
    assert_eq!(count(Op::CooperativeMatrixConstructCheckedINTEL), 1);
    assert_eq!(count(Op::CooperativeMatrixLoadCheckedINTEL), 2);
    assert_eq!(count(Op::CooperativeMatrixStoreCheckedINTEL), 1);
    // Result type, result, pointer, x, y, layout, height, width, stride, memory operand.
    let lengths: Vec<usize> = m
        .instructions()
        .filter(|i| i.opcode == Op::CooperativeMatrixLoadCheckedINTEL)
        .map(|i| i.operands.len())
        .collect();
    assert_eq!(lengths, [8, 7]);
    let store = m
        .instructions()
        .find(|i| i.opcode == Op::CooperativeMatrixStoreCheckedINTEL)
        .expect("a store");
    assert_eq!(store.operands.len(), 9);
    assert_eq!(
        store.operands[8],
        Operand::Word(1),
        "Volatile memory operand"
    );
    refused_naming(
        CHECKED_MATRIX,
        "+SPV_KHR_cooperative_matrix",
        "SPV_INTEL_joint_matrix",
    );
    // Without the packed layout no PackedCooperativeMatrixINTEL.
    let unpacked = CHECKED_MATRIX.replace("i32 8, i32 2, i32 12", "i32 8, i32 1, i32 12");
    let m = translate_with(&unpacked, exts).unwrap_or_else(|e| panic!("{e}"));
    assert!(!has_capability(
        &m,
        Capability::PackedCooperativeMatrixINTEL
    ));
}

/// SPV_INTEL_joint_matrix's offset load/store (llvm-spirv's `cooperative_matrix_offset`
/// test): pointer, row and column index, [object,] layout, stride, memory operand.
const OFFSET_MATRIX: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %c, i32 %row, i32 %col) {
entry:
  %m = call spir_func target("spirv.CooperativeMatrixKHR", float, 3, 1, 16, 2) @_Z40__spirv_CooperativeMatrixLoadOffsetINTEL(ptr addrspace(1) %a, i32 %row, i32 %col, i32 0, i64 128, i32 0)
  call spir_func void @_Z41__spirv_CooperativeMatrixStoreOffsetINTEL(ptr addrspace(1) %c, i32 %row, i32 %col, target("spirv.CooperativeMatrixKHR", float, 3, 1, 16, 2) %m, i32 0, i64 128, i32 0)
  ret void
}
declare spir_func target("spirv.CooperativeMatrixKHR", float, 3, 1, 16, 2) @_Z40__spirv_CooperativeMatrixLoadOffsetINTEL(ptr addrspace(1), i32, i32, i32, i64, i32)
declare spir_func void @_Z41__spirv_CooperativeMatrixStoreOffsetINTEL(ptr addrspace(1), i32, i32, target("spirv.CooperativeMatrixKHR", float, 3, 1, 16, 2), i32, i64, i32)
"#;

#[test]
fn cooperative_matrix_offset_instructions() {
    let exts = "+SPV_KHR_cooperative_matrix,+SPV_INTEL_joint_matrix";
    let m = translate_with(OFFSET_MATRIX, exts).unwrap_or_else(|e| panic!("{e}"));
    assert!(has_capability(
        &m,
        Capability::CooperativeMatrixOffsetInstructionsINTEL
    ));
    let load = m
        .instructions()
        .find(|i| i.opcode == Op::CooperativeMatrixLoadOffsetINTEL)
        .expect("a load");
    // Pointer, row, column, layout, stride, memory operand (None).
    assert_eq!(load.operands.len(), 6);
    assert_eq!(load.operands[5], Operand::Word(0));
    let store = m
        .instructions()
        .find(|i| i.opcode == Op::CooperativeMatrixStoreOffsetINTEL)
        .expect("a store");
    assert_eq!(store.operands.len(), 7);
    assert_eq!(store.operands[3], Operand::Id(load.result_id.expect("id")));
    refused_naming(
        OFFSET_MATRIX,
        "+SPV_KHR_cooperative_matrix",
        "SPV_INTEL_joint_matrix",
    );
}

/// SPV_INTEL_16bit_atomics on 16-bit integers, from every source of atomics (LLVM
/// instructions, OpenCL C 1.2 and 2.0 built-ins, SPV-IR): load, store, exchange and
/// compare-exchange declare AtomicInt16CompareExchangeINTEL; any other operation also
/// Int16AtomicsINTEL. Without the extension core SPIR-V allows them and nothing is declared.
#[test]
fn sixteen_bit_integer_atomics() {
    let exchange_only = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %b = cmpxchg ptr addrspace(1) %p, i16 1, i16 2 seq_cst seq_cst
  %c = load atomic i16, ptr addrspace(1) %p seq_cst, align 2
  store atomic i16 %c, ptr addrspace(1) %q seq_cst, align 2
  %d = atomicrmw xchg ptr addrspace(1) %p, i16 3 seq_cst
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  call spir_func void @_Z21atomic_store_explicitPU3AS4VU7_Atomicss12memory_order12memory_scope(ptr addrspace(4) %g, i16 1, i32 0, i32 1)
  %e = call spir_func i16 @_Z20atomic_load_explicitPU3AS4VU7_Atomics12memory_order12memory_scope(ptr addrspace(4) %g, i32 0, i32 1)
  %f = call spir_func i16 @_Z33__spirv_AtomicCompareExchangeWeakPU3AS1siiiss(ptr addrspace(1) %p, i32 1, i32 896, i32 896, i16 42, i16 128)
  ret void
}
declare spir_func void @_Z21atomic_store_explicitPU3AS4VU7_Atomicss12memory_order12memory_scope(ptr addrspace(4), i16, i32, i32)
declare spir_func i16 @_Z20atomic_load_explicitPU3AS4VU7_Atomics12memory_order12memory_scope(ptr addrspace(4), i32, i32)
declare spir_func i16 @_Z33__spirv_AtomicCompareExchangeWeakPU3AS1siiiss(ptr addrspace(1), i32, i32, i32, i16, i16)
"#;
    let arithmetic = [
        "%r = atomicrmw add ptr addrspace(1) %p, i16 1 seq_cst",
        "%r = atomicrmw umax ptr addrspace(1) %p, i16 1 seq_cst",
        "%r = call spir_func i16 @_Z10atomic_addPU3AS1Vss(ptr addrspace(1) %p, i16 1)",
        "%r = call spir_func i16 @_Z16__spirv_AtomicOrPU3AS1siis(ptr addrspace(1) %p, i32 1, i32 16, i16 1)",
    ];
    let sixteen = "+SPV_INTEL_16bit_atomics";
    let caps = |m: &Module| {
        (
            has_capability(m, Capability::AtomicInt16CompareExchangeINTEL),
            has_capability(m, Capability::Int16AtomicsINTEL),
            has_extension(m, "SPV_INTEL_16bit_atomics"),
        )
    };
    let m = translate_with(exchange_only, sixteen).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(caps(&m), (true, false, true));
    let m = translate_with(exchange_only, "").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(caps(&m), (false, false, false));
    spirv_val(&m, "int16_atomics_core");
    for line in arithmetic {
        let src = format!(
            "target triple = \"spir64-unknown-unknown\"\n\
             define spir_kernel void @k(ptr addrspace(1) %p) {{\n  {line}\n  ret void\n}}\n\
             declare spir_func i16 @_Z10atomic_addPU3AS1Vss(ptr addrspace(1), i16)\n\
             declare spir_func i16 @_Z16__spirv_AtomicOrPU3AS1siis(ptr addrspace(1), i32, i32, i16)\n"
        );
        let m = translate_with(&src, sixteen).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(caps(&m), (true, true, true), "{line}");
        let m = translate_with(&src, "").unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(caps(&m), (false, false, false), "{line}");
        spirv_val(&m, "int16_atomics_core_rmw");
    }
}

/// bfloat16 `load atomic`, `store atomic` and `atomicrmw xchg` (LLVM instructions, not only
/// SPV-IR calls) need AtomicBFloat16LoadStoreINTEL and are refused naming
/// SPV_INTEL_16bit_atomics without it.
#[test]
fn bfloat16_atomic_load_store_exchange_instructions() {
    const LOAD_STORE: u32 = 6262;
    for line in [
        "%r = load atomic bfloat, ptr addrspace(1) %p seq_cst, align 2",
        "store atomic bfloat 0xR3F80, ptr addrspace(1) %p seq_cst, align 2",
        "%r = atomicrmw xchg ptr addrspace(1) %p, bfloat 0xR3F80 seq_cst",
    ] {
        let src = format!(
            "target triple = \"spir64-unknown-unknown\"\n\
             define spir_kernel void @k(ptr addrspace(1) %p) {{\n  {line}\n  ret void\n}}\n"
        );
        let m = translate_with(&src, "+SPV_KHR_bfloat16,+SPV_INTEL_16bit_atomics")
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(has_capability(&m, Capability(LOAD_STORE)), "{line}");
        assert!(has_extension(&m, "SPV_INTEL_16bit_atomics"), "{line}");
        refused_naming(&src, "+SPV_KHR_bfloat16", "SPV_INTEL_16bit_atomics");
    }
}
