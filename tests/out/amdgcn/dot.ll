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
  %v51 = icmp ult i32 %v21, %v8
  %narrow = select i1 %v51, i32 1, i32 %v26
  %v52 = zext i32 %narrow to i64
  %.frozen = freeze i32 %0
  %narrow.frozen = freeze i32 %narrow
  %v544 = udiv i32 %.frozen, %narrow.frozen
  %v54.zext = zext nneg i32 %v544 to i64
  %1 = mul i32 %v544, %narrow.frozen
  %v555.decomposed = sub i32 %.frozen, %1
  %v55.zext = zext nneg i32 %v555.decomposed to i64
  %v56 = mul nuw nsw i64 %v54.zext, %v29
  %v57 = mul nuw nsw i64 %v55.zext, %v29
  %v58 = udiv i64 %v57, %v52
  %v60 = add nuw nsw i64 %v29, 1
  %v61 = mul nuw nsw i64 %v60, %v54.zext
  %v62 = mul nuw nsw i64 %v60, %v55.zext
  %v63 = udiv i64 %v62, %v52
  %v64 = add nuw i64 %v63, %v61
  %v59 = add nuw i64 %v58, %v16
  %v68 = add i64 %v59, %v56
  %v746 = icmp ult i64 %v68, %v64
  br i1 %v746, label %b70.spread.body, label %b72.spread.done

b70.spread.body:                                  ; preds = %entry, %b70.spread.body
  %a67.s.08 = phi i64 [ %v92, %b70.spread.body ], [ %v68, %entry ]
  %a65.s.07 = phi double [ %v90, %b70.spread.body ], [ 0.000000e+00, %entry ]
  %sext = shl i64 %a67.s.08, 32
  %v81 = ashr exact i64 %sext, 32
  %v82 = getelementptr inbounds double, ptr addrspace(1) %arg3.global, i64 %v81
  %v83 = load double, ptr addrspace(1) %v82, align 8, !tbaa !1, !amdgpu.noclobber !0
  %v87 = getelementptr inbounds double, ptr addrspace(1) %arg4.global, i64 %v81
  %v88 = load double, ptr addrspace(1) %v87, align 8, !tbaa !1, !amdgpu.noclobber !0
  %v89 = fmul double %v83, %v88
  %v90 = fadd reassoc double %a65.s.07, %v89
  %v92 = add i64 %a67.s.08, %v17
  %v74 = icmp ult i64 %v92, %v64
  br i1 %v74, label %b70.spread.body, label %b72.spread.done

b72.spread.done:                                  ; preds = %b70.spread.body, %entry
  %a65.s.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %v90, %b70.spread.body ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %2 = trunc i64 %v16 to i32
  %v94 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %2
  store double %a65.s.0.lcssa, ptr addrspace(3) %v94, align 16
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v1029.not = icmp eq i64 %v17, 0
  br i1 %v1029.not, label %b100.for.exit, label %b98.for.body.preheader

b98.for.body.preheader:                           ; preds = %b72.spread.done
  %xtraiter = and i64 %v17, 7
  %3 = icmp ult i64 %v17, 8
  br i1 %3, label %b100.for.exit.loopexit.unr-lcssa, label %b98.for.body.preheader.new

b98.for.body.preheader.new:                       ; preds = %b98.for.body.preheader
  %unroll_iter = and i64 %v17, 4294967288
  br label %b98.for.body

b98.for.body:                                     ; preds = %b98.for.body, %b98.for.body.preheader.new
  %a96.s.011 = phi i64 [ 0, %b98.for.body.preheader.new ], [ %v108.7, %b98.for.body ]
  %a65.s.110 = phi double [ 0.000000e+00, %b98.for.body.preheader.new ], [ %v106.7, %b98.for.body ]
  %niter = phi i64 [ 0, %b98.for.body.preheader.new ], [ %niter.next.7, %b98.for.body ]
  %4 = trunc i64 %a96.s.011 to i32
  %v103 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %4
  %v104 = load double, ptr addrspace(3) %v103, align 16, !tbaa !1
  %v106 = fadd double %a65.s.110, %v104
  %5 = trunc i64 %a96.s.011 to i32
  %6 = or disjoint i32 %5, 1
  %v103.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %6
  %v104.1 = load double, ptr addrspace(3) %v103.1, align 16, !tbaa !1
  %v106.1 = fadd double %v106, %v104.1
  %7 = trunc i64 %a96.s.011 to i32
  %8 = or disjoint i32 %7, 2
  %v103.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %8
  %v104.2 = load double, ptr addrspace(3) %v103.2, align 16, !tbaa !1
  %v106.2 = fadd double %v106.1, %v104.2
  %9 = trunc i64 %a96.s.011 to i32
  %10 = or disjoint i32 %9, 3
  %v103.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %10
  %v104.3 = load double, ptr addrspace(3) %v103.3, align 16, !tbaa !1
  %v106.3 = fadd double %v106.2, %v104.3
  %11 = trunc i64 %a96.s.011 to i32
  %12 = or disjoint i32 %11, 4
  %v103.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %12
  %v104.4 = load double, ptr addrspace(3) %v103.4, align 16, !tbaa !1
  %v106.4 = fadd double %v106.3, %v104.4
  %13 = trunc i64 %a96.s.011 to i32
  %14 = or disjoint i32 %13, 5
  %v103.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %14
  %v104.5 = load double, ptr addrspace(3) %v103.5, align 16, !tbaa !1
  %v106.5 = fadd double %v106.4, %v104.5
  %15 = trunc i64 %a96.s.011 to i32
  %16 = or disjoint i32 %15, 6
  %v103.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %16
  %v104.6 = load double, ptr addrspace(3) %v103.6, align 16, !tbaa !1
  %v106.6 = fadd double %v106.5, %v104.6
  %17 = trunc i64 %a96.s.011 to i32
  %18 = or disjoint i32 %17, 7
  %v103.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %18
  %v104.7 = load double, ptr addrspace(3) %v103.7, align 16, !tbaa !1
  %v106.7 = fadd double %v106.6, %v104.7
  %v108.7 = add nuw nsw i64 %a96.s.011, 8
  %niter.next.7 = add i64 %niter, 8
  %niter.ncmp.7 = icmp eq i64 %niter.next.7, %unroll_iter
  br i1 %niter.ncmp.7, label %b100.for.exit.loopexit.unr-lcssa, label %b98.for.body

b100.for.exit.loopexit.unr-lcssa:                 ; preds = %b98.for.body, %b98.for.body.preheader
  %v106.lcssa.ph = phi double [ poison, %b98.for.body.preheader ], [ %v106.7, %b98.for.body ]
  %a96.s.011.unr = phi i64 [ 0, %b98.for.body.preheader ], [ %v108.7, %b98.for.body ]
  %a65.s.110.unr = phi double [ 0.000000e+00, %b98.for.body.preheader ], [ %v106.7, %b98.for.body ]
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  br i1 %lcmp.mod.not, label %b100.for.exit, label %b98.for.body.epil

b98.for.body.epil:                                ; preds = %b100.for.exit.loopexit.unr-lcssa, %b98.for.body.epil
  %a96.s.011.epil = phi i64 [ %v108.epil, %b98.for.body.epil ], [ %a96.s.011.unr, %b100.for.exit.loopexit.unr-lcssa ]
  %a65.s.110.epil = phi double [ %v106.epil, %b98.for.body.epil ], [ %a65.s.110.unr, %b100.for.exit.loopexit.unr-lcssa ]
  %epil.iter = phi i64 [ %epil.iter.next, %b98.for.body.epil ], [ 0, %b100.for.exit.loopexit.unr-lcssa ]
  %19 = trunc i64 %a96.s.011.epil to i32
  %v103.epil = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %19
  %v104.epil = load double, ptr addrspace(3) %v103.epil, align 16, !tbaa !1
  %v106.epil = fadd double %a65.s.110.epil, %v104.epil
  %v108.epil = add nuw nsw i64 %a96.s.011.epil, 1
  %epil.iter.next = add i64 %epil.iter, 1
  %epil.iter.cmp.not = icmp eq i64 %epil.iter.next, %xtraiter
  br i1 %epil.iter.cmp.not, label %b100.for.exit, label %b98.for.body.epil, !llvm.loop !5

b100.for.exit:                                    ; preds = %b100.for.exit.loopexit.unr-lcssa, %b98.for.body.epil, %b72.spread.done
  %a65.s.1.lcssa = phi double [ 0.000000e+00, %b72.spread.done ], [ %v106.lcssa.ph, %b100.for.exit.loopexit.unr-lcssa ], [ %v106.epil, %b98.for.body.epil ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v109 = icmp eq i64 %v16, 0
  br i1 %v109, label %b110.leader, label %b111.leader.join

b110.leader:                                      ; preds = %b100.for.exit
  %v113 = atomicrmw fadd ptr addrspace(1) %arg2.global, double %a65.s.1.lcssa monotonic, align 8
  br label %b111.leader.join

b111.leader.join:                                 ; preds = %b110.leader, %b100.for.exit
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
