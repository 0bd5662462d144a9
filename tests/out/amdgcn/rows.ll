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
  %v81 = icmp ult i32 %v21, %v8
  %narrow = select i1 %v81, i32 1, i32 %v26
  %v82 = zext i32 %narrow to i64
  %.frozen = freeze i32 %0
  %narrow.frozen = freeze i32 %narrow
  %v837 = udiv i32 %.frozen, %narrow.frozen
  %v83.zext = zext nneg i32 %v837 to i64
  %1 = mul i32 %v837, %narrow.frozen
  %v848.decomposed = sub i32 %.frozen, %1
  %v84.zext = zext nneg i32 %v848.decomposed to i64
  %v85 = mul nuw nsw i64 %v83.zext, %v29
  %v86 = mul nuw nsw i64 %v84.zext, %v29
  %v87 = udiv i64 %v86, %v82
  %v88 = add nuw i64 %v85, %v87
  %v89 = add nuw nsw i64 %v29, 1
  %v90 = mul nuw nsw i64 %v89, %v83.zext
  %v91 = mul nuw nsw i64 %v89, %v84.zext
  %v92 = udiv i64 %v91, %v82
  %v93 = add nuw i64 %v92, %v90
  %v97 = icmp ult i64 %v88, %v93
  br i1 %v97, label %b95.acc.loop, label %b96.acc.done

b95.acc.loop:                                     ; preds = %entry
  %v98 = sub i64 %v93, %v88
  %v101 = trunc nsw i64 %v88 to i32
  %2 = tail call i32 @llvm.smax.i32(i32 %arg2, i32 0)
  %v125 = zext nneg i32 %2 to i64
  %v1379 = icmp ult i64 %v16, %v125
  %3 = trunc i64 %v16 to i32
  %v155 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %3
  %v16312.not = icmp eq i64 %v17, 0
  %v178 = icmp eq i64 %v16, 0
  %xtraiter = and i64 %v17, 7
  %4 = icmp ult i64 %v17, 8
  %unroll_iter = and i64 %v17, 4294967288
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  br label %b105.for.body

b96.acc.done:                                     ; preds = %b180.leader.stored, %entry
  ret void

b105.for.body:                                    ; preds = %b95.acc.loop, %b180.leader.stored
  %a103.s.018 = phi i64 [ 0, %b95.acc.loop ], [ %v184, %b180.leader.stored ]
  %a102.s.017 = phi i32 [ %v101, %b95.acc.loop ], [ %v182, %b180.leader.stored ]
  br i1 %v1379, label %b133.spread.body.lr.ph, label %b135.spread.done

b133.spread.body.lr.ph:                           ; preds = %b105.for.body
  %v145 = mul nsw i32 %a102.s.017, %arg2
  br label %b133.spread.body

b133.spread.body:                                 ; preds = %b133.spread.body.lr.ph, %b133.spread.body
  %a130.s.011 = phi i64 [ %v16, %b133.spread.body.lr.ph ], [ %v153, %b133.spread.body ]
  %a128.s.010 = phi float [ 0.000000e+00, %b133.spread.body.lr.ph ], [ %v151, %b133.spread.body ]
  %v140 = trunc nsw i64 %a130.s.011 to i32
  %v147 = add nsw i32 %v145, %v140
  %v148 = sext i32 %v147 to i64
  %v149 = getelementptr inbounds float, ptr addrspace(1) %arg4.global, i64 %v148
  %v150 = load float, ptr addrspace(1) %v149, align 4, !tbaa !1
  %v151 = fadd reassoc float %a128.s.010, %v150
  %v153 = add i64 %a130.s.011, %v17
  %v137 = icmp ult i64 %v153, %v125
  br i1 %v137, label %b133.spread.body, label %b135.spread.done

b135.spread.done:                                 ; preds = %b133.spread.body, %b105.for.body
  %a128.s.0.lcssa = phi float [ 0.000000e+00, %b105.for.body ], [ %v151, %b133.spread.body ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  store float %a128.s.0.lcssa, ptr addrspace(3) %v155, align 16
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %v16312.not, label %b161.for.exit, label %b159.for.body.preheader

b159.for.body.preheader:                          ; preds = %b135.spread.done
  br i1 %4, label %b161.for.exit.loopexit.unr-lcssa, label %b159.for.body

b159.for.body:                                    ; preds = %b159.for.body.preheader, %b159.for.body
  %a157.s.014 = phi i64 [ %v169.7, %b159.for.body ], [ 0, %b159.for.body.preheader ]
  %a128.s.113 = phi float [ %v167.7, %b159.for.body ], [ 0.000000e+00, %b159.for.body.preheader ]
  %niter = phi i64 [ %niter.next.7, %b159.for.body ], [ 0, %b159.for.body.preheader ]
  %5 = trunc i64 %a157.s.014 to i32
  %v164 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %5
  %v165 = load float, ptr addrspace(3) %v164, align 16, !tbaa !1
  %v167 = fadd float %a128.s.113, %v165
  %6 = trunc i64 %a157.s.014 to i32
  %7 = or disjoint i32 %6, 1
  %v164.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %7
  %v165.1 = load float, ptr addrspace(3) %v164.1, align 16, !tbaa !1
  %v167.1 = fadd float %v167, %v165.1
  %8 = trunc i64 %a157.s.014 to i32
  %9 = or disjoint i32 %8, 2
  %v164.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %9
  %v165.2 = load float, ptr addrspace(3) %v164.2, align 16, !tbaa !1
  %v167.2 = fadd float %v167.1, %v165.2
  %10 = trunc i64 %a157.s.014 to i32
  %11 = or disjoint i32 %10, 3
  %v164.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %11
  %v165.3 = load float, ptr addrspace(3) %v164.3, align 16, !tbaa !1
  %v167.3 = fadd float %v167.2, %v165.3
  %12 = trunc i64 %a157.s.014 to i32
  %13 = or disjoint i32 %12, 4
  %v164.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %13
  %v165.4 = load float, ptr addrspace(3) %v164.4, align 16, !tbaa !1
  %v167.4 = fadd float %v167.3, %v165.4
  %14 = trunc i64 %a157.s.014 to i32
  %15 = or disjoint i32 %14, 5
  %v164.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %15
  %v165.5 = load float, ptr addrspace(3) %v164.5, align 16, !tbaa !1
  %v167.5 = fadd float %v167.4, %v165.5
  %16 = trunc i64 %a157.s.014 to i32
  %17 = or disjoint i32 %16, 6
  %v164.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %17
  %v165.6 = load float, ptr addrspace(3) %v164.6, align 16, !tbaa !1
  %v167.6 = fadd float %v167.5, %v165.6
  %18 = trunc i64 %a157.s.014 to i32
  %19 = or disjoint i32 %18, 7
  %v164.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %19
  %v165.7 = load float, ptr addrspace(3) %v164.7, align 16, !tbaa !1
  %v167.7 = fadd float %v167.6, %v165.7
  %v169.7 = add nuw nsw i64 %a157.s.014, 8
  %niter.next.7 = add i64 %niter, 8
  %niter.ncmp.7 = icmp eq i64 %niter.next.7, %unroll_iter
  br i1 %niter.ncmp.7, label %b161.for.exit.loopexit.unr-lcssa, label %b159.for.body

b161.for.exit.loopexit.unr-lcssa:                 ; preds = %b159.for.body, %b159.for.body.preheader
  %v167.lcssa.ph = phi float [ poison, %b159.for.body.preheader ], [ %v167.7, %b159.for.body ]
  %a157.s.014.unr = phi i64 [ 0, %b159.for.body.preheader ], [ %v169.7, %b159.for.body ]
  %a128.s.113.unr = phi float [ 0.000000e+00, %b159.for.body.preheader ], [ %v167.7, %b159.for.body ]
  br i1 %lcmp.mod.not, label %b161.for.exit, label %b159.for.body.epil

b159.for.body.epil:                               ; preds = %b161.for.exit.loopexit.unr-lcssa, %b159.for.body.epil
  %a157.s.014.epil = phi i64 [ %v169.epil, %b159.for.body.epil ], [ %a157.s.014.unr, %b161.for.exit.loopexit.unr-lcssa ]
  %a128.s.113.epil = phi float [ %v167.epil, %b159.for.body.epil ], [ %a128.s.113.unr, %b161.for.exit.loopexit.unr-lcssa ]
  %epil.iter = phi i64 [ %epil.iter.next, %b159.for.body.epil ], [ 0, %b161.for.exit.loopexit.unr-lcssa ]
  %20 = trunc i64 %a157.s.014.epil to i32
  %v164.epil = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %20
  %v165.epil = load float, ptr addrspace(3) %v164.epil, align 16, !tbaa !1
  %v167.epil = fadd float %a128.s.113.epil, %v165.epil
  %v169.epil = add nuw nsw i64 %a157.s.014.epil, 1
  %epil.iter.next = add i64 %epil.iter, 1
  %epil.iter.cmp.not = icmp eq i64 %epil.iter.next, %xtraiter
  br i1 %epil.iter.cmp.not, label %b161.for.exit, label %b159.for.body.epil, !llvm.loop !5

b161.for.exit:                                    ; preds = %b161.for.exit.loopexit.unr-lcssa, %b159.for.body.epil, %b135.spread.done
  %a128.s.1.lcssa = phi float [ 0.000000e+00, %b135.spread.done ], [ %v167.lcssa.ph, %b161.for.exit.loopexit.unr-lcssa ], [ %v167.epil, %b159.for.body.epil ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %v178, label %b179.leader.store, label %b180.leader.stored

b179.leader.store:                                ; preds = %b161.for.exit
  %v172 = fadd float %a128.s.1.lcssa, 0.000000e+00
  %v175 = sext i32 %a102.s.017 to i64
  %v176 = getelementptr inbounds float, ptr addrspace(1) %arg5.global, i64 %v175
  store float %v172, ptr addrspace(1) %v176, align 4, !tbaa !1
  br label %b180.leader.stored

b180.leader.stored:                               ; preds = %b179.leader.store, %b161.for.exit
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v182 = add nsw i32 %a102.s.017, 1
  %v184 = add nuw i64 %a103.s.018, 1
  %v109 = icmp ult i64 %v184, %v98
  br i1 %v109, label %b105.for.body, label %b96.acc.done
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
