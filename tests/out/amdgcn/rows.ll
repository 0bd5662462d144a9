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
  %v193 = icmp eq i64 %v16, 0
  %v165 = icmp ugt i64 %v17, 1
  %v170 = and i64 %v16, 1
  %v171 = icmp eq i64 %v170, 0
  %v172 = add nuw nsw i64 %v16, 1
  %v173 = icmp ult i64 %v172, %v17
  %v174 = and i1 %v173, %v171
  %4 = trunc i64 %v172 to i32
  %v177 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %4
  %v165.1 = icmp ugt i64 %v17, 2
  %v170.1 = and i64 %v16, 3
  %v171.1 = icmp eq i64 %v170.1, 0
  %v172.1 = add nuw nsw i64 %v16, 2
  %v173.1 = icmp ult i64 %v172.1, %v17
  %v174.1 = and i1 %v173.1, %v171.1
  %5 = trunc i64 %v172.1 to i32
  %v177.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %5
  %v165.2 = icmp ugt i64 %v17, 4
  %v170.2 = and i64 %v16, 7
  %v171.2 = icmp eq i64 %v170.2, 0
  %v172.2 = add nuw nsw i64 %v16, 4
  %v173.2 = icmp ult i64 %v172.2, %v17
  %v174.2 = and i1 %v173.2, %v171.2
  %6 = trunc i64 %v172.2 to i32
  %v177.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %6
  %v165.3 = icmp ugt i64 %v17, 8
  %v170.3 = and i64 %v16, 15
  %v171.3 = icmp eq i64 %v170.3, 0
  %v172.3 = add nuw nsw i64 %v16, 8
  %v173.3 = icmp ult i64 %v172.3, %v17
  %v174.3 = and i1 %v173.3, %v171.3
  %7 = trunc i64 %v172.3 to i32
  %v177.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %7
  %v165.4 = icmp ugt i64 %v17, 16
  %v170.4 = and i64 %v16, 31
  %v171.4 = icmp eq i64 %v170.4, 0
  %v172.4 = add nuw nsw i64 %v16, 16
  %v173.4 = icmp ult i64 %v172.4, %v17
  %v174.4 = and i1 %v173.4, %v171.4
  %8 = trunc i64 %v172.4 to i32
  %v177.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %8
  %v165.5 = icmp ugt i64 %v17, 32
  %v170.5 = and i64 %v16, 63
  %v171.5 = icmp eq i64 %v170.5, 0
  %v172.5 = add nuw nsw i64 %v16, 32
  %v173.5 = icmp ult i64 %v172.5, %v17
  %v174.5 = and i1 %v173.5, %v171.5
  %9 = trunc i64 %v172.5 to i32
  %v177.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %9
  %v165.6 = icmp ugt i64 %v17, 64
  %v170.6 = and i64 %v16, 127
  %v171.6 = icmp eq i64 %v170.6, 0
  %v172.6 = add nuw nsw i64 %v16, 64
  %v173.6 = icmp ult i64 %v172.6, %v17
  %v174.6 = and i1 %v173.6, %v171.6
  %10 = trunc i64 %v172.6 to i32
  %v177.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %10
  %v165.7 = icmp ugt i64 %v17, 128
  %v170.7 = and i64 %v16, 255
  %v171.7 = icmp eq i64 %v170.7, 0
  %v172.7 = add nuw nsw i64 %v16, 128
  %v173.7 = icmp ult i64 %v172.7, %v17
  %v174.7 = and i1 %v173.7, %v171.7
  %11 = trunc i64 %v172.7 to i32
  %v177.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %11
  %v165.8 = icmp ugt i64 %v17, 256
  %v170.8 = and i64 %v16, 511
  %v171.8 = icmp eq i64 %v170.8, 0
  %v172.8 = add nuw nsw i64 %v16, 256
  %v173.8 = icmp ult i64 %v172.8, %v17
  %v174.8 = and i1 %v173.8, %v171.8
  %12 = trunc i64 %v172.8 to i32
  %v177.8 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %12
  %v165.9 = icmp ugt i64 %v17, 512
  %v170.9 = and i64 %v16, 1023
  %v171.9 = icmp eq i64 %v170.9, 0
  %v172.9 = add nuw nsw i64 %v16, 512
  %v173.9 = icmp ult i64 %v172.9, %v17
  %v174.9 = and i1 %v173.9, %v171.9
  %13 = trunc i64 %v172.9 to i32
  %v177.9 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %13
  br label %b105.for.body

b96.acc.done:                                     ; preds = %b195.leader.stored, %entry
  ret void

b105.for.body:                                    ; preds = %b95.acc.loop, %b195.leader.stored
  %a103.s.015 = phi i64 [ 0, %b95.acc.loop ], [ %v199, %b195.leader.stored ]
  %a102.s.014 = phi i32 [ %v101, %b95.acc.loop ], [ %v197, %b195.leader.stored ]
  br i1 %v1379, label %b133.spread.body.lr.ph, label %b135.spread.done

b133.spread.body.lr.ph:                           ; preds = %b105.for.body
  %v145 = mul nsw i32 %a102.s.014, %arg2
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
  br i1 %v165, label %b166.tree.step, label %b167.tree.done

b166.tree.step:                                   ; preds = %b135.spread.done
  br i1 %v174, label %b175.tree.combine, label %b176.tree.after

b167.tree.done:                                   ; preds = %b176.tree.after, %b135.spread.done
  br i1 %v165.1, label %b166.tree.step.1, label %b167.tree.done.1

b166.tree.step.1:                                 ; preds = %b167.tree.done
  br i1 %v174.1, label %b175.tree.combine.1, label %b176.tree.after.1

b175.tree.combine.1:                              ; preds = %b166.tree.step.1
  %v178.1 = load float, ptr addrspace(3) %v177.1, align 16, !tbaa !1
  %v179.1 = load float, ptr addrspace(3) %v155, align 16, !tbaa !1
  %v180.1 = fadd float %v178.1, %v179.1
  store float %v180.1, ptr addrspace(3) %v155, align 16, !tbaa !1
  br label %b176.tree.after.1

b176.tree.after.1:                                ; preds = %b175.tree.combine.1, %b166.tree.step.1
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b167.tree.done.1

b167.tree.done.1:                                 ; preds = %b176.tree.after.1, %b167.tree.done
  br i1 %v165.2, label %b166.tree.step.2, label %b167.tree.done.2

b166.tree.step.2:                                 ; preds = %b167.tree.done.1
  br i1 %v174.2, label %b175.tree.combine.2, label %b176.tree.after.2

b175.tree.combine.2:                              ; preds = %b166.tree.step.2
  %v178.2 = load float, ptr addrspace(3) %v177.2, align 16, !tbaa !1
  %v179.2 = load float, ptr addrspace(3) %v155, align 16, !tbaa !1
  %v180.2 = fadd float %v178.2, %v179.2
  store float %v180.2, ptr addrspace(3) %v155, align 16, !tbaa !1
  br label %b176.tree.after.2

b176.tree.after.2:                                ; preds = %b175.tree.combine.2, %b166.tree.step.2
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b167.tree.done.2

b167.tree.done.2:                                 ; preds = %b176.tree.after.2, %b167.tree.done.1
  br i1 %v165.3, label %b166.tree.step.3, label %b167.tree.done.3

b166.tree.step.3:                                 ; preds = %b167.tree.done.2
  br i1 %v174.3, label %b175.tree.combine.3, label %b176.tree.after.3

b175.tree.combine.3:                              ; preds = %b166.tree.step.3
  %v178.3 = load float, ptr addrspace(3) %v177.3, align 16, !tbaa !1
  %v179.3 = load float, ptr addrspace(3) %v155, align 16, !tbaa !1
  %v180.3 = fadd float %v178.3, %v179.3
  store float %v180.3, ptr addrspace(3) %v155, align 16, !tbaa !1
  br label %b176.tree.after.3

b176.tree.after.3:                                ; preds = %b175.tree.combine.3, %b166.tree.step.3
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b167.tree.done.3

b167.tree.done.3:                                 ; preds = %b176.tree.after.3, %b167.tree.done.2
  br i1 %v165.4, label %b166.tree.step.4, label %b167.tree.done.4

b166.tree.step.4:                                 ; preds = %b167.tree.done.3
  br i1 %v174.4, label %b175.tree.combine.4, label %b176.tree.after.4

b175.tree.combine.4:                              ; preds = %b166.tree.step.4
  %v178.4 = load float, ptr addrspace(3) %v177.4, align 16, !tbaa !1
  %v179.4 = load float, ptr addrspace(3) %v155, align 16, !tbaa !1
  %v180.4 = fadd float %v178.4, %v179.4
  store float %v180.4, ptr addrspace(3) %v155, align 16, !tbaa !1
  br label %b176.tree.after.4

b176.tree.after.4:                                ; preds = %b175.tree.combine.4, %b166.tree.step.4
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b167.tree.done.4

b167.tree.done.4:                                 ; preds = %b176.tree.after.4, %b167.tree.done.3
  br i1 %v165.5, label %b166.tree.step.5, label %b167.tree.done.5

b166.tree.step.5:                                 ; preds = %b167.tree.done.4
  br i1 %v174.5, label %b175.tree.combine.5, label %b176.tree.after.5

b175.tree.combine.5:                              ; preds = %b166.tree.step.5
  %v178.5 = load float, ptr addrspace(3) %v177.5, align 16, !tbaa !1
  %v179.5 = load float, ptr addrspace(3) %v155, align 16, !tbaa !1
  %v180.5 = fadd float %v178.5, %v179.5
  store float %v180.5, ptr addrspace(3) %v155, align 16, !tbaa !1
  br label %b176.tree.after.5

b176.tree.after.5:                                ; preds = %b175.tree.combine.5, %b166.tree.step.5
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b167.tree.done.5

b167.tree.done.5:                                 ; preds = %b176.tree.after.5, %b167.tree.done.4
  br i1 %v165.6, label %b166.tree.step.6, label %b167.tree.done.6

b166.tree.step.6:                                 ; preds = %b167.tree.done.5
  br i1 %v174.6, label %b175.tree.combine.6, label %b176.tree.after.6

b175.tree.combine.6:                              ; preds = %b166.tree.step.6
  %v178.6 = load float, ptr addrspace(3) %v177.6, align 16, !tbaa !1
  %v179.6 = load float, ptr addrspace(3) %v155, align 16, !tbaa !1
  %v180.6 = fadd float %v178.6, %v179.6
  store float %v180.6, ptr addrspace(3) %v155, align 16, !tbaa !1
  br label %b176.tree.after.6

b176.tree.after.6:                                ; preds = %b175.tree.combine.6, %b166.tree.step.6
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b167.tree.done.6

b167.tree.done.6:                                 ; preds = %b176.tree.after.6, %b167.tree.done.5
  br i1 %v165.7, label %b166.tree.step.7, label %b167.tree.done.7

b166.tree.step.7:                                 ; preds = %b167.tree.done.6
  br i1 %v174.7, label %b175.tree.combine.7, label %b176.tree.after.7

b175.tree.combine.7:                              ; preds = %b166.tree.step.7
  %v178.7 = load float, ptr addrspace(3) %v177.7, align 16, !tbaa !1
  %v179.7 = load float, ptr addrspace(3) %v155, align 16, !tbaa !1
  %v180.7 = fadd float %v178.7, %v179.7
  store float %v180.7, ptr addrspace(3) %v155, align 16, !tbaa !1
  br label %b176.tree.after.7

b176.tree.after.7:                                ; preds = %b175.tree.combine.7, %b166.tree.step.7
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b167.tree.done.7

b167.tree.done.7:                                 ; preds = %b176.tree.after.7, %b167.tree.done.6
  br i1 %v165.8, label %b166.tree.step.8, label %b167.tree.done.8

b166.tree.step.8:                                 ; preds = %b167.tree.done.7
  br i1 %v174.8, label %b175.tree.combine.8, label %b176.tree.after.8

b175.tree.combine.8:                              ; preds = %b166.tree.step.8
  %v178.8 = load float, ptr addrspace(3) %v177.8, align 16, !tbaa !1
  %v179.8 = load float, ptr addrspace(3) %v155, align 16, !tbaa !1
  %v180.8 = fadd float %v178.8, %v179.8
  store float %v180.8, ptr addrspace(3) %v155, align 16, !tbaa !1
  br label %b176.tree.after.8

b176.tree.after.8:                                ; preds = %b175.tree.combine.8, %b166.tree.step.8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b167.tree.done.8

b167.tree.done.8:                                 ; preds = %b176.tree.after.8, %b167.tree.done.7
  br i1 %v165.9, label %b166.tree.step.9, label %b167.tree.done.9

b166.tree.step.9:                                 ; preds = %b167.tree.done.8
  br i1 %v174.9, label %b175.tree.combine.9, label %b176.tree.after.9

b175.tree.combine.9:                              ; preds = %b166.tree.step.9
  %v178.9 = load float, ptr addrspace(3) %v177.9, align 16, !tbaa !1
  %v179.9 = load float, ptr addrspace(3) %v155, align 16, !tbaa !1
  %v180.9 = fadd float %v178.9, %v179.9
  store float %v180.9, ptr addrspace(3) %v155, align 16, !tbaa !1
  br label %b176.tree.after.9

b176.tree.after.9:                                ; preds = %b175.tree.combine.9, %b166.tree.step.9
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b167.tree.done.9

b167.tree.done.9:                                 ; preds = %b176.tree.after.9, %b167.tree.done.8
  %v184 = load float, ptr addrspace(3) @__accc_reduce_buffer, align 16, !tbaa !1
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %v193, label %b194.leader.store, label %b195.leader.stored

b175.tree.combine:                                ; preds = %b166.tree.step
  %v178 = load float, ptr addrspace(3) %v177, align 16, !tbaa !1
  %v179 = load float, ptr addrspace(3) %v155, align 16, !tbaa !1
  %v180 = fadd float %v178, %v179
  store float %v180, ptr addrspace(3) %v155, align 16, !tbaa !1
  br label %b176.tree.after

b176.tree.after:                                  ; preds = %b175.tree.combine, %b166.tree.step
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b167.tree.done

b194.leader.store:                                ; preds = %b167.tree.done.9
  %v187 = fadd float %v184, 0.000000e+00
  %v190 = sext i32 %a102.s.014 to i64
  %v191 = getelementptr inbounds float, ptr addrspace(1) %arg5.global, i64 %v190
  store float %v187, ptr addrspace(1) %v191, align 4, !tbaa !1
  br label %b195.leader.stored

b195.leader.stored:                               ; preds = %b194.leader.store, %b167.tree.done.9
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v197 = add nsw i32 %a102.s.014, 1
  %v199 = add nuw i64 %a103.s.015, 1
  %v109 = icmp ult i64 %v199, %v98
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
