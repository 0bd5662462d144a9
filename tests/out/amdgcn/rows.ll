; ModuleID = 'accc_device'
source_filename = "accc_device"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__accc_reduce_buffer = internal unnamed_addr addrspace(3) global [2048 x i64] undef, align 16

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @__accc_rows_3_parallel_c37488a8(i64 noundef %arg0, i32 %arg1, i32 %arg2, ptr nocapture readnone %arg3, ptr nocapture readonly %arg4, ptr nocapture writeonly %arg5) local_unnamed_addr #0 {
entry:
  %arg5.global = addrspacecast ptr %arg5 to ptr addrspace(1)
  %arg4.global = addrspacecast ptr %arg4 to ptr addrspace(1)
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
  %v16 = add nuw nsw i64 %v15, %v2
  %v17 = mul nuw nsw i64 %v14, %v9
  %v20 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 12
  %v21 = load i32, ptr addrspace(4) %v20, align 4, !invariant.load !0
  %v26 = udiv i32 %v21, %v8
  %v28 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %v29 = zext i32 %v28 to i64
  %0 = tail call i32 @llvm.smax.i32(i32 %arg1, i32 0)
  %v53 = icmp ult i32 %v21, %v8
  %narrow = select i1 %v53, i32 1, i32 %v26
  %v54 = zext i32 %narrow to i64
  %.frozen = freeze i32 %0
  %narrow.frozen = freeze i32 %narrow
  %v567 = udiv i32 %.frozen, %narrow.frozen
  %v56.zext = zext nneg i32 %v567 to i64
  %1 = mul i32 %v567, %narrow.frozen
  %v578.decomposed = sub i32 %.frozen, %1
  %v57.zext = zext nneg i32 %v578.decomposed to i64
  %v58 = mul nuw nsw i64 %v56.zext, %v29
  %v59 = mul nuw nsw i64 %v57.zext, %v29
  %v60 = udiv i64 %v59, %v54
  %v61 = add nuw i64 %v58, %v60
  %v62 = add nuw nsw i64 %v29, 1
  %v63 = mul nuw nsw i64 %v62, %v56.zext
  %v64 = mul nuw nsw i64 %v62, %v57.zext
  %v65 = udiv i64 %v64, %v54
  %v66 = add nuw i64 %v65, %v63
  %v70 = icmp ult i64 %v61, %v66
  br i1 %v70, label %b68.acc.loop, label %b69.acc.done

b68.acc.loop:                                     ; preds = %entry
  %v71 = sub i64 %v66, %v61
  %v74 = trunc nsw i64 %v61 to i32
  %2 = tail call i32 @llvm.smax.i32(i32 %arg2, i32 0)
  %v98 = zext nneg i32 %2 to i64
  %v1109 = icmp ult i64 %v16, %v98
  %3 = trunc i64 %v16 to i32
  %v128 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %3
  %v13612.not = icmp eq i64 %v17, 0
  %v151 = icmp eq i64 %v16, 0
  %xtraiter = and i64 %v17, 7
  %4 = icmp ult i64 %v17, 8
  %unroll_iter = and i64 %v17, 4294967288
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  br label %b78.for.body

b69.acc.done:                                     ; preds = %b153.leader.stored, %entry
  ret void

b78.for.body:                                     ; preds = %b68.acc.loop, %b153.leader.stored
  %a76.s.018 = phi i64 [ 0, %b68.acc.loop ], [ %v157, %b153.leader.stored ]
  %a75.s.017 = phi i32 [ %v74, %b68.acc.loop ], [ %v155, %b153.leader.stored ]
  br i1 %v1109, label %b106.spread.body.lr.ph, label %b108.spread.done

b106.spread.body.lr.ph:                           ; preds = %b78.for.body
  %v118 = mul nsw i32 %a75.s.017, %arg2
  br label %b106.spread.body

b106.spread.body:                                 ; preds = %b106.spread.body.lr.ph, %b106.spread.body
  %a103.s.011 = phi i64 [ %v16, %b106.spread.body.lr.ph ], [ %v126, %b106.spread.body ]
  %a101.s.010 = phi float [ 0.000000e+00, %b106.spread.body.lr.ph ], [ %v124, %b106.spread.body ]
  %v113 = trunc nsw i64 %a103.s.011 to i32
  %v120 = add nsw i32 %v118, %v113
  %v121 = sext i32 %v120 to i64
  %v122 = getelementptr inbounds float, ptr addrspace(1) %arg4.global, i64 %v121
  %v123 = load float, ptr addrspace(1) %v122, align 4, !tbaa !1
  %v124 = fadd reassoc float %a101.s.010, %v123
  %v126 = add i64 %a103.s.011, %v17
  %v110 = icmp ult i64 %v126, %v98
  br i1 %v110, label %b106.spread.body, label %b108.spread.done

b108.spread.done:                                 ; preds = %b106.spread.body, %b78.for.body
  %a101.s.0.lcssa = phi float [ 0.000000e+00, %b78.for.body ], [ %v124, %b106.spread.body ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  store float %a101.s.0.lcssa, ptr addrspace(3) %v128, align 16
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %v13612.not, label %b134.for.exit, label %b132.for.body.preheader

b132.for.body.preheader:                          ; preds = %b108.spread.done
  br i1 %4, label %b134.for.exit.loopexit.unr-lcssa, label %b132.for.body

b132.for.body:                                    ; preds = %b132.for.body.preheader, %b132.for.body
  %a130.s.014 = phi i64 [ %v142.7, %b132.for.body ], [ 0, %b132.for.body.preheader ]
  %a101.s.113 = phi float [ %v140.7, %b132.for.body ], [ 0.000000e+00, %b132.for.body.preheader ]
  %niter = phi i64 [ %niter.next.7, %b132.for.body ], [ 0, %b132.for.body.preheader ]
  %5 = trunc i64 %a130.s.014 to i32
  %v137 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %5
  %v138 = load float, ptr addrspace(3) %v137, align 16, !tbaa !1
  %v140 = fadd float %a101.s.113, %v138
  %6 = trunc i64 %a130.s.014 to i32
  %7 = or disjoint i32 %6, 1
  %v137.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %7
  %v138.1 = load float, ptr addrspace(3) %v137.1, align 16, !tbaa !1
  %v140.1 = fadd float %v140, %v138.1
  %8 = trunc i64 %a130.s.014 to i32
  %9 = or disjoint i32 %8, 2
  %v137.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %9
  %v138.2 = load float, ptr addrspace(3) %v137.2, align 16, !tbaa !1
  %v140.2 = fadd float %v140.1, %v138.2
  %10 = trunc i64 %a130.s.014 to i32
  %11 = or disjoint i32 %10, 3
  %v137.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %11
  %v138.3 = load float, ptr addrspace(3) %v137.3, align 16, !tbaa !1
  %v140.3 = fadd float %v140.2, %v138.3
  %12 = trunc i64 %a130.s.014 to i32
  %13 = or disjoint i32 %12, 4
  %v137.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %13
  %v138.4 = load float, ptr addrspace(3) %v137.4, align 16, !tbaa !1
  %v140.4 = fadd float %v140.3, %v138.4
  %14 = trunc i64 %a130.s.014 to i32
  %15 = or disjoint i32 %14, 5
  %v137.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %15
  %v138.5 = load float, ptr addrspace(3) %v137.5, align 16, !tbaa !1
  %v140.5 = fadd float %v140.4, %v138.5
  %16 = trunc i64 %a130.s.014 to i32
  %17 = or disjoint i32 %16, 6
  %v137.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %17
  %v138.6 = load float, ptr addrspace(3) %v137.6, align 16, !tbaa !1
  %v140.6 = fadd float %v140.5, %v138.6
  %18 = trunc i64 %a130.s.014 to i32
  %19 = or disjoint i32 %18, 7
  %v137.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %19
  %v138.7 = load float, ptr addrspace(3) %v137.7, align 16, !tbaa !1
  %v140.7 = fadd float %v140.6, %v138.7
  %v142.7 = add nuw nsw i64 %a130.s.014, 8
  %niter.next.7 = add i64 %niter, 8
  %niter.ncmp.7 = icmp eq i64 %niter.next.7, %unroll_iter
  br i1 %niter.ncmp.7, label %b134.for.exit.loopexit.unr-lcssa, label %b132.for.body

b134.for.exit.loopexit.unr-lcssa:                 ; preds = %b132.for.body, %b132.for.body.preheader
  %v140.lcssa.ph = phi float [ poison, %b132.for.body.preheader ], [ %v140.7, %b132.for.body ]
  %a130.s.014.unr = phi i64 [ 0, %b132.for.body.preheader ], [ %v142.7, %b132.for.body ]
  %a101.s.113.unr = phi float [ 0.000000e+00, %b132.for.body.preheader ], [ %v140.7, %b132.for.body ]
  br i1 %lcmp.mod.not, label %b134.for.exit, label %b132.for.body.epil

b132.for.body.epil:                               ; preds = %b134.for.exit.loopexit.unr-lcssa, %b132.for.body.epil
  %a130.s.014.epil = phi i64 [ %v142.epil, %b132.for.body.epil ], [ %a130.s.014.unr, %b134.for.exit.loopexit.unr-lcssa ]
  %a101.s.113.epil = phi float [ %v140.epil, %b132.for.body.epil ], [ %a101.s.113.unr, %b134.for.exit.loopexit.unr-lcssa ]
  %epil.iter = phi i64 [ %epil.iter.next, %b132.for.body.epil ], [ 0, %b134.for.exit.loopexit.unr-lcssa ]
  %20 = trunc i64 %a130.s.014.epil to i32
  %v137.epil = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %20
  %v138.epil = load float, ptr addrspace(3) %v137.epil, align 16, !tbaa !1
  %v140.epil = fadd float %a101.s.113.epil, %v138.epil
  %v142.epil = add nuw nsw i64 %a130.s.014.epil, 1
  %epil.iter.next = add i64 %epil.iter, 1
  %epil.iter.cmp.not = icmp eq i64 %epil.iter.next, %xtraiter
  br i1 %epil.iter.cmp.not, label %b134.for.exit, label %b132.for.body.epil, !llvm.loop !5

b134.for.exit:                                    ; preds = %b134.for.exit.loopexit.unr-lcssa, %b132.for.body.epil, %b108.spread.done
  %a101.s.1.lcssa = phi float [ 0.000000e+00, %b108.spread.done ], [ %v140.lcssa.ph, %b134.for.exit.loopexit.unr-lcssa ], [ %v140.epil, %b132.for.body.epil ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %v151, label %b152.leader.store, label %b153.leader.stored

b152.leader.store:                                ; preds = %b134.for.exit
  %v145 = fadd float %a101.s.1.lcssa, 0.000000e+00
  %v148 = sext i32 %a75.s.017 to i64
  %v149 = getelementptr inbounds float, ptr addrspace(1) %arg5.global, i64 %v148
  store float %v145, ptr addrspace(1) %v149, align 4, !tbaa !1
  br label %b153.leader.stored

b153.leader.stored:                               ; preds = %b152.leader.store, %b134.for.exit
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v155 = add nsw i32 %a75.s.017, 1
  %v157 = add nuw i64 %a76.s.018, 1
  %v82 = icmp ult i64 %v157, %v71
  br i1 %v82, label %b78.for.body, label %b69.acc.done
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
!2 = !{!"float", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.unroll.disable"}
