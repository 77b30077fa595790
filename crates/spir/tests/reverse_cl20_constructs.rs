//! Reverse translation of the OpenCL 2.0 constructs llvm-spirv-15 -r handles, checked against
//! the names it writes (its output on clang-15 compiles of the same OpenCL C was the oracle):
//! pipes → `__read_pipe_2`..., OpGenericPtrMemSemantics → `get_fence`, `work_group_broadcast`
//! with unsigned operands, the image-query enumerant offset, SPV-IR images as `__spirv_Image*`
//! calls on `spirv.Image` types.

use spirvkit_llvm::{InstKind, Module, WriteOptions};
use spirvkit_spir::reverse::{reverse_words, ReverseOptions, TargetEnv};

const HEADER: &str = r#"
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability Pipes
OpCapability Groups
OpCapability GenericPointer
OpCapability ImageBasic
OpCapability LiteralSampler
%ext = OpExtInstImport "OpenCL.std"
OpMemoryModel Physical64 OpenCL
"#;

fn reverse(body: &str, target: TargetEnv) -> Module {
    let text = format!("{HEADER}{body}");
    let words = spirvkit_text::assemble(&text, &Default::default())
        .unwrap_or_else(|e| panic!("test module assembles: {e}\n{text}"));
    let opts = ReverseOptions {
        target,
        ..Default::default()
    };
    reverse_words(&words, &opts).unwrap_or_else(|e| panic!("reverse translation: {e}"))
}

fn declared(m: &Module) -> Vec<&str> {
    m.functions
        .iter()
        .filter(|f| f.blocks.is_empty())
        .map(|f| f.name.as_str())
        .collect()
}

const PIPES: &str = r#"
OpEntryPoint Kernel %producer "producer"
OpEntryPoint Kernel %consumer "consumer"
OpSource OpenCL_C 200000
OpName %out "out"
OpName %in "in"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%uchar = OpTypeInt 8 0
%bool = OpTypeBool
%uint_2 = OpConstant %uint 2
%uint_4 = OpConstant %uint 4
%uint_1 = OpConstant %uint 1
%wo = OpTypePipe WriteOnly
%ro = OpTypePipe ReadOnly
%rid = OpTypeReserveId
%gptr = OpTypePointer Generic %uchar
%fptr = OpTypePointer Function %uint
%fn_w = OpTypeFunction %void %wo
%fn_r = OpTypeFunction %void %ro
%producer = OpFunction %void None %fn_w
%out = OpFunctionParameter %wo
%e1 = OpLabel
%slot = OpVariable %fptr Function
%p = OpPtrCastToGeneric %gptr %slot
%w = OpWritePipe %uint %out %p %uint_4 %uint_4
%r = OpReserveWritePipePackets %rid %out %uint_2 %uint_4 %uint_4
%ok = OpIsValidReserveId %bool %r
%w4 = OpReservedWritePipe %uint %out %r %uint_1 %p %uint_4 %uint_4
OpCommitWritePipe %out %r %uint_4 %uint_4
%g = OpGroupReserveWritePipePackets %rid %uint_2 %out %uint_4 %uint_4 %uint_4
OpGroupCommitWritePipe %uint_2 %out %g %uint_4 %uint_4
OpReturn
OpFunctionEnd
%consumer = OpFunction %void None %fn_r
%in = OpFunctionParameter %ro
%e2 = OpLabel
%slot2 = OpVariable %fptr Function
%p2 = OpPtrCastToGeneric %gptr %slot2
%rd = OpReadPipe %uint %in %p2 %uint_4 %uint_4
%s = OpGroupReserveReadPipePackets %rid %uint_3 %in %uint_4 %uint_4 %uint_4
OpGroupCommitReadPipe %uint_3 %in %s %uint_4 %uint_4
%n = OpGetNumPipePackets %uint %in %uint_4 %uint_4
%m = OpGetMaxPipePackets %uint %in %uint_4 %uint_4
OpReturn
OpFunctionEnd
"#;

#[test]
fn pipes_become_the_spir_20_pipe_functions() {
    let body = PIPES.replace(
        "%uint_1 = OpConstant %uint 1",
        "%uint_1 = OpConstant %uint 1\n%uint_3 = OpConstant %uint 3",
    );
    for target in [TargetEnv::Cl12, TargetEnv::Cl20] {
        let m = reverse(&body, target);
        let names = declared(&m);
        for want in [
            "__write_pipe_2",
            "__reserve_write_pipe",
            "_Z19is_valid_reserve_id13ocl_reserveid",
            "__write_pipe_4",
            "__commit_write_pipe",
            "__work_group_reserve_write_pipe",
            "__work_group_commit_write_pipe",
            "__read_pipe_2",
            "__sub_group_reserve_read_pipe",
            "__sub_group_commit_read_pipe",
            // clang's name for a read pipe (llvm-spirv-15 -r writes `_wo` for either).
            "__get_pipe_num_packets_ro",
            "__get_pipe_max_packets_ro",
        ] {
            assert!(names.contains(&want), "{want} missing from {names:?}");
        }
        let ll = m.to_ll(&WriteOptions::typed());
        assert!(
            ll.contains("call spir_func i32 @__write_pipe_2(%opencl.pipe_wo_t addrspace(1)* %out, i8 addrspace(4)* %"),
            "{ll}"
        );
        assert!(ll.contains("%opencl.reserve_id_t* @__reserve_write_pipe(%opencl.pipe_wo_t addrspace(1)* %out, i32 2, i32 4, i32 4)"), "{ll}");
        // Access qualifier and the `pipe` type qualifier as llvm-spirv -r writes them.
        assert!(ll.contains(r#"!{!"write_only"}"#), "{ll}");
        assert!(ll.contains(r#"!{!"pipe"}"#), "{ll}");
        let bc = spirvkit_llvm::write_bitcode(&m, "pipes.bc").expect("bitcode");
        spirvkit_llvm::read_bitcode(&bc, "pipes.bc").expect("reads back");
    }
    let m = reverse(&body, TargetEnv::SpvIr);
    let names = declared(&m);
    for want in [
        "_Z17__spirv_WritePipePU3AS115__spirv_Pipe__1PU3AS4cii",
        "_Z31__spirv_ReserveWritePipePacketsPU3AS115__spirv_Pipe__1iii",
        "_Z24__spirv_IsValidReserveIdP17__spirv_ReserveId",
        "_Z25__spirv_ReservedWritePipePU3AS115__spirv_Pipe__1P17__spirv_ReserveIdiPU3AS4cii",
        "_Z36__spirv_GroupReserveWritePipePacketsiPU3AS115__spirv_Pipe__1iii",
        "_Z16__spirv_ReadPipePU3AS115__spirv_Pipe__0PU3AS4cii",
        "_Z25__spirv_GetNumPipePacketsPU3AS115__spirv_Pipe__0ii",
    ] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
}

const FENCE_AND_BROADCAST: &str = r#"
OpEntryPoint Kernel %k "k"
OpSource OpenCL_C 200000
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%uint_2 = OpConstant %uint 2
%ulong_1 = OpConstant %ulong 1
%gptr = OpTypePointer CrossWorkgroup %uint
%genptr = OpTypePointer Generic %uint
%fn = OpTypeFunction %void %gptr
%k = OpFunction %void None %fn
%a = OpFunctionParameter %gptr
%e = OpLabel
%g = OpPtrCastToGeneric %genptr %a
%sem = OpGenericPtrMemSemantics %uint %g
%x = OpLoad %uint %a
%b = OpGroupBroadcast %uint %uint_2 %x %ulong_1
%s = OpIAdd %uint %sem %b
OpStore %a %s
OpReturn
OpFunctionEnd
"#;

#[test]
fn get_fence_and_unsigned_broadcast() {
    for target in [TargetEnv::Cl12, TargetEnv::Cl20] {
        let m = reverse(FENCE_AND_BROADCAST, target);
        let names = declared(&m);
        assert!(names.contains(&"_Z9get_fencePU3AS4Kv"), "{names:?}");
        // llvm-spirv names the broadcast value unsigned: `jm`, not `im`.
        assert!(names.contains(&"_Z20work_group_broadcastjm"), "{names:?}");
        // The semantics are the fence flags shifted left by 8.
        let ll = m.to_ll(&WriteOptions::typed());
        assert!(ll.contains("shl i32 %"), "{ll}");
        assert!(ll.contains(", 8\n"), "{ll}");
    }
    let m = reverse(FENCE_AND_BROADCAST, TargetEnv::SpvIr);
    let names = declared(&m);
    assert!(
        names.contains(&"_Z30__spirv_GenericPtrMemSemanticsPU3AS4c"),
        "{names:?}"
    );
}

const IMAGES: &str = r#"
OpEntryPoint Kernel %k "k"
OpSource OpenCL_C 200000
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2uint = OpTypeVector %uint 2
%v4uint = OpTypeVector %uint 4
%v4float = OpTypeVector %float 4
%uint_0 = OpConstant %uint 0
%float_0 = OpConstant %float 0
%img = OpTypeImage %void 2D 0 0 0 0 Unknown ReadOnly
%wimg = OpTypeImage %void 2D 0 0 0 0 Unknown WriteOnly
%smp = OpTypeSampler
%simg = OpTypeSampledImage %img
%optr = OpTypePointer CrossWorkgroup %uint
%fn = OpTypeFunction %void %img %wimg %smp %optr %v2uint
%k = OpFunction %void None %fn
%src = OpFunctionParameter %img
%dst = OpFunctionParameter %wimg
%s = OpFunctionParameter %smp
%o = OpFunctionParameter %optr
%c = OpFunctionParameter %v2uint
%e = OpLabel
%si = OpSampledImage %simg %src %s
%v = OpImageSampleExplicitLod %v4float %si %c Lod %float_0
%w = OpImageRead %v4float %src %c
%u = OpImageRead %v4uint %src %c ZeroExtend
OpImageWrite %dst %c %v
%size = OpImageQuerySizeLod %v2uint %src %uint_0
%fmt = OpImageQueryFormat %uint %src
%ord = OpImageQueryOrder %uint %src
OpStore %o %fmt
OpReturn
OpFunctionEnd
"#;

#[test]
fn spv_ir_images_are_spirv_image_calls() {
    let m = reverse(IMAGES, TargetEnv::SpvIr);
    let names = declared(&m);
    for want in [
        "_Z20__spirv_SampledImagePU3AS133__spirv_Image__void_1_0_0_0_0_0_0PU3AS215__spirv_Sampler",
        "_Z38__spirv_ImageSampleExplicitLod_Rfloat4PU3AS140__spirv_SampledImage__void_1_0_0_0_0_0_0Dv2_iif",
        "_Z25__spirv_ImageRead_Rfloat4PU3AS133__spirv_Image__void_1_0_0_0_0_0_0Dv2_i",
        "_Z23__spirv_ImageRead_Rint4PU3AS133__spirv_Image__void_1_0_0_0_0_0_0Dv2_ii",
        "_Z18__spirv_ImageWritePU3AS133__spirv_Image__void_1_0_0_0_0_0_1Dv2_iDv4_f",
        "_Z31__spirv_ImageQuerySizeLod_Rint2PU3AS133__spirv_Image__void_1_0_0_0_0_0_0i",
        "_Z24__spirv_ImageQueryFormatPU3AS133__spirv_Image__void_1_0_0_0_0_0_0",
        "_Z23__spirv_ImageQueryOrderPU3AS133__spirv_Image__void_1_0_0_0_0_0_0",
    ] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    let bc = spirvkit_llvm::write_bitcode_opaque(&m, "images.bc").expect("bitcode");
    spirvkit_llvm::read_bitcode(&bc, "images.bc").expect("reads back");
}

#[test]
fn image_queries_return_the_spirv_enumerant() {
    for target in [TargetEnv::Cl12, TargetEnv::Cl20] {
        let m = reverse(IMAGES, target);
        let names = declared(&m);
        let want = if target == TargetEnv::Cl20 {
            "_Z27get_image_channel_data_type14ocl_image2d_ro"
        } else {
            "_Z27get_image_channel_data_type11ocl_image2d"
        };
        assert!(names.contains(&want), "{want} missing from {names:?}");
        // get_image_channel_data_type returns CL_SNORM_INT8 (0x10D0) onwards; the SPIR-V
        // result counts from 0.
        let k = m.functions.iter().find(|f| f.name == "k").expect("kernel");
        let subs: Vec<_> = k
            .insts
            .iter()
            .filter_map(|i| match &i.kind {
                InstKind::Binary { op, rhs, .. } if *op == spirvkit_llvm::BinaryOp::Sub => {
                    m.constant_int(*rhs)
                }
                _ => None,
            })
            .collect();
        assert_eq!(subs, vec![0x10D0, 0x10B0]);
    }
}

const ENQUEUE: &str = r#"
OpCapability DeviceEnqueue
OpEntryPoint Kernel %k "k"
OpEntryPoint Kernel %child "child"
OpSource OpenCL_C 200000
OpName %nd "struct.ndrange_t"
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%uchar = OpTypeInt 8 0
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_3 = OpConstant %uint 3
%uint_8 = OpConstant %uint 8
%uint_16 = OpConstant %uint 16
%uint_24 = OpConstant %uint 24
%ulong_0 = OpConstant %ulong 0
%ulong_64 = OpConstant %ulong 64
%arr3 = OpTypeArray %ulong %uint_3
%nd = OpTypeStruct %uint %arr3 %arr3 %arr3
%queue = OpTypeQueue
%devent = OpTypeDeviceEvent
%gen_ev = OpTypePointer Generic %devent
%fn_ev = OpTypePointer Function %devent
%gptr = OpTypePointer Generic %uchar
%fn_uchar = OpTypePointer Function %uchar
%null_ev = OpConstantNull %gen_ev
%fnk = OpTypeFunction %void
%fnchild = OpTypeFunction %void %gptr
%child = OpFunction %void None %fnchild
%blk = OpFunctionParameter %gptr
%ce = OpLabel
OpReturn
OpFunctionEnd
%k = OpFunction %void None %fnk
%e = OpLabel
%slot = OpVariable %fn_uchar Function
%ev = OpVariable %fn_ev Function
%q = OpGetDefaultQueue %queue
%r = OpBuildNDRange %nd %ulong_64 %ulong_0 %ulong_0
%b = OpPtrCastToGeneric %gptr %slot
%x = OpEnqueueKernel %uint %q %uint_0 %r %uint_0 %null_ev %null_ev %child %b %uint_24 %uint_8
%gev = OpPtrCastToGeneric %gen_ev %ev
%y = OpEnqueueKernel %uint %q %uint_1 %r %uint_0 %null_ev %gev %child %b %uint_24 %uint_8 %uint_16
%ws = OpGetKernelWorkGroupSize %uint %child %b %uint_24 %uint_8
%u = OpCreateUserEvent %devent
OpRetainEvent %u
%valid = OpIsValidEvent %bool %u
OpReturn
OpFunctionEnd
"#;

#[test]
fn device_enqueue_becomes_clangs_enqueue_functions() {
    let m = reverse(ENQUEUE, TargetEnv::Cl20);
    let names = declared(&m);
    for want in [
        "_Z17get_default_queuev",
        "_Z10ndrange_1Dmmm",
        "__enqueue_kernel_basic",
        // A returned event and a local size: the events + varargs form.
        "__enqueue_kernel_events_varargs",
        "__get_kernel_work_group_size_impl",
        "_Z17create_user_eventv",
        "_Z12retain_event12ocl_clkevent",
        "_Z14is_valid_event12ocl_clkevent",
    ] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    let ll = m.to_ll(&WriteOptions::typed());
    // ndrange_1D(offset, global, local) returns through sret, at the call and declaration.
    assert!(
        ll.contains("@_Z10ndrange_1Dmmm(%struct.ndrange_t* sret(%struct.ndrange_t) %"),
        "{ll}"
    );
    assert!(ll.contains(", i64 0, i64 64, i64 0)"), "{ll}");
    // The invoke function as a generic i8 pointer; the local size in a size_t array.
    assert!(
        ll.contains("bitcast void (i8 addrspace(4)*)* @child to i8*"),
        "{ll}"
    );
    assert!(ll.contains("alloca [1 x i64]"), "{ll}");
    assert!(
        ll.contains("declare i32 @__get_kernel_work_group_size_impl"),
        "{ll}"
    );
    for bc in [
        spirvkit_llvm::write_bitcode(&m, "enqueue.bc").expect("bitcode"),
        spirvkit_llvm::write_bitcode_opaque(&reverse(ENQUEUE, TargetEnv::SpvIr), "enqueue.bc")
            .expect("opaque bitcode"),
    ] {
        spirvkit_llvm::read_bitcode(&bc, "enqueue.bc").expect("reads back");
    }
}
