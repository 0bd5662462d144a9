; ModuleID = 'accc_device'
source_filename = "accc_device"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @__accc_histogram_8_parallel_267766a6(i64 noundef %arg0, i32 %arg1, ptr nocapture noundef readonly %arg2, ptr nocapture readonly %arg3, ptr nocapture readonly %arg4, ptr nocapture noundef %scratch) local_unnamed_addr #0 {
entry:
  %scratch.global = addrspacecast ptr %scratch to ptr addrspace(1)
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
  %v13 = zext i16 %v12 to i32
  %v14 = zext i16 %v12 to i64
  %v15 = mul nuw nsw i64 %v9, %v4
  %v16 = add nuw nsw i64 %v15, %v2
  %v17 = mul nuw nsw i64 %v14, %v9
  %v20 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 12
  %v21 = load i32, ptr addrspace(4) %v20, align 4, !invariant.load !0
  %v26 = udiv i32 %v21, %v8
  %v27 = zext i32 %v26 to i64
  %v28 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %v29 = zext i32 %v28 to i64
  %v31 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 16
  %v32 = load i32, ptr addrspace(4) %v31, align 4, !invariant.load !0
  %v37 = udiv i32 %v32, %v13
  %v38 = zext i32 %v37 to i64
  %v39 = tail call i32 @llvm.amdgcn.workgroup.id.y()
  %v40 = zext i32 %v39 to i64
  %v50 = tail call i32 @llvm.amdgcn.workgroup.id.z()
  %v51 = zext i32 %v50 to i64
  %v54 = mul nuw i64 %v38, %v51
  %v55 = add nuw i64 %v54, %v40
  %v56 = mul i64 %v55, %v27
  %0 = tail call i32 @llvm.smax.i32(i32 %arg1, i32 0)
  %v79 = icmp ult i32 %v21, %v8
  %v80 = select i1 %v79, i64 1, i64 %v27
  %v81.rhs.trunc = trunc nuw i64 %v80 to i32
  %.frozen = freeze i32 %0
  %v81.rhs.trunc.frozen = freeze i32 %v81.rhs.trunc
  %v817 = udiv i32 %.frozen, %v81.rhs.trunc.frozen
  %1 = mul i32 %v817, %v81.rhs.trunc.frozen
  %v828.decomposed = sub i32 %.frozen, %1
  %v82.zext = zext nneg i32 %v828.decomposed to i64
  %v84 = mul nuw nsw i64 %v82.zext, %v29
  %v87 = add nuw nsw i64 %v29, 1
  %v89 = mul nuw nsw i64 %v87, %v82.zext
  %v90 = udiv i64 %v89, %v80
  %v146 = add i64 %v56, %v29
  %v147 = mul i64 %v146, %v17
  %v152 = add i64 %v147, %v16
  %v153 = shl i64 %v152, 13
  %v154 = getelementptr inbounds i8, ptr addrspace(1) %scratch.global, i64 %v153
  br label %b158.for.body

b158.for.body:                                    ; preds = %b158.for.body, %entry
  %a156.s.09 = phi i64 [ 0, %entry ], [ %v165.15, %b158.for.body ]
  %v163 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %a156.s.09
  store double 0.000000e+00, ptr addrspace(1) %v163, align 8, !tbaa !1
  %v165 = or disjoint i64 %a156.s.09, 1
  %v163.1 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165
  store double 0.000000e+00, ptr addrspace(1) %v163.1, align 8, !tbaa !1
  %v165.1 = or disjoint i64 %a156.s.09, 2
  %v163.2 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.1
  store double 0.000000e+00, ptr addrspace(1) %v163.2, align 8, !tbaa !1
  %v165.2 = or disjoint i64 %a156.s.09, 3
  %v163.3 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.2
  store double 0.000000e+00, ptr addrspace(1) %v163.3, align 8, !tbaa !1
  %v165.3 = or disjoint i64 %a156.s.09, 4
  %v163.4 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.3
  store double 0.000000e+00, ptr addrspace(1) %v163.4, align 8, !tbaa !1
  %v165.4 = or disjoint i64 %a156.s.09, 5
  %v163.5 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.4
  store double 0.000000e+00, ptr addrspace(1) %v163.5, align 8, !tbaa !1
  %v165.5 = or disjoint i64 %a156.s.09, 6
  %v163.6 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.5
  store double 0.000000e+00, ptr addrspace(1) %v163.6, align 8, !tbaa !1
  %v165.6 = or disjoint i64 %a156.s.09, 7
  %v163.7 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.6
  store double 0.000000e+00, ptr addrspace(1) %v163.7, align 8, !tbaa !1
  %v165.7 = or disjoint i64 %a156.s.09, 8
  %v163.8 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.7
  store double 0.000000e+00, ptr addrspace(1) %v163.8, align 8, !tbaa !1
  %v165.8 = or disjoint i64 %a156.s.09, 9
  %v163.9 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.8
  store double 0.000000e+00, ptr addrspace(1) %v163.9, align 8, !tbaa !1
  %v165.9 = or disjoint i64 %a156.s.09, 10
  %v163.10 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.9
  store double 0.000000e+00, ptr addrspace(1) %v163.10, align 8, !tbaa !1
  %v165.10 = or disjoint i64 %a156.s.09, 11
  %v163.11 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.10
  store double 0.000000e+00, ptr addrspace(1) %v163.11, align 8, !tbaa !1
  %v165.11 = or disjoint i64 %a156.s.09, 12
  %v163.12 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.11
  store double 0.000000e+00, ptr addrspace(1) %v163.12, align 8, !tbaa !1
  %v165.12 = or disjoint i64 %a156.s.09, 13
  %v163.13 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.12
  store double 0.000000e+00, ptr addrspace(1) %v163.13, align 8, !tbaa !1
  %v165.13 = or disjoint i64 %a156.s.09, 14
  %v163.14 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.13
  store double 0.000000e+00, ptr addrspace(1) %v163.14, align 8, !tbaa !1
  %v165.14 = or disjoint i64 %a156.s.09, 15
  %v163.15 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v165.14
  store double 0.000000e+00, ptr addrspace(1) %v163.15, align 8, !tbaa !1
  %v165.15 = add nuw nsw i64 %a156.s.09, 16
  %exitcond.not.15 = icmp eq i64 %v165.15, 1024
  br i1 %exitcond.not.15, label %b160.for.exit, label %b158.for.body

b160.for.exit:                                    ; preds = %b158.for.body
  %arg4.global = addrspacecast ptr %arg4 to ptr addrspace(1)
  %arg2.global = addrspacecast ptr %arg2 to ptr addrspace(1)
  %v81.zext = zext nneg i32 %v817 to i64
  %v83 = mul nuw nsw i64 %v81.zext, %v29
  %v85 = udiv i64 %v84, %v80
  %v88 = mul nuw nsw i64 %v87, %v81.zext
  %v91 = add nuw i64 %v90, %v88
  %v86 = add nuw i64 %v85, %v16
  %v169 = add i64 %v86, %v83
  %v17510 = icmp ult i64 %v169, %v91
  br i1 %v17510, label %b171.spread.body, label %b173.spread.done

b171.spread.body:                                 ; preds = %b160.for.exit, %b171.spread.body
  %a168.s.011 = phi i64 [ %v207, %b171.spread.body ], [ %v169, %b160.for.exit ]
  %sext = shl i64 %a168.s.011, 32
  %v183 = ashr exact i64 %sext, 32
  %v184 = getelementptr inbounds i32, ptr addrspace(1) %arg3.global, i64 %v183
  %v185 = load i32, ptr addrspace(1) %v184, align 4, !tbaa !5, !amdgpu.noclobber !0
  %v186 = and i32 %v185, 1023
  %v187 = zext nneg i32 %v186 to i64
  %v188 = getelementptr inbounds double, ptr addrspace(1) %v154, i64 %v187
  %v189 = load double, ptr addrspace(1) %v188, align 8, !tbaa !1
  %v203 = getelementptr inbounds double, ptr addrspace(1) %arg4.global, i64 %v183
  %v204 = load double, ptr addrspace(1) %v203, align 8, !tbaa !1
  %v205 = fadd double %v189, %v204
  store double %v205, ptr addrspace(1) %v188, align 8, !tbaa !1
  %v207 = add i64 %a168.s.011, %v17
  %v175 = icmp ult i64 %v207, %v91
  br i1 %v175, label %b171.spread.body, label %b173.spread.done

b173.spread.done:                                 ; preds = %b171.spread.body, %b160.for.exit
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v208 = load ptr, ptr addrspace(1) %arg2.global, align 8, !tbaa !7, !amdgpu.noclobber !0
  %v208.global = addrspacecast ptr %v208 to ptr addrspace(1)
  %v210 = add nuw nsw i64 %v17, 1023
  %v211 = sub nsw i64 %v210, %v16
  %v212 = udiv i64 %v211, %v17
  %v21914.not = icmp ugt i64 %v17, %v211
  br i1 %v21914.not, label %b217.for.exit, label %b215.for.body.preheader

b215.for.body.preheader:                          ; preds = %b173.spread.done
  %umax = tail call i64 @llvm.umax.i64(i64 %v17, i64 1)
  br label %b215.for.body

b215.for.body:                                    ; preds = %b215.for.body.preheader, %b232.for.exit
  %a213.s.015 = phi i64 [ %v249, %b232.for.exit ], [ 0, %b215.for.body.preheader ]
  %v220 = mul i64 %a213.s.015, %v17
  %v221 = add i64 %v220, %v16
  %v222 = and i64 %v221, 1023
  %invariant.gep = getelementptr double, ptr addrspace(1) %scratch.global, i64 %v222
  br label %b230.for.body

b217.for.exit:                                    ; preds = %b232.for.exit, %b173.spread.done
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret void

b230.for.body:                                    ; preds = %b215.for.body, %b230.for.body
  %a228.s.013 = phi i64 [ 0, %b215.for.body ], [ %v243, %b230.for.body ]
  %a227.s.012 = phi double [ 0.000000e+00, %b215.for.body ], [ %v241, %b230.for.body ]
  %v235 = add i64 %a228.s.013, %v147
  %v236 = shl i64 %v235, 13
  %gep = getelementptr i8, ptr addrspace(1) %invariant.gep, i64 %v236
  %v239 = load double, ptr addrspace(1) %gep, align 8, !tbaa !1
  %v241 = fadd double %a227.s.012, %v239
  %v243 = add nuw nsw i64 %a228.s.013, 1
  %exitcond16.not = icmp eq i64 %v243, %umax
  br i1 %exitcond16.not, label %b232.for.exit, label %b230.for.body

b232.for.exit:                                    ; preds = %b230.for.body
  %v245 = getelementptr inbounds double, ptr addrspace(1) %v208.global, i64 %v222
  %v246 = atomicrmw fadd ptr addrspace(1) %v245, double %v241 monotonic, align 8
  %v249 = add nuw i64 %a213.s.015, 1
  %v219 = icmp ult i64 %v249, %v212
  br i1 %v219, label %b215.for.body, label %b217.for.exit
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.z() #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umax.i64(i64, i64) #3

attributes #0 = { nofree norecurse nounwind "amdgpu-flat-work-group-size"="1,1024" "amdgpu-no-agpr" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-z" "uniform-work-group-size"="false" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!0 = !{}
!1 = !{!2, !2, i64 0}
!2 = !{!"double", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !3, i64 0}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !3, i64 0}
