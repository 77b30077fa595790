; clang-22 -cc1 -triple spir64-unknown-unknown -cl-std=CL3.0 -cl-ext=+cl_khr_subgroups,+__opencl_c_subgroups -finclude-default-header -emit-llvm -O0 (source: tests/subgroups.rs)
; ModuleID = 'subgroups.cl'
source_filename = "subgroups.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @khr(ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %f) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %f.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  store ptr addrspace(1) %f, ptr %f.addr, align 8
  %0 = load ptr addrspace(1), ptr %out.addr, align 8
  %1 = load ptr addrspace(1), ptr %f.addr, align 8
  call spir_func void @__clang_ocl_kern_imp_khr(ptr addrspace(1) noundef align 4 %0, ptr addrspace(1) noundef align 4 %1) #3
  ret void
}

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_func void @__clang_ocl_kern_imp_khr(ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %f) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %f.addr = alloca ptr addrspace(1), align 8
  %id = alloca i32, align 4
  %x = alloca i32, align 4
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  store ptr addrspace(1) %f, ptr %f.addr, align 8
  %call = call spir_func i32 @_Z22get_sub_group_local_idv() #4
  store i32 %call, ptr %id, align 4
  %0 = load ptr addrspace(1), ptr %out.addr, align 8
  %call1 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx = getelementptr inbounds nuw i32, ptr addrspace(1) %0, i64 %call1
  %1 = load i32, ptr addrspace(1) %arrayidx, align 4
  store i32 %1, ptr %x, align 4
  call spir_func void @_Z17sub_group_barrierj(i32 noundef 1) #4
  %2 = load i32, ptr %x, align 4
  %call2 = call spir_func i32 @_Z13sub_group_alli(i32 noundef %2) #4
  %3 = load i32, ptr %x, align 4
  %call3 = call spir_func i32 @_Z13sub_group_anyi(i32 noundef %3) #4
  %add = add nsw i32 %call2, %call3
  %4 = load i32, ptr %x, align 4
  %call4 = call spir_func i32 @_Z19sub_group_broadcastij(i32 noundef %4, i32 noundef 0) #4
  %add5 = add nsw i32 %add, %call4
  %5 = load ptr addrspace(1), ptr %out.addr, align 8
  %arrayidx6 = getelementptr inbounds i32, ptr addrspace(1) %5, i64 0
  store i32 %add5, ptr addrspace(1) %arrayidx6, align 4
  %6 = load i32, ptr %x, align 4
  %call7 = call spir_func i32 @_Z20sub_group_reduce_addi(i32 noundef %6) #4
  %7 = load i32, ptr %x, align 4
  %call8 = call spir_func i32 @_Z28sub_group_scan_inclusive_maxi(i32 noundef %7) #4
  %add9 = add nsw i32 %call7, %call8
  %8 = load i32, ptr %x, align 4
  %call10 = call spir_func i32 @_Z28sub_group_scan_exclusive_mini(i32 noundef %8) #4
  %add11 = add nsw i32 %add9, %call10
  %9 = load ptr addrspace(1), ptr %out.addr, align 8
  %arrayidx12 = getelementptr inbounds i32, ptr addrspace(1) %9, i64 1
  store i32 %add11, ptr addrspace(1) %arrayidx12, align 4
  %10 = load ptr addrspace(1), ptr %f.addr, align 8
  %arrayidx13 = getelementptr inbounds float, ptr addrspace(1) %10, i64 1
  %11 = load float, ptr addrspace(1) %arrayidx13, align 4
  %call14 = call spir_func float @_Z20sub_group_reduce_addf(float noundef %11) #4
  %12 = load ptr addrspace(1), ptr %f.addr, align 8
  %arrayidx15 = getelementptr inbounds float, ptr addrspace(1) %12, i64 0
  store float %call14, ptr addrspace(1) %arrayidx15, align 4
  %call16 = call spir_func i32 @_Z18get_sub_group_sizev() #4
  %call17 = call spir_func i32 @_Z22get_max_sub_group_sizev() #4
  %add18 = add i32 %call16, %call17
  %call19 = call spir_func i32 @_Z18get_num_sub_groupsv() #4
  %add20 = add i32 %add18, %call19
  %call21 = call spir_func i32 @_Z16get_sub_group_idv() #4
  %add22 = add i32 %add20, %call21
  %13 = load i32, ptr %id, align 4
  %add23 = add i32 %add22, %13
  %14 = load ptr addrspace(1), ptr %out.addr, align 8
  %arrayidx24 = getelementptr inbounds i32, ptr addrspace(1) %14, i64 2
  store i32 %add23, ptr addrspace(1) %arrayidx24, align 4
  ret void
}

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z22get_sub_group_local_idv() #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare spir_func i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent nounwind
declare spir_func void @_Z17sub_group_barrierj(i32 noundef) #1

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z13sub_group_alli(i32 noundef) #1

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z13sub_group_anyi(i32 noundef) #1

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z19sub_group_broadcastij(i32 noundef, i32 noundef) #1

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z20sub_group_reduce_addi(i32 noundef) #1

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z28sub_group_scan_inclusive_maxi(i32 noundef) #1

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z28sub_group_scan_exclusive_mini(i32 noundef) #1

; Function Attrs: convergent nounwind
declare spir_func float @_Z20sub_group_reduce_addf(float noundef) #1

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z18get_sub_group_sizev() #1

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z22get_max_sub_group_sizev() #1

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z18get_num_sub_groupsv() #1

; Function Attrs: convergent nounwind
declare spir_func i32 @_Z16get_sub_group_idv() #1

attributes #0 = { convergent noinline norecurse nounwind optnone "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind "uniform-work-group-size"="false" }
attributes #4 = { convergent nounwind }
attributes #5 = { convergent nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!opencl.spir.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!3 = !{i32 1, i32 1}
!4 = !{!"none", !"none"}
!5 = !{!"int*", !"float*"}
!6 = !{!"", !""}
