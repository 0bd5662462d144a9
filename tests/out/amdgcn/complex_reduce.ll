; ModuleID = 'accc_device'
source_filename = "accc_device"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__accc_atomic_lock = internal addrspace(1) global i32 0, align 4
@__accc_reduce_buffer = internal unnamed_addr addrspace(3) global [2048 x i64] undef, align 16

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @__accc_products_6_parallel_b93d55ba(i64 noundef %arg0, i32 %arg1, ptr nocapture noundef %arg2, ptr nocapture readonly %arg3, ptr noundef %arg4) local_unnamed_addr #0 {
entry:
  %a238.s = alloca i8, align 1, addrspace(5)
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
  %v78 = icmp ult i32 %v21, %v8
  %narrow = select i1 %v78, i32 1, i32 %v26
  %v79 = zext i32 %narrow to i64
  %.frozen = freeze i32 %0
  %narrow.frozen = freeze i32 %narrow
  %v8032 = udiv i32 %.frozen, %narrow.frozen
  %v80.zext = zext nneg i32 %v8032 to i64
  %1 = mul i32 %v8032, %narrow.frozen
  %v8133.decomposed = sub i32 %.frozen, %1
  %v81.zext = zext nneg i32 %v8133.decomposed to i64
  %v82 = mul nuw nsw i64 %v80.zext, %v29
  %v83 = mul nuw nsw i64 %v81.zext, %v29
  %v84 = udiv i64 %v83, %v79
  %v86 = add nuw nsw i64 %v29, 1
  %v87 = mul nuw nsw i64 %v86, %v80.zext
  %v88 = mul nuw nsw i64 %v86, %v81.zext
  %v89 = udiv i64 %v88, %v79
  %v90 = add nuw i64 %v89, %v87
  %v85 = add nuw i64 %v84, %v16
  %v99 = add i64 %v85, %v82
  %v10534 = icmp ult i64 %v99, %v90
  br i1 %v10534, label %b101.spread.body, label %b103.spread.done

b101.spread.body:                                 ; preds = %entry, %b101.spread.body
  %a98.s.039 = phi i64 [ %v142, %b101.spread.body ], [ %v99, %entry ]
  %a93.s.sroa.6.038 = phi double [ %v120, %b101.spread.body ], [ 0.000000e+00, %entry ]
  %a96.s.sroa.0.037 = phi double [ %v137, %b101.spread.body ], [ 1.000000e+00, %entry ]
  %a96.s.sroa.6.036 = phi double [ %v138, %b101.spread.body ], [ 0.000000e+00, %entry ]
  %a93.s.sroa.0.035 = phi double [ %v119, %b101.spread.body ], [ 0.000000e+00, %entry ]
  %sext = shl i64 %a98.s.039, 32
  %2 = ashr exact i64 %sext, 28
  %v113 = getelementptr inbounds i8, ptr addrspace(1) %arg3.global, i64 %2
  %v114.unpack = load double, ptr addrspace(1) %v113, align 8, !amdgpu.noclobber !0
  %v114.elt29 = getelementptr inbounds i8, ptr addrspace(1) %v113, i64 8
  %v114.unpack30 = load double, ptr addrspace(1) %v114.elt29, align 8, !amdgpu.noclobber !0
  %v119 = fadd double %a93.s.sroa.0.035, %v114.unpack
  %v120 = fadd double %a93.s.sroa.6.038, %v114.unpack30
  %v133 = fmul double %a96.s.sroa.0.037, %v114.unpack
  %v134 = fmul double %a96.s.sroa.6.036, %v114.unpack30
  %v135 = fmul double %a96.s.sroa.0.037, %v114.unpack30
  %v136 = fmul double %a96.s.sroa.6.036, %v114.unpack
  %v137 = fsub double %v133, %v134
  %v138 = fadd double %v136, %v135
  %v142 = add i64 %a98.s.039, %v17
  %v105 = icmp ult i64 %v142, %v90
  br i1 %v105, label %b101.spread.body, label %b103.spread.done

b103.spread.done:                                 ; preds = %b101.spread.body, %entry
  %a93.s.sroa.0.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %v119, %b101.spread.body ]
  %a96.s.sroa.6.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %v138, %b101.spread.body ]
  %a96.s.sroa.0.0.lcssa = phi double [ 1.000000e+00, %entry ], [ %v137, %b101.spread.body ]
  %a93.s.sroa.6.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %v120, %b101.spread.body ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %3 = trunc i64 %v16 to i32
  %v144 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %3
  store double %a93.s.sroa.0.0.lcssa, ptr addrspace(3) %v144, align 16
  %v144.repack5 = getelementptr inbounds i8, ptr addrspace(3) %v144, i32 8
  store double %a93.s.sroa.6.0.lcssa, ptr addrspace(3) %v144.repack5, align 8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v154 = icmp ugt i64 %v17, 1
  br i1 %v154, label %b155.tree.step, label %b156.tree.done

b155.tree.step:                                   ; preds = %b103.spread.done
  %v159 = and i64 %v16, 1
  %v160 = icmp eq i64 %v159, 0
  %v161 = add nuw nsw i64 %v16, 1
  %v162 = icmp ult i64 %v161, %v17
  %v163 = and i1 %v162, %v160
  br i1 %v163, label %b164.tree.combine, label %b165.tree.after

b156.tree.done:                                   ; preds = %b165.tree.after, %b103.spread.done
  %v154.1 = icmp ugt i64 %v17, 2
  br i1 %v154.1, label %b155.tree.step.1, label %b156.tree.done.1

b155.tree.step.1:                                 ; preds = %b156.tree.done
  %v159.1 = and i64 %v16, 3
  %v160.1 = icmp eq i64 %v159.1, 0
  %v161.1 = add nuw nsw i64 %v16, 2
  %v162.1 = icmp ult i64 %v161.1, %v17
  %v163.1 = and i1 %v162.1, %v160.1
  br i1 %v163.1, label %b164.tree.combine.1, label %b165.tree.after.1

b164.tree.combine.1:                              ; preds = %b155.tree.step.1
  %4 = trunc i64 %v161.1 to i32
  %v166.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %4
  %v167.unpack.1 = load double, ptr addrspace(3) %v166.1, align 16
  %v167.elt21.1 = getelementptr inbounds i8, ptr addrspace(3) %v166.1, i32 8
  %v167.unpack22.1 = load double, ptr addrspace(3) %v167.elt21.1, align 8
  %v168.unpack.1 = load double, ptr addrspace(3) %v144, align 16
  %v168.unpack25.1 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v173.1 = fadd double %v167.unpack.1, %v168.unpack.1
  %v174.1 = fadd double %v167.unpack22.1, %v168.unpack25.1
  store double %v173.1, ptr addrspace(3) %v144, align 16
  store double %v174.1, ptr addrspace(3) %v144.repack5, align 8
  br label %b165.tree.after.1

b165.tree.after.1:                                ; preds = %b164.tree.combine.1, %b155.tree.step.1
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b156.tree.done.1

b156.tree.done.1:                                 ; preds = %b165.tree.after.1, %b156.tree.done
  %v154.2 = icmp ugt i64 %v17, 4
  br i1 %v154.2, label %b155.tree.step.2, label %b156.tree.done.2

b155.tree.step.2:                                 ; preds = %b156.tree.done.1
  %v159.2 = and i64 %v16, 7
  %v160.2 = icmp eq i64 %v159.2, 0
  %v161.2 = add nuw nsw i64 %v16, 4
  %v162.2 = icmp ult i64 %v161.2, %v17
  %v163.2 = and i1 %v162.2, %v160.2
  br i1 %v163.2, label %b164.tree.combine.2, label %b165.tree.after.2

b164.tree.combine.2:                              ; preds = %b155.tree.step.2
  %5 = trunc i64 %v161.2 to i32
  %v166.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %5
  %v167.unpack.2 = load double, ptr addrspace(3) %v166.2, align 16
  %v167.elt21.2 = getelementptr inbounds i8, ptr addrspace(3) %v166.2, i32 8
  %v167.unpack22.2 = load double, ptr addrspace(3) %v167.elt21.2, align 8
  %v168.unpack.2 = load double, ptr addrspace(3) %v144, align 16
  %v168.unpack25.2 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v173.2 = fadd double %v167.unpack.2, %v168.unpack.2
  %v174.2 = fadd double %v167.unpack22.2, %v168.unpack25.2
  store double %v173.2, ptr addrspace(3) %v144, align 16
  store double %v174.2, ptr addrspace(3) %v144.repack5, align 8
  br label %b165.tree.after.2

b165.tree.after.2:                                ; preds = %b164.tree.combine.2, %b155.tree.step.2
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b156.tree.done.2

b156.tree.done.2:                                 ; preds = %b165.tree.after.2, %b156.tree.done.1
  %v154.3 = icmp ugt i64 %v17, 8
  br i1 %v154.3, label %b155.tree.step.3, label %b156.tree.done.3

b155.tree.step.3:                                 ; preds = %b156.tree.done.2
  %v159.3 = and i64 %v16, 15
  %v160.3 = icmp eq i64 %v159.3, 0
  %v161.3 = add nuw nsw i64 %v16, 8
  %v162.3 = icmp ult i64 %v161.3, %v17
  %v163.3 = and i1 %v162.3, %v160.3
  br i1 %v163.3, label %b164.tree.combine.3, label %b165.tree.after.3

b164.tree.combine.3:                              ; preds = %b155.tree.step.3
  %6 = trunc i64 %v161.3 to i32
  %v166.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %6
  %v167.unpack.3 = load double, ptr addrspace(3) %v166.3, align 16
  %v167.elt21.3 = getelementptr inbounds i8, ptr addrspace(3) %v166.3, i32 8
  %v167.unpack22.3 = load double, ptr addrspace(3) %v167.elt21.3, align 8
  %v168.unpack.3 = load double, ptr addrspace(3) %v144, align 16
  %v168.unpack25.3 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v173.3 = fadd double %v167.unpack.3, %v168.unpack.3
  %v174.3 = fadd double %v167.unpack22.3, %v168.unpack25.3
  store double %v173.3, ptr addrspace(3) %v144, align 16
  store double %v174.3, ptr addrspace(3) %v144.repack5, align 8
  br label %b165.tree.after.3

b165.tree.after.3:                                ; preds = %b164.tree.combine.3, %b155.tree.step.3
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b156.tree.done.3

b156.tree.done.3:                                 ; preds = %b165.tree.after.3, %b156.tree.done.2
  %v154.4 = icmp ugt i64 %v17, 16
  br i1 %v154.4, label %b155.tree.step.4, label %b156.tree.done.4

b155.tree.step.4:                                 ; preds = %b156.tree.done.3
  %v159.4 = and i64 %v16, 31
  %v160.4 = icmp eq i64 %v159.4, 0
  %v161.4 = add nuw nsw i64 %v16, 16
  %v162.4 = icmp ult i64 %v161.4, %v17
  %v163.4 = and i1 %v162.4, %v160.4
  br i1 %v163.4, label %b164.tree.combine.4, label %b165.tree.after.4

b164.tree.combine.4:                              ; preds = %b155.tree.step.4
  %7 = trunc i64 %v161.4 to i32
  %v166.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %7
  %v167.unpack.4 = load double, ptr addrspace(3) %v166.4, align 16
  %v167.elt21.4 = getelementptr inbounds i8, ptr addrspace(3) %v166.4, i32 8
  %v167.unpack22.4 = load double, ptr addrspace(3) %v167.elt21.4, align 8
  %v168.unpack.4 = load double, ptr addrspace(3) %v144, align 16
  %v168.unpack25.4 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v173.4 = fadd double %v167.unpack.4, %v168.unpack.4
  %v174.4 = fadd double %v167.unpack22.4, %v168.unpack25.4
  store double %v173.4, ptr addrspace(3) %v144, align 16
  store double %v174.4, ptr addrspace(3) %v144.repack5, align 8
  br label %b165.tree.after.4

b165.tree.after.4:                                ; preds = %b164.tree.combine.4, %b155.tree.step.4
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b156.tree.done.4

b156.tree.done.4:                                 ; preds = %b165.tree.after.4, %b156.tree.done.3
  %v154.5 = icmp ugt i64 %v17, 32
  br i1 %v154.5, label %b155.tree.step.5, label %b156.tree.done.5

b155.tree.step.5:                                 ; preds = %b156.tree.done.4
  %v159.5 = and i64 %v16, 63
  %v160.5 = icmp eq i64 %v159.5, 0
  %v161.5 = add nuw nsw i64 %v16, 32
  %v162.5 = icmp ult i64 %v161.5, %v17
  %v163.5 = and i1 %v162.5, %v160.5
  br i1 %v163.5, label %b164.tree.combine.5, label %b165.tree.after.5

b164.tree.combine.5:                              ; preds = %b155.tree.step.5
  %8 = trunc i64 %v161.5 to i32
  %v166.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %8
  %v167.unpack.5 = load double, ptr addrspace(3) %v166.5, align 16
  %v167.elt21.5 = getelementptr inbounds i8, ptr addrspace(3) %v166.5, i32 8
  %v167.unpack22.5 = load double, ptr addrspace(3) %v167.elt21.5, align 8
  %v168.unpack.5 = load double, ptr addrspace(3) %v144, align 16
  %v168.unpack25.5 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v173.5 = fadd double %v167.unpack.5, %v168.unpack.5
  %v174.5 = fadd double %v167.unpack22.5, %v168.unpack25.5
  store double %v173.5, ptr addrspace(3) %v144, align 16
  store double %v174.5, ptr addrspace(3) %v144.repack5, align 8
  br label %b165.tree.after.5

b165.tree.after.5:                                ; preds = %b164.tree.combine.5, %b155.tree.step.5
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b156.tree.done.5

b156.tree.done.5:                                 ; preds = %b165.tree.after.5, %b156.tree.done.4
  %v154.6 = icmp ugt i64 %v17, 64
  br i1 %v154.6, label %b155.tree.step.6, label %b156.tree.done.6

b155.tree.step.6:                                 ; preds = %b156.tree.done.5
  %v159.6 = and i64 %v16, 127
  %v160.6 = icmp eq i64 %v159.6, 0
  %v161.6 = add nuw nsw i64 %v16, 64
  %v162.6 = icmp ult i64 %v161.6, %v17
  %v163.6 = and i1 %v162.6, %v160.6
  br i1 %v163.6, label %b164.tree.combine.6, label %b165.tree.after.6

b164.tree.combine.6:                              ; preds = %b155.tree.step.6
  %9 = trunc i64 %v161.6 to i32
  %v166.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %9
  %v167.unpack.6 = load double, ptr addrspace(3) %v166.6, align 16
  %v167.elt21.6 = getelementptr inbounds i8, ptr addrspace(3) %v166.6, i32 8
  %v167.unpack22.6 = load double, ptr addrspace(3) %v167.elt21.6, align 8
  %v168.unpack.6 = load double, ptr addrspace(3) %v144, align 16
  %v168.unpack25.6 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v173.6 = fadd double %v167.unpack.6, %v168.unpack.6
  %v174.6 = fadd double %v167.unpack22.6, %v168.unpack25.6
  store double %v173.6, ptr addrspace(3) %v144, align 16
  store double %v174.6, ptr addrspace(3) %v144.repack5, align 8
  br label %b165.tree.after.6

b165.tree.after.6:                                ; preds = %b164.tree.combine.6, %b155.tree.step.6
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b156.tree.done.6

b156.tree.done.6:                                 ; preds = %b165.tree.after.6, %b156.tree.done.5
  %v154.7 = icmp ugt i64 %v17, 128
  br i1 %v154.7, label %b155.tree.step.7, label %b156.tree.done.7

b155.tree.step.7:                                 ; preds = %b156.tree.done.6
  %v159.7 = and i64 %v16, 255
  %v160.7 = icmp eq i64 %v159.7, 0
  %v161.7 = add nuw nsw i64 %v16, 128
  %v162.7 = icmp ult i64 %v161.7, %v17
  %v163.7 = and i1 %v162.7, %v160.7
  br i1 %v163.7, label %b164.tree.combine.7, label %b165.tree.after.7

b164.tree.combine.7:                              ; preds = %b155.tree.step.7
  %10 = trunc i64 %v161.7 to i32
  %v166.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %10
  %v167.unpack.7 = load double, ptr addrspace(3) %v166.7, align 16
  %v167.elt21.7 = getelementptr inbounds i8, ptr addrspace(3) %v166.7, i32 8
  %v167.unpack22.7 = load double, ptr addrspace(3) %v167.elt21.7, align 8
  %v168.unpack.7 = load double, ptr addrspace(3) %v144, align 16
  %v168.unpack25.7 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v173.7 = fadd double %v167.unpack.7, %v168.unpack.7
  %v174.7 = fadd double %v167.unpack22.7, %v168.unpack25.7
  store double %v173.7, ptr addrspace(3) %v144, align 16
  store double %v174.7, ptr addrspace(3) %v144.repack5, align 8
  br label %b165.tree.after.7

b165.tree.after.7:                                ; preds = %b164.tree.combine.7, %b155.tree.step.7
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b156.tree.done.7

b156.tree.done.7:                                 ; preds = %b165.tree.after.7, %b156.tree.done.6
  %v154.8 = icmp ugt i64 %v17, 256
  br i1 %v154.8, label %b155.tree.step.8, label %b156.tree.done.8

b155.tree.step.8:                                 ; preds = %b156.tree.done.7
  %v159.8 = and i64 %v16, 511
  %v160.8 = icmp eq i64 %v159.8, 0
  %v161.8 = add nuw nsw i64 %v16, 256
  %v162.8 = icmp ult i64 %v161.8, %v17
  %v163.8 = and i1 %v162.8, %v160.8
  br i1 %v163.8, label %b164.tree.combine.8, label %b165.tree.after.8

b164.tree.combine.8:                              ; preds = %b155.tree.step.8
  %11 = trunc i64 %v161.8 to i32
  %v166.8 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %11
  %v167.unpack.8 = load double, ptr addrspace(3) %v166.8, align 16
  %v167.elt21.8 = getelementptr inbounds i8, ptr addrspace(3) %v166.8, i32 8
  %v167.unpack22.8 = load double, ptr addrspace(3) %v167.elt21.8, align 8
  %v168.unpack.8 = load double, ptr addrspace(3) %v144, align 16
  %v168.unpack25.8 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v173.8 = fadd double %v167.unpack.8, %v168.unpack.8
  %v174.8 = fadd double %v167.unpack22.8, %v168.unpack25.8
  store double %v173.8, ptr addrspace(3) %v144, align 16
  store double %v174.8, ptr addrspace(3) %v144.repack5, align 8
  br label %b165.tree.after.8

b165.tree.after.8:                                ; preds = %b164.tree.combine.8, %b155.tree.step.8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b156.tree.done.8

b156.tree.done.8:                                 ; preds = %b165.tree.after.8, %b156.tree.done.7
  %v154.9 = icmp ugt i64 %v17, 512
  br i1 %v154.9, label %b155.tree.step.9, label %b156.tree.done.9

b155.tree.step.9:                                 ; preds = %b156.tree.done.8
  %v159.9 = and i64 %v16, 1023
  %v160.9 = icmp eq i64 %v159.9, 0
  %v161.9 = add nuw nsw i64 %v16, 512
  %v162.9 = icmp ult i64 %v161.9, %v17
  %v163.9 = and i1 %v162.9, %v160.9
  br i1 %v163.9, label %b164.tree.combine.9, label %b165.tree.after.9

b164.tree.combine.9:                              ; preds = %b155.tree.step.9
  %12 = trunc i64 %v161.9 to i32
  %v166.9 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %12
  %v167.unpack.9 = load double, ptr addrspace(3) %v166.9, align 16
  %v167.elt21.9 = getelementptr inbounds i8, ptr addrspace(3) %v166.9, i32 8
  %v167.unpack22.9 = load double, ptr addrspace(3) %v167.elt21.9, align 8
  %v168.unpack.9 = load double, ptr addrspace(3) %v144, align 16
  %v168.unpack25.9 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v173.9 = fadd double %v167.unpack.9, %v168.unpack.9
  %v174.9 = fadd double %v167.unpack22.9, %v168.unpack25.9
  store double %v173.9, ptr addrspace(3) %v144, align 16
  store double %v174.9, ptr addrspace(3) %v144.repack5, align 8
  br label %b165.tree.after.9

b165.tree.after.9:                                ; preds = %b164.tree.combine.9, %b155.tree.step.9
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b156.tree.done.9

b156.tree.done.9:                                 ; preds = %b165.tree.after.9, %b156.tree.done.8
  %v180.unpack = load double, ptr addrspace(3) @__accc_reduce_buffer, align 16
  %v180.unpack7 = load double, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @__accc_reduce_buffer, i32 8), align 8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  store double %a96.s.sroa.0.0.lcssa, ptr addrspace(3) %v144, align 16
  store double %a96.s.sroa.6.0.lcssa, ptr addrspace(3) %v144.repack5, align 8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %v154, label %b193.tree.step, label %b194.tree.done

b164.tree.combine:                                ; preds = %b155.tree.step
  %13 = trunc i64 %v161 to i32
  %v166 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %13
  %v167.unpack = load double, ptr addrspace(3) %v166, align 16
  %v167.elt21 = getelementptr inbounds i8, ptr addrspace(3) %v166, i32 8
  %v167.unpack22 = load double, ptr addrspace(3) %v167.elt21, align 8
  %v168.unpack = load double, ptr addrspace(3) %v144, align 16
  %v168.unpack25 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v173 = fadd double %v167.unpack, %v168.unpack
  %v174 = fadd double %v167.unpack22, %v168.unpack25
  store double %v173, ptr addrspace(3) %v144, align 16
  store double %v174, ptr addrspace(3) %v144.repack5, align 8
  br label %b165.tree.after

b165.tree.after:                                  ; preds = %b164.tree.combine, %b155.tree.step
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b156.tree.done

b193.tree.step:                                   ; preds = %b156.tree.done.9
  %v197 = and i64 %v16, 1
  %v198 = icmp eq i64 %v197, 0
  %v199 = add nuw nsw i64 %v16, 1
  %v200 = icmp ult i64 %v199, %v17
  %v201 = and i1 %v200, %v198
  br i1 %v201, label %b202.tree.combine, label %b203.tree.after

b194.tree.done:                                   ; preds = %b203.tree.after, %b156.tree.done.9
  br i1 %v154.1, label %b193.tree.step.1, label %b194.tree.done.1

b193.tree.step.1:                                 ; preds = %b194.tree.done
  %v197.1 = and i64 %v16, 3
  %v198.1 = icmp eq i64 %v197.1, 0
  %v199.1 = add nuw nsw i64 %v16, 2
  %v200.1 = icmp ult i64 %v199.1, %v17
  %v201.1 = and i1 %v200.1, %v198.1
  br i1 %v201.1, label %b202.tree.combine.1, label %b203.tree.after.1

b202.tree.combine.1:                              ; preds = %b193.tree.step.1
  %14 = trunc i64 %v199.1 to i32
  %v204.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %14
  %v205.unpack.1 = load double, ptr addrspace(3) %v204.1, align 16
  %v205.elt13.1 = getelementptr inbounds i8, ptr addrspace(3) %v204.1, i32 8
  %v205.unpack14.1 = load double, ptr addrspace(3) %v205.elt13.1, align 8
  %v206.unpack.1 = load double, ptr addrspace(3) %v144, align 16
  %v206.unpack17.1 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v211.1 = fmul double %v205.unpack.1, %v206.unpack.1
  %v212.1 = fmul double %v205.unpack14.1, %v206.unpack17.1
  %v213.1 = fmul double %v205.unpack14.1, %v206.unpack.1
  %v214.1 = fmul double %v205.unpack.1, %v206.unpack17.1
  %v215.1 = fsub double %v211.1, %v212.1
  %v216.1 = fadd double %v213.1, %v214.1
  store double %v215.1, ptr addrspace(3) %v144, align 16
  store double %v216.1, ptr addrspace(3) %v144.repack5, align 8
  br label %b203.tree.after.1

b203.tree.after.1:                                ; preds = %b202.tree.combine.1, %b193.tree.step.1
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b194.tree.done.1

b194.tree.done.1:                                 ; preds = %b203.tree.after.1, %b194.tree.done
  br i1 %v154.2, label %b193.tree.step.2, label %b194.tree.done.2

b193.tree.step.2:                                 ; preds = %b194.tree.done.1
  %v197.2 = and i64 %v16, 7
  %v198.2 = icmp eq i64 %v197.2, 0
  %v199.2 = add nuw nsw i64 %v16, 4
  %v200.2 = icmp ult i64 %v199.2, %v17
  %v201.2 = and i1 %v200.2, %v198.2
  br i1 %v201.2, label %b202.tree.combine.2, label %b203.tree.after.2

b202.tree.combine.2:                              ; preds = %b193.tree.step.2
  %15 = trunc i64 %v199.2 to i32
  %v204.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %15
  %v205.unpack.2 = load double, ptr addrspace(3) %v204.2, align 16
  %v205.elt13.2 = getelementptr inbounds i8, ptr addrspace(3) %v204.2, i32 8
  %v205.unpack14.2 = load double, ptr addrspace(3) %v205.elt13.2, align 8
  %v206.unpack.2 = load double, ptr addrspace(3) %v144, align 16
  %v206.unpack17.2 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v211.2 = fmul double %v205.unpack.2, %v206.unpack.2
  %v212.2 = fmul double %v205.unpack14.2, %v206.unpack17.2
  %v213.2 = fmul double %v205.unpack14.2, %v206.unpack.2
  %v214.2 = fmul double %v205.unpack.2, %v206.unpack17.2
  %v215.2 = fsub double %v211.2, %v212.2
  %v216.2 = fadd double %v213.2, %v214.2
  store double %v215.2, ptr addrspace(3) %v144, align 16
  store double %v216.2, ptr addrspace(3) %v144.repack5, align 8
  br label %b203.tree.after.2

b203.tree.after.2:                                ; preds = %b202.tree.combine.2, %b193.tree.step.2
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b194.tree.done.2

b194.tree.done.2:                                 ; preds = %b203.tree.after.2, %b194.tree.done.1
  br i1 %v154.3, label %b193.tree.step.3, label %b194.tree.done.3

b193.tree.step.3:                                 ; preds = %b194.tree.done.2
  %v197.3 = and i64 %v16, 15
  %v198.3 = icmp eq i64 %v197.3, 0
  %v199.3 = add nuw nsw i64 %v16, 8
  %v200.3 = icmp ult i64 %v199.3, %v17
  %v201.3 = and i1 %v200.3, %v198.3
  br i1 %v201.3, label %b202.tree.combine.3, label %b203.tree.after.3

b202.tree.combine.3:                              ; preds = %b193.tree.step.3
  %16 = trunc i64 %v199.3 to i32
  %v204.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %16
  %v205.unpack.3 = load double, ptr addrspace(3) %v204.3, align 16
  %v205.elt13.3 = getelementptr inbounds i8, ptr addrspace(3) %v204.3, i32 8
  %v205.unpack14.3 = load double, ptr addrspace(3) %v205.elt13.3, align 8
  %v206.unpack.3 = load double, ptr addrspace(3) %v144, align 16
  %v206.unpack17.3 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v211.3 = fmul double %v205.unpack.3, %v206.unpack.3
  %v212.3 = fmul double %v205.unpack14.3, %v206.unpack17.3
  %v213.3 = fmul double %v205.unpack14.3, %v206.unpack.3
  %v214.3 = fmul double %v205.unpack.3, %v206.unpack17.3
  %v215.3 = fsub double %v211.3, %v212.3
  %v216.3 = fadd double %v213.3, %v214.3
  store double %v215.3, ptr addrspace(3) %v144, align 16
  store double %v216.3, ptr addrspace(3) %v144.repack5, align 8
  br label %b203.tree.after.3

b203.tree.after.3:                                ; preds = %b202.tree.combine.3, %b193.tree.step.3
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b194.tree.done.3

b194.tree.done.3:                                 ; preds = %b203.tree.after.3, %b194.tree.done.2
  br i1 %v154.4, label %b193.tree.step.4, label %b194.tree.done.4

b193.tree.step.4:                                 ; preds = %b194.tree.done.3
  %v197.4 = and i64 %v16, 31
  %v198.4 = icmp eq i64 %v197.4, 0
  %v199.4 = add nuw nsw i64 %v16, 16
  %v200.4 = icmp ult i64 %v199.4, %v17
  %v201.4 = and i1 %v200.4, %v198.4
  br i1 %v201.4, label %b202.tree.combine.4, label %b203.tree.after.4

b202.tree.combine.4:                              ; preds = %b193.tree.step.4
  %17 = trunc i64 %v199.4 to i32
  %v204.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %17
  %v205.unpack.4 = load double, ptr addrspace(3) %v204.4, align 16
  %v205.elt13.4 = getelementptr inbounds i8, ptr addrspace(3) %v204.4, i32 8
  %v205.unpack14.4 = load double, ptr addrspace(3) %v205.elt13.4, align 8
  %v206.unpack.4 = load double, ptr addrspace(3) %v144, align 16
  %v206.unpack17.4 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v211.4 = fmul double %v205.unpack.4, %v206.unpack.4
  %v212.4 = fmul double %v205.unpack14.4, %v206.unpack17.4
  %v213.4 = fmul double %v205.unpack14.4, %v206.unpack.4
  %v214.4 = fmul double %v205.unpack.4, %v206.unpack17.4
  %v215.4 = fsub double %v211.4, %v212.4
  %v216.4 = fadd double %v213.4, %v214.4
  store double %v215.4, ptr addrspace(3) %v144, align 16
  store double %v216.4, ptr addrspace(3) %v144.repack5, align 8
  br label %b203.tree.after.4

b203.tree.after.4:                                ; preds = %b202.tree.combine.4, %b193.tree.step.4
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b194.tree.done.4

b194.tree.done.4:                                 ; preds = %b203.tree.after.4, %b194.tree.done.3
  br i1 %v154.5, label %b193.tree.step.5, label %b194.tree.done.5

b193.tree.step.5:                                 ; preds = %b194.tree.done.4
  %v197.5 = and i64 %v16, 63
  %v198.5 = icmp eq i64 %v197.5, 0
  %v199.5 = add nuw nsw i64 %v16, 32
  %v200.5 = icmp ult i64 %v199.5, %v17
  %v201.5 = and i1 %v200.5, %v198.5
  br i1 %v201.5, label %b202.tree.combine.5, label %b203.tree.after.5

b202.tree.combine.5:                              ; preds = %b193.tree.step.5
  %18 = trunc i64 %v199.5 to i32
  %v204.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %18
  %v205.unpack.5 = load double, ptr addrspace(3) %v204.5, align 16
  %v205.elt13.5 = getelementptr inbounds i8, ptr addrspace(3) %v204.5, i32 8
  %v205.unpack14.5 = load double, ptr addrspace(3) %v205.elt13.5, align 8
  %v206.unpack.5 = load double, ptr addrspace(3) %v144, align 16
  %v206.unpack17.5 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v211.5 = fmul double %v205.unpack.5, %v206.unpack.5
  %v212.5 = fmul double %v205.unpack14.5, %v206.unpack17.5
  %v213.5 = fmul double %v205.unpack14.5, %v206.unpack.5
  %v214.5 = fmul double %v205.unpack.5, %v206.unpack17.5
  %v215.5 = fsub double %v211.5, %v212.5
  %v216.5 = fadd double %v213.5, %v214.5
  store double %v215.5, ptr addrspace(3) %v144, align 16
  store double %v216.5, ptr addrspace(3) %v144.repack5, align 8
  br label %b203.tree.after.5

b203.tree.after.5:                                ; preds = %b202.tree.combine.5, %b193.tree.step.5
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b194.tree.done.5

b194.tree.done.5:                                 ; preds = %b203.tree.after.5, %b194.tree.done.4
  br i1 %v154.6, label %b193.tree.step.6, label %b194.tree.done.6

b193.tree.step.6:                                 ; preds = %b194.tree.done.5
  %v197.6 = and i64 %v16, 127
  %v198.6 = icmp eq i64 %v197.6, 0
  %v199.6 = add nuw nsw i64 %v16, 64
  %v200.6 = icmp ult i64 %v199.6, %v17
  %v201.6 = and i1 %v200.6, %v198.6
  br i1 %v201.6, label %b202.tree.combine.6, label %b203.tree.after.6

b202.tree.combine.6:                              ; preds = %b193.tree.step.6
  %19 = trunc i64 %v199.6 to i32
  %v204.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %19
  %v205.unpack.6 = load double, ptr addrspace(3) %v204.6, align 16
  %v205.elt13.6 = getelementptr inbounds i8, ptr addrspace(3) %v204.6, i32 8
  %v205.unpack14.6 = load double, ptr addrspace(3) %v205.elt13.6, align 8
  %v206.unpack.6 = load double, ptr addrspace(3) %v144, align 16
  %v206.unpack17.6 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v211.6 = fmul double %v205.unpack.6, %v206.unpack.6
  %v212.6 = fmul double %v205.unpack14.6, %v206.unpack17.6
  %v213.6 = fmul double %v205.unpack14.6, %v206.unpack.6
  %v214.6 = fmul double %v205.unpack.6, %v206.unpack17.6
  %v215.6 = fsub double %v211.6, %v212.6
  %v216.6 = fadd double %v213.6, %v214.6
  store double %v215.6, ptr addrspace(3) %v144, align 16
  store double %v216.6, ptr addrspace(3) %v144.repack5, align 8
  br label %b203.tree.after.6

b203.tree.after.6:                                ; preds = %b202.tree.combine.6, %b193.tree.step.6
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b194.tree.done.6

b194.tree.done.6:                                 ; preds = %b203.tree.after.6, %b194.tree.done.5
  br i1 %v154.7, label %b193.tree.step.7, label %b194.tree.done.7

b193.tree.step.7:                                 ; preds = %b194.tree.done.6
  %v197.7 = and i64 %v16, 255
  %v198.7 = icmp eq i64 %v197.7, 0
  %v199.7 = add nuw nsw i64 %v16, 128
  %v200.7 = icmp ult i64 %v199.7, %v17
  %v201.7 = and i1 %v200.7, %v198.7
  br i1 %v201.7, label %b202.tree.combine.7, label %b203.tree.after.7

b202.tree.combine.7:                              ; preds = %b193.tree.step.7
  %20 = trunc i64 %v199.7 to i32
  %v204.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %20
  %v205.unpack.7 = load double, ptr addrspace(3) %v204.7, align 16
  %v205.elt13.7 = getelementptr inbounds i8, ptr addrspace(3) %v204.7, i32 8
  %v205.unpack14.7 = load double, ptr addrspace(3) %v205.elt13.7, align 8
  %v206.unpack.7 = load double, ptr addrspace(3) %v144, align 16
  %v206.unpack17.7 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v211.7 = fmul double %v205.unpack.7, %v206.unpack.7
  %v212.7 = fmul double %v205.unpack14.7, %v206.unpack17.7
  %v213.7 = fmul double %v205.unpack14.7, %v206.unpack.7
  %v214.7 = fmul double %v205.unpack.7, %v206.unpack17.7
  %v215.7 = fsub double %v211.7, %v212.7
  %v216.7 = fadd double %v213.7, %v214.7
  store double %v215.7, ptr addrspace(3) %v144, align 16
  store double %v216.7, ptr addrspace(3) %v144.repack5, align 8
  br label %b203.tree.after.7

b203.tree.after.7:                                ; preds = %b202.tree.combine.7, %b193.tree.step.7
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b194.tree.done.7

b194.tree.done.7:                                 ; preds = %b203.tree.after.7, %b194.tree.done.6
  br i1 %v154.8, label %b193.tree.step.8, label %b194.tree.done.8

b193.tree.step.8:                                 ; preds = %b194.tree.done.7
  %v197.8 = and i64 %v16, 511
  %v198.8 = icmp eq i64 %v197.8, 0
  %v199.8 = add nuw nsw i64 %v16, 256
  %v200.8 = icmp ult i64 %v199.8, %v17
  %v201.8 = and i1 %v200.8, %v198.8
  br i1 %v201.8, label %b202.tree.combine.8, label %b203.tree.after.8

b202.tree.combine.8:                              ; preds = %b193.tree.step.8
  %21 = trunc i64 %v199.8 to i32
  %v204.8 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %21
  %v205.unpack.8 = load double, ptr addrspace(3) %v204.8, align 16
  %v205.elt13.8 = getelementptr inbounds i8, ptr addrspace(3) %v204.8, i32 8
  %v205.unpack14.8 = load double, ptr addrspace(3) %v205.elt13.8, align 8
  %v206.unpack.8 = load double, ptr addrspace(3) %v144, align 16
  %v206.unpack17.8 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v211.8 = fmul double %v205.unpack.8, %v206.unpack.8
  %v212.8 = fmul double %v205.unpack14.8, %v206.unpack17.8
  %v213.8 = fmul double %v205.unpack14.8, %v206.unpack.8
  %v214.8 = fmul double %v205.unpack.8, %v206.unpack17.8
  %v215.8 = fsub double %v211.8, %v212.8
  %v216.8 = fadd double %v213.8, %v214.8
  store double %v215.8, ptr addrspace(3) %v144, align 16
  store double %v216.8, ptr addrspace(3) %v144.repack5, align 8
  br label %b203.tree.after.8

b203.tree.after.8:                                ; preds = %b202.tree.combine.8, %b193.tree.step.8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b194.tree.done.8

b194.tree.done.8:                                 ; preds = %b203.tree.after.8, %b194.tree.done.7
  br i1 %v154.9, label %b193.tree.step.9, label %b194.tree.done.9

b193.tree.step.9:                                 ; preds = %b194.tree.done.8
  %v197.9 = and i64 %v16, 1023
  %v198.9 = icmp eq i64 %v197.9, 0
  %v199.9 = add nuw nsw i64 %v16, 512
  %v200.9 = icmp ult i64 %v199.9, %v17
  %v201.9 = and i1 %v200.9, %v198.9
  br i1 %v201.9, label %b202.tree.combine.9, label %b203.tree.after.9

b202.tree.combine.9:                              ; preds = %b193.tree.step.9
  %22 = trunc i64 %v199.9 to i32
  %v204.9 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %22
  %v205.unpack.9 = load double, ptr addrspace(3) %v204.9, align 16
  %v205.elt13.9 = getelementptr inbounds i8, ptr addrspace(3) %v204.9, i32 8
  %v205.unpack14.9 = load double, ptr addrspace(3) %v205.elt13.9, align 8
  %v206.unpack.9 = load double, ptr addrspace(3) %v144, align 16
  %v206.unpack17.9 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v211.9 = fmul double %v205.unpack.9, %v206.unpack.9
  %v212.9 = fmul double %v205.unpack14.9, %v206.unpack17.9
  %v213.9 = fmul double %v205.unpack14.9, %v206.unpack.9
  %v214.9 = fmul double %v205.unpack.9, %v206.unpack17.9
  %v215.9 = fsub double %v211.9, %v212.9
  %v216.9 = fadd double %v213.9, %v214.9
  store double %v215.9, ptr addrspace(3) %v144, align 16
  store double %v216.9, ptr addrspace(3) %v144.repack5, align 8
  br label %b203.tree.after.9

b203.tree.after.9:                                ; preds = %b202.tree.combine.9, %b193.tree.step.9
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b194.tree.done.9

b194.tree.done.9:                                 ; preds = %b203.tree.after.9, %b194.tree.done.8
  %v222.unpack = load double, ptr addrspace(3) @__accc_reduce_buffer, align 16
  %v222.unpack11 = load double, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @__accc_reduce_buffer, i32 8), align 8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v223 = icmp eq i64 %v16, 0
  br i1 %v223, label %b224.leader, label %b225.leader.join

b202.tree.combine:                                ; preds = %b193.tree.step
  %23 = trunc i64 %v199 to i32
  %v204 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %23
  %v205.unpack = load double, ptr addrspace(3) %v204, align 16
  %v205.elt13 = getelementptr inbounds i8, ptr addrspace(3) %v204, i32 8
  %v205.unpack14 = load double, ptr addrspace(3) %v205.elt13, align 8
  %v206.unpack = load double, ptr addrspace(3) %v144, align 16
  %v206.unpack17 = load double, ptr addrspace(3) %v144.repack5, align 8
  %v211 = fmul double %v205.unpack, %v206.unpack
  %v212 = fmul double %v205.unpack14, %v206.unpack17
  %v213 = fmul double %v205.unpack14, %v206.unpack
  %v214 = fmul double %v205.unpack, %v206.unpack17
  %v215 = fsub double %v211, %v212
  %v216 = fadd double %v213, %v214
  store double %v215, ptr addrspace(3) %v144, align 16
  store double %v216, ptr addrspace(3) %v144.repack5, align 8
  br label %b203.tree.after

b203.tree.after:                                  ; preds = %b202.tree.combine, %b193.tree.step
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b194.tree.done

b224.leader:                                      ; preds = %b194.tree.done.9
  %v230 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 8
  %v229 = atomicrmw fadd ptr addrspace(1) %arg2.global, double %v180.unpack monotonic, align 8
  %v232 = atomicrmw fadd ptr addrspace(1) %v230, double %v180.unpack7 monotonic, align 8
  br label %b225.leader.join

b225.leader.join:                                 ; preds = %b224.leader, %b194.tree.done.9
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %v223, label %b234.leader, label %b235.leader.join

b234.leader:                                      ; preds = %b225.leader.join
  %24 = addrspacecast ptr addrspace(5) %a238.s to ptr
  store volatile i8 0, ptr %24, align 1
  %25 = addrspacecast ptr addrspace(5) %a238.s to ptr
  %26 = addrspacecast ptr addrspace(5) %a238.s to ptr
  br label %b239.lock.spin

b235.leader.join:                                 ; preds = %b241.lock.latch, %b225.leader.join
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret void

b239.lock.spin:                                   ; preds = %b241.lock.latch, %b234.leader
  %v243 = cmpxchg ptr addrspace(1) @__accc_atomic_lock, i32 0, i32 1 syncscope("agent") acquire monotonic, align 4
  %v244 = extractvalue { i32, i1 } %v243, 1
  br i1 %v244, label %b240.lock.held, label %b241.lock.latch

b240.lock.held:                                   ; preds = %b239.lock.spin
  %v245 = load volatile { double, double }, ptr %arg4, align 8
  %v246 = extractvalue { double, double } %v245, 0
  %v247 = extractvalue { double, double } %v245, 1
  %v250 = fmul double %v222.unpack, %v246
  %v251 = fmul double %v222.unpack11, %v247
  %v252 = fmul double %v222.unpack11, %v246
  %v253 = fmul double %v222.unpack, %v247
  %v254 = fsub double %v250, %v251
  %v255 = fadd double %v252, %v253
  %v256 = insertvalue { double, double } poison, double %v254, 0
  %v257 = insertvalue { double, double } %v256, double %v255, 1
  store volatile { double, double } %v257, ptr %arg4, align 8
  store atomic i32 0, ptr addrspace(1) @__accc_atomic_lock syncscope("agent") release, align 4
  store volatile i8 1, ptr %25, align 1
  br label %b241.lock.latch

b241.lock.latch:                                  ; preds = %b240.lock.held, %b239.lock.spin
  %a238.s.0.a238.s.0.a238.s.0.a238.s.0.v258 = load volatile i8, ptr %26, align 1
  %v259.not = icmp eq i8 %a238.s.0.a238.s.0.a238.s.0.a238.s.0.v258, 0
  br i1 %v259.not, label %b239.lock.spin, label %b235.leader.join
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
