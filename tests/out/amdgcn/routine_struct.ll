; ModuleID = 'accc_device'
source_filename = "accc_device"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @__accc_update_26_parallel_9defb4e9(i64 noundef %arg0, i32 %arg1, ptr nocapture %arg2, ptr nocapture readonly %arg3, ptr nocapture %arg4) local_unnamed_addr #1 {
entry:
  %arg4.global = addrspacecast ptr %arg4 to ptr addrspace(1)
  %arg3.global = addrspacecast ptr %arg3 to ptr addrspace(1)
  %arg2.global = addrspacecast ptr %arg2 to ptr addrspace(1)
  %v1 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %v2 = zext i32 %v1 to i64
  %v3 = tail call i32 @llvm.amdgcn.workitem.id.y()
  %v4 = zext i32 %v3 to i64
  %v5 = tail call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %v6 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 4
  %v7 = load i16, ptr addrspace(4) %v6, align 4, !invariant.load !0
  %v8 = zext i16 %v7 to i32
  %v9 = zext i16 %v7 to i64
  %v11 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 6
  %v12 = load i16, ptr addrspace(4) %v11, align 2, !invariant.load !0
  %v14 = zext i16 %v12 to i64
  %v15 = mul nuw nsw i64 %v9, %v4
  %v17 = mul nuw nsw i64 %v14, %v9
  %v20 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 12
  %v21 = load i32, ptr addrspace(4) %v20, align 4, !invariant.load !0
  %v26 = udiv i32 %v21, %v8
  %v28 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %v29 = zext i32 %v28 to i64
  %0 = tail call i32 @llvm.smax.i32(i32 %arg1, i32 0)
  %v80 = icmp ult i32 %v21, %v8
  %narrow = select i1 %v80, i32 1, i32 %v26
  %v81 = zext i32 %narrow to i64
  %.frozen = freeze i32 %0
  %narrow.frozen = freeze i32 %narrow
  %v8218 = udiv i32 %.frozen, %narrow.frozen
  %v82.zext = zext nneg i32 %v8218 to i64
  %1 = mul i32 %v8218, %narrow.frozen
  %v8319.decomposed = sub i32 %.frozen, %1
  %v83.zext = zext nneg i32 %v8319.decomposed to i64
  %v84 = mul nuw nsw i64 %v82.zext, %v29
  %v85 = mul nuw nsw i64 %v83.zext, %v29
  %v86 = udiv i64 %v85, %v81
  %v88 = add nuw nsw i64 %v29, 1
  %v89 = mul nuw nsw i64 %v88, %v82.zext
  %v90 = mul nuw nsw i64 %v88, %v83.zext
  %v91 = udiv i64 %v90, %v81
  %v92 = add nuw i64 %v91, %v89
  %v87 = add nuw nsw i64 %v15, %v2
  %v16 = add nuw i64 %v87, %v86
  %v95 = add i64 %v16, %v84
  %v10120 = icmp ult i64 %v95, %v92
  br i1 %v10120, label %b97.spread.body, label %b99.spread.done

b97.spread.body:                                  ; preds = %entry, %b97.spread.body
  %a94.s.021 = phi i64 [ %v132, %b97.spread.body ], [ %v95, %entry ]
  %sext = shl i64 %a94.s.021, 32
  %v107 = ashr exact i64 %sext, 32
  %v108 = getelementptr inbounds { double, double, double }, ptr addrspace(1) %arg2.global, i64 %v107
  %v113 = getelementptr inbounds { double, double, double }, ptr addrspace(1) %arg3.global, i64 %v107
  %a42.s.sroa.0.0.copyload.i = load double, ptr addrspace(1) %v113, align 8, !noalias !1
  %a42.s.sroa.2.0.p1.sroa_idx.i = getelementptr inbounds i8, ptr addrspace(1) %v113, i64 8
  %a42.s.sroa.2.0.copyload.i = load double, ptr addrspace(1) %a42.s.sroa.2.0.p1.sroa_idx.i, align 8, !noalias !1
  %a42.s.sroa.3.0.p1.sroa_idx.i = getelementptr inbounds i8, ptr addrspace(1) %v113, i64 16
  %a42.s.sroa.3.0.copyload.i = load double, ptr addrspace(1) %a42.s.sroa.3.0.p1.sroa_idx.i, align 8, !noalias !1
  %a43.s.sroa.0.0.copyload.i = load double, ptr addrspace(1) %v108, align 8, !noalias !1
  %a43.s.sroa.2.0.p2.sroa_idx.i = getelementptr inbounds i8, ptr addrspace(1) %v108, i64 8
  %a43.s.sroa.2.0.copyload.i = load double, ptr addrspace(1) %a43.s.sroa.2.0.p2.sroa_idx.i, align 8, !noalias !1
  %a43.s.sroa.3.0.p2.sroa_idx.i = getelementptr inbounds i8, ptr addrspace(1) %v108, i64 16
  %a43.s.sroa.3.0.copyload.i = load double, ptr addrspace(1) %a43.s.sroa.3.0.p2.sroa_idx.i, align 8, !noalias !1
  %v49.i = fmul double %a42.s.sroa.0.0.copyload.i, 5.000000e-01
  %v52.i = fadd double %v49.i, %a43.s.sroa.0.0.copyload.i
  %v57.i = fmul double %a42.s.sroa.2.0.copyload.i, 5.000000e-01
  %v60.i = fadd double %v57.i, %a43.s.sroa.2.0.copyload.i
  %v65.i = fmul double %a42.s.sroa.3.0.copyload.i, 5.000000e-01
  %v68.i = fadd double %v65.i, %a43.s.sroa.3.0.copyload.i
  store double %v52.i, ptr addrspace(1) %v108, align 8
  store double %v60.i, ptr addrspace(1) %a43.s.sroa.2.0.p2.sroa_idx.i, align 8
  store double %v68.i, ptr addrspace(1) %a43.s.sroa.3.0.p2.sroa_idx.i, align 8
  %v122 = getelementptr inbounds { double, double }, ptr addrspace(1) %arg4.global, i64 %v107
  %v127.unpack = load double, ptr addrspace(1) %v122, align 8
  %v127.elt10 = getelementptr inbounds i8, ptr addrspace(1) %v122, i64 8
  %v127.unpack11 = load double, ptr addrspace(1) %v127.elt10, align 8
  %v50.i = fmul double %v127.unpack, %v127.unpack
  %v51.i = fmul double %v127.unpack11, %v127.unpack11
  %v52.i15 = fmul double %v127.unpack, %v127.unpack11
  %v54.i = fsub double %v50.i, %v51.i
  %v55.i = fadd double %v52.i15, %v52.i15
  %v63.i = fmul double %v127.unpack, %v54.i
  %v64.i = fmul double %v127.unpack11, %v55.i
  %v65.i16 = fmul double %v127.unpack11, %v54.i
  %v66.i = fmul double %v127.unpack, %v55.i
  %v67.i = fsub double %v63.i, %v64.i
  %v68.i17 = fadd double %v65.i16, %v66.i
  store double %v67.i, ptr addrspace(1) %v122, align 8
  store double %v68.i17, ptr addrspace(1) %v127.elt10, align 8
  %v132 = add i64 %a94.s.021, %v17
  %v101 = icmp ult i64 %v132, %v92
  br i1 %v101, label %b97.spread.body, label %b99.spread.done

b99.spread.done:                                  ; preds = %b97.spread.body, %entry
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.y() #0

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #3

attributes #0 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nofree norecurse nounwind "amdgpu-flat-work-group-size"="1,1024" "amdgpu-no-agpr" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-z" "uniform-work-group-size"="false" }
attributes #2 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!0 = !{}
!1 = !{!2}
!2 = distinct !{!2, !3, !"__accc_fn_9defb4e9_axpy: %ret"}
!3 = distinct !{!3, !"__accc_fn_9defb4e9_axpy"}
