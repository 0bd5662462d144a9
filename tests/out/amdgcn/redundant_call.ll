; ModuleID = 'accc_device'
source_filename = "accc_device"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite)
define amdgpu_kernel void @__accc_scale_13_parallel_b3a315bb(i64 noundef %arg0, i32 %arg1, ptr nocapture %arg2, i32 %arg3, i32 %arg4) local_unnamed_addr #1 {
entry:
  %arg2.global = addrspacecast ptr %arg2 to ptr addrspace(1)
  %v1 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %v2 = zext i32 %v1 to i64
  %v3 = tail call i32 @llvm.amdgcn.workitem.id.y()
  %v4 = zext i32 %v3 to i64
  %v5 = tail call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %v6 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 4
  %v7 = load i16, ptr addrspace(4) %v6, align 4, !invariant.load !0
  %v9 = zext i16 %v7 to i64
  %v15 = mul nuw nsw i64 %v9, %v4
  %0 = or i64 %v15, %v2
  %v20 = icmp eq i64 %0, 0
  br i1 %v20, label %b19.start, label %b18.exit

b18.exit:                                         ; preds = %__accc_fn_b3a315bb_scale_block.exit, %b19.start, %entry
  ret void

b19.start:                                        ; preds = %entry
  %v8 = zext i16 %v7 to i32
  %v22 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 12
  %v23 = load i32, ptr addrspace(4) %v22, align 4, !invariant.load !0
  %v28 = udiv i32 %v23, %v8
  %v30 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %v31 = zext i32 %v30 to i64
  %1 = tail call i32 @llvm.smax.i32(i32 %arg1, i32 0)
  %v82 = icmp ult i32 %v23, %v8
  %narrow = select i1 %v82, i32 1, i32 %v28
  %v83 = zext i32 %narrow to i64
  %.frozen = freeze i32 %1
  %narrow.frozen = freeze i32 %narrow
  %v845 = udiv i32 %.frozen, %narrow.frozen
  %v84.zext = zext nneg i32 %v845 to i64
  %2 = mul i32 %v845, %narrow.frozen
  %v856.decomposed = sub i32 %.frozen, %2
  %v85.zext = zext nneg i32 %v856.decomposed to i64
  %v86 = mul nuw nsw i64 %v84.zext, %v31
  %v87 = mul nuw nsw i64 %v85.zext, %v31
  %v88 = udiv i64 %v87, %v83
  %v89 = add nuw i64 %v86, %v88
  %v90 = add nuw nsw i64 %v31, 1
  %v91 = mul nuw nsw i64 %v90, %v84.zext
  %v92 = mul nuw nsw i64 %v90, %v85.zext
  %v93 = udiv i64 %v92, %v83
  %v94 = add nuw i64 %v93, %v91
  %v98 = icmp ult i64 %v89, %v94
  br i1 %v98, label %b106.for.body.lr.ph, label %b18.exit

b106.for.body.lr.ph:                              ; preds = %b19.start
  %v99 = sub i64 %v94, %v89
  %v102 = trunc nsw i64 %v89 to i32
  %v115 = mul i32 %arg4, %arg3
  %v794.i = icmp sgt i32 %v115, 0
  %v61.i = zext nneg i32 %v115 to i64
  br label %b106.for.body

b106.for.body:                                    ; preds = %b106.for.body.lr.ph, %__accc_fn_b3a315bb_scale_block.exit
  %a104.s.09 = phi i64 [ 0, %b106.for.body.lr.ph ], [ %v125, %__accc_fn_b3a315bb_scale_block.exit ]
  %a103.s.08 = phi i32 [ %v102, %b106.for.body.lr.ph ], [ %v123, %__accc_fn_b3a315bb_scale_block.exit ]
  %v117 = mul i32 %v115, %a103.s.08
  %v118 = sext i32 %v117 to i64
  %v119 = getelementptr inbounds double, ptr addrspace(1) %arg2.global, i64 %v118
  br i1 %v794.i, label %b75.for.body.i, label %__accc_fn_b3a315bb_scale_block.exit

b75.for.body.i:                                   ; preds = %b106.for.body, %b75.for.body.i
  %a73.s.06.i = phi i64 [ %v95.i, %b75.for.body.i ], [ 0, %b106.for.body ]
  %v84.i = getelementptr inbounds double, ptr addrspace(1) %v119, i64 %a73.s.06.i
  %v89.i = load double, ptr addrspace(1) %v84.i, align 8, !tbaa !1
  %v91.i = fmul double %v89.i, 2.000000e+00
  store double %v91.i, ptr addrspace(1) %v84.i, align 8, !tbaa !1
  %v95.i = add nuw nsw i64 %a73.s.06.i, 1
  %exitcond.not.i = icmp eq i64 %v95.i, %v61.i
  br i1 %exitcond.not.i, label %__accc_fn_b3a315bb_scale_block.exit, label %b75.for.body.i

__accc_fn_b3a315bb_scale_block.exit:              ; preds = %b75.for.body.i, %b106.for.body
  %v123 = add nsw i32 %a103.s.08, 1
  %v125 = add nuw i64 %a104.s.09, 1
  %v110 = icmp ult i64 %v125, %v99
  br i1 %v110, label %b106.for.body, label %b18.exit
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.y() #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #2

attributes #0 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nofree norecurse nosync nounwind memory(argmem: readwrite) "amdgpu-flat-work-group-size"="1,1" "amdgpu-no-agpr" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-z" "uniform-work-group-size"="false" }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!0 = !{}
!1 = !{!2, !2, i64 0}
!2 = !{!"double", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
