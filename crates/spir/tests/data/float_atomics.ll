source_filename = "-"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %f, ptr addrspace(1) noundef writeonly align 4 captures(none) initializes((0, 20)) %out, ptr addrspace(3) noundef align 8 %d) local_unnamed_addr {
entry:
  %call.i = tail call spir_func float @_Z16atomic_fetch_addPU3AS1VU7_Atomicff(ptr addrspace(1) noundef align 4 %f, float noundef 1.500000e+00)
  store float %call.i, ptr addrspace(1) %out, align 4
  %call1.i = tail call spir_func float @_Z25atomic_fetch_sub_explicitPU3AS1VU7_Atomicff12memory_order(ptr addrspace(1) noundef align 4 %f, float noundef 2.000000e+00, i32 noundef 0)
  %arrayidx2.i = getelementptr inbounds nuw i8, ptr addrspace(1) %out, i64 4
  store float %call1.i, ptr addrspace(1) %arrayidx2.i, align 4
  %call3.i = tail call spir_func float @_Z16atomic_fetch_minPU3AS1VU7_Atomicff(ptr addrspace(1) noundef align 4 %f, float noundef 5.000000e-01)
  %arrayidx4.i = getelementptr inbounds nuw i8, ptr addrspace(1) %out, i64 8
  store float %call3.i, ptr addrspace(1) %arrayidx4.i, align 4
  %call5.i = tail call spir_func float @_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicff12memory_order12memory_scope(ptr addrspace(1) noundef align 4 %f, float noundef 3.000000e+00, i32 noundef 0, i32 noundef 2)
  %arrayidx6.i = getelementptr inbounds nuw i8, ptr addrspace(1) %out, i64 12
  store float %call5.i, ptr addrspace(1) %arrayidx6.i, align 4
  %call7.i = tail call spir_func double @_Z16atomic_fetch_maxPU3AS3VU7_Atomicdd(ptr addrspace(3) noundef align 8 %d, double noundef 3.000000e+00)
  %conv.i = fptrunc double %call7.i to float
  %arrayidx8.i = getelementptr inbounds nuw i8, ptr addrspace(1) %out, i64 16
  store float %conv.i, ptr addrspace(1) %arrayidx8.i, align 4
  ret void
}


declare spir_func float @_Z16atomic_fetch_addPU3AS1VU7_Atomicff(ptr addrspace(1) noundef, float noundef) local_unnamed_addr

declare spir_func float @_Z25atomic_fetch_sub_explicitPU3AS1VU7_Atomicff12memory_order(ptr addrspace(1) noundef, float noundef, i32 noundef) local_unnamed_addr

declare spir_func float @_Z16atomic_fetch_minPU3AS1VU7_Atomicff(ptr addrspace(1) noundef, float noundef) local_unnamed_addr

declare spir_func float @_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicff12memory_order12memory_scope(ptr addrspace(1) noundef, float noundef, i32 noundef, i32 noundef) local_unnamed_addr

declare spir_func double @_Z16atomic_fetch_maxPU3AS3VU7_Atomicdd(ptr addrspace(3) noundef, double noundef) local_unnamed_addr



define spir_kernel void @rmw(ptr addrspace(1) %p, ptr addrspace(3) %q, float %v, double %w) {
  %a = atomicrmw fadd ptr addrspace(1) %p, float %v seq_cst
  %b = atomicrmw fsub ptr addrspace(1) %p, float %a monotonic
  %c = atomicrmw fmin ptr addrspace(3) %q, double %w syncscope("workgroup") seq_cst
  %d = atomicrmw fmax ptr addrspace(3) %q, double %c acquire
  ret void
}
