; ModuleID = 'accc_kernels'
source_filename = "accc_kernels"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@bias = external global float, align 4

; Function Attrs: nounwind
define void @__accc_helpers_16_parallel_9dd7cbaa(ptr noundef %args, i64 noundef %gang_begin, i64 noundef %gang_end, i32 noundef %thread) #0 {
entry:
  %a9 = alloca i64, align 8
  %a15 = alloca i32, align 4
  %a16 = alloca ptr, align 8
  %a17 = alloca ptr, align 8
  %a49 = alloca i32, align 4
  %a57 = alloca i32, align 4
  %a58 = alloca i64, align 8
  %v1 = load ptr, ptr %args, align 8
  %v2 = load i64, ptr %v1, align 8, !tbaa !0
  %v3 = getelementptr inbounds ptr, ptr %args, i64 1
  %v4 = load ptr, ptr %v3, align 8, !tbaa !4
  %v5 = getelementptr inbounds ptr, ptr %args, i64 2
  %v6 = load ptr, ptr %v5, align 8, !tbaa !4
  %v7 = getelementptr inbounds ptr, ptr %args, i64 3
  %v8 = load ptr, ptr %v7, align 8, !tbaa !4
  store i64 %gang_begin, ptr %a9, align 8, !tbaa !0
  br label %b10.gang.head

b10.gang.head:                                    ; preds = %b51.acc.done, %entry
  %v13 = load i64, ptr %a9, align 8, !tbaa !0
  %v14 = icmp slt i64 %v13, %gang_end
  br i1 %v14, label %b11.gang.body, label %b12.exit

b11.gang.body:                                    ; preds = %b10.gang.head
  call void @llvm.memcpy.p0.p0.i64(ptr %a15, ptr %v4, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a16, ptr %v6, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a17, ptr %v8, i64 8, i1 false)
  %v18 = load i32, ptr %a15, align 4, !tbaa !6
  %v19 = sext i32 0 to i64
  %v20 = sext i32 %v18 to i64
  %v21 = sext i32 1 to i64
  %v22 = sub i32 0, 1
  %v23 = sext i32 %v22 to i64
  %v24 = icmp sgt i64 %v21, 0
  %v25 = icmp slt i64 %v19, %v20
  %v26 = and i1 %v25, %v24
  %v27 = sub i64 %v20, %v19
  %v28 = sub i64 %v27, 1
  %v29 = select i1 %v24, i64 %v21, i64 1
  %v30 = udiv i64 %v28, %v29
  %v31 = add i64 %v30, 1
  %v32 = select i1 %v26, i64 %v31, i64 0
  %v33 = sext i32 0 to i64
  %v34 = sext i32 1 to i64
  %v35 = icmp eq i64 %v2, 0
  %v36 = select i1 %v35, i64 1, i64 %v2
  %v37 = load i64, ptr %a9, align 8, !tbaa !0
  %v38 = udiv i64 %v32, %v36
  %v39 = urem i64 %v32, %v36
  %v40 = mul i64 %v37, %v38
  %v41 = mul i64 %v37, %v39
  %v42 = udiv i64 %v41, %v36
  %v43 = add i64 %v40, %v42
  %v44 = add i64 %v37, 1
  %v45 = mul i64 %v44, %v38
  %v46 = mul i64 %v44, %v39
  %v47 = udiv i64 %v46, %v36
  %v48 = add i64 %v45, %v47
  %v52 = icmp ult i64 %v43, %v48
  br i1 %v52, label %b50.acc.loop, label %b51.acc.done

b12.exit:                                         ; preds = %b10.gang.head
  ret void

b50.acc.loop:                                     ; preds = %b11.gang.body
  %v53 = sub i64 %v48, %v43
  %v54 = mul nsw i64 %v43, %v34
  %v55 = add nsw i64 %v33, %v54
  %v56 = trunc nsw i64 %v55 to i32
  store i32 %v56, ptr %a57, align 4, !tbaa !6
  store i64 0, ptr %a58, align 8, !tbaa !0
  br label %b59.for.head

b51.acc.done:                                     ; preds = %b62.for.exit, %b11.gang.body
  %v88 = load i64, ptr %a9, align 8, !tbaa !0
  %v89 = add i64 %v88, 1
  store i64 %v89, ptr %a9, align 8, !tbaa !0
  br label %b10.gang.head

b59.for.head:                                     ; preds = %b61.for.latch, %b50.acc.loop
  %v63 = load i64, ptr %a58, align 8, !tbaa !0
  %v64 = icmp ult i64 %v63, %v53
  br i1 %v64, label %b60.for.body, label %b62.for.exit

b60.for.body:                                     ; preds = %b59.for.head
  %v65 = load i32, ptr %a57, align 4, !tbaa !6
  store i32 %v65, ptr %a49, align 4, !tbaa !6
  %v66 = load ptr, ptr %a16, align 8, !tbaa !4
  %v67 = load i32, ptr %a49, align 4, !tbaa !6
  %v68 = sext i32 %v67 to i64
  %v69 = getelementptr inbounds float, ptr %v66, i64 %v68
  %v70 = load ptr, ptr %a17, align 8, !tbaa !4
  %v71 = load i32, ptr %a49, align 4, !tbaa !6
  %v72 = sext i32 %v71 to i64
  %v73 = getelementptr inbounds float, ptr %v70, i64 %v72
  %v74 = load float, ptr %v73, align 4, !tbaa !8, !llvm.access.group !10
  %v75 = call float @__accc_fn_TU_poly(float %v74)
  %v76 = call float @__accc_fn_TU_axpb(float 2.000000e+00, float %v75, float 1.000000e+00)
  %v77 = load ptr, ptr %a17, align 8, !tbaa !4
  %v78 = load i32, ptr %a49, align 4, !tbaa !6
  %v79 = sext i32 %v78 to i64
  %v80 = getelementptr inbounds float, ptr %v77, i64 %v79
  %v81 = load float, ptr %v80, align 4, !tbaa !8, !llvm.access.group !10
  %v82 = call float @__accc_fn_TU_scaled(float %v81)
  %v83 = fadd float %v76, %v82
  store float %v83, ptr %v69, align 4, !tbaa !8, !llvm.access.group !10
  br label %b61.for.latch

b61.for.latch:                                    ; preds = %b60.for.body
  %v84 = load i32, ptr %a57, align 4, !tbaa !6
  %v85 = add nsw i32 %v84, 1
  store i32 %v85, ptr %a57, align 4, !tbaa !6
  %v86 = load i64, ptr %a58, align 8, !tbaa !0
  %v87 = add nuw i64 %v86, 1
  store i64 %v87, ptr %a58, align 8, !tbaa !0
  br label %b59.for.head, !llvm.loop !11

b62.for.exit:                                     ; preds = %b59.for.head
  br label %b51.acc.done
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
