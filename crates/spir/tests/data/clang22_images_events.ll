target triple = "spir64-unknown-unknown"
define dso_local spir_kernel void @images(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 1) %dst, target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 2) %vol, target("spirv.Image", void, 5, 0, 0, 0, 0, 0, 0) %buf, target("spirv.Sampler") %s, ptr addrspace(1) noundef writeonly align 16 captures(none) initializes((0, 32)) %out) local_unnamed_addr {
entry:
  %call.i = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0)
  %conv.i = trunc i64 %call.i to i32
  %vecinit.i = insertelement <2 x i32> poison, i32 %conv.i, i64 0
  %call1.i = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 1)
  %conv2.i = trunc i64 %call1.i to i32
  %vecinit3.i = insertelement <2 x i32> %vecinit.i, i32 %conv2.i, i64 1
  %0 = tail call spir_func target("spirv.Sampler") @__translate_sampler_initializer(i32 20)
  %call4.i = tail call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src, target("spirv.Sampler") %0, <2 x i32> noundef %vecinit3.i)
  %call6.i = tail call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_f(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src, target("spirv.Sampler") %s, <2 x float> noundef splat (float 5.000000e-01))
  %add.i = fadd <4 x float> %call4.i, %call6.i
  tail call spir_func void @_Z12write_imagef14ocl_image2d_woDv2_iDv4_f(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 1) %dst, <2 x i32> noundef %vecinit3.i, <4 x float> noundef %add.i)
  %vecinit8.i = shufflevector <2 x i32> %vecinit3.i, <2 x i32> poison, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %vecinit10.i = shufflevector <4 x i32> %vecinit8.i, <4 x i32> <i32 poison, i32 poison, i32 0, i32 0>, <4 x i32> <i32 0, i32 1, i32 6, i32 7>
  %call11.i = tail call spir_func <4 x i32> @_Z11read_imagei14ocl_image3d_rwDv4_i(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 2) %vol, <4 x i32> noundef %vecinit10.i)
  %vecinit16.i = shufflevector <4 x i32> %vecinit8.i, <4 x i32> <i32 poison, i32 poison, i32 1, i32 0>, <4 x i32> <i32 0, i32 1, i32 6, i32 7>
  tail call spir_func void @_Z12write_imagei14ocl_image3d_rwDv4_iS0_(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 2) %vol, <4 x i32> noundef %vecinit16.i, <4 x i32> noundef %call11.i)
  %call18.i = tail call spir_func i32 @_Z15get_image_width14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src)
  %conv19.i = sitofp i32 %call18.i to float
  %vecinit20.i = insertelement <4 x float> poison, float %conv19.i, i64 0
  %call21.i = tail call spir_func i32 @_Z16get_image_height14ocl_image2d_wo(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 1) %dst)
  %conv22.i = sitofp i32 %call21.i to float
  %vecinit23.i = insertelement <4 x float> %vecinit20.i, float %conv22.i, i64 1
  %call24.i = tail call spir_func i32 @_Z15get_image_depth14ocl_image3d_rw(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 2) %vol)
  %conv25.i = sitofp i32 %call24.i to float
  %vecinit26.i = insertelement <4 x float> %vecinit23.i, float %conv25.i, i64 2
  %call27.i = tail call spir_func i32 @_Z23get_image_channel_order14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src)
  %conv28.i = sitofp i32 %call27.i to float
  %vecinit29.i = insertelement <4 x float> %vecinit26.i, float %conv28.i, i64 3
  %add30.i = fadd <4 x float> %call4.i, %vecinit29.i
  %call31.i = tail call spir_func <4 x float> @_Z11read_imagef21ocl_image1d_buffer_roi(target("spirv.Image", void, 5, 0, 0, 0, 0, 0, 0) %buf, i32 noundef 0)
  %add32.i = fadd <4 x float> %call31.i, %add30.i
  store <4 x float> %add32.i, ptr addrspace(1) %out, align 16
  %call34.i = tail call spir_func <2 x i32> @_Z13get_image_dim14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %src)
  %1 = extractelement <2 x i32> %call34.i, i64 0
  %conv35.i = sitofp i32 %1 to float
  %call37.i = tail call spir_func i32 @_Z27get_image_channel_data_type14ocl_image3d_rw(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 2) %vol)
  %conv38.i = sitofp i32 %call37.i to float
  %call40.i = tail call spir_func i32 @_Z15get_image_width21ocl_image1d_buffer_ro(target("spirv.Image", void, 5, 0, 0, 0, 0, 0, 0) %buf)
  %conv41.i = sitofp i32 %call40.i to float
  %2 = insertelement <4 x float> <float poison, float poison, float poison, float 0.000000e+00>, float %conv35.i, i64 0
  %3 = insertelement <4 x float> %2, float %conv38.i, i64 1
  %vecinit43.i = insertelement <4 x float> %3, float %conv41.i, i64 2
  %arrayidx44.i = getelementptr inbounds nuw i8, ptr addrspace(1) %out, i64 16
  store <4 x float> %vecinit43.i, ptr addrspace(1) %arrayidx44.i, align 16
  ret void
}
define dso_local spir_kernel void @copies(ptr addrspace(1) noundef align 4 %g, ptr addrspace(3) noundef align 4 %l) local_unnamed_addr {
entry:
  %e.i = alloca target("spirv.Event"), align 8
  call void @llvm.lifetime.start.p0(ptr nonnull %e.i)
  %call.i = tail call spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS3fPU3AS1Kfm9ocl_event(ptr addrspace(3) noundef align 4 %l, ptr addrspace(1) noundef align 4 %g, i64 noundef 64, target("spirv.Event") zeroinitializer)
  %call1.i = tail call spir_func target("spirv.Event") @_Z29async_work_group_strided_copyPU3AS1fPU3AS3Kfmm9ocl_event(ptr addrspace(1) noundef align 4 %g, ptr addrspace(3) noundef align 4 %l, i64 noundef 16, i64 noundef 4, target("spirv.Event") %call.i)
  store target("spirv.Event") %call1.i, ptr %e.i, align 8
  %e.ascast.i = addrspacecast ptr %e.i to ptr addrspace(4)
  call spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef 1, ptr addrspace(4) noundef %e.ascast.i)
  call void @llvm.lifetime.end.p0(ptr nonnull %e.i)
  ret void
}
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr
declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), target("spirv.Sampler"), <2 x i32> noundef) local_unnamed_addr
declare spir_func target("spirv.Sampler") @__translate_sampler_initializer(i32) local_unnamed_addr
declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_f(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), target("spirv.Sampler"), <2 x float> noundef) local_unnamed_addr
declare spir_func void @_Z12write_imagef14ocl_image2d_woDv2_iDv4_f(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 1), <2 x i32> noundef, <4 x float> noundef) local_unnamed_addr
declare spir_func <4 x i32> @_Z11read_imagei14ocl_image3d_rwDv4_i(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 2), <4 x i32> noundef) local_unnamed_addr
declare spir_func void @_Z12write_imagei14ocl_image3d_rwDv4_iS0_(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 2), <4 x i32> noundef, <4 x i32> noundef) local_unnamed_addr
declare spir_func i32 @_Z15get_image_width14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)) local_unnamed_addr
declare spir_func i32 @_Z16get_image_height14ocl_image2d_wo(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 1)) local_unnamed_addr
declare spir_func i32 @_Z15get_image_depth14ocl_image3d_rw(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 2)) local_unnamed_addr
declare spir_func i32 @_Z23get_image_channel_order14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)) local_unnamed_addr
declare spir_func <4 x float> @_Z11read_imagef21ocl_image1d_buffer_roi(target("spirv.Image", void, 5, 0, 0, 0, 0, 0, 0), i32 noundef) local_unnamed_addr
declare spir_func <2 x i32> @_Z13get_image_dim14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)) local_unnamed_addr
declare spir_func i32 @_Z27get_image_channel_data_type14ocl_image3d_rw(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 2)) local_unnamed_addr
declare spir_func i32 @_Z15get_image_width21ocl_image1d_buffer_ro(target("spirv.Image", void, 5, 0, 0, 0, 0, 0, 0)) local_unnamed_addr
declare void @llvm.lifetime.end.p0(ptr captures(none))
declare spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS3fPU3AS1Kfm9ocl_event(ptr addrspace(3) noundef, ptr addrspace(1) noundef, i64 noundef, target("spirv.Event")) local_unnamed_addr
declare spir_func target("spirv.Event") @_Z29async_work_group_strided_copyPU3AS1fPU3AS3Kfmm9ocl_event(ptr addrspace(1) noundef, ptr addrspace(3) noundef, i64 noundef, i64 noundef, target("spirv.Event")) local_unnamed_addr
declare spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef, ptr addrspace(4) noundef) local_unnamed_addr
