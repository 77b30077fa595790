//! OpenCL 2.x pipe storage (`cl::pipe_storage`, SPIR-V 1.1 PipeStorage): a
//! `%spirv.ConstantPipeStorage` global, a `cl::pipe_storage` struct holding it, and
//! `__spirv_CreatePipeFromPipeStorage_{read,write}` on the stored value.
//!
//! llvm-spirv's form (typed pointers, `TranslateOptions::pipe_storage_constants`):
//! OpConstantPipeStorage of OpTypePipeStorage, the struct's initializer an
//! OpConstantComposite of it, OpCreatePipeFromPipeStorage on a loaded OpTypePipeStorage.
//! spirv-val 2025.5 rejects OpConstantPipeStorage at module scope ("must appear in a block")
//! although the SPIR-V specification counts it among the constant instructions, so the
//! default keeps the global a variable (valid).

mod common;
use common::{capabilities, spirv_val, translate_with};
use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Capability, Op};
use spirvkit_spir::{translate, TranslateOptions};

/// SPIR-V friendly IR with typed pointers, as llvm-spirv's pipe-storage tests write it.
/// `ps` is the packet size, alignment and capacity of the constant.
fn typed_module(ps: (u32, u32, u32)) -> String {
    let (size, align, capacity) = ps;
    format!(
        "target datalayout = \"e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024\"
target triple = \"spir-unknown-unknown\"

%spirv.ConstantPipeStorage = type {{ i32, i32, i32 }}
%storage = type {{ %spirv.PipeStorage addrspace(1)* }}
%spirv.PipeStorage = type opaque
%spirv.Pipe._1 = type opaque

@creator = linkonce_odr addrspace(1) global %spirv.ConstantPipeStorage {{ i32 {size}, i32 {align}, i32 {capacity} }}, align 4
@mygpipe = addrspace(1) global %storage {{ %spirv.PipeStorage addrspace(1)* bitcast (%spirv.ConstantPipeStorage addrspace(1)* @creator to %spirv.PipeStorage addrspace(1)*) }}, align 4

define spir_kernel void @worker() {{
entry:
  %field = getelementptr %storage, %storage addrspace(1)* @mygpipe, i32 0, i32 0
  %ps = load %spirv.PipeStorage addrspace(1)*, %spirv.PipeStorage addrspace(1)* addrspace(1)* %field, align 4
  %pipe = call spir_func %spirv.Pipe._1 addrspace(1)* @_Z39__spirv_CreatePipeFromPipeStorage_writePU3AS1K19__spirv_PipeStorage(%spirv.PipeStorage addrspace(1)* %ps)
  ret void
}}

declare spir_func %spirv.Pipe._1 addrspace(1)* @_Z39__spirv_CreatePipeFromPipeStorage_writePU3AS1K19__spirv_PipeStorage(%spirv.PipeStorage addrspace(1)*)
"
    )
}

/// The same with opaque pointers (what clang 16+ writes): the struct member is a plain
/// `ptr addrspace(1)`.
const OPAQUE: &str = "target datalayout = \"e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024\"
target triple = \"spir-unknown-unknown\"

%spirv.ConstantPipeStorage = type { i32, i32, i32 }
%storage = type { ptr addrspace(1) }

@creator = linkonce_odr addrspace(1) global %spirv.ConstantPipeStorage { i32 16, i32 16, i32 1 }, align 4
@mygpipe = addrspace(1) global %storage { ptr addrspace(1) @creator }, align 4

define spir_kernel void @worker() {
entry:
  %ps = load ptr addrspace(1), ptr addrspace(1) @mygpipe, align 4
  %pipe = call spir_func target(\"spirv.Pipe\", 0) @_Z38__spirv_CreatePipeFromPipeStorage_readPU3AS1K19__spirv_PipeStorage(ptr addrspace(1) %ps)
  ret void
}

declare spir_func target(\"spirv.Pipe\", 0) @_Z38__spirv_CreatePipeFromPipeStorage_readPU3AS1K19__spirv_PipeStorage(ptr addrspace(1))
";

fn pipe_storage_form(src: &str) -> Result<Module, String> {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").map_err(|e| e.to_string())?;
    let options = TranslateOptions {
        pipe_storage_constants: true,
        ..Default::default()
    };
    translate(&llvm, &options).map_err(|e| e.to_string())
}

fn with_opcode(m: &Module, op: Op) -> Vec<&spirvkit_core::Instruction> {
    m.instructions().filter(|i| i.opcode == op).collect()
}

/// The opcode of the instruction defining `id`.
fn def_op(m: &Module, id: spirvkit_core::Id) -> Option<Op> {
    m.instructions()
        .find(|i| i.result_id == Some(id))
        .map(|i| i.opcode)
}

#[test]
fn constant_pipe_storage_global_is_op_constant_pipe_storage() {
    let m = pipe_storage_form(&typed_module((16, 16, 1))).expect("translates");
    let cps = with_opcode(&m, Op::ConstantPipeStorage);
    assert_eq!(cps.len(), 1, "one OpConstantPipeStorage");
    let cps = cps[0];
    let words: Vec<u32> = cps.operands.iter().filter_map(Operand::word).collect();
    assert_eq!(words, vec![16, 16, 1], "packet size, alignment, capacity");
    let ty = cps.result_type.expect("typed");
    assert_eq!(def_op(&m, ty), Some(Op::TypePipeStorage));
    // The creator global is the constant, not a variable; the pipe_storage struct's member
    // is the pipe-storage type and its initializer the constant.
    let variables = with_opcode(&m, Op::Variable);
    assert_eq!(variables.len(), 1, "only @mygpipe is a variable");
    let init = variables[0]
        .operands
        .get(1)
        .and_then(Operand::id)
        .expect("initializer");
    let composite = m
        .instructions()
        .find(|i| i.result_id == Some(init))
        .expect("defined");
    assert_eq!(composite.opcode, Op::ConstantComposite);
    assert_eq!(
        composite.operands.to_vec(),
        vec![Operand::Id(cps.result_id.expect("id"))]
    );
    let member = m
        .instructions()
        .find(|i| i.result_id == composite.result_type)
        .expect("struct");
    assert_eq!(member.operands.to_vec(), vec![Operand::Id(ty)]);
    assert!(capabilities(&m).contains(&Capability::PipeStorage.0));
    assert_eq!(
        m.header.version, 0x0001_0100,
        "SPIR-V 1.1, as llvm-spirv writes it"
    );
    // OpCreatePipeFromPipeStorage takes the loaded pipe storage.
    let create = with_opcode(&m, Op::CreatePipeFromPipeStorage);
    assert_eq!(create.len(), 1);
    let operand = create[0].operands[0].id().expect("id");
    let load = m
        .instructions()
        .find(|i| i.result_id == Some(operand))
        .expect("defined");
    assert_eq!(load.opcode, Op::Load);
    assert_eq!(load.result_type, Some(ty));
}

#[test]
fn without_the_option_the_creator_stays_a_variable() {
    // spirv-val 2025.5 accepts only this form (see the module comment).
    let m = translate_with(&typed_module((16, 16, 1)), "").expect("translates");
    assert!(with_opcode(&m, Op::ConstantPipeStorage).is_empty());
    assert_eq!(with_opcode(&m, Op::Variable).len(), 2);
    assert_eq!(with_opcode(&m, Op::CreatePipeFromPipeStorage).len(), 1);
    spirv_val(&m, "pipe_storage_default");
}

#[test]
fn opaque_pointers_load_a_pipe_storage_for_the_built_in() {
    // The built-in's mangled parameter names `__spirv_PipeStorage`: the value it gets is an
    // OpTypePipeStorage loaded through the member pointer; the creator stays a variable
    // (nothing in a `ptr` member says pipe storage), with or without the option.
    for m in [
        translate_with(OPAQUE, "").expect("translates"),
        pipe_storage_form(OPAQUE).expect("translates"),
    ] {
        assert!(with_opcode(&m, Op::ConstantPipeStorage).is_empty());
        let create = with_opcode(&m, Op::CreatePipeFromPipeStorage);
        assert_eq!(create.len(), 1);
        let operand = create[0].operands[0].id().expect("id");
        let ty = m
            .instructions()
            .find(|i| i.result_id == Some(operand))
            .and_then(|i| i.result_type)
            .expect("typed operand");
        assert_eq!(def_op(&m, ty), Some(Op::TypePipeStorage));
        spirv_val(&m, "pipe_storage_opaque");
    }
}

#[test]
fn malformed_pipe_storage_constants_are_refused() {
    // Alignment 0, and a size that is not a multiple of the alignment (llvm-spirv asserts
    // both): refused naming the global and the rule.
    for ps in [(16, 0, 1), (12, 8, 1)] {
        let err = pipe_storage_form(&typed_module(ps)).expect_err("refused");
        assert!(
            err.contains("@creator") && err.contains("alignment"),
            "{ps:?}: {err}"
        );
    }
}
