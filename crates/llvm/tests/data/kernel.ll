; Hand-written SPIR-style module (typed pointers), assembled to kernel.bc by
; `llvm-as-15 kernel.ll -o kernel.bc` for the bitcode tests.
target datalayout = "e-p:64:64:64-i64:64:64"
target triple = "spir64-unknown-unknown"

%struct.S = type { i32, [3 x float], <4 x i8> }

@g = addrspace(1) global [4 x i32] [i32 1, i32 -2, i32 3, i32 4], align 4
@msg = private unnamed_addr addrspace(2) constant [6 x i8] c"hello\00", align 1
@lds = internal addrspace(3) global %struct.S zeroinitializer, align 16

define spir_kernel void @k(%struct.S addrspace(1)* nocapture %s, float addrspace(1)* %f, i32 %n) #0 !kernel_arg_addr_space !1 {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0) #1
  %p = getelementptr inbounds %struct.S, %struct.S addrspace(1)* %s, i64 %id, i32 1, i64 2
  %v = load float, float addrspace(1)* %p, align 4, !tbaa !3
  %neg = fneg float %v
  %m = fmul fast float %neg, 2.0
  %c = fcmp olt float %m, 0.0
  br i1 %c, label %then, label %done

then:
  %i = fptosi float %m to i32
  %sum = add nsw i32 %i, %n
  %x = atomicrmw add i32 addrspace(1)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(1)* @g, i64 0, i64 1), i32 %sum seq_cst
  %pair = cmpxchg i32 addrspace(1)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(1)* @g, i64 0, i64 2), i32 %x, i32 7 acq_rel monotonic
  %old = extractvalue { i32, i1 } %pair, 0
  fence release
  switch i32 %old, label %done [
    i32 0, label %done
    i32 5, label %then2
  ]

then2:
  %vec = insertelement <4 x i32> undef, i32 %old, i32 0
  %sh = shufflevector <4 x i32> %vec, <4 x i32> undef, <4 x i32> zeroinitializer
  %e = extractelement <4 x i32> %sh, i32 3
  %sel = select i1 %c, i32 %e, i32 0
  %ptr = addrspacecast float addrspace(1)* %f to float addrspace(4)*
  store volatile float %m, float addrspace(4)* %ptr, align 4
  br label %done

done:
  %r = phi i32 [ 0, %entry ], [ %old, %then ], [ %old, %then ], [ %sel, %then2 ]
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32) #1

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }

!opencl.kernels = !{!0}
!opencl.spir.version = !{!2}
!0 = !{void (%struct.S addrspace(1)*, float addrspace(1)*, i32)* @k, !1}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 1, i32 0}
!2 = !{i32 1, i32 2}
!3 = !{!4, !4, i64 0}
!4 = !{!"float", !5, i64 0}
!5 = !{!"omnipotent char", !6, i64 0}
!6 = !{!"Simple C/C++ TBAA"}
