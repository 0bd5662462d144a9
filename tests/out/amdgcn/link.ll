; ModuleID = 'accc_device'
source_filename = "accc_device"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__accc_link_coeff = protected local_unnamed_addr addrspace(1) global ptr null, align 8

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @__accc_apply_11_parallel_df4ceafd(i64 noundef %arg0, i32 %arg1, ptr nocapture %arg2) local_unnamed_addr #1 {
entry:
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
  %v78 = icmp ult i32 %v21, %v8
  %narrow = select i1 %v78, i32 1, i32 %v26
  %v79 = zext i32 %narrow to i64
  %.frozen = freeze i32 %0
  %narrow.frozen = freeze i32 %narrow
  %v805 = udiv i32 %.frozen, %narrow.frozen
  %v80.zext = zext nneg i32 %v805 to i64
  %1 = mul i32 %v805, %narrow.frozen
  %v816.decomposed = sub i32 %.frozen, %1
  %v81.zext = zext nneg i32 %v816.decomposed to i64
  %v82 = mul nuw nsw i64 %v80.zext, %v29
  %v83 = mul nuw nsw i64 %v81.zext, %v29
  %v84 = udiv i64 %v83, %v79
  %v86 = add nuw nsw i64 %v29, 1
  %v87 = mul nuw nsw i64 %v86, %v80.zext
  %v88 = mul nuw nsw i64 %v86, %v81.zext
  %v89 = udiv i64 %v88, %v79
  %v90 = add nuw i64 %v89, %v87
  %v85 = add nuw nsw i64 %v15, %v2
  %v16 = add nuw i64 %v85, %v84
  %v93 = add i64 %v16, %v82
  %v998 = icmp ult i64 %v93, %v90
  br i1 %v998, label %b95.spread.body, label %b97.spread.done

b95.spread.body:                                  ; preds = %entry, %b95.spread.body
  %a92.s.09 = phi i64 [ %v124, %b95.spread.body ], [ %v93, %entry ]
  %v102 = trunc nsw i64 %a92.s.09 to i32
  %sext = shl i64 %a92.s.09, 32
  %2 = ashr exact i64 %sext, 30
  %v107 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 %2
  %v110 = load float, ptr addrspace(1) %v107, align 4, !tbaa !1
  %v42.i = load ptr, ptr addrspace(1) @__accc_link_coeff, align 8
  %v45.i = getelementptr inbounds i8, ptr %v42.i, i64 %2
  %v46.i = load float, ptr %v45.i, align 4, !tbaa !1
  %v47.i = fmul float %v46.i, 2.000000e+00
  %3 = xor i32 %v102, -1
  %v117 = add i32 %3, %arg1
  %v118 = sext i32 %v117 to i64
  %v119 = getelementptr inbounds float, ptr %v42.i, i64 %v118
  %v120 = load float, ptr %v119, align 4, !tbaa !1
  %v121 = fadd float %v47.i, %v120
  %v122 = fadd float %v110, %v121
  store float %v122, ptr addrspace(1) %v107, align 4, !tbaa !1
  %v124 = add i64 %a92.s.09, %v17
  %v99 = icmp ult i64 %v124, %v90
  br i1 %v99, label %b95.spread.body, label %b97.spread.done

b97.spread.done:                                  ; preds = %b95.spread.body, %entry
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
!1 = !{!2, !2, i64 0}
!2 = !{!"float", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
