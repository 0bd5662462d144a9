; ModuleID = 'accc_device'
source_filename = "accc_device"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @__accc_histogram_8_parallel_45b1b477(i64 noundef %arg0, i32 %arg1, ptr nocapture readonly %arg2, ptr nocapture noundef readonly %arg3, ptr nocapture readonly %arg4, ptr nocapture noundef readonly %arg5, ptr nocapture noundef readonly %arg6) local_unnamed_addr #0 {
entry:
  %arg6.global = addrspacecast ptr %arg6 to ptr addrspace(1)
  %arg5.global = addrspacecast ptr %arg5 to ptr addrspace(1)
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
  %v79 = icmp ult i32 %v21, %v8
  %narrow = select i1 %v79, i32 1, i32 %v26
  %v80 = zext i32 %narrow to i64
  %.frozen = freeze i32 %0
  %narrow.frozen = freeze i32 %narrow
  %v816 = udiv i32 %.frozen, %narrow.frozen
  %v81.zext = zext nneg i32 %v816 to i64
  %1 = mul i32 %v816, %narrow.frozen
  %v827.decomposed = sub i32 %.frozen, %1
  %v82.zext = zext nneg i32 %v827.decomposed to i64
  %v83 = mul nuw nsw i64 %v81.zext, %v29
  %v84 = mul nuw nsw i64 %v82.zext, %v29
  %v85 = udiv i64 %v84, %v80
  %v87 = add nuw nsw i64 %v29, 1
  %v88 = mul nuw nsw i64 %v87, %v81.zext
  %v89 = mul nuw nsw i64 %v87, %v82.zext
  %v90 = udiv i64 %v89, %v80
  %v91 = add nuw i64 %v90, %v88
  %v86 = add nuw nsw i64 %v15, %v2
  %v16 = add nuw i64 %v86, %v85
  %v94 = add i64 %v16, %v83
  %v1008 = icmp ult i64 %v94, %v91
  br i1 %v1008, label %b96.spread.body, label %b98.spread.done

b96.spread.body:                                  ; preds = %entry, %b96.spread.body
  %a93.s.09 = phi i64 [ %v142, %b96.spread.body ], [ %v94, %entry ]
  %sext = shl i64 %a93.s.09, 32
  %v107 = ashr exact i64 %sext, 32
  %v108 = getelementptr inbounds i32, ptr addrspace(1) %arg2.global, i64 %v107
  %v109 = load i32, ptr addrspace(1) %v108, align 4, !tbaa !1
  %v111 = and i32 %v109, 4095
  %v112 = load ptr, ptr addrspace(1) %arg3.global, align 8, !tbaa !5
  %v114 = zext nneg i32 %v111 to i64
  %v115 = getelementptr inbounds double, ptr %v112, i64 %v114
  %v119 = getelementptr inbounds double, ptr addrspace(1) %arg4.global, i64 %v107
  %v120 = load double, ptr addrspace(1) %v119, align 8, !tbaa !7
  %v121 = atomicrmw fadd ptr %v115, double %v120 monotonic, align 8
  %v123 = load ptr, ptr addrspace(1) %arg5.global, align 8, !tbaa !5
  %v126 = getelementptr inbounds i32, ptr %v123, i64 %v114
  %v127 = atomicrmw add ptr %v126, i32 1 monotonic, align 4
  %v129 = load ptr, ptr addrspace(1) %arg6.global, align 8, !tbaa !5
  %v132 = getelementptr inbounds i32, ptr %v129, i64 %v114
  %v137 = load i32, ptr addrspace(1) %v108, align 4, !tbaa !1
  %v138 = atomicrmw max ptr %v132, i32 %v137 monotonic, align 4
  %v142 = add i64 %a93.s.09, %v17
  %v100 = icmp ult i64 %v142, %v91
  br i1 %v100, label %b96.spread.body, label %b98.spread.done

b98.spread.done:                                  ; preds = %b96.spread.body, %entry
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #3

attributes #0 = { nofree norecurse nounwind "amdgpu-flat-work-group-size"="1,1024" "amdgpu-no-agpr" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-z" "uniform-work-group-size"="false" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!0 = !{}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !3, i64 0}
!7 = !{!8, !8, i64 0}
!8 = !{!"double", !3, i64 0}
