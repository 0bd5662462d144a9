; ModuleID = 'accc_kernels'
source_filename = "accc_kernels"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@bias = external global float, align 4

; Function Attrs: nounwind
define void @__accc_helpers_16_parallel_9dd7cbaa(ptr noundef %args, i64 noundef %gang_begin, i64 noundef %gang_end, i32 noundef %thread) #0 {
entry:
  %a15 = alloca i64, align 8
  %a21 = alloca i32, align 4
  %a22 = alloca ptr, align 8
  %a23 = alloca ptr, align 8
  %a45 = alloca i64, align 8
  %a61 = alloca i32, align 4
  %a69 = alloca i32, align 4
  %a70 = alloca i64, align 8
  %v1 = load ptr, ptr %args, align 8
  %v2 = load i64, ptr %v1, align 8, !tbaa !0
  %v3 = getelementptr inbounds i64, ptr %v1, i64 1
  %v4 = load i64, ptr %v3, align 8, !tbaa !0
  %v5 = getelementptr inbounds i64, ptr %v1, i64 2
  %v6 = load i64, ptr %v5, align 8, !tbaa !0
  %v7 = getelementptr inbounds i64, ptr %v1, i64 3
  %v8 = load i64, ptr %v7, align 8, !tbaa !0
  %v9 = getelementptr inbounds ptr, ptr %args, i64 1
  %v10 = load ptr, ptr %v9, align 8, !tbaa !4
  %v11 = getelementptr inbounds ptr, ptr %args, i64 2
  %v12 = load ptr, ptr %v11, align 8, !tbaa !4
  %v13 = getelementptr inbounds ptr, ptr %args, i64 3
  %v14 = load ptr, ptr %v13, align 8, !tbaa !4
  store i64 %gang_begin, ptr %a15, align 8, !tbaa !0
  br label %b16.gang.head

b16.gang.head:                                    ; preds = %b63.acc.done, %entry
  %v19 = load i64, ptr %a15, align 8, !tbaa !0
  %v20 = icmp slt i64 %v19, %gang_end
  br i1 %v20, label %b17.gang.body, label %b18.exit

b17.gang.body:                                    ; preds = %b16.gang.head
  call void @llvm.memcpy.p0.p0.i64(ptr %a21, ptr %v10, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a22, ptr %v12, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a23, ptr %v14, i64 8, i1 false)
  %v24 = load i32, ptr %a21, align 4, !tbaa !6
  %v25 = sext i32 0 to i64
  %v26 = sext i32 %v24 to i64
  %v27 = sext i32 1 to i64
  %v28 = sub i32 0, 1
  %v29 = sext i32 %v28 to i64
  %v30 = icmp sgt i64 %v27, 0
  %v31 = icmp slt i64 %v25, %v26
  %v32 = and i1 %v31, %v30
  %v33 = sub i64 %v26, %v25
  %v34 = sub i64 %v33, 1
  %v35 = select i1 %v30, i64 %v27, i64 1
  %v36 = udiv i64 %v34, %v35
  %v37 = add i64 %v36, 1
  %v38 = select i1 %v32, i64 %v37, i64 0
  %v39 = sext i32 0 to i64
  %v40 = sext i32 1 to i64
  %v41 = icmp eq i64 %v4, 0
  %v42 = select i1 %v41, i64 1, i64 %v4
  %v43 = load i64, ptr %a15, align 8, !tbaa !0
  %v44 = icmp ult i64 %v43, %v42
  store i64 %v43, ptr %a45, align 8, !tbaa !0
  br i1 %v44, label %b47.gang.dim, label %b46.gang.wrap

b18.exit:                                         ; preds = %b16.gang.head
  ret void

b46.gang.wrap:                                    ; preds = %b17.gang.body
  %v48 = urem i64 %v43, %v42
  store i64 %v48, ptr %a45, align 8, !tbaa !0
  br label %b47.gang.dim

b47.gang.dim:                                     ; preds = %b46.gang.wrap, %b17.gang.body
  %v49 = load i64, ptr %a45, align 8, !tbaa !0
  %v50 = udiv i64 %v38, %v42
  %v51 = urem i64 %v38, %v42
  %v52 = mul i64 %v49, %v50
  %v53 = mul i64 %v49, %v51
  %v54 = udiv i64 %v53, %v42
  %v55 = add i64 %v52, %v54
  %v56 = add i64 %v49, 1
  %v57 = mul i64 %v56, %v50
  %v58 = mul i64 %v56, %v51
  %v59 = udiv i64 %v58, %v42
  %v60 = add i64 %v57, %v59
  %v64 = icmp ult i64 %v55, %v60
  br i1 %v64, label %b62.acc.loop, label %b63.acc.done

b62.acc.loop:                                     ; preds = %b47.gang.dim
  %v65 = sub i64 %v60, %v55
  %v66 = mul nsw i64 %v55, %v40
  %v67 = add nsw i64 %v39, %v66
  %v68 = trunc nsw i64 %v67 to i32
  store i32 %v68, ptr %a69, align 4, !tbaa !6
  store i64 0, ptr %a70, align 8, !tbaa !0
  br label %b71.for.head

b63.acc.done:                                     ; preds = %b74.for.exit, %b47.gang.dim
  %v100 = load i64, ptr %a15, align 8, !tbaa !0
  %v101 = add i64 %v100, 1
  store i64 %v101, ptr %a15, align 8, !tbaa !0
  br label %b16.gang.head

b71.for.head:                                     ; preds = %b73.for.latch, %b62.acc.loop
  %v75 = load i64, ptr %a70, align 8, !tbaa !0
  %v76 = icmp ult i64 %v75, %v65
  br i1 %v76, label %b72.for.body, label %b74.for.exit

b72.for.body:                                     ; preds = %b71.for.head
  %v77 = load i32, ptr %a69, align 4, !tbaa !6
  store i32 %v77, ptr %a61, align 4, !tbaa !6
  %v78 = load ptr, ptr %a22, align 8, !tbaa !4
  %v79 = load i32, ptr %a61, align 4, !tbaa !6
  %v80 = sext i32 %v79 to i64
  %v81 = getelementptr inbounds float, ptr %v78, i64 %v80
  %v82 = load ptr, ptr %a23, align 8, !tbaa !4
  %v83 = load i32, ptr %a61, align 4, !tbaa !6
  %v84 = sext i32 %v83 to i64
  %v85 = getelementptr inbounds float, ptr %v82, i64 %v84
  %v86 = load float, ptr %v85, align 4, !tbaa !8, !llvm.access.group !10
  %v87 = call float @__accc_fn_TU_poly(float %v86)
  %v88 = call float @__accc_fn_TU_axpb(float 2.000000e+00, float %v87, float 1.000000e+00)
  %v89 = load ptr, ptr %a23, align 8, !tbaa !4
  %v90 = load i32, ptr %a61, align 4, !tbaa !6
  %v91 = sext i32 %v90 to i64
  %v92 = getelementptr inbounds float, ptr %v89, i64 %v91
  %v93 = load float, ptr %v92, align 4, !tbaa !8, !llvm.access.group !10
  %v94 = call float @__accc_fn_TU_scaled(float %v93)
  %v95 = fadd float %v88, %v94
  store float %v95, ptr %v81, align 4, !tbaa !8, !llvm.access.group !10
  br label %b73.for.latch

b73.for.latch:                                    ; preds = %b72.for.body
  %v96 = load i32, ptr %a69, align 4, !tbaa !6
  %v97 = add nsw i32 %v96, 1
  store i32 %v97, ptr %a69, align 4, !tbaa !6
  %v98 = load i64, ptr %a70, align 8, !tbaa !0
  %v99 = add nuw i64 %v98, 1
  store i64 %v99, ptr %a70, align 8, !tbaa !0
  br label %b71.for.head, !llvm.loop !11

b74.for.exit:                                     ; preds = %b71.for.head
  br label %b63.acc.done
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

; Function Attrs: nounwind
define internal float @__accc_fn_TU_poly(float noundef %p0) #0 {
entry:
  %a1 = alloca i64, align 8
  %a2 = alloca float, align 4
  store i64 0, ptr %a1, align 8, !tbaa !0
  store float %p0, ptr %a2, align 4, !tbaa !8
  %v3 = load float, ptr %a2, align 4, !tbaa !8
  %v4 = fmul float %v3, 5.000000e-01
  %v5 = fadd float %v4, 1.000000e+00
  %v6 = load float, ptr %a2, align 4, !tbaa !8
  %v7 = fmul float %v5, %v6
  %v8 = fsub float %v7, 2.000000e+00
  ret float %v8

b9.dead:                                          ; No predecessors!
  ret float undef
}

; Function Attrs: nounwind
define internal float @__accc_fn_TU_axpb(float noundef %p0, float noundef %p1, float noundef %p2) #0 {
entry:
  %a1 = alloca i64, align 8
  %a2 = alloca float, align 4
  %a3 = alloca float, align 4
  %a4 = alloca float, align 4
  store i64 0, ptr %a1, align 8, !tbaa !0
  store float %p0, ptr %a2, align 4, !tbaa !8
  store float %p1, ptr %a3, align 4, !tbaa !8
  store float %p2, ptr %a4, align 4, !tbaa !8
  %v5 = load float, ptr %a2, align 4, !tbaa !8
  %v6 = load float, ptr %a3, align 4, !tbaa !8
  %v7 = fmul float %v5, %v6
  %v8 = load float, ptr %a4, align 4, !tbaa !8
  %v9 = fadd float %v7, %v8
  %v10 = load float, ptr @bias, align 4, !tbaa !8
  %v11 = fadd float %v9, %v10
  %v12 = call float @__accc_fn_TU_clampf(float %v11)
  ret float %v12

b13.dead:                                         ; No predecessors!
  ret float undef
}

; Function Attrs: nounwind
declare float @__accc_fn_TU_scaled(float) #0

; Function Attrs: nounwind
define internal float @__accc_fn_TU_clampf(float noundef %p0) #0 {
entry:
  %a1 = alloca i64, align 8
  %a2 = alloca float, align 4
  %a5 = alloca float, align 4
  store i64 0, ptr %a1, align 8, !tbaa !0
  store float %p0, ptr %a2, align 4, !tbaa !8
  %v3 = load float, ptr %a2, align 4, !tbaa !8
  %v4 = fcmp olt float %v3, 0.000000e+00
  br i1 %v4, label %b6.sel.then, label %b7.sel.else

b6.sel.then:                                      ; preds = %entry
  store float 0.000000e+00, ptr %a5, align 4, !tbaa !8
  br label %b8.sel.join

b7.sel.else:                                      ; preds = %entry
  %v9 = load float, ptr %a2, align 4, !tbaa !8
  store float %v9, ptr %a5, align 4, !tbaa !8
  br label %b8.sel.join

b8.sel.join:                                      ; preds = %b7.sel.else, %b6.sel.then
  %v10 = load float, ptr %a5, align 4, !tbaa !8
  ret float %v10

b11.dead:                                         ; No predecessors!
  ret float undef
}

attributes #0 = { nounwind "probe-stack"="inline-asm" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }

!0 = !{!1, !1, i64 0}
!1 = !{!"long", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!5, !5, i64 0}
!5 = !{!"any pointer", !2, i64 0}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !2, i64 0}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !2, i64 0}
!10 = distinct !{}
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.vectorize.enable", i1 true}
!13 = !{!"llvm.loop.parallel_accesses", !10}
