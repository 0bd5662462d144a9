; ModuleID = 'accc_device'
source_filename = "accc_device"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__accc_reduce_buffer = internal unnamed_addr addrspace(3) global [2048 x i64] undef, align 16

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @__accc_dot_4_parallel_da7b09e2(i64 noundef %arg0, i32 %arg1, ptr nocapture noundef %arg2, ptr nocapture readonly %arg3, ptr nocapture readonly %arg4) local_unnamed_addr #0 {
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
  %v16 = add nuw nsw i64 %v15, %v2
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
  %v814 = udiv i32 %.frozen, %narrow.frozen
  %v81.zext = zext nneg i32 %v814 to i64
  %1 = mul i32 %v814, %narrow.frozen
  %v825.decomposed = sub i32 %.frozen, %1
  %v82.zext = zext nneg i32 %v825.decomposed to i64
  %v83 = mul nuw nsw i64 %v81.zext, %v29
  %v84 = mul nuw nsw i64 %v82.zext, %v29
  %v85 = udiv i64 %v84, %v80
  %v87 = add nuw nsw i64 %v29, 1
  %v88 = mul nuw nsw i64 %v87, %v81.zext
  %v89 = mul nuw nsw i64 %v87, %v82.zext
  %v90 = udiv i64 %v89, %v80
  %v91 = add nuw i64 %v90, %v88
  %v86 = add nuw i64 %v85, %v16
  %v95 = add i64 %v86, %v83
  %v1016 = icmp ult i64 %v95, %v91
  br i1 %v1016, label %b97.spread.body, label %b99.spread.done

b97.spread.body:                                  ; preds = %entry, %b97.spread.body
  %a94.s.08 = phi i64 [ %v119, %b97.spread.body ], [ %v95, %entry ]
  %a92.s.07 = phi double [ %v117, %b97.spread.body ], [ 0.000000e+00, %entry ]
  %sext = shl i64 %a94.s.08, 32
  %v108 = ashr exact i64 %sext, 32
  %v109 = getelementptr inbounds double, ptr addrspace(1) %arg3.global, i64 %v108
  %v110 = load double, ptr addrspace(1) %v109, align 8, !tbaa !1, !amdgpu.noclobber !0
  %v114 = getelementptr inbounds double, ptr addrspace(1) %arg4.global, i64 %v108
  %v115 = load double, ptr addrspace(1) %v114, align 8, !tbaa !1, !amdgpu.noclobber !0
  %v116 = fmul double %v110, %v115
  %v117 = fadd reassoc double %a92.s.07, %v116
  %v119 = add i64 %a94.s.08, %v17
  %v101 = icmp ult i64 %v119, %v91
  br i1 %v101, label %b97.spread.body, label %b99.spread.done

b99.spread.done:                                  ; preds = %b97.spread.body, %entry
  %a92.s.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %v117, %b97.spread.body ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %2 = trunc i64 %v16 to i32
  %v121 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %2
  store double %a92.s.0.lcssa, ptr addrspace(3) %v121, align 16
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v1299.not = icmp eq i64 %v17, 0
  br i1 %v1299.not, label %b127.for.exit, label %b125.for.body.preheader

b125.for.body.preheader:                          ; preds = %b99.spread.done
  %xtraiter = and i64 %v17, 7
  %3 = icmp ult i64 %v17, 8
  br i1 %3, label %b127.for.exit.loopexit.unr-lcssa, label %b125.for.body.preheader.new

b125.for.body.preheader.new:                      ; preds = %b125.for.body.preheader
  %unroll_iter = and i64 %v17, 4294967288
  br label %b125.for.body

b125.for.body:                                    ; preds = %b125.for.body, %b125.for.body.preheader.new
  %a123.s.011 = phi i64 [ 0, %b125.for.body.preheader.new ], [ %v135.7, %b125.for.body ]
  %a92.s.110 = phi double [ 0.000000e+00, %b125.for.body.preheader.new ], [ %v133.7, %b125.for.body ]
  %niter = phi i64 [ 0, %b125.for.body.preheader.new ], [ %niter.next.7, %b125.for.body ]
  %4 = trunc i64 %a123.s.011 to i32
  %v130 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %4
  %v131 = load double, ptr addrspace(3) %v130, align 16, !tbaa !1
  %v133 = fadd double %a92.s.110, %v131
  %5 = trunc i64 %a123.s.011 to i32
  %6 = or disjoint i32 %5, 1
  %v130.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %6
  %v131.1 = load double, ptr addrspace(3) %v130.1, align 16, !tbaa !1
  %v133.1 = fadd double %v133, %v131.1
  %7 = trunc i64 %a123.s.011 to i32
  %8 = or disjoint i32 %7, 2
  %v130.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %8
  %v131.2 = load double, ptr addrspace(3) %v130.2, align 16, !tbaa !1
  %v133.2 = fadd double %v133.1, %v131.2
  %9 = trunc i64 %a123.s.011 to i32
  %10 = or disjoint i32 %9, 3
  %v130.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %10
  %v131.3 = load double, ptr addrspace(3) %v130.3, align 16, !tbaa !1
  %v133.3 = fadd double %v133.2, %v131.3
  %11 = trunc i64 %a123.s.011 to i32
  %12 = or disjoint i32 %11, 4
  %v130.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %12
  %v131.4 = load double, ptr addrspace(3) %v130.4, align 16, !tbaa !1
  %v133.4 = fadd double %v133.3, %v131.4
  %13 = trunc i64 %a123.s.011 to i32
  %14 = or disjoint i32 %13, 5
  %v130.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %14
  %v131.5 = load double, ptr addrspace(3) %v130.5, align 16, !tbaa !1
  %v133.5 = fadd double %v133.4, %v131.5
  %15 = trunc i64 %a123.s.011 to i32
  %16 = or disjoint i32 %15, 6
  %v130.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %16
  %v131.6 = load double, ptr addrspace(3) %v130.6, align 16, !tbaa !1
  %v133.6 = fadd double %v133.5, %v131.6
  %17 = trunc i64 %a123.s.011 to i32
  %18 = or disjoint i32 %17, 7
  %v130.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %18
  %v131.7 = load double, ptr addrspace(3) %v130.7, align 16, !tbaa !1
  %v133.7 = fadd double %v133.6, %v131.7
  %v135.7 = add nuw nsw i64 %a123.s.011, 8
  %niter.next.7 = add i64 %niter, 8
  %niter.ncmp.7 = icmp eq i64 %niter.next.7, %unroll_iter
  br i1 %niter.ncmp.7, label %b127.for.exit.loopexit.unr-lcssa, label %b125.for.body

b127.for.exit.loopexit.unr-lcssa:                 ; preds = %b125.for.body, %b125.for.body.preheader
  %v133.lcssa.ph = phi double [ poison, %b125.for.body.preheader ], [ %v133.7, %b125.for.body ]
  %a123.s.011.unr = phi i64 [ 0, %b125.for.body.preheader ], [ %v135.7, %b125.for.body ]
  %a92.s.110.unr = phi double [ 0.000000e+00, %b125.for.body.preheader ], [ %v133.7, %b125.for.body ]
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  br i1 %lcmp.mod.not, label %b127.for.exit, label %b125.for.body.epil

b125.for.body.epil:                               ; preds = %b127.for.exit.loopexit.unr-lcssa, %b125.for.body.epil
  %a123.s.011.epil = phi i64 [ %v135.epil, %b125.for.body.epil ], [ %a123.s.011.unr, %b127.for.exit.loopexit.unr-lcssa ]
  %a92.s.110.epil = phi double [ %v133.epil, %b125.for.body.epil ], [ %a92.s.110.unr, %b127.for.exit.loopexit.unr-lcssa ]
  %epil.iter = phi i64 [ %epil.iter.next, %b125.for.body.epil ], [ 0, %b127.for.exit.loopexit.unr-lcssa ]
  %19 = trunc i64 %a123.s.011.epil to i32
  %v130.epil = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %19
  %v131.epil = load double, ptr addrspace(3) %v130.epil, align 16, !tbaa !1
  %v133.epil = fadd double %a92.s.110.epil, %v131.epil
  %v135.epil = add nuw nsw i64 %a123.s.011.epil, 1
  %epil.iter.next = add i64 %epil.iter, 1
  %epil.iter.cmp.not = icmp eq i64 %epil.iter.next, %xtraiter
  br i1 %epil.iter.cmp.not, label %b127.for.exit, label %b125.for.body.epil, !llvm.loop !5

b127.for.exit:                                    ; preds = %b127.for.exit.loopexit.unr-lcssa, %b125.for.body.epil, %b99.spread.done
  %a92.s.1.lcssa = phi double [ 0.000000e+00, %b99.spread.done ], [ %v133.lcssa.ph, %b127.for.exit.loopexit.unr-lcssa ], [ %v133.epil, %b125.for.body.epil ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v136 = icmp eq i64 %v16, 0
  br i1 %v136, label %b137.leader, label %b138.leader.join

b137.leader:                                      ; preds = %b127.for.exit
  %v140 = atomicrmw fadd ptr addrspace(1) %arg2.global, double %a92.s.1.lcssa monotonic, align 8
  br label %b138.leader.join

b138.leader.join:                                 ; preds = %b137.leader, %b127.for.exit
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
!2 = !{!"double", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.unroll.disable"}
