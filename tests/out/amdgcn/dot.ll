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
  %v131 = icmp ugt i64 %v17, 1
  br i1 %v131, label %b132.tree.step, label %b133.tree.done

b132.tree.step:                                   ; preds = %b99.spread.done
  %v136 = and i64 %v16, 1
  %v137 = icmp eq i64 %v136, 0
  %v138 = add nuw nsw i64 %v16, 1
  %v139 = icmp ult i64 %v138, %v17
  %v140 = and i1 %v139, %v137
  br i1 %v140, label %b141.tree.combine, label %b142.tree.after

b133.tree.done:                                   ; preds = %b142.tree.after, %b99.spread.done
  %v131.1 = icmp ugt i64 %v17, 2
  br i1 %v131.1, label %b132.tree.step.1, label %b133.tree.done.1

b132.tree.step.1:                                 ; preds = %b133.tree.done
  %v136.1 = and i64 %v16, 3
  %v137.1 = icmp eq i64 %v136.1, 0
  %v138.1 = add nuw nsw i64 %v16, 2
  %v139.1 = icmp ult i64 %v138.1, %v17
  %v140.1 = and i1 %v139.1, %v137.1
  br i1 %v140.1, label %b141.tree.combine.1, label %b142.tree.after.1

b141.tree.combine.1:                              ; preds = %b132.tree.step.1
  %3 = trunc i64 %v138.1 to i32
  %v143.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %3
  %v144.1 = load double, ptr addrspace(3) %v143.1, align 16, !tbaa !1
  %v145.1 = load double, ptr addrspace(3) %v121, align 16, !tbaa !1
  %v146.1 = fadd double %v144.1, %v145.1
  store double %v146.1, ptr addrspace(3) %v121, align 16, !tbaa !1
  br label %b142.tree.after.1

b142.tree.after.1:                                ; preds = %b141.tree.combine.1, %b132.tree.step.1
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b133.tree.done.1

b133.tree.done.1:                                 ; preds = %b142.tree.after.1, %b133.tree.done
  %v131.2 = icmp ugt i64 %v17, 4
  br i1 %v131.2, label %b132.tree.step.2, label %b133.tree.done.2

b132.tree.step.2:                                 ; preds = %b133.tree.done.1
  %v136.2 = and i64 %v16, 7
  %v137.2 = icmp eq i64 %v136.2, 0
  %v138.2 = add nuw nsw i64 %v16, 4
  %v139.2 = icmp ult i64 %v138.2, %v17
  %v140.2 = and i1 %v139.2, %v137.2
  br i1 %v140.2, label %b141.tree.combine.2, label %b142.tree.after.2

b141.tree.combine.2:                              ; preds = %b132.tree.step.2
  %4 = trunc i64 %v138.2 to i32
  %v143.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %4
  %v144.2 = load double, ptr addrspace(3) %v143.2, align 16, !tbaa !1
  %v145.2 = load double, ptr addrspace(3) %v121, align 16, !tbaa !1
  %v146.2 = fadd double %v144.2, %v145.2
  store double %v146.2, ptr addrspace(3) %v121, align 16, !tbaa !1
  br label %b142.tree.after.2

b142.tree.after.2:                                ; preds = %b141.tree.combine.2, %b132.tree.step.2
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b133.tree.done.2

b133.tree.done.2:                                 ; preds = %b142.tree.after.2, %b133.tree.done.1
  %v131.3 = icmp ugt i64 %v17, 8
  br i1 %v131.3, label %b132.tree.step.3, label %b133.tree.done.3

b132.tree.step.3:                                 ; preds = %b133.tree.done.2
  %v136.3 = and i64 %v16, 15
  %v137.3 = icmp eq i64 %v136.3, 0
  %v138.3 = add nuw nsw i64 %v16, 8
  %v139.3 = icmp ult i64 %v138.3, %v17
  %v140.3 = and i1 %v139.3, %v137.3
  br i1 %v140.3, label %b141.tree.combine.3, label %b142.tree.after.3

b141.tree.combine.3:                              ; preds = %b132.tree.step.3
  %5 = trunc i64 %v138.3 to i32
  %v143.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %5
  %v144.3 = load double, ptr addrspace(3) %v143.3, align 16, !tbaa !1
  %v145.3 = load double, ptr addrspace(3) %v121, align 16, !tbaa !1
  %v146.3 = fadd double %v144.3, %v145.3
  store double %v146.3, ptr addrspace(3) %v121, align 16, !tbaa !1
  br label %b142.tree.after.3

b142.tree.after.3:                                ; preds = %b141.tree.combine.3, %b132.tree.step.3
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b133.tree.done.3

b133.tree.done.3:                                 ; preds = %b142.tree.after.3, %b133.tree.done.2
  %v131.4 = icmp ugt i64 %v17, 16
  br i1 %v131.4, label %b132.tree.step.4, label %b133.tree.done.4

b132.tree.step.4:                                 ; preds = %b133.tree.done.3
  %v136.4 = and i64 %v16, 31
  %v137.4 = icmp eq i64 %v136.4, 0
  %v138.4 = add nuw nsw i64 %v16, 16
  %v139.4 = icmp ult i64 %v138.4, %v17
  %v140.4 = and i1 %v139.4, %v137.4
  br i1 %v140.4, label %b141.tree.combine.4, label %b142.tree.after.4

b141.tree.combine.4:                              ; preds = %b132.tree.step.4
  %6 = trunc i64 %v138.4 to i32
  %v143.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %6
  %v144.4 = load double, ptr addrspace(3) %v143.4, align 16, !tbaa !1
  %v145.4 = load double, ptr addrspace(3) %v121, align 16, !tbaa !1
  %v146.4 = fadd double %v144.4, %v145.4
  store double %v146.4, ptr addrspace(3) %v121, align 16, !tbaa !1
  br label %b142.tree.after.4

b142.tree.after.4:                                ; preds = %b141.tree.combine.4, %b132.tree.step.4
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b133.tree.done.4

b133.tree.done.4:                                 ; preds = %b142.tree.after.4, %b133.tree.done.3
  %v131.5 = icmp ugt i64 %v17, 32
  br i1 %v131.5, label %b132.tree.step.5, label %b133.tree.done.5

b132.tree.step.5:                                 ; preds = %b133.tree.done.4
  %v136.5 = and i64 %v16, 63
  %v137.5 = icmp eq i64 %v136.5, 0
  %v138.5 = add nuw nsw i64 %v16, 32
  %v139.5 = icmp ult i64 %v138.5, %v17
  %v140.5 = and i1 %v139.5, %v137.5
  br i1 %v140.5, label %b141.tree.combine.5, label %b142.tree.after.5

b141.tree.combine.5:                              ; preds = %b132.tree.step.5
  %7 = trunc i64 %v138.5 to i32
  %v143.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %7
  %v144.5 = load double, ptr addrspace(3) %v143.5, align 16, !tbaa !1
  %v145.5 = load double, ptr addrspace(3) %v121, align 16, !tbaa !1
  %v146.5 = fadd double %v144.5, %v145.5
  store double %v146.5, ptr addrspace(3) %v121, align 16, !tbaa !1
  br label %b142.tree.after.5

b142.tree.after.5:                                ; preds = %b141.tree.combine.5, %b132.tree.step.5
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b133.tree.done.5

b133.tree.done.5:                                 ; preds = %b142.tree.after.5, %b133.tree.done.4
  %v131.6 = icmp ugt i64 %v17, 64
  br i1 %v131.6, label %b132.tree.step.6, label %b133.tree.done.6

b132.tree.step.6:                                 ; preds = %b133.tree.done.5
  %v136.6 = and i64 %v16, 127
  %v137.6 = icmp eq i64 %v136.6, 0
  %v138.6 = add nuw nsw i64 %v16, 64
  %v139.6 = icmp ult i64 %v138.6, %v17
  %v140.6 = and i1 %v139.6, %v137.6
  br i1 %v140.6, label %b141.tree.combine.6, label %b142.tree.after.6

b141.tree.combine.6:                              ; preds = %b132.tree.step.6
  %8 = trunc i64 %v138.6 to i32
  %v143.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %8
  %v144.6 = load double, ptr addrspace(3) %v143.6, align 16, !tbaa !1
  %v145.6 = load double, ptr addrspace(3) %v121, align 16, !tbaa !1
  %v146.6 = fadd double %v144.6, %v145.6
  store double %v146.6, ptr addrspace(3) %v121, align 16, !tbaa !1
  br label %b142.tree.after.6

b142.tree.after.6:                                ; preds = %b141.tree.combine.6, %b132.tree.step.6
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b133.tree.done.6

b133.tree.done.6:                                 ; preds = %b142.tree.after.6, %b133.tree.done.5
  %v131.7 = icmp ugt i64 %v17, 128
  br i1 %v131.7, label %b132.tree.step.7, label %b133.tree.done.7

b132.tree.step.7:                                 ; preds = %b133.tree.done.6
  %v136.7 = and i64 %v16, 255
  %v137.7 = icmp eq i64 %v136.7, 0
  %v138.7 = add nuw nsw i64 %v16, 128
  %v139.7 = icmp ult i64 %v138.7, %v17
  %v140.7 = and i1 %v139.7, %v137.7
  br i1 %v140.7, label %b141.tree.combine.7, label %b142.tree.after.7

b141.tree.combine.7:                              ; preds = %b132.tree.step.7
  %9 = trunc i64 %v138.7 to i32
  %v143.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %9
  %v144.7 = load double, ptr addrspace(3) %v143.7, align 16, !tbaa !1
  %v145.7 = load double, ptr addrspace(3) %v121, align 16, !tbaa !1
  %v146.7 = fadd double %v144.7, %v145.7
  store double %v146.7, ptr addrspace(3) %v121, align 16, !tbaa !1
  br label %b142.tree.after.7

b142.tree.after.7:                                ; preds = %b141.tree.combine.7, %b132.tree.step.7
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b133.tree.done.7

b133.tree.done.7:                                 ; preds = %b142.tree.after.7, %b133.tree.done.6
  %v131.8 = icmp ugt i64 %v17, 256
  br i1 %v131.8, label %b132.tree.step.8, label %b133.tree.done.8

b132.tree.step.8:                                 ; preds = %b133.tree.done.7
  %v136.8 = and i64 %v16, 511
  %v137.8 = icmp eq i64 %v136.8, 0
  %v138.8 = add nuw nsw i64 %v16, 256
  %v139.8 = icmp ult i64 %v138.8, %v17
  %v140.8 = and i1 %v139.8, %v137.8
  br i1 %v140.8, label %b141.tree.combine.8, label %b142.tree.after.8

b141.tree.combine.8:                              ; preds = %b132.tree.step.8
  %10 = trunc i64 %v138.8 to i32
  %v143.8 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %10
  %v144.8 = load double, ptr addrspace(3) %v143.8, align 16, !tbaa !1
  %v145.8 = load double, ptr addrspace(3) %v121, align 16, !tbaa !1
  %v146.8 = fadd double %v144.8, %v145.8
  store double %v146.8, ptr addrspace(3) %v121, align 16, !tbaa !1
  br label %b142.tree.after.8

b142.tree.after.8:                                ; preds = %b141.tree.combine.8, %b132.tree.step.8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b133.tree.done.8

b133.tree.done.8:                                 ; preds = %b142.tree.after.8, %b133.tree.done.7
  %v131.9 = icmp ugt i64 %v17, 512
  br i1 %v131.9, label %b132.tree.step.9, label %b133.tree.done.9

b132.tree.step.9:                                 ; preds = %b133.tree.done.8
  %v136.9 = and i64 %v16, 1023
  %v137.9 = icmp eq i64 %v136.9, 0
  %v138.9 = add nuw nsw i64 %v16, 512
  %v139.9 = icmp ult i64 %v138.9, %v17
  %v140.9 = and i1 %v139.9, %v137.9
  br i1 %v140.9, label %b141.tree.combine.9, label %b142.tree.after.9

b141.tree.combine.9:                              ; preds = %b132.tree.step.9
  %11 = trunc i64 %v138.9 to i32
  %v143.9 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %11
  %v144.9 = load double, ptr addrspace(3) %v143.9, align 16, !tbaa !1
  %v145.9 = load double, ptr addrspace(3) %v121, align 16, !tbaa !1
  %v146.9 = fadd double %v144.9, %v145.9
  store double %v146.9, ptr addrspace(3) %v121, align 16, !tbaa !1
  br label %b142.tree.after.9

b142.tree.after.9:                                ; preds = %b141.tree.combine.9, %b132.tree.step.9
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b133.tree.done.9

b133.tree.done.9:                                 ; preds = %b142.tree.after.9, %b133.tree.done.8
  %v150 = load double, ptr addrspace(3) @__accc_reduce_buffer, align 16, !tbaa !1
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v151 = icmp eq i64 %v16, 0
  br i1 %v151, label %b152.leader, label %b153.leader.join

b141.tree.combine:                                ; preds = %b132.tree.step
  %12 = trunc i64 %v138 to i32
  %v143 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %12
  %v144 = load double, ptr addrspace(3) %v143, align 16, !tbaa !1
  %v145 = load double, ptr addrspace(3) %v121, align 16, !tbaa !1
  %v146 = fadd double %v144, %v145
  store double %v146, ptr addrspace(3) %v121, align 16, !tbaa !1
  br label %b142.tree.after

b142.tree.after:                                  ; preds = %b141.tree.combine, %b132.tree.step
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b133.tree.done

b152.leader:                                      ; preds = %b133.tree.done.9
  %v155 = atomicrmw fadd ptr addrspace(1) %arg2.global, double %v150 monotonic, align 8
  br label %b153.leader.join

b153.leader.join:                                 ; preds = %b152.leader, %b133.tree.done.9
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
