//! The bitcode writer: modules written as bitcode read back to the same module.

use spirvkit_llvm::{parse_text, read_bitcode, write_bitcode, WriteOptions};

fn round_trip(src: &str) {
    let m = parse_text(src, "test.ll").expect("test input parses");
    let bytes = write_bitcode(&m, "test.ll").expect("writes");
    assert!(spirvkit_llvm::is_bitcode(&bytes));
    let back = read_bitcode(&bytes, "test.bc").expect("reads back");
    let opts = WriteOptions::default();
    assert_eq!(back.to_ll(&opts), m.to_ll(&opts));
}

#[test]
fn typed_pointer_kernel_with_metadata() {
    round_trip(
        r#"
target datalayout = "e-p:64:64:64-i64:64:64"
target triple = "spir64-unknown-unknown"

%struct.S = type { i32, %struct.S addrspace(1)* }
@g = internal addrspace(3) global [4 x float] zeroinitializer, align 4
@str = private unnamed_addr addrspace(2) constant [6 x i8] c"hello\00", align 1

define spir_kernel void @k(float addrspace(1)* nocapture %out, %struct.S addrspace(1)* %s, i32 %n) #0 !kernel_arg_addr_space !1 {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0) #1
  %p = getelementptr inbounds float, float addrspace(1)* %out, i64 %id
  %f = getelementptr inbounds %struct.S, %struct.S addrspace(1)* %s, i64 0, i32 0
  %v = load i32, i32 addrspace(1)* %f, align 4
  %c = icmp sgt i32 %v, %n
  br i1 %c, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add nsw i32 %i, 1
  %x = sitofp i32 %next to float
  %y = fmul fast float %x, 2.000000e+00
  store volatile float %y, float addrspace(1)* %p, align 4
  %again = icmp slt i32 %next, %n
  br i1 %again, label %loop, label %done

done:
  switch i32 %n, label %ret [
    i32 1, label %one
    i32 -7, label %ret
  ]

one:
  %vec = insertelement <4 x float> undef, float 1.0, i32 0
  %sh = shufflevector <4 x float> %vec, <4 x float> undef, <4 x i32> <i32 0, i32 undef, i32 0, i32 2>
  %e = extractelement <4 x float> %sh, i32 3
  store float %e, float addrspace(1)* %p, align 4
  br label %ret

ret:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32) #1

attributes #0 = { nounwind "stack-protector-buffer-size"="8" }
attributes #1 = { nounwind readnone }

!opencl.kernels = !{!0}
!opencl.spir.version = !{!2}
!0 = !{void (float addrspace(1)*, %struct.S addrspace(1)*, i32)* @k, !1}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 1, i32 0}
!2 = !{i32 1, i32 2}
"#,
    );
}

#[test]
fn opaque_pointers_and_atomics() {
    round_trip(
        r#"
target triple = "spir64-unknown-unknown"

define spir_func i32 @f(ptr addrspace(1) %p, i32 %v) {
entry:
  %old = atomicrmw add ptr addrspace(1) %p, i32 %v seq_cst, align 4
  %pair = cmpxchg ptr addrspace(1) %p, i32 %old, i32 %v acq_rel monotonic, align 4
  %r = extractvalue { i32, i1 } %pair, 0
  fence syncscope("workgroup") release
  %s = select i1 true, i32 %r, i32 %v
  %n = fneg float 1.0
  %i = alloca [2 x i32], align 8
  ret i32 %s
}
"#,
    );
}
