; atomicrmw operations of LLVM 20-21 (bitcode codes 17-20); data/rmw22.bc is llvm-as-22 of this file.
target triple = "spir64-unknown-unknown"

define spir_func void @f(ptr addrspace(1) %p, ptr addrspace(1) %f, i32 %v, float %x) {
  %a = atomicrmw usub_cond ptr addrspace(1) %p, i32 %v seq_cst, align 4
  %b = atomicrmw usub_sat ptr addrspace(1) %p, i32 %v syncscope("workgroup") acquire, align 4
  %c = atomicrmw fmaximum ptr addrspace(1) %f, float %x monotonic, align 4
  %d = atomicrmw fminimum ptr addrspace(1) %f, float %x release, align 4
  ret void
}
