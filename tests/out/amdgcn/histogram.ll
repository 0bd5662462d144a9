; ModuleID = 'accc_device'
source_filename = "accc_device"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__accc_reduce_buffer = internal unnamed_addr addrspace(3) global [2048 x i64] undef, align 16

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @__accc_histogram_8_parallel_e0b3eeb3(i64 noundef %arg0, i32 %arg1, ptr nocapture noundef %arg2, ptr nocapture readonly %arg3) local_unnamed_addr #0 {
entry:
  %arg3.global = addrspacecast ptr %arg3 to ptr addrspace(1)
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
  %v15 = mul nuw nsw i64 %v9, %v4
  %v16 = add nuw nsw i64 %v15, %v2
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
  %v8013 = udiv i32 %.frozen, %narrow.frozen
  %1 = mul i32 %v8013, %narrow.frozen
  %v8114.decomposed = sub i32 %.frozen, %1
  %v81.zext = zext nneg i32 %v8114.decomposed to i64
  %v83 = mul nuw nsw i64 %v81.zext, %v29
  %v86 = add nuw nsw i64 %v29, 1
  %v88 = mul nuw nsw i64 %v86, %v81.zext
  %v89 = udiv i64 %v88, %v79
  %arg2.global = addrspacecast ptr %arg2 to ptr addrspace(1)
  %v14 = zext i16 %v12 to i64
  %v17 = mul nuw nsw i64 %v14, %v9
  %v80.zext = zext nneg i32 %v8013 to i64
  %v82 = mul nuw nsw i64 %v80.zext, %v29
  %v84 = udiv i64 %v83, %v79
  %v87 = mul nuw nsw i64 %v86, %v80.zext
  %v90 = add nuw i64 %v89, %v87
  %v85 = add nuw i64 %v84, %v16
  %v104 = add i64 %v85, %v82
  %v11017 = icmp ult i64 %v104, %v90
  br i1 %v11017, label %b106.spread.body, label %b108.spread.done

b106.spread.body:                                 ; preds = %entry, %b106.spread.body
  %a103.s.019 = phi i64 [ %v134, %b106.spread.body ], [ %v104, %entry ]
  %promotealloca1118 = phi <16 x i64> [ %4, %b106.spread.body ], [ zeroinitializer, %entry ]
  %sext = shl i64 %a103.s.019, 32
  %2 = ashr exact i64 %sext, 30
  %v117 = getelementptr inbounds i8, ptr addrspace(1) %arg3.global, i64 %2
  %v118 = load i32, ptr addrspace(1) %v117, align 4, !tbaa !1, !amdgpu.noclobber !0
  %v119 = and i32 %v118, 15
  %v120 = zext nneg i32 %v119 to i64
  %3 = extractelement <16 x i64> %promotealloca1118, i64 %v120
  %v132 = add nsw i64 %3, 1
  %4 = insertelement <16 x i64> %promotealloca1118, i64 %v132, i64 %v120
  %v134 = add i64 %a103.s.019, %v17
  %v110 = icmp ult i64 %v134, %v90
  br i1 %v110, label %b106.spread.body, label %b108.spread.done

b108.spread.done:                                 ; preds = %b106.spread.body, %entry
  %promotealloca11.lcssa = phi <16 x i64> [ zeroinitializer, %entry ], [ %4, %b106.spread.body ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %5 = trunc i64 %v16 to i32
  %v149 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %5
  %v15720.not = icmp eq i64 %v17, 0
  %xtraiter = and i64 %v17, 7
  %6 = icmp ult i64 %v17, 8
  %unroll_iter = and i64 %v17, 4294967288
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  br label %b137.for.body

b137.for.body:                                    ; preds = %b108.spread.done, %b155.for.exit
  %a135.s.025 = phi i64 [ 0, %b108.spread.done ], [ %v165, %b155.for.exit ]
  %promotealloca24 = phi <16 x i64> [ %promotealloca11.lcssa, %b108.spread.done ], [ %promotealloca10.lcssa, %b155.for.exit ]
  %7 = extractelement <16 x i64> %promotealloca24, i64 %a135.s.025
  store i64 %7, ptr addrspace(3) %v149, align 16
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %8 = insertelement <16 x i64> %promotealloca24, i64 0, i64 %a135.s.025
  br i1 %v15720.not, label %b155.for.exit, label %b153.for.body.preheader

b153.for.body.preheader:                          ; preds = %b137.for.body
  br i1 %6, label %b155.for.exit.loopexit.unr-lcssa, label %b153.for.body

b139.for.exit:                                    ; preds = %b155.for.exit
  %v166 = icmp eq i64 %v16, 0
  br i1 %v166, label %b171.for.body.preheader, label %b168.leader.join

b171.for.body.preheader:                          ; preds = %b139.for.exit
  %9 = extractelement <16 x i64> %promotealloca10.lcssa, i64 0
  %v184 = atomicrmw add ptr addrspace(1) %arg2.global, i64 %9 monotonic, align 8
  %v182.1 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 8
  %10 = extractelement <16 x i64> %promotealloca10.lcssa, i64 1
  %v184.1 = atomicrmw add ptr addrspace(1) %v182.1, i64 %10 monotonic, align 8
  %v182.2 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 16
  %11 = extractelement <16 x i64> %promotealloca10.lcssa, i64 2
  %v184.2 = atomicrmw add ptr addrspace(1) %v182.2, i64 %11 monotonic, align 8
  %v182.3 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 24
  %12 = extractelement <16 x i64> %promotealloca10.lcssa, i64 3
  %v184.3 = atomicrmw add ptr addrspace(1) %v182.3, i64 %12 monotonic, align 8
  %v182.4 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 32
  %13 = extractelement <16 x i64> %promotealloca10.lcssa, i64 4
  %v184.4 = atomicrmw add ptr addrspace(1) %v182.4, i64 %13 monotonic, align 8
  %v182.5 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 40
  %14 = extractelement <16 x i64> %promotealloca10.lcssa, i64 5
  %v184.5 = atomicrmw add ptr addrspace(1) %v182.5, i64 %14 monotonic, align 8
  %v182.6 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 48
  %15 = extractelement <16 x i64> %promotealloca10.lcssa, i64 6
  %v184.6 = atomicrmw add ptr addrspace(1) %v182.6, i64 %15 monotonic, align 8
  %v182.7 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 56
  %16 = extractelement <16 x i64> %promotealloca10.lcssa, i64 7
  %v184.7 = atomicrmw add ptr addrspace(1) %v182.7, i64 %16 monotonic, align 8
  %v182.8 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 64
  %17 = extractelement <16 x i64> %promotealloca10.lcssa, i64 8
  %v184.8 = atomicrmw add ptr addrspace(1) %v182.8, i64 %17 monotonic, align 8
  %v182.9 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 72
  %18 = extractelement <16 x i64> %promotealloca10.lcssa, i64 9
  %v184.9 = atomicrmw add ptr addrspace(1) %v182.9, i64 %18 monotonic, align 8
  %v182.10 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 80
  %19 = extractelement <16 x i64> %promotealloca10.lcssa, i64 10
  %v184.10 = atomicrmw add ptr addrspace(1) %v182.10, i64 %19 monotonic, align 8
  %v182.11 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 88
  %20 = extractelement <16 x i64> %promotealloca10.lcssa, i64 11
  %v184.11 = atomicrmw add ptr addrspace(1) %v182.11, i64 %20 monotonic, align 8
  %v182.12 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 96
  %21 = extractelement <16 x i64> %promotealloca10.lcssa, i64 12
  %v184.12 = atomicrmw add ptr addrspace(1) %v182.12, i64 %21 monotonic, align 8
  %v182.13 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 104
  %22 = extractelement <16 x i64> %promotealloca10.lcssa, i64 13
  %v184.13 = atomicrmw add ptr addrspace(1) %v182.13, i64 %22 monotonic, align 8
  %v182.14 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 112
  %23 = extractelement <16 x i64> %promotealloca10.lcssa, i64 14
  %v184.14 = atomicrmw add ptr addrspace(1) %v182.14, i64 %23 monotonic, align 8
  %v182.15 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 120
  %24 = extractelement <16 x i64> %promotealloca10.lcssa, i64 15
  %v184.15 = atomicrmw add ptr addrspace(1) %v182.15, i64 %24 monotonic, align 8
  br label %b168.leader.join

b153.for.body:                                    ; preds = %b153.for.body.preheader, %b153.for.body
  %a151.s.022 = phi i64 [ %v163.7, %b153.for.body ], [ 0, %b153.for.body.preheader ]
  %promotealloca1021 = phi <16 x i64> [ %48, %b153.for.body ], [ %8, %b153.for.body.preheader ]
  %niter = phi i64 [ %niter.next.7, %b153.for.body ], [ 0, %b153.for.body.preheader ]
  %25 = trunc i64 %a151.s.022 to i32
  %v158 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %25
  %v159 = load i64, ptr addrspace(3) %v158, align 16, !tbaa !5
  %26 = extractelement <16 x i64> %promotealloca1021, i64 %a135.s.025
  %v161 = add nsw i64 %v159, %26
  %27 = insertelement <16 x i64> %promotealloca1021, i64 %v161, i64 %a135.s.025
  %28 = trunc i64 %a151.s.022 to i32
  %29 = or disjoint i32 %28, 1
  %v158.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %29
  %v159.1 = load i64, ptr addrspace(3) %v158.1, align 16, !tbaa !5
  %v161.1 = add nsw i64 %v159.1, %v161
  %30 = insertelement <16 x i64> %27, i64 %v161.1, i64 %a135.s.025
  %31 = trunc i64 %a151.s.022 to i32
  %32 = or disjoint i32 %31, 2
  %v158.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %32
  %v159.2 = load i64, ptr addrspace(3) %v158.2, align 16, !tbaa !5
  %v161.2 = add nsw i64 %v159.2, %v161.1
  %33 = insertelement <16 x i64> %30, i64 %v161.2, i64 %a135.s.025
  %34 = trunc i64 %a151.s.022 to i32
  %35 = or disjoint i32 %34, 3
  %v158.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %35
  %v159.3 = load i64, ptr addrspace(3) %v158.3, align 16, !tbaa !5
  %v161.3 = add nsw i64 %v159.3, %v161.2
  %36 = insertelement <16 x i64> %33, i64 %v161.3, i64 %a135.s.025
  %37 = trunc i64 %a151.s.022 to i32
  %38 = or disjoint i32 %37, 4
  %v158.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %38
  %v159.4 = load i64, ptr addrspace(3) %v158.4, align 16, !tbaa !5
  %v161.4 = add nsw i64 %v159.4, %v161.3
  %39 = insertelement <16 x i64> %36, i64 %v161.4, i64 %a135.s.025
  %40 = trunc i64 %a151.s.022 to i32
  %41 = or disjoint i32 %40, 5
  %v158.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %41
  %v159.5 = load i64, ptr addrspace(3) %v158.5, align 16, !tbaa !5
  %v161.5 = add nsw i64 %v159.5, %v161.4
  %42 = insertelement <16 x i64> %39, i64 %v161.5, i64 %a135.s.025
  %43 = trunc i64 %a151.s.022 to i32
  %44 = or disjoint i32 %43, 6
  %v158.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %44
  %v159.6 = load i64, ptr addrspace(3) %v158.6, align 16, !tbaa !5
  %v161.6 = add nsw i64 %v159.6, %v161.5
  %45 = insertelement <16 x i64> %42, i64 %v161.6, i64 %a135.s.025
  %46 = trunc i64 %a151.s.022 to i32
  %47 = or disjoint i32 %46, 7
  %v158.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %47
  %v159.7 = load i64, ptr addrspace(3) %v158.7, align 16, !tbaa !5
  %v161.7 = add nsw i64 %v159.7, %v161.6
  %48 = insertelement <16 x i64> %45, i64 %v161.7, i64 %a135.s.025
  %v163.7 = add nuw nsw i64 %a151.s.022, 8
  %niter.next.7 = add i64 %niter, 8
  %niter.ncmp.7 = icmp eq i64 %niter.next.7, %unroll_iter
  br i1 %niter.ncmp.7, label %b155.for.exit.loopexit.unr-lcssa, label %b153.for.body

b155.for.exit.loopexit.unr-lcssa:                 ; preds = %b153.for.body, %b153.for.body.preheader
  %.lcssa.ph = phi <16 x i64> [ poison, %b153.for.body.preheader ], [ %48, %b153.for.body ]
  %a151.s.022.unr = phi i64 [ 0, %b153.for.body.preheader ], [ %v163.7, %b153.for.body ]
  %promotealloca1021.unr = phi <16 x i64> [ %8, %b153.for.body.preheader ], [ %48, %b153.for.body ]
  br i1 %lcmp.mod.not, label %b155.for.exit, label %b153.for.body.epil

b153.for.body.epil:                               ; preds = %b155.for.exit.loopexit.unr-lcssa, %b153.for.body.epil
  %a151.s.022.epil = phi i64 [ %v163.epil, %b153.for.body.epil ], [ %a151.s.022.unr, %b155.for.exit.loopexit.unr-lcssa ]
  %promotealloca1021.epil = phi <16 x i64> [ %51, %b153.for.body.epil ], [ %promotealloca1021.unr, %b155.for.exit.loopexit.unr-lcssa ]
  %epil.iter = phi i64 [ %epil.iter.next, %b153.for.body.epil ], [ 0, %b155.for.exit.loopexit.unr-lcssa ]
  %49 = trunc i64 %a151.s.022.epil to i32
  %v158.epil = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %49
  %v159.epil = load i64, ptr addrspace(3) %v158.epil, align 16, !tbaa !5
  %50 = extractelement <16 x i64> %promotealloca1021.epil, i64 %a135.s.025
  %v161.epil = add nsw i64 %v159.epil, %50
  %51 = insertelement <16 x i64> %promotealloca1021.epil, i64 %v161.epil, i64 %a135.s.025
  %v163.epil = add nuw nsw i64 %a151.s.022.epil, 1
  %epil.iter.next = add i64 %epil.iter, 1
  %epil.iter.cmp.not = icmp eq i64 %epil.iter.next, %xtraiter
  br i1 %epil.iter.cmp.not, label %b155.for.exit, label %b153.for.body.epil, !llvm.loop !7

b155.for.exit:                                    ; preds = %b155.for.exit.loopexit.unr-lcssa, %b153.for.body.epil, %b137.for.body
  %promotealloca10.lcssa = phi <16 x i64> [ %8, %b137.for.body ], [ %.lcssa.ph, %b155.for.exit.loopexit.unr-lcssa ], [ %51, %b153.for.body.epil ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v165 = add nuw nsw i64 %a135.s.025, 1
  %exitcond29.not = icmp eq i64 %v165, 16
  br i1 %exitcond29.not, label %b139.for.exit, label %b137.for.body

b168.leader.join:                                 ; preds = %b171.for.body.preheader, %b139.for.exit
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
!6 = !{!"long", !3, i64 0}
!7 = distinct !{!7, !8}
!8 = !{!"llvm.loop.unroll.disable"}
