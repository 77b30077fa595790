//! Modern LLVM input (opaque `ptr`, as clang 15+ emits for OpenCL C) and the
//! SPV_KHR_untyped_pointers output, each test written from the extension's spec.
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::{Capability, Decoration, Op, StorageClass};
use spirvkit_spir::{translate, TranslateOptions};
use std::collections::HashMap;

const HEADER: &str = "target triple = \"spir64-unknown-unknown\"\n";

fn spirv_with(src: &str, extensions: &str) -> Module {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").unwrap_or_else(|e| panic!("{e}"));
    let mut options = TranslateOptions::default();
    options
        .apply_extension_list(extensions)
        .unwrap_or_else(|e| panic!("{e}"));
    let module = translate(&llvm, &options).unwrap_or_else(|e| panic!("{e}"));
    let words = module.to_words();
    assert_eq!(
        Module::from_words(&words)
            .expect("output decodes")
            .to_words(),
        words
    );
    // Every function body translated by a fork of its own: the same module, id for id.
    let always_parallel = spirvkit_spir::ParallelPlan::EVERY_FUNCTION_A_CHUNK;
    let parallel = spirvkit_spir::translate_with_plan(&llvm, &options, always_parallel)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        parallel.to_words(),
        words,
        "the parallel translation differs"
    );
    module
}

fn typed(src: &str) -> Module {
    spirv_with(src, "")
}

fn untyped(src: &str) -> Module {
    spirv_with(src, "+SPV_KHR_untyped_pointers")
}

fn find(m: &Module, op: Op) -> Vec<&Instruction> {
    m.instructions().filter(|i| i.opcode == op).collect()
}

fn id(op: &Operand) -> Id {
    match op {
        Operand::Id(i) => *i,
        other => panic!("expected an id, got {other:?}"),
    }
}

/// Result id → defining instruction.
fn defs(m: &Module) -> HashMap<Id, &Instruction> {
    m.instructions()
        .filter_map(|i| i.result_id.map(|r| (r, i)))
        .collect()
}

/// The type of a value (its defining instruction's result type).
fn type_of(defs: &HashMap<Id, &Instruction>, value: Id) -> Id {
    defs[&value].result_type.expect("typed value")
}

/// The opcode of the pointee of a typed pointer type.
fn pointee_op(defs: &HashMap<Id, &Instruction>, ptr_ty: Id) -> Op {
    let ptr = defs[&ptr_ty];
    assert_eq!(ptr.opcode, Op::TypePointer, "expected a typed pointer");
    defs[&id(&ptr.operands[1])].opcode
}

fn has_capability(m: &Module, cap: Capability) -> bool {
    find(m, Op::Capability)
        .iter()
        .any(|i| i.operands[0] == Operand::Word(cap.0))
}

fn parameter_types(m: &Module) -> Vec<Id> {
    m.functions
        .iter()
        .flat_map(|f| f.parameters.iter())
        .filter_map(|p| p.result_type)
        .collect()
}

#[test]
fn opaque_pointer_parameters_get_their_pointee_from_uses() {
    let src = format!(
        "{HEADER}
define spir_kernel void @scale(ptr addrspace(1) %data, float %k) {{
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %data, i64 %id
  %v = load float, ptr addrspace(1) %p, align 4
  %s = fmul float %v, %k
  store float %s, ptr addrspace(1) %p, align 4
  ret void
}}
declare spir_func i64 @_Z13get_global_idj(i32)
"
    );
    let m = typed(&src);
    let defs = defs(&m);
    let params = parameter_types(&m);
    assert_eq!(
        pointee_op(&defs, params[0]),
        Op::TypeFloat,
        "ptr %data is a float pointer"
    );
    assert!(
        find(&m, Op::Bitcast).is_empty(),
        "one type per use: no casts"
    );
    assert!(find(&m, Op::TypeUntypedPointerKHR).is_empty());
}

#[test]
fn a_pointer_used_at_two_types_is_cast_where_needed() {
    // The same pointer is read as float and written as i32 (a union-style reinterpretation).
    let src = format!(
        "{HEADER}
define spir_kernel void @pun(ptr addrspace(1) %p, ptr addrspace(1) %q) {{
entry:
  %f = load float, ptr addrspace(1) %p, align 4
  %g = load float, ptr addrspace(1) %q, align 4
  %s = fadd float %f, %g
  store float %s, ptr addrspace(1) %q, align 4
  store i32 7, ptr addrspace(1) %p, align 4
  ret void
}}
"
    );
    let m = typed(&src);
    let defs = defs(&m);
    let casts = find(&m, Op::Bitcast);
    assert_eq!(casts.len(), 1, "only the i32 store needs a cast");
    let cast_ty = casts[0].result_type.expect("typed");
    assert_eq!(pointee_op(&defs, cast_ty), Op::TypeInt);
    // Every store writes through a pointer to the stored value's type.
    for store in find(&m, Op::Store) {
        let ptr_ty = type_of(&defs, id(&store.operands[0]));
        let value_ty = type_of(&defs, id(&store.operands[1]));
        assert_eq!(id(&defs[&ptr_ty].operands[1]), value_ty);
    }
}

#[test]
fn phis_selects_and_calls_share_one_pointer_type() {
    let src = format!(
        "{HEADER}
define spir_func float @first(ptr addrspace(1) %p) {{
  %v = load float, ptr addrspace(1) %p, align 4
  ret float %v
}}
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i1 %c, ptr addrspace(1) %out) {{
entry:
  br i1 %c, label %x, label %y
x:
  br label %join
y:
  br label %join
join:
  %p = phi ptr addrspace(1) [ %a, %x ], [ %b, %y ]
  %q = select i1 %c, ptr addrspace(1) %p, ptr addrspace(1) null
  %v = call spir_func float @first(ptr addrspace(1) %q)
  store float %v, ptr addrspace(1) %out, align 4
  ret void
}}
"
    );
    let m = typed(&src);
    let defs = defs(&m);
    assert!(find(&m, Op::Bitcast).is_empty());
    let phi = find(&m, Op::Phi)[0];
    assert_eq!(
        pointee_op(&defs, phi.result_type.expect("typed")),
        Op::TypeFloat
    );
    // null is made directly at the class's type.
    let null = find(&m, Op::ConstantNull)[0];
    assert_eq!(null.result_type, phi.result_type);
}

#[test]
fn kernel_argument_metadata_and_mangled_builtins_give_pointees() {
    let src = format!(
        "{HEADER}
define spir_kernel void @k(ptr addrspace(1) %unused, ptr addrspace(1) %v) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 {{
entry:
  %x = call spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64 0, ptr addrspace(1) %v)
  call spir_func void @_Z7vstore4Dv4_fmPU3AS1f(<4 x float> %x, i64 1, ptr addrspace(1) %v)
  ret void
}}
declare spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64, ptr addrspace(1))
declare spir_func void @_Z7vstore4Dv4_fmPU3AS1f(<4 x float>, i64, ptr addrspace(1))
!0 = !{{i32 1, i32 1}}
!1 = !{{!\"none\", !\"none\"}}
!2 = !{{!\"int4*\", !\"float*\"}}
!3 = !{{!\"\", !\"\"}}
"
    );
    let m = typed(&src);
    let defs = defs(&m);
    let params = parameter_types(&m);
    assert_eq!(
        pointee_op(&defs, params[0]),
        Op::TypeVector,
        "int4* from metadata"
    );
    assert_eq!(
        pointee_op(&defs, params[1]),
        Op::TypeFloat,
        "float* from vload4's mangling"
    );
    assert!(find(&m, Op::Bitcast).is_empty());
}

#[test]
fn opaque_images_and_sampler_initializers() {
    let src = format!(
        "{HEADER}
define spir_kernel void @k(ptr addrspace(1) %img, ptr addrspace(1) %out) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 {{
entry:
  %s = call spir_func ptr addrspace(2) @__translate_sampler_initializer(i32 16)
  %w = call spir_func i32 @_Z15get_image_width14ocl_image2d_ro(ptr addrspace(1) %img)
  %c = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1) %img, ptr addrspace(2) %s, <2 x i32> zeroinitializer)
  store <4 x float> %c, ptr addrspace(1) %out, align 16
  ret void
}}
declare spir_func ptr addrspace(2) @__translate_sampler_initializer(i32)
declare spir_func i32 @_Z15get_image_width14ocl_image2d_ro(ptr addrspace(1))
declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1), ptr addrspace(2), <2 x i32>)
!0 = !{{i32 1, i32 1}}
!1 = !{{!\"read_only\", !\"none\"}}
!2 = !{{!\"image2d_t\", !\"float4*\"}}
!3 = !{{!\"\", !\"\"}}
"
    );
    for m in [typed(&src), untyped(&src)] {
        let defs = defs(&m);
        let params = parameter_types(&m);
        assert_eq!(
            defs[&params[0]].opcode,
            Op::TypeImage,
            "the image is a handle"
        );
        assert_eq!(find(&m, Op::ConstantSampler).len(), 1);
        assert_eq!(find(&m, Op::ImageSampleExplicitLod).len(), 1);
        assert!(
            !find(&m, Op::Function).is_empty() && find(&m, Op::FunctionCall).is_empty(),
            "no imported sampler initializer"
        );
    }
}

#[test]
fn untyped_pointers_capability_extension_and_types() {
    let src = format!(
        "{HEADER}
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(3) %l) {{
entry:
  %v = load i32, ptr addrspace(1) %a, align 4
  store i32 %v, ptr addrspace(3) %l, align 4
  ret void
}}
"
    );
    let m = untyped(&src);
    let ext = find(&m, Op::Extension);
    assert_eq!(
        ext[0].operands[0],
        Operand::String("SPV_KHR_untyped_pointers".into())
    );
    assert!(has_capability(&m, Capability::UntypedPointersKHR));
    assert!(
        find(&m, Op::TypePointer).is_empty() || {
            // Only the Input built-in variables may keep typed pointers.
            find(&m, Op::TypePointer)
                .iter()
                .all(|p| p.operands[0] == Operand::Word(StorageClass::Input.0))
        }
    );
    let classes: Vec<_> = find(&m, Op::TypeUntypedPointerKHR)
        .iter()
        .map(|p| p.operands[0].clone())
        .collect();
    assert!(classes.contains(&Operand::Word(StorageClass::CrossWorkgroup.0)));
    assert!(classes.contains(&Operand::Word(StorageClass::Workgroup.0)));
    // Load's Result Type gives the data type; no casts are needed.
    assert!(find(&m, Op::Bitcast).is_empty());
    assert_eq!(find(&m, Op::Load).len(), 1);
}

#[test]
fn untyped_variables_carry_data_type_and_initializer() {
    let src = format!(
        "{HEADER}
@table = addrspace(1) global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@counter = internal addrspace(3) global i32 undef, align 4
define spir_kernel void @k(ptr addrspace(1) %out) {{
entry:
  %tmp = alloca float, align 4
  store float 1.0, ptr %tmp, align 4
  %f = load float, ptr %tmp, align 4
  store float %f, ptr addrspace(1) %out, align 4
  store i32 0, ptr addrspace(3) @counter, align 4
  ret void
}}
"
    );
    let m = untyped(&src);
    let defs = defs(&m);
    let vars = find(&m, Op::UntypedVariableKHR);
    assert!(find(&m, Op::Variable)
        .iter()
        .all(|v| v.operands[0] == Operand::Word(StorageClass::Input.0)));
    let by_class = |sc: StorageClass| {
        vars.iter()
            .find(|v| v.operands[0] == Operand::Word(sc.0))
            .unwrap_or_else(|| panic!("an untyped {sc:?} variable"))
    };
    // Storage Class, Data Type, Initializer.
    let table = by_class(StorageClass::CrossWorkgroup);
    assert_eq!(defs[&id(&table.operands[1])].opcode, Op::TypeArray);
    assert_eq!(defs[&id(&table.operands[2])].opcode, Op::ConstantComposite);
    let counter = by_class(StorageClass::Workgroup);
    assert_eq!(defs[&id(&counter.operands[1])].opcode, Op::TypeInt);
    assert_eq!(
        counter.operands.len(),
        2,
        "workgroup variables have no initializer"
    );
    let function_vars: Vec<_> = m
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()))
        .filter(|i| i.opcode == Op::UntypedVariableKHR)
        .collect();
    assert_eq!(function_vars.len(), 1);
    assert_eq!(
        function_vars[0].operands[0],
        Operand::Word(StorageClass::Function.0)
    );
    assert_eq!(
        defs[&id(&function_vars[0].operands[1])].opcode,
        Op::TypeFloat
    );
}

fn body_instructions(m: &Module, op: Op) -> Vec<&Instruction> {
    m.functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()))
        .filter(|i| i.opcode == op)
        .collect()
}

#[test]
fn untyped_access_chains_have_base_types() {
    let src = format!(
        "{HEADER}
%struct.S = type {{ i32, [4 x float] }}
define spir_kernel void @k(ptr addrspace(1) %s, i64 %i) {{
entry:
  %elem = getelementptr inbounds %struct.S, ptr addrspace(1) %s, i64 %i
  %field = getelementptr inbounds %struct.S, ptr addrspace(1) %s, i64 0, i32 1, i64 %i
  %raw = getelementptr i8, ptr addrspace(1) %s, i64 %i
  %field2 = getelementptr %struct.S, ptr addrspace(1) %s, i64 0, i32 0
  store i32 1, ptr addrspace(1) %elem, align 4
  store float 2.0, ptr addrspace(1) %field, align 4
  store i8 3, ptr addrspace(1) %raw, align 1
  store i32 4, ptr addrspace(1) %field2, align 4
  ret void
}}
"
    );
    let m = untyped(&src);
    let defs = defs(&m);
    let ptr_chain = body_instructions(&m, Op::UntypedInBoundsPtrAccessChainKHR);
    assert_eq!(ptr_chain.len(), 1);
    assert_eq!(
        defs[&id(&ptr_chain[0].operands[0])].opcode,
        Op::TypeStruct,
        "Base Type"
    );
    let chain = body_instructions(&m, Op::UntypedInBoundsAccessChainKHR);
    assert_eq!(
        chain.len(),
        1,
        "gep 0, i32 1, i: an access chain inside the struct"
    );
    assert_eq!(defs[&id(&chain[0].operands[0])].opcode, Op::TypeStruct);
    assert_eq!(chain[0].operands.len(), 4, "Base Type, Base, two indexes");
    let raw = body_instructions(&m, Op::UntypedPtrAccessChainKHR);
    assert_eq!(raw.len(), 1);
    assert_eq!(defs[&id(&raw[0].operands[0])].opcode, Op::TypeInt);
    assert_eq!(body_instructions(&m, Op::UntypedAccessChainKHR).len(), 1);
    assert!(find(&m, Op::Bitcast).is_empty());
}

#[test]
fn untyped_prefetch_atomics_copies_and_opencl_std_pointers() {
    let src = format!(
        "{HEADER}
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {{
entry:
  call spir_func void @_Z8prefetchPU3AS1KDv4_fm(ptr addrspace(1) %a, i64 8)
  %old = call spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1) %b, i32 1)
  %x = call spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64 0, ptr addrspace(1) %a)
  %y = atomicrmw add ptr addrspace(1) %b, i32 %old seq_cst
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) %b, ptr addrspace(1) %a, i64 16, i1 false)
  ret void
}}
declare spir_func void @_Z8prefetchPU3AS1KDv4_fm(ptr addrspace(1), i64)
declare spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1), i32)
declare spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64, ptr addrspace(1))
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
"
    );
    let m = untyped(&src);
    let defs = defs(&m);
    // prefetch(p, 8) of float4: 8 * 16 bytes.
    let prefetch = body_instructions(&m, Op::UntypedPrefetchKHR);
    assert_eq!(prefetch.len(), 1);
    let bytes = defs[&id(&prefetch[0].operands[1])];
    assert_eq!(bytes.opcode, Op::IMul);
    let factor = defs[&id(&bytes.operands[1])];
    assert_eq!(factor.operands[0], Operand::Word(16));
    // Atomics work through the untyped pointer itself.
    let params = parameter_types(&m);
    for op in [Op::AtomicIAdd] {
        for atomic in body_instructions(&m, op) {
            assert_eq!(
                defs[&params[1]].opcode,
                Op::TypeUntypedPointerKHR,
                "{op:?} on an untyped parameter"
            );
            assert!(matches!(atomic.operands[0], Operand::Id(_)));
        }
    }
    assert_eq!(body_instructions(&m, Op::AtomicIAdd).len(), 2);
    assert_eq!(body_instructions(&m, Op::CopyMemorySized).len(), 1);
    // OpenCL.std's vloadn wants a typed pointer to its component type: cast at the call.
    let casts = body_instructions(&m, Op::Bitcast);
    assert_eq!(casts.len(), 1);
    let typed_ptr = defs[&casts[0].result_type.expect("typed")];
    assert_eq!(typed_ptr.opcode, Op::TypePointer);
    assert_eq!(defs[&id(&typed_ptr.operands[1])].opcode, Op::TypeFloat);
}

#[test]
fn typed_pointer_input_also_becomes_untyped() {
    let src = "target triple = \"spir-unknown-unknown\"
define spir_kernel void @add(float addrspace(1)* %a, float addrspace(1)* %c) nounwind {
entry:
  %pa = getelementptr inbounds float addrspace(1)* %a, i32 1
  %va = load float addrspace(1)* %pa, align 4
  store float %va, float addrspace(1)* %c, align 4
  ret void
}
";
    let m = untyped(src);
    let defs = defs(&m);
    let params = parameter_types(&m);
    assert!(params
        .iter()
        .all(|p| defs[p].opcode == Op::TypeUntypedPointerKHR));
    let chain = body_instructions(&m, Op::UntypedInBoundsPtrAccessChainKHR);
    assert_eq!(chain.len(), 1);
    assert_eq!(defs[&id(&chain[0].operands[0])].opcode, Op::TypeFloat);
}

#[test]
fn opencl20_atomics_collectives_and_generic_casts() {
    // What clang-15 -cl-std=CL2.0 emits for atomic_*_explicit, work_group_* and to_global.
    let src = format!(
        "{HEADER}
define spir_kernel void @k(ptr addrspace(1) %counter, ptr addrspace(1) %out) {{
entry:
  %expected = alloca i32, align 4
  %c = addrspacecast ptr addrspace(1) %counter to ptr addrspace(4)
  %old = call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) %c, i32 1, i32 0, i32 1)
  %l = call spir_func i32 @_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order(ptr addrspace(4) %c, i32 2)
  %e = addrspacecast ptr %expected to ptr addrspace(4)
  %ok = call spir_func zeroext i1 @_Z39atomic_compare_exchange_strong_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(ptr addrspace(4) %c, ptr addrspace(4) %e, i32 7, i32 4, i32 0, i32 2)
  %s = call spir_func i32 @_Z21work_group_reduce_addi(i32 %old)
  %m = call spir_func i32 @_Z29work_group_scan_inclusive_maxj(i32 %l)
  %b = call spir_func i32 @_Z20work_group_broadcastim(i32 %s, i64 0)
  %g = call spir_func ptr addrspace(1) @__to_global(ptr addrspace(4) %c)
  %sum = add i32 %b, %m
  store i32 %sum, ptr addrspace(1) %g, align 4
  ret void
}}
declare spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4), i32, i32, i32)
declare spir_func i32 @_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order(ptr addrspace(4), i32)
declare spir_func zeroext i1 @_Z39atomic_compare_exchange_strong_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(ptr addrspace(4), ptr addrspace(4), i32, i32, i32, i32)
declare spir_func i32 @_Z21work_group_reduce_addi(i32)
declare spir_func i32 @_Z29work_group_scan_inclusive_maxj(i32)
declare spir_func i32 @_Z20work_group_broadcastim(i32, i64)
declare spir_func ptr addrspace(1) @__to_global(ptr addrspace(4))
"
    );
    for m in [typed(&src), untyped(&src)] {
        let defs = defs(&m);
        let constant = |v: &Operand| defs[&id(v)].operands[0].clone();
        assert!(
            find(&m, Op::Decorate)
                .iter()
                .all(|d| d.operands[1] != Operand::Word(Decoration::LinkageAttributes.0)),
            "no built-in may become an unresolved import"
        );
        // relaxed, memory_scope_work_group → Workgroup scope, no ordering bits.
        let add = body_instructions(&m, Op::AtomicIAdd)[0];
        assert_eq!(constant(&add.operands[1]), Operand::Word(2));
        assert_eq!(constant(&add.operands[2]), Operand::Word(0));
        // acquire (default device scope) on a generic pointer: Acquire | Workgroup | CrossWorkgroup.
        let load = body_instructions(&m, Op::AtomicLoad)[0];
        assert_eq!(constant(&load.operands[1]), Operand::Word(1));
        assert_eq!(
            constant(&load.operands[2]),
            Operand::Word(0x2 | 0x100 | 0x200)
        );
        let cmpxchg = body_instructions(&m, Op::AtomicCompareExchange)[0];
        assert_eq!(constant(&cmpxchg.operands[2]), Operand::Word(0x8 | 0x300));
        assert_eq!(constant(&cmpxchg.operands[3]), Operand::Word(0));
        assert_eq!(
            body_instructions(&m, Op::IEqual).len(),
            1,
            "the bool result"
        );
        let reduce = body_instructions(&m, Op::GroupIAdd)[0];
        assert_eq!(reduce.operands[1], Operand::Word(0), "Reduce");
        let scan = body_instructions(&m, Op::GroupUMax)[0];
        assert_eq!(
            scan.operands[1],
            Operand::Word(1),
            "InclusiveScan, unsigned"
        );
        assert_eq!(body_instructions(&m, Op::GroupBroadcast).len(), 1);
        let cast = body_instructions(&m, Op::GenericCastToPtrExplicit)[0];
        assert_eq!(
            cast.operands[1],
            Operand::Word(StorageClass::CrossWorkgroup.0)
        );
        assert!(has_capability(&m, Capability::Groups));
    }
}

#[test]
fn enqueue_kernel_without_an_invoke_function_is_refused() {
    let src = format!(
        "{HEADER}
define spir_kernel void @k(ptr addrspace(1) %out) {{
entry:
  %nd = alloca [80 x i8], align 8
  %r = call spir_func i32 @__enqueue_kernel_basic(ptr null, i32 0, ptr %nd, ptr addrspace(4) null, ptr addrspace(4) null)
  ret void
}}
declare spir_func i32 @__enqueue_kernel_basic(ptr, i32, ptr, ptr addrspace(4), ptr addrspace(4))
"
    );
    let llvm = spirvkit_llvm::parse_text(&src, "test.ll").expect("parses");
    let message = translate(&llvm, &TranslateOptions::default())
        .expect_err("refused")
        .to_string();
    assert!(
        message.contains("OpEnqueueKernel") && message.contains("invoke"),
        "the error names the instruction and its invoke operand: {message}"
    );
}

/// A pointer class nothing typed is a pointer to i8, but the 8-bit type (and the Int8
/// capability it needs) is made only when such a pointer exists: the classes of
/// non-pointer values are vote-less too and must not declare it.
#[test]
fn the_i8_default_is_declared_only_for_a_pointer_that_needs_it() {
    let no_i8 = format!(
        "{HEADER}define spir_kernel void @k(ptr addrspace(1) %p) {{\n  store i32 1, ptr addrspace(1) %p, align 4\n  ret void\n}}\n"
    );
    let has_int8 = |m: &Module| {
        let int8_type = find(m, Op::TypeInt)
            .iter()
            .any(|i| i.operands.first().and_then(Operand::word) == Some(8));
        let int8_capability = find(m, Op::Capability)
            .iter()
            .any(|i| i.operands.first().and_then(Operand::word) == Some(Capability::Int8.0));
        (int8_type, int8_capability)
    };
    assert_eq!(has_int8(&typed(&no_i8)), (false, false));
    // A pointer only passed on: nothing types it, so it points to i8.
    let passed_on = format!(
        "{HEADER}declare spir_func void @g(ptr addrspace(1))\ndefine spir_kernel void @k(ptr addrspace(1) %p) {{\n  call spir_func void @g(ptr addrspace(1) %p)\n  ret void\n}}\n"
    );
    let m = typed(&passed_on);
    assert_eq!(has_int8(&m), (true, true));
    let i8_ty = find(&m, Op::TypeInt)
        .iter()
        .find(|i| i.operands.first().and_then(Operand::word) == Some(8))
        .and_then(|i| i.result_id);
    assert!(find(&m, Op::TypePointer)
        .iter()
        .any(|p| p.operands.get(1).map(id) == i8_ty));
}
