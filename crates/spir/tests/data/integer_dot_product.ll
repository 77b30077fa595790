source_filename = "-"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define dso_local spir_kernel void @k(ptr addrspace(1) noundef readonly align 4 captures(none) %a, ptr addrspace(1) noundef readonly align 4 captures(none) %b, ptr addrspace(1) noundef align 4 captures(none) initializes((0, 8), (12, 16), (24, 28)) %o, ptr addrspace(1) noundef align 4 captures(none) initializes((0, 16), (20, 24), (28, 44)) %s) local_unnamed_addr {
entry:
  %0 = load <4 x i8>, ptr addrspace(1) %a, align 4
  %arrayidx1.i = getelementptr inbounds nuw i8, ptr addrspace(1) %a, i64 4
  %1 = load <4 x i8>, ptr addrspace(1) %arrayidx1.i, align 4
  %call.i = tail call spir_func i32 @_Z3dotDv4_hS_(<4 x i8> noundef %0, <4 x i8> noundef %1)
  store i32 %call.i, ptr addrspace(1) %o, align 4
  %2 = load <4 x i8>, ptr addrspace(1) %b, align 4
  %arrayidx4.i = getelementptr inbounds nuw i8, ptr addrspace(1) %b, i64 4
  %3 = load <4 x i8>, ptr addrspace(1) %arrayidx4.i, align 4
  %call5.i = tail call spir_func i32 @_Z3dotDv4_cS_(<4 x i8> noundef %2, <4 x i8> noundef %3)
  store i32 %call5.i, ptr addrspace(1) %s, align 4
  %4 = load <4 x i8>, ptr addrspace(1) %b, align 4
  %5 = load <4 x i8>, ptr addrspace(1) %arrayidx1.i, align 4
  %call9.i = tail call spir_func i32 @_Z3dotDv4_cDv4_h(<4 x i8> noundef %4, <4 x i8> noundef %5)
  %arrayidx10.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 4
  store i32 %call9.i, ptr addrspace(1) %arrayidx10.i, align 4
  %6 = load <4 x i8>, ptr addrspace(1) %a, align 4
  %7 = load <4 x i8>, ptr addrspace(1) %arrayidx4.i, align 4
  %call13.i = tail call spir_func i32 @_Z3dotDv4_hDv4_c(<4 x i8> noundef %6, <4 x i8> noundef %7)
  %arrayidx14.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 8
  store i32 %call13.i, ptr addrspace(1) %arrayidx14.i, align 4
  %8 = load <4 x i8>, ptr addrspace(1) %a, align 4
  %9 = load <4 x i8>, ptr addrspace(1) %arrayidx1.i, align 4
  %arrayidx17.i = getelementptr inbounds nuw i8, ptr addrspace(1) %o, i64 8
  %10 = load i32, ptr addrspace(1) %arrayidx17.i, align 4
  %call18.i = tail call spir_func i32 @_Z11dot_acc_satDv4_hS_j(<4 x i8> noundef %8, <4 x i8> noundef %9, i32 noundef %10)
  %arrayidx19.i = getelementptr inbounds nuw i8, ptr addrspace(1) %o, i64 4
  store i32 %call18.i, ptr addrspace(1) %arrayidx19.i, align 4
  %11 = load <4 x i8>, ptr addrspace(1) %b, align 4
  %12 = load <4 x i8>, ptr addrspace(1) %arrayidx4.i, align 4
  %arrayidx22.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 16
  %13 = load i32, ptr addrspace(1) %arrayidx22.i, align 4
  %call23.i = tail call spir_func i32 @_Z11dot_acc_satDv4_cS_i(<4 x i8> noundef %11, <4 x i8> noundef %12, i32 noundef %13)
  %arrayidx24.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 12
  store i32 %call23.i, ptr addrspace(1) %arrayidx24.i, align 4
  %14 = load <4 x i8>, ptr addrspace(1) %b, align 4
  %15 = load <4 x i8>, ptr addrspace(1) %arrayidx1.i, align 4
  %arrayidx27.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 24
  %16 = load i32, ptr addrspace(1) %arrayidx27.i, align 4
  %call28.i = tail call spir_func i32 @_Z11dot_acc_satDv4_cDv4_hi(<4 x i8> noundef %14, <4 x i8> noundef %15, i32 noundef %16)
  %arrayidx29.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 20
  store i32 %call28.i, ptr addrspace(1) %arrayidx29.i, align 4
  %arrayidx30.i = getelementptr inbounds nuw i8, ptr addrspace(1) %o, i64 16
  %17 = load i32, ptr addrspace(1) %arrayidx30.i, align 4
  %arrayidx31.i = getelementptr inbounds nuw i8, ptr addrspace(1) %o, i64 20
  %18 = load i32, ptr addrspace(1) %arrayidx31.i, align 4
  %call32.i = tail call spir_func i32 @_Z21dot_4x8packed_uu_uintjj(i32 noundef %17, i32 noundef %18)
  %arrayidx33.i = getelementptr inbounds nuw i8, ptr addrspace(1) %o, i64 12
  store i32 %call32.i, ptr addrspace(1) %arrayidx33.i, align 4
  %call36.i = tail call spir_func i32 @_Z20dot_4x8packed_ss_intjj(i32 noundef %17, i32 noundef %18)
  %arrayidx37.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 28
  store i32 %call36.i, ptr addrspace(1) %arrayidx37.i, align 4
  %19 = load i32, ptr addrspace(1) %arrayidx30.i, align 4
  %20 = load i32, ptr addrspace(1) %arrayidx31.i, align 4
  %call40.i = tail call spir_func i32 @_Z20dot_4x8packed_su_intjj(i32 noundef %19, i32 noundef %20)
  %arrayidx41.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 32
  store i32 %call40.i, ptr addrspace(1) %arrayidx41.i, align 4
  %21 = load i32, ptr addrspace(1) %arrayidx30.i, align 4
  %22 = load i32, ptr addrspace(1) %arrayidx31.i, align 4
  %call44.i = tail call spir_func i32 @_Z20dot_4x8packed_us_intjj(i32 noundef %21, i32 noundef %22)
  %arrayidx45.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 36
  store i32 %call44.i, ptr addrspace(1) %arrayidx45.i, align 4
  %23 = load i32, ptr addrspace(1) %arrayidx30.i, align 4
  %24 = load i32, ptr addrspace(1) %arrayidx31.i, align 4
  %arrayidx48.i = getelementptr inbounds nuw i8, ptr addrspace(1) %o, i64 28
  %25 = load i32, ptr addrspace(1) %arrayidx48.i, align 4
  %call49.i = tail call spir_func i32 @_Z29dot_acc_sat_4x8packed_uu_uintjjj(i32 noundef %23, i32 noundef %24, i32 noundef %25)
  %arrayidx50.i = getelementptr inbounds nuw i8, ptr addrspace(1) %o, i64 24
  store i32 %call49.i, ptr addrspace(1) %arrayidx50.i, align 4
  %arrayidx53.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 44
  %26 = load i32, ptr addrspace(1) %arrayidx53.i, align 4
  %call54.i = tail call spir_func i32 @_Z28dot_acc_sat_4x8packed_ss_intjji(i32 noundef %23, i32 noundef %24, i32 noundef %26)
  %arrayidx55.i = getelementptr inbounds nuw i8, ptr addrspace(1) %s, i64 40
  store i32 %call54.i, ptr addrspace(1) %arrayidx55.i, align 4
  ret void
}


declare spir_func i32 @_Z3dotDv4_hS_(<4 x i8> noundef, <4 x i8> noundef) local_unnamed_addr

declare spir_func i32 @_Z3dotDv4_cS_(<4 x i8> noundef, <4 x i8> noundef) local_unnamed_addr

declare spir_func i32 @_Z3dotDv4_cDv4_h(<4 x i8> noundef, <4 x i8> noundef) local_unnamed_addr

declare spir_func i32 @_Z3dotDv4_hDv4_c(<4 x i8> noundef, <4 x i8> noundef) local_unnamed_addr

declare spir_func i32 @_Z11dot_acc_satDv4_hS_j(<4 x i8> noundef, <4 x i8> noundef, i32 noundef) local_unnamed_addr

declare spir_func i32 @_Z11dot_acc_satDv4_cS_i(<4 x i8> noundef, <4 x i8> noundef, i32 noundef) local_unnamed_addr

declare spir_func i32 @_Z11dot_acc_satDv4_cDv4_hi(<4 x i8> noundef, <4 x i8> noundef, i32 noundef) local_unnamed_addr

declare spir_func i32 @_Z21dot_4x8packed_uu_uintjj(i32 noundef, i32 noundef) local_unnamed_addr

declare spir_func i32 @_Z20dot_4x8packed_ss_intjj(i32 noundef, i32 noundef) local_unnamed_addr

declare spir_func i32 @_Z20dot_4x8packed_su_intjj(i32 noundef, i32 noundef) local_unnamed_addr

declare spir_func i32 @_Z20dot_4x8packed_us_intjj(i32 noundef, i32 noundef) local_unnamed_addr

declare spir_func i32 @_Z29dot_acc_sat_4x8packed_uu_uintjjj(i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr

declare spir_func i32 @_Z28dot_acc_sat_4x8packed_ss_intjji(i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr



