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
  %v8011 = udiv i32 %.frozen, %narrow.frozen
  %1 = mul i32 %v8011, %narrow.frozen
  %v8112.decomposed = sub i32 %.frozen, %1
  %v81.zext = zext nneg i32 %v8112.decomposed to i64
  %v83 = mul nuw nsw i64 %v81.zext, %v29
  %v86 = add nuw nsw i64 %v29, 1
  %v88 = mul nuw nsw i64 %v86, %v81.zext
  %v89 = udiv i64 %v88, %v79
  %arg2.global = addrspacecast ptr %arg2 to ptr addrspace(1)
  %v14 = zext i16 %v12 to i64
  %v17 = mul nuw nsw i64 %v14, %v9
  %v80.zext = zext nneg i32 %v8011 to i64
  %v82 = mul nuw nsw i64 %v80.zext, %v29
  %v84 = udiv i64 %v83, %v79
  %v87 = mul nuw nsw i64 %v86, %v80.zext
  %v90 = add nuw i64 %v89, %v87
  %v85 = add nuw i64 %v84, %v16
  %v104 = add i64 %v85, %v82
  %v11015 = icmp ult i64 %v104, %v90
  br i1 %v11015, label %b106.spread.body, label %b108.spread.done

b106.spread.body:                                 ; preds = %entry, %b106.spread.body
  %a103.s.017 = phi i64 [ %v134, %b106.spread.body ], [ %v104, %entry ]
  %promotealloca916 = phi <16 x i64> [ %4, %b106.spread.body ], [ zeroinitializer, %entry ]
  %sext = shl i64 %a103.s.017, 32
  %2 = ashr exact i64 %sext, 30
  %v117 = getelementptr inbounds i8, ptr addrspace(1) %arg3.global, i64 %2
  %v118 = load i32, ptr addrspace(1) %v117, align 4, !tbaa !1, !amdgpu.noclobber !0
  %v119 = and i32 %v118, 15
  %v120 = zext nneg i32 %v119 to i64
  %3 = extractelement <16 x i64> %promotealloca916, i64 %v120
  %v132 = add nsw i64 %3, 1
  %4 = insertelement <16 x i64> %promotealloca916, i64 %v132, i64 %v120
  %v134 = add i64 %a103.s.017, %v17
  %v110 = icmp ult i64 %v134, %v90
  br i1 %v110, label %b106.spread.body, label %b108.spread.done

b108.spread.done:                                 ; preds = %b106.spread.body, %entry
  %promotealloca9.lcssa = phi <16 x i64> [ zeroinitializer, %entry ], [ %4, %b106.spread.body ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %5 = trunc i64 %v16 to i32
  %v149 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %5
  %v159 = icmp ugt i64 %v17, 1
  %v164 = and i64 %v16, 1
  %v165 = icmp eq i64 %v164, 0
  %v166 = add nuw nsw i64 %v16, 1
  %v167 = icmp ult i64 %v166, %v17
  %v168 = and i1 %v167, %v165
  %6 = trunc i64 %v166 to i32
  %v171 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %6
  %v159.1 = icmp ugt i64 %v17, 2
  %v164.1 = and i64 %v16, 3
  %v165.1 = icmp eq i64 %v164.1, 0
  %v166.1 = add nuw nsw i64 %v16, 2
  %v167.1 = icmp ult i64 %v166.1, %v17
  %v168.1 = and i1 %v167.1, %v165.1
  %7 = trunc i64 %v166.1 to i32
  %v171.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %7
  %v159.2 = icmp ugt i64 %v17, 4
  %v164.2 = and i64 %v16, 7
  %v165.2 = icmp eq i64 %v164.2, 0
  %v166.2 = add nuw nsw i64 %v16, 4
  %v167.2 = icmp ult i64 %v166.2, %v17
  %v168.2 = and i1 %v167.2, %v165.2
  %8 = trunc i64 %v166.2 to i32
  %v171.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %8
  %v159.3 = icmp ugt i64 %v17, 8
  %v164.3 = and i64 %v16, 15
  %v165.3 = icmp eq i64 %v164.3, 0
  %v166.3 = add nuw nsw i64 %v16, 8
  %v167.3 = icmp ult i64 %v166.3, %v17
  %v168.3 = and i1 %v167.3, %v165.3
  %9 = trunc i64 %v166.3 to i32
  %v171.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %9
  %v159.4 = icmp ugt i64 %v17, 16
  %v164.4 = and i64 %v16, 31
  %v165.4 = icmp eq i64 %v164.4, 0
  %v166.4 = add nuw nsw i64 %v16, 16
  %v167.4 = icmp ult i64 %v166.4, %v17
  %v168.4 = and i1 %v167.4, %v165.4
  %10 = trunc i64 %v166.4 to i32
  %v171.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %10
  %v159.5 = icmp ugt i64 %v17, 32
  %v164.5 = and i64 %v16, 63
  %v165.5 = icmp eq i64 %v164.5, 0
  %v166.5 = add nuw nsw i64 %v16, 32
  %v167.5 = icmp ult i64 %v166.5, %v17
  %v168.5 = and i1 %v167.5, %v165.5
  %11 = trunc i64 %v166.5 to i32
  %v171.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %11
  %v159.6 = icmp ugt i64 %v17, 64
  %v164.6 = and i64 %v16, 127
  %v165.6 = icmp eq i64 %v164.6, 0
  %v166.6 = add nuw nsw i64 %v16, 64
  %v167.6 = icmp ult i64 %v166.6, %v17
  %v168.6 = and i1 %v167.6, %v165.6
  %12 = trunc i64 %v166.6 to i32
  %v171.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %12
  %v159.7 = icmp ugt i64 %v17, 128
  %v164.7 = and i64 %v16, 255
  %v165.7 = icmp eq i64 %v164.7, 0
  %v166.7 = add nuw nsw i64 %v16, 128
  %v167.7 = icmp ult i64 %v166.7, %v17
  %v168.7 = and i1 %v167.7, %v165.7
  %13 = trunc i64 %v166.7 to i32
  %v171.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %13
  %v159.8 = icmp ugt i64 %v17, 256
  %v164.8 = and i64 %v16, 511
  %v165.8 = icmp eq i64 %v164.8, 0
  %v166.8 = add nuw nsw i64 %v16, 256
  %v167.8 = icmp ult i64 %v166.8, %v17
  %v168.8 = and i1 %v167.8, %v165.8
  %14 = trunc i64 %v166.8 to i32
  %v171.8 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %14
  %v159.9 = icmp ugt i64 %v17, 512
  %v164.9 = and i64 %v16, 1023
  %v165.9 = icmp eq i64 %v164.9, 0
  %v166.9 = add nuw nsw i64 %v16, 512
  %v167.9 = icmp ult i64 %v166.9, %v17
  %v168.9 = and i1 %v167.9, %v165.9
  %15 = trunc i64 %v166.9 to i32
  %v171.9 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %15
  br label %b137.for.body

b137.for.body:                                    ; preds = %b108.spread.done, %b161.tree.done.9
  %a135.s.020 = phi i64 [ 0, %b108.spread.done ], [ %v180, %b161.tree.done.9 ]
  %promotealloca19 = phi <16 x i64> [ %promotealloca9.lcssa, %b108.spread.done ], [ %33, %b161.tree.done.9 ]
  %16 = extractelement <16 x i64> %promotealloca19, i64 %a135.s.020
  store i64 %16, ptr addrspace(3) %v149, align 16
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %v159, label %b160.tree.step, label %b161.tree.done

b139.for.exit:                                    ; preds = %b161.tree.done.9
  %v181 = icmp eq i64 %v16, 0
  br i1 %v181, label %b186.for.body.preheader, label %b183.leader.join

b186.for.body.preheader:                          ; preds = %b139.for.exit
  %17 = extractelement <16 x i64> %33, i64 0
  %v199 = atomicrmw add ptr addrspace(1) %arg2.global, i64 %17 monotonic, align 8
  %v197.1 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 8
  %18 = extractelement <16 x i64> %33, i64 1
  %v199.1 = atomicrmw add ptr addrspace(1) %v197.1, i64 %18 monotonic, align 8
  %v197.2 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 16
  %19 = extractelement <16 x i64> %33, i64 2
  %v199.2 = atomicrmw add ptr addrspace(1) %v197.2, i64 %19 monotonic, align 8
  %v197.3 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 24
  %20 = extractelement <16 x i64> %33, i64 3
  %v199.3 = atomicrmw add ptr addrspace(1) %v197.3, i64 %20 monotonic, align 8
  %v197.4 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 32
  %21 = extractelement <16 x i64> %33, i64 4
  %v199.4 = atomicrmw add ptr addrspace(1) %v197.4, i64 %21 monotonic, align 8
  %v197.5 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 40
  %22 = extractelement <16 x i64> %33, i64 5
  %v199.5 = atomicrmw add ptr addrspace(1) %v197.5, i64 %22 monotonic, align 8
  %v197.6 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 48
  %23 = extractelement <16 x i64> %33, i64 6
  %v199.6 = atomicrmw add ptr addrspace(1) %v197.6, i64 %23 monotonic, align 8
  %v197.7 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 56
  %24 = extractelement <16 x i64> %33, i64 7
  %v199.7 = atomicrmw add ptr addrspace(1) %v197.7, i64 %24 monotonic, align 8
  %v197.8 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 64
  %25 = extractelement <16 x i64> %33, i64 8
  %v199.8 = atomicrmw add ptr addrspace(1) %v197.8, i64 %25 monotonic, align 8
  %v197.9 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 72
  %26 = extractelement <16 x i64> %33, i64 9
  %v199.9 = atomicrmw add ptr addrspace(1) %v197.9, i64 %26 monotonic, align 8
  %v197.10 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 80
  %27 = extractelement <16 x i64> %33, i64 10
  %v199.10 = atomicrmw add ptr addrspace(1) %v197.10, i64 %27 monotonic, align 8
  %v197.11 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 88
  %28 = extractelement <16 x i64> %33, i64 11
  %v199.11 = atomicrmw add ptr addrspace(1) %v197.11, i64 %28 monotonic, align 8
  %v197.12 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 96
  %29 = extractelement <16 x i64> %33, i64 12
  %v199.12 = atomicrmw add ptr addrspace(1) %v197.12, i64 %29 monotonic, align 8
  %v197.13 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 104
  %30 = extractelement <16 x i64> %33, i64 13
  %v199.13 = atomicrmw add ptr addrspace(1) %v197.13, i64 %30 monotonic, align 8
  %v197.14 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 112
  %31 = extractelement <16 x i64> %33, i64 14
  %v199.14 = atomicrmw add ptr addrspace(1) %v197.14, i64 %31 monotonic, align 8
  %v197.15 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 120
  %32 = extractelement <16 x i64> %33, i64 15
  %v199.15 = atomicrmw add ptr addrspace(1) %v197.15, i64 %32 monotonic, align 8
  br label %b183.leader.join

b160.tree.step:                                   ; preds = %b137.for.body
  br i1 %v168, label %b169.tree.combine, label %b170.tree.after

b161.tree.done:                                   ; preds = %b170.tree.after, %b137.for.body
  br i1 %v159.1, label %b160.tree.step.1, label %b161.tree.done.1

b160.tree.step.1:                                 ; preds = %b161.tree.done
  br i1 %v168.1, label %b169.tree.combine.1, label %b170.tree.after.1

b169.tree.combine.1:                              ; preds = %b160.tree.step.1
  %v172.1 = load i64, ptr addrspace(3) %v171.1, align 16, !tbaa !5
  %v173.1 = load i64, ptr addrspace(3) %v149, align 16, !tbaa !5
  %v174.1 = add nsw i64 %v173.1, %v172.1
  store i64 %v174.1, ptr addrspace(3) %v149, align 16, !tbaa !5
  br label %b170.tree.after.1

b170.tree.after.1:                                ; preds = %b169.tree.combine.1, %b160.tree.step.1
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b161.tree.done.1

b161.tree.done.1:                                 ; preds = %b170.tree.after.1, %b161.tree.done
  br i1 %v159.2, label %b160.tree.step.2, label %b161.tree.done.2

b160.tree.step.2:                                 ; preds = %b161.tree.done.1
  br i1 %v168.2, label %b169.tree.combine.2, label %b170.tree.after.2

b169.tree.combine.2:                              ; preds = %b160.tree.step.2
  %v172.2 = load i64, ptr addrspace(3) %v171.2, align 16, !tbaa !5
  %v173.2 = load i64, ptr addrspace(3) %v149, align 16, !tbaa !5
  %v174.2 = add nsw i64 %v173.2, %v172.2
  store i64 %v174.2, ptr addrspace(3) %v149, align 16, !tbaa !5
  br label %b170.tree.after.2

b170.tree.after.2:                                ; preds = %b169.tree.combine.2, %b160.tree.step.2
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b161.tree.done.2

b161.tree.done.2:                                 ; preds = %b170.tree.after.2, %b161.tree.done.1
  br i1 %v159.3, label %b160.tree.step.3, label %b161.tree.done.3

b160.tree.step.3:                                 ; preds = %b161.tree.done.2
  br i1 %v168.3, label %b169.tree.combine.3, label %b170.tree.after.3

b169.tree.combine.3:                              ; preds = %b160.tree.step.3
  %v172.3 = load i64, ptr addrspace(3) %v171.3, align 16, !tbaa !5
  %v173.3 = load i64, ptr addrspace(3) %v149, align 16, !tbaa !5
  %v174.3 = add nsw i64 %v173.3, %v172.3
  store i64 %v174.3, ptr addrspace(3) %v149, align 16, !tbaa !5
  br label %b170.tree.after.3

b170.tree.after.3:                                ; preds = %b169.tree.combine.3, %b160.tree.step.3
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b161.tree.done.3

b161.tree.done.3:                                 ; preds = %b170.tree.after.3, %b161.tree.done.2
  br i1 %v159.4, label %b160.tree.step.4, label %b161.tree.done.4

b160.tree.step.4:                                 ; preds = %b161.tree.done.3
  br i1 %v168.4, label %b169.tree.combine.4, label %b170.tree.after.4

b169.tree.combine.4:                              ; preds = %b160.tree.step.4
  %v172.4 = load i64, ptr addrspace(3) %v171.4, align 16, !tbaa !5
  %v173.4 = load i64, ptr addrspace(3) %v149, align 16, !tbaa !5
  %v174.4 = add nsw i64 %v173.4, %v172.4
  store i64 %v174.4, ptr addrspace(3) %v149, align 16, !tbaa !5
  br label %b170.tree.after.4

b170.tree.after.4:                                ; preds = %b169.tree.combine.4, %b160.tree.step.4
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b161.tree.done.4

b161.tree.done.4:                                 ; preds = %b170.tree.after.4, %b161.tree.done.3
  br i1 %v159.5, label %b160.tree.step.5, label %b161.tree.done.5

b160.tree.step.5:                                 ; preds = %b161.tree.done.4
  br i1 %v168.5, label %b169.tree.combine.5, label %b170.tree.after.5

b169.tree.combine.5:                              ; preds = %b160.tree.step.5
  %v172.5 = load i64, ptr addrspace(3) %v171.5, align 16, !tbaa !5
  %v173.5 = load i64, ptr addrspace(3) %v149, align 16, !tbaa !5
  %v174.5 = add nsw i64 %v173.5, %v172.5
  store i64 %v174.5, ptr addrspace(3) %v149, align 16, !tbaa !5
  br label %b170.tree.after.5

b170.tree.after.5:                                ; preds = %b169.tree.combine.5, %b160.tree.step.5
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b161.tree.done.5

b161.tree.done.5:                                 ; preds = %b170.tree.after.5, %b161.tree.done.4
  br i1 %v159.6, label %b160.tree.step.6, label %b161.tree.done.6

b160.tree.step.6:                                 ; preds = %b161.tree.done.5
  br i1 %v168.6, label %b169.tree.combine.6, label %b170.tree.after.6

b169.tree.combine.6:                              ; preds = %b160.tree.step.6
  %v172.6 = load i64, ptr addrspace(3) %v171.6, align 16, !tbaa !5
  %v173.6 = load i64, ptr addrspace(3) %v149, align 16, !tbaa !5
  %v174.6 = add nsw i64 %v173.6, %v172.6
  store i64 %v174.6, ptr addrspace(3) %v149, align 16, !tbaa !5
  br label %b170.tree.after.6

b170.tree.after.6:                                ; preds = %b169.tree.combine.6, %b160.tree.step.6
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b161.tree.done.6

b161.tree.done.6:                                 ; preds = %b170.tree.after.6, %b161.tree.done.5
  br i1 %v159.7, label %b160.tree.step.7, label %b161.tree.done.7

b160.tree.step.7:                                 ; preds = %b161.tree.done.6
  br i1 %v168.7, label %b169.tree.combine.7, label %b170.tree.after.7

b169.tree.combine.7:                              ; preds = %b160.tree.step.7
  %v172.7 = load i64, ptr addrspace(3) %v171.7, align 16, !tbaa !5
  %v173.7 = load i64, ptr addrspace(3) %v149, align 16, !tbaa !5
  %v174.7 = add nsw i64 %v173.7, %v172.7
  store i64 %v174.7, ptr addrspace(3) %v149, align 16, !tbaa !5
  br label %b170.tree.after.7

b170.tree.after.7:                                ; preds = %b169.tree.combine.7, %b160.tree.step.7
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b161.tree.done.7

b161.tree.done.7:                                 ; preds = %b170.tree.after.7, %b161.tree.done.6
  br i1 %v159.8, label %b160.tree.step.8, label %b161.tree.done.8

b160.tree.step.8:                                 ; preds = %b161.tree.done.7
  br i1 %v168.8, label %b169.tree.combine.8, label %b170.tree.after.8

b169.tree.combine.8:                              ; preds = %b160.tree.step.8
  %v172.8 = load i64, ptr addrspace(3) %v171.8, align 16, !tbaa !5
  %v173.8 = load i64, ptr addrspace(3) %v149, align 16, !tbaa !5
  %v174.8 = add nsw i64 %v173.8, %v172.8
  store i64 %v174.8, ptr addrspace(3) %v149, align 16, !tbaa !5
  br label %b170.tree.after.8

b170.tree.after.8:                                ; preds = %b169.tree.combine.8, %b160.tree.step.8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b161.tree.done.8

b161.tree.done.8:                                 ; preds = %b170.tree.after.8, %b161.tree.done.7
  br i1 %v159.9, label %b160.tree.step.9, label %b161.tree.done.9

b160.tree.step.9:                                 ; preds = %b161.tree.done.8
  br i1 %v168.9, label %b169.tree.combine.9, label %b170.tree.after.9

b169.tree.combine.9:                              ; preds = %b160.tree.step.9
  %v172.9 = load i64, ptr addrspace(3) %v171.9, align 16, !tbaa !5
  %v173.9 = load i64, ptr addrspace(3) %v149, align 16, !tbaa !5
  %v174.9 = add nsw i64 %v173.9, %v172.9
  store i64 %v174.9, ptr addrspace(3) %v149, align 16, !tbaa !5
  br label %b170.tree.after.9

b170.tree.after.9:                                ; preds = %b169.tree.combine.9, %b160.tree.step.9
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b161.tree.done.9

b161.tree.done.9:                                 ; preds = %b170.tree.after.9, %b161.tree.done.8
  %v178 = load i64, ptr addrspace(3) @__accc_reduce_buffer, align 16, !tbaa !5
  %33 = insertelement <16 x i64> %promotealloca19, i64 %v178, i64 %a135.s.020
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v180 = add nuw nsw i64 %a135.s.020, 1
  %exitcond.not = icmp eq i64 %v180, 16
  br i1 %exitcond.not, label %b139.for.exit, label %b137.for.body

b169.tree.combine:                                ; preds = %b160.tree.step
  %v172 = load i64, ptr addrspace(3) %v171, align 16, !tbaa !5
  %v173 = load i64, ptr addrspace(3) %v149, align 16, !tbaa !5
  %v174 = add nsw i64 %v173, %v172
  store i64 %v174, ptr addrspace(3) %v149, align 16, !tbaa !5
  br label %b170.tree.after

b170.tree.after:                                  ; preds = %b169.tree.combine, %b160.tree.step
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b161.tree.done

b183.leader.join:                                 ; preds = %b186.for.body.preheader, %b139.for.exit
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
