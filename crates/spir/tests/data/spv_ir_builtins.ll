target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)
declare spir_func i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32)
declare spir_func i64 @_Z28__spirv_BuiltInWorkgroupSizei(i32)
declare spir_func i32 @_Z22__spirv_BuiltInWorkDimv()
declare spir_func i64 @_Z29__spirv_BuiltInGlobalLinearIdv()
define spir_kernel void @k(ptr addrspace(1) %out, i32 %d) {
entry:
  %g = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %l = call spir_func i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32 %d)
  %s = call spir_func i64 @_Z28__spirv_BuiltInWorkgroupSizei(i32 5)
  %w = call spir_func i32 @_Z22__spirv_BuiltInWorkDimv()
  %n = call spir_func i64 @_Z29__spirv_BuiltInGlobalLinearIdv()
  %a = add i64 %g, %l
  %b = add i64 %a, %s
  %c = add i64 %b, %n
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %g
  store i64 %c, ptr addrspace(1) %p, align 8
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 %w, ptr addrspace(1) %q, align 4
  ret void
}
